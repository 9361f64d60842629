//! The bots the front end seats, by kind name, each seeded by the caller: the library's
//! own ([`NamedBots`]), so the names and the bots behind them are the library's.

use rummykit::NamedBots;
use rummykit_classic::ClassicRummy;
use rummykit_core::Bot;
use rummykit_rummikub::Rummikub;
use rummykit_rummy40::Rummy40;

/// A Rummikub bot of `kind`.
pub(crate) fn rummikub(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rummikub>>> {
    Rummikub::named_bot(kind, seed)
}

/// A Rummy 40 / Scala 40 bot of `kind`.
pub(crate) fn rummy40(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rummy40>>> {
    Rummy40::named_bot(kind, seed)
}

/// A classic Rummy bot of `kind`.
pub(crate) fn classic(kind: &str, seed: u64) -> Option<Box<dyn Bot<ClassicRummy>>> {
    ClassicRummy::named_bot(kind, seed)
}
