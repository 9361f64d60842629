//! Whole games per second (issue #7): our equivalent of chess perft. Each iteration deals
//! a fresh seeded hand and plays it to its end.
//!
//! * Rummikub (4 seats) between greedy bots (the exact solver every turn); target on one
//!   core: at least 100 games/s.
//! * Rummy 40 and classic Rummy (4 seats) between random bots; target: at least 5,000
//!   hands/s. Classic uses `Config::simulation` (at most two restocks, RULES.md §2.5):
//!   random bots could otherwise pass cards around forever.
//!
//! Run: `cargo bench -p rummykit-bench --bench playout -- --warm-up-time 1 --measurement-time 5`
//! (the throughput lines give games per second; the README quotes the medians).

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::{Bot, Game, Seating, play_hand};

/// Plays hand `i` (seeded by `i`) of `G` between the bots `make` builds for it; returns
/// the number of actions.
fn playout<G: Game>(
    config: &G::Config,
    seats: usize,
    i: u64,
    make: &dyn Fn(u64) -> Vec<Box<dyn Bot<G>>>,
) -> usize {
    let mut rng = ChaCha8Rng::seed_from_u64(i);
    let mut game = G::deal(config, Seating::new(seats), &mut rng).expect("a valid deal");
    let mut bots = make(i);
    let mut seated: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<G>).collect();
    let (_, actions) = play_hand(&mut game, &mut seated, 1_000_000).expect("bots play legally to the end");
    actions.len()
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
            black_box(playout::<G>(black_box(config), 4, i % 1024, make))
        })
    });
    group.finish();
}

fn rummikub(c: &mut Criterion) {
    use rummykit::rummikub::{GreedyBot, Rules, Rummikub};
    let make = |_: u64| -> Vec<Box<dyn Bot<Rummikub>>> {
        (0..4).map(|_| Box::new(GreedyBot::new()) as Box<dyn Bot<Rummikub>>).collect()
    };
    bench_game::<Rummikub>(c, "rummikub_greedy", &Rules::standard(), &make);
}

fn rummy40(c: &mut Criterion) {
    use rummykit::rummy40::{Config, RandomBot, Rummy40};
    let make = |i: u64| -> Vec<Box<dyn Bot<Rummy40>>> {
        (0..4)
            .map(|s| Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<Rummy40>>)
            .collect()
    };
    bench_game::<Rummy40>(c, "rummy40_random", &Config::RUMMY40, &make);
}

fn classic(c: &mut Criterion) {
    use rummykit::MatchEnd;
    use rummykit::classic::{ClassicRummy, Config, RandomBot};
    let make = |i: u64| -> Vec<Box<dyn Bot<ClassicRummy>>> {
        (0..4)
            .map(|s| {
                Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))) as Box<dyn Bot<ClassicRummy>>
            })
            .collect()
    };
    bench_game::<ClassicRummy>(c, "classic_random", &Config::simulation(MatchEnd::TargetScore(100)), &make);
}

criterion_group!(benches, rummikub, rummy40, classic);
criterion_main!(benches);
