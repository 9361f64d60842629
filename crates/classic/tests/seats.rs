//! Per-seat accessors answer `None` for a seat not at the table, and the seat's own data
//! for every seat at it (DESIGN.md, "Names and presets").

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config};
use rummykit_core::{Game, Seating};

#[test]
fn seat_accessors_answer_none_for_a_seat_not_at_the_table() {
    let config = Config::STANDARD;
    for seats in ClassicRummy::seat_range(&config) {
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let game = ClassicRummy::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        for seat in 0..seats {
            let view = game.view(seat);
            assert_eq!(game.hand(seat), Some(view.hand), "{seats} seats, seat {seat}");
            assert_eq!(game.hint(seat), Some(view.hint()), "{seats} seats, seat {seat}");
            assert_eq!(game.has_played_before(seat), Some(false), "{seats} seats, seat {seat}");
        }
        for seat in [seats, seats + 1, usize::MAX] {
            assert_eq!(game.hand(seat), None, "{seats} seats, seat {seat}");
            assert_eq!(game.hint(seat), None, "{seats} seats, seat {seat}");
            assert_eq!(game.has_played_before(seat), None, "{seats} seats, seat {seat}");
        }
    }
}
