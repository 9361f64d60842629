// The toy card game of the examples of `CardRules`' items: their doctests include this
// file in a module of their own (it is not a module of the crate), so that each hook is
// shown on one small game a reader learns once.
use core::ops::{Deref, DerefMut, RangeInclusive};

use rand::{Rng, RngExt};
use rummykit_core::{
    Card, CardRules, Catalog, CommitKey, DealError, Face, HandState, HandView, NamedPiece, Outcome, Phase,
    PieceId, ScoreOrder, Seat, Seating, TurnError, deal_cards,
};

// Three cards each from one deck. A turn draws from the stock or takes the top discard,
// then discards another card. The hand is over when the stock runs out; the lowest hand
// (ace 1, king 13) wins, and each seat scores its hand as penalty points.
#[derive(Clone, Debug, PartialEq)]
pub struct ThreeCards { pub state: HandState }
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step { Draw, Take, Discard(PieceId) }
// What a seat sees: the common part, and the total of its own hand.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct View { pub common: HandView, pub hand_total: u32 }
impl Deref for View { type Target = HandView; fn deref(&self) -> &HandView { &self.common } }
impl DerefMut for View { fn deref_mut(&mut self) -> &mut HandView { &mut self.common } }

pub fn total(hand: rummykit_core::PieceSet) -> u32 {
    let deck = Catalog::<Card>::DECK;
    hand.iter().filter_map(|id| deck.face(id)?.number()).map(u32::from).sum()
}
fn steps(phase: Phase, hand: rummykit_core::PieceSet, taken: Option<PieceId>, out: &mut Vec<Step>) {
    out.clear();
    match phase {
        Phase::Draw => out.extend([Step::Draw, Step::Take]),
        Phase::Play => out.extend(hand.iter().filter(|&c| Some(c) != taken).map(Step::Discard)),
        Phase::Over => {}
    }
}

impl CardRules for ThreeCards {
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
        Ok(ThreeCards { state: HandState::dealt(dealer, dealt.hands, dealt.piles) })
    }
    fn state(&self) -> &HandState { &self.state }
    fn catalog(&self) -> &Catalog<Card> { &Catalog::<Card>::DECK }
    fn card_config(&self) {}
    fn plan<'a>(&self, step: &'a Step) -> Result<Step, TurnError> {
        let s = &self.state;
        match *step {
            Step::Draw | Step::Take => s.phase.require(Phase::Draw)?,
            Step::Discard(card) => {
                s.phase.require(Phase::Play)?;
                // The card named by its face in the refusal, which is built only then.
                let named = || NamedPiece::of(card, self.catalog());
                if !s.hand(s.to_move).contains(card) { return Err(TurnError::NotInHand(named())); }
                if s.taken == Some(card) { return Err(TurnError::DiscardTakenCard { card: named() }); }
            }
        }
        Ok(*step)
    }
    fn commit(&mut self, step: Step, _: CommitKey) -> Result<(), TurnError> {
        let s = &mut self.state;
        match step {
            // The stock never runs out at a draw (the hand ends first), nor the pile
            // (every turn ends with a discard).
            Step::Draw => { s.draw_stock(); }
            Step::Take => { s.take_discard(); }
            Step::Discard(card) => {
                s.discard(card);
                if s.piles.stock_len() == 0 { s.end() } else { s.next_turn() }
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
    fn blank_view(&self) -> View { View::default() }
    fn fill_view(&self, seat: Seat, view: &mut View) { view.hand_total = total(self.state.hand(seat)); }
    fn list_into(&self, out: &mut Vec<Step>) {
        let s = &self.state;
        steps(s.phase, s.hand(s.to_move), s.taken, out);
    }
    fn list_from_view(view: &View, out: &mut Vec<Step>) {
        if view.to_move == Some(view.seat) { steps(view.phase, view.hand, view.taken_this_turn, out) } else { out.clear() }
    }
}
