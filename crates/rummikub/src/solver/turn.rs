//! [`Solver::solve_turn`]: the best play the rules in force allow, as
//! [`check_play`] judges it.
//!
//! The rules of `RULES.md` §1.5, §1.6, §1.10 and §4.1 only ever take plays away from
//! the meld puzzle (every meld valid, every table tile kept), with one exception: hand
//! rummy waives the threshold for a player who goes out in the turn of the initial
//! meld. So the best play of the puzzle bounds the best legal play from above, and if
//! [`check_play`] accepts it, it is the answer. When it is refused, plays the rules
//! are more likely to allow are tried (table jokers kept in their roles, the initial
//! meld first), each checked; one that ranks as high as the puzzle's optimum is the
//! answer. If none does, the answer is not proven: [`SolveError::Unproven`] says which
//! rule refused the puzzle's optimum, rather than a play that might not be the best.

use rummykit_core::{JokerRole, Meld, MeldRules, Tile};

use super::{Objective, Position, Solution, SolveError, SolveOptions, Solver, face_counts};
use crate::{Rules, TileCounts, check_play};

/// At most this many plays with table jokers kept in their roles are tried.
const MAX_PINNED: usize = 32;

impl Solver {
    /// The best play for a player with `rack` at a table of `table` under `rules`
    /// (`opened`: the player made the initial meld in an earlier turn), ranked by
    /// `objective`, that [`check_play`] accepts; a solution placing no tile (the table
    /// unchanged) when the rules allow no play.
    ///
    /// Exact whenever it answers: the answer ranks as high as the best play of the meld
    /// puzzle (which the rules can only restrict) or is the proven optimum of the
    /// initial meld. Every option of `RULES.md` §1.10 and the Schmidt rules (§4.1) are
    /// judged by [`check_play`] itself.
    ///
    /// # Errors
    ///
    /// * [`SolveError::InvalidMeld`], [`SolveError::TooManyCopies`],
    ///   [`SolveError::UnsupportedJokers`], [`SolveError::TableNotMeldable`] as
    ///   [`Solver::solve`];
    /// * [`SolveError::Unproven`] when the meld puzzle's best play breaks a rule in force
    ///   and no play the rules allow was found that ranks as high.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// use rummykit_rummikub::solver::{Objective, Solver};
    /// use rummykit_rummikub::{JokerReuse, Rules};
    ///
    /// let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &MeldRules::RUMMIKUB).unwrap();
    /// // The joker stands for b4; the rack's b4 frees it, and r7 r8 take it along.
    /// let table = [run("b2 b3 J b5")];
    /// let rack = parse_list::<Tile>("b4 r7 r8")?;
    /// let mut solver = Solver::new();
    /// let sol = solver.solve_turn(&table, &rack, &Rules::standard(), true, Objective::Tiles)?;
    /// assert_eq!(sol.tiles_placed, 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solve_turn(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        rules: &Rules,
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
            return judge(&sol).map(|_| sol).map_err(|refused| SolveError::Unproven { refused });
        }
        // The meld puzzle's optimum bounds every legal play.
        let flat = self.solve(&position, &options.with_opened(true))?;
        if flat.tiles_placed == 0 {
            return Ok(none());
        }
        let refused = match judge(&flat) {
            Ok(_) => return Ok(flat),
            Err(e) => e,
        };
        let goal = rank(&flat, objective);
        let mut best: Option<Solution> = None;
        let offer = |sol: Solution, best: &mut Option<Solution>| {
            if sol.tiles_placed > 0
                && best.as_ref().is_none_or(|b| rank(&sol, objective) > rank(b, objective))
                && judge(&sol).is_ok()
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
            offer(first, &mut best);
        }
        for sol in self.pinned(table, rack, &options) {
            if best.as_ref().is_some_and(|b| rank(b, objective) >= goal) {
                break;
            }
            offer(sol, &mut best);
        }
        match best {
            Some(b) if rank(&b, objective) >= goal => Ok(b),
            _ => Err(SolveError::Unproven { refused }),
        }
    }

    /// The best plays of the meld puzzle with some table jokers kept in their roles
    /// (each solved as the natural it stands for, then turned back into a joker): every
    /// non-empty set of table jokers and every colour a group joker may stand for, the
    /// most jokers kept first, at most [`MAX_PINNED`].
    fn pinned(&mut self, table: &[Meld<Tile>], rack: &[Tile], options: &SolveOptions) -> Vec<Solution> {
        // Each table joker's choices of the tile it stands for.
        let mut roles: Vec<Vec<Tile>> = Vec::new();
        for meld in table {
            for pos in 0..meld.len() {
                match meld.joker_role(pos) {
                    Some(JokerRole::Exactly(t)) => roles.push(vec![t]),
                    Some(JokerRole::OneOf { number, suits }) => roles.push(
                        rummykit_core::Colour::ALL
                            .into_iter()
                            .filter(|c| suits & (1 << c.index()) != 0)
                            .filter_map(|c| Tile::new(c, number))
                            .collect(),
                    ),
                    None => {}
                }
            }
        }
        let k = roles.len();
        let mut subsets: Vec<u32> = (1..1u32 << k).collect();
        subsets.sort_by_key(|s| core::cmp::Reverse(s.count_ones()));
        let flat: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut out = Vec::new();
        'subsets: for set in subsets {
            // Every combination of the chosen jokers' tiles.
            let chosen: Vec<usize> = (0..k).filter(|&i| set & (1 << i) != 0).collect();
            let mut pick = vec![0usize; chosen.len()];
            loop {
                if out.len() >= MAX_PINNED {
                    break 'subsets;
                }
                let tiles: Vec<Tile> = chosen.iter().zip(&pick).map(|(&i, &p)| roles[i][p]).collect();
                if let Some(sol) = self.pinned_play(&flat, rack, &tiles, options) {
                    out.push(sol);
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
        out
    }

    /// The meld puzzle's best play with one table joker per tile of `kept` solved as
    /// that tile, then turned back into a joker in a meld holding the tile; `None` if
    /// the tile cannot be a natural (too many copies) or the joker finds no meld.
    fn pinned_play(
        &mut self,
        table: &[Tile],
        rack: &[Tile],
        kept: &[Tile],
        options: &SolveOptions,
    ) -> Option<Solution> {
        let mut faces = table.to_vec();
        for &t in kept {
            let j = faces.iter().position(|f| f.is_joker())?;
            faces[j] = t;
        }
        let mut all = faces.clone();
        all.extend_from_slice(rack);
        let counts = face_counts(&all);
        // The solver's groups take up to three copies of a face.
        if kept.iter().any(|t| counts[t.index() as usize] > 3) {
            return None;
        }
        let loose = options.with_tile_set(rummykit_core::Catalog::<Tile>::RUMMIKUB_XP);
        let mut sol =
            self.solve(&Position::new(faces, rack.iter().copied()), &loose.with_opened(true)).ok()?;
        for &t in kept {
            let (i, meld) = sol.table.iter().enumerate().find_map(|(i, m)| {
                let p = m.faces().iter().position(|&f| f == t)?;
                let mut f = m.faces().to_vec();
                f[p] = Tile::JOKER;
                Meld::new(m.kind(), &f, &MeldRules::RUMMIKUB).ok().map(|m| (i, m))
            })?;
            sol.table[i] = meld;
        }
        Some(sol)
    }
}

/// The objective's rank of a solution: most tiles then most value, or the other way.
fn rank(sol: &Solution, objective: Objective) -> (u64, u64) {
    let tiles = sol.tiles_placed as u64;
    match objective {
        Objective::Tiles => (tiles, sol.value_placed),
        Objective::Value => (sol.value_placed, tiles),
    }
}
