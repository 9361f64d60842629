//! Schmidt's keep-three (`RULES.md` §4.1, [`Config::keep_three`](crate::Config)): a
//! branch and bound over the table melds the meld puzzle's best play breaks, for
//! [`Solver::solve_turn`].
//!
//! Under the rule every old meld `C` from which a tile moved is either *kept* (some new
//! meld holds at least three of its tiles; the tile exchanged for one of its jokers
//! counts as its tile) or *broken up* (no two of its tiles share a meld). A *need* says
//! what one meld of the play does for one old meld: `Kept(C)` (it holds three of `C`'s
//! tiles) or `Apart(C, t)` (it holds `C`'s natural `t` and no other tile of `C`). A node
//! of the search fixes some melds, each with the needs it meets, and the puzzle (every
//! meld valid, every table tile placed) solves the rest of the tiles; the fixed melds
//! take table copies first, then the rack's ([`Solver::locked`] does the same).
//!
//! # Why a node's best bounds its plays
//!
//! A node stands for the legal plays that hold, for each fixed meld `F`, a meld `W` of
//! their own (a different one for each `F`) that meets `F`'s needs and can be *cut* down
//! to `F`: a run that meets needs keeps meeting them when a piece of three places or
//! more with a natural, at either end, is cut off as a run of its own, if what is left
//! still meets them; the forms listed ([`forms`]) are every valid meld that meets the
//! needs, that the tiles allow, and that no such cut shortens. Cutting every `W` down to
//! its `F` leaves the same tiles in valid melds, the fixed melds among them; up to which
//! copy of a face a fixed meld took (a play that took a rack copy where a table copy
//! lay elsewhere is matched by one that swaps the two), the rest is a play of the
//! node's puzzle. So no play of the node ranks above the fixed melds' rack tiles plus
//! the puzzle's best: the node's *bound*.
//!
//! The root fixes nothing: its bound is the puzzle's. A node whose best play
//! [`check_play`](crate::check_play) refuses is branched on an old meld `C` the play
//! breaks (by its faces; open, or broken up with two of its tiles together). A play of
//! the node that keeps `C` holds a meld meeting `Kept(C)`; one that breaks `C` up holds
//! `C`'s natural `t` (one of the two found together) in a meld meeting `Apart(C, t)`.
//! That meld is either one of the node's fixed melds' `W` (then that fixed meld is
//! replaced by each form meeting its needs and the new one) or another meld (then each
//! form meeting the new need is added). Every play of the node falls in a child, so the
//! best bound among the open nodes bounds every legal play. The search takes the node
//! of the highest bound first; the first whose best play is accepted is the answer, and
//! it ranks as high as every bound left. A node it cannot branch (its old melds kept,
//! or broken up by every natural, by their faces) ends the search with its bound.

use rummykit_core::{Colour, JokerRole, MAX_MELD_LEN, Meld, MeldKind, Tile};

use super::locked::below;
use super::turn::{least_placing, rank};
use super::{Objective, Position, Solution, SolveOptions, Solver, face_counts, finish};

/// At most this many puzzles are solved in one turn; past it, the best open bound.
pub(super) const MAX_SOLVES: usize = 256;

/// What [`Solver::keep_three`] found: a rank no legal play exceeds, and the best legal
/// play found (as accepted), if one ranks above what it was given.
pub(super) struct KeptThree {
    pub bound: (u64, u64),
    pub play: Option<Solution>,
}

/// What one meld of the play does for an old meld (by index): holds three of its tiles,
/// or holds its natural and no other of its tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Need {
    Kept(usize),
    Apart(usize, Tile),
    /// The table joker `Turn::stays[k]`, which no tile can replace, has not moved.
    Stay(usize),
}

/// A fixed meld of a node and the needs it meets.
#[derive(Debug, Clone)]
struct Entry {
    meld: Meld<Tile>,
    needs: Vec<Need>,
}

/// What a node knows of an old meld: nothing, kept, or broken up (with the naturals
/// whose melds are fixed apart).
#[derive(Debug, Clone, PartialEq)]
enum State {
    Open,
    Kept,
    Apart(Vec<Tile>),
}

/// A node: its fixed melds, what it knows of each old meld and of each joker that must
/// stay (a bit each: its meld is fixed), its best play and the rank.
struct Node {
    entries: Vec<Entry>,
    states: Vec<State>,
    stayed: u32,
    bound: (u64, u64),
    play: Solution,
}

/// An old meld as the needs read it: its naturals, its jokers, and the tiles its jokers
/// stand for (an exchanged tile counts as the meld's own).
struct Old {
    naturals: Vec<Tile>,
    jokers: usize,
    exchange: Vec<Tile>,
}

impl Old {
    fn new(m: &Meld<Tile>) -> Old {
        let naturals = m.faces().iter().copied().filter(|t| !t.is_joker()).collect();
        let mut exchange = Vec::new();
        for pos in 0..m.len() {
            match m.joker_role(pos) {
                Some(JokerRole::Exactly(t)) => exchange.push(t),
                Some(JokerRole::OneOf { number, suits }) => exchange.extend(of_number(number, suits)),
                None => {}
            }
        }
        Old { naturals, jokers: m.jokers(), exchange }
    }

    /// The most of this meld's tiles `faces` (one meld) may hold: its naturals, and up to
    /// its jokers' count of jokers and tiles its jokers stand for.
    fn held(&self, faces: &[Tile]) -> usize {
        let own = faces.iter().filter(|t| self.naturals.contains(t)).count();
        let extra = faces
            .iter()
            .filter(|t| t.is_joker() || (!self.naturals.contains(t) && self.exchange.contains(t)))
            .count();
        own + extra.min(self.jokers)
    }
}

impl Solver {
    /// The best play keep-three allows, by the branch and bound of the module docs,
    /// ranking above `from` (what the caller found already; `(0, 0)`: nothing), each
    /// candidate judged by `legal` (the play as accepted, or `None`). `None` when a solve
    /// did not answer.
    pub(super) fn keep_three(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        (from, objective): ((u64, u64), Objective),
        legal: &mut dyn FnMut(&Solution) -> Option<Solution>,
    ) -> Option<KeptThree> {
        let turn = Turn::new(table, rack);
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let floor = from.max(least_placing(objective));
        let done = |bound: (u64, u64), play: Option<Solution>| {
            let bound = if bound < floor { from } else { bound };
            Some(KeptThree { bound, play })
        };
        let mut solves = 1;
        let states = vec![State::Open; table.len()];
        let mut open: Vec<Node> = Vec::new();
        match self.fixed(&faces, rack, options, (floor, objective), &[]) {
            Ok(Some(play)) => {
                open.push(Node { entries: Vec::new(), states, stayed: 0, bound: rank(&play, objective), play })
            }
            Ok(None) => return done((0, 0), None),
            Err(()) => return None,
        }
        while let Some(at) = (0..open.len()).max_by_key(|&i| open[i].bound) {
            let node = open.swap_remove(at);
            if let Some(play) = legal(&node.play) {
                return done(node.bound, Some(play));
            }
            let Some(needs) = turn.branch(&node) else { return done(node.bound, None) };
            for (need, state) in needs {
                // The new need met by a meld of its own, or by a fixed meld's.
                let mut children: Vec<Vec<Entry>> = turn
                    .forms(&[need])
                    .into_iter()
                    .map(|meld| {
                        let mut e = node.entries.clone();
                        e.push(Entry { meld, needs: vec![need] });
                        e
                    })
                    .collect();
                for (i, entry) in node.entries.iter().enumerate() {
                    let mut needs = entry.needs.clone();
                    needs.push(need);
                    for meld in turn.forms(&needs) {
                        let mut e = node.entries.clone();
                        e[i] = Entry { meld, needs: needs.clone() };
                        children.push(e);
                    }
                }
                let mut states = node.states.clone();
                let mut stayed = node.stayed;
                match (need, state) {
                    (Need::Kept(c) | Need::Apart(c, _), Some(state)) => states[c] = state,
                    (Need::Stay(k), _) => stayed |= 1 << k,
                    _ => {}
                }
                for entries in children {
                    if solves >= MAX_SOLVES {
                        return done(node.bound, None);
                    }
                    match self.fixed(&faces, rack, options, (floor, objective), &entries) {
                        Ok(Some(play)) => {
                            solves += 1;
                            let (states, bound) = (states.clone(), rank(&play, objective));
                            open.push(Node { entries, states, stayed, bound, play });
                        }
                        Ok(None) => solves += 1,
                        Err(()) => return None,
                    }
                }
            }
        }
        done((0, 0), None)
    }

    /// The best play holding the melds of `entries` that reaches `floor`: the fixed melds
    /// take table copies first, then the rack's, and the puzzle solves the rest. `Ok(None)`:
    /// none reaches it (or the tiles do not hold the fixed melds); `Err`: a solve did not
    /// answer.
    fn fixed(
        &mut self,
        faces: &[Tile],
        rack: &[Tile],
        options: &SolveOptions,
        (floor, objective): ((u64, u64), Objective),
        entries: &[Entry],
    ) -> Result<Option<Solution>, ()> {
        let mut left_table = faces.to_vec();
        let mut left_rack = rack.to_vec();
        let mut placed = Vec::new();
        for &t in entries.iter().flat_map(|e| e.meld.faces()) {
            if let Some(i) = left_table.iter().position(|&u| u == t) {
                left_table.swap_remove(i);
            } else if let Some(i) = left_rack.iter().position(|&u| u == t) {
                left_rack.swap_remove(i);
                placed.push(t);
            } else {
                return Ok(None);
            }
        }
        let fixed_only = finish(Vec::new(), placed, options.joker_value);
        let rest = below(floor, rank(&fixed_only, objective));
        let position = Position::new(left_table, left_rack);
        let sol = match self.solve_from(&position, &options.with_opened(true), Some(rest)) {
            Ok(Some(sol)) => sol,
            Ok(None) => return Ok(None),
            Err(_) => return Err(()),
        };
        let table = entries.iter().map(|e| e.meld).chain(sol.table).collect();
        let play = finish(table, [fixed_only.placed, sol.placed].concat(), options.joker_value);
        Ok((play.tiles_placed > 0 && rank(&play, objective) >= floor).then_some(play))
    }
}

/// A table joker no tile can replace (none it stands for is on the table or the rack):
/// under §4.1 it has not moved — it lies in a meld with two other tiles of its old meld
/// `old`, or in a run it stands for `tile` as it did in its old run.
struct Stay {
    old: usize,
    tile: Option<Tile>,
}

/// What the needs of one turn read: the old melds, the tiles there are (table and rack)
/// and the jokers that must stay.
struct Turn {
    olds: Vec<Old>,
    pool: [usize; 53],
    stays: Vec<Stay>,
}

impl Turn {
    fn new(table: &[Meld<Tile>], rack: &[Tile]) -> Turn {
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut pool = face_counts(&faces);
        for (p, r) in pool.iter_mut().zip(face_counts(rack)) {
            *p += r;
        }
        let mut stays = Vec::new();
        for (old, m) in table.iter().enumerate() {
            for pos in 0..m.len() {
                let (tile, stands_for) = match m.joker_role(pos) {
                    Some(JokerRole::Exactly(t)) => ((m.kind() == MeldKind::Run).then_some(t), vec![t]),
                    Some(JokerRole::OneOf { number, suits }) => (None, of_number(number, suits)),
                    None => continue,
                };
                if stands_for.iter().all(|t| pool[t.index() as usize] == 0) {
                    stays.push(Stay { old, tile });
                }
            }
        }
        Turn { olds: table.iter().map(Old::new).collect(), pool, stays }
    }

    /// The needs to branch `node` on, each with the state its old meld takes: first a
    /// joker that must stay and that no meld of the play holds so, by its faces; else
    /// the first old meld the play breaks by its faces — open and no meld holding three
    /// of its tiles but one holding two: kept, or apart at a natural of those two;
    /// broken up and two of its tiles together: apart at another natural of those two.
    /// `None`: nothing to branch on.
    fn branch(&self, node: &Node) -> Option<Vec<(Need, Option<State>)>> {
        let table = &node.play.table;
        for k in (0..self.stays.len()).filter(|k| node.stayed & (1 << k) == 0) {
            if !table.iter().any(|m| self.meets(m.kind(), m.faces(), Need::Stay(k))) {
                return Some(vec![(Need::Stay(k), None)]);
            }
        }
        for (c, old) in self.olds.iter().enumerate() {
            let held: Vec<usize> = table.iter().map(|m| old.held(m.faces())).collect();
            let pair = |skip: &[Tile]| {
                table.iter().zip(&held).filter(|(_, h)| **h >= 2).find_map(|(m, _)| {
                    m.faces().iter().copied().find(|t| old.naturals.contains(t) && !skip.contains(t))
                })
            };
            match &node.states[c] {
                State::Open if held.iter().all(|&h| h < 3) => {
                    if let Some(t) = pair(&[]) {
                        return Some(vec![
                            (Need::Kept(c), Some(State::Kept)),
                            (Need::Apart(c, t), Some(State::Apart(vec![t]))),
                        ]);
                    }
                }
                State::Apart(done) => {
                    if let Some(t) = pair(done) {
                        let mut apart = done.clone();
                        apart.push(t);
                        return Some(vec![(Need::Apart(c, t), Some(State::Apart(apart)))]);
                    }
                }
                State::Open | State::Kept => {}
            }
        }
        None
    }

    /// Whether the meld of `kind` and `faces` meets `need`.
    fn meets(&self, kind: MeldKind, faces: &[Tile], need: Need) -> bool {
        match need {
            Need::Kept(c) => self.olds[c].held(faces) >= 3,
            // Its other naturals of the old meld's faces are other copies.
            Need::Apart(c, t) => {
                faces.contains(&t)
                    && faces.iter().all(|f| {
                        f.is_joker()
                            || *f == t
                            || !self.olds[c].naturals.contains(f)
                            || self.pool[f.index() as usize] >= 2
                    })
            }
            Need::Stay(k) => {
                let stay = &self.stays[k];
                faces.iter().any(|f| f.is_joker())
                    && (self.olds[stay.old].held(faces) >= 3
                        || (kind == MeldKind::Run && stay.tile.is_some_and(|t| joker_at(faces, t))))
            }
        }
    }

    /// Every valid meld the tiles hold that meets all of `needs` and that no cut
    /// shortens (module docs): a run with a piece of three places or more with a natural
    /// at an end, whose rest still meets them, is left out.
    fn forms(&self, needs: &[Need]) -> Vec<Meld<Tile>> {
        let all = |kind, faces: &[Tile]| needs.iter().all(|&n| self.meets(kind, faces, n));
        let mut out = Vec::new();
        let jokers = self.pool[52];
        let have = |t: Tile| self.pool[t.index() as usize] > 0;
        for colour in Colour::ALL {
            for start in 1..=13u8 {
                for len in 3..=MAX_MELD_LEN.min(14 - usize::from(start)) {
                    let naturals: Vec<Tile> =
                        (0..len).filter_map(|i| Tile::new(colour, start + i as u8)).collect();
                    if naturals.len() != len {
                        continue;
                    }
                    let missing = (0..len).filter(|&i| !have(naturals[i])).fold(0u32, |m, i| m | 1 << i);
                    if missing.count_ones() as usize > jokers {
                        continue;
                    }
                    // The missing places and up to the jokers left of the others.
                    let there: Vec<usize> = (0..len).filter(|&i| missing & (1 << i) == 0).collect();
                    for extra in subsets(&there, jokers - missing.count_ones() as usize) {
                        let mask = missing | extra;
                        if mask.count_ones() as usize == len {
                            continue;
                        }
                        let faces: Vec<Tile> = naturals
                            .iter()
                            .enumerate()
                            .map(|(i, &t)| if mask & (1 << i) != 0 { Tile::JOKER } else { t })
                            .collect();
                        if !all(MeldKind::Run, &faces) {
                            continue;
                        }
                        // Both pieces valid runs (a natural each), the rest meeting the needs.
                        let natural = |s: &[Tile]| s.iter().any(|t| !t.is_joker());
                        let cut = (3..=len.saturating_sub(3)).any(|k| {
                            let (a, b) = faces.split_at(k);
                            natural(a) && natural(b) && (all(MeldKind::Run, a) || all(MeldKind::Run, b))
                        });
                        if !cut && let Ok(meld) = Meld::new(MeldKind::Run, &faces, &crate::MELD_RULES) {
                            out.push(meld);
                        }
                    }
                }
            }
        }
        for number in 1..=13u8 {
            let there = of_number(number, 0xf).into_iter().filter(|&t| have(t)).collect::<Vec<_>>();
            for mask in 1u32..1 << there.len() {
                let naturals: Vec<Tile> =
                    there.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &t)| t).collect();
                for size in 3..=4usize {
                    if size < naturals.len() || size - naturals.len() > jokers {
                        continue;
                    }
                    let mut faces = naturals.clone();
                    faces.resize(size, Tile::JOKER);
                    if all(MeldKind::Group, &faces)
                        && let Ok(meld) = Meld::new(MeldKind::Group, &faces, &crate::MELD_RULES)
                    {
                        out.push(meld);
                    }
                }
            }
        }
        out
    }
}

/// Whether the run of `faces` has a joker standing for `tile`.
fn joker_at(faces: &[Tile], tile: Tile) -> bool {
    let Some((i, first)) = faces.iter().enumerate().find(|(_, t)| !t.is_joker()) else { return false };
    let (Some(colour), Some(n)) = (first.colour(), first.number()) else { return false };
    faces.iter().enumerate().any(|(p, f)| {
        f.is_joker() && (usize::from(n) + p).checked_sub(i).and_then(|v| u8::try_from(v).ok()).and_then(|v| Tile::new(colour, v)) == Some(tile)
    })
}

/// The tiles of `number` in the colours of the bitmask `suits`.
fn of_number(number: u8, suits: u8) -> Vec<Tile> {
    Colour::ALL
        .into_iter()
        .filter(|c| suits & (1 << c.index()) != 0)
        .filter_map(|c| Tile::new(c, number))
        .collect()
}

/// Every set of at most `k` of `places`, as bit masks.
fn subsets(places: &[usize], k: usize) -> Vec<u32> {
    let mut out = vec![0u32];
    for &p in places {
        let with: Vec<u32> =
            out.iter().filter(|m| (m.count_ones() as usize) < k).map(|m| m | 1 << p).collect();
        out.extend(with);
    }
    out
}
