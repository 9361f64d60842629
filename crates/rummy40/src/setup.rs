//! [`Setup`]: any position of a hand of Rummy 40 as plain data, the builder of scripted
//! positions and the body of a save. Its shared part is checked by core's
//! [`CardSetup`].

use rummykit_core::{Card, CardSetup, Catalog, Seat, SetupMeld};

use crate::Phase;

/// Any position of a hand (`RULES.md` §3), as plain data: hands, stock, discard pile,
/// table melds with their owners, who has opened, the seat to move and its phase, and
/// what happened this turn. [`Rummy40::from_setup`](crate::Rummy40::from_setup) checks
/// it (with exactly the checks a save is read with);
/// [`Rummy40::setup`](crate::Rummy40::setup) gives it back.
///
/// Two decks and their jokers: the two copies of a card are interchangeable for every
/// rule (`RULES.md` §3.1, "the discard just taken, or its twin"), so every list names
/// cards by face, in notation. `from_setup` gives each card the first copy of its face
/// not yet placed, in a fixed order: the hands by seat, the table melds, the discard
/// pile from the bottom, the stock from the next card drawn. A dealt hand is numbered
/// the same way, so a deal read back from its setup is the same game, copy for copy. A
/// save of a hand (feature `serde`) also writes which copy each card is, so it reads
/// back as the same game at any point of play.
///
/// Only the cards are needed; every other field has a default describing a hand that
/// starts here ([`Setup::new`]): dealer 0, the seat after the dealer to move, in the
/// draw phase, the owners of table melds opened, nothing taken or won this turn, no
/// cards known, no restock yet, shuffle seed 0, the hand on, and the counters
/// (`opened_before`, `penalties`, `dealt`) derived from the position.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Game, MeldKind, parse_list};
/// use rummykit_rummy40::{Action, Config, Phase, Rummy40, Setup, SetupMeld};
///
/// // Seat 1 opened with a run; seat 0 has drawn and may build Jh onto it.
/// let mut setup = Setup::new(vec![parse_list("Jh 2c 2d 5s")?, parse_list("3c 4d Kd")?]);
/// setup.table = vec![SetupMeld::new(1, MeldKind::Run, parse_list("8h 9h Th")?)];
/// setup.dealer = 1;
/// setup.phase = Phase::Play;
/// setup.discard = parse_list("Qs")?;
/// setup.fill_stock();
/// let hand = Rummy40::from_setup(&Config::RUMMY40, setup).expect("a valid position");
/// assert_eq!((hand.to_move(), hand.phase()), (Some(0), Phase::Play));
/// assert_eq!((hand.has_opened(1), hand.has_opened(0)), (Some(true), Some(false)));
/// assert_eq!(Rummy40::from_setup(&Config::RUMMY40, hand.setup()), Ok(hand));
/// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Setup {
    /// The dealer (default 0).
    pub dealer: Seat,
    /// Every seat's hand (order does not matter).
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
    /// Per seat: has opened (`RULES.md` §3.4). Empty (the default): the seats that own
    /// a meld on the table.
    pub opened: Vec<bool>,
    /// The seat to move; `None` (the default): the seat after the dealer.
    pub to_move: Option<Seat>,
    /// The phase of the turn (default [`Phase::Draw`]).
    pub phase: Phase,
    /// The mover had opened before this turn (going out otherwise is going rummy,
    /// `RULES.md` §3.7). `None` (the default): whether the mover has opened.
    pub opened_before: Option<bool>,
    /// The card the mover took from the discard pile this turn (play phase only; in the
    /// mover's hand or on the table).
    pub taken: Option<Card>,
    /// Jokers the mover won by a swap this turn (default 0): the mover's jokers in hand
    /// count first, then those on the table in table order.
    pub won_jokers: u8,
    /// Per seat: the cards it took from the discard pile and still holds (public
    /// knowledge). Empty (the default): none.
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_lists"))]
    pub known: Vec<Vec<Card>>,
    /// The seat that went out, once the hand is over (`None`: on, or void).
    pub winner: Option<Seat>,
    /// The winner went rummy (default no).
    pub rummy: bool,
    /// The penalties by seat once the hand is over. `None` (the default): scored from
    /// the hands; given, they must be that score.
    pub penalties: Option<Vec<u32>>,
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
            opened: Vec::new(),
            to_move: None,
            phase: Phase::Draw,
            opened_before: None,
            taken: None,
            won_jokers: 0,
            known: Vec::new(),
            winner: None,
            rummy: false,
            penalties: None,
            dealt: None,
        }
    }
}

impl Setup {
    /// Hands only, every other field at its default (see [`Setup`]).
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Game, parse_list};
    /// use rummykit_rummy40::{Config, Phase, Rummy40, Setup};
    ///
    /// let mut setup = Setup::new(vec![parse_list("Ac 2c")?, parse_list("Kd Kh *")?, parse_list("7s")?]);
    /// assert_eq!((setup.dealer, setup.to_move, setup.phase), (0, None, Phase::Draw));
    /// setup.fill_stock();
    /// let game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// // Dealer 0, so seat 1 draws first; nobody has opened.
    /// assert_eq!((game.dealer(), game.to_move()), (0, Some(1)));
    /// assert!((0..3).all(|seat| game.has_opened(seat) == Some(false)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(hands: Vec<Vec<Card>>) -> Setup {
        Setup { hands, ..Setup::default() }
    }

    /// Appends to the stock every card of the standard pack (two decks and two jokers,
    /// [`Config::RUMMY40`](crate::Config::RUMMY40)) not yet in a hand, the stock, the
    /// discard pile or on the table, in face order (drawn after the cards already
    /// listed). For another number of jokers, [`Setup::fill_stock_from`].
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::parse_list;
    /// use rummykit_rummy40::Setup;
    /// let mut setup = Setup::new(vec![parse_list("Ac Ac")?, parse_list("Kd *")?]);
    /// setup.stock = parse_list("5h")?;
    /// setup.fill_stock();
    /// assert_eq!(setup.stock.len(), 106 - 4);
    /// assert_eq!(setup.stock[0].to_string(), "5h");
    /// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
    /// ```
    pub fn fill_stock(&mut self) {
        self.fill_stock_from(&crate::RUMMY40_PACK);
    }

    /// [`Setup::fill_stock`] for the pack `catalog` (see
    /// [`Config::catalog`](crate::Config::catalog)). A face listed more often than the
    /// pack holds it adds nothing (`from_setup` refuses it).
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::parse_list;
    /// use rummykit_rummy40::{Config, Setup};
    /// let mut config = Config::RUMMY40;
    /// config.jokers = 4;
    /// let mut setup = Setup::new(vec![parse_list("*")?, parse_list("Kd")?]);
    /// setup.fill_stock_from(&config.catalog()?);
    /// assert_eq!(setup.stock.len(), 108 - 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill_stock_from(&mut self, catalog: &Catalog<Card>) {
        let unplaced = self.cards().unplaced(catalog);
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
