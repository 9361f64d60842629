//! Scripted-deal tests for every rule and option of RULES.md §2.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::Setup;
use rummykit_classic::{
    AceMode, Action, ActionError, ClassicRummy, Config, MeldLimit, Phase, PieceMeld, analyze,
};
use rummykit_core::{
    Card, DealError, Game, Match, MatchEnd, MeldError, MeldId, MeldKind, Outcome, PositionError, Seating,
    TableError, TurnError,
};

// ---------------------------------------------------------------- §2.1 / §2.2 deal

#[test]
fn rules_2_2_hand_sizes_up_card_and_stock() {
    for (players, size) in [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)] {
        let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
        let g = ClassicRummy::deal(&standard(), Seating::new(players).with_dealer(players - 1), &mut rng)
            .unwrap();
        for s in 0..players {
            assert_eq!(g.hand(s).len(), size, "{players} players");
        }
        assert_eq!(g.piles().discard_pile().len(), 1);
        assert_eq!(g.piles().stock_len(), 52 - players * size - 1);
        assert_eq!(g.to_move(), Some(0), "left of the dealer starts");
        assert!(g.conserves_cards());
    }
}

#[test]
fn rules_2_2_dealer_is_cut_with_the_callers_rng() {
    let mut dealers = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let g = ClassicRummy::deal(&standard(), Seating::new(4), &mut rng).unwrap();
        assert_eq!(g.to_move(), Some((g.dealer() + 1) % 4));
        dealers.insert(g.dealer());
        // Same seed, same deal.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        assert_eq!(ClassicRummy::deal(&standard(), Seating::new(4), &mut rng).unwrap(), g);
    }
    assert_eq!(dealers.len(), 4);
}

#[test]
fn rules_2_1_player_count_is_a_typed_error() {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for seats in [0, 1, 7, 9] {
        assert_eq!(
            ClassicRummy::deal(&standard(), Seating::new(seats), &mut rng),
            Err(DealError::PlayerCount { seats, min: 2, max: 6 })
        );
    }
    assert_eq!(
        ClassicRummy::deal(&standard(), Seating::new(3).with_dealer(3), &mut rng),
        Err(DealError::NoSuchDealer { dealer: 3, seats: 3 })
    );
}

#[test]
fn from_setup_rejects_a_deal_that_is_not_the_deck() {
    let mut setup = Setup::new(vec![cards("Ac 2c"), cards("3c 4c")]);
    setup.fill_stock();
    let full = setup.stock.clone();
    let err = |stock: Vec<Card>| {
        let s = Setup { stock, ..setup.clone() };
        match ClassicRummy::from_setup(&standard(), s) {
            Err(DealError::InvalidDeal(e)) => e,
            other => panic!("expected a position error, got {other:?}"),
        }
    };
    // Missing a card.
    assert_eq!(err(full[1..].to_vec()), PositionError::PieceCount { found: 51, expected: 52 });
    // A card twice.
    let twice = [full.clone(), cards("Ac")].concat();
    assert_eq!(err(twice), PositionError::TooManyCards { card: "Ac".parse().unwrap(), max: 1 });
    // A card the deck does not have.
    let mut foreign = full.clone();
    foreign[0] = Card::JOKER;
    assert_eq!(err(foreign), PositionError::NotInDeck(Card::JOKER));
    assert!(ClassicRummy::from_setup(&standard(), setup).is_ok());
}

#[test]
fn rules_2_2_dealer_rotates_clockwise_each_hand() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let config = standard().with_game_end(MatchEnd::FixedHands(5));
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 3).with_dealer(1)).unwrap();
    let mut dealers = Vec::new();
    while !m.is_over() {
        let hand = m.next_hand(&mut rng).unwrap();
        dealers.push(hand.dealer());
        m.record(&Outcome { points: vec![0, 0, 0], winners: vec![] }).unwrap();
    }
    assert_eq!(dealers, vec![1, 2, 0, 1, 2]);
}

// ---------------------------------------------------------------- §2.3 turn flow

#[test]
fn rules_2_3_draw_then_discard_and_phases() {
    let mut g = scripted(&standard(), 1, &["2c 3d 4h", "9s Td Jc"], "Kd", "5s");
    assert_eq!(g.phase(), Phase::Draw);
    refused(&mut g, discard("2c"), ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    refused(&mut g, meld("2c 3d 4h"), ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    play(&mut g, &[Action::DrawStock]);
    assert!(g.hand(0).contains(id("Kd")));
    refused(&mut g, Action::DrawStock, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    refused(&mut g, Action::TakeDiscard, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    refused(&mut g, discard("9s"), ActionError::Turn(TurnError::NotInHand(id("9s"))));
    // A stock card may be discarded at once.
    play(&mut g, &[discard("Kd")]);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.piles().top_discard(), Some(id("Kd")));
}

#[test]
fn rules_2_3_the_taken_discard_may_not_be_discarded_this_turn() {
    let mut g = scripted(&standard(), 1, &["2c 3d 4h", "9s Td Jc"], "Kd Qd", "5s");
    play(&mut g, &[Action::TakeDiscard]);
    assert_eq!(g.taken_this_turn(), Some(id("5s")));
    refused(&mut g, discard("5s"), ActionError::Turn(TurnError::DiscardTakenCard { card: id("5s") }));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![discard("2c"), discard("3d"), discard("4h")]);
    play(&mut g, &[discard("2c"), Action::DrawStock, discard("Kd")]);
    // On a later turn it may go.
    play(&mut g, &[Action::DrawStock, discard("5s")]);
}

#[test]
fn take_discard_from_an_empty_pile_is_refused() {
    let mut g = scripted(&standard(), 1, &["2c 3d 4h", "9s Td Jc"], "Kd", "");
    refused(&mut g, Action::TakeDiscard, ActionError::Turn(TurnError::EmptyDiscardPile));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![Action::DrawStock]);
}

#[test]
fn rules_2_3_meld_limit_one_per_turn_and_unlimited() {
    let hands = ["2c 3c 4c 9h 9s 9d Kd", "5s 6s 7s 8s Ts Js Qs"];
    let mut g = scripted(&standard(), 1, &hands, "Ah", "Kc");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c")]);
    refused(&mut g, meld("9h 9s 9d"), ActionError::MeldLimitReached);
    let mut g = scripted(&standard().with_meld_limit(MeldLimit::Unlimited), 1, &hands, "Ah", "Kc");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c"), meld("9h 9s 9d"), discard("Kd")]);
    assert_eq!(g.table().len(), 2);
    assert_eq!(g.table().melds()[1].owner(), 0);
}

#[test]
fn rules_2_4_invalid_melds_are_refused() {
    let mut g = scripted(&standard(), 1, &["2c 3c 4d 9h 9s Kd", "5s 6s 7s"], "Ah", "Kc");
    play(&mut g, &[Action::DrawStock]);
    assert!(matches!(
        g.check(g.to_move().unwrap_or_default(), &meld("2c 3c 4d")),
        Err(ActionError::InvalidMeld(MeldError::MixedSuits { .. }))
    ));
    let e = g.check(g.to_move().unwrap_or_default(), &meld("2c 3c 4d")).unwrap_err();
    refused(&mut g, meld("2c 3c 4d"), e);
    refused(&mut g, meld("9h 9s"), ActionError::InvalidMeld(MeldError::TooShort { len: 2, min: 3 }));
    refused(&mut g, meld("9h 9s 5s"), ActionError::Turn(TurnError::NotInHand(id("5s"))));
}

#[test]
fn rules_2_3_lay_off_onto_another_players_meld() {
    // Seat 0 melds a run; seat 1 lays off onto it at both ends over two turns.
    let mut g = scripted(&standard(), 1, &["5h 6h 7h Kc Qd", "4h 8h 9h 2s Js"], "3c 3d 3s", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("Kc")]);
    play(&mut g, &[Action::DrawStock, lay_off("8h", 0), lay_off("4h", 0), lay_off("9h", 0), discard("Js")]);
    let m = g.table().meld(MeldId::new(0)).unwrap();
    assert_eq!(m.owner(), 0);
    assert_eq!(m.meld().to_string(), "4h 5h 6h 7h 8h 9h");
    assert!(g.conserves_cards());
    // Errors: no such meld, does not fit.
    play(&mut g, &[Action::DrawStock]);
    refused(&mut g, lay_off("Qd", 7), ActionError::Table(TableError::NoSuchMeld(MeldId::new(7))));
    let e = g.check(g.to_move().unwrap_or_default(), &lay_off("Qd", 0)).unwrap_err();
    assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })));
    refused(&mut g, lay_off("Qd", 0), e);
    refused(&mut g, lay_off("2s", 0), ActionError::Turn(TurnError::NotInHand(id("2s"))));
}

#[test]
fn rules_2_3_lay_off_ban_until_an_own_meld() {
    let config = standard().with_layoff_requires_own_meld(true);
    let mut g = scripted(&config, 1, &["5h 6h 7h Kc Qd", "8h 2s 2d 2c Js"], "3c 3d 3s", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("Kc")]);
    play(&mut g, &[Action::DrawStock]);
    refused(&mut g, lay_off("8h", 0), ActionError::LayOffBeforeOwnMeld);
    // After an own meld (in the same turn) the lay-off is allowed.
    play(&mut g, &[meld("2s 2d 2c"), lay_off("8h", 0)]);
    // Without the option the first lay-off is fine.
    let mut g = scripted(&standard(), 1, &["5h 6h 7h Kc Qd", "8h 2s 2d 2c Js"], "3c 3d 3s", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("Kc"), Action::DrawStock, lay_off("8h", 0)]);
}

// ---------------------------------------------------------------- §2.5 going out

#[test]
fn rules_2_5_going_out_by_discard() {
    // Dealer 1: seat 0 starts, melds, and on its next turn lays off and discards its last card.
    let mut g = scripted(&standard(), 1, &["5h 6h 7h Kd", "9s 9d Jc"], "Qc 8c 8h", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("Qc")]);
    play(&mut g, &[Action::DrawStock, discard("8c")]);
    play(&mut g, &[Action::DrawStock, lay_off("8h", 0)]);
    assert_eq!(g.hand(0), set("Kd"));
    play(&mut g, &[discard("Kd")]);
    let o = g.outcome().unwrap();
    assert_eq!(o, Outcome { points: vec![28, 0], winners: vec![0] });
    assert!(!g.went_rummy());
    assert_eq!(g.piles().top_discard(), Some(id("Kd")));
    assert!(g.conserves_cards());
}

#[test]
fn rules_2_5_going_out_without_a_final_discard_and_with_must_discard() {
    let hands = ["5h 6h 7h 8h", "2s 3d 4c"];
    let mut g = scripted(&standard(), 1, &hands, "9h", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h 8h 9h")]);
    assert_eq!(g.to_move(), None);
    assert_eq!(g.phase(), Phase::Over);
    // 2 + 3 + 4 = 9, doubled: a rummy.
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![18, 0], winners: vec![0] });
    assert!(g.went_rummy());
    refused(&mut g, discard("2s"), ActionError::Turn(TurnError::HandOver));
    refused(&mut g, Action::DrawStock, ActionError::Turn(TurnError::HandOver));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.is_empty());

    // "Laatste kaart": the same meld is refused; four cards and a discard go out.
    let config = standard().with_must_discard_to_go_out(true);
    let mut g = scripted(&config, 1, &hands, "9h", "Ts");
    play(&mut g, &[Action::DrawStock]);
    refused(&mut g, meld("5h 6h 7h 8h 9h"), ActionError::MustKeepDiscard);
    play(&mut g, &[meld("5h 6h 7h 8h"), discard("9h")]);
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![18, 0], winners: vec![0] });
}

#[test]
fn rules_2_5_going_out_by_lay_off_and_the_lay_off_variant_of_must_discard() {
    let hands = ["Kc Kd Ks 7s", "4s 5s 6s Jd"];
    // Dealer 1: seat 0 melds kings; seat 1 melds spades; seat 0 lays off 7s and then 8s.
    let mut g = scripted(&standard(), 1, &hands, "Qc 9d 8s", "Ts");
    play(&mut g, &[Action::DrawStock, meld("Kc Kd Ks"), discard("Qc")]);
    play(&mut g, &[Action::DrawStock, meld("4s 5s 6s"), discard("9d")]);
    play(&mut g, &[Action::DrawStock, lay_off("7s", 1), lay_off("8s", 1)]);
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![10, 0], winners: vec![0] });
    assert_eq!(g.table().meld(MeldId::new(1)).unwrap().meld().to_string(), "4s 5s 6s 7s 8s");

    let mut g = scripted(&standard().with_must_discard_to_go_out(true), 1, &hands, "Qc 9d 8s", "Ts");
    play(&mut g, &[Action::DrawStock, meld("Kc Kd Ks"), discard("Qc")]);
    play(&mut g, &[Action::DrawStock, meld("4s 5s 6s"), discard("9d")]);
    play(&mut g, &[Action::DrawStock, lay_off("7s", 1)]);
    refused(&mut g, lay_off("8s", 1), ActionError::MustKeepDiscard);
    play(&mut g, &[discard("8s")]);
    assert_eq!(g.outcome().unwrap().winners, [0]);
}

#[test]
fn rules_2_3_guard_refuses_a_meld_that_strands_the_taken_card() {
    let hands = ["2h 3h 4h", "Ks Qs Js"];
    let mut g = scripted(&standard(), 1, &hands, "8d", "9c");
    play(&mut g, &[Action::TakeDiscard]);
    refused(&mut g, meld("2h 3h 4h"), ActionError::OnlyTakenCardLeft(id("9c")));
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![discard("2h"), discard("3h"), discard("4h")]);

    // If the taken card can be laid off afterwards, going out by lay-off finishes the
    // turn legally (default rules): 5h extends 2h 3h 4h.
    let mut g = scripted(&standard(), 1, &hands, "8d", "5h");
    play(&mut g, &[Action::TakeDiscard, meld("2h 3h 4h"), lay_off("5h", 0)]);
    assert_eq!(g.outcome().unwrap().winners, [0]);
    // Under "Laatste kaart" it does not.
    let mut g = scripted(&standard().with_must_discard_to_go_out(true), 1, &hands, "8d", "5h");
    play(&mut g, &[Action::TakeDiscard]);
    refused(&mut g, meld("2h 3h 4h"), ActionError::OnlyTakenCardLeft(id("5h")));
    // Melding all four would leave nothing to discard; a discard ends the turn.
    refused(&mut g, meld("2h 3h 4h 5h"), ActionError::MustKeepDiscard);
    play(&mut g, &[discard("2h")]);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn rules_2_3_guard_on_lay_off() {
    // Dealer 0: seat 1 melds a spade run; seat 0 takes the 4d it discarded.
    let mut g = scripted(&standard(), 0, &["8s", "5s 6s 7s 2c"], "4d", "9h");
    play(&mut g, &[Action::DrawStock, meld("5s 6s 7s"), discard("4d")]);
    play(&mut g, &[Action::TakeDiscard]);
    refused(&mut g, lay_off("8s", 0), ActionError::OnlyTakenCardLeft(id("4d")));
    // With another card left the lay-off is fine.
    let mut g = scripted(&standard(), 0, &["8s Kh", "5s 6s 7s 2c"], "4d", "9h");
    play(&mut g, &[Action::DrawStock, meld("5s 6s 7s"), discard("4d")]);
    play(&mut g, &[Action::TakeDiscard, lay_off("8s", 0), discard("Kh")]);
    assert_eq!(g.hand(0), set("4d"));
}

// ---------------------------------------------------------------- §2.6 scoring

/// The worked example of §2.6: four players, B (seat 1) goes out while A holds
/// 5c Kd As, C holds 7h 7s and D holds Qc.
fn worked_example(config: &Config, rummy: bool) -> ClassicRummy {
    // Dealer A (seat 0): B plays first.
    let finals = ["5c Kd As", "7h 7s", "Qc"];
    if rummy {
        // B draws 6d and melds all five diamonds at once: no earlier meld.
        let mut g = scripted(config, 0, &[finals[0], "2d 3d 4d 5d", finals[1], finals[2]], "6d", "2s");
        play(&mut g, &[Action::DrawStock, meld("2d 3d 4d 5d 6d")]);
        g
    } else {
        let mut g =
            scripted(config, 0, &[finals[0], "2d 3d 4d 9h", finals[1], finals[2]], "5d Tc Td Th 6d", "2s");
        play(&mut g, &[Action::DrawStock, meld("2d 3d 4d"), discard("9h")]); // B keeps 5d
        play(&mut g, &[Action::DrawStock, discard("Tc")]); // C
        play(&mut g, &[Action::DrawStock, discard("Td")]); // D
        play(&mut g, &[Action::DrawStock, discard("Th")]); // A
        play(&mut g, &[Action::DrawStock, lay_off("5d", 0), lay_off("6d", 0)]); // B goes out
        g
    }
}

#[test]
fn rules_2_6_worked_example_40_80_54() {
    let g = worked_example(&standard(), false);
    assert_eq!(g.hand(0), set("5c Kd As"));
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![0, 40, 0, 0], winners: vec![1] });
    assert!(!g.went_rummy());
    let g = worked_example(&standard(), true);
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![0, 80, 0, 0], winners: vec![1] });
    assert!(g.went_rummy());
    let g = worked_example(&standard().with_ace(AceMode::LowOrHigh), false);
    assert_eq!(g.outcome().unwrap().points, vec![0, 54, 0, 0]);
    // Rummy doubling off.
    let g = worked_example(&standard().with_going_rummy_double(false), true);
    assert_eq!(g.outcome().unwrap().points, vec![0, 40, 0, 0]);
    // Round the corner: aces count 15 too.
    let g = worked_example(&standard().with_ace(AceMode::RoundTheCorner), false);
    assert_eq!(g.outcome().unwrap().points, vec![0, 54, 0, 0]);
}

/// Every card's value in hand under each ace mode, from the rule's words: court cards
/// 10, number cards their number, the ace 1 when only low and 15 otherwise.
#[test]
fn rules_2_6_card_values() {
    for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
        for card in Card::all().take(52) {
            let rank = card.rank().expect("a natural card");
            let expected = match rank.number() {
                1 if ace == AceMode::Low => 1,
                1 => 15,
                n @ 2..=10 => u32::from(n),
                _ => 10,
            };
            assert_eq!(ace.card_value(card), expected, "{ace:?} {card}");
        }
        assert_eq!(ace.card_value(Card::JOKER), 0);
    }
}

#[test]
fn rules_2_6_rummy_by_discard() {
    let mut g = scripted(&standard(), 1, &["5h 6h 7h 8h Kd", "As 2d"], "9h", "Ts");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h 8h 9h"), discard("Kd")]);
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![6, 0], winners: vec![0] });
    assert!(g.went_rummy());
}

#[test]
fn rules_2_6_match_is_cumulative_until_the_target() {
    let config = standard().with_game_end(MatchEnd::TargetScore(100));
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2).with_dealer(0)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..2 {
        let _ = m.next_hand(&mut rng).unwrap();
        m.record(&Outcome { points: vec![0, 60], winners: vec![1] }).unwrap();
    }
    assert!(m.is_over());
    assert_eq!(m.totals(), &[0, 120]);
    assert_eq!(m.winners(), vec![1]);
    let config = standard().with_game_end(MatchEnd::Elimination(100));
    let m = Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2));
    assert!(m.is_err());
}

// ---------------------------------------------------------------- §2.4 aces

#[test]
fn rules_2_4_ace_low_only_by_default() {
    let mut g = scripted(&standard(), 1, &["Qh Kh Ah 2h 3h 9c", "5s 6s 7s"], "Ad", "Tc");
    play(&mut g, &[Action::DrawStock]);
    assert!(matches!(
        g.check(g.to_move().unwrap_or_default(), &meld("Qh Kh Ah")),
        Err(ActionError::InvalidMeld(_))
    ));
    assert!(matches!(
        g.check(g.to_move().unwrap_or_default(), &meld("Kh Ah 2h")),
        Err(ActionError::InvalidMeld(_))
    ));
    play(&mut g, &[meld("Ah 2h 3h")]);
    assert_eq!(g.table().melds()[0].meld().to_string(), "Ah 2h 3h");
    // Aces count 1.
    assert_eq!(rummykit_classic::hand_value(&set("Ad Ac"), g.config()), 2);
}

#[test]
fn rules_2_4_ace_high_or_low() {
    let config = standard().with_ace(AceMode::LowOrHigh);
    let mut g = scripted(&config, 1, &["Qh Kh Ah 2h 3h 9c", "5s 6s 7s"], "Ad", "Tc");
    play(&mut g, &[Action::DrawStock]);
    assert!(g.check(g.to_move().unwrap_or_default(), &meld("Ah 2h 3h")).is_ok());
    assert!(matches!(
        g.check(g.to_move().unwrap_or_default(), &meld("Kh Ah 2h")),
        Err(ActionError::InvalidMeld(_))
    ));
    play(&mut g, &[meld("Qh Kh Ah")]);
    assert_eq!(g.table().melds()[0].meld().to_string(), "Qh Kh Ah");
    assert_eq!(rummykit_classic::hand_value(&set("Ad Ac"), &config), 30);
}

#[test]
fn rules_2_4_ace_round_the_corner() {
    let config = standard().with_ace(AceMode::RoundTheCorner);
    let mut g = scripted(&config, 1, &["Qh Kh Ah 2h 3h 9c", "5s 6s 7s"], "Ad", "Tc");
    play(&mut g, &[Action::DrawStock]);
    assert!(g.check(g.to_move().unwrap_or_default(), &meld("Qh Kh Ah")).is_ok());
    assert!(g.check(g.to_move().unwrap_or_default(), &meld("Ah 2h 3h")).is_ok());
    play(&mut g, &[meld("Kh Ah 2h"), discard("9c")]);
    assert_eq!(g.table().melds()[0].meld().to_string(), "Kh Ah 2h");
    play(&mut g, &[Action::DrawStock, discard("5s")]);
    // Lay-off at both ends of the bridge.
    play(&mut g, &[Action::DrawStock, lay_off("Qh", 0), lay_off("3h", 0)]);
    assert_eq!(g.table().melds()[0].meld().to_string(), "Qh Kh Ah 2h 3h");
    assert_eq!(rummykit_classic::hand_value(&set("Ad"), &config), 15);
}

// ---------------------------------------------------------------- §2.5 restock

/// Two players; the stock holds only `stock_top`, the other cards are in the pile.
fn nearly_empty_stock(config: &Config) -> ClassicRummy {
    let mut setup =
        Setup::new(vec![cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"), cards("2d 3d 4d 5d 6d 7d 8d 9d Td Jd")]);
    setup.dealer = 1;
    setup.stock = cards("Qc");
    setup.shuffle_seed = 99;
    setup.fill_stock();
    // Every card but Qc in the pile, in face order from the bottom.
    setup.discard = setup.stock.split_off(1);
    ClassicRummy::from_setup(config, setup).unwrap()
}

#[test]
fn rules_2_5_restock_turns_the_pile_over_unshuffled() {
    let mut g = nearly_empty_stock(&standard());
    let pile = g.piles().discard_pile().to_vec();
    play(&mut g, &[Action::DrawStock, discard("Qc")]);
    assert_eq!(g.piles().stock_len(), 0);
    // The next player may still take the discard.
    let mut taker = g.clone();
    play(&mut taker, &[Action::TakeDiscard]);
    // Or draw: the whole pile (with Qc on top) is turned over; its bottom card is drawn.
    play(&mut g, &[Action::DrawStock]);
    assert_eq!(g.piles().restocks(), 1);
    assert!(g.hand(1).contains(pile[0]));
    assert!(g.piles().discard_pile().is_empty());
    let mut expected: Vec<_> = pile[1..].to_vec();
    expected.push(id("Qc"));
    expected.reverse();
    assert_eq!(g.piles().stock(), &expected[..]);
    assert!(g.conserves_cards());
}

#[test]
fn rules_2_5_restock_with_shuffle() {
    let config = standard().with_shuffle_on_restock(true);
    let mut a = nearly_empty_stock(&config);
    let mut plain = nearly_empty_stock(&standard());
    for g in [&mut a, &mut plain] {
        play(g, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    }
    let mut b = nearly_empty_stock(&config);
    play(&mut b, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    assert_eq!(a, b, "the shuffle is fixed by the deal");
    assert_ne!(a.piles().stock(), plain.piles().stock());
    let mut x: Vec<_> = a.piles().stock().to_vec();
    let mut y: Vec<_> = plain.piles().stock().to_vec();
    x.extend(a.hand(1));
    y.extend(plain.hand(1));
    x.sort();
    y.sort();
    assert_eq!(x, y, "the same cards");
    assert!(a.conserves_cards());
}

#[test]
fn rules_2_5_restock_cap_ends_the_hand_void() {
    let mut g = nearly_empty_stock(&standard().with_max_restocks(Some(0)));
    play(&mut g, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![0, 0], winners: vec![] });
    assert_eq!(g.to_move(), None);
    assert!(g.conserves_cards());

    // Cap 1: one restock, then the hand ends when another is needed.
    let mut g = nearly_empty_stock(&standard().with_max_restocks(Some(1)));
    play(&mut g, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    assert_eq!(g.piles().restocks(), 1);
    let mut steps = 0;
    while g.to_move().is_some() {
        let seat = g.to_move().unwrap();
        if g.phase() == Phase::Draw {
            play(&mut g, &[Action::DrawStock]);
        } else {
            // Discard the card just drawn (never melds: keeps the hand going).
            let newest = g
                .hand(seat)
                .iter()
                .find(|c| !set("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc 2d 3d 4d 5d 6d 7d 8d 9d Td Jd").contains(*c))
                .unwrap();
            play(&mut g, &[Action::Discard(newest)]);
        }
        steps += 1;
        assert!(steps < 200);
    }
    assert_eq!(g.piles().restocks(), 1);
    assert!(g.outcome().unwrap().is_void());
}

// ---------------------------------------------------------------- views

#[test]
fn views_show_own_hand_sizes_and_known_cards() {
    let mut g = scripted(&standard(), 1, &["5h 6h 7h Kd", "9s 9d Jc"], "Qc 8c", "Ts");
    play(&mut g, &[Action::TakeDiscard, meld("5h 6h 7h"), discard("Kd")]);
    let v1 = g.view(1);
    assert_eq!(v1.hand, set("9s 9d Jc"));
    assert_eq!(v1.hand_sizes, vec![1, 3]);
    assert_eq!(v1.known[0], set("Ts"), "seat 0 took Ts from the pile");
    assert_eq!(v1.discard_pile, ids("Kd"));
    assert_eq!(v1.stock_len, 52 - 7 - 1);
    assert_eq!(v1.table.len(), 1);
    let mut legal = Vec::new();
    v1.legal_actions(&mut legal);
    let mut referee = Vec::new();
    g.legal_actions(&mut referee);
    assert_eq!(legal, referee);
    g.view(0).legal_actions(&mut legal);
    assert!(legal.is_empty(), "not seat 0's turn");
    // Seat 1 takes Kd; it is known until played.
    play(&mut g, &[Action::TakeDiscard, discard("Jc")]);
    assert_eq!(g.view(0).known[1], set("Kd"));
    assert_eq!(g.view(0).hint().unwrap().deadwood, 10);
}

#[test]
fn views_do_not_depend_on_hidden_cards() {
    // Swapping a card between seat 1's hand and the stock changes nothing seat 0 sees.
    let a = scripted(&standard(), 1, &["5h 6h 7h Kd", "9s 9d Jc"], "Qc 8c", "Ts");
    let b = scripted(&standard(), 1, &["5h 6h 7h Kd", "9s 9d 8c"], "Qc Jc", "Ts");
    assert_ne!(a, b);
    assert_eq!(a.view(0), b.view(0));
    assert_ne!(a.view(1), b.view(1));
}

#[test]
fn hint_is_the_least_deadwood_split() {
    let g = scripted(&standard(), 1, &["7h 8h 9h 9s 9d Kc 2c", "5s"], "", "Ts");
    let h = g.hint(0);
    assert_eq!(h.deadwood, 7 + 8 + 10 + 2);
    assert_eq!(h.melds, vec![PieceMeld { kind: MeldKind::Group, pieces: ids("9d 9h 9s") }]);
    assert_eq!(Ok(h), analyze(&g.hand(0), g.config()));
}

#[cfg(feature = "serde")]
#[test]
fn config_and_actions_round_trip_through_json() {
    let config = standard().with_ace(AceMode::RoundTheCorner).with_max_restocks(Some(2));
    let json = serde_json::to_string(&config).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), config);
    for a in [Action::DrawStock, meld("2c 3c 4c"), lay_off("5c", 3), discard("Kd")] {
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a);
    }
    // A meld naming a card twice is rejected by the piece-set representation.
    assert!(serde_json::from_str::<Action>(r#"{"Meld":[1,1,2]}"#).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn saved_states_round_trip_and_corrupt_saves_are_rejected() {
    let mut g = scripted(&standard(), 1, &["5h 6h 7h Kd", "9s 9d Jc"], "Qc 8c 8h", "Ts");
    play(&mut g, &[Action::TakeDiscard, meld("5h 6h 7h")]);
    let json = serde_json::to_string(&g).unwrap();
    let back: ClassicRummy = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    let mut value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let corrupt = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        edit(&mut v);
        serde_json::from_value::<ClassicRummy>(v).is_err()
    };
    let text = |v: &serde_json::Value| v.as_str().expect("cards in notation").to_string();
    let mut mover: Vec<String> = text(&value["setup"]["hands"][0]).split(' ').map(String::from).collect();
    mover.sort();
    assert_eq!(mover, ["Kd", "Ts"], "seat 0 holds Kd and the Ts it took");
    assert_eq!(value["setup"]["table"][0]["cards"], "5h 6h 7h");
    // A card in two places.
    assert!(corrupt(&|v| v["setup"]["hands"][1] = format!("{} Ts", text(&v["setup"]["hands"][1])).into()));
    // A card missing.
    assert!(corrupt(&|v| {
        let stock = text(&v["setup"]["stock"]);
        v["setup"]["stock"] = stock.split_once(' ').expect("a stock").1.into();
    }));
    // An invalid meld on the table (Kd swapped in for 7h).
    assert!(corrupt(&|v| {
        v["setup"]["table"][0]["cards"] = "5h 6h Kd".into();
        v["setup"]["hands"][0] = "7h Ts".into();
    }));
    // The taken card is not in the mover's hand.
    assert!(corrupt(&|v| v["setup"]["taken"] = "Ks".into()));
    // A seat to move that does not exist.
    assert!(corrupt(&|v| v["setup"]["to_move"] = 5.into()));
    // An outcome while the hand runs.
    assert!(corrupt(&|v| v["setup"]["outcome"] = serde_json::json!({"points": [0, 0], "winner": null})));
    value["setup"]["rummy"] = true.into();
    assert!(serde_json::from_value::<ClassicRummy>(value).is_ok());
}
