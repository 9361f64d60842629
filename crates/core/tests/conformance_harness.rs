//! The conformance harness catches what it claims to: a toy game with a switchable bug
//! per check passes when correct and fails with the right `Check` for each bug.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::conformance::{self, Candidate, Check, Conformance, Place, Plan};
use rummykit_core::{DealError, Description, Game, NotYourTurn, Outcome, ScoreOrder, Seat, Seating};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Bugs {
    lose_a_token: bool,
    leak_other_hand: bool,
    change_state_on_error: bool,
    never_end: bool,
    not_zero_sum: bool,
    /// Scores whose sum wraps round to zero in `i64` (two of `i64::MIN`).
    scores_wrap_to_zero: bool,
    winner_off_table: bool,
    winners_unordered: bool,
    refuse_listed: bool,
    stale_refresh: bool,
    accept_bogus: bool,
    expect_bogus_accepted: bool,
    expect_draw_refused: bool,
    bad_round_trip: bool,
    legal_after_end: bool,
    ignore_seat: bool,
    check_accepts_bogus: bool,
    view_lists_nothing: bool,
    describes_to_nothing: bool,
    bogus_reads_as_turn: bool,
    config_forgotten: bool,
    /// `seats()` says 0 while two seats play.
    no_seats: bool,
}

/// Impossible sums in a view's leak field, standing for the view bugs: a view that lists
/// nothing, a view whose actions describe to nothing.
const LISTS_NOTHING: u32 = u32::MAX;
const DESCRIBES_NOTHING: u32 = u32::MAX - 1;

/// Two seats draw the ten tokens of a shuffled stock in turn; each scores the sum of its
/// tokens minus the other's.
#[derive(Debug, Clone, PartialEq)]
struct Draw10 {
    stock: Vec<u8>,
    hands: [Vec<u8>; 2],
    next: Seat,
    bugs: Bugs,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Act {
    Draw,
    Bogus,
}

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
enum Refused {
    #[error("refused")]
    Refused,
    #[error(transparent)]
    Turn(#[from] NotYourTurn),
}

impl Game for Draw10 {
    type Config = Bugs;
    type Action = Act;
    /// Own tokens, the other's count, the stock's count, the seat to move, a leak, own seat.
    type View = (Vec<u8>, usize, usize, Option<Seat>, Option<u32>, Seat);
    type Error = Refused;
    fn score_order(_: &Self::Config) -> ScoreOrder {
        ScoreOrder::HigherIsBetter
    }

    fn deal<R: Rng + ?Sized>(bugs: &Bugs, s: Seating, rng: &mut R) -> Result<Self, DealError> {
        s.check(2, 2)?;
        let mut stock: Vec<u8> = (0..10).collect();
        stock.shuffle(rng);
        Ok(Draw10 { stock, hands: [Vec::new(), Vec::new()], next: 0, bugs: *bugs })
    }
    fn seats(&self) -> usize {
        if self.bugs.no_seats { 0 } else { 2 }
    }
    fn config(&self) -> Bugs {
        if self.bugs.config_forgotten { Bugs::default() } else { self.bugs }
    }
    fn not_your_turn(error: &Refused) -> Option<NotYourTurn> {
        match error {
            Refused::Turn(refusal) => Some(*refusal),
            Refused::Refused => None,
        }
    }
    fn to_move(&self) -> Option<Seat> {
        (!self.stock.is_empty() || self.bugs.never_end).then_some(self.next)
    }
    const LISTS_ALL_ACTIONS: bool = true;
    fn check(&self, seat: Seat, a: &Act) -> Result<(), Refused> {
        if self.bugs.check_accepts_bogus && *a == Act::Bogus {
            return Ok(());
        }
        self.clone().apply(seat, *a)
    }
    fn legal_actions(&self, out: &mut Vec<Act>) {
        out.clear();
        if self.to_move().is_some() || self.bugs.legal_after_end {
            out.push(Act::Draw);
        }
    }
    fn legal_actions_from(view: &Self::View, out: &mut Vec<Act>) {
        out.clear();
        if view.3 == Some(view.5) && view.4 != Some(LISTS_NOTHING) {
            out.push(Act::Draw);
        }
    }
    fn apply(&mut self, seat: Seat, a: Act) -> Result<(), Refused> {
        if !self.bugs.ignore_seat {
            NotYourTurn::check(seat, self.to_move())?;
        }
        match a {
            Act::Bogus if self.bugs.accept_bogus && self.to_move().is_some() => Ok(()),
            Act::Bogus => {
                if self.bugs.change_state_on_error {
                    self.stock.pop();
                }
                if self.bugs.bogus_reads_as_turn {
                    // The mover refused as if another seat were to move.
                    return Err(NotYourTurn { seat, to_move: seat }.into());
                }
                Err(Refused::Refused)
            }
            Act::Draw if self.to_move().is_none() => Err(Refused::Refused),
            Act::Draw if self.bugs.refuse_listed && self.stock.len() == 3 => Err(Refused::Refused),
            Act::Draw => {
                if let Some(t) = self.stock.pop()
                    && !(self.bugs.lose_a_token && self.stock.len() == 5)
                {
                    self.hands[self.next].push(t);
                }
                self.next = 1 - self.next;
                Ok(())
            }
        }
    }
    fn view(&self, seat: Seat) -> Self::View {
        let mut own = self.hands[seat].clone();
        own.sort_unstable();
        let other = &self.hands[1 - seat];
        let leak = self.bugs.leak_other_hand.then(|| other.iter().map(|&t| u32::from(t)).sum());
        // A view that lists or describes nothing: its "leak" field says so.
        let leak = if self.bugs.view_lists_nothing {
            Some(LISTS_NOTHING)
        } else if self.bugs.describes_to_nothing {
            Some(DESCRIBES_NOTHING)
        } else {
            leak
        };
        (own, other.len(), self.stock.len(), self.to_move(), leak, seat)
    }
    fn describe(view: &Self::View, a: &Act) -> Description {
        if view.4 == Some(DESCRIBES_NOTHING) {
            Description::new()
        } else {
            Description::from_text(&format!("{a:?}"))
        }
    }
    fn view_into(&self, seat: Seat, view: &mut Self::View) {
        let fresh = self.view(seat);
        if self.bugs.stale_refresh {
            // Keeps the old hand: the kind of bug a buffer-reusing refresh can have.
            view.1 = fresh.1;
            view.2 = fresh.2;
            view.3 = fresh.3;
        } else {
            *view = fresh;
        }
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.to_move().is_some() {
            return None;
        }
        let sum = |h: &Vec<u8>| h.iter().map(|&t| i64::from(t)).sum::<i64>();
        let d = sum(&self.hands[0]) - sum(&self.hands[1]);
        let points = if self.bugs.not_zero_sum {
            vec![d, d]
        } else if self.bugs.scores_wrap_to_zero {
            vec![i64::MIN, i64::MIN]
        } else {
            vec![d, -d]
        };
        let winners = if self.bugs.winner_off_table {
            vec![2]
        } else if self.bugs.winners_unordered {
            vec![1, 0]
        } else {
            vec![if d >= 0 { 0 } else { 1 }]
        };
        Some(Outcome { points, winners })
    }
}

struct Harness;

impl Conformance for Harness {
    type Game = Draw10;
    fn inventory(&self, _: &Draw10) -> Vec<u32> {
        vec![1; 10]
    }
    fn census(&self, g: &Draw10) -> Vec<Place> {
        let tokens = |v: &Vec<u8>| v.iter().map(|&t| usize::from(t)).collect();
        vec![
            Place::new("stock", tokens(&g.stock)),
            Place::new("hand 0", tokens(&g.hands[0])),
            Place::new("hand 1", tokens(&g.hands[1])),
        ]
    }
    fn candidates<R: Rng + ?Sized>(&self, g: &Draw10, _: &mut R) -> Vec<Candidate<Act>> {
        let mut out = vec![Candidate::unknown(Act::Bogus)];
        if g.bugs.expect_bogus_accepted {
            out.push(Candidate::accept(Act::Bogus));
        }
        if g.bugs.expect_draw_refused && g.to_move().is_some() {
            out.push(Candidate::reject(Act::Draw));
        }
        out
    }
    fn permute_hidden<R: Rng + ?Sized>(&self, g: &Draw10, seat: Seat, rng: &mut R) -> Option<Draw10> {
        let mut hidden: Vec<u8> = g.stock.iter().chain(&g.hands[1 - seat]).copied().collect();
        hidden.shuffle(rng);
        let mut out = g.clone();
        out.hands[1 - seat] = hidden.split_off(g.stock.len());
        out.stock = hidden;
        Some(out)
    }
    fn round_trip(&self, g: &Draw10) -> Option<Result<Draw10, String>> {
        let mut back = g.clone();
        if g.bugs.bad_round_trip {
            back.stock.reverse();
            back.next = 1 - back.next;
        }
        Some(Ok(back))
    }
    fn max_steps(&self, _: &Draw10) -> usize {
        10
    }
    fn zero_sum(&self, _: &Draw10) -> bool {
        true
    }
}

fn run(bugs: Bugs) -> Result<conformance::Report, conformance::Violation> {
    conformance::run::<_, ChaCha8Rng>(&Harness, &bugs, &Plan::new(20, 7).seating(Seating::new(2)))
}

#[test]
fn a_correct_game_passes_and_the_report_counts_the_checks() {
    let report = run(Bugs::default()).expect("no violation");
    assert_eq!((report.games, report.steps, report.longest), (20, 200, 10));
    assert_eq!(report.legal_checked, 200);
    assert_eq!(report.rejected, 200 + 20); // one bogus per step, one after each end
    assert_eq!(report.views_checked, 400);
    assert_eq!(report.round_trips, 220);
    assert!(report.to_string().starts_with("20 games, 200 steps"));
}

#[test]
fn each_bug_is_caught_by_its_check() {
    let cases = [
        (Bugs { lose_a_token: true, ..Bugs::default() }, Check::Conservation),
        (Bugs { leak_other_hand: true, ..Bugs::default() }, Check::ViewLeak),
        (Bugs { change_state_on_error: true, ..Bugs::default() }, Check::StateChangedOnError),
        (Bugs { never_end: true, ..Bugs::default() }, Check::Termination),
        (Bugs { not_zero_sum: true, ..Bugs::default() }, Check::Outcome),
        (Bugs { refuse_listed: true, ..Bugs::default() }, Check::LegalRefused),
        (Bugs { stale_refresh: true, ..Bugs::default() }, Check::ViewRefresh),
        (Bugs { accept_bogus: true, ..Bugs::default() }, Check::EnumerationMismatch),
        (Bugs { expect_bogus_accepted: true, ..Bugs::default() }, Check::ValidRefused),
        (Bugs { expect_draw_refused: true, ..Bugs::default() }, Check::CorruptAccepted),
        (Bugs { bad_round_trip: true, ..Bugs::default() }, Check::RoundTrip),
        (Bugs { legal_after_end: true, ..Bugs::default() }, Check::PlayAfterEnd),
        (Bugs { ignore_seat: true, ..Bugs::default() }, Check::WrongSeat),
        (Bugs { check_accepts_bogus: true, ..Bugs::default() }, Check::CheckMismatch),
        (Bugs { view_lists_nothing: true, ..Bugs::default() }, Check::ViewActions),
        (Bugs { describes_to_nothing: true, ..Bugs::default() }, Check::Description),
        (Bugs { bogus_reads_as_turn: true, ..Bugs::default() }, Check::WrongSeat),
        (Bugs { config_forgotten: true, ..Bugs::default() }, Check::Deal),
    ];
    for (bugs, check) in cases {
        let v = run(bugs).expect_err("the bug must be caught");
        assert_eq!(v.check, check, "{bugs:?}: {v}");
        assert_eq!((v.game, v.seed, v.seats), (0, 7, 2), "the first game fails, with its seed");
    }
}

#[test]
fn a_violation_names_the_piece_and_its_places() {
    let v = run(Bugs { lose_a_token: true, ..Bugs::default() }).expect_err("caught");
    assert_eq!(v.step, 5);
    assert!(v.detail.contains("found 0 times (in no place), the game has 1"), "{}", v.detail);
}

/// An outcome's winners are seats of the hand, named once each, ascending (a shared win
/// lists every winner, RULES.md §1.8 (b)).
#[test]
fn outcome_winners_must_be_distinct_seats_in_order() {
    let v = run(Bugs { winner_off_table: true, ..Bugs::default() }).expect_err("caught");
    assert_eq!(v.check, Check::Outcome);
    assert!(v.detail.contains("winner is not a seat"), "{}", v.detail);
    let v = run(Bugs { winners_unordered: true, ..Bugs::default() }).expect_err("caught");
    assert_eq!(v.check, Check::Outcome);
    assert!(v.detail.contains("not ascending and distinct"), "{}", v.detail);
}

/// Scores at the ends of `i64` are summed without overflow: two of `i64::MIN` are no
/// zero-sum outcome, though their `i64` sum wraps round to zero.
#[test]
fn scores_whose_sum_wraps_round_to_zero_are_not_zero_sum() {
    let v = run(Bugs { scores_wrap_to_zero: true, ..Bugs::default() }).expect_err("caught");
    assert_eq!(v.check, Check::Outcome);
    assert!(v.detail.contains("scores do not sum to zero"), "{}", v.detail);
}

#[test]
fn check_game_runs_one_scripted_state() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut game = Draw10::deal(&Bugs::default(), Seating::new(2), &mut rng).expect("deal");
    game.apply(game.to_move().unwrap_or_default(), Act::Draw).expect("draw");
    let report =
        conformance::check_game::<_, ChaCha8Rng>(&Harness, &mut game, &Plan::new(1, 0), 3).expect("passes");
    assert_eq!(report.steps, 9);
    assert!(game.outcome().is_some());
}

/// A game that says it has no seat is reported, never divided by: dealt, it is not the
/// table dealt; scripted, its seat to move is no seat of it, and over, its scores are
/// not one per seat.
#[test]
fn a_game_of_no_seats_is_a_violation_not_a_panic() {
    let bugs = Bugs { no_seats: true, ..Bugs::default() };
    let v = run(bugs).expect_err("caught");
    assert_eq!(v.check, Check::Deal, "{v}");
    assert!(v.detail.contains("0 seats"), "{}", v.detail);
    let mut game = Draw10::deal(&bugs, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(1)).expect("deal");
    let v = conformance::check_game::<_, ChaCha8Rng>(&Harness, &mut game, &Plan::new(1, 0), 3)
        .expect_err("caught");
    assert_eq!((&v.check, v.step), (&Check::Outcome, 0), "{v}");
    assert!(v.detail.contains("no seat of the 0"), "{}", v.detail);
    // Played to the end with two seats, then asked.
    game.bugs = Bugs::default();
    while let Some(seat) = game.to_move() {
        game.apply(seat, Act::Draw).expect("draw");
    }
    game.bugs = bugs;
    let v = conformance::check_game::<_, ChaCha8Rng>(&Harness, &mut game, &Plan::new(1, 0), 3)
        .expect_err("caught");
    assert_eq!(v.check, Check::Outcome, "{v}");
    assert!(v.detail.contains("2 scores for 0 seats"), "{}", v.detail);
}
