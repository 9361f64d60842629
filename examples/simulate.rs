//! Many games between bots on every core, with a progress bar and a summary per bot.
//!
//! ```sh
//! cargo run --release --example simulate -- --game rummikub --bots random,greedy --games 2000
//! cargo run --release --example simulate -- --game rummy40 --players 3 --json
//! ```
//!
//! The same `--seed` gives the same summary whatever `--threads` is: game `g` is dealt
//! from a seed derived from (`--seed`, `g`), and results are summed in game order.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::time::Instant;

use rummykit::terminal::{GameChoice, SimOptions, SimSummary, simulate};

const USAGE: &str = "\
usage: simulate [--game rummikub|schmidt|classic|rummy40|scala40] [--players N] [--games N]
                [--bots KIND,KIND,...] [--seed S] [--threads N] [--json]

  --game     the game (default rummikub)
  --players  seats per game (default 4)
  --games    games to play (default 1000)
  --bots     one bot kind per player, cycled (default random,greedy); seats rotate every game
  --seed     the seed (default 1); the same seed gives the same summary on any thread count
  --threads  worker threads (default: every core)
  --json     print the summary as JSON instead of a table";

fn parse(args: impl Iterator<Item = String>) -> Result<(SimOptions, bool), String> {
    let mut o = SimOptions::new(GameChoice::Rummikub, vec!["random".into(), "greedy".into()], 1000);
    o.seed = 1;
    o.threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut json = false;
    let mut args = args.peekable();
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
        let number = |v: String| v.parse::<u64>().map_err(|_| format!("`{v}` is not a whole number"));
        match flag.as_str() {
            "--game" => o.game = value()?.parse()?,
            "--players" => o.players = number(value()?)? as usize,
            "--games" => o.games = number(value()?)? as usize,
            "--bots" => o.bots = value()?.split(',').map(|s| s.trim().to_owned()).collect(),
            "--seed" => o.seed = number(value()?)?,
            "--threads" => o.threads = (number(value()?)? as usize).max(1),
            "--json" => json = true,
            "--help" | "-h" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown argument `{other}`\n{USAGE}")),
        }
    }
    Ok((o, json))
}

fn json(s: &SimSummary, o: &SimOptions, seconds: f64) -> serde_json::Value {
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

fn main() -> ExitCode {
    let (options, as_json) = match parse(std::env::args().skip(1)) {
        Ok(x) => x,
        Err(message) => {
            eprintln!("{message}");
            return if message.starts_with("usage") { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    let interactive = std::io::stderr().is_terminal();
    let total = options.games;
    let mut last = usize::MAX;
    let bar = |done: usize| {
        // Redraw in place on a terminal; otherwise only every tenth.
        let tenth = done * 10 / total.max(1);
        if !interactive && (tenth == last || done == 0) {
            return;
        }
        last = tenth;
        let width = 40;
        let filled = done * width / total.max(1);
        let line = format!("[{}{}] {done}/{total} games", "#".repeat(filled), ".".repeat(width - filled));
        let mut err = std::io::stderr().lock();
        let _ = if interactive { write!(err, "\r{line}") } else { writeln!(err, "{line}") };
    };
    let start = Instant::now();
    let summary = match simulate(&options, bar) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("\nsimulate: {e}");
            return ExitCode::FAILURE;
        }
    };
    let seconds = start.elapsed().as_secs_f64();
    if interactive {
        eprintln!();
    }
    if as_json {
        println!("{}", serde_json::to_string_pretty(&json(&summary, &options, seconds)).unwrap_or_default());
    } else {
        println!(
            "{}: {} games of {} players, seed {}, {} threads, {:.1} s ({:.0} games/s)",
            summary.game,
            summary.games,
            options.players,
            options.seed,
            options.threads,
            seconds,
            summary.games as f64 / seconds.max(1e-9)
        );
        println!("{}", summary.table());
    }
    ExitCode::SUCCESS
}
