//! Bad input everywhere gets a typed error with a message that names the rule and the
//! piece: invalid notation, invalid melds, invalid configurations and seatings,
//! wrong-phase actions, unknown pieces, pieces not owned, impossible
//! solver positions. Each refusal leaves the game unchanged.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action as ClassicAction, ClassicRummy, Config as ClassicConfig};
use rummykit_core::{
    Card, DealError, Game, MatchEnd, Meld, MeldError, MeldKind, ParseError, PieceId, Seating, Tile,
    parse_list,
};
use rummykit_rummikub::solver::{Position, SolveError, SolveOptions, solve};
use rummykit_rummikub::{
    Action as RkAction, ActionError as RkError, Config as RkConfig, PlayError, Rummikub,
};
use rummykit_rummy40::{Action as R40Action, ActionError as R40Error, Config as R40Config, Rummy40};

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(8)
}

#[test]
fn invalid_notation_names_the_token() {
    let err = parse_list::<Tile>("r5 r6 q7").unwrap_err();
    assert!(matches!(err, ParseError::UnknownColour { .. }));
    assert!(err.to_string().contains("q7"), "{err}");
    let err = "11h".parse::<Card>().unwrap_err();
    assert!(err.to_string().contains("11h"), "{err}");
    assert_eq!("".parse::<Tile>(), Err(ParseError::Empty));
}

#[test]
fn invalid_melds_say_which_rule() {
    let tiles: Vec<Tile> = parse_list("r12 r13 r1").expect("tiles");
    let err = Meld::new(MeldKind::Run, &tiles, &rummykit_rummikub::MELD_RULES).unwrap_err();
    assert_eq!(err, MeldError::WrapNotAllowed);
    let cards: Vec<Card> = parse_list("Ah 2h 3h").expect("cards");
    // RULES.md §3.4: the ace is only high in Rummy 40.
    assert_eq!(
        Meld::new(MeldKind::Run, &cards, &rummykit_rummy40::MELD_RULES),
        Err(MeldError::AceLowNotAllowed)
    );
}

#[test]
fn invalid_configurations_and_seatings_are_deal_errors() {
    let err = Rummikub::deal(&RkConfig::STANDARD, Seating::new(7), &mut rng()).unwrap_err();
    assert!(matches!(err, DealError::PlayerCount { seats: 7, .. }), "{err}");
    let err = Rummy40::deal(&R40Config::RUMMY40, Seating::new(3).with_dealer(5), &mut rng()).unwrap_err();
    assert!(matches!(err, DealError::NoSuchDealer { dealer: 5, seats: 3 }), "{err}");
    let mut rules = RkConfig::STANDARD;
    rules.rack_size = 60; // four racks of 60 do not fit in 106 tiles
    assert!(Rummikub::deal(&rules, Seating::new(4), &mut rng()).is_err());
    let err = ClassicRummy::deal(
        &ClassicConfig::STANDARD.with_game_end(MatchEnd::SingleHand),
        Seating::new(1),
        &mut rng(),
    )
    .unwrap_err();
    assert!(err.to_string().contains('1'), "{err}");
}

#[test]
fn rummikub_refuses_tiles_not_on_the_rack_and_a_pass_with_tiles_left() {
    let mut game =
        Rummikub::deal(&RkConfig::STANDARD, Seating::new(2).with_dealer(1), &mut rng()).expect("deal");
    let before = game.clone();
    // A table meld of tiles the player does not hold (three copies of r1 do not exist
    // on one rack of 14 in a 2-copy set, and the rack is checked first).
    let run = Meld::new(
        MeldKind::Run,
        &parse_list::<Tile>("r1 r2 r3").expect("tiles"),
        &rummykit_rummikub::MELD_RULES,
    )
    .expect("valid");
    let err = game
        .apply(game.to_move().unwrap_or_default(), RkAction::Play { table: vec![run, run, run] })
        .unwrap_err();
    assert!(matches!(err, RkError::Play(PlayError::NotInRack { .. })), "{err}");
    assert!(err.to_string().contains("rack"), "{err}");
    assert_eq!(game, before);
    // Wrong moment: passing while the pool still has tiles (§1.3).
    let err = game.apply(game.to_move().unwrap_or_default(), RkAction::Pass).unwrap_err();
    assert!(err.to_string().contains("pool"), "{err}");
    assert_eq!(game, before);
}

#[test]
fn card_games_refuse_wrong_phase_unknown_and_unowned_cards() {
    // Rummy 40.
    let mut game =
        Rummy40::deal(&R40Config::RUMMY40, Seating::new(3).with_dealer(0), &mut rng()).expect("deal");
    let before = game.clone();
    let mine = game.hand(1).unwrap().first().expect("a card");
    let theirs = game.hand(2).unwrap().first().expect("a card");
    // Discarding before drawing: wrong phase.
    let err = game.apply(game.to_move().unwrap_or_default(), R40Action::Discard(mine)).unwrap_err();
    assert!(matches!(err, R40Error::Turn(rummykit_core::TurnError::WrongPhase { .. })), "{err}");
    game.apply(game.to_move().unwrap_or_default(), R40Action::DrawStock).expect("draw");
    let drawn = game.clone();
    // Another seat's card, and a card outside the 106-card pack.
    let err = game.apply(game.to_move().unwrap_or_default(), R40Action::Discard(theirs)).unwrap_err();
    assert!(err.to_string().contains(&theirs.to_string()), "{err}");
    let unknown = PieceId::new(150).expect("an id");
    let err = game.apply(game.to_move().unwrap_or_default(), R40Action::Discard(unknown)).unwrap_err();
    assert!(err.to_string().contains("#150"), "{err}");
    assert_eq!(game, drawn);
    assert_ne!(game, before);

    // Classic Rummy.
    let config = ClassicConfig::STANDARD.with_game_end(MatchEnd::SingleHand);
    let mut game = ClassicRummy::deal(&config, Seating::new(2).with_dealer(0), &mut rng()).expect("deal");
    let before = game.clone();
    let theirs = game.hand(0).unwrap().first().expect("a card");
    let err = game.apply(game.to_move().unwrap_or_default(), ClassicAction::Discard(theirs)).unwrap_err();
    assert!(err.to_string().contains("the turn starts with a draw"), "{err}");
    game.apply(game.to_move().unwrap_or_default(), ClassicAction::DrawStock).expect("draw");
    let drawn = game.clone();
    let err = game.apply(game.to_move().unwrap_or_default(), ClassicAction::Discard(theirs)).unwrap_err();
    assert!(err.to_string().contains(&theirs.to_string()), "{err}");
    let err = game
        .apply(game.to_move().unwrap_or_default(), ClassicAction::Discard(PieceId::new(60).expect("an id")))
        .unwrap_err();
    assert!(err.to_string().contains("#60"), "{err}");
    assert_eq!(game, drawn);
    assert_ne!(game, before);
}

#[test]
fn impossible_solver_positions_are_typed_errors() {
    let pos = Position::parse("r5 r5 r5", "").expect("tiles");
    let err = solve(&pos, &SolveOptions::default()).unwrap_err();
    assert!(matches!(err, SolveError::TooManyCopies { count: 3, max: 2, .. }), "{err}");
    assert!(err.to_string().contains("r5"), "{err}");
    let pos = Position::parse("r5 b7", "r6").expect("tiles");
    assert_eq!(solve(&pos, &SolveOptions::default()).unwrap_err(), SolveError::TableNotMeldable);
    assert!(matches!(Position::parse("r5 x7", ""), Err(SolveError::Parse(_))));
}
