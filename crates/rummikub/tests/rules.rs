//! A sentence-by-sentence pass over RULES.md §0 (as Rummikub uses it), §1.1–§1.10 and
//! §4.1: the boundaries and the option flips the other test files leave out. Each
//! scenario is built from a scripted position, each refusal names its exact error and
//! leaves the game unchanged, each accepted play is checked in the state after it.

mod common;

use common::*;
use rummykit_core::{Game, Meld, Tile};
use rummykit_rummikub::{
    Action, ActionError, Config, GameEnd, InitialJokerValue, JokerRelease, JokerReuse, PlayError,
    PoolEmptyEnd, ReplacementSource, Rummikub, SessionRanking, Setup, TileCounts, TileSet, Timer, check_play,
    score_pool_empty,
};

/// A scripted game whose pool holds exactly `pool` (drawn in that order); every other
/// tile not on a rack lies on the table as runs.
fn scripted_short_pool(
    config: Config,
    racks: &[&str],
    pool: &str,
    opened: &[bool],
    to_move: usize,
) -> Rummikub {
    let mut placed = rack(pool);
    for r in racks {
        placed.add_all(&rack(r));
    }
    let left = TileCounts::full(&config.tile_set.catalog()).checked_sub(&placed).expect("tiles available");
    let mut setup = Setup::new(racks.iter().map(|r| rack(r)).collect());
    setup.table = leftover_table(&left);
    setup.pool = tiles(pool);
    setup.opened = opened.to_vec();
    setup.to_move = to_move;
    Rummikub::from_setup(&config, setup).expect("valid scripted deal")
}

fn act(game: &mut Rummikub, action: Action) {
    game.apply(game.to_move().expect("the game is on"), action).expect("accepted");
}

// ---------------------------------------------------------------- §0 shared model

#[test]
fn rules_0_meld_kind_is_stored_and_decides_what_the_jokers_stand_for() {
    // r10 J J is a run (10 11 12 = 33) or a group (three 10s = 30): the declared kind
    // decides the value of an initial meld, and a threshold of 31 tells them apart.
    let config = Config::STANDARD.with_initial_meld_threshold(31);
    let mut game = scripted(config, &["r10 J J b1", "k1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![group("r10 J J")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 31, got: 30 }),
    );
    play(&mut game, vec![run("r10 J J")]);
    assert_eq!(game.table(), [run("r10 J J")]);
    assert_ne!(run("r10 J J"), group("r10 J J"));
    assert_eq!(*game.rack(0).expect("seat"), rack("b1"));
    // The stored kind decides which tile frees a joker: r11 takes a joker's place in the
    // run, but no 11 fits the group of 10s.
    let table = [run("r10 J J")];
    let new = [run("r10 r11 J"), group("b9 y9 J")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &rack("r11 b9 y9"), true, &new).map(|i| i.released_jokers),
        Ok(1)
    );
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    assert!(check_play(&locked, &table, &rack("r11 b9 y9"), true, &new).is_ok());
    let table = [group("r10 J J")];
    assert_eq!(
        check_play(&locked, &table, &rack("r11 b9 y9"), true, &new),
        Err(PlayError::JokerMeldLocked { meld: 0 })
    );
}

#[test]
fn rules_0_identical_melds_may_lie_side_by_side() {
    // Two copies of every tile: an initial meld of the same run twice, 33 + 33.
    let mut game = scripted(Config::STANDARD, &["r10 r10 r11 r11 r12 r12 k1", "y1"], vec![], "", &[], 0);
    play(&mut game, vec![run("r10 r11 r12"), run("r10 r11 r12")]);
    assert_eq!(game.table(), [run("r10 r11 r12"), run("r10 r11 r12")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
    let info = check_play(
        &Config::STANDARD,
        &[],
        &rack("r10 r10 r11 r11 r12 r12 k1"),
        false,
        &[run("r10 r11 r12"), run("r10 r11 r12")],
    )
    .expect("accepted");
    assert_eq!(info.initial_meld, Some(66));
}

// ---------------------------------------------------------------- §1.1 components

#[test]
fn rules_1_1_a_third_copy_needs_the_160_tile_set() {
    // Three identical runs: more copies than the 106 box holds, fine with 160 tiles.
    let three = [run("b4 b5 b6"), run("b4 b5 b6"), run("b4 b5 b6")];
    let r = rack("b4 b4 b4 b5 b5 b5 b6 b6 b6 k2");
    assert_eq!(
        check_play(&Config::STANDARD, &[], &r, true, &three),
        Err(PlayError::TooManyCopies { tile: tile("b4"), max: 2 })
    );
    assert_eq!(check_play(&Config::XP, &[], &r, true, &three).map(|i| i.played.len()), Ok(9));
    // Four jokers in the 160 set: a meld of one natural and three jokers is a play.
    let r = rack("J J J y13 k2");
    let info = check_play(&Config::XP, &[], &r, true, &[group("J y13 J J")]).expect("accepted");
    assert_eq!(info.played, rack("J J J y13"));
}

// ---------------------------------------------------------------- §1.3 turn structure

#[test]
fn rules_1_3_a_play_after_the_initial_meld_turn_may_manipulate() {
    // Turn 1: seat 0 opens. Turn 2: seat 1 draws. Turn 3: seat 0 lays off onto its own
    // run and onto seat 1's table meld, and splits a run — all allowed now.
    let table = vec![run("b1 b2 b3 b4 b5 b6")];
    let mut game =
        scripted(Config::STANDARD, &["r10 r11 r12 r13 b4 k7", "y1"], table, "y2", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b1 b2 b3 b4"), run("b4 b5 b6"), run("r10 r11 r12 r13")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
    play(&mut game, vec![run("b1 b2 b3 b4 b5 b6"), run("r10 r11 r12")]);
    assert!(game.has_opened(0).unwrap());
    act(&mut game, Action::Draw);
    assert_eq!(*game.rack(1).expect("seat"), rack("y1 y2"));
    play(&mut game, vec![run("b1 b2 b3 b4"), run("b4 b5 b6"), run("r10 r11 r12 r13")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k7"));
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn rules_1_3_every_old_table_tile_stays_even_when_the_table_grows() {
    // Three rack tiles go down, but the table's b6 goes back in exchange: the new table
    // is larger than the old one and still refused, and nothing changed.
    let table = vec![run("b4 b5 b6"), run("r1 r2 r3")];
    let mut game = scripted(Config::STANDARD, &["r4 r5 b3", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3 r4 r5"), run("b3 b4 b5")] },
        refused(PlayError::TableTileTaken { tile: tile("b6") }),
    );
    // A tile neither on the table nor on the rack is named as such.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3 r4 r5 r6"), run("b3 b4 b5 b6")] },
        refused(PlayError::NotInRack { tile: tile("r6") }),
    );
}

// ---------------------------------------------------------------- §1.4 meld validity

#[test]
fn rules_1_4_the_longest_run_is_one_to_thirteen_with_jokers_anywhere() {
    let full = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13";
    let mut game = scripted(Config::STANDARD, &[&format!("{full} k5"), "y1"], vec![], "", &[], 0);
    play(&mut game, vec![run(full)]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k5"));
    // Worth 91 as an initial meld; with a joker for the 1 and another for the 13, 91 too.
    let info = check_play(&Config::STANDARD, &[], &rack(full), false, &[run(full)]).expect("accepted");
    assert_eq!(info.initial_meld, Some(91));
    let ends = "J r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 J";
    let info = check_play(&Config::STANDARD, &[], &rack(ends), false, &[run(ends)]).expect("accepted");
    assert_eq!(info.initial_meld, Some(91));
}

// ---------------------------------------------------------------- §1.5 initial meld

#[test]
fn rules_1_5_one_point_below_the_threshold_is_refused() {
    // r2 r3 r4 r5 (14) + b4 b5 b6 (15) = 29.
    let mut game = scripted(Config::STANDARD, &["r2 r3 r4 r5 b4 b5 b6 b7", "y1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r2 r3 r4 r5"), run("b4 b5 b6")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 29 }),
    );
    // Adding the b7 makes 36.
    play(&mut game, vec![run("r2 r3 r4 r5"), run("b4 b5 b6 b7")]);
    assert!(game.has_opened(0).unwrap());
    assert_eq!(*game.rack(0).expect("seat"), rack(""), "seat 0 went out");
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
}

#[test]
fn rules_1_5_jokers_count_what_they_stand_for_at_every_position() {
    let value = |config: &Config, meld: Meld<Tile>, tiles: &str| {
        check_play(config, &[], &rack(tiles), false, &[meld]).map(|i| i.initial_meld)
    };
    let c = Config::STANDARD;
    // At the start of a run: J r12 r13 = 11 + 12 + 13.
    assert_eq!(value(&c, run("J r12 r13"), "J r12 r13"), Ok(Some(36)));
    // Two jokers before one natural: 11 + 12 + 13.
    assert_eq!(value(&c, run("J J r13"), "J J r13"), Ok(Some(36)));
    // In the middle: r9 J r11 = 30, exactly the threshold.
    assert_eq!(value(&c, run("r9 J r11"), "r9 J r11"), Ok(Some(30)));
    // A group of four with a joker: four 8s = 32.
    assert_eq!(value(&c, group("r8 b8 J k8"), "r8 b8 J k8"), Ok(Some(32)));
    // Counted as nothing (`Zero`): the same melds fall short, the exact value named.
    let mut zero = Config::STANDARD;
    zero.joker_value_in_initial_meld = InitialJokerValue::Zero;
    assert_eq!(
        value(&zero, run("J r12 r13"), "J r12 r13"),
        Err(PlayError::InitialMeldBelowThreshold { needed: 30, got: 25 })
    );
    assert_eq!(
        value(&zero, group("r8 b8 J k8"), "r8 b8 J k8"),
        Err(PlayError::InitialMeldBelowThreshold { needed: 30, got: 24 })
    );
}

#[test]
fn rules_1_5_threshold_zero_and_fifty() {
    // Threshold 0: any valid meld opens.
    let zero = Config::STANDARD.with_initial_meld_threshold(0);
    let mut game = scripted(zero, &["r1 r2 r3 k9", "y1"], vec![], "", &[], 0);
    play(&mut game, vec![run("r1 r2 r3")]);
    assert!(game.has_opened(0).unwrap());
    // Threshold 50: four 7s (28) + b6 b7 b8 (21) = 49 is refused, four 8s (32) +
    // r5 r6 r7 (18) = 50 is accepted.
    let fifty = Config::STANDARD.with_initial_meld_threshold(50);
    let r = rack("r7 b7 y7 k7 b6 b7 b8 k1");
    assert_eq!(
        check_play(&fifty, &[], &r, false, &[group("r7 b7 y7 k7"), run("b6 b7 b8")]),
        Err(PlayError::InitialMeldBelowThreshold { needed: 50, got: 49 })
    );
    let mut game = scripted(fifty, &["r8 b8 y8 k8 r5 r6 r7 k1", "y1"], vec![], "", &[], 0);
    play(&mut game, vec![group("r8 b8 y8 k8"), run("r5 r6 r7")]);
    assert!(game.has_opened(0).unwrap());
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_5_before_the_initial_meld_no_joker_is_freed() {
    // Seat 0 has not opened: freeing seat 1's joker with the r5 is touching the table,
    // even with 30 points of own melds beside it.
    let table = vec![run("r3 r4 J")];
    let seat0 = "r5 b10 y10 k10 k11 k12 r1";
    let mut game = scripted(Config::STANDARD, &[seat0, "y1"], table, "y2", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r3 r4 r5"), group("b10 y10 k10 J")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
    // Own melds only, the joker's run left alone: the initial meld of 30.
    play(&mut game, vec![run("r3 r4 J"), group("b10 y10 k10")]);
    assert!(game.has_opened(0).unwrap());
    act(&mut game, Action::Draw);
    // Next turn the r5 frees the joker; it must end beside a rack tile (§1.6): in the
    // group of 10s laid last turn it has none.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r3 r4 r5"), group("b10 y10 k10 J")] },
        refused(PlayError::JokerNotReused { meld: 1 }),
    );
    play(&mut game, vec![run("r3 r4 r5"), group("b10 y10 k10"), run("J k11 k12")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("r1"));
}

#[test]
fn rules_1_5_opened_flag_needs_the_initial_meld_in_an_earlier_turn_only_once() {
    // After opening, a later play below 30 points is fine: the threshold is for the
    // first placement only.
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12 k1 k2 k3 y5", "b1"], vec![], "b2", &[], 0);
    play(&mut game, vec![run("r10 r11 r12")]);
    act(&mut game, Action::Draw);
    let mut table = game.table().to_vec();
    table.push(run("k1 k2 k3"));
    let info = check_play(&Config::STANDARD, game.table(), game.rack(0).expect("seat"), true, &table)
        .expect("accepted");
    assert_eq!(info.initial_meld, None);
    play(&mut game, table);
    assert_eq!(*game.rack(0).expect("seat"), rack("y5"));
}

// ---------------------------------------------------------------- §1.6 manipulation and jokers

#[test]
fn rules_1_6_joker_freed_at_each_position_of_a_run() {
    // At the start, in the middle, at the end: the tile it stands for takes its place,
    // the joker goes to a new group with two rack tiles.
    for (old, new, freeing) in
        [("J r4 r5", "r3 r4 r5", "r3"), ("r3 J r5", "r3 r4 r5", "r4"), ("r3 r4 J", "r3 r4 r5", "r5")]
    {
        let table = vec![run(old)];
        let mut game =
            scripted(Config::STANDARD, &[&format!("{freeing} b9 y9 k1"), "y1"], table, "", &[true, true], 0);
        play(&mut game, vec![run(new), group("b9 y9 J")]);
        assert_eq!(game.table(), [run(new), group("b9 y9 J")], "{old}");
        assert_eq!(*game.rack(0).expect("seat"), rack("k1"), "{old}");
    }
    // Two jokers at both ends of a run: each freed by its own tile.
    let table = [run("J r4 r5 J")];
    let new = [run("r3 r4 r5 r6"), run("b7 b8 J"), group("k9 y9 J")];
    let info =
        check_play(&Config::STANDARD, &table, &rack("r3 r6 b7 b8 k9 y9"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 2);
}

#[test]
fn rules_1_6_joker_made_superfluous_by_extending_the_run() {
    // r4 r5 J (J = r6): the r3 put at the other end keeps r3 r4 r5 valid without the
    // joker, which goes to a new meld with rack tiles. Free manipulation allows it; the
    // exact-tile and locked-meld rules do not.
    let table = vec![run("r4 r5 J")];
    let new = vec![run("r3 r4 r5"), group("b9 y9 J")];
    let mut game = scripted(Config::STANDARD, &["r3 b9 y9 k1", "y1"], table.clone(), "", &[true, true], 0);
    play(&mut game, new.clone());
    assert_eq!(game.table(), new.as_slice());
    let mut game = scripted(Config::SCHMIDT, &["r3 b9 y9 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new.clone() },
        refused(PlayError::JokerNotReplaced { meld: 0 }),
    );
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    let mut game = scripted(locked, &["r3 b9 y9 k1", "y1"], table, "", &[true, true], 0);
    assert_rejected(&mut game, Action::Play { table: new }, refused(PlayError::JokerMeldLocked { meld: 0 }));
}

#[test]
fn rules_1_6_group_of_three_joker_released_when_it_leaves_the_number() {
    // r5 b5 J: the y5 completes the group, the joker goes into the black run as k5. It
    // may still "be" a missing 5, but it left the group of 5s: released (§1.6
    // definition), and its new meld holds no rack tile.
    let table = vec![group("r5 b5 J"), run("k6 k7 k8")];
    let new = vec![group("r5 b5 y5"), run("J k6 k7 k8")];
    let mut game = scripted(Config::STANDARD, &["y5 r1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new.clone() },
        refused(PlayError::JokerNotReused { meld: 1 }),
    );
    let mut anywhere = Config::STANDARD;
    anywhere.joker_reuse = JokerReuse::SameTurnAnywhere;
    assert_eq!(check_play(&anywhere, &table, &rack("y5 r1"), true, &new).map(|i| i.released_jokers), Ok(1));
    // With a rack tile beside it (k9 laid on the same run) it is used as the box demands.
    let new = [group("r5 b5 y5"), run("J k6 k7 k8 k9")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &rack("y5 k9"), true, &new).map(|i| i.released_jokers),
        Ok(1)
    );
}

#[test]
fn rules_1_6_group_of_three_joker_moved_to_another_group_of_its_number_is_not_released() {
    // r5 b5 J, r6 r7 r8, y5 y6 y7 y8; rack r9. The r5 goes to the red run, the y5
    // joins b5 and the joker: still a group of 5s, so the joker is not released and
    // needs no rack tile beside it.
    let table = vec![group("r5 b5 J"), run("r6 r7 r8"), run("y5 y6 y7 y8")];
    let new = vec![run("r5 r6 r7 r8 r9"), group("b5 y5 J"), run("y6 y7 y8")];
    let info = check_play(&Config::STANDARD, &table, &rack("r9"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 0);
    let mut game = scripted(Config::STANDARD, &["r9 k1", "y1"], table, "", &[true, true], 0);
    play(&mut game, new.clone());
    assert_eq!(game.table(), new.as_slice());
}

#[test]
fn rules_1_6_group_of_four_joker_freed_only_by_the_missing_colour() {
    // r5 b5 y5 J stands for k5: a second y5 can never join (two yellows), and the k5
    // frees it, from the rack or from the table.
    let table = [group("r5 b5 y5 J"), run("k5 k6 k7 k8")];
    let from_table = [group("r5 b5 y5 k5"), run("k6 k7 k8"), run("b1 b2 J")];
    let info = check_play(&Config::STANDARD, &table, &rack("b1 b2"), true, &from_table).expect("accepted");
    assert_eq!(info.released_jokers, 1);
    // The joker left in place while the run loses its k5 to nobody: the k5 must stay.
    let taken = [group("r5 b5 y5 J"), run("k6 k7 k8"), run("b1 b2 b3")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &rack("b1 b2 b3"), true, &taken),
        Err(PlayError::TableTileTaken { tile: tile("k5") })
    );
}

#[test]
fn rules_1_6_locked_joker_meld_loses_no_tile_and_other_melds_stay_free() {
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    let table = vec![run("r2 r3 J r5 r6"), run("b1 b2 b3 b4 b5 b6")];
    // Taking the r6 off the end of the joker's run for a group: refused when locked.
    let new = vec![run("r2 r3 J r5"), group("r6 y6 k6"), table[1]];
    assert!(check_play(&Config::STANDARD, &table, &rack("y6 k6"), true, &new).is_ok());
    let mut game = scripted(locked, &["y6 k6 b7", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(&mut game, Action::Play { table: new }, refused(PlayError::JokerMeldLocked { meld: 0 }));
    // A meld without a joker may still be split.
    play(&mut game, vec![table[0], run("b1 b2 b3"), run("b4 b5 b6 b7")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("y6 k6"));
}

#[test]
fn rules_1_6_rack_only_refuses_a_joker_made_superfluous() {
    // Under `RackOnly` a joker is freed only in a turn in which a tile it stands for comes
    // from the rack: r4 r5 J (J = r6) extended by the rack's r3 frees nothing.
    let mut rack_only = Config::STANDARD;
    rack_only.joker_replacement_source = ReplacementSource::RackOnly;
    let table = vec![run("r4 r5 J")];
    let new = vec![run("r3 r4 r5"), group("b9 y9 J")];
    let mut game = scripted(rack_only, &["r3 b9 y9 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new.clone() },
        refused(PlayError::JokerReplacementNotFromRack { meld: 0 }),
    );
    // The r6 from the rack in its place is the exchange the option asks for.
    let exchanged = [run("r4 r5 r6"), group("b9 y9 J")];
    assert_eq!(
        check_play(&rack_only, &table, &rack("r6 b9 y9"), true, &exchanged).map(|i| i.released_jokers),
        Ok(1)
    );
}

#[test]
fn rules_1_6_joker_moved_to_the_other_end_of_its_run_is_released() {
    // r3 r4 r5 J (J = r6) rewritten as J r3 r4 r5 (J = r2): the joker stands for another
    // tile, so it is released and needs a rack tile beside it (default `WithRackTile`).
    let table = vec![run("r3 r4 r5 J")];
    let mut game = scripted(Config::STANDARD, &["r7 b7 y7 r6 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("J r3 r4 r5"), group("r7 b7 y7")] },
        refused(PlayError::JokerNotReused { meld: 0 }),
    );
    // With the r6 laid beside it, the joker's meld holds a rack tile.
    play(&mut game, vec![run("J r3 r4 r5 r6"), group("r7 b7 y7")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_6_a_joker_from_the_rack_is_a_rack_tile() {
    // The freed joker ends beside the rack's own joker: jokers are interchangeable, so
    // the meld holds a tile played from the rack.
    let table = [run("r3 r4 J"), run("b7 b8 b9")];
    let new = [run("r3 r4 r5"), run("b7 b8 b9 J J")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &rack("r5 J"), true, &new).map(|i| i.released_jokers),
        Ok(1)
    );
}

#[test]
fn rules_1_6_two_rack_tiles_rule_counts_the_other_joker_as_a_table_tile() {
    // `NewMeldWithTwoRackTiles`: two jokers freed into one meld with two rack tiles; for
    // each, the other joker lay on the table at the start of the turn (§1.6 clarified).
    let mut two = Config::STANDARD;
    two.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
    let table = vec![run("r3 r4 J"), run("b3 b4 J")];
    let new = vec![run("r3 r4 r5"), run("b3 b4 b5"), run("J J k7 k8")];
    let r = "r5 b5 k7 k8 y1";
    assert_eq!(check_play(&Config::STANDARD, &table, &rack(r), true, &new).map(|i| i.released_jokers), Ok(2));
    let mut game = scripted(two, &[r, "y2"], table, "", &[true, true], 0);
    assert_rejected(&mut game, Action::Play { table: new }, refused(PlayError::JokerNotReused { meld: 2 }));
}

// ---------------------------------------------------------------- §1.2 setup

#[test]
fn rules_1_2_fourteen_tiles_each_and_the_rest_is_the_pool() {
    use rand::SeedableRng;
    use rummykit_core::Seating;
    for (config, seats, pool) in [
        (Config::STANDARD, 2, 78),
        (Config::STANDARD, 3, 64),
        (Config::STANDARD, 4, 50),
        (Config::XP, 4, 104),
        (Config::XP, 5, 90),
        (Config::XP, 6, 76),
    ] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seats as u64);
        let game = Rummikub::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        assert_eq!(game.pool_len(), pool, "{seats} seats");
        assert!((0..seats).all(|s| game.rack(s).map(TileCounts::len) == Some(14)));
        assert!(game.table().is_empty() && (0..seats).all(|s| !game.has_opened(s).unwrap()));
    }
}

// ---------------------------------------------------------------- §1.7 end of a game

#[test]
fn rules_1_7_penalty_draw_empties_a_short_pool_then_everyone_passes() {
    // Two tiles left, a penalty of three: both are drawn, the pool is empty, and the
    // game ends once both players have passed.
    let mut config = Config::STANDARD;
    config.timer = Timer::Seconds(60);
    let mut game = scripted_short_pool(config, &["r1", "k1"], "y3 y4", &[true, true], 0);
    act(&mut game, Action::Timeout { pending_changes: true });
    assert_eq!(*game.rack(0).expect("seat"), rack("r1 y3 y4"));
    assert_eq!(game.pool_len(), 0);
    assert_rejected(&mut game, Action::Draw, ActionError::PoolEmpty);
    act(&mut game, Action::Pass);
    assert_eq!(game.to_move(), Some(0));
    act(&mut game, Action::Pass);
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    // 8 against 1: seat 1 wins the difference.
    assert_eq!(game.outcome().expect("over").points, [-7, 7]);
}

#[test]
fn rules_1_7_pool_empty_end_options_after_the_last_draw() {
    // Seat 0 draws the last tile; seat 1 passes, seat 2 plays, seat 0 passes. With one
    // final turn each the game is over; with the default a play starts the count again.
    let racks = ["r1", "k1", "b5 b6 b7 y9"];
    let mut final_turn = Config::STANDARD;
    final_turn.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
    for config in [Config::STANDARD, final_turn] {
        let mut game = scripted_short_pool(config, &racks, "y3", &[true; 3], 0);
        act(&mut game, Action::Draw);
        act(&mut game, Action::Pass);
        let mut table = game.table().to_vec();
        table.push(run("b5 b6 b7"));
        play(&mut game, table);
        act(&mut game, Action::Pass);
        if config.pool_empty_end == PoolEmptyEnd::OneFinalTurnEach {
            assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
            // r1 y3 = 4, k1 = 1, y9 = 9: seat 1 wins 3 + 8.
            assert_eq!(game.outcome().expect("over").points, [-3, 11, -8]);
        } else {
            assert_eq!(game.to_move(), Some(1));
            act(&mut game, Action::Pass);
            assert_eq!(game.to_move(), Some(2), "seat 2 has not passed since its play");
            act(&mut game, Action::Pass);
            assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
            assert_eq!(game.outcome().expect("over").points, [-3, 11, -8]);
        }
    }
}

// ---------------------------------------------------------------- §1.8 scoring

#[test]
fn rules_1_8_b_a_joker_on_the_rack_counts_its_penalty() {
    // Pool empty: A holds a joker (30), B r13 b13 (26), C k8 k9 k13 (30): B wins 4 + 4.
    let racks = ["J", "r13 b13", "k8 k9 k13"];
    let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 3], 0);
    for _ in 0..3 {
        act(&mut game, Action::Pass);
    }
    let outcome = game.outcome().expect("over");
    assert_eq!((outcome.points, outcome.winners), (vec![-4, 8, -4], vec![1]));
    // A joker worth 25 (Schmidt) makes A the lowest: 25 against 26 and 30.
    let mut schmidt_joker = Config::STANDARD;
    schmidt_joker.joker_penalty = 25;
    let r = racks.map(rack);
    assert_eq!(score_pool_empty(&schmidt_joker, &r, &[true; 3], 0), Some((vec![6, -1, -5], vec![0])));
}

#[test]
fn rules_1_8_b_never_melded_penalty_decides_the_lowest_rack() {
    let mut config = Config::STANDARD;
    config.never_melded_penalty = 100;
    let racks = ["r1", "r13"];
    let mut game = scripted_empty_pool(config, &racks, vec![], &[false, true], 0);
    act(&mut game, Action::Pass);
    act(&mut game, Action::Pass);
    // 1 + 100 against 13.
    assert_eq!(game.outcome().expect("over").points, [-88, 88]);
    assert_eq!(game.outcome().expect("over").winners, [1]);
}

#[test]
fn rules_1_8_b_everyone_tied_shares_nothing() {
    let racks = [rack("r5"), rack("b5"), rack("k5")];
    assert_eq!(
        score_pool_empty(&Config::STANDARD, &racks, &[true; 3], 1),
        Some((vec![0, 0, 0], vec![0, 1, 2]))
    );
}

#[test]
fn rules_1_8_c_hand_rummy_is_going_out_in_the_first_laying_turn() {
    let mut config = Config::STANDARD;
    config.hand_rummy_double = true;
    // Above the threshold, in the first laying turn: doubled all the same.
    let mut game = scripted(config, &["r10 r11 r12", "y9", "k1"], vec![], "", &[false; 3], 0);
    play(&mut game, vec![run("r10 r11 r12")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    assert_eq!(game.outcome().expect("over").points, [20, -18, -2]);
    // After a round of draws, still the first laying turn: doubled, 2 × (11 + 3).
    let mut game = scripted(config, &["r10 r11", "y9", "k1"], vec![], "r12 y2 k2", &[false; 3], 0);
    for _ in 0..3 {
        act(&mut game, Action::Draw);
    }
    play(&mut game, vec![run("r10 r11 r12")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    assert_eq!(game.outcome().expect("over").points, [28, -22, -6]);
    // Laid before (opened in an earlier turn): single.
    let mut game = scripted(config, &["r10 r11 r12", "y9", "k1"], vec![], "", &[true, false, false], 0);
    play(&mut game, vec![run("r10 r11 r12")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    assert_eq!(game.outcome().expect("over").points, [10, -9, -1]);
}

// ---------------------------------------------------------------- §4.1 Schmidt

#[test]
fn rules_4_1_lay_off_only_after_thirty_points() {
    let table = vec![run("b3 b4 b5")];
    let mut game = scripted(Config::SCHMIDT, &["b6 r10 r11 r12 k1", "y1"], table, "y2", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b3 b4 b5 b6"), run("r10 r11 r12")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
    play(&mut game, vec![run("b3 b4 b5"), run("r10 r11 r12")]);
    act(&mut game, Action::Draw);
    play(&mut game, vec![run("b3 b4 b5 b6"), run("r10 r11 r12")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_4_1_keep_three_when_taking_part_of_a_meld() {
    // From a group of four one tile may go (three stay); from a group of three not.
    let four = [group("r5 b5 y5 k5")];
    let took = [group("r5 b5 y5"), run("k5 k6 k7")];
    assert!(check_play(&Config::SCHMIDT, &four, &rack("k6 k7"), true, &took).is_ok());
    let three = vec![group("r5 b5 y5")];
    let took = vec![group("r5 b5 J"), run("y5 y6 y7")];
    assert!(check_play(&Config::STANDARD, &three, &rack("J y6 y7"), true, &took).is_ok());
    let mut game = scripted(Config::SCHMIDT, &["J y6 y7 k1", "y1"], three, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: took },
        refused(PlayError::KeepThreeViolated { meld: 0, together: 2 }),
    );
    // From a run of five, two from one end may go: three stay.
    let five = [run("k1 k2 k3 k4 k5")];
    let took = [run("k1 k2 k3"), run("k4 k5 J")];
    assert!(check_play(&Config::SCHMIDT, &five, &rack("J"), true, &took).is_ok());
}

#[test]
fn rules_4_1_handrummy_only_in_the_first_laying_turn() {
    // A Schmidt player who laid out before and now empties the rack: single scores.
    let mut game =
        scripted(Config::SCHMIDT, &["b1 b2 b3", "r5 y8 J", "k4"], vec![], "", &[true, false, false], 0);
    play(&mut game, vec![run("b1 b2 b3")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    // Never melded pays nothing extra in Schmidt: 5 + 8 + 25 and 4.
    assert_eq!(game.outcome().expect("over").points, [42, -38, -4]);
}

#[test]
fn rules_1_8_b_remainder_skips_the_last_player_when_tied() {
    // Seat 0 plays last and ties seat 1 at 5 with one tile each: the remainder of the
    // shared pot goes to the first tied seat clockwise after seat 0, seat 1.
    let racks = ["r5 k1 k2 k3", "b5", "y4 y5", "y1 y2 y3 y6"];
    let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 4], 0);
    let mut table = game.table().to_vec();
    table.push(run("k1 k2 k3"));
    play(&mut game, table);
    for _ in 0..4 {
        act(&mut game, Action::Pass);
    }
    // 5, 5, 9, 12: pot 4 + 7 = 11, 5 each, the remainder 1 to seat 1.
    let outcome = game.outcome().expect("over");
    assert_eq!((outcome.points, outcome.winners), (vec![5, 6, -4, -7], vec![0, 1]));
}

#[test]
fn rules_4_1_lay_off_seed_examples() {
    // Seed example 1: a red 5 and a red 9 onto red 6 7 8, a fourth colour onto a group of
    // 8s (green printed as black here).
    let table = vec![run("r6 r7 r8"), group("r8 y8 k8")];
    let mut game = scripted(Config::SCHMIDT, &["r5 r9 b8 k1", "y1"], table, "", &[true, true], 0);
    play(&mut game, vec![run("r5 r6 r7 r8 r9"), group("r8 y8 k8 b8")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_4_1_keep_three_group_of_four() {
    // Two of a group of four kept together with a joker: only two of the old group stay
    // together, refused; all four sent to different runs: broken up completely, fine.
    let table = vec![group("r5 b5 y5 k5")];
    let two_stay = vec![run("r5 r6 r7"), run("b5 b6 b7"), group("y5 k5 J")];
    let mut game =
        scripted(Config::SCHMIDT, &["r6 r7 b6 b7 J k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: two_stay },
        refused(PlayError::KeepThreeViolated { meld: 0, together: 2 }),
    );
    let apart = [run("r5 r6 r7"), run("b5 b6 b7"), run("y5 y6 y7"), run("k5 k6 k7")];
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &rack("r6 r7 b6 b7 y6 y7 k6 k7"), true, &apart)
            .map(|i| i.released_jokers),
        Ok(0)
    );
}

#[test]
fn rules_4_1_joker_staying_in_its_group_may_change_colour() {
    // r5 b5 J stands for y5 or k5; the y5 joins and the joker stays, now the k5.
    let table = [group("r5 b5 J")];
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &rack("y5"), true, &[group("r5 b5 y5 J")])
            .map(|i| i.released_jokers),
        Ok(0)
    );
    // Either missing colour is the matching tile: the k5 frees it.
    let new = [group("r5 b5 k5"), run("J k6 k7")];
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &rack("k5 k6 k7"), true, &new).map(|i| i.released_jokers),
        Ok(1)
    );
}

#[test]
fn rules_1_6_locked_melds_grow_at_the_ends_and_lose_jokers_only_by_their_tile() {
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    let released = |table: &[Meld<Tile>], tiles: &str, new: &[Meld<Tile>]| {
        check_play(&locked, table, &rack(tiles), true, new).map(|i| i.released_jokers)
    };
    // Joined at its end with a joker-free meld and a rack tile: an extension.
    assert_eq!(released(&[run("r2 r3 J"), run("r5 r6 r7")], "r8", &[run("r2 r3 J r5 r6 r7 r8")]), Ok(0));
    // A group of three freed by either missing colour; the replacing tile may come from
    // the table (default `RackOrTable`).
    assert_eq!(released(&[group("r5 b5 J")], "y5 k7 k8", &[group("r5 b5 y5"), run("J k7 k8")]), Ok(1));
    let table = [run("r3 r4 J"), run("r5 r6 r7 r8")];
    assert_eq!(released(&table, "b9 y9", &[run("r3 r4 r5"), run("r6 r7 r8"), group("b9 y9 J")]), Ok(1));
    // A group of four with a joker may not give up a natural.
    let table = vec![group("r5 b5 y5 J"), run("r6 r7 r8")];
    let new = vec![group("b5 y5 J"), run("r5 r6 r7 r8"), group("k1 r1 b1")];
    assert!(check_play(&Config::STANDARD, &table, &rack("r1 b1 k1"), true, &new).is_ok());
    let mut game = scripted(locked, &["r1 b1 k1 y2", "y1"], table, "", &[true, true], 0);
    assert_rejected(&mut game, Action::Play { table: new }, refused(PlayError::JokerMeldLocked { meld: 0 }));
}

#[test]
fn rules_1_2_session_first_starter_by_the_draw_then_clockwise() {
    // No seat named: the first game's starter comes from the highest-tile draw, and each
    // later game starts one seat further clockwise, so each of four seats starts once.
    use rand::SeedableRng;
    use rummykit_core::Match;
    let config = Config::STANDARD;
    for seed in [3, 11] {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut session =
            Match::<Rummikub>::new(config, Rummikub::default_terms(&config, 4)).expect("session");
        let mut starters = Vec::new();
        while !session.is_over() {
            let mut game = session.next_hand(&mut rng).expect("deal");
            starters.push(game.starter());
            while game.to_move().is_some() {
                let action = if game.pool_len() > 0 { Action::Draw } else { Action::Pass };
                act(&mut game, action);
            }
            session.record(&game.outcome().expect("over")).expect("record");
        }
        let first = starters[0];
        assert_eq!(starters, (0..4).map(|k| (first + k) % 4).collect::<Vec<_>>(), "seed {seed}");
    }
}

// ---------------------------------------------------------------- corners pinned exactly

#[test]
fn rules_1_2_the_start_draw_replayed_by_a_plain_referee() {
    // Each seat draws a tile from the shuffled box; a joker is put aside and that seat
    // draws again; the highest number starts, and only the seats tied for it draw again.
    // The referee replays the deal's own shuffle with the same seed, so every seed is
    // one exact case; over these 450 deals both redraw rules must have come up.
    use rand::SeedableRng;
    use rand::seq::SliceRandom;
    use rummykit_core::Seating;
    let (mut ties, mut jokers) = (0, 0);
    for (config, seats) in [(Config::STANDARD, 2), (Config::STANDARD, 4), (Config::XP, 6)] {
        for seed in 0..150 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut deck = TileCounts::full(&config.tile_set.catalog()).to_vec();
            deck.shuffle(&mut rng);
            let mut drawn = deck.into_iter();
            let mut contenders: Vec<usize> = (0..seats).collect();
            while contenders.len() > 1 {
                let mut numbers = Vec::new();
                for _ in &contenders {
                    let number = loop {
                        let tile = drawn.next().expect("one box is enough for these seeds");
                        match tile.number() {
                            Some(n) => break n,
                            None => jokers += 1,
                        }
                    };
                    numbers.push(number);
                }
                let best = *numbers.iter().max().expect("a contender");
                contenders =
                    contenders.iter().zip(&numbers).filter(|&(_, &n)| n == best).map(|(&s, _)| s).collect();
                ties += usize::from(contenders.len() > 1);
            }
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let game = Rummikub::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
            assert_eq!(game.starter(), contenders[0], "{seats} seats, seed {seed}");
            assert_eq!(game.to_move(), Some(contenders[0]));
        }
    }
    assert!(ties > 20 && jokers > 5, "ties {ties}, jokers {jokers}: a redraw rule never came up");
}

#[test]
fn rules_1_7_timeouts_and_abandons_with_an_empty_pool_are_turns_without_a_play() {
    // With the pool empty a penalty draws nothing, and a turn that ends in a timeout or
    // an abandoned manipulation is no play: after one of each from all three seats the
    // game is over, scored as an empty pool.
    let mut config = Config::STANDARD;
    config.timer = Timer::Seconds(60);
    config.abandon_penalty = true;
    let racks = ["r7 b8", "y8", "k9 k13"];
    let mut game = scripted_empty_pool(config, &racks, vec![], &[true; 3], 0);
    act(&mut game, Action::Timeout { pending_changes: true });
    act(&mut game, Action::Abandon);
    assert_eq!(game.to_move(), Some(2));
    act(&mut game, Action::Timeout { pending_changes: false });
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    for (seat, r) in racks.iter().enumerate() {
        assert_eq!(*game.rack(seat).expect("seat"), rack(r));
    }
    // 15, 8, 22: seat 1 wins 7 + 14.
    assert_eq!(game.outcome().expect("over").points, [-7, 21, -14]);
}

#[test]
fn rules_1_7_going_out_in_a_final_turn_scores_as_going_out() {
    // One final turn each after seat 0 draws the last tile: seat 2 goes out in its final
    // turn, and the game is scored as (a), not as an empty pool.
    let mut config = Config::STANDARD;
    config.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
    let mut game = scripted_short_pool(config, &["r1", "k1", "b5 b6 b7"], "y3", &[true; 3], 0);
    act(&mut game, Action::Draw);
    act(&mut game, Action::Pass);
    let mut table = game.table().to_vec();
    table.push(run("b5 b6 b7"));
    play(&mut game, table);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 2, hand_rummy: false }));
    // r1 y3 = 4 and k1 = 1, all to seat 2.
    let outcome = game.outcome().expect("over");
    assert_eq!((outcome.points, outcome.winners), (vec![-4, -1, 5], vec![2]));
}

#[test]
fn rules_1_8_b_an_empty_pool_ending_is_never_doubled() {
    // Hand rummy doubles a going out; a game that ends on an empty pool scores (b) as
    // it stands, even when nobody has laid anything.
    let mut config = Config::STANDARD;
    config.hand_rummy_double = true;
    let racks = ["r7 b8", "y8", "k9 k13"];
    let mut game = scripted_empty_pool(config, &racks, vec![], &[false; 3], 0);
    for _ in 0..3 {
        act(&mut game, Action::Pass);
    }
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    assert_eq!(game.outcome().expect("over").points, [-7, 21, -14]);
}

#[test]
fn rules_1_8_b_remainder_counted_from_the_starter_when_nobody_played() {
    // Nobody made a play, so there is no last player: the remainder of a shared pot goes
    // to the first tied seat clockwise from the seat that started.
    // Values 5, 5, 22: a pot of 17, 8 each and 1 left over.
    let racks = ["r5", "b5", "k9 k13"];
    for (starter, points) in [(0, [9, 8, -17]), (1, [8, 9, -17]), (2, [9, 8, -17])] {
        let mut game = scripted_empty_pool(Config::STANDARD, &racks, vec![], &[true; 3], starter);
        for _ in 0..3 {
            act(&mut game, Action::Pass);
        }
        assert_eq!(game.last_player(), None);
        let outcome = game.outcome().expect("over");
        assert_eq!((outcome.points, outcome.winners), (points.to_vec(), vec![0, 1]), "starter {starter}");
    }
}

#[test]
fn rules_1_8_c_hand_rummy_by_laying_off_in_the_turn_of_the_initial_meld() {
    // With manipulation allowed in the turn of the initial meld, a player who has laid
    // nothing may go out by laying off too: hand rummy, the threshold waived (own melds
    // worth 6) and the score doubled.
    let table = vec![run("r10 r11 r12")];
    let both = Config::STANDARD.with_manipulate_on_initial_meld_turn(true).with_hand_rummy_double(true);
    let out = vec![run("r10 r11 r12 r13"), run("k1 k2 k3")];
    let mut game = scripted(both, &["r13 k1 k2 k3", "y9"], table.clone(), "", &[false, true], 0);
    play(&mut game, out.clone());
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    assert_eq!(game.outcome().expect("over").points, [18, -18]);
    // Without hand rummy the same play is an initial meld of 6.
    let manipulate = Config::STANDARD.with_manipulate_on_initial_meld_turn(true);
    let mut game = scripted(manipulate, &["r13 k1 k2 k3", "y9"], table.clone(), "", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: out.clone() },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 6 }),
    );
    // Without the manipulation option it touches the table, hand rummy or not.
    let hand = Config::STANDARD.with_hand_rummy_double(true);
    let mut game = scripted(hand, &["r13 k1 k2 k3", "y9"], table, "", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: out },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
}

#[test]
fn rules_1_6_group_of_four_joker_keeping_its_tile_elsewhere_is_not_released() {
    // r5 b5 y5 J: the joker is the k5. Moved onto k2 k3 k4, where it is the k5 again, it
    // stands for the same tile and is not released, so no rack tile need lie beside it
    // (the rack's b9 y9 k9 go down apart).
    let table = [group("r5 b5 y5 J"), run("k2 k3 k4")];
    let new = [group("r5 b5 y5"), run("k2 k3 k4 J"), group("b9 y9 k9")];
    let r = rack("b9 y9 k9");
    for reuse in [JokerReuse::WithRackTile, JokerReuse::NewMeldWithTwoRackTiles] {
        let config = Config::STANDARD.with_joker_reuse(reuse);
        assert_eq!(
            check_play(&config, &table, &r, true, &new).map(|i| i.released_jokers),
            Ok(0),
            "{reuse:?}"
        );
    }
    let rack_only = Config::STANDARD.with_joker_replacement_source(ReplacementSource::RackOnly);
    assert_eq!(check_play(&rack_only, &table, &r, true, &new).map(|i| i.released_jokers), Ok(0));
    // Moved to stand for another tile (the k1 before k2 k3 k4), it is released and must
    // lie beside a rack tile.
    let moved = [group("r5 b5 y5"), run("J k2 k3 k4"), group("b9 y9 k9")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &r, true, &moved),
        Err(PlayError::JokerNotReused { meld: 1 })
    );
    // Schmidt: a joker moves only when its tile takes its place; a locked meld loses no
    // tile.
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &r, true, &new),
        Err(PlayError::JokerNotReplaced { meld: 0 })
    );
    let locked = Config::STANDARD.with_joker_melds_locked(true);
    assert_eq!(check_play(&locked, &table, &r, true, &new), Err(PlayError::JokerMeldLocked { meld: 0 }));
}

#[test]
fn rules_1_5_old_melds_may_be_listed_in_any_order() {
    // The table's melds are a set: an initial meld that lists the old melds in another
    // order (and a group's tiles in another order) leaves them unchanged.
    let table = vec![run("b1 b2 b3"), group("r7 y7 k7")];
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12 k1", "y1"], table, "", &[false, true], 0);
    play(&mut game, vec![group("k7 r7 y7"), run("r10 r11 r12"), run("b1 b2 b3")]);
    assert!(game.has_opened(0).unwrap());
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

/// A referee for the end of a game written straight from RULES.md §1.7–§1.9: who moves,
/// when an empty pool ends the game, what a penalty draws, and the scores of (a), (b)
/// and (c), kept beside the engine through random games.
struct EndReferee {
    seats: usize,
    pool: Vec<Tile>,
    racks: Vec<TileCounts>,
    opened: Vec<bool>,
    to_move: usize,
    starter: usize,
    /// Turns since the pool ran dry that count toward its end (§1.7).
    counted: usize,
    last_player: Option<usize>,
    went_out: Option<(usize, bool)>,
    over: bool,
}

impl EndReferee {
    fn of(game: &Rummikub) -> EndReferee {
        let seats = game.seats();
        EndReferee {
            seats,
            pool: game.pool().collect(),
            racks: (0..seats).map(|s| *game.rack(s).expect("seat")).collect(),
            opened: (0..seats).map(|s| game.has_opened(s).expect("seat")).collect(),
            to_move: game.to_move().expect("on"),
            starter: game.starter(),
            counted: 0,
            last_player: None,
            went_out: None,
            over: false,
        }
    }

    fn draw(&mut self, seat: usize, count: u8) {
        for _ in 0..count {
            if self.pool.is_empty() {
                break;
            }
            let tile = self.pool.remove(0);
            self.racks[seat].add(tile);
        }
    }

    fn step(&mut self, config: &Config, action: &Action, played: TileCounts) {
        let seat = self.to_move;
        let dry = self.pool.is_empty();
        let mut is_play = false;
        match action {
            Action::Play { .. } => {
                is_play = true;
                let first_laying = !self.opened[seat];
                self.racks[seat] = self.racks[seat].checked_sub(&played).expect("played from the rack");
                self.opened[seat] = true;
                self.last_player = Some(seat);
                if self.racks[seat].is_empty() {
                    self.went_out = Some((seat, first_laying));
                    self.over = true;
                    return;
                }
            }
            Action::Draw => self.draw(seat, 1),
            Action::Pass => {}
            Action::Timeout { pending_changes: true } | Action::Abandon => {
                self.draw(seat, config.timeout_penalty_pending)
            }
            Action::Timeout { pending_changes: false } => self.draw(seat, config.timeout_penalty_idle),
            _ => unreachable!("no other actions are made"),
        }
        if dry {
            // AllPassOnce: every player in turn without a play; OneFinalTurnEach: one
            // turn each, whatever it does.
            let final_turns = config.pool_empty_end == PoolEmptyEnd::OneFinalTurnEach;
            self.counted = if is_play && !final_turns { 0 } else { self.counted + 1 };
        }
        if dry && self.counted == self.seats {
            self.over = true;
        } else {
            self.to_move = (seat + 1) % self.seats;
        }
    }

    fn value(&self, config: &Config, seat: usize) -> i64 {
        let rack = &self.racks[seat];
        let numbers: i64 = rack.iter().filter_map(|t| t.number()).map(i64::from).sum();
        let never = if self.opened[seat] { 0 } else { i64::from(config.never_melded_penalty) };
        numbers + i64::from(rack.jokers()) * i64::from(config.joker_penalty) + never
    }

    fn scores(&self, config: &Config) -> (Vec<i64>, Vec<usize>) {
        let n = self.seats;
        if let Some((winner, first_laying)) = self.went_out {
            let factor = if first_laying && config.hand_rummy_double { 2 } else { 1 };
            let mut points: Vec<i64> =
                (0..n).map(|s| if s == winner { 0 } else { -factor * self.value(config, s) }).collect();
            points[winner] = -points.iter().sum::<i64>();
            return (points, vec![winner]);
        }
        let low = (0..n).map(|s| self.value(config, s)).min().expect("seats");
        let fewest = (0..n).filter(|&s| self.value(config, s) == low).map(|s| self.racks[s].len()).min();
        let tied: Vec<usize> =
            (0..n).filter(|&s| self.value(config, s) == low && Some(self.racks[s].len()) == fewest).collect();
        let pot: i64 = (0..n).filter(|s| !tied.contains(s)).map(|s| self.value(config, s) - low).sum();
        let mut points: Vec<i64> = (0..n)
            .map(|s| if tied.contains(&s) { pot / tied.len() as i64 } else { low - self.value(config, s) })
            .collect();
        let from = self.last_player.map_or(self.starter, |s| (s + 1) % n);
        let first = (0..n).map(|k| (from + k) % n).find(|s| tied.contains(s)).expect("a tied seat");
        points[first] += pot % tied.len() as i64;
        (points, tied)
    }
}

#[test]
fn rules_1_7_and_1_8_random_games_end_and_score_as_a_plain_referee_says() {
    // Small racks and low thresholds so that games end both ways; every option of the
    // end and the scores drawn at random.
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    use rummykit_core::{Bot, Seating};
    use rummykit_rummikub::GreedyBot;
    let (mut out, mut dry) = (0, 0);
    for seed in 0..300u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9000 + seed);
        let mut config = if seed % 5 == 0 { Config::XP } else { Config::STANDARD }
            .with_rack_size(rng.random_range(3..=8))
            .with_initial_meld_threshold([0, 10, 30][rng.random_range(0..3)])
            .with_hand_rummy_double(rng.random_bool(0.5))
            .with_joker_penalty([30, 50, 25][rng.random_range(0..3)])
            .with_never_melded_penalty([0, 100][rng.random_range(0..2)])
            .with_timeout_penalty_pending(rng.random_range(1..=3))
            .with_timeout_penalty_idle(rng.random_range(1..=3))
            .with_abandon_penalty(rng.random_bool(0.5));
        config.timer = if rng.random_bool(0.5) { Timer::Seconds(60) } else { Timer::Off };
        config.pool_empty_end =
            if rng.random_bool(0.5) { PoolEmptyEnd::AllPassOnce } else { PoolEmptyEnd::OneFinalTurnEach };
        let seats = rng.random_range(2..=config.tile_set.max_players());
        let mut game = Rummikub::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        let mut referee = EndReferee::of(&game);
        let mut listed = Vec::new();
        let mut greedy = GreedyBot::new();
        let greed = [0.0, 0.3, 0.9][seed as usize % 3];
        while let Some(seat) = game.to_move() {
            assert_eq!(Some(referee.to_move), Some(seat), "seed {seed}");
            game.view(seat).legal_actions(&mut listed);
            let action = match rng.random_range(0..10) {
                0 if config.timer != Timer::Off => Action::Timeout { pending_changes: rng.random_bool(0.5) },
                1 if config.abandon_penalty => Action::Abandon,
                2 | 3 => listed.choose(&mut rng).expect("a draw or a pass").clone(),
                // The solver's best play (or its draw) as often as this game's style says,
                // so that games end both ways.
                _ if rng.random_bool(greed) => greedy.act(&game.view(seat)),
                _ => listed[0].clone(),
            };
            if rng.random_bool(0.1) {
                // Now and then the wrong one of draw and pass: refused, nothing changes.
                let (wrong, error) = match game.pool_len() {
                    0 => (Action::Draw, ActionError::PoolEmpty),
                    pool => (Action::Pass, ActionError::PassWithPoolNonEmpty { pool }),
                };
                assert_rejected(&mut game, wrong, error);
            }
            let played = match &action {
                Action::Play { table } => {
                    let opened = game.has_opened(seat).expect("seat");
                    check_play(&config, game.table(), game.rack(seat).expect("seat"), opened, table)
                        .expect("listed plays are legal")
                        .played
                }
                _ => TileCounts::EMPTY,
            };
            game.apply(seat, action.clone()).expect("a legal action");
            referee.step(&config, &action, played);
            assert_eq!(game.to_move().is_none(), referee.over, "seed {seed}");
            for s in 0..seats {
                assert_eq!(game.rack(s), Some(&referee.racks[s]), "seed {seed}, seat {s}");
            }
            assert_eq!(game.pool_len(), referee.pool.len(), "seed {seed}");
        }
        let outcome = game.outcome().expect("over");
        let (points, winners) = referee.scores(&config);
        assert_eq!((outcome.points, outcome.winners), (points, winners), "seed {seed}");
        match referee.went_out {
            Some(_) => out += 1,
            None => dry += 1,
        }
    }
    // Hand rummy rarely comes up in random games; the scripted tests above pin it.
    assert!(out > 50 && dry > 50, "went out {out}, pool empty {dry}");
}

#[test]
fn rules_1_6_jokers_of_a_group_of_four_with_open_colours_follow_their_number() {
    // r5 b5 J J: the two jokers are the y5 and the k5 between them, neither one alone.
    // Like the joker of a group of three, each keeps its role while it stays in a group
    // of 5s, whatever colour it stands for there, and is released once it leaves them.
    let table = [group("r5 b5 J J"), run("y5 y6 y7 y8")];
    // One joker joins the table's y5 and a k5 from the rack: still a 5, not released, so
    // even the strictest reuse rule has nothing to say about the table's y5 beside it.
    let regrouped = [group("r5 b5 J"), run("y6 y7 y8"), group("y5 k5 J")];
    let strict = Config::STANDARD.with_joker_reuse(JokerReuse::NewMeldWithTwoRackTiles);
    assert_eq!(check_play(&strict, &table, &rack("k5"), true, &regrouped).map(|i| i.released_jokers), Ok(0));
    // One joker goes to a run as a y5, one of the tiles the pair stood for: it has left
    // the 5s, so it is released, and a rack tile must lie beside it.
    let table = [group("r5 b5 J J"), run("y1 y2 y3 y4")];
    let moved = [group("r5 b5 J"), run("y1 y2 y3 y4 J"), run("k9 k10 k11")];
    assert_eq!(
        check_play(&Config::STANDARD, &table, &rack("k9 k10 k11"), true, &moved),
        Err(PlayError::JokerNotReused { meld: 1 })
    );
    let anywhere = Config::STANDARD.with_joker_reuse(JokerReuse::SameTurnAnywhere);
    assert_eq!(
        check_play(&anywhere, &table, &rack("k9 k10 k11"), true, &moved).map(|i| i.released_jokers),
        Ok(1)
    );
}

// ---------------------------------------------------------------- §1.10 the option table

/// §1.10: every default of the option table is a field of `Config::STANDARD` (and of
/// `Config::default()`); `Config::XP` changes only the tile set (§1.1) and
/// `Config::SCHMIDT` only what §4.1 names, the rest "as in §1".
#[test]
fn rules_1_10_the_defaults_are_the_option_table_and_the_presets_change_only_their_rows() {
    let c = Config::default();
    assert_eq!(c, Config::STANDARD);
    assert_eq!((c.tile_set, c.rack_size, c.initial_meld_threshold), (TileSet::Standard106, 14, 30));
    assert_eq!(c.joker_value_in_initial_meld, InitialJokerValue::Represented);
    assert!(!c.manipulate_on_initial_meld_turn);
    assert_eq!(c.joker_penalty, 30);
    assert!(!c.group3_joker_needs_both);
    assert_eq!(c.joker_replacement_source, ReplacementSource::RackOrTable);
    assert_eq!(c.joker_reuse, JokerReuse::WithRackTile);
    assert_eq!(c.joker_release, JokerRelease::AnyRearrangement);
    assert!(!c.joker_melds_locked && !c.keep_three && !c.hand_rummy_double);
    assert_eq!(c.timer, Timer::Off);
    assert_eq!((c.timeout_penalty_pending, c.timeout_penalty_idle), (3, 1));
    assert!(!c.abandon_penalty);
    assert_eq!(c.pool_empty_end, PoolEmptyEnd::AllPassOnce);
    assert_eq!(c.never_melded_penalty, 0);
    assert_eq!(c.session_ranking, SessionRanking::HighestTotal);

    let mut xp = Config::STANDARD;
    xp.tile_set = TileSet::Xp160;
    assert_eq!(Config::XP, xp);

    let mut schmidt = Config::STANDARD;
    schmidt.keep_three = true;
    schmidt.joker_release = JokerRelease::ExactTile;
    schmidt.joker_reuse = JokerReuse::SameTurnAnywhere;
    schmidt.joker_penalty = 25;
    schmidt.hand_rummy_double = true;
    assert_eq!(Config::SCHMIDT, schmidt);
}
