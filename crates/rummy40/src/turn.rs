//! [`Turn`]: the mover's side of a state, borrowed — everything legality depends on
//! (the mover's hand, the public table and piles, the turn) — so that the full state
//! ([`Rummy40`]) and a seat's [`View`] enumerate legal actions the same way without
//! building anything. The discard rules live here, shared by the referee's check and the
//! enumeration.

use rummykit_core::{
    Card, Catalog, Face, Meld, MeldId, MeldKind, MeldRules, MeldTable, NamedPiece, PieceId, PieceSet, RunEnd,
    TableMeld, TurnError,
};

use crate::{ActionError, Config, JokerDiscard, Phase, Rummy40, View};

/// The mover's side of a state (see the module docs).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Turn<'a> {
    pub(crate) config: &'a Config,
    pub(crate) catalog: Catalog<Card>,
    pub(crate) rules: MeldRules,
    /// The mover's hand.
    pub(crate) hand: PieceSet,
    pub(crate) table: &'a MeldTable<Card>,
    pub(crate) top_discard: Option<PieceId>,
    pub(crate) stock_len: usize,
    /// The mover has opened (before this turn or in it).
    pub(crate) opened: bool,
    pub(crate) phase: Phase,
    /// The card taken from the pile this turn.
    pub(crate) taken: Option<PieceId>,
    /// The jokers won by a swap this turn.
    pub(crate) won_jokers: PieceSet,
}

impl Rummy40 {
    /// The mover's side of this state.
    pub(crate) fn turn(&self) -> Turn<'_> {
        let seat = self.state.to_move;
        Turn {
            config: &self.config,
            catalog: self.catalog,
            rules: self.rules,
            hand: self.state.hands[seat],
            table: &self.state.table,
            top_discard: self.state.piles.top_discard(),
            stock_len: self.state.piles.stock_len(),
            opened: self.opened[seat],
            phase: self.state.phase,
            taken: self.taken_this_turn(),
            won_jokers: self.won_jokers(),
        }
    }
}

impl View {
    /// The mover's side, when this view's seat is to move (`None` otherwise or for an
    /// invalid configuration).
    pub(crate) fn turn(&self) -> Option<Turn<'_>> {
        if self.to_move != Some(self.seat) {
            return None;
        }
        let catalog = self.config.catalog().ok()?;
        Some(Turn {
            config: &self.config,
            catalog,
            rules: self.config.meld_rules(),
            hand: self.hand,
            table: &self.table,
            top_discard: self.discard_pile.last().copied(),
            stock_len: self.stock_len,
            opened: self.opened.get(self.seat).copied().unwrap_or(false),
            phase: self.phase,
            taken: self.taken_this_turn,
            won_jokers: self.won_jokers,
        })
    }
}

impl<'a> Turn<'a> {
    /// The same position once `top` is taken from the pile.
    pub(crate) fn with_taken(&self, top: PieceId) -> Turn<'a> {
        Turn { taken: Some(top), ..*self }
    }

    /// Whether `hand` with `top` taken into it holds a card that may be discarded
    /// (`RULES.md` §3.3): the first rule of the guard on a take, for the check and the
    /// listing alike.
    // Inlined: both callers are on a playout's path, where the call alone showed (callgrind).
    #[inline]
    pub(crate) fn take_leaves_discard(&self, top: PieceId, hand: PieceSet) -> bool {
        let mut with_top = hand;
        with_top.insert(top);
        self.with_taken(top).can_discard_from(with_top)
    }

    /// The face of a card of the pack.
    pub(crate) fn face(&self, id: PieceId) -> Option<Card> {
        self.catalog.face(id)
    }

    /// Card `id` as a refusal names it: by its face and id (built only for a refusal).
    pub(crate) fn named(&self, id: PieceId) -> NamedPiece {
        NamedPiece::of(id, &self.catalog)
    }

    /// The discard rules that do not depend on the other cards, for `piece` of `hand`:
    /// in hand, not the taken card nor its twin, a joker only as the last card under
    /// `OnlyWhenClosing` (`RULES.md` §3.3, §3.6 options).
    pub(crate) fn discard_basic(&self, hand: PieceSet, piece: PieceId) -> Result<(), ActionError> {
        if !hand.contains(piece) {
            return Err(ActionError::Turn(TurnError::NotInHand(self.named(piece))));
        }
        let face = self
            .catalog
            .face(piece)
            .ok_or(ActionError::Turn(TurnError::NotInHand(NamedPiece::unknown(piece))))?;
        if let Some(taken) = self.taken
            && self.catalog.face(taken) == Some(face)
        {
            return Err(ActionError::Turn(TurnError::DiscardTakenCard { card: self.named(piece) }));
        }
        // A hand of nothing but jokers may give one up: otherwise, with nothing on the
        // table to build them on, the player could never end the turn (docs/DESIGN.md, §3.6).
        if face.is_joker()
            && self.config.joker_discard == JokerDiscard::OnlyWhenClosing
            && hand.len() > 1
            && hand.iter().any(|p| self.catalog.face(p).is_some_and(|f| !f.is_joker()))
        {
            return Err(ActionError::JokerDiscard);
        }
        Ok(())
    }

    /// Some card of `hand` passes [`Turn::discard_basic`] (if any does, one passes
    /// every discard rule: see [`Turn::discard_allowed`]).
    pub(crate) fn can_discard_from(&self, hand: PieceSet) -> bool {
        // A natural passes unless it is of the taken card's face (the face asked once, not
        // per card); a joker, rarely met first, is asked the whole rule.
        let taken = self.taken.and_then(|t| self.catalog.face(t));
        hand.iter().any(|p| match self.catalog.face(p) {
            Some(face) if !face.is_joker() => Some(face) != taken,
            _ => self.discard_basic(hand, p).is_ok(),
        })
    }

    /// The per-card discard rules for `piece` of `hand` (`RULES.md` §3.3, §3.6 options).
    // Inlined into the check of a discard, the most frequent action; the rule against
    // discarding a playable card, under one option, out of line.
    #[inline]
    pub(crate) fn discard_allowed(&self, hand: PieceSet, piece: PieceId) -> Result<(), ActionError> {
        self.discard_basic(hand, piece)?;
        if self.config.forbid_playable_discard && self.opened {
            return self.playable_discard(hand, piece);
        }
        Ok(())
    }

    /// The rule against discarding a playable card (`forbid_playable_discard`, the player
    /// opened): `piece` of `hand` may not go if it fits a table meld while another card
    /// that fits nowhere could.
    #[inline(never)]
    fn playable_discard(&self, hand: PieceSet, piece: PieceId) -> Result<(), ActionError> {
        // `piece` is in the hand: another card is left when the rest is not empty (no
        // count of the hand, a software popcount on the baseline target).
        let mut rest = hand;
        rest.remove(piece);
        if rest.is_empty() {
            return Ok(());
        }
        if let Some(meld) = self.fits(piece) {
            let alternative = hand
                .iter()
                .any(|q| q != piece && self.discard_basic(hand, q).is_ok() && self.fits(q).is_none());
            if alternative {
                return Err(ActionError::PlayableDiscard { card: self.named(piece), meld });
            }
        }
        Ok(())
    }

    /// Which cards of the hand `cards` (ids with their faces) [`Turn::discard_allowed`]
    /// accepts, decided for the whole hand at once (the same rules, with what does not
    /// depend on the card computed once): the enumeration of discards asks it of every
    /// card. `fitting`: the faces of the hand (bits by face index) that fit a table meld,
    /// if the caller knows them (else [`Turn::fits`] is asked).
    #[inline]
    pub(crate) fn discards(&self, cards: &[(PieceId, Card)], fitting: Option<u64>) -> Discards {
        // Each rule of a hand's discards reads the face alone: together, a mask of faces.
        let any_natural = cards.iter().any(|&(_, f)| !f.is_joker());
        let taken = self.taken.and_then(|t| self.catalog.face(t));
        let mut forbidden = kept_faces(self.config, taken, cards.len(), any_natural);
        if self.config.forbid_playable_discard && self.opened && cards.len() > 1 {
            // A playable card may not be thrown while a card that fits nowhere could be.
            let fit = fitting.unwrap_or_else(|| {
                cards
                    .iter()
                    .filter(|&&(q, _)| self.fits(q).is_some())
                    .fold(0, |bits, &(_, f)| bits | 1u64 << f.index())
            });
            if cards.iter().any(|&(_, f)| (forbidden | fit) & 1u64 << f.index() == 0) {
                forbidden |= fit;
            }
        }
        Discards { forbidden }
    }

    /// Could `card`, taken into the hand, be in a meld with cards of the hand? A
    /// necessary condition read from the faces of the hand and the card as bits, no face
    /// listed: [`meldable_at`](crate::legal::meldable_at) of the hand with the card (a
    /// natural needs two more cards of its rank in other suits, or a window of three
    /// values of its suit around it, each one missing made up by a joker; a joker needs
    /// a natural). Every rule of the melds (the ace, the joker limits) only refuses more.
    pub(crate) fn may_meld_with(&self, card: PieceId) -> bool {
        let Some(face) = self.face(card) else { return false };
        let mut with = self.hand;
        with.insert(card);
        let (naturals, jokers) = self.catalog.face_bits(with);
        crate::legal::meldable_at(naturals, jokers, face.index())
    }

    /// The reference [`Turn::may_meld_with`] is tested against: the same question, asked
    /// of each face's copies in the hand.
    #[cfg(test)]
    pub(crate) fn may_meld_with_by_ids(&self, card: PieceId) -> bool {
        let Some(face) = self.face(card) else { return false };
        let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else { return true };
        let hand = self.hand;
        let held = |s: u8, n: u8| {
            Card::from_index(s * 13 + n - 1)
                .is_some_and(|f| self.catalog.ids_of(f).any(|id| hand.contains(id)))
        };
        let jokers = self.catalog.ids_of(Card::JOKER).filter(|&id| hand.contains(id)).take(2).count();
        if jokers >= 2 {
            return true;
        }
        // A set: the rank in two more suits (or one and a joker).
        let same_rank = (0..4u8).filter(|&s| s != suit && held(s, number)).take(2).count();
        if same_rank + jokers >= 2 {
            return true;
        }
        // A run: three cards in a row, `card` among them, a joker for at most one.
        let at = |d: u8| held(suit, (number - 1 + d) % 13 + 1);
        let (below2, below, above, above2) = (at(11), at(12), at(1), at(2));
        let missing = |a: bool, b: bool| usize::from(!a) + usize::from(!b);
        missing(below2, below) <= jokers
            || missing(below, above) <= jokers
            || missing(above, above2) <= jokers
    }

    /// A table meld `piece` could be built onto, if any.
    pub(crate) fn fits(&self, piece: PieceId) -> Option<MeldId> {
        let face = self.catalog.face(piece)?;
        // `TableMeld::lay_off_ends` without its list: a group takes a card at its back only.
        let fits = |m: &&TableMeld<Card>| {
            // The filter first: most melds stop there.
            may_extend(m.meld(), face) && {
                let ends: &[RunEnd] = if m.meld().kind() == MeldKind::Run {
                    &[RunEnd::Front, RunEnd::Back]
                } else {
                    &[RunEnd::Back]
                };
                ends.iter().any(|&end| m.meld().extends(face, end, &self.rules))
            }
        };
        self.table.melds().iter().find(fits).map(|m| m.id())
    }
}

/// Could `face` extend `meld` at some end? A necessary condition, read from the meld's
/// kind, suit and end values without validating anything: a natural extends only a set
/// of its rank or a run of its suit at the value below its first card or above its last
/// (counted round the corner, which the validator then refuses where the rules do); a
/// joker may extend any meld. Every build tried goes through [`Meld::extended`] after it.
pub(crate) fn may_extend(meld: &Meld<Card>, face: Card) -> bool {
    let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else { return true };
    // Values as ranks 1–13 (an ace above the king counts 14).
    let rank = |v: u8| (v + 12) % 13 + 1;
    match meld.kind() {
        // A group's value is the number of its naturals (every meld holds one), 1–13:
        // compared as it is.
        MeldKind::Group => meld.value_at(0).is_none_or(|v| v == number),
        // The suit first: it rules out most runs.
        MeldKind::Run => {
            meld.run_suit().is_none_or(|s| s == suit) && {
                let (Some(first), Some(last)) =
                    (meld.value_at(0), meld.value_at(meld.len().saturating_sub(1)))
                else {
                    return true;
                };
                let (lo, hi) = (rank(first), rank(last));
                number == if lo == 1 { 13 } else { lo - 1 } || number == if hi == 13 { 1 } else { hi + 1 }
            }
        }
    }
}

/// The faces (bits by face index) no card of a hand of `len` cards may be discarded as
/// under `config`, whatever the table (`taken`: the face of the card taken this turn,
/// `any_natural`: the hand holds a natural): neither copy of the card taken this turn;
/// jokers only as the last card under `OnlyWhenClosing`, or from a hand of jokers. The
/// rules of [`Turn::discards`] but the playable card's.
#[inline]
pub(crate) fn kept_faces(config: &Config, taken: Option<Card>, len: usize, any_natural: bool) -> u64 {
    let mut forbidden = taken.map_or(0, |f| 1u64 << f.index());
    if config.joker_discard == JokerDiscard::OnlyWhenClosing && len > 1 && any_natural {
        forbidden |= 1u64 << Card::JOKER.index();
    }
    forbidden
}

/// The discard rules of a hand ([`Turn::discards`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Discards {
    /// The faces (bits by face index) that may not go: the card taken this turn (either
    /// copy), jokers while they must wait for the last card, and under
    /// `forbid_playable_discard` the faces that fit a table meld while a card that fits
    /// nowhere may go.
    forbidden: u64,
}

impl Discards {
    /// May a card of face `face` be discarded?
    pub(crate) fn allows(&self, face: Card) -> bool {
        self.forbidden & 1u64 << face.index() == 0
    }

    /// May a card of every face of `faces` (bits by face index) be discarded?
    pub(crate) fn allows_all(&self, faces: u64) -> bool {
        self.forbidden & faces == 0
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rummykit_core::{Card, Face, Game, MeldKind, RunEnd, Seating, hand_melds};

    use super::may_extend;
    use crate::{Config, Rummy40};

    /// [`may_extend`] is a necessary condition: every face that extends a meld at either
    /// end passes it, for the melds of random games (runs with the ace low and high,
    /// sets, jokers), and it rules most faces out.
    #[test]
    fn may_extend_holds_for_every_face_that_extends() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut legal = Vec::new();
        let (mut extended, mut ruled_out, mut melds) = (0, 0, 0);
        for game_no in 0..160 {
            let mut config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            config.ace_low_in_runs = game_no % 4 < 2;
            let rules = config.meld_rules();
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            for _ in 0..600 {
                if g.to_move().is_none() {
                    break;
                }
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.8);
                g.apply(g.to_move().unwrap_or_default(), a).unwrap();
            }
            for m in g.table().melds() {
                melds += usize::from(m.meld().kind() == MeldKind::Run);
                for i in 0..=52 {
                    let face = Card::from_index(i).unwrap();
                    // The validator's verdict, not `extends` (which the code under test asks).
                    let fits = [RunEnd::Front, RunEnd::Back]
                        .iter()
                        .any(|&end| m.extended(face, end, &rules).is_ok());
                    if fits {
                        assert!(may_extend(m.meld(), face), "{face:?} extends {m:?}");
                        extended += 1;
                    } else if !may_extend(m.meld(), face) {
                        ruled_out += 1;
                    }
                }
            }
        }
        assert!(melds > 300 && extended > 1_000, "{melds} runs, {extended} extensions");
        assert!(ruled_out > extended * 10, "{ruled_out} ruled out, {extended} extend");
    }

    /// `Turn::fits` names the meld a plain scan names (the first, in the table's order,
    /// that takes the card at some end under the validator), for every card of the
    /// mover's hand at every state of random Scala 40 and Rummy 40 hands.
    #[test]
    fn fits_is_the_first_meld_a_plain_scan_finds() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let mut legal = Vec::new();
        let (mut asked, mut found) = (0, 0);
        for game_no in 0..60 {
            let mut config = if game_no % 2 == 0 { Config::SCALA40 } else { Config::RUMMY40 };
            config.ace_low_in_runs = game_no % 4 < 2;
            let rules = config.meld_rules();
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            for _ in 0..600 {
                let Some(seat) = g.to_move() else { break };
                let pos = g.turn();
                for piece in g.hand(seat).unwrap() {
                    let face = g.catalog.face(piece).unwrap();
                    let plain = g.table().melds().iter().find(|m| {
                        [RunEnd::Front, RunEnd::Back].iter().any(|&end| m.extended(face, end, &rules).is_ok())
                    });
                    assert_eq!(pos.fits(piece), plain.map(|m| m.id()), "{face:?} on {:?}", g.table());
                    asked += 1;
                    found += usize::from(plain.is_some());
                }
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.8);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(found > 1_000 && asked > found * 5, "{found} of {asked} cards fit");
    }

    /// `Turn::may_meld_with` is a necessary condition: a card that is in some meld of
    /// the hand with it (every meld by faces the enumeration finds, with the card's face)
    /// passes it; on the hands and top discards of random games under both presets and
    /// the ace low, with none to four jokers held, and it rules many cards out. It
    /// is never looser than the reference that asks each face's copies, for those cards
    /// and every card of the hand.
    #[test]
    fn may_meld_with_holds_for_every_card_in_a_meld() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let mut legal = Vec::new();
        let (mut in_meld, mut ruled_out, mut asked) = (0, 0, 0);
        for game_no in 0..120 {
            let mut config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            config.ace_low_in_runs = game_no % 4 < 2;
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let pos = g.turn();
                // The top discard, and a few cards of the stock, as the card taken.
                let stock = g.piles().stock().iter().rev().take(3).copied();
                for card in pos.top_discard.into_iter().chain(stock) {
                    let mut with = pos.hand;
                    with.insert(card);
                    let face = g.face(card).unwrap();
                    // Core's list of the melds of a hand, by positions in its faces.
                    let faces: Vec<Card> = with.iter().map(|p| g.face(p).unwrap()).collect();
                    let melds = hand_melds(&faces, &pos.rules)
                        .unwrap()
                        .iter()
                        .any(|m| m.positions().iter().any(|&i| faces[usize::from(i)] == face));
                    let may = pos.may_meld_with(card);
                    assert!(may || !melds, "{face:?} melds with {:?}", pos.hand);
                    // Never looser than the reference that asks each face's copies.
                    assert!(!may || pos.may_meld_with_by_ids(card), "{face:?} with {:?}", pos.hand);
                    asked += 1;
                    in_meld += usize::from(melds);
                    ruled_out += usize::from(!may);
                }
                // The cards of the hand too (the obligation to play one asks of them).
                for card in pos.hand {
                    assert!(!pos.may_meld_with(card) || pos.may_meld_with_by_ids(card), "{:?}", pos.hand);
                }
                g.legal_actions(&mut legal);
                let a = legal.choose(&mut rng).unwrap().clone();
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            in_meld > 2_000 && ruled_out > asked / 5,
            "{asked} asked, {in_meld} in a meld, {ruled_out} ruled out"
        );
    }

    /// `Turn::can_discard_from` is "some card passes `Turn::discard_basic`", asked card by
    /// card: on the hands of random games (both joker rules), with each card of the hand
    /// as the taken one, and on the hands' parts that leave only jokers and cards of the
    /// taken card's face (where the joker rule decides).
    #[test]
    fn can_discard_from_is_some_card_passing_the_per_card_rule() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        let mut legal = Vec::new();
        let (mut asked, mut refused, mut jokers_only) = (0, 0, 0);
        for game_no in 0..40 {
            let config = if game_no % 2 == 0 { Config::SCALA40 } else { Config::RUMMY40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let pos = g.turn();
                let takens = core::iter::once(None).chain(pos.hand.iter().map(Some));
                for taken in takens {
                    let pos = super::Turn { taken, ..pos };
                    let taken_face = taken.and_then(|t| g.face(t));
                    // The hand, and its jokers with the cards of the taken card's face.
                    let narrow: rummykit_core::PieceSet = pos
                        .hand
                        .iter()
                        .filter(|&p| g.face(p).is_some_and(|f| f.is_joker() || Some(f) == taken_face))
                        .collect();
                    for hand in [pos.hand, narrow] {
                        let by_card = hand.iter().any(|p| pos.discard_basic(hand, p).is_ok());
                        assert_eq!(pos.can_discard_from(hand), by_card, "{hand:?}, {taken:?}");
                        asked += 1;
                        refused += usize::from(!by_card);
                        jokers_only += usize::from(
                            !hand.is_empty() && hand.iter().all(|p| g.face(p).is_some_and(|f| f.is_joker())),
                        );
                    }
                }
                g.legal_actions(&mut legal);
                let a = legal.choose(&mut rng).unwrap().clone();
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            asked > 50_000 && refused > 1_000 && jokers_only > 100,
            "{asked} asked, {refused} refused, {jokers_only} of jokers"
        );
    }
}
