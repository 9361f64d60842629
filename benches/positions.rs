//! The fixed, seeded benchmark positions of the solver, shared by `benches/solver.rs`
//! and `benches/bench_positions.rs` (which feeds `benches/reference_milp.py`).
//!
//! Positions look like real play: a table of 0–90 tiles built from valid melds (runs of
//! 3–6, groups of 3–4, a joker in some of them), a rack of 1–20 tiles drawn from what is
//! left, one position in five on the 160-tile set, four in five after the initial meld.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::rummikub::solver::{Objective, Position, SolveOptions};
use rummykit::{Colour, Tile};

/// The seed of the benchmark set.
pub const SEED: u64 = 0x5EED_2026;
/// How many positions the benchmark set holds.
pub const COUNT: usize = 240;

/// One benchmark position and the options it is solved with.
pub struct BenchPosition {
    /// Table and rack.
    pub position: Position,
    /// Objective, mode and tile set.
    pub options: SolveOptions,
}

/// The benchmark set: `COUNT` positions from `SEED`.
pub fn bench_positions() -> Vec<BenchPosition> {
    positions_from(SEED, COUNT)
}

/// `count` positions like the benchmark set's, from another `seed`.
pub fn positions_from(seed: u64, count: usize) -> Vec<BenchPosition> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count).map(|_| one(&mut rng)).collect()
}

fn take(pool: &mut [u8; 53], t: Tile) -> bool {
    let slot = &mut pool[t.index() as usize];
    if *slot > 0 {
        *slot -= 1;
        true
    } else {
        false
    }
}

fn one<R: Rng + ?Sized>(rng: &mut R) -> BenchPosition {
    let catalog = if rng.random_range(0..5) == 0 {
        rummykit_rummikub::TileSet::Xp160.catalog()
    } else {
        rummykit_rummikub::TileSet::Standard106.catalog()
    };
    let mut pool = [catalog.copies(); 53];
    pool[52] = catalog.jokers();
    let target = rng.random_range(0..=90usize);
    let mut table: Vec<Tile> = Vec::new();
    for _ in 0..400 {
        if table.len() >= target {
            break;
        }
        let mut meld: Vec<Tile> = if rng.random_range(0..2) == 0 {
            let colour = Colour::ALL[rng.random_range(0..4)];
            let len = [3, 3, 3, 4, 4, 5, 6][rng.random_range(0..7)];
            let start = rng.random_range(1..=(14 - len));
            (start..start + len).filter_map(|n| Tile::new(colour, n)).collect()
        } else {
            let n = rng.random_range(1..=13);
            let mut colours = Colour::ALL;
            colours.shuffle(rng);
            let size = rng.random_range(3..=4);
            colours[..size].iter().filter_map(|&c| Tile::new(c, n)).collect()
        };
        // Now and then a joker stands in for one tile.
        if rng.random_range(0..8) == 0 {
            let i = rng.random_range(0..meld.len());
            meld[i] = Tile::JOKER;
        }
        let mut taken = Vec::new();
        for &t in &meld {
            if take(&mut pool, t) {
                taken.push(t);
            } else {
                break;
            }
        }
        if taken.len() == meld.len() {
            table.extend(taken);
        } else {
            for t in taken {
                pool[t.index() as usize] += 1;
            }
        }
    }
    let mut rest: Vec<Tile> =
        Tile::all().flat_map(|t| std::iter::repeat_n(t, pool[t.index() as usize] as usize)).collect();
    rest.shuffle(rng);
    let rack_len = rng.random_range(1..=20usize);
    let rack: Vec<Tile> = rest.into_iter().take(rack_len).collect();
    let opened = rng.random_range(0..5) > 0;
    let objective = if rng.random_range(0..10) < 7 { Objective::Tiles } else { Objective::Value };
    let options =
        SolveOptions::default().with_objective(objective).with_opened(opened).with_tile_set(catalog);
    BenchPosition { position: Position::new(table, rack), options }
}
