//! The main example: a whole game at the terminal between bots, or with you in a seat.
//!
//! ```sh
//! cargo run --release --example play                                  # 4 bots play Rummikub
//! cargo run --release --example play -- --game scala40 --human 0      # you play seat 0
//! cargo run --release --example play -- --help
//! ```
//!
//! Everything happens in [`rummykit::terminal`]; this file only reads the arguments.

use std::io::{self, IsTerminal};
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use rummykit::terminal::{Options, Style, run};

fn main() -> ExitCode {
    let clock_seed = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() % 1_000_000);
    let mut options = match Options::parse(std::env::args().skip(1), clock_seed) {
        Ok(o) => o,
        Err(message) => {
            eprintln!("{message}");
            return if message.starts_with("usage") { ExitCode::SUCCESS } else { ExitCode::from(2) };
        }
    };
    options.style = Style::detect(io::stdout().is_terminal());
    options.echo |= !io::stdin().is_terminal() && options.human.is_some();
    match run(&options, io::stdin().lock(), io::stdout().lock()) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("play: {e}");
            ExitCode::FAILURE
        }
    }
}
