//! The turn state machine of RULES.md §1.3: draw, pass, timer and abandon penalties
//! (§1.9), the end of the game (§1.7).

mod common;

use common::*;
use rummykit_core::Game;
use rummykit_rummikub::{
    Action, ActionError, Config, GameEnd, PoolEmptyEnd, Rummikub, Setup, Staging, StagingError, Timer,
};

fn timed() -> Config {
    let mut config = Config::STANDARD;
    config.timer = Timer::Seconds(60);
    config
}

#[test]
fn rules_1_3_draw_takes_the_next_pool_tile_and_ends_the_turn() {
    let mut game = scripted(Config::STANDARD, &["r1", "b1"], vec![], "k13 y7", &[], 0);
    let pool = game.pool_len();
    game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("draw");
    assert_eq!(*game.rack(0).expect("seat"), rack("r1 k13"));
    assert_eq!(game.pool_len(), pool - 1);
    assert_eq!(game.to_move(), Some(1));
    game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("draw");
    assert_eq!(*game.rack(1).expect("seat"), rack("b1 y7"));
}

#[test]
fn rules_1_3_draw_is_voluntary() {
    // Seat 0 could open with r10 r11 r12 but may draw instead (§1.3 default).
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12", "b1"], vec![], "", &[], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("voluntary draw");
}

#[test]
fn rules_1_3_pass_only_with_empty_pool() {
    let mut game = scripted(Config::STANDARD, &["r1", "b1"], vec![], "", &[], 0);
    let pool = game.pool_len();
    assert_rejected(&mut game, Action::Pass, ActionError::PassWithPoolNonEmpty { pool });
}

#[test]
fn rules_1_7_draw_from_empty_pool_rejected() {
    let mut game = scripted_empty_pool(Config::STANDARD, &["r1", "b1"], vec![], &[], 0);
    assert_rejected(&mut game, Action::Draw, ActionError::PoolEmpty);
}

#[test]
fn rules_1_9_timeout_with_pending_changes_restores_and_draws_three() {
    let mut game = scripted(timed(), &["r10 r11 r12 b1", "k1"], vec![], "y1 y2 y3 y4", &[], 0);
    let mut stage = Staging::new(&game).expect("turn");
    let m = stage.new_meld(None);
    stage.place(tile("r10"), m, 0).expect("place");
    stage.place(tile("r11"), m, 1).expect("place");
    assert!(stage.is_changed());
    stage.timeout(&mut game).expect("timeout");
    assert_eq!(*game.rack(0).expect("seat"), rack("r10 r11 r12 b1 y1 y2 y3"));
    assert!(game.table().is_empty());
    assert_eq!(game.to_move(), Some(1));
    assert!(!stage.is_changed(), "the staging is reset");
}

#[test]
fn rules_1_9_timeout_without_changes_draws_one() {
    let mut game = scripted(timed(), &["r1", "k1"], vec![], "y1 y2 y3", &[], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Timeout { pending_changes: false })
        .expect("timeout");
    assert_eq!(*game.rack(0).expect("seat"), rack("r1 y1"));
    // The penalties are options (§1.10 timeout_penalty_pending / _idle).
    let mut config = timed();
    config.timeout_penalty_idle = 3;
    let mut game = scripted(config, &["r1", "k1"], vec![], "y1 y2 y3", &[], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Timeout { pending_changes: false })
        .expect("timeout");
    assert_eq!(game.rack(0).expect("seat").len(), 4);
}

#[test]
fn rules_1_9_timeout_needs_the_timer() {
    let mut game = scripted(Config::STANDARD, &["r1", "k1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Timeout { pending_changes: true },
        ActionError::OptionOff { option: "timer" },
    );
}

#[test]
fn rules_1_9_abandon_penalty_option() {
    let mut game = scripted(Config::STANDARD, &["r1", "k1"], vec![], "y1 y2 y3 y4", &[], 0);
    assert_rejected(&mut game, Action::Abandon, ActionError::OptionOff { option: "abandon_penalty" });
    let mut config = Config::STANDARD;
    config.abandon_penalty = true;
    let mut game = scripted(config, &["r1", "k1"], vec![], "y1 y2 y3 y4", &[], 0);
    let mut stage = Staging::new(&game).expect("turn");
    stage.abandon(&mut game).expect("abandon");
    assert_eq!(*game.rack(0).expect("seat"), rack("r1 y1 y2 y3"));
    assert_eq!(game.to_move(), Some(1));
}

/// §1.9: an abandon is a timeout with changes pending: the tentative changes are undone
/// (the table as it was, the placed tile back on the rack) and the player draws
/// `timeout_penalty_pending` tiles, never `timeout_penalty_idle`, whether or not
/// anything was changed.
#[test]
fn rules_1_9_abandon_restores_the_table_and_draws_the_pending_penalty() {
    let mut config = Config::STANDARD;
    config.abandon_penalty = true;
    config.timeout_penalty_pending = 2;
    config.timeout_penalty_idle = 4;
    let table = vec![run("b1 b2 b3")];
    for change in [true, false] {
        let mut game = scripted(config, &["b4 r1", "k1"], table.clone(), "y1 y2 y3 y4 y5", &[true, true], 0);
        let pool = game.pool_len();
        let mut stage = Staging::new(&game).expect("turn");
        if change {
            stage.place(tile("b4"), 0, 3).expect("b4 onto the run");
            assert!(stage.is_changed());
        }
        stage.abandon(&mut game).expect("abandon");
        assert_eq!(game.table(), table, "changed: {change}");
        assert_eq!(*game.rack(0).expect("seat"), rack("b4 r1 y1 y2"), "changed: {change}");
        assert_eq!(game.pool_len(), pool - 2);
        assert_eq!(game.to_move(), Some(1));
    }
}

#[test]
fn rules_1_7_penalty_draw_takes_what_is_left() {
    let mut game = scripted_empty_pool(timed(), &["r1", "k1"], vec![], &[], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Timeout { pending_changes: true })
        .expect("timeout");
    assert_eq!(*game.rack(0).expect("seat"), rack("r1"));
}

#[test]
fn rules_1_7_going_out_ends_the_game_at_once() {
    let mut game = scripted(Config::STANDARD, &["r1 r2 r3", "k1"], vec![], "", &[true, true], 0);
    play(&mut game, vec![run("r1 r2 r3")]);
    assert_eq!(game.to_move(), None);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    assert_rejected(&mut game, Action::Draw, ActionError::GameOver);
    assert!(Staging::new(&game).is_err());
}

#[test]
fn rules_1_7_pool_empty_ends_after_everyone_passed_in_turn() {
    let racks = ["r1 b2", "k5 k6 k7 y9", "y13"];
    let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 3], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("seat 0 passes");
    let mut table = game.table().to_vec();
    table.push(run("k5 k6 k7"));
    play(&mut game, table); // seat 1 plays: the count starts again
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("seat 2");
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("seat 0");
    assert!(game.to_move().is_some(), "seat 1 has not passed since its play");
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("seat 1");
    assert_eq!(game.to_move(), None);
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    // values 3, 9, 13 → seat 0 wins 6 + 10
    assert_eq!(game.outcome().expect("over").points, [16, -6, -10]);
}

#[test]
fn rules_1_7_pool_runs_dry_mid_game() {
    let mut game = scripted(Config::STANDARD, &["r1", "b1"], vec![], "", &[], 0);
    let mut turns = 0;
    while game.pool_len() > 0 {
        game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("draw");
        turns += 1;
    }
    assert_eq!(turns, 104);
    assert_rejected(&mut game, Action::Draw, ActionError::PoolEmpty);
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("pass");
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("pass");
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    let o = game.outcome().expect("over");
    assert_eq!(o.points.iter().sum::<i64>(), 0);
}

#[test]
fn rules_1_7_one_final_turn_each_option() {
    let mut config = Config::STANDARD;
    config.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
    let racks = ["r1 b2", "k5 k6 k7 y9"];
    let mut game = scripted_empty_pool(config, &racks, vec![], &[true; 2], 0);
    game.apply(game.to_move().unwrap_or_default(), Action::Pass).expect("seat 0's final turn");
    let mut table = game.table().to_vec();
    table.push(run("k5 k6 k7"));
    play(&mut game, table); // seat 1's final turn: a play does not extend the game
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
}

#[test]
fn staging_errors_and_draw_after_changes() {
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12 b1", "k1 k2"], vec![], "y1 y2", &[], 0);
    let mut stage = Staging::new(&game).expect("turn");
    assert_eq!(stage.seat(), 0);
    let m = stage.new_meld(None);
    assert_eq!(stage.place(tile("k1"), m, 0), Err(StagingError::NotInRack { tile: tile("k1") }));
    assert_eq!(stage.place(tile("r10"), 5, 0), Err(StagingError::NoSuchMeld { meld: 5 }));
    assert_eq!(stage.place(tile("r10"), m, 1), Err(StagingError::NoSuchPosition { meld: m, position: 1 }));
    stage.place(tile("r10"), m, 0).expect("place");
    let before = game.clone();
    assert_eq!(stage.draw(&mut game), Err(StagingError::DrawAfterChanges));
    assert_eq!(stage.pass(&mut game), Err(StagingError::DrawAfterChanges));
    assert_eq!(game, before);
    // Invalid melds are listed, and the commit says which.
    assert_eq!(stage.invalid_melds().count(), 1);
    let e = stage.commit(&mut game).expect_err("one tile is no meld");
    assert!(matches!(
        e,
        StagingError::Action(ActionError::Play(rummykit_rummikub::PlayError::InvalidMeld { index: 0, .. }))
    ));
    assert_eq!(game, before);
    stage.reset();
    assert!(!stage.is_changed());
    stage.draw(&mut game).expect("draw with nothing pending");
    // The staging belongs to seat 0: now it is seat 1's turn.
    assert_eq!(stage.draw(&mut game), Err(StagingError::NotYourTurn { seat: 0, to_move: Some(1) }));
    game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("seat 1 draws");
    // Seat 0 again, but a later turn.
    assert_eq!(stage.commit(&mut game), Err(StagingError::Stale));
}

#[test]
fn staging_moves_between_melds_and_back() {
    let table = vec![run("r1 r2 r3 r4 r5 r6")];
    let mut game = scripted(Config::STANDARD, &["r4 k1", "y1"], table, "", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    // Table tiles may not go to the rack; rack tiles placed this turn may.
    assert_eq!(stage.take_back(0, 0), Err(StagingError::NotFromRack { tile: tile("r1") }));
    assert_eq!(stage.take_back(0, 9), Err(StagingError::NoSuchPosition { meld: 0, position: 9 }));
    assert_eq!(stage.take_back(3, 0), Err(StagingError::NoSuchMeld { meld: 3 }));
    stage.place(tile("k1"), 0, 6).expect("place");
    assert_eq!(stage.invalid_melds().map(|(i, _)| i).collect::<Vec<_>>(), [0]);
    assert_eq!(stage.take_back(0, 6), Ok(tile("k1")));
    assert!(!stage.is_changed());
    // Split r1..r6 with the rack r4: r1 r2 r3 r4 | r4 r5 r6.
    let m = stage.new_meld(Some(rummykit_core::MeldKind::Run));
    stage.place(tile("r4"), m, 0).expect("place");
    assert_eq!(stage.move_tile((0, 9), (m, 0)), Err(StagingError::NoSuchPosition { meld: 0, position: 9 }));
    assert_eq!(stage.move_tile((7, 0), (m, 0)), Err(StagingError::NoSuchMeld { meld: 7 }));
    stage.move_tile((0, 4), (m, 1)).expect("move r5");
    stage.move_tile((0, 4), (m, 2)).expect("move r6");
    assert_eq!(stage.invalid_melds().count(), 0);
    stage.set_kind(m, Some(rummykit_core::MeldKind::Run)).expect("kind");
    assert_eq!(stage.set_kind(9, None), Err(StagingError::NoSuchMeld { meld: 9 }));
    stage.commit(&mut game).expect("commit");
    assert_eq!(game.table(), [run("r1 r2 r3 r4"), run("r4 r5 r6")]);
}

#[test]
fn staging_reorders_within_a_meld() {
    let mut game = scripted(Config::STANDARD, &["r12 r10 r11 k1", "y1"], vec![], "", &[], 0);
    let mut stage = Staging::new(&game).expect("turn");
    let m = stage.new_meld(None);
    for t in ["r12", "r10", "r11"] {
        let len = stage.melds()[m].tiles().len();
        stage.place(tile(t), m, len).expect("place");
    }
    assert_eq!(stage.invalid_melds().count(), 1);
    stage.move_tile((m, 0), (m, 3)).expect("r12 to the end");
    assert_eq!(stage.melds()[m].tiles(), tiles("r10 r11 r12"));
    stage.commit(&mut game).expect("commit");
}

#[test]
fn staging_declared_kind_decides_an_ambiguous_meld() {
    // §0: r5 J J is a run (r5 r6 r7) or a group (three 5s); the declared kind decides.
    let mut game = scripted(Config::STANDARD, &["r5 J J k1", "y1"], vec![], "", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    let m = stage.new_meld(None);
    for (i, t) in ["r5", "J", "J"].iter().enumerate() {
        stage.place(tile(t), m, i).expect("place");
    }
    assert_eq!(stage.melds()[m].to_meld().expect("valid").kind(), rummykit_core::MeldKind::Run);
    stage.set_kind(m, Some(rummykit_core::MeldKind::Group)).expect("kind");
    assert_eq!(stage.melds()[m].kind(), Some(rummykit_core::MeldKind::Group));
    stage.commit(&mut game).expect("commit");
    assert_eq!(game.table(), [group("r5 J J")]);
}

/// RULES.md §1.7 from a position written with the public builder: the pool is empty and
/// two of three seats have passed in turn (`quiet_turns`), so the third pass ends the
/// game; the same position without the counter plays on.
#[test]
fn rules_1_7_a_built_position_with_quiet_turns_ends_at_the_next_pass() {
    let racks = ["r1 b2", "k5 k6 y9", "y13"];
    let start = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 3], 0);
    let setup = Setup { to_move: 2, turn: 2, quiet_turns: 2, starter: None, ..start.setup() };
    let mut game = Rummikub::from_setup(&Config::STANDARD, setup.clone()).expect("a valid position");
    assert_eq!(game.starter(), 0, "two turns from seat 0 reach seat 2");
    let mut fresh =
        Rummikub::from_setup(&Config::STANDARD, Setup { quiet_turns: 0, ..setup }).expect("valid");
    game.apply(2, Action::Pass).expect("seat 2 passes");
    fresh.apply(2, Action::Pass).expect("seat 2 passes");
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    assert_eq!(fresh.to_move(), Some(0), "only one quiet turn counted");
    // values 3, 20, 13 → seat 0 wins 17 + 10
    assert_eq!(game.outcome().expect("over").points, [27, -17, -10]);
}

/// §1.3, §1.7: an action for a seat not to move is the one refusal `Game::not_your_turn`
/// reads (generic code tells it from the rest); an action the rules refuse for the seat
/// to move is not, nor is any action once the game is over (nobody is to move).
#[test]
fn rules_1_3_not_your_turn_is_told_from_other_refusals() {
    use rand::SeedableRng;
    use rummykit_core::{NotYourTurn, Seating};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(3).with_dealer(2), &mut rng).unwrap();
    let wrong = game.check(1, &Action::Draw).unwrap_err();
    assert_eq!(wrong, ActionError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }));
    assert_eq!(Rummikub::not_your_turn(&wrong), Some(NotYourTurn { seat: 1, to_move: 0 }));
    let illegal = game.check(0, &Action::Pass).unwrap_err();
    assert!(matches!(illegal, ActionError::PassWithPoolNonEmpty { .. }));
    assert_eq!(Rummikub::not_your_turn(&illegal), None);
    // Every seat draws, then passes, until the empty pool and a round of passes end it.
    while let Some(seat) = game.to_move() {
        let action = if game.pool_len() > 0 { Action::Draw } else { Action::Pass };
        game.apply(seat, action).unwrap();
    }
    for seat in 0..3 {
        let over = game.check(seat, &Action::Pass).unwrap_err();
        assert_eq!(over, ActionError::GameOver);
        assert_eq!(Rummikub::not_your_turn(&over), None);
    }
}
