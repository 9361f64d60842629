//! Tampered Rummy 40 saves (feature `serde`): each edit of a real seeded hand's JSON that
//! keeps every card the pack's number of times but breaks a count, a result or a
//! configured bound is refused, with a message naming what is wrong (RULES.md §3.2 deal,
//! §3.7 turn, §3.8 scoring, §3.9 options). Saves name cards in notation under `setup`.
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

/// The cards of a notation list.
fn cards(v: &Value) -> Vec<String> {
    v.as_str().expect("a list of cards").split_whitespace().map(String::from).collect()
}

/// A notation list of `cards`.
fn list(cards: &[String]) -> Value {
    json!(cards.join(" "))
}

/// The same position (a save names cards by face; see `Rummy40::setup`).
fn same_position(back: Result<Rummy40, String>, g: &Rummy40) {
    assert_eq!(back.map(|b| b.setup()), Ok(g.setup()));
}

/// RULES.md §3.2, §3.7: the last card of the stock moved into a hand keeps every card
/// once, but hands and table then hold one card more than were dealt (and drawn).
#[test]
fn rules_3_7_last_stock_card_moved_into_a_hand_is_refused() {
    let deal = dealt(Config::RUMMY40, 2, 1);
    assert_eq!(read(&serde_json::to_value(&deal).expect("serialize")).as_ref(), Ok(&deal));
    for g in [deal, played(Config::SCALA40, 2, |g| g.piles().stock_len() < 60)] {
        assert_ne!(g.phase(), Phase::Over);
        let save = serde_json::to_value(&g).expect("serialize");
        same_position(read(&save), &g);
        for seat in 0..2 {
            let mut s = save.clone();
            let mut stock = cards(&s["setup"]["stock"]);
            let card = stock.pop().expect("a card");
            s["setup"]["stock"] = list(&stock);
            let mut hand = cards(&s["setup"]["hands"][seat]);
            hand.push(card);
            s["setup"]["hands"][seat] = list(&hand);
            refused(&s, "the last stock card in a hand", "pieces");
        }
    }
}

/// RULES.md §3.2: no hand holds more than the 13 dealt (the mover one more after the
/// draw). 89 cards in the mover's hand and one card in every other place is refused, and
/// so is a single card moved from one hand to another (the sum stays right).
#[test]
fn rules_3_2_hand_sizes_fit_the_deal() {
    let g = dealt(Config::RUMMY40, 2, 3);
    let save = serde_json::to_value(&g).expect("serialize");
    let mover = g.to_move().expect("the hand is on");
    let other = 1 - mover;
    let setup = &save["setup"];

    let mut all: Vec<String> = Vec::new();
    for v in [&setup["stock"], &setup["discard"], &setup["hands"][0], &setup["hands"][1]] {
        all.extend(cards(v));
    }
    assert_eq!(all.len(), 106);
    let mut s = save.clone();
    s["setup"]["hands"][other] = list(&all[0..1]);
    s["setup"]["stock"] = list(&all[1..2]);
    s["setup"]["discard"] = list(&all[2..17]);
    s["setup"]["hands"][mover] = list(&all[17..]);
    assert_eq!(cards(&s["setup"]["hands"][mover]).len(), 89);
    s["setup"]["known"] = json!(["", ""]);
    refused(&s, "89 cards in the mover's hand", "holds 89 pieces");

    let mut s = save.clone();
    let mut from = cards(&s["setup"]["hands"][other]);
    let mut to = cards(&s["setup"]["hands"][mover]);
    to.push(from.pop().expect("a card"));
    s["setup"]["hands"][other] = list(&from);
    s["setup"]["hands"][mover] = list(&to);
    refused(&s, "14 cards before the draw", "holds 14 pieces");

    let mut s = save.clone();
    let mut stock = cards(&s["setup"]["stock"]);
    stock.extend(cards(&s["setup"]["hands"][other]));
    s["setup"]["stock"] = list(&stock);
    s["setup"]["hands"][other] = json!("");
    s["setup"]["known"][other] = json!("");
    refused(&s, "an empty hand while the hand is on", "holds 0 pieces");
}

/// The recorded deal size is checked against the seats and against the cards in play.
#[test]
fn dealt_count_is_checked() {
    let save = serde_json::to_value(dealt(Config::RUMMY40, 3, 4)).expect("serialize");
    for (n, says) in
        [(39 - 1, "38 were dealt"), (39 + 1, "40 pieces dealt to 3 hands"), (1, "1 piece dealt to 3 hands")]
    {
        let mut s = save.clone();
        s["setup"]["dealt"] = json!(n);
        refused(&s, "a wrong deal size", says);
    }
    for n in [u64::from(u32::MAX), u64::MAX] {
        let mut s = save.clone();
        s["setup"]["dealt"] = json!(n);
        refused(&s, "a huge deal size", "pieces dealt to 3 hands");
    }
}

/// RULES.md §3.8: the saved penalties must be what the hands left score.
#[test]
fn rules_3_8_saved_penalties_are_rescored() {
    let g = played(Config::RUMMY40, 7, |_| false);
    assert_eq!(g.phase(), Phase::Over);
    let save = serde_json::to_value(&g).expect("serialize");
    same_position(read(&save), &g);
    let penalties = &save["setup"]["penalties"];
    let loser = (0..2).find(|&s| penalties[s].as_u64() != Some(0)).expect("a loser");
    for p in [0, 1, u64::from(u32::MAX)] {
        let mut s = save.clone();
        if s["setup"]["penalties"][loser].as_u64() == Some(p) {
            continue;
        }
        s["setup"]["penalties"][loser] = json!(p);
        refused(&s, "a changed penalty", "not what the hands score");
    }
    let mut s = save.clone();
    s["setup"]["winner"] = Value::Null;
    refused(&s, "a void hand with penalties", "not what the hands score");
    let mut s = save.clone();
    s["setup"]["winner"] = Value::Null;
    s["setup"]["rummy"] = json!(true);
    s["setup"]["penalties"] = json!([0, 0]);
    refused(&s, "a void hand won by going rummy", "void hand");
    // Left out, the penalties are scored from the hands.
    let mut s = save;
    s["setup"].as_object_mut().expect("an object").remove("penalties");
    same_position(read(&s), &g);
}

/// RULES.md §3.9: a configuration option above its bound is refused in a save too.
#[test]
fn rules_3_9_penalty_options_above_their_bound_are_refused() {
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

/// A save without the deal size takes it from the position (the cards in hands and on
/// the table, less the one drawn); a hand above the 13 dealt is still refused.
#[test]
fn a_save_without_the_deal_size_counts_it_from_the_position() {
    let g = played(Config::RUMMY40, 11, |g| g.piles().stock_len() < 70);
    let mut save = serde_json::to_value(&g).expect("serialize");
    assert_eq!(save["setup"]["dealt"], json!(26));
    save["setup"].as_object_mut().expect("an object").remove("dealt");
    same_position(read(&save), &g);
    let mut save = serde_json::to_value(dealt(Config::RUMMY40, 2, 11)).expect("serialize");
    save["setup"].as_object_mut().expect("an object").remove("dealt");
    let mut stock = cards(&save["setup"]["stock"]);
    let mut hand = cards(&save["setup"]["hands"][0]);
    hand.push(stock.pop().expect("a card"));
    save["setup"]["stock"] = list(&stock);
    save["setup"]["hands"][0] = list(&hand);
    refused(&save, "a card too many without a deal size", "holds 14 pieces");
}

/// A save of another format version is refused, and so is a save without one or with a
/// field this format does not have.
#[test]
fn other_versions_and_unknown_fields_are_refused() {
    let save = serde_json::to_value(dealt(Config::RUMMY40, 2, 5)).expect("serialize");
    assert_eq!(save["version"], json!(1));
    for v in [json!(0), json!(2)] {
        let mut s = save.clone();
        s["version"] = v.clone();
        refused(&s, "another version", &format!("save format version {v} is not one this library reads"));
    }
    let mut s = save.clone();
    s.as_object_mut().expect("an object").remove("version");
    refused(&s, "no version", "version");
    let mut s = save;
    s["setup"]["hand"] = json!("Ah");
    refused(&s, "a misspelt field", "unknown field `hand`");
}
