//! The contract every game implements: [`Game`], [`Bot`], [`Outcome`], [`RandomBot`].

use core::fmt::Debug;
use core::ops::RangeInclusive;

use rand::Rng;
use thiserror::Error;

use crate::plural::plural;
use crate::{Card, Description, MatchTerms, MeldError, ShownKey, TableError, Tile};

/// A seat at the table, numbered clockwise from 0: an index, so the library's messages
/// say "seat 0" for the first seat (a program showing seats to people may count from 1).
///
/// ```
/// use rummykit_core::{Seat, Seating};
/// let dealer: Seat = 3;
/// // The first to play sits after the dealer, wrapping round.
/// assert_eq!(Seating::new(4).with_dealer(dealer).first_to_play(), Some(0));
/// ```
pub type Seat = usize;

/// Whether more points are better (Rummikub, classic Rummy) or fewer (Rummy 40's
/// penalty points). [`Match`](crate::Match) ranks totals by it.
///
/// ```
/// use rummykit_core::ScoreOrder;
/// assert_ne!(ScoreOrder::HigherIsBetter, ScoreOrder::LowerIsBetter);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ScoreOrder {
    /// The highest score is best.
    HigherIsBetter,
    /// The lowest score is best (penalty points).
    LowerIsBetter,
}

/// How a deal is laid out: the number of seats and, optionally, the dealer.
///
/// In every game the seat after the dealer (clockwise) plays first. Rummikub has no
/// dealer; there the "dealer" is the seat before the one that starts, so a match can
/// rotate the start the same way card games rotate the deal.
///
/// ```
/// use rummykit_core::Seating;
/// let s = Seating::new(4).with_dealer(3);
/// assert_eq!(s.first_to_play(), Some(0));
/// assert_eq!(Seating::new(4).first_to_play(), None); // chosen by the game's own rule
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Seating {
    /// Number of players.
    pub seats: usize,
    /// The dealer; `None` lets the game choose by its own rule (a cut, or Rummikub's
    /// highest-tile draw), with the deal's rng.
    pub dealer: Option<Seat>,
}

impl Seating {
    /// `seats` players, dealer chosen by the game.
    ///
    /// ```
    /// use rummykit_core::Seating;
    /// let seating = Seating::new(3);
    /// assert_eq!((seating.seats, seating.dealer), (3, None));
    /// assert_eq!(seating.check(2, 4), Ok(())); // a game for 2 to 4 players takes it
    /// ```
    #[must_use]
    pub const fn new(seats: usize) -> Seating {
        Seating { seats, dealer: None }
    }

    /// The same seating with a fixed dealer.
    ///
    /// ```
    /// use rummykit_core::Seating;
    /// let seating = Seating::new(4).with_dealer(3);
    /// assert_eq!(seating.dealer, Some(3));
    /// assert_eq!(seating.first_to_play(), Some(0)); // the dealer's left, round the table
    /// ```
    #[must_use]
    pub const fn with_dealer(mut self, dealer: Seat) -> Seating {
        self.dealer = Some(dealer);
        self
    }

    /// The seat that plays first when the dealer is fixed. A dealer past the last seat
    /// (which [`Seating::check`] refuses) is counted round the table: `dealer % seats`.
    ///
    /// ```
    /// use rummykit_core::Seating;
    /// assert_eq!(Seating::new(2).with_dealer(0).first_to_play(), Some(1));
    /// assert_eq!(Seating::new(2).first_to_play(), None); // the game decides
    /// ```
    #[must_use]
    pub const fn first_to_play(&self) -> Option<Seat> {
        match self.dealer {
            // Reduced first, so that no dealer overflows the step to the next seat.
            Some(d) if self.seats > 0 => Some((d % self.seats + 1) % self.seats),
            _ => None,
        }
    }
}

/// Why a deal could not be made.
///
/// With the `serde` feature it is `Serialize`, not `Deserialize`: the names it holds
/// (of options, fields, facts) are `&'static str`, the library's own words, which a
/// reader cannot borrow from its input for ever. A service sends it as JSON, externally
/// tagged (`{"Variant":{"field":value}}`, a unit variant as `"Variant"`); a client reads
/// that as data.
///
/// ```
/// use rummykit_core::{DealError, Seating};
///
/// assert_eq!(Seating::new(7).check(2, 6), Err(DealError::PlayerCount { seats: 7, min: 2, max: 6 }));
/// assert_eq!(
///     Seating::new(3).with_dealer(3).check(2, 6),
///     Err(DealError::NoSuchDealer { dealer: 3, seats: 3 })
/// );
/// assert!(Seating::new(3).with_dealer(2).check(2, 6).is_ok());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum DealError {
    /// The game is not played with this many players (under this configuration).
    #[error("{} cannot play this game: it takes {min} to {max}", plural(*seats, "player"))]
    PlayerCount {
        /// Players asked for.
        seats: usize,
        /// Fewest allowed.
        min: usize,
        /// Most allowed.
        max: usize,
    },
    /// The dealer seat does not exist.
    #[error("dealer seat {dealer} does not exist at a table of {seats}")]
    NoSuchDealer {
        /// The dealer asked for.
        dealer: Seat,
        /// Players at the table.
        seats: usize,
    },
    /// An option's value is one the game cannot be played with.
    #[error("invalid configuration: {option} {reason}")]
    InvalidConfig {
        /// The option's field name.
        option: &'static str,
        /// Why the value does not work.
        reason: &'static str,
    },
    /// A numeric option is above its documented maximum, which keeps every score the
    /// game computes from it exact.
    #[error("invalid configuration: {option} is {value}, above its maximum of {max}")]
    OptionTooLarge {
        /// The option's field name.
        option: &'static str,
        /// The value given.
        value: u64,
        /// The largest value allowed.
        max: u64,
    },
    /// A scripted deal or a saved state is not a position of the game.
    #[error("invalid position: {0}")]
    InvalidDeal(#[from] PositionError),
}

/// Why a scripted deal or a saved state is not a position of the game: what
/// [`DealError::InvalidDeal`] holds.
///
/// With the `serde` feature it is `Serialize`, not `Deserialize`, as [`DealError`] is:
/// the field names it holds are `&'static str`.
///
/// ```
/// use rummykit_core::{DealError, PositionError};
/// let err = DealError::from(PositionError::PieceCount { found: 51, expected: 52 });
/// assert_eq!(err.to_string(), "invalid position: 51 pieces placed, the game has 52");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum PositionError {
    /// A card the game's deck does not have (a joker in a game without jokers).
    #[error("{0} is not a card of the game's deck")]
    NotInDeck(Card),
    /// A card in more copies than the game's decks hold.
    #[error("{card} is there more than the {max} times the deck holds it")]
    TooManyCards {
        /// The card.
        card: Card,
        /// Copies the decks hold.
        max: u32,
    },
    /// A tile in more copies than the set holds.
    #[error("{tile} is there more than the {max} times the set holds it")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// Copies the set holds.
        max: u32,
    },
    /// Not every piece of the game is somewhere.
    #[error("{} placed, the game has {expected}", plural(*found, "piece"))]
    PieceCount {
        /// Pieces found.
        found: usize,
        /// Pieces the game has.
        expected: usize,
    },
    /// A seat number (of the player to move, a meld's owner, the dealer...) that is not
    /// a seat at the table.
    #[error("{field} is seat {seat}, but the table has {seats} seats")]
    NoSuchSeat {
        /// What names the seat.
        field: &'static str,
        /// The seat given.
        seat: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A per-seat list with another length than the table's seats.
    #[error("{field} lists {}, the table has {seats}", plural(*found, "seat"))]
    SeatLists {
        /// The list.
        field: &'static str,
        /// Its length.
        found: usize,
        /// Seats at the table.
        seats: usize,
    },
    /// A hand (or rack) of a size the position cannot have.
    #[error("seat {seat} holds {}, not {min} to {max}", plural(*len, "piece"))]
    HandSize {
        /// The seat.
        seat: Seat,
        /// Pieces in its hand.
        len: usize,
        /// Fewest possible.
        min: usize,
        /// Most possible.
        max: usize,
    },
    /// The pieces dealt cannot fill the hands (each holds at least one).
    #[error("{} dealt to {} of 1 to {max}", plural(*dealt, "piece"), plural(*seats, "hand"))]
    DealtCount {
        /// Pieces dealt, as saved.
        dealt: usize,
        /// Hands.
        seats: usize,
        /// Most pieces a hand is dealt.
        max: usize,
    },
    /// The pieces in the hands and on the table are not those dealt (plus the one drawn
    /// in the turn's play phase).
    #[error("hands and table hold {found} pieces; {dealt} were dealt, which does not fit the turn's phase")]
    PiecesInPlay {
        /// Pieces in hands and on the table.
        found: usize,
        /// Pieces dealt.
        dealt: usize,
    },
    /// A meld on the table is not valid.
    #[error("table meld {index} is not valid: {error}")]
    InvalidMeld {
        /// Its index on the table.
        index: usize,
        /// Why.
        #[source]
        error: MeldError,
    },
    /// The table cannot be laid out as saved.
    #[error("the table cannot be laid out: {0}")]
    Table(#[source] TableError),
    /// A count above what the position allows.
    #[error("{field} is {value}, above the most possible, {max}")]
    OutOfRange {
        /// The count.
        field: &'static str,
        /// Its value.
        value: u64,
        /// The most it can be.
        max: u64,
    },
    /// A copy of a card the pack does not hold: a save of a two-deck game naming a
    /// card's copy, numbered from 1 (`Kd'` is copy 2 of `Kd`).
    #[error("{card} has no copy {copy}: the pack holds {copies}")]
    NoSuchCopy {
        /// The card.
        card: Card,
        /// The copy named, from 1.
        copy: u32,
        /// The copies the pack holds.
        copies: u32,
    },
    /// The same copy of a card in two places (or twice in one list).
    #[error("copy {copy} of {card} is listed twice")]
    CopyTwice {
        /// The card.
        card: Card,
        /// The copy, from 1.
        copy: u32,
    },
    /// Facts of the position contradict each other; the text names them.
    #[error("{0}")]
    Inconsistent(&'static str),
}

impl DealError {
    /// `Ok` when `value` is at most `max`, else [`DealError::OptionTooLarge`] naming
    /// `option`: the check behind every bounded numeric option.
    ///
    /// # Errors
    ///
    /// [`DealError::OptionTooLarge`].
    ///
    /// ```
    /// use rummykit_core::DealError;
    /// assert!(DealError::check_max("joker_penalty", 30, 10_000).is_ok());
    /// let err = DealError::check_max("joker_penalty", u32::MAX, 10_000).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid configuration: joker_penalty is 4294967295, above its maximum of 10000");
    /// ```
    pub fn check_max(option: &'static str, value: u32, max: u32) -> Result<(), DealError> {
        if value > max {
            return Err(DealError::OptionTooLarge { option, value: value.into(), max: max.into() });
        }
        Ok(())
    }
}

impl Seating {
    /// Checks the player count against `min..=max` and the dealer against the seats.
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] or [`DealError::NoSuchDealer`].
    ///
    /// ```
    /// use rummykit_core::{DealError, Seating};
    /// assert!(Seating::new(4).check(2, 4).is_ok());
    /// assert_eq!(Seating::new(5).check(2, 4), Err(DealError::PlayerCount { seats: 5, min: 2, max: 4 }));
    /// assert!(Seating::new(2).with_dealer(2).check(2, 4).is_err());
    /// ```
    pub fn check(&self, min: usize, max: usize) -> Result<(), DealError> {
        if !(min..=max).contains(&self.seats) {
            return Err(DealError::PlayerCount { seats: self.seats, min, max });
        }
        match self.dealer {
            Some(dealer) if dealer >= self.seats => {
                Err(DealError::NoSuchDealer { dealer, seats: self.seats })
            }
            _ => Ok(()),
        }
    }
}

/// An action was offered for a seat that is not to move: the typed refusal every
/// [`Game::check`] and [`Game::apply`] gives before looking at the action itself. A
/// game's error type converts from it (`From<NotYourTurn>`), so a server that forgets
/// its own turn check cannot play for the wrong seat.
///
/// ```
/// use rummykit_core::NotYourTurn;
/// let e = NotYourTurn { seat: 2, to_move: 0 };
/// assert_eq!(e.to_string(), "it is not seat 2's turn: seat 0 is to move");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("it is not seat {seat}'s turn: seat {to_move} is to move")]
pub struct NotYourTurn {
    /// The seat the action was offered for.
    pub seat: Seat,
    /// The seat whose turn it is.
    pub to_move: Seat,
}

impl NotYourTurn {
    /// `Ok` when `seat` is `to_move` (or the hand is over, `None`: then the game's own
    /// "hand over" error applies), else the refusal.
    ///
    /// # Errors
    ///
    /// [`NotYourTurn`] when another seat is to move.
    ///
    /// ```
    /// use rummykit_core::NotYourTurn;
    /// assert!(NotYourTurn::check(1, Some(1)).is_ok());
    /// assert!(NotYourTurn::check(1, None).is_ok());
    /// assert_eq!(NotYourTurn::check(0, Some(1)), Err(NotYourTurn { seat: 0, to_move: 1 }));
    /// ```
    pub const fn check(seat: Seat, to_move: Option<Seat>) -> Result<(), NotYourTurn> {
        match to_move {
            Some(to_move) if to_move != seat => Err(NotYourTurn { seat, to_move }),
            _ => Ok(()),
        }
    }
}

/// The result of a finished hand (one game of Rummikub, one deal of a card game).
///
/// `points[seat]` is what the hand scores for that seat in the game's own sense
/// (see [`Game::score_order`]); `winners` are the seats that won it, ascending: the one
/// that went out or won on points; several when a win is shared (Rummikub's tie for the
/// lowest rack at an empty pool, RULES.md §1.8 (b)); none when the hand was void
/// (a restock cap, RULES.md §2.5, §3.7).
///
/// ```
/// use rummykit_core::Outcome;
/// // RULES.md §1.8 (a): A goes out; B, C, D hold 52, 15 and 9 points.
/// let o = Outcome { points: vec![76, -52, -15, -9], winners: vec![0] };
/// assert_eq!(o.points.iter().sum::<i64>(), 0);
/// assert!(o.won(0) && !o.is_shared() && !o.is_void());
/// // RULES.md §1.8 (b): seats 0 and 1 tie for the lowest rack and share the pot.
/// let tie = Outcome { points: vec![5, 4, -4, -5], winners: vec![0, 1] };
/// assert!(tie.won(1) && tie.is_shared());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct Outcome {
    /// Points of this hand, by seat.
    pub points: Vec<i64>,
    /// The seats that won the hand, ascending; more than one for a shared win, none for
    /// a void hand.
    pub winners: Vec<Seat>,
}

/// Each seat's points, then the winners: "seat 0 76, seat 1 -52; won by seat 0", "won
/// by seats 0, 1" for a shared win, "nobody won" for a void hand.
///
/// ```
/// use rummykit_core::Outcome;
/// let o = Outcome { points: vec![76, -52, -24], winners: vec![0] };
/// assert_eq!(o.to_string(), "seat 0 76, seat 1 -52, seat 2 -24; won by seat 0");
/// let tie = Outcome { points: vec![5, 5, -10], winners: vec![0, 1] };
/// assert_eq!(tie.to_string(), "seat 0 5, seat 1 5, seat 2 -10; won by seats 0, 1");
/// assert_eq!(Outcome { points: vec![0, 0], winners: vec![] }.to_string(), "seat 0 0, seat 1 0; nobody won");
/// ```
impl core::fmt::Display for Outcome {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for (seat, points) in self.points.iter().enumerate() {
            let comma = if seat > 0 { ", " } else { "" };
            write!(f, "{comma}seat {seat} {points}")?;
        }
        match self.winners.as_slice() {
            [] => f.write_str("; nobody won"),
            [winner] => write!(f, "; won by seat {winner}"),
            winners => {
                f.write_str("; won by seats ")?;
                for (i, winner) in winners.iter().enumerate() {
                    let comma = if i > 0 { ", " } else { "" };
                    write!(f, "{comma}{winner}")?;
                }
                Ok(())
            }
        }
    }
}

impl Outcome {
    /// Whether `seat` won the hand, alone or sharing the win.
    ///
    /// ```
    /// use rummykit_core::Outcome;
    /// let hand = Outcome { points: vec![-12, 30, -18], winners: vec![1] };
    /// assert!(hand.won(1) && !hand.won(0));
    /// ```
    #[must_use]
    pub fn won(&self, seat: Seat) -> bool {
        self.winners.contains(&seat)
    }

    /// Whether more than one seat won the hand.
    ///
    /// ```
    /// use rummykit_core::Outcome;
    /// let tie = Outcome { points: vec![5, 5, -10], winners: vec![0, 1] };
    /// assert!(tie.is_shared() && tie.won(0) && tie.won(1));
    /// assert!(!Outcome { points: vec![1, -1], winners: vec![0] }.is_shared());
    /// ```
    #[must_use]
    pub fn is_shared(&self) -> bool {
        self.winners.len() > 1
    }

    /// Whether nobody won the hand (it scores nothing).
    ///
    /// ```
    /// use rummykit_core::Outcome;
    /// // A hand that ran out of restocks: nobody wins, nobody scores.
    /// let void = Outcome { points: vec![0, 0], winners: vec![] };
    /// assert!(void.is_void() && !void.won(0));
    /// ```
    #[must_use]
    pub fn is_void(&self) -> bool {
        self.winners.is_empty()
    }
}

/// Checks what a view read from elsewhere says of the turn: the seat to move and the
/// outcome's winners are seats of a table of `seats`, the outcome has points for each
/// seat, and the outcome is shown exactly when nobody is to move (a game has one
/// exactly when it is over). Every game's view reader starts here.
///
/// # Errors
///
/// [`PositionError::NoSuchSeat`] for a seat not at the table,
/// [`PositionError::SeatLists`] for points not one a seat, or
/// [`PositionError::Inconsistent`] for an outcome with a seat to move, or nobody to move
/// and no outcome.
///
/// ```
/// use rummykit_core::{Outcome, PositionError, check_turn};
/// let over = Outcome { points: vec![4, -4], winners: vec![0] };
/// assert_eq!(check_turn(2, Some(1), None), Ok(()));
/// assert_eq!(check_turn(2, None, Some(&over)), Ok(()));
/// assert!(matches!(check_turn(2, Some(1), Some(&over)), Err(PositionError::Inconsistent(_))));
/// assert!(matches!(check_turn(2, None, None), Err(PositionError::Inconsistent(_))));
/// assert!(matches!(check_turn(2, Some(2), None), Err(PositionError::NoSuchSeat { .. })));
/// ```
pub fn check_turn(
    seats: usize,
    to_move: Option<Seat>,
    outcome: Option<&Outcome>,
) -> Result<(), PositionError> {
    if let Some(seat) = to_move.filter(|&s| s >= seats) {
        return Err(PositionError::NoSuchSeat { field: "to_move", seat, seats });
    }
    match outcome {
        Some(outcome) => {
            if let Some(&seat) = outcome.winners.iter().find(|&&s| s >= seats) {
                return Err(PositionError::NoSuchSeat { field: "outcome winner", seat, seats });
            }
            if outcome.points.len() != seats {
                let found = outcome.points.len();
                return Err(PositionError::SeatLists { field: "outcome points", found, seats });
            }
            if to_move.is_some() {
                return Err(PositionError::Inconsistent("a game with an outcome has a seat to move"));
            }
        }
        None if to_move.is_none() => {
            return Err(PositionError::Inconsistent("a game with nobody to move has no outcome"));
        }
        None => {}
    }
    Ok(())
}

/// The contract of a rule engine for one hand of a game.
///
/// Each game crate owns its state type and implements this trait; the state is the
/// referee's full knowledge. Randomness enters only through [`Game::deal`]; after it,
/// [`Game::apply`] is a pure function of the state and the action, so a clone is a
/// cheap snapshot for search and a recorded game replays exactly.
///
/// A complete toy game, the smallest that shows the contract:
///
/// ```
/// use rand::{Rng, RngExt};
/// use rummykit_core::{DealError, Game, NotYourTurn, Outcome, ScoreOrder, Seat, Seating};
///
/// /// "High card": every seat is dealt a number 1–13 and reveals it in turn; the
/// /// highest wins the others' numbers (a tie for highest is a void hand).
/// #[derive(Clone, Debug)]
/// struct HighCard { cards: Vec<u8>, next: Seat, revealed: usize }
///
/// #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// enum Refused {
///     #[error("the hand is over")]
///     Over,
///     #[error(transparent)]
///     NotYourTurn(#[from] NotYourTurn),
/// }
///
/// impl Game for HighCard {
///     type Config = ();
///     type Action = ();
///     type View = u8; // a seat sees its own card only
///     type Error = Refused;
///     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
///
///     fn deal<R: Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
///         seating.check(2, 4)?;
///         let n = seating.seats;
///         let dealer = seating.dealer.unwrap_or_else(|| rng.random_range(0..n));
///         let cards = (0..n).map(|_| rng.random_range(1..=13)).collect();
///         Ok(HighCard { cards, next: (dealer + 1) % n, revealed: 0 })
///     }
///     fn seats(&self) -> usize { self.cards.len() }
///     fn config(&self) {}
///     fn to_move(&self) -> Option<Seat> { (self.revealed < self.cards.len()).then_some(self.next) }
///     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), Refused> {
///         let to_move = self.to_move().ok_or(Refused::Over)?;
///         NotYourTurn::check(seat, Some(to_move))?;
///         self.revealed += 1;
///         self.next = (self.next + 1) % self.cards.len();
///         Ok(())
///     }
///     fn not_your_turn(e: &Refused) -> Option<NotYourTurn> {
///         if let Refused::NotYourTurn(refusal) = e { Some(*refusal) } else { None }
///     }
///     fn view(&self, seat: Seat) -> u8 { self.cards[seat] }
///     fn outcome(&self) -> Option<Outcome> {
///         if self.to_move().is_some() { return None; }
///         let best = *self.cards.iter().max()?;
///         let n = self.cards.len();
///         if self.cards.iter().filter(|&&c| c == best).count() > 1 {
///             return Some(Outcome { points: vec![0; n], winners: vec![] });
///         }
///         let w = self.cards.iter().position(|&c| c == best)?;
///         let pot: i64 = self.cards.iter().map(|&c| i64::from(c)).sum::<i64>() - i64::from(best);
///         let points = (0..n).map(|s| if s == w { pot } else { -i64::from(self.cards[s]) }).collect();
///         Some(Outcome { points, winners: vec![w] })
///     }
/// }
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut hand = HighCard::deal(&(), Seating::new(3).with_dealer(2), &mut rng)?;
/// assert_eq!(hand.to_move(), Some(0)); // the seat after the dealer starts
/// let refused = hand.apply(1, ()).unwrap_err();
/// assert_eq!(refused, Refused::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }));
/// assert_eq!(HighCard::not_your_turn(&refused), Some(NotYourTurn { seat: 1, to_move: 0 }));
/// while let Some(seat) = hand.to_move() {
///     hand.apply(seat, ()).expect("revealing is always legal");
/// }
/// let refused = hand.apply(0, ()).unwrap_err();
/// assert_eq!(refused, Refused::Over);
/// assert_eq!(HighCard::not_your_turn(&refused), None); // nobody is to move
/// let outcome = hand.outcome().expect("the hand is over");
/// assert_eq!(outcome.points.iter().sum::<i64>(), 0);
/// # Ok::<(), DealError>(())
/// ```
pub trait Game: Clone + Debug + Sized {
    /// The rules (presets and options). Comparable, so that records and matches holding
    /// them compare too.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// // A generic driver deals the next hand under the rules the last one was dealt with.
    /// fn next_hand<G: Game>(last: &G, rng: &mut rand_chacha::ChaCha8Rng) -> G {
    ///     let config: G::Config = last.config();
    ///     G::deal(&config, Seating::new(last.seats()), rng).expect("dealt once already")
    /// }
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let nim = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// let next = next_hand(&nim, &mut rng);
    /// assert_eq!((next.heap, next.config() == nim.config()), (7, true));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type Config: Clone + Debug + PartialEq;
    /// What a player does on their turn.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // Nim's action is how many counters to take: 1 or 2 while the heap holds them.
    /// let mut actions: Vec<<Nim as Game>::Action> = Vec::new();
    /// nim.legal_actions(&mut actions);
    /// assert_eq!(actions, [1, 2]);
    /// nim.apply(0, 2)?;
    /// assert_eq!(nim.heap, 5);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    type Action: Clone + Debug + PartialEq;
    /// What one seat may see.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // Nim shows each seat the heap and whether it is that seat's turn.
    /// let views: Vec<<Nim as Game>::View> = (0..2).map(|seat| nim.view(seat)).collect();
    /// assert_eq!(views, [(7, true), (7, false)]);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type View: Clone + Debug;
    /// Why an action was refused. It converts from [`NotYourTurn`], the refusal of an
    /// action offered for the wrong seat; `Send + Sync + 'static` so that a driver's
    /// error can hold it as its source and any program can pass it on with `?` as a
    /// `Box<dyn Error + Send + Sync>`, or from a thread that played the hand.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, NotYourTurn, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // Seat 1 out of turn: the game's error, converted from `NotYourTurn`.
    /// let refused: <Nim as Game>::Error = nim.apply(1, 1).unwrap_err();
    /// assert_eq!(Nim::not_your_turn(&refused), Some(NotYourTurn { seat: 1, to_move: 0 }));
    /// // Passed on as a boxed error with `?`, as a driver does.
    /// let boxed: Box<dyn std::error::Error + Send + Sync> = refused.into();
    /// assert_eq!(boxed.to_string(), NotYourTurn { seat: 1, to_move: 0 }.to_string());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type Error: std::error::Error + Send + Sync + Clone + PartialEq + From<NotYourTurn> + 'static;

    /// Whether more points are better under `config`: a property of the rules, so one
    /// type can hold games scored either way (`AnyGame` holds Rummikub's points and
    /// Rummy 40's penalties, each as its rules give them).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, RandomBot, ScoreOrder, TournamentPlan, tournament};
    /// // The toy Nim of the conformance module scores +1 for a win: more is better, so
    /// // the standings rank seats by their highest totals.
    /// assert_eq!(Nim::score_order(&()), ScoreOrder::HigherIsBetter);
    /// let random = |_, seed| -> Box<dyn rummykit_core::Bot<Nim>> {
    ///     Box::new(RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed)))
    /// };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 20, 1), random, |_| {})?;
    /// assert_eq!(standings.score_order(), Nim::score_order(&()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn score_order(config: &Self::Config) -> ScoreOrder;

    /// Shuffles and deals a new hand. The only source of randomness.
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] for an unsupported player count,
    /// [`DealError::NoSuchDealer`] for a dealer seat past the table,
    /// [`DealError::InvalidConfig`] or [`DealError::OptionTooLarge`] for a configuration
    /// the game cannot be played with.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{DealError, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!((nim.heap, nim.to_move()), (7, Some(1)));
    /// // Nim is for two.
    /// assert!(matches!(Nim::deal(&(), Seating::new(3), &mut rng), Err(DealError::PlayerCount { .. })));
    /// # Ok::<(), DealError>(())
    /// ```
    fn deal<R: Rng + ?Sized>(config: &Self::Config, seating: Seating, rng: &mut R)
    -> Result<Self, DealError>;

    /// The numbers of players the game supports under `config`, fewest to most.
    /// [`Match::new`](crate::Match::new) and [`tournament`](fn@crate::tournament) check
    /// their seats against it (and against [`MAX_SEATS`](crate::MAX_SEATS)) before they
    /// allocate or build anything per seat, so a seat count read from an untrusted record
    /// is refused in constant time.
    ///
    /// The default, `1..=MAX_SEATS`, suits a game without a limit of its own; a game
    /// whose [`deal`](Game::deal) refuses some counts should say so here too.
    ///
    /// ```
    /// use rummykit_core::{Game, MAX_SEATS};
    /// # use rummykit_core::{DealError, Outcome, ScoreOrder, Seat, Seating};
    /// # #[derive(Clone, Debug)]
    /// # struct Solitaire;
    /// # impl Game for Solitaire {
    /// #     type Config = ();
    /// #     type Action = ();
    /// #     type View = ();
    /// #     type Error = rummykit_core::NotYourTurn;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    /// #     fn deal<R: rand::Rng + ?Sized>(_: &(), _: Seating, _: &mut R) -> Result<Self, DealError> { Ok(Solitaire) }
    /// #     fn seats(&self) -> usize { 1 }
    /// #     fn config(&self) {}
    /// #     fn to_move(&self) -> Option<Seat> { None }
    /// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), rummykit_core::NotYourTurn> {
    /// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
    /// #         Ok(())
    /// #     }
    /// #     fn view(&self, _: Seat) {}
    /// #     fn outcome(&self) -> Option<Outcome> { None }
    /// # }
    /// assert_eq!(Solitaire::seat_range(&()), 1..=MAX_SEATS);
    /// ```
    fn seat_range(config: &Self::Config) -> RangeInclusive<usize> {
        let _ = config;
        1..=crate::MAX_SEATS
    }

    /// The terms of this game's own match for `seats` players under `config`: what
    /// [`Match::new`](crate::Match::new) is given when the players agree on nothing else
    /// (classic Rummy to 100 points, RULES.md §2.7; a Rummikub session of one game per
    /// player, §1.8). The default is one hand, ranked by total, the dealer chosen by the
    /// game.
    ///
    /// ```
    /// use rummykit_core::{Game, MatchEnd, MatchTerms};
    /// # use rummykit_core::{DealError, Outcome, ScoreOrder, Seat, Seating};
    /// # #[derive(Clone, Debug)]
    /// # struct Solitaire;
    /// # impl Game for Solitaire {
    /// #     type Config = ();
    /// #     type Action = ();
    /// #     type View = ();
    /// #     type Error = rummykit_core::NotYourTurn;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    /// #     fn deal<R: rand::Rng + ?Sized>(_: &(), _: Seating, _: &mut R) -> Result<Self, DealError> { Ok(Solitaire) }
    /// #     fn seats(&self) -> usize { 1 }
    /// #     fn config(&self) {}
    /// #     fn to_move(&self) -> Option<Seat> { None }
    /// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), rummykit_core::NotYourTurn> {
    /// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
    /// #         Ok(())
    /// #     }
    /// #     fn view(&self, _: Seat) {}
    /// #     fn outcome(&self) -> Option<Outcome> { None }
    /// # }
    /// assert_eq!(Solitaire::default_terms(&(), 1), MatchTerms::new(1));
    /// assert_eq!(MatchTerms::new(1).end, MatchEnd::SingleHand);
    /// ```
    fn default_terms(config: &Self::Config, seats: usize) -> MatchTerms {
        let _ = config;
        MatchTerms::new(seats)
    }

    /// Number of seats.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// assert_eq!(nim.seats(), 2);
    /// assert_eq!(nim.outcome(), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn seats(&self) -> usize;

    /// The seat that dealt this hand, when the game records it: `None` (the default)
    /// for a game that keeps no dealer. Rummikub has no dealer and answers the seat
    /// before its starter, as [`Seating`] counts one. A
    /// `MatchSave` (feature `serde`) checks a pending hand's
    /// dealer against the match's by it, so a hand dealt by another seat is not
    /// resumed as this match's. A [`Match`](crate::Match) expects it to be the seat
    /// the [`Seating`] named when it named one, and, when the game chose the dealer,
    /// takes the dealer from it (falling back to the seat before the first mover when
    /// it is `None`). A game that chooses its dealer must report it (or a first mover)
    /// for its matches to be saved and rebuilt after a hand: with neither, the match
    /// has no dealer to pass on, and [`Match::from_history`](crate::Match::from_history)
    /// and `MatchSave::new` refuse it (`MatchError::DealerMissing`).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// // The toy Nim keeps no dealer.
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// assert_eq!(nim.dealt_by(), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn dealt_by(&self) -> Option<Seat> {
        None
    }

    /// The rules this hand is played by: the configuration [`deal`](Game::deal) was
    /// given (or a saved position was read under). By value, so that a game holding its
    /// rules in another form can answer too; every configuration of rummykit is a copy of
    /// a few dozen bytes. Code generic over games that reloads a hand can start a
    /// [`Match`](crate::Match) for it from the hand alone.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Match, MatchError, Seating};
    /// // A match under the rules of a hand, whatever the game.
    /// fn match_like<G: Game>(hand: &G) -> Result<Match<G>, MatchError> {
    ///     let config = hand.config();
    ///     let terms = G::default_terms(&config, hand.seats());
    ///     Match::new(config, terms)
    /// }
    /// let nim = Nim::deal(&(), Seating::new(2), &mut rand_chacha::ChaCha8Rng::seed_from_u64(0))?;
    /// assert_eq!(nim.config(), ()); // the toy Nim has no options
    /// assert_eq!(match_like(&nim)?.config(), &nim.config());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn config(&self) -> Self::Config;

    /// The seat refusal `error` is, if it is one: `Some` exactly when an action was
    /// refused because another seat is to move ([`NotYourTurn`], converted into the
    /// game's error), `None` for every other reason. Generic code tells "wrong seat" from
    /// "illegal action" by it, whatever shape the game's error gives the refusal.
    ///
    /// An action offered once the hand is over is refused with the game's own "hand
    /// over" error for every seat, and that is `None` here: no seat is to move, so no
    /// seat is the wrong one ([`to_move`](Game::to_move) is `None` then).
    ///
    /// The default finds a [`NotYourTurn`] that is the error itself or one of its
    /// [`source`](std::error::Error::source)s. An error that wraps it with
    /// `#[error(transparent)]` hides it from that chain, so a game whose error does so
    /// overrides this (every game of rummykit does).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, NotYourTurn, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let wrong_seat = nim.check(1, &1).unwrap_err();
    /// assert_eq!(Nim::not_your_turn(&wrong_seat), Some(NotYourTurn { seat: 1, to_move: 0 }));
    /// let illegal = nim.check(0, &3).unwrap_err();
    /// assert_eq!(Nim::not_your_turn(&illegal), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn not_your_turn(error: &Self::Error) -> Option<NotYourTurn> {
        let mut next: Option<&(dyn std::error::Error + 'static)> = Some(error);
        while let Some(error) = next {
            if let Some(&refusal) = error.downcast_ref::<NotYourTurn>() {
                return Some(refusal);
            }
            next = error.source();
        }
        None
    }

    /// The seat whose turn it is, or `None` when the hand is over.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// assert_eq!(nim.to_move(), Some(0));
    /// nim.apply(0, 2)?;
    /// assert_eq!(nim.to_move(), Some(1));
    /// while let Some(seat) = nim.to_move() {
    ///     nim.apply(seat, 1)?;
    /// }
    /// assert!(nim.outcome().is_some()); // over: nobody is to move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_move(&self) -> Option<Seat>;

    /// Whether [`legal_actions`](Game::legal_actions) lists *every* legal action. `true`
    /// for games whose actions can be enumerated (the card games); `false` where only a
    /// documented part is listed (Rummikub, whose legal tables are too many to list) or
    /// nothing (the default). Generic code (a random bot, the conformance harness) can
    /// rely on the list being non-empty whenever a seat is to move only when this is
    /// `true` or the game documents it.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// // The toy Nim lists every take, so its list is never empty while the hand is on.
    /// assert!(Nim::LISTS_ALL_ACTIONS);
    /// let mut nim = Nim::deal(&(), Seating::new(2), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1))?;
    /// let mut takes = Vec::new();
    /// while let Some(seat) = nim.to_move() {
    ///     nim.legal_actions(&mut takes);
    ///     assert!(!takes.is_empty());
    ///     nim.apply(seat, takes[takes.len() - 1])?;
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    const LISTS_ALL_ACTIONS: bool = false;

    /// Checks `action` for `seat` without playing it: `Ok` exactly when
    /// [`apply`](Game::apply) would accept it.
    ///
    /// The default plays the action on a clone; every game of rummykit overrides it with
    /// a check that reads the state and copies nothing.
    ///
    /// # Errors
    ///
    /// [`NotYourTurn`] (converted) when `seat` is not to move, else the game's reason.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, NotYourTurn, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// assert_eq!(nim.check(0, &2), Ok(()));
    /// assert_eq!(nim.check(0, &3), Err(nim::Illegal::Take));
    /// assert_eq!(nim.check(1, &1), Err(NotYourTurn { seat: 1, to_move: 0 }.into()));
    /// assert_eq!(nim.heap, 7); // only checked
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        self.clone().apply(seat, action.clone())
    }

    /// Plays `action` for `seat`, which must be the seat to move.
    ///
    /// # Errors
    ///
    /// [`NotYourTurn`] (converted into the game's error) when another seat is to move,
    /// else the game's reason; the state is then unchanged.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// nim.apply(0, 2)?;
    /// assert_eq!((nim.heap, nim.to_move()), (5, Some(1)));
    /// // A refused action changes nothing.
    /// let before = nim.clone();
    /// assert!(nim.apply(1, 3).is_err());
    /// assert!(nim.apply(0, 1).is_err());
    /// assert_eq!(nim, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Error>;

    /// [`apply`](Game::apply) of a borrowed action, for a caller that keeps the action
    /// after playing it (a driver reports and records every action it plays).
    ///
    /// The default clones the action for [`apply`](Game::apply); a game that only reads
    /// its action overrides it and copies nothing (every card game of rummykit does).
    ///
    /// # Errors
    ///
    /// As [`apply`](Game::apply); the state is then unchanged.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let take = 2;
    /// nim.apply_borrowed(0, &take)?;
    /// assert_eq!((nim.heap, take), (5, 2));
    /// assert!(nim.apply_borrowed(1, &3).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn apply_borrowed(&mut self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        self.apply(seat, action.clone())
    }

    /// [`apply_borrowed`](Game::apply_borrowed) of an action a player chose from `shown`,
    /// the view of `seat` that the hand loop made with [`view_into`](Game::view_into)
    /// and lent by shared reference only, neither the view nor the game changed since.
    /// Only the hand loop makes a [`ShownKey`], one for each call and tied to the
    /// borrow of `shown`, so a game may take what its own drawing of `action` from
    /// `shown` proved instead of deciding it again, when `seat` is to move and `shown`
    /// is that seat's view; any other action is checked in full. A game that wraps
    /// another may forward the key to the inner game's `apply_shown` only with the same
    /// view or the one its own wraps, the inner state unchanged since the call began
    /// (see [`ShownKey`]).
    ///
    /// The default is [`apply_borrowed`](Game::apply_borrowed).
    ///
    /// # Errors
    ///
    /// As [`apply`](Game::apply); the state is then unchanged.
    ///
    /// ```
    /// # use rand::SeedableRng;
    /// # use rummykit_core::{Game, RandomBot, Seating, play_hand};
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// // Only the hand loop calls it: a hand played by random players.
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(2), &mut rng)?;
    /// let mut a = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(2));
    /// let mut b = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(3));
    /// let (outcome, _) = play_hand(&mut game, &mut [&mut a, &mut b], 1_000)?;
    /// assert_eq!(Some(outcome), game.outcome());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn apply_shown<'v>(
        &mut self,
        seat: Seat,
        shown: &'v Self::View,
        action: &Self::Action,
        key: ShownKey<'v>,
    ) -> Result<(), Self::Error> {
        let _ = (shown, key);
        self.apply_borrowed(seat, action)
    }

    /// Overwrites `out` with the legal actions of the seat to move, in a deterministic
    /// order; empty once the hand is over. Every action listed is accepted by
    /// [`check`](Game::check); the list is complete when
    /// [`LISTS_ALL_ACTIONS`](Game::LISTS_ALL_ACTIONS) says so.
    ///
    /// The default lists what [`legal_actions_from`](Game::legal_actions_from) finds in
    /// the mover's view (legality depends only on what the mover may see).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let mut actions = Vec::new();
    /// nim.legal_actions(&mut actions);
    /// assert_eq!(actions, [1, 2]);
    /// assert!(actions.iter().all(|a| nim.check(0, a).is_ok()));
    /// nim.apply(0, 2)?;
    /// nim.apply(1, 2)?;
    /// nim.apply(0, 2)?;
    /// nim.legal_actions(&mut actions);
    /// assert_eq!(actions, [1]); // one counter left
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        match self.to_move() {
            Some(seat) => Self::legal_actions_from(&self.view(seat), out),
            None => out.clear(),
        }
    }

    /// Overwrites `out` with the legal actions of the seat whose view this is, from what
    /// that seat may see: the same list as [`legal_actions`](Game::legal_actions) when
    /// that seat is to move, empty otherwise. This is what a bot, which sees only its
    /// view, chooses from. The default lists nothing.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let (mut mover, mut other) = (Vec::new(), Vec::new());
    /// Nim::legal_actions_from(&nim.view(0), &mut mover);
    /// Nim::legal_actions_from(&nim.view(1), &mut other);
    /// assert_eq!(mover, [1, 2]);
    /// assert!(other.is_empty()); // not seat 1's turn
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn legal_actions_from(view: &Self::View, out: &mut Vec<Self::Action>) {
        let _ = view;
        out.clear();
    }

    /// A uniformly random action of [`legal_actions_from`](Game::legal_actions_from)
    /// on `view`, or `None` when it lists nothing. What [`RandomBot`] plays. Its index is
    /// drawn by [`random_index`] in every game, so one seed picks alike from one list. The
    /// default builds the list in a fresh vector on every call; a game whose random playouts
    /// matter overrides it (classic Rummy reuses a buffer, Rummy 40 draws without
    /// building the list), which halves a classic playout.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// for _ in 0..20 {
    ///     let take = Nim::random_action_from(&nim.view(0), &mut rng).expect("seat 0 is to move");
    ///     assert!(nim.check(0, &take).is_ok());
    /// }
    /// assert_eq!(Nim::random_action_from(&nim.view(1), &mut rng), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn random_action_from<R: Rng + ?Sized>(view: &Self::View, rng: &mut R) -> Option<Self::Action> {
        let mut actions = Vec::new();
        Self::legal_actions_from(view, &mut actions);
        random_index(rng, actions.len()).and_then(|i| actions.get(i)).cloned()
    }

    /// The action a bot answers for a view that lists none: the view of a seat not to
    /// move, of a hand that is over, or one built or read from elsewhere that no game
    /// could hold. An action the referee judges (and, on such a view, refuses), so that
    /// a bot asked about any view answers instead of panicking. `None` (the default) for
    /// a game without one; every game of rummykit has one (the draw).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::Game;
    /// // The toy Nim keeps the default: a take of one would be a guess.
    /// assert_eq!(Nim::fallback_action(&(7, false)), None);
    /// ```
    fn fallback_action(view: &Self::View) -> Option<Self::Action> {
        let _ = view;
        None
    }

    /// What `action` does, in words and piece notation, relative to `view` (the view of
    /// the seat that plays it, before it is played: it holds the faces of the ids the
    /// action names and the melds it refers to), for a program to print or show. Every
    /// game of rummykit names the pieces an action moves ("lay 9h off on [6h 7h 8h]",
    /// "play r5 r6 r7"); the default is the action's `Debug` text.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // The toy Nim keeps the default: its action's `Debug` text.
    /// assert_eq!(Nim::describe(&nim.view(0), &2).to_string(), "2");
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn describe(view: &Self::View, action: &Self::Action) -> Description {
        let _ = view;
        Description::from_text(&format!("{action:?}"))
    }

    /// What `seat` may see. Only that seat's hidden pieces are in it.
    ///
    /// `seat` should be one of `0..seats()`; check it first where it comes from outside
    /// (a client of a server). For any other number the games of this workspace answer
    /// with what every seat sees and no hidden piece, a view no seat acts on: it lists no
    /// legal action, and the games' views read through serde refuse it.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// nim.apply(0, 2)?;
    /// // Nim hides nothing: each seat sees the heap and whether it is to move.
    /// assert_eq!((nim.view(0), nim.view(1)), ((5, false), (5, true)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn view(&self, seat: Seat) -> Self::View;

    /// Overwrites `view` with what `seat` may see: the same as
    /// `*view = self.view(seat)`, which is the default. A game may override it to reuse
    /// the allocations of the old view; [`play_hand`](crate::play_hand), which shows a view before every
    /// action, calls it.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let mut view = nim.view(0);
    /// nim.apply(0, 1)?;
    /// nim.view_into(0, &mut view);
    /// assert_eq!(view, nim.view(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn view_into(&self, seat: Seat, view: &mut Self::View) {
        *view = self.view(seat);
    }

    /// The result, once the hand is over.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Outcome, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// for take in [2, 2, 2] {
    ///     let seat = nim.to_move().expect("the heap is not empty");
    ///     nim.apply(seat, take)?;
    /// }
    /// assert_eq!(nim.outcome(), None); // one counter left
    /// nim.apply(1, 1)?;
    /// assert_eq!(nim.outcome(), Some(Outcome { points: vec![-1, 1], winners: vec![1] }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self) -> Option<Outcome>;
}

/// A player that chooses actions from what its seat may see, and nothing else.
///
/// Bots keep their own rng (seeded by whoever builds them) if they need one, so a game
/// between bots is reproducible.
///
/// A bot for a toy game, played to the end by [`play_hand`](crate::play_hand):
///
/// ```
/// use rand::Rng;
/// use rummykit_core::{Bot, DealError, Game, NotYourTurn, Outcome, ScoreOrder, Seat, Seating, play_hand};
///
/// /// Two players take 1 or 2 from a heap of 10; who takes the last one wins.
/// #[derive(Clone, Debug)]
/// struct Heap { left: u8, next: Seat }
///
/// #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// enum BadTake {
///     #[error("take 1 or 2, at most what is left")]
///     Amount,
///     #[error(transparent)]
///     NotYourTurn(#[from] NotYourTurn),
/// }
///
/// impl Game for Heap {
///     type Config = ();
///     type Action = u8;
///     type View = u8; // everything is public: the heap
///     type Error = BadTake;
///     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
///     fn deal<R: Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
///         s.check(2, 2)?;
///         Ok(Heap { left: 10, next: s.first_to_play().unwrap_or(0) })
///     }
///     fn seats(&self) -> usize { 2 }
///     fn config(&self) {}
///     fn to_move(&self) -> Option<Seat> { (self.left > 0).then_some(self.next) }
///     fn apply(&mut self, seat: Seat, take: u8) -> Result<(), BadTake> {
///         NotYourTurn::check(seat, self.to_move())?;
///         if !(1..=2).contains(&take) || take > self.left { return Err(BadTake::Amount); }
///         self.left -= take;
///         if self.left > 0 { self.next = 1 - self.next; }
///         Ok(())
///     }
///     fn view(&self, _: Seat) -> u8 { self.left }
///     fn outcome(&self) -> Option<Outcome> {
///         (self.left == 0).then(|| {
///             let mut points = vec![-1, -1];
///             points[self.next] = 1;
///             Outcome { points, winners: vec![self.next] }
///         })
///     }
/// }
///
/// /// Leaves a multiple of three when it can.
/// struct Perfect;
/// impl Bot<Heap> for Perfect {
///     fn name(&self) -> &str { "perfect" }
///     fn act(&mut self, left: &u8) -> u8 { if left % 3 == 0 { 1 } else { left % 3 } }
/// }
///
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut game = Heap::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
/// let (mut a, mut b) = (Perfect, Perfect);
/// let (outcome, actions) = play_hand(&mut game, &mut [&mut a, &mut b], 100).expect("legal takes");
/// assert_eq!(outcome.winners, [0]); // 10 is not a multiple of 3: the first player wins
/// assert_eq!(actions[0], 1);
/// # Ok::<(), DealError>(())
/// ```
pub trait Bot<G: Game> {
    /// A short name for tables and logs.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Bot, RandomBot};
    /// let random = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(1));
    /// let bots: Vec<Box<dyn Bot<Nim>>> = vec![Box::new(random.clone()), Box::new(random)];
    /// let names: Vec<&str> = bots.iter().map(|b| b.name()).collect();
    /// assert_eq!(names, ["random", "random"]);
    /// ```
    fn name(&self) -> &str;

    /// Chooses an action for the seat whose view this is.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Bot, Game, Seating};
    /// /// Leaves the other a multiple of three when it can.
    /// struct Perfect;
    /// impl Bot<Nim> for Perfect {
    ///     fn name(&self) -> &str { "perfect" }
    ///     fn act(&mut self, &(heap, _): &(u8, bool)) -> u8 { if heap % 3 == 0 { 1 } else { heap % 3 } }
    /// }
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // Seven counters: take one, leave six.
    /// assert_eq!(Perfect.act(&nim.view(0)), 1);
    /// assert!(nim.check(0, &Perfect.act(&nim.view(0))).is_ok());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn act(&mut self, view: &G::View) -> G::Action;
}

/// A borrowed bot plays as the bot it borrows, so a list of `&mut` bots (of one type, or
/// `&mut dyn Bot<G>` for a mixed table) is a list of bots.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rummykit_core::{Bot, RandomBot};
/// let mut random = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(1));
/// let borrowed: &mut dyn Bot<Nim> = &mut random;
/// assert_eq!(Bot::<Nim>::name(&borrowed), "random");
/// ```
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn act(&mut self, view: &G::View) -> G::Action {
        (**self).act(view)
    }
}

/// A boxed bot plays as the bot it holds, so `Vec<Box<dyn Bot<G>>>` seats a mixed table.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rummykit_core::{Bot, RandomBot};
/// let boxed: Box<dyn Bot<Nim>> = Box::new(RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(1)));
/// assert_eq!(boxed.name(), "random");
/// ```
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn act(&mut self, view: &G::View) -> G::Action {
        (**self).act(view)
    }
}

/// A uniformly random index below `len` (`None` for 0): the same draw as
/// `rng.random_range(0..len)`, from the same values of `rng`, so a player drawing
/// through it plays the same games. A random playout draws once per action; rand's
/// sampler, called out of line there, cost about three times this inlined copy of its
/// method for lengths that fit in 32 bits (one 32-bit value multiplied by `len`, a
/// second asked only when the low half of the product is within `len` of the top, which
/// carries one into the result when the two low halves overflow). A longer length is
/// left to rand. (This is rand's default sampler; under its `unbiased` feature, which any
/// crate of a program can turn on, a rare second draw differs.)
///
/// ```
/// use rand::{RngExt, SeedableRng};
/// use rummykit_core::random_index;
/// let seed = rand_chacha::ChaCha8Rng::seed_from_u64;
/// let (mut a, mut b) = (seed(7), seed(7));
/// for len in 1..200 {
///     assert_eq!(random_index(&mut a, len), Some(b.random_range(0..len)));
/// }
/// assert_eq!(random_index(&mut a, 0), None);
/// ```
#[inline(always)]
pub fn random_index<R: Rng + ?Sized>(rng: &mut R, len: usize) -> Option<usize> {
    use rand::RngExt;
    let Ok(range) = u32::try_from(len) else {
        return Some(rng.random_range(0..len));
    };
    if range == 0 {
        return None;
    }
    let wide = u64::from(rng.next_u32()) * u64::from(range);
    #[expect(clippy::cast_possible_truncation, reason = "the two halves of the product")]
    let (mut index, low) = ((wide >> 32) as u32, wide as u32);
    if low > range.wrapping_neg() {
        let next = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        index += u32::from(low.checked_add(next).is_none());
    }
    usize::try_from(index).ok()
}

/// A player that picks a uniformly random legal action with its own generator (seed it
/// for reproducible games): the baseline of every game's tournaments, written once for
/// all of them over [`Game::random_action_from`].
///
/// # Panics
///
/// [`Bot::act`] is asked only with the view of the seat to move (the drivers never do
/// otherwise); given another seat's view, or if the game lists no action for the seat to
/// move, it panics. The latter breaks the contract of [`Game::legal_actions_from`]: no
/// game of rummykit does for a view of a game, nor for a view read through serde (the
/// card games check a view when it is read, [`HandView::check`](crate::HandView::check),
/// and refuse one no game could show or one whose seat to move they list no action
/// for), but a view built by hand may list nothing (Rummy 40 lists nothing for a hand
/// no game could hold).
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Game, RandomBot, Seating, play_hand};
/// // Two hands of the toy Nim between random players seeded alike: the same game.
/// let hand = || -> Result<Vec<u8>, Box<dyn std::error::Error>> {
///     let mut game = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut ChaCha8Rng::seed_from_u64(0))?;
///     let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
///     let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
///     let (_, actions) = play_hand(&mut game, &mut [&mut a, &mut b], 100)?;
///     Ok(actions)
/// };
/// let actions = hand()?;
/// assert_eq!(actions, hand()?);
/// assert_eq!(actions.iter().map(|&t| u32::from(t)).sum::<u32>(), 7); // every counter taken
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: Rng> RandomBot<R> {
    /// A random player drawing from `rng`.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, Game, RandomBot, Seating};
    ///
    /// // A random player of the conformance module's toy Nim: it picks among the legal takes.
    /// let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    /// let game = Nim::deal(&(), Seating::new(2), &mut ChaCha8Rng::seed_from_u64(2))?;
    /// let take = Bot::<Nim>::act(&mut bot, &game.view(0));
    /// assert!(game.check(0, &take).is_ok());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    pub const fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<G: Game, R: Rng> Bot<G> for RandomBot<R> {
    fn name(&self) -> &str {
        "random"
    }

    /// A legal action of `view` drawn at random or, for a view that lists none (a seat
    /// not to move), the game's [`fallback_action`](Game::fallback_action).
    ///
    /// # Panics
    ///
    /// For a view that lists no action, of a game without a fallback action (every game
    /// of rummykit has one).
    fn act(&mut self, view: &G::View) -> G::Action {
        G::random_action_from(view, &mut self.rng).unwrap_or_else(|| fallback::<G>(view))
    }
}

/// [`RandomBot`]'s answer to a view that lists no action, out of its hot path (a random
/// playout draws millions of actions and never comes here).
#[cold]
#[inline(never)]
fn fallback<G: Game>(view: &G::View) -> G::Action {
    G::fallback_action(view).expect("a view that lists no action, of a game without a fallback action")
}

#[cfg(test)]
mod tests {
    use rand::{Rng, RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::random_index;

    /// The default `not_your_turn` finds the refusal when it is the error or one of its
    /// sources, and not behind `#[error(transparent)]` (which forwards the source past
    /// it), nor in an error of another reason.
    #[test]
    fn the_default_not_your_turn_reads_the_error_and_its_sources() {
        use super::{Game, NotYourTurn};
        use crate::{DealError, Outcome, ScoreOrder, Seat, Seating};

        #[derive(Debug, Clone, PartialEq, thiserror::Error)]
        enum Refused {
            #[error("refused: {0}")]
            Sourced(#[from] NotYourTurn),
            #[error(transparent)]
            Transparent(NotYourTurn),
            #[error("not a take")]
            Other,
        }

        /// A game of nothing, for its error type and the default.
        #[derive(Debug, Clone)]
        struct Idle<E>(core::marker::PhantomData<E>);
        impl<E> Game for Idle<E>
        where
            E: std::error::Error + Send + Sync + Clone + PartialEq + From<NotYourTurn> + 'static,
        {
            type Config = ();
            type Action = ();
            type View = ();
            type Error = E;
            fn score_order((): &()) -> ScoreOrder {
                ScoreOrder::HigherIsBetter
            }
            fn deal<R: rand::Rng + ?Sized>((): &(), _: Seating, _: &mut R) -> Result<Self, DealError> {
                Ok(Idle(core::marker::PhantomData))
            }
            fn seats(&self) -> usize {
                1
            }
            fn config(&self) {}
            fn to_move(&self) -> Option<Seat> {
                None
            }
            fn apply(&mut self, seat: Seat, (): ()) -> Result<(), E> {
                NotYourTurn::check(seat, None)?;
                Ok(())
            }
            fn view(&self, _: Seat) {}
            fn outcome(&self) -> Option<Outcome> {
                None
            }
        }

        let refusal = NotYourTurn { seat: 1, to_move: 0 };
        assert_eq!(Idle::<NotYourTurn>::not_your_turn(&refusal), Some(refusal));
        assert_eq!(Idle::<Refused>::not_your_turn(&Refused::Sourced(refusal)), Some(refusal));
        assert_eq!(Idle::<Refused>::not_your_turn(&Refused::Transparent(refusal)), None);
        assert_eq!(Idle::<Refused>::not_your_turn(&Refused::Other), None);
    }

    /// `random_index` draws what `random_range` draws, from the same stream: short
    /// lists, lengths whose product often needs the second value (close to `u32::MAX`),
    /// and lengths past 32 bits, each followed by one more value to see the streams
    /// still agree.
    #[test]
    fn random_index_is_random_range_on_the_same_stream() {
        let mut lengths: Vec<usize> = (1..=300).collect();
        lengths.extend([1 << 31, (1 << 31) + 1, 3_000_000_000, 4_000_000_000, u32::MAX as usize - 1]);
        lengths.extend([u32::MAX as usize, u32::MAX as usize + 1, 1 << 40, usize::MAX]);
        let mut second_draws = 0;
        for seed in 0..40 {
            let (mut ours, mut theirs) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
            for &len in &lengths {
                let before = ours.clone();
                assert_eq!(
                    random_index(&mut ours, len),
                    Some(theirs.random_range(0..len)),
                    "seed {seed}, {len}"
                );
                let mut once = before;
                once.next_u32();
                second_draws +=
                    usize::from(len <= u32::MAX as usize && once.next_u32() != ours.clone().next_u32());
                assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed}, after {len}");
            }
            assert_eq!(random_index(&mut ours, 0), None);
            assert_eq!(ours.next_u32(), theirs.next_u32(), "nothing drawn for no length");
        }
        assert!(second_draws > 100, "{second_draws} draws took a second value");
    }

    /// A list's pick by `random_index` is `choose`'s, from the same stream, so a game
    /// that draws without building its list picks what the default draws from the list.
    #[test]
    fn random_index_picks_what_choose_picks() {
        use rand::seq::IndexedRandom;
        for seed in 0..20 {
            let (mut ours, mut theirs) = (ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed));
            for len in 0..500usize {
                let list: Vec<usize> = (0..len).collect();
                assert_eq!(random_index(&mut ours, len).map(|i| list[i]), list.choose(&mut theirs).copied());
            }
            assert_eq!(ours.next_u32(), theirs.next_u32(), "seed {seed}");
        }
    }
}
