//! `check_play` on crowded tables (RULES.md §1.6, §4.1 as clarified): three quarters of
//! the box on the table and several melds re-laid with rack tiles, so that many faces
//! have copies in several old and several new melds and the search over physical
//! readings has real choices. Positions are seeded (ChaCha8), the same every run.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Meld, MeldKind, Tile, parse_list};
use rummykit_rummikub::{PlayError, TileCounts, TileSet, check_play};

#[path = "rearrangement_crowded/positions.rs"]
mod positions;
use positions::{crowded, position, rules_for};

/// Positions tried per case by the stress.
const STRESS_POSITIONS: usize = 1000;

/// A table in the notation `R`/`G` then the tiles, melds separated by commas.
fn melds(s: &str) -> Vec<Meld<Tile>> {
    s.split(", ")
        .map(|m| {
            let (kind, tiles) = m.split_at(2);
            let kind = if kind == "R " { MeldKind::Run } else { MeldKind::Group };
            Meld::new(kind, &parse_list::<Tile>(tiles).expect("notation"), &rummykit_rummikub::MELD_RULES)
                .expect("valid meld")
        })
        .collect()
}

// Two crowded positions of the seeded sequences below (106 tiles: 12 melds re-laid with
// rack tiles; 160 tiles: 8), Schmidt rules, written out.
/// Standard106: the table, the proposed table, the rack.
const CROWDED_106: [&str; 3] = [
    "G k11 y11 r11, R k1 k2 k3 k4 k5, R k7 k8 k9 k10, R b3 b4 b5 b6 b7 b8, \
        R r8 r9 r10 r11 r12 r13, G y1 r1 k1 b1, R k4 k5 k6 k7 k8, R b2 b3 b4 b5 b6 b7, \
        G r2 y2 J, R y9 y10 y11 y12, R k9 k10 k11, G b12 y12 k12 r12, \
        R y4 y5 y6 y7 y8 y9, R y5 y6 y7 y8, R r4 r5 r6 r7, G k2 r2 y2, R r5 r6 r7 r8 r9, \
        R b1 b2 J, G y13 r13 b13 k13",
    "R k7 k8 k9 k10, R b5 b6 b7, R r11 r12 r13, G r1 b1 y1 k1, R r5 r6 r7 r8 r9, \
        G r8 b8 k8, R y5 y6 y7 y8, R b2 b3 b4, R y9 y10 y11 y12, G r1 J k1, R k9 k10 k11, \
        G b12 y12 k12, G y13 r13 b13 k13, R r9 r10 r11 r12, R k3 k4 k5, R b1 b2 J, \
        G b11 y11 k11, R b3 b4 b5 b6 b7, R k4 k5 k6 k7, R y4 y5 y6 y7 y8 y9, \
        R r4 r5 r6 r7, G r2 y2 k2, G k2 r2 y2",
    "r1 r3 r3 r10 b9 b9 b10 b11 b11 b12 b13 y1 y3 y3 y4 y10 y13 k3 k6 k13",
];
/// Xp160: the table, the proposed table, the rack.
const CROWDED_160: [&str; 3] = [
    "R b3 b4 b5 b6 b7, G k10 y10 J, G b1 J y1 r1, R b5 b6 b7, G k10 y10 b10, \
        G b12 y12 k12, R k4 k5 k6 k7, R y3 y4 y5 y6 y7 y8, R k6 k7 k8 k9 k10, G y9 k9 b9, \
        G y13 r13 k13, R r10 r11 r12 r13, R r10 r11 r12, G k7 y7 b7 r7, G b1 k1 r1 y1, \
        G y9 b9 r9, R r2 r3 r4, R y9 y10 y11, G r1 b1 k1, G b8 y8 r8, R r9 r10 r11, \
        G b12 y12 r12 k12, G k2 b2 r2 y2, R J k3 k4 k5, G y2 b2 k2 r2, R y1 y2 y3, \
        G b4 r4 y4, R b11 b12 b13, G b4 y4 k4, R r7 r8 r9, G r3 b3 y3, G k3 r3 b3, \
        G b6 y6 k6 r6, R y6 y7 y8, R k1 k2 k3",
    "R k1 k2 k3, R y9 y10 y11, G b12 y12 k12, R y1 y2 y3, R b3 b4 b5 b6 b7, \
        G r1 b1 y1, R y3 y4 y5 J y7 y8, G b4 y4 k4, G b10 y10 k10, R J k3 k4 k5, \
        R r10 r11 r12 r13, G y9 b9 r9, R b11 b12 b13, G y9 k9 b9, G r1 b1 k1, R b5 J b7, \
        R y6 y7 y8, G b8 y8 r8, R r7 r8 r9, R r10 r11 r12, R k4 k5 k6 k7, G r6 b6 y6, \
        R k6 k7 k8 k9 k10, G r3 b3 y3, G y13 r13 k13, G b10 y10 k10, G k2 b2 r2 y2, \
        R r9 r10 r11, G b1 k1 r1 y1, G k7 y7 b7 r7, R r2 r3 r4, G k3 r3 b3, G b4 r4 y4, \
        G y2 b2 k2 r2, G b6 y6 k6 r6, G b12 y12 r12 k12",
    "r5 r5 r6 r13 b8 b10 b13 y5 y13 k5 k9 k11 k11 k13 J",
];
/// §4.1 and §1.6 as clarified: a play is legal if some reading of the copies is. On these
/// crowded tables the legal reading lies deep in the search: a depth-first search without
/// backjumping tries more than 200,000 choices on each (a dead end in one meld is met
/// again under every choice of the unrelated faces placed before it) and, stopped there,
/// refused both plays.
#[test]
fn rules_4_1_crowded_tables_legal_plays_found() {
    for (set, [table, new, rack]) in [(TileSet::Standard106, CROWDED_106), (TileSet::Xp160, CROWDED_160)] {
        let (table, new, rack): (_, _, TileCounts) = (melds(table), melds(new), rack.parse().expect("rack"));
        let on_table = TileCounts::of_melds(&table).len();
        assert!(on_table * 4 >= set.catalog().len() * 3 - 4, "crowded: {on_table} tiles on the table");
        let info =
            check_play(&rules_for(set), &table, &rack, true, &new).unwrap_or_else(|e| panic!("{set:?}: {e}"));
        assert!(!info.played.is_empty());
        assert_eq!(info.initial_meld, None);
    }
}

/// The bound on the search: a play it cannot decide within the bound is neither accepted
/// nor called illegal, but reported as undecided (a crowded 160-tile table, 8 melds
/// re-laid: the one such table among the stress's 1,320 positions).
#[test]
fn rules_4_1_crowded_160_table_past_the_bound_is_undecided() {
    let config = rules_for(TileSet::Xp160);
    let p = position(TileSet::Xp160, 8, 451);
    assert!(matches!(
        check_play(&config, &p.table, &p.rack, true, &p.new),
        Err(PlayError::ReadingsUndecided { limit }) if limit >= 1_000_000
    ));
}

/// The crowded stress: how the check fares over many seeded positions. Run with
/// `--ignored --nocapture` in release; prints verdict counts and times.
#[test]
#[ignore = "a measurement, run by hand in release"]
fn crowded_stress() {
    let cases = [
        (TileSet::Standard106, 3),
        (TileSet::Standard106, 8),
        (TileSet::Standard106, 16),
        (TileSet::Xp160, 3),
        (TileSet::Xp160, 8),
        (TileSet::Xp160, 16),
        (TileSet::Xp160, 30),
    ];
    for (set, relaid) in cases {
        let config = rules_for(set);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let (mut ok, mut refused, mut undecided, mut times) = (0, 0, 0, Vec::new());
        let mut worst = (Duration::ZERO, 0);
        for i in 0..STRESS_POSITIONS {
            let Some(p) = crowded(&mut rng, set, relaid) else { continue };
            let start = Instant::now();
            let verdict = check_play(&config, &p.table, &p.rack, true, &p.new);
            let time = start.elapsed();
            times.push(time);
            if time > worst.0 {
                worst = (time, i);
            }
            match verdict {
                Ok(_) => ok += 1,
                Err(PlayError::ReadingsUndecided { .. }) => {
                    undecided += 1;
                    println!("undecided: {set:?} relaid {relaid} position {i}");
                }
                Err(_) => refused += 1,
            }
        }
        times.sort();
        println!(
            "{set:?} relaid {relaid}: {} plays, {ok} accepted, {refused} refused, {undecided} undecided; median {:?}, p99 {:?}, worst {:?} (position {})",
            times.len(),
            times[times.len() / 2],
            times[times.len() * 99 / 100],
            worst.0,
            worst.1
        );
    }
}

/// The bench's crowded set, checked once: run under callgrind (`--toggle-collect` on
/// `check_play`) for instruction counts. Prints how many plays were accepted.
#[test]
#[ignore = "a measurement, run by hand under callgrind"]
fn crowded_bench_set() {
    for (set, relaid) in [(TileSet::Standard106, 16), (TileSet::Xp160, 8)] {
        let config = rules_for(set);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let positions: Vec<_> = (0..200).filter_map(|_| crowded(&mut rng, set, relaid)).collect();
        let accepted =
            positions.iter().filter(|p| check_play(&config, &p.table, &p.rack, true, &p.new).is_ok()).count();
        println!("{set:?} relaid {relaid}: {} positions, {accepted} accepted", positions.len());
    }
}
