//! Many games between bots on every core, with a progress bar and a summary per bot.
//!
//! ```sh
//! cargo run --release --example simulate -- --game rummikub --bots random,greedy --games 2000
//! cargo run --release --example simulate -- --game rummy40 --players 3 --json
//! cargo run --release --example simulate -- --help
//! ```
//!
//! The same `--seed` gives the same summary whatever `--threads` is. The tool lives in
//! the `rummykit-terminal` package of this repository.

use std::io::{self, IsTerminal};
use std::process::ExitCode;

use rummykit_terminal::cli;

fn main() -> ExitCode {
    let status = cli::simulate(
        std::env::args_os().skip(1),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        io::stderr().is_terminal(),
    );
    ExitCode::from(status)
}
