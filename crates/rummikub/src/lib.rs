//! Rummikub as sold in the box, with every common house rule and the Schmidt variant,
//! and an exact solver for the best rearrangement of the table.
//!
//! The rules are those of sections 1 and 4.1 of the
//! [rules reference](https://github.com/rummykit/rummykit/blob/main/docs/RULES.md),
//! cited as `RULES.md §n.m` throughout this documentation.
//!
//! * [`Config`]: every option, as public fields, with the presets [`Config::STANDARD`]
//!   (the box), [`Config::XP`] (the 160-tile set for up to six players) and
//!   [`Config::SCHMIDT`].
//! * [`Rummikub`]: one game, implementing core's [`Game`](rummykit_core::Game). It is
//!   dealt with the caller's rng or scripted from a [`Setup`]. A turn is one [`Action`]:
//!   a [`Play`](Action::Play) commits the whole new table, which [`check_play`] judges
//!   against the table and rack at the start of the turn, naming the broken rule in a
//!   [`PlayError`]; or a draw, a pass, a timeout or an abandoned turn. A refused action
//!   leaves the game unchanged.
//! * [`Staging`]: the tentative table of a turn for interactive play (new melds, moves,
//!   splits, reset), committed as one `Play`.
//! * Scoring ([`score_went_out`], [`score_pool_empty`]), sessions of several games
//!   (RULES.md's word for a match: [`Session`] is core's `Match<Rummikub>` and
//!   [`SessionView`] its `MatchView`, on [`session_terms`]) and per-seat [`View`]s that
//!   show only what the seat may see.
//! * [`solve`] and [`Solver`]: the play that places the most tiles (or the most value),
//!   rearranging the table freely, or, before the initial meld, the best opening; exact.
//! * Bots that play from their [`View`]: [`GreedyBot`] (the solver's best play),
//!   [`ThoroughBot`] and [`SamplerBot`] (Monte-Carlo look-ahead in the endgame); core's
//!   [`RandomBot`](rummykit_core::RandomBot) picks among [`View::legal_actions`].
//!
//! A game from a scripted position: seat 0 makes its initial meld, seat 1 cannot and
//! draws.
//!
//! ```
//! use rummykit_rummikub::rummykit_core::{Game, Meld, MeldKind, MeldRules, Tile, parse_list};
//! use rummykit_rummikub::{Action, ActionError, Config, Rummikub, Setup, TileSet};
//!
//! let mut setup = Setup::new(vec!["r10 r11 r12 b1".parse()?, "k1 k2".parse()?]);
//! setup.fill_pool(TileSet::Standard106);
//! let mut game = Rummikub::from_setup(&Config::STANDARD, setup).expect("a valid position");
//!
//! let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &rummykit_rummikub::MELD_RULES);
//! // 10 + 11 + 12 = 33 points: enough for the initial meld of 30.
//! game.apply(0, Action::Play { table: vec![run("r10 r11 r12").unwrap()] }).expect("legal");
//! assert_eq!(game.rack(0).unwrap().len(), 1);
//!
//! // Seat 1's k1 k2 is no meld; the refusal says why and changes nothing.
//! assert!(run("k1 k2").is_err());
//! let before = game.clone();
//! let err = game.apply(1, Action::Pass).unwrap_err();
//! assert!(matches!(err, ActionError::PassWithPoolNonEmpty { .. }));
//! assert_eq!(game, before);
//! game.apply(1, Action::Draw).expect("a draw is always possible while the pool has tiles");
//! assert_eq!(game.to_move(), Some(0));
//! # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
//! ```
//!
//! The solver on its own:
//!
//! ```
//! use rummykit_rummikub::{Position, SolveOptions, solve};
//!
//! // Blue 2-6 on the table, a blue 4 on the rack: split into 2-4 and 4-6.
//! let best = solve(&Position::parse("b2 b3 b4 b5 b6", "b4 r9")?, &SolveOptions::default())?;
//! assert_eq!((best.tiles_placed, best.table.len()), (1, 2));
//! # Ok::<(), rummykit_rummikub::SolveError>(())
//! ```
//!
//! # Feature flags
//!
//! * `serde`: `Serialize` and `Deserialize` for the rules, actions, views and the game
//!   itself, through a plain representation that is checked again when read (an edited
//!   save is an error, never a game; a view no game could show is refused too); for the
//!   errors ([`ActionError`], [`PlayError`], [`StagingError`], [`SolveError`]), so a
//!   service can send a refusal as data.
#![forbid(unsafe_code)]
// docs.rs marks what a feature gates (its build passes `--cfg docsrs` on nightly).
#![cfg_attr(docsrs, feature(doc_cfg))]

// --- solver ---
/// The shared vocabulary and contract Rummikub is built on ([`Game`](rummykit_core::Game),
/// [`Seating`](rummykit_core::Seating), [`Bot`](rummykit_core::Bot), [`DealError`](rummykit_core::DealError),
/// matches, notation): a program that depends on this crate alone names them through
/// `rummykit_rummikub::rummykit_core`.
pub use rummykit_core;

/// The `rand` (0.10) this crate deals with, for its traits (such as `SeedableRng`). It
/// is asked for without its default features: unless another dependency turns them on,
/// for `rand::rng()` or seeding from the operating system depend on `rand` 0.10 with its
/// default features.
pub use rand;

/// The `rand_chacha` crate (0.10): `ChaCha8Rng::seed_from_u64` deals the same game for
/// the same seed on every platform.
pub use rand_chacha;

pub mod solver;
pub use solver::{Objective, Position, Solution, SolveError, SolveOptions, Solver, TurnProof, solve};
// --- bots ---
mod bots;
pub use bots::{GreedyBot, SamplerBot, ThoroughBot};
// --- engine ---
mod check;
mod config;
mod description;
mod error;
mod game;
mod legal;
mod score;
#[cfg(feature = "serde")]
mod serde_error;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "serde")]
mod serde_view;
mod session;
mod staging;
mod tile_counts;
mod view;

pub use check::{PlayInfo, check_play};
pub use config::{
    Config, InitialJokerValue, JokerRelease, JokerReuse, MELD_RULES, PoolEmptyEnd, ReplacementSource,
    SessionRanking, TileSet, Timer,
};
pub use error::{ActionError, PlayError, StagingError};
pub use game::{Action, Rummikub, Setup};
pub use rummykit_core::MAX_PENALTY;
pub use score::{GameEnd, score_pool_empty, score_went_out};
pub use session::{Session, SessionView, session_terms};
pub use staging::{StagedMeld, Staging};
pub use tile_counts::TileCounts;
pub use view::{SeatSummary, View};

/// The crate README's example, compiled and run with the doctests so that it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
