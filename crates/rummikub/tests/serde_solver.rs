//! Serde (feature `serde`) for the solver's types: positions, options, objectives and
//! solutions round-trip through JSON with the field names of the `solve` tool's JSON
//! lines, and a written position is read only through the checks of its constructors.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Catalog, Game, Meld, MeldKind, Seating, Tile, parse_list};
use rummykit_rummikub::solver::{Objective, Position, Solution, SolveOptions, Solver, solve};
use rummykit_rummikub::{Action, Config, InitialJokerValue, MELD_RULES, Rummikub, TileSet};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

fn round_trip<T: Serialize + DeserializeOwned + PartialEq + std::fmt::Debug>(value: &T) -> Value {
    let text = serde_json::to_string(value).expect("serialize");
    let back: T = serde_json::from_str(&text).expect("deserialize");
    assert_eq!(&back, value, "{text}");
    serde_json::from_str(&text).expect("JSON")
}

fn meld(kind: MeldKind, tiles: &str) -> Meld<Tile> {
    Meld::new(kind, &parse_list::<Tile>(tiles).expect("tiles"), &MELD_RULES).expect("meld")
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value.as_object().expect("an object").keys().map(String::as_str).collect();
    keys.sort_unstable();
    keys
}

#[test]
fn objectives_round_trip_by_name() {
    assert_eq!(round_trip(&Objective::Tiles), json!("Tiles"));
    assert_eq!(round_trip(&Objective::Value), json!("Value"));
    assert!(serde_json::from_str::<Objective>("\"Speed\"").is_err());
}

#[test]
fn options_round_trip_with_the_json_lines_field_names() {
    let default = round_trip(&SolveOptions::default());
    // The names of the `solve` tool's JSON lines, table and rack aside (a position's).
    assert_eq!(
        keys(&default),
        ["initial_joker_value", "joker_value", "objective", "opened", "threshold", "tile_set"]
    );
    assert_eq!(default["tile_set"], json!("Standard106"));
    let every = SolveOptions::default()
        .with_objective(Objective::Value)
        .with_opened(false)
        .with_threshold(50)
        .with_joker_value(4)
        .with_initial_joker_value(InitialJokerValue::Zero)
        .with_tile_set(TileSet::Xp160);
    let written = round_trip(&every);
    assert_eq!(written["tile_set"], json!("Xp160"));
    assert_eq!(written["objective"], json!("Value"));
    assert_eq!(written["opened"], json!(false));
    assert_eq!((written["threshold"].as_u64(), written["joker_value"].as_u64()), (Some(50), Some(4)));
}

#[test]
fn options_not_written_are_the_defaults() {
    let read: SolveOptions = serde_json::from_str("{}").expect("every field has a default");
    assert_eq!(read, SolveOptions::default());
    let read: SolveOptions =
        serde_json::from_str(r#"{"objective": "Value", "tile_set": "Xp160"}"#).expect("read");
    assert_eq!(read, SolveOptions::default().with_objective(Objective::Value).with_tile_set(TileSet::Xp160));
    let unknown = serde_json::from_str::<SolveOptions>(r#"{"objectives": "Value"}"#).unwrap_err();
    assert!(unknown.to_string().contains("unknown field `objectives`"), "{unknown}");
}

/// A box that is no preset is written as its numbers and read through `Catalog::new`,
/// which refuses one that holds no natural or more than 160 tiles (RULES.md §1.1).
#[test]
fn a_box_of_tiles_other_than_the_presets_round_trips_as_numbers_rules_1_1() {
    let single = SolveOptions::default().with_tile_set(Catalog::<Tile>::new(1, 1).expect("fits"));
    assert_eq!(round_trip(&single)["tile_set"], json!({"copies": 1, "jokers": 1}));
    // The numbers of a preset read as that preset.
    let read: SolveOptions =
        serde_json::from_str(r#"{"tile_set": {"copies": 3, "jokers": 4}}"#).expect("read");
    assert_eq!(read.tile_set, TileSet::Xp160.catalog());
    for bad in
        [r#"{"copies": 0, "jokers": 2}"#, r#"{"copies": 3, "jokers": 5}"#, r#"{"copies": 4, "jokers": 0}"#]
    {
        let err = serde_json::from_str::<SolveOptions>(&format!(r#"{{"tile_set": {bad}}}"#)).unwrap_err();
        assert!(err.to_string().contains("at most 160 tiles"), "{bad}: {err}");
    }
    for bad in [r#""Standard""#, r#"{"copies": 2}"#, r#"{"copies": 2, "jokers": 2, "colours": 4}"#, "106"] {
        assert!(serde_json::from_str::<SolveOptions>(&format!(r#"{{"tile_set": {bad}}}"#)).is_err(), "{bad}");
    }
}

#[test]
fn positions_round_trip_with_and_without_melds() {
    let flat = Position::parse("r1 r2 r3 k5 b5 y5", "r4 J k13").expect("tiles");
    let written = round_trip(&flat);
    assert_eq!(keys(&written), ["rack", "table"], "no melds written for a flat table");
    assert_eq!(written["table"], json!(["r1", "r2", "r3", "k5", "b5", "y5"]));
    assert_eq!(written["rack"], json!(["r4", "J", "k13"]));
    let melds = [meld(MeldKind::Run, "r1 r2 r3"), meld(MeldKind::Group, "k5 b5 J")];
    let kept = Position::from_melds(&melds, parse_list::<Tile>("r4").expect("tiles")).expect("valid melds");
    let written = round_trip(&kept);
    assert_eq!(keys(&written), ["melds", "rack", "table"]);
    assert_eq!(written["melds"][1], json!({"kind": "group", "faces": "k5 b5 J"}));
}

/// A written position is read through `Position::from_melds` (RULES.md §1.4): a meld
/// that is not one is refused, and the table must be exactly the melds' tiles.
#[test]
fn a_written_position_is_checked_as_its_constructors_check_rules_1_4() {
    let good =
        json!({"table": ["r1", "r2", "r3"], "rack": ["r4"], "melds": [{"kind": "run", "faces": "r1 r2 r3"}]});
    let read: Position = serde_json::from_value(good.clone()).expect("a valid position");
    assert_eq!(read.melds().map(<[_]>::len), Some(1));
    let mut not_a_meld = good.clone();
    not_a_meld["melds"][0]["faces"] = json!("r1 r3 r2");
    not_a_meld["table"] = json!(["r1", "r3", "r2"]);
    assert!(serde_json::from_value::<Position>(not_a_meld).is_err());
    for table in [json!(["r1", "r2"]), json!(["r1", "r2", "r3", "r4"]), json!(["r3", "r2", "r1"]), json!([])]
    {
        let mut other = good.clone();
        other["table"] = table.clone();
        let err = serde_json::from_value::<Position>(other).unwrap_err();
        assert!(err.to_string().contains("the table tiles are not the tiles of the melds"), "{table}: {err}");
    }
    let mut unknown = good.clone();
    unknown["pool"] = json!(3);
    assert!(serde_json::from_value::<Position>(unknown).is_err());
    assert!(serde_json::from_value::<Position>(json!({"table": ["r1"]})).is_err(), "the rack is required");
    assert!(serde_json::from_value::<Position>(json!({"table": ["r14"], "rack": []})).is_err());
}

#[test]
fn solutions_round_trip_and_their_melds_are_checked() {
    let sol = solve(&Position::parse("r1 r2 r3", "r4 J k13").expect("tiles"), &SolveOptions::default())
        .expect("solved");
    let written = round_trip(&sol);
    assert_eq!(keys(&written), ["placed", "table", "tiles_placed", "value_placed"]);
    assert_eq!(written["placed"], json!(["r4", "J"]));
    let mut bad = written.clone();
    bad["table"][0]["faces"] = json!("r1 r2 r4 r3 J");
    assert!(serde_json::from_value::<Solution>(bad).is_err());
    round_trip(&Solution::default());
}

/// Positions of dealt games, solved from what was written: the same answers.
#[test]
fn written_positions_and_options_solve_as_the_originals() {
    let mut solver = Solver::new();
    for seed in 0..3 {
        let mut game =
            Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("deal");
        for turn in 0..30 {
            let Some(seat) = game.to_move() else { break };
            let rack = game.rack(seat).expect("a seat").to_vec();
            let position = Position::from_melds(game.table(), rack).expect("a game's melds");
            let options = SolveOptions::default()
                .with_opened(game.has_opened(seat).expect("a seat at the table"))
                .with_objective(if turn % 2 == 0 { Objective::Tiles } else { Objective::Value });
            round_trip(&position);
            round_trip(&options);
            let read: Position =
                serde_json::from_str(&serde_json::to_string(&position).expect("ser")).expect("de");
            let read_options: SolveOptions =
                serde_json::from_str(&serde_json::to_string(&options).expect("ser")).expect("de");
            let answer = solver.solve(&position, &options);
            assert_eq!(solver.solve(&read, &read_options), answer, "seed {seed}, turn {turn}");
            let answer = answer.expect("a game's position");
            round_trip(&answer);
            let action = match game.hint(seat, &mut solver, Objective::Tiles).expect("a seat") {
                Ok(sol) if !sol.placed.is_empty() => Action::Play { table: sol.table },
                _ if game.pool_len() == 0 => Action::Pass,
                _ => Action::Draw,
            };
            game.apply(seat, action).expect("legal");
        }
    }
}
