//! Bots for Rummikub (issue #7): [`RandomBot`], [`GreedyBot`] and the stronger
//! [`HoldBackBot`]. Each sees only its seat's [`View`] and acts through core's
//! [`Bot`] trait; the ones that need randomness own an rng the caller seeds, so a game
//! between bots replays exactly.
//!
//! Every play a bot makes is checked with [`check_play`] against the view before it is
//! returned; when no checked play is found the bot draws (or passes when the pool is
//! empty), so bots never act illegally under any [`Rules`].

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rummykit_core::{Bot, Meld, MeldRules, Tile, hand_melds};

use crate::solver::{Objective, Position, SolveOptions, Solver};
use crate::{Action, Rules, Rummikub, View, check_play};

/// Draw, or pass when the pool is empty: the move that is always legal (RULES.md §1.3, §1.7).
fn draw_or_pass(view: &View) -> Action {
    if view.pool > 0 { Action::Draw } else { Action::Pass }
}

/// `Action::Play` with `table` if the engine's commit check accepts it for this view.
fn checked(view: &View, table: Vec<Meld<Tile>>) -> Option<Action> {
    check_play(&view.rules, &view.table, &view.rack, view.has_opened(), &table)
        .ok()
        .map(|_| Action::Play { table })
}

/// The solver options matching the game's rules (tile set, threshold, joker value).
fn solve_options(rules: &Rules) -> SolveOptions {
    SolveOptions::default()
        .with_tile_set(rules.tile_set.catalog())
        .with_threshold(rules.initial_meld_threshold)
        .with_joker_value(rules.joker_penalty)
}

fn table_tiles(table: &[Meld<Tile>]) -> impl Iterator<Item = Tile> + '_ {
    table.iter().flat_map(|m| m.faces().iter().copied())
}

/// A bot that plays a random legal play, or draws.
///
/// Each turn it builds up to four random candidate plays from its rack: a random
/// selection of disjoint melds formable from the rack (every meld the rack can form is
/// considered, each kept with probability ½, in random order) and, once opened, random
/// lay-offs of rack tiles onto the ends of table melds. The first candidate the commit
/// check accepts is played; if none is, it draws (passes when the pool is empty). It is
/// the baseline of the tournaments, not a uniform sampler of the (huge) set of legal
/// tables.
///
/// ```
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, Game, Seating, play_hand};
/// use rummykit_rummikub::{RandomBot, Rules, Rummikub};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let mut game = Rummikub::deal(&Rules::standard(), Seating::new(2), &mut rng).unwrap();
/// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(10));
/// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(11));
/// let (outcome, _actions) = play_hand(&mut game, &mut [&mut a, &mut b], 100_000).unwrap();
/// assert!(outcome.winner.is_some());
/// ```
#[derive(Debug, Clone)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random bot drawing its choices from `rng`.
    pub fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }

    /// One random candidate table, or `None` when it adds nothing.
    fn candidate(
        &mut self,
        view: &View,
        rack: &[Tile],
        melds: &[rummykit_core::HandMeld],
    ) -> Option<Vec<Meld<Tile>>> {
        let rng = &mut self.rng;
        let mut table = view.table.clone();
        let mut used = 0u64;
        let mut order: Vec<usize> = (0..melds.len()).collect();
        order.shuffle(rng);
        for i in order {
            let m = &melds[i];
            if m.mask() & used == 0 && rng.random_bool(0.5) {
                let faces: Vec<Tile> = m.select(rack).copied().collect();
                if let Ok(meld) = Meld::new(m.kind(), &faces, &MeldRules::RUMMIKUB) {
                    used |= m.mask();
                    table.push(meld);
                }
            }
        }
        if view.has_opened() && !view.table.is_empty() {
            let mut left: Vec<usize> = (0..rack.len()).filter(|&p| used & (1 << p) == 0).collect();
            left.shuffle(rng);
            for p in left {
                if !rng.random_bool(0.5) {
                    continue;
                }
                let tile = rack[p];
                let start = rng.random_range(0..view.table.len());
                for k in 0..view.table.len() {
                    let j = (start + k) % view.table.len();
                    if let Some(longer) = extended(&table[j], tile) {
                        table[j] = longer;
                        used |= 1 << p;
                        break;
                    }
                }
            }
        }
        (used != 0).then_some(table)
    }
}

/// `meld` with `tile` added at its back or, for a run, its front.
fn extended(meld: &Meld<Tile>, tile: Tile) -> Option<Meld<Tile>> {
    let mut faces = [Tile::JOKER; rummykit_core::MAX_MELD_LEN + 1];
    let n = meld.len();
    if n >= rummykit_core::MAX_MELD_LEN {
        return None;
    }
    faces[..n].copy_from_slice(meld.faces());
    faces[n] = tile;
    if let Ok(m) = Meld::new(meld.kind(), &faces[..=n], &MeldRules::RUMMIKUB) {
        return Some(m);
    }
    faces[0] = tile;
    faces[1..=n].copy_from_slice(meld.faces());
    Meld::new(meld.kind(), &faces[..=n], &MeldRules::RUMMIKUB).ok()
}

impl<R: Rng> Bot<Rummikub> for RandomBot<R> {
    fn name(&self) -> &str {
        "random"
    }

    fn act(&mut self, view: &View) -> Action {
        let mut rack = view.rack.to_vec();
        rack.truncate(rummykit_core::MAX_HAND);
        let melds = hand_melds(&rack, &MeldRules::RUMMIKUB).unwrap_or_default();
        if !melds.is_empty() || view.has_opened() {
            for _ in 0..4 {
                if let Some(play) = self.candidate(view, &rack, &melds).and_then(|t| checked(view, t)) {
                    return play;
                }
            }
        }
        draw_or_pass(view)
    }
}

/// The solver's best play: the most tiles (ties: most value) once opened, the initial
/// meld with the most tiles when one reaches the threshold (RULES.md §1.5), else a
/// draw (a pass when the pool is empty).
///
/// The solver knows the standard meld rules but not every house rule of §1.6/§4.1
/// (joker reuse, keep-three); a solver play the commit check refuses is replaced by the
/// best play of new melds from the rack alone, and if that is refused too the bot
/// draws. Deterministic: it needs no rng.
///
/// ```
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, Game, Seating, play_hand};
/// use rummykit_rummikub::{GreedyBot, RandomBot, Rules, Rummikub};
///
/// let mut game = Rummikub::deal(&Rules::standard(), Seating::new(2), &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
/// let mut greedy = GreedyBot::new();
/// let mut random = RandomBot::new(ChaCha8Rng::seed_from_u64(4));
/// let (outcome, _) = play_hand(&mut game, &mut [&mut greedy, &mut random], 100_000).unwrap();
/// assert!(outcome.winner.is_some());
/// ```
#[derive(Debug, Clone, Default)]
pub struct GreedyBot {
    solver: Solver,
}

impl GreedyBot {
    /// A greedy bot (with its own reusable solver memory).
    #[must_use]
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }
}

/// The best play under `objective` for this view (initial-meld mode before opening),
/// checked; `None` if there is none or the check refuses it and the rack-only fallback.
fn best_play(
    solver: &mut Solver,
    view: &View,
    rack: &[Tile],
    objective: Objective,
) -> Option<(Action, usize)> {
    let options = solve_options(&view.rules).with_objective(objective);
    if view.has_opened() {
        let position = Position::new(table_tiles(&view.table), rack.iter().copied());
        if let Ok(sol) = solver.solve(&position, &options.with_opened(true)) {
            let placed = sol.tiles_placed;
            if placed > 0 {
                if let Some(play) = checked(view, sol.table) {
                    return Some((play, placed));
                }
            }
        }
    }
    // Not opened, or the rearrangement was refused (house rules the solver does not
    // model): new melds from the rack only, then, once opened, lay-offs at the ends.
    let threshold = if view.has_opened() { 0 } else { view.rules.initial_meld_threshold };
    let position = Position::from_melds(&view.table, rack.iter().copied()).ok()?;
    let sol = solver.solve(&position, &options.with_opened(false).with_threshold(threshold)).ok()?;
    let mut table = sol.table;
    let mut placed = sol.tiles_placed;
    if view.has_opened() {
        let mut left = view.rack;
        sol.placed.iter().for_each(|&t| {
            left.remove(t);
        });
        placed += lay_off_all(&mut table, &mut left);
    }
    if placed == 0 {
        return None;
    }
    checked(view, table).map(|a| (a, placed))
}

/// Lays rack tiles (jokers last) onto the ends of `table`'s melds while any fits;
/// returns how many were laid off.
fn lay_off_all(table: &mut [Meld<Tile>], rack: &mut crate::TileCounts) -> usize {
    let mut laid = 0;
    loop {
        let mut progress = false;
        for tile in Tile::all() {
            while rack.count(tile) > 0 {
                let Some((j, longer)) =
                    table.iter().enumerate().find_map(|(j, m)| Some((j, extended(m, tile)?)))
                else {
                    break;
                };
                table[j] = longer;
                rack.remove(tile);
                laid += 1;
                progress = true;
            }
        }
        if !progress {
            return laid;
        }
    }
}

impl Bot<Rummikub> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, view: &View) -> Action {
        let rack = view.rack.to_vec();
        best_play(&mut self.solver, view, &rack, Objective::Tiles)
            .map_or_else(|| draw_or_pass(view), |(a, _)| a)
    }
}
