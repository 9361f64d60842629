//! The drawn-action harness: the hand loop applies a card game's random draw without its
//! check ([`CardRules::vouched`]), so these hands hold every action it applies, and every
//! misuse of the draw, to the full check ([`Game::apply`]) of a shadow copy. A game
//! crate calls each function from its tests with its presets and checks the tally.
//!
//! Each answer is compared in every build (not through the game's own debug checks), so
//! a release build of the tests catches the same faults. The harness also tells which
//! actions the game vouched for (a wrapper of the game counts the plans the engine
//! commits without the check; the engine itself counts nothing), so a game whose
//! vouching stopped answering, every action then checked the long way to the same
//! states, shows as a tally of none vouched.

use core::cell::Cell;
use core::ops::RangeInclusive;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::{
    Card, CardRules, Catalog, CommitKey, DealError, Description, DriverError, Game, HandState, MatchTerms,
    NotYourTurn, Outcome, Phase, Players, Redeal, ScoreOrder, Seat, Seating, ShownKey, TurnError, play_hand,
};

/// A card game as it is, counting the plans the engine commits on its word: a plan the
/// game vouched for and no check made before the commit. Equal as the games are.
#[derive(Debug, Clone)]
struct Counted<G> {
    inner: G,
    /// Whether the last plan handed to the engine was vouched for (`false` once the
    /// check makes one).
    vouching: Cell<bool>,
    /// Plans committed on the game's word.
    vouched: usize,
}

impl<G: PartialEq> PartialEq for Counted<G> {
    fn eq(&self, other: &Counted<G>) -> bool {
        self.inner == other.inner
    }
}

impl<G: CardRules> CardRules for Counted<G> {
    type CardConfig = G::CardConfig;
    type CardAction = G::CardAction;
    type CardView = G::CardView;
    type CardError = G::CardError;
    type Plan<'a> = G::Plan<'a>;
    const SCORE_ORDER: ScoreOrder = G::SCORE_ORDER;
    const SEATS: RangeInclusive<usize> = G::SEATS;

    fn deal_hand<R: Rng + ?Sized>(
        config: &G::CardConfig,
        seating: Seating,
        rng: &mut R,
    ) -> Result<Self, DealError> {
        let inner = G::deal_hand(config, seating, rng)?;
        Ok(Counted { inner, vouching: Cell::new(false), vouched: 0 })
    }

    fn match_terms(config: &G::CardConfig, seats: usize) -> MatchTerms {
        G::match_terms(config, seats)
    }

    fn state(&self) -> &HandState {
        self.inner.state()
    }

    fn catalog(&self) -> &Catalog<Card> {
        self.inner.catalog()
    }

    fn card_config(&self) -> G::CardConfig {
        self.inner.card_config()
    }

    fn turn_error(error: &G::CardError) -> Option<&TurnError> {
        G::turn_error(error)
    }

    fn plan<'a>(&self, action: &'a G::CardAction) -> Result<G::Plan<'a>, G::CardError> {
        self.vouching.set(false);
        self.inner.plan(action)
    }

    fn commit(&mut self, plan: G::Plan<'_>, key: CommitKey) -> Result<(), G::CardError> {
        // The engine commits a plan of the check or of `vouched`, whichever came last.
        self.vouched += usize::from(self.vouching.replace(false));
        self.inner.commit(plan, key)
    }

    fn vouched<'a>(
        &self,
        shown: &G::CardView,
        action: &'a G::CardAction,
        key: &ShownKey<'_>,
    ) -> Option<G::Plan<'a>> {
        let plan = self.inner.vouched(shown, action, key);
        self.vouching.set(plan.is_some());
        plan
    }

    fn result(&self) -> Option<Outcome> {
        self.inner.result()
    }

    fn blank_view(&self) -> G::CardView {
        self.inner.blank_view()
    }

    fn fill_view(&self, seat: Seat, view: &mut G::CardView) {
        self.inner.fill_view(seat, view);
    }

    fn counted_hand_sizes(&self) -> Option<&[usize]> {
        self.inner.counted_hand_sizes()
    }

    fn list_into(&self, out: &mut Vec<G::CardAction>) {
        self.inner.list_into(out);
    }

    fn list_from_view(view: &G::CardView, out: &mut Vec<G::CardAction>) {
        G::list_from_view(view, out);
    }

    fn with_spare_list<T>(f: impl FnOnce(&mut Vec<G::CardAction>) -> T) -> T {
        G::with_spare_list(f)
    }

    fn draw_action<R: Rng + ?Sized>(view: &G::CardView, rng: &mut R) -> Option<G::CardAction> {
        G::draw_action(view, rng)
    }

    fn fallback_card_action(view: &G::CardView) -> Option<G::CardAction> {
        G::fallback_card_action(view)
    }

    fn describe_action(view: &G::CardView, action: &G::CardAction) -> Description {
        G::describe_action(view, action)
    }
}

impl<G: CardRules + Redeal> Redeal for Counted<G> {
    fn redeal<R: Rng + ?Sized>(&self, seat: Seat, rng: &mut R) -> Counted<G> {
        Counted { inner: self.inner.redeal(seat, rng), vouching: Cell::new(false), vouched: self.vouched }
    }
}

/// The most actions of one hand of these tests.
const MAX_ACTIONS: usize = 100_000;

/// How a player misuses the random draw before answering.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Misuse {
    /// Answers its previous answer again, drawn at an earlier showing of the view.
    Replays,
    /// Draws from the view shown (a record naming it), answers its previous answer.
    Alters,
    /// Draws from a copy of an earlier view of its own (another place), answers that.
    DrawsFromAnOldCopy,
}

/// What the hands of [`misused`] did, for the caller's checks that they did enough.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Hands played to their end.
    pub hands: usize,
    /// Actions the hand loop applied, each also applied through the check of the shadow.
    pub applied: usize,
    /// Of those, the ones applied on the game's word
    /// ([`CardRules::vouched`]), without the check.
    pub vouched: usize,
    /// Of the vouched ones, those the caller's filter counts (the kinds worth seeing
    /// vouched).
    pub counted: usize,
    /// Misused answers refused, by misuse: replayed, altered, drawn from an old copy.
    pub refused: [usize; 3],
}

/// One seat's random player and what it keeps for its misuses.
struct Seated<G: CardRules> {
    rng: ChaCha8Rng,
    /// Its last answer.
    prev: Option<G::CardAction>,
    /// A copy of the view of its last answer in the play phase.
    old: Option<G::CardView>,
    /// A misuse made since its last action applied.
    spent: bool,
}

/// Random players, who misuse the draw once before each action of the play phase if the
/// check refuses what the misuse gives, and a shadow of the game that applies every
/// action the long way. They play the game [`Counted`].
struct Misusers<G: CardRules, F> {
    shadow: G,
    misuse: Option<Misuse>,
    seats: Vec<Seated<G>>,
    /// The misused answer in flight, and which misuse made it.
    tried: Option<(Misuse, G::CardAction)>,
    counts: F,
    tally: Tally,
    /// The game's count of plans committed on its word, at the last action applied.
    vouched_before: usize,
}

impl<G: CardRules + PartialEq, F: Fn(&G::CardAction) -> bool> Players<Counted<G>> for Misusers<G, F> {
    fn act(&mut self, view: &G::CardView, seat: Seat, hand_seat: Seat) -> Option<G::CardAction> {
        let Misusers { shadow, misuse, seats, tried, .. } = self;
        let me = seats.get_mut(seat)?;
        if let Some(misuse) = misuse.filter(|_| view.phase == Phase::Play && !me.spent) {
            // Drawn from a copy of the rng: what a draw from the old copy gives is drawn
            // again below, after the shadow's check (every check clears the record).
            let attempt = match misuse {
                Misuse::Replays | Misuse::Alters => me.prev.clone(),
                Misuse::DrawsFromAnOldCopy => {
                    me.old.as_ref().and_then(|old| G::draw_action(old, &mut me.rng.clone()))
                }
            };
            if let Some(attempt) = attempt.filter(|a| shadow.check(hand_seat, a).is_err()) {
                match misuse {
                    Misuse::Replays => {}
                    Misuse::Alters => {
                        let _ = G::draw_action(view, &mut me.rng.clone());
                    }
                    Misuse::DrawsFromAnOldCopy => {
                        let again = me.old.as_ref().and_then(|old| G::draw_action(old, &mut me.rng.clone()));
                        assert_eq!(again.as_ref(), Some(&attempt), "the same draw");
                    }
                }
                me.spent = true;
                *tried = Some((misuse, attempt.clone()));
                return Some(attempt);
            }
        }
        let action = G::draw_action(view, &mut me.rng);
        assert!(action.is_some(), "the seat to move has a legal action");
        if view.phase == Phase::Play {
            me.old = Some(view.clone());
        }
        me.prev.clone_from(&action);
        action
    }

    fn seats(&self) -> Option<usize> {
        Some(self.seats.len())
    }

    fn applied(&mut self, game: &Counted<G>, seat: Seat, action: &G::CardAction) {
        if let Some((misuse, attempt)) = self.tried.take() {
            panic!("the hand loop applied {attempt:?} ({misuse:?}), which the check refuses");
        }
        let mover = self.shadow.to_move();
        assert_eq!(mover, Some(seat), "the seat to move acted");
        if let Err(error) = self.shadow.apply_borrowed(seat, action) {
            panic!("the hand loop applied {action:?}, which the check refuses: {error}");
        }
        assert!(game.inner == self.shadow, "the hand loop's state after {action:?} is not the check's");
        self.tally.applied += 1;
        // One action, one commit: vouched for or checked.
        let vouched = game.vouched - self.vouched_before;
        assert!(vouched <= 1, "{vouched} plans committed on the game's word for {action:?}");
        self.vouched_before = game.vouched;
        if vouched == 1 {
            self.tally.vouched += 1;
            self.tally.counted += usize::from((self.counts)(action));
        }
        if let Some(me) = self.seats.get_mut(seat) {
            me.spent = false;
        }
    }

    fn refused(&mut self, view: &G::CardView, _: Seat, error: &G::CardError) -> bool {
        let Some((misuse, attempt)) = self.tried.take() else {
            panic!("the hand loop refused a random draw from the view shown: {error}");
        };
        // The loop's refusal is the check's, and the game is as it was (compared with
        // the shadow when the next action is applied).
        assert_eq!(self.shadow.check(view.seat, &attempt), Err(error.clone()), "{misuse:?}");
        self.tally.refused[misuse as usize] += 1;
        true
    }
}

/// The seat counts the hands cycle through: the game's fewest and up to two more.
fn seats_of<G: CardRules>(hand: u64) -> usize {
    let (fewest, most) = (*G::SEATS.start(), *G::SEATS.end());
    let span = (most - fewest + 1).min(3) as u64;
    fewest + (hand % span) as usize
}

/// Plays `hands` random hands through [`play_hand`] (deal seed `hand`, cycling through
/// `configs`, the fewest seats and up to two more), a quarter played straight and each
/// other quarter with one misuse of the draw before each action of the play phase whose
/// answer the check refuses: a previous answer replayed after the view was refreshed, a previous
/// answer given after a fresh draw from the view shown, or an action drawn from a copy
/// of an earlier view. Every action the loop applies is applied through the full check of
/// a shadow copy, which must accept it and reach the same state; every misused answer
/// must be refused with the check's error (the players then ask again), the game
/// unchanged; each hand ends as its shadow does. The actions the game vouched for,
/// applied without the check, are tallied in [`Tally::vouched`], and those of them
/// `counts` picks in [`Tally::counted`]: the caller checks that its game vouches.
///
/// # Panics
///
/// On the first answer that breaks the above, naming it.
///
/// ```
/// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
/// # use toy::{Step, ThreeCards};
/// use rummykit_core::conformance::drawn;
/// // The toy vouches for nothing: every action is checked, and the misuses refused.
/// let tally = drawn::misused::<ThreeCards>(&[()], 40, |s| matches!(s, Step::Take));
/// assert_eq!(tally.hands, 40);
/// assert!(tally.applied > 0 && tally.refused.iter().all(|&n| n > 0), "{tally:?}");
/// assert_eq!((tally.vouched, tally.counted), (0, 0));
/// ```
pub fn misused<G: CardRules + PartialEq>(
    configs: &[G::CardConfig],
    hands: u64,
    counts: impl Fn(&G::CardAction) -> bool,
) -> Tally {
    let misuses = [None, Some(Misuse::Replays), Some(Misuse::Alters), Some(Misuse::DrawsFromAnOldCopy)];
    let mut tally = Tally::default();
    for (hand, config) in (0..hands).zip(configs.iter().cycle()) {
        let seats = seats_of::<G>(hand);
        let mut rng = ChaCha8Rng::seed_from_u64(hand);
        let mut game = Counted::<G>::deal(config, Seating::new(seats), &mut rng).expect("a deal");
        let mut players = Misusers {
            shadow: game.inner.clone(),
            misuse: misuses[(hand % 4) as usize],
            seats: (0..seats as u64)
                .map(|s| Seated {
                    rng: ChaCha8Rng::seed_from_u64(hand * 8 + s),
                    prev: None,
                    old: None,
                    spent: false,
                })
                .collect(),
            tried: None,
            counts: &counts,
            tally,
            vouched_before: 0,
        };
        let played = play_hand(&mut game, &mut players, MAX_ACTIONS);
        let (outcome, _) = played.unwrap_or_else(|e| panic!("hand {hand}: {e:?}"));
        assert!(game.inner == players.shadow, "hand {hand}: the end is not the check's");
        assert_eq!(Some(outcome), players.shadow.outcome(), "hand {hand}");
        tally = players.tally;
        tally.hands += 1;
    }
    tally
}

/// Answers `first` once for its seat, then draws at random.
struct Replayer<G: CardRules> {
    first: Option<(Seat, G::CardAction)>,
    rngs: Vec<ChaCha8Rng>,
}

impl<G: CardRules> Players<G> for Replayer<G> {
    fn act(&mut self, view: &G::CardView, seat: Seat, _: Seat) -> Option<G::CardAction> {
        if let Some((s, first)) = self.first.take() {
            if s == seat {
                return Some(first);
            }
            self.first = Some((s, first));
        }
        G::draw_action(view, self.rngs.get_mut(seat)?)
    }

    fn seats(&self) -> Option<usize> {
        Some(self.rngs.len())
    }
}

/// For each of `hands` deals (seed `hand`, cycling through `configs`): the mover draws an
/// action from a view of its own (its draw recorded), the same action is applied to the
/// game directly, and the hand loop runs with the mover answering what it drew. The
/// loop's view is another, so the draw vouches for nothing: the action must be checked
/// in full (no plan committed on the game's word) and refused with the check's error,
/// the game unchanged. Returns how many
/// deals were so tried (those whose drawn action the check refuses a second time).
///
/// # Panics
///
/// If the loop does otherwise, naming the hand.
///
/// ```
/// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
/// # use toy::ThreeCards;
/// use rummykit_core::conformance::drawn;
/// // The toy's first action is a draw, which cannot be made twice.
/// assert_eq!(drawn::from_another_view::<ThreeCards>(&[()], 20), 20);
/// ```
pub fn from_another_view<G: CardRules + PartialEq>(configs: &[G::CardConfig], hands: u64) -> usize {
    let mut tried = 0;
    for (hand, config) in (0..hands).zip(configs.iter().cycle()) {
        let seats = seats_of::<G>(hand);
        let mut rng = ChaCha8Rng::seed_from_u64(hand);
        let mut game = Counted::<G>::deal(config, Seating::new(seats), &mut rng).expect("a deal");
        let seat = game.to_move().expect("a hand on");
        let view = game.view(seat);
        let drawn = G::draw_action(&view, &mut rng).expect("a legal action");
        game.apply_borrowed(seat, &drawn).expect("a drawn action is legal");
        let Err(error) = game.check(seat, &drawn) else { continue };
        let before = game.clone();
        let mut players = Replayer::<Counted<G>> {
            first: Some((seat, drawn)),
            rngs: (0..seats as u64).map(|s| ChaCha8Rng::seed_from_u64(hand * 8 + s)).collect(),
        };
        let result = play_hand(&mut game, &mut players, MAX_ACTIONS);
        assert_eq!(game.vouched, before.vouched, "hand {hand}: vouched for");
        assert!(
            matches!(&result, Err(DriverError::IllegalAction { seat: s, error: e, .. }) if *s == seat && *e == error),
            "hand {hand}: {:?}",
            result.map(|_| ())
        );
        assert!(game == before, "hand {hand}: a refused action changed the game");
        tried += 1;
    }
    tried
}

/// How a [`Meddler`] breaks the flow of the hand loop's key before forwarding it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meddle {
    /// It draws from the view shown, then forwards the key for the seat after the mover.
    ForAnotherSeat,
    /// It draws from the view shown and applies the action (through the check), then
    /// forwards the key with the same action.
    AfterAChange,
    /// In the play phase, it draws from the view shown, deals the hidden cards anew
    /// (the mover's among them: a change without a check), refuses so that the loop
    /// refreshes the same view, then forwards the key with the earlier draw.
    AfterARedeal,
    /// In the play phase, it draws from the view shown, deals the hidden cards anew and
    /// forwards the key with that draw in the same call (no refresh between).
    InARedeal,
}

/// One forwarded call of a [`Meddler`]: the inner game before and after it, the seat and
/// action it was for, and its answer.
#[derive(Debug, Clone)]
struct Forwarded<G: Game> {
    before: G,
    seat: Seat,
    action: G::Action,
    answer: Result<(), G::Error>,
    after: G,
}

/// A game wrapping another that forwards the hand loop's key once, meddled with; its
/// players answer the first action listed (drawing nothing), which it ignores.
#[derive(Debug, Clone)]
struct Meddler<G: Game> {
    inner: G,
    meddle: Meddle,
    rng: ChaCha8Rng,
    /// The draw made before the redeal, to forward at the next call.
    stale: Option<G::Action>,
    forwarded: Option<Forwarded<G>>,
}

impl<G: CardRules + Redeal> Meddler<G> {
    /// A refusal of the wrapper's own, to stop the hand or have the loop ask again.
    fn halt(&self, seat: Seat) -> G::Error {
        NotYourTurn { seat, to_move: seat }.into()
    }
}

impl<G: CardRules + Redeal> Game for Meddler<G> {
    type Config = (G::Config, Meddle);
    type Action = G::Action;
    type View = G::View;
    type Error = G::Error;

    fn score_order(config: &Self::Config) -> ScoreOrder {
        G::score_order(&config.0)
    }

    fn deal<R: Rng + ?Sized>(
        config: &Self::Config,
        seating: Seating,
        rng: &mut R,
    ) -> Result<Self, DealError> {
        let inner = G::deal(&config.0, seating, rng)?;
        let rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
        Ok(Meddler { inner, meddle: config.1, rng, stale: None, forwarded: None })
    }

    fn seats(&self) -> usize {
        self.inner.seats()
    }

    fn dealt_by(&self) -> Option<Seat> {
        self.inner.dealt_by()
    }

    fn fallback_action(view: &Self::View) -> Option<Self::Action> {
        G::fallback_action(view)
    }

    fn config(&self) -> Self::Config {
        (self.inner.config(), self.meddle)
    }

    fn not_your_turn(error: &Self::Error) -> Option<NotYourTurn> {
        G::not_your_turn(error)
    }

    fn to_move(&self) -> Option<Seat> {
        self.inner.to_move()
    }

    fn apply(&mut self, seat: Seat, action: Self::Action) -> Result<(), Self::Error> {
        self.inner.apply(seat, action)
    }

    fn apply_shown<'v>(
        &mut self,
        seat: Seat,
        shown: &'v Self::View,
        action: &Self::Action,
        key: ShownKey<'v>,
    ) -> Result<(), Self::Error> {
        if self.forwarded.is_some() {
            return Err(self.halt(seat));
        }
        let (seat, action) = match (self.meddle, self.stale.take()) {
            (Meddle::AfterARedeal, Some(stale)) => (seat, stale),
            (Meddle::AfterARedeal | Meddle::InARedeal, None) if self.inner.state().phase != Phase::Play => {
                return self.inner.apply_shown(seat, shown, action, key);
            }
            (meddle, _) => {
                let drawn = G::random_action_from(shown, &mut self.rng).ok_or_else(|| self.halt(seat))?;
                match meddle {
                    Meddle::ForAnotherSeat => ((seat + 1) % self.inner.seats(), drawn),
                    Meddle::AfterAChange => {
                        self.inner.apply_borrowed(seat, &drawn)?;
                        (seat, drawn)
                    }
                    Meddle::AfterARedeal => {
                        self.inner = self.inner.redeal((seat + 1) % self.inner.seats(), &mut self.rng);
                        self.stale = Some(drawn);
                        return Err(self.halt(seat));
                    }
                    Meddle::InARedeal => {
                        self.inner = self.inner.redeal((seat + 1) % self.inner.seats(), &mut self.rng);
                        (seat, drawn)
                    }
                }
            }
        };
        let before = self.inner.clone();
        let answer = self.inner.apply_shown(seat, shown, &action, key);
        let after = self.inner.clone();
        self.forwarded = Some(Forwarded { before, seat, action, answer, after });
        // Stop the hand: one forwarded call is the test.
        Err(self.halt(seat))
    }

    fn view(&self, seat: Seat) -> Self::View {
        self.inner.view(seat)
    }

    fn view_into(&self, seat: Seat, view: &mut Self::View) {
        self.inner.view_into(seat, view);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
}

/// Answers the first action listed (a listing records no draw); asks again after as many
/// refusals as it is told.
struct FirstListed {
    seats: usize,
    ask_again: usize,
}

impl<G: CardRules + Redeal> Players<Meddler<G>> for FirstListed {
    fn act(&mut self, view: &G::View, _: Seat, _: Seat) -> Option<G::Action> {
        let mut listed = Vec::new();
        G::legal_actions_from(view, &mut listed);
        listed.into_iter().next()
    }

    fn seats(&self) -> Option<usize> {
        Some(self.seats)
    }

    fn refused(&mut self, _: &G::View, _: Seat, _: &G::Error) -> bool {
        self.ask_again.checked_sub(1).map(|left| self.ask_again = left).is_some()
    }
}

/// For each of `hands` deals (seed `hand`, cycling through `configs` and the four
/// meddlings in turn), a game wrapping the dealt one forwards the hand loop's key once
/// after meddling: for the seat after the mover; after applying the action drawn from
/// the view shown; with an action drawn from the view shown before the hidden cards
/// were dealt anew (a change without a check) and the view refreshed in place; or the
/// same with no refresh between (a redeal forgets the draw itself). The
/// forwarded call must be checked in full (no plan committed on the game's word),
/// answer as the full check of the same action for the same seat on the same inner
/// game, and leave it as that check does. Returns, by meddling, how many forwarded
/// actions the check refused.
///
/// # Panics
///
/// If a forwarded call answers otherwise, naming the hand.
///
/// ```
/// # mod toy { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/card_rules/doc_three_cards.rs")); }
/// # use toy::ThreeCards;
/// use rummykit_core::conformance::drawn;
/// use rummykit_core::Redeal;
/// impl Redeal for ThreeCards {
///     fn redeal<R: rand::Rng + ?Sized>(&self, seat: usize, rng: &mut R) -> ThreeCards {
///         ThreeCards { state: self.state.with_hidden_shuffled(seat, rng) }
///     }
/// }
/// let refused = drawn::meddled::<ThreeCards>(&[()], 40);
/// // Another seat's and a repeated draw are refused; a discard drawn before a redeal
/// // mostly (the card is gone from the hand).
/// assert_eq!(refused[..2], [10, 10]);
/// assert!(refused[2] > 0 && refused[3] > 0, "{refused:?}");
/// ```
pub fn meddled<G: CardRules + Redeal + PartialEq>(configs: &[G::CardConfig], hands: u64) -> [usize; 4] {
    let meddles = [Meddle::ForAnotherSeat, Meddle::AfterAChange, Meddle::AfterARedeal, Meddle::InARedeal];
    let mut refused = [0; 4];
    for (hand, config) in (0..hands).zip(configs.iter().cycle()) {
        let (seats, meddle) = (seats_of::<G>(hand), meddles[(hand % 4) as usize]);
        let mut rng = ChaCha8Rng::seed_from_u64(hand);
        let config = (config.clone(), meddle);
        let mut game = Meddler::<Counted<G>>::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        let ask_again = usize::from(meddle == Meddle::AfterARedeal);
        let result = play_hand(&mut game, &mut FirstListed { seats, ask_again }, MAX_ACTIONS);
        assert!(
            matches!(result, Err(DriverError::IllegalAction { .. })),
            "hand {hand}: stopped by the wrapper"
        );
        let Forwarded { before, seat, action, answer, after } = game.forwarded.expect("a forwarded call");
        assert_eq!(after.vouched, before.vouched, "hand {hand} ({meddle:?}): {action:?} vouched for");
        let mut checked = before;
        let expected = checked.apply_borrowed(seat, &action);
        assert_eq!(answer, expected, "hand {hand} ({meddle:?}): {action:?}");
        assert!(after == checked, "hand {hand} ({meddle:?}): {action:?} not applied as the check applies it");
        refused[(hand % 4) as usize] += usize::from(answer.is_err());
    }
    refused
}
