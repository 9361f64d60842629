//! [`Objective`] and [`SolveOptions`]: what the solver maximises and under which rules.

use rummykit_core::{Catalog, Tile};

use crate::InitialJokerValue;

/// How much work [`Solver::solve_turn`](super::Solver::solve_turn) spends proving a best
/// play where the rules in force refuse the meld puzzle's, before it answers
/// [`SolveError::Unproven`](super::SolveError::Unproven). Either way an answer is the proven
/// best legal play; the choice only moves turns between an answer and `Unproven`.
///
/// ```
/// use rummykit_rummikub::solver::{Solver, TurnProof};
/// assert_eq!(TurnProof::default(), TurnProof::Full);
/// let quick = Solver::new().with_turn_proof(TurnProof::Quick);
/// assert_eq!(quick.turn_proof(), TurnProof::Quick);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TurnProof {
    /// Every bound the solver knows, including the one for a released table joker that
    /// must end beside a rack tile (`JokerReuse::WithRackTile`, the default, and
    /// `NewMeldWithTwoRackTiles`, `RULES.md` §1.6): one puzzle solved per meld a table
    /// joker and a rack tile can form, a few milliseconds on the turns that need it.
    /// In greedy-bot games under the default rules, `Unproven` on fewer than one turn in
    /// 30,000; with two table jokers a turn may take a tenth of a second.
    #[default]
    Full,
    /// The bounds that cost about one solve each (the puzzle, the table jokers no play may
    /// release kept in their roles, locked joker melds kept whole): `Unproven` on about
    /// 4 % of greedy-bot turns under the default rules, at half the cost of a game.
    Quick,
}

/// What the solver maximises.
///
/// *Value* is the sum of the numbers of the natural tiles placed plus
/// [`SolveOptions::joker_value`] per joker placed (by default 30, the penalty a joker
/// costs on the rack, `RULES.md` §1.8).
///
/// ```
/// use rummykit_rummikub::solver::Objective;
/// assert_eq!(Objective::default(), Objective::Tiles);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Objective {
    /// Most tiles placed; ties broken by most value.
    #[default]
    Tiles,
    /// Most value placed; ties broken by most tiles.
    Value,
}

/// How to solve a position: the objective, whether the player has opened, and the
/// numbers the rules leave to the table.
///
/// Build it from [`SolveOptions::default`] (most tiles, opened, threshold 30, joker
/// value 30, the 106-tile set) and the `with_*` methods.
///
/// ```
/// use rummykit_core::{Catalog, Tile};
/// use rummykit_rummikub::solver::{Objective, SolveOptions};
/// let opts = SolveOptions::default()
///     .with_objective(Objective::Value)
///     .with_opened(false)
///     .with_threshold(50)
///     .with_tile_set(rummykit_rummikub::TileSet::Xp160);
/// assert_eq!(opts.joker_value, 30);
/// assert!(!opts.opened);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
#[non_exhaustive]
pub struct SolveOptions {
    /// What to maximise.
    pub objective: Objective,
    /// `true` once the player's initial meld is down (`RULES.md` §1.5): the table may
    /// be rearranged freely. `false`: initial-meld mode, new melds from rack tiles only,
    /// worth at least [`threshold`](Self::threshold), table untouched.
    pub opened: bool,
    /// Initial-meld threshold (`RULES.md` §1.5, default 30); jokers count the number
    /// they represent. Ignored when [`opened`](Self::opened).
    pub threshold: u32,
    /// Value of a placed joker for the objective (default 30, `RULES.md` §1.8).
    pub joker_value: u32,
    /// What a joker counts toward the initial-meld threshold (`RULES.md` §1.5): the
    /// number it represents (default) or nothing.
    pub initial_joker_value: InitialJokerValue,
    /// The tiles of the box, as a catalog: the standard 106
    /// ([`TileSet::Standard106`](crate::TileSet::Standard106), the default), the 160 of
    /// Rummikub XP ([`TileSet::Xp160`](crate::TileSet::Xp160), `RULES.md` §1.1), or any
    /// other number of copies and jokers ([`with_tile_set`](Self::with_tile_set) takes
    /// either).
    #[cfg_attr(feature = "serde", serde(with = "crate::serde_impls::tile_set"))]
    pub tile_set: Catalog<Tile>,
}

impl Default for SolveOptions {
    fn default() -> Self {
        SolveOptions {
            objective: Objective::Tiles,
            opened: true,
            threshold: 30,
            joker_value: 30,
            initial_joker_value: InitialJokerValue::Represented,
            tile_set: crate::TileSet::Standard106.catalog(),
        }
    }
}

impl SolveOptions {
    /// These options with another objective.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Objective, Position, SolveOptions, solve};
    /// // The one joker goes either into r1 r2 J r4 (4 tiles) or into k13 b13 J (worth more).
    /// let pos = Position::parse("", "r1 r2 r4 k13 b13 J")?;
    /// let most_tiles = solve(&pos, &SolveOptions::default())?;
    /// assert_eq!((most_tiles.tiles_placed, most_tiles.value_placed), (4, 1 + 2 + 4 + 30));
    /// let most_value = solve(&pos, &SolveOptions::default().with_objective(Objective::Value))?;
    /// assert_eq!((most_value.tiles_placed, most_value.value_placed), (3, 13 + 13 + 30));
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub const fn with_objective(mut self, objective: Objective) -> Self {
        self.objective = objective;
        self
    }

    /// These options with the player opened (`true`) or not yet (`false`).
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Position, SolveOptions, solve};
    /// // Before the initial meld the table may not be touched: r4 cannot join r1 r2 r3.
    /// let pos = Position::parse("r1 r2 r3", "r4")?;
    /// assert_eq!(solve(&pos, &SolveOptions::default())?.tiles_placed, 1);
    /// assert_eq!(solve(&pos, &SolveOptions::default().with_opened(false))?.tiles_placed, 0);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub const fn with_opened(mut self, opened: bool) -> Self {
        self.opened = opened;
        self
    }

    /// These options with another initial-meld threshold.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Position, SolveOptions, solve};
    /// // 5 + 6 + 7 = 18 points: too few for 30, enough for a threshold of 15.
    /// let pos = Position::parse("", "b5 b6 b7")?;
    /// let initial = SolveOptions::default().with_opened(false);
    /// assert_eq!(solve(&pos, &initial)?.tiles_placed, 0);
    /// assert_eq!(solve(&pos, &initial.with_threshold(15))?.tiles_placed, 3);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub const fn with_threshold(mut self, threshold: u32) -> Self {
        self.threshold = threshold;
        self
    }

    /// These options with another value per placed joker.
    ///
    /// ```
    /// use rummykit_rummikub::solver::{Objective, Position, SolveOptions, solve};
    /// // r1 r2 r3 and a joker as r4: what the placed joker is worth under the value objective.
    /// let pos = Position::parse("", "r1 r2 r3 J")?;
    /// let value = SolveOptions::default().with_objective(Objective::Value);
    /// assert_eq!(solve(&pos, &value)?.value_placed, 6 + 30);
    /// assert_eq!(solve(&pos, &value.with_joker_value(4))?.value_placed, 6 + 4);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub const fn with_joker_value(mut self, joker_value: u32) -> Self {
        self.joker_value = joker_value;
        self
    }

    /// These options with another count for jokers toward the initial-meld threshold.
    ///
    /// ```
    /// use rummykit_rummikub::InitialJokerValue;
    /// use rummykit_rummikub::solver::{Position, SolveOptions, solve};
    /// // r10 r11 J is worth 33 with the joker as r12, but only 21 if jokers count nothing.
    /// let pos = Position::parse("", "r10 r11 J")?;
    /// let opts = SolveOptions::default().with_opened(false);
    /// assert_eq!(solve(&pos, &opts)?.tiles_placed, 3);
    /// let zero = opts.with_initial_joker_value(InitialJokerValue::Zero);
    /// assert_eq!(solve(&pos, &zero)?.tiles_placed, 0);
    /// # Ok::<(), rummykit_rummikub::solver::SolveError>(())
    /// ```
    #[must_use]
    pub const fn with_initial_joker_value(mut self, value: InitialJokerValue) -> Self {
        self.initial_joker_value = value;
        self
    }

    /// These options with another box of tiles: a [`TileSet`](crate::TileSet), as
    /// [`Config::with_tile_set`](crate::Config::with_tile_set) takes it, or any catalog
    /// of tiles (other numbers of copies and jokers).
    ///
    /// ```
    /// use rummykit_core::{Catalog, Tile};
    /// use rummykit_rummikub::TileSet;
    /// use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, solve};
    /// // Three copies of a tile exist only in the 160-tile set.
    /// let pos = Position::parse("r5 b5 y5 r5 b5 k5", "r5 k5 y5")?;
    /// let refused = solve(&pos, &SolveOptions::default());
    /// assert!(matches!(refused, Err(SolveError::TooManyCopies { count: 3, max: 2, .. })));
    /// let xp = SolveOptions::default().with_tile_set(TileSet::Xp160);
    /// assert_eq!(xp.tile_set, TileSet::Xp160.catalog());
    /// assert_eq!(solve(&pos, &xp)?.tiles_placed, 3);
    /// // A home-made box of one copy of each tile, which no preset is.
    /// let single = SolveOptions::default().with_tile_set(Catalog::<Tile>::new(1, 1).expect("fits"));
    /// let twice = solve(&Position::parse("", "r5 r5")?, &single);
    /// assert!(matches!(twice, Err(SolveError::TooManyCopies { count: 2, max: 1, .. })));
    /// # Ok::<(), SolveError>(())
    /// ```
    #[must_use]
    pub fn with_tile_set(mut self, tile_set: impl Into<Catalog<Tile>>) -> Self {
        self.tile_set = tile_set.into();
        self
    }
}
