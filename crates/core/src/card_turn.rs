//! [`Phase`]: where the player to move stands in a turn of a card game (classic Rummy,
//! Rummy 40): the one turn shape both share (`RULES.md` §2.3, §3.3); [`TurnError`]: the
//! refusals that shape gives in both games.

use thiserror::Error;

use crate::{NamedPiece, NotYourTurn};

/// Where the player to move stands in their turn of a card game: a turn starts with a
/// draw, then the player plays (melds, lay-offs, what else the game allows) and ends it
/// with a discard (`RULES.md` §2.3, §3.3).
///
/// ```
/// use rummykit_core::Phase;
/// assert_eq!(Phase::Draw.words(), "the turn starts with a draw");
/// assert_ne!(Phase::Play, Phase::Over);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// The turn starts: draw from the stock or take the top discard (the default: a
    /// hand starts with a draw).
    #[default]
    Draw,
    /// Drawn: meld, lay off (and what else the game allows), then discard.
    Play,
    /// The hand is over.
    Over,
}

impl Phase {
    /// What the phase allows, in the words of the message of an action made at the wrong
    /// moment (`not allowed now: …`).
    ///
    /// ```
    /// use rummykit_core::Phase;
    /// assert_eq!(Phase::Play.words(), "this turn's card is already drawn");
    /// assert_eq!(Phase::Over.words(), "the hand is over");
    /// ```
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Phase::Draw => "the turn starts with a draw",
            Phase::Play => "this turn's card is already drawn",
            Phase::Over => "the hand is over",
        }
    }

    /// `Ok` when the turn is in phase `want`; else the hand is over
    /// ([`TurnError::HandOver`]) or the action belongs to another part of the turn
    /// ([`TurnError::WrongPhase`]).
    ///
    /// # Errors
    ///
    /// [`TurnError::HandOver`] in [`Phase::Over`], else [`TurnError::WrongPhase`] when the
    /// phase is not `want`.
    ///
    /// ```
    /// use rummykit_core::{Phase, TurnError};
    /// assert_eq!(Phase::Draw.require(Phase::Draw), Ok(()));
    /// assert_eq!(Phase::Play.require(Phase::Draw), Err(TurnError::WrongPhase { phase: Phase::Play }));
    /// assert_eq!(Phase::Over.require(Phase::Play), Err(TurnError::HandOver));
    /// ```
    #[inline]
    pub const fn require(self, want: Phase) -> Result<(), TurnError> {
        match (self, want) {
            (Phase::Over, _) => Err(TurnError::HandOver),
            (Phase::Draw, Phase::Draw) | (Phase::Play, Phase::Play) => Ok(()),
            (phase, _) => Err(TurnError::WrongPhase { phase }),
        }
    }
}

/// Why a card game refused an action for a rule of the turn both card games share
/// (`RULES.md` §2.3, §3.3): the hand is over, another seat is to move, the action
/// belongs to another part of the turn, the pile is empty, a card is not in the hand,
/// the card just taken is discarded. Each game's `ActionError` wraps it
/// (`ActionError::Turn`), so a program written for every card game matches these once.
///
/// ```
/// use rummykit_core::{NotYourTurn, Phase, TurnError};
/// assert_eq!(TurnError::WrongPhase { phase: Phase::Draw }.to_string(), "not allowed now: the turn starts with a draw");
/// let e = TurnError::from(NotYourTurn { seat: 1, to_move: 0 });
/// assert_eq!(e.to_string(), "it is not seat 1's turn: seat 0 is to move");
/// // A card is named by its face and its id, as `Game::describe` and actions name it.
/// use rummykit_core::{Card, Catalog, NamedPiece, PieceId};
/// let king = NamedPiece::of(PieceId::new(51).unwrap(), &Catalog::<Card>::DECK);
/// assert_eq!(TurnError::NotInHand(king).to_string(), "card Ks (#51) is not in the hand of the player to move");
/// let stranger = NamedPiece::unknown(PieceId::new(150).unwrap());
/// assert_eq!(TurnError::NotInHand(stranger).to_string(), "card #150 is not in the hand of the player to move");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TurnError {
    /// The hand is over.
    #[error("the hand is over")]
    HandOver,
    /// The action was offered for a seat that is not to move.
    #[error(transparent)]
    NotYourTurn(#[from] NotYourTurn),
    /// The action does not belong to this part of the turn (draw first, or already
    /// drawn).
    #[error("not allowed now: {}", .phase.words())]
    WrongPhase {
        /// The phase the turn is in.
        phase: Phase,
    },
    /// Taking the top discard from an empty discard pile.
    #[error("the discard pile is empty")]
    EmptyDiscardPile,
    /// The card is not in the hand of the player to move (named by its face and id,
    /// `card Ks (#51)`, or by its id alone when it is no card of the pack).
    #[error("card {0} is not in the hand of the player to move")]
    NotInHand(NamedPiece),
    /// Discarding the card taken from the discard pile this turn (with two decks, or an
    /// identical copy of it): `RULES.md` §2.3, §3.3.
    #[error(
        "card {card} was taken from the discard pile this turn (or is its twin) and may not be discarded now"
    )]
    DiscardTakenCard {
        /// The refused card.
        card: NamedPiece,
    },
}
