//! [`Action`]: the atomic moves of a classic Rummy turn.

use rummykit_core::{Card, Description, Face, MeldId, PieceId, PieceSet};

use crate::View;
use crate::turn::{DECK, arrange};

/// One atomic move. Cards are named by identity ([`PieceId`]), melds on the table by
/// their stable [`MeldId`], never by position. [`Action::describe`] names the cards,
/// relative to the mover's view (as every game's actions are put in words, by
/// [`Game::describe`](rummykit_core::Game::describe)).
///
/// ```
/// use rummykit_classic::Action;
/// use rummykit_classic::rummykit_core::{Card, Catalog};
/// let id = Catalog::<Card>::DECK.ids_of("7h".parse()?).next().unwrap();
/// assert_eq!(format!("{:?}", Action::Discard(id)), "Discard(#32)");
/// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
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

impl Action {
    /// What the action does in words and card notation, relative to `view`, the view of
    /// the seat that plays it (which holds the faces of the cards and the melds it
    /// names): "take the discard 7h", "meld [5s 6s 7s]", "lay 8s off on [5s 6s 7s]",
    /// "discard Kd". What [`Game::describe`](rummykit_core::Game::describe) gives.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::{ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Seating};
    /// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let view = game.view(1);
    /// let mut legal = Vec::new();
    /// game.legal_actions(&mut legal);
    /// let top = view.discard_pile.last().and_then(|&id| game.face(id)).expect("a card turned up");
    /// let words: Vec<String> = legal.iter().map(|a| a.describe(&view).to_string()).collect();
    /// assert_eq!(words, ["draw from the stock".to_owned(), format!("take the discard {top}")]);
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn describe(&self, view: &View) -> Description {
        let mut d = Description::new();
        match self {
            Action::DrawStock => d.text("draw from the stock"),
            Action::TakeDiscard => {
                d.text("take the discard");
                if let Some(&top) = view.discard_pile.last() {
                    d.text(" ").piece(&DECK, top);
                }
                &mut d
            }
            Action::Meld(cards) => match arrange(cards, &view.config.meld_rules()) {
                // In the order the engine lays it.
                Ok((_, order)) => d.text("meld ").pieces_in_brackets(&DECK, order),
                // Not a meld (the check refuses it): the cards by suit and rank.
                Err(_) => {
                    let mut faces: Vec<Card> = cards.iter().filter_map(|id| DECK.face(id)).collect();
                    faces.sort_by_key(|c| (c.suit_index(), c.number()));
                    d.text("meld ").cards_in_brackets(faces)
                }
            },
            Action::LayOff { piece, onto } => {
                d.text("lay ").piece(&DECK, *piece).text(" off on ").table_meld(&view.table, *onto)
            }
            Action::Discard(card) => d.text("discard ").piece(&DECK, *card),
        };
        d
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rummykit_core::{Card, Game, PieceSet, Seating, parse_list};

    use super::{Action, DECK};
    use crate::{AceMode, ClassicRummy, Config};

    fn set(cards: &str) -> PieceSet {
        parse_list::<Card>(cards).unwrap().into_iter().filter_map(|c| DECK.ids_of(c).next()).collect()
    }

    #[test]
    fn a_new_meld_is_written_as_it_lies() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng).unwrap();
        let mut view = game.view(1);
        let run = "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah";
        for (ace, cards, written) in [
            (AceMode::Low, "9s 9d 9h", "9d 9h 9s"),
            (AceMode::Low, "7h 5h 6h", "5h 6h 7h"),
            (AceMode::LowOrHigh, "Ah Kh Qh", "Qh Kh Ah"),
            (AceMode::RoundTheCorner, "2s As Ks", "Ks As 2s"),
            (AceMode::Low, "3c Ac 2c", "Ac 2c 3c"),
            // Whole suits: the ace low wherever it may be.
            (AceMode::Low, run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
            (AceMode::LowOrHigh, run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
            (AceMode::RoundTheCorner, run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
            // Not melds under these rules: by suit and rank.
            (AceMode::Low, "Ah Kh Qh", "Ah Qh Kh"),
            (AceMode::Low, "Jc", "Jc"),
        ] {
            view.config = Config::STANDARD.with_ace(ace);
            assert_eq!(
                Action::Meld(set(cards)).describe(&view).to_string(),
                format!("meld [{written}]"),
                "{cards}"
            );
        }
    }
}
