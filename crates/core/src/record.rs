//! Match records: [`MatchRecord`] and [`HandRecord`], the driver that makes them
//! ([`record_match`] with any mix of bots and people through [`Players`]), and
//! [`MatchRecord::replay`], which plays a record again to the same final states.
//!
//! A record holds what is needed to play a match again exactly: the game's name, its
//! configuration, the match terms, the seed the deal rng was built from, and for each
//! hand the initial deal (the dealt state) and the actions in order. Since
//! [`Game::apply`] is a pure function of the state (docs/DESIGN.md: randomness), applying the
//! actions to the deal gives the same final state, and re-dealing with an rng built from
//! the same seed gives the same deals.
//!
//! ```
//! use rummykit_core::{Match, MatchEnd, MatchRecord, Ranking};
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
//! #     const SCORE_ORDER: ScoreOrder = ScoreOrder::HigherIsBetter;
//! #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
//! #         s.check(2, 4)?;
//! #         Ok(Count { seats: s.seats, next: s.first_to_play().unwrap_or(0), said: 0 })
//! #     }
//! #     fn seats(&self) -> usize { self.seats }
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
//! #             winner: Some(self.next),
//! #         })
//! #     }
//! # }
//! # struct Counter;
//! # impl rummykit_core::Bot<Count> for Counter {
//! #     fn name(&self) -> &str { "counter" }
//! #     fn act(&mut self, said: &u8) -> u8 { said + 1 }
//! # }
//! use rand::SeedableRng;
//! use rummykit_core::{BotPlayers, Bot, record_match};
//!
//! let setup = MatchRecord::<Count>::new("count", (), 2, Some(1), MatchEnd::FixedHands(2), Ranking::Total, 7);
//! let (mut a, mut b) = (Counter, Counter);
//! let mut bots: [&mut dyn Bot<Count>; 2] = [&mut a, &mut b];
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(setup.seed);
//! let (record, played) = record_match(setup, &mut BotPlayers(&mut bots), &mut rng, 100)?;
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

use crate::{Bot, Game, Match, MatchEnd, MatchError, Outcome, Ranking, Seat};

/// One hand of a match as played: the dealt state, every action in order, the outcome.
///
/// Seats in a hand record are **hand seats** (see [`Match`]); they equal match seats
/// unless someone was eliminated.
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
    pub fn replay(&self) -> Result<G, ReplayError<G::Error>> {
        self.replay_numbered(0)
    }

    fn replay_numbered(&self, hand: usize) -> Result<G, ReplayError<G::Error>> {
        let mut game = self.deal.clone();
        for (index, action) in self.actions.iter().enumerate() {
            if game.to_move().is_none() {
                return Err(ReplayError::NotOver { hand, actions: index });
            }
            let seat = game.to_move().unwrap_or_default();
            game.apply(seat, action.clone()).map_err(|error| ReplayError::IllegalAction {
                hand,
                index,
                error,
            })?;
        }
        match game.outcome() {
            None => Err(ReplayError::NotOver { hand, actions: self.actions.len() }),
            Some(outcome) if outcome != self.outcome => Err(ReplayError::OutcomeMismatch { hand }),
            Some(_) => Ok(game),
        }
    }
}

/// A match as played: its setup (game, configuration, terms, seed) and its hands.
///
/// Build the setup with [`MatchRecord::new`], play it with [`record_match`], play it
/// again with [`MatchRecord::replay`].
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G: serde::Serialize, G::Action: serde::Serialize, G::Config: serde::Serialize",
        deserialize = "G: serde::Deserialize<'de>, G::Action: serde::Deserialize<'de>, \
                       G::Config: serde::Deserialize<'de>"
    ))
)]
pub struct MatchRecord<G: Game> {
    /// The game's name, as the caller calls it (`"rummikub"`, `"scala40"`, …).
    pub game: String,
    /// The game's configuration.
    pub config: G::Config,
    /// Seats in the match.
    pub seats: usize,
    /// The first dealer, or `None` when the game chose by its own rule.
    pub first_dealer: Option<Seat>,
    /// When the match ends.
    pub end: MatchEnd,
    /// How the seats are ranked.
    pub ranking: Ranking,
    /// A safety stop: the match is also over after this many hands.
    pub hand_limit: Option<u32>,
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
    /// The setup of a match, with no hand played yet (and no totals). Nothing is
    /// checked or allocated per seat here: [`MatchRecord::start`] checks the setup.
    #[must_use]
    pub fn new(
        game: impl Into<String>,
        config: G::Config,
        seats: usize,
        first_dealer: Option<Seat>,
        end: MatchEnd,
        ranking: Ranking,
        seed: u64,
    ) -> Self {
        MatchRecord {
            game: game.into(),
            config,
            seats,
            first_dealer,
            end,
            ranking,
            hand_limit: None,
            seed,
            hands: Vec::new(),
            totals: Vec::new(),
        }
    }

    /// The same setup with a hand limit (see [`Match::with_hand_limit`]).
    #[must_use]
    pub fn with_hand_limit(mut self, hands: u32) -> Self {
        self.hand_limit = Some(hands);
        self
    }

    /// A new match with this record's setup and no hand played.
    ///
    /// # Errors
    ///
    /// The errors of [`Match::new`].
    pub fn start(&self) -> Result<Match<G>, MatchError> {
        let m = Match::new(self.config.clone(), self.seats, self.first_dealer, self.end, self.ranking)?;
        Ok(match self.hand_limit {
            Some(n) => m.with_hand_limit(n),
            None => m,
        })
    }

    /// Plays the record again: re-deals every hand with `rng` (built from
    /// [`seed`](Self::seed) the way the recording's rng was) and checks that each deal
    /// equals the recorded one, applies the recorded actions, checks each outcome, and
    /// checks the totals and that the match is over exactly when the record ends.
    ///
    /// # Errors
    ///
    /// [`ReplayError`] saying which hand and which action differ.
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
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ReplayError<E: std::error::Error> {
    /// The match could not be set up, deal or record a hand.
    #[error("the match refused the replay: {0}")]
    Match(MatchError),
    /// Re-dealing did not give the recorded deal (another seed or rng, or another game
    /// version).
    #[error("hand {hand}: re-dealing does not give the recorded deal")]
    DealMismatch {
        /// The hand, from 0.
        hand: usize,
    },
    /// The game refused a recorded action.
    #[error("hand {hand}, action {index}: the game refused it: {error}")]
    IllegalAction {
        /// The hand, from 0.
        hand: usize,
        /// The action, from 0.
        index: usize,
        /// The game's reason.
        error: E,
    },
    /// The hand was over before its last action, or not over after it.
    #[error("hand {hand} does not end exactly after its {actions} recorded actions")]
    NotOver {
        /// The hand, from 0.
        hand: usize,
        /// Actions applied when the mismatch showed.
        actions: usize,
    },
    /// The hand ended with another outcome than the recorded one.
    #[error("hand {hand} ends with another outcome than the recorded one")]
    OutcomeMismatch {
        /// The hand, from 0.
        hand: usize,
    },
    /// The match is not over after the recorded hands.
    #[error("the match is not over after the {hands} recorded hands")]
    MatchNotOver {
        /// Hands in the record.
        hands: usize,
    },
    /// The replayed totals differ from the recorded ones.
    #[error("the replayed totals differ from the recorded ones")]
    TotalsMismatch,
}

/// Who plays the seats of a match: the driver ([`record_match`]) asks for the action
/// of the seat to move and reports what happens, so a terminal or a UI can show it.
///
/// A person at a terminal is a `Players` that reads input for their seat; bots get
/// only their seat's view (see [`BotPlayers`]). The driver hands over the referee's
/// full state so that a front end can check a tentative move against a copy (as a
/// server would), but a front end must show a person only `game.view(hand_seat)`.
pub trait Players<G: Game> {
    /// The action of match seat `seat`, who plays as `hand_seat` in `game`. `None` stops
    /// the match ([`RecordError::Stopped`]).
    fn act(&mut self, game: &G, seat: Seat, hand_seat: Seat) -> Option<G::Action>;

    /// A new hand was dealt. `seats[hand_seat]` is the match seat of each hand seat.
    fn hand_started(&mut self, _game: &G, _seats: &[Seat]) {}

    /// `action` of match seat `seat` was applied; `before` is the state it was applied to.
    fn applied(&mut self, _before: &G, _after: &G, _seat: Seat, _action: &G::Action) {}

    /// The game refused the action chosen for match seat `seat` (the state is unchanged).
    /// Return `true` to ask again, `false` to stop with [`RecordError::IllegalAction`]
    /// (the default: a bot that errs once would err again).
    fn refused(&mut self, _game: &G, _seat: Seat, _error: &G::Error) -> bool {
        false
    }

    /// The hand is over; `played` already holds its outcome.
    fn hand_over(&mut self, _game: &G, _outcome: &Outcome, _played: &Match<G>) {}
}

/// Bots on every seat: each is asked with its own seat's view only.
pub struct BotPlayers<'a, 'b, G: Game>(pub &'a mut [&'b mut dyn Bot<G>]);

impl<G: Game> core::fmt::Debug for BotPlayers<'_, '_, G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.0.iter().map(|b| b.name())).finish()
    }
}

impl<G: Game> Players<G> for BotPlayers<'_, '_, G> {
    fn act(&mut self, game: &G, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
        let bot = self.0.get_mut(seat)?;
        Some(bot.act(&game.view(hand_seat)))
    }
}

/// Why [`record_match`] stopped before the match was over.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError<E: std::error::Error> {
    /// The match could not be set up or deal a hand.
    #[error(transparent)]
    Match(#[from] MatchError),
    /// A player's action was refused and the player gave up.
    #[error("seat {seat} chose an illegal action: {error}")]
    IllegalAction {
        /// The match seat.
        seat: Seat,
        /// The game's reason.
        error: E,
    },
    /// A hand did not end within the step limit.
    #[error("a hand did not end within {0} actions")]
    TooLong(usize),
    /// A player stopped the match.
    #[error("match seat {seat} stopped the match")]
    Stopped {
        /// The match seat that stopped.
        seat: Seat,
    },
}

/// Plays the match set up by `setup` (its `hands` are replaced) to its end, dealing with
/// `rng` and asking `players` for every action, and returns the record and the match
/// (totals, standings).
///
/// For the record to replay, `rng` must be built from `setup.seed` the way the replay
/// builds it, and used for nothing else.
///
/// # Errors
///
/// [`RecordError`]: a failed deal, a refused action the player gave up on, a hand over
/// `max_actions_per_hand` actions, or a player that stopped.
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
/// #     const SCORE_ORDER: ScoreOrder = ScoreOrder::HigherIsBetter;
/// #     fn deal<R: Rng + ?Sized>(_: &(), seating: Seating, rng: &mut R) -> Result<Self, DealError> {
/// #         seating.check(2, 4)?;
/// #         let n = seating.seats;
/// #         let dealer = seating.dealer.unwrap_or_else(|| rng.random_range(0..n));
/// #         let cards = (0..n).map(|_| rng.random_range(1..=13)).collect();
/// #         Ok(HighCard { cards, next: (dealer + 1) % n, revealed: 0 })
/// #     }
/// #     fn seats(&self) -> usize { self.cards.len() }
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
/// #             return Some(Outcome { points: vec![0; n], winner: None });
/// #         }
/// #         let w = self.cards.iter().position(|&c| c == best)?;
/// #         let pot: i64 = self.cards.iter().map(|&c| i64::from(c)).sum::<i64>() - i64::from(best);
/// #         let points = (0..n).map(|s| if s == w { pot } else { -i64::from(self.cards[s]) }).collect();
/// #         Some(Outcome { points, winner: Some(w) })
/// #     }
/// # }
/// # struct Reveal;
/// # impl rummykit_core::Bot<HighCard> for Reveal {
/// #     fn name(&self) -> &str { "reveal" }
/// #     fn act(&mut self, _view: &u8) {}
/// # }
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, BotPlayers, MatchEnd, MatchRecord, Ranking, record_match};
///
/// // HighCard is a toy game defined in this example's hidden lines; any `Game` works.
/// let setup = MatchRecord::<HighCard>::new("high card", (), 3, Some(0), MatchEnd::FixedHands(4), Ranking::Total, 7);
/// let (mut a, mut b, mut c) = (Reveal, Reveal, Reveal);
/// let mut bots: [&mut dyn Bot<HighCard>; 3] = [&mut a, &mut b, &mut c];
/// let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
/// let (record, played) = record_match(setup, &mut BotPlayers(&mut bots), &mut rng, 100).expect("bots play legally");
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
    players: &mut dyn Players<G>,
    rng: &mut R,
    max_actions_per_hand: usize,
) -> Result<(MatchRecord<G>, Match<G>), RecordError<G::Error>> {
    let mut played = setup.start()?;
    setup.hands.clear();
    while !played.is_over() {
        let deal = played.next_hand(rng)?;
        let seats = played.in_play().to_vec();
        players.hand_started(&deal, &seats);
        let mut game = deal.clone();
        let mut actions = Vec::new();
        while let Some(hand_seat) = game.to_move() {
            if actions.len() >= max_actions_per_hand {
                return Err(RecordError::TooLong(max_actions_per_hand));
            }
            let seat = seats.get(hand_seat).copied().unwrap_or(hand_seat);
            let action = players.act(&game, seat, hand_seat).ok_or(RecordError::Stopped { seat })?;
            let before = game.clone();
            match game.apply(hand_seat, action.clone()) {
                Ok(()) => {
                    players.applied(&before, &game, seat, &action);
                    actions.push(action);
                }
                Err(error) => {
                    if !players.refused(&game, seat, &error) {
                        return Err(RecordError::IllegalAction { seat, error });
                    }
                }
            }
        }
        let outcome = game.outcome().ok_or(RecordError::TooLong(max_actions_per_hand))?;
        played.record(&outcome)?;
        players.hand_over(&game, &outcome, &played);
        setup.hands.push(HandRecord { deal, actions, outcome });
    }
    setup.totals = played.totals().to_vec();
    Ok((setup, played))
}
