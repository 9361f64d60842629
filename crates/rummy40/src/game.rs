//! [`Rummy40`]: one hand of Rummy 40, the referee's full state and its turn flow.

use core::cell::{Cell, RefCell};
use core::ops::RangeInclusive;

use rand::{Rng, RngExt};
use rummykit_core::{
    Card, CardRules, Catalog, CommitKey, DealError, Dealt, DrawRecord, Face, HandState, JokerRole,
    ListedCards, MAX_MELD_LEN, MatchTerms, Meld, MeldId, MeldKind, MeldRules, MeldTable, Outcome, PieceId,
    PieceSet, Piles, PositionError, RunEnd, ScoreOrder, Seat, Seating, ShownKey, deal_cards, seat_list,
};

#[cfg(doc)]
use rummykit_core::Game;

use crate::check::Plan;
use crate::config::{MAX_PLAYERS, MIN_PLAYERS};
use crate::{Action, ActionError, Config, HAND_SIZE, NewMeld, Phase, RummyBonus, Set3JokerSwap, Setup, View};

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rummykit_core::conformance::drawn;
    use rummykit_core::{Game, Seating};

    use crate::{Config, Rummy40};

    /// A deal numbers the copies of each card as its setup is read back (`Setup`): the
    /// game its setup rebuilds is the game dealt, copy for copy, for both presets, two to
    /// six seats and the dealer given or cut.
    #[test]
    fn a_deal_is_the_game_its_setup_reads_back() {
        let mut dealt = 0;
        for seed in 0..400u64 {
            let config = if seed % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let seats = 2 + (seed / 2 % 5) as usize;
            let seating = if seed % 3 == 0 {
                Seating::new(seats)
            } else {
                Seating::new(seats).with_dealer(seed as usize % seats)
            };
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let game = Rummy40::deal(&config, seating, &mut rng).unwrap();
            assert_eq!(Rummy40::from_setup(&config, game.setup()).as_ref(), Ok(&game), "seed {seed}");
            dealt += 1;
        }
        assert_eq!(dealt, 400);
    }

    /// Random hands whose drawn actions go unchecked reach, action by action, the
    /// states the full check reaches from the same actions; an action drawn before the
    /// view's last refresh, changed after the draw, or drawn from a copy of an older
    /// view, is checked in full and refused, the game left as it was. Both presets, each
    /// misuse, until each was refused many times, and many melds, builds and swaps
    /// vouched for.
    #[test]
    fn a_drawn_action_vouches_only_for_the_view_shown() {
        use crate::Action;

        let tally = drawn::misused::<Rummy40>(&[Config::RUMMY40, Config::SCALA40], 120, |a| {
            matches!(
                a,
                Action::Open { .. } | Action::Meld(_) | Action::LayOff { .. } | Action::SwapJoker { .. }
            )
        });
        assert_eq!(tally.hands, 120);
        assert!(tally.refused.iter().all(|&n| n > 200), "{tally:?}");
        assert!(tally.counted > 500, "{tally:?}");
    }

    /// A draw from a view of the player's own, the same action applied directly, then
    /// answered to the hand loop: the loop's view is another, so it is checked and
    /// refused.
    #[test]
    fn a_draw_from_another_view_vouches_for_nothing() {
        assert_eq!(drawn::from_another_view::<Rummy40>(&[Config::RUMMY40, Config::SCALA40], 60), 60);
    }

    /// The engine's fast path for a drawn action is taken only for the seat to move,
    /// from its view, and only while the state is the one the draw was made from: a
    /// wrapper that forwards the hand loop's key for another seat, after applying the
    /// action, or after dealing the hidden cards anew and refreshing the view in place,
    /// has the action answered as the full check answers it.
    #[test]
    fn a_forwarded_key_vouches_only_for_the_mover_and_an_unchanged_game() {
        let refused = drawn::meddled::<Rummy40>(&[Config::RUMMY40, Config::SCALA40], 120);
        assert_eq!(refused[..2], [30, 30]);
        assert!(refused[2] > 15 && refused[3] > 15, "{refused:?}");
    }

    /// The random draw draws the list's action for the index the same stream gives
    /// over the list's length, whether it comes back in short (a draw, a discard) or
    /// whole, and leaves the stream where that one index left it: on the reachable
    /// states of random hands of both presets, two to four seats (400 actions each at
    /// most), until every kind of action was drawn many times.
    #[test]
    fn a_random_draw_is_the_lists_action_at_the_streams_index() {
        use rand::Rng;

        use crate::Action;

        let mut drawn_by_kind = [0usize; 4];
        let mut list = crate::LegalActions::new();
        for seed in 0..40u64 {
            let config = if seed % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = Rummy40::deal(&config, Seating::new(2 + seed as usize % 3), &mut rng).unwrap();
            for _ in 0..400 {
                let Some(seat) = g.to_move() else { break };
                let view = g.view(seat);
                list.fill_for_draw(&view);
                let mut by_list = rng.clone();
                let k = rummykit_core::random_index(&mut by_list, list.draw_len()).unwrap();
                let expected = list.draw_nth(k).unwrap();
                let action = Rummy40::random_action_from(&view, &mut rng).unwrap();
                assert_eq!(action, expected, "seed {seed}, {g:?}");
                assert_eq!(rng.next_u64(), by_list.next_u64(), "the streams part: seed {seed}");
                drawn_by_kind[match action {
                    Action::DrawStock | Action::TakeDiscard => 0,
                    Action::Discard(_) => 1,
                    Action::LayOff { .. } | Action::SwapJoker { .. } => 2,
                    _ => 3,
                }] += 1;
                g.apply(seat, action).unwrap();
            }
        }
        assert!(drawn_by_kind.iter().all(|&n| n > 100), "{drawn_by_kind:?}");
    }
}

/// What happened this turn, for the rules that depend on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub(crate) struct Turn {
    /// The player had opened before this turn (else going out now is going rummy).
    pub(crate) opened_before: bool,
    /// Jokers won by a swap this turn.
    pub(crate) won_jokers: PieceSet,
}

/// How a hand ended.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct HandEnd {
    pub(crate) winner: Option<Seat>,
    pub(crate) rummy: bool,
    pub(crate) penalties: Vec<u32>,
}

/// One hand of Rummy 40 (`RULES.md` §3): hands, stock and discard pile, the table, whose
/// turn and what happened in it. The full state is the referee's; players get a
/// [`View`].
///
/// A view built or read from elsewhere whose hand no game could hold (more than
/// [`HAND_SIZE`] cards and the one drawn, or an id not of its pack) has no legal action
/// in the play phase and none but the draws before it: [`Game::legal_actions_from`]
/// lists nothing then and [`Game::random_action_from`] answers `None`, as
/// [`analyze`](crate::analyze) refuses a hand past
/// [`MAX_ANALYSED_HAND`](crate::MAX_ANALYSED_HAND) (the actions of a hand grow
/// exponentially with it).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Action, Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(4).with_dealer(0), &mut rng).unwrap();
/// assert_eq!(game.to_move(), Some(1));
/// let mut actions = Vec::new();
/// game.legal_actions(&mut actions);
/// assert!(actions.contains(&Action::DrawStock));
/// game.apply(1, Action::DrawStock).unwrap();
/// assert_eq!(game.hand(1).unwrap().len(), 14);
/// let mut edited = game.view(1);
/// edited.hand = (0..40).filter_map(rummykit_core::PieceId::new).collect();
/// Rummy40::legal_actions_from(&edited, &mut actions);
/// assert!(actions.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rummy40 {
    pub(crate) config: Config,
    pub(crate) catalog: Catalog<Card>,
    pub(crate) rules: MeldRules,
    /// Hands, piles, table, the seat to move and its phase, the card taken this turn and
    /// the known cards: the state every card game shares.
    pub(crate) state: HandState,
    /// The number of cards of each hand, by seat (the first `hands.len()`), kept for the
    /// views: counting every hand's bits before every action costs more than keeping
    /// the mover's count after it.
    pub(crate) hand_lens: [usize; MAX_PLAYERS],
    pub(crate) opened: Vec<bool>,
    pub(crate) turn: Turn,
    end: Option<HandEnd>,
    /// Cards dealt to the hands. Every turn draws one card and discards one, and melds,
    /// builds and joker swaps only move cards between a hand and the table, so hands
    /// and table hold exactly this many at the start of a turn and one more after the
    /// draw: a saved state is checked against it.
    pub(crate) dealt: usize,
}

impl Rummy40 {
    /// The hand at the position `setup` describes (see [`Setup`] for the defaults and
    /// for which copy of a card goes where), after every check a save is read with: a
    /// valid configuration; 2–6 seats and the seats named exist; the cards are exactly
    /// the pack; every table meld is valid under the configuration and owned by a seat
    /// that has opened; known cards are in their holder's hand; the hand sizes fit the
    /// deal and the phase (none above 13 cards but the mover's after the draw, none
    /// empty while the hand is on, hands and table holding the cards dealt plus the one
    /// drawn); the turn fields fit the phase; a result exactly when the hand is over,
    /// with the penalties the hands score; a seat to move with a legal action.
    ///
    /// # Errors
    ///
    /// [`DealError::InvalidConfig`] for a bad configuration, [`DealError::PlayerCount`]
    /// outside 2–6, [`DealError::NoSuchDealer`], else [`DealError::InvalidDeal`] with the
    /// [`PositionError`]: [`TooManyCards`](PositionError::TooManyCards) (a third copy,
    /// a joker more than the pack's),
    /// [`PieceCount`](PositionError::PieceCount) (a card missing),
    /// [`NoSuchSeat`](PositionError::NoSuchSeat), [`SeatLists`](PositionError::SeatLists),
    /// [`Table`](PositionError::Table) (an invalid meld),
    /// [`OutOfRange`](PositionError::OutOfRange) (restocks above the cap),
    /// [`DealtCount`](PositionError::DealtCount), [`HandSize`](PositionError::HandSize),
    /// [`PiecesInPlay`](PositionError::PiecesInPlay), or
    /// [`Inconsistent`](PositionError::Inconsistent) naming the contradiction.
    ///
    /// ```
    /// use rummykit_core::{DealError, Game, PositionError, parse_list};
    /// use rummykit_rummy40::{Config, Rummy40, Setup};
    /// let mut setup = Setup::new(vec![parse_list("Ah 2h 3h")?, parse_list("Kd Kd *")?]);
    /// setup.fill_stock();
    /// let game = Rummy40::from_setup(&Config::RUMMY40, setup.clone()).expect("a position");
    /// assert_eq!(game.to_move(), Some(1));
    /// setup.hands[0].push(parse_list("Kd")?[0]);
    /// assert_eq!(
    ///     Rummy40::from_setup(&Config::RUMMY40, setup),
    ///     Err(DealError::InvalidDeal(PositionError::TooManyCards { card: "Kd".parse()?, max: 2 }))
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(config: &Config, setup: Setup) -> Result<Rummy40, DealError> {
        Rummy40::from_setup_guarded(config, setup, true)
    }

    /// [`Rummy40::from_setup`], asking that the seat to move has a legal action only if
    /// `guarded`: a save, checked by face first, asks it of its own copies; a test of
    /// what a take would leave builds the position the guard refuses.
    pub(crate) fn from_setup_guarded(
        config: &Config,
        setup: Setup,
        guarded: bool,
    ) -> Result<Rummy40, DealError> {
        // A game made anew: no earlier draw vouches for anything in it.
        DRAWN.with(DrawRecord::clear);
        config.validate(setup.hands.len())?;
        let catalog = config.catalog()?;
        let rules = config.meld_rules();
        let bad = |what: &'static str| Err(DealError::InvalidDeal(PositionError::Inconsistent(what)));
        let placed = setup.cards().place(&catalog, &rules, MIN_PLAYERS..=MAX_PLAYERS, config.max_restocks)?;
        let (seats, to_move) = (placed.hands.len(), placed.to_move);
        let mut opened = vec![false; seats];
        if seat_list("opened", setup.opened.len(), seats)? {
            opened.clone_from(&setup.opened);
        } else {
            for m in placed.table.melds() {
                opened[m.owner()] = true;
            }
        }
        // RULES.md §3.4: only a seat that has opened has melds on the table.
        if placed.table.melds().iter().any(|m| !opened[m.owner()]) {
            return bad("a meld's owner has not opened");
        }
        let opened_before = setup.opened_before.unwrap_or(opened[to_move]);
        if opened_before && !opened[to_move] {
            return bad("opened before this turn but not opened");
        }
        let mover = placed.hands[to_move];
        let mut won_jokers = PieceSet::new();
        let jokers = mover.iter().chain(placed.table.melds().iter().flat_map(|m| m.pieces().iter().copied()));
        for j in
            jokers.filter(|&id| catalog.face(id).is_some_and(|f| f.is_joker())).take(setup.won_jokers.into())
        {
            won_jokers.insert(j);
        }
        if won_jokers.len() < usize::from(setup.won_jokers) {
            return bad("a won joker is not a joker in hand or on the table");
        }
        let over = setup.phase == Phase::Over;
        match setup.phase {
            Phase::Draw if !won_jokers.is_empty() => {
                return bad("a turn that has not drawn yet cannot have won a joker");
            }
            Phase::Draw | Phase::Play
                if setup.penalties.is_some() || setup.winner.is_some() || setup.rummy =>
            {
                return bad("a result before the hand is over");
            }
            // A discard that empties the stock restocks it or voids the hand (§3.7).
            Phase::Draw if placed.stock.is_empty() => {
                return bad("the stock is empty at the start of a turn");
            }
            Phase::Play if mover.is_empty() => {
                return bad("the player to move has no cards but the hand is on");
            }
            Phase::Over => {
                placed.check_winner(setup.winner)?;
                if setup.penalties.as_ref().is_some_and(|p| p.len() != seats) {
                    return bad("the result does not fit the hands");
                }
                if setup.rummy && setup.winner.is_none() {
                    return bad("a void hand cannot be won by going rummy");
                }
            }
            _ => {}
        }
        check_hand_sizes(&placed.hands, to_move, setup.phase)?;
        let dealt = placed.dealt(setup.phase, setup.dealt, Some(HAND_SIZE))?;
        let piles = placed.piles(setup.shuffle_seed, setup.restocks);
        let mut game = Rummy40 {
            dealt,
            rules,
            config: *config,
            catalog,
            hand_lens: hand_lens(&placed.hands),
            state: HandState::placed(setup.dealer, setup.phase, placed, piles),
            opened,
            turn: Turn { opened_before, won_jokers },
            end: None,
        };
        if guarded {
            game.check_can_act()?;
        }
        if over {
            let scored = game.hand_penalties(setup.winner, setup.rummy);
            if setup.penalties.as_ref().is_some_and(|p| *p != scored) {
                return bad("the saved penalties are not what the hands score");
            }
            game.end = Some(HandEnd { winner: setup.winner, rummy: setup.rummy, penalties: scored });
        }
        Ok(game)
    }

    /// The guard (`RULES.md` §3.3) leaves every turn of a hand a way to end: a play phase
    /// with nothing the mover may do is no position a hand reaches, and its views would
    /// not read back. A card that may be discarded settles it; else the list does.
    pub(crate) fn check_can_act(&self) -> Result<(), DealError> {
        if self.state.phase != Phase::Play {
            return Ok(());
        }
        let seat = self.state.to_move;
        if self.state.hands[seat]
            .iter()
            .any(|p| rummykit_core::Game::check(self, seat, &Action::Discard(p)).is_ok())
        {
            return Ok(());
        }
        let mut actions = Vec::new();
        rummykit_core::Game::legal_actions(self, &mut actions);
        if actions.is_empty() {
            return Err(DealError::InvalidDeal(PositionError::Inconsistent(
                "the seat to move has no legal action",
            )));
        }
        Ok(())
    }

    /// The position as plain data, every field given, so that
    /// [`from_setup`](Rummy40::from_setup) rebuilds this hand. Copies of a card are not
    /// told apart: the rebuilt hand numbers them as [`Setup`] says, which is this
    /// numbering for a hand as dealt or built, and one that differs only by which of two
    /// identical cards is where after play. A save (feature `serde`) keeps every card's
    /// copy, so a loaded hand is this one exactly.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Phase, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let mut hand = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(Rummy40::from_setup(&Config::RUMMY40, hand.setup()).as_ref(), Ok(&hand));
    /// hand.apply(1, Action::DrawStock).unwrap();
    /// let setup = hand.setup();
    /// assert_eq!((setup.to_move, setup.phase, setup.hands[1].len()), (Some(1), Phase::Play, 14));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn setup(&self) -> Setup {
        let listed = ListedCards::of(&self.catalog, &self.state);
        Setup {
            dealer: listed.dealer,
            hands: listed.hands,
            stock: listed.stock,
            discard: listed.discard,
            restocks: listed.restocks,
            shuffle_seed: listed.shuffle_seed,
            table: listed.table,
            opened: self.opened.clone(),
            to_move: Some(listed.to_move),
            phase: listed.phase,
            opened_before: Some(self.turn.opened_before),
            taken: listed.taken,
            won_jokers: u8::try_from(self.turn.won_jokers.len()).unwrap_or(u8::MAX),
            known: listed.known,
            winner: self.end.as_ref().and_then(|e| e.winner),
            rummy: self.end.as_ref().is_some_and(|e| e.rummy),
            penalties: self.end.as_ref().map(|e| e.penalties.clone()),
            dealt: Some(self.dealt),
        }
    }

    /// A full state agreeing with `view` in everything the view's seat can see; the
    /// hidden cards (other hands, the stock) are placed arbitrarily. `None` if the view
    /// is inconsistent (its counts do not add up to the pack). For the tests of views.
    #[cfg(test)]
    pub(crate) fn from_view(view: &View) -> Option<Rummy40> {
        let catalog = view.config.catalog().ok()?;
        let n = view.hand_sizes.len();
        let table_cards = view.table.pieces();
        let pile: PieceSet = view.discard_pile.iter().copied().collect();
        let known_all: PieceSet = view.known.iter().fold(PieceSet::new(), |a, k| a | *k);
        let mut unseen = (catalog.all() - view.hand - table_cards - pile - known_all).iter();
        let mut hands = vec![PieceSet::new(); n];
        for (s, hand) in hands.iter_mut().enumerate() {
            if s == view.seat {
                *hand = view.hand;
            } else {
                *hand = view.known.get(s).copied().unwrap_or_default();
                let size = *view.hand_sizes.get(s)?;
                while hand.len() < size {
                    hand.insert(unseen.next()?);
                }
            }
        }
        let stock: Vec<PieceId> = unseen.by_ref().take(view.stock_len).collect();
        if stock.len() != view.stock_len || unseen.next().is_some() {
            return None;
        }
        let to_move = view.to_move?;
        let in_play = hands.iter().map(PieceSet::len).sum::<usize>() + table_cards.len();
        let dealt = in_play - usize::from(view.phase == Phase::Play && in_play > 0);
        Some(Rummy40 {
            dealt,
            config: view.config,
            catalog,
            rules: view.config.meld_rules(),
            hand_lens: hand_lens(&hands),
            state: HandState {
                dealer: view.dealer,
                hands,
                piles: Piles::new(stock, view.discard_pile.clone(), 0),
                table: view.table.clone(),
                to_move,
                phase: view.phase,
                taken: view.taken_this_turn,
                known: view.known.clone(),
            },
            opened: view.opened.clone(),
            turn: Turn {
                opened_before: view.opened.get(to_move).copied().unwrap_or(false),
                won_jokers: view.won_jokers,
            },
            end: None,
        })
    }

    /// The configuration.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = Rummy40::deal(&Config::SCALA40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.config(), &Config::SCALA40);
    /// assert!(game.config().ace_low_in_runs);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The pack.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = Rummy40::deal(&Config::SCALA40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!((game.catalog().len(), game.catalog().jokers()), (108, 4));
    /// // Every card of the pack is in a hand or a pile.
    /// let everywhere = game.hand(0).unwrap() | game.hand(1).unwrap() | game.piles().pieces();
    /// assert_eq!(everywhere, game.catalog().all());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn catalog(&self) -> &Catalog<Card> {
        &self.catalog
    }

    /// The face of card `id` (`None` if it is not in the pack).
    ///
    /// ```
    /// use rummykit_core::{PieceId, parse_list};
    /// use rummykit_rummy40::{Config, Rummy40, Setup};
    ///
    /// let mut setup = Setup::new(vec![parse_list("Ah 2h 3h")?, parse_list("Kd *")?]);
    /// setup.fill_stock();
    /// let game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// let faces: Vec<String> =
    ///     game.hand(1).unwrap().iter().filter_map(|id| game.face(id)).map(|f| f.to_string()).collect();
    /// assert_eq!(faces, ["Kd", "*"]);
    /// assert_eq!(PieceId::new(106).and_then(|id| game.face(id)), None); // the pack has 106 cards
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn face(&self, id: PieceId) -> Option<Card> {
        self.catalog.face(id)
    }

    /// The hand of `seat`; `None` for a seat not at the table (a seat that went out holds
    /// an empty hand).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let (hand0, hand1) = (game.hand(0).ok_or("seat 0")?, game.hand(1).ok_or("seat 1")?);
    /// assert_eq!((hand0.len(), hand1.len()), (13, 13));
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.hand(1).map(|h| h.len()), Some(14));
    /// assert!(game.hand(1).is_some_and(|h| h.is_disjoint(&hand0)));
    /// assert_eq!(game.hand(5), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<PieceSet> {
        self.state.hands.get(seat).copied()
    }

    /// The least-deadwood split of `seat`'s hand ([`analyze`](crate::analyze)): a hint for
    /// that player, as the seat's [`View::hint`](crate::View::hint) gives it; `None` for a
    /// seat not at the table, as [`hand`](Self::hand) answers.
    ///
    /// # Errors
    ///
    /// Inside the `Some`: the [`AnalysisError`](rummykit_core::AnalysisError) of
    /// [`analyze`](crate::analyze). Never for a game: its hands hold at most 14 cards of
    /// its pack (a setup with more is refused), well within what the analysis takes; the
    /// `Result` keeps the shape every game's hint has.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let hint = game.hint(1).ok_or("seat 1 is at the table")??;
    /// assert_eq!(hint.melded().len() + hint.unmelded.len(), 13); // every card melded or deadwood
    /// // A bot sees the same hint.
    /// assert_eq!(game.view(1).hint()?, hint);
    /// assert_eq!(game.hint(2), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hint(&self, seat: Seat) -> Option<Result<crate::HandAnalysis, rummykit_core::AnalysisError>> {
        let hand = self.hand(seat)?;
        Some(crate::analyze(&hand, &self.config))
    }

    /// The melds on the table.
    ///
    /// ```
    /// use rummykit_core::{Card, Game, MeldKind, RunEnd, parse_list};
    /// use rummykit_rummy40::{Action, Config, Phase, Rummy40, Setup, SetupMeld};
    ///
    /// // Seat 1 opened with ♥8-9-10, seat 0 with three 5s; seat 0 has drawn and holds ♥J.
    /// let mut setup = Setup::new(vec![parse_list("Jh 2c 5s")?, parse_list("3c 4d")?]);
    /// setup.table = vec![
    ///     SetupMeld::new(1, MeldKind::Run, parse_list("8h 9h Th")?),
    ///     SetupMeld::new(0, MeldKind::Group, parse_list("5c 5d 5h")?),
    /// ];
    /// (setup.dealer, setup.phase) = (1, Phase::Play);
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// let run = &game.table().melds()[0];
    /// assert_eq!((run.owner(), run.pieces().len()), (1, 3));
    /// let onto = run.id();
    /// let jack: Card = "Jh".parse()?;
    /// let hand = game.hand(0).ok_or("no such seat")?;
    /// let piece = hand.iter().find(|&id| game.face(id) == Some(jack)).ok_or("no Jh")?;
    /// game.apply(0, Action::LayOff { piece, onto, end: RunEnd::Back })?;
    /// // The run is longer and still seat 1's.
    /// assert_eq!(game.table().meld(onto).map(|m| (m.owner(), m.pieces().len())), Some((1, 4)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> &MeldTable<Card> {
        &self.state.table
    }

    /// The stock and the discard pile.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// // 106 cards: 26 dealt, one turned up, the rest the stock.
    /// assert_eq!((game.piles().stock_len(), game.piles().discard_pile().len()), (79, 1));
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.piles().stock_len(), 78);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn piles(&self) -> &Piles {
        &self.state.piles
    }

    /// The dealer of this hand.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(2), &mut rng)?;
    /// assert_eq!((game.dealer(), game.to_move()), (2, Some(0))); // the seat after the dealer plays first
    /// // Not given, the dealer is cut with the rng.
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3), &mut rng)?;
    /// assert_eq!(game.to_move(), Some((game.dealer() + 1) % 3));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.state.dealer
    }

    /// The phase of the turn.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Phase, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.phase(), Phase::Draw);
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.phase(), Phase::Play);
    /// let card = game.hand(1).and_then(|h| h.first()).ok_or("an empty hand")?;
    /// game.apply(1, Action::Discard(card))?;
    /// assert_eq!((game.to_move(), game.phase()), (Some(0), Phase::Draw));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// Whether `seat` has opened this hand; `None` for a seat not at the table.
    ///
    /// ```
    /// use rummykit_core::{Card, Game, MeldKind, PieceId, parse_list};
    /// use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, Setup};
    ///
    /// // Seat 1 holds ♣9-10-J-Q (39 points, one short of an opening) and 7♦ 7♥ 7♠ (21).
    /// let mut setup = Setup::new(vec![parse_list("2d 3h")?, parse_list("9c Tc Jc Qc 7d 7h 7s 5s")?]);
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let ids = |faces: &str| -> Result<Vec<PieceId>, rummykit_core::ParseError> {
    ///     let faces: Vec<Card> = parse_list(faces)?;
    ///     let in_hand = |f: &Card| game.hand(1).unwrap().iter().find(|&id| game.face(id) == Some(*f));
    ///     Ok(faces.iter().filter_map(in_hand).collect())
    /// };
    /// let run = NewMeld::new(MeldKind::Run, ids("9c Tc Jc Qc")?);
    /// let set = NewMeld::new(MeldKind::Group, ids("7d 7h 7s")?);
    /// assert!(game.apply(1, Action::Open { melds: vec![run.clone()] }).is_err());
    /// assert_eq!(game.has_opened(1), Some(false));
    /// game.apply(1, Action::Open { melds: vec![run, set] })?;
    /// assert_eq!((game.has_opened(1), game.has_opened(0)), (Some(true), Some(false)));
    /// assert_eq!(game.has_opened(9), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_opened(&self, seat: Seat) -> Option<bool> {
        self.opened.get(seat).copied()
    }

    /// The card taken from the discard pile this turn, if any.
    ///
    /// ```
    /// use rummykit_core::{Game, MeldKind, parse_list};
    /// use rummykit_rummy40::{Action, Config, Rummy40, Setup, SetupMeld};
    ///
    /// // Seat 0 opened with ♥8-9-10 and may take the ♥J on the discard pile.
    /// let mut setup = Setup::new(vec![parse_list("2c 5s")?, parse_list("3c 4d")?]);
    /// setup.table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("8h 9h Th")?)];
    /// setup.discard = parse_list("Jh")?;
    /// setup.dealer = 1;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// assert_eq!(game.taken_this_turn(), None);
    /// let jack = game.piles().top_discard();
    /// game.apply(0, Action::TakeDiscard)?;
    /// assert_eq!(game.taken_this_turn(), jack); // it may not be discarded this turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn taken_this_turn(&self) -> Option<PieceId> {
        self.state.taken
    }

    /// `true` if the hand ended with the winner going rummy (`RULES.md` §3.7).
    ///
    /// ```
    /// use rummykit_core::{Card, Game, MeldKind, PieceId, parse_list};
    /// use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, Setup, SetupMeld};
    ///
    /// // Seat 1 opened in an earlier turn; now it melds 7♣ 7♦ 7♥ and goes out with K♦.
    /// let mut setup = Setup::new(vec![parse_list("Ad * 9c")?, parse_list("7c 7d 7h")?]);
    /// setup.table = vec![SetupMeld::new(1, MeldKind::Run, parse_list("Th Jh Qh Kh")?)];
    /// setup.stock = parse_list("Kd")?;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let faces: Vec<Card> = parse_list("7c 7d 7h Kd")?;
    /// let by_face = |f: &Card| game.hand(1).unwrap().iter().find(|&id| game.face(id) == Some(*f));
    /// let ids: Vec<PieceId> = faces.iter().filter_map(by_face).collect();
    /// game.apply(1, Action::Meld(NewMeld::new(MeldKind::Group, ids[..3].to_vec())))?;
    /// game.apply(1, Action::Discard(ids[3]))?;
    /// // Out, but not in the turn it first laid down: no rummy, no bonus.
    /// assert!(game.outcome().is_some() && !game.went_rummy());
    /// assert_eq!(game.penalties(), Some(&[11 + 15 + 9, 0][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn went_rummy(&self) -> bool {
        self.end.as_ref().is_some_and(|e| e.rummy)
    }

    /// The penalty points of the hand by seat once it is over (`RULES.md` §3.8).
    ///
    /// ```
    /// use rummykit_core::{Card, Game, MeldKind, PieceId, parse_list};
    /// use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, Setup};
    ///
    /// // Seat 1 goes rummy; seat 0 is left with A♦, a joker and 9♣.
    /// let mut setup = Setup::new(vec![parse_list("Ad * 9c")?, parse_list("2c 3c 4c 2d 2h 2s")?]);
    /// setup.stock = parse_list("Kd")?;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.penalties(), None); // the hand is on
    /// let faces: Vec<Card> = parse_list("2c 3c 4c 2d 2h 2s Kd")?;
    /// let by_face = |f: &Card| game.hand(1).unwrap().iter().find(|&id| game.face(id) == Some(*f));
    /// let ids: Vec<PieceId> = faces.iter().filter_map(by_face).collect();
    /// let (run, set) = (ids[..3].to_vec(), ids[3..6].to_vec());
    /// let melds = vec![NewMeld::new(MeldKind::Run, run), NewMeld::new(MeldKind::Group, set)];
    /// game.apply(1, Action::GoRummy { melds, lay_offs: vec![], discard: ids[6] })?;
    /// // 11 + 15 + 9 = 35, and 25 more for a rummy; the winner scores 0.
    /// assert_eq!(game.penalties(), Some(&[60, 0][..]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn penalties(&self) -> Option<&[u32]> {
        self.end.as_ref().map(|e| e.penalties.as_slice())
    }

    /// Carries out a checked plan (see `check.rs`): moves the cards it names, ends the
    /// turn or the hand. Decides nothing: every rule was applied by the check.
    fn carry_out(&mut self, plan: Plan<'_>) {
        let seat = self.state.to_move;
        // A draw brings one card that was not in the hand, a discard takes one away.
        // (Told by the arm that carries it out: a second match on the plan cost about
        // ten instructions a commit.)
        let drawn_or_discarded = match plan {
            Plan::Draw => {
                self.state.draw_stock();
                Some(true)
            }
            Plan::Take => {
                self.state.take_discard();
                Some(true)
            }
            Plan::Open { take, melds } => {
                if take {
                    self.state.take_discard();
                }
                for m in melds {
                    self.place(m);
                }
                self.opened[seat] = true;
                None
            }
            Plan::Meld(m) => {
                self.place(m);
                None
            }
            Plan::Build { piece, meld, end } => {
                self.build(piece, meld, end);
                None
            }
            Plan::Swap { piece, meld, slot, joker } => {
                let Some(target) = self.state.table.meld(meld) else { return };
                let mut pieces = [piece; MAX_MELD_LEN];
                let len = target.pieces().len();
                pieces[..len].copy_from_slice(target.pieces());
                pieces[slot] = piece;
                self.replace(meld, &pieces[..len], &[piece], joker);
                None
            }
            Plan::Release { meld, added, joker } => {
                let Some(target) = self.state.table.meld(meld) else { return };
                let mut pieces: Vec<PieceId> =
                    target.pieces().iter().copied().filter(|&p| p != joker).collect();
                pieces.extend(added);
                self.replace(meld, &pieces, &added, joker);
                None
            }
            Plan::Rummy { take, melds, builds, discard } => {
                if take {
                    self.state.take_discard();
                }
                for m in melds {
                    self.place(m);
                }
                for b in &builds {
                    self.build(b.piece, b.onto, b.end);
                }
                self.opened[seat] = true;
                self.discard(discard);
                None
            }
            Plan::Discard(piece) => {
                self.discard(piece);
                Some(false)
            }
        };
        // Only the mover's hand changed; every other seat's known cards are still in
        // its hand (an invariant of every state: dealt empty, checked on loading).
        if let (Some(known), Some(hand)) = (self.state.known.get_mut(seat), self.state.hands.get(seat)) {
            *known &= *hand;
            if let Some(len) = self.hand_lens.get_mut(seat) {
                *len = match drawn_or_discarded {
                    Some(true) => *len + 1,
                    Some(false) => *len - 1,
                    None => hand.len(),
                };
            }
        }
    }

    /// Puts the checked meld `m` on the table from the hand. The table validates it
    /// again; the hand gives up its cards only once it is placed, so no card is lost
    /// whatever happens.
    fn place(&mut self, m: &NewMeld) {
        let seat = self.state.to_move;
        let placed = self.state.table.place(seat, m.kind, &m.pieces, &self.catalog, &self.rules);
        debug_assert!(placed.is_ok(), "a checked meld is refused: {placed:?}");
        if placed.is_ok() {
            for p in &m.pieces {
                self.state.hands[seat].remove(*p);
            }
        }
    }

    /// Builds the checked `piece` onto `meld` at `end`.
    fn build(&mut self, piece: PieceId, meld: MeldId, end: RunEnd) {
        let built = self.state.table.lay_off(meld, piece, end, &self.catalog, &self.rules);
        debug_assert!(built.is_ok(), "a checked build is refused: {built:?}");
        if built.is_ok() {
            self.state.hands[self.state.to_move].remove(piece);
        }
    }

    /// Gives meld `id` the checked `pieces`: `added` leave the hand, `joker` comes to it,
    /// won this turn (`RULES.md` §3.6).
    fn replace(&mut self, id: MeldId, pieces: &[PieceId], added: &[PieceId], joker: PieceId) {
        let replaced = self.state.table.replace(id, pieces, &self.catalog, &self.rules);
        debug_assert!(replaced.is_ok(), "a checked joker exchange is refused: {replaced:?}");
        if replaced.is_ok() {
            let hand = &mut self.state.hands[self.state.to_move];
            for &p in added {
                hand.remove(p);
            }
            hand.insert(joker);
            self.turn.won_jokers.insert(joker);
            // Every seat saw the joker come off the table into this hand: public, as a
            // card taken from the pile is.
            if let Some(known) = self.state.known.get_mut(self.state.to_move) {
                known.insert(joker);
            }
        }
    }

    /// The checked discard that ends the turn (`RULES.md` §3.3, §3.7): the hand goes out,
    /// or the stock is restocked if it ran out, or the next seat is to move.
    #[inline(always)]
    fn discard(&mut self, piece: PieceId) {
        let seat = self.state.to_move;
        self.state.discard(piece);
        if self.state.hands[seat].is_empty() {
            self.finish(Some(seat), !self.turn.opened_before);
            return;
        }
        // RULES.md §3.7: the stock ran out; the pile is shuffled into a new stock and
        // this discard stays up as the new pile.
        if self.state.piles.stock_len() == 0 {
            let capped = self.config.max_restocks.is_some_and(|n| self.state.piles.restocks() >= n);
            if capped || !self.state.piles.restock(self.config.restock()) {
                // The restock cap is reached, or nothing can be restocked: the hand is void.
                self.finish(None, false);
                return;
            }
        }
        self.state.next_turn();
        self.turn = Turn { opened_before: self.opened[self.state.to_move], ..Turn::default() };
    }

    /// Cards `seat` took from the discard pile, or won from the table by a joker swap or
    /// release (`RULES.md` §3.6), and still holds: public knowledge. `None` for a seat
    /// not at the table.
    ///
    /// ```
    /// use rummykit_core::{Game, MeldKind, RunEnd, parse_list};
    /// use rummykit_rummy40::{Action, Config, Rummy40, Setup, SetupMeld};
    ///
    /// // Seat 0 opened with ♥8-9-10 and takes the ♥J from the discard pile.
    /// let mut setup = Setup::new(vec![parse_list("2c 5s")?, parse_list("3c 4d")?]);
    /// setup.table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("8h 9h Th")?)];
    /// setup.discard = parse_list("Jh")?;
    /// setup.dealer = 1;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(0, Action::TakeDiscard)?;
    /// let jack = game.taken_this_turn().ok_or("nothing taken")?;
    /// assert!(game.known_cards(0).is_some_and(|k| k.contains(jack))); // every seat saw it taken
    /// assert_eq!(Some(game.view(1).known[0]), game.known_cards(0));
    /// assert_eq!(game.known_cards(2), None); // no such seat
    /// let onto = game.table().melds()[0].id();
    /// game.apply(0, Action::LayOff { piece: jack, onto, end: RunEnd::Back })?;
    /// assert_eq!(game.known_cards(0).map(|k| k.is_empty()), Some(true)); // no longer in the hand
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn known_cards(&self, seat: Seat) -> Option<PieceSet> {
        self.state.known.get(seat).copied()
    }

    /// Ends the hand and scores it (`RULES.md` §3.8).
    fn finish(&mut self, winner: Option<Seat>, rummy: bool) {
        let penalties = self.hand_penalties(winner, rummy);
        // The jokers won this turn are turn state: a hand that ends by discarding one
        // (RULES.md §3.6: `joker_discard` allows it by default) leaves none in hand or on the table to name.
        self.turn.won_jokers = PieceSet::new();
        self.state.phase = Phase::Over;
        self.end = Some(HandEnd { winner, rummy, penalties });
    }

    /// The penalty of each seat if the hand ended now with `winner` (none: a void hand,
    /// no points), who went rummy or not (`RULES.md` §3.8). A pure function of the
    /// hands, so a saved result is checked against it. The configuration is validated,
    /// so every sum is exact (see [`MAX_PENALTY`](crate::MAX_PENALTY)).
    pub(crate) fn hand_penalties(&self, winner: Option<Seat>, rummy: bool) -> Vec<u32> {
        match winner {
            None => vec![0; self.state.hands.len()],
            Some(w) => (0..self.state.hands.len())
                .map(|s| {
                    if s == w {
                        return 0;
                    }
                    let cards = self.state.hands[s].iter().filter_map(|p| self.catalog.face(p));
                    let base = self.config.penalty(cards, self.opened[s]);
                    match (rummy, self.config.going_rummy_bonus) {
                        (false, _) => base,
                        (true, RummyBonus::PerOpponent(b)) => base + b,
                        (true, RummyBonus::Double) => base * 2,
                    }
                })
                .collect(),
        }
    }

    /// The turn state as the view exposes it.
    pub(crate) fn won_jokers(&self) -> PieceSet {
        self.turn.won_jokers
    }
}

/// The hand sizes against the phase: a hand only grows by the card drawn in its own
/// turn, from the 13 dealt (`RULES.md` §3.2), and is empty only once the hand is over.
fn check_hand_sizes(hands: &[PieceSet], to_move: Seat, phase: Phase) -> Result<(), PositionError> {
    let on = phase != Phase::Over;
    for (seat, hand) in hands.iter().enumerate() {
        let drawn = usize::from(seat == to_move && phase == Phase::Play);
        if hand.len() > HAND_SIZE + drawn || (on && hand.is_empty()) {
            let (min, max) = (usize::from(on), HAND_SIZE + drawn);
            return Err(PositionError::HandSize { seat, len: hand.len(), min, max });
        }
    }
    Ok(())
}

/// The number of cards of each hand, by seat (0 past the last seat).
fn hand_lens(hands: &[PieceSet]) -> [usize; MAX_PLAYERS] {
    let mut lens = [0; MAX_PLAYERS];
    for (len, hand) in lens.iter_mut().zip(hands) {
        *len = hand.len();
    }
    lens
}

/// Why [`swap_slot`] found no joker to take.
#[derive(Debug, Clone, Copy)]
pub(crate) enum NoSwap {
    ClosedSet,
    NeedsBothMissingSuits,
    NoJokerFor,
}

impl NoSwap {
    pub(crate) fn error(self, meld: MeldId, piece: rummykit_core::NamedPiece) -> ActionError {
        match self {
            NoSwap::ClosedSet => ActionError::ClosedSet { meld },
            NoSwap::NeedsBothMissingSuits => ActionError::NeedsBothMissingSuits { meld },
            NoSwap::NoJokerFor => ActionError::NoJokerFor { meld, piece },
        }
    }
}

/// The position of the joker of `meld` that a natural `face` takes in a joker swap
/// (`RULES.md` §3.6): in a run the joker standing for exactly that card; in a set of
/// three (under `Set3JokerSwap::EitherMissing`) the last joker it can stand for. The
/// referee's swap and the enumeration's check share it.
pub(crate) fn swap_slot(meld: &Meld<Card>, face: Card, config: &Config) -> Result<usize, NoSwap> {
    let jokers = meld.jokers();
    let slot = match meld.kind() {
        MeldKind::Run => (0..meld.len()).find(|&i| meld.joker_role(i) == Some(JokerRole::Exactly(face))),
        MeldKind::Group => {
            if jokers > 0 && meld.len() == 4 {
                return Err(NoSwap::ClosedSet);
            }
            if jokers > 0 && config.set3_joker_swap == Set3JokerSwap::BothMissing {
                return Err(NoSwap::NeedsBothMissingSuits);
            }
            let fits = |i: usize| match meld.joker_role(i) {
                Some(JokerRole::OneOf { number, suits }) => {
                    face.number() == Some(number) && face.suit_index().is_some_and(|s| suits & (1 << s) != 0)
                }
                Some(JokerRole::Exactly(f)) => f == face,
                None => false,
            };
            (0..meld.len()).rev().find(|&i| fits(i))
        }
    };
    slot.ok_or(NoSwap::NoJokerFor)
}

/// Positions written as a [`Setup`]: see [`Rummy40::from_setup`].
impl rummykit_core::FromSetup for Rummy40 {
    type Setup = Setup;

    fn setup(&self) -> Setup {
        Rummy40::setup(self)
    }

    fn from_setup(config: &Config, setup: Setup) -> Result<Rummy40, DealError> {
        Rummy40::from_setup(config, setup)
    }
}

/// Everything hidden from `seat` dealt anew at random: the other hands (but for their
/// known cards) and the stock are reshuffled among themselves, and the restock seed is
/// redrawn. `seat`'s view is unchanged; for search with imperfect information
/// (determinization) and for testing that views hide what they must.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Redeal, Seating};
/// use rummykit_rummy40::{Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(6);
/// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3), &mut rng)?;
/// let other = game.redeal(0, &mut rng);
/// assert_eq!(other.view(0), game.view(0));
/// assert_ne!(other.hand(1).unwrap(), game.hand(1).unwrap());
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
impl rummykit_core::Redeal for Rummy40 {
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Rummy40 {
        // A draw from a view of the game before vouches for nothing in the new one.
        DRAWN.with(DrawRecord::clear);
        let state = self.state.with_hidden_shuffled(seat, rng);
        Rummy40 { hand_lens: hand_lens(&state.hands), state, ..self.clone() }
    }
}

/// The action the random draw last drew, in short, for the actions whose check is worth
/// skipping; `Listed` for an opening or a meld, whose bytes are kept beside it
/// (`DRAWN_MELDS`, a [`ListedKey`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Drawn {
    Stock,
    Take,
    Discard(PieceId),
    Build { piece: PieceId, onto: MeldId, end: RunEnd },
    Swap { piece: PieceId, meld: MeldId },
    Listed,
}

impl Drawn {
    /// `action` in short; an opening or a meld is kept in `DRAWN_MELDS` (rare: a few
    /// bytes, see [`ListedKey`]). `None` for the others and for no draw.
    #[inline]
    fn of(action: Option<&Action>) -> Option<Drawn> {
        match action {
            Some(Action::DrawStock) => Some(Drawn::Stock),
            Some(Action::TakeDiscard) => Some(Drawn::Take),
            Some(&Action::Discard(piece)) => Some(Drawn::Discard(piece)),
            Some(&Action::LayOff { piece, onto, end }) => Some(Drawn::Build { piece, onto, end }),
            Some(&Action::SwapJoker { piece, meld }) => Some(Drawn::Swap { piece, meld }),
            Some(a @ (Action::Open { .. } | Action::TakeDiscardAndOpen { .. } | Action::Meld(_))) => {
                Drawn::keep(a)
            }
            _ => None,
        }
    }

    /// The action a draw in short stands for; `None` for `Listed`, whose melds are
    /// kept apart.
    #[inline]
    fn action(self) -> Option<Action> {
        match self {
            Drawn::Stock => Some(Action::DrawStock),
            Drawn::Take => Some(Action::TakeDiscard),
            Drawn::Discard(piece) => Some(Action::Discard(piece)),
            Drawn::Build { piece, onto, end } => Some(Action::LayOff { piece, onto, end }),
            Drawn::Swap { piece, meld } => Some(Action::SwapJoker { piece, meld }),
            Drawn::Listed => None,
        }
    }

    #[cold]
    #[inline(never)]
    fn keep(action: &Action) -> Option<Drawn> {
        // Kept as bytes, not cloned: a clone allocated a vector per meld and freed the
        // last one's (about 620 instructions a drawn opening or meld).
        let key = ListedKey::of(action)?;
        DRAWN_MELDS.try_with(|kept| kept.set(key)).ok().map(|()| Drawn::Listed)
    }
}

/// The bytes of an opening or a meld, for `DRAWN_MELDS`: the variant, then per meld its
/// kind, its length and its card ids. Equal keys are equal actions; an action whose
/// bytes do not fit has none (it is then checked, not vouched for).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ListedKey {
    len: u8,
    bytes: [u8; LISTED_ROOM],
}

/// Room for any opening a hand can make: the 13 cards dealt and the one taken, in at
/// most four melds, take 1 + 4 × 2 + 14 = 23 bytes.
const LISTED_ROOM: usize = 32;

impl ListedKey {
    const EMPTY: ListedKey = ListedKey { len: 0, bytes: [0; LISTED_ROOM] };

    /// The key of `action`, if it is an opening or a meld that fits.
    fn of(action: &Action) -> Option<ListedKey> {
        let (variant, melds): (u8, &[NewMeld]) = match action {
            Action::Open { melds } => (0, melds),
            Action::TakeDiscardAndOpen { melds } => (1, melds),
            Action::Meld(m) => (2, core::slice::from_ref(m)),
            _ => return None,
        };
        let mut key = ListedKey::EMPTY;
        key.push(variant)?;
        for m in melds {
            key.push(u8::from(m.kind == MeldKind::Run))?;
            key.push(u8::try_from(m.pieces.len()).ok()?)?;
            for p in &m.pieces {
                key.push(p.index())?;
            }
        }
        Some(key)
    }

    fn push(&mut self, byte: u8) -> Option<()> {
        *self.bytes.get_mut(usize::from(self.len))? = byte;
        self.len += 1;
        Some(())
    }
}

thread_local! {
    /// The random draw's last action and the view it drew it from (see
    /// `CardRules::vouched`). Every refresh of a view and every check clears it, so a
    /// record names a draw from the view as it is now; the hand loop's view, lent by
    /// shared reference only, is what the game shows its seat to move until the action
    /// is applied.
    static DRAWN: DrawRecord<Drawn> = const { DrawRecord::new() };
    /// The opening or meld of a record `Drawn::Listed`.
    static DRAWN_MELDS: Cell<ListedKey> = const { Cell::new(ListedKey::EMPTY) };
}

/// A uniformly random action of `view`'s legal actions, counted in `legal` and the one
/// drawn built: the random draw's, with the per-thread list or a list of its own. A
/// draw or a discard is written to `short`, any other action to `drawn` (both hold
/// `None` on entry; nothing is written when nothing can be drawn).
#[inline(always)]
fn draw_from<R: Rng + ?Sized>(
    legal: &mut crate::LegalActions,
    view: &View,
    rng: &mut R,
    short: &mut Option<Drawn>,
    drawn: &mut Option<Action>,
) -> Option<()> {
    // Each path below writes one slot at most and returns: `draw_action` forgets
    // `drawn` unread when `short` holds an action, sound only because `drawn` is then
    // still `None` (nothing to drop).
    // An opened mover's draw (a third of a random hand's actions), and an unopened
    // mover's when the top discard can go into no new meld: one of two or the stock
    // alone, drawn over the same count and in the same order as from the list, without
    // filling it.
    if let Some([stock, take]) = legal.short_draws(view) {
        let k = rummykit_core::random_index(rng, usize::from(stock) + usize::from(take))?;
        *short = Some(if stock && k == 0 { Drawn::Stock } else { Drawn::Take });
        return Some(());
    }
    // An opened mover's play phase whose hand holds no meld (most of them), drawn the
    // same way: over the same count (the builds and swaps, then the discards), in the
    // list's order.
    if let Some((allowed, count, plays)) = legal.short_discards(view) {
        let k = rummykit_core::random_index(rng, plays + count)?;
        match k.checked_sub(plays) {
            None => put(drawn, legal.short_play(view, k)),
            Some(k) => *short = allowed.iter().nth(k).map(Drawn::Discard),
        }
        return Some(());
    }
    legal.fill_for_draw(view);
    let n = legal.draw_len();
    put(drawn, legal.draw_nth(rummykit_core::random_index(rng, n)?));
    Some(())
}

/// Writes `action` to the empty `slot`: nothing to drop there, and a plain write called
/// `drop_in_place` first, 15 instructions a draw.
#[inline(always)]
fn put(slot: &mut Option<Action>, action: Option<Action>) {
    debug_assert!(slot.is_none(), "a slot written twice");
    core::mem::forget(core::mem::replace(slot, action));
}

impl Rummy40 {
    /// The plan of `action` if it is the `drawn` one (drawn from the view of this state
    /// for the seat to move): the check's plan, without the rules it applies.
    #[inline]
    fn drawn_plan<'a>(&self, drawn: Drawn, action: &'a Action) -> Option<Plan<'a>> {
        match (drawn, action) {
            (Drawn::Stock, Action::DrawStock) => Some(Plan::Draw),
            (Drawn::Take, Action::TakeDiscard) => Some(Plan::Take),
            (Drawn::Discard(drawn), &Action::Discard(piece)) if drawn == piece => Some(Plan::Discard(piece)),
            (Drawn::Build { piece, onto, end }, &Action::LayOff { piece: p, onto: o, end: e })
                if (piece, onto, end) == (p, o, e) =>
            {
                Some(Plan::Build { piece, meld: onto, end })
            }
            (Drawn::Swap { piece, meld }, &Action::SwapJoker { piece: p, meld: m })
                if (piece, meld) == (p, m) =>
            {
                self.swap_plan(piece, meld)
            }
            (Drawn::Listed, _) => Rummy40::listed_plan(action),
            _ => None,
        }
    }

    /// A drawn swap's plan: the joker's place by the swap's rule, as the check finds it.
    #[cold]
    #[inline(never)]
    fn swap_plan(&self, piece: PieceId, meld: MeldId) -> Option<Plan<'static>> {
        let target = self.state.table.meld(meld)?;
        let slot = swap_slot(target.meld(), self.catalog.face(piece)?, &self.config).ok()?;
        let joker = *target.pieces().get(slot)?;
        Some(Plan::Swap { piece, meld, slot, joker })
    }

    /// A drawn opening's or meld's plan, if `action` is the one kept.
    #[cold]
    #[inline(never)]
    fn listed_plan(action: &Action) -> Option<Plan<'_>> {
        let key = ListedKey::of(action)?;
        if DRAWN_MELDS.try_with(Cell::get).ok()? != key {
            return None;
        }
        match action {
            Action::Open { melds } => Some(Plan::Open { take: false, melds }),
            Action::TakeDiscardAndOpen { melds } => Some(Plan::Open { take: true, melds }),
            Action::Meld(m) => Some(Plan::Meld(m)),
            _ => None,
        }
    }
}

/// Rummy 40's rules (`RULES.md` §3, with Scala 40's options); the engine makes it a
/// [`Game`]: the seat check, [`Game::check`] (the check of `check.rs`, reading the state
/// only), [`Game::apply`] (that check, then the commit of what it found; an `Err` leaves
/// the game unchanged), the views and the legal actions.
impl CardRules for Rummy40 {
    type CardConfig = Config;
    type CardAction = Action;
    type CardView = View;
    type CardError = ActionError;
    type Plan<'a> = Plan<'a>;

    /// Penalty points: fewer are better (`RULES.md` §3.8).
    const SCORE_ORDER: ScoreOrder = ScoreOrder::LowerIsBetter;

    /// 2 to 6 seats (`RULES.md` §3.1).
    const SEATS: RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;

    /// Shuffles and deals (`RULES.md` §3.2): 13 cards each, one at a time clockwise from
    /// the dealer's left, the next card up; the dealer is cut at random unless given.
    fn deal_hand<R: Rng + ?Sized>(config: &Config, seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        config.check_seating(seating)?;
        let catalog = config.catalog()?;
        let n = seating.seats;
        let dealer = match seating.dealer {
            Some(d) => d,
            None => rng.random_range(0..n),
        };
        let dealt = deal_cards(&catalog, n, (dealer + 1) % n, HAND_SIZE, rng)
            .ok_or(DealError::PlayerCount { seats: n, min: MIN_PLAYERS, max: MAX_PLAYERS })?;
        // The copies of each card numbered as a save of the deal is read back (see
        // `Setup`), so that a deal and its setup are the same game.
        let Dealt { hands, piles } = dealt.numbered_as_read(&catalog);
        let mut state = HandState::dealt(dealer, hands, piles);
        // Room for every meld the pack can make: the table never moves its melds.
        state.table.reserve(catalog.len() / 3);
        Ok(Rummy40 {
            dealt: n * HAND_SIZE,
            rules: config.meld_rules(),
            config: *config,
            catalog,
            hand_lens: hand_lens(&state.hands),
            opened: vec![false; n],
            turn: Turn::default(),
            end: None,
            state,
        })
    }

    /// A match to [`Config::game_end`] (`RULES.md` §3.8: 101 points by default), ranked
    /// by total, the dealer cut at random.
    fn match_terms(config: &Config, seats: usize) -> MatchTerms {
        MatchTerms::new(seats).with_end(config.game_end)
    }

    #[inline]
    fn state(&self) -> &HandState {
        &self.state
    }

    /// The pack (see [`Rummy40::catalog`]).
    fn catalog(&self) -> &Catalog<Card> {
        &self.catalog
    }

    fn card_config(&self) -> Config {
        self.config
    }

    /// The [`TurnError`](rummykit_core::TurnError) of [`ActionError::Turn`]: the seat
    /// refusal ([`Game::not_your_turn`](rummykit_core::Game::not_your_turn) reads it) and
    /// the hand over among them.
    fn turn_error(error: &ActionError) -> Option<&rummykit_core::TurnError> {
        match error {
            ActionError::Turn(turn) => Some(turn),
            _ => None,
        }
    }

    /// The check of `check.rs`: `Ok` exactly when [`apply`](Game::apply) would accept
    /// the action ([`check`](Game::check) is this check alone, reading the state only;
    /// nothing is copied).
    ///
    /// # Errors
    ///
    /// [`TurnError::NotYourTurn`](rummykit_core::TurnError::NotYourTurn) (in
    /// [`ActionError::Turn`]) for a seat not to move (from the engine), else an
    /// [`ActionError`] naming the rule.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating, TurnError};
    /// use rummykit_rummy40::{Action, ActionError, Config, Phase, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    /// assert_eq!(game.check(1, &Action::DrawStock), Ok(()));
    /// let card = game.hand(1).unwrap().first().unwrap();
    /// // RULES.md §3.3: the turn starts with a draw.
    /// let wrong = ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw });
    /// assert_eq!(game.check(1, &Action::Discard(card)), Err(wrong));
    /// ```
    #[inline]
    fn plan<'a>(&self, action: &'a Action) -> Result<Plan<'a>, ActionError> {
        // Every commit follows this check or `vouched`, which takes the record: so a draw
        // made before the state changed vouches for nothing after it (here rather than in
        // the commit, which the hand loop's vouched actions also pass).
        DRAWN.with(DrawRecord::clear);
        // A draw reads the phase and the stock alone: the mover's side is not gathered for it.
        match action {
            Action::DrawStock => crate::check::draw_plan(self.state.phase, self.state.piles.stock_len()),
            _ => self.turn().check(action),
        }
    }

    /// Carries out the checked plan (what [`apply`](Game::apply) does after the check):
    /// moves the cards it names, ends the turn or the hand. Decides nothing: every rule
    /// was applied by the check.
    ///
    /// # Errors
    ///
    /// None: a checked plan is always carried out (the `Result` is the engine's).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, NotYourTurn, Seating, TurnError};
    /// use rummykit_rummy40::{Action, ActionError, Config, Phase, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    /// let not_yours = ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 0, to_move: 1 }));
    /// assert_eq!(game.apply(0, Action::DrawStock), Err(not_yours));
    /// game.apply(1, Action::DrawStock).unwrap();
    /// assert_eq!((game.phase(), game.hand(1).unwrap().len()), (Phase::Play, 14));
    /// let before = game.clone();
    /// let wrong = ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play });
    /// assert_eq!(game.apply(1, Action::DrawStock), Err(wrong));
    /// assert_eq!(game, before);
    /// ```
    #[inline]
    fn commit(&mut self, plan: Plan<'_>, _: CommitKey) -> Result<(), ActionError> {
        self.carry_out(plan);
        Ok(())
    }

    /// An action the random draw drew from `shown` (the hand loop's view of this state
    /// for the seat to move; its plan is committed only after the engine's seat check),
    /// but for the rarest kinds (a
    /// joker released, going rummy): the listing decided it legal (its differential
    /// tests hold it to the check), so only the plan is made, as the check makes it.
    /// Any other action, or one drawn from another view, before the view's last
    /// refresh or before the state last changed (the per-thread record of the draw,
    /// cleared by both and consumed here), is left to the check.
    #[inline]
    fn vouched<'a>(&self, shown: &View, action: &'a Action, _: &ShownKey<'_>) -> Option<Plan<'a>> {
        let plan = self.drawn_plan(DRAWN.with(|d| d.take_for(shown))?, action);
        // In release builds the listing is the referee for a random player's drawn
        // actions; the tests, run in debug, compare every vouched plan with the check's.
        debug_assert!(
            plan.is_none()
                || (shown.seat == self.state.to_move
                    && format!("{plan:?}") == format!("{:?}", self.plan(action).ok())),
            "a drawn action whose plan is not the check's: {action:?}"
        );
        plan
    }

    fn result(&self) -> Option<Outcome> {
        self.end.as_ref().map(|e| Outcome {
            points: e.penalties.iter().map(|&p| i64::from(p)).collect(),
            // RULES.md §3.7: play stops when one player goes out; no win is shared.
            winners: e.winner.into_iter().collect(),
        })
    }

    fn blank_view(&self) -> View {
        let mut view = View::blank(self.config);
        // Room for the whole pack on the pile, and for every meld it can make on the
        // table: the refreshes of a hand never grow them.
        view.common.discard_pile.reserve(self.catalog.len());
        view.common.table.reserve(self.catalog.len() / 3);
        view
    }

    /// [`Action::describe`]: the action in card notation.
    fn describe_action(view: &View, action: &Action) -> rummykit_core::Description {
        action.describe(view)
    }

    /// Refreshes the game's own fields in place, reusing the view's vectors.
    #[inline]
    fn fill_view(&self, _: Seat, view: &mut View) {
        view.fill(self);
        // A draw from this view before this refresh vouches for nothing.
        DRAWN.with(DrawRecord::clear);
    }

    /// The hand sizes kept by count (none past the most seats, a state built from
    /// an edited view).
    #[inline]
    fn counted_hand_sizes(&self) -> Option<&[usize]> {
        self.hand_lens.get(..self.state.hands.len())
    }

    /// Every legal action of the seat to move, each in its
    /// [normal form](Action::normalized), in a deterministic order: draws, openings and
    /// rummies, melds, builds, swaps, releases, discards. Empty when the hand is over. An
    /// action is accepted by [`apply`](Game::apply) exactly when its normal form is listed.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    /// let mut actions = Vec::new();
    /// game.legal_actions(&mut actions);
    /// for a in &actions {
    ///     assert!(game.check(1, a).is_ok());
    /// }
    /// game.apply(1, Action::DrawStock).unwrap();
    /// game.legal_actions(&mut actions);
    /// assert!(actions.iter().filter(|a| matches!(a, Action::Discard(_))).count() == 14);
    /// ```
    fn list_into(&self, out: &mut Vec<Action>) {
        self.legal_actions_into(out);
    }

    /// [`View::legal_actions`]: for a view whose hand no game could hold (see
    /// [`Rummy40`]), nothing in the play phase and only the draws before it.
    #[inline]
    fn list_from_view(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    /// A draw from the stock, as the crate's bots fall back to.
    fn fallback_card_action(_: &View) -> Option<Action> {
        Some(Action::DrawStock)
    }

    /// Counts the view's legal actions and builds only the one drawn. For a view whose
    /// hand no game could hold (see [`Rummy40`]): `None` in the play phase, one of the
    /// draws before it.
    fn draw_action<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<Action> {
        thread_local! {
            // One list per thread, filled in place: a list made and dropped per action
            // moves its buffers in and out of the spare slot, about 230 instructions
            // of a random playout's 4,100 per action.
            static LIST: RefCell<crate::LegalActions> = RefCell::new(crate::LegalActions::new());
        }
        // The action drawn is written in place: passed back through the layers of the
        // thread-local access, it was copied at each. A draw from the stock or the pile
        // and a discard (most actions) come back in short and are made here, in the
        // caller's slot: the whole action moved out of the access cost about 20
        // instructions an action.
        let (mut short, mut drawn, mut listed) = (None, None, false);
        let _ = LIST.try_with(|list| {
            if let Ok(mut l) = list.try_borrow_mut() {
                let _ = draw_from(&mut l, view, rng, &mut short, &mut drawn);
                listed = true;
            }
        });
        // Re-entered (a caller's rng drawing from inside the draw) or during the
        // thread's exit: a list of its own.
        if !listed {
            let _ = draw_from(&mut crate::LegalActions::new(), view, rng, &mut short, &mut drawn);
        }
        if let Some(short) = short {
            // `drawn` is empty when `short` is written: its drop glue, called out of
            // line, cost 15 instructions a draw.
            debug_assert!(drawn.is_none(), "both slots written");
            core::mem::forget(drawn);
            DRAWN.with(|d| d.record(view, Some(short)));
            return short.action();
        }
        DRAWN.with(|d| d.record(view, Drawn::of(drawn.as_ref())));
        drawn
    }
}
