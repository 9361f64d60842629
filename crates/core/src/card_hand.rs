//! [`HandState`]: the state every hand of a card game holds (classic Rummy, Rummy 40) and
//! the turn transitions they share: draw, take the discard, discard, pass the turn.

use rand::Rng;

use crate::{Card, Catalog, MeldTable, Phase, PieceId, PieceSet, Piles, PlacedCards, Seat};

/// The state every hand of a card game holds: the dealer, the hands, the stock and
/// discard pile, the melds on the table, the seat to move and its phase, the card it took
/// from the discard pile this turn, and the cards each seat is known to hold (taken from
/// the pile, not played since). A game embeds it and adds what only it has; the
/// transitions here move cards and never check a rule (the game's check did).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Card, Catalog, HandState, Phase, deal_cards};
/// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let dealt = deal_cards(&deck, 2, 1, 7, &mut rng).expect("a deal");
/// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
/// assert_eq!((state.to_move, state.phase), (1, Phase::Draw));
/// let card = state.take_discard().expect("the card turned up");
/// assert_eq!((state.phase, state.taken), (Phase::Play, Some(card)));
/// assert!(state.known[1].contains(card));
/// let other = state.hands[1].first().expect("seat 1 holds cards");
/// state.discard(other);
/// state.next_turn();
/// assert_eq!((state.to_move, state.phase, state.taken), (0, Phase::Draw, None));
/// assert!(state.conserves(&deck));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandState {
    /// The dealer of the hand.
    pub dealer: Seat,
    /// Every seat's hand.
    pub hands: Vec<PieceSet>,
    /// The stock and the discard pile.
    pub piles: Piles,
    /// The melds on the table.
    pub table: MeldTable<Card>,
    /// The seat to move (the last one to have moved once the hand is over).
    pub to_move: Seat,
    /// The phase of its turn.
    pub phase: Phase,
    /// The card it took from the discard pile this turn.
    pub taken: Option<PieceId>,
    /// Per seat, the cards it took from the discard pile and still holds (public).
    pub known: Vec<PieceSet>,
}

impl HandState {
    /// A hand as dealt: `hands` and `piles`, the seat after `dealer` to draw, the table
    /// empty, nothing taken or known.
    #[must_use]
    pub fn dealt(dealer: Seat, hands: Vec<PieceSet>, piles: Piles) -> HandState {
        let seats = hands.len();
        HandState {
            dealer,
            to_move: (dealer + 1) % seats.max(1),
            known: vec![PieceSet::new(); seats],
            hands,
            piles,
            table: MeldTable::new(),
            phase: Phase::Draw,
            taken: None,
        }
    }

    /// The state of a checked scripted position (see
    /// [`CardSetup::place`](crate::CardSetup::place)), with `piles` built from it.
    #[must_use]
    pub fn placed(dealer: Seat, phase: Phase, placed: PlacedCards, piles: Piles) -> HandState {
        HandState {
            dealer,
            hands: placed.hands,
            piles,
            table: placed.table,
            to_move: placed.to_move,
            phase,
            taken: placed.taken,
            known: placed.known,
        }
    }

    /// The seat to move, `None` once the hand is over.
    #[inline]
    #[must_use]
    pub fn mover(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_move)
    }

    /// The hand of `seat` (empty for a seat that does not exist).
    #[inline]
    #[must_use]
    pub fn hand(&self, seat: Seat) -> PieceSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The mover draws the top card of the stock into the hand and is in the play phase;
    /// `None` (and nothing changes) if the stock is empty.
    #[inline]
    pub fn draw_stock(&mut self) -> Option<PieceId> {
        let card = self.piles.draw_stock()?;
        self.hands[self.to_move].insert(card);
        self.phase = Phase::Play;
        Some(card)
    }

    /// The mover takes the top discard into the hand, seen by everyone, and is in the
    /// play phase; `None` (and nothing changes) if the pile is empty.
    #[inline]
    pub fn take_discard(&mut self) -> Option<PieceId> {
        let card = self.piles.take_discard()?;
        self.hands[self.to_move].insert(card);
        self.known[self.to_move].insert(card);
        self.taken = Some(card);
        self.phase = Phase::Play;
        Some(card)
    }

    /// `piece` leaves the mover's hand (to the table or the pile): no longer known there.
    #[inline]
    pub fn play(&mut self, piece: PieceId) {
        self.hands[self.to_move].remove(piece);
        self.known[self.to_move].remove(piece);
    }

    /// The mover puts `piece` from the hand on the discard pile.
    #[inline]
    pub fn discard(&mut self, piece: PieceId) {
        self.play(piece);
        self.piles.discard(piece);
    }

    /// The next seat is to move, in the draw phase, with nothing taken.
    #[inline]
    pub fn next_turn(&mut self) {
        self.to_move = (self.to_move + 1) % self.hands.len();
        self.phase = Phase::Draw;
        self.taken = None;
    }

    /// The hand is over.
    #[inline]
    pub fn end(&mut self) {
        self.phase = Phase::Over;
    }

    /// `true` if every card of `catalog` is in exactly one place (hands, stock, discard
    /// pile, table).
    #[must_use]
    pub fn conserves(&self, catalog: &Catalog<Card>) -> bool {
        let mut all = self.piles.pieces();
        let mut count = self.piles.stock_len() + self.piles.discard_pile().len();
        for set in self.hands.iter().chain(core::iter::once(&self.table.pieces())) {
            if !all.is_disjoint(set) {
                return false;
            }
            all |= *set;
            count += set.len();
        }
        all == catalog.all() && count == catalog.len()
    }

    /// The same state with everything hidden from `seat` dealt anew (see
    /// [`Piles::redeal_hidden`]): the other hands but for their known cards, the stock
    /// order and the restock seed.
    #[must_use]
    pub fn with_hidden_shuffled<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> HandState {
        let mut state = self.clone();
        state.piles = self.piles.redeal_hidden(&mut state.hands, &self.known, seat, rng);
        state
    }
}
