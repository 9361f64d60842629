//! [`View`]: what one seat may see.

use core::fmt;
use core::ops::{Deref, DerefMut};

use rand::Rng;
use rummykit_core::{HandView, Outcome, Phase, Seat, SeatView};

use crate::turn::Turn;
use crate::{Action, Config, HandAnalysis, analyze};

/// What one seat may see (DESIGN.md point 6): its own hand, the melds on the table, the
/// discard pile (face up, public), the stock's size, every hand's size, and the cards
/// each player is known to hold because they took them from the discard pile and have
/// not played them since. Nothing else of other hands, and nothing of the stock order.
///
/// Enough for a bot: [`View::legal_actions`] lists the seat's legal actions when it is
/// to move, exactly as the referee would.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::rand_chacha::ChaCha8Rng;
/// use rummykit_classic::{Action, ClassicRummy, Config};
/// use rummykit_classic::rummykit_core::{Game, Seating};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(4);
/// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
/// let view = game.view(1);
/// assert_eq!(game.hand(1), Some(view.hand)); // its own hand...
/// assert_eq!(view.stock_len, game.piles().stock_len()); // ...and only the stock's size
/// assert_eq!(view.config, Config::STANDARD);
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_state::ViewRepr")
)]
#[non_exhaustive]
pub struct View {
    /// What every card game shows a seat (hand, hand sizes, known cards, table, discard
    /// pile, stock size, turn, phase, card taken this turn, outcome); the view reads
    /// through to it, so `view.hand` is `view.common.hand`.
    pub common: HandView,
    /// The rules.
    pub config: Config,
    /// How often the discard pile has become the stock.
    pub restocks: u32,
    /// Melds laid down this turn by the seat to move.
    pub melds_this_turn: u32,
}

impl Deref for View {
    type Target = HandView;

    fn deref(&self) -> &HandView {
        &self.common
    }
}

impl DerefMut for View {
    fn deref_mut(&mut self) -> &mut HandView {
        &mut self.common
    }
}

/// The view as text for a person: the seat and whose turn it is, the seat's own hand,
/// the table's melds, the discard pile (top last), the stock's size, every other hand's
/// size and the cards it is known to hold (taken face up), the card taken this turn, the
/// times the stock was rebuilt, and the result once the hand is over
/// ([`HandView::text`]). Nothing a seat may not see: the view holds no other card.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::rand_chacha::ChaCha8Rng;
/// use rummykit_classic::{ClassicRummy, Config};
/// use rummykit_classic::rummykit_core::{Game, Seating};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(4);
/// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
/// let text = game.view(1).to_string();
/// let lines: Vec<&str> = text.lines().collect();
/// assert_eq!(lines[0], "seat 1 of 2; this seat to move: draw");
/// assert_eq!(lines[1].split(' ').count(), 1 + 10); // "hand:" and ten cards
/// assert!(lines.contains(&"seat 0: 10 cards"));
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.common.text(&crate::turn::DECK))?;
        match self.restocks {
            0 => Ok(()),
            1 => f.write_str("\nthe stock was rebuilt from the discard pile once"),
            n => write!(f, "\nthe stock was rebuilt from the discard pile {n} times"),
        }
    }
}

impl SeatView for View {
    #[inline]
    fn seat(&self) -> Seat {
        self.common.seat
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.common.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<&Outcome> {
        self.common.outcome.as_ref()
    }
}

impl View {
    /// This seat's legal actions (empty unless it is to move), in the referee's order.
    /// Empty too for a view no game shows whose hand holds a card of the table (one built
    /// or edited elsewhere): the listing takes every card in hand to be off the table.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut legal = Vec::new();
    /// game.view(1).legal_actions(&mut legal);
    /// assert_eq!(legal, [Action::DrawStock, Action::TakeDiscard]); // seat 1 starts by drawing
    /// game.view(0).legal_actions(&mut legal);
    /// assert!(legal.is_empty()); // not seat 0's turn
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if let Some(turn) = self.turn() {
            turn.legal_actions(out);
        }
    }

    /// A uniformly random action of [`View::legal_actions`], `None` if it lists none:
    /// the one a random player takes. `out` is room for the listing.
    pub(crate) fn random_action<R: Rng + ?Sized>(
        &self,
        out: &mut Vec<Action>,
        rng: &mut R,
    ) -> Option<Action> {
        out.clear();
        self.turn()?.random_action(out, rng)
    }

    /// The turn in progress, if this seat is to move and, in the play phase, its hand
    /// holds no card of the table (the premise of listing melds and lay-offs; only a view
    /// built or edited elsewhere breaks it). Asked of the play phase only: a draw lists
    /// no meld. Inlined: built out of line, the turn cost a random draw 50 instructions.
    #[inline(always)]
    fn turn(&self) -> Option<Turn<'_>> {
        let common = &self.common;
        let premise = || common.phase != Phase::Play || common.hand.is_disjoint(&common.table.pieces());
        let playable = self.to_move == Some(self.seat) && premise();
        playable.then(|| Turn {
            config: &self.config,
            seat: common.seat,
            hand: common.hand,
            table: &common.table,
            taken: common.taken_this_turn,
            melds_this_turn: self.melds_this_turn,
            phase: common.phase,
            discard_top: common.discard_pile.last().copied(),
        })
    }

    /// The least-deadwood split of this seat's hand (a hint).
    ///
    /// # Errors
    ///
    /// [`AnalysisError::UnknownPiece`](rummykit_core::AnalysisError::UnknownPiece) for a
    /// hand holding an id that is not a card of the deck: never for a view of a game, only
    /// for one built or read from elsewhere.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// // A bot sees the same hint the referee would give.
    /// assert_eq!(Some(game.view(1).hint()), game.hint(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self) -> Result<HandAnalysis, rummykit_core::AnalysisError> {
        analyze(&self.hand, &self.config)
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{Rng, RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{CardRules, Game, PieceSet, Redeal, Seating};

    use crate::{Action, ClassicRummy, Config};

    /// A view not of a game (a hand holding an id beyond the deck) gets an error for its
    /// hint, and the greedy bot still answers with an action.
    #[test]
    fn a_hint_of_a_view_not_of_a_game_is_an_error() {
        use rummykit_core::{AnalysisError, Bot, PieceId};
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let g = ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut rng).unwrap();
        let seat = g.to_move().unwrap();
        assert_eq!(Some(g.view(seat).hint()), g.hint(seat));
        let mut view = g.view(seat);
        let stranger = PieceId::new(99).unwrap();
        view.hand.insert(stranger);
        assert_eq!(view.hint(), Err(AnalysisError::UnknownPiece(stranger)));
        let action = crate::GreedyBot::new().act(&view);
        assert_eq!(action, Action::DrawStock);
    }

    /// The hand sizes the game keeps for its views are the hands' sizes after every
    /// action of random play (draws, takes, melds, lay-offs, discards, going out, void
    /// ends at the restock cap), from 2 to 6 seats, and after the hidden cards are dealt
    /// anew.
    #[test]
    fn kept_hand_sizes_are_the_hands_sizes() {
        let mut rng = ChaCha8Rng::seed_from_u64(47);
        let sizes = |g: &ClassicRummy| g.state().hands.iter().map(PieceSet::len).collect::<Vec<_>>();
        let (mut legal, mut plays) = (Vec::new(), 0);
        for game_no in 0..60 {
            let config = if game_no % 2 == 0 {
                Config::STANDARD
            } else {
                Config::STANDARD.with_max_restocks(Some(crate::RESTOCK_CAP))
            };
            let mut g = ClassicRummy::deal(&config, Seating::new(2 + game_no % 5), &mut rng).unwrap();
            loop {
                assert_eq!(g.counted_hand_sizes(), Some(&sizes(&g)[..]), "game {game_no}");
                let shuffled = g.redeal(game_no % 2, &mut rng);
                assert_eq!(shuffled.counted_hand_sizes(), Some(&sizes(&shuffled)[..]));
                let Some(seat) = g.to_move() else { break };
                g.legal_actions(&mut legal);
                let action = legal[rng.random_range(0..legal.len())];
                plays += usize::from(matches!(action, Action::Meld(_) | Action::LayOff { .. }));
                g.apply(seat, action).unwrap();
            }
        }
        assert!(plays > 100, "{plays} melds and lay-offs");
    }

    /// A random player's draw, which counts the discards rather than listing them, is
    /// the default's `choose` on the whole listing: the same action and the same use of
    /// the rng, on every view of random play (all phases, every option preset, melds
    /// and lay-offs on the table, a taken card that may not be discarded).
    #[test]
    fn random_action_is_the_choice_from_the_listing() {
        let mut rng = ChaCha8Rng::seed_from_u64(61);
        let (mut legal, mut room, mut draws) = (Vec::new(), Vec::new(), 0);
        for game_no in 0..90 {
            // Every preset, with the restock cap that keeps random play short.
            let config = [Config::STANDARD, Config::LIBERAL, Config::LAST_CARD][game_no % 3]
                .with_max_restocks(Some(2));
            let mut g = ClassicRummy::deal(&config, Seating::new(2 + game_no % 5), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                for other in 0..g.seats() {
                    let view = g.view(other);
                    view.legal_actions(&mut legal);
                    let (mut a, mut b) = (rng.clone(), rng.clone());
                    let ours = view.random_action(&mut room, &mut a);
                    assert_eq!(ours, legal.choose(&mut b).copied(), "game {game_no}");
                    assert_eq!(a.next_u64(), b.next_u64(), "the rng is used alike");
                    draws += usize::from(ours.is_some());
                }
                let action = ClassicRummy::draw_action(&g.view(seat), &mut rng).expect("a legal action");
                g.apply(seat, action).unwrap();
            }
        }
        assert!(draws > 5_000, "{draws}");
    }
}
