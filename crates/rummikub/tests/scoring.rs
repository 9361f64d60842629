//! The worked examples of RULES.md §1.8 and §4.1, replayed through the engine, and the
//! scoring options (joker penalty, tie rule, never-melded penalty).

mod common;

use common::*;
use rummykit_core::{Game, Outcome};
use rummykit_rummikub::{Action, Config, GameEnd, score_pool_empty, score_went_out};

fn zero_sum(o: &Outcome) {
    assert_eq!(o.points.iter().sum::<i64>(), 0, "scores must be zero-sum: {:?}", o.points);
}

/// RULES.md §1.8 (a): A goes out; B holds 3, 7, 12, joker; C holds 1, 1, 13; D holds 9.
#[test]
fn rules_1_8_a_going_out_example() {
    let racks = ["r10 r11 r12", "r3 b7 y12 J", "r1 b1 k13", "y9"];
    let mut game = scripted(Config::STANDARD, &racks, vec![], "", &[true; 4], 0);
    play(&mut game, vec![run("r10 r11 r12")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    assert_eq!(game.to_move(), None);
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [76, -52, -15, -9]);
    assert_eq!(o.winners, [0]);
    zero_sum(&o);
}

/// RULES.md §1.8 (b): pool empty, rack values A 15, B 8, C 22, D 19 → B +32.
#[test]
fn rules_1_8_b_pool_empty_example() {
    let racks = ["r7 b8", "y8", "k9 k13", "r6 r13"];
    let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 4], 0);
    assert_eq!(game.pool_len(), 0);
    for _ in 0..4 {
        game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("pass with an empty pool");
    }
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [-7, 32, -14, -11]);
    assert_eq!(o.winners, [1]);
    zero_sum(&o);
}

/// RULES.md §1.8 (c): the (a) example as hand rummy with the option on: A +152,
/// B −104, C −30, D −18; the threshold is waived for that turn.
#[test]
fn rules_1_8_c_hand_rummy_double_example() {
    let mut config = Config::STANDARD;
    config.hand_rummy_double = true;
    let racks = ["r1 r2 r3", "r3 b7 y12 J", "r1 b1 k13", "y9"];
    let mut game = scripted(config, &racks, vec![], "", &[false; 4], 0);
    play(&mut game, vec![run("r1 r2 r3")]); // worth 6 < 30: waived
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [152, -104, -30, -18]);
    zero_sum(&o);
}

/// RULES.md §1.8 (c): without the option the same play is an initial meld below 30.
#[test]
fn rules_1_8_c_hand_rummy_off_keeps_threshold() {
    let racks = ["r1 r2 r3", "r3 b7 y12 J", "r1 b1 k13", "y9"];
    let mut game = scripted(Config::STANDARD, &racks, vec![], "", &[false; 4], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3")] },
        rummykit_rummikub::PlayError::InitialMeldBelowThreshold { needed: 30, got: 6 }.into(),
    );
    // Going out at 30+ in the first turn without the option scores single.
    let mut game = scripted(Config::STANDARD, &["r9 r10 r11", "y9", "k1"], vec![], "", &[false; 3], 0);
    play(&mut game, vec![run("r9 r10 r11")]);
    assert_eq!(game.outcome().expect("over").points, [10, -9, -1]);
}

/// RULES.md §4.1: B holds 5, 8, joker → −38 (joker 25); C holds 4 → −4; winner +42.
#[test]
fn rules_4_1_schmidt_scoring_example() {
    let racks = ["b10 b11 b12", "r5 y8 J", "k4"];
    let mut game = scripted(Config::SCHMIDT, &racks, vec![], "", &[true; 3], 0);
    play(&mut game, vec![run("b10 b11 b12")]);
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [42, -38, -4]);
    zero_sum(&o);
}

/// RULES.md §4.1 Handrummy: all tiles in one turn, no 30 needed, minus points double:
/// −76, −8, +84.
#[test]
fn rules_4_1_schmidt_handrummy_example() {
    let racks = ["b1 b2 b3 y7 k7 r7", "r5 y8 J", "k4"];
    let mut game = scripted(Config::SCHMIDT, &racks, vec![], "", &[false; 3], 0);
    play(&mut game, vec![run("b1 b2 b3"), group("y7 k7 r7")]); // 27 < 30
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [84, -76, -8]);
    zero_sum(&o);
}

/// RULES.md §1.8: joker penalty 50 (house) and 100 (NZRC).
#[test]
fn rules_1_8_joker_penalty_options() {
    let racks = [rack(""), rack("J"), rack("r2")];
    let mut config = Config::STANDARD;
    config.joker_penalty = 50;
    assert_eq!(score_went_out(&config, 0, &racks, &[true; 3], false), Some(vec![52, -50, -2]));
    config.joker_penalty = 100;
    assert_eq!(score_went_out(&config, 0, &racks, &[true; 3], false), Some(vec![102, -100, -2]));
}

/// RULES.md §1.8 (a): going out is zero-sum for every winner; a winner that is no seat
/// is no answer (`None`), not a score of losers only.
#[test]
fn rules_1_8_went_out_is_zero_sum_and_needs_a_seat() {
    let racks = [rack("r1"), rack("J"), rack("r2 b5")];
    for winner in 0..racks.len() {
        let points = score_went_out(&Config::STANDARD, winner, &racks, &[true; 3], true).unwrap();
        assert_eq!(points.len(), 3);
        assert_eq!(points.iter().sum::<i64>(), 0, "winner {winner}: {points:?}");
        assert!(points[winner] > 0);
    }
    for winner in [3, 99, usize::MAX] {
        assert_eq!(score_went_out(&Config::STANDARD, winner, &racks, &[], false), None);
    }
}

/// RULES.md §1.5 `never_melded_penalty` (NZRC): a seat that never opened pays extra.
#[test]
fn rules_1_5_never_melded_penalty() {
    let mut config = Config::STANDARD;
    config.never_melded_penalty = 100;
    let racks = [rack(""), rack("r2"), rack("r3")];
    assert_eq!(score_went_out(&config, 0, &racks, &[true, false, true], false), Some(vec![105, -102, -3]));
    // Through the engine.
    let mut game = scripted(config, &["r10 r11 r12", "y9", "k1"], vec![], "", &[true, false, true], 0);
    play(&mut game, vec![run("r10 r11 r12")]);
    assert_eq!(game.outcome().expect("over").points, [110, -109, -1]);
}

/// RULES.md §1.8 tie rule: a tie for lowest rack goes to fewer tiles.
#[test]
fn rules_1_8_tie_broken_by_fewer_tiles() {
    let racks = [rack("r4 r4"), rack("b8"), rack("k10")];
    let (points, winners) = score_pool_empty(&Config::STANDARD, &racks, &[true; 3], 0).expect("a seat");
    assert_eq!(winners, [1]);
    assert_eq!(points, [0, 2, -2]);
}

/// RULES.md §1.8 tie rule: players still tied share the pot; the remainder goes to the
/// tied seat first clockwise from the seat after the last player who made a play.
#[test]
fn rules_1_8_tie_splits_pot_with_remainder_clockwise() {
    let racks = [rack("r5"), rack("b5"), rack("k10"), rack("y8")];
    // pot = 5 + 3 = 8, shared 4 / 4
    let (points, _) = score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 0).expect("a seat");
    assert_eq!(points, [4, 4, -5, -3]);
    let racks = [rack("r5"), rack("b5"), rack("k10"), rack("y9")];
    // pot = 5 + 4 = 9: 4 each, remainder 1 to the first tied seat from `first`
    let (points, winners) = score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 1).expect("a seat");
    assert_eq!((points.clone(), winners), (vec![4, 5, -5, -4], vec![0, 1]));
    let (points, winners) = score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 2).expect("a seat");
    assert_eq!((points, winners), (vec![5, 4, -5, -4], vec![0, 1]));
}

/// The seat after the last player must be at the table, as the winner of a game that
/// went out must: a seat beyond the racks (or any seat of no racks) scores nothing,
/// rather than being read round the table as another seat.
#[test]
fn pool_empty_scores_only_from_a_seat_at_the_table() {
    let racks = [rack("r5"), rack("b5"), rack("k10"), rack("y9")];
    for first in [4, 5, 6, usize::MAX] {
        assert_eq!(score_pool_empty(&Config::STANDARD, &racks, &[true; 4], first), None, "{first}");
        assert_eq!(score_went_out(&Config::STANDARD, first, &racks, &[true; 4], false), None, "{first}");
    }
    assert_eq!(score_pool_empty(&Config::STANDARD, &[], &[], 0), None);
    // Seat 3 is at the table, and starts the remainder's count.
    let (points, _) = score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 3).expect("seat 3");
    assert_eq!(points, [5, 4, -5, -4]);
}

/// RULES.md §1.8 (b) tie rule through the engine: the tied seats share the win, and the
/// last player who made a play decides where the remainder of the shared pot goes.
#[test]
fn rules_1_8_b_tie_is_a_shared_win_remainder_after_last_player() {
    // Seat 2 plays last; then all pass. Seats 0 and 1 tie at 5 with one tile each.
    let racks = ["r5", "b5", "k9 k10 k11 y9", "y10"];
    let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 4], 2);
    let mut table = game.table().to_vec();
    table.push(run("k9 k10 k11"));
    play(&mut game, table);
    for _ in 0..4 {
        game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("pass");
    }
    // values 5, 5, 9, 10 → pot 4 + 5 = 9 shared by seats 0 and 1; the remainder goes to
    // seat 0, the first tied seat clockwise after seat 2.
    let o = game.outcome().expect("over");
    assert_eq!(o.points, [5, 4, -4, -5]);
    assert_eq!(o.winners, [0, 1]);
    assert!(o.is_shared() && o.won(0) && o.won(1) && !o.won(2));
    zero_sum(&o);
}
