//! The Rummikub rule engine's hot paths: [`check_play`] (bots and the solver call it in
//! loops) on a fixed mid-game position — a manipulation that splits a run and frees a
//! joker (accepted), an early conservation failure (refused), a Schmidt keep-three
//! check — plus a whole `apply` on a clone, and a seeded deal; and the search over
//! physical readings on crowded seeded tables (Schmidt rules, 106 and 160 tiles).
//!
//! Run: `cargo bench -p rummykit-bench --bench rummikub_engine -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Meld, MeldKind, Seating, Tile, parse_list};
use rummykit_rummikub::{Action, Config, Rummikub, Setup, TileCounts, TileSet, check_play};

#[path = "../crates/rummikub/tests/rearrangement_crowded/positions.rs"]
mod positions;

fn meld(kind: MeldKind, s: &str) -> Meld<Tile> {
    Meld::new(kind, &parse_list::<Tile>(s).expect("notation"), &rummykit_rummikub::MELD_RULES)
        .expect("valid meld")
}

fn run(s: &str) -> Meld<Tile> {
    meld(MeldKind::Run, s)
}

fn group(s: &str) -> Meld<Tile> {
    meld(MeldKind::Group, s)
}

/// A 12-meld table with two jokers.
fn table() -> Vec<Meld<Tile>> {
    vec![
        run("r1 r2 r3 r4 r5 r6"),
        run("b3 b4 J"),
        group("k7 y7 r7"),
        run("y9 y10 y11 y12"),
        group("r10 b10 J"),
        run("k1 k2 k3"),
        group("b13 y13 k13"),
        run("b6 b7 b8 b9"),
        group("r11 b11 k11"),
        run("y2 y3 y4 y5"),
        group("k9 r9 b9"),
        run("k10 k11 k12 k13"),
    ]
}

fn bench(c: &mut Criterion) {
    let rules = Config::STANDARD;
    let old = table();
    let rack: TileCounts = "r4 b5 y10 k5 k6 r12 y1 b1".parse().expect("rack");
    // Split r1..r6 with the rack r4, free the b3 b4 J joker with the rack b5 and reuse
    // it with k5 k6 as k4.
    let mut new = old.clone();
    new[0] = run("r1 r2 r3 r4");
    new[1] = run("b3 b4 b5");
    new.push(run("r4 r5 r6"));
    new.push(run("J k5 k6"));
    assert!(check_play(&rules, &old, &rack, true, &new).is_ok());
    c.bench_function("check_play/manipulation_accepted", |b| {
        b.iter(|| check_play(black_box(&rules), black_box(&old), black_box(&rack), true, black_box(&new)))
    });

    let mut taken = new.clone();
    taken[3] = run("y9 y10 y11");
    assert!(check_play(&rules, &old, &rack, true, &taken).is_err());
    c.bench_function("check_play/table_tile_taken", |b| {
        b.iter(|| check_play(black_box(&rules), black_box(&old), black_box(&rack), true, black_box(&taken)))
    });

    let schmidt = Config::SCHMIDT;
    let mut split = old.clone();
    split[0] = run("r1 r2 r3 r4");
    split.push(run("r4 r5 r6"));
    assert!(check_play(&schmidt, &old, &rack, true, &split).is_ok());
    c.bench_function("check_play/schmidt_keep_three", |b| {
        b.iter(|| check_play(black_box(&schmidt), black_box(&old), black_box(&rack), true, black_box(&split)))
    });

    let mut setup = Setup::new(vec![rack, "k4".parse().expect("rack")]);
    setup.table = old.clone();
    setup.opened = vec![true, true];
    setup.fill_pool(TileSet::Standard106);
    let game = Rummikub::from_setup(&rules, setup).expect("scripted");
    c.bench_function("apply/play_on_clone", |b| {
        b.iter(|| {
            let mut g = game.clone();
            g.apply(0, Action::Play { table: black_box(new.clone()) }).expect("accepted");
            g
        })
    });

    // The crowded tables: the first 200 tries of the seeded sequences the crowded-table
    // test walks (16 of 106 tiles' melds re-laid, 8 of 160's), every position checked
    // per iteration.
    for (name, set, relaid) in [
        ("check_play/crowded_schmidt_106", TileSet::Standard106, 16),
        ("check_play/crowded_schmidt_160", TileSet::Xp160, 8),
    ] {
        let rules = positions::rules_for(set);
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let set: Vec<_> = (0..200).filter_map(|_| positions::crowded(&mut rng, set, relaid)).collect();
        c.bench_function(name, |b| {
            b.iter(|| {
                set.iter()
                    .filter(|p| {
                        check_play(black_box(&rules), &p.table, &p.rack, true, black_box(&p.new)).is_ok()
                    })
                    .count()
            })
        });
    }

    let mut rng = ChaCha8Rng::seed_from_u64(1);
    c.bench_function("deal/4_players", |b| {
        b.iter(|| Rummikub::deal(black_box(&rules), Seating::new(4), &mut rng).expect("deal"))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
