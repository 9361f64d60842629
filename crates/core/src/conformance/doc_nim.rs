// The toy game of the conformance module's example, for the examples of its items and of
// others that need a game (the tournament's standings): their doctests include this file
// in a module of their own (it is not a module of the crate). A unit test in
// conformance.rs keeps it equal to the module example's code.
use rand::{Rng, RngExt};
use rummykit_core::conformance::{Candidate, Conformance, Place};
use rummykit_core::{DealError, Game, NotYourTurn, Outcome, ScoreOrder, Seat, Seating};

// A toy game: two seats take turns removing 1 or 2 counters from a heap of 7;
// whoever takes the last one wins 1 point from the other.
#[derive(Clone, Debug, PartialEq)]
pub struct Nim { pub heap: u8, pub taken: [u8; 2], pub next: Seat }
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Illegal {
    #[error("illegal take")]
    Take,
    #[error(transparent)]
    NotYourTurn(#[from] NotYourTurn),
}
impl Game for Nim {
    type Config = ();
    type Action = u8;
    type View = (u8, bool); // the heap, and whether it is this seat's turn
    type Error = Illegal;
    fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    fn deal<R: Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
        s.check(2, 2)?;
        Ok(Nim { heap: 7, taken: [0, 0], next: s.first_to_play().unwrap_or(0) })
    }
    fn seats(&self) -> usize { 2 }
    fn config(&self) {}
    fn to_move(&self) -> Option<Seat> { (self.heap > 0).then_some(self.next) }
    fn apply(&mut self, seat: Seat, take: u8) -> Result<(), Illegal> {
        NotYourTurn::check(seat, self.to_move())?;
        if self.heap == 0 || !(1..=2).contains(&take) || take > self.heap { return Err(Illegal::Take); }
        self.heap -= take;
        self.taken[self.next] += take;
        if self.heap > 0 { self.next = 1 - self.next; }
        Ok(())
    }
    fn not_your_turn(e: &Illegal) -> Option<NotYourTurn> {
        if let Illegal::NotYourTurn(refusal) = e { Some(*refusal) } else { None }
    }
    fn view(&self, seat: Seat) -> (u8, bool) { (self.heap, self.to_move() == Some(seat)) }
    const LISTS_ALL_ACTIONS: bool = true;
    fn legal_actions_from(&(heap, my_turn): &(u8, bool), out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=2).filter(|&t| my_turn && t <= heap));
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.heap == 0).then(|| {
            let mut points = vec![-1, -1];
            points[self.next] = 1;
            Outcome { points, winners: vec![self.next] }
        })
    }
}

pub struct NimRules;
impl Conformance for NimRules {
    type Game = Nim;
    fn inventory(&self, _: &Nim) -> Vec<u32> { vec![7] }
    fn census(&self, g: &Nim) -> Vec<Place> {
        vec![
            Place::new("heap", vec![0; g.heap as usize]),
            Place::new("seat 0", vec![0; g.taken[0] as usize]),
            Place::new("seat 1", vec![0; g.taken[1] as usize]),
        ]
    }
    fn candidates<R: Rng + ?Sized>(&self, _: &Nim, rng: &mut R) -> Vec<Candidate<u8>> {
        vec![Candidate::unknown(rng.random_range(0..4))]
    }
    fn max_steps(&self, _: &Nim) -> usize { 7 }
    fn zero_sum(&self, _: &Nim) -> bool { true } // +1 for the winner, -1 for the other
}
