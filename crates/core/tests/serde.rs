//! Serde (feature `serde`): faces as notation strings, ids as numbers, piece sets as
//! sorted id lists; deserialization re-validates (docs/DESIGN.md: serde re-validates).
#![cfg(feature = "serde")]

use rummykit_core::{Card, MatchEnd, Outcome, PieceId, PieceSet, Ranking, Tile, parse_list};
use serde_json::{from_str, to_string};

#[test]
fn faces_serialize_as_notation() {
    let tiles: Vec<Tile> = parse_list("r7 b13 J").unwrap();
    assert_eq!(to_string(&tiles).unwrap(), r#"["r7","b13","J"]"#);
    let cards: Vec<Card> = parse_list("7h Td *").unwrap();
    assert_eq!(to_string(&cards).unwrap(), r#"["7h","Td","*"]"#);
    for t in Tile::all() {
        assert_eq!(from_str::<Tile>(&to_string(&t).unwrap()).unwrap(), t);
    }
    for c in Card::all() {
        assert_eq!(from_str::<Card>(&to_string(&c).unwrap()).unwrap(), c);
    }
    // Accepted spellings are the parser's.
    assert_eq!(from_str::<Card>(r#""10d""#).unwrap(), "Td".parse().unwrap());
}

#[test]
fn bad_faces_are_rejected() {
    for bad in [r#""r14""#, r#""x3""#, r#""""#, r#""r""#, "7", "null", r#"["r7"]"#] {
        assert!(from_str::<Tile>(bad).is_err(), "{bad}");
    }
    for bad in [r#""1h""#, r#""7x""#, r#""J""#, "3", "true"] {
        assert!(from_str::<Card>(bad).is_err(), "{bad}");
    }
    let err = from_str::<Tile>(r#""r14""#).unwrap_err().to_string();
    assert!(err.contains("r14") && err.contains("out of range"), "{err}");
}

#[test]
fn piece_ids_and_sets_serialize_as_numbers() {
    let id = |i| PieceId::new(i).unwrap();
    assert_eq!(to_string(&id(42)).unwrap(), "42");
    assert_eq!(from_str::<PieceId>("159").unwrap(), id(159));
    let set: PieceSet = [id(150), id(3), id(64)].into_iter().collect();
    assert_eq!(to_string(&set).unwrap(), "[3,64,150]");
    assert_eq!(from_str::<PieceSet>("[3,64,150]").unwrap(), set);
    // Order of the list does not matter.
    assert_eq!(from_str::<PieceSet>("[150,3,64]").unwrap(), set);
    assert_eq!(from_str::<PieceSet>("[]").unwrap(), PieceSet::EMPTY);
}

#[test]
fn bad_ids_and_sets_are_rejected() {
    assert!(from_str::<PieceId>("160").unwrap_err().to_string().contains("out of range"));
    assert!(from_str::<PieceId>("256").is_err());
    assert!(from_str::<PieceId>("-1").is_err());
    assert!(from_str::<PieceId>(r#""7""#).is_err());
    assert!(from_str::<PieceSet>("[1,160]").is_err());
    assert!(from_str::<PieceSet>("[1,2,1]").unwrap_err().to_string().contains("twice"));
    assert!(from_str::<PieceSet>("{}").is_err());
}

#[test]
fn outcomes_and_match_settings_round_trip() {
    let o = Outcome { points: vec![76, -52, -15, -9], winners: vec![0] };
    assert_eq!(from_str::<Outcome>(&to_string(&o).unwrap()).unwrap(), o);
    for end in [
        MatchEnd::FixedHands(5),
        MatchEnd::TargetScore(100),
        MatchEnd::Elimination(101),
        MatchEnd::SingleHand,
    ] {
        assert_eq!(from_str::<MatchEnd>(&to_string(&end).unwrap()).unwrap(), end);
    }
    for r in [Ranking::Total, Ranking::HandsWon] {
        assert_eq!(from_str::<Ranking>(&to_string(&r).unwrap()).unwrap(), r);
    }
    assert!(from_str::<MatchEnd>(r#"{"Elimination":"x"}"#).is_err());
}
