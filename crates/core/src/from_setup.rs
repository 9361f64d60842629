//! [`FromSetup`]: a game whose whole position is plain data that a caller can write down,
//! check and save.

use core::fmt::Debug;

use crate::{DealError, Game};

/// A game whose complete position is a plain-data `Setup` (pieces in notation when
/// saved): [`from_setup`](FromSetup::from_setup) builds a state from one with every
/// check a save gets, and [`setup`](FromSetup::setup) writes a state back out, so that
/// `from_setup(config, game.setup()) == game`. Generic code uses it to script
/// positions and to copy a game through its written form, whatever the game.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{FromSetup, Game, Seating};
///
/// /// Deals, plays the first listed action three times, and rebuilds the position from
/// /// its written form: the same state, for any game that has one.
/// fn rebuilt<G: FromSetup + PartialEq>(config: &G::Config) -> bool {
///     let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
///     let mut game = G::deal(config, Seating::new(2), &mut rng).expect("a deal");
///     let mut actions = Vec::new();
///     for _ in 0..3 {
///         let Some(seat) = game.to_move() else { break };
///         game.legal_actions(&mut actions);
///         let Some(action) = actions.first().cloned() else { break };
///         game.apply(seat, action).expect("a listed action");
///     }
///     G::from_setup(config, game.setup()).is_ok_and(|built| built == game)
/// }
/// # let _ = rebuilt::<NoGame>;
/// # #[derive(Clone, Debug, PartialEq)] struct NoGame;
/// # impl Game for NoGame {
/// #     type Config = (); type Action = (); type View = (); type Error = rummykit_core::NotYourTurn;
/// #     fn score_order(_: &()) -> rummykit_core::ScoreOrder { rummykit_core::ScoreOrder::HigherIsBetter }
/// #     fn deal<R: rand::Rng + ?Sized>(_: &(), _: Seating, _: &mut R) -> Result<Self, rummykit_core::DealError> { Ok(NoGame) }
/// #     fn seats(&self) -> usize { 2 }
/// #     fn config(&self) {}
/// #     fn to_move(&self) -> Option<usize> { None }
/// #     fn apply(&mut self, _: usize, _: ()) -> Result<(), rummykit_core::NotYourTurn> { Ok(()) }
/// #     fn view(&self, _: usize) {}
/// #     fn outcome(&self) -> Option<rummykit_core::Outcome> { None }
/// # }
/// # impl FromSetup for NoGame {
/// #     type Setup = ();
/// #     fn setup(&self) {}
/// #     fn from_setup(_: &(), _: ()) -> Result<Self, rummykit_core::DealError> { Ok(NoGame) }
/// # }
/// assert!(rebuilt::<NoGame>(&()));
/// ```
pub trait FromSetup: Game {
    /// The written form of a position.
    ///
    /// ```
    /// # mod nim {
    /// #     include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs"));
    /// #     include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/from_setup/doc_nim_setup.rs"));
    /// # }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{FromSetup, Game, Seating};
    /// // A position written out is plain data: kept, compared, edited, then built again.
    /// fn round_trips<G: FromSetup + PartialEq>(game: &G) -> bool {
    ///     let written: G::Setup = game.setup();
    ///     G::from_setup(&game.config(), written).is_ok_and(|back| back == *game)
    /// }
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// nim.apply(0, 2)?;
    /// assert!(round_trips(&nim));
    /// // The toy Nim writes (heap, taken by each seat, seat to move); an edit that loses
    /// // a counter is refused.
    /// let (heap, taken, next) = nim.setup();
    /// assert!(Nim::from_setup(&(), (heap - 1, taken, next)).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    type Setup: Clone + Debug;

    /// The position written out.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{DealError, FromSetup, Game, PositionError, Seating};
    /// /// The conformance toy Nim written as (heap, taken by each seat, seat to move).
    /// impl FromSetup for Nim {
    ///     type Setup = (u8, [u8; 2], usize);
    ///     fn setup(&self) -> Self::Setup { (self.heap, self.taken, self.next) }
    ///     fn from_setup(_: &(), (heap, taken, next): Self::Setup) -> Result<Nim, DealError> {
    ///         let found = usize::from(heap) + usize::from(taken[0]) + usize::from(taken[1]);
    ///         if found != 7 { return Err(PositionError::PieceCount { found, expected: 7 }.into()); }
    ///         if next > 1 { return Err(PositionError::Inconsistent("no such seat").into()); }
    ///         Ok(Nim { heap, taken, next })
    ///     }
    /// }
    /// let mut nim = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1))?;
    /// nim.apply(0, 2)?;
    /// assert_eq!(nim.setup(), (5, [2, 0], 1));
    /// // Written out and read back: the same state.
    /// assert_eq!(Nim::from_setup(&(), nim.setup())?, nim);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn setup(&self) -> Self::Setup;

    /// The state of `setup` under `config`, checked as a save is.
    ///
    /// # Errors
    ///
    /// [`DealError`]: the configuration's, or the [`PositionError`](crate::PositionError)
    /// that says why `setup` is no position of the game.
    ///
    /// ```
    /// # mod nim {
    /// #     include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs"));
    /// #     include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/from_setup/doc_nim_setup.rs"));
    /// # }
    /// # use nim::Nim;
    /// use rummykit_core::{DealError, FromSetup, Game, PositionError};
    /// // The toy Nim as the `setup` example writes it: (heap, taken by each seat, seat to move).
    /// // A scripted position: one counter left, seat 1 to take it.
    /// let mut nim = Nim::from_setup(&(), (1, [3, 3], 1))?;
    /// nim.apply(1, 1)?;
    /// assert_eq!(nim.outcome().map(|o| o.winners), Some(vec![1]));
    /// // Eight counters are no position of the game.
    /// let refused = Nim::from_setup(&(), (2, [3, 3], 0));
    /// assert_eq!(refused, Err(DealError::InvalidDeal(PositionError::PieceCount { found: 8, expected: 7 })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_setup(config: &Self::Config, setup: Self::Setup) -> Result<Self, DealError>;
}
