//! Initial-meld mode (RULES.md §1.5) on racks of every size: the threshold is a capped
//! dimension, never a reason to enumerate. Whole-set racks (all 106 or all 160 tiles)
//! at every threshold, and the answers checked against the definition.

use rummykit_core::{Catalog, Meld, Tile};
use rummykit_rummikub::solver::{Objective, Position, Solution, SolveOptions, Solver};
use rummykit_rummikub::{Config, InitialJokerValue, TileCounts, check_play};

fn whole_set(set: Catalog<Tile>) -> Vec<Tile> {
    Tile::all().flat_map(|t| core::iter::repeat_n(t, usize::from(set.count_of(t)))).collect()
}

/// What the new melds count toward the initial meld.
fn worth(melds: &[Meld<Tile>], jokers_count: bool) -> u64 {
    melds
        .iter()
        .flat_map(|m| m.faces().iter().zip(m.numbers()))
        .filter(|(t, _)| jokers_count || !t.is_joker())
        .map(|(_, n)| u64::from(n))
        .sum()
}

fn solve_initial(solver: &mut Solver, rack: &[Tile], opts: SolveOptions) -> Solution {
    let pos = Position::new([], rack.iter().copied());
    solver.solve(&pos, &opts.with_opened(false)).expect("a rack alone is always solvable")
}

/// RULES.md §1.5: all 106 tiles on the rack, every threshold from the default to
/// `u32::MAX`, both objectives: every tile placed while the threshold is within the
/// set's worth (728 in naturals, each joker as a 13), nothing above it.
#[test]
fn rules_1_5_whole_standard_set_on_the_rack_at_every_threshold() {
    let rack = whole_set(rummykit_rummikub::TileSet::Standard106.catalog());
    let mut solver = Solver::new();
    for objective in [Objective::Value, Objective::Tiles] {
        for threshold in [0, 30, 500, 728, 740, 753, 754, 755, 10_000, u32::MAX] {
            let opts = SolveOptions::default().with_objective(objective).with_threshold(threshold);
            let sol = solve_initial(&mut solver, &rack, opts);
            if threshold <= 754 {
                assert_eq!(sol.tiles_placed, 106, "threshold {threshold}");
                assert!(worth(&sol.table, true) >= u64::from(threshold), "threshold {threshold}");
            } else {
                assert_eq!(sol.tiles_placed, 0, "threshold {threshold}");
                assert!(sol.table.is_empty());
            }
        }
    }
}

/// RULES.md §1.1, §1.5: all 160 tiles of the XP set on the rack (1,092 in naturals, four
/// jokers as 13s: 1,144), every threshold.
#[test]
fn rules_1_5_whole_xp_set_on_the_rack_at_every_threshold() {
    let set = rummykit_rummikub::TileSet::Xp160.catalog();
    let rack = whole_set(set);
    let mut solver = Solver::new();
    for objective in [Objective::Value, Objective::Tiles] {
        for threshold in [30, 1_092, 1_140, 1_144, 1_145, u32::MAX] {
            let opts = SolveOptions::default()
                .with_objective(objective)
                .with_threshold(threshold)
                .with_tile_set(set);
            let sol = solve_initial(&mut solver, &rack, opts);
            if threshold <= 1_144 {
                assert_eq!(sol.tiles_placed, 160, "threshold {threshold}");
                assert!(worth(&sol.table, true) >= u64::from(threshold), "threshold {threshold}");
            } else {
                assert_eq!(sol.tiles_placed, 0, "threshold {threshold}");
            }
        }
    }
}

/// RULES.md §1.5 with `joker_value_in_initial_meld = Zero`: the whole set is worth its
/// naturals only, so 729 is out of reach and 728 places everything.
#[test]
fn rules_1_5_whole_set_with_jokers_worth_nothing() {
    let rack = whole_set(rummykit_rummikub::TileSet::Standard106.catalog());
    let mut solver = Solver::new();
    let zero = SolveOptions::default().with_initial_joker_value(InitialJokerValue::Zero);
    let sol = solve_initial(&mut solver, &rack, zero.with_threshold(728));
    assert_eq!(sol.tiles_placed, 106);
    assert_eq!(worth(&sol.table, false), 728);
    assert_eq!(solve_initial(&mut solver, &rack, zero.with_threshold(729)).tiles_placed, 0);
}

/// RULES.md §1.5: worked thresholds at and just above what a rack is worth, with and
/// without a joker whose place decides it.
#[test]
fn rules_1_5_threshold_picks_a_smaller_but_worthier_play() {
    let mut solver = Solver::new();
    let rack: Vec<Tile> = rummykit_core::parse_list("r1 r2 r3 r4 r5 y9 b9 k9").unwrap();
    // Most tiles at any value: all eight (15 + 27 = 42).
    let sol = solve_initial(&mut solver, &rack, SolveOptions::default().with_threshold(42));
    assert_eq!(sol.tiles_placed, 8);
    assert_eq!(solve_initial(&mut solver, &rack, SolveOptions::default().with_threshold(43)).tiles_placed, 0);
    // With a joker: r1..r5 J is worth 21 (J as r6), 9s with the joker 36; 48 needs both
    // the run and the group, and then the joker as r6 or a fourth 9 (42 + 9 = 51).
    let rack: Vec<Tile> = rummykit_core::parse_list("r1 r2 r3 r4 r5 y9 b9 k9 J").unwrap();
    let sol = solve_initial(&mut solver, &rack, SolveOptions::default().with_threshold(51));
    assert_eq!(sol.tiles_placed, 9);
    assert_eq!(worth(&sol.table, true), 51);
    assert_eq!(solve_initial(&mut solver, &rack, SolveOptions::default().with_threshold(52)).tiles_placed, 0);
    // Objective tiles, threshold 30: y9 b9 k9 J (36) beats r1..r5 J (21, below), but all
    // nine (up to 51) place more.
    let sol = solve_initial(&mut solver, &rack, SolveOptions::default());
    assert_eq!(sol.tiles_placed, 9);
    let config = Config::STANDARD;
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&config, &[], &held, false, &sol.table).is_ok());
}
