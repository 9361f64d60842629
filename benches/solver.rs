//! Criterion bench of the exact solver over a fixed, seeded set of positions like real
//! play (see `benches/positions.rs`). Before criterion runs, it times every position on
//! its own (best of 3 solves) and prints the median, p90 and maximum per solve.
//!
//! Knobs of that report: `SOLVER_REPEAT=k` (best of k; 1: one solve each),
//! `SOLVER_WARM=n` (first solve n positions of another seed, as a solver in use would
//! have), `SOLVER_SLOWEST=k` (list the k slowest), `SOLVER_ONLY=3,30` (only these),
//! `SOLVER_REPORT_ONLY=1` (no criterion run).
//!
//! `cargo bench -p rummykit-bench --bench solver -- --warm-up-time 1 --measurement-time 3`

#[path = "positions.rs"]
mod positions;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use rummykit::Tile;
use rummykit::rummikub::solver::{Objective, Position, SolveOptions, Solver};

fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), at(1.0))
}

fn per_position_report() {
    let mut set = positions::bench_positions();
    // `SOLVER_ONLY=3,30`: time only these positions (by index).
    if let Ok(only) = std::env::var("SOLVER_ONLY") {
        let keep: Vec<usize> = only.split(',').filter_map(|i| i.trim().parse().ok()).collect();
        set = set.into_iter().enumerate().filter(|(i, _)| keep.contains(i)).map(|(_, p)| p).collect();
    }
    let mut solver = Solver::new();
    // `SOLVER_WARM=n`: first solve n positions of another seed, so that the times are
    // those of a solver in use (its memory mapped, its memo holding what other positions
    // left) on positions it has not seen.
    let warm: usize = std::env::var("SOLVER_WARM").ok().and_then(|v| v.parse().ok()).unwrap_or(0);
    for p in positions::positions_from(positions::SEED ^ 0xA11CE, warm) {
        black_box(solver.solve(&p.position, &p.options)).ok();
    }
    let mut times = Vec::with_capacity(set.len());
    // `SOLVER_REPEAT=k`: solve each position k times (best of k; for profiling too), not 3.
    let repeat: usize = std::env::var("SOLVER_REPEAT").ok().and_then(|v| v.parse().ok()).unwrap_or(3);
    for p in &set {
        let mut best = Duration::MAX;
        for _ in 0..repeat {
            let start = Instant::now();
            black_box(solver.solve(black_box(&p.position), &p.options)).expect("bench positions are valid");
            best = best.min(start.elapsed());
        }
        times.push(best);
    }
    // `SOLVER_SLOWEST=k`: list the k slowest positions (index, time, shape).
    if let Some(k) = std::env::var("SOLVER_SLOWEST").ok().and_then(|v| v.parse::<usize>().ok()) {
        let mut order: Vec<usize> = (0..set.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(times[i]));
        for &i in order.iter().take(k) {
            let p = &set[i];
            let jokers = |t: &[rummykit::Tile]| t.iter().filter(|t| t.is_joker()).count();
            println!(
                "  #{i:3} {:10.1} µs  table {:2} ({} J)  rack {:2} ({} J)  {:?} opened={} set={}",
                times[i].as_secs_f64() * 1e6,
                p.position.table().len(),
                jokers(p.position.table()),
                p.position.rack().len(),
                jokers(p.position.rack()),
                p.options.objective,
                p.options.opened,
                p.options.tile_set.copies(),
            );
        }
    }
    let (median, p90, max) = percentiles(times);
    println!(
        "solver per position ({} positions, best of {repeat}, after {warm} others): median {:.1} µs, p90 {:.1} µs, max {:.1} µs",
        set.len(),
        median.as_secs_f64() * 1e6,
        p90.as_secs_f64() * 1e6,
        max.as_secs_f64() * 1e6
    );
}

fn bench(c: &mut Criterion) {
    let set = positions::bench_positions();
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("solver");
    // One iteration solves every position: keep the sample count low.
    group.sample_size(10);
    group.bench_function("all_bench_positions", |b| {
        b.iter(|| {
            for p in &set {
                black_box(solver.solve(black_box(&p.position), &p.options)).ok();
            }
        });
    });
    // The largest table, alone.
    if let Some(big) = set.iter().max_by_key(|p| p.position.table().len() + p.position.rack().len()) {
        group.bench_function("largest_position", |b| {
            b.iter(|| black_box(solver.solve(black_box(&big.position), &big.options)).ok());
        });
    }
    group.finish();
    // Initial-meld mode on a whole-set rack (RULES.md §1.5): the default threshold, one
    // just above what the best play at any value is worth (the beam over the value),
    // and one out of reach (the bound).
    let mut group = c.benchmark_group("solver_initial_whole_set");
    group.sample_size(10);
    for (name, set, thresholds) in [
        ("106", rummykit_rummikub::TileSet::Standard106.catalog(), [30, 740, u32::MAX]),
        ("160", rummykit_rummikub::TileSet::Xp160.catalog(), [30, 1_140, u32::MAX]),
    ] {
        let rack: Vec<Tile> =
            Tile::all().flat_map(|t| std::iter::repeat_n(t, usize::from(set.count_of(t)))).collect();
        let position = Position::new([], rack);
        for threshold in thresholds {
            let options = SolveOptions::default()
                .with_opened(false)
                .with_objective(Objective::Value)
                .with_threshold(threshold)
                .with_tile_set(set);
            group.bench_function(format!("{name}_threshold_{threshold}"), |b| {
                b.iter(|| black_box(solver.solve(black_box(&position), &options)).ok());
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench);

fn main() {
    per_position_report();
    // `SOLVER_REPORT_ONLY=1`: the per-position figures only, no criterion run.
    if std::env::var_os("SOLVER_REPORT_ONLY").is_some() {
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
