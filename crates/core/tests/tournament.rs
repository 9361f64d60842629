//! The tournament runner on a toy game: the same standings on 1, 2 and 3 threads, seats
//! rotated, every error of the runner, and cut-off hands counted as void.

use std::sync::atomic::{AtomicUsize, Ordering};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Bot, DealError, DriverError, Game, MAX_SEATS, MAX_TOURNAMENT_THREADS, MatchError, NotYourTurn, Outcome,
    ScoreOrder, Seat, Seating, TournamentPlan, derive_seed, tournament,
};

/// A race to `GOAL`: the seat to move adds 1 or 2 to its counter; the first to reach the
/// goal wins the others' shortfall. The dealer is cut with the deal's rng.
#[derive(Clone, Debug, PartialEq)]
struct Race {
    counters: Vec<u32>,
    next: Seat,
}

const GOAL: u32 = 12;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum BadStep {
    #[error("a step is 1 or 2")]
    Step,
    #[error(transparent)]
    Turn(#[from] NotYourTurn),
}

impl Game for Race {
    type Config = ();
    type Action = u32;
    type View = Seat;
    type Error = BadStep;
    fn score_order(_: &Self::Config) -> ScoreOrder {
        ScoreOrder::HigherIsBetter
    }

    fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, rng: &mut R) -> Result<Self, DealError> {
        s.check(2, 4)?;
        let dealer = s.dealer.unwrap_or_else(|| rng.random_range(0..s.seats));
        Ok(Race { counters: vec![0; s.seats], next: (dealer + 1) % s.seats })
    }
    fn seats(&self) -> usize {
        self.counters.len()
    }
    fn config(&self) {}
    fn to_move(&self) -> Option<Seat> {
        self.counters.iter().all(|&c| c < GOAL).then_some(self.next)
    }
    fn apply(&mut self, seat: Seat, step: u32) -> Result<(), BadStep> {
        NotYourTurn::check(seat, self.to_move())?;
        if !(1..=2).contains(&step) {
            return Err(BadStep::Step);
        }
        self.counters[seat] += step;
        self.next = (seat + 1) % self.counters.len();
        Ok(())
    }
    fn view(&self, seat: Seat) -> Seat {
        seat
    }
    fn outcome(&self) -> Option<Outcome> {
        let w = self.counters.iter().position(|&c| c >= GOAL)?;
        let short: Vec<i64> = self.counters.iter().map(|&c| i64::from(GOAL.saturating_sub(c))).collect();
        let total: i64 = short.iter().sum();
        let points = (0..self.counters.len()).map(|s| if s == w { total } else { -short[s] }).collect();
        Some(Outcome { points, winners: vec![w] })
    }
}

/// Steps 1 or 2 at random with its own seeded rng; steps `bad` (refused) when `bad > 0`.
struct Stepper {
    rng: ChaCha8Rng,
    twos: bool,
    bad: u32,
}

impl Bot<Race> for Stepper {
    fn name(&self) -> &str {
        if self.twos { "twos" } else { "random" }
    }
    fn act(&mut self, _: &Seat) -> u32 {
        if self.bad > 0 {
            return self.bad;
        }
        if self.twos { 2 } else { self.rng.random_range(1..=2) }
    }
}

fn entry(e: usize, seed: u64) -> Box<dyn Bot<Race>> {
    Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: e == 0, bad: 0 })
}

#[test]
fn the_same_standings_on_any_thread_count() {
    for duplicate in [true, false] {
        let plan = TournamentPlan::new(3, 61, 5).with_duplicate(duplicate);
        let one = tournament::<Race>(&(), &plan, entry, |_| {}).unwrap();
        for threads in [2, 3, 8] {
            let other = tournament::<Race>(&(), &plan.with_threads(threads), entry, |_| {}).unwrap();
            assert_eq!(other, one, "{threads} threads, duplicate {duplicate}");
        }
        assert_eq!(one.hands(), 61);
        assert_eq!(one.names(), ["twos", "random", "random"]);
        // Random steps do vary: another seed gives other hands.
        let moved =
            tournament::<Race>(&(), &TournamentPlan::new(3, 61, 6).with_duplicate(duplicate), entry, |_| {});
        assert_ne!(moved.unwrap().results(), one.results());
        // Always stepping 2 beats stepping at random.
        assert!(one.advantage(0, 1).above(0.0), "{}", one.advantage(0, 1));
        let wins: usize = (0..3).map(|e| one.wins(e)).sum();
        assert_eq!(wins + one.void(), 61);
        assert_eq!(one.actions(), one.results().iter().map(|h| h.turns.iter().sum::<usize>()).sum());
    }
}

#[test]
fn seats_rotate_and_duplicate_deals_repeat() {
    // Identical deterministic bots: a hand's play depends only on its deal (who starts).
    // Entry e sits at seat (e + h) % 3, so within one deal the winning seat is the same
    // and the winning entry moves back one entry per hand; points rotate with it.
    let twos = |_: usize, seed: u64| -> Box<dyn Bot<Race>> {
        Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: true, bad: 0 })
    };
    let s = tournament::<Race>(&(), &TournamentPlan::new(3, 30, 11), twos, |_| {}).unwrap();
    let mut starters = Vec::new();
    for deal in s.results().chunks(3) {
        let w0 = deal[0].winners[0];
        for (h, hand) in deal.iter().enumerate() {
            assert_eq!(hand.winners, [(w0 + 3 - h) % 3]);
            let rotated: Vec<i64> = (0..3).map(|e| deal[0].points[(e + h) % 3]).collect();
            assert_eq!(hand.points, rotated);
        }
        starters.push(w0);
    }
    // The deals themselves differ: the starting seat is cut with each deal's rng.
    assert!(starters.iter().any(|&w| w != starters[0]), "{starters:?}");
    // Without the duplicate format every hand has a deal of its own: the pattern breaks.
    let fresh =
        tournament::<Race>(&(), &TournamentPlan::new(3, 30, 11).with_duplicate(false), twos, |_| {}).unwrap();
    assert!(fresh.results().chunks(3).any(|d| d[1].winners != [(d[0].winners[0] + 2) % 3]));
}

#[test]
fn a_refused_deal_names_the_first_hand() {
    let err =
        tournament::<Race>(&(), &TournamentPlan::new(5, 10, 1).with_threads(3), entry, |_| {}).unwrap_err();
    assert_eq!(
        err,
        DriverError::Deal { hand: 0, error: DealError::PlayerCount { seats: 5, min: 2, max: 4 } }
    );
}

#[test]
fn a_seat_count_the_game_does_not_take_is_refused_before_any_bot_is_built() {
    let built = AtomicUsize::new(0);
    let counted = |e: usize, seed: u64| {
        built.fetch_add(1, Ordering::Relaxed);
        entry(e, seed)
    };
    let err = tournament::<Race>(&(), &TournamentPlan::new(30_000_000, 1, 1), counted, |_| {}).unwrap_err();
    assert_eq!(
        err,
        DriverError::Match(MatchError::PlayerCount { seats: 30_000_000, min: 1, max: MAX_SEATS })
    );
    let err = tournament::<Race>(&(), &TournamentPlan::new(0, 1, 1), counted, |_| {}).unwrap_err();
    assert_eq!(err, DriverError::Match(MatchError::NoSeats));
    assert_eq!(built.load(Ordering::Relaxed), 0);
}

#[test]
fn a_huge_hand_count_allocates_nothing_up_front() {
    // Every hand fails at once, so the run stops after the first; before that, nothing
    // may have been reserved per planned hand.
    let cheat = |_: usize, seed: u64| -> Box<dyn Bot<Race>> {
        Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: false, bad: 3 })
    };
    // (And no thread per planned hand either: a plan that asks for every thread there
    // could be starts at most MAX_TOURNAMENT_THREADS and stops as soon.)
    for threads in [1, 2, usize::MAX] {
        let plan = TournamentPlan::new(2, usize::MAX, 1).with_threads(threads);
        let err = tournament::<Race>(&(), &plan, cheat, |_| {}).unwrap_err();
        assert!(
            matches!(err, DriverError::EntryIllegalAction { hand: 0, error: BadStep::Step, .. }),
            "{err}"
        );
    }
}

#[test]
fn no_more_worker_threads_than_the_cap_however_many_hands_and_threads_are_asked() {
    use std::collections::HashSet;
    use std::sync::Mutex;
    use std::thread::{self, ThreadId};

    // Every bot is built on the worker that plays its hand, and a build holds its worker
    // a while, so that asked for one thread per hand, workers past the cap would each
    // take a hand of their own and be counted.
    let caller = thread::current().id();
    let workers: Mutex<HashSet<ThreadId>> = Mutex::new(HashSet::new());
    let slow = |e: usize, seed: u64| -> Box<dyn Bot<Race>> {
        let id = thread::current().id();
        if id != caller {
            workers.lock().unwrap().insert(id);
            thread::sleep(std::time::Duration::from_millis(30));
        }
        entry(e, seed)
    };
    let hands = 4 * MAX_TOURNAMENT_THREADS;
    let plan = TournamentPlan::new(2, hands, 9).with_threads(usize::MAX);
    let standings = tournament::<Race>(&(), &plan, slow, |_| {}).unwrap();
    assert_eq!(standings.hands(), hands);
    let started = workers.lock().unwrap().len();
    assert!((2..=MAX_TOURNAMENT_THREADS).contains(&started), "{started} worker threads");
}

#[test]
fn the_first_illegal_action_in_hand_order_is_reported_on_any_thread_count() {
    // Entry 1 breaks the rules in the hands where its seed hashes to a multiple of 7.
    let cheat = |e: usize, seed: u64| -> Box<dyn Bot<Race>> {
        let bad = if e == 1 && derive_seed(seed, 99).is_multiple_of(7) { 3 } else { 0 };
        Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: false, bad })
    };
    let plan = TournamentPlan::new(2, 200, 3).with_duplicate(false);
    let first = tournament::<Race>(&(), &plan, cheat, |_| {}).unwrap_err();
    let DriverError::EntryIllegalAction { hand, entry, seat, error } = first.clone() else {
        panic!("{first}")
    };
    assert_eq!(error, BadStep::Step);
    assert!(hand > 0, "some hands pass first");
    // Only entry 1 cheats; it sits at seat (1 + hand) % 2, and the message says both.
    assert_eq!((entry, seat), (1, (1 + hand) % 2));
    assert_eq!(
        first.to_string(),
        format!(
            "hand {} (counting from 1): entry 1, at seat {seat} (both counting from 0), chose an illegal action",
            hand + 1
        )
    );
    for threads in [2, 3] {
        assert_eq!(tournament::<Race>(&(), &plan.with_threads(threads), cheat, |_| {}).unwrap_err(), first);
    }
}

#[test]
fn an_illegal_action_names_the_entry_not_only_the_seat() {
    // Entry 1 cheats in hand 1 only (its bots there are built from that hand's deal
    // seed), where the seats have rotated: entry 1 sits at seat (1 + 1) % 2 = 0.
    let deal = derive_seed(3, 1);
    let cheat = |e: usize, seed: u64| -> Box<dyn Bot<Race>> {
        let bad = if e == 1 && (0..2).any(|s| derive_seed(deal, s) == seed) { 3 } else { 0 };
        Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: false, bad })
    };
    let plan = TournamentPlan::new(2, 4, 3).with_duplicate(false);
    let err = tournament::<Race>(&(), &plan, cheat, |_| {}).unwrap_err();
    assert_eq!(err, DriverError::EntryIllegalAction { hand: 1, entry: 1, seat: 0, error: BadStep::Step });
    assert_eq!(
        err.to_string(),
        "hand 2 (counting from 1): entry 1, at seat 0 (both counting from 0), chose an illegal action"
    );
}

#[test]
fn hands_over_the_action_limit_are_void_and_counted() {
    // Four seats stepping 1 need at least 45 actions; 30 cuts every hand off.
    let plan = TournamentPlan::new(4, 8, 2).with_max_actions(30);
    let slow = |_: usize, seed: u64| -> Box<dyn Bot<Race>> {
        Box::new(Stepper { rng: ChaCha8Rng::seed_from_u64(seed), twos: false, bad: 1 })
    };
    let s = tournament::<Race>(&(), &plan, slow, |_| {}).unwrap();
    assert_eq!((s.hands(), s.unfinished(), s.void()), (8, 8, 8));
    assert!(s.results().iter().all(|h| h.points == [0; 4] && h.winners.is_empty() && h.actions == 30));
}

#[test]
fn progress_is_reported_up_to_the_end() {
    let mut seen = Vec::new();
    tournament::<Race>(&(), &TournamentPlan::new(2, 40, 9).with_threads(2), entry, |d| seen.push(d)).unwrap();
    assert_eq!(seen.last(), Some(&40));
    assert!(seen.windows(2).all(|w| w[0] <= w[1]));
}

/// A one-move duel whose scores are the ends of `i64`: the higher bid takes `i64::MAX`,
/// the other `i64::MIN` (a caller's game may score anything an `i64` holds).
#[derive(Clone, Debug, PartialEq)]
struct Duel {
    bids: Vec<Option<u32>>,
    next: Seat,
}

impl Game for Duel {
    type Config = ();
    type Action = u32;
    type View = Seat;
    type Error = NotYourTurn;
    fn score_order(_: &Self::Config) -> ScoreOrder {
        ScoreOrder::HigherIsBetter
    }
    fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
        s.check(2, 2)?;
        Ok(Duel { bids: vec![None; 2], next: s.first_to_play().unwrap_or(0) })
    }
    fn seats(&self) -> usize {
        2
    }
    fn config(&self) {}
    fn to_move(&self) -> Option<Seat> {
        self.bids[self.next].is_none().then_some(self.next)
    }
    fn apply(&mut self, seat: Seat, bid: u32) -> Result<(), NotYourTurn> {
        NotYourTurn::check(seat, self.to_move())?;
        self.bids[seat] = Some(bid);
        self.next = 1 - seat;
        Ok(())
    }
    fn view(&self, seat: Seat) -> Seat {
        seat
    }
    fn outcome(&self) -> Option<Outcome> {
        let (a, b) = (self.bids[0]?, self.bids[1]?);
        let w = usize::from(b > a);
        let points = (0..2).map(|s| if s == w { i64::MAX } else { i64::MIN }).collect();
        Some(Outcome { points, winners: vec![w] })
    }
}

struct Bidder(u32);

impl Bot<Duel> for Bidder {
    fn name(&self) -> &str {
        "bidder"
    }
    fn act(&mut self, _: &Seat) -> u32 {
        self.0
    }
}

/// The advantage of one entry over another is the difference of their points, taken
/// without overflow: `i64::MAX - i64::MIN` is past `i64`, and wrapping it would turn
/// the winner's lead into a loss of 1.
#[test]
fn the_advantage_of_scores_at_the_ends_of_i64_keeps_its_sign() {
    let bidders = |e: usize, _: u64| -> Box<dyn Bot<Duel>> { Box::new(Bidder(if e == 0 { 2 } else { 1 })) };
    let s = tournament::<Duel>(&(), &TournamentPlan::new(2, 6, 3), bidders, |_| {}).unwrap();
    assert_eq!(s.wins(0), 6);
    let (ab, ba) = (s.advantage(0, 1), s.advantage(1, 0));
    let spread = i64::MAX as f64 - i64::MIN as f64;
    assert_eq!((ab.mean, ba.mean), (spread, -spread), "{ab} / {ba}");
    assert!(ab.above(0.0) && ba.below(0.0), "{ab} / {ba}");
}
