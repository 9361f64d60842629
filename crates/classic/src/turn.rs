//! The rules of one turn, shared by the referee's state and a seat's view: the action
//! check and the enumeration of legal actions, which agree exactly.

use rummykit_core::{
    Card, Catalog, Face, MeldError, MeldId, MeldKind, MeldRules, MeldTable, PieceId, PieceSet, RunEnd, Seat,
    hand_melds,
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
pub(crate) enum Plan {
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
        Err(last.map_or(ActionError::HandOver, ActionError::Table))
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
        if can_go_out { Ok(()) } else { Err(ActionError::OnlyTakenCardLeft(taken)) }
    }

    /// Checks `action` for the seat to move; on success says what it will do.
    pub(crate) fn check(&self, action: &Action) -> Result<Plan, ActionError> {
        match (self.phase, action) {
            (Phase::Over, _) => Err(ActionError::HandOver),
            (Phase::Draw, Action::DrawStock) => Ok(Plan::Draw),
            (Phase::Draw, Action::TakeDiscard) => {
                if self.discard_top.is_some() {
                    Ok(Plan::Take)
                } else {
                    Err(ActionError::DiscardPileEmpty)
                }
            }
            (Phase::Draw, _) | (Phase::Play, Action::DrawStock | Action::TakeDiscard) => {
                Err(ActionError::WrongPhase { phase: self.phase })
            }
            (Phase::Play, Action::Meld(cards)) => {
                if let Some(missing) = (*cards - self.hand).first() {
                    return Err(ActionError::NotInHand(missing));
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
            (Phase::Play, &Action::LayOff { card, onto }) => {
                if !self.hand.contains(card) {
                    return Err(ActionError::NotInHand(card));
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
                    Err(ActionError::NotInHand(card))
                } else if self.taken == Some(card) {
                    Err(ActionError::DiscardJustTaken(card))
                } else {
                    Ok(Plan::Discard(card))
                }
            }
        }
    }

    /// Every legal action, in a deterministic order: draw from stock, take the discard;
    /// or melds (in [`hand_melds`] order), lay-offs (by card, then meld id), discards
    /// (by card).
    pub(crate) fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                out.push(Action::DrawStock);
                if self.discard_top.is_some() {
                    out.push(Action::TakeDiscard);
                }
            }
            Phase::Play => {
                let rules = self.rules();
                let ids: Vec<PieceId> = self.hand.iter().collect();
                let faces: Vec<Card> = ids.iter().map(|&id| DECK.face(id).unwrap_or(Card::JOKER)).collect();
                if self.config.meld_limit == MeldLimit::Unlimited || self.melds_this_turn == 0 {
                    let mut seen: Vec<PieceSet> = Vec::new();
                    for m in hand_melds(&faces, &rules).unwrap_or_default() {
                        let set: PieceSet = m.select(&ids).copied().collect();
                        if seen.contains(&set) {
                            continue;
                        }
                        seen.push(set);
                        let action = Action::Meld(set);
                        if self.check(&action).is_ok() {
                            out.push(action);
                        }
                    }
                }
                if self.may_lay_off(self.table) {
                    for &card in &ids {
                        for m in self.table.melds() {
                            let action = Action::LayOff { card, onto: m.id() };
                            if self.check(&action).is_ok() {
                                out.push(action);
                            }
                        }
                    }
                }
                out.extend(ids.iter().filter(|&&c| Some(c) != self.taken).map(|&c| Action::Discard(c)));
            }
        }
    }
}
