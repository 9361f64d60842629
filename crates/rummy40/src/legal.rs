//! [`Rummy40::legal_actions`]: every legal action, in a deterministic order.
//!
//! Candidates are generated from the hand and the table (melds through core's
//! [`hand_melds`], combined by face counts, then every assignment of card identities)
//! and each one is kept only if [`Rummy40::check`] accepts it, so the enumeration and
//! the check cannot disagree about what is legal; the tests check the other direction
//! (every action the check accepts is enumerated) on random reachable states.

use std::collections::BTreeSet;

use rummykit_core::{Card, Face, MeldKind, MeldTable, PieceId, PieceSet, RunEnd, hand_melds};

use crate::{Action, LayOff, NewMeld, OpeningScope, Phase, Rummy40, meld_value};

/// A way to go rummy: new melds, builds (in normal order), the discard.
type Rummy = (Vec<NewMeld>, Vec<LayOff>, PieceId);

/// A meld by faces, formable from some hand.
pub(crate) struct FaceMeld {
    kind: MeldKind,
    faces: Vec<Card>,
    value: u32,
    counts: [u8; 53],
}

impl Rummy40 {
    /// Every legal action of the player to move, each once in its
    /// [normal form](Action::normalized), in a deterministic order: draws, openings and
    /// rummies, melds, builds, swaps, releases, discards. Empty when the hand is over.
    ///
    /// An action is accepted by [`Rummy40::apply`] exactly when its normal form is listed.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    /// let mut actions = Vec::new();
    /// game.legal_actions(&mut actions);
    /// for a in &actions {
    ///     assert!(game.check(a).is_ok());
    /// }
    /// game.apply(Action::DrawStock).unwrap();
    /// game.legal_actions(&mut actions);
    /// assert!(actions.iter().filter(|a| matches!(a, Action::Discard(_))).count() == 14);
    /// ```
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let seat = self.to_move;
        let hand = self.hand(seat);
        let opened = self.has_opened(seat);
        let push = |a: Action, out: &mut Vec<Action>| {
            if self.check(&a).is_ok() {
                out.push(a);
            }
        };
        match self.phase {
            Phase::Over => {}
            Phase::Draw => {
                push(Action::DrawStock, out);
                if opened {
                    push(Action::TakeDiscard, out);
                } else if let Some(top) = self.piles.top_discard() {
                    let mut with_top = hand;
                    with_top.insert(top);
                    let threshold = Some(self.config.opening_threshold);
                    for melds in self.openings(with_top, threshold, Some(top)) {
                        push(Action::TakeDiscardAndOpen { melds }, out);
                    }
                    for (melds, builds, discard) in self.rummies(with_top, Some(top)) {
                        let a = if builds.is_empty() {
                            Action::TakeDiscardAndGoRummy { melds, discard }
                        } else {
                            Action::TakeDiscardAndGoRummyBuilding { melds, builds, discard }
                        };
                        push(a, out);
                    }
                }
            }
            Phase::Play => {
                if !opened {
                    let threshold = match self.config.opening_threshold_scope {
                        OpeningScope::Always => Some(self.config.opening_threshold),
                        OpeningScope::OnlyWhenTakingDiscard => None,
                    };
                    for melds in self.openings(hand, threshold, None) {
                        push(Action::Open { melds }, out);
                    }
                    for (melds, builds, discard) in self.rummies(hand, None) {
                        let a = if builds.is_empty() {
                            Action::GoRummy { melds, discard }
                        } else {
                            Action::GoRummyBuilding { melds, builds, discard }
                        };
                        push(a, out);
                    }
                } else {
                    let fms = self.face_melds(hand);
                    let mut singles = BTreeSet::new();
                    for fm in &fms {
                        self.expand(&[fm], hand, &mut singles);
                    }
                    for mut melds in singles {
                        if let Some(m) = melds.pop() {
                            push(Action::Meld(m), out);
                        }
                    }
                    let table = self.table.melds();
                    for piece in hand {
                        for m in table {
                            for end in [RunEnd::Front, RunEnd::Back] {
                                push(Action::Build { piece, meld: m.id(), end }, out);
                            }
                        }
                    }
                    for piece in hand {
                        for m in table.iter().filter(|m| m.meld().jokers() > 0) {
                            push(Action::SwapJoker { piece, meld: m.id() }, out);
                        }
                    }
                    for m in
                        table.iter().filter(|m| m.meld().kind() == MeldKind::Group && m.meld().len() == 3)
                    {
                        let number = m.meld().value_at(0);
                        let fitting: Vec<PieceId> = hand
                            .iter()
                            .filter(|&p| self.face(p).and_then(|f| f.number()) == number)
                            .collect();
                        for (i, &a) in fitting.iter().enumerate() {
                            for &b in &fitting[i + 1..] {
                                push(Action::ReleaseJoker { meld: m.id(), pieces: [a, b] }, out);
                            }
                        }
                    }
                }
                for piece in hand {
                    push(Action::Discard(piece), out);
                }
            }
        }
    }

    /// Every meld formable from `cards`, by faces.
    pub(crate) fn face_melds(&self, cards: PieceSet) -> Vec<FaceMeld> {
        let faces: Vec<Card> = cards.iter().filter_map(|p| self.face(p)).collect();
        let Ok(melds) = hand_melds(&faces, &self.rules) else { return Vec::new() };
        melds
            .iter()
            .filter_map(|hm| {
                let fs: Vec<Card> = hm.select(&faces).copied().collect();
                let meld = rummykit_core::Meld::new(hm.kind(), &fs, &self.rules).ok()?;
                let mut counts = [0u8; 53];
                for f in &fs {
                    counts[f.index() as usize] += 1;
                }
                Some(FaceMeld { kind: hm.kind(), faces: fs, value: meld_value(&meld), counts })
            })
            .collect()
    }

    /// Can `card` (in the mover's hand) be melded or built right now, by one action that
    /// leaves a legal discard? Used where a rule obliges the player to play a card this
    /// turn (a taken discard, a won joker), so that the obligation can always be met.
    pub(crate) fn can_play(&self, card: PieceId) -> bool {
        for m in self.table.melds() {
            for end in [RunEnd::Front, RunEnd::Back] {
                if self.check(&Action::Build { piece: card, meld: m.id(), end }).is_ok() {
                    return true;
                }
            }
        }
        let hand = self.hand(self.to_move);
        let face = self.face(card);
        for fm in self.face_melds(hand).iter().filter(|fm| fm.faces.iter().any(|&f| Some(f) == face)) {
            let mut found = BTreeSet::new();
            self.expand(&[fm], hand, &mut found);
            for mut ms in found {
                if let Some(m) = ms.pop()
                    && m.pieces.contains(&card)
                    && self.check(&Action::Meld(m)).is_ok()
                {
                    return true;
                }
            }
        }
        false
    }

    /// Every batch of disjoint melds from `cards` worth `threshold` (if any) that keeps a
    /// card back and holds `required`, by identity, normalized.
    fn openings(
        &self,
        cards: PieceSet,
        threshold: Option<u32>,
        required: Option<PieceId>,
    ) -> Vec<Vec<NewMeld>> {
        let fms = self.face_melds(cards);
        let total = cards.len();
        let mut out = BTreeSet::new();
        combos(&fms, counts_of(self, cards), &mut |chosen, used, value, _| {
            if used < total && threshold.is_none_or(|t| value >= t) {
                let melds: Vec<&FaceMeld> = chosen.iter().map(|&i| &fms[i]).collect();
                let mut found = BTreeSet::new();
                self.expand(&melds, cards, &mut found);
                out.extend(
                    found
                        .into_iter()
                        .filter(|ms| required.is_none_or(|r| ms.iter().any(|m| m.pieces.contains(&r)))),
                );
            }
        });
        out.into_iter().collect()
    }

    /// Every way to go rummy with `cards` (`RULES.md` §3.7): new melds (holding
    /// `required`), builds onto the melds on the table, in their normal order, and the
    /// one card left as the discard.
    fn rummies(&self, cards: PieceSet, required: Option<PieceId>) -> Vec<Rummy> {
        let fms = self.face_melds(cards);
        let total = cards.len();
        let reach = Reach::of(self);
        let mut out = BTreeSet::new();
        combos(&fms, counts_of(self, cards), &mut |chosen, used, _, rest| {
            let left = total - used;
            // Every left card but the discard is built: at most one may fit nowhere.
            if left == 0 || (left > 1 && !reach.all_but_one(rest)) {
                return;
            }
            let melds: Vec<&FaceMeld> = chosen.iter().map(|&i| &fms[i]).collect();
            let mut found = BTreeSet::new();
            self.expand(&melds, cards, &mut found);
            for ms in found {
                if required.is_some_and(|r| !ms.iter().any(|m| m.pieces.contains(&r))) {
                    continue;
                }
                let mut left = cards;
                for m in &ms {
                    for p in &m.pieces {
                        left.remove(*p);
                    }
                }
                let mut builds = Vec::new();
                self.build_all_but_one(&self.table, 0, RunEnd::Front, left, &mut builds, &mut |b, d| {
                    out.insert((ms.clone(), b.to_vec(), d));
                });
            }
        });
        out.into_iter().collect()
    }

    /// Every sequence of builds, in normal order from meld `at` and `end` on, that lays
    /// all of `left` but one card onto `table`; calls `emit(builds, that card)`.
    fn build_all_but_one(
        &self,
        table: &MeldTable<Card>,
        at: usize,
        end: RunEnd,
        left: PieceSet,
        builds: &mut Vec<LayOff>,
        emit: &mut dyn FnMut(&[LayOff], PieceId),
    ) {
        if left.len() == 1 {
            if let Some(d) = left.first() {
                emit(builds, d);
            }
            return;
        }
        let Some(target) = table.melds().get(at) else { return };
        let id = target.id();
        for p in left {
            if table.check_lay_off(id, p, end, &self.catalog, &self.rules).is_ok() {
                let mut next = table.clone();
                if next.lay_off(id, p, end, &self.catalog, &self.rules).is_ok() {
                    let mut rest = left;
                    rest.remove(p);
                    builds.push(LayOff::new(p, id, end));
                    self.build_all_but_one(&next, at, end, rest, builds, emit);
                    builds.pop();
                }
            }
        }
        match end {
            RunEnd::Front => self.build_all_but_one(table, at, RunEnd::Back, left, builds, emit),
            RunEnd::Back => self.build_all_but_one(table, at + 1, RunEnd::Front, left, builds, emit),
        }
    }

    /// Every assignment of card identities from `cards` to the faces of `melds`,
    /// normalized, into `out`.
    pub(crate) fn expand(&self, melds: &[&FaceMeld], cards: PieceSet, out: &mut BTreeSet<Vec<NewMeld>>) {
        let mut by_face: Vec<Vec<PieceId>> = vec![Vec::new(); 53];
        for p in cards {
            if let Some(f) = self.face(p) {
                by_face[f.index() as usize].push(p);
            }
        }
        let slots: Vec<Card> = melds.iter().flat_map(|m| m.faces.iter().copied()).collect();
        let mut chosen: Vec<PieceId> = Vec::with_capacity(slots.len());
        let mut used = PieceSet::new();
        assign(&slots, &by_face, &mut chosen, &mut used, &mut |ids| {
            let mut k = 0;
            let mut batch: Vec<NewMeld> = melds
                .iter()
                .map(|m| {
                    let pieces = ids[k..k + m.faces.len()].to_vec();
                    k += m.faces.len();
                    let a = Action::Meld(NewMeld::new(m.kind, pieces)).normalized();
                    match a {
                        Action::Meld(nm) => nm,
                        _ => NewMeld::new(m.kind, Vec::new()),
                    }
                })
                .collect();
            batch.sort();
            out.insert(batch);
        });
    }
}

/// Which faces could ever be built onto the table (an over-approximation: a natural
/// of a suit with a run on the table or of a rank with an open set; a joker if any meld
/// has room), to skip rummy candidates that leave two cards that fit nowhere.
struct Reach {
    suits: u8,
    numbers: u16,
    jokers: bool,
}

impl Reach {
    fn of(game: &Rummy40) -> Reach {
        let mut reach = Reach { suits: 0, numbers: 0, jokers: false };
        for m in game.table.melds() {
            let meld = m.meld();
            match meld.kind() {
                MeldKind::Run => {
                    if let Some(s) = meld.faces().iter().find_map(|f| f.suit_index()) {
                        reach.suits |= 1 << s;
                    }
                    reach.jokers |= meld.len() < 13;
                }
                MeldKind::Group => {
                    if meld.len() < 4
                        && let Some(n) = meld.faces().iter().find_map(|f| f.number())
                    {
                        reach.numbers |= 1 << n;
                        reach.jokers = true;
                    }
                }
            }
        }
        reach
    }

    fn fits(&self, face: Card) -> bool {
        if face.is_joker() {
            return self.jokers;
        }
        face.suit_index().is_some_and(|s| self.suits & (1 << s) != 0)
            || face.number().is_some_and(|n| self.numbers & (1 << n) != 0)
    }

    /// At most one card of the face counts `rest` fits nowhere.
    fn all_but_one(&self, rest: &[u8; 53]) -> bool {
        let mut misfits = 0;
        for (i, &n) in rest.iter().enumerate() {
            if n > 0 && !Card::from_index(i as u8).is_some_and(|f| self.fits(f)) {
                misfits += n;
                if misfits > 1 {
                    return false;
                }
            }
        }
        true
    }
}

fn counts_of(game: &Rummy40, cards: PieceSet) -> [u8; 53] {
    let mut counts = [0u8; 53];
    for p in cards {
        if let Some(f) = game.face(p) {
            counts[f.index() as usize] += 1;
        }
    }
    counts
}

/// What [`combos`] calls for each multiset of melds.
type Visit<'a> = dyn FnMut(&[usize], usize, u32, &[u8; 53]) + 'a;

/// Calls `visit(chosen, cards used, value, face counts left)` for every non-empty
/// multiset of `melds` that `counts` can supply.
fn combos(melds: &[FaceMeld], mut counts: [u8; 53], visit: &mut Visit<'_>) {
    fn go(
        melds: &[FaceMeld],
        start: usize,
        counts: &mut [u8; 53],
        chosen: &mut Vec<usize>,
        used: usize,
        value: u32,
        visit: &mut Visit<'_>,
    ) {
        if !chosen.is_empty() {
            visit(chosen, used, value, counts);
        }
        for i in start..melds.len() {
            let m = &melds[i];
            if m.counts.iter().zip(counts.iter()).any(|(need, have)| need > have) {
                continue;
            }
            for (c, n) in counts.iter_mut().zip(m.counts.iter()) {
                *c -= n;
            }
            chosen.push(i);
            go(melds, i, counts, chosen, used + m.faces.len(), value + m.value, visit);
            chosen.pop();
            for (c, n) in counts.iter_mut().zip(m.counts.iter()) {
                *c += n;
            }
        }
    }
    go(melds, 0, &mut counts, &mut Vec::new(), 0, 0, visit);
}

/// Every injective assignment of ids (of the right face) to `slots`.
fn assign(
    slots: &[Card],
    by_face: &[Vec<PieceId>],
    chosen: &mut Vec<PieceId>,
    used: &mut PieceSet,
    leaf: &mut dyn FnMut(&[PieceId]),
) {
    let Some(&face) = slots.get(chosen.len()) else {
        leaf(chosen);
        return;
    };
    for &id in &by_face[face.index() as usize] {
        if used.insert(id) {
            chosen.push(id);
            assign(slots, by_face, chosen, used, leaf);
            chosen.pop();
            used.remove(id);
        }
    }
}
