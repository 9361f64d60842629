//! Serde (feature `serde`): every error a service may send as a refusal is data. Each
//! variant of each error enum is built here and read back unchanged from its JSON; the
//! errors holding `&'static str` names are `Serialize` only, and their JSON is checked
//! instead.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;
use std::fmt::Debug;

use rummykit_core::{
    AnalysisError, Card, Catalog, DealError, DriverError, MatchEndError, MatchError, MeldError, MeldId,
    MeldKind, NamedPiece, NotYourTurn, ParseError, PieceId, PositionError, RecordFormatError, ReplayError,
    TableError, Tile, TurnError, UnknownVersion,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, from_str, json, to_string, to_value};

/// `value` read back from its JSON equals it.
fn read_back<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let text = to_string(value).expect("an error serializes");
    let back: T = from_str(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(&back, value, "{text}");
}

/// An enum `value` reads back from its JSON; its externally tagged variant name.
fn round_trip<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) -> String {
    read_back(value);
    tag(&to_value(value).unwrap())
}

/// The variant name of an externally tagged enum's JSON.
fn tag(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(m) if m.len() == 1 => m.keys().next().unwrap().clone(),
        other => panic!("not an externally tagged variant: {other}"),
    }
}

/// Every variant in `tags` is named once: `count` distinct variants.
fn all_distinct(tags: Vec<String>, count: usize) {
    let set: BTreeSet<_> = tags.iter().collect();
    assert_eq!((set.len(), tags.len()), (count, count), "{tags:?}");
}

fn piece(i: u8) -> PieceId {
    PieceId::new(i).unwrap()
}

fn king() -> NamedPiece {
    NamedPiece::of(piece(51), &Catalog::<Card>::DECK)
}

fn meld_errors() -> Vec<MeldError> {
    vec![
        MeldError::TooShort { len: 2, min: 3 },
        MeldError::TooLong { len: 5, max: 4 },
        MeldError::NoNatural,
        MeldError::JokersNotAllowed,
        MeldError::TooManyJokers { jokers: 3, max: 1 },
        MeldError::AdjacentJokers { index: 2 },
        MeldError::MixedNumbers { index: 1 },
        MeldError::RepeatedSuit { index: 3 },
        MeldError::MixedSuits { index: 1 },
        MeldError::NotConsecutive { index: 2 },
        MeldError::OutOfBounds,
        MeldError::WrapNotAllowed,
        MeldError::AceLowNotAllowed,
    ]
}

fn table_errors() -> Vec<TableError> {
    vec![
        TableError::InvalidMeld { kind: MeldKind::Run, error: MeldError::NotConsecutive { index: 1 } },
        TableError::DoesNotFit {
            meld: MeldId::new(2),
            piece: king(),
            error: MeldError::TooLong { len: 5, max: 4 },
        },
        TableError::NoSuchMeld(MeldId::new(7)),
        TableError::UnknownPiece(piece(150)),
        TableError::RepeatedPiece(NamedPiece::unknown(piece(140))),
        TableError::AlreadyOnTable(king()),
    ]
}

#[test]
fn meld_parse_analysis_and_table_errors_round_trip() {
    all_distinct(meld_errors().iter().map(round_trip).collect(), 13);
    let token = || "r14".to_owned();
    let parse = [
        ParseError::Empty,
        ParseError::UnknownColour { token: "x3".to_owned(), letter: 'x' },
        ParseError::UnknownSuit { token: "7x".to_owned() },
        ParseError::UnknownRank { token: "Zs".to_owned() },
        ParseError::MissingNumber { token: "r".to_owned() },
        ParseError::NotANumber { token: "rx".to_owned() },
        ParseError::NumberOutOfRange { token: token() },
        ParseError::TooManyCopies { token: "r5".to_owned(), max: 2 },
    ];
    all_distinct(parse.iter().map(round_trip).collect(), 8);
    let analysis = [
        AnalysisError::TooManyPieces { len: 65, max: 64 },
        AnalysisError::UnknownPiece(piece(159)),
        AnalysisError::SearchTooLarge { budget: 1_000_000 },
    ];
    all_distinct(analysis.iter().map(round_trip).collect(), 3);
    all_distinct(table_errors().iter().map(round_trip).collect(), 6);
    // A table of tiles names its pieces by tile.
    let tile_piece = NamedPiece::of(piece(105), &Catalog::<Tile>::new(2, 2).unwrap());
    assert_eq!(round_trip(&TableError::<Tile>::AlreadyOnTable(tile_piece)), "AlreadyOnTable");
}

#[test]
fn turn_and_match_end_errors_round_trip() {
    let turn = [
        TurnError::HandOver,
        TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }),
        TurnError::WrongPhase { phase: rummykit_core::Phase::Draw },
        TurnError::EmptyDiscardPile,
        TurnError::NotInHand(king()),
        TurnError::DiscardTakenCard { card: NamedPiece::unknown(piece(150)) },
    ];
    all_distinct(turn.iter().map(round_trip).collect(), 6);
    let end = [
        MatchEndError::NoHands,
        MatchEndError::TargetNotPositive { target: -1 },
        MatchEndError::LimitNotPositive { limit: 0 },
        MatchEndError::EliminationNeedsPenaltyScores { limit: 101 },
    ];
    all_distinct(end.iter().map(round_trip).collect(), 4);
    read_back(&NotYourTurn { seat: 2, to_move: 0 });
    read_back(&UnknownVersion { found: 7 });
    assert_eq!(round_trip(&RecordFormatError::UnknownVersion { found: 3 }), "UnknownVersion");
}

/// The JSON forms a client reads: a piece by id and face, a refusal by variant and fields.
#[test]
fn errors_serialize_in_the_documented_form() {
    assert_eq!(to_value(king()).unwrap(), json!({"id": 51, "face": "Ks"}));
    assert_eq!(to_value(NamedPiece::<Card>::unknown(piece(52))).unwrap(), json!({"id": 52, "face": null}));
    assert_eq!(
        to_value(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 })).unwrap(),
        json!({"NotYourTurn": {"seat": 1, "to_move": 0}})
    );
    assert_eq!(to_value(MeldError::NoNatural).unwrap(), json!("NoNatural"));
    assert_eq!(to_value(TableError::<Card>::NoSuchMeld(MeldId::new(7))).unwrap(), json!({"NoSuchMeld": 7}));
    // Read back validated: a piece id out of range or a face that is not one is refused.
    assert!(from_str::<NamedPiece>(r#"{"id":200,"face":null}"#).is_err());
    assert!(from_str::<NamedPiece>(r#"{"id":5,"face":"Zz"}"#).is_err());
}

/// `DealError`, `PositionError` and the errors that hold them name options and fields
/// by `&'static str`: `Serialize` only, every variant checked by its JSON.
#[test]
fn deal_and_position_errors_serialize_every_variant() {
    let position = vec![
        PositionError::NotInDeck(Card::JOKER),
        PositionError::TooManyCards { card: "Ks".parse().unwrap(), max: 2 },
        PositionError::TooManyCopies { tile: "r5".parse().unwrap(), max: 2 },
        PositionError::PieceCount { found: 51, expected: 52 },
        PositionError::NoSuchSeat { field: "to_move", seat: 4, seats: 2 },
        PositionError::SeatLists { field: "hands", found: 3, seats: 2 },
        PositionError::HandSize { seat: 1, len: 0, min: 1, max: 14 },
        PositionError::DealtCount { dealt: 0, seats: 2, max: 13 },
        PositionError::PiecesInPlay { found: 21, dealt: 20 },
        PositionError::InvalidMeld { index: 0, error: MeldError::NoNatural },
        PositionError::Table(TableError::NoSuchMeld(MeldId::new(1))),
        PositionError::OutOfRange { field: "restocks", value: 9, max: 3 },
        PositionError::NoSuchCopy { card: "Kd".parse().unwrap(), copy: 3, copies: 2 },
        PositionError::CopyTwice { card: "Kd".parse().unwrap(), copy: 2 },
        PositionError::Inconsistent("the stock and the pile share a card"),
    ];
    let tags = position.iter().map(|e| tag(&to_value(e).unwrap())).collect();
    all_distinct(tags, 15);
    assert_eq!(
        to_value(&position[4]).unwrap(),
        json!({"NoSuchSeat": {"field": "to_move", "seat": 4, "seats": 2}})
    );
    assert_eq!(
        to_value(&position[14]).unwrap(),
        json!({"Inconsistent": "the stock and the pile share a card"})
    );
    let deal = [
        DealError::PlayerCount { seats: 7, min: 2, max: 6 },
        DealError::NoSuchDealer { dealer: 3, seats: 3 },
        DealError::InvalidConfig { option: "jokers", reason: "must be 2 or 4" },
        DealError::OptionTooLarge { option: "joker_penalty", value: 99_999, max: 10_000 },
        DealError::InvalidDeal(PositionError::PieceCount { found: 51, expected: 52 }),
    ];
    all_distinct(deal.iter().map(|e| tag(&to_value(e).unwrap())).collect(), 5);
    assert_eq!(
        to_value(&deal[2]).unwrap(),
        json!({"InvalidConfig": {"option": "jokers", "reason": "must be 2 or 4"}})
    );
    assert_eq!(
        to_value(&deal[4]).unwrap(),
        json!({"InvalidDeal": {"PieceCount": {"found": 51, "expected": 52}}})
    );
}

#[test]
fn match_driver_and_replay_errors_serialize_every_variant() {
    let deal = || DealError::NoSuchDealer { dealer: 3, seats: 3 };
    let matches = [
        MatchError::NoSeats,
        MatchError::PlayerCount { seats: 65, min: 2, max: 64 },
        MatchError::NoSuchDealer { dealer: 4, seats: 2 },
        MatchError::End(MatchEndError::NoHands),
        MatchError::Over { hands: 5 },
        MatchError::NoHandInProgress,
        MatchError::SeatCount { got: 2, expected: 3 },
        MatchError::NoSuchWinner { winner: 5, seats: 3 },
        MatchError::Deal(deal()),
        MatchError::HistorySeatCount { hand: 1, got: 2, expected: 3 },
        MatchError::NotDealtIn { hand: 2, seat: 1 },
        MatchError::HistoryOutcome { hand: 0 },
        MatchError::DealerMismatch { dealer: Some(1), expected: None },
        MatchError::DealerOut { dealer: 2 },
        MatchError::DealerMissing { hands: 3 },
        MatchError::TotalsMismatch,
        MatchError::HandSeats { got: 2, expected: 3 },
        MatchError::HandConfig,
        MatchError::HandDealer { dealt_by: 2, expected: Some(0) },
    ];
    all_distinct(matches.iter().map(|e| tag(&to_value(e).unwrap())).collect(), 19);
    assert_eq!(to_value(&matches[12]).unwrap(), json!({"DealerMismatch": {"dealer": 1, "expected": null}}));
    let error = || NotYourTurn { seat: 1, to_move: 0 };
    let driver: [DriverError<NotYourTurn>; 7] = [
        DriverError::BotCount { bots: 1, seats: 2 },
        DriverError::IllegalAction { hand: 0, seat: 1, error: error() },
        DriverError::EntryIllegalAction { hand: 4, entry: 2, seat: 1, error: error() },
        DriverError::TooLong { hand: 3, actions: 10_000 },
        DriverError::Stopped { seat: 0 },
        DriverError::Deal { hand: 1, error: deal() },
        DriverError::Match(MatchError::NoSeats),
    ];
    all_distinct(driver.iter().map(|e| tag(&to_value(e).unwrap())).collect(), 7);
    assert_eq!(
        to_value(&driver[1]).unwrap(),
        json!({"IllegalAction": {"hand": 0, "seat": 1, "error": {"seat": 1, "to_move": 0}}})
    );
    let replay: [ReplayError<NotYourTurn>; 7] = [
        ReplayError::Match(MatchError::NoSeats),
        ReplayError::DealMismatch { hand: 0 },
        ReplayError::IllegalAction { hand: 1, index: 4, error: error() },
        ReplayError::NotOver { hand: 2, actions: 9 },
        ReplayError::OutcomeMismatch { hand: 3 },
        ReplayError::MatchNotOver { hands: 4 },
        ReplayError::TotalsMismatch,
    ];
    all_distinct(replay.iter().map(|e| tag(&to_value(e).unwrap())).collect(), 7);
}
