//! [`View`]: what one seat may see (DESIGN.md idea 6).

use rummykit_core::{Card, MeldTable, Outcome, PieceId, PieceSet, Seat};

use crate::{Config, Phase, Rummy40};

/// What one seat may see: its own hand, the table, the discard pile, how many cards
/// the stock and every hand hold, who has opened, and whose turn it is. Other hands
/// and the stock order are not in it (`RULES.md` §3, DESIGN.md idea 6).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(2), &mut rng).unwrap();
/// let view = game.view(1);
/// assert_eq!(view.hand, game.hand(1));
/// assert_eq!(view.hand_sizes, vec![13, 13, 13]);
/// assert_eq!(view.stock_len, 106 - 39 - 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct View {
    /// The seat this view belongs to.
    pub seat: Seat,
    /// The rules.
    pub config: Config,
    /// The seat's own hand.
    pub hand: PieceSet,
    /// The faces of the own hand, in id order.
    pub hand_faces: Vec<Card>,
    /// Cards in each seat's hand.
    pub hand_sizes: Vec<usize>,
    /// The melds on the table (public).
    pub table: MeldTable<Card>,
    /// The discard pile, bottom first (public: every card in it was seen face up).
    pub discard_pile: Vec<PieceId>,
    /// Cards in the stock.
    pub stock_len: usize,
    /// Who has opened.
    pub opened: Vec<bool>,
    /// Cards each seat took from the discard pile and still holds (everyone saw them).
    pub known: Vec<PieceSet>,
    /// The dealer.
    pub dealer: Seat,
    /// Whose turn it is (`None` once the hand is over).
    pub to_move: Option<Seat>,
    /// The phase of that turn.
    pub phase: Phase,
    /// The card the player to move took from the pile this turn (taken face up).
    pub taken_this_turn: Option<PieceId>,
    /// Jokers the player to move won by swaps this turn (they came off the table).
    pub won_jokers: PieceSet,
    /// The result, once the hand is over.
    pub outcome: Option<Outcome>,
}

impl View {
    pub(crate) fn new(game: &Rummy40, seat: Seat) -> View {
        use rummykit_core::Game;
        let hand = game.hand(seat);
        View {
            seat,
            config: game.config,
            hand,
            hand_faces: {
                let mut faces = Vec::with_capacity(hand.len());
                faces.extend(hand.iter().filter_map(|p| game.face(p)));
                faces
            },
            hand_sizes: game.hands.iter().map(PieceSet::len).collect(),
            table: game.table.clone(),
            discard_pile: game.piles.discard_pile().to_vec(),
            stock_len: game.piles.stock_len(),
            opened: game.opened.clone(),
            known: game.known.clone(),
            dealer: game.dealer,
            to_move: game.to_move(),
            phase: game.phase,
            taken_this_turn: game.taken_this_turn(),
            won_jokers: game.won_jokers(),
            outcome: game.outcome(),
        }
    }
}
