//! [`Position`]: the tiles on the table and on the rack.

use rummykit_core::{Meld, Tile, parse_list};

use super::SolveError;

/// What the solver looks at: the tiles on the table and on the player's rack.
///
/// The table's meld structure does not matter when the player has opened (the table
/// may be rearranged freely), so a position holds the table as a flat list of tiles.
/// [`Position::from_melds`] also keeps the melds, which initial-meld mode then leaves
/// exactly as they are; without them it lays the table tiles out in valid melds itself.
///
/// ```
/// use rummykit_rummikub::solver::Position;
/// let pos = Position::parse("r1 r2 r3 k5 b5 y5", "r4 J k13")?;
/// assert_eq!(pos.table().len(), 6);
/// assert_eq!(pos.rack().len(), 3);
/// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_impls::PositionRepr")
)]
pub struct Position {
    table: Vec<Tile>,
    rack: Vec<Tile>,
    #[cfg_attr(feature = "serde", serde(skip_serializing_if = "Option::is_none"))]
    melds: Option<Vec<Meld<Tile>>>,
}

impl Position {
    /// A position from the table tiles (in any order or arrangement) and the rack.
    ///
    /// ```
    /// use rummykit_core::parse_list;
    /// use rummykit_rummikub::solver::Position;
    /// let pos = Position::new(parse_list("r1 r2 r3")?, parse_list("r4")?);
    /// assert!(pos.melds().is_none());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(table: impl IntoIterator<Item = Tile>, rack: impl IntoIterator<Item = Tile>) -> Position {
        Position { table: table.into_iter().collect(), rack: rack.into_iter().collect(), melds: None }
    }

    /// Parses table and rack in tile notation (`"r1 r2 r3 J"`).
    ///
    /// # Errors
    ///
    /// [`SolveError::Parse`] for the first token that is not a tile.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Position, SolveError};
    /// assert!(matches!(Position::parse("r1 r14", ""), Err(SolveError::Parse(_))));
    /// ```
    pub fn parse(table: &str, rack: &str) -> Result<Position, SolveError> {
        Ok(Position::new(parse_list(table)?, parse_list(rack)?))
    }

    /// A position from the table's melds and the rack. The melds are re-checked under
    /// [`MELD_RULES`](crate::MELD_RULES); initial-meld mode keeps them unchanged in its answer.
    ///
    /// # Errors
    ///
    /// [`SolveError::InvalidMeld`] for the first meld that is not a valid Rummikub meld
    /// (for example an ace-high run built under other rules).
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// use rummykit_rummikub::solver::Position;
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Tile>("b2 b3 b4")?, &rummykit_rummikub::MELD_RULES)?;
    /// let pos = Position::from_melds(&[run], parse_list("b5")?)?;
    /// assert_eq!(pos.table().len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_melds(
        melds: &[Meld<Tile>],
        rack: impl IntoIterator<Item = Tile>,
    ) -> Result<Position, SolveError> {
        for (index, meld) in melds.iter().enumerate() {
            Meld::new(meld.kind(), meld.faces(), &crate::MELD_RULES)
                .map_err(|error| SolveError::InvalidMeld { index, error })?;
        }
        let table = melds.iter().flat_map(|m| m.faces().iter().copied()).collect();
        Ok(Position { table, rack: rack.into_iter().collect(), melds: Some(melds.to_vec()) })
    }

    /// The table tiles.
    ///
    /// ```
    /// use rummykit_rummikub::solver::Position;
    /// let pos = Position::parse("r3 r1 r2", "J")?;
    /// assert_eq!(rummykit_core::format_list(pos.table()), "r3 r1 r2"); // as given: any order will do
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> &[Tile] {
        &self.table
    }

    /// The rack tiles.
    ///
    /// ```
    /// use rummykit_rummikub::solver::Position;
    /// let pos = Position::parse("", "k5 J b5")?;
    /// assert_eq!(pos.rack().len(), 3);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub fn rack(&self) -> &[Tile] {
        &self.rack
    }

    /// The table's melds, if the position was built with [`Position::from_melds`].
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind};
    /// use rummykit_rummikub::MELD_RULES;
    /// use rummykit_rummikub::solver::Position;
    /// let run = Meld::new(MeldKind::Run, &rummykit_core::parse_list("y4 y5 y6")?, &MELD_RULES)?;
    /// let pos = Position::from_melds(&[run], rummykit_core::parse_list::<rummykit_core::Tile>("y7")?)?;
    /// assert_eq!(pos.melds().map(<[_]>::len), Some(1));
    /// assert!(Position::parse("y4 y5 y6", "y7")?.melds().is_none()); // tiles only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn melds(&self) -> Option<&[Meld<Tile>]> {
        self.melds.as_deref()
    }
}
