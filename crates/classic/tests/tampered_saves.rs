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
            game.apply(game.to_move().unwrap_or_default(), *action).expect("legal");
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

/// Caller-given numbers are compared, never added: `"dealt": u64::MAX` is refused while
/// reading (it used to overflow `dealt + 1` and panic in a debug build).
#[test]
fn a_maximal_dealt_count_is_rejected_without_overflow() {
    let (_, value) = saved_hand();
    for dealt in [u64::MAX, u64::MAX - 1, u64::from(u32::MAX)] {
        let mut v = value.clone();
        v["dealt"] = Value::from(dealt);
        let err = load(&v).expect_err("a huge deal size must not load");
        assert!(err.contains(&format!("{dealt} were dealt")), "{err}");
    }
}

/// RULES.md §2.5 with no restock cap: a save may carry any restock count, and the next
/// restock saturates the count instead of overflowing (it used to panic in stock.rs).
#[test]
fn s2_5_a_maximal_restock_count_loads_and_restocks() {
    let (game, mut value) = saved_hand();
    assert_eq!(game.config().max_restocks, None);
    // The stock turned face up under the discard pile: the stock is empty, the next draw
    // restocks.
    let mut pile: Vec<u64> = ids(&value["stock"]);
    pile.reverse();
    pile.extend(ids(&value["discard"]));
    value["discard"] = Value::from(pile);
    value["stock"] = Value::from(Vec::<u64>::new());
    value["restocks"] = Value::from(u32::MAX);
    let mut game = load(&value).expect("an empty stock and a maximal count are a state");
    assert_eq!(game.piles().restocks(), u32::MAX);
    game.apply(game.to_move().unwrap_or_default(), Action::DrawStock).expect("the draw restocks first");
    assert_eq!(game.piles().restocks(), u32::MAX);
    assert!(game.piles().stock_len() > 0);
}

/// The melds counted for this turn must lie on the table; a maximal count is refused.
#[test]
fn a_meld_count_above_the_table_is_rejected() {
    let (mut game, _) = saved_hand();
    game.apply(game.to_move().unwrap_or_default(), Action::DrawStock).expect("the mover draws");
    let value = serde_json::to_value(&game).expect("serialize");
    assert_eq!(load(&value), Ok(game));
    let mut v = value.clone();
    v["config"]["meld_limit"] = Value::from("Unlimited");
    assert!(load(&v).is_ok());
    let on_table = v["table"].as_array().map_or(0, Vec::len);
    for count in [on_table as u64 + 1, u64::from(u32::MAX)] {
        v["melds_this_turn"] = Value::from(count);
        let err = load(&v).expect_err("more melds this turn than on the table");
        assert!(
            err.contains(&format!("melds_this_turn is {count}, above the most possible, {on_table}")),
            "{err}"
        );
    }
}
