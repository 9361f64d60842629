//! Whole games per second: our equivalent of chess perft. Each iteration deals a fresh
//! seeded hand (seeds 1 to 1,024 in turn, the hands the counting mode plays) and plays
//! it to its end.
//!
//! * Rummikub (4 seats) between greedy bots (the exact solver every turn); target on one
//!   core: at least 500 games/s.
//! * Rummy 40, Scala 40 and classic Rummy (4 seats) between random bots; target: at
//!   least 20,000 hands/s. Classic caps restocks at `RESTOCK_CAP` (two, RULES.md §2.5):
//!   random bots could otherwise pass cards around forever.
//!
//! Run: `cargo bench -p rummykit-bench --bench playout -- --warm-up-time 1 --measurement-time 5`
//! (the throughput lines give games per second; the README quotes the medians).
//!
//! For instruction counts, `PLAYOUT_HANDS=n` plays hands 1..=n of the game named as
//! the first argument (`rummikub_greedy`, `rummy40_random`, `scala40_random`,
//! `classic_random`) once, without criterion, e.g. under
//! `valgrind --tool=callgrind target/release/deps/playout-… scala40_random`; the
//! count of an empty run (`PLAYOUT_HANDS=0`) is the start-up cost to subtract. It
//! prints the number of actions and, with `PLAYOUT_DIGEST=1` (which costs instructions
//! of its own), a digest of every hand's actions and outcome, so that a faster version
//! is shown to play the same games. `PLAYOUT_FIRST=k` starts at hand `k` instead of 1
//! (hands `k..k + n`), to check games that were not looked at while working.
//!
//! Not every hand ends. Rummy 40's and Scala 40's presets restock for ever (RULES.md
//! §3.7, `max_restocks: None`; the bench plays them as they are), so random bots can
//! reach a dead table where no seat can go out: hand 1,932 of `rummy40_random` is one
//! (every table meld is closed or the cards it needs are all on the table, so no hand
//! grows past three cards). The counting mode then stops with a panic naming the hand.
//! Hands 1 to 1,024 (the timed ones) and 1,001 to 1,200 of both games all end.

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::{Bot, DriverError, Game, Seating, play_hand};

#[path = "common/digest.rs"]
mod digest;
use digest::Digest;

/// Plays hand `i` (seeded by `i`) of `G` between the bots `make` builds for it; returns
/// the number of actions and, with `digest`, a hash of the actions and the outcome.
fn playout<G: Game>(
    config: &G::Config,
    seats: usize,
    i: u64,
    make: &dyn Fn(u64) -> Vec<Box<dyn Bot<G>>>,
    digest: bool,
) -> (usize, u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(i);
    let mut game = G::deal(config, Seating::new(seats), &mut rng).expect("a valid deal");
    let mut bots = make(i);
    let mut seated: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<G>).collect();
    let (outcome, actions) = play_hand(&mut game, &mut seated, 1_000_000).unwrap_or_else(|e| match e {
        DriverError::TooLong { actions, .. } => panic!(
            "hand {i} did not end within {actions} actions: a preset that restocks for ever \
             (no `max_restocks`) can deal a hand that reaches a dead table, where no seat can go out"
        ),
        e => panic!("hand {i}: the bots did not play legally to the end: {e}"),
    });
    let hash = if digest {
        let mut d = Digest::new();
        d.feed(&format!("{actions:?} {outcome:?}"));
        d.0
    } else {
        0
    };
    (actions.len(), hash)
}

fn bench_game<G: Game>(
    c: &mut Criterion,
    name: &str,
    config: &G::Config,
    make: &dyn Fn(u64) -> Vec<Box<dyn Bot<G>>>,
) {
    let mut group = c.benchmark_group("playout");
    group.throughput(Throughput::Elements(1));
    group.bench_function(BenchmarkId::new(name, "4 seats"), |b| {
        let mut i = 0u64;
        b.iter(|| {
            i = i.wrapping_add(1);
            black_box(playout::<G>(black_box(config), 4, 1 + i % 1024, make, false))
        })
    });
    group.finish();
}

fn rummikub(c: &mut Criterion) {
    use rummykit::rummikub::{Config as RummikubConfig, GreedyBot, Rummikub};
    let make = |_: u64| -> Vec<Box<dyn Bot<Rummikub>>> {
        (0..4).map(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<Rummikub>>).collect()
    };
    bench_game::<Rummikub>(c, "rummikub_greedy", &RummikubConfig::STANDARD, &make);
}

fn rummy40(c: &mut Criterion) {
    use rummykit::RandomBot;
    use rummykit::rummy40::{Config, Rummy40};
    let make = |i: u64| -> Vec<Box<dyn Bot<Rummy40>>> {
        (0..4)
            .map(|s| Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<Rummy40>>)
            .collect()
    };
    bench_game::<Rummy40>(c, "rummy40_random", &Config::RUMMY40, &make);
    bench_game::<Rummy40>(c, "scala40_random", &Config::SCALA40, &make);
}

fn classic(c: &mut Criterion) {
    use rummykit::RandomBot;
    use rummykit::classic::{ClassicRummy, Config};
    let make = |i: u64| -> Vec<Box<dyn Bot<ClassicRummy>>> {
        (0..4)
            .map(|s| {
                Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<ClassicRummy>>
            })
            .collect()
    };
    bench_game::<ClassicRummy>(
        c,
        "classic_random",
        &Config::STANDARD.with_max_restocks(Some(rummykit::classic::RESTOCK_CAP)),
        &make,
    );
}

/// Plays hands `1..=n` of the game `name` once (see the module documentation).
fn count_only(name: &str, n: u64) {
    use rummykit::RandomBot;
    use rummykit::classic::{ClassicRummy, Config as Classic};
    use rummykit::rummikub::{Config as RummikubConfig, GreedyBot, Rummikub};
    use rummykit::rummy40::{Config, Rummy40};
    let r40 = |i: u64| -> Vec<Box<dyn Bot<Rummy40>>> {
        (0..4)
            .map(|s| Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<Rummy40>>)
            .collect()
    };
    let classic = |i: u64| -> Vec<Box<dyn Bot<ClassicRummy>>> {
        (0..4)
            .map(|s| {
                Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<ClassicRummy>>
            })
            .collect()
    };
    let greedy = |_: u64| -> Vec<Box<dyn Bot<Rummikub>>> {
        (0..4).map(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<Rummikub>>).collect()
    };
    let classic_config = Classic::STANDARD.with_max_restocks(Some(rummykit::classic::RESTOCK_CAP));
    let digest_on = std::env::var_os("PLAYOUT_DIGEST").is_some_and(|v| v == "1");
    let first: u64 = std::env::var("PLAYOUT_FIRST").ok().and_then(|v| v.parse().ok()).unwrap_or(1);
    let (mut actions, mut digest) = (0, 0u64);
    for i in first..first + n {
        let (a, d) = match name {
            "rummikub_greedy" => playout::<Rummikub>(&RummikubConfig::STANDARD, 4, i, &greedy, digest_on),
            "rummy40_random" => playout::<Rummy40>(&Config::RUMMY40, 4, i, &r40, digest_on),
            "scala40_random" => playout::<Rummy40>(&Config::SCALA40, 4, i, &r40, digest_on),
            "classic_random" => playout::<ClassicRummy>(&classic_config, 4, i, &classic, digest_on),
            _ => panic!("unknown game {name}"),
        };
        actions += a;
        digest = digest.rotate_left(7) ^ d;
    }
    if digest_on {
        eprintln!("{name}: {n} hands, {actions} actions, digest {digest:016x}");
    } else {
        eprintln!("{name}: {n} hands, {actions} actions");
    }
}

criterion_group!(benches, rummikub, rummy40, classic);

fn main() {
    if let Some(n) = std::env::var("PLAYOUT_HANDS").ok().and_then(|v| v.parse().ok()) {
        let name = std::env::args().nth(1).unwrap_or_default();
        count_only(&name, n);
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
