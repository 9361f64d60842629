//! [`Config`]: every option of RULES.md §1.10 and the Schmidt variant (§4.1), with presets.

use rummykit_core::{AcePolicy, Catalog, DealError, JokerLimit, MAX_PENALTY, MeldRules, Seating, Tile};

/// The meld rules of Rummikub (RULES.md §1.4, also under Schmidt, §4.1): groups of 3–4,
/// runs of 3–13 with 1 always low, jokers anywhere. No option changes them.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Meld, MeldKind, Tile, parse_list};
/// use rummykit_rummikub::MELD_RULES;
/// let tiles: Vec<Tile> = parse_list("r12 r13 r1")?;
/// assert!(Meld::new(MeldKind::Run, &tiles, &MELD_RULES).is_err());
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
pub const MELD_RULES: MeldRules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);

/// Which box of tiles is played with (RULES.md §1.1).
///
/// ```
/// use rummykit_rummikub::{Config, TileSet};
/// assert_eq!(Config::STANDARD.tile_set, TileSet::Standard106);
/// assert_eq!(Config::XP.tile_set, TileSet::Xp160);
/// assert_eq!(TileSet::default(), TileSet::Standard106);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TileSet {
    /// 106 tiles: 1–13 in four colours twice, two jokers; 2–4 players.
    #[default]
    Standard106,
    /// Rummikub XP, 160 tiles: 1–13 in four colours three times, four jokers; 2–6 players.
    Xp160,
}

impl TileSet {
    /// The catalog of this set.
    ///
    /// ```
    /// use rummykit_rummikub::TileSet;
    /// let box106 = TileSet::Standard106.catalog();
    /// assert_eq!((box106.len(), box106.copies(), box106.jokers()), (106, 2, 2));
    /// let xp = TileSet::Xp160.catalog();
    /// assert_eq!((xp.len(), xp.copies(), xp.jokers()), (160, 3, 4));
    /// ```
    #[must_use]
    pub const fn catalog(self) -> Catalog<Tile> {
        match self {
            // Both fit below PieceId::LIMIT, checked when the constant is evaluated.
            TileSet::Standard106 => const { Catalog::<Tile>::new(2, 2).expect("106 tiles fit") },
            TileSet::Xp160 => const { Catalog::<Tile>::new(3, 4).expect("160 tiles fit") },
        }
    }

    /// The most players this set allows (4 for 106 tiles, 6 for 160).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, TileSet};
    /// assert_eq!((TileSet::Standard106.max_players(), TileSet::Xp160.max_players()), (4, 6));
    /// // Five players need the 160-tile set.
    /// assert!(Config::STANDARD.validate(5).is_err() && Config::XP.validate(5).is_ok());
    /// ```
    #[must_use]
    pub const fn max_players(self) -> usize {
        match self {
            TileSet::Standard106 => 4,
            TileSet::Xp160 => 6,
        }
    }

    /// A bound on the points of an initial meld (§1.5): every numbered tile its number,
    /// every joker 13 while every 13 is counted too, so no melds of the set could count
    /// more. It is not a score any hand reaches: a threshold at or below it is not
    /// thereby one that can be met, but a larger one never can, and [`Config::validate`]
    /// refuses it.
    ///
    /// ```
    /// use rummykit_rummikub::{Config, TileSet};
    /// assert_eq!((TileSet::Standard106.most_points(), TileSet::Xp160.most_points()), (754, 1144));
    /// assert!(Config::STANDARD.with_initial_meld_threshold(755).validate(4).is_err());
    /// ```
    #[must_use]
    pub const fn most_points(self) -> u32 {
        let catalog = self.catalog();
        // 1 + 2 + ... + 13 = 91 in each of the four colours.
        catalog.copies() as u32 * 4 * 91 + catalog.jokers() as u32 * 13
    }
}
/// A set's catalog ([`TileSet::catalog`]): what lets
/// [`SolveOptions::with_tile_set`](crate::solver::SolveOptions::with_tile_set) take a
/// [`TileSet`], as [`Config::with_tile_set`] does, as well as any catalog.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Catalog, Tile};
/// use rummykit_rummikub::TileSet;
/// assert_eq!(Catalog::<Tile>::from(TileSet::Xp160), TileSet::Xp160.catalog());
/// ```
impl From<TileSet> for Catalog<Tile> {
    fn from(set: TileSet) -> Catalog<Tile> {
        set.catalog()
    }
}

/// What a joker counts toward the initial-meld threshold (RULES.md §1.5).
///
/// ```
/// use rummykit_rummikub::{Config, InitialJokerValue};
/// assert_eq!(Config::STANDARD.joker_value_in_initial_meld, InitialJokerValue::Represented);
/// // House rule: a joker adds nothing toward the 30 points.
/// let mut strict = Config::STANDARD;
/// strict.joker_value_in_initial_meld = InitialJokerValue::Zero;
/// assert!(strict.validate(4).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum InitialJokerValue {
    /// The number of the tile it represents (official rulebook, pagat).
    #[default]
    Represented,
    /// Nothing.
    Zero,
}

/// Where the tile that frees a table joker may come from (RULES.md §1.6).
///
/// ```
/// use rummykit_rummikub::{Config, ReplacementSource};
/// assert_eq!(Config::STANDARD.joker_replacement_source, ReplacementSource::RackOrTable);
/// let mut rack_only = Config::STANDARD;
/// rack_only.joker_replacement_source = ReplacementSource::RackOnly;
/// assert!(rack_only.validate(4).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ReplacementSource {
    /// From the rack or from the table.
    #[default]
    RackOrTable,
    /// Only from the rack: a joker can be released only in a turn in which a tile it
    /// stood for is played from the rack.
    RackOnly,
}

/// What must happen to a joker freed from the table this turn (RULES.md §1.6).
///
/// ```
/// use rummykit_rummikub::{Config, JokerReuse};
/// assert_eq!(Config::STANDARD.joker_reuse, JokerReuse::WithRackTile);
/// assert_eq!(Config::SCHMIDT.joker_reuse, JokerReuse::SameTurnAnywhere);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum JokerReuse {
    /// It must end the turn in a meld holding at least one tile played from the rack
    /// this turn (box rules, official sheet).
    #[default]
    WithRackTile,
    /// It must only be back on the table (automatic; house rules, Schmidt).
    SameTurnAnywhere,
    /// It must end in a meld whose other tiles were all played from the rack this turn,
    /// at least two of them (old Pressman text: "immediately melds the joker with two
    /// tiles from his rack"; RULES.md §1.6 as clarified).
    NewMeldWithTwoRackTiles,
}

/// How a joker on the table may be freed (RULES.md §1.6, §4.1).
///
/// ```
/// use rummykit_rummikub::{Config, JokerRelease};
/// assert_eq!(Config::STANDARD.joker_release, JokerRelease::AnyRearrangement);
/// assert_eq!(Config::SCHMIDT.joker_release, JokerRelease::ExactTile);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum JokerRelease {
    /// By any rearrangement, including one that just makes it superfluous.
    #[default]
    AnyRearrangement,
    /// Only by putting the tile it stands for in its place (Schmidt, §4.1): a play is
    /// read as such exchanges followed by a rearrangement; a joker not exchanged must not
    /// move (it may stay in its meld while what it stands for changes, or stay at its
    /// tile when its run is split). The freed joker may go anywhere — this is not
    /// [`Config::joker_melds_locked`].
    ExactTile,
}

/// The turn timer (RULES.md §1.9). The library never reads a clock: the caller times
/// the turn and reports [`Action::Timeout`](crate::Action::Timeout).
///
/// ```
/// use rummykit_rummikub::{Config, Timer};
/// assert_eq!(Config::STANDARD.timer, Timer::Off);
/// let mut timed = Config::STANDARD;
/// timed.timer = Timer::Seconds(60); // the box's minute
/// assert!(timed.validate(4).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Timer {
    /// No timer; a timeout is refused.
    #[default]
    Off,
    /// This many seconds per turn (60 box, 120 pagat, 40 NZRC).
    Seconds(u32),
}

/// When a game with an empty pool ends (RULES.md §1.7).
///
/// ```
/// use rummykit_rummikub::{Config, PoolEmptyEnd};
/// assert_eq!(Config::STANDARD.pool_empty_end, PoolEmptyEnd::AllPassOnce);
/// let mut nzrc = Config::STANDARD;
/// nzrc.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
/// assert!(nzrc.validate(4).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PoolEmptyEnd {
    /// When every player in turn has made no play (passed) since the pool ran dry.
    #[default]
    AllPassOnce,
    /// Every player has exactly one more turn after the pool ran dry (NZRC).
    OneFinalTurnEach,
}

/// How a session of several games is won (RULES.md §1.8).
///
/// ```
/// use rummykit_rummikub::rummykit_core::{MatchEnd, Ranking};
/// use rummykit_rummikub::{SessionRanking, session_terms};
/// // A session of four players: one game each, highest total wins (box rules).
/// assert_eq!(session_terms(SessionRanking::HighestTotal, 4), (MatchEnd::FixedHands(4), Ranking::Total));
/// assert_eq!(session_terms(SessionRanking::MostGamesWon, 4).1, Ranking::HandsWon);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum SessionRanking {
    /// Highest cumulative score (box rules).
    #[default]
    HighestTotal,
    /// Most games won, ties by total (official rulebook).
    MostGamesWon,
    /// Play until someone reaches this total; highest total wins (house variant).
    TargetScore(i64),
}

/// The rules of a Rummikub game: every option of RULES.md §1.10 plus the Schmidt
/// variant's (§4.1). Start from a preset and change fields, or chain the `with_*`
/// builders (one per option, usable in a `const`).
///
/// ```
/// use rummykit_rummikub::{Config, TileSet};
///
/// let mut config = Config::STANDARD;
/// assert_eq!(config.initial_meld_threshold, 30);
/// config.joker_penalty = 50; // a common house rule
/// assert!(config.validate(4).is_ok());
/// assert!(config.validate(5).is_err()); // 5 players need the 160-tile set
/// assert!(Config::XP.validate(6).is_ok());
/// assert_eq!(Config::SCHMIDT.joker_penalty, 25);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct Config {
    /// The tiles (§1.1). Default [`TileSet::Standard106`].
    pub tile_set: TileSet,
    /// Tiles dealt to each player (§1.2). Default 14.
    pub rack_size: u8,
    /// Points the initial meld needs (§1.5). Default 30; at most [`TileSet::most_points`].
    pub initial_meld_threshold: u32,
    /// What a joker counts in the initial meld (§1.5). Default represented value.
    pub joker_value_in_initial_meld: InitialJokerValue,
    /// Whether a player may also add to or rearrange the table in the turn of the
    /// initial meld (§1.5), freeing jokers included (§1.6). Default `false` (box rule).
    /// With `true` only melds made wholly of tiles played from the rack that turn count
    /// toward [`initial_meld_threshold`](Config::initial_meld_threshold).
    pub manipulate_on_initial_meld_turn: bool,
    /// Penalty of a joker left on the rack (§1.8): 30 box, 50 house, 25 Schmidt, 100 NZRC.
    /// At most [`MAX_PENALTY`].
    pub joker_penalty: u32,
    /// A joker in a group of three is freed only by both missing colours (§1.6).
    /// Default `false`.
    pub group3_joker_needs_both: bool,
    /// Where the freeing tile may come from (§1.6). Default rack or table.
    pub joker_replacement_source: ReplacementSource,
    /// What a freed joker must do (§1.6). Default [`JokerReuse::WithRackTile`].
    pub joker_reuse: JokerReuse,
    /// How a joker may be freed (§1.6, §4.1). Default any rearrangement.
    pub joker_release: JokerRelease,
    /// A meld holding a joker may only grow at its ends and lose its joker by exact
    /// replacement (1978 rules, §1.6). Default `false`.
    pub joker_melds_locked: bool,
    /// Going out in the turn of the initial meld waives the threshold and doubles the
    /// game's scores (§1.8 (c), §4.1 Handrummy). Default `false`.
    pub hand_rummy_double: bool,
    /// The turn timer (§1.9). Default off.
    pub timer: Timer,
    /// Tiles drawn when time runs out with changes pending (§1.9). Default 3.
    pub timeout_penalty_pending: u8,
    /// Tiles drawn when time runs out with nothing changed (§1.9). Default 1.
    pub timeout_penalty_idle: u8,
    /// Giving up a manipulation costs a revert and [`Config::timeout_penalty_pending`]
    /// tiles (§1.9, the strict box wording). Default `false` (a reset is free).
    pub abandon_penalty: bool,
    /// When a game with an empty pool ends (§1.7).
    pub pool_empty_end: PoolEmptyEnd,
    /// Extra penalty for a player who never made the initial meld (§1.5; NZRC 100/200).
    /// Default 0 (none); at most [`MAX_PENALTY`].
    pub never_melded_penalty: u32,
    /// Schmidt (§4.1): a meld partly broken up must keep at least three of its tiles
    /// together (a tile exchanged for one of its jokers counts as its tile; identical
    /// copies are read in the player's favour). Default `false`.
    pub keep_three: bool,
    /// How a session is won (§1.8). A match takes it from
    /// [`Game::default_terms`](rummykit_core::Game::default_terms); terms built with
    /// `MatchTerms::new` carry their own ranking and do not read it.
    pub session_ranking: SessionRanking,
}

impl Config {
    /// The box rules (RULES.md §1, every default of §1.10); also [`Config::default`].
    ///
    /// ```
    /// use rummykit_rummikub::{Config, TileSet};
    /// let box_rules = Config::STANDARD;
    /// assert_eq!(box_rules, Config::default());
    /// assert_eq!((box_rules.tile_set, box_rules.rack_size), (TileSet::Standard106, 14));
    /// assert!(box_rules.validate(4).is_ok() && box_rules.validate(5).is_err());
    /// ```
    pub const STANDARD: Config = Config {
        tile_set: TileSet::Standard106,
        rack_size: 14,
        initial_meld_threshold: 30,
        joker_value_in_initial_meld: InitialJokerValue::Represented,
        manipulate_on_initial_meld_turn: false,
        joker_penalty: 30,
        group3_joker_needs_both: false,
        joker_replacement_source: ReplacementSource::RackOrTable,
        joker_reuse: JokerReuse::WithRackTile,
        joker_release: JokerRelease::AnyRearrangement,
        joker_melds_locked: false,
        hand_rummy_double: false,
        timer: Timer::Off,
        timeout_penalty_pending: 3,
        timeout_penalty_idle: 1,
        abandon_penalty: false,
        pool_empty_end: PoolEmptyEnd::AllPassOnce,
        never_melded_penalty: 0,
        keep_three: false,
        session_ranking: SessionRanking::HighestTotal,
    };

    /// The box rules with the 160-tile set, for up to 6 players (§1.1).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, TileSet};
    /// assert_eq!(Config::XP.tile_set, TileSet::Xp160);
    /// assert_eq!(Config::XP.rack_size, Config::STANDARD.rack_size);
    /// ```
    pub const XP: Config = Config { tile_set: TileSet::Xp160, ..Config::STANDARD };

    /// Schmidt Rummy (§4.1): keep-three rearranging, joker freed only by its exact tile
    /// and reusable anywhere, joker penalty 25, Handrummy doubles without a threshold.
    ///
    /// ```
    /// use rummykit_rummikub::{Config, JokerRelease};
    /// assert!(Config::SCHMIDT.keep_three && Config::SCHMIDT.hand_rummy_double);
    /// assert_eq!(Config::SCHMIDT.joker_release, JokerRelease::ExactTile);
    /// ```
    pub const SCHMIDT: Config = Config {
        keep_three: true,
        joker_release: JokerRelease::ExactTile,
        joker_reuse: JokerReuse::SameTurnAnywhere,
        joker_penalty: 25,
        hand_rummy_double: true,
        ..Config::STANDARD
    };

    /// With another tile set (§1.1).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, TileSet};
    /// let config = Config::STANDARD.with_tile_set(TileSet::Xp160);
    /// assert_eq!(config.tile_set, TileSet::Xp160);
    /// assert!(config.validate(6).is_ok());
    /// ```
    #[must_use]
    pub const fn with_tile_set(mut self, value: TileSet) -> Config {
        self.tile_set = value;
        self
    }

    /// With another number of tiles dealt to each player (§1.2; at least 1, and racks that leave a pool).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_rack_size(13);
    /// assert_eq!(config.rack_size, 13);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_rack_size(mut self, n: u8) -> Config {
        self.rack_size = n;
        self
    }

    /// With another threshold for the initial meld (§1.5).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_initial_meld_threshold(50);
    /// assert_eq!(config.initial_meld_threshold, 50);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_initial_meld_threshold(mut self, n: u32) -> Config {
        self.initial_meld_threshold = n;
        self
    }

    /// With another value of a joker in the initial meld (§1.5).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, InitialJokerValue};
    /// let config = Config::STANDARD.with_joker_value_in_initial_meld(InitialJokerValue::Zero);
    /// assert_eq!(config.joker_value_in_initial_meld, InitialJokerValue::Zero);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_value_in_initial_meld(mut self, value: InitialJokerValue) -> Config {
        self.joker_value_in_initial_meld = value;
        self
    }

    /// With or without rearranging the table in the turn of the initial meld (§1.5).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_manipulate_on_initial_meld_turn(true);
    /// assert_eq!(config.manipulate_on_initial_meld_turn, true);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_manipulate_on_initial_meld_turn(mut self, on: bool) -> Config {
        self.manipulate_on_initial_meld_turn = on;
        self
    }

    /// With another penalty for a joker left on the rack (§1.8; at most [`MAX_PENALTY`]).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_joker_penalty(50);
    /// assert_eq!(config.joker_penalty, 50);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_penalty(mut self, n: u32) -> Config {
        self.joker_penalty = n;
        self
    }

    /// With or without freeing a joker in a group of three only by both missing colours (§1.6).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_group3_joker_needs_both(true);
    /// assert_eq!(config.group3_joker_needs_both, true);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_group3_joker_needs_both(mut self, on: bool) -> Config {
        self.group3_joker_needs_both = on;
        self
    }

    /// With another source for the tile that frees a joker (§1.6).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, ReplacementSource};
    /// let config = Config::STANDARD.with_joker_replacement_source(ReplacementSource::RackOnly);
    /// assert_eq!(config.joker_replacement_source, ReplacementSource::RackOnly);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_replacement_source(mut self, value: ReplacementSource) -> Config {
        self.joker_replacement_source = value;
        self
    }

    /// With another rule for what a freed joker must do (§1.6).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, JokerReuse};
    /// let config = Config::STANDARD.with_joker_reuse(JokerReuse::NewMeldWithTwoRackTiles);
    /// assert_eq!(config.joker_reuse, JokerReuse::NewMeldWithTwoRackTiles);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_reuse(mut self, value: JokerReuse) -> Config {
        self.joker_reuse = value;
        self
    }

    /// With another way of freeing a joker (§1.6, §4.1).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, JokerRelease};
    /// let config = Config::STANDARD.with_joker_release(JokerRelease::ExactTile);
    /// assert_eq!(config.joker_release, JokerRelease::ExactTile);
    /// assert!(config.exact_joker_release());
    /// ```
    #[must_use]
    pub const fn with_joker_release(mut self, value: JokerRelease) -> Config {
        self.joker_release = value;
        self
    }

    /// With or without locked joker melds (§1.6).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_joker_melds_locked(true);
    /// assert_eq!(config.joker_melds_locked, true);
    /// assert!(config.exact_joker_release());
    /// ```
    #[must_use]
    pub const fn with_joker_melds_locked(mut self, on: bool) -> Config {
        self.joker_melds_locked = on;
        self
    }

    /// With or without the doubled score of going out in the turn of the initial meld (§1.8 (c)).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_hand_rummy_double(true);
    /// assert_eq!(config.hand_rummy_double, true);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_hand_rummy_double(mut self, on: bool) -> Config {
        self.hand_rummy_double = on;
        self
    }

    /// With another turn timer (§1.9; not of 0 seconds).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, Timer};
    /// let config = Config::STANDARD.with_timer(Timer::Seconds(60));
    /// assert_eq!(config.timer, Timer::Seconds(60));
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_timer(mut self, value: Timer) -> Config {
        self.timer = value;
        self
    }

    /// With another number of tiles drawn when time runs out with changes pending (§1.9; at least 1).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_timeout_penalty_pending(2);
    /// assert_eq!(config.timeout_penalty_pending, 2);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_timeout_penalty_pending(mut self, n: u8) -> Config {
        self.timeout_penalty_pending = n;
        self
    }

    /// With another number of tiles drawn when time runs out with nothing changed (§1.9; at least 1).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_timeout_penalty_idle(2);
    /// assert_eq!(config.timeout_penalty_idle, 2);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_timeout_penalty_idle(mut self, n: u8) -> Config {
        self.timeout_penalty_idle = n;
        self
    }

    /// With or without the penalty for giving up a manipulation (§1.9).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_abandon_penalty(true);
    /// assert_eq!(config.abandon_penalty, true);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_abandon_penalty(mut self, on: bool) -> Config {
        self.abandon_penalty = on;
        self
    }

    /// With another end of a game whose pool is empty (§1.7).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, PoolEmptyEnd};
    /// let config = Config::STANDARD.with_pool_empty_end(PoolEmptyEnd::OneFinalTurnEach);
    /// assert_eq!(config.pool_empty_end, PoolEmptyEnd::OneFinalTurnEach);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_pool_empty_end(mut self, value: PoolEmptyEnd) -> Config {
        self.pool_empty_end = value;
        self
    }

    /// With another extra penalty for a player who never made the initial meld (§1.5; at most [`MAX_PENALTY`]).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_never_melded_penalty(100);
    /// assert_eq!(config.never_melded_penalty, 100);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_never_melded_penalty(mut self, n: u32) -> Config {
        self.never_melded_penalty = n;
        self
    }

    /// With or without Schmidt's keep-three rule for breaking up melds (§4.1).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// let config = Config::STANDARD.with_keep_three(true);
    /// assert_eq!(config.keep_three, true);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_keep_three(mut self, on: bool) -> Config {
        self.keep_three = on;
        self
    }

    /// With another way of winning a session (§1.8; a target score must be positive).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, SessionRanking};
    /// let config = Config::STANDARD.with_session_ranking(SessionRanking::MostGamesWon);
    /// assert_eq!(config.session_ranking, SessionRanking::MostGamesWon);
    /// assert!(config.validate(4).is_ok());
    /// ```
    #[must_use]
    pub const fn with_session_ranking(mut self, value: SessionRanking) -> Config {
        self.session_ranking = value;
        self
    }

    /// The meld rules: [`MELD_RULES`] under every option (the games' `Config`s all
    /// answer this).
    ///
    /// ```
    /// use rummykit_rummikub::{Config, MELD_RULES};
    /// assert_eq!(Config::SCHMIDT.meld_rules(), MELD_RULES);
    /// ```
    #[must_use]
    pub const fn meld_rules(&self) -> MeldRules {
        MELD_RULES
    }

    /// Whether a joker may only leave the table by exact replacement (Schmidt's rule or
    /// locked joker melds; the two differ in what may happen to the meld afterwards, see
    /// [`JokerRelease::ExactTile`]).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// assert!(Config::SCHMIDT.exact_joker_release());
    /// assert!(!Config::STANDARD.exact_joker_release());
    /// let mut locked = Config::STANDARD;
    /// locked.joker_melds_locked = true;
    /// assert!(locked.exact_joker_release());
    /// ```
    #[must_use]
    pub const fn exact_joker_release(&self) -> bool {
        matches!(self.joker_release, JokerRelease::ExactTile) || self.joker_melds_locked
    }

    /// Checks the rules for `seats` players: what [`Rummikub::deal`] and
    /// [`Rummikub::from_setup`] check first.
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] outside 2–4 players (106 tiles) or 2–6 (160 tiles),
    /// the game's [`seat_range`](rummykit_core::Game::seat_range);
    /// [`DealError::InvalidConfig`] for a zero rack size, a timeout penalty of zero tiles
    /// (a game must make progress: every turn draws, plays or passes), a zero-second
    /// timer, a session end that makes no match
    /// ([`MatchEnd::check`](rummykit_core::MatchEnd::check): a target score that is not
    /// positive), or racks that do not fit in the box;
    /// [`DealError::OptionTooLarge`] for a [`joker_penalty`](Config::joker_penalty) or
    /// [`never_melded_penalty`](Config::never_melded_penalty) above [`MAX_PENALTY`], or an
    /// [`initial_meld_threshold`](Config::initial_meld_threshold) above
    /// [`TileSet::most_points`] (754 for 106 tiles, 1,144 for 160): no melds of the set
    /// could count more.
    ///
    /// The other numbers take any value of their type: the timer is only compared, the
    /// timeout penalties draw at most the pool, and a target score is compared with
    /// totals that saturate.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::DealError;
    /// use rummykit_rummikub::{MAX_PENALTY, Config};
    /// let mut config = Config::STANDARD;
    /// config.joker_penalty = u32::MAX;
    /// assert_eq!(
    ///     config.validate(4),
    ///     Err(DealError::OptionTooLarge { option: "joker_penalty", value: u32::MAX.into(), max: MAX_PENALTY.into() })
    /// );
    /// assert_eq!(Config::STANDARD.validate(5), Err(DealError::PlayerCount { seats: 5, min: 2, max: 4 }));
    /// ```
    ///
    /// [`Rummikub::deal`]: rummykit_core::Game::deal
    /// [`Rummikub::from_setup`]: crate::Rummikub::from_setup
    pub fn validate(&self, seats: usize) -> Result<(), DealError> {
        self.check_seating(Seating::new(seats))
    }

    /// [`validate`](Config::validate) with the dealer too: the one check of a deal, so
    /// that `validate` and the deal cannot disagree on the seats.
    pub(crate) fn check_seating(&self, seating: Seating) -> Result<(), DealError> {
        let seats = seating.seats;
        let range = <crate::Rummikub as rummykit_core::Game>::seat_range(self);
        seating.check(*range.start(), *range.end())?;
        DealError::check_max("joker_penalty", self.joker_penalty, MAX_PENALTY)?;
        DealError::check_max("never_melded_penalty", self.never_melded_penalty, MAX_PENALTY)?;
        DealError::check_max(
            "initial_meld_threshold",
            self.initial_meld_threshold,
            self.tile_set.most_points(),
        )?;
        if self.rack_size == 0 {
            return Err(DealError::InvalidConfig { option: "rack_size", reason: "must be at least 1" });
        }
        if self.timeout_penalty_pending == 0 || self.timeout_penalty_idle == 0 {
            return Err(DealError::InvalidConfig {
                option: "timeout_penalty_pending / timeout_penalty_idle",
                reason: "must be at least one tile, or timeouts could stall a game forever",
            });
        }
        if self.timer == Timer::Seconds(0) {
            return Err(DealError::InvalidConfig {
                option: "timer",
                reason: "of 0 seconds leaves no time to play",
            });
        }
        // The session's end, one game per seat (already checked to be at least two).
        let (end, _) = crate::session_terms(self.session_ranking, u32::try_from(seats).unwrap_or(u32::MAX));
        if let Err(refused) = end.check(<crate::Rummikub as rummykit_core::Game>::score_order(self)) {
            return Err(DealError::InvalidConfig { option: "session_ranking", reason: refused.reason() });
        }
        let needed = seats * self.rack_size as usize;
        let tiles = self.tile_set.catalog().len();
        if needed >= tiles {
            return Err(DealError::InvalidConfig {
                option: "rack_size",
                reason: "is too large for the seats: the racks would take every tile and leave no pool",
            });
        }
        Ok(())
    }
}

impl Default for Config {
    /// [`Config::STANDARD`].
    fn default() -> Self {
        Config::STANDARD
    }
}
