//! Schmidt's rules (`RULES.md` §4.1: [`Config::keep_three`](crate::Config), a table
//! joker moves only for its tile): a branch and bound over what the play does with the
//! old melds and jokers the meld puzzle's best play mistreats, for [`Solver::solve_turn`].
//!
//! Under keep-three every old meld `C` is either *kept* (some new meld holds at least
//! three of its tiles; the tile exchanged for one of its jokers counts as its tile) or
//! *broken up* (no two of its tiles share a meld). Under the joker rule a table joker
//! none of whose tiles lies on the table either *stays* (it lies in a meld with two
//! other tiles of its old meld, or stands for the same tile in a run) or is *swapped*
//! for a tile it stands for from the rack. A *need* says what one meld of the play does:
//! `Kept(C)` (it holds three of `C`'s tiles), `Apart(C, t)` (it holds `C`'s natural `t`
//! and no other tile of `C`: there are as many jokers besides those that stay `C`'s
//! tiles whatever the play, see `Stay`), `Stay(j)` (it holds joker `j` so), `Swap(j)`
//! (it holds a tile `j` stands for). A node of the search fixes some melds, each with the needs it
//! meets, and the puzzle (every meld valid, every table tile placed) solves the rest;
//! the fixed melds take table copies first, then the rack's (as [`Solver::locked`]).
//!
//! # Why a node's best bounds its plays
//!
//! A node stands for the legal plays that hold, for each fixed meld `F`, a meld `W` of
//! their own (a different one for each `F`) that meets `F`'s needs and can be *cut* down
//! to `F`: a run keeps meeting its needs when a piece of three places or more with a
//! natural, at either end, is cut off as a run of its own, if what is left (a valid run)
//! still meets them; the forms listed are every valid meld the tiles allow that meets
//! the needs and that no such cut shortens. Cutting every `W` down to its `F` leaves the
//! same tiles in valid melds, the fixed melds among them; up to which copy of a face a
//! fixed meld took (a play that took a rack copy where a table copy lay elsewhere is
//! matched by one that swaps the two), the rest is a play of the node's puzzle. So no
//! play of the node ranks above the fixed melds' rack tiles plus the puzzle's best: the
//! node's *bound*. The needs are read generously (a meld's faces, not which copy is
//! whose), which only lets more melds meet them: the bound still holds.
//!
//! The root fixes nothing: its bound is the puzzle's. A node whose best play
//! [`check_play`](crate::check_play) refuses is branched on a joker or an old meld:
//!
//! * a joker that must stay or be swapped, and that no meld of the play holds so, or
//!   one that never moves (no rack tile to swap it for) whose meld is not yet fixed: its
//!   legal plays hold a meld meeting `Stay(j)` or one meeting `Swap(j)` (fixed, such a
//!   joker is out of the puzzle, which otherwise may lay it anywhere);
//! * an old meld `C` the play breaks (by its faces: open, no meld holding three of its
//!   tiles and one holding two; or broken up with two of its tiles together), else the
//!   one the refusal names or the nearest linked to it by shared faces (two melds of one
//!   face can look kept by one meld's faces), then the same from any other meld that
//!   shares a face, then any meld not yet decided (the check names the meld it tried
//!   last, not always the one a copy hides): a play that keeps `C` holds a meld meeting
//!   `Kept(C)`, one that breaks it up holds each natural `t` of `C` in a meld meeting
//!   `Apart(C, t)`. Of the old melds the play breaks by its faces, the one whose
//!   needs make the fewest children is taken (any of them splits the node's plays, so
//!   which is only a matter of cost; in greedy-bot games it settles more turns within
//!   the limit than the first by index).
//!
//! That meld is either one of the node's fixed melds' `W` (then that fixed meld is
//! replaced by each form meeting its needs and the new one) or another meld (then each
//! form meeting the new need is added). Every play of the node falls in a child, so the
//! best bound among the open nodes bounds every legal play (a child is solved only when
//! it comes first; until then its parent's bound holds for it). Two kinds of child hold
//! no play and are not made: one whose fixed melds the tiles (table and rack) cannot
//! hold together (each is cut from a meld of its own of the play, so their tiles are the
//! play's), and one that breaks up a group whose joker must stay and can be swapped for
//! no rack tile. Such a joker never moves, and a group joker that has not moved lies
//! beside two other tiles of its old meld (it stands for no one tile of a run, which is
//! how `check_play` reads a joker left in place), so every legal play keeps that group.
//! No meld meets both `Stay(j)` and `Apart(C, t)` of `j`'s old meld `C`: a joker that
//! stays is `C`'s tile, so that meld would hold two of `C`'s tiles; a child asking for
//! one holds no play and is not made.
//! Nor is a child made whose fixed melds hold more jokers than may lie there (*jokers
//! that never move*): a table joker that must stay and can be swapped for no rack tile
//! lies, in every legal play, in a meld meeting its `Stay`, so a fixed meld can hold it
//! only if it is such a meld (a group: groups are never cut) or can be cut from one (a
//! run of its old run's colour, or any run if its old run has three jokers, which a
//! run of any colour holds as three of its tiles, or its old group two: a run holds one
//! tile of a number, so never three of a group of one joker); the other jokers (the
//! rack's, and table jokers a tile may replace) may lie anywhere. A joker that must stay
//! counts as held so only by a joker of its own (two old melds of the same faces look
//! met by one meld).
//! The search takes the node of the highest bound first (of one bound, the one with the
//! most fixed melds: its play is the likeliest to be accepted); the first whose best
//! play is accepted is the answer, as it ranks as high as every bound left. Nodes of
//! the same fixed melds (their needs differ) have the same puzzle, solved once. A node
//! whose fixed melds hold all of a solved node's (copies counted), reached by another
//! path, ranks no higher than that node's best: cut down, a play of it holds those melds
//! too, and the rest of it is a play of that node's puzzle (the fixed melds take table
//! copies first, so that node's rack copies are among the tiles the play places), of
//! the same rank. So before it is solved it takes the least such best as its bound, and
//! is dropped if one of them has no play reaching the floor; a family of siblings that
//! all hold a meld some earlier node found too costly closes without a solve each. A node
//! it cannot branch, or the limit of [`MAX_SOLVES`] puzzles solved (or [`MAX_SHARED`]
//! shared), ends the search with the highest bound left.
//!
//! The search starts from a legal play if it finds one cheaply: every old meld kept
//! whole (perhaps longer), the rack's best melds, the rest of the rack laid off. Only a
//! node that can rank above it is solved, with that as the puzzle's floor, and when no
//! node is left it is the answer.

use std::collections::BTreeSet;
use std::rc::Rc;

use rummykit_core::{Colour, MAX_MELD_LEN, Meld, MeldKind, Tile};

use super::locked::below;
use super::reuse::run_layouts;
use super::turn::{joker_roles, least_placing, of_number, rank};
use super::{Objective, Position, Solution, SolveOptions, Solver, face_counts, finish};
use rustc_hash::{FxHashMap as FastMap, FxHashSet as FastSet};

/// At most this many puzzles are solved in one turn; past it, the best open bound.
/// A puzzle here is small (about a hundred DP states in greedy games): the search's
/// own bookkeeping costs as much, so the limit counts puzzles, not the DP's work. A
/// search at the limit takes about 0.2 s in greedy games; 3,072 costs a greedy game
/// under Schmidt's rules what 2,048 did before the bookkeeping's counts were read from
/// bits, and proves a tenth of the turns 2,048 left open (the search's time grows
/// faster than the puzzles solved: 8,192 took twelve times 2,048's).
pub(super) const MAX_SOLVES: usize = 3072;

/// At most this many nodes take the best play of an earlier node of the same melds.
const MAX_SHARED: usize = 4 * MAX_SOLVES;

/// What [`Solver::keep_three`] found: a rank no legal play exceeds, and the best legal
/// play found (as accepted), if one ranks above what it was given.
pub(super) struct KeptThree {
    pub bound: (u64, u64),
    pub play: Option<Solution>,
}

/// What one meld of the play does for an old meld (by index): holds three of its tiles,
/// or holds its natural and no other of its tiles.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum Need {
    Kept(usize),
    Apart(usize, Tile),
    /// The table joker `Turn::stays[k]`, which no table tile can replace, has not moved.
    Stay(usize),
    /// It was replaced: the meld holds a tile it stands for (from the rack).
    Swap(usize),
}

/// One way to branch a node: the need each child meets, with the state its old meld
/// takes (if one).
type Branch = Vec<(Need, Option<State>)>;

/// A fixed meld of a node and the needs it meets.
#[derive(Debug, Clone)]
struct Entry {
    meld: Meld<Tile>,
    /// Shared: a child copies its parent's entries, most of them unchanged.
    needs: Rc<[Need]>,
}

/// What a node knows of an old meld: nothing, kept, or broken up (with the naturals
/// whose melds are fixed apart).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum State {
    Open,
    Kept,
    Apart(Vec<Tile>),
}

/// A node: its fixed melds, what it knows of each old meld and of each joker that must
/// stay (a bit each: its meld is fixed), a bound on its plays (its parent's until it is
/// solved), and its best play once solved.
struct Node {
    entries: Vec<Entry>,
    /// Shared by the children of one need.
    states: Rc<[State]>,
    stayed: u32,
    bound: (u64, u64),
    play: Option<Solution>,
}

/// An old meld as the needs read it: its naturals, its jokers, and the tiles its jokers
/// stand for (an exchanged tile counts as the meld's own).
struct Old {
    naturals: Vec<Tile>,
    jokers: usize,
    /// `naturals` as a bit per face index: `held` and `member` are asked for every meld
    /// of every play the search branches on.
    natural_bits: u64,
    /// The tiles its jokers stand for, a bit each.
    exchange_bits: u64,
}

impl Old {
    fn new(m: &Meld<Tile>) -> Old {
        let naturals: Vec<Tile> = m.faces().iter().copied().filter(|t| !t.is_joker()).collect();
        let natural_bits = natural_bits(m.faces());
        let exchange_bits = joker_roles(core::slice::from_ref(m))
            .into_iter()
            .flat_map(|r| r.stands_for)
            .fold(0, |b, t| b | face_bit(t));
        Old { naturals, jokers: m.jokers(), natural_bits, exchange_bits }
    }

    /// Whether the face `f` may be one of this meld's tiles (an exchanged tile counts).
    fn member(&self, f: Tile) -> bool {
        let bit = face_bit(f);
        self.natural_bits & bit != 0 || (self.jokers > 0 && (f.is_joker() || self.exchange_bits & bit != 0))
    }

    /// The most of this meld's tiles `faces` (one meld) may hold: its naturals, and up to
    /// its jokers' count of jokers and tiles its jokers stand for.
    fn held(&self, faces: &[Tile]) -> usize {
        let (mut own, mut extra) = (0, 0);
        for &t in faces {
            let bit = face_bit(t);
            if self.natural_bits & bit != 0 {
                own += 1;
            } else if t.is_joker() || self.exchange_bits & bit != 0 {
                extra += 1;
            }
        }
        own + extra.min(self.jokers)
    }

    /// [`Old::held`] of a valid meld given as its naturals' bits and its jokers (a
    /// valid meld holds no natural face twice, so the bits count its tiles).
    fn held_bits(&self, naturals: u64, jokers: usize) -> usize {
        let own = (naturals & self.natural_bits).count_ones() as usize;
        let extra = (naturals & self.exchange_bits & !self.natural_bits).count_ones() as usize + jokers;
        own + extra.min(self.jokers)
    }
}

impl Solver {
    /// The best play keep-three allows (and, with `exact`, the exact joker release: its
    /// jokers' needs hold only then), by the branch and bound of the module docs,
    /// ranking above `from` (what the caller found already; `(0, 0)`: nothing), each
    /// candidate judged by `legal` (the play as accepted, or the old meld the refusal
    /// names, if one). `None` when a solve
    /// did not answer.
    pub(super) fn keep_three(
        &mut self,
        (table, rack, exact): (&[Meld<Tile>], &[Tile], bool),
        options: &SolveOptions,
        (from, objective): ((u64, u64), Objective),
        legal: &mut dyn FnMut(&Solution) -> Result<Solution, Option<usize>>,
    ) -> Option<KeptThree> {
        let turn = Turn::new(table, rack, exact);
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        // A legal play found first (the old melds kept whole) is the floor: only a node
        // that can rank above it is of use, and the search ends when none is left.
        let mut first = None;
        let mut from = from;
        let Ok(whole) = self.kept_whole(table, rack, options) else { return None };
        for play in whole.into_iter().filter(|p| rank(p, objective) > from) {
            if let Ok(play) = legal(&play) {
                from = rank(&play, objective);
                first = Some(play);
                break;
            }
        }
        let floor = above(from).max(least_placing(objective));
        let done = |bound: (u64, u64), play: Option<Solution>| {
            let bound = if bound < floor { from } else { bound };
            Some(KeptThree { bound, play: play.or(first.clone()) })
        };
        let mut solves = 0;
        // A child is solved only when it comes first: its parent's bound holds for it
        // (its plays are some of the parent's), and most searches end at the first
        // child whose play is accepted.
        let mut open = Open::default();
        open.push(Node {
            entries: Vec::new(),
            states: vec![State::Open; table.len()].into(),
            stayed: 0,
            bound: (u64::MAX, u64::MAX),
            play: None,
        });
        let mut seen = FastSet::default();
        let mut solved = FastMap::default();
        // The nodes solved whose best fell below their bound, or who have none: what
        // bounds a node holding their melds.
        let mut lower = Vec::new();
        let mut hits = 0usize;
        let mut refusals = FastMap::default();
        // Sibling nodes ask for the forms of the same needs.
        let mut forms = FastMap::default();
        // Fixed melds of other faces often leave the same tiles to the puzzle.
        let mut puzzles = FastMap::default();
        while let Some(mut node) = open.pop() {
            let Some(play) = &node.play else {
                // Nodes of the same melds (their needs differ) share one puzzle.
                let key = melds_key(&node.entries);
                if let Some(known) = solved.get(&key)
                    && hits < MAX_SHARED
                {
                    hits += 1;
                    if let Some(play) = known {
                        node.bound = node.bound.min(rank(play, objective));
                        node.play = Some(play.clone());
                        open.push(node);
                    }
                    continue;
                }
                // A node holding a solved node's melds ranks no higher (module docs).
                match below_solved(&lower, &key) {
                    Some(None) => continue,
                    Some(Some(r)) if r < node.bound => {
                        node.bound = r;
                        open.push(node);
                        continue;
                    }
                    _ => {}
                }
                if solves >= MAX_SOLVES {
                    return done(node.bound, None);
                }
                solves += 1;
                match self.fixed(&faces, rack, options, (floor, objective), &node.entries, &mut puzzles) {
                    Ok(Some(play)) => {
                        // The open bounds only fall: a best as high as the node's bound
                        // bounds no node to come.
                        if rank(&play, objective) < node.bound {
                            lower.push((key.clone(), signature(&key), Some(rank(&play, objective))));
                        }
                        node.bound = node.bound.min(rank(&play, objective));
                        solved.insert(key, Some(play.clone()));
                        node.play = Some(play);
                        open.push(node);
                    }
                    Ok(None) => {
                        lower.push((key.clone(), signature(&key), None));
                        solved.insert(key, None);
                    }
                    Err(()) => return None,
                }
                continue;
            };
            // A shared play was judged before.
            let key = melds_key(&node.entries);
            let refused = match refusals.get(&key) {
                Some(&refused) => refused,
                None => match legal(play) {
                    Ok(play) => return done(node.bound.max(rank(&play, objective)), Some(play)),
                    Err(refused) => {
                        refusals.insert(key, refused);
                        refused
                    }
                },
            };
            let Some(choices) = turn.branch(&node, refused) else {
                return done(node.bound, None);
            };
            // Any of them splits the node's plays: the one of the fewest children first.
            let children = |forms: &mut FastMap<Vec<Need>, Rc<[Meld<Tile>]>>, needs: &Branch| {
                let mut n = 0;
                for &(need, _) in needs {
                    n += turn.cached(forms, &[need]).len();
                    for entry in &node.entries {
                        n += turn.cached(forms, &[&entry.needs[..], &[need]].concat()).len();
                    }
                }
                n
            };
            let needs = if choices.len() == 1 {
                choices.into_iter().next().unwrap_or_default()
            } else {
                let counts: Vec<usize> = choices.iter().map(|c| children(&mut forms, c)).collect();
                let best = (0..choices.len()).min_by_key(|&i| counts[i]).unwrap_or(0);
                choices.into_iter().nth(best).unwrap_or_default()
            };
            // The tiles the node's fixed melds take: a child's differ by one meld's.
            let used = turn.used(&node.entries);
            for (need, state) in needs {
                let mut stayed = node.stayed;
                let states = match (need, state) {
                    (Need::Kept(c) | Need::Apart(c, _), Some(state)) => {
                        let mut states = node.states.to_vec();
                        states[c] = state;
                        states.into()
                    }
                    (Need::Stay(k) | Need::Swap(k), _) => {
                        stayed |= 1 << k;
                        Rc::clone(&node.states)
                    }
                    _ => Rc::clone(&node.states),
                };
                let mut child = |entries: Vec<Entry>| {
                    // Fixed melds whose jokers cannot all lie there stand for no play.
                    if !turn.jokers_fit(&entries) {
                        return;
                    }
                    // A node reached twice (the same melds, needs and states) is searched once.
                    let mut melds: Vec<(MeldKey, Rc<[Need]>)> =
                        entries.iter().map(|e| (meld_key(&e.meld), Rc::clone(&e.needs))).collect();
                    melds.sort_unstable();
                    if seen.insert((melds, Rc::clone(&states), stayed)) {
                        open.push(Node {
                            entries,
                            states: Rc::clone(&states),
                            stayed,
                            bound: node.bound,
                            play: None,
                        });
                    }
                };
                // The new need met by a meld of its own, or by a fixed meld's.
                let alone: Rc<[Need]> = Rc::new([need]);
                for &meld in turn.cached(&mut forms, &alone).iter() {
                    // Fixed melds the tiles cannot hold together stand for no play.
                    if !turn.fits(&used, None, &meld) {
                        continue;
                    }
                    let mut e = Vec::with_capacity(node.entries.len() + 1);
                    e.extend(node.entries.iter().cloned());
                    e.push(Entry { meld, needs: Rc::clone(&alone) });
                    child(e);
                }
                for (i, entry) in node.entries.iter().enumerate() {
                    let needs: Rc<[Need]> = entry.needs.iter().copied().chain([need]).collect();
                    for &meld in turn.cached(&mut forms, &needs).iter() {
                        if !turn.fits(&used, Some(&entry.meld), &meld) {
                            continue;
                        }
                        let mut e = node.entries.clone();
                        e[i] = Entry { meld, needs: Rc::clone(&needs) };
                        child(e);
                    }
                }
            }
        }
        done((0, 0), None)
    }

    /// Plays that keep every old meld whole, each perhaps longer, the best first: the
    /// rack's best melds, then the rest of the rack laid off where it fits (at a run's
    /// end or in its middle as a second copy, splitting it in two of three or more, or
    /// in a group); and the rack's melds alone. Each keeps three of every old meld; they
    /// are still checked. `Err`: a solve did not answer.
    fn kept_whole(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
    ) -> Result<Vec<Solution>, ()> {
        let position = Position::new(Vec::new(), rack.to_vec());
        let own = match self.solve_from(&position, &options.with_opened(true), None) {
            Ok(Some(sol)) => sol,
            Ok(None) => Solution::default(),
            Err(_) => return Err(()),
        };
        let mut melds: Vec<Meld<Tile>> = table.iter().copied().chain(own.table.iter().copied()).collect();
        let mut left = rack.to_vec();
        for t in &own.placed {
            if let Some(i) = left.iter().position(|u| u == t) {
                left.swap_remove(i);
            }
        }
        // The most valuable tiles first, jokers last (they fit almost anywhere).
        left.sort_unstable_by_key(|t| core::cmp::Reverse(t.number().unwrap_or(0)));
        let mut placed = own.placed.clone();
        while let Some(i) = left.iter().position(|&t| lay_off(&mut melds, t)) {
            placed.push(left.remove(i));
        }
        let mut plays = Vec::new();
        if placed.len() > own.placed.len() {
            plays.push(finish(melds, placed, options.joker_value));
        }
        if own.tiles_placed > 0 {
            let melds = table.iter().copied().chain(own.table).collect();
            plays.push(finish(melds, own.placed, options.joker_value));
        }
        Ok(plays)
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
        puzzles: &mut FastMap<Puzzle, (Option<Solution>, u64)>,
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
        // The puzzle reads its tiles' counts only (and the floor): one of the same counts
        // has the same best. Its work is counted again, as the turn's bounds draw on it.
        let key = (tile_counts(&left_table), tile_counts(&left_rack), rest);
        let sol = match puzzles.get(&key) {
            Some((known, work)) => {
                self.dp.work += work;
                known.clone()
            }
            None => {
                let work = self.dp.work;
                let position = Position::new(left_table, left_rack);
                let sol = match self.solve_from(&position, &options.with_opened(true), Some(rest)) {
                    Ok(sol) => sol,
                    Err(_) => return Err(()),
                };
                puzzles.insert(key, (sol.clone(), self.dp.work - work));
                sol
            }
        };
        let Some(sol) = sol else { return Ok(None) };
        let table = entries.iter().map(|e| e.meld).chain(sol.table).collect();
        let play = finish(table, [fixed_only.placed, sol.placed].concat(), options.joker_value);
        Ok((play.tiles_placed > 0 && rank(&play, objective) >= floor).then_some(play))
    }
}

/// A puzzle of [`Solver::fixed`]: the counts of the table's and the rack's tiles left
/// to it, and its floor.
type Puzzle = ([u8; 53], [u8; 53], (u64, u64));

/// How many of each face `tiles` holds, a byte each (a turn's tiles hold a face a few
/// times at most): a puzzle's key and the faces fixed melds take.
fn tile_counts<'t>(tiles: impl IntoIterator<Item = &'t Tile>) -> [u8; 53] {
    let mut counts = [0u8; 53];
    for t in tiles {
        counts[t.index() as usize] += 1;
    }
    counts
}

/// The natural faces of `faces` as bits ([`face_bit`]).
fn natural_bits(faces: &[Tile]) -> u64 {
    faces.iter().filter(|t| !t.is_joker()).fold(0, |b, &t| b | face_bit(t))
}

/// A table joker no table tile can replace (none it stands for is on the table): under
/// §4.1 it has not moved — it lies in a meld with two other tiles of its old meld `old`,
/// or in a run it stands for `tile` as it did in its old run — or a rack tile of `swap`
/// (those it stands for) took its place.
struct Stay {
    old: usize,
    tile: Option<Tile>,
    swap: Vec<Tile>,
}

/// What the needs of one turn read: the old melds, the tiles there are (table and rack)
/// and the jokers that must stay.
struct Turn {
    olds: Vec<Old>,
    pool: [usize; 53],
    stays: Vec<Stay>,
    /// The jokers of `stays` no rack tile can be swapped for (they never move), asked
    /// for every child made.
    never_move: Vec<usize>,
}

impl Turn {
    /// The needs' view of a turn; with `exact` (the exact joker release), the jokers that
    /// must stay or be swapped.
    fn new(table: &[Meld<Tile>], rack: &[Tile], exact: bool) -> Turn {
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut pool = face_counts(&faces);
        for (p, r) in pool.iter_mut().zip(face_counts(rack)) {
            *p += r;
        }
        let mut stays = Vec::new();
        for (old, m) in table.iter().enumerate().filter(|_| exact) {
            for role in joker_roles(core::slice::from_ref(m)) {
                // A run joker stands for one tile, the one it keeps if it stays.
                let tile = role.stands_for.first().copied().filter(|_| m.kind() == MeldKind::Run);
                if role.stands_for.iter().all(|t| !faces.contains(t)) {
                    let swap = role.stands_for.into_iter().filter(|t| pool[t.index() as usize] > 0).collect();
                    stays.push(Stay { old, tile, swap });
                }
            }
        }
        let never_move = (0..stays.len()).filter(|&k| stays[k].swap.is_empty()).collect();
        Turn { olds: table.iter().map(Old::new).collect(), pool, stays, never_move }
    }

    /// The ways to branch `node`, each the needs of its children with the state their
    /// old meld takes: a joker that must stay and that no meld of the play holds so, by
    /// its faces, or one that never moves and is not yet fixed (the first such, alone);
    /// else every old meld the play breaks by its faces — open and no meld holding three
    /// of its tiles but one holding two: kept, or apart at a natural of those two; broken
    /// up and two of its tiles together: apart at another natural of those two; else the
    /// old meld the refusal names (`refused`; two melds of one face can look kept by one
    /// meld's faces), at any natural not yet apart. `None`: nothing to branch on.
    fn branch(&self, node: &Node, refused: Option<usize>) -> Option<Vec<Branch>> {
        let table = &node.play.as_ref()?.table;
        let mut found = Vec::new();
        // Each joker that stays lies in a meld of its own: one meld's joker stands for
        // one of them (two old melds of the same faces would otherwise both look met).
        // The fixed melds come first in the play, each holding the jokers it stays.
        let mut taken = vec![0usize; table.len()];
        for (t, e) in taken.iter_mut().zip(&node.entries) {
            *t = e.needs.iter().filter(|n| matches!(n, Need::Stay(_))).count();
        }
        for k in (0..self.stays.len()).filter(|k| node.stayed & (1 << k) == 0) {
            // A joker that never moves is branched on until its meld is fixed.
            if self.stays[k].swap.is_empty() {
                return Some(vec![vec![(Need::Stay(k), None)]]);
            }
            if table.iter().any(|m| self.meets(m.kind(), m.faces(), Need::Swap(k))) {
                continue;
            }
            let stay = (0..table.len()).find(|&i| {
                taken[i] < table[i].jokers() && self.meets(table[i].kind(), table[i].faces(), Need::Stay(k))
            });
            match stay {
                Some(i) => taken[i] += 1,
                None => return Some(vec![vec![(Need::Stay(k), None), (Need::Swap(k), None)]]),
            }
        }
        let mut held = Vec::with_capacity(table.len());
        // The play's melds as bits, read once for all the old melds.
        let bits: Vec<(u64, usize)> = table.iter().map(|m| (natural_bits(m.faces()), m.jokers())).collect();
        for (c, old) in self.olds.iter().enumerate() {
            // A kept meld is not branched on again: its tiles need not be counted.
            if node.states[c] == State::Kept {
                continue;
            }
            held.clear();
            held.extend(bits.iter().map(|&(naturals, jokers)| old.held_bits(naturals, jokers)));
            let pair = |skip: &[Tile]| {
                table.iter().zip(&held).filter(|(_, h)| **h >= 2).find_map(|(m, _)| {
                    m.faces()
                        .iter()
                        .copied()
                        .find(|&t| old.natural_bits & face_bit(t) != 0 && !skip.contains(&t))
                })
            };
            match &node.states[c] {
                State::Open if held.iter().all(|&h| h < 3) => {
                    if let Some(t) = pair(&[]) {
                        found.push(self.kept_or_apart(c, t));
                    }
                }
                State::Apart(done) => {
                    if let Some(t) = pair(done) {
                        let mut apart = done.clone();
                        apart.push(t);
                        found.push(vec![(Need::Apart(c, t), Some(State::Apart(apart)))]);
                    }
                }
                State::Open | State::Kept => {}
            }
        }
        if !found.is_empty() {
            return Some(found);
        }
        // The refused meld, else the nearest one that shares a face with it, or with one
        // that does, and so on (a copy moved between them may be what the faces hide).
        // Then the same from every other meld that shares a face (the refusal names one
        // meld the check tried last, not always the one the copies hide), then the rest:
        // every legal play keeps or breaks up each old meld, so any open one branches.
        let n = self.olds.len();
        let shares =
            |a: usize, b: usize| a != b && self.olds[a].natural_bits & self.olds[b].natural_bits != 0;
        let shared: Vec<usize> = (0..n).filter(|&a| (0..n).any(|b| shares(a, b))).collect();
        let seeds = refused.filter(|&c| c < n).into_iter().chain(shared).chain(0..n);
        let mut order = Vec::new();
        for seed in seeds {
            if order.contains(&seed) {
                continue;
            }
            let mut at = order.len();
            order.push(seed);
            while let Some(&a) = order.get(at) {
                at += 1;
                let next: Vec<usize> = (0..n).filter(|&c| !order.contains(&c) && shares(a, c)).collect();
                order.extend(next);
            }
        }
        order
            .into_iter()
            .find_map(|c| {
                let apart = |done: &[Tile]| self.olds[c].naturals.iter().copied().find(|t| !done.contains(t));
                match &node.states[c] {
                    State::Open => Some(self.kept_or_apart(c, apart(&[])?)),
                    State::Apart(done) => {
                        let t = apart(done)?;
                        Some(vec![(Need::Apart(c, t), Some(State::Apart([&done[..], &[t]].concat())))])
                    }
                    State::Kept => None,
                }
            })
            .map(|needs| vec![needs])
    }

    /// How many of each face the melds of `entries` take.
    fn used(&self, entries: &[Entry]) -> [u8; 53] {
        tile_counts(entries.iter().flat_map(|e| e.meld.faces()))
    }

    /// Whether the tiles there are (table and rack) hold `meld` beside melds taking `used`
    /// (which they hold), less `replaced` (one of them) if given: only `meld`'s faces can
    /// run short, so only they are counted, as [`Turn::holds`] would find.
    fn fits(&self, used: &[u8; 53], replaced: Option<&Meld<Tile>>, meld: &Meld<Tile>) -> bool {
        let faces = meld.faces();
        faces.iter().all(|t| {
            let count = |m: &[Tile]| m.iter().filter(|&u| u == t).count();
            let i = t.index() as usize;
            usize::from(used[i]) + count(faces) - replaced.map_or(0, |r| count(r.faces())) <= self.pool[i]
        })
    }

    /// Whether the tiles there are (table and rack) hold the melds of `entries` together,
    /// each joker where it may lie: a joker that must stay and can be swapped for no rack
    /// tile never moves, so it lies in a meld meeting its `Stay` (module docs, jokers
    /// that never move).
    #[cfg(test)]
    fn holds(&self, entries: &[Entry]) -> bool {
        // Counted up against the pool: no copy of the pool for each child.
        let mut used = [0u8; 53];
        for e in entries {
            for t in e.meld.faces() {
                let i = t.index() as usize;
                used[i] += 1;
                if usize::from(used[i]) > self.pool[i] {
                    return false;
                }
            }
        }
        self.jokers_fit(entries)
    }

    /// Whether each joker of the melds of `entries` can be a different joker there is:
    /// one that may move (a rack joker, or a table joker a tile can replace), or one that
    /// never moves (`Stay` with no swap) whose meld the fixed meld can be cut from.
    fn jokers_fit(&self, entries: &[Entry]) -> bool {
        let stuck = &self.never_move;
        if stuck.is_empty() {
            return true;
        }
        let free = self.pool[52].saturating_sub(stuck.len());
        // For each joker of a fixed meld, the stuck jokers (bits) it may be.
        let slots: Vec<u32> = entries
            .iter()
            .flat_map(|e| {
                let hosts = stuck
                    .iter()
                    .enumerate()
                    .filter(|&(_, &k)| self.hosts(e.meld.kind(), e.meld.faces(), k))
                    .fold(0u32, |m, (i, _)| m | 1 << i);
                core::iter::repeat_n(hosts, e.meld.jokers())
            })
            .collect();
        fill(&slots, free, 0)
    }

    /// Whether a fixed meld of `kind` and `faces` may hold the joker `Stay(k)` that never
    /// moves: it lies in a meld meeting `Stay(k)`, which a fixed group is (a group is
    /// never cut) and a fixed run is cut from. Such a run holds three tiles of the
    /// joker's old meld (jokers included) or stands for its tile: of the old run's
    /// colour, or any run if the old run has three jokers (a run holds three of its
    /// tiles without one of its colour only in jokers) or the old group two (one of its
    /// naturals and both jokers); a run holds one tile of a number only, so never three
    /// of a group of one joker.
    fn hosts(&self, kind: MeldKind, faces: &[Tile], k: usize) -> bool {
        let stay = &self.stays[k];
        let jokers = self.olds[stay.old].jokers;
        match kind {
            MeldKind::Group => self.meets(kind, faces, Need::Stay(k)),
            MeldKind::Run => match stay.tile {
                Some(tile) => jokers >= 3 || faces.iter().find_map(|t| t.colour()) == tile.colour(),
                None => jokers >= 2,
            },
        }
    }

    /// The needs of a play that keeps the old meld `c` and of one that breaks it up (its
    /// natural `t` held apart), each with the state `c` takes; only the first if `c` is
    /// kept in every legal play.
    fn kept_or_apart(&self, c: usize, t: Tile) -> Vec<(Need, Option<State>)> {
        let mut needs = vec![(Need::Kept(c), Some(State::Kept))];
        if !self.kept_always(c) {
            needs.push((Need::Apart(c, t), Some(State::Apart(vec![t]))));
        }
        needs
    }

    /// Whether every legal play keeps the old meld `c`: it is a group with a joker that
    /// must stay and that no rack tile can be swapped for. Such a joker has not moved, and
    /// a group joker that has not moved lies beside two other tiles of its old meld (it
    /// stands for no one tile in a run), three of `c`'s tiles in one meld.
    fn kept_always(&self, c: usize) -> bool {
        self.stays.iter().any(|s| s.old == c && s.tile.is_none() && s.swap.is_empty())
    }

    /// How many jokers of the old meld `c` stay its tiles in every legal play: those
    /// that must stay and that no rack tile can be swapped for (one exchanged for its
    /// tile is no longer the meld's).
    fn stuck(&self, c: usize) -> usize {
        self.stays.iter().filter(|s| s.old == c && s.swap.is_empty()).count()
    }

    /// Whether the meld of `kind` and `faces` meets `need`.
    fn meets(&self, kind: MeldKind, faces: &[Tile], need: Need) -> bool {
        match need {
            Need::Kept(c) => self.olds[c].held(faces) >= 3,
            // Its other naturals of the old meld's faces are other copies, and there are
            // jokers enough besides those that stay the old meld's.
            Need::Apart(c, t) => {
                let jokers = faces.iter().filter(|f| f.is_joker()).count();
                faces.contains(&t)
                    && jokers + self.stuck(c) <= self.pool[52]
                    && faces.iter().all(|f| {
                        f.is_joker()
                            || *f == t
                            || self.olds[c].natural_bits & face_bit(*f) == 0
                            || self.pool[f.index() as usize] >= 2
                    })
            }
            Need::Stay(k) => {
                let stay = &self.stays[k];
                faces.iter().any(|f| f.is_joker())
                    && (self.olds[stay.old].held(faces) >= 3
                        || (kind == MeldKind::Run && stay.tile.is_some_and(|t| joker_at(faces, t))))
            }
            Need::Swap(k) => faces.iter().any(|f| self.stays[k].swap.contains(f)),
        }
    }

    /// Whether the meld of `kind` and `faces` meets all of `needs` together: each of its
    /// tiles is one old meld's at most, so needs of two old melds share none of them; and
    /// a joker that stays is its old meld's tile, so `Stay(j)` and `Apart(C, t)` of `j`'s
    /// old meld `C` are never met by one meld (it would hold two of `C`'s tiles).
    fn meets_all(&self, kind: MeldKind, faces: &[Tile], needs: &[Need]) -> bool {
        if !needs.iter().all(|&n| self.meets(kind, faces, n)) {
            return false;
        }
        let mut owners: Vec<usize> = needs.iter().filter_map(|&n| self.owner(n)).collect();
        owners.sort_unstable();
        owners.dedup();
        let stays_apart = needs.iter().any(|&n| match n {
            Need::Stay(k) => needs.iter().any(|&m| matches!(m, Need::Apart(c, _) if c == self.stays[k].old)),
            _ => false,
        });
        if stays_apart {
            return false;
        }
        owners.len() < 2 || self.assign(kind, faces, needs, &owners, &mut vec![usize::MAX; faces.len()], 0)
    }

    /// The old meld whose tiles `need` is about, if one.
    fn owner(&self, need: Need) -> Option<usize> {
        match need {
            Need::Kept(c) | Need::Apart(c, _) => Some(c),
            Need::Stay(k) => Some(self.stays[k].old),
            Need::Swap(_) => None,
        }
    }

    /// Whether the tiles `faces[i..]` can be given to the `owners` (each to one that
    /// wants it: one whose tile it may be and that keeps or holds it) so that every need
    /// is met by its owner's tiles (`own`: the owners given so far).
    fn assign(
        &self,
        kind: MeldKind,
        faces: &[Tile],
        needs: &[Need],
        owners: &[usize],
        own: &mut Vec<usize>,
        i: usize,
    ) -> bool {
        let Some(&f) = faces.get(i) else {
            return needs.iter().all(|&n| self.meets_owned(kind, faces, own, n));
        };
        let wants = |c: usize| {
            let apart = needs.iter().find_map(|&n| match n {
                Need::Apart(d, t) if d == c => Some(t),
                _ => None,
            });
            match apart {
                Some(t) => f == t,
                None => self.olds[c].member(f),
            }
        };
        let mut any = false;
        for &c in owners.iter().filter(|&&c| wants(c)) {
            any = true;
            own[i] = c;
            if self.assign(kind, faces, needs, owners, own, i + 1) {
                return true;
            }
        }
        own[i] = usize::MAX;
        !any && self.assign(kind, faces, needs, owners, own, i + 1)
    }

    /// Whether the meld meets `need` with the tiles given to its old meld by `own`.
    fn meets_owned(&self, kind: MeldKind, faces: &[Tile], own: &[usize], need: Need) -> bool {
        let mine = |c: usize| -> Vec<Tile> {
            faces.iter().zip(own).filter(|(_, o)| **o == c).map(|(f, _)| *f).collect()
        };
        match need {
            Need::Kept(c) => self.olds[c].held(&mine(c)) >= 3,
            Need::Apart(c, t) => mine(c) == [t],
            Need::Stay(k) => {
                let stay = &self.stays[k];
                let held = mine(stay.old);
                held.iter().any(|f| f.is_joker())
                    && (self.olds[stay.old].held(&held) >= 3
                        || (kind == MeldKind::Run && stay.tile.is_some_and(|t| joker_at(faces, t))))
            }
            Need::Swap(_) => true,
        }
    }

    /// [`Turn::forms`] of `needs`, each list made once (`memo`).
    fn cached(&self, memo: &mut FastMap<Vec<Need>, Rc<[Meld<Tile>]>>, needs: &[Need]) -> Rc<[Meld<Tile>]> {
        if let Some(known) = memo.get(needs) {
            return Rc::clone(known);
        }
        let made: Rc<[Meld<Tile>]> = self.forms(needs).into();
        memo.insert(needs.to_vec(), Rc::clone(&made));
        made
    }

    /// Every valid meld the tiles hold that meets all of `needs` and that no cut
    /// shortens (module docs): a run with a piece of three places or more with a natural
    /// at an end, whose rest still meets them, is left out.
    fn forms(&self, needs: &[Need]) -> Vec<Meld<Tile>> {
        // One meld holds no two tiles of an old meld it holds apart.
        let apart = |n: &Need| match n {
            Need::Apart(c, _) => Some(*c),
            _ => None,
        };
        if needs
            .iter()
            .enumerate()
            .any(|(i, n)| apart(n).is_some_and(|c| needs[i + 1..].iter().any(|m| apart(m) == Some(c))))
        {
            return Vec::new();
        }
        let all = |kind, faces: &[Tile]| self.meets_all(kind, faces, needs);
        let mut out = Vec::new();
        // A meld meeting `Apart(C, t)` holds `t`: only runs of its colour over its number
        // and groups of its number are read.
        let must = needs.iter().find_map(|n| match n {
            Need::Apart(_, t) => t.colour().zip(t.number()),
            _ => None,
        });
        // Each need is read over the tiles a meld of one span (a run's colour and
        // numbers, or a group's number) may hold: a meld meeting `Kept(C)` holds three
        // of `C`'s tiles, at most as many of them not its naturals as `C` has jokers, so
        // the span holds three of `C`'s naturals less its jokers; one meeting `Stay(j)`
        // holds so too, or is a run over `j`'s tile; one meeting `Swap(j)` holds a tile
        // `j` stands for. Only spans where every need may be met are read (the same
        // forms, fewer melds tried).
        let over = |kind: MeldKind, f: &dyn Fn(Tile) -> bool| {
            let kept = |c: usize| {
                let old = &self.olds[c];
                old.naturals.iter().filter(|&&t| f(t)).count() + old.jokers >= 3
            };
            needs.iter().all(|&n| match n {
                Need::Kept(c) => kept(c),
                Need::Apart(_, t) => f(t),
                Need::Stay(k) => {
                    let stay = &self.stays[k];
                    kept(stay.old) || (kind == MeldKind::Run && stay.tile.is_some_and(f))
                }
                Need::Swap(k) => self.stays[k].swap.iter().any(|&t| f(t)),
            })
        };
        let jokers = self.pool[52];
        let have = |t: Tile| self.pool[t.index() as usize] > 0;
        for colour in Colour::ALL {
            for start in 1..=13u8 {
                if must.is_some_and(|(c, n)| c != colour || n < start) {
                    continue;
                }
                for len in 3..=MAX_MELD_LEN.min(14 - usize::from(start)) {
                    if must.is_some_and(|(_, n)| usize::from(n) >= usize::from(start) + len) {
                        continue;
                    }
                    let span = |t: Tile| {
                        t.colour() == Some(colour)
                            && t.number().is_some_and(|n| (start..start + len as u8).contains(&n))
                    };
                    if !over(MeldKind::Run, &span) {
                        continue;
                    }
                    let naturals: Vec<Tile> =
                        (0..len).filter_map(|i| Tile::new(colour, start + i as u8)).collect();
                    if naturals.len() != len {
                        continue;
                    }
                    run_layouts(&naturals, have, jokers, |mask, faces| {
                        if mask.count_ones() as usize == len || !all(MeldKind::Run, &faces) {
                            return;
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
                    });
                }
            }
        }
        for number in (1..=13u8).filter(|&n| {
            must.is_none_or(|(_, m)| m == n) && over(MeldKind::Group, &|t| t.number() == Some(n))
        }) {
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

/// The open nodes, taken as the search always took them: the highest of (bound,
/// whether solved, fixed melds), of equals the last in a list where a node taken is
/// replaced by the last one (`swap_remove`). The list and an ordered index of
/// (priority, place) keep that order without a scan.
#[derive(Default)]
struct Open {
    nodes: Vec<Node>,
    index: BTreeSet<(Priority, usize)>,
}

/// What orders the open nodes: the bound, whether solved, how many fixed melds.
type Priority = ((u64, u64), bool, usize);

impl Open {
    fn priority(node: &Node) -> Priority {
        (node.bound, node.play.is_some(), node.entries.len())
    }

    fn push(&mut self, node: Node) {
        self.index.insert((Self::priority(&node), self.nodes.len()));
        self.nodes.push(node);
    }

    fn pop(&mut self) -> Option<Node> {
        let (_, at) = self.index.pop_last()?;
        let last = self.nodes.len() - 1;
        if at != last {
            self.index.remove(&(Self::priority(&self.nodes[last]), last));
            self.index.insert((Self::priority(&self.nodes[last]), at));
        }
        Some(self.nodes.swap_remove(at))
    }
}

/// A meld as a key: whether it is a run (the top bit), its length (the next byte) and
/// its faces' indices, six bits each, the first highest. One word to hash and compare
/// (the search's sets and sorts see thousands a turn), and ordered as (run, length,
/// faces) are, so every list of keys sorts as it would by those.
type MeldKey = u128;

/// Where the first face of a [`MeldKey`] starts (a face index < 64 takes six bits).
const FACE_TOP: usize = 6 * (MAX_MELD_LEN - 1);

/// A face's bit in a set of faces (53 faces: a `u64` holds them all).
fn face_bit(t: Tile) -> u64 {
    1 << t.index()
}

fn meld_key(meld: &Meld<Tile>) -> MeldKey {
    face_key(meld.kind() == MeldKind::Run, meld.faces())
}

fn face_key(run: bool, faces: &[Tile]) -> MeldKey {
    let head = u128::from(run) << 127 | (faces.len() as u128) << 120;
    faces.iter().enumerate().fold(head, |k, (i, t)| k | u128::from(t.index()) << (FACE_TOP - 6 * i))
}

/// A solved node's melds (as [`melds_key`]), a bit for each of them (see
/// [`signature`]), and the rank of its best play, if one.
type MeldsBest = (Vec<MeldKey>, u64, Option<(u64, u64)>);

/// The fixed melds of `entries` as a key, in order (their needs left out).
fn melds_key(entries: &[Entry]) -> Vec<MeldKey> {
    let mut key: Vec<MeldKey> = entries.iter().map(|e| meld_key(&e.meld)).collect();
    key.sort_unstable();
    key
}

/// One bit per meld of `key` (by its faces): melds that are some of another's have
/// no bit it lacks, which rules most pairs out before they are compared.
fn signature(key: &[MeldKey]) -> u64 {
    use std::hash::BuildHasher;
    // The hash's top six bits pick the meld's bit.
    key.iter().fold(0, |sig, &k| sig | 1 << (rustc_hash::FxBuildHasher.hash_one(k) >> 58))
}

/// The best rank of a play holding the melds of `key` that the nodes solved prove
/// (`lower`: their melds, as [`melds_key`], and their best): `Some(None)` if a node of
/// some of those melds has no play reaching the floor, `Some(Some(r))` the least best
/// among them, `None` if no node of a part of them is listed. A play holding the melds
/// of `key` holds those of each part: its best is no higher.
fn below_solved(lower: &[MeldsBest], key: &[MeldKey]) -> Option<Option<(u64, u64)>> {
    let sig = signature(key);
    let mut least = None;
    for (part, bits, best) in lower {
        if part.len() >= key.len() || bits & !sig != 0 || !is_part(part, key) {
            continue;
        }
        let Some(r) = *best else { return Some(None) };
        least = Some(least.map_or(r, |l: (u64, u64)| l.min(r)));
    }
    least.map(Some)
}

/// Whether the sorted melds `part` are some of the sorted melds `all` (copies counted).
fn is_part(part: &[MeldKey], all: &[MeldKey]) -> bool {
    let mut rest = all.iter();
    part.iter().all(|m| rest.by_ref().any(|a| a == m))
}

/// The least rank above `r`.
fn above(r: (u64, u64)) -> (u64, u64) {
    (r.0, r.1 + 1)
}

/// Lays `t` off on one of `melds` without taking any apart: at a run's end, as a
/// second copy inside a run that it splits into two of three or more, or in a group.
/// Whether it found a place.
fn lay_off(melds: &mut Vec<Meld<Tile>>, t: Tile) -> bool {
    for i in 0..melds.len() {
        let m = melds[i];
        let faces = m.faces();
        let with = |f: Vec<Tile>| Meld::new(m.kind(), &f, &crate::MELD_RULES).ok();
        let grown = match m.kind() {
            MeldKind::Group => with([faces, &[t]].concat()),
            MeldKind::Run => with([faces, &[t]].concat()).or_else(|| with([&[t], faces].concat())),
        };
        if let Some(g) = grown {
            melds[i] = g;
            return true;
        }
        if m.kind() == MeldKind::Run && !t.is_joker() {
            for p in 2..faces.len().saturating_sub(2) {
                let a = Meld::new(MeldKind::Run, &faces[..=p], &crate::MELD_RULES);
                let b = Meld::new(MeldKind::Run, &[&[t], &faces[p + 1..]].concat(), &crate::MELD_RULES);
                if let (Ok(a), Ok(b)) = (a, b) {
                    melds[i] = a;
                    melds.push(b);
                    return true;
                }
            }
        }
    }
    false
}

/// Whether the jokers `slots` (each the bits of the stuck jokers it may be; `used`: those
/// given) can each be a different joker, `free` of them any.
fn fill(slots: &[u32], free: usize, used: u32) -> bool {
    let Some((&first, rest)) = slots.split_first() else { return true };
    (free > 0 && fill(rest, free - 1, used))
        || (0..32).any(|i| first & !used & (1 << i) != 0 && fill(rest, free, used | 1 << i))
}

/// Whether the run of `faces` has a joker standing for `tile`.
fn joker_at(faces: &[Tile], tile: Tile) -> bool {
    let Some((i, first)) = faces.iter().enumerate().find(|(_, t)| !t.is_joker()) else { return false };
    let (Some(colour), Some(n)) = (first.colour(), first.number()) else { return false };
    faces.iter().enumerate().any(|(p, f)| {
        f.is_joker()
            && (usize::from(n) + p)
                .checked_sub(i)
                .and_then(|v| u8::try_from(v).ok())
                .and_then(|v| Tile::new(colour, v))
                == Some(tile)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    fn meld(kind: MeldKind, faces: &str) -> Meld<Tile> {
        Meld::new(kind, &rummykit_core::parse_list::<Tile>(faces).unwrap(), &crate::MELD_RULES).unwrap()
    }

    /// `RULES.md` §4.1 in Rummikub XP's tiles: the three jokers of r5 J J J r9 stand for
    /// r6 r7 r8, which no tile replaces, so they never move; b1 b2 J J J holds three
    /// tiles of their old run (its jokers), so it keeps that run and may hold them, as
    /// in the legal play b1 b2 J J J, r1 r2 r3 r4 r5, r9 r10 r11 r12.
    #[test]
    fn run_of_three_jokers_that_never_move_fits_a_run_of_another_colour() {
        let table = [
            meld(MeldKind::Run, "r5 J J J r9"),
            meld(MeldKind::Run, "r1 r2 r3 r4"),
            meld(MeldKind::Run, "r10 r11 r12"),
        ];
        let rack = rummykit_core::parse_list::<Tile>("b1 b2").unwrap();
        let turn = Turn::new(&table, &rack, true);
        assert_eq!(turn.stays.iter().filter(|s| s.swap.is_empty()).count(), 3);
        let play = [
            meld(MeldKind::Run, "b1 b2 J J J"),
            meld(MeldKind::Run, "r1 r2 r3 r4 r5"),
            meld(MeldKind::Run, "r9 r10 r11 r12"),
        ];
        let entries: Vec<Entry> = play.iter().map(|&meld| Entry { meld, needs: Rc::new([]) }).collect();
        assert!(turn.holds(&entries));
    }

    /// Every valid meld the pool holds, straight from the definition: every run place a
    /// natural or a joker (the jokers counted), every set of colours a group.
    fn every_meld(pool: &[usize; 53]) -> Vec<Meld<Tile>> {
        let mut out = Vec::new();
        for colour in Colour::ALL {
            for start in 1..=11u8 {
                for len in 3..=usize::from(14 - start) {
                    for mask in 0u32..1 << len {
                        if mask.count_ones() as usize > pool[52] {
                            continue;
                        }
                        let faces: Vec<Tile> = (0..len)
                            .map(|i| {
                                if mask & (1 << i) != 0 {
                                    Tile::JOKER
                                } else {
                                    Tile::new(colour, start + i as u8).unwrap()
                                }
                            })
                            .collect();
                        let fits = face_counts(&faces).iter().zip(pool).all(|(n, p)| n <= p);
                        if fits && let Ok(m) = Meld::new(MeldKind::Run, &faces, &crate::MELD_RULES) {
                            out.push(m);
                        }
                    }
                }
            }
        }
        for number in 1..=13u8 {
            for mask in 1u32..16 {
                for jokers in 0..=2 {
                    let mut faces = of_number(number, mask as u8);
                    faces.extend(core::iter::repeat_n(Tile::JOKER, jokers));
                    let fits = face_counts(&faces).iter().zip(pool).all(|(n, p)| n <= p);
                    if fits && let Ok(m) = Meld::new(MeldKind::Group, &faces, &crate::MELD_RULES) {
                        out.push(m);
                    }
                }
            }
        }
        out
    }

    /// §4.1's counts read from bits: for every valid meld and a sample of old melds (with
    /// and without jokers), the tiles of the old meld it holds come out the same from its
    /// faces and from its naturals' bits; and melds keyed as one word sort as (run,
    /// length, faces) do, equal only when those are.
    #[test]
    fn rules_4_1_held_tiles_and_meld_keys_read_from_bits_as_from_faces() {
        let every = every_meld(&[2usize; 53]);
        let mut rng = ChaCha8Rng::seed_from_u64(41);
        let olds: Vec<Old> = (0..60).map(|_| Old::new(&every[rng.random_range(0..every.len())])).collect();
        assert!(olds.iter().any(|o| o.jokers > 0) && olds.iter().any(|o| o.jokers == 0));
        let mut kept = 0;
        for m in &every {
            let naturals = natural_bits(m.faces());
            for old in &olds {
                let held = old.held(m.faces());
                assert_eq!(old.held_bits(naturals, m.jokers()), held, "{m:?}");
                kept += usize::from(held >= 3);
            }
        }
        assert!(kept > 100, "{kept}");
        let tuple = |m: &Meld<Tile>| {
            let mut all = [Tile::JOKER; MAX_MELD_LEN];
            all[..m.len()].copy_from_slice(m.faces());
            (m.kind() == MeldKind::Run, m.len(), all)
        };
        for _ in 0..20_000 {
            let (a, b) = (&every[rng.random_range(0..every.len())], &every[rng.random_range(0..every.len())]);
            assert_eq!(meld_key(a).cmp(&meld_key(b)), tuple(a).cmp(&tuple(b)), "{a:?} {b:?}");
        }
        // Neighbours in the list: mostly of one kind and length, told apart by a face.
        for w in every.windows(2) {
            assert_eq!(meld_key(&w[0]).cmp(&meld_key(&w[1])), tuple(&w[0]).cmp(&tuple(&w[1])), "{w:?}");
        }
    }

    /// A child's fixed melds are its parent's with one meld added or replaced: counting
    /// that meld's faces against the parent's finds what counting every fixed meld
    /// against the tiles there are finds (for the melds of the parent the tiles hold).
    #[test]
    fn rules_4_1_a_child_fits_the_tiles_as_its_whole_melds_do() {
        let table = [meld(MeldKind::Run, "r3 r4 r5 r6"), meld(MeldKind::Group, "b9 y9 k9 J")];
        let rack = rummykit_core::parse_list::<Tile>("r5 r6 r7 b9 b10 b11 y9 k2 J").unwrap();
        let turn = Turn::new(&table, &rack, false);
        let every = every_meld(&turn.pool);
        let mut rng = ChaCha8Rng::seed_from_u64(0x0401_f175);
        let entry = |meld: Meld<Tile>| Entry { meld, needs: Rc::new([]) };
        let counts_hold = |entries: &[Entry]| {
            let faces: Vec<Tile> = entries.iter().flat_map(|e| e.meld.faces().iter().copied()).collect();
            face_counts(&faces).iter().zip(&turn.pool).all(|(n, p)| n <= p)
        };
        let (mut held, mut not) = (0, 0);
        for _ in 0..3000 {
            let parent: Vec<Entry> =
                (0..rng.random_range(0..4)).map(|_| entry(every[rng.random_range(0..every.len())])).collect();
            if !counts_hold(&parent) {
                continue;
            }
            let meld = every[rng.random_range(0..every.len())];
            let used = turn.used(&parent);
            let mut added = parent.clone();
            added.push(entry(meld));
            assert_eq!(turn.fits(&used, None, &meld), counts_hold(&added), "{added:?}");
            if !parent.is_empty() {
                let i = rng.random_range(0..parent.len());
                let mut replaced = parent.clone();
                replaced[i] = entry(meld);
                let fits = turn.fits(&used, Some(&parent[i].meld), &meld);
                assert_eq!(fits, counts_hold(&replaced), "{replaced:?}");
                held += usize::from(fits);
                not += usize::from(!fits);
            }
        }
        assert!(held > 100 && not > 30, "{held} {not}");
    }

    /// §4.1's puzzles answered once a turn: a puzzle's best and the work it costs depend
    /// on its tiles' counts and its floor alone, not on the order its tiles come in nor
    /// on the puzzles one solver solved before (what lets `fixed` answer a puzzle of the
    /// same counts from the first).
    #[test]
    fn rules_4_1_a_puzzle_of_the_same_tiles_has_the_same_best_and_work() {
        use rand::seq::{IndexedRandom, SliceRandom};
        use rummykit_core::Face;
        let mut pool = [2usize; 53];
        pool[52] = 1;
        let every = every_meld(&pool);
        let mut rng = ChaCha8Rng::seed_from_u64(0x0401_0cac);
        let options = SolveOptions::default().with_objective(Objective::Tiles).with_opened(true);
        let mut used = Solver::new();
        let mut placing = 0;
        for _ in 0..150 {
            let mut table: Vec<Tile> = Vec::new();
            for _ in 0..rng.random_range(1..5) {
                let m = &every[rng.random_range(0..every.len())];
                let fits = face_counts(&table)
                    .iter()
                    .zip(face_counts(m.faces()))
                    .zip(&pool)
                    .all(|((a, b), p)| a + b <= *p);
                if fits {
                    table.extend_from_slice(m.faces());
                }
            }
            let left: Vec<Tile> = (0..53u8)
                .filter_map(Tile::from_index)
                .flat_map(|t| {
                    core::iter::repeat_n(
                        t,
                        pool[t.index() as usize] - face_counts(&table)[t.index() as usize],
                    )
                })
                .collect();
            let n = rng.random_range(1..12);
            let rack: Vec<Tile> = left.sample(&mut rng, n).copied().collect();
            let floor = Some((rng.random_range(0..3), 0));
            let mut fresh = Solver::new();
            let answer =
                fresh.solve_from(&Position::new(table.clone(), rack.clone()), &options, floor).unwrap();
            let work = fresh.dp.work;
            let (mut t2, mut r2) = (table.clone(), rack.clone());
            t2.shuffle(&mut rng);
            r2.shuffle(&mut rng);
            let before = used.dp.work;
            let again = used.solve_from(&Position::new(t2, r2), &options, floor).unwrap();
            assert_eq!(format!("{again:?}"), format!("{answer:?}"), "{table:?} {rack:?}");
            assert_eq!(used.dp.work - before, work, "{table:?} {rack:?}");
            placing += usize::from(answer.is_some_and(|a| a.tiles_placed > 0));
        }
        assert!(placing > 30, "{placing}");
    }

    /// A node's melds hold a solved node's only with every copy: one meld twice in the
    /// part needs it twice in the node; the least best among the parts held bounds it,
    /// and a part with no play closes it.
    #[test]
    fn rules_4_1_a_node_is_bounded_by_the_solved_nodes_whose_melds_it_holds() {
        let key = |s: &[&str]| {
            let mut k: Vec<MeldKey> =
                s.iter().map(|m| face_key(true, &rummykit_core::parse_list::<Tile>(m).unwrap())).collect();
            k.sort_unstable();
            k
        };
        let node = key(&["r3 r4 r5", "b7 b8 b9", "k1 k2 k3"]);
        assert!(is_part(&key(&["r3 r4 r5", "k1 k2 k3"]), &node));
        assert!(!is_part(&key(&["r3 r4 r5", "r3 r4 r5"]), &node));
        assert!(is_part(&key(&["r3 r4 r5", "r3 r4 r5"]), &key(&["r3 r4 r5", "b7 b8 b9", "r3 r4 r5"])));
        assert!(!is_part(&key(&["y3 y4 y5"]), &node));
        let lower = vec![
            (key(&["r3 r4 r5"]), Some((5, 40))),
            (key(&["b7 b8 b9", "k1 k2 k3"]), Some((4, 30))),
            (key(&["y3 y4 y5"]), None),
        ];
        let lower: Vec<MeldsBest> =
            lower.into_iter().map(|(k, best)| (k.clone(), signature(&k), best)).collect();
        assert_eq!(below_solved(&lower, &node), Some(Some((4, 30))));
        assert_eq!(below_solved(&lower[..1], &node), Some(Some((5, 40))));
        assert_eq!(below_solved(&lower, &key(&["y3 y4 y5", "k1 k2 k3"])), Some(None));
        assert_eq!(below_solved(&lower, &key(&["b7 b8 b9"])), None);
    }

    /// Every valid meld that meets a set of needs, cut down piece by piece while a cut
    /// leaves a run that still meets them, ends as one of the forms listed (what the
    /// bound's argument needs of them), and every form listed meets the needs; the needs
    /// of the old melds, and of the jokers that must stay or be swapped, alone and
    /// together.
    #[test]
    fn rules_4_1_every_meld_meeting_needs_cuts_down_to_a_form() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0401_f0e5);
        // A stream of its own, so the old melds' needs drawn stay those drawn before.
        let mut jokers_rng = ChaCha8Rng::seed_from_u64(0x0401_57a7);
        let tables = [
            vec![meld(MeldKind::Run, "r3 r4 r5 r6"), meld(MeldKind::Group, "r5 b5 y5")],
            vec![meld(MeldKind::Run, "b2 J b4"), meld(MeldKind::Run, "b4 b5 b6 b7 b8")],
            vec![meld(MeldKind::Group, "k9 J y9"), meld(MeldKind::Run, "k8 k9 k10")],
            vec![meld(MeldKind::Run, "J J y5"), meld(MeldKind::Run, "y6 y7 y8")],
        ];
        let mut checked = 0;
        for table in &tables {
            let racks = ["", "r7 b3 y9 k11", "r5 r2 J", "b9 y4 y10 k10 k7"];
            for rack in racks {
                let rack = rummykit_core::parse_list::<Tile>(rack).unwrap();
                if face_counts(&rack)[52] + table.iter().map(|m| m.jokers()).sum::<usize>() > 2 {
                    continue;
                }
                let turn = Turn::new(table, &rack, true);
                let every = every_meld(&turn.pool);
                for _ in 0..6 {
                    let c = rng.random_range(0..table.len());
                    let naturals = &turn.olds[c].naturals;
                    let mut needs = vec![if rng.random_bool(0.5) {
                        Need::Kept(c)
                    } else {
                        Need::Apart(c, naturals[rng.random_range(0..naturals.len())])
                    }];
                    if rng.random_bool(0.5) {
                        needs.push(Need::Kept(1 - c));
                    }
                    if !turn.stays.is_empty() {
                        let k = jokers_rng.random_range(0..turn.stays.len());
                        let need = if jokers_rng.random_bool(0.5) { Need::Stay(k) } else { Need::Swap(k) };
                        match jokers_rng.random_range(0..3) {
                            0 => {}
                            1 => needs.push(need),
                            _ => needs = vec![need],
                        }
                    }
                    let forms = turn.forms(&needs);
                    let meets = |kind, faces: &[Tile]| turn.meets_all(kind, faces, &needs);
                    assert!(forms.iter().all(|f| meets(f.kind(), f.faces())), "{needs:?}");
                    for w in every.iter().filter(|w| meets(w.kind(), w.faces())) {
                        let mut faces = w.faces().to_vec();
                        while let Some(rest) = (3..=faces.len().saturating_sub(3)).find_map(|k| {
                            let (a, b) = faces.split_at(k);
                            let natural = |s: &[Tile]| s.iter().any(|t| !t.is_joker());
                            let ok = w.kind() == MeldKind::Run && natural(a) && natural(b);
                            if ok && meets(MeldKind::Run, a) {
                                Some(a.to_vec())
                            } else if ok && meets(MeldKind::Run, b) {
                                Some(b.to_vec())
                            } else {
                                None
                            }
                        }) {
                            faces = rest;
                        }
                        assert!(
                            forms.iter().any(|f| f.kind() == w.kind() && f.faces() == &faces[..]),
                            "{table:?} {rack:?} {needs:?}: {w:?} cut to {faces:?}, not a form"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 500, "{checked} melds checked");
    }
}
