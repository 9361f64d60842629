//! Bots for Rummy 40: [`GreedyBot`] and the stronger [`PlannerBot`] (the random
//! baseline is core's [`RandomBot`](rummykit_core::RandomBot)). Each sees only its
//! seat's [`View`], chooses among [`View::legal_actions`] (so it never acts illegally on
//! a view of a game) and keeps its scratch buffers between turns. A play-phase view
//! whose hand no game could hold (see [`Rummy40`]) lists nothing: the bots then answer
//! [`Action::DrawStock`], which the referee refuses.

use rummykit_core::{Bot, Card, Catalog, Face, PieceId, PieceSet, least_deadwood};

use crate::{Action, Config, Phase, Rummy40, View};

/// How a [`Player`] plays: the greedy baseline or the planner's refinements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Style {
    Greedy,
    Planner,
}

/// The shared evaluator behind [`GreedyBot`] and [`PlannerBot`].
#[derive(Debug, Clone)]
struct Player {
    style: Style,
    actions: Vec<Action>,
    /// The legal actions of the play phase a take of the discard would lead to.
    foreseen: Vec<Action>,
    faces: Vec<Card>,
}

/// What the evaluator knows of the table and rules for one decision.
struct Ctx<'a> {
    view: &'a View,
    config: &'a Config,
    catalog: Catalog<Card>,
}

impl Ctx<'_> {
    fn face(&self, id: PieceId) -> Card {
        self.catalog.face(id).unwrap_or(Card::JOKER)
    }

    /// Least deadwood (penalty of the unmelded cards) of `hand`.
    fn deadwood(&self, hand: PieceSet, faces: &mut Vec<Card>) -> u32 {
        faces.clear();
        faces.extend(hand.iter().map(|p| self.face(p)));
        let rules = self.config.meld_rules();
        least_deadwood(faces, &rules, |c| self.config.card_penalty(c))
            .map_or_else(|_| self.config.penalty(faces.iter().copied(), true), |s| s.deadwood())
    }

    /// The joker a swap or release would bring to the hand (any joker of that meld: they
    /// are interchangeable for the evaluation).
    fn joker_of(&self, meld: rummykit_core::MeldId) -> Option<PieceId> {
        let m = self.view.table.meld(meld)?;
        m.pieces().iter().copied().find(|&p| self.face(p).is_joker())
    }

    /// The hand after a play-phase action, or `None` for actions not evaluated that way.
    fn after(&self, action: &Action) -> Option<PieceSet> {
        let mut hand = self.view.hand;
        match action {
            Action::Meld(m) => m.pieces.iter().for_each(|&p| {
                hand.remove(p);
            }),
            Action::Open { melds } => melds.iter().flat_map(|m| &m.pieces).for_each(|&p| {
                hand.remove(p);
            }),
            Action::LayOff { piece, .. } | Action::Discard(piece) => {
                hand.remove(*piece);
            }
            Action::SwapJoker { piece, meld } => {
                hand.remove(*piece);
                hand.insert(self.joker_of(*meld)?);
            }
            Action::ReleaseJoker { meld, pieces } => {
                pieces.iter().for_each(|&p| {
                    hand.remove(p);
                });
                hand.insert(self.joker_of(*meld)?);
            }
            _ => return None,
        }
        Some(hand)
    }

    /// Cards of `hand` that would fit a meld on the table (lay-off targets for anyone
    /// who has opened).
    fn fits_table(&self, card: Card) -> bool {
        let rules = self.config.meld_rules();
        self.view.table.melds().iter().any(|m| !m.lay_off_ends(card, &rules).is_empty())
    }
}

/// The view of the play phase that taking the top discard leads to, as the game shows
/// it: the card moved from the pile to the hand, known to be there, and taken this turn.
fn after_take(view: &View) -> Option<View> {
    let mut next = view.clone();
    let top = next.common.discard_pile.pop()?;
    let seat = next.common.seat;
    next.common.hand.insert(top);
    // A view edited to a count no hand holds (usize::MAX) has no such play phase.
    let size = next.common.hand_sizes.get_mut(seat)?;
    *size = size.checked_add(1)?;
    next.common.known.get_mut(seat)?.insert(top);
    next.common.taken_this_turn = Some(top);
    next.common.phase = Phase::Play;
    Some(next)
}

/// How many cards of `hand` are "connected" to `card`: same rank (a set in the making)
/// or same suit within two ranks (a run in the making). Jokers connect to everything.
fn connections(card: Card, hand: &[Card]) -> u32 {
    let (Some(n), Some(s)) = (card.number(), card.suit()) else { return 4 };
    let mut k = 0;
    for &c in hand {
        if c == card {
            continue;
        }
        match (c.number(), c.suit()) {
            (Some(m), Some(t)) if m == n && t != s => k += 1,
            (Some(m), Some(t)) if t == s && m.abs_diff(n) <= 2 && m != n => k += 1,
            (None, _) => k += 1,
            _ => {}
        }
    }
    k
}

impl Player {
    fn new(style: Style) -> Player {
        Player { style, actions: Vec::new(), foreseen: Vec::new(), faces: Vec::new() }
    }

    fn act(&mut self, view: &View) -> Action {
        view.legal_actions(&mut self.actions);
        let Ok(catalog) = view.config.catalog() else { return Action::DrawStock };
        let ctx = Ctx { view, config: &view.config, catalog };
        let actions = core::mem::take(&mut self.actions);
        let chosen = self.choose(&ctx, &actions);
        self.actions = actions;
        chosen.unwrap_or(Action::DrawStock)
    }

    fn choose(&mut self, ctx: &Ctx<'_>, actions: &[Action]) -> Option<Action> {
        let first = actions.first()?.clone();
        // Going out beats everything.
        if let Some(a) = actions
            .iter()
            .find(|a| matches!(a, Action::GoRummy { .. } | Action::TakeDiscardAndGoRummy { .. }))
        {
            return Some(a.clone());
        }
        match ctx.view.phase {
            Phase::Draw => Some(self.draw(ctx, actions).unwrap_or(first)),
            Phase::Play => {
                Some(self.play(ctx, actions).or_else(|| self.discard(ctx, actions)).unwrap_or(first))
            }
            Phase::Over => None,
        }
    }

    fn draw(&mut self, ctx: &Ctx<'_>, actions: &[Action]) -> Option<Action> {
        // Take the discard to open: the opening that leaves the least in hand.
        // The cards' count: `opened` is true after this opening, so no flat penalty.
        let hand_total = |hand: PieceSet| ctx.config.penalty(hand.iter().map(|p| ctx.face(p)), true);
        let open = actions
            .iter()
            .filter_map(|a| match a {
                Action::TakeDiscardAndOpen { melds } => {
                    let mut hand = ctx.view.hand;
                    if let Some(&top) = ctx.view.discard_pile.last() {
                        hand.insert(top);
                    }
                    melds.iter().flat_map(|m| &m.pieces).for_each(|&p| {
                        hand.remove(p);
                    });
                    Some((hand_total(hand), a))
                }
                _ => None,
            })
            .min_by_key(|(v, _)| *v);
        if let Some((_, a)) = open {
            return Some(a.clone());
        }
        if self.style == Style::Planner
            && actions.contains(&Action::TakeDiscard)
            && self.take_lowers_deadwood(ctx) == Some(true)
        {
            return Some(Action::TakeDiscard);
        }
        actions.contains(&Action::DrawStock).then_some(Action::DrawStock)
    }

    /// Whether taking the top discard and then making the discard this player would
    /// make (its own choice among the legal discards of the play phase the take leads
    /// to) leaves a hand of lower least deadwood than now. Judged on that discard, not
    /// on the best conceivable one (a joker it keeps, the taken card's twin it may not
    /// throw): a take followed by a discard then always lowers the deadwood, so players
    /// cannot trade the same cards through the pile for ever without drawing. Where
    /// that play phase offers no discard before the taken card is played
    /// (`taken_discard_must_be_used_after_open`), the take puts a card on the table and
    /// cannot cycle: it is judged by the best discard of the other cards.
    fn take_lowers_deadwood(&mut self, ctx: &Ctx<'_>) -> Option<bool> {
        let view = after_take(ctx.view)?;
        let mut foreseen = core::mem::take(&mut self.foreseen);
        view.legal_actions(&mut foreseen);
        let then = Ctx { view: &view, config: ctx.config, catalog: ctx.catalog };
        let chosen = self.discard(&then, &foreseen);
        self.foreseen = foreseen;
        let now = ctx.deadwood(ctx.view.hand, &mut self.faces);
        if let Some(Action::Discard(thrown)) = chosen {
            let mut kept = view.hand;
            kept.remove(thrown);
            return Some(ctx.deadwood(kept, &mut self.faces) < now);
        }
        let top = view.taken_this_turn?;
        let best = view
            .hand
            .iter()
            .filter(|&p| p != top)
            .map(|p| {
                let mut kept = view.hand;
                kept.remove(p);
                ctx.deadwood(kept, &mut self.faces)
            })
            .min()?;
        Some(best < now)
    }

    /// The best play (open, meld, build, joker swap) that goes out or does not raise the
    /// deadwood, or `None` to go on to the discard.
    fn play(&mut self, ctx: &Ctx<'_>, actions: &[Action]) -> Option<Action> {
        let now = ctx.deadwood(ctx.view.hand, &mut self.faces);
        let mut best: Option<(u32, usize, &Action)> = None;
        for a in actions {
            let playable = matches!(
                a,
                Action::Open { .. }
                    | Action::Meld(_)
                    | Action::LayOff { .. }
                    | Action::SwapJoker { .. }
                    | Action::ReleaseJoker { .. }
            );
            if !playable {
                continue;
            }
            let Some(after) = ctx.after(a) else { continue };
            if ctx.view.won_jokers.iter().any(|j| !after.contains(j)) && after.len() > 1 {
                // A joker won this turn goes back only to go (nearly) out: no swap cycles.
                continue;
            }
            if self.style == Style::Planner && after.len() > 1 {
                // Keep jokers in hand unless it goes (nearly) out: they are worth more
                // there than on the table.
                let gives_joker = ctx.view.hand.iter().any(|p| ctx.face(p).is_joker() && !after.contains(p));
                if gives_joker && !matches!(a, Action::Open { .. }) {
                    continue;
                }
            }
            // A play that leaves one card goes out with its discard (a legal play always
            // leaves a card that may go): best of all, though a hand that could be all
            // melds (which no turn may lay down) counts less deadwood than that card.
            let d = if after.len() == 1 { 0 } else { ctx.deadwood(after, &mut self.faces) };
            if matches!(a, Action::Open { .. }) || d <= now {
                let key = (d, after.len());
                if best.is_none_or(|(bd, bl, _)| key < (bd, bl)) {
                    best = Some((d, after.len(), a));
                }
            }
        }
        best.map(|(_, _, a)| a.clone())
    }

    /// The discard that leaves the least deadwood; ties: the highest penalty goes.
    /// The planner also keeps cards that connect to others and avoids feeding the
    /// table.
    fn discard(&mut self, ctx: &Ctx<'_>, actions: &[Action]) -> Option<Action> {
        let hand: Vec<Card> = ctx.view.hand.iter().map(|p| ctx.face(p)).collect();
        let mut best: Option<(i64, &Action)> = None;
        for a in actions {
            let Action::Discard(p) = a else { continue };
            let Some(after) = ctx.after(a) else { continue };
            let card = ctx.face(*p);
            let d = i64::from(ctx.deadwood(after, &mut self.faces));
            let mut score = 100 * d - i64::from(ctx.config.card_penalty(card));
            if card.is_joker() {
                score += 10_000;
            }
            if self.style == Style::Planner {
                score += 40 * i64::from(connections(card, &hand));
                if ctx.view.opened.iter().enumerate().any(|(s, &o)| o && s != ctx.view.seat)
                    && ctx.fits_table(card)
                {
                    score += 300;
                }
            }
            if best.is_none_or(|(b, _)| score < b) {
                best = Some((score, a));
            }
        }
        best.map(|(_, a)| a.clone())
    }
}

/// The greedy baseline: open or go rummy as soon as it can (with the opening that
/// leaves the least in hand), go out as soon as a play leaves one card to discard,
/// else meld, lay off and swap jokers while that does not
/// raise the hand's least deadwood, and discard the card whose loss leaves the least
/// deadwood (ties: the highest penalty; never a joker while another card may go).
/// It always draws from the stock unless taking the discard opens or goes out.
/// Deterministic. For a play-phase view whose hand no game could hold (see
/// [`Rummy40`]) nothing is legal and it answers [`Action::DrawStock`], which the
/// referee refuses.
///
/// ```
/// use rummykit_rummy40::rand::SeedableRng;
/// use rummykit_rummy40::rand_chacha::ChaCha8Rng;
/// use rummykit_rummy40::rummykit_core::{Bot, Game, RandomBot, Seating, play_hand};
/// use rummykit_rummy40::{Config, GreedyBot, Rummy40};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(2);
/// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(1), &mut rng).unwrap();
/// let (mut greedy, mut random) = (GreedyBot::new(), RandomBot::new(ChaCha8Rng::seed_from_u64(3)));
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<Rummy40>; 2] = [&mut greedy, &mut random];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert_eq!(outcome.points.len(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct GreedyBot(Player);

impl GreedyBot {
    /// A greedy bot.
    ///
    /// ```
    /// use rummykit_rummy40::rand::SeedableRng;
    /// use rummykit_rummy40::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummy40::{Config, GreedyBot, Rummy40};
    ///
    /// let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut bot = GreedyBot::new();
    /// assert_eq!(bot.name(), "greedy");
    /// // It sees only its own view, and plays a legal action from it.
    /// let action = bot.act(&game.view(1));
    /// assert_eq!(game.check(1, &action), Ok(()));
    /// game.apply(1, action)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new() -> GreedyBot {
        GreedyBot(Player::new(Style::Greedy))
    }
}

impl Default for GreedyBot {
    fn default() -> Self {
        GreedyBot::new()
    }
}

impl Bot<Rummy40> for GreedyBot {
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, view: &View) -> Action {
        self.0.act(view)
    }
}

/// The stronger bot: the greedy bot plus planning. It takes the top discard (once
/// opened) when that lowers its deadwood after the discard it would then make (so a
/// take and a discard always lower it, and a hand of planners cannot pass cards
/// through the pile for ever without drawing the stock); keeps its jokers
/// instead of laying them off (unless that nearly empties the hand); and chooses its
/// discard by deadwood, then keeps cards connected to others (pairs, near-run
/// neighbours) and avoids throwing a card that fits a table meld while an opponent
/// has opened and could take it. Shown stronger than [`GreedyBot`] by a tournament
/// (see [the bots' design
/// notes](https://github.com/rummykit/rummykit/blob/main/docs/design/bots.md)).
/// Deterministic. Like [`GreedyBot`], it answers
/// [`Action::DrawStock`], which the referee refuses, for a play-phase view whose hand no
/// game could hold (see [`Rummy40`]).
///
/// ```
/// use rummykit_rummy40::rand::SeedableRng;
/// use rummykit_rummy40::rand_chacha::ChaCha8Rng;
/// use rummykit_rummy40::rummykit_core::{Bot, Game, Seating, play_hand};
/// use rummykit_rummy40::{Config, GreedyBot, PlannerBot, Rummy40};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(4);
/// let mut game = Rummy40::deal(&Config::SCALA40, Seating::new(3).with_dealer(2), &mut rng).unwrap();
/// let (mut a, mut b, mut c) = (PlannerBot::new(), GreedyBot::new(), GreedyBot::new());
/// // Bots of different types are listed as `dyn Bot`s.
/// let mut bots: [&mut dyn Bot<Rummy40>; 3] = [&mut a, &mut b, &mut c];
/// let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).unwrap();
/// assert_eq!(outcome.points.len(), 3);
/// ```
#[derive(Debug, Clone)]
pub struct PlannerBot(Player);

impl PlannerBot {
    /// A planner bot.
    ///
    /// ```
    /// use rummykit_rummy40::rand::SeedableRng;
    /// use rummykit_rummy40::rummykit_core::{Bot, Game, Seating};
    /// use rummykit_rummy40::{Config, PlannerBot, Rummy40};
    ///
    /// let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut game = Rummy40::deal(&Config::SCALA40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut bot = PlannerBot::new();
    /// assert_eq!(bot.name(), "planner");
    /// // It sees only its own view, and plays a legal action from it.
    /// let action = bot.act(&game.view(1));
    /// assert_eq!(game.check(1, &action), Ok(()));
    /// game.apply(1, action)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new() -> PlannerBot {
        PlannerBot(Player::new(Style::Planner))
    }
}

impl Default for PlannerBot {
    fn default() -> Self {
        PlannerBot::new()
    }
}

impl Bot<Rummy40> for PlannerBot {
    fn name(&self) -> &str {
        "planner"
    }

    fn act(&mut self, view: &View) -> Action {
        self.0.act(view)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Bot, Game, MeldKind, Seating, parse_list};

    use super::after_take;
    use crate::{Action, Config, GreedyBot, Phase, PlannerBot, Rummy40, Setup, SetupMeld};

    /// Plays seeded hands of planners and greedy bots (2 to 5 seats, Rummy 40 and
    /// Scala 40), calling `seen` before every action with the game and the action the
    /// mover chose.
    fn each_action(hands: u64, mut seen: impl FnMut(&Rummy40, usize, &Action)) {
        for hand in 0..hands {
            let config = if hand.is_multiple_of(2) { Config::RUMMY40 } else { Config::SCALA40 };
            let seats = 2 + (hand % 4) as usize;
            let mut rng = ChaCha8Rng::seed_from_u64(hand);
            let mut g =
                Rummy40::deal(&config.with_max_restocks(Some(3)), Seating::new(seats), &mut rng).unwrap();
            let mut bots: Vec<Box<dyn Bot<Rummy40>>> = (0..seats)
                .map(|s| {
                    if (s + hand as usize).is_multiple_of(3) {
                        Box::new(GreedyBot::new()) as Box<dyn Bot<Rummy40>>
                    } else {
                        Box::new(PlannerBot::new())
                    }
                })
                .collect();
            let mut actions = 0;
            while let Some(seat) = g.to_move() {
                let action = bots[seat].act(&g.view(seat));
                seen(&g, seat, &action);
                g.apply(seat, action).unwrap();
                actions += 1;
                assert!(actions < 5_000, "hand {hand} did not end");
            }
        }
    }

    /// The play phase a planner foresees when it weighs taking the top discard is the
    /// view the game then shows (RULES §3.3: the taken card goes to the hand), so the
    /// discard it foresees is the one it makes.
    #[test]
    fn rules_3_3_the_view_after_a_take_is_the_one_foreseen() {
        let mut compared = 0;
        each_action(120, |g, seat, _| {
            let view = g.view(seat);
            let mut legal = Vec::new();
            view.legal_actions(&mut legal);
            if !legal.contains(&Action::TakeDiscard) {
                return;
            }
            let mut taken = g.clone();
            taken.apply(seat, Action::TakeDiscard).unwrap();
            assert_eq!(after_take(&view), Some(taken.view(seat)));
            compared += 1;
        });
        assert!(compared > 1_000, "{compared} takes compared");
    }

    /// A planner takes the top discard only when the discard it then makes leaves less
    /// deadwood (RULES §3.3, §3.7): a turn of a take and a discard lowers the taker's
    /// deadwood, so no cycle of such turns can keep a hand from drawing the stock down
    /// to its end.
    #[test]
    fn rules_3_7_a_take_then_a_discard_lowers_the_deadwood() {
        let deadwood = |g: &Rummy40, seat| g.hint(seat).unwrap().unwrap().deadwood;
        let (mut turns, mut taken_with) = (0, None);
        each_action(600, |g, seat, action| match (action, taken_with.take()) {
            (Action::TakeDiscard, _) => taken_with = Some(deadwood(g, seat)),
            (Action::Discard(p), Some(was)) => {
                let mut after = g.clone();
                after.apply(seat, Action::Discard(*p)).unwrap();
                assert!(deadwood(&after, seat) < was, "{was} before the take");
                turns += 1;
            }
            _ => {}
        });
        assert!(turns > 200, "{turns} turns of a take and a discard");
    }

    /// RULES §3.3 with `taken_discard_must_be_used_after_open` (Scala 40): the play phase
    /// after a take offers no discard until the taken card is played, and the planner
    /// still takes the discard there (weighing a take by a discard it may not make yet
    /// once made it never take).
    #[test]
    fn rules_3_3_a_planner_takes_a_discard_it_must_play() {
        let mut takes = [0; 2];
        each_action(600, |g, _, action| {
            if *action == Action::TakeDiscard {
                takes[usize::from(g.config().taken_discard_must_be_used_after_open)] += 1;
            }
        });
        assert!(takes[0] > 200 && takes[1] > 100, "takes without and with the rule: {takes:?}");
    }

    /// RULES §3.7: a hand that could all be melds may not be laid down whole (a discard
    /// must end the turn), so its least deadwood, 0, is no bar to a play that leaves one
    /// card: both bots go out. They held such hands for ever (with four jokers under
    /// Scala 40, nothing on the table to build on), discarding every card they drew.
    #[test]
    fn rules_3_7_a_hand_that_is_all_melds_goes_out() {
        for (config, hand) in [(Config::SCALA40, "Td * * * *"), (Config::RUMMY40, "9h Th Jh * *")] {
            for planner in [false, true] {
                let mut setup = Setup::new(vec![parse_list(hand).unwrap(), parse_list("2h 5s").unwrap()]);
                setup.table = vec![
                    SetupMeld::new(0, MeldKind::Group, parse_list("Ac Ad Ah As").unwrap()),
                    SetupMeld::new(1, MeldKind::Group, parse_list("7c 7h 7s 7d").unwrap()),
                ];
                setup.dealer = 1;
                setup.phase = Phase::Play;
                setup.discard = parse_list("Qs").unwrap();
                setup.fill_stock();
                let mut g = Rummy40::from_setup(&config, setup).unwrap();
                let mut bot: Box<dyn Bot<Rummy40>> =
                    if planner { Box::new(PlannerBot::new()) } else { Box::new(GreedyBot::new()) };
                while g.to_move() == Some(0) {
                    let action = bot.act(&g.view(0));
                    g.apply(0, action).unwrap();
                }
                let outcome = g.outcome().unwrap_or_else(|| panic!("{hand}: seat 0 did not go out"));
                assert_eq!(outcome.winners, [0], "{hand}");
            }
        }
    }
}
