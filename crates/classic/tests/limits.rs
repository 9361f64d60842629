//! The analysis at the largest hands the deck makes (`RULES.md` §2.6): the whole deck,
//! and the deck less any one card, melded whole under every ace mode; ids past the
//! deck refused. Seat counts at and one past the game's range (§2.2).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, ClassicRummy, Config, analyze, hand_value};
use rummykit_core::{AnalysisError, Card, Catalog, DealError, Game, Meld, PieceId, PieceSet, Seating};

const MODES: [AceMode; 3] = [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner];

/// The split is one of `hand`: valid melds, disjoint, the rest unmelded and valued.
fn check_split(hand: &PieceSet, config: &Config) -> u32 {
    let deck = Catalog::<Card>::DECK;
    let split = analyze(hand, config).expect("a hand of the deck");
    let mut seen = split.unmelded;
    for m in &split.melds {
        let faces: Vec<Card> = m.pieces.iter().map(|&id| deck.face(id).expect("a card")).collect();
        assert!(Meld::new(m.kind, &faces, &config.meld_rules()).is_ok(), "{faces:?}");
        for &id in &m.pieces {
            assert!(seen.insert(id), "{id} twice");
        }
    }
    assert_eq!(seen, *hand);
    assert_eq!(split.deadwood, hand_value(&split.unmelded, config));
    split.deadwood
}

/// §2.6: the whole deck melds whole (four runs ace to king), and so does the deck less
/// any one card (the rest of its suit's run in one or two pieces, an ace or two left
/// alone in a group of the other suits' aces or twos, a king and queen with theirs).
#[test]
fn rules_2_6_the_whole_deck_and_one_card_less_meld_whole() {
    let all = Catalog::<Card>::DECK.all();
    assert_eq!(all.len(), 52);
    for ace in MODES {
        let config = Config::STANDARD.with_ace(ace);
        assert_eq!(check_split(&all, &config), 0, "{ace:?}");
        for id in all.iter() {
            let mut hand = all;
            hand.remove(id);
            assert_eq!(check_split(&hand, &config), 0, "{ace:?} without {id}");
        }
    }
}

/// Ids past the deck's 52 cards, up to the last id there is, are refused by name.
#[test]
fn ids_past_the_deck_are_refused() {
    for index in [52u8, 53, 106, 159] {
        let id = PieceId::new(index).expect("an id");
        let mut hand = PieceSet::new();
        hand.insert(PieceId::new(0).expect("an id"));
        hand.insert(id);
        assert_eq!(analyze(&hand, &Config::STANDARD), Err(AnalysisError::UnknownPiece(id)));
    }
    assert_eq!(check_split(&PieceSet::new(), &Config::STANDARD), 0);
}

/// §2.2: two to six players are dealt; fewer or more are refused, to the extremes of
/// the type, by `validate` and the deal alike.
#[test]
fn rules_2_2_seat_counts_at_and_past_the_range() {
    for seats in 2..=6 {
        assert_eq!(Config::STANDARD.validate(seats), Ok(()));
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(seats), &mut rng).expect("a deal");
        assert_eq!(game.seats(), seats);
    }
    for seats in [0, 1, 7, 64, 65, usize::MAX] {
        let refused = Err(DealError::PlayerCount { seats, min: 2, max: 6 });
        assert_eq!(Config::STANDARD.validate(seats), refused);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(ClassicRummy::deal(&Config::STANDARD, Seating::new(seats), &mut rng).map(|_| ()), refused);
    }
}
