//! Tampered match records (feature `serde`): a record is a deal plus actions, so it is
//! checked twice: the deal is read through the game's re-validating representation, and
//! `MatchRecord::replay` re-applies every action. Each tampering below is an error.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot};
use rummykit_core::{Bot, BotPlayers, MatchEnd, MatchRecord, Ranking, ReplayError, record_match};
use serde_json::Value;

fn recorded() -> Value {
    let setup = MatchRecord::<ClassicRummy>::new(
        "classic",
        Config::standard(MatchEnd::SingleHand),
        2,
        Some(0),
        MatchEnd::SingleHand,
        Ranking::Total,
        11,
    );
    let (mut a, mut b) = (GreedyBot, GreedyBot);
    let mut bots: [&mut dyn Bot<ClassicRummy>; 2] = [&mut a, &mut b];
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let (record, _) =
        record_match(setup, &mut BotPlayers(&mut bots), &mut rng, 5_000).expect("a recorded match");
    serde_json::to_value(&record).expect("serialize")
}

fn replay(value: &Value) -> Result<(), String> {
    let record: MatchRecord<ClassicRummy> =
        serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(record.seed);
    record.replay(&mut rng).map(|_| ()).map_err(|e| e.to_string())
}

fn actions(value: &mut Value) -> &mut Vec<Value> {
    value["hands"][0]["actions"].as_array_mut().expect("a list of actions")
}

#[test]
fn the_untouched_record_replays() {
    assert_eq!(replay(&recorded()), Ok(()));
}

#[test]
fn a_changed_action_is_refused_on_replay() {
    let mut value = recorded();
    // The first discard now names a card of the other seat's hand (or none it holds).
    let list = actions(&mut value);
    let i = list.iter().position(|a| a.get("Discard").is_some()).expect("a discard");
    let card = list[i]["Discard"].as_u64().expect("a card id");
    list[i]["Discard"] = Value::from((card + 1) % 52);
    let err = replay(&value).expect_err("a discard of another card must not replay");
    assert!(err.contains("action"), "{err}");
}

#[test]
fn a_dropped_action_is_refused_on_replay() {
    let mut value = recorded();
    actions(&mut value).remove(0);
    assert!(replay(&value).is_err());
}

#[test]
fn a_changed_outcome_is_refused_on_replay() {
    let mut value = recorded();
    let points = value["hands"][0]["outcome"]["points"].as_array_mut().expect("points");
    points[0] = Value::from(points[0].as_i64().expect("a score") + 1);
    let record: MatchRecord<ClassicRummy> = serde_json::from_value(value).expect("the record itself reads");
    let mut rng = ChaCha8Rng::seed_from_u64(record.seed);
    assert!(matches!(record.replay(&mut rng), Err(ReplayError::OutcomeMismatch { hand: 0 })));
}

#[test]
fn a_corrupt_deal_is_refused_on_reading() {
    let mut value = recorded();
    // The deal's stock gains a copy of a card already in seat 0's hand.
    let card = value["hands"][0]["deal"]["hands"][0][0].clone();
    value["hands"][0]["deal"]["stock"].as_array_mut().expect("a stock").push(card);
    let err = replay(&value).expect_err("a deal with a card twice must not read");
    assert!(!err.is_empty());
}
