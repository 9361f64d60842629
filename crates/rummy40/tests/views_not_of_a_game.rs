//! A view built or read from elsewhere whose hand no game could hold (more than the 13
//! dealt and the one drawn, `RULES.md` §3.2, §3.3, or an id not of the pack) has no legal
//! action in the play phase, and none but the draws before it: the list from a view is
//! empty and the random draw answers `None`, at once (the actions of a hand grow
//! exponentially with it). Every view of a game lists what
//! the game lists.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, Game, PieceId, Seating};
use rummykit_rummy40::{Action, Config, GreedyBot, HAND_SIZE, LegalActions, PlannerBot, Rummy40};

/// A game of `config` whose seat to move has drawn: its hand holds 14 cards.
fn drawn(config: &Config, seed: u64) -> Rummy40 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Rummy40::deal(config, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    game.apply(1, Action::DrawStock).unwrap();
    game
}

#[test]
fn rules_3_2_a_hand_larger_than_a_dealt_hand_and_a_draw_lists_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for config in [Config::RUMMY40, Config::SCALA40] {
        let game = drawn(&config, 3);
        let mut listed = Vec::new();
        Rummy40::legal_actions_from(&game.view(1), &mut listed);
        assert!(listed.len() > 1, "a hand of {} cards plays", HAND_SIZE + 1);
        // Every card of the pack (14 cards already make 615 actions, 26 make 382,311).
        for len in [HAND_SIZE + 2, 26, 40, 106] {
            let mut view = game.view(1);
            view.common.hand = (0..len).filter_map(|i| PieceId::new(i as u8)).collect();
            assert_eq!(view.hand.len(), len);
            Rummy40::legal_actions_from(&view, &mut listed);
            assert!(listed.is_empty(), "{len} cards: {} actions", listed.len());
            assert_eq!(Rummy40::random_action_from(&view, &mut rng), None, "{len} cards");
        }
    }
}

#[test]
fn a_hand_holding_an_id_not_of_the_pack_lists_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let game = drawn(&Config::RUMMY40, 4);
    let pack = u8::try_from(Config::RUMMY40.catalog().unwrap().len()).unwrap();
    let mut view = game.view(1);
    let dealt = view.hand.first().unwrap();
    view.common.hand.remove(dealt);
    view.common.hand.insert(PieceId::new(pack).unwrap());
    assert_eq!(view.hand.len(), HAND_SIZE + 1);
    let mut listed = Vec::new();
    Rummy40::legal_actions_from(&view, &mut listed);
    assert!(listed.is_empty(), "{} actions", listed.len());
    assert_eq!(Rummy40::random_action_from(&view, &mut rng), None);
}

/// The guard refuses no view of a game: on random play under both presets, the list
/// from every seat's view is the game's list (or empty when it is not that seat's turn),
/// and a random action of the mover's view is one of it.
#[test]
fn every_view_of_a_game_lists_what_the_game_lists() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let (mut from_view, mut from_game) = (Vec::new(), Vec::new());
    let mut states = 0;
    for game_no in 0..24 {
        let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
        let mut game = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        for _ in 0..300 {
            let Some(mover) = game.to_move() else { break };
            game.legal_actions(&mut from_game);
            for seat in 0..game.seats() {
                Rummy40::legal_actions_from(&game.view(seat), &mut from_view);
                if seat == mover {
                    assert_eq!(from_view, from_game);
                } else {
                    assert!(from_view.is_empty());
                }
            }
            let drawn = Rummy40::random_action_from(&game.view(mover), &mut rng).unwrap();
            assert!(from_game.contains(&drawn));
            let action = from_game.choose(&mut rng).unwrap().clone();
            game.apply(mover, action).unwrap();
            states += 1;
        }
    }
    assert!(states > 2_000, "{states} states");
}

/// Every way a view lists or chooses refuses such a hand at once: the view's own list,
/// a kept list filled from it, and the crate's bots (which then draw from the stock,
/// an action the referee judges).
#[test]
fn rules_3_2_lists_and_bots_of_a_view_no_game_could_hold_answer_at_once() {
    let game = drawn(&Config::SCALA40, 5);
    let mut view = game.view(1);
    view.common.hand = (0..40).filter_map(PieceId::new).collect();
    let mut listed = vec![Action::DrawStock];
    view.legal_actions(&mut listed);
    assert!(listed.is_empty(), "{} actions", listed.len());
    let mut legal = LegalActions::new();
    legal.fill(&view);
    assert!(legal.is_empty(), "{} actions", legal.len());
    assert_eq!(GreedyBot::new().act(&view), Action::DrawStock);
    assert_eq!(PlannerBot::new().act(&view), Action::DrawStock);
    assert!(game.check(1, &Action::DrawStock).is_err(), "the referee refuses the fallback in the play phase");
    // Before the draw, an unopened player's take of the discard asks for an opening.
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let game = Rummy40::deal(&Config::SCALA40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    let mut view = game.view(1);
    view.common.hand = (0..40).filter_map(PieceId::new).collect();
    view.legal_actions(&mut listed);
    assert_eq!(listed, [Action::DrawStock]);
    assert_eq!(PlannerBot::new().act(&view), Action::DrawStock);
}
