//! The planner bot acts only legally over many seeded hands with the engine's
//! greedy and random bots, under several configurations; and the strength report
//! (ignored, run by hand in release mode).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot, PlannerBot};
use rummykit_core::RandomBot;
use rummykit_core::{Bot, MatchEnd, tournament};

const MAX_ACTIONS: usize = 100_000;

fn run(config: Config, bots: &mut [&mut dyn Bot<ClassicRummy>], hands: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let standings = tournament::<ClassicRummy, _>(&config, bots, hands, MAX_ACTIONS, &mut rng)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(standings.hands(), hands);
}

#[test]
fn planner_plays_legally_rules_2_3_to_2_6() {
    let config = Config::simulation(MatchEnd::SingleHand);
    let (mut p, mut g) = (PlannerBot::new(), GreedyBot);
    let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    run(config, &mut [&mut p, &mut g, &mut r], 200, 10);
    let (mut a, mut b) = (PlannerBot::new(), PlannerBot::new());
    run(config, &mut [&mut a, &mut b], 200, 11);
}

#[test]
fn planner_plays_legally_under_the_variants_2_7() {
    for (i, config) in [Config::last_card(MatchEnd::SingleHand), Config::liberal(MatchEnd::SingleHand)]
        .into_iter()
        .map(|mut c| {
            c.max_restocks = Some(2);
            c
        })
        .enumerate()
    {
        let (mut p, mut g) = (PlannerBot::new(), GreedyBot);
        let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
        run(config, &mut [&mut p, &mut g, &mut r, &mut PlannerBot::new()], 100, 20 + i as u64);
    }
}

/// Strength comparisons for the report:
/// `cargo test --release -p rummykit-classic --test planner -- --ignored --nocapture`.
/// `BOTS_GAMES` sets the number of hands (default 1,000), `BOTS_MIX` which pairings.
#[test]
#[ignore = "long: run in release mode for the strength figures"]
fn strength_report() {
    let hands: usize = std::env::var("BOTS_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let which = std::env::var("BOTS_MIX").unwrap_or_else(|_| "gr,pg,pr,rr".into());
    // At most two restocks (RULES.md §2.5's recommendation): two careful players can
    // otherwise cycle the unshuffled stock for ever.
    let config = Config::simulation(MatchEnd::SingleHand);
    let report = |label: &str, bots: &mut [&mut dyn Bot<ClassicRummy>]| {
        let start = std::time::Instant::now();
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let s = tournament::<ClassicRummy, _>(&config, bots, hands, MAX_ACTIONS, &mut rng).unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label}: {s}  advantage of {} over {}: {:.2} points/hand\n  {:.1} hands/s, {:.1} actions/hand",
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
        let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        report("greedy vs random", &mut [&mut GreedyBot, &mut r]);
    }
    if which.contains("pg") {
        report("planner vs greedy", &mut [&mut PlannerBot::new(), &mut GreedyBot]);
    }
    if which.contains("pr") {
        let mut r = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
        report("planner vs random", &mut [&mut PlannerBot::new(), &mut r]);
    }
}
