//! Manipulating in the turn of the initial meld (`RULES.md` §1.5,
//! [`Config::manipulate_on_initial_meld_turn`](crate::Config::manipulate_on_initial_meld_turn)):
//! the best plays that hold new melds of rack tiles worth the threshold, for
//! [`Solver::solve_turn`].
//!
//! # Why the best over the minimal sets of own melds bounds every legal play
//!
//! A legal play that does not go out under hand rummy holds new melds made only of the
//! tiles it plays from the rack, worth at least the threshold (`check.rs` finds the best
//! such set exactly, or leaves the play undecided), its *own melds* `S`; the rest of its table is a play of the meld puzzle on
//! the table and the rack tiles `S` leaves. `S` can be made smaller without changing the
//! play:
//!
//! * a run of `S` that splits into two runs of three places or more, each with a
//!   natural, is taken as those two runs: the same tiles in the same places, each joker
//!   standing for the number it stood for, so the same value;
//! * a meld of `S` without which the rest is still worth the threshold is left to the
//!   rest of the table (it is a meld there like any other).
//!
//! So some *minimal* set — every run unsplittable, no meld to spare — of melds of rack
//! tiles worth the threshold is the own melds of the play, and the play ranks no higher
//! than that set's tiles plus the best play of the puzzle on the table and the rest of
//! the rack. The best over every minimal set (its tiles once: two sets of the same
//! tiles leave the same puzzle) bounds every legal play that does not go out. Each such
//! set with the rest's best play is itself a play, likely legal, so the plays that
//! reach the bound are candidates too.
//!
//! A play that goes out under hand rummy places every rack tile, the most tiles and
//! value there are: when one exists the meld puzzle's optimum places every tile too, and
//! the caller does not ask for this bound.

use std::collections::HashSet;

use rummykit_core::{Meld, MeldKind, Tile};

use crate::InitialJokerValue;
use crate::check::meld_value;

use super::locked::{below, keep_best};
use super::reuse::{Beside, each_meld};
use super::turn::{least_placing, rank};
use super::{Position, SolveOptions, Solver, face_counts, finish};

/// At most this many sets of own melds (distinct in their tiles) are solved in one
/// turn; with more, no bound.
pub(super) const MAX_OWN_SETS: usize = 1024;

/// At most this many steps of the search for the sets; past them, no bound.
const MAX_OWN_STEPS: usize = 1 << 16;

impl Solver {
    /// Under manipulation in the turn of the initial meld, the best plays that hold new
    /// melds of rack tiles worth `threshold` and rank at least `from`, and the best rank
    /// over them (`(0, 0)`: none reaches `from`), which bounds every legal play that
    /// does not go out under hand rummy (module docs); `None` when that is not proven:
    /// more than [`MAX_OWN_SETS`] sets of own melds, the turn's work spent (`turn.rs`),
    /// or a solve that did not answer.
    pub(super) fn own_melds(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        from: (u64, u64),
    ) -> Option<Beside> {
        let objective = options.objective;
        let sets = own_sets(rack, options.threshold, options.initial_joker_value)?;
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut best = from.max(least_placing(objective));
        let mut plays = Vec::new();
        for set in &sets {
            let mut left_rack = rack.to_vec();
            let mut tiles = Vec::new();
            for t in set.iter().flat_map(|m| m.faces().iter().copied()) {
                let i = left_rack.iter().position(|&u| u == t)?;
                left_rack.swap_remove(i);
                tiles.push(t);
            }
            let own = finish(Vec::new(), tiles.clone(), options.joker_value);
            let floor = below(best, rank(&own, objective));
            if !self.take_puzzle() {
                return None;
            }
            let rest = self
                .solve_from(&Position::new(faces.clone(), left_rack), &options.with_opened(true), Some(floor))
                .ok()?;
            if let Some(sol) = rest {
                let table = set.iter().copied().chain(sol.table).collect();
                let play = finish(table, [tiles, sol.placed].concat(), options.joker_value);
                keep_best(&mut plays, &mut best, play, objective);
            }
        }
        let bound = if plays.is_empty() { (0, 0) } else { best };
        Some(Beside { bound, plays })
    }
}

/// Every meld of rack tiles a minimal set may hold (module docs): groups, and runs that
/// do not split into two runs of three places or more with a natural each.
fn own_candidates(on_rack: &[usize; 53]) -> Vec<Meld<Tile>> {
    let natural = |part: &[Tile]| part.iter().any(|t| !t.is_joker());
    let mut out = Vec::new();
    each_meld(
        |t| on_rack[t.index() as usize] > 0,
        on_rack[52],
        |kind, faces| {
            let len = faces.len();
            let splits = kind == MeldKind::Run
                && (3..=len.saturating_sub(3)).any(|c| natural(&faces[..c]) && natural(&faces[c..]));
            if natural(faces)
                && !splits
                && let Ok(meld) = Meld::new(kind, faces, &crate::MELD_RULES)
            {
                out.push(meld);
            }
        },
    );
    out
}

/// Every minimal set of melds of `rack` tiles worth `threshold` (module docs), one per
/// multiset of tiles; `None` past [`MAX_OWN_SETS`] sets or [`MAX_OWN_STEPS`] steps.
fn own_sets(rack: &[Tile], threshold: u32, jokers: InitialJokerValue) -> Option<Vec<Vec<Meld<Tile>>>> {
    let on_rack = face_counts(rack);
    let melds = own_candidates(&on_rack);
    let values: Vec<u32> = melds.iter().map(|m| meld_value(m, jokers)).collect();
    let mut search =
        Sets { melds: &melds, values: &values, threshold, steps: 0, seen: HashSet::new(), out: Vec::new() };
    let mut left = on_rack;
    search.from(0, &mut left, &mut Vec::new(), 0).then_some(search.out)
}

/// The depth-first search of [`own_sets`].
struct Sets<'a> {
    melds: &'a [Meld<Tile>],
    values: &'a [u32],
    threshold: u32,
    steps: usize,
    /// The tiles of each set found, sorted.
    seen: HashSet<Vec<Tile>>,
    out: Vec<Vec<Meld<Tile>>>,
}

impl Sets<'_> {
    /// The sets that hold `chosen` (indices, ascending) and melds from `next` on, the
    /// tiles `left` and the value `worth` so far; false past the limits.
    fn from(&mut self, next: usize, left: &mut [usize; 53], chosen: &mut Vec<usize>, worth: u32) -> bool {
        self.steps += 1;
        if self.steps > MAX_OWN_STEPS {
            return false;
        }
        if worth >= self.threshold {
            // Minimal: without any one meld the rest falls below the threshold (the
            // last one added always passes, the prefix was below).
            if chosen.iter().all(|&i| worth - self.values[i] < self.threshold) {
                let mut tiles: Vec<Tile> =
                    chosen.iter().flat_map(|&i| self.melds[i].faces().iter().copied()).collect();
                tiles.sort_unstable();
                if !self.seen.contains(&tiles) {
                    if self.out.len() == MAX_OWN_SETS {
                        return false;
                    }
                    self.seen.insert(tiles);
                    self.out.push(chosen.iter().map(|&i| self.melds[i]).collect());
                }
            }
            return true;
        }
        // The same meld may be taken again (two copies of its tiles).
        for i in next..self.melds.len() {
            let faces = self.melds[i].faces();
            if faces.iter().enumerate().all(|(k, t)| {
                let n = faces[..k].iter().filter(|&&u| u == *t).count();
                left[t.index() as usize] > n
            }) {
                faces.iter().for_each(|t| left[t.index() as usize] -= 1);
                chosen.push(i);
                let ok = self.from(i, left, chosen, worth + self.values[i]);
                chosen.pop();
                faces.iter().for_each(|t| left[t.index() as usize] += 1);
                if !ok {
                    return false;
                }
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiles(s: &str) -> Vec<Tile> {
        rummykit_core::parse_list::<Tile>(s).unwrap()
    }

    /// RULES.md §1.5 with manipulation in the initial meld's turn: a rack of three whole
    /// colours has more minimal sets of own melds worth 60 than the limits allow, so no
    /// bound is given (the turn is then `Unproven`, not slow); one colour's sets are few.
    #[test]
    fn rules_1_5_own_sets_past_their_limits_give_no_bound() {
        let one = tiles("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13");
        let sets = own_sets(&one, 60, InitialJokerValue::Represented).expect("within the limits");
        assert!(!sets.is_empty() && sets.len() <= MAX_OWN_SETS);
        // Every set is worth the threshold, and minimal: no meld to spare.
        for set in &sets {
            let values: Vec<u32> =
                set.iter().map(|m| meld_value(m, InitialJokerValue::Represented)).collect();
            let worth: u32 = values.iter().sum();
            assert!(worth >= 60 && values.iter().all(|v| worth - v < 60), "{set:?}");
        }
        let three = [
            one.clone(),
            tiles("b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13"),
            tiles("y1 y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12 y13"),
        ]
        .concat();
        assert!(own_sets(&three, 60, InitialJokerValue::Represented).is_none());
    }
}
