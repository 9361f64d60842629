//! Differential suite for `Solver::solve_turn` (RULES.md §1.5, §1.6, §1.10, §4.1): on
//! small random positions with jokers on the table, under every option set, the
//! solver's answer equals a brute force that enumerates every play (every rack subset,
//! every layout of the table and those tiles into melds) and keeps those `check_play`
//! accepts under the same rules. An `Unproven` answer is counted, never compared.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, Meld, MeldKind, MeldRules, Tile};
use rummykit_rummikub::solver::{Objective, Solution, SolveError, Solver};
use rummykit_rummikub::{
    InitialJokerValue, JokerReuse, PlayError, ReplacementSource, Rules, TileCounts, check_play,
};

const JOKER: usize = 52;

fn counts(tiles: &[Tile]) -> [u8; 53] {
    let mut c = [0u8; 53];
    for t in tiles {
        c[t.index() as usize] += 1;
    }
    c
}

fn meld(kind: MeldKind, faces: &[Tile]) -> Option<Meld<Tile>> {
    Meld::new(kind, faces, &MeldRules::RUMMIKUB).ok()
}

/// Every valid meld (RULES.md §1.4) that `have` can supply, straight from the
/// definition: runs tile by tile (each place a natural or a joker), groups by colours.
fn melds_from(have: &[u8; 53]) -> Vec<Meld<Tile>> {
    let jokers = usize::from(have[JOKER]);
    let mut out = Vec::new();
    // Runs: from each start, place by place a held natural or a joker (within the
    // jokers held), every prefix of length ≥ 3 with a natural a meld.
    fn grow(
        colour: Colour,
        next: u8,
        faces: &mut Vec<Tile>,
        jokers: usize,
        have: &[u8; 53],
        out: &mut Vec<Meld<Tile>>,
    ) {
        if faces.len() >= 3 && faces.iter().any(|t| !t.is_joker()) {
            out.extend(meld(MeldKind::Run, faces));
        }
        if next > 13 {
            return;
        }
        let t = Tile::new(colour, next).unwrap();
        if have[t.index() as usize] > 0 {
            faces.push(t);
            grow(colour, next + 1, faces, jokers, have, out);
            faces.pop();
        }
        if jokers > 0 {
            faces.push(Tile::JOKER);
            grow(colour, next + 1, faces, jokers - 1, have, out);
            faces.pop();
        }
    }
    for colour in Colour::ALL {
        for start in 1..=11u8 {
            grow(colour, start, &mut Vec::new(), jokers, have, &mut out);
        }
    }
    for n in 1..=13u8 {
        for mask in 1u8..16 {
            let naturals: Vec<Tile> = Colour::ALL
                .into_iter()
                .enumerate()
                .filter(|&(c, _)| mask & (1 << c) != 0)
                .map(|(_, col)| Tile::new(col, n).unwrap())
                .collect();
            if naturals.iter().any(|t| have[t.index() as usize] == 0) {
                continue;
            }
            for j in 0..=jokers {
                let mut faces = naturals.clone();
                faces.extend(core::iter::repeat_n(Tile::JOKER, j));
                if (3..=4).contains(&faces.len()) {
                    out.extend(meld(MeldKind::Group, &faces));
                }
            }
        }
    }
    out
}

/// Every layout of the multiset `left` into melds from `all`, each passed to `f`.
fn layouts(
    all: &[Meld<Tile>],
    left: &mut [u8; 53],
    acc: &mut Vec<Meld<Tile>>,
    f: &mut dyn FnMut(&[Meld<Tile>]),
) {
    let Some(first) = (0..JOKER).find(|&i| left[i] > 0) else {
        if left[JOKER] == 0 {
            f(acc);
        }
        return;
    };
    for m in all {
        let need = counts(m.faces());
        if need[first] == 0 || (0..53).any(|i| need[i] > left[i]) {
            continue;
        }
        (0..53).for_each(|i| left[i] -= need[i]);
        acc.push(*m);
        layouts(all, left, acc, f);
        acc.pop();
        (0..53).for_each(|i| left[i] += need[i]);
    }
}

fn rank(objective: Objective, tiles: u64, value: u64) -> (u64, u64) {
    match objective {
        Objective::Tiles => (tiles, value),
        Objective::Value => (value, tiles),
    }
}

/// The best rank of a play `check_play` accepts (`(0, 0)`: none).
fn brute_force(
    table: &[Meld<Tile>],
    rack: &[Tile],
    rules: &Rules,
    opened: bool,
    objective: Objective,
) -> (u64, u64) {
    let held: TileCounts = rack.iter().copied().collect();
    let base = counts(&table.iter().flat_map(|m| m.faces().iter().copied()).collect::<Vec<_>>());
    let mut best = (0, 0);
    for sub in 1u32..(1 << rack.len()) {
        let placed: Vec<Tile> = (0..rack.len()).filter(|&i| sub & (1 << i) != 0).map(|i| rack[i]).collect();
        let value = placed
            .iter()
            .map(|t| {
                u64::from(t.number().unwrap_or(0))
                    + if t.is_joker() { u64::from(rules.joker_penalty) } else { 0 }
            })
            .sum();
        let r = rank(objective, placed.len() as u64, value);
        if r <= best {
            continue;
        }
        let mut left = base;
        placed.iter().for_each(|t| left[t.index() as usize] += 1);
        let all = melds_from(&left);
        let mut found = false;
        layouts(&all, &mut left, &mut Vec::new(), &mut |layout| {
            found = found || check_play(rules, table, &held, opened, layout).is_ok();
        });
        if found {
            best = r;
        }
    }
    best
}

/// A small table of 1–3 melds (jokers often), a rack of 1–4 tiles near them.
fn position(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    loop {
        let mut table = Vec::new();
        let mut tiles: Vec<Tile> = Vec::new();
        let mut numbers = Vec::new();
        for _ in 0..rng.random_range(1..=3) {
            let colour = Colour::ALL[rng.random_range(0..4)];
            let (kind, mut faces): (MeldKind, Vec<Tile>) = if rng.random_bool(0.5) {
                let start = rng.random_range(1..=11u8);
                let len = rng.random_range(3..=(14 - start).min(4));
                (MeldKind::Run, (start..start + len).map(|n| Tile::new(colour, n).unwrap()).collect())
            } else {
                let n = rng.random_range(1..=13u8);
                let k = rng.random_range(3..=4);
                let skip = rng.random_range(0..4);
                (
                    MeldKind::Group,
                    (0..4)
                        .filter(|&c| k == 4 || c != skip)
                        .map(|c| Tile::new(Colour::ALL[c], n).unwrap())
                        .collect(),
                )
            };
            if rng.random_bool(0.6) {
                let k = rng.random_range(0..faces.len());
                faces[k] = Tile::JOKER;
            }
            numbers.extend(faces.iter().filter_map(|t| t.number()));
            tiles.extend(faces.iter().copied());
            table.extend(meld(kind, &faces));
        }
        let mut rack = Vec::new();
        for _ in 0..rng.random_range(1..=4) {
            let t = if rng.random_bool(0.1) {
                Tile::JOKER
            } else {
                let n = numbers[rng.random_range(0..numbers.len())];
                let n = (i16::from(n) + rng.random_range(-1..=1)).clamp(1, 13) as u8;
                Tile::new(Colour::ALL[rng.random_range(0..4)], n).unwrap()
            };
            rack.push(t);
        }
        let mut all = tiles.clone();
        all.extend(rack.iter().copied());
        let c = counts(&all);
        if c[..JOKER].iter().all(|&k| k <= 2) && c[JOKER] <= 2 {
            return (table, rack);
        }
    }
}

fn option_sets() -> Vec<(&'static str, Rules)> {
    let base = Rules::standard();
    let with = |f: &dyn Fn(&mut Rules)| {
        let mut r = base;
        f(&mut r);
        r
    };
    vec![
        ("default", base),
        ("same turn anywhere", with(&|r| r.joker_reuse = JokerReuse::SameTurnAnywhere)),
        ("two rack tiles", with(&|r| r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles)),
        ("rack only", with(&|r| r.joker_replacement_source = ReplacementSource::RackOnly)),
        ("group3 both", with(&|r| r.group3_joker_needs_both = true)),
        ("locked", with(&|r| r.joker_melds_locked = true)),
        (
            "zero joker",
            with(&|r| {
                r.joker_value_in_initial_meld = InitialJokerValue::Zero;
                r.initial_meld_threshold = 12;
            }),
        ),
        (
            "manipulate",
            with(&|r| {
                r.manipulate_on_initial_meld_turn = true;
                r.initial_meld_threshold = 12;
            }),
        ),
        (
            "hand rummy",
            with(&|r| {
                r.hand_rummy_double = true;
                r.initial_meld_threshold = 12;
            }),
        ),
        ("schmidt", Rules::schmidt()),
    ]
}

/// RULES.md §1.5, §1.6, §1.10, §4.1: under every option set, every answer the solver
/// gives is accepted by `check_play` and ranks as the brute force's best.
#[test]
fn s1_10_solve_turn_equals_brute_force_under_every_option_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x05ee_d110);
    let mut solver = Solver::new();
    let mut report = Vec::new();
    for (name, rules) in option_sets() {
        let (mut answered, mut unproven, mut binding) = (0, 0, 0);
        for case in 0..150 {
            let (table, rack) = position(&mut rng);
            let opened = case % 3 != 0;
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let expect = brute_force(&table, &rack, &rules, opened, objective);
            match solver.solve_turn(&table, &rack, &rules, opened, objective) {
                Ok(sol) => {
                    answered += 1;
                    let got = rank(objective, sol.tiles_placed as u64, sol.value_placed);
                    assert_eq!(
                        got, expect,
                        "{name} case {case}: {table:?} rack {rack:?} opened {opened}: {:?}",
                        sol.table
                    );
                    if sol.tiles_placed > 0 {
                        let held: TileCounts = rack.iter().copied().collect();
                        let verdict = check_play(&rules, &table, &held, opened, &sol.table);
                        assert!(verdict.is_ok(), "{name} case {case}: {verdict:?}");
                    } else {
                        assert_eq!(sol.table, table);
                    }
                }
                Err(SolveError::Unproven { refused }) => {
                    unproven += 1;
                    assert!(!matches!(refused, PlayError::InvalidMeld { .. }), "{name}: {refused:?}");
                }
                Err(e) => panic!("{name} case {case}: {e}"),
            }
            let flat = flat_best(&mut solver, &table, &rack, &rules, opened, objective);
            binding += usize::from(flat > expect);
        }
        report.push(format!(
            "{name}: {answered} answered, {unproven} unproven, {binding} where the rules cost"
        ));
        assert!(answered >= 100, "{name}: only {answered} of 150 answered");
    }
    eprintln!("{}", report.join("\n"));
}

/// The meld puzzle's best rank (no house rules), for the count of binding positions.
fn flat_best(
    solver: &mut Solver,
    table: &[Meld<Tile>],
    rack: &[Tile],
    rules: &Rules,
    opened: bool,
    objective: Objective,
) -> (u64, u64) {
    let mut loose = *rules;
    loose.joker_reuse = JokerReuse::SameTurnAnywhere;
    loose.joker_replacement_source = ReplacementSource::RackOrTable;
    loose.group3_joker_needs_both = false;
    loose.joker_melds_locked = false;
    loose.keep_three = false;
    loose.joker_release = rummykit_rummikub::JokerRelease::AnyRearrangement;
    solver
        .solve_turn(table, rack, &loose, opened, objective)
        .map(|s: Solution| rank(objective, s.tiles_placed as u64, s.value_placed))
        .unwrap_or((0, 0))
}
