//! [`Action`]: the atomic moves of a classic Rummy turn.

use core::fmt;

use rummykit_core::{MeldId, PieceId, PieceSet};

/// One atomic move. Cards are named by identity ([`PieceId`]), melds on the table by
/// their stable [`MeldId`], never by position.
///
/// ```
/// use rummykit_classic::Action;
/// use rummykit_core::{Card, Catalog};
/// let id = Catalog::<Card>::DECK.ids_of("7h".parse()?).next().unwrap();
/// assert_eq!(Action::Discard(id).to_string(), "discard #32");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Draw the top card of the stock. With an empty stock the discard pile first
    /// becomes the stock (turned over, or shuffled); if the restock cap is reached the
    /// hand ends void instead (`RULES.md` §2.5).
    DrawStock,
    /// Take the top card of the discard pile. It may not be discarded this turn.
    TakeDiscard,
    /// Lay these cards down as a new meld (a group or a run; the engine orders a run).
    Meld(PieceSet),
    /// Add a card to a meld on the table, own or another player's.
    LayOff {
        /// The card, from the player's hand.
        piece: PieceId,
        /// The meld it goes onto.
        onto: MeldId,
    },
    /// Put a card on the discard pile, ending the turn.
    Discard(PieceId),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::DrawStock => f.write_str("draw stock"),
            Action::TakeDiscard => f.write_str("take discard"),
            Action::Meld(cards) => {
                f.write_str("meld")?;
                for id in cards {
                    write!(f, " {id}")?;
                }
                Ok(())
            }
            Action::LayOff { piece, onto } => write!(f, "lay off {piece} onto {onto}"),
            Action::Discard(card) => write!(f, "discard {card}"),
        }
    }
}
