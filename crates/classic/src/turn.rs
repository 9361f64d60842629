//! The rules of one turn, shared by the referee's state and a seat's view: the action
//! check and the enumeration of legal actions, which agree exactly.

use rand::Rng;
use rummykit_core::{
    Card, CardSet, Catalog, Face, FaceMeld, Meld, MeldError, MeldId, MeldKind, MeldRules, MeldTable,
    NamedPiece, PieceId, PieceSet, RunEnd, Seat, TurnError, for_each_face_meld,
};

use crate::{Action, ActionError, Config, MeldLimit, Phase};

/// The deck: one 52-card pack, no jokers (`RULES.md` §2.1).
pub(crate) const DECK: Catalog<Card> = Catalog::<Card>::DECK;

/// What the check needs to know about the turn in progress.
pub(crate) struct Turn<'a> {
    pub(crate) config: &'a Config,
    pub(crate) seat: Seat,
    pub(crate) hand: PieceSet,
    pub(crate) table: &'a MeldTable<Card>,
    pub(crate) taken: Option<PieceId>,
    pub(crate) melds_this_turn: u32,
    pub(crate) phase: Phase,
    pub(crate) discard_top: Option<PieceId>,
}

/// What a checked action will do.
#[derive(Debug)]
pub enum Plan {
    Draw,
    Take,
    Meld { kind: MeldKind, order: Vec<PieceId> },
    LayOff { card: PieceId, onto: MeldId, end: RunEnd },
    Discard(PieceId),
}

/// Orders `cards` as a meld: a group (same rank) or a run, with the ace placed by the
/// rules (low first, then high, then round the corner: the first rotation of the
/// rank-sorted cards that validates).
pub(crate) fn arrange(cards: &PieceSet, rules: &MeldRules) -> Result<(MeldKind, Vec<PieceId>), MeldError> {
    let mut ids: Vec<(u8, PieceId)> =
        cards.iter().map(|id| (DECK.face(id).and_then(|c| c.number()).unwrap_or(0), id)).collect();
    ids.sort();
    let faces: Vec<Card> = ids.iter().map(|&(_, id)| DECK.face(id).unwrap_or(Card::JOKER)).collect();
    let order: Vec<PieceId> = ids.iter().map(|&(_, id)| id).collect();
    let same_rank = ids.len() >= 2 && ids.iter().all(|&(n, _)| n == ids[0].0);
    if same_rank {
        return rummykit_core::Meld::new(MeldKind::Group, &faces, rules).map(|_| (MeldKind::Group, order));
    }
    let first_error = match rummykit_core::Meld::new(MeldKind::Run, &faces, rules) {
        Ok(_) => return Ok((MeldKind::Run, order)),
        Err(e) => e,
    };
    for r in 1..faces.len() {
        let mut f = faces.clone();
        f.rotate_left(r);
        if rummykit_core::Meld::new(MeldKind::Run, &f, rules).is_ok() {
            let mut o = order.clone();
            o.rotate_left(r);
            return Ok((MeldKind::Run, o));
        }
    }
    Err(first_error)
}

/// `random_index` kept a call in classic's draw: inlined there, it cost more than the
/// call (about 10 instructions an action), where Rummy 40's draw gains by inlining it.
#[inline(never)]
fn pick<R: Rng + ?Sized>(rng: &mut R, len: usize) -> Option<usize> {
    rummykit_core::random_index(rng, len)
}

impl Turn<'_> {
    fn rules(&self) -> MeldRules {
        self.config.meld_rules()
    }

    fn may_lay_off(&self, table: &MeldTable<Card>) -> bool {
        !self.config.layoff_requires_own_meld || table.has_melded(self.seat)
    }

    /// The first end at which `card` fits meld `onto` (front before back).
    fn lay_off_end(
        &self,
        table: &MeldTable<Card>,
        card: PieceId,
        onto: MeldId,
    ) -> Result<RunEnd, ActionError> {
        let rules = self.rules();
        let mut last = None;
        for end in [RunEnd::Front, RunEnd::Back] {
            match table.check_lay_off(onto, card, end, &DECK, &rules) {
                Ok(_) => return Ok(end),
                Err(e) => last = Some(e),
            }
        }
        Err(last.map_or(ActionError::Turn(TurnError::HandOver), ActionError::Table))
    }

    /// The plan of a meld or lay-off the listing found legal (the random draw's): the
    /// check's plan, without the rules it applies (the table tried, the guard).
    #[cold]
    #[inline(never)]
    pub(crate) fn listed_plan(&self, action: &Action) -> Option<Plan> {
        match *action {
            Action::Meld(cards) => {
                arrange(&cards, &self.rules()).ok().map(|(kind, order)| Plan::Meld { kind, order })
            }
            Action::LayOff { piece, onto } => {
                let end = self.lay_off_end(self.table, piece, onto).ok()?;
                Some(Plan::LayOff { card: piece, onto, end })
            }
            _ => None,
        }
    }

    /// The legality guard (§2.3, §2.5): after a meld or lay-off leaving `rest` in hand
    /// and the table as `table`, the turn must still be able to end legally.
    fn guard(&self, rest: &PieceSet, table: &MeldTable<Card>) -> Result<(), ActionError> {
        if rest.is_empty() {
            return if self.config.must_discard_to_go_out {
                Err(ActionError::MustKeepDiscard)
            } else {
                Ok(())
            };
        }
        let Some(taken) = self.taken else { return Ok(()) };
        if rest.iter().any(|c| c != taken) {
            return Ok(());
        }
        // Only the just-taken card is left: it can only be laid off, to go out.
        let can_go_out = !self.config.must_discard_to_go_out
            && self.may_lay_off(table)
            && table.melds().iter().any(|m| self.lay_off_end(table, taken, m.id()).is_ok());
        if can_go_out { Ok(()) } else { Err(ActionError::OnlyTakenCardLeft(NamedPiece::of(taken, &DECK))) }
    }

    /// Checks `action` for the seat to move; on success says what it will do.
    pub(crate) fn check(&self, action: &Action) -> Result<Plan, ActionError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(ActionError::Turn(TurnError::HandOver)),
            (Phase::Draw, Action::DrawStock) => Ok(Plan::Draw),
            (Phase::Draw, Action::TakeDiscard) => {
                if self.discard_top.is_some() {
                    Ok(Plan::Take)
                } else {
                    Err(ActionError::Turn(TurnError::EmptyDiscardPile))
                }
            }
            (Phase::Draw, _) | (Phase::Play, Action::DrawStock | Action::TakeDiscard) => {
                Err(ActionError::Turn(TurnError::WrongPhase { phase: self.phase }))
            }
            (Phase::Play, Action::Meld(cards)) => {
                if let Some(missing) = (*cards - self.hand).first() {
                    return Err(ActionError::Turn(TurnError::NotInHand(NamedPiece::of(missing, &DECK))));
                }
                if self.config.meld_limit == MeldLimit::One && self.melds_this_turn >= 1 {
                    return Err(ActionError::MeldLimitReached);
                }
                let (kind, order) = arrange(cards, &self.rules()).map_err(ActionError::InvalidMeld)?;
                let mut table = self.table.clone();
                table.place(self.seat, kind, &order, &DECK, &self.rules())?;
                self.guard(&(self.hand - *cards), &table)?;
                Ok(Plan::Meld { kind, order })
            }
            (Phase::Play, &Action::LayOff { piece: card, onto }) => {
                if !self.hand.contains(card) {
                    return Err(ActionError::Turn(TurnError::NotInHand(NamedPiece::of(card, &DECK))));
                }
                if !self.may_lay_off(self.table) {
                    return Err(ActionError::LayOffBeforeOwnMeld);
                }
                let end = self.lay_off_end(self.table, card, onto)?;
                let mut table = self.table.clone();
                table.lay_off(onto, card, end, &DECK, &self.rules())?;
                let mut rest = self.hand;
                rest.remove(card);
                self.guard(&rest, &table)?;
                Ok(Plan::LayOff { card, onto, end })
            }
            (Phase::Play, &Action::Discard(card)) => {
                if !self.hand.contains(card) {
                    Err(ActionError::Turn(TurnError::NotInHand(NamedPiece::of(card, &DECK))))
                } else if self.taken == Some(card) {
                    Err(ActionError::Turn(TurnError::DiscardTakenCard { card: NamedPiece::of(card, &DECK) }))
                } else {
                    Ok(Plan::Discard(card))
                }
            }
        }
    }

    /// `true` if the legality guard lets a meld or lay-off leave the cards of `rest` (a
    /// bitmask of deck ids) in hand, decided from the hand alone; `None` when the answer
    /// depends on the table (only the taken card would be left), so the caller must run
    /// the full check.
    fn guard_by_hand(&self, rest: u64) -> Option<bool> {
        if rest == 0 {
            return Some(!self.config.must_discard_to_go_out);
        }
        match self.taken {
            Some(taken) if rest == bit(taken) => None,
            _ => Some(true),
        }
    }

    /// Every legal action, in a deterministic order: draw from stock, take the discard;
    /// or melds (in the order of core's [`for_each_face_meld`]: groups by rank, then runs
    /// by suit, start and length), lay-offs (by card, then meld id), discards (by card).
    ///
    /// Generates only candidates that pass the check, without building them on a copy
    /// of the table: every meld of the hand is valid and every card in hand is off the
    /// table, so a meld or a lay-off that fits is legal exactly when the legality guard
    /// allows what it leaves in hand ([`Turn::guard_by_hand`]); only when the guard
    /// needs the table (the taken card alone would be left) does it run the full check.
    /// Debug builds check every enumerated action against [`Turn::check`].
    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        let mut discards = self.legal_actions_but_discards(out);
        while discards != 0 {
            out.push(Action::Discard(id_of(discards.trailing_zeros())));
            discards &= discards - 1;
        }
        debug_assert!(out.iter().all(|a| self.check(a).is_ok()), "an enumerated action is refused");
    }

    /// A uniformly random action of [`Turn::legal_actions`] (`None` if it lists none),
    /// drawn by `random_index` as from that list, so the same rng picks the same action;
    /// the discards, listed last, are counted rather than listed.
    pub(crate) fn random_action<R: Rng + ?Sized>(
        &self,
        out: &mut Vec<Action>,
        rng: &mut R,
    ) -> Option<Action> {
        let mut discards = self.legal_actions_but_discards(out);
        let len = out.len() + discards.count_ones() as usize;
        let i = pick(rng, len)?;
        if let Some(&action) = out.get(i) {
            return Some(action);
        }
        for _ in out.len()..i {
            discards &= discards - 1;
        }
        Some(Action::Discard(id_of(discards.trailing_zeros())))
    }

    /// [`Turn::legal_actions`] up to the discards, which it returns as a bitmask of
    /// deck ids.
    fn legal_actions_but_discards(&self, out: &mut Vec<Action>) -> u64 {
        out.clear();
        match self.phase {
            Phase::Over => 0,
            Phase::Draw => {
                out.push(Action::DrawStock);
                if self.discard_top.is_some() {
                    out.push(Action::TakeDiscard);
                }
                0
            }
            Phase::Play => {
                let rules = self.rules();
                // Deck ids are 0..52: a hand holds nothing else, and its mask is a card set's.
                let hand_bits = CardSet::of_deck_pieces(&self.hand).bits();
                if self.config.meld_limit == MeldLimit::Unlimited || self.melds_this_turn == 0 {
                    let first = out.len();
                    // One deck, no jokers: a card's id is its face index, and a meld's
                    // naturals are its cards.
                    for_each_face_meld(hand_bits, 0, &rules, |m: &FaceMeld<Card>| {
                        let bits = m.naturals();
                        let action = Action::Meld(set_of(bits));
                        // A set repeats only as a whole suit round the corner (once per
                        // start); a refused set is refused again, so comparing with the
                        // accepted ones suffices.
                        if m.len() == 13 && out[first..].contains(&action) {
                            return;
                        }
                        let legal = self
                            .guard_by_hand(hand_bits & !bits)
                            .unwrap_or_else(|| self.check(&action).is_ok());
                        if legal {
                            out.push(action);
                        }
                    });
                }
                if self.may_lay_off(self.table) && !self.table.is_empty() {
                    // Most cards of a hand fit no meld's ends: skip them at once.
                    let fitting = self.table.melds().iter().fold(0, |acc, m| {
                        let [front, back] = candidate_ends(m.meld());
                        acc | front | back
                    });
                    let mut cards = hand_bits & fitting;
                    while cards != 0 {
                        let index = cards.trailing_zeros();
                        let at = 1u64 << index;
                        cards &= cards - 1;
                        let (card, Some(face)) = (id_of(index), Card::from_index(index as u8)) else {
                            continue;
                        };
                        let guard = self.guard_by_hand(hand_bits & !(1 << index));
                        if guard == Some(false) {
                            continue;
                        }
                        for m in self.table.melds() {
                            let [front, back] = candidate_ends(m.meld());
                            let fits = (front & at != 0 && m.meld().extends(face, RunEnd::Front, &rules))
                                || (back & at != 0 && m.meld().extends(face, RunEnd::Back, &rules));
                            let action = Action::LayOff { piece: card, onto: m.id() };
                            if fits && guard.unwrap_or_else(|| self.check(&action).is_ok()) {
                                out.push(action);
                            }
                        }
                    }
                }
                hand_bits & !self.taken.map_or(0, bit)
            }
        }
    }
}

/// The deck id of card index `index` (below 52).
fn id_of(index: u32) -> PieceId {
    PieceId::new(index as u8).expect("a card of the deck")
}

/// The cards that may fit `meld` at its front and at its back, as bitmasks of card
/// indices, by a necessary condition (classic Rummy has no jokers): a group takes only
/// its rank (at the back, where a group's lay-off goes), a run only its suit, one number
/// below its first card or above its last, counted round the corner (K-A is left to the
/// validator and the ace policy). The validator decides the rest.
fn candidate_ends(meld: &Meld<Card>) -> [u64; 2] {
    let faces = meld.faces();
    let (Some(first), Some(last)) = (faces.first(), faces.last()) else { return [0; 2] };
    let (Some(rank), Some(suit)) = (first.rank(), first.suit_index()) else { return [0; 2] };
    // The card of rank `number % 13 + 1` in the run's suit.
    let card = |number: u8| 1u64 << (u32::from(suit) * 13 + u32::from(number % 13));
    match meld.kind() {
        MeldKind::Group => [0, (0..4).fold(0, |acc, s| acc | 1 << (s * 13 + u32::from(rank.number()) - 1))],
        MeldKind::Run => [card(rank.number() + 11), last.rank().map_or(0, |r| card(r.number()))],
    }
}

/// The bit of a deck id (0 for an id past 63, which no deck has).
fn bit(id: PieceId) -> u64 {
    1u64.checked_shl(id.index().into()).unwrap_or(0)
}

/// The cards of a bitmask of deck ids.
fn set_of(mut bits: u64) -> PieceSet {
    let mut set = PieceSet::new();
    while bits != 0 {
        if let Some(id) = PieceId::new(bits.trailing_zeros() as u8) {
            set.insert(id);
        }
        bits &= bits - 1;
    }
    set
}

#[cfg(test)]
mod tests {
    use rummykit_core::{AcePolicy, Card, Face, JokerLimit, Meld, MeldKind, MeldRules, RunEnd};

    use super::candidate_ends;

    /// The lay-off filter's masks hold every card the validator lets extend a meld at
    /// that end, on every group and every run (round the corner included) of every ace
    /// policy, against all 52 cards; and they rule out most cards.
    #[test]
    fn candidate_ends_hold_every_card_that_extends() {
        let mut melds = Vec::new();
        for ace in [AcePolicy::Low, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner] {
            let rules = MeldRules::new(ace, JokerLimit::Forbidden);
            for suit in 0..4u8 {
                for start in 1..=13u8 {
                    for len in 3..=13u8 {
                        let faces: Vec<Card> = (0..len)
                            .map(|k| Card::natural(suit, (start - 1 + k) % 13 + 1).expect("a card"))
                            .collect();
                        melds.extend(Meld::new(MeldKind::Run, &faces, &rules).ok().map(|m| (m, rules)));
                    }
                }
            }
            for number in 1..=13u8 {
                for suits in [[0, 1, 2].as_slice(), &[1, 2, 3], &[0, 1, 3], &[0, 1, 2, 3]] {
                    let faces: Vec<Card> =
                        suits.iter().map(|&s| Card::natural(s, number).expect("a card")).collect();
                    melds.extend(Meld::new(MeldKind::Group, &faces, &rules).ok().map(|m| (m, rules)));
                }
            }
        }
        assert!(melds.len() > 1_000, "{}", melds.len());
        let (mut extend, mut masked) = (0, 0);
        for (meld, rules) in &melds {
            let ends = candidate_ends(meld);
            for card in Card::all().take(52) {
                for (mask, end) in ends.into_iter().zip([RunEnd::Front, RunEnd::Back]) {
                    let named = mask >> card.index() & 1 != 0;
                    // A group is unordered: its lay-off is asked at the back only.
                    let asked = meld.kind() == MeldKind::Run || end == RunEnd::Back;
                    if asked && meld.extended(card, end, rules).is_ok() {
                        assert!(named, "{meld:?} {card} {end:?}");
                        extend += 1;
                    }
                    masked += usize::from(named);
                }
            }
        }
        assert!(extend > 1_000 && masked < 2 * extend, "{extend} extend, {masked} named");
    }
}
