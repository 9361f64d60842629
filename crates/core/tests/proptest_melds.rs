//! Property tests of meld validation, notation and piece sets.
//!
//! * (a) generated valid melds of every kind, with 0–2 jokers, under every
//!   [`AcePolicy`], are accepted, with the start and joker roles they were built with;
//! * (b) random, mostly near-valid piece lists are judged exactly as a deliberately
//!   simple brute-force reference judges them (accept/reject, and for accepted melds
//!   the run start and what each joker stands for), 10,000 cases per preset;
//! * (c) notation round-trips and the parsers never panic;
//! * (d) [`PieceSet`] agrees with a `BTreeSet<u8>` model;
//! * (e) [`MeldKind::of`], the one-pass check of either kind, answers as
//!   [`Meld::new`] of a run, then of a group, and as the reference, under any rules.
//!
//! The reference implements the predicates of RULES.md §0 (`valid_group`, `valid_run`
//! with `lo/hi`) literally: it tries every suit and every start and checks each position.

use std::cell::Cell;
use std::collections::BTreeSet;

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rummykit_core::{
    AcePolicy, Card, Catalog, Face, JokerLimit, JokerRole, Meld, MeldKind, MeldRules, PieceId, PieceSet,
    Tile, format_list, parse_list,
};

const JOKER: u8 = 52;
const POLICIES: [AcePolicy; 4] =
    [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];

// ---- the reference -------------------------------------------------------------------------

/// What the reference says about an accepted meld.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Verdict {
    /// A run of `suit` whose position 0 stands for `start` (14 = high ace).
    Run { suit: u8, start: u8 },
    /// A group of `number`; `suits` = mask of the naturals' suits.
    Group { number: u8, suits: u8 },
}

/// The number a run value stands for under `ace`, or `None` if the value is off the
/// allowed range (`lo..=hi` of RULES.md §0 `valid_run`).
fn run_number(ace: AcePolicy, value: u8) -> Option<u8> {
    match ace {
        AcePolicy::Low => (1..=13).contains(&value).then_some(value),
        AcePolicy::High => (2..=14).contains(&value).then_some(if value == 14 { 1 } else { value }),
        AcePolicy::LowOrHigh => (1..=14).contains(&value).then_some(if value == 14 { 1 } else { value }),
        AcePolicy::RoundTheCorner => (value >= 1).then_some((value - 1) % 13 + 1),
    }
}

fn run_starts(ace: AcePolicy) -> std::ops::RangeInclusive<u8> {
    match ace {
        AcePolicy::Low | AcePolicy::RoundTheCorner => 1..=13,
        AcePolicy::High => 2..=14,
        AcePolicy::LowOrHigh => 1..=14,
    }
}

fn reference(kind: MeldKind, faces: &[u8], rules: &MeldRules) -> Option<Verdict> {
    let len = faces.len();
    let jokers = faces.iter().filter(|&&f| f == JOKER).count();
    let naturals = len - jokers;
    let max_len = match kind {
        MeldKind::Group => usize::from(rules.max_group_len).min(4),
        MeldKind::Run => 13,
    };
    if len < usize::from(rules.min_len).max(1) || len > max_len || naturals == 0 {
        return None;
    }
    let jokers_ok = match rules.jokers {
        JokerLimit::Forbidden => jokers == 0,
        JokerLimit::Unlimited => true,
        JokerLimit::AtMost(n) => jokers <= usize::from(n),
        JokerLimit::NotMoreThanNaturals => jokers <= naturals,
        JokerLimit::NoAdjacent => {
            kind == MeldKind::Group || !faces.windows(2).any(|w| w[0] == JOKER && w[1] == JOKER)
        }
    };
    if !jokers_ok {
        return None;
    }
    let suit = |f: u8| f / 13;
    let number = |f: u8| f % 13 + 1;
    match kind {
        MeldKind::Group => {
            let nat: Vec<u8> = faces.iter().copied().filter(|&f| f != JOKER).collect();
            let same_number = nat.iter().all(|&f| number(f) == number(nat[0]));
            let distinct = (0..nat.len()).all(|i| (i + 1..nat.len()).all(|j| suit(nat[i]) != suit(nat[j])));
            let suits = nat.iter().fold(0u8, |m, &f| m | 1 << suit(f));
            (same_number && distinct).then_some(Verdict::Group { number: number(nat[0]), suits })
        }
        MeldKind::Run => {
            let mut found = Vec::new();
            for s in 0..4 {
                for start in run_starts(rules.ace) {
                    let fits = faces.iter().enumerate().all(|(i, &f)| {
                        match run_number(rules.ace, start + i as u8) {
                            None => false,
                            Some(_) if f == JOKER => true,
                            Some(n) => suit(f) == s && number(f) == n,
                        }
                    });
                    if fits {
                        found.push(Verdict::Run { suit: s, start });
                    }
                }
            }
            assert!(found.len() <= 1, "a run with a natural has one reading: {found:?}");
            found.pop()
        }
    }
}

/// Compares the validator with the reference on one list; returns whether it was accepted.
fn agree<F: Face>(kind: MeldKind, faces: &[u8], rules: &MeldRules) -> Result<bool, TestCaseError> {
    let pieces: Vec<F> = faces.iter().map(|&i| F::from_index(i).expect("index below 53")).collect();
    let got = Meld::new(kind, &pieces, rules);
    let want = reference(kind, faces, rules);
    let shown = format_list(&pieces);
    prop_assert_eq!(got.is_ok(), want.is_some(), "{:?} `{}`: validator {:?}", kind, shown, got);
    if let (Ok(meld), Some(verdict)) = (got, want.clone()) {
        prop_assert_eq!(meld.kind(), kind);
        prop_assert_eq!(meld.faces(), pieces.as_slice());
        prop_assert_eq!(meld.jokers(), faces.iter().filter(|&&f| f == JOKER).count());
        for (i, &f) in faces.iter().enumerate() {
            let role = meld.joker_role(i);
            if f != JOKER {
                prop_assert_eq!(role, None);
                continue;
            }
            let expected = match verdict {
                Verdict::Run { suit, start } => {
                    let n = run_number(rules.ace, start + i as u8).expect("inside the run");
                    JokerRole::Exactly(F::natural(suit, n).expect("a natural"))
                }
                Verdict::Group { number, suits } => {
                    let missing = !suits & 0xF;
                    if missing.count_ones() == 1 {
                        JokerRole::Exactly(
                            F::natural(missing.trailing_zeros() as u8, number).expect("natural"),
                        )
                    } else {
                        JokerRole::OneOf { number, suits: missing }
                    }
                }
            };
            prop_assert_eq!(role, Some(expected), "joker {} of `{}`", i, shown);
        }
        match verdict {
            Verdict::Run { suit, start } => {
                prop_assert_eq!(meld.run_suit(), Some(suit));
                prop_assert_eq!(meld.value_at(0), Some(start), "start of `{}`", shown);
                let numbers: Vec<u8> =
                    (0..faces.len()).map(|i| run_number(rules.ace, start + i as u8).unwrap()).collect();
                prop_assert_eq!(meld.numbers().collect::<Vec<_>>(), numbers);
            }
            Verdict::Group { number, suits } => {
                prop_assert_eq!(meld.group_suits(), Some(suits));
                prop_assert!(meld.numbers().all(|n| n == number));
            }
        }
    }
    // `infer` accepts exactly when one of the kinds does.
    let either = reference(MeldKind::Run, faces, rules).is_some()
        || reference(MeldKind::Group, faces, rules).is_some();
    prop_assert_eq!(Meld::infer(&pieces, rules).is_ok(), either, "infer `{}`", shown);
    either_agrees(&pieces, rules)?;
    Ok(want.is_some())
}

/// `MeldKind::of` answers as the two validations it replaces: a run if the list is
/// one, else a group if it is one, else `None`.
fn either_agrees<F: Face>(pieces: &[F], rules: &MeldRules) -> Result<Option<MeldKind>, TestCaseError> {
    let want = if Meld::new(MeldKind::Run, pieces, rules).is_ok() {
        Some(MeldKind::Run)
    } else if Meld::new(MeldKind::Group, pieces, rules).is_ok() {
        Some(MeldKind::Group)
    } else {
        None
    };
    prop_assert_eq!(MeldKind::of(pieces, rules), want, "`{}` under {:?}", format_list(pieces), rules);
    Ok(want)
}

// ---- generators ----------------------------------------------------------------------------

fn kind() -> impl Strategy<Value = MeldKind> {
    prop_oneof![Just(MeldKind::Group), Just(MeldKind::Run)]
}

fn policy() -> impl Strategy<Value = AcePolicy> {
    proptest::sample::select(POLICIES.to_vec())
}

fn with_jokers(mut faces: Vec<u8>, at: &[usize]) -> Vec<u8> {
    for &i in at {
        faces[i] = JOKER;
    }
    faces
}

/// A valid run under `ace` with 0–`max_jokers` jokers: (faces, suit, start).
fn valid_run(ace: AcePolicy, max_jokers: usize) -> impl Strategy<Value = (Vec<u8>, u8, u8)> {
    (3usize..=13, 0u8..4)
        .prop_flat_map(move |(len, suit)| {
            let last_start = match ace {
                AcePolicy::Low => 14 - len as u8,
                AcePolicy::High | AcePolicy::LowOrHigh => 15 - len as u8,
                AcePolicy::RoundTheCorner => 13,
            };
            let first_start = if ace == AcePolicy::High { 2 } else { 1 };
            let jokers = proptest::sample::subsequence((0..len).collect::<Vec<_>>(), 0..=max_jokers);
            (Just(len), Just(suit), first_start..=last_start, jokers)
        })
        .prop_map(move |(len, suit, start, jokers)| {
            let faces = (0..len)
                .map(|i| suit * 13 + run_number(ace, start + i as u8).expect("in range") - 1)
                .collect();
            (with_jokers(faces, &jokers), suit, start)
        })
}

/// A valid group with 0–`max_jokers` jokers, shuffled: (faces, number).
fn valid_group(max_jokers: usize) -> impl Strategy<Value = (Vec<u8>, u8)> {
    (1u8..=13, proptest::sample::subsequence(vec![0u8, 1, 2, 3], 3..=4)).prop_flat_map(
        move |(number, suits)| {
            let len = suits.len();
            let faces: Vec<u8> = suits.iter().map(|s| s * 13 + number - 1).collect();
            let jokers = proptest::sample::subsequence((0..len).collect::<Vec<_>>(), 0..=max_jokers);
            (Just(faces).prop_shuffle(), jokers)
                .prop_map(move |(faces, jokers)| (with_jokers(faces, &jokers), number))
        },
    )
}

/// A small edit that often breaks a meld, sometimes not.
#[derive(Debug, Clone)]
enum Edit {
    Renumber(usize, i8),
    Resuit(usize, u8),
    Jokerize(usize),
    Replace(usize, u8),
    Insert(usize, u8),
    Delete(usize),
    Swap(usize, usize),
    Duplicate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        (any::<usize>(), prop_oneof![-2i8..=-1, 1i8..=2]).prop_map(|(i, d)| Edit::Renumber(i, d)),
        (any::<usize>(), 0u8..4).prop_map(|(i, s)| Edit::Resuit(i, s)),
        any::<usize>().prop_map(Edit::Jokerize),
        (any::<usize>(), 0u8..=52).prop_map(|(i, f)| Edit::Replace(i, f)),
        (any::<usize>(), 0u8..=52).prop_map(|(i, f)| Edit::Insert(i, f)),
        any::<usize>().prop_map(Edit::Delete),
        (any::<usize>(), any::<usize>()).prop_map(|(i, j)| Edit::Swap(i, j)),
        any::<usize>().prop_map(Edit::Duplicate),
    ]
}

fn apply(mut faces: Vec<u8>, edits: &[Edit]) -> Vec<u8> {
    for e in edits {
        let len = faces.len();
        if len == 0 {
            if let Edit::Insert(_, f) | Edit::Replace(_, f) = e {
                faces.push(*f);
            }
            continue;
        }
        match *e {
            Edit::Renumber(i, d) if faces[i % len] != JOKER => {
                let f = faces[i % len];
                let n = (f % 13) as i8 + d;
                if (0..13).contains(&n) {
                    faces[i % len] = f / 13 * 13 + n as u8;
                }
            }
            Edit::Resuit(i, s) if faces[i % len] != JOKER => faces[i % len] = s * 13 + faces[i % len] % 13,
            Edit::Jokerize(i) => faces[i % len] = JOKER,
            Edit::Replace(i, f) => faces[i % len] = f,
            Edit::Insert(i, f) => faces.insert(i % (len + 1), f),
            Edit::Delete(i) => {
                faces.remove(i % len);
            }
            Edit::Swap(i, j) => faces.swap(i % len, j % len),
            Edit::Duplicate(i) => faces.insert(i % len, faces[i % len]),
            _ => {}
        }
    }
    faces.truncate(14);
    faces
}

/// Piece lists of length 0–14 (as face indices) with a kind, biased towards melds that
/// are valid or one or two edits away from valid, under any ace policy. The starting
/// melds hold jokers only where the rules allow them (else nearly all would fail).
fn near_valid(rules: &MeldRules) -> impl Strategy<Value = (MeldKind, Vec<u8>)> + use<> {
    let max_jokers = if rules.jokers == JokerLimit::Forbidden { 0 } else { 2 };
    let shape = prop_oneof![
        policy().prop_flat_map(move |a| valid_run(a, max_jokers)).prop_map(|(f, _, _)| (MeldKind::Run, f)),
        valid_group(max_jokers).prop_map(|(f, _)| (MeldKind::Group, f)),
    ];
    let edited = (shape, proptest::collection::vec(edit(), 0..=2), proptest::bool::weighted(0.1)).prop_map(
        |((kind, faces), edits, flip)| {
            let kind = match (kind, flip) {
                (k, false) => k,
                (MeldKind::Run, true) => MeldKind::Group,
                (MeldKind::Group, true) => MeldKind::Run,
            };
            (kind, apply(faces, &edits))
        },
    );
    let one_suit = (0u8..4, proptest::collection::vec(0u8..=13, 0..=14)).prop_map(|(s, ns)| {
        ns.into_iter().map(|n| if n == 13 { JOKER } else { s * 13 + n }).collect::<Vec<u8>>()
    });
    let one_number = (0u8..13, proptest::collection::vec(0u8..=4, 0..=5)).prop_map(|(n, ss)| {
        ss.into_iter().map(|s| if s == 4 { JOKER } else { s * 13 + n }).collect::<Vec<u8>>()
    });
    prop_oneof![
        6 => edited,
        1 => (kind(), proptest::collection::vec(0u8..=52, 0..=14)),
        1 => (Just(MeldKind::Run), one_suit),
        1 => (Just(MeldKind::Group), one_number),
    ]
}

// ---- (a) valid melds are accepted ----------------------------------------------------------

proptest! {
    #![proptest_config(Config { cases: 400, ..Config::default() })]

    #[test]
    fn generated_runs_are_accepted_under_every_ace_policy(
        (ace, (faces, suit, start)) in policy().prop_flat_map(|a| (Just(a), valid_run(a, 2)))
    ) {
        for (rules, is_tile) in [(MeldRules::default().with_ace(ace), true), (MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_ace(ace), false)] {
            let want = Some(Verdict::Run { suit, start });
            prop_assert_eq!(reference(MeldKind::Run, &faces, &rules), want);
            let accepted = if is_tile {
                agree::<Tile>(MeldKind::Run, &faces, &rules)?
            } else {
                agree::<Card>(MeldKind::Run, &faces, &rules)?
            };
            prop_assert!(accepted);
        }
    }

    #[test]
    fn generated_groups_are_accepted_under_every_ace_policy((faces, number) in valid_group(2), ace in policy()) {
        for rules in [MeldRules::default().with_ace(ace), MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_ace(ace)] {
            let pieces: Vec<Card> = faces.iter().map(|&i| Card::from_index(i).unwrap()).collect();
            let meld = Meld::new(MeldKind::Group, &pieces, &rules);
            prop_assert!(meld.is_ok(), "{:?}", meld);
            prop_assert_eq!(meld.unwrap().value_at(0), Some(number));
            prop_assert!(agree::<Tile>(MeldKind::Group, &faces, &rules)?);
        }
    }
}

// ---- (b) the validator agrees with the reference -------------------------------------------

/// Runs 10,000 near-valid cases under `rules` and checks both outcomes are common.
fn differential<F: Face>(rules: MeldRules) {
    let mut runner =
        TestRunner::new(Config { cases: 10_000, failure_persistence: None, ..Config::default() });
    let (accepted, total) = (Cell::new(0u32), Cell::new(0u32));
    let result = runner.run(&near_valid(&rules), |(kind, faces)| {
        let ok = agree::<F>(kind, &faces, &rules)?;
        total.set(total.get() + 1);
        accepted.set(accepted.get() + u32::from(ok));
        Ok(())
    });
    if let Err(e) = result {
        panic!("{rules:?}: {e}");
    }
    let (a, t) = (accepted.get(), total.get());
    eprintln!("{rules:?}: {a} of {t} accepted");
    assert!(t >= 10_000);
    assert!(
        a * 10 >= t && (t - a) * 10 >= t,
        "{rules:?}: {a} of {t} accepted; both outcomes should be common"
    );
}

#[test]
fn differential_rummikub() {
    differential::<Tile>(MeldRules::default());
}

#[test]
fn differential_classic_ace_low() {
    differential::<Card>(MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden));
}

#[test]
fn differential_classic_ace_high() {
    differential::<Card>(MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::High));
}

#[test]
fn differential_classic_ace_low_or_high() {
    differential::<Card>(
        MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::LowOrHigh),
    );
}

#[test]
fn differential_classic_round_the_corner() {
    differential::<Card>(
        MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::RoundTheCorner),
    );
}

#[test]
fn differential_rummy40_jokers_unlimited() {
    differential::<Card>(MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
}

#[test]
fn differential_rummy40_jokers_forbidden() {
    differential::<Card>(
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::Forbidden),
    );
}

#[test]
fn differential_rummy40_jokers_at_most_one() {
    differential::<Card>(
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::AtMost(1)),
    );
}

#[test]
fn differential_rummy40_jokers_not_more_than_naturals() {
    differential::<Card>(
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::NotMoreThanNaturals),
    );
}

#[test]
fn differential_rummy40_jokers_not_adjacent() {
    differential::<Card>(
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::NoAdjacent),
    );
}

// ---- (c) notation ----------------------------------------------------------------------------

fn token() -> impl Strategy<Value = String> {
    // Plausible tokens, to reach deep into the parsers, and arbitrary text.
    prop_oneof!["[rbykJjx*AaTtQqKkcdhsé0-9+-]{0,5}", any::<String>(),]
}

proptest! {
    #![proptest_config(Config { cases: 2_000, ..Config::default() })]

    #[test]
    fn faces_round_trip_through_notation(i in 0u8..=52) {
        let t = Tile::from_index(i).unwrap();
        let c = Card::from_index(i).unwrap();
        prop_assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
    }

    #[test]
    fn lists_round_trip_through_notation(ids in proptest::collection::vec(0u8..=52, 0..30)) {
        let tiles: Vec<Tile> = ids.iter().map(|&i| Tile::from_index(i).unwrap()).collect();
        let cards: Vec<Card> = ids.iter().map(|&i| Card::from_index(i).unwrap()).collect();
        prop_assert_eq!(parse_list::<Tile>(&format_list(&tiles)), Ok(tiles));
        prop_assert_eq!(parse_list::<Card>(&format_list(&cards)), Ok(cards));
    }

    #[test]
    fn parsers_never_panic_and_accept_only_round_tripping_faces(text in token()) {
        if let Ok(t) = text.parse::<Tile>() {
            prop_assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        }
        if let Ok(c) = text.parse::<Card>() {
            prop_assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        if let Ok(list) = parse_list::<Tile>(&text) {
            prop_assert_eq!(list.len(), text.split_whitespace().count());
        }
        let _ = parse_list::<Card>(&text);
    }
}

// ---- (d) piece sets ------------------------------------------------------------------------

#[derive(Debug, Clone)]
enum SetOp {
    Insert(bool, u8),
    Remove(bool, u8),
}

fn set_op() -> impl Strategy<Value = SetOp> {
    prop_oneof![
        (any::<bool>(), 0u8..160).prop_map(|(w, i)| SetOp::Insert(w, i)),
        (any::<bool>(), 0u8..160).prop_map(|(w, i)| SetOp::Remove(w, i)),
    ]
}

fn ids(model: &BTreeSet<u8>) -> Vec<u8> {
    model.iter().copied().collect()
}

fn set_ids(set: &PieceSet) -> Vec<u8> {
    set.iter().map(PieceId::index).collect()
}

proptest! {
    #![proptest_config(Config { cases: 1_000, ..Config::default() })]

    #[test]
    fn piece_set_agrees_with_a_btreeset(ops in proptest::collection::vec(set_op(), 0..200)) {
        let (mut a, mut b) = (PieceSet::new(), PieceSet::new());
        let (mut ma, mut mb) = (BTreeSet::new(), BTreeSet::new());
        for op in ops {
            match op {
                SetOp::Insert(first, i) => {
                    let (s, m) = if first { (&mut a, &mut ma) } else { (&mut b, &mut mb) };
                    prop_assert_eq!(s.insert(PieceId::new(i).unwrap()), m.insert(i));
                }
                SetOp::Remove(first, i) => {
                    let (s, m) = if first { (&mut a, &mut ma) } else { (&mut b, &mut mb) };
                    prop_assert_eq!(s.remove(PieceId::new(i).unwrap()), m.remove(&i));
                }
            }
        }
        prop_assert_eq!(set_ids(&a), ids(&ma));
        prop_assert_eq!(a.len(), ma.len());
        prop_assert_eq!(a.is_empty(), ma.is_empty());
        prop_assert_eq!(a.first().map(PieceId::index), ma.first().copied());
        prop_assert_eq!(a.iter().len(), ma.len());
        // Step by step: the exact size left after every id, and nothing after the end.
        let mut it = a.iter();
        for (k, &i) in ma.iter().enumerate() {
            prop_assert_eq!(it.size_hint(), (ma.len() - k, Some(ma.len() - k)));
            prop_assert_eq!(it.next().map(PieceId::index), Some(i));
        }
        prop_assert_eq!((it.size_hint(), it.next(), it.next()), ((0, Some(0)), None, None));
        for i in 0..160u8 {
            prop_assert_eq!(a.contains(PieceId::new(i).unwrap()), ma.contains(&i));
        }
        prop_assert_eq!(set_ids(&(a | b)), ids(&ma.union(&mb).copied().collect()));
        prop_assert_eq!(set_ids(&(a & b)), ids(&ma.intersection(&mb).copied().collect()));
        prop_assert_eq!(set_ids(&(a - b)), ids(&ma.difference(&mb).copied().collect()));
        prop_assert_eq!(set_ids(&(a ^ b)), ids(&ma.symmetric_difference(&mb).copied().collect()));
        prop_assert_eq!(a.is_subset(&b), ma.is_subset(&mb));
        prop_assert_eq!((a & b).is_subset(&a), true);
        prop_assert_eq!(a.is_disjoint(&b), ma.is_disjoint(&mb));
        prop_assert_eq!(a == b, ma == mb);
        let collected: PieceSet = ma.iter().map(|&i| PieceId::new(i).unwrap()).collect();
        prop_assert_eq!(collected, a);
    }
}

/// The brute force for [`Catalog::faces_of`]: each id of the set asked its face.
fn faces_each<F: Face>(catalog: Catalog<F>, set: PieceSet) -> Vec<(PieceId, F)> {
    set.iter().filter_map(|p| catalog.face(p).map(|f| (p, f))).collect()
}

proptest! {
    #![proptest_config(Config { cases: 1_000, ..Config::default() })]

    #[test]
    fn faces_of_agrees_with_each_face(
        ids in proptest::collection::vec(0u8..160, 0..120),
        copies in 1u8..=3,
        jokers in 0u8..=108,
        split in 0usize..40,
    ) {
        let set: PieceSet = ids.iter().filter_map(|&i| PieceId::new(i)).collect();
        // Every catalog that fits, of cards and of tiles; ids past its end are left out.
        if let (Some(cards), Some(tiles)) = (Catalog::<Card>::new(copies, jokers), Catalog::<Tile>::new(copies, jokers)) {
            let want = faces_each(cards, set);
            prop_assert_eq!(cards.faces_of(set).collect::<Vec<_>>(), want.clone());
            prop_assert_eq!(tiles.faces_of(set).collect::<Vec<_>>(), faces_each(tiles, set));
            // Stepped, then the rest by `for_each` (its own loop): the same list.
            let mut it = cards.faces_of(set);
            let mut got: Vec<_> = it.by_ref().take(split).collect();
            it.for_each(|pair| got.push(pair));
            prop_assert_eq!(got, want);
        }
    }
}

/// The brute force for [`Catalog::face_bits`] and [`Catalog::face_bits_and_pairs`]: each
/// id of the set asked its face, `(naturals, pairs, jokers)` with `pairs` the faces held
/// two or more times.
fn face_bits_each<F: Face>(catalog: Catalog<F>, set: PieceSet) -> (u64, u64, usize) {
    let mut counts = [0u8; 64];
    let mut jokers = 0;
    for (_, f) in faces_each(catalog, set) {
        if f.is_joker() {
            jokers += 1;
        } else {
            counts[usize::from(f.index())] += 1;
        }
    }
    let held = |at_least: u8| (0..64).filter(|&i| counts[i] >= at_least).fold(0u64, |b, i| b | 1 << i);
    (held(1), held(2), jokers)
}

proptest! {
    #![proptest_config(Config { cases: 1_000, ..Config::default() })]

    #[test]
    fn face_bits_agrees_with_each_face(
        ids in proptest::collection::vec(0u8..160, 0..120),
        copies in 1u8..=3,
        jokers in 0u8..=108,
    ) {
        let set: PieceSet = ids.iter().filter_map(|&i| PieceId::new(i)).collect();
        // Every catalog that fits; ids past its end are left out.
        if let (Some(cards), Some(tiles)) = (Catalog::<Card>::new(copies, jokers), Catalog::<Tile>::new(copies, jokers)) {
            for (bits, each) in [
                (cards.face_bits_and_pairs(set), face_bits_each(cards, set)),
                (tiles.face_bits_and_pairs(set), face_bits_each(tiles, set)),
            ] {
                prop_assert_eq!(bits, each);
            }
            let (naturals, _, held_jokers) = face_bits_each(cards, set);
            prop_assert_eq!(cards.face_bits(set), (naturals, held_jokers));
            let (naturals, _, held_jokers) = face_bits_each(tiles, set);
            prop_assert_eq!(tiles.face_bits(set), (naturals, held_jokers));
        }
    }
}

// ---- (e) the one-pass check of either kind --------------------------------------------------

/// Any meld rules: every ace policy and joker limit, minimum length 2–6, largest group
/// 0–5 (beyond the games' 3 and 4, where the length checks decide alone). Minimum
/// lengths 0 and 1, where a lone ace has two readings the reference does not choose
/// between, are in the unit tests of `meld.rs` (every list of up to three faces).
fn any_rules() -> impl Strategy<Value = MeldRules> {
    let limit = prop_oneof![
        Just(JokerLimit::Forbidden),
        Just(JokerLimit::Unlimited),
        (0u8..=3).prop_map(JokerLimit::AtMost),
        Just(JokerLimit::NotMoreThanNaturals),
        Just(JokerLimit::NoAdjacent),
    ];
    (policy(), limit, 2u8..=6, 0u8..=5).prop_map(|(ace, jokers, min_len, max_group)| {
        let mut rules = MeldRules::new(ace, jokers).with_min_len(min_len);
        rules.max_group_len = max_group;
        rules
    })
}

/// Plain lists of 3–5 naturals (the fast path), a third runs and a third groups of
/// distinct cards as a hand holds them, each perhaps edited, and a third any naturals.
fn plain_list() -> impl Strategy<Value = Vec<u8>> {
    let run = (3usize..=5, 0u8..4, 0u8..13)
        .prop_map(|(len, s, n)| (0..len as u8).map(|i| s * 13 + (n + i) % 13).collect::<Vec<u8>>());
    let group =
        (0u8..13, proptest::sample::subsequence(vec![0u8, 1, 2, 3], 3..=4)).prop_flat_map(|(n, suits)| {
            Just(suits.iter().map(|s| s * 13 + n).collect::<Vec<u8>>()).prop_shuffle()
        });
    let any = proptest::collection::vec(0u8..52, 3..=5);
    let shape = prop_oneof![run, group, any];
    (shape, proptest::collection::vec(edit(), 0..=1)).prop_map(|(faces, edits)| {
        let mut faces = apply(faces, &edits);
        // Edits may add a joker or change the length: keep lists of 3-5 naturals.
        faces.retain(|&f| f != JOKER);
        faces.truncate(5);
        faces
    })
}

proptest! {
    #![proptest_config(Config { cases: 20_000, failure_persistence: None, ..Config::default() })]

    /// The one-pass check of either kind against the two validations it replaces and
    /// the reference, under any rules, on near-valid lists with jokers of length 0-14.
    #[test]
    fn meld_kind_of_agrees_under_any_rules((rules, (_, faces)) in any_rules().prop_flat_map(|r| (Just(r), near_valid(&r)))) {
        for kind in [MeldKind::Run, MeldKind::Group] {
            agree::<Tile>(kind, &faces, &rules)?;
        }
        let pieces: Vec<Card> = faces.iter().map(|&i| Card::from_index(i).expect("a face")).collect();
        let found = either_agrees(&pieces, &rules)?;
        let reference = |kind| reference(kind, &faces, &rules).is_some().then_some(kind);
        prop_assert_eq!(found, reference(MeldKind::Run).or_else(|| reference(MeldKind::Group)));
    }

    /// The same on plain lists of 3-5 naturals, in order and reversed.
    #[test]
    fn meld_kind_of_agrees_on_plain_lists(rules in any_rules(), faces in plain_list()) {
        for list in [faces.clone(), faces.iter().rev().copied().collect()] {
            let pieces: Vec<Card> = list.iter().map(|&i| Card::from_index(i).expect("a face")).collect();
            let found = either_agrees(&pieces, &rules)?;
            let reference = |kind| reference(kind, &list, &rules).is_some().then_some(kind);
            prop_assert_eq!(found, reference(MeldKind::Run).or_else(|| reference(MeldKind::Group)));
        }
    }
}

/// Both answers and `None` are common on the plain lists under the games' rules, so the
/// plain-list property above is not one-sided.
#[test]
fn plain_lists_are_runs_groups_and_neither() {
    let mut runner = TestRunner::new(Config { cases: 3_000, failure_persistence: None, ..Config::default() });
    let counts = Cell::new([0u32; 3]);
    let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    runner
        .run(&plain_list(), |faces| {
            let pieces: Vec<Card> = faces.iter().map(|&i| Card::from_index(i).expect("a face")).collect();
            let mut c = counts.get();
            c[match MeldKind::of(&pieces, &rules) {
                Some(MeldKind::Run) => 0,
                Some(MeldKind::Group) => 1,
                None => 2,
            }] += 1;
            counts.set(c);
            Ok(())
        })
        .expect("runs");
    let [runs, groups, neither] = counts.get();
    assert!(runs > 300 && groups > 300 && neither > 300, "{runs} {groups} {neither}");
}
