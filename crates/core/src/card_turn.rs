//! [`Phase`]: where the player to move stands in a turn of a card game (classic Rummy,
//! Rummy 40): the one turn shape both share (`RULES.md` §2.3, §3.3).

/// Where the player to move stands in their turn of a card game: a turn starts with a
/// draw, then the player plays (melds, lay-offs, what else the game allows) and ends it
/// with a discard (`RULES.md` §2.3, §3.3).
///
/// ```
/// use rummykit_core::Phase;
/// assert_eq!(Phase::Draw.words(), "the turn starts with a draw");
/// assert_ne!(Phase::Play, Phase::Over);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Phase {
    /// The turn starts: draw from the stock or take the top discard.
    Draw,
    /// Drawn: meld, lay off (and what else the game allows), then discard.
    Play,
    /// The hand is over.
    Over,
}

impl Phase {
    /// What the phase allows, in the words of the message of an action made at the wrong
    /// moment (`not allowed now: …`).
    ///
    /// ```
    /// use rummykit_core::Phase;
    /// assert_eq!(Phase::Play.words(), "this turn's card is already drawn");
    /// assert_eq!(Phase::Over.words(), "the hand is over");
    /// ```
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            Phase::Draw => "the turn starts with a draw",
            Phase::Play => "this turn's card is already drawn",
            Phase::Over => "the hand is over",
        }
    }
}
