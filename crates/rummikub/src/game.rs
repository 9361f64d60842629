//! [`Rummikub`]: the state of one game and the turn flow of RULES.md §1.3.

use rand::Rng;
use rand::seq::SliceRandom;
use rummykit_core::{
    DealError, Game, Meld, NotYourTurn, Outcome, PositionError, ScoreOrder, Seat, Seating, Tile,
};

use crate::solver::{Objective, Solution, SolveError, Solver};
use crate::{
    ActionError, Config, GameEnd, PlayInfo, PoolEmptyEnd, TileCounts, TileSet, Timer, View, check_play,
    score_pool_empty, score_went_out,
};

/// What the player to move does (RULES.md §1.3). A turn is one action.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Action, Config, Rummikub};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(6);
/// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
/// let first = game.to_move().expect("the game is on");
/// let rack = game.rack(first).map(|r| r.len());
/// game.apply(first, Action::Draw)?;
/// assert_eq!(game.rack(first).map(|r| r.len()), rack.map(|n| n + 1));
/// // Passing is only for an empty pool.
/// assert!(game.check(game.to_move().unwrap(), &Action::Pass).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Action {
    /// Commit a new table: the **whole** table after the turn, as validated melds.
    /// Checked by [`check_play`].
    Play {
        /// Every meld of the table after the play.
        table: Vec<Meld<Tile>>,
    },
    /// Draw one tile from the pool (only with nothing changed; the turn ends).
    Draw,
    /// Do nothing (only when the pool is empty, §1.7).
    Pass,
    /// The caller's turn timer ran out (§1.9; needs [`Config::timer`]): the table is
    /// restored (nothing was committed) and the player draws
    /// [`Config::timeout_penalty_pending`] tiles if changes were pending, else
    /// [`Config::timeout_penalty_idle`].
    Timeout {
        /// Whether the player had tentative changes (see [`Staging`](crate::Staging)).
        pending_changes: bool,
    },
    /// The player gives up a manipulation (§1.9; needs [`Config::abandon_penalty`]):
    /// restore and draw [`Config::timeout_penalty_pending`] tiles.
    Abandon,
}

/// Any position of a game, as plain data: the builder of scripted positions (tests,
/// puzzles, tutorials) and the body of a save. [`Rummikub::from_setup`] checks it;
/// [`Rummikub::setup`] gives it back (`from_setup(game.config(), game.setup())` is the game).
///
/// Only the pieces are needed; the counters have defaults that describe a game that
/// starts here: no turn played yet (`turn` 0), the seat to move is the starter
/// (`starter: None`), no quiet turns, nobody has played, the game is on, no tile drawn,
/// and every tile outside the pool was dealt (`dealt: None`).
///
/// ```
/// use rummykit_rummikub::{Config, Rummikub, Setup, TileSet};
/// use rummykit_rummikub::rummykit_core::{Game, Meld, MeldKind, MeldRules, parse_list};
///
/// // Mid-game: a run on the table, seat 0 has opened, seat 1 to move after 5 turns.
/// let run = Meld::new(MeldKind::Run, &parse_list("b7 b8 b9")?, &rummykit_rummikub::MELD_RULES).unwrap();
/// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
/// setup.table = vec![run];
/// setup.opened = vec![true, false];
/// setup.to_move = 1;
/// setup.turn = 5;
/// setup.pool = parse_list("y5 y6")?; // drawn first, then the rest
/// setup.fill_pool(TileSet::Standard106);
/// let game = Rummikub::from_setup(&Config::STANDARD, setup).expect("valid");
/// assert_eq!(game.pool_len(), 106 - 9);
/// assert_eq!(game.to_move(), Some(1));
/// assert_eq!(game.starter(), 0); // five turns from seat 0 reach seat 1
/// assert_eq!(Rummikub::from_setup(&Config::STANDARD, game.setup()), Ok(game));
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(default, deny_unknown_fields))]
pub struct Setup {
    /// Every seat's rack (any sizes, but empty only in a game that is over: emptying it
    /// goes out, §1.7).
    pub racks: Vec<TileCounts>,
    /// The pool, the next tile to draw first.
    #[cfg_attr(feature = "serde", serde(with = "rummykit_core::notation_list"))]
    pub pool: Vec<Tile>,
    /// The table.
    pub table: Vec<Meld<Tile>>,
    /// Who has made the initial meld; empty means nobody.
    pub opened: Vec<bool>,
    /// The seat to move.
    pub to_move: Seat,
    /// The seat that played first; `None` (the default): the seat that `turn` turns
    /// round the table end at `to_move`, so `to_move` itself when `turn` is 0.
    pub starter: Option<Seat>,
    /// Turns played so far (default 0).
    pub turn: u32,
    /// Turns taken in a row with an empty pool (§1.7; default 0).
    pub quiet_turns: usize,
    /// The last seat that made a play (default none).
    pub last_player: Option<Seat>,
    /// How the game ended (default: it is on).
    pub end: Option<GameEnd>,
    /// Tiles drawn from the pool so far (default 0).
    pub drawn: u32,
    /// Tiles outside the pool at the deal; `None` (the default): all tiles outside the
    /// pool now but the `drawn` ones. Given, it must agree with that count.
    pub dealt: Option<u32>,
}

impl Setup {
    /// Racks only: empty pool and table, nobody opened, seat 0 to move, the default
    /// counters.
    ///
    /// ```
    /// use rummykit_rummikub::Setup;
    /// let setup = Setup::new(vec!["r1 r2 r3".parse()?, "k13 J".parse()?]);
    /// assert_eq!(setup.racks[1].len(), 2);
    /// assert!(setup.pool.is_empty() && setup.table.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(racks: Vec<TileCounts>) -> Setup {
        Setup { racks, ..Setup::default() }
    }

    /// Appends to the pool every tile of `tile_set` not yet on a rack, the table or the
    /// pool, in face order (the fill comes after the tiles already listed).
    ///
    /// ```
    /// use rummykit_rummikub::{Setup, TileSet};
    /// let mut setup = Setup::new(vec!["r1 r2 r3".parse()?, "k13 J".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// assert_eq!(setup.pool.len(), 106 - 5); // every other tile of the box
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill_pool(&mut self, tile_set: TileSet) {
        let left = TileCounts::full(&tile_set.catalog()).saturating_sub(&self.placed());
        self.pool.extend(left.iter());
    }

    fn placed(&self) -> TileCounts {
        let mut all = TileCounts::of_melds(&self.table);
        self.racks.iter().for_each(|r| all.add_all(r));
        all.extend(self.pool.iter().copied());
        all
    }
}

/// One game of Rummikub: the referee's full state.
///
/// Faces, not identities: tiles of one face are interchangeable, so racks are
/// [`TileCounts`], the table is a list of [`Meld`]s, the pool a list in draw order.
/// `apply` is a pure function of the state; a refused action leaves it unchanged.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Action, Config, Rummikub};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(4), &mut rng).unwrap();
/// assert_eq!(game.pool_len(), 106 - 4 * 14);
/// let seat = game.to_move().unwrap();
/// game.apply(seat, Action::Draw).unwrap();
/// assert_eq!(game.rack(seat).unwrap().len(), 15);
/// assert_eq!(game.to_move(), Some((seat + 1) % 4));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Rummikub {
    pub(crate) config: Config,
    pub(crate) racks: Vec<TileCounts>,
    /// The pool, the next tile to draw **last** (popped).
    pub(crate) pool: Vec<Tile>,
    pub(crate) table: Vec<Meld<Tile>>,
    pub(crate) opened: Vec<bool>,
    pub(crate) to_move: Seat,
    pub(crate) starter: Seat,
    pub(crate) turn: u32,
    /// Turns started with an empty pool (without a play in between for `AllPassOnce`).
    pub(crate) quiet_turns: usize,
    pub(crate) last_player: Option<Seat>,
    pub(crate) end: Option<GameEnd>,
    /// Tiles outside the pool when the game was dealt, and tiles drawn since: a save
    /// whose racks and pool disagree with this tally was edited (no turn moves tiles
    /// from the pool but a draw).
    pub(crate) dealt: u32,
    pub(crate) drawn: u32,
}

impl Rummikub {
    /// The game at the position `setup` describes (RULES.md §1.2 skipped), after every
    /// check a save is read with: the rules, the seats named, the melds, the box's
    /// tiles exactly once, and counters that a real game can reach.
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`], [`DealError::InvalidConfig`] or
    /// [`DealError::OptionTooLarge`] from [`Config::validate`];
    /// [`DealError::InvalidDeal`] with the [`PositionError`]: a seat that does not exist
    /// ([`NoSuchSeat`](PositionError::NoSuchSeat)), `opened` of the wrong length
    /// ([`SeatLists`](PositionError::SeatLists)), an invalid table meld
    /// ([`InvalidMeld`](PositionError::InvalidMeld)), a tile too often
    /// ([`TooManyCopies`](PositionError::TooManyCopies)) or the wrong number of tiles
    /// ([`PieceCount`](PositionError::PieceCount)), a counter past what a game reaches
    /// ([`OutOfRange`](PositionError::OutOfRange)), or counters that contradict the
    /// position ([`Inconsistent`](PositionError::Inconsistent)), such as a game still on
    /// with an empty rack or a full round of quiet turns (either ends a game, §1.7).
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{DealError, Game, PositionError};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, TileSet};
    ///
    /// // An endgame to study: seat 0 to move with a run on its rack.
    /// let mut setup = Setup::new(vec!["r1 r2 r3".parse()?, "k13 J".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let game = Rummikub::from_setup(&Config::STANDARD, setup.clone())?;
    /// assert_eq!((game.to_move(), game.pool_len()), (Some(0), 101));
    /// // A third r1 is more than the box holds.
    /// setup.racks[1] = "k13 J r1".parse()?;
    /// let refused = Rummikub::from_setup(&Config::STANDARD, setup);
    /// let too_many = matches!(refused, Err(DealError::InvalidDeal(PositionError::TooManyCopies { .. })));
    /// assert!(too_many, "{refused:?}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(config: &Config, setup: Setup) -> Result<Rummikub, DealError> {
        let n = setup.racks.len();
        config.validate(n)?;
        let bad = |e: PositionError| Err(DealError::InvalidDeal(e));
        if setup.to_move >= n {
            return bad(PositionError::NoSuchSeat { field: "to_move", seat: setup.to_move, seats: n });
        }
        if let Some(seat) = setup.starter.filter(|&s| s >= n) {
            return bad(PositionError::NoSuchSeat { field: "starter", seat, seats: n });
        }
        if let Some(seat) = setup.last_player.filter(|&s| s >= n) {
            return bad(PositionError::NoSuchSeat { field: "last_player", seat, seats: n });
        }
        let opened = match setup.opened.len() {
            0 => vec![false; n],
            len if len == n => setup.opened.clone(),
            found => return bad(PositionError::SeatLists { field: "opened", found, seats: n }),
        };
        let placed = setup.placed();
        check_pieces(config, &setup.table, &placed, placed.len()).map_err(DealError::InvalidDeal)?;
        if setup.quiet_turns > n {
            return bad(PositionError::OutOfRange {
                field: "quiet_turns",
                value: setup.quiet_turns as u64,
                max: n as u64,
            });
        }
        if !setup.pool.is_empty() && setup.quiet_turns > 0 {
            return bad(PositionError::Inconsistent("quiet turns are counted with tiles in the pool"));
        }
        // A game ends within `pool + tiles + seats × (tiles + 1)` turns (every draw empties
        // the pool a little, every play puts a rack tile on the table for good, and with
        // an empty pool a round of passes ends it; docs/design/robustness.md), so a larger
        // turn count is no real state, and the count can never overflow once play goes on.
        let tiles = placed.len(); // the whole set, as just checked
        let longest = 2 * tiles + n.min(6) * (tiles + 1);
        if setup.turn as usize > longest {
            return bad(PositionError::OutOfRange {
                field: "turn",
                value: setup.turn.into(),
                max: longest as u64,
            });
        }
        // Turns go round one seat at a time from the starter (RULES.md §1.3); the turn
        // that ends the game does not pass the move on.
        let passed = match setup.end {
            None => setup.turn as usize,
            Some(_) if setup.turn == 0 => {
                return bad(PositionError::Inconsistent("the game is over before any turn"));
            }
            Some(_) => setup.turn as usize - 1,
        };
        let reached_from = |starter: Seat| (starter + passed % n) % n;
        let starter = setup.starter.unwrap_or((setup.to_move + n - passed % n) % n);
        if setup.to_move != reached_from(starter) {
            return bad(PositionError::Inconsistent(
                "the seat to move is not the one the turns counted from the starter reach",
            ));
        }
        // How the game stands agrees with the position (§1.7): going out empties the
        // mover's rack and only it; an emptied rack ends the game at once, and so does the
        // turn that completes a round of quiet turns on an empty pool.
        let empty = |s: Seat| setup.racks.get(s).is_some_and(TileCounts::is_empty);
        let empty_besides = |seat: Option<Seat>| (0..n).any(|s| Some(s) != seat && empty(s));
        let contradiction = match setup.end {
            None if empty_besides(None) => Some("a seat holds no tile but the game is on"),
            None if setup.quiet_turns == n => {
                Some("every seat has had a quiet turn with an empty pool but the game is on")
            }
            Some(GameEnd::WentOut { seat, .. }) if !empty(seat) => {
                Some("the seat that went out still holds tiles")
            }
            Some(GameEnd::WentOut { seat, .. }) if empty_besides(Some(seat)) => {
                Some("a seat holds no tile besides the one that went out")
            }
            Some(GameEnd::PoolEmpty) if !setup.pool.is_empty() => {
                Some("the game ended on an empty pool that is not empty")
            }
            Some(GameEnd::PoolEmpty) if setup.quiet_turns < n => {
                Some("the game ended on an empty pool before every seat had a quiet turn")
            }
            Some(GameEnd::PoolEmpty) if empty_besides(None) => {
                Some("the game ended on an empty pool but a seat holds no tile")
            }
            _ => None,
        };
        if let Some(why) = contradiction {
            return bad(PositionError::Inconsistent(why));
        }
        // A play is a turn, so none came before turn 1.
        if setup.turn == 0 && setup.last_player.is_some() {
            return bad(PositionError::Inconsistent("a seat has made a play before any turn"));
        }
        // Only draws take tiles from the pool, at most this many a turn.
        let per_turn = if config.timer != Timer::Off || config.abandon_penalty {
            u32::from(config.timeout_penalty_pending.max(config.timeout_penalty_idle).max(1))
        } else {
            1
        };
        let out_of_pool = (tiles - setup.pool.len()) as u32;
        let dealt = setup.dealt.unwrap_or(out_of_pool.saturating_sub(setup.drawn));
        if dealt.checked_add(setup.drawn) != Some(out_of_pool)
            || setup.drawn > setup.turn.saturating_mul(per_turn)
        {
            return bad(PositionError::Inconsistent(
                "the tiles out of the pool are not those dealt and drawn, or more were drawn than the turns allow",
            ));
        }
        let mut pool = setup.pool;
        pool.reverse();
        Ok(Rummikub {
            config: *config,
            racks: setup.racks,
            pool,
            table: setup.table,
            opened,
            to_move: setup.to_move,
            starter,
            turn: setup.turn,
            quiet_turns: setup.quiet_turns,
            last_player: setup.last_player,
            end: setup.end,
            dealt,
            drawn: setup.drawn,
        })
    }

    /// The position as plain data: every field given, so that
    /// [`from_setup`](Rummikub::from_setup) rebuilds exactly this game.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = rummykit_rummikub::rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut rng).unwrap();
    /// game.apply(game.to_move().unwrap(), Action::Draw).unwrap();
    /// let setup = game.setup();
    /// assert_eq!((setup.turn, setup.drawn), (1, 1));
    /// assert_eq!(Rummikub::from_setup(game.config(), setup), Ok(game));
    /// ```
    #[must_use]
    pub fn setup(&self) -> Setup {
        Setup {
            racks: self.racks.clone(),
            pool: self.pool().collect(),
            table: self.table.clone(),
            opened: self.opened.clone(),
            to_move: self.to_move,
            starter: Some(self.starter),
            turn: self.turn,
            quiet_turns: self.quiet_turns,
            last_player: self.last_player,
            end: self.end,
            drawn: self.drawn,
            dealt: Some(self.dealt),
        }
    }

    /// The rules.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.config(), &Config::STANDARD);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// A seat's rack (`None` for a seat that does not exist).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.rack(0).map(|r| r.len()), Some(14));
    /// assert!(game.rack(2).is_none()); // two seats
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rack(&self, seat: Seat) -> Option<&TileCounts> {
        self.racks.get(seat)
    }

    /// The table.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert!(game.table().is_empty()); // nothing played yet
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> &[Meld<Tile>] {
        &self.table
    }

    /// Tiles left in the pool.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.pool_len(), 106 - 2 * 14);
    /// game.apply(first, Action::Draw)?;
    /// assert_eq!(game.pool_len(), 106 - 2 * 14 - 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn pool_len(&self) -> usize {
        self.pool.len()
    }

    /// The pool in draw order (the next tile first). Hidden information: for referees,
    /// tests and replays.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// let next = game.pool().next();
    /// game.apply(first, Action::Draw)?;
    /// assert!(next.is_some_and(|tile| game.rack(first).is_some_and(|r| r.count(tile) > 0)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pool(&self) -> impl Iterator<Item = Tile> + '_ {
        self.pool.iter().rev().copied()
    }

    /// The solver's best play for `seat` (a hint), as [`View::hint`] gives it to the
    /// seat: `None` for a seat that does not exist, as [`rack`](Self::rack) answers.
    ///
    /// # Errors
    ///
    /// Inside the `Some`: [`SolveError::Unproven`] when no play is proven best under the
    /// rules in force (it still carries the best allowed play found,
    /// [`SolveError::best`]). A game's table and racks give no other error.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::solver::{Objective, Solver};
    /// use rummykit_rummikub::{Config, Rummikub};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(6))?;
    /// let mut solver = Solver::new();
    /// let hint = game.hint(0, &mut solver, Objective::Value).expect("seat 0 plays")?;
    /// // The referee's hint is the one the seat's own view gives.
    /// assert_eq!(game.view(0).hint(&mut solver, Objective::Value)?, hint);
    /// assert!(game.hint(2, &mut solver, Objective::Value).is_none()); // two seats
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hint(
        &self,
        seat: Seat,
        solver: &mut Solver,
        objective: Objective,
    ) -> Option<Result<Solution, SolveError>> {
        self.rack(seat)?;
        Some(View::of(self, seat).hint(solver, objective))
    }

    /// Whether `seat` has made the initial meld; `None` for a seat not at the table, as
    /// [`rack`](Self::rack) answers.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!((game.has_opened(0), game.has_opened(1)), (Some(false), Some(false))); // 30 points first (RULES.md §1.5)
    /// assert_eq!(game.has_opened(2), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_opened(&self, seat: Seat) -> Option<bool> {
        self.opened.get(seat).copied()
    }

    /// The seat that played first.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.starter(), first);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn starter(&self) -> Seat {
        self.starter
    }

    /// Turns played so far (every accepted action is one turn).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.turn(), 0);
    /// game.apply(first, Action::Draw)?;
    /// assert_eq!(game.turn(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// The last seat that made a play, if any.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// game.apply(first, Action::Draw)?;
    /// assert_eq!(game.last_player(), None); // a draw is not a play
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn last_player(&self) -> Option<Seat> {
        self.last_player
    }

    /// How the game ended, once it has.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(6);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let first = game.to_move().expect("the game is on");
    /// assert_eq!(game.end(), None);
    /// assert_eq!(game.outcome(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> Option<GameEnd> {
        self.end
    }

    fn draw_up_to(&mut self, seat: Seat, count: u8) {
        for _ in 0..count {
            match self.pool.pop() {
                Some(t) => {
                    self.racks[seat].add(t);
                    self.drawn += 1;
                }
                None => break, // §1.7: draw what is left
            }
        }
    }

    fn finish_turn(&mut self, played: bool, pool_was_empty: bool) {
        let n = self.racks.len();
        self.turn += 1;
        if played && self.config.pool_empty_end == PoolEmptyEnd::AllPassOnce {
            self.quiet_turns = 0;
        } else if pool_was_empty {
            self.quiet_turns += 1;
        }
        if pool_was_empty && self.quiet_turns >= n {
            self.end = Some(GameEnd::PoolEmpty);
        } else {
            self.to_move = (self.to_move + 1) % n;
        }
    }
}

/// The pieces of a position as a save or a view shows them, checked alike: every meld
/// of `table` valid under [`MELD_RULES`](crate::MELD_RULES), no tile of `shown` (the tiles
/// the reader can name) more often than `config`'s set holds it, and `found` pieces in
/// all, the whole set (a view counts the racks it cannot see and the pool by size).
pub(crate) fn check_pieces(
    config: &Config,
    table: &[Meld<Tile>],
    shown: &TileCounts,
    found: usize,
) -> Result<(), PositionError> {
    for (index, meld) in table.iter().enumerate() {
        Meld::new(meld.kind(), meld.faces(), &crate::MELD_RULES)
            .map_err(|error| PositionError::InvalidMeld { index, error })?;
    }
    let full = TileCounts::full(&config.tile_set.catalog());
    if let Some(tile) = Tile::all().find(|&t| shown.count(t) > full.count(t)) {
        return Err(PositionError::TooManyCopies { tile, max: full.count(tile).into() });
    }
    if found != full.len() {
        return Err(PositionError::PieceCount { found, expected: full.len() });
    }
    Ok(())
}

/// Draws for the first player (§1.2): highest number starts; jokers are put aside and
/// drawn again; tied players draw again until one is highest. The draw is capped at
/// 64 rounds (then the lowest tied seat starts) so a degenerate rng cannot hang it.
fn draw_for_start<R: Rng + ?Sized>(tile_set: TileSet, seats: usize, rng: &mut R) -> Seat {
    let mut deck = TileCounts::full(&tile_set.catalog()).to_vec();
    deck.shuffle(rng);
    let mut next = 0;
    let mut contenders: Vec<Seat> = (0..seats).collect();
    for _ in 0..64 {
        let mut best = 0;
        let mut winners = Vec::new();
        for &seat in &contenders {
            let number = loop {
                if next == deck.len() {
                    deck.shuffle(rng);
                    next = 0;
                }
                let tile = deck[next];
                next += 1;
                if let Some(n) = tile.number() {
                    break n;
                }
            };
            if number > best {
                best = number;
                winners.clear();
            }
            if number == best {
                winners.push(seat);
            }
        }
        contenders = winners;
        if contenders.len() == 1 {
            break;
        }
    }
    contenders[0]
}

impl Rummikub {
    /// The checks of [`Game::apply`], without a change: the play's [`PlayInfo`] for a
    /// play, `None` for the other actions.
    fn verify(&self, seat: Seat, action: &Action) -> Result<Option<PlayInfo>, ActionError> {
        if self.end.is_some() {
            return Err(ActionError::GameOver);
        }
        NotYourTurn::check(seat, Some(self.to_move))?;
        match action {
            Action::Play { table } => {
                let (Some(rack), Some(&opened)) = (self.racks.get(seat), self.opened.get(seat)) else {
                    return Err(NotYourTurn { seat, to_move: self.to_move }.into());
                };
                Ok(Some(check_play(&self.config, &self.table, rack, opened, table)?))
            }
            Action::Draw if self.pool.is_empty() => Err(ActionError::PoolEmpty),
            Action::Pass if !self.pool.is_empty() => {
                Err(ActionError::PassWithPoolNonEmpty { pool: self.pool.len() })
            }
            Action::Timeout { .. } if self.config.timer == Timer::Off => {
                Err(ActionError::OptionOff { option: "timer" })
            }
            Action::Abandon if !self.config.abandon_penalty => {
                Err(ActionError::OptionOff { option: "abandon_penalty" })
            }
            _ => Ok(None),
        }
    }
}

/// Positions written as a [`Setup`]: see [`Rummikub::from_setup`].
impl rummykit_core::FromSetup for Rummikub {
    type Setup = Setup;

    fn setup(&self) -> Setup {
        Rummikub::setup(self)
    }

    fn from_setup(config: &Config, setup: Setup) -> Result<Rummikub, DealError> {
        Rummikub::from_setup(config, setup)
    }
}

/// The racks of the other seats and the pool dealt anew at random from the tiles among
/// them: every rack keeps its size, the pool its length, and the table, the counters and
/// `seat`'s rack stay, so `seat`'s view is unchanged. (No tile of another rack is ever
/// shown: no tile goes from the table back to a rack, RULES.md §1.3.)
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Redeal, Seating};
/// use rummykit_rummikub::{Config, Rummikub};
///
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(2))?;
/// let other = game.redeal(0, &mut ChaCha8Rng::seed_from_u64(3));
/// assert_eq!(other.view(0), game.view(0));
/// assert_ne!(other.rack(1), game.rack(1)); // seat 1's tiles were dealt anew
/// assert_eq!(other.rack(1).map(|r| r.len()), Some(14));
/// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
/// ```
impl rummykit_core::Redeal for Rummikub {
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Rummikub {
        let mut hidden = self.pool.clone();
        for (s, rack) in self.racks.iter().enumerate() {
            if s != seat {
                hidden.extend(rack.iter());
            }
        }
        hidden.shuffle(rng);
        let mut game = self.clone();
        for (s, rack) in game.racks.iter_mut().enumerate() {
            if s != seat {
                let len = rack.len();
                *rack = hidden.drain(..len).collect();
            }
        }
        game.pool = hidden;
        game
    }
}

impl Game for Rummikub {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Error = ActionError;

    fn score_order(_: &Self::Config) -> ScoreOrder {
        ScoreOrder::HigherIsBetter
    }

    /// Deals a game (§1.2): the first player by `seating.dealer` (the seat after it
    /// starts) or, with no dealer, by the highest-tile draw; then a fresh shuffle and
    /// [`Config::rack_size`] tiles to each seat in order, the rest is the pool.
    fn deal<R: Rng + ?Sized>(config: &Config, seating: Seating, rng: &mut R) -> Result<Rummikub, DealError> {
        config.check_seating(seating)?;
        let n = seating.seats;
        let starter = match seating.first_to_play() {
            Some(s) => s,
            None => draw_for_start(config.tile_set, n, rng),
        };
        let mut tiles = TileCounts::full(&config.tile_set.catalog()).to_vec();
        tiles.shuffle(rng);
        let size = config.rack_size as usize;
        let racks = (0..n).map(|s| tiles[s * size..(s + 1) * size].iter().copied().collect()).collect();
        let mut pool = tiles.split_off(n * size);
        pool.reverse();
        let dealt = (n * size) as u32;
        Ok(Rummikub {
            config: *config,
            racks,
            pool,
            table: Vec::new(),
            opened: vec![false; n],
            to_move: starter,
            starter,
            turn: 0,
            quiet_turns: 0,
            last_player: None,
            end: None,
            dealt,
            drawn: 0,
        })
    }

    /// Two to four players with 106 tiles, to six with 160 (§1.1).
    fn seat_range(config: &Config) -> core::ops::RangeInclusive<usize> {
        2..=config.tile_set.max_players()
    }

    /// A session of one game per player, ended and ranked by
    /// [`Config::session_ranking`](crate::Config::session_ranking) (§1.2 step 5, §1.8;
    /// see [`session_terms`](crate::session_terms)).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rummykit_core::{Game, Match, MatchEnd, Ranking};
    /// use rummykit_rummikub::{Config, Rummikub};
    ///
    /// let config = Config::STANDARD;
    /// let terms = Rummikub::default_terms(&config, 3);
    /// assert_eq!((terms.end, terms.ranking), (MatchEnd::FixedHands(3), Ranking::Total));
    /// // The "dealer" is the seat before the starter: seat 1 starts the first game.
    /// let mut s = Match::<Rummikub>::new(config, terms.with_first_dealer(0)).unwrap();
    /// let game = s.next_hand(&mut rummykit_rummikub::rand_chacha::ChaCha8Rng::seed_from_u64(1)).unwrap();
    /// assert_eq!(game.to_move(), Some(1));
    /// ```
    fn default_terms(config: &Config, seats: usize) -> rummykit_core::MatchTerms {
        crate::session::default_session(config, seats)
    }

    fn seats(&self) -> usize {
        self.racks.len()
    }

    fn to_move(&self) -> Option<Seat> {
        self.end.is_none().then_some(self.to_move)
    }

    /// No seat deals in Rummikub: the seat before the starter, as [`Seating`] counts a
    /// dealer, so that a match's rotation reads the same from every game.
    fn dealt_by(&self) -> Option<Seat> {
        let n = self.racks.len();
        (n > 0).then(|| (self.starter + n - 1) % n)
    }

    fn config(&self) -> Config {
        self.config
    }

    /// [`ActionError::NotYourTurn`]; `None` for every other refusal, among them
    /// [`ActionError::GameOver`], the refusal of every seat once the game is over.
    fn not_your_turn(error: &ActionError) -> Option<NotYourTurn> {
        match error {
            ActionError::NotYourTurn(refusal) => Some(*refusal),
            _ => None,
        }
    }

    /// `Ok` exactly when [`apply`](Game::apply) would accept `action` for `seat`: the
    /// commit check of a play ([`check_play`]) and the conditions of the other actions,
    /// on the state as it is.
    fn check(&self, seat: Seat, action: &Action) -> Result<(), ActionError> {
        self.verify(seat, action).map(|_| ())
    }

    /// Plays `action` for `seat`.
    ///
    /// # Errors
    ///
    /// [`ActionError::GameOver`], [`ActionError::NotYourTurn`] for a seat not to move,
    /// or the rule the action breaks; the game is then unchanged.
    fn apply(&mut self, seat: Seat, action: Action) -> Result<(), ActionError> {
        let info = self.verify(seat, &action)?;
        let pool_was_empty = self.pool.is_empty();
        match action {
            Action::Play { table } => {
                let Some(info) = info else { return Ok(()) };
                if let Some(rest) = self.racks[seat].checked_sub(&info.played) {
                    self.racks[seat] = rest;
                }
                self.table = table;
                if info.initial_meld.is_some() {
                    self.opened[seat] = true;
                }
                self.last_player = Some(seat);
                if info.goes_out {
                    self.turn += 1;
                    self.end = Some(GameEnd::WentOut { seat, hand_rummy: info.hand_rummy });
                    return Ok(());
                }
                self.finish_turn(true, pool_was_empty);
            }
            Action::Draw => {
                let Some(tile) = self.pool.pop() else { return Ok(()) };
                self.racks[seat].add(tile);
                self.drawn += 1;
                self.finish_turn(false, false);
            }
            Action::Pass => self.finish_turn(false, true),
            Action::Timeout { pending_changes } => {
                let count = if pending_changes {
                    self.config.timeout_penalty_pending
                } else {
                    self.config.timeout_penalty_idle
                };
                self.draw_up_to(seat, count);
                self.finish_turn(false, pool_was_empty);
            }
            Action::Abandon => {
                self.draw_up_to(seat, self.config.timeout_penalty_pending);
                self.finish_turn(false, pool_was_empty);
            }
        }
        Ok(())
    }

    /// Draw or pass, and the plays that add one meld or one tile: see
    /// [`View::legal_actions`]. Not every legal play (the rearrangements are too many to
    /// list).
    fn legal_actions_from(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    /// A draw, or a pass with the pool empty (§1.3), as the greedy bot falls back to.
    fn fallback_action(view: &View) -> Option<Action> {
        Some(crate::bots::draw_or_pass(view))
    }

    /// What `seat` sees (§ views): its own rack, the table, counts. A seat that does not
    /// exist sees an empty rack.
    fn view(&self, seat: Seat) -> View {
        View::of(self, seat)
    }

    /// [`Action::describe`]: the action in tile notation.
    fn describe(view: &View, action: &Action) -> rummykit_core::Description {
        action.describe(view)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.end? {
            GameEnd::WentOut { seat, hand_rummy } => Some(Outcome {
                points: score_went_out(&self.config, seat, &self.racks, &self.opened, hand_rummy)?,
                winners: vec![seat],
            }),
            GameEnd::PoolEmpty => {
                let n = self.racks.len();
                let first = self.last_player.map_or(self.starter, |s| (s + 1) % n);
                let (points, winners) = score_pool_empty(&self.config, &self.racks, &self.opened, first)?;
                Some(Outcome { points, winners })
            }
        }
    }
}
