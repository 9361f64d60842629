//! The three tools as functions of their arguments, input and output, returning the
//! exit status: [`SUCCESS`], [`FAILURE`], or [`USAGE`] for a command line they refuse.
//! The examples only call these with the process's own streams, so tests can run every
//! tool exactly as a shell would.
//!
//! ```
//! use rummykit_terminal::cli;
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let status = cli::solve(["--objective".into(), "nope".into()], &mut "".as_bytes(), &mut out, &mut err);
//! assert_eq!(status, cli::USAGE);
//! assert!(String::from_utf8(err).unwrap().contains("--objective: `nope` is not tiles or value"));
//! assert!(out.is_empty());
//! ```

use std::ffi::OsString;
use std::io::{BufRead, Write};
use std::time::Instant;

use rummykit::Variant;

use crate::args::{Args, Flag, Request, UsageError, bot_kinds, check_bots, check_players};
use crate::input::Input;
use crate::play::{self, Options, PlayError, run};
use crate::simulate::{SimOptions, SimSummary, simulate as simulate_games};
use crate::solve::{self, Job};
use crate::style::Style;
use crate::text::plural;

/// Exit status: done.
///
/// ```
/// use rummykit_terminal::cli;
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::solve(["--rack".into(), "r7 b7 y7".into()], &mut "".as_bytes(), &mut out, &mut err);
/// assert_eq!(status, cli::SUCCESS);
/// assert!(err.is_empty());
/// ```
pub const SUCCESS: u8 = 0;
/// Exit status: the tool ran and failed (a line `solve --json` refused, a broken
/// terminal).
///
/// ```
/// use rummykit_terminal::cli;
/// // Three r7 on one rack: the box holds two. The line gets its answer, an error.
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let mut lines = "{\"table\": [], \"rack\": [\"r7\", \"r7\", \"r7\"]}\n".as_bytes();
/// let status = cli::solve(["--json".into()], &mut lines, &mut out, &mut err);
/// assert_eq!(status, cli::FAILURE);
/// assert!(String::from_utf8(out).unwrap().contains("3 copies of r7"));
/// ```
pub const FAILURE: u8 = 1;
/// Exit status: the command line was refused; nothing was done. A position on the
/// command line that no game can hold is refused so too, naming `--table` or `--rack`.
///
/// ```
/// use rummykit_terminal::cli;
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::solve(["--objective".into(), "speed".into()], &mut "".as_bytes(), &mut out, &mut err);
/// assert_eq!(status, cli::USAGE);
/// let message = String::from_utf8(err).unwrap();
/// assert!(message.contains("--objective"), "{message}");
/// assert!(out.is_empty());
///
/// // Three r7 on one rack: the box holds two.
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::solve(["--rack".into(), "r7 r7 r7".into()], &mut "".as_bytes(), &mut out, &mut err);
/// assert_eq!(status, cli::USAGE);
/// let message = String::from_utf8(err).unwrap();
/// assert!(message.contains("--rack: 3 copies of r7, but the tile set holds only 2"), "{message}");
/// ```
pub const USAGE: u8 = 2;

/// Prints a usage error and where the help is; the usage exit status.
fn refuse(tool: &str, error: &UsageError, err: &mut dyn Write) -> u8 {
    let _ = writeln!(err, "{tool}: {error}\nrun `{tool} --help` for the flags");
    USAGE
}

/// Prints `text` on `out` (help goes to stdout); the success exit status.
fn help(text: &str, out: &mut dyn Write) -> u8 {
    match writeln!(out, "{text}") {
        Ok(()) => SUCCESS,
        Err(_) => FAILURE,
    }
}

/// The `play` tool: a match at the terminal. `style` is how to print (colours on a
/// terminal), `default_seed` the seed when `--seed` is absent.
///
/// ```
/// use rummykit_terminal::{Input, Style, cli};
///
/// // Two bots play one hand of classic Rummy; nobody sits at the terminal.
/// let args = ["--game", "classic", "--players", "2", "--hands", "1", "--seed", "3"];
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let no_input = Input::plain("".as_bytes());
/// let status = cli::play(args.map(Into::into), no_input, &mut out, &mut err, Style::PLAIN, 0);
/// assert_eq!(status, cli::SUCCESS);
/// assert!(err.is_empty());
/// let transcript = String::from_utf8(out.clone()).unwrap();
/// assert!(transcript.contains("== final scores =="), "{transcript}");
/// assert!(transcript.contains("replay check: the record (1 hand, "), "{transcript}");
/// // The same seed plays the same match again, to the letter.
/// let mut again = Vec::new();
/// cli::play(args.map(Into::into), Input::plain("".as_bytes()), &mut again, &mut err, Style::PLAIN, 0);
/// assert_eq!(out, again);
/// ```
pub fn play(
    args: impl IntoIterator<Item = OsString>,
    input: Input<'_>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    style: Style,
    default_seed: u64,
) -> u8 {
    let mut options = match Options::request(args, default_seed) {
        Ok(Request::Run(o)) => o,
        Ok(Request::Help) => return help(play::USAGE, out),
        Err(e) => return refuse("play", &e, err),
    };
    options.style = style;
    // A script's commands are shown in the transcript, as if typed.
    options.echo |= !input.is_terminal() && options.human.is_some();
    match run(&options, input, &mut *out) {
        Ok(_) => SUCCESS,
        Err(PlayError::Usage(e)) => refuse("play", &e, err),
        // The reader went away (`play | head`): nothing to tell them.
        Err(PlayError::Io(e)) if e.kind() == std::io::ErrorKind::BrokenPipe => FAILURE,
        Err(e) => {
            let _ = writeln!(err, "play: {e}");
            FAILURE
        }
    }
}

/// The help of the `simulate` tool.
const SIMULATE_USAGE: &str = "\
usage: simulate [--game GAME] [--players N] [--games N] [--bots KIND,...] [--seed S]
                [--threads N] [--json]

Plays many games between bots on every core and sums up each bot's results.

  --game GAME     rummikub (default), rummikub-xp, schmidt, classic, classic-last-card,
                  classic-liberal, rummy40 or scala40
  --players N     seats per game (default 4; rummikub and schmidt 2 to 4, rummikub-xp and the
                  card games 2 to 6)
  --games N       games (hands) to play, 1 to 100000000 (default 1000)
  --bots KIND,... one bot kind per player, cycled (default random,greedy); seats rotate every
                  game. rummikub, rummikub-xp, schmidt: random, greedy, thorough, sampler;
                  the card games: random, greedy, planner
  --seed S        the seed (default 1); the same seed gives the same summary on any thread count
  --threads N     worker threads, 1 to 1024 (default: every core)
  --json          print the summary as JSON instead of a table
  -h, --help      this help";

fn simulate_request(
    args: impl IntoIterator<Item = OsString>,
) -> Result<Request<(SimOptions, bool)>, UsageError> {
    let mut o = SimOptions::new(Variant::Rummikub, vec!["random".into(), "greedy".into()], 1000);
    o.seed = 1;
    o.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut players = "4".to_owned();
    let mut json = false;
    let mut args = Args::new(args);
    while let Some(flag) = args.next()? {
        let Flag::Long(flag) = flag else { return Ok(Request::Help) };
        match flag.as_str() {
            "game" => o.game = args.parsed("--game")?,
            "players" => players = args.whole("--players")?,
            "games" => o.games = args.number("--games", 1, crate::MAX_GAMES as u64)? as usize,
            "bots" => o.bots = bot_kinds(&args.text("--bots")?)?,
            "seed" => o.seed = args.number("--seed", 0, u64::MAX)?,
            "threads" => o.threads = args.number("--threads", 1, crate::MAX_THREADS as u64)? as usize,
            "json" => json = true,
            other => return Err(Args::unknown(other)),
        }
    }
    o.players = check_players(o.game, &players)?;
    check_bots(o.game, &o.bots)?;
    o.check()?;
    Ok(Request::Run((o, json)))
}

/// The `simulate` tool. `progress_on_terminal`: redraw the progress bar in place
/// (stderr is a terminal) rather than print a line every tenth.
///
/// ```
/// use rummykit_terminal::cli;
///
/// let args = ["--game", "rummy40", "--players", "2", "--games", "20", "--bots", "greedy,random", "--json"];
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::simulate(args.map(Into::into), &mut out, &mut err, false);
/// assert_eq!(status, cli::SUCCESS);
/// let summary: serde_json::Value = serde_json::from_slice(&out)?;
/// assert_eq!(summary["games"], 20);
/// assert_eq!(summary["bots"].as_array().map(Vec::len), Some(2));
/// // A refused command line plays nothing and says why on `err`.
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::simulate(["--players".into(), "9".into()], &mut out, &mut err, false);
/// assert_eq!(status, cli::USAGE);
/// assert!(out.is_empty() && !err.is_empty());
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn simulate(
    args: impl IntoIterator<Item = OsString>,
    out: &mut dyn Write,
    err: &mut dyn Write,
    progress_on_terminal: bool,
) -> u8 {
    let (options, as_json) = match simulate_request(args) {
        Ok(Request::Run(x)) => x,
        Ok(Request::Help) => return help(SIMULATE_USAGE, out),
        Err(e) => return refuse("simulate", &e, err),
    };
    let total = options.games;
    let mut last = usize::MAX;
    let bar = |done: usize| {
        // Redraw in place on a terminal; otherwise only every tenth.
        let tenth = done * 10 / total;
        if !progress_on_terminal && (tenth == last || done == 0) {
            return;
        }
        last = tenth;
        let width = 40;
        let filled = done * width / total;
        let line = format!("[{}{}] {done}/{total} games", "#".repeat(filled), ".".repeat(width - filled));
        let _ = if progress_on_terminal { write!(err, "\r{line}") } else { writeln!(err, "{line}") };
    };
    let start = Instant::now();
    let result = simulate_games(&options, bar);
    if progress_on_terminal {
        let _ = writeln!(err);
    }
    let summary = match result {
        Ok(s) => s,
        Err(PlayError::Usage(e)) => return refuse("simulate", &e, err),
        Err(e) => {
            let _ = writeln!(err, "simulate: {e}");
            return FAILURE;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    let written = if as_json {
        writeln!(
            out,
            "{}",
            serde_json::to_string_pretty(&summary_json(&summary, &options, seconds)).unwrap_or_default()
        )
    } else {
        writeln!(
            out,
            "{}: {} of {} players, seed {}, {}, {:.1} s ({:.0} games/s)\n{}",
            summary.game,
            plural(summary.games, "game"),
            options.players,
            options.seed,
            plural(options.threads, "thread"),
            seconds,
            summary.games as f64 / seconds.max(1e-9),
            summary.table()
        )
    };
    if written.is_ok() { SUCCESS } else { FAILURE }
}

fn summary_json(s: &SimSummary, o: &SimOptions, seconds: f64) -> serde_json::Value {
    let bots: Vec<serde_json::Value> = s
        .bots
        .iter()
        .map(|b| {
            serde_json::json!({
                "bot": b.name,
                "games": b.games,
                "wins": b.wins,
                "win_rate": b.wins as f64 / b.games.max(1) as f64,
                "mean_score": b.score.mean,
                "score_95": [b.score.low, b.score.high],
                "mean_length": b.mean_length,
                "mean_turns": b.mean_turns,
            })
        })
        .collect();
    serde_json::json!({
        "game": s.game.name(),
        "players": o.players,
        "games": s.games,
        "seed": o.seed,
        "higher_is_better": s.higher_is_better,
        "void_games": s.void_games,
        "seconds": seconds,
        "bots": bots,
    })
}

/// The `solve` tool: one position from the command line, or (`--json`) one per line of
/// `input`.
///
/// ```
/// use rummykit_terminal::cli;
///
/// // r4 extends the table's run; b9 fits nowhere and stays on the rack.
/// let args = ["--table", "r1 r2 r3", "--rack", "r4 b9"];
/// let (mut out, mut err) = (Vec::new(), Vec::new());
/// let status = cli::solve(args.map(Into::into), &mut "".as_bytes(), &mut out, &mut err);
/// assert_eq!(status, cli::SUCCESS);
/// let text = String::from_utf8(out).unwrap();
/// assert!(text.contains("place 1 tile worth 4: r4"), "{text}");
/// assert!(text.contains("r1 r2 r3 r4"), "{text}");
///
/// // With `--json`, one answer per input line.
/// let mut lines = "{\"table\": [], \"rack\": [\"k5\", \"k6\", \"k7\"]}\n".as_bytes();
/// let mut out = Vec::new();
/// let status = cli::solve(["--json".into()], &mut lines, &mut out, &mut err);
/// assert_eq!(status, cli::SUCCESS);
/// let answer: serde_json::Value = serde_json::from_slice(&out)?;
/// assert_eq!(answer["tiles_placed"], 3);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub fn solve(
    args: impl IntoIterator<Item = OsString>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> u8 {
    match solve::parse(args) {
        Ok(Request::Help) => help(solve::USAGE, out),
        Ok(Request::Run(Job::Json)) => solve::json_lines(input, out, err),
        Ok(Request::Run(Job::One { position, options })) => {
            solve::one(&position, &options, out).unwrap_or_else(|e| refuse("solve", &e, err))
        }
        Err(e) => refuse("solve", &e, err),
    }
}
