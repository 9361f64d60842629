//! Meld validation against RULES.md: every `MeldError` variant, the presets of §1.4
//! (Rummikub), §2.4 (classic Rummy) and §3.4 (Rummy 40), the §0 predicates, §5 item 4,
//! and what each joker stands for (`joker_role`, §0 "Joker assignment").

use rummykit_core::{
    AcePolicy, Card, CardSet, Face, JokerLimit, JokerRole, Meld, MeldError, MeldKind, MeldRules, Tile,
    parse_list,
};

use MeldKind::{Group, Run};

const RK: MeldRules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
const CL: MeldRules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
const R40: MeldRules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);

fn tiles(text: &str) -> Vec<Tile> {
    parse_list(text).expect("test notation parses")
}

fn cards(text: &str) -> Vec<Card> {
    parse_list(text).expect("test notation parses")
}

fn tile_meld(kind: MeldKind, text: &str, rules: &MeldRules) -> Result<Meld<Tile>, MeldError> {
    Meld::new(kind, &tiles(text), rules)
}

fn card_meld(kind: MeldKind, text: &str, rules: &MeldRules) -> Result<Meld<Card>, MeldError> {
    Meld::new(kind, &cards(text), rules)
}

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn card(text: &str) -> Card {
    text.parse().unwrap()
}

// ---- §0 predicates: lengths ------------------------------------------------------------

#[test]
fn rules_0_too_short() {
    assert_eq!(tile_meld(Run, "r1 r2", &RK), Err(MeldError::TooShort { len: 2, min: 3 }));
    assert_eq!(tile_meld(Group, "", &RK), Err(MeldError::TooShort { len: 0, min: 3 }));
    assert_eq!(card_meld(Group, "7h 7s", &R40), Err(MeldError::TooShort { len: 2, min: 3 }));
    // A variant minimum is honoured.
    assert_eq!(tile_meld(Run, "r1 r2 r3", &RK.with_min_len(4)), Err(MeldError::TooShort { len: 3, min: 4 }));
}

#[test]
fn rules_0_too_long() {
    // §0 valid_group: |m| <= k = 4.
    assert_eq!(tile_meld(Group, "r5 b5 y5 k5 J", &RK), Err(MeldError::TooLong { len: 5, max: 4 }));
    // §1.4: max run length 13.
    let fourteen = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 J";
    assert_eq!(tile_meld(Run, fourteen, &RK), Err(MeldError::TooLong { len: 14, max: 13 }));
    // A 14-card run cannot turn the corner either (§2.4: max 13 cards, no card twice).
    let around = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah";
    let rtc = CL.with_ace(AcePolicy::RoundTheCorner);
    assert_eq!(card_meld(Run, around, &rtc), Err(MeldError::TooLong { len: 14, max: 13 }));
}

#[test]
fn rules_0_thirteen_is_the_longest_run() {
    let full = "r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13";
    let run = tile_meld(Run, full, &RK).unwrap();
    assert_eq!(run.len(), 13);
    assert_eq!(run.numbers().collect::<Vec<_>>(), (1..=13).collect::<Vec<_>>());
    // §3.4 Rummy 40: 2..14 with the ace high.
    let high = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As";
    let run = card_meld(Run, high, &R40).unwrap();
    assert_eq!(run.value_at(12), Some(14));
}

// ---- §1.4 Rummikub ----------------------------------------------------------------------

#[test]
fn rules_1_4_group_of_three_and_four() {
    let g = tile_meld(Group, "r7 b7 k7", &RK).unwrap();
    assert_eq!((g.kind(), g.len(), g.group_suits(), g.run_suit()), (Group, 3, Some(0b1011), None));
    assert!(tile_meld(Group, "y13 k13 b13 r13", &RK).is_ok());
    // Order does not matter in a group.
    assert!(tile_meld(Group, "J k13 r13", &RK).is_ok());
}

#[test]
fn rules_1_4_group_mixed_numbers() {
    assert_eq!(tile_meld(Group, "r7 b7 k8", &RK), Err(MeldError::MixedNumbers { index: 2 }));
    assert_eq!(tile_meld(Group, "J r7 b8", &RK), Err(MeldError::MixedNumbers { index: 2 }));
}

#[test]
fn rules_1_4_group_repeated_colour() {
    assert_eq!(tile_meld(Group, "r7 b7 r7", &RK), Err(MeldError::RepeatedSuit { index: 2 }));
    assert_eq!(tile_meld(Group, "r7 J r7 b7", &RK), Err(MeldError::RepeatedSuit { index: 2 }));
}

#[test]
fn rules_5_item_4_never_two_identical_naturals_in_a_group() {
    // Two physical copies of k13 exist (§0, §1.1) but never both in one group.
    assert_eq!(tile_meld(Group, "k13 r13 k13", &RK), Err(MeldError::RepeatedSuit { index: 2 }));
    assert_eq!(card_meld(Group, "7h 7s 7h", &R40), Err(MeldError::RepeatedSuit { index: 2 }));
    // §3.4: "no suit repeated (also not when a joker is present)".
    assert_eq!(card_meld(Group, "7h * 7h", &R40), Err(MeldError::RepeatedSuit { index: 2 }));
    // ... nor a value twice in a run.
    assert_eq!(tile_meld(Run, "r5 r5 r6", &RK), Err(MeldError::NotConsecutive { index: 1 }));
}

#[test]
fn rules_1_4_run_consecutive_one_colour() {
    let run = tile_meld(Run, "b9 b10 b11 b12", &RK).unwrap();
    assert_eq!((run.run_suit(), run.group_suits()), (Some(1), None));
    assert_eq!(tile_meld(Run, "b9 r10 b11", &RK), Err(MeldError::MixedSuits { index: 1 }));
    assert_eq!(tile_meld(Run, "J b9 r10", &RK), Err(MeldError::MixedSuits { index: 2 }));
    assert_eq!(tile_meld(Run, "b9 b11 b12", &RK), Err(MeldError::NotConsecutive { index: 1 }));
    // Runs are read in the order given.
    assert_eq!(tile_meld(Run, "b11 b10 b9", &RK), Err(MeldError::NotConsecutive { index: 1 }));
}

#[test]
fn rules_1_4_one_is_always_low() {
    assert!(tile_meld(Run, "r1 r2 r3", &RK).is_ok());
    // 12-13-1 and 13-1-2 wraps are forbidden ("Na de 13 komt geen 1").
    assert_eq!(tile_meld(Run, "r12 r13 r1", &RK), Err(MeldError::WrapNotAllowed));
    assert_eq!(tile_meld(Run, "r13 r1 r2", &RK), Err(MeldError::WrapNotAllowed));
    assert_eq!(tile_meld(Run, "r13 J r2", &RK), Err(MeldError::WrapNotAllowed));
}

#[test]
fn rules_1_4_jokers_cannot_run_off_the_ends() {
    // A joker before the 1 or after the 13 would stand for 0 or 14.
    assert_eq!(tile_meld(Run, "J r1 r2", &RK), Err(MeldError::OutOfBounds));
    assert_eq!(tile_meld(Run, "r12 r13 J", &RK), Err(MeldError::OutOfBounds));
    assert_eq!(tile_meld(Run, "J J r2", &RK), Err(MeldError::OutOfBounds));
    // The same joker at the other end is fine.
    assert!(tile_meld(Run, "J r12 r13", &RK).is_ok());
    assert!(tile_meld(Run, "r1 r2 J", &RK).is_ok());
}

#[test]
fn rules_1_4_several_jokers_allowed() {
    // Default: several jokers in one meld are allowed (RULES.md §1.4, §6 row 16).
    assert!(tile_meld(Run, "r4 J J r7", &RK).is_ok());
    assert!(tile_meld(Group, "J r4 J", &RK).is_ok());
    // With the 4-joker XP set, three jokers and one natural still make a meld.
    assert!(tile_meld(Run, "J J J r4", &RK).is_ok());
    assert!(tile_meld(Group, "J J r4 J", &RK).is_ok());
}

#[test]
fn rules_1_4_one_natural_two_jokers_valid_as_either_kind() {
    // §0 / §5 item 1: valid as both kinds, so the kind is declared and stored.
    let run = tile_meld(Run, "r5 J J", &RK).unwrap();
    let group = tile_meld(Group, "r5 J J", &RK).unwrap();
    assert_eq!((run.kind(), group.kind()), (Run, Group));
    assert_ne!(run, group);
    assert_eq!(run.numbers().collect::<Vec<_>>(), vec![5, 6, 7]);
    assert_eq!(group.numbers().collect::<Vec<_>>(), vec![5, 5, 5]);
}

#[test]
fn rules_1_4_no_meld_without_a_natural() {
    // Default: invalid, the number and colour would be undefined.
    assert_eq!(tile_meld(Run, "J J J", &RK), Err(MeldError::NoNatural));
    assert_eq!(tile_meld(Group, "J J J J", &RK), Err(MeldError::NoNatural));
    assert_eq!(card_meld(Run, "* * *", &R40), Err(MeldError::NoNatural));
}

// ---- §2.4 classic Rummy -------------------------------------------------------------------

#[test]
fn rules_2_4_classic_default_ace_low() {
    assert!(card_meld(Run, "Ah 2h 3h", &CL).is_ok());
    // Q-K-A and K-A-2 invalid by default.
    assert_eq!(card_meld(Run, "Qh Kh Ah", &CL), Err(MeldError::WrapNotAllowed));
    assert_eq!(card_meld(Run, "Kh Ah 2h", &CL), Err(MeldError::WrapNotAllowed));
}

#[test]
fn rules_2_4_classic_has_no_jokers() {
    assert_eq!(card_meld(Run, "Ah 2h *", &CL), Err(MeldError::JokersNotAllowed));
    assert_eq!(card_meld(Group, "7h 7s *", &CL), Err(MeldError::JokersNotAllowed));
}

#[test]
fn rules_2_4_ace_high_or_low() {
    let rules = CL.with_ace(AcePolicy::LowOrHigh);
    assert!(card_meld(Run, "Ah 2h 3h", &rules).is_ok());
    let qka = card_meld(Run, "Qh Kh Ah", &rules).unwrap();
    assert_eq!(qka.value_at(2), Some(14));
    assert_eq!(qka.numbers().collect::<Vec<_>>(), vec![12, 13, 1]);
    // The ace at one end only: no K-A-2.
    assert_eq!(card_meld(Run, "Kh Ah 2h", &rules), Err(MeldError::WrapNotAllowed));
    // A whole-suit run either way round.
    assert!(card_meld(Run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh", &rules).is_ok());
    assert!(card_meld(Run, "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah", &rules).is_ok());
}

#[test]
fn rules_2_4_round_the_corner() {
    let rules = CL.with_ace(AcePolicy::RoundTheCorner);
    for text in ["Kh Ah 2h", "Qh Kh Ah", "Ah 2h 3h", "Jh Qh Kh Ah 2h 3h"] {
        assert!(card_meld(Run, text, &rules).is_ok(), "{text}");
    }
    let kaa = card_meld(Run, "Kh Ah 2h", &rules).unwrap();
    assert_eq!(kaa.numbers().collect::<Vec<_>>(), vec![13, 1, 2]);
    // Thirteen cards, every rank once, from any start.
    assert!(card_meld(Run, "5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h 3h 4h", &rules).is_ok());
    assert_eq!(card_meld(Run, "Kh Ah 3h", &rules), Err(MeldError::NotConsecutive { index: 2 }));
    // With jokers (a classic variant with jokers, JokerLimit changed).
    let with_jokers = rules.with_jokers(JokerLimit::Unlimited);
    let m = card_meld(Run, "* Ah *", &with_jokers).unwrap();
    assert_eq!(m.joker_role(0), Some(JokerRole::Exactly(card("Kh"))));
    assert_eq!(m.joker_role(2), Some(JokerRole::Exactly(card("2h"))));
}

#[test]
fn rules_2_4_classic_sets() {
    assert!(card_meld(Group, "7h 7s 7d", &CL).is_ok());
    assert!(card_meld(Group, "Ac Ad Ah As", &CL).is_ok());
    assert_eq!(card_meld(Group, "7h 7s 8d", &CL), Err(MeldError::MixedNumbers { index: 2 }));
}

// ---- §3.4 Rummy 40 ------------------------------------------------------------------------

#[test]
fn rules_3_4_ace_only_high() {
    let qka = card_meld(Run, "Qs Ks As", &R40).unwrap();
    assert_eq!(qka.value_at(2), Some(14));
    assert_eq!(card_meld(Run, "As 2s 3s", &R40), Err(MeldError::AceLowNotAllowed));
    assert_eq!(card_meld(Run, "As * 3s", &R40), Err(MeldError::AceLowNotAllowed));
    assert_eq!(card_meld(Run, "As * *", &R40), Err(MeldError::AceLowNotAllowed));
    assert_eq!(card_meld(Run, "Ks As 2s", &R40), Err(MeldError::WrapNotAllowed));
    // A joker cannot stand for a low ace either.
    assert_eq!(card_meld(Run, "* 2s 3s", &R40), Err(MeldError::OutOfBounds));
    // ... but can stand for the high one.
    let m = card_meld(Run, "Qs Ks *", &R40).unwrap();
    assert_eq!(m.joker_role(2), Some(JokerRole::Exactly(card("As"))));
    // Sets of aces are allowed.
    assert!(card_meld(Group, "As Ah Ad", &R40).is_ok());
}

#[test]
fn rules_3_4_ace_low_option() {
    // Option `ace_low_in_runs` (Scala 40): A-2-3 allowed as well.
    let rules = R40.with_ace(AcePolicy::LowOrHigh);
    assert!(card_meld(Run, "As 2s 3s", &rules).is_ok());
    assert!(card_meld(Run, "Qs Ks As", &rules).is_ok());
}

#[test]
fn rules_3_4_two_jokers_allowed() {
    // The Rummy 40 rules describe a set of three containing two jokers (§3.6).
    assert!(card_meld(Group, "7h * *", &R40).is_ok());
    assert!(card_meld(Run, "5c * * 8c", &R40).is_ok());
}

#[test]
fn rules_3_4_joker_limit_options() {
    // `NotMoreThanNaturals`.
    let rules = R40.with_jokers(JokerLimit::NotMoreThanNaturals);
    assert_eq!(card_meld(Group, "7h * *", &rules), Err(MeldError::TooManyJokers { jokers: 2, max: 1 }));
    assert!(card_meld(Run, "5c * * 8c", &rules).is_ok());
    // `NoAdjacentJokers`: runs only, since groups are unordered.
    let rules = R40.with_jokers(JokerLimit::NoAdjacent);
    assert_eq!(card_meld(Run, "5c * * 8c", &rules), Err(MeldError::AdjacentJokers { index: 2 }));
    assert!(card_meld(Run, "5c * 7c * 9c", &rules).is_ok());
    assert!(card_meld(Group, "7h * *", &rules).is_ok());
    // `AtMost(n)`.
    let rules = RK.with_jokers(JokerLimit::AtMost(1));
    assert_eq!(tile_meld(Run, "r4 J J r7", &rules), Err(MeldError::TooManyJokers { jokers: 2, max: 1 }));
    assert!(tile_meld(Run, "r4 J r6", &rules).is_ok());
    // `Forbidden`.
    let rules = RK.with_jokers(JokerLimit::Forbidden);
    assert_eq!(tile_meld(Run, "r4 J r6", &rules), Err(MeldError::JokersNotAllowed));
}

// ---- joker roles (§0 "Joker assignment") --------------------------------------------------

#[test]
fn rules_0_joker_in_a_run_is_exactly_its_position() {
    let m = tile_meld(Run, "J r2 r3 J", &RK).unwrap();
    assert_eq!(m.joker_role(0), Some(JokerRole::Exactly(tile("r1"))));
    assert_eq!(m.joker_role(3), Some(JokerRole::Exactly(tile("r4"))));
    assert_eq!(m.joker_role(1), None, "a natural has no role");
    assert_eq!(m.joker_role(4), None, "past the end");
    // One natural, two jokers as a run: the jokers follow it.
    let m = tile_meld(Run, "J y5 J", &RK).unwrap();
    assert_eq!(m.joker_role(0), Some(JokerRole::Exactly(tile("y4"))));
    assert_eq!(m.joker_role(2), Some(JokerRole::Exactly(tile("y6"))));
    assert_eq!(m.jokers(), 2);
}

#[test]
fn rules_0_joker_in_a_group_of_three_is_one_of_the_two_missing_colours() {
    let m = tile_meld(Group, "b9 J k9", &RK).unwrap();
    // Missing red (bit 0) and yellow (bit 2).
    assert_eq!(m.joker_role(1), Some(JokerRole::OneOf { number: 9, suits: 0b0101 }));
    let m = card_meld(Group, "7h 7s *", &R40).unwrap();
    // Missing clubs (0) and diamonds (1).
    assert_eq!(m.joker_role(2), Some(JokerRole::OneOf { number: 7, suits: 0b0011 }));
}

#[test]
fn rules_0_jokers_in_a_group_with_one_natural() {
    let m = tile_meld(Group, "J r4 J", &RK).unwrap();
    let role = JokerRole::OneOf { number: 4, suits: 0b1110 };
    assert_eq!((m.joker_role(0), m.joker_role(2)), (Some(role), Some(role)));
}

#[test]
fn rules_0_joker_in_a_group_of_four_is_exactly_the_missing_colour() {
    let m = tile_meld(Group, "r13 b13 J k13", &RK).unwrap();
    assert_eq!(m.joker_role(2), Some(JokerRole::Exactly(tile("y13"))));
    let m = card_meld(Group, "* Ad Ah As", &R40).unwrap();
    assert_eq!(m.joker_role(0), Some(JokerRole::Exactly(card("Ac"))));
    // Two jokers in a group of four: each is one of the two missing suits.
    let m = card_meld(Group, "* Ad * As", &R40).unwrap();
    assert_eq!(m.joker_role(2), Some(JokerRole::OneOf { number: 1, suits: 0b0101 }));
}

// ---- the Meld value ------------------------------------------------------------------------

#[test]
fn meld_accessors_and_display() {
    let m = tile_meld(Run, "J b2 b3 J", &RK).unwrap();
    assert_eq!(m.faces(), tiles("J b2 b3 J").as_slice());
    assert_eq!((m.len(), m.is_empty(), m.jokers()), (4, false, 2));
    assert_eq!(m.to_string(), "J b2 b3 J");
    assert_eq!(format!("{m:?}"), "Run[J b2 b3 J]");
    assert_eq!(m.value_at(0), Some(1));
    assert_eq!(m.value_at(4), None);
    let g = tile_meld(Group, "r5 b5 J", &RK).unwrap();
    assert_eq!((g.value_at(2), g.value_at(3)), (Some(5), None));
}

/// With melds of one allowed, a single card is both a run and a group: `Meld::infer`
/// and `CardSet::meld_kind` read it alike, as a run (the rule for any list that is both),
/// under every ace policy.
#[test]
fn a_single_piece_is_a_run_to_every_reader() {
    for ace in [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner] {
        let rules = CL.with_ace(ace).with_min_len(1);
        for card in (0..52).filter_map(Card::from_index) {
            assert!(Meld::new(Group, &[card], &rules).is_ok() && Meld::new(Run, &[card], &rules).is_ok());
            assert_eq!(Meld::infer(&[card], &rules).map(|m| m.kind()), Ok(Run), "{card} {ace:?}");
            let set = CardSet::from_cards(&[card]).expect("one card");
            assert_eq!(set.meld_kind(&rules), Some(Run), "{card} {ace:?}");
        }
    }
    assert_eq!(Meld::infer(&tiles("k13"), &RK.with_min_len(1)).map(|m| m.kind()), Ok(Run));
}

#[test]
fn meld_infer_picks_the_kind_that_fits() {
    assert_eq!(Meld::infer(&tiles("r5 b5 k5"), &RK).unwrap().kind(), Group);
    assert_eq!(Meld::infer(&tiles("r5 r6 r7"), &RK).unwrap().kind(), Run);
    assert_eq!(Meld::infer(&tiles("r5 J J"), &RK).unwrap().kind(), Run);
    // Errors: the group's when the naturals share a number, else the run's.
    assert_eq!(Meld::infer(&tiles("r5 b5 r5"), &RK), Err(MeldError::RepeatedSuit { index: 2 }));
    assert_eq!(Meld::infer(&tiles("r5 r7 r8"), &RK), Err(MeldError::NotConsecutive { index: 1 }));
    assert_eq!(Meld::infer(&tiles("r5 b6 k7"), &RK), Err(MeldError::MixedSuits { index: 1 }));
}

#[test]
fn meld_error_messages_name_the_rule_and_position() {
    let cases: [(MeldError, &str); 14] = [
        (MeldError::TooShort { len: 2, min: 3 }, "too short: 2 pieces, a meld needs at least 3"),
        (MeldError::TooLong { len: 5, max: 4 }, "too long: 5 pieces, at most 4 allowed"),
        (MeldError::TooShort { len: 1, min: 3 }, "too short: 1 piece, a meld needs at least 3"),
        (MeldError::NoNatural, "a meld needs at least one natural piece"),
        (MeldError::JokersNotAllowed, "jokers are not allowed"),
        (MeldError::TooManyJokers { jokers: 2, max: 1 }, "too many jokers: 2, at most 1 allowed here"),
        (MeldError::AdjacentJokers { index: 2 }, "jokers side by side at position 2"),
        (MeldError::MixedNumbers { index: 1 }, "group mixes numbers: position 1 differs"),
        (MeldError::RepeatedSuit { index: 2 }, "group repeats a colour or suit at position 2"),
        (MeldError::MixedSuits { index: 1 }, "run mixes colours or suits: position 1 differs"),
        (MeldError::NotConsecutive { index: 1 }, "run is not consecutive at position 1"),
        (MeldError::OutOfBounds, "run runs off the end: a joker would stand outside the allowed numbers"),
        (MeldError::WrapNotAllowed, "a run may not turn the corner from the highest number to 1"),
        (MeldError::AceLowNotAllowed, "an ace may not be low here (only Q-K-A)"),
    ];
    for (err, text) in cases {
        assert_eq!(err.to_string(), text);
    }
}

#[test]
fn meld_rules_presets_match_rules_md() {
    // §1.4, §2.4, §3.4.
    assert_eq!(
        (RK.min_len, RK.max_group_len, RK.ace, RK.jokers),
        (3, 4, AcePolicy::Low, JokerLimit::Unlimited)
    );
    assert_eq!(
        (CL.min_len, CL.max_group_len, CL.ace, CL.jokers),
        (3, 4, AcePolicy::Low, JokerLimit::Forbidden)
    );
    assert_eq!(
        (R40.min_len, R40.max_group_len, R40.ace, R40.jokers),
        (3, 4, AcePolicy::High, JokerLimit::Unlimited)
    );
    assert_eq!(MeldRules::default(), RK);
}

#[test]
fn melds_work_for_both_faces_alike() {
    // The same shapes through the Face trait.
    fn shape<F: Face>(rules: &MeldRules) -> bool {
        let run: Vec<F> = (3..=5).filter_map(|n| F::natural(2, n)).collect();
        let group: Vec<F> = (0..3).filter_map(|s| F::natural(s, 9)).collect();
        Meld::new(Run, &run, rules).is_ok() && Meld::new(Group, &group, rules).is_ok()
    }
    assert!(shape::<Tile>(&RK));
    assert!(shape::<Card>(&R40));
}
