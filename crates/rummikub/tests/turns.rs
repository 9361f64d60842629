//! Scripted turns for each rule of RULES.md §1.3 (commit conditions), §1.5 (initial
//! meld), §1.6 (manipulation and jokers) and §4.1 (Schmidt). Every refused action is
//! checked to leave the game unchanged.

mod common;

use common::*;
use rummykit_core::{AcePolicy, Game, JokerLimit, Meld, MeldError, MeldKind, MeldRules, Tile};
use rummykit_rummikub::{
    Action, Config, InitialJokerValue, JokerReuse, PlayError, ReplacementSource, check_play,
};

// ---------------------------------------------------------------- §1.5 initial meld

#[test]
fn rules_1_5_initial_meld_below_threshold_rejected() {
    let mut game = scripted(Config::STANDARD, &["r1 r2 r3 b9", "k1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 6 }),
    );
}

#[test]
fn rules_1_5_initial_meld_at_threshold_accepted() {
    let mut game = scripted(Config::STANDARD, &["r9 r10 r11 b1", "k1"], vec![], "", &[], 0);
    assert!(!game.has_opened(0).unwrap());
    play(&mut game, vec![run("r9 r10 r11")]);
    assert!(game.has_opened(0).unwrap());
    assert_eq!(*game.rack(0).expect("seat"), rack("b1"));
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn rules_1_5_initial_meld_from_several_melds() {
    let mut game = scripted(Config::STANDARD, &["r1 r2 r3 k8 b8 y8 r9", "k1"], vec![], "", &[], 0);
    play(&mut game, vec![run("r1 r2 r3"), group("k8 b8 y8")]);
    assert!(game.has_opened(0).unwrap());
}

#[test]
fn rules_1_5_threshold_option() {
    let mut config = Config::STANDARD;
    config.initial_meld_threshold = 50;
    let mut game = scripted(config, &["r9 r10 r11 r12", "k1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r9 r10 r11 r12")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 50, got: 42 }),
    );
}

#[test]
fn rules_1_5_initial_meld_touching_table_rejected() {
    let table = vec![run("b3 b4 b5")];
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12 b6", "k1"], table, "", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b3 b4 b5 b6"), run("r10 r11 r12")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
    // Leaving the old meld alone is fine.
    play(&mut game, vec![run("r10 r11 r12"), run("b3 b4 b5")]);
}

#[test]
fn rules_1_5_manipulate_on_initial_meld_turn_option() {
    let mut config = Config::STANDARD;
    config.manipulate_on_initial_meld_turn = true;
    let table = vec![run("b3 b4 b5")];
    let mut game = scripted(config, &["r10 r11 r12 b6", "k1"], table.clone(), "", &[false, true], 0);
    // Laying off alone does not count toward the threshold.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b3 b4 b5 b6")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 0 }),
    );
    play(&mut game, vec![run("b3 b4 b5 b6"), run("r10 r11 r12")]);
    let info = check_play(
        &config,
        &table,
        &rack("r10 r11 r12 b6"),
        false,
        &[run("b3 b4 b5 b6"), run("r10 r11 r12")],
    )
    .expect("accepted");
    assert_eq!(info.initial_meld, Some(33));
}

/// §1.5 `manipulate_on_initial_meld_turn`: only melds made wholly of tiles played from
/// the rack count toward the threshold; a new meld holding a tile taken from the table
/// counts nothing, however much its rack tiles are worth.
#[test]
fn rules_1_5_manipulated_meld_with_a_table_tile_counts_nothing_toward_the_threshold() {
    let mut config = Config::STANDARD;
    config.manipulate_on_initial_meld_turn = true;
    let table = vec![run("b3 b4 b5 b6")];
    let mut game = scripted(config, &["b7 b8 b9 b10 b11 k1", "y1"], table.clone(), "", &[false, true], 0);
    // b7..b11 (45) from the rack, but laid beside the table's b6.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b3 b4 b5"), run("b6 b7 b8 b9 b10 b11")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 0 }),
    );
    // b7 laid off onto the old run and b8..b11 (38) as a meld of rack tiles only.
    let new = [run("b3 b4 b5 b6 b7"), run("b8 b9 b10 b11")];
    let info = check_play(&config, &table, &rack("b7 b8 b9 b10 b11 k1"), false, &new).expect("accepted");
    assert_eq!(info.initial_meld, Some(38));
    play(&mut game, new.to_vec());
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

/// §1.5/§1.6: joker retrieval is manipulation, so `manipulate_on_initial_meld_turn` also
/// allows it in the turn of the initial meld (pagat: "in the same or subsequent turns");
/// the released joker's meld holds a table tile and counts nothing toward the threshold.
/// Without the option the same turn is refused.
#[test]
fn rules_1_6_joker_retrieval_in_the_initial_meld_turn_follows_the_manipulation_option() {
    let table = vec![run("r5 J r7")];
    let hand = "r6 k10 k11 k12 y10 y11 y12 b1";
    let new = vec![run("r5 r6 r7"), run("k10 k11 k12 J"), run("y10 y11 y12")];

    let mut game = scripted(Config::STANDARD, &[hand, "k1"], table.clone(), "", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new.clone() },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );

    let mut config = Config::STANDARD;
    config.manipulate_on_initial_meld_turn = true;
    let info = check_play(&config, &table, &rack(hand), false, &new).expect("accepted");
    assert_eq!(info.initial_meld, Some(33), "y10 y11 y12 alone: the joker's meld holds a table tile");
    let mut game = scripted(config, &[hand, "k1"], table, "", &[false, true], 0);
    play(&mut game, new);
    assert_eq!(*game.rack(0).expect("seat"), rack("b1"));
}

#[test]
fn rules_1_5_joker_in_initial_meld_counts_represented_value() {
    // r11 J r13: the joker stands for r12 → 36.
    let config = Config::STANDARD;
    let info = check_play(&config, &[], &rack("r11 J r13 k1"), false, &[run("r11 J r13")]).expect("accepted");
    assert_eq!(info.initial_meld, Some(36));
    // r9 r10 J: the joker is r11 → exactly 30.
    let mut game = scripted(config, &["r9 r10 J b1", "k1"], vec![], "", &[], 0);
    play(&mut game, vec![run("r9 r10 J")]);
    // A group: r10 b10 J → 30.
    let info = check_play(&config, &[], &rack("r10 b10 J"), false, &[group("r10 b10 J")]).expect("accepted");
    assert_eq!(info.initial_meld, Some(30));
}

#[test]
fn rules_1_5_joker_value_zero_option() {
    let mut config = Config::STANDARD;
    config.joker_value_in_initial_meld = InitialJokerValue::Zero;
    let mut game = scripted(config, &["r9 r10 J b1", "k1"], vec![], "", &[], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r9 r10 J")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 30, got: 19 }),
    );
}

// ---------------------------------------------------------------- §1.3 commit conditions

#[test]
fn rules_1_3_play_with_no_rack_tile_rejected() {
    let table = vec![run("r1 r2 r3 r4 r5 r6")];
    let mut game = scripted(Config::STANDARD, &["k1 k2", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3"), run("r4 r5 r6")] },
        refused(PlayError::NoRackTile),
    );
}

#[test]
fn rules_1_3_table_tile_back_to_rack_rejected() {
    let table = vec![run("r1 r2 r3 r4 r5 r6")];
    let mut game = scripted(Config::STANDARD, &["r7 k2", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3 r4 r5"), group("k2 b2 y2")] },
        refused(PlayError::TableTileTaken { tile: tile("r6") }),
    );
}

#[test]
fn rules_1_3_tile_not_on_rack_rejected() {
    let mut game = scripted(Config::STANDARD, &["r7 k2", "y1"], vec![], "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b1 b2 b3")] },
        refused(PlayError::NotInRack { tile: tile("b1") }),
    );
}

#[test]
fn rules_1_4_invalid_meld_rejected() {
    // Built under ace-high rules (Rummy 40's), where Q-K-A is a run; Rummikub forbids 13-1 (§1.4).
    let qka = Meld::new(
        MeldKind::Run,
        &tiles("r12 r13 r1"),
        &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited),
    )
    .expect("valid in Rummy 40");
    let mut game = scripted(Config::STANDARD, &["r12 r13 r1 b5", "y1"], vec![], "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![qka] },
        refused(PlayError::InvalidMeld { index: 0, error: MeldError::WrapNotAllowed }),
    );
}

#[test]
fn too_many_copies_rejected_by_check_play() {
    let r = rack("r5 r5 r5 r6 r6 r6 r7 r7 r7");
    let m = run("r5 r6 r7");
    assert_eq!(
        check_play(&Config::STANDARD, &[], &r, true, &[m, m, m]),
        Err(PlayError::TooManyCopies { tile: tile("r5"), max: 2 })
    );
    // The 160-tile set has three copies.
    assert!(check_play(&Config::XP, &[], &r, true, &[m, m, m]).is_ok());
}

// ---------------------------------------------------------------- §1.6 manipulation

#[test]
fn rules_1_6_split_run_into_two() {
    let table = vec![run("r1 r2 r3 r4 r5 r6")];
    let mut game = scripted(Config::STANDARD, &["r4 k1", "y1"], table, "", &[true, true], 0);
    play(&mut game, vec![run("r1 r2 r3 r4"), run("r4 r5 r6")]);
    assert_eq!(game.table().len(), 2);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_6_manipulation_needs_earlier_initial_meld() {
    // Not opened: adding to the table is touching it.
    let table = vec![run("r1 r2 r3")];
    let mut game = scripted(Config::STANDARD, &["r4 k1", "y1"], table, "", &[false, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r1 r2 r3 r4")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
}

#[test]
fn rules_1_6_joker_retrieved_from_run() {
    let table = vec![run("r3 r4 J")];
    let config = Config::STANDARD;
    let new = vec![run("r3 r4 r5"), group("b7 y7 J")];
    let info = check_play(&config, &table, &rack("r5 b7 y7 k1"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 1);
    let mut game = scripted(config, &["r5 b7 y7 k1", "y1"], table, "", &[true, true], 0);
    play(&mut game, new);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_6_joker_retrieved_from_group_of_three_either_colour() {
    let table = vec![group("r5 b5 J")];
    for colour in ["y5", "k5"] {
        let mut game =
            scripted(Config::STANDARD, &["y5 k5 r8 r9", "y1"], table.clone(), "", &[true, true], 0);
        play(&mut game, vec![group(&format!("r5 b5 {colour}")), run("r8 r9 J")]);
    }
}

#[test]
fn rules_1_6_group_of_three_needs_both_option() {
    let mut config = Config::STANDARD;
    config.group3_joker_needs_both = true;
    let table = vec![group("r5 b5 J")];
    let mut game = scripted(config, &["y5 k5 r8 r9", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![group("r5 b5 y5"), run("r8 r9 J")] },
        refused(PlayError::Group3JokerNeedsBoth { meld: 0 }),
    );
    play(&mut game, vec![group("r5 b5 y5 k5"), run("r8 r9 J")]);
}

/// §1.6: `group3_joker_needs_both` concerns a group of three with exactly one joker. In
/// `b8 J J` one natural frees a joker under either setting, and that joker then follows
/// the definition of a released joker: it must end beside a tile from the rack.
#[test]
fn rules_1_6_group_of_one_natural_and_two_jokers_is_not_under_the_needs_both_option() {
    let table = vec![group("b8 J J"), run("y1 y2 y3")];
    for needs_both in [false, true] {
        let mut config = Config::STANDARD;
        config.group3_joker_needs_both = needs_both;
        let mut game = scripted(config, &["r8 k1 k2 y5", "y9"], table.clone(), "", &[true, true], 0);
        assert_rejected(
            &mut game,
            Action::Play { table: vec![group("b8 r8 J"), run("y1 y2 y3 J")] },
            refused(PlayError::JokerNotReused { meld: 1 }),
        );
        let new = vec![group("b8 r8 J"), run("y1 y2 y3"), run("k1 k2 J")];
        play(&mut game, new.clone());
        assert_eq!(game.table(), new, "needs both: {needs_both}");
        assert_eq!(*game.rack(0).expect("seat"), rack("y5"));
    }
}

#[test]
fn rules_1_6_joker_in_group_of_three_stays_when_group_keeps_its_number() {
    // Adding the third colour keeps the joker (now the fourth colour): not released,
    // so it needs no reuse.
    let table = vec![group("r5 b5 J"), run("k1 k2 k3")];
    let info = check_play(&Config::STANDARD, &table, &rack("y5"), true, &[group("r5 b5 y5 J"), table[1]])
        .expect("accepted");
    assert_eq!(info.released_jokers, 0);
}

#[test]
fn rules_1_6_joker_retrieved_from_group_of_four() {
    let table = vec![group("r5 b5 y5 J")];
    let mut game = scripted(Config::STANDARD, &["k5 r8 r9", "y1"], table.clone(), "", &[true, true], 0);
    play(&mut game, vec![group("r5 b5 y5 k5"), run("r8 r9 J")]);
    assert_eq!(game.to_move(), None, "seat 0 went out");
    // Freed by rearrangement (the group of three stays valid without it): allowed by
    // default (§1.6 "superfluous").
    let info =
        check_play(&Config::STANDARD, &table, &rack("r8 r9"), true, &[group("r5 b5 y5"), run("r8 r9 J")])
            .expect("accepted");
    assert_eq!(info.released_jokers, 1);
}

#[test]
fn rules_1_6_freed_joker_not_reused_rejected() {
    let table = vec![run("r3 r4 J"), run("b7 b8 b9")];
    let mut game = scripted(Config::STANDARD, &["r5 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r3 r4 r5"), run("b7 b8 b9 J")] },
        refused(PlayError::JokerNotReused { meld: 1 }),
    );
    // House rules / Schmidt: anywhere on the table is enough.
    let mut config = Config::STANDARD;
    config.joker_reuse = JokerReuse::SameTurnAnywhere;
    assert!(check_play(&config, &table, &rack("r5 k1"), true, &[run("r3 r4 r5"), run("b7 b8 b9 J")]).is_ok());
}

#[test]
fn rules_1_6_joker_reuse_with_two_rack_tiles_option() {
    let mut config = Config::STANDARD;
    config.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
    let table = vec![run("r3 r4 J"), run("b7 b8 b9")];
    let one = [run("r3 r4 r5"), run("b7 b8 b9 b10 J")];
    assert_eq!(
        check_play(&config, &table, &rack("r5 b10 y10 k10"), true, &one),
        Err(PlayError::JokerNotReused { meld: 1 })
    );
    assert!(check_play(&Config::STANDARD, &table, &rack("r5 b10 y10 k10"), true, &one).is_ok());
    let two = [run("r3 r4 r5"), run("b7 b8 b9"), group("y10 k10 J")];
    assert!(check_play(&config, &table, &rack("r5 b10 y10 k10"), true, &two).is_ok());
}

#[test]
fn rules_1_6_replacement_from_table_or_rack_only() {
    // The r5 that frees the joker comes from another table meld.
    let table = vec![run("r3 r4 J"), run("r5 r6 r7 r8")];
    let new = [run("r3 r4 r5"), run("r6 r7 r8"), group("b9 y9 J")];
    let r = rack("b9 y9");
    assert!(check_play(&Config::STANDARD, &table, &r, true, &new).is_ok());
    let mut config = Config::STANDARD;
    config.joker_replacement_source = ReplacementSource::RackOnly;
    let mut game = scripted(config, &["b9 y9 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new.to_vec() },
        refused(PlayError::JokerReplacementNotFromRack { meld: 0 }),
    );
    // With the r5 from the rack it is fine.
    assert!(
        check_play(&config, &table, &rack("r5 b9 y9"), true, &[run("r3 r4 r5"), table[1], group("b9 y9 J")])
            .is_ok()
    );
}

#[test]
fn rules_1_6_locked_joker_melds_option() {
    let mut config = Config::STANDARD;
    config.joker_melds_locked = true;
    let table = vec![run("r2 r3 J r5 r6")];
    let split = vec![run("r2 r3 r4"), run("J r5 r6")];
    // Default rules: splitting a meld with a joker is free manipulation.
    assert!(check_play(&Config::STANDARD, &table, &rack("r4"), true, &split).is_ok());
    let mut game = scripted(config, &["r4 r7 b9 y9", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: split },
        refused(PlayError::JokerMeldLocked { meld: 0 }),
    );
    // Extending at an end is allowed, and so is the exact replacement.
    assert!(check_play(&config, &table, &rack("r7"), true, &[run("r2 r3 J r5 r6 r7")]).is_ok());
    play(&mut game, vec![run("r2 r3 r4 r5 r6"), group("b9 y9 J")]);
}

// ---------------------------------------------------------------- §4.1 Schmidt

#[test]
fn rules_4_1_keep_three_seed_example_green_run() {
    // §4.1 first example (green → black here): k2 k3 k4 k5 + own k6 → k3 k4 k5 k6, and
    // the k2 joins own y2 and b2.
    let table = vec![run("k2 k3 k4 k5")];
    let mut game = scripted(Config::SCHMIDT, &["k6 y2 b2 r1", "y1"], table, "", &[true, true], 0);
    play(&mut game, vec![run("k3 k4 k5 k6"), group("k2 y2 b2")]);
}

#[test]
fn rules_4_1_keep_three_seed_example_split() {
    // §4.1 second example: b2 b3 b4 b5 b6 + own b4 → b2 b3 b4 and b4 b5 b6.
    let table = vec![run("b2 b3 b4 b5 b6")];
    let mut game = scripted(Config::SCHMIDT, &["b4 r1", "y1"], table, "", &[true, true], 0);
    play(&mut game, vec![run("b2 b3 b4"), run("b4 b5 b6")]);
}

#[test]
fn rules_4_1_keep_three_violated() {
    // k2 k3 k4 k5 broken into two pairs (k1 k2 k3 and k4 k5 k6): no three stay together.
    let table = vec![run("k2 k3 k4 k5")];
    let new = vec![run("k1 k2 k3"), run("k4 k5 k6")];
    assert!(check_play(&Config::STANDARD, &table, &rack("k1 k6"), true, &new).is_ok());
    let mut game = scripted(Config::SCHMIDT, &["k1 k6 r1", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: new },
        refused(PlayError::KeepThreeViolated { meld: 0, together: 2 }),
    );
}

#[test]
fn rules_4_1_keep_three_complete_break_up_allowed() {
    // All tiles of r5 b5 y5 go to three different runs.
    let table = vec![group("r5 b5 y5")];
    let new = vec![run("r5 r6 r7"), run("b5 b6 b7"), run("y5 y6 y7")];
    assert!(check_play(&Config::SCHMIDT, &table, &rack("r6 r7 b6 b7 y6 y7"), true, &new).is_ok());
}

#[test]
fn rules_4_1_joker_only_by_exact_tile() {
    let table = vec![run("r2 r3 r4 J")];
    // Made superfluous and taken: fine in Rummikub, not in Schmidt.
    let new = vec![run("r2 r3 r4"), group("b9 y9 J")];
    assert!(check_play(&Config::STANDARD, &table, &rack("b9 y9"), true, &new).is_ok());
    let mut game = scripted(Config::SCHMIDT, &["b9 y9 r5 k1", "y1"], table, "", &[true, true], 0);
    assert_rejected(&mut game, Action::Play { table: new }, refused(PlayError::JokerNotReplaced { meld: 0 }));
    // Replaced by the r5 it stood for: fine, and reusable anywhere (§4.1).
    play(&mut game, vec![run("r2 r3 r4 r5"), group("b9 y9 J")]);
}

// ---------------------------------------------------------------- released-joker definition

#[test]
fn rules_1_6_moved_joker_keeping_its_tile_is_not_released() {
    // The joker moves from one run end to a new meld where it still stands for r5:
    // r3 r4 J → r3 r4 + (J r6 r7 is r5 r6 r7) … needs the r3 r4 to stay valid, so use
    // a longer run: r1 r2 r3 r4 J → r1 r2 r3 r4 and J r6 r7 (J = r5).
    let table = vec![run("r1 r2 r3 r4 J"), run("b1 b2 b3")];
    let new = [run("r1 r2 r3 r4"), run("J r6 r7"), table[1]];
    let info = check_play(&Config::STANDARD, &table, &rack("r6 r7"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 0);
    // Even Schmidt accepts: the joker did not leave its tile.
    assert!(check_play(&Config::SCHMIDT, &table, &rack("r6 r7"), true, &new).is_ok());
}

#[test]
fn rules_1_6_two_jokers_interchangeable() {
    // Two jokers (r5 and b9); after the play the r5-joker's place is taken by a natural
    // and a joker sits in a new meld with rack tiles; the b9-joker is untouched.
    let table = vec![run("r3 r4 J"), run("b7 b8 J")];
    let new = [run("r3 r4 r5"), run("b7 b8 J"), group("k11 y11 J")];
    let info = check_play(&Config::STANDARD, &table, &rack("r5 k11 y11"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 1);
    // Jokers listed in the other order on the table change nothing.
    let new = [group("k11 y11 J"), run("r3 r4 r5"), run("b7 b8 J")];
    assert!(check_play(&Config::STANDARD, &table, &rack("r5 k11 y11"), true, &new).is_ok());
}

#[test]
fn check_play_is_order_independent_for_melds() {
    let table = vec![run("r1 r2 r3"), group("k9 b9 y9")];
    let a = [group("k9 b9 y9"), run("r1 r2 r3 r4")];
    let b = [run("r1 r2 r3 r4"), group("k9 b9 y9")];
    let r = rack("r4");
    assert_eq!(
        check_play(&Config::STANDARD, &table, &r, true, &a),
        check_play(&Config::STANDARD, &table, &r, true, &b)
    );
}

#[test]
fn joker_tile_constant() {
    assert!(Tile::JOKER.is_joker());
}

#[test]
fn rules_1_5_reordering_a_group_is_not_touching_the_table() {
    // The same group written in another order is the same meld (§0: a group is a set).
    let table = vec![group("r5 b5 y5")];
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12 b6", "k1"], table, "", &[false, true], 0);
    play(&mut game, vec![group("y5 r5 b5"), run("r10 r11 r12")]);
}

#[test]
fn rules_4_1_one_of_two_jokers_replaced_in_place() {
    // r3 J J r6: the jokers are r4 and r5. Schmidt: the r4 goes in, one joker comes
    // out and is reused; the other stays as r5.
    let table = vec![run("r3 J J r6")];
    let new = [run("r3 r4 J r6"), group("b9 y9 J")];
    let info = check_play(&Config::SCHMIDT, &table, &rack("r4 b9 y9"), true, &new).expect("accepted");
    assert_eq!(info.released_jokers, 1);
    // Taking a joker out without its tile: refused under Schmidt, fine in Rummikub
    // (the run r3 J r5 r6 … would need the r5; here r3 J is too short, so use an end).
    let table = vec![run("r3 r4 r5 J J")]; // r6, r7
    let taken = [run("r3 r4 r5 J"), group("b9 y9 J")];
    assert!(check_play(&Config::STANDARD, &table, &rack("b9 y9"), true, &taken).is_ok());
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &rack("b9 y9"), true, &taken),
        Err(PlayError::JokerNotReplaced { meld: 0 })
    );
}
