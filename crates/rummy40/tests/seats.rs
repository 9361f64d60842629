//! Per-seat accessors answer `None` for a seat not at the table, and the seat's own data
//! for every seat at it (DESIGN.md, "Names and presets").

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummy40::{Config, Rummy40};

#[test]
fn seat_accessors_answer_none_for_a_seat_not_at_the_table() {
    for config in [Config::RUMMY40, Config::SCALA40] {
        for seats in Rummy40::seat_range(&config) {
            let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
            let game = Rummy40::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
            for seat in 0..seats {
                let view = game.view(seat);
                assert_eq!(game.hand(seat), Some(view.hand), "{seats} seats, seat {seat}");
                assert_eq!(game.hint(seat), Some(view.hint()), "{seats} seats, seat {seat}");
                assert_eq!(game.has_opened(seat), Some(false), "{seats} seats, seat {seat}");
                assert_eq!(game.known_cards(seat), Some(view.known[seat]), "{seats} seats, seat {seat}");
            }
            for seat in [seats, seats + 1, usize::MAX] {
                assert_eq!(game.hand(seat), None, "{seats} seats, seat {seat}");
                assert_eq!(game.hint(seat), None, "{seats} seats, seat {seat}");
                assert_eq!(game.has_opened(seat), None, "{seats} seats, seat {seat}");
                assert_eq!(game.known_cards(seat), None, "{seats} seats, seat {seat}");
            }
        }
    }
}

/// The game's hint has every game's shape (`None` for a seat not at the table, inside the
/// `Some` the seat's view's answer) and, a hand holding at most 14 cards of the pack
/// (a setup with more is refused), is never an error: checked for every seat after every
/// action of random hands under both presets.
#[test]
fn the_games_hint_is_the_views_answer_and_never_an_error() {
    use rand::seq::IndexedRandom;
    for (config, seed) in [(Config::RUMMY40, 11), (Config::SCALA40, 12)] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Rummy40::deal(&config, Seating::new(4), &mut rng).expect("a deal");
        let mut legal = Vec::new();
        for _ in 0..400 {
            for seat in 0..game.seats() {
                let hint = game.hint(seat).expect("a seat at the table");
                assert_eq!(hint, game.view(seat).hint(), "seat {seat}");
                assert!(hint.is_ok(), "seat {seat}: {hint:?}");
            }
            assert_eq!(game.hint(game.seats()), None);
            let Some(seat) = game.to_move() else { break };
            game.legal_actions(&mut legal);
            let action = legal.choose(&mut rng).expect("a legal action").clone();
            game.apply(seat, action).expect("a listed action");
        }
    }
}
