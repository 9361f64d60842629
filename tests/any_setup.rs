//! `AnyGame` through `FromSetup` and its configuration, for every variant: a position
//! written out and built again under the game's own configuration is the same position,
//! and a position of one engine is refused under another's rules.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::{AnyGame, DealError, FromSetup, Game, PositionError, Seating, Variant};

/// A hand of `variant` after `steps` random legal actions.
fn played(variant: Variant, seats: usize, steps: usize, seed: u64) -> AnyGame {
    let config = variant.config().with_max_restocks(Some(2));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = AnyGame::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
    let mut legal = Vec::new();
    for _ in 0..steps {
        let Some(seat) = game.to_move() else { break };
        game.legal_actions(&mut legal);
        let action = legal.choose(&mut rng).cloned().expect("a seat to move has a legal action");
        game.apply(seat, action).expect("a listed action");
    }
    game
}

#[test]
fn every_variant_round_trips_through_its_setup_and_config() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        for steps in [0, 7, 40] {
            let game = played(variant, 3, steps, 100 + i as u64);
            let config = game.config();
            assert_eq!(config, variant.config().with_max_restocks(Some(2)), "{variant}");
            assert_eq!(config.kind(), game.kind());
            let setup = game.setup();
            assert_eq!(setup.kind(), game.kind());
            let built = AnyGame::from_setup(&config, setup.clone()).expect("a position the game reached");
            // Identical cards may be numbered anew (Rummy 40's two decks): the written
            // position is the same, and writing and building is a fixed point.
            assert_eq!(built.setup(), setup, "{variant} after {steps}");
            assert_eq!(built.config(), config);
            assert_eq!((built.to_move(), built.outcome()), (game.to_move(), game.outcome()), "{variant}");
            let again = AnyGame::from_setup(&config, built.setup()).expect("the written form builds");
            assert_eq!(again, built, "{variant} after {steps}");
        }
    }
}

#[test]
fn a_position_under_another_engines_rules_is_refused() {
    for a in Variant::ALL {
        let setup = played(a, 2, 5, 9).setup();
        for b in Variant::ALL.into_iter().filter(|b| b.kind() != a.kind()) {
            assert_eq!(
                AnyGame::from_setup(&b.config(), setup.clone()),
                Err(DealError::InvalidDeal(PositionError::Inconsistent(
                    "the position is of another game than the rules"
                ))),
                "{a} under {b}"
            );
        }
    }
}
