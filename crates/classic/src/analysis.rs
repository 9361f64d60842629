//! [`analyze`]: the least-deadwood split of a hand, for bots and hints.

use rummykit_core::{
    AnalysisError, Card, CardSet, HandAnalysis, PieceId, PieceMeld, PieceSet, SEARCH_BUDGET,
};

use crate::Config;
use crate::turn::DECK;

/// The split of `hand` (card ids of the one-deck pack, as a view holds them) into
/// disjoint melds (valid under `config`'s ace mode) with the least deadwood
/// (`RULES.md` §2.6 values), computed exactly by [`CardSet::least_deadwood_split`] (the
/// split of core's [`least_deadwood`](rummykit_core::least_deadwood) on the hand's card
/// mask, in cards). Rummy 40's `analyze` takes and gives the same shape.
///
/// ```
/// use rummykit_classic::{Config, analyze};
/// use rummykit_classic::rummykit_core::{Card, Catalog, MeldKind, PieceSet, parse_list};
/// let deck = Catalog::<Card>::DECK;
/// let hand: PieceSet = parse_list::<Card>("7h 8h 9h 9s 9d Kc 2c")?.into_iter()
///     .map(|c| deck.ids_of(c).next().unwrap()).collect();
/// let best = analyze(&hand, &Config::STANDARD)?;
/// assert_eq!(best.deadwood, 7 + 8 + 10 + 2); // 9h 9s 9d melded
/// assert_eq!(best.melds.len(), 1);
/// assert_eq!(best.melds[0].kind, MeldKind::Group);
/// assert_eq!(best.unmelded.len(), 4); // 7h 8h Kc 2c
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`AnalysisError::UnknownPiece`] for an id that is not a card of the deck (52 cards,
/// ids 0 to 51). [`AnalysisError::SearchTooLarge`] for a hand whose search would take
/// more than [`SEARCH_BUDGET`] steps, as core's
/// [`least_deadwood`](rummykit_core::least_deadwood) refuses it: a count, not a time
/// (a few tenths of a second at most), so the same hand gets the same answer on any
/// machine. Only hands of dozens of cards reach it (some of 45 do, which only a
/// position from a setup or a save can give a player); the 11 cards a player of a
/// dealt game holds at most take under a thousandth of it.
///
/// # Panics
///
/// Never: [`Config::meld_rules`] asks three cards or more of every meld, and
/// [`CardSet::least_deadwood_split_within`] splits any hand under such rules.
pub fn analyze(hand: &PieceSet, config: &Config) -> Result<HandAnalysis, AnalysisError> {
    if let Some(unknown) = hand.iter().find(|&id| DECK.face(id).is_none()) {
        return Err(AnalysisError::UnknownPiece(unknown));
    }
    let ace = config.ace;
    let split = CardSet::of_deck_pieces(hand)
        .least_deadwood_split_within(&config.meld_rules(), |c| ace.card_value(c), SEARCH_BUDGET)?
        .expect("classic melds have three cards or more");
    // The one-deck catalog numbers its cards by face index (below 52, so every card
    // has an id).
    let id = |card: Card| PieceId::new(card.index());
    Ok(HandAnalysis {
        melds: split
            .melds()
            .iter()
            .map(|m| PieceMeld { kind: m.kind(), pieces: m.in_order().filter_map(id).collect() })
            .collect(),
        unmelded: split.unmelded().iter().filter_map(id).collect(),
        deadwood: split.deadwood(),
    })
}

#[cfg(test)]
mod tests {
    //! `analyze` against core's split of the same cards listed in index order (its search
    //! by position, itself checked against the general search): the same melds in the
    //! same order and meld order, the same unmelded cards, the same deadwood.

    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{
        AnalysisError, Card, Catalog, Face, HandAnalysis, PieceId, PieceMeld, PieceSet, least_deadwood,
    };

    use super::analyze;
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
                .map(|m| PieceMeld {
                    kind: m.kind(),
                    pieces: m.positions().iter().map(|&p| ids[usize::from(p)]).collect(),
                })
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
                let ours = analyze(&hand, &config).expect("a hand of the deck");
                assert_eq!(ours, reference(&hand, &config), "{ace:?} {hand:?}");
                hands += 1;
                melds += ours.melds.len();
            }
        }
        assert!(hands == 9_000 && melds > 6_000, "{hands} {melds}");
    }

    #[test]
    fn an_id_beyond_the_deck_is_refused() {
        let deck = Catalog::<Card>::DECK;
        let mut hand: PieceSet = deck.ids().take(5).collect();
        assert!(analyze(&hand, &Config::STANDARD).is_ok());
        let stranger = PieceId::new(52).expect("an id");
        hand.insert(stranger);
        assert_eq!(analyze(&hand, &Config::STANDARD), Err(AnalysisError::UnknownPiece(stranger)));
    }
}
