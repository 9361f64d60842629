//! [`Staging`]: tentative moves for a UI or a person at a terminal (RULES.md §1.3
//! "Working" state), committed as one [`Action::Play`].

use rummykit_core::{Game, Meld, MeldError, MeldKind, Seat, Tile};

use crate::check::same_meld;
use crate::{
    Action, ActionError, Config, PlayError, PlayInfo, Rummikub, StagingError, TileCounts, check_play,
};

/// A meld being built: its tiles in order and, optionally, its declared kind (without
/// one, the kind is inferred at commit, a run first).
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
/// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
///
/// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
/// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
/// setup.fill_pool(TileSet::Standard106);
/// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
/// let mut turn = Staging::new(&game)?;
/// let m = turn.new_meld(Some(MeldKind::Run));
/// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
///     turn.place(tile.parse()?, m, i)?;
/// }
/// let staged = &turn.melds()[m];
/// assert_eq!((staged.tiles().len(), staged.kind()), (3, Some(MeldKind::Run)));
/// assert!(staged.to_meld().is_ok());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct StagedMeld {
    kind: Option<MeldKind>,
    tiles: Vec<Tile>,
}

impl StagedMeld {
    /// The tiles in order.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// assert_eq!(rummykit_rummikub::rummykit_core::format_list(turn.melds()[m].tiles()), "r10 r11 r12");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    /// The declared kind, if any.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let any = turn.new_meld(None); // the kind is inferred at commit
    /// assert_eq!(turn.melds()[any].kind(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> Option<MeldKind> {
        self.kind
    }

    /// The meld this would commit as, or why it is not one.
    ///
    /// # Errors
    ///
    /// The [`MeldError`] of the declared kind, or of the inferred one.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(None);
    /// turn.place("r10".parse()?, m, 0)?;
    /// turn.place("b1".parse()?, m, 1)?;
    /// assert!(turn.melds()[m].to_meld().is_err()); // not a meld (yet)
    /// turn.take_back(m, 1)?;
    /// turn.place("r11".parse()?, m, 1)?;
    /// turn.place("r12".parse()?, m, 2)?;
    /// assert_eq!(turn.melds()[m].to_meld()?.kind(), MeldKind::Run);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_meld(&self) -> Result<Meld<Tile>, MeldError> {
        match self.kind {
            Some(kind) => Meld::new(kind, &self.tiles, &crate::MELD_RULES),
            None => Meld::infer(&self.tiles, &crate::MELD_RULES),
        }
    }
}

/// The tentative turn of the seat to move: tiles move between the rack and staged
/// melds and between melds; nothing is checked until [`Staging::commit`], except that
/// only tiles placed from the rack this turn may go back to it. The timer is the
/// caller's: on expiry call [`Staging::timeout`] (§1.9).
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rummykit_core::{Game, Tile};
/// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, TileSet};
///
/// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
/// setup.fill_pool(TileSet::Standard106);
/// let mut game = Rummikub::from_setup(&Config::STANDARD, setup).unwrap();
///
/// let mut stage = Staging::new(&game).unwrap();
/// let m = stage.new_meld(None);
/// for t in ["r10", "r11", "r12"] {
///     stage.place(t.parse()?, m, stage.melds()[m].tiles().len()).unwrap();
/// }
/// assert_eq!(stage.invalid_melds().count(), 0);
/// stage.commit(&mut game).unwrap();
/// assert_eq!(game.table().len(), 1);
/// assert_eq!(game.has_opened(0), Some(true));
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Staging {
    seat: Seat,
    turn: u32,
    config: Config,
    opened: bool,
    rack0: TileCounts,
    table0: Vec<Meld<Tile>>,
    rack: TileCounts,
    melds: Vec<StagedMeld>,
}

impl Staging {
    /// Opens the turn of the seat to move.
    ///
    /// # Errors
    ///
    /// [`ActionError::GameOver`] (wrapped) when the game is over.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// assert_eq!(turn.seat(), 0);
    /// assert!(!turn.is_changed());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(game: &Rummikub) -> Result<Staging, StagingError> {
        let seat = game.to_move().ok_or(ActionError::GameOver)?;
        let rack0 = game.rack(seat).copied().unwrap_or_default();
        let table0 = game.table().to_vec();
        let melds = Self::melds_of(&table0);
        Ok(Staging {
            seat,
            turn: game.turn(),
            config: *game.config(),
            opened: game.has_opened(seat) == Some(true),
            rack0,
            table0,
            rack: rack0,
            melds,
        })
    }

    fn melds_of(table: &[Meld<Tile>]) -> Vec<StagedMeld> {
        table.iter().map(|m| StagedMeld { kind: Some(m.kind()), tiles: m.faces().to_vec() }).collect()
    }

    /// The seat whose turn this is.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// assert_eq!(Some(turn.seat()), game.to_move());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The tentative rack.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// assert_eq!(turn.rack().to_string(), "b1"); // what is left to place
    /// assert_eq!(game.rack(0).map(|r| r.len()), Some(4)); // the game is untouched until commit
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rack(&self) -> &TileCounts {
        &self.rack
    }

    /// The tentative melds (the table's melds first, in table order, then new ones).
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// assert!(turn.melds().is_empty()); // an empty table
    /// turn.new_meld(None);
    /// assert_eq!(turn.melds().len(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn melds(&self) -> &[StagedMeld] {
        &self.melds
    }

    /// Whether anything differs from the turn start: the rack, or the table as a set of
    /// melds (§1.3). The order of the melds and of a group's tiles means nothing, as for
    /// the initial meld's "old melds unchanged" (§1.5), so a table laid out again as
    /// the same melds is unchanged: the draw is allowed and a timeout is the idle one.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// turn.new_meld(None);
    /// assert!(!turn.is_changed()); // an empty meld changes nothing
    /// turn.place("b1".parse()?, 0, 0)?;
    /// assert!(turn.is_changed());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_changed(&self) -> bool {
        if self.rack != self.rack0 {
            return true;
        }
        // Each staged meld matches a distinct meld of the snapshot: `same_meld` is an
        // equivalence, so a first match is as good as any.
        let mut left: Vec<&Meld<Tile>> = self.table0.iter().collect();
        for staged in self.melds.iter().filter(|m| !m.tiles.is_empty()) {
            let Ok(meld) = staged.to_meld() else { return true };
            match left.iter().position(|old| same_meld(old, &meld)) {
                Some(i) => {
                    left.swap_remove(i);
                }
                None => return true,
            }
        }
        !left.is_empty()
    }

    /// The staged melds that are not valid now, with the reason (empty melds are
    /// ignored: they vanish at commit).
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(None);
    /// turn.place("r10".parse()?, m, 0)?;
    /// turn.place("b1".parse()?, m, 1)?;
    /// let bad: Vec<usize> = turn.invalid_melds().map(|(i, _)| i).collect();
    /// assert_eq!(bad, [m]); // a UI marks it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn invalid_melds(&self) -> impl Iterator<Item = (usize, MeldError)> + '_ {
        self.melds
            .iter()
            .enumerate()
            .filter(|(_, m)| !m.tiles.is_empty())
            .filter_map(|(i, m)| m.to_meld().err().map(|e| (i, e)))
    }

    /// Starts a new, empty meld; returns its index.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let first = turn.new_meld(Some(MeldKind::Group));
    /// let second = turn.new_meld(None);
    /// assert_eq!((first, second), (0, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new_meld(&mut self, kind: Option<MeldKind>) -> usize {
        self.melds.push(StagedMeld { kind, tiles: Vec::new() });
        self.melds.len() - 1
    }

    /// Declares (or clears) the kind of a staged meld.
    ///
    /// # Errors
    ///
    /// [`StagingError::NoSuchMeld`].
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(None);
    /// turn.set_kind(m, Some(MeldKind::Group))?;
    /// assert_eq!(turn.melds()[m].kind(), Some(MeldKind::Group));
    /// assert_eq!(turn.set_kind(7, None), Err(StagingError::NoSuchMeld { meld: 7 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn set_kind(&mut self, meld: usize, kind: Option<MeldKind>) -> Result<(), StagingError> {
        self.melds.get_mut(meld).ok_or(StagingError::NoSuchMeld { meld })?.kind = kind;
        Ok(())
    }

    fn check_insert(&self, meld: usize, position: usize) -> Result<(), StagingError> {
        let m = self.melds.get(meld).ok_or(StagingError::NoSuchMeld { meld })?;
        if position > m.tiles.len() {
            return Err(StagingError::NoSuchPosition { meld, position });
        }
        Ok(())
    }

    /// Puts a rack tile into `meld` before `position` (`position == len` appends).
    ///
    /// # Errors
    ///
    /// [`StagingError::NotInRack`], [`StagingError::NoSuchMeld`],
    /// [`StagingError::NoSuchPosition`].
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(None);
    /// turn.place("r12".parse()?, m, 0)?;
    /// turn.place("r10".parse()?, m, 0)?; // in front
    /// turn.place("r11".parse()?, m, 1)?; // between
    /// assert_eq!(rummykit_rummikub::rummykit_core::format_list(turn.melds()[m].tiles()), "r10 r11 r12");
    /// assert_eq!(turn.place("k9".parse()?, m, 0), Err(StagingError::NotInRack { tile: "k9".parse()? }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn place(&mut self, tile: Tile, meld: usize, position: usize) -> Result<(), StagingError> {
        if self.rack.count(tile) == 0 {
            return Err(StagingError::NotInRack { tile });
        }
        self.check_insert(meld, position)?;
        self.rack.remove(tile);
        self.melds[meld].tiles.insert(position, tile);
        Ok(())
    }

    /// Moves the tile at `from.1` of meld `from.0` to meld `to.0` before position `to.1`
    /// (positions of the target counted before the tile is taken out).
    ///
    /// # Errors
    ///
    /// [`StagingError::NoSuchMeld`], [`StagingError::NoSuchPosition`].
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// let other = turn.new_meld(None);
    /// turn.move_tile((m, 2), (other, 0))?; // r12 to a meld of its own
    /// assert_eq!((turn.melds()[m].tiles().len(), turn.melds()[other].tiles().len()), (2, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn move_tile(&mut self, from: (usize, usize), to: (usize, usize)) -> Result<(), StagingError> {
        let source = self.melds.get(from.0).ok_or(StagingError::NoSuchMeld { meld: from.0 })?;
        if from.1 >= source.tiles.len() {
            return Err(StagingError::NoSuchPosition { meld: from.0, position: from.1 });
        }
        self.check_insert(to.0, to.1)?;
        let tile = self.melds[from.0].tiles.remove(from.1);
        let at = if from.0 == to.0 && from.1 < to.1 { to.1 - 1 } else { to.1 };
        self.melds[to.0].tiles.insert(at, tile);
        Ok(())
    }

    /// Takes the tile at `position` of `meld` back to the rack; only tiles placed from
    /// the rack this turn may go back (§1.3).
    ///
    /// # Errors
    ///
    /// [`StagingError::NoSuchMeld`], [`StagingError::NoSuchPosition`],
    /// [`StagingError::NotFromRack`].
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// assert_eq!(turn.take_back(m, 0)?, "r10".parse()?);
    /// assert_eq!(turn.rack().len(), 2); // b1 and r10
    /// assert!(turn.take_back(m, 5).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn take_back(&mut self, meld: usize, position: usize) -> Result<Tile, StagingError> {
        let m = self.melds.get(meld).ok_or(StagingError::NoSuchMeld { meld })?;
        let tile = *m.tiles.get(position).ok_or(StagingError::NoSuchPosition { meld, position })?;
        if self.rack.count(tile) >= self.rack0.count(tile) {
            return Err(StagingError::NotFromRack { tile });
        }
        self.melds[meld].tiles.remove(position);
        self.rack.add(tile);
        Ok(tile)
    }

    /// Undoes every tentative change (free, §1.3 Reset).
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// turn.reset();
    /// assert!(!turn.is_changed());
    /// assert_eq!(turn.rack().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn reset(&mut self) {
        self.rack = self.rack0;
        self.melds = Self::melds_of(&self.table0);
    }

    fn check_turn(&self, game: &Rummikub) -> Result<(), StagingError> {
        match game.to_move() {
            Some(s) if s == self.seat => {
                if game.turn() == self.turn {
                    Ok(())
                } else {
                    Err(StagingError::Stale)
                }
            }
            to_move => Err(StagingError::NotYourTurn { seat: self.seat, to_move }),
        }
    }

    /// The table this staging would commit (empty melds dropped), or the first invalid
    /// meld with its staged index.
    ///
    /// # Errors
    ///
    /// [`PlayError::InvalidMeld`] (wrapped) with the staged meld's index.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// turn.new_meld(None); // empty: dropped
    /// let table = turn.table()?;
    /// assert_eq!(table.len(), 1);
    /// assert_eq!(table[0].len(), 3);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table(&self) -> Result<Vec<Meld<Tile>>, StagingError> {
        let mut table = Vec::with_capacity(self.melds.len());
        for (index, m) in self.melds.iter().enumerate().filter(|(_, m)| !m.tiles.is_empty()) {
            let meld =
                m.to_meld().map_err(|error| ActionError::Play(PlayError::InvalidMeld { index, error }))?;
            table.push(meld);
        }
        Ok(table)
    }

    /// What [`Staging::commit`] would say now, without a game: the play's
    /// [`PlayInfo`], or why it is refused, from [`check_play`] on the staged table (meld
    /// indexes in errors are staged indexes). A UI may call it after every step to mark
    /// the turn live; it agrees with the commit by construction.
    ///
    /// # Errors
    ///
    /// The [`PlayError`] (wrapped) the commit would meet.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::Game;
    /// use rummykit_rummikub::{ActionError, PlayError, Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let game = Rummikub::from_setup(&Config::STANDARD, setup).unwrap();
    /// let mut stage = Staging::new(&game).unwrap();
    /// assert_eq!(stage.verdict(), Err(StagingError::Action(ActionError::Play(PlayError::NoRackTile))));
    /// let m = stage.new_meld(None);
    /// for t in ["r10", "r11", "r12"] {
    ///     stage.place(t.parse()?, m, stage.melds()[m].tiles().len()).unwrap();
    /// }
    /// assert_eq!(stage.verdict().unwrap().initial_meld, Some(33));
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    pub fn verdict(&self) -> Result<PlayInfo, StagingError> {
        let table = self.table()?;
        check_play(&self.config, &self.table0, &self.rack0, self.opened, &table)
            .map_err(|e| ActionError::Play(self.to_staged(e)).into())
    }

    /// A new-table meld index in an error, as a staged index (old-table indexes are the
    /// same: the staged melds start with the table's, in order).
    fn to_staged(&self, error: PlayError) -> PlayError {
        let staged = |i: usize| {
            self.melds.iter().enumerate().filter(|(_, m)| !m.tiles.is_empty()).nth(i).map_or(i, |(s, _)| s)
        };
        match error {
            PlayError::InvalidMeld { index, error } => PlayError::InvalidMeld { index: staged(index), error },
            PlayError::JokerNotReused { meld } => PlayError::JokerNotReused { meld: staged(meld) },
            other => other,
        }
    }

    /// Commits the staged table as [`Action::Play`]. On success the turn is over and
    /// this staging is spent; on error nothing changes (fix and retry, or reset).
    /// Meld indexes in errors are staged indexes.
    ///
    /// # Errors
    ///
    /// [`StagingError::NotYourTurn`], [`StagingError::Stale`], or the play's error.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// let m = turn.new_meld(Some(MeldKind::Run));
    /// for (i, tile) in ["r10", "r11", "r12"].into_iter().enumerate() {
    ///     turn.place(tile.parse()?, m, i)?;
    /// }
    /// turn.commit(&mut game)?;
    /// assert_eq!(game.has_opened(0), Some(true));
    /// assert_eq!((game.table().len(), game.to_move()), (1, Some(1)));
    /// assert_eq!(turn.commit(&mut game), Err(StagingError::NotYourTurn { seat: 0, to_move: Some(1) }));
    /// let message = turn.commit(&mut game).unwrap_err().to_string();
    /// assert_eq!(message, "it is not seat 0's turn: seat 1 is to move");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn commit(&self, game: &mut Rummikub) -> Result<(), StagingError> {
        self.check_turn(game)?;
        let table = self.table()?;
        game.apply(self.seat, Action::Play { table }).map_err(|e| match e {
            ActionError::Play(e) => ActionError::Play(self.to_staged(e)),
            other => other,
        })?;
        Ok(())
    }

    /// Draws instead of playing (§1.3: only with nothing changed).
    ///
    /// # Errors
    ///
    /// [`StagingError::DrawAfterChanges`] with changes pending; turn and game errors.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// turn.draw(&mut game)?;
    /// assert_eq!(game.rack(0).map(|r| r.len()), Some(5));
    /// // Seat 1 may not draw after changing the table (RULES.md §1.3).
    /// let mut next = Staging::new(&game)?;
    /// let m = next.new_meld(None);
    /// next.place("k1".parse()?, m, 0)?;
    /// assert_eq!(next.draw(&mut game), Err(StagingError::DrawAfterChanges));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn draw(&self, game: &mut Rummikub) -> Result<(), StagingError> {
        self.check_turn(game)?;
        if self.is_changed() {
            return Err(StagingError::DrawAfterChanges);
        }
        Ok(game.apply(self.seat, Action::Draw)?)
    }

    /// Passes (pool empty, §1.7; only with nothing changed).
    ///
    /// # Errors
    ///
    /// [`StagingError::DrawAfterChanges`] with changes pending; turn and game errors.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// // The pool is not empty: passing is refused, and nothing changes.
    /// let before = game.clone();
    /// assert!(turn.pass(&mut game).is_err());
    /// assert_eq!(game, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pass(&self, game: &mut Rummikub) -> Result<(), StagingError> {
        self.check_turn(game)?;
        if self.is_changed() {
            return Err(StagingError::DrawAfterChanges);
        }
        Ok(game.apply(self.seat, Action::Pass)?)
    }

    /// The caller's timer ran out (§1.9): the staging is reset and the player draws the
    /// pending-changes penalty (3) or the idle one (1).
    ///
    /// # Errors
    ///
    /// Turn errors; [`ActionError::OptionOff`] when the timer is off.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// // Without a turn timer in the rules a timeout is refused.
    /// assert!(turn.timeout(&mut game).is_err());
    /// assert_eq!(game.to_move(), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn timeout(&mut self, game: &mut Rummikub) -> Result<(), StagingError> {
        self.check_turn(game)?;
        game.apply(self.seat, Action::Timeout { pending_changes: self.is_changed() })?;
        self.reset();
        Ok(())
    }

    /// Gives up the turn's manipulation under [`Config::abandon_penalty`](crate::Config):
    /// reset and draw the penalty.
    ///
    /// # Errors
    ///
    /// Turn errors; [`ActionError::OptionOff`] when the option is off.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, MeldKind};
    /// use rummykit_rummikub::{Config, Rummikub, Setup, Staging, StagingError, TileSet};
    ///
    /// // Seat 0 is to move with 33 points of red on its rack: enough for the initial meld.
    /// let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let mut turn = Staging::new(&game)?;
    /// // Abandoning a manipulation needs `Config::abandon_penalty`, off in the box rules.
    /// assert!(turn.abandon(&mut game).is_err());
    /// assert_eq!(game.to_move(), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn abandon(&mut self, game: &mut Rummikub) -> Result<(), StagingError> {
        self.check_turn(game)?;
        game.apply(self.seat, Action::Abandon)?;
        self.reset();
        Ok(())
    }
}
