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

/// A table of every kind of meld (runs with and without jokers, a lay-off at the front,
/// a group, a meld of a second deck, several owners), written and read back equal, and
/// written again the same; what is read is a table that plays on.
#[test]
fn a_meld_table_round_trips() {
    use rummykit_core::{Catalog, MeldTable, RunEnd};
    let cat = Catalog::<Card>::new(2, 2).expect("two decks and two jokers");
    let ids = |c: &str, copy: usize| cat.ids_of(c.parse().expect("a card")).nth(copy).expect("in the pack");
    let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Unlimited);
    let mut table = MeldTable::<Card>::new();
    let empty: MeldTable<Card> =
        serde_json::from_str(&serde_json::to_string(&table).expect("ser")).expect("de");
    assert_eq!(empty, table);
    let run =
        table.place(0, MeldKind::Run, &[ids("5h", 0), ids("*", 0), ids("7h", 0)], &cat, &rules).expect("run");
    table.lay_off(run, ids("4h", 1), RunEnd::Front, &cat, &rules).expect("lay-off");
    table.place(2, MeldKind::Group, &[ids("Kc", 1), ids("Kd", 0), ids("*", 1)], &cat, &rules).expect("group");
    table.place(1, MeldKind::Run, &[ids("Qs", 0), ids("Ks", 0), ids("As", 1)], &cat, &rules).expect("Q-K-A");
    let json = serde_json::to_string(&table).expect("serialize");
    assert!(
        json.starts_with(r#"[{"owner":0,"kind":"run","cards":[81,30,104,32],"faces":"4h 5h * 7h"}"#),
        "{json}"
    );
    let mut read: MeldTable<Card> = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(read, table);
    assert_eq!(serde_json::to_string(&read).expect("serialize again"), json);
    assert_ne!(read.stamp(), table.stamp(), "a table read is a table of its own");
    read.lay_off(run, ids("8h", 0), RunEnd::Back, &cat, &rules).expect("the read table plays on");
    assert_eq!(read.next_id(), table.next_id());
}

/// Malformed tables are refused with an error that says why, never a panic.
#[test]
fn a_malformed_meld_table_is_an_error() {
    use rummykit_core::MeldTable;
    let read =
        |json: &str| serde_json::from_str::<MeldTable<Card>>(json).map(|_| ()).map_err(|e| e.to_string());
    let meld = |cards: &str, faces: &str| {
        format!(r#"[{{"owner":0,"kind":"run","cards":{cards},"faces":"{faces}"}}]"#)
    };
    assert_eq!(read(&meld("[30,31,32]", "5h 6h 7h")), Ok(()));
    let refused = [
        (meld("[30,31]", "5h 6h 7h"), "2 cards but 3 faces"),
        (meld("[30,31,32]", "5h 6h 7x"), "7x"),
        (meld("[30,31,33]", "5h 6h 8h"), "not a Run"),
        (meld("[]", ""), "not a Run"),
        // Fourteen cards: longer than any meld (every heart, then the other deck's ace).
        (meld(&format!("{:?}", (26..39).chain([78]).collect::<Vec<u8>>()), "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah"), "not a Run"),
        (meld("[30,31,30]", "5h 6h 5h"), "not a Run"),
        (meld("[30,31,33]", "5h 6h 7h"), "piece #33 cannot be 7h"),
        (meld("[30,31,160]", "5h 6h 7h"), "out of range"),
        (meld("[30,31,85]", "5h 6h 7h"), "piece #85 cannot be 7h"),
        (meld("[82,83,30]", "5h 6h *"), "piece #30 cannot be a joker"),
        (
            r#"[{"owner":0,"kind":"run","cards":[30,31,32],"faces":"5h 6h 7h"},{"owner":1,"kind":"group","cards":[32,19,45],"faces":"7h 7d 7s"}]"#.to_owned(),
            "piece #32 is on the table twice",
        ),
        (r#"[{"owner":64,"kind":"run","cards":[30,31,32],"faces":"5h 6h 7h"}]"#.to_owned(), "owner 64 is not a seat"),
        (r#"[{"owner":0,"kind":"run","cards":[30,31,32],"faces":"5h 6h 7h","id":3}]"#.to_owned(), "unknown field"),
        (r#"{"owner":0}"#.to_owned(), "expected a sequence"),
    ];
    for (json, why) in refused {
        let err = read(&json).expect_err(&json);
        assert!(err.contains(why), "{json}: {err}");
    }
}
