//! [`Players`]: who plays the seats for a driver, and lists of bots as players.

use crate::{Bot, Game, Match, Outcome, Seat};

/// Who plays the seats: the driver asks for the action of the seat to move, showing it
/// that seat's view only, and reports what happens so that a front end can show it.
///
/// A person at a terminal is a `Players` that reads input for their seat; bots answer
/// from the view: a list of bots, one per match seat (a slice, an array or a `Vec` of
/// bots, owned, `&mut` or boxed), is a `Players`. The report hooks receive the referee's
/// state: they are for display and logging, not for choosing actions.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rummykit_core::{Bot, Game, Players, Seat};
///
/// /// Bots on every seat, counting the actions the game accepts.
/// struct Counting<'a, G: Game> { bots: Vec<Box<dyn Bot<G> + 'a>>, accepted: usize }
///
/// impl<G: Game> Players<G> for Counting<'_, G> {
///     fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
///         Some(self.bots.get_mut(seat)?.act(view))
///     }
///     fn seats(&self) -> Option<usize> { Some(self.bots.len()) }
///     fn applied(&mut self, _after: &G, _seat: Seat, _action: &G::Action) { self.accepted += 1; }
/// }
///
/// // A hand of the conformance module's toy Nim between two random players.
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Match, MatchTerms, RandomBot};
/// let random = |seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
/// let mut players = Counting { bots: vec![random(1), random(2)], accepted: 0 };
/// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
/// m.play(&mut players, &mut ChaCha8Rng::seed_from_u64(3), 100)?;
/// // Seven counters taken one or two at a time.
/// assert!((4..=7).contains(&players.accepted));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Players<G: Game> {
    /// The action of match seat `seat`, who plays as `hand_seat` in the hand and sees
    /// `view`. `None` stops the match ([`DriverError::Stopped`](crate::DriverError::Stopped)).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{DriverError, Match, MatchTerms, Players, Seat};
    /// /// Takes one counter at a time, and gives up with three left.
    /// struct Cautious;
    /// impl Players<Nim> for Cautious {
    ///     fn act(&mut self, &(heap, _): &(u8, bool), _seat: Seat, _hand_seat: Seat) -> Option<u8> {
    ///         (heap > 3).then_some(1)
    ///     }
    /// }
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2).with_first_dealer(1))?;
    /// let played = m.play(&mut Cautious, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100);
    /// // Seats 0, 1, 0, 1 take one each; seat 0 sees three left and stops the match.
    /// assert!(matches!(played, Err(DriverError::Stopped { seat: 0 })));
    /// # Ok::<(), rummykit_core::MatchError>(())
    /// ```
    fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action>;

    /// How many match seats these players fill, when fixed: the driver refuses a match
    /// of another size ([`DriverError::BotCount`](crate::DriverError::BotCount)).
    /// `None` (the default) checks nothing.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{DriverError, Match, MatchTerms, Players, Seat};
    /// /// Plays three seats.
    /// struct Three;
    /// impl Players<Nim> for Three {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> { Some(1) }
    ///     fn seats(&self) -> Option<usize> { Some(3) }
    /// }
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
    /// let played = m.play(&mut Three, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100);
    /// assert!(matches!(played, Err(DriverError::BotCount { bots: 3, seats: 2 })));
    /// assert_eq!(m.hands_played(), 0); // refused before any deal
    /// # Ok::<(), rummykit_core::MatchError>(())
    /// ```
    fn seats(&self) -> Option<usize> {
        None
    }

    /// A new hand was dealt, or a hand in progress is taken up
    /// ([`Match::finish_hand`](crate::Match::finish_hand): `game` is the hand as it
    /// stands, not as it was dealt). `seats[hand_seat]` is the match seat of each hand
    /// seat.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Match, MatchEnd, MatchTerms, Players, Seat};
    /// /// Takes one counter at a time; notes who starts each hand.
    /// struct Starters(Vec<Seat>);
    /// impl Players<Nim> for Starters {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> { Some(1) }
    ///     fn hand_started(&mut self, game: &Nim, seats: &[Seat]) {
    ///         self.0.extend(game.to_move().map(|s| seats[s]));
    ///     }
    /// }
    /// let terms = MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(3));
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut players = Starters(Vec::new());
    /// m.play(&mut players, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100)?;
    /// // The deal passes on each hand, and the start with it.
    /// assert_eq!(players.0, [0, 1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn hand_started(&mut self, _game: &G, _seats: &[Seat]) {}

    /// `action` of match seat `seat` was applied; `after` is the state it led to.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Match, MatchTerms, Players, Seat};
    /// /// Takes one counter at a time; logs the heap after every take.
    /// struct Logged(Vec<u8>);
    /// impl Players<Nim> for Logged {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> { Some(1) }
    ///     fn applied(&mut self, after: &Nim, _seat: Seat, take: &u8) {
    ///         assert_eq!(*take, 1);
    ///         self.0.push(after.heap);
    ///     }
    /// }
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
    /// let mut players = Logged(Vec::new());
    /// m.play(&mut players, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100)?;
    /// assert_eq!(players.0, [6, 5, 4, 3, 2, 1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn applied(&mut self, _after: &G, _seat: Seat, _action: &G::Action) {}

    /// The game refused the action chosen for match seat `seat` (the state is
    /// unchanged; `view` is still the seat's view). Return `true` to ask again, `false`
    /// to stop with [`DriverError::IllegalAction`](crate::DriverError::IllegalAction)
    /// (the default: a bot that errs once would err again).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Match, MatchTerms, Players, Seat};
    /// /// A person who first asks to take three, is told no, and takes one instead.
    /// struct Learner { refusals: usize }
    /// impl Players<Nim> for Learner {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> {
    ///         Some(if self.refusals == 0 { 3 } else { 1 })
    ///     }
    ///     fn refused(&mut self, _: &(u8, bool), _: Seat, error: &nim::Illegal) -> bool {
    ///         assert_eq!(*error, nim::Illegal::Take);
    ///         self.refusals += 1;
    ///         true // ask again
    ///     }
    /// }
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
    /// let mut players = Learner { refusals: 0 };
    /// m.play(&mut players, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100)?;
    /// assert_eq!((players.refusals, m.hands_played()), (1, 1));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn refused(&mut self, _view: &G::View, _seat: Seat, _error: &G::Error) -> bool {
        false
    }

    /// The hand is over; `played` already holds its outcome.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Match, MatchEnd, MatchTerms, Outcome, Players, Seat};
    /// /// Takes one counter at a time; prints a line after each hand.
    /// struct Reporter(Vec<String>);
    /// impl Players<Nim> for Reporter {
    ///     fn act(&mut self, _: &(u8, bool), _: Seat, _: Seat) -> Option<u8> { Some(1) }
    ///     fn hand_over(&mut self, _: &Nim, outcome: &Outcome, played: &Match<Nim>) {
    ///         assert_eq!(played.history().last(), Some(outcome));
    ///         self.0.push(format!("hand {}: {:?}", played.hands_played(), played.totals()));
    ///     }
    /// }
    /// let terms = MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(2));
    /// let mut m = Match::<Nim>::new((), terms)?;
    /// let mut players = Reporter(Vec::new());
    /// m.play(&mut players, &mut rand_chacha::ChaCha8Rng::seed_from_u64(1), 100)?;
    /// // Seven single takes: the first to take wins.
    /// assert_eq!(players.0, ["hand 1: [1, -1]", "hand 2: [0, 0]"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn hand_over(&mut self, _game: &G, _outcome: &Outcome, _played: &Match<G>) {}
}

/// A list of bots, `bots[seat]` for match seat `seat`: each is asked with its own seat's
/// view only.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rummykit_core::{Bot, Match, MatchTerms, RandomBot};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let (mut a, mut b) = (RandomBot::new(rng.clone()), RandomBot::new(rng.clone()));
/// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
/// m.play(&mut [&mut a, &mut b], &mut rng, 100)?;
/// assert_eq!(m.hands_played(), 1);
/// assert_eq!(m.totals().iter().sum::<i64>(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// The list may own its bots, as an array or a `Vec` (here, bots of two seeds: the same
/// bots in the same seats make the same moves, however they are held):
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rummykit_core::{Game, RandomBot, Seating, play_hand};
/// let bot = |seed| RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(seed));
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
/// let deal = Nim::deal(&(), Seating::new(2).with_dealer(1), &mut rng)?;
/// let mut owned = vec![bot(1), bot(2)];
/// let (_, by_vec) = play_hand(&mut deal.clone(), &mut owned, 100)?;
/// let (mut a, mut b) = (bot(1), bot(2));
/// let (_, by_ref) = play_hand(&mut deal.clone(), &mut [&mut a, &mut b], 100)?;
/// let (_, by_array) = play_hand(&mut deal.clone(), &mut [bot(1), bot(2)], 100)?;
/// assert_eq!(by_vec, by_ref);
/// assert_eq!(by_vec, by_array);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: Game, B: Bot<G>> Players<G> for [B] {
    fn act(&mut self, view: &G::View, seat: Seat, _hand_seat: Seat) -> Option<G::Action> {
        Some(self.get_mut(seat)?.act(view))
    }

    fn seats(&self) -> Option<usize> {
        Some(self.len())
    }
}

/// An array of bots plays as the list it holds (so `&mut [a, b]` and `&mut [&mut a, &mut b]`
/// are players).
impl<G: Game, B: Bot<G>, const N: usize> Players<G> for [B; N] {
    fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
        self[..].act(view, seat, hand_seat)
    }

    fn seats(&self) -> Option<usize> {
        Some(N)
    }
}

/// A vector of bots plays as the list it holds: owned bots of one type, `&mut` bots, or
/// `Box<dyn Bot<G>>` for a mixed table.
impl<G: Game, B: Bot<G>> Players<G> for Vec<B> {
    fn act(&mut self, view: &G::View, seat: Seat, hand_seat: Seat) -> Option<G::Action> {
        self[..].act(view, seat, hand_seat)
    }

    fn seats(&self) -> Option<usize> {
        Some(self.len())
    }
}
