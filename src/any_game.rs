//! [`AnyGame`]: one [`Game`] over every game of the library, chosen at run time.

use core::fmt;
use core::ops::RangeInclusive;

use rand::Rng;
use rummykit_classic::ClassicRummy;
use rummykit_core::{
    DealError, Description, FromSetup, Game, NotYourTurn, Outcome, PositionError, Redeal, ScoreOrder, Seat,
    SeatView, Seating, ShownKey,
};
use rummykit_rummikub::{Config as RummikubConfig, Rummikub};
use rummykit_rummy40::Rummy40;
use thiserror::Error;

/// The three rule engines behind every [`Variant`](crate::Variant): what an action, a
/// view or a configuration belongs to.
///
/// ```
/// use rummykit::{GameKind, Variant};
/// assert_eq!(Variant::Schmidt.kind(), GameKind::Rummikub);
/// assert_eq!(Variant::Scala40.kind(), GameKind::Rummy40);
/// assert_eq!(GameKind::Classic.to_string(), "classic Rummy");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum GameKind {
    /// Rummikub and its presets ([`Rummikub`]).
    Rummikub,
    /// Classic Rummy ([`ClassicRummy`]).
    Classic,
    /// Rummy 40 and Scala 40 ([`Rummy40`]).
    Rummy40,
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameKind::Rummikub => "Rummikub",
            GameKind::Classic => "classic Rummy",
            GameKind::Rummy40 => "Rummy 40",
        })
    }
}

/// The rules of an [`AnyGame`]: the configuration of one of the three engines.
/// [`Variant::config`](crate::Variant::config) gives each preset's, and each engine's
/// `Config` converts into it (`From`).
///
/// ```
/// use rummykit::{AnyConfig, GameKind, Variant, classic};
/// let config = Variant::Rummy40.config().with_max_restocks(Some(3));
/// assert_eq!(config.kind(), GameKind::Rummy40);
/// let AnyConfig::Rummy40(c) = config else { unreachable!() };
/// assert_eq!(c.max_restocks, Some(3));
/// assert_eq!(AnyConfig::from(classic::Config::STANDARD), Variant::Classic.config());
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnyConfig {
    /// Rummikub rules.
    Rummikub(RummikubConfig),
    /// Classic Rummy options.
    Classic(rummykit_classic::Config),
    /// Rummy 40 / Scala 40 options.
    Rummy40(rummykit_rummy40::Config),
}

impl AnyConfig {
    /// The engine these rules are for.
    ///
    /// ```
    /// use rummykit::{AnyConfig, GameKind};
    /// assert_eq!(AnyConfig::Rummikub(rummykit::rummikub::Config::SCHMIDT).kind(), GameKind::Rummikub);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyConfig::Rummikub(_) => GameKind::Rummikub,
            AnyConfig::Classic(_) => GameKind::Classic,
            AnyConfig::Rummy40(_) => GameKind::Rummy40,
        }
    }

    /// The same rules with the card games' restock cap set to `cap` (`None`: no cap):
    /// once the stock has been rebuilt from the discards that many times, the next
    /// exhaustion ends the hand void (RULES.md §2.5, §3.7). Bots and simulations set
    /// one so that a hand between players who never meld ends. Rummikub ends by itself
    /// (an empty pool and a round of passes, §1.7), so its rules are returned as given.
    ///
    /// ```
    /// use rummykit::{AnyConfig, Variant};
    /// let AnyConfig::Classic(c) = Variant::Classic.config().with_max_restocks(Some(2)) else {
    ///     unreachable!()
    /// };
    /// assert_eq!(c.max_restocks, Some(2));
    /// assert_eq!(Variant::Rummikub.config().with_max_restocks(Some(2)), Variant::Rummikub.config());
    /// ```
    #[must_use]
    pub const fn with_max_restocks(self, cap: Option<u32>) -> AnyConfig {
        match self {
            AnyConfig::Rummikub(rules) => AnyConfig::Rummikub(rules),
            AnyConfig::Classic(c) => AnyConfig::Classic(c.with_max_restocks(cap)),
            AnyConfig::Rummy40(c) => AnyConfig::Rummy40(c.with_max_restocks(cap)),
        }
    }

    /// Checks the rules for `seats` players: the engine's own `Config::validate`, which
    /// checks its seat range as [`AnyGame::deal`](Game::deal) does.
    ///
    /// # Errors
    ///
    /// The engine's [`DealError`]: [`DealError::PlayerCount`] for a seat count the
    /// engine does not play, [`DealError::InvalidConfig`] or [`DealError::OptionTooLarge`]
    /// for an option it cannot be played with (a match end that makes no match among
    /// them, [`MatchEnd::check`](crate::MatchEnd::check)).
    ///
    /// ```
    /// use rummykit::{AnyConfig, DealError, MatchEnd, Variant};
    /// assert_eq!(Variant::Scala40.config().validate(4), Ok(()));
    /// assert!(matches!(Variant::Classic.config().validate(7), Err(DealError::PlayerCount { .. })));
    /// let none = AnyConfig::Classic(rummykit::classic::Config::STANDARD.with_game_end(MatchEnd::FixedHands(0)));
    /// assert!(matches!(none.validate(2), Err(DealError::InvalidConfig { option: "game_end", .. })));
    /// ```
    pub fn validate(&self, seats: usize) -> Result<(), DealError> {
        match self {
            AnyConfig::Rummikub(c) => c.validate(seats),
            AnyConfig::Classic(c) => c.validate(seats),
            AnyConfig::Rummy40(c) => c.validate(seats),
        }
    }
}

/// A position of an [`AnyGame`] written down: the [`Setup`](FromSetup::Setup) of one of
/// the three engines, as [`AnyConfig`] holds one of their configurations.
///
/// ```
/// use rummykit::rummikub::Setup;
/// use rummykit::{AnyConfig, AnyGame, AnySetup, FromSetup, Game, GameKind};
///
/// let mut setup = Setup::new(vec!["r1 r2 r3 b7".parse()?, "y4 y5 k9".parse()?]);
/// setup.fill_pool(rummykit::rummikub::TileSet::Standard106);
/// let setup = AnySetup::from(setup); // `AnySetup::Rummikub(setup)`
/// assert_eq!(setup.kind(), GameKind::Rummikub);
/// let config = AnyConfig::Rummikub(Default::default());
/// let game = AnyGame::from_setup(&config, setup)?;
/// assert_eq!(game.kind(), GameKind::Rummikub);
/// // Written out (with every field filled in) and built again: the same game.
/// assert_eq!(AnyGame::from_setup(&config, game.setup())?, game);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnySetup {
    /// A Rummikub position.
    Rummikub(rummykit_rummikub::Setup),
    /// A classic Rummy position.
    Classic(rummykit_classic::Setup),
    /// A Rummy 40 / Scala 40 position.
    Rummy40(rummykit_rummy40::Setup),
}

impl AnySetup {
    /// The engine this position is of.
    ///
    /// ```
    /// use rummykit::{AnySetup, GameKind};
    /// let setup = AnySetup::Classic(rummykit::classic::Setup::default());
    /// assert_eq!(setup.kind(), GameKind::Classic);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnySetup::Rummikub(_) => GameKind::Rummikub,
            AnySetup::Classic(_) => GameKind::Classic,
            AnySetup::Rummy40(_) => GameKind::Rummy40,
        }
    }
}

/// An action of an [`AnyGame`]: an action of one of the three engines, each of which
/// converts into it (`From`).
///
/// ```
/// use rummykit::{AnyAction, GameKind};
/// let draw = AnyAction::Classic(rummykit::classic::Action::DrawStock);
/// assert_eq!(draw.kind(), GameKind::Classic);
/// assert_eq!(AnyAction::from(rummykit::classic::Action::DrawStock), draw);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnyAction {
    /// A Rummikub action.
    Rummikub(rummykit_rummikub::Action),
    /// A classic Rummy action.
    Classic(rummykit_classic::Action),
    /// A Rummy 40 / Scala 40 action.
    Rummy40(rummykit_rummy40::Action),
}

impl AnyAction {
    /// The engine this action is for.
    ///
    /// ```
    /// use rummykit::{AnyAction, GameKind};
    /// assert_eq!(AnyAction::Rummikub(rummykit::rummikub::Action::Draw).kind(), GameKind::Rummikub);
    /// ```
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyAction::Rummikub(_) => GameKind::Rummikub,
            AnyAction::Classic(_) => GameKind::Classic,
            AnyAction::Rummy40(_) => GameKind::Rummy40,
        }
    }

    /// What the action does in words and piece notation, relative to `view`, the view of
    /// the seat that plays it: the engine's own `describe` (Rummikub's in tiles, the
    /// card games' in cards). An action given with another engine's view is written as
    /// its `Debug` text. What [`Game::describe`] gives.
    ///
    /// ```
    /// use rummykit::rand_chacha::ChaCha8Rng;
    /// use rummykit::rand::SeedableRng;
    /// use rummykit::{AnyGame, Game, Seating, Variant};
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// for variant in [Variant::Rummikub, Variant::Classic, Variant::Rummy40] {
    ///     let game = AnyGame::deal(&variant.config(), Seating::new(2), &mut rng)?;
    ///     let seat = game.to_move().expect("a new hand is on");
    ///     let mut legal = Vec::new();
    ///     game.legal_actions(&mut legal);
    ///     // One program prints every game's actions.
    ///     for action in &legal {
    ///         assert!(!action.describe(&game.view(seat)).to_string().is_empty());
    ///     }
    /// }
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    #[must_use]
    pub fn describe(&self, view: &AnyView) -> Description {
        match (self, view) {
            (AnyAction::Rummikub(a), AnyView::Rummikub(v)) => a.describe(v),
            (AnyAction::Classic(a), AnyView::Classic(v)) => a.describe(v),
            (AnyAction::Rummy40(a), AnyView::Rummy40(v)) => a.describe(v),
            (AnyAction::Rummikub(a), _) => Description::from_text(&format!("{a:?}")),
            (AnyAction::Classic(a), _) => Description::from_text(&format!("{a:?}")),
            (AnyAction::Rummy40(a), _) => Description::from_text(&format!("{a:?}")),
        }
    }
}

/// What one seat of an [`AnyGame`] may see: the view of the engine playing (each
/// engine's `View` converts into it, `From`).
///
/// ```
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, AnyView, Game, GameKind, Seating, Variant};
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let game = AnyGame::deal(&Variant::Classic.config(), Seating::new(2), &mut rng)?;
/// let view = game.view(0);
/// assert_eq!(view.kind(), GameKind::Classic);
/// assert!(matches!(view, AnyView::Classic(_)));
/// // The engine's own game shows the same view.
/// let AnyGame::Classic(classic) = &game else { unreachable!() };
/// assert_eq!(AnyView::from(classic.view(0)), view);
/// # Ok::<(), rummykit::DealError>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnyView {
    /// A Rummikub view.
    Rummikub(rummykit_rummikub::View),
    /// A classic Rummy view.
    Classic(rummykit_classic::View),
    /// A Rummy 40 / Scala 40 view.
    Rummy40(rummykit_rummy40::View),
}

impl AnyView {
    /// The engine this view is of.
    ///
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::{AnyGame, Game, GameKind, Seating, Variant};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let game = AnyGame::deal(&Variant::Scala40.config(), Seating::new(3), &mut rng)?;
    /// assert_eq!(game.view(2).kind(), GameKind::Rummy40);
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyView::Rummikub(_) => GameKind::Rummikub,
            AnyView::Classic(_) => GameKind::Classic,
            AnyView::Rummy40(_) => GameKind::Rummy40,
        }
    }
}

/// The engine's view as text (each engine's `View` implements `Display`): what a
/// program that lets a person play any game shows before asking for an action. Only
/// what the seat may see.
///
/// ```
/// # use rummykit::rand_chacha::ChaCha8Rng;
/// # use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, Game, Seating, Variant};
/// # let mut rng = ChaCha8Rng::seed_from_u64(1);
/// for variant in Variant::ALL {
///     let game = AnyGame::deal(&variant.config(), Seating::new(2).with_dealer(1), &mut rng)?;
///     let text = game.view(0).to_string();
///     assert!(text.starts_with("seat 0 of 2; this seat to move"), "{variant}: {text}");
/// }
/// # Ok::<(), rummykit::DealError>(())
/// ```
impl fmt::Display for AnyView {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyView::Rummikub(v) => fmt::Display::fmt(v, f),
            AnyView::Classic(v) => fmt::Display::fmt(v, f),
            AnyView::Rummy40(v) => fmt::Display::fmt(v, f),
        }
    }
}

impl SeatView for AnyView {
    fn seat(&self) -> Seat {
        match self {
            AnyView::Rummikub(v) => v.seat(),
            AnyView::Classic(v) => v.seat(),
            AnyView::Rummy40(v) => v.seat(),
        }
    }

    fn to_move(&self) -> Option<Seat> {
        match self {
            AnyView::Rummikub(v) => v.to_move(),
            AnyView::Classic(v) => v.to_move(),
            AnyView::Rummy40(v) => v.to_move(),
        }
    }

    fn outcome(&self) -> Option<&Outcome> {
        match self {
            AnyView::Rummikub(v) => v.outcome(),
            AnyView::Classic(v) => v.outcome(),
            AnyView::Rummy40(v) => v.outcome(),
        }
    }
}

/// Why an [`AnyGame`] refused an action.
///
/// ```
/// use rummykit::{AnyError, GameKind, NotYourTurn};
/// let e = AnyError::WrongGame { game: GameKind::Rummikub, action: GameKind::Rummy40 };
/// assert_eq!(e.to_string(), "an action of Rummy 40 offered to a game of Rummikub");
/// let e = AnyError::from(NotYourTurn { seat: 1, to_move: 0 });
/// assert_eq!(e.to_string(), "it is not seat 1's turn: seat 0 is to move");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnyError {
    /// The action was offered for a seat that is not to move (checked before anything
    /// else, the same for every game).
    #[error(transparent)]
    NotYourTurn(#[from] NotYourTurn),
    /// The action belongs to another game than the one being played.
    #[error("an action of {action} offered to a game of {game}")]
    WrongGame {
        /// The game being played.
        game: GameKind,
        /// The game the action belongs to.
        action: GameKind,
    },
    /// Rummikub refused the action.
    #[error(transparent)]
    Rummikub(#[from] rummykit_rummikub::ActionError),
    /// Classic Rummy refused the action.
    #[error(transparent)]
    Classic(#[from] rummykit_classic::ActionError),
    /// Rummy 40 refused the action.
    #[error(transparent)]
    Rummy40(#[from] rummykit_rummy40::ActionError),
}

/// One hand of any game of the library, chosen at run time (from a
/// [`Variant`](crate::Variant), a name or an [`AnyConfig`]), behind the one [`Game`]
/// contract: drivers, matches, records, the conformance harness and
/// [`RandomBot`](rummykit_core::RandomBot) work on it unchanged.
///
/// Every call is delegated to the engine playing, scores included: Rummy 40's are its
/// penalty points, and [`Game::score_order`] says so for its configuration, so a
/// [`Match`](rummykit_core::Match) ranks them (and plays elimination at 101) as the
/// engine's own match would. One difference is what one type over three games needs:
///
/// * **The list of legal actions is not complete for every game**
///   ([`Game::LISTS_ALL_ACTIONS`] is `false`, as for Rummikub), although the card
///   games' lists are complete here too.
///
/// An action of another game is refused with [`AnyError::WrongGame`], an action for a
/// seat not to move with [`AnyError::NotYourTurn`], and the state is then unchanged.
///
/// ```
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::{AnyAction, AnyError, AnyGame, Game, GameKind, Seating, Variant, play_hand};
///
/// let variant: Variant = "scala40".parse()?;
/// let config = variant.config().with_max_restocks(Some(3));
/// let mut rng = ChaCha8Rng::seed_from_u64(5);
/// let mut game = AnyGame::deal(&config, Seating::new(2), &mut rng)?;
///
/// let seat = game.to_move().expect("a new hand has a seat to move");
/// let rummikub_draw = AnyAction::Rummikub(rummykit::rummikub::Action::Draw);
/// assert_eq!(
///     game.apply(seat, rummikub_draw),
///     Err(AnyError::WrongGame { game: GameKind::Rummy40, action: GameKind::Rummikub })
/// );
///
/// let a = rummykit::bot(variant, "planner", 1)?;
/// let b = rummykit::bot(variant, "random", 2)?;
/// let (outcome, _) = play_hand(&mut game, &mut [a, b], 100_000)?;
/// assert!(outcome.points.iter().all(|&p| p >= 0)); // penalty points
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnyGame {
    /// A hand of Rummikub.
    Rummikub(Rummikub),
    /// A hand of classic Rummy.
    Classic(ClassicRummy),
    /// A hand of Rummy 40 or Scala 40.
    Rummy40(Rummy40),
}

impl AnyGame {
    /// The engine playing.
    ///
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::{AnyGame, Game, GameKind, Seating, Variant};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let game = AnyGame::deal(&Variant::Schmidt.config(), Seating::new(4), &mut rng)?;
    /// assert_eq!(game.kind(), GameKind::Rummikub);
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    #[must_use]
    pub const fn kind(&self) -> GameKind {
        match self {
            AnyGame::Rummikub(_) => GameKind::Rummikub,
            AnyGame::Classic(_) => GameKind::Classic,
            AnyGame::Rummy40(_) => GameKind::Rummy40,
        }
    }

    /// The rules this hand is played by: the engine's configuration, as an
    /// [`AnyConfig`]. Returned by value (a copy of a few dozen bytes): an `AnyGame` holds
    /// the engine's state, which holds the engine's configuration, not an `AnyConfig`
    /// to lend.
    ///
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::{AnyGame, Game, Seating, Variant};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let config = Variant::Scala40.config();
    /// let game = AnyGame::deal(&config, Seating::new(3), &mut rng)?;
    /// assert_eq!(game.config(), config);
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    #[must_use]
    pub fn config(&self) -> AnyConfig {
        match self {
            AnyGame::Rummikub(g) => AnyConfig::Rummikub(*g.config()),
            AnyGame::Classic(g) => AnyConfig::Classic(*g.config()),
            AnyGame::Rummy40(g) => AnyConfig::Rummy40(*g.config()),
        }
    }

    /// The engine's own [`apply_borrowed`](Game::apply_borrowed), once
    /// [`admit`](AnyGame::admit) has passed.
    fn apply_admitted(&mut self, seat: Seat, action: &AnyAction) -> Result<(), AnyError> {
        match (self, action) {
            (AnyGame::Rummikub(g), AnyAction::Rummikub(a)) => Ok(Game::apply_borrowed(g, seat, a)?),
            (AnyGame::Classic(g), AnyAction::Classic(a)) => Ok(Game::apply_borrowed(g, seat, a)?),
            (AnyGame::Rummy40(g), AnyAction::Rummy40(a)) => Ok(Game::apply_borrowed(g, seat, a)?),
            // `admit` refused every other pair.
            (game, action) => Err(AnyError::WrongGame { game: game.kind(), action: action.kind() }),
        }
    }

    /// `Ok` when `seat` is to move (or the hand is over: the engine's own "hand over"
    /// error then applies) and `action` is of this game.
    fn admit(&self, seat: Seat, action: &AnyAction) -> Result<(), AnyError> {
        NotYourTurn::check(seat, self.to_move())?;
        if action.kind() != self.kind() {
            return Err(AnyError::WrongGame { game: self.kind(), action: action.kind() });
        }
        Ok(())
    }
}

impl Game for AnyGame {
    type Config = AnyConfig;
    type Action = AnyAction;
    type View = AnyView;
    type Error = AnyError;

    /// The score order of the engine `config` is for (Rummy 40 counts penalties).
    fn score_order(config: &AnyConfig) -> ScoreOrder {
        match config {
            AnyConfig::Rummikub(rules) => Rummikub::score_order(rules),
            AnyConfig::Classic(c) => ClassicRummy::score_order(c),
            AnyConfig::Rummy40(c) => Rummy40::score_order(c),
        }
    }

    /// Deals a hand of the engine `config` is for.
    fn deal<R: Rng + ?Sized>(config: &AnyConfig, seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        Ok(match config {
            AnyConfig::Rummikub(rules) => AnyGame::Rummikub(Rummikub::deal(rules, seating, rng)?),
            AnyConfig::Classic(c) => AnyGame::Classic(ClassicRummy::deal(c, seating, rng)?),
            AnyConfig::Rummy40(c) => AnyGame::Rummy40(Rummy40::deal(c, seating, rng)?),
        })
    }

    fn seat_range(config: &AnyConfig) -> RangeInclusive<usize> {
        match config {
            AnyConfig::Rummikub(rules) => Rummikub::seat_range(rules),
            AnyConfig::Classic(c) => ClassicRummy::seat_range(c),
            AnyConfig::Rummy40(c) => Rummy40::seat_range(c),
        }
    }

    /// The engine's own match terms.
    fn default_terms(config: &AnyConfig, seats: usize) -> rummykit_core::MatchTerms {
        match config {
            AnyConfig::Rummikub(rules) => Rummikub::default_terms(rules, seats),
            AnyConfig::Classic(c) => ClassicRummy::default_terms(c, seats),
            AnyConfig::Rummy40(c) => Rummy40::default_terms(c, seats),
        }
    }

    fn seats(&self) -> usize {
        match self {
            AnyGame::Rummikub(g) => g.seats(),
            AnyGame::Classic(g) => g.seats(),
            AnyGame::Rummy40(g) => g.seats(),
        }
    }

    fn to_move(&self) -> Option<Seat> {
        match self {
            AnyGame::Rummikub(g) => g.to_move(),
            AnyGame::Classic(g) => g.to_move(),
            AnyGame::Rummy40(g) => g.to_move(),
        }
    }

    fn dealt_by(&self) -> Option<Seat> {
        match self {
            AnyGame::Rummikub(g) => g.dealt_by(),
            AnyGame::Classic(g) => g.dealt_by(),
            AnyGame::Rummy40(g) => g.dealt_by(),
        }
    }

    /// The engine's rules, as [`AnyGame::config`] gives them.
    fn config(&self) -> AnyConfig {
        AnyGame::config(self)
    }

    /// [`AnyError::NotYourTurn`], the refusal [`AnyGame`] makes itself before it hands
    /// an action to the engine, or an engine's own seat refusal converted into an
    /// [`AnyError`]; `None` for every other refusal, the engine's "hand over" among
    /// them.
    fn not_your_turn(error: &AnyError) -> Option<NotYourTurn> {
        match error {
            AnyError::NotYourTurn(refusal) => Some(*refusal),
            AnyError::Rummikub(e) => Rummikub::not_your_turn(e),
            AnyError::Classic(e) => ClassicRummy::not_your_turn(e),
            AnyError::Rummy40(e) => Rummy40::not_your_turn(e),
            AnyError::WrongGame { .. } => None,
        }
    }

    fn check(&self, seat: Seat, action: &AnyAction) -> Result<(), AnyError> {
        self.admit(seat, action)?;
        match (self, action) {
            (AnyGame::Rummikub(g), AnyAction::Rummikub(a)) => Ok(Game::check(g, seat, a)?),
            (AnyGame::Classic(g), AnyAction::Classic(a)) => Ok(Game::check(g, seat, a)?),
            (AnyGame::Rummy40(g), AnyAction::Rummy40(a)) => Ok(Game::check(g, seat, a)?),
            // `admit` refused every other pair.
            _ => Err(AnyError::WrongGame { game: self.kind(), action: action.kind() }),
        }
    }

    fn apply(&mut self, seat: Seat, action: AnyAction) -> Result<(), AnyError> {
        self.admit(seat, &action)?;
        let (game, kind) = (self.kind(), action.kind());
        match (self, action) {
            (AnyGame::Rummikub(g), AnyAction::Rummikub(a)) => Ok(Game::apply(g, seat, a)?),
            (AnyGame::Classic(g), AnyAction::Classic(a)) => Ok(Game::apply(g, seat, a)?),
            (AnyGame::Rummy40(g), AnyAction::Rummy40(a)) => Ok(Game::apply(g, seat, a)?),
            _ => Err(AnyError::WrongGame { game, action: kind }),
        }
    }

    /// As [`apply`](Game::apply), the action only read: the engine's own.
    fn apply_borrowed(&mut self, seat: Seat, action: &AnyAction) -> Result<(), AnyError> {
        self.admit(seat, action)?;
        self.apply_admitted(seat, action)
    }

    /// The engine's own [`apply_shown`](Game::apply_shown), given the view `shown`
    /// wraps and the key, the state unchanged (so a game that applies its random
    /// draw's actions without deciding them again does so here too); a view of another
    /// game is no view of this one: [`apply_borrowed`](Game::apply_borrowed).
    #[inline]
    fn apply_shown<'v>(
        &mut self,
        seat: Seat,
        shown: &'v AnyView,
        action: &AnyAction,
        key: ShownKey<'v>,
    ) -> Result<(), AnyError> {
        self.admit(seat, action)?;
        match (self, shown, action) {
            (AnyGame::Rummikub(g), AnyView::Rummikub(v), AnyAction::Rummikub(a)) => {
                Ok(g.apply_shown(seat, v, a, key)?)
            }
            (AnyGame::Classic(g), AnyView::Classic(v), AnyAction::Classic(a)) => {
                Ok(g.apply_shown(seat, v, a, key)?)
            }
            (AnyGame::Rummy40(g), AnyView::Rummy40(v), AnyAction::Rummy40(a)) => {
                Ok(g.apply_shown(seat, v, a, key)?)
            }
            (game, _, action) => game.apply_admitted(seat, action),
        }
    }

    fn legal_actions(&self, out: &mut Vec<AnyAction>) {
        out.clear();
        match self {
            AnyGame::Rummikub(g) => {
                let mut own = Vec::new();
                g.legal_actions(&mut own);
                out.extend(own.into_iter().map(AnyAction::Rummikub));
            }
            AnyGame::Classic(g) => {
                let mut own = Vec::new();
                g.legal_actions(&mut own);
                out.extend(own.into_iter().map(AnyAction::Classic));
            }
            AnyGame::Rummy40(g) => {
                let mut own = Vec::new();
                g.legal_actions(&mut own);
                out.extend(own.into_iter().map(AnyAction::Rummy40));
            }
        }
    }

    fn legal_actions_from(view: &AnyView, out: &mut Vec<AnyAction>) {
        out.clear();
        match view {
            AnyView::Rummikub(v) => {
                let mut own = Vec::new();
                Rummikub::legal_actions_from(v, &mut own);
                out.extend(own.into_iter().map(AnyAction::Rummikub));
            }
            AnyView::Classic(v) => {
                let mut own = Vec::new();
                ClassicRummy::legal_actions_from(v, &mut own);
                out.extend(own.into_iter().map(AnyAction::Classic));
            }
            AnyView::Rummy40(v) => {
                let mut own = Vec::new();
                Rummy40::legal_actions_from(v, &mut own);
                out.extend(own.into_iter().map(AnyAction::Rummy40));
            }
        }
    }

    fn random_action_from<R: Rng + ?Sized>(view: &AnyView, rng: &mut R) -> Option<AnyAction> {
        match view {
            AnyView::Rummikub(v) => Rummikub::random_action_from(v, rng).map(AnyAction::Rummikub),
            AnyView::Classic(v) => ClassicRummy::random_action_from(v, rng).map(AnyAction::Classic),
            AnyView::Rummy40(v) => Rummy40::random_action_from(v, rng).map(AnyAction::Rummy40),
        }
    }

    fn fallback_action(view: &AnyView) -> Option<AnyAction> {
        match view {
            AnyView::Rummikub(v) => Rummikub::fallback_action(v).map(AnyAction::Rummikub),
            AnyView::Classic(v) => ClassicRummy::fallback_action(v).map(AnyAction::Classic),
            AnyView::Rummy40(v) => Rummy40::fallback_action(v).map(AnyAction::Rummy40),
        }
    }

    fn view(&self, seat: Seat) -> AnyView {
        match self {
            AnyGame::Rummikub(g) => AnyView::Rummikub(g.view(seat)),
            AnyGame::Classic(g) => AnyView::Classic(g.view(seat)),
            AnyGame::Rummy40(g) => AnyView::Rummy40(g.view(seat)),
        }
    }

    fn view_into(&self, seat: Seat, view: &mut AnyView) {
        match (self, view) {
            (AnyGame::Rummikub(g), AnyView::Rummikub(v)) => g.view_into(seat, v),
            (AnyGame::Classic(g), AnyView::Classic(v)) => g.view_into(seat, v),
            (AnyGame::Rummy40(g), AnyView::Rummy40(v)) => g.view_into(seat, v),
            (game, view) => *view = game.view(seat),
        }
    }

    fn describe(view: &AnyView, action: &AnyAction) -> Description {
        action.describe(view)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self {
            AnyGame::Rummikub(g) => g.outcome(),
            AnyGame::Classic(g) => g.outcome(),
            AnyGame::Rummy40(g) => g.outcome(),
        }
    }
}

/// Positions written as an [`AnySetup`]: the engine's own [`FromSetup`], under the
/// engine's configuration.
///
/// ```
/// # use rummykit::rand_chacha::ChaCha8Rng;
/// # use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, AnySetup, DealError, FromSetup, Game, Seating, Variant};
///
/// for variant in Variant::ALL {
///     let config = variant.config();
///     let game = AnyGame::deal(&config, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(4))?;
///     assert_eq!(AnyGame::from_setup(&config, game.setup())?, game, "{variant}");
/// }
/// // A position of one engine under another's rules is refused.
/// let rummikub = AnyGame::deal(&Variant::Rummikub.config(), Seating::new(2), &mut ChaCha8Rng::seed_from_u64(4))?;
/// let refused = AnyGame::from_setup(&Variant::Classic.config(), rummikub.setup());
/// assert!(matches!(refused, Err(DealError::InvalidDeal(_))));
/// # Ok::<(), DealError>(())
/// ```
impl FromSetup for AnyGame {
    type Setup = AnySetup;

    fn setup(&self) -> AnySetup {
        match self {
            AnyGame::Rummikub(g) => AnySetup::Rummikub(g.setup()),
            AnyGame::Classic(g) => AnySetup::Classic(g.setup()),
            AnyGame::Rummy40(g) => AnySetup::Rummy40(g.setup()),
        }
    }

    /// # Errors
    ///
    /// The engine's [`DealError`]; a position of another engine than `config`'s is
    /// [`DealError::InvalidDeal`] holding [`PositionError::Inconsistent`].
    fn from_setup(config: &AnyConfig, setup: AnySetup) -> Result<AnyGame, DealError> {
        Ok(match (config, setup) {
            (AnyConfig::Rummikub(c), AnySetup::Rummikub(s)) => AnyGame::Rummikub(Rummikub::from_setup(c, s)?),
            (AnyConfig::Classic(c), AnySetup::Classic(s)) => {
                AnyGame::Classic(ClassicRummy::from_setup(c, s)?)
            }
            (AnyConfig::Rummy40(c), AnySetup::Rummy40(s)) => AnyGame::Rummy40(Rummy40::from_setup(c, s)?),
            _ => {
                return Err(
                    PositionError::Inconsistent("the position is of another game than the rules").into()
                );
            }
        })
    }
}

/// What `seat` cannot see dealt anew by the engine playing (its own [`Redeal`]).
///
/// ```
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, Game, Redeal, Seating, Variant};
///
/// for variant in Variant::ALL {
///     let mut rng = ChaCha8Rng::seed_from_u64(3);
///     let game = AnyGame::deal(&variant.config(), Seating::new(2), &mut rng)?;
///     let sample = game.redeal(0, &mut rng);
///     assert_eq!(sample.view(0), game.view(0), "{variant}");
///     assert_ne!(sample, game, "{variant}"); // seat 1's pieces and the stock moved
/// }
/// # Ok::<(), rummykit::DealError>(())
/// ```
impl Redeal for AnyGame {
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> AnyGame {
        match self {
            AnyGame::Rummikub(g) => AnyGame::Rummikub(g.redeal(seat, rng)),
            AnyGame::Classic(g) => AnyGame::Classic(g.redeal(seat, rng)),
            AnyGame::Rummy40(g) => AnyGame::Rummy40(g.redeal(seat, rng)),
        }
    }
}

impl From<Rummikub> for AnyGame {
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::rummikub::{Config, Rummikub};
    /// use rummykit::{AnyGame, Game, Seating};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// assert_eq!(AnyGame::from(game.clone()), AnyGame::Rummikub(game));
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    fn from(game: Rummikub) -> AnyGame {
        AnyGame::Rummikub(game)
    }
}

impl From<ClassicRummy> for AnyGame {
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::classic::{ClassicRummy, Config};
    /// use rummykit::{AnyGame, Game, MatchEnd, Seating};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let game = ClassicRummy::deal(&Config::STANDARD.with_game_end(MatchEnd::SingleHand), Seating::new(2), &mut rng)?;
    /// assert_eq!(AnyGame::from(game.clone()), AnyGame::Classic(game));
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    fn from(game: ClassicRummy) -> AnyGame {
        AnyGame::Classic(game)
    }
}

impl From<Rummy40> for AnyGame {
    /// ```
    /// # use rummykit::rand_chacha::ChaCha8Rng;
    /// # use rummykit::rand::SeedableRng;
    /// use rummykit::rummy40::{Config, Rummy40};
    /// use rummykit::{AnyGame, Game, Seating};
    /// # let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng)?;
    /// assert_eq!(AnyGame::from(game.clone()), AnyGame::Rummy40(game));
    /// # Ok::<(), rummykit::DealError>(())
    /// ```
    fn from(game: Rummy40) -> AnyGame {
        AnyGame::Rummy40(game)
    }
}

/// `From` each engine's own type for the wrapper that holds one of the three, as
/// [`AnyGame`] and [`AnyError`] have it: code written for one engine hands its
/// configuration, position, action or view on with `.into()`.
macro_rules! from_engine {
    ($any:ident: $($variant:ident($engine:ty)),+) => {$(
        impl From<$engine> for $any {
            fn from(engine: $engine) -> $any {
                $any::$variant(engine)
            }
        }
    )+};
}

from_engine!(AnyConfig: Rummikub(RummikubConfig), Classic(rummykit_classic::Config), Rummy40(rummykit_rummy40::Config));
from_engine!(AnySetup: Rummikub(rummykit_rummikub::Setup), Classic(rummykit_classic::Setup), Rummy40(rummykit_rummy40::Setup));
from_engine!(AnyAction: Rummikub(rummykit_rummikub::Action), Classic(rummykit_classic::Action), Rummy40(rummykit_rummy40::Action));
from_engine!(AnyView: Rummikub(rummykit_rummikub::View), Classic(rummykit_classic::View), Rummy40(rummykit_rummy40::View));
