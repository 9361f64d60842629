//! Pieces, melds, validation and the shared game contract of **rummykit**, the
//! rummy-family games library. The games themselves are `rummykit-rummikub`,
//! `rummykit-classic` and `rummykit-rummy40`; rules are cited by section of the
//! [rules reference](https://github.com/rummykit/rummykit/blob/main/docs/RULES.md) (`RULES.md §n.m`).
//!
//! * Faces: [`Tile`] (Rummikub: `r7 b13 y1 k10`, joker `J`) and [`Card`] (`7h Td Qs Ac`,
//!   joker `*`), both [`Face`]s with [`Display`](core::fmt::Display) and
//!   [`FromStr`](core::str::FromStr) that round-trip.
//! * Identity: every physical piece is a [`PieceId`] in a game's [`Catalog`]; sets of
//!   pieces are [`PieceSet`] bitsets.
//! * Melds: [`Meld::new`] validates a group or run against [`MeldRules`] (presets per
//!   game) and records what each joker stands for.
//! * The contract: [`Game`], [`Bot`], [`Outcome`], [`RandomBot`]; [`FromSetup`] for a
//!   position written down, [`Redeal`] for one a seat cannot tell from another.
//! * Driving: one hand loop ([`play_hand`]) under every driver, players that see only
//!   their views ([`Players`]), one error ([`DriverError`]).
//! * Matches: every game's [`Match`] starts from [`MatchTerms`] (the game's own from
//!   [`Game::default_terms`]) and plays hands to a [`MatchEnd`] with cumulative scores,
//!   dealer rotation and elimination, ranked by a [`Ranking`]; a seat sees its hand and
//!   the standings in a [`MatchView`].
//! * Records: [`record_match`] plays a match with any mix of bots and people into a
//!   [`MatchRecord`] (game, configuration, seed, deals, actions) that
//!   [`MatchRecord::replay`] plays again to the same final states and scores.
//! * Tournaments: [`tournament`](fn@tournament) plays seeded hands between bots on several threads, with
//!   the same [`Standings`] for any thread count.
//! * Card games (classic Rummy, Rummy 40): the rules trait [`CardRules`], whose one
//!   [`Game`] implementation is written here, one [`HandState`] with its transitions, one
//!   [`Phase`], the turn refusals both games share ([`TurnError`]), the part of the view
//!   both show ([`HandView`]) and the checks of a scripted position ([`CardSetup`]).
//! * Views: every game's view says whose it is, who moves and how the hand ended the
//!   same way ([`SeatView`]).
//! * Words: every game describes each of its actions relative to the mover's view, in
//!   words and piece notation ([`Game::describe`], a [`Description`]).
//!
//! ```
//! use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
//!
//! let tiles: Vec<Tile> = parse_list("r5 r6 J r8")?;
//! let run = Meld::new(MeldKind::Run, &tiles, &MeldRules::default()).expect("valid run");
//! assert_eq!(run.numbers().sum::<u8>(), 5 + 6 + 7 + 8);
//! # Ok::<(), rummykit_core::ParseError>(())
//! ```
//!
//! # Feature flags
//!
//! * `serde`: `Serialize` and `Deserialize` for faces (as notation), piece ids and sets,
//!   melds (kind and notation, validated again when read), tables of melds
//!   ([`MeldTable`]), the card games' [`HandView`], outcomes, match terms,
//!   match records (versioned: `RECORD_VERSION`) and matches in progress with their
//!   pending hand (`MatchSave`, checked when read); for the errors, so a service can
//!   send a refusal as data (`Serialize` only for [`DealError`], [`PositionError`] and
//!   the errors that may hold one, whose names are `&'static str`).
#![forbid(unsafe_code)]
// docs.rs marks what a feature gates (its build passes `--cfg docsrs` on nightly).
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The `rand` (0.10) whose [`Rng`](rand::Rng) [`Game::deal`], [`RandomBot`] and
/// [`tournament`](fn@tournament) take, for its traits (such as `SeedableRng`): a game
/// written on this crate alone needs no dependency of its own to name them. It is asked
/// for without its default features: unless another dependency turns them on, for
/// `rand::rng()` or seeding from the operating system depend on `rand` 0.10 with its
/// default features.
pub use rand;

/// The `rand_chacha` crate (0.10): `ChaCha8Rng::seed_from_u64` deals the same game for
/// the same seed on every platform (its stream is specified, not the platform's), which
/// is what [`tournament`](fn@tournament) and every seeded example rely on.
///
/// ```
/// use rummykit_core::rand::SeedableRng;
/// use rummykit_core::rand_chacha::ChaCha8Rng;
/// use rummykit_core::random_index;
///
/// let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
/// for len in 1..50 {
///     assert_eq!(random_index(&mut a, len), random_index(&mut b, len));
/// }
/// ```
pub use rand_chacha;

mod card;
mod card_hand;
mod card_rules;
mod card_set;
mod card_setup;
mod card_table;
mod card_turn;
mod card_view;
mod catalog;
pub mod conformance;
mod deadwood;
mod description;
mod drawn;
mod driver_error;
mod estimate;
mod face;
mod face_melds;
mod from_setup;
mod game;
mod hand_analysis;
mod hand_loop;
mod hand_melds;
mod match_play;
#[cfg(feature = "serde")]
mod match_save;
mod match_text;
mod match_view;
mod meld;
mod meld_rules;
mod notation;
mod penalty;
mod piece_set;
mod players;
mod plural;
mod record;
mod redeal;
mod seat_view;
#[cfg(feature = "serde")]
mod serde_impls;
#[cfg(feature = "serde")]
mod serde_melds;
#[cfg(feature = "serde")]
mod serde_record;
#[cfg(feature = "serde")]
mod serde_save;
mod standings;
mod stock;
mod suit;
mod terms;
mod tile;
mod tournament;

pub use card::{Card, Rank};
pub use card_hand::HandState;
pub use card_rules::{CardRules, CommitKey};
pub use card_set::CardSet;
pub use card_setup::{CardSetup, ListedCards, PlacedCards, SetupMeld, seat_list};
pub use card_table::{MeldId, MeldTable, RunEnd, TableError, TableMeld};
pub use card_turn::{Phase, TurnError};
pub use card_view::HandView;
// For the games' own views only, not part of the documented interface.
#[doc(hidden)]
pub use card_view::copy_by_seat;
pub use catalog::{Catalog, NamedPiece, PieceId};
pub use deadwood::{CardMeld, CardSplit, SEARCH_BUDGET, Split, least_deadwood, least_deadwood_value};
pub use description::{Description, Part};
// For the card games' `CardRules::vouched` only, not part of the documented interface.
#[doc(hidden)]
pub use drawn::DrawRecord;
pub use driver_error::DriverError;
pub use estimate::Estimate;
pub use face::{FACES, Face, NATURAL_FACES};
pub use face_melds::{FaceMeld, face_melds, for_each_face_meld, for_each_face_meld_holding};
pub use from_setup::FromSetup;
pub use game::{
    Bot, DealError, Game, NotYourTurn, Outcome, PositionError, RandomBot, ScoreOrder, Seat, Seating,
    check_turn, random_index,
};
pub use hand_analysis::{HandAnalysis, PieceMeld};
pub use hand_loop::{ShownKey, play_hand};
pub use hand_melds::{AnalysisError, HandMeld, MAX_HAND, hand_melds};
pub use match_play::{MAX_SEATS, Match, MatchError};
#[cfg(feature = "serde")]
pub use match_save::MatchSave;
pub use match_view::MatchView;
pub use meld::{JokerRole, MAX_MELD_LEN, Meld, MeldError, MeldKind};
pub use meld_rules::{AcePolicy, JokerLimit, MeldRules};
pub use notation::{ParseError, format_list, parse_list};
pub use penalty::MAX_PENALTY;
pub use piece_set::{Iter as PieceSetIter, PieceSet};
pub use players::Players;
pub use record::{HandRecord, MatchRecord, ReplayError, Replayed, record_match};
pub use redeal::Redeal;
pub use seat_view::SeatView;
#[cfg(feature = "serde")]
pub use serde_impls::{SAVE_VERSION, SaveVersion, UnknownVersion};
#[cfg(feature = "serde")]
pub use serde_melds::{MeldRepr, TableMeldRepr};
#[cfg(feature = "serde")]
pub use serde_record::{RECORD_VERSION, RecordFormatError};
#[cfg(feature = "serde")]
pub use serde_save::{Save, notation_list, notation_lists};
pub use standings::{HandResult, Standings};
pub use stock::{Dealt, Piles, Restock, deal_cards};
pub use suit::{Colour, Suit};
pub use terms::{MatchEnd, MatchEndError, MatchTerms, Ranking};
pub use tile::Tile;
pub use tournament::{MAX_TOURNAMENT_THREADS, TournamentPlan, derive_seed, tournament};
