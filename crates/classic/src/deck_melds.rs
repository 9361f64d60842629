//! Every meld in a hand of one-deck cards (no jokers) as bitmasks: the enumeration of
//! [`rummykit_core::hand_melds`] specialised to the classic deck, for the hot path of
//! `legal_actions`.
//!
//! With one deck and no jokers a hand is a 52-bit mask (bit `suit * 13 + rank - 1`, the
//! card's [`PieceId`](rummykit_core::PieceId) in [`Catalog::DECK`](rummykit_core::Catalog::DECK)),
//! and a meld is a subset of it. This gives the same melds, as sets, *in the same order
//! and with the same repeats* as `hand_melds` over the hand's cards in ascending id
//! order (a test compares the two on random hands for every ace policy), so the
//! documented order of `legal_actions` and every seeded game stay as they were. It
//! allocates nothing: melds are passed to a callback.
//!
//! The order of `hand_melds`, for a hand without jokers or repeated cards: by the lowest
//! card (ascending id); for each, first the groups with cards of higher id (subsets of
//! the other suits in ascending bitmask order), then the runs in which it is the lowest
//! id, by value it stands for (its number, then 14 for an ace that may be high), then by
//! how far the run reaches below it (nearest first), then shortest first.

use rummykit_core::{CardSet, MeldRules};

/// Calls `emit` with every meld of `hand` (bits `0..52`) under `rules`, in the order of
/// [`rummykit_core::hand_melds`] (see the module documentation): core's
/// [`CardSet::for_each_meld`], which enumerates a plain hand of cards on its mask.
pub(crate) fn for_each_meld(hand: u64, rules: &MeldRules, mut emit: impl FnMut(u64)) {
    let hand = CardSet::from_bits(hand & ((1u64 << 52) - 1)).unwrap_or_default();
    hand.for_each_meld(rules, |meld, _| emit(meld.bits()));
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{AcePolicy, Card, Catalog, PieceId, hand_melds};

    use super::*;

    /// `hand_melds` over the hand's cards in ascending id order, each meld as a mask.
    fn reference(hand: u64, rules: &MeldRules) -> Vec<u64> {
        let ids: Vec<u8> = (0..52).filter(|&i| hand & (1 << i) != 0).collect();
        let deck = Catalog::<Card>::DECK;
        let faces: Vec<Card> = ids.iter().map(|&i| deck.face(PieceId::new(i).unwrap()).unwrap()).collect();
        hand_melds(&faces, rules)
            .unwrap()
            .iter()
            .map(|m| m.select(&ids).fold(0u64, |acc, &i| acc | 1 << i))
            .collect()
    }

    fn enumerated(hand: u64, rules: &MeldRules) -> Vec<u64> {
        let mut out = Vec::new();
        for_each_meld(hand, rules, |m| out.push(m));
        out
    }

    const POLICIES: [AcePolicy; 4] =
        [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];

    /// Same melds, same order, same repeats as core's generator, on random hands of
    /// every size up to the whole deck, for every ace policy.
    #[test]
    fn agrees_with_hand_melds_in_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let all: Vec<u32> = (0..52).collect();
        let mut compared = 0;
        for policy in POLICIES {
            let rules = crate::MELD_RULES.with_ace(policy);
            for round in 0..3000 {
                let size = if round % 10 == 0 { rng.random_range(0..=52) } else { rng.random_range(0..=14) };
                // Half the hands are dense in one or two suits, where the long runs are.
                let pool: Vec<u32> = if round % 2 == 0 {
                    let suit = rng.random_range(0..4u32);
                    all.iter().copied().filter(|&i| i / 13 == suit || i / 13 == (suit + 1) % 4).collect()
                } else {
                    all.clone()
                };
                let hand = pool.sample(&mut rng, size.min(pool.len())).fold(0u64, |acc, &i| acc | 1 << i);
                let melds = enumerated(hand, &rules);
                compared += melds.len();
                assert_eq!(melds, reference(hand, &rules), "{policy:?} hand {hand:#x}");
            }
        }
        assert!(compared > 50_000, "only {compared} melds compared");
    }

    #[test]
    fn whole_suits_and_the_deck() {
        for policy in POLICIES {
            let rules = crate::MELD_RULES.with_ace(policy);
            for hand in [(1u64 << 13) - 1, ((1u64 << 13) - 1) << 39, (1u64 << 52) - 1, 0] {
                assert_eq!(enumerated(hand, &rules), reference(hand, &rules), "{policy:?} hand {hand:#x}");
            }
        }
    }
}
