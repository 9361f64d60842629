//! Match records: [`MatchRecord`] and [`HandRecord`]; [`record_match`], which plays a
//! match with any mix of bots and people ([`Players`]) through the one match driver with
//! recording on; and [`MatchRecord::replay`], which plays a record again through the
//! same hand loop to the same final states.
//!
//! A record holds what is needed to play a match again exactly: the game's name, its
//! configuration, the match terms, the seed the deal rng was built from, and for each
//! hand the initial deal (the dealt state) and the actions in order. Since
//! [`Game::apply`] is a pure function of the state (docs/DESIGN.md: randomness), applying the
//! actions to the deal gives the same final state, and re-dealing with an rng built from
//! the same seed gives the same deals.
//!
//! ```
//! use rummykit_core::{MatchEnd, MatchRecord, MatchTerms};
//! # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
//! # // A toy game: seats say a number in turn; whoever says 3 wins 1 point.
//! # #[derive(Clone, Debug, PartialEq)]
//! # struct Count { seats: usize, next: usize, said: u8 }
//! # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
//! # #[error("over")]
//! # struct Over;
//! # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
//! # impl Game for Count {
//! #     type Config = ();
//! #     type Action = u8;
//! #     type View = u8;
//! #     type Error = Over;
//! #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
//! #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
//! #         s.check(2, 4)?;
//! #         Ok(Count { seats: s.seats, next: s.first_to_play().unwrap_or(0), said: 0 })
//! #     }
//! #     fn seats(&self) -> usize { self.seats }
//! #     fn config(&self) {}
//! #     fn to_move(&self) -> Option<Seat> { (self.said < 3).then_some(self.next) }
//! #     fn apply(&mut self, seat: Seat, a: u8) -> Result<(), Over> {
//! #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
//! #         if self.said >= 3 { return Err(Over) }
//! #         self.said = a; if a < 3 { self.next = (self.next + 1) % self.seats } Ok(())
//! #     }
//! #     fn view(&self, _: Seat) -> u8 { self.said }
//! #     fn outcome(&self) -> Option<Outcome> {
//! #         (self.said >= 3).then(|| Outcome {
//! #             points: (0..self.seats).map(|s| i64::from(s == self.next)).collect(),
//! #             winners: vec![self.next],
//! #         })
//! #     }
//! # }
//! # struct Counter;
//! # impl rummykit_core::Bot<Count> for Counter {
//! #     fn name(&self) -> &str { "counter" }
//! #     fn act(&mut self, said: &u8) -> u8 { said + 1 }
//! # }
//! use rand::SeedableRng;
//! use rummykit_core::{Bot, record_match};
//!
//! let terms = MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(2));
//! let setup = MatchRecord::<Count>::new("count", (), terms, 7);
//! let (mut a, mut b) = (Counter, Counter);
//! let mut bots: [&mut dyn Bot<Count>; 2] = [&mut a, &mut b];
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(setup.seed);
//! let (record, played) = record_match(setup, &mut bots, &mut rng, 100)?;
//! assert_eq!(record.hands.len(), 2);
//! assert_eq!(record.hands[0].actions, vec![1, 2, 3]);
//!
//! let replayed = record.replay(&mut rand_chacha::ChaCha8Rng::seed_from_u64(record.seed))?;
//! assert_eq!(replayed.totals, played.totals());
//! assert_eq!(replayed.finals.len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rand::Rng;
use thiserror::Error;

use crate::hand_loop::drive_hand;
use crate::plural::plural;
use crate::{DriverError, Game, Match, MatchError, MatchTerms, Outcome, Players, Seat};

/// One hand of a match as played: the dealt state, every action in order, the outcome.
///
/// Seats in a hand record are **hand seats** (see [`Match`]); they equal match seats
/// unless someone was eliminated.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, record_match};
///
/// // Two hands of the conformance module's toy Nim between random players, recorded.
/// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
/// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
/// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
/// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
/// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
/// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
/// let (record, played) = record_match(setup, &mut bots, &mut rng, 100)?;
/// let hand = &record.hands[0];
/// assert_eq!(hand.deal.heap, 7);
/// assert_eq!(hand.actions.iter().map(|&t| u32::from(t)).sum::<u32>(), 7); // every counter taken
/// assert_eq!(hand.outcome, played.history()[0]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G: serde::Serialize, G::Action: serde::Serialize",
        deserialize = "G: serde::Deserialize<'de>, G::Action: serde::Deserialize<'de>"
    ))
)]
pub struct HandRecord<G: Game> {
    /// The state as dealt, before the first action.
    pub deal: G,
    /// Every accepted action, in order.
    pub actions: Vec<G::Action>,
    /// The result of the hand.
    pub outcome: Outcome,
}

impl<G: Game> HandRecord<G> {
    /// Applies the actions to a copy of the deal and checks that the hand ends with the
    /// recorded outcome. Returns the final state.
    ///
    /// # Errors
    ///
    /// [`ReplayError::IllegalAction`] if the game refuses a recorded action,
    /// [`ReplayError::NotOver`] if the hand does not end with the last action (or ends
    /// before it), [`ReplayError::OutcomeMismatch`] if it ends differently. `hand` in
    /// the error is 0 here; [`MatchRecord::replay`] fills in the hand's number.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, ReplayError};
    /// use rummykit_core::record_match;
    ///
    /// // Two hands of the conformance module's toy Nim between random players, recorded.
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
    /// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
    /// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    /// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
    /// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
    /// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    /// let (record, _) = record_match(setup, &mut bots, &mut rng, 100)?;
    /// let hand = &record.hands[1];
    /// assert_eq!(hand.replay()?.heap, 0);
    /// // A record whose last take is changed no longer ends where it says.
    /// let mut tampered = hand.clone();
    /// let last = tampered.actions.len() - 1;
    /// tampered.actions[last] = 3;
    /// assert!(matches!(tampered.replay(), Err(ReplayError::IllegalAction { hand: 0, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay(&self) -> Result<G, ReplayError<G::Error>> {
        self.replay_numbered(0)
    }

    fn replay_numbered(&self, hand: usize) -> Result<G, ReplayError<G::Error>> {
        let mut game = self.deal.clone();
        let mut script = Script { actions: &self.actions, next: 0 };
        // The recorded actions play the seats through the one hand loop; the script
        // stopping (it ran out) or being refused is where the record and the game part.
        match drive_hand(&mut game, &mut script, &[], hand, usize::MAX, None) {
            Ok(outcome) if script.next < self.actions.len() => {
                let _ = outcome;
                Err(ReplayError::NotOver { hand, actions: script.next })
            }
            Ok(outcome) if outcome != self.outcome => Err(ReplayError::OutcomeMismatch { hand }),
            Ok(_) => Ok(game),
            Err(DriverError::IllegalAction { error, .. }) => {
                Err(ReplayError::IllegalAction { hand, index: script.next.saturating_sub(1), error })
            }
            Err(_) => Err(ReplayError::NotOver { hand, actions: script.next }),
        }
    }
}

/// The recorded actions of a hand, played in order whoever is to move.
struct Script<'a, A> {
    actions: &'a [A],
    next: usize,
}

impl<G: Game> Players<G> for Script<'_, G::Action> {
    fn act(&mut self, _view: &G::View, _seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        let action = self.actions.get(self.next)?.clone();
        self.next += 1;
        Some(action)
    }
}

/// A match as played: its setup (game, configuration, terms, seed) and its hands.
///
/// Build the setup with [`MatchRecord::new`], play it with [`record_match`], play it
/// again with [`MatchRecord::replay`].
///
/// With the `serde` feature a record is written as `{"version": 2, "game": …, "config":
/// …, "terms": {…}, "seed": …, "hands": […], "totals": […]}` (`RECORD_VERSION`); another
/// version is refused with a `RecordFormatError` in the deserializer's error, a missing
/// or unknown field with serde's.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, record_match};
///
/// // Two hands of the conformance module's toy Nim between random players, recorded.
/// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
/// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
/// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
/// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
/// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
/// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
/// let (record, played) = record_match(setup, &mut bots, &mut rng, 100)?;
/// assert_eq!((record.game.as_str(), record.hands.len()), ("nim", 2));
/// assert_eq!(record.totals, played.totals());
/// // The record alone plays the match again.
/// let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed))?;
/// assert_eq!(replayed.totals, record.totals);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRecord<G: Game> {
    /// The game's name, as the caller calls it (`"rummikub"`, `"scala40"`, …).
    pub game: String,
    /// The game's configuration.
    pub config: G::Config,
    /// The match terms: seats, first dealer (`None` when the game chose by its own
    /// rule), end, ranking, hand limit.
    pub terms: MatchTerms,
    /// The seed the deal rng was built from (the caller's convention; rummykit's
    /// examples use `ChaCha8Rng::seed_from_u64`).
    pub seed: u64,
    /// The hands played, in order.
    pub hands: Vec<HandRecord<G>>,
    /// Cumulative scores by match seat after the last hand; empty in a setup that
    /// [`record_match`] has not played yet.
    pub totals: Vec<i64>,
}

impl<G: Game> MatchRecord<G> {
    /// The setup of a match of `game` (the game's name, as the caller calls it) on
    /// `terms`, dealt from an rng built from `seed`, with no hand played yet (and no
    /// totals). Nothing is checked or allocated per seat here: [`MatchRecord::start`]
    /// checks the setup.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchRecord, MatchTerms, NotYourTurn};
    /// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
    /// # #[derive(Clone, Debug)]
    /// # struct Solitaire;
    /// # impl Game for Solitaire {
    /// #     type Config = ();
    /// #     type Action = ();
    /// #     type View = ();
    /// #     type Error = NotYourTurn;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    /// #     fn deal<R: rand::Rng + ?Sized>(_: &(), _: Seating, _: &mut R) -> Result<Self, DealError> { Ok(Solitaire) }
    /// #     fn seats(&self) -> usize { 1 }
    /// #     fn config(&self) {}
    /// #     fn to_move(&self) -> Option<Seat> { None }
    /// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), NotYourTurn> { NotYourTurn::check(seat, None) }
    /// #     fn view(&self, _: Seat) {}
    /// #     fn outcome(&self) -> Option<Outcome> { None }
    /// # }
    /// let terms = MatchTerms::new(3).with_end(MatchEnd::FixedHands(2)).with_hand_limit(9);
    /// let setup = MatchRecord::<Solitaire>::new("solitaire", (), terms, 5);
    /// assert_eq!(setup.terms, terms);
    /// assert!(setup.hands.is_empty() && setup.totals.is_empty());
    /// ```
    #[must_use]
    pub fn new(game: impl Into<String>, config: G::Config, terms: MatchTerms, seed: u64) -> Self {
        MatchRecord { game: game.into(), config, terms, seed, hands: Vec::new(), totals: Vec::new() }
    }

    /// A new match with this record's setup and no hand played.
    ///
    /// # Errors
    ///
    /// The errors of [`Match::new`].
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, record_match};
    ///
    /// // Two hands of the conformance module's toy Nim between random players, recorded.
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
    /// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
    /// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    /// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
    /// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
    /// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    /// let (record, played) = record_match(setup, &mut bots, &mut rng, 100)?;
    /// let fresh = record.start()?;
    /// assert_eq!((fresh.hands_played(), fresh.terms()), (0, record.terms));
    /// assert!(played.is_over() && !fresh.is_over());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn start(&self) -> Result<Match<G>, MatchError> {
        Match::new(self.config.clone(), self.terms)
    }

    /// Plays the record again: re-deals every hand with `rng` (built from
    /// [`seed`](Self::seed) the way the recording's rng was) and checks that each deal
    /// equals the recorded one, applies the recorded actions, checks each outcome, and
    /// checks the totals and that the match is over exactly when the record ends (to
    /// resume a match still in progress, see [`Match::from_history`]).
    ///
    /// # Errors
    ///
    /// [`ReplayError::Match`] when the match cannot be set up or a hand cannot be dealt or
    /// recorded, [`ReplayError::DealMismatch`] when a re-deal differs from the recorded
    /// one, [`ReplayError::IllegalAction`] when the game refuses a recorded action,
    /// [`ReplayError::NotOver`] when a hand ends before its last action or is not over
    /// after it, [`ReplayError::OutcomeMismatch`] for another outcome,
    /// [`ReplayError::MatchNotOver`] when the match is not over after the last hand, and
    /// [`ReplayError::TotalsMismatch`] for other totals. A deal, action, end or outcome
    /// mismatch names its hand (an illegal action also its index in the hand);
    /// `MatchNotOver` counts the hands played; `TotalsMismatch` names none.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, ReplayError};
    /// use rummykit_core::record_match;
    ///
    /// // Two hands of the conformance module's toy Nim between random players, recorded.
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
    /// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
    /// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    /// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
    /// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
    /// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    /// let (record, _) = record_match(setup, &mut bots, &mut rng, 100)?;
    /// let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(8))?;
    /// assert_eq!(replayed.finals.len(), 2);
    /// // A record whose second deal was edited: the replay says which hand differs.
    /// let mut edited = record.clone();
    /// edited.hands[1].deal.heap = 6;
    /// let refused = edited.replay(&mut ChaCha8Rng::seed_from_u64(8));
    /// assert!(matches!(refused, Err(ReplayError::DealMismatch { hand: 1 })), "{refused:?}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn replay<R: Rng + ?Sized>(&self, rng: &mut R) -> Result<Replayed<G>, ReplayError<G::Error>>
    where
        G: PartialEq,
    {
        let mut played = self.start().map_err(ReplayError::Match)?;
        let mut finals = Vec::with_capacity(self.hands.len());
        for (hand, record) in self.hands.iter().enumerate() {
            let dealt = played.next_hand(rng).map_err(ReplayError::Match)?;
            if dealt != record.deal {
                return Err(ReplayError::DealMismatch { hand });
            }
            let game = record.replay_numbered(hand)?;
            played.record(&record.outcome).map_err(ReplayError::Match)?;
            finals.push(game);
        }
        if !played.is_over() {
            return Err(ReplayError::MatchNotOver { hands: self.hands.len() });
        }
        if played.totals() != self.totals.as_slice() {
            return Err(ReplayError::TotalsMismatch);
        }
        Ok(Replayed { totals: played.totals().to_vec(), standings: played.standings(), finals })
    }
}

/// What [`MatchRecord::replay`] found: every hand's final state and the match result.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, RandomBot, record_match};
///
/// // Two hands of the conformance module's toy Nim between random players, recorded.
/// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(2));
/// let setup = MatchRecord::<Nim>::new("nim", (), terms, 8);
/// let mut a = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
/// let mut b = RandomBot::new(ChaCha8Rng::seed_from_u64(2));
/// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
/// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
/// let (record, played) = record_match(setup, &mut bots, &mut rng, 100)?;
/// let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed))?;
/// assert!(replayed.finals.iter().all(|g| g.heap == 0)); // every hand played out
/// assert_eq!(replayed.standings, played.standings());
/// assert_eq!(replayed.totals, played.totals());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Replayed<G> {
    /// The final state of every hand, in order.
    pub finals: Vec<G>,
    /// Cumulative scores by match seat.
    pub totals: Vec<i64>,
    /// Match seats, best first.
    pub standings: Vec<Seat>,
}

/// Why a record did not replay to what it says.
///
/// Kept apart from [`DriverError`] because it says something else: a driver's error is
/// a player's fault or a limit met while playing, a replay error is a disagreement
/// between a record and the game (a deal, an outcome, a total that differs; a hand that
/// does not end where the record does), found by playing the record through the same
/// hand loop. Its fields count hands and actions from 0, as indices do; its messages
/// number them from 1, as a person counts.
///
/// With the `serde` feature it is `Serialize`, not `Deserialize`, as the
/// [`DealError`](crate::DealError) it may hold (whose names are `&'static str`): a
/// service sends it as JSON, externally tagged (`{"Variant":{"field":value}}`, a unit
/// variant as `"Variant"`).
///
/// ```
/// use std::error::Error;
/// use rummykit_core::{MatchError, NotYourTurn, ReplayError};
/// let e = ReplayError::<NotYourTurn>::IllegalAction { hand: 1, index: 4, error: NotYourTurn { seat: 2, to_move: 1 } };
/// // Fields count from 0, messages from 1: the fifth action of the second hand.
/// assert_eq!(e.to_string(), "hand 2, action 5: the game refused it");
/// assert!(e.source().is_some());
/// assert_eq!(ReplayError::<NotYourTurn>::Match(MatchError::NoSeats).to_string(), "the match refused the replay");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum ReplayError<E: std::error::Error + 'static> {
    /// The match could not be set up, deal or record a hand.
    #[error("the match refused the replay")]
    Match(#[source] MatchError),
    /// Re-dealing did not give the recorded deal (another seed or rng, or another game
    /// version).
    #[error("hand {}: re-dealing does not give the recorded deal", hand.saturating_add(1))]
    DealMismatch {
        /// The hand, from 0.
        hand: usize,
    },
    /// The game refused a recorded action.
    #[error("hand {}, action {}: the game refused it", hand.saturating_add(1), index.saturating_add(1))]
    IllegalAction {
        /// The hand, from 0.
        hand: usize,
        /// The action, from 0.
        index: usize,
        /// The game's reason.
        #[source]
        error: E,
    },
    /// The hand was over before its last action, or not over after it.
    #[error("hand {} does not end exactly after its {} recorded", hand.saturating_add(1), plural(*actions, "action"))]
    NotOver {
        /// The hand, from 0.
        hand: usize,
        /// Actions applied when the mismatch showed.
        actions: usize,
    },
    /// The hand ended with another outcome than the recorded one.
    #[error("hand {} ends with another outcome than the recorded one", hand.saturating_add(1))]
    OutcomeMismatch {
        /// The hand, from 0.
        hand: usize,
    },
    /// The match is not over after the recorded hands. A record is of a finished
    /// match; a match in progress is kept as its history and rebuilt with
    /// [`Match::from_history`] (with the `serde` feature, saved with its pending hand as
    /// a `MatchSave`).
    #[error("the match is not over after the {} recorded", plural(*hands, "hand"))]
    MatchNotOver {
        /// Hands in the record.
        hands: usize,
    },
    /// The replayed totals differ from the recorded ones.
    #[error("the replayed totals differ from the recorded ones")]
    TotalsMismatch,
}

/// Plays the match set up by `setup` (its `hands` are replaced) to its end with
/// [`Match::play_recorded`], dealing with `rng` and asking `players` for every action,
/// and returns the record and the match (totals, standings).
///
/// For the record to replay, `rng` must be built from `setup.seed` the way the replay
/// builds it, and used for nothing else.
///
/// # Errors
///
/// [`DriverError`]: terms the match refuses ([`DriverError::Match`]), a failed deal, a
/// refused action the player gave up on, a hand over `max_actions_per_hand` actions, or
/// a player that stopped (see [`Match::play`]).
///
/// ```
/// # use rand::{Rng, RngExt};
/// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
/// # /// "High card": every seat is dealt a number 1–13 and reveals it in turn; the
/// # /// highest wins the others' numbers (a tie for highest is a void hand).
/// # #[derive(Clone, Debug, PartialEq)]
/// # struct HighCard { cards: Vec<u8>, next: Seat, revealed: usize }
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("the hand is over")]
/// # struct Over;
/// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
/// # impl Game for HighCard {
/// #     type Config = ();
/// #     type Action = ();
/// #     type View = u8;
/// #     type Error = Over;
/// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
/// #     fn deal<R: Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
/// #         seating.check(2, 4)?;
/// #         let n = seating.seats;
/// #         let dealer = seating.dealer.unwrap_or_else(|| rng.random_range(0..n));
/// #         let cards = (0..n).map(|_| rng.random_range(1..=13)).collect();
/// #         Ok(HighCard { cards, next: (dealer + 1) % n, revealed: 0 })
/// #     }
/// #     fn seats(&self) -> usize { self.cards.len() }
/// #     fn config(&self) {}
/// #     fn to_move(&self) -> Option<Seat> { (self.revealed < self.cards.len()).then_some(self.next) }
/// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), Over> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         self.to_move().ok_or(Over)?;
/// #         self.revealed += 1;
/// #         self.next = (self.next + 1) % self.cards.len();
/// #         Ok(())
/// #     }
/// #     fn view(&self, seat: Seat) -> u8 { self.cards[seat] }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         if self.to_move().is_some() { return None; }
/// #         let best = *self.cards.iter().max()?;
/// #         let n = self.cards.len();
/// #         if self.cards.iter().filter(|&&c| c == best).count() > 1 {
/// #             return Some(Outcome { points: vec![0; n], winners: vec![] });
/// #         }
/// #         let w = self.cards.iter().position(|&c| c == best)?;
/// #         let pot: i64 = self.cards.iter().map(|&c| i64::from(c)).sum::<i64>() - i64::from(best);
/// #         let points = (0..n).map(|s| if s == w { pot } else { -i64::from(self.cards[s]) }).collect();
/// #         Some(Outcome { points, winners: vec![w] })
/// #     }
/// # }
/// # struct Reveal;
/// # impl rummykit_core::Bot<HighCard> for Reveal {
/// #     fn name(&self) -> &str { "reveal" }
/// #     fn act(&mut self, _view: &u8) {}
/// # }
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, record_match};
///
/// // HighCard is a toy game defined in this example's hidden lines; any `Game` works.
/// let setup = MatchRecord::<HighCard>::new("high card", (), MatchTerms::new(3).with_first_dealer(0).with_end(MatchEnd::FixedHands(4)), 7);
/// let (mut a, mut b, mut c) = (Reveal, Reveal, Reveal);
/// let mut bots: [&mut dyn Bot<HighCard>; 3] = [&mut a, &mut b, &mut c];
/// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
/// let (record, played) = record_match(setup, &mut bots, &mut rng, 100).expect("bots play legally");
/// assert_eq!(record.hands.len(), 4);
/// assert_eq!(record.totals, played.totals());
///
/// // The record alone plays the match again, to the same states and totals.
/// let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect("the record replays");
/// assert_eq!(replayed.totals, record.totals);
/// // A different rng deals different hands, and the replay says where it differs.
/// assert!(record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed + 1)).is_err());
/// ```
#[expect(clippy::type_complexity, reason = "a plain pair reads better than a one-off alias")]
pub fn record_match<G: Game, R: Rng + ?Sized>(
    mut setup: MatchRecord<G>,
    players: &mut (impl Players<G> + ?Sized),
    rng: &mut R,
    max_actions_per_hand: usize,
) -> Result<(MatchRecord<G>, Match<G>), DriverError<G::Error>> {
    let mut played = setup.start().map_err(|e| DriverError::from_match(0, e))?;
    setup.hands = played.play_recorded(players, rng, max_actions_per_hand)?;
    setup.totals = played.totals().to_vec();
    Ok((setup, played))
}
