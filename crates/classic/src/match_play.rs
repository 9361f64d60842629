//! [`new_match`]: a match of classic Rummy hands through core's [`Match`].

use rummykit_core::{Match, MatchError, Ranking, Seat};

use crate::{ClassicRummy, Config};

/// A match of classic Rummy (`RULES.md` §2.2, §2.6): hands are dealt with the dealer
/// passing clockwise, each hand's points are added up, and the match ends by
/// `config.game_end` (`TargetScore(100)` or `FixedHands(n)`); highest total wins.
/// `first_dealer: None` lets the first deal cut for the dealer.
///
/// # Errors
///
/// [`MatchError`] from [`Match::new`]: no seats, a player count outside 2–6
/// ([`MatchError::PlayerCount`]), a dealer that is not a seat, or an elimination end (a
/// penalty-game rule, not classic Rummy's).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_classic::{Config, new_match};
/// use rummykit_core::MatchEnd;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
/// let mut m = new_match(Config::standard(MatchEnd::FixedHands(3)), 3, Some(0)).unwrap();
/// let hand = m.next_hand(&mut rng).unwrap();
/// assert_eq!(hand.dealer(), 0);
/// assert_eq!(
///     new_match(Config::standard(MatchEnd::FixedHands(3)), 7, None).err(),
///     Some(rummykit_core::MatchError::PlayerCount { seats: 7, min: 2, max: 6 })
/// );
/// ```
pub fn new_match(
    config: Config,
    seats: usize,
    first_dealer: Option<Seat>,
) -> Result<Match<ClassicRummy>, MatchError> {
    Match::new(config, seats, first_dealer, config.game_end, Ranking::Total)
}
