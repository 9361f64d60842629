//! The one hand loop: [`play_hand`] for one hand, and the loop every driver ([`Match::play`],
//! [`record_match`](crate::record_match), replays, [`tournament`](fn@crate::tournament))
//! runs each hand through.

#[cfg(doc)]
use crate::Match;
use core::marker::PhantomData;

use crate::{DriverError, Game, Outcome, Players, Seat};

/// Permission to call [`Game::apply_shown`], which only the hand loop can give: it alone
/// knows that the view it passes is the one it made for the seat to move and lent by
/// shared reference only, so that the view and the game are as they were when the
/// player chose from it.
///
/// The loop makes one key for each call, tied to the borrow of the view it passes
/// (`'v`, invariant): a game cannot keep it past the call (in a static, say), and it is
/// neither `Clone` nor `Send`. A game that wraps another may forward its key, once, to
/// the inner game's [`Game::apply_shown`] with the same view or the view its own wraps,
/// the inner state unchanged since the call began; for anything else it calls the inner
/// [`Game::apply_borrowed`].
///
/// ```compile_fail
/// // Outside the hand loop a key cannot be made: its field is private.
/// let _key = rummykit_core::ShownKey { _private: core::marker::PhantomData };
/// ```
///
/// ```compile_fail
/// // Nor kept past the call that lent it.
/// use std::sync::Mutex;
/// static KEPT: Mutex<Option<rummykit_core::ShownKey<'static>>> = Mutex::new(None);
/// fn keep<'v>(key: rummykit_core::ShownKey<'v>) {
///     *KEPT.lock().unwrap() = Some(key);
/// }
/// ```
#[derive(Debug)]
pub struct ShownKey<'v> {
    // Invariant in `'v` (the view's borrow cannot be stretched or shrunk), and neither
    // `Send` nor `Sync`: a game's record of its draw is per thread.
    _private: PhantomData<(Invariant<'v>, *const ())>,
}

/// A type invariant in `'v`: it both takes and gives a `&'v ()`.
type Invariant<'v> = fn(&'v ()) -> &'v ();

/// The players fill `seats` seats, or say nothing of how many they fill: the one check
/// of [`play_hand`], [`Match::play`](crate::Match::play) and
/// [`Match::finish_hand`](crate::Match::finish_hand) before anything is played.
pub(crate) fn check_count<G: Game>(
    players: &(impl Players<G> + ?Sized),
    seats: usize,
) -> Result<(), DriverError<G::Error>> {
    match players.seats() {
        Some(bots) if bots != seats => Err(DriverError::BotCount { bots, seats }),
        _ => Ok(()),
    }
}

/// Plays one hand to its end: asks `players` for each action of the seat to move with
/// that seat's view only (one view, refreshed with [`Game::view_into`]), applies it for
/// that seat, reports it, and appends it to `record` when recording. `seats[hand_seat]`
/// is the match seat of each hand seat (an empty slice: the same numbers); `hand`
/// numbers the hand in errors.
///
/// A refused action is offered to [`Players::refused`], which may ask again; the game is
/// unchanged by it.
pub(crate) fn drive_hand<G: Game>(
    game: &mut G,
    players: &mut (impl Players<G> + ?Sized),
    seats: &[Seat],
    hand: usize,
    max_actions: usize,
    mut record: Option<&mut Vec<G::Action>>,
) -> Result<Outcome, DriverError<G::Error>> {
    let mut accepted = 0usize;
    let mut view: Option<G::View> = None;
    while let Some(hand_seat) = game.to_move() {
        if accepted >= max_actions {
            return Err(DriverError::TooLong { hand, actions: max_actions });
        }
        let seat = seats.get(hand_seat).copied().unwrap_or(hand_seat);
        let shown = match view {
            Some(ref mut v) => {
                game.view_into(hand_seat, v);
                v
            }
            None => view.insert(game.view(hand_seat)),
        };
        // Read in place and moved once, into the record: moved out of the option first,
        // the action was copied twice.
        let acted = players.act(shown, seat, hand_seat);
        let Some(action) = acted.as_ref() else {
            return Err(DriverError::Stopped { seat });
        };
        // Borrowed: the action is reported and recorded after it is played. `shown` is
        // the view made above for the seat to move, lent by shared reference only.
        match game.apply_shown(hand_seat, shown, action, ShownKey { _private: PhantomData }) {
            Ok(()) => {
                accepted += 1;
                players.applied(game, seat, action);
                if let Some(record) = record.as_deref_mut()
                    && let Some(action) = acted
                {
                    record.push(action);
                }
            }
            Err(error) => {
                if !players.refused(shown, seat, &error) {
                    return Err(DriverError::IllegalAction { hand, seat, error });
                }
            }
        }
    }
    // A game whose hand is over has an outcome; one that says otherwise breaks the
    // contract, reported as a hand that did not end.
    game.outcome().ok_or(DriverError::TooLong { hand, actions: accepted })
}

/// Plays the hand to its end, asking `players` for each action of the seat to move with
/// that seat's view only; each table seat is its own player (seat `s` plays as `s`), as
/// in [`Match::play`]. Any player set will do: a list of bots (`&mut [&mut a, &mut b]`,
/// a `Vec<Box<dyn Bot<G>>>`), or a [`Players`] of one's own, which is told of each
/// action applied and of each refusal (the hand and match hooks belong to a match).
/// Returns the outcome and the actions in order (the list may have room to spare, sized
/// by the thread's recent hands: `shrink_to_fit` it before keeping many). The same loop
/// plays every hand of [`Match::play`], of a recording and of a
/// [`tournament`](fn@crate::tournament).
///
/// A hand already over is played as it stands: its outcome comes back with no actions,
/// as [`Match::finish_hand`](crate::Match::finish_hand) records such a hand. (A hand has
/// no end of its own to refuse; a finished [`Match`](crate::Match) refuses every entry
/// point with [`MatchError::Over`](crate::MatchError::Over).)
///
/// # Errors
///
/// [`DriverError::BotCount`] if the players fill another number of seats,
/// [`DriverError::IllegalAction`] (hand 0) if the game refuses an action and the players
/// do not ask again, [`DriverError::Stopped`] if they give none, and
/// [`DriverError::TooLong`] if the hand runs over `max_actions`. The game keeps the
/// state it reached.
///
/// ```
/// # use rand::{Rng, RngExt};
/// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
/// #
/// # /// "High card": every seat is dealt a number 1–13 and reveals it in turn; the
/// # /// highest wins the others' numbers (a tie for highest is a void hand).
/// # #[derive(Clone, Debug)]
/// # struct HighCard { cards: Vec<u8>, next: Seat, revealed: usize }
/// #
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("the hand is over")]
/// # struct Over;
/// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
/// #
/// # impl Game for HighCard {
/// #     type Config = ();
/// #     type Action = ();
/// #     type View = u8; // a seat sees its own card only
/// #     type Error = Over;
/// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
/// #
/// #     fn deal<R: Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
/// #         seating.check(2, 4)?;
/// #         let n = seating.seats;
/// #         let dealer = seating.dealer.unwrap_or_else(|| rng.random_range(0..n));
/// #         let cards = (0..n).map(|_| rng.random_range(1..=13)).collect();
/// #         Ok(HighCard { cards, next: (dealer + 1) % n, revealed: 0 })
/// #     }
/// #     fn seats(&self) -> usize { self.cards.len() }
/// #     fn config(&self) {}
/// #     fn to_move(&self) -> Option<Seat> { (self.revealed < self.cards.len()).then_some(self.next) }
/// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), Over> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         self.to_move().ok_or(Over)?;
/// #         self.revealed += 1;
/// #         self.next = (self.next + 1) % self.cards.len();
/// #         Ok(())
/// #     }
/// #     fn view(&self, seat: Seat) -> u8 { self.cards[seat] }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         if self.to_move().is_some() { return None; }
/// #         let best = *self.cards.iter().max()?;
/// #         let n = self.cards.len();
/// #         if self.cards.iter().filter(|&&c| c == best).count() > 1 {
/// #             return Some(Outcome { points: vec![0; n], winners: vec![] });
/// #         }
/// #         let w = self.cards.iter().position(|&c| c == best)?;
/// #         let pot: i64 = self.cards.iter().map(|&c| i64::from(c)).sum::<i64>() - i64::from(best);
/// #         let points = (0..n).map(|s| if s == w { pot } else { -i64::from(self.cards[s]) }).collect();
/// #         Some(Outcome { points, winners: vec![w] })
/// #     }
/// # }
/// # use rummykit_core::Bot;
/// # struct Reveal;
/// # impl Bot<HighCard> for Reveal {
/// #     fn name(&self) -> &str { "reveal" }
/// #     fn act(&mut self, _view: &u8) {}
/// # }
/// use rand::SeedableRng;
/// use rummykit_core::play_hand;
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
/// let mut hand = HighCard::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
/// let (mut a, mut b) = (Reveal, Reveal);
/// let (outcome, actions) = play_hand(&mut hand, &mut [&mut a, &mut b], 100).expect("two reveals end the hand");
/// assert_eq!(actions.len(), 2);
/// assert_eq!(Some(outcome.clone()), hand.outcome());
/// // Over: played again, the hand answers its outcome and no actions.
/// let (again, none) = play_hand(&mut hand, &mut [&mut a, &mut b], 100).expect("a hand over");
/// assert_eq!((again, none.len()), (outcome, 0));
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
#[expect(clippy::type_complexity, reason = "a plain pair reads better than a one-off alias")]
pub fn play_hand<G: Game>(
    game: &mut G,
    players: &mut (impl Players<G> + ?Sized),
    max_actions: usize,
) -> Result<(Outcome, Vec<G::Action>), DriverError<G::Error>> {
    check_count(players, game.seats())?;
    // Room for as many actions as the thread's recent long hands took: a record grown
    // from empty moved its actions about eight times a hand, and room for half as many
    // again as the last hand still moved them in one hand in three (65 of 200 random
    // Rummy 40 hands, about 8,000 instructions each). The hint fades by an eighth after
    // a hand that used less than a quarter of it, so one long hand (or another game's)
    // does not size every later record, while one game's ordinary spread keeps it
    // (fading below half of it cost random Rummy 40 hands 0.2 % more instructions).
    let room = RECORD_ROOM.get();
    let mut actions = Vec::with_capacity(room.min(max_actions));
    let outcome = drive_hand(game, players, &[], 0, max_actions, Some(&mut actions));
    let used = actions.len();
    let hint = if used < room / 4 { room - room / 8 } else { room.max(used) };
    RECORD_ROOM.set(hint.min(RECORD_ROOM_MAX));
    Ok((outcome?, actions))
}

/// The most actions [`play_hand`] makes room for before a hand: a hand that never
/// ended (a million actions) does not make every later record as large.
const RECORD_ROOM_MAX: usize = 4096;

thread_local! {
    /// About how many actions the recent long hands [`play_hand`] played on this thread
    /// took (at most [`RECORD_ROOM_MAX`]): a hint for the next record's room, never an
    /// answer.
    static RECORD_ROOM: core::cell::Cell<usize> = const { core::cell::Cell::new(0) };
}
