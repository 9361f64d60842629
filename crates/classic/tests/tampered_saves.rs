//! Tampered saves (feature `serde`): a saved hand is read through
//! `ClassicRummy::from_setup`, which re-checks every invariant, so each kind of tampering
//! below is an error, never a state. Cards are written in notation.
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
    let config = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
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

/// The cards of a notation string, one token each.
fn cards(v: &Value) -> Vec<String> {
    let text = v.as_str().expect("cards in notation");
    text.split_whitespace().map(String::from).collect()
}

fn text(cards: &[String]) -> Value {
    Value::from(cards.join(" "))
}

#[test]
fn the_untouched_save_loads() {
    let (game, value) = saved_hand();
    assert_eq!(load(&value), Ok(game));
}

#[test]
fn a_duplicated_card_is_rejected() {
    let (_, mut value) = saved_hand();
    // The next stock card also appears in seat 1's hand.
    let next = cards(&value["setup"]["stock"])[0].clone();
    let mut hand = cards(&value["setup"]["hands"][1]);
    hand.push(next.clone());
    value["setup"]["hands"][1] = text(&hand);
    let err = load(&value).expect_err("a card in two places must be refused");
    assert!(
        err.contains(&format!("{next} is there more than the 1 times")),
        "the error names the card: {err}"
    );
}

#[test]
fn a_card_moved_from_the_stock_to_a_hand_is_rejected() {
    let (_, mut value) = saved_hand();
    let mut stock = cards(&value["setup"]["stock"]);
    let next = stock.remove(0);
    let mut hand = cards(&value["setup"]["hands"][1]);
    hand.push(next);
    value["setup"]["hands"][1] = text(&hand);
    value["setup"]["stock"] = text(&stock);
    // Conservation holds; the count does not: at the start of a turn the hands and the
    // table hold exactly the cards dealt (every turn draws one and discards one).
    let err = load(&value).expect_err("a hand with a card nobody drew must be refused");
    assert!(err.contains("which does not fit the turn's phase"), "{err}");
}

#[test]
fn an_invalid_meld_is_rejected() {
    let (_, mut value) = saved_hand();
    let meld = &mut value["setup"]["table"][0];
    let kind = meld["kind"].as_str().expect("a kind").to_string();
    // Declare the other kind: a run of three is no group and a group no run.
    meld["kind"] = Value::from(if kind == "run" { "group" } else { "run" });
    let err = load(&value).expect_err("an invalid meld must be refused");
    assert!(err.contains("table"), "the error says where: {err}");
}

#[test]
fn a_seat_to_move_that_does_not_exist_is_rejected() {
    let (_, mut value) = saved_hand();
    value["setup"]["to_move"] = Value::from(3);
    assert!(load(&value).is_err());
}

/// Caller-given numbers are compared, never added: `"dealt": u64::MAX` is refused while
/// reading (`dealt + 1` would overflow, a panic in a debug build).
#[test]
fn a_maximal_dealt_count_is_rejected_without_overflow() {
    let (_, value) = saved_hand();
    for dealt in [u64::MAX, u64::MAX - 1, u64::from(u32::MAX)] {
        let mut v = value.clone();
        v["setup"]["dealt"] = Value::from(dealt);
        let err = load(&v).expect_err("a huge deal size must not load");
        assert!(err.contains(&format!("{dealt} were dealt")), "{err}");
    }
}

/// RULES.md §2.5 with no restock cap: a save may carry any restock count, and the next
/// restock saturates the count instead of overflowing (an overflow panics in a debug build).
#[test]
fn rules_2_5_a_maximal_restock_count_loads_and_restocks() {
    let (game, mut value) = saved_hand();
    assert_eq!(game.config().max_restocks, None);
    // The stock turned face up under the discard pile: the stock is empty, the next draw
    // restocks.
    let mut pile = cards(&value["setup"]["stock"]);
    pile.extend(cards(&value["setup"]["discard"]));
    value["setup"]["discard"] = text(&pile);
    value["setup"]["stock"] = Value::from("");
    value["setup"]["restocks"] = Value::from(u32::MAX);
    let mut game = load(&value).expect("an empty stock and a maximal count are a state");
    assert_eq!(game.piles().restocks(), u32::MAX);
    game.apply(game.to_move().unwrap_or_default(), Action::DrawStock).expect("the draw restocks first");
    assert_eq!(game.piles().restocks(), u32::MAX);
    assert!(game.piles().stock_len() > 0);
}

/// The melds counted for this turn must lie on the table, the mover's; a maximal count is
/// refused.
#[test]
fn a_meld_count_above_the_table_is_rejected() {
    let (mut game, _) = saved_hand();
    game.apply(game.to_move().unwrap_or_default(), Action::DrawStock).expect("the mover draws");
    let value = serde_json::to_value(&game).expect("serialize");
    let on_table = game.table().melds().iter().filter(|m| Some(m.owner()) == game.to_move()).count();
    assert_eq!(load(&value), Ok(game));
    let mut v = value.clone();
    v["config"]["meld_limit"] = Value::from("Unlimited");
    assert!(load(&v).is_ok());

    for count in [on_table as u64 + 1, u64::from(u32::MAX)] {
        v["setup"]["melds_this_turn"] = Value::from(count);
        let err = load(&v).expect_err("more melds this turn than on the table");
        assert!(
            err.contains(&format!("melds_this_turn is {count}, above the most possible, {on_table}")),
            "{err}"
        );
    }
}
