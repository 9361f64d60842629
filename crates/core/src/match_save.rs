//! [`MatchSave`] (feature `serde`): a match in progress and its pending hand as one save,
//! read back through [`Match::from_history`] and the game's own checked save.

use serde::de::Error as _;
use serde::ser::SerializeStruct as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Game, Match, MatchError, MatchTerms, Outcome, SaveVersion, Seat};

/// A match in progress and the hand being played, if any: what a service keeps between
/// two requests, as one save (feature `serde`).
///
/// Written as `{"version": 1, "config": …, "terms": {…}, "dealer": …, "history": […],
/// "totals": […], "hand": …}`: the match's configuration and [`MatchTerms`], its
/// [`dealer`](Match::dealer), the outcome of every hand recorded in match seats
/// ([`Match::history`]), the totals they add up to, and the pending hand as the game's
/// own save (`null` between hands). Every field is required and no other is read; the
/// version is the games' [`SaveVersion`].
///
/// A save is read as it is checked: the match is rebuilt with [`Match::from_history`]
/// (every hand an outcome the match could have recorded, none after the end, the dealer
/// the one the history gives), the totals must be the ones the history adds up to, and
/// the hand is read through the game's checked save and must be dealt to the seats still
/// in, under the match's configuration, by the match's dealer ([`Game::dealt_by`]). A save that holds no consistent match is an error naming the [`MatchError`], never
/// a broken match.
///
/// The pending hand is saved as the whole state of the hand, the way the game saves it,
/// not as its deal and actions: that is what the match needs to play on, it is already
/// checked when read, and it is as large as one position however long the hand has
/// been played. A save holds every seat's pieces, so it is for the server, not for a
/// player. The hand's own configuration is written with it, as the game saves it, and
/// must equal the match's ([`Game::config`]).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Match, MatchEnd, MatchSave, MatchTerms};
/// # use rummykit_core::{DealError, Outcome, ScoreOrder, Seat, Seating};
/// # // A toy game: seats say a number in turn; whoever says 3 wins 1 point.
/// # #[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
/// # struct Count { seats: usize, next: usize, said: u8 }
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("over")]
/// # struct Over;
/// # impl From<rummykit_core::NotYourTurn> for Over { fn from(_: rummykit_core::NotYourTurn) -> Over { Over } }
/// # impl Game for Count {
/// #     type Config = ();
/// #     type Action = u8;
/// #     type View = u8;
/// #     type Error = Over;
/// #     fn score_order(_: &Self::Config) -> ScoreOrder { ScoreOrder::HigherIsBetter }
/// #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
/// #         s.check(2, 4)?;
/// #         Ok(Count { seats: s.seats, next: s.first_to_play().unwrap_or(0), said: 0 })
/// #     }
/// #     fn config(&self) {}
/// #     fn seats(&self) -> usize { self.seats }
/// #     fn to_move(&self) -> Option<Seat> { (self.said < 3).then_some(self.next) }
/// #     fn apply(&mut self, seat: Seat, a: u8) -> Result<(), Over> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         if self.said >= 3 { return Err(Over) }
/// #         self.said = a; if a < 3 { self.next = (self.next + 1) % self.seats } Ok(())
/// #     }
/// #     fn view(&self, _: Seat) -> u8 { self.said }
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         (self.said >= 3).then(|| Outcome {
/// #             points: (0..self.seats).map(|s| i64::from(s == self.next)).collect(),
/// #             winners: vec![self.next],
/// #         })
/// #     }
/// # }
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut m = Match::<Count>::new((), MatchTerms::new(2).with_first_dealer(1).with_end(MatchEnd::FixedHands(3)))?;
/// let mut hand = m.next_hand(&mut rng)?;
/// hand.apply(0, 1)?;
///
/// // Between two requests: the match and the hand in play, as one save.
/// let json = serde_json::to_string(&MatchSave::new(m, Some(hand))?)?;
/// let (mut m, hand) = serde_json::from_str::<MatchSave<Count>>(&json)?.into_parts();
/// let mut hand = hand.expect("a hand was in play");
/// assert_eq!((hand.said, hand.to_move()), (1, Some(1)));
/// hand.apply(1, 2)?;
/// hand.apply(0, 3)?;
/// m.record(&hand.outcome().expect("seat 0 said 3"))?;
/// assert_eq!(m.totals(), &[1, 0]);
///
/// // A save whose totals were edited is refused.
/// let mut edited: serde_json::Value = serde_json::to_value(MatchSave::new(m, None)?)?;
/// edited["totals"] = serde_json::json!([5, 0]);
/// assert!(serde_json::from_value::<MatchSave<Count>>(edited).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct MatchSave<G: Game> {
    played: Match<G>,
    hand: Option<G>,
}

impl<G: Game> MatchSave<G> {
    /// The save of `played` and its pending hand `hand`. With `None` while a hand is in
    /// progress, the hand is left out: the match read back has no hand in progress and
    /// deals that hand again, with the same dealer, as [`Match::next_hand`] does when
    /// called twice.
    ///
    /// # Errors
    ///
    /// [`MatchError::NoHandInProgress`] for a hand when the match has none in progress,
    /// [`MatchError::HandSeats`] for a hand not dealt to the seats still in,
    /// [`MatchError::HandConfig`] for a hand played under another configuration,
    /// [`MatchError::HandDealer`] for a hand dealt by another seat than the match's dealer,
    /// [`MatchError::DealerMissing`] for a match with no dealer after a hand while seats
    /// are in (a game that chooses its dealer and reports none, [`Game::dealt_by`]): its
    /// save could not be read back, so it is not written.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Match, MatchError, MatchSave, MatchTerms, Seating};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2))?;
    /// let stray = Nim::deal(&(), Seating::new(2), &mut rng)?;
    /// // No hand is dealt yet: a hand from elsewhere is not this match's.
    /// assert_eq!(MatchSave::new(m.clone(), Some(stray)).unwrap_err(), MatchError::NoHandInProgress);
    /// let hand = m.next_hand(&mut rng)?;
    /// let save = MatchSave::new(m, Some(hand.clone()))?;
    /// assert_eq!(save.hand(), Some(&hand));
    /// assert!(save.played().hand_in_progress());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(mut played: Match<G>, hand: Option<G>) -> Result<Self, MatchError> {
        if hand.is_some() && !played.hand_in_progress() {
            return Err(MatchError::NoHandInProgress);
        }
        // Reading a save rebuilds the match through `from_history`, which refuses this.
        played.dealer_known()?;
        if let Some(hand) = &hand {
            played.check_hand(hand)?;
        }
        played.set_pending(hand.is_some());
        Ok(MatchSave { played, hand })
    }

    /// The match.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchSave, MatchTerms};
    /// let save = MatchSave::new(Match::<Nim>::new((), MatchTerms::new(2))?, None)?;
    /// assert_eq!(save.played().hands_played(), 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn played(&self) -> &Match<G> {
        &self.played
    }

    /// The hand in progress, if one is.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rummykit_core::{Match, MatchSave, MatchTerms};
    /// let save = MatchSave::new(Match::<Nim>::new((), MatchTerms::new(2))?, None)?;
    /// assert_eq!(save.hand(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn hand(&self) -> Option<&G> {
        self.hand.as_ref()
    }

    /// The match and its pending hand, to play on: [`Match::finish_hand`] plays the hand
    /// to its end and records it, then [`Match::play`] plays the hands after it, if
    /// any: a finished match refuses it with
    /// [`MatchError::Over`](crate::MatchError::Over). (`Match::play` deals every hand it
    /// plays, so it does not finish this one.)
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, Game, Match, MatchEnd, MatchSave, MatchTerms, RandomBot};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(5);
    /// let mut m = Match::<Nim>::new((), MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)))?;
    /// let mut hand = m.next_hand(&mut rng)?;
    /// let seat = hand.to_move().expect("a new hand");
    /// hand.apply(seat, 1)?;
    ///
    /// let (mut m, hand) = MatchSave::new(m, Some(hand))?.into_parts();
    /// let (mut a, mut b) = (RandomBot::new(ChaCha8Rng::seed_from_u64(1)), RandomBot::new(ChaCha8Rng::seed_from_u64(2)));
    /// let mut bots: [&mut dyn Bot<Nim>; 2] = [&mut a, &mut b];
    /// if let Some(mut hand) = hand {
    ///     m.finish_hand(&mut hand, &mut bots, 100)?;
    /// }
    /// if !m.is_over() {
    ///     m.play(&mut bots, &mut rng, 100)?;
    /// }
    /// assert_eq!((m.hands_played(), m.is_over()), (3, true));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn into_parts(self) -> (Match<G>, Option<G>) {
        (self.played, self.hand)
    }

    /// A match rebuilt from its history, with the hand read beside it: checked as a
    /// whole, the hand marking a hand in progress.
    fn resumed(mut played: Match<G>, hand: Option<G>) -> Result<Self, MatchError> {
        if hand.is_some() && played.is_over() {
            return Err(MatchError::Over { hands: played.hands_played() });
        }
        if let Some(hand) = &hand {
            played.check_hand(hand)?;
        }
        played.set_pending(hand.is_some());
        Ok(MatchSave { played, hand })
    }
}

impl<G: Game> Serialize for MatchSave<G>
where
    G: Serialize,
    G::Config: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let m = &self.played;
        let mut save = s.serialize_struct("MatchSave", 7)?;
        save.serialize_field("version", &SaveVersion)?;
        save.serialize_field("config", m.config())?;
        save.serialize_field("terms", &m.terms())?;
        save.serialize_field("dealer", &m.dealer())?;
        save.serialize_field("history", m.history())?;
        save.serialize_field("totals", m.totals())?;
        save.serialize_field("hand", &self.hand)?;
        save.end()
    }
}

/// Reads a field that must be present even when it may be `null` (serde would take a
/// missing `Option` field for `None`).
fn required<'de, T: Deserialize<'de>, D: Deserializer<'de>>(d: D) -> Result<T, D::Error> {
    T::deserialize(d)
}

/// A match save as read, before it is checked: every field required, no other allowed.
#[derive(Deserialize)]
#[serde(deny_unknown_fields, bound(deserialize = "G: Deserialize<'de>, G::Config: Deserialize<'de>"))]
struct MatchSaveFile<G: Game> {
    version: SaveVersion,
    config: G::Config,
    terms: MatchTerms,
    #[serde(deserialize_with = "required")]
    dealer: Option<Seat>,
    history: Vec<Outcome>,
    totals: Vec<i64>,
    #[serde(deserialize_with = "required")]
    hand: Option<G>,
}

impl<'de, G: Game> Deserialize<'de> for MatchSave<G>
where
    G: Deserialize<'de>,
    G::Config: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The version was checked as it was read.
        let MatchSaveFile { version: SaveVersion, config, terms, dealer, history, totals, hand } =
            MatchSaveFile::<G>::deserialize(d)?;
        let played = Match::from_history(config, terms, dealer, &history).map_err(D::Error::custom)?;
        if played.totals() != totals.as_slice() {
            return Err(D::Error::custom(MatchError::TotalsMismatch));
        }
        MatchSave::resumed(played, hand).map_err(D::Error::custom)
    }
}
