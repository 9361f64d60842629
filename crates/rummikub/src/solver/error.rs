//! [`SolveError`]: why a position cannot be solved.

use rummykit_core::{MeldError, ParseError, Tile};
use thiserror::Error;

use super::Solution;
use crate::PlayError;

/// The end of [`SolveError::Unproven`]'s message: whether a play was found.
fn found(best: Option<&Solution>) -> String {
    match best {
        Some(b) => {
            let s = if b.tiles_placed == 1 { "" } else { "s" };
            format!("an allowed play placing {} tile{s} was found, not proven best", b.tiles_placed)
        }
        None => "no allowed play placing a tile was found".to_string(),
    }
}

/// Why [`solve`](super::solve) refused a position, or why
/// [`Solver::solve_turn`](super::Solver::solve_turn) could not prove its answer
/// ([`Unproven`](SolveError::Unproven), which may carry an allowed play: [`best`](SolveError::best)).
/// Every variant names the offending tile or meld; the solver never panics on a caller's
/// input.
///
/// ```
/// use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, solve};
/// let pos = Position::parse("r5 r5", "r5")?;
/// let err = solve(&pos, &SolveOptions::default()).unwrap_err();
/// assert_eq!(err, SolveError::TooManyCopies { tile: "r5".parse()?, count: 3, max: 2 });
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
    /// high as a proven bound, so no answer is proven best (the solver does not yet
    /// model that rule inside its search, or the turn's work ran out). [`best`] still
    /// holds the best allowed play found, so a caller needs no fallback of its own.
    ///
    /// [`best`]: SolveError::Unproven::best
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, Tile, parse_list};
    /// use rummykit_rummikub::solver::{Objective, SolveError, Solver};
    /// use rummykit_rummikub::{Config, MELD_RULES, PlayError, TileCounts, check_play};
    ///
    /// let meld = |k, s: &str| Meld::new(k, &parse_list::<Tile>(s).unwrap(), &MELD_RULES).unwrap();
    /// let table = [
    ///     meld(MeldKind::Run, "y2 J y4 y5"),
    ///     meld(MeldKind::Group, "r1 J y1 k1"),
    ///     meld(MeldKind::Group, "r9 b9 y9"),
    /// ];
    /// let rack = parse_list::<Tile>("b2 b1 k9")?;
    /// let mut locked = Config::STANDARD;
    /// locked.joker_melds_locked = true;
    /// // The puzzle's best play breaks the locked run; what is best instead is not
    /// // proven, but k9 laid off at the group is allowed, and the answer carries it.
    /// let err = Solver::new().solve_turn(&table, &rack, &locked, true, Objective::Tiles).unwrap_err();
    /// let SolveError::Unproven { refused, best: Some(play) } = &err else { panic!("{err}") };
    /// assert_eq!(*refused, PlayError::JokerMeldLocked { meld: 0 });
    /// assert_eq!(play.placed, parse_list::<Tile>("k9")?);
    /// let held: TileCounts = rack.iter().copied().collect();
    /// assert!(check_play(&locked, &table, &held, true, &play.table).is_ok());
    /// assert!(err.to_string().ends_with("an allowed play placing 1 tile was found, not proven best"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[error("the best play under the meld rules is refused ({refused}); {}", found(.best.as_deref()))]
    Unproven {
        /// Why the engine refuses the meld puzzle's best play.
        #[source]
        refused: PlayError,
        /// The best play found that [`check_play`](crate::check_play) accepts under the
        /// same rules (checked before it is attached), not proven best: ranked by the
        /// turn's objective, the better of the plays the search checked and the
        /// rack-only play (new melds of rack tiles, then, once opened, lay-offs at the
        /// ends of the table's melds; ties go to it, which leaves the old melds whole).
        /// `None` when no allowed play placing a tile was found. Boxed to keep the error
        /// small.
        best: Option<Box<Solution>>,
    },
}

impl SolveError {
    /// The allowed play an [`Unproven`](SolveError::Unproven) answer carries (a play
    /// [`check_play`](crate::check_play) accepts, not proven best); `None` for every
    /// other error, and for an `Unproven` that found none. For a caller that wants a
    /// play whenever one was found: `?` or `.ok()` on the answer would drop it.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, Tile, parse_list};
    /// use rummykit_rummikub::solver::{Objective, Solution, SolveError, Solver};
    /// use rummykit_rummikub::{Config, MELD_RULES};
    ///
    /// /// The proven best play, or else the allowed play found, or else none.
    /// fn hint(answer: Result<Solution, SolveError>) -> Option<Solution> {
    ///     match answer {
    ///         Ok(best) => Some(best),
    ///         Err(e) => e.best().cloned(),
    ///     }
    /// }
    /// let meld = |k, s: &str| Meld::new(k, &parse_list::<Tile>(s).unwrap(), &MELD_RULES).unwrap();
    /// let table = [meld(MeldKind::Run, "y2 J y4 y5"), meld(MeldKind::Group, "r9 b9 y9")];
    /// let rack = parse_list::<Tile>("y3 k9")?;
    /// let mut locked = Config::STANDARD;
    /// locked.joker_melds_locked = true;
    /// let answer = Solver::new().solve_turn(&table, &rack, &locked, true, Objective::Tiles);
    /// let play = hint(answer).expect("k9 fits the group at least");
    /// assert!(play.tiles_placed >= 1);
    /// assert_eq!(SolveError::TableNotMeldable.best(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn best(&self) -> Option<&Solution> {
        match self {
            SolveError::Unproven { best, .. } => best.as_deref(),
            _ => None,
        }
    }
}
