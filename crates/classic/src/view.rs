//! [`View`]: what one seat may see.

use rummykit_core::{Card, MeldTable, Outcome, PieceId, PieceSet, Seat};

use crate::turn::Turn;
use crate::{Action, Config, HandAnalysis, Phase, analyze};

/// What one seat may see (DESIGN.md point 6): its own hand, the melds on the table, the
/// discard pile (face up, public), the stock's size, every hand's size, and the cards
/// each player is known to hold because they took them from the discard pile and have
/// not played them since. Nothing else of other hands, and nothing of the stock order.
///
/// Enough for a bot: [`View::legal_actions`] lists the seat's legal actions when it is
/// to move, exactly as the referee would.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The rules.
    pub config: Config,
    /// The dealer of the hand.
    pub dealer: Seat,
    /// The seat to move, `None` once the hand is over.
    pub to_move: Option<Seat>,
    /// The phase of the current turn.
    pub phase: Phase,
    /// This seat's hand.
    pub hand: PieceSet,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// For each seat, the cards it took from the discard pile and still holds.
    pub known: Vec<PieceSet>,
    /// The melds on the table.
    pub table: MeldTable<Card>,
    /// The discard pile, bottom first.
    pub discard_pile: Vec<PieceId>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// The card the seat to move took from the discard pile this turn.
    pub taken_this_turn: Option<PieceId>,
    /// How often the discard pile has become the stock.
    pub restocks: u32,
    /// Melds laid down this turn by the seat to move.
    pub melds_this_turn: u32,
    /// The result, once the hand is over.
    pub outcome: Option<Outcome>,
}

impl View {
    /// This seat's legal actions (empty unless it is to move), in the referee's order.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_move != Some(self.seat) {
            return;
        }
        let turn = Turn {
            config: &self.config,
            seat: self.seat,
            hand: self.hand,
            table: &self.table,
            taken: self.taken_this_turn,
            melds_this_turn: self.melds_this_turn,
            phase: self.phase,
            discard_top: self.discard_pile.last().copied(),
        };
        turn.legal_actions(out);
    }

    /// The least-deadwood split of this seat's hand (a hint).
    #[must_use]
    pub fn hint(&self) -> HandAnalysis {
        analyze(&self.hand, &self.config)
    }
}
