//! [`HandState`]: the state every hand of a card game holds (classic Rummy, Rummy 40) and
//! the turn transitions they share: draw, take the discard, discard, pass the turn.

use rand::Rng;

use crate::{Card, Catalog, MeldTable, Phase, PieceId, PieceSet, Piles, PlacedCards, Seat};

/// The state every hand of a card game holds: the dealer, the hands, the stock and
/// discard pile, the melds on the table, the seat to move and its phase, the card it took
/// from the discard pile this turn, and the cards each seat is known to hold (taken from
/// the pile or drawn from a public stock, not played since). A game embeds it and adds what only it has; the
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
    /// Per seat, the cards it took from the discard pile, or drew from a public stock
    /// ([`Piles::stock_is_public`]), and still holds (public).
    pub known: Vec<PieceSet>,
}

impl HandState {
    /// A hand as dealt: `hands` and `piles`, the seat after `dealer` to draw, the table
    /// empty, nothing taken or known. A dealer past the last seat is counted round the
    /// table (`dealer % seats`) for the seat to draw; it is kept as given.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, HandState, Phase, deal_cards};
    /// let deck = Catalog::<Card>::DECK;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let dealt = deal_cards(&deck, 3, 0, 7, &mut rng).expect("52 cards deal 3 hands of 7");
    /// let state = HandState::dealt(2, dealt.hands, dealt.piles);
    /// // The seat after the dealer draws first, the seat count wrapping round.
    /// assert_eq!((state.to_move, state.phase), (0, Phase::Draw));
    /// assert!(state.table.is_empty() && state.known.iter().all(|k| k.is_empty()));
    /// assert!(state.conserves(&deck));
    /// ```
    #[must_use]
    pub fn dealt(dealer: Seat, hands: Vec<PieceSet>, piles: Piles) -> HandState {
        let seats = hands.len();
        HandState {
            dealer,
            // Reduced first, so that no dealer overflows the step to the next seat.
            to_move: (dealer % seats.max(1) + 1) % seats.max(1),
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
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, HandState, MeldKind, MeldRules, Phase, SetupMeld, parse_list};
    /// let deck = Catalog::<Card>::DECK;
    /// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
    /// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
    /// let discard = parse_list::<Card>("5s")?;
    /// let setup = CardSetup { dealer: 1, hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
    /// let piles = placed.piles(7, 0);
    /// let state = HandState::placed(setup.dealer, Phase::Draw, placed, piles);
    /// // No `to_move` given: the seat after the dealer.
    /// assert_eq!((state.to_move, state.table.len()), (0, 1));
    /// assert_eq!(state.hand(1).len(), 3);
    /// assert!(state.conserves(&deck));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, HandState, deal_cards};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let dealt = deal_cards(&Catalog::<Card>::DECK, 2, 1, 7, &mut rng).expect("a deal");
    /// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
    /// assert_eq!(state.mover(), Some(1));
    /// state.end();
    /// assert_eq!(state.mover(), None);
    /// ```
    #[inline]
    #[must_use]
    pub fn mover(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(self.to_move)
    }

    /// The hand of `seat` (empty for a seat that does not exist).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, HandState, deal_cards};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let dealt = deal_cards(&Catalog::<Card>::DECK, 2, 1, 7, &mut rng).expect("a deal");
    /// let state = HandState::dealt(0, dealt.hands, dealt.piles);
    /// assert_eq!(state.hand(0).len(), 7);
    /// assert!(state.hand(5).is_empty()); // no seat 5
    /// ```
    #[inline]
    #[must_use]
    pub fn hand(&self, seat: Seat) -> PieceSet {
        self.hands.get(seat).copied().unwrap_or_default()
    }

    /// The mover draws the top card of the stock into the hand and is in the play phase;
    /// `None` (and nothing changes) if the stock is empty. A card drawn from a public
    /// stock (turned over unshuffled, `RULES.md` §2.5) is known to every seat.
    ///
    /// # Panics
    ///
    /// If `to_move` is not a seat of `hands`.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, PieceSet, Phase, Piles, Restock};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let piles = Piles::new(vec![card("5h")], vec![card("9s")], 0);
    /// let mut state = HandState::dealt(1, hands, piles);
    /// assert_eq!(state.draw_stock(), Some(card("5h")));
    /// assert!(state.hand(0).contains(card("5h")));
    /// assert_eq!(state.phase, Phase::Play);
    /// // Drawn from the stock: not known to the others.
    /// assert!(state.known[0].is_empty());
    /// assert_eq!(state.draw_stock(), None); // the stock is empty
    /// // The pile turned over unshuffled: every seat saw its order.
    /// state.discard(card("Ac"));
    /// state.piles.restock(Restock { shuffle: false, keep_top: false });
    /// // The first card discarded (the up-card) is now on top.
    /// assert_eq!(state.draw_stock(), Some(card("9s")));
    /// assert!(state.known[0].contains(card("9s")));
    /// ```
    #[inline]
    pub fn draw_stock(&mut self) -> Option<PieceId> {
        let card = self.piles.draw_stock()?;
        self.hands[self.to_move].insert(card);
        if self.piles.stock_is_public() {
            self.known[self.to_move].insert(card);
        }
        self.phase = Phase::Play;
        Some(card)
    }

    /// The mover takes the top discard into the hand, seen by everyone, and is in the
    /// play phase; `None` (and nothing changes) if the pile is empty.
    ///
    /// # Panics
    ///
    /// If `to_move` is not a seat of `hands`.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, PieceSet, Phase, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let piles = Piles::new(vec![card("5h")], vec![card("9s")], 0);
    /// let mut state = HandState::dealt(1, hands, piles);
    /// assert_eq!(state.take_discard(), Some(card("9s")));
    /// assert_eq!((state.phase, state.taken), (Phase::Play, Some(card("9s"))));
    /// // Everyone saw seat 0 take the nine.
    /// assert!(state.known[0].contains(card("9s")));
    /// ```
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
    ///
    /// # Panics
    ///
    /// If `to_move` is not a seat of `hands`.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let piles = Piles::new(vec![card("5h")], vec![card("9s")], 0);
    /// let mut state = HandState::dealt(1, hands, piles);
    /// state.take_discard();
    /// // The nine goes to the table (the game places it there).
    /// state.play(card("9s"));
    /// assert!(!state.hand(0).contains(card("9s")) && state.known[0].is_empty());
    /// ```
    #[inline]
    pub fn play(&mut self, piece: PieceId) {
        self.hands[self.to_move].remove(piece);
        self.known[self.to_move].remove(piece);
    }

    /// The mover puts `piece` from the hand on the discard pile.
    ///
    /// # Panics
    ///
    /// If `to_move` is not a seat of `hands`.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let piles = Piles::new(vec![card("5h")], vec![card("9s")], 0);
    /// let mut state = HandState::dealt(1, hands, piles);
    /// state.draw_stock();
    /// state.discard(card("Ac"));
    /// assert_eq!(state.piles.top_discard(), Some(card("Ac")));
    /// assert_eq!(state.hand(0), PieceSet::from_iter([card("5h")]));
    /// ```
    #[inline]
    pub fn discard(&mut self, piece: PieceId) {
        self.play(piece);
        self.piles.discard(piece);
    }

    /// The next seat is to move, in the draw phase, with nothing taken. A seat to move
    /// past the last seat is counted round the table, as in [`HandState::dealt`].
    ///
    /// # Panics
    ///
    /// If `hands` is empty.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, Phase, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let piles = Piles::new(vec![card("5h")], vec![card("9s")], 0);
    /// let mut state = HandState::dealt(0, hands, piles);
    /// state.take_discard();
    /// state.discard(card("Kd"));
    /// state.next_turn();
    /// // Seat 1 moved; seat 0 is next, wrapping round.
    /// assert_eq!((state.to_move, state.phase, state.taken), (0, Phase::Draw, None));
    /// ```
    #[inline]
    pub fn next_turn(&mut self) {
        let seats = self.hands.len();
        // The next seat without a division (its latency, every turn) unless the seat to
        // move is the last or past it.
        self.to_move = match self.to_move.checked_add(1) {
            Some(next) if next < seats => next,
            _ => (self.to_move % seats + 1) % seats,
        };
        self.phase = Phase::Draw;
        self.taken = None;
    }

    /// The hand is over.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, Phase, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac")]), PieceSet::from_iter([card("Kd")])];
    /// let mut state = HandState::dealt(0, hands, Piles::new(vec![], vec![card("9s")], 0));
    /// state.end();
    /// assert_eq!((state.phase, state.mover()), (Phase::Over, None));
    /// assert_eq!(state.to_move, 1); // still the last seat to move
    /// ```
    #[inline]
    pub fn end(&mut self) {
        self.phase = Phase::Over;
    }

    /// `true` if every card of `catalog` is in exactly one place (hands, stock, discard
    /// pile, table).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, HandState, deal_cards};
    /// let deck = Catalog::<Card>::DECK;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let dealt = deal_cards(&deck, 2, 1, 7, &mut rng).expect("a deal");
    /// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
    /// assert!(state.conserves(&deck));
    /// // A card copied into a second hand is one card too many.
    /// let card = state.hands[0].first().expect("seat 0 holds cards");
    /// state.hands[1].insert(card);
    /// assert!(!state.conserves(&deck));
    /// ```
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
    /// order unless the stock is public, and the restock seed.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, HandState, deal_cards};
    /// let deck = Catalog::<Card>::DECK;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let dealt = deal_cards(&deck, 2, 1, 7, &mut rng).expect("a deal");
    /// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
    /// let taken = state.take_discard().expect("the card turned up");
    /// let other = state.with_hidden_shuffled(0, &mut rng);
    /// // Seat 0 sees the same: its hand, the pile, seat 1's known card and hand size.
    /// assert_eq!(other.hand(0), state.hand(0));
    /// assert_eq!(other.piles.discard_pile(), state.piles.discard_pile());
    /// assert!(other.hand(1).contains(taken) && other.hand(1).len() == state.hand(1).len());
    /// assert!(other.conserves(&deck));
    /// ```
    #[must_use]
    pub fn with_hidden_shuffled<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> HandState {
        let mut state = self.clone();
        state.piles = self.piles.redeal_hidden(&mut state.hands, &self.known, seat, rng);
        state
    }
}

#[cfg(test)]
mod tests {
    use super::HandState;
    use crate::{PieceSet, Piles};

    #[test]
    fn a_seat_past_the_table_counts_round_it_without_overflow() {
        let dealt = |dealer, seats| {
            HandState::dealt(dealer, vec![PieceSet::new(); seats], Piles::new(Vec::new(), Vec::new(), 0))
        };
        // usize::MAX is 0 modulo 3 and 3 modulo 4.
        assert_eq!(dealt(usize::MAX, 3).to_move, 1);
        assert_eq!(dealt(usize::MAX, 4).to_move, 0);
        assert_eq!(dealt(usize::MAX, 4).dealer, usize::MAX);
        assert_eq!(dealt(5, 4).to_move, 2);
        let mut state = dealt(0, 3);
        state.to_move = usize::MAX;
        state.next_turn();
        assert_eq!(state.to_move, 1);
        state.next_turn();
        state.next_turn();
        assert_eq!(state.to_move, 0);
    }
}
