//! Per-seat accessors answer `None` for a seat not at the table, and the seat's own data
//! for every seat at it (DESIGN.md, "Names and presets"); so does scoring a win by a
//! seat that is not at the table.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummikub::{Config, Rummikub, score_went_out};

#[test]
fn seat_accessors_answer_none_for_a_seat_not_at_the_table() {
    let config = Config::STANDARD;
    for seats in Rummikub::seat_range(&config) {
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let game = Rummikub::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        let racks: Vec<_> = (0..seats).map(|s| game.view(s).rack).collect();
        for seat in 0..seats {
            let view = game.view(seat);
            assert_eq!(game.rack(seat), Some(&view.rack), "{seats} seats, seat {seat}");
            assert_eq!(game.has_opened(seat), view.has_opened(seat), "{seats} seats, seat {seat}");
            let points = score_went_out(&config, seat, &racks, &[false; 4], false);
            assert_eq!(points.map(|p| p.iter().sum::<i64>()), Some(0), "{seats} seats, winner {seat}");
        }
        for seat in [seats, seats + 1, usize::MAX] {
            assert_eq!(game.rack(seat), None, "{seats} seats, seat {seat}");
            assert_eq!(game.has_opened(seat), None, "{seats} seats, seat {seat}");
            assert_eq!(score_went_out(&config, seat, &racks, &[false; 4], false), None, "winner {seat}");
        }
    }
}
