//! Every game and preset chosen at run time: [`Variant`] names, [`AnyGame`] behind the
//! one `Game` contract (drivers, matches, records, the conformance harness), bots by
//! name, and the typed refusals of a wrong seat and of another game's action.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::conformance::{self, Candidate, Conformance, Place, Plan};
use rummykit::rummikub::{Rummikub, TileCounts};
use rummykit::{
    AnyAction, AnyConfig, AnyError, AnyGame, Bot, DealError, DriverError, Game, GameKind, MatchEnd,
    MatchRecord, MatchTerms, NotYourTurn, PieceId, Redeal, Seat, Seating, Tile, UnknownBot, UnknownVariant,
    Variant, play_hand, record_match,
};

/// A restock cap for the card games, so that hands between weak bots end (RULES.md
/// §2.5's recommended cap; Rummy 40 sets none by itself, §3.7).
const RESTOCKS: Option<u32> = Some(3);
/// More actions than any capped hand takes.
const MAX_ACTIONS: usize = 20_000;

fn config(variant: Variant) -> AnyConfig {
    variant.config().with_max_restocks(RESTOCKS)
}

/// Seat counts to try: the variant's range, within 2..=4.
fn seat_counts(variant: Variant) -> impl Iterator<Item = usize> {
    let r = variant.seat_range();
    (*r.start()).max(2)..=(*r.end()).min(4)
}

/// A draw of each engine: an action every game knows the shape of.
fn draws() -> [AnyAction; 3] {
    [
        AnyAction::Rummikub(rummykit::rummikub::Action::Draw),
        AnyAction::Classic(rummykit::classic::Action::DrawStock),
        AnyAction::Rummy40(rummykit::rummy40::Action::DrawStock),
    ]
}

#[test]
fn every_variant_plays_to_the_end_with_bots_chosen_by_name() {
    for variant in Variant::ALL {
        let names = variant.bot_names();
        for seats in seat_counts(variant) {
            let seed = 100 * seats as u64 + variant as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AnyGame::deal(&config(variant), Seating::new(seats), &mut rng).unwrap();
            assert_eq!(game.kind(), variant.kind());
            assert_eq!(game.seats(), seats);
            let dealt = game.clone();
            // Every bot of the variant gets a seat in turn.
            let mut bots: Vec<Box<dyn Bot<AnyGame> + Send>> = (0..seats)
                .map(|s| rummykit::bot(variant, names[(s + seats) % names.len()], seed + s as u64).unwrap())
                .collect();
            let mut seated: Vec<&mut dyn Bot<AnyGame>> = bots.iter_mut().map(|b| b.as_mut() as _).collect();
            let (outcome, actions) = play_hand(&mut game, &mut seated, MAX_ACTIONS)
                .unwrap_or_else(|e| panic!("{variant} with {seats}: {e}"));
            assert_eq!(game.to_move(), None, "{variant}: the hand is over");
            assert_eq!(game.outcome(), Some(outcome.clone()));
            assert_eq!(outcome.points.len(), seats);
            assert!(actions.iter().all(|a| a.kind() == variant.kind()));

            // The engine alone, given the same deal and actions, reaches the same end:
            // AnyGame adds nothing.
            let own = replay_on_engine(&dealt, &actions);
            assert_eq!(outcome.points, own.points, "{variant} with {seats}");
            assert_eq!(AnyGame::score_order(&config(variant)), variant.score_order());
            assert_eq!(outcome.winners, own.winners);
            match variant.kind() {
                // RULES.md §1.8: the winner gains what the others lose.
                GameKind::Rummikub => assert_eq!(outcome.points.iter().sum::<i64>(), 0),
                // RULES.md §3.7: penalty points; the winner takes none.
                GameKind::Rummy40 => {
                    assert!(outcome.points.iter().all(|&p| p >= 0));
                    // RULES.md §3.7: one player goes out; a win is never shared.
                    assert!(outcome.winners.len() <= 1);
                    for &w in &outcome.winners {
                        assert_eq!(outcome.points[w], 0);
                    }
                }
                _ => assert!(outcome.points.iter().all(|&p| p >= 0)),
            }
        }
    }
}

/// Plays `actions` on the engine inside `dealt`, through its own `Game` impl.
fn replay_on_engine(dealt: &AnyGame, actions: &[AnyAction]) -> rummykit::Outcome {
    fn run<G: Game>(mut g: G, actions: impl Iterator<Item = G::Action>) -> rummykit::Outcome {
        for a in actions {
            let seat = g.to_move().expect("a seat to move");
            g.apply(seat, a).expect("the engine accepts what AnyGame accepted");
        }
        g.outcome().expect("the hand is over")
    }
    match dealt.clone() {
        AnyGame::Rummikub(g) => run(
            g,
            actions.iter().map(|a| match a {
                AnyAction::Rummikub(a) => a.clone(),
                _ => panic!("another game's action was played"),
            }),
        ),
        AnyGame::Classic(g) => run(
            g,
            actions.iter().map(|a| match a {
                AnyAction::Classic(a) => *a,
                _ => panic!("another game's action was played"),
            }),
        ),
        AnyGame::Rummy40(g) => run(
            g,
            actions.iter().map(|a| match a {
                AnyAction::Rummy40(a) => a.clone(),
                _ => panic!("another game's action was played"),
            }),
        ),
        _ => unreachable!("three engines"),
    }
}

#[test]
fn an_action_for_a_seat_not_to_move_is_refused_and_changes_nothing() {
    for variant in Variant::ALL {
        for seats in seat_counts(variant) {
            let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
            let mut game = AnyGame::deal(&config(variant), Seating::new(seats), &mut rng).unwrap();
            let to_move = game.to_move().unwrap();
            let mut legal = Vec::new();
            game.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "{variant}: a new hand lists actions");
            let before = game.clone();
            for seat in (0..seats).filter(|&s| s != to_move) {
                for action in &legal {
                    let refused = AnyError::NotYourTurn(NotYourTurn { seat, to_move });
                    assert_eq!(game.check(seat, action), Err(refused.clone()), "{variant}");
                    assert_eq!(game.apply(seat, action.clone()), Err(refused), "{variant}");
                    assert_eq!(game, before);
                }
            }
            // Even an action of another game: the seat is refused first.
            let other = draws().into_iter().find(|a| a.kind() != variant.kind()).unwrap();
            let seat = (to_move + 1) % seats;
            assert_eq!(game.apply(seat, other), Err(AnyError::NotYourTurn(NotYourTurn { seat, to_move })));
            // The mover's listed action is accepted.
            assert_eq!(game.check(to_move, &legal[0]), Ok(()));
            game.apply(to_move, legal[0].clone()).unwrap();
        }
    }
}

#[test]
fn an_action_of_another_game_is_refused_with_the_typed_error() {
    for variant in Variant::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut game = AnyGame::deal(&config(variant), Seating::new(2), &mut rng).unwrap();
        let seat = game.to_move().unwrap();
        let before = game.clone();
        let mut refused = 0;
        for action in draws() {
            if action.kind() == variant.kind() {
                // The same draw of its own game is legal at the start of a turn.
                assert_eq!(game.check(seat, &action), Ok(()), "{variant}");
                continue;
            }
            let wrong = AnyError::WrongGame { game: variant.kind(), action: action.kind() };
            assert_eq!(game.check(seat, &action), Err(wrong.clone()), "{variant}");
            assert_eq!(game.apply(seat, action.clone()), Err(wrong.clone()), "{variant}");
            assert_eq!(game, before, "{variant}: a refused action changes nothing");
            assert!(wrong.to_string().contains(&variant.kind().to_string()));
            assert_eq!(AnyGame::not_your_turn(&wrong), None, "{variant}: the right seat");
            refused += 1;
        }
        assert_eq!(refused, 2);
    }
}

/// `Game::not_your_turn` reads a seat refusal of every game through `AnyGame`: the one
/// it makes itself and an engine's converted into an `AnyError`; not an action of
/// another game, an engine's rule, nor the end of the hand.
#[test]
fn a_wrong_seat_is_told_from_every_other_refusal() {
    use rummykit::TurnError;
    use rummykit::classic::ActionError as ClassicError;
    use rummykit::rummikub::ActionError as RummikubError;
    use rummykit::rummy40::ActionError as Rummy40Error;
    for variant in Variant::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut game = AnyGame::deal(&config(variant), Seating::new(3).with_dealer(0), &mut rng).unwrap();
        assert_eq!(game.config(), config(variant), "{variant}");
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        let wrong = game.check(2, &legal[0]).unwrap_err();
        let refusal = NotYourTurn { seat: 2, to_move: 1 };
        assert_eq!(wrong, AnyError::NotYourTurn(refusal), "{variant}");
        assert_eq!(AnyGame::not_your_turn(&wrong), Some(refusal), "{variant}");
        while let Some(seat) = game.to_move() {
            let action = AnyGame::random_action_from(&game.view(seat), &mut rng).unwrap();
            game.apply(seat, action).unwrap();
        }
        let over = game.check(1, &legal[0]).unwrap_err();
        assert!(
            matches!(over, AnyError::Rummikub(_) | AnyError::Classic(_) | AnyError::Rummy40(_)),
            "{over:?}"
        );
        assert_eq!(AnyGame::not_your_turn(&over), None, "{variant}: {over}");
    }
    // An engine's own seat refusal, converted, and an engine's rule.
    let refusal = NotYourTurn { seat: 0, to_move: 1 };
    for (error, read) in [
        (AnyError::from(RummikubError::from(refusal)), Some(refusal)),
        (AnyError::from(ClassicError::from(refusal)), Some(refusal)),
        (AnyError::from(Rummy40Error::from(refusal)), Some(refusal)),
        (AnyError::from(RummikubError::PoolEmpty), None),
        (AnyError::from(ClassicError::Turn(TurnError::EmptyDiscardPile)), None),
        (AnyError::from(Rummy40Error::Turn(TurnError::HandOver)), None),
    ] {
        assert_eq!(AnyGame::not_your_turn(&error), read, "{error:?}");
    }
}

#[test]
fn the_engines_own_refusals_come_through() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    // Classic: discarding before drawing (RULES.md §2.3: draw first).
    let mut game = AnyGame::deal(&config(Variant::Classic), Seating::new(2), &mut rng).unwrap();
    let seat = game.to_move().unwrap();
    let AnyGame::Classic(inner) = &game else { unreachable!() };
    let card = inner.hand(seat).unwrap().iter().next().unwrap();
    let before = game.clone();
    let err = game.apply(seat, AnyAction::Classic(rummykit::classic::Action::Discard(card))).unwrap_err();
    assert!(matches!(err, AnyError::Classic(_)), "{err:?}");
    assert_eq!(game, before);

    // Rummikub: passing while the pool still holds tiles (RULES.md §1.6).
    let mut game = AnyGame::deal(&config(Variant::Rummikub), Seating::new(2), &mut rng).unwrap();
    let seat = game.to_move().unwrap();
    let err = game.apply(seat, AnyAction::Rummikub(rummykit::rummikub::Action::Pass)).unwrap_err();
    assert!(matches!(err, AnyError::Rummikub(_)), "{err:?}");

    // Rummy 40: taking the discard before opening without opening with it (RULES.md §3.3).
    let mut game = AnyGame::deal(&config(Variant::Rummy40), Seating::new(2), &mut rng).unwrap();
    let seat = game.to_move().unwrap();
    let err = game.apply(seat, AnyAction::Rummy40(rummykit::rummy40::Action::TakeDiscard)).unwrap_err();
    assert!(matches!(err, AnyError::Rummy40(_)), "{err:?}");
}

#[test]
fn a_bot_seated_at_another_game_is_refused_not_panicking() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut game = AnyGame::deal(&config(Variant::Classic), Seating::new(2), &mut rng).unwrap();
    let before = game.clone();
    let seat = before.to_move().unwrap();
    for (variant, action) in [(Variant::Rummikub, GameKind::Rummikub), (Variant::Scala40, GameKind::Rummy40)]
    {
        for &name in variant.bot_names() {
            let mut a = rummykit::bot(variant, name, 1).unwrap();
            let mut b = rummykit::bot(variant, name, 2).unwrap();
            let err = play_hand(&mut game, &mut [a.as_mut(), b.as_mut()], 10).unwrap_err();
            assert_eq!(
                err,
                DriverError::IllegalAction {
                    hand: 0,
                    seat,
                    error: AnyError::WrongGame { game: GameKind::Classic, action },
                },
                "{variant} {name}"
            );
            assert_eq!(game, before);
        }
    }
}

#[test]
fn dealing_checks_the_seats_of_the_variant() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // RULES.md §1.1: the box set seats 2 to 4, the XP set up to 6; §3.1: 2 to 6.
    assert_eq!(
        AnyGame::deal(&Variant::Rummikub.config(), Seating::new(5), &mut rng).unwrap_err(),
        DealError::PlayerCount { seats: 5, min: 2, max: 4 }
    );
    assert!(AnyGame::deal(&Variant::RummikubXp.config(), Seating::new(5), &mut rng).is_ok());
    assert!(AnyGame::deal(&Variant::Scala40.config(), Seating::new(7), &mut rng).is_err());
    for variant in Variant::ALL {
        assert_eq!(variant.seat_range(), AnyGame::seat_range(&variant.config()));
        assert!(AnyGame::deal(&variant.config(), Seating::new(1), &mut rng).is_err(), "{variant}");
    }
}

#[test]
fn names_round_trip_in_any_case() {
    for variant in Variant::ALL {
        assert_eq!(variant.to_string(), variant.name());
        assert_eq!(variant.name().parse::<Variant>(), Ok(variant));
        assert_eq!(variant.name().to_uppercase().parse::<Variant>(), Ok(variant));
        assert_eq!(format!("  {variant}\n").parse::<Variant>(), Ok(variant));
        assert_eq!(variant.config().kind(), variant.kind());
    }
    let mut names: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), Variant::ALL.len(), "names are distinct");
}

#[test]
fn unknown_names_are_refused_with_the_name() {
    for name in ["", "poker", "rummy 40", "classic-", "scala-40"] {
        assert_eq!(name.parse::<Variant>(), Err(UnknownVariant { name: name.to_owned() }));
    }
    let long = "x".repeat(10_000);
    let err = long.parse::<Variant>().unwrap_err();
    assert_eq!(err.name.len(), 40);
    assert!(err.to_string().ends_with("rummy40, scala40"));
}

#[test]
fn every_bot_name_builds_and_others_are_refused() {
    for variant in Variant::ALL {
        for &name in variant.bot_names() {
            let bot = rummykit::bot(variant, name, 1).unwrap();
            assert_eq!(bot.name(), name);
            assert!(rummykit::bot(variant, &name.to_uppercase(), 1).is_ok());
        }
        for name in ["", "perfect", "random bot"] {
            let err = rummykit::bot(variant, name, 1).err().unwrap();
            let known = variant.bot_names().iter().map(|&n| n.to_owned()).collect();
            assert_eq!(err, UnknownBot { name: name.to_owned(), known });
        }
    }
    // The typed builders behind `bot` offer the same names, read the same way, and
    // refuse the others with the same error.
    use rummykit::NamedBots;
    assert_eq!(Variant::Schmidt.bot_names(), Rummikub::BOT_NAMES);
    assert_eq!(Variant::ClassicLastCard.bot_names(), rummykit::classic::ClassicRummy::BOT_NAMES);
    assert_eq!(Variant::Rummy40.bot_names(), rummykit::rummy40::Rummy40::BOT_NAMES);
    assert_eq!(Rummikub::named_bot(" Greedy ", 1).map(|b| b.name().to_owned()), Ok("greedy".to_owned()));
    for name in ["planner", "", "x".repeat(100).as_str()] {
        let typed = Rummikub::named_bot(name, 1).err();
        assert_eq!(typed, rummykit::bot(Variant::Rummikub, name, 1).err(), "{name}");
        assert_eq!(typed.map(|e| e.name.len()), Some(name.len().min(40)));
    }
    // Names of one engine's bots are not offered for another's.
    assert!(rummykit::bot(Variant::Rummikub, "planner", 1).is_err());
    assert!(rummykit::bot(Variant::Scala40, "sampler", 1).is_err());
    assert!(rummykit::bot(Variant::ClassicLiberal, "thorough", 1).is_err());
}

#[test]
fn seeded_bots_replay_exactly() {
    for variant in [Variant::Rummikub, Variant::ClassicLiberal, Variant::Scala40] {
        let play = |seed: u64| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AnyGame::deal(&config(variant), Seating::new(3), &mut rng).unwrap();
            let mut bots: Vec<_> =
                (0..3).map(|s| rummykit::bot(variant, "random", seed + s).unwrap()).collect();
            let mut seated: Vec<&mut dyn Bot<AnyGame>> = bots.iter_mut().map(|b| b.as_mut() as _).collect();
            play_hand(&mut game, &mut seated, MAX_ACTIONS).unwrap()
        };
        assert_eq!(play(5), play(5), "{variant}");
        assert_ne!(play(5).1, play(6).1, "{variant}");
    }
}

#[test]
fn matches_are_recorded_and_replayed() {
    for variant in Variant::ALL {
        let seats = 3;
        let setup = MatchRecord::<AnyGame>::new(
            variant.name(),
            config(variant),
            MatchTerms::new(seats).with_first_dealer(0).with_end(MatchEnd::FixedHands(2)),
            11,
        );
        let mut bots: Vec<_> =
            (0..seats).map(|s| rummykit::bot(variant, "greedy", s as u64).unwrap()).collect();
        let mut seated: Vec<&mut dyn Bot<AnyGame>> = bots.iter_mut().map(|b| b.as_mut() as _).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
        let (record, played) = record_match(setup, &mut seated, &mut rng, MAX_ACTIONS).unwrap();
        assert_eq!(record.hands.len(), 2, "{variant}");
        assert_eq!(record.totals, played.totals());
        let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).unwrap();
        assert_eq!(replayed.totals, record.totals, "{variant}");
        assert!(record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed + 1)).is_err());
        // The leader has the best total in the variant's own score order.
        let best = played.standings()[0];
        let totals = played.totals();
        let leading = match variant.score_order() {
            rummykit::ScoreOrder::LowerIsBetter => totals.iter().min(),
            _ => totals.iter().max(),
        };
        assert_eq!(Some(&totals[best]), leading, "{variant}");
    }
}

#[test]
fn elimination_follows_the_score_order_of_the_variant() {
    // RULES.md §3.8: Rummy 40's penalties allow a match by elimination through AnyGame;
    // Rummikub's points (higher is better) do not, and the refusal is typed.
    let terms = MatchTerms::new(2).with_end(MatchEnd::Elimination(101));
    assert!(rummykit::Match::<AnyGame>::new(Variant::Rummy40.config(), terms).is_ok());
    let err = rummykit::Match::<AnyGame>::new(Variant::Rummikub.config(), terms).unwrap_err();
    assert_eq!(
        err,
        rummykit::MatchError::End(rummykit::MatchEndError::EliminationNeedsPenaltyScores { limit: 101 })
    );
}

#[cfg(feature = "serde")]
#[test]
fn games_actions_and_records_round_trip_through_json() {
    use rand::seq::IndexedRandom;
    for variant in Variant::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut game = AnyGame::deal(&config(variant), Seating::new(2), &mut rng).unwrap();
        let mut legal = Vec::new();
        for _ in 0..6 {
            game.legal_actions(&mut legal);
            let Some(action) = legal.choose(&mut rng).cloned() else { break };
            let json = serde_json::to_string(&action).unwrap();
            assert_eq!(serde_json::from_str::<AnyAction>(&json).unwrap(), action);
            game.apply(game.to_move().unwrap(), action).unwrap();
        }
        let json = serde_json::to_string(&game).unwrap();
        assert!(json.starts_with(&format!("{{\"{:?}\":", game.kind())), "{json:.40}");
        let back = serde_json::from_str::<AnyGame>(&json).unwrap();
        // Rummy 40 saves name cards by face: after play, the same save (see round_trip).
        assert_eq!(serde_json::to_string(&back).unwrap(), json);
        if game.kind() != GameKind::Rummy40 {
            assert_eq!(back, game);
        }
        let json = serde_json::to_string(&variant).unwrap();
        // Saved by the name the command line and match records use.
        assert_eq!(json, format!("\"{}\"", variant.name()));
        assert_eq!(serde_json::from_str::<Variant>(&json).unwrap(), variant);
        let config = config(variant);
        assert_eq!(
            serde_json::from_str::<AnyConfig>(&serde_json::to_string(&config).unwrap()).unwrap(),
            config
        );
    }
}

/// The conformance harness over `AnyGame`: conservation, enumeration agreeing with the
/// check, refused actions changing nothing, termination. Each engine's own harness
/// checks its rules in depth; this one checks that `AnyGame` passes them through, and
/// offers every other game's draw as a candidate that must be refused.
struct Any;

fn tokens(ids: impl Iterator<Item = PieceId>) -> Vec<usize> {
    ids.map(|id| usize::from(id.index())).collect()
}

fn rack(game: &Rummikub, seat: Seat) -> TileCounts {
    game.rack(seat).copied().unwrap_or_default()
}

impl Conformance for Any {
    type Game = AnyGame;

    fn inventory(&self, game: &AnyGame) -> Vec<u32> {
        match game {
            AnyGame::Rummikub(g) => {
                let full = TileCounts::full(&g.config().tile_set.catalog());
                Tile::all().map(|t| u32::from(full.count(t))).collect()
            }
            AnyGame::Classic(_) => vec![1; 52],
            AnyGame::Rummy40(g) => vec![1; g.catalog().len()],
            _ => unreachable!("three engines"),
        }
    }

    fn census(&self, game: &AnyGame) -> Vec<Place> {
        let hands = |n: usize, hand: &dyn Fn(Seat) -> Vec<usize>| -> Vec<Place> {
            (0..n).map(|s| Place::new(format!("hand {s}"), hand(s))).collect()
        };
        match game {
            AnyGame::Rummikub(g) => {
                let idx = |t: Tile| usize::from(t.index());
                let mut places = hands(g.seats(), &|s| rack(g, s).iter().map(idx).collect());
                places.push(Place::new("pool", g.pool().map(idx).collect()));
                places.push(Place::new(
                    "table",
                    g.table().iter().flat_map(|m| m.faces().iter().copied().map(idx)).collect(),
                ));
                places
            }
            AnyGame::Classic(g) => {
                let mut places = hands(g.seats(), &|s| tokens(g.hand(s).unwrap().iter()));
                places.push(Place::new("stock", tokens(g.piles().stock().iter().copied())));
                places.push(Place::new("discard pile", tokens(g.piles().discard_pile().iter().copied())));
                for m in g.table().melds() {
                    places.push(Place::new(format!("meld {}", m.id()), tokens(m.pieces().iter().copied())));
                }
                places
            }
            AnyGame::Rummy40(g) => {
                let mut places = hands(g.seats(), &|s| tokens(g.hand(s).unwrap().iter()));
                places.push(Place::new("stock", tokens(g.piles().stock().iter().copied())));
                places.push(Place::new("discard pile", tokens(g.piles().discard_pile().iter().copied())));
                places.push(Place::new("table", tokens(g.table().pieces().iter())));
                places
            }
            _ => unreachable!("three engines"),
        }
    }

    fn canonical(&self, _: &AnyGame, action: &AnyAction) -> AnyAction {
        match action {
            AnyAction::Rummy40(a) => AnyAction::Rummy40(a.normalized()),
            other => other.clone(),
        }
    }

    fn candidates<R: Rng + ?Sized>(&self, game: &AnyGame, _: &mut R) -> Vec<Candidate<AnyAction>> {
        draws()
            .into_iter()
            .map(|a| if a.kind() == game.kind() { Candidate::unknown(a) } else { Candidate::reject(a) })
            .collect()
    }

    /// Every engine deals anew what a seat may not see (`Redeal`).
    fn permute_hidden<R: Rng + ?Sized>(&self, game: &AnyGame, seat: Seat, rng: &mut R) -> Option<AnyGame> {
        Some(game.redeal(seat, rng))
    }

    fn max_steps(&self, game: &AnyGame) -> usize {
        match game {
            AnyGame::Rummikub(g) => {
                let tiles = g.config().tile_set.catalog().len();
                g.pool_len() + tiles + g.seats() * (tiles + 1)
            }
            _ => 4_000 * game.seats(),
        }
    }

    fn zero_sum(&self, game: &AnyGame) -> bool {
        // RULES.md §1.8: the Rummikub winner scores what the others lose.
        game.kind() == GameKind::Rummikub
    }

    /// Every game comes back exactly, ids included (a Rummy 40 save writes each card's
    /// copy, docs/design/rummy40.md).
    #[cfg(feature = "serde")]
    fn round_trip(&self, game: &AnyGame) -> Option<Result<AnyGame, String>> {
        let json = match serde_json::to_string(game) {
            Ok(j) => j,
            Err(e) => return Some(Err(e.to_string())),
        };
        Some(serde_json::from_str(&json).map_err(|e| e.to_string()))
    }
}

#[test]
fn conformance_harness_on_every_variant() {
    let games = conformance::games_from_env(3);
    for variant in Variant::ALL {
        let mut plan = Plan::new(games, 2026 + variant as u64).view_every(9).round_trip_every(25);
        for seats in seat_counts(variant) {
            plan = plan.seating(Seating::new(seats));
        }
        match conformance::run::<Any, ChaCha8Rng>(&Any, &config(variant), &plan) {
            Ok(report) => {
                println!("{variant}: {report}");
                assert_eq!(report.games, games * seat_counts(variant).count());
                // Every other game's draw was offered at every step and refused.
                assert!(report.rejected >= 2 * report.steps, "{variant}: {report}");
                if variant.kind() != GameKind::Rummikub {
                    assert!(report.views_checked > 0, "{variant}: {report}");
                }
            }
            Err(violation) => panic!("{variant}: {violation}"),
        }
    }
}

/// `AnyGame`'s random playouts, through the hand loop's `apply_shown` forwarded to the
/// engine, are the engine's: the same actions, outcome and final state hand for hand,
/// for Rummy 40 and Scala 40 (whose engine applies a random draw's action without
/// deciding it again; the debug build compares each such plan with the check's) and
/// classic Rummy.
#[test]
fn any_game_random_playouts_are_the_engines() {
    use rummykit::RandomBot;
    use rummykit::classic::ClassicRummy;
    use rummykit::rummy40::Rummy40;

    fn engine<G: Game>(config: &G::Config, hand: u64) -> (G, Vec<G::Action>, rummykit::Outcome) {
        let mut game = G::deal(config, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(hand)).unwrap();
        let mut bots: Vec<RandomBot<ChaCha8Rng>> =
            (0..4).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(hand * 8 + s))).collect();
        let mut seated: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| b as &mut dyn Bot<G>).collect();
        let (outcome, actions) = play_hand(&mut game, &mut seated, MAX_ACTIONS).expect("a hand played");
        (game, actions, outcome)
    }

    for variant in [Variant::Rummy40, Variant::Scala40, Variant::Classic] {
        for hand in 1..=30u64 {
            let config = config(variant);
            let (any, any_actions, any_outcome) = engine::<AnyGame>(&config, hand);
            let (own, own_actions): (AnyGame, Vec<AnyAction>) = match config {
                AnyConfig::Rummy40(c) => {
                    let (g, a, o) = engine::<Rummy40>(&c, hand);
                    assert_eq!(o, any_outcome, "{variant} hand {hand}");
                    (g.into(), a.into_iter().map(AnyAction::Rummy40).collect())
                }
                AnyConfig::Classic(c) => {
                    let (g, a, o) = engine::<ClassicRummy>(&c, hand);
                    assert_eq!(o, any_outcome, "{variant} hand {hand}");
                    (g.into(), a.into_iter().map(AnyAction::Classic).collect())
                }
                other => panic!("{other:?}"),
            };
            assert_eq!(any_actions, own_actions, "{variant} hand {hand}");
            assert_eq!(any, own, "{variant} hand {hand}");
        }
    }
}
