//! Bots for Rummikub: [`GreedyBot`] and the stronger ones built on the solver (the
//! random baseline is core's [`RandomBot`](rummykit_core::RandomBot), over
//! [`View::legal_actions`]). Each sees only its seat's [`View`] and acts through core's
//! [`Bot`] trait; the ones that need randomness own an rng the caller seeds, so a game
//! between bots replays exactly.
//!
//! Every play a bot makes is checked with [`check_play`] against the view before it is
//! returned (by [`Solver::solve_turn`], which answers only with a play `check_play`
//! accepts, or by the bot); when no checked play is found the bot draws (or passes
//! when the pool is empty), so bots never act illegally under any [`Config`].

use rand::Rng;
use rand::seq::SliceRandom;
use rummykit_core::{Bot, Meld, Tile};

use crate::solver::{Objective, Position, SolveError, SolveOptions, Solver, TurnProof};
use crate::{Action, Config, Rummikub, TileCounts, View, check_play};

/// Draw, or pass when the pool is empty: the move that is always legal (RULES.md §1.3, §1.7).
pub(crate) fn draw_or_pass(view: &View) -> Action {
    if view.pool > 0 { Action::Draw } else { Action::Pass }
}

/// `Action::Play` with `table` if the engine's commit check accepts it for this view.
fn checked(view: &View, table: Vec<Meld<Tile>>) -> Option<Action> {
    check_play(&view.config, &view.table, &view.rack, view.own_opened(), &table)
        .ok()
        .map(|_| Action::Play { table })
}

/// The solver options matching the game's rules (tile set, threshold, joker value).
fn solve_options(config: &Config) -> SolveOptions {
    SolveOptions::default()
        .with_tile_set(config.tile_set.catalog())
        .with_threshold(config.initial_meld_threshold)
        .with_joker_value(config.joker_penalty)
}

fn table_tiles(table: &[Meld<Tile>]) -> impl Iterator<Item = Tile> + '_ {
    table.iter().flat_map(|m| m.faces().iter().copied())
}

/// The solver's best play: the most tiles (ties: most value) once opened, the initial
/// meld with the most tiles when one reaches the threshold (RULES.md §1.5), else a
/// draw (a pass when the pool is empty).
///
/// The play comes from [`Solver::solve_turn`], the best play the rules in force allow.
/// Where that is not proven ([`SolveError::Unproven`]: a house rule of §1.6/§4.1 refuses
/// the meld puzzle's best play and no allowed play was found as good), the bot plays
/// the best allowed play the solver found (at least its new melds from the rack alone,
/// plus lay-offs once opened, when the commit check accepts them), else draws.
/// Deterministic: it needs no rng.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Bot, Game, RandomBot, Seating, play_hand};
/// use rummykit_rummikub::{GreedyBot, Config, Rummikub};
///
/// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(3)).unwrap();
/// let mut greedy = GreedyBot::new();
/// let mut random = RandomBot::new(ChaCha8Rng::seed_from_u64(4));
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut greedy, &mut random];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert!(!outcome.is_void());
/// ```
#[derive(Debug, Clone)]
pub struct GreedyBot {
    solver: Solver,
}

impl Default for GreedyBot {
    fn default() -> GreedyBot {
        GreedyBot { solver: Solver::new().with_turn_proof(TurnProof::Quick) }
    }
}

impl GreedyBot {
    /// A greedy bot, with its own [`Solver`] (kept for the bot's lifetime). It asks for
    /// [`TurnProof::Quick`] proofs: a bot that plays many games gives up the costly
    /// released-joker bound, and plays the unproven play the solver found on the few
    /// more turns left `Unproven` ([`ThoroughBot`] asks for every proof).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub, GreedyBot};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(8))?;
    /// let seat = game.to_move().expect("the game is on");
    /// let mut bot = GreedyBot::new();
    /// let action = bot.act(&game.view(seat));
    /// assert!(game.check(seat, &action).is_ok()); // every action it returns is checked first
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }
}

/// An upper bound on the value of new melds from a jokerless rack (RULES.md §1.5: the
/// initial meld counts the numbers of the tiles): each face at its number, as many
/// copies as there can be disjoint melds of the rack holding it. `None` when the rack
/// holds a joker, which could stand for any tile.
///
/// Disjoint melds hold different copies: a group holding a face takes two more tiles of
/// its number in other colours, and a run holding it a copy of a neighbour of the same
/// colour (a run has three consecutive numbers at least). So a face lies in at most
/// half the other colours' copies of its number in groups (none when fewer than three
/// colours hold the number) plus its two neighbours' copies in runs (none when no three
/// consecutive numbers of its colour are on the rack).
///
/// When it is below the threshold no initial meld exists, so the bots skip the solver
/// call that would find none (most turns before the initial meld).
fn meldable_value_bound(rack: &TileCounts) -> Option<u32> {
    if rack.jokers() > 0 {
        return None;
    }
    // Faces in index order: colour by colour, numbers 1..=13 (`Tile::all`).
    let counts = rack.as_array();
    let at = |c: usize, n: usize| if (1..=13).contains(&n) { u32::from(counts[c * 13 + n - 1]) } else { 0 };
    let mut bound = 0;
    for n in 1..=13usize {
        let colours = (0..4).filter(|&c| at(c, n) > 0).count();
        let of_number: u32 = (0..4).map(|c| at(c, n)).sum();
        for c in 0..4 {
            let copies = at(c, n);
            if copies == 0 {
                continue;
            }
            let groups = if colours >= 3 { (of_number - copies) / 2 } else { 0 };
            let in_run = (n.saturating_sub(2).max(1)..=n)
                .any(|s| at(c, s) > 0 && at(c, s + 1) > 0 && at(c, s + 2) > 0);
            let runs = if in_run { at(c, n - 1) + at(c, n + 1) } else { 0 };
            bound += n as u32 * copies.min(groups + runs);
        }
    }
    Some(bound)
}

/// Whether this seat, not yet opened, certainly has no initial meld (see
/// [`meldable_value_bound`]).
fn no_initial_meld(view: &View) -> bool {
    let threshold = view.config.initial_meld_threshold;
    !view.own_opened() && meldable_value_bound(&view.rack).is_some_and(|v| v < threshold)
}

/// The best play under `objective` for this view that the rules in force allow, as
/// [`Solver::solve_turn`] finds it: its proven best, or where it proves none
/// ([`SolveError::Unproven`]) the best allowed play it found; `None` if there is none.
fn best_play(
    solver: &mut Solver,
    view: &View,
    rack: &[Tile],
    objective: Objective,
) -> Option<(Action, usize)> {
    if no_initial_meld(view) {
        return None;
    }
    // Either way accepted by `check_play` for this view (the contract of `solve_turn`,
    // which tests check again).
    let sol = match solver.solve_turn(&view.table, rack, &view.config, view.own_opened(), objective) {
        Ok(sol) => sol,
        Err(SolveError::Unproven { best: Some(sol), .. }) => *sol,
        Err(_) => return None,
    };
    let placed = sol.tiles_placed;
    if placed == 0 {
        return None;
    }
    debug_assert!(checked(view, sol.table.clone()).is_some(), "solve_turn answered an illegal play");
    Some((Action::Play { table: sol.table }, placed))
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

/// The greedy bot with a wider search for a legal play; not measurably stronger under
/// the standard rules, but the base of [`SamplerBot`], which is.
///
/// Where [`Solver::solve_turn`] cannot prove a best play under the joker rules of
/// RULES.md §1.6 or the keep-three rule of §4.1, the greedy bot plays the unproven one
/// it found, often far smaller. This bot builds several candidates — `solve_turn`'s
/// plays (proven or not) for most tiles and most value, the meld puzzle's most-tiles and most-value tables, the
/// same without its rack jokers, and rack melds plus lay-offs — checks each with
/// [`check_play`], and plays the accepted one that places the most tiles (ties: most
/// value, then fewest jokers given up). The initial meld is chosen the same way.
/// Under the standard rules the solver's first answer is rarely refused, so over 1,000
/// games against [`GreedyBot`] it wins 0.498 of them ([the bots' design
/// notes](https://github.com/rummykit/rummykit/blob/main/docs/design/bots.md)); it pays
/// several solver calls a turn for the house rules where the greedy bot's play is
/// unproven.
/// Deterministic.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating, play_hand};
/// use rummykit_rummikub::{GreedyBot, Config, Rummikub, ThoroughBot};
///
/// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(5)).unwrap();
/// let (mut strong, mut greedy) = (ThoroughBot::new(), GreedyBot::new());
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut strong, &mut greedy];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert!(!outcome.is_void());
/// ```
#[derive(Debug, Clone, Default)]
pub struct ThoroughBot {
    solver: Solver,
}

impl ThoroughBot {
    /// A thorough bot, with its own [`Solver`] (kept for the bot's lifetime).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub, ThoroughBot};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(8))?;
    /// let seat = game.to_move().expect("the game is on");
    /// let mut bot = ThoroughBot::new();
    /// let action = bot.act(&game.view(seat));
    /// assert!(game.check(seat, &action).is_ok()); // every action it returns is checked first
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn new() -> ThoroughBot {
        ThoroughBot::default()
    }
}

/// Placed tiles, placed value, jokers kept: the order of preference between plays.
type PlayKey = (usize, u32, u8);

/// A checked candidate play: its key and the whole new table.
type Candidate = (PlayKey, Vec<Meld<Tile>>);

/// The key of `table` as a play for this view, if the commit check accepts it.
fn play_key(view: &View, table: &[Meld<Tile>]) -> Option<PlayKey> {
    let info = check_play(&view.config, &view.table, &view.rack, view.own_opened(), table).ok()?;
    let played = info.played;
    Some((played.len(), played.value(view.config.joker_penalty), view.rack.jokers() - played.jokers()))
}

impl ThoroughBot {
    /// Every candidate play the commit check accepts, with its preference key.
    fn candidates(&mut self, view: &View) -> Vec<Candidate> {
        let rack = view.rack.to_vec();
        let naturals: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
        let mut found: Vec<Candidate> = Vec::new();
        // The same table often comes from several sources (both objectives, the rack
        // with and without jokers): it is checked once, a check under keep-three on a
        // crowded table being up to a second's search. The list keeps every occurrence,
        // so the choice among equal keys is unchanged.
        let mut judged: Vec<(Vec<Meld<Tile>>, Option<PlayKey>)> = Vec::new();
        let mut consider = |table: Vec<Meld<Tile>>| {
            let key = match judged.iter().find(|(t, _)| *t == table) {
                Some(&(_, key)) => key,
                None => {
                    let key = play_key(view, &table);
                    judged.push((table.clone(), key));
                    key
                }
            };
            if let Some(key) = key {
                found.push((key, table));
            }
        };
        let options = solve_options(&view.config);
        // The best plays the rules allow where the solver proves them, else the best
        // allowed plays it found.
        for objective in [Objective::Tiles, Objective::Value] {
            match self.solver.solve_turn(&view.table, &rack, &view.config, view.own_opened(), objective) {
                Ok(sol) if sol.tiles_placed > 0 => consider(sol.table),
                Err(SolveError::Unproven { best: Some(sol), .. }) => consider(sol.table),
                _ => {}
            }
        }
        if view.own_opened() {
            let table: Vec<Tile> = table_tiles(&view.table).collect();
            for objective in [Objective::Tiles, Objective::Value] {
                for r in [&rack, &naturals] {
                    let position = Position::new(table.iter().copied(), r.iter().copied());
                    if let Ok(sol) = self.solver.solve(&position, &options.with_objective(objective))
                        && sol.tiles_placed > 0
                    {
                        consider(sol.table);
                    }
                    if view.rack.jokers() == 0 {
                        break;
                    }
                }
            }
        }
        if no_initial_meld(view) {
            return found;
        }
        for objective in [Objective::Tiles, Objective::Value] {
            let opts = options.with_objective(objective);
            let Ok(sol) = self.solver.rack_only(&view.table, &rack, &opts, view.own_opened()) else {
                break;
            };
            if let Some(sol) = sol {
                consider(sol.table);
            }
        }
        found
    }
}

impl Bot<Rummikub> for ThoroughBot {
    fn name(&self) -> &str {
        "thorough"
    }

    fn act(&mut self, view: &View) -> Action {
        let best = self.candidates(view).into_iter().max_by(|a, b| a.0.cmp(&b.0));
        match best {
            Some((_, table)) => Action::Play { table },
            None => draw_or_pass(view),
        }
    }
}

/// The Monte-Carlo bot: [`ThoroughBot`]'s candidate plays, judged in the endgame by
/// sampling the hidden racks.
///
/// While the next player holds more than [`SamplerBot::DANGER`] tiles it plays like
/// [`ThoroughBot`]. When the next player is close to going out, it samples that
/// player's rack [`SamplerBot::SAMPLES`] times from the tiles it cannot see (the box
/// minus its own rack and the table), and for each candidate — every checked play and
/// the draw — estimates how often the next player could then go out (the solver places
/// the whole sampled rack). It plays a candidate that goes out at once; otherwise the
/// one least likely to let the next player out, ties to the most tiles placed. Its rng
/// is used only for the samples.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating, play_hand};
/// use rummykit_rummikub::{GreedyBot, Config, Rummikub, SamplerBot};
///
/// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(6)).unwrap();
/// let (mut strong, mut greedy) = (SamplerBot::new(ChaCha8Rng::seed_from_u64(1)), GreedyBot::new());
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut strong, &mut greedy];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert!(!outcome.is_void());
/// ```
#[derive(Debug, Clone)]
pub struct SamplerBot<R> {
    thorough: ThoroughBot,
    rng: R,
}

impl<R: Rng> SamplerBot<R> {
    /// The next player is "close to going out" with at most this many tiles.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub, SamplerBot, ThoroughBot};
    ///
    /// // At the deal the next player holds 14 tiles, far from going out: the sampler
    /// // plays as the thorough bot does, without sampling.
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(8))?;
    /// let seat = game.to_move().expect("the game is on");
    /// let view = game.view(seat);
    /// assert!(view.seats[(seat + 1) % 2].tiles > SamplerBot::<ChaCha8Rng>::DANGER);
    /// let mut sampler = SamplerBot::new(ChaCha8Rng::seed_from_u64(1));
    /// assert_eq!(sampler.act(&view), ThoroughBot::new().act(&view));
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    pub const DANGER: usize = 5;
    /// Racks sampled per decision in the endgame.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Bot, Game};
    /// use rummykit_rummikub::{Config, Rummikub, SamplerBot, Setup, TileSet};
    ///
    /// // Seat 1 holds two tiles, within DANGER: seat 0's choice is weighed on SAMPLES
    /// // racks drawn for seat 1 from the tiles seat 0 cannot see.
    /// let mut setup = Setup::new(vec!["r1 r2 r3 b7 k9".parse()?, "y4 y5".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let view = game.view(0);
    /// assert!(view.seats[1].tiles <= SamplerBot::<ChaCha8Rng>::DANGER);
    /// // The samples come from the bot's rng alone: the same seed, the same choice.
    /// let choose = |seed| SamplerBot::new(ChaCha8Rng::seed_from_u64(seed)).act(&view);
    /// assert_eq!(choose(3), choose(3));
    /// assert!(game.check(0, &choose(3)).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const SAMPLES: usize = 12;

    /// A sampler bot drawing its samples from `rng`.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub, SamplerBot};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(8))?;
    /// let seat = game.to_move().expect("the game is on");
    /// let mut bot = SamplerBot::new(ChaCha8Rng::seed_from_u64(9));
    /// let action = bot.act(&game.view(seat));
    /// assert!(game.check(seat, &action).is_ok()); // every action it returns is checked first
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    pub fn new(rng: R) -> SamplerBot<R> {
        SamplerBot { thorough: ThoroughBot::new(), rng }
    }
}

impl<R: Rng> Bot<Rummikub> for SamplerBot<R> {
    fn name(&self) -> &str {
        "sampler"
    }

    fn act(&mut self, view: &View) -> Action {
        let n = view.seats.len().max(1);
        // Modulo the seats first: a view built or edited elsewhere may name a seat past
        // the table (even `usize::MAX`).
        let next = (view.seat % n + 1) % n;
        let Some(opponent) = view.seats.get(next).copied() else { return self.thorough.act(view) };
        if opponent.tiles > Self::DANGER || next == view.seat {
            return self.thorough.act(view);
        }
        let candidates = self.thorough.candidates(view);
        let rack_len = view.rack.len();
        if let Some((_, table)) = candidates.iter().find(|(k, _)| k.0 == rack_len) {
            return Action::Play { table: table.clone() };
        }
        // The tiles this seat cannot see, and the sampled racks of the next player.
        let mut seen = TileCounts::of_melds(&view.table);
        seen.add_all(&view.rack);
        let unseen = TileCounts::full(&view.config.tile_set.catalog()).saturating_sub(&seen).to_vec();
        if unseen.len() < opponent.tiles {
            return self.thorough.act(view);
        }
        let mut samples: Vec<Vec<Tile>> = Vec::with_capacity(Self::SAMPLES);
        let mut pool = unseen;
        for _ in 0..Self::SAMPLES {
            let (chosen, _) = pool.partial_shuffle(&mut self.rng, opponent.tiles);
            samples.push(chosen.to_vec());
        }
        let options = solve_options(&view.config).with_opened(opponent.opened);
        let solver = &mut self.thorough.solver;
        let mut outs = |table: &[Meld<Tile>]| -> usize {
            samples
                .iter()
                .filter(|rack| {
                    let position = if opponent.opened {
                        Ok(Position::new(table_tiles(table), rack.iter().copied()))
                    } else {
                        Position::from_melds(table, rack.iter().copied())
                    };
                    position
                        .ok()
                        .and_then(|p| solver.solve(&p, &options).ok())
                        .is_some_and(|sol| sol.tiles_placed == rack.len())
                })
                .count()
        };
        let mut best: Option<(usize, usize, Action)> = None;
        if view.pool > 0 {
            best = Some((outs(&view.table), 0, Action::Draw));
        }
        for (key, table) in candidates {
            let o = outs(&table);
            if best.as_ref().is_none_or(|(bo, bt, _)| (o, usize::MAX - key.0) < (*bo, usize::MAX - *bt)) {
                best = Some((o, key.0, Action::Play { table }));
            }
        }
        best.map_or_else(|| draw_or_pass(view), |(_, _, a)| a)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn value_bound_below_the_threshold_means_the_solver_finds_no_initial_meld_rules_1_5() {
        let config = Config::STANDARD;
        let naturals: Vec<Tile> =
            TileCounts::full(&config.tile_set.catalog()).iter().filter(|t| !t.is_joker()).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(15);
        let mut solver = Solver::new();
        let options = solve_options(&config).with_opened(false);
        let (mut below, mut found) = (0, 0);
        for i in 0..600 {
            let mut box_ = naturals.clone();
            box_.shuffle(&mut rng);
            let rack: TileCounts = box_[..10 + i % 15].iter().copied().collect();
            let bound = meldable_value_bound(&rack).expect("no jokers");
            let position = Position::new(core::iter::empty(), rack.iter());
            // The most valuable new melds, at any value, are worth no more than the bound.
            let any = options.with_objective(Objective::Value).with_threshold(0);
            let most = solver.solve(&position, &any).expect("solvable").value_placed;
            assert!(most <= u64::from(bound), "rack {:?}: melds worth {most} > bound {bound}", rack.to_vec());
            let sol = solver.solve(&position, &options).expect("solvable");
            if bound < config.initial_meld_threshold {
                below += 1;
                assert_eq!(sol.tiles_placed, 0, "rack {:?}", rack.to_vec());
            } else {
                found += usize::from(sol.tiles_placed > 0);
            }
        }
        // Both sides are exercised.
        assert!(below > 50 && found > 50, "below {below}, found {found}");
        let mut with_joker = TileCounts::default();
        with_joker.add(Tile::JOKER);
        assert_eq!(meldable_value_bound(&with_joker), None);
    }

    /// A second copy counts only where a second disjoint meld could hold it: racks whose
    /// copies outnumber their partners are bounded below the threshold, and the solver
    /// finds no initial meld on them either (the bound is checked against the solver on
    /// random racks above).
    #[test]
    fn rules_1_5_value_bound_counts_a_copy_only_with_partners_for_it() {
        let config = Config::STANDARD;
        let options = solve_options(&config).with_opened(false);
        let mut solver = Solver::new();
        // Two red 9s, and one blue and one yellow 9: one group of 9s, 27 points. Two
        // yellow 8s beside one yellow 9 and 10: one run, 27 points (k13 k13: no meld).
        for text in ["r9 r9 b9 y9", "y8 y8 y9 y10 k2 k13 k13"] {
            let rack: TileCounts = text.parse().expect("a rack");
            let bound = meldable_value_bound(&rack).expect("no jokers");
            assert!(bound < config.initial_meld_threshold, "{text}: bound {bound}");
            let position = Position::new(core::iter::empty(), rack.iter());
            assert_eq!(solver.solve(&position, &options).expect("solvable").tiles_placed, 0, "{text}");
        }
        // Copies with partners enough all count: two groups of 9s, 54 points.
        let rack: TileCounts = "r9 r9 b9 b9 y9 y9".parse().expect("a rack");
        assert!(meldable_value_bound(&rack).expect("no jokers") >= config.initial_meld_threshold);
        let position = Position::new(core::iter::empty(), rack.iter());
        assert_eq!(solver.solve(&position, &options).expect("solvable").tiles_placed, 6);
    }
}
