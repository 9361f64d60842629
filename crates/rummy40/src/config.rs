//! [`Config`]: every option of `RULES.md` §3.9, with the presets [`Config::RUMMY40`] and
//! [`Config::SCALA40`].

use rummykit_core::{
    AcePolicy, Card, CardRules, Catalog, DealError, JokerLimit, MAX_PENALTY, MatchEnd, MeldRules, Restock,
    Seating,
};

/// The meld rules of Rummy 40 under its default options (`RULES.md` §3.4): ace only
/// high, jokers anywhere. [`Config::meld_rules`] applies the ace and joker options.
///
/// ```
/// use rummykit_rummy40::rummykit_core::AcePolicy;
/// use rummykit_rummy40::{Config, MELD_RULES};
/// assert_eq!(MELD_RULES.ace, AcePolicy::High);
/// assert_eq!(Config::RUMMY40.meld_rules(), MELD_RULES);
/// ```
pub const MELD_RULES: MeldRules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);

/// The Rummy 40 pack (`RULES.md` §3.1): two decks and two jokers, 106 cards.
///
/// ```
/// use rummykit_rummy40::{RUMMY40_PACK, SCALA40_PACK};
/// assert_eq!((RUMMY40_PACK.copies(), RUMMY40_PACK.jokers(), RUMMY40_PACK.len()), (2, 2, 106));
/// assert_eq!((SCALA40_PACK.copies(), SCALA40_PACK.jokers(), SCALA40_PACK.len()), (2, 4, 108));
/// ```
pub const RUMMY40_PACK: Catalog<Card> = Catalog::new(2, 2).expect("106 cards fit");

/// The Scala 40 pack (`RULES.md` §3.9): two decks and four jokers, 108 cards.
///
/// ```
/// use rummykit_rummy40::rummykit_core::Card;
/// use rummykit_rummy40::{Config, SCALA40_PACK};
/// assert_eq!(SCALA40_PACK.ids_of(Card::JOKER).count(), 4);
/// assert_eq!(SCALA40_PACK.ids_of("7h".parse()?).count(), 2); // one per deck
/// assert_eq!(Config::SCALA40.catalog()?.len(), SCALA40_PACK.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub const SCALA40_PACK: Catalog<Card> = Catalog::new(2, 4).expect("108 cards fit");

/// A restock bound for [`Config::max_restocks`] that ends only dead hands: §3.7
/// restocks for ever, but a table of closed sets and full runs can leave every player
/// with a card or two that fit nowhere, and such a hand never ends. Over 400 seeded
/// hands each of 2, 3 and 4 planner/greedy players, four restocks void exactly the hands
/// six do (0, 1 and 2 of them). No preset sets it; [`Config::with_max_restocks`] adds it
/// to any, as classic Rummy's `RESTOCK_CAP` is added to its presets.
///
/// ```
/// use rummykit_rummy40::{Config, RESTOCK_CAP};
/// let config = Config::RUMMY40.with_max_restocks(Some(RESTOCK_CAP));
/// assert_eq!(config.max_restocks, Some(4));
/// ```
pub const RESTOCK_CAP: u32 = 4;

/// Fewest seats (`RULES.md` §3.1; the Scala 40 range): the start of
/// [`Game::seat_range`](rummykit_core::Game::seat_range).
pub(crate) const MIN_PLAYERS: usize = 2;
/// Most seats (`RULES.md` §3.1): 6 × 13 + 1 = 79 of the 106 cards.
pub(crate) const MAX_PLAYERS: usize = 6;
/// Cards dealt to each player (`RULES.md` §3.2).
///
/// ```
/// use rummykit_rummy40::rand::SeedableRng;
/// use rummykit_rummy40::rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, HAND_SIZE, Rummy40};
/// let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(2);
/// let game = Rummy40::deal(&Config::SCALA40, Seating::new(4), &mut rng)?;
/// assert!((0..4).all(|seat| game.hand(seat).unwrap().len() == HAND_SIZE));
/// # Ok::<(), rummykit_rummy40::rummykit_core::DealError>(())
/// ```
pub const HAND_SIZE: usize = 13;

/// When the opening minimum applies (`RULES.md` §3.5, option `opening_threshold_scope`).
///
/// ```
/// use rummykit_rummy40::{Config, OpeningScope};
/// assert_eq!(Config::RUMMY40.opening_threshold_scope, OpeningScope::Always);
/// let mut literal = Config::RUMMY40;
/// literal.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
/// assert!(literal.validate(2).is_ok());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum OpeningScope {
    /// Every opening needs the threshold (default; Scala 40 and the game's name).
    Always,
    /// Only an opening made together with taking the discard (the literal seed reading);
    /// after a stock draw any valid meld opens.
    OnlyWhenTakingDiscard,
}

/// How a joker leaves a set of three (`RULES.md` §3.6, option `set3_joker_swap`).
///
/// ```
/// use rummykit_rummy40::{Config, Set3JokerSwap};
/// assert_eq!(Config::RUMMY40.set3_joker_swap, Set3JokerSwap::BothMissing);
/// assert_eq!(Config::SCALA40.set3_joker_swap, Set3JokerSwap::BothMissing);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Set3JokerSwap {
    /// Only by adding **both** missing-suit naturals (default: the worked example of the Rummy 40 rules).
    BothMissing,
    /// Also by exchanging it for **one** missing-suit natural (the set stays at three).
    EitherMissing,
}

/// When a joker may be discarded (`RULES.md` §3.6, option `joker_discard`).
///
/// ```
/// use rummykit_rummy40::{Config, JokerDiscard};
/// assert_eq!(Config::RUMMY40.joker_discard, JokerDiscard::Allowed);
/// assert_eq!(Config::SCALA40.joker_discard, JokerDiscard::OnlyWhenClosing);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum JokerDiscard {
    /// Any time (default).
    Allowed,
    /// Only as the last card, when going out (Scala 40) — or when the hand holds
    /// nothing but jokers, which could otherwise never end the turn.
    OnlyWhenClosing,
}

/// What going rummy costs the opponents (`RULES.md` §3.7, option `going_rummy_bonus`).
///
/// ```
/// use rummykit_rummy40::{Config, RummyBonus};
/// assert_eq!(Config::RUMMY40.going_rummy_bonus, RummyBonus::PerOpponent(25));
/// assert_eq!(Config::SCALA40.going_rummy_bonus, RummyBonus::Double);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RummyBonus {
    /// Each opponent adds this many penalty points (default 25); at most
    /// [`MAX_PENALTY`].
    PerOpponent(u32),
    /// Each opponent's penalty for the hand is doubled (Scala 40 "chiusura in mano").
    Double,
}

/// The rules of one Rummy 40 game: every option of `RULES.md` §3.9.
///
/// Start from a preset and change fields, or chain the `with_*` builders (one per
/// option, usable in a `const`); [`Config::validate`] (called by every deal) rejects
/// contradictions.
///
/// ```
/// use rummykit_rummy40::rummykit_core::MatchEnd;
/// use rummykit_rummy40::Config;
/// let mut c = Config::RUMMY40;
/// assert_eq!((c.jokers, c.joker_hand_penalty, c.opening_threshold), (2, 15, 40));
/// c.game_end = MatchEnd::Elimination(201);
/// assert!(c.validate(2).is_ok());
/// assert_eq!(Config::SCALA40.jokers, 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Config {
    /// Jokers in the pack: 2 (Rummy 40) or 4 (Scala 40).
    pub jokers: u8,
    /// Penalty for a joker left in hand: 15 (Rummy 40) or 25 (Scala 40); at most
    /// [`MAX_PENALTY`].
    pub joker_hand_penalty: u32,
    /// Ace may also be low (A-2-3, counting 1) in runs; never K-A-2.
    pub ace_low_in_runs: bool,
    /// The opening minimum, in points of new melds (40); 1 to
    /// [`most_points`](Config::most_points).
    pub opening_threshold: u32,
    /// When the opening minimum applies.
    pub opening_threshold_scope: OpeningScope,
    /// After opening, a taken discard must be melded or built in the same turn (FISCA); a
    /// swap of it for the joker that stands for it counts, and so does a release that puts
    /// it into a set of three (`RULES.md` §3.3, §3.6).
    pub taken_discard_must_be_used_after_open: bool,
    /// How a joker leaves a set of three.
    pub set3_joker_swap: Set3JokerSwap,
    /// A joker won by a swap, or freed from a set of three by a release, must be melded or
    /// built again in the same turn.
    pub swapped_joker_must_be_played_same_turn: bool,
    /// Jokers per meld: `Unlimited`, `NotMoreThanNaturals` or `NoAdjacent`.
    pub joker_limit: JokerLimit,
    /// A card that could be built onto a table meld may not be discarded (Scala 40)
    /// while the hand holds a card that could not (so a hand of only playable cards can
    /// still end its turn); applies to players who have opened.
    pub forbid_playable_discard: bool,
    /// When a joker may be discarded.
    pub joker_discard: JokerDiscard,
    /// What going rummy costs each opponent.
    pub going_rummy_bonus: RummyBonus,
    /// Going rummy also needs the opening minimum (default: waived), as an opening in its
    /// place would: under [`OpeningScope::OnlyWhenTakingDiscard`] only a rummy with the
    /// taken discard.
    pub rummy_requires_opening_threshold: bool,
    /// When the match ends (`RULES.md` §3.8): `Elimination(101)` by default (201 and 501
    /// are common), `FixedHands(n)`, or `SingleHand` for per-hand settlement. A
    /// [`Match`](rummykit_core::Match) takes it from
    /// [`Game::default_terms`](rummykit_core::Game::default_terms)
    /// (`Match::new(config, Rummy40::default_terms(&config, seats))`); terms built with
    /// `MatchTerms::new` carry their own end and do not read it.
    pub game_end: MatchEnd,
    /// A flat penalty replacing the card count of a player who had not opened when the
    /// hand ended (some "Rami 51" tables charge 100); `None` by default; at most
    /// [`MAX_PENALTY`].
    pub unopened_penalty: Option<u32>,
    /// Void the hand (no winner, no points) instead of restocking a further time after
    /// this many restocks. `None` (default): the pile is reshuffled for ever, as §3.7
    /// says. A hand can then go on for ever between any players, not only ones who
    /// never meld: on a dead table (every meld closed, every hand's cards fitting
    /// nowhere) nobody can go out, and a [`Match`](rummykit_core::Match) reports
    /// [`DriverError::TooLong`](rummykit_core::DriverError::TooLong) when the hand passes
    /// its action limit. `Some(n)` ends such hands void; [`RESTOCK_CAP`] is a bound that
    /// cuts short only dead hands.
    pub max_restocks: Option<u32>,
}

impl Config {
    /// Rummy 40: the defaults of `RULES.md` §3.9. It restocks for ever (§3.7,
    /// `max_restocks: None`), so a hand on a dead table never ends and a
    /// [`Match`](rummykit_core::Match) stops with
    /// [`DriverError::TooLong`](rummykit_core::DriverError::TooLong); set
    /// [`max_restocks`](Config::max_restocks) (such as [`RESTOCK_CAP`]) to end such hands void.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::MatchEnd;
    /// use rummykit_rummy40::{Config, RummyBonus};
    /// let c = Config::RUMMY40;
    /// assert_eq!((c.jokers, c.joker_hand_penalty, c.opening_threshold), (2, 15, 40));
    /// assert_eq!(c.going_rummy_bonus, RummyBonus::PerOpponent(25));
    /// assert_eq!(c.game_end, MatchEnd::Elimination(101));
    /// assert!(!c.ace_low_in_runs && c.validate(2).is_ok());
    /// assert_eq!(Config::default(), c);
    /// ```
    pub const RUMMY40: Config = Config {
        jokers: 2,
        joker_hand_penalty: 15,
        ace_low_in_runs: false,
        opening_threshold: 40,
        opening_threshold_scope: OpeningScope::Always,
        taken_discard_must_be_used_after_open: false,
        set3_joker_swap: Set3JokerSwap::BothMissing,
        swapped_joker_must_be_played_same_turn: false,
        joker_limit: JokerLimit::Unlimited,
        forbid_playable_discard: false,
        joker_discard: JokerDiscard::Allowed,
        going_rummy_bonus: RummyBonus::PerOpponent(25),
        rummy_requires_opening_threshold: false,
        game_end: MatchEnd::Elimination(101),
        unopened_penalty: None,
        max_restocks: None,
    };

    /// The game's standard rules, [`Config::RUMMY40`]: the name Rummikub's and classic
    /// Rummy's configurations give their defaults, so code written for every engine can
    /// start from `Config::STANDARD`.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// assert_eq!(Config::STANDARD, Config::RUMMY40);
    /// assert_eq!(Config::STANDARD, Config::default());
    /// assert_ne!(Config::STANDARD, Config::SCALA40);
    /// ```
    pub const STANDARD: Config = Config::RUMMY40;

    /// Scala 40 (FISCA practice, `RULES.md` §3.1–§3.9 alternatives): four jokers worth
    /// 25 in hand, ace also low, the taken discard must be used, no discarding a playable
    /// card, a joker only as the closing discard, and a doubled hand for the opponents of
    /// a player who closes in one turn. Like [`Config::RUMMY40`], it restocks for ever:
    /// set [`max_restocks`](Config::max_restocks) for matches that must end.
    ///
    /// ```
    /// use rummykit_rummy40::{Config, JokerDiscard, RummyBonus};
    /// let c = Config::SCALA40;
    /// assert_eq!((c.jokers, c.joker_hand_penalty), (4, 25));
    /// assert!(c.ace_low_in_runs && c.taken_discard_must_be_used_after_open && c.forbid_playable_discard);
    /// assert_eq!(c.joker_discard, JokerDiscard::OnlyWhenClosing);
    /// assert_eq!(c.going_rummy_bonus, RummyBonus::Double);
    /// assert!(c.validate(2).is_ok());
    /// ```
    pub const SCALA40: Config = Config {
        jokers: 4,
        joker_hand_penalty: 25,
        ace_low_in_runs: true,
        opening_threshold: 40,
        opening_threshold_scope: OpeningScope::Always,
        taken_discard_must_be_used_after_open: true,
        set3_joker_swap: Set3JokerSwap::BothMissing,
        swapped_joker_must_be_played_same_turn: false,
        joker_limit: JokerLimit::Unlimited,
        forbid_playable_discard: true,
        joker_discard: JokerDiscard::OnlyWhenClosing,
        going_rummy_bonus: RummyBonus::Double,
        rummy_requires_opening_threshold: false,
        game_end: MatchEnd::Elimination(101),
        unopened_penalty: None,
        max_restocks: None,
    };

    /// With another number of jokers in the pack (2 or 4: [`Config::validate`] refuses others).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_jokers(4);
    /// assert_eq!(config.jokers, 4);
    /// assert_eq!(config.catalog().map(|pack| pack.len()), Ok(108));
    /// ```
    #[must_use]
    pub const fn with_jokers(mut self, n: u8) -> Config {
        self.jokers = n;
        self
    }

    /// With another penalty for a joker left in hand (at most [`MAX_PENALTY`]).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_joker_hand_penalty(25);
    /// assert_eq!(config.joker_hand_penalty, 25);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_hand_penalty(mut self, n: u32) -> Config {
        self.joker_hand_penalty = n;
        self
    }

    /// With or without the ace low in runs (A-2-3).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_ace_low_in_runs(true);
    /// assert_eq!(config.ace_low_in_runs, true);
    /// assert_eq!(config.meld_rules().ace, rummykit_rummy40::rummykit_core::AcePolicy::LowOrHigh);
    /// ```
    #[must_use]
    pub const fn with_ace_low_in_runs(mut self, on: bool) -> Config {
        self.ace_low_in_runs = on;
        self
    }

    /// With another opening minimum (at least 1).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_opening_threshold(51);
    /// assert_eq!(config.opening_threshold, 51);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_opening_threshold(mut self, n: u32) -> Config {
        self.opening_threshold = n;
        self
    }

    /// With another scope of the opening minimum.
    ///
    /// ```
    /// use rummykit_rummy40::{Config, OpeningScope};
    /// let config = Config::RUMMY40.with_opening_threshold_scope(OpeningScope::OnlyWhenTakingDiscard);
    /// assert_eq!(config.opening_threshold_scope, OpeningScope::OnlyWhenTakingDiscard);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_opening_threshold_scope(mut self, value: OpeningScope) -> Config {
        self.opening_threshold_scope = value;
        self
    }

    /// With or without the obligation to use a discard taken after opening.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_taken_discard_must_be_used_after_open(true);
    /// assert_eq!(config.taken_discard_must_be_used_after_open, true);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_taken_discard_must_be_used_after_open(mut self, on: bool) -> Config {
        self.taken_discard_must_be_used_after_open = on;
        self
    }

    /// With another way for a joker to leave a set of three.
    ///
    /// ```
    /// use rummykit_rummy40::{Config, Set3JokerSwap};
    /// let config = Config::RUMMY40.with_set3_joker_swap(Set3JokerSwap::EitherMissing);
    /// assert_eq!(config.set3_joker_swap, Set3JokerSwap::EitherMissing);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_set3_joker_swap(mut self, value: Set3JokerSwap) -> Config {
        self.set3_joker_swap = value;
        self
    }

    /// With or without the obligation to play a won joker in the same turn.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_swapped_joker_must_be_played_same_turn(true);
    /// assert_eq!(config.swapped_joker_must_be_played_same_turn, true);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_swapped_joker_must_be_played_same_turn(mut self, on: bool) -> Config {
        self.swapped_joker_must_be_played_same_turn = on;
        self
    }

    /// With another limit of jokers per meld.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::JokerLimit;
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_joker_limit(JokerLimit::NoAdjacent);
    /// assert_eq!(config.joker_limit, JokerLimit::NoAdjacent);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_limit(mut self, value: JokerLimit) -> Config {
        self.joker_limit = value;
        self
    }

    /// With or without the ban on discarding a playable card.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_forbid_playable_discard(true);
    /// assert_eq!(config.forbid_playable_discard, true);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_forbid_playable_discard(mut self, on: bool) -> Config {
        self.forbid_playable_discard = on;
        self
    }

    /// With another rule for discarding a joker.
    ///
    /// ```
    /// use rummykit_rummy40::{Config, JokerDiscard};
    /// let config = Config::RUMMY40.with_joker_discard(JokerDiscard::OnlyWhenClosing);
    /// assert_eq!(config.joker_discard, JokerDiscard::OnlyWhenClosing);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_joker_discard(mut self, value: JokerDiscard) -> Config {
        self.joker_discard = value;
        self
    }

    /// With another cost of going rummy (a bonus at most [`MAX_PENALTY`]).
    ///
    /// ```
    /// use rummykit_rummy40::{Config, RummyBonus};
    /// let config = Config::RUMMY40.with_going_rummy_bonus(RummyBonus::Double);
    /// assert_eq!(config.going_rummy_bonus, RummyBonus::Double);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_going_rummy_bonus(mut self, value: RummyBonus) -> Config {
        self.going_rummy_bonus = value;
        self
    }

    /// With or without the opening minimum for going rummy.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_rummy_requires_opening_threshold(true);
    /// assert_eq!(config.rummy_requires_opening_threshold, true);
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_rummy_requires_opening_threshold(mut self, on: bool) -> Config {
        self.rummy_requires_opening_threshold = on;
        self
    }

    /// With another end of match.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::MatchEnd;
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_game_end(MatchEnd::Elimination(201));
    /// assert_eq!(config.game_end, MatchEnd::Elimination(201));
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_game_end(mut self, value: MatchEnd) -> Config {
        self.game_end = value;
        self
    }

    /// With or without a flat penalty for a player who had not opened (at most [`MAX_PENALTY`]).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_unopened_penalty(Some(100));
    /// assert_eq!(config.unopened_penalty, Some(100));
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_unopened_penalty(mut self, n: Option<u32>) -> Config {
        self.unopened_penalty = n;
        self
    }

    /// With another restock cap (`None`: the pile is reshuffled for ever).
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// let config = Config::RUMMY40.with_max_restocks(Some(3));
    /// assert_eq!(config.max_restocks, Some(3));
    /// assert!(config.validate(2).is_ok());
    /// ```
    #[must_use]
    pub const fn with_max_restocks(mut self, n: Option<u32>) -> Config {
        self.max_restocks = n;
        self
    }

    /// The meld rules these options give: [`MELD_RULES`] (ace high only), with
    /// [`AcePolicy::LowOrHigh`] under `ace_low_in_runs` and the configured joker limit.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::AcePolicy;
    /// use rummykit_rummy40::Config;
    /// assert_eq!(Config::RUMMY40.meld_rules().ace, AcePolicy::High);
    /// assert_eq!(Config::SCALA40.meld_rules().ace, AcePolicy::LowOrHigh);
    /// ```
    #[must_use]
    pub const fn meld_rules(&self) -> MeldRules {
        let ace = if self.ace_low_in_runs { AcePolicy::LowOrHigh } else { AcePolicy::High };
        MELD_RULES.with_ace(ace).with_jokers(self.joker_limit)
    }

    /// How the discard pile becomes the stock (`RULES.md` §3.7): shuffled, the top discard
    /// staying to start the new pile. No option changes it.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// assert!(Config::SCALA40.restock().shuffle && Config::SCALA40.restock().keep_top);
    /// ```
    #[must_use]
    pub const fn restock(&self) -> Restock {
        Restock { shuffle: true, keep_top: true }
    }

    /// The opening minimum in force for an opening, or a rummy held to it, made with
    /// (`took_discard`) or without the discard taken this turn (`RULES.md` §3.5, §3.7):
    /// `None` where [`opening_threshold_scope`](Config::opening_threshold_scope) waives
    /// it. The one rule the check and the legal actions ask.
    pub(crate) const fn threshold_for(&self, took_discard: bool) -> Option<u32> {
        match self.opening_threshold_scope {
            OpeningScope::OnlyWhenTakingDiscard if !took_discard => None,
            _ => Some(self.opening_threshold),
        }
    }

    /// `true` under the options that oblige a player to play a card this turn (a taken
    /// discard, a won joker): legality then depends on what can still be played, and
    /// `legal_actions` checks every candidate in full.
    pub(crate) const fn obliges_plays(&self) -> bool {
        self.taken_discard_must_be_used_after_open || self.swapped_joker_must_be_played_same_turn
    }

    /// The pack: two decks and `jokers` jokers ([`RUMMY40_PACK`] or [`SCALA40_PACK`]).
    ///
    /// # Errors
    ///
    /// [`DealError::InvalidConfig`] when `jokers` is not 2 or 4.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::DealError;
    /// use rummykit_rummy40::Config;
    /// assert_eq!(Config::RUMMY40.catalog()?.len(), 106); // two decks, two jokers
    /// assert_eq!(Config::SCALA40.catalog()?.len(), 108); // two decks, four jokers
    /// let mut odd = Config::RUMMY40;
    /// odd.jokers = 3;
    /// assert!(matches!(odd.catalog(), Err(DealError::InvalidConfig { option: "jokers", .. })));
    /// # Ok::<(), DealError>(())
    /// ```
    pub fn catalog(&self) -> Result<Catalog<Card>, DealError> {
        match self.jokers {
            2 => Ok(RUMMY40_PACK),
            4 => Ok(SCALA40_PACK),
            _ => Err(DealError::InvalidConfig { option: "jokers", reason: "must be 2 or 4" }),
        }
    }

    /// The pack whose faces the ids name: [`catalog`](Config::catalog), or
    /// [`SCALA40_PACK`] for a joker count the game does not have. The larger pack has the
    /// same faces for every id the smaller one has, so reading a hand or a table through
    /// it never misnames a card.
    pub(crate) fn pack(&self) -> Catalog<Card> {
        self.catalog().unwrap_or(SCALA40_PACK)
    }

    /// A bound on the points of an opening (`RULES.md` §3.1, §3.5): every natural card
    /// its value, every joker 11 (a high ace) while every ace is counted too, so no melds
    /// of the pack could count more. It is not a score any hand reaches (an opening comes
    /// from at most 14 cards): a threshold at or below it is not thereby one that can be
    /// met, but a larger one never can, and [`validate`](Config::validate) refuses it.
    /// Read from [`SCALA40_PACK`] for a joker count the game does not have.
    ///
    /// ```
    /// use rummykit_rummy40::Config;
    /// assert_eq!((Config::RUMMY40.most_points(), Config::SCALA40.most_points()), (782, 804));
    /// assert!(Config::RUMMY40.with_opening_threshold(783).validate(2).is_err());
    /// ```
    #[must_use]
    pub fn most_points(&self) -> u32 {
        let pack = self.pack();
        // Counted, not walked card by card: a deal checks it.
        let suit = (1..=13).map(crate::rank_value).sum::<u32>();
        u32::from(pack.copies()) * 4 * suit + u32::from(pack.jokers()) * 11
    }

    /// Checks the options for `seats` players: what [`Rummy40::deal`] and
    /// [`Rummy40::from_setup`] check first.
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] outside 2–6 players, the game's
    /// [`seat_range`](rummykit_core::Game::seat_range);
    /// [`DealError::InvalidConfig`] for a joker count other than 2 or 4, a joker limit
    /// that forbids the jokers in the pack, an opening threshold of 0 or a match end
    /// that makes no match ([`MatchEnd::check`]: 0 fixed hands, a target or elimination
    /// limit of 0 points or less);
    /// [`DealError::OptionTooLarge`] for a joker penalty, rummy bonus or unopened
    /// penalty above [`MAX_PENALTY`], or an opening threshold above
    /// [`most_points`](Config::most_points) (782 with two jokers, 804 with four): no
    /// melds of the pack could count more.
    ///
    /// The other numbers take any value of their type: the restock cap is compared with
    /// a count that saturates, and the match end with totals that saturate.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{DealError, MatchEnd};
    /// use rummykit_rummy40::Config;
    /// let mut c = Config::RUMMY40;
    /// assert_eq!(c.validate(7), Err(DealError::PlayerCount { seats: 7, min: 2, max: 6 }));
    /// c.game_end = MatchEnd::FixedHands(0);
    /// assert!(c.validate(2).is_err());
    /// ```
    ///
    /// [`Rummy40::deal`]: rummykit_core::Game::deal
    /// [`Rummy40::from_setup`]: crate::Rummy40::from_setup
    pub fn validate(&self, seats: usize) -> Result<(), DealError> {
        self.check_seating(Seating::new(seats))
    }

    /// [`validate`](Config::validate) with the dealer too: the one check of a deal, so
    /// that `validate` and the deal cannot disagree on the seats.
    pub(crate) fn check_seating(&self, seating: Seating) -> Result<(), DealError> {
        let seats = <crate::Rummy40 as CardRules>::SEATS;
        seating.check(*seats.start(), *seats.end())?;
        self.check_options()
    }

    /// The checks of [`validate`](Config::validate) that need no seat count: what a
    /// configuration read through serde must pass.
    pub(crate) fn check_options(&self) -> Result<(), DealError> {
        self.catalog()?;
        let bad = |option, reason| Err(DealError::InvalidConfig { option, reason });
        if matches!(self.joker_limit, JokerLimit::Forbidden | JokerLimit::AtMost(0)) {
            return bad("joker_limit", "forbids the jokers that are in the pack");
        }
        if self.opening_threshold == 0 {
            return bad("opening_threshold", "must be at least 1");
        }
        DealError::check_max("opening_threshold", self.opening_threshold, self.most_points())?;
        DealError::check_max("joker_hand_penalty", self.joker_hand_penalty, MAX_PENALTY)?;
        if let RummyBonus::PerOpponent(bonus) = self.going_rummy_bonus {
            DealError::check_max("going_rummy_bonus", bonus, MAX_PENALTY)?;
        }
        if let Some(flat) = self.unopened_penalty {
            DealError::check_max("unopened_penalty", flat, MAX_PENALTY)?;
        }
        match self.game_end.check(<crate::Rummy40 as CardRules>::SCORE_ORDER) {
            Err(refused) => bad("game_end", refused.reason()),
            Ok(()) => Ok(()),
        }
    }
}

impl Default for Config {
    /// [`Config::RUMMY40`].
    fn default() -> Self {
        Config::RUMMY40
    }
}
