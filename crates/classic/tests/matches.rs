//! A classic Rummy match (RULES.md §2.2, §2.5, §2.6) made of scripted hands: each hand
//! is a position built with the public `Setup`, dealt by the seat the match gives,
//! played to its end through `apply`, and its outcome recorded. Checked hand by hand:
//! the dealer passing clockwise, the player left of the dealer starting, the hand's
//! points (doubled for a rummy), the running totals, the end at the target and what the
//! finished match refuses.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ClassicRummy, Setup, SetupMeld};
use rummykit_core::{Game, Match, MatchEnd, MatchError, MeldKind, Outcome};

/// Deals the match's next hand (only its dealer is read off it) and checks that `hand`,
/// the one actually played, is dealt by the same seat, the one the match names.
fn next_hand(m: &mut Match<ClassicRummy>, rng: &mut ChaCha8Rng, hand: ClassicRummy) -> ClassicRummy {
    let dealt = m.next_hand(rng).expect("the match goes on");
    assert_eq!(hand.dealer(), dealt.dealer());
    assert_eq!(m.dealer(), Some(hand.dealer()));
    assert_eq!(hand.to_move(), Some((hand.dealer() + 1) % hand.seats()), "the dealer's left starts");
    hand
}

/// RULES.md §2.6, the default match to 100 between four players, seat 0 dealing first.
/// Hand 1 (seat 1 starts): seat 1 goes rummy while the others hold the worked example's
/// cards (A 5♣ K♦ A♠, C 7♥ 7♠, D Q♣): 2 × 40 = 80. Hand 2 (seat 2 starts): seat 2, who
/// melded in an earlier turn, lays off its drawn card and discards its last: 40, single.
/// Hand 3 (seat 3 starts): seats 3 and 0 draw and discard, then seat 1 goes out in its
/// first turn, a rummy again, 2 × 15 = 30: 110 reaches the target and ends the match.
#[test]
fn rules_2_6_a_match_to_100_of_scripted_hands() {
    let config = standard();
    assert_eq!(config.game_end, MatchEnd::TargetScore(100));
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 4).with_first_dealer(0))
            .expect("a match");
    let mut rng = ChaCha8Rng::seed_from_u64(4);

    let hands = ["5c Kd As", "8d 9d Td", "7h 7s", "Qc"];
    let mut g = next_hand(&mut m, &mut rng, scripted(&config, 0, &hands, "2c", "3h"));
    play(&mut g, &[Action::DrawStock, meld("8d 9d Td"), discard("2c")]);
    assert!(g.went_rummy());
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome, Outcome { points: vec![0, 80, 0, 0], winners: vec![1] });
    m.record(&outcome).expect("recorded");
    assert_eq!(m.totals(), [0, 80, 0, 0]);

    let mut setup = Setup::new(vec![cards("5c Kd As"), cards("Qc"), cards("9c"), cards("7h 7s")]);
    setup.dealer = 1;
    setup.stock = cards("5s");
    setup.discard = cards("3h");
    setup.table = vec![SetupMeld::new(2, MeldKind::Run, cards("2s 3s 4s"))];
    setup.shuffle_seed = 7;
    setup.fill_stock();
    let hand = ClassicRummy::from_setup(&config, setup).expect("a valid scripted hand");
    let mut g = next_hand(&mut m, &mut rng, hand);
    play(&mut g, &[Action::DrawStock, lay_off("5s", 0), discard("9c")]);
    assert!(!g.went_rummy(), "seat 2 melded before this turn");
    m.record(&g.outcome().expect("over")).expect("recorded");
    assert_eq!(m.history()[1], Outcome { points: vec![0, 0, 40, 0], winners: vec![2] });
    assert_eq!(m.totals(), [0, 80, 40, 0]);
    assert!(!m.is_over());

    let hands = ["2c 3d", "Jh Qh Kh", "4c", "6d"];
    let mut g = next_hand(&mut m, &mut rng, scripted(&config, 2, &hands, "9s 8s Th", "3h"));
    play(&mut g, &[Action::DrawStock, discard("9s"), Action::DrawStock, discard("8s")]);
    play(&mut g, &[Action::DrawStock, meld("Th Jh Qh Kh")]);
    assert!(g.went_rummy(), "going out in the first turn, though not the hand's first");
    m.record(&g.outcome().expect("over")).expect("recorded");
    assert_eq!(m.totals(), [0, 110, 40, 0]);
    assert!(m.is_over());
    assert_eq!(m.winners(), [1]);
    assert_eq!(m.standings(), [1, 2, 0, 3]);
    assert_eq!(m.hands_won(), [0, 2, 1, 0]);

    let before = m.clone();
    assert_eq!(m.next_hand(&mut rng).unwrap_err(), MatchError::Over { hands: 3 });
    let outcome = Outcome { points: vec![0, 10, 0, 0], winners: vec![1] };
    assert_eq!(m.record(&outcome).unwrap_err(), MatchError::Over { hands: 3 });
    assert_eq!(m, before, "a refused request changed the match");
}
