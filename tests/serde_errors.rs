//! Serde (feature `serde`) for the facade's refusals: every variant of [`AnyError`] and
//! the unknown-name errors read back unchanged from their JSON, so a service can send a
//! refusal as data, whichever game refused.
#![cfg(feature = "serde")]

use rummykit::{AnyError, GameKind, NotYourTurn, UnknownBot, UnknownVariant, Variant};
use rummykit_core::{MeldError, TurnError};
use serde_json::{from_str, json, to_string, to_value};

fn round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let text = to_string(value).expect("an error serializes");
    let back: T = from_str(&text).unwrap_or_else(|e| panic!("{text} does not read back: {e}"));
    assert_eq!(&back, value, "{text}");
}

#[test]
fn every_any_error_round_trips() {
    let errors = [
        AnyError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }),
        AnyError::WrongGame { game: GameKind::Rummikub, action: GameKind::Rummy40 },
        AnyError::Rummikub(rummykit::rummikub::ActionError::OptionOff { option: "timer" }),
        AnyError::Classic(rummykit::classic::ActionError::InvalidMeld(MeldError::NoNatural)),
        AnyError::Rummy40(rummykit::rummy40::ActionError::Turn(TurnError::HandOver)),
    ];
    for e in &errors {
        round_trip(e);
    }
    assert_eq!(
        to_value(&errors[1]).unwrap(),
        json!({"WrongGame": {"game": "Rummikub", "action": "Rummy40"}})
    );
    assert_eq!(to_value(&errors[2]).unwrap(), json!({"Rummikub": {"OptionOff": {"option": "timer"}}}));
}

#[test]
fn unknown_names_round_trip() {
    let bot: UnknownBot =
        rummykit::bot(Variant::Classic, "thorough", 1).err().expect("no thorough bot for cards");
    round_trip(&bot);
    assert_eq!(to_value(&bot).unwrap()["name"], json!("thorough"));
    let variant: UnknownVariant = "poker".parse::<Variant>().unwrap_err();
    round_trip(&variant);
    assert_eq!(to_value(&variant).unwrap(), json!({"name": "poker"}));
}
