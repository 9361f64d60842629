//! [`Solver::solve_turn`]: the best play the rules in force allow, as
//! [`check_play`] judges it.
//!
//! The rules of `RULES.md` §1.5, §1.6, §1.10 and §4.1 only ever take plays away from
//! the meld puzzle (every meld valid, every table tile kept), with one exception: hand
//! rummy waives the threshold for a player who goes out in the turn of the initial
//! meld. So the best play of the puzzle bounds the best legal play from above, and if
//! [`check_play`] accepts it, it is the answer. When it is refused, plays the rules
//! are more likely to allow are tried (locked joker melds kept whole, table jokers kept
//! in their roles, the initial meld first, a table joker beside a rack tile), each
//! checked; one that ranks as high as a proven bound (the puzzle's optimum, or a tighter
//! one where the rules keep table jokers in their roles, joker melds whole, a released
//! joker beside rack tiles, a group of three's naturals beside both missing colours, or
//! the initial meld's own melds of rack tiles worth the threshold, `own.rs`)
//! is the answer. If none does, the answer
//! is not proven: [`SolveError::Unproven`] says which rule refused the puzzle's optimum
//! rather than claim a play best, and carries the best allowed play found (of the
//! candidates checked and the rack-only play, `rack_only.rs`), checked again.
//!
//! # Why the kept ways bound every play that keeps those jokers
//!
//! Take a play in which each table joker of a set keeps its role ([`Keep`]). A joker
//! that stands for one tile `t` may be read as the natural `t` where it lies. A joker
//! that may stand for several colours lies in a group `G` of its number; of the kept
//! jokers of several colours in `G` one is its *owner*, every other kept joker in `G`
//! is *shared*. `G` is the owner's [`Keep::Lay`] of `G`'s naturals and jokers, the
//! shared ones [`Keep::Shared`]. `G`'s other jokers are table jokers no rule holds or
//! rack jokers; one of the latter in `G` while one of the former lies elsewhere can
//! change places with it (the same rack tiles placed, and no rule holds either), so
//! the groups take the free table jokers first. What is left is a play of the puzzle on
//! the rest, the jokers kept as tiles read as naturals. So the best over the
//! combinations of ways (with no more shared jokers of a number than the groups of
//! that number have places for) ranks at least as high as every such play.

use rummykit_core::{Colour, JokerRole, MAX_MELD_LEN, Meld, MeldKind, Tile};

use super::locked::below;
use super::reuse::Beside;
use super::{
    Objective, Position, Solution, SolveError, SolveOptions, Solver, TurnProof, face_counts, finish,
};
use crate::check::{accepts, check_play_within};
use crate::{Config, JokerRelease, JokerReuse, PlayError, ReplacementSource, TileCounts, check_play};

/// At most this many plays with table jokers kept in their roles are tried.
const MAX_PINNED: usize = 32;

/// The work one turn's puzzles for bounds may do together, in states of the DP processed
/// (`Dp::work`, which every solve of the turn adds to), each puzzle solved for a bound
/// counted [`PUZZLE_WORK`] more (its set-up costs about as much, measured in greedy
/// games). Past it no further puzzle is solved for a bound: that bound is not proven,
/// and the answer, unless a proven bound was already reached, is
/// [`SolveError::Unproven`] — never a "no play" read from a search cut short. One puzzle
/// can take a thousand times another's work, so this bounds a turn where a count of
/// puzzles did not: the bounds' puzzles stop after about 6 M DP states (~0.3 s of one
/// core; at 1.2 M, five times as many turns of the default rules went unproven in
/// greedy games). Schmidt's search and the candidates' checks are limited separately, and the
/// kept-role candidates ([`Solver::pinned`]) by [`MAX_PINNED`]: they prove no bound, so
/// they do not draw on it.
pub(super) const TURN_WORK: u64 = 6_000_000;

/// The work a puzzle's set-up is counted as, in states ([`TURN_WORK`]).
const PUZZLE_WORK: u64 = 64;

/// The search choices all candidate checks of one turn may make together: as many as
/// two checks may make alone (see `check.rs`); past it a candidate is not accepted and
/// the answer, if no candidate reached the goal, is [`SolveError::Unproven`].
const TURN_STEPS: u32 = 2 * crate::check::SEARCH_STEPS;

impl Solver {
    /// The best play for a player with `rack` at a table of `table` under `rules`
    /// (`opened`: the player made the initial meld in an earlier turn), ranked by
    /// `objective`, that [`check_play`] accepts; a solution placing no tile (the table
    /// unchanged) when the rules allow no play.
    ///
    /// Exact whenever it answers: the answer ranks as high as a bound on every legal
    /// play — the best play of the meld puzzle (which the rules can only restrict), of
    /// the puzzle with the table jokers no play may release kept in their roles (and,
    /// when a group of three's joker needs both missing colours, each such joker kept or
    /// its group of four laid apart), under locked joker melds (§1.6) of the puzzle with
    /// those melds kept whole (the jokers they free held to the reuse rule), or, where a
    /// released joker must end beside rack tiles (§1.6 `JokerReuse`), the better of the
    /// puzzle with every table joker kept in its role and the best play with one meld of a
    /// table joker and the rack tiles the rule asks for taken out, under Schmidt's rules
    /// (§4.1) the best over the branches of a search on melds kept or broken up and
    /// jokers kept or swapped, and when manipulating in the turn of the initial meld
    /// (§1.5) the best over the minimal sets of new melds of rack tiles worth the
    /// threshold, each with the best play of the rest — or is the proven optimum of the
    /// initial meld. Every option
    /// of `RULES.md` §1.10 and the Schmidt rules are judged by [`check_play`] itself.
    ///
    /// # Errors
    ///
    /// * [`SolveError::InvalidMeld`], [`SolveError::TooManyCopies`],
    ///   [`SolveError::UnsupportedJokers`], [`SolveError::TableNotMeldable`] as
    ///   [`Solver::solve`];
    /// * [`SolveError::Unproven`] when the meld puzzle's best play breaks a rule in force
    ///   and no play the rules allow was found that ranks as high as such a bound, or
    ///   the candidates' checks ran past their shared bound of search choices first. A
    ///   bound whose search would run past its limit (too many melds, choices or sets,
    ///   or more work than one turn may do) is not used: the answer is then `Unproven`
    ///   rather than slow. It still carries the best play found that [`check_play`]
    ///   accepts (its `best`, not proven best): of the candidates the search checked and
    ///   the rack-only play (new melds of rack tiles, then, once opened, lay-offs at the
    ///   ends of melds), the one ranking highest under `objective`, ties to the
    ///   rack-only play; `None` only when neither is allowed and places a tile.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// use rummykit_rummikub::solver::{Objective, Solver};
    /// use rummykit_rummikub::{JokerReuse, Config};
    ///
    /// let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &rummykit_rummikub::MELD_RULES).unwrap();
    /// // The joker stands for b4; the rack's b4 frees it, and r7 r8 take it along.
    /// let table = [run("b2 b3 J b5")];
    /// let rack = parse_list::<Tile>("b4 r7 r8")?;
    /// let mut solver = Solver::new();
    /// let sol = solver.solve_turn(&table, &rack, &Config::STANDARD, true, Objective::Tiles)?;
    /// assert_eq!(sol.tiles_placed, 3);
    ///
    /// // Locked joker melds: the puzzle would lay y4 J J beside r4 y4 k4, which empties
    /// // the group r4 J y4 k4 of its joker; no play keeps it whole, and that is proven.
    /// let mut locked = Config::STANDARD;
    /// locked.joker_melds_locked = true;
    /// let group = Meld::new(MeldKind::Group, &parse_list::<Tile>("r4 J y4 k4")?, &rummykit_rummikub::MELD_RULES)?;
    /// let sol = solver.solve_turn(&[group], &parse_list::<Tile>("y4 J")?, &locked, true, Objective::Tiles)?;
    /// assert_eq!(sol.tiles_placed, 0);
    ///
    /// // b2 fits only in r2 b2 k2; the puzzle then lays r4 b4 y4 k4 and r3 k3 J, the
    /// // released joker beside no rack tile. No legal play places a tile, and that is proven.
    /// let table = [run("r2 r3 r4"), run("k2 k3 k4"), Meld::new(MeldKind::Group, &parse_list::<Tile>("b4 y4 J")?, &rummykit_rummikub::MELD_RULES)?];
    /// let sol = solver.solve_turn(&table, &parse_list::<Tile>("b2")?, &Config::STANDARD, true, Objective::Tiles)?;
    /// assert_eq!(sol.tiles_placed, 0);
    ///
    /// // Schmidt (§4.1): the puzzle would lay b8 b9 b10 b11 b12 and b10 k10 y10, but
    /// // whichever b10 joins the group, its run keeps two tiles together. No legal play
    /// // places a tile, and that is proven.
    /// let table = [run("b10 b11 b12"), run("b8 b9 b10")];
    /// let sol = solver.solve_turn(&table, &parse_list::<Tile>("k10 y10")?, &Config::SCHMIDT, true, Objective::Tiles)?;
    /// assert_eq!(sol.tiles_placed, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_turn(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        rules: &Config,
        opened: bool,
        objective: Objective,
    ) -> Result<Solution, SolveError> {
        let options = SolveOptions::default()
            .with_objective(objective)
            .with_threshold(rules.initial_meld_threshold)
            .with_joker_value(rules.joker_penalty)
            .with_initial_joker_value(rules.joker_value_in_initial_meld)
            .with_tile_set(rules.tile_set.catalog());
        let held: TileCounts = rack.iter().copied().collect();
        let position = Position::from_melds(table, rack.iter().copied())?;
        // The turn's work counts from here, its first solve included.
        self.work_until = self.dp.work.saturating_add(self.turn_work);
        let judge = |sol: &Solution| check_play(rules, table, &held, opened, &sol.table);
        let none = || Solution { table: table.to_vec(), ..Solution::default() };
        let initial = options.with_opened(false);
        if !opened && !rules.manipulate_on_initial_meld_turn {
            // New melds from the rack only: the initial-meld program is exact. Hand
            // rummy: going out waives the threshold, and placing every tile is best.
            if rules.hand_rummy_double {
                let all = self.solve(&position, &initial.with_threshold(0))?;
                if all.tiles_placed == rack.len() && judge(&all).is_ok() {
                    return Ok(all);
                }
            }
            let sol = self.solve(&position, &initial)?;
            if sol.tiles_placed == 0 {
                return Ok(none());
            }
            // The rack-only play is this one, refused: no allowed play was found.
            return judge(&sol).map(|_| sol).map_err(|refused| SolveError::Unproven { refused, best: None });
        }
        // The meld puzzle's optimum bounds every legal play. Only a play placing a tile
        // is of use, so a floor of one tile ends the search as soon as a bound shows none.
        let one = least_placing(objective);
        let flat = match self.solve_from(&position, &options.with_opened(true), Some(one))? {
            Some(flat) if flat.tiles_placed > 0 => flat,
            _ => return Ok(none()),
        };
        let refused = match judge(&flat) {
            Ok(_) => return Ok(flat),
            Err(e) => e,
        };
        // The same tiles, jokers moved: where the search put a spare joker is arbitrary,
        // and a joker rule may want it elsewhere (beside a rack tile, back in its role).
        // The candidates' checks share one bound: each alone is bounded, but thousands
        // of tables with jokers moved, each a long search, could take minutes.
        let steps = core::cell::Cell::new(TURN_STEPS);
        // The candidates overlap (each other candidate's tables with jokers moved are
        // mostly the same few, reached many times), so a table refused is not checked
        // again: by a rule, in any order of its melds and of a group's tiles (the rules
        // read neither); undecided within the bound, as it is (with fewer choices left
        // it would be undecided again).
        let not_accepted = core::cell::RefCell::new(Refused::default());
        let accepted = |t: &[Meld<Tile>]| {
            let mut left = steps.get();
            if left == 0 || not_accepted.borrow().holds(t) {
                return false;
            }
            let verdict = accepts(rules, table, &held, opened, t, &mut left);
            steps.set(left);
            if verdict != Some(true) {
                not_accepted.borrow_mut().add(t, verdict.is_none());
            }
            verdict == Some(true)
        };
        if let Some(table) = moved_jokers(&flat.table, TRIES_BEST, &accepted) {
            return Ok(Solution { table, ..flat });
        }
        // A candidate the engine accepts, as it is or with jokers moved.
        let legal_play = |sol: Solution| -> Option<Solution> {
            if accepted(&sol.table) {
                return Some(sol);
            }
            moved_jokers(&sol.table, TRIES_OTHER, &accepted).map(|table| Solution { table, ..sol })
        };
        // A table joker the rules let no play release keeps its role in every legal
        // play, so solving it as the tile it stands for (every colour a group joker
        // may stand for in a group of its number) bounds the legal plays more tightly;
        // one of a group of three that needs both missing colours keeps it or leaves
        // its group's naturals in the group of four (`keeps`).
        let mut goal = rank(&flat, objective);
        let mut best: Option<Solution> = None;
        // Under locked joker melds, the best play that keeps each meld with a joker whole
        // (extended, its jokers kept or replaced) bounds every legal play when it is
        // proven (see `locked.rs`), and is the likeliest to be legal.
        let roles = joker_roles(table);
        // The first legal play of the locked melds' looser bound, kept so it is not
        // checked again.
        let mut locked_legal = None;
        let locked = if rules.joker_melds_locked {
            let free = self.locked(table, rack, &options, objective, one, None);
            // Where none of those plays is legal, the jokers the forms free are held to
            // the reuse rule (each keeps its role, any table joker's as which one is free
            // is not known, or ends beside rack tiles): a tighter bound, and costlier, so
            // solved only then. A legal play at the looser bound is the answer either way.
            let placing = free.as_ref().and_then(|plays| plays.first()).is_some_and(|p| p.tiles_placed > 0);
            if placing {
                locked_legal = free.iter().flatten().find_map(|p| legal_play(p.clone()));
            }
            let refused = placing && locked_legal.is_none();
            if refused
                && rules.joker_reuse != JokerReuse::SameTurnAnywhere
                && self.turn_proof == TurnProof::Full
            {
                let kept = kept_any(&roles, table, rack);
                // Not proven held to the rule: the free bound still holds.
                self.locked(table, rack, &options, objective, one, Some((rules.joker_reuse, &kept))).or(free)
            } else {
                free
            }
        } else {
            None
        };
        if let Some(plays) = &locked {
            // Every play kept ranks the best; none: no choice places a tile.
            goal = goal.min(plays.first().map_or((0, 0), |p| rank(p, objective)));
        }
        let choices = keeps(&roles, rules, table, rack);
        let mut bound_plays = Vec::new();
        if !choices.is_empty() {
            let bound;
            (bound, bound_plays) = self.pinned_each(table, rack, &choices, &options, (goal, objective));
            if let Some(b) = bound {
                goal = goal.min(b);
            }
        }
        if goal == (0, 0) {
            return Ok(none());
        }
        // A candidate is taken if the engine accepts it, or it with jokers moved. One
        // that ranks below the goal is not checked: only a play reaching the goal is an
        // answer, and one below it could only keep out others below it.
        let goal = core::cell::Cell::new(goal);
        let wanted = |sol: &Solution, best: &Option<Solution>| {
            sol.tiles_placed > 0
                && rank(sol, objective) >= goal.get()
                && best.as_ref().is_none_or(|b| rank(sol, objective) > rank(b, objective))
        };
        let offer = |sol: Solution, best: &mut Option<Solution>| {
            if wanted(&sol, best)
                && let Some(sol) = legal_play(sol)
            {
                *best = Some(sol);
            }
        };
        if !opened {
            // Manipulating in the turn of the initial meld: a legal play holds new melds
            // of rack tiles worth the threshold (or goes out under hand rummy).
            let first = self.solve(&position, &initial)?;
            let out = rules.hand_rummy_double && flat.tiles_placed == rack.len();
            if first.tiles_placed == 0 && !out {
                return Ok(none());
            }
            let found = rank(&first, objective);
            offer(first, &mut best);
            // Unless the play goes out, it holds new melds of rack tiles worth the
            // threshold: the best over the minimal sets of them bounds it (`own.rs`).
            if !out
                && best.as_ref().is_none_or(|b| rank(b, objective) < goal.get())
                && let Some(own) = self.own_melds(table, rack, &initial, found)
            {
                goal.set(goal.get().min(found.max(own.bound)));
                // Both sides place tiles: the goal was above nothing, and so is `found`.
                debug_assert_ne!(goal.get(), (0, 0));
                for sol in own.plays {
                    if best.as_ref().is_some_and(|b| rank(b, objective) >= goal.get()) {
                        break;
                    }
                    offer(sol, &mut best);
                }
            }
        }
        // Candidates in order until one reaches the goal, then the pinned plays, solved
        // only as they are needed (most turns stop at the first).
        let reached =
            |best: &Option<Solution>| best.as_ref().is_some_and(|b| rank(b, objective) >= goal.get());
        let settle = |solver: &mut Solver, plays: Vec<Solution>, best: &mut Option<Solution>| {
            for sol in plays {
                if reached(best) {
                    return;
                }
                offer(sol, best);
            }
            if !reached(best) {
                solver.pinned(table, rack, &options, (goal.get(), objective), &mut |sol| {
                    offer(sol, best);
                    reached(best)
                });
            }
        };
        // The locked melds' plays, or the legal one among them already found.
        // One below the goal is kept aside: it is still a legal play for `Unproven`.
        let mut spare = None;
        let locked_plays = match locked_legal {
            Some(sol) => {
                if wanted(&sol, &best) {
                    best = Some(sol);
                } else {
                    spare = Some(sol);
                }
                Vec::new()
            }
            None => locked.unwrap_or_default(),
        };
        settle(self, locked_plays.into_iter().chain(bound_plays).collect(), &mut best);
        // Keep-three (§4.1): a branch and bound over the old melds the puzzle breaks
        // (`schmidt.rs`) bounds every legal play, and its answer is one.
        if !reached(&best) && rules.keep_three && self.turn_proof == TurnProof::Full {
            let found = best.as_ref().map_or((0, 0), |b| rank(b, objective));
            let exact = rules.joker_release == JokerRelease::ExactTile;
            let mut legal = |sol: &Solution| {
                // One check, drawing on the shared bound, tells the old meld it refused.
                let mut left = steps.get();
                let verdict = (left > 0).then(|| {
                    check_play_within(rules, table, &held, opened, &sol.table, &mut left).map(|_| ())
                });
                steps.set(left);
                if verdict == Some(Ok(())) {
                    return Ok(sol.clone());
                }
                if let Some(table) = moved_jokers(&sol.table, TRIES_OTHER, &accepted) {
                    return Ok(Solution { table, ..sol.clone() });
                }
                match verdict {
                    Some(Err(
                        PlayError::KeepThreeViolated { meld, .. } | PlayError::JokerNotReplaced { meld },
                    )) => Err(Some(meld)),
                    _ => Err(None),
                }
            };
            if let Some(kept) =
                self.keep_three((table, rack, exact), &options, (found, objective), &mut legal)
            {
                goal.set(goal.get().min(kept.bound.max(found)));
                if let Some(play) = kept.play.filter(|p| rank(p, objective) > found) {
                    best = Some(play);
                }
                if goal.get() == (0, 0) {
                    return Ok(none());
                }
            }
        }
        // A released joker must end beside rack tiles: the best play with every table
        // joker kept in its role bounds the plays that release none, the best with one
        // meld of a table joker and the rack tiles the rule asks for those that release
        // one (`reuse.rs`).
        // Solved only when no candidate reached the goal, and only as far as they could
        // rank above the first and the best play found (which bounds nothing, but a
        // bound below it would be of no use).
        if !reached(&best)
            && self.turn_proof == TurnProof::Full
            && rules.joker_reuse != JokerReuse::SameTurnAnywhere
            && !roles.is_empty()
        {
            let all = ways(&roles, table, rack);
            let few = all.iter().any(|w| matches!(w.first(), Some(Keep::Lay { .. })))
                || all.iter().map(Vec::len).product::<usize>() <= MAX_PINNED;
            let (kept_all, plays) = if few {
                self.pinned_each(table, rack, &all, &options, (goal.get(), objective))
            } else {
                (None, Vec::new())
            };
            let found = best.as_ref().map_or((0, 0), |b| rank(b, objective));
            // Another table joker left beside a released joker's meld keeps its role or
            // is released beside rack tiles of its own: the ways any joker may keep its
            // role (which joker is left is not known; a shared way needs another kept).
            let kept = distinct_ways(&all);
            // Under `RackOnly` a release places a rack tile the joker stands for: one
            // solve per such tile, joker it frees (the jokers no other rack tile could
            // free held beside it) and combination of the held jokers' ways bounds
            // every release (`reuse.rs`), and when none reaches the kept bound the melds
            // beside rack tiles are not needed.
            let rack_only = rules.joker_replacement_source == ReplacementSource::RackOnly;
            let released = kept_all.filter(|_| rack_only).and_then(|k| {
                let holds = rack_releases(&roles, rules, table, rack);
                self.rack_released(table, rack, &holds, &options, k.max(found))
            });
            let beside = kept_all.and_then(|k| {
                if released.as_ref().is_some_and(|r| r.bound == (0, 0)) {
                    return Some(Beside { bound: (0, 0), plays: Vec::new() });
                }
                let legal = |sol: &Solution| accepted(&sol.table);
                self.beside_rack(
                    table,
                    rack,
                    &options,
                    (rules.joker_reuse, &kept, &choices),
                    (k.max(found), goal.get(), objective),
                    &legal,
                )
            });
            // Either bound holds alone (a bound past the goal is of no use either way);
            // where the melds beside rack tiles gave none, the tiles' bound does.
            let release = match (released, beside) {
                (Some(r), Some(b)) => Some(Beside {
                    bound: r.bound.min(b.bound),
                    plays: b.plays.into_iter().chain(r.plays).collect(),
                }),
                (r, b) => r.or(b),
            };
            if let (Some(k), Some(b)) = (kept_all, release) {
                goal.set(goal.get().min(k.max(found).max(b.bound)));
                if goal.get() == (0, 0) {
                    return Ok(none());
                }
                settle(self, b.plays.into_iter().chain(plays).collect(), &mut best);
            }
        }
        match best {
            Some(b) if rank(&b, objective) >= goal.get() => Ok(b),
            best => {
                // The better of the legal plays found, the first on a tie.
                let found = best
                    .into_iter()
                    .chain(spare)
                    .reduce(|a, b| if rank(&b, objective) > rank(&a, objective) { b } else { a });
                let best = self.best_unproven(found, (table, rack, opened), &options, &judge);
                Err(SolveError::Unproven { refused, best: best.map(Box::new) })
            }
        }
    }

    /// The play an `Unproven` answer carries: the better under `options`' objective of
    /// `found` (a play the search found legal) and the rack-only play
    /// ([`Solver::rack_only`]), ties to the rack-only play (it leaves the old melds
    /// whole), each taken only if `judge` ([`check_play`] under the turn's rules)
    /// accepts it; `None` if neither is accepted or places a tile.
    fn best_unproven(
        &mut self,
        found: Option<Solution>,
        (table, rack, opened): (&[Meld<Tile>], &[Tile], bool),
        options: &SolveOptions,
        judge: &dyn Fn(&Solution) -> Result<crate::PlayInfo, PlayError>,
    ) -> Option<Solution> {
        let objective = options.objective;
        // The position was solved already, so the rack-only solve cannot fail; were it to,
        // the answer stays `Unproven` with the search's play rather than another error.
        let own =
            self.rack_only(table, rack, options, opened).ok().flatten().filter(|sol| judge(sol).is_ok());
        let found = found.filter(|sol| {
            sol.tiles_placed > 0
                && own.as_ref().is_none_or(|o| rank(sol, objective) > rank(o, objective))
                && judge(sol).is_ok()
        });
        found.or(own)
    }

    /// Takes one more puzzle for a bound from the turn's work ([`TURN_WORK`]): false
    /// once it is spent, and the puzzle is then not to be solved (its bound not proven).
    pub(super) fn take_puzzle(&mut self) -> bool {
        self.work_until = self.work_until.saturating_sub(PUZZLE_WORK);
        self.dp.work < self.work_until
    }

    /// The best plays of the meld puzzle with some table jokers kept in their roles
    /// (each solved as the natural it stands for, then turned back into a joker): every
    /// non-empty set of table jokers and every colour a group joker may stand for, the
    /// most jokers kept first, at most [`MAX_PINNED`], each handed to `take` as it is
    /// solved until `take` returns true.
    ///
    /// `take` ignores a play that ranks below `goal` under `objective`. Keeping one more
    /// joker in its role only takes plays away, so a set that holds one whose best play
    /// ranks below the goal is not solved (its subsets are solved first, from the second
    /// set on, and kept for their own turn), when there are few enough sets that all of
    /// them would be solved: then skipping one changes nothing `take` sees.
    fn pinned(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        (goal, objective): ((u64, u64), Objective),
        take: &mut dyn FnMut(Solution) -> bool,
    ) {
        let roles: Vec<Vec<Tile>> = joker_roles(table).into_iter().map(|r| r.stands_for).collect();
        let k = roles.len();
        let mut subsets: Vec<u32> = (1..1u32 << k).collect();
        subsets.sort_by_key(|s| core::cmp::Reverse(s.count_ones()));
        let sets: usize = roles.iter().map(|r| r.len() + 1).product::<usize>() - 1;
        // `take` ignores a play below the goal, and with few enough sets the limit never
        // binds (each is handed on at most once), so such a play need not be solved out,
        // only shown to be below the goal (a floor).
        let floor = (sets <= MAX_PINNED).then_some(goal);
        let mut pins =
            Pins { table, rack, options, roles: &roles, floor, goal, objective, solved: Vec::new() };
        let mut given = 0;
        let mut first = true;
        'subsets: for set in subsets {
            // Every combination of the chosen jokers' tiles.
            let chosen: Vec<usize> = (0..k).filter(|&i| set & (1 << i) != 0).collect();
            let mut pick = vec![0usize; chosen.len()];
            loop {
                if given >= MAX_PINNED {
                    return;
                }
                // Joker `i` kept as its tile `p` in bits 3i.. as p + 1.
                let key =
                    chosen.iter().zip(&pick).fold(0u32, |key, (&i, &p)| key | (p as u32 + 1) << (3 * i));
                let skip = pins.floor.is_some() && !first && pins.subset_below(self, key);
                first = false;
                if !skip && let Some(sol) = pins.solve(self, key).take() {
                    given += 1;
                    if take(sol) {
                        return;
                    }
                }
                // Next combination (odometer).
                let mut d = 0;
                loop {
                    if d == chosen.len() {
                        continue 'subsets;
                    }
                    pick[d] += 1;
                    if pick[d] < roles[chosen[d]].len() {
                        break;
                    }
                    pick[d] = 0;
                    d += 1;
                }
            }
        }
    }

    /// The puzzle solved once per combination of `choices` (per joker, a way it may end
    /// the turn): the best rank over them (`None` if a solve did not answer), which
    /// bounds every play that leaves those jokers so, and their plays with the kept
    /// jokers turned back — those that rank at least the lower of `goal` (the goal
    /// before this bound) and the best rank so far.
    ///
    /// The floor changes neither the bound (a combination below the best so far does
    /// not raise it) nor any answer: the goal after this bound is at least the lower of
    /// the two, the caller offers these plays only against it, and a play below the
    /// goal is never taken.
    fn pinned_each(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        choices: &[Vec<Keep>],
        options: &SolveOptions,
        (goal, objective): ((u64, u64), Objective),
    ) -> (Option<(u64, u64)>, Vec<Solution>) {
        let (mut bound, mut plays) = (Some((0, 0)), Vec::new());
        // The best rank so far, whatever a solve that did not answer hides.
        let mut top = (0, 0);
        let jokers = jokers_of(table, rack);
        for combination in combinations(choices) {
            if !feasible(&combination, jokers) {
                continue;
            }
            let (tiles, lays) = laid_out(&combination);
            // A bound: its puzzles draw on the turn's work.
            if !self.take_puzzle() {
                bound = None;
                continue;
            }
            let floor = goal.min(top).max(least_placing(objective));
            match self.pinned_raw(table, rack, &tiles, &lays, options, Some(floor)) {
                Pinned::Solved(sol) => {
                    top = top.max(rank(&sol, objective));
                    bound = bound.map(|b: (u64, u64)| b.max(rank(&sol, objective)));
                    plays.extend(unpin(sol, &tiles));
                }
                Pinned::NoPlay => {}
                Pinned::Unknown => bound = None,
            }
        }
        (bound, plays)
    }

    /// The meld puzzle's best play with one table joker per tile of `kept` solved as
    /// that tile (a natural on the table) and, per `(number, colours, joker)` of `lays`,
    /// the group of those colours of that number laid apart, with a table joker if
    /// `joker` ([`Keep::Lay`]); its naturals are table tiles first, then rack tiles: a
    /// play that lays a rack copy there and the table copy elsewhere is the same play
    /// with the two changed over. With a `floor` (a rank), [`Pinned::NoPlay`] as soon
    /// as no play is shown to reach it.
    fn pinned_raw(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        kept: &[Tile],
        lays: &[(u8, u8, u8)],
        options: &SolveOptions,
        floor: Option<(u64, u64)>,
    ) -> Pinned {
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        self.pinned_faces(faces, rack, (kept, lays), options, floor, false)
    }

    /// [`Solver::pinned_raw`] on the table's tiles `faces`; `empty`: a play that places
    /// no tile is an answer too (the rest of a play that placed some elsewhere). It does
    /// not draw on the turn's work ([`TURN_WORK`]): a caller solving it for a bound
    /// takes the puzzle first ([`Solver::take_puzzle`]).
    pub(super) fn pinned_faces(
        &mut self,
        mut faces: Vec<Tile>,
        rack: &[Tile],
        (kept, lays): (&[Tile], &[(u8, u8, u8)]),
        options: &SolveOptions,
        floor: Option<(u64, u64)>,
        empty: bool,
    ) -> Pinned {
        let mut rack = rack.to_vec();
        let (mut laid, mut placed) = (Vec::new(), Vec::new());
        // The table jokers neither kept as a tile nor laid as their own group's: a group
        // takes these before rack jokers ([`Keep::Lay`]).
        let own = lays.iter().filter(|l| l.2 > 0).count();
        let table_jokers = faces.iter().filter(|f| f.is_joker()).count();
        let Some(mut spare) = table_jokers.checked_sub(own + kept.len()) else { return Pinned::Unknown };
        for &(number, colours, jokers) in lays {
            let mut group = of_number(number, colours);
            for &t in &group {
                if let Some(i) = faces.iter().position(|&f| f == t) {
                    faces.swap_remove(i);
                } else if let Some(i) = rack.iter().position(|&f| f == t) {
                    placed.push(rack.swap_remove(i));
                } else {
                    return Pinned::NoPlay;
                }
            }
            for k in 0..jokers {
                if k == 0 || spare > 0 {
                    spare -= usize::from(k > 0);
                    let Some(j) = faces.iter().position(|f| f.is_joker()) else { return Pinned::Unknown };
                    group.push(faces.swap_remove(j));
                } else if let Some(i) = rack.iter().position(|f| f.is_joker()) {
                    placed.push(rack.swap_remove(i));
                    group.push(Tile::JOKER);
                } else {
                    return Pinned::NoPlay;
                }
            }
            let Ok(group) = Meld::new(MeldKind::Group, &group, &crate::MELD_RULES) else {
                return Pinned::NoPlay;
            };
            laid.push(group);
        }
        let rack = &rack[..];
        for &t in kept {
            let Some(j) = faces.iter().position(|f| f.is_joker()) else { return Pinned::Unknown };
            faces[j] = t;
        }
        let mut all = faces.clone();
        all.extend_from_slice(rack);
        let counts = face_counts(&all);
        // The solver's groups take up to three copies of a face.
        if kept.iter().any(|t| counts[t.index() as usize] > 3) {
            return Pinned::Unknown;
        }
        // Up to three copies: the larger set's limits.
        let loose = options.with_tile_set(crate::TileSet::Xp160.catalog()).with_opened(true);
        let laid_rank = rank(&finish(Vec::new(), placed.clone(), options.joker_value), options.objective);
        let floor = floor.map(|f| below(f, laid_rank));
        match self.solve_from(&Position::new(faces, rack.iter().copied()), &loose, floor) {
            // The groups laid apart last: a kept joker is turned back in the rest first.
            Ok(Some(sol)) if empty || sol.tiles_placed + placed.len() > 0 => {
                Pinned::Solved(if laid.is_empty() {
                    sol
                } else {
                    finish([sol.table, laid].concat(), [sol.placed, placed].concat(), options.joker_value)
                })
            }
            Ok(_) | Err(SolveError::TableNotMeldable) => Pinned::NoPlay,
            Err(_) => Pinned::Unknown,
        }
    }
}

/// The pinned solves of one turn ([`Solver::pinned`]), each made once: per set of kept
/// jokers (its key), whether its best play ranks below the goal (`None`: not known, the
/// solve gave no answer) and the play with the jokers back, until it is handed out.
struct Pins<'a> {
    table: &'a [Meld<Tile>],
    rack: &'a [Tile],
    options: &'a SolveOptions,
    roles: &'a [Vec<Tile>],
    /// The floor of the solves ([`Solver::pinned_raw`]), if any.
    floor: Option<(u64, u64)>,
    goal: (u64, u64),
    objective: Objective,
    solved: Vec<(u32, Option<bool>, Option<Solution>)>,
}

impl Pins<'_> {
    /// The entry of `key`, solved now if it was not.
    fn solve(&mut self, solver: &mut Solver, key: u32) -> &mut Option<Solution> {
        let at = match self.solved.iter().position(|e| e.0 == key) {
            Some(at) => at,
            None => {
                let tiles: Vec<Tile> = (0..self.roles.len())
                    .filter_map(|i| match (key >> (3 * i)) & 7 {
                        0 => None,
                        p => Some(self.roles[i][p as usize - 1]),
                    })
                    .collect();
                let (below, sol) =
                    match solver.pinned_raw(self.table, self.rack, &tiles, &[], self.options, self.floor) {
                        Pinned::Solved(sol) => {
                            (Some(rank(&sol, self.objective) < self.goal), unpin(sol, &tiles))
                        }
                        Pinned::NoPlay => (Some(true), None),
                        Pinned::Unknown => (None, None),
                    };
                self.solved.push((key, below, sol));
                self.solved.len() - 1
            }
        };
        &mut self.solved[at].2
    }

    /// Whether the set `key` less one of its jokers is proven to rank below the goal
    /// (then so does `key`); solves those subsets, and theirs, as needed.
    fn subset_below(&mut self, solver: &mut Solver, key: u32) -> bool {
        let fields = (0..self.roles.len()).filter(|&i| (key >> (3 * i)) & 7 != 0);
        let subsets: Vec<u32> = fields.map(|i| key & !(7 << (3 * i))).filter(|&s| s != 0).collect();
        subsets.into_iter().any(|sub| {
            if let Some(e) = self.solved.iter().find(|e| e.0 == sub) {
                return e.1 == Some(true);
            }
            if self.subset_below(solver, sub) {
                return true;
            }
            self.solve(solver, sub);
            self.solved.iter().any(|e| e.0 == sub && e.1 == Some(true))
        })
    }
}

/// What a solve with table jokers kept as naturals gave.
pub(super) enum Pinned {
    /// Its best play (with the kept jokers as naturals).
    Solved(Solution),
    /// No play places a tile (or the table cannot be laid out so).
    NoPlay,
    /// Not solved (a kept tile would need a fourth copy, or the turn's work is spent).
    Unknown,
}

/// `sol` with one tile of each of `kept` turned back into a joker, in a meld where the
/// joker still makes a valid meld; `None` if one finds no such meld.
pub(super) fn unpin(mut sol: Solution, kept: &[Tile]) -> Option<Solution> {
    for &t in kept {
        let (i, meld) = sol.table.iter().enumerate().find_map(|(i, m)| {
            let p = m.faces().iter().position(|&f| f == t)?;
            let mut f = m.faces().to_vec();
            f[p] = Tile::JOKER;
            Meld::new(m.kind(), &f, &crate::MELD_RULES).ok().map(|m| (i, m))
        })?;
        sol.table[i] = meld;
    }
    Some(sol)
}

/// A table joker's role: the tiles it may stand for now.
pub(super) struct Role {
    pub(super) stands_for: Vec<Tile>,
    /// It stands for one of several colours: it keeps its role in any group of its
    /// number.
    any_colour: bool,
    /// It stands in a group of three (two colours missing).
    group3: bool,
}

/// The ways of `all` (per joker, the ways it may keep its role), each once, less the
/// shared ones (a shared way needs another joker kept).
fn distinct_ways(all: &[Vec<Keep>]) -> Vec<Keep> {
    let mut kept: Vec<Keep> = Vec::new();
    for &way in all.iter().flatten() {
        if !matches!(way, Keep::Shared { .. }) && !kept.contains(&way) {
            kept.push(way);
        }
    }
    kept
}

/// The ways any table joker of `roles` may keep its role, as the released-joker bound
/// of `solve_turn` takes them: a joker left to the rest is one of them.
pub(super) fn kept_any(roles: &[Role], table: &[Meld<Tile>], rack: &[Tile]) -> Vec<Keep> {
    distinct_ways(&ways(roles, table, rack))
}

/// Per table joker of `roles`, the ways it may keep its role, as the released-joker
/// bounds of `solve_turn` take them: shared ways where the groups have places for them,
/// else each joker's own.
fn ways(roles: &[Role], table: &[Meld<Tile>], rack: &[Tile]) -> Vec<Vec<Keep>> {
    let every: Vec<&Role> = roles.iter().collect();
    shared(roles.iter().map(|r| kept_ways(r, table, rack, true)).collect(), &every, jokers_of(table, rack))
        .unwrap_or_else(|| roles.iter().map(|r| kept_ways(r, table, rack, false)).collect())
}

/// The roles of the table's jokers, meld by meld.
pub(super) fn joker_roles(table: &[Meld<Tile>]) -> Vec<Role> {
    let mut roles = Vec::new();
    for meld in table {
        for pos in 0..meld.len() {
            match meld.joker_role(pos) {
                Some(JokerRole::Exactly(t)) => {
                    roles.push(Role { stands_for: vec![t], any_colour: false, group3: false });
                }
                Some(JokerRole::OneOf { number, suits }) => roles.push(Role {
                    stands_for: of_number(number, suits),
                    any_colour: true,
                    group3: meld.len() == 3 && suits.count_ones() == 2,
                }),
                None => {}
            }
        }
    }
    roles
}

/// The tiles of `number` in the colours of the bitmask `suits`.
pub(super) fn of_number(number: u8, suits: u8) -> Vec<Tile> {
    Colour::ALL
        .into_iter()
        .filter(|c| suits & (1 << c.index()) != 0)
        .filter_map(|c| Tile::new(c, number))
        .collect()
}

/// How a table joker may end the turn, for [`Solver::pinned_each`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Keep {
    /// Kept in its role, standing for this tile: solved as that natural, which bounds
    /// every play that keeps it so (the natural may lie wherever the joker could).
    As(Tile),
    /// The group of the naturals of `colours` of `number` and `jokers` jokers laid
    /// apart: the joker kept in a group of its number, beside `jokers - 1` others (each
    /// a table joker whose way is [`Keep::Shared`], else another table joker no rule
    /// holds, else a rack joker); or none (released from a group of three, whose
    /// naturals lie beside both missing colours under
    /// [`Config::group3_joker_needs_both`]: the group of four, the joker free).
    Lay { number: u8, colours: u8, jokers: u8 },
    /// Kept in a group of `number` that another kept joker's [`Keep::Lay`] lays apart,
    /// as one of its jokers.
    Shared { number: u8 },
}

/// Most combinations of [`Keep`] solved for one turn's bound; past it, jokers of a
/// group of three that both colours could release are left free (a looser bound).
const MAX_KEEPS: usize = 4 * MAX_PINNED;

/// The ways the joker of `role` may keep its role: as the tile it stands for; a joker
/// that may stand for several colours, in a group of its number: one of the groups of
/// naturals the tiles allow, the joker and as many others as there are in play (table
/// and rack), laid apart (solving it as a natural would let that natural into a run).
/// Without `lay`, where another joker is in play, as a natural of each colour instead
/// (a looser bound, for when the groups would be too many to solve).
fn kept_ways(role: &Role, table: &[Meld<Tile>], rack: &[Tile], lay: bool) -> Vec<Keep> {
    let Some(number) = role.stands_for.first().and_then(|t| t.number()) else { return Vec::new() };
    if !role.any_colour {
        return role.stands_for.iter().map(|&t| Keep::As(t)).collect();
    }
    let faces = || table.iter().flat_map(|m| m.faces().iter()).chain(rack);
    let jokers = faces().filter(|t| t.is_joker()).count();
    if jokers > 1 && !lay {
        return of_number(number, 0xf).into_iter().map(Keep::As).collect();
    }
    let there = faces()
        .filter(|t| t.number() == Some(number))
        .fold(0u8, |m, &t| m | t.colour().map_or(0, |c| 1 << c.index()));
    let mut ways = Vec::new();
    for jokers in 1..=jokers.min(3) as u8 {
        ways.extend(
            (1..16u8)
                .filter(|&c| c & there == c && (3..=4).contains(&(c.count_ones() as u8 + jokers)))
                .map(|colours| Keep::Lay { number, colours, jokers }),
        );
    }
    ways
}

/// A combination of ways as [`Solver::pinned_faces`] lays it out: the tiles kept jokers
/// are solved as, and the groups laid apart. A group of four naturals laid for a
/// released group of three's joker is laid once per number: one such group may hold the
/// naturals of two groups of three (r8 b8 J and y8 k8 J both freed beside r8 b8 y8 k8),
/// and laying it once takes fewer tiles away, so the bound stays one.
pub(super) fn laid_out(combination: &[Keep]) -> (Vec<Tile>, Vec<(u8, u8, u8)>) {
    let (mut tiles, mut lays) = (Vec::new(), Vec::new());
    for &keep in combination {
        match keep {
            Keep::As(t) => tiles.push(t),
            Keep::Lay { number, colours, jokers } => {
                if jokers > 0 || !lays.contains(&(number, colours, jokers)) {
                    lays.push((number, colours, jokers));
                }
            }
            Keep::Shared { .. } => {}
        }
    }
    (tiles, lays)
}

/// Whether a combination of ways can be laid out with `jokers` (on the table, on the
/// rack): each kept joker a table joker of its own, the groups' other jokers from the
/// table jokers left, then the rack's, and every shared joker of a number in a place of
/// a group of that number. A combination that cannot bounds no play.
pub(super) fn feasible(combination: &[Keep], (table, rack): (usize, usize)) -> bool {
    let (mut shared, mut places) = ([0usize; 14], [0usize; 14]);
    let (mut own, mut extras) = (0, 0);
    for &keep in combination {
        match keep {
            Keep::As(_) => own += 1,
            Keep::Lay { number, jokers, .. } if jokers > 0 => {
                own += 1;
                extras += usize::from(jokers - 1);
                places[usize::from(number)] += usize::from(jokers - 1);
            }
            Keep::Lay { .. } => {}
            Keep::Shared { number } => shared[usize::from(number)] += 1,
        }
    }
    own <= table && extras <= table - own + rack && shared.iter().zip(&places).all(|(s, p)| s <= p)
}

/// The jokers of the position: on the table, on the rack.
pub(super) fn jokers_of(table: &[Meld<Tile>], rack: &[Tile]) -> (usize, usize) {
    (table.iter().map(Meld::jokers).sum(), rack.iter().filter(|t| t.is_joker()).count())
}

/// `ways` (per table joker of `roles`, aligned) with [`Keep::Shared`] added for each
/// joker that another joker's group of its number could hold beside it; `None` if
/// more than [`MAX_KEEPS`] combinations would then be [`feasible`] with `jokers`.
fn shared(mut ways: Vec<Vec<Keep>>, roles: &[&Role], jokers: (usize, usize)) -> Option<Vec<Vec<Keep>>> {
    let number = |r: &Role| r.stands_for.first().and_then(|t| t.number());
    for i in 0..ways.len() {
        let Some(n) = number(roles[i]) else { continue };
        let other = |j: usize| {
            j != i
                && ways[j]
                    .iter()
                    .any(|w| matches!(*w, Keep::Lay { number, jokers, .. } if number == n && jokers > 1))
        };
        if (0..ways.len()).any(other) {
            ways[i].push(Keep::Shared { number: n });
        }
    }
    // Listed only up to a size whose feasible part could be few enough.
    if ways.iter().map(Vec::len).product::<usize>() > 64 * MAX_KEEPS {
        return None;
    }
    (combinations(&ways).iter().filter(|c| feasible(c, jokers)).count() <= MAX_KEEPS).then_some(ways)
}

/// Per table joker whose end the rules restrict, the ways it may end the turn: a joker
/// no play may release ([`releasable`]) keeps its role ([`kept_ways`]); one of a group
/// of three under [`Config::group3_joker_needs_both`] keeps it, or is released and its
/// group's two naturals lie with both missing colours in the group of four naturals of
/// its number, the joker free (as many of these as [`MAX_KEEPS`] allows). A legal play
/// leaves every joker so, so the best over the combinations bounds it.
fn keeps(roles: &[Role], rules: &Config, table: &[Meld<Tile>], rack: &[Tile]) -> Vec<Vec<Keep>> {
    keeps_holding(roles, rules, table, rack, &|_| false)
}

/// [`keeps`], with the jokers of `roles` that `held` names (by index) held in their
/// roles too, whatever the rules would allow.
fn keeps_holding(
    roles: &[Role],
    rules: &Config,
    table: &[Meld<Tile>],
    rack: &[Tile],
    held: &dyn Fn(usize) -> bool,
) -> Vec<Vec<Keep>> {
    let releasable: Vec<bool> =
        roles.iter().enumerate().map(|(i, r)| !held(i) && releasable(r, rules, table, rack)).collect();
    let kept: Vec<&Role> =
        roles.iter().zip(&releasable).filter(|(_, free)| !**free).map(|(r, _)| r).collect();
    let group3: Vec<&Role> =
        roles.iter().zip(&releasable).filter(|(r, free)| **free && r.group3).map(|(r, _)| r).collect();
    let released = |r: &Role| {
        r.stands_for.first().and_then(|t| t.number()).map(|number| Keep::Lay {
            number,
            colours: 0xf,
            jokers: 0,
        })
    };
    // Every such joker, kept groups laid apart, when the combinations are few enough.
    let mut all: Vec<Vec<Keep>> = kept.iter().map(|r| kept_ways(r, table, rack, true)).collect();
    if rules.group3_joker_needs_both {
        all.extend(group3.iter().map(|r| {
            let mut ways = kept_ways(r, table, rack, true);
            ways.extend(released(r));
            ways
        }));
    }
    let chosen: Vec<&Role> =
        kept.iter().chain(group3.iter().filter(|_| rules.group3_joker_needs_both)).copied().collect();
    if let Some(ways) = shared(all, &chosen, jokers_of(table, rack)) {
        return ways;
    }
    let mut out: Vec<Vec<Keep>> = kept.iter().map(|r| kept_ways(r, table, rack, false)).collect();
    if rules.group3_joker_needs_both {
        for r in group3 {
            let mut ways = kept_ways(r, table, rack, false);
            ways.extend(released(r));
            if out.iter().map(Vec::len).product::<usize>() * ways.len() <= MAX_KEEPS {
                out.push(ways);
            }
        }
    }
    out
}

/// Under [`ReplacementSource::RackOnly`], per rack tile `t` some table joker stands for
/// and per table joker `t` may release, the ways the jokers the rules hold may end the
/// turn ([`keeps`]) once `t` is that joker's exchange: every other joker released needs
/// a rack tile of its own (`check.rs` names one copy per exchange), so one that stands
/// for no tile the rack holds besides `t` keeps its role too. Each tile with the
/// different holds its jokers give, for [`Solver::rack_released`]; a tile no joker the
/// rules let go stands for is left out (no release exchanges it).
fn rack_releases(
    roles: &[Role],
    rules: &Config,
    table: &[Meld<Tile>],
    rack: &[Tile],
) -> Vec<(Tile, Vec<Vec<Keep>>)> {
    let mut tiles: Vec<Tile> =
        roles.iter().flat_map(|r| r.stands_for.iter().copied()).filter(|t| rack.contains(t)).collect();
    tiles.sort_unstable();
    tiles.dedup();
    let free: Vec<bool> = roles.iter().map(|r| releasable(r, rules, table, rack)).collect();
    let mut out: Vec<(Tile, Vec<Vec<Keep>>)> = Vec::new();
    for t in tiles {
        let mut left = rack.to_vec();
        if let Some(i) = left.iter().position(|&u| u == t) {
            left.swap_remove(i);
        }
        for (j, role) in roles.iter().enumerate() {
            if !free[j] || !role.stands_for.contains(&t) {
                continue;
            }
            let held = |i: usize| i != j && free[i] && !roles[i].stands_for.iter().any(|s| left.contains(s));
            let ways = keeps_holding(roles, rules, table, rack, &held);
            if !out.iter().any(|(u, w)| *u == t && *w == ways) {
                out.push((t, ways));
            }
        }
    }
    out
}

/// Whether some play could release the joker of `role` (make it stand for another
/// tile) under `rules`, by the conditions of `RULES.md` §1.6 and §1.10 on the tiles
/// there are: [`ReplacementSource::RackOnly`] needs a tile it stands for on the rack;
/// locked joker melds let it leave only for that tile, which must then be on the table
/// or the rack; a group-of-three joker needs both missing colours when
/// [`Config::group3_joker_needs_both`] (from anywhere: `RackOnly` asks only the tile
/// exchanged for the joker to come from the rack, the other colour may come from the
/// table); [`JokerReuse::NewMeldWithTwoRackTiles`] needs two rack tiles that can lie in
/// one meld with it.
fn releasable(role: &Role, rules: &Config, table: &[Meld<Tile>], rack: &[Tile]) -> bool {
    if rules.joker_reuse == JokerReuse::NewMeldWithTwoRackTiles && !two_in_one_meld(rack) {
        return false;
    }
    let on_rack = |t: &Tile| rack.contains(t);
    let anywhere = |t: &Tile| on_rack(t) || table.iter().any(|m| m.faces().contains(t));
    if rules.joker_replacement_source == ReplacementSource::RackOnly && !role.stands_for.iter().any(on_rack) {
        return false;
    }
    if rules.joker_melds_locked && !role.stands_for.iter().any(anywhere) {
        return false;
    }
    if rules.group3_joker_needs_both && role.group3 && !role.stands_for.iter().all(anywhere) {
        return false;
    }
    true
}

/// The candidate tables `solve_turn` found not accepted, so that none is checked twice.
#[derive(Default)]
struct Refused {
    /// Refused by a rule: the melds in a fixed order, a group's tiles sorted (the same
    /// play to [`check_play`], whatever their order).
    by_rule: rustc_hash::FxHashSet<Vec<Meld<Tile>>>,
    /// Not decided within the candidates' bound: the table as it was checked.
    undecided: rustc_hash::FxHashSet<Vec<Meld<Tile>>>,
}

impl Refused {
    fn holds(&self, table: &[Meld<Tile>]) -> bool {
        self.by_rule.contains(&same_play(table)) || self.undecided.contains(table)
    }

    fn add(&mut self, table: &[Meld<Tile>], undecided: bool) {
        if undecided {
            self.undecided.insert(table.to_vec());
        } else {
            self.by_rule.insert(same_play(table));
        }
    }
}

/// `table` with its melds in one order and each group's tiles sorted: two tables that
/// differ only there are the same play.
fn same_play(table: &[Meld<Tile>]) -> Vec<Meld<Tile>> {
    let mut melds: Vec<Meld<Tile>> = table
        .iter()
        .map(|m| {
            if m.kind() != MeldKind::Group {
                return *m;
            }
            let mut faces = [Tile::JOKER; MAX_MELD_LEN];
            let faces = &mut faces[..m.len()];
            faces.copy_from_slice(m.faces());
            faces.sort_unstable_by_key(|t| t.index());
            Meld::new(MeldKind::Group, faces, &crate::MELD_RULES).unwrap_or(*m)
        })
        .collect();
    melds.sort_unstable_by(|a, b| (a.kind(), a.faces()).cmp(&(b.kind(), b.faces())));
    melds
}

/// Most jokers [`moved_jokers`] moves at once.
const MOVES: usize = 2;

/// Most tables [`moved_jokers`] tries for the puzzle's best play and for each other
/// candidate (two moves on a large table with four jokers would be millions).
const TRIES_BEST: usize = 4096;
const TRIES_OTHER: usize = 256;

/// `table` with one or two jokers moved (from the end of a run or out of a group of
/// four to the end of another run or into a group of three) or changed for the natural
/// of another meld they can stand for, the first such table `accept` takes among the
/// first `budget` tried; `None` if none.
fn moved_jokers(
    table: &[Meld<Tile>],
    budget: usize,
    accept: &dyn Fn(&[Meld<Tile>]) -> bool,
) -> Option<Vec<Meld<Tile>>> {
    /// The tables one move away, handed to `visit` one by one as they are made, at most
    /// `limit` of them (at least one), until `visit` returns true; true if it did.
    fn moves(table: &[Meld<Tile>], limit: usize, visit: &mut dyn FnMut(Vec<Meld<Tile>>) -> bool) -> bool {
        let mut made = 0;
        let mut out = |next: Vec<Meld<Tile>>| {
            made += 1;
            visit(next) || made >= limit
        };
        // A joker and a natural of another meld change places, each meld laid out
        // anew around its new tile.
        for (i, from) in table.iter().enumerate() {
            let Some(p) = from.faces().iter().position(|t| t.is_joker()) else { continue };
            for (j, to) in table.iter().enumerate() {
                if j == i {
                    continue;
                }
                for q in 0..to.len() {
                    let t = to.faces()[q];
                    if t.is_joker() || (q > 0 && to.faces()[..q].contains(&t)) {
                        continue;
                    }
                    // On the stack: most swaps make no meld and are dropped at once.
                    let (mut a, mut b) = ([Tile::JOKER; MAX_MELD_LEN], [Tile::JOKER; MAX_MELD_LEN]);
                    let (a, b) = (&mut a[..from.len()], &mut b[..to.len()]);
                    a.copy_from_slice(from.faces());
                    b.copy_from_slice(to.faces());
                    a[p] = t;
                    b[q] = Tile::JOKER;
                    let froms = arrange(from.kind(), a);
                    if froms.is_empty() {
                        continue;
                    }
                    let tos = arrange(to.kind(), b);
                    for &a in &froms {
                        for &b in &tos {
                            let mut next = table.to_vec();
                            next[i] = a;
                            next[j] = b;
                            if out(next) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        for (i, from) in table.iter().enumerate() {
            if from.jokers() == 0 || from.len() < 4 {
                continue;
            }
            let faces = from.faces();
            // Where a joker can leave without breaking its meld.
            let mut leaves: Vec<usize> = Vec::new();
            match from.kind() {
                MeldKind::Group => leaves.extend(faces.iter().position(|t| t.is_joker())),
                MeldKind::Run => {
                    if faces[0].is_joker() {
                        leaves.push(0);
                    }
                    if faces[faces.len() - 1].is_joker() {
                        leaves.push(faces.len() - 1);
                    }
                }
            }
            for p in leaves {
                let mut rest = faces.to_vec();
                rest.remove(p);
                let Ok(shorter) = Meld::new(from.kind(), &rest, &crate::MELD_RULES) else { continue };
                for (j, to) in table.iter().enumerate() {
                    if j == i {
                        continue;
                    }
                    let mut places: Vec<Vec<Tile>> = Vec::new();
                    let mut f = to.faces().to_vec();
                    match to.kind() {
                        MeldKind::Group if f.len() == 3 => {
                            f.push(Tile::JOKER);
                            places.push(f);
                        }
                        MeldKind::Run => {
                            let mut up = f.clone();
                            up.push(Tile::JOKER);
                            places.push(up);
                            f.insert(0, Tile::JOKER);
                            places.push(f);
                        }
                        MeldKind::Group => {}
                    }
                    for faces in places {
                        if let Ok(longer) = Meld::new(to.kind(), &faces, &crate::MELD_RULES) {
                            let mut next = table.to_vec();
                            next[i] = shorter;
                            next[j] = longer;
                            if out(next) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        false
    }
    // Breadth first: every table one move away, then two; each tried as it is made, so
    // an early acceptance makes none of the rest.
    let mut layer = vec![table.to_vec()];
    let mut tries = 0;
    let mut found = None;
    for _ in 0..MOVES {
        let mut next = Vec::new();
        for t in &layer {
            let stop = moves(t, budget - tries, &mut |m| {
                tries += 1;
                if tries > budget {
                    return true;
                }
                if accept(&m) {
                    found = Some(m);
                    return true;
                }
                next.push(m);
                false
            });
            if stop && (found.is_some() || tries > budget) {
                return found;
            }
        }
        layer = next;
    }
    None
}

/// Every valid meld of `kind` made of exactly `tiles`: a group in any order; a run with
/// its naturals in order, the jokers in the gaps and the rest at either end.
fn arrange(kind: MeldKind, tiles: &[Tile]) -> Vec<Meld<Tile>> {
    if !alike(kind, tiles) {
        return Vec::new();
    }
    if kind == MeldKind::Group {
        return Meld::new(kind, tiles, &crate::MELD_RULES).into_iter().collect();
    }
    let mut naturals: Vec<Tile> = tiles.iter().copied().filter(|t| !t.is_joker()).collect();
    naturals.sort_by_key(|t| t.number());
    let jokers = tiles.len() - naturals.len();
    let mut middle = Vec::new();
    let mut used = 0;
    for (k, &t) in naturals.iter().enumerate() {
        if k > 0 {
            let gap = usize::from(t.number().unwrap_or(0))
                .saturating_sub(usize::from(naturals[k - 1].number().unwrap_or(0)) + 1);
            used += gap;
            middle.extend(core::iter::repeat_n(Tile::JOKER, gap));
        }
        middle.push(t);
    }
    if used > jokers {
        return Vec::new();
    }
    (0..=jokers - used)
        .filter_map(|before| {
            let mut faces = vec![Tile::JOKER; before];
            faces.extend_from_slice(&middle);
            faces.extend(core::iter::repeat_n(Tile::JOKER, jokers - used - before));
            Meld::new(kind, &faces, &crate::MELD_RULES).ok()
        })
        .collect()
}

/// Whether the naturals of `tiles` could lie in one meld of `kind` in some order: a
/// group's of one number in different colours, a run's of one colour with different
/// numbers (most tables [`moved_jokers`] makes fail here, before any meld is built).
fn alike(kind: MeldKind, tiles: &[Tile]) -> bool {
    // (the attribute all share, the one no two share)
    let key = |t: &Tile| {
        let (colour, number) = (t.index() / 13, t.index() % 13);
        match kind {
            MeldKind::Group => (number, colour),
            MeldKind::Run => (colour, number),
        }
    };
    let mut naturals = tiles.iter().filter(|t| !t.is_joker()).map(key);
    let Some((shared, first)) = naturals.next() else { return true };
    let mut seen = 1u16 << first;
    naturals.all(|(same, differ)| {
        let fresh = seen & (1 << differ) == 0;
        seen |= 1 << differ;
        same == shared && fresh
    })
}

/// Whether two tiles of `rack` can lie in one meld: a joker and anything, the same
/// colour with different numbers, or the same number in different colours.
fn two_in_one_meld(rack: &[Tile]) -> bool {
    rack.iter().enumerate().any(|(i, a)| {
        rack[i + 1..]
            .iter()
            .any(|b| a.is_joker() || b.is_joker() || (a.colour() == b.colour()) != (a.number() == b.number()))
    })
}

/// Every combination of one item from each list.
pub(super) fn combinations<T: Copy>(choices: &[Vec<T>]) -> Vec<Vec<T>> {
    let mut out = vec![Vec::new()];
    for list in choices {
        out = out.iter().flat_map(|pre| list.iter().map(move |&t| [pre.clone(), vec![t]].concat())).collect();
    }
    out
}

/// The least rank of a play that places a tile: one tile, or one value point.
pub(super) fn least_placing(objective: Objective) -> (u64, u64) {
    match objective {
        Objective::Tiles => (1, 0),
        Objective::Value => (0, 1),
    }
}

/// The objective's rank of a solution: most tiles then most value, or the other way.
pub(super) fn rank(sol: &Solution, objective: Objective) -> (u64, u64) {
    let tiles = sol.tiles_placed as u64;
    match objective {
        Objective::Tiles => (tiles, sol.value_placed),
        Objective::Value => (sol.value_placed, tiles),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::reuse_possible;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The checks of the candidates of one turn share one bound: a table of four jokers
    /// and a rack of three `r1` under locked joker melds and Schmidt's keep-three has
    /// thousands of tables with jokers moved to check,
    /// each a search of its own, more than five times the single check's bound in all.
    #[test]
    fn solve_turn_candidate_checks_share_one_bound() {
        use crate::InitialJokerValue;
        let meld = |kind, s: &str| {
            Meld::new(kind, &rummykit_core::parse_list::<Tile>(s).unwrap(), &crate::MELD_RULES).unwrap()
        };
        let table = [
            meld(MeldKind::Group, "b5 y5 k5 J"),
            meld(MeldKind::Group, "b5 y5 k5 J"),
            meld(MeldKind::Group, "r5 y5 J J"),
        ];
        let rack = rummykit_core::parse_list::<Tile>("r1 r1 r1").unwrap();
        let mut rules = Config::XP;
        rules.joker_melds_locked = true;
        rules.keep_three = true;
        rules.joker_value_in_initial_meld = InitialJokerValue::Zero;
        crate::check::SPENT.with(|s| s.set(0));
        let answer = Solver::new().solve_turn(&table, &rack, &rules, true, Objective::Value);
        let spent = crate::check::SPENT.with(|s| s.get());
        // The candidates' shared bound, and the one check of the puzzle's best play.
        let bound = u64::from(TURN_STEPS) + u64::from(crate::check::SEARCH_STEPS);
        assert!(spent <= bound, "{spent} search choices for one turn, bound {bound}");
        if let Ok(sol) = answer {
            let held: TileCounts = rack.iter().copied().collect();
            assert!(sol.tiles_placed == 0 || check_play(&rules, &table, &held, true, &sol.table).is_ok());
        }
    }

    /// §1.10 keep-three on a crowded XP table (20 melds, four jokers, a six-tile rack):
    /// the candidates' checks spend the turn's whole bound of search choices, and no
    /// more, for either objective; the answer is a play the engine accepts.
    #[test]
    fn solve_turn_keep_three_on_a_crowded_table_stays_within_its_steps() {
        let melds = [
            "g r9 y9 k9 J",
            "r r1 r2 r3 r4",
            "g r11 b11 k11 y11",
            "r r2 J r4",
            "r b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13",
            "r y9 y10 y11 J y13",
            "r y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12",
            "g r8 b8 y8 k8",
            "r k1 k2 k3 k4 k5 k6 k7",
            "r k6 k7 k8 k9 k10 k11 k12 k13",
            "g r13 b13 y13 k13",
            "r r5 r6 r7 r8 r9 r10 r11",
            "g r12 y12 k12 b12",
            "g k4 r4 b4 y4",
            "r r9 r10 r11 r12",
            "g b5 r5 y5 k5",
            "g r10 b10 y10 k10",
            "r J r7 r8",
            "g r2 b2 k2",
            "g r13 y13 k13",
        ];
        let table: Vec<Meld<Tile>> = melds
            .iter()
            .map(|m| {
                let kind = if m.starts_with('g') { MeldKind::Group } else { MeldKind::Run };
                let faces = rummykit_core::parse_list::<Tile>(&m[2..]).unwrap();
                Meld::new(kind, &faces, &crate::MELD_RULES).unwrap()
            })
            .collect();
        let rack = rummykit_core::parse_list::<Tile>("r12 b5 b11 y1 y12 k4").unwrap();
        let rules = Config { keep_three: true, ..Config::XP };
        let held: TileCounts = rack.iter().copied().collect();
        let bound = u64::from(TURN_STEPS) + u64::from(crate::check::SEARCH_STEPS);
        for objective in [Objective::Tiles, Objective::Value] {
            crate::check::SPENT.with(|s| s.set(0));
            let answer = Solver::new().solve_turn(&table, &rack, &rules, true, objective);
            let spent = crate::check::SPENT.with(|s| s.get());
            // The position is one that reaches the bound: the candidates' checks alone
            // spend more than one check may.
            assert!(spent > u64::from(crate::check::SEARCH_STEPS), "{objective:?}: {spent}");
            assert!(spent <= bound, "{objective:?}: {spent} search choices, bound {bound}");
            let play = match answer {
                Ok(sol) => Some(sol),
                Err(SolveError::Unproven { best, .. }) => best.map(|b| *b),
                Err(e) => panic!("{objective:?}: {e:?}"),
            };
            if let Some(sol) = play.filter(|s| s.tiles_placed > 0) {
                assert!(check_play(&rules, &table, &held, true, &sol.table).is_ok(), "{objective:?}");
            }
        }
    }

    /// The bounds of one turn share one bound on the DP's work: a crowded table with
    /// two table jokers in groups of three under `group3_joker_needs_both`, whose
    /// bounds close only past 0.6 million states of the DP, stops within a smaller
    /// work (a quarter more allowed for the puzzle begun last), its answer `Unproven`.
    #[test]
    fn solve_turn_bounds_share_one_work() {
        let meld = |kind, s: &str| {
            Meld::new(kind, &rummykit_core::parse_list::<Tile>(s).unwrap(), &crate::MELD_RULES).unwrap()
        };
        let runs = ["y1 y2 y3 y4", "r2 r3 r4 r5", "b3 b4 b5", "k3 k4 k5", "y4 y5 y6", "k8 k9 k10"];
        let groups = [
            "r1 b1 k1",
            "r2 b2 y2",
            "b3 y3 k3",
            "r5 b5 y5 k5",
            "r6 b6 y6",
            "r7 b7 k7",
            "r7 b7 y7",
            "r9 b9 y9",
            "b9 y9 k9",
            "r10 y10 k10",
            "r10 b10 y10",
            "b11 y11 k11",
            "r12 b12 y12 k12",
            "r12 b12 y12",
            "r13 b13 y13 k13",
            "r13 b13 y13 k13",
            "r8 b8 J",
            "b8 k8 J",
        ];
        let table: Vec<Meld<Tile>> = runs
            .iter()
            .map(|s| meld(MeldKind::Run, s))
            .chain(groups.iter().map(|s| meld(MeldKind::Group, s)))
            .collect();
        let rack = rummykit_core::parse_list::<Tile>("r4 b1 y8").unwrap();
        let rules = Config { group3_joker_needs_both: true, ..Config::STANDARD };
        // Its bounds close only past 0.6 M states: with 0.3 M it is unproven, within
        // the work given (and a set-up's overrun).
        let mut solver = Solver::new();
        let limit = 300_000;
        solver.turn_work = limit;
        let before = solver.dp.work;
        let answer = solver.solve_turn(&table, &rack, &rules, true, Objective::Tiles);
        let spent = solver.dp.work - before;
        assert!(matches!(answer, Err(SolveError::Unproven { .. })), "{answer:?}");
        assert!(spent <= limit + limit / 4, "{spent} states for one turn, bound {limit}");
        // With the turn's whole work it is proven: a play of 3 tiles the check accepts.
        let mut solver = Solver::new();
        let before = solver.dp.work;
        let answer = solver.solve_turn(&table, &rack, &rules, true, Objective::Tiles).expect("proven");
        assert_eq!(answer.tiles_placed, 3);
        let held: TileCounts = rack.iter().copied().collect();
        assert!(check_play(&rules, &table, &held, true, &answer.table).is_ok());
        assert!(solver.dp.work - before <= TURN_WORK, "{} states", solver.dp.work - before);
    }

    /// RULES §1.6: two table jokers, a released joker to end beside a rack tile and freed
    /// only by a rack tile of its role (`RackOnly`, `ExactTile`): the bound over the melds
    /// of a released joker takes one such meld out, then, for the second joker, another
    /// out of each rest (1 265 melds, then about 300 in each rest), each a puzzle. That
    /// is the slowest turn of a slow fuzz input (3 M states of the DP): it draws on the
    /// turn's one work, stopping within a smaller work when given one, and whatever it
    /// answers is a play the check accepts.
    #[test]
    fn rules_1_6_a_second_released_joker_draws_on_the_turns_work() {
        let meld = |kind, s: &str| {
            Meld::new(kind, &rummykit_core::parse_list::<Tile>(s).unwrap(), &crate::MELD_RULES).unwrap()
        };
        let table = [
            meld(MeldKind::Group, "r12 b12 y12 k12"),
            meld(MeldKind::Group, "r8 y8 J b8"),
            meld(MeldKind::Run, "r10 r11 r12 r13"),
            meld(MeldKind::Group, "b6 r6 y6 k6"),
            meld(MeldKind::Run, "b9 b10 b11 J b13"),
            meld(MeldKind::Group, "r9 b9 y9 k9"),
            meld(MeldKind::Group, "r5 b5 k5 y5"),
        ];
        let rack = rummykit_core::parse_list::<Tile>(
            "r8 r9 r11 r13 b2 b6 b7 b12 b13 y1 y2 y3 y11 y12 k1 k4 k4 k5 k9 k10 k10",
        )
        .unwrap();
        let rules = Config {
            joker_replacement_source: ReplacementSource::RackOnly,
            joker_release: JokerRelease::ExactTile,
            ..Config::STANDARD
        };
        let held: TileCounts = rack.iter().copied().collect();
        let accepted = |answer: &Result<Solution, SolveError>| match answer {
            Ok(sol) => sol.tiles_placed == 0 || check_play(&rules, &table, &held, true, &sol.table).is_ok(),
            Err(SolveError::Unproven { best, .. }) => {
                best.as_deref().is_none_or(|b| check_play(&rules, &table, &held, true, &b.table).is_ok())
            }
            Err(_) => false,
        };
        for limit in [500_000, TURN_WORK] {
            let mut solver = Solver::new();
            solver.turn_work = limit;
            let before = solver.dp.work;
            let answer = solver.solve_turn(&table, &rack, &rules, true, Objective::Tiles);
            let spent = solver.dp.work - before;
            assert!(spent <= limit + limit / 4, "{spent} states for one turn, bound {limit}");
            assert!(accepted(&answer), "{answer:?}");
            if limit < TURN_WORK {
                assert!(matches!(answer, Err(SolveError::Unproven { .. })), "{answer:?}");
                assert!(spent >= limit / 2, "{spent} states: the bound was not what stopped it");
            }
        }
    }

    /// A random table of valid melds (jokers often) and a random rack, of the
    /// standard set's tiles.
    fn position(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
        let mut tiles: Vec<Tile> = Vec::new();
        let mut table = Vec::new();
        // Two of each face and two jokers.
        let fits = |tiles: &[Tile]| face_counts(tiles).iter().all(|&k| k <= 2);
        for _ in 0..rng.random_range(2..9) {
            let colour = Colour::ALL[rng.random_range(0..4)];
            let mut faces: Vec<Tile> = if rng.random_range(0..2) == 0 {
                let start = rng.random_range(1..=11u8);
                let len = rng.random_range(3..=(14 - start).min(6));
                (start..start + len).filter_map(|n| Tile::new(colour, n)).collect()
            } else {
                let n = rng.random_range(1..=13u8);
                let skip = rng.random_range(0..4);
                Colour::ALL.iter().filter(|c| c.index() != skip).filter_map(|&c| Tile::new(c, n)).collect()
            };
            if rng.random_range(0..2) == 0 {
                let k = rng.random_range(0..faces.len());
                faces[k] = Tile::JOKER;
            }
            let mut trial = tiles.clone();
            trial.extend(faces.iter().copied());
            if let (true, Ok(meld)) = (fits(&trial), Meld::infer(&faces, &crate::MELD_RULES)) {
                tiles = trial;
                table.push(meld);
            }
        }
        let mut rack = Vec::new();
        for _ in 0..rng.random_range(2..=10) {
            let t = Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(1..=13u8))
                .unwrap_or(Tile::JOKER);
            let mut all = tiles.clone();
            all.extend(rack.iter().copied());
            all.push(t);
            if fits(&all) {
                rack.push(t);
            }
        }
        (table, rack)
    }

    /// The pinned plays that reach the goal are those of a plain enumeration that solves
    /// every set of kept jokers (the most jokers first, every colour of a group joker),
    /// in the same order, though sets proven below the goal by a subset are not solved.
    #[test]
    fn pinned_plays_reaching_the_goal_are_those_of_every_set_solved() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0016_0002);
        let mut solver = Solver::new();
        let (mut compared, mut reaching) = (0, 0);
        for case in 0..400 {
            let (table, rack) = position(&mut rng);
            let roles: Vec<Vec<Tile>> = joker_roles(&table).into_iter().map(|r| r.stands_for).collect();
            let Ok(pos) = Position::from_melds(&table, rack.iter().copied()) else { continue };
            let options = SolveOptions::default();
            let Ok(flat) = solver.solve(&pos, &options) else { continue };
            if roles.is_empty() || flat.tiles_placed == 0 {
                continue;
            }
            let goal = rank(&flat, Objective::Tiles);
            let mut expected = Vec::new();
            let mut sets: Vec<Vec<usize>> = (1..1u32 << roles.len())
                .map(|s| (0..roles.len()).filter(|&i| s & (1 << i) != 0).collect())
                .collect();
            sets.sort_by_key(|s| core::cmp::Reverse(s.len()));
            for set in sets {
                let mut combos: Vec<Vec<Tile>> = vec![Vec::new()];
                for &i in &set {
                    // The first joker's tile changes fastest.
                    combos = roles[i]
                        .iter()
                        .flat_map(|&t| combos.iter().map(move |c| [c.clone(), vec![t]].concat()))
                        .collect();
                }
                for tiles in combos {
                    if let Pinned::Solved(sol) = solver.pinned_raw(&table, &rack, &tiles, &[], &options, None)
                        && let Some(sol) = unpin(sol, &tiles)
                        && rank(&sol, Objective::Tiles) >= goal
                    {
                        expected.push(sol);
                    }
                }
            }
            let mut got = Vec::new();
            solver.pinned(&table, &rack, &options, (goal, Objective::Tiles), &mut |sol| {
                if rank(&sol, Objective::Tiles) >= goal {
                    got.push(sol);
                }
                false
            });
            assert_eq!(got, expected, "case {case}: {table:?} {rack:?}");
            compared += 1;
            reaching += usize::from(!expected.is_empty());
        }
        assert!(compared > 100 && reaching > 20, "{compared} compared, {reaching} reaching the goal");
    }

    /// The kept-role candidates prove no bound, so they do not draw on the turn's work:
    /// once bounds have spent it (a goal they proved may still want a candidate), the
    /// same plays are handed out as with all the work left, and none is taken from it.
    #[test]
    fn pinned_candidates_do_not_draw_on_the_turns_work() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0016_0003);
        let mut solver = Solver::new();
        let (mut compared, mut handed) = (0, 0);
        for _ in 0..200 {
            let (table, rack) = position(&mut rng);
            let Ok(pos) = Position::from_melds(&table, rack.iter().copied()) else { continue };
            let options = SolveOptions::default();
            let Ok(flat) = solver.solve(&pos, &options) else { continue };
            if joker_roles(&table).is_empty() || flat.tiles_placed == 0 {
                continue;
            }
            let goal = rank(&flat, Objective::Tiles);
            let plays = |solver: &mut Solver| {
                let mut got = Vec::new();
                solver.pinned(&table, &rack, &options, (goal, Objective::Tiles), &mut |sol| {
                    got.push(sol);
                    false
                });
                got
            };
            solver.work_until = u64::MAX;
            let free = plays(&mut solver);
            // Spent: no further puzzle for a bound may be solved.
            solver.work_until = solver.dp.work;
            assert!(!solver.take_puzzle());
            let spent = solver.work_until;
            assert_eq!(plays(&mut solver), free, "{table:?} {rack:?}");
            assert_eq!(solver.work_until, spent, "a candidate drew on the work");
            compared += 1;
            handed += usize::from(!free.is_empty());
        }
        solver.work_until = u64::MAX;
        assert!(compared > 50 && handed > 10, "{compared} compared, {handed} handed out plays");
    }

    /// RULES.md §1.3, §1.6, §4.1: a candidate refused by a rule is not checked again in
    /// any order of its melds or of a group's tiles, since `check_play` reads neither:
    /// on the tables `solve_turn` tries, under every joker option, a shuffled table gets
    /// the same verdict and the same key; and a refused candidate is held as refused.
    #[test]
    fn rules_1_6_a_candidate_refused_is_refused_in_any_order() {
        use rand::seq::SliceRandom;
        let rule_sets = [
            Config::STANDARD,
            Config { joker_reuse: JokerReuse::NewMeldWithTwoRackTiles, ..Config::STANDARD },
            Config { joker_replacement_source: ReplacementSource::RackOnly, ..Config::STANDARD },
            Config { group3_joker_needs_both: true, ..Config::STANDARD },
            Config { joker_melds_locked: true, keep_three: true, ..Config::STANDARD },
            Config::SCHMIDT,
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(0x0016_0004);
        let mut solver = Solver::new();
        let (mut compared, mut refused, mut shuffled_groups) = (0, 0, 0);
        for _ in 0..150 {
            let (table, rack) = position(&mut rng);
            let Ok(pos) = Position::from_melds(&table, rack.iter().copied()) else { continue };
            let Ok(flat) = solver.solve(&pos, &SolveOptions::default()) else { continue };
            let held: TileCounts = rack.iter().copied().collect();
            let tables = core::cell::RefCell::new(vec![flat.table.clone()]);
            moved_jokers(&flat.table, 64, &|t: &[Meld<Tile>]| {
                tables.borrow_mut().push(t.to_vec());
                false
            });
            for t in tables.borrow().iter() {
                let mut other: Vec<Meld<Tile>> = t
                    .iter()
                    .map(|m| {
                        let mut faces = m.faces().to_vec();
                        if m.kind() == MeldKind::Group {
                            faces.shuffle(&mut rng);
                        }
                        Meld::new(m.kind(), &faces, &crate::MELD_RULES).expect("the same meld")
                    })
                    .collect();
                other.shuffle(&mut rng);
                shuffled_groups += usize::from(other.iter().any(|m| m.kind() == MeldKind::Group));
                assert_eq!(same_play(t), same_play(&other), "{t:?}\n{other:?}");
                for rules in &rule_sets {
                    let verdict = check_play(rules, &table, &held, true, t).is_ok();
                    assert_eq!(verdict, check_play(rules, &table, &held, true, &other).is_ok(), "{t:?}");
                    let mut seen = Refused::default();
                    if !verdict {
                        seen.add(t, false);
                        assert!(seen.holds(t) && seen.holds(&other));
                        refused += 1;
                    }
                    compared += 1;
                }
            }
        }
        assert!(
            compared > 1000 && refused > 300 && shuffled_groups > 100,
            "{compared} {refused} {shuffled_groups}"
        );
    }

    /// The quick refusal of the reuse rule refuses only plays `check_play` refuses, under
    /// every joker option, on the tables `solve_turn` tries (the puzzle's best and it with
    /// jokers moved); and it refuses many of them.
    #[test]
    fn rules_1_6_quick_reuse_refusal_agrees_with_check_play() {
        let rule_sets = [
            Config::STANDARD,
            Config { joker_reuse: JokerReuse::NewMeldWithTwoRackTiles, ..Config::STANDARD },
            Config { joker_replacement_source: ReplacementSource::RackOnly, ..Config::STANDARD },
            Config { group3_joker_needs_both: true, ..Config::STANDARD },
            Config { joker_melds_locked: true, ..Config::STANDARD },
            Config::SCHMIDT,
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(0x0016_0001);
        let mut solver = Solver::new();
        let (refused, accepted) = (core::cell::Cell::new(0), core::cell::Cell::new(0));
        for case in 0..300 {
            let (table, rack) = position(&mut rng);
            let Ok(pos) = Position::from_melds(&table, rack.iter().copied()) else { continue };
            let Ok(flat) = solver.solve(&pos, &SolveOptions::default()) else { continue };
            let held: TileCounts = rack.iter().copied().collect();
            for rules in &rule_sets {
                let agree = |t: &[Meld<Tile>]| {
                    let verdict = check_play(rules, &table, &held, true, t);
                    if reuse_possible(rules, &table, t) {
                        accepted.set(accepted.get() + usize::from(verdict.is_ok()));
                    } else {
                        assert!(verdict.is_err(), "case {case}: {rules:?}\n{table:?}\n-> {t:?}");
                        refused.set(refused.get() + 1);
                    }
                };
                agree(&flat.table);
                moved_jokers(&flat.table, 512, &|t: &[Meld<Tile>]| {
                    agree(t);
                    false
                });
            }
        }
        let (refused, accepted) = (refused.get(), accepted.get());
        assert!(refused > 2000 && accepted > 500, "refused {refused}, accepted {accepted}");
    }
}
