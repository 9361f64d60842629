//! [`SeatView`]: what every game's view says the same way — whose view it is, whose
//! turn it is, and how the hand ended.

use crate::{HandView, Outcome, Seat};

/// The three facts every game's view holds, read the same way whatever the game: the
/// seat the view belongs to, the seat to move, and the outcome once the hand (a
/// Rummikub game) is over. Every game's `View`, `AnyView` and [`HandView`] implement
/// it, so a generic server or bot bounded by `G::View: SeatView` knows when to act
/// and when the hand is over without knowing the game.
///
/// The [`Game`](crate::Game) contract does not require it of `Game::View`: a toy game
/// whose view is a number would have to wrap it, and a driver needs none of it (it asks
/// the game).
///
/// ```
/// use rummykit_core::{HandView, Outcome, SeatView};
/// // A generic reader: who moves, and who won once it is over.
/// fn status(view: &impl SeatView) -> String {
///     match (view.to_move(), view.outcome()) {
///         (Some(seat), _) if seat == view.seat() => "your turn".to_owned(),
///         (Some(seat), _) => format!("seat {seat} to move"),
///         (None, Some(outcome)) => format!("over, won by {:?}", outcome.winners),
///         (None, None) => "over".to_owned(),
///     }
/// }
/// let mut view = HandView::default();
/// view.to_move = Some(0);
/// assert_eq!(status(&view), "your turn");
/// (view.to_move, view.outcome) = (None, Some(Outcome { points: vec![5, -5], winners: vec![0] }));
/// assert_eq!(status(&view), "over, won by [0]");
/// ```
pub trait SeatView {
    /// The seat this view belongs to.
    ///
    /// ```
    /// use rummykit_core::{HandView, SeatView};
    /// let mut view = HandView::default();
    /// view.seat = 2;
    /// assert_eq!(SeatView::seat(&view), 2);
    /// ```
    fn seat(&self) -> Seat;

    /// The seat to move, `None` once the hand is over.
    ///
    /// ```
    /// use rummykit_core::{HandView, SeatView};
    /// let mut view = HandView::default();
    /// view.to_move = Some(1);
    /// assert_eq!(SeatView::to_move(&view), Some(1));
    /// ```
    fn to_move(&self) -> Option<Seat>;

    /// How the hand ended (points by seat, winners), `None` while it is on.
    ///
    /// ```
    /// use rummykit_core::{HandView, Outcome, SeatView};
    /// let mut view = HandView::default();
    /// assert_eq!(SeatView::outcome(&view), None);
    /// view.outcome = Some(Outcome { points: vec![-3, 3], winners: vec![1] });
    /// assert_eq!(SeatView::outcome(&view).map(|o| o.winners.as_slice()), Some(&[1][..]));
    /// ```
    fn outcome(&self) -> Option<&Outcome>;
}

impl SeatView for HandView {
    #[inline]
    fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
}
