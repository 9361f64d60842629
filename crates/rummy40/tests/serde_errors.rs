//! Serde (feature `serde`): every variant of [`ActionError`] reads back unchanged from
//! its JSON, so a service can send a refusal as data; a card is named by id and face.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Card, Catalog, Game, MeldError, MeldId, NamedPiece, NotYourTurn, PieceId, Seating, TableError, TurnError,
};
use rummykit_rummy40::{Action, ActionError, Config, Rummy40};
use serde_json::{Value, from_str, json, to_string, to_value};

/// `e` read back from its JSON equals it; its variant name.
fn round_trip(e: &ActionError) -> String {
    let text = to_string(e).expect("an error serializes");
    let back: ActionError = from_str(&text).unwrap_or_else(|err| panic!("{text} does not read back: {err}"));
    assert_eq!(&back, e, "{text}");
    match to_value(e).unwrap() {
        Value::String(s) => s,
        Value::Object(m) if m.len() == 1 => m.keys().next().unwrap().clone(),
        other => panic!("not an externally tagged variant: {other}"),
    }
}

#[test]
fn every_action_error_round_trips() {
    let pack = Catalog::<Card>::new(2, 4).expect("two decks and four jokers");
    let card = |i| NamedPiece::of(PieceId::new(i).unwrap(), &pack);
    let meld = MeldId::new(2);
    let errors = [
        ActionError::Turn(TurnError::DiscardTakenCard { card: card(60) }),
        ActionError::RepeatedPiece(card(3)),
        ActionError::NotOpened,
        ActionError::TakeOnlyToOpen,
        ActionError::AlreadyOpened,
        ActionError::NoMelds,
        ActionError::OpeningBelowThreshold { needed: 40, got: 33 },
        ActionError::TakenCardNotMelded { card: card(12) },
        ActionError::Table(TableError::UnknownPiece(PieceId::new(150).unwrap())),
        ActionError::NoDiscardLeft,
        ActionError::JokerDiscard,
        ActionError::PlayableDiscard { card: card(7), meld },
        ActionError::TakenCardNotUsed { card: card(8) },
        ActionError::SwappedJokerNotPlayed { joker: card(105) },
        ActionError::NoJokerFor { meld, piece: card(9) },
        ActionError::ClosedSet { meld },
        ActionError::NeedsBothMissingSuits { meld },
        ActionError::NotAReleasableSet { meld },
        ActionError::RummyIncomplete { left: 3 },
        ActionError::RummyLayOffOnNewMeld { meld },
    ];
    let tags: Vec<String> = errors.iter().map(round_trip).collect();
    assert_eq!(tags.iter().collect::<BTreeSet<_>>().len(), 20, "{tags:?}");
    assert_eq!(
        to_value(ActionError::PlayableDiscard { card: card(7), meld }).unwrap(),
        json!({"PlayableDiscard": {"card": {"id": 7, "face": card(7).face().unwrap().to_string()}, "meld": 2}})
    );
    let table = ActionError::Table(TableError::InvalidMeld {
        kind: rummykit_core::MeldKind::Run,
        error: MeldError::WrapNotAllowed,
    });
    assert_eq!(round_trip(&table), "Table");
    assert_eq!(
        round_trip(&ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 0, to_move: 1 }))),
        "Turn"
    );
}

/// A refusal the game gives is the one read back (`RULES.md` §3.3: before opening, the
/// discard is taken only to open with it).
#[test]
fn a_refusal_of_the_game_reads_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(1), &mut rng).unwrap();
    let refused = game.apply(0, Action::TakeDiscard).unwrap_err();
    assert_eq!(refused, ActionError::TakeOnlyToOpen);
    assert_eq!(to_value(&refused).unwrap(), json!("TakeOnlyToOpen"));
    assert_eq!(round_trip(&refused), "TakeOnlyToOpen");
}
