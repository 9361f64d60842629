//! [`MatchView`]: what one seat may see during a match, for every game.

use crate::{Game, Match, Seat};

/// What one seat may see during a [`Match`]: its view of the hand being played and the
/// public standings (cumulative scores, hands won, who is still in). Every game's match
/// gives it the same way ([`Match::view`]); Rummikub calls it `SessionView`.
///
/// Scores and wins are by match seat; the hand's view numbers seats as the hand does
/// (the same unless someone was eliminated: hand seat `i` is match seat `in_play[i]`).
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(5);
/// let mut m = Match::<Nim>::new((), MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1))?;
/// let mut hand = m.next_hand(&mut rng)?;
/// while let Some(seat) = hand.to_move() {
///     hand.apply(seat, 1)?;
/// }
/// m.record(&hand.outcome().expect("over"))?;
/// let hand = m.next_hand(&mut rng)?;
/// let view = m.view(&hand, 1).expect("seat 1 plays");
/// assert_eq!(view.hand, hand.view(1));
/// assert_eq!((view.totals, view.hands_won, view.hands_played), (vec![1, -1], vec![1, 0], 1));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MatchView<V> {
    /// The match seat whose view this is.
    pub seat: Seat,
    /// Its view of the hand being played.
    pub hand: V,
    /// Cumulative scores of the hands finished, by match seat.
    pub totals: Vec<i64>,
    /// Hands won so far, by match seat (a shared win counts for every winner).
    pub hands_won: Vec<u32>,
    /// Hands finished so far.
    pub hands_played: u32,
    /// The match seats still in, in hand-seat order.
    pub in_play: Vec<Seat>,
}

impl<G: Game> Match<G> {
    /// What match seat `seat` may see of `hand`, the hand this match dealt, with the
    /// standings; `None` if the seat is eliminated or does not exist.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchTerms};
    ///
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2).with_first_dealer(0))?;
    /// let hand = m.next_hand(&mut ChaCha8Rng::seed_from_u64(1))?;
    /// let view = m.view(&hand, 0).expect("seat 0 plays");
    /// assert_eq!((view.seat, view.totals, view.in_play), (0, vec![0, 0], vec![0, 1]));
    /// assert!(m.view(&hand, 2).is_none()); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn view(&self, hand: &G, seat: Seat) -> Option<MatchView<G::View>> {
        let hand_seat = self.hand_seat(seat)?;
        Some(MatchView {
            seat,
            hand: hand.view(hand_seat),
            totals: self.totals().to_vec(),
            hands_won: self.hands_won().to_vec(),
            hands_played: self.hands_played(),
            in_play: self.in_play().to_vec(),
        })
    }
}
