//! RULES.md §5, the principles across games, as Rummikub follows them: a turn is judged
//! as committed, against the table and rack it started from (item 3), and a game, a
//! session even, is the same game for the same seed (item 5). Items 1, 2 and 4 are in
//! `rules.rs` (§0) and the meld tests of the core crate.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Match, MeldKind};
use rummykit_rummikub::{ActionError, Config, PlayError, Rummikub, SamplerBot, Staging, StagingError};

/// §5 item 3 (§1.3): the tile games compare the committed table with the snapshot taken
/// at the start of the turn. Mid-turn the table may be invalid (a run split in its
/// middle, a meld of two) and nothing reaches the game until the commit; only the
/// committed table counts. Tiles placed and taken back leave the turn unchanged, so
/// the player may still draw; a table tile may not go back to the rack.
#[test]
fn rules_5_item_3_a_turn_is_judged_as_committed_against_its_snapshot() {
    let table = vec![run("b1 b2 b3 b4 b5 b6")];
    let mut game = scripted(Config::STANDARD, &["b7 r4 k4 y13", "y1 y2"], table, "", &[true; 2], 0);
    let before = game.clone();
    let mut turn = Staging::new(&game).expect("seat 0 to move");
    // The b4 leaves the middle of the run for a new group: the run is invalid for now.
    let fours = turn.new_meld(Some(MeldKind::Group));
    turn.move_tile((0, 3), (fours, 0)).expect("a table tile moves");
    let invalid: Vec<usize> = turn.invalid_melds().map(|(m, _)| m).collect();
    assert_eq!(invalid, [0, fours], "b1 b2 b3 b5 b6 is no run, b4 alone no group");
    let refused = turn.verdict();
    assert!(
        matches!(
            refused,
            Err(StagingError::Action(ActionError::Play(PlayError::InvalidMeld { index: 0, .. })))
        ),
        "{refused:?}"
    );
    assert_eq!(turn.take_back(fours, 0), Err(StagingError::NotFromRack { tile: tile("b4") }));
    turn.place(tile("r4"), fours, 1).expect("from the rack");
    turn.place(tile("k4"), fours, 2).expect("from the rack");
    // b5 b6 leave for a run of their own, two tiles until the b7 joins them.
    let tail = turn.new_meld(Some(MeldKind::Run));
    turn.move_tile((0, 3), (tail, 0)).expect("b5 moves");
    turn.move_tile((0, 3), (tail, 1)).expect("b6 moves");
    assert_eq!(turn.invalid_melds().map(|(m, _)| m).collect::<Vec<_>>(), [tail]);
    assert_eq!(game, before, "nothing staged reaches the game before the commit");
    turn.place(tile("b7"), tail, 2).expect("from the rack");
    assert_eq!(turn.invalid_melds().count(), 0);
    turn.commit(&mut game).expect("the committed table is valid");
    assert_eq!(game.table(), [run("b1 b2 b3"), group("b4 r4 k4"), run("b5 b6 b7")]);
    assert_eq!(game.rack(0).expect("seat").to_string(), "y13");
    assert_eq!(game.to_move(), Some(1));

    // Seat 1 lays a tile and takes it back: the turn is as it began, so it may draw.
    let mut turn = Staging::new(&game).expect("seat 1 to move");
    let m = turn.new_meld(None);
    turn.place(tile("y1"), m, 0).expect("from the rack");
    assert!(turn.is_changed());
    let pool = game.pool_len();
    assert_eq!(turn.draw(&mut game), Err(StagingError::DrawAfterChanges));
    assert_eq!(turn.take_back(m, 0), Ok(tile("y1")));
    assert!(!turn.is_changed());
    turn.draw(&mut game).expect("nothing changed: the draw is allowed");
    assert_eq!((game.pool_len(), game.rack(1).expect("seat").len()), (pool - 1, 3));
}

/// §5 item 5: every shuffle goes through the caller's rng. A session of a whole round
/// played by sampling bots (whose own randomness is seeded too), the start draw and
/// every deal included, is the same session for the same seed, game by game, and
/// another one for another seed.
#[test]
fn rules_5_item_5_the_same_seed_plays_the_same_session() {
    let session = |seed: u64| {
        let config = Config::STANDARD;
        let mut s = Match::<Rummikub>::new(config, Rummikub::default_terms(&config, 3)).expect("a session");
        let mut bots: Vec<_> = (0..3).map(|b| SamplerBot::new(ChaCha8Rng::seed_from_u64(seed + b))).collect();
        let hands = s.play_recorded(&mut bots, &mut ChaCha8Rng::seed_from_u64(seed), 5_000).expect("played");
        (s, hands)
    };
    let (a, hands) = session(21);
    let (b, again) = session(21);
    assert_eq!(a, b);
    assert_eq!(hands.len(), 3);
    for (x, y) in hands.iter().zip(&again) {
        assert_eq!((&x.deal, &x.actions, &x.outcome), (&y.deal, &y.actions, &y.outcome));
    }
    let (_, other) = session(22);
    assert_ne!(hands[0].deal, other[0].deal);
}
