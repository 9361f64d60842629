//! Sessions (RULES.md §1.2 step 5, §1.8 "Sessions") made of scripted games: each game is
//! a position built with the public `Setup`, started by the seat the session gives it,
//! played to its end through `apply`, and its outcome recorded. The totals, the rotation
//! of the starting seat, the end and the winners are checked game by game; a finished
//! session refuses to go on and is left as it was.

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{DriverError, Game, Match, MatchError, MatchTerms, Ranking};
use rummykit_rummikub::{Action, Config, GameEnd, GreedyBot, Rummikub, SessionRanking};

/// Deals the session's next game (from which only its starter is read) and checks that
/// `scripted`, the game actually played, starts where the session says and that the
/// session's dealer is the seat before it.
fn next_game(s: &mut Match<Rummikub>, rng: &mut ChaCha8Rng, scripted: Rummikub) -> Rummikub {
    let dealt = s.next_hand(rng).expect("the session goes on");
    assert_eq!(scripted.starter(), dealt.starter(), "the scripted game starts where the session says");
    assert_eq!(scripted.dealt_by(), s.dealer(), "the seat before the starter deals");
    scripted
}

/// Every seat passes once (the pool is empty): the game ends as §1.7 says.
fn all_pass(game: &mut Rummikub) {
    for _ in 0..game.seats() {
        game.apply(game.to_move().expect("game on"), Action::Pass).expect("pass with an empty pool");
    }
    assert_eq!(game.end(), Some(GameEnd::PoolEmpty));
}

/// A finished session refuses another game, another outcome and a driver asked to play
/// on, each with `Over`, and no refusal changes it.
fn refuses_to_go_on(s: &mut Match<Rummikub>, rng: &mut ChaCha8Rng) {
    let before = s.clone();
    let hands = s.hands_played();
    assert_eq!(s.next_hand(rng).unwrap_err(), MatchError::Over { hands });
    let outcome = s.history().last().expect("a game was played").clone();
    assert_eq!(s.record(&outcome).unwrap_err(), MatchError::Over { hands });
    let mut bots: Vec<GreedyBot> = (0..s.seats()).map(|_| GreedyBot::new()).collect();
    assert_eq!(s.play(&mut bots, rng, 10).unwrap_err(), DriverError::Match(MatchError::Over { hands }));
    assert_eq!(*s, before, "a refused request changed the session");
}

/// RULES.md §1.8 and §1.2 step 5: a session of four games between four players (one
/// round, the default `HighestTotal` session) made of the worked examples of §1.8, each
/// started by the next seat clockwise: (a) A goes out, +76; (b) the pool runs out, B has
/// the lowest rack, +32; (c) a hand rummy, +152; (a) again with the last seat going out.
/// Totals add up game by game, every seat starts once, the highest total wins, and
/// under `MostGamesWon` (one game each) the total breaks the tie the same way.
#[test]
fn rules_1_8_a_session_of_the_worked_examples_adds_up_and_the_start_rotates() {
    let config = Config::STANDARD.with_hand_rummy_double(true);
    for ranking in [SessionRanking::HighestTotal, SessionRanking::MostGamesWon] {
        let config = config.with_session_ranking(ranking);
        let terms = Rummikub::default_terms(&config, 4).with_first_dealer(3);
        let mut s = Match::<Rummikub>::new(config, terms).expect("a session");
        let mut rng = ChaCha8Rng::seed_from_u64(5);

        // (a): seat 0 starts and goes out; B 3 7 12 J = 52, C 1 1 13 = 15, D 9.
        let racks = ["r10 r11 r12", "r3 b7 y12 J", "r1 b1 k13", "y9"];
        let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[true; 4], 0));
        play(&mut game, vec![run("r10 r11 r12")]);
        assert_eq!(game.outcome().expect("over").points, [76, -52, -15, -9]);
        s.record(&game.outcome().expect("over")).expect("recorded");
        assert_eq!(s.totals(), [76, -52, -15, -9]);

        // (b): seat 1 starts; rack values 15, 8, 22, 19; all pass.
        let racks = ["r7 b8", "y8", "k9 k13", "r6 r13"];
        let mut game =
            next_game(&mut s, &mut rng, scripted_empty_pool(config, &racks, vec![], &[true; 4], 1));
        all_pass(&mut game);
        assert_eq!(game.outcome().expect("over").points, [-7, 32, -14, -11]);
        s.record(&game.outcome().expect("over")).expect("recorded");
        assert_eq!(s.totals(), [69, -20, -29, -20]);

        // (c): seat 2 starts and goes out in its first laying turn, below 30: doubled.
        let racks = ["r1 b1 k13", "y9", "r1 r2 r3", "r3 b7 y12 J"];
        let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[false; 4], 2));
        play(&mut game, vec![run("r1 r2 r3")]);
        assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 2, hand_rummy: true }));
        assert_eq!(game.outcome().expect("over").points, [-30, -18, 152, -104]);
        s.record(&game.outcome().expect("over")).expect("recorded");
        assert_eq!(s.totals(), [39, -38, 123, -124]);
        assert!(!s.is_over(), "three games of a four-game round");

        // (a) with seat 3, the last to start, going out.
        let racks = ["r3 b7 y12 J", "r1 b1 k13", "y9", "r10 r11 r12"];
        let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[true; 4], 3));
        play(&mut game, vec![run("r10 r11 r12")]);
        s.record(&game.outcome().expect("over")).expect("recorded");

        assert!(s.is_over(), "{ranking:?}: one game per player");
        assert_eq!(s.totals(), [-13, -53, 114, -48]);
        assert_eq!(s.totals().iter().sum::<i64>(), 0, "every game is zero-sum, so is the session");
        assert_eq!(s.hands_won(), [1, 1, 1, 1]);
        assert_eq!(s.winners(), [2], "{ranking:?}");
        assert_eq!(s.standings(), [2, 0, 3, 1], "{ranking:?}");
        refuses_to_go_on(&mut s, &mut rng);
    }
}

/// The racks of a game that ends on an empty pool with seats 0 and 1 tied for the lowest
/// rack (5, one tile each) and seat 2 holding `rest`.
fn tied_game(config: Config, rest: &str) -> Rummikub {
    let mut game = scripted_empty_pool(config, &["r5", "b5", rest], vec![], &[true; 3], 0);
    all_pass(&mut game);
    game
}

/// RULES.md §1.8 `TargetScore(n)`: the session ends after the game in which a total
/// reaches the target, even when two seats reach it in the same game (a shared win at an
/// empty pool): both reach 30 at once. With equal totals both win the session; when
/// the pot does not split evenly the seat that got the remainder (the first tied seat
/// clockwise from the starter, as nobody played) has more and wins alone. The loser's
/// negative total ranks last.
#[test]
fn rules_1_8_a_target_reached_by_two_seats_in_one_game() {
    let config = Config::STANDARD.with_session_ranking(SessionRanking::TargetScore(30));
    // 71 − 5 = 66 shared 33 / 33; 70 − 5 = 65 shared 33 / 32.
    for (rest, points, winners) in [
        ("k13 y13 r13 b13 k10 b9", [33, 33, -66], vec![0, 1]),
        ("k13 y13 r13 b13 k10 b8", [33, 32, -65], vec![0]),
    ] {
        let terms = Rummikub::default_terms(&config, 3).with_first_dealer(2);
        assert_eq!((terms.end, terms.ranking), (rummykit_core::MatchEnd::TargetScore(30), Ranking::Total));
        let mut s = Match::<Rummikub>::new(config, terms).expect("a session");
        let mut rng = ChaCha8Rng::seed_from_u64(6);
        let game = next_game(&mut s, &mut rng, tied_game(config, rest));
        let outcome = game.outcome().expect("over");
        assert_eq!((outcome.points.as_slice(), outcome.winners.as_slice()), (&points[..], &[0, 1][..]));
        s.record(&outcome).expect("recorded");
        assert!(s.is_over(), "{rest}: both tied seats reached 30");
        assert_eq!(s.totals(), points);
        assert_eq!(s.hands_won(), [1, 1, 0], "a shared game counts as won for both");
        assert_eq!(s.winners(), winners, "{rest}");
        assert_eq!(s.standings(), [0, 1, 2]);
        refuses_to_go_on(&mut s, &mut rng);
    }
    // Below the target by one, the same game does not end the session.
    let config = config.with_session_ranking(SessionRanking::TargetScore(34));
    let mut s =
        Match::<Rummikub>::new(config, Rummikub::default_terms(&config, 3).with_first_dealer(2)).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let game = next_game(&mut s, &mut rng, tied_game(config, "k13 y13 r13 b13 k10 b9"));
    s.record(&game.outcome().expect("over")).expect("recorded");
    assert!(!s.is_over(), "33 has not reached 34");
    assert!(s.winners().is_empty(), "nobody has won a session that goes on");
}

/// RULES.md §1.8: a match of one game (`MatchTerms::new`, `SingleHand`) is over after
/// that game, its totals are the game's scores and its winner the game's; it deals no
/// second game.
#[test]
fn rules_1_8_a_match_of_one_game_is_the_game() {
    let config = Config::STANDARD;
    let mut s = Match::<Rummikub>::new(config, MatchTerms::new(4).with_first_dealer(3)).expect("one game");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // RULES.md §1.8 (a): A goes out; B 3 7 12 J = 52, C 1 1 13 = 15, D 9.
    let racks = ["b10 b11 b12", "r3 b7 y12 J", "r1 b1 k13", "y9"];
    let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[true; 4], 0));
    play(&mut game, vec![run("b10 b11 b12")]);
    s.record(&game.outcome().expect("over")).expect("recorded");
    assert!(s.is_over());
    assert_eq!((s.totals(), s.winners()), (&[76, -52, -15, -9][..], vec![0]));
    refuses_to_go_on(&mut s, &mut rng);
}

/// RULES.md §4.1 "Scoring": Schmidt plays a fixed number of games, by default one round
/// (a game per player), and the highest total wins. Three games of the booklet's
/// examples: B 5 8 J = −38 with the joker at 25; a Handrummy below 30, doubled
/// (−76, −8, +84); the first example again with the last seat going out.
#[test]
fn rules_4_1_a_schmidt_round_adds_up_and_the_highest_total_wins() {
    let config = Config::SCHMIDT;
    let terms = Rummikub::default_terms(&config, 3).with_first_dealer(2);
    assert_eq!((terms.end, terms.ranking), (rummykit_core::MatchEnd::FixedHands(3), Ranking::Total));
    let mut s = Match::<Rummikub>::new(config, terms).expect("a session");
    let mut rng = ChaCha8Rng::seed_from_u64(8);

    let racks = ["b10 b11 b12", "r5 y8 J", "k4"];
    let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[true; 3], 0));
    play(&mut game, vec![run("b10 b11 b12")]);
    s.record(&game.outcome().expect("over")).expect("recorded");
    assert_eq!(s.totals(), [42, -38, -4]);

    let racks = ["k4", "b1 b2 b3 y7 k7 r7", "r5 y8 J"];
    let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[false; 3], 1));
    play(&mut game, vec![run("b1 b2 b3"), group("y7 k7 r7")]);
    assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 1, hand_rummy: true }));
    s.record(&game.outcome().expect("over")).expect("recorded");
    assert_eq!(s.totals(), [34, 46, -80]);

    let racks = ["r5 y8 J", "k4", "b10 b11 b12"];
    let mut game = next_game(&mut s, &mut rng, scripted(config, &racks, vec![], "", &[true; 3], 2));
    play(&mut game, vec![run("b10 b11 b12")]);
    s.record(&game.outcome().expect("over")).expect("recorded");
    assert!(s.is_over(), "one game per player");
    assert_eq!(s.totals(), [-4, 42, -38]);
    assert_eq!((s.winners(), s.standings()), (vec![1], vec![1, 0, 2]));
    refuses_to_go_on(&mut s, &mut rng);
}
