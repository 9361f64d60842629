//! Tampered Rummy 40 saves (feature `serde`): each edit of a real seeded hand's JSON that
//! keeps every card exactly once but breaks a count, a result or a configured bound is
//! refused, with a message naming what is wrong (RULES.md §3.2 deal, §3.7 turn, §3.8
//! scoring, §3.9 options).
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummy40::{Config, Phase, Rummy40};
use serde_json::{Value, json};

fn dealt(config: Config, seats: usize, seed: u64) -> Rummy40 {
    Rummy40::deal(&config, Seating::new(seats).with_dealer(seats - 1), &mut ChaCha8Rng::seed_from_u64(seed))
        .expect("a deal")
}

/// A hand played with random legal actions until `stop` holds (or it ends).
fn played(config: Config, seed: u64, stop: impl Fn(&Rummy40) -> bool) -> Rummy40 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = dealt(config, 2, seed);
    let mut legal = Vec::new();
    while !stop(&g) && g.to_move().is_some() {
        g.legal_actions(&mut legal);
        let a = legal.choose(&mut rng).expect("a legal action while the hand is on").clone();
        g.apply(g.to_move().unwrap_or_default(), a).expect("a listed action is legal");
    }
    g
}

fn read(save: &Value) -> Result<Rummy40, String> {
    serde_json::from_value(save.clone()).map_err(|e| e.to_string())
}

fn refused(save: &Value, what: &str, says: &str) {
    match read(save) {
        Ok(_) => panic!("accepted a save with {what}"),
        Err(e) => assert!(e.contains(says), "{what}: {e}"),
    }
}

fn cards(v: &Value) -> Vec<Value> {
    v.as_array().expect("a list of cards").clone()
}

/// RULES.md §3.2, §3.7: the last card of the stock moved into a hand keeps every card
/// once, but hands and table then hold one card more than were dealt (and drawn).
#[test]
fn s3_7_last_stock_card_moved_into_a_hand_is_refused() {
    for g in [dealt(Config::RUMMY40, 2, 1), played(Config::SCALA40, 2, |g| g.piles().stock_len() < 60)] {
        assert_ne!(g.phase(), Phase::Over);
        let save = serde_json::to_value(&g).expect("serialize");
        assert_eq!(read(&save).as_ref(), Ok(&g));
        for seat in 0..2 {
            let mut s = save.clone();
            let card = s["stock"].as_array_mut().expect("a stock").pop().expect("a card");
            s["hands"][seat].as_array_mut().expect("a hand").push(card);
            refused(&s, "the last stock card in a hand", "pieces");
        }
    }
}

/// RULES.md §3.2: no hand holds more than the 13 dealt (the mover one more after the
/// draw). 89 cards in the mover's hand and one card in every other place is refused, and
/// so is a single card moved from one hand to another (the sum stays right).
#[test]
fn s3_2_hand_sizes_fit_the_deal() {
    let g = dealt(Config::RUMMY40, 2, 3);
    let save = serde_json::to_value(&g).expect("serialize");
    let mover = g.to_move().expect("the hand is on");
    let other = 1 - mover;

    let mut all: Vec<Value> = Vec::new();
    for key in ["stock", "discard"] {
        all.extend(cards(&save[key]));
    }
    all.extend(cards(&save["hands"][0]));
    all.extend(cards(&save["hands"][1]));
    assert_eq!(all.len(), 106);
    let mut s = save.clone();
    s["hands"][other] = json!([all[0]]);
    s["stock"] = json!([all[1]]);
    s["discard"] = Value::from(all[2..17].to_vec());
    s["hands"][mover] = Value::from(all[17..].to_vec());
    assert_eq!(s["hands"][mover].as_array().map(Vec::len), Some(89));
    s["known"] = json!([[], []]);
    refused(&s, "89 cards in the mover's hand", "holds 89 pieces");

    let mut s = save.clone();
    let card = s["hands"][other].as_array_mut().expect("a hand").pop().expect("a card");
    s["hands"][mover].as_array_mut().expect("a hand").push(card);
    refused(&s, "14 cards before the draw", "holds 14 pieces");

    let mut s = save.clone();
    let moved: Vec<Value> = s["hands"][other].as_array_mut().expect("a hand").drain(..).collect();
    s["stock"].as_array_mut().expect("a stock").extend(moved);
    s["known"][other] = json!([]);
    refused(&s, "an empty hand while the hand is on", "holds 0 pieces");
}

/// The recorded deal size is checked against the seats and against the cards in play.
#[test]
fn dealt_count_is_checked() {
    let save = serde_json::to_value(dealt(Config::RUMMY40, 3, 4)).expect("serialize");
    for (n, says) in
        [(39 - 1, "38 were dealt"), (39 + 1, "40 pieces dealt to 3 hands"), (1, "1 pieces dealt to 3 hands")]
    {
        let mut s = save.clone();
        s["dealt"] = json!(n);
        refused(&s, "a wrong deal size", says);
    }
    for n in [u64::from(u32::MAX), u64::MAX] {
        let mut s = save.clone();
        s["dealt"] = json!(n);
        refused(&s, "a huge deal size", "pieces dealt to 3 hands");
    }
}

/// RULES.md §3.8: the saved penalties must be what the hands left score.
#[test]
fn s3_8_saved_penalties_are_rescored() {
    let g = played(Config::RUMMY40, 7, |_| false);
    assert_eq!(g.phase(), Phase::Over);
    let save = serde_json::to_value(&g).expect("serialize");
    assert_eq!(read(&save).as_ref(), Ok(&g));
    let loser = (0..2).find(|&s| save["penalties"][s].as_u64() != Some(0)).expect("a loser");
    for p in [0, 1, u64::from(u32::MAX)] {
        let mut s = save.clone();
        if s["penalties"][loser].as_u64() == Some(p) {
            continue;
        }
        s["penalties"][loser] = json!(p);
        refused(&s, "a changed penalty", "not what the hands score");
    }
    let mut s = save.clone();
    s["winner"] = Value::Null;
    refused(&s, "a void hand with penalties", "not what the hands score");
    let mut s = save;
    s["winner"] = Value::Null;
    s["rummy"] = json!(true);
    s["penalties"] = json!([0, 0]);
    refused(&s, "a void hand won by going rummy", "void hand");
}

/// RULES.md §3.9: a configuration option above its bound is refused in a save too.
#[test]
fn s3_9_penalty_options_above_their_bound_are_refused() {
    let save = serde_json::to_value(dealt(Config::RUMMY40, 2, 9)).expect("serialize");
    for (path, value, option) in [
        ("joker_hand_penalty", json!(u32::MAX), "joker_hand_penalty"),
        ("going_rummy_bonus", json!({ "PerOpponent": u32::MAX }), "going_rummy_bonus"),
        ("unopened_penalty", json!(u32::MAX), "unopened_penalty"),
    ] {
        let mut s = save.clone();
        s["config"][path] = value;
        refused(&s, path, &format!("{option} is 4294967295, above its maximum of 10000"));
    }
}

/// A save written before the deal size was recorded reads as a real deal (13 cards a
/// seat), and is checked against it.
#[test]
fn a_save_without_the_deal_size_reads_as_a_real_deal() {
    let g = played(Config::RUMMY40, 11, |g| g.piles().stock_len() < 70);
    let mut save = serde_json::to_value(&g).expect("serialize");
    assert_eq!(save["dealt"], json!(26));
    save.as_object_mut().expect("an object").remove("dealt");
    assert_eq!(read(&save).as_ref(), Ok(&g));
    let card = save["stock"].as_array_mut().expect("a stock").pop().expect("a card");
    save["hands"][0].as_array_mut().expect("a hand").push(card);
    refused(&save, "a card too many without a deal size", "26 were dealt");
}
