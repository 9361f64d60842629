//! Scenarios of RULES.md §1.3, §1.5, §1.6, §1.7 and §1.9 played the way a program using
//! the crate plays them: positions built with [`Setup`], turns staged tile by tile with
//! [`Staging`] (table tiles moved, the table invalid for a while) and committed, timed
//! out or reset; and positions no game can reach refused when built.

mod common;

use common::*;
use rummykit_core::{DealError, Game, MeldKind, PositionError};
use rummykit_rummikub::{
    ActionError, Config, GameEnd, PlayError, PoolEmptyEnd, ReplacementSource, Rummikub, Setup, Staging,
    StagingError, Timer,
};

fn timed() -> Config {
    let mut config = Config::STANDARD;
    config.timer = Timer::Seconds(60);
    config
}

/// Splits r1..r6 with the rack's r4 into r1 r2 r3 r4 | r4 r5 r6 and moves b9 beside the
/// rack's k1, which leaves an invalid meld of two: a turn in the middle of a manipulation.
fn half_manipulated(stage: &mut Staging) {
    let m = stage.new_meld(Some(MeldKind::Run));
    stage.place(tile("r4"), m, 0).expect("r4 from the rack");
    stage.move_tile((0, 4), (m, 1)).expect("r5 off the run");
    stage.move_tile((0, 4), (m, 2)).expect("r6 off the run");
    let loose = stage.new_meld(None);
    stage.move_tile((1, 2), (loose, 0)).expect("b9 off its run");
    stage.place(tile("k1"), loose, 1).expect("k1 beside it");
    assert_eq!(stage.invalid_melds().map(|(i, _)| i).collect::<Vec<_>>(), [1, loose]);
}

#[test]
fn rules_1_9_time_runs_out_in_the_middle_of_moving_table_tiles() {
    // RULES §1.9: on expiry the table is restored, the played tiles go back to the rack
    // and the player draws 3 (timeout_penalty_pending), the next seat moves.
    let table = vec![run("r1 r2 r3 r4 r5 r6"), run("b7 b8 b9")];
    let mut game = scripted(timed(), &["r4 k1 k2", "y1"], table.clone(), "y2 y3 y4 y5", &[true, true], 0);
    let tiles = census(&game);
    let pool = game.pool_len();
    let mut stage = Staging::new(&game).expect("turn");
    half_manipulated(&mut stage);
    assert!(stage.is_changed());
    stage.timeout(&mut game).expect("timeout");
    assert_eq!(game.table(), table, "the table as it was at the start of the turn");
    assert_eq!(*game.rack(0).expect("seat"), rack("r4 k1 k2 y2 y3 y4"));
    assert_eq!(game.pool_len(), pool - 3);
    assert_eq!(census(&game), tiles, "no tile lost or duplicated");
    assert_eq!((game.to_move(), game.turn(), game.end()), (Some(1), 1, None));
    assert!(!stage.is_changed(), "the staging is back at the start of its turn");
    assert_eq!(stage.commit(&mut game), Err(StagingError::NotYourTurn { seat: 0, to_move: Some(1) }));
}

#[test]
fn rules_1_9_time_runs_out_after_every_move_was_taken_back_draws_one() {
    // RULES §1.9: with nothing changed at expiry it is a plain draw of 1
    // (timeout_penalty_idle); moving tiles and moving them back changes nothing.
    let table = vec![run("r1 r2 r3 r4 r5 r6"), run("b7 b8 b9")];
    let mut game = scripted(timed(), &["r4 k1 k2", "y1"], table.clone(), "y2 y3 y4", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    let m = stage.new_meld(None);
    stage.move_tile((0, 5), (m, 0)).expect("r6 off the run");
    stage.place(tile("k1"), 1, 3).expect("k1 after b9");
    assert!(stage.is_changed());
    stage.move_tile((m, 0), (0, 5)).expect("r6 back");
    assert_eq!(stage.take_back(1, 3), Ok(tile("k1")));
    assert!(!stage.is_changed());
    stage.timeout(&mut game).expect("timeout");
    assert_eq!(game.table(), table);
    assert_eq!(*game.rack(0).expect("seat"), rack("r4 k1 k2 y2"));
}

/// §1.3, §1.9: the table equals its snapshot when it holds the same melds, whatever the
/// order of a group's tiles or of the melds (as the initial-meld check of §1.5 reads it):
/// the draw is allowed and an expiry is the idle one (1 tile). A tile moved to another
/// meld is a change.
#[test]
fn rules_1_3_a_table_of_the_same_melds_in_another_order_is_unchanged() {
    let table = vec![group("r5 b5 y5"), run("k7 k8 k9"), group("r9 b9 y9 k9")];
    let mut game = scripted(timed(), &["r4 k1 k2", "y1"], table.clone(), "y2 y3 y4", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    // r5 moved to the end of its group, then the run moved to a meld of its own after
    // the last one: the same three melds.
    stage.move_tile((0, 0), (0, 3)).expect("r5 to the end of its group");
    let m = stage.new_meld(Some(MeldKind::Run));
    for _ in 0..3 {
        let at = stage.melds()[m].tiles().len();
        stage.move_tile((1, 0), (m, at)).expect("the run to its new place");
    }
    assert!(!stage.is_changed(), "the same melds in another order");
    let before = game.clone();
    let mut drawn = before.clone();
    stage.draw(&mut drawn).expect("the draw of an unchanged table");
    assert_eq!(*drawn.rack(0).expect("seat"), rack("r4 k1 k2 y2"));
    stage.timeout(&mut game).expect("timeout");
    assert_eq!(game.table(), table, "the table as it was");
    assert_eq!(*game.rack(0).expect("seat"), rack("r4 k1 k2 y2"), "the idle penalty: one tile");
    // k9 off its group: r9 b9 y9 and a lone k9 are not the snapshot.
    let game = scripted(Config::STANDARD, &["r4 k1 k2", "y1"], table, "y2 y3 y4", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    let m = stage.new_meld(None);
    stage.move_tile((2, 3), (m, 0)).expect("k9 off its group");
    assert!(stage.is_changed());
}

#[test]
fn rules_1_3_a_run_or_a_twin_meld_changed_is_a_change_and_a_twin_tile_exchanged_is_not() {
    // RULES §1.3: the draw needs the snapshot's table; the same tiles in other melds are
    // not it, the same melds with twin tiles exchanged are.
    let table = vec![run("r2 r3 r4 J")];
    let game = scripted(Config::STANDARD, &["k1 k2", "y1"], table, "y2 y3", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    // The joker from the run's end (r5) to its front (r1): a valid run, another meld.
    stage.move_tile((0, 3), (0, 0)).expect("the joker to the front");
    assert!(stage.is_changed(), "J r2 r3 r4 is not r2 r3 r4 J");
    let mut drawn = game.clone();
    assert_eq!(stage.draw(&mut drawn), Err(StagingError::DrawAfterChanges));
    assert_eq!(drawn, game);
    // Two twin runs: a tile moved from one to the other is a change; the twin tile moved
    // back from the other is the snapshot's table again.
    let table = vec![run("r1 r2 r3"), run("r1 r2 r3")];
    let game = scripted(Config::STANDARD, &["k1 k2", "y1"], table, "y2 y3", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    stage.move_tile((0, 2), (1, 3)).expect("r3 to the twin run");
    assert!(stage.is_changed(), "r1 r2 and r1 r2 r3 r3");
    stage.move_tile((1, 2), (0, 2)).expect("the twin r3 back");
    assert!(!stage.is_changed(), "the same melds, twin tiles exchanged");
    let mut drawn = game.clone();
    stage.draw(&mut drawn).expect("the draw of an unchanged table");
    assert_eq!(*drawn.rack(0).expect("seat"), rack("k1 k2 y2"));
}

#[test]
fn rules_1_3_a_draw_needs_the_table_and_rack_of_the_snapshot() {
    // RULES §1.3: a player cannot both play and draw: with table tiles moved the draw
    // is refused (nothing changes); after a reset (free) it is the turn's draw.
    let table = vec![run("r1 r2 r3 r4 r5 r6"), run("b7 b8 b9")];
    let mut game = scripted(Config::STANDARD, &["r4 k1 k2", "y1"], table.clone(), "y2 y3", &[true, true], 0);
    let mut stage = Staging::new(&game).expect("turn");
    // Only table tiles moved, no rack tile: still a change.
    let m = stage.new_meld(None);
    stage.move_tile((0, 5), (m, 0)).expect("r6 off the run");
    let before = game.clone();
    assert_eq!(stage.draw(&mut game), Err(StagingError::DrawAfterChanges));
    assert_eq!(stage.pass(&mut game), Err(StagingError::DrawAfterChanges));
    // Committing it is no play either: no tile came from the rack.
    assert_eq!(
        stage.commit(&mut game),
        Err(StagingError::Action(refused(PlayError::InvalidMeld { index: m, error: run_error("r6") })))
    );
    assert_eq!(game, before);
    stage.move_tile((m, 0), (0, 5)).expect("r6 back");
    half_manipulated(&mut stage);
    assert!(stage.commit(&mut game).is_err());
    assert_eq!(game, before);
    stage.reset();
    assert!(!stage.is_changed());
    stage.draw(&mut game).expect("the draw of an unchanged turn");
    assert_eq!(game.table(), table);
    assert_eq!(*game.rack(0).expect("seat"), rack("r4 k1 k2 y2"));
    assert_eq!(game.to_move(), Some(1));
}

/// The error a lone tile laid as a meld gets.
fn run_error(t: &str) -> rummykit_core::MeldError {
    rummykit_core::Meld::new(MeldKind::Run, &tiles(t), &rummykit_rummikub::MELD_RULES).expect_err("too short")
}

#[test]
fn rules_1_3_a_staged_manipulation_commits_the_table_at_its_end() {
    // RULES §1.3 / §1.6: only the committed table counts, however invalid it was while
    // working: the half-done manipulation finished (b9 back, k1 k2 as a run's end) is a play.
    let table = vec![run("r1 r2 r3 r4 r5 r6"), run("b7 b8 b9"), run("k3 k4 k5")];
    let mut game = scripted(Config::STANDARD, &["r4 k1 k2 y9", "y1"], table, "", &[true, true], 0);
    let tiles = census(&game);
    let mut stage = Staging::new(&game).expect("turn");
    half_manipulated(&mut stage);
    let loose = stage.melds().len() - 1;
    stage.move_tile((loose, 0), (1, 2)).expect("b9 back");
    stage.move_tile((loose, 0), (2, 0)).expect("k1 to the black run");
    stage.place(tile("k2"), 2, 1).expect("k2 after it");
    stage.commit(&mut game).expect("a valid table at commit");
    assert_eq!(
        game.table(),
        [run("r1 r2 r3 r4"), run("b7 b8 b9"), run("k1 k2 k3 k4 k5"), run("r4 r5 r6")],
        "empty staged melds vanish"
    );
    assert_eq!(*game.rack(0).expect("seat"), rack("y9"));
    assert_eq!(census(&game), tiles);
}

#[test]
fn rules_1_5_a_staged_lay_off_before_the_initial_meld_is_refused_at_commit() {
    // RULES §1.5: before the initial meld (in an earlier turn) no table meld may be
    // touched, even together with a valid initial meld; the initial meld alone is fine,
    // and the lay-off is allowed a turn later.
    let table = vec![run("b7 b8 b9")];
    let mut game =
        scripted(Config::STANDARD, &["r10 r11 r12 b10 k1", "y1 y2"], table, "k13 y13", &[true, true], 0);
    let mut game_unopened = {
        let setup = Setup { opened: vec![false, true], ..game.setup() };
        Rummikub::from_setup(&Config::STANDARD, setup).expect("valid")
    };
    for (g, opened) in [(&mut game_unopened, false), (&mut game, true)] {
        let mut stage = Staging::new(g).expect("turn");
        let m = stage.new_meld(Some(MeldKind::Run));
        for (i, t) in ["r10", "r11", "r12"].into_iter().enumerate() {
            stage.place(tile(t), m, i).expect("place");
        }
        stage.place(tile("b10"), 0, 3).expect("b10 after b9");
        let before = g.clone();
        if opened {
            stage.commit(g).expect("an opened player lays off");
            continue;
        }
        assert_eq!(
            stage.commit(g),
            Err(StagingError::Action(refused(PlayError::InitialMeldTouchesTable { meld: 0 })))
        );
        assert_eq!(*g, before);
        assert_eq!(stage.take_back(0, 3), Ok(tile("b10")));
        stage.commit(g).expect("the initial meld alone");
        assert_eq!(g.has_opened(0), Some(true));
        // Seat 1 draws; a turn later seat 0 lays b10 off.
        g.apply(1, rummykit_rummikub::Action::Draw).expect("draw");
        let mut later = Staging::new(g).expect("turn");
        later.place(tile("b10"), 0, 3).expect("b10 after b9");
        later.commit(g).expect("lay-off after the initial meld");
        assert_eq!(g.table()[0], run("b7 b8 b9 b10"));
    }
}

#[test]
fn rules_1_6_a_joker_freed_by_a_table_tile_in_a_staged_turn() {
    // RULES §1.6: y5 leaves y5 y6 y7 y8 to take the joker's place in r5 b5 J; the joker
    // goes to a new run with two rack tiles. RackOrTable (default) accepts; RackOnly
    // refuses, the game unchanged.
    let table = vec![group("r5 b5 J"), run("y5 y6 y7 y8")];
    let mut rack_only = Config::STANDARD;
    rack_only.joker_replacement_source = ReplacementSource::RackOnly;
    for config in [Config::STANDARD, rack_only] {
        let mut game = scripted(config, &["k9 k10 r1", "y1"], table.clone(), "", &[true, true], 0);
        let tiles = census(&game);
        let mut stage = Staging::new(&game).expect("turn");
        let m = stage.new_meld(Some(MeldKind::Run));
        stage.move_tile((0, 2), (m, 0)).expect("the joker off the group");
        stage.place(tile("k9"), m, 1).expect("k9");
        stage.place(tile("k10"), m, 2).expect("k10");
        stage.move_tile((1, 0), (0, 2)).expect("y5 into the joker's place");
        let before = game.clone();
        let result = stage.commit(&mut game);
        if config.joker_replacement_source == ReplacementSource::RackOrTable {
            result.expect("freed by a table tile");
            assert_eq!(game.table(), [group("r5 b5 y5"), run("y6 y7 y8"), run("J k9 k10")]);
            assert_eq!(*game.rack(0).expect("seat"), rack("r1"));
        } else {
            assert_eq!(
                result,
                Err(StagingError::Action(refused(PlayError::JokerReplacementNotFromRack { meld: 0 })))
            );
            assert_eq!(game, before);
        }
        assert_eq!(census(&game), tiles);
    }
}

#[test]
fn rules_1_7_a_position_with_an_emptied_rack_is_over_not_on() {
    // RULES §1.7: a player whose rack is empty has gone out and the game ended at once,
    // so a built position with an empty rack and the game on is no position of a game.
    let start = scripted_empty_pool(Config::STANDARD, &["r1 r2 r3", "k5 y9"], vec![], &[true; 2], 0);
    let mut setup = start.setup();
    setup.racks[0] = rack("");
    setup.table.push(run("r1 r2 r3"));
    let refused = Rummikub::from_setup(&Config::STANDARD, setup.clone());
    assert_eq!(
        refused.map(|_| ()),
        Err(DealError::InvalidDeal(PositionError::Inconsistent("a seat holds no tile but the game is on")))
    );
    // The same position with the game over, seat 0 out, is the end of a game.
    let over = Setup {
        end: Some(GameEnd::WentOut { seat: 0, hand_rummy: false }),
        turn: 1,
        to_move: 0,
        starter: Some(0),
        ..setup
    };
    let game = Rummikub::from_setup(&Config::STANDARD, over).expect("seat 0 went out");
    assert_eq!(game.to_move(), None);
    assert_eq!(game.outcome().expect("over").points, [14, -14]);
}

#[test]
fn rules_1_7_a_full_round_of_quiet_turns_is_over_not_on() {
    // RULES §1.7: with the pool empty a round of quiet turns (every seat passed in turn,
    // or had its one final turn) ends the game, so a built position that counts a full
    // round with the game on is refused; one turn less plays on and the next turn ends it.
    for end in [PoolEmptyEnd::AllPassOnce, PoolEmptyEnd::OneFinalTurnEach] {
        let mut config = Config::STANDARD;
        config.pool_empty_end = end;
        let start = scripted_empty_pool(config, &["r1 b2", "k5 k6 y9", "y13"], vec![], &[true; 3], 0);
        let full = Setup { quiet_turns: 3, turn: 3, ..start.setup() };
        let refused = Rummikub::from_setup(&config, full);
        assert_eq!(
            refused.map(|_| ()),
            Err(DealError::InvalidDeal(PositionError::Inconsistent(
                "every seat has had a quiet turn with an empty pool but the game is on"
            ))),
            "{end:?}"
        );
        let almost = Setup { quiet_turns: 2, turn: 2, to_move: 2, ..start.setup() };
        let mut game = Rummikub::from_setup(&config, almost).expect("two quiet turns");
        assert_eq!(game.to_move(), Some(2));
        game.apply(2, rummykit_rummikub::Action::Pass).expect("the last quiet turn");
        assert_eq!(game.end(), Some(GameEnd::PoolEmpty), "{end:?}");
        assert_eq!(game.apply(0, rummykit_rummikub::Action::Pass), Err(ActionError::GameOver));
    }
}

/// The position error `from_setup` gives `setup`, with its message.
fn inconsistent(config: &Config, setup: Setup) -> &'static str {
    match Rummikub::from_setup(config, setup) {
        Err(DealError::InvalidDeal(PositionError::Inconsistent(message))) => message,
        other => panic!("expected an inconsistent position, got {other:?}"),
    }
}

#[test]
fn rules_1_7_a_game_ended_on_an_empty_pool_shows_a_full_round_of_quiet_turns() {
    // RULES §1.7: the game ends on an empty pool at the turn that completes the round of
    // quiet turns, under either option, and with every rack still holding tiles (an
    // emptied rack would have gone out); a save of such an end that says otherwise is
    // refused, the true one loads.
    for end in [PoolEmptyEnd::AllPassOnce, PoolEmptyEnd::OneFinalTurnEach] {
        let config = Config::STANDARD.with_pool_empty_end(end);
        let mut game = scripted_empty_pool(config, &["r1 b2", "k5 k6 y9", "y13"], vec![], &[true; 3], 0);
        for seat in 0..3 {
            game.apply(seat, rummykit_rummikub::Action::Pass).expect("a quiet turn");
        }
        assert_eq!(game.end(), Some(GameEnd::PoolEmpty), "{end:?}");
        let saved = game.setup();
        assert_eq!(saved.quiet_turns, 3);
        assert_eq!(Rummikub::from_setup(&config, saved.clone()), Ok(game));
        for quiet_turns in 0..3 {
            let short = Setup { quiet_turns, ..saved.clone() };
            assert!(inconsistent(&config, short).contains("before every seat had a quiet turn"), "{end:?}");
        }
        let mut emptied = saved.clone();
        let moved = std::mem::take(&mut emptied.racks[2]);
        emptied.racks[1].add_all(&moved);
        assert!(inconsistent(&config, emptied).contains("empty pool but a seat holds no tile"), "{end:?}");
    }
}

#[test]
fn rules_1_7_going_out_empties_only_the_rack_of_the_seat_that_played() {
    // RULES §1.7: the game ends at once when a rack is emptied, so at the end of a game
    // won by going out every other seat still holds tiles.
    let config = Config::STANDARD;
    let mut game = scripted(config, &["r1 r2 r3", "y7", "k13 J"], vec![], "", &[true; 3], 0);
    play(&mut game, vec![run("r1 r2 r3")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    let saved = game.setup();
    assert_eq!(Rummikub::from_setup(&config, saved.clone()), Ok(game));
    let mut emptied = saved;
    let moved = std::mem::take(&mut emptied.racks[1]);
    emptied.racks[2].add_all(&moved);
    assert!(inconsistent(&config, emptied).contains("besides the one that went out"));
}

#[test]
fn rules_1_3_no_seat_has_made_a_play_before_the_first_turn() {
    // RULES §1.3: a play is a turn, so a position at turn 0 names no last player; the
    // same seat after one turn, a play, does.
    let config = Config::STANDARD;
    let start = scripted(config, &["r1 r2 r3 b5", "y7 y8"], vec![], "", &[true; 2], 0);
    let at_start = Setup { last_player: Some(1), ..start.setup() };
    assert!(inconsistent(&config, at_start).contains("a play before any turn"));
    let mut game = start;
    play(&mut game, vec![run("r1 r2 r3")]);
    assert_eq!(game.last_player(), Some(0));
    assert_eq!(Rummikub::from_setup(&config, game.setup()), Ok(game));
}

#[cfg(feature = "serde")]
#[test]
fn rules_1_7_a_view_of_a_game_on_with_an_empty_rack_is_refused() {
    // RULES §1.7, as the position check above: a view read back with another seat's
    // tile moved to the pool (the counts still the whole set) is a view of a game on
    // whose seat 1 holds nothing, which no game shows.
    let game = scripted(Config::STANDARD, &["r1 r2 r3", "y7", "k13 J"], vec![], "", &[true; 3], 0);
    let mut json = serde_json::to_value(game.view(0)).expect("written");
    let back: rummykit_rummikub::View = serde_json::from_value(json.clone()).expect("a view of the game");
    assert_eq!(back, game.view(0));
    assert_eq!(json["seats"][1]["tiles"], 1);
    json["seats"][1]["tiles"] = 0.into();
    json["pool"] = (game.pool_len() + 1).into();
    let refused = serde_json::from_value::<rummykit_rummikub::View>(json).expect_err("no game shows it");
    assert!(refused.to_string().contains("no tile but the game is on"), "{refused}");
}
