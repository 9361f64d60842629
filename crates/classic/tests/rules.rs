//! Scripted-deal tests for every rule and option of RULES.md §2.

mod common;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{
    AceMode, Action, ActionError, ClassicRummy, Config, MeldLimit, Phase, PieceMeld, analyze,
};
use rummykit_classic::{Setup, SetupMeld};
use rummykit_core::{
    Card, DealError, Game, Match, MatchEnd, MeldError, MeldId, MeldKind, Outcome, PieceId, PieceSet,
    PositionError, Redeal, Seating, TableError, TurnError,
};

// ---------------------------------------------------------------- §2.1 / §2.2 deal

#[test]
fn rules_2_2_hand_sizes_up_card_and_stock() {
    for (players, size) in [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)] {
        let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
        let g = ClassicRummy::deal(&standard(), Seating::new(players).with_dealer(players - 1), &mut rng)
            .unwrap();
        for s in 0..players {
            assert_eq!(g.hand(s).unwrap().len(), size, "{players} players");
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
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 3).with_first_dealer(1))
            .unwrap();
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
    assert!(g.hand(0).unwrap().contains(id("Kd")));
    refused(&mut g, Action::DrawStock, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    refused(&mut g, Action::TakeDiscard, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    refused(&mut g, discard("9s"), ActionError::Turn(TurnError::NotInHand(named(id("9s")))));
    // A stock card may be discarded at once.
    play(&mut g, &[discard("Kd")]);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.piles().top_discard(), Some(id("Kd")));
}

/// The refusals name a card as `Game::describe` does, by its face, with its id; an id
/// that is no card of the deck by its id alone.
#[test]
fn rules_2_3_refusals_name_cards_by_face_and_id() {
    let mut g = scripted(&standard(), 1, &["2c 3d 4h", "9s Td Jc"], "Kd Qd", "5s");
    let says = |g: &ClassicRummy, action: Action| g.check(0, &action).unwrap_err().to_string();
    play(&mut g, &[Action::TakeDiscard]);
    assert_eq!(
        says(&g, discard("5s")),
        "card 5s (#43) was taken from the discard pile this turn (or is its twin) and may not be discarded now"
    );
    assert_eq!(says(&g, discard("9s")), "card 9s (#47) is not in the hand of the player to move");
    let stranger = PieceId::new(100).unwrap();
    assert_eq!(says(&g, Action::Discard(stranger)), "card #100 is not in the hand of the player to move");
    refused(&mut g, Action::Discard(stranger), ActionError::Turn(TurnError::NotInHand(named(stranger))));
    assert_eq!(named(stranger).face(), None);
}

#[test]
fn rules_2_3_the_taken_discard_may_not_be_discarded_this_turn() {
    let mut g = scripted(&standard(), 1, &["2c 3d 4h", "9s Td Jc"], "Kd Qd", "5s");
    play(&mut g, &[Action::TakeDiscard]);
    assert_eq!(g.taken_this_turn(), Some(id("5s")));
    refused(&mut g, discard("5s"), ActionError::Turn(TurnError::DiscardTakenCard { card: named(id("5s")) }));
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
    refused(&mut g, meld("9h 9s 5s"), ActionError::Turn(TurnError::NotInHand(named(id("5s")))));
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
    assert!(e.to_string().starts_with("Qd (#24) does not fit meld m0: "), "{e}");
    refused(&mut g, lay_off("Qd", 0), e);
    refused(&mut g, lay_off("2s", 0), ActionError::Turn(TurnError::NotInHand(named(id("2s")))));
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
    assert_eq!(g.hand(0).unwrap(), set("Kd"));
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
    refused(&mut g, meld("2h 3h 4h"), ActionError::OnlyTakenCardLeft(named(id("9c"))));
    let e = g.check(0, &meld("2h 3h 4h")).unwrap_err();
    let says = "only card 9c (#8), taken from the discard pile this turn, would be left: no legal way to end the turn";
    assert_eq!(e.to_string(), says);
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
    refused(&mut g, meld("2h 3h 4h"), ActionError::OnlyTakenCardLeft(named(id("5h"))));
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
    refused(&mut g, lay_off("8s", 0), ActionError::OnlyTakenCardLeft(named(id("4d"))));
    // With another card left the lay-off is fine.
    let mut g = scripted(&standard(), 0, &["8s Kh", "5s 6s 7s 2c"], "4d", "9h");
    play(&mut g, &[Action::DrawStock, meld("5s 6s 7s"), discard("4d")]);
    play(&mut g, &[Action::TakeDiscard, lay_off("8s", 0), discard("Kh")]);
    assert_eq!(g.hand(0).unwrap(), set("4d"));
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
    assert_eq!(g.hand(0).unwrap(), set("5c Kd As"));
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
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2).with_first_dealer(0))
            .unwrap();
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
    assert_eq!(g.config().penalty(cards("Ad Ac")), 2);
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
    assert_eq!(config.penalty(cards("Ad Ac")), 30);
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
    assert_eq!(config.penalty(cards("Ad")), 15);
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
    assert!(g.hand(1).unwrap().contains(pile[0]));
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
    x.extend(a.hand(1).unwrap());
    y.extend(plain.hand(1).unwrap());
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
                .unwrap()
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

/// `nearly_empty_stock` played to its restock: seat 0 draws Qc and discards it, seat 1
/// draws, which turns the pile over, and keeps the card.
fn restocked(config: &Config) -> ClassicRummy {
    let mut g = nearly_empty_stock(config);
    play(&mut g, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    assert_eq!(g.piles().restocks(), 1);
    g
}

#[test]
fn rules_2_5_an_unshuffled_restock_is_public_to_every_seat() {
    let pile = nearly_empty_stock(&standard()).piles().discard_pile().to_vec();
    let mut g = restocked(&standard());
    assert!(g.piles().stock_is_public());
    // Every seat saw the pile: the card seat 1 drew (the pile's bottom) is known to seat 0.
    assert_eq!(g.view(0).known[1], PieceSet::from_iter([pile[0]]));
    assert_eq!(g.view(1).known[1], PieceSet::from_iter([pile[0]]));
    play(&mut g, &[discard("Jd")]);
    // Seat 0 draws the next card of the pile as it lay: known to seat 1.
    play(&mut g, &[Action::DrawStock]);
    assert_eq!(g.view(1).known[0], PieceSet::from_iter([pile[1]]));
    // Played, it is no longer known to be held.
    play(&mut g, &[Action::Discard(pile[1])]);
    assert!(g.view(1).known[0].is_empty());
    assert_eq!(g.view(0).known[1], PieceSet::from_iter([pile[0]]));
    assert!(g.conserves_cards());
}

#[test]
fn rules_2_5_a_redeal_keeps_a_public_stock_and_every_known_card() {
    // Three seats, so that two hands hold cards hidden from the seat redealt for.
    let mut setup = Setup::new(vec![
        cards("2c 3c 4c 5c 6c 7c 8c"),
        cards("2d 3d 4d 5d 6d 7d 8d"),
        cards("2h 3h 4h 5h 6h 7h 8h"),
    ]);
    setup.dealer = 2;
    setup.stock = cards("Qc");
    setup.fill_stock();
    setup.discard = setup.stock.split_off(1);
    let mut g = ClassicRummy::from_setup(&standard(), setup).unwrap();
    play(&mut g, &[Action::DrawStock, discard("Qc"), Action::DrawStock, discard("8d")]);
    play(&mut g, &[Action::DrawStock, discard("8h"), Action::TakeDiscard, discard("8c")]);
    assert!(g.piles().stock_is_public());
    assert!(g.view(0).known.iter().all(|k| k.len() == 1), "{:?}", g.view(0).known);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut moved = 0;
    for seat in 0..3 {
        for _ in 0..20 {
            let other = g.redeal(seat, &mut rng);
            assert_eq!(other.piles().stock(), g.piles().stock(), "the stock every seat saw");
            assert!(other.piles().stock_is_public());
            assert_eq!(other.hand(seat), g.hand(seat));
            assert_eq!(other.view(seat), g.view(seat));
            for s in 0..3 {
                let known = g.view(s).known.clone();
                assert_eq!(other.view(s).known, known);
                for (t, k) in known.iter().enumerate() {
                    assert!(k.is_subset(&other.hand(t).unwrap()), "seat {t} keeps its known cards");
                }
            }
            assert!(other.conserves_cards());
            moved += usize::from((0..3).any(|t| other.hand(t) != g.hand(t)));
        }
    }
    assert!(moved > 50, "the hidden cards are dealt anew: {moved} of 60");

    // Two seats and a public stock: nothing is hidden from either seat, so a redeal
    // deals every card where it lies.
    let g = restocked(&standard());
    for seat in 0..2 {
        let other = g.redeal(seat, &mut rng);
        assert_eq!((other.hand(0), other.hand(1)), (g.hand(0), g.hand(1)));
        assert_eq!(other.piles().stock(), g.piles().stock());
    }
}

#[test]
fn rules_2_5_a_shuffled_restock_keeps_the_stock_hidden() {
    let g = restocked(&standard().with_shuffle_on_restock(true));
    assert!(!g.piles().stock_is_public());
    assert!(g.view(0).known[1].is_empty(), "a card drawn from a shuffled stock is not seen");
    let mut rng = ChaCha8Rng::seed_from_u64(18);
    let mut moved = 0;
    for _ in 0..20 {
        let other = g.redeal(0, &mut rng);
        assert_eq!(other.view(0), g.view(0));
        assert!(other.conserves_cards());
        moved += usize::from(other.piles().stock() != g.piles().stock());
    }
    assert!(moved > 15, "the hidden stock is dealt anew: {moved} of 20");
}

#[test]
fn rules_2_5_a_restored_hand_knows_whether_its_stock_is_public() {
    for (config, public) in [(standard(), true), (standard().with_shuffle_on_restock(true), false)] {
        let g = restocked(&config);
        let back = ClassicRummy::from_setup(&config, g.setup()).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.piles().stock_is_public(), public);
        // A position written before any restock: the dealt stock is hidden.
        let mut setup = g.setup();
        setup.restocks = 0;
        assert!(!ClassicRummy::from_setup(&config, setup).unwrap().piles().stock_is_public());
    }
}

/// Differential: random hands under both restock policies against a plain reckoning of
/// what every seat saw: a card taken from the pile, or drawn after an unshuffled
/// restock, is known until it leaves the hand.
#[test]
fn rules_2_5_known_cards_follow_what_every_seat_saw() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_505);
    let mut public_draws = 0;
    for round in 0..60 {
        let shuffle = round % 3 == 0;
        let config = standard().with_shuffle_on_restock(shuffle).with_max_restocks(Some(3));
        let seats = 2 + round % 3;
        let mut g =
            ClassicRummy::deal(&config, Seating::new(seats).with_dealer(round % seats), &mut rng).unwrap();
        let mut seen = vec![PieceSet::new(); seats];
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            let action = legal[rng.random_range(0..legal.len())];
            let before = g.hand(seat).unwrap();
            g.apply(seat, action).unwrap();
            let new = g.hand(seat).unwrap() - before;
            match action {
                Action::TakeDiscard => seen[seat] |= new,
                Action::DrawStock if g.piles().restocks() > 0 && !shuffle => {
                    public_draws += new.len();
                    seen[seat] |= new;
                }
                _ => {}
            }
            for (s, k) in seen.iter_mut().enumerate() {
                *k &= g.hand(s).unwrap();
            }
            for s in 0..seats {
                assert_eq!(g.view(s).known, seen, "round {round}, seat {s}");
            }
            if g.piles().stock_is_public() {
                let other = g.redeal(seat, &mut rng);
                assert_eq!(other.piles().stock(), g.piles().stock(), "round {round}");
                assert!(other.conserves_cards());
            }
        }
    }
    assert!(public_draws > 100, "draws from a public stock: {public_draws}");
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
    let h = g.hint(0).unwrap().unwrap();
    assert_eq!(h.deadwood, 7 + 8 + 10 + 2);
    assert_eq!(h.melds, vec![PieceMeld { kind: MeldKind::Group, pieces: ids("9d 9h 9s") }]);
    assert_eq!(Ok(h), analyze(&g.hand(0).unwrap(), g.config()));
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

// ---------------------------------------------------------------- positions from a setup

/// A position with `to_move` acting in `phase`: `hands` per seat, `table` melds
/// (owner, kind, cards in meld order, laid down in earlier turns), the discard pile
/// (bottom first); the rest of the deck is the stock, in face order. Who has melded
/// before is left to the position to say (the setup's default).
fn position(
    config: &Config,
    hands: &[&str],
    table: &[(usize, MeldKind, &str)],
    to_move: usize,
    phase: Phase,
    discard: &str,
) -> ClassicRummy {
    let mut setup = Setup::new(hands.iter().map(|h| cards(h)).collect());
    setup.table = table.iter().map(|&(owner, kind, c)| SetupMeld::new(owner, kind, cards(c))).collect();
    setup.to_move = Some(to_move);
    setup.dealer = (to_move + hands.len() - 1) % hands.len();
    setup.phase = phase;
    setup.discard = cards(discard);
    setup.fill_stock();
    ClassicRummy::from_setup(config, setup).expect("a valid position")
}

/// Asserts that `action` is refused because its card does not fit the meld, with the
/// state unchanged (see [`refused`]).
fn does_not_fit(g: &mut ClassicRummy, action: Action) {
    let seat = g.to_move().expect("the hand is on");
    let e = g.check(seat, &action).expect_err("does not fit");
    assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })), "{action:?}: {e:?}");
    refused(g, action, e);
}

fn meld_text(g: &ClassicRummy, onto: u16) -> String {
    g.table().meld(MeldId::new(onto)).expect("a meld").meld().to_string()
}

// ---------------------------------------------------------------- §2.2 deal, one at a time

/// §2.2: "dealt one at a time", clockwise from the dealer's left; the next card turned
/// up starts the discard pile and the rest is the stock. The deck is shuffled with the
/// caller's rng and dealt from its top (the end of the shuffled list).
#[test]
fn rules_2_2_cards_are_dealt_one_at_a_time_from_the_dealers_left() {
    use rand::seq::SliceRandom;
    for (seats, dealer, size) in [(2, 0, 10), (3, 1, 7), (4, 3, 7), (6, 2, 6)] {
        let seed = 40 + seats as u64;
        let g = ClassicRummy::deal(
            &standard(),
            Seating::new(seats).with_dealer(dealer),
            &mut ChaCha8Rng::seed_from_u64(seed),
        )
        .unwrap();
        let mut deck: Vec<_> = DECK.ids().collect();
        deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let mut hands = vec![rummykit_core::PieceSet::new(); seats];
        for k in 0..seats * size {
            hands[(dealer + 1 + k) % seats].insert(deck.pop().unwrap());
        }
        for (seat, hand) in hands.iter().enumerate() {
            assert_eq!(g.hand(seat).unwrap(), *hand, "{seats} seats, seat {seat}");
        }
        assert_eq!(g.piles().discard_pile(), &[deck.pop().unwrap()]);
        assert_eq!(g.piles().stock(), &deck[..], "the rest, its top last");
    }
}

/// §2.2: with two players the deal alternates, and the non-dealer starts each hand.
#[test]
fn rules_2_2_with_two_players_the_deal_alternates() {
    let config = standard().with_game_end(MatchEnd::FixedHands(4));
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2).with_first_dealer(1))
            .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut seen = Vec::new();
    while !m.is_over() {
        let hand = m.next_hand(&mut rng).unwrap();
        seen.push((hand.dealer(), hand.to_move()));
        m.record(&Outcome { points: vec![0, 0], winners: vec![] }).unwrap();
    }
    assert_eq!(seen, [(1, Some(0)), (0, Some(1)), (1, Some(0)), (0, Some(1))]);
}

// ---------------------------------------------------------------- §2.3 turn, every sentence

/// §2.3: one meld per turn, then any number of lay-offs, onto one's own meld of this
/// turn too; the limit is per turn, so the next turn may meld again.
#[test]
fn rules_2_3_one_meld_per_turn_lay_offs_unlimited_and_the_limit_resets() {
    let hands = ["2c 3c 4c 9h 9s 9d Kd", "5s 6s 7s 8s Ts Js Qs"];
    let mut g = scripted(&standard(), 1, &hands, "Ac Kc 2h", "Qh");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c")]);
    refused(&mut g, meld("9h 9s 9d"), ActionError::MeldLimitReached);
    play(&mut g, &[lay_off("Ac", 0), discard("Kd")]);
    assert_eq!(meld_text(&g, 0), "Ac 2c 3c 4c");
    play(&mut g, &[Action::DrawStock, discard("Kc")]);
    // A new turn: a new meld.
    play(&mut g, &[Action::DrawStock, meld("9h 9s 9d")]);
    assert_eq!(g.table().melds()[1].meld().kind(), MeldKind::Group);
    assert_eq!(g.hand(0).unwrap(), set("2h"));
    // Going out by the last discard, after melding in earlier turns: no rummy.
    play(&mut g, &[discard("2h")]);
    assert_eq!(
        g.outcome(),
        Some(Outcome { points: vec![5 + 6 + 7 + 8 + 10 + 10 + 10, 0], winners: vec![0] })
    );
    assert!(!g.went_rummy());
}

/// §2.3 / §2.4: a set of three takes the fourth card of its rank, from any player; a
/// card of another rank does not fit it.
#[test]
fn rules_2_3_lay_off_onto_a_set_makes_four_of_a_kind() {
    let mut g = scripted(&standard(), 1, &["9h 9s 9d 2c", "9c 8c 5d Jc"], "Kh Ks", "Qh");
    play(&mut g, &[Action::DrawStock, meld("9h 9s 9d"), discard("Kh")]);
    play(&mut g, &[Action::DrawStock]);
    does_not_fit(&mut g, lay_off("8c", 0));
    play(&mut g, &[lay_off("9c", 0)]);
    let m = g.table().meld(MeldId::new(0)).unwrap();
    assert_eq!((m.owner(), m.meld().kind(), m.meld().len()), (0, MeldKind::Group, 4));
    assert_eq!(set_of_meld(&g, 0), set("9c 9d 9h 9s"));
    play(&mut g, &[discard("Jc")]);
    assert_eq!(g.hand(1).unwrap(), set("8c 5d Ks"));
}

fn set_of_meld(g: &ClassicRummy, onto: u16) -> rummykit_core::PieceSet {
    g.table().meld(MeldId::new(onto)).unwrap().piece_set()
}

/// §2.3 "No rearranging of melds" (pagat's example: the 2 of spades may not move from a
/// set to a run): a card on the table is in no hand, so no action can move it.
#[test]
fn rules_2_3_melds_on_the_table_are_never_rearranged() {
    let table = [(1, MeldKind::Group, "2s 2h 2d"), (0, MeldKind::Run, "3s 4s 5s")];
    let mut g = position(&standard(), &["Kd 7c 6s", "Jh Qh"], &table, 0, Phase::Play, "Tc");
    refused(&mut g, lay_off("2s", 1), ActionError::Turn(TurnError::NotInHand(named(id("2s")))));
    refused(&mut g, meld("2s 3s 4s"), ActionError::Turn(TurnError::NotInHand(named(id("2s")))));
    refused(&mut g, meld("2s 2h 2d"), ActionError::Turn(TurnError::NotInHand(named(id("2d")))));
    refused(&mut g, discard("5s"), ActionError::Turn(TurnError::NotInHand(named(id("5s")))));
    // The 6 of spades, from the hand, extends the run as it lies.
    play(&mut g, &[lay_off("6s", 1)]);
    assert_eq!((meld_text(&g, 0), meld_text(&g, 1)), ("2s 2h 2d".to_owned(), "3s 4s 5s 6s".to_owned()));
}

/// §2.3: melds and lay-offs come in any order: a lay-off before the turn's meld.
#[test]
fn rules_2_3_a_lay_off_may_come_before_the_meld() {
    let mut g = scripted(&standard(), 0, &["8h Kc Kd Ks 2c", "5h 6h 7h Jd 3s"], "9s 4d", "Qh");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("9s")]);
    play(&mut g, &[Action::DrawStock, lay_off("8h", 0), meld("Kc Kd Ks"), discard("2c")]);
    assert_eq!(meld_text(&g, 0), "5h 6h 7h 8h");
    assert_eq!(g.table().meld(MeldId::new(1)).unwrap().owner(), 0);
    assert_eq!(g.hand(0).unwrap(), set("4d"));
    assert_eq!(g.to_move(), Some(1));
}

/// §2.3: only the discard of the card taken from the pile is barred: it may be melded,
/// or laid off, in the turn it was taken.
#[test]
fn rules_2_3_the_taken_discard_may_be_melded_or_laid_off_at_once() {
    let mut g = scripted(&standard(), 1, &["3h 4h Kc Qd", "9s Td Jc"], "2s", "5h");
    play(&mut g, &[Action::TakeDiscard, meld("3h 4h 5h"), discard("Kc")]);
    assert_eq!(meld_text(&g, 0), "3h 4h 5h");
    assert_eq!(g.taken_this_turn(), None, "a new turn");
    // Seat 1 takes the 6h seat 0 let go and lays it off at once.
    let mut g = scripted(&standard(), 1, &["3h 4h 5h 6h Kc", "9s Td Jc"], "2s", "Qd");
    play(&mut g, &[Action::DrawStock, meld("3h 4h 5h"), discard("6h")]);
    play(&mut g, &[Action::TakeDiscard, lay_off("6h", 0), discard("9s")]);
    assert_eq!(meld_text(&g, 0), "3h 4h 5h 6h");
    assert_eq!(g.hand(1).unwrap(), set("Td Jc"));
}

// ---------------------------------------------------------------- §2.4 aces at the ends

/// §2.4: the ace option decides which lay-offs carry a run past the king or below the
/// ace: only low, K before A-2-3 and A after J-Q-K are refused; high or low, the ace goes
/// after the king but nothing after that ace; round the corner, both, and on to the 2.
#[test]
fn rules_2_4_lay_offs_round_the_ace_under_each_mode() {
    let table = [(1, MeldKind::Run, "Ah 2h 3h"), (1, MeldKind::Run, "Js Qs Ks")];
    for (ace, king_before_ace, ace_after_king, two_after_ace) in [
        (AceMode::Low, false, false, false),
        (AceMode::LowOrHigh, false, true, false),
        (AceMode::RoundTheCorner, true, true, true),
    ] {
        let config = standard().with_ace(ace);
        let mut g = position(&config, &["Kh As 2s 9c 8d", "Tc Td"], &table, 0, Phase::Play, "5c");
        for (action, fits, after) in [
            (lay_off("Kh", 0), king_before_ace, "Kh Ah 2h 3h"),
            (lay_off("As", 1), ace_after_king, "Js Qs Ks As"),
            (lay_off("2s", 1), two_after_ace, "Js Qs Ks As 2s"),
        ] {
            if fits {
                play(&mut g, &[action]);
                let Action::LayOff { onto, .. } = action else { unreachable!() };
                assert_eq!(g.table().meld(onto).unwrap().meld().to_string(), after, "{ace:?}");
            } else {
                does_not_fit(&mut g, action);
            }
        }
        // Whatever fitted, the turn goes on: a discard ends it.
        play(&mut g, &[discard("9c")]);
        assert_eq!(g.to_move(), Some(1), "{ace:?}");
    }
}

/// §2.4 and §2.6: under round the corner a meld may hold the ace between king and two,
/// and an ace left in hand counts 15 (the reading RULES.md gives for this mode).
#[test]
fn rules_2_4_round_the_corner_meld_and_its_ace_in_hand() {
    let config = standard().with_ace(AceMode::RoundTheCorner);
    let mut g = position(&config, &["Qd Kd Ad 2d 3d", "As 4c"], &[], 0, Phase::Play, "5c");
    play(&mut g, &[meld("Qd Kd Ad 2d 3d")]);
    assert_eq!(meld_text(&g, 0), "Qd Kd Ad 2d 3d");
    // Seat 0 went out on its first turn: a rummy, doubled: (15 + 4) × 2.
    assert_eq!(g.outcome(), Some(Outcome { points: vec![38, 0], winners: vec![0] }));
    assert!(g.went_rummy());
}

// ---------------------------------------------------------------- §2.5 stock runs out

/// Every card but the discard pile's `Qc` in the hands: clubs and diamonds with seat 0,
/// hearts and spades with seat 1; the stock is empty and seat 0 is to draw.
fn stock_gone(config: &Config) -> ClassicRummy {
    let suit = |s: char| -> String {
        "A23456789TJQK".chars().map(|r| format!("{r}{s}")).collect::<Vec<_>>().join(" ")
    };
    let seat0 = format!("{} {}", suit('c'), suit('d')).replace("Qc ", "");
    let seat1 = format!("{} {}", suit('h'), suit('s'));
    let mut setup = Setup::new(vec![cards(&seat0), cards(&seat1)]);
    setup.dealer = 1;
    setup.discard = cards("Qc");
    let g = ClassicRummy::from_setup(config, setup).expect("a valid position");
    assert_eq!((g.piles().stock_len(), g.to_move()), (0, Some(0)));
    g
}

/// §2.5: on an empty stock the player may take the top discard, or turn the pile over as
/// the new stock and draw its top card. A pile of one card comes back as that card, now
/// a card from the stock, which may be discarded at once (§2.3). With the restock cap
/// reached a draw from the stock ends the hand void, while the discard may still be
/// taken; with no cap the pile turns over again.
#[test]
fn rules_2_5_a_one_card_pile_turned_over_and_the_cap_at_its_boundary() {
    for cap in [Some(1), None] {
        let mut g = stock_gone(&standard().with_max_restocks(cap));
        let mut taker = g.clone();
        play(&mut taker, &[Action::TakeDiscard]);
        assert_eq!(taker.taken_this_turn(), Some(id("Qc")));
        refused(
            &mut taker,
            discard("Qc"),
            ActionError::Turn(TurnError::DiscardTakenCard { card: named(id("Qc")) }),
        );

        play(&mut g, &[Action::DrawStock]);
        assert_eq!((g.piles().restocks(), g.piles().stock_len()), (1, 0));
        assert!(g.piles().discard_pile().is_empty());
        assert_eq!(g.taken_this_turn(), None);
        assert!(g.hand(0).unwrap().contains(id("Qc")));
        play(&mut g, &[discard("Qc")]);
        // Seat 1 faces the same empty stock.
        let mut taker = g.clone();
        play(&mut taker, &[Action::TakeDiscard]);
        assert_eq!((taker.piles().restocks(), taker.outcome()), (1, None));
        play(&mut g, &[Action::DrawStock]);
        if cap.is_some() {
            assert_eq!(g.outcome(), Some(Outcome { points: vec![0, 0], winners: vec![] }));
            assert_eq!((g.to_move(), g.phase(), g.piles().restocks()), (None, Phase::Over, 1));
            assert_eq!(g.piles().discard_pile(), &ids("Qc")[..], "nothing was drawn");
        } else {
            assert_eq!((g.piles().restocks(), g.outcome()), (2, None));
            assert!(g.hand(1).unwrap().contains(id("Qc")));
        }
        assert!(g.conserves_cards());
    }
}

// ---------------------------------------------------------------- §2.6 rummy and the match

/// §2.6: going out in one turn by lay-offs alone, without a meld of one's own, is a
/// rummy: nothing was laid down in an earlier turn.
#[test]
fn rules_2_6_going_out_by_lay_offs_alone_is_a_rummy() {
    let table = [(1, MeldKind::Run, "5h 6h 7h")];
    let mut g = position(&standard(), &["8h 9h Th", "2c 3c Kd"], &table, 0, Phase::Play, "Qs");
    assert!(!g.has_played_before(0).unwrap());
    play(&mut g, &[lay_off("8h", 0), lay_off("9h", 0), lay_off("Th", 0)]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![2 * (2 + 3 + 10), 0], winners: vec![0] }));
    assert!(g.went_rummy());
}

/// §2.6: a lay-off in an earlier turn, without any meld, is enough to rule out a rummy.
#[test]
fn rules_2_6_an_earlier_lay_off_alone_rules_out_a_rummy() {
    let mut g = scripted(&standard(), 0, &["8h Kc Kd Ks", "5h 6h 7h Jd 3s 4s"], "9s Qc Td 9d", "2h");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("9s")]);
    play(&mut g, &[Action::DrawStock, lay_off("8h", 0), discard("Qc")]);
    assert!(g.has_played_before(0).unwrap());
    play(&mut g, &[Action::DrawStock, discard("Td")]);
    play(&mut g, &[Action::DrawStock, meld("Kc Kd Ks"), discard("9d")]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![10 + 3 + 4, 0], winners: vec![0] }));
    assert!(!g.went_rummy());
}

/// §2.6: a seat with a meld on the table from an earlier turn has melded before, so its
/// going out is no rummy even in a position that does not list who has melded before;
/// a meld made this turn, as the position counts it, is this turn's and spoils a rummy
/// only from the next turn on.
#[test]
fn rules_2_6_a_meld_from_an_earlier_turn_rules_out_a_rummy_in_any_position() {
    let table = [(0, MeldKind::Run, "5h 6h 7h")];
    let mut g = position(&standard(), &["8h Kc Kd Ks", "2c 3c"], &table, 0, Phase::Play, "Qs");
    assert!(g.has_played_before(0).unwrap() && !g.has_played_before(1).unwrap());
    play(&mut g, &[lay_off("8h", 0), meld("Kc Kd Ks")]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![5, 0], winners: vec![0] }));
    assert!(!g.went_rummy());

    // The same meld made this turn: going out now is a rummy...
    let this_turn = |hand: &str| {
        let mut setup = Setup::new(vec![cards(hand), cards("2c 3c")]);
        setup.table = vec![SetupMeld::new(0, MeldKind::Run, cards("5h 6h 7h"))];
        setup.dealer = 1;
        setup.phase = Phase::Play;
        setup.melds_this_turn = 1;
        setup.discard = cards("Qs");
        setup.fill_stock();
        ClassicRummy::from_setup(&standard(), setup).expect("a valid position")
    };
    let mut g = this_turn("8h 9h");
    assert!(!g.has_played_before(0).unwrap());
    play(&mut g, &[lay_off("8h", 0), lay_off("9h", 0)]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![10, 0], winners: vec![0] }));
    assert!(g.went_rummy());
    // ...and going out in a later turn is not.
    let mut g = this_turn("8h 2d");
    play(&mut g, &[discard("2d"), Action::DrawStock, discard("Ac"), Action::DrawStock, lay_off("8h", 0)]);
    assert_eq!(g.hand(0).unwrap(), set("4c"));
    play(&mut g, &[discard("4c")]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![5, 0], winners: vec![0] }));
    assert!(!g.went_rummy());

    // A seat not to move that owns a meld has melded before too: its going out later is
    // no rummy.
    let table = [(1, MeldKind::Run, "5h 6h 7h")];
    let g = position(&standard(), &["Kc Kd", "8h 2c"], &table, 0, Phase::Play, "Qs");
    assert!(!g.has_played_before(0).unwrap() && g.has_played_before(1).unwrap());

    // Melds counted as this turn's are the mover's: a position that counts one while the
    // mover owns none is refused, not read as play this turn.
    let mut setup = Setup::new(vec![cards("8h 9h"), cards("2c 3c")]);
    setup.table = vec![SetupMeld::new(1, MeldKind::Run, cards("5h 6h 7h"))];
    setup.dealer = 1;
    setup.phase = Phase::Play;
    setup.melds_this_turn = 1;
    setup.discard = cards("Qs");
    setup.fill_stock();
    assert_eq!(
        ClassicRummy::from_setup(&standard(), setup).unwrap_err(),
        DealError::InvalidDeal(PositionError::OutOfRange { field: "melds_this_turn", value: 1, max: 0 })
    );
}

/// §2.2 / §2.6: scores add up over the hands and the match ends after the hand in which
/// a total reaches the target: 99 plays on, exactly 100 ends it.
#[test]
fn rules_2_6_the_match_ends_when_a_total_reaches_the_target_exactly() {
    let config = standard();
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 3).with_first_dealer(0))
            .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for (points, winner, over) in
        [(vec![0, 99, 0], 1, false), (vec![0, 0, 60], 2, false), (vec![0, 1, 0], 1, true)]
    {
        let _ = m.next_hand(&mut rng).unwrap();
        m.record(&Outcome { points, winners: vec![winner] }).unwrap();
        assert_eq!(m.is_over(), over, "{:?}", m.totals());
    }
    assert_eq!(m.totals(), &[0, 100, 60]);
    assert_eq!(m.winners(), [1]);
    // A fixed number of hands ends after that many, whatever the totals.
    let config = standard().with_game_end(MatchEnd::FixedHands(2));
    let mut m = Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2)).unwrap();
    for over in [false, true] {
        let _ = m.next_hand(&mut rng).unwrap();
        m.record(&Outcome { points: vec![150, 0], winners: vec![0] }).unwrap();
        assert_eq!(m.is_over(), over);
    }
    assert_eq!(m.totals(), &[300, 0]);
}

// ---------------------------------------------------------------- §2.7 the option table

#[test]
fn rules_2_7_the_defaults_are_the_option_table() {
    let c = Config::default();
    assert_eq!(c, Config::STANDARD);
    assert_eq!(c.meld_limit, MeldLimit::One);
    assert!(!c.layoff_requires_own_meld);
    assert_eq!(c.ace, AceMode::Low);
    assert!(!c.must_discard_to_go_out);
    assert!(!c.shuffle_on_restock);
    assert_eq!(c.max_restocks, None);
    assert!(c.going_rummy_double);
    assert_eq!(c.game_end, MatchEnd::TargetScore(100));
    assert_eq!(ClassicRummy::default_terms(&c, 4).end, MatchEnd::TargetScore(100));
}

/// §2.7 presets: each is `Config::STANDARD` with exactly the options its line names.
#[test]
fn rules_2_7_the_presets_change_only_what_they_name() {
    let mut last_card = Config::STANDARD;
    last_card.must_discard_to_go_out = true;
    assert_eq!(Config::LAST_CARD, last_card);
    let mut liberal = Config::STANDARD;
    liberal.meld_limit = MeldLimit::Unlimited;
    liberal.ace = AceMode::LowOrHigh;
    liberal.shuffle_on_restock = true;
    assert_eq!(Config::LIBERAL, liberal);
    // RULES.md §2.5 recommends two restocks for bots and simulations.
    assert_eq!(rummykit_classic::RESTOCK_CAP, 2);
}

// ---------------------------------------------------------------- §0 and §5

/// §0 / §5 item 1: a meld's kind is stored with it and decides what it takes: the 7h
/// fits both a set of sevens and the run 4h 5h 6h, and goes onto the one named. A table
/// meld is read as the kind its position names, never guessed.
#[test]
fn rules_0_a_melds_kind_is_stored_and_decides_its_lay_offs() {
    let table = [(1, MeldKind::Group, "7c 7d 7s"), (1, MeldKind::Run, "4h 5h 6h")];
    for (onto, kind, after) in [(0, MeldKind::Group, "7c 7d 7s 7h"), (1, MeldKind::Run, "4h 5h 6h 7h")] {
        let mut g = position(&standard(), &["7h 8h Kc", "2c 3c"], &table, 0, Phase::Play, "Qs");
        play(&mut g, &[lay_off("7h", onto)]);
        let m = g.table().meld(MeldId::new(onto)).unwrap();
        assert_eq!((m.meld().kind(), m.meld().to_string()), (kind, after.to_owned()));
        // 8h extends only the run.
        if onto == 0 {
            does_not_fit(&mut g, lay_off("8h", 0));
        }
    }
    for (kind, text) in [(MeldKind::Run, "7c 7d 7s"), (MeldKind::Group, "4h 5h 6h")] {
        let mut setup = Setup::new(vec![cards("7h 8h Kc"), cards("2c 3c")]);
        setup.table = vec![SetupMeld::new(1, kind, cards(text))];
        setup.fill_stock();
        let refused = ClassicRummy::from_setup(&standard(), setup);
        assert!(matches!(refused, Err(DealError::InvalidDeal(PositionError::Table(_)))), "{refused:?}");
    }
}

/// §5 item 3: a card game checks each action as it is made: a meld lies on the table at
/// once, before the turn ends, and a refused action after it leaves it there.
#[test]
fn rules_5_item_3_each_action_is_checked_and_applied_as_it_is_made() {
    let mut g = scripted(&standard(), 1, &["2c 3c 4c 9h Kd", "5s 6s 7s"], "8d", "Qh");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c")]);
    assert_eq!((g.to_move(), g.phase(), g.table().len()), (Some(0), Phase::Play, 1));
    assert_eq!(g.hand(0).unwrap(), set("9h Kd 8d"));
    refused(&mut g, meld("9h Kd 8d"), ActionError::MeldLimitReached);
    play(&mut g, &[discard("Kd")]);
    assert_eq!((g.to_move(), g.table().len()), (Some(1), 1));
}

/// §5 item 5: the deal draws on the caller's rng alone: the same seed deals the same
/// hand, and the same actions then give the same hand, to the end.
#[test]
fn rules_5_item_5_the_same_seed_plays_the_same_hand() {
    let play_out = |seed: u64| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = ClassicRummy::deal(
            &Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)),
            Seating::new(4),
            &mut rng,
        )
        .unwrap();
        let mut trail = vec![g.clone()];
        let mut legal = Vec::new();
        while let Some(seat) = g.to_move() {
            g.legal_actions(&mut legal);
            // A fixed choice, the first legal action: every turn draws from the stock, so
            // the restock cap ends the hand.
            g.apply(seat, legal[0]).unwrap();
            trail.push(g.clone());
        }
        trail
    };
    let a = play_out(11);
    assert_eq!(a, play_out(11));
    assert_ne!(a[0], play_out(12)[0]);
    assert!(a.last().unwrap().outcome().is_some());
}

/// §2.3 / §2.6 with `meld_limit = Unlimited` (and the other options of the liberal
/// preset): two melds and the last discard in the first turn are a rummy, and the ace
/// left in the other hand counts 15: (15 + 5) × 2.
#[test]
fn rules_2_6_a_rummy_of_two_melds_under_unlimited_melds() {
    let mut g = scripted(&Config::LIBERAL, 1, &["2c 3c 4c 9h 9s 9d", "As 5d"], "Kd", "Qh");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c"), meld("9h 9s 9d"), discard("Kd")]);
    assert_eq!(g.outcome(), Some(Outcome { points: vec![40, 0], winners: vec![0] }));
    assert!(g.went_rummy());
    // The same cards under the standard rules: one meld, so no going out this turn.
    let mut g = scripted(&standard(), 1, &["2c 3c 4c 9h 9s 9d", "As 5d"], "Kd", "Qh");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c")]);
    refused(&mut g, meld("9h 9s 9d"), ActionError::MeldLimitReached);
}

/// `RULES.md` §2.5: restocks are unlimited by default and turned over unshuffled, so a
/// hand in which nobody melds never ends; the driver stops it with
/// `DriverError::TooLong`. A cap on the restocks (`RESTOCK_CAP`) ends the same
/// play void.
#[test]
fn rules_2_5_an_uncapped_hand_nobody_melds_stops_the_driver_with_too_long() {
    use rummykit_core::{Bot, DriverError, play_hand};

    /// Draws from the stock and throws the first card it may, never melding.
    struct NeverMelds;
    impl Bot<ClassicRummy> for NeverMelds {
        fn name(&self) -> &str {
            "never melds"
        }
        fn act(&mut self, view: &<ClassicRummy as Game>::View) -> Action {
            let mut legal = Vec::new();
            ClassicRummy::legal_actions_from(view, &mut legal);
            let draw_or_discard = |a: &&Action| matches!(a, Action::DrawStock | Action::Discard(_));
            legal.iter().find(draw_or_discard).cloned().expect("a draw or a discard")
        }
    }

    for seed in 0..4 {
        let deal = |config: &Config| {
            ClassicRummy::deal(config, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(seed)).unwrap()
        };
        let (mut a, mut b) = (NeverMelds, NeverMelds);
        let mut g = deal(&Config::STANDARD);
        assert_eq!(Config::STANDARD.max_restocks, None);
        let err = play_hand(&mut g, &mut [&mut a as &mut dyn Bot<ClassicRummy>, &mut b], 5_000).unwrap_err();
        assert_eq!(err, DriverError::TooLong { hand: 0, actions: 5_000 }, "seed {seed}");
        assert!(g.piles().restocks() > 2, "seed {seed}: {} restocks", g.piles().restocks());
        assert!(g.conserves_cards());

        let mut g = deal(&Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)));
        let (outcome, _) = play_hand(&mut g, &mut [&mut a as &mut dyn Bot<ClassicRummy>, &mut b], 5_000)
            .expect("a capped hand ends");
        assert_eq!(outcome, Outcome { points: vec![0, 0], winners: vec![] }, "seed {seed}");
    }
}

/// §2.4 `RoundTheCorner`: a run may bridge K-A-2 and hold the whole suit, thirteen cards
/// from any start, each card once: the twelve hearts 5♥…K♥ A♥ 2♥ 3♥ take the 4♥ (at
/// either end it closes the circle), and seat 0 goes out with the 9♣. Under the other
/// modes the same table meld is no run.
#[test]
fn rules_2_4_round_the_corner_run_holds_the_whole_suit_from_any_start() {
    let twelve = "5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h 3h";
    let table = [(1, MeldKind::Run, twelve)];
    let config = standard().with_ace(AceMode::RoundTheCorner);
    let mut g = position(&config, &["4h 9c", "2c 3c"], &table, 0, Phase::Play, "Qs");
    play(&mut g, &[lay_off("4h", 0)]);
    let meld = g.table().meld(MeldId::new(0)).unwrap().meld();
    assert_eq!(meld.len(), 13);
    let mut faces = meld.faces().to_vec();
    faces.sort();
    assert_eq!(faces, cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"));
    play(&mut g, &[discard("9c")]);
    // Nothing laid down before this turn: a rummy, 2♣ 3♣ doubled.
    assert_eq!(g.outcome(), Some(Outcome { points: vec![2 * 5, 0], winners: vec![0] }));
    for ace in [AceMode::Low, AceMode::LowOrHigh] {
        let mut setup = Setup::new(vec![cards("4h 9c"), cards("2c 3c")]);
        setup.table = vec![SetupMeld::new(1, MeldKind::Run, cards(twelve))];
        setup.fill_stock();
        let refused = ClassicRummy::from_setup(&standard().with_ace(ace), setup);
        assert!(
            matches!(refused, Err(DealError::InvalidDeal(PositionError::Table(_)))),
            "{ace:?}: {refused:?}"
        );
    }
}

/// §2.6 "with as many cards as dealt": the first player of a dealt-size two-player hand
/// (ten cards) draws, melds all ten hearts A–10 in its one meld and discards: a rummy on
/// the hand's first turn, the other hand's ten clubs 2–J (64) doubled.
#[test]
fn rules_2_6_going_out_on_the_hands_first_turn_is_a_rummy() {
    let hands = ["Ah 2h 3h 4h 5h 6h 7h 8h 9h Th", "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc"];
    for config in [standard(), standard().with_must_discard_to_go_out(true)] {
        let mut g = scripted(&config, 1, &hands, "Kd", "Qs");
        assert_eq!(g.to_move(), Some(0));
        play(&mut g, &[Action::DrawStock, meld("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th"), discard("Kd")]);
        assert!(g.went_rummy());
        assert_eq!(g.outcome(), Some(Outcome { points: vec![2 * 64, 0], winners: vec![0] }));
    }
}

/// Every card is in one place (RULES.md §2.1: one deck). A view built or edited elsewhere
/// whose hand holds a card of the table is one no game shows: it lists no action and a
/// random player draws none from it, where the listing offered a meld with the table's
/// card that the check then refused.
#[test]
fn rules_2_1_a_view_whose_hand_holds_a_card_of_the_table_lists_nothing() {
    let mut seen = 0;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut rng).unwrap();
        let mut legal = Vec::new();
        // The first listed action each step: a meld whenever the hand holds one.
        for _ in 0..200 {
            let Some(seat) = game.to_move() else { break };
            let view = game.view(seat);
            if view.phase == Phase::Play && !game.table().pieces().is_empty() {
                view.legal_actions(&mut legal);
                assert!(!legal.is_empty(), "the mover's own view lists its actions");
                let mut edited = view.clone();
                let on_table = game.table().pieces().iter().next().unwrap();
                edited.common.hand.insert(on_table);
                edited.legal_actions(&mut legal);
                assert!(legal.is_empty(), "seed {seed}: {legal:?}");
                assert_eq!(ClassicRummy::random_action_from(&edited, &mut rng), None);
                seen += 1;
                break;
            }
            view.legal_actions(&mut legal);
            game.apply(seat, legal[0]).unwrap();
        }
    }
    assert!(seen > 0, "no table with a meld was reached");
}

/// §2.3, §2.5: an action for a seat not to move is the one refusal `Game::not_your_turn`
/// reads, though classic Rummy nests it in `ActionError::Turn`; an action of the wrong
/// part of the turn or a card not in hand is not, nor is any action once the hand is
/// over (nobody is to move).
#[test]
fn rules_2_3_not_your_turn_is_told_from_other_refusals() {
    use rummykit_core::NotYourTurn;
    let hands = ["5h 6h 7h 8h", "2s 3d 4c"];
    let mut g = scripted(&standard(), 1, &hands, "9h", "Ts");
    let wrong = g.check(1, &Action::DrawStock).unwrap_err();
    assert_eq!(wrong, ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 })));
    assert_eq!(ClassicRummy::not_your_turn(&wrong), Some(NotYourTurn { seat: 1, to_move: 0 }));
    let early = g.check(0, &discard("5h")).unwrap_err();
    assert_eq!(early, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    assert_eq!(ClassicRummy::not_your_turn(&early), None);
    play(&mut g, &[Action::DrawStock]);
    let not_held = g.check(0, &discard("2s")).unwrap_err();
    assert_eq!(not_held, ActionError::Turn(TurnError::NotInHand(named(id("2s")))));
    assert_eq!(ClassicRummy::not_your_turn(&not_held), None);
    play(&mut g, &[meld("5h 6h 7h 8h 9h")]);
    for seat in 0..2 {
        let over = g.check(seat, &Action::DrawStock).unwrap_err();
        assert_eq!(over, ActionError::Turn(TurnError::HandOver));
        assert_eq!(ClassicRummy::not_your_turn(&over), None);
    }
}

/// §2.3 "Aanlegverbod" with §2.6: under the lay-off ban a player without a meld of their
/// own may not go out by lay-offs alone, but may meld and then lay off in the same turn;
/// going out so, with nothing laid down in an earlier turn, is still a rummy.
#[test]
fn rules_2_7_the_lay_off_ban_leaves_a_rummy_by_meld_then_lay_off() {
    let config = standard().with_layoff_requires_own_meld(true);
    let table = [(1, MeldKind::Run, "5h 6h 7h")];
    let mut g = position(&config, &["8h Kc Kd Ks", "2c 3c"], &table, 0, Phase::Play, "Qs");
    refused(&mut g, lay_off("8h", 0), ActionError::LayOffBeforeOwnMeld);
    play(&mut g, &[meld("Kc Kd Ks"), lay_off("8h", 0)]);
    assert_eq!(meld_text(&g, 0), "5h 6h 7h 8h");
    assert_eq!(g.outcome(), Some(Outcome { points: vec![2 * (2 + 3), 0], winners: vec![0] }));
    assert!(g.went_rummy());
}
