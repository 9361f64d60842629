//! `Redeal` for every game and variant, through one generic check: the re-dealt game
//! shows the seat the same view, holds every piece exactly once, is the same for the
//! same seed, and does deal something anew.

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::{AnyGame, Game, PieceId, Redeal, Seating, Tile, Variant};

/// Every piece of `game`, by place-independent name, sorted: equal lists mean no piece
/// was lost or duplicated.
fn pieces(game: &AnyGame) -> Vec<String> {
    let ids = |ids: &mut dyn Iterator<Item = PieceId>| ids.map(|p| format!("{p:?}")).collect::<Vec<_>>();
    let tiles = |tiles: &mut dyn Iterator<Item = Tile>| tiles.map(|t| t.to_string()).collect::<Vec<_>>();
    let mut all = match game {
        AnyGame::Rummikub(g) => {
            let mut all = tiles(&mut g.pool());
            for s in 0..g.seats() {
                all.extend(tiles(&mut g.rack(s).expect("a seat").iter()));
            }
            all.extend(tiles(&mut g.table().iter().flat_map(|m| m.faces().iter().copied())));
            all
        }
        AnyGame::Classic(g) => {
            let mut all = ids(&mut g.piles().stock().iter().copied());
            all.extend(ids(&mut g.piles().discard_pile().iter().copied()));
            all.extend(ids(&mut g.table().pieces().iter()));
            for s in 0..g.seats() {
                all.extend(ids(&mut g.hand(s).unwrap().iter()));
            }
            all
        }
        AnyGame::Rummy40(g) => {
            let mut all = ids(&mut g.piles().stock().iter().copied());
            all.extend(ids(&mut g.piles().discard_pile().iter().copied()));
            all.extend(ids(&mut g.table().pieces().iter()));
            for s in 0..g.seats() {
                all.extend(ids(&mut g.hand(s).unwrap().iter()));
            }
            all
        }
        _ => unreachable!("three engines"),
    };
    all.sort();
    all
}

/// Deals, then at every step of a random hand re-deals for every seat and checks the
/// contract; returns how many samples differed from the game.
fn check_redeal<G: Redeal + PartialEq>(
    name: &str,
    config: &G::Config,
    seats: usize,
    seed: u64,
    pieces: impl Fn(&G) -> Vec<String>,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = G::deal(config, Seating::new(seats), &mut rng).expect("a deal");
    let (mut legal, mut moved) = (Vec::new(), 0);
    for _ in 0..60 {
        let all = pieces(&game);
        for seat in 0..seats {
            let sample_seed = rng.next_u64();
            let sample = game.redeal(seat, &mut ChaCha8Rng::seed_from_u64(sample_seed));
            assert_eq!(
                format!("{:?}", sample.view(seat)),
                format!("{:?}", game.view(seat)),
                "{name}: seat {seat}"
            );
            assert_eq!(pieces(&sample), all, "{name}: a piece lost or duplicated");
            assert_eq!(sample.to_move(), game.to_move(), "{name}");
            let again = game.redeal(seat, &mut ChaCha8Rng::seed_from_u64(sample_seed));
            assert!(again == sample, "{name}: another game from the same seed");
            moved += usize::from(sample != game);
        }
        let Some(seat) = game.to_move() else { break };
        game.legal_actions(&mut legal);
        let action = legal.choose(&mut rng).cloned().expect("a seat to move has a legal action");
        game.apply(seat, action).expect("a listed action");
    }
    moved
}

#[test]
fn every_variant_redeals_what_a_seat_cannot_see() {
    for (i, variant) in Variant::ALL.into_iter().enumerate() {
        let config = variant.config().with_max_restocks(Some(2));
        for seats in [2, 4] {
            let moved = check_redeal::<AnyGame>(variant.name(), &config, seats, 40 + i as u64, pieces);
            assert!(moved > 0, "{variant}: no sample dealt anything anew");
        }
    }
}

#[test]
fn each_engine_redeals_through_the_trait() {
    use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
    use rummykit::rummikub::{Config as RummikubConfig, Rummikub};
    use rummykit::rummy40::{Config as Rummy40Config, Rummy40};
    let config = RummikubConfig::SCHMIDT;
    let moved = check_redeal::<Rummikub>("Schmidt", &config, 3, 7, |g| pieces(&AnyGame::from(g.clone())));
    assert!(moved > 0);
    let config = ClassicConfig::STANDARD.with_max_restocks(Some(2));
    let moved = check_redeal::<ClassicRummy>("classic", &config, 3, 8, |g| pieces(&AnyGame::from(g.clone())));
    assert!(moved > 0);
    let config = Rummy40Config::SCALA40;
    let moved = check_redeal::<Rummy40>("Scala 40", &config, 3, 9, |g| pieces(&AnyGame::from(g.clone())));
    assert!(moved > 0);
}
