//! Why a play, an action or a staging step was refused.

use rummykit_core::{MeldError, Seat, Tile};
use thiserror::Error;

/// Why [`check_play`](crate::check_play) refused a proposed table (RULES.md §1.3
/// commit conditions, §1.5, §1.6, §4.1). Meld indexes say which meld: "new" indexes
/// count in the proposed table, "old" indexes in the table at turn start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum PlayError {
    /// §1.3 (1): the new table holds fewer copies of a tile than the old one, so a table
    /// tile would go back to a rack.
    #[error("a table tile may not go back to a rack (§1.3): {tile} is missing from the new table")]
    TableTileTaken {
        /// The tile that disappeared from the table.
        tile: Tile,
    },
    /// §1.3 (1): the new table holds more copies of a tile than the old table and the
    /// rack together.
    #[error("{tile} is played but the rack does not hold it (§1.3)")]
    NotInRack {
        /// The tile not on the rack.
        tile: Tile,
    },
    /// The new table holds more copies of a tile than the box has.
    #[error("the table holds {tile} more than the {max} times the box has it")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// Copies in the box.
        max: u8,
    },
    /// §1.3 (2): a play must add at least one tile from the rack.
    #[error("a play must add at least one tile from the rack (§1.3)")]
    NoRackTile,
    /// §1.3 (3), §1.4: a meld of the new table is not a valid Rummikub group or run.
    #[error("meld {index} of the new table is invalid (§1.4): {error}")]
    InvalidMeld {
        /// Index in the new table.
        index: usize,
        /// Why.
        error: MeldError,
    },
    /// §1.5: before the initial meld is down (in an earlier turn) the table may not be
    /// touched; this old meld is not on the new table unchanged.
    #[error("the initial meld may not touch the table (§1.5): old meld {meld} was changed")]
    InitialMeldTouchesTable {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.5: the new melds of the initial meld are worth too little.
    #[error("the initial meld is worth {got}, it needs at least {needed} (§1.5)")]
    InitialMeldBelowThreshold {
        /// The threshold.
        needed: u32,
        /// The value of the melds laid from the rack.
        got: u32,
    },
    /// §1.6 `joker_melds_locked`: a meld holding a joker was split or lost tiles.
    #[error("old meld {meld} holds a joker and may only be extended at its ends (§1.6 locked joker melds)")]
    JokerMeldLocked {
        /// Index in the old table.
        meld: usize,
    },
    /// §4.1 Schmidt (`JokerRelease::ExactTile`): a joker left its table meld (it neither
    /// stands for the same tile in a run nor stays with two other tiles of its meld)
    /// without the tile it stood for being put in its place, under every reading of the
    /// play.
    #[error("a joker left old meld {meld} without the tile it stands for taking its place (§4.1)")]
    JokerNotReplaced {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `group3_joker_needs_both`: a joker of a group of three is freed only when
    /// both missing colours are added.
    #[error("the joker of old group {meld} is freed only by both missing colours (§1.6)")]
    Group3JokerNeedsBoth {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `joker_replacement_source = RackOnly`: the tile that frees the joker must
    /// come from the rack.
    #[error("the joker of old meld {meld} may only be freed by its tile played from the rack (§1.6)")]
    JokerReplacementNotFromRack {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `joker_reuse`: a freed joker does not sit in a meld with enough tiles
    /// played from the rack (one, or all others and at least two), whichever copies are
    /// read as the played ones.
    #[error("the freed joker in new meld {meld} must be reused with tiles from the rack (§1.6)")]
    JokerNotReused {
        /// Index in the new table.
        meld: usize,
    },
    /// §4.1 Schmidt: a meld partly broken up must keep at least three of its tiles
    /// together (or be broken up completely), whichever identical copies are read as
    /// its own; a tile exchanged for one of its jokers counts as its tile.
    #[error(
        "old meld {meld} was partly broken up; only {together} of its tiles stay together, 3 must (§4.1)"
    )]
    KeepThreeViolated {
        /// Index in the old table.
        meld: usize,
        /// The most of its tiles that still share a meld.
        together: usize,
    },
}

/// Why [`Rummikub::apply`](rummykit_core::Game::apply) refused an action. The game is
/// unchanged after any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The play breaks a rule.
    #[error("play refused: {0}")]
    Play(#[from] PlayError),
    /// §1.7: the pool is empty; pass instead of drawing.
    #[error("the pool is empty: nothing to draw, pass instead (§1.7)")]
    PoolEmpty,
    /// §1.3: passing is only allowed when the pool is empty.
    #[error("a player may only pass when the pool is empty; {pool} tiles are left (§1.3)")]
    PassWithPoolNonEmpty {
        /// Tiles in the pool.
        pool: usize,
    },
    /// The action needs an option that is off (`timer` for a timeout,
    /// `abandon_penalty` for an abandon).
    #[error("the option `{option}` is off")]
    OptionOff {
        /// The option's field name in [`Rules`](crate::Rules).
        option: &'static str,
    },
}

/// Why a [`Staging`](crate::Staging) step was refused. The staging area and the game
/// are unchanged after any of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[non_exhaustive]
pub enum StagingError {
    /// The staging area belongs to a seat whose turn it is not (any more).
    #[error("it is not seat {seat}'s turn (to move: {to_move:?})")]
    NotYourTurn {
        /// The staging seat.
        seat: Seat,
        /// Whose turn it is.
        to_move: Option<Seat>,
    },
    /// The game moved on since the staging area was opened.
    #[error("the game has moved on since this turn was staged")]
    Stale,
    /// §1.3: a player cannot both play and draw; reset first.
    #[error("cannot draw with changes pending: reset first (§1.3)")]
    DrawAfterChanges,
    /// There is no staged meld with this index.
    #[error("no staged meld {meld}")]
    NoSuchMeld {
        /// The index asked for.
        meld: usize,
    },
    /// The staged meld has no tile at this position.
    #[error("staged meld {meld} has no position {position}")]
    NoSuchPosition {
        /// The meld.
        meld: usize,
        /// The position asked for.
        position: usize,
    },
    /// The rack does not hold the tile (any more).
    #[error("the rack holds no {tile}")]
    NotInRack {
        /// The tile.
        tile: Tile,
    },
    /// §1.3: only tiles placed from the rack this turn may go back to it.
    #[error("{tile} came from the table and may not go back to the rack (§1.3)")]
    NotFromRack {
        /// The tile.
        tile: Tile,
    },
    /// The committed action was refused.
    #[error(transparent)]
    Action(#[from] ActionError),
}
