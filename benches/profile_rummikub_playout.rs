//! The playout of `benches/playout.rs` (Rummikub, 4 seats, four `GreedyBot`s,
//! `Config::STANDARD`) as a plain loop, for profilers (`valgrind --tool=callgrind`),
//! turn counts and a digest of what is played.
//!
//! Run: `cargo run --release -p rummykit-bench --bin profile_rummikub_playout -- 100 [digest]`
//! (`digest`: also an FNV-1a digest of every action and outcome, to check that a change
//! plays exactly the same games; game `i` is dealt with seed `i % 1024`).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, Game, Seating, play_hand};

#[path = "common/digest.rs"]
mod digest;
use digest::Digest;
use rummykit_rummikub::{Action, Config, GreedyBot, Rummikub};

fn main() {
    let games: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let with_digest = std::env::args().nth(2).is_some_and(|a| a == "digest");
    let config = Config::STANDARD;
    let (mut actions, mut plays, mut draws, mut passes) = (0usize, 0usize, 0usize, 0usize);
    // Every action and outcome: the same games give the same digest.
    let mut digest = Digest::new();
    let start = std::time::Instant::now();
    for i in 0..games {
        let seed = i % 1024;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Rummikub::deal(&config, Seating::new(4), &mut rng).expect("a valid deal");
        let mut bots: Vec<GreedyBot> = (0..4).map(|_| GreedyBot::new()).collect();
        let mut seated: Vec<&mut dyn Bot<Rummikub>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<Rummikub>).collect();
        let (outcome, played) = play_hand(&mut game, &mut seated, 1_000_000).expect("legal play");
        if with_digest {
            digest.feed(&format!("{played:?}{outcome:?}"));
        }
        actions += played.len();
        plays += played.iter().filter(|a| matches!(a, Action::Play { .. })).count();
        draws += played.iter().filter(|a| matches!(a, Action::Draw)).count();
        passes += played.iter().filter(|a| matches!(a, Action::Pass)).count();
    }
    let elapsed = start.elapsed();
    let per = |n: usize| n as f64 / games as f64;
    println!(
        "{games} games: {:.1} actions/game ({:.1} plays, {:.1} draws, {:.1} passes), digest {:016x}; \
         {:.3} ms/game (including the digest)",
        per(actions),
        per(plays),
        per(draws),
        per(passes),
        digest.0,
        elapsed.as_secs_f64() * 1e3 / games as f64
    );
}
