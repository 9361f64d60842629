//! A view built or read from elsewhere whose rack no game could deal (up to the whole
//! box, `RULES.md` §1.1) is answered at once and legally by what reads views: the legal
//! list, the random draw and every bot (the list from a rack too large for the meld
//! enumerator holds the draw alone). Nothing there grows exponentially with the rack, so
//! Rummikub needs no guard of its own.

mod common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummikub::{Config, Rummikub, TileCounts};

#[test]
fn rules_1_1_racks_of_up_to_the_whole_box_are_answered_legally() {
    let config = Config::STANDARD;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let game = Rummikub::deal(&config, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    let seat = game.to_move().unwrap();
    let box_tiles = TileCounts::full(&config.tile_set.catalog());
    for len in [20, 40, 53, 80, 106] {
        for opened in [false, true] {
            let mut view = game.view(seat);
            view.rack = TileCounts::new();
            box_tiles.iter().step_by(106 / len).take(len).for_each(|t| {
                view.rack.add(t);
            });
            view.seats.iter_mut().for_each(|s| s.opened = opened);
            common::assert_every_answer_legal(&view, &mut rng, &format!("{len} tiles"));
        }
    }
}
