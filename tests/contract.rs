//! One downstream program for every game and preset: a single generic function, written
//! against the contract only (`Game`, `FromSetup`, the driver and records), that builds a
//! mid-hand position with the builder, refuses an action from the wrong seat and tells
//! that refusal from the others, shows each seat its view as text, saves and loads
//! mid-hand, plays random legal actions to the end, starts a match under the hand's own
//! rules, and records and replays a match — called unchanged for Rummikub, Schmidt, the 160-tile set, classic Rummy and
//! its variants, Rummy 40 and Scala 40.
#![cfg(feature = "serde")]

use core::fmt::Display;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
use rummykit::rummikub::{Config as RummikubConfig, Rummikub};
use rummykit::rummy40::{Config as Rummy40Config, Rummy40};
use rummykit::{
    Bot, FromSetup, MatchEnd, MatchRecord, MatchTerms, NotYourTurn, RandomBot, Seating, play_hand,
    record_match,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// More actions than any hand between random players takes under a restock cap.
const MAX_ACTIONS: usize = 200_000;

/// The whole program, once, for any game.
fn exercise<G>(name: &str, config: &G::Config, seats: usize, seed: u64)
where
    G: FromSetup + PartialEq + Serialize + DeserializeOwned,
    G::View: Display,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = G::deal(config, Seating::new(seats).with_dealer(0), &mut rng).expect("a deal");

    // Random legal actions through the contract, to the middle of the hand; every one is
    // first offered for the wrong seat, which is refused without a change.
    let mut pick = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut legal = Vec::new();
    for _ in 0..12 {
        let Some(seat) = game.to_move() else { break };
        game.legal_actions(&mut legal);
        let action = legal.choose(&mut pick).cloned().expect("a seat to move has a legal action");
        let other = (seat + 1) % seats;
        let before = game.clone();
        let refused = G::Error::from(NotYourTurn { seat: other, to_move: seat });
        assert_eq!(game.check(other, &action), Err(refused.clone()), "{name}");
        // Told from every other refusal through the contract alone.
        assert_eq!(G::not_your_turn(&refused), Some(NotYourTurn { seat: other, to_move: seat }), "{name}");
        assert_eq!(game.apply(other, action.clone()), Err(refused), "{name}");
        assert!(game == before, "{name}: a refused action changed the state");
        assert_eq!(game.check(seat, &action), Ok(()), "{name}");
        game.apply(seat, action).expect("a listed action is accepted");
    }
    assert!(game.to_move().is_some(), "{name}: still mid-hand");
    assert_eq!(game.config(), *config, "{name}: the hand's rules");

    // Each seat's view as text: its seat and whose turn it is first, and not another's.
    for seat in 0..seats {
        let text = game.view(seat).to_string();
        assert!(text.starts_with(&format!("seat {seat} of {seats}; ")), "{name}: {text}");
        assert_ne!(text, game.view((seat + 1) % seats).to_string(), "{name}");
    }

    // A seat not at the table (a client's number, unchecked) is shown no action.
    let mut none = Vec::new();
    G::legal_actions_from(&game.view(seats + 3), &mut none);
    assert!(none.is_empty(), "{name}: a seat not at the table is offered {} actions", none.len());

    // The position, written out and built again: the same written position (identical
    // cards may be numbered anew), and a fixed point of writing and building.
    let built = G::from_setup(config, game.setup()).expect("a position the game reached");
    assert_eq!(format!("{:?}", built.setup()), format!("{:?}", game.setup()), "{name}");
    assert_eq!(built.to_move(), game.to_move(), "{name}");
    let again = G::from_setup(config, built.setup()).expect("the written form builds");
    assert!(again == built, "{name}: writing and building is not a fixed point");

    // Saved and loaded mid-hand: the game itself, ids included.
    let save = serde_json::to_string(&game).expect("a save");
    let mut loaded: G = serde_json::from_str(&save).expect("the save loads");
    assert!(loaded == game, "{name}: the save does not load back");

    // Random bots play it out from their views.
    let mut bots: Vec<RandomBot<ChaCha8Rng>> =
        (0..seats).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(seed + s as u64))).collect();
    let mut seated: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| b as &mut dyn Bot<G>).collect();
    let (outcome, _) = play_hand(&mut loaded, &mut seated, MAX_ACTIONS).expect("random legal play ends");
    assert_eq!(loaded.outcome(), Some(outcome.clone()), "{name}");
    assert_eq!(outcome.points.len(), seats, "{name}");
    // Once over, the action last listed is refused for every seat, and not as one
    // offered for the wrong seat: nobody is to move.
    let refused = loaded.check(0, &legal[0]).expect_err("the hand is over");
    assert_eq!(G::not_your_turn(&refused), None, "{name}: {refused}");
    assert!(loaded.view(0).to_string().contains(&format!("result: {outcome}")), "{name}");

    // A match under the rules of the hand alone, as a program that reloads a hand starts one.
    let resumed =
        rummykit::Match::<G>::new(loaded.config(), MatchTerms::new(seats)).expect("the hand's rules");
    assert_eq!(resumed.config(), config, "{name}");

    // A recorded match of two hands replays to the same totals.
    let terms = MatchTerms::new(seats).with_first_dealer(0).with_end(MatchEnd::FixedHands(2));
    let setup = MatchRecord::<G>::new(name, config.clone(), terms, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let (record, played) = record_match(setup, &mut seated[..], &mut rng, MAX_ACTIONS).expect("a match");
    assert_eq!(record.hands.len(), 2, "{name}");
    let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect("the record replays");
    assert_eq!(replayed.totals, played.totals(), "{name}");
}

#[test]
fn one_program_plays_every_game_and_preset() {
    let capped = |mut c: ClassicConfig| {
        c.max_restocks = Some(3);
        c
    };
    let end = MatchEnd::TargetScore(100);
    for seats in [2, 3, 4] {
        let seed = 40 + seats as u64;
        exercise::<Rummikub>("rummikub", &RummikubConfig::STANDARD, seats, seed);
        exercise::<Rummikub>("schmidt", &RummikubConfig::SCHMIDT, seats, seed);
        exercise::<Rummikub>("rummikub-xp", &RummikubConfig::XP, seats, seed);
        exercise::<ClassicRummy>("classic", &capped(ClassicConfig::STANDARD.with_game_end(end)), seats, seed);
        exercise::<ClassicRummy>(
            "classic-last-card",
            &capped(ClassicConfig::LAST_CARD.with_game_end(end)),
            seats,
            seed,
        );
        exercise::<ClassicRummy>(
            "classic-liberal",
            &capped(ClassicConfig::LIBERAL.with_game_end(end)),
            seats,
            seed,
        );
        let (mut r40, mut s40) = (Rummy40Config::RUMMY40, Rummy40Config::SCALA40);
        (r40.max_restocks, s40.max_restocks) = (Some(3), Some(3));
        exercise::<Rummy40>("rummy40", &r40, seats, seed);
        exercise::<Rummy40>("scala40", &s40, seats, seed);
    }
}
