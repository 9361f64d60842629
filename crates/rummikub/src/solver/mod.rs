//! The exact Rummikub rearrangement solver.
//!
//! Given the tiles on the table and on a rack, [`solve`] finds the play that places the
//! most rack tiles ([`Objective::Tiles`], ties: most value) or the most value
//! ([`Objective::Value`], ties: most tiles), such that afterwards every table tile and
//! every placed tile sits in a valid meld (`RULES.md` §1.4: runs of 3–13 of one colour
//! without wrap, groups of 3–4 distinct colours, jokers anywhere, also in "redundant"
//! positions). Before the player has opened (`RULES.md` §1.5) it finds the best initial
//! meld instead: rack tiles only, new melds only, worth at least the threshold.
//!
//! The answer is **exact**. The method is a dynamic program over the numbers 1..13 (after
//! van Rijn, Takes & Vis, "The Complexity of Rummikub Problems", 2015), with the open
//! runs of each colour, the jokers used and (initial meld) the value laid down as its
//! state, processed colour by colour, with a precomputed table for the groups of each
//! number. See [the solver's design notes](https://github.com/rummykit/rummykit/blob/main/docs/design/solver.md) for the
//! argument, [the performance notes](https://github.com/rummykit/rummykit/blob/main/docs/PERFORMANCE.md) for the
//! measurements.
//!
//! ```
//! use rummykit_rummikub::solver::{Objective, Position, SolveOptions, solve};
//!
//! // Blue 2-6 on the table and a blue 4 on the rack: split into 2-4 and 4-6.
//! let pos = Position::parse("b2 b3 b4 b5 b6", "b4 r9")?;
//! let sol = solve(&pos, &SolveOptions::default())?;
//! assert_eq!(sol.tiles_placed, 1);
//! assert_eq!(sol.table.len(), 2);
//!
//! // Before opening: 30 points from the rack alone.
//! let pos = Position::parse("", "r10 b10 k10 y2 y3")?;
//! let opts = SolveOptions::default().with_opened(false).with_objective(Objective::Value);
//! assert_eq!(solve(&pos, &opts)?.value_placed, 30);
//! # Ok::<(), rummykit_rummikub::solver::SolveError>(())
//! ```
//!
//! # Contract with the engine
//!
//! [`solve`] and [`Solver::solve`] work on the meld rules alone (the "flat" puzzle): the
//! answer's table holds every table tile plus exactly [`Solution::placed`], and every
//! meld is valid under [`MELD_RULES`](crate::MELD_RULES). The
//! house rules of `RULES.md` §1.6, §1.10 and §4.1 depend on the table's previous melds;
//! [`Solver::solve_turn`] takes the table as melds and the [`Config`](crate::Config) and
//! answers only with a play the engine's [`check_play`](crate::check_play) accepts and
//! that is proven best under those rules, or says that it cannot prove one
//! ([`SolveError::Unproven`], which still carries the best allowed play it found). See
//! [the solver's design
//! notes](https://github.com/rummykit/rummykit/blob/main/docs/design/solver.md).

mod dp;
mod error;
mod groups;
mod locked;
mod options;
mod own;
mod paged;
mod position;
mod rack_only;
mod reuse;
mod schmidt;
mod solution;
mod turn;

pub use error::SolveError;
pub use options::{Objective, SolveOptions, TurnProof};
pub use position::Position;
pub use solution::Solution;

use rummykit_core::{Colour, Face, MAX_MELD_LEN, Meld, MeldKind, Tile};

use crate::InitialJokerValue;

use dp::{Counts, Dp, Params, Sweep};

/// Most jokers a position may hold (the 160-tile set has four).
///
/// ```
/// use rummykit_core::{Catalog, Tile};
/// use rummykit_rummikub::TileSet;
/// use rummykit_rummikub::solver::{MAX_JOKERS, Position, SolveError, SolveOptions, solve};
/// let xp = SolveOptions::default().with_tile_set(TileSet::Xp160.catalog());
/// assert!(solve(&Position::parse("", "J J J J r1")?, &xp).is_ok());
/// // A home-made box of six jokers holds more than the solver takes.
/// let six = Catalog::<Tile>::new(2, 6).expect("110 tiles");
/// let five = solve(&Position::parse("", "J J J J J")?, &SolveOptions::default().with_tile_set(six));
/// assert_eq!(five.err(), Some(SolveError::UnsupportedJokers { count: 5, max: MAX_JOKERS }));
/// # Ok::<(), SolveError>(())
/// ```
pub const MAX_JOKERS: usize = 4;

/// Solves `position` under `options`: see the [module docs](self).
///
/// # Errors
///
/// * [`SolveError::TooManyCopies`] if table and rack hold more copies of a tile (or more
///   jokers) than [`SolveOptions::tile_set`] has;
/// * [`SolveError::UnsupportedJokers`] for more than [`MAX_JOKERS`] jokers;
/// * [`SolveError::TableNotMeldable`] if the table tiles cannot form valid melds.
///
/// ```
/// use rummykit_rummikub::solver::{Position, SolveOptions, solve};
/// let sol = solve(&Position::parse("r1 r2 r3 k5 b5 y5", "r4 J k13")?, &SolveOptions::default())?;
/// assert_eq!(sol.tiles_placed, 2); // r4 and the joker; k13 has no partners
/// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
/// ```
pub fn solve(position: &Position, options: &SolveOptions) -> Result<Solution, SolveError> {
    Solver::new().solve(position, options)
}

/// A reusable solver: keeps its working memory (tables that grow with the positions it
/// has solved, and the colour decisions it has generated) between calls, which makes
/// later solves cheaper than the first. A fresh one is cheap to make: its tables start
/// empty and take only the room its positions need.
///
/// That memory is only a cache: answers never depend on it. Whether to keep a solver
/// across solves (per game, per bot, per thread) is the caller's choice; [`solve`]
/// makes a fresh one each call.
///
/// ```
/// use rummykit_rummikub::solver::{Position, SolveOptions, Solver};
/// let mut solver = Solver::new();
/// for rack in ["r4", "r4 r5", "k9"] {
///     let sol = solver.solve(&Position::parse("r1 r2 r3", rack)?, &SolveOptions::default())?;
///     assert_eq!(sol.tiles_placed, if rack == "k9" { 0 } else { rack.split(' ').count() });
/// }
/// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    dp: Dp,
    /// Which sweep directions the core program searches (tests: one of them alone).
    sweeps: Sweeps,
    /// The first round's state limit of the exact passes' race ([`dp::RACE_LIMIT`];
    /// tests: tiny).
    race_limit: usize,
    /// How far `solve_turn` goes to prove a best play.
    turn_proof: TurnProof,
    /// The DP's work ([`Dp::work`]) past which the turn in progress solves no more
    /// puzzles for its bounds (see `turn.rs`).
    work_until: u64,
    /// The work a turn's bounds may do (`turn.rs`'s `TURN_WORK`; tests: smaller).
    turn_work: u64,
}

/// The sweep directions [`Solver::core`] searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sweeps {
    Both,
    /// Tests only.
    #[cfg_attr(not(test), allow(dead_code))]
    Forward,
    /// Tests only.
    #[cfg_attr(not(test), allow(dead_code))]
    Mirrored,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

/// Counts of every face in a list, jokers at index 52.
fn face_counts(tiles: &[Tile]) -> [usize; 53] {
    let mut counts = [0usize; 53];
    for t in tiles {
        counts[t.index() as usize] += 1;
    }
    counts
}

/// Counts of the naturals in a list by colour and number, as [`Counts`] holds them.
///
/// A loop over the tiles rather than over the 52 faces: the compiler unrolls a loop of
/// a fixed count into straight code, hundreds of bytes that a solve running cold (beside
/// another process) reads from memory each time.
fn grid(tiles: &[Tile]) -> [[u8; 13]; 4] {
    let mut g = [[0u8; 13]; 4];
    for t in tiles {
        let i = usize::from(t.index());
        if i < 52 {
            g[i / 13][i % 13] += 1;
        }
    }
    g
}

impl Solver {
    /// A solver with empty working memory.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Position, SolveOptions, Solver, solve};
    ///
    /// // A fresh solver answers as the one-call `solve` does.
    /// let pos = Position::parse("k1 k2 k3 r7 b7 y7", "k4 k7 J")?;
    /// let fresh = Solver::new().solve(&pos, &SolveOptions::default())?;
    /// assert_eq!(fresh, solve(&pos, &SolveOptions::default())?);
    /// assert_eq!(fresh.tiles_placed, 3);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub fn new() -> Solver {
        Solver {
            dp: Dp::default(),
            sweeps: Sweeps::Both,
            race_limit: dp::RACE_LIMIT,
            turn_proof: TurnProof::Full,
            work_until: u64::MAX,
            turn_work: turn::TURN_WORK,
        }
    }

    /// This solver, proving `solve_turn`'s answers as far as `proof` says (by default
    /// [`TurnProof::Full`]).
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Solver, TurnProof};
    /// let solver = Solver::new().with_turn_proof(TurnProof::Quick);
    /// assert_eq!(solver.turn_proof(), TurnProof::Quick);
    /// ```
    #[must_use]
    pub fn with_turn_proof(mut self, proof: TurnProof) -> Solver {
        self.turn_proof = proof;
        self
    }

    /// How far [`Solver::solve_turn`] goes to prove a best play.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Solver, TurnProof};
    /// assert_eq!(Solver::new().turn_proof(), TurnProof::Full);
    /// ```
    #[must_use]
    pub fn turn_proof(&self) -> TurnProof {
        self.turn_proof
    }

    /// Solves `position` under `options`, as [`solve`] does.
    ///
    /// # Errors
    ///
    /// As [`solve`].
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, Solver};
    ///
    /// let mut solver = Solver::new();
    /// // r5 r6 on the table make no meld, not even with the rack's k9: refused, and the
    /// // solver stays usable (with r7 on the rack it would complete the run).
    /// let broken = Position::parse("r5 r6", "k9")?;
    /// assert!(matches!(solver.solve(&broken, &SolveOptions::default()), Err(SolveError::TableNotMeldable)));
    /// let sol = solver.solve(&Position::parse("r5 r6 r7", "r8")?, &SolveOptions::default())?;
    /// assert_eq!(sol.placed.len(), 1);
    /// # Ok::<(), SolveError>(())
    /// ```
    pub fn solve(&mut self, position: &Position, options: &SolveOptions) -> Result<Solution, SolveError> {
        // Without a floor there is always an answer.
        Ok(self.solve_from(position, options, None)?.unwrap_or_default())
    }

    /// As [`Solver::solve`], but with a `floor` (a [`rank`] under the objective; opened
    /// mode only) only a play ranking at least that is wanted: the same answer as
    /// without it when the best play reaches the floor, `None` otherwise, often found
    /// much sooner (a bound shows that nothing reaches it). With a floor, a table that
    /// cannot be laid out also answers `None`.
    fn solve_from(
        &mut self,
        position: &Position,
        options: &SolveOptions,
        floor: Option<(u64, u64)>,
    ) -> Result<Option<Solution>, SolveError> {
        let table = face_counts(position.table());
        let rack = face_counts(position.rack());
        let set = options.tile_set;
        for (i, (&a, &b)) in table.iter().zip(rack.iter()).enumerate() {
            let tile = Tile::from_index(i as u8).unwrap_or(Tile::JOKER);
            let max = set.count_of(tile);
            if a + b > max as usize {
                return Err(SolveError::TooManyCopies { tile, count: a + b, max });
            }
        }
        let jokers = table[52] + rack[52];
        if jokers > MAX_JOKERS {
            return Err(SolveError::UnsupportedJokers { count: jokers, max: MAX_JOKERS });
        }
        let params = Params {
            objective: options.objective,
            joker_value: options.joker_value,
            threshold: None,
            joker_counts: options.initial_joker_value == InitialJokerValue::Represented,
            core: false,
            mirror: false,
        };
        if options.opened {
            let counts = Counts {
                fixed: grid(position.table()),
                optional: grid(position.rack()),
                fixed_jokers: table[52] as u8,
                optional_jokers: rack[52] as u8,
            };
            let found = match self.opened(&counts, params, false, floor) {
                Err(SolveError::TableNotMeldable) if floor.is_some() => return Ok(None),
                found => found?,
            };
            return Ok(found
                .filter(|(_, placed)| floor.is_none_or(|f| rank(placed, params) >= f))
                .map(|(melds, placed)| finish(melds, placed, options.joker_value)));
        }
        // Initial meld: the table stays as it is.
        let mut melds = match position.melds() {
            Some(m) => m.to_vec(),
            None if position.table().is_empty() => Vec::new(),
            None => {
                let counts = Counts {
                    fixed: grid(position.table()),
                    fixed_jokers: table[52] as u8,
                    ..Counts::default()
                };
                self.opened(&counts, params, false, None)?.map(|(melds, _)| melds).unwrap_or_default()
            }
        };
        let counts =
            Counts { optional: grid(position.rack()), optional_jokers: rack[52] as u8, ..Counts::default() };
        let mut placed = Vec::new();
        // The rack's naturals at their numbers, from the tiles (see [`grid`]).
        let naturals = position.rack().iter().filter_map(|t| t.number()).map(u64::from).sum();
        if let Some((new, p)) = self.initial(&counts, naturals, params, options.threshold) {
            melds.extend(new);
            placed = p;
        }
        Ok(Some(finish(melds, placed, options.joker_value)))
    }
}

/// A play: the melds of the table after it and the rack tiles placed.
type Layout = (Vec<Meld<Tile>>, Vec<Tile>);

/// States per layer of the beams, narrow to wide, that look for an initial meld as
/// good as the best play at any value.
const INITIAL_BEAMS: [usize; 3] = [16, 128, 1024];

/// The objective's rank of placing `placed`: most tiles then most value, or the other
/// way round.
fn rank(placed: &[Tile], params: Params) -> (u64, u64) {
    let tiles = placed.len() as u64;
    let value: u64 = placed.iter().map(|t| t.number().map_or(u64::from(params.joker_value), u64::from)).sum();
    match params.objective {
        Objective::Tiles => (tiles, value),
        Objective::Value => (value, tiles),
    }
}

/// What `melds` count toward the initial meld: the numbers of their tiles, a joker the
/// number it represents or nothing (`RULES.md` §1.5).
fn initial_value(melds: &[Meld<Tile>], joker_counts: bool) -> u64 {
    let jokers = if joker_counts { InitialJokerValue::Represented } else { InitialJokerValue::Zero };
    melds.iter().map(|m| u64::from(crate::check::meld_value(m, jokers))).sum()
}

impl Solver {
    /// The best initial meld from the rack tiles `counts` (all optional; `naturals`: their
    /// numbers added up) worth at least `threshold`: its melds and the tiles placed;
    /// `None` if no melds reach it.
    ///
    /// The threshold only ever removes plays, so the best play at any value, if it is
    /// worth the threshold, is the answer; it comes from the opened-mode search, which
    /// is bounded however large the rack. Only when it is worth less does the program
    /// with the value laid down as part of its state run, and before it two bounds end
    /// the search when no play can reach the threshold: every natural and 13 per joker,
    /// then the most-value play with a joker worth 13. That program stores only states
    /// that can still reach the threshold, and their value capped at it.
    fn initial(
        &mut self,
        counts: &Counts,
        naturals: u64,
        params: Params,
        threshold: u32,
    ) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)> {
        let per_joker = if params.joker_counts { 13 } else { 0 };
        let most = naturals + per_joker * u64::from(counts.optional_jokers);
        if u64::from(threshold) > most {
            return None;
        }
        // Nothing is fixed, so the opened-mode search always finds a play (maybe none).
        let (melds, placed) = self.opened(counts, params, true, None).ok()??;
        if initial_value(&melds, params.joker_counts) >= u64::from(threshold) {
            return Some((melds, placed));
        }
        let by_value = Params { objective: Objective::Value, joker_value: per_joker as u32, ..params };
        let (_, best) = self.opened(counts, by_value, true, None).ok()??;
        let best: u64 = best.iter().map(|t| t.number().map_or(per_joker, u64::from)).sum();
        if u64::from(threshold) > best {
            return None;
        }
        // Beams over the program with the value: if one places as much as the best play
        // at any value, nothing beats it.
        let constrained = Params { threshold: Some(threshold), ..params };
        let goal = rank(&placed, params);
        for width in INITIAL_BEAMS {
            if let Some(opt) = self.dp.beam(counts, constrained, width) {
                let found = build(counts, &opt, false, false);
                if rank(&found.1, params) == goal {
                    return Some(found);
                }
            }
        }
        let opt = self.dp.run(counts, constrained)?;
        Some(build(counts, &opt, false, false))
    }

    /// The opened-mode optimum of `counts`: the table and the rack tiles placed. With
    /// `high`, spare jokers go where they represent the highest number (an initial
    /// meld counts it). With a `floor` ([`Solver::solve_from`]), `None` (or
    /// [`SolveError::TableNotMeldable`]) if the core relaxation shows that no play ranks
    /// that high; a play below it may still come back.
    fn opened(
        &mut self,
        counts: &Counts,
        params: Params,
        high: bool,
        floor: Option<(u64, u64)>,
    ) -> Result<Option<Layout>, SolveError> {
        // The core relaxation first: jokers only where they are needed, every other
        // joker counted as placed. Its optimum bounds the true one from above, so if
        // the spare jokers find room in its table, that table is optimal.
        let core = Params { core: true, ..params };
        let (opt, mirror) = self.core(counts, core, floor.map_or(0, |f| core_floor(f, counts, params)));
        let opt = match opt {
            Some(opt) => opt,
            None if floor.is_some() => return Ok(None),
            None => return Err(SolveError::TableNotMeldable),
        };
        let (mut melds, mut placed) = if mirror {
            build(&counts.mirrored(), &opt, true, true)
        } else {
            build(counts, &opt, true, false)
        };
        let spare = usize::from(counts.fixed_jokers + counts.optional_jokers) - opt.jokers as usize;
        let place = |melds: &mut Vec<Meld<Tile>>, n: usize| {
            if high { place_high_jokers(melds, n) } else { place_free_jokers(melds, n) }
        };
        let mut left = place(&mut melds, spare);
        // No meld has room (only groups of four and runs of 13): the same tiles laid
        // out with room, where a run can be split or groups of four give up a run.
        while left > 0 && make_room(&mut melds, &mut left) {
            left = place(&mut melds, left);
        }
        if left == 0 {
            let already = placed.iter().filter(|t| t.is_joker()).count();
            placed.extend(core::iter::repeat_n(Tile::JOKER, usize::from(counts.optional_jokers) - already));
            return Ok(Some((melds, placed)));
        }
        // Not enough room (rare: only long runs and groups of four): the full program.
        let opt = self.dp.run(counts, params).ok_or(SolveError::TableNotMeldable)?;
        Ok(Some(build(counts, &opt, false, false)))
    }

    /// The core program's optimum, searched in both sweep directions (1 to 13 and
    /// mirrored, 13 to 1; see [`Dp::search`]); also whether the mirrored sweep found it.
    ///
    /// Both sweeps are exact, but how fast their beams find the optimum and how many
    /// states the relaxation leaves them differs a lot by position, either way round:
    /// on the bench positions one direction is up to 25× slower than the other.
    fn core(&mut self, counts: &Counts, params: Params, floor: u32) -> (Option<dp::Optimum>, bool) {
        let mirrored = counts.mirrored();
        let both = [
            Sweep { counts, params },
            Sweep { counts: &mirrored, params: Params { mirror: true, ..params } },
        ];
        let sweeps = match self.sweeps {
            Sweeps::Both => &both[..],
            Sweeps::Forward => &both[..1],
            Sweeps::Mirrored => &both[1..],
        };
        match self.dp.search(sweeps, self.race_limit.max(1), floor) {
            Some((opt, i)) => (Some(opt), sweeps[i].params.mirror),
            None => (None, false),
        }
    }
}

/// The core program's score (naturals only, packed as its states' scores are, no room
/// bits) that a play must reach to rank at least `floor`: the core counts every optional
/// joker as placed, each worth the joker's value.
fn core_floor(floor: (u64, u64), counts: &Counts, params: Params) -> u32 {
    let jokers = u64::from(counts.optional_jokers);
    let value = jokers * u64::from(params.joker_value);
    let (first, second) = match params.objective {
        Objective::Tiles => (floor.0.checked_sub(jokers), floor.1.saturating_sub(value)),
        Objective::Value => (floor.0.checked_sub(value), floor.1.saturating_sub(jokers)),
    };
    // Below the jokers' own share: every play reaches the first part, so no floor.
    let Some(first) = first else { return 0 };
    let packed = first << dp::major_shift(params.objective) | second << dp::MINOR_SHIFT;
    u32::try_from(packed).unwrap_or(u32::MAX)
}

fn finish(table: Vec<Meld<Tile>>, mut placed: Vec<Tile>, joker_value: u32) -> Solution {
    placed.sort();
    let value_placed =
        placed.iter().map(|t| t.number().map_or(u64::from(joker_value), u64::from)).sum::<u64>();
    Solution { tiles_placed: placed.len(), value_placed, placed, table }
}

/// Pads a run of one or two tiles (at least one a natural) to three with jokers: after
/// it, or before it where it would run past 13.
fn pad(mut run: OpenRun) -> OpenRun {
    let tiles = run.tiles();
    // The number the last tile stands for, from the first natural and its place.
    let end = tiles
        .iter()
        .enumerate()
        .find_map(|(i, t)| t.number().map(|n| (usize::from(n) + tiles.len() - 1).saturating_sub(i)))
        .unwrap_or(1);
    let need = 3usize.saturating_sub(tiles.len());
    if end + need > 13 {
        let len = usize::from(run.len);
        run.tiles.copy_within(..len, need);
        run.tiles[..need].fill(Tile::JOKER);
        run.len += need as u8;
    } else {
        for _ in 0..need {
            run.push(Tile::JOKER);
        }
    }
    run
}

/// Lays the same tiles out so that a meld has room for a joker, or puts a joker in a
/// new run: a run of six or more split in two; three groups of four at consecutive
/// numbers giving up a run of one colour (they keep three each); two groups of four
/// at `n` and `n + 1` or `n + 2` giving up two tiles of one colour for a run with a
/// joker (`jokers` one fewer). `false` if none applies.
fn make_room(melds: &mut Vec<Meld<Tile>>, jokers: &mut usize) -> bool {
    let valid = |kind, faces: &[Tile]| Meld::new(kind, faces, &crate::MELD_RULES).ok();
    for i in 0..melds.len() {
        let m = melds[i];
        if m.kind() == MeldKind::Run && m.len() >= 6 {
            for k in 3..=m.len() - 3 {
                if let (Some(a), Some(b)) =
                    (valid(MeldKind::Run, &m.faces()[..k]), valid(MeldKind::Run, &m.faces()[k..]))
                {
                    melds[i] = a;
                    melds.push(b);
                    return true;
                }
            }
        }
    }
    // Groups of four by number.
    let full: Vec<(usize, u8)> = melds
        .iter()
        .enumerate()
        .filter(|(_, m)| m.kind() == MeldKind::Group && m.len() == 4)
        .filter_map(|(i, m)| Some((i, m.numbers().next()?)))
        .collect();
    let find = |n: u8| full.iter().find(|&&(_, k)| k == n).map(|&(i, _)| i);
    for &(i, n) in &full {
        for steps in [[1u8, 2], [1, 0], [2, 0]] {
            let mut chain = vec![i];
            for s in steps.iter().filter(|&&s| s > 0) {
                match find(n + s) {
                    Some(j) if !chain.is_empty() => chain.push(j),
                    _ => chain.clear(),
                }
            }
            let needs_joker = chain.len() == 2;
            if chain.len() < 2 || (needs_joker && *jokers == 0) {
                continue;
            }
            for colour in Colour::ALL {
                let mut run: Vec<Tile> = Vec::new();
                let mut rest = Vec::new();
                for &j in &chain {
                    let faces = melds[j].faces();
                    let Some(p) = faces.iter().position(|t| t.colour() == Some(colour)) else { break };
                    run.push(faces[p]);
                    let mut f = faces.to_vec();
                    f.remove(p);
                    rest.extend(valid(MeldKind::Group, &f).map(|g| (j, g)));
                }
                if rest.len() != chain.len() {
                    continue;
                }
                if needs_joker {
                    // n, n + 2 with the joker between; n, n + 1 with it after (before at 13).
                    if steps[0] == 2 {
                        run.insert(1, Tile::JOKER);
                    } else if n + 1 < 13 {
                        run.push(Tile::JOKER);
                    } else {
                        run.insert(0, Tile::JOKER);
                    }
                }
                let Some(run) = valid(MeldKind::Run, &run) else { continue };
                for (j, g) in rest {
                    melds[j] = g;
                }
                melds.push(run);
                *jokers -= usize::from(needs_joker);
                return true;
            }
        }
    }
    false
}

/// Adds `jokers` jokers to melds with room (a run shorter than 13, a group of three);
/// gives back how many found no room.
fn place_free_jokers(melds: &mut [Meld<Tile>], mut jokers: usize) -> usize {
    for meld in melds.iter_mut() {
        while jokers > 0 {
            let mut faces = meld.faces().to_vec();
            match meld.kind() {
                MeldKind::Group if faces.len() == 3 => faces.push(Tile::JOKER),
                MeldKind::Run if faces.len() < 13 => {
                    if meld.numbers().last().unwrap_or(13) < 13 {
                        faces.push(Tile::JOKER);
                    } else {
                        faces.insert(0, Tile::JOKER);
                    }
                }
                _ => break,
            }
            match Meld::new(meld.kind(), &faces, &crate::MELD_RULES) {
                Ok(m) => *meld = m,
                Err(_) => break,
            }
            jokers -= 1;
        }
    }
    jokers
}

/// Adds `jokers` jokers to melds with room, each where it represents the highest
/// number (the fourth of a group of three, or a run's next number up or down); gives
/// back how many found no room.
fn place_high_jokers(melds: &mut [Meld<Tile>], mut jokers: usize) -> usize {
    while jokers > 0 {
        let mut best: Option<(u8, usize, Vec<Tile>)> = None;
        for (i, meld) in melds.iter().enumerate() {
            let mut faces = meld.faces().to_vec();
            let numbers: Vec<u8> = meld.numbers().collect();
            let (first, last) = (numbers[0], numbers[numbers.len() - 1]);
            let (n, at_end) = match meld.kind() {
                MeldKind::Group if faces.len() == 3 => (first, true),
                MeldKind::Run if last < 13 => (last + 1, true),
                MeldKind::Run if first > 1 => (first - 1, false),
                _ => continue,
            };
            if best.as_ref().is_some_and(|b| b.0 >= n) {
                continue;
            }
            if at_end {
                faces.push(Tile::JOKER);
            } else {
                faces.insert(0, Tile::JOKER);
            }
            best = Some((n, i, faces));
        }
        let Some((_, i, faces)) = best else { break };
        match Meld::new(melds[i].kind(), &faces, &crate::MELD_RULES) {
            Ok(m) => melds[i] = m,
            Err(_) => break,
        }
        jokers -= 1;
    }
    jokers
}

/// A run being built during reconstruction, its tiles in step order. Held in place (a
/// run has at most one tile per number): a solve lays out a dozen runs, each of which
/// had been an allocation and two regrowths.
#[derive(Clone, Copy)]
struct OpenRun {
    tiles: [Tile; MAX_MELD_LEN],
    len: u8,
}

impl OpenRun {
    /// `jokers` jokers, then `tile`.
    fn new(jokers: usize, tile: Tile) -> OpenRun {
        let mut tiles = [Tile::JOKER; MAX_MELD_LEN];
        tiles[jokers] = tile;
        OpenRun { tiles, len: jokers as u8 + 1 }
    }

    fn push(&mut self, tile: Tile) {
        self.tiles[usize::from(self.len)] = tile;
        self.len += 1;
    }

    fn tiles(&self) -> &[Tile] {
        &self.tiles[..usize::from(self.len)]
    }
}

/// Replays the optimum's decisions into melds and the list of rack tiles placed.
fn build(counts: &Counts, opt: &dp::Optimum, core: bool, mirror: bool) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    // A mirrored run's step `n` holds the tiles numbered `14 - n`, so its runs are built
    // high to low: turned round before they are padded or validated.
    let orient = |mut run: OpenRun| {
        if mirror {
            run.tiles[..usize::from(run.len)].reverse();
        }
        run
    };
    // The runs go into the melds as they end (in that order, then those open at the
    // end), the groups after them.
    let mut melds: Vec<Meld<Tile>> = Vec::new();
    let end = |melds: &mut Vec<Meld<Tile>>, run: OpenRun| {
        let tiles = run.tiles();
        let run = Meld::new(MeldKind::Run, tiles, &crate::MELD_RULES);
        debug_assert!(run.is_ok(), "solver built an invalid run {tiles:?}");
        melds.extend(run);
    };
    let mut groups: Vec<Meld<Tile>> = Vec::new();
    let mut layout = Vec::new();
    let mut open: [Vec<OpenRun>; 4] = Default::default();
    let mut placed = Vec::new();
    let mut step = 0;
    for n in 1..=13u8 {
        let mut gamma = [0u8; 4];
        for (c, colour) in Colour::ALL.into_iter().enumerate() {
            let packed = opt.choices[step];
            step += 1;
            // Nothing decided and no run open: nothing to do (most steps of a sparse colour).
            if packed & ((1 << dp::GROUP_JOKER_SHIFT) - 1) == 0 && open[c].is_empty() {
                continue;
            }
            let ch = dp::choice(packed);
            let number = if mirror { 14 - n } else { n };
            let tile = Tile::new(colour, number).unwrap_or(Tile::JOKER);
            // Short runs all go on; `k3` of the long ones go on, the rest end here. In
            // place (a stable partition, short ones first): this runs 52 times a solve.
            let cont = &mut open[c];
            if cont.len() > 1 {
                cont.sort_by_key(|r| r.len >= 3);
            }
            let short = cont.iter().take_while(|r| r.len < 3).count();
            let on = (short + ch.k3 as usize).min(cont.len());
            for r in cont.drain(on..) {
                end(&mut melds, orient(r));
            }
            let mut naturals = 0;
            for (i, run) in cont.iter_mut().enumerate() {
                if i < ch.ext_jokers as usize {
                    run.push(Tile::JOKER);
                } else {
                    run.push(tile);
                    naturals += 1;
                }
            }
            // Core mode: `pad2` of the runs that just reached two (they were one long)
            // end here with a joker; `pad1` naturals make runs with two jokers.
            let mut pairs = ch.pad2 as usize;
            let mut i = 0;
            while i < cont.len() {
                if pairs > 0 && cont[i].len == 2 {
                    pairs -= 1;
                    end(&mut melds, pad(orient(cont.remove(i))));
                } else {
                    i += 1;
                }
            }
            for _ in 0..ch.pad1 {
                end(&mut melds, pad(OpenRun::new(0, tile)));
                naturals += 1;
            }
            for _ in 0..ch.s0 {
                cont.push(OpenRun::new(0, tile));
            }
            for _ in 0..ch.s1 {
                cont.push(OpenRun::new(1, tile));
            }
            if ch.big > 0 {
                for len in dp::prefixes(ch.big, ch.big_jokers) {
                    cont.push(OpenRun::new(len as usize, tile));
                }
            }
            naturals += ch.s0 + ch.s1 + ch.big + ch.gamma;
            let fixed = u32::from(counts.fixed[c][n as usize - 1]);
            for _ in fixed..naturals {
                placed.push(tile);
            }
            gamma[c] = ch.gamma as u8;
        }
        let jokers = (opt.choices[step - 1] >> dp::GROUP_JOKER_SHIFT) as usize & 7;
        let number = if mirror { 14 - n } else { n };
        // No layout (an empty list) lays no group: the decisions only send naturals to
        // groups the tables can lay out.
        dp::group_layout(gamma, jokers, core, &mut layout);
        for &(mask, j) in &layout {
            let mut tiles = [Tile::JOKER; MAX_MELD_LEN];
            let mut len = 0;
            for (c, colour) in Colour::ALL.into_iter().enumerate() {
                if mask & (1 << c) != 0
                    && let Some(t) = Tile::new(colour, number)
                {
                    tiles[len] = t;
                    len += 1;
                }
            }
            // The jokers follow the naturals (the array is jokers past them).
            let tiles = &tiles[..len + j as usize];
            let group = Meld::new(MeldKind::Group, tiles, &crate::MELD_RULES);
            // The group tables only produce valid layouts; a failure here is a solver bug
            // that would lose tiles, so tests (debug builds) must see it.
            debug_assert!(group.is_ok(), "solver built an invalid group {tiles:?}");
            groups.extend(group);
        }
    }
    for runs in open {
        for r in runs {
            end(&mut melds, orient(r));
        }
    }
    for _ in counts.fixed_jokers as u32..opt.jokers {
        placed.push(Tile::JOKER);
    }
    melds.extend(groups);
    (melds, placed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Config, JokerReuse, TileCounts, check_play};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The tiles of a random run of 3–5 or group of 3–4, jokerless.
    fn random_meld(rng: &mut ChaCha8Rng) -> Vec<Tile> {
        let colour = Colour::ALL[rng.random_range(0..4)];
        if rng.random_range(0..2) == 0 {
            let start = rng.random_range(1..=11u8);
            let len = rng.random_range(3..=(14 - start).min(5));
            (start..start + len).filter_map(|n| Tile::new(colour, n)).collect()
        } else {
            let n = rng.random_range(1..=13u8);
            Colour::ALL.iter().take(rng.random_range(3..=4)).filter_map(|&c| Tile::new(c, n)).collect()
        }
    }

    /// A rack of 1–12 random tiles (a joker one time in `joker_one_in`) that the
    /// standard set can hold beside `table`.
    fn random_rack(rng: &mut ChaCha8Rng, table: &[Tile], joker_one_in: u32) -> Vec<Tile> {
        let mut rack = Vec::new();
        for _ in 0..rng.random_range(1..=12) {
            let t = if rng.random_range(0..joker_one_in) == 0 {
                Tile::JOKER
            } else {
                Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(1..=13u8))
                    .unwrap_or(Tile::JOKER)
            };
            let mut all = table.to_vec();
            all.extend(rack.iter().copied());
            all.push(t);
            if face_counts(&all)[t.index() as usize] <= 2 {
                rack.push(t);
            }
        }
        rack
    }

    /// The mirrored sweep (13 down to 1) on its own answers like the forward one on its
    /// own: the same tiles and value placed, a table the engine accepts, every tile
    /// kept. And a search in both whose race starts at a limit of one state (so exact
    /// passes are given up and raced round after round) answers the same as well (the
    /// default, both sweeps, is what the brute-force suite checks).
    #[test]
    fn mirrored_sweep_answers_like_the_forward_one() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x3141_5926);
        let mut forward = Solver::new();
        forward.sweeps = Sweeps::Forward;
        let mut mirrored = Solver::new();
        mirrored.sweeps = Sweeps::Mirrored;
        let mut raced = Solver::new();
        raced.race_limit = 1;
        let mut checked = 0;
        for case in 0..400 {
            // A table of random runs and groups (a joker now and then) and a random rack.
            let mut table = Vec::new();
            let mut melds = Vec::new();
            for _ in 0..rng.random_range(0..8) {
                let mut faces = random_meld(&mut rng);
                if rng.random_range(0..5) == 0 {
                    let k = rng.random_range(0..faces.len());
                    faces[k] = Tile::JOKER;
                }
                let mut trial = table.clone();
                trial.extend(faces.iter().copied());
                // The standard set: two of each tile, two jokers.
                let fits = face_counts(&trial).iter().all(|&k| k <= 2);
                if let (true, Ok(meld)) = (fits, Meld::infer(&faces, &crate::MELD_RULES)) {
                    table = trial;
                    melds.push(meld);
                }
            }
            let rack = random_rack(&mut rng, &table, 12);
            let pos = Position::new(table.iter().copied(), rack.iter().copied());
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let opts = SolveOptions::default().with_objective(objective);
            let (Ok(a), Ok(b), Ok(r)) =
                (forward.solve(&pos, &opts), mirrored.solve(&pos, &opts), raced.solve(&pos, &opts))
            else {
                panic!("case {case}: a table of valid melds is meldable");
            };
            assert_eq!(
                (a.tiles_placed, a.value_placed),
                (b.tiles_placed, b.value_placed),
                "case {case}: {pos:?}"
            );
            assert_eq!(
                (a.tiles_placed, a.value_placed),
                (r.tiles_placed, r.value_placed),
                "case {case}: raced"
            );
            let on_table: Vec<Tile> = b.table.iter().flat_map(|m| m.faces().iter().copied()).collect();
            let mut expect = table.clone();
            expect.extend(b.placed.iter().copied());
            assert_eq!(face_counts(&on_table), face_counts(&expect), "case {case}: tiles not conserved");
            if b.tiles_placed > 0 {
                let rules = Config { joker_reuse: JokerReuse::SameTurnAnywhere, ..Config::STANDARD };
                let mut held = TileCounts::EMPTY;
                for &t in &rack {
                    held.add(t);
                }
                let verdict = check_play(&rules, &melds, &held, true, &b.table);
                assert!(verdict.is_ok(), "case {case}: engine rejects {:?}: {verdict:?}", b.table);
                checked += 1;
            }
        }
        assert!(checked > 100, "only {checked} cases placed a tile");
    }

    /// A solve with a floor answers as the one without whenever its best play ranks at
    /// least the floor, and with nothing otherwise: floors one step below the optimum's
    /// rank, at it and one step above, in both objectives, with joker values that move
    /// the core's share of the floor, narrow beams (so that the later stages and their
    /// bounds run) or not.
    #[test]
    fn a_floor_changes_nothing_but_plays_below_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x000f_1002);
        let (mut reached, mut refused) = (0, 0);
        for case in 0..300 {
            let mut table: Vec<Tile> = Vec::new();
            for _ in 0..rng.random_range(0..7) {
                let faces = random_meld(&mut rng);
                let mut trial = table.clone();
                trial.extend(faces);
                if face_counts(&trial).iter().all(|&k| k <= 2) {
                    table = trial;
                }
            }
            if rng.random_range(0..4) == 0 && face_counts(&table)[52] < 2 {
                // A joker on the table: a meld of its own with two naturals.
                let n = rng.random_range(1..=12u8);
                let pair = [Tile::new(Colour::ALL[0], n), Tile::new(Colour::ALL[0], n + 1)];
                let mut trial = table.clone();
                trial.extend(pair.iter().flatten());
                trial.push(Tile::JOKER);
                if face_counts(&trial).iter().all(|&k| k <= 2) {
                    table = trial;
                }
            }
            let rack = random_rack(&mut rng, &table, 10);
            let pos = Position::new(table.iter().copied(), rack.iter().copied());
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let opts =
                SolveOptions::default().with_objective(objective).with_joker_value([30, 0, 5][case / 2 % 3]);
            let (mut plain, mut floored) = (Solver::new(), Solver::new());
            plain.dp.narrow = case % 4 >= 2;
            floored.dp.narrow = plain.dp.narrow;
            let Ok(best) = plain.solve(&pos, &opts) else { continue };
            let params = Params {
                objective,
                joker_value: opts.joker_value,
                threshold: None,
                joker_counts: true,
                core: false,
                mirror: false,
            };
            let (a, b) = rank(&best.placed, params);
            let below = if b > 0 { (a, b - 1) } else { (a.saturating_sub(1), u64::MAX) };
            for floor in [below, (a, b), (a, b + 1), (a + 1, 0)] {
                let got = floored.solve_from(&pos, &opts, Some(floor)).expect("solved without a floor");
                if floor <= (a, b) {
                    assert_eq!(got.as_ref(), Some(&best), "case {case}, floor {floor:?}: {pos:?}");
                    reached += 1;
                } else {
                    assert_eq!(got, None, "case {case}, floor {floor:?}: {pos:?}");
                    refused += 1;
                }
            }
        }
        assert!(reached > 400 && refused > 400, "{reached} reached, {refused} refused");
    }
}
