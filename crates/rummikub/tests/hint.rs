//! The hint of a game and of a view: the solver's turn answer for the seat, a play the
//! referee accepts, the same as asking the solver directly.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
use rummykit_rummikub::solver::{Objective, SolveError, Solver};
use rummykit_rummikub::{Action, Config, Rummikub, TileCounts, check_play};

const MAX_ACTIONS: usize = 2_000;

/// Plays the game of `seed` to its end by hints alone, checking every hint against the
/// solver asked directly and against the referee; the number of plays made.
fn play_by_hints(config: &Config, seats: usize, seed: u64, objective: Objective) -> usize {
    let mut game =
        Rummikub::deal(config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(seed)).expect("deal");
    let mut solver = Solver::new();
    let mut plays = 0;
    for _ in 0..MAX_ACTIONS {
        let Some(seat) = game.to_move() else { return plays };
        let rack = *game.rack(seat).expect("the seat to move has a rack");
        let opened = game.has_opened(seat).expect("a seat at the table");
        let hint = game.hint(seat, &mut solver, objective).expect("the seat to move is at the table");
        let direct = Solver::new().solve_turn(game.table(), &rack.to_vec(), config, opened, objective);
        assert_eq!(hint, direct, "seed {seed}: the hint is the solver's answer");
        assert_eq!(game.view(seat).hint(&mut solver, objective), hint, "seed {seed}: the view's hint");
        let play = match hint {
            Ok(sol) => Some(sol),
            Err(SolveError::Unproven { best, .. }) => best.map(|b| *b),
            Err(e) => panic!("seed {seed}: a game's position was refused: {e}"),
        };
        let action = match play {
            Some(sol) if !sol.placed.is_empty() => {
                assert!(check_play(config, game.table(), &rack, opened, &sol.table).is_ok(), "seed {seed}");
                let mut left = rack;
                for &tile in &sol.placed {
                    assert!(left.remove(tile), "seed {seed}: {tile} placed but not on the rack");
                }
                game.apply(seat, Action::Play { table: sol.table }).expect("the hint's play is accepted");
                if game.to_move().is_some() {
                    assert_eq!(
                        game.rack(seat),
                        Some(&left),
                        "seed {seed}: exactly the placed tiles left the rack"
                    );
                }
                plays += 1;
                continue;
            }
            _ if game.pool_len() == 0 => Action::Pass,
            _ => Action::Draw,
        };
        game.apply(seat, action).expect("draw or pass");
    }
    panic!("seed {seed}: the game did not end in {MAX_ACTIONS} actions");
}

#[test]
fn hints_play_whole_games_the_referee_accepts() {
    let mut plays = 0;
    for seed in 0..4 {
        plays += play_by_hints(&Config::STANDARD, 2 + seed as usize % 3, seed, Objective::Tiles);
        plays += play_by_hints(&Config::STANDARD, 3, 100 + seed, Objective::Value);
    }
    assert!(plays > 40, "the hints placed tiles ({plays} plays)");
}

#[test]
fn hints_follow_house_rules() {
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    for seed in 0..2 {
        assert!(play_by_hints(&locked, 3, 200 + seed, Objective::Tiles) > 0);
        assert!(play_by_hints(&Config::SCHMIDT, 2, 300 + seed, Objective::Tiles) > 0);
    }
}

#[test]
fn a_seat_not_at_the_table_has_no_hint() {
    let game =
        Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(7)).expect("deal");
    let mut solver = Solver::new();
    assert!(game.hint(3, &mut solver, Objective::Tiles).is_none());
    assert!(game.hint(usize::MAX, &mut solver, Objective::Tiles).is_none());
    // Its view holds an empty rack: nothing to place.
    let sol = game.view(3).hint(&mut solver, Objective::Tiles).expect("an empty rack is solved");
    assert!(sol.placed.is_empty());
    assert!(game.hint(2, &mut solver, Objective::Tiles).is_some());
}

#[test]
fn a_hint_for_an_empty_rack_on_a_table_places_nothing_and_keeps_the_table() {
    let mut game =
        Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(8)).expect("deal");
    let mut solver = Solver::new();
    // Play by hints until a table exists, then ask for an empty rack's hint.
    while game.table().is_empty() {
        let seat = game.to_move().expect("the game is on");
        let action = match game.hint(seat, &mut solver, Objective::Tiles).expect("seat") {
            Ok(sol) if !sol.placed.is_empty() => Action::Play { table: sol.table },
            _ => Action::Draw,
        };
        game.apply(seat, action).expect("legal");
    }
    let mut view = game.view(0);
    view.rack = TileCounts::default();
    let sol = view.hint(&mut solver, Objective::Tiles).expect("solved");
    assert!(sol.placed.is_empty());
    assert_eq!(sol.table, game.table());
}
