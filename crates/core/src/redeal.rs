//! [`Redeal`]: a game whose pieces hidden from one seat can be dealt anew, the same
//! for every game.

use rand::Rng;

use crate::{Game, Seat};

/// A game that can deal anew what one seat cannot see: one of the positions that seat
/// cannot tell from this one. Generic code samples those positions with it, whatever the
/// game: a determinized search or a hint that plays each sample out, or a test that a
/// view shows nothing hidden from its seat.
///
/// [`redeal`](Redeal::redeal) keeps everything `seat` may see (its
/// [`view`](Game::view) is equal, and so every public fact: hand sizes, the table,
/// face-up piles, counters, whose turn it is) and every piece exactly once; it deals
/// anew, from `rng` alone, the pieces in the other hands that `seat` does not know to be
/// there, the order of the face-down stock or pool, and any hidden seed (the card games'
/// restock shuffle). The same rng state gives the same game. A seat past the table sees
/// no hand, so everything hidden is dealt anew.
///
/// A sampler written once for every game: how often `seat` would win if the hand were
/// played out by random players, over positions it cannot tell apart (here on the toy
/// Nim of the conformance module, which hides nothing, so every sample is the game
/// itself):
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// # impl rummykit_core::Redeal for Nim {
/// #     fn redeal<R: rand::Rng + ?Sized>(&self, _: rummykit_core::Seat, _: &mut R) -> Nim { self.clone() }
/// # }
/// use rand::{Rng, SeedableRng};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, Game, RandomBot, Redeal, Seat, Seating, play_hand};
///
/// fn sampled_wins<G: Redeal>(game: &G, seat: Seat, samples: u64, seed: u64) -> u64 {
///     let mut rng = ChaCha8Rng::seed_from_u64(seed);
///     let mut wins = 0;
///     for _ in 0..samples {
///         let mut sample = game.redeal(seat, &mut rng);
///         let mut bots: Vec<RandomBot<ChaCha8Rng>> =
///             (0..game.seats()).map(|_| RandomBot::new(ChaCha8Rng::seed_from_u64(rng.next_u64()))).collect();
///         let mut players: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| b as &mut dyn Bot<G>).collect();
///         if play_hand(&mut sample, &mut players, 10_000).is_ok_and(|(outcome, _)| outcome.won(seat)) {
///             wins += 1;
///         }
///     }
///     wins
/// }
///
/// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut ChaCha8Rng::seed_from_u64(1))?;
/// let wins = sampled_wins(&nim, 0, 200, 3);
/// assert!(wins > 0 && wins < 200);
/// assert_eq!(wins, sampled_wins(&nim, 0, 200, 3)); // the same seed, the same samples
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
///
/// A [`Bot`](crate::Bot) sees only its view, not the game, so it cannot call this; a
/// program that keeps the referee's state (an adviser, an analysis, a test) can.
pub trait Redeal: Game {
    /// The same game as far as `seat` can tell, with what it cannot see dealt anew
    /// from `rng` (see the trait).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Redeal, Seat, Seating};
    /// // Nim hides nothing: the only position a seat cannot tell from this one is itself.
    /// impl Redeal for Nim {
    ///     fn redeal<R: rand::Rng + ?Sized>(&self, _: Seat, _: &mut R) -> Nim {
    ///         self.clone()
    ///     }
    /// }
    /// let nim = Nim::deal(&(), Seating::new(2), &mut ChaCha8Rng::seed_from_u64(1))?;
    /// let sample = nim.redeal(0, &mut ChaCha8Rng::seed_from_u64(2));
    /// assert_eq!(sample.view(0), nim.view(0));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Self;
}
