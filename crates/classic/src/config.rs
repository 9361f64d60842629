//! [`Config`]: the rules of a classic Rummy hand and match, with presets
//! (`RULES.md` §2.7).

use rummykit_core::{
    AcePolicy, Card, CardRules, DealError, JokerLimit, MatchEnd, MeldRules, Restock, Seating,
};

/// The meld rules of classic Rummy under the standard options (`RULES.md` §2.4): one
/// deck, no jokers, ace low. [`Config::meld_rules`] applies the ace option.
///
/// ```
/// use rummykit_classic::{AceMode, Config, MELD_RULES};
/// assert_eq!(Config::STANDARD.meld_rules(), MELD_RULES);
/// assert_ne!(Config::STANDARD.with_ace(AceMode::LowOrHigh).meld_rules(), MELD_RULES);
/// ```
pub const MELD_RULES: MeldRules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);

/// A restock bound for [`Config::max_restocks`], for bots and simulations: two
/// restocks, then a hand that needs a third ends void (`RULES.md` §2.5's recommended
/// `Some(2)`). No preset sets it; [`Config::with_max_restocks`] adds it to any, as
/// Rummy 40's `RESTOCK_CAP` is added to its presets.
///
/// ```
/// use rummykit_classic::{Config, RESTOCK_CAP};
/// let config = Config::STANDARD.with_max_restocks(Some(RESTOCK_CAP));
/// assert_eq!(config.max_restocks, Some(2));
/// assert_eq!(Config::STANDARD.max_restocks, None); // the rules restock for ever
/// ```
pub const RESTOCK_CAP: u32 = 2;

/// How aces behave (`RULES.md` §2.4, option `ace`).
///
/// ```
/// use rummykit_classic::AceMode;
/// use rummykit_classic::rummykit_core::Card;
/// let ace: Card = "As".parse()?;
/// assert_eq!(AceMode::Low.card_value(ace), 1);
/// assert_eq!(AceMode::LowOrHigh.card_value(ace), 15);
/// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum AceMode {
    /// Ace low only (`A-2-3`), worth 1 in hand. The default.
    #[default]
    Low,
    /// Ace low or high at one end of a run (`A-2-3` and `Q-K-A`, not `K-A-2`); aces
    /// then count 15 in hand. Core's [`AcePolicy::LowOrHigh`].
    LowOrHigh,
    /// Runs may turn the corner (`K-A-2`); aces count 15 in hand
    /// (`RULES.md` §2.4).
    RoundTheCorner,
}

impl AceMode {
    /// The ace policy of the meld validator.
    ///
    /// ```
    /// use rummykit_classic::AceMode;
    /// use rummykit_classic::rummykit_core::AcePolicy;
    /// assert_eq!(AceMode::RoundTheCorner.policy(), AcePolicy::RoundTheCorner);
    /// assert_eq!(AceMode::LowOrHigh.policy(), AcePolicy::LowOrHigh);
    /// ```
    #[must_use]
    pub const fn policy(self) -> AcePolicy {
        match self {
            AceMode::Low => AcePolicy::Low,
            AceMode::LowOrHigh => AcePolicy::LowOrHigh,
            AceMode::RoundTheCorner => AcePolicy::RoundTheCorner,
        }
    }

    /// What a card left in hand counts (`RULES.md` §2.6): J/Q/K 10, number cards their
    /// face value, the ace 1 (or 15 unless aces are only low). A joker (not part of
    /// classic Rummy) would count 0.
    ///
    /// ```
    /// use rummykit_classic::AceMode;
    /// use rummykit_classic::rummykit_core::Card;
    /// let (ace, queen, seven): (Card, Card, Card) = ("Ah".parse()?, "Qh".parse()?, "7h".parse()?);
    /// assert_eq!((AceMode::Low.card_value(ace), AceMode::LowOrHigh.card_value(ace)), (1, 15));
    /// assert_eq!((AceMode::Low.card_value(queen), AceMode::Low.card_value(seven)), (10, 7));
    /// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn card_value(self, card: Card) -> u32 {
        // A lookup: hand analysis values every card of the hand.
        let mode = match self {
            AceMode::Low => 0,
            AceMode::LowOrHigh => 1,
            AceMode::RoundTheCorner => 2,
        };
        CARD_VALUES[mode].get(usize::from(card.index())).map_or(0, |&v| u32::from(v))
    }
}

/// [`AceMode::card_value`] by ace mode (low, high or low, round the corner) and face
/// index; the joker (index 52) counts 0.
static CARD_VALUES: [[u8; 53]; 3] = {
    let mut table = [[0; 53]; 3];
    let mut mode = 0;
    while mode < 3 {
        let mut i = 0;
        while i < 52 {
            let number = i as u8 % 13 + 1;
            table[mode][i] = match number {
                1 if mode == 0 => 1,
                1 => 15,
                n if n > 10 => 10,
                n => n,
            };
            i += 1;
        }
        mode += 1;
    }
    table
};

/// How many melds a player may lay down in one turn (`RULES.md` §2.3).
///
/// ```
/// use rummykit_classic::{Config, MeldLimit};
/// assert_eq!(Config::STANDARD.meld_limit, MeldLimit::One);
/// assert_eq!(Config::STANDARD.with_meld_limit(MeldLimit::Unlimited).meld_limit, MeldLimit::Unlimited);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum MeldLimit {
    /// One meld per turn (pagat). The default.
    #[default]
    One,
    /// Any number.
    Unlimited,
}

/// The rules of classic Rummy: every option of `RULES.md` §2.7.
///
/// Start from a preset ([`Config::STANDARD`], [`Config::LAST_CARD`], [`Config::LIBERAL`]);
/// each plays to 100 points (`RULES.md` §2.2) with unlimited restocks
/// ([`RESTOCK_CAP`] bounds them for bots), and
/// [`Config::with_game_end`] names another end of match. Options are public fields and
/// `with_*` methods; [`ClassicRummy::deal`](crate::ClassicRummy) checks the player count.
///
/// ```
/// use rummykit_classic::{AceMode, Config, MeldLimit};
/// use rummykit_classic::rummykit_core::MatchEnd;
/// let standard = Config::STANDARD;
/// assert_eq!(standard.meld_limit, MeldLimit::One);
/// assert!(!standard.must_discard_to_go_out && standard.going_rummy_double);
/// let house = standard.with_ace(AceMode::LowOrHigh).with_max_restocks(Some(3));
/// assert_eq!(house.max_restocks, Some(3));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct Config {
    /// Melds per turn (default [`MeldLimit::One`]).
    pub meld_limit: MeldLimit,
    /// Lay-off only after the player has a meld of their own on the table (default
    /// false).
    pub layoff_requires_own_meld: bool,
    /// Ace rules (default [`AceMode::Low`]).
    pub ace: AceMode,
    /// Going out requires a final discard (default false).
    pub must_discard_to_go_out: bool,
    /// Shuffle the discard pile when it becomes the stock (default false: turned over
    /// as it lies).
    pub shuffle_on_restock: bool,
    /// How many times the discard pile may become the stock; when another restock is
    /// needed the hand ends void, with no score (default `None`: unlimited, as the rules
    /// say, `RULES.md` §2.5). With unlimited restocks turned over unshuffled, a hand in
    /// which nobody can meld any more repeats forever: bots, simulations and matches
    /// played by the driver want a bound ([`RESTOCK_CAP`]), or the driver stops the
    /// hand with `DriverError::TooLong`.
    pub max_restocks: Option<u32>,
    /// Going rummy (going out in one turn, without an earlier meld or lay-off) doubles
    /// the hand's points (default true).
    pub going_rummy_double: bool,
    /// When the match ends (`TargetScore(100)` is common; `FixedHands(n)`). A match takes
    /// it from [`Game::default_terms`](rummykit_core::Game::default_terms)
    /// (`Match::new(config, ClassicRummy::default_terms(&config, seats))`); terms built
    /// with `MatchTerms::new` carry their own end and do not read it.
    pub game_end: MatchEnd,
}

impl Config {
    /// The defaults of `RULES.md` §2.7, to a target score of 100 (§2.2); also
    /// [`Config::default`]. Another end of match: [`Config::with_game_end`].
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// use rummykit_classic::rummykit_core::MatchEnd;
    /// assert_eq!(Config::STANDARD.game_end, MatchEnd::TargetScore(100));
    /// assert_eq!(Config::default(), Config::STANDARD);
    /// ```
    pub const STANDARD: Config = Config {
        meld_limit: MeldLimit::One,
        layoff_requires_own_meld: false,
        ace: AceMode::Low,
        must_discard_to_go_out: false,
        shuffle_on_restock: false,
        max_restocks: None,
        going_rummy_double: true,
        game_end: MatchEnd::TargetScore(100),
    };

    /// The standard rules with a compulsory final discard: the last card must be
    /// discarded to go out.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// use rummykit_classic::rummykit_core::MatchEnd;
    /// let config = Config::LAST_CARD.with_game_end(MatchEnd::FixedHands(4));
    /// assert!(config.must_discard_to_go_out);
    /// assert_eq!(config.game_end, MatchEnd::FixedHands(4));
    /// ```
    pub const LAST_CARD: Config = Config::STANDARD.with_must_discard_to_go_out(true);

    /// A liberal house game: unlimited melds per turn, aces high or low, shuffled
    /// restocks.
    ///
    /// ```
    /// use rummykit_classic::{AceMode, Config, MeldLimit};
    /// assert_eq!((Config::LIBERAL.meld_limit, Config::LIBERAL.ace), (MeldLimit::Unlimited, AceMode::LowOrHigh));
    /// assert!(Config::LIBERAL.shuffle_on_restock);
    /// ```
    pub const LIBERAL: Config = Config::STANDARD
        .with_meld_limit(MeldLimit::Unlimited)
        .with_ace(AceMode::LowOrHigh)
        .with_shuffle_on_restock(true);

    /// With another meld limit.
    ///
    /// ```
    /// use rummykit_classic::{Config, MeldLimit};
    /// let any_number = Config::STANDARD.with_meld_limit(MeldLimit::Unlimited);
    /// assert_eq!(any_number.meld_limit, MeldLimit::Unlimited);
    /// assert_eq!(any_number.ace, Config::STANDARD.ace); // the rest unchanged
    /// ```
    #[must_use]
    pub const fn with_meld_limit(mut self, limit: MeldLimit) -> Config {
        self.meld_limit = limit;
        self
    }

    /// With or without the lay-off ban.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// assert!(Config::STANDARD.with_layoff_requires_own_meld(true).layoff_requires_own_meld);
    /// ```
    #[must_use]
    pub const fn with_layoff_requires_own_meld(mut self, on: bool) -> Config {
        self.layoff_requires_own_meld = on;
        self
    }

    /// With another ace mode.
    ///
    /// ```
    /// use rummykit_classic::{AceMode, Config};
    /// use rummykit_classic::rummykit_core::AcePolicy;
    /// let corner = Config::STANDARD.with_ace(AceMode::RoundTheCorner);
    /// assert_eq!(corner.meld_rules().ace, AcePolicy::RoundTheCorner); // K-A-2 is a run
    /// ```
    #[must_use]
    pub const fn with_ace(mut self, ace: AceMode) -> Config {
        self.ace = ace;
        self
    }

    /// With or without the compulsory final discard.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// assert!(Config::STANDARD.with_must_discard_to_go_out(true).must_discard_to_go_out);
    /// ```
    #[must_use]
    pub const fn with_must_discard_to_go_out(mut self, on: bool) -> Config {
        self.must_discard_to_go_out = on;
        self
    }

    /// With or without shuffling on restock.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// let shuffled = Config::STANDARD.with_shuffle_on_restock(true);
    /// assert!(shuffled.shuffle_on_restock && shuffled.restock().shuffle);
    /// ```
    #[must_use]
    pub const fn with_shuffle_on_restock(mut self, on: bool) -> Config {
        self.shuffle_on_restock = on;
        self
    }

    /// With another restock cap.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// // A hand that needs a third restock is void.
    /// assert_eq!(Config::STANDARD.with_max_restocks(Some(2)).max_restocks, Some(2));
    /// ```
    #[must_use]
    pub const fn with_max_restocks(mut self, cap: Option<u32>) -> Config {
        self.max_restocks = cap;
        self
    }

    /// With or without rummy doubling.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// assert!(!Config::STANDARD.with_going_rummy_double(false).going_rummy_double);
    /// ```
    #[must_use]
    pub const fn with_going_rummy_double(mut self, on: bool) -> Config {
        self.going_rummy_double = on;
        self
    }

    /// With another end of match.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// use rummykit_classic::rummykit_core::MatchEnd;
    /// let one_hand = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
    /// assert_eq!(one_hand.game_end, MatchEnd::SingleHand);
    /// assert_eq!(Config::STANDARD.game_end, MatchEnd::TargetScore(100));
    /// ```
    #[must_use]
    pub const fn with_game_end(mut self, end: MatchEnd) -> Config {
        self.game_end = end;
        self
    }

    /// Checks the options for `seats` players: what [`ClassicRummy::deal`] and
    /// [`ClassicRummy::from_setup`] check first.
    ///
    /// Besides the seats, only the end of the match can be wrong: every other option is a
    /// choice between values that all play (the restock cap is compared with a count
    /// that saturates).
    ///
    /// # Errors
    ///
    /// [`DealError::PlayerCount`] outside 2–6 players, the game's
    /// [`seat_range`](rummykit_core::Game::seat_range);
    /// [`DealError::InvalidConfig`] naming `game_end` for an end that makes no match
    /// ([`MatchEnd::check`]): [`MatchEnd::Elimination`] (a classic hand scores points
    /// won, and a match eliminates on penalty points only), [`MatchEnd::FixedHands`]`(0)`
    /// (no hand to play) or [`MatchEnd::TargetScore`] of 0 or less (reached in the first
    /// hand whatever is played).
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// use rummykit_classic::rummykit_core::{DealError, MatchEnd};
    /// assert_eq!(Config::STANDARD.validate(2), Ok(()));
    /// assert_eq!(Config::STANDARD.validate(7), Err(DealError::PlayerCount { seats: 7, min: 2, max: 6 }));
    /// let refused = Config::STANDARD.with_game_end(MatchEnd::FixedHands(0)).validate(2);
    /// assert!(matches!(refused, Err(DealError::InvalidConfig { option: "game_end", .. })));
    /// ```
    ///
    /// [`ClassicRummy::deal`]: rummykit_core::Game::deal
    /// [`ClassicRummy::from_setup`]: crate::ClassicRummy::from_setup
    pub fn validate(&self, seats: usize) -> Result<(), DealError> {
        self.check_seating(Seating::new(seats))
    }

    /// [`validate`](Config::validate) with the dealer too: the one check of a deal, so
    /// that `validate` and the deal cannot disagree on the seats.
    pub(crate) fn check_seating(&self, seating: Seating) -> Result<(), DealError> {
        let seats = <crate::ClassicRummy as CardRules>::SEATS;
        seating.check(*seats.start(), *seats.end())?;
        match self.game_end.check(<crate::ClassicRummy as CardRules>::SCORE_ORDER) {
            Err(refused) => Err(DealError::InvalidConfig { option: "game_end", reason: refused.reason() }),
            Ok(()) => Ok(()),
        }
    }

    /// The meld validator's rules: [`MELD_RULES`] with this ace policy.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// use rummykit_classic::rummykit_core::{Card, JokerLimit, Meld, MeldKind, parse_list};
    /// let rules = Config::STANDARD.meld_rules();
    /// assert_eq!(rules.jokers, JokerLimit::Forbidden); // classic Rummy has no jokers
    /// assert!(Meld::new(MeldKind::Run, &parse_list::<Card>("Ac 2c 3c")?, &rules).is_ok());
    /// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn meld_rules(&self) -> MeldRules {
        MELD_RULES.with_ace(self.ace.policy())
    }

    /// How the discard pile becomes the stock (`RULES.md` §2.5): the whole pile, turned
    /// over as it lies, or shuffled under [`Config::shuffle_on_restock`].
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// assert!(!Config::STANDARD.restock().shuffle && !Config::STANDARD.restock().keep_top);
    /// assert!(Config::LIBERAL.restock().shuffle);
    /// ```
    #[must_use]
    pub const fn restock(&self) -> Restock {
        Restock { shuffle: self.shuffle_on_restock, keep_top: false }
    }

    /// Cards dealt to each player (`RULES.md` §2.2): 10 with 2 players, 7 with 3–4,
    /// 6 with 5–6; `None` for other counts.
    ///
    /// ```
    /// use rummykit_classic::Config;
    /// assert_eq!(Config::hand_size(2), Some(10));
    /// assert_eq!(Config::hand_size(4), Some(7));
    /// assert_eq!(Config::hand_size(6), Some(6));
    /// assert_eq!(Config::hand_size(7), None);
    /// ```
    #[must_use]
    pub const fn hand_size(players: usize) -> Option<usize> {
        match players {
            2 => Some(10),
            3 | 4 => Some(7),
            5 | 6 => Some(6),
            _ => None,
        }
    }

    /// What `cards` left in hand count at the end of a hand (`RULES.md` §2.6): the sum of
    /// [`AceMode::card_value`] under these rules (J/Q/K 10, the ace 1, or 15 unless aces
    /// are only low, number cards face value); the winner scores the sum over the other
    /// hands. Classic Rummy has no opening, so nothing else counts; every game's
    /// `Config::penalty` takes the hand first, then what else its rules need.
    ///
    /// Saturates rather than wrap, however many cards are given.
    ///
    /// ```
    /// use rummykit_classic::{AceMode, Config};
    /// use rummykit_classic::rummykit_core::{Card, parse_list};
    /// // RULES.md §2.6: A holds 5♣ K♦ A♠ = 16; 30 when aces count 15.
    /// let hand: Vec<Card> = parse_list("5c Kd As")?;
    /// assert_eq!(Config::STANDARD.penalty(hand.iter().copied()), 16);
    /// assert_eq!(Config::STANDARD.with_ace(AceMode::LowOrHigh).penalty(hand), 30);
    /// # Ok::<(), rummykit_classic::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn penalty(&self, cards: impl IntoIterator<Item = Card>) -> u32 {
        cards.into_iter().fold(0, |total: u32, c| total.saturating_add(self.ace.card_value(c)))
    }
}

impl Default for Config {
    /// [`Config::STANDARD`].
    fn default() -> Self {
        Config::STANDARD
    }
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::{AceMode, Config};

    /// A configuration is written with the names of its fields and variants and read
    /// back equal; other names are refused, not read as a default.
    #[test]
    fn a_configuration_reads_under_its_own_names_only() {
        let config = Config::LIBERAL.with_going_rummy_double(false);
        assert_eq!(config.ace, AceMode::LowOrHigh);
        let json = serde_json::to_string(&config).expect("written");
        assert!(
            json.contains(r#""ace":"LowOrHigh""#) && json.contains(r#""going_rummy_double":false"#),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<Config>(&json).expect("read"), config);
        for (name, other) in [("LowOrHigh", "LowAndHigh"), ("going_rummy_double", "going_rummy_twice")] {
            let renamed = json.replace(name, other);
            assert_ne!(renamed, json);
            assert!(serde_json::from_str::<Config>(&renamed).is_err(), "{renamed}");
        }
        // A field the game does not know (a rule a later version may add) is refused
        // too, so a misspelt house rule never plays silently as the default.
        let extra = json.replacen('{', r#"{"wild_deuces":true,"#, 1);
        let err = serde_json::from_str::<Config>(&extra).expect_err("unknown field");
        assert!(err.to_string().contains("unknown field `wild_deuces`"), "{err}");
    }
}
