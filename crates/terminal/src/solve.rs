//! The `solve` tool: the exact Rummikub solver for one position from the command line,
//! or one position per line of JSON on stdin.

use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::time::Instant;

use rummykit_core::{Tile, format_list};
use rummykit_rummikub::InitialJokerValue;
use rummykit_rummikub::solver::{Objective, Position, Solution, SolveError, SolveOptions, Solver};
use serde_json::{Map, Value, json};

use crate::args::{Args, Flag, Request, UsageError};
use crate::input::{MAX_LINE, read_line};
use crate::text::{clip, clip_message, plural};

/// The help of the `solve` tool.
pub(crate) const USAGE: &str = "\
usage: solve --table TILES --rack TILES [--objective tiles|value] [--initial]
             [--threshold N] [--initial-joker-value represented|zero]
             [--joker-value N] [--xp]
       solve --json

Finds the best play of a Rummikub position exactly: the new table that places the most
tiles (or the most points) from the rack, rearranging the table as the rules allow.

  --table TILES          the tiles on the table, e.g. \"r1 r2 r3 k5 b5 y5\" (may be empty)
  --rack TILES           the tiles on the rack, e.g. \"r4 J k13\" (may be empty)
  --objective tiles|value  place the most tiles (default) or the most points
  --initial              the player has not made the initial meld yet (RULES.md §1.5):
                         only new melds from the rack, worth at least the threshold
  --threshold N          the initial-meld threshold (default 30)
  --initial-joker-value represented|zero
                         what a joker counts toward the threshold: the number it
                         stands for (default) or nothing (RULES.md §1.10)
  --joker-value N        a joker's worth under --objective value (default 30)
  --xp                   the 160-tile set (six players)
  --json                 read one position per line of stdin and answer each line with
                         one line of JSON (see below)
  -h, --help             this help

Tiles: a colour letter r (red), b (blue), y (yellow) or k (black) and a number 1 to 13;
J is a joker. A position no game can hold (more copies of a tile than the set has,
table tiles no melds can hold) is refused like a bad value, naming --table or --rack,
with exit status 2.

With --json each input line is an object
  {\"table\": [\"r1\", \"r2\", \"r3\"], \"rack\": [\"r4\", \"J\"], \"objective\": \"tiles\",
   \"opened\": true, \"threshold\": 30, \"initial_joker_value\": \"represented\",
   \"joker_value\": 30, \"tile_set\": \"standard\"}
(only table and rack are required; initial_joker_value is represented or zero, tile_set
standard or xp160, in any case) and is answered by
  {\"tiles_placed\": 2, \"value_placed\": 34, \"placed\": [...], \"table\": [[...]], \"micros\": 12}
or by {\"error\": \"...\"}: every line gets an answer, blank and unreadable ones included
(a line longer than 65536 bytes is refused, its bytes skipped, not kept).
The exit status is 1 when some line was refused.";

/// What `solve` was asked.
#[derive(Debug)]
pub(crate) enum Job {
    /// One position from the command line.
    One { position: Position, options: SolveOptions },
    /// Positions as JSON lines on stdin.
    Json,
}

pub(crate) fn parse(args: impl IntoIterator<Item = OsString>) -> Result<Request<Job>, UsageError> {
    let mut args = Args::new(args);
    let (mut table, mut rack) = (None, None);
    let mut options = SolveOptions::default();
    let mut json = false;
    let mut solving_flag = false;
    while let Some(flag) = args.next()? {
        let Flag::Long(flag) = flag else { return Ok(Request::Help) };
        solving_flag |= flag != "json";
        match flag.as_str() {
            "json" => json = true,
            "table" => table = Some(tiles(&args.text("--table")?, "--table")?),
            "rack" => rack = Some(tiles(&args.text("--rack")?, "--rack")?),
            "initial" => options = options.with_opened(false),
            "xp" => options = options.with_tile_set(rummykit_rummikub::TileSet::Xp160),
            "objective" => {
                let text = args.text("--objective")?;
                options = options.with_objective(objective(&text).ok_or_else(|| UsageError::Value {
                    flag: "--objective",
                    value: clip(&text),
                    expected: "tiles or value",
                })?);
            }
            "threshold" => {
                options = options.with_threshold(args.number("--threshold", 0, u64::from(u32::MAX))? as u32);
            }
            "initial-joker-value" => {
                let text = args.text("--initial-joker-value")?;
                options = options.with_initial_joker_value(initial_joker_value(&text).ok_or_else(|| {
                    UsageError::Value {
                        flag: "--initial-joker-value",
                        value: clip(&text),
                        expected: "represented or zero",
                    }
                })?);
            }
            "joker-value" => {
                options =
                    options.with_joker_value(args.number("--joker-value", 0, u64::from(u32::MAX))? as u32);
            }
            other => return Err(Args::unknown(other)),
        }
    }
    match (json, table, rack) {
        (true, ..) if solving_flag => Err(UsageError::JsonWithPosition),
        (true, ..) => Ok(Request::Run(Job::Json)),
        (false, None, None) => Err(UsageError::NothingToSolve),
        (false, table, rack) => Ok(Request::Run(Job::One {
            position: Position::new(table.unwrap_or_default(), rack.unwrap_or_default()),
            options,
        })),
    }
}

/// The tiles of `text` (the value of `flag`), read where the flag is so that a tile
/// that is not one is a usage error naming the flag.
fn tiles(text: &str, flag: &'static str) -> Result<Vec<Tile>, UsageError> {
    text.split_whitespace()
        .map(|tile| {
            tile.parse::<Tile>().map_err(|_| UsageError::Value {
                flag,
                value: clip(tile),
                expected: "a tile (r, b, y or k and a number 1 to 13, or J)",
            })
        })
        .collect()
}

fn objective(text: &str) -> Option<Objective> {
    match text.trim().to_ascii_lowercase().as_str() {
        "tiles" => Some(Objective::Tiles),
        "value" => Some(Objective::Value),
        _ => None,
    }
}

/// The tile set by its name, in any case, or by the library's own (`Standard106`, `Xp160`).
fn tile_set(text: &str) -> Option<rummykit_rummikub::TileSet> {
    match text.trim().to_ascii_lowercase().as_str() {
        "standard" | "standard106" => Some(rummykit_rummikub::TileSet::Standard106),
        "xp160" => Some(rummykit_rummikub::TileSet::Xp160),
        _ => None,
    }
}

/// What a joker counts toward the initial-meld threshold, by its name.
fn initial_joker_value(text: &str) -> Option<InitialJokerValue> {
    match text.trim().to_ascii_lowercase().as_str() {
        "represented" => Some(InitialJokerValue::Represented),
        "zero" => Some(InitialJokerValue::Zero),
        _ => None,
    }
}

/// Solves one position and prints the answer; the exit status, or the usage error of a
/// position no game can hold: its tiles are the values of `--table` and `--rack`, so it
/// is refused as a bad value is.
pub(crate) fn one(
    position: &Position,
    options: &SolveOptions,
    out: &mut dyn Write,
) -> Result<u8, UsageError> {
    let start = Instant::now();
    let sol = Solver::new().solve(position, options).map_err(|e| refused(position, &e))?;
    Ok(match print_solution(out, position, options, &sol, start.elapsed().as_micros()) {
        Ok(()) => 0,
        Err(_) => 1,
    })
}

/// The usage error for a position the solver refused, naming the flag whose tiles are
/// at fault.
fn refused(position: &Position, error: &SolveError) -> UsageError {
    let count = |tiles: &[Tile], tile: Tile| tiles.iter().filter(|&&t| t == tile).count();
    let (flag, message) = match *error {
        SolveError::TooManyCopies { tile, count: total, max } => {
            let flag = if count(position.rack(), tile) > usize::from(max) {
                "--rack"
            } else if count(position.table(), tile) > usize::from(max) {
                "--table"
            } else {
                "--table and --rack"
            };
            let copies = if tile == Tile::JOKER {
                plural(total, "joker")
            } else {
                format!("{total} copies of {tile}")
            };
            (flag, format!("{copies}, but the tile set holds only {max}"))
        }
        SolveError::TableNotMeldable => ("--table", clip_message(error)),
        _ => ("--table and --rack", clip_message(error)),
    };
    UsageError::Position { flag, message }
}

fn print_solution(
    out: &mut dyn Write,
    position: &Position,
    options: &SolveOptions,
    sol: &Solution,
    micros: u128,
) -> io::Result<()> {
    // An empty side reads "(empty)", as the play tool writes an empty table, rather than
    // a bare label that looks cut off.
    let list = |tiles: &[Tile]| if tiles.is_empty() { "(empty)".to_owned() } else { format_list(tiles) };
    writeln!(out, "table: {}", list(position.table()))?;
    writeln!(out, "rack:  {}", list(position.rack()))?;
    if sol.tiles_placed == 0 {
        writeln!(out, "nothing can be placed: draw a tile")?;
    } else {
        writeln!(
            out,
            "place {} worth {}: {}",
            plural(sol.tiles_placed, "tile"),
            sol.value_placed,
            format_list(&sol.placed)
        )?;
    }
    writeln!(out, "new table ({}):", plural(sol.table.len(), "meld"))?;
    for m in &sol.table {
        writeln!(out, "  {:<5} {m}", format!("{:?}", m.kind()).to_lowercase())?;
    }
    writeln!(
        out,
        "(most {}, {}, solved in {micros} µs)",
        if options.objective == Objective::Value { "points" } else { "tiles" },
        if options.opened { "opened" } else { "initial meld" }
    )
}

/// Answers every line of `input` with one line of JSON; the exit status (1 when some
/// line was refused). Lines are read as bytes, so no line can stop the loop.
pub(crate) fn json_lines(input: &mut dyn BufRead, out: &mut dyn Write, err: &mut dyn Write) -> u8 {
    let mut solver = Solver::new();
    let mut failed = false;
    let mut line = Vec::new();
    let mut number = 0usize;
    loop {
        line.clear();
        let cut = match read_line(input, &mut line) {
            Ok((0, _)) => break,
            Ok((_, cut)) => cut,
            Err(e) => {
                let _ = writeln!(err, "solve: reading stdin failed: {e}");
                return 1;
            }
        };
        number += 1;
        // A longer line is no position: its bytes were skipped, not kept.
        let answered =
            if cut { Err(format!("longer than {MAX_LINE} bytes")) } else { answer(&mut solver, &line) };
        let reply = answered.unwrap_or_else(|e| {
            failed = true;
            json!({ "error": format!("line {number}: {e}") })
        });
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return 1;
        }
    }
    u8::from(failed)
}

/// One line's answer, or why it has none.
fn answer(solver: &mut Solver, bytes: &[u8]) -> Result<Value, String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_owned())?;
    let text = text.trim();
    if text.is_empty() {
        return Err("blank line: expected a JSON object with `table` and `rack`".to_owned());
    }
    let (position, options) = request(text)?;
    let start = Instant::now();
    let sol = solver.solve(&position, &options).map_err(|e| clip_message(&e))?;
    let micros = u64::try_from(start.elapsed().as_micros()).unwrap_or(u64::MAX);
    let names = |tiles: &[Tile]| tiles.iter().map(Tile::to_string).collect::<Vec<_>>();
    Ok(json!({
        "tiles_placed": sol.tiles_placed,
        "value_placed": sol.value_placed,
        "placed": names(&sol.placed),
        "table": sol.table.iter().map(|m| names(m.faces())).collect::<Vec<_>>(),
        "micros": micros,
    }))
}

/// Parses one request line into a position and options.
fn request(text: &str) -> Result<(Position, SolveOptions), String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("bad JSON: {e}"))?;
    let Value::Object(fields) = value else { return Err("expected a JSON object".to_owned()) };
    const KNOWN: [&str; 8] = [
        "table",
        "rack",
        "objective",
        "opened",
        "threshold",
        "initial_joker_value",
        "joker_value",
        "tile_set",
    ];
    if let Some(unknown) = fields.keys().find(|k| !KNOWN.contains(&k.as_str())) {
        return Err(format!("unknown field `{}`; the fields are {}", clip(unknown), KNOWN.join(", ")));
    }
    let tiles = |name: &str| -> Result<Vec<Tile>, String> {
        let list = fields.get(name).ok_or_else(|| format!("missing field `{name}`"))?;
        let Value::Array(items) = list else { return Err(format!("`{name}` must be an array of tiles")) };
        items
            .iter()
            .map(|item| match item {
                Value::String(s) => s.parse::<Tile>().map_err(|e| format!("{name}: {}", clip_message(&e))),
                _ => Err(format!("`{name}` must be an array of tile strings such as \"r5\"")),
            })
            .collect()
    };
    let table = tiles("table")?;
    let rack = tiles("rack")?;
    let mut options = SolveOptions::default();
    if let Some(text) = string(&fields, "objective")? {
        options = options.with_objective(
            objective(text).ok_or_else(|| format!("objective `{}`: expected tiles or value", clip(text)))?,
        );
    }
    match fields.get("opened") {
        None => {}
        Some(Value::Bool(b)) => options = options.with_opened(*b),
        Some(_) => return Err("`opened` must be true or false".to_owned()),
    }
    if let Some(n) = number(&fields, "threshold")? {
        options = options.with_threshold(n);
    }
    if let Some(text) = string(&fields, "initial_joker_value")? {
        options =
            options.with_initial_joker_value(initial_joker_value(text).ok_or_else(|| {
                format!("initial_joker_value `{}`: expected represented or zero", clip(text))
            })?);
    }
    if let Some(n) = number(&fields, "joker_value")? {
        options = options.with_joker_value(n);
    }
    if let Some(text) = string(&fields, "tile_set")? {
        options = options.with_tile_set(
            tile_set(text).ok_or_else(|| format!("tile_set `{}`: expected standard or xp160", clip(text)))?,
        );
    }
    Ok((Position::new(table, rack), options))
}

fn string<'a>(fields: &'a Map<String, Value>, name: &str) -> Result<Option<&'a str>, String> {
    match fields.get(name) {
        None => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(_) => Err(format!("`{name}` must be a string")),
    }
}

fn number(fields: &Map<String, Value>, name: &str) -> Result<Option<u32>, String> {
    match fields.get(name) {
        None => Ok(None),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .map(Some)
            .ok_or_else(|| format!("`{name}` must be a whole number from 0 to {}", u32::MAX)),
    }
}

#[cfg(test)]
mod tests {
    use crate::cli;

    /// Runs `solve` with `args`; (status, stdout, stderr).
    fn solve(args: &[&str]) -> (u8, String, String) {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let status = cli::solve(args.iter().map(Into::into), &mut &b""[..], &mut out, &mut err);
        (status, String::from_utf8(out).expect("UTF-8"), String::from_utf8(err).expect("UTF-8"))
    }

    /// A position no game holds is a bad value of `--table` or `--rack`: refused with
    /// status 2, naming the flag whose tiles are at fault, nothing printed on stdout.
    #[test]
    fn an_impossible_position_is_a_usage_error_naming_its_flag_rules_1_1() {
        for (args, message) in [
            (&["--rack", "J J J"][..], "solve: --rack: 3 jokers, but the tile set holds only 2\n"),
            (&["--table", "r5 r5 r5"], "solve: --table: 3 copies of r5, but the tile set holds only 2\n"),
            (
                &["--table", "r5 r5 b5 y5", "--rack", "r5"],
                "solve: --table and --rack: 3 copies of r5, but the tile set holds only 2\n",
            ),
            (
                &["--xp", "--rack", "k1 k1 k1 k1"],
                "solve: --rack: 4 copies of k1, but the tile set holds only 3\n",
            ),
            (
                &["--table", "r1 r2", "--rack", "b9"],
                "solve: --table: the table tiles cannot be arranged into valid melds\n",
            ),
            (
                &["--table", "r1 r2", "--rack", "r3", "--initial"],
                "solve: --table: the table tiles cannot be arranged into valid melds\n",
            ),
        ] {
            let (status, out, err) = solve(args);
            assert_eq!(status, cli::USAGE, "{args:?}: {err}");
            assert!(out.is_empty(), "{args:?}: {out}");
            assert!(err.starts_with(message), "{args:?}: {err:?}");
            assert!(err.ends_with("run `solve --help` for the flags\n"), "{err:?}");
        }
    }

    /// The same tiles in a position a game can hold are solved: the refusals above are
    /// of the position, not of the flags.
    #[test]
    fn the_same_tiles_where_the_set_holds_them_are_solved_rules_1_1() {
        for args in [
            &["--xp", "--rack", "J J J"][..],
            &["--xp", "--rack", "r5 r5 r5"],
            &["--table", "r1 r2", "--rack", "r3"],
        ] {
            let (status, out, err) = solve(args);
            assert_eq!(status, cli::SUCCESS, "{args:?}: {err}");
            assert!(out.contains("new table"), "{args:?}: {out}");
        }
    }
}
