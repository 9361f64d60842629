//! The melds of a hand by faces ([`for_each_face_meld`]) against a deliberately simple
//! brute force: every subset of the hand, each arranged every way the validator could
//! read it (a group: naturals, then jokers; a run: every start value, each natural where
//! its number belongs, jokers in the gaps) and kept if [`Meld::new`] accepts it. Random
//! hands of one deck (up to two jokers) and two decks (up to four), every ace policy and
//! joker limit, short and long minimum lengths (RULES §0). Also: the same melds as core's
//! [`hand_melds`] by positions, the listed values as the validator's, the listed order.

mod common;

use std::cell::Cell;
use std::collections::BTreeSet;

use common::arrangements;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use rummykit_core::{
    AcePolicy, Card, Face, FaceMeld, JokerLimit, Meld, MeldKind, MeldRules, face_melds, for_each_face_meld,
    for_each_face_meld_holding, hand_melds, parse_list,
};

const POLICIES: [AcePolicy; 4] =
    [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
const LIMITS: [JokerLimit; 5] = [
    JokerLimit::Forbidden,
    JokerLimit::Unlimited,
    JokerLimit::AtMost(1),
    JokerLimit::NotMoreThanNaturals,
    JokerLimit::NoAdjacent,
];

/// The brute force: every subset of the hand with a natural (a meld holds one).
fn brute_force(hand: &[Card], rules: &MeldRules) -> BTreeSet<(MeldKind, Vec<Card>)> {
    let mut out = BTreeSet::new();
    for sub in 1u32..1 << hand.len() {
        let members: Vec<Card> = (0..hand.len()).filter(|i| sub & (1 << i) != 0).map(|i| hand[i]).collect();
        if members.iter().any(|f| !f.is_joker()) {
            out.extend(arrangements(&members, rules));
        }
    }
    out
}

/// A group's faces sorted (the validator takes a group in any order), a run's as listed.
fn key(kind: MeldKind, faces: &[Card]) -> (MeldKind, Vec<Card>) {
    let mut faces = faces.to_vec();
    if kind == MeldKind::Group {
        faces.sort();
    }
    (kind, faces)
}

/// A hand: `decks` copies allowed of each natural, and jokers.
#[derive(Debug, Clone)]
struct Hand {
    cards: Vec<Card>,
    decks: usize,
}

/// Naturals spread over the deck, or dense in two suits and five numbers (wrapping past
/// the king, where round-the-corner runs are); one or two decks; 0–2 jokers per deck.
fn hands() -> impl Strategy<Value = Hand> {
    let spread = prop::collection::vec((0u8..4, 0u8..13), 1..=9);
    let dense = (0u8..4, 0u8..13, prop::collection::vec((0u8..2, 0u8..5), 1..=9)).prop_map(|(s, lo, v)| {
        v.into_iter().map(|(ds, dr)| ((s + ds) % 4, (lo + dr) % 13)).collect::<Vec<_>>()
    });
    (prop_oneof![spread, dense], 1usize..=2, 0usize..=4).prop_map(|(naturals, decks, jokers)| {
        let mut cards: Vec<Card> = Vec::new();
        for (s, r) in naturals {
            let c = Card::from_index(s * 13 + r).unwrap();
            if cards.iter().filter(|&&x| x == c).count() < decks {
                cards.push(c);
            }
        }
        cards.extend(std::iter::repeat_n(Card::JOKER, jokers.min(2 * decks)));
        cards.truncate(11);
        Hand { cards, decks }
    })
}

fn rules() -> impl Strategy<Value = MeldRules> {
    (
        0usize..4,
        0usize..5,
        prop_oneof![8 => Just(3u8), 1 => Just(1u8), 1 => Just(2u8), 1 => Just(4u8)],
        3u8..=4,
    )
        .prop_map(|(a, j, min_len, max_group)| {
            let mut rules = MeldRules::new(POLICIES[a], LIMITS[j]).with_min_len(min_len);
            rules.max_group_len = max_group;
            rules
        })
}

fn listed(hand: &[Card], rules: &MeldRules) -> Vec<FaceMeld<Card>> {
    face_melds(hand, rules)
}

/// RULES §0: exactly the melds of the brute force, each once, every one valid with the
/// validator's values, its naturals and jokers as its faces say, formable from the hand.
#[test]
fn rules_0_face_melds_are_the_brute_forces() {
    // Melds compared: all, with a joker, round the corner past the king.
    let counts = Cell::new([0usize; 3]);
    let mut runner = TestRunner::new(Config { cases: 1500, failure_persistence: None, ..Config::default() });
    runner
        .run(&(hands(), rules()), |(hand, rules)| {
            let melds = listed(&hand.cards, &rules);
            let mut got = BTreeSet::new();
            for m in &melds {
                let meld = Meld::new(m.kind(), m.faces(), &rules);
                prop_assert!(meld.is_ok(), "{:?} {:?} invalid: {:?}", m.kind(), m.faces(), meld);
                let meld = meld.unwrap();
                for i in 0..=m.len() {
                    prop_assert_eq!(m.value_at(i), meld.value_at(i), "{:?}", m.faces());
                }
                let naturals =
                    m.faces().iter().filter(|f| !f.is_joker()).fold(0u64, |b, f| b | 1 << f.index());
                prop_assert_eq!(m.naturals(), naturals);
                prop_assert_eq!(m.jokers(), m.faces().iter().filter(|f| f.is_joker()).count());
                prop_assert!(m.jokers() <= hand.cards.iter().filter(|f| f.is_joker()).count());
                prop_assert!(!m.is_empty() && m.len() == m.faces().len());
                prop_assert!(got.insert(key(m.kind(), m.faces())), "listed twice: {:?}", m.faces());
                let mut c = counts.get();
                c[0] += 1;
                c[1] += usize::from(m.jokers() > 0);
                c[2] +=
                    usize::from(m.kind() == MeldKind::Run && meld.value_at(0) > meld.value_at(m.len() - 1));
                counts.set(c);
            }
            prop_assert_eq!(&got, &brute_force(&hand.cards, &rules), "{} deck(s)", hand.decks);
            Ok(())
        })
        .unwrap();
    let [all, jokers, wrapped] = counts.get();
    assert!(
        all > 10_000 && jokers > 5_000 && wrapped > 100,
        "{all} melds, {jokers} with jokers, {wrapped} wrapped"
    );
}

/// The same melds as core's `hand_melds` by positions in the hand (which lists each
/// meld once per arrangement of positions, so compared as sets of faces).
#[test]
fn face_melds_are_hand_melds_by_faces() {
    let mut runner = TestRunner::new(Config { cases: 1500, failure_persistence: None, ..Config::default() });
    runner
        .run(&(hands(), rules()), |(hand, rules)| {
            let got: BTreeSet<_> =
                listed(&hand.cards, &rules).iter().map(|m| key(m.kind(), m.faces())).collect();
            let by_position: BTreeSet<_> = hand_melds(&hand.cards, &rules)
                .unwrap()
                .iter()
                .map(|m| key(m.kind(), &m.select(&hand.cards).copied().collect::<Vec<_>>()))
                .collect();
            prop_assert_eq!(got, by_position);
            Ok(())
        })
        .unwrap();
}

/// The melds holding one face are the full listing's melds holding it, in its order:
/// for every face of the pack (those held, those not, the joker), every hand and rules.
#[test]
fn melds_holding_a_face_are_the_listing_filtered() {
    let asked = Cell::new([0usize; 2]);
    let mut runner = TestRunner::new(Config { cases: 1500, failure_persistence: None, ..Config::default() });
    runner
        .run(&(hands(), rules()), |(hand, rules)| {
            let (naturals, jokers) = hand.cards.iter().fold((0u64, 0usize), |(n, j), f| {
                if f.is_joker() { (n, j + 1) } else { (n | 1 << f.index(), j) }
            });
            // What a meld says (the buffer past its faces is left as it was).
            let said = |m: &FaceMeld<Card>| (m.kind(), m.faces().to_vec(), m.naturals(), m.value_at(0));
            let mut all = Vec::new();
            for_each_face_meld::<Card>(naturals, jokers, &rules, |m| all.push(*m));
            for face in (0..=52).filter_map(Card::from_index) {
                let mut got = Vec::new();
                for_each_face_meld_holding(naturals, jokers, face, &rules, |m| got.push(said(m)));
                let want: Vec<_> = all.iter().filter(|m| m.faces().contains(&face)).map(said).collect();
                prop_assert_eq!(&got, &want, "{:?} in {:?}", face, hand.cards);
                let mut a = asked.get();
                a[0] += 1;
                a[1] += want.len();
                asked.set(a);
            }
            Ok(())
        })
        .unwrap();
    let [faces, melds] = asked.get();
    assert!(faces == 1500 * 53 && melds > 20_000, "{faces} faces asked, {melds} melds");
}

/// Only which faces are held counts: a second copy changes nothing, and jokers beyond
/// what a meld could hold change nothing either.
#[test]
fn copies_and_spare_jokers_change_nothing() {
    let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Unlimited);
    let one: Vec<Card> = parse_list("5h 6h 7h 7s * *").unwrap();
    let two: Vec<Card> = parse_list("5h 6h 7h 7s 7h 5h * *").unwrap();
    assert_eq!(face_melds(&one, &rules), face_melds(&two, &rules));
    let naturals = one.iter().filter(|f| !f.is_joker()).fold(0u64, |b, f| b | 1 << f.index());
    let (mut twelve, mut forty) = (Vec::new(), Vec::new());
    for_each_face_meld::<Card>(naturals, 12, &rules, |m| twelve.push(*m));
    for_each_face_meld::<Card>(naturals | 1 << 60, 40, &rules, |m| forty.push(*m));
    assert_eq!(twelve, forty);
    assert!(twelve.iter().any(|m| m.len() == 13 && m.jokers() == 12));
}

/// The documented order on a worked hand: groups by number, larger sets of suits first,
/// each with no joker then more; then runs by suit, start and length, the naturals
/// before more of them replaced by jokers.
#[test]
fn the_listed_order() {
    let hand: Vec<Card> = parse_list("2c 2d 2s 3s 4s *").unwrap();
    let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Unlimited);
    let listed: Vec<String> =
        face_melds(&hand, &rules).iter().map(|m| rummykit_core::format_list(m.faces())).collect();
    let groups = ["2c 2d 2s", "2c 2d 2s *", "2d 2s *", "2c 2s *", "2c 2d *"];
    let runs =
        ["* 2s 3s", "* 2s 3s 4s", "2s 3s 4s", "* 3s 4s", "2s * 4s", "2s 3s *", "2s 3s 4s *", "3s 4s *"];
    assert_eq!(listed, groups.iter().chain(&runs).map(|s| s.to_string()).collect::<Vec<_>>());
    // Under a limit of one joker a second one adds nothing: the melds with two are
    // built, put to the validator and refused.
    let two: Vec<Card> = parse_list("2c 2d 2s 3s 4s * *").unwrap();
    let limited = rules.with_jokers(JokerLimit::AtMost(1));
    assert_eq!(face_melds(&two, &limited), face_melds(&hand, &rules));
    assert!(face_melds(&two, &rules).iter().any(|m| m.jokers() == 2));
    // One window with two jokers to spare: the naturals replaced depth first from the
    // lowest value, never all of them.
    let hand: Vec<Card> = parse_list("5h 6h 7h * *").unwrap();
    let listed: Vec<String> =
        face_melds(&hand, &rules).iter().map(|m| rummykit_core::format_list(m.faces())).collect();
    let at = listed.iter().position(|m| m == "5h 6h 7h").unwrap();
    assert_eq!(
        listed[at..at + 7],
        ["5h 6h 7h", "* 6h 7h", "* * 7h", "* 6h *", "5h * 7h", "5h * *", "5h 6h *"]
    );
    assert!(!listed.contains(&"* * *".to_string()));
}
