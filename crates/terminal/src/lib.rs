//! The terminal front end of rummykit's examples `play`, `simulate` and `solve`.
//!
//! This package is not published and not part of the library's API: it is the engine
//! room of the three command-line tools, kept in a crate of its own so that the examples
//! stay thin and tests can drive every tool with scripted input, captured output and
//! the exit status, exactly as a shell would see them.
//!
//! * [`cli`]: the three tools as functions of their arguments, input and output,
//!   returning the exit status (0 success, 1 failure, 2 a usage error).
//! * [`run`]: a match of any game between bots and (at most) one person, recorded and
//!   replayed; [`simulate`](fn@simulate): many games between bots on every core.
//!
//! ```
//! use rummykit::Variant;
//! use rummykit_terminal::{Input, Options, run};
//!
//! let mut options = Options::new(Variant::Rummikub);
//! options.players = 2;
//! options.seed = 5;
//! options.human = Some(0);
//! options.hands = Some(1);
//! // The person types one wrong command and draws once; then the input ends and a
//! // bot takes over the seat.
//! let mut transcript = Vec::new();
//! let summary = run(&options, Input::plain("draw r99\ndraw\n".as_bytes()), &mut transcript)?;
//! let text = String::from_utf8(transcript).unwrap();
//! assert!(text.contains("error:"));
//! assert_eq!(summary.totals.len(), 2);
//! assert!(summary.finished && summary.replayed);
//! # Ok::<(), rummykit_terminal::PlayError>(())
//! ```
#![forbid(unsafe_code)]

mod args;
mod cards;
pub mod cli;
mod input;
mod play;
mod rummikub;
mod simulate;
mod solve;
mod style;
mod text;
mod variant_rules;

pub use args::UsageError;
pub use input::{Input, MAX_LINE};
pub use play::{CLASSIC_RESTOCKS, MAX_HANDS, Options, PlayError, RUMMY40_RESTOCKS, Summary, run};
pub use simulate::{BotSummary, MAX_GAMES, MAX_THREADS, SimOptions, SimSummary, simulate};
pub use style::Style;

/// A seed for item `index` of a run seeded with `seed`: core's, which deals the games
/// of a simulation; the terminal seeds the bots of a table with it too.
pub use rummykit_core::derive_seed;
