//! Core's documented limits, at them and one past: [`MAX_HAND`] pieces for
//! [`hand_melds`] (the last position is bit 63 of a word), the largest catalog
//! ([`PieceId::LIMIT`]), and meld rules at the extremes of their types (minimum
//! lengths past a suit, groups of any size, joker limits past a meld's places), each
//! against a deliberately simple brute force (RULES §0).

mod common;

use std::collections::BTreeSet;

use common::arrangements;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    AcePolicy, AnalysisError, Card, Catalog, Face, FaceMeld, JokerLimit, MAX_HAND, MAX_MELD_LEN, Meld,
    MeldKind, MeldRules, PieceId, Tile, face_melds, for_each_face_meld_holding, hand_melds,
};

const POLICIES: [AcePolicy; 4] =
    [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];

/// A group's faces sorted (the validator takes a group in any order), a run's as listed.
fn key(kind: MeldKind, faces: &[Card]) -> (MeldKind, Vec<Card>) {
    let mut faces = faces.to_vec();
    if kind == MeldKind::Group {
        faces.sort();
    }
    (kind, faces)
}

/// The brute force: every subset of the distinct faces of the hand (a natural once,
/// jokers up to a meld's places) of a length a meld may have, arranged every way.
fn brute_force(hand: &[Card], rules: &MeldRules) -> BTreeSet<(MeldKind, Vec<Card>)> {
    let mut faces: Vec<Card> = hand.iter().copied().filter(|f| !f.is_joker()).collect();
    faces.sort();
    faces.dedup();
    let jokers = hand.iter().filter(|f| f.is_joker()).count().min(MAX_MELD_LEN - 1);
    faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
    assert!(faces.len() <= 20, "a hand the brute force can walk");
    let min = usize::from(rules.min_len).max(1);
    let mut out = BTreeSet::new();
    for sub in 1u32..1 << faces.len() {
        let len = sub.count_ones() as usize;
        if len < min || len > MAX_MELD_LEN {
            continue;
        }
        let members: Vec<Card> = (0..faces.len()).filter(|i| sub & (1 << i) != 0).map(|i| faces[i]).collect();
        if members.iter().any(|f| !f.is_joker()) {
            out.extend(arrangements(&members, rules).into_iter().map(|(k, f)| key(k, &f)));
        }
    }
    out
}

/// `hand_melds` by faces, checked on the way: no meld listed twice, positions in the
/// hand, none twice, the mask their bits, the faces a valid meld of the kind.
fn by_positions(hand: &[Card], rules: &MeldRules) -> BTreeSet<(MeldKind, Vec<Card>)> {
    let mut out = BTreeSet::new();
    let mut listed = BTreeSet::new();
    for m in hand_melds(hand, rules).expect("a hand within the limit") {
        assert!(
            listed.insert((m.kind(), m.positions().to_vec())),
            "{:?} {:?} listed twice",
            m.kind(),
            m.positions()
        );
        let mask = m.positions().iter().fold(0u64, |mask, &p| {
            assert!(usize::from(p) < hand.len(), "position {p} of a hand of {}", hand.len());
            assert_eq!(mask & 1 << p, 0, "position {p} twice");
            mask | 1 << p
        });
        assert_eq!(m.mask(), mask);
        let faces: Vec<Card> = m.select(hand).copied().collect();
        assert_eq!(faces.len(), m.len());
        assert!(Meld::new(m.kind(), &faces, rules).is_ok(), "{:?} {faces:?}", m.kind());
        out.insert(key(m.kind(), &faces));
    }
    out
}

/// Naturals of one or two suits in a window of ranks (wrapping past the king), and
/// `jokers` jokers, shuffled.
fn window_hand(rng: &mut ChaCha8Rng, naturals: usize, jokers: usize) -> Vec<Card> {
    let suits = [rng.random_range(0..4u8), rng.random_range(0..4u8)];
    let lo = rng.random_range(0..13u8);
    let width = rng.random_range(3..=13u8);
    let mut hand: Vec<Card> = (0..naturals)
        .map(|_| {
            let s = suits[rng.random_range(0..2)];
            Card::from_index(s * 13 + (lo + rng.random_range(0..width)) % 13).expect("a natural")
        })
        .collect();
    hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
    for i in (1..hand.len()).rev() {
        hand.swap(i, rng.random_range(0..=i));
    }
    hand
}

/// Rules at the extremes of their types: every ace policy; minimum lengths from 0 (read
/// as 1) up to and past a suit (13, 14, 255); largest groups of 0, 1, 2 and past four (255); joker
/// limits past a meld's places.
fn extreme_rules(rng: &mut ChaCha8Rng) -> MeldRules {
    let jokers = [
        JokerLimit::Unlimited,
        JokerLimit::Forbidden,
        JokerLimit::AtMost(12),
        JokerLimit::AtMost(13),
        JokerLimit::AtMost(u8::MAX),
        JokerLimit::NotMoreThanNaturals,
        JokerLimit::NoAdjacent,
    ];
    let min_len = [0, 1, 2, 3, 5, 9, 12, 13, 14, u8::MAX];
    let max_group = [0, 1, 2, 3, 4, 5, u8::MAX];
    let mut rules =
        MeldRules::new(POLICIES[rng.random_range(0..4)], jokers[rng.random_range(0..jokers.len())])
            .with_min_len(min_len[rng.random_range(0..min_len.len())]);
    rules.max_group_len = max_group[rng.random_range(0..max_group.len())];
    rules
}

/// RULES §0 under rules at the extremes of their types: `face_melds` and `hand_melds`
/// list exactly the brute force's melds, on hands of up to 14 distinct faces and up to
/// 14 jokers (more than a meld can hold beside a natural); the melds holding a face are
/// the listing's that hold it, in its order.
#[test]
fn rules_0_melds_under_extreme_rules_are_the_brute_forces() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x11_3175);
    let mut listed = 0;
    for case in 0..600 {
        let rules = extreme_rules(&mut rng);
        let jokers = [0, 1, 2, 12, 13, 14][rng.random_range(0..6)];
        let naturals = rng.random_range(1..=14);
        let hand = window_hand(&mut rng, naturals, jokers);
        let distinct = hand.iter().filter(|f| !f.is_joker()).collect::<BTreeSet<_>>().len();
        if distinct + jokers.min(MAX_MELD_LEN - 1) > 15 {
            continue;
        }
        let expected = brute_force(&hand, &rules);
        let faces: BTreeSet<_> = face_melds(&hand, &rules).iter().map(|m| key(m.kind(), m.faces())).collect();
        assert_eq!(faces, expected, "case {case}: face_melds of {hand:?} under {rules:?}");
        assert_eq!(
            by_positions(&hand, &rules),
            expected,
            "case {case}: hand_melds of {hand:?} under {rules:?}"
        );
        // The melds holding each face (and the joker): the listing's, in its order.
        let (naturals, jokers) =
            hand.iter().fold(
                (0u64, 0usize),
                |(n, j), f| {
                    if f.is_joker() { (n, j + 1) } else { (n | 1 << f.index(), j) }
                },
            );
        let said = |m: &FaceMeld<Card>| (m.kind(), m.faces().to_vec());
        let all: Vec<_> = face_melds(&hand, &rules).iter().map(said).collect();
        for face in (0..=52).filter_map(Card::from_index) {
            let mut got = Vec::new();
            for_each_face_meld_holding(naturals, jokers, face, &rules, |m| got.push(said(m)));
            let want: Vec<_> = all.iter().filter(|(_, faces)| faces.contains(&face)).cloned().collect();
            assert_eq!(got, want, "case {case}: melds holding {face} of {hand:?} under {rules:?}");
        }
        listed += expected.len();
    }
    assert!(listed > 3000, "{listed} melds compared");
}

/// [`MAX_HAND`]: a hand of exactly 64 pieces (two decks' worth of naturals, jokers)
/// gives the melds of its distinct faces, whatever stands at position 63 (a joker, a
/// first copy, a second copy); one piece more is refused.
#[test]
fn hand_melds_at_max_hand() {
    let mut rng = ChaCha8Rng::seed_from_u64(64);
    for (case, last) in ["joker", "first copy", "second copy"].iter().cycle().take(12).enumerate() {
        let rules = MeldRules::new(POLICIES[case % 4], JokerLimit::Unlimited);
        // Two or three suits, so that the brute force walks at most 16 faces.
        let (suit, lo) = (rng.random_range(0..4u8), rng.random_range(0..13u8));
        let pool: Vec<Card> = (0..5u8)
            .flat_map(|r| {
                [suit, (suit + 1) % 4].map(|s| Card::from_index(s * 13 + (lo + r) % 13).expect("natural"))
            })
            .collect();
        let jokers = rng.random_range(1..=3);
        let mut hand: Vec<Card> =
            (0..MAX_HAND - 1 - jokers).map(|_| pool[rng.random_range(0..pool.len())]).collect();
        hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
        for i in (1..hand.len()).rev() {
            hand.swap(i, rng.random_range(0..=i));
        }
        let at_63 = match *last {
            "joker" => Card::JOKER,
            // A face of the window not yet held (an ace or a card of another suit), or
            // a copy of the face first seen at position 0.
            "first copy" => Card::from_index(((suit + 2) % 4) * 13 + lo).expect("natural"),
            _ => hand.iter().copied().find(|f| !f.is_joker()).expect("a natural"),
        };
        assert!(*last != "first copy" || !hand.contains(&at_63));
        hand.push(at_63);
        assert_eq!(hand.len(), MAX_HAND);
        let expected = brute_force(&hand, &rules);
        let got = by_positions(&hand, &rules);
        assert_eq!(got, expected, "{last} at 63: {hand:?}");
        if *last == "first copy" {
            let ms = hand_melds(&hand, &rules).expect("at the limit");
            assert!(ms.iter().any(|m| m.positions().contains(&63)), "{hand:?}");
            assert!(ms.iter().any(|m| m.mask() >> 63 == 1), "{hand:?}");
        }
        let mut over = hand.clone();
        over.push(Card::JOKER);
        assert_eq!(hand_melds(&over, &rules), Err(AnalysisError::TooManyPieces { len: 65, max: MAX_HAND }));
    }
}

/// The largest catalogs fill [`PieceId::LIMIT`] exactly: every id's face and back, the
/// last id 159 included; one piece more is refused, as are sizes past a byte's.
#[test]
fn catalogs_at_the_id_limit() {
    for (copies, jokers) in [(3u8, 4u8), (1, 108), (2, 56)] {
        let cat = Catalog::<Tile>::new(copies, jokers).expect("fits exactly");
        assert_eq!(cat.len(), PieceId::LIMIT);
        assert_eq!(cat.ids().count(), PieceId::LIMIT);
        assert_eq!(cat.all().len(), PieceId::LIMIT);
        let last = PieceId::new(159).expect("the last id");
        assert!(cat.contains(last) && cat.all().contains(last));
        assert_eq!(
            cat.face(last),
            Some(if jokers > 0 { Tile::JOKER } else { Tile::from_index(51).unwrap() })
        );
        for f in (0..=52).filter_map(Tile::from_index) {
            let n = if f.is_joker() { jokers } else { copies };
            assert_eq!(cat.count_of(f), n);
            assert_eq!(cat.ids_of(f).count(), usize::from(n));
            assert!(cat.ids_of(f).all(|id| cat.face(id) == Some(f)));
        }
        assert_eq!(cat.faces_of(cat.all()).count(), PieceId::LIMIT);
        assert_eq!(Catalog::<Tile>::new(copies, jokers + 1), None);
    }
    for (copies, jokers) in [(0, 0), (0, 160), (4, 0), (u8::MAX, 0), (1, u8::MAX), (u8::MAX, u8::MAX)] {
        assert_eq!(Catalog::<Card>::new(copies, jokers), None, "{copies} copies, {jokers} jokers");
    }
    assert_eq!(PieceId::new(160), None);
    assert_eq!(Catalog::<Card>::DECK.face(PieceId::new(52).expect("an id")), None);
}

/// [`MAX_HAND`] with jokers far past a meld's places: one to three naturals and the
/// rest of the 64 jokers give the melds of the naturals with up to 12 jokers (a meld
/// keeps a natural), under every ace policy and joker limit.
#[test]
fn hand_melds_of_mostly_jokers_at_max_hand() {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let limits = [
        JokerLimit::Unlimited,
        JokerLimit::AtMost(u8::MAX),
        JokerLimit::NotMoreThanNaturals,
        JokerLimit::NoAdjacent,
    ];
    for case in 0..16 {
        let rules = MeldRules::new(POLICIES[case % 4], limits[case / 4]);
        let naturals = 1 + case % 3;
        let mut hand = window_hand(&mut rng, naturals, MAX_HAND - naturals);
        assert_eq!(hand.len(), MAX_HAND);
        let expected = brute_force(&hand, &rules);
        // A natural and two jokers make a meld but where jokers may not outnumber naturals.
        assert!(limits[case / 4] == JokerLimit::NotMoreThanNaturals || !expected.is_empty());
        assert_eq!(by_positions(&hand, &rules), expected, "{rules:?} {hand:?}");
        let faces: BTreeSet<_> = face_melds(&hand, &rules).iter().map(|m| key(m.kind(), m.faces())).collect();
        assert_eq!(faces, expected);
        hand.push(Card::JOKER);
        assert!(hand_melds(&hand, &rules).is_err());
    }
}

/// RULES §0 at the smallest minimum length (0, read as 1): an ace alone is one run
/// under every ace policy, listed once by position and once by face, though an ace
/// that may be low or high stands at either end of the values.
#[test]
fn rules_0_a_lone_ace_is_one_run_at_the_smallest_minimum_length() {
    let ace: Vec<Card> = "Ah".parse::<Card>().map(|c| vec![c]).expect("a card");
    for policy in POLICIES {
        for min_len in [0, 1] {
            let rules = MeldRules::new(policy, JokerLimit::Unlimited).with_min_len(min_len);
            let runs = |kinds: Vec<MeldKind>| kinds.iter().filter(|&&k| k == MeldKind::Run).count();
            let by_position = hand_melds(&ace, &rules).expect("one card");
            assert_eq!(runs(by_position.iter().map(|m| m.kind()).collect()), 1, "{policy:?} {min_len}");
            assert_eq!(runs(face_melds(&ace, &rules).iter().map(|m| m.kind()).collect()), 1, "{policy:?}");
        }
    }
}
