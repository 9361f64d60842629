//! The hand loop applies a random draw's action from the view it drew it from without
//! checking it again: only that action, from that view, as the game now is.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::rummykit_core::{Bot, DriverError, Game, PieceId, Seating, play_hand};
use rummykit_classic::{Action, ActionError, ClassicRummy, Config, View};

/// How a player misuses the random draw.
#[derive(Clone, Copy)]
enum Misuse {
    /// Answers its previous action again (drawn before the view's last refresh).
    Replays,
    /// Draws a discard, then answers another card it no longer holds.
    Alters,
    /// Draws from a copy of an earlier view (another place), answers what it drew.
    DrawsFromAnOldCopy,
}

/// Plays at random until it can misuse the draw, then answers what the misuse gives (an
/// action the check refuses).
struct Misuser {
    misuse: Misuse,
    rng: ChaCha8Rng,
    prev: Option<Action>,
    last_discard: Option<PieceId>,
    old: Option<View>,
    tried: Option<Action>,
}

impl Bot<ClassicRummy> for Misuser {
    fn name(&self) -> &str {
        "misuser"
    }

    fn act(&mut self, view: &View) -> Action {
        use rummykit_classic::rummykit_core::Phase;
        let refused = |a: &Action| match a {
            Action::DrawStock | Action::TakeDiscard => true,
            &Action::Discard(p) => !view.hand.contains(p),
            _ => false,
        };
        let attempt = match self.misuse {
            _ if view.phase != Phase::Play || self.tried.is_some() => None,
            Misuse::Replays => self.prev,
            Misuse::Alters => match ClassicRummy::random_action_from(view, &mut self.rng.clone()) {
                Some(Action::Discard(_)) => self.last_discard.map(Action::Discard),
                _ => None,
            },
            Misuse::DrawsFromAnOldCopy => {
                self.old.as_ref().and_then(|old| ClassicRummy::random_action_from(old, &mut self.rng.clone()))
            }
        };
        if let Some(a) = attempt.filter(refused) {
            self.tried = Some(a);
            return a;
        }
        let action = ClassicRummy::random_action_from(view, &mut self.rng).expect("a legal action");
        if let Action::Discard(p) = action {
            self.last_discard = Some(p);
            self.old = Some(view.clone());
        }
        self.prev = Some(action);
        action
    }
}

/// An action drawn before the view's last refresh, changed after the draw, or drawn from
/// a copy of an older view, is checked in full and refused, the game left as it was.
/// Each misuse, until each was refused many times.
#[test]
fn a_drawn_action_vouches_only_for_the_view_shown() {
    let mut refused = [0; 3];
    for game_no in 0..150u64 {
        let misuse = [Misuse::Replays, Misuse::Alters, Misuse::DrawsFromAnOldCopy][game_no as usize % 3];
        let config = Config::SIMULATION;
        let mut rng = ChaCha8Rng::seed_from_u64(game_no);
        let mut game = ClassicRummy::deal(&config, Seating::new(3), &mut rng).unwrap();
        let mut players: Vec<Misuser> = (0..3)
            .map(|s| Misuser {
                misuse,
                rng: ChaCha8Rng::seed_from_u64(game_no * 8 + s),
                prev: None,
                last_discard: None,
                old: None,
                tried: None,
            })
            .collect();
        let mut bots: Vec<&mut dyn Bot<ClassicRummy>> =
            players.iter_mut().map(|p| p as &mut dyn Bot<ClassicRummy>).collect();
        let result = play_hand(&mut game, &mut bots, 100_000);
        let tried = players.iter().find_map(|p| p.tried);
        match (result, tried) {
            (Err(DriverError::IllegalAction { seat, error, .. }), Some(action)) => {
                assert_eq!(game.to_move(), Some(seat), "game {game_no}");
                let before = game.clone();
                assert_eq!(game.check(seat, &action), Err(error), "game {game_no}");
                assert!(matches!(error, ActionError::Turn(_)), "game {game_no}: {error:?}");
                assert_eq!(game.apply(seat, action), Err(error), "game {game_no}");
                assert_eq!(game, before, "game {game_no}");
                refused[game_no as usize % 3] += 1;
            }
            (Ok(_), None) => {}
            (result, tried) => panic!("game {game_no}: {:?} after {tried:?}", result.map(|_| ())),
        }
    }
    assert!(refused.iter().all(|&n| n > 30), "{refused:?} refused");
}

/// A bot that answers `first` once, then plays at random.
struct Replayer {
    first: Option<Action>,
    rng: ChaCha8Rng,
}

impl Bot<ClassicRummy> for Replayer {
    fn name(&self) -> &str {
        "replayer"
    }

    fn act(&mut self, view: &View) -> Action {
        match self.first.take() {
            Some(action) => action,
            None => ClassicRummy::random_action_from(view, &mut self.rng).expect("a legal action"),
        }
    }
}

/// A player draws an action from a view of its own (its draw recorded), the same action
/// is then applied to the game directly, and the hand loop runs with the player
/// answering what it drew: the loop's view is another, so the draw vouches for nothing,
/// the action is checked in full and refused, the game unchanged. (The record is also
/// cleared by every check and refresh, which no public path can get past: those clears
/// are defence in depth, not what this test shows.)
#[test]
fn a_draw_from_another_view_vouches_for_nothing() {
    for game_no in 0..60u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(game_no);
        let mut game = ClassicRummy::deal(&Config::SIMULATION, Seating::new(3), &mut rng).unwrap();
        let seat = game.to_move().unwrap();
        let view = game.view(seat);
        let drawn = ClassicRummy::random_action_from(&view, &mut rng).unwrap();
        game.apply(seat, drawn).unwrap();
        let error = game.check(seat, &drawn).expect_err("a draw drawn twice");
        let before = game.clone();
        let mut players: Vec<Replayer> = (0..3)
            .map(|s| Replayer {
                first: (s == seat).then_some(drawn),
                rng: ChaCha8Rng::seed_from_u64(game_no * 8 + s as u64),
            })
            .collect();
        let mut bots: Vec<&mut dyn Bot<ClassicRummy>> =
            players.iter_mut().map(|p| p as &mut dyn Bot<ClassicRummy>).collect();
        let result = play_hand(&mut game, &mut bots, 100_000);
        assert!(
            matches!(&result, Err(DriverError::IllegalAction { seat: s, error: e, .. }) if *s == seat && *e == error),
            "game {game_no}: {:?}",
            result.map(|_| ())
        );
        assert_eq!(game, before, "game {game_no}");
    }
}

/// Random hands of every preset played through `play_hand`, whose drawn actions go
/// unchecked (debug builds compare each vouched plan with the check's), end as the same
/// actions applied through the full check end.
#[test]
fn drawn_actions_applied_unchecked_play_as_the_check_would() {
    let mut melds_and_lay_offs = 0;
    for game_no in 0..60u64 {
        let config = [Config::STANDARD, Config::LIBERAL, Config::LAST_CARD, Config::SIMULATION]
            [game_no as usize % 4]
            .with_max_restocks(Some(2));
        let mut rng = ChaCha8Rng::seed_from_u64(game_no);
        let mut game = ClassicRummy::deal(&config, Seating::new(2 + game_no as usize % 5), &mut rng).unwrap();
        let mut checked = game.clone();
        let mut bots: Vec<Box<dyn Bot<ClassicRummy>>> = (0..game.seats())
            .map(|s| {
                Box::new(rummykit_classic::rummykit_core::RandomBot::new(ChaCha8Rng::seed_from_u64(
                    game_no * 8 + s as u64,
                ))) as Box<dyn Bot<ClassicRummy>>
            })
            .collect();
        let mut seated: Vec<&mut dyn Bot<ClassicRummy>> =
            bots.iter_mut().map(|b| &mut **b as &mut dyn Bot<ClassicRummy>).collect();
        let (outcome, actions) = play_hand(&mut game, &mut seated, 100_000).expect("random play is legal");
        for action in actions {
            let seat = checked.to_move().expect("the hand goes on");
            melds_and_lay_offs += usize::from(matches!(action, Action::Meld(_) | Action::LayOff { .. }));
            checked.apply(seat, action).expect("the check accepts every drawn action");
        }
        assert_eq!(checked, game, "game {game_no}");
        assert_eq!(checked.outcome(), Some(outcome), "game {game_no}");
    }
    assert!(melds_and_lay_offs > 100, "{melds_and_lay_offs} melds and lay-offs");
}
