//! [`PlannerBot`]: the stronger classic Rummy bot (the engine's
//! [`GreedyBot`](crate::GreedyBot) and [`RandomBot`](rummykit_core::RandomBot) are in `bots.rs`).
//! It sees only its seat's [`View`] and chooses among [`View::legal_actions`], so it
//! never acts illegally.

use rummykit_core::{Bot, Card, Catalog, Face, PieceId, PieceSet, least_deadwood};

use crate::{Action, ClassicRummy, Phase, View};

/// The one 52-card deck classic Rummy is played with.
const DECK: Catalog<Card> = Catalog::<Card>::DECK;

/// The planner's evaluator and scratch buffers.
#[derive(Debug, Clone)]
struct Player {
    actions: Vec<Action>,
    faces: Vec<Card>,
}

/// What every card left over costs on top of its points in the planner's evaluation: a
/// card to get rid of is a turn further from going out, priced like a face card. With
/// points alone (0) the planner won no more hands than the greedy bot; see
/// `docs/design/bots.md` (2026-11-30) for the figures with 0, 5, 10, 20, 30, 50, 100.
const PER_CARD: u32 = 10;

fn face(id: PieceId) -> Card {
    DECK.face(id).unwrap_or(Card::JOKER)
}

/// Whether `view`'s hand could be a hand of a game: at most the largest deal (10 cards,
/// two players, `RULES.md` §2.2) and the card drawn, each a card of the deck.
fn could_be_dealt(view: &View) -> bool {
    let most = crate::Config::hand_size(2).unwrap_or(10) + 1;
    view.hand.len() <= most && view.hand.iter().all(|id| DECK.face(id).is_some())
}

/// What `card` costs when left over: its points (`RULES.md` §2.6) plus [`PER_CARD`].
fn cost(view: &View, card: Card) -> u32 {
    view.config.ace.card_value(card) + PER_CARD
}

/// How many cards of `hand` are "connected" to `card`: same rank (a set in the making)
/// or same suit within two ranks (a run in the making).
fn connections(card: Card, hand: impl IntoIterator<Item = Card>) -> u32 {
    let (Some(n), Some(s)) = (card.number(), card.suit()) else { return 0 };
    let mut k = 0;
    for c in hand {
        match (c.number(), c.suit()) {
            (Some(m), Some(t)) if m == n && t != s => k += 1,
            (Some(m), Some(t)) if t == s && m != n && m.abs_diff(n) <= 2 => k += 1,
            _ => {}
        }
    }
    k
}

impl Player {
    fn new() -> Player {
        Player { actions: Vec::new(), faces: Vec::new() }
    }

    /// Least cost of what `hand` leaves over (points plus [`PER_CARD`] a card) under
    /// the view's rules.
    fn deadwood(&mut self, view: &View, hand: PieceSet) -> u32 {
        self.faces.clear();
        self.faces.extend(hand.iter().map(face));
        let value = |c| cost(view, c);
        least_deadwood(&self.faces, &view.config.meld_rules(), value)
            .map_or_else(|_| self.faces.iter().map(|&c| value(c)).sum(), |s| s.deadwood())
    }

    /// Least cost of `hand` after throwing its costliest unmelded card: what
    /// the hand is worth at the end of a turn that drew into it.
    fn after_best_discard(&mut self, view: &View, hand: PieceSet) -> u32 {
        self.faces.clear();
        self.faces.extend(hand.iter().map(face));
        let value = |c| cost(view, c);
        match least_deadwood(&self.faces, &view.config.meld_rules(), value) {
            Ok(split) => {
                let top = split.unmelded().map(|i| value(self.faces[i])).max().unwrap_or(0);
                split.deadwood() - top
            }
            Err(_) => 0,
        }
    }

    /// Expected [`after_best_discard`](Self::after_best_discard) of `hand` plus one card
    /// drawn at random from the cards this seat has not seen (a one-card look-ahead over
    /// every hidden card consistent with the view), scaled by 1,000.
    fn draw_outlook(&mut self, view: &View, hand: PieceSet, unseen: &[PieceId]) -> u64 {
        if unseen.is_empty() {
            return u64::from(self.deadwood(view, hand)) * 1_000;
        }
        let mut total = 0u64;
        for &u in unseen {
            let mut h = hand;
            h.insert(u);
            total += u64::from(self.after_best_discard(view, h));
        }
        total * 1_000 / unseen.len() as u64
    }

    /// Cards this seat cannot see: not in its hand, on the table, in the discard pile,
    /// or known to be in another hand.
    fn unseen(view: &View) -> Vec<PieceId> {
        let mut seen = view.hand;
        for m in view.table.melds() {
            m.pieces().iter().for_each(|&p| {
                seen.insert(p);
            });
        }
        view.discard_pile.iter().for_each(|&p| {
            seen.insert(p);
        });
        view.known.iter().for_each(|k| {
            k.iter().for_each(|p| {
                seen.insert(p);
            })
        });
        DECK.ids().filter(|&p| !seen.contains(p)).collect()
    }

    fn act(&mut self, view: &View) -> Action {
        view.legal_actions(&mut self.actions);
        let actions = core::mem::take(&mut self.actions);
        // The searches grow exponentially with the hand: a view built or read from
        // elsewhere whose hand no game could hold gets the first legal action.
        let chosen = if !could_be_dealt(view) {
            None
        } else {
            match view.phase {
                Phase::Draw => self.draw(view, &actions),
                Phase::Play => self.play(view, &actions).or_else(|| self.discard(view, &actions)),
                Phase::Over => None,
            }
        };
        let chosen = chosen.or_else(|| actions.first().copied()).unwrap_or(Action::DrawStock);
        self.actions = actions;
        chosen
    }

    fn draw(&mut self, view: &View, actions: &[Action]) -> Option<Action> {
        if actions.contains(&Action::TakeDiscard) {
            // Take the top discard when the hand after the best discard is better than
            // what a stock draw is expected to give (the taken card may not go straight
            // back, RULES.md §2.4).
            let top = *view.discard_pile.last()?;
            let mut with = view.hand;
            with.insert(top);
            let mut take = u32::MAX;
            for p in with.iter().filter(|&p| p != top) {
                let mut h = with;
                h.remove(p);
                take = take.min(self.deadwood(view, h));
            }
            let unseen = Self::unseen(view);
            if u64::from(take) * 1_000 < self.draw_outlook(view, view.hand, &unseen) {
                return Some(Action::TakeDiscard);
            }
        }
        actions.contains(&Action::DrawStock).then_some(Action::DrawStock)
    }

    /// The meld or lay-off that does not raise the deadwood and leaves the fewest
    /// cards, or `None` to go on to the discard. A play that leaves at most one card
    /// goes out this turn (the legality guard, `RULES.md` §2.3, lists it only if the
    /// last card can then be discarded or laid off) and comes first: a hand that could
    /// all be melds has deadwood 0, so melding all but one card looked worse.
    fn play(&mut self, view: &View, actions: &[Action]) -> Option<Action> {
        let now = self.deadwood(view, view.hand);
        let mut best: Option<((u32, usize), Action)> = None;
        for &a in actions {
            let mut after = view.hand;
            match a {
                Action::Meld(cards) => cards.iter().for_each(|p| {
                    after.remove(p);
                }),
                Action::LayOff { piece: card, .. } => {
                    after.remove(card);
                }
                _ => continue,
            }
            let out = after.len() <= 1;
            let d = if out { 0 } else { self.deadwood(view, after) };
            if d <= now || out {
                let key = (d, after.len());
                if best.is_none_or(|(k, _)| key < k) {
                    best = Some((key, a));
                }
            }
        }
        best.map(|(_, a)| a)
    }

    /// The discard with the best one-card outlook; ties: the highest value goes. Avoids
    /// feeding the next player (a card that fits a table meld, or connects to cards it
    /// is known to hold).
    fn discard(&mut self, view: &View, actions: &[Action]) -> Option<Action> {
        // Counted round the table from the seat taken modulo the seats: a view built
        // or edited elsewhere may name a seat past the table (even `usize::MAX`).
        let n = view.hand_sizes.len().max(1);
        let next = (view.seat % n + 1) % n;
        let unseen = Self::unseen(view);
        let mut best: Option<(i64, Action)> = None;
        for &a in actions {
            let Action::Discard(p) = a else { continue };
            let mut after = view.hand;
            after.remove(p);
            let card = face(p);
            let d = self.draw_outlook(view, after, &unseen) as i64;
            let mut score = d - i64::from(view.config.ace.card_value(card));
            {
                let rules = view.config.meld_rules();
                if view.table.melds().iter().any(|m| !m.lay_off_ends(card, &rules).is_empty()) {
                    score += 3_000;
                }
                if let Some(known) = view.known.get(next) {
                    score += 1_500 * i64::from(connections(card, known.iter().map(face)));
                }
            }
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, a));
            }
        }
        best.map(|(_, a)| a)
    }
}

/// The stronger bot: a one-card look-ahead over the hidden cards. For every discard
/// it could make (and for taking the top discard instead of drawing), it averages,
/// over every card it has not seen (not in its hand, on the table, in the pile, or
/// known in another hand), the least cost its hand would leave over after drawing that
/// card and throwing the worst one, a card left over costing its points plus 10 (a
/// card more to get rid of before going out); it keeps the hand with the best outlook. It melds
/// and lays off like the greedy bot, and avoids discarding a card that fits a table
/// meld or connects to the cards the next player is known to hold. Shown stronger than
/// [`GreedyBot`](crate::GreedyBot), in wins and in points, by tournaments (see [the
/// bots' design notes](https://github.com/rummykit/rummykit/blob/main/docs/design/bots.md)).
/// Deterministic. A view built or read from elsewhere whose hand no game could hold
/// (more than 11 cards, or an id not of the deck) gets its first legal action: the
/// look-ahead grows exponentially with the hand.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::rand_chacha::ChaCha8Rng;
/// use rummykit_classic::{ClassicRummy, Config, GreedyBot, PlannerBot};
/// use rummykit_classic::rummykit_core::{Bot, Game, MatchEnd, Seating, play_hand};
///
/// let config = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
/// let mut game = ClassicRummy::deal(&config, Seating::new(3).with_dealer(2), &mut ChaCha8Rng::seed_from_u64(4)).unwrap();
/// let (mut a, mut b, mut c) = (PlannerBot::new(), GreedyBot::new(), GreedyBot::new());
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<ClassicRummy>; 3] = [&mut a, &mut b, &mut c];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert_eq!(outcome.points.len(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct PlannerBot(Player);

impl PlannerBot {
    /// A planner bot.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{ClassicRummy, Config, PlannerBot};
    /// use rummykit_classic::rummykit_core::{Bot, Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut bot = PlannerBot::new();
    /// let action = bot.act(&game.view(1));
    /// assert!(game.check(1, &action).is_ok()); // it chooses from the legal actions
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn new() -> PlannerBot {
        PlannerBot(Player::new())
    }
}

impl Default for PlannerBot {
    fn default() -> Self {
        PlannerBot::new()
    }
}

impl Bot<ClassicRummy> for PlannerBot {
    fn name(&self) -> &str {
        "planner"
    }

    fn act(&mut self, view: &View) -> Action {
        self.0.act(view)
    }
}
