//! Differential suite: the solver's optimum equals an exhaustive search written here,
//! on small random positions (both objectives, jokers, with and without the initial
//! meld rule, both tile sets), and every answer passes the engine's `check_play`.

use std::collections::HashMap;

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, Meld, MeldKind, Tile};
use rummykit_rummikub::solver::{Objective, Position, Solution, SolveError, SolveOptions, solve};
use rummykit_rummikub::{Config, JokerReuse, TileCounts, check_play};

const J: usize = 52;

/// A meld as a multiset: naturals (face indices), jokers, and the value it represents.
#[derive(Debug, Clone)]
struct Shape {
    naturals: Vec<usize>,
    jokers: u8,
    value: u32,
    /// The meld itself, to build tables from.
    faces: Vec<Tile>,
    kind: MeldKind,
}

/// Every valid meld whose naturals lie in numbers `lo..=hi`, with at most `max_j` jokers,
/// straight from the definition in RULES.md §0/§1.4 (independent of the solver).
fn shapes(lo: u8, hi: u8, max_j: u8) -> Vec<Shape> {
    let mut out = Vec::new();
    for colour in Colour::ALL {
        for start in 1..=13u8 {
            for len in 3..=(14 - start) {
                let end = start + len - 1;
                // Positions outside the window must be jokers.
                let inside: Vec<u8> = (start..=end).filter(|n| (lo..=hi).contains(n)).collect();
                let outside = len as usize - inside.len();
                if outside > max_j as usize || inside.is_empty() {
                    continue;
                }
                for mask in 1u32..(1 << inside.len()) {
                    let jokers = outside + inside.len() - mask.count_ones() as usize;
                    if jokers > max_j as usize {
                        continue;
                    }
                    let faces: Vec<Tile> = (start..=end)
                        .map(|n| {
                            let k = inside.iter().position(|&m| m == n);
                            match k {
                                Some(k) if mask & (1 << k) != 0 => Tile::new(colour, n).unwrap(),
                                _ => Tile::JOKER,
                            }
                        })
                        .collect();
                    out.push(Shape {
                        naturals: faces
                            .iter()
                            .filter(|t| !t.is_joker())
                            .map(|t| t.index() as usize)
                            .collect(),
                        jokers: jokers as u8,
                        value: (start..=end).map(u32::from).sum(),
                        faces,
                        kind: MeldKind::Run,
                    });
                }
            }
        }
    }
    for n in lo..=hi {
        for mask in 1u8..16 {
            let k = mask.count_ones() as u8;
            for jokers in 3u8.saturating_sub(k)..=(4 - k) {
                if jokers > max_j {
                    continue;
                }
                let mut faces: Vec<Tile> = Colour::ALL
                    .into_iter()
                    .enumerate()
                    .filter(|&(c, _)| mask & (1 << c) != 0)
                    .map(|(_, col)| Tile::new(col, n).unwrap())
                    .collect();
                faces.extend(std::iter::repeat_n(Tile::JOKER, jokers as usize));
                out.push(Shape {
                    naturals: faces.iter().filter(|t| !t.is_joker()).map(|t| t.index() as usize).collect(),
                    jokers,
                    value: u32::from(n) * u32::from(k + jokers),
                    faces,
                    kind: MeldKind::Group,
                });
            }
        }
    }
    out
}

struct Brute<'a> {
    shapes: &'a [Shape],
    by_face: HashMap<usize, Vec<usize>>,
    memo: HashMap<[u8; 53], Option<u32>>,
}

impl<'a> Brute<'a> {
    fn new(shapes: &'a [Shape]) -> Self {
        let mut by_face: HashMap<usize, Vec<usize>> = HashMap::new();
        for (i, s) in shapes.iter().enumerate() {
            let mut seen = s.naturals.clone();
            seen.dedup();
            for f in seen {
                by_face.entry(f).or_default().push(i);
            }
        }
        Brute { shapes, by_face, memo: HashMap::new() }
    }

    /// The most represented value of a partition of `rem` into valid melds, or `None`.
    fn best(&mut self, rem: [u8; 53]) -> Option<u32> {
        let Some(first) = (0..52).find(|&f| rem[f] > 0) else {
            return (rem[J] == 0).then_some(0);
        };
        if let Some(&v) = self.memo.get(&rem) {
            return v;
        }
        let mut best = None;
        let candidates = self.by_face.get(&first).cloned().unwrap_or_default();
        for i in candidates {
            let s = &self.shapes[i];
            let mut r = rem;
            let mut ok = r[J] >= s.jokers;
            r[J] = r[J].wrapping_sub(s.jokers);
            for &f in &s.naturals {
                ok &= r[f] > 0;
                r[f] = r[f].wrapping_sub(1);
            }
            if ok && let Some(v) = self.best(r) {
                best = best.max(Some(v + s.value));
            }
        }
        self.memo.insert(rem, best);
        best
    }
}

fn counts(tiles: &[Tile]) -> [u8; 53] {
    let mut c = [0u8; 53];
    for t in tiles {
        c[t.index() as usize] += 1;
    }
    c
}

fn rank(objective: Objective, tiles: usize, value: u64) -> (u64, u64) {
    match objective {
        Objective::Tiles => (tiles as u64, value),
        Objective::Value => (value, tiles as u64),
    }
}

/// The exhaustive optimum `(tiles, value)`, or `None` if the table cannot be laid out.
fn brute_force(shapes: &[Shape], table: &[Tile], rack: &[Tile], opts: &SolveOptions) -> Option<(usize, u64)> {
    let mut brute = Brute::new(shapes);
    let t = counts(table);
    brute.best(t)?;
    let r = counts(rack);
    let faces: Vec<usize> = (0..53).filter(|&f| r[f] > 0).collect();
    let mut best = (0usize, 0u64);
    let mut pick = [0u8; 53];
    // Every sub-multiset of the rack.
    fn rec(k: usize, faces: &[usize], r: &[u8; 53], pick: &mut [u8; 53], f: &mut dyn FnMut(&[u8; 53])) {
        if k == faces.len() {
            f(pick);
            return;
        }
        for c in 0..=r[faces[k]] {
            pick[faces[k]] = c;
            rec(k + 1, faces, r, pick, f);
        }
        pick[faces[k]] = 0;
    }
    rec(0, &faces, &r, &mut pick, &mut |p| {
        let tiles: usize = p.iter().map(|&c| c as usize).sum();
        if tiles == 0 {
            return;
        }
        let value: u64 = (0..52).map(|f| u64::from(p[f]) * (f as u64 % 13 + 1)).sum::<u64>()
            + u64::from(p[J]) * u64::from(opts.joker_value);
        if rank(opts.objective, tiles, value) <= rank(opts.objective, best.0, best.1) {
            return;
        }
        let ok = if opts.opened {
            let mut all = t;
            for f in 0..53 {
                all[f] += p[f];
            }
            brute.best(all).is_some()
        } else {
            brute.best(*p).is_some_and(|v| v >= opts.threshold)
        };
        if ok {
            best = (tiles, value);
        }
    });
    Some(best)
}

/// Checks the answer's own consistency and runs the engine's commit check.
fn check_solution(pos: &Position, before: &[Meld<Tile>], opts: &SolveOptions, sol: &Solution) {
    for m in &sol.table {
        assert!(Meld::new(m.kind(), m.faces(), &rummykit_rummikub::MELD_RULES).is_ok(), "invalid meld {m:?}");
    }
    let on_table: Vec<Tile> = sol.table.iter().flat_map(|m| m.faces().iter().copied()).collect();
    let mut expect = pos.table().to_vec();
    expect.extend(&sol.placed);
    assert_eq!(counts(&on_table), counts(&expect), "tiles not conserved: {pos:?} {sol:?}");
    let (r, p) = (counts(pos.rack()), counts(&sol.placed));
    assert!((0..53).all(|f| p[f] <= r[f]), "placed tiles not on the rack");
    assert_eq!(sol.tiles_placed, sol.placed.len());
    let value: u64 =
        sol.placed.iter().map(|t| t.number().map_or(u64::from(opts.joker_value), u64::from)).sum();
    assert_eq!(sol.value_placed, value);
    if sol.tiles_placed == 0 {
        return; // not a play: the player draws
    }
    let mut config = if opts.tile_set == rummykit_rummikub::TileSet::Xp160.catalog() {
        Config::XP
    } else {
        Config::STANDARD
    };
    config.initial_meld_threshold = opts.threshold;
    // The solver's contract (see its module docs): standard meld rules; the joker
    // re-use house rule depends on the previous meld structure and is not modelled.
    config.joker_reuse = JokerReuse::SameTurnAnywhere;
    let mut rack = TileCounts::EMPTY;
    for &t in pos.rack() {
        rack.add(t);
    }
    if let Err(e) = check_play(&config, before, &rack, opts.opened, &sol.table) {
        panic!("engine rejects the solver's play: {e}\n before {before:?}\n after {:?}", sol.table);
    }
}

struct Case {
    shapes: Vec<Shape>,
    table_melds: Vec<Meld<Tile>>,
    rack: Vec<Tile>,
    opts: SolveOptions,
}

fn gen_case(seed: u64, objective: Objective, opened: bool) -> Case {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let xp = rng.random_range(0..4) == 0;
    let catalog = if xp {
        rummykit_rummikub::TileSet::Xp160.catalog()
    } else {
        rummykit_rummikub::TileSet::Standard106.catalog()
    };
    let width = rng.random_range(3..=5u8);
    let lo = rng.random_range(1..=(14 - width));
    let hi = lo + width - 1;
    let shapes = shapes(lo, hi, catalog.jokers());
    let mut used = [0u8; 53];
    let fits = |used: &[u8; 53], tiles: &[Tile]| {
        let mut u = *used;
        tiles.iter().all(|t| {
            u[t.index() as usize] += 1;
            u[t.index() as usize] <= catalog.count_of(*t)
        })
    };
    let mut table_melds = Vec::new();
    let n_melds = if opened { rng.random_range(0..=2) } else { rng.random_range(0..=1) };
    let mut size = 0;
    for _ in 0..n_melds {
        let s = &shapes[rng.random_range(0..shapes.len())];
        // Prefer few jokers on the table and small tables.
        if (s.jokers > 1 && rng.random_range(0..3) > 0) || size + s.faces.len() > 8 {
            continue;
        }
        if fits(&used, &s.faces) {
            for t in &s.faces {
                used[t.index() as usize] += 1;
            }
            size += s.faces.len();
            table_melds
                .push(Meld::new(s.kind, &s.faces, &rummykit_rummikub::MELD_RULES).expect("valid shape"));
        }
    }
    let mut rack = Vec::new();
    let rack_len = rng.random_range(0..=7);
    for _ in 0..rack_len {
        let t = if rng.random_range(0..7) == 0 {
            Tile::JOKER
        } else {
            Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(lo..=hi)).unwrap()
        };
        if fits(&used, &[t]) {
            used[t.index() as usize] += 1;
            rack.push(t);
        }
    }
    let threshold = [30, 30, 10, 0, 20][rng.random_range(0..5)];
    let joker_value = [30, 30, 0, 5][rng.random_range(0..4)];
    let opts = SolveOptions::default()
        .with_objective(objective)
        .with_opened(opened)
        .with_threshold(threshold)
        .with_joker_value(joker_value)
        .with_tile_set(catalog);
    Case { shapes, table_melds, rack, opts }
}

fn run_case(seed: u64, objective: Objective, opened: bool) {
    let case = gen_case(seed, objective, opened);
    let flat: Vec<Tile> = case.table_melds.iter().flat_map(|m| m.faces().iter().copied()).collect();
    let expected = brute_force(&case.shapes, &flat, &case.rack, &case.opts).expect("table from valid melds");
    // Both ways of giving the table: flat and as melds.
    for pos in [
        Position::new(flat.iter().copied(), case.rack.iter().copied()),
        Position::from_melds(&case.table_melds, case.rack.iter().copied()).expect("valid melds"),
    ] {
        let sol = solve(&pos, &case.opts).expect("solvable");
        assert_eq!(
            (sol.tiles_placed, sol.value_placed),
            expected,
            "seed {seed}: table {:?} rack {:?} opts {:?}\n got {sol:?}",
            case.table_melds,
            case.rack,
            case.opts
        );
        if case.opts.opened || pos.melds().is_some() {
            check_solution(&pos, &case.table_melds, &case.opts, &sol);
        } else {
            // Initial meld from a flat table: the solver lays the table out itself, the
            // same way as when it solves the table alone.
            let alone = Position::new(flat.iter().copied(), []);
            let layout = solve(&alone, &SolveOptions::default().with_tile_set(case.opts.tile_set))
                .expect("meldable")
                .table;
            assert_eq!(&sol.table[..layout.len()], &layout[..]);
            check_solution(&pos, &layout, &case.opts, &sol);
        }
        if !case.opts.opened && pos.melds().is_some() {
            // RULES.md §1.5: the table melds stay exactly as they were.
            assert_eq!(&sol.table[..case.table_melds.len()], &case.table_melds[..]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn opened_most_tiles_matches_brute_force(seed in any::<u64>()) {
        run_case(seed, Objective::Tiles, true);
    }

    #[test]
    fn opened_most_value_matches_brute_force(seed in any::<u64>()) {
        run_case(seed, Objective::Value, true);
    }

    /// RULES.md §1.5: the initial meld, rack tiles only, at least the threshold.
    #[test]
    fn initial_meld_most_tiles_matches_brute_force(seed in any::<u64>()) {
        run_case(seed, Objective::Tiles, false);
    }

    /// RULES.md §1.5, most value.
    #[test]
    fn initial_meld_most_value_matches_brute_force(seed in any::<u64>()) {
        run_case(seed, Objective::Value, false);
    }

    /// A random table (not built from melds): the solver refuses it exactly when no
    /// layout exists.
    #[test]
    fn unmeldable_tables_are_refused_exactly(seed in any::<u64>()) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let lo = rng.random_range(1..=9u8);
        let shapes = shapes(lo, lo + 4, 2);
        let mut table = Vec::new();
        let mut used = [0u8; 53];
        for _ in 0..rng.random_range(1..=9) {
            let t = if rng.random_range(0..8) == 0 {
                Tile::JOKER
            } else {
                Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(lo..=lo + 4)).unwrap()
            };
            if used[t.index() as usize] < 2 {
                used[t.index() as usize] += 1;
                table.push(t);
            }
        }
        let meldable = Brute::new(&shapes).best(counts(&table)).is_some();
        let got = solve(&Position::new(table.iter().copied(), []), &SolveOptions::default());
        match got {
            Ok(sol) => {
                prop_assert!(meldable, "solver laid out an unmeldable table {table:?}: {sol:?}");
                check_solution(&Position::new(table.iter().copied(), []), &[], &SolveOptions::default(), &sol);
            }
            Err(e) => {
                prop_assert_eq!(e, SolveError::TableNotMeldable);
                prop_assert!(!meldable, "solver refused a meldable table {:?}", table);
            }
        }
    }
}
