//! A view built or read from elsewhere whose rack no game could deal (up to the whole
//! box, `RULES.md` §1.1) is answered at once and legally by what reads views: the legal
//! list, the random draw and every bot (the list from a rack too large for the meld
//! enumerator holds the draw alone). Nothing there grows exponentially with the rack, so
//! Rummikub needs no guard of its own.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, Game, RandomBot, Seating};
use rummykit_rummikub::{
    Action, Config, GreedyBot, Rummikub, SamplerBot, ThoroughBot, TileCounts, check_play,
};

#[test]
fn rules_1_1_racks_of_up_to_the_whole_box_are_answered_legally() {
    let config = Config::STANDARD;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let game = Rummikub::deal(&config, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    let seat = game.to_move().unwrap();
    let box_tiles = TileCounts::full(&config.tile_set.catalog());
    let mut listed = Vec::new();
    for len in [20, 40, 53, 80, 106] {
        for opened in [false, true] {
            let mut view = game.view(seat);
            view.rack = TileCounts::new();
            box_tiles.iter().step_by(106 / len).take(len).for_each(|t| {
                view.rack.add(t);
            });
            view.seats.iter_mut().for_each(|s| s.opened = opened);
            let legal = |action: &Action| match action {
                Action::Draw => true,
                Action::Play { table } => {
                    check_play(&view.config, &view.table, &view.rack, view.has_opened(), table).is_ok()
                }
                _ => false,
            };
            Rummikub::legal_actions_from(&view, &mut listed);
            assert_eq!(listed.first(), Some(&Action::Draw), "{len} tiles");
            assert!(listed.iter().all(legal), "{len} tiles");
            let drawn = Rummikub::random_action_from(&view, &mut rng).unwrap();
            assert!(listed.contains(&drawn));
            let mut bots: [Box<dyn Bot<Rummikub>>; 4] = [
                Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(1))),
                Box::new(GreedyBot::new()),
                Box::new(ThoroughBot::new()),
                Box::new(SamplerBot::new(ChaCha8Rng::seed_from_u64(2))),
            ];
            for bot in &mut bots {
                let action = bot.act(&view);
                assert!(legal(&action), "{} with {len} tiles: {action:?}", bot.name());
            }
        }
    }
}
