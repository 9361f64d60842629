//! [`DriverError`]: why a driver (a hand, a match, a recording, a tournament) stopped.

use thiserror::Error;

use crate::plural::plural;
use crate::{DealError, MatchError, Seat};

/// Why a driver stopped before the end: the one error of [`play_hand`](crate::play_hand),
/// [`Match::play`](crate::Match::play), [`record_match`](crate::record_match) and
/// [`tournament`](fn@crate::tournament). The field `hand` counts from 0 within the run
/// (the hand of a match, the game of a tournament), as indices do, while the messages
/// number hands from 1, as a person counts them; seats (and a tournament's entries) are
/// the indices a program passes, from 0, in the fields and the messages alike. A message
/// that names a hand and a seat says how each is counted.
///
/// The game's and the match's reasons are kept as the error's
/// [`source`](std::error::Error::source), so a report walks the chain.
///
/// With the `serde` feature it is `Serialize`, not `Deserialize`, as the
/// [`DealError`](crate::DealError) it may hold (whose names are `&'static str`): a
/// service sends it as JSON, externally tagged (`{"Variant":{"field":value}}`, a unit
/// variant as `"Variant"`).
///
/// ```
/// use std::error::Error;
/// use rummykit_core::{DriverError, NotYourTurn};
/// let e = DriverError::IllegalAction { hand: 2, seat: 1, error: NotYourTurn { seat: 1, to_move: 0 } };
/// assert_eq!(e.to_string(), "hand 3 (counting from 1): seat 1 (counting from 0) chose an illegal action");
/// assert_eq!(e.source().unwrap().to_string(), "it is not seat 1's turn: seat 0 is to move");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum DriverError<E: std::error::Error + 'static> {
    /// The players (bots) are not one per seat.
    #[error("{} for {}", plural(*bots, "player"), plural(*seats, "seat"))]
    BotCount {
        /// Players given.
        bots: usize,
        /// Seats to fill.
        seats: usize,
    },
    /// A player chose an action the game refused (and did not ask to choose again).
    #[error("hand {} (counting from 1): seat {seat} (counting from 0) chose an illegal action", hand.saturating_add(1))]
    IllegalAction {
        /// The hand, from 0.
        hand: usize,
        /// The seat whose player erred.
        seat: Seat,
        /// The game's reason.
        #[source]
        error: E,
    },
    /// A tournament entry's bot chose an action the game refused. Entries change seats
    /// from hand to hand, so the entry (the first argument of the tournament's
    /// `make_bot`) names the bot; the seat is where it sat in that hand.
    ///
    /// ```
    /// use rummykit_core::{DriverError, NotYourTurn};
    /// let e = DriverError::EntryIllegalAction { hand: 4, entry: 2, seat: 0, error: NotYourTurn { seat: 0, to_move: 1 } };
    /// assert_eq!(
    ///     e.to_string(),
    ///     "hand 5 (counting from 1): entry 2, at seat 0 (both counting from 0), chose an illegal action"
    /// );
    /// ```
    #[error(
        "hand {} (counting from 1): entry {entry}, at seat {seat} (both counting from 0), chose an illegal action",
        hand.saturating_add(1)
    )]
    EntryIllegalAction {
        /// The hand, from 0.
        hand: usize,
        /// The entry whose bot erred.
        entry: usize,
        /// The seat it held in that hand.
        seat: Seat,
        /// The game's reason.
        #[source]
        error: E,
    },
    /// A hand did not end within the action limit. Under rules that let a hand repeat
    /// forever (classic rummy's unshuffled restocks with no `max_restocks`, `RULES.md`
    /// §2.5) this is how a driven hand that nobody can win stops.
    #[error("hand {} did not end within {}", hand.saturating_add(1), plural(*actions, "action"))]
    TooLong {
        /// The hand, from 0.
        hand: usize,
        /// The limit.
        actions: usize,
    },
    /// A player stopped the match (a person who quit, a script that ran out).
    #[error("seat {seat} stopped the match")]
    Stopped {
        /// The seat that stopped.
        seat: Seat,
    },
    /// The game refused to deal a hand.
    #[error("hand {}: the game could not deal it", hand.saturating_add(1))]
    Deal {
        /// The hand, from 0.
        hand: usize,
        /// The game's reason.
        #[source]
        error: DealError,
    },
    /// The match refused the terms or an outcome (see [`MatchError`]; a refused deal is
    /// [`DriverError::Deal`]).
    #[error("the match refused its terms or an outcome")]
    Match(#[source] MatchError),
}

impl<E: std::error::Error + 'static> DriverError<E> {
    /// The driver's error for a match's refusal during hand `hand`: a refused deal is
    /// [`DriverError::Deal`], anything else [`DriverError::Match`].
    pub(crate) fn from_match(hand: usize, error: MatchError) -> Self {
        match error {
            MatchError::Deal(error) => DriverError::Deal { hand, error },
            other => DriverError::Match(other),
        }
    }
}
