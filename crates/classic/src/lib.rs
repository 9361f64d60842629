//! Classic Rummy — John McLeod's basic rummy (pagat) with its listed variations —
//! as a deterministic rule engine: section 2 of the
//! [rules reference](https://github.com/rummykit/rummykit/blob/main/docs/RULES.md), cited as `RULES.md §2.n` throughout this
//! documentation.
//!
//! * [`Config`]: every option of §2.7, with presets ([`Config::STANDARD`],
//!   [`Config::LAST_CARD`], [`Config::LIBERAL`]), and [`RESTOCK_CAP`], the restock
//!   bound for bots and simulations.
//! * [`ClassicRummy`]: one hand; implements [`rummykit_core::Game`]. Dealt with the
//!   caller's rng ([`Game::deal`](rummykit_core::Game::deal)) or set up at any position
//!   from a [`Setup`] ([`ClassicRummy::from_setup`], also the save reader). Moves are atomic [`Action`]s naming cards by
//!   identity and melds by [`MeldId`](rummykit_core::MeldId);
//!   [`Game::legal_actions`](rummykit_core::Game::legal_actions) enumerates them and
//!   agrees exactly with [`Game::check`](rummykit_core::Game::check). Refused actions
//!   return an [`ActionError`] and leave the state unchanged.
//! * [`View`]: what one seat may see, with its own `legal_actions` for bots.
//! * [`analyze`]: the least-deadwood split of a hand (hints, bots); [`GreedyBot`],
//!   [`PlannerBot`] and core's [`RandomBot`](rummykit_core::RandomBot) play from their
//!   [`View`] only.
//! * Matches: core's [`Match`](rummykit_core::Match) on the terms of
//!   [`Game::default_terms`](rummykit_core::Game::default_terms), cumulative scoring to
//!   `Config::game_end`.
//!
//! Built from core's shared card-game skeleton: [`HandState`](rummykit_core::HandState)
//! (the hand's state and its draw, take and discard transitions, shared with Rummy 40),
//! [`CardSetup`](rummykit_core::CardSetup) (the checks of a scripted position),
//! [`Piles`](rummykit_core::Piles) (stock, discard pile, restock),
//! [`MeldTable`](rummykit_core::MeldTable) (melds with stable ids, lay-off) and
//! [`least_deadwood`](rummykit_core::least_deadwood).
//!
//! ```
//! use rummykit_classic::rand::SeedableRng;
//! use rummykit_classic::{ClassicRummy, Config, RESTOCK_CAP};
//! use rummykit_classic::rummykit_core::{Game, Seating};
//!
//! // The standard rules with at most two restocks (`Config::STANDARD` has no cap).
//! let config = Config::STANDARD.with_max_restocks(Some(RESTOCK_CAP));
//! let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(42);
//! let mut hand = ClassicRummy::deal(&config, Seating::new(3), &mut rng)?;
//! let mut actions = Vec::new();
//! // Play the first legal action (a draw from the stock, then a meld or a discard) until
//! // the hand ends: someone goes out, or the stock runs out a third time and the hand is
//! // void. Every turn draws from the stock, so the cap ends even a hand nobody wins.
//! while let Some(seat) = hand.to_move() {
//!     hand.legal_actions(&mut actions);
//!     hand.apply(seat, actions[0]).unwrap();
//! }
//! assert!(hand.outcome().is_some() && hand.conserves_cards());
//! # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
//! ```
//!
//! # Feature flags
//!
//! * `serde`: `Serialize` and `Deserialize` for the rules ([`Config`] and its enums),
//!   actions ([`Action`]), positions ([`Setup`]), views ([`View`]) and [`ClassicRummy`]
//!   itself, through a plain representation that is checked again when read (an edited
//!   save is an error, never a state; a view no hand could show is refused too), and
//!   for [`ActionError`], so a service can send a refusal as data.
#![forbid(unsafe_code)]
// docs.rs marks what a feature gates (its build passes `--cfg docsrs` on nightly).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The shared vocabulary and contract classic Rummy is built on ([`Game`](rummykit_core::Game),
/// [`Seating`](rummykit_core::Seating), [`Bot`](rummykit_core::Bot), [`DealError`](rummykit_core::DealError),
/// matches, notation): a program that depends on this crate alone names them through
/// `rummykit_classic::rummykit_core`.
pub use rummykit_core;

/// The `rand` (0.10) this crate deals with, for its traits (such as `SeedableRng`). It
/// is asked for without its default features: unless another dependency turns them on,
/// for `rand::rng()` or seeding from the operating system depend on `rand` 0.10 with its
/// default features.
pub use rand;

/// The `rand_chacha` crate (0.10): `ChaCha8Rng::seed_from_u64` deals the same game for
/// the same seed on every platform.
pub use rand_chacha;

mod action;
mod analysis;
mod bots;
mod config;
mod error;
mod game;
mod match_play;
mod planner;
#[cfg(feature = "serde")]
mod serde_state;
mod setup;
mod turn;
mod view;

pub use action::Action;
pub use analysis::analyze;
pub use bots::GreedyBot;
pub use config::{AceMode, Config, MELD_RULES, MeldLimit, RESTOCK_CAP};
pub use error::ActionError;
pub use game::ClassicRummy;
pub use planner::PlannerBot;
/// The least-deadwood split [`analyze`] gives, the shape Rummy 40's shares.
pub use rummykit_core::{HandAnalysis, PieceMeld};
/// The turn phase and the table meld of a setup, shared with the other card games.
pub use rummykit_core::{Phase, SetupMeld};
pub use setup::Setup;
pub use view::View;
