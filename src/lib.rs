#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

/// The `rand` crate this library is built with, version 0.10. [`Game::deal`] takes an
/// rng implementing this version's `rand::Rng`; an rng built for another version of
/// `rand` does not fit (a trait-bound error inside `deal`). Name the traits through
/// `rummykit::rand` and pick an rng crate of the same generation, such as
/// `rand_chacha` 0.10:
///
/// ```
/// use rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::rummikub::{Config, Rummikub};
/// use rummykit::{Game, Seating};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
/// assert_eq!(game.seats(), 2);
/// # Ok::<(), rummykit::DealError>(())
/// ```
pub use rand;

/// The vocabulary every game shares, at the top level: pieces ([`Tile`], [`Card`]),
/// melds and their rules, notation, the [`Game`] and [`Bot`] contract, matches and
/// records ([`rummykit_core`]).
#[doc(inline)]
pub use rummykit_core::*;

/// Classic Rummy ([`rummykit_classic`]).
pub use rummykit_classic as classic;
/// Rummikub, the Schmidt variant and the exact solver ([`rummykit_rummikub`]).
pub use rummykit_rummikub as rummikub;
/// Rummy 40 and Scala 40 ([`rummykit_rummy40`]).
pub use rummykit_rummy40 as rummy40;

mod any_game;
mod bots;
mod variant;

pub use any_game::{AnyAction, AnyConfig, AnyError, AnyGame, AnySetup, AnyView, GameKind};
pub use bots::{NamedBots, UnknownBot, bot};
pub use variant::{UnknownVariant, Variant};
