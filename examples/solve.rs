//! The exact Rummikub solver from the command line.
//!
//! ```sh
//! cargo run --release --example solve -- --table "r1 r2 r3 k5 b5 y5" --rack "r4 J k13"
//! cargo run --release --example solve -- --rack "r10 b10 k10 y2" --initial --objective value
//! echo '{"table": ["r1","r2","r3"], "rack": ["r4","J"]}' | cargo run --release --example solve -- --json
//! cargo run --release --example solve -- --help
//! ```
//!
//! The tool lives in the `rummykit-terminal` package of this repository.

use std::io;
use std::process::ExitCode;

use rummykit_terminal::cli;

fn main() -> ExitCode {
    let status = cli::solve(
        std::env::args_os().skip(1),
        &mut io::stdin().lock(),
        &mut io::stdout().lock(),
        &mut io::stderr().lock(),
    );
    ExitCode::from(status)
}
