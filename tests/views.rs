//! What a generic server needs of every game's view: it says whose it is, who moves and
//! how the hand ended as the game does ([`SeatView`]), and it is written out and read
//! back equal (feature `serde`), at every step of a hand and once the hand is over, for
//! every game and preset, and for [`AnyGame`] over every [`Variant`].
#![cfg(feature = "serde")]

use core::fmt::Debug;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
use rummykit::rummikub::{Config as RummikubConfig, Rummikub};
use rummykit::rummy40::{Config as Rummy40Config, Rummy40};
use rummykit::{AnyConfig, AnyGame, Game, SeatView, Seating, Variant};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// More actions than any hand between random players takes under a restock cap.
const MAX_ACTIONS: usize = 200_000;
/// Steps at which every seat's view is written and read (then only every 50th, and
/// the end), to keep the test quick.
const EVERY_STEP: usize = 150;

/// Plays one hand of random legal actions; every seat's view says what the game says
/// (its seat, the seat to move, the outcome), and read back from its JSON equals the
/// view, mid-hand and once over. Returns whether the hand ended.
fn views_round_trip<G>(name: &str, config: &G::Config, seats: usize, seed: u64) -> bool
where
    G: Game,
    G::View: SeatView + Serialize + DeserializeOwned + PartialEq + Debug,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = G::deal(config, Seating::new(seats), &mut rng).expect("a deal");
    let check = |game: &G, step: usize| {
        for seat in 0..seats {
            let view = game.view(seat);
            assert_eq!(view.seat(), seat, "{name}, step {step}");
            assert_eq!(view.to_move(), game.to_move(), "{name}, step {step}");
            assert_eq!(view.outcome(), game.outcome().as_ref(), "{name}, step {step}");
            let json = serde_json::to_string(&view).expect("a view is written");
            let read: G::View = serde_json::from_str(&json)
                .unwrap_or_else(|e| panic!("{name}, step {step}, seat {seat}: {e}\n{json}"));
            assert_eq!(read, view, "{name}, step {step}, seat {seat}");
        }
    };
    let mut legal = Vec::new();
    for step in 0..MAX_ACTIONS {
        if step < EVERY_STEP || step % 50 == 0 {
            check(&game, step);
        }
        let Some(seat) = game.to_move() else {
            check(&game, step);
            assert!(game.view(0).outcome().is_some(), "{name}: an ended hand has an outcome");
            return true;
        };
        game.legal_actions(&mut legal);
        let action = legal.choose(&mut rng).cloned().expect("a seat to move has a legal action");
        game.apply(seat, action).expect("a listed action is accepted");
    }
    false
}

#[test]
fn every_view_round_trips_through_serde() {
    let capped_classic = |mut c: ClassicConfig| {
        c.max_restocks = Some(3);
        c
    };
    let capped_rummy40 = |mut c: Rummy40Config| {
        c.max_restocks = Some(3);
        c
    };
    for (seats, seed) in [(2, 7), (3, 8), (4, 9)] {
        assert!(views_round_trip::<Rummikub>("rummikub", &RummikubConfig::STANDARD, seats, seed));
        assert!(views_round_trip::<Rummikub>("schmidt", &RummikubConfig::SCHMIDT, seats, seed));
        assert!(views_round_trip::<ClassicRummy>(
            "classic",
            &capped_classic(ClassicConfig::STANDARD),
            seats,
            seed
        ));
        assert!(views_round_trip::<ClassicRummy>(
            "liberal",
            &capped_classic(ClassicConfig::LIBERAL),
            seats,
            seed
        ));
        assert!(views_round_trip::<Rummy40>("rummy40", &capped_rummy40(Rummy40Config::RUMMY40), seats, seed));
        assert!(views_round_trip::<Rummy40>("scala40", &capped_rummy40(Rummy40Config::SCALA40), seats, seed));
    }
    for variant in Variant::ALL {
        let config = match variant.config() {
            AnyConfig::Classic(c) => AnyConfig::Classic(capped_classic(c)),
            AnyConfig::Rummy40(c) => AnyConfig::Rummy40(capped_rummy40(c)),
            other => other,
        };
        assert!(views_round_trip::<AnyGame>(&format!("{variant:?}"), &config, 3, 11));
    }
}
