//! The reference the check is tested against: the rules as the referee once applied
//! them, by playing the action on a copy of the state and looking at the result (the
//! deliberately simple way). [`Game::check`](rummykit_core::Game::check) and
//! [`Game::apply`](rummykit_core::Game::apply) must agree with it on every action:
//! same verdict, same error, same state after.

use rummykit_core::{Face, MeldId, MeldKind, NamedPiece, PieceId, PieceSet, RunEnd, TableError, TurnError};

use super::{Turn, swap_slot};
use crate::action::sort_lay_offs;
use crate::{Action, ActionError, NewMeld, OpeningScope, Phase, Rummy40, RummyLayOff, meld_value};

impl Rummy40 {
    /// The reference check: `action` played on a copy.
    pub(crate) fn check_by_copy(&self, action: &Action) -> Result<Rummy40, ActionError> {
        let mut next = self.clone();
        next.ref_step(action)?;
        let seat = self.state.to_move;
        if let (Some(known), Some(hand)) = (next.state.known.get_mut(seat), next.state.hands.get(seat)) {
            *known &= *hand;
        }
        next.hand_lens = super::hand_lens(&next.state.hands);
        Ok(next)
    }

    /// Can `card` (in the mover's hand) be melded, built, swapped for a joker or put
    /// with another card of the hand into a set of three to release its joker right now,
    /// by one action that the reference check accepts?
    fn ref_can_play(&self, card: PieceId) -> bool {
        let face = self.face(card);
        // Only a card of its number may join it in a set.
        let number = face.and_then(|f| f.number());
        let hand = self.state.hands[self.state.to_move];
        let partners: Vec<PieceId> = hand
            .iter()
            .filter(|&p| p != card && number.is_some() && self.face(p).and_then(|f| f.number()) == number)
            .collect();
        for m in self.state.table.melds() {
            if self.check_by_copy(&Action::SwapJoker { piece: card, meld: m.id() }).is_ok() {
                return true;
            }
            for &other in &partners {
                if self.check_by_copy(&Action::ReleaseJoker { meld: m.id(), pieces: [card, other] }).is_ok() {
                    return true;
                }
            }
            for end in [RunEnd::Front, RunEnd::Back] {
                let fits = face.is_some_and(|f| m.extended(f, end, &self.rules).is_ok());
                if fits && self.check_by_copy(&Action::LayOff { piece: card, onto: m.id(), end }).is_ok() {
                    return true;
                }
            }
        }
        self.turn().any_meld_with(card, &mut |kind, pieces| {
            self.check_by_copy(&Action::Meld(NewMeld::new(kind, pieces.to_vec()))).is_ok()
        })
    }

    /// Plays `action` in place; on `Err` the state may be half-changed (callers work on
    /// a clone).
    fn ref_step(&mut self, action: &Action) -> Result<(), ActionError> {
        let seat = self.state.to_move;
        let phase = self.state.phase;
        let want = |p: Phase| phase.require(p);
        if phase == Phase::Over {
            return Err(ActionError::Turn(TurnError::HandOver));
        }
        match action {
            Action::DrawStock => {
                want(Phase::Draw)?;
                let card = self.state.piles.draw_stock().ok_or(ActionError::Turn(TurnError::HandOver))?;
                self.state.hands[seat].insert(card);
                self.state.phase = Phase::Play;
            }
            Action::TakeDiscard => {
                want(Phase::Draw)?;
                if !self.opened[seat] {
                    return Err(ActionError::TakeOnlyToOpen);
                }
                self.ref_take_discard()?;
                self.ref_guard()?;
            }
            Action::TakeDiscardAndOpen { melds } => {
                want(Phase::Draw)?;
                self.ref_unopened()?;
                let card = self.ref_take_discard()?;
                self.ref_open(melds, Some(card), Some(self.config.opening_threshold))?;
            }
            Action::Open { melds } => {
                want(Phase::Play)?;
                self.ref_unopened()?;
                let threshold = match self.config.opening_threshold_scope {
                    OpeningScope::Always => Some(self.config.opening_threshold),
                    OpeningScope::OnlyWhenTakingDiscard => None,
                };
                self.ref_open(melds, None, threshold)?;
            }
            Action::Meld(m) => {
                want(Phase::Play)?;
                self.ref_opened_now()?;
                self.ref_check_pieces(m.pieces.iter())?;
                self.ref_place(m)?;
                self.ref_guard()?;
            }
            Action::LayOff { piece, onto: meld, end } => {
                want(Phase::Play)?;
                self.ref_opened_now()?;
                self.ref_check_pieces([piece])?;
                self.state.table.lay_off(*meld, *piece, *end, &self.catalog, &self.rules)?;
                self.state.hands[seat].remove(*piece);
                self.ref_guard()?;
            }
            Action::SwapJoker { piece, meld } => {
                want(Phase::Play)?;
                self.ref_opened_now()?;
                self.ref_check_pieces([piece])?;
                self.ref_swap_joker(*piece, *meld)?;
                self.ref_guard()?;
            }
            Action::ReleaseJoker { meld, pieces } => {
                want(Phase::Play)?;
                self.ref_opened_now()?;
                self.ref_check_pieces(pieces.iter())?;
                self.ref_release_joker(*meld, *pieces)?;
                self.ref_guard()?;
            }
            Action::GoRummy { melds, lay_offs: builds, discard } => {
                want(Phase::Play)?;
                self.ref_unopened()?;
                self.ref_go_rummy(melds, builds, *discard, None)?;
            }
            Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard } => {
                want(Phase::Draw)?;
                self.ref_unopened()?;
                let card = self.ref_take_discard()?;
                self.ref_go_rummy(melds, builds, *discard, Some(card))?;
            }
            Action::Discard(piece) => {
                want(Phase::Play)?;
                self.ref_discard(*piece)?;
            }
        }
        Ok(())
    }

    fn ref_unopened(&self) -> Result<(), ActionError> {
        if self.opened[self.state.to_move] { Err(ActionError::AlreadyOpened) } else { Ok(()) }
    }

    fn ref_opened_now(&self) -> Result<(), ActionError> {
        if self.opened[self.state.to_move] { Ok(()) } else { Err(ActionError::NotOpened) }
    }

    /// Takes the top discard into the hand.
    fn ref_take_discard(&mut self) -> Result<PieceId, ActionError> {
        let card = self.state.piles.take_discard().ok_or(ActionError::Turn(TurnError::EmptyDiscardPile))?;
        self.state.hands[self.state.to_move].insert(card);
        self.state.known[self.state.to_move].insert(card);
        self.state.taken = Some(card);
        self.state.phase = Phase::Play;
        Ok(card)
    }

    /// Every piece is in the hand of the player to move, and none is named twice.
    fn ref_check_pieces<'a>(&self, pieces: impl IntoIterator<Item = &'a PieceId>) -> Result<(), ActionError> {
        let hand = self.state.hands[self.state.to_move];
        let mut seen = PieceSet::new();
        for &p in pieces {
            if !hand.contains(p) {
                return Err(ActionError::Turn(TurnError::NotInHand(NamedPiece::of(p, &self.catalog))));
            }
            if !seen.insert(p) {
                return Err(ActionError::RepeatedPiece(NamedPiece::of(p, &self.catalog)));
            }
        }
        Ok(())
    }

    /// Puts `m` on the table from the hand; returns its opening value.
    fn ref_place(&mut self, m: &NewMeld) -> Result<u32, ActionError> {
        let seat = self.state.to_move;
        let id = self.state.table.place(seat, m.kind, &m.pieces, &self.catalog, &self.rules)?;
        for p in &m.pieces {
            self.state.hands[seat].remove(*p);
        }
        Ok(self.state.table.meld(id).map_or(0, |t| meld_value(t.meld())))
    }

    /// The opening (`RULES.md` §3.5): melds from hand, `taken` among them, worth the threshold.
    fn ref_open(
        &mut self,
        melds: &[NewMeld],
        taken: Option<PieceId>,
        threshold: Option<u32>,
    ) -> Result<(), ActionError> {
        if melds.is_empty() {
            return Err(ActionError::NoMelds);
        }
        self.ref_check_pieces(melds.iter().flat_map(|m| m.pieces.iter()))?;
        let mut value = 0;
        for m in melds {
            value += self.ref_place(m)?;
        }
        if let Some(card) = taken
            && !melds.iter().any(|m| m.pieces.contains(&card))
        {
            return Err(ActionError::TakenCardNotMelded { card: NamedPiece::of(card, &self.catalog) });
        }
        if let Some(needed) = threshold
            && value < needed
        {
            return Err(ActionError::OpeningBelowThreshold { needed, got: value });
        }
        self.opened[self.state.to_move] = true;
        self.ref_guard()
    }

    /// Going rummy (`RULES.md` §3.7): the whole hand but `discard` as new melds and
    /// builds onto melds already on the table, then the discard.
    fn ref_go_rummy(
        &mut self,
        melds: &[NewMeld],
        builds: &[RummyLayOff],
        discard: PieceId,
        taken: Option<PieceId>,
    ) -> Result<(), ActionError> {
        if melds.is_empty() {
            return Err(ActionError::NoMelds);
        }
        let built = builds.iter().map(|b| &b.piece);
        self.ref_check_pieces(melds.iter().flat_map(|m| m.pieces.iter()).chain(built).chain([&discard]))?;
        let named: usize = melds.iter().map(|m| m.pieces.len()).sum::<usize>() + builds.len() + 1;
        let hand_len = self.state.hands[self.state.to_move].len();
        if named < hand_len {
            return Err(ActionError::RummyIncomplete { left: hand_len - named });
        }
        // Builds go onto melds already on the table: one laid in this action would just
        // be laid longer.
        let first_new = self.state.table.next_id().index();
        for b in builds {
            if self.state.table.meld(b.onto).is_none() {
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
            value += self.ref_place(m)?;
        }
        if let Some(card) = taken
            && !melds.iter().any(|m| m.pieces.contains(&card))
        {
            return Err(ActionError::TakenCardNotMelded { card: NamedPiece::of(card, &self.catalog) });
        }
        // A rummy held to the threshold needs what an opening in its place needs. (The
        // reference writes the scope out rather than ask `Config::threshold_for`: it is the
        // independent reading the check is compared with.)
        let needed = self.config.opening_threshold;
        let scoped = self.config.opening_threshold_scope == OpeningScope::Always || taken.is_some();
        if self.config.rummy_requires_opening_threshold && scoped && value < needed {
            return Err(ActionError::OpeningBelowThreshold { needed, got: value });
        }
        let mut order = builds.to_vec();
        sort_lay_offs(&mut order);
        for b in &order {
            self.state.table.lay_off(b.onto, b.piece, b.end, &self.catalog, &self.rules)?;
            self.state.hands[self.state.to_move].remove(b.piece);
        }
        self.opened[self.state.to_move] = true;
        self.ref_discard(discard)
    }

    /// The turn can still end (`RULES.md` §3.3: every turn ends with a discard): a card
    /// of the hand may be discarded, and every card the rules oblige the player to play
    /// this turn (a taken discard, a won joker) can still be played by one action that
    /// keeps this true. Checked after every play, so a player is never stuck.
    fn ref_guard(&self) -> Result<(), ActionError> {
        let hand = self.state.hands[self.state.to_move];
        // If any card passes the basic rules, one passes them all (see discard_allowed).
        if !self.turn().can_discard_from(hand) {
            return Err(ActionError::NoDiscardLeft);
        }
        if self.config.taken_discard_must_be_used_after_open
            && let Some(card) = self.state.taken
            && hand.contains(card)
            && !self.ref_can_play(card)
        {
            return Err(ActionError::TakenCardNotUsed { card: NamedPiece::of(card, &self.catalog) });
        }
        if self.config.swapped_joker_must_be_played_same_turn {
            for joker in self.turn.won_jokers & hand {
                if !self.ref_can_play(joker) {
                    return Err(ActionError::SwappedJokerNotPlayed {
                        joker: NamedPiece::of(joker, &self.catalog),
                    });
                }
            }
        }
        Ok(())
    }

    /// The per-card discard rules (`RULES.md` §3.3, §3.6 options).
    fn ref_discard_allowed(&self, piece: PieceId) -> Result<(), ActionError> {
        self.turn().discard_allowed(self.state.hands[self.state.to_move], piece)
    }

    /// The discard that ends the turn (`RULES.md` §3.3, §3.7).
    fn ref_discard(&mut self, piece: PieceId) -> Result<(), ActionError> {
        self.ref_discard_allowed(piece)?;
        let seat = self.state.to_move;
        if self.config.taken_discard_must_be_used_after_open
            && let Some(card) = self.state.taken
            && self.state.hands[seat].contains(card)
        {
            return Err(ActionError::TakenCardNotUsed { card: NamedPiece::of(card, &self.catalog) });
        }
        if self.config.swapped_joker_must_be_played_same_turn
            && let Some(joker) = (self.turn.won_jokers & self.state.hands[seat]).first()
        {
            return Err(ActionError::SwappedJokerNotPlayed { joker: NamedPiece::of(joker, &self.catalog) });
        }
        self.state.hands[seat].remove(piece);
        self.state.piles.discard(piece);
        if self.state.hands[seat].is_empty() {
            self.finish(Some(seat), !self.turn.opened_before);
            return Ok(());
        }
        // RULES.md §3.7: the stock ran out; the pile is shuffled into a new stock and
        // this discard stays up as the new pile.
        if self.state.piles.stock_len() == 0 {
            let capped = self.config.max_restocks.is_some_and(|n| self.state.piles.restocks() >= n);
            if capped || !self.state.piles.restock(self.config.restock()) {
                // The restock cap is reached, or nothing can be restocked: the hand is void.
                self.finish(None, false);
                return Ok(());
            }
        }
        let n = self.state.hands.len();
        self.state.to_move = (seat + 1) % n;
        self.state.phase = Phase::Draw;
        self.state.taken = None;
        self.turn = Turn { opened_before: self.opened[self.state.to_move], ..Turn::default() };
        Ok(())
    }

    /// The joker swap (`RULES.md` §3.6).
    fn ref_swap_joker(&mut self, piece: PieceId, id: MeldId) -> Result<(), ActionError> {
        let target = *self.state.table.meld(id).ok_or(TableError::NoSuchMeld(id))?;
        let face = self
            .catalog
            .face(piece)
            .ok_or(ActionError::Turn(TurnError::NotInHand(NamedPiece::unknown(piece))))?;
        let slot = swap_slot(target.meld(), face, &self.config)
            .map_err(|e| e.error(id, NamedPiece::of(piece, &self.catalog)))?;
        let mut pieces = target.pieces().to_vec();
        let joker = pieces[slot];
        pieces[slot] = piece;
        self.state.table.replace(id, &pieces, &self.catalog, &self.rules)?;
        let hand = &mut self.state.hands[self.state.to_move];
        hand.remove(piece);
        hand.insert(joker);
        self.turn.won_jokers.insert(joker);
        // Won in sight of every seat: known to be in this hand.
        self.state.known[self.state.to_move].insert(joker);
        Ok(())
    }

    /// Both missing suits added to a set of three with a joker (`RULES.md` §3.6).
    fn ref_release_joker(&mut self, id: MeldId, added: [PieceId; 2]) -> Result<(), ActionError> {
        let target = *self.state.table.meld(id).ok_or(TableError::NoSuchMeld(id))?;
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
            let face = self
                .catalog
                .face(p)
                .ok_or(ActionError::Turn(TurnError::NotInHand(NamedPiece::unknown(p))))?;
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
        let mut pieces: Vec<PieceId> = old.iter().copied().filter(|&p| p != joker).collect();
        pieces.extend(added);
        self.state.table.replace(id, &pieces, &self.catalog, &self.rules)?;
        let hand = &mut self.state.hands[self.state.to_move];
        for p in added {
            hand.remove(p);
        }
        hand.insert(joker);
        self.turn.won_jokers.insert(joker);
        // Won in sight of every seat: known to be in this hand.
        self.state.known[self.state.to_move].insert(joker);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Game, JokerLimit, MeldId, MeldKind, PieceId, RunEnd, Seating};

    use crate::{Action, Config, JokerDiscard, NewMeld, OpeningScope, Rummy40, RummyLayOff, Set3JokerSwap};

    /// The presets and every option that changes what the check decides.
    fn configs() -> Vec<Config> {
        let mut either = Config::RUMMY40;
        either.set3_joker_swap = Set3JokerSwap::EitherMissing;
        either.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
        either.rummy_requires_opening_threshold = true;
        let mut strict = Config::RUMMY40;
        strict.taken_discard_must_be_used_after_open = true;
        strict.swapped_joker_must_be_played_same_turn = true;
        strict.forbid_playable_discard = true;
        strict.joker_discard = JokerDiscard::OnlyWhenClosing;
        strict.joker_limit = JokerLimit::NotMoreThanNaturals;
        strict.opening_threshold = 30;
        strict.max_restocks = Some(2);
        let mut scala_either = Config::SCALA40;
        scala_either.set3_joker_swap = Set3JokerSwap::EitherMissing;
        scala_either.ace_low_in_runs = false;
        // The taken card to play and a won joker to play too, where a joker may not fit.
        let mut scala_strict = Config::SCALA40;
        scala_strict.swapped_joker_must_be_played_same_turn = true;
        scala_strict.joker_limit = JokerLimit::NoAdjacent;
        vec![Config::RUMMY40, Config::SCALA40, either, strict, scala_either, scala_strict]
    }

    /// Every card of the hand in every single-card action on every meld, releases of
    /// pairs of the hand, the legal actions and variations of them (a card dropped,
    /// added or swapped for another, the other kind, the discard changed).
    fn candidates(g: &Rummy40, legal: &[Action], rng: &mut ChaCha8Rng) -> Vec<Action> {
        let seat = g.to_move().unwrap_or(0);
        let hand: Vec<PieceId> = g.hand(seat).unwrap().iter().collect();
        let all: Vec<PieceId> = g.catalog().ids().collect();
        let meld_ids: Vec<MeldId> = (0..g.table().len() as u16 + 2).map(MeldId::new).collect();
        let discard = hand.first().copied().unwrap_or(all[0]);
        let mut out = vec![
            Action::DrawStock,
            Action::TakeDiscard,
            Action::Open { melds: Vec::new() },
            Action::TakeDiscardAndOpen { melds: Vec::new() },
            Action::GoRummy { melds: Vec::new(), lay_offs: Vec::new(), discard },
            Action::TakeDiscardAndGoRummy { melds: Vec::new(), lay_offs: Vec::new(), discard },
        ];
        let card = |rng: &mut ChaCha8Rng| {
            *if rng.random_bool(0.8) { hand.choose(rng) } else { None }.unwrap_or(all.choose(rng).unwrap())
        };
        for &piece in hand.iter().chain(all.choose(rng)) {
            out.push(Action::Discard(piece));
            for &meld in &meld_ids {
                out.push(Action::SwapJoker { piece, meld });
                for end in [RunEnd::Front, RunEnd::Back] {
                    out.push(Action::LayOff { piece, onto: meld, end });
                }
            }
        }
        for _ in 0..6 {
            let meld = *meld_ids.choose(rng).unwrap();
            out.push(Action::ReleaseJoker { meld, pieces: [card(rng), card(rng)] });
        }
        let mutate = |m: &mut NewMeld, rng: &mut ChaCha8Rng| match rng.random_range(0..5) {
            0 => m.pieces.shuffle(rng),
            1 => {
                m.pieces.pop();
            }
            2 => m.pieces.push(card(rng)),
            3 => {
                let i = rng.random_range(0..m.pieces.len().max(1));
                if let Some(p) = m.pieces.get_mut(i) {
                    *p = card(rng);
                }
            }
            _ => m.kind = if m.kind == MeldKind::Run { MeldKind::Group } else { MeldKind::Run },
        };
        for a in legal {
            out.push(a.clone());
            let mut b = a.clone();
            match &mut b {
                Action::Open { melds } | Action::TakeDiscardAndOpen { melds } => {
                    if !melds.is_empty() {
                        let i = rng.random_range(0..melds.len());
                        mutate(&mut melds[i], rng);
                    }
                }
                Action::GoRummy { melds, lay_offs: builds, discard }
                | Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard } => match rng
                    .random_range(0..4)
                {
                    0 => *discard = card(rng),
                    1 => {
                        builds.push(RummyLayOff::new(card(rng), *meld_ids.choose(rng).unwrap(), RunEnd::Back))
                    }
                    2 => builds.reverse(),
                    _ => {
                        if !melds.is_empty() {
                            let i = rng.random_range(0..melds.len());
                            mutate(&mut melds[i], rng);
                        }
                    }
                },
                Action::Meld(m) => mutate(m, rng),
                _ => continue,
            }
            out.push(b);
        }
        out
    }

    /// The check and the commit agree with the reference (the action played on a copy)
    /// on every candidate of random reachable states, under every option: the same
    /// verdict, the same error, and on success the same state after. Random play with a
    /// bias to melding, so that openings, builds, swaps, releases, rummies and the
    /// Scala 40 obligations are all met.
    #[test]
    fn check_and_commit_agree_with_play_on_a_copy() {
        let mut rng = ChaCha8Rng::seed_from_u64(71);
        let (mut legal, mut compared, mut accepted) = (Vec::new(), 0usize, 0usize);
        let mut errors = std::collections::BTreeSet::new();
        for game_no in 0..60 {
            let configs = configs();
            let config = configs[game_no % configs.len()];
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            for _ in 0..400 {
                if g.to_move().is_none() {
                    break;
                }
                g.legal_actions(&mut legal);
                for a in candidates(&g, &legal, &mut rng) {
                    let by_copy = g.check_by_copy(&a);
                    assert_eq!(
                        g.check(g.to_move().unwrap_or_default(), &a),
                        by_copy.as_ref().map(|_| ()).map_err(Clone::clone),
                        "{a:?} in {g:?}"
                    );
                    let mut applied = g.clone();
                    match (applied.apply(applied.to_move().unwrap_or_default(), a.clone()), by_copy) {
                        (Ok(()), Ok(next)) => {
                            assert_eq!(applied, next, "{a:?}");
                            accepted += 1;
                        }
                        (Err(e), Err(_)) => {
                            assert_eq!(applied, g, "{a:?} refused changed the state");
                            errors.insert(
                                format!("{:?}", e).split([' ', '(', '{']).next().unwrap_or("").to_owned(),
                            );
                        }
                        (got, _) => panic!("{a:?}: apply gave {got:?}, unlike the check"),
                    }
                    compared += 1;
                }
                // Meld when possible, so that the table fills.
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.7);
                g.apply(g.to_move().unwrap_or_default(), a).unwrap();
            }
        }
        eprintln!("{compared} actions compared, {accepted} accepted; errors met: {errors:?}");
        assert!(accepted > 5_000 && compared > 100_000, "{accepted} of {compared}");
        for e in [
            "NoDiscardLeft",
            "TakenCardNotUsed",
            "SwappedJokerNotPlayed",
            "PlayableDiscard",
            "Table",
            "NoJokerFor",
            "AlreadyOpened",
            "NoMelds",
            "TakenCardNotMelded",
            "OpeningBelowThreshold",
            "ClosedSet",
            "NotAReleasableSet",
            "JokerDiscard",
        ] {
            assert!(errors.contains(e), "no {e} met: {errors:?}");
        }
    }

    /// The play of a taken discard under `taken_discard_must_be_used_after_open`
    /// (`RULES.md` §3.3), a joker swap and a release among its uses (§3.6), on random
    /// positions of an opened player at the draw: a table of runs and sets with jokers,
    /// the top discard often a card one of them stands for or a set of three with a joker
    /// lacks, the hand then often holding the other suit it lacks. The check of the take
    /// agrees with the reference and the legal list holds the take exactly when the
    /// check accepts it; a take refused for want of a use is one after which no build,
    /// meld, swap or release of the card passes the check, and an accepted take one after
    /// which some does. Positions where a swap is the card's only use are met, and swaps
    /// refused for a won joker that cannot be played; releases are met, never as the
    /// card's only use at the draw (the set takes the card by a build too, which leaves
    /// the other card to discard).
    #[test]
    fn rules_3_3_a_take_for_a_swap_or_release_agrees_with_the_reference_on_random_positions() {
        use rummykit_core::{Card, Face, SetupMeld};

        use crate::random_melds::{natural, random_card, random_table_meld};
        use crate::{ActionError, Phase, Setup};
        let mut rng = ChaCha8Rng::seed_from_u64(83);
        let (mut positions, mut accepted, mut swap_only, mut swap_blocked) = (0, 0, 0, 0);
        let (mut release_ok, mut release_only) = (0, 0);
        let mut legal = Vec::new();
        for n in 0..3000usize {
            let mut config = Config::SCALA40;
            config.swapped_joker_must_be_played_same_turn = n % 2 == 1;
            config.set3_joker_swap =
                if n % 4 < 2 { Set3JokerSwap::BothMissing } else { Set3JokerSwap::EitherMissing };
            config.joker_limit =
                [JokerLimit::Unlimited, JokerLimit::NotMoreThanNaturals, JokerLimit::NoAdjacent][n % 3];
            config.ace_low_in_runs = n % 5 != 0;
            // Some tables have no room for a joker at any end (runs of thirteen, sets of
            // four), so that only the hand can take a won joker.
            let full = rng.random_bool(0.3);
            let (mut table, mut stands_for) = (Vec::new(), Vec::new());
            let mut lacking: Vec<Vec<Card>> = Vec::new();
            for _ in 0..rng.random_range(1..=3) {
                let (kind, mut cards) = random_table_meld(&mut rng, full);
                for _ in 0..rng.random_range(0..=2) {
                    let at = rng.random_range(0..cards.len());
                    if !cards[at].is_joker() {
                        stands_for.push(cards[at]);
                    }
                    cards[at] = Card::JOKER;
                }
                // The cards a set of three with a joker lacks: two of them release it.
                if kind == MeldKind::Group && cards.len() == 3 && cards.contains(&Card::JOKER) {
                    let present =
                        cards.iter().filter_map(|c| c.suit_index()).fold(0u8, |bits, s| bits | 1 << s);
                    if let Some(number) = cards.iter().find_map(|c| c.number()) {
                        lacking.push(
                            (0..4).filter(|s| present & 1 << s == 0).map(|s| natural(s, number)).collect(),
                        );
                    }
                }
                table.push(SetupMeld::new(rng.random_range(0..4), kind, cards));
            }
            let mut hand: Vec<Card> =
                (0..rng.random_range(1..=6)).map(|_| random_card(&mut rng, 0.05)).collect();
            let top = match (lacking.choose(&mut rng), stands_for.choose(&mut rng)) {
                (Some(cards), _) if rng.random_bool(0.5) => {
                    let top = *cards.choose(&mut rng).unwrap();
                    // Often with a card of another suit the set lacks.
                    if let Some(&other) = cards.iter().find(|&&c| c != top).filter(|_| rng.random_bool(0.7)) {
                        hand.push(other);
                    }
                    top
                }
                (_, Some(&card)) if rng.random_bool(0.7) => card,
                _ => random_card(&mut rng, 0.05),
            };
            // Four seats: room in the deal for the cards of the table.
            let others = (0..3).map(|_| vec![random_card(&mut rng, 0.05)]);
            let mut setup = Setup::new(core::iter::once(hand.clone()).chain(others).collect());
            setup.table = table;
            setup.opened = vec![true; 4];
            setup.to_move = Some(0);
            let mut after = setup.clone();
            setup.discard = vec![top];
            setup.fill_stock_from(&config.catalog().unwrap());
            let Ok(g) = Rummy40::from_setup(&config, setup) else { continue };
            // The same position once the card is taken, its guard not asked.
            after.hands[0].push(top);
            after.phase = Phase::Play;
            after.taken = Some(top);
            after.known = vec![vec![top], vec![], vec![], vec![]];
            after.fill_stock_from(&config.catalog().unwrap());
            let Ok(taken) = Rummy40::from_setup_guarded(&config, after, false) else { continue };
            positions += 1;
            let verdict = g.check(0, &Action::TakeDiscard);
            assert_eq!(verdict, g.check_by_copy(&Action::TakeDiscard).map(|_| ()), "{g:?}");
            g.legal_actions(&mut legal);
            assert_eq!(legal.contains(&Action::TakeDiscard), verdict.is_ok(), "{g:?}");
            // The card's uses once taken: builds and swaps tried on every meld, melds as
            // the list has them (it lists what the check accepts).
            let card = taken.taken_this_turn().unwrap();
            let ids: Vec<MeldId> = taken.table().melds().iter().map(|m| m.id()).collect();
            let built = ids.iter().any(|&onto| {
                [RunEnd::Front, RunEnd::Back]
                    .into_iter()
                    .any(|end| taken.check(0, &Action::LayOff { piece: card, onto, end }).is_ok())
            });
            taken.legal_actions(&mut legal);
            let melded = legal.iter().any(|a| matches!(a, Action::Meld(m) if m.pieces.contains(&card)));
            let swaps: Vec<_> =
                ids.iter().map(|&meld| taken.check(0, &Action::SwapJoker { piece: card, meld })).collect();
            let swapped = swaps.iter().any(Result::is_ok);
            let released = ids.iter().any(|&meld| {
                taken.hand(0).unwrap().iter().filter(|&other| other != card).any(|other| {
                    taken.check(0, &Action::ReleaseJoker { meld, pieces: [card, other] }).is_ok()
                })
            });
            let used = built || melded || swapped || released;
            match verdict {
                Ok(()) => assert!(used, "{g:?}"),
                Err(ActionError::TakenCardNotUsed { .. }) => assert!(!used, "{g:?}"),
                Err(_) => {}
            }
            accepted += usize::from(verdict.is_ok());
            swap_only += usize::from(swapped && !built && !melded && !released);
            release_ok += usize::from(released);
            release_only += usize::from(released && !built && !melded && !swapped);
            swap_blocked +=
                swaps.iter().filter(|s| matches!(s, Err(ActionError::SwappedJokerNotPlayed { .. }))).count();
        }
        eprintln!(
            "{positions} positions, {accepted} takes accepted, {swap_only} only by a swap, {swap_blocked} swaps \
             refused, {release_ok} with a release, {release_only} only by one"
        );
        assert_eq!(release_only, 0, "a release the only use of the card taken");
        assert!(
            positions > 1_500 && accepted > 300 && swap_only > 100 && swap_blocked > 20 && release_ok > 70,
            "{positions} positions, {accepted} accepted, {swap_only} only by a swap, {swap_blocked} swaps refused, \
             {release_ok} with a release"
        );
    }
}
