//! Who wins a hand, game by game, through the contract: RULES.md §1.8 (b) (Rummikub:
//! the seats tied for the lowest rack at an empty pool share the win), §2.5 and §3.7
//! (classic Rummy and Rummy 40: play stops when one player goes out, so a win is never
//! shared; a capped or impossible restock makes the hand void).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
use rummykit::rummikub::{Config as RummikubConfig, Rummikub};
use rummykit::rummy40::{Config as Rummy40Config, Rummy40};
use rummykit::{Bot, Game, Outcome, RandomBot, Seating, play_hand};

/// More actions than any hand between random players takes under a restock cap.
const MAX_ACTIONS: usize = 200_000;

/// One hand per seed between random players.
fn outcomes<G: Game>(config: &G::Config, seats: usize, hands: u64) -> Vec<Outcome> {
    (0..hands)
        .map(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = G::deal(config, Seating::new(seats).with_dealer(0), &mut rng).expect("a deal");
            let mut bots: Vec<RandomBot<ChaCha8Rng>> =
                (0..seats).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(seed * 8 + s as u64))).collect();
            let mut players: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| b as &mut dyn Bot<G>).collect();
            let (outcome, _) = play_hand(&mut game, &mut players, MAX_ACTIONS).expect("a hand to its end");
            assert_eq!(game.outcome().as_ref(), Some(&outcome));
            outcome
        })
        .collect()
}

/// What every outcome says of its winners: seats, ascending, each named once.
fn well_formed(o: &Outcome, seats: usize) {
    assert_eq!(o.points.len(), seats);
    assert!(o.winners.iter().all(|&w| w < seats), "{o:?}");
    assert!(o.winners.windows(2).all(|w| w[0] < w[1]), "{o:?}");
    assert_eq!(o.is_void(), o.winners.is_empty());
    assert_eq!(o.is_shared(), o.winners.len() > 1);
}

/// RULES.md §1.8: a Rummikub game always has a winner (going out, or the lowest rack at
/// an empty pool); tied seats share the pot, so their points differ by less than the
/// number of sharers (the remainder of the division), and no other seat scores more
/// (one with an equal rack value but more tiles loses nothing and wins nothing).
#[test]
fn rules_1_8_b_rummikub_winners_are_the_seats_tied_for_the_lowest_rack() {
    for seats in [2, 4] {
        for o in outcomes::<Rummikub>(&RummikubConfig::STANDARD, seats, 40) {
            well_formed(&o, seats);
            assert!(!o.is_void(), "{o:?}");
            let best = *o.points.iter().max().expect("seats");
            let low = o.winners.iter().map(|&w| o.points[w]).min().expect("a winner");
            assert!(best - low < o.winners.len() as i64, "{o:?}");
            assert!(o.points.iter().enumerate().all(|(s, &p)| o.won(s) || p <= low), "{o:?}");
        }
    }
    // Shared wins are rare between random players; the engine-level example of one is
    // crates/rummikub/tests/scoring.rs (the §1.8 (b) tie rule).
}

/// RULES.md §2.5: the hand ends as soon as one player has no cards left, or void at the
/// restock cap: classic Rummy never shares a win, and its winner alone scores.
#[test]
fn rules_2_5_classic_has_one_winner_or_none() {
    for config in [
        ClassicConfig::STANDARD.with_max_restocks(Some(rummykit::classic::RESTOCK_CAP)),
        ClassicConfig::LIBERAL.with_max_restocks(Some(2)),
    ] {
        for o in outcomes::<ClassicRummy>(&config, 3, 60) {
            well_formed(&o, 3);
            assert!(o.winners.len() <= 1, "{o:?}");
            assert!(o.points.iter().enumerate().all(|(s, &p)| o.won(s) || p == 0), "{o:?}");
        }
    }
}

/// RULES.md §3.7: play stops when one player goes out, or the hand is void: Rummy 40
/// and Scala 40 never share a win, and the winner takes no penalty.
#[test]
fn rules_3_7_rummy40_has_one_winner_or_none() {
    for config in [Rummy40Config::RUMMY40, Rummy40Config::SCALA40] {
        let mut config = config;
        config.max_restocks = Some(3);
        for o in outcomes::<Rummy40>(&config, 3, 30) {
            well_formed(&o, 3);
            assert!(o.winners.len() <= 1, "{o:?}");
            assert!(o.winners.iter().all(|&w| o.points[w] == 0), "{o:?}");
        }
    }
}
