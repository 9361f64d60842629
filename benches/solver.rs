//! Criterion bench of the exact solver over a fixed, seeded set of positions like real
//! play (see `benches/positions.rs`). Before criterion runs, it times every position on
//! its own (best of 3 solves) and prints the median, p90 and maximum per solve.
//!
//! `cargo bench --bench solver -- --warm-up-time 1 --measurement-time 3`

#[path = "positions.rs"]
mod positions;

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group};
use rummykit::rummikub::solver::Solver;

fn percentiles(mut times: Vec<Duration>) -> (Duration, Duration, Duration) {
    times.sort();
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.9), at(1.0))
}

fn per_position_report() {
    let set = positions::bench_positions();
    let mut solver = Solver::new();
    let mut times = Vec::with_capacity(set.len());
    for p in &set {
        let mut best = Duration::MAX;
        for _ in 0..3 {
            let start = Instant::now();
            black_box(solver.solve(black_box(&p.position), &p.options)).expect("bench positions are valid");
            best = best.min(start.elapsed());
        }
        times.push(best);
    }
    let (median, p90, max) = percentiles(times);
    println!(
        "solver per position ({} positions, best of 3): median {:.1} µs, p90 {:.1} µs, max {:.1} µs",
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
}

criterion_group!(benches, bench);

fn main() {
    per_position_report();
    benches();
    Criterion::default().configure_from_args().final_summary();
}
