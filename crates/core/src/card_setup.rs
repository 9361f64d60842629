//! The part of a scripted card-game position that every card game shares (classic Rummy,
//! Rummy 40): [`SetupMeld`], [`CardSetup`] (the shared fields of a game's `Setup`,
//! borrowed), [`CardSetup::place`] (their checks, one copy for every game) and
//! [`PlacedCards`] (the result, and the way back to notation).

use crate::{
    Card, Catalog, DealError, HandState, MeldKind, MeldRules, MeldTable, Phase, PieceId, PieceSet, Piles,
    PositionError, Seat, Seating,
};

/// A meld on the table as a card game's `Setup` holds it: who laid it down, its kind,
/// and its cards in meld order (a run from its low end, a joker where it stands).
///
/// ```
/// use rummykit_core::{MeldKind, SetupMeld, parse_list};
/// let meld = SetupMeld::new(1, MeldKind::Run, parse_list("7h * 9h")?);
/// assert_eq!((meld.owner, meld.cards.len()), (1, 3));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct SetupMeld {
    /// The seat that laid the meld down.
    pub owner: Seat,
    /// Group (set) or run.
    pub kind: MeldKind,
    /// The cards, in meld order (a run from its low end).
    #[cfg_attr(feature = "serde", serde(with = "crate::notation_list"))]
    pub cards: Vec<Card>,
}

impl SetupMeld {
    /// A meld of `owner`.
    ///
    /// ```
    /// use rummykit_core::{Card, MeldKind, SetupMeld, parse_list};
    /// let set = SetupMeld::new(0, MeldKind::Group, parse_list::<Card>("Qc Qd Qs")?);
    /// assert_eq!((set.owner, set.kind), (0, MeldKind::Group));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn new(owner: Seat, kind: MeldKind, cards: Vec<Card>) -> SetupMeld {
        SetupMeld { owner, kind, cards }
    }
}

/// The fields every card game's `Setup` has, borrowed from it: where each card is (in
/// notation), who deals and who is to move in which phase, the card taken this turn,
/// the cards known to be in each hand, the restocks so far. A game checks its setup by
/// [`place`](CardSetup::place)-ing these, then checks the fields only it has.
///
/// ```
/// use rummykit_core::{Card, CardSetup, Catalog, MeldRules, Phase, parse_list};
/// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
/// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd")?];
/// let setup = CardSetup { hands: &hands, ..CardSetup::default() };
/// let stock = setup.unplaced(&deck);
/// let setup = CardSetup { stock: &stock, ..setup };
/// let placed = setup.place(&deck, &MeldRules::default(), 2..=6, None).expect("a position");
/// assert_eq!((placed.to_move, placed.in_play()), (1, 3));
/// assert_eq!(placed.dealt(Phase::Draw, None, None), Ok(3));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CardSetup<'a> {
    /// The dealer.
    pub dealer: Seat,
    /// Every seat's hand.
    pub hands: &'a [Vec<Card>],
    /// The stock, the next card drawn first.
    pub stock: &'a [Card],
    /// The discard pile, bottom first.
    pub discard: &'a [Card],
    /// The melds on the table, in the order they were laid down.
    pub table: &'a [SetupMeld],
    /// The seat to move; `None`: the seat after the dealer.
    pub to_move: Option<Seat>,
    /// The phase of the turn.
    pub phase: Phase,
    /// The card the mover took from the discard pile this turn.
    pub taken: Option<Card>,
    /// Per seat, the cards it took from the discard pile (or drew from a public stock)
    /// and still holds; empty: none.
    pub known: &'a [Vec<Card>],
    /// Times the discard pile became the stock.
    pub restocks: u32,
}

impl Default for CardSetup<'_> {
    /// No cards, dealer 0, the draw phase, nothing taken or known, no restock.
    fn default() -> Self {
        CardSetup {
            dealer: 0,
            hands: &[],
            stock: &[],
            discard: &[],
            table: &[],
            to_move: None,
            phase: Phase::Draw,
            taken: None,
            known: &[],
            restocks: 0,
        }
    }
}

/// The cards of a [`CardSetup`] placed: identities given, the table built, the turn
/// fields checked ([`CardSetup::place`]).
///
/// ```
/// use rummykit_core::{Card, CardSetup, Catalog, MeldKind, MeldRules, SetupMeld, parse_list};
/// // A two-seat position: seat 0 holds two cards and has laid down 7h 8h 9h.
/// let deck = Catalog::<Card>::DECK;
/// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
/// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
/// let discard = parse_list::<Card>("5s")?;
/// let setup = CardSetup { hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
/// let stock = setup.unplaced(&deck);
/// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
/// assert_eq!(placed.hands[1].len(), 3);
/// assert_eq!(placed.table.melds().len(), 1);
/// assert_eq!(placed.stock.len() + placed.discard.len() + placed.in_play(), 52); // every card placed
/// assert_eq!(placed.to_move, 1); // the seat after the dealer
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct PlacedCards {
    /// Every seat's hand.
    pub hands: Vec<PieceSet>,
    /// The stock as [`Piles`] holds it: the next card drawn last.
    pub stock: Vec<PieceId>,
    /// The discard pile, bottom first.
    pub discard: Vec<PieceId>,
    /// The melds on the table.
    pub table: MeldTable<Card>,
    /// The seat to move.
    pub to_move: Seat,
    /// Per seat, the cards known to be in its hand.
    pub known: Vec<PieceSet>,
    /// The card taken from the discard pile this turn.
    pub taken: Option<PieceId>,
}

impl CardSetup<'_> {
    /// The cards of `catalog` not in a hand, the stock, the discard pile or on the table,
    /// in face order (what a game's `fill_stock` appends to the stock). A face listed more
    /// often than the pack holds it takes nothing away twice.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, parse_list};
    /// let hands = vec![parse_list::<Card>("Ac Ac *")?];
    /// let setup = CardSetup { hands: &hands, ..CardSetup::default() };
    /// let two_decks = Catalog::<Card>::new(2, 2).expect("two decks and two jokers");
    /// assert_eq!(setup.unplaced(&two_decks).len(), 106 - 3);
    /// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
    /// assert_eq!(setup.unplaced(&deck)[0].to_string(), "2c");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn unplaced(&self, catalog: &Catalog<Card>) -> Vec<Card> {
        // Counted per face index: faces are dense (`Face::index`, 53 of them).
        let mut listed = [0usize; 53];
        let table = self.table.iter().flat_map(|m| &m.cards);
        for c in self.hands.iter().flatten().chain(self.stock).chain(self.discard).chain(table) {
            listed[usize::from(c.index())] += 1;
        }
        let mut faces: Vec<Card> = catalog.ids().filter_map(|id| catalog.face(id)).collect();
        faces.sort_unstable();
        faces.retain(|c| {
            let n = &mut listed[usize::from(c.index())];
            let placed = *n > 0;
            *n = n.saturating_sub(1);
            !placed
        });
        faces
    }

    /// Places the cards and checks what every card game checks of a position, in this
    /// order: `seats` seats and the dealer among them; every card in `catalog`, no more
    /// often than it holds it, the whole of it placed (each card takes the first copy
    /// of its face not yet placed, in the order: hands by seat, table melds, discard
    /// pile from the bottom, stock from the next card drawn); the seat to move exists;
    /// each table meld's owner exists and the meld is valid under `rules`; known cards
    /// are listed for no seat or for every seat, and each is in its holder's hand (the
    /// lowest copy not yet known); the restocks are within `max_restocks`; a card taken
    /// only after the draw, and then the known copy in the mover's hand, else a copy in
    /// that hand, else a copy on the table (it may have been melded since).
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`], [`DealError::NoSuchDealer`], else
    /// [`DealError::InvalidDeal`] with the [`PositionError`]:
    /// [`NotInDeck`](PositionError::NotInDeck),
    /// [`TooManyCards`](PositionError::TooManyCards),
    /// [`PieceCount`](PositionError::PieceCount),
    /// [`NoSuchSeat`](PositionError::NoSuchSeat) (`to_move`, `meld owner`),
    /// [`Table`](PositionError::Table), [`SeatLists`](PositionError::SeatLists)
    /// (`known`), [`OutOfRange`](PositionError::OutOfRange) (`restocks`), or
    /// [`Inconsistent`](PositionError::Inconsistent) naming the contradiction.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, DealError, MeldRules, PositionError, parse_list};
    /// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
    /// let hands = vec![parse_list::<Card>("Ac Ac")?, parse_list("Kd")?];
    /// let setup = CardSetup { hands: &hands, ..CardSetup::default() };
    /// assert_eq!(
    ///     setup.place(&deck, &MeldRules::default(), 2..=6, None),
    ///     Err(DealError::InvalidDeal(PositionError::TooManyCards { card: "Ac".parse()?, max: 1 }))
    /// );
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn place(
        &self,
        catalog: &Catalog<Card>,
        rules: &MeldRules,
        seats: core::ops::RangeInclusive<usize>,
        max_restocks: Option<u32>,
    ) -> Result<PlacedCards, DealError> {
        let n = self.hands.len();
        Seating::new(n).with_dealer(self.dealer).check(*seats.start(), *seats.end())?;
        let mut placed = PieceSet::new();
        let mut id_of = |card: Card| -> Result<PieceId, PositionError> {
            let mut copies = catalog.ids_of(card).peekable();
            if copies.peek().is_none() {
                return Err(PositionError::NotInDeck(card));
            }
            let id = copies
                .find(|&id| !placed.contains(id))
                .ok_or(PositionError::TooManyCards { card, max: catalog.count_of(card).into() })?;
            placed.insert(id);
            Ok(id)
        };
        let mut hands = Vec::with_capacity(n);
        for hand in self.hands {
            hands.push(hand.iter().map(|&c| id_of(c)).collect::<Result<PieceSet, _>>()?);
        }
        let mut melds = Vec::with_capacity(self.table.len());
        for m in self.table {
            melds.push(m.cards.iter().map(|&c| id_of(c)).collect::<Result<Vec<PieceId>, _>>()?);
        }
        let discard = self.discard.iter().map(|&c| id_of(c)).collect::<Result<Vec<PieceId>, _>>()?;
        let mut stock = self.stock.iter().map(|&c| id_of(c)).collect::<Result<Vec<PieceId>, _>>()?;
        stock.reverse(); // Piles draw from the end
        if placed != catalog.all() {
            return Err(PositionError::PieceCount { found: placed.len(), expected: catalog.len() }.into());
        }
        let to_move = self.to_move.unwrap_or((self.dealer + 1) % n);
        if to_move >= n {
            return Err(PositionError::NoSuchSeat { field: "to_move", seat: to_move, seats: n }.into());
        }
        let mut table = MeldTable::new();
        for (m, cards) in self.table.iter().zip(&melds) {
            if m.owner >= n {
                return Err(PositionError::NoSuchSeat { field: "meld owner", seat: m.owner, seats: n }.into());
            }
            table.place(m.owner, m.kind, cards, catalog, rules).map_err(PositionError::Table)?;
        }
        let mut known = vec![PieceSet::new(); n];
        if seat_list("known", self.known.len(), n)? {
            for ((k, cards), hand) in known.iter_mut().zip(self.known).zip(&hands) {
                for &card in cards {
                    let mut copies = catalog.ids_of(card).peekable();
                    if copies.peek().is_none() {
                        return Err(PositionError::NotInDeck(card).into());
                    }
                    let Some(id) = copies.find(|&id| hand.contains(id) && !k.contains(id)) else {
                        return Err(inconsistent("a known card is not in its holder's hand"));
                    };
                    k.insert(id);
                }
            }
        }
        if let Some(cap) = max_restocks
            && self.restocks > cap
        {
            let (value, max) = (self.restocks.into(), cap.into());
            return Err(PositionError::OutOfRange { field: "restocks", value, max }.into());
        }
        let taken = match self.taken {
            None => None,
            Some(card) if catalog.ids_of(card).next().is_none() => {
                return Err(PositionError::NotInDeck(card).into());
            }
            Some(_) if self.phase == Phase::Draw => {
                return Err(inconsistent("a turn that has not drawn yet has taken no card"));
            }
            Some(card) => {
                // Taken, it became known; it may have been melded or laid off since, and
                // a joker melded may come back to the hand by a swap (Rummy 40), no
                // longer known.
                let known_copy = catalog.ids_of(card).find(|&id| known[to_move].contains(id));
                let held = || catalog.ids_of(card).find(|&id| hands[to_move].contains(id));
                let mut on_table = table.melds().iter().flat_map(|m| m.pieces().iter().copied());
                let found =
                    known_copy.or_else(held).or_else(|| on_table.find(|&id| catalog.face(id) == Some(card)));
                if found.is_none() {
                    return Err(inconsistent(
                        "the card taken this turn is neither in the mover's hand nor on the table",
                    ));
                }
                found
            }
        };
        Ok(PlacedCards { hands, stock, discard, table, to_move, known, taken })
    }
}

impl PlacedCards {
    /// The cards in the hands and on the table.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, MeldKind, MeldRules, SetupMeld, parse_list};
    /// // A two-seat position: seat 0 holds two cards and has laid down 7h 8h 9h.
    /// let deck = Catalog::<Card>::DECK;
    /// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
    /// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
    /// let discard = parse_list::<Card>("5s")?;
    /// let setup = CardSetup { hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
    /// assert_eq!(placed.in_play(), 2 + 3 + 3); // the hands and the table
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_play(&self) -> usize {
        self.hands.iter().map(PieceSet::len).sum::<usize>() + self.table.pieces().len()
    }

    /// The cards dealt to the hands: `given`, else counted from the position (the cards
    /// in play, less the one drawn in the play phase), after checking that they are a
    /// deal of at least one and at most `max_hand` cards a seat (when a game deals a fixed
    /// hand size) and that they fit the phase. Every turn draws one card and discards
    /// one, and melds and lay-offs move cards from hand to table, so hands and table hold
    /// the cards dealt at the start of a turn, one more after the draw, and either when
    /// the hand is over.
    ///
    /// # Errors
    ///
    /// [`PositionError::DealtCount`] for a deal out of bounds,
    /// [`PositionError::PiecesInPlay`] if the cards in play do not fit it.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, MeldKind, MeldRules, Phase, PositionError, SetupMeld};
    /// use rummykit_core::parse_list;
    /// // A two-seat position: seat 0 holds two cards and has laid down 7h 8h 9h.
    /// let deck = Catalog::<Card>::DECK;
    /// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
    /// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
    /// let discard = parse_list::<Card>("5s")?;
    /// let setup = CardSetup { hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
    /// // At a draw, hands and table hold what was dealt: 8 cards, 4 a seat.
    /// assert_eq!(placed.dealt(Phase::Draw, None, Some(10)), Ok(8));
    /// // In the play phase one card more is in play than was dealt.
    /// assert_eq!(placed.dealt(Phase::Play, None, None), Ok(7));
    /// // A game that deals 10 a seat cannot reach this position.
    /// let refused = placed.dealt(Phase::Draw, Some(20), Some(10));
    /// assert_eq!(refused, Err(PositionError::PiecesInPlay { found: 8, dealt: 20 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn dealt(
        &self,
        phase: Phase,
        given: Option<usize>,
        max_hand: Option<usize>,
    ) -> Result<usize, PositionError> {
        let in_play = self.in_play();
        let dealt = given.unwrap_or(in_play.saturating_sub(usize::from(phase == Phase::Play)));
        let seats = self.hands.len();
        if let Some(max) = max_hand
            && (dealt < seats || dealt > seats.saturating_mul(max))
        {
            return Err(PositionError::DealtCount { dealt, seats, max });
        }
        // Compared by subtraction: a given `dealt` may be any number, even usize::MAX.
        let fits = matches!(
            (phase, in_play.checked_sub(dealt)),
            (Phase::Draw, Some(0)) | (Phase::Play, Some(1)) | (Phase::Over, Some(0 | 1))
        );
        if fits { Ok(dealt) } else { Err(PositionError::PiecesInPlay { found: in_play, dealt }) }
    }

    /// Checks a saved winner: a seat of the table whose hand is empty (`None`, a void
    /// hand, always fits).
    ///
    /// # Errors
    ///
    /// [`PositionError::Inconsistent`] otherwise.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, MeldKind, MeldRules, SetupMeld, parse_list};
    /// // A two-seat position: seat 0 holds two cards and has laid down 7h 8h 9h.
    /// let deck = Catalog::<Card>::DECK;
    /// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
    /// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
    /// let discard = parse_list::<Card>("5s")?;
    /// let setup = CardSetup { hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
    /// // Both seats hold cards: neither can have gone out; a void hand fits.
    /// assert!(placed.check_winner(Some(0)).is_err());
    /// assert!(placed.check_winner(None).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_winner(&self, winner: Option<Seat>) -> Result<(), PositionError> {
        match winner {
            Some(w) if self.hands.get(w).is_none_or(|h| !h.is_empty()) => {
                Err(PositionError::Inconsistent("the result does not fit the hands"))
            }
            _ => Ok(()),
        }
    }

    /// The piles: this stock and discard pile, `restocks` restocks so far, with the
    /// restock seed `shuffle_seed`.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, MeldKind, MeldRules, SetupMeld, parse_list};
    /// // A two-seat position: seat 0 holds two cards and has laid down 7h 8h 9h.
    /// let deck = Catalog::<Card>::DECK;
    /// let hands = vec![parse_list::<Card>("Ac 2c")?, parse_list("Kd Qd Jd")?];
    /// let table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("7h 8h 9h")?)];
    /// let discard = parse_list::<Card>("5s")?;
    /// let setup = CardSetup { hands: &hands, table: &table, discard: &discard, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }.place(&deck, &MeldRules::default(), 2..=6, None)?;
    /// let piles = placed.piles(42, 1);
    /// assert_eq!((piles.stock_len(), piles.discard_pile().len(), piles.restocks()), (43, 1, 1));
    /// assert_eq!(piles.shuffle_seed(), 42);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn piles(&self, shuffle_seed: u64, restocks: u32) -> Piles {
        Piles::new(self.stock.clone(), self.discard.clone(), shuffle_seed).with_restocks(restocks)
    }
}

/// A card game's position written back in notation: the fields of its `Setup` that
/// [`CardSetup`] reads, each set of cards in face order.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Card, CardSetup, Catalog, HandState, ListedCards, MeldRules, deal_cards};
/// let deck = Catalog::<Card>::DECK;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
/// let dealt = deal_cards(&deck, 3, 1, 7, &mut rng).expect("a deal");
/// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
/// state.take_discard();
/// // Written out, then read back as a scripted position: the same hand.
/// let listed = ListedCards::of(&deck, &state);
/// let setup = CardSetup {
///     dealer: listed.dealer,
///     hands: &listed.hands,
///     stock: &listed.stock,
///     discard: &listed.discard,
///     table: &listed.table,
///     to_move: Some(listed.to_move),
///     phase: listed.phase,
///     taken: listed.taken,
///     known: &listed.known,
///     restocks: listed.restocks,
/// };
/// let placed = setup.place(&deck, &MeldRules::default(), 2..=6, None)?;
/// let piles = placed.piles(listed.shuffle_seed, listed.restocks);
/// let read = HandState::placed(listed.dealer, listed.phase, placed, piles);
/// assert_eq!(ListedCards::of(&deck, &read), listed);
/// assert_eq!(read.known, state.known);
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ListedCards {
    /// Every seat's hand.
    pub hands: Vec<Vec<Card>>,
    /// The stock, the next card drawn first.
    pub stock: Vec<Card>,
    /// The discard pile, bottom first.
    pub discard: Vec<Card>,
    /// The table melds.
    pub table: Vec<SetupMeld>,
    /// Per seat, the cards known to be in its hand.
    pub known: Vec<Vec<Card>>,
    /// The dealer.
    pub dealer: Seat,
    /// The seat to move (the last mover once the hand is over).
    pub to_move: Seat,
    /// The turn phase.
    pub phase: Phase,
    /// The card taken from the discard pile this turn.
    pub taken: Option<Card>,
    /// Restocks so far.
    pub restocks: u32,
    /// The seed of the next restock's shuffle.
    pub shuffle_seed: u64,
}

impl ListedCards {
    /// The hand `state` written in notation under `catalog`: everything of a card
    /// game's `Setup` that [`CardSetup`] reads, each set of cards in face order.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSetup, Catalog, HandState, ListedCards, MeldRules, Phase, parse_list};
    /// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
    /// let hands = vec![parse_list::<Card>("Kd Ac")?, parse_list("2c")?];
    /// let setup = CardSetup { hands: &hands, ..CardSetup::default() };
    /// let stock = setup.unplaced(&deck);
    /// let placed = CardSetup { stock: &stock, ..setup }
    ///     .place(&deck, &MeldRules::default(), 2..=6, None)
    ///     .expect("a position");
    /// let piles = placed.piles(7, 0);
    /// let listed = ListedCards::of(&deck, &HandState::placed(1, Phase::Draw, placed, piles));
    /// assert_eq!(listed.hands[0], parse_list::<Card>("Ac Kd")?);
    /// assert_eq!(listed.stock, stock);
    /// assert_eq!((listed.dealer, listed.shuffle_seed), (1, 7));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn of(catalog: &Catalog<Card>, state: &HandState) -> ListedCards {
        let faces = |ids: &mut dyn Iterator<Item = PieceId>| ids.filter_map(|id| catalog.face(id)).collect();
        // Sets in face order, so that the listing does not depend on the numbering.
        let sorted = |set: &PieceSet| {
            let mut cards: Vec<Card> = faces(&mut set.iter());
            cards.sort_unstable();
            cards
        };
        ListedCards {
            hands: state.hands.iter().map(sorted).collect(),
            stock: faces(&mut state.piles.stock().iter().rev().copied()),
            discard: faces(&mut state.piles.discard_pile().iter().copied()),
            table: state
                .table
                .melds()
                .iter()
                .map(|m| SetupMeld::new(m.owner(), m.meld().kind(), faces(&mut m.pieces().iter().copied())))
                .collect(),
            known: state.known.iter().map(sorted).collect(),
            dealer: state.dealer,
            to_move: state.to_move,
            phase: state.phase,
            taken: state.taken.and_then(|id| catalog.face(id)),
            restocks: state.piles.restocks(),
            shuffle_seed: state.piles.shuffle_seed(),
        }
    }
}

/// Whether a per-seat list of a setup is given: empty (`false`, the default applies) or
/// one entry per seat (`true`).
///
/// # Errors
///
/// [`PositionError::SeatLists`] for any other length.
///
/// ```
/// use rummykit_core::{PositionError, seat_list};
/// assert_eq!(seat_list("opened", 0, 3), Ok(false));
/// assert_eq!(seat_list("opened", 3, 3), Ok(true));
/// assert_eq!(seat_list("opened", 2, 3), Err(PositionError::SeatLists { field: "opened", found: 2, seats: 3 }));
/// ```
pub fn seat_list(field: &'static str, found: usize, seats: usize) -> Result<bool, PositionError> {
    match found {
        0 => Ok(false),
        n if n == seats => Ok(true),
        found => Err(PositionError::SeatLists { field, found, seats }),
    }
}

fn inconsistent(what: &'static str) -> DealError {
    DealError::InvalidDeal(PositionError::Inconsistent(what))
}
