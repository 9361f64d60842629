//! The bots act only legally: many seeded hands per bot mix, every action
//! accepted by the engine, every hand finished. Also the strength report (ignored).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, Game, Match, RandomBot, TournamentPlan, tournament};
use rummykit_rummy40::{Config, GreedyBot, PlannerBot, Rummy40};

const MAX_ACTIONS: usize = 5_000;

/// A bot of `kind`, seeded (the tournament builds one per seat and hand).
fn bot(kind: &str, seed: u64) -> Box<dyn Bot<Rummy40>> {
    match kind {
        "planner" => Box::new(PlannerBot::new()),
        "greedy" => Box::new(GreedyBot::new()),
        _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))),
    }
}

fn plan(seats: usize, hands: usize, seed: u64) -> TournamentPlan {
    TournamentPlan::new(seats, hands, seed).with_max_actions(MAX_ACTIONS).with_threads(2)
}

fn run(config: Config, kinds: &[&str], hands: usize, seed: u64) {
    let standings =
        tournament::<Rummy40>(&config, &plan(kinds.len(), hands, seed), |e, s| bot(kinds[e], s), |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(standings.hands(), hands);
}

#[test]
fn random_bots_play_legally_rules_3_3() {
    run(Config::RUMMY40, &["random", "random"], 50, 10);
}

#[test]
fn greedy_planner_and_random_play_legally_rules_3_3_to_3_7() {
    run(Config::RUMMY40, &["greedy", "planner", "random"], 100, 11);
}

#[test]
fn bots_play_legally_under_scala40_rules_3_9() {
    run(Config::SCALA40, &["greedy", "planner", "random"], 100, 12);
    run(Config::SCALA40, &["planner", "greedy"], 100, 13);
}

/// RULES §3.7 with at most three restocks: every hand of 5-seat elimination matches
/// (down to the last two players) ends within `LONGEST` actions, for each shipped bot
/// and mixes of them, under Rummy 40 and Scala 40 rules. A hand draws its stock at
/// most four times over, so only a cycle of turns that never draw could run past it:
/// two planners once passed the same three cards back and forth through the pile for
/// ever (the match of seed 2 below, four planners and a random bot).
#[test]
fn rules_3_7_bot_hands_end_with_three_restocks() {
    const LONGEST: usize = 3_000;
    let (mut hands, mut longest) = (0, 0);
    for config in [Config::RUMMY40, Config::SCALA40] {
        let config = config.with_max_restocks(Some(3));
        for kinds in ["ppppp", "ggggg", "ppppr", "pgrpg"] {
            for seed in 0..12 {
                let kind = |k| match k {
                    'p' => "planner",
                    'g' => "greedy",
                    _ => "random",
                };
                let mut bots: Vec<_> =
                    kinds.chars().zip(0..).map(|(k, s)| bot(kind(k), seed * 10 + s)).collect();
                let mut m = Match::<Rummy40>::new(config, Rummy40::default_terms(&config, 5)).unwrap();
                m.play_recorded(&mut bots, &mut ChaCha8Rng::seed_from_u64(seed), LONGEST)
                    .unwrap_or_else(|e| panic!("{kinds}, seed {seed}: {e}"))
                    .iter()
                    .for_each(|hand| {
                        hands += 1;
                        longest = longest.max(hand.actions.len());
                    });
            }
        }
    }
    assert!(hands > 700 && longest > 200, "{hands} hands, the longest {longest} actions");
}

/// Strength comparisons for the report (run by hand in release mode):
/// `cargo test --release -p rummykit-rummy40 --test bots -- --ignored --nocapture`.
/// `BOTS_GAMES` sets the number of hands (default 1,000), `BOTS_MIX` which pairings.
#[test]
#[ignore = "long: run in release mode for the strength figures"]
fn strength_report() {
    let hands: usize = std::env::var("BOTS_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let which = std::env::var("BOTS_MIX").unwrap_or_else(|_| "gr,pg,pr,rr".into());
    let report = |label: &str, kinds: [&str; 2]| {
        let start = std::time::Instant::now();
        let s =
            tournament::<Rummy40>(&Config::RUMMY40, &plan(2, hands, 2026), |e, s| bot(kinds[e], s), |_| {})
                .unwrap();
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
    for (key, label, kinds) in [
        ("rr", "random vs random", ["random", "random"]),
        ("gr", "greedy vs random", ["greedy", "random"]),
        ("pg", "planner vs greedy", ["planner", "greedy"]),
        ("pr", "planner vs random", ["planner", "random"]),
    ] {
        if which.contains(key) {
            report(label, kinds);
        }
    }
}
