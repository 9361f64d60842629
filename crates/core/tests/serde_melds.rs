//! Melds through serde (feature `serde`): written as kind + notation, read back only
//! through the validator (DESIGN.md point 8).
#![cfg(feature = "serde")]

use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRepr, MeldRules, Tile, parse_list};

#[test]
fn a_tile_meld_round_trips_as_its_notation() {
    let faces: Vec<Tile> = parse_list("J b2 b3 J").expect("tiles");
    let meld = Meld::new(MeldKind::Run, &faces, &MeldRules::default()).expect("valid");
    let json = serde_json::to_string(&meld).expect("serialize");
    assert_eq!(json, r#"{"kind":"run","faces":"J b2 b3 J"}"#);
    assert_eq!(serde_json::from_str::<Meld<Tile>>(&json).expect("deserialize"), meld);
}

#[test]
fn a_card_meld_is_validated_under_the_games_rules() {
    // RULES.md §3.4: Q-K-A is a run in Rummy 40 (ace high), not in classic Rummy (§2.4).
    let repr: MeldRepr<Card> = serde_json::from_str(r#"{"kind":"run","faces":"Qh Kh Ah"}"#).expect("repr");
    assert!(repr.validate(&MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)).is_ok());
    assert!(repr.validate(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)).is_err());
    let meld = repr.validate(&MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)).expect("valid");
    assert_eq!(MeldRepr::from(&meld), repr);
    assert_eq!(serde_json::to_string(&repr).expect("ser"), serde_json::to_string(&meld).expect("ser"));
}

#[test]
fn corrupt_melds_are_errors() {
    let read = |json: &str| serde_json::from_str::<Meld<Tile>>(json).map_err(|e| e.to_string());
    // Not a kind.
    let err = read(r#"{"kind":"set","faces":"r1 r2 r3"}"#).expect_err("unknown kind");
    assert!(err.contains("unknown meld kind `set`"), "{err}");
    // Not a tile.
    let err = read(r#"{"kind":"run","faces":"r1 r2 x3"}"#).expect_err("bad notation");
    assert!(err.contains("x3"), "{err}");
    // Not a meld: a group repeating a colour (two copies of one tile, RULES.md §1.4).
    let err = read(r#"{"kind":"group","faces":"k13 r13 k13"}"#).expect_err("invalid meld");
    assert!(err.contains("k13 r13 k13") && err.contains("repeats a colour"), "{err}");
    // A run read as a group is not a group.
    assert!(read(r#"{"kind":"group","faces":"r1 r2 r3"}"#).is_err());
}
