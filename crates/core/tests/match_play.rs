//! The match driver ([`Match`]) and the hand driver ([`play_hand`]) on a toy game,
//! without any real game crate.
//!
//! The toy "high card" game: every seat is dealt one number 1–13; seats reveal in
//! turn, starting after the dealer; the highest number wins (a tie for highest is a
//! void hand). `HighCard<false>` scores like Rummikub (losers lose their number, the
//! winner gains the sum); `HighCard<true>` scores penalty points like Rummy 40 (each
//! loser takes their number, the winner 0).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Bot, DealError, DriverError, Game, MAX_SEATS, Match, MatchEnd, MatchEndError, MatchError, MatchTerms,
    Outcome, Players, Ranking, ScoreOrder, Seat, Seating, play_hand,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Act {
    Reveal,
    /// Always refused.
    Cheat,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("cheating is not allowed")]
struct Cheating;

/// Acting out of turn counts as cheating here.
impl From<rummykit_core::NotYourTurn> for Cheating {
    fn from(_: rummykit_core::NotYourTurn) -> Cheating {
        Cheating
    }
}

#[derive(Debug, Clone, PartialEq)]
struct View {
    seat: Seat,
    card: u8,
}

#[derive(Debug, Clone, PartialEq)]
struct HighCard<const PENALTY: bool> {
    cards: Vec<u8>,
    dealer: Seat,
    next: Seat,
    revealed: usize,
}

impl<const PENALTY: bool> Game for HighCard<PENALTY> {
    type Config = ();
    type Action = Act;
    type View = View;
    type Error = Cheating;

    fn score_order(_: &()) -> ScoreOrder {
        if PENALTY { ScoreOrder::LowerIsBetter } else { ScoreOrder::HigherIsBetter }
    }

    fn deal<R: rand::Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        seating.check(2, 4)?;
        let n = seating.seats;
        let dealer = match seating.dealer {
            Some(d) => d,
            None => rng.random_range(0..n),
        };
        let cards = (0..n).map(|_| rng.random_range(1..=13)).collect();
        Ok(HighCard { cards, dealer, next: (dealer + 1) % n, revealed: 0 })
    }

    fn seats(&self) -> usize {
        self.cards.len()
    }

    fn config(&self) {}

    fn to_move(&self) -> Option<Seat> {
        (self.revealed < self.cards.len()).then_some(self.next)
    }

    fn apply(&mut self, seat: Seat, action: Act) -> Result<(), Cheating> {
        rummykit_core::NotYourTurn::check(seat, self.to_move())?;
        if action == Act::Cheat || self.to_move().is_none() {
            return Err(Cheating);
        }
        self.revealed += 1;
        self.next = (self.next + 1) % self.cards.len();
        Ok(())
    }

    fn view(&self, seat: Seat) -> View {
        View { seat, card: self.cards[seat] }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.to_move().is_some() {
            return None;
        }
        let best = *self.cards.iter().max()?;
        let n = self.cards.len();
        if self.cards.iter().filter(|&&c| c == best).count() > 1 {
            return Some(Outcome { points: vec![0; n], winners: vec![] });
        }
        let winner = self.cards.iter().position(|&c| c == best)?;
        let losers: i64 = (0..n).filter(|&s| s != winner).map(|s| i64::from(self.cards[s])).sum();
        let points = (0..n)
            .map(|s| match (s == winner, PENALTY) {
                (true, false) => losers,
                (true, true) => 0,
                (false, false) => -i64::from(self.cards[s]),
                (false, true) => i64::from(self.cards[s]),
            })
            .collect();
        Some(Outcome { points, winners: vec![winner] })
    }
}

/// Reveals, and counts how often it was asked.
#[derive(Default)]
struct Revealer {
    asked: usize,
    seats_seen: Vec<Seat>,
}

impl<const P: bool> Bot<HighCard<P>> for Revealer {
    fn name(&self) -> &str {
        "revealer"
    }
    fn act(&mut self, view: &View) -> Act {
        self.asked += 1;
        self.seats_seen.push(view.seat);
        Act::Reveal
    }
}

struct Cheater;
impl<const P: bool> Bot<HighCard<P>> for Cheater {
    fn name(&self) -> &str {
        "cheater"
    }
    fn act(&mut self, _: &View) -> Act {
        Act::Cheat
    }
}

type Plus = HighCard<false>;
type Penalty = HighCard<true>;

fn terms(seats: usize, first_dealer: Option<Seat>, end: MatchEnd, ranking: Ranking) -> MatchTerms {
    // Built from `new`: terms are `#[non_exhaustive]`, so no literal outside the crate.
    let mut terms = MatchTerms::new(seats).with_end(end).with_ranking(ranking);
    terms.first_dealer = first_dealer;
    terms
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

fn outcome(points: &[i64], winner: Option<Seat>) -> Outcome {
    Outcome { points: points.to_vec(), winners: winner.into_iter().collect() }
}

fn play_match<G: Game>(m: &mut Match<G>, seed: u64) -> Vec<Revealer>
where
    Revealer: Bot<G>,
{
    let mut bots: Vec<Revealer> = (0..m.seats()).map(|_| Revealer::default()).collect();
    let mut refs: Vec<&mut dyn Bot<G>> = bots.iter_mut().map(|b| b as &mut dyn Bot<G>).collect();
    m.play(&mut refs, &mut rng(seed), 100).expect("the toy match plays to its end");
    bots
}

#[test]
fn play_hand_runs_the_toy_to_its_end() {
    let mut game = Plus::deal(&(), Seating::new(3).with_dealer(1), &mut rng(1)).unwrap();
    let (mut a, mut b, mut c) = (Revealer::default(), Revealer::default(), Revealer::default());
    let mut bots: [&mut dyn Bot<Plus>; 3] = [&mut a, &mut b, &mut c];
    let (outcome, actions) = play_hand(&mut game, &mut bots, 10).unwrap();
    assert_eq!(actions, vec![Act::Reveal; 3]);
    assert_eq!(outcome.points.len(), 3);
    assert_eq!(outcome.points.iter().sum::<i64>(), 0, "the toy is zero-sum");
    // Seat 2 (after dealer 1) was asked first, with its own view only.
    assert_eq!(
        (c.seats_seen.clone(), a.seats_seen.clone(), b.seats_seen.clone()),
        (vec![2], vec![0], vec![1])
    );
}

#[test]
fn play_hand_errors() {
    let game = Plus::deal(&(), Seating::new(2).with_dealer(0), &mut rng(2)).unwrap();
    let mut r = Revealer::default();
    let mut cheat = Cheater;

    let mut g = game.clone();
    let mut one: [&mut dyn Bot<Plus>; 1] = [&mut r];
    let err = play_hand(&mut g, &mut one, 10).unwrap_err();
    assert_eq!(err, DriverError::BotCount { bots: 1, seats: 2 });
    assert_eq!(err.to_string(), "1 player for 2 seats");
    assert_eq!(DriverError::<Cheating>::BotCount { bots: 3, seats: 1 }.to_string(), "3 players for 1 seat");

    let mut g = game.clone();
    let mut r2 = Revealer::default();
    let mut bots: [&mut dyn Bot<Plus>; 2] = [&mut r2, &mut cheat];
    let err = play_hand(&mut g, &mut bots, 10).unwrap_err();
    assert_eq!(err, DriverError::IllegalAction { hand: 0, seat: 1, error: Cheating });
    // The game's reason is the source, not repeated in the message.
    assert_eq!(err.to_string(), "hand 1 (counting from 1): seat 1 (counting from 0) chose an illegal action");
    assert_eq!(
        std::error::Error::source(&err).map(ToString::to_string),
        Some("cheating is not allowed".into())
    );

    let mut g = game;
    let (mut r3, mut r4) = (Revealer::default(), Revealer::default());
    let mut bots: [&mut dyn Bot<Plus>; 2] = [&mut r3, &mut r4];
    let err = play_hand(&mut g, &mut bots, 1).unwrap_err();
    assert_eq!(err, DriverError::TooLong { hand: 0, actions: 1 });
    assert_eq!(err.to_string(), "hand 1 did not end within 1 action", "hands counted from 1");
}

/// `play_hand` takes any player set, as a match does: boxed bots as they come, and a
/// `Players` of one's own, which is told of each action and may ask again after a refusal.
#[test]
fn play_hand_takes_any_player_set() {
    let game = Plus::deal(&(), Seating::new(2).with_dealer(0), &mut rng(4)).unwrap();

    let mut g = game.clone();
    let mut boxed: Vec<Box<dyn Bot<Plus>>> =
        vec![Box::new(Revealer::default()), Box::new(Revealer::default())];
    let (boxed_outcome, boxed_actions) = play_hand(&mut g, &mut boxed, 10).unwrap();
    assert_eq!(boxed_actions, vec![Act::Reveal; 2]);

    // Cheats once on its first turn, asks again, then reveals; counts what is applied.
    struct Learner {
        cheated: bool,
        applied: Vec<(Seat, Act)>,
    }
    impl Players<Plus> for Learner {
        fn act(&mut self, view: &View, seat: Seat, hand_seat: Seat) -> Option<Act> {
            assert_eq!((seat, hand_seat), (view.seat, view.seat), "each table seat is its own player");
            Some(if self.cheated { Act::Reveal } else { Act::Cheat })
        }
        fn applied(&mut self, _: &Plus, seat: Seat, action: &Act) {
            self.applied.push((seat, *action));
        }
        fn refused(&mut self, _: &View, _: Seat, _: &Cheating) -> bool {
            self.cheated = true;
            true
        }
    }
    let mut g = game.clone();
    let mut own = Learner { cheated: false, applied: Vec::new() };
    let (outcome, actions) = play_hand(&mut g, &mut own, 10).unwrap();
    assert!(own.cheated);
    assert_eq!(actions, vec![Act::Reveal; 2]);
    assert_eq!(own.applied, [(1, Act::Reveal), (0, Act::Reveal)]);
    assert_eq!(outcome, boxed_outcome, "the same deal, the same reveals");

    // A player set of another size is refused before any action.
    let mut g = game.clone();
    let mut three: Vec<Box<dyn Bot<Plus>>> = (0..3).map(|_| Box::new(Revealer::default()) as _).collect();
    assert_eq!(play_hand(&mut g, &mut three, 10).unwrap_err(), DriverError::BotCount { bots: 3, seats: 2 });
    assert_eq!(g.to_move(), game.to_move());
}

#[test]
fn owned_borrowed_and_boxed_bots_seat_the_same_table() {
    let game = Plus::deal(&(), Seating::new(2).with_dealer(0), &mut rng(4)).unwrap();
    let play = |players: &mut dyn FnMut(&mut Plus) -> (Outcome, Vec<Act>)| {
        let mut g = game.clone();
        players(&mut g)
    };

    // Owned bots of one type, in a vector and in an array: each keeps what it was asked.
    let mut owned = vec![Revealer::default(), Revealer::default()];
    let by_vec = play(&mut |g| play_hand(g, &mut owned, 10).unwrap());
    assert_eq!((owned[0].seats_seen.as_slice(), owned[1].seats_seen.as_slice()), (&[0][..], &[1][..]));
    let mut array = [Revealer::default(), Revealer::default()];
    let by_array = play(&mut |g| play_hand(g, &mut array, 10).unwrap());
    assert_eq!(array.iter().map(|b| b.asked).collect::<Vec<_>>(), [1, 1]);

    // Borrowed bots, of one type and mixed through `dyn Bot`.
    let (mut a, mut b) = (Revealer::default(), Revealer::default());
    let by_ref = play(&mut |g| play_hand(g, &mut [&mut a, &mut b], 10).unwrap());
    let mut c = Revealer::default();
    let mut mixed: Vec<&mut dyn Bot<Plus>> = vec![&mut c, &mut b];
    let by_dyn = play(&mut |g| play_hand(g, &mut mixed, 10).unwrap());
    assert_eq!((a.asked, b.asked, c.asked), (1, 2, 1), "each borrowed bot was asked for its own seat");

    // Boxed bots: the one at seat 1 (the first to move after dealer 0) is the one asked.
    let mut boxed: Vec<Box<dyn Bot<Plus>>> = vec![Box::new(Revealer::default()), Box::new(Cheater)];
    let mut g = game.clone();
    assert!(matches!(play_hand(&mut g, &mut boxed, 10), Err(DriverError::IllegalAction { seat: 1, .. })));

    for other in [&by_array, &by_ref, &by_dyn] {
        assert_eq!(other, &by_vec, "the same deal, the same reveals");
    }
}

#[test]
fn fixed_hands_plays_exactly_that_many_and_totals_add_up() {
    let mut m = Match::<Plus>::new((), terms(4, Some(0), MatchEnd::FixedHands(12), Ranking::Total)).unwrap();
    let bots = play_match(&mut m, 3);
    assert!(m.is_over());
    assert_eq!(m.hands_played(), 12);
    assert_eq!(m.history().len(), 12);
    assert_eq!(bots.iter().map(|b| b.asked).sum::<usize>(), 12 * 4);
    for seat in 0..4 {
        let column: i64 = m.history().iter().map(|o| o.points[seat]).sum();
        assert_eq!(m.totals()[seat], column);
        let won = m.history().iter().filter(|o| o.winners.contains(&seat)).count() as u32;
        assert_eq!(m.hands_won()[seat], won);
    }
    assert_eq!(m.totals().iter().sum::<i64>(), 0);
    let standings = m.standings();
    assert!(standings.windows(2).all(|w| m.totals()[w[0]] >= m.totals()[w[1]]));
    assert_eq!(m.winners(), shared_best(&m));
    assert!(m.winners().contains(&standings[0]));
    // Over: no more hands.
    assert_eq!(m.next_hand(&mut rng(0)).unwrap_err(), MatchError::Over { hands: 12 });
}

#[test]
fn same_seed_same_match() {
    let run = |seed| {
        let mut m = Match::<Plus>::new((), terms(3, None, MatchEnd::FixedHands(20), Ranking::Total)).unwrap();
        play_match(&mut m, seed);
        m.history().to_vec()
    };
    assert_eq!(run(9), run(9));
    assert_ne!(run(9), run(10));
}

#[test]
fn single_hand_is_one_hand() {
    // RULES.md §3.8: each hand settled on its own.
    let mut m = Match::<Penalty>::new((), terms(2, None, MatchEnd::SingleHand, Ranking::Total)).unwrap();
    assert!(!m.is_over());
    assert_eq!(m.winners(), Vec::<usize>::new());
    play_match(&mut m, 4);
    assert_eq!(m.hands_played(), 1);
    assert!(m.is_over());
    assert_eq!(m.winners().len(), 1);
}

/// An end whose match plays no hand, or ends in the first hand whatever is played, is
/// refused for either score order, with the same typed error as `MatchEnd::check`; the
/// least end of each kind that plays is accepted.
#[test]
fn an_end_that_makes_no_match_is_refused() {
    let refused = |end: MatchEnd, error: MatchEndError| {
        let plus = Match::<Plus>::new((), terms(2, None, end, Ranking::Total));
        let penalty = Match::<Penalty>::new((), terms(2, None, end, Ranking::Total));
        if !matches!(end, MatchEnd::Elimination(_)) {
            assert_eq!(plus.unwrap_err(), MatchError::End(error), "{end:?}");
        }
        assert_eq!(penalty.unwrap_err(), MatchError::End(error), "{end:?}");
        assert_eq!(end.check(ScoreOrder::LowerIsBetter), Err(error));
    };
    refused(MatchEnd::FixedHands(0), MatchEndError::NoHands);
    for target in [0, -1, i64::MIN] {
        refused(MatchEnd::TargetScore(target), MatchEndError::TargetNotPositive { target });
    }
    for limit in [0, -1, i64::MIN] {
        refused(MatchEnd::Elimination(limit), MatchEndError::LimitNotPositive { limit });
    }
    for end in [MatchEnd::FixedHands(1), MatchEnd::TargetScore(1), MatchEnd::SingleHand] {
        assert!(Match::<Plus>::new((), terms(2, None, end, Ranking::Total)).is_ok(), "{end:?}");
    }
    let mut m = Match::<Penalty>::new((), terms(2, None, MatchEnd::Elimination(1), Ranking::Total)).unwrap();
    assert!(!m.is_over());
    play_match(&mut m, 5);
    assert!(m.hands_played() >= 1);
}

#[test]
fn dealer_rotates_clockwise_from_the_given_dealer() {
    let mut m = Match::<Plus>::new((), terms(3, Some(1), MatchEnd::FixedHands(5), Ranking::Total)).unwrap();
    let mut r = rng(6);
    for expected_dealer in [1, 2, 0, 1, 2] {
        let game = m.next_hand(&mut r).unwrap();
        assert_eq!(m.dealer(), Some(expected_dealer));
        assert_eq!(game.to_move(), Some((expected_dealer + 1) % 3), "the seat after the dealer starts");
        m.record(&outcome(&[1, -1, 0], Some(0))).unwrap();
    }
    assert!(m.is_over());
}

#[test]
fn a_dealer_chosen_by_the_game_is_read_off_the_first_hand() {
    for seed in 0..20 {
        let mut m = Match::<Plus>::new((), terms(4, None, MatchEnd::FixedHands(3), Ranking::Total)).unwrap();
        assert_eq!(m.dealer(), None);
        let mut r = rng(seed);
        let first = m.next_hand(&mut r).unwrap();
        let chosen = first.dealer;
        assert_eq!(m.dealer(), Some(chosen));
        m.record(&outcome(&[0, 0, 0, 0], None)).unwrap();
        let second = m.next_hand(&mut r).unwrap();
        assert_eq!(second.dealer, (chosen + 1) % 4);
    }
}

/// High card where the seat two after the dealer leads, and which records its dealer:
/// the seat before the first mover is not the dealer.
#[derive(Debug, Clone, PartialEq)]
struct Skewed(Plus);

impl Game for Skewed {
    type Config = ();
    type Action = Act;
    type View = View;
    type Error = Cheating;

    fn score_order(c: &()) -> ScoreOrder {
        Plus::score_order(c)
    }
    fn deal<R: rand::Rng + ?Sized>(c: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        let mut inner = Plus::deal(c, seating, rng)?;
        inner.next = (inner.dealer + 2) % inner.cards.len();
        Ok(Skewed(inner))
    }
    fn seats(&self) -> usize {
        self.0.seats()
    }
    fn config(&self) {}
    fn to_move(&self) -> Option<Seat> {
        self.0.to_move()
    }
    fn apply(&mut self, seat: Seat, action: Act) -> Result<(), Cheating> {
        self.0.apply(seat, action)
    }
    fn view(&self, seat: Seat) -> View {
        self.0.view(seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.0.outcome()
    }
    fn dealt_by(&self) -> Option<Seat> {
        Some(self.0.dealer)
    }
}

#[test]
fn a_dealer_chosen_by_the_game_is_the_one_it_records() {
    for seed in 0..20 {
        let mut m =
            Match::<Skewed>::new((), terms(4, None, MatchEnd::FixedHands(3), Ranking::Total)).unwrap();
        let mut r = rng(seed);
        let first = m.next_hand(&mut r).unwrap();
        let chosen = first.0.dealer;
        assert_eq!(first.to_move(), Some((chosen + 2) % 4));
        assert_eq!(m.dealer(), first.dealt_by());
        m.record(&outcome(&[0, 0, 0, 0], None)).unwrap();
        let second = m.next_hand(&mut r).unwrap();
        assert_eq!(second.dealt_by(), Some((chosen + 1) % 4));
    }
}

#[test]
fn target_score_ends_after_the_hand_that_reaches_it() {
    // RULES.md §2.7: classic Rummy plays to a target score (100 by default).
    let mut m =
        Match::<Plus>::new((), terms(2, Some(0), MatchEnd::TargetScore(100), Ranking::Total)).unwrap();
    let mut r = rng(7);
    assert!(!m.is_over(), "TargetScore needs a hand");
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[99, -99], Some(0))).unwrap();
    assert!(!m.is_over());
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[-50, 50], Some(1))).unwrap();
    assert!(!m.is_over());
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[-60, 160], Some(1))).unwrap();
    assert!(m.is_over());
    assert_eq!(m.totals(), &[-11, 111]);
    assert_eq!(m.winners(), vec![1]);
    assert_eq!(m.record(&outcome(&[0, 0], None)).unwrap_err(), MatchError::Over { hands: 3 });
}

#[test]
fn void_hand_counts_as_played_but_scores_nothing() {
    // RULES.md §2.5: a hand ended by the restock cap has no score.
    let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(2), Ranking::Total)).unwrap();
    let mut r = rng(8);
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[5, -2, -3], None)).unwrap();
    assert_eq!(m.hands_played(), 1);
    assert_eq!(m.totals(), &[0, 0, 0]);
    assert_eq!(m.hands_won(), &[0, 0, 0]);
    assert_eq!(m.history()[0], outcome(&[0, 0, 0], None));
    assert_eq!(m.dealer(), Some(1), "the deal still passes on after a void hand");
}

#[test]
fn session_ranking_total_versus_hands_won() {
    // RULES.md §1.8 "Session winner": highest total by default; most games
    // won, ties by points (official rulebook) as the option.
    let hands = [
        outcome(&[10, -10, 0], Some(0)),
        outcome(&[-1, 1, 0], Some(1)),
        outcome(&[-2, 2, 0], Some(1)),
        outcome(&[0, -3, 3], Some(2)),
    ];
    let run = |ranking| {
        let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(4), ranking)).unwrap();
        let mut r = rng(11);
        for o in &hands {
            m.next_hand(&mut r).unwrap();
            m.record(o).unwrap();
        }
        assert_eq!(m.totals(), &[7, -10, 3]);
        assert_eq!(m.hands_won(), &[1, 2, 1]);
        (m.standings(), m.winners())
    };
    assert_eq!(run(Ranking::Total), (vec![0, 2, 1], vec![0]));
    // Seat 1 won most hands; seats 0 and 2 tie on one win each, seat 0 has more points.
    assert_eq!(run(Ranking::HandsWon), (vec![1, 0, 2], vec![1]));
}

/// RULES.md §1.8 (b): a hand whose win is shared (Rummikub's tie for the lowest rack at
/// an empty pool) counts as won for every tied seat, and its points count in full.
#[test]
fn rules_1_8_b_a_shared_win_counts_for_every_winner() {
    let mut m =
        Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(2), Ranking::HandsWon)).unwrap();
    let mut r = rng(13);
    m.next_hand(&mut r).unwrap();
    m.record(&Outcome { points: vec![5, 4, -9], winners: vec![0, 1] }).unwrap();
    assert_eq!(m.hands_won(), &[1, 1, 0]);
    assert_eq!(m.history()[0].winners, [0, 1]);
    assert!(m.history()[0].is_shared());
    m.next_hand(&mut r).unwrap();
    // Winners named twice or out of order are one win each, kept ascending.
    m.record(&Outcome { points: vec![-3, 6, -3], winners: vec![1, 0, 1] }).unwrap();
    assert_eq!(m.hands_won(), &[2, 2, 0]);
    assert_eq!(m.history()[1].winners, [0, 1]);
    assert_eq!(m.totals(), &[2, 10, -12]);
    // Both won two hands; the total decides.
    assert_eq!(m.standings(), vec![1, 0, 2]);
}

#[test]
fn ties_go_to_the_lower_seat() {
    let mut m =
        Match::<Penalty>::new((), terms(3, Some(0), MatchEnd::FixedHands(1), Ranking::Total)).unwrap();
    m.next_hand(&mut rng(12)).unwrap();
    m.record(&outcome(&[4, 0, 4], Some(1))).unwrap();
    assert_eq!(m.standings(), vec![1, 0, 2]);
}

#[test]
fn elimination_deals_later_hands_to_the_remaining_seats() {
    // RULES.md §3.8: Rummy 40 default end, a seat reaching 101 penalty points is out,
    // the last seat left wins.
    let mut m =
        Match::<Penalty>::new((), terms(4, Some(3), MatchEnd::Elimination(101), Ranking::Total)).unwrap();
    let mut r = rng(13);

    let g = m.next_hand(&mut r).unwrap();
    assert_eq!((g.seats(), g.dealer), (4, 3));
    m.record(&outcome(&[0, 101, 40, 30], Some(0))).unwrap();
    assert_eq!(m.in_play(), &[0, 2, 3]);
    assert_eq!(m.eliminated_after(1), Some(1));
    assert_eq!(m.eliminated_after(0), None);
    assert_eq!(m.dealer(), Some(0), "the deal passes from seat 3 to seat 0");

    // Hand 2: three hand seats 0,1,2 = match seats 0,2,3; match dealer 0 = hand seat 0.
    let g = m.next_hand(&mut r).unwrap();
    assert_eq!((g.seats(), g.dealer, g.to_move()), (3, 0, Some(1)));
    assert_eq!((m.match_seat(1), m.hand_seat(2), m.hand_seat(1)), (Some(2), Some(1), None));
    // A seat's match view: its hand's view under its hand seat, the standings by match seat.
    let view = m.view(&g, 2).expect("match seat 2 plays");
    assert_eq!((view.seat, view.hand), (2, g.view(1)));
    assert_eq!((view.totals, view.in_play, view.hands_played), (vec![0, 101, 40, 30], vec![0, 2, 3], 1));
    assert!(m.view(&g, 1).is_none(), "an eliminated seat sees no hand");
    m.record(&outcome(&[50, 0, 20], Some(1))).unwrap();
    assert_eq!(m.totals(), &[50, 101, 40, 50]);
    assert_eq!(m.history()[1], outcome(&[50, 0, 0, 20], Some(2)));
    assert_eq!(m.hands_won(), &[1, 0, 1, 0]);
    assert_eq!(m.dealer(), Some(2), "seat 1 is out, so the deal skips it");

    // Hand 3: match seat 2 deals (hand seat 1); seats 0 and 3 both go out.
    let g = m.next_hand(&mut r).unwrap();
    assert_eq!(g.dealer, 1);
    m.record(&outcome(&[60, 5, 51], Some(1))).unwrap();
    assert!(m.is_over());
    assert_eq!(m.in_play(), &[2]);
    assert_eq!(m.winners(), vec![2]);
    // Seats 0 (110) and 3 (101) went out together: fewer points ranks higher; seat 1
    // went out first and ranks last.
    assert_eq!(m.standings(), vec![2, 3, 0, 1]);
}

#[test]
fn elimination_of_everyone_left_ranks_by_points() {
    let mut m =
        Match::<Penalty>::new((), terms(2, Some(0), MatchEnd::Elimination(10), Ranking::Total)).unwrap();
    m.next_hand(&mut rng(14)).unwrap();
    m.record(&outcome(&[12, 11], Some(0))).unwrap();
    assert!(m.is_over());
    assert!(m.in_play().is_empty());
    assert_eq!(m.standings(), vec![1, 0]);
    assert_eq!(m.dealer(), None, "nobody is left to deal");
}

#[test]
fn played_elimination_match_never_asks_an_eliminated_bot() {
    let mut m = Match::<Penalty>::new((), terms(4, None, MatchEnd::Elimination(40), Ranking::Total)).unwrap();
    let bots = play_match(&mut m, 15);
    assert!(m.is_over());
    assert!(m.in_play().len() <= 1);
    for (seat, bot) in bots.iter().enumerate() {
        let dealt_in = m
            .history()
            .iter()
            .take_while(|_| true)
            .enumerate()
            .filter(|(h, _)| m.eliminated_after(seat).is_none_or(|out| (*h as u32) < out));
        assert_eq!(bot.asked, dealt_in.count(), "seat {seat} is asked once per hand it is dealt in");
    }
    let winners = m.winners();
    assert!(!winners.is_empty());
    for w in winners {
        assert!(m.totals()[w] < 40 || m.in_play().is_empty());
    }
}

#[test]
fn elimination_needs_a_penalty_game() {
    assert_eq!(
        Match::<Plus>::new((), terms(2, None, MatchEnd::Elimination(101), Ranking::Total)).unwrap_err(),
        MatchError::End(MatchEndError::EliminationNeedsPenaltyScores { limit: 101 })
    );
}

#[test]
fn construction_errors() {
    assert_eq!(
        Match::<Plus>::new((), terms(0, None, MatchEnd::SingleHand, Ranking::Total)).unwrap_err(),
        MatchError::NoSeats
    );
    assert_eq!(
        Match::<Plus>::new((), terms(3, Some(3), MatchEnd::SingleHand, Ranking::Total)).unwrap_err(),
        MatchError::NoSuchDealer { dealer: 3, seats: 3 }
    );
}

/// A seat count is checked before anything is allocated per seat: a match of 2^40 or
/// `usize::MAX` seats is an error at once, not an allocation failure. The toy keeps the
/// default [`Game::seat_range`], so [`MAX_SEATS`] is the limit.
#[test]
fn huge_seat_counts_are_refused_before_allocating() {
    for seats in [MAX_SEATS + 1, 1_000_000_000, 1 << 40, usize::MAX] {
        assert_eq!(
            Match::<Plus>::new((), terms(seats, None, MatchEnd::SingleHand, Ranking::Total)).unwrap_err(),
            MatchError::PlayerCount { seats, min: 1, max: MAX_SEATS }
        );
    }
    assert_eq!(Plus::seat_range(&()), 1..=MAX_SEATS);
    assert!(Match::<Plus>::new((), terms(MAX_SEATS, None, MatchEnd::SingleHand, Ranking::Total)).is_ok());
    let err = Match::<Plus>::new((), terms(1 << 40, None, MatchEnd::SingleHand, Ranking::Total)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "a match of 1099511627776 seats cannot be played: this game takes 1 to 64 players"
    );
}

#[test]
fn a_refused_deal_is_a_match_error() {
    let mut m = Match::<Plus>::new((), terms(5, None, MatchEnd::SingleHand, Ranking::Total)).unwrap();
    let err = m.next_hand(&mut rng(16)).unwrap_err();
    assert_eq!(err, MatchError::Deal(DealError::PlayerCount { seats: 5, min: 2, max: 4 }));
    assert!(err.to_string().contains("5 players"));
    assert!(!m.hand_in_progress());
    let mut bots: Vec<Revealer> = (0..5).map(|_| Revealer::default()).collect();
    let mut refs: Vec<&mut dyn Bot<Plus>> = bots.iter_mut().map(|b| b as &mut dyn Bot<Plus>).collect();
    let MatchError::Deal(error) = err else { unreachable!() };
    let err = m.play(&mut refs, &mut rng(16), 10).unwrap_err();
    assert_eq!(err, DriverError::Deal { hand: 0, error: error.clone() });
    assert_eq!(std::error::Error::source(&err).map(ToString::to_string), Some(error.to_string()));
}

#[test]
fn record_errors_leave_the_match_unchanged() {
    let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(3), Ranking::Total)).unwrap();
    let snapshot = |m: &Match<Plus>| format!("{m:?}");

    let before = snapshot(&m);
    assert_eq!(m.record(&outcome(&[0, 0, 0], None)).unwrap_err(), MatchError::NoHandInProgress);
    assert_eq!(snapshot(&m), before);

    m.next_hand(&mut rng(17)).unwrap();
    assert!(m.hand_in_progress());
    let before = snapshot(&m);
    assert_eq!(
        m.record(&outcome(&[1, -1], Some(0))).unwrap_err(),
        MatchError::SeatCount { got: 2, expected: 3 }
    );
    assert_eq!(
        m.record(&outcome(&[1, -1, 0], Some(3))).unwrap_err(),
        MatchError::NoSuchWinner { winner: 3, seats: 3 }
    );
    assert_eq!(snapshot(&m), before);
    m.record(&outcome(&[1, -1, 0], Some(0))).unwrap();
    assert!(!m.hand_in_progress());
    assert_eq!(m.record(&outcome(&[1, -1, 0], Some(0))).unwrap_err(), MatchError::NoHandInProgress);
}

#[test]
fn redeal_keeps_the_dealer() {
    let mut m = Match::<Plus>::new((), terms(2, Some(1), MatchEnd::FixedHands(2), Ranking::Total)).unwrap();
    let mut r = rng(18);
    let a = m.next_hand(&mut r).unwrap();
    let b = m.next_hand(&mut r).unwrap();
    assert_eq!((a.dealer, b.dealer), (1, 1));
    assert_eq!(m.hands_played(), 0);
}

#[test]
fn play_errors() {
    let mut m = Match::<Plus>::new((), terms(2, Some(0), MatchEnd::FixedHands(3), Ranking::Total)).unwrap();
    let mut a = Revealer::default();
    let mut one: [&mut dyn Bot<Plus>; 1] = [&mut a];
    assert_eq!(m.play(&mut one, &mut rng(19), 10).unwrap_err(), DriverError::BotCount { bots: 1, seats: 2 });

    let (mut a, mut c) = (Revealer::default(), Cheater);
    let mut bots: [&mut dyn Bot<Plus>; 2] = [&mut a, &mut c];
    assert_eq!(
        m.play(&mut bots, &mut rng(19), 10).unwrap_err(),
        DriverError::IllegalAction { hand: 0, seat: 1, error: Cheating }
    );
    assert_eq!(m.hands_played(), 0);
    assert!(m.hand_in_progress());

    let (mut a, mut b) = (Revealer::default(), Revealer::default());
    let mut bots: [&mut dyn Bot<Plus>; 2] = [&mut a, &mut b];
    assert_eq!(m.play(&mut bots, &mut rng(19), 1).unwrap_err(), DriverError::TooLong { hand: 0, actions: 1 });
    // With enough room the match finishes.
    m.play(&mut bots, &mut rng(19), 10).unwrap();
    assert_eq!(m.hands_played(), 3);
}

#[test]
fn hand_limit_stops_an_endless_match() {
    let mut m = Match::<Plus>::new(
        (),
        terms(2, None, MatchEnd::TargetScore(i64::MAX), Ranking::Total).with_hand_limit(7),
    )
    .unwrap();
    play_match(&mut m, 20);
    assert_eq!(m.hands_played(), 7);
    assert_eq!(m.winners(), shared_best(&m));
    assert!(!m.winners().is_empty());
}

#[test]
fn accessors() {
    let m = Match::<Penalty>::new((), terms(3, None, MatchEnd::Elimination(101), Ranking::HandsWon)).unwrap();
    assert_eq!(m.seats(), 3);
    assert_eq!(m.end(), MatchEnd::Elimination(101));
    assert_eq!(m.ranking(), Ranking::HandsWon);
    assert_eq!(m.config(), &());
    assert_eq!(m.eliminated_after(7), None);
    assert_eq!(m.match_seat(3), None);
}

/// Plays seats with a script of answers per seat; `None` stops, and a refused action
/// is asked again while `retry` says so.
struct Scripted {
    answers: Vec<Vec<Option<Act>>>,
    retry: bool,
    refusals: usize,
    views: Vec<(Seat, Seat)>,
}

impl<const P: bool> Players<HighCard<P>> for Scripted {
    fn act(&mut self, view: &View, seat: Seat, _hand_seat: Seat) -> Option<Act> {
        self.views.push((seat, view.seat));
        let answers = &mut self.answers[seat];
        if answers.is_empty() { Some(Act::Reveal) } else { answers.remove(0) }
    }

    fn refused(&mut self, view: &View, seat: Seat, error: &Cheating) -> bool {
        assert_eq!(
            (view.seat, error),
            (seat, &Cheating),
            "the refused seat's own view and the game's reason"
        );
        self.refusals += 1;
        self.retry
    }
}

#[test]
fn a_player_that_stops_stops_the_match() {
    let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(2), Ranking::Total)).unwrap();
    let mut players =
        Scripted { answers: vec![vec![], vec![], vec![None]], retry: false, refusals: 0, views: Vec::new() };
    let err = m.play(&mut players, &mut rng(21), 10).unwrap_err();
    assert_eq!(err, DriverError::Stopped { seat: 2 });
    assert_eq!(err.to_string(), "seat 2 stopped the match");
    assert!(m.hand_in_progress(), "the stopped hand stays pending");
    // Seat 1 (after dealer 0) moved first: every seat was shown its own view only.
    assert_eq!(players.views, vec![(1, 1), (2, 2)]);
}

#[test]
fn a_refused_action_may_be_asked_again() {
    let answers = || vec![vec![Some(Act::Cheat), Some(Act::Cheat)], vec![], vec![]];
    let mut m = Match::<Plus>::new((), terms(3, Some(2), MatchEnd::FixedHands(1), Ranking::Total)).unwrap();
    let mut players = Scripted { answers: answers(), retry: true, refusals: 0, views: Vec::new() };
    m.play(&mut players, &mut rng(22), 3).expect("refusals do not count as actions");
    assert_eq!((players.refusals, m.hands_played()), (2, 1));

    let mut m = Match::<Plus>::new((), terms(3, Some(2), MatchEnd::FixedHands(1), Ranking::Total)).unwrap();
    let mut players = Scripted { answers: answers(), retry: false, refusals: 0, views: Vec::new() };
    let err = m.play(&mut players, &mut rng(22), 3).unwrap_err();
    assert_eq!(err, DriverError::IllegalAction { hand: 0, seat: 0, error: Cheating });
    assert_eq!(players.refusals, 1);
}

#[test]
fn recording_changes_nothing_in_the_play() {
    for seed in 0..20 {
        let terms = terms(4, None, MatchEnd::Elimination(30), Ranking::Total).with_hand_limit(50);
        let mut plain = Match::<Penalty>::new((), terms).unwrap();
        let mut recorded = Match::<Penalty>::new((), terms).unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..4 {
            a.push(Revealer::default());
            b.push(Revealer::default());
        }
        let mut refs_a: Vec<&mut dyn Bot<Penalty>> =
            a.iter_mut().map(|b| b as &mut dyn Bot<Penalty>).collect();
        let mut refs_b: Vec<&mut dyn Bot<Penalty>> =
            b.iter_mut().map(|b| b as &mut dyn Bot<Penalty>).collect();
        plain.play(&mut refs_a, &mut rng(seed), 10).unwrap();
        let hands = recorded.play_recorded(&mut refs_b, &mut rng(seed), 10).unwrap();
        assert_eq!(plain.history(), recorded.history(), "seed {seed}");
        assert_eq!(plain.totals(), recorded.totals());
        assert_eq!(hands.len() as u32, recorded.hands_played());
        assert_eq!(
            a.iter().map(|r| r.asked).sum::<usize>(),
            hands.iter().map(|h| h.actions.len()).sum::<usize>()
        );
        for hand in &hands {
            let end = hand.replay().expect("a recorded hand replays");
            assert_eq!(end.outcome().as_ref(), Some(&hand.outcome));
        }
    }
}

#[test]
fn terms_are_kept_and_the_default_is_one_hand() {
    let t = MatchTerms::new(3)
        .with_first_dealer(1)
        .with_end(MatchEnd::FixedHands(4))
        .with_ranking(Ranking::HandsWon);
    let m = Match::<Plus>::new((), t.with_hand_limit(2)).unwrap();
    assert_eq!(m.terms(), t.with_hand_limit(2));
    assert_eq!(Plus::default_terms(&(), 3), MatchTerms::new(3));
    assert_eq!(MatchTerms::new(3).end, MatchEnd::SingleHand);
}

mod properties {
    //! Random outcome sequences: the match's books always balance.

    use proptest::prelude::*;

    use super::*;

    fn hands() -> impl Strategy<Value = Vec<(Vec<i64>, Option<usize>)>> {
        proptest::collection::vec(
            (proptest::collection::vec(0i64..30, 4), proptest::option::of(0usize..4)),
            0..40,
        )
    }

    proptest! {
        #![proptest_config(proptest::test_runner::Config { cases: 300, ..Default::default() })]

        #[test]
        fn books_balance_under_elimination(
            seats in 2usize..=4,
            first in proptest::option::of(0usize..4),
            limit in 20i64..80,
            hands in hands(),
            seed in any::<u64>(),
        ) {
            let first = first.map(|d| d % seats);
            let mut m = Match::<Penalty>::new((), terms(seats, first, MatchEnd::Elimination(limit), Ranking::Total)).unwrap();
            let mut r = rng(seed);
            for (points, winner) in hands {
                if m.is_over() {
                    prop_assert!(m.next_hand(&mut r).is_err());
                    break;
                }
                let before_dealer = m.dealer();
                let game = m.next_hand(&mut r).unwrap();
                let n = m.in_play().len();
                prop_assert_eq!(game.seats(), n);
                let dealer = m.dealer().unwrap();
                prop_assert!(m.in_play().contains(&dealer));
                if let Some(d) = before_dealer {
                    prop_assert_eq!(d, dealer);
                }
                prop_assert_eq!(m.match_seat((game.dealer + n) % n), Some(dealer));
                // A wrong outcome changes nothing.
                let snapshot = format!("{m:?}");
                prop_assert!(m.record(&outcome(&points[..n - 1], None)).is_err());
                prop_assert_eq!(format!("{m:?}"), snapshot);
                let before: Vec<usize> = m.in_play().to_vec();
                m.record(&outcome(&points[..n], winner.map(|w| w % n))).unwrap();
                // The deal passed to the next seat clockwise still in.
                if let Some(next) = m.dealer() {
                    let expected = (1..=seats).map(|k| (dealer + k) % seats).find(|s| m.in_play().contains(s));
                    prop_assert_eq!(Some(next), expected);
                }
                for &s in &before {
                    prop_assert_eq!(m.in_play().contains(&s), m.totals()[s] < limit);
                }
            }
            let history = m.history();
            prop_assert_eq!(history.len() as u32, m.hands_played());
            for s in 0..seats {
                prop_assert_eq!(m.totals()[s], history.iter().map(|o| o.points[s]).sum::<i64>());
                prop_assert_eq!(m.hands_won()[s] as usize, history.iter().filter(|o| o.winners.contains(&s)).count());
                if let Some(out) = m.eliminated_after(s) {
                    prop_assert!(m.totals()[s] >= limit);
                    prop_assert!(history[out as usize..].iter().all(|o| o.points[s] == 0 && !o.won(s)));
                } else {
                    prop_assert!(m.totals()[s] < limit);
                }
            }
            let mut standings = m.standings();
            prop_assert_eq!(m.winners(), if m.is_over() { shared_best(&m) } else { Vec::new() });
            prop_assert_eq!(m.is_over(), m.in_play().len() <= 1);
            standings.sort_unstable();
            prop_assert_eq!(standings, (0..seats).collect::<Vec<_>>());
        }
    }
}

/// The reference for `Match::winners` once a match is over: the seats of the standings'
/// first place and every seat equal to it in survival, hands won (under that ranking)
/// and total, ascending.
fn shared_best<G: Game>(m: &Match<G>) -> Vec<Seat> {
    let key = |s: Seat| {
        let won = if m.ranking() == Ranking::HandsWon { m.hands_won()[s] } else { 0 };
        (m.eliminated_after(s), won, m.totals()[s])
    };
    let best = key(m.standings()[0]);
    let mut seats: Vec<Seat> = (0..m.seats()).filter(|&s| key(s) == best).collect();
    seats.sort_unstable();
    seats
}

/// Plays `m` hand by hand with revealers, calling `check` on the match at every hand
/// boundary (before the first hand and after each).
fn play_checking(m: &mut Match<Penalty>, seed: u64, mut check: impl FnMut(&Match<Penalty>)) {
    let mut rng = rng(seed);
    check(m);
    while !m.is_over() {
        let mut game = m.next_hand(&mut rng).expect("deal");
        while let Some(seat) = game.to_move() {
            game.apply(seat, Act::Reveal).expect("legal");
        }
        m.record(&game.outcome().expect("over")).expect("record");
        check(m);
    }
}

/// The brute-force reading of a history: totals are the sums of the points, hands won
/// the count of wins, and a seat is out after the first hand its running total reaches
/// the limit (elimination only).
fn brute_force(seats: usize, end: MatchEnd, history: &[Outcome]) -> (Vec<i64>, Vec<u32>, Vec<Option<u32>>) {
    let (mut totals, mut won, mut out) = (vec![0; seats], vec![0; seats], vec![None; seats]);
    for (hand, o) in history.iter().enumerate() {
        for s in 0..seats {
            totals[s] += o.points[s];
            won[s] += u32::from(o.winners.contains(&s));
            if let MatchEnd::Elimination(limit) = end
                && out[s].is_none()
                && totals[s] >= limit
            {
                out[s] = Some(hand as u32 + 1);
            }
        }
    }
    (totals, won, out)
}

#[test]
fn a_match_rebuilt_from_its_history_is_the_same_match_at_every_hand_boundary() {
    let ends =
        [MatchEnd::FixedHands(5), MatchEnd::TargetScore(40), MatchEnd::Elimination(30), MatchEnd::SingleHand];
    for seed in 0..40 {
        for end in ends {
            for first_dealer in [None, Some(seed as usize % 3)] {
                let terms = terms(3, first_dealer, end, Ranking::Total);
                let mut m = Match::<Penalty>::new((), terms).unwrap();
                let mut boundaries = 0;
                play_checking(&mut m, seed, |m| {
                    boundaries += 1;
                    let rebuilt = Match::<Penalty>::from_history((), m.terms(), m.dealer(), m.history())
                        .expect("a played history is a match");
                    assert_eq!(&rebuilt, m, "seed {seed}, {end:?}, dealer {first_dealer:?}");
                    let (totals, won, out) = brute_force(3, end, m.history());
                    assert_eq!(rebuilt.totals(), totals.as_slice());
                    assert_eq!(rebuilt.hands_won(), won.as_slice());
                    assert_eq!((0..3).map(|s| rebuilt.eliminated_after(s)).collect::<Vec<_>>(), out);
                });
                assert_eq!(boundaries, m.hands_played() + 1);
            }
        }
    }
}

#[test]
fn a_rebuilt_match_plays_on_as_the_original_does() {
    for seed in 0..20 {
        let terms = terms(4, None, MatchEnd::Elimination(25), Ranking::Total);
        let mut whole = Match::<Penalty>::new((), terms).unwrap();
        play_match(&mut whole, seed);
        // Stop after each number of hands, rebuild, and play on with the same rng.
        for stop in 0..whole.hands_played() {
            let mut rng = rng(seed);
            let mut m = Match::<Penalty>::new((), terms).unwrap();
            let mut hands = 0;
            while !m.is_over() {
                if hands == stop {
                    m = Match::from_history((), m.terms(), m.dealer(), m.history()).unwrap();
                }
                let mut game = m.next_hand(&mut rng).unwrap();
                while let Some(seat) = game.to_move() {
                    game.apply(seat, Act::Reveal).unwrap();
                }
                m.record(&game.outcome().unwrap()).unwrap();
                hands += 1;
            }
            assert_eq!(m, whole, "seed {seed}, rebuilt after {stop} hands");
        }
    }
}

/// A three-seat elimination match at 30 where seat 1 goes out after the first hand.
fn eliminated_history() -> (MatchTerms, Vec<Outcome>) {
    let terms = terms(3, Some(0), MatchEnd::Elimination(30), Ranking::Total);
    let mut m = Match::<Penalty>::new((), terms).unwrap();
    m.next_hand(&mut rng(1)).unwrap();
    m.record(&outcome(&[0, 31, 5], Some(0))).unwrap();
    m.next_hand(&mut rng(2)).unwrap();
    m.record(&outcome(&[4, 0], Some(1))).unwrap();
    assert_eq!(m.in_play(), &[0, 2]);
    assert_eq!(m.history()[1], outcome(&[4, 0, 0], Some(2)));
    (terms, m.history().to_vec())
}

#[test]
fn tampered_histories_are_refused_with_a_typed_error() {
    let (terms, history) = eliminated_history();
    let rebuild = |h: &[Outcome], dealer: Option<Seat>| Match::<Penalty>::from_history((), terms, dealer, h);
    let good = rebuild(&history, Some(0)).expect("the untouched history");
    assert_eq!(good.totals(), &[4, 31, 5]);

    // Wrong seat counts: a hand written in hand seats (two entries for three seats).
    let mut h = history.clone();
    h[1].points = vec![4, 0];
    assert_eq!(
        rebuild(&h, Some(0)).unwrap_err(),
        MatchError::HistorySeatCount { hand: 1, got: 2, expected: 3 }
    );

    // An eliminated seat playing on: seat 1 scores, or wins, in the second hand.
    let mut h = history.clone();
    h[1].points = vec![4, 3, 0];
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::NotDealtIn { hand: 1, seat: 1 });
    let mut h = history.clone();
    h[1].winners = vec![1];
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::NotDealtIn { hand: 1, seat: 1 });
    // A winner that is no seat at all.
    let mut h = history.clone();
    h[0].winners = vec![3];
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::NotDealtIn { hand: 0, seat: 3 });

    // Outcomes the match never writes: a void hand with points, winners repeated or out
    // of order (RULES.md §1.8 (b): a shared win lists each sharer once).
    let mut h = history.clone();
    h[1].winners.clear();
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::HistoryOutcome { hand: 1 });
    let mut h = history.clone();
    h[0].winners = vec![2, 0];
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::HistoryOutcome { hand: 0 });
    let mut h = history.clone();
    h[0].winners = vec![0, 0];
    assert_eq!(rebuild(&h, Some(0)).unwrap_err(), MatchError::HistoryOutcome { hand: 0 });

    // A hand after the end: seat 0 goes out too in a third hand, and a fourth follows.
    let mut h = history.clone();
    h.push(outcome(&[30, 0, 0], Some(2)));
    let over = rebuild(&h, Some(2)).expect("three hands end the match");
    assert!(over.is_over());
    h.push(outcome(&[0, 0, 1], Some(2)));
    assert_eq!(rebuild(&h, Some(2)).unwrap_err(), MatchError::Over { hands: 3 });

    // A dealer the terms and the history do not give: dealer 0, then 2 (seat 1 is out),
    // then 0 again.
    assert_eq!(
        rebuild(&history, Some(2)).unwrap_err(),
        MatchError::DealerMismatch { dealer: Some(2), expected: Some(0) }
    );
    assert_eq!(
        rebuild(&history, Some(2)).unwrap_err().to_string(),
        "the terms and the history give dealer 0, not dealer 2"
    );
    assert_eq!(
        MatchError::DealerMismatch { dealer: None, expected: Some(1) }.to_string(),
        "the terms and the history give dealer 1, not no dealer"
    );

    // Terms without a first dealer: the game chose it, so any seat still in will do,
    // but not an eliminated seat nor one the match does not have.
    let mut chosen = terms;
    chosen.first_dealer = None;
    let by_game = |dealer| Match::<Penalty>::from_history((), chosen, dealer, &history);
    assert_eq!(by_game(Some(2)).unwrap().dealer(), Some(2));
    // No dealer after a hand while seats are in: the rotation would be lost (RULES.md
    // §1.2 step 5, §2.2, §3.2), the game choosing again at the next deal. Before the
    // first hand, or once nobody is left in, there is none to name.
    assert_eq!(by_game(None).unwrap_err(), MatchError::DealerMissing { hands: 2 });
    assert_eq!(Match::<Penalty>::from_history((), chosen, None, &[]).unwrap().dealer(), None);
    let everyone_out = [outcome(&[0, 31, 5], Some(0)), outcome(&[31, 0, 26], Some(0))];
    let all_out =
        Match::<Penalty>::from_history((), chosen, None, &everyone_out).expect("nobody left to deal");
    assert!(all_out.in_play().is_empty() && all_out.is_over());
    assert_eq!(all_out.dealer(), None);
    assert_eq!(by_game(Some(1)).unwrap_err(), MatchError::DealerOut { dealer: 1 });
    assert_eq!(by_game(Some(3)).unwrap_err(), MatchError::NoSuchDealer { dealer: 3, seats: 3 });

    // The terms themselves are checked as Match::new checks them.
    let mut bad = terms;
    bad.seats = 0;
    assert_eq!(Match::<Penalty>::from_history((), bad, None, &[]).unwrap_err(), MatchError::NoSeats);
}

#[test]
fn new_match_errors_read_as_sentences() {
    assert_eq!(
        MatchError::HistorySeatCount { hand: 1, got: 2, expected: 3 }.to_string(),
        "hand 2 of the history scores 2 seats but the match has 3"
    );
    assert_eq!(
        MatchError::NotDealtIn { hand: 0, seat: 1 }.to_string(),
        "hand 1 of the history scores seat 1, which was not dealt in"
    );
    assert_eq!(
        MatchError::HistoryOutcome { hand: 4 }.to_string(),
        "hand 5 of the history is not an outcome as the match records one"
    );
    assert_eq!(MatchError::DealerOut { dealer: 2 }.to_string(), "dealer 2 was eliminated");
    assert_eq!(
        MatchError::DealerMissing { hands: 1 }.to_string(),
        "the history holds 1 hand but names no dealer for the next hand"
    );
    assert_eq!(
        MatchError::TotalsMismatch.to_string(),
        "the saved totals are not those the history adds up to"
    );
    assert_eq!(
        MatchError::HandSeats { got: 1, expected: 2 }.to_string(),
        "the pending hand is dealt to 1 player but 2 are in play"
    );
    assert_eq!(
        MatchError::HandConfig.to_string(),
        "the pending hand is played under another configuration than the match's"
    );
    assert_eq!(
        MatchError::HandDealer { dealt_by: 2, expected: Some(0) }.to_string(),
        "the pending hand was dealt by seat 2 where the match gives dealer 0"
    );
    assert_eq!(
        MatchError::HandDealer { dealt_by: 1, expected: None }.to_string(),
        "the pending hand was dealt by seat 1 where the match gives no dealer"
    );
}

#[test]
fn a_history_of_a_void_hand_and_a_shared_win_rebuilds() {
    // RULES.md §2.5: a void hand counts as played and scores nothing; §1.8 (b): every
    // sharer of a win counts the hand as won.
    let terms = terms(3, Some(1), MatchEnd::FixedHands(3), Ranking::HandsWon);
    let mut m = Match::<Plus>::new((), terms).unwrap();
    m.next_hand(&mut rng(1)).unwrap();
    m.record(&outcome(&[5, -2, -3], None)).unwrap();
    m.next_hand(&mut rng(2)).unwrap();
    m.record(&Outcome { points: vec![3, 3, -6], winners: vec![1, 0] }).unwrap();
    let rebuilt = Match::<Plus>::from_history((), terms, m.dealer(), m.history()).unwrap();
    assert_eq!(rebuilt, m);
    assert_eq!((rebuilt.hands_played(), rebuilt.hands_won()), (2, &[1, 1, 0][..]));
}

#[cfg(feature = "serde")]
#[test]
fn a_save_pairs_the_match_with_its_pending_hand_only() {
    use rummykit_core::MatchSave;
    let (terms, history) = eliminated_history();
    let mut m = Match::<Penalty>::from_history((), terms, Some(0), &history).unwrap();
    // A hand from another table, dealt to three when two are in play.
    let stray = Penalty::deal(&(), Seating::new(3), &mut rng(3)).unwrap();
    assert_eq!(MatchSave::new(m.clone(), Some(stray.clone())).unwrap_err(), MatchError::NoHandInProgress);
    let hand = m.next_hand(&mut rng(4)).unwrap();
    assert_eq!(
        MatchSave::new(m.clone(), Some(stray)).unwrap_err(),
        MatchError::HandSeats { got: 3, expected: 2 }
    );
    let save = MatchSave::new(m.clone(), Some(hand.clone())).unwrap();
    assert_eq!((save.played(), save.hand()), (&m, Some(&hand)));
    // Left out, the hand is dealt again: the saved match has none in progress.
    let (without, none) = MatchSave::new(m.clone(), None).unwrap().into_parts();
    assert!(none.is_none() && !without.hand_in_progress() && m.hand_in_progress());
    assert_eq!(without.dealer(), m.dealer());
}

/// A game that deals and scores at once (seat 0 wins every hand) and chooses its own
/// dealer without reporting it: after a hand its match knows no dealer.
#[cfg(feature = "serde")]
#[derive(Debug, Clone, PartialEq)]
struct Instant {
    seats: usize,
}

#[cfg(feature = "serde")]
impl Game for Instant {
    type Config = ();
    type Action = Act;
    type View = ();
    type Error = Cheating;

    fn score_order(_: &()) -> ScoreOrder {
        ScoreOrder::HigherIsBetter
    }

    fn deal<R: rand::Rng + ?Sized>(_: &(), seating: Seating, _: &mut R) -> Result<Self, DealError> {
        seating.check(2, 4)?;
        Ok(Instant { seats: seating.seats })
    }

    fn seats(&self) -> usize {
        self.seats
    }

    fn config(&self) {}

    fn to_move(&self) -> Option<Seat> {
        None
    }

    fn apply(&mut self, _: Seat, _: Act) -> Result<(), Cheating> {
        Err(Cheating)
    }

    fn view(&self, _: Seat) {}

    fn outcome(&self) -> Option<Outcome> {
        let mut points = vec![0; self.seats];
        points[0] = 1;
        Some(Outcome { points, winners: vec![0] })
    }
}

#[cfg(feature = "serde")]
#[test]
fn a_match_without_a_dealer_after_a_hand_is_not_saved() {
    use rummykit_core::MatchSave;
    // No first dealer: the game chooses, and reports neither dealer nor first mover.
    let terms = MatchTerms::new(3).with_end(MatchEnd::FixedHands(3));
    let mut m = Match::<Instant>::new((), terms).unwrap();
    // Before any hand there is no dealer to name: the save is written and read back.
    let save = MatchSave::new(m.clone(), None).unwrap();
    assert_eq!(save.played(), &m);
    let hand = m.next_hand(&mut rng(1)).unwrap();
    m.record(&hand.outcome().unwrap()).unwrap();
    assert_eq!((m.hands_played(), m.dealer(), m.in_play().len()), (1, None, 3));
    // After a hand the save could not be read back: it is refused as reading refuses it.
    let refused = Match::<Instant>::from_history((), terms, m.dealer(), m.history()).unwrap_err();
    assert_eq!(refused, MatchError::DealerMissing { hands: 1 });
    assert_eq!(MatchSave::new(m.clone(), None).unwrap_err(), refused);
    let pending = m.next_hand(&mut rng(2)).unwrap();
    assert_eq!(MatchSave::new(m, Some(pending)).unwrap_err(), MatchError::DealerMissing { hands: 1 });
}

/// What the hooks of a match were told, in order.
#[derive(Debug, Clone, PartialEq)]
enum Heard {
    /// A hand began: cards revealed so far, and the match seat of each hand seat.
    Started(usize, Vec<Seat>),
    /// Match seat asked to act.
    Asked(Seat),
    /// An action of this match seat was applied.
    Applied(Seat),
    /// A hand ended with this outcome, the match having recorded this many hands.
    Over(Outcome, u32),
}

/// Reveals on every seat of a match, logging every call of the driver.
struct Listening {
    seats: usize,
    heard: Vec<Heard>,
}

impl<const P: bool> Players<HighCard<P>> for Listening {
    fn act(&mut self, view: &View, seat: Seat, hand_seat: Seat) -> Option<Act> {
        assert_eq!(view.seat, hand_seat, "each seat sees its own view only");
        self.heard.push(Heard::Asked(seat));
        Some(Act::Reveal)
    }
    fn seats(&self) -> Option<usize> {
        Some(self.seats)
    }
    fn hand_started(&mut self, game: &HighCard<P>, seats: &[Seat]) {
        self.heard.push(Heard::Started(game.revealed, seats.to_vec()));
    }
    fn applied(&mut self, _after: &HighCard<P>, seat: Seat, _action: &Act) {
        self.heard.push(Heard::Applied(seat));
    }
    fn hand_over(&mut self, game: &HighCard<P>, outcome: &Outcome, played: &Match<HighCard<P>>) {
        assert_eq!(game.outcome().as_ref(), Some(outcome), "the finished hand's own outcome");
        self.heard.push(Heard::Over(outcome.clone(), played.hands_played()));
    }
}

/// Plays `m` to its end with revealers, every hand dealt by the match, its first
/// `by_hand(hand)` reveals applied outside the driver and the rest through
/// `finish_hand`.
fn play_finishing(m: &mut Match<Penalty>, seed: u64, by_hand: impl Fn(u32) -> usize) {
    let mut r = rng(seed);
    let mut bots: Vec<Revealer> = (0..m.seats()).map(|_| Revealer::default()).collect();
    while !m.is_over() {
        let mut hand = m.next_hand(&mut r).unwrap();
        for _ in 0..by_hand(m.hands_played()) {
            let Some(seat) = hand.to_move() else { break };
            hand.apply(seat, Act::Reveal).unwrap();
        }
        let mut refs: Vec<&mut dyn Bot<Penalty>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<Penalty>).collect();
        let outcome = m.finish_hand(&mut hand, &mut refs, 100).unwrap();
        assert_eq!(Some(&outcome), hand.outcome().as_ref());
        assert!(!m.hand_in_progress());
    }
}

#[test]
fn finish_hand_plays_on_as_the_match_loop_does() {
    // Elimination maps match seats to fewer hand seats as seats go out (RULES.md §3.8).
    for seed in 0..20 {
        let terms = terms(4, None, MatchEnd::Elimination(30), Ranking::Total).with_hand_limit(50);
        let mut whole = Match::<Penalty>::new((), terms).unwrap();
        play_match(&mut whole, seed);
        for by_hand in [0, 1, 2, 4] {
            let mut resumed = Match::<Penalty>::new((), terms).unwrap();
            // A varying part of each hand before the driver takes it up, the whole hand
            // (already over) included.
            play_finishing(&mut resumed, seed, |h| (h as usize + by_hand) % 5);
            assert_eq!(resumed, whole, "seed {seed}, {by_hand}");
        }
    }
}

#[test]
fn finish_hand_calls_the_hooks_as_for_any_hand() {
    // Seat 1 is out after the first hand: the second is dealt to match seats 0 and 2.
    let mut m =
        Match::<Penalty>::new((), terms(3, Some(0), MatchEnd::Elimination(10), Ranking::Total)).unwrap();
    let mut r = rng(31);
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[0, 12, 3], Some(0))).unwrap();
    let mut hand = m.next_hand(&mut r).unwrap();
    assert_eq!((hand.seats(), hand.dealer, hand.to_move()), (2, 1, Some(0)));
    hand.apply(0, Act::Reveal).unwrap();

    let mut players = Listening { seats: 3, heard: Vec::new() };
    let got = m.finish_hand(&mut hand, &mut players, 10).unwrap();
    // The hand as it stands (one card revealed), then hand seat 1 = match seat 2.
    assert_eq!(
        players.heard,
        [Heard::Started(1, vec![0, 2]), Heard::Asked(2), Heard::Applied(2), Heard::Over(got.clone(), 2)]
    );
    assert_eq!(m.history()[1].points, [got.points[0], 0, got.points[1]]);
}

#[test]
fn finish_hand_records_a_hand_already_over() {
    let mut m = Match::<Plus>::new((), terms(3, Some(1), MatchEnd::FixedHands(2), Ranking::Total)).unwrap();
    let mut hand = m.next_hand(&mut rng(32)).unwrap();
    while let Some(seat) = hand.to_move() {
        hand.apply(seat, Act::Reveal).unwrap();
    }
    let mut players = Listening { seats: 3, heard: Vec::new() };
    let got = m.finish_hand(&mut hand, &mut players, 0).expect("no action is needed");
    assert_eq!(Some(&got), hand.outcome().as_ref());
    assert_eq!(players.heard, [Heard::Started(3, vec![0, 1, 2]), Heard::Over(got.clone(), 1)]);
    assert_eq!((m.hands_played(), m.history()[0].clone()), (1, got));
    assert!(!m.hand_in_progress());
}

#[test]
fn finish_hand_refusals_leave_the_match_and_the_hand_unchanged() {
    let snapshot = |m: &Match<Plus>| format!("{m:?}");
    let listening = |seats| Listening { seats, heard: Vec::new() };
    let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(1), Ranking::Total)).unwrap();
    let stray = Plus::deal(&(), Seating::new(3).with_dealer(0), &mut rng(33)).unwrap();

    // No hand in progress.
    let (before, mut hand) = (snapshot(&m), stray.clone());
    let err = m.finish_hand(&mut hand, &mut listening(3), 10).unwrap_err();
    assert_eq!(err, DriverError::Match(MatchError::NoHandInProgress));
    assert_eq!((snapshot(&m), &hand), (before, &stray));

    let dealt = m.next_hand(&mut rng(34)).unwrap();
    let before = snapshot(&m);
    // Players for another number of seats.
    let mut players = listening(2);
    let mut hand = dealt.clone();
    let err = m.finish_hand(&mut hand, &mut players, 10).unwrap_err();
    assert_eq!(err, DriverError::BotCount { bots: 2, seats: 3 });
    assert_eq!((snapshot(&m), &hand, players.heard.len()), (before.clone(), &dealt, 0));
    // A hand dealt to another number of seats.
    let two = Plus::deal(&(), Seating::new(2).with_dealer(0), &mut rng(35)).unwrap();
    let mut hand = two.clone();
    let err = m.finish_hand(&mut hand, &mut listening(3), 10).unwrap_err();
    assert_eq!(err, DriverError::Match(MatchError::HandSeats { got: 2, expected: 3 }));
    assert_eq!((snapshot(&m), &hand), (before.clone(), &two));

    // Played to its end, the match takes no more.
    let mut hand = dealt.clone();
    m.finish_hand(&mut hand, &mut listening(3), 10).unwrap();
    assert!(m.is_over());
    let (before, mut again) = (snapshot(&m), dealt.clone());
    let err = m.finish_hand(&mut again, &mut listening(3), 10).unwrap_err();
    assert_eq!(err, DriverError::Match(MatchError::Over { hands: 1 }));
    assert_eq!((snapshot(&m), &again), (before, &dealt));
}

#[test]
fn finish_hand_refuses_a_hand_dealt_by_another_seat() {
    let mut m = Match::<Skewed>::new((), terms(4, Some(0), MatchEnd::FixedHands(1), Ranking::Total)).unwrap();
    m.next_hand(&mut rng(36)).unwrap();
    let stray = Skewed::deal(&(), Seating::new(4).with_dealer(1), &mut rng(36)).unwrap();
    let (before, mut hand) = (format!("{m:?}"), stray.clone());
    /// Reveals, counting how often it was asked.
    struct Counting(usize);
    impl Players<Skewed> for Counting {
        fn act(&mut self, _: &View, _: Seat, _: Seat) -> Option<Act> {
            self.0 += 1;
            Some(Act::Reveal)
        }
    }
    let mut players = Counting(0);
    let err = m.finish_hand(&mut hand, &mut players, 10).unwrap_err();
    assert_eq!(err, DriverError::Match(MatchError::HandDealer { dealt_by: 1, expected: Some(0) }));
    assert_eq!((format!("{m:?}"), hand, players.0), (before, stray, 0));
}

#[test]
fn finish_hand_play_errors_leave_the_match_unchanged_and_play_on_later() {
    let mut m = Match::<Plus>::new((), terms(3, Some(0), MatchEnd::FixedHands(2), Ranking::Total)).unwrap();
    let mut r = rng(37);
    let mut hand = m.next_hand(&mut r).unwrap();
    let before = format!("{m:?}");

    // Seat 1 (after dealer 0) reveals, seat 2 stops.
    let mut players =
        Scripted { answers: vec![vec![], vec![], vec![None]], retry: false, refusals: 0, views: Vec::new() };
    let err = m.finish_hand(&mut hand, &mut players, 10).unwrap_err();
    assert_eq!(err, DriverError::Stopped { seat: 2 });
    assert_eq!((format!("{m:?}"), hand.revealed), (before.clone(), 1), "the hand keeps what was played");

    // Seat 2 cheats and does not ask again.
    let mut players = Scripted {
        answers: vec![vec![], vec![], vec![Some(Act::Cheat)]],
        retry: false,
        refusals: 0,
        views: Vec::new(),
    };
    let err = m.finish_hand(&mut hand, &mut players, 10).unwrap_err();
    assert_eq!(err, DriverError::IllegalAction { hand: 0, seat: 2, error: Cheating });
    assert_eq!((format!("{m:?}"), hand.revealed), (before.clone(), 1));

    // The limit counts the actions of this call: one more is not enough for two left.
    let mut players = Listening { seats: 3, heard: Vec::new() };
    let err = m.finish_hand(&mut hand, &mut players, 1).unwrap_err();
    assert_eq!(err, DriverError::TooLong { hand: 0, actions: 1 });
    assert_eq!((format!("{m:?}"), hand.revealed), (before, 2));
    assert!(m.hand_in_progress());

    // With room, the same hand ends and the match plays on.
    let got = m.finish_hand(&mut hand, &mut players, 1).unwrap();
    assert_eq!((m.hands_played(), &m.history()[0].points), (1, &got.points));
    m.play(&mut players, &mut r, 10).unwrap();
    assert!(m.is_over());
}

/// A finished match answers every entry point of the driver alike: `next_hand`, `record`,
/// `play`, `play_recorded` and `finish_hand` refuse with `MatchError::Over` and change
/// nothing; `play_hand`, which drives a hand and not a match, gives a hand already over
/// back as it stands (its outcome, no actions).
#[test]
fn a_finished_match_refuses_every_entry_point_alike() {
    for end in [MatchEnd::FixedHands(2), MatchEnd::SingleHand, MatchEnd::TargetScore(1)] {
        let mut m = Match::<Plus>::new((), terms(3, Some(0), end, Ranking::Total)).unwrap();
        let mut last = m.next_hand(&mut rng(40)).unwrap();
        play_hand(&mut last, &mut [Revealer::default(), Revealer::default(), Revealer::default()], 10)
            .unwrap();
        m.record(&last.outcome().expect("over")).unwrap();
        if !m.is_over() {
            play_match(&mut m, 41);
        }
        assert!(m.is_over(), "{end:?}");
        let hands = m.hands_played();
        let over = MatchError::Over { hands };
        let before = format!("{m:?}");
        let mut bots: Vec<Revealer> = (0..3).map(|_| Revealer::default()).collect();

        assert_eq!(m.next_hand(&mut rng(42)).unwrap_err(), over, "{end:?}");
        let last_outcome = m.history().last().expect("a hand played").clone();
        assert_eq!(m.record(&last_outcome).unwrap_err(), over, "{end:?}");
        assert_eq!(m.play(&mut bots, &mut rng(43), 10).unwrap_err(), DriverError::Match(over.clone()));
        assert_eq!(
            m.play_recorded(&mut bots, &mut rng(44), 10).unwrap_err(),
            DriverError::Match(over.clone())
        );
        let mut hand = last.clone();
        assert_eq!(m.finish_hand(&mut hand, &mut bots, 10).unwrap_err(), DriverError::Match(over.clone()));
        assert_eq!(hand, last, "{end:?}");
        // The players' count is checked first, as for a match in play.
        let mut two: Vec<Revealer> = (0..2).map(|_| Revealer::default()).collect();
        assert_eq!(
            m.play(&mut two, &mut rng(45), 10).unwrap_err(),
            DriverError::BotCount { bots: 2, seats: 3 }
        );
        assert_eq!(format!("{m:?}"), before, "{end:?}: a refusal changed the match");
        assert!(bots.iter().all(|b| b.asked == 0), "{end:?}: a player was asked");

        let (outcome, actions) = play_hand(&mut hand, &mut bots, 10).unwrap();
        assert_eq!((Some(outcome), actions.len()), (last.outcome(), 0), "{end:?}");
    }
}

/// A match prints its standings as a table, best first: tied seats share a place, and
/// under elimination a column says after which hand each seat went out.
#[test]
fn a_match_prints_its_standings_as_a_table() {
    let m = Match::<Plus>::new((), terms(2, Some(0), MatchEnd::FixedHands(3), Ranking::Total)).unwrap();
    let fresh = "\
standings after 0 hands
ranked by highest total
place  seat  total  hands won
    1     0      0          0
    1     1      0          0
";
    assert_eq!(m.to_string(), fresh);

    let mut m =
        Match::<Penalty>::new((), terms(4, Some(0), MatchEnd::Elimination(101), Ranking::Total)).unwrap();
    let mut r = rng(46);
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[0, 101, 40, 30], Some(0))).unwrap();
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[50, 0, 20], Some(1))).unwrap(); // hand seats 0, 1, 2 = match seats 0, 2, 3
    let going_on = "\
standings after 2 hands
ranked by staying in longest, then lowest total
place  seat  total  hands won  out after
    1     2     40          1          -
    2     0     50          1          -
    2     3     50          0          -
    4     1    101          0     hand 1
";
    assert_eq!(m.to_string(), going_on);
    m.next_hand(&mut r).unwrap();
    m.record(&outcome(&[60, 5, 51], Some(1))).unwrap();
    let over = "\
standings after 3 hands (match over)
ranked by staying in longest, then lowest total
place  seat  total  hands won  out after
    1     2     45          2          -
    2     3    101          0     hand 3
    3     0    110          1     hand 3
    4     1    101          0     hand 1
";
    assert_eq!(m.to_string(), over);

    // Ranked by hands won: seat 1 won two hands and is placed above seat 0's better total.
    let mut m =
        Match::<Plus>::new((), terms(2, Some(0), MatchEnd::FixedHands(3), Ranking::HandsWon)).unwrap();
    let mut r = rng(47);
    for (points, winner) in [([30, -30], 0), ([-5, 5], 1), ([-4, 4], 1)] {
        m.next_hand(&mut r).unwrap();
        m.record(&outcome(&points, Some(winner))).unwrap();
    }
    let by_hands = "\
standings after 3 hands (match over)
ranked by most hands won, then highest total
place  seat  total  hands won
    1     1    -21          2
    2     0     21          1
";
    assert_eq!(m.to_string(), by_hands);
}
