//! [`analyze`]: the least-deadwood split of a hand, for bots and hints.

use rummykit_core::{CardSet, PieceId, PieceSet};

use crate::Config;

/// The best split of a hand into melds: what to keep together and what is deadwood.
///
/// ```
/// use rummykit_classic::{Config, analyze};
/// use rummykit_core::{Card, Catalog, PieceSet, parse_list};
/// let deck = Catalog::<Card>::DECK;
/// let hand: PieceSet = parse_list::<Card>("4s 5s 6s 7s Jd Jc 3h")?.into_iter()
///     .filter_map(|c| deck.ids_of(c).next()).collect();
/// let best = analyze(&hand, &Config::STANDARD);
/// assert_eq!(best.melds.len(), 1); // 4s-5s-6s-7s
/// assert_eq!(best.unmelded.len(), 3); // Jd Jc 3h
/// assert_eq!(best.deadwood, 10 + 10 + 3);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandAnalysis {
    /// The melds, each in meld order (a run from its low end).
    pub melds: Vec<Vec<PieceId>>,
    /// The cards in no meld.
    pub unmelded: PieceSet,
    /// Their value (`RULES.md` §2.6 values): what the hand would cost if another
    /// player went out now, were the melds laid down.
    pub deadwood: u32,
}

/// The split of `hand` into disjoint melds (valid under `config`'s ace mode) with the
/// least deadwood, computed exactly by [`CardSet::least_deadwood`] (core's
/// [`least_deadwood`](rummykit_core::least_deadwood) on the hand's card mask).
///
/// ```
/// use rummykit_classic::{Config, analyze};
/// use rummykit_core::{Card, Catalog, MatchEnd, PieceSet, parse_list};
/// let deck = Catalog::<Card>::DECK;
/// let hand: PieceSet = parse_list::<Card>("7h 8h 9h 9s 9d Kc 2c")?.into_iter()
///     .map(|c| deck.ids_of(c).next().unwrap()).collect();
/// let best = analyze(&hand, &Config::STANDARD);
/// assert_eq!(best.deadwood, 7 + 8 + 10 + 2); // 9h 9s 9d melded
/// assert_eq!(best.melds.len(), 1);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
///
/// # Panics
///
/// Never: the split is of the hand's cards of the one-deck catalog
/// ([`Catalog::DECK`](rummykit_core::Catalog::DECK), piece ids below 52, one per face);
/// pieces beyond it are left out.
#[must_use]
pub fn analyze(hand: &PieceSet, config: &Config) -> HandAnalysis {
    // The one-deck catalog numbers its cards by face index: the hand is a card set, and
    // a position in its split is the rank of the card in the set.
    let cards = CardSet::of_deck_pieces(hand);
    let mut ids = [PieceId::new(0).expect("id 0"); 52];
    for (slot, card) in ids.iter_mut().zip(cards.iter()) {
        *slot = PieceId::new(card.index()).expect("a card of the deck");
    }
    let ace = config.ace;
    let split = cards.least_deadwood(&config.meld_rules(), |c| ace.card_value(c));
    HandAnalysis {
        melds: split.melds().iter().map(|m| m.select(&ids).copied().collect()).collect(),
        unmelded: split.unmelded().map(|i| ids[i]).collect(),
        deadwood: split.deadwood(),
    }
}
