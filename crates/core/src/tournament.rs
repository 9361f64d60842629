//! [`tournament`]: many seeded hands between bots on several threads, seats rotated,
//! summarised as [`Standings`]; the same results for any number of threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::hand_loop::drive_hand;
use crate::match_play::check_seats;
use crate::standings::HandResult;
use crate::{Bot, DriverError, Game, Outcome, Players, Seat, Seating, Standings};

/// A seed for item `index` of a run seeded with `seed` (splitmix64 of both): the hands
/// of a tournament, the bots of a table. Different indexes give unrelated seeds.
///
/// ```
/// use rummykit_core::derive_seed;
/// assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
/// assert_eq!(derive_seed(1, 0), derive_seed(1, 0));
/// ```
#[must_use]
pub fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The most worker threads a [`tournament`] starts, whatever its plan asks: each one
/// is a system thread, and a plan's thread count is only a request (the standings do not
/// depend on it), so a count past this one is read as this one.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rummykit_core::{Bot, MAX_TOURNAMENT_THREADS, RandomBot, TournamentPlan, tournament};
/// let random = |_, seed| -> Box<dyn Bot<Nim>> {
///     Box::new(RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed)))
/// };
/// let plan = TournamentPlan::new(2, 40, 1);
/// let one = tournament::<Nim>(&(), &plan, random, |_| {})?;
/// // A thread count is only a request: one past the hands (40 here) or past the cap is
/// // cut down to them, and the standings are the same on any count.
/// for threads in [3, MAX_TOURNAMENT_THREADS + 1, usize::MAX] {
///     assert_eq!(tournament::<Nim>(&(), &plan.with_threads(threads), random, |_| {})?, one);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const MAX_TOURNAMENT_THREADS: usize = 1024;

/// How a [`tournament`] is played: seats (one bot entry each), hands, the seed, worker
/// threads, the action limit of a hand, and the format.
///
/// Hand `h` is dealt with `ChaCha8Rng::seed_from_u64(derive_seed(seed, d))`, `d` its
/// deal: `h / seats` in the *duplicate* format (each deal is played once per seat
/// rotation, so every entry plays every deal from every seat and the luck of the deal
/// cancels out of the comparison), `h` otherwise. Entry `e` sits at seat
/// `(e + h) % seats`, and the bot at seat `s` is built with seed
/// `derive_seed(deal seed, s)`. So the results depend on the plan but not on
/// `threads`.
///
/// ```
/// use rummykit_core::TournamentPlan;
/// let plan = TournamentPlan::new(3, 300, 7).with_threads(2).with_duplicate(false);
/// assert_eq!((plan.seats, plan.hands, plan.seed, plan.threads), (3, 300, 7, 2));
/// assert!(TournamentPlan::new(3, 300, 7).duplicate);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct TournamentPlan {
    /// Seats per hand, one bot entry each.
    pub seats: usize,
    /// Hands to play.
    pub hands: usize,
    /// The seed every deal and bot seed derives from.
    pub seed: u64,
    /// Worker threads (0 counts as 1, a count past [`MAX_TOURNAMENT_THREADS`] as that
    /// many).
    pub threads: usize,
    /// A hand still running after this many actions is cut off and counted as void
    /// ([`Standings::unfinished`]): card games that reshuffle their stock can stall for
    /// ever between cautious players.
    pub max_actions: usize,
    /// The duplicate format (the default): each deal played once per seat rotation.
    pub duplicate: bool,
}

impl TournamentPlan {
    /// `hands` hands of `seats` entries from `seed`, duplicate, one thread, at most
    /// 100 000 actions a hand.
    ///
    /// ```
    /// use rummykit_core::TournamentPlan;
    /// let plan = TournamentPlan::new(2, 1_000, 2026);
    /// assert_eq!((plan.seats, plan.hands, plan.seed), (2, 1_000, 2026));
    /// assert!(plan.duplicate && plan.threads == 1);
    /// ```
    #[must_use]
    pub const fn new(seats: usize, hands: usize, seed: u64) -> TournamentPlan {
        TournamentPlan { seats, hands, seed, threads: 1, max_actions: 100_000, duplicate: true }
    }

    /// The same plan on `threads` worker threads.
    ///
    /// ```
    /// use rummykit_core::TournamentPlan;
    /// // Standings do not depend on the thread count, so use every core.
    /// let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    /// assert_eq!(TournamentPlan::new(2, 100, 1).with_threads(cores).threads, cores);
    /// ```
    #[must_use]
    pub const fn with_threads(mut self, threads: usize) -> TournamentPlan {
        self.threads = threads;
        self
    }

    /// The same plan with another action limit per hand.
    ///
    /// ```
    /// use rummykit_core::TournamentPlan;
    /// assert_eq!(TournamentPlan::new(2, 100, 1).with_max_actions(5_000).max_actions, 5_000);
    /// ```
    #[must_use]
    pub const fn with_max_actions(mut self, max_actions: usize) -> TournamentPlan {
        self.max_actions = max_actions;
        self
    }

    /// The same plan in the duplicate format (`true`) or with a fresh deal every hand.
    ///
    /// ```
    /// use rummykit_core::TournamentPlan;
    /// // Fresh deals every hand instead of each deal once per seat rotation.
    /// assert!(!TournamentPlan::new(3, 99, 1).with_duplicate(false).duplicate);
    /// ```
    #[must_use]
    pub const fn with_duplicate(mut self, duplicate: bool) -> TournamentPlan {
        self.duplicate = duplicate;
        self
    }

    /// The seed of hand `hand`'s deal.
    fn deal_seed(&self, hand: usize) -> u64 {
        let deal = if self.duplicate { hand / self.seats.max(1) } else { hand };
        derive_seed(self.seed, deal as u64)
    }
}

/// A hand's result once a worker has played it.
type Slot<E> = Option<Result<HandResult, DriverError<E>>>;

/// The bots of one hand, by seat, counting each seat's accepted actions.
struct Seated<'a, G: Game> {
    bots: Vec<Box<dyn Bot<G> + 'a>>,
    turns: Vec<usize>,
}

impl<G: Game> Players<G> for Seated<'_, G> {
    fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        Some(self.bots.get_mut(seat)?.act(view))
    }

    fn seats(&self) -> Option<usize> {
        Some(self.bots.len())
    }

    fn applied(&mut self, _after: &G, seat: Seat, _action: &G::Action) {
        if let Some(t) = self.turns.get_mut(seat) {
            *t += 1;
        }
    }
}

/// Plays hand `hand` of the plan through the one hand loop.
fn play_one<'a, G: Game>(
    config: &G::Config,
    plan: &TournamentPlan,
    make_bot: &(impl Fn(usize, u64) -> Box<dyn Bot<G> + 'a> + ?Sized),
    hand: usize,
) -> Result<HandResult, DriverError<G::Error>> {
    let n = plan.seats;
    let seed = plan.deal_seed(hand);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game =
        G::deal(config, Seating::new(n), &mut rng).map_err(|error| DriverError::Deal { hand, error })?;
    // Entry e sits at seat (e + hand) % n, so seat s holds entry (s + n - hand % n) % n.
    let entry_at = |seat: Seat| (seat + n - hand % n) % n;
    let bots = (0..n).map(|seat| make_bot(entry_at(seat), derive_seed(seed, seat as u64))).collect();
    let mut seated = Seated { bots, turns: vec![0; n] };
    let outcome = match drive_hand(&mut game, &mut seated, &[], hand, plan.max_actions, None) {
        Ok(outcome) => Some(outcome),
        Err(DriverError::TooLong { .. }) => None,
        // The seat changes from hand to hand; the entry names the bot that erred.
        Err(DriverError::IllegalAction { hand, seat, error }) => {
            return Err(DriverError::EntryIllegalAction { hand, entry: entry_at(seat), seat, error });
        }
        Err(e) => return Err(e),
    };
    let mut turns = vec![0; n];
    for (seat, &t) in seated.turns.iter().enumerate() {
        turns[entry_at(seat)] = t;
    }
    let actions = seated.turns.iter().sum();
    let mut points = vec![0; n];
    let Some(Outcome { points: by_seat, winners }) = outcome else {
        return Ok(HandResult { points, winners: Vec::new(), actions, turns, finished: false });
    };
    for (seat, &p) in by_seat.iter().enumerate().take(n) {
        points[entry_at(seat)] = p;
    }
    let mut winners: Vec<usize> = winners.into_iter().map(entry_at).collect();
    winners.sort_unstable();
    Ok(HandResult { points, winners, actions, turns, finished: true })
}

/// Plays the hands of `plan` between bot entries, on `plan.threads` threads, and
/// summarises them per entry. `make_bot(entry, seed)` builds entry `entry`'s bot for one
/// hand with the given seed (a fresh bot every hand, so the results do not depend on
/// which thread played which hand); the entries' names are those of the bots built for
/// the first hand. Every hand is played through the one hand loop
/// ([`play_hand`](crate::play_hand)'s), the bots seeing their views only.
///
/// `progress(done)` is called from the calling thread about ten times a second and once
/// at the end. A hand cut off at the action limit counts as void (see
/// [`TournamentPlan::max_actions`]).
///
/// Results are kept as hands finish, so memory grows with the hands played, not with
/// `plan.hands`; worker threads the system cannot start are done without (the results
/// do not depend on the thread count), and the calling thread plays the hands itself if
/// it cannot start any.
///
/// # Errors
///
/// [`DriverError::Match`] with [`MatchError::NoSeats`](crate::MatchError::NoSeats) or
/// [`MatchError::PlayerCount`](crate::MatchError::PlayerCount)
/// for a seat count outside the game's [`Game::seat_range`] (or above
/// [`MAX_SEATS`](crate::MAX_SEATS)), before any bot is built; otherwise the first
/// [`DriverError`] in hand order: [`DriverError::Deal`] when the game refuses the deal,
/// or [`DriverError::EntryIllegalAction`] when a bot breaks a rule (naming its entry
/// and the seat it held). Hands after a failed one may be left unplayed.
///
/// # Panics
///
/// If `make_bot` or a bot panics, the panic is passed on once every thread has stopped.
///
/// ```
/// use rummykit_core::{Bot, TournamentPlan, tournament};
/// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
/// # // A race to 10: each turn the seat to move adds 1 or 2 to its counter.
/// # #[derive(Clone, Debug)]
/// # struct Race { counters: Vec<u32>, next: usize }
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("a step of 1 or 2")]
/// # struct BadStep;
/// # impl From<rummykit_core::NotYourTurn> for BadStep { fn from(_: rummykit_core::NotYourTurn) -> BadStep { BadStep } }
/// # impl Game for Race {
/// #     type Config = ();
/// #     type Action = u32;
/// #     type View = ();
/// #     type Error = BadStep;
/// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
/// #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
/// #         s.check(2, 4)?;
/// #         Ok(Race { counters: vec![0; s.seats], next: s.first_to_play().unwrap_or(0) })
/// #     }
/// #     fn seats(&self) -> usize { self.counters.len() }
/// #     fn config(&self) {}
/// #     fn to_move(&self) -> Option<Seat> {
/// #         self.counters.iter().all(|&c| c < 10).then_some(self.next)
/// #     }
/// #     fn apply(&mut self, seat: Seat, step: u32) -> Result<(), BadStep> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         if !(1..=2).contains(&step) { return Err(BadStep) }
/// #         self.counters[self.next] += step;
/// #         self.next = (self.next + 1) % self.counters.len();
/// #         Ok(())
/// #     }
/// #     fn view(&self, _: Seat) {}
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let w = self.counters.iter().position(|&c| c >= 10)?;
/// #         Some(Outcome { points: self.counters.iter().map(|&c| i64::from(c)).collect(), winners: vec![w] })
/// #     }
/// # }
/// struct Steps(u32);
/// impl Bot<Race> for Steps {
///     fn name(&self) -> &str { if self.0 == 2 { "twos" } else { "ones" } }
///     fn act(&mut self, _view: &()) -> u32 { self.0 }
/// }
/// let plan = TournamentPlan::new(2, 100, 1).with_threads(2);
/// let standings = tournament::<Race>(&(), &plan, |entry, _seed| Box::new(Steps(2 - entry as u32)), |_| {})?;
/// assert_eq!(standings.names(), ["twos", "ones"]);
/// assert_eq!(standings.hands(), 100);
/// assert_eq!(standings.wins(0), 100);
/// assert!(standings.win_rate(0).above(0.5));
/// assert!(standings.advantage(0, 1).above(0.0));
/// # Ok::<(), rummykit_core::DriverError<BadStep>>(())
/// ```
pub fn tournament<'a, G>(
    config: &G::Config,
    plan: &TournamentPlan,
    make_bot: impl Fn(usize, u64) -> Box<dyn Bot<G> + 'a> + Sync,
    mut progress: impl FnMut(usize),
) -> Result<Standings, DriverError<G::Error>>
where
    G: Game<Config: Sync>,
{
    let n = plan.seats;
    check_seats::<G>(config, n).map_err(DriverError::Match)?;
    let names = (0..n).map(|e| make_bot(e, plan.deal_seed(0)).name().to_owned()).collect();
    let per_deal = if plan.duplicate { n.max(1) } else { 1 };
    let mut standings = Standings { names, order: G::score_order(config), per_deal, hands: Vec::new() };
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let first_error = AtomicUsize::new(usize::MAX);
    // Grown as hands finish, not one slot per planned hand up front.
    let results: Mutex<Vec<Slot<G::Error>>> = Mutex::new(Vec::new());
    let caller = std::thread::current();
    let work = || {
        loop {
            // Hands are taken in order, so every hand before a failed one is played and
            // the first error is the same on any thread count.
            let hand = next.fetch_add(1, Ordering::Relaxed);
            if hand >= plan.hands || hand > first_error.load(Ordering::Relaxed) {
                break;
            }
            let result = play_one::<G>(config, plan, &make_bot, hand);
            if result.is_err() {
                first_error.fetch_min(hand, Ordering::Relaxed);
            }
            if let Ok(mut all) = results.lock() {
                if all.len() <= hand {
                    all.resize_with(hand + 1, || None);
                }
                all[hand] = Some(result);
            }
            done.fetch_add(1, Ordering::Relaxed);
        }
        caller.unpark();
    };
    std::thread::scope(|scope| {
        let mut workers = Vec::new();
        // Never more threads than hands, nor than the cap: a hand count and a thread
        // count of `usize::MAX` would otherwise start threads until the system refused.
        for _ in 0..plan.threads.clamp(1, plan.hands.clamp(1, MAX_TOURNAMENT_THREADS)) {
            match std::thread::Builder::new().spawn_scoped(scope, work) {
                Ok(worker) => workers.push(worker),
                Err(_) => break,
            }
        }
        if workers.is_empty() {
            work();
        }
        while !workers.iter().all(|w| w.is_finished()) {
            progress(done.load(Ordering::Relaxed).min(plan.hands));
            std::thread::park_timeout(Duration::from_millis(100));
        }
        for worker in workers {
            if let Err(panic) = worker.join() {
                std::panic::resume_unwind(panic);
            }
        }
    });
    let all = results.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
    for result in all.into_iter().flatten() {
        standings.hands.push(result?);
    }
    progress(plan.hands);
    Ok(standings)
}
