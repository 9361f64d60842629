//! Rummy 40, with the Scala 40 rules as options: section 3 of the
//! [rules reference](https://github.com/rummykit/rummykit/blob/main/docs/RULES.md),
//! cited as `RULES.md §3.n` throughout this documentation.
//!
//! * [`Config`]: the options, with the presets [`Config::RUMMY40`] (two jokers
//!   worth 15, ace only high; also [`Config::STANDARD`], the name every engine's
//!   `Config` has) and [`Config::SCALA40`].
//! * [`Rummy40`]: one hand, implementing core's [`Game`](rummykit_core::Game): deal, or
//!   any position from a [`Setup`] with [`Rummy40::from_setup`], atomic [`Action`]s naming cards by identity,
//!   [`Game::legal_actions`](rummykit_core::Game::legal_actions), per-seat [`View`]s, penalty scoring.
//! * [`LegalActions`]: the legal actions of a view counted, and only the one asked for
//!   built.
//! * Hand analysis: [`best_opening`] / [`can_open`] (the 40-point opening, exact) and
//!   [`analyze`] (the least-deadwood split, as classic's).
//! * Bots that play from their [`View`]: [`GreedyBot`], [`PlannerBot`] and core's
//!   [`RandomBot`](rummykit_core::RandomBot).
//! * Built on core's card-game skeleton, shared with classic Rummy:
//!   [`HandState`](rummykit_core::HandState) (hands, piles, table, turn and their
//!   draw, take and discard transitions) and [`CardSetup`](rummykit_core::CardSetup)
//!   (the checks of a scripted position); the rules of Rummy 40 are its own.
//! * A match to 101 (or 201, 501, fixed hands, per-hand settlement) is core's
//!   [`Match`](rummykit_core::Match) with [`Config::game_end`].
//!
//! ```
//! use rummykit_rummy40::rand::SeedableRng;
//! use rummykit_rummy40::rummykit_core::{Game, Match};
//! use rummykit_rummy40::{Config, Rummy40};
//! let config = Config::RUMMY40;
//! // The game's own terms (to 101 penalty points), with seat 0 dealing first.
//! let terms = Rummy40::default_terms(&config, 3).with_first_dealer(0);
//! let mut game_match = Match::<Rummy40>::new(config, terms).unwrap();
//! let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(9);
//! let hand = game_match.next_hand(&mut rng).unwrap();
//! assert_eq!(hand.to_move(), Some(1));
//! ```
//!
//! # Feature flags
//!
//! * `serde`: `Serialize` and `Deserialize` for [`Config`], [`Action`], [`Setup`],
//!   [`View`] (checked again when read: a view no hand could show is refused) and
//!   [`Rummy40`] itself, saved as `{"version": 1, "config": …, "setup": …}` with cards
//!   in notation, each with its copy (`Kd` the first deck's, `Kd'` the second's), and
//!   read through [`Rummy40::from_setup`] (an edited save is an error, never a state):
//!   a loaded hand is the saved one exactly, ids included, so the actions its players
//!   saw stay legal; and for [`ActionError`], so a service can send a refusal as data.
#![forbid(unsafe_code)]
// docs.rs marks what a feature gates (its build passes `--cfg docsrs` on nightly).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The shared vocabulary and contract Rummy 40 is built on ([`Game`](rummykit_core::Game),
/// [`Seating`](rummykit_core::Seating), [`Bot`](rummykit_core::Bot), [`DealError`](rummykit_core::DealError),
/// matches, notation): a program that depends on this crate alone names them through
/// `rummykit_rummy40::rummykit_core`.
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
mod check;
mod config;
mod description;
mod error;
mod game;
mod legal;
#[cfg(test)]
mod random_melds;
#[cfg(feature = "serde")]
mod serde_state;
mod setup;
mod turn;
mod value;
mod view;

pub use action::{Action, NewMeld, RummyLayOff};
pub use analysis::{
    MAX_ANALYSED_HAND, OPENING_BUDGET, Opening, analyze, best_opening, can_open, melds_value,
};
pub use bots::{GreedyBot, PlannerBot};
pub use config::{
    Config, HAND_SIZE, JokerDiscard, MELD_RULES, OpeningScope, RESTOCK_CAP, RUMMY40_PACK, RummyBonus,
    SCALA40_PACK, Set3JokerSwap,
};
pub use error::ActionError;
pub use game::Rummy40;
pub use legal::LegalActions;
/// The least-deadwood split [`analyze`] gives, the shape classic Rummy's shares.
pub use rummykit_core::{HandAnalysis, PieceMeld};
/// The turn phase and the table meld of a setup, shared with the other card games.
pub use rummykit_core::{MAX_PENALTY, Phase, SetupMeld};
pub use setup::Setup;
pub use value::{meld_value, rank_value, run_position_value};
pub use view::View;
