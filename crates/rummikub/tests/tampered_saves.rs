//! Tampered saves (feature `serde`): a saved game is read through `Rummikub::from_setup`,
//! which re-checks every invariant, so each kind of tampering below is an error, never a
//! state.
//! The saves come from real seeded games, edited as JSON values.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::str::FromStr;

use rummykit_core::{Game, Meld, MeldKind, Seating, Tile, parse_list};
use rummykit_rummikub::{Action, Config, Rummikub};
use serde_json::Value;

/// A 3-seat game after a few turns of drawing: every seat has drawn, nobody has played.
fn saved_game() -> (Rummikub, Value) {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(3).with_dealer(2), &mut rng).expect("deal");
    for _ in 0..4 {
        game.apply(game.to_move().unwrap_or_default(), Action::Draw).expect("draw");
    }
    let value = serde_json::to_value(&game).expect("serialize");
    (game, value)
}

fn load(value: &Value) -> Result<Rummikub, String> {
    serde_json::from_value::<Rummikub>(value.clone()).map_err(|e| e.to_string())
}

fn text(v: &Value) -> String {
    v.as_str().expect("tiles are written as notation").to_string()
}

#[test]
fn the_untouched_save_loads() {
    let (game, value) = saved_game();
    assert_eq!(load(&value), Ok(game));
}

#[test]
fn a_duplicated_tile_is_rejected() {
    let (_, mut value) = saved_game();
    let rack = text(&value["setup"]["racks"][0]);
    let first = rack.split(' ').next().expect("a tile").to_string();
    value["setup"]["racks"][0] = Value::String(format!("{rack} {first}"));
    let err = load(&value).expect_err("a third copy of a tile must be refused");
    assert!(err.contains(&first), "the error names the tile: {err}");
}

#[test]
fn a_tile_moved_from_the_pool_to_a_rack_is_rejected() {
    let (_, mut value) = saved_game();
    let pool = text(&value["setup"]["pool"]);
    let (next, rest) = pool.split_once(' ').expect("a pool");
    let rack = text(&value["setup"]["racks"][1]);
    value["setup"]["racks"][1] = Value::String(format!("{rack} {next}"));
    value["setup"]["pool"] = Value::String(rest.to_string());
    // Conservation still holds; what breaks is the count: 4 turns cannot have taken 5
    // tiles out of the pool.
    let err = load(&value).expect_err("a rack with a tile nobody drew must be refused");
    assert!(err.contains("out of the pool"), "the error names the tally: {err}");
}

#[test]
fn an_invalid_meld_is_rejected() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng).expect("deal");
    let mut value = serde_json::to_value(&game).expect("serialize");
    // Move r1 r2 r3 from wherever they are onto the table as a meld, then break it.
    let table_tiles = ["r1", "r2", "r3"];
    let mut removed = Vec::new();
    for place in ["pool", "racks"] {
        let fields: Vec<String> = match place {
            "pool" => vec![text(&value["setup"]["pool"])],
            _ => value["setup"]["racks"].as_array().expect("racks").iter().map(text).collect(),
        };
        let mut edited = Vec::new();
        for f in fields {
            let mut kept = Vec::new();
            for t in f.split_whitespace() {
                if table_tiles.contains(&t) && !removed.contains(&t.to_string()) {
                    removed.push(t.to_string());
                } else {
                    kept.push(t);
                }
            }
            edited.push(kept.join(" "));
        }
        match place {
            "pool" => value["setup"]["pool"] = Value::String(edited.remove(0)),
            _ => value["setup"]["racks"] = Value::Array(edited.into_iter().map(Value::String).collect()),
        }
    }
    assert_eq!(removed.len(), 3);
    // Keep the deal tally consistent (no draws yet): only the meld is under test here.
    let out_of_pool = 106 - text(&value["setup"]["pool"]).split_whitespace().count();
    value["setup"]["dealt"] = Value::from(out_of_pool);
    // A meld as this crate writes it, taken from a serialized play.
    let run = Meld::new(
        MeldKind::Run,
        &parse_list::<Tile>("r1 r2 r3").expect("tiles"),
        &rummykit_rummikub::MELD_RULES,
    )
    .expect("a valid run");
    let play = serde_json::to_value(Action::Play { table: vec![run] }).expect("serialize");
    let written = play["Play"]["table"].clone();
    assert!(written.to_string().contains("r1 r2 r3"), "{written}");
    let meld = |tiles: &str| Value::from_str(&written.to_string().replace("r1 r2 r3", tiles)).expect("json");
    value["setup"]["table"] = meld("r1 r2 r3");
    let good = load(&value).expect("r1 r2 r3 is a valid run");
    assert_eq!(good.table().len(), 1);
    value["setup"]["table"] = meld("r1 r3 r2");
    let err = load(&value).expect_err("an invalid meld must be refused");
    assert!(err.contains("r1 r3 r2"), "the error names the meld: {err}");
}

#[test]
fn a_seat_out_of_range_is_rejected() {
    let (_, mut value) = saved_game();
    value["setup"]["to_move"] = Value::from(3);
    assert!(load(&value).is_err());
}

#[test]
fn the_wrong_seat_to_move_is_rejected() {
    let (game, mut value) = saved_game();
    // Turns go round one seat at a time from the starter (RULES.md §1.3): after 4 turns
    // from seat 0 at a table of 3, seat 1 moves, not seat 2.
    assert_eq!(game.to_move(), Some(1));
    value["setup"]["to_move"] = Value::from(2);
    assert!(load(&value).is_err(), "to_move contradicts starter and turn count");
}

/// RULES.md §1.7: a game ends within `pool + tiles + seats × (tiles + 1)` turns, so a
/// save with a larger turn count is refused, even one that names the right seat to move
/// (`u32::MAX - 2` after seat 0 started at a table of three is seat 1's turn); the turn
/// counter can then never overflow in play.
#[test]
fn rules_1_7_a_turn_count_past_the_longest_game_is_rejected() {
    let (_, value) = saved_game();
    assert_eq!(value["setup"]["turn"], Value::from(4));
    assert_eq!(value["setup"]["to_move"], Value::from(1));
    let longest = 2 * 106 + 3 * 107;
    for turn in [u32::MAX - 2, u32::MAX, longest + 1] {
        let mut v = value.clone();
        v["setup"]["turn"] = Value::from(turn);
        let err = load(&v).expect_err("a turn count past the longest game");
        assert!(err.contains(&format!("turn is {turn}, above the most possible, {longest}")), "{err}");
    }
}

/// RULES.md §1.8: the penalty options are bounded ([`rummykit_rummikub::MAX_PENALTY`]),
/// in a save as in a deal.
#[test]
fn rules_1_8_penalty_options_above_their_bound_are_rejected() {
    let (_, value) = saved_game();
    for option in ["joker_penalty", "never_melded_penalty"] {
        let mut v = value.clone();
        v["config"][option] = Value::from(u32::MAX);
        let err = load(&v).expect_err("a penalty above its bound");
        assert!(err.contains(&format!("{option} is 4294967295, above its maximum of 10000")), "{err}");
    }
}
