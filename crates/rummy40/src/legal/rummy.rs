//! Going rummy (`RULES.md` §3.7): every way an unopened player lays the whole hand down
//! in one turn, as new melds and builds onto the table's melds, but for one card to discard.

use rummykit_core::{Card, Face, Meld, MeldKind, MeldTable, PieceId, PieceSet, RunEnd};

use crate::RummyLayOff;
use crate::turn::{Turn, may_extend};

use super::batch::{Copies, Scratch, decode_batch, expand, sort_keys};
use super::combos::{combos, two_of};
use super::faces::FaceCounts;
use super::table::{LazyReach, Reach};
use super::{JOKER, Key, RANK, Rummy, SUIT, ValuedMeld, without};

impl Turn<'_> {
    /// The search of every way to go rummy with `cards` (`RULES.md` §3.7): new melds
    /// (holding `required`), builds onto the melds on the table, in their normal order,
    /// and the one card left as the discard; with the melds' value. `None` when there is
    /// none to look for: no meld, or (with `bound`) two cards that are in no meld and fit
    /// no table meld. Run by [`Turn::openings`] along its own walk, or alone
    /// ([`RummySearch::run`]).
    pub(super) fn rummy_search<'r>(
        &self,
        cards: PieceSet,
        (counts, present, _): &FaceCounts,
        fms: &[ValuedMeld],
        required: Option<PieceId>,
        bound: bool,
        reach: &'r LazyReach<'_>,
    ) -> Option<RummySearch<'r>> {
        if fms.is_empty() {
            return None;
        }
        let (counts, present) = (*counts, *present);
        let reach = reach.get();
        // `present`: the faces held, by bit, the only counts the search can leave non-zero.
        if bound {
            // The faces held in no meld: every card of them must be built.
            let covered = fms.iter().fold(0u64, |bits, fm| bits | fm.mask);
            let loose = present & !covered;
            let (mut misfits, mut stuck) = (0, loose & !reach.fitting(&counts, loose));
            while stuck != 0 {
                misfits += counts[stuck.trailing_zeros() as usize];
                stuck &= stuck - 1;
            }
            if misfits > 1 {
                return None;
            }
        }
        // A card that fits no table meld with all the cards at hand fits none with fewer.
        let mut misfit = 0u64;
        // The table's melds by faces, copied once for every search of builds below.
        let mut table: Vec<Meld<Card>> = Vec::new();
        let mut unreached = Vec::new();
        if bound {
            misfit = present & !reach.fitting(&counts, present);
            table.extend(self.table.melds().iter().map(|m| *m.meld()));
            unreached = unreached_from(&table, present);
        }
        Some(RummySearch {
            cards,
            total: cards.len(),
            counts,
            present,
            required,
            bound,
            reach,
            misfit,
            table,
            unreached,
            out_from: Vec::new(),
            by_face: None,
            out: Vec::new(),
            melds: Vec::new(),
            arena: Vec::new(),
            keys: Vec::new(),
            scratch: Scratch::default(),
            done: false,
        })
    }

    /// Can `left` cards (face counts `rest`) all but one be built onto `table` (meld faces),
    /// in normal order from meld `at` and `end` on? The face-level version of
    /// [`Turn::build_all_but_one`], trying only the cards that can fit an end.
    /// `unreached[i]`: faces that no meld from `i` on can take ([`unreached_from`]; an
    /// empty slice prunes nothing).
    fn builds_all_but_one(
        &self,
        (table, unreached): (&mut [Meld<Card>], &[u64]),
        at: usize,
        end: RunEnd,
        rest: &mut [u8; 53],
        left: usize,
    ) -> bool {
        if left <= 1 {
            return true;
        }
        // Two cards no meld from here on can take: one of them would stay in hand. (Their
        // number only falls as the search goes on in a meld, so asked as it starts one.)
        if end == RunEnd::Front && unreached.get(at).is_some_and(|&faces| two_of(faces, rest)) {
            return false;
        }
        let Some(&meld) = table.get(at) else { return false };
        let mut candidates = [Card::JOKER; 5];
        let mut n = 0;
        if let Some(natural) = meld.faces().iter().copied().find(|f| !f.is_joker())
            && let (Some(suit), Some(number)) = (natural.suit_index(), natural.number())
        {
            match meld.kind() {
                MeldKind::Group => {
                    for s in 0..4u8 {
                        candidates[n] = Card::from_index(s * 13 + number - 1).unwrap_or(Card::JOKER);
                        n += 1;
                    }
                }
                MeldKind::Run => {
                    let rank = |v: u8| (v + 12) % 13 + 1;
                    let r = match end {
                        RunEnd::Front => {
                            meld.value_at(0).map(|v| if rank(v) == 1 { 13 } else { rank(v) - 1 })
                        }
                        RunEnd::Back => {
                            meld.value_at(meld.len() - 1).map(|v| if rank(v) == 13 { 1 } else { rank(v) + 1 })
                        }
                    };
                    if let Some(r) = r {
                        candidates[n] = Card::from_index(suit * 13 + r - 1).unwrap_or(Card::JOKER);
                        n += 1;
                    }
                }
            }
        }
        candidates[n] = Card::JOKER;
        n += 1;
        for &face in &candidates[..n] {
            let i = face.index() as usize;
            if rest[i] == 0 {
                continue;
            }
            let mut faces = [Card::JOKER; rummykit_core::MAX_MELD_LEN];
            let len = meld.len();
            if len >= faces.len() {
                continue;
            }
            if end == RunEnd::Front && meld.kind() == MeldKind::Run {
                faces[0] = face;
                faces[1..=len].copy_from_slice(meld.faces());
            } else {
                faces[..len].copy_from_slice(meld.faces());
                faces[len] = face;
            }
            let Ok(longer) = Meld::new(meld.kind(), &faces[..=len], &self.rules) else { continue };
            table[at] = longer;
            rest[i] -= 1;
            let ok = self.builds_all_but_one((table, unreached), at, end, rest, left - 1);
            rest[i] += 1;
            table[at] = meld;
            if ok {
                return true;
            }
        }
        match end {
            RunEnd::Front => self.builds_all_but_one((table, unreached), at, RunEnd::Back, rest, left),
            RunEnd::Back => self.builds_all_but_one((table, unreached), at + 1, RunEnd::Front, rest, left),
        }
    }

    /// Every sequence of builds, in normal order from meld `at` and `end` on, that lays
    /// all of `left` but one card onto `table`; calls `emit(builds, that card)`. The
    /// builds so far changed only meld `at` (the earlier ones are done with): `current`
    /// is that meld as they left it (`None`: as on the table), so no table is copied.
    /// `out_from[i]`: cards that no meld from `i` on can take (an empty slice prunes
    /// nothing).
    #[allow(clippy::too_many_arguments)]
    fn build_all_but_one(
        &self,
        (table, out_from): (&MeldTable<Card>, &[PieceSet]),
        at: usize,
        end: RunEnd,
        current: Option<Meld<Card>>,
        left: PieceSet,
        builds: &mut Vec<RummyLayOff>,
        emit: &mut dyn FnMut(&[RummyLayOff], PieceId),
    ) {
        if left.len() == 1 {
            if let Some(d) = left.first() {
                emit(builds, d);
            }
            return;
        }
        // As in the search by faces: two cards left that no meld from here on can take.
        if end == RunEnd::Front && out_from.get(at).is_some_and(|out| left.intersection(out).len() > 1) {
            return;
        }
        let Some(target) = table.melds().get(at) else { return };
        let id = target.id();
        let meld = current.unwrap_or(*target.meld());
        for p in left {
            // The cards left are in hand, on no meld: whether one fits is the meld's own
            // rule, the one the table's `lay_off` applies, and gives the longer meld.
            let Some(longer) = self
                .face(p)
                .filter(|&face| may_extend(&meld, face))
                .and_then(|face| meld.extended(face, end, &self.rules).ok())
            else {
                continue;
            };
            let mut rest = left;
            rest.remove(p);
            builds.push(RummyLayOff::new(p, id, end));
            self.build_all_but_one((table, out_from), at, end, Some(longer), rest, builds, emit);
            builds.pop();
        }
        match end {
            RunEnd::Front => {
                self.build_all_but_one((table, out_from), at, RunEnd::Back, Some(meld), left, builds, emit);
            }
            RunEnd::Back => {
                self.build_all_but_one((table, out_from), at + 1, RunEnd::Front, None, left, builds, emit)
            }
        }
    }
}

/// The search of the ways to go rummy ([`Turn::rummy_search`]): what the visit of each
/// multiset of new melds reads, and the rummies found, collected unsorted.
pub(super) struct RummySearch<'r> {
    cards: PieceSet,
    total: usize,
    counts: [u8; 53],
    present: u64,
    required: Option<PieceId>,
    bound: bool,
    reach: &'r Reach,
    /// With `bound`, the faces held that fit no table meld (bits by face index).
    misfit: u64,
    /// The table's melds by faces (with `bound`: the builds' search by faces).
    table: Vec<Meld<Card>>,
    /// With `bound`, per place in `table` (and one past its end), the faces held that no
    /// meld from there on can take ([`unreached_from`]).
    unreached: Vec<u64>,
    /// With `bound`, the same by card for the cards left by one batch (reused room).
    out_from: Vec<PieceSet>,
    /// The ids by face, listed once a candidate is found (most hands hold none).
    by_face: Option<[PieceSet; 53]>,
    out: Vec<Rummy>,
    /// Buffers reused from one multiset to the next.
    melds: Vec<ValuedMeld>,
    arena: Vec<u8>,
    keys: Vec<Key>,
    scratch: Scratch,
    /// The multisets were walked (by the openings' search).
    pub(super) done: bool,
}

impl RummySearch<'_> {
    /// Per place in `fms`, the faces that must be melded or built but are in no meld
    /// from that place on: a multiset whose last meld is there and that leaves two such
    /// cards leads to no rummy (a card of a face in no meld still to be chosen stays in
    /// hand). Nothing without `bound`.
    pub(super) fn stuck_for(&self, fms: &[ValuedMeld]) -> Vec<u64> {
        let mut stuck = Vec::new();
        if self.bound {
            stuck.resize(fms.len(), 0);
            let mut later = 0u64;
            for (i, fm) in fms.iter().enumerate().rev() {
                later |= fm.mask;
                stuck[i] = self.misfit & !later;
            }
        }
        stuck
    }

    /// The search on its own, over every multiset of `fms`.
    pub(super) fn run(&mut self, pos: &Turn<'_>, fms: &[ValuedMeld]) {
        let stuck = self.stuck_for(fms);
        let counts = self.counts;
        let mut walk = core::mem::take(&mut self.scratch.walk);
        let supply = (counts, self.present, Copies::of(&counts));
        combos(fms, fms.len(), supply, &stuck, false, &mut walk, &mut |chosen, used, value, rest, _| {
            self.visit(pos, fms, chosen, used, value, rest);
        });
        self.scratch.walk = walk;
        self.done = true;
    }

    /// The rummies of the multiset `fms[chosen]` (`used` cards, worth `value`, leaving
    /// the face counts `rest`).
    pub(super) fn visit(
        &mut self,
        pos: &Turn<'_>,
        fms: &[ValuedMeld],
        chosen: &[usize],
        used: usize,
        value: u32,
        rest: &[u8; 53],
    ) {
        let left = self.total - used;
        // Every left card but the discard is built: at most one may fit nowhere. (Those
        // that fit no table meld with every card at hand, by counts first.)
        if left == 0
            || (left > 1 && (two_of(self.misfit, rest) || !self.reach.all_but_one(rest, self.present)))
        {
            return;
        }
        if self.bound && left > 1 {
            // By faces first: can all but one of the left cards be built at all? (The
            // search leaves `table` as it found it.)
            let mut rest = *rest;
            if !pos.builds_all_but_one((&mut self.table, &self.unreached), 0, RunEnd::Front, &mut rest, left)
            {
                return;
            }
        }
        let RummySearch {
            cards,
            required,
            unreached,
            out_from,
            by_face,
            out,
            melds,
            arena,
            keys,
            scratch,
            ..
        } = self;
        melds.clear();
        melds.extend(chosen.iter().map(|&i| fms[i]));
        let refs: Vec<&ValuedMeld> = melds.iter().collect();
        arena.clear();
        keys.clear();
        let by_face = by_face.get_or_insert_with(|| pos.ids_by_face(*cards));
        expand(&refs, by_face, *required, arena, keys, scratch);
        sort_keys(arena, keys);
        for key in keys.iter() {
            let ms = decode_batch(&arena[key.clone()]);
            let left = without(*cards, &ms);
            out_from.clear();
            out_from.extend(unreached.iter().map(|&faces| {
                let mut out = PieceSet::new();
                let mut bits = faces;
                while bits != 0 {
                    out = out.union(&by_face[bits.trailing_zeros() as usize]);
                    bits &= bits - 1;
                }
                out.intersection(&left)
            }));
            let mut builds = Vec::new();
            let table = (pos.table, &out_from[..]);
            pos.build_all_but_one(table, 0, RunEnd::Front, None, left, &mut builds, &mut |b, d| {
                out.push((ms.clone(), b.to_vec(), d, value));
            });
        }
    }

    /// The rummies found, sorted, each once.
    pub(super) fn finish(mut self) -> Vec<Rummy> {
        self.out.sort_unstable();
        self.out.dedup();
        self.out
    }
}

/// Per place `i` in `table` and one past its end, the faces of `present` (bits by face
/// index) that no meld from `i` on could take, however the builds before grow it: a
/// run takes only its suit, a set only its rank, either a joker (a meld without a
/// natural, anything). The builds' searches leave a branch with two such cards.
fn unreached_from(table: &[Meld<Card>], present: u64) -> Vec<u64> {
    let mut unreached = vec![present; table.len() + 1];
    let mut reach = 0u64;
    for (i, meld) in table.iter().enumerate().rev() {
        let natural = meld.faces().iter().find(|f| !f.is_joker());
        reach |= match (meld.kind(), natural.and_then(|f| f.suit_index()), natural.and_then(|f| f.number())) {
            (MeldKind::Run, Some(suit), Some(_)) => SUIT << (13 * u32::from(suit)) | JOKER,
            (MeldKind::Group, Some(_), Some(number)) => RANK << (number - 1) | JOKER,
            _ => u64::MAX,
        };
        unreached[i] = present & !reach;
    }
    unreached
}

#[cfg(test)]
mod tests {
    use rand::seq::SliceRandom;
    use rand::{RngExt, SeedableRng};
    use rummykit_core::{Card, Game, Meld, PieceId, PieceSet, RunEnd, Seating};

    use crate::turn::may_extend;
    use crate::{Config, Rummy40, RummyLayOff};

    use super::super::faces::{face_counts, ids_by_face};
    use super::unreached_from;

    /// The builds' searches with the cards no later meld can take left out are the searches
    /// without (`RULES.md` §3.7): the same verdict by faces, the same builds and discards
    /// by card, in the same order, for the tables of random games and cards left drawn
    /// from those that fit their melds, jokers and others.
    #[test]
    fn rules_3_7_builds_left_out_by_unreached_cards_are_none_of_the_rummies() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(53);
        let (mut asked, mut built, mut refused, mut rummies, mut cut) = (0, 0, 0, 0, 0);
        let mut legal = Vec::new();
        for game_no in 0..60 {
            let mut config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            config.ace_low_in_runs = game_no % 4 < 2;
            let catalog = config.catalog().unwrap();
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            let mut actions = 0;
            while let Some(seat) = g.to_move() {
                actions += 1;
                if actions % 3 == 0 && !g.table().melds().is_empty() {
                    let pos = g.turn();
                    let on_table: PieceSet =
                        g.table().melds().iter().flat_map(|m| m.pieces().iter().copied()).collect();
                    // Mostly cards that fit some meld at an end as it is, a few others.
                    let (mut fit, mut other): (Vec<PieceId>, Vec<PieceId>) = (0..catalog.len())
                        .filter_map(|i| PieceId::new(i as u8))
                        .filter(|&p| !on_table.contains(p))
                        .partition(|&p| {
                            let face = g.face(p).unwrap();
                            g.table().melds().iter().any(|m| may_extend(m.meld(), face))
                        });
                    fit.shuffle(&mut rng);
                    other.shuffle(&mut rng);
                    let n = rng.random_range(2..8usize);
                    let k = rng.random_range(0..2usize);
                    let left: PieceSet =
                        fit.iter().take(n - k).chain(other.iter().take(k)).copied().collect();
                    let faces: Vec<Card> = left.iter().filter_map(|p| g.face(p)).collect();
                    let (counts, present, _) = face_counts(&faces);
                    let mut table: Vec<Meld<Card>> = g.table().melds().iter().map(|m| *m.meld()).collect();
                    let unreached = unreached_from(&table, present);
                    let by_face = ids_by_face(pos.catalog, left);
                    let out_from: Vec<PieceSet> = unreached
                        .iter()
                        .map(|&faces| {
                            (0..53)
                                .filter(|&f| faces & 1u64 << f != 0)
                                .fold(PieceSet::new(), |out, f| out.union(&by_face[f]))
                        })
                        .collect();
                    cut += usize::from(out_from[..table.len()].iter().any(|out| out.len() > 1));
                    let by_faces = |table: &mut [Meld<Card>], unreached: &[u64]| {
                        let mut rest = counts;
                        let ok = pos.builds_all_but_one(
                            (table, unreached),
                            0,
                            RunEnd::Front,
                            &mut rest,
                            left.len(),
                        );
                        assert_eq!(rest, counts);
                        ok
                    };
                    let ok = by_faces(&mut table, &unreached);
                    assert_eq!(ok, by_faces(&mut table, &[]), "{faces:?} onto {table:?}");
                    let by_card = |out_from: &[PieceSet]| {
                        let mut found: Vec<(Vec<RummyLayOff>, PieceId)> = Vec::new();
                        let table = (pos.table, out_from);
                        pos.build_all_but_one(
                            table,
                            0,
                            RunEnd::Front,
                            None,
                            left,
                            &mut Vec::new(),
                            &mut |b, d| {
                                found.push((b.to_vec(), d));
                            },
                        );
                        found
                    };
                    let found = by_card(&out_from);
                    assert_eq!(found, by_card(&[]), "{faces:?} onto {table:?}");
                    // The search by faces is exact: it finds builds where the one by card does.
                    assert_eq!(ok, !found.is_empty(), "{faces:?} onto {table:?}");
                    asked += 1;
                    built += usize::from(ok);
                    refused += usize::from(!ok);
                    rummies += found.len();
                }
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.8);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            built > 500 && refused > 1_000 && rummies > 5_000 && cut > asked / 2,
            "{asked} asked, {built} built, {refused} refused, {rummies} ways, {cut} with cards cut"
        );
    }
}
