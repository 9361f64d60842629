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

/// A save names cards by face. A deal (and any position built from a `Setup`) reads back
/// copy for copy; after play, two histories can leave the two copies of a card in
/// swapped places, so the loaded hand is the same position, numbered as `Setup` says, and
/// reads back from its own save exactly. Playing on from it gives the same hand: the
/// same faces are moved and the hand ends alike.
#[test]
fn saves_round_trip_at_every_point_of_a_hand() {
    let states = states();
    assert!(states.iter().any(|g| g.to_move().is_none()));
    let read = |g: &Rummy40| -> Rummy40 { serde_json::from_str(&serde_json::to_string(g).unwrap()).unwrap() };
    let mut renumbered = 0;
    for g in states {
        let back = read(&g);
        assert_eq!(back.setup(), g.setup());
        assert_eq!(read(&back), back);
        renumbered += usize::from(back != g);
    }
    assert!(renumbered > 0, "play moves the copies of a card apart from the saved numbering");
    for (i, config) in [Config::RUMMY40, Config::SCALA40].into_iter().enumerate() {
        for seats in 2..=6 {
            let mut rng = ChaCha8Rng::seed_from_u64(100 + i as u64 * 10 + seats as u64);
            let g = Rummy40::deal(&config, Seating::new(seats), &mut rng).unwrap();
            assert_eq!(read(&g), g, "a deal reads back copy for copy");
        }
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
    assert_eq!(serde_json::from_value::<Rummy40>(save.clone()).unwrap(), g);
    let cards =
        |v: &Value| -> Vec<String> { v.as_str().unwrap().split_whitespace().map(String::from).collect() };
    let list = |c: &[String]| json!(c.join(" "));

    // A third copy of a card that has both copies in a hand or the stock.
    let mut s = save.clone();
    let mut hand = cards(&s["setup"]["hands"][0]);
    let stock = cards(&s["setup"]["stock"]);
    let twice = stock.iter().find(|c| stock.iter().filter(|d| d == c).count() == 2).unwrap().clone();
    hand.push(twice);
    s["setup"]["hands"][0] = list(&hand);
    refused(&s, "a third copy of a card");

    let mut s = save.clone();
    let mut stock = cards(&s["setup"]["stock"]);
    stock.pop();
    s["setup"]["stock"] = list(&stock);
    refused(&s, "a card missing");

    let mut s = save.clone();
    s["setup"]["hands"][0] = json!("Ah Xx");
    refused(&s, "a card that is not notation");

    let mut s = save.clone();
    s["setup"]["to_move"] = json!(5);
    refused(&s, "a mover that is not a seat");

    let mut s = save.clone();
    s["setup"]["known"][1] = s["setup"]["hands"][0].clone();
    refused(&s, "known cards in another hand");

    let mut s = save.clone();
    s["setup"]["penalties"] = json!([0, 10]);
    refused(&s, "a result while the hand is on");

    // Three random cards of the hand laid down as a set are (almost surely) no meld.
    let mut s = save.clone();
    let hand = cards(&s["setup"]["hands"][0]);
    s["setup"]["hands"][0] = list(&hand[3..]);
    s["setup"]["opened"][0] = json!(true);
    s["setup"]["table"] = json!([{ "owner": 0, "kind": "group", "cards": hand[..3].join(" ") }]);
    let r: Result<Rummy40, _> = serde_json::from_value(s.clone());
    if let Ok(back) = r {
        assert!(back.table().melds()[0].meld().len() == 3);
    }
    // A meld owned by a seat that has not opened.
    s["setup"]["opened"][0] = json!(false);
    refused(&s, "a meld of a seat that has not opened");

    let mut s = save.clone();
    s["config"]["jokers"] = json!(3);
    refused(&s, "a pack of three jokers");

    let mut s = save;
    s["setup"]["taken"] = json!(cards(&s["setup"]["hands"][1])[0]);
    refused(&s, "a taken card before the draw");
}

/// RULES.md §3.7: a rummy with builds round-trips; a record written before builds existed
/// (`GoRummy` without a `builds` field) still reads, as a rummy without builds.
#[test]
fn rules_3_7_rummy_actions_round_trip() {
    use rummykit_core::{MeldId, MeldKind, PieceId, RunEnd};
    use rummykit_rummy40::{Action, NewMeld, RummyLayOff};
    let id = |i| PieceId::new(i).unwrap();
    let melds = vec![NewMeld::new(MeldKind::Run, vec![id(1), id(2), id(3)])];
    let builds = vec![RummyLayOff::new(id(34), MeldId::new(0), RunEnd::Front)];
    for a in [
        Action::GoRummy { melds: melds.clone(), lay_offs: builds.clone(), discard: id(25) },
        Action::TakeDiscardAndGoRummy { melds: melds.clone(), lay_offs: builds, discard: id(25) },
        Action::GoRummy { melds: melds.clone(), lay_offs: vec![], discard: id(25) },
    ] {
        let back: Action = serde_json::from_str(&serde_json::to_string(&a).unwrap()).unwrap();
        assert_eq!(back, a);
    }
    let old = json!({"GoRummy": {"melds": [{"kind": "run", "pieces": [1, 2, 3]}], "discard": 25}});
    let a: Action = serde_json::from_value(old).unwrap();
    assert_eq!(a, Action::GoRummy { melds, lay_offs: vec![], discard: id(25) });
}
