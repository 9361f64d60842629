//! Rummikub (the Sabra rules as sold in the box, every house rule of `RULES.md` §1.10,
//! and the Schmidt variant of §4.1) and an exact rearrangement solver.
#![forbid(unsafe_code)]

// --- solver (owned by the solver work) ---
pub mod solver;
pub use solver::{Objective, Position, Solution, SolveError, SolveOptions, Solver, solve};
// --- bots (owned by the bots work, issue #7) ---
mod bots;
pub use bots::{GreedyBot, RandomBot, SamplerBot, ThoroughBot};
// --- engine (owned by the engine work) ---
mod check;
mod error;
mod game;
mod rules;
mod score;
#[cfg(feature = "serde")]
mod serde_impls;
mod session;
mod staging;
mod tile_counts;
mod view;

pub use check::{PlayInfo, check_play};
pub use error::{ActionError, PlayError, StagingError};
pub use game::{Action, Rummikub, Setup};
pub use rules::{
    InitialJokerValue, JokerRelease, JokerReuse, MAX_PENALTY, PoolEmptyEnd, ReplacementSource, Rules,
    SessionRanking, TileSet, Timer,
};
pub use score::{GameEnd, rack_penalty, score_pool_empty, score_went_out};
pub use session::{Session, SessionView, session, session_terms, session_view};
pub use staging::{StagedMeld, Staging};
pub use tile_counts::TileCounts;
pub use view::{SeatSummary, View};
