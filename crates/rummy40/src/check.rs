//! The check of an action: [`Turn::check`] reads the mover's side of a state and
//! says what the action will do, as a [`Plan`] that is already validated, without
//! changing or copying anything; `Rummy40::commit` then carries a plan out. Applying is
//! check + commit; checking alone is the same check.
//!
//! The rules that look past the action (`RULES.md` §3.3: the turn must still be able to
//! end with a discard; under the Scala 40 options a taken discard or a won joker must
//! still be playable) are decided on an [`After`]: the hand, the turn and the table as
//! the action would leave them, the table as a [`Scene`] (the table itself under the
//! melds the action adds or changes, each kept on the stack of the check that made it).

use rummykit_core::{
    Card, Face, MAX_MELD_LEN, Meld, MeldId, MeldKind, MeldTable, NamedPiece, PieceId, PieceSet, RunEnd,
    TableError, TableMeld, TurnError,
};

use crate::action::sort_lay_offs;
use crate::game::swap_slot;
use crate::turn::{Turn, may_extend};
use crate::{Action, ActionError, NewMeld, Phase, RummyLayOff, meld_value};

/// What a checked action will do: everything [`Turn::check`] found that the commit
/// needs (borrowing the action's melds), so that the commit decides nothing.
// A tag of its own: read from a niche of the rummy's vector, the kind cost about ten
// instructions to decode at every commit.
#[derive(Debug)]
#[repr(u8)]
pub enum Plan<'a> {
    /// Draw the top of the stock.
    Draw,
    /// Take the top discard.
    Take,
    /// Open with `melds`, after taking the top discard if `take`.
    Open { take: bool, melds: &'a [NewMeld] },
    /// One more meld.
    Meld(&'a NewMeld),
    /// A build onto a table meld.
    Build { piece: PieceId, meld: MeldId, end: RunEnd },
    /// The joker at `slot` of `meld` exchanged for `piece`.
    Swap { piece: PieceId, meld: MeldId, slot: usize, joker: PieceId },
    /// `added` put into the set of three `meld`, `joker` freed.
    Release { meld: MeldId, added: [PieceId; 2], joker: PieceId },
    /// Going rummy: the top discard taken if `take`, `melds`, the `builds` in the
    /// order they are applied, then `discard`.
    Rummy { take: bool, melds: &'a [NewMeld], builds: Vec<RummyLayOff>, discard: PieceId },
    /// The discard that ends the turn.
    Discard(PieceId),
}

/// The table as the checked plays would leave it (see the module docs): the table's own
/// melds by place, then the `new` melds of an opening, then the melds of the chain of
/// changes (each a meld replaced or added, the latest first).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Scene<'a> {
    table: &'a MeldTable<Card>,
    /// Melds an opening adds, after the table's (checked valid).
    new: &'a [NewMeld],
    /// Melds in all: the table's, the opening's, those the chain adds.
    len: usize,
    top: Option<&'a Change<'a>>,
}

/// One meld of a [`Scene`] replaced (`at` below the scene's length) or added (`at` its
/// length).
#[derive(Debug)]
struct Change<'a> {
    at: usize,
    meld: Meld<Card>,
    below: Option<&'a Change<'a>>,
}

impl<'a> Scene<'a> {
    fn of(table: &'a MeldTable<Card>) -> Scene<'a> {
        Scene { table, new: &[], len: table.len(), top: None }
    }

    /// This scene with `change` on top.
    fn with<'b>(&self, change: &'b Change<'b>) -> Scene<'b>
    where
        'a: 'b,
    {
        Scene { len: self.len.max(change.at + 1), top: Some(change), ..*self }
    }
}

/// The mover's side of the state as an action would leave it: `pos` with the hand, the
/// taken card and the won jokers after the action, and the table as `scene`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct After<'a> {
    pos: Turn<'a>,
    scene: Scene<'a>,
}

impl<'a> Turn<'a> {
    /// Checks `action` for the player to move; on success says what it will do. The
    /// errors, and their order, are the rules of `RULES.md` §3 as each action meets them.
    pub(crate) fn check<'x>(&self, action: &'x Action) -> Result<Plan<'x>, ActionError> {
        let phase = self.phase;
        if phase == Phase::Over {
            return Err(ActionError::Turn(TurnError::HandOver));
        }
        let want = |p: Phase| phase.require(p);
        match action {
            Action::DrawStock => draw_plan(phase, self.stock_len),
            Action::TakeDiscard => {
                want(Phase::Draw)?;
                if !self.opened {
                    return Err(ActionError::TakeOnlyToOpen);
                }
                if self.config.obliges_plays() {
                    self.after_take()?.guard()?;
                } else {
                    // Without the options that oblige a play the guard is its first rule
                    // alone (no `After` copied: a take is a sixth of a random Rummy 40
                    // playout's actions).
                    let top = self.top_discard.ok_or(ActionError::Turn(TurnError::EmptyDiscardPile))?;
                    if !self.take_leaves_discard(top, self.hand) {
                        return Err(ActionError::NoDiscardLeft);
                    }
                }
                Ok(Plan::Take)
            }
            Action::TakeDiscardAndOpen { melds } => {
                want(Phase::Draw)?;
                self.unopened()?;
                let after = self.after_take()?;
                after.open(melds, after.pos.taken, self.config.threshold_for(true))?;
                Ok(Plan::Open { take: true, melds })
            }
            Action::Open { melds } => {
                want(Phase::Play)?;
                self.unopened()?;
                // (An unopened player takes the discard only to open or go rummy at once.)
                self.after().open(melds, None, self.config.threshold_for(false))?;
                Ok(Plan::Open { take: false, melds })
            }
            Action::Meld(m) => {
                want(Phase::Play)?;
                self.opened_now()?;
                self.check_pieces(m.pieces.iter())?;
                let meld = self.table.check_new(m.kind, &m.pieces, &self.catalog, &self.rules)?;
                let change = Change { at: self.table.len(), meld, below: None };
                self.after().played(self.hand - pieces_of(&m.pieces), &change).guard()?;
                Ok(Plan::Meld(m))
            }
            &Action::LayOff { piece, onto: meld, end } => {
                want(Phase::Play)?;
                self.opened_now()?;
                self.check_pieces([&piece])?;
                let longer = self.table.check_lay_off(meld, piece, end, &self.catalog, &self.rules)?;
                let change = Change { at: place_of(self.table, meld)?.0, meld: longer, below: None };
                let mut rest = self.hand;
                rest.remove(piece);
                self.after().played(rest, &change).guard()?;
                Ok(Plan::Build { piece, meld, end })
            }
            &Action::SwapJoker { piece, meld } => {
                want(Phase::Play)?;
                self.opened_now()?;
                self.check_pieces([&piece])?;
                self.swap(piece, meld)
            }
            &Action::ReleaseJoker { meld, pieces } => {
                want(Phase::Play)?;
                self.opened_now()?;
                self.check_pieces(pieces.iter())?;
                self.release(meld, pieces)
            }
            Action::GoRummy { melds, lay_offs: builds, discard } => {
                want(Phase::Play)?;
                self.unopened()?;
                let builds = self.after().rummy(melds, builds, *discard, None)?;
                Ok(Plan::Rummy { take: false, melds, builds, discard: *discard })
            }
            Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard } => {
                want(Phase::Draw)?;
                self.unopened()?;
                let after = self.after_take()?;
                let builds = after.rummy(melds, builds, *discard, after.pos.taken)?;
                Ok(Plan::Rummy { take: true, melds, builds, discard: *discard })
            }
            &Action::Discard(piece) => {
                want(Phase::Play)?;
                self.check_discard(piece)?;
                Ok(Plan::Discard(piece))
            }
        }
    }

    /// The guard's first rule ([`After::guard`]): some card of `hand` may be discarded.
    fn discard_left(&self, hand: PieceSet) -> Result<(), ActionError> {
        // If any card passes the basic rules, one passes them all (see discard_allowed).
        if self.can_discard_from(hand) { Ok(()) } else { Err(ActionError::NoDiscardLeft) }
    }

    fn unopened(&self) -> Result<(), ActionError> {
        if self.opened { Err(ActionError::AlreadyOpened) } else { Ok(()) }
    }

    fn opened_now(&self) -> Result<(), ActionError> {
        if self.opened { Ok(()) } else { Err(ActionError::NotOpened) }
    }

    /// This position as an [`After`] of no action yet.
    fn after(&self) -> After<'a> {
        After { pos: *self, scene: Scene::of(self.table) }
    }

    /// The position once the top discard is taken (`RULES.md` §3.3).
    #[inline]
    fn after_take(&self) -> Result<After<'a>, ActionError> {
        let top = self.top_discard.ok_or(ActionError::Turn(TurnError::EmptyDiscardPile))?;
        let mut after = self.after();
        after.pos.hand.insert(top);
        after.pos.taken = Some(top);
        after.pos.phase = Phase::Play;
        Ok(after)
    }

    /// Every piece is in the hand of the player to move, and none is named twice.
    fn check_pieces<'p>(&self, pieces: impl IntoIterator<Item = &'p PieceId>) -> Result<(), ActionError> {
        let mut seen = PieceSet::new();
        for &p in pieces {
            if !self.hand.contains(p) {
                return Err(ActionError::Turn(TurnError::NotInHand(self.named(p))));
            }
            if !seen.insert(p) {
                return Err(ActionError::RepeatedPiece(self.named(p)));
            }
        }
        Ok(())
    }

    /// The discard that ends the turn (`RULES.md` §3.3, §3.7): the per-card rules, then
    /// the cards the options oblige the player to play first.
    fn check_discard(&self, piece: PieceId) -> Result<(), ActionError> {
        self.discard_allowed(self.hand, piece)?;
        self.played_first()
    }

    /// The cards the options oblige the player to play before discarding (a taken
    /// discard, a won joker) are no longer in hand: the part of a discard's check that
    /// does not depend on the card.
    #[inline]
    pub(crate) fn played_first(&self) -> Result<(), ActionError> {
        if self.config.taken_discard_must_be_used_after_open
            && let Some(card) = self.taken
            && self.hand.contains(card)
        {
            return Err(ActionError::TakenCardNotUsed { card: self.named(card) });
        }
        if self.config.swapped_joker_must_be_played_same_turn
            && let Some(joker) = (self.won_jokers & self.hand).first()
        {
            return Err(ActionError::SwappedJokerNotPlayed { joker: self.named(joker) });
        }
        Ok(())
    }

    /// The joker swap (`RULES.md` §3.6), `piece` in hand.
    fn swap(&self, piece: PieceId, id: MeldId) -> Result<Plan<'static>, ActionError> {
        let (at, target) = place_of(self.table, id)?;
        let face =
            self.face(piece).ok_or(ActionError::Turn(TurnError::NotInHand(NamedPiece::unknown(piece))))?;
        let slot = swap_slot(target.meld(), face, self.config).map_err(|e| e.error(id, self.named(piece)))?;
        let joker = target.pieces()[slot];
        let mut pieces = [piece; MAX_MELD_LEN];
        let len = target.pieces().len();
        pieces[..len].copy_from_slice(target.pieces());
        pieces[slot] = piece;
        let meld = self.replaced(target, &pieces[..len])?;
        let mut after = self.after();
        after.pos.hand.remove(piece);
        after.pos.hand.insert(joker);
        after.pos.won_jokers.insert(joker);
        let change = Change { at, meld, below: None };
        after.played(after.pos.hand, &change).guard()?;
        Ok(Plan::Swap { piece, meld: id, slot, joker })
    }

    /// Both missing suits added to a set of three with a joker (`RULES.md` §3.6), the
    /// `added` cards in hand.
    fn release(&self, id: MeldId, added: [PieceId; 2]) -> Result<Plan<'static>, ActionError> {
        let (at, target) = place_of(self.table, id)?;
        let meld = target.meld();
        let jokers = meld.jokers();
        if meld.kind() == MeldKind::Group && meld.len() == 4 && jokers > 0 {
            return Err(ActionError::ClosedSet { meld: id });
        }
        let not_releasable = ActionError::NotAReleasableSet { meld: id };
        if meld.kind() != MeldKind::Group || meld.len() != 3 || jokers == 0 {
            return Err(not_releasable);
        }
        let present = meld.group_suits().unwrap_or(0xF);
        let number = meld.value_at(0);
        let mut suits = 0u8;
        for p in added {
            let face = self.face(p).ok_or(ActionError::Turn(TurnError::NotInHand(NamedPiece::unknown(p))))?;
            match face.suit_index() {
                Some(s) if face.number() == number && present & (1 << s) == 0 && suits & (1 << s) == 0 => {
                    suits |= 1 << s;
                }
                _ => return Err(not_releasable),
            }
        }
        // Keep the naturals and all jokers but the last; the last joker comes free.
        let old = target.pieces();
        let Some(free_at) = (0..old.len()).rev().find(|&i| meld.faces()[i].is_joker()) else {
            return Err(not_releasable);
        };
        let joker = old[free_at];
        let mut pieces = [joker; MAX_MELD_LEN];
        let mut len = 0;
        for &p in old.iter().filter(|&&p| p != joker).chain(&added) {
            if let Some(slot) = pieces.get_mut(len) {
                *slot = p;
                len += 1;
            }
        }
        let longer = self.replaced(target, &pieces[..len])?;
        let mut after = self.after();
        for p in added {
            after.pos.hand.remove(p);
        }
        after.pos.hand.insert(joker);
        after.pos.won_jokers.insert(joker);
        let change = Change { at, meld: longer, below: None };
        after.played(after.pos.hand, &change).guard()?;
        Ok(Plan::Release { meld: id, added, joker })
    }

    /// The meld `target` becomes with `pieces` (in order) instead of its own: the
    /// table's rule for a replacement (`MeldTable::replace`), the same errors in the
    /// same order, without the table changing.
    fn replaced(&self, target: &TableMeld<Card>, pieces: &[PieceId]) -> Result<Meld<Card>, ActionError> {
        let kind = target.meld().kind();
        let own = target.piece_set();
        let mut faces = [Card::JOKER; MAX_MELD_LEN];
        let mut seen = PieceSet::new();
        let mut on_table = None;
        for (slot, &p) in faces.iter_mut().zip(pieces) {
            *slot = self.face(p).ok_or(TableError::UnknownPiece(p))?;
            if !seen.insert(p) {
                return Err(TableError::RepeatedPiece(self.named(p)).into());
            }
            // Only a piece new to the meld can lie elsewhere on the table.
            if !own.contains(p) && on_table.get_or_insert_with(|| self.table.pieces()).contains(p) {
                return Err(TableError::AlreadyOnTable(self.named(p)).into());
            }
        }
        Meld::new(kind, &faces[..pieces.len()], &self.rules)
            .map_err(|error| TableError::InvalidMeld { kind, error }.into())
    }
}

impl<'a> After<'a> {
    /// This state after a play that leaves `hand` and the table changed by `change`.
    fn played<'b>(&self, hand: PieceSet, change: &'b Change<'b>) -> After<'b>
    where
        'a: 'b,
    {
        After { pos: Turn { hand, ..self.pos }, scene: self.scene.with(change) }
    }

    /// The meld at place `at` of the scene.
    fn meld(&self, at: usize) -> Option<Meld<Card>> {
        let mut change = self.scene.top;
        while let Some(c) = change {
            if c.at == at {
                return Some(c.meld);
            }
            change = c.below;
        }
        let table = self.scene.table.melds();
        if let Some(m) = table.get(at) {
            return Some(*m.meld());
        }
        // An opening's meld, checked valid when the opening was.
        let m = self.scene.new.get(at - table.len())?;
        let mut faces = [Card::JOKER; MAX_MELD_LEN];
        for (slot, &p) in faces.iter_mut().zip(&m.pieces) {
            *slot = self.pos.face(p)?;
        }
        Meld::new(m.kind, faces.get(..m.pieces.len())?, &self.pos.rules).ok()
    }

    /// The opening (`RULES.md` §3.5) from this hand: melds from it, `taken` among them,
    /// worth `threshold`.
    fn open(
        &self,
        melds: &[NewMeld],
        taken: Option<PieceId>,
        threshold: Option<u32>,
    ) -> Result<(), ActionError> {
        let pos = &self.pos;
        if melds.is_empty() {
            return Err(ActionError::NoMelds);
        }
        pos.check_pieces(melds.iter().flat_map(|m| m.pieces.iter()))?;
        // The pieces are the hand's, each once, so none is on the table: each meld is
        // checked against the table as it is, the same as after the ones before it.
        let mut value = 0;
        for m in melds {
            value += meld_value(&pos.table.check_new(m.kind, &m.pieces, &pos.catalog, &pos.rules)?);
        }
        if let Some(card) = taken
            && !melds.iter().any(|m| m.pieces.contains(&card))
        {
            return Err(ActionError::TakenCardNotMelded { card: pos.named(card) });
        }
        if let Some(needed) = threshold
            && value < needed
        {
            return Err(ActionError::OpeningBelowThreshold { needed, got: value });
        }
        let rest = melds.iter().fold(pos.hand, |rest, m| rest - pieces_of(&m.pieces));
        let scene = Scene { new: melds, len: self.scene.len + melds.len(), ..self.scene };
        After { pos: Turn { hand: rest, opened: true, ..*pos }, scene }.guard()
    }

    /// Going rummy (`RULES.md` §3.7) from this hand: the whole hand but `discard` as
    /// new melds and builds onto melds already on the table, then the discard. Returns
    /// the builds in the order they are applied.
    fn rummy(
        &self,
        melds: &[NewMeld],
        builds: &[RummyLayOff],
        discard: PieceId,
        taken: Option<PieceId>,
    ) -> Result<Vec<RummyLayOff>, ActionError> {
        let pos = &self.pos;
        let table = pos.table;
        if melds.is_empty() {
            return Err(ActionError::NoMelds);
        }
        let built = builds.iter().map(|b| &b.piece);
        pos.check_pieces(melds.iter().flat_map(|m| m.pieces.iter()).chain(built).chain([&discard]))?;
        let named: usize = melds.iter().map(|m| m.pieces.len()).sum::<usize>() + builds.len() + 1;
        let hand_len = pos.hand.len();
        if named < hand_len {
            return Err(ActionError::RummyIncomplete { left: hand_len - named });
        }
        // Lay-offs go onto melds already on the table: one laid in this action would just
        // be laid longer.
        let first_new = table.next_id().index();
        for b in builds {
            if table.meld(b.onto).is_none() {
                let new = (first_new..first_new.saturating_add(melds.len() as u16)).contains(&b.onto.index());
                return Err(if new {
                    ActionError::RummyLayOffOnNewMeld { meld: b.onto }
                } else {
                    TableError::NoSuchMeld(b.onto).into()
                });
            }
        }
        let mut value = 0;
        for m in melds {
            value += meld_value(&table.check_new(m.kind, &m.pieces, &pos.catalog, &pos.rules)?);
        }
        if let Some(card) = taken
            && !melds.iter().any(|m| m.pieces.contains(&card))
        {
            return Err(ActionError::TakenCardNotMelded { card: pos.named(card) });
        }
        // RULES.md §3.5, §3.7: a rummy held to the threshold needs what an opening in its
        // place needs, so under `OnlyWhenTakingDiscard` only with the taken discard (an
        // opening after a stock draw, then going out, is a rummy below it anyway).
        if pos.config.rummy_requires_opening_threshold
            && let Some(needed) = pos.config.threshold_for(taken.is_some())
            && value < needed
        {
            return Err(ActionError::OpeningBelowThreshold { needed, got: value });
        }
        // The lay-offs one after the other, each onto the meld as the ones before left it
        // (sorted by meld: one meld at a time).
        let mut order = builds.to_vec();
        sort_lay_offs(&mut order);
        let mut current: Option<(MeldId, Meld<Card>)> = None;
        for b in &order {
            let meld = match current {
                Some((id, meld)) if id == b.onto => meld,
                _ => *table.meld(b.onto).ok_or(TableError::NoSuchMeld(b.onto))?.meld(),
            };
            let face = pos.face(b.piece).ok_or(TableError::UnknownPiece(b.piece))?;
            let longer = meld.extended(face, b.end, &pos.rules).map_err(|error| TableError::DoesNotFit {
                meld: b.onto,
                piece: pos.named(b.piece),
                error,
            })?;
            current = Some((b.onto, longer));
        }
        // Only the discard is left in hand.
        let mut last = PieceSet::new();
        last.insert(discard);
        Turn { hand: last, opened: true, ..*pos }.check_discard(discard)?;
        Ok(order)
    }

    /// The turn can still end (`RULES.md` §3.3: every turn ends with a discard): a card
    /// of the hand may be discarded, and every card the rules oblige the player to play
    /// this turn (a taken discard, a won joker) can still be played by one action that
    /// keeps this true. Checked after every play, so a player is never stuck.
    fn guard(&self) -> Result<(), ActionError> {
        let pos = &self.pos;
        let hand = pos.hand;
        pos.discard_left(hand)?;
        if pos.config.taken_discard_must_be_used_after_open
            && let Some(card) = pos.taken
            && hand.contains(card)
            && !self.can_play(card)
        {
            return Err(ActionError::TakenCardNotUsed { card: pos.named(card) });
        }
        if pos.config.swapped_joker_must_be_played_same_turn {
            for joker in pos.won_jokers & hand {
                if !self.can_play(joker) {
                    return Err(ActionError::SwappedJokerNotPlayed { joker: pos.named(joker) });
                }
            }
        }
        Ok(())
    }

    /// Can `card` (in hand; the player has opened) be played now by one action that
    /// passes the check: built onto a meld of the scene, put there in a joker's place by a
    /// swap or a release (`RULES.md` §3.6: the card goes into a table meld too), or in a
    /// new meld of cards of the hand, leaving a state that passes [`After::guard`].
    fn can_play(&self, card: PieceId) -> bool {
        let pos = &self.pos;
        let Some(face) = pos.face(card) else { return false };
        let mut rest = pos.hand;
        rest.remove(card);
        for at in 0..self.scene.len {
            let Some(meld) = self.meld(at) else { continue };
            if may_free_joker(&meld, face) && meld.jokers() > 0 && self.can_free_joker(&meld, at, face, rest)
            {
                return true;
            }
            if !may_extend(&meld, face) {
                continue;
            }
            // A set takes a card at its back whichever end is named: one try decides.
            let ends: &[RunEnd] =
                if meld.kind() == MeldKind::Run { &[RunEnd::Front, RunEnd::Back] } else { &[RunEnd::Back] };
            for &end in ends {
                if let Ok(longer) = meld.extended(face, end, &pos.rules) {
                    let change = Change { at, meld: longer, below: self.scene.top };
                    if self.played(rest, &change).guard().is_ok() {
                        return true;
                    }
                }
            }
        }
        let at = self.scene.len;
        pos.any_meld_with(card, &mut |kind, pieces| {
            let mut faces = [Card::JOKER; MAX_MELD_LEN];
            for (slot, &p) in faces.iter_mut().zip(pieces) {
                *slot = pos.face(p).unwrap_or(Card::JOKER);
            }
            let Ok(meld) = Meld::new(kind, &faces[..pieces.len().min(MAX_MELD_LEN)], &pos.rules) else {
                return false;
            };
            let change = Change { at, meld, below: self.scene.top };
            self.played(pos.hand - pieces_of(pieces), &change).guard().is_ok()
        })
    }

    /// Can a card of `face` (the rest of the hand `rest`) free a joker of `meld`, at
    /// place `at` of the scene, leaving a state that passes [`After::guard`] with the
    /// joker in hand as a won joker: by a swap, in the place of the joker it stands for
    /// ([`swap_slot`]), or by a release, with a card of `rest` of the other suit a set of
    /// three lacks ([`Turn::release`]'s rule, `RULES.md` §3.6)? Either puts the card into a
    /// table meld: either uses it.
    fn can_free_joker(&self, meld: &Meld<Card>, at: usize, face: Card, rest: PieceSet) -> bool {
        let pos = &self.pos;
        let mut faces = [Card::JOKER; MAX_MELD_LEN];
        let len = meld.len().min(MAX_MELD_LEN);
        faces[..len].copy_from_slice(&meld.faces()[..len]);
        if let Ok(slot) = swap_slot(meld, face, pos.config) {
            let mut swapped = faces;
            swapped[slot] = face;
            if self.frees_joker(meld.kind(), &swapped[..len], at, rest) {
                return true;
            }
        }
        // A release, as the check makes it: the set's cards but its last joker, then the
        // two cards added.
        let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else { return false };
        if meld.kind() != MeldKind::Group || len != 3 {
            return false;
        }
        let Some(free_at) = faces[..len].iter().rposition(|f| f.is_joker()) else { return false };
        let mut released = [face; 4];
        let kept = faces[..len].iter().enumerate().filter(|&(i, _)| i != free_at).map(|(_, &f)| f);
        for (slot, f) in released.iter_mut().zip(kept) {
            *slot = f;
        }
        let lacking = !(meld.group_suits().unwrap_or(0xF) | 1 << suit);
        for other in (0..4u8).filter(|s| lacking & 1 << s != 0) {
            let Some(other) = Card::from_index(other * 13 + number - 1) else { continue };
            // Copies of a face are alike to the guard: one held decides.
            let Some(added) = pos.catalog.ids_of(other).find(|&p| rest.contains(p)) else { continue };
            released[3] = other;
            let mut hand = rest;
            hand.remove(added);
            if self.frees_joker(MeldKind::Group, &released, at, hand) {
                return true;
            }
        }
        false
    }

    /// Does the meld of `kind` and `faces`, in place `at` of the scene, with `hand` left
    /// and a joker freed from the meld there to the hand as a won joker, pass
    /// [`After::guard`]?
    fn frees_joker(&self, kind: MeldKind, faces: &[Card], at: usize, hand: PieceSet) -> bool {
        let pos = &self.pos;
        let Ok(meld) = Meld::new(kind, faces, &pos.rules) else { return false };
        // A meld of the scene is known by its faces, not its pieces: the joker comes to
        // the hand as any joker not in it, all of one face, which the guard reads alone.
        let Some(joker) = pos.catalog.ids_of(Card::JOKER).find(|&j| !hand.contains(j)) else { return false };
        let mut hand = hand;
        hand.insert(joker);
        let change = Change { at, meld, below: self.scene.top };
        let mut after = self.played(hand, &change);
        after.pos.won_jokers.insert(joker);
        after.guard().is_ok()
    }
}

/// The check of a draw from the stock (`RULES.md` §3.3), which reads the phase and the
/// stock alone: [`Turn::check`]'s, and the referee's without gathering a [`Turn`] (a
/// draw is nearly a third of a random playout's actions).
#[inline]
pub(crate) fn draw_plan(phase: Phase, stock_len: usize) -> Result<Plan<'static>, ActionError> {
    if phase == Phase::Over {
        return Err(ActionError::Turn(TurnError::HandOver));
    }
    phase.require(Phase::Draw)?;
    if stock_len == 0 {
        return Err(ActionError::Turn(TurnError::HandOver));
    }
    Ok(Plan::Draw)
}

/// Could `face` take the place of a joker of `meld`, by a swap or a release? A necessary
/// condition read from the meld's kind, suit and number, nothing validated (a run's joker
/// stands for a card of its suit, a set's for its number in a suit it lacks; a joker takes
/// no joker's place): [`After::can_free_joker`] decides.
fn may_free_joker(meld: &Meld<Card>, face: Card) -> bool {
    match meld.kind() {
        MeldKind::Run => face.suit_index().is_some() && meld.run_suit() == face.suit_index(),
        MeldKind::Group => {
            let number = meld.numbers().next();
            let present = meld.group_suits().unwrap_or(0);
            face.number().is_some()
                && face.number() == number
                && face.suit_index().is_some_and(|s| present & (1 << s) == 0)
        }
    }
}

/// The place of meld `id` in the table's list, and the meld.
fn place_of(table: &MeldTable<Card>, id: MeldId) -> Result<(usize, &TableMeld<Card>), ActionError> {
    let melds = table.melds();
    let at = melds.binary_search_by_key(&id, TableMeld::id).map_err(|_| TableError::NoSuchMeld(id))?;
    Ok((at, &melds[at]))
}

/// The pieces as a set.
fn pieces_of(pieces: &[PieceId]) -> PieceSet {
    pieces.iter().copied().collect()
}

#[cfg(test)]
mod tests {
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Card, Game, JokerLimit, MeldKind, RunEnd, Seating, SetupMeld, TurnError};

    use super::may_free_joker;
    use crate::random_melds::{natural, random_card, random_table_meld};
    use crate::{Action, ActionError, Config, JokerDiscard, Phase, Rummy40, Set3JokerSwap, Setup};

    /// `RULES.md` §3.3: a turn starts with a draw, from a stock that is not empty. The
    /// referee decides a draw from the phase and the stock alone (no `Turn` gathered): in
    /// every state of random games under both presets it gives the rule's answer, the one
    /// `Turn::check` gives and the view's listing agrees with, the hand over included.
    #[test]
    fn rules_3_3_a_draw_is_checked_from_the_phase_and_the_stock() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
        let (mut legal, mut from_view) = (Vec::new(), Vec::new());
        let (mut allowed, mut refused, mut over) = (0, 0, 0);
        for game_no in 0..40 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            loop {
                let seat = g.to_move().unwrap_or_default();
                let got = g.check(seat, &Action::DrawStock);
                let rule = match g.phase() {
                    Phase::Over => Err(ActionError::Turn(TurnError::HandOver)),
                    Phase::Play => Err(ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play })),
                    Phase::Draw if g.piles().stock().is_empty() => {
                        Err(ActionError::Turn(TurnError::HandOver))
                    }
                    Phase::Draw => Ok(()),
                };
                assert_eq!(got, rule, "game {game_no}");
                assert_eq!(got, g.turn().check(&Action::DrawStock).map(|_| ()), "game {game_no}");
                g.view(seat).legal_actions(&mut from_view);
                let listed = from_view.contains(&Action::DrawStock);
                assert_eq!(got.is_ok(), listed, "game {game_no}");
                allowed += usize::from(got.is_ok());
                refused += usize::from(got.is_err());
                if g.to_move().is_none() {
                    over += 1;
                    break;
                }
                g.legal_actions(&mut legal);
                let a = legal.choose(&mut rng).unwrap().clone();
                g.apply(seat, a).unwrap();
            }
        }
        assert!(allowed > 2_000 && refused > 2_000 && over == 40, "{allowed} allowed, {refused} refused");
    }

    /// A random position of an opened Scala 40 player who took the top discard, in the
    /// play phase (case `n` picks the options): a set of three with one or two jokers on
    /// the table that lacks the card taken, the hand often holding a card of the other
    /// suit it lacks, the card's twin and up to two jokers won this turn; runs and sets
    /// beside it, with or without room.
    fn taken_for_a_set(rng: &mut ChaCha8Rng, n: usize) -> Option<Rummy40> {
        let mut config = Config::SCALA40;
        config.swapped_joker_must_be_played_same_turn = !n.is_multiple_of(4);
        config.set3_joker_swap =
            if n % 5 < 3 { Set3JokerSwap::BothMissing } else { Set3JokerSwap::EitherMissing };
        config.joker_limit =
            [JokerLimit::Unlimited, JokerLimit::NotMoreThanNaturals, JokerLimit::NoAdjacent][n % 3];
        config.joker_discard = if n % 7 < 4 { JokerDiscard::OnlyWhenClosing } else { JokerDiscard::Allowed };
        let number = rng.random_range(1..=13u8);
        let mut suits = [0u8, 1, 2, 3];
        suits.shuffle(rng);
        let naturals = if rng.random_bool(0.3) { 1 } else { 2 };
        let set: Vec<Card> =
            (0..3).map(|i| if i < naturals { natural(suits[i], number) } else { Card::JOKER }).collect();
        let mut table = vec![SetupMeld::new(1, MeldKind::Group, set)];
        let full = rng.random_bool(0.5);
        for _ in 0..rng.random_range(0..=2) {
            let (kind, mut cards) = random_table_meld(rng, full);
            if rng.random_bool(0.5) {
                let at = rng.random_range(0..cards.len());
                cards[at] = Card::JOKER;
            }
            table.push(SetupMeld::new(rng.random_range(0..4), kind, cards));
        }
        let lacking = &suits[naturals..];
        let taken = natural(*lacking.choose(rng).unwrap(), number);
        let mut hand = vec![taken];
        hand.extend(
            lacking.iter().map(|&s| natural(s, number)).filter(|&c| c != taken && rng.random_bool(0.8)),
        );
        let won = rng.random_range(0..=2u8);
        hand.extend((0..won).map(|_| Card::JOKER));
        if rng.random_bool(0.3) {
            hand.push(taken);
        }
        hand.extend((0..rng.random_range(0..=3)).map(|_| random_card(rng, 0.1)));
        // Four seats: room in the deal for the cards of the table.
        let others = (0..3).map(|_| vec![random_card(rng, 0.1)]);
        let mut setup = Setup::new(core::iter::once(hand).chain(others).collect());
        setup.table = table;
        setup.opened = vec![true; 4];
        setup.to_move = Some(0);
        setup.phase = Phase::Play;
        setup.taken = Some(taken);
        setup.won_jokers = won;
        setup.known = vec![vec![taken], vec![], vec![], vec![]];
        setup.fill_stock_from(&config.catalog().ok()?);
        Rummy40::from_setup(&config, setup).ok()
    }

    /// `RULES.md` §3.3, §3.6: under `taken_discard_must_be_used_after_open` the guard
    /// counts every action that puts the taken card on the table, a joker swap and a
    /// release among them. On random positions of a player who took a card a set of three
    /// with a joker lacks: the guard's question (can the card be played by one action the
    /// check accepts?) is answered yes exactly when a build, a meld, a swap or a release of
    /// it passes the check; its test of a swap or release on each meld agrees with the
    /// check of those actions; and the check of a release agrees with the reference,
    /// the freed joker bound as a swapped one. No position makes a release the card's
    /// only use: the set takes it by a build as well, which leaves the other card in hand
    /// to discard, and with a won joker to play, the card, the other and that joker make a
    /// set.
    #[test]
    fn rules_3_6_a_release_uses_the_taken_card_and_is_never_its_only_use() {
        let mut rng = ChaCha8Rng::seed_from_u64(89);
        let (mut positions, mut released, mut not_built, mut only, mut joker_stuck) = (0, 0, 0, 0, 0);
        let mut legal = Vec::new();
        for n in 0..10_000 {
            let Some(g) = taken_for_a_set(&mut rng, n) else { continue };
            positions += 1;
            let pos = g.turn();
            let card = g.taken_this_turn().unwrap();
            let face = g.face(card).unwrap();
            let mut rest = pos.hand;
            rest.remove(card);
            let after = pos.after();
            let checked = |a: &Action| {
                let verdict = g.check(0, a);
                assert_eq!(verdict, g.check_by_copy(a).map(|_| ()), "{a:?} in {g:?}");
                verdict
            };
            let (mut built, mut freed, mut by_swap, mut by_release) = (false, false, false, false);
            for (at, m) in g.table().melds().iter().enumerate() {
                let meld = m.id();
                let ends = [RunEnd::Front, RunEnd::Back];
                built |=
                    ends.iter().any(|&end| checked(&Action::LayOff { piece: card, onto: meld, end }).is_ok());
                let swap = checked(&Action::SwapJoker { piece: card, meld }).is_ok();
                let releases: Vec<_> = rest
                    .iter()
                    .map(|other| checked(&Action::ReleaseJoker { meld, pieces: [card, other] }))
                    .collect();
                let release = releases.iter().any(Result::is_ok);
                joker_stuck += releases
                    .iter()
                    .filter(|r| matches!(r, Err(ActionError::SwappedJokerNotPlayed { .. })))
                    .count();
                let may = may_free_joker(m.meld(), face) && m.meld().jokers() > 0;
                assert_eq!(may && after.can_free_joker(m.meld(), at, face, rest), swap || release, "{g:?}");
                freed |= swap || release;
                by_swap |= swap;
                by_release |= release;
            }
            g.legal_actions(&mut legal);
            let melded = legal.iter().any(|a| matches!(a, Action::Meld(m) if m.pieces.contains(&card)));
            assert_eq!(after.can_play(card), built || melded || freed, "{g:?}");
            released += usize::from(by_release);
            not_built += usize::from(by_release && !built);
            only += usize::from(by_release && !built && !melded && !by_swap);
        }
        eprintln!(
            "{positions} positions, {released} with a release, {not_built} of them no build, {only} only by it, {joker_stuck} releases refused for the joker"
        );
        assert_eq!(only, 0);
        assert!(
            positions > 5_000 && released > 2_000 && not_built > 50 && joker_stuck > 1_000,
            "{positions} positions, {released} with a release, {not_built} of them no build, {joker_stuck} releases refused for the joker"
        );
    }
}
