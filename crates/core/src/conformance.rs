//! The conformance harness: seeded random playouts of any [`Game`], checked after every
//! step, in the spirit of OpenSpiel's random-simulation test.
//!
//! A game crate implements [`Conformance`] (a handful of game-specific hooks) on a unit
//! struct in its tests and calls [`run`] with a seed and a number of games. After every
//! step of every playout the harness checks:
//!
//! 1. **Conservation**: every piece is in exactly one place ([`Conformance::census`]
//!    against [`Conformance::inventory`]).
//! 2. **Enumeration agrees with the check**: every action of [`Game::legal_actions`] is
//!    accepted by [`Game::check`] and [`Game::apply`]; the mover's view lists the same
//!    ([`Game::legal_actions_from`]); where the list is complete
//!    ([`Game::LISTS_ALL_ACTIONS`], the card games) it is never empty while the hand is
//!    on, and an arbitrary action from [`Conformance::candidates`] is accepted exactly
//!    when it (or its [`Conformance::canonical`] form) is listed. For every candidate,
//!    [`Game::check`] agrees with [`Game::apply`]; a listed action offered for a seat
//!    not to move is refused with [`NotYourTurn`](crate::NotYourTurn), which
//!    [`Game::not_your_turn`] reads back, and no refusal of the seat to move (nor any
//!    after the end) reads as one. Every listed action has a [`Game::describe`] text
//!    that is not empty.
//! 3. **Validation** (Rummikub): candidates marked [`Expect::Accept`] (random valid plays)
//!    are accepted and those marked [`Expect::Reject`] (corruptions of them) refused.
//! 4. **A refused action changes nothing**: the state equals its clone afterwards.
//! 5. **Views hide what they must**: for each seat, permuting the pieces hidden from it
//!    ([`Conformance::permute_hidden`]: other hands, the stock order) leaves its
//!    [`Game::view`] unchanged; and [`Game::view_into`], refreshing a stale view in
//!    place, gives the same view as [`Game::view`].
//! 6. **Saves round-trip**: [`Conformance::round_trip`] (serialize, then deserialize
//!    through the re-validating representation) gives an equal state.
//! 7. **Termination**: the hand ends within [`Conformance::max_steps`] actions, then
//!    [`Game::to_move`] is `None`, [`Game::outcome`] is `Some` with one score per seat,
//!    and the scores sum to zero where [`Conformance::zero_sum`] says the rules make them.
//!    (For a game whose rules set no bound, [`Conformance::unbounded`], a playout that
//!    reaches the harness's bound is counted as stalled instead.)
//!
//! The first failure stops the run with a [`Violation`] naming the game, its deal seed,
//! the step and what went wrong, so it can be replayed exactly.
//!
//! ```
//! use rand::{Rng, RngExt, SeedableRng};
//! use rummykit_core::conformance::{self, Candidate, Conformance, Place, Plan};
//! use rummykit_core::{DealError, Game, NotYourTurn, Outcome, ScoreOrder, Seat, Seating};
//!
//! // A toy game: two seats take turns removing 1 or 2 counters from a heap of 7;
//! // whoever takes the last one wins 1 point from the other.
//! #[derive(Clone, Debug, PartialEq)]
//! struct Nim { heap: u8, taken: [u8; 2], next: Seat }
//! #[derive(Debug, Clone, PartialEq, thiserror::Error)]
//! enum Illegal {
//!     #[error("illegal take")]
//!     Take,
//!     #[error(transparent)]
//!     NotYourTurn(#[from] NotYourTurn),
//! }
//! impl Game for Nim {
//!     type Config = ();
//!     type Action = u8;
//!     type View = (u8, bool); // the heap, and whether it is this seat's turn
//!     type Error = Illegal;
//!     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
//!     fn deal<R: Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
//!         s.check(2, 2)?;
//!         Ok(Nim { heap: 7, taken: [0, 0], next: s.first_to_play().unwrap_or(0) })
//!     }
//!     fn seats(&self) -> usize { 2 }
//!     fn config(&self) {}
//!     fn to_move(&self) -> Option<Seat> { (self.heap > 0).then_some(self.next) }
//!     fn apply(&mut self, seat: Seat, take: u8) -> Result<(), Illegal> {
//!         NotYourTurn::check(seat, self.to_move())?;
//!         if self.heap == 0 || !(1..=2).contains(&take) || take > self.heap { return Err(Illegal::Take); }
//!         self.heap -= take;
//!         self.taken[self.next] += take;
//!         if self.heap > 0 { self.next = 1 - self.next; }
//!         Ok(())
//!     }
//!     fn not_your_turn(e: &Illegal) -> Option<NotYourTurn> {
//!         if let Illegal::NotYourTurn(refusal) = e { Some(*refusal) } else { None }
//!     }
//!     fn view(&self, seat: Seat) -> (u8, bool) { (self.heap, self.to_move() == Some(seat)) }
//!     const LISTS_ALL_ACTIONS: bool = true;
//!     fn legal_actions_from(&(heap, my_turn): &(u8, bool), out: &mut Vec<u8>) {
//!         out.clear();
//!         out.extend((1..=2).filter(|&t| my_turn && t <= heap));
//!     }
//!     fn outcome(&self) -> Option<Outcome> {
//!         (self.heap == 0).then(|| {
//!             let mut points = vec![-1, -1];
//!             points[self.next] = 1;
//!             Outcome { points, winners: vec![self.next] }
//!         })
//!     }
//! }
//!
//! struct NimRules;
//! impl Conformance for NimRules {
//!     type Game = Nim;
//!     fn inventory(&self, _: &Nim) -> Vec<u32> { vec![7] }
//!     fn census(&self, g: &Nim) -> Vec<Place> {
//!         vec![
//!             Place::new("heap", vec![0; g.heap as usize]),
//!             Place::new("seat 0", vec![0; g.taken[0] as usize]),
//!             Place::new("seat 1", vec![0; g.taken[1] as usize]),
//!         ]
//!     }
//!     fn candidates<R: Rng + ?Sized>(&self, _: &Nim, rng: &mut R) -> Vec<Candidate<u8>> {
//!         vec![Candidate::unknown(rng.random_range(0..4))]
//!     }
//!     fn max_steps(&self, _: &Nim) -> usize { 7 }
//!     fn zero_sum(&self, _: &Nim) -> bool { true } // +1 for the winner, -1 for the other
//! }
//!
//! let plan = Plan::new(100, 42).seating(Seating::new(2));
//! let report = conformance::run::<_, rand_chacha::ChaCha8Rng>(&NimRules, &(), &plan).unwrap();
//! assert_eq!(report.games, 100);
//! assert!(report.steps >= 400);
//! ```

use core::fmt;

use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use thiserror::Error;

use crate::plural::plural;
use crate::{Game, Seat, Seating};

// For the card games' tests of the actions their random draws vouch for, not part of
// the documented interface.
#[doc(hidden)]
pub mod drawn;

/// One place pieces can be in (a hand, the stock, the discard pile, the table) and the
/// pieces in it, each written as a *token*: an index into [`Conformance::inventory`]
/// (a [`PieceId`](crate::PieceId) index for games that track identities, a face index
/// for games that track faces).
///
/// ```
/// use rummykit_core::conformance::Place;
///
/// // Tokens 0 to 3, token 3 twice (two identical cards counted by face): two hands and
/// // the stock hold each token as often as the inventory says.
/// let inventory = [1, 1, 1, 2];
/// let census = [
///     Place::new("hand 0", vec![0, 3]),
///     Place::new("hand 1", vec![1]),
///     Place::new("stock", vec![2, 3]),
/// ];
/// let mut found = vec![0; inventory.len()];
/// for place in &census {
///     for &token in &place.tokens {
///         found[token] += 1;
///     }
/// }
/// assert_eq!(found, inventory);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Place {
    /// A name for messages, such as `"hand 2"` or `"stock"`.
    pub name: String,
    /// The tokens of the pieces in this place (a token may repeat when pieces are
    /// counted by face).
    pub tokens: Vec<usize>,
}

impl Place {
    /// A place called `name` holding `tokens`.
    ///
    /// ```
    /// use rummykit_core::conformance::Place;
    ///
    /// let stock = Place::new(format!("hand {}", 2), vec![4, 4, 9]);
    /// assert_eq!(stock.name, "hand 2");
    /// assert_eq!(stock.tokens, [4, 4, 9]);
    /// ```
    #[must_use]
    pub fn new(name: impl Into<String>, tokens: Vec<usize>) -> Place {
        Place { name: name.into(), tokens }
    }
}

/// What a candidate action is expected to do.
///
/// ```
/// use rummykit_core::conformance::{Candidate, Expect};
///
/// // What a Rummikub harness offers: a valid play, a corruption of it, anything at all.
/// let offered = [Candidate::accept("r1 r2 r3"), Candidate::reject("r1 r2 r4"), Candidate::unknown("k13")];
/// let expected: Vec<Expect> = offered.iter().map(|c| c.expect).collect();
/// assert_eq!(expected, [Expect::Accept, Expect::Reject, Expect::Unknown]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Expect {
    /// It must be accepted (a random valid play).
    Accept,
    /// It must be refused (a corruption of a valid play), leaving the state unchanged.
    Reject,
    /// Either; when [`Game::legal_actions`] lists every action, it must be accepted
    /// exactly when its [`Conformance::canonical`] form is listed.
    Unknown,
}

/// An action to try on a clone of the state, with what it is expected to do.
///
/// ```
/// use rummykit_core::conformance::{Candidate, Expect};
///
/// let c = Candidate { action: 3u8, expect: Expect::Reject };
/// assert_eq!(c, Candidate::reject(3));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidate<A> {
    /// The action.
    pub action: A,
    /// The expectation.
    pub expect: Expect,
}

impl<A> Candidate<A> {
    /// An action that must be accepted.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::{self, Candidate, Check, Conformance, Place, Plan};
    /// use rummykit_core::Seating;
    ///
    /// // `NimRules` (the [module example](self)) offering "take 3" as a valid play: the
    /// // harness finds it refused at the first step.
    /// struct Wrong;
    /// impl Conformance for Wrong {
    ///     type Game = Nim;
    ///     fn inventory(&self, g: &Nim) -> Vec<u32> { NimRules.inventory(g) }
    ///     fn census(&self, g: &Nim) -> Vec<Place> { NimRules.census(g) }
    ///     fn max_steps(&self, _: &Nim) -> usize { 7 }
    ///     fn candidates<R: rand::Rng + ?Sized>(&self, _: &Nim, _: &mut R) -> Vec<Candidate<u8>> {
    ///         vec![Candidate::accept(3)]
    ///     }
    /// }
    /// let plan = Plan::new(1, 0).seating(Seating::new(2));
    /// let violation = conformance::run::<_, ChaCha8Rng>(&Wrong, &(), &plan).unwrap_err();
    /// assert_eq!(violation.check, Check::ValidRefused);
    /// assert_eq!(violation.step, 0);
    /// ```
    pub fn accept(action: A) -> Self {
        Candidate { action, expect: Expect::Accept }
    }
    /// An action that must be refused.
    ///
    /// ```
    /// use rummykit_core::conformance::{Candidate, Expect};
    ///
    /// // A valid play with its last piece replaced: a corruption the game must refuse.
    /// let valid = vec!["r1", "r2", "r3"];
    /// let mut corrupt = valid.clone();
    /// corrupt[2] = "r5";
    /// let offered = [Candidate::accept(valid), Candidate::reject(corrupt)];
    /// assert_eq!(offered[1].expect, Expect::Reject);
    /// assert_eq!(offered[1].action, ["r1", "r2", "r5"]);
    /// ```
    pub fn reject(action: A) -> Self {
        Candidate { action, expect: Expect::Reject }
    }
    /// An arbitrary action, checked against the enumeration.
    ///
    /// ```
    /// use rand::{RngExt, SeedableRng};
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::{Candidate, Expect};
    ///
    /// // Arbitrary actions for a card game: any card index, legal or not.
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let offered: Vec<Candidate<usize>> =
    ///     (0..3).map(|_| Candidate::unknown(rng.random_range(0..52))).collect();
    /// assert!(offered.iter().all(|c| c.expect == Expect::Unknown && c.action < 52));
    /// ```
    pub fn unknown(action: A) -> Self {
        Candidate { action, expect: Expect::Unknown }
    }
}

/// The game-specific hooks of the harness. Implement it on a unit struct (so a test
/// crate can implement it for a game type it does not own).
///
/// Only [`inventory`](Conformance::inventory), [`census`](Conformance::census) and
/// [`max_steps`](Conformance::max_steps) are required; each other hook has a default
/// that skips its check (and the [`Report`] counts what was checked).
///
/// The [module example](self) is a complete implementation (`NimRules` for the toy game
/// `Nim`; the examples of the hooks below call them on it). Here hooks that forget a
/// place, and what the harness says:
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Check, Conformance, Place, Plan};
/// use rummykit_core::Seating;
///
/// // A census of Nim that forgets the second seat's counters.
/// struct Forgetful;
/// impl Conformance for Forgetful {
///     type Game = Nim;
///     fn inventory(&self, _: &Nim) -> Vec<u32> { vec![7] }
///     fn census(&self, g: &Nim) -> Vec<Place> {
///         vec![
///             Place::new("heap", vec![0; g.heap as usize]),
///             Place::new("seat 0", vec![0; g.taken[0] as usize]),
///         ]
///     }
///     fn max_steps(&self, _: &Nim) -> usize { 7 }
/// }
/// let plan = Plan::new(1, 0).seating(Seating::new(2));
/// let violation = conformance::run::<_, ChaCha8Rng>(&Forgetful, &(), &plan).unwrap_err();
/// assert_eq!(violation.check, Check::Conservation);
/// assert!(violation.detail.contains("the game has 7"), "{violation}");
/// ```
pub trait Conformance {
    /// The game under test. A refused action must leave it equal to its clone, so it
    /// needs `PartialEq`.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    /// // The rules' hooks read states of their game: here the toy Nim's seven counters.
    /// let nim: <NimRules as Conformance>::Game =
    ///     Nim::deal(&(), Seating::new(2), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1))?;
    /// assert_eq!(NimRules.inventory(&nim), [7]);
    /// assert_eq!(NimRules.census(&nim)[0].tokens.len(), 7); // all on the heap
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type Game: Game + PartialEq;

    /// How many pieces of each token the game holds (`inventory[token]`).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let mut game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // Seven counters, all alike: one token, seven pieces.
    /// assert_eq!(NimRules.inventory(&game), [7]);
    /// game.apply(game.to_move().unwrap(), 2)?;
    /// assert_eq!(NimRules.inventory(&game), [7]); // whatever happens
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn inventory(&self, game: &Self::Game) -> Vec<u32>;

    /// Every place and the pieces in it. Together they must hold exactly the
    /// inventory: each piece in exactly one place.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let mut game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// game.apply(game.to_move().unwrap(), 2)?;
    /// let census = NimRules.census(&game);
    /// let held: Vec<(&str, usize)> = census.iter().map(|p| (p.name.as_str(), p.tokens.len())).collect();
    /// assert_eq!(held, [("heap", 5), ("seat 0", 2), ("seat 1", 0)]); // seat 0 took two
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn census(&self, game: &Self::Game) -> Vec<Place>;

    /// A name for a token in messages (default `#token`).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // Nim keeps the default; a card game names its tokens by face, such as "7h".
    /// assert_eq!(NimRules.token_name(&game, 0), "#0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn token_name(&self, game: &Self::Game, token: usize) -> String {
        let _ = game;
        format!("#{token}")
    }

    /// The form of `action` that [`Game::legal_actions`] would list
    /// (for games whose enumeration lists one of several equivalent actions, such as one
    /// copy of two identical cards). Default: the action itself.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // Nim lists each take once, so the default is right for it.
    /// assert_eq!(NimRules.canonical(&game, &2), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn canonical(
        &self,
        game: &Self::Game,
        action: &<Self::Game as Game>::Action,
    ) -> <Self::Game as Game>::Action {
        let _ = game;
        action.clone()
    }

    /// Actions to try on a clone, with their expectations: arbitrary actions for card
    /// games, random valid plays and corruptions of them for Rummikub.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// use rummykit_core::conformance::Expect;
    /// // Nim's hooks offer one arbitrary take from 0 to 3, legal or not.
    /// let offered = NimRules.candidates(&game, &mut rng);
    /// assert_eq!(offered.len(), 1);
    /// assert!(offered[0].expect == Expect::Unknown && offered[0].action < 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn candidates<R: Rng + ?Sized>(
        &self,
        game: &Self::Game,
        rng: &mut R,
    ) -> Vec<Candidate<<Self::Game as Game>::Action>> {
        let _ = (game, rng);
        Vec::new()
    }

    /// The action to play next in the random playout. Default: a uniformly random
    /// [`Game::legal_actions`] entry, else the first candidate marked [`Expect::Accept`].
    /// `None` means the harness has no move to make, which is a violation while the hand
    /// is not over.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // The default plays a listed action, so the game accepts it.
    /// let take = NimRules.playout_action(&game, &mut rng).expect("the hand is on");
    /// assert!(game.check(game.to_move().unwrap(), &take).is_ok());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn playout_action<R: Rng + ?Sized>(
        &self,
        game: &Self::Game,
        rng: &mut R,
    ) -> Option<<Self::Game as Game>::Action> {
        let mut legal = Vec::new();
        game.legal_actions(&mut legal);
        if let Some(action) = legal.choose(rng) {
            return Some(action.clone());
        }
        self.candidates(game, rng).into_iter().find(|c| c.expect == Expect::Accept).map(|c| c.action)
    }

    /// A state equal to `game` except that the pieces hidden from `seat` (other hands,
    /// the stock order, hidden seeds) are permuted at random, keeping every public fact
    /// (hand sizes, table, discard pile). `None` skips the check for this state.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // Nim hides nothing from anyone, so its hooks keep the default and skip the check.
    /// assert!(NimRules.permute_hidden(&game, 0, &mut rng).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn permute_hidden<R: Rng + ?Sized>(
        &self,
        game: &Self::Game,
        seat: Seat,
        rng: &mut R,
    ) -> Option<Self::Game> {
        let _ = (game, seat, rng);
        None
    }

    /// Serializes and deserializes `game` (through the re-validating representation).
    /// `None` skips the check (no `serde` feature); `Err` carries the error text.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // Nim has no saves: the check is skipped (a game with the `serde` feature serializes
    /// // `game` to JSON and reads it back through its checked representation).
    /// assert!(NimRules.round_trip(&game).is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn round_trip(&self, game: &Self::Game) -> Option<Result<Self::Game, String>> {
        let _ = game;
        None
    }

    /// The documented bound on the number of actions in one hand under this
    /// configuration (read off the freshly dealt state).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// use rummykit_core::conformance::{self, Plan};
    /// // Each take removes at least one of seven counters.
    /// assert_eq!(NimRules.max_steps(&game), 7);
    /// let plan = Plan::new(50, 1).seating(Seating::new(2));
    /// let report = conformance::run::<_, ChaCha8Rng>(&NimRules, &(), &plan)?;
    /// assert!(report.longest <= 7 && report.longest >= 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn max_steps(&self, game: &Self::Game) -> usize;

    /// Whether the rules leave the length of a hand unbounded (Rummy 40 reshuffles its
    /// discard pile for ever, RULES.md §3.7). Then a playout that reaches
    /// [`max_steps`](Conformance::max_steps) is counted in [`Report::stalled`] instead of
    /// failing. Default `false`: the bound is a rule, and reaching it is a violation.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// use rummykit_core::conformance::{self, Check, Place, Plan};
    /// // Hooks that bound Nim at 3 actions: reaching the bound is a violation...
    /// struct Short(bool);
    /// impl Conformance for Short {
    ///     type Game = Nim;
    ///     fn inventory(&self, g: &Nim) -> Vec<u32> { NimRules.inventory(g) }
    ///     fn census(&self, g: &Nim) -> Vec<Place> { NimRules.census(g) }
    ///     fn max_steps(&self, _: &Nim) -> usize { 3 }
    ///     fn unbounded(&self, _: &Nim) -> bool { self.0 }
    /// }
    /// let plan = Plan::new(10, 0).seating(Seating::new(2));
    /// let violation = conformance::run::<_, ChaCha8Rng>(&Short(false), &(), &plan).unwrap_err();
    /// assert_eq!((violation.check, violation.step), (Check::Termination, 3));
    /// // ... unless the rules set no bound: then the playout is cut off and counted.
    /// let report = conformance::run::<_, ChaCha8Rng>(&Short(true), &(), &plan)?;
    /// assert_eq!(report.games, 10);
    /// assert_eq!(report.stalled, 10); // no game of Nim ends within 3 takes
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn unbounded(&self, game: &Self::Game) -> bool {
        let _ = game;
        false
    }

    /// Whether the rules make this hand's scores sum to zero.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::{Nim, NimRules};
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::conformance::Conformance;
    /// use rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(0);
    /// let mut game = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // The winner takes 1 point from the other, so the harness checks every outcome sums to 0.
    /// assert!(NimRules.zero_sum(&game));
    /// while let Some(seat) = game.to_move() {
    ///     game.apply(seat, 1)?;
    /// }
    /// assert_eq!(game.outcome().map(|o| o.points.iter().sum::<i64>()), Some(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn zero_sum(&self, game: &Self::Game) -> bool {
        let _ = game;
        false
    }
}

/// How many games to play, from which seed, at which seatings.
///
/// ```
/// use rummykit_core::conformance::Plan;
/// use rummykit_core::Seating;
///
/// // 200 games at two seats and 200 at four, views checked every tenth step.
/// let plan = Plan::new(200, 7).seating(Seating::new(2)).seating(Seating::new(4)).view_every(10);
/// assert_eq!(plan.seatings.len(), 2);
/// assert_eq!((plan.games, plan.seed, plan.view_every, plan.round_trip_every), (200, 7, 10, 1));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// Games per seating.
    pub games: usize,
    /// The base seed: game `i` of seating `s` is dealt with seed `seed + s * games + i`.
    pub seed: u64,
    /// The seatings to play (each gets `games` games).
    pub seatings: Vec<Seating>,
    /// Check view invariance for every seat every `view_every` steps (0: never).
    pub view_every: usize,
    /// Check the serde round trip every `round_trip_every` steps (0: never).
    pub round_trip_every: usize,
}

impl Plan {
    /// `games` games per seating from `seed`, every check at every step, no seatings yet.
    ///
    /// ```
    /// use rummykit_core::conformance::Plan;
    ///
    /// let plan = Plan::new(100, 42);
    /// assert!(plan.seatings.is_empty()); // a run of this plan plays nothing
    /// assert_eq!((plan.view_every, plan.round_trip_every), (1, 1));
    /// ```
    #[must_use]
    pub fn new(games: usize, seed: u64) -> Plan {
        Plan { games, seed, seatings: Vec::new(), view_every: 1, round_trip_every: 1 }
    }

    /// Adds a seating.
    ///
    /// ```
    /// use rummykit_core::conformance::Plan;
    /// use rummykit_core::Seating;
    ///
    /// // The same deals with the first player fixed, then with a dealer chosen.
    /// let plan = Plan::new(10, 3).seating(Seating::new(3)).seating(Seating::new(3).with_dealer(2));
    /// assert_eq!(plan.seatings[1].dealer, Some(2));
    /// ```
    #[must_use]
    pub fn seating(mut self, seating: Seating) -> Plan {
        self.seatings.push(seating);
        self
    }

    /// Checks views only every `n` steps (and at the first).
    ///
    /// ```
    /// use rummykit_core::conformance::Plan;
    ///
    /// // Permuting the hidden pieces for every seat is the dearest check: every 5th step.
    /// assert_eq!(Plan::new(1_000, 1).view_every(5).view_every, 5);
    /// assert_eq!(Plan::new(1_000, 1).view_every(0).view_every, 0); // never
    /// ```
    #[must_use]
    pub fn view_every(mut self, n: usize) -> Plan {
        self.view_every = n;
        self
    }

    /// Checks the serde round trip only every `n` steps (and at the first and last).
    ///
    /// ```
    /// use rummykit_core::conformance::Plan;
    ///
    /// let plan = Plan::new(1_000, 1).round_trip_every(25);
    /// assert_eq!((plan.view_every, plan.round_trip_every), (1, 25));
    /// ```
    #[must_use]
    pub fn round_trip_every(mut self, n: usize) -> Plan {
        self.round_trip_every = n;
        self
    }
}

/// The number of games to play per seating: the `RUMMYKIT_CONFORMANCE_GAMES` environment
/// variable if it is set to a number, else `default`.
///
/// ```
/// assert!(rummykit_core::conformance::games_from_env(25) >= 1);
/// ```
#[must_use]
pub fn games_from_env(default: usize) -> usize {
    std::env::var("RUMMYKIT_CONFORMANCE_GAMES").ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

/// What a run checked.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Plan};
/// use rummykit_core::Seating;
///
/// let plan = Plan::new(30, 5).seating(Seating::new(2));
/// let report = conformance::run::<_, ChaCha8Rng>(&NimRules, &(), &plan)?;
/// assert_eq!(report.games, 30);
/// // Every state on the way offers Nim's one candidate, and every listed take is tried.
/// assert_eq!(report.accepted + report.rejected, report.steps + report.games);
/// assert!(report.legal_checked >= report.steps);
/// assert!(report.to_string().starts_with("30 games, "));
/// # Ok::<(), rummykit_core::conformance::Violation>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Games played (to the end, or to the cut-off when [`Report::stalled`]).
    pub games: usize,
    /// Actions applied in the playouts.
    pub steps: usize,
    /// Longest game, in actions.
    pub longest: usize,
    /// Enumerated legal actions applied to a clone.
    pub legal_checked: usize,
    /// Candidates that were accepted.
    pub accepted: usize,
    /// Candidates that were refused (each compared with the clone).
    pub rejected: usize,
    /// Views compared after permuting hidden pieces.
    pub views_checked: usize,
    /// Serde round trips.
    pub round_trips: usize,
    /// Playouts cut off at the bound of a game whose rules set none
    /// ([`Conformance::unbounded`]); every step before the cut was checked.
    pub stalled: usize,
}

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} games, {} steps (longest {}): {} enumerated actions applied, {} candidates accepted, \
             {} refused, {} views compared, {} round trips, {} stalled",
            self.games,
            self.steps,
            self.longest,
            self.legal_checked,
            self.accepted,
            self.rejected,
            self.views_checked,
            self.round_trips,
            self.stalled
        )
    }
}

/// Which check failed.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Candidate, Check, Conformance, Place, Plan};
/// use rummykit_core::Seating;
///
/// // Hooks that offer "take 1", always legal while the hand is on, as a corruption.
/// struct Wrong;
/// impl Conformance for Wrong {
///     type Game = Nim;
///     fn inventory(&self, g: &Nim) -> Vec<u32> { NimRules.inventory(g) }
///     fn census(&self, g: &Nim) -> Vec<Place> { NimRules.census(g) }
///     fn max_steps(&self, _: &Nim) -> usize { 7 }
///     fn candidates<R: rand::Rng + ?Sized>(&self, _: &Nim, _: &mut R) -> Vec<Candidate<u8>> {
///         vec![Candidate::reject(1)]
///     }
/// }
/// let plan = Plan::new(1, 0).seating(Seating::new(2));
/// let violation = conformance::run::<_, ChaCha8Rng>(&Wrong, &(), &plan).unwrap_err();
/// assert_eq!(violation.check, Check::CorruptAccepted);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Check {
    /// The game refused to deal, or its [`Game::config`] or [`Game::seats`] is not the
    /// configuration or table dealt.
    Deal,
    /// A piece is missing, duplicated or unknown.
    Conservation,
    /// An enumerated legal action was refused.
    LegalRefused,
    /// An accepted action was not enumerated, or a refused one was.
    EnumerationMismatch,
    /// A valid play was refused.
    ValidRefused,
    /// A corrupted play was accepted.
    CorruptAccepted,
    /// A refused action changed the state.
    StateChangedOnError,
    /// A view changed when hidden pieces were permuted.
    ViewLeak,
    /// [`Game::view_into`] gave another view than [`Game::view`].
    ViewRefresh,
    /// The serde round trip failed or gave another state.
    RoundTrip,
    /// The hand did not end within the bound, or the harness had no move.
    Termination,
    /// `to_move`, `outcome` or the scores are inconsistent (a seat to move that is no
    /// seat of the game included).
    Outcome,
    /// An action was accepted after the hand was over.
    PlayAfterEnd,
    /// [`Game::check`] and [`Game::apply`] disagreed on an action, or
    /// [`Game::apply_borrowed`] and [`Game::apply`] did.
    CheckMismatch,
    /// An action offered for a seat not to move was not refused with
    /// [`NotYourTurn`](crate::NotYourTurn), or changed the state; or
    /// [`Game::not_your_turn`] did not read that refusal back, or read one from a
    /// refusal of the seat to move or of a hand that is over.
    WrongSeat,
    /// [`Game::legal_actions_from`] on the mover's view gave another list than
    /// [`Game::legal_actions`].
    ViewActions,
    /// [`Game::describe`] gave an empty description of an enumerated action.
    Description,
}

/// A failed check: which one, where, and what happened.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Check, Conformance, Place, Plan};
/// use rummykit_core::Seating;
///
/// // Hooks whose census counts the heap twice.
/// struct Double;
/// impl Conformance for Double {
///     type Game = Nim;
///     fn inventory(&self, g: &Nim) -> Vec<u32> { NimRules.inventory(g) }
///     fn census(&self, g: &Nim) -> Vec<Place> {
///         let mut places = NimRules.census(g);
///         places.push(Place::new("heap again", vec![0; g.heap as usize]));
///         places
///     }
///     fn max_steps(&self, _: &Nim) -> usize { 7 }
/// }
/// let plan = Plan::new(5, 40).seating(Seating::new(2));
/// let violation = conformance::run::<_, ChaCha8Rng>(&Double, &(), &plan).unwrap_err();
/// // The first game's deal fails at once; its seed replays it.
/// assert_eq!(violation.check, Check::Conservation);
/// assert_eq!((violation.game, violation.seed, violation.step), (0, 40, 0));
/// assert_eq!(
///     violation.to_string(),
///     "Conservation failed in game 1 (deal seed 40, 2 seats) at step 0: \
///      #0 found 14 times (in heap ×7, heap again ×7), the game has 7"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{check:?} failed in game {} (deal seed {seed}, {}) at step {step}: {detail}", game.saturating_add(1), plural(*seats, "seat"))]
#[non_exhaustive]
pub struct Violation {
    /// The check.
    pub check: Check,
    /// Game number within the run, from 0 (the message counts from 1).
    pub game: usize,
    /// The seed its deal and playout were drawn from.
    pub seed: u64,
    /// Players at the table.
    pub seats: usize,
    /// Actions applied before the failure.
    pub step: usize,
    /// What went wrong (with the action, `Debug`-printed).
    pub detail: String,
}

/// Plays `plan.games` seeded random games per seating of `config` and checks every step
/// (see the [module docs](self)). `R` is the generator for the deal and the playout
/// (tests use `rand_chacha::ChaCha8Rng`).
///
/// As a game crate's test calls it (the [module example](self) defines `Nim` and `NimRules`):
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Plan};
/// use rummykit_core::Seating;
///
/// let games = conformance::games_from_env(40); // more on a nightly run
/// let plan = Plan::new(games, 2026).seating(Seating::new(2)).seating(Seating::new(2).with_dealer(1));
/// match conformance::run::<_, ChaCha8Rng>(&NimRules, &(), &plan) {
///     Ok(report) => assert_eq!(report.games, 2 * games),
///     Err(violation) => panic!("{violation}"),
/// }
/// ```
///
/// # Errors
///
/// The first [`Violation`].
pub fn run<C, R>(c: &C, config: &<C::Game as Game>::Config, plan: &Plan) -> Result<Report, Violation>
where
    C: Conformance,
    <C::Game as Game>::View: PartialEq,
    R: Rng + SeedableRng,
{
    let mut report = Report::default();
    for (s, &seating) in plan.seatings.iter().enumerate() {
        for i in 0..plan.games {
            let seed = plan.seed.wrapping_add((s * plan.games + i) as u64);
            let mut rng = R::seed_from_u64(seed);
            let mut ctx = Ctx { game: report.games, seed, seats: seating.seats, step: 0 };
            let mut game = C::Game::deal(config, seating, &mut rng)
                .map_err(|e| ctx.fail(Check::Deal, format!("{e}")))?;
            if game.config() != *config {
                let detail = format!("dealt under {config:?}, config() is {:?}", game.config());
                return Err(ctx.fail(Check::Deal, detail));
            }
            // A table other than the one dealt (none at all included) would send the
            // checks below to seats the game does not have.
            if game.seats() != seating.seats {
                let detail = format!("dealt for {} seats, seats() is {} seats", seating.seats, game.seats());
                return Err(ctx.fail(Check::Deal, detail));
            }
            play_one(c, &mut game, plan, &mut rng, &mut ctx, &mut report)?;
            report.games += 1;
            report.steps += ctx.step;
            report.longest = report.longest.max(ctx.step);
        }
    }
    Ok(report)
}

/// Checks one game from its current state to the end; also usable on a scripted state.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::{Nim, NimRules};
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::conformance::{self, Plan};
///
/// // A scripted endgame: two counters left, seat 1 to take.
/// let mut game = Nim { heap: 2, taken: [3, 2], next: 1 };
/// let report = conformance::check_game::<_, ChaCha8Rng>(&NimRules, &mut game, &Plan::new(1, 0), 9)?;
/// assert!((1..=2).contains(&report.steps));
/// assert_eq!(game.heap, 0); // played to the end
/// # Ok::<(), rummykit_core::conformance::Violation>(())
/// ```
///
/// # Errors
///
/// The first [`Violation`] (with game number 0 and the given `seed` for reference).
pub fn check_game<C, R>(c: &C, game: &mut C::Game, plan: &Plan, seed: u64) -> Result<Report, Violation>
where
    C: Conformance,
    <C::Game as Game>::View: PartialEq,
    R: Rng + SeedableRng,
{
    let mut rng = R::seed_from_u64(seed);
    let mut report = Report::default();
    let mut ctx = Ctx { game: 0, seed, seats: game.seats(), step: 0 };
    play_one(c, game, plan, &mut rng, &mut ctx, &mut report)?;
    report.games = 1;
    report.steps = ctx.step;
    report.longest = ctx.step;
    Ok(report)
}

struct Ctx {
    game: usize,
    seed: u64,
    seats: usize,
    step: usize,
}

impl Ctx {
    fn fail(&self, check: Check, detail: String) -> Violation {
        Violation { check, game: self.game, seed: self.seed, seats: self.seats, step: self.step, detail }
    }
}

fn play_one<C, R>(
    c: &C,
    game: &mut C::Game,
    plan: &Plan,
    rng: &mut R,
    ctx: &mut Ctx,
    report: &mut Report,
) -> Result<(), Violation>
where
    C: Conformance,
    <C::Game as Game>::View: PartialEq,
    R: Rng + ?Sized,
{
    let bound = c.max_steps(game);
    let inventory = c.inventory(game);
    loop {
        check_state(c, game, &inventory, plan, rng, ctx, report)?;
        let Some(seat) = game.to_move() else { break };
        if game.outcome().is_some() {
            return Err(ctx.fail(Check::Outcome, format!("seat {seat} to move but the hand has an outcome")));
        }
        if ctx.step >= bound {
            if c.unbounded(game) {
                report.stalled += 1;
                return Ok(());
            }
            return Err(ctx.fail(Check::Termination, format!("no end within the documented {bound} actions")));
        }
        let action = c
            .playout_action(game, rng)
            .ok_or_else(|| ctx.fail(Check::Termination, format!("no action to play for seat {seat}")))?;
        let before = game.clone();
        if let Err(e) = game.apply(seat, action.clone()) {
            let changed = *game != before;
            *game = before;
            let check = if changed { Check::StateChangedOnError } else { Check::LegalRefused };
            return Err(ctx.fail(check, format!("playout action {action:?} refused: {e}")));
        }
        ctx.step += 1;
    }
    // Over: an outcome, one score per seat, zero-sum if the rules say so, nothing accepted.
    let outcome = game.outcome().ok_or_else(|| ctx.fail(Check::Outcome, "over but no outcome".into()))?;
    if outcome.points.len() != game.seats() {
        return Err(ctx.fail(
            Check::Outcome,
            format!("{} scores for {} seats: {outcome:?}", outcome.points.len(), game.seats()),
        ));
    }
    if outcome.winners.iter().any(|&w| w >= game.seats()) {
        return Err(ctx.fail(Check::Outcome, format!("winner is not a seat: {outcome:?}")));
    }
    if outcome.winners.windows(2).any(|w| w[0] >= w[1]) {
        return Err(ctx.fail(Check::Outcome, format!("winners are not ascending and distinct: {outcome:?}")));
    }
    // Summed in `i128`: a game's scores may be any `i64`, and a sum past it must neither
    // panic nor wrap round to zero.
    if c.zero_sum(game) && outcome.points.iter().map(|&p| i128::from(p)).sum::<i128>() != 0 {
        return Err(ctx.fail(Check::Outcome, format!("scores do not sum to zero: {:?}", outcome.points)));
    }
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    if !legal.is_empty() {
        return Err(ctx.fail(Check::PlayAfterEnd, format!("legal actions after the end: {legal:?}")));
    }
    for cand in c.candidates(game, rng) {
        let mut probe = game.clone();
        let seat = ctx.step % game.seats().max(1);
        let (Err(checked), Err(_)) = (game.check(seat, &cand.action), probe.apply(seat, cand.action.clone()))
        else {
            return Err(ctx.fail(Check::PlayAfterEnd, format!("{:?} accepted after the end", cand.action)));
        };
        if let Some(refusal) = <C::Game as Game>::not_your_turn(&checked) {
            let detail = format!("{:?} after the end read as {refusal:?}", cand.action);
            return Err(ctx.fail(Check::WrongSeat, detail));
        }
        if probe != *game {
            return Err(ctx.fail(Check::StateChangedOnError, format!("{:?} after the end", cand.action)));
        }
        report.rejected += 1;
    }
    if plan.round_trip_every > 0 {
        round_trip(c, game, ctx, report)?;
    }
    Ok(())
}

fn check_state<C, R>(
    c: &C,
    game: &C::Game,
    inventory: &[u32],
    plan: &Plan,
    rng: &mut R,
    ctx: &Ctx,
    report: &mut Report,
) -> Result<(), Violation>
where
    C: Conformance,
    <C::Game as Game>::View: PartialEq,
    R: Rng + ?Sized,
{
    conservation(c, game, inventory, ctx)?;
    if game.to_move().is_none() {
        return Ok(());
    }
    let seat = game.to_move().unwrap_or_default();
    // Every check below asks the game about this seat: one it does not have is reported
    // before the game is asked (a game of no seats never reaches the divisions by seats).
    if seat >= game.seats() {
        let detail = format!("seat {seat} to move is no seat of the {} at the table", game.seats());
        return Err(ctx.fail(Check::Outcome, detail));
    }
    // Listed actions are all accepted; the mover's view lists the same.
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    if <C::Game as Game>::LISTS_ALL_ACTIONS && legal.is_empty() {
        return Err(ctx.fail(Check::Termination, "no legal action while the hand is on".into()));
    }
    let mut from_view = Vec::new();
    let mover_view = game.view(seat);
    <C::Game as Game>::legal_actions_from(&mover_view, &mut from_view);
    if from_view != legal {
        return Err(ctx.fail(Check::ViewActions, format!("state lists {legal:?}, view lists {from_view:?}")));
    }
    for action in &legal {
        if <C::Game as Game>::describe(&mover_view, action).is_empty() {
            return Err(ctx.fail(Check::Description, format!("enumerated {action:?} describes to nothing")));
        }
        if let Err(e) = game.check(seat, action) {
            return Err(ctx.fail(Check::LegalRefused, format!("enumerated {action:?} refused by check: {e}")));
        }
        let mut probe = game.clone();
        if let Err(e) = probe.apply(seat, action.clone()) {
            return Err(ctx.fail(Check::LegalRefused, format!("enumerated {action:?} refused: {e}")));
        }
        report.legal_checked += 1;
    }
    // Another seat's action is refused as not its turn, and changes nothing.
    if let Some(action) = legal.first().filter(|_| game.seats() > 1) {
        let other = (seat + 1) % game.seats();
        let expected = <C::Game as Game>::Error::from(crate::NotYourTurn { seat: other, to_move: seat });
        let mut probe = game.clone();
        let checked = game.check(other, action);
        let applied = probe.apply(other, action.clone());
        if checked.as_ref().err() != Some(&expected)
            || applied.as_ref().err() != Some(&expected)
            || probe != *game
        {
            return Err(
                ctx.fail(Check::WrongSeat, format!("{action:?} offered for seat {other}: {checked:?}"))
            );
        }
        let read = <C::Game as Game>::not_your_turn(&expected);
        if read != Some(crate::NotYourTurn { seat: other, to_move: seat }) {
            return Err(ctx.fail(Check::WrongSeat, format!("not_your_turn read {read:?} from {checked:?}")));
        }
    }
    let complete = <C::Game as Game>::LISTS_ALL_ACTIONS;
    // Candidates behave as expected; refusals change nothing; check agrees with apply.
    for cand in c.candidates(game, rng) {
        let mut probe = game.clone();
        let checked = game.check(seat, &cand.action);
        let result = probe.apply(seat, cand.action.clone());
        if checked.is_ok() != result.is_ok() {
            return Err(ctx.fail(
                Check::CheckMismatch,
                format!("{:?}: check gave {checked:?}, apply {result:?}", cand.action),
            ));
        }
        // Applied borrowed, the same answer and the same state.
        let mut borrowed = game.clone();
        let lent = borrowed.apply_borrowed(seat, &cand.action);
        if lent != result || borrowed != probe {
            return Err(ctx.fail(
                Check::CheckMismatch,
                format!("{:?}: apply gave {result:?}, apply_borrowed {lent:?} or another state", cand.action),
            ));
        }
        let enumerated = complete.then(|| legal.contains(&c.canonical(game, &cand.action)));
        match &result {
            Ok(()) => {
                report.accepted += 1;
                if cand.expect == Expect::Reject {
                    return Err(ctx.fail(Check::CorruptAccepted, format!("{:?} accepted", cand.action)));
                }
                if enumerated == Some(false) {
                    return Err(ctx.fail(
                        Check::EnumerationMismatch,
                        format!("{:?} accepted but not enumerated", cand.action),
                    ));
                }
            }
            Err(e) => {
                report.rejected += 1;
                if let Some(refusal) = <C::Game as Game>::not_your_turn(e) {
                    return Err(ctx.fail(
                        Check::WrongSeat,
                        format!("{:?} for the seat to move read as {refusal:?}", cand.action),
                    ));
                }
                if probe != *game {
                    return Err(ctx.fail(
                        Check::StateChangedOnError,
                        format!("{:?} refused ({e}) but the state changed", cand.action),
                    ));
                }
                if cand.expect == Expect::Accept {
                    return Err(ctx.fail(Check::ValidRefused, format!("{:?} refused: {e}", cand.action)));
                }
                if enumerated == Some(true) {
                    return Err(ctx.fail(
                        Check::EnumerationMismatch,
                        format!("{:?} refused ({e}) but enumerated", cand.action),
                    ));
                }
            }
        }
    }
    // Views ignore hidden pieces.
    if plan.view_every > 0 && ctx.step.is_multiple_of(plan.view_every) {
        for seat in 0..game.seats() {
            let Some(other) = c.permute_hidden(game, seat, rng) else { continue };
            conservation(c, &other, inventory, ctx).map_err(|v| {
                ctx.fail(Check::Conservation, format!("permute_hidden broke it: {}", v.detail))
            })?;
            let view = game.view(seat);
            if other.view(seat) != view {
                return Err(ctx.fail(
                    Check::ViewLeak,
                    format!("seat {seat}'s view changed when hidden pieces were permuted"),
                ));
            }
            // Refreshing a stale view (another seat's, of another state) in place must give
            // the same view: `play_hand` relies on it.
            let mut refreshed = other.view((seat + 1) % game.seats());
            game.view_into(seat, &mut refreshed);
            if refreshed != view {
                return Err(ctx.fail(
                    Check::ViewRefresh,
                    format!("seat {seat}'s view refreshed in place differs from a fresh one"),
                ));
            }
            report.views_checked += 1;
        }
    }
    if plan.round_trip_every > 0 && ctx.step.is_multiple_of(plan.round_trip_every) {
        round_trip(c, game, ctx, report)?;
    }
    Ok(())
}

fn round_trip<C: Conformance>(
    c: &C,
    game: &C::Game,
    ctx: &Ctx,
    report: &mut Report,
) -> Result<(), Violation> {
    match c.round_trip(game) {
        None => Ok(()),
        Some(Err(e)) => Err(ctx.fail(Check::RoundTrip, format!("deserialization refused a real state: {e}"))),
        Some(Ok(back)) if back != *game => {
            Err(ctx.fail(Check::RoundTrip, "the state came back different".into()))
        }
        Some(Ok(_)) => {
            report.round_trips += 1;
            Ok(())
        }
    }
}

fn conservation<C: Conformance>(
    c: &C,
    game: &C::Game,
    inventory: &[u32],
    ctx: &Ctx,
) -> Result<(), Violation> {
    let mut found = vec![0u32; inventory.len()];
    for place in c.census(game) {
        for &token in &place.tokens {
            match found.get_mut(token) {
                Some(n) => *n += 1,
                None => {
                    return Err(
                        ctx.fail(Check::Conservation, format!("{} holds unknown token {token}", place.name))
                    );
                }
            }
        }
    }
    if let Some(token) = (0..inventory.len()).find(|&t| found[t] != inventory[t]) {
        let places: Vec<String> = c
            .census(game)
            .into_iter()
            .filter(|p| p.tokens.contains(&token))
            .map(|p| format!("{} ×{}", p.name, p.tokens.iter().filter(|&&t| t == token).count()))
            .collect();
        return Err(ctx.fail(
            Check::Conservation,
            format!(
                "{} found {} times (in {}), the game has {}",
                c.token_name(game, token),
                found[token],
                if places.is_empty() { "no place".to_string() } else { places.join(", ") },
                inventory[token]
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// The examples of this module's items include `conformance/doc_nim.rs` for the toy
    /// game the module example shows: the two must not drift apart.
    #[test]
    fn doc_nim_is_the_module_example() {
        let norm = |l: &str| l.trim().replace("pub ", "");
        let example: Vec<String> = include_str!("conformance.rs")
            .lines()
            .filter_map(|l| l.strip_prefix("//!"))
            .map(norm)
            .skip_while(|l| !l.starts_with("// A toy game"))
            .take_while(|l| !l.starts_with("let plan"))
            .filter(|l| !l.is_empty())
            .collect();
        let included: Vec<String> = include_str!("conformance/doc_nim.rs")
            .lines()
            .map(norm)
            .skip_while(|l| !l.starts_with("// A toy game"))
            .filter(|l| !l.is_empty())
            .take(example.len())
            .collect();
        assert!(example.len() > 50, "the module example's game was not found");
        assert_eq!(included, example);
    }
}
