//! [`Objective`] and [`SolveOptions`]: what the solver maximises and under which rules.

use rummykit_core::{Catalog, Tile};

use crate::InitialJokerValue;

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
///     .with_tile_set(rummykit_rummikub::TileSet::Xp160.catalog());
/// assert_eq!(opts.joker_value, 30);
/// assert!(!opts.opened);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
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
    /// The tile set: [`TileSet::Standard106`](crate::TileSet::Standard106) (106 tiles) or
    /// [`TileSet::Xp160`](crate::TileSet::Xp160) (160 tiles, `RULES.md` §1.1).
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
    #[must_use]
    pub const fn with_objective(mut self, objective: Objective) -> Self {
        self.objective = objective;
        self
    }

    /// These options with the player opened (`true`) or not yet (`false`).
    #[must_use]
    pub const fn with_opened(mut self, opened: bool) -> Self {
        self.opened = opened;
        self
    }

    /// These options with another initial-meld threshold.
    #[must_use]
    pub const fn with_threshold(mut self, threshold: u32) -> Self {
        self.threshold = threshold;
        self
    }

    /// These options with another value per placed joker.
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

    /// These options with another tile set.
    #[must_use]
    pub const fn with_tile_set(mut self, tile_set: Catalog<Tile>) -> Self {
        self.tile_set = tile_set;
        self
    }
}
