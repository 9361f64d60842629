//! [`Players`]: who plays the seats for a driver, and [`BotPlayers`], bots on every seat.

use crate::{Bot, Game, Match, Outcome, Seat};

/// Who plays the seats: the driver asks for the action of the seat to move, showing it
/// that seat's view only, and reports what happens so that a front end can show it.
///
/// A person at a terminal is a `Players` that reads input for their seat; bots answer
/// from the view (see [`BotPlayers`], and the implementations for lists of bots, one per
/// match seat). The report hooks receive the referee's state: they are for display
/// and logging, not for choosing actions.
///
/// ```
/// use rummykit_core::{Bot, Game, Players, Seat};
///
/// /// Bots on every seat, counting the actions the game accepts.
/// struct Counting<'a, G: Game> { bots: Vec<Box<dyn Bot<G> + 'a>>, accepted: usize }
///
/// impl<G: Game> Players<G> for Counting<'_, G> {
///     fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
///         Some(self.bots.get_mut(seat)?.act(view))
///     }
///     fn seats(&self) -> Option<usize> { Some(self.bots.len()) }
///     fn applied(&mut self, _after: &G, _seat: Seat, _action: &G::Action) { self.accepted += 1; }
/// }
/// ```
pub trait Players<G: Game> {
    /// The action of match seat `seat`, who plays as `hand_seat` in the hand and sees
    /// `view`. `None` stops the match ([`DriverError::Stopped`](crate::DriverError::Stopped)).
    fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action>;

    /// How many match seats these players fill, when fixed: the driver refuses a match
    /// of another size ([`DriverError::BotCount`](crate::DriverError::BotCount)).
    /// `None` (the default) checks nothing.
    fn seats(&self) -> Option<usize> {
        None
    }

    /// A new hand was dealt. `seats[hand_seat]` is the match seat of each hand seat.
    fn hand_started(&mut self, _game: &G, _seats: &[Seat]) {}

    /// `action` of match seat `seat` was applied; `after` is the state it led to.
    fn applied(&mut self, _after: &G, _seat: Seat, _action: &G::Action) {}

    /// The game refused the action chosen for match seat `seat` (the state is
    /// unchanged; `view` is still the seat's view). Return `true` to ask again, `false`
    /// to stop with [`DriverError::IllegalAction`](crate::DriverError::IllegalAction)
    /// (the default: a bot that errs once would err again).
    fn refused(&mut self, _view: &G::View, _seat: Seat, _error: &G::Error) -> bool {
        false
    }

    /// The hand is over; `played` already holds its outcome.
    fn hand_over(&mut self, _game: &G, _outcome: &Outcome, _played: &Match<G>) {}
}

/// Bots on every seat, `bots[seat]` for match seat `seat`: each is asked with its own
/// seat's view only.
pub struct BotPlayers<'a, 'b, G: Game>(pub &'a mut [&'b mut dyn Bot<G>]);

impl<G: Game> core::fmt::Debug for BotPlayers<'_, '_, G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|b| b.name())).finish()
    }
}

impl<G: Game> Players<G> for BotPlayers<'_, '_, G> {
    fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        Some(self.0.get_mut(seat)?.act(view))
    }

    fn seats(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// A list of bots, one per match seat, plays as [`BotPlayers`] does.
impl<G: Game> Players<G> for [&mut dyn Bot<G>] {
    fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        Some(self.get_mut(seat)?.act(view))
    }

    fn seats(&self) -> Option<usize> {
        Some(self.len())
    }
}

/// A list of boxed bots, one per match seat, plays as [`BotPlayers`] does.
impl<G: Game> Players<G> for [Box<dyn Bot<G> + '_>] {
    fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        Some(self.get_mut(seat)?.act(view))
    }

    fn seats(&self) -> Option<usize> {
        Some(self.len())
    }
}

/// Forwards to the list it holds (so `&mut vec` and `&mut [a, b]` are players).
macro_rules! players_by_slice {
    ($($ty:ty),*) => {$(
        impl<G: Game, const N: usize> Players<G> for [$ty; N] {
            fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
                self[..].act(view, seat, hand_seat)
            }
            fn seats(&self) -> Option<usize> {
                Some(N)
            }
        }
        impl<G: Game> Players<G> for Vec<$ty> {
            fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
                self[..].act(view, seat, hand_seat)
            }
            fn seats(&self) -> Option<usize> {
                Some(self.len())
            }
        }
    )*};
}
players_by_slice!(&mut dyn Bot<G>, Box<dyn Bot<G> + '_>);
