//! Tampered saves (feature `serde`): a saved hand is read through a representation that
//! re-checks every invariant, so each kind of tampering below is an error, never a state.
//! The saves come from a real seeded hand, edited as JSON values.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ClassicRummy, Config, Phase};
use rummykit_core::{Game, MatchEnd, Seating};
use serde_json::Value;

/// A 3-seat hand played by a random player that melds whenever it can, stopped at the
/// start of a turn (draw phase) once a meld lies on the table.
fn saved_hand() -> (ClassicRummy, Value) {
    let config = Config::standard(MatchEnd::SingleHand);
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = ClassicRummy::deal(&config, Seating::new(3).with_dealer(0), &mut rng).expect("deal");
        let mut legal = Vec::new();
        for _ in 0..300 {
            if game.to_move().is_none() {
                break;
            }
            if !game.table().is_empty() && game.phase() == Phase::Draw {
                let value = serde_json::to_value(&game).expect("serialize");
                return (game, value);
            }
            game.legal_actions(&mut legal);
            let melds: Vec<&Action> = legal.iter().filter(|a| matches!(a, Action::Meld(_))).collect();
            let action = melds.choose(&mut rng).copied().or_else(|| legal.choose(&mut rng)).expect("a move");
            game.apply(*action).expect("legal");
        }
    }
    panic!("no seed gave a hand with a meld on the table");
}

fn load(value: &Value) -> Result<ClassicRummy, String> {
    serde_json::from_value::<ClassicRummy>(value.clone()).map_err(|e| e.to_string())
}

fn ids(v: &Value) -> Vec<u64> {
    v.as_array().expect("a list of card ids").iter().map(|x| x.as_u64().expect("an id")).collect()
}

#[test]
fn the_untouched_save_loads() {
    let (game, value) = saved_hand();
    assert_eq!(load(&value), Ok(game));
}

#[test]
fn a_duplicated_card_is_rejected() {
    let (_, mut value) = saved_hand();
    // The top stock card also appears in seat 1's hand.
    let top = *ids(&value["stock"]).last().expect("a stock");
    let mut hand = ids(&value["hands"][1]);
    hand.push(top);
    hand.sort_unstable();
    value["hands"][1] = Value::from(hand);
    assert!(load(&value).is_err(), "a card in two places must be refused");
}

#[test]
fn a_card_moved_from_the_stock_to_a_hand_is_rejected() {
    let (_, mut value) = saved_hand();
    let mut stock = ids(&value["stock"]);
    let top = stock.pop().expect("a stock");
    let mut hand = ids(&value["hands"][1]);
    hand.push(top);
    hand.sort_unstable();
    value["hands"][1] = Value::from(hand);
    value["stock"] = Value::from(stock);
    // Conservation holds; the count does not: at the start of a turn the hands and the
    // table hold exactly the cards dealt (every turn draws one and discards one).
    assert!(load(&value).is_err(), "a hand with a card nobody drew must be refused");
}

#[test]
fn an_invalid_meld_is_rejected() {
    let (_, mut value) = saved_hand();
    let meld = &mut value["table"][0];
    let kind = meld["kind"].as_str().expect("a kind").to_string();
    // Declare the other kind: a run of three is no group and a group no run.
    meld["kind"] = Value::from(if kind == "run" { "group" } else { "run" });
    let err = load(&value).expect_err("an invalid meld must be refused");
    assert!(err.contains("table"), "the error says where: {err}");
}

#[test]
fn a_seat_to_move_that_does_not_exist_is_rejected() {
    let (_, mut value) = saved_hand();
    value["to_move"] = Value::from(3);
    assert!(load(&value).is_err());
}
