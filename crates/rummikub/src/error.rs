//! Why a play, an action or a staging step was refused.

use rummykit_core::{MeldError, NotYourTurn, Seat, Tile};
use thiserror::Error;

/// Why [`check_play`](crate::check_play) refused a proposed table (RULES.md §1.3
/// commit conditions, §1.5, §1.6, §4.1). Meld indexes say which meld, counted from 0:
/// "new" indexes count in the proposed table, "old" indexes (the other variants) in the
/// table at the start of the turn.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
/// use rummykit_rummikub::{PlayError, Config, TileCounts, check_play};
///
/// let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &rummykit_rummikub::MELD_RULES).unwrap();
/// let table = [run("b2 b3 b4 b5")];
/// let rack: TileCounts = "y9".parse()?;
/// // An opened player may rearrange, but no table tile may go back to the rack.
/// assert_eq!(
///     check_play(&Config::STANDARD, &table, &rack, true, &[run("b2 b3 b4")]),
///     Err(PlayError::TableTileTaken { tile: "b5".parse()? })
/// );
/// // Nothing from the rack: the table is the same.
/// assert_eq!(check_play(&Config::STANDARD, &table, &rack, true, &table), Err(PlayError::NoRackTile));
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PlayError {
    /// §1.3 (1): the new table holds fewer copies of a tile than the old one, so a table
    /// tile would go back to a rack.
    #[error("{tile} is missing from the new table: tiles on the table may not go back to a rack")]
    TableTileTaken {
        /// The tile that disappeared from the table.
        tile: Tile,
    },
    /// §1.3 (1): the new table holds more copies of a tile than the old table and the
    /// rack together.
    #[error("{tile} is played but the rack does not hold it")]
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
    #[error("a play must add at least one tile from the rack")]
    NoRackTile,
    /// §1.3 (3), §1.4: a meld of the new table is not a valid Rummikub group or run.
    #[error("meld {index} of the new table is not a valid group or run: {error}")]
    InvalidMeld {
        /// Index in the new table.
        index: usize,
        /// Why.
        #[source]
        error: MeldError,
    },
    /// §1.5: before the initial meld is down (in an earlier turn) the table may not be
    /// touched; this old meld is not on the new table unchanged.
    #[error(
        "the melds on the table may not be changed until after the initial meld; meld {meld} was changed"
    )]
    InitialMeldTouchesTable {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.5: the new melds of the initial meld are worth too little.
    #[error("the initial meld is worth {got} points; it needs at least {needed}")]
    InitialMeldBelowThreshold {
        /// The threshold.
        needed: u32,
        /// The value of the melds laid from the rack.
        got: u32,
    },
    /// §1.6 `joker_melds_locked`: a meld holding a joker was split or lost tiles.
    #[error("meld {meld} holds a joker, so it may only be extended at its ends")]
    JokerMeldLocked {
        /// Index in the old table.
        meld: usize,
    },
    /// §4.1 Schmidt (`JokerRelease::ExactTile`): a joker left its table meld (it neither
    /// stands for the same tile in a run nor stays with two other tiles of its meld)
    /// without the tile it stood for being put in its place, under every reading of the
    /// play.
    #[error(
        "a joker left meld {meld}, but a joker may leave only when the tile it stands for takes its place"
    )]
    JokerNotReplaced {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `group3_joker_needs_both`: a joker of a group of three is freed only when
    /// both missing colours are added.
    #[error("the joker of the group of three {meld} is freed only when both missing colours are added")]
    Group3JokerNeedsBoth {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `joker_replacement_source = RackOnly`: the tile that frees the joker must
    /// come from the rack.
    #[error("the joker of meld {meld} can only be freed by its tile played from the rack")]
    JokerReplacementNotFromRack {
        /// Index in the old table.
        meld: usize,
    },
    /// §1.6 `joker_reuse`: a freed joker does not sit in a meld with enough tiles
    /// played from the rack (one, or all others and at least two), whichever copies are
    /// read as the played ones.
    #[error("the freed joker in new meld {meld} must be played with tiles from the rack in the same meld")]
    JokerNotReused {
        /// Index in the new table.
        meld: usize,
    },
    /// §4.1 Schmidt: a meld partly broken up must keep at least three of its tiles
    /// together (or be broken up completely), whichever identical copies are read as
    /// its own; a tile exchanged for one of its jokers counts as its tile.
    #[error("meld {meld} was partly broken up with only {together} of its tiles left together; 3 must stay")]
    KeepThreeViolated {
        /// Index in the old table.
        meld: usize,
        /// The most of its tiles that still share a meld.
        together: usize,
    },
    /// Not a rule violation: the play could not be decided within the bounded search
    /// over which identical copy went where — its physical readings (§1.6, §4.1), or,
    /// with manipulation in the turn of the initial meld (§1.5), which new melds count
    /// as made of the played tiles — so it is neither accepted nor found illegal. Rare:
    /// one of 1,320 seeded crowded stress tables (see the design notes, known
    /// limitations); the player may reach the same table in smaller steps.
    #[error(
        "the play could not be decided within {limit} choices (of which identical copy went where, or which new melds count toward the initial meld)"
    )]
    ReadingsUndecided {
        /// The number of choices the search may make.
        limit: u32,
    },
}

/// Why [`Rummikub::apply`](rummykit_core::Game::apply) refused an action. The game is
/// unchanged after any of them.
///
/// With the `serde` feature it is written externally tagged, as derived
/// (`{"OptionOff":{"option":"timer"}}`); read back, the option of
/// [`OptionOff`](ActionError::OptionOff) must be one an action needs on (`timer`,
/// `abandon_penalty`), else it is refused.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Game, NotYourTurn};
/// use rummykit_rummikub::{Action, ActionError, Config, Rummikub, Setup, TileSet};
///
/// let mut setup = Setup::new(vec!["r1 r2".parse()?, "k1 k2".parse()?]);
/// setup.fill_pool(TileSet::Standard106);
/// let mut game = Rummikub::from_setup(&Config::STANDARD, setup).expect("a valid position");
/// let before = game.clone();
/// // Passing is for an empty pool; the timer is off by default.
/// assert_eq!(game.apply(0, Action::Pass), Err(ActionError::PassWithPoolNonEmpty { pool: 102 }));
/// assert_eq!(
///     game.apply(0, Action::Timeout { pending_changes: false }),
///     Err(ActionError::OptionOff { option: "timer" })
/// );
/// // Seat 0 is to move: seat 1 is refused before its action is looked at.
/// assert_eq!(
///     game.apply(1, Action::Draw),
///     Err(ActionError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }))
/// );
/// assert_eq!(game, before);
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum ActionError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The action was offered for a seat that is not to move.
    #[error(transparent)]
    NotYourTurn(#[from] NotYourTurn),
    /// The play breaks a rule.
    #[error("play refused: {0}")]
    Play(#[from] PlayError),
    /// §1.7: the pool is empty; pass instead of drawing.
    #[error("the pool is empty: there is nothing to draw, pass instead")]
    PoolEmpty,
    /// §1.3: passing is only allowed when the pool is empty.
    #[error("passing is only allowed when the pool is empty; {} left", left_words(*pool))]
    PassWithPoolNonEmpty {
        /// Tiles in the pool.
        pool: usize,
    },
    /// The action needs an option that is off (`timer` for a timeout,
    /// `abandon_penalty` for an abandon).
    #[error("the option `{option}` is off")]
    OptionOff {
        /// The option's field name in [`Config`](crate::Config).
        option: &'static str,
    },
}

/// Why a [`Staging`](crate::Staging) step was refused. The staging area and the game
/// are unchanged after any of them.
///
/// ```
/// use rummykit_rummikub::rummykit_core::Game;
/// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
///
/// let mut setup = Setup::new(vec!["r10 r11 r12".parse()?, "k1 k2".parse()?]);
/// setup.fill_pool(TileSet::Standard106);
/// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
/// let mut turn = Staging::new(&game)?;
/// let m = turn.new_meld(None);
/// assert_eq!(turn.place("b9".parse()?, m, 0), Err(StagingError::NotInRack { tile: "b9".parse()? }));
/// turn.place("r10".parse()?, m, 0)?;
/// assert_eq!(turn.draw(&mut game), Err(StagingError::DrawAfterChanges)); // §1.3
/// let message = turn.draw(&mut game).unwrap_err().to_string();
/// assert_eq!(message, "cannot draw after changing the table: reset first");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum StagingError {
    /// The staging area belongs to a seat whose turn it is not (any more).
    #[error("it is not seat {seat}'s turn: {}", to_move_words(*to_move))]
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
    #[error("cannot draw after changing the table: reset first")]
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
    #[error("{tile} came from the table and may not go back to the rack")]
    NotFromRack {
        /// The tile.
        tile: Tile,
    },
    /// The committed action was refused.
    #[error(transparent)]
    Action(#[from] ActionError),
}

/// The tiles left in the pool, in words: "1 tile is", "102 tiles are".
fn left_words(pool: usize) -> String {
    if pool == 1 { "1 tile is".to_owned() } else { format!("{pool} tiles are") }
}

/// Whose turn it is, in words: "seat 1 is to move", or "no seat is to move".
fn to_move_words(to_move: Option<Seat>) -> String {
    match to_move {
        Some(seat) => format!("seat {seat} is to move"),
        None => "no seat is to move".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::{ActionError, StagingError};

    /// §1.3: a pass refused while tiles are left says how many, one tile in the singular.
    #[test]
    fn rules_1_3_refused_pass_counts_the_pool_in_words() {
        let e = |pool| ActionError::PassWithPoolNonEmpty { pool }.to_string();
        assert_eq!(e(1), "passing is only allowed when the pool is empty; 1 tile is left");
        assert_eq!(e(2), "passing is only allowed when the pool is empty; 2 tiles are left");
        assert_eq!(e(102), "passing is only allowed when the pool is empty; 102 tiles are left");
    }

    /// Whose turn it is reads in words, with or without a seat to move.
    #[test]
    fn not_your_turn_names_the_seat_to_move_in_words() {
        let e = StagingError::NotYourTurn { seat: 0, to_move: Some(1) };
        assert_eq!(e.to_string(), "it is not seat 0's turn: seat 1 is to move");
        let e = StagingError::NotYourTurn { seat: 2, to_move: None };
        assert_eq!(e.to_string(), "it is not seat 2's turn: no seat is to move");
    }
}
