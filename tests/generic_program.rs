//! One program over every engine's own types, written from the documentation as a user
//! of the library writes it (feature `serde`): a match dealt from a seeded
//! `ChaCha8Rng`, bots built by name, the first hand played a few actions by hand (each
//! seat's view read, an action offered by the wrong seat told apart generically), saved
//! as JSON in the middle of that hand and read back, the hand finished
//! (`Match::finish_hand`) and the rest of the match played by the match driver, the
//! standings read at the end.
//!
//! The same match never saved, played by `Match::play` from its first hand, must end in
//! the same state: the save, the hand-played actions and the driver are one game. The
//! program runs on each engine's own types and on `AnyGame` (the game chosen at run
//! time) under the same rules, and both play the same match.
#![cfg(feature = "serde")]

use std::error::Error;
use std::fmt::Display;

use rummykit::rand::SeedableRng;
use rummykit::rand_chacha::ChaCha8Rng;
use rummykit::{AnyConfig, AnyGame, Bot, Game, Match, MatchSave, NamedBots, NotYourTurn, SeatView};
use rummykit::{classic, rummikub, rummy40};
use serde::Serialize;
use serde::de::DeserializeOwned;

type BoxError = Box<dyn Error + Send + Sync>;

/// Actions a hand is allowed before the driver calls it endless.
const MAX_ACTIONS: usize = 100_000;

/// The engine's greedy bots, one per seat, each seeded apart.
fn greedy<G: NamedBots>(seats: usize, seed: u64) -> Result<Vec<Box<dyn Bot<G> + Send>>, BoxError> {
    (0..seats).map(|s| Ok(G::named_bot("greedy", seed + s as u64)?)).collect()
}

/// The game's own match for `seats` under `config`, cut to three hands.
fn new_match<G: Game>(config: &G::Config, seats: usize) -> Result<Match<G>, BoxError> {
    let terms = G::default_terms(config, seats).with_hand_limit(3);
    Ok(Match::new(config.clone(), terms)?)
}

/// The match played by the driver alone.
fn played_whole<G: Game + NamedBots>(
    config: &G::Config,
    seats: usize,
    seed: u64,
) -> Result<Match<G>, BoxError> {
    let mut m = new_match::<G>(config, seats)?;
    m.play(&mut greedy::<G>(seats, seed)?, &mut ChaCha8Rng::seed_from_u64(seed), MAX_ACTIONS)?;
    Ok(m)
}

/// The same match, its first hand saved and read back after `before_save` actions.
fn played_with_a_save<G>(
    config: &G::Config,
    seats: usize,
    seed: u64,
    before_save: usize,
) -> Result<Match<G>, BoxError>
where
    G: Game + NamedBots + Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned,
    G::View: Display + SeatView,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bots = greedy::<G>(seats, seed)?;
    let mut m = new_match::<G>(config, seats)?;
    let mut hand = m.next_hand(&mut rng)?;
    for _ in 0..before_save {
        let Some(seat) = hand.to_move() else { break };
        // Every seat's view agrees on who moves, and prints as the seat's own.
        for other in 0..hand.seats() {
            let view = hand.view(other);
            assert_eq!((view.seat(), view.to_move()), (other, Some(seat)));
            assert!(view.to_string().contains(&format!("seat {other}")), "{view}");
        }
        let view = hand.view(seat);
        let action = bots[m.match_seat(seat).ok_or("a seat in play")?].act(&view);
        // Offered by the next seat, the action is refused as a wrong seat, whatever
        // shape the game's error gives it.
        let wrong = (seat + 1) % hand.seats();
        let refused = hand.check(wrong, &action).expect_err("not that seat's turn");
        assert_eq!(G::not_your_turn(&refused), Some(NotYourTurn { seat: wrong, to_move: seat }));
        assert!(!G::describe(&view, &action).to_string().is_empty());
        hand.apply(seat, action)?;
    }

    let json = serde_json::to_string(&MatchSave::new(m, Some(hand))?)?;
    let (mut m, hand) = serde_json::from_str::<MatchSave<G>>(&json)?.into_parts();
    let mut hand = hand.ok_or("the save holds the hand in play")?;
    // The resumed hand is played to its end and recorded, then the match plays on.
    let outcome = m.finish_hand(&mut hand, &mut bots, MAX_ACTIONS)?;
    assert_eq!(hand.outcome(), Some(outcome));
    assert!(!m.hand_in_progress());
    // A finished match refuses to play on (`MatchError::Over`): the resumed hand may
    // have been its last.
    if !m.is_over() {
        m.play(&mut bots, &mut rng, MAX_ACTIONS)?;
    }
    Ok(m)
}

/// Both ways of playing one game's match, which must agree.
fn checked<G>(name: &str, config: &G::Config, seats: usize, seed: u64) -> Result<Match<G>, BoxError>
where
    G: Game + NamedBots + Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned,
    G::View: Display + SeatView,
{
    let whole = played_whole::<G>(config, seats, seed)?;
    assert!(whole.is_over() && whole.hands_played() >= 1, "{name}");
    for before_save in [1, 7] {
        let saved = played_with_a_save::<G>(config, seats, seed, before_save)?;
        assert_eq!(saved, whole, "{name}, seed {seed}, saved after {before_save} actions");
    }
    Ok(whole)
}

/// The program on the engine's own types and on `AnyGame` under the same rules, which
/// must play the same match; the standings as text.
fn standings<G>(name: &str, config: &G::Config, seats: usize, seed: u64) -> Result<String, BoxError>
where
    G: Game + NamedBots + Serialize + DeserializeOwned,
    G::Config: Serialize + DeserializeOwned + Into<AnyConfig>,
    G::View: Display + SeatView,
{
    let engine = checked::<G>(name, config, seats, seed)?;
    let any = checked::<AnyGame>(name, &config.clone().into(), seats, seed)?;
    assert_eq!(
        (any.history(), any.standings()),
        (engine.history(), engine.standings()),
        "{name}, seed {seed}"
    );
    // A match prints its standings as a table, the same for the engine and `AnyGame`.
    let table = engine.to_string();
    assert_eq!(any.to_string(), table, "{name}, seed {seed}");
    let first = table.lines().next().unwrap_or_default();
    assert!(first.starts_with("standings after ") && first.ends_with(" (match over)"), "{table}");
    assert!(table.lines().nth(1).is_some_and(|l| l.starts_with("ranked by ")), "{table}");
    assert_eq!(table.lines().count(), 3 + seats, "{table}");
    Ok(format!("{name}:\n{table}"))
}

#[test]
fn one_generic_program_plays_saves_and_ranks_every_game() -> Result<(), BoxError> {
    // Bots' hands bound the restocks of the card games with each game's `RESTOCK_CAP`,
    // as the README's examples do.
    let classic = classic::Config::STANDARD.with_max_restocks(Some(classic::RESTOCK_CAP));
    let capped = |config: rummy40::Config| config.with_max_restocks(Some(rummy40::RESTOCK_CAP));
    for seed in [2, 9] {
        let lines = [
            standings::<rummikub::Rummikub>("rummikub", &rummikub::Config::STANDARD, 4, seed)?,
            standings::<rummikub::Rummikub>("schmidt", &rummikub::Config::SCHMIDT, 3, seed)?,
            standings::<classic::ClassicRummy>("classic", &classic, 3, seed)?,
            standings::<rummy40::Rummy40>("rummy40", &capped(rummy40::Config::RUMMY40), 4, seed)?,
            standings::<rummy40::Rummy40>("scala40", &capped(rummy40::Config::SCALA40), 2, seed)?,
        ];
        for line in lines {
            println!("{line}");
        }
    }
    Ok(())
}
