#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
// docs.rs marks what a feature gates (its build passes `--cfg docsrs` on nightly).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The `rand` crate this library is built with, version 0.10. [`Game::deal`] takes an
/// rng implementing this version's `rand::Rng`; an rng built for another version of
/// `rand` does not fit (a trait-bound error inside `deal`). Name the traits through
/// `rummykit::rand` and use an rng of the same generation, such as
/// [`rand_chacha`], re-exported here:
///
/// ```
/// use rummykit::rand::SeedableRng;
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rummikub::{Config, Rummikub};
/// use rummykit::{Game, Seating};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
/// assert_eq!(game.seats(), 2);
/// # Ok::<(), rummykit::DealError>(())
/// ```
///
/// rummykit asks for `rand` without its default features, so unless another dependency
/// of the program turns them on this `rand` has no `rand::rng()` and no seeding from the
/// operating system: a program that wants a fresh deal each run adds `rand` 0.10 with its
/// default features to its own dependencies.
pub use rand;

/// The `rand_chacha` crate (0.10), whose `ChaCha8Rng` seeded with
/// [`SeedableRng::seed_from_u64`](rand::SeedableRng::seed_from_u64) deals the same game
/// for the same seed on every platform: the rng the examples, tests and benches use.
///
/// ```
/// use rummykit::rand::SeedableRng;
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::{Game, Seating};
/// use rummykit::classic::{ClassicRummy, Config};
///
/// let deal = |seed| ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(seed));
/// assert_eq!(deal(3)?.setup(), deal(3)?.setup());
/// # Ok::<(), rummykit::DealError>(())
/// ```
pub use rand_chacha;

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
