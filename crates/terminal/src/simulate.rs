//! [`simulate`]: many games between bots on all cores, summarised per bot; the engine
//! of the `simulate` example. The games are played by core's
//! [`tournament`]; this module keeps the options and the
//! printing.

use rummykit::{AnyConfig, UnknownVariant, Variant};
use rummykit_core::{Bot, DriverError, Estimate, ScoreOrder, TournamentPlan, tournament};

use crate::args::{self, UsageError};
use crate::play::{MAX_ACTIONS, PlayError, TerminalGame};
use crate::variant_rules;

/// The most games one simulation plays (a result is kept per game until the end).
///
/// ```
/// use rummykit_terminal::{MAX_GAMES, cli};
/// let too_many = (MAX_GAMES + 1).to_string();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::simulate(["--games".into(), too_many.into()], &mut out, &mut err, false);
/// assert_eq!(status, cli::USAGE);
/// assert!(String::from_utf8(err).unwrap().contains("--games"));
/// ```
pub const MAX_GAMES: usize = 100_000_000;
/// The most worker threads a simulation starts.
///
/// ```
/// use rummykit_terminal::{MAX_THREADS, cli};
/// let too_many = (MAX_THREADS + 1).to_string();
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::simulate(["--threads".into(), too_many.into()], &mut out, &mut err, false);
/// assert_eq!(status, cli::USAGE);
/// assert!(String::from_utf8(err).unwrap().contains("--threads"));
/// ```
pub const MAX_THREADS: usize = 1024;

/// What to simulate.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{SimOptions, simulate};
///
/// let mut options = SimOptions::new(Variant::Scala40, vec!["greedy".into(), "random".into()], 12);
/// options.players = 2;
/// options.seed = 4;
/// let one = simulate(&options, |_| {})?;
/// options.threads = 3; // the summary does not depend on the threads
/// assert_eq!(simulate(&options, |_| {})?, one);
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SimOptions {
    /// The game.
    pub game: Variant,
    /// Seats per game.
    pub players: usize,
    /// Games (hands) to play.
    pub games: usize,
    /// The bots, one entry per player (cycled if fewer). In game `g` the entry `e` sits
    /// at seat `(e + g) % players`, so every entry plays every seat equally often.
    pub bots: Vec<String>,
    /// The seed: game `g` is dealt from `derive_seed(seed, g)`, whatever the threads.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
}

impl SimOptions {
    /// `games` games of `game` between `bots`, 4 players, seed 0, one thread.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::SimOptions;
    ///
    /// let options = SimOptions::new(Variant::Classic, vec!["planner".into()], 100);
    /// assert_eq!((options.players, options.seed, options.threads), (4, 0, 1));
    /// ```
    #[must_use]
    pub fn new(game: Variant, bots: Vec<String>, games: usize) -> SimOptions {
        SimOptions { game, players: 4, games, bots, seed: 0, threads: 1 }
    }

    /// Checks the options before anything is allocated per seat, game or thread.
    ///
    /// # Errors
    ///
    /// The [`UsageError`] naming the first bad option: [`Players`](UsageError::Players)
    /// for a seat count the game does not take, [`NoBots`](UsageError::NoBots) for no bot,
    /// [`EmptyBot`](UsageError::EmptyBot) or [`Bot`](UsageError::Bot) for a kind that is
    /// empty or the game does not offer, [`Range`](UsageError::Range) for `games` outside
    /// 1 to [`MAX_GAMES`] or `threads` outside 1 to [`MAX_THREADS`].
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::SimOptions;
    /// let mut o = SimOptions::new(Variant::Classic, vec!["planner".into()], 10);
    /// assert!(o.check().is_ok());
    /// o.players = 1_000_000;
    /// assert!(o.check().is_err());
    /// ```
    pub fn check(&self) -> Result<(), UsageError> {
        args::check_players(self.game, &self.players.to_string())?;
        if self.bots.is_empty() {
            return Err(UsageError::NoBots);
        }
        args::check_bots(self.game, &self.bots)?;
        let range = |flag, value: usize, max: usize| {
            if (1..=max).contains(&value) {
                Ok(())
            } else {
                Err(UsageError::Range { flag, value: value.to_string(), min: 1, max: max as u64 })
            }
        };
        range("--games", self.games, MAX_GAMES)?;
        range("--threads", self.threads, MAX_THREADS)
    }
}

/// One bot's results.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{SimOptions, simulate};
///
/// // Two greedy entries are numbered apart; each plays every game, from every seat.
/// let mut options = SimOptions::new(Variant::Classic, vec!["greedy".into(), "greedy".into()], 20);
/// options.players = 2;
/// let summary = simulate(&options, |_| {})?;
/// let names: Vec<&str> = summary.bots.iter().map(|b| b.name.as_str()).collect();
/// assert_eq!(names.len(), 2);
/// assert_ne!(names[0], names[1]);
/// assert!(summary.bots.iter().all(|b| b.games == 20 && b.score.low <= b.score.mean));
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct BotSummary {
    /// The entry's label: the bot kind, numbered if the kind appears twice.
    pub name: String,
    /// Games played.
    pub games: usize,
    /// Games won; a game won by two seats or more (a shared win) counts for each of
    /// its winners, so the bots' wins can add up to more than the games played.
    pub wins: usize,
    /// Mean score per game (the game's own points; lower is better in Rummy 40) with its
    /// 95% interval, mean ± 1.96·sd/√n.
    pub score: Estimate,
    /// Mean length of its games, in actions.
    pub mean_length: f64,
    /// Mean number of its own turns (actions) per game.
    pub mean_turns: f64,
}

/// The summary of a simulation.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{SimOptions, simulate};
///
/// let mut options = SimOptions::new(Variant::Rummy40, vec!["greedy".into(), "random".into()], 30);
/// options.players = 2;
/// let summary = simulate(&options, |_| {})?;
/// assert!(!summary.higher_is_better); // penalty points
/// let wins: usize = summary.bots.iter().map(|b| b.wins).sum();
/// assert_eq!(wins + summary.void_games, 30); // one winner per finished two-seat game
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct SimSummary {
    /// The game.
    pub game: Variant,
    /// Whether higher scores are better.
    pub higher_is_better: bool,
    /// Games played.
    pub games: usize,
    /// Per bot entry, in the order given.
    pub bots: Vec<BotSummary>,
    /// Games with no winner (void hands, and games cut off after more actions than
    /// any real game takes).
    pub void_games: usize,
}

/// Plays `options.games` games on `options.threads` threads; `progress(done)` is called
/// from the calling thread about ten times a second and once at the end. The summary
/// depends only on the options other than `threads`.
///
/// # Errors
///
/// [`PlayError::Usage`] for options [`SimOptions::check`] refuses;
/// [`PlayError::IllegalAction`] if a bot breaks a rule (the first such game). A game
/// still running after more actions than any real game takes counts as void.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{SimOptions, simulate};
/// let mut o = SimOptions::new(Variant::Rummikub, vec!["random".into(), "greedy".into()], 6);
/// o.players = 2;
/// let one = simulate(&o, |_| {})?;
/// o.threads = 3;
/// assert_eq!(simulate(&o, |_| {})?, one);
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
pub fn simulate(options: &SimOptions, progress: impl FnMut(usize)) -> Result<SimSummary, PlayError> {
    use rummykit_classic::ClassicRummy;
    use rummykit_rummikub::Rummikub;
    use rummykit_rummy40::Rummy40;
    options.check()?;
    // The card games with a restock cap: a dead table would otherwise never end a hand.
    match variant_rules::config(options.game) {
        AnyConfig::Rummikub(rules) => run::<Rummikub>(options, &rules, progress),
        AnyConfig::Classic(config) => run::<ClassicRummy>(options, &config, progress),
        AnyConfig::Rummy40(config) => run::<Rummy40>(options, &config, progress),
        _ => Err(UsageError::Game(UnknownVariant { name: options.game.name().to_owned() }).into()),
    }
}

/// The entries' labels: kinds, numbered when a kind repeats.
fn labels(kinds: &[String]) -> Vec<String> {
    kinds
        .iter()
        .enumerate()
        .map(|(i, k)| {
            if kinds.iter().filter(|x| *x == k).count() > 1 {
                let nth = kinds[..=i].iter().filter(|x| *x == k).count();
                format!("{k} #{nth}")
            } else {
                k.clone()
            }
        })
        .collect()
}

pub(crate) fn run<G: TerminalGame>(
    options: &SimOptions,
    config: &G::Config,
    progress: impl FnMut(usize),
) -> Result<SimSummary, PlayError>
where
    G::Config: Sync,
{
    let n = options.players;
    // Kinds as the bots name themselves, so `Greedy` and `greedy` are one kind in the labels.
    let kinds: Vec<String> =
        options.bots.iter().cycle().take(n).map(|k| k.trim().to_ascii_lowercase()).collect();
    for kind in &kinds {
        G::named_bot(kind, 0).map_err(|_| UsageError::Bot { game: options.game, kind: kind.clone() })?;
    }
    // A fresh deal every game: game g is dealt from derive_seed(seed, g).
    let plan = TournamentPlan::new(n, options.games, options.seed)
        .with_threads(options.threads)
        .with_max_actions(MAX_ACTIONS)
        .with_duplicate(false);
    let make_bot = |entry: usize, seed: u64| -> Box<dyn Bot<G>> {
        G::named_bot(&kinds[entry], seed).unwrap_or_else(|_| unreachable!("every kind was built above"))
    };
    let standings = tournament::<G>(config, &plan, make_bot, progress).map_err(|e| match e {
        DriverError::EntryIllegalAction { hand, entry, seat, error } => {
            let bot = kinds.get(entry).cloned().unwrap_or_default();
            PlayError::IllegalAction { game: hand, seat, bot, error: Box::new(error) }
        }
        DriverError::Deal { error, .. } => PlayError::Deal(error),
        other => PlayError::Match(Box::new(other)),
    })?;
    let names = labels(&kinds);
    let games = standings.results();
    let count = games.len().max(1) as f64;
    let bots = (0..n)
        .map(|e| BotSummary {
            name: names[e].clone(),
            games: games.len(),
            wins: standings.wins(e),
            score: standings.mean_points(e),
            mean_length: games.iter().map(|g| g.actions as f64).sum::<f64>() / count,
            mean_turns: games.iter().map(|g| g.turns[e] as f64).sum::<f64>() / count,
        })
        .collect();
    Ok(SimSummary {
        game: options.game,
        higher_is_better: G::score_order(config) == ScoreOrder::HigherIsBetter,
        games: games.len(),
        bots,
        void_games: standings.void(),
    })
}

impl SimSummary {
    /// The summary as a text table.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::{SimOptions, simulate};
    ///
    /// let mut options = SimOptions::new(Variant::Classic, vec!["planner".into(), "random".into()], 10);
    /// options.players = 2;
    /// let table = simulate(&options, |_| {})?.table();
    /// let lines: Vec<&str> = table.lines().collect();
    /// assert!(lines[0].starts_with("bot") && lines[1].starts_with("planner"));
    /// assert!(lines[2].starts_with("random"));
    /// assert!(lines[3].starts_with("scores: higher is better"));
    /// # Ok::<(), rummykit_terminal::PlayError>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> String {
        let order =
            if self.higher_is_better { "higher is better" } else { "penalty points: lower is better" };
        let mut text = format!(
            "{:<12} {:>6} {:>6} {:>6}  {:>9}  {:<20} {:>8} {:>6}\n",
            "bot", "games", "wins", "win%", "mean", "95% interval", "length", "turns"
        );
        for b in &self.bots {
            text.push_str(&format!(
                "{:<12} {:>6} {:>6} {:>5.1}%  {:>9.2}  [{:>8.2}, {:>8.2}] {:>8.1} {:>6.1}\n",
                b.name,
                b.games,
                b.wins,
                100.0 * b.wins as f64 / b.games.max(1) as f64,
                b.score.mean,
                b.score.low,
                b.score.high,
                b.mean_length,
                b.mean_turns
            ));
        }
        text.push_str(&format!("scores: {order}; length: actions per game; turns: the bot's own actions"));
        if self.void_games > 0 {
            text.push_str(&format!("; {}", crate::text::plural(self.void_games, "void game")));
        }
        // A void game has no winner, so more wins than decided games means a shared one.
        if self.bots.iter().map(|b| b.wins).sum::<usize>() > self.games.saturating_sub(self.void_games) {
            text.push_str("; a shared win counts for each of its winners");
        }
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rummykit_core::Estimate;

    fn summary(wins: [usize; 2], void_games: usize) -> SimSummary {
        let bot = |name: &str, wins| BotSummary {
            name: name.into(),
            games: 10,
            wins,
            score: Estimate { mean: 0.0, low: 0.0, high: 0.0 },
            mean_length: 1.0,
            mean_turns: 1.0,
        };
        SimSummary {
            game: Variant::Rummikub,
            higher_is_better: true,
            games: 10,
            bots: vec![bot("random", wins[0]), bot("greedy", wins[1])],
            void_games,
        }
    }

    #[test]
    fn the_table_says_a_shared_win_counts_for_each_winner_only_when_wins_outnumber_games() {
        let note = "a shared win counts for each of its winners";
        // 6 + 5 wins in 10 games: one game had two winners.
        assert!(summary([6, 5], 0).table().ends_with(note));
        assert!(!summary([6, 4], 0).table().contains(note));
        assert!(!summary([5, 4], 1).table().contains(note));
        assert!(summary([4, 4], 3).table().ends_with(&format!("; 3 void games; {note}")));
    }

    #[test]
    fn the_table_counts_one_void_game_in_the_singular() {
        assert!(summary([5, 4], 1).table().ends_with("; 1 void game"));
        assert!(summary([4, 4], 2).table().ends_with("; 2 void games"));
    }
}
