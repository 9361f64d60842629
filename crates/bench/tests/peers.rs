//! The peer benchmark's inputs, checked: on every seeded input of `benches/peers.rs`
//! rummykit and the peer crates (`gin-rummy`, `rummy`) give the same answer, and both
//! agree with a brute force where it is cheap. A row of the benchmark is only a fair
//! comparison if this holds (RULES §2.4 melds, §2.6 card values).

#[path = "../../../benches/common/peers.rs"]
mod peers;

use peers::{RULES, brute_force_deadwood, candidates, gin_hand, hands, piece_set, value};
use rummykit::classic::{AceMode, Config, analyze};
use rummykit::{Card, CardSet, Face, MatchEnd, Meld, MeldKind, least_deadwood, least_deadwood_value};

/// The inputs the benchmark times (same counts, same seeds).
const MELDS: usize = 10_000;
const HANDS: usize = 10_000;

#[test]
fn meld_checks_agree_with_gin_rummy() {
    let mut valid = 0;
    for c in candidates(MELDS, peers::MELD_SEED) {
        let cards = c.cards();
        let ours = Meld::new(MeldKind::Run, cards, &RULES).is_ok()
            || Meld::new(MeldKind::Group, cards, &RULES).is_ok();
        let theirs = gin_rummy::Meld::try_from_cards(gin_hand(cards)).is_ok();
        assert_eq!(ours, theirs, "{cards:?}");
        // The benchmark's `meld_infer` row: the same answer, and the kind `of` finds.
        let inferred = Meld::infer(cards, &RULES);
        assert_eq!(inferred.is_ok(), theirs, "{cards:?}");
        assert_eq!(inferred.ok().map(|m| m.kind()), MeldKind::of(cards, &RULES), "{cards:?}");
        // The one-pass check the benchmark times: the same answer, and the same kind.
        let kind = MeldKind::of(cards, &RULES);
        assert_eq!(kind.is_some(), theirs, "{cards:?}");
        if let Some(kind) = kind {
            assert!(Meld::new(kind, cards, &RULES).is_ok(), "{cards:?}");
        }
        let set = CardSet::from_cards(cards).expect("distinct cards");
        assert_eq!(set.meld_kind(&RULES).is_some(), theirs, "{cards:?}");
        valid += usize::from(ours);
    }
    // Both answers occur often: the check is not one-sided.
    assert!(valid > MELDS / 5 && valid < MELDS * 4 / 5, "{valid} valid");
}

fn check_deadwood(len: usize, seed: u64) {
    let config = Config::STANDARD.with_game_end(MatchEnd::FixedHands(1));
    assert_eq!(config.ace, AceMode::Low);
    let mut melded = 0;
    for (k, hand) in hands(HANDS, len, seed).iter().enumerate() {
        let gin = gin_hand(hand);
        let theirs = u32::from(gin_rummy::deadwood(gin));
        let ours = least_deadwood(hand, &RULES, value).expect("a hand").deadwood();
        assert_eq!(ours, theirs, "{hand:?}");
        assert_eq!(least_deadwood_value(hand, &RULES, value), Ok(theirs), "{hand:?}");
        // The hand in descending order (decided in another order) agrees too.
        let reversed: Vec<Card> = hand.iter().rev().copied().collect();
        assert_eq!(least_deadwood(&reversed, &RULES, value).map(|s| s.deadwood()), Ok(theirs));
        let split = analyze(&piece_set(hand), &config).expect("a hand of the deck");
        assert_eq!(split.deadwood, theirs, "{hand:?}");
        assert_eq!(u32::from(gin_rummy::best_melds(gin).deadwood()), theirs, "{hand:?}");
        // The split is a real one: disjoint valid melds, the rest worth its deadwood.
        let mut used = split.unmelded;
        for meld in &split.melds {
            let faces: Vec<Card> = meld
                .pieces
                .iter()
                .map(|&id| rummykit::Catalog::<Card>::DECK.face(id).expect("a card"))
                .collect();
            assert!(Meld::infer(&faces, &RULES).is_ok(), "{faces:?}");
            for &id in &meld.pieces {
                assert!(used.insert(id), "{hand:?}: a card twice");
            }
        }
        assert_eq!(used, piece_set(hand));
        melded += usize::from(!split.melds.is_empty());
        if k < 1_000 {
            assert_eq!(brute_force_deadwood(hand), theirs, "{hand:?}");
        }
    }
    assert!(melded > HANDS / 10, "{melded}");
}

#[test]
fn deadwood_and_split_of_10_cards_agree() {
    check_deadwood(10, peers::HAND10_SEED);
}

#[test]
fn deadwood_and_split_of_11_cards_agree() {
    check_deadwood(11, peers::HAND11_SEED);
}

/// Both engines play the benchmark's hands to their end with random legal moves.
#[test]
fn whole_hands_play_to_the_end_in_both() {
    let config = peers::play::rummykit_config();
    let (mut ours, mut theirs) = (0, 0);
    for seed in 0..200 {
        ours += peers::play::rummykit_hand(&config, seed);
        theirs += peers::play::rummy_hand(seed);
    }
    assert!(ours > 200 * 8 && theirs > 200 * 8, "{ours} {theirs}");
    eprintln!("actions per hand: rummykit {:.1}, rummy {:.1}", ours as f64 / 200.0, theirs as f64 / 200.0);
}

#[test]
fn values_are_gin_values() {
    for c in Card::all().take(52) {
        let n = c.number().expect("natural");
        assert_eq!(value(c), u32::from(n.min(10)));
    }
}
