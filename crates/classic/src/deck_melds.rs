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

use rummykit_core::{AcePolicy, MAX_MELD_LEN, MeldRules};

/// Calls `emit` with every meld of `hand` (bits `0..52`) under `rules`, in the order of
/// [`rummykit_core::hand_melds`] (see the module documentation).
pub(crate) fn for_each_meld(hand: u64, rules: &MeldRules, mut emit: impl FnMut(u64)) {
    let min_len = usize::from(rules.min_len.max(1));
    let max_group = usize::from(rules.max_group_len.min(4));
    let hand = hand & ((1u64 << 52) - 1);
    // Only cards that are in some meld give melds: skipping the others keeps the order.
    let mut cards = if min_len >= 3 { in_some_triple(hand) } else { hand };
    while cards != 0 {
        let c = cards.trailing_zeros();
        cards &= cards - 1;
        // Cards that may join `c` as a meld's lowest card: those of higher id.
        let above = hand & !((2u64 << c) - 1);
        let (suit, rank) = (c / 13, c % 13);
        // Groups: `c` and a subset of the same rank in the suits after `c`'s.
        let mut others = [0u64; 3];
        let mut n = 0;
        for t in suit + 1..4 {
            let bit = 1u64 << (t * 13 + rank);
            if above & bit != 0 {
                others[n] = bit;
                n += 1;
            }
        }
        for subset in 0u32..(1 << n) {
            let len = 1 + subset.count_ones() as usize;
            if len < min_len || len > max_group {
                continue;
            }
            let mut meld = 1u64 << c;
            for (k, bit) in others[..n].iter().enumerate() {
                if subset & (1 << k) != 0 {
                    meld |= bit;
                }
            }
            emit(meld);
        }
        runs_from(c, above, rules.ace, min_len, &mut emit);
    }
}

/// The cards of `hand` that lie in three of a rank, or in three consecutive cards of a
/// suit counted round the corner (K-A-2 included): every card of a meld of three or more
/// does, whatever the ace policy, so the others need not be looked at.
fn in_some_triple(hand: u64) -> u64 {
    const RANKS: u64 = (1 << 13) - 1;
    let suit = |s: u32| (hand >> (13 * s)) & RANKS;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    let three_of_a_rank = (a & b & (c | d)) | (c & d & (a | b));
    // Rotations within the 13 ranks of a suit.
    let up = |x: u64, k: u32| ((x << k) | (x >> (13 - k))) & RANKS;
    let mut members = 0;
    for (s, x) in [a, b, c, d].into_iter().enumerate() {
        // `t` marks the lowest rank of three consecutive ranks held.
        let t = x & up(x, 12) & up(x, 11);
        let in_run = t | up(t, 1) | up(t, 2);
        members |= ((in_run | three_of_a_rank) & x) << (13 * s as u32);
    }
    members
}

/// The runs of `hand_melds` whose lowest card (by id) is `c`, the other cards taken from
/// `above`.
fn runs_from(c: u32, above: u64, ace: AcePolicy, min_len: usize, emit: &mut impl FnMut(u64)) {
    let (suit, number) = (c / 13, (c % 13 + 1) as i32);
    // Values a run may use: lo..=hi (14 = an ace above the king; cyclic: any).
    let (lo, hi, cyclic) = match ace {
        AcePolicy::Low => (1, 13, false),
        AcePolicy::High => (2, 14, false),
        AcePolicy::LowOrHigh => (1, 14, false),
        AcePolicy::RoundTheCorner => (-12, 26, true),
    };
    let mut values = [0i32; 2];
    let mut n_values = 0;
    if (lo..=hi).contains(&number) {
        values[n_values] = number;
        n_values += 1;
    }
    if number == 1 && hi == 14 && !cyclic {
        values[n_values] = 14;
        n_values += 1;
    }
    // The card of value `v` in `c`'s suit, as a bit (0 when not in `above`).
    let card = |v: i32| -> u64 {
        let bit = 1u64 << (suit * 13 + (v - 1).rem_euclid(13) as u32);
        above & bit
    };
    let max_len = MAX_MELD_LEN as i32;
    for &cv in &values[..n_values] {
        let mut below = 1u64 << c;
        let mut off = 0;
        while off < max_len && cv - off >= lo {
            if off > 0 {
                let bit = card(cv - off);
                if bit == 0 {
                    break;
                }
                below |= bit;
            }
            let start = cv - off;
            let mut meld = below;
            let mut end = cv;
            loop {
                if (end - start + 1) as usize >= min_len {
                    emit(meld);
                }
                end += 1;
                if end > hi || end - start + 1 > max_len {
                    break;
                }
                let bit = card(end);
                if bit == 0 {
                    break;
                }
                meld |= bit;
            }
            off += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Card, Catalog, PieceId, hand_melds};

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
            let rules = MeldRules::CLASSIC.with_ace(policy);
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
            let rules = MeldRules::CLASSIC.with_ace(policy);
            for hand in [(1u64 << 13) - 1, ((1u64 << 13) - 1) << 39, (1u64 << 52) - 1, 0] {
                assert_eq!(enumerated(hand, &rules), reference(hand, &rules), "{policy:?} hand {hand:#x}");
            }
        }
    }
}
