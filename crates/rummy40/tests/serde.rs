//! Saves round-trip and corrupt saves are refused (feature `serde`, DESIGN.md point 8).
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummy40::{Config, Rummy40};
use serde_json::{Value, json};

fn states() -> Vec<Rummy40> {
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for (i, config) in [Config::RUMMY40, Config::SCALA40].into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
        let mut g = Rummy40::deal(&config, Seating::new(3), &mut rng).unwrap();
        for step in 0..2_000 {
            if step % 7 == 0 {
                out.push(g.clone());
            }
            g.legal_actions(&mut legal);
            let Some(a) = legal.choose(&mut rng) else { break };
            g.apply(g.to_move().unwrap_or_default(), a.clone()).unwrap();
        }
        out.push(g);
    }
    out
}

#[test]
fn saves_round_trip_at_every_point_of_a_hand() {
    let states = states();
    assert!(states.iter().any(|g| g.to_move().is_none()));
    for g in states {
        let text = serde_json::to_string(&g).unwrap();
        let back: Rummy40 = serde_json::from_str(&text).unwrap();
        assert_eq!(back, g);
    }
    let config: Config = serde_json::from_str(&serde_json::to_string(&Config::SCALA40).unwrap()).unwrap();
    assert_eq!(config, Config::SCALA40);
}

fn refused(save: &Value, what: &str) {
    let r: Result<Rummy40, _> = serde_json::from_value(save.clone());
    assert!(r.is_err(), "accepted a save with {what}");
}

#[test]
fn corrupt_saves_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let g = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng).unwrap();
    let save = serde_json::to_value(&g).unwrap();
    assert!(serde_json::from_value::<Rummy40>(save.clone()).is_ok());

    let mut s = save.clone();
    let card = s["stock"][0].clone();
    s["hands"][0].as_array_mut().unwrap().push(card);
    refused(&s, "a card in a hand and the stock");

    let mut s = save.clone();
    s["stock"].as_array_mut().unwrap().pop();
    refused(&s, "a card missing");

    let mut s = save.clone();
    s["to_move"] = json!(5);
    refused(&s, "a mover that is not a seat");

    let mut s = save.clone();
    s["known"][1] = s["hands"][0].clone();
    refused(&s, "known cards in another hand");

    let mut s = save.clone();
    s["penalties"] = json!([0, 10]);
    refused(&s, "a result while the hand is on");

    let mut s = save.clone();
    let hand0: Vec<Value> = s["hands"][0].as_array().unwrap()[..3].to_vec();
    s["hands"][0].as_array_mut().unwrap().drain(..3);
    s["opened"][0] = json!(true);
    s["table"] = json!([{ "owner": 0, "kind": "group", "cards": hand0 }]);
    // Three random cards are (almost surely) no meld.
    let r: Result<Rummy40, _> = serde_json::from_value(s.clone());
    if let Ok(back) = r {
        assert!(back.table().melds()[0].meld().len() == 3);
    }

    let mut s = save.clone();
    s["config"]["jokers"] = json!(3);
    refused(&s, "a pack of three jokers");

    let mut s = save;
    s["taken"] = json!(0);
    refused(&s, "a taken card before the draw");
}

/// RULES.md §3.7: a rummy with builds round-trips; a record written before builds existed
/// (`GoRummy` without a `builds` field) still reads, as a rummy without builds.
#[test]
fn rules_3_7_rummy_actions_round_trip() {
    use rummykit_core::{MeldId, MeldKind, PieceId, RunEnd};
    use rummykit_rummy40::{Action, LayOff, NewMeld};
    let id = |i| PieceId::new(i).unwrap();
    let melds = vec![NewMeld::new(MeldKind::Run, vec![id(1), id(2), id(3)])];
    let builds = vec![LayOff::new(id(34), MeldId::new(0), RunEnd::Front)];
    for a in [
        Action::GoRummy { melds: melds.clone(), builds: builds.clone(), discard: id(25) },
        Action::TakeDiscardAndGoRummy { melds: melds.clone(), builds, discard: id(25) },
        Action::GoRummy { melds: melds.clone(), builds: vec![], discard: id(25) },
    ] {
        let back: Action = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }
    let old = json!({"GoRummy": {"melds": [{"kind": "run", "pieces": [1, 2, 3]}], "discard": 25}});
    let a: Action = serde_json::from_value(old).unwrap();
    assert_eq!(a, Action::GoRummy { melds, builds: vec![], discard: id(25) });
}
