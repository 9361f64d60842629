//! Odd but legal positions of RULES.md §2, played through the public API as an outside
//! tester would: a draw with nothing left to draw, a card drawn from a turned-over pile,
//! and saves made in the middle of a turn that must keep every restriction of that turn.

mod common;

use common::*;
use rummykit_classic::{Action, ActionError, ClassicRummy, Config, Phase, Setup};
use rummykit_core::{Game, Outcome, TurnError};

/// Seat 0 to draw with an empty stock and an empty pile: every card is in a hand.
fn nothing_to_draw(config: &Config) -> ClassicRummy {
    let mut setup = Setup::new(vec![
        cards("2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad"),
        cards("2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"),
    ]);
    setup.dealer = 1;
    setup.phase = Phase::Draw;
    ClassicRummy::from_setup(config, setup).expect("a position with nothing to draw")
}

/// §2.5: a player to draw from an empty stock may take the discard or turn the pile over;
/// with neither stock nor pile there is no card to draw and the hand cannot go on, so a
/// draw from the stock ends it void, as the restock cap does, whatever the cap: no winner,
/// no points, every card where it was. (Play never reaches this: the player who turned
/// the pile over discards or goes out before anyone draws again.)
#[test]
fn rules_2_5_a_draw_with_stock_and_pile_both_empty_ends_the_hand_void() {
    for config in
        [standard(), standard().with_max_restocks(Some(3)), standard().with_shuffle_on_restock(true)]
    {
        let mut g = nothing_to_draw(&config);
        refused(&mut g, Action::TakeDiscard, ActionError::Turn(TurnError::EmptyDiscardPile));
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal, [Action::DrawStock]);
        let hands = [g.hand(0).unwrap(), g.hand(1).unwrap()];
        play(&mut g, &[Action::DrawStock]);
        assert_eq!(g.outcome(), Some(Outcome { points: vec![0, 0], winners: vec![] }), "{config:?}");
        assert_eq!((g.to_move(), g.phase()), (None, Phase::Over));
        assert_eq!([g.hand(0).unwrap(), g.hand(1).unwrap()], hands);
        assert!(g.conserves_cards());
        g.legal_actions(&mut legal);
        assert!(legal.is_empty());
    }
}

/// §2.3 and §2.5: a card drawn after the pile was turned over is a stock card, even though
/// it lay on the pile before: it may be discarded at once. The card a player takes from
/// the pile itself may not.
#[test]
fn rules_2_5_a_card_from_the_turned_over_pile_may_be_discarded_at_once() {
    // Seat 0 draws Qc, the last stock card, and discards it; seat 1 turns the pile over
    // and draws its bottom card, the 2s turned up at the deal.
    let mut setup = Setup::new(vec![cards("2c 3c 8d 9h Kh"), cards("4d 5s 9c Jd Ks")]);
    setup.dealer = 1;
    setup.stock = cards("Qc");
    setup.discard = cards("2s");
    setup.fill_stock();
    let rest = setup.stock.split_off(1);
    setup.discard.extend(rest);
    let mut g = ClassicRummy::from_setup(&standard(), setup).unwrap();
    play(&mut g, &[Action::DrawStock, discard("Qc"), Action::DrawStock]);
    assert_eq!(g.piles().restocks(), 1);
    assert!(g.hand(1).unwrap().contains(id("2s")));
    assert_eq!(g.taken_this_turn(), None);
    play(&mut g, &[discard("2s")]);
    assert_eq!(g.piles().discard_pile(), &ids("2s")[..]);
    // Seat 0 takes the 2s from the pile: now it is held back.
    play(&mut g, &[Action::TakeDiscard]);
    refused(&mut g, discard("2s"), ActionError::Turn(TurnError::DiscardTakenCard { card: named(id("2s")) }));
    assert!(g.conserves_cards());
}

/// §2.3 across a save: a game saved after taking the discard and melding keeps, once
/// restored, the turn's restrictions: no second meld (one per turn), and the taken card
/// may not be discarded; a lay-off and another discard finish the turn as before.
#[cfg(feature = "serde")]
#[test]
fn rules_2_3_a_save_in_the_middle_of_a_turn_keeps_the_turns_restrictions() {
    let mut g = scripted(&standard(), 1, &["5h 6h 7h 9s 9d 9c Kd", "2s 3d Jc"], "Qc", "8h");
    play(&mut g, &[Action::TakeDiscard, meld("5h 6h 7h")]);
    let json = serde_json::to_string(&g).unwrap();
    let mut back: ClassicRummy = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    refused(&mut back, meld("9s 9d 9c"), ActionError::MeldLimitReached);
    refused(
        &mut back,
        discard("8h"),
        ActionError::Turn(TurnError::DiscardTakenCard { card: named(id("8h")) }),
    );
    play(&mut back, &[lay_off("8h", 0), discard("Kd")]);
    assert_eq!(back.to_move(), Some(1));
    // Next turn the meld limit is fresh again.
    play(&mut back, &[Action::DrawStock, discard("Qc"), Action::DrawStock, meld("9s 9d 9c")]);
    assert!(back.conserves_cards());
}
