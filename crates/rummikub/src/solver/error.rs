//! [`SolveError`]: why a position cannot be solved.

use rummykit_core::{MeldError, ParseError, Tile};
use thiserror::Error;

use crate::PlayError;

/// Why [`solve`](super::solve) refused a position. Every variant names the offending
/// tile or meld; the solver never panics on a caller's input.
///
/// ```
/// use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, solve};
/// let pos = Position::parse("r5 r5", "r5")?;
/// let err = solve(&pos, &SolveOptions::default()).unwrap_err();
/// assert_eq!(err, SolveError::TooManyCopies { tile: "r5".parse()?, count: 3, max: 2 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum SolveError {
    /// A tile could not be parsed (bad colour, number out of 1–13, ...).
    #[error("invalid tile: {0}")]
    Parse(#[from] ParseError),
    /// Table and rack together hold more copies of a tile than the tile set has.
    #[error("{count} copies of {tile} on table and rack, but the tile set holds only {max}")]
    TooManyCopies {
        /// The face that appears too often (the joker for too many jokers).
        tile: Tile,
        /// How many the position holds.
        count: usize,
        /// How many the tile set holds.
        max: u8,
    },
    /// More jokers than the solver supports ([`MAX_JOKERS`](super::MAX_JOKERS)); only
    /// reachable with a custom [`Catalog`](rummykit_core::Catalog).
    #[error("{count} jokers in the position, the solver supports at most {max}")]
    UnsupportedJokers {
        /// Jokers in the position.
        count: usize,
        /// The supported maximum.
        max: usize,
    },
    /// A meld given to [`Position::from_melds`](super::Position::from_melds) is not a
    /// valid Rummikub meld (`RULES.md` §1.4).
    #[error("table meld {index} is not a valid Rummikub meld: {error}")]
    InvalidMeld {
        /// Position of the meld in the list given.
        index: usize,
        /// Why it is invalid under [`MELD_RULES`](crate::MELD_RULES).
        #[source]
        error: MeldError,
    },
    /// The table tiles cannot be arranged into valid melds, not even with the help of
    /// rack tiles (opened mode) or on their own (initial-meld mode), so no table the
    /// engine can reach holds them.
    #[error("the table tiles cannot be arranged into valid melds")]
    TableNotMeldable,
    /// [`Solver::solve_turn`](super::Solver::solve_turn): the best play under the meld
    /// rules breaks a rule in force, and no play the rules allow was found that ranks as
    /// high, so no answer is proven best (the solver does not yet model that rule
    /// inside its search).
    #[error("the best play under the meld rules is refused ({refused}) and no allowed play was proven best")]
    Unproven {
        /// Why the engine refuses the meld puzzle's best play.
        #[source]
        refused: PlayError,
    },
}
