#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

/// Classic Rummy ([`rummykit_classic`]).
pub use rummykit_classic as classic;
/// Pieces, melds, validation and the shared game contract ([`rummykit_core`]).
pub use rummykit_core as core;
/// Rummikub and its solver ([`rummykit_rummikub`]).
pub use rummykit_rummikub as rummikub;
/// Rummy 40 and Scala 40 ([`rummykit_rummy40`]).
pub use rummykit_rummy40 as rummy40;

pub mod terminal;
