//! [`Setup`]: any position of a hand of classic Rummy as plain data, the builder of
//! scripted positions and the body of a save. Its shared part is checked by core's
//! [`CardSetup`].

use rummykit_core::{Card, CardSetup, Outcome, Seat, SetupMeld};

use crate::Phase;
use crate::turn::DECK;

/// Any position of a hand (`RULES.md` §2), as plain data: hands, stock, discard pile,
/// table melds with their owners, who has melded before, the seat to move and its phase,
/// the card taken this turn. [`ClassicRummy::from_setup`](crate::ClassicRummy::from_setup)
/// checks it (with exactly the checks a save is read with);
/// [`ClassicRummy::setup`](crate::ClassicRummy::setup) gives it back.
///
/// One deck, so a card's face is its identity: every list names cards in notation.
/// Only the cards are needed; every other field has a default describing a hand that
/// starts here ([`Setup::new`]): dealer 0, the seat after the dealer to move, in the
/// draw phase, nothing taken or melded this turn, nobody has melded before, no cards
/// known, no restock yet, shuffle seed 0, the hand is on, and `dealt: None` (counted
/// from the position).
///
/// ```
/// use rummykit_classic::{Action, ClassicRummy, Config, Phase, Setup, SetupMeld};
/// use rummykit_classic::rummykit_core::{Game, MatchEnd, MeldKind, parse_list};
///
/// // Seat 1 laid 7h 8h 9h down in an earlier turn; seat 0 has drawn and may lay off 6h.
/// let mut setup = Setup::new(vec![parse_list("6h Kc Qd 2s")?, parse_list("3c 4d")?]);
/// setup.table = vec![SetupMeld::new(1, MeldKind::Run, parse_list("7h 8h 9h")?)];
/// setup.played_before = vec![false, true];
/// setup.dealer = 1;
/// setup.phase = Phase::Play;
/// setup.discard = parse_list("Ts")?;
/// setup.fill_stock();
/// let config = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
/// let hand = ClassicRummy::from_setup(&config, setup).expect("a valid position");
/// assert_eq!((hand.to_move(), hand.phase()), (Some(0), Phase::Play));
/// assert_eq!(hand.has_played_before(1), Some(true));
/// assert_eq!(ClassicRummy::from_setup(&config, hand.setup()), Ok(hand));
/// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Setup {
    /// The dealer (default 0).
    pub dealer: Seat,
    /// Every seat's hand (any sizes; order does not matter).
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_lists"))]
    pub hands: Vec<Vec<Card>>,
    /// The stock, the next card drawn first.
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_list"))]
    pub stock: Vec<Card>,
    /// The discard pile, bottom first: the last card is the top (as
    /// [`View::discard_pile`](crate::View) shows it).
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_list"))]
    pub discard: Vec<Card>,
    /// Times the discard pile was turned over into the stock (default 0).
    pub restocks: u32,
    /// The seed of a shuffled restock (default 0).
    pub shuffle_seed: u64,
    /// The melds on the table, in the order they were laid down.
    pub table: Vec<SetupMeld>,
    /// The seat to move; `None` (the default): the seat after the dealer.
    pub to_move: Option<Seat>,
    /// The phase of the turn (default [`Phase::Draw`]).
    pub phase: Phase,
    /// The card the mover took from the discard pile this turn (play phase only).
    pub taken: Option<Card>,
    /// Melds the mover has laid down this turn (default 0).
    pub melds_this_turn: u32,
    /// Per seat: has melded or laid off in an earlier turn (a rummy needs none, §2.6).
    /// Empty (the default): nobody but what the table shows: a seat that owns a meld
    /// laid down before this turn (for the mover, one more than `melds_this_turn`) has
    /// melded before whatever this says.
    pub played_before: Vec<bool>,
    /// The mover has melded or laid off this turn (default no; a meld counted in
    /// `melds_this_turn` is play this turn whatever this says).
    pub played_this_turn: bool,
    /// Per seat: the cards it took from the discard pile, or drew from a stock turned
    /// over unshuffled, and still holds (public knowledge). Empty (the default): none.
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_lists"))]
    pub known: Vec<Vec<Card>>,
    /// The result, exactly when the phase is [`Phase::Over`].
    pub outcome: Option<Outcome>,
    /// The hand was won by a rummy (default no).
    pub rummy: bool,
    /// Cards dealt to the hands. `None` (the default): what the hands and the table
    /// hold, less the card drawn in the play phase; given, it must fit that count.
    pub dealt: Option<usize>,
}

impl Default for Setup {
    fn default() -> Setup {
        Setup {
            dealer: 0,
            hands: Vec::new(),
            stock: Vec::new(),
            discard: Vec::new(),
            restocks: 0,
            shuffle_seed: 0,
            table: Vec::new(),
            to_move: None,
            phase: Phase::Draw,
            taken: None,
            melds_this_turn: 0,
            played_before: Vec::new(),
            played_this_turn: false,
            known: Vec::new(),
            outcome: None,
            rummy: false,
            dealt: None,
        }
    }
}

impl Setup {
    /// Hands only, every other field at its default (see [`Setup`]).
    ///
    /// ```
    /// use rummykit_classic::{ClassicRummy, Config, Setup};
    /// use rummykit_classic::rummykit_core::{Game, parse_list};
    ///
    /// // A scripted position: seat 1 holds a run and is to draw; the rest of the deck is the stock.
    /// let mut setup = Setup::new(vec![parse_list("Ac 2d 9s")?, parse_list("5h 6h 7h")?]);
    /// setup.to_move = Some(1);
    /// setup.discard = parse_list("Kc")?;
    /// setup.fill_stock();
    /// let game = ClassicRummy::from_setup(&Config::STANDARD, setup)?;
    /// assert_eq!((game.to_move(), game.hand(1).unwrap().len()), (Some(1), 3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(hands: Vec<Vec<Card>>) -> Setup {
        Setup { hands, ..Setup::default() }
    }

    /// Appends to the stock every card of the deck not yet in a hand, the stock, the
    /// discard pile or on the table, in face order (drawn after the cards already
    /// listed).
    ///
    /// ```
    /// use rummykit_classic::Setup;
    /// use rummykit_classic::rummykit_core::parse_list;
    /// let mut setup = Setup::new(vec![parse_list("Ac")?, parse_list("Kd")?]);
    /// setup.stock = parse_list("5h")?;
    /// setup.fill_stock();
    /// assert_eq!(setup.stock.len(), 50);
    /// assert_eq!(setup.stock[0].to_string(), "5h");
    /// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
    /// ```
    pub fn fill_stock(&mut self) {
        let unplaced = self.cards().unplaced(&DECK);
        self.stock.extend(unplaced);
    }

    /// The fields every card game's setup shares, for core's shared checks.
    pub(crate) fn cards(&self) -> CardSetup<'_> {
        CardSetup {
            dealer: self.dealer,
            hands: &self.hands,
            stock: &self.stock,
            discard: &self.discard,
            table: &self.table,
            to_move: self.to_move,
            phase: self.phase,
            taken: self.taken,
            known: &self.known,
            restocks: self.restocks,
        }
    }
}
