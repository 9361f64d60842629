//! [`Match`]: several hands of one game with cumulative scores, dealer rotation and an
//! end condition ([`MatchEnd`]), ranked by a [`Ranking`], started from [`MatchTerms`] and
//! played by [`Match::play`].
//!
//! A *hand* is one deal (one game of Rummikub); a *match* is the sequence of hands the
//! players agreed on. Seats are numbered the same way in both as long as nobody is
//! eliminated; under [`MatchEnd::Elimination`] later hands are dealt to the remaining
//! seats only, and the match translates between **match seats** (fixed, `0..seats`) and
//! **hand seats** (`0..` the number of players still in, in match-seat order).

use rand::Rng;
use thiserror::Error;

use crate::hand_loop::{check_count, drive_hand};
use crate::plural::plural;
use crate::{
    DealError, DriverError, Game, HandRecord, MatchEnd, MatchEndError, MatchTerms, Outcome, Players, Ranking,
    ScoreOrder, Seat, Seating,
};

/// The most seats any [`Match`] takes, whatever the game says: a bound on the memory a
/// match (and a [`MatchRecord`](crate::MatchRecord) replay) allocates per seat. No game
/// of the rummy family seats more than six.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rummykit_core::{Game, MAX_SEATS, Match, MatchError, MatchTerms};
/// // A game with no seat limit of its own (the toy Nim's default range) is still capped.
/// assert_eq!(Nim::seat_range(&()), 1..=MAX_SEATS);
/// let refused = Match::<Nim>::new((), MatchTerms::new(MAX_SEATS + 1));
/// assert!(matches!(refused, Err(MatchError::PlayerCount { seats: 65, .. })));
/// ```
pub const MAX_SEATS: usize = 64;

/// Refuses a seat count the game does not take ([`Game::seat_range`], capped at
/// [`MAX_SEATS`]): the one check of every driver, made before anything is built per seat.
pub(crate) fn check_seats<G: Game>(config: &G::Config, seats: usize) -> Result<(), MatchError> {
    if seats == 0 {
        return Err(MatchError::NoSeats);
    }
    let range = G::seat_range(config);
    let (min, max) = (*range.start(), (*range.end()).min(MAX_SEATS));
    if !(min..=max).contains(&seats) {
        return Err(MatchError::PlayerCount { seats, min, max });
    }
    Ok(())
}

/// Why a [`Match`] refused a request. The match is unchanged after an error.
///
/// With the `serde` feature it is `Serialize`, not `Deserialize`, as the
/// [`DealError`](crate::DealError) it may hold (whose names are `&'static str`): a
/// service sends it as JSON, externally tagged (`{"Variant":{"field":value}}`, a unit
/// variant as `"Variant"`).
///
/// ```
/// use rummykit_core::MatchError;
/// let e = MatchError::SeatCount { got: 2, expected: 3 };
/// assert_eq!(e.to_string(), "the outcome scores 2 seats but the hand was dealt to 3");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[non_exhaustive]
pub enum MatchError {
    /// A match needs at least one seat.
    #[error("a match needs at least one seat")]
    NoSeats,
    /// The game is not played by this many players ([`Game::seat_range`], capped at
    /// [`MAX_SEATS`]).
    #[error("a match of {} cannot be played: this game takes {min} to {max} players", plural(*seats, "seat"))]
    PlayerCount {
        /// Seats asked for.
        seats: usize,
        /// Fewest players of the game.
        min: usize,
        /// Most players of the game (at most [`MAX_SEATS`]).
        max: usize,
    },
    /// The first dealer is not a seat of the match.
    #[error("first dealer {dealer} is not a seat of this {seats}-seat match")]
    NoSuchDealer {
        /// The dealer asked for.
        dealer: Seat,
        /// Seats in the match.
        seats: usize,
    },
    /// The end of the match makes no match of this game ([`MatchEnd::check`]).
    #[error(transparent)]
    End(#[from] MatchEndError),
    /// The match is over: no more hands are dealt, played or recorded. Every entry
    /// point of a finished match answers it ([`Match::next_hand`], [`Match::record`],
    /// [`Match::play`], [`Match::play_recorded`], [`Match::finish_hand`]), the match
    /// unchanged.
    #[error("the match is over after {}", plural(*hands as usize, "hand"))]
    Over {
        /// Hands played.
        hands: u32,
    },
    /// [`Match::record`] was called with no hand dealt since the last record.
    #[error("no hand is in progress: deal one with next_hand before recording an outcome")]
    NoHandInProgress,
    /// The outcome's score list does not have one entry per seat of the hand.
    #[error("the outcome scores {} but the hand was dealt to {expected}", plural(*got, "seat"))]
    SeatCount {
        /// Scores in the outcome.
        got: usize,
        /// Seats in the hand.
        expected: usize,
    },
    /// The outcome names a winner that is not a seat of the hand.
    #[error("the outcome names winner {winner} but the hand was dealt to {}", plural(*seats, "seat"))]
    NoSuchWinner {
        /// The winner named.
        winner: Seat,
        /// Seats in the hand.
        seats: usize,
    },
    /// The game refused to deal.
    #[error("could not deal the next hand: {0}")]
    Deal(#[from] DealError),
    /// A hand of a history ([`Match::from_history`]) does not score one entry per match
    /// seat.
    #[error("hand {} of the history scores {} but the match has {expected}", hand.saturating_add(1), plural(*got, "seat"))]
    HistorySeatCount {
        /// The hand, from 0.
        hand: u32,
        /// Scores in the hand's outcome.
        got: usize,
        /// Seats in the match.
        expected: usize,
    },
    /// A hand of a history scores points for a seat that was not dealt in (eliminated
    /// before it), or names as a winner a seat that was not dealt in or does not exist.
    #[error("hand {} of the history scores seat {seat}, which was not dealt in", hand.saturating_add(1))]
    NotDealtIn {
        /// The hand, from 0.
        hand: u32,
        /// The seat, a match seat.
        seat: Seat,
    },
    /// A hand of a history is not written as the match writes its outcomes (see
    /// [`Match::history`]): a hand with no winner that scores points, or winners not
    /// ascending and distinct.
    #[error("hand {} of the history is not an outcome as the match records one", hand.saturating_add(1))]
    HistoryOutcome {
        /// The hand, from 0.
        hand: u32,
    },
    /// The dealer given with a history is not the one the terms' first dealer and the
    /// history give.
    #[error("the terms and the history give {}, not {}", dealer_name(*expected), dealer_name(*dealer))]
    DealerMismatch {
        /// The dealer given.
        dealer: Option<Seat>,
        /// The dealer the terms and the history give.
        expected: Option<Seat>,
    },
    /// The dealer given with a history is a seat that the history eliminated.
    #[error("dealer {dealer} was eliminated")]
    DealerOut {
        /// The dealer given.
        dealer: Seat,
    },
    /// A history of one hand or more is given with no dealer while seats are still in,
    /// under terms that name no first dealer (with one named, a missing dealer is
    /// [`MatchError::DealerMismatch`]): the deal passes on after every hand, so such a
    /// match names the next dealer (with none, the game would choose again and break
    /// the rotation).
    #[error("the history holds {} but names no dealer for the next hand", plural(*hands as usize, "hand"))]
    DealerMissing {
        /// Hands in the history.
        hands: u32,
    },
    /// The totals saved with a history are not those the history adds up to.
    #[error("the saved totals are not those the history adds up to")]
    TotalsMismatch,
    /// The pending hand is not dealt to the seats still in the match.
    #[error("the pending hand is dealt to {} but {expected} are in play", plural(*got, "player"))]
    HandSeats {
        /// Seats of the hand.
        got: usize,
        /// Seats in play.
        expected: usize,
    },
    /// The pending hand is played under another configuration than the match's (a hand
    /// of another game, or of the same game under other rules).
    #[error("the pending hand is played under another configuration than the match's")]
    HandConfig,
    /// The pending hand was dealt by another seat than the match's dealer
    /// ([`Game::dealt_by`], in match seats): a hand of another match, or of this one at
    /// another hand.
    #[error("the pending hand was dealt by seat {dealt_by} where the match gives {}", dealer_name(*expected))]
    HandDealer {
        /// The match seat that dealt the hand.
        dealt_by: Seat,
        /// The match's dealer.
        expected: Option<Seat>,
    },
}

/// A dealer in a message: `dealer 2`, or `no dealer` (the game chooses at the next deal).
fn dealer_name(dealer: Option<Seat>) -> String {
    dealer.map_or_else(|| "no dealer".to_string(), |d| format!("dealer {d}"))
}

/// A match: hands of one game played to an end condition, with cumulative scores.
///
/// The match deals each hand ([`Match::next_hand`]) with the right [`Seating`] and
/// records its [`Outcome`] ([`Match::record`]); [`Match::play`] does both in a loop
/// with bots. Scores add up per seat; a hand whose outcome has no winner (a void
/// hand, such as classic Rummy's restock cap, RULES.md §2.5) counts as played and
/// scores nothing.
///
/// **Dealer rotation.** The first hand is dealt by the given dealer, or, with `None`,
/// the game chooses by its own rule; the match then reads the dealer off the new hand
/// (the seat before the one to move, per [`Seating`]'s contract). Each later hand is
/// dealt by the next seat clockwise that is still in the match.
///
/// ```
/// use rummykit_core::{Match, MatchEnd, MatchTerms, Outcome};
/// # use rummykit_core::{DealError, Game, ScoreOrder, Seat, Seating};
/// # // A one-move toy game: every seat says "done", nobody scores.
/// # #[derive(Clone, Debug)]
/// # struct Toy { seats: usize, next: usize }
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("never")]
/// # struct Never;
/// # impl From<rummykit_core::NotYourTurn> for Never { fn from(_: rummykit_core::NotYourTurn) -> Never { Never } }
/// # impl Game for Toy {
/// #     type Config = ();
/// #     type Action = ();
/// #     type View = ();
/// #     type Error = Never;
/// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
/// #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
/// #         s.check(2, 4)?;
/// #         Ok(Toy { seats: s.seats, next: s.first_to_play().unwrap_or(0) })
/// #     }
/// #     fn seats(&self) -> usize { self.seats }
/// #     fn config(&self) {}
/// #     fn to_move(&self) -> Option<Seat> { Some(self.next) }
/// #     fn apply(&mut self, seat: Seat, _: ()) -> Result<(), Never> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         Ok(())
/// #     }
/// #     fn view(&self, _: Seat) {}
/// #     fn outcome(&self) -> Option<Outcome> { None }
/// # }
/// use rand::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let mut m = Match::<Toy>::new((), MatchTerms::new(3).with_first_dealer(2).with_end(MatchEnd::TargetScore(10)))?;
///
/// let hand = m.next_hand(&mut rng)?;          // dealt by seat 2: seat 0 plays first
/// assert_eq!(hand.to_move(), Some(0));
/// m.record(&Outcome { points: vec![6, -3, -3], winners: vec![0] })?;
///
/// let hand = m.next_hand(&mut rng)?;          // the deal moves on to seat 0
/// assert_eq!((m.dealer(), hand.to_move()), (Some(0), Some(1)));
/// m.record(&Outcome { points: vec![-4, 8, -4], winners: vec![1] })?;
///
/// m.next_hand(&mut rng)?;
/// m.record(&Outcome { points: vec![8, -5, -3], winners: vec![0] })?;
/// assert!(m.is_over()); // seat 0 reached 10
/// assert_eq!(m.totals(), &[10, 0, -10]);
/// assert_eq!(m.standings(), vec![0, 1, 2]);
/// assert_eq!(m.winners(), vec![0]);
/// # Ok::<(), rummykit_core::MatchError>(())
/// ```
#[derive(Debug, Clone)]
pub struct Match<G: Game> {
    config: G::Config,
    /// The terms as given (the first dealer among them).
    terms: MatchTerms,
    /// Match seat of the dealer of the pending hand (or of the next hand).
    dealer: Option<Seat>,
    /// Match seats still in, ascending; hand seat `i` is `active[i]`.
    active: Vec<Seat>,
    totals: Vec<i64>,
    hands_won: Vec<u32>,
    /// For each match seat, the number of the hand after which it was eliminated.
    out_after: Vec<Option<u32>>,
    hands_played: u32,
    pending: bool,
    history: Vec<Outcome>,
}

/// Two matches are equal when they are the same match at the same point: configuration,
/// terms, hands recorded, dealer and whether a hand is in progress (the hand itself is
/// the caller's).
impl<G: Game> PartialEq for Match<G> {
    fn eq(&self, other: &Self) -> bool {
        self.config == other.config
            && self.terms == other.terms
            && self.dealer == other.dealer
            && self.active == other.active
            && self.totals == other.totals
            && self.hands_won == other.hands_won
            && self.out_after == other.out_after
            && self.hands_played == other.hands_played
            && self.pending == other.pending
            && self.history == other.history
    }
}

impl<G: Game> Match<G> {
    /// A match of the game configured by `config`, on `terms`; the game's own terms are
    /// [`Game::default_terms`], which read the end of match a game's configuration names
    /// (classic Rummy's and Rummy 40's `game_end`, Rummikub's session): pass
    /// `G::default_terms(&config, seats)` to play it. Terms built with
    /// [`MatchTerms::new`] end after one hand unless [`MatchTerms::with_end`] says
    /// otherwise, whatever the configuration says. The match keeps `config` for every
    /// hand it deals, so it takes it by value, where [`Game::deal`] only reads it (the
    /// built-in games' configurations are `Copy`).
    ///
    /// # Errors
    ///
    /// [`MatchError::NoSeats`], [`MatchError::PlayerCount`] for a seat count outside
    /// the game's [`Game::seat_range`] (or above [`MAX_SEATS`]), checked before anything
    /// is allocated per seat, [`MatchError::NoSuchDealer`], or [`MatchError::End`] for an
    /// end that makes no match of this game ([`MatchEnd::check`]: no hand to play, a
    /// target or limit reached in the first hand whatever is played, an elimination
    /// match of a game where higher scores are better). Whether the configuration itself
    /// can be dealt is the game's to say, at the first deal.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchEndError, MatchError, MatchTerms};
    ///
    /// let m = Match::<Nim>::new((), MatchTerms::new(2).with_end(MatchEnd::TargetScore(3)))?;
    /// assert_eq!((m.seats(), m.hands_played(), m.is_over()), (2, 0, false));
    /// // Nim's winner scores +1: a penalty-point elimination makes no sense for it.
    /// let refused = Match::<Nim>::new((), MatchTerms::new(2).with_end(MatchEnd::Elimination(5)));
    /// assert_eq!(refused.unwrap_err(), MatchError::End(MatchEndError::EliminationNeedsPenaltyScores { limit: 5 }));
    /// let none = Match::<Nim>::new((), MatchTerms::new(2).with_end(MatchEnd::FixedHands(0)));
    /// assert_eq!(none.unwrap_err(), MatchError::End(MatchEndError::NoHands));
    /// assert!(matches!(Match::<Nim>::new((), MatchTerms::new(0)), Err(MatchError::NoSeats)));
    /// # Ok::<(), MatchError>(())
    /// ```
    pub fn new(config: G::Config, terms: MatchTerms) -> Result<Self, MatchError> {
        let MatchTerms { seats, first_dealer, end, .. } = terms;
        check_seats::<G>(&config, seats)?;
        if let Some(dealer) = first_dealer.filter(|&d| d >= seats) {
            return Err(MatchError::NoSuchDealer { dealer, seats });
        }
        end.check(G::score_order(&config))?;
        Ok(Match {
            config,
            terms,
            dealer: first_dealer,
            active: (0..seats).collect(),
            totals: vec![0; seats],
            hands_won: vec![0; seats],
            out_after: vec![None; seats],
            hands_played: 0,
            pending: false,
            history: Vec::new(),
        })
    }

    /// The match after the hands of `history`, with no hand in progress: what
    /// [`Match::new`] and a [`record`](Match::record) of each hand's outcome give, without
    /// dealing. `history` is in match seats, as [`Match::history`] gives it, and `dealer`
    /// is what [`Match::dealer`] gave; together with the configuration and the
    /// [`terms`](Match::terms) they are the whole state of a match between hands, so a
    /// service can keep these and rebuild the match for each request (with the `serde`
    /// feature, `MatchSave` writes them, and the pending hand, as one save).
    ///
    /// When the terms name the first dealer, the history gives every later one and
    /// `dealer` is checked against it; when the game chose the first dealer at the first
    /// deal, `dealer` is the seat it chose, passed on round the table, and must be a seat
    /// still in the match; `None` (the game choosing at the next deal) only before the
    /// first hand, or once no seat is left in.
    ///
    /// Each hand is checked as [`record`](Match::record) checks an outcome and, beyond
    /// that, to be exactly what the match would have recorded, so that
    /// `from_history(…, m.history())` gives `m` back and a history no match could have
    /// written is an error, never a match that plays on from an impossible place. The
    /// one exception: a match of a game that chooses its dealer and reports neither it
    /// nor a first mover ([`Game::dealt_by`]) has no dealer after a hand, and is refused
    /// ([`MatchError::DealerMissing`]).
    ///
    /// # Errors
    ///
    /// Those of [`Match::new`]; [`MatchError::Over`] for a hand after the end of the
    /// match; [`MatchError::HistorySeatCount`] for a hand without one score per match
    /// seat; [`MatchError::NotDealtIn`] for points or a win of a seat eliminated before
    /// the hand (or of no seat of the match); [`MatchError::HistoryOutcome`] for a void
    /// hand with points or winners out of order or repeated; [`MatchError::DealerMismatch`]
    /// for a dealer the terms and history do not give; [`MatchError::NoSuchDealer`] or
    /// [`MatchError::DealerOut`] for a dealer chosen by the game that is no seat or has
    /// been eliminated; [`MatchError::DealerMissing`] for no dealer after a hand while a
    /// seat is still in.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchError, MatchTerms, Outcome};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// for _ in 0..2 {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?;
    ///     }
    ///     m.record(&game.outcome().expect("over"))?;
    /// }
    /// // What a service keeps between requests is enough to rebuild the match.
    /// let rebuilt = Match::<Nim>::from_history((), m.terms(), m.dealer(), m.history())?;
    /// assert_eq!((rebuilt.totals(), rebuilt.dealer()), (m.totals(), m.dealer()));
    /// assert_eq!(rebuilt.history(), m.history());
    ///
    /// // A history no match of these terms could have written is refused.
    /// let mut edited = m.history().to_vec();
    /// edited.push(Outcome { points: vec![1, -1, 0], winners: vec![0] });
    /// let refused = Match::<Nim>::from_history((), m.terms(), m.dealer(), &edited);
    /// assert_eq!(refused.unwrap_err(), MatchError::HistorySeatCount { hand: 2, got: 3, expected: 2 });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_history(
        config: G::Config,
        terms: MatchTerms,
        dealer: Option<Seat>,
        history: &[Outcome],
    ) -> Result<Self, MatchError> {
        let mut played = Match::new(config, terms)?;
        let seats = terms.seats;
        // The history itself is allocated by the caller; the match's copy grows with it.
        played.history.reserve(history.len());
        for (index, entry) in history.iter().enumerate() {
            let hand = u32::try_from(index).unwrap_or(u32::MAX);
            if played.is_over() {
                return Err(MatchError::Over { hands: played.hands_played });
            }
            if entry.points.len() != seats {
                return Err(MatchError::HistorySeatCount { hand, got: entry.points.len(), expected: seats });
            }
            // Hand seats of the hand, in order; a seat out of the hand neither scores nor wins.
            let mut winners = Vec::with_capacity(entry.winners.len());
            for &w in &entry.winners {
                winners.push(played.hand_seat(w).ok_or(MatchError::NotDealtIn { hand, seat: w })?);
            }
            if let Some(seat) = (0..seats).find(|&s| entry.points[s] != 0 && played.hand_seat(s).is_none()) {
                return Err(MatchError::NotDealtIn { hand, seat });
            }
            let points = played.active.iter().map(|&s| entry.points[s]).collect();
            played.pending = true;
            played.record(&Outcome { points, winners })?;
            if played.history.last() != Some(entry) {
                return Err(MatchError::HistoryOutcome { hand });
            }
        }
        if terms.first_dealer.is_some() {
            // The deal passed round from the named first dealer: nothing to choose.
            if played.dealer != dealer {
                return Err(MatchError::DealerMismatch { dealer, expected: played.dealer });
            }
        } else {
            // The game chose the first dealer at a deal the history does not hold: any
            // seat still in is one the deal can have passed to.
            match dealer {
                Some(d) if d >= seats => return Err(MatchError::NoSuchDealer { dealer: d, seats }),
                Some(d) if played.hand_seat(d).is_none() => return Err(MatchError::DealerOut { dealer: d }),
                _ => {}
            }
            played.dealer = dealer;
            played.dealer_known()?;
        }
        Ok(played)
    }

    /// Once a hand is dealt the match knows its dealer and passes the deal on (RULES.md
    /// §1.2 step 5, §2.2, §3.2): no dealer is left only when nobody is. What
    /// [`Match::from_history`] refuses, and so what a save may not hold.
    pub(crate) fn dealer_known(&self) -> Result<(), MatchError> {
        if self.dealer.is_none() && self.hands_played > 0 && !self.active.is_empty() {
            return Err(MatchError::DealerMissing { hands: self.hands_played });
        }
        Ok(())
    }

    /// Marks a hand as in progress or not, for a save that holds the hand or leaves it out.
    #[cfg(feature = "serde")]
    pub(crate) fn set_pending(&mut self, pending: bool) {
        self.pending = pending;
    }

    /// The hand fits the match: dealt to the seats still in, under the match's
    /// configuration and, when its game records a dealer, by the match's dealer (the seat
    /// [`Match::next_hand`] deals with or, when the game chose, reads off the hand).
    pub(crate) fn check_hand(&self, hand: &G) -> Result<(), MatchError> {
        let expected = self.active.len();
        if hand.seats() != expected {
            return Err(MatchError::HandSeats { got: hand.seats(), expected });
        }
        if hand.config() != self.config {
            return Err(MatchError::HandConfig);
        }
        let Some(seat) = hand.dealt_by() else { return Ok(()) };
        // The hand's seats were checked against the seats in play: a dealer past them
        // comes from a game that breaks its own contract, still refused.
        let dealt_by = self.match_seat(seat).unwrap_or(seat);
        if self.dealer == Some(dealt_by) && seat < expected {
            Ok(())
        } else {
            Err(MatchError::HandDealer { dealt_by, expected: self.dealer })
        }
    }

    /// The terms the match was started on (the first dealer as given).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.terms(), MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn terms(&self) -> MatchTerms {
        self.terms
    }

    /// The game's configuration.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.config(), &()); // Nim has no options; a card game's Config would show here
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// Number of seats in the match (eliminated seats included).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.seats(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn seats(&self) -> usize {
        self.terms.seats
    }

    /// The end condition.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.end(), MatchEnd::FixedHands(3));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn end(&self) -> MatchEnd {
        self.terms.end
    }

    /// The ranking.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms, Ranking};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.ranking(), Ranking::Total); // the default
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn ranking(&self) -> Ranking {
        self.terms.ranking
    }

    /// The match seat that deals the pending hand, or the next one once the previous
    /// hand is recorded. `None` before the first deal when the game chooses the dealer,
    /// or once no seat is left in; `None` after a hand too for a game that chooses its
    /// dealer and reports neither it nor a first mover ([`Game::dealt_by`]).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// assert_eq!(m.dealer(), Some(1));
    /// play_hand(&mut m)?;
    /// assert_eq!(m.dealer(), Some(0)); // the deal passes on
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dealer(&self) -> Option<Seat> {
        self.dealer
    }

    /// The match seats still in the match, ascending. Hand seat `i` of the next (or
    /// pending) hand is match seat `in_play()[i]`.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!(m.in_play(), &[0, 1]); // nobody is eliminated in a fixed-hands match
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn in_play(&self) -> &[Seat] {
        &self.active
    }

    /// The match seat that plays as hand seat `hand_seat` in the pending (or next) hand;
    /// `None` beyond the seats in play.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!((m.match_seat(1), m.match_seat(2)), (Some(1), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn match_seat(&self, hand_seat: Seat) -> Option<Seat> {
        self.active.get(hand_seat).copied()
    }

    /// The hand seat of match seat `seat` in the pending (or next) hand; `None` if the
    /// seat is eliminated or does not exist.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// assert_eq!((m.hand_seat(0), m.hand_seat(7)), (Some(0), None));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hand_seat(&self, seat: Seat) -> Option<Seat> {
        self.active.binary_search(&seat).ok()
    }

    /// Cumulative scores, by match seat.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// play_hand(&mut m)?;
    /// // Seat 1 dealt, so seat 0 moved first and took the seventh counter: +1, -1.
    /// assert_eq!(m.totals(), &[1, -1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn totals(&self) -> &[i64] {
        &self.totals
    }

    /// Hands won, by match seat.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// play_hand(&mut m)?;
    /// play_hand(&mut m)?;
    /// assert_eq!(m.hands_won(), &[1, 1]); // the deal, and with it the first move, passed on
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hands_won(&self) -> &[u32] {
        &self.hands_won
    }

    /// Hands recorded, void hands included.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// play_hand(&mut m)?;
    /// assert_eq!(m.hands_played(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hands_played(&self) -> u32 {
        self.hands_played
    }

    /// `true` while a hand is dealt and its outcome not yet recorded.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let game = m.next_hand(&mut rng)?;
    /// assert!(m.hand_in_progress());
    /// let mut game = game;
    /// while let Some(seat) = game.to_move() {
    ///     game.apply(seat, 2.min(game.heap))?;
    /// }
    /// m.record(&game.outcome().expect("over"))?;
    /// assert!(!m.hand_in_progress());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hand_in_progress(&self) -> bool {
        self.pending
    }

    /// The outcome of every recorded hand, in match seats: `points` has one entry per
    /// match seat (0 for a seat not dealt in, and for every seat of a void hand) and
    /// `winner` is a match seat.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// play_hand(&mut m)?;
    /// play_hand(&mut m)?;
    /// let winners: Vec<_> = m.history().iter().map(|o| o.winners.clone()).collect();
    /// assert_eq!(winners, [[0], [1]]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn history(&self) -> &[Outcome] {
        &self.history
    }

    /// The match number of the hand after which `seat` was eliminated; `None` while it
    /// is in (or for a seat that does not exist).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let m = Match::<Nim>::new((), terms)?;
    /// // Only an elimination match puts seats out; here nobody ever is.
    /// assert_eq!(m.eliminated_after(0), None);
    /// assert_eq!(m.eliminated_after(9), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn eliminated_after(&self, seat: Seat) -> Option<u32> {
        self.out_after.get(seat).copied().flatten()
    }

    /// `true` once the end condition (or the hand limit) is met.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// for _ in 0..3 {
    ///     assert!(!m.is_over());
    ///     play_hand(&mut m)?;
    /// }
    /// assert!(m.is_over());
    /// assert!(m.next_hand(&mut rng).is_err()); // MatchError::Over
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_over(&self) -> bool {
        if self.terms.hand_limit.is_some_and(|n| self.hands_played >= n) {
            return true;
        }
        match self.terms.end {
            MatchEnd::FixedHands(n) => self.hands_played >= n,
            MatchEnd::SingleHand => self.hands_played >= 1,
            MatchEnd::TargetScore(target) => {
                self.hands_played > 0 && self.totals.iter().any(|&t| t >= target)
            }
            MatchEnd::Elimination(_) => self.active.len() <= 1,
        }
    }

    /// Every match seat, best first: under elimination, seats still in first and then
    /// by how late they went out; then by the [`Ranking`]; then by seat number. Seats
    /// tied on everything but the seat number share their place (see
    /// [`winners`](Match::winners)).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// for _ in 0..3 {
    ///     play_hand(&mut m)?;
    /// }
    /// assert_eq!(m.totals(), &[1, -1]); // seat 0 moved first in hands 1 and 3
    /// assert_eq!(m.standings(), [0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn standings(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.terms.seats).collect();
        seats.sort_by_key(|&s| (self.rank_key(s), s));
        seats
    }

    /// What orders the standings, best first; equal keys are a shared place.
    /// `Ok` while the match goes on; a finished match refuses every entry point that
    /// would play or record a hand with [`MatchError::Over`], the match unchanged.
    fn going_on(&self) -> Result<(), MatchError> {
        if self.is_over() { Err(MatchError::Over { hands: self.hands_played }) } else { Ok(()) }
    }

    pub(crate) fn rank_key(&self, seat: Seat) -> (core::cmp::Reverse<u32>, i64, i128) {
        let survival = core::cmp::Reverse(self.out_after[seat].unwrap_or(u32::MAX));
        let won = match self.terms.ranking {
            Ranking::Total => 0,
            Ranking::HandsWon => -i64::from(self.hands_won[seat]),
        };
        let total = match G::score_order(&self.config) {
            ScoreOrder::HigherIsBetter => -i128::from(self.totals[seat]),
            ScoreOrder::LowerIsBetter => i128::from(self.totals[seat]),
        };
        (survival, won, total)
    }

    /// The seats that won the match, ascending, once it is over (empty before): the
    /// best seat of the [`standings`](Match::standings) and every seat tied with it
    /// (same survival, same [`Ranking`] count, same total), so a shared win names
    /// every sharer, as [`Outcome::winners`] does for a hand.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut play_hand = |m: &mut Match<Nim>| -> Result<(), Box<dyn std::error::Error>> {
    ///     let mut game = m.next_hand(&mut rng)?;
    ///     while let Some(seat) = game.to_move() {
    ///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
    ///     }
    ///     Ok(m.record(&game.outcome().expect("over"))?)
    /// };
    /// play_hand(&mut m)?;
    /// assert!(m.winners().is_empty()); // not over yet
    /// play_hand(&mut m)?;
    /// play_hand(&mut m)?;
    /// assert_eq!(m.winners(), [0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn winners(&self) -> Vec<Seat> {
        if !self.is_over() {
            return Vec::new();
        }
        let Some(best) = (0..self.terms.seats).map(|s| self.rank_key(s)).min() else {
            return Vec::new();
        };
        (0..self.terms.seats).filter(|&s| self.rank_key(s) == best).collect()
    }

    /// The seating of the next hand, in hand seats.
    fn seating(&self) -> Seating {
        let seating = Seating::new(self.active.len());
        match self.dealer.and_then(|d| self.hand_seat(d)) {
            Some(d) => seating.with_dealer(d),
            None => seating,
        }
    }

    /// Deals the next hand to the seats still in, with the rotating dealer. The hand's
    /// seats are hand seats (see [`in_play`](Match::in_play)). Calling it again before
    /// [`record`](Match::record) re-deals the pending hand with the same dealer.
    ///
    /// # Errors
    ///
    /// [`MatchError::Over`], or [`MatchError::Deal`] when the game refuses the seating
    /// (for instance a player count it does not support).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
    ///
    /// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let game = m.next_hand(&mut rng)?;
    /// // Seat 1 deals: seat 0, on its left, moves first.
    /// assert_eq!(game.to_move(), Some(0));
    /// assert_eq!(game.heap, 7);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn next_hand<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Result<G, MatchError> {
        self.going_on()?;
        let seating = self.seating();
        let game = G::deal(&self.config, seating, rng)?;
        if seating.dealer.is_none() {
            // The game chose: its dealer is the one it records (the one a save is checked
            // against), else the seat before the one that plays first.
            let n = self.active.len();
            let dealer = game.dealt_by().or_else(|| game.to_move().map(|s| (s + n - 1) % n));
            self.dealer = dealer.filter(|&s| s < n).map(|s| self.active[s]);
        }
        self.pending = true;
        Ok(game)
    }

    /// Adds the outcome of the pending hand (in hand seats) to the totals, eliminates
    /// seats under [`MatchEnd::Elimination`] and passes the deal on.
    ///
    /// # Errors
    ///
    /// [`MatchError::Over`], [`MatchError::NoHandInProgress`],
    /// [`MatchError::SeatCount`] or [`MatchError::NoSuchWinner`] when the outcome cannot
    /// belong to the pending hand. The match is then unchanged.
    ///
    /// Under [`MatchEnd::Elimination`] (RULES.md §3.8, Rummy 40 at 101 penalty points):
    ///
    /// ```
    /// # use rand::{Rng, RngExt};
    /// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
    /// #
    /// # /// "High card": every seat is dealt a number 1–13 and reveals it in turn; the
    /// # /// highest wins the others' numbers (a tie for highest is a void hand).
    /// # #[derive(Clone, Debug)]
    /// # struct HighCard { cards: Vec<u8>, next: Seat, revealed: usize }
    /// #
    /// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
    /// # #[error("the hand is over")]
    /// # struct Over;
    /// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
    /// #
    /// # impl Game for HighCard {
    /// #     type Config = ();
    /// #     type Action = ();
    /// #     type View = u8; // a seat sees its own card only
    /// #     type Error = Over;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::LowerIsBetter }
    /// #
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
    /// use rand::SeedableRng;
    /// use rummykit_core::{Match, MatchEnd, MatchError, MatchTerms};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    /// let mut m = Match::<HighCard>::new((), MatchTerms::new(3).with_first_dealer(0).with_end(MatchEnd::Elimination(101)))?;
    /// m.next_hand(&mut rng)?;
    /// let wrong = Outcome { points: vec![0, 0], winners: vec![0] };
    /// assert_eq!(m.record(&wrong), Err(MatchError::SeatCount { got: 2, expected: 3 }));
    /// m.record(&Outcome { points: vec![0, 120, 40], winners: vec![0] })?;
    /// assert_eq!(m.in_play(), &[0, 2]); // seat 1 is out
    ///
    /// let hand = m.next_hand(&mut rng)?; // dealt to match seats 0 and 2 only
    /// assert_eq!(hand.seats(), 2);
    /// m.record(&Outcome { points: vec![70, 0], winners: vec![1] })?; // hand seat 1 = match seat 2
    /// assert_eq!(m.totals(), &[70, 120, 40]);
    /// assert!(!m.is_over());
    /// m.next_hand(&mut rng)?;
    /// m.record(&Outcome { points: vec![35, 0], winners: vec![1] })?;
    /// assert!(m.is_over());
    /// assert_eq!(m.standings(), vec![2, 0, 1]);
    /// # Ok::<(), MatchError>(())
    /// ```
    pub fn record(&mut self, outcome: &Outcome) -> Result<(), MatchError> {
        self.going_on()?;
        if !self.pending {
            return Err(MatchError::NoHandInProgress);
        }
        let n = self.active.len();
        if outcome.points.len() != n {
            return Err(MatchError::SeatCount { got: outcome.points.len(), expected: n });
        }
        if let Some(&winner) = outcome.winners.iter().find(|&&w| w >= n) {
            return Err(MatchError::NoSuchWinner { winner, seats: n });
        }
        self.pending = false;
        self.hands_played = self.hands_played.saturating_add(1);
        let mut points = vec![0; self.terms.seats];
        // Match seats, ascending (hand seats map to match seats in order); every seat of a
        // shared win counts the hand as won (RULES.md §1.8 (b)).
        let mut winners: Vec<Seat> = outcome.winners.iter().map(|&w| self.active[w]).collect();
        winners.sort_unstable();
        winners.dedup();
        for &w in &winners {
            self.hands_won[w] = self.hands_won[w].saturating_add(1);
        }
        if !winners.is_empty() {
            for (&seat, &p) in self.active.iter().zip(&outcome.points) {
                self.totals[seat] = self.totals[seat].saturating_add(p);
                points[seat] = p;
            }
        }
        self.history.push(Outcome { points, winners });
        if let MatchEnd::Elimination(limit) = self.terms.end {
            let hand = self.hands_played;
            for &seat in &self.active {
                if self.totals[seat] >= limit {
                    self.out_after[seat] = Some(hand);
                }
            }
            let out_after = &self.out_after;
            self.active.retain(|&s| out_after[s].is_none());
        }
        // Pass the deal clockwise to the next seat still in.
        self.dealer = self.dealer.and_then(|d| {
            (1..=self.terms.seats).map(|k| (d + k) % self.terms.seats).find(|s| self.active.contains(s))
        });
        Ok(())
    }

    /// Plays hands until the match is over, each hand through the one hand loop (the
    /// loop of [`play_hand`](crate::play_hand)): `players` are asked for the actions of
    /// match seats, each seeing only its seat's view; seats that are out are not asked.
    /// Deals draw from `rng`. A list of bots, one per match seat, is a [`Players`].
    ///
    /// # Errors
    ///
    /// [`DriverError::BotCount`] if the players fill another number of seats,
    /// [`DriverError::Match`] with [`MatchError::Over`] if the match is already over
    /// (the match unchanged, as [`next_hand`](Match::next_hand), [`record`](Match::record)
    /// and [`finish_hand`](Match::finish_hand) refuse it),
    /// [`DriverError::Deal`] if a deal fails, [`DriverError::IllegalAction`],
    /// [`DriverError::TooLong`] (over `max_actions_per_hand`: a hand that cannot end,
    /// such as a Rummy 40 hand restocking for ever on a dead table when its game sets
    /// no restock bound) or [`DriverError::Stopped`] as the hand loop reports them. Hands recorded before the
    /// error stay recorded; the failed hand stays pending and the next call re-deals it.
    ///
    /// ```
    /// # use rand::{Rng, RngExt};
    /// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
    /// #
    /// # /// "High card": every seat is dealt a number 1–13 and reveals it in turn; the
    /// # /// highest wins the others' numbers (a tie for highest is a void hand).
    /// # #[derive(Clone, Debug)]
    /// # struct HighCard { cards: Vec<u8>, next: Seat, revealed: usize }
    /// #
    /// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
    /// # #[error("the hand is over")]
    /// # struct Over;
    /// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
    /// #
    /// # impl Game for HighCard {
    /// #     type Config = ();
    /// #     type Action = ();
    /// #     type View = u8; // a seat sees its own card only
    /// #     type Error = Over;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    /// #
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
    /// # use rummykit_core::Bot;
    /// # struct Reveal;
    /// # impl Bot<HighCard> for Reveal {
    /// #     fn name(&self) -> &str { "reveal" }
    /// #     fn act(&mut self, _view: &u8) {}
    /// # }
    /// use rand::SeedableRng;
    /// use rummykit_core::{DriverError, Match, MatchEnd, MatchError, MatchTerms};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let mut m = Match::<HighCard>::new((), MatchTerms::new(3).with_end(MatchEnd::TargetScore(30)))?;
    /// let (mut a, mut b, mut c) = (Reveal, Reveal, Reveal);
    /// let mut bots: [&mut dyn Bot<HighCard>; 3] = [&mut a, &mut b, &mut c];
    /// m.play(&mut bots, &mut rng, 100).expect("the toy never refuses a reveal");
    /// assert!(m.is_over());
    /// assert!(m.totals().iter().any(|&t| t >= 30));
    /// assert_eq!(m.totals().iter().sum::<i64>(), 0); // the toy is zero-sum
    /// assert_eq!(m.history().len() as u32, m.hands_played());
    /// // Over: the match refuses to play on, and is unchanged.
    /// let hands = m.hands_played();
    /// let again = m.play(&mut bots, &mut rng, 100);
    /// assert_eq!(again, Err(DriverError::Match(MatchError::Over { hands })));
    /// # Ok::<(), rummykit_core::MatchError>(())
    /// ```
    pub fn play<R: Rng + ?Sized>(
        &mut self,
        players: &mut (impl Players<G> + ?Sized),
        rng: &mut R,
        max_actions_per_hand: usize,
    ) -> Result<(), DriverError<G::Error>> {
        self.drive(players, rng, max_actions_per_hand, None)
    }

    /// [`Match::play`], recording each hand as it is played: its deal, its actions and
    /// its outcome, in hand seats. Recording changes nothing in the play: the same
    /// players and rng give the same hands with and without it.
    /// [`record_match`](crate::record_match) builds a replayable
    /// [`MatchRecord`](crate::MatchRecord) with it.
    ///
    /// # Errors
    ///
    /// Those of [`Match::play`]; the hands played before the error are lost with the
    /// record (the match keeps their outcomes).
    ///
    /// ```
    /// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
    /// # // Seats say a number in turn; whoever says 3 wins 1 point.
    /// # #[derive(Clone, Debug, PartialEq)]
    /// # struct Count { seats: usize, next: usize, said: u8 }
    /// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
    /// # #[error("over")]
    /// # struct Over;
    /// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
    /// # impl Game for Count {
    /// #     type Config = ();
    /// #     type Action = u8;
    /// #     type View = u8;
    /// #     type Error = Over;
    /// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
    /// #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
    /// #         s.check(2, 4)?;
    /// #         Ok(Count { seats: s.seats, next: s.first_to_play().unwrap_or(0), said: 0 })
    /// #     }
    /// #     fn seats(&self) -> usize { self.seats }
    /// #     fn config(&self) {}
    /// #     fn to_move(&self) -> Option<Seat> { (self.said < 3).then_some(self.next) }
    /// #     fn apply(&mut self, seat: Seat, a: u8) -> Result<(), Over> {
    /// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
    /// #         if self.said >= 3 { return Err(Over) }
    /// #         self.said = a; if a < 3 { self.next = (self.next + 1) % self.seats } Ok(())
    /// #     }
    /// #     fn view(&self, _: Seat) -> u8 { self.said }
    /// #     fn outcome(&self) -> Option<Outcome> {
    /// #         (self.said >= 3).then(|| Outcome {
    /// #             points: (0..self.seats).map(|s| i64::from(s == self.next)).collect(),
    /// #             winners: vec![self.next],
    /// #         })
    /// #     }
    /// # }
    /// # struct Counter;
    /// # impl rummykit_core::Bot<Count> for Counter {
    /// #     fn name(&self) -> &str { "counter" }
    /// #     fn act(&mut self, said: &u8) -> u8 { said + 1 }
    /// # }
    /// use rand::SeedableRng;
    /// use rummykit_core::{Bot, Match, MatchEnd, MatchTerms};
    ///
    /// let mut m = Match::<Count>::new((), MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(2)))?;
    /// let (mut a, mut b) = (Counter, Counter);
    /// let mut bots: [&mut dyn Bot<Count>; 2] = [&mut a, &mut b];
    /// let hands = m.play_recorded(&mut bots, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100)?;
    /// assert_eq!(hands.len(), 2);
    /// assert_eq!(hands[0].actions, vec![1, 2, 3]);
    /// assert_eq!(m.totals(), &[1, 1]); // the deal passes on, and so does the winning seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_recorded<R: Rng + ?Sized>(
        &mut self,
        players: &mut (impl Players<G> + ?Sized),
        rng: &mut R,
        max_actions_per_hand: usize,
    ) -> Result<Vec<HandRecord<G>>, DriverError<G::Error>> {
        let mut hands = Vec::new();
        self.drive(players, rng, max_actions_per_hand, Some(&mut hands))?;
        Ok(hands)
    }

    /// Plays the hand in progress to its end and records its outcome: the hand a match
    /// resumed from a save holds
    /// (`MatchSave::into_parts`, feature `serde`), or one
    /// dealt with [`Match::next_hand`] and played in part by other means. It runs through
    /// the hand loop of [`Match::play`], with match seats mapped to hand seats the same
    /// way, and records the outcome with [`Match::record`]'s checks; a hand already over
    /// is recorded as it is. [`Match::play`] then plays the hands after it.
    ///
    /// The players' hooks are called as for any hand of [`Match::play`]:
    /// [`Players::hand_started`] first, with the hand as it stands (a player that joins a
    /// resumed hand meets it now, whatever was played before), then each action's report,
    /// then [`Players::hand_over`] once the outcome is recorded.
    ///
    /// # Errors
    ///
    /// Refused before anything is played, the match and the hand unchanged:
    /// [`DriverError::BotCount`] if the players fill another number of seats than the
    /// match's, [`DriverError::Match`] with [`MatchError::Over`] once the match is over,
    /// [`MatchError::NoHandInProgress`] if no hand is in progress, or, for a hand that is
    /// not the match's pending one, [`MatchError::HandSeats`] (not dealt to the seats still
    /// in), [`MatchError::HandConfig`] (another configuration) or
    /// [`MatchError::HandDealer`] (dealt by another seat than the match's dealer).
    ///
    /// Then, as [`Match::play`] reports them: [`DriverError::IllegalAction`],
    /// [`DriverError::TooLong`] (over `max_actions`, counted from the call) or
    /// [`DriverError::Stopped`]. The match is unchanged, its hand still in progress; the
    /// hand keeps the state it reached, so a later call plays on from there.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{DriverError, Game, Match, MatchEnd, MatchError, MatchTerms, Players, Seat};
    ///
    /// /// Takes one counter at a time; notes the heap each hand starts from.
    /// struct OneAtATime(Vec<u8>);
    /// impl Players<Nim> for OneAtATime {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> { Some(1) }
    ///     fn hand_started(&mut self, game: &Nim, _seats: &[Seat]) { self.0.push(game.heap); }
    /// }
    ///
    /// // Two hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let terms = MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(2));
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut hand = m.next_hand(&mut rng)?;
    /// hand.apply(0, 2)?; // played before a save, say
    ///
    /// let mut players = OneAtATime(Vec::new());
    /// let outcome = m.finish_hand(&mut hand, &mut players, 100)?;
    /// // Five left, taken one at a time by seats 1, 0, 1, 0, 1: seat 1 takes the last.
    /// assert_eq!(outcome.winners, [1]);
    /// assert_eq!((m.hands_played(), m.totals()), (1, &[-1, 1][..]));
    /// let again = m.finish_hand(&mut hand, &mut players, 100);
    /// assert!(matches!(again, Err(DriverError::Match(MatchError::NoHandInProgress))));
    ///
    /// m.play(&mut players, &mut rng, 100)?; // deals the hands after it
    /// assert!(m.is_over());
    /// assert_eq!(players.0, [5, 7]); // the resumed hand is met as it stands
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn finish_hand(
        &mut self,
        hand: &mut G,
        players: &mut (impl Players<G> + ?Sized),
        max_actions: usize,
    ) -> Result<Outcome, DriverError<G::Error>> {
        check_count(players, self.terms.seats)?;
        self.going_on().map_err(DriverError::Match)?;
        if !self.pending {
            return Err(DriverError::Match(MatchError::NoHandInProgress));
        }
        self.check_hand(hand).map_err(DriverError::Match)?;
        self.play_out(hand, players, max_actions, None)
    }

    /// Plays `game`, the match's hand in progress, to its end and records its outcome,
    /// with the players' hooks round it: the hand of [`Match::finish_hand`] and each hand
    /// of the match loop. `actions` gets the hand's actions when recording.
    fn play_out(
        &mut self,
        game: &mut G,
        players: &mut (impl Players<G> + ?Sized),
        max_actions: usize,
        actions: Option<&mut Vec<G::Action>>,
    ) -> Result<Outcome, DriverError<G::Error>> {
        let hand = self.hands_played as usize;
        let seats = self.active.clone();
        players.hand_started(game, &seats);
        let outcome = drive_hand(game, players, &seats, hand, max_actions, actions)?;
        self.record(&outcome).map_err(|e| DriverError::from_match(hand, e))?;
        players.hand_over(game, &outcome, self);
        Ok(outcome)
    }

    /// The match loop behind [`Match::play`] and [`Match::play_recorded`].
    fn drive<R: Rng + ?Sized>(
        &mut self,
        players: &mut (impl Players<G> + ?Sized),
        rng: &mut R,
        max_actions_per_hand: usize,
        mut record: Option<&mut Vec<HandRecord<G>>>,
    ) -> Result<(), DriverError<G::Error>> {
        check_count(players, self.terms.seats)?;
        // A caller that meant a new match hears of it.
        self.going_on().map_err(DriverError::Match)?;
        while !self.is_over() {
            let hand = self.hands_played as usize;
            let mut game = self.next_hand(rng).map_err(|e| DriverError::from_match(hand, e))?;
            // The deal is kept only when recording: a plain match copies no state.
            let deal = record.is_some().then(|| game.clone());
            let mut actions = Vec::new();
            let outcome = self.play_out(
                &mut game,
                players,
                max_actions_per_hand,
                record.is_some().then_some(&mut actions),
            )?;
            if let (Some(record), Some(deal)) = (record.as_deref_mut(), deal) {
                record.push(HandRecord { deal, actions, outcome });
            }
        }
        Ok(())
    }
}
