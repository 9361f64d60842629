//! The hand loop ([`play_hand`]) shows every seat the view the game would make anew, for
//! any [`CardRules`] game: also one whose action changes another seat's hand than the
//! mover's, which nothing in `CardRules` rules out.
//!
//! The toy "pass it on" game: three cards each from one deck; a turn draws from the
//! stock or takes the top discard, then discards another card. A draw also passes the
//! mover's first known card (one it took face up, so everyone saw it) on to the next
//! seat, still known, when the mover keeps more than three cards. The hand is over when
//! the stock runs out; each seat scores its hand as penalty points.

use core::cell::RefCell;
use core::ops::{Deref, DerefMut, RangeInclusive};
use std::rc::Rc;

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Bot, Card, CardRules, Catalog, CommitKey, DealError, Face, Game, HandState, HandView, NamedPiece,
    Outcome, Phase, PieceId, PieceSet, ScoreOrder, Seat, Seating, TurnError, deal_cards, play_hand,
};

#[derive(Clone, Debug, PartialEq)]
struct PassItOn {
    state: HandState,
    /// Cards passed on so far.
    passed: usize,
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Step {
    Draw,
    Take,
    Discard(PieceId),
}

/// The common part, and the total of the seat's own hand.
#[derive(Clone, Debug, Default, PartialEq)]
struct View {
    common: HandView,
    hand_total: u32,
}

impl Deref for View {
    type Target = HandView;
    fn deref(&self) -> &HandView {
        &self.common
    }
}

impl DerefMut for View {
    fn deref_mut(&mut self) -> &mut HandView {
        &mut self.common
    }
}

fn total(hand: PieceSet) -> u32 {
    let deck = Catalog::<Card>::DECK;
    hand.iter().filter_map(|id| deck.face(id)?.number()).map(u32::from).sum()
}

fn steps(phase: Phase, hand: PieceSet, taken: Option<PieceId>, out: &mut Vec<Step>) {
    out.clear();
    match phase {
        Phase::Draw => out.extend([Step::Draw, Step::Take]),
        Phase::Play => out.extend(hand.iter().filter(|&c| Some(c) != taken).map(Step::Discard)),
        Phase::Over => {}
    }
}

impl CardRules for PassItOn {
    type CardConfig = ();
    type CardAction = Step;
    type CardView = View;
    type CardError = TurnError;
    type Plan<'a> = Step;
    const SCORE_ORDER: ScoreOrder = ScoreOrder::LowerIsBetter;
    const SEATS: RangeInclusive<usize> = 2..=4;

    fn deal_hand<R: Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        seating.check(2, 4)?;
        let n = seating.seats;
        let dealer = seating.dealer.unwrap_or_else(|| rng.random_range(0..n));
        let dealt = deal_cards(&Catalog::<Card>::DECK, n, (dealer + 1) % n, 3, rng)
            .ok_or(DealError::InvalidConfig { option: "seats", reason: "too many for one deck" })?;
        Ok(PassItOn { state: HandState::dealt(dealer, dealt.hands, dealt.piles), passed: 0 })
    }

    fn state(&self) -> &HandState {
        &self.state
    }

    fn catalog(&self) -> &Catalog<Card> {
        &Catalog::<Card>::DECK
    }

    fn card_config(&self) {}

    fn plan(&self, step: &Step) -> Result<Step, TurnError> {
        let s = &self.state;
        match *step {
            Step::Draw | Step::Take => s.phase.require(Phase::Draw)?,
            Step::Discard(card) => {
                s.phase.require(Phase::Play)?;
                if !s.hand(s.to_move).contains(card) {
                    return Err(TurnError::NotInHand(NamedPiece::of(card, self.catalog())));
                }
                if s.taken == Some(card) {
                    return Err(TurnError::DiscardTakenCard { card: NamedPiece::of(card, self.catalog()) });
                }
            }
        }
        Ok(*step)
    }

    fn commit(&mut self, step: Step, _: CommitKey) -> Result<(), TurnError> {
        let s = &mut self.state;
        match step {
            // The stock never runs out at a draw (the hand ends first), nor the pile
            // (every turn ends with a discard).
            Step::Draw => {
                s.draw_stock();
                let mover = s.to_move;
                let next = (mover + 1) % s.hands.len();
                let kept = s.hands[mover].len() > 3;
                if let Some(card) = s.known[mover].first().filter(|_| kept) {
                    s.hands[mover].remove(card);
                    s.known[mover].remove(card);
                    s.hands[next].insert(card);
                    s.known[next].insert(card);
                    self.passed += 1;
                }
            }
            Step::Take => {
                s.take_discard();
            }
            Step::Discard(card) => {
                s.discard(card);
                if s.piles.stock_len() == 0 {
                    s.end();
                } else {
                    s.next_turn();
                }
            }
        }
        Ok(())
    }

    fn result(&self) -> Option<Outcome> {
        let s = &self.state;
        (s.phase == Phase::Over).then(|| {
            let totals: Vec<u32> = s.hands.iter().map(|&h| total(h)).collect();
            let best = totals.iter().copied().min().unwrap_or(0);
            Outcome {
                points: totals.iter().map(|&t| i64::from(t)).collect(),
                winners: (0..totals.len()).filter(|&seat| totals[seat] == best).collect(),
            }
        })
    }

    fn blank_view(&self) -> View {
        View::default()
    }

    fn fill_view(&self, seat: Seat, view: &mut View) {
        view.hand_total = total(self.state.hand(seat));
    }

    fn list_into(&self, out: &mut Vec<Step>) {
        let s = &self.state;
        steps(s.phase, s.hand(s.to_move), s.taken, out);
    }

    fn list_from_view(view: &View, out: &mut Vec<Step>) {
        if view.to_move == Some(view.seat) {
            steps(view.phase, view.hand, view.taken_this_turn, out);
        } else {
            out.clear();
        }
    }
}

/// The replica of the game every witness plays on, its rng, and the views compared.
type Replica = Rc<RefCell<(PassItOn, ChaCha8Rng, usize)>>;

/// Compares each view it is shown with the replica's view made anew, then plays a
/// random legal action on the replica and returns it.
struct Witness(Replica);

impl Bot<PassItOn> for Witness {
    fn name(&self) -> &str {
        "witness"
    }

    fn act(&mut self, view: &View) -> Step {
        let mut replica = self.0.borrow_mut();
        let (game, rng, shown) = &mut *replica;
        assert_eq!(*view, game.view(view.seat), "view {shown} (cards passed on so far: {})", game.passed);
        *shown += 1;
        let action = PassItOn::random_action_from(view, rng).expect("a legal action");
        game.apply(view.seat, action).expect("a listed action is legal");
        action
    }
}

/// Every view the hand loop shows, in hands where draws pass cards on to the next seat,
/// is the view made anew: every seat's hand size and known cards, not only the mover's.
#[test]
fn a_draw_that_passes_a_card_on_leaves_no_seat_a_stale_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(53);
    let (mut shown, mut passed) = (0, 0);
    for hand in 0..60 {
        let seats = 2 + hand % 3;
        let game = PassItOn::deal(&(), Seating::new(seats), &mut rng).expect("a deal");
        let replica: Replica =
            Rc::new(RefCell::new((game.clone(), ChaCha8Rng::seed_from_u64(hand as u64), 0)));
        let mut witnesses: Vec<Witness> = (0..seats).map(|_| Witness(Rc::clone(&replica))).collect();
        let mut bots: Vec<&mut dyn Bot<PassItOn>> =
            witnesses.iter_mut().map(|w| w as &mut dyn Bot<PassItOn>).collect();
        let mut played = game;
        play_hand(&mut played, &mut bots, 10_000).expect("the hand ends");
        let (replayed, _, views) = &*replica.borrow();
        assert_eq!(&played, replayed, "hand {hand}: the replica is the game");
        shown += views;
        passed += played.passed;
    }
    // Enough passes that a view keeping only the mover's entries would be caught.
    assert!(shown > 1_000 && passed > 100, "{shown} views, {passed} cards passed on");
}
