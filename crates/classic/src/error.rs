//! [`ActionError`]: why an action was refused. The state is then unchanged.

use rummykit_core::{MeldError, NamedPiece, NotYourTurn, TableError, TurnError};
use thiserror::Error;

/// Why an [`Action`](crate::Action) was refused; each variant names the rule
/// (`RULES.md` §2.3–§2.5) and the card concerned.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::{Action, ActionError, ClassicRummy, Config, Phase};
/// use rummykit_classic::rummykit_core::{Game, MatchEnd, NotYourTurn, Seating, TurnError};
///
/// let config = Config::STANDARD;
/// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut game = ClassicRummy::deal(&config, Seating::new(2).with_dealer(1), &mut rng)?;
/// let card = game.hand(0).unwrap().first().expect("seat 0 holds cards");
/// let before = game.clone();
/// // A turn starts with a draw (RULES.md §2.3).
/// assert_eq!(game.apply(0, Action::Discard(card)), Err(ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw })));
/// assert_eq!(game, before);
/// // Seat 0 is to move: seat 1 is refused before its action is looked at.
/// assert_eq!(
///     game.apply(1, Action::DrawStock),
///     Err(ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 })))
/// );
/// game.apply(0, Action::DrawStock).expect("seat 0 draws");
/// game.apply(0, Action::Discard(card)).expect("then discards");
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ActionError {
    /// A rule of the turn both card games share: the hand is over, another seat is to
    /// move, a draw is needed first or the player has drawn already (§2.3), the discard
    /// pile is empty, the card is not in the mover's hand, the card taken from the pile
    /// is discarded the same turn (§2.3).
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// The cards do not form a valid group or run (§2.4).
    #[error("not a valid meld: {0}")]
    InvalidMeld(#[source] MeldError),
    /// Another meld this turn would exceed the limit of one (§2.3).
    #[error("only one meld per turn")]
    MeldLimitReached,
    /// Lay-off before the player has a meld of their own, under
    /// `layoff_requires_own_meld` (§2.3 "Aanlegverbod").
    #[error("no lay-off before you have a meld of your own on the table")]
    LayOffBeforeOwnMeld,
    /// The table refused the lay-off (no such meld, or the card does not fit).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The meld or lay-off would empty the hand, but going out needs a final discard
    /// (`must_discard_to_go_out`, §2.5).
    #[error("going out needs a final discard: keep a card to discard")]
    MustKeepDiscard,
    /// The meld or lay-off would leave only the card just taken from the discard pile,
    /// which may not be discarded and cannot be played: no legal way to end the turn
    /// (§2.3 legality guard).
    #[error(
        "only card {0}, taken from the discard pile this turn, would be left: no legal way to end the turn"
    )]
    OnlyTakenCardLeft(NamedPiece),
}

impl From<NotYourTurn> for ActionError {
    fn from(e: NotYourTurn) -> ActionError {
        ActionError::Turn(TurnError::NotYourTurn(e))
    }
}
