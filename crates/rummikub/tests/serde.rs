//! Serde (feature `serde`): states, actions, views and rules round-trip through JSON,
//! and a corrupt save is rejected.
#![cfg(feature = "serde")]

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{DealError, PositionError, SaveVersion};
use rummykit_core::{Game, Seating};
use rummykit_rummikub::{Action, Config, Rummikub, Setup, TileSet, View};
use serde_json::Value;

fn mid_game() -> Rummikub {
    let mut game = scripted(Config::SCHMIDT, &["r9 r10 r11 b1", "k1 k2"], vec![], "y4 y5", &[], 0);
    play(&mut game, vec![run("r9 r10 r11")]);
    game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("draw");
    game
}

#[test]
fn state_round_trips() {
    let game = mid_game();
    let json = serde_json::to_string(&game).expect("serialize");
    let back: Rummikub = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, game);
    let dealt =
        Rummikub::deal(&Config::XP, Seating::new(5), &mut ChaCha8Rng::seed_from_u64(3)).expect("deal");
    let back: Rummikub = serde_json::from_str(&serde_json::to_string(&dealt).expect("ser")).expect("de");
    assert_eq!(back, dealt);
}

#[test]
fn corrupt_saves_are_rejected() {
    let json = serde_json::to_string(&mid_game()).expect("serialize");
    // A duplicated tile: seat 1's rack gains a third k1.
    let bad = json.replacen("\"y4 k1 k2\"", "\"y4 k1 k1 k2\"", 1);
    assert_ne!(bad, json, "the test must corrupt something");
    assert!(serde_json::from_str::<Rummikub>(&bad).is_err());
    // An invalid meld on the table.
    let bad = json.replacen("\"r9 r10 r11\"", "\"r9 r11 r10\"", 1);
    assert_ne!(bad, json);
    assert!(serde_json::from_str::<Rummikub>(&bad).is_err());
    // A seat that does not exist.
    let bad = json.replacen("\"starter\":0", "\"starter\":7", 1);
    assert_ne!(bad, json);
    assert!(serde_json::from_str::<Rummikub>(&bad).is_err());
}

/// A count is a byte: a rack written with more than 255 copies of a tile is refused, not
/// read as 255 copies.
#[test]
fn tile_counts_past_a_byte_are_refused() {
    use rummykit_rummikub::TileCounts;
    let full = serde_json::to_string(&"J ".repeat(255)).expect("json string");
    let rack: TileCounts = serde_json::from_str(&full).expect("255 jokers fit");
    assert_eq!(rack.jokers(), 255);
    let over = serde_json::to_string(&format!("r1 {}", "J ".repeat(300))).expect("json string");
    let err = serde_json::from_str::<TileCounts>(&over).expect_err("300 jokers do not fit");
    assert!(err.to_string().contains("`J`: more than 255 copies"), "{err}");
}

#[test]
fn actions_views_and_rules_round_trip() {
    let a = Action::Play { table: vec![run("r1 r2 J"), group("b5 y5 k5")] };
    let json = serde_json::to_string(&a).expect("ser");
    assert!(json.contains("\"faces\":\"r1 r2 J\""), "{json}");
    assert_eq!(serde_json::from_str::<Action>(&json).expect("de"), a);
    assert!(serde_json::from_str::<Action>(&json.replace("r1 r2 J", "r1 r3 J")).is_err());
    let v = mid_game().view(1);
    assert_eq!(serde_json::from_str::<View>(&serde_json::to_string(&v).expect("ser")).expect("de"), v);
    let r = Config::SCHMIDT;
    assert_eq!(serde_json::from_str::<Config>(&serde_json::to_string(&r).expect("ser")).expect("de"), r);
}

/// A configuration naming a field the game does not know is refused, not read with the
/// unknown rule silently dropped.
#[test]
fn a_configuration_with_an_unknown_field_is_refused() {
    let json = serde_json::to_string(&Config::default()).expect("ser");
    let extra = json.replacen('{', r#"{"jokers_wild_twice":true,"#, 1);
    let err = serde_json::from_str::<Config>(&extra).expect_err("unknown field");
    assert!(err.to_string().contains("unknown field `jokers_wild_twice`"), "{err}");
}

/// The save format (docs/design/saves.md): version, rules and the position, every piece
/// in notation, no piece ids.
#[test]
fn a_save_is_versioned_and_names_tiles_in_notation() {
    let game = mid_game();
    let value = serde_json::to_value(&game).expect("serialize");
    assert_eq!(value["version"], Value::from(1));
    assert_eq!(value["config"], serde_json::to_value(Config::SCHMIDT).expect("rules"));
    let setup = &value["setup"];
    assert_eq!(setup["racks"], serde_json::json!(["b1", "y4 k1 k2"]));
    assert_eq!(setup["table"], serde_json::json!([{"kind": "run", "faces": "r9 r10 r11"}]));
    assert!(setup["pool"].as_str().expect("the pool in notation").starts_with("y5 "), "{setup}");
    assert_eq!(setup["opened"], serde_json::json!([true, false]));
    assert_eq!((setup["to_move"].clone(), setup["starter"].clone()), (Value::from(0), Value::from(0)));
    assert_eq!((setup["turn"].clone(), setup["drawn"].clone()), (Value::from(2), Value::from(1)));
    assert_eq!(serde_json::from_value::<Setup>(setup.clone()).expect("a setup"), game.setup());
}

#[test]
fn a_save_of_another_version_is_refused() {
    let value = serde_json::to_value(mid_game()).expect("serialize");
    for version in [Value::from(0), Value::from(2), Value::from(u64::MAX)] {
        let mut v = value.clone();
        v["version"] = version.clone();
        let err = serde_json::from_value::<Rummikub>(v).expect_err("an unknown version");
        assert!(err.to_string().contains(&format!("save format version {version} is not one")), "{err}");
    }
    let mut v = value.clone();
    v.as_object_mut().expect("an object").remove("version");
    let err = serde_json::from_value::<Rummikub>(v).expect_err("a save without a version");
    assert!(err.to_string().contains("version"), "{err}");
    assert_eq!(serde_json::to_value(SaveVersion).expect("ser"), value["version"]);
}

/// A save holding only the pieces: the counters take their documented defaults, and the
/// game is the one `from_setup` builds.
#[test]
fn a_hand_written_save_with_the_pieces_only_loads() {
    let mut setup = Setup::new(vec!["r1 r2 r3 b7".parse().expect("rack"), "k9".parse().expect("rack")]);
    setup.to_move = 1;
    setup.fill_pool(TileSet::Standard106);
    let pool = rummykit_core::format_list(&setup.pool);
    let text = format!(
        r#"{{"version":1,"config":{},"setup":{{"racks":["r1 r2 r3 b7","k9"],"pool":"{pool}","to_move":1}}}}"#,
        serde_json::to_string(&Config::STANDARD).expect("rules")
    );
    let game: Rummikub = serde_json::from_str(&text).expect("a valid hand-written save");
    assert_eq!(Ok(game.clone()), Rummikub::from_setup(&Config::STANDARD, setup));
    assert_eq!((game.to_move(), game.starter(), game.turn()), (Some(1), 1, 0));
    // An unknown field is refused rather than ignored.
    let typo = text.replace("\"to_move\"", "\"to_mvoe\"");
    assert!(serde_json::from_str::<Rummikub>(&typo).is_err());
}

/// Every check of `from_setup`, each with its typed error (the save loader is the same
/// function, so these are also what a tampered save gets).
#[test]
fn from_setup_refuses_each_impossible_position() {
    let base = mid_game().setup();
    let config = Config::SCHMIDT;
    let err = |edit: &dyn Fn(&mut Setup)| {
        let mut s = base.clone();
        edit(&mut s);
        match Rummikub::from_setup(&config, s) {
            Err(DealError::InvalidDeal(e)) => e,
            other => panic!("expected a position error, got {other:?}"),
        }
    };
    assert_eq!(
        err(&|s| s.starter = Some(2)),
        PositionError::NoSuchSeat { field: "starter", seat: 2, seats: 2 }
    );
    assert_eq!(
        err(&|s| s.last_player = Some(5)),
        PositionError::NoSuchSeat { field: "last_player", seat: 5, seats: 2 }
    );
    assert_eq!(
        err(&|s| s.opened = vec![true]),
        PositionError::SeatLists { field: "opened", found: 1, seats: 2 }
    );
    assert_eq!(
        err(&|s| s.quiet_turns = 3),
        PositionError::OutOfRange { field: "quiet_turns", value: 3, max: 2 }
    );
    assert!(
        matches!(err(&|s| s.quiet_turns = 1), PositionError::Inconsistent(m) if m.contains("quiet turns"))
    );
    assert!(matches!(err(&|s| s.turn = 3), PositionError::Inconsistent(m) if m.contains("seat to move")));
    assert!(matches!(err(&|s| s.drawn = 0), PositionError::Inconsistent(m) if m.contains("out of the pool")));
    assert!(
        matches!(err(&|s| s.dealt = Some(0)), PositionError::Inconsistent(m) if m.contains("out of the pool"))
    );
    assert!(matches!(
        err(&|s| {
            // The last turn ended the game, so the move stayed with the seat that took it.
            s.end = Some(rummykit_rummikub::GameEnd::PoolEmpty);
            s.to_move = 1;
        }),
        PositionError::Inconsistent(m) if m.contains("empty pool")
    ));
    // With the counters left to their defaults the same pieces are a valid start.
    let fresh = Setup {
        racks: base.racks.clone(),
        pool: base.pool.clone(),
        table: base.table.clone(),
        ..Setup::default()
    };
    let game = Rummikub::from_setup(&config, Setup { opened: vec![true, false], ..fresh }).expect("a start");
    assert_eq!((game.turn(), game.starter(), game.setup().dealt), (0, 0, Some(106 - base.pool.len() as u32)));
}

/// RULES.md §1.7: every state of real seeded games, under each preset and the options
/// that change how turns and games end (the NZRC final round, the timer with its
/// penalties, abandoning), saves and loads back as itself, game over included: the
/// checks `from_setup` makes on finished games never refuse a game that was played.
#[test]
fn rules_1_7_every_state_of_played_games_loads_back() {
    use rummykit_core::{Bot, RandomBot};
    use rummykit_rummikub::{GreedyBot, PoolEmptyEnd, Timer};
    let timed = Config::STANDARD.with_timer(Timer::Seconds(60)).with_abandon_penalty(true);
    let configs = [
        Config::STANDARD,
        Config::XP,
        Config::SCHMIDT,
        Config::STANDARD.with_pool_empty_end(PoolEmptyEnd::OneFinalTurnEach),
        timed,
        timed.with_pool_empty_end(PoolEmptyEnd::OneFinalTurnEach),
    ];
    let mut ends = [0; 2];
    for (c, config) in configs.iter().enumerate() {
        for seed in 0..4u64 {
            let seats = 2 + (seed as usize + c) % 3;
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + c as u64);
            let mut game = Rummikub::deal(config, Seating::new(seats), &mut rng).expect("deal");
            let mut greedy = GreedyBot::new();
            let mut random = RandomBot::new(ChaCha8Rng::seed_from_u64(seed));
            loop {
                let json = serde_json::to_string(&game).expect("serialize");
                let back: Rummikub = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}: {json}"));
                assert_eq!(back, game);
                let Some(seat) = game.to_move() else { break };
                // Random bots empty the pool; a greedy seat goes out now and then.
                let bot: &mut dyn Bot<Rummikub> =
                    if seat == 0 && seed % 2 == 0 { &mut greedy } else { &mut random };
                let action = bot.act(&game.view(seat));
                game.apply(seat, action).expect("a legal action");
            }
            match game.end() {
                Some(rummykit_rummikub::GameEnd::PoolEmpty) => ends[0] += 1,
                _ => ends[1] += 1,
            }
        }
    }
    assert!(ends.iter().all(|&n| n > 0), "both ends reached: {ends:?}");
}
