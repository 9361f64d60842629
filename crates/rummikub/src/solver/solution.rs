//! [`Solution`]: the best play found.

use rummykit_core::{Meld, Tile};

/// The best play: the complete new table and the rack tiles placed.
///
/// Every meld is valid under [`MELD_RULES`](crate::MELD_RULES);
/// the table holds every table tile of the position plus exactly the tiles in
/// [`placed`](Self::placed). When nothing can be placed, `placed` is empty and `table`
/// is the table as it was (initial-meld mode) or laid out in valid melds.
///
/// ```
/// use rummykit_rummikub::solver::{Position, SolveOptions, solve};
/// let sol = solve(&Position::parse("r1 r2 r3", "r4 J")?, &SolveOptions::default())?;
/// assert_eq!(sol.tiles_placed, 2);
/// assert_eq!(sol.value_placed, 4 + 30);
/// assert_eq!(sol.table.len(), 1);
/// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct Solution {
    /// The complete table after the play, as validated melds.
    pub table: Vec<Meld<Tile>>,
    /// The rack tiles placed, sorted.
    pub placed: Vec<Tile>,
    /// `placed.len()`.
    pub tiles_placed: usize,
    /// Numbers of the natural tiles placed plus the joker value per joker placed.
    pub value_placed: u64,
}
