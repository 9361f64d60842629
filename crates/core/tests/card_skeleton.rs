//! The card-game building blocks: hand meld enumeration and least-deadwood analysis
//! checked against a deliberately simple brute-force reference; the meld table.

mod common;

use std::collections::BTreeSet;

use common::arrangements;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    AcePolicy, Card, Catalog, Face, JokerLimit, Meld, MeldId, MeldKind, MeldRules, MeldTable, NamedPiece,
    RunEnd, TableError, hand_melds, least_deadwood, parse_list,
};

/// Brute-force least deadwood: the lowest remaining piece is unmelded or in some valid
/// subset of the remaining pieces.
fn brute_deadwood(faces: &[Card], remaining: u32, rules: &MeldRules, value: &dyn Fn(Card) -> u32) -> u32 {
    if remaining == 0 {
        return 0;
    }
    let c = remaining.trailing_zeros();
    let rest = remaining & !(1 << c);
    let mut best = value(faces[c as usize]) + brute_deadwood(faces, rest, rules, value);
    // Subsets of `rest`, with c added.
    let mut sub = rest;
    loop {
        let set = sub | (1 << c);
        let n = set.count_ones() as usize;
        if (3..=13).contains(&n) {
            let members: Vec<Card> = (0..32).filter(|i| set & (1 << i) != 0).map(|i| faces[i]).collect();
            if !arrangements(&members, rules).is_empty() {
                best = best.min(brute_deadwood(faces, remaining & !set, rules, value));
            }
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & rest;
    }
    best
}

fn classic_value(c: Card) -> u32 {
    c.number().map_or(15, |n| u32::from(n.min(10)))
}

fn random_hand(rng: &mut ChaCha8Rng, catalog: &Catalog<Card>, n: usize) -> Vec<Card> {
    let mut ids: Vec<_> = catalog.ids().collect();
    ids.shuffle(rng);
    ids.truncate(n);
    ids.sort();
    ids.into_iter().map(|id| catalog.face(id).unwrap()).collect()
}

/// A hand biased towards melds: a few suits and nearby ranks.
fn dense_hand(rng: &mut ChaCha8Rng, catalog: &Catalog<Card>, n: usize) -> Vec<Card> {
    use rand::RngExt;
    let lo = rng.random_range(1..=8u8);
    let ids: Vec<_> = catalog
        .ids()
        .filter(|&id| {
            let f = catalog.face(id).unwrap();
            f.is_joker()
                || (f.number().unwrap() >= lo && f.number().unwrap() < lo + 5 && f.suit_index() < Some(3))
        })
        .collect();
    let mut ids = ids;
    ids.shuffle(rng);
    ids.truncate(n);
    ids.sort();
    ids.into_iter().map(|id| catalog.face(id).unwrap()).collect()
}

fn rule_sets() -> Vec<MeldRules> {
    vec![
        MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden),
        MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::LowOrHigh),
        MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::RoundTheCorner),
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited),
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_ace(AcePolicy::LowOrHigh),
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::NotMoreThanNaturals),
        MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::NoAdjacent),
    ]
}

#[test]
fn least_deadwood_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for (r, rules) in rule_sets().iter().enumerate() {
        let catalog = if rules.jokers == JokerLimit::Forbidden {
            Catalog::<Card>::DECK
        } else {
            Catalog::<Card>::new(2, 4).expect("108 cards")
        };
        for case in 0..40 {
            let n = 7 + case % 4;
            let hand = if case % 2 == 0 {
                dense_hand(&mut rng, &catalog, n)
            } else {
                random_hand(&mut rng, &catalog, n)
            };
            let split = least_deadwood(&hand, rules, classic_value).unwrap();
            let expected = brute_deadwood(&hand, (1 << hand.len()) - 1, rules, &classic_value);
            assert_eq!(split.deadwood(), expected, "rules #{r} hand {hand:?}");
            // The split itself is consistent: disjoint valid melds, deadwood = leftover value.
            let mut used = 0u64;
            for m in split.melds() {
                assert_eq!(used & m.mask(), 0);
                used |= m.mask();
                let faces: Vec<Card> = m.select(&hand).copied().collect();
                assert!(Meld::new(m.kind(), &faces, rules).is_ok(), "{faces:?}");
            }
            assert_eq!(used | split.unmelded_mask(), (1 << hand.len()) - 1);
            assert_eq!(split.unmelded().map(|i| classic_value(hand[i])).sum::<u32>(), split.deadwood());
        }
    }
}

#[test]
fn hand_melds_matches_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    for (r, rules) in rule_sets().iter().enumerate() {
        let catalog = if rules.jokers == JokerLimit::Forbidden {
            Catalog::<Card>::DECK
        } else {
            Catalog::<Card>::new(2, 4).expect("108 cards")
        };
        for case in 0..30 {
            let n = 6 + case % 5;
            let hand = if case % 2 == 0 {
                dense_hand(&mut rng, &catalog, n)
            } else {
                random_hand(&mut rng, &catalog, n)
            };
            let melds = hand_melds(&hand, rules).unwrap();
            // Groups are unordered: compare them sorted.
            let norm = |(k, mut f): (MeldKind, Vec<Card>)| {
                if k == MeldKind::Group {
                    f.sort();
                }
                (k, f)
            };
            let got: Vec<(MeldKind, Vec<Card>)> =
                melds.iter().map(|m| norm((m.kind(), m.select(&hand).copied().collect()))).collect();
            let got_set: BTreeSet<_> = got.iter().cloned().collect();
            assert_eq!(got.len(), got_set.len(), "duplicates, rules #{r} hand {hand:?}");
            let mut expected = BTreeSet::new();
            let all = (1u32 << hand.len()) - 1;
            let mut sub = all;
            while sub != 0 {
                let members: Vec<Card> =
                    (0..hand.len()).filter(|i| sub & (1 << i) != 0).map(|i| hand[i]).collect();
                if members.len() >= 3 {
                    expected.extend(arrangements(&members, rules).into_iter().map(norm));
                }
                sub = (sub - 1) & all;
            }
            assert_eq!(got_set, expected, "rules #{r} hand {hand:?}");
        }
    }
}

#[test]
fn hand_melds_uses_the_first_copy_only() {
    let hand: Vec<Card> = parse_list("7h 7h 8h 9h").unwrap();
    let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)).unwrap();
    assert_eq!(melds.len(), 1);
    assert_eq!(melds[0].positions(), &[0, 2, 3]);
}

#[test]
fn jokers_left_over_count_their_value() {
    let hand: Vec<Card> = parse_list("* 2c 9d").unwrap();
    let split = least_deadwood(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited), classic_value)
        .unwrap();
    assert_eq!(split.deadwood(), 15 + 2 + 9);
    let hand: Vec<Card> = parse_list("* 8d 9d").unwrap();
    let split = least_deadwood(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited), classic_value)
        .unwrap();
    assert_eq!(split.deadwood(), 0);
}

#[test]
fn meld_table_lay_off_and_errors_leave_it_unchanged() {
    let cat = Catalog::<Card>::new(2, 2).expect("106 cards");
    let rules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);
    let ids = |s: &str| -> Vec<_> {
        let mut taken = Vec::new();
        for c in parse_list::<Card>(s).unwrap() {
            let id = cat.ids_of(c).find(|id| !taken.contains(id)).unwrap();
            taken.push(id);
        }
        taken
    };
    let mut table = MeldTable::<Card>::new();
    let run = ids("5h 6h *");
    let m0 = table.place(0, MeldKind::Run, &run, &cat, &rules).unwrap();
    assert_eq!(m0, MeldId::new(0));
    // The joker stands for 7h: 8h fits the back, 4h the front, a joker either end.
    let t = table.meld(m0).unwrap();
    assert_eq!(t.lay_off_ends("8h".parse().unwrap(), &rules), vec![RunEnd::Back]);
    assert_eq!(t.lay_off_ends("4h".parse().unwrap(), &rules), vec![RunEnd::Front]);
    assert_eq!(t.lay_off_ends(Card::JOKER, &rules), vec![RunEnd::Front, RunEnd::Back]);
    let before = table.clone();
    let p = cat.ids_of("8h".parse().unwrap()).next().unwrap();
    assert!(matches!(table.lay_off(m0, p, RunEnd::Front, &cat, &rules), Err(TableError::DoesNotFit { .. })));
    assert_eq!(table, before);
    assert_eq!(
        table.lay_off(MeldId::new(9), p, RunEnd::Back, &cat, &rules),
        Err(TableError::NoSuchMeld(MeldId::new(9)))
    );
    assert_eq!(
        table.lay_off(m0, run[0], RunEnd::Back, &cat, &rules),
        Err(TableError::AlreadyOnTable(NamedPiece::of(run[0], &cat)))
    );
    let bad = rummykit_core::PieceId::new(150).unwrap();
    assert_eq!(table.lay_off(m0, bad, RunEnd::Back, &cat, &rules), Err(TableError::UnknownPiece(bad)));
    assert_eq!(table, before);
    table.lay_off(m0, p, RunEnd::Back, &cat, &rules).unwrap();
    let four = cat.ids_of("4h".parse().unwrap()).next().unwrap();
    table.lay_off(m0, four, RunEnd::Front, &cat, &rules).unwrap();
    assert_eq!(table.meld(m0).unwrap().meld().to_string(), "4h 5h 6h * 8h");
    assert_eq!(table.meld(m0).unwrap().pieces()[0], four);
    // Placing: repeated piece, piece on the table, invalid meld.
    let g = ids("9c 9d 9s");
    assert_eq!(
        table.place(1, MeldKind::Group, &[g[0], g[0], g[1]], &cat, &rules),
        Err(TableError::RepeatedPiece(NamedPiece::of(g[0], &cat)))
    );
    assert_eq!(
        table.place(1, MeldKind::Group, &[g[0], g[1], p], &cat, &rules),
        Err(TableError::AlreadyOnTable(NamedPiece::of(p, &cat)))
    );
    assert!(matches!(
        table.place(1, MeldKind::Run, &g, &cat, &rules),
        Err(TableError::InvalidMeld { kind: MeldKind::Run, .. })
    ));
    assert!(matches!(table.place(1, MeldKind::Run, &[], &cat, &rules), Err(TableError::InvalidMeld { .. })));
    // The kind asked for in plain words.
    let message = table.place(1, MeldKind::Run, &g, &cat, &rules).unwrap_err().to_string();
    assert!(message.starts_with("not a valid run: "), "{message}");
    let m1 = table.place(1, MeldKind::Group, &g, &cat, &rules).unwrap();
    assert_eq!(m1, MeldId::new(1));
    assert!(table.has_melded(1) && !table.has_melded(2));
    // Joker swap through `replace`: 7h takes the joker's place.
    let seven = cat.ids_of("7h".parse().unwrap()).next().unwrap();
    let mut pieces = table.meld(m0).unwrap().pieces().to_vec();
    pieces[3] = seven;
    table.replace(m0, &pieces, &cat, &rules).unwrap();
    assert_eq!(table.meld(m0).unwrap().meld().to_string(), "4h 5h 6h 7h 8h");
    let before = table.clone();
    pieces[3] = g[0];
    assert_eq!(
        table.replace(m0, &pieces, &cat, &rules),
        Err(TableError::AlreadyOnTable(NamedPiece::of(g[0], &cat)))
    );
    assert_eq!(table, before);
}

#[test]
fn analysis_refuses_hands_over_the_limit() {
    let hand: Vec<Card> = std::iter::repeat_n(Card::JOKER, rummykit_core::MAX_HAND + 1).collect();
    let err = rummykit_core::AnalysisError::TooManyPieces { len: 65, max: 64 };
    assert_eq!(
        least_deadwood(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited), |_| 1),
        Err(err)
    );
    assert_eq!(hand_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)), Err(err));
    assert_eq!(err.to_string(), "hand of 65 pieces is too large to analyse (at most 64)");
}
