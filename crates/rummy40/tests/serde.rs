//! Saves round-trip and corrupt saves are refused (feature `serde`, DESIGN.md point 8).
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummy40::{Config, Rummy40};
use serde_json::{Value, json};

/// A save states which copy of a card is where: a copy named twice, a copy the pack does
/// not hold, a known or taken card that is not that copy where it must be, are each
/// refused with the error that names it.
#[test]
fn saves_with_impossible_copies_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut g = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng).unwrap();
    let save = serde_json::to_value(&g).unwrap();
    let refused_with = |save: &Value, message: &str| {
        let err = serde_json::from_value::<Rummy40>(save.clone()).unwrap_err().to_string();
        assert!(err.contains(message), "{err}");
    };
    let cards =
        |v: &Value| -> Vec<String> { v.as_str().unwrap().split_whitespace().map(String::from).collect() };
    let list = |c: &[String]| json!(c.join(" "));
    let replaced = |c: &[String], from: &str, to: &str| -> Value {
        list(&c.iter().map(|x| if x == from { to.to_owned() } else { x.clone() }).collect::<Vec<_>>())
    };
    let stock = cards(&save["setup"]["stock"]);
    // The stock holds both copies of some natural card: name the first copy twice, or
    // a third copy.
    let pair = stock.iter().find(|c| !c.ends_with(['\'', '*']) && stock.contains(&format!("{c}'"))).unwrap();
    let second = format!("{pair}'");
    let mut s = save.clone();
    s["setup"]["stock"] = replaced(&stock, &second, pair);
    refused_with(&s, &format!("copy 1 of {pair} is listed twice"));
    let mut s = save.clone();
    s["setup"]["stock"] = replaced(&stock, &second, &format!("{pair}''"));
    refused_with(&s, &format!("{pair} has no copy 3: the pack holds 2"));
    // A third joker in a pack of two.
    let joker = stock.iter().find(|c| c.starts_with('*')).unwrap();
    let mut s = save.clone();
    s["setup"]["stock"] = replaced(&stock, joker, "*''");
    assert!(serde_json::from_value::<Rummy40>(s).is_err());

    // Play on until the mover holds the card it took from the discard pile this turn: it
    // is known, and the card taken.
    let mut legal = Vec::new();
    while !g
        .to_move()
        .is_some_and(|s| g.taken_this_turn().is_some_and(|t| g.hand(s).is_some_and(|h| h.contains(t))))
    {
        g.legal_actions(&mut legal);
        let a = legal.choose(&mut rng).expect("a hand that goes on").clone();
        g.apply(g.to_move().unwrap_or_default(), a).unwrap();
    }
    let mover = g.to_move().unwrap();
    let save = serde_json::to_value(&g).unwrap();
    assert_eq!(serde_json::from_value::<Rummy40>(save.clone()).unwrap(), g);
    let taken = save["setup"]["taken"].as_str().unwrap().to_owned();
    let other = taken.strip_suffix('\'').map_or_else(|| format!("{taken}'"), str::to_owned);
    let mut s = save.clone();
    s["setup"]["known"][mover] = replaced(&cards(&s["setup"]["known"][mover]), &taken, &other);
    if cards(&s["setup"]["hands"][mover]).contains(&other) {
        // The mover holds both copies: knowing the other one is another position, and valid.
        assert!(serde_json::from_value::<Rummy40>(s).is_ok());
    } else {
        refused_with(&s, "a known card is not that copy in its holder's hand");
        let mut s = save.clone();
        s["setup"]["taken"] = json!(other);
        refused_with(&s, "the copy taken is neither the mover's nor on the table");
    }
    // A joker won this turn must be a joker: a natural card in the mover's hand is
    // refused, though the faces hold a joker to count.
    let jokers = |g: &Rummy40| {
        let table = g.table().pieces();
        (g.hand(mover).unwrap() | table)
            .iter()
            .filter(|&id| g.face(id) == Some(rummykit_core::Card::JOKER))
            .count()
    };
    assert!(jokers(&g) > 0, "a joker in the mover's hand or on the table");
    let mut s = save.clone();
    s["setup"]["won_jokers"] = json!(cards(&s["setup"]["hands"][mover])[0]);
    refused_with(&s, "a won joker is not a joker");
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
    // (A save writes the second copy of a card `Kd'`; a third by face is refused by face.)
    let face = |c: &String| c.trim_end_matches('\'').to_owned();
    let twice = stock.iter().map(face).find(|c| stock.iter().filter(|d| face(d) == *c).count() == 2).unwrap();
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

/// A configuration naming a field the game does not know is refused, not read with the
/// unknown rule silently dropped.
#[test]
fn a_configuration_with_an_unknown_field_is_refused() {
    let json = serde_json::to_string(&Config::SCALA40).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), Config::SCALA40);
    let extra = json.replacen('{', r#"{"closing_discard_face_down":true,"#, 1);
    let err = serde_json::from_str::<Config>(&extra).expect_err("unknown field");
    assert!(err.to_string().contains("unknown field `closing_discard_face_down`"), "{err}");
}
