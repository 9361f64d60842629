//! [`ClassicRummy`]: the referee's state of one hand of classic Rummy.

use core::cell::RefCell;
use core::ops::RangeInclusive;

use rand::{Rng, RngExt};
use rummykit_core::{
    AnalysisError, Card, CardRules, Catalog, CommitKey, DealError, Description, DrawRecord, Game, HandState,
    HandView, ListedCards, MeldTable, Outcome, PieceId, PieceSet, Piles, PositionError, ScoreOrder, Seat,
    Seating, ShownKey, deal_cards, seat_list,
};

use crate::turn::{DECK, Plan, Turn};
use crate::{Action, ActionError, Config, HandAnalysis, MeldLimit, Phase, Setup, View, analyze};

/// One hand of classic Rummy (`RULES.md` §2): hands, stock and discard pile, the melds
/// on the table, whose turn it is and how far it has got.
///
/// Deterministic after the deal: [`Game::apply`] is a pure function of the
/// state and the action, and an `Err` leaves the state unchanged.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::{Action, ClassicRummy, Config};
/// use rummykit_classic::rummykit_core::{Game, MatchEnd, Seating};
///
/// let config = Config::STANDARD;
/// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut hand = ClassicRummy::deal(&config, Seating::new(2).with_dealer(0), &mut rng)?;
/// assert_eq!(hand.to_move(), Some(1));
/// assert_eq!(hand.hand(1).unwrap().len(), 10);
/// hand.apply(1, Action::DrawStock).unwrap();
/// let card = hand.hand(1).unwrap().first().unwrap();
/// hand.apply(1, Action::Discard(card)).unwrap();
/// assert_eq!(hand.to_move(), Some(0));
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassicRummy {
    config: Config,
    /// Hands, piles, table, the seat to move and its phase, the card taken this turn and
    /// the known cards: the state every card game shares.
    state: HandState,
    melds_this_turn: u32,
    /// Seats that melded or laid off in an earlier turn (a rummy needs none, §2.6).
    played_before: Vec<bool>,
    played_this_turn: bool,
    outcome: Option<Outcome>,
    rummy: bool,
    /// Cards dealt to the hands: hands and table hold exactly this many at the start
    /// of a turn (every turn draws one card and discards one).
    dealt: usize,
    /// The number of cards of each hand, by seat (0 past the last seat): kept after each
    /// action (only the mover's hand changes) so that a view refreshed before every
    /// action need not count every hand's cards.
    hand_lens: [usize; MAX_PLAYERS],
}

/// The most seats a hand has (`RULES.md` §2.1).
const MAX_PLAYERS: usize = 6;

/// The number of cards of each hand, by seat (0 past the last seat).
fn hand_lens(hands: &[PieceSet]) -> [usize; MAX_PLAYERS] {
    let mut lens = [0; MAX_PLAYERS];
    for (len, hand) in lens.iter_mut().zip(hands) {
        *len = hand.len();
    }
    lens
}

impl ClassicRummy {
    /// The hand at the position `setup` describes, after every check a save is read
    /// with: 2–6 seats and the seats named exist; the cards are exactly the deck, each
    /// in one place; every table meld is valid under the configuration; known cards are
    /// in their holder's hand; the turn fields agree with the phase; the cards in play
    /// fit the cards dealt; an outcome exactly when the hand is over; a seat to move with
    /// a legal action.
    ///
    /// # Errors
    ///
    /// [`DealError::InvalidConfig`] from [`Config::validate`], [`DealError::PlayerCount`]
    /// outside 2–6, [`DealError::NoSuchDealer`], else [`DealError::InvalidDeal`] with the
    /// [`PositionError`]:
    /// [`NotInDeck`](PositionError::NotInDeck) (a joker),
    /// [`TooManyCards`](PositionError::TooManyCards) (a card twice),
    /// [`PieceCount`](PositionError::PieceCount) (a card missing),
    /// [`NoSuchSeat`](PositionError::NoSuchSeat), [`SeatLists`](PositionError::SeatLists),
    /// [`Table`](PositionError::Table) (an invalid meld),
    /// [`OutOfRange`](PositionError::OutOfRange) (restocks above the cap, more melds this
    /// turn than on the table), [`PiecesInPlay`](PositionError::PiecesInPlay), or
    /// [`Inconsistent`](PositionError::Inconsistent) naming the contradiction.
    ///
    /// ```
    /// use rummykit_classic::{ClassicRummy, Config, Setup};
    /// use rummykit_classic::rummykit_core::{DealError, Game, PositionError, parse_list};
    ///
    /// let mut setup = Setup::new(vec![parse_list("Ac 2c 3c")?, parse_list("Kd Kh")?]);
    /// setup.fill_stock();
    /// let game = ClassicRummy::from_setup(&Config::STANDARD, setup.clone())?;
    /// assert_eq!((game.dealer(), game.to_move()), (0, Some(1)));
    /// // A card in two places is refused, with the reason.
    /// setup.hands[1] = parse_list("Kd Kh Ac")?;
    /// let refused = ClassicRummy::from_setup(&Config::STANDARD, setup);
    /// let twice = matches!(refused, Err(DealError::InvalidDeal(PositionError::TooManyCards { .. })));
    /// assert!(twice, "{refused:?}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_setup(config: &Config, setup: Setup) -> Result<ClassicRummy, DealError> {
        // A game made anew: no earlier draw vouches for anything in it.
        DRAWN.with(DrawRecord::clear);
        config.validate(setup.hands.len())?;
        let bad = |what: &'static str| Err(DealError::InvalidDeal(PositionError::Inconsistent(what)));
        // Going out clears the card taken (a rule of this game only, before the shared checks
        // would look for the card).
        if setup.phase == Phase::Over && setup.taken.is_some() {
            return bad("a card is taken in a hand that is over");
        }
        let placed = setup.cards().place(&DECK, &config.meld_rules(), 2..=6, config.max_restocks)?;
        let seats = placed.hands.len();
        let mut played_before = if seat_list("played_before", setup.played_before.len(), seats)? {
            setup.played_before
        } else {
            vec![false; seats]
        };
        if setup.phase == Phase::Draw && setup.played_this_turn {
            return bad(NOT_DRAWN);
        }
        let owned = |seat| placed.table.melds().iter().filter(|m| m.owner() == seat).count();
        check_melds_this_turn(config, setup.phase, setup.melds_this_turn, owned(placed.to_move))?;
        // A meld on the table from an earlier turn shows that its owner has melded before
        // (no rummy, §2.6), whatever the list says: a position written without the list
        // scores as its table shows. The mover owns the melds of this turn (checked
        // above), so only more than those show an earlier one.
        let this_turn = usize::try_from(setup.melds_this_turn).unwrap_or(usize::MAX);
        for (seat, before) in played_before.iter_mut().enumerate() {
            *before |= owned(seat) > if seat == placed.to_move { this_turn } else { 0 };
        }
        // A meld this turn is play this turn: it rules out a rummy from the next turn on.
        let played_this_turn = setup.played_this_turn || setup.melds_this_turn > 0;
        if setup.phase == Phase::Play && placed.hands[placed.to_move].is_empty() {
            return bad("the player to move has no cards but the hand is not over");
        }
        let dealt = placed.dealt(setup.phase, setup.dealt, None)?;
        match (&setup.outcome, setup.phase) {
            (None, Phase::Over) | (Some(_), Phase::Draw | Phase::Play) => {
                return bad("an outcome is saved exactly when the hand is over");
            }
            (Some(o), Phase::Over) if o.points.len() != seats || o.winners.len() > 1 => {
                return bad("the result does not fit the hands");
            }
            (Some(o), Phase::Over) => placed.check_winner(o.winners.first().copied())?,
            _ => {}
        }
        // A pile turned over unshuffled is public (`RULES.md` §2.5): after a restock under
        // this config's policy, as every restock of the hand was, the stock is.
        let public = setup.restocks > 0 && !config.restock().shuffle;
        let piles = placed.piles(setup.shuffle_seed, setup.restocks).with_stock_public(public);
        let phase = setup.phase;
        let state = HandState::placed(setup.dealer, phase, placed, piles);
        let game = ClassicRummy {
            config: *config,
            hand_lens: hand_lens(&state.hands),
            state,
            melds_this_turn: setup.melds_this_turn,
            played_before,
            played_this_turn,
            outcome: setup.outcome,
            rummy: setup.rummy,
            dealt,
        };
        // The guard (`RULES.md` §2.3) leaves every turn of a hand a way to end: a play
        // phase whose only card is the one just taken, with nowhere to lay it off, is no
        // position a hand reaches, and its views would not read back. Any other card
        // could be discarded, so only that hand needs the list.
        let mut others = game.state.hands[game.state.to_move];
        if let Some(taken) = game.state.taken {
            others.remove(taken);
        }
        if phase == Phase::Play && others.is_empty() {
            let mut actions = Vec::new();
            game.legal_actions(&mut actions);
            if actions.is_empty() {
                return bad("the seat to move has no legal action");
            }
        }
        Ok(game)
    }

    /// The position as plain data, every field given, so that
    /// [`from_setup`](ClassicRummy::from_setup) rebuilds exactly this hand.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::{Action, ClassicRummy, Config, Phase};
    /// use rummykit_classic::rummykit_core::{Game, MatchEnd, Seating};
    ///
    /// let config = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
    /// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let mut hand = ClassicRummy::deal(&config, Seating::new(2).with_dealer(0), &mut rng)?;
    /// hand.apply(1, Action::DrawStock).unwrap();
    /// let setup = hand.setup();
    /// assert_eq!((setup.to_move, setup.phase, setup.hands[1].len()), (Some(1), Phase::Play, 11));
    /// assert_eq!(ClassicRummy::from_setup(&config, setup), Ok(hand));
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn setup(&self) -> Setup {
        let listed = ListedCards::of(&DECK, &self.state);
        Setup {
            dealer: listed.dealer,
            hands: listed.hands,
            stock: listed.stock,
            discard: listed.discard,
            restocks: listed.restocks,
            shuffle_seed: listed.shuffle_seed,
            table: listed.table,
            to_move: Some(listed.to_move),
            phase: listed.phase,
            taken: listed.taken,
            melds_this_turn: self.melds_this_turn,
            played_before: self.played_before.clone(),
            played_this_turn: self.played_this_turn,
            known: listed.known,
            outcome: self.outcome.clone(),
            rummy: self.rummy,
            dealt: Some(self.dealt),
        }
    }

    /// Whether `seat` melded or laid off in an earlier turn (`None` for a seat not at the
    /// table): a seat that goes out without having done so goes rummy (§2.6).
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.has_played_before(1), Some(false)); // nobody has melded yet
    /// assert_eq!(game.has_played_before(7), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_played_before(&self, seat: Seat) -> Option<bool> {
        self.played_before.get(seat).copied()
    }

    fn assemble(config: &Config, dealer: Seat, hands: Vec<PieceSet>, piles: Piles) -> ClassicRummy {
        let seats = hands.len();
        let hands_total = hands.iter().map(PieceSet::len).sum();
        ClassicRummy {
            config: *config,
            hand_lens: hand_lens(&hands),
            state: HandState::dealt(dealer, hands, piles),
            melds_this_turn: 0,
            played_before: vec![false; seats],
            played_this_turn: false,
            outcome: None,
            rummy: false,
            dealt: hands_total,
        }
    }

    /// The configuration.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.config(), &Config::STANDARD);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The dealer of this hand.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.dealer(), 0);
    /// assert_eq!(game.to_move(), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.state.dealer
    }

    /// The phase of the current turn.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!(game.phase(), Phase::Draw);
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.phase(), Phase::Play);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn phase(&self) -> Phase {
        self.state.phase
    }

    /// The hand of `seat`; `None` for a seat not at the table, as Rummikub's `rack`
    /// answers (a seat that went out holds an empty hand). Hidden information: give
    /// players their [`View`].
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!((game.hand(0).map(|h| h.len()), game.hand(1).map(|h| h.len())), (Some(10), Some(10)));
    /// game.apply(1, Action::DrawStock)?;
    /// assert_eq!(game.hand(1).map(|h| h.len()), Some(11));
    /// assert_eq!(game.hand(5), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hand(&self, seat: Seat) -> Option<PieceSet> {
        self.state.hands.get(seat).copied()
    }

    /// The stock and the discard pile.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// // 52 cards: 20 dealt, one turned up, the rest the stock.
    /// assert_eq!((game.piles().stock_len(), game.piles().discard_pile().len()), (31, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn piles(&self) -> &Piles {
        &self.state.piles
    }

    /// The melds on the table.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert!(game.table().melds().is_empty()); // nothing laid down yet
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn table(&self) -> &MeldTable<Card> {
        &self.state.table
    }

    /// The card taken from the discard pile this turn, if any.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let up = game.piles().top_discard();
    /// game.apply(1, Action::TakeDiscard)?;
    /// assert_eq!(game.taken_this_turn(), up); // it may not be discarded again this turn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn taken_this_turn(&self) -> Option<PieceId> {
        self.state.taken
    }

    /// `true` once the hand has been won by a rummy (`RULES.md` §2.6).
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert!(!game.went_rummy()); // nobody has gone out
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn went_rummy(&self) -> bool {
        self.rummy
    }

    /// The pack the hand is played with: one standard deck, no jokers, each card's id
    /// its face index. Rummy 40's `Rummy40::catalog` is its counterpart.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::{ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Seating};
    /// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// assert_eq!((game.catalog().len(), game.catalog().jokers()), (52, 0));
    /// // Every card of the deck is in a hand or a pile.
    /// assert_eq!(game.hand(0).unwrap() | game.hand(1).unwrap() | game.piles().pieces(), game.catalog().all());
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn catalog(&self) -> &Catalog<Card> {
        &DECK
    }

    /// The face of card `id` (`None` if it is not in the deck).
    ///
    /// ```
    /// use rummykit_classic::{ClassicRummy, Config, Setup};
    /// use rummykit_classic::rummykit_core::{PieceId, parse_list};
    /// let mut setup = Setup::new(vec![parse_list("Ah 2h 3h")?, parse_list("Kd 9c")?]);
    /// setup.fill_stock();
    /// let game = ClassicRummy::from_setup(&Config::STANDARD, setup)?;
    /// let faces: Vec<String> =
    ///     game.hand(1).unwrap().iter().filter_map(|id| game.face(id)).map(|f| f.to_string()).collect();
    /// assert_eq!(faces, ["9c", "Kd"]); // in id order: clubs first
    /// assert_eq!(PieceId::new(52).and_then(|id| game.face(id)), None); // the deck has 52 cards
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn face(&self, id: PieceId) -> Option<Card> {
        DECK.face(id)
    }

    /// The least-deadwood split of `seat`'s hand ([`analyze`](crate::analyze)): a hint for
    /// that player, as the seat's [`View::hint`](crate::View::hint) gives it; `None` for a
    /// seat not at the table, as [`hand`](Self::hand) answers.
    ///
    /// # Errors
    ///
    /// Inside the `Some`: [`AnalysisError::SearchTooLarge`] for a hand past the
    /// analysis's step budget. No hand the game deals comes near it; a position from a
    /// setup or a save may hold dozens of cards in one hand. A game's hand holds only
    /// cards of the deck, so no other error.
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{Action, ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Phase, Seating};
    ///
    /// // Two players, seat 0 deals: seat 1 plays first, ten cards each.
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let mut game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let hint = game.hint(1).ok_or("seat 1 is at the table")??;
    /// assert_eq!(hint.melded().len() + hint.unmelded.len(), 10); // every card either melded or deadwood
    /// assert_eq!(game.view(1).hint()?, hint); // a bot sees the same hint
    /// assert_eq!(game.hint(2), None); // no such seat
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hint(&self, seat: Seat) -> Option<Result<HandAnalysis, AnalysisError>> {
        let hand = self.hand(seat)?;
        Some(analyze(&hand, &self.config))
    }

    pub(crate) fn turn(&self) -> Turn<'_> {
        Turn {
            config: &self.config,
            seat: self.state.to_move,
            hand: self.state.hands[self.state.to_move],
            table: &self.state.table,
            taken: self.state.taken,
            melds_this_turn: self.melds_this_turn,
            phase: self.state.phase,
            discard_top: self.state.piles.top_discard(),
        }
    }

    /// Carries out a plan checked on this very state.
    #[inline]
    fn carry_out(&mut self, plan: Plan) -> Result<(), ActionError> {
        let seat = self.state.to_move;
        match plan {
            Plan::Draw => {
                if self.state.piles.stock_len() == 0 {
                    let capped = self.config.max_restocks.is_some_and(|m| self.state.piles.restocks() >= m);
                    let policy = self.config.restock();
                    if capped || !self.state.piles.restock(policy) {
                        self.end_void();
                        return Ok(());
                    }
                }
                if self.state.draw_stock().is_none() {
                    self.end_void();
                } else {
                    self.hand_grew(seat, 1);
                }
            }
            Plan::Take => {
                if self.state.take_discard().is_some() {
                    self.hand_grew(seat, 1);
                }
            }
            Plan::Meld { kind, order } => {
                self.state.table.place(seat, kind, &order, &DECK, &self.config.meld_rules())?;
                for &c in &order {
                    self.state.play(c);
                }
                self.hand_shrank(seat, order.len());
                self.melds_this_turn += 1;
                self.played_this_turn = true;
                self.after_play(seat);
            }
            Plan::LayOff { card, onto, end } => {
                self.state.table.lay_off(onto, card, end, &DECK, &self.config.meld_rules())?;
                self.state.play(card);
                self.hand_shrank(seat, 1);
                self.played_this_turn = true;
                self.after_play(seat);
            }
            Plan::Discard(card) => {
                self.state.discard(card);
                self.hand_shrank(seat, 1);
                if self.state.hands[seat].is_empty() {
                    self.go_out(seat);
                } else {
                    self.played_before[seat] |= self.played_this_turn;
                    self.state.next_turn();
                    self.melds_this_turn = 0;
                    self.played_this_turn = false;
                }
            }
        }
        Ok(())
    }

    /// Counts the cards `seat` took (every plan's card comes from where the check
    /// found it, so the count follows without counting the hand).
    fn hand_grew(&mut self, seat: Seat, cards: usize) {
        if let Some(len) = self.hand_lens.get_mut(seat) {
            *len += cards;
        }
    }

    /// Counts the cards `seat` played from its hand (each in it: the plan's check).
    fn hand_shrank(&mut self, seat: Seat, cards: usize) {
        if let Some(len) = self.hand_lens.get_mut(seat) {
            *len = len.saturating_sub(cards);
        }
    }

    fn after_play(&mut self, seat: Seat) {
        if self.state.hands[seat].is_empty() {
            self.go_out(seat);
        }
    }

    fn go_out(&mut self, seat: Seat) {
        let rummy = !self.played_before[seat];
        let mut total: i64 = (0..self.state.hands.len())
            .filter(|&s| s != seat)
            .map(|s| {
                i64::from(self.config.penalty(self.state.hands[s].iter().filter_map(|id| DECK.face(id))))
            })
            .sum();
        if rummy && self.config.going_rummy_double {
            total *= 2;
        }
        let mut points = vec![0; self.state.hands.len()];
        points[seat] = total;
        self.rummy = rummy;
        self.outcome = Some(Outcome { points, winners: vec![seat] });
        self.state.end();
        self.state.taken = None;
    }

    fn end_void(&mut self) {
        self.outcome = Some(Outcome { points: vec![0; self.state.hands.len()], winners: vec![] });
        self.state.end();
        self.state.taken = None;
    }

    /// `true` if every card is in exactly one place (hands, stock, discard pile, table).
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::rand_chacha::ChaCha8Rng;
    /// use rummykit_classic::{ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Seating};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(4);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(3).with_dealer(0), &mut rng)?;
    /// assert!(game.conserves_cards()); // 52 cards, each in one place
    /// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn conserves_cards(&self) -> bool {
        self.state.conserves(&DECK)
    }
}

/// Positions written as a [`Setup`]: see [`ClassicRummy::from_setup`].
impl rummykit_core::FromSetup for ClassicRummy {
    type Setup = Setup;

    fn setup(&self) -> Setup {
        ClassicRummy::setup(self)
    }

    fn from_setup(config: &Config, setup: Setup) -> Result<ClassicRummy, DealError> {
        ClassicRummy::from_setup(config, setup)
    }
}

/// The cards hidden from `seat` dealt anew at random: the other hands (but not the
/// cards known to be in them, taken from the discard pile or drawn from a public stock),
/// the stock order unless the pile was turned over unshuffled (`RULES.md` §2.5), and the
/// restock seed. Every public fact stays: hand sizes, table, discard pile, restock count.
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::rand_chacha::ChaCha8Rng;
/// use rummykit_classic::{ClassicRummy, Config};
/// use rummykit_classic::rummykit_core::{Game, Redeal, Seating};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(4);
/// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(3).with_dealer(0), &mut rng)?;
/// let other = game.redeal(1, &mut ChaCha8Rng::seed_from_u64(5));
/// assert_ne!(other.hand(2).unwrap(), game.hand(2).unwrap()); // seat 2's cards were dealt anew...
/// assert_eq!(other.view(1), game.view(1)); // ...and seat 1 cannot tell
/// assert!(other.conserves_cards());
/// # Ok::<(), rummykit_classic::rummykit_core::DealError>(())
/// ```
impl rummykit_core::Redeal for ClassicRummy {
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> ClassicRummy {
        // A draw from a view of the game before vouches for nothing in the new one.
        DRAWN.with(DrawRecord::clear);
        let state = self.state.with_hidden_shuffled(seat, rng);
        ClassicRummy { hand_lens: hand_lens(&state.hands), state, ..self.clone() }
    }
}

/// Classic Rummy's rules (`RULES.md` §2); the engine makes it a [`Game`]: the seat
/// check, [`Game::check`] (the check of `turn.rs`, reading the state and copying
/// nothing), [`Game::apply`] (that check, then the commit of its plan; an `Err` leaves
/// the state unchanged), the views and the legal actions (every one, in a
/// deterministic order, see [`Action`]; empty once the hand is over).
///
/// `CardRules` names none of `Game`'s items, so a glob import of both calls each
/// without ambiguity:
///
/// ```
/// use rummykit_classic::rand::SeedableRng;
/// use rummykit_classic::{Action, ClassicRummy, Config};
/// use rummykit_classic::rummykit_core::*;
/// let mut rng = rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut hand = ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng)?;
/// assert_eq!(ClassicRummy::seat_range(&Config::STANDARD), 2..=6);
/// assert_eq!(hand.check(1, &Action::DrawStock), Ok(()));
/// hand.apply(1, Action::DrawStock).unwrap();
/// assert_eq!((hand.state().phase, hand.view(1).hand.len()), (Phase::Play, 11));
/// # Ok::<(), DealError>(())
/// ```
impl CardRules for ClassicRummy {
    type CardConfig = Config;
    type CardAction = Action;
    type CardView = View;
    type CardError = ActionError;
    type Plan<'a> = Plan;

    /// More points are better (`RULES.md` §2.6).
    const SCORE_ORDER: ScoreOrder = ScoreOrder::HigherIsBetter;

    /// Two to six players (`RULES.md` §2.1).
    const SEATS: RangeInclusive<usize> = 2..=MAX_PLAYERS;

    /// Deals a hand (`RULES.md` §2.2): the dealer is `seating.dealer` or drawn with
    /// `rng` (the cut); 10 cards each with 2 players, 7 with 3–4, 6 with 5–6, one at a
    /// time clockwise from the dealer's left; the next card starts the discard pile.
    fn deal_hand<R: Rng + ?Sized>(config: &Config, seating: Seating, rng: &mut R) -> Result<Self, DealError> {
        config.check_seating(seating)?;
        let seats = seating.seats;
        let size = Config::hand_size(seats).ok_or(DealError::PlayerCount { seats, min: 2, max: 6 })?;
        let dealer = match seating.dealer {
            Some(d) => d,
            None => rng.random_range(0..seats),
        };
        let dealt = deal_cards(&DECK, seats, (dealer + 1) % seats, size, rng)
            .ok_or(DealError::PlayerCount { seats, min: 2, max: 6 })?;
        Ok(ClassicRummy::assemble(config, dealer, dealt.hands, dealt.piles))
    }

    /// Hands to `config.game_end`, highest total first (`RULES.md` §2.6, §2.7).
    ///
    /// ```
    /// use rummykit_classic::rand::SeedableRng;
    /// use rummykit_classic::{ClassicRummy, Config};
    /// use rummykit_classic::rummykit_core::{Game, Match, MatchEnd, MatchError};
    ///
    /// let config = Config::STANDARD.with_game_end(MatchEnd::FixedHands(3));
    /// let terms = ClassicRummy::default_terms(&config, 3);
    /// assert_eq!(terms.end, MatchEnd::FixedHands(3));
    /// let mut m = Match::<ClassicRummy>::new(config, terms.with_first_dealer(0)).unwrap();
    /// let hand = m.next_hand(&mut rummykit_classic::rand_chacha::ChaCha8Rng::seed_from_u64(5)).unwrap();
    /// assert_eq!(hand.dealer(), 0);
    /// assert_eq!(
    ///     Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 7)).err(),
    ///     Some(MatchError::PlayerCount { seats: 7, min: 2, max: 6 })
    /// );
    /// ```
    fn match_terms(config: &Config, seats: usize) -> rummykit_core::MatchTerms {
        crate::match_play::default_match(config, seats)
    }

    #[inline]
    fn state(&self) -> &HandState {
        &self.state
    }

    /// One standard deck, no jokers.
    fn catalog(&self) -> &Catalog<Card> {
        &DECK
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

    /// The check of `turn.rs` (`RULES.md` §2.3–§2.6), reading the state only.
    ///
    /// # Errors
    ///
    /// [`TurnError::NotYourTurn`](rummykit_core::TurnError::NotYourTurn) (in
    /// [`ActionError::Turn`]) for a seat not to move (from the engine), else an
    /// [`ActionError`] naming the rule.
    #[inline]
    fn plan(&self, action: &Action) -> Result<Plan, ActionError> {
        // Every commit follows this check or `vouched`, which takes the record: so a draw
        // made before the state changed vouches for nothing after it.
        DRAWN.with(DrawRecord::clear);
        self.turn().check(action)
    }

    /// Carries out the checked plan: restocks or voids the hand when the stock runs out
    /// (`RULES.md` §2.5), goes out and scores (§2.6), or passes the turn.
    ///
    /// # Errors
    ///
    /// An [`ActionError`] should the table refuse what the check accepted; the state is
    /// then unchanged.
    #[inline]
    fn commit(&mut self, plan: Plan, _: CommitKey) -> Result<(), ActionError> {
        self.carry_out(plan)
    }

    /// An action the random draw drew from `shown` (the hand loop's view of this state
    /// for the seat to move; its plan is committed only after the engine's seat check):
    /// the listing decided it legal
    /// (its tests hold it to the check), so only the plan is made, as the check makes it.
    /// Any other action, or one drawn from another view, before the view's last refresh
    /// or before the state last changed (the per-thread record of the draw, cleared by
    /// both and consumed here), is left to the check.
    #[inline]
    fn vouched(&self, shown: &View, action: &Action, _: &ShownKey<'_>) -> Option<Plan> {
        let drawn = DRAWN.with(|d| d.take_for(shown))?;
        if drawn != *action {
            return None;
        }
        let plan = match *action {
            Action::DrawStock => Some(Plan::Draw),
            Action::TakeDiscard => Some(Plan::Take),
            Action::Discard(card) => Some(Plan::Discard(card)),
            Action::Meld(_) | Action::LayOff { .. } => self.turn().listed_plan(action),
        };
        // In release builds the listing is the referee for a random player's drawn
        // actions; the tests, run in debug, compare every vouched plan with the check's.
        debug_assert!(
            plan.is_none()
                || (shown.seat == self.state.to_move
                    && format!("{plan:?}") == format!("{:?}", self.turn().check(action).ok())),
            "a drawn action whose plan is not the check's: {action:?}"
        );
        plan
    }

    fn result(&self) -> Option<Outcome> {
        self.outcome.clone()
    }

    fn blank_view(&self) -> View {
        let mut common = HandView::default();
        // Room for the whole pack on the pile: the refreshes of a hand never grow it.
        common.discard_pile.reserve(DECK.len());
        View { common, config: self.config, restocks: 0, melds_this_turn: 0 }
    }

    /// [`Action::describe`]: the action in card notation.
    fn describe_action(view: &View, action: &Action) -> Description {
        action.describe(view)
    }

    #[inline]
    fn fill_view(&self, _: Seat, view: &mut View) {
        // Every field named, so that a new one cannot be forgotten here.
        let View { common: _, config, restocks, melds_this_turn } = view;
        *config = self.config;
        *restocks = self.state.piles.restocks();
        *melds_this_turn = self.melds_this_turn;
        // A draw from this view before this refresh vouches for nothing.
        DRAWN.with(DrawRecord::clear);
    }

    /// The hand sizes kept by count.
    #[inline]
    fn counted_hand_sizes(&self) -> Option<&[usize]> {
        self.hand_lens.get(..self.state.hands.len())
    }

    /// Every legal action of the seat to move, in a deterministic order (see
    /// [`Action`]); empty once the hand is over. Agrees exactly with
    /// [`check`](Game::check).
    fn list_into(&self, out: &mut Vec<Action>) {
        self.turn().legal_actions(out);
    }

    #[inline]
    fn list_from_view(view: &View, out: &mut Vec<Action>) {
        view.legal_actions(out);
    }

    /// A draw from the stock, as the greedy bot falls back to.
    fn fallback_card_action(_: &View) -> Option<Action> {
        Some(Action::DrawStock)
    }

    /// The default's draw (`choose` on the listing) with the discards, listed last,
    /// counted rather than listed: a random player mostly discards.
    fn draw_action<R: Rng + ?Sized>(view: &View, rng: &mut R) -> Option<Action> {
        thread_local! {
            // A buffer kept per thread, so a random player allocates nothing per action
            // (the list is built afresh every time; only its room is reused).
            static LISTED: RefCell<Vec<Action>> = const { RefCell::new(Vec::new()) };
        }
        let (mut drawn, mut listed) = (None, false);
        let _ = LISTED.try_with(|list| {
            if let Ok(mut list) = list.try_borrow_mut() {
                drawn = view.random_action(&mut list, rng);
                listed = true;
            }
        });
        // Re-entered from within the listing (never in this crate), or during the
        // thread's exit: a list of its own.
        if !listed {
            drawn = view.random_action(&mut Vec::new(), rng);
        }
        DRAWN.with(|d| d.record(view, drawn));
        drawn
    }
}

thread_local! {
    /// The random draw's last action and the view it drew it from (see
    /// `CardRules::vouched`). Every refresh of a view and every check clears it, so a
    /// record names a draw from the view as it is now; the hand loop's view, lent by
    /// shared reference only, is what the game shows its seat to move until the action
    /// is applied.
    static DRAWN: DrawRecord<Action> = const { DrawRecord::new() };
}

/// Why a turn that melded or laid off before its draw is refused.
const NOT_DRAWN: &str = "a turn that has not drawn yet cannot have melded or laid off";

/// `melds` made this turn could be counted in `phase` under `config` when the mover owns
/// `movers` melds of the table (`RULES.md` §2.3): none before the draw, at most one
/// under [`MeldLimit::One`], and never more than the mover has on the table. A save and
/// a view read are both checked with it.
pub(crate) fn check_melds_this_turn(
    config: &Config,
    phase: Phase,
    melds: u32,
    movers: usize,
) -> Result<(), DealError> {
    let bad = |what: &'static str| Err(DealError::InvalidDeal(PositionError::Inconsistent(what)));
    match phase {
        Phase::Draw if melds > 0 => bad(NOT_DRAWN),
        Phase::Play if config.meld_limit == MeldLimit::One && melds > 1 => {
            bad("more melds this turn than the limit")
        }
        // The melds made this turn are on the table, the mover's.
        Phase::Play if usize::try_from(melds).map_or(true, |m| m > movers) => {
            Err(PositionError::OutOfRange {
                field: "melds_this_turn",
                value: melds.into(),
                max: movers as u64,
            }
            .into())
        }
        _ => Ok(()),
    }
}
