use super::decisions::{Decisions, OPEN_NEXT, PER_RUN, Step, shared};
use super::key::{FIELDS, SHORT, runs_of};
use super::options::{Dedup, derive, gen_options};
use super::relax::{CHARGES, charge};
use super::*;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The parameters of an opened player's solve (jokers worth 30, every joker counted,
/// the core layout) for the tests' random positions.
fn opened(objective: Objective, mirror: bool) -> Params {
    Params { objective, joker_value: 30, threshold: None, joker_counts: true, core: true, mirror }
}

/// Case `case` of a random run: three copies of each tile (up to four jokers) on even
/// cases, two (up to two jokers) on odd ones; a table of up to `table` tiles, a rack of 1
/// to `rack`.
fn random_case<R: Rng + ?Sized>(rng: &mut R, case: usize, table: usize, rack: usize) -> Counts {
    let copies = if case.is_multiple_of(2) { 3 } else { 2 };
    let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
    let (table, rack) = (rng.random_range(0..=table), rng.random_range(1..=rack));
    random_counts(rng, copies, jokers, table, rack)
}

/// Case `case` of a random run as an opened player's solve: [`random_case`]'s position,
/// [`case_objective`]'s objective, and every fourth case (from 1) mirrored, its counts
/// with it.
fn opened_case<R: Rng + ?Sized>(rng: &mut R, case: usize, table: usize, rack: usize) -> (Counts, Params) {
    let counts = random_case(rng, case, table, rack);
    let params = opened(case_objective(case), case % 4 == 1);
    (if params.mirror { counts.mirrored() } else { counts }, params)
}

/// Case `case`'s objective: value on every third case, tiles on the others.
fn case_objective(case: usize) -> Objective {
    if case.is_multiple_of(3) { Objective::Value } else { Objective::Tiles }
}

/// A random core-mode position: a table of valid melds (runs of 3–5, groups of 3–4,
/// now and then a joker in one) and a rack drawn from the rest of the set.
fn random_counts<R: Rng + ?Sized>(rng: &mut R, copies: u8, jokers: u8, table: usize, rack: usize) -> Counts {
    let mut left = [[copies; 13]; 4];
    let mut jokers_left = jokers;
    let mut counts = Counts::default();
    for _ in 0..200 {
        let placed: u32 = counts.fixed.iter().flatten().map(|&k| u32::from(k)).sum();
        if placed as usize + usize::from(counts.fixed_jokers) >= table {
            break;
        }
        let mut cells: Vec<(usize, usize)> = if rng.random_range(0..2) == 0 {
            let c = rng.random_range(0..4);
            let len = rng.random_range(3..=5);
            let start = rng.random_range(0..=13 - len);
            (start..start + len).map(|i| (c, i)).collect()
        } else {
            let i = rng.random_range(0..13);
            let size = rng.random_range(3..=4);
            let skip = rng.random_range(0..4);
            (0..4).filter(|&c| size == 4 || c != skip).map(|c| (c, i)).collect()
        };
        if cells.iter().any(|&(c, i)| left[c][i] == 0) {
            continue;
        }
        if jokers_left > 0 && rng.random_range(0..4) == 0 {
            let k = rng.random_range(0..cells.len());
            cells.remove(k);
            jokers_left -= 1;
            counts.fixed_jokers += 1;
        }
        for (c, i) in cells {
            left[c][i] -= 1;
            counts.fixed[c][i] += 1;
        }
    }
    let mut pool: Vec<(usize, usize)> = (0..4).flat_map(|c| (0..13).map(move |i| (c, i))).collect();
    for _ in 0..rack {
        let (c, i) = pool[rng.random_range(0..pool.len())];
        if left[c][i] > 0 {
            left[c][i] -= 1;
            counts.optional[c][i] += 1;
        } else if jokers_left > 0 && rng.random_range(0..8) == 0 {
            jokers_left -= 1;
            counts.optional_jokers += 1;
        }
        pool.retain(|&(c, i)| left[c][i] > 0);
        if pool.is_empty() {
            break;
        }
    }
    counts
}

/// Every layout of groups at one number (at most `have` naturals per colour, groups
/// listed in shape order so that each layout comes once) and, per colour, how many
/// of its naturals went to groups and the jokers of the groups it is the lowest
/// colour of.
fn layouts(
    have: [u32; 4],
    from: usize,
    sent: [u32; 4],
    charged: [u32; 4],
    out: &mut Vec<([u32; 4], [u32; 4])>,
) {
    out.push((sent, charged));
    // Group shapes: a colour mask (bit = colour) and its jokers, groups of 3 or 4.
    for shape in from..15 * 2 {
        let (mask, extra) = (shape / 2 + 1, (shape % 2) as u32);
        let k = (mask as u32).count_ones();
        let jokers = (3u32.saturating_sub(k) + extra).min(4 - k.min(4));
        if k + jokers < 3 || k + jokers > 4 || (extra == 1 && jokers == 3u32.saturating_sub(k)) {
            continue;
        }
        if (0..4).any(|c| mask & (1 << c) != 0 && sent[c] == have[c]) {
            continue;
        }
        let (mut s2, mut c2) = (sent, charged);
        for c in (0..4).filter(|&c| mask & (1 << c) != 0) {
            s2[c] += 1;
        }
        c2[mask.trailing_zeros() as usize] += jokers;
        layouts(have, shape, s2, c2, out);
    }
}

/// The beams' count of short runs (a multiply over the key) equals the plain sum.
#[test]
fn short_runs_are_counted_from_the_key() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5407);
    for _ in 0..10_000 {
        let key: u64 = rng.random::<u64>() & ((1 << 36) - 1) | rng.random::<u64>() << 36;
        let want: u32 = (0..4).map(|c| runs_of(key, c).0 + runs_of(key, c).1).sum();
        let got = ((key & SHORT) + (key >> 3 & SHORT)).wrapping_mul(FIELDS) >> 27 & 0x1ff;
        assert_eq!(got, u64::from(want), "{key:x}");
    }
}

/// [`charge`] never exceeds the jokers of the groups whose lowest natural is of that
/// colour, in any layout of groups at one number, and is reached in many (it fails
/// if the lower colours' naturals are not counted: tried).
#[test]
fn group_joker_charge_is_a_lower_bound() {
    let mut out = Vec::new();
    let mut reached = 0;
    for idx in 0..256u32 {
        let have = [idx & 3, (idx >> 2) & 3, (idx >> 4) & 3, (idx >> 6) & 3];
        out.clear();
        layouts(have, 0, [0; 4], [0; 4], &mut out);
        for &(sent, charged) in &out {
            for c in 0..4 {
                let least = charge(&have, c, sent[c]);
                assert!(
                    least <= charged[c],
                    "{have:?} colour {c}: {sent:?} charged {charged:?}, bound {least}"
                );
                reached += usize::from(least > 0 && least == charged[c]);
            }
        }
    }
    // A colour alone at its number: three naturals need six jokers in any layout.
    assert_eq!(charge(&[3, 0, 0, 0], 0, 3), 6);
    // Three of the lowest colour, one each of two higher: four jokers (the old
    // per-natural charge was none, as two higher colours are present).
    assert_eq!(charge(&[3, 1, 1, 0], 0, 3), 4);
    // The same for the highest colour: the lower ones may hold the groups' jokers.
    assert_eq!(charge(&[1, 1, 0, 3], 3, 3), 2);
    assert!(reached > 100, "{reached}");
}

/// The decisions [`Decisions::index`] gives for a step are the ones generated for
/// it, whichever steps of its class and shape came first (the full program's steps
/// at every number from 5 on share a class), on 20,000 random steps of solvable
/// positions read through one index, in both modes. Fails if the numbers from 4 on
/// share a class (tried).
#[test]
fn indexed_decisions_equal_generated() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x1DE7);
    let mut dec = Decisions::default();
    let mut dedup = Dedup::default();
    let (mut compared, mut reused) = (0, 0);
    for _ in 0..20_000 {
        let (n, core) = (rng.random_range(1..=13), rng.random_range(0..4) == 0);
        let t = rng.random_range(0..=3);
        let r = rng.random_range(0..=3 - t);
        let next = rng.random_range(0..=3);
        let (class, slot) = Step::slot(core, n, t, r, next);
        let objective = if rng.random_range(0..2) == 0 { Objective::Tiles } else { Objective::Value };
        let step = Step { layer: 0, n, value_n: n, t, r, next, objective, core, class, slot };
        let (a1, a2, a3) = (rng.random_range(0..=2), rng.random_range(0..=2), rng.random_range(0..=3));
        let jleft = rng.random_range(0..JLEFT);
        let runs = a1 | a2 << 3 | a3 << 6;
        let before = dec.kept.len();
        let (lo, hi) = dec.get(&step, runs, jleft);
        reused += usize::from(dec.kept.len() == before);
        let mut direct = Vec::new();
        gen_options(&mut direct, &mut dedup, a1, a2, a3, jleft, &step, false, false);
        assert_eq!(&dec.kept[lo as usize..hi as usize], &direct[..], "{step:?} runs {runs:o} jokers {jleft}");
        compared += 1;
    }
    assert!(compared == 20_000 && reused > 5_000, "{reused} of {compared} from the index");
}

/// An opened-mode step with random counts, open runs of up to three of each length
/// (more are rare: a run state with three long runs needs three copies of a tile, or
/// jokers) and a random number of jokers left.
fn random_shared_step(rng: &mut ChaCha8Rng) -> (Step, [u32; 3], u32) {
    let (n, core) = (rng.random_range(1..=13), rng.random_range(0..4) == 0);
    let t = rng.random_range(0..=3);
    let r = rng.random_range(0..=3 - t);
    let next = rng.random_range(0..=3);
    let (class, slot) = Step::slot(core, n, t, r, next);
    let step = Step { layer: 0, n, value_n: n, t, r, next, objective: Objective::Tiles, core, class, slot };
    let runs = [rng.random_range(0..=3), rng.random_range(0..=3), rng.random_range(0..=3)];
    (step, runs, rng.random_range(0..JLEFT))
}

/// A fresh solver's decisions copied from the process's [`SHARED`] table are the
/// ones generated for the step: on 5,000 random steps, each read by one fresh look-up,
/// which sets the table's list, and then by another, which copies it.
#[test]
fn shared_decisions_equal_generated() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EA2ED);
    let mut dedup = Dedup::default();
    for _ in 0..5_000 {
        let (step, [a1, a2, a3], jleft) = random_shared_step(&mut rng);
        let (class, slot) = (step.class, step.slot);
        let runs = a1 | a2 << 3 | a3 << 6;
        let mut direct = Vec::new();
        gen_options(&mut direct, &mut dedup, a1, a2, a3, jleft, &step, false, false);
        let cell =
            shared(class, runs, usize::from(slot) + jleft as usize).expect("opened-mode steps are shared");
        for _ in 0..2 {
            let mut dec = Decisions::default();
            let (lo, hi) = dec.get(&step, runs, jleft);
            assert_eq!(
                &dec.kept[lo as usize..hi as usize],
                &direct[..],
                "{step:?} runs {runs:o} jokers {jleft}"
            );
        }
        assert_eq!(cell.list.get().map(|l| &l[..]), Some(&direct[..]), "the table holds the list");
    }
    assert!(
        shared(0, 0o777, 0).is_some() && shared(PER_RUN, 0, 0).is_none(),
        "every run state, not initial melds"
    );
}

/// The relaxation's views of a step's decisions, computed by a fresh solver or
/// copied from [`SHARED`] by the next one, give each run state and joker budget the
/// most naturals any decision places within the cap and the budget (the jokers it
/// spends plus those charged for its group naturals), against a brute force over the
/// generated decisions: 3,000 random steps, caps and charges.
#[test]
fn shared_relaxed_views_equal_a_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xB0_0D5);
    let mut dedup = Dedup::default();
    for _ in 0..3_000 {
        let (step, [a1, a2, a3], jmax) = random_shared_step(&mut rng);
        let runs = a1 | a2 << 3 | a3 << 6;
        let cap = rng.random_range(0..=3);
        let charge: u32 = (1..=3).map(|x| rng.random_range(0..=2 * x) << (3 * x)).sum();
        let mut direct = Vec::new();
        gen_options(&mut direct, &mut dedup, a1, a2, a3, jmax, &step, false, false);
        let best = |list: &mut dyn Iterator<Item = (u32, u32, u32)>| {
            let mut most = std::collections::BTreeMap::new();
            for (runs, spent, placed) in list {
                for b in spent..=jmax {
                    let m = most.entry((runs, b)).or_insert(placed);
                    *m = (*m).max(placed);
                }
            }
            most
        };
        let want = best(&mut direct.iter().filter_map(|o| {
            let (gamma, placed) = (u32::from(o.gamma), u32::from(o.delta >> 8));
            let spent = u32::from(o.jokers) + ((charge >> (3 * gamma)) & 7);
            (gamma <= cap && spent <= jmax).then_some((u32::from(o.runs), spent, placed))
        }));
        for _ in 0..2 {
            let mut dec = Decisions::default();
            dec.look.steps.push(step);
            let (lo, hi) = dec.relaxed(0, runs, jmax, cap, charge);
            let got = &dec.bounds[lo as usize..hi as usize];
            assert!(got.windows(2).all(|w| w[0].runs <= w[1].runs), "ordered by runs");
            let got =
                best(&mut got.iter().map(|b| (u32::from(b.runs), u32::from(b.spent), u32::from(b.placed))));
            assert_eq!(got, want, "{step:?} runs {runs:o} jokers {jmax} cap {cap} charge {charge:o}");
        }
    }
}

/// Decisions derived from those for more jokers left and more room at the next
/// number (or any room, [`OPEN_NEXT`]) are the generated ones, in the same order, in
/// both modes, for every step shape (see [`derive`]).
#[test]
fn derived_decisions_equal_generated() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x00DE_217E);
    let mut dedup = Dedup::default();
    let (mut compared, mut merged) = (0, 0);
    for _ in 0..20_000 {
        let n = rng.random_range(1..=13);
        let step = Step {
            layer: 0,
            n,
            value_n: n,
            t: rng.random_range(0..=3),
            r: rng.random_range(0..=3),
            next: rng.random_range(0..=6),
            objective: if rng.random_range(0..2) == 0 { Objective::Tiles } else { Objective::Value },
            core: rng.random_range(0..2) == 0,
            // Not read by generation.
            class: 0,
            slot: 0,
        };
        let (a1, a2, a3) = (rng.random_range(0..=3), rng.random_range(0..=4), rng.random_range(0..=5));
        let wide_j = rng.random_range(0..JLEFT);
        let j = rng.random_range(0..=wide_j);
        let wide_next = if rng.random_range(0..2) == 0 { OPEN_NEXT } else { rng.random_range(step.next..=6) };
        let mut opts = Vec::new();
        let wide = gen_options(
            &mut opts,
            &mut dedup,
            a1,
            a2,
            a3,
            wide_j,
            &Step { next: wide_next, ..step },
            false,
            false,
        );
        if dedup.overflow {
            continue;
        }
        let mut direct = Vec::new();
        gen_options(&mut direct, &mut dedup, a1, a2, a3, j, &step, false, false);
        let (lo, hi) = derive(&mut opts, &mut dedup, wide, j, step.next);
        assert_eq!(
            &opts[lo as usize..hi as usize],
            &direct[..],
            "{step:?} runs {a1} {a2} {a3} {wide_j} {wide_next} -> {j}"
        );
        compared += 1;
        merged += usize::from(direct.len() < (wide.1 - wide.0) as usize);
    }
    assert!(compared > 15_000 && merged > 5_000, "{compared} compared, {merged} merged");
}

/// The plain exact program: one pass, no beam, no relaxation.
fn plain(counts: &Counts, params: Params) -> Option<u32> {
    let mut dp = Dp::default();
    dp.dec.reset(counts, params);
    dp.relax.init(&mut dp.dec, counts, params, false);
    dp.run_with(Sweep { counts, params }, Pass::EXACT, usize::MAX)
        .ok()
        .flatten()
        .map(|o| o.score & !ROOM_MASK)
}

/// The relaxation bounds every state: on random positions (up to 4 jokers, both sets,
/// both objectives, both sweep directions), the exact program with the relaxation on
/// and no target stores every state with its estimate (score + bound), and no play
/// that completes a stored state scores more than that estimate (plus the room bits).
/// Its optimum is the plain program's (exact under the brute force of
/// `tests/solver_bruteforce.rs`), and the root's bound is at least that optimum.
#[test]
fn relaxation_bounds_every_state() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xB0_0D5);
    let (mut states, mut tight) = (0usize, 0usize);
    for case in 0..400 {
        let counts = random_case(&mut rng, case, 36, 12);
        for objective in [Objective::Tiles, Objective::Value] {
            for mirror in [false, true] {
                let params = opened(objective, mirror);
                let c = if mirror { counts.mirrored() } else { counts.clone() };
                let want = plain(&c, params);
                let mut dp = Dp::default();
                dp.dec.reset(&c, params);
                let upper = dp.relax.init(&mut dp.dec, &c, params, true);
                let got = dp
                    .run_with(Sweep { counts: &c, params }, Pass::EXACT, usize::MAX)
                    .ok()
                    .flatten()
                    .map(|o| o.score & !ROOM_MASK);
                assert_eq!(got, want, "case {case} {objective:?} mirror {mirror}");
                let Some(best) = want else {
                    continue;
                };
                assert!(upper.is_some_and(|u| u >= best), "case {case}: root {upper:?} < {best}");
                // The best complete play through each state, from the last layer up.
                let mut through = vec![0u32; dp.entries.len()];
                let last = dp.layer(LAYERS);
                for i in last.clone() {
                    let e = dp.entries[i];
                    let open = (0..4).any(|cc| runs_of(e.key, cc).0 + runs_of(e.key, cc).1 > 0);
                    if e.choice != DEAD && !open {
                        through[i] = e.score + 1;
                    }
                }
                for i in (1..last.end).rev() {
                    let p = dp.entries[i].parent as usize;
                    through[p] = through[p].max(through[i]);
                }
                for (i, e) in dp.entries.iter().enumerate().skip(1) {
                    if e.choice == DEAD || through[i] == 0 {
                        continue;
                    }
                    let reach = through[i] - 1;
                    assert!(
                        e.est + ROOM_MASK >= reach,
                        "case {case} {objective:?} mirror {mirror}: state {:x} bound {} < {reach}",
                        e.key,
                        e.est
                    );
                    states += 1;
                    tight += usize::from(e.est & !ROOM_MASK == reach & !ROOM_MASK);
                }
            }
        }
    }
    assert!(states > 60_000 && tight > 20_000, "{states} states, {tight} tight");
}

/// The relaxation's rows kept across positions ([`Relax::since`]) are the rows of a
/// fresh relaxation: along random walks of positions (one tile added, taken away or
/// moved between table and rack at a time, sometimes a joker; both objectives, both
/// directions, both sets), one relaxation reused and a fresh one give the same root
/// bound and the same row for every colour, number and run count the root reads,
/// and the exact passes under the reused one find the same optimum. (It fails when
/// a colour's rows are kept whatever changed: tried.)
#[test]
fn rows_kept_across_positions_equal_fresh_ones() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5A_4ED);
    let (mut kept, mut compared) = (0usize, 0usize);
    for walk in 0..24 {
        let copies = if walk % 2 == 0 { 3 } else { 2 };
        let jokers = rng.random_range(0..=2);
        let table = rng.random_range(6..=30);
        let mut counts = random_counts(&mut rng, copies, jokers, table, 8);
        let objective = if walk % 4 < 2 { Objective::Tiles } else { Objective::Value };
        let mirror = walk % 3 == 0;
        let params = opened(objective, mirror);
        let mut shared = Dp::default();
        for step in 0..30 {
            if step > 0 {
                let (c, i) = (rng.random_range(0..4), rng.random_range(0..13));
                let held = counts.fixed[c][i] + counts.optional[c][i];
                match rng.random_range(0..5) {
                    0 if held < copies => counts.optional[c][i] += 1,
                    1 if counts.optional[c][i] > 0 => counts.optional[c][i] -= 1,
                    2 if counts.optional[c][i] > 0 => {
                        counts.optional[c][i] -= 1;
                        counts.fixed[c][i] += 1;
                    }
                    3 if counts.optional_jokers + counts.fixed_jokers < 2 => counts.optional_jokers += 1,
                    4 if counts.optional_jokers > 0 => counts.optional_jokers -= 1,
                    _ => {}
                }
            }
            let mut fresh = Dp::default();
            fresh.dec.reset(&counts, params);
            let want = fresh.relax.init(&mut fresh.dec, &counts, params, true);
            shared.dec.reset(&counts, params);
            let got = shared.relax.init(&mut shared.dec, &counts, params, true);
            assert_eq!(got, want, "walk {walk} step {step}: root bound");
            kept += (0..4).filter(|&c| shared.relax.since[c][0] < shared.relax.rows.stamp()).count();
            for c in 0..4 {
                for m in 1..=13 {
                    for runs in [0, 0o001, 0o010, 0o100, 0o011, 0o002] {
                        let want = fresh.relax.row(&mut fresh.dec, c, m, runs);
                        let got = shared.relax.row(&mut shared.dec, c, m, runs);
                        assert_eq!(got, want, "walk {walk} step {step}: colour {c} number {m} runs {runs:o}");
                        compared += 1;
                    }
                }
            }
            let plain_optimum = plain(&counts, params);
            let found = shared
                .run_with(Sweep { counts: &counts, params }, Pass::EXACT, usize::MAX)
                .ok()
                .flatten()
                .map(|o| o.score & !ROOM_MASK);
            assert_eq!(found, plain_optimum, "walk {walk} step {step}: optimum");
        }
    }
    assert!(kept > 500 && compared > 100_000, "{kept} colours kept, {compared} rows compared");
}

/// An exact pass that goes on from one given up under another target (held while a
/// beam ran in between) answers as a pass started afresh under its own target: from
/// a lower target it finds the same plays, and one given up under a higher target is
/// not used (it fails if that one is used, if the plays below the target that the
/// lower one finds are not dropped, or if a play that every pass under the target
/// finds, one whose room bits are below it, is dropped: all three tried).
#[test]
fn a_pass_goes_on_from_one_given_up_under_a_lower_target() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x4E1D);
    let (mut resumed, mut lower) = (0, 0);
    for case in 0..300 {
        let counts = random_case(&mut rng, case, 40, 12);
        let objective = case_objective(case);
        let params = opened(objective, false);
        let Some(best) = plain(&counts, params) else {
            continue;
        };
        let sweep = Sweep { counts: &counts, params };
        let unit = one_unit(objective);
        // Targets around the optimum: below it (a play reaches them), at its score,
        // that of the pass looking for anything better than a play one tie-break
        // point below it ([`Progress::beat`]: the optimum reaches it only with the
        // room bits aside), and one unit above (none does).
        let targets = [
            best.saturating_sub(2 * unit),
            best.saturating_sub(unit),
            best,
            best + ROOM_MASK,
            best + ROOM_MASK + 1,
            best + unit,
        ];
        let fresh = |target: u32| {
            let mut dp = Dp::default();
            dp.open(sweep);
            dp.relax.init(&mut dp.dec, &counts, params, true);
            dp.run_with(sweep, Pass::exact(target), usize::MAX).ok().flatten().map(|o| o.score)
        };
        for &first in &targets {
            for &second in &targets {
                let mut dp = Dp::default();
                dp.open(sweep);
                dp.relax.init(&mut dp.dec, &counts, params, true);
                let limit = 1 + rng.random_range(0..40);
                let given_up = dp.run_with(sweep, Pass::exact(first), limit).is_err();
                let _ = dp.run_with(sweep, Pass::beam(3, 0, true), usize::MAX);
                let held = dp.held.bound.is_some();
                let got = dp.run_with(sweep, Pass::exact(second), usize::MAX);
                let got = got.ok().flatten().map(|o| o.score);
                let reach = |s: Option<u32>| s.filter(|&s| s >= second);
                // The plays every pass under `second` finds (the room bits aside, as in
                // [`Progress::beat`]).
                let found = |s: Option<u32>| s.filter(|&s| s | ROOM_MASK >= second);
                let context = format!("case {case}: given up under {first:x}, then {second:x}");
                assert_eq!(reach(got), reach(fresh(second)), "{context}");
                assert_eq!(found(got), found(fresh(second)), "{context}");
                if given_up && held && first < second {
                    assert_eq!(got, found(got), "{context}");
                }
                resumed += usize::from(given_up && held && first <= second);
                lower += usize::from(given_up && held && first < second);
            }
        }
    }
    assert!(resumed > 1_000 && lower > 500, "{resumed} resumed, {lower} from a lower target");
}

/// A try (a pass with [`Dp::finish`] set) is given up before its limit once it is
/// likely to swell past it ([`Dp::swells`]), and going on from there finds the plays a
/// fresh pass under the same target finds. Fails if the early give-up never happens
/// (the count of tries given up within their limit) or loses states.
#[test]
fn a_try_likely_to_swell_is_given_up_early_and_goes_on_exactly() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5E11);
    let (mut early, mut tries) = (0, 0);
    for case in 0..200 {
        let counts = random_case(&mut rng, case, 40, 12);
        let objective = case_objective(case);
        let params = opened(objective, case % 4 == 1);
        let Some(best) = plain(&counts, params) else {
            continue;
        };
        let sweep = Sweep { counts: &counts, params };
        let unit = one_unit(objective);
        let start = || {
            let mut dp = Dp::default();
            dp.open(sweep);
            dp.relax.init(&mut dp.dec, &counts, params, true);
            dp
        };
        for target in [best.saturating_sub(unit), best, best + unit] {
            let fresh =
                start().run_with(sweep, Pass::exact(target), usize::MAX).ok().flatten().map(|o| o.score);
            let mut dp = start();
            let limit = 1 + rng.random_range(0..60);
            dp.finish = 1;
            let tried = dp.run_with(sweep, Pass::exact(target), limit);
            dp.finish = 0;
            tries += 1;
            let got = match tried {
                Ok(found) => found.map(|o| o.score),
                Err(_) => {
                    early += usize::from(dp.entries.len() <= limit);
                    dp.run_with(sweep, Pass::exact(target), usize::MAX).ok().flatten().map(|o| o.score)
                }
            };
            let context = format!("case {case}: target {target:x}, limit {limit}");
            let reach = |s: Option<u32>| s.filter(|&s| s >= target);
            let found = |s: Option<u32>| s.filter(|&s| s | ROOM_MASK >= target);
            assert_eq!(reach(got), reach(fresh), "{context}");
            assert_eq!(found(got), found(fresh), "{context}");
        }
    }
    assert!(early > 50, "{early} of {tries} tries given up within their limit");
}

/// A pass that goes on from one given up under a lower target drops the states of the
/// newest layer that cannot reach its own before extending them ([`Dp::raise_front`]),
/// whether the entries still hold the pass or it was held while a beam ran: it finds
/// the plays a fresh pass finds, and what it refutes still bounds every play (the
/// optimum is at most the larger of its play and [`Dp::refuted`]). Fails if the dropped
/// states' estimates are not counted in the cut (tried).
#[test]
fn a_pass_raised_to_a_higher_target_refutes_what_it_drops() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2A15E);
    let (mut raised, mut dropped) = (0, 0);
    for case in 0..300 {
        let (counts, params) = opened_case(&mut rng, case, 40, 12);
        let Some(best) = plain(&counts, params) else {
            continue;
        };
        let sweep = Sweep { counts: &counts, params };
        let unit = one_unit(params.objective);
        let fresh = |target: u32| {
            let mut dp = Dp::default();
            dp.open(sweep);
            dp.relax.init(&mut dp.dec, &counts, params, true);
            dp.run_with(sweep, Pass::exact(target), usize::MAX).ok().flatten().map(|o| o.score)
        };
        let first = best.saturating_sub(3 * unit);
        for second in [best.saturating_sub(unit), best, best + ROOM_MASK + 1, best + unit, best + 3 * unit] {
            for beam_between in [false, true] {
                let mut dp = Dp::default();
                dp.open(sweep);
                dp.relax.init(&mut dp.dec, &counts, params, true);
                let limit = 1 + rng.random_range(0..60);
                if dp.run_with(sweep, Pass::exact(first), limit).is_ok() {
                    continue;
                }
                if beam_between {
                    let _ = dp.run_with(sweep, Pass::beam(3, 0, true), usize::MAX);
                    if dp.held.bound.is_none() {
                        continue;
                    }
                }
                // What the newest layer of the pass given up holds below `second`.
                let (entries, starts) = if beam_between {
                    (&dp.held.entries, &dp.held.layer_start)
                } else {
                    (&dp.entries, &dp.layer_start)
                };
                let front = &entries[*starts.last().unwrap()..];
                let below =
                    starts.len() > 1 && front.iter().any(|e| e.choice != DEAD && e.est + ROOM_MASK < second);
                let got = dp.run_with(sweep, Pass::exact(second), usize::MAX).ok().flatten().map(|o| o.score);
                let context =
                    format!("case {case}: given up under {first:x}, then {second:x}, beam {beam_between}");
                let found = |s: Option<u32>| s.filter(|&s| s | ROOM_MASK >= second);
                assert_eq!(found(got), found(fresh(second)), "{context}");
                assert!(
                    best <= got.unwrap_or(0).max(dp.refuted()),
                    "{context}: {best:x} above what it refutes"
                );
                raised += 1;
                dropped += usize::from(below);
            }
        }
    }
    assert!(raised > 500 && dropped > 200, "{raised} raised, {dropped} with states dropped at the front");
}

/// A guided beam that starts from an exact pass given up under its target or a lower
/// one ([`Dp::start_from_held`]) answers as a beam may: its play is a real one (no
/// better than the optimum, its decisions rebuilding with every fixed tile), what it
/// refutes bounds every play (the optimum is at most the larger of its play and its
/// cut), and where it dropped no state it is the exact pass under its target. It fails
/// if the held pass's cut is not carried over, if the states below the beam's target
/// are not dropped into the cut, or if the width's cut is not counted (all three
/// tried).
#[test]
fn a_beam_goes_on_from_an_exact_pass_given_up() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xF207_7E55);
    let (mut taken, mut cut, mut exact) = (0, 0, 0);
    for case in 0..300 {
        let (counts, params) = opened_case(&mut rng, case, 40, 14);
        let Some(best) = plain(&counts, params) else {
            continue;
        };
        let sweep = Sweep { counts: &counts, params };
        let unit = one_unit(params.objective);
        let targets =
            [best.saturating_sub(2 * unit), best.saturating_sub(unit), best + ROOM_MASK + 1, best + unit];
        for (k, &first) in targets.iter().enumerate() {
            for &second in &targets[k..] {
                let mut dp = Dp::default();
                dp.open(sweep);
                dp.relax.init(&mut dp.dec, &counts, params, true);
                let limit = 1 + rng.random_range(0..60);
                if dp.run_with(sweep, Pass::exact(first), limit).is_ok() {
                    continue;
                }
                let width = 1 + rng.random_range(0..6);
                let pass = Pass::beam(width, second, true);
                dp.begin_pass(pass);
                let took = dp.start_from_held(width, second);
                assert!(took > 1, "case {case}: a held pass not taken over");
                taken += 1;
                let got = dp.resume(sweep, pass, usize::MAX).ok().flatten();
                let context =
                    format!("case {case}: given up under {first:x}, a beam of {width} under {second:x}");
                let score = got.as_ref().map_or(0, |o| o.score);
                assert!(score & !ROOM_MASK <= best, "{context}: a play above the optimum");
                assert!(best <= score.max(dp.refuted()), "{context}: the optimum refuted");
                if dp.truncated {
                    cut += 1;
                } else {
                    exact += 1;
                    let mut fresh = Dp::default();
                    fresh.open(sweep);
                    fresh.relax.init(&mut fresh.dec, &counts, params, true);
                    let want = fresh.run_with(sweep, Pass::exact(second), usize::MAX).ok().flatten();
                    let reach = |s: Option<u32>| s.filter(|&s| s >= second);
                    assert_eq!(
                        reach(got.as_ref().map(|o| o.score)),
                        reach(want.map(|o| o.score)),
                        "{context}"
                    );
                }
                if let Some(opt) = got {
                    let (melds, _) = super::super::build(&counts, &opt, true, params.mirror);
                    let fixed: usize = counts.fixed.iter().flatten().map(|&n| usize::from(n)).sum();
                    let naturals: usize =
                        melds.iter().map(|m| m.faces().iter().filter(|t| !t.is_joker()).count()).sum();
                    assert!(naturals >= fixed, "{context}: fixed tiles lost");
                }
            }
        }
    }
    assert!(taken > 500 && cut > 200 && exact > 50, "{taken} taken over, {cut} cut, {exact} exact");
}

/// The search decides the colours in [`colour_order`] whatever their labels: a
/// position with its colours relabelled has the same optimum, and the same decisions
/// relabelled (the group jokers with colour 3), where the colours' tile counts differ
/// (the order is then the same). Fails if the decisions are not put back in the
/// colours as given, or the group jokers left with the colour decided last.
#[test]
fn colour_labels_do_not_change_the_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC010_0125);
    let mut dp = Dp::default();
    let groups = 7 << GROUP_JOKER_SHIFT;
    let mut tried = 0;
    while tried < 150 {
        let copies = if tried % 3 == 0 { 3 } else { 2 };
        let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
        let (table, rack) = (rng.random_range(0..=48), rng.random_range(1..=14));
        let counts = random_counts(&mut rng, copies, jokers, table, rack);
        let tiles = |c: usize| -> u32 {
            counts.fixed[c].iter().chain(&counts.optional[c]).map(|&n| u32::from(n)).sum()
        };
        let mut totals: Vec<u32> = (0..4).map(tiles).collect();
        totals.sort_unstable();
        totals.dedup();
        if totals.len() < 4 {
            continue;
        }
        tried += 1;
        // Colour `k` of the relabelled position is colour `perm[k]` of the original.
        let mut perm = [0, 1, 2, 3];
        for k in (1..4).rev() {
            perm.swap(k, rng.random_range(0..=k));
        }
        let relabelled = counts.recoloured(perm);
        for objective in [Objective::Tiles, Objective::Value] {
            let params = opened(objective, false);
            let a = dp.search(&[Sweep { counts: &counts, params }], usize::MAX, 0).map(|(o, _)| o);
            let b = dp.search(&[Sweep { counts: &relabelled, params }], usize::MAX, 0).map(|(o, _)| o);
            assert_eq!(
                a.as_ref().map(|o| o.score),
                b.as_ref().map(|o| o.score),
                "case {tried} {objective:?}"
            );
            let (Some(a), Some(b)) = (a, b) else { continue };
            for (x, y) in a.choices.chunks_exact(4).zip(b.choices.chunks_exact(4)) {
                for k in 0..4 {
                    assert_eq!(x[perm[k]] & !groups, y[k] & !groups, "case {tried} {objective:?}");
                }
                assert_eq!(x[3] & groups, y[3] & groups, "case {tried} {objective:?}: group jokers");
                assert!(x[..3].iter().all(|&v| v & groups == 0), "case {tried}: group jokers elsewhere");
            }
        }
    }
}

/// The staged search (beams, the relaxation's bound, descending targets) finds the
/// same core optimum as the plain program on bench-sized positions, with its usual
/// beams and with beams so narrow that the exact stages after them always run, in
/// either sweep direction (the mirrored one scoring every tile at its own number)
/// and in both at once (raced with tiny limits); and its decisions rebuild into
/// valid melds holding every fixed tile.
#[test]
fn staged_search_equals_plain_program() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5EA5_C0DE);
    let mut staged = Dp::default();
    let mut narrow = Dp { narrow: true, ..Dp::default() };
    for case in 0..300 {
        let copies = if case % 3 == 0 { 3 } else { 2 };
        let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
        let table = rng.random_range(0..=48);
        let rack = rng.random_range(1..=14);
        let counts = random_counts(&mut rng, copies, jokers, table, rack);
        for objective in [Objective::Tiles, Objective::Value] {
            let params = opened(objective, false);
            let want = plain(&counts, params);
            let mirrored = counts.mirrored();
            let both = [
                Sweep { counts: &counts, params },
                Sweep { counts: &mirrored, params: Params { mirror: true, ..params } },
            ];
            // Forward, mirrored, and both; the latter with tiny race limits, so that
            // the exact passes are given up and raced round after round.
            for (wide, pick) in
                [(true, 0..1), (false, 0..1), (true, 1..2), (false, 1..2), (true, 0..2), (false, 0..2)]
            {
                let dp = if wide { &mut staged } else { &mut narrow };
                let sweeps = &both[pick];
                let limit = if sweeps.len() == 2 { 1 + case % 64 } else { usize::MAX };
                let (got, i) = dp.search(sweeps, limit, 0).map_or((None, 0), |(o, i)| (Some(o), i));
                let (c, mirror) = (sweeps[i].counts, sweeps[i].params.mirror);
                assert_eq!(
                    got.as_ref().map(|o| o.score & !ROOM_MASK),
                    want,
                    "case {case} {objective:?} sweeps {}",
                    sweeps.len()
                );
                if let Some(opt) = got {
                    let (melds, placed) = super::super::build(c, &opt, true, mirror);
                    let mut on_table = [[0u8; 13]; 4];
                    for m in &melds {
                        for t in m.faces().iter().filter(|t| !t.is_joker()) {
                            let n = t.number().unwrap_or(1) as usize;
                            let c = rummykit_core::Colour::ALL
                                .iter()
                                .position(|&c| Some(c) == t.colour())
                                .unwrap_or(0);
                            on_table[c][n - 1] += 1;
                        }
                    }
                    let mut expect = counts.fixed;
                    for t in placed.iter().filter(|t| !t.is_joker()) {
                        let n = t.number().unwrap_or(1) as usize;
                        let c = rummykit_core::Colour::ALL
                            .iter()
                            .position(|&c| Some(c) == t.colour())
                            .unwrap_or(0);
                        expect[c][n - 1] += 1;
                        assert!(expect[c][n - 1] <= counts.fixed[c][n - 1] + counts.optional[c][n - 1]);
                    }
                    assert_eq!(on_table, expect, "case {case}: tiles not conserved");
                }
            }
        }
    }
}

/// The length of a colour's group-charge axis: a charge is never negative, and one past
/// the jokers there are bounds nothing, so sums past it are dropped.
const G_LEN: usize = MAX_JOKERS + 1;

/// A root bound computed from scratch (no memo kept, no pending groups): each colour's
/// best natural score per (run jokers, group charge [`charge`]), combined over the
/// colours.
fn probe_root(dec: &mut Decisions, counts: &Counts, params: Params) -> Option<u32> {
    let jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
    let r_len = jmax as usize + 1;
    let all = |c: usize, i: usize| u32::from(counts.fixed[c][i] + counts.optional[c][i]);
    let mut memo: std::collections::HashMap<(usize, u32, u32), Vec<i64>> = Default::default();
    #[allow(clippy::too_many_arguments)]
    fn row(
        dec: &mut Decisions,
        memo: &mut std::collections::HashMap<(usize, u32, u32), Vec<i64>>,
        all: &dyn Fn(usize, usize) -> u32,
        params: Params,
        jmax: u32,
        r_len: usize,
        c: usize,
        m: u32,
        runs: u32,
    ) -> Vec<i64> {
        if let Some(v) = memo.get(&(c, m, runs)) {
            return v.clone();
        }
        let mut out = vec![i64::MIN; r_len * G_LEN];
        if m == 14 {
            if runs & 0x3f == 0 {
                out[0] = 0;
            }
        } else {
            let i = m as usize - 1;
            let step = dec.look.steps[i * 4 + c];
            let unit = i64::from(one_tile(params.objective, step.value_n));
            let (lo, hi) = dec.get(&step, runs, jmax);
            let opts: Vec<_> = dec.kept[lo as usize..hi as usize].to_vec();
            let have: [u32; 4] = core::array::from_fn(|o| all(o, i));
            let others: u32 = (0..4).filter(|&o| o != c).map(|o| have[o]).sum();
            let cap = have[c].min((others + jmax) / 2);
            for o in opts {
                let x = u32::from(o.gamma);
                if x > cap {
                    continue;
                }
                let g = charge(&have, c, x) as usize;
                let d = i64::from(o.delta >> 8) * unit;
                let sub = row(dec, memo, all, params, jmax, r_len, c, m + 1, u32::from(o.runs));
                for r in 0..r_len {
                    let r2 = r + usize::from(o.jokers);
                    if r2 >= r_len {
                        break;
                    }
                    for k in 0..G_LEN - g.min(G_LEN) {
                        if sub[r * G_LEN + k] == i64::MIN {
                            continue;
                        }
                        let v = &mut out[r2 * G_LEN + k + g];
                        *v = (*v).max(sub[r * G_LEN + k] + d);
                    }
                }
            }
        }
        memo.insert((c, m, runs), out.clone());
        out
    }
    // Combined over the colours: (run jokers, summed charge).
    let mut acc = vec![i64::MIN; r_len * G_LEN];
    acc[0] = 0;
    for c in 0..4 {
        let colour = row(dec, &mut memo, &all, params, jmax, r_len, c, 1, 0);
        let mut next = vec![i64::MIN; r_len * G_LEN];
        for ra in 0..r_len {
            for ka in 0..G_LEN {
                let a = acc[ra * G_LEN + ka];
                if a == i64::MIN {
                    continue;
                }
                for rb in 0..r_len - ra {
                    for kb in 0..G_LEN - ka {
                        let b = colour[rb * G_LEN + kb];
                        if b != i64::MIN {
                            let v = &mut next[(ra + rb) * G_LEN + ka + kb];
                            *v = (*v).max(a + b);
                        }
                    }
                }
            }
        }
        acc = next;
    }
    let mut best = i64::MIN;
    for r in 0..r_len {
        for g in 0..G_LEN {
            let v = acc[r * G_LEN + g];
            if v != i64::MIN && r + g <= jmax as usize {
                best = best.max(v);
            }
        }
    }
    (best >= 0).then_some(best as u32)
}

/// The relaxation's root bound rebuilt from the kept decisions, each colour's group
/// charge taken per number ([`charge`]), equals [`Relax::init`]'s on random positions
/// of both sets.
#[test]
fn root_probe_equals_relaxation() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9A_4E_75);
    let mut cases = 0;
    for case in 0..120 {
        let counts = random_case(&mut rng, case, 36, 12);
        for objective in [Objective::Tiles, Objective::Value] {
            let params = opened(objective, false);
            if plain(&counts, params).is_none() {
                continue;
            }
            let mut dp = Dp::default();
            dp.dec.reset(&counts, params);
            let relaxed = dp.relax.init(&mut dp.dec, &counts, params, true);
            let probe = probe_root(&mut dp.dec, &counts, params);
            assert_eq!(probe, relaxed, "case {case} {objective:?}");
            cases += 1;
        }
    }
    assert!(cases > 150, "{cases} positions with a play");
}

/// The layer index is cleared only as far as a pass uses it ([`Dp::begin_layer`]): a DP
/// reused over positions of very different sizes (a large table, then a small one, the
/// passes of the large one holding indexes many times the small one's, some given up
/// and resumed under tiny race limits) finds the same plays as a fresh DP for each. A
/// slot left from an earlier pass and read as a state would probe an entry that is not
/// in the layer: another answer, or a panic.
#[test]
fn a_reused_index_gives_the_answers_of_a_fresh_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0C1E_A2ED);
    let mut reused = Dp::default();
    for case in 0..60 {
        let large = case % 2 == 0;
        let copies = if case % 4 < 2 { 3 } else { 2 };
        let jokers = rng.random_range(0..=if copies == 3 { 3 } else { 2 });
        let (table, rack) =
            if large { (rng.random_range(40..=80), 20) } else { (rng.random_range(0..=9), 4) };
        let counts = random_counts(&mut rng, copies, jokers, table, rack);
        let mirrored = counts.mirrored();
        let objective = case_objective(case);
        let params = opened(objective, false);
        let both = [
            Sweep { counts: &counts, params },
            Sweep { counts: &mirrored, params: Params { mirror: true, ..params } },
        ];
        let limit = if case % 5 == 0 { 1 + case } else { usize::MAX };
        let got = reused.search(&both, limit, 0);
        let want = Dp::default().search(&both, limit, 0);
        let summary = |r: &Option<(Optimum, usize)>| {
            r.as_ref().map(|(o, i)| (o.choices.clone(), o.jokers, o.score, *i))
        };
        assert_eq!(summary(&got), summary(&want), "case {case}");
    }
}

/// A beam's cut keeps every state ranked above it, and of the states tied at it a prefix
/// in layer order: each while fewer than `width` states before it are kept, so that a
/// beam whose ties come before its higher states keeps more than `width` (never fewer),
/// and which tied states are kept does not hang on the order the selection leaves its
/// ranks in. On random layers with many ties, for every width below the layer's size.
#[test]
fn a_beams_cut_keeps_its_width_ties_first_in_layer_order() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    for _ in 0..2_000 {
        let n = rng.random_range(2..40usize);
        let spread = rng.random_range(1..6u64);
        let ranks: Vec<u64> = (0..n).map(|_| 1 + rng.random_range(0..spread)).collect();
        for width in 1..n {
            let mut live = ranks.clone();
            let cut = cut_rank(&mut live, width);
            let mut sorted = ranks.clone();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            assert_eq!(cut, sorted[width - 1], "{ranks:?} width {width}");
            let mut kept = 0;
            let mut tie_dropped = false;
            for &r in &ranks {
                let keep = keeps(r, cut, kept, width);
                if r > cut {
                    assert!(keep, "{ranks:?} width {width}: a state above the cut dropped");
                } else if r == cut {
                    // Kept exactly while the beam is short of its width.
                    assert_eq!(keep, kept < width, "{ranks:?} width {width}");
                    assert!(!(keep && tie_dropped), "{ranks:?} width {width}: ties out of order");
                    tie_dropped |= !keep;
                } else {
                    assert!(!keep, "{ranks:?} width {width}: a state below the cut kept");
                }
                kept += usize::from(keep);
            }
            assert!(kept >= width, "{ranks:?} width {width}: {kept} kept");
        }
    }
}

/// A beam whose cut is not read (`reads_cut` false) keeps and marks the very states of
/// one that reads it, in every layer: the two loops of [`Dp::keep_best`] apply the
/// same tie rule ([`keeps`]), and only the bookkeeping of what is dropped differs. Fails
/// if the loop without the bookkeeping keeps every state tied at the cut (tried). The
/// layers counted are those where a state tied with the lowest kept one is dropped.
#[test]
fn a_beam_keeps_the_same_states_whether_or_not_its_cut_is_read() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xC07_7135);
    let (mut layers, mut tied) = (0, 0);
    for case in 0..300 {
        let (counts, params) = opened_case(&mut rng, case, 40, 14);
        let sweep = Sweep { counts: &counts, params };
        let width = 1 + rng.random_range(0..6);
        let run = |reads_cut: bool| {
            let mut dp = Dp::default();
            dp.open(sweep);
            dp.relax.init(&mut dp.dec, &counts, params, true);
            let got = dp.run_with(sweep, Pass::beam(width, 0, reads_cut), usize::MAX);
            let got = got.ok().flatten().map(|o| (o.choices, o.jokers, o.score));
            let states: Vec<_> =
                dp.entries.iter().map(|e| (e.key, e.score, e.est, e.parent, e.choice)).collect();
            (
                got,
                states,
                dp.layer_start.clone(),
                dp.truncated,
                dp.dec.look.steps.first().map(|s| s.objective),
            )
        };
        let (read, not_read) = (run(true), run(false));
        assert_eq!(read.0, not_read.0, "case {case} width {width}: the plays differ");
        assert_eq!(read.2, not_read.2, "case {case} width {width}: the layers differ");
        assert_eq!(read.3, not_read.3, "case {case} width {width}");
        for (i, (a, b)) in read.1.iter().zip(&not_read.1).enumerate() {
            assert_eq!(a, b, "case {case} width {width}: state {i} kept or marked differently");
        }
        assert_eq!(read.1.len(), not_read.1.len(), "case {case} width {width}");
        // The layers the tie rule decided: a state ranked as the lowest one kept, dropped.
        let shift = read.4.map_or(17, major_shift);
        for (k, &start) in read.2.iter().enumerate() {
            let end = read.2.get(k + 1).copied().unwrap_or(read.1.len());
            let rank = |&(key, score, est, ..): &(u64, u32, u32, u32, u32)| {
                beam_rank(&Entry { key, score, est, parent: 0, choice: 0 }, shift)
            };
            let layer = &read.1[start..end];
            let lowest = layer.iter().filter(|s| s.4 != DEAD).map(rank).min();
            layers += usize::from(layer.len() > width);
            tied += usize::from(layer.iter().any(|s| s.4 == DEAD && Some(rank(s)) == lowest));
        }
    }
    assert!(layers > 500 && tied > 100, "{layers} layers over the width, {tied} with a tie at the cut");
}

/// A beam's cut over a narrow layer lists the states it keeps, in layer order, exactly
/// as [`live_states`] lists the states left unmarked ([`Dp::keep_best`]): the next
/// layer takes its parents from that list. On random narrow layers with many ties and
/// neighbours (so that dominance marks some), for widths below the layer's size, both
/// modes, and cuts whose bound is read or not (two loops). Fails if a dropped state is
/// listed, a kept one left out, or the order differs.
#[test]
fn a_cut_that_lists_its_states_lists_the_live_ones() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x115_7ED);
    let (mut listed_layers, mut dominated) = (0, 0);
    for _ in 0..400 {
        let n = rng.random_range(2..=NARROW_LAYER);
        // Keys near one another, in colour 0's runs and the jokers, so that neighbours
        // are often there; few scores, so that ties are common.
        let entries: Vec<(u64, u32)> = (0..n)
            .map(|_| {
                let runs = rng.random_range(0..64u64);
                let jokers = rng.random_range(0..3u64);
                (runs | jokers << J_SHIFT, rng.random_range(0..4u32) << 17)
            })
            .collect();
        let core = rng.random_bool(0.5);
        for (width, reads_cut) in
            [1, 2, 3, 5, 8, n / 2, n - 1].into_iter().flat_map(|w| [(w, false), (w, true)])
        {
            if width == 0 || width >= n {
                continue;
            }
            let mut dp = Dp::default();
            dp.start_pass();
            dp.begin_layer(1);
            for &(key, score) in &entries {
                dp.insert(key, score, score, 0, 0);
            }
            let start = *dp.layer_start.last().expect("a layer");
            let mut listed = [0u32; NARROW_LAYER];
            let got = dp.keep_best(width, reads_cut, core, 0, &mut listed);
            let mut live = [0u32; NARROW_LAYER];
            let want = live_states(&dp.entries[start..], start as u32, &mut live);
            if let Some(got) = got {
                listed_layers += 1;
                assert_eq!(listed[..got], live[..want], "{entries:?} width {width} {reads_cut}");
                assert!(got >= width, "{entries:?} width {width}: {got} listed");
            } else {
                // Not listed only where the cut kept every state not dominated.
                assert!(want <= width, "{entries:?} width {width}: {want} left, none listed");
            }
            // The cut's look-ups leave a dominated state's rank at 0.
            dominated += usize::from(dp.ranks.contains(&0));
        }
    }
    assert!(listed_layers > 1_000 && dominated > 100, "{listed_layers} listed, {dominated} with dominance");
}

/// The compile-time table of group joker charges ([`CHARGES`]) holds, for every count of
/// the four colours at a number (0–3 each) and every colour, [`charge`] for 1, 2 and 3
/// naturals sent, three bits each, at the place [`Relax::init`] reads: the index the
/// counts make, colour 0 in the lowest two bits.
#[test]
fn the_charges_table_holds_every_charge() {
    let mut charged = 0;
    for shape in 0..256usize {
        let have: [u32; 4] = core::array::from_fn(|o| (shape >> (2 * o)) as u32 & 3);
        let index = have.iter().rev().fold(0, |s, &h| s << 2 | h as usize);
        assert_eq!(index, shape);
        for (c, &packed) in CHARGES[index].iter().enumerate() {
            let packed = u32::from(packed);
            for x in 1..=3 {
                let want = charge(&have, c, x);
                assert!(want < 8, "{have:?} colour {c}: {want} jokers for {x}");
                assert_eq!(packed >> (3 * x) & 7, want, "{have:?} colour {c}, {x} sent");
                charged += usize::from(want > 0);
            }
            assert_eq!(packed & 7, 0, "{have:?} colour {c}: nothing for none sent");
        }
    }
    assert!(charged > 500, "{charged} charges above zero");
}

/// The fewest jokers of a number's pending groups ([`Relax::pending`]), kept across
/// positions by their shape, are those a fresh relaxation works out: one that has seen
/// other positions, in both modes, answers every number, colour before the last and
/// count of naturals sent as a fresh one does. Fails if the shape leaves out what the
/// answer reads (a later colour's naturals, a count sent; the mode is kept apart too,
/// though the fewest jokers came out the same in both here).
#[test]
fn pending_groups_kept_across_positions_equal_fresh_ones() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x9E4D_1467);
    let mut kept = Dp::default();
    let sent: Vec<usize> = (0..64usize)
        .map(|s| (s & 3) | (s >> 2 & 3) << 3 | (s >> 4 & 3) << 6)
        .filter(|&g| (g & 7) + (g >> 3 & 7) + (g >> 6 & 7) <= 3)
        .collect();
    let (mut asked, mut some) = (0, 0);
    for case in 0..150 {
        let (counts, params) = opened_case(&mut rng, case, 40, 14);
        let params = Params { core: case % 3 != 0, ..params };
        let sweep = Sweep { counts: &counts, params };
        let mut fresh = Dp::default();
        for dp in [&mut kept, &mut fresh] {
            dp.open(sweep);
            dp.relax.init(&mut dp.dec, &counts, params, true);
        }
        for n in 1..=13 {
            for c in 0..3 {
                for &g in &sent {
                    let want = fresh.relax.pending(n, c, g);
                    assert_eq!(
                        kept.relax.pending(n, c, g),
                        want,
                        "case {case} number {n} colour {c} sent {g:o}"
                    );
                    asked += 1;
                    some += usize::from(want > 0 && want != u8::MAX);
                }
            }
        }
    }
    assert!(asked > 50_000 && some > 5_000, "{asked} asked, {some} needing jokers");
}
