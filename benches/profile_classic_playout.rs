//! The playout of `benches/playout.rs` (classic, 4 seats, random bots, two restocks at most)
//! as a plain loop, for profilers (`valgrind --tool=callgrind`) and action counts.
//!
//! Run: `cargo run --release -p rummykit-bench --bin profile_classic_playout -- 1024 [digest]`
//! (`digest`: also an FNV-1a digest of every action and outcome, to check that a change
//! plays exactly the same games).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ClassicRummy, Config};
use rummykit_core::RandomBot;
use rummykit_core::{Bot, Game, Seating, play_hand};

#[path = "common/digest.rs"]
mod digest;
use digest::Digest;

fn main() {
    let hands: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1024);
    let with_digest = std::env::args().nth(2).is_some_and(|a| a == "digest");
    let config = Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP));
    let (mut actions, mut melds, mut layoffs, mut void) = (0usize, 0usize, 0usize, 0usize);
    // Every action and outcome: the same games give the same digest.
    let mut digest = Digest::new();
    let start = std::time::Instant::now();
    for i in 0..hands {
        let seed = i % 1024;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = ClassicRummy::deal(&config, Seating::new(4), &mut rng).expect("a valid deal");
        let mut bots: Vec<RandomBot<ChaCha8Rng>> =
            (0..4).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(seed * 8 + s))).collect();
        let mut seated: Vec<&mut dyn Bot<ClassicRummy>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<ClassicRummy>).collect();
        let (outcome, played) = play_hand(&mut game, &mut seated, 1_000_000).expect("legal play");
        if with_digest {
            digest.feed(&format!("{played:?}{outcome:?}"));
        }
        actions += played.len();
        melds += played.iter().filter(|a| matches!(a, Action::Meld(_))).count();
        layoffs += played.iter().filter(|a| matches!(a, Action::LayOff { .. })).count();
        void += usize::from(outcome.winners.is_empty());
    }
    let elapsed = start.elapsed();
    println!(
        "{hands} hands: {:.1} actions/hand ({:.2} melds, {:.2} lay-offs), {void} void, digest {:016x}; \
         {:.1} µs/hand (including the digest)",
        actions as f64 / hands as f64,
        melds as f64 / hands as f64,
        layoffs as f64 / hands as f64,
        digest.0,
        elapsed.as_secs_f64() * 1e6 / hands as f64
    );
}
