//! Writes the solver's benchmark positions as `solve --json` requests, one per line, for
//! `benches/reference_milp.py`:
//!
//! ```sh
//! cargo run --release -p rummykit-bench --bin bench_positions > positions.jsonl
//! ```

#[path = "positions.rs"]
mod positions;

use std::io::Write;
use std::process::ExitCode;

use rummykit::Tile;
use rummykit::rummikub::solver::Objective;

fn names(tiles: &[Tile]) -> Vec<String> {
    tiles.iter().map(Tile::to_string).collect()
}

fn main() -> ExitCode {
    let mut out = std::io::stdout().lock();
    for p in positions::bench_positions() {
        let o = &p.options;
        let request = serde_json::json!({
            "table": names(p.position.table()),
            "rack": names(p.position.rack()),
            "objective": if o.objective == Objective::Tiles { "tiles" } else { "value" },
            "opened": o.opened,
            "threshold": o.threshold,
            "joker_value": o.joker_value,
            "tile_set": if o.tile_set == rummykit_rummikub::TileSet::Xp160.catalog() { "xp160" } else { "standard" },
        });
        if writeln!(out, "{request}").is_err() {
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
