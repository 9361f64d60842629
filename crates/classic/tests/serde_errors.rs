//! Serde (feature `serde`): every variant of [`ActionError`] reads back unchanged from
//! its JSON, so a service can send a refusal as data; a piece is named by id and face.
#![cfg(feature = "serde")]

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ActionError, ClassicRummy, Config};
use rummykit_core::{
    Card, Catalog, Game, MeldError, MeldId, MeldKind, NamedPiece, NotYourTurn, Phase, PieceId, Seating,
    TableError, TurnError,
};
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
    let king = NamedPiece::of(PieceId::new(51).unwrap(), &Catalog::<Card>::DECK);
    let errors = [
        ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 })),
        ActionError::InvalidMeld(MeldError::MixedSuits { index: 2 }),
        ActionError::MeldLimitReached,
        ActionError::LayOffBeforeOwnMeld,
        ActionError::Table(TableError::DoesNotFit {
            meld: MeldId::new(1),
            piece: king,
            error: MeldError::NotConsecutive { index: 3 },
        }),
        ActionError::MustKeepDiscard,
        ActionError::OnlyTakenCardLeft(king),
    ];
    let tags: Vec<String> = errors.iter().map(round_trip).collect();
    assert_eq!(tags.iter().collect::<BTreeSet<_>>().len(), 7, "{tags:?}");
    assert_eq!(
        to_value(ActionError::OnlyTakenCardLeft(king)).unwrap(),
        json!({"OnlyTakenCardLeft": {"id": 51, "face": "Ks"}})
    );
    let invalid =
        ActionError::Table(TableError::InvalidMeld { kind: MeldKind::Group, error: MeldError::NoNatural });
    assert_eq!(round_trip(&invalid), "Table");
}

/// A refusal the game gives is the one read back (`RULES.md` §2.3: a turn starts with a draw).
#[test]
fn a_refusal_of_the_game_reads_back() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(1), &mut rng).unwrap();
    let card = game.hand(0).unwrap().first().expect("seat 0 holds cards");
    let refused = game.apply(0, Action::Discard(card)).unwrap_err();
    assert_eq!(refused, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    assert_eq!(to_value(refused).unwrap(), json!({"Turn": {"WrongPhase": {"phase": "Draw"}}}));
    assert_eq!(round_trip(&refused), "Turn");
}
