//! Serde (feature `serde`): states, actions, views and rules round-trip through JSON,
//! and a corrupt save is rejected.
#![cfg(feature = "serde")]

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummikub::{Action, Rules, Rummikub, View};

fn mid_game() -> Rummikub {
    let mut game = scripted(Rules::schmidt(), &["r9 r10 r11 b1", "k1 k2"], vec![], "y4 y5", &[], 0);
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
        Rummikub::deal(&Rules::xp(), Seating::new(5), &mut ChaCha8Rng::seed_from_u64(3)).expect("deal");
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

#[test]
fn actions_views_and_rules_round_trip() {
    let a = Action::Play { table: vec![run("r1 r2 J"), group("b5 y5 k5")] };
    let json = serde_json::to_string(&a).expect("ser");
    assert!(json.contains("\"faces\":\"r1 r2 J\""), "{json}");
    assert_eq!(serde_json::from_str::<Action>(&json).expect("de"), a);
    assert!(serde_json::from_str::<Action>(&json.replace("r1 r2 J", "r1 r3 J")).is_err());
    let v = mid_game().view(1);
    assert_eq!(serde_json::from_str::<View>(&serde_json::to_string(&v).expect("ser")).expect("de"), v);
    let r = Rules::schmidt();
    assert_eq!(serde_json::from_str::<Rules>(&serde_json::to_string(&r).expect("ser")).expect("de"), r);
}
