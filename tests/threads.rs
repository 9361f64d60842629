//! What a program that plays on several threads needs: bots built by name are `Send`,
//! and every game's errors pass on with `?` as a `Box<dyn Error + Send + Sync>`, in
//! code generic over the game. Most of what is checked here is that it compiles.

use std::error::Error;

use rummykit::rand::SeedableRng;
use rummykit::rand_chacha::ChaCha8Rng;
use rummykit::{
    AnyGame, Game, NamedBots, NotYourTurn, Outcome, Seating, Variant, classic, play_hand, rummikub, rummy40,
};

type Failure = Box<dyn Error + Send + Sync>;

/// A hand dealt and played by two of the engine's bots chosen by name, every error
/// passed on with `?`: generic over the game, with no bound on its error.
fn hand_by_name<G: NamedBots>(config: &G::Config, names: [&str; 2], seed: u64) -> Result<Outcome, Failure> {
    let mut game = G::deal(config, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(seed))?;
    let mut bots = Vec::new();
    for (s, name) in names.into_iter().enumerate() {
        bots.push(G::named_bot(name, seed + s as u64)?);
    }
    let (outcome, _) = play_hand(&mut game, &mut bots, 100_000)?;
    Ok(outcome)
}

/// The first legal action offered for a seat that is not the mover's: the game's own
/// refusal, passed on with `?`.
fn wrong_seat<G: Game>(config: &G::Config) -> Result<(), Failure> {
    let mut game = G::deal(config, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(7))?;
    let seat = game.to_move().ok_or("a fresh hand has a mover")?;
    let mut actions = Vec::new();
    game.legal_actions(&mut actions);
    let action = actions.into_iter().next().ok_or("the mover can act")?;
    game.apply((seat + 1) % 3, action)?;
    Ok(())
}

/// Each game's refusal arrives as its own error, whole: a program can read it back.
fn refused_as_its_own<G: Game>(config: &G::Config) {
    let err = wrong_seat::<G>(config).expect_err("another seat is refused");
    let own = err.downcast_ref::<G::Error>().expect("the game's own error");
    let dealt = G::deal(config, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(7)).expect("a deal");
    let mover = dealt.to_move().expect("a mover");
    assert_eq!(*own, G::Error::from(NotYourTurn { seat: (mover + 1) % 3, to_move: mover }));
}

#[test]
fn every_games_errors_pass_on_as_send_and_sync() {
    refused_as_its_own::<rummikub::Rummikub>(&rummikub::Config::STANDARD);
    refused_as_its_own::<classic::ClassicRummy>(&classic::Config::STANDARD);
    refused_as_its_own::<rummy40::Rummy40>(&rummy40::Config::RUMMY40);
    refused_as_its_own::<AnyGame>(&Variant::Scala40.config());
}

/// Bots by name go to another thread: each hand is played on a thread of its own, and
/// plays as the same hand on this one.
#[test]
fn bots_by_name_play_on_another_thread() {
    let scala = Variant::Scala40.config();
    let here = hand_by_name::<AnyGame>(&scala, ["greedy", "random"], 3).expect("a hand");
    let bot = rummykit::bot(Variant::Scala40, "greedy", 3).expect("a greedy bot");
    let other = rummykit::bot(Variant::Scala40, "random", 4).expect("a random bot");
    let there = std::thread::spawn(move || {
        let mut game = AnyGame::deal(&scala, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(3))?;
        let (outcome, _) = play_hand(&mut game, &mut [bot, other], 100_000)?;
        Ok::<_, Failure>(outcome)
    });
    assert_eq!(there.join().expect("no panic").expect("a hand"), here);
    // Each engine's own bots too, built by name on the thread that plays them.
    let rummikub = std::thread::spawn(|| {
        hand_by_name::<rummikub::Rummikub>(&rummikub::Config::STANDARD, ["greedy", "random"], 5)
    });
    let rummy40 = std::thread::spawn(|| {
        hand_by_name::<rummy40::Rummy40>(&rummy40::Config::SCALA40, ["planner", "greedy"], 6)
    });
    let classic = classic::Config::STANDARD.with_max_restocks(Some(3));
    let classic =
        std::thread::spawn(move || hand_by_name::<classic::ClassicRummy>(&classic, ["planner", "random"], 7));
    for hand in [rummikub, rummy40, classic] {
        let outcome = hand.join().expect("no panic").expect("a hand");
        assert_eq!(outcome.points.len(), 2);
    }
}
