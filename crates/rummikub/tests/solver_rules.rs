//! Differential suite for `Solver::solve_turn` (RULES.md §1.5, §1.6, §1.10, §4.1): on
//! small random positions with jokers on the table, under every option set, the
//! solver's answer equals a brute force that enumerates every play (every rack subset,
//! every layout of the table and those tiles into melds) and keeps those `check_play`
//! accepts under the same rules. An `Unproven` answer is counted, never compared.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, JokerRole, Meld, MeldKind, Tile};
use rummykit_rummikub::solver::{Objective, Solution, SolveError, Solver, TurnProof};
use rummykit_rummikub::{
    Config, InitialJokerValue, JokerReuse, PlayError, ReplacementSource, TileCounts, TileSet, check_play,
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
    Meld::new(kind, faces, &rummykit_rummikub::MELD_RULES).ok()
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

/// An answer of `solve_turn` ranks as the brute force's best (`expect` under
/// `objective`) and is a play `check_play` accepts, or the table untouched when it places
/// nothing; `label` names the case in a failure.
fn assert_best(
    label: &str,
    config: &Config,
    (table, rack): (&[Meld<Tile>], &[Tile]),
    opened: bool,
    (objective, expect): (Objective, (u64, u64)),
    sol: &Solution,
) {
    let got = rank(objective, sol.tiles_placed as u64, sol.value_placed);
    assert_eq!(got, expect, "{label}: {table:?} rack {rack:?} opened {opened}: {:?}", sol.table);
    if sol.tiles_placed > 0 {
        let held: TileCounts = rack.iter().copied().collect();
        let verdict = check_play(config, table, &held, opened, &sol.table);
        assert!(verdict.is_ok(), "{label}: {verdict:?}");
    } else {
        assert_eq!(sol.table, table, "{label}");
    }
}

/// The play an `Unproven` answer carries: `check_play` accepts it, it places a tile and
/// the tiles and value it says, and it ranks no higher than `expect` (the best legal
/// play's rank).
fn assert_allowed(
    label: &str,
    config: &Config,
    (table, rack): (&[Meld<Tile>], &[Tile]),
    opened: bool,
    (objective, expect): (Objective, (u64, u64)),
    sol: &Solution,
) {
    let held: TileCounts = rack.iter().copied().collect();
    let info = check_play(config, table, &held, opened, &sol.table)
        .unwrap_or_else(|e| panic!("{label}: unproven play refused: {e}: {table:?} rack {rack:?}"));
    assert!(sol.tiles_placed > 0, "{label}: an unproven play places no tile");
    let placed: TileCounts = sol.placed.iter().copied().collect();
    assert_eq!((info.played, sol.tiles_placed), (placed, sol.placed.len()), "{label}");
    let value: u64 =
        sol.placed.iter().map(|t| t.number().map_or(u64::from(config.joker_penalty), u64::from)).sum();
    assert_eq!(sol.value_placed, value, "{label}");
    let got = rank(objective, sol.tiles_placed as u64, sol.value_placed);
    assert!(got <= expect, "{label}: unproven play {got:?} above the best {expect:?}");
}

/// The best rank of a play `check_play` accepts (`(0, 0)`: none).
fn brute_force(
    table: &[Meld<Tile>],
    rack: &[Tile],
    config: &Config,
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
                    + if t.is_joker() { u64::from(config.joker_penalty) } else { 0 }
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
            found = found || check_play(config, table, &held, opened, layout).is_ok();
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

fn option_sets() -> Vec<(&'static str, Config)> {
    let base = Config::STANDARD;
    let with = |f: &dyn Fn(&mut Config)| {
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
        (
            "rack only, group3 both",
            with(&|r| {
                r.joker_replacement_source = ReplacementSource::RackOnly;
                r.group3_joker_needs_both = true;
            }),
        ),
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
        ("schmidt", Config::SCHMIDT),
    ]
}

/// RULES.md §1.5, §1.6, §1.10, §4.1: under every option set, every answer the solver
/// gives is accepted by `check_play` and ranks as the brute force's best.
#[test]
fn rules_1_10_solve_turn_equals_brute_force_under_every_option_set() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x05ee_d110);
    let mut solver = Solver::new();
    let mut report = Vec::new();
    for (name, config) in option_sets() {
        let mut tally = Tally::default();
        let mut unproven = 0;
        for case in 0..150 {
            let (table, rack) = position(&mut rng);
            let opened = case % 3 != 0;
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} case {case}");
            let position = (table.as_slice(), rack.as_slice());
            if let Some(refused) =
                check_case(&mut solver, &label, &config, position, opened, objective, &mut tally)
            {
                unproven += 1;
                assert!(!matches!(refused, PlayError::InvalidMeld { .. }), "{name}: {refused:?}");
            }
        }
        let Tally { answered, costly, .. } = tally;
        report
            .push(format!("{name}: {answered} answered, {unproven} unproven, {costly} where the rules cost"));
        assert!(answered >= 100, "{name}: only {answered} of 150 answered");
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §1.6 (`joker_melds_locked`): on small positions with a meld holding a joker
/// on the table, the solver's answer under locked joker melds equals the brute force's
/// best, and it answers on most of them (the puzzle's best play is refused there on
/// about one in five: the locked melds are then solved kept whole).
#[test]
fn rules_1_6_locked_melds_solve_turn_equals_brute_force() {
    let locked = with_rules(|r| r.joker_melds_locked = true);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_10c4);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 300 {
        let (table, rack) = position(&mut rng);
        if table.iter().all(|m| m.jokers() == 0) {
            continue;
        }
        cases += 1;
        let opened = cases % 5 != 0;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        check_case(
            &mut solver,
            &format!("case {cases}"),
            &locked,
            (&table, &rack),
            opened,
            objective,
            &mut tally,
        );
    }
    let Tally { answered, costly_answered: binding, .. } = tally;
    eprintln!("locked: {answered} of {cases} answered, {binding} answered where the rule costs");
    assert!(answered >= 285 && binding >= 40, "{answered} answered, {binding} where the rule costs");
}

/// RULES.md §1.6 (`joker_melds_locked` with `joker_reuse`): on crowded positions, where
/// a locked meld's joker freed by its exact tile is often wanted among table tiles only,
/// the solver's answer equals the brute force's best under each reuse rule; with the
/// freed jokers held to the reuse rule in the locked melds' bound it answers nearly all
/// of them, many where the rules cost tiles.
#[test]
fn rules_1_6_locked_melds_freed_joker_reuse_equals_brute_force() {
    let sets = [
        ("locked, with rack tile", with_rules(|r| r.joker_melds_locked = true)),
        (
            "locked, two rack tiles",
            with_rules(|r| {
                r.joker_melds_locked = true;
                r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
            }),
        ),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_10c5);
    let mut solver = Solver::new();
    let mut report = Vec::new();
    for (name, config) in sets {
        let (mut cases, mut tally) = (0, Tally::default());
        while cases < 1000 {
            let (table, rack) = crowded(&mut rng);
            cases += 1;
            let opened = cases % 5 != 0;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} case {cases}");
            check_case(&mut solver, &label, &config, (&table, &rack), opened, objective, &mut tally);
        }
        let Tally { answered, costly, costly_answered } = tally;
        report.push(format!(
            "{name}: {answered} of {cases} answered, {costly_answered} of {costly} where the rules cost"
        ));
        // Without the reuse rule in the bound, 989 under `WithRackTile`; with it, 214 and 287 of
        // the costly ones answered under `NewMeldWithTwoRackTiles`.
        let (least, least_costly) =
            if config.joker_reuse == JokerReuse::WithRackTile { (998, 210) } else { (990, 280) };
        assert!(
            answered >= least && costly_answered >= least_costly,
            "{name}: {answered} answered, {costly_answered} where the rules cost"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §1.6 (`joker_melds_locked`, `WithRackTile`): r8 frees the locked group's
/// joker only by its exact place, and the joker would then end in k5 k6 k7 J beside
/// table tiles only: no legal play places a tile, and that is proven. The puzzle's one
/// tile is y5 in r5 y5 k5, the joker taken from r7 b7 y7 J into k6 k7 J; the legal
/// one is k3: k7 frees the joker, which ends beside k3 in k3 J k5 k6.
#[test]
fn rules_1_6_locked_meld_freed_joker_held_to_reuse_is_solved() {
    let locked = with_rules(|r| r.joker_melds_locked = true);
    let table = [group("J b8 y8 k8"), run("k5 k6 k7"), run("y5 y6 y7 y8")];
    assert_eq!(placed(&table, "r8", &locked, true), 0);
    assert_eq!(brute_force(&table, &tiles("r8"), &locked, true, Objective::Tiles), (0, 0));
    let table = [group("r7 b7 y7 J"), run("k5 k6 k7"), run("r5 r6 r7 r8 r9")];
    assert_eq!(placed(&table, "y5 k3", &locked, true), 1);
    assert_eq!(brute_force(&table, &tiles("y5 k3"), &locked, true, Objective::Tiles).0, 1);
    let sol = Solver::new().solve_turn(&table, &tiles("y5 k3"), &locked, true, Objective::Tiles).unwrap();
    assert!(
        sol.table.contains(&run("k3 J k5 k6")) && sol.table.contains(&group("r7 b7 y7 k7")),
        "{:?}",
        sol.table
    );
}

/// RULES.md §1.6 (`joker_melds_locked`, `NewMeldWithTwoRackTiles`): a table y5 frees a
/// joker of r5 b5 J J, which keeps its role in y5 k5 J beside the rack's k5 and the
/// other table y5 (a group joker stands for any colour of its group's number): legal,
/// one tile. A joker released beside one rack tile, or k5 with the jokers kept in
/// place, is not, so the answer needs a freed joker that keeps its role.
#[test]
fn rules_1_6_locked_meld_freed_group_joker_keeps_its_role_elsewhere() {
    let locked = with_rules(|r| {
        r.joker_melds_locked = true;
        r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
    });
    let table = [group("r5 b5 J J"), run("y5 y6 y7 y8"), run("y5 y6 y7 y8")];
    assert_eq!(brute_force(&table, &tiles("k5"), &locked, true, Objective::Tiles).0, 1);
    assert_eq!(placed(&table, "k5", &locked, true), 1);
}

/// RULES.md §1.6 (`joker_melds_locked`) with the 160 tiles (§1.1): with three or four
/// jokers in play a locked run may also grow by three jokers or more at one end; the
/// answers still equal the brute force's best.
#[test]
fn rules_1_6_locked_melds_with_four_jokers_equal_brute_force() {
    let mut locked = Config::XP;
    locked.joker_melds_locked = true;
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_0004);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 120 {
        let (table, mut rack) = position(&mut rng);
        if table.iter().all(|m| m.jokers() == 0) {
            continue;
        }
        let jokers =
            table.iter().map(|m| m.jokers()).sum::<usize>() + rack.iter().filter(|t| t.is_joker()).count();
        rack.extend(core::iter::repeat_n(Tile::JOKER, rng.random_range(1..=4 - jokers.min(3))));
        rack.truncate(5);
        cases += 1;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        check_case(
            &mut solver,
            &format!("case {cases}"),
            &locked,
            (&table, &rack),
            true,
            objective,
            &mut tally,
        );
    }
    let answered = tally.answered;
    eprintln!("locked, 160 tiles: {answered} of {cases} answered");
    assert!(answered >= 100, "{answered} answered");
}

/// RULES.md §1.6 (`joker_reuse`): on small positions with a joker on the table (and a
/// second joker on the rack in one case of three), under `WithRackTile` and
/// `NewMeldWithTwoRackTiles`, the solver's answer equals the brute force's best; it
/// answers on nearly all of them, including those where the puzzle's best play leaves a
/// released joker without a rack tile (a meld of a table joker and a rack tile is then
/// taken out and the rest solved, which bounds every play that releases a joker).
#[test]
fn rules_1_6_released_joker_reuse_equals_brute_force() {
    let sets = [
        ("with rack tile", Config::STANDARD),
        ("two rack tiles", with_rules(|r| r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles)),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_2e05);
    let mut solver = Solver::new();
    // The quick proofs answer a subset of the turns, each with the full proofs' answer.
    let mut quick = Solver::new().with_turn_proof(TurnProof::Quick);
    let mut report = Vec::new();
    for (name, config) in sets {
        let (mut cases, mut tally, mut quick_answered) = (0, Tally::default(), 0);
        while cases < 2000 {
            let (table, rack) = crowded(&mut rng);
            if table.iter().all(|m| m.jokers() == 0) {
                continue;
            }
            cases += 1;
            let opened = cases % 5 != 0;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            if let Ok(sol) = quick.solve_turn(&table, &rack, &config, opened, objective) {
                quick_answered += 1;
                let expect = brute_force(&table, &rack, &config, opened, objective);
                let label = format!("{name} case {cases}, quick proofs");
                assert_best(&label, &config, (&table, &rack), opened, (objective, expect), &sol);
            }
            let label = format!("{name} case {cases}");
            check_case(&mut solver, &label, &config, (&table, &rack), opened, objective, &mut tally);
        }
        let Tally { answered, costly_answered: binding, .. } = tally;
        report.push(format!(
            "{name}: {answered} of {cases} answered ({quick_answered} with the quick proofs), {binding} answered where the rule costs"
        ));
        assert!(
            quick_answered < answered,
            "{name}: the quick proofs answered {quick_answered}, the full {answered}"
        );
        // The bound of a released joker beside rack tiles answers where the rule costs
        // a tile: under `WithRackTile` a few such turns, under `NewMeldWithTwoRackTiles`
        // (a meld of its own) hundreds.
        let (least, costs) =
            if config.joker_reuse == JokerReuse::WithRackTile { (1_990, 10) } else { (1_995, 400) };
        assert!(
            answered >= least && binding >= costs,
            "{name}: {answered} answered, {binding} where the rule costs"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §1.6 (`WithRackTile`): b2 fits only in r2 b2 k2; the puzzle then lays
/// r4 b4 y4 k4 and r3 k3 J, the released joker among table tiles only, which the rule
/// forbids, and no other play places b2. That no play places a tile is proven (the
/// brute force agrees). With r5 and k7 beside four runs, one tile is the most, where
/// the puzzle would place two.
#[test]
fn rules_1_6_released_joker_needed_among_table_tiles_is_proven_costly() {
    let table = [run("r2 r3 r4"), run("k2 k3 k4"), group("b4 y4 J")];
    assert_eq!(placed(&table, "b2", &Config::STANDARD, true), 0);
    // Proven only by the released joker's bound, which the quick proofs leave out.
    let quick = Solver::new().with_turn_proof(TurnProof::Quick).solve_turn(
        &table,
        &tiles("b2"),
        &Config::STANDARD,
        true,
        Objective::Tiles,
    );
    assert!(matches!(quick, Err(SolveError::Unproven { .. })), "{quick:?}");
    assert_eq!(brute_force(&table, &tiles("b2"), &Config::STANDARD, true, Objective::Tiles), (0, 0));
    let flat = flat_best(&mut Solver::new(), &table, &tiles("b2"), &Config::STANDARD, true, Objective::Tiles);
    assert_eq!(flat.0, 1);
    let table = [run("y1 y2 y3"), run("y4 y5 y6 y7"), run("r6 J r8"), run("b5 b6 b7 b8")];
    assert_eq!(placed(&table, "r5 k7", &Config::STANDARD, true), 1);
    assert_eq!(brute_force(&table, &tiles("r5 k7"), &Config::STANDARD, true, Objective::Tiles).0, 1);
    let flat =
        flat_best(&mut Solver::new(), &table, &tiles("r5 k7"), &Config::STANDARD, true, Objective::Tiles);
    assert_eq!(flat.0, 2);
}

/// Three to five melds over a few neighbouring numbers, one with a joker, and a rack of
/// one or two tiles among them: a joker released there is often wanted in a meld of
/// table tiles only, as in game positions (a plain `position` rarely is so crowded).
fn crowded(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    loop {
        let low = rng.random_range(1..=9u8);
        let mut table = Vec::new();
        for m in 0..rng.random_range(3..=5) {
            let (kind, mut faces): (MeldKind, Vec<Tile>) = if rng.random_bool(0.5) {
                let colour = Colour::ALL[rng.random_range(0..4)];
                let start = rng.random_range(low..=low + 2);
                let len = rng.random_range(3..=(14 - start).min(5));
                (MeldKind::Run, (start..start + len).map(|n| Tile::new(colour, n).unwrap()).collect())
            } else {
                let n = rng.random_range(low..=low + 4);
                let k = rng.random_range(3..=4);
                let skip = rng.random_range(0..4);
                let colours = (0..4).filter(|&c| k == 4 || c != skip);
                (MeldKind::Group, colours.map(|c| Tile::new(Colour::ALL[c], n).unwrap()).collect())
            };
            if m == 0 {
                let k = rng.random_range(0..faces.len());
                faces[k] = Tile::JOKER;
            }
            table.extend(meld(kind, &faces));
        }
        let rack: Vec<Tile> = (0..rng.random_range(1..=2))
            .map(|_| Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(low..=low + 4)).unwrap())
            .collect();
        let all: Vec<Tile> =
            table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
        if counts(&all).iter().all(|&k| k <= 2) {
            return (table, rack);
        }
    }
}

/// The counts of a differential run: positions, answers, positions where the rules cost
/// tiles (the meld puzzle's best ranks above the brute force's) and those answered.
#[derive(Default)]
struct Tally {
    answered: usize,
    costly: usize,
    costly_answered: usize,
}

/// One differential case: `solve_turn` under `rules` answers the brute force's best
/// (`assert_best`) or is `Unproven`, never another error; counted in `tally`. The rule
/// that refused the puzzle's best when unproven (`SHOW_UNPROVEN` prints the position).
fn check_case(
    solver: &mut Solver,
    label: &str,
    rules: &Config,
    (table, rack): (&[Meld<Tile>], &[Tile]),
    opened: bool,
    objective: Objective,
    tally: &mut Tally,
) -> Option<PlayError> {
    let expect = brute_force(table, rack, rules, opened, objective);
    let costly = flat_best(solver, table, rack, rules, opened, objective) > expect;
    tally.costly += usize::from(costly);
    let refused = check_answer(solver, label, rules, (table, rack), opened, (objective, expect));
    if refused.is_none() {
        tally.answered += 1;
        tally.costly_answered += usize::from(costly);
    }
    refused
}

/// `solve_turn` under `rules` answers `expect` (`assert_best`) or is `Unproven`, never
/// another error: the rule that refused the puzzle's best when unproven
/// (`SHOW_UNPROVEN` prints the position).
fn check_answer(
    solver: &mut Solver,
    label: &str,
    rules: &Config,
    (table, rack): (&[Meld<Tile>], &[Tile]),
    opened: bool,
    (objective, expect): (Objective, (u64, u64)),
) -> Option<PlayError> {
    match solver.solve_turn(table, rack, rules, opened, objective) {
        Ok(sol) => {
            assert_best(label, rules, (table, rack), opened, (objective, expect), &sol);
            None
        }
        Err(SolveError::Unproven { refused, best }) => {
            if let Some(play) = best {
                assert_allowed(label, rules, (table, rack), opened, (objective, expect), &play);
            }
            if std::env::var("SHOW_UNPROVEN").is_ok() {
                eprintln!(
                    "UNPROVEN {label} {refused:?} opened {opened} {objective:?} {table:?} rack {rack:?} best {expect:?}"
                );
            }
            Some(refused)
        }
        Err(e) => panic!("{label}: {e}"),
    }
}

/// The meld puzzle's best rank (no house rules), for the count of binding positions.
fn flat_best(
    solver: &mut Solver,
    table: &[Meld<Tile>],
    rack: &[Tile],
    config: &Config,
    opened: bool,
    objective: Objective,
) -> (u64, u64) {
    let mut loose = *config;
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

fn run(s: &str) -> Meld<Tile> {
    meld(MeldKind::Run, &rummykit_core::parse_list::<Tile>(s).unwrap()).unwrap()
}

fn group(s: &str) -> Meld<Tile> {
    meld(MeldKind::Group, &rummykit_core::parse_list::<Tile>(s).unwrap()).unwrap()
}

fn tiles(s: &str) -> Vec<Tile> {
    rummykit_core::parse_list::<Tile>(s).unwrap()
}

/// Solves and checks the answer with the engine; the tiles placed.
fn placed(table: &[Meld<Tile>], rack: &str, config: &Config, opened: bool) -> usize {
    let rack = tiles(rack);
    let sol = Solver::new().solve_turn(table, &rack, config, opened, Objective::Tiles).expect("proven");
    if sol.tiles_placed > 0 {
        let held: TileCounts = rack.iter().copied().collect();
        assert!(check_play(config, table, &held, opened, &sol.table).is_ok(), "{:?}", sol.table);
    } else {
        assert_eq!(sol.table, table);
    }
    sol.tiles_placed
}

fn with_rules(f: impl Fn(&mut Config)) -> Config {
    let mut r = Config::STANDARD;
    f(&mut r);
    r
}

/// RULES.md §1.6 (`joker_replacement_source`): r3 taken from the group frees the run's
/// joker, which then makes k1 y1 a group: two tiles by default; with `RackOnly` the
/// joker cannot be freed by a table tile, and nothing can be placed.
#[test]
fn rules_1_6_joker_freed_by_a_table_tile_only_when_the_source_allows() {
    let table = [run("r1 r2 J"), group("r3 b3 y3 k3")];
    assert_eq!(placed(&table, "k1 y1", &Config::STANDARD, true), 2);
    let rack_only = with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly);
    assert_eq!(placed(&table, "k1 y1", &rack_only, true), 0);
}

/// RULES.md §1.6 (`JokerReuse`): b4 frees the joker of b2 b3 J b5; by default it may
/// stay in that run beside b4 (a rack tile), so one tile is placed; under
/// `NewMeldWithTwoRackTiles` it would need two rack tiles of its own, so none is; with
/// r7 r8 on the rack too, it goes with them and all three are placed.
#[test]
fn rules_1_6_released_joker_beside_rack_tiles_per_joker_reuse() {
    let table = [run("b2 b3 J b5")];
    let two = with_rules(|r| r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles);
    assert_eq!(placed(&table, "b4", &Config::STANDARD, true), 1);
    assert_eq!(placed(&table, "b4", &two, true), 0);
    assert_eq!(placed(&table, "b4 r7 r8", &Config::STANDARD, true), 3);
    assert_eq!(placed(&table, "b4 r7 r8", &two, true), 3);
}

/// RULES.md §1.6 (`group3_joker_needs_both`): y5 frees the joker of r5 b5 J for k7 k8
/// by default (three tiles); when both missing colours are needed it cannot, and y5
/// joins the group beside the joker (one tile).
#[test]
fn rules_1_6_group_of_three_joker_needs_both_colours() {
    let table = [group("r5 b5 J")];
    let both = with_rules(|r| r.group3_joker_needs_both = true);
    assert_eq!(placed(&table, "y5 k7 k8", &Config::STANDARD, true), 3);
    assert_eq!(placed(&table, "y5 k7 k8", &both, true), 1);
}

/// RULES.md §1.6 (`group3_joker_needs_both`), a turn of a greedy game that was left
/// `Unproven`: the puzzle's best play frees the joker of J y12 k12 (the default rules
/// allow it), but r12 and b12 cannot leave their runs to lay the group of four. The
/// bound on the plays that release a joker beside a rack tile now holds the rest of
/// such a play to the rule too (that joker's group of four laid apart, or it kept in
/// its role), and no play places a tile: proven, not `Unproven`.
#[test]
fn rules_1_6_group_of_three_joker_release_bound_holds_its_group_of_four() {
    let both = with_rules(|r| r.group3_joker_needs_both = true);
    let runs = [
        "b1 b2 b3 b4 b5",
        "y3 J y5",
        "k4 k5 k6",
        "r5 r6 r7",
        "b7 b8 b9",
        "r9 r10 r11 r12 r13",
        "b11 b12 b13",
    ];
    let groups =
        ["b1 y1 k1", "r2 b2 k2", "r4 y4 k4", "r6 y6 k6", "b7 y7 k7", "r8 y8 k8", "r8 b8 k8", "J y12 k12"];
    let table: Vec<Meld<Tile>> = runs.iter().map(|s| run(s)).chain(groups.iter().map(|s| group(s))).collect();
    assert!(placed(&table, "y9 k13", &Config::STANDARD, true) > 0);
    let answer = Solver::new().solve_turn(&table, &tiles("y9 k13"), &both, true, Objective::Tiles);
    assert_eq!(answer.map(|sol| (sol.tiles_placed, sol.table)), Ok((0, table)));
}

/// RULES.md §1.5 (`joker_value_in_initial_meld`, hand rummy of §1.8, and
/// `manipulate_on_initial_meld_turn`) through `solve_turn`.
#[test]
fn rules_1_5_initial_meld_options() {
    // r10 r11 J: 33 with the joker as r12, 21 if it counts nothing.
    let zero = with_rules(|r| r.joker_value_in_initial_meld = InitialJokerValue::Zero);
    assert_eq!(placed(&[], "r10 r11 J", &Config::STANDARD, false), 3);
    assert_eq!(placed(&[], "r10 r11 J", &zero, false), 0);
    // r1 r2 r3 is worth 6, but goes out: allowed under hand rummy.
    let hand = with_rules(|r| r.hand_rummy_double = true);
    assert_eq!(placed(&[], "r1 r2 r3", &Config::STANDARD, false), 0);
    assert_eq!(placed(&[], "r1 r2 r3", &hand, false), 3);
    // 30 in tens from the rack; r4 joins the table's run only when manipulating is
    // allowed in the same turn.
    let table = [run("r1 r2 r3")];
    let manipulate = with_rules(|r| r.manipulate_on_initial_meld_turn = true);
    assert_eq!(placed(&table, "r4 k10 y10 b10", &Config::STANDARD, false), 3);
    assert_eq!(placed(&table, "r4 k10 y10 b10", &manipulate, false), 4);
}

/// RULES.md §1.6 (`joker_melds_locked`): the puzzle's best play breaks the locked run,
/// and the only play that keeps both melds whole, b1 freeing the group's joker for the
/// run's lower end, leaves that joker among no rack tile: the solver cannot prove what
/// is best instead (nothing is), and says so with a typed error naming the rule, not
/// with a wrong play.
#[test]
fn rules_1_6_unproven_names_the_rule_that_refused() {
    let locked = with_rules(|r| r.joker_melds_locked = true);
    let table = [run("y2 J y4 y5"), group("r1 J y1 k1")];
    let err = Solver::new().solve_turn(&table, &tiles("b2 b1"), &locked, true, Objective::Tiles).unwrap_err();
    assert!(
        matches!(err, SolveError::Unproven { refused: PlayError::JokerMeldLocked { meld: 0 }, best: None }),
        "{err}"
    );
    assert_eq!(
        err.to_string(),
        format!(
            "the best play under the meld rules is refused ({}); no allowed play placing a tile was found",
            PlayError::JokerMeldLocked { meld: 0 }
        )
    );
}

/// RULES.md §4.1 (Schmidt's rules), a turn of a greedy game left `Unproven`: the
/// puzzle's best play breaks up old melds so that two of their tiles stay together, and
/// no play found ranks as high as a proven bound. The play the answer carries is the
/// rack-only one, r7 laid off at the end of r4 r5 r6 (every other old meld kept), which
/// the check accepts; the message says a play was found.
#[test]
fn rules_4_1_unproven_carries_the_rack_only_play() {
    let runs = [
        "r1 r2 r3",
        "b3 b4 b5",
        "r4 r5 r6",
        "b3 b4 b5 b6",
        "k3 k4 k5 k6",
        "y4 y5 y6 y7",
        "k3 k4 k5 k6 k7",
        "r5 r6 J r8",
        "b6 b7 b8",
        "b10 b11 b12",
        "k11 k12 k13",
    ];
    let groups = [
        "b1 y1 k1",
        "b7 y7 k7",
        "r8 y8 k8",
        "b9 y9 k9",
        "b9 y9 k9",
        "r10 y10 k10",
        "r10 y10 k10",
        "r12 b12 y12",
        "b13 y13 k13",
    ];
    let table: Vec<Meld<Tile>> = runs.iter().map(|s| run(s)).chain(groups.iter().map(|s| group(s))).collect();
    let rack = tiles("r7 r12 y2 y13");
    let err = Solver::new().solve_turn(&table, &rack, &Config::SCHMIDT, true, Objective::Tiles).unwrap_err();
    let SolveError::Unproven { refused, best: Some(play) } = &err else { panic!("{err}") };
    assert!(matches!(refused, PlayError::KeepThreeViolated { .. }), "{refused}");
    assert_eq!((play.tiles_placed, play.value_placed, &play.placed[..]), (1, 7, &tiles("r7")[..]));
    let mut expected = table.clone();
    expected[2] = run("r4 r5 r6 r7");
    assert_eq!(play.table, expected);
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&Config::SCHMIDT, &table, &held, true, &play.table).is_ok());
    assert!(
        err.to_string().ends_with("; an allowed play placing 1 tile was found, not proven best"),
        "{err}"
    );
}

/// RULES.md §4.1 (Schmidt's rules), a turn of a greedy game where the rack-only play
/// places nothing (no meld of rack tiles, none laid off at an end). The search soon
/// finds k6 splitting k4 k5 k6 k7 k8 into k4 k5 k6 and k6 k7 k8, and with a limit of 512
/// puzzles it stopped there, `Unproven`, carrying that play. Within its limit it proves
/// a play of two tiles (k6 and y8), which the check accepts.
#[test]
fn rules_4_1_a_long_search_proves_more_than_the_first_play_it_found() {
    let runs = [
        "y1 y2 y3",
        "y4 y5 y6 y7 y8",
        "k4 k5 k6 k7 k8",
        "r9 r10 r11",
        "k8 k9 J k11",
        "b5 b6 b7 b8 b9 b10 b11 b12",
        "y10 y11 y12",
        "r11 r12 r13",
    ];
    let groups = ["r4 b4 k4", "r12 y12 k12", "r13 b13 y13 k13"];
    let table: Vec<Meld<Tile>> =
        runs.iter().map(|s| run(s)).chain(groups.iter().map(|s| group(s))).chain([run("r2 r3 r4")]).collect();
    let rack = tiles("r2 r7 r7 y1 y2 y8 k6");
    let play = Solver::new().solve_turn(&table, &rack, &Config::SCHMIDT, true, Objective::Tiles).unwrap();
    let (mut placed, mut want) = (play.placed.clone(), tiles("y8 k6"));
    placed.sort_unstable();
    want.sort_unstable();
    assert_eq!(placed, want, "{:?}", play.table);
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&Config::SCHMIDT, &table, &held, true, &play.table).is_ok());
}

/// RULES.md §4.1 (Schmidt's rules), a turn of a greedy game (fresh seeds) left
/// `Unproven` whose play is one the search found, not the rack-only play: the rack
/// makes no meld of its own and lays off two tiles (b4 and a 12, in groups), while the
/// play carried also splits y6 y7 y8 y9 y10 with the rack's second y8 into y6 y7 y8 and
/// y8 y9 y10 (three tiles, each old meld kept). The check accepts it; the refusal named
/// is the keep-three rule's.
#[test]
fn rules_4_1_unproven_carries_a_play_the_search_found() {
    let runs = ["y1 y2 y3", "b3 b4 b5 b6", "b8 b9 b10", "y6 y7 y8 y9 y10", "J k12 k13", "b11 b12 b13"];
    let groups = ["r1 b1 y1 k1", "r4 y4 k4", "r9 b9 k9", "b12 k12 J"];
    let table: Vec<Meld<Tile>> = runs.iter().map(|s| run(s)).chain(groups.iter().map(|s| group(s))).collect();
    let rack = tiles("r3 r7 r10 r10 r12 r12 b1 b4 b5 b13 y6 y8 y12 y12 k1 k5 k6 k6");
    let err = Solver::new().solve_turn(&table, &rack, &Config::SCHMIDT, true, Objective::Tiles).unwrap_err();
    let SolveError::Unproven { refused, best: Some(play) } = &err else { panic!("{err}") };
    assert!(matches!(refused, PlayError::KeepThreeViolated { .. }), "{refused}");
    let (mut placed, mut want) = (play.placed.clone(), tiles("r12 b4 y8"));
    placed.sort_unstable();
    want.sort_unstable();
    assert_eq!(placed, want, "{:?}", play.table);
    // Not the rack-only play: the old run y6..y10 lies in no one meld of the play.
    let old = run("y6 y7 y8 y9 y10");
    assert!(
        play.table.iter().all(|m| old.faces().iter().any(|t| !m.faces().contains(t))),
        "{:?}",
        play.table
    );
    assert!(play.table.contains(&run("y6 y7 y8")) && play.table.contains(&run("y8 y9 y10")));
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&Config::SCHMIDT, &table, &held, true, &play.table).is_ok());
    assert!(
        err.to_string().ends_with("; an allowed play placing 3 tiles was found, not proven best"),
        "{err}"
    );
}

/// RULES.md §1.6 (`group3_joker_needs_both`), a turn of a greedy game: 24 melds, two
/// table jokers, each in a group of three. The puzzle's best play leaves a released
/// joker among table tiles only, and the bound on the plays that release a joker takes
/// much work (each meld taken out asks for the second joker's melds after it: 15,000
/// puzzles and 1.8 million states of the DP do not close it) but fits in a turn's: the
/// answer is proven, a play of 3 tiles the check accepts. (A smaller limit leaves it
/// `Unproven`, naming the rule: the solver's unit tests.)
#[test]
fn rules_1_6_release_bound_closes_within_the_turns_work() {
    let both = with_rules(|r| r.group3_joker_needs_both = true);
    let runs = ["y1 y2 y3 y4", "r2 r3 r4 r5", "b3 b4 b5", "k3 k4 k5", "y4 y5 y6", "k8 k9 k10"];
    let groups = [
        "r1 b1 k1",
        "r2 b2 y2",
        "b3 y3 k3",
        "r5 b5 y5 k5",
        "r6 b6 y6",
        "r7 b7 k7",
        "r7 b7 y7",
        "r9 b9 y9",
        "b9 y9 k9",
        "r10 y10 k10",
        "r10 b10 y10",
        "b11 y11 k11",
        "r12 b12 y12 k12",
        "r12 b12 y12",
        "r13 b13 y13 k13",
        "r13 b13 y13 k13",
        "r8 b8 J",
        "b8 k8 J",
    ];
    let table: Vec<Meld<Tile>> = runs.iter().map(|s| run(s)).chain(groups.iter().map(|s| group(s))).collect();
    let rack = tiles("r4 b1 y8");
    let answer = Solver::new().solve_turn(&table, &rack, &both, true, Objective::Tiles).expect("proven");
    assert_eq!(answer.tiles_placed, 3);
    let held: TileCounts = rack.iter().copied().collect();
    assert_eq!(check_play(&both, &table, &held, true, &answer.table).map(|_| ()), Ok(()));
}

/// RULES.md §1.6 (`joker_melds_locked`): a meld with a joker is kept whole, so the
/// puzzle's best play (y4 and the rack joker beside the table's joker, the group split)
/// is out, and no other play places a tile: proven, as the brute force finds. The
/// locked run r11 r12 J takes r10 at its lower end (b9 has no partner: one tile); with
/// r13 k11 b11 too, r13 frees the joker for a new group with k11 b11 (four tiles).
#[test]
fn rules_1_6_locked_melds_kept_whole_are_solved() {
    let locked = with_rules(|r| r.joker_melds_locked = true);
    let table = [group("r4 J y4 k4")];
    assert_eq!(placed(&table, "y4 J", &locked, true), 0);
    assert_eq!(brute_force(&table, &tiles("y4 J"), &locked, true, Objective::Tiles), (0, 0));
    let table = [run("r11 r12 J"), group("b4 y4 k4")];
    assert_eq!(placed(&table, "r10 b9", &locked, true), 1);
    assert_eq!(placed(&table, "r10 r13 k11 b11", &locked, true), 4);
    for rack in ["r10 b9", "r10 r13 k11 b11"] {
        let expect = brute_force(&table, &tiles(rack), &locked, true, Objective::Tiles).0;
        assert_eq!(placed(&table, rack, &locked, true) as u64, expect, "{rack}");
    }
}

/// `crowded` with one to three more rack tiles over the table's numbers (two copies of a
/// face at most): racks of two to five tiles, enough for a released joker's new meld.
fn crowded_rack(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    loop {
        let (table, mut rack) = crowded(rng);
        let numbers: Vec<u8> =
            table.iter().flat_map(|m| m.faces().iter().filter_map(|t| t.number())).collect();
        let (low, high) = (*numbers.iter().min().unwrap_or(&1), *numbers.iter().max().unwrap_or(&13));
        for _ in 0..rng.random_range(1..=3) {
            rack.push(Tile::new(Colour::ALL[rng.random_range(0..4)], rng.random_range(low..=high)).unwrap());
        }
        let all: Vec<Tile> =
            table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
        if counts(&all).iter().all(|&k| k <= 2) {
            return (table, rack);
        }
    }
}

/// RULES.md §1.6 (`NewMeldWithTwoRackTiles`): on crowded small positions with a joker on
/// the table and two to five rack tiles, the solver's answer equals the brute force's
/// best. A released joker must end in a meld of its own with rack tiles only, so the
/// meld taken out for the bound is one table joker and rack tiles; it answers nearly
/// every position, also where the rule costs tiles.
#[test]
fn rules_1_6_released_joker_in_a_new_meld_with_two_rack_tiles_equals_brute_force() {
    let two = with_rules(|r| r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_2e22);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 2000 {
        let (table, rack) = crowded_rack(&mut rng);
        cases += 1;
        let opened = cases % 5 != 0;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        check_case(
            &mut solver,
            &format!("case {cases}"),
            &two,
            (&table, &rack),
            opened,
            objective,
            &mut tally,
        );
    }
    let Tally { answered, costly_answered: binding, .. } = tally;
    eprintln!("two rack tiles, racks of 2-5: {answered} of {cases} answered, {binding} where the rule costs");
    assert!(answered >= 1_995 && binding >= 480, "{answered} answered, {binding} where the rule costs");
}

/// A crowded small position whose first meld is a group of three with one joker, the
/// rack of one to four tiles holding one of its missing colours half the time.
fn group3_crowded(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    loop {
        let (table, mut rack) = crowded(rng);
        let first = &table[0];
        if first.kind() != MeldKind::Group || first.len() != 3 || first.jokers() != 1 {
            continue;
        }
        let number = first.faces().iter().find_map(|t| t.number()).unwrap();
        if rng.random_bool(0.5) {
            let missing: Vec<Colour> = Colour::ALL
                .into_iter()
                .filter(|&c| !first.faces().contains(&Tile::new(c, number).unwrap()))
                .collect();
            rack.push(Tile::new(missing[rng.random_range(0..missing.len())], number).unwrap());
        }
        if rng.random_bool(0.5) {
            let n = (i16::from(number) + rng.random_range(-2..=2)).clamp(1, 13) as u8;
            rack.push(Tile::new(Colour::ALL[rng.random_range(0..4)], n).unwrap());
        }
        let all: Vec<Tile> =
            table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
        if counts(&all).iter().all(|&k| k <= 2) {
            return (table, rack);
        }
    }
}

/// RULES.md §1.6, §1.10 (`group3_joker_needs_both`): on crowded small positions with a
/// group of three holding a joker, the solver's answer equals the brute force's best. A
/// legal play keeps that joker in a group of its number, or frees it with the group's
/// naturals beside both missing colours, the group of four: the bound solves both ways,
/// so it answers nearly every position, also where the rule costs tiles.
#[test]
fn rules_1_10_group_of_three_joker_needing_both_colours_equals_brute_force() {
    let both = with_rules(|r| r.group3_joker_needs_both = true);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0110_6e03);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 2000 {
        let (table, rack) = group3_crowded(&mut rng);
        cases += 1;
        let opened = cases % 5 != 0;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        check_case(
            &mut solver,
            &format!("case {cases}"),
            &both,
            (&table, &rack),
            opened,
            objective,
            &mut tally,
        );
    }
    let Tally { answered, costly_answered: binding, .. } = tally;
    eprintln!(
        "group of three needing both colours: {answered} of {cases} answered, {binding} where the rule costs"
    );
    assert!(answered >= 1_985 && binding >= 550, "{answered} answered, {binding} where the rule costs");
}

/// RULES.md §1.6 (`NewMeldWithTwoRackTiles`) with two table jokers: `crowded_rack`
/// positions with a joker put into a second meld too. The first released joker's meld
/// is taken out; the other joker keeps its role or is released into a meld of its own,
/// and the answers equal the brute force's best.
#[test]
fn rules_1_6_two_table_jokers_each_in_a_new_meld_with_two_rack_tiles_equal_brute_force() {
    let two = with_rules(|r| r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_2e2f);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 600 {
        let Some((table, rack)) = two_table_jokers(&mut rng) else { continue };
        cases += 1;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        check_case(&mut solver, &format!("case {cases}"), &two, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly_answered: binding, .. } = tally;
    eprintln!(
        "two rack tiles, two table jokers: {answered} of {cases} answered, {binding} where the rule costs"
    );
    assert!(answered >= 580 && binding >= 240, "{answered} answered, {binding} where the rule costs");
}

/// A `crowded_rack` position with a joker put into a second meld too and none on the
/// rack; `None` where that second meld would not be valid.
fn two_table_jokers(rng: &mut ChaCha8Rng) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)> {
    let (mut table, rack) = crowded_rack(rng);
    let m = rng.random_range(1..table.len());
    let mut faces = table[m].faces().to_vec();
    let k = rng.random_range(0..faces.len());
    faces[k] = Tile::JOKER;
    table[m] = meld(table[m].kind(), &faces)?;
    (!rack.iter().any(|t| t.is_joker())).then_some((table, rack))
}

/// RULES.md §1.6, §1.10 with two table jokers, under the default rules, `RackOnly` and
/// `group3_joker_needs_both`: a legal play that releases one lays it beside a rack tile,
/// and the other keeps its role — a group joker in a group of its number, which may
/// hold the other joker too — or is released beside a rack tile of its own. The bounds
/// take the first one's meld out and solve the rest so, and lay a kept group joker's
/// group apart; the answers equal the brute force's best, also where the rules cost.
#[test]
fn rules_1_10_two_table_jokers_kept_or_beside_rack_tiles_equal_brute_force() {
    // (name, rules, seed, least answered and answered where the rules cost of 300)
    let sets = [
        ("default", Config::STANDARD, 0x0106_2e2b, (300, 11)),
        (
            "rack only",
            with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly),
            0x0106_2e2c,
            (295, 145),
        ),
        ("group3 both", with_rules(|r| r.group3_joker_needs_both = true), 0x0106_2e2d, (297, 30)),
    ];
    let mut solver = Solver::new();
    let mut report = Vec::new();
    for (name, config, seed, (least, costs)) in sets {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut cases, mut tally) = (0, Tally::default());
        while cases < 300 {
            let Some((table, rack)) = two_table_jokers(&mut rng) else { continue };
            cases += 1;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} case {cases}");
            check_case(&mut solver, &label, &config, (&table, &rack), true, objective, &mut tally);
        }
        let Tally { answered, costly, costly_answered: binding } = tally;
        report.push(format!(
            "{name}, two table jokers: {answered} of {cases} answered, {binding} of the {costly} where the rules cost"
        ));
        assert!(answered >= least && binding >= costs, "{name}: {answered} answered, {binding} of {costly}");
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §4.1 (Schmidt: keep-three, jokers freed only by their tile): on small random
/// positions, every answer of the solver equals the brute force's best, and it answers
/// on most of them, also where the rules cost tiles (the puzzle's best play breaks a meld
/// up; the branch and bound over kept and broken-up melds then proves the best). The
/// same with keep-three alone (`Config::keep_three` on the default rules, jokers freed
/// by any rearrangement), where the jokers' needs of the exact release do not hold:
/// every answer equals the brute force there too.
#[test]
fn rules_4_1_schmidt_solve_turn_equals_brute_force() {
    let keep_three = with_rules(|r| r.keep_three = true);
    for (name, rules, seed) in
        [("schmidt", Config::SCHMIDT, 0x0401_5c4d), ("keep three", keep_three, 0x0401_3333)]
    {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut solver = Solver::new();
        let (mut cases, mut tally) = (0, Tally::default());
        while cases < 400 {
            let (table, rack) = position(&mut rng);
            cases += 1;
            let opened = cases % 5 != 0;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} case {cases}");
            check_case(&mut solver, &label, &rules, (&table, &rack), opened, objective, &mut tally);
        }
        let Tally { answered, costly: refused, costly_answered: binding } = tally;
        eprintln!(
            "{name}: {answered} of {cases} answered, {binding} of the {refused} where the rules cost answered"
        );
        // Under Schmidt's rules the branch and bound proves most turns where the rules
        // cost tiles; keep-three alone leaves more of them to the released-joker bounds.
        let share = if name == "schmidt" { 8 } else { 2 };
        assert!(
            answered >= 385 && binding * 10 >= refused * share,
            "{name}: {answered} answered, {binding} of {refused}"
        );
    }
}

/// RULES.md §4.1 on a position of a greedy-bot game (ten melds, a rack of thirteen):
/// the search over kept and broken-up melds reaches its limit of puzzles when every
/// node is solved on its own, with a whole family of siblings holding one meld that an
/// earlier node, reached by another path, proved costly. A node holding all of a solved
/// node's melds ranks no higher than that node's best, so those siblings close without
/// a solve each and the turn is proven; the answer is one the engine accepts.
#[test]
fn rules_4_1_nodes_holding_a_costly_nodes_melds_close_unsolved() {
    let table = [
        run("b6 b7 b8 b9 b10"),
        run("k7 k8 k9 k10"),
        run("b10 b11 b12 J"),
        run("k10 k11 k12 k13"),
        group("r6 y6 k6"),
        group("y13 k13 J b13"),
        run("b6 b7 b8"),
        group("r5 b5 k5 y5"),
        group("r12 y12 k12 b12"),
        group("r13 b13 y13"),
    ];
    let rack = "r1 r1 r2 r9 r10 b1 b4 y5 y7 y11 k3 k3 k4";
    // `placed` asks for a proven answer and checks it with the engine.
    placed(&table, rack, &Config::SCHMIDT, true);
}

/// RULES.md §4.1, the worked examples: the b10 taken from either run of three into
/// b10 k10 y10 leaves two of its run together, so no play places a tile (the puzzle's
/// best would place both, and that is proven too); a run of four gives its 2 to a new
/// group and takes a 6; a run of five splits around a rack 4; a joker run splits and
/// frees its joker for b13; r11 b11 k11 J gives b11 to a run and takes y11.
#[test]
fn rules_4_1_worked_examples_are_solved() {
    let schmidt = Config::SCHMIDT;
    let cases: [(&[Meld<Tile>], &str, usize); 5] = [
        (&[run("b10 b11 b12"), run("b8 b9 b10")], "k10 y10", 0),
        (&[run("k2 k3 k4 k5")], "k6 y2 b2", 3),
        (&[run("b2 b3 b4 b5 b6")], "b4", 1),
        (&[run("b8 b9 b10 b11 b12 J"), group("r5 y5 k5")], "b13", 1),
        (&[group("r11 b11 k11 J"), run("b8 b9 b10")], "y11", 1),
    ];
    for (table, rack, want) in cases {
        assert_eq!(placed(table, rack, &schmidt, true), want, "{table:?} {rack}");
        let expect = brute_force(table, &tiles(rack), &schmidt, true, Objective::Tiles);
        assert_eq!(expect.0, want as u64, "{table:?} {rack}");
    }
}

/// RULES.md §4.1 and §1.6: keep-three alone (jokers freed by any rearrangement) lets
/// y6 y7 y8 stay together while the joker, needed no more, joins r9 b9 from the rack;
/// under Schmidt's exact release the joker may not move (no y9 to take its place).
#[test]
fn rules_4_1_keep_three_alone_frees_a_joker_by_rearranging() {
    let keep_three = with_rules(|r| r.keep_three = true);
    let table = [run("y6 y7 y8 J")];
    for (rules, want) in [(keep_three, 2), (Config::SCHMIDT, 0)] {
        assert_eq!(placed(&table, "r9 b9", &rules, true), want);
        assert_eq!(brute_force(&table, &tiles("r9 b9"), &rules, true, Objective::Tiles).0, want as u64);
    }
}

/// RULES.md §4.1 on crowded positions (a few melds over neighbouring numbers, so most
/// faces have a second copy and which copy is whose decides keep-three): every answer
/// under Schmidt's rules and under keep-three alone equals the brute force's best, and
/// nearly every position is answered, also where the rules cost tiles.
#[test]
fn rules_4_1_schmidt_crowded_positions_equal_brute_force() {
    let keep_three = with_rules(|r| r.keep_three = true);
    for (name, rules, seed, least) in
        [("schmidt", Config::SCHMIDT, 0x0401_c0b1, 997), ("keep three", keep_three, 0x0401_c0b2, 990)]
    {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut solver = Solver::new();
        let (mut cases, mut tally) = (0, Tally::default());
        while cases < 1000 {
            let (table, rack) = crowded(&mut rng);
            cases += 1;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} crowded case {cases}");
            check_case(&mut solver, &label, &rules, (&table, &rack), true, objective, &mut tally);
        }
        let Tally { answered, costly, costly_answered } = tally;
        eprintln!(
            "{name} crowded: {answered} of {cases} answered, {costly_answered} of the {costly} where the rules cost"
        );
        assert!(answered >= least, "{name} crowded: {answered} answered, {costly_answered} of {costly}");
    }
}

/// RULES.md §4.1 (a table joker moves only for its tile): on crowded positions whose
/// first meld is a group with a joker and no tile it could stand for anywhere (table or
/// rack), the joker never moves, so its group is kept in every legal play; every answer
/// equals the brute force's best, and nearly every position is answered.
#[test]
fn rules_4_1_group_whose_joker_cannot_move_equals_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0401_6a0b);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 600 {
        let (table, rack) = crowded_rack(&mut rng);
        let first = &table[0];
        let all: Vec<Tile> =
            table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
        let number = first.faces().iter().find_map(|t| t.number());
        let stuck = first.kind() == MeldKind::Group
            && first.jokers() == 1
            && number.is_some_and(|n| {
                let missing =
                    Colour::ALL.into_iter().filter(|&c| !first.faces().contains(&Tile::new(c, n).unwrap()));
                missing.into_iter().all(|c| !all.contains(&Tile::new(c, n).unwrap()))
            });
        if !stuck {
            continue;
        }
        cases += 1;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        let label = format!("stuck group joker case {cases}");
        check_case(&mut solver, &label, &Config::SCHMIDT, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly, costly_answered } = tally;
    eprintln!(
        "stuck group joker: {answered} of {cases} answered, {costly_answered} of the {costly} where the rules cost"
    );
    assert!(answered >= 598, "{answered} answered, {costly_answered} of {costly}");
}

/// RULES.md §4.1 on small positions whose search goes deeper: crowded tables with two
/// to five rack tiles, and with a second table joker (none on the rack), both objectives.
/// More rack tiles and jokers give the branch and bound more old melds to break and
/// more puzzles to solve before a play is accepted; every answer equals the brute
/// force's best, and nearly every position is answered.
#[test]
fn rules_4_1_schmidt_longer_racks_and_two_table_jokers_equal_brute_force() {
    let sets = [("schmidt", Config::SCHMIDT, 0x0401_d33e)];
    xp_differential("crowded rack", &sets, 300, 294, |rng| Some(crowded_rack(rng)));
    let sets = [("schmidt", Config::SCHMIDT, 0x0401_d33f)];
    xp_differential("two table jokers", &sets, 200, 195, two_table_jokers);
}

/// How many table jokers no tile of the table or the rack could replace (under §4.1
/// such a joker never moves).
fn jokers_that_never_move(table: &[Meld<Tile>], rack: &[Tile]) -> usize {
    let all: Vec<Tile> =
        table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
    let absent = |t: Option<Tile>| t.is_none_or(|t| !all.contains(&t));
    table
        .iter()
        .flat_map(|m| (0..m.len()).filter_map(|p| m.joker_role(p)))
        .filter(|role| match *role {
            JokerRole::Exactly(t) => absent(Some(t)),
            JokerRole::OneOf { number, suits } => Colour::ALL
                .into_iter()
                .filter(|c| suits & (1 << c.index()) != 0)
                .all(|c| absent(Tile::new(c, number))),
        })
        .count()
}

/// RULES.md §4.1 (a table joker moves only for its tile) with two table jokers, one or
/// both of which no tile could replace: such a joker lies, in every legal play, where it
/// stays (beside two other tiles of its old meld, or at its tile in a run), so a fixed
/// meld of the search holds it only if it could be cut from such a meld. On crowded
/// positions every answer equals the brute force's best, and nearly all are answered.
#[test]
fn rules_4_1_jokers_that_never_move_equal_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0401_7e7e);
    let mut solver = Solver::new();
    let (mut cases, mut both, mut tally) = (0, 0, Tally::default());
    while cases < 300 {
        let Some((table, mut rack)) = two_table_jokers(&mut rng) else { continue };
        // Rack tiles a joker stands for would let it be swapped: most are dropped.
        let roles: Vec<Tile> = table
            .iter()
            .flat_map(|m| (0..m.len()).filter_map(|p| m.joker_role(p)))
            .flat_map(|role| match role {
                JokerRole::Exactly(t) => vec![t],
                JokerRole::OneOf { number, .. } => {
                    Colour::ALL.iter().filter_map(|&c| Tile::new(c, number)).collect()
                }
            })
            .collect();
        if rng.random_bool(0.8) {
            rack.retain(|t| !roles.contains(t));
        }
        let stuck = jokers_that_never_move(&table, &rack);
        if stuck == 0 || rack.is_empty() {
            continue;
        }
        cases += 1;
        both += usize::from(stuck == 2);
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        let label = format!("jokers that never move case {cases}");
        check_case(&mut solver, &label, &Config::SCHMIDT, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly, costly_answered } = tally;
    eprintln!(
        "jokers that never move ({both} with both): {answered} of {cases} answered, {costly_answered} of the {costly} where the rules cost"
    );
    assert!(both >= 30, "{both} positions with both jokers stuck");
    assert!(answered >= 298, "{answered} answered, {costly_answered} of {costly}");
}

/// RULES.md §4.1 on a position of a greedy-bot game (24 melds, a rack of one r1): both
/// table jokers stand for a 7 no tile can replace, so neither moves. The puzzle's best
/// lays r1 in r1 r2 J r4 r5 with one of them; the search used to fix melds of every
/// other old meld around that joker, each solved on its own, and stopped at its limit.
/// Fixed melds hold a joker that never moves only where it stays, and such a joker held
/// by another meld's faces is branched on first: both are fixed in their groups in two
/// steps and the turn is proven, no tile placed (r1 fits no group of 1s beside the
/// table's r1 and no run without r3 or a joker).
#[test]
fn rules_4_1_jokers_that_never_move_are_fixed_where_they_stay() {
    let table = [
        run("r8 r9 r10 r11 r12"),
        run("b11 b12 b13"),
        run("y10 y11 y12 y13"),
        run("k10 k11 k12 k13"),
        group("r1 y1 k1"),
        group("r2 y2 k2"),
        group("r2 y2 k2"),
        group("b3 y3 k3"),
        group("b3 y3 k3"),
        group("r4 b4 y4 k4"),
        group("r4 b4 y4 k4"),
        group("r5 b5 y5 k5"),
        group("r5 y5 k5"),
        group("r6 b6 k6"),
        group("b6 y6 k6"),
        group("r7 y7 J"),
        group("r7 y7 J"),
        group("r8 b8 k8"),
        group("b8 y8 k8"),
        group("r9 b9 y9"),
        group("b10 y10 k10"),
        group("r11 y11 k11"),
        group("r12 b12 k12"),
        group("r13 y13 k13"),
    ];
    assert_eq!(jokers_that_never_move(&table, &tiles("r1")), 2);
    assert_eq!(placed(&table, "r1", &Config::SCHMIDT, true), 0);
}

/// RULES.md §4.1, a greedy-bot position: r13 from the group takes the joker's place in
/// r11 r12 J and goes back, so the joker is no longer a tile of its run, which is broken
/// up (r11 to the group of 11s, r12 beside the joker and the rack's k12). That play and
/// six more tiles is accepted, and the solver finds as many (a bound that read the joker
/// as the run's for good found six).
#[test]
fn rules_4_1_joker_exchanged_from_the_table_leaves_its_run() {
    let table = [
        run("r2 r3 r4"),
        run("y1 y2 y3 y4"),
        run("y3 y4 y5 y6"),
        run("r4 r5 r6 r7"),
        run("r5 r6 r7 r8"),
        run("r11 r12 J"),
        group("r9 y9 k9"),
        group("b11 y11 k11"),
        group("r13 b13 k13"),
    ];
    let rack = tiles("b3 b6 b6 b8 b9 b9 b13 y5 y9 k1 k2 k2 k4 k6 k8 k12");
    let play = [
        group("r12 k12 J"),
        group("r9 b9 y9 k9"),
        run("r2 r3 r4"),
        run("y3 y4 y5"),
        run("y1 y2 y3 y4 y5"),
        run("r5 r6 r7"),
        run("r4 r5 r6 r7"),
        group("b6 y6 k6"),
        group("r8 b8 k8"),
        group("r11 b11 y11 k11"),
        group("r13 b13 k13"),
    ];
    let held: TileCounts = rack.iter().copied().collect();
    let schmidt = Config::SCHMIDT;
    assert!(check_play(&schmidt, &table, &held, true, &play).is_ok());
    let sol = Solver::new().solve_turn(&table, &rack, &schmidt, true, Objective::Tiles).expect("answered");
    assert!(sol.tiles_placed >= 7, "{sol:?}");
}

/// RULES.md §1.6 under `RackOnly`: a joker is freed only in a turn that plays a tile it
/// stands for from the rack, so the puzzle with that tile moved to the table bounds
/// every play that frees one (one solve per such rack tile). On crowded positions with
/// one and with two table jokers, every answer equals the brute force's best, also
/// where the rules cost.
#[test]
fn rules_1_6_rack_only_release_bounded_by_its_rack_tile_equals_brute_force() {
    let config = with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly);
    let mut solver = Solver::new();
    let mut report = Vec::new();
    // (name, seed, least answered and answered where the rules cost of 300)
    let kinds: [(&str, u64, (usize, usize)); 2] =
        [("one table joker", 0x0106_7a01, (300, 119)), ("two table jokers", 0x0106_7a02, (300, 150))];
    for (name, seed, (least, costs)) in kinds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut cases, mut tally) = (0, Tally::default());
        while cases < 300 {
            let position = if name == "one table joker" {
                Some(crowded_rack(&mut rng))
            } else {
                two_table_jokers(&mut rng)
            };
            let Some((table, rack)) = position else { continue };
            cases += 1;
            let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("rack only, {name}, case {cases}");
            check_case(&mut solver, &label, &config, (&table, &rack), true, objective, &mut tally);
        }
        let Tally { answered, costly, costly_answered: binding } = tally;
        report.push(format!(
            "rack only, {name}: {answered} of {cases} answered, {binding} of the {costly} where the rules cost"
        ));
        assert!(answered >= least && binding >= costs, "{name}: {answered} answered, {binding} of {costly}");
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §1.6 (`RackOnly`), a turn of a greedy game: the joker of b13 y13 J stands
/// for r13 or k13, neither on the rack, so no play may release it; the joker of
/// b10 y10 J may be freed by the rack's k10. The bound on the plays that release a joker
/// (the puzzle with k10 moved to the table) must keep the first joker in its group of
/// 13s, as every legal play does: left free, it bounded plays no rule allows, and the
/// answer was `Unproven`. Kept, the bound closes on a legal play of 4 tiles.
#[test]
fn rules_1_6_rack_only_release_bound_keeps_the_jokers_no_play_may_release() {
    let config = with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly);
    let table = [group("b10 y10 J"), group("b13 y13 J"), group("b12 y12 k12")];
    let rack = tiles("r3 r11 b7 b7 b10 b12 y1 y2 y4 y6 y8 y9 y11 y11 k1 k5 k5 k7 k8 k10");
    let sol = Solver::new().solve_turn(&table, &rack, &config, true, Objective::Tiles).unwrap();
    assert_eq!(sol.tiles_placed, 4, "{sol:?}");
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&config, &table, &held, true, &sol.table).is_ok(), "{sol:?}");
}

/// A small table and a rack of 4–6 tiles near it: own melds and tiles for the table.
fn initial_turn(rng: &mut ChaCha8Rng) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    initial_turn_of(rng, Racks::Near, Config::STANDARD.tile_set)
}

/// The racks of [`initial_turn_of`].
#[derive(Clone, Copy, PartialEq)]
enum Racks {
    /// 4–6 tiles near the table.
    Near,
    /// A run of 4–6 places of one colour (a joker or two among them).
    RunHeavy,
    /// 4–6 tiles near the table, with jokers added to make 3 or 4 in all.
    ManyJokers,
}

/// A small table and a rack for the turn of the initial meld, the tiles within
/// `tile_set`'s copies.
fn initial_turn_of(rng: &mut ChaCha8Rng, racks: Racks, tile_set: TileSet) -> (Vec<Meld<Tile>>, Vec<Tile>) {
    let catalog = tile_set.catalog();
    loop {
        let (table, mut rack) = position(rng);
        if racks == Racks::RunHeavy {
            let colour = Colour::ALL[rng.random_range(0..4)];
            let len = rng.random_range(4..=6u8);
            let start = rng.random_range(1..=14 - len);
            rack = (start..start + len).map(|n| Tile::new(colour, n).unwrap()).collect();
            for _ in 0..rng.random_range(0..=2) {
                let at = rng.random_range(0..rack.len());
                rack[at] = Tile::JOKER;
            }
        } else {
            let (_, more) = position(rng);
            rack.extend(more);
            rack.truncate(6);
        }
        let mut all: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        if racks == Racks::ManyJokers {
            let want = rng.random_range(3..=4);
            let there = all.iter().chain(&rack).filter(|t| t.is_joker()).count();
            for _ in there..want {
                let at = rng.random_range(0..rack.len());
                rack[at] = Tile::JOKER;
            }
            if all.iter().chain(&rack).filter(|t| t.is_joker()).count() < 3 {
                continue;
            }
        }
        all.extend(rack.iter().copied());
        let c = counts(&all);
        if rack.len() >= 4 && Tile::all().all(|t| c[t.index() as usize] <= catalog.count_of(t)) {
            return (table, rack);
        }
    }
}

/// RULES.md §1.5 (`manipulate_on_initial_meld_turn`): in the turn of the initial meld,
/// with the table open to the player, the answer equals the brute force's best, and it
/// answers where the meld puzzle's best play holds too little in new melds of rack
/// tiles: the best over the minimal sets of such melds, each with the best play of the
/// rest, bounds every legal play.
#[test]
fn rules_1_5_manipulate_on_initial_meld_turn_equals_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0105_3a41);
    let mut solver = Solver::new();
    let (mut cases, mut answered, mut unproven) = (0, 0, 0);
    // Positions where the threshold costs: the puzzle's best, the player as if opened,
    // ranks above the brute force's; and those answered.
    let (mut costly, mut costly_answered) = (0, 0);
    for threshold in [9, 15, 24] {
        let rules = with_rules(|r| {
            r.manipulate_on_initial_meld_turn = true;
            r.initial_meld_threshold = threshold;
        });
        for case in 0..150 {
            let (table, rack) = initial_turn(&mut rng);
            cases += 1;
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("threshold {threshold} case {case}");
            let expect = brute_force(&table, &rack, &rules, false, objective);
            let costs = flat_best(&mut solver, &table, &rack, &rules, true, objective) > expect;
            costly += usize::from(costs);
            if check_answer(&mut solver, &label, &rules, (&table, &rack), false, (objective, expect))
                .is_some()
            {
                unproven += 1;
            } else {
                answered += 1;
                costly_answered += usize::from(costs);
            }
        }
    }
    eprintln!(
        "manipulate: {answered} of {cases} answered, {unproven} unproven, {costly_answered} of {costly} where the threshold costs"
    );
    assert!(unproven == 0 && costly_answered >= 20, "{unproven} unproven, {costly_answered} of {costly}");
}

/// RULES.md §1.5 (`manipulate_on_initial_meld_turn`) beside the other initial-meld
/// options: jokers worth nothing, hand rummy doubled (going out needs no threshold),
/// the XP set with 3 or 4 jokers in play, and racks that are mostly one run (at the
/// threshold of 30, which a short run misses). Every
/// answer equals the brute force's best; none is unproven, also where the threshold
/// costs (the puzzle's best, the player as if opened, ranks above the brute force's).
#[test]
fn rules_1_5_manipulate_under_every_initial_meld_option_equals_brute_force() {
    let mut solver = Solver::new();
    let manipulate = |f: &dyn Fn(&mut Config)| {
        with_rules(|r| {
            r.manipulate_on_initial_meld_turn = true;
            r.initial_meld_threshold = 15;
            f(r);
        })
    };
    let kinds: [(&str, u64, Racks, Config); 4] = [
        (
            "jokers worth nothing",
            0x0105_3a51,
            Racks::Near,
            manipulate(&|r| r.joker_value_in_initial_meld = InitialJokerValue::Zero),
        ),
        ("hand rummy doubled", 0x0105_3a52, Racks::Near, manipulate(&|r| r.hand_rummy_double = true)),
        (
            "XP set, 3 or 4 jokers",
            0x0105_3a53,
            Racks::ManyJokers,
            manipulate(&|r| r.tile_set = TileSet::Xp160),
        ),
        ("run-heavy racks", 0x0105_3a54, Racks::RunHeavy, manipulate(&|r| r.initial_meld_threshold = 30)),
    ];
    let mut report = Vec::new();
    for (name, seed, racks, rules) in kinds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut answered, mut unproven, mut costly) = (0, 0, 0);
        for case in 0..CASES_PER_OPTION {
            let (table, rack) = initial_turn_of(&mut rng, racks, rules.tile_set);
            let objective = if case % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let expect = brute_force(&table, &rack, &rules, false, objective);
            costly += usize::from(flat_best(&mut solver, &table, &rack, &rules, true, objective) > expect);
            let label = format!("{name} case {case}");
            match check_answer(&mut solver, &label, &rules, (&table, &rack), false, (objective, expect)) {
                None => answered += 1,
                Some(_) => unproven += 1,
            }
        }
        report.push(format!(
            "{name}: {answered} of {CASES_PER_OPTION} answered, {unproven} unproven, {costly} where the threshold costs"
        ));
        assert!(
            unproven == 0 && costly >= 20,
            "{name}: {unproven} unproven, {costly} where the threshold costs"
        );
    }
    eprintln!("{}", report.join("\n"));
}

/// Positions per option set in the test above.
const CASES_PER_OPTION: usize = 120;

/// RULES.md §1.5 (`manipulate_on_initial_meld_turn`): the puzzle lays more tiles with
/// the table's jokers moved, but no such play holds 15 in new melds of rack tiles; the
/// best legal play is b7 y7 k7 (21) alone, and that is proven by the minimal sets of
/// own melds (here that one group), each with the rest's best play.
#[test]
fn rules_1_5_manipulate_own_melds_bound_the_initial_turn() {
    let rules = with_rules(|r| {
        r.manipulate_on_initial_meld_turn = true;
        r.initial_meld_threshold = 15;
    });
    let table = [run("J r2 r3 r4"), group("r7 J k7")];
    let rack = "k5 b7 k7 y7 y8";
    let best = brute_force(&table, &tiles(rack), &rules, false, Objective::Tiles);
    assert!(flat_best(&mut Solver::new(), &table, &tiles(rack), &rules, true, Objective::Tiles) > best);
    assert_eq!(placed(&table, rack, &rules, false) as u64, best.0);
    assert_eq!(best.0, 3);
}

/// A `two_table_jokers` position in Rummikub XP's tiles (four jokers): one or two jokers
/// on a rack of three tiles at most, and with `third` a third
/// table joker put into a run of the table where it stays valid.
fn xp_jokers(rng: &mut ChaCha8Rng, third: bool) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)> {
    let (mut table, mut rack) = two_table_jokers(rng)?;
    let rack_jokers = if third { 1 } else { rng.random_range(1..=2) };
    // Three rack tiles at most: the brute force's layouts grow fast with jokers.
    rack.truncate(3 - rack_jokers);
    rack.extend(core::iter::repeat_n(Tile::JOKER, rack_jokers));
    if third {
        third_run_joker(&mut table, rng)?;
    }
    Some((table, rack))
}

/// `table` with a natural of one of its runs that hold a joker made a joker; `None` if
/// no run holds one or the run is then no meld.
fn third_run_joker(table: &mut [Meld<Tile>], rng: &mut ChaCha8Rng) -> Option<()> {
    let runs: Vec<usize> =
        (0..table.len()).filter(|&m| table[m].kind() == MeldKind::Run && table[m].jokers() > 0).collect();
    let &m = runs.get(rng.random_range(0..runs.len().max(1)))?;
    let mut faces = table[m].faces().to_vec();
    let naturals: Vec<usize> = (0..faces.len()).filter(|&p| !faces[p].is_joker()).collect();
    faces[naturals[rng.random_range(0..naturals.len())]] = Tile::JOKER;
    table[m] = meld(MeldKind::Run, &faces)?;
    Some(())
}

/// RULES.md §1.6, §1.10 in Rummikub XP's tiles, under `RackOnly` and
/// `group3_joker_needs_both`: two table jokers and one or two on the rack, on crowded
/// small positions. A released joker's meld may take both table jokers, the rack's
/// jokers left to the rest; a joker the rules hold may then lie in that meld, not in
/// the rest, so the rest is not held to it there. Every answer equals the brute
/// force's best.
#[test]
fn rules_1_10_rack_jokers_beside_two_table_jokers_equal_brute_force() {
    let xp = |f: &dyn Fn(&mut Config)| with_rules(|r| f(r)).with_tile_set(TileSet::Xp160);
    let sets = [
        ("rack only", xp(&|r| r.joker_replacement_source = ReplacementSource::RackOnly), 0x0110_7a01),
        ("group3 both", xp(&|r| r.group3_joker_needs_both = true), 0x0110_7a02),
    ];
    xp_differential("xp jokers", &sets, 100, 75, |rng| xp_jokers(rng, false));
}

/// RULES.md §4.1 in Rummikub XP's tiles: two or three table jokers (three in one run at
/// times) and rack jokers, most tiles the jokers stand for dropped from the rack, so
/// some never move. A joker that never moves lies where it stays, and a run of three
/// jokers stays in any run holding those three; every answer equals the brute force's
/// best.
#[test]
fn rules_4_1_xp_jokers_that_never_move_equal_brute_force() {
    let schmidt = Config::SCHMIDT.with_tile_set(TileSet::Xp160);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0401_7a03);
    let mut solver = Solver::new();
    let (mut cases, mut stuck_cases, mut tally) = (0, 0, Tally::default());
    while cases < 150 {
        let Some((table, mut rack)) = xp_jokers(&mut rng, cases % 2 == 0) else { continue };
        let roles: Vec<Tile> = table
            .iter()
            .flat_map(|m| (0..m.len()).filter_map(|p| m.joker_role(p)))
            .flat_map(|role| match role {
                JokerRole::Exactly(t) => vec![t],
                JokerRole::OneOf { number, .. } => {
                    Colour::ALL.iter().filter_map(|&c| Tile::new(c, number)).collect()
                }
            })
            .collect();
        if rng.random_bool(0.8) {
            rack.retain(|t| !roles.contains(t));
        }
        cases += 1;
        stuck_cases += usize::from(jokers_that_never_move(&table, &rack) > 0);
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        let label = format!("xp jokers that never move case {cases}");
        check_case(&mut solver, &label, &schmidt, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly, costly_answered } = tally;
    eprintln!(
        "xp jokers that never move ({stuck_cases} with one): {answered} of {cases} answered, {costly_answered} of the {costly} where the rules cost"
    );
    assert!(stuck_cases >= 40, "{stuck_cases} positions with a joker that never moves");
    assert!(answered >= 110, "{answered} answered, {costly_answered} of {costly}");
}

/// RULES.md §1.6 under `RackOnly` in Rummikub XP's tiles: the k8 joker is held (no k8
/// on the rack), yet r5 frees the r5 joker and `J J J y12` takes it beside both rack
/// jokers, four tiles placed. The proven answer places four.
#[test]
fn rules_1_6_held_joker_beside_a_meld_of_three_jokers_is_solved() {
    let mut rack_only = with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly);
    rack_only = rack_only.with_tile_set(TileSet::Xp160);
    let table = [group("r8 b8 y8 J"), group("k5 y5 b5 J")];
    let play = [group("r5 b5 y5 k5"), run("J J J y12"), group("r8 b8 y8 J")];
    let held: TileCounts = tiles("r5 y12 y1 J J").into_iter().collect();
    assert!(check_play(&rack_only, &table, &held, true, &play).is_ok());
    assert_eq!(placed(&table, "r5 y12 y1 J J", &rack_only, true), 4);
}

/// RULES.md §4.1 in Rummikub XP's tiles: the three jokers of r5 J J J r9 stand for r6
/// r7 r8, which no tile replaces, so they never move; yet b1 b2 J J J holds three tiles
/// of their old run (the jokers) and keeps it, so b1 b2 J J J, r1 r2 r3 r4 r5,
/// r9 r10 r11 r12 is legal and places both rack tiles. The answer places two, or is
/// unproven; never a proven smaller one.
#[test]
fn rules_4_1_run_of_three_jokers_stays_in_a_run_of_another_colour() {
    let schmidt = Config::SCHMIDT.with_tile_set(TileSet::Xp160);
    let table = [run("r5 J J J r9"), run("r1 r2 r3 r4"), run("r10 r11 r12")];
    let rack = tiles("b1 b2");
    let play = [run("b1 b2 J J J"), run("r1 r2 r3 r4 r5"), run("r9 r10 r11 r12")];
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&schmidt, &table, &held, true, &play).is_ok());
    match Solver::new().solve_turn(&table, &rack, &schmidt, true, Objective::Tiles) {
        Ok(sol) => {
            assert_eq!(sol.tiles_placed, 2, "{:?}", sol.table);
            assert!(check_play(&schmidt, &table, &held, true, &sol.table).is_ok());
        }
        Err(SolveError::Unproven { .. }) => {}
        Err(e) => panic!("{e}"),
    }
}

/// RULES.md §1.6 (`RackOnly`) with two table jokers that stand for one rack tile and no
/// other tile of the rack (r5 b5 J J and y5 on the rack; or r8 J r10 beside b9 y9 J and
/// r9 k8): each released joker is exchanged for a rack tile of its own, so once that
/// tile frees one joker the other keeps its role. The release bound solves the puzzle
/// with the tile on the table and the other joker held, per joker the tile may free;
/// the answers equal the brute force's best, also where the rule costs tiles.
#[test]
fn rules_1_6_rack_only_one_rack_tile_for_two_jokers_equals_brute_force() {
    let rack_only = with_rules(|r| r.joker_replacement_source = ReplacementSource::RackOnly);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0106_2e31);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 400 {
        let Some((table, rack)) = one_tile_for_two_jokers(&mut rng) else { continue };
        cases += 1;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        let label = format!("case {cases}");
        check_case(&mut solver, &label, &rack_only, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly, costly_answered: binding } = tally;
    eprintln!(
        "rack only, one rack tile for two jokers: {answered} of {cases} answered, {binding} of the {costly} where the rule costs"
    );
    assert!(answered >= 390 && binding >= 100, "{answered} answered, {binding} of {costly}");
}

/// A `crowded_rack` position with a second joker (in the first meld, or in another) and
/// none on the rack, where some rack tile is the only one of the rack that two table
/// jokers stand for; `None` otherwise.
fn one_tile_for_two_jokers(rng: &mut ChaCha8Rng) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)> {
    let (mut table, rack) = crowded_rack(rng);
    let m = if rng.random_bool(0.5) { 0 } else { rng.random_range(1..table.len()) };
    let mut faces = table[m].faces().to_vec();
    let k = rng.random_range(0..faces.len());
    if faces[k].is_joker() {
        return None;
    }
    faces[k] = Tile::JOKER;
    table[m] = meld(table[m].kind(), &faces)?;
    // The tiles each table joker stands for.
    let roles: Vec<Vec<Tile>> = table
        .iter()
        .flat_map(|m| (0..m.len()).filter_map(|p| m.joker_role(p)))
        .map(|role| match role {
            JokerRole::Exactly(t) => vec![t],
            JokerRole::OneOf { number, suits } => Colour::ALL
                .into_iter()
                .filter(|c| suits & (1 << c.index()) != 0)
                .filter_map(|c| Tile::new(c, number))
                .collect(),
        })
        .collect();
    let shared = rack.iter().any(|t| {
        let both: Vec<&Vec<Tile>> = roles.iter().filter(|r| r.contains(t)).collect();
        both.len() >= 2 && rack.iter().filter(|u| both.iter().any(|r| r.contains(u))).count() == 1
    });
    (shared && !rack.iter().any(|t| t.is_joker())).then_some((table, rack))
}

/// RULES.md §1.6, §1.10 (`group3_joker_needs_both`) with a second table joker: a
/// released joker's meld may take both table jokers, the group of three's kept there in
/// its role; every held joker not in that meld lies in the rest in one of its ways, so
/// the rest is held to them with one left out in turn. The answers equal the brute
/// force's best, also where the rule costs tiles.
#[test]
fn rules_1_10_group_of_three_joker_beside_a_second_table_joker_equals_brute_force() {
    let both = with_rules(|r| r.group3_joker_needs_both = true);
    let mut rng = ChaCha8Rng::seed_from_u64(0x0110_6e07);
    let mut solver = Solver::new();
    let (mut cases, mut tally) = (0, Tally::default());
    while cases < 400 {
        let (mut table, mut rack) = group3_crowded(&mut rng);
        let m = rng.random_range(1..table.len());
        let mut faces = table[m].faces().to_vec();
        let k = rng.random_range(0..faces.len());
        faces[k] = Tile::JOKER;
        let Some(second) = meld(table[m].kind(), &faces) else { continue };
        table[m] = second;
        let number = table[0].faces().iter().find_map(|t| t.number()).unwrap();
        let n = (i16::from(number) + rng.random_range(-2..=2)).clamp(1, 13) as u8;
        rack.push(Tile::new(Colour::ALL[rng.random_range(0..4)], n).unwrap());
        let all: Vec<Tile> =
            table.iter().flat_map(|m| m.faces().iter().copied()).chain(rack.iter().copied()).collect();
        if counts(&all).iter().any(|&k| k > 2) {
            continue;
        }
        cases += 1;
        let objective = if cases % 2 == 0 { Objective::Tiles } else { Objective::Value };
        let label = format!("case {cases}");
        check_case(&mut solver, &label, &both, (&table, &rack), true, objective, &mut tally);
    }
    let Tally { answered, costly, costly_answered: binding } = tally;
    eprintln!(
        "group3 both, a second table joker: {answered} of {cases} answered, {binding} of the {costly} where the rule costs"
    );
    assert!(answered >= 395 && binding >= 137, "{answered} answered, {binding} of {costly}");
}

/// RULES.md §4.1 on a position of a greedy-bot game: the jokers of b4 J b6 and J r12 r13
/// stand for b5 and r11, which lie nowhere, so neither moves. The puzzle's best laid b3
/// in b3 b4 J with the first, its old run broken up (b6 to a group of 6s): that meld
/// holds two of the old run's tiles, the joker that stays and b4, which the search read
/// as b4 held apart beside some other joker. It found nothing to branch on and stopped
/// unproven; a joker that stays is its old meld's tile, so no meld meets both, and the
/// turn is proven: one tile (b3 laid off at that run's end).
#[test]
fn rules_4_1_a_joker_that_stays_is_never_beside_its_meld_held_apart() {
    let table = [
        run("r3 r4 r5 r6"),
        run("b4 J b6"),
        run("k3 k4 k5 k6"),
        run("y9 y10 y11"),
        run("J r12 r13"),
        run("y11 y12 y13"),
        group("r2 b2 k2"),
        group("r2 b2 y2"),
        group("r7 b7 k7"),
        group("r8 b8 y8"),
        group("r10 b10 k10"),
        group("r12 b12 k12"),
    ];
    let rack = "r13 b3 y4 y4 k6 k9 k11";
    assert_eq!(jokers_that_never_move(&table, &tiles(rack)), 2);
    assert_eq!(placed(&table, rack, &Config::SCHMIDT, true), 1);
}

/// RULES.md §4.1 on a position of a greedy-bot game: the joker of the group r12 y12 J
/// stands for b12 or k12, both naturals of r12 b12 k12, so a table tile may take its
/// place and count for both old groups at once. The puzzle's best breaks r12 y12 J up
/// and moves its joker to r9 r10 J r12. The search's needs give each tile to one old
/// meld, so they cannot say where the exchanged tile lies; the turn may stay unproven,
/// but a proven answer equals the brute force's best.
#[test]
fn rules_4_1_a_broken_up_groups_joker_exchanged_for_a_shared_tile_is_never_proven_wrong() {
    let table = [
        run("r2 r3 r4"),
        run("b4 J b6 b7 b8"),
        run("k2 k3 k4 k5 k6"),
        group("r10 y10 k10 b10"),
        group("r12 y12 J"),
        group("r12 b12 k12"),
    ];
    let rack = tiles("r2 r9 r9 b1 y11 k10");
    let best = brute_force(&table, &rack, &Config::SCHMIDT, true, Objective::Tiles);
    let held: TileCounts = rack.iter().copied().collect();
    match Solver::new().solve_turn(&table, &rack, &Config::SCHMIDT, true, Objective::Tiles) {
        Ok(sol) => {
            assert_eq!(sol.tiles_placed as u64, best.0, "{:?}", sol.table);
            assert!(check_play(&Config::SCHMIDT, &table, &held, true, &sol.table).is_ok());
        }
        Err(SolveError::Unproven { best, .. }) => {
            if let Some(play) = best {
                assert!(check_play(&Config::SCHMIDT, &table, &held, true, &play.table).is_ok());
            }
        }
        Err(e) => panic!("{e}"),
    }
}

/// RULES.md §1.6 (`RackOnly`) with §1.10 (`group3_joker_needs_both`): the joker of
/// r5 b5 J is exchanged for the rack's k5, and the group's other missing colour, y5,
/// comes from the run y5 y6 y7 y8 on the table. Only the exchanged tile must come from
/// the rack, so r5 b5 y5 k5, y6 y7 y8 and r1 r2 J go out with all three rack tiles. The
/// solver once asked both colours of the rack, held the joker and proved one tile best.
#[test]
fn rules_1_10_group3_both_rack_only_second_colour_from_table() {
    let config = with_rules(|r| {
        r.joker_replacement_source = ReplacementSource::RackOnly;
        r.group3_joker_needs_both = true;
    });
    let table = [group("r5 b5 J"), run("y5 y6 y7 y8")];
    let rack = tiles("k5 r1 r2");
    let play = [group("r5 b5 y5 k5"), run("y6 y7 y8"), run("r1 r2 J")];
    let held: TileCounts = rack.iter().copied().collect();
    assert!(check_play(&config, &table, &held, true, &play).is_ok());
    let sol = Solver::new().solve_turn(&table, &rack, &config, true, Objective::Tiles).unwrap();
    assert_eq!(sol.tiles_placed, 3, "{:?}", sol.table);
    assert!(check_play(&config, &table, &held, true, &sol.table).is_ok());
}

/// A `two_table_jokers` position in Rummikub XP's tiles with a third table joker in one
/// of its runs and no joker on the rack (three rack tiles at most); `None` if it holds
/// fewer than three jokers.
fn xp_three_table_jokers(rng: &mut ChaCha8Rng) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)> {
    let (mut table, mut rack) = two_table_jokers(rng)?;
    rack.retain(|t| !t.is_joker());
    rack.truncate(3);
    third_run_joker(&mut table, rng)?;
    (table.iter().map(|m| m.jokers()).sum::<usize>() >= 3).then_some((table, rack))
}

/// RULES.md §1.6, §1.10 in Rummikub XP's tiles, under `RackOnly`, `group3_joker_needs_both`
/// and both: three table jokers and none on the rack, so a released joker's meld holds
/// table jokers only, and of the jokers the rules hold all but as many as that meld takes
/// besides the released one lie in the rest (each such set left out in turn). Every
/// answer equals the brute force's best.
#[test]
fn rules_1_10_three_table_jokers_and_no_rack_joker_equal_brute_force() {
    let xp = |f: &dyn Fn(&mut Config)| with_rules(|r| f(r)).with_tile_set(TileSet::Xp160);
    let sets = [
        ("rack only", xp(&|r| r.joker_replacement_source = ReplacementSource::RackOnly), 0x0110_7a11),
        ("group3 both", xp(&|r| r.group3_joker_needs_both = true), 0x0110_7a12),
        (
            "rack only, group3 both",
            xp(&|r| {
                r.joker_replacement_source = ReplacementSource::RackOnly;
                r.group3_joker_needs_both = true;
            }),
            0x0110_7a13,
        ),
    ];
    xp_differential("xp three table jokers", &sets, 50, 47, xp_three_table_jokers);
}

/// For each `(name, rules, seed)` of `sets`, `cases` positions of `position` (`Tiles` and
/// `Value` in turn), every answer equal to the brute force's best (`check_case`) and at
/// least `least` of them answered.
fn xp_differential(
    what: &str,
    sets: &[(&str, Config, u64)],
    cases: usize,
    least: usize,
    position: impl Fn(&mut ChaCha8Rng) -> Option<(Vec<Meld<Tile>>, Vec<Tile>)>,
) {
    let mut solver = Solver::new();
    let mut report = Vec::new();
    for &(name, ref config, seed) in sets {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (mut done, mut tally) = (0, Tally::default());
        while done < cases {
            let Some((table, rack)) = position(&mut rng) else { continue };
            done += 1;
            let objective = if done % 2 == 0 { Objective::Tiles } else { Objective::Value };
            let label = format!("{name} {what} case {done}");
            check_case(&mut solver, &label, config, (&table, &rack), true, objective, &mut tally);
        }
        let Tally { answered, costly, costly_answered } = tally;
        report.push(format!(
            "{name}, {what}: {answered} of {done} answered, {costly_answered} of the {costly} where the rules cost"
        ));
        assert!(answered >= least, "{name}: {answered} answered, {costly_answered} of {costly}");
    }
    eprintln!("{}", report.join("\n"));
}

/// RULES.md §4.1 with §1.6: a table tile may take a group joker's place and count as its
/// old meld's tile while it is also a natural of another old meld. Here b5 of y5 r5 b5
/// takes the place of r5 k5 J's joker (so that group is kept as r5 k5 b5) while its own
/// group is broken up, and the joker goes to r4 y4 J: three tiles. Needs that give each
/// tile to one old meld must not read that as no play; the answer equals the brute
/// force's best.
#[test]
fn rules_4_1_a_table_tile_exchanged_for_a_joker_counts_for_both_its_melds() {
    let cases = [
        (vec![group("r5 k5 J"), group("y5 r5 b5"), run("y3 y4 y5")], "r12 r13 b6 k5 y4 r4"),
        (vec![group("y4 k4 J"), group("b4 r4 y4"), run("b4 b5 b6")], "b10 b11 r1 r5 b5 k7 k2 k4 k6"),
    ];
    for (table, rack) in cases {
        let best = brute_force(&table, &tiles(rack), &Config::SCHMIDT, true, Objective::Tiles);
        let held: TileCounts = tiles(rack).into_iter().collect();
        match Solver::new().solve_turn(&table, &tiles(rack), &Config::SCHMIDT, true, Objective::Tiles) {
            Ok(sol) => {
                assert_eq!(sol.tiles_placed as u64, best.0, "{rack}: {:?}", sol.table);
                assert!(check_play(&Config::SCHMIDT, &table, &held, true, &sol.table).is_ok());
            }
            Err(SolveError::Unproven { .. }) => {}
            Err(e) => panic!("{rack}: {e}"),
        }
    }
}

/// RULES.md §1.6, §1.10 (`joker_melds_locked`): a group of three's joker (either missing
/// colour) keeps its role in a group of four's place (its one tile), while that group's
/// joker leaves as its tile into a run of table tiles, where it keeps its role too. Here
/// `b5 y5 J`'s joker takes `r5 b5 y5 J`'s place and that joker goes to k3 k4 J k6 k7:
/// four rack tiles placed, no joker released (more under `WithRackTile`). A bound that held a freed joker to the
/// roles of the jokers whose places the forms fill proved two tiles best.
#[test]
fn rules_1_6_locked_group_jokers_may_trade_places() {
    for reuse in [JokerReuse::NewMeldWithTwoRackTiles, JokerReuse::WithRackTile] {
        let config = with_rules(|r| {
            r.joker_melds_locked = true;
            r.joker_reuse = reuse;
        });
        let table =
            [group("r5 b5 y5 J"), group("b5 y5 J"), run("k2 k3 k4"), run("k6 k7 k8"), run("r5 r6 r7 r8")];
        let rack = tiles("r2 b2 r8 b8 r7 y6 b6 k7");
        let play = [
            group("r5 b5 y5 J"),
            group("b5 y5 r5"),
            run("r6 r7 r8"),
            group("r2 b2 k2"),
            group("r8 b8 k8"),
            run("k3 k4 J k6 k7"),
        ];
        let held: TileCounts = rack.iter().copied().collect();
        assert!(check_play(&config, &table, &held, true, &play).is_ok());
        let best = brute_force(&table, &rack, &config, true, Objective::Tiles);
        assert!(best.0 >= 4, "{reuse:?}: {best:?}");
        match Solver::new().solve_turn(&table, &rack, &config, true, Objective::Tiles) {
            Ok(sol) => assert_eq!(sol.tiles_placed as u64, best.0, "{reuse:?}: {:?}", sol.table),
            Err(SolveError::Unproven { .. }) => {}
            Err(e) => panic!("{e}"),
        }
    }
}
