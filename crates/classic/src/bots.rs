//! [`GreedyBot`], a simple player (keeps its best melds, sheds deadwood) that sees only
//! its [`View`]. The random baseline is core's [`RandomBot`](rummykit_core::RandomBot).

use rummykit_core::{Bot, PieceSet};

use crate::turn::DECK;
use crate::{Action, ClassicRummy, Phase, View, analyze};

/// A greedy player built on the least-deadwood analysis: it takes the discard only
/// when that card fits a meld of its best split, lays down the melds of that split,
/// lays off cards that are deadwood, and discards its most valuable deadwood card.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::{ClassicRummy, Config, GreedyBot};
/// use rummykit_classic::rummykit_core::{Bot, Game, MatchEnd, Seating, play_hand};
/// let config = Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)).with_game_end(MatchEnd::FixedHands(1));
/// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut hand = ClassicRummy::deal(&config, Seating::new(2), &mut rng)?;
/// let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
/// let mut bots: [&mut dyn Bot<ClassicRummy>; 2] = [&mut a, &mut b];
/// let (outcome, _) = play_hand(&mut hand, &mut bots, 5000).unwrap();
/// assert_eq!(outcome.points.len(), 2);
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, Default)]
pub struct GreedyBot {
    /// The legal actions of the view at hand, kept to reuse its allocation.
    legal: Vec<Action>,
}

impl GreedyBot {
    /// A greedy bot.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::{ClassicRummy, Config, GreedyBot};
    /// use rummykit_classic::rummykit_core::{Bot, Game, Seating};
    ///
    /// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let mut bot = GreedyBot::new();
    /// assert_eq!(bot.name(), "greedy");
    /// // It sees only its own view, and plays a legal action from it.
    /// let seat = game.to_move().expect("a dealt hand has a player to move");
    /// let action = bot.act(&game.view(seat));
    /// game.apply(seat, action)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new() -> GreedyBot {
        GreedyBot::default()
    }
}

impl Bot<ClassicRummy> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, view: &View) -> Action {
        let legal = &mut self.legal;
        view.legal_actions(legal);
        let fallback = legal.first().copied().unwrap_or(Action::DrawStock);
        match view.phase {
            Phase::Draw => {
                if let Some(&top) = view.discard_pile.last() {
                    let mut with = view.hand;
                    with.insert(top);
                    // A view not of a game (a foreign id) gets no hint: draw.
                    let Ok(split) = analyze(&with, &view.config) else { return Action::DrawStock };
                    if !split.unmelded.contains(top) && legal.contains(&Action::TakeDiscard) {
                        return Action::TakeDiscard;
                    }
                }
                Action::DrawStock
            }
            Phase::Play => {
                // A play that leaves at most one card goes out this turn (the legality
                // guard, RULES.md §2.3, lists it only if the last card can then go), and
                // comes first: under `must_discard_to_go_out` a hand that is all melds
                // has no legal meld of its best split, and discarding from it kept the
                // hand going.
                if let Some(&out) = legal
                    .iter()
                    .filter_map(|a| left(view, a).filter(|&n| n <= 1).map(|n| (n, a)))
                    .min_by_key(|&(n, _)| n)
                    .map(|(_, a)| a)
                {
                    return out;
                }
                let Ok(split) = view.hint() else { return fallback };
                for meld in &split.melds {
                    let action = Action::Meld(meld.pieces.iter().copied().collect::<PieceSet>());
                    if legal.contains(&action) {
                        return action;
                    }
                }
                if let Some(&lay_off) = legal.iter().find(
                    |a| matches!(a, Action::LayOff { piece: card, .. } if split.unmelded.contains(*card)),
                ) {
                    return lay_off;
                }
                let value = |a: &Action| match *a {
                    Action::Discard(c) => {
                        let v = DECK.face(c).map_or(0, |f| view.config.ace.card_value(f));
                        // Deadwood first, then the most valuable.
                        Some((split.unmelded.contains(c), v, core::cmp::Reverse(c)))
                    }
                    _ => None,
                };
                legal.iter().filter_map(|a| value(a).map(|v| (v, *a))).max().map_or(fallback, |(_, a)| a)
            }
            Phase::Over => fallback,
        }
    }
}

/// How many cards `action` leaves in the hand of `view`, if it is a meld or a lay-off.
fn left(view: &View, action: &Action) -> Option<usize> {
    match action {
        Action::Meld(cards) => Some((view.hand - *cards).len()),
        Action::LayOff { .. } => Some(view.hand.len().saturating_sub(1)),
        _ => None,
    }
}
