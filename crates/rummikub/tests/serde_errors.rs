//! Serde (feature `serde`) for the refusals: every variant of [`PlayError`],
//! [`ActionError`], [`StagingError`] and [`SolveError`] reads back unchanged from its
//! JSON, so a service can send a refusal as data. `ActionError::OptionOff` names its
//! option by a `&'static str`: read back, the name must be an option an action needs.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;
use std::fmt::Debug;

use rummykit_core::{Game, MeldError, NotYourTurn, ParseError, Tile};
use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, solve};
use rummykit_rummikub::{Action, ActionError, Config, PlayError, Rummikub, Setup, StagingError, TileSet};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, from_str, json, to_string, to_value};

/// `value` read back from its JSON equals it; its externally tagged variant name.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    let text = to_string(value).expect("an error serializes");
    let back: T = from_str(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(&back, value, "{text}");
    match to_value(value).unwrap() {
        Value::String(s) => s,
        Value::Object(m) if m.len() == 1 => m.keys().next().unwrap().clone(),
        other => panic!("not an externally tagged variant: {other}"),
    }
}

/// Every value round-trips and names another variant: `count` variants in all.
fn all_round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(values: &[T], count: usize) {
    let tags: Vec<String> = values.iter().map(round_trip).collect();
    let distinct: BTreeSet<&String> = tags.iter().collect();
    assert_eq!((distinct.len(), tags.len()), (count, count), "{tags:?}");
}

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

fn play_errors() -> Vec<PlayError> {
    vec![
        PlayError::TableTileTaken { tile: tile("b5") },
        PlayError::NotInRack { tile: tile("y9") },
        PlayError::TooManyCopies { tile: tile("J"), max: 2 },
        PlayError::NoRackTile,
        PlayError::InvalidMeld { index: 1, error: MeldError::NotConsecutive { index: 2 } },
        PlayError::InitialMeldTouchesTable { meld: 0 },
        PlayError::InitialMeldBelowThreshold { needed: 30, got: 24 },
        PlayError::JokerMeldLocked { meld: 2 },
        PlayError::JokerNotReplaced { meld: 1 },
        PlayError::Group3JokerNeedsBoth { meld: 3 },
        PlayError::JokerReplacementNotFromRack { meld: 0 },
        PlayError::JokerNotReused { meld: 4 },
        PlayError::KeepThreeViolated { meld: 1, together: 2 },
        PlayError::ReadingsUndecided { limit: 100_000 },
    ]
}

fn action_errors() -> Vec<ActionError> {
    vec![
        ActionError::GameOver,
        ActionError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }),
        ActionError::Play(PlayError::NoRackTile),
        ActionError::PoolEmpty,
        ActionError::PassWithPoolNonEmpty { pool: 102 },
        ActionError::OptionOff { option: "timer" },
    ]
}

#[test]
fn play_action_and_staging_errors_round_trip() {
    all_round_trip(&play_errors(), 14);
    all_round_trip(&action_errors(), 6);
    let staging = [
        StagingError::NotYourTurn { seat: 0, to_move: None },
        StagingError::Stale,
        StagingError::DrawAfterChanges,
        StagingError::NoSuchMeld { meld: 3 },
        StagingError::NoSuchPosition { meld: 0, position: 5 },
        StagingError::NotInRack { tile: tile("b9") },
        StagingError::NotFromRack { tile: tile("r10") },
        StagingError::Action(ActionError::OptionOff { option: "abandon_penalty" }),
    ];
    all_round_trip(&staging, 8);
}

/// The options the game refuses an action for are the ones read back; another name is
/// refused, not taken as some option.
#[test]
fn option_off_reads_back_the_options_the_game_names() {
    let mut setup = Setup::new(vec!["r1 r2".parse().unwrap(), "k1 k2".parse().unwrap()]);
    setup.fill_pool(TileSet::Standard106);
    let mut game = Rummikub::from_setup(&Config::STANDARD, setup).expect("a valid position");
    for action in [Action::Timeout { pending_changes: false }, Action::Abandon] {
        let refused = game.apply(0, action).unwrap_err();
        assert!(matches!(refused, ActionError::OptionOff { .. }), "{refused:?}");
        assert_eq!(round_trip(&refused), "OptionOff");
    }
    assert_eq!(
        to_value(ActionError::OptionOff { option: "timer" }).unwrap(),
        json!({"OptionOff": {"option": "timer"}})
    );
    let unknown = from_str::<ActionError>(r#"{"OptionOff":{"option":"undo"}}"#).unwrap_err();
    assert!(unknown.to_string().contains("`undo` is not an option an action needs on"), "{unknown}");
    assert!(from_str::<ActionError>(r#"{"Surrender":null}"#).is_err());
}

#[test]
fn solve_errors_round_trip() {
    // An Unproven answer carries a real play (a solution only the solver builds).
    let best = solve(&Position::parse("b2 b3 b4 b5 b6", "b4 r9").unwrap(), &SolveOptions::default()).unwrap();
    let solve_errors = [
        SolveError::Parse(ParseError::NumberOutOfRange { token: "r14".to_owned() }),
        SolveError::TooManyCopies { tile: tile("r5"), count: 3, max: 2 },
        SolveError::UnsupportedJokers { count: 5, max: 4 },
        SolveError::InvalidMeld { index: 0, error: MeldError::TooShort { len: 2, min: 3 } },
        SolveError::TableNotMeldable,
        SolveError::Unproven { refused: PlayError::JokerMeldLocked { meld: 0 }, best: Some(Box::new(best)) },
    ];
    all_round_trip(&solve_errors, 6);
    let none = SolveError::Unproven { refused: PlayError::JokerNotReplaced { meld: 1 }, best: None };
    assert_eq!(round_trip(&none), "Unproven");
    assert_eq!(
        to_value(&none).unwrap(),
        json!({"Unproven": {"refused": {"JokerNotReplaced": {"meld": 1}}, "best": null}})
    );
}
