//! A whole match at the terminal between bots, or with you in a seat.
//!
//! ```sh
//! cargo run --release --example play                                  # 4 bots play Rummikub
//! cargo run --release --example play -- --game scala40 --human 1      # you play seat 1
//! cargo run --release --example play -- --help
//! ```
//!
//! The tool lives in the `rummykit-terminal` package of this repository; this file only
//! hands it the process's arguments and streams.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use rummykit_terminal::{Input, Style, cli};

fn main() -> ExitCode {
    let clock_seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() % 1_000_000);
    let style = Style::detect(io::stdout().is_terminal());
    let status = cli::play(
        std::env::args_os().skip(1),
        Input::stdin(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
        style,
        clock_seed,
    );
    ExitCode::from(status)
}
