//! [`CardRules`]: what a card game of the draw–meld–discard family supplies, and the one
//! [`Game`] implementation every such game gets from it.

use core::fmt::Debug;
use core::ops::{DerefMut, RangeInclusive};

use rand::Rng;

use crate::{
    Card, Catalog, DealError, Description, Game, HandState, HandView, MatchTerms, NotYourTurn, Outcome,
    Phase, ScoreOrder, Seat, Seating, ShownKey, TurnError,
};

/// Permission to commit a plan, which only the engine (the [`Game`] implementation of a
/// [`CardRules`] game) can give: [`Game::apply`] commits the plan it has just checked on
/// the same state, and no other code can, so a plan is never carried out on another
/// state than the one it was checked on (which could lose or duplicate cards).
///
/// ```compile_fail
/// // Outside the engine a key cannot be made: its field is private.
/// let _key = rummykit_core::CommitKey { _private: () };
/// ```
#[derive(Debug)]
pub struct CommitKey {
    _private: (),
}

/// The rules of one card game of the draw–meld–discard family (classic Rummy, Rummy 40
/// and Scala 40): only what is the game's own. The engine, `impl<T: CardRules> Game for
/// T`, does the rest once for every such game: [`Game::seats`] and [`Game::to_move`]
/// from the [`HandState`], the refusal of a seat not to move before the action is looked
/// at, [`Game::check`] as the [`plan`](CardRules::plan) alone (reading the state,
/// copying nothing), [`Game::apply`] as the plan then its [`commit`](CardRules::commit),
/// [`Game::view`] and [`Game::view_into`] (the [`HandView`] refresh, then the game's own
/// fields), [`Game::legal_actions_from`] and [`Game::random_action_from`].
///
/// No item shares a name with one of [`Game`], so a program that imports both (a glob
/// import does) calls each without ambiguity.
///
/// A game implements it instead of [`Game`]; everything else sees a [`Game`]:
///
/// ```
/// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
/// # use toy::ThreeCards;
/// use rand::SeedableRng;
/// use rummykit_core::{CardRules, Game, Seating};
/// fn plays_every_card_game<G: CardRules>(game: &G) -> Option<usize> {
///     // `Game`'s methods, through the one implementation.
///     game.to_move().map(|_| game.seats())
/// }
/// // The docs' toy card game (three cards each, draw or take, then discard) is a `Game`.
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let game = ThreeCards::deal(&(), Seating::new(3), &mut rng)?;
/// assert_eq!(plays_every_card_game(&game), Some(3));
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
pub trait CardRules: Clone + Debug + Sized {
    /// The rules (presets and options): [`Game::Config`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// // The card game is a `Game` whose config is this one (this compiles only so).
    /// fn game_config<T: CardRules>(config: T::CardConfig) -> <T as Game>::Config {
    ///     config
    /// }
    /// // The toy has no options; it deals under the config it is given.
    /// let config = game_config::<ThreeCards>(());
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&config, Seating::new(2), &mut rng)?;
    /// assert_eq!(Game::config(&game), config);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type CardConfig: Clone + Debug + PartialEq;
    /// What a player does on their turn: [`Game::Action`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // The toy's actions: draw or take the top discard, then discard a card.
    /// let mut actions: Vec<<ThreeCards as CardRules>::CardAction> = Vec::new();
    /// game.legal_actions(&mut actions);
    /// assert_eq!(actions, [Step::Draw, Step::Take]);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type CardAction: Clone + Debug + PartialEq;
    /// What one seat may see: [`Game::View`]. It is the [`HandView`] every card game
    /// shows plus the game's own fields, and reads through to its common part.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let view: <ThreeCards as CardRules>::CardView = game.view(0);
    /// // The common part (read through) and the toy's own field.
    /// assert_eq!((view.hand, view.hand_sizes.as_slice()), (game.state().hand(0), &[3, 3][..]));
    /// assert_eq!(view.hand_total, toy::total(view.hand));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type CardView: Clone + Debug + DerefMut<Target = HandView>;
    /// Why an action was refused: [`Game::Error`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Phase, Seating, TurnError};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let card = game.state().hand(0).first().expect("three cards");
    /// // A discard before drawing: the toy refuses with the common `TurnError`.
    /// let refused: <ThreeCards as CardRules>::CardError = game.check(0, &Step::Discard(card)).unwrap_err();
    /// assert_eq!(refused, TurnError::WrongPhase { phase: Phase::Draw });
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    type CardError: std::error::Error + Send + Sync + Clone + PartialEq + From<NotYourTurn> + 'static;
    /// What the check of an action found, which the commit carries out without deciding
    /// anything (it may borrow from the action).
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // The toy's plan is the checked step itself: nothing is left to decide.
    /// let plan: <ThreeCards as CardRules>::Plan<'_> = game.plan(&Step::Take)?;
    /// assert_eq!(plan, Step::Take);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    type Plan<'a>;

    /// Whether more points are better: [`Game::score_order`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rummykit_core::{CardRules, Game, ScoreOrder};
    /// // The toy card game scores each hand as penalty points.
    /// assert_eq!(ThreeCards::SCORE_ORDER, ScoreOrder::LowerIsBetter);
    /// assert_eq!(ThreeCards::score_order(&()), ThreeCards::SCORE_ORDER);
    /// ```
    const SCORE_ORDER: ScoreOrder;
    /// The numbers of players the game supports: [`Game::seat_range`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rummykit_core::{CardRules, Game, Match, MatchError, MatchTerms};
    /// assert_eq!(ThreeCards::seat_range(&()), ThreeCards::SEATS);
    /// // A match is refused before any deal for a count outside it.
    /// let refused = Match::<ThreeCards>::new((), MatchTerms::new(5));
    /// assert!(matches!(refused, Err(MatchError::PlayerCount { seats: 5, min: 2, max: 4 })));
    /// ```
    const SEATS: RangeInclusive<usize>;

    /// Shuffles and deals a new hand: [`Game::deal`].
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] for an unsupported player count,
    /// [`DealError::NoSuchDealer`] for a dealer seat past the table,
    /// [`DealError::InvalidConfig`] or [`DealError::OptionTooLarge`] for a configuration
    /// the game cannot be played with.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, DealError, Game, Phase, Seating};
    /// // The docs' toy card game: three cards each, draw or take, then discard.
    /// let seed = rand_chacha::ChaCha8Rng::seed_from_u64;
    /// let game = ThreeCards::deal_hand(&(), Seating::new(3).with_dealer(0), &mut seed(1))?;
    /// assert_eq!((game.state.to_move, game.state.phase), (1, Phase::Draw));
    /// assert!(game.state.hands.iter().all(|h| h.len() == 3));
    /// // The engine's `Game::deal` is this hook.
    /// assert_eq!(ThreeCards::deal(&(), Seating::new(3).with_dealer(0), &mut seed(1))?, game);
    /// let five = ThreeCards::deal_hand(&(), Seating::new(5), &mut seed(1));
    /// assert!(matches!(five, Err(DealError::PlayerCount { .. })));
    /// # Ok::<(), DealError>(())
    /// ```
    fn deal_hand<R: Rng + ?Sized>(
        config: &Self::CardConfig,
        seating: Seating,
        rng: &mut R,
    ) -> Result<Self, DealError>;

    /// The terms of this game's own match: [`Game::default_terms`]. The default is one
    /// hand, ranked by total, the dealer chosen by the game.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rummykit_core::{CardRules, Game, MatchEnd, MatchTerms};
    /// // The toy card game keeps the default: one hand.
    /// assert_eq!(ThreeCards::match_terms(&(), 3), MatchTerms::new(3));
    /// assert_eq!(ThreeCards::default_terms(&(), 3).end, MatchEnd::SingleHand);
    /// ```
    fn match_terms(config: &Self::CardConfig, seats: usize) -> MatchTerms {
        let _ = config;
        MatchTerms::new(seats)
    }

    /// The state every card game shares: hands, piles, table, the seat to move and its
    /// phase, the card taken this turn, the known cards.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // The engine reads the seats and the mover off the state.
    /// assert_eq!(game.seats(), game.state().hands.len());
    /// assert_eq!(game.to_move(), game.state().mover());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn state(&self) -> &HandState;

    /// The pack the game is played with: the faces of the cards' ids.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2), &mut rng)?;
    /// assert_eq!(game.catalog().len(), 52);
    /// assert!(game.state().conserves(game.catalog()));
    /// let first = game.state().hand(0).first().and_then(|id| game.catalog().face(id));
    /// assert!(first.is_some_and(|card| !card.is_joker()));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn catalog(&self) -> &Catalog<Card>;

    /// The rules this hand is played by: [`Game::config`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let game = ThreeCards::deal(&(), Seating::new(2), &mut rand_chacha::ChaCha8Rng::seed_from_u64(1))?;
    /// // The toy card game has no options; the engine's `Game::config` is this hook.
    /// assert_eq!((game.card_config(), Game::config(&game)), ((), ()));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn card_config(&self) -> Self::CardConfig;

    /// The rule of the turn every card game shares that `error` is, if it is one (each
    /// game's own error wraps a [`TurnError`]): where [`Game::not_your_turn`] finds the
    /// seat refusal. The default answers for a game whose error is a [`TurnError`]
    /// itself, and `None` for any other; a game whose error wraps one overrides it.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rummykit_core::{CardRules, Game, NotYourTurn, TurnError};
    /// // The toy card game's error is a `TurnError`: the default reads it.
    /// let refusal = NotYourTurn { seat: 1, to_move: 0 };
    /// assert_eq!(ThreeCards::turn_error(&TurnError::HandOver), Some(&TurnError::HandOver));
    /// assert_eq!(ThreeCards::not_your_turn(&TurnError::from(refusal)), Some(refusal));
    /// assert_eq!(ThreeCards::not_your_turn(&TurnError::HandOver), None);
    /// ```
    fn turn_error(error: &Self::CardError) -> Option<&TurnError> {
        (error as &dyn core::any::Any).downcast_ref()
    }

    /// The check of the mover's `action`, reading the state only: the plan of what it
    /// will do, or the rule it breaks. The engine has already refused a seat not to
    /// move.
    ///
    /// # Errors
    ///
    /// The game's reason for refusing the action.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Phase, Seating, TurnError};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let card = game.state().hand(0).first().expect("three cards");
    /// assert_eq!(game.plan(&Step::Draw), Ok(Step::Draw));
    /// assert_eq!(game.plan(&Step::Discard(card)), Err(TurnError::WrongPhase { phase: Phase::Draw }));
    /// // `Game::check` is the seat check, then this plan.
    /// assert_eq!(game.check(0, &Step::Discard(card)), game.plan(&Step::Discard(card)).map(|_| ()));
    /// assert!(game.check(1, &Step::Draw).is_err());
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn plan<'a>(&self, action: &'a Self::CardAction) -> Result<Self::Plan<'a>, Self::CardError>;

    /// Carries out a plan that [`plan`](CardRules::plan) made on this very state: moves
    /// the cards it names, ends the turn or the hand. Only the engine can call it (it
    /// alone makes a [`CommitKey`]).
    ///
    /// # Errors
    ///
    /// The game's reason, should a table refuse what the check accepted; the state is
    /// then unchanged.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Phase, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // Only `Game::apply` commits, the plan it has just checked.
    /// let taken = game.state().piles.top_discard();
    /// game.apply(0, Step::Take)?;
    /// assert_eq!((game.state().phase, game.state().taken), (Phase::Play, taken));
    /// let keep = game.state().hand(0).iter().find(|&c| Some(c) != taken).expect("three cards");
    /// game.apply(0, Step::Discard(keep))?;
    /// assert_eq!(game.state().piles.top_discard(), Some(keep));
    /// assert_eq!(game.to_move(), Some(1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn commit(&mut self, plan: Self::Plan<'_>, key: CommitKey) -> Result<(), Self::CardError>;

    /// The plan of `action` without its check, when this game's own random draw
    /// ([`draw_action`](CardRules::draw_action)) drew that very action from `shown` and
    /// `shown` is the view the hand loop made from this state for the seat to move
    /// ([`Game::apply_shown`]): what the draw listed is legal, so it need not be decided
    /// again. `None`, the default, for any other action: the engine then checks it in
    /// full. A plan is committed only by the engine: it asks only with the hand loop's
    /// `key`, and commits the plan only when the seat it applies for is to move and
    /// `shown` is that seat's view (else it checks the action in full, as `apply`).
    ///
    /// A game that answers `Some` must itself guarantee that the draw it vouches for
    /// was made from `shown` as it is now and from this state as it is now:
    ///
    /// * its record of a draw names the view's identity (its address: the hand loop's
    ///   view stays in place), never only the action;
    /// * [`fill_view`](CardRules::fill_view) clears the record, so a draw made before
    ///   the view's last refresh vouches for nothing;
    /// * the check clears it, and the engine commits a plan only after the check or
    ///   this method, so a draw made before the game changed vouches for nothing
    ///   (anything else that changes the state must clear it too);
    /// * asking consumes the record (one answer per draw), and the plan is the check's
    ///   plan for that action on this state.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, RandomBot, Seating, play_hand};
    /// // The toy keeps the default: every action of a hand the loop plays is checked.
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let mut a = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(2));
    /// let mut b = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(3));
    /// play_hand(&mut game, &mut [&mut a, &mut b], 1_000)?;
    /// assert!(game.outcome().is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// ```compile_fail
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng).unwrap();
    /// // Without the hand loop's key it cannot be asked.
    /// let _ = game.vouched(&game.view(0), &Step::Draw);
    /// ```
    fn vouched<'a>(
        &self,
        shown: &Self::CardView,
        action: &'a Self::CardAction,
        key: &ShownKey<'_>,
    ) -> Option<Self::Plan<'a>> {
        let _ = (shown, action, key);
        None
    }

    /// The result once the hand is over (`None` while it is on): [`Game::outcome`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(3), &mut rng)?;
    /// let mut steps = Vec::new();
    /// while let Some(seat) = game.to_move() {
    ///     assert_eq!(game.result(), None);
    ///     game.legal_actions(&mut steps);
    ///     game.apply(seat, steps[0])?; // draw, then discard the lowest card
    /// }
    /// let outcome = game.result().expect("the stock ran out");
    /// assert_eq!(game.outcome().as_ref(), Some(&outcome));
    /// let least = outcome.points.iter().min().copied();
    /// assert!(outcome.winners.iter().all(|&w| Some(outcome.points[w]) == least));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn result(&self) -> Option<Outcome>;

    /// A view to be filled by [`fill_view`](CardRules::fill_view) (the engine refreshes
    /// its common part first).
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2), &mut rng)?;
    /// // The engine's `Game::view` refreshes a blank view.
    /// let mut view = game.blank_view();
    /// game.view_into(1, &mut view);
    /// assert_eq!(view, game.view(1));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn blank_view(&self) -> Self::CardView;

    /// Overwrites the game's own fields of `view` (its common part is already
    /// refreshed), reusing its allocations.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2), &mut rng)?;
    /// let mut view = game.blank_view();
    /// game.fill_view(1, &mut view);
    /// // Only the game's own field: the common part is the engine's to refresh.
    /// assert_eq!(view.hand_total, toy::total(game.state().hand(1)));
    /// assert!(view.hand.is_empty());
    /// assert_eq!(game.view(1).hand_total, view.hand_total);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn fill_view(&self, seat: Seat, view: &mut Self::CardView);

    /// The size of every hand, by seat, if the game keeps count of them (cheaper for the
    /// view than counting every hand's cards); `None`, the default, counts them.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2), &mut rng)?;
    /// // The toy keeps no count: the view counts every hand.
    /// assert_eq!(game.counted_hand_sizes(), None);
    /// assert_eq!(game.view(0).hand_sizes, [3, 3]);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn counted_hand_sizes(&self) -> Option<&[usize]> {
        None
    }

    /// Overwrites `out` with the legal actions of the seat to move, read from the full
    /// state: [`Game::legal_actions`]. Every legal action, in a deterministic order (the
    /// engine's [`Game::LISTS_ALL_ACTIONS`] is `true`); empty once the hand is over.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let mut steps = Vec::new();
    /// game.list_into(&mut steps);
    /// assert_eq!(steps, [Step::Draw, Step::Take]);
    /// game.apply(0, Step::Draw)?;
    /// game.list_into(&mut steps);
    /// assert_eq!(steps.len(), 4); // discard any of four cards
    /// assert!(steps.iter().all(|s| game.check(0, s).is_ok()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn list_into(&self, out: &mut Vec<Self::CardAction>);

    /// Overwrites `out` with the legal actions of the seat whose view this is:
    /// [`Game::legal_actions_from`].
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let mut game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// game.apply(0, Step::Take)?;
    /// let (mut from_view, mut from_state) = (Vec::new(), Vec::new());
    /// ThreeCards::list_from_view(&game.view(0), &mut from_view);
    /// game.list_into(&mut from_state);
    /// // The mover's view suffices: the card just taken may not go back.
    /// assert_eq!(from_view, from_state);
    /// assert_eq!(from_view.len(), 3);
    /// ThreeCards::list_from_view(&game.view(1), &mut from_view);
    /// assert!(from_view.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn list_from_view(view: &Self::CardView, out: &mut Vec<Self::CardAction>);

    /// Runs `f` on a list to fill, which [`draw_action`](CardRules::draw_action) lists
    /// into: the default makes a fresh one; a game whose random playouts matter lends
    /// one kept per thread, so that a random player allocates nothing per action.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let view = game.view(0);
    /// // The toy keeps the default: a fresh list each call.
    /// let listed = ThreeCards::with_spare_list(|list| {
    ///     ThreeCards::list_from_view(&view, list);
    ///     list.len()
    /// });
    /// assert_eq!(listed, 2);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn with_spare_list<T>(f: impl FnOnce(&mut Vec<Self::CardAction>) -> T) -> T {
        f(&mut Vec::new())
    }

    /// A uniformly random action of [`list_from_view`](CardRules::list_from_view) on
    /// `view`, or `None` when it lists nothing: [`Game::random_action_from`]. The
    /// default lists into [`with_spare_list`](CardRules::with_spare_list)'s list and
    /// picks one.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// let mut listed = Vec::new();
    /// ThreeCards::list_from_view(&game.view(0), &mut listed);
    /// for _ in 0..10 {
    ///     let step = ThreeCards::draw_action(&game.view(0), &mut rng).expect("seat 0 is to move");
    ///     assert!(listed.contains(&step));
    /// }
    /// assert_eq!(ThreeCards::draw_action(&game.view(1), &mut rng), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn draw_action<R: Rng + ?Sized>(view: &Self::CardView, rng: &mut R) -> Option<Self::CardAction> {
        Self::with_spare_list(|list| {
            Self::list_from_view(view, list);
            crate::random_index(rng, list.len()).and_then(|i| list.get(i)).cloned()
        })
    }

    /// The engine's [`Game::fallback_action`]: what a bot answers for a view that lists
    /// no action. `None` by default; classic Rummy and Rummy 40 draw from the stock.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::ThreeCards;
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// assert_eq!(ThreeCards::fallback_card_action(&game.view(1)), None);
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn fallback_card_action(view: &Self::CardView) -> Option<Self::CardAction> {
        let _ = view;
        None
    }
    /// What `action` does in words and card notation, relative to the mover's `view`:
    /// [`Game::describe`]. The default is the action's `Debug` text; classic Rummy and
    /// Rummy 40 name every card by its face.
    ///
    /// ```
    /// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
    /// # use toy::{Step, ThreeCards};
    /// use rand::SeedableRng;
    /// use rummykit_core::{CardRules, Game, Seating};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let game = ThreeCards::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
    /// // The toy game keeps the default; the engine's `Game::describe` is this hook.
    /// assert_eq!(ThreeCards::describe_action(&game.view(0), &Step::Draw).to_string(), "Draw");
    /// assert_eq!(ThreeCards::describe(&game.view(0), &Step::Draw), ThreeCards::describe_action(&game.view(0), &Step::Draw));
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    fn describe_action(view: &Self::CardView, action: &Self::CardAction) -> Description {
        let _ = view;
        Description::from_text(&format!("{action:?}"))
    }
}

/// The checked plan of `action` for `seat`: the seat check (while the hand is on; once
/// it is over the game's own refusal says so), then the game's plan.
#[inline]
fn checked<'a, T: CardRules>(
    game: &T,
    seat: Seat,
    action: &'a T::CardAction,
) -> Result<T::Plan<'a>, T::CardError> {
    let state = game.state();
    if state.phase != Phase::Over {
        NotYourTurn::check(seat, Some(state.to_move))?;
    }
    game.plan(action)
}

/// The engine: every [`CardRules`] game is a [`Game`].
impl<T: CardRules> Game for T {
    type Config = T::CardConfig;
    type Action = T::CardAction;
    type View = T::CardView;
    type Error = T::CardError;

    fn score_order(_: &Self::Config) -> ScoreOrder {
        T::SCORE_ORDER
    }

    fn deal<R: Rng + ?Sized>(
        config: &Self::Config,
        seating: Seating,
        rng: &mut R,
    ) -> Result<Self, DealError> {
        T::deal_hand(config, seating, rng)
    }

    fn seat_range(_: &Self::Config) -> RangeInclusive<usize> {
        T::SEATS
    }

    fn default_terms(config: &Self::Config, seats: usize) -> MatchTerms {
        T::match_terms(config, seats)
    }

    fn seats(&self) -> usize {
        self.state().hands.len()
    }

    fn to_move(&self) -> Option<Seat> {
        self.state().mover()
    }

    fn dealt_by(&self) -> Option<Seat> {
        Some(self.state().dealer)
    }

    fn config(&self) -> Self::Config {
        self.card_config()
    }

    /// The [`TurnError::NotYourTurn`] that [`turn_error`](CardRules::turn_error) finds.
    fn not_your_turn(error: &Self::Error) -> Option<NotYourTurn> {
        match T::turn_error(error) {
            Some(&TurnError::NotYourTurn(refusal)) => Some(refusal),
            _ => None,
        }
    }

    const LISTS_ALL_ACTIONS: bool = true;

    /// The seat check, then the game's [`plan`](CardRules::plan); nothing is copied.
    fn check(&self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        checked(self, seat, action).map(|_| ())
    }

    /// The check, then the [`commit`](CardRules::commit) of its plan.
    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Error> {
        self.apply_borrowed(seat, &action)
    }

    /// The check, then the [`commit`](CardRules::commit) of its plan; the action is only
    /// read.
    #[inline]
    fn apply_borrowed(&mut self, seat: Seat, action: &Self::Action) -> Result<(), Self::Error> {
        let plan = checked(self, seat, action)?;
        self.commit(plan, CommitKey { _private: () })
    }

    /// The plan the game vouches for ([`vouched`](CardRules::vouched)), committed when
    /// `seat` is to move and `shown` is its view; else the check and the
    /// [`commit`](CardRules::commit) of `apply`.
    #[inline]
    fn apply_shown<'v>(
        &mut self,
        seat: Seat,
        shown: &'v Self::View,
        action: &Self::Action,
        key: ShownKey<'v>,
    ) -> Result<(), Self::Error> {
        // The seat check `apply` makes, so that a vouched plan is only ever committed
        // for the mover, from the mover's view (asked first: the game's record of its
        // draw is consumed either way, and the check is then cheaper).
        if let Some(plan) = self.vouched(shown, action, &key)
            && self.to_move() == Some(seat)
            && shown.seat == seat
        {
            return self.commit(plan, CommitKey { _private: () });
        }
        self.apply_borrowed(seat, action)
    }

    fn legal_actions(&self, out: &mut Vec<Self::Action>) {
        self.list_into(out);
    }

    fn legal_actions_from(view: &Self::View, out: &mut Vec<Self::Action>) {
        T::list_from_view(view, out);
    }

    fn random_action_from<R: Rng + ?Sized>(view: &Self::View, rng: &mut R) -> Option<Self::Action> {
        T::draw_action(view, rng)
    }

    fn fallback_action(view: &Self::View) -> Option<Self::Action> {
        T::fallback_card_action(view)
    }

    fn view(&self, seat: Seat) -> Self::View {
        let mut view = self.blank_view();
        self.view_into(seat, &mut view);
        view
    }

    /// The [`HandView`] refresh, then the game's own fields.
    #[inline]
    fn view_into(&self, seat: Seat, view: &mut Self::View) {
        let state = self.state();
        // A hand has a result only once it is over: no call for it before.
        let outcome = if state.phase == Phase::Over { self.result() } else { None };
        let common: &mut HandView = view;
        match self.counted_hand_sizes() {
            Some(sizes) => common.refresh_counted(state, seat, sizes, outcome.as_ref()),
            None => common.refresh(state, seat, outcome.as_ref()),
        }
        self.fill_view(seat, view);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    fn describe(view: &Self::View, action: &Self::Action) -> Description {
        T::describe_action(view, action)
    }
}
