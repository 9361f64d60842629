//! The rules read clause by clause, as an outside tester checks them: for each normative
//! sentence of RULES.md §0 (tiles), §1.1–§1.10 and §4.1 that the other test files leave
//! without a scenario of its own, a concrete position driven through the public API, the
//! legal case beside the nearest illegal one, each refusal with its exact error and the
//! state compared before and after. The last tests feed the inputs a caller sends by
//! mistake (wrong seat, after the end, tiles not held, a duplicate, a malformed meld, an
//! empty play): each is a typed error that changes nothing.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    AcePolicy, DealError, Game, JokerLimit, Meld, MeldError, MeldKind, MeldRules, NotYourTurn, Seating, Tile,
};
use rummykit_rummikub::{
    Action, ActionError, Config, GameEnd, JokerReuse, PlayError, ReplacementSource, Rummikub, TileCounts,
    TileSet, check_play,
};

fn meld(kind: MeldKind, s: &str) -> Result<Meld<Tile>, MeldError> {
    Meld::new(kind, &tiles(s), &rummykit_rummikub::MELD_RULES)
}

fn act(game: &mut Rummikub, action: Action) {
    game.apply(game.to_move().expect("the game is on"), action).expect("accepted");
}

// ---------------------------------------------------------------- §0 shared model

#[test]
fn rules_0_group_never_holds_two_naturals_of_one_colour() {
    // Two copies of r5 exist, but a group takes one colour once.
    assert_eq!(meld(MeldKind::Group, "r5 r5 b5").err(), Some(MeldError::RepeatedSuit { index: 1 }));
    assert_eq!(meld(MeldKind::Group, "r5 b5 y5 r5").err(), Some(MeldError::RepeatedSuit { index: 3 }));
    // Nor does a run hold a number twice.
    assert_eq!(meld(MeldKind::Run, "r5 r5 r6").err(), Some(MeldError::NotConsecutive { index: 1 }));
    // One tile of each colour is a group.
    let mut game = scripted(Config::STANDARD, &["r5 b5 y5 k1", "y1"], vec![], "", &[true, true], 0);
    play(&mut game, vec![group("r5 b5 y5")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_0_group_jokers_only_fill_missing_colours() {
    // |J| <= 4 - |colours(N)|: four colours leave no room for a joker (with a group's
    // four places, the length says so).
    let five = Some(MeldError::TooLong { len: 5, max: 4 });
    assert_eq!(meld(MeldKind::Group, "r5 b5 y5 k5 J").err(), five);
    assert_eq!(meld(MeldKind::Group, "r5 b5 y5 J J").err(), five);
    assert!(meld(MeldKind::Group, "r5 b5 J J").is_ok());
    let mut game = scripted(Config::STANDARD, &["r9 b9 J J k1", "y1"], vec![], "", &[false, false], 0);
    // Two nines and two jokers: a group of four nines, 36.
    play(&mut game, vec![group("r9 b9 J J")]);
    assert_eq!(game.table(), [group("r9 b9 J J")]);
}

#[test]
fn rules_0_run_joker_stands_for_its_position_and_the_player_picks_the_end() {
    // r10 r11 with a joker after (12: 33) or before (9: 30); a threshold of 31 tells them apart.
    let config = Config::STANDARD.with_initial_meld_threshold(31);
    let mut game = scripted(config, &["r10 r11 J k1", "y1"], vec![], "", &[false, false], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("J r10 r11")] },
        refused(PlayError::InitialMeldBelowThreshold { needed: 31, got: 30 }),
    );
    play(&mut game, vec![run("r10 r11 J")]);
    assert_eq!(game.table(), [run("r10 r11 J")]);
    // Past 13 there is no end to put it on.
    assert_eq!(meld(MeldKind::Run, "r12 r13 J").err(), Some(MeldError::OutOfBounds));
    assert!(meld(MeldKind::Run, "J r12 r13").is_ok());
}

// ---------------------------------------------------------------- §1.1 components

#[test]
fn rules_1_1_the_box_is_106_tiles_and_the_xp_box_160() {
    let standard = TileCounts::full(&TileSet::Standard106.catalog());
    assert_eq!((standard.len(), standard.jokers()), (106, 2));
    let xp = TileCounts::full(&TileSet::Xp160.catalog());
    assert_eq!((xp.len(), xp.jokers()), (160, 4));
    for t in standard.iter().filter(|t| !t.is_joker()) {
        assert_eq!((standard.count(t), xp.count(t)), (2, 3), "{t}");
    }
    // Numbers 1..13 in four colours: 52 faces.
    assert_eq!(
        standard.iter().filter(|t| !t.is_joker()).collect::<std::collections::BTreeSet<_>>().len(),
        52
    );
    // A dealt game holds exactly the box.
    let game =
        Rummikub::deal(&Config::STANDARD, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(11)).expect("deal");
    assert_eq!(census(&game), standard);
}

#[test]
fn rules_1_1_five_and_six_players_need_the_160_tile_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    assert!(matches!(
        Rummikub::deal(&Config::STANDARD, Seating::new(5), &mut rng),
        Err(DealError::PlayerCount { seats: 5, min: 2, max: 4 })
    ));
    for seats in [5, 6] {
        let game = Rummikub::deal(&Config::XP, Seating::new(seats), &mut rng).expect("deal");
        // 14 tiles each with the XP set too.
        for s in 0..seats {
            assert_eq!(game.rack(s).expect("seat").len(), 14);
        }
        assert_eq!(game.pool_len(), 160 - 14 * seats);
    }
}

// ---------------------------------------------------------------- §1.2 setup and deal

#[test]
fn rules_1_2_fourteen_each_the_rest_is_the_pool_and_play_goes_clockwise() {
    let mut game =
        Rummikub::deal(&Config::STANDARD, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(13)).expect("deal");
    for s in 0..4 {
        assert_eq!(game.rack(s).expect("seat").len(), 14, "seat {s}");
    }
    assert_eq!(game.pool_len(), 50);
    let first = game.to_move().expect("the game is on");
    assert_eq!(first, game.starter());
    for step in 0..8 {
        let seat = game.to_move().expect("the game is on");
        assert_eq!(seat, (first + step) % 4, "clockwise");
        game.apply(seat, Action::Draw).expect("draw");
    }
    assert_eq!(game.pool_len(), 42);
}

// ---------------------------------------------------------------- §1.3 turn structure

#[test]
fn rules_1_3_commit_needs_every_old_table_tile_and_one_rack_tile() {
    let table = vec![run("b3 b4 b5 b6"), group("r9 y9 k9")];
    let mut game = scripted(Config::STANDARD, &["b7 r1", "y1"], table.clone(), "", &[true, true], 0);
    // The same table again adds no rack tile.
    assert_rejected(&mut game, Action::Play { table: table.clone() }, refused(PlayError::NoRackTile));
    // A table tile may not go back to the rack: b3 left out while b7 is added.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b4 b5 b6 b7"), group("r9 y9 k9")] },
        refused(PlayError::TableTileTaken { tile: tile("b3") }),
    );
    play(&mut game, vec![run("b3 b4 b5 b6 b7"), group("r9 y9 k9")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("r1"));
    assert_eq!(game.to_move(), Some(1));
}

#[test]
fn rules_1_3_draw_ends_the_turn_and_the_drawn_tile_waits() {
    // Seat 0 could go out with r10 r11 r12 but may draw instead (the pool starts with b2).
    let mut game = scripted(Config::STANDARD, &["r10 r11 r12", "y1"], vec![], "b2", &[true, true], 0);
    act(&mut game, Action::Draw);
    assert_eq!(*game.rack(0).expect("seat"), rack("r10 r11 r12 b2"));
    assert_eq!(game.to_move(), Some(1));
    // Seat 0 cannot use the drawn tile now: the turn has passed to seat 1.
    let before = game.clone();
    assert_eq!(
        game.apply(0, Action::Play { table: vec![run("r10 r11 r12")] }),
        Err(ActionError::NotYourTurn(NotYourTurn { seat: 0, to_move: 1 }))
    );
    assert_eq!(game, before);
}

// ---------------------------------------------------------------- §1.4 meld validity

#[test]
fn rules_1_4_a_group_is_three_or_four_tiles_of_one_number() {
    assert!(matches!(meld(MeldKind::Group, "r7 b7"), Err(MeldError::TooShort { .. })));
    assert!(matches!(meld(MeldKind::Group, "r7 b7 y8"), Err(MeldError::MixedNumbers { .. })));
    let mut game = scripted(Config::STANDARD, &["r7 b7 y7 k7 k1", "y1"], vec![], "", &[true, true], 0);
    play(&mut game, vec![group("r7 b7 y7 k7")]);
    assert_eq!(game.table(), [group("r7 b7 y7 k7")]);
}

#[test]
fn rules_1_4_one_is_always_low_and_nothing_follows_13() {
    for wrap in ["r13 r1 r2", "r12 r13 r1"] {
        assert_eq!(meld(MeldKind::Run, wrap).err(), Some(MeldError::WrapNotAllowed), "{wrap}");
    }
    // A joker before the 1 or after the 13 would stand for no number.
    for past in ["J r1 r2", "r12 r13 J"] {
        assert_eq!(meld(MeldKind::Run, past).err(), Some(MeldError::OutOfBounds), "{past}");
    }
    assert!(meld(MeldKind::Run, "r1 r2 J").is_ok());
    // A run built under round-the-corner rules is still refused by the engine, as meld 1.
    let round = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Unlimited);
    let wrapped = Meld::new(MeldKind::Run, &tiles("r12 r13 r1"), &round).expect("wraps under those rules");
    let table = vec![run("b3 b4 b5")];
    let mut game =
        scripted(Config::STANDARD, &["r11 r12 r13 r1 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![table[0], wrapped] },
        refused(PlayError::InvalidMeld { index: 1, error: MeldError::WrapNotAllowed }),
    );
    // The nearest legal play: 11 12 13 without the 1.
    play(&mut game, vec![table[0], run("r11 r12 r13")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("r1 k1"));
}

#[test]
fn rules_1_4_a_run_is_at_most_thirteen_long() {
    let thirteen = "J r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13";
    assert!(meld(MeldKind::Run, thirteen).is_ok());
    let fourteen = Some(MeldError::TooLong { len: 14, max: 13 });
    assert_eq!(meld(MeldKind::Run, &format!("J {thirteen}")).err(), fourteen);
    assert_eq!(meld(MeldKind::Run, &format!("{thirteen} J")).err(), fourteen);
}

#[test]
fn rules_1_4_a_meld_needs_a_natural_even_with_four_jokers() {
    for kind in [MeldKind::Group, MeldKind::Run] {
        assert_eq!(meld(kind, "J J J").err(), Some(MeldError::NoNatural));
        assert_eq!(meld(kind, "J J J J").err(), Some(MeldError::NoNatural));
    }
    // One natural is enough, for either kind (XP box: four jokers).
    let xp = check_play(&Config::XP, &[], &rack("J J J r10 k1"), true, &[run("r10 J J J")]);
    assert_eq!(xp.map(|i| i.played.len()), Ok(4));
}

// ---------------------------------------------------------------- §1.6 jokers

#[test]
fn rules_1_6_run_joker_moved_to_the_other_end_per_option() {
    // J r5 r6 (J = r4). Rack r7: r5 r6 r7 J frees the joker by rearranging (J = r8).
    let table = vec![run("J r5 r6")];
    let after = vec![run("r5 r6 r7 J")];
    // Default: a released joker beside a rack tile (the r7) is reused legally.
    let mut game = scripted(Config::STANDARD, &["r7 k1", "y1"], table.clone(), "", &[true, true], 0);
    play(&mut game, after.clone());
    assert_eq!(game.table(), after.as_slice());
    // `NewMeldWithTwoRackTiles`: r5 r6 lay on the table, so the joker's meld is not new.
    let two = Config::STANDARD.with_joker_reuse(JokerReuse::NewMeldWithTwoRackTiles);
    let mut game = scripted(two, &["r7 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: after.clone() },
        refused(PlayError::JokerNotReused { meld: 0 }),
    );
    // `RackOnly`: the joker leaves its place (the r4) only for a rack tile in it, so
    // moving it to the other end is refused …
    let rack_only = Config::STANDARD.with_joker_replacement_source(ReplacementSource::RackOnly);
    let mut game = scripted(rack_only, &["r7 r4 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: after.clone() },
        refused(PlayError::JokerReplacementNotFromRack { meld: 0 }),
    );
    // … and the r4 from the rack in the joker's place is accepted.
    play(&mut game, vec![run("r4 r5 r6 J")]);
    // Extending the run at its other end keeps what the joker stands for: nothing released.
    let info = check_play(&two, &table, &rack("r7"), true, &[run("J r5 r6 r7")]).expect("accepted");
    assert_eq!(info.released_jokers, 0);
}

#[test]
fn rules_4_1_schmidt_joker_stays_in_its_run_or_leaves_only_for_its_tile() {
    let table = vec![run("J r5 r6")];
    // The joker stays in its meld: not moved, even though it now stands for r8.
    let mut game = scripted(Config::SCHMIDT, &["r7 b1 b2 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert!(check_play(&Config::SCHMIDT, &table, &rack("r7"), true, &[run("r5 r6 r7 J")]).is_ok());
    // Leaving its meld without the r4 taking its place is refused …
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("r5 r6 r7"), run("b1 b2 J")] },
        refused(PlayError::JokerNotReplaced { meld: 0 }),
    );
    // … and with the r4 in its place the joker goes anywhere.
    let mut game = scripted(Config::SCHMIDT, &["r4 b1 b2 k1", "y1"], table, "", &[true, true], 0);
    play(&mut game, vec![run("r4 r5 r6"), run("b1 b2 J")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_6_free_manipulation_takes_a_fourth_tile_and_splits_as_it_likes() {
    // Two of the official methods in one turn: take the fourth tile of a group to extend a
    // run, split a run twice; only the table at the end counts.
    let table = vec![group("r10 b10 y10 k10"), run("k11 k12 k13"), run("b1 b2 b3 b4 b5 b6 b7 b8 b9")];
    let mut game = scripted(Config::STANDARD, &["b3 b5 k1", "y1"], table.clone(), "", &[true, true], 0);
    // k10 joins k11 k12 k13; b1..b9 is split twice with the rack's b3 and b5.
    let after = vec![
        group("r10 b10 y10"),
        run("k10 k11 k12 k13"),
        run("b1 b2 b3"),
        run("b3 b4 b5"),
        run("b5 b6 b7 b8 b9"),
    ];
    // Nearest illegal: a group of three has no fourth tile to give; two 10s are no meld,
    // and leaving them out takes them off the table.
    assert!(matches!(meld(MeldKind::Group, "r10 b10"), Err(MeldError::TooShort { .. })));
    let three = vec![group("r10 b10 k10"), run("k11 k12 k13"), table[2]];
    let mut short = scripted(Config::STANDARD, &["b3 b5 k1", "y1"], three, "", &[true, true], 0);
    assert_rejected(
        &mut short,
        Action::Play { table: after[1..].to_vec() },
        refused(PlayError::TableTileTaken { tile: tile("r10") }),
    );
    play(&mut game, after);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_1_6_rummikub_has_no_keep_three_schmidt_does() {
    // b2..b6 taken apart so that only b2 b3 stay together.
    let table = [run("b2 b3 b4 b5 b6")];
    let r = rack("b1 r4 y4 r5 y5 r6 y6 r2 y2 r3 y3");
    let two_together = [run("b1 b2 b3"), group("b4 r4 y4"), group("b5 r5 y5"), group("b6 r6 y6")];
    assert!(check_play(&Config::STANDARD, &table, &r, true, &two_together).is_ok());
    assert_eq!(
        check_play(&Config::SCHMIDT, &table, &r, true, &two_together),
        Err(PlayError::KeepThreeViolated { meld: 0, together: 2 })
    );
    // Schmidt: all tiles taken (none left together), or three kept together.
    let all_apart =
        [group("b2 r2 y2"), group("b3 r3 y3"), group("b4 r4 y4"), group("b5 r5 y5"), group("b6 r6 y6")];
    assert!(check_play(&Config::SCHMIDT, &table, &r, true, &all_apart).is_ok());
    let three_kept = [run("b1 b2 b3 b4"), group("b5 r5 y5"), group("b6 r6 y6")];
    assert!(check_play(&Config::SCHMIDT, &table, &r, true, &three_kept).is_ok());
}

// ---------------------------------------------------------------- §4.1 Schmidt

#[test]
fn rules_4_1_schmidt_inherits_the_box_the_deal_and_the_end_rule() {
    let s = Config::SCHMIDT;
    assert_eq!(s.tile_set, TileSet::Standard106);
    assert_eq!(s.rack_size, 14);
    assert_eq!(s.timer, Config::STANDARD.timer);
    assert_eq!(s.pool_empty_end, Config::STANDARD.pool_empty_end);
    assert_eq!(s.initial_meld_threshold, 30);
    // What Schmidt changes: joker 25 on the rack, keep-three, Handrummy double.
    assert_eq!((s.joker_penalty, s.keep_three, s.hand_rummy_double), (25, true, true));
    let mut game = Rummikub::deal(&s, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(14)).expect("deal");
    assert_eq!(game.pool_len(), 50);
    // Every seat passes on an empty pool: the game ends as in Rummikub (§1.7).
    while game.pool_len() > 0 {
        act(&mut game, Action::Draw);
    }
    let last_draw = game.turn();
    for _ in 0..4 {
        assert_eq!(game.end(), None);
        act(&mut game, Action::Pass);
    }
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
    assert_eq!(game.turn(), last_draw + 4);
}

#[test]
fn rules_4_1_a_table_tile_taken_must_end_in_a_meld() {
    // Keep-three allows taking the b6 off b2..b6, but not back to the rack.
    let table = vec![run("b2 b3 b4 b5 b6")];
    let mut game = scripted(Config::SCHMIDT, &["r6 y6 k6 k1", "y1"], table, "", &[true, true], 0);
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b2 b3 b4 b5"), group("r6 y6 k6")] },
        refused(PlayError::TableTileTaken { tile: tile("b6") }),
    );
    play(&mut game, vec![run("b2 b3 b4 b5"), group("b6 r6 y6 k6")]);
    assert_eq!(*game.rack(0).expect("seat"), rack("k1"));
}

#[test]
fn rules_4_1_handrummy_lays_everything_out_in_own_melds() {
    // "al zijn kaartjes … in één keer uitleggen": own melds, no 30 needed, double.
    let table = vec![run("b3 b4 b5")];
    let mut game =
        scripted(Config::SCHMIDT, &["r1 r2 r3 b6 b7 b8", "k4"], table.clone(), "", &[false, true], 0);
    // Laying off onto a table meld is not laying out: refused before 30 points are down.
    assert_rejected(
        &mut game,
        Action::Play { table: vec![run("b3 b4 b5 b6 b7 b8"), run("r1 r2 r3")] },
        refused(PlayError::InitialMeldTouchesTable { meld: 0 }),
    );
    // Own melds worth 27: Handrummy, k4 counts double.
    play(&mut game, vec![table[0], run("r1 r2 r3"), run("b6 b7 b8")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    assert_eq!(game.outcome().expect("over").points, [8, -8]);
    // With manipulation allowed in the turn of the initial meld, the lay-off goes out too.
    let manipulate = Config::SCHMIDT.with_manipulate_on_initial_meld_turn(true);
    let mut game = scripted(manipulate, &["r1 r2 r3 b6 b7 b8", "k4"], table, "", &[false, true], 0);
    play(&mut game, vec![run("b3 b4 b5 b6 b7 b8"), run("r1 r2 r3")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
    assert_eq!(game.outcome().expect("over").points, [8, -8]);
}

// ---------------------------------------------------------------- mistaken input

#[test]
fn rules_1_3_mistaken_inputs_are_typed_errors_that_change_nothing() {
    let table = vec![run("b3 b4 b5")];
    let racks = ["r10 r11 r12 r13 b10 y10 k10", "y1 y2"];
    let mut game = scripted(Config::STANDARD, &racks, table.clone(), "", &[true, true], 0);
    // The wrong seat, and a seat past the table.
    for seat in [1, 2, usize::MAX] {
        assert_rejected_for(
            &mut game,
            seat,
            Action::Draw,
            ActionError::NotYourTurn(NotYourTurn { seat, to_move: 0 }),
        );
    }
    // A tile the seat does not hold (r9), and a rack tile used twice (one r10 on the rack).
    assert_rejected_for(
        &mut game,
        0,
        Action::Play { table: vec![table[0], run("r9 r10 r11")] },
        refused(PlayError::NotInRack { tile: tile("r9") }),
    );
    assert_rejected_for(
        &mut game,
        0,
        Action::Play { table: vec![table[0], run("r10 r11 r12"), group("r10 b10 y10")] },
        refused(PlayError::NotInRack { tile: tile("r10") }),
    );
    // A table meld listed twice duplicates tiles the seat does not hold either.
    assert_rejected_for(
        &mut game,
        0,
        Action::Play { table: vec![table[0], table[0], run("r11 r12 r13")] },
        refused(PlayError::NotInRack { tile: tile("b3") }),
    );
    // Empty plays: the same table, and no table at all.
    assert_rejected_for(&mut game, 0, Action::Play { table: table.clone() }, refused(PlayError::NoRackTile));
    assert_rejected_for(
        &mut game,
        0,
        Action::Play { table: vec![] },
        refused(PlayError::TableTileTaken { tile: tile("b3") }),
    );
    // A malformed meld: a run built under other rules (round the corner).
    let round = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Unlimited);
    let wrapped = Meld::new(MeldKind::Run, &tiles("r13 r1 r2"), &round).expect("wraps under those rules");
    let mut other = scripted(Config::STANDARD, &["r13 r1 r2 k1", "y1"], table.clone(), "", &[true, true], 0);
    assert_rejected_for(
        &mut other,
        0,
        Action::Play { table: vec![table[0], wrapped] },
        refused(PlayError::InvalidMeld { index: 1, error: MeldError::WrapNotAllowed }),
    );
    // Actions the rules do not allow here.
    let pool = game.pool_len();
    assert_rejected_for(&mut game, 0, Action::Pass, ActionError::PassWithPoolNonEmpty { pool });
    assert_rejected_for(
        &mut game,
        0,
        Action::Timeout { pending_changes: true },
        ActionError::OptionOff { option: "timer" },
    );
    assert_rejected_for(&mut game, 0, Action::Abandon, ActionError::OptionOff { option: "abandon_penalty" });
    // Seat 0 goes out; after the end every action of every seat is refused alike.
    play(&mut game, vec![table[0], run("r10 r11 r12 r13"), group("b10 y10 k10")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: false }));
    for seat in [0, 1, 2] {
        for action in [
            Action::Draw,
            Action::Pass,
            Action::Play { table: vec![table[0], run("r10 r11 r12 r13"), group("b10 y10 k10")] },
            Action::Timeout { pending_changes: false },
        ] {
            assert_rejected_for(&mut game, seat, action, ActionError::GameOver);
        }
    }
}
