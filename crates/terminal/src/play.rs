//! [`run`]: a match of any game between bots and at most one person, printed as it
//! goes, recorded, and checked by replaying the record.

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::{AnyConfig, NamedBots, UnknownVariant, Variant};
use rummykit_core::{
    Bot, DealError, DriverError, Match, MatchEnd, MatchRecord, MatchTerms, Outcome, Players, Ranking,
    ReplayError, ScoreOrder, Seat, record_match,
};

use crate::args::{self, Args, Flag, Request, UsageError};
use crate::derive_seed;
use crate::input::{Input, Io, Line};
use crate::style::Style;
use crate::text::{clip, plural};
use crate::variant_rules;

/// What to play: the game, the seats, the seed, the bots and the person's seat.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Input, Options, run};
///
/// // Three planner and random bots, three hands of Rummy 40, nobody at the terminal.
/// let mut options = Options::new(Variant::Rummy40);
/// options.players = 3;
/// options.bots = vec!["planner".into(), "random".into()];
/// options.hands = Some(3);
/// options.seed = 11;
/// let summary = run(&options, Input::plain("".as_bytes()), std::io::sink())?;
/// assert_eq!((summary.hands, summary.totals.len()), (3, 3));
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// The game.
    pub game: Variant,
    /// Number of seats (default 4).
    pub players: usize,
    /// The seed of the deal and of the bots (same seed, same game).
    pub seed: u64,
    /// Bot kinds, given to the bot seats in turn (default: the game's greedy bot).
    pub bots: Vec<String>,
    /// The seat a person plays, if any (0-based here; people count from 1).
    pub human: Option<Seat>,
    /// Hands (deals; Rummikub: games) to play; `None` plays the game's own match
    /// (RULES.md §1.8, §2.7, §3.8).
    pub hands: Option<u32>,
    /// Colours or plain text.
    pub style: Style,
    /// Print each command read, so a piped script shows in the transcript.
    pub echo: bool,
}

/// The most hands `--hands` takes.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{MAX_HANDS, Options};
/// let mut options = Options::new(Variant::Classic);
/// options.hands = Some(MAX_HANDS);
/// assert!(options.check().is_ok());
/// options.hands = Some(MAX_HANDS + 1);
/// assert!(options.check().is_err());
/// ```
pub const MAX_HANDS: u32 = 10_000;

/// A safety stop for matches played to a score: no match of these games comes near.
const MAX_MATCH_HANDS: u32 = 1_000;

/// Restocks a Rummy 40 hand may use in `play` and `simulate`; a hand that needs one more
/// is void: the library's [`RESTOCK_CAP`](rummykit_rummy40::RESTOCK_CAP), which cuts
/// short only dead hands.
///
/// ```
/// use rummykit_terminal::{Input, RUMMY40_RESTOCKS, Style, cli};
/// // The bound is stated when a Rummy 40 match starts.
/// let args = ["--game", "rummy40", "--players", "2", "--seed", "3", "--human", "1"].map(Into::into);
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::play(args, Input::plain("quit\n".as_bytes()), &mut out, &mut err, Style::PLAIN, 0);
/// assert_eq!(status, cli::SUCCESS);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains(&format!("a hand is void when the stock runs out more than {RUMMY40_RESTOCKS} times")));
/// ```
pub const RUMMY40_RESTOCKS: u32 = rummykit_rummy40::RESTOCK_CAP;

/// Restocks a classic hand may use in `play` and `simulate`; a hand that needs one more
/// is void: the library's [`RESTOCK_CAP`](rummykit_classic::RESTOCK_CAP), the cap
/// RULES.md §2.5 recommends, since bots could otherwise pass cards around for ever.
///
/// ```
/// use rummykit_terminal::{CLASSIC_RESTOCKS, Input, Style, cli};
/// // The bound is stated when a classic match starts.
/// let args = ["--game", "classic", "--players", "2", "--seed", "3", "--human", "1"].map(Into::into);
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::play(args, Input::plain("quit\n".as_bytes()), &mut out, &mut err, Style::PLAIN, 0);
/// assert_eq!(status, cli::SUCCESS);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains(&format!("a hand is void when the stock runs out more than {CLASSIC_RESTOCKS} times")));
/// ```
pub const CLASSIC_RESTOCKS: u32 = rummykit_classic::RESTOCK_CAP;

/// Longest hand the front end plays before giving up (no real hand comes near).
pub(crate) const MAX_ACTIONS: usize = 20_000;

/// The help of the `play` tool.
pub(crate) const USAGE: &str = "\
usage: play [--game GAME] [--players N] [--seed S] [--bots KIND,...] [--human SEAT]
            [--hands N] [--echo]

Plays a match at the terminal between bots, or with you in a seat.

  --game GAME     rummikub (default), rummikub-xp, schmidt, classic, classic-last-card,
                  classic-liberal, rummy40 or scala40
  --players N     number of seats (default 4; rummikub and schmidt 2 to 4, rummikub-xp and
                  the card games 2 to 6)
  --seed S        seed of the deal and the bots (default: from the clock; printed)
  --bots KIND,... bot kinds for the bot seats, in turn (default greedy):
                  rummikub, rummikub-xp, schmidt: random, greedy, thorough, sampler;
                  the card games: random, greedy, planner
  --human SEAT    you play this seat, counted from 1
  --hands N       play N hands (Rummikub: games) instead of the game's own match: Rummikub
                  one game per player, classic to 100 points, Rummy 40 and Scala 40 until
                  one player is left under 101 penalty points
  --echo          print each command read (on by default when stdin is not a terminal)
  -h, --help      this help

At your turn type `help` for the commands and the rules, `quit` to leave.
Colours are used when stdout is a terminal and NO_COLOR is not set.";

impl Options {
    /// Defaults for `game`: four seats, greedy bots, seed 0, the game's own match, plain
    /// text.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::Options;
    ///
    /// let options = Options::new(Variant::Scala40);
    /// assert_eq!((options.players, options.seed, options.human, options.hands), (4, 0, None, None));
    /// assert!(options.bots.is_empty() && options.check().is_ok());
    /// ```
    #[must_use]
    pub fn new(game: Variant) -> Options {
        Options {
            game,
            players: 4,
            seed: 0,
            bots: Vec::new(),
            human: None,
            hands: None,
            style: Style::PLAIN,
            echo: false,
        }
    }

    /// Parses `play`'s command line (without the program name); `default_seed` is used
    /// when `--seed` is absent. `None` when `--help` was asked for.
    ///
    /// # Errors
    ///
    /// The [`UsageError`] of the first bad argument, naming its flag:
    /// [`Parse`](UsageError::Parse) for an unknown flag, a missing value or a stray
    /// argument, [`Value`](UsageError::Value) for a value not of the flag's kind,
    /// [`Range`](UsageError::Range) for a number out of the flag's range,
    /// [`Game`](UsageError::Game) for an unknown game, then, checked against the game,
    /// [`Players`](UsageError::Players), [`Seat`](UsageError::Seat) (`--human`), and
    /// [`NoBots`](UsageError::NoBots), [`EmptyBot`](UsageError::EmptyBot) or
    /// [`Bot`](UsageError::Bot) for the bot list.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::Options;
    /// let args = ["--game", "rummy40", "--players=3", "--human", "2", "--seed", "9"];
    /// let o = Options::parse(args.map(Into::into), 0)?.unwrap();
    /// assert_eq!((o.game, o.players, o.human, o.seed), (Variant::Rummy40, 3, Some(1), 9));
    /// assert!(Options::parse(["--players".into(), "x".into()], 0).is_err());
    /// assert_eq!(Options::parse(["--help".into()], 0)?, None);
    /// # Ok::<(), rummykit_terminal::UsageError>(())
    /// ```
    pub fn parse(
        args: impl IntoIterator<Item = OsString>,
        default_seed: u64,
    ) -> Result<Option<Options>, UsageError> {
        match Options::request(args, default_seed)? {
            Request::Run(o) => Ok(Some(o)),
            Request::Help => Ok(None),
        }
    }

    pub(crate) fn request(
        args: impl IntoIterator<Item = OsString>,
        default_seed: u64,
    ) -> Result<Request<Options>, UsageError> {
        let mut o = Options::new(Variant::default());
        o.seed = default_seed;
        let mut players = "4".to_owned();
        let mut human: Option<String> = None;
        let mut args = Args::new(args);
        while let Some(flag) = args.next()? {
            let Flag::Long(flag) = flag else { return Ok(Request::Help) };
            match flag.as_str() {
                "game" => o.game = args.parsed("--game")?,
                "players" => players = args.whole("--players")?,
                "seed" => o.seed = args.number("--seed", 0, u64::MAX)?,
                "bots" => o.bots = args::bot_kinds(&args.text("--bots")?)?,
                "human" => human = Some(args.whole("--human")?),
                "hands" => o.hands = Some(args.number("--hands", 1, u64::from(MAX_HANDS))? as u32),
                "echo" => o.echo = true,
                other => return Err(Args::unknown(other)),
            }
        }
        // Seats are counted before anything is built per seat.
        o.players = args::check_players(o.game, &players)?;
        o.human = match human {
            None => None,
            Some(seat) => match seat.parse::<usize>() {
                Ok(n) if (1..=o.players).contains(&n) => Some(n - 1),
                _ => return Err(UsageError::Seat { seat: clip(&seat), players: o.players }),
            },
        };
        args::check_bots(o.game, &o.bots)?;
        Ok(Request::Run(o))
    }

    /// Checks the options against the game: seats, the person's seat, bot kinds, hands.
    ///
    /// # Errors
    ///
    /// The [`UsageError`] the command line would have given:
    /// [`Players`](UsageError::Players) for a seat count the game does not take,
    /// [`Seat`](UsageError::Seat) for a person's seat past the table,
    /// [`Range`](UsageError::Range) for a hand count outside 1 to [`MAX_HANDS`], and
    /// [`NoBots`](UsageError::NoBots) (kinds all empty), [`EmptyBot`](UsageError::EmptyBot)
    /// or [`Bot`](UsageError::Bot) for the bot kinds.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::{Options, UsageError};
    ///
    /// let mut options = Options::new(Variant::Rummikub);
    /// options.bots = vec!["planner".into()]; // a card-game bot
    /// assert!(matches!(options.check(), Err(UsageError::Bot { .. })));
    /// // An empty kind, as `--bots greedy,,random` would give it.
    /// options.bots = vec!["greedy".into(), String::new(), "random".into()];
    /// assert_eq!(
    ///     options.check().unwrap_err().to_string(),
    ///     "--bots: `greedy,,random` names an empty bot kind; separate the kinds by single commas"
    /// );
    /// options.bots = vec!["sampler".into()];
    /// options.human = Some(4); // seats 0 to 3
    /// let refused = options.check().unwrap_err();
    /// assert_eq!(refused.to_string(), "--human: there is no seat 5; the seats are 1 to 4");
    /// ```
    pub fn check(&self) -> Result<(), UsageError> {
        args::check_players(self.game, &self.players.to_string())?;
        if let Some(seat) = self.human.filter(|&h| h >= self.players) {
            // Counted from 1 in a wider type: seat `usize::MAX` has no successor in `u64`.
            return Err(UsageError::Seat { seat: (seat as u128 + 1).to_string(), players: self.players });
        }
        if let Some(hands) = self.hands.filter(|h| !(1..=MAX_HANDS).contains(h)) {
            return Err(UsageError::Range {
                flag: "--hands",
                value: hands.to_string(),
                min: 1,
                max: u64::from(MAX_HANDS),
            });
        }
        args::check_bots(self.game, &self.bots)
    }
}

/// What a match came to.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Input, Options, run};
///
/// let mut options = Options::new(Variant::Classic);
/// options.players = 3;
/// options.hands = Some(2);
/// let summary = run(&options, Input::plain("".as_bytes()), std::io::sink())?;
/// assert!(summary.finished && summary.replayed);
/// // Standings list every seat, best first; a winner tops them.
/// let mut seats = summary.standings.clone();
/// seats.sort_unstable();
/// assert_eq!(seats, [0, 1, 2]);
/// assert!(summary.winners.contains(&summary.standings[0]));
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Summary {
    /// The game.
    pub game: Variant,
    /// The seed.
    pub seed: u64,
    /// Hands finished.
    pub hands: usize,
    /// Actions played over all hands.
    pub actions: usize,
    /// Cumulative scores by seat (after the last finished hand when the person quit).
    pub totals: Vec<i64>,
    /// Seats, best first.
    pub standings: Vec<Seat>,
    /// The seats that won the match, ascending (more than one when the win is shared;
    /// empty when the person quit).
    pub winners: Vec<Seat>,
    /// Whether the match was played to its end (`false`: the person quit).
    pub finished: bool,
    /// Whether the record replayed to the same final states and scores (checked for a
    /// finished match; a failed replay is an error).
    pub replayed: bool,
}

/// Why [`run`] could not play the match.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Input, Options, PlayError, UsageError, run};
///
/// // Options the game refuses are reported before anything is dealt.
/// let mut options = Options::new(Variant::Schmidt);
/// options.players = 5;
/// let mut transcript = Vec::new();
/// let refused = run(&options, Input::plain("".as_bytes()), &mut transcript);
/// assert!(matches!(refused, Err(PlayError::Usage(UsageError::Players { ref players, .. })) if players == "5"));
/// assert!(transcript.is_empty());
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The options do not fit the game (seat count, unknown bot, the person's seat).
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// Reading commands or writing the transcript failed.
    #[error("terminal input/output failed: {0}")]
    Io(#[from] io::Error),
    /// The game refused to deal.
    #[error("the game could not be dealt: {0}")]
    Deal(#[from] DealError),
    /// The match stopped: a bot chose an illegal action or a hand ran too long.
    #[error("the match stopped: {}", with_causes(.0.as_ref()))]
    Match(Box<dyn std::error::Error + Send + Sync>),
    /// A bot of a simulation chose an illegal action.
    // Counted from 1 in a wider type, as `Options::check` does: index `usize::MAX` has a successor there.
    #[error("game {}: seat {} ({bot}) chose an illegal action: {error}", *.game as u128 + 1, *.seat as u128 + 1)]
    IllegalAction {
        /// The game's index, from 0 (the message counts from 1, as it does seats).
        game: usize,
        /// The seat (0-based).
        seat: Seat,
        /// The bot's kind.
        bot: String,
        /// The game's refusal.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The record did not replay to the same result (a bug, reported loudly).
    #[error("the record did not replay: {}", with_causes(.0.as_ref()))]
    Replay(Box<dyn std::error::Error + Send + Sync>),
    /// The replay reached other final states or scores than the match played.
    #[error("the record replays to other final states or scores than were played")]
    ReplayDiffers,
}

/// An error and its sources, one after the other: the driver's errors keep the game's
/// reason as their source, and the person should read both.
fn with_causes(error: &(dyn std::error::Error + 'static)) -> String {
    let mut text = error.to_string();
    let mut cause = error.source();
    while let Some(e) = cause {
        text.push_str(": ");
        text.push_str(&e.to_string());
        cause = e.source();
    }
    text
}

/// How the person's turn ended.
pub(crate) enum Turn<A> {
    /// An action the game accepts.
    Act(A),
    /// The input ended: a bot takes over the seat.
    Ended,
    /// The person left the match.
    Quit,
}

impl<A> Turn<A> {
    pub(crate) fn from_line(line: &Line) -> Option<Turn<A>> {
        match line {
            Line::Command(_) => None,
            Line::End => Some(Turn::Ended),
            Line::Quit => Some(Turn::Quit),
        }
    }
}

/// What the terminal needs of a game beyond [`Game`](rummykit_core::Game) and its bots by name
/// ([`NamedBots`]): the person's turn, words for each action.
pub(crate) trait TerminalGame: NamedBots + PartialEq {
    /// The person's turn at hand seat `seat`: show what the seat sees, read commands
    /// until an action is chosen that the game accepts.
    fn human_turn(&self, seat: Seat, io: &mut Io<'_>) -> io::Result<Turn<Self::Action>>;

    /// One line saying what `action` did (`before` → `after`), for the transcript: the
    /// engine's words for it ([`Game::describe`]) and what followed from it.
    /// `own`: the person's seat, who may see what was drawn.
    fn transcript(
        before: &Self,
        after: &Self,
        seat: Seat,
        action: &Self::Action,
        own: bool,
        style: Style,
    ) -> String;

    /// An engine message in the person's words: pieces in notation, never ids.
    fn readable(&self, message: &str) -> String {
        message.to_owned()
    }

    /// What everyone sees at the end of a hand (racks or hands laid open).
    fn show_end(&self, style: Style) -> String;

    /// Why a hand with no winner is void.
    fn void_reason(&self) -> String;
}

/// Bots and (at most) one person around the table, printing everything that happens.
struct Table<'io, G: TerminalGame> {
    /// One bot per match seat; the person's seat has a stand-in for when input ends.
    bots: Vec<Box<dyn Bot<G> + Send>>,
    names: Vec<String>,
    human: Option<Seat>,
    io: Io<'io>,
    error: Option<io::Error>,
    quit: bool,
    /// The referee's state of the current hand, kept from the driver's reports: what
    /// the person's turn checks commands against and what each action is described
    /// against.
    current: Option<G>,
    finals: Vec<G>,
    totals: Vec<i64>,
    actions: usize,
    hand: usize,
    /// What a deal is called in the transcript: a game of Rummikub, a hand of cards.
    deal: &'static str,
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
        label(seat, &self.names)
    }
}

fn label(seat: Seat, names: &[String]) -> String {
    format!("seat {} ({})", seat + 1, names.get(seat).map_or("?", String::as_str))
}

impl<G: TerminalGame> Players<G> for Table<'_, G> {
    fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
        if self.error.is_some() || self.quit {
            return None;
        }
        if self.human == Some(seat) && !self.io.ended {
            match self.current.as_ref()?.human_turn(hand_seat, &mut self.io) {
                Ok(Turn::Act(action)) => return Some(action),
                Ok(Turn::Quit) => {
                    self.quit = true;
                    return None;
                }
                Ok(Turn::Ended) => {
                    self.names[seat] = format!("{} for you", self.bots[seat].name());
                    let note = format!(
                        "(input ended: a {} bot plays seat {} from now on)",
                        self.bots[seat].name(),
                        seat + 1
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
        Some(bot.act(view))
    }

    fn hand_started(&mut self, game: &G, seats: &[Seat]) {
        self.current = Some(game.clone());
        self.hand += 1;
        self.seats = seats.to_vec();
        let first = game.to_move().and_then(|s| seats.get(s).copied());
        let heading = self.io.style.bold(format!("== {} {} ==", self.deal, self.hand));
        self.say(heading);
        if let Some(first) = first {
            let text = format!("{} plays first", self.label(first));
            self.say(text);
        }
    }

    fn applied(&mut self, after: &G, seat: Seat, action: &G::Action) {
        self.actions += 1;
        if let Some(before) = self.current.replace(after.clone()) {
            let hand_seat = before.to_move().unwrap_or(seat);
            let own = self.human == Some(seat);
            let words = G::transcript(&before, after, hand_seat, action, own, self.io.style);
            let text = format!("{}: {words}", self.label(seat));
            self.say(text);
        }
    }

    fn refused(&mut self, _view: &G::View, seat: Seat, error: &G::Error) -> bool {
        let reason = match &self.current {
            Some(game) => game.readable(&error.to_string()),
            None => error.to_string(),
        };
        let text = format!("{} chose an illegal action: {reason}", self.label(seat));
        self.say(text);
        false
    }

    fn hand_over(&mut self, game: &G, outcome: &Outcome, played: &Match<G>) {
        let style = self.io.style;
        self.say(game.show_end(style));
        let name = |w: Seat| self.label(self.seats.get(w).copied().unwrap_or(w));
        let result = match outcome.winners[..] {
            [] => format!("the {} is void: {}", self.deal, game.void_reason()),
            [w] => format!("{} wins the {}", name(w), self.deal),
            // RULES.md §1.8 (b): the seats tied for the lowest rack share the win.
            ref shared => {
                let names: Vec<String> = shared.iter().map(|&w| name(w)).collect();
                format!("{} share the win", names.join(" and "))
            }
        };
        self.say(style.bold(result));
        for (s, points) in outcome.points.iter().enumerate() {
            let seat = self.seats.get(s).copied().unwrap_or(s);
            let text = format!("  {:<24} {:>5}", self.label(seat), points);
            self.say(text);
        }
        self.finals.push(game.clone());
        self.totals = played.totals().to_vec();
    }
}

/// Plays the match `options` describe, reading the person's commands from `input` and
/// writing the transcript to `output`; records the match and checks that the record
/// replays to the same final states and scores.
///
/// # Errors
///
/// [`PlayError::Usage`] for options the game does not take (nothing is printed then),
/// [`PlayError::Io`] when the terminal fails, [`PlayError::Match`] if a bot breaks a
/// rule, and [`PlayError::Replay`] / [`PlayError::ReplayDiffers`] if the replay check
/// fails.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Input, Options, run};
///
/// // Scala 40 between four bots, played to the end of its own match (elimination at 101).
/// let mut options = Options::new(Variant::Scala40);
/// options.seed = 3;
/// let mut transcript = Vec::new();
/// let summary = run(&options, Input::plain("".as_bytes()), &mut transcript)?;
/// assert!(summary.finished && summary.replayed);
/// assert_eq!(summary.winners.len(), 1); // the last one left under 101
/// let text = String::from_utf8(transcript).unwrap();
/// assert!(text.contains("won the match"), "{text}");
/// # Ok::<(), rummykit_terminal::PlayError>(())
/// ```
pub fn run(options: &Options, input: Input<'_>, mut output: impl Write) -> Result<Summary, PlayError> {
    use rummykit_classic::ClassicRummy;
    use rummykit_rummikub::Rummikub;
    use rummykit_rummy40::Rummy40;
    options.check()?;
    let (end, ranking) = variant_rules::match_terms(options.game, options.players, options.hands);
    let io = Io::new(input, &mut output, options.style, options.echo);
    match variant_rules::config(options.game) {
        AnyConfig::Rummikub(rules) => play_match::<Rummikub>(options, rules, end, ranking, io),
        AnyConfig::Classic(config) => {
            play_match::<ClassicRummy>(options, config.with_game_end(end), end, ranking, io)
        }
        AnyConfig::Rummy40(mut config) => {
            config.game_end = end;
            play_match::<Rummy40>(options, config, end, ranking, io)
        }
        _ => Err(UsageError::Game(UnknownVariant { name: options.game.name().to_owned() }).into()),
    }
}

fn standings(totals: &[i64], order: ScoreOrder) -> Vec<Seat> {
    let mut seats: Vec<Seat> = (0..totals.len()).collect();
    match order {
        ScoreOrder::LowerIsBetter => seats.sort_by_key(|&s| totals[s]),
        _ => seats.sort_by_key(|&s| std::cmp::Reverse(totals[s])),
    }
    seats
}

fn play_match<G: TerminalGame>(
    options: &Options,
    config: G::Config,
    end: MatchEnd,
    ranking: Ranking,
    mut io: Io<'_>,
) -> Result<Summary, PlayError> {
    let n = options.players;
    let kinds = options.game.bot_names();
    let default_kind =
        if kinds.contains(&"greedy") { "greedy" } else { kinds.first().copied().unwrap_or("greedy") };
    let mut chosen = options.bots.iter().map(String::as_str).cycle();
    let mut bots = Vec::with_capacity(n);
    let mut names = Vec::with_capacity(n);
    for seat in 0..n {
        let is_human = options.human == Some(seat);
        let kind = if is_human { default_kind } else { chosen.next().unwrap_or(default_kind) };
        let bot = G::named_bot(kind, derive_seed(options.seed, seat as u64))
            .map_err(|_| UsageError::Bot { game: options.game, kind: kind.to_owned() })?;
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
    io.rules = variant_rules::rules_in_brief(options.game, end);
    writeln!(io.out, "{}", io.rules)?;
    let mut terms = MatchTerms::new(n).with_end(end).with_ranking(ranking);
    if !matches!(end, MatchEnd::FixedHands(_)) {
        terms = terms.with_hand_limit(MAX_MATCH_HANDS);
    }
    let order = G::score_order(&config);
    let setup = MatchRecord::<G>::new(options.game.name(), config, terms, options.seed);
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut table = Table {
        bots,
        names,
        human: options.human,
        io,
        error: None,
        quit: false,
        current: None,
        finals: Vec::new(),
        totals: vec![0; n],
        actions: 0,
        hand: 0,
        deal: variant_rules::deal_noun(options.game),
        seats: Vec::new(),
    };
    let result = record_match(setup, &mut table, &mut rng, MAX_ACTIONS);
    if let Some(e) = table.error.take() {
        return Err(PlayError::Io(e));
    }
    let out = &mut *table.io.out;
    if table.quit {
        let hands = table.finals.len();
        writeln!(
            out,
            "{}",
            style.bold(format!(
                "you left the match after {}",
                plural(hands, &format!("finished {}", table.deal))
            ))
        )?;
        let standings = standings(&table.totals, order);
        write_scores(out, &standings, &table.totals, &table.names, style, "== scores so far ==")?;
        return Ok(Summary {
            game: options.game,
            seed: options.seed,
            hands,
            actions: table.actions,
            totals: table.totals,
            standings,
            winners: Vec::new(),
            finished: false,
            replayed: false,
        });
    }
    let (record, played) = result.map_err(|e: DriverError<G::Error>| PlayError::Match(Box::new(e)))?;
    let replayed = record
        .replay(&mut ChaCha8Rng::seed_from_u64(record.seed))
        .map_err(|e: ReplayError<G::Error>| PlayError::Replay(Box::new(e)))?;
    if replayed.finals != table.finals || replayed.totals != played.totals() {
        return Err(PlayError::ReplayDiffers);
    }
    let standings = played.standings();
    write_scores(out, &standings, played.totals(), &table.names, style, "== final scores ==")?;
    let winners = played.winners();
    let names: Vec<String> = winners.iter().map(|&s| label(s, &table.names)).collect();
    match names[..] {
        [] => {}
        [ref one] => writeln!(out, "{one} won the match")?,
        _ => writeln!(out, "shared win: {}", names.join(", "))?,
    }
    writeln!(
        out,
        "replay check: the record ({}, {}) replays to the same final state and scores",
        plural(record.hands.len(), table.deal),
        plural(table.actions, "action")
    )?;
    Ok(Summary {
        game: options.game,
        seed: options.seed,
        hands: record.hands.len(),
        actions: table.actions,
        totals: played.totals().to_vec(),
        standings,
        winners,
        finished: true,
        replayed: true,
    })
}

fn write_scores(
    out: &mut dyn Write,
    standings: &[Seat],
    totals: &[i64],
    names: &[String],
    style: Style,
    heading: &str,
) -> io::Result<()> {
    writeln!(out, "{}", style.bold(heading))?;
    for (place, &seat) in standings.iter().enumerate() {
        writeln!(out, "{}. {:<24} {:>6}", place + 1, label(seat, names), totals[seat])?;
    }
    Ok(())
}
