//! [`ActionError`]: why an action was refused. The state is unchanged after any of them.

use rummykit_core::{MeldId, NamedPiece, NotYourTurn, TableError, TurnError};
use thiserror::Error;

/// Why [`Game::apply`](rummykit_core::Game::apply) refused an action on a
/// [`Rummy40`](crate::Rummy40). The game is unchanged after every one of them.
///
/// ```
/// use rummykit_rummy40::rand::SeedableRng;
/// use rummykit_rummy40::rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Action, ActionError, Config, Rummy40};
///
/// let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(1), &mut rng)?;
/// let before = game.clone();
/// // Before opening, the discard may be taken only to open with it (RULES.md §3.3).
/// assert_eq!(game.apply(0, Action::TakeDiscard), Err(ActionError::TakeOnlyToOpen));
/// assert_eq!(game, before);
/// game.apply(0, Action::DrawStock).expect("a stock draw is always allowed");
/// # Ok::<(), rummykit_rummy40::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ActionError {
    /// A rule of the turn both card games share: the hand is over, another seat is to
    /// move, the action belongs to another part of the turn, the discard pile is empty,
    /// the card is not in the mover's hand, the card just taken (or its twin) is
    /// discarded (`RULES.md` §3.3).
    #[error(transparent)]
    Turn(#[from] TurnError),
    /// A card is named twice in one action.
    #[error("card {0} is named twice")]
    RepeatedPiece(NamedPiece),
    /// Building, further melds and joker swaps touch the table, which needs an opening
    /// first (`RULES.md` §3.4).
    #[error("the player has not opened yet: this needs an opening first")]
    NotOpened,
    /// Before opening, the discard may be taken only to open with it, in the same
    /// action ([`Action::TakeDiscardAndOpen`](crate::Action::TakeDiscardAndOpen),
    /// `RULES.md` §3.3).
    #[error("before opening, the discard may be taken only to open with it")]
    TakeOnlyToOpen,
    /// Opening (or going rummy) is only for a player who has not opened.
    #[error("the player has already opened")]
    AlreadyOpened,
    /// An opening or rummy with no meld.
    #[error("no melds given")]
    NoMelds,
    /// The opening melds are worth less than the threshold (`RULES.md` §3.5).
    #[error("the opening is worth {got} points; it needs at least {needed}")]
    OpeningBelowThreshold {
        /// The threshold.
        needed: u32,
        /// What the melds are worth.
        got: u32,
    },
    /// Taking the discard before opening needs an opening that uses it (`RULES.md` §3.3).
    #[error("the discard {card} taken before opening must be in the opening melds")]
    TakenCardNotMelded {
        /// The top discard.
        card: NamedPiece,
    },
    /// A table rule failed: an invalid meld, a lay-off that does not fit, no such meld.
    #[error(transparent)]
    Table(#[from] TableError),
    /// The action would leave no card that may be discarded; a turn always ends with a
    /// discard (`RULES.md` §3.3).
    #[error("this would leave no card to discard, and every turn ends with a discard")]
    NoDiscardLeft,
    /// A joker may only be discarded as the last card (`joker_discard = OnlyWhenClosing`).
    #[error("a joker may only be discarded to go out")]
    JokerDiscard,
    /// The card fits a table meld (`forbid_playable_discard`, `RULES.md` §3.6).
    #[error("card {card} fits meld {meld} on the table and may not be discarded")]
    PlayableDiscard {
        /// The refused card.
        card: NamedPiece,
        /// A meld it fits.
        meld: MeldId,
    },
    /// The taken discard must be used this turn (`taken_discard_must_be_used_after_open`).
    #[error("the taken discard {card} must be melded, built or put in a joker's place before discarding")]
    TakenCardNotUsed {
        /// The taken card.
        card: NamedPiece,
    },
    /// A joker won by a swap or a release must be played this turn
    /// (`swapped_joker_must_be_played_same_turn`).
    #[error("joker {joker} won by a swap or a release must be played again this turn")]
    SwappedJokerNotPlayed {
        /// The joker.
        joker: NamedPiece,
    },
    /// The meld has no joker standing for this card (`RULES.md` §3.6).
    #[error("meld {meld} has no joker that card {piece} can replace")]
    NoJokerFor {
        /// The meld.
        meld: MeldId,
        /// The offered card.
        piece: NamedPiece,
    },
    /// A four-card set with a joker is closed: its joker never comes out (`RULES.md` §3.6).
    #[error("meld {meld} is a closed set (four cards with a joker): its joker can never be taken")]
    ClosedSet {
        /// The meld.
        meld: MeldId,
    },
    /// A set's joker comes free only with both missing suits (`set3_joker_swap = BothMissing`).
    #[error("the joker of set {meld} is freed only by adding both missing suits")]
    NeedsBothMissingSuits {
        /// The meld.
        meld: MeldId,
    },
    /// A joker release names a meld that is not a set of three with a joker, or cards
    /// that are not its missing suits.
    #[error("meld {meld} is not a set of three with a joker, or the cards are not its two missing suits")]
    NotAReleasableSet {
        /// The meld.
        meld: MeldId,
    },
    /// Going rummy must lay down the whole hand but the discard (`RULES.md` §3.7).
    #[error("going rummy must meld every card but the discard; {left} would stay in hand")]
    RummyIncomplete {
        /// Cards left over.
        left: usize,
    },
    /// A going-rummy lay-off names a meld laid in the same action; lay that meld with the
    /// card instead (`RULES.md` §3.7: lay-offs go onto melds already on the table).
    #[error("meld {meld} is laid in this rummy: lay it with the card instead of laying the card off onto it")]
    RummyLayOffOnNewMeld {
        /// The meld id named.
        meld: MeldId,
    },
}

impl From<NotYourTurn> for ActionError {
    fn from(e: NotYourTurn) -> ActionError {
        ActionError::Turn(TurnError::NotYourTurn(e))
    }
}
