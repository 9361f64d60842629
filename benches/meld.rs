//! Meld validation throughput: [`Meld::new`] on a fixed, seeded batch of valid and
//! invalid melds of 3–13 pieces, one benchmark per preset. Reported per meld
//! (`Throughput::Elements`). Target: ≤ 20 ns per meld, no allocation in validation.
//!
//! Run: `cargo bench -p rummykit-bench --bench meld -- --warm-up-time 1 --measurement-time 3`
//!
//! On a loaded machine wall time also counts the time other processes hold the CPU;
//! `RUMMYKIT_BENCH_CPU_TIME=1` measures this thread's CPU time instead (Linux,
//! `/proc/thread-self/schedstat`, good to a scheduler tick per sample).

use std::hint::black_box;
use std::time::Instant;

use criterion::measurement::{Measurement, ValueFormatter, WallTime};
use criterion::{Criterion, SamplingMode, Throughput};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{AcePolicy, Card, Face, Meld, MeldKind, MeldRules, Tile};

/// Melds per batch.
const BATCH: usize = 1024;

/// One candidate meld, stored inline so the loop reads contiguous memory.
#[derive(Clone, Copy)]
struct Candidate<F> {
    kind: MeldKind,
    len: usize,
    faces: [F; 13],
}

/// A run or group in the shape `ace` allows, with up to `max_jokers` jokers, then in
/// about half of the cases one edit that usually breaks it (a wrong number, another
/// suit, a swap, or the kind declared wrongly).
fn candidate<F: Face, R: Rng + ?Sized>(rng: &mut R, ace: AcePolicy, max_jokers: usize) -> Candidate<F> {
    let mut faces = [F::JOKER; 13];
    let suit = rng.random_range(0..4u8);
    let (kind, len) = if rng.random_bool(0.5) {
        let len = rng.random_range(3..=13usize);
        let (lo, hi) = match ace {
            AcePolicy::Low => (1, 14 - len as u8),
            AcePolicy::High => (2, 15 - len as u8),
            AcePolicy::LowOrHigh => (1, 15 - len as u8),
            AcePolicy::RoundTheCorner => (1, 13),
        };
        let start = rng.random_range(lo..=hi);
        for (i, f) in faces[..len].iter_mut().enumerate() {
            let v = start + i as u8;
            *f = F::natural(suit, (v - 1) % 13 + 1).expect("a natural");
        }
        (MeldKind::Run, len)
    } else {
        let len = rng.random_range(3..=4usize);
        let number = rng.random_range(1..=13u8);
        let skip = rng.random_range(0..4u8);
        let suits = (0..4u8).filter(|&s| len == 4 || s != skip);
        for (f, s) in faces[..len].iter_mut().zip(suits) {
            *f = F::natural(s, number).expect("a natural");
        }
        (MeldKind::Group, len)
    };
    for _ in 0..rng.random_range(0..=max_jokers) {
        faces[rng.random_range(0..len)] = F::JOKER;
    }
    let mut kind = kind;
    if rng.random_bool(0.5) {
        let i = rng.random_range(0..len);
        match rng.random_range(0..4) {
            0 => {
                let n = rng.random_range(1..=13);
                faces[i] = F::natural(suit, n).expect("a natural");
            }
            1 => faces[i] = F::natural((suit + 1) % 4, rng.random_range(1..=13)).expect("a natural"),
            2 => faces.swap(i, rng.random_range(0..len)),
            _ => {
                kind = if kind == MeldKind::Run { MeldKind::Group } else { MeldKind::Run };
            }
        }
    }
    Candidate { kind, len, faces }
}

fn batch<F: Face>(rules: &MeldRules, seed: u64) -> Vec<Candidate<F>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let max_jokers = if rules.jokers == rummykit_core::JokerLimit::Forbidden { 0 } else { 2 };
    (0..BATCH).map(|_| candidate(&mut rng, rules.ace, max_jokers)).collect()
}

/// Validates every meld of the batch; returns how many were valid.
#[inline(never)]
fn validate<F: Face>(melds: &[Candidate<F>], rules: &MeldRules) -> usize {
    let mut ok = 0usize;
    for m in black_box(melds) {
        ok += usize::from(Meld::new(m.kind, &m.faces[..m.len], rules).is_ok());
    }
    ok
}

fn bench_preset<F: Face, M: Measurement>(
    c: &mut Criterion<M>,
    name: &str,
    rules: MeldRules,
    seed: u64,
    flat: bool,
) {
    let melds = batch::<F>(&rules, seed);
    let valid = melds.iter().filter(|m| Meld::new(m.kind, &m.faces[..m.len], &rules).is_ok()).count();
    let mean_len = melds.iter().map(|m| m.len).sum::<usize>() as f64 / BATCH as f64;
    // The fastest of many batches: a floor that other processes on a busy machine
    // can only raise, printed beside criterion's statistics.
    let best = (0..500)
        .map(|_| {
            let start = Instant::now();
            let ok = validate(&melds, &rules);
            black_box(ok);
            start.elapsed().as_nanos() as f64 / BATCH as f64
        })
        .fold(f64::MAX, f64::min);
    eprintln!(
        "{name}: {valid} of {BATCH} valid, mean length {mean_len:.1}, best batch {best:.1} ns per meld"
    );
    let mut group = c.benchmark_group("meld");
    group.throughput(Throughput::Elements(BATCH as u64));
    if flat {
        // Long samples of equal size, so a scheduler tick of staleness is small.
        group.sampling_mode(SamplingMode::Flat).sample_size(30);
    }
    group.bench_function(name, |b| b.iter(|| validate(&melds, &rules)));
    group.finish();
}

fn meld_validation<M: Measurement>(c: &mut Criterion<M>, flat: bool) {
    bench_preset::<Tile, M>(c, "rummikub", rummykit_rummikub::MELD_RULES, 1, flat);
    bench_preset::<Card, M>(c, "classic", rummykit_classic::MELD_RULES, 2, flat);
    bench_preset::<Card, M>(c, "rummy40", rummykit_rummy40::MELD_RULES, 3, flat);
}

/// CPU time of the calling thread, in nanoseconds, from `/proc/thread-self/schedstat`
/// (which the kernel brings up to date at scheduler ticks and context switches).
struct CpuTime;

static WALL_TIME: WallTime = WallTime;

impl CpuTime {
    fn now() -> Option<u64> {
        let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
        text.split_whitespace().next()?.parse().ok()
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        CpuTime::now().unwrap_or(0)
    }
    fn end(&self, start: u64) -> u64 {
        CpuTime::now().unwrap_or(0).saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, value: &u64) -> f64 {
        *value as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL_TIME.formatter()
    }
}

fn main() {
    let cpu =
        std::env::var_os("RUMMYKIT_BENCH_CPU_TIME").is_some_and(|v| v == "1") && CpuTime::now().is_some();
    if cpu {
        let mut c = Criterion::default().with_measurement(CpuTime).configure_from_args();
        meld_validation(&mut c, true);
        c.final_summary();
    } else {
        let mut c = Criterion::default().configure_from_args();
        meld_validation(&mut c, false);
        c.final_summary();
    }
}
