//! The bots the front end seats, by kind name, each seeded by the caller.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::ClassicRummy;
use rummykit_core::Bot;
use rummykit_rummikub::Rummikub;
use rummykit_rummy40::Rummy40;

/// Bot kinds for Rummikub and Schmidt, weakest first.
pub(crate) const RUMMIKUB: &[&str] = &["random", "greedy", "thorough", "sampler"];
/// Bot kinds for Rummy 40 and Scala 40, weakest first.
pub(crate) const RUMMY40: &[&str] = &["random", "greedy", "planner"];
/// Bot kinds for classic Rummy, weakest first.
pub(crate) const CLASSIC: &[&str] = &["random", "greedy", "planner"];

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A Rummikub bot of `kind`.
pub(crate) fn rummikub(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rummikub>>> {
    use rummykit_core::RandomBot;
    use rummykit_rummikub::{GreedyBot, SamplerBot, ThoroughBot};
    match kind {
        "random" => Some(Box::new(RandomBot::new(rng(seed)))),
        "greedy" => Some(Box::new(GreedyBot::new())),
        "thorough" => Some(Box::new(ThoroughBot::new())),
        "sampler" => Some(Box::new(SamplerBot::new(rng(seed)))),
        _ => None,
    }
}

/// A Rummy 40 / Scala 40 bot of `kind`.
pub(crate) fn rummy40(kind: &str, seed: u64) -> Option<Box<dyn Bot<Rummy40>>> {
    use rummykit_core::RandomBot;
    use rummykit_rummy40::{GreedyBot, PlannerBot};
    match kind {
        "random" => Some(Box::new(RandomBot::new(rng(seed)))),
        "greedy" => Some(Box::new(GreedyBot::new())),
        "planner" => Some(Box::new(PlannerBot::new())),
        _ => None,
    }
}

/// A classic Rummy bot of `kind`.
pub(crate) fn classic(kind: &str, seed: u64) -> Option<Box<dyn Bot<ClassicRummy>>> {
    use rummykit_classic::{GreedyBot, PlannerBot};
    use rummykit_core::RandomBot;
    match kind {
        "random" => Some(Box::new(RandomBot::new(rng(seed)))),
        "greedy" => Some(Box::new(GreedyBot)),
        "planner" => Some(Box::new(PlannerBot::new())),
        _ => None,
    }
}
