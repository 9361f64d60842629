//! The terminal front end of the `play` example: a match of any game between bots and
//! people at a terminal, recorded and replayed.
//!
//! This module is the example's engine room, public so that the example stays thin and
//! tests can drive it with a scripted input: [`run`] takes any [`BufRead`] for the
//! people's commands and any [`Write`] for the transcript. It is not meant as a
//! general UI library.
//!
//! * Rummikub and Schmidt: a person edits a tentative table with commands (`new`,
//!   `add`, `move`, `split`, `take`, `hint`, `reset`, `commit`, `draw`, `pass`; `help`
//!   lists them), on top of the engine's [`Staging`](crate::rummikub::Staging).
//! * Classic Rummy, Rummy 40, Scala 40: a person picks one of the numbered legal actions.
//!
//! Every mistake is answered with the engine's reason and the game goes on. When the
//! input ends, a bot takes over the person's seat, so a piped script always ends with a
//! finished game. The match is recorded as a [`MatchRecord`] and, at the end, replayed
//! and checked to reach the same final states and scores.
//!
//! ```
//! use rummykit::terminal::{GameChoice, Options, run};
//!
//! let mut options = Options::new(GameChoice::Rummikub);
//! options.players = 2;
//! options.seed = 5;
//! options.human = Some(0);
//! // Seat 0 types one wrong command and draws once; then the input ends and a bot
//! // takes over.
//! let script = "draw r99\ndraw\n";
//! let mut transcript = Vec::new();
//! let summary = run(&options, script.as_bytes(), &mut transcript)?;
//! let text = String::from_utf8(transcript).unwrap();
//! assert!(text.contains("error:"));
//! assert_eq!(summary.totals.len(), 2);
//! assert!(summary.replayed);
//! # Ok::<(), rummykit::terminal::PlayError>(())
//! ```

mod bots;
mod cards;
mod rummikub;
mod simulate;
mod style;

use std::fmt;
use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Bot, Game, Match, MatchEnd, MatchRecord, Outcome, Players, Ranking, RecordError, ReplayError, Seat,
    record_match,
};

pub use simulate::{BotSummary, SimOptions, SimSummary, simulate};
pub use style::Style;

/// The games the front end plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum GameChoice {
    /// Rummikub, box rules (RULES.md §1).
    #[default]
    Rummikub,
    /// Rummikub, Schmidt variant (RULES.md §4.1).
    Schmidt,
    /// Classic Rummy (RULES.md §2).
    Classic,
    /// Rummy 40 (RULES.md §3 defaults).
    Rummy40,
    /// Scala 40 (the Scala 40 options of RULES.md §3.9).
    Scala40,
}

impl GameChoice {
    /// Every game, in the order of the help text.
    pub const ALL: [GameChoice; 5] = [
        GameChoice::Rummikub,
        GameChoice::Schmidt,
        GameChoice::Classic,
        GameChoice::Rummy40,
        GameChoice::Scala40,
    ];

    /// The name used on the command line and in records.
    ///
    /// ```
    /// use rummykit::terminal::GameChoice;
    /// assert_eq!(GameChoice::Scala40.name(), "scala40");
    /// assert_eq!("scala40".parse::<GameChoice>(), Ok(GameChoice::Scala40));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            GameChoice::Rummikub => "rummikub",
            GameChoice::Schmidt => "schmidt",
            GameChoice::Classic => "classic",
            GameChoice::Rummy40 => "rummy40",
            GameChoice::Scala40 => "scala40",
        }
    }

    /// The bot kinds this game offers, weakest first.
    #[must_use]
    pub fn bot_kinds(self) -> &'static [&'static str] {
        match self {
            GameChoice::Rummikub | GameChoice::Schmidt => bots::RUMMIKUB,
            GameChoice::Classic => bots::CLASSIC,
            GameChoice::Rummy40 | GameChoice::Scala40 => bots::RUMMY40,
        }
    }
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for GameChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameChoice::ALL.into_iter().find(|g| g.name().eq_ignore_ascii_case(s.trim())).ok_or_else(|| {
            let names: Vec<&str> = GameChoice::ALL.iter().map(|g| g.name()).collect();
            format!("unknown game `{s}`: choose one of {}", names.join(", "))
        })
    }
}

/// What to play: the game, the seats, the seed, the bots and the person's seat.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The game.
    pub game: GameChoice,
    /// Number of seats (default 4).
    pub players: usize,
    /// The seed of the deal and of the bots (same seed, same game).
    pub seed: u64,
    /// Bot kinds, given to the bot seats in turn (default: the game's greedy bot).
    pub bots: Vec<String>,
    /// The seat a person plays, if any.
    pub human: Option<Seat>,
    /// Hands (deals) to play; Rummikub's games are one hand each. Default 1.
    pub hands: u32,
    /// Colours or plain text.
    pub style: Style,
    /// Print each command read, so a piped script shows in the transcript.
    pub echo: bool,
}

/// The command-line help of the `play` example.
pub const USAGE: &str = "\
usage: play [--game rummikub|schmidt|classic|rummy40|scala40] [--players N] [--seed S]
            [--bots KIND,KIND,...] [--human SEAT] [--hands N] [--echo]

  --game     the game (default rummikub)
  --players  number of seats (default 4)
  --seed     seed of the deal and the bots (default: from the clock; printed)
  --bots     bot kinds for the bot seats, in turn (random, greedy, thorough, sampler, planner; default greedy)
  --human    let a person play this seat (0-based)
  --hands    hands to play (default 1; Rummikub: games)
  --echo     print each command read (useful when stdin is a script)
Colours are used when stdout is a terminal and NO_COLOR is not set.";

impl Options {
    /// Defaults for `game`: four seats, greedy bots, seed 0, one hand, plain text.
    #[must_use]
    pub fn new(game: GameChoice) -> Options {
        Options {
            game,
            players: 4,
            seed: 0,
            bots: Vec::new(),
            human: None,
            hands: 1,
            style: Style::PLAIN,
            echo: false,
        }
    }

    /// Parses command-line arguments (without the program name). `default_seed` is used
    /// when `--seed` is absent. The style is left plain; the caller decides colour.
    ///
    /// # Errors
    ///
    /// A message naming the bad argument, or [`USAGE`] for `--help`.
    ///
    /// ```
    /// use rummykit::terminal::{GameChoice, Options};
    /// let args = ["--game", "rummy40", "--players", "3", "--human", "1", "--seed", "9"];
    /// let o = Options::parse(args.map(String::from), 0)?;
    /// assert_eq!((o.game, o.players, o.human, o.seed), (GameChoice::Rummy40, 3, Some(1), 9));
    /// assert!(Options::parse(["--players".to_string(), "x".to_string()], 0).is_err());
    /// # Ok::<(), String>(())
    /// ```
    pub fn parse(args: impl IntoIterator<Item = String>, default_seed: u64) -> Result<Options, String> {
        let mut o = Options::new(GameChoice::default());
        o.seed = default_seed;
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((f, v)) => (f.to_owned(), Some(v.to_owned())),
                None => (arg.clone(), None),
            };
            let mut value = |name: &str| {
                inline.clone().or_else(|| args.next()).ok_or_else(|| format!("{name} needs a value"))
            };
            let number = |name: &str, v: String| {
                v.parse::<u64>().map_err(|_| format!("{name}: `{v}` is not a whole number"))
            };
            match flag.as_str() {
                "--game" => o.game = value("--game")?.parse()?,
                "--players" => o.players = number("--players", value("--players")?)? as usize,
                "--seed" => o.seed = number("--seed", value("--seed")?)?,
                "--bots" => {
                    o.bots = value("--bots")?.split(',').map(|s| s.trim().to_owned()).collect();
                }
                "--human" => o.human = Some(number("--human", value("--human")?)? as usize),
                "--hands" => o.hands = number("--hands", value("--hands")?)?.clamp(1, 1000) as u32,
                "--echo" => o.echo = true,
                "--help" | "-h" => return Err(USAGE.to_owned()),
                other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
            }
        }
        Ok(o)
    }
}

/// What a finished match came to.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// The game.
    pub game: GameChoice,
    /// The seed.
    pub seed: u64,
    /// Hands played.
    pub hands: usize,
    /// Actions played over all hands.
    pub actions: usize,
    /// Cumulative scores by seat.
    pub totals: Vec<i64>,
    /// Seats, best first.
    pub standings: Vec<Seat>,
    /// Whether the record replayed to the same final states and scores (always `true`
    /// for a returned summary: a failed replay is an error).
    pub replayed: bool,
}

/// Why [`run`] could not play the match.
#[derive(Debug)]
#[non_exhaustive]
pub enum PlayError {
    /// The options do not fit the game (seat count, unknown bot, person's seat).
    Options(String),
    /// Reading commands or writing the transcript failed.
    Io(io::Error),
    /// The match stopped: a bot chose an illegal action, a deal failed, a hand ran too
    /// long.
    Match(String),
    /// The record did not replay to the same result (a bug, reported loudly).
    Replay(String),
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Options(m) => write!(f, "{m}"),
            PlayError::Io(e) => write!(f, "terminal input/output failed: {e}"),
            PlayError::Match(m) => write!(f, "the match stopped: {m}"),
            PlayError::Replay(m) => write!(f, "the record did not replay: {m}"),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for PlayError {
    fn from(e: io::Error) -> Self {
        PlayError::Io(e)
    }
}

/// A seed for item `index` of a run seeded with `seed` (splitmix64 of both): hands of a
/// simulation, bots of a table. Different indexes give unrelated seeds.
///
/// ```
/// use rummykit::terminal::derive_seed;
/// assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
/// assert_eq!(derive_seed(1, 0), derive_seed(1, 0));
/// ```
#[must_use]
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The person's side of the terminal: commands in, transcript out.
pub(crate) struct Io<'a> {
    input: &'a mut dyn BufRead,
    pub(crate) out: &'a mut dyn Write,
    pub(crate) style: Style,
    echo: bool,
    eof: bool,
}

impl Io<'_> {
    /// Prompts and reads one non-empty command line; `None` at the end of input.
    pub(crate) fn command(&mut self, prompt: &str) -> io::Result<Option<String>> {
        loop {
            write!(self.out, "{prompt}")?;
            self.out.flush()?;
            let mut line = String::new();
            if self.input.read_line(&mut line)? == 0 {
                self.eof = true;
                writeln!(self.out)?;
                return Ok(None);
            }
            let line = line.trim();
            if self.echo {
                writeln!(self.out, "{line}")?;
            }
            if !line.is_empty() && !line.starts_with('#') {
                return Ok(Some(line.to_owned()));
            }
        }
    }

    /// Prints an error message.
    pub(crate) fn error(&mut self, message: impl fmt::Display) -> io::Result<()> {
        let text = self.style.error(format!("error: {message}"));
        writeln!(self.out, "{text}")
    }
}

/// What the terminal needs of a game beyond [`Game`]: bots, the person's turn, words
/// for each action.
pub(crate) trait TerminalGame: Game + PartialEq {
    /// A bot of `kind`, seeded.
    fn bot(kind: &str, seed: u64) -> Option<Box<dyn Bot<Self>>>;

    /// The person's turn at hand seat `seat`: show what the seat sees, read commands
    /// until an action is chosen that the game accepts. `None` at the end of input.
    fn human_turn(&self, seat: Seat, io: &mut Io<'_>) -> io::Result<Option<Self::Action>>;

    /// One line saying what `action` did (`before` → `after`), for the transcript.
    fn describe(before: &Self, after: &Self, seat: Seat, action: &Self::Action, style: Style) -> String;

    /// What everyone sees at the end of a hand (racks or hands laid open).
    fn show_end(&self, style: Style) -> String;
}

/// Bots and (at most) one person around the table, printing everything that happens.
struct Table<'io, G: TerminalGame> {
    /// One bot per match seat; the person's seat has a stand-in for when input ends.
    bots: Vec<Box<dyn Bot<G>>>,
    names: Vec<String>,
    human: Option<Seat>,
    io: Io<'io>,
    error: Option<io::Error>,
    finals: Vec<G>,
    actions: usize,
    hand: usize,
    /// Match seat of each hand seat of the current hand.
    seats: Vec<Seat>,
}

impl<G: TerminalGame> Table<'_, G> {
    fn say(&mut self, text: impl fmt::Display) {
        if self.error.is_none()
            && let Err(e) = writeln!(self.io.out, "{text}")
        {
            self.error = Some(e);
        }
    }

    fn label(&self, seat: Seat) -> String {
        format!("seat {seat} ({})", self.names.get(seat).map_or("?", String::as_str))
    }
}

impl<G: TerminalGame> Players<G> for Table<'_, G> {
    fn act(&mut self, game: &G, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
        if self.error.is_some() {
            return None;
        }
        if self.human == Some(seat) && !self.io.eof {
            match game.human_turn(hand_seat, &mut self.io) {
                Ok(Some(action)) => return Some(action),
                Ok(None) => {
                    self.names[seat] = format!("{} for you", self.bots[seat].name());
                    let note = format!(
                        "(input ended: a {} bot plays seat {seat} from now on)",
                        self.bots[seat].name()
                    );
                    self.say(note);
                }
                Err(e) => {
                    self.error = Some(e);
                    return None;
                }
            }
        }
        let bot = self.bots.get_mut(seat)?;
        Some(bot.act(&game.view(hand_seat)))
    }

    fn hand_started(&mut self, game: &G, seats: &[Seat]) {
        self.hand += 1;
        self.seats = seats.to_vec();
        let first = game.to_move().and_then(|s| seats.get(s).copied());
        let heading = self.io.style.bold(format!("== hand {} ==", self.hand));
        self.say(heading);
        if let Some(first) = first {
            let text = format!("{} plays first", self.label(first));
            self.say(text);
        }
    }

    fn applied(&mut self, before: &G, after: &G, seat: Seat, action: &G::Action) {
        self.actions += 1;
        let hand_seat = before.to_move().unwrap_or(seat);
        let text =
            format!("{}: {}", self.label(seat), G::describe(before, after, hand_seat, action, self.io.style));
        self.say(text);
    }

    fn refused(&mut self, _game: &G, seat: Seat, error: &G::Error) -> bool {
        let text = format!("{} chose an illegal action: {error}", self.label(seat));
        self.say(text);
        false
    }

    fn hand_over(&mut self, game: &G, outcome: &Outcome, _played: &Match<G>) {
        let style = self.io.style;
        self.say(game.show_end(style));
        let winner = match outcome.winner {
            Some(w) => format!("{} wins the hand", self.label(self.seats.get(w).copied().unwrap_or(w))),
            None => "the hand is void".to_owned(),
        };
        self.say(style.bold(winner));
        let hand_seats: Vec<Seat> = (0..outcome.points.len()).collect();
        for s in hand_seats {
            let seat = self.seats.get(s).copied().unwrap_or(s);
            let text = format!("  {:<24} {:>5}", self.label(seat), outcome.points[s]);
            self.say(text);
        }
        self.finals.push(game.clone());
    }
}

/// Plays the match `options` describe, reading the person's commands from `input` and
/// writing the transcript to `output`; records the match and checks that the record
/// replays to the same final states and scores.
///
/// # Errors
///
/// [`PlayError::Options`] for options the game does not take, [`PlayError::Io`] when
/// the terminal fails, [`PlayError::Match`] if a bot breaks a rule or a deal fails, and
/// [`PlayError::Replay`] if the replay check fails.
pub fn run(options: &Options, mut input: impl BufRead, mut output: impl Write) -> Result<Summary, PlayError> {
    use rummykit_classic::{ClassicRummy, Config as ClassicConfig};
    use rummykit_rummikub::{Rules, Rummikub};
    use rummykit_rummy40::{Config, Rummy40};
    let mut io =
        Io { input: &mut input, out: &mut output, style: options.style, echo: options.echo, eof: false };
    let hands = MatchEnd::FixedHands(options.hands.max(1));
    match options.game {
        GameChoice::Rummikub => play_match::<Rummikub>(options, Rules::standard(), hands, &mut io),
        GameChoice::Schmidt => play_match::<Rummikub>(options, Rules::schmidt(), hands, &mut io),
        GameChoice::Rummy40 => play_match::<Rummy40>(options, bounded(Config::RUMMY40), hands, &mut io),
        GameChoice::Scala40 => play_match::<Rummy40>(options, bounded(Config::SCALA40), hands, &mut io),
        // At most two restocks (RULES.md §2.5): bots could otherwise pass cards around
        // forever; a hand that needs a third is void.
        GameChoice::Classic => play_match::<ClassicRummy>(
            options,
            ClassicConfig::simulation(MatchEnd::TargetScore(100)),
            hands,
            &mut io,
        ),
    }
}

/// Rummy 40 as the front ends play it: `config` with at most [`RUMMY40_RESTOCKS`]
/// restocks.
pub(crate) const fn bounded(mut config: rummykit_rummy40::Config) -> rummykit_rummy40::Config {
    config.max_restocks = Some(RUMMY40_RESTOCKS);
    config
}

/// Restocks a Rummy 40 hand may use in `play` and `simulate`; a hand that needs one more
/// is void. RULES.md §3.7 restocks for ever, but a table of closed sets and full runs can
/// leave every player with a card or two that fit nowhere, and such a hand never ends
/// (found by `simulate`: 3 players, planner and greedy bots, seed 3). Measured over 400
/// seeded hands each of 2, 3 and 4 planner/greedy players: 0, 1 and 2 hands are void
/// with four restocks, the same as with six, so the bound cuts short only dead hands.
pub const RUMMY40_RESTOCKS: u32 = 4;

/// Longest hand the front end plays before giving up (no real hand comes near).
pub(crate) const MAX_ACTIONS: usize = 20_000;

pub(crate) fn play_match<G: TerminalGame>(
    options: &Options,
    config: G::Config,
    end: MatchEnd,
    io: &mut Io<'_>,
) -> Result<Summary, PlayError> {
    let n = options.players;
    if let Some(h) = options.human.filter(|&h| h >= n) {
        return Err(PlayError::Options(format!(
            "--human {h}: there are only seats 0 to {}",
            n.saturating_sub(1)
        )));
    }
    let kinds = options.game.bot_kinds();
    let default_kind =
        if kinds.contains(&"greedy") { "greedy" } else { kinds.first().copied().unwrap_or("greedy") };
    let mut chosen = options.bots.iter().map(String::as_str).filter(|k| !k.is_empty()).cycle();
    let mut bots = Vec::with_capacity(n);
    let mut names = Vec::with_capacity(n);
    for seat in 0..n {
        let is_human = options.human == Some(seat);
        let kind = if is_human { default_kind } else { chosen.next().unwrap_or(default_kind) };
        let bot = G::bot(kind, derive_seed(options.seed, seat as u64)).ok_or_else(|| {
            PlayError::Options(format!(
                "unknown bot `{kind}` for {}: choose one of {}",
                options.game,
                kinds.join(", ")
            ))
        })?;
        names.push(if is_human { "you".to_owned() } else { bot.name().to_owned() });
        bots.push(bot);
    }
    let style = io.style;
    writeln!(
        io.out,
        "{} with {n} players, seed {} (the same seed plays the same game)",
        style.bold(options.game.name()),
        options.seed
    )?;
    let setup =
        MatchRecord::<G>::new(options.game.name(), config, n, None, end, Ranking::Total, options.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut table = Table {
        bots,
        names,
        human: options.human,
        io: Io { input: &mut *io.input, out: &mut *io.out, style, echo: io.echo, eof: io.eof },
        error: None,
        finals: Vec::new(),
        actions: 0,
        hand: 0,
        seats: Vec::new(),
    };
    let result = record_match(setup, &mut table, &mut rng, MAX_ACTIONS);
    if let Some(e) = table.error.take() {
        return Err(PlayError::Io(e));
    }
    let (record, played) = result.map_err(|e| match e {
        RecordError::Stopped { .. } => PlayError::Match("stopped".to_owned()),
        other => PlayError::Match(other.to_string()),
    })?;
    let replayed = record
        .replay(&mut ChaCha8Rng::seed_from_u64(record.seed))
        .map_err(|e: ReplayError<G::Error>| PlayError::Replay(e.to_string()))?;
    if replayed.finals != table.finals || replayed.totals != played.totals() {
        return Err(PlayError::Replay("the replayed final states differ from the played ones".to_owned()));
    }
    let out = &mut table.io.out;
    writeln!(out, "{}", style.bold("== final scores =="))?;
    let standings = played.standings();
    for (place, &seat) in standings.iter().enumerate() {
        let label = format!("seat {seat} ({})", table.names[seat]);
        writeln!(out, "{}. {label:<24} {:>6}", place + 1, played.totals()[seat])?;
    }
    writeln!(
        out,
        "replay check: the record ({} hand{}, {} actions) replays to the same final state and scores",
        record.hands.len(),
        if record.hands.len() == 1 { "" } else { "s" },
        table.actions
    )?;
    Ok(Summary {
        game: options.game,
        seed: options.seed,
        hands: record.hands.len(),
        actions: table.actions,
        totals: played.totals().to_vec(),
        standings,
        replayed: true,
    })
}
