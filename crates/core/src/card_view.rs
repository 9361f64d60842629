//! [`HandView`]: what one seat of a card game may see of a [`HandState`], the part of
//! the view both card games share.

use core::fmt;

use crate::plural::plural;
use crate::{Card, Catalog, HandState, MeldTable, Outcome, Phase, PieceId, PieceSet, Seat};

mod check;

/// What one seat may see of a hand of a card game (classic Rummy, Rummy 40): its own
/// hand, every hand's size, the cards each seat is known to hold (taken face up from the
/// discard pile, not played since), the table, the discard pile, the stock's size, whose
/// turn it is and in which phase, the card taken this turn, and the outcome once over.
/// Nothing of the other hands' unknown cards and nothing of the stock order.
///
/// Each game's `View` holds one (its `common` field) next to what only that game shows
/// (its configuration, Rummy 40's opened flags, classic's melds this turn), and reads
/// through to it: `view.hand` is `view.common.hand`. It is filled by one function,
/// [`HandView::refresh`], from the [`HandState`], so both games show a seat the same
/// things.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Card, Catalog, HandState, HandView, Phase, deal_cards};
/// let deck = Catalog::<Card>::new(1, 0).expect("one deck");
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let dealt = deal_cards(&deck, 2, 1, 7, &mut rng).expect("a deal");
/// let mut state = HandState::dealt(0, dealt.hands, dealt.piles);
/// let taken = state.take_discard().expect("the card turned up");
/// let mut view = HandView::default();
/// view.refresh(&state, 0, None);
/// assert_eq!((view.seat, view.to_move, view.phase), (0, Some(1), Phase::Play));
/// assert_eq!(view.hand, state.hands[0]);
/// assert_eq!(view.hand_sizes, vec![7, 8]);
/// // Seat 1's card taken face up is known to everyone; the rest of its hand is not shown.
/// assert!(view.known[1].contains(taken));
/// assert_eq!(view.taken_this_turn, Some(taken));
/// assert_eq!(view.stock_len, 52 - 14 - 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct HandView {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The dealer of the hand.
    pub dealer: Seat,
    /// The seat to move, `None` once the hand is over.
    pub to_move: Option<Seat>,
    /// The phase of the current turn.
    pub phase: Phase,
    /// This seat's hand.
    pub hand: PieceSet,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// For each seat, the cards every seat saw it take and it still holds: from the
    /// discard pile, from a stock turned over unshuffled, or a joker won from the table.
    pub known: Vec<PieceSet>,
    /// The melds on the table.
    pub table: MeldTable<Card>,
    /// The discard pile, bottom first (every card in it was seen face up).
    pub discard_pile: Vec<PieceId>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// The card the seat to move took from the discard pile this turn.
    pub taken_this_turn: Option<PieceId>,
    /// The result, once the hand is over.
    pub outcome: Option<Outcome>,
}

impl HandView {
    /// What this view shows, as text in card notation, the faces read from `catalog`
    /// (the game's pack): the part of each card game's `View` text (its `Display`) that
    /// both games share. One line each: the seat and whose turn it is; this seat's hand;
    /// the table's melds; the discard pile, top last; the stock's size; each other
    /// seat's count of cards and the cards it is known to hold; the card taken this turn;
    /// the result once the hand is over. Only what the view holds, so no other seat's
    /// hidden card; an id the pack does not have is written as an id (`#60`).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, HandView, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac"), card("2c")]), PieceSet::from_iter([card("Kd")])];
    /// let state = HandState::dealt(1, hands, Piles::new(vec![card("5h")], vec![card("9s")], 0));
    /// let mut view = HandView::default();
    /// view.refresh(&state, 1, None);
    /// let text = view.text(&deck).to_string();
    /// assert_eq!(text.lines().next(), Some("seat 1 of 2; seat 0 to move"));
    /// assert!(text.contains("hand: Kd") && text.contains("discard pile, top last: 9s"));
    /// assert!(text.contains("seat 0: 2 cards") && !text.contains("Ac")); // seat 0's cards are hidden
    /// ```
    #[must_use]
    pub fn text<'a>(&'a self, catalog: &'a Catalog<Card>) -> impl fmt::Display + 'a {
        HandViewText { view: self, catalog }
    }

    /// Overwrites this view with what `seat` may see of `state`, reusing its vectors (a
    /// driver refreshes one view before every action); `outcome` is the game's result
    /// once the hand is over.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, HandView, Outcome, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac"), card("2c")]), PieceSet::from_iter([card("Kd")])];
    /// let mut state = HandState::dealt(1, hands, Piles::new(vec![card("5h")], vec![card("9s")], 0));
    /// let mut view = HandView::default();
    /// view.refresh(&state, 1, None);
    /// assert_eq!((view.hand, view.hand_sizes.clone()), (state.hand(1), vec![2, 1]));
    /// // The same view, refreshed after the hand ends, shows the result.
    /// state.end();
    /// let outcome = Outcome { points: vec![-1, 1], winners: vec![1] };
    /// view.refresh(&state, 1, Some(&outcome));
    /// assert_eq!((view.to_move, view.outcome), (None, Some(outcome)));
    /// ```
    #[inline]
    pub fn refresh(&mut self, state: &HandState, seat: Seat, outcome: Option<&Outcome>) {
        self.fill(state, seat, None, outcome);
    }

    /// [`refresh`](HandView::refresh) with the hand sizes the game keeps count of
    /// (`hand_sizes[s]` is the size of `state.hands[s]`, one per seat): counting every
    /// hand's cards before every action costs more than a game keeping the mover's count
    /// after it.
    ///
    /// # Panics
    ///
    /// In debug builds, if `hand_sizes` are not the sizes of `state.hands`.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, HandState, HandView, PieceSet, Piles};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let hands = vec![PieceSet::from_iter([card("Ac"), card("2c")]), PieceSet::from_iter([card("Kd")])];
    /// let state = HandState::dealt(1, hands, Piles::new(vec![card("5h")], vec![card("9s")], 0));
    /// let (mut counted, mut recounted) = (HandView::default(), HandView::default());
    /// counted.refresh_counted(&state, 0, &[2, 1], None);
    /// recounted.refresh(&state, 0, None);
    /// assert_eq!(counted, recounted);
    /// ```
    #[inline]
    pub fn refresh_counted(
        &mut self,
        state: &HandState,
        seat: Seat,
        hand_sizes: &[usize],
        outcome: Option<&Outcome>,
    ) {
        debug_assert!(
            hand_sizes.len() == state.hands.len()
                && hand_sizes.iter().zip(&state.hands).all(|(&n, h)| n == h.len()),
            "the counted hand sizes are the hands' sizes"
        );
        self.fill(state, seat, Some(hand_sizes), outcome);
    }

    // Inlined into each game's refresh, which a driver calls before every action.
    #[inline(always)]
    fn fill(&mut self, state: &HandState, seat: Seat, sizes: Option<&[usize]>, outcome: Option<&Outcome>) {
        // Every field named, so that a new one cannot be forgotten here.
        let HandView {
            seat: view_seat,
            dealer,
            to_move,
            phase,
            hand,
            hand_sizes,
            known,
            table,
            discard_pile,
            stock_len,
            taken_this_turn,
            outcome: view_outcome,
        } = self;
        *view_seat = seat;
        *dealer = state.dealer;
        *to_move = state.mover();
        *phase = state.phase;
        // Each arm stores its own: one expression for both made the hand a copy on
        // the stack first, four instructions a refresh.
        match state.hands.get(seat) {
            Some(held) => *hand = *held,
            None => *hand = PieceSet::EMPTY,
        }
        match sizes {
            Some(sizes) => copy_two_by_seat((hand_sizes, sizes), (known, &state.known)),
            None => {
                count_hands(hand_sizes, state);
                copy_by_seat(known, &state.known);
            }
        }
        table.refresh_from(&state.table);
        discard_pile.clear();
        discard_pile.extend_from_slice(state.piles.discard_pile());
        *stock_len = state.piles.stock_len();
        *taken_this_turn = state.taken;
        if outcome.is_some() || view_outcome.is_some() {
            refresh_outcome(view_outcome, outcome);
        }
    }
}

/// `to` made a copy of `from`, a vector by seat, reusing its allocation: for two to six
/// seats (every card game's counts) as an array of that length, moved without a call,
/// else by `memcpy`. A view's refresh copies such vectors before every action, each a
/// few words long, where a `memcpy` call costs more than the copy.
///
/// Hidden from the documentation: the games' own views use it for their vectors by seat;
/// it is no promise to other programs.
///
/// ```
/// let mut opened = vec![false; 4];
/// rummykit_core::copy_by_seat(&mut opened, &[true, false, false, true]);
/// assert_eq!(opened, [true, false, false, true]);
/// rummykit_core::copy_by_seat(&mut opened, &[true; 7]);
/// assert_eq!(opened, [true; 7]);
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn copy_by_seat<T: Copy>(to: &mut Vec<T>, from: &[T]) {
    let copied = to.len() == from.len() && by_seat_count(from.len(), (&mut to[..], from));
    if !copied {
        to.clear();
        to.extend_from_slice(from);
    }
}

/// [`copy_by_seat`] of two vectors by seat at once: one dispatch on the number of seats
/// for both, where a dispatch for each cost about seven instructions more a refresh.
#[inline(always)]
fn copy_two_by_seat<T: Copy, U: Copy>((to, from): (&mut Vec<T>, &[T]), (to2, from2): (&mut Vec<U>, &[U])) {
    let n = from.len();
    let copied = to.len() == n
        && to2.len() == n
        && from2.len() == n
        && by_seat_count(n, ((&mut to[..], from), (&mut to2[..], from2)));
    if !copied {
        copy_by_seat(to, from);
        copy_by_seat(to2, from2);
    }
}

/// Copies by seat as arrays of `N`, the number of seats: `false`, copying nothing, when
/// a slice is shorter.
trait SeatArrays {
    fn copy<const N: usize>(self) -> bool;
}

impl<T: Copy> SeatArrays for (&mut [T], &[T]) {
    #[inline(always)]
    fn copy<const N: usize>(self) -> bool {
        match (self.0.first_chunk_mut::<N>(), self.1.first_chunk::<N>()) {
            (Some(to), Some(from)) => {
                *to = *from;
                true
            }
            _ => false,
        }
    }
}

impl<T: Copy, U: Copy> SeatArrays for ((&mut [T], &[T]), (&mut [U], &[U])) {
    #[inline(always)]
    fn copy<const N: usize>(self) -> bool {
        let ((to, from), (to2, from2)) = self;
        match (
            to.first_chunk_mut::<N>(),
            from.first_chunk::<N>(),
            to2.first_chunk_mut::<N>(),
            from2.first_chunk::<N>(),
        ) {
            (Some(to), Some(from), Some(to2), Some(from2)) => {
                *to = *from;
                *to2 = *from2;
                true
            }
            _ => false,
        }
    }
}

/// `copies` as arrays of `n`, for two to six seats (every card game's counts), the
/// array's length known to the compiler: `false` for other counts.
#[inline(always)]
fn by_seat_count<C: SeatArrays>(n: usize, copies: C) -> bool {
    match n {
        2 => copies.copy::<2>(),
        3 => copies.copy::<3>(),
        4 => copies.copy::<4>(),
        5 => copies.copy::<5>(),
        6 => copies.copy::<6>(),
        _ => false,
    }
}

/// The size of every hand of `state`, counted, into `sizes`. Out of line: a driver's
/// refresh before every action inlines the rest, and counts nothing when its game keeps
/// the sizes.
#[inline(never)]
fn count_hands(sizes: &mut Vec<usize>, state: &HandState) {
    sizes.clear();
    sizes.extend(state.hands.iter().map(PieceSet::len));
}

/// The view's outcome set to `outcome`, in place: a view refreshed after the hand
/// reuses its outcome's vectors. Out of line: only the refresh at the end of a hand has
/// an outcome.
#[cold]
#[inline(never)]
fn refresh_outcome(view_outcome: &mut Option<Outcome>, outcome: Option<&Outcome>) {
    match (outcome, view_outcome.as_mut()) {
        (Some(new), Some(old)) => old.clone_from(new),
        (new, _) => *view_outcome = new.cloned(),
    }
}

/// [`HandView::text`]'s writer.
struct HandViewText<'a> {
    view: &'a HandView,
    catalog: &'a Catalog<Card>,
}

impl HandViewText<'_> {
    /// The face of `id`, or the id for one the pack does not have.
    fn card(&self, f: &mut fmt::Formatter<'_>, id: PieceId) -> fmt::Result {
        match self.catalog.face(id) {
            Some(card) => write!(f, "{card}"),
            None => write!(f, "{id}"),
        }
    }

    /// `pieces` in notation, sorted by face (a hand or a set has no order of its own).
    fn cards(&self, f: &mut fmt::Formatter<'_>, pieces: PieceSet) -> fmt::Result {
        let mut faces: Vec<(Option<Card>, PieceId)> =
            pieces.iter().map(|p| (self.catalog.face(p), p)).collect();
        faces.sort_unstable();
        for (i, &(_, id)) in faces.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            self.card(f, id)?;
        }
        Ok(())
    }
}

impl fmt::Display for HandViewText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v = self.view;
        write!(f, "seat {} of {}; ", v.seat, v.hand_sizes.len())?;
        match v.to_move {
            Some(seat) if seat == v.seat && v.phase == Phase::Draw => {
                f.write_str("this seat to move: draw")?
            }
            Some(seat) if seat == v.seat => f.write_str("this seat to move: drawn, to play and discard")?,
            Some(seat) => write!(f, "seat {seat} to move")?,
            None => f.write_str("the hand is over")?,
        }
        f.write_str("\nhand: ")?;
        if v.hand.is_empty() {
            f.write_str("empty")?;
        }
        self.cards(f, v.hand)?;
        f.write_str("\ntable:")?;
        if v.table.is_empty() {
            f.write_str(" empty")?;
        }
        for meld in v.table.melds() {
            f.write_str(" [")?;
            for (i, &id) in meld.pieces().iter().enumerate() {
                if i > 0 {
                    f.write_str(" ")?;
                }
                self.card(f, id)?;
            }
            f.write_str("]")?;
        }
        if v.discard_pile.is_empty() {
            f.write_str("\ndiscard pile: empty")?;
        } else {
            f.write_str("\ndiscard pile, top last:")?;
            for &id in &v.discard_pile {
                f.write_str(" ")?;
                self.card(f, id)?;
            }
        }
        write!(f, "\nstock: {}", plural(v.stock_len, "card"))?;
        for (seat, &len) in v.hand_sizes.iter().enumerate().filter(|&(seat, _)| seat != v.seat) {
            write!(f, "\nseat {seat}: {}", plural(len, "card"))?;
            if let Some(&known) = v.known.get(seat).filter(|k| !k.is_empty()) {
                f.write_str(", known to hold ")?;
                self.cards(f, known)?;
            }
        }
        if let Some(taken) = v.taken_this_turn {
            f.write_str("\ntaken from the discard pile this turn: ")?;
            self.card(f, taken)?;
        }
        if let Some(outcome) = &v.outcome {
            write!(f, "\nresult: {outcome}")?;
        }
        Ok(())
    }
}
