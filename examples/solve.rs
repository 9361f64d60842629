//! The exact Rummikub solver from the command line.
//!
//! ```text
//! cargo run --release --example solve -- --table "r1 r2 r3 k5 b5 y5" --rack "r4 J k13"
//! cargo run --release --example solve -- --rack "r10 b10 k10 y2" --initial --objective value
//! echo '{"table": ["r1","r2","r3"], "rack": ["r4","J"]}' | cargo run --release --example solve -- --json
//! cargo run --release --example solve -- --dump-bench-positions > positions.jsonl
//! ```
//!
//! Flags: `--table`, `--rack` (tile notation), `--objective tiles|value`, `--initial`
//! (the player has not opened yet), `--threshold N`, `--joker-value N`, `--xp` (the
//! 160-tile set).
//!
//! With `--json` it reads one JSON object per line on stdin, `{"table": [...], "rack":
//! [...], "objective": "tiles", "opened": true, "threshold": 30, "joker_value": 30,
//! "tile_set": "standard"}` (only `table` and `rack` required; `tile_set` is `standard`
//! or `xp160`), and writes one per line: `{"tiles_placed", "value_placed", "placed",
//! "table", "micros"}` (`micros`: time spent solving, parsing excluded) or `{"error":
//! "..."}`. The exit status is 1 if any line failed.

#[path = "../benches/positions.rs"]
mod positions;

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use rummykit::core::{Catalog, Tile, format_list};
use rummykit::rummikub::solver::{Objective, Position, Solution, SolveOptions, Solver};
use serde::{Deserialize, Serialize};

#[derive(Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
struct Request {
    table: Vec<String>,
    rack: Vec<String>,
    #[serde(default = "default_objective")]
    objective: String,
    #[serde(default = "default_true")]
    opened: bool,
    #[serde(default = "default_30")]
    threshold: u32,
    #[serde(default = "default_30")]
    joker_value: u32,
    #[serde(default = "default_tile_set")]
    tile_set: String,
}

fn default_objective() -> String {
    "tiles".into()
}
fn default_true() -> bool {
    true
}
fn default_30() -> u32 {
    30
}
fn default_tile_set() -> String {
    "standard".into()
}

#[derive(Serialize)]
struct Answer {
    tiles_placed: usize,
    value_placed: u64,
    placed: Vec<String>,
    table: Vec<Vec<String>>,
    micros: u64,
}

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(Tile::to_string).collect()
}

/// Parses one request into a position and options.
fn parse_request(line: &str) -> Result<(Position, SolveOptions), String> {
    let req: Request = serde_json::from_str(line).map_err(|e| format!("bad request: {e}"))?;
    let parse = |v: &[String]| v.iter().map(|s| s.parse::<Tile>()).collect::<Result<Vec<_>, _>>();
    let table = parse(&req.table).map_err(|e| format!("table: {e}"))?;
    let rack = parse(&req.rack).map_err(|e| format!("rack: {e}"))?;
    let objective = match req.objective.as_str() {
        "tiles" => Objective::Tiles,
        "value" => Objective::Value,
        other => return Err(format!("unknown objective `{other}` (expected tiles or value)")),
    };
    let tile_set = match req.tile_set.as_str() {
        "standard" => Catalog::<Tile>::RUMMIKUB,
        "xp160" => Catalog::<Tile>::RUMMIKUB_XP,
        other => return Err(format!("unknown tile_set `{other}` (expected standard or xp160)")),
    };
    let options = SolveOptions::default()
        .with_objective(objective)
        .with_opened(req.opened)
        .with_threshold(req.threshold)
        .with_joker_value(req.joker_value)
        .with_tile_set(tile_set);
    Ok((Position::new(table, rack), options))
}

fn answer(solver: &mut Solver, line: &str) -> Result<Answer, String> {
    let (position, options) = parse_request(line)?;
    let start = Instant::now();
    let sol = solver.solve(&position, &options).map_err(|e| e.to_string())?;
    let micros = start.elapsed().as_micros() as u64;
    Ok(Answer {
        tiles_placed: sol.tiles_placed,
        value_placed: sol.value_placed,
        placed: names(&sol.placed),
        table: sol.table.iter().map(|m| names(m.faces())).collect(),
        micros,
    })
}

fn json_mode() -> ExitCode {
    let mut solver = Solver::new();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    for line in std::io::stdin().lock().lines() {
        let text = match line {
            Ok(l) => l,
            Err(e) => {
                eprintln!("stdin: {e}");
                return ExitCode::FAILURE;
            }
        };
        if text.trim().is_empty() {
            continue;
        }
        let reply = match answer(&mut solver, &text) {
            Ok(a) => serde_json::to_string(&a),
            Err(e) => {
                failed = true;
                serde_json::to_string(&serde_json::json!({ "error": e }))
            }
        };
        let reply = reply.unwrap_or_else(|e| format!("{{\"error\": \"serialise: {e}\"}}"));
        if writeln!(out, "{reply}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS }
}

fn dump_bench_positions() -> ExitCode {
    for p in positions::bench_positions() {
        let o = &p.options;
        let req = Request {
            table: names(p.position.table()),
            rack: names(p.position.rack()),
            objective: if o.objective == Objective::Tiles { "tiles" } else { "value" }.into(),
            opened: o.opened,
            threshold: o.threshold,
            joker_value: o.joker_value,
            tile_set: if o.tile_set == Catalog::<Tile>::RUMMIKUB_XP { "xp160" } else { "standard" }.into(),
        };
        match serde_json::to_string(&req) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::FAILURE;
            }
        }
    }
    ExitCode::SUCCESS
}

fn print_solution(position: &Position, options: &SolveOptions, sol: &Solution, micros: u128) {
    println!("table: {}", format_list(position.table()));
    println!("rack:  {}", format_list(position.rack()));
    if sol.tiles_placed == 0 {
        println!("nothing can be placed: draw a tile");
    } else {
        println!(
            "place {} tile{} worth {}: {}",
            sol.tiles_placed,
            if sol.tiles_placed == 1 { "" } else { "s" },
            sol.value_placed,
            format_list(&sol.placed)
        );
    }
    println!("new table ({} melds):", sol.table.len());
    for m in &sol.table {
        println!("  {:<5} {m}", format!("{:?}", m.kind()).to_lowercase());
    }
    println!(
        "({:?}, {}, solved in {micros} µs)",
        options.objective,
        if options.opened { "opened" } else { "initial meld" }
    );
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut table = String::new();
    let mut rack = String::new();
    let mut options = SolveOptions::default();
    let mut i = 0;
    let value = |i: usize| args.get(i + 1).cloned().unwrap_or_default();
    while i < args.len() {
        match args[i].as_str() {
            "--json" => return json_mode(),
            "--dump-bench-positions" => return dump_bench_positions(),
            "--table" => (table, i) = (value(i), i + 1),
            "--rack" => (rack, i) = (value(i), i + 1),
            "--initial" => options = options.with_opened(false),
            "--xp" => options = options.with_tile_set(Catalog::<Tile>::RUMMIKUB_XP),
            "--objective" => {
                options = options.with_objective(if value(i) == "value" {
                    Objective::Value
                } else {
                    Objective::Tiles
                });
                i += 1;
            }
            "--threshold" | "--joker-value" => {
                let Ok(n) = value(i).parse::<u32>() else {
                    eprintln!("{} needs a number", args[i]);
                    return ExitCode::FAILURE;
                };
                options = if args[i] == "--threshold" {
                    options.with_threshold(n)
                } else {
                    options.with_joker_value(n)
                };
                i += 1;
            }
            other => {
                eprintln!("unknown argument `{other}` (see the header of examples/solve.rs)");
                return ExitCode::FAILURE;
            }
        }
        i += 1;
    }
    let position = match Position::parse(&table, &rack) {
        Ok(p) => p,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    let start = Instant::now();
    match Solver::new().solve(&position, &options) {
        Ok(sol) => {
            print_solution(&position, &options, &sol, start.elapsed().as_micros());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
