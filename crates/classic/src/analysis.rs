//! [`analyze`]: the least-deadwood split of a hand, for bots and hints.

use rummykit_core::{Card, CardSet, PieceId, PieceSet};

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
/// least deadwood, computed exactly by [`CardSet::least_deadwood_split`] (the split of
/// core's [`least_deadwood`](rummykit_core::least_deadwood) on the hand's card mask, in
/// cards).
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
/// ([`Catalog::DECK`](rummykit_core::Catalog::DECK), piece ids below 52, one per face),
/// into melds of three cards or more; pieces beyond the catalog are left out.
#[must_use]
pub fn analyze(hand: &PieceSet, config: &Config) -> HandAnalysis {
    let ace = config.ace;
    let split = CardSet::of_deck_pieces(hand)
        .least_deadwood_split(&config.meld_rules(), |c| ace.card_value(c))
        .expect("classic melds have three cards or more");
    // The one-deck catalog numbers its cards by face index.
    let id = |card: Card| PieceId::new(card.index()).expect("a card of the deck");
    HandAnalysis {
        melds: split.melds().iter().map(|m| m.in_order().map(id).collect()).collect(),
        unmelded: split.unmelded().iter().map(id).collect(),
        deadwood: split.deadwood(),
    }
}

#[cfg(test)]
mod tests {
    //! `analyze` against core's split of the same cards listed in index order (its search
    //! by position, itself checked against the general search): the same melds in the
    //! same order and meld order, the same unmelded cards, the same deadwood.

    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Card, Catalog, Face, PieceId, PieceSet, least_deadwood};

    use super::{HandAnalysis, analyze};
    use crate::{AceMode, Config};

    fn reference(hand: &PieceSet, config: &Config) -> HandAnalysis {
        let deck = Catalog::<Card>::DECK;
        let ids: Vec<PieceId> = hand.iter().collect();
        let cards: Vec<Card> = ids.iter().map(|&id| deck.face(id).expect("a card")).collect();
        let split =
            least_deadwood(&cards, &config.meld_rules(), |c| config.ace.card_value(c)).expect("a hand");
        HandAnalysis {
            melds: split
                .melds()
                .iter()
                .map(|m| m.positions().iter().map(|&p| ids[usize::from(p)]).collect())
                .collect(),
            unmelded: split.unmelded().map(|p| ids[p]).collect(),
            deadwood: split.deadwood(),
        }
    }

    #[test]
    fn analyze_finds_cores_split_under_every_ace_mode() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let deck = Catalog::<Card>::DECK;
        let all: Vec<PieceId> = deck.ids().collect();
        let (mut hands, mut melds) = (0, 0);
        for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
            let config = Config::STANDARD.with_ace(ace);
            for round in 0..3_000 {
                // Two hands in three from two suits and seven ranks (round the corner):
                // many overlapping melds, ties among them, aces at either end.
                let pool: Vec<PieceId> = if round % 3 == 0 {
                    all.clone()
                } else {
                    let (s, lo) = (rng.random_range(0..4u8), rng.random_range(1..=13u8));
                    all.iter()
                        .copied()
                        .filter(|&id| {
                            let c = deck.face(id).expect("a card");
                            let (cs, n) = (c.suit_index().expect("natural"), c.number().expect("natural"));
                            (cs == s || cs == (s + 1) % 4) && (n + 13 - lo) % 13 < 7
                        })
                        .collect()
                };
                let len = rng.random_range(0..=pool.len().min(16));
                let mut picked: Vec<PieceId> = pool.sample(&mut rng, len).copied().collect();
                picked.shuffle(&mut rng);
                let hand: PieceSet = picked.into_iter().collect();
                let ours = analyze(&hand, &config);
                assert_eq!(ours, reference(&hand, &config), "{ace:?} {hand:?}");
                hands += 1;
                melds += ours.melds.len();
            }
        }
        assert!(hands == 9_000 && melds > 6_000, "{hands} {melds}");
    }
}
