//! A Rummy 40 match (RULES.md §3.2, §3.7, §3.8) made of scripted hands: each hand is a
//! position built with the public `Setup`, dealt by the seat the match gives, played to
//! its end through `apply`, and its outcome recorded. Checked hand by hand: the penalty
//! totals, who is out at 101, which seats the next hand is dealt to and who deals it, and
//! what the finished match refuses.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Card, Game, Match, MatchEnd, MatchError, Outcome, parse_list};
use rummykit_rummy40::{Action, Config, Rummy40};

/// Deals the match's next hand (only its dealer and seats are read off it) and checks
/// that `hand`, the one actually played, is dealt by the same seat to as many players.
fn next_hand(m: &mut Match<Rummy40>, rng: &mut ChaCha8Rng, hand: Rummy40) -> Rummy40 {
    let dealt = m.next_hand(rng).expect("the match goes on");
    assert_eq!((hand.dealer(), hand.seats()), (dealt.dealer(), dealt.seats()));
    assert_eq!(m.match_seat(hand.dealer()), m.dealer(), "the match's dealer deals");
    hand
}

/// The mover draws the stock's top card, `drawn`, and goes rummy with `melds` (runs and
/// sets as written: a set's cards share a rank), discarding the drawn card.
fn go_rummy(g: &mut Rummy40, melds: &[&str], drawn: &str) {
    let seat = g.to_move().expect("the hand is on");
    apply_ok(g, Action::DrawStock);
    let melds = melds
        .iter()
        .map(|m| {
            let cards: Vec<Card> = parse_list(m).expect("notation");
            let same_rank = cards.windows(2).all(|w| w[0].rank() == w[1].rank());
            if same_rank { set(g, seat, m) } else { run(g, seat, m) }
        })
        .collect();
    let drawn = id(g, seat, drawn);
    apply_ok(g, Action::GoRummy { melds, lay_offs: vec![], discard: drawn });
    assert!(g.went_rummy());
}

/// RULES.md §3.8 and §6 row 7: a three-seat match to 101. Hand 1: the starter (seat 0)
/// only draws and discards, seat 1 goes rummy, and seat 0, left with 13 cards worth 138,
/// pays 138 + 25 and is out at once, though it was to deal next: the deal passes over it
/// to seat 1. Hand 2 is dealt to seats 1 and 2 only (hand seats 0 and 1); seat 2 goes
/// rummy and seat 1 pays A♦ joker 9♣ = 35 + 25 (the §3.8 example). Hand 3: seat 2 deals,
/// seat 1 starts and goes rummy, and seat 2 reaches 119 and is out; seat 1, the last
/// left, wins with 60, though seat 2 had fewer points before the hand.
#[test]
fn rules_3_8_elimination_played_out_with_scripted_hands() {
    let config = Config::RUMMY40;
    let terms = Rummy40::default_terms(&config, 3).with_first_dealer(2);
    assert_eq!(terms.end, MatchEnd::Elimination(101));
    let mut m = Match::<Rummy40>::new(config, terms).expect("a match");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let rummy = ["2c 3c 4c", "2d 2h 2s"];

    // Hand 1: dealt by seat 2; seat 0 draws 5s and throws it back; seat 1 goes rummy.
    let hands = ["Ac Ad Ah As Ac Ad Ah As Kc Ks Qd Qh Jc", "2c 3c 4c 2d 2h 2s", "9c * 5h"];
    let mut g = next_hand(&mut m, &mut rng, game_dealt_by(config, 2, &hands, "", "5s Kd"));
    assert_eq!(g.to_move(), Some(0), "the seat left of the dealer starts");
    apply_ok(&mut g, Action::DrawStock);
    let drawn = id(&g, 0, "5s");
    apply_ok(&mut g, Action::Discard(drawn));
    go_rummy(&mut g, &rummy, "Kd");
    // Eight aces 88 + K K Q Q J 50 = 138, + 25; 9 + joker 15 + 5 = 29, + 25.
    let outcome = g.outcome().expect("over");
    assert_eq!(outcome, Outcome { points: vec![163, 0, 54], winners: vec![1] });
    m.record(&outcome).expect("recorded");
    assert_eq!(m.totals(), [163, 0, 54]);
    assert_eq!((m.in_play(), m.eliminated_after(0)), (&[1, 2][..], Some(1)));
    assert_eq!(m.dealer(), Some(1), "seat 0, next to deal, is out: the deal passes to seat 1");
    assert!(!m.is_over());

    // Hand 2: two players, match seats 1 and 2 as hand seats 0 and 1; match seat 1 deals.
    let hands = ["Ad * 9c", "2c 3c 4c 2d 2h 2s"];
    let mut g = next_hand(&mut m, &mut rng, game_dealt_by(config, 0, &hands, "", "Kd"));
    assert_eq!(m.match_seat(g.to_move().expect("on")), Some(2));
    go_rummy(&mut g, &rummy, "Kd");
    m.record(&g.outcome().expect("over")).expect("recorded");
    assert_eq!(m.history()[1], Outcome { points: vec![0, 60, 0], winners: vec![2] }, "in match seats");
    assert_eq!(m.totals(), [163, 60, 54]);
    assert_eq!(m.dealer(), Some(2));

    // Hand 3: match seat 2 (hand seat 1) deals, match seat 1 starts and goes rummy.
    let hands = ["2c 3c 4c 2d 2h 2s", "Kc Ks Qd Qh"];
    let mut g = next_hand(&mut m, &mut rng, game_dealt_by(config, 1, &hands, "", "Kd"));
    go_rummy(&mut g, &rummy, "Kd");
    m.record(&g.outcome().expect("over")).expect("recorded");
    assert_eq!(m.totals(), [163, 60, 119]);
    assert!(m.is_over());
    assert_eq!((m.in_play(), m.winners()), (&[1][..], vec![1]));
    assert_eq!(m.standings(), [1, 2, 0], "seat 2 went out later than seat 0");
    assert_eq!(m.hands_won(), [0, 2, 1]);

    // The finished match deals no hand and records no outcome, and stays as it was.
    let before = m.clone();
    assert_eq!(m.next_hand(&mut rng).unwrap_err(), MatchError::Over { hands: 3 });
    let outcome = Outcome { points: vec![0], winners: vec![0] };
    assert_eq!(m.record(&outcome).unwrap_err(), MatchError::Over { hands: 3 });
    assert_eq!(m, before);
}
