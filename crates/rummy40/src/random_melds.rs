//! Random cards and table melds for the tests of random positions.

use rand::seq::SliceRandom;
use rand::{Rng, RngExt};
use rummykit_core::{Card, Face, MeldKind};

/// A natural of `suit` by its value in a run (14: the ace above the king).
pub(crate) fn natural(suit: u8, value: u8) -> Card {
    Card::from_index(suit * 13 + (value - 1) % 13).expect("a suit and a value of the pack")
}

/// A card of the pack: a joker with odds `joker`, else any natural.
pub(crate) fn random_card<R: Rng + ?Sized>(rng: &mut R, joker: f64) -> Card {
    if rng.random_bool(joker) {
        Card::JOKER
    } else {
        Card::from_index(rng.random_range(0..52)).expect("a natural of the pack")
    }
}

/// A meld of naturals for a table: a run (six times in ten) of three to seven cards, the
/// ace low or high, or a set of three or four; when `full`, a run of thirteen or a set of
/// four, which have no room at either end.
pub(crate) fn random_table_meld<R: Rng + ?Sized>(rng: &mut R, full: bool) -> (MeldKind, Vec<Card>) {
    if rng.random_bool(0.6) {
        let suit = rng.random_range(0..4);
        let len = if full { 13 } else { rng.random_range(3..=7) };
        let first = rng.random_range(1..=15 - len);
        (MeldKind::Run, (first..first + len).map(|v| natural(suit, v)).collect())
    } else {
        let mut suits = [0, 1, 2, 3];
        suits.shuffle(rng);
        let len = if full { 4 } else { rng.random_range(3..=4) };
        let number = rng.random_range(1..=13);
        (MeldKind::Group, suits[..len].iter().map(|&s| natural(s, number)).collect())
    }
}
