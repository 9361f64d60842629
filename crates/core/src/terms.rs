//! [`MatchTerms`]: what the players of a match agree on before the first deal (seats,
//! first dealer, [`MatchEnd`], [`Ranking`], a safety hand limit), the one way every
//! game's [`Match`](crate::Match) is started.

use crate::{ScoreOrder, Seat};

/// When a match is over.
///
/// ```
/// use rummykit_core::MatchEnd;
/// // Classic Rummy's default (RULES.md §2.7) and Rummy 40's (§3.9):
/// let classic = MatchEnd::TargetScore(100);
/// let rummy40 = MatchEnd::Elimination(101);
/// assert_ne!(classic, rummy40);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MatchEnd {
    /// After this many hands (void hands included), at least one
    /// ([`MatchEnd::check`]).
    FixedHands(u32),
    /// After the hand in which some seat's total reaches at least this score
    /// (classic Rummy's `TargetScore(100)`, RULES.md §2.7; Rummikub's house variant,
    /// §1.8). Meant for games where higher is better; for a penalty game it ends the
    /// match the same way and the lowest total still ranks first. The target is
    /// positive ([`MatchEnd::check`]).
    TargetScore(i64),
    /// Penalty games (Rummy 40, RULES.md §3.8): after each hand a seat whose total is
    /// at least this limit is out and is not dealt in again; the match ends when at most
    /// one seat is left. Only for [`ScoreOrder::LowerIsBetter`] games, with a positive
    /// limit ([`MatchEnd::check`]).
    Elimination(i64),
    /// One hand, settled on its own (Rummy 40's `game_end` option, RULES.md §3.8).
    /// The same as `FixedHands(1)`.
    SingleHand,
}

impl MatchEnd {
    /// Checks that this end makes a match of a game scored in `order`: a match plays at
    /// least one hand, and its end depends on what is played in it. The one check of
    /// [`Match::new`](crate::Match::new) and of every game's `Config::validate`.
    ///
    /// # Errors
    ///
    /// [`MatchEndError::NoHands`] for `FixedHands(0)`,
    /// [`MatchEndError::TargetNotPositive`] for a target of 0 points or less (every
    /// total reaches it in the first hand), [`MatchEndError::LimitNotPositive`] for an
    /// elimination at 0 points or less (every seat is out after the first hand), and
    /// [`MatchEndError::EliminationNeedsPenaltyScores`] for an elimination in a game
    /// where higher scores are better.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchEndError, ScoreOrder};
    /// let points = ScoreOrder::HigherIsBetter;
    /// assert_eq!(MatchEnd::TargetScore(100).check(points), Ok(()));
    /// assert_eq!(MatchEnd::FixedHands(0).check(points), Err(MatchEndError::NoHands));
    /// assert_eq!(
    ///     MatchEnd::Elimination(101).check(points),
    ///     Err(MatchEndError::EliminationNeedsPenaltyScores { limit: 101 })
    /// );
    /// assert_eq!(MatchEnd::Elimination(101).check(ScoreOrder::LowerIsBetter), Ok(()));
    /// ```
    pub const fn check(self, order: ScoreOrder) -> Result<(), MatchEndError> {
        match self {
            MatchEnd::FixedHands(0) => Err(MatchEndError::NoHands),
            MatchEnd::TargetScore(target) if target <= 0 => Err(MatchEndError::TargetNotPositive { target }),
            MatchEnd::Elimination(limit) if matches!(order, ScoreOrder::HigherIsBetter) => {
                Err(MatchEndError::EliminationNeedsPenaltyScores { limit })
            }
            MatchEnd::Elimination(limit) if limit <= 0 => Err(MatchEndError::LimitNotPositive { limit }),
            _ => Ok(()),
        }
    }
}

/// Why a [`MatchEnd`] makes no match ([`MatchEnd::check`]).
///
/// ```
/// use rummykit_core::{MatchEnd, MatchEndError, ScoreOrder};
/// let refused = MatchEnd::TargetScore(-1).check(ScoreOrder::HigherIsBetter);
/// assert_eq!(refused, Err(MatchEndError::TargetNotPositive { target: -1 }));
/// assert_eq!(MatchEndError::NoHands.reason(), "of 0 fixed hands has no hand to play");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MatchEndError {
    /// `FixedHands(0)`: no hand to play.
    #[error("the match end of 0 fixed hands has no hand to play")]
    NoHands,
    /// A target score of 0 or less: every total reaches it in the first hand.
    #[error("the match end of a target of {target} points is reached in the first hand whatever is played")]
    TargetNotPositive {
        /// The target asked for.
        target: i64,
    },
    /// An elimination limit of 0 or less: every seat is out after the first hand.
    #[error("the match end of elimination at {limit} points puts every seat out after the first hand")]
    LimitNotPositive {
        /// The limit asked for.
        limit: i64,
    },
    /// [`MatchEnd::Elimination`] for a game where higher scores are better.
    #[error("elimination at {limit} points needs a game scored in penalty points (lower is better)")]
    EliminationNeedsPenaltyScores {
        /// The elimination limit asked for.
        limit: i64,
    },
}

impl MatchEndError {
    /// Why, without the number, after the option's name: the reason of a game's
    /// [`DealError::InvalidConfig`](crate::DealError::InvalidConfig) for its `game_end`.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchEndError, ScoreOrder};
    /// let refused = MatchEnd::Elimination(0).check(ScoreOrder::LowerIsBetter).unwrap_err();
    /// assert_eq!(refused.reason(), "of elimination at 0 points or less puts every seat out after the first hand");
    /// ```
    #[must_use]
    pub const fn reason(self) -> &'static str {
        match self {
            MatchEndError::NoHands => "of 0 fixed hands has no hand to play",
            MatchEndError::TargetNotPositive { .. } => {
                "of a target of 0 points or less is reached in the first hand whatever is played"
            }
            MatchEndError::LimitNotPositive { .. } => {
                "of elimination at 0 points or less puts every seat out after the first hand"
            }
            MatchEndError::EliminationNeedsPenaltyScores { .. } => {
                "of elimination needs a game scored in penalty points, and this one scores points won"
            }
        }
    }
}

/// How the seats of a match are ranked (Rummikub's "session winner", RULES.md §1.8).
///
/// Under [`MatchEnd::Elimination`] seats still in rank above eliminated seats, and a
/// seat eliminated later ranks above one eliminated earlier, whatever the ranking.
/// Remaining ties go to the lower seat number, so standings are deterministic.
///
/// ```
/// use rummykit_core::Ranking;
/// assert_eq!(Ranking::default(), Ranking::Total);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Ranking {
    /// Best cumulative total in the game's [`ScoreOrder`] (RULES.md §1.8 default:
    /// highest cumulative score).
    #[default]
    Total,
    /// Most hands won; ties by total (the official Rummikub rulebook's
    /// `SessionRanking::MostGamesWon`, RULES.md §1.8).
    HandsWon,
}

/// The terms of a match: seats, the first dealer, when it ends, how seats rank, and an
/// optional safety stop. Every game's match is started the same way, from terms:
/// [`Match::new`](crate::Match::new)`(config, terms)`, with the game's own defaults from
/// [`Game::default_terms`](crate::Game::default_terms).
///
/// [`MatchTerms::new`] is one hand, ranked by total, the dealer chosen by the game; the
/// `with_` methods change one term each.
///
/// ```
/// use rummykit_core::{MatchEnd, MatchTerms, Ranking};
/// let terms = MatchTerms::new(4).with_first_dealer(3).with_end(MatchEnd::TargetScore(100)).with_hand_limit(500);
/// assert_eq!(terms.seats, 4);
/// assert_eq!(terms.first_dealer, Some(3));
/// assert_eq!((terms.end, terms.ranking, terms.hand_limit), (MatchEnd::TargetScore(100), Ranking::Total, Some(500)));
/// assert_eq!(MatchTerms::new(2).end, MatchEnd::SingleHand);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct MatchTerms {
    /// Seats in the match.
    pub seats: usize,
    /// The dealer of the first hand; `None` lets the game choose by its own rule (a cut,
    /// Rummikub's highest-tile draw) with the deal's rng.
    pub first_dealer: Option<Seat>,
    /// When the match is over.
    pub end: MatchEnd,
    /// How the seats are ranked.
    pub ranking: Ranking,
    /// A safety stop for simulations: the match is also over after this many hands,
    /// whatever its end condition (a target nobody reaches, endless void hands).
    pub hand_limit: Option<u32>,
}

impl MatchTerms {
    /// `seats` players, one hand ([`MatchEnd::SingleHand`]), ranked by total, the
    /// dealer chosen by the game, no hand limit. These terms do not read a game's
    /// configuration: for the end of match it names, use
    /// [`Game::default_terms`](crate::Game::default_terms).
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchTerms, Ranking};
    /// let terms = MatchTerms::new(4);
    /// assert_eq!((terms.end, terms.ranking), (MatchEnd::SingleHand, Ranking::Total));
    /// assert_eq!((terms.seats, terms.first_dealer, terms.hand_limit), (4, None, None));
    /// ```
    #[must_use]
    pub const fn new(seats: usize) -> MatchTerms {
        MatchTerms {
            seats,
            first_dealer: None,
            end: MatchEnd::SingleHand,
            ranking: Ranking::Total,
            hand_limit: None,
        }
    }

    /// The same terms with a fixed [`first_dealer`](MatchTerms::first_dealer).
    ///
    /// ```
    /// use rummykit_core::MatchTerms;
    /// assert_eq!(MatchTerms::new(3).with_first_dealer(2).first_dealer, Some(2));
    /// ```
    #[must_use]
    pub const fn with_first_dealer(mut self, dealer: Seat) -> MatchTerms {
        self.first_dealer = Some(dealer);
        self
    }

    /// The same terms with another end condition.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchTerms};
    /// // Classic Rummy's match: to 100 points.
    /// let terms = MatchTerms::new(2).with_end(MatchEnd::TargetScore(100));
    /// assert_eq!(terms.end, MatchEnd::TargetScore(100));
    /// ```
    #[must_use]
    pub const fn with_end(mut self, end: MatchEnd) -> MatchTerms {
        self.end = end;
        self
    }

    /// The same terms with another ranking.
    ///
    /// ```
    /// use rummykit_core::{MatchTerms, Ranking};
    /// assert_eq!(MatchTerms::new(4).with_ranking(Ranking::HandsWon).ranking, Ranking::HandsWon);
    /// ```
    #[must_use]
    pub const fn with_ranking(mut self, ranking: Ranking) -> MatchTerms {
        self.ranking = ranking;
        self
    }

    /// The same terms, also over after `hands` hands.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, MatchTerms};
    /// // Elimination may never end between bots that stall: stop after 500 hands anyway.
    /// let terms = MatchTerms::new(4).with_end(MatchEnd::Elimination(101)).with_hand_limit(500);
    /// assert_eq!(terms.hand_limit, Some(500));
    /// ```
    #[must_use]
    pub const fn with_hand_limit(mut self, hands: u32) -> MatchTerms {
        self.hand_limit = Some(hands);
        self
    }
}
