//! The bots act only legally: many seeded hands per bot mix, every action
//! accepted by the engine, every hand finished. Also the strength report (ignored).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::RandomBot;
use rummykit_core::{Bot, tournament};
use rummykit_rummy40::{Config, GreedyBot, PlannerBot, Rummy40};

const MAX_ACTIONS: usize = 5_000;

fn run(config: Config, bots: &mut [&mut dyn Bot<Rummy40>], hands: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let standings = tournament::<Rummy40, _>(&config, bots, hands, MAX_ACTIONS, &mut rng)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(standings.hands(), hands);
}

#[test]
fn random_bots_play_legally_rules_3_3() {
    let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
    run(Config::RUMMY40, &mut [&mut a, &mut b], 50, 10);
}

#[test]
fn greedy_planner_and_random_play_legally_rules_3_3_to_3_7() {
    let mut g = GreedyBot::new();
    let mut p = PlannerBot::new();
    let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(3));
    run(Config::RUMMY40, &mut [&mut g, &mut p, &mut r], 100, 11);
}

#[test]
fn bots_play_legally_under_scala40_rules_3_9() {
    let mut g = GreedyBot::new();
    let mut p = PlannerBot::new();
    let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(4));
    run(Config::SCALA40, &mut [&mut g, &mut p, &mut r], 100, 12);
    let (mut a, mut b) = (PlannerBot::new(), GreedyBot::new());
    run(Config::SCALA40, &mut [&mut a, &mut b], 100, 13);
}

/// Strength comparisons for the report (run by hand in release mode):
/// `cargo test --release -p rummykit-rummy40 --test bots -- --ignored --nocapture`.
/// `BOTS_GAMES` sets the number of hands (default 1,000), `BOTS_MIX` which pairings.
#[test]
#[ignore = "long: run in release mode for the strength figures"]
fn strength_report() {
    let hands: usize = std::env::var("BOTS_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let which = std::env::var("BOTS_MIX").unwrap_or_else(|_| "gr,pg,pr,rr".into());
    let report = |label: &str, bots: &mut [&mut dyn Bot<Rummy40>]| {
        let start = std::time::Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let s = tournament::<Rummy40, _>(&Config::RUMMY40, bots, hands, MAX_ACTIONS, &mut rng).unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label}: {s}  advantage of {} over {}: {:.2} penalty points/hand\n  {:.1} hands/s, {:.1} actions/hand",
            s.names()[0],
            s.names()[1],
            s.advantage(0, 1),
            hands as f64 / secs,
            s.actions() as f64 / hands as f64
        );
    };
    if which.contains("rr") {
        let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
        report("random vs random", &mut [&mut a, &mut b]);
    }
    if which.contains("gr") {
        let mut g = GreedyBot::new();
        let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        report("greedy vs random", &mut [&mut g, &mut r]);
    }
    if which.contains("pg") {
        let (mut p, mut g) = (PlannerBot::new(), GreedyBot::new());
        report("planner vs greedy", &mut [&mut p, &mut g]);
    }
    if which.contains("pr") {
        let mut p = PlannerBot::new();
        let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        report("planner vs random", &mut [&mut p, &mut r]);
    }
}
