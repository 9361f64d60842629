//! [`MeldRules`]: one configurable description of what makes a meld valid.

/// Where an ace (number 1) may stand in a run.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
/// let qka: Vec<Card> = parse_list("Qh Kh Ah")?;
/// let low = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let high = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::LowOrHigh);
/// assert!(Meld::new(MeldKind::Run, &qka, &low).is_err());
/// assert!(Meld::new(MeldKind::Run, &qka, &high).is_ok());
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AcePolicy {
    /// 1 is only low: `1-2-3` valid, `12-13-1` not (Rummikub, classic Rummy by default).
    Low,
    /// The ace is only high, after the king: `Q-K-A` valid, `A-2-3` not (Rummy 40).
    High,
    /// The ace is low or high, at one end only: `A-2-3` and `Q-K-A`, not `K-A-2`.
    LowOrHigh,
    /// Runs may turn the corner: `K-A-2` valid (at most 13 pieces, no value twice).
    RoundTheCorner,
}

/// How many jokers a meld may hold.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldError, MeldKind, MeldRules, parse_list};
/// let rules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_jokers(JokerLimit::NotMoreThanNaturals);
/// let cards: Vec<Card> = parse_list("7h * *")?;
/// assert_eq!(Meld::new(MeldKind::Group, &cards, &rules),
///            Err(MeldError::TooManyJokers { jokers: 2, max: 1 }));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JokerLimit {
    /// No jokers at all.
    Forbidden,
    /// Any number, as long as the meld keeps at least one natural.
    Unlimited,
    /// At most this many per meld.
    AtMost(u8),
    /// No more jokers than naturals.
    NotMoreThanNaturals,
    /// No two jokers next to each other in a run (groups are unordered, so unaffected).
    NoAdjacent,
}

/// What makes a meld valid: plain data (`RULES.md` §0).
///
/// One validator ([`Meld::new`](crate::Meld::new)) serves every game; each game crate
/// holds its own rules (`RULES.md` §1.4 Rummikub, §2.4 classic Rummy, §3.4 Rummy 40) as
/// its `MELD_RULES`, and its `Config::meld_rules` applies the options. Variants change a
/// field with the `with_*` methods. Every meld needs at least one natural, always
/// (`RULES.md` §0).
///
/// ```
/// use rummykit_core::{AcePolicy, JokerLimit, MeldRules};
/// let ace_high = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);
/// assert_eq!(ace_high.ace, AcePolicy::High);
/// let either = ace_high.with_ace(AcePolicy::LowOrHigh);
/// assert_eq!((either.ace, either.min_len), (AcePolicy::LowOrHigh, 3));
/// assert_eq!(MeldRules::default().jokers, JokerLimit::Unlimited);
///
/// // A group longer than 4 would repeat a suit: above 4 is read as 4.
/// use rummykit_core::{Card, Meld, MeldError, MeldKind, parse_list};
/// let mut wide = MeldRules::default();
/// wide.max_group_len = 6;
/// let five: Vec<Card> = parse_list("7h 7s 7d 7c *")?;
/// assert_eq!(Meld::new(MeldKind::Group, &five, &wide), Err(MeldError::TooLong { len: 5, max: 4 }));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct MeldRules {
    /// Fewest pieces in a meld (3 in every game here). 0 is read as 1, a meld is never
    /// empty: [`MeldError::TooShort`](crate::MeldError::TooShort) then says `min: 1`.
    pub min_len: u8,
    /// Most pieces in a group (4 in every game here). Above 4 is read as 4, a group never
    /// repeating a suit: [`MeldError::TooLong`](crate::MeldError::TooLong) then says `max: 4`.
    pub max_group_len: u8,
    /// Where an ace may stand in a run.
    pub ace: AcePolicy,
    /// How many jokers a meld may hold.
    pub jokers: JokerLimit,
}

impl MeldRules {
    /// Groups of 3–4 and runs of at least 3, with this ace policy and joker limit: the
    /// shape every game here shares (`RULES.md` §0). Each game crate names its own rules
    /// (`MELD_RULES` and `Config::meld_rules`); core holds no game's presets.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, JokerLimit, MeldRules};
    /// let no_jokers = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// assert_eq!((no_jokers.min_len, no_jokers.max_group_len), (3, 4));
    /// assert_eq!(MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited), MeldRules::default());
    /// ```
    #[must_use]
    pub const fn new(ace: AcePolicy, jokers: JokerLimit) -> MeldRules {
        MeldRules { min_len: 3, max_group_len: 4, ace, jokers }
    }

    /// These rules with another ace policy.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Meld, MeldKind, MeldRules, parse_list};
    /// let q_k_a: Vec<Card> = parse_list("Qh Kh Ah")?;
    /// let low = MeldRules::default();
    /// assert!(Meld::new(MeldKind::Run, &q_k_a, &low).is_err()); // the ace is low only
    /// assert!(Meld::new(MeldKind::Run, &q_k_a, &low.with_ace(AcePolicy::LowOrHigh)).is_ok());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_ace(mut self, ace: AcePolicy) -> Self {
        self.ace = ace;
        self
    }

    /// These rules with another joker limit.
    ///
    /// ```
    /// use rummykit_core::{Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let with_joker: Vec<Card> = parse_list("5s 6s *")?;
    /// let rules = MeldRules::default();
    /// assert!(Meld::new(MeldKind::Run, &with_joker, &rules).is_ok());
    /// assert!(Meld::new(MeldKind::Run, &with_joker, &rules.with_jokers(JokerLimit::Forbidden)).is_err());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_jokers(mut self, jokers: JokerLimit) -> Self {
        self.jokers = jokers;
        self
    }

    /// These rules with another minimum length. 0 is kept as given but read as 1: a meld
    /// is never empty.
    ///
    /// ```
    /// use rummykit_core::{Card, Meld, MeldError, MeldKind, MeldRules, parse_list};
    /// let pair: Vec<Card> = parse_list("7h 7s")?;
    /// let four = MeldRules::default().with_min_len(4);
    /// assert_eq!(four.min_len, 4);
    /// assert_eq!(Meld::new(MeldKind::Group, &pair, &four), Err(MeldError::TooShort { len: 2, min: 4 }));
    /// assert!(Meld::new(MeldKind::Group, &pair, &MeldRules::default().with_min_len(2)).is_ok());
    ///
    /// let none = MeldRules::default().with_min_len(0);
    /// assert_eq!(none.min_len, 0);
    /// assert_eq!(Meld::new(MeldKind::Group, &pair[..0], &none), Err(MeldError::TooShort { len: 0, min: 1 }));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn with_min_len(mut self, min_len: u8) -> Self {
        self.min_len = min_len;
        self
    }
}

impl Default for MeldRules {
    /// Ace low, jokers anywhere: [`MeldRules::new`]`(AcePolicy::Low, JokerLimit::Unlimited)`,
    /// the rules of the tile games (`RULES.md` §1.4, §4.1).
    fn default() -> Self {
        Self::new(AcePolicy::Low, JokerLimit::Unlimited)
    }
}
