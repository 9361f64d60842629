//! [`Variant`]: every game and preset of the library by name, with its rules.

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use rummykit_classic::Config as ClassicConfig;
use rummykit_core::{Game, MatchEnd, ScoreOrder};
use rummykit_rummikub::Config as RummikubConfig;
use rummykit_rummy40::Config as Rummy40Config;
use thiserror::Error;

use rummykit_classic::ClassicRummy;
use rummykit_rummikub::Rummikub;
use rummykit_rummy40::Rummy40;

use crate::{AnyConfig, AnyGame, GameKind, NamedBots};

/// Every game and preset of the library, to choose at run time: each has a name
/// ([`Variant::name`], parsed back by [`FromStr`] without regard to case), its rules
/// ([`Variant::config`], dealt by [`AnyGame`]) and its bots by name
/// ([`Variant::bot_names`], built by [`bot`](crate::bot)).
///
/// ```
/// use rummykit::Variant;
/// let v: Variant = "Scala40".parse()?;
/// assert_eq!(v, Variant::Scala40);
/// assert_eq!(v.to_string(), "scala40");
/// assert_eq!(v.bot_names(), ["random", "greedy", "planner"]);
/// # Ok::<(), rummykit::UnknownVariant>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Rummikub, box rules (RULES.md §1): [`RummikubConfig::STANDARD`].
    #[default]
    Rummikub,
    /// Rummikub with the 160-tile set for up to six players (RULES.md §1.1):
    /// [`RummikubConfig::XP`].
    RummikubXp,
    /// Rummikub, Schmidt variant (RULES.md §4.1): [`RummikubConfig::SCHMIDT`].
    Schmidt,
    /// Classic Rummy (RULES.md §2), the defaults of §2.7, to 100 points:
    /// [`ClassicConfig::STANDARD`].
    Classic,
    /// Classic Rummy where the last card must be discarded to go out:
    /// [`ClassicConfig::LAST_CARD`].
    ClassicLastCard,
    /// Classic Rummy, a liberal house game (unlimited melds per turn, aces high or low,
    /// shuffled restocks): [`ClassicConfig::LIBERAL`].
    ClassicLiberal,
    /// Rummy 40 (RULES.md §3): [`Rummy40Config::RUMMY40`].
    Rummy40,
    /// Scala 40 (the options of RULES.md §3.9): [`Rummy40Config::SCALA40`].
    Scala40,
}

/// A name that is no [`Variant`]'s.
///
/// ```
/// use rummykit::{UnknownVariant, Variant};
/// let err = "poker".parse::<Variant>().unwrap_err();
/// assert_eq!(err, UnknownVariant { name: "poker".to_owned() });
/// assert!(err.to_string().starts_with("`poker` is not a game: choose one of rummikub, rummikub-xp,"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("`{name}` is not a game: choose one of {}", names(Variant::ALL.iter().map(|v| v.name())))]
pub struct UnknownVariant {
    /// The name given (its first 40 characters when longer).
    pub name: String,
}

/// `names` joined by commas.
pub(crate) fn names<'a>(names: impl Iterator<Item = &'a str>) -> String {
    names.collect::<Vec<_>>().join(", ")
}

/// The first 40 characters of `s`: what an error quotes of a name given to it, so that
/// a hostile name cannot blow up a message.
pub(crate) fn clip(s: &str) -> String {
    s.chars().take(40).collect()
}

impl Variant {
    /// Every variant, in the order of [`Variant::name`]'s table.
    ///
    /// ```
    /// use rummykit::Variant;
    /// assert_eq!(Variant::ALL.len(), 8);
    /// assert_eq!(Variant::ALL[0], Variant::default());
    /// ```
    pub const ALL: [Variant; 8] = [
        Variant::Rummikub,
        Variant::RummikubXp,
        Variant::Schmidt,
        Variant::Classic,
        Variant::ClassicLastCard,
        Variant::ClassicLiberal,
        Variant::Rummy40,
        Variant::Scala40,
    ];

    /// The variant's name: lower case, words joined by `-`, what [`FromStr`] reads.
    ///
    /// ```
    /// use rummykit::Variant;
    /// assert_eq!(Variant::ClassicLastCard.name(), "classic-last-card");
    /// assert_eq!(Variant::Rummy40.name(), "rummy40");
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Rummikub => "rummikub",
            Variant::RummikubXp => "rummikub-xp",
            Variant::Schmidt => "schmidt",
            Variant::Classic => "classic",
            Variant::ClassicLastCard => "classic-last-card",
            Variant::ClassicLiberal => "classic-liberal",
            Variant::Rummy40 => "rummy40",
            Variant::Scala40 => "scala40",
        }
    }

    /// The engine that plays this variant.
    ///
    /// ```
    /// use rummykit::{GameKind, Variant};
    /// assert_eq!(Variant::ClassicLiberal.kind(), GameKind::Classic);
    /// ```
    #[must_use]
    pub const fn kind(self) -> GameKind {
        match self {
            Variant::Rummikub | Variant::RummikubXp | Variant::Schmidt => GameKind::Rummikub,
            Variant::Classic | Variant::ClassicLastCard | Variant::ClassicLiberal => GameKind::Classic,
            Variant::Rummy40 | Variant::Scala40 => GameKind::Rummy40,
        }
    }

    /// The variant's rules, as the preset gives them: classic Rummy played to 100
    /// points (RULES.md §2.7), Rummy 40 and Scala 40 by elimination at 101 (§3.8), no
    /// restock cap (set one with [`AnyConfig::with_max_restocks`] for bots).
    ///
    /// ```
    /// use rummykit::{AnyConfig, Variant};
    /// assert_eq!(Variant::Schmidt.config(), AnyConfig::Rummikub(rummykit::rummikub::Config::SCHMIDT));
    /// assert_eq!(Variant::Scala40.config(), AnyConfig::Rummy40(rummykit::rummy40::Config::SCALA40));
    /// ```
    #[must_use]
    pub const fn config(self) -> AnyConfig {
        const TO_100: MatchEnd = MatchEnd::TargetScore(100);
        match self {
            Variant::Rummikub => AnyConfig::Rummikub(RummikubConfig::STANDARD),
            Variant::RummikubXp => AnyConfig::Rummikub(RummikubConfig::XP),
            Variant::Schmidt => AnyConfig::Rummikub(RummikubConfig::SCHMIDT),
            Variant::Classic => AnyConfig::Classic(ClassicConfig::STANDARD.with_game_end(TO_100)),
            Variant::ClassicLastCard => AnyConfig::Classic(ClassicConfig::LAST_CARD.with_game_end(TO_100)),
            Variant::ClassicLiberal => AnyConfig::Classic(ClassicConfig::LIBERAL.with_game_end(TO_100)),
            Variant::Rummy40 => AnyConfig::Rummy40(Rummy40Config::RUMMY40),
            Variant::Scala40 => AnyConfig::Rummy40(Rummy40Config::SCALA40),
        }
    }

    /// The numbers of players the variant takes (RULES.md §1.1, §2.1, §3.1).
    ///
    /// ```
    /// use rummykit::Variant;
    /// assert_eq!(Variant::Rummikub.seat_range(), 2..=4);
    /// assert_eq!(Variant::RummikubXp.seat_range(), 2..=6);
    /// assert_eq!(Variant::Scala40.seat_range(), 2..=6);
    /// ```
    #[must_use]
    pub fn seat_range(self) -> RangeInclusive<usize> {
        AnyGame::seat_range(&self.config())
    }

    /// Whether the game counts more points as better (Rummikub, classic) or fewer
    /// (Rummy 40's penalty points). [`AnyGame`] keeps each engine's own scores, so this
    /// is also what [`Game::score_order`](rummykit_core::Game::score_order) says of the
    /// variant's configuration.
    ///
    /// ```
    /// use rummykit::{AnyGame, Game, ScoreOrder, Variant};
    /// assert_eq!(Variant::Scala40.score_order(), ScoreOrder::LowerIsBetter);
    /// assert_eq!(Variant::Classic.score_order(), ScoreOrder::HigherIsBetter);
    /// for variant in Variant::ALL {
    ///     assert_eq!(variant.score_order(), AnyGame::score_order(&variant.config()), "{variant}");
    /// }
    /// ```
    #[must_use]
    pub const fn score_order(self) -> ScoreOrder {
        match self.kind() {
            GameKind::Rummy40 => ScoreOrder::LowerIsBetter,
            GameKind::Rummikub | GameKind::Classic => ScoreOrder::HigherIsBetter,
        }
    }

    /// The names of the bots [`bot`](crate::bot) builds for this variant, weakest
    /// first.
    ///
    /// ```
    /// use rummykit::Variant;
    /// assert_eq!(Variant::Schmidt.bot_names(), ["random", "greedy", "thorough", "sampler"]);
    /// assert_eq!(Variant::Classic.bot_names(), ["random", "greedy", "planner"]);
    /// ```
    #[must_use]
    pub const fn bot_names(self) -> &'static [&'static str] {
        match self.kind() {
            GameKind::Rummikub => Rummikub::BOT_NAMES,
            GameKind::Classic => ClassicRummy::BOT_NAMES,
            GameKind::Rummy40 => Rummy40::BOT_NAMES,
        }
    }
}

impl fmt::Display for Variant {
    /// The [`name`](Variant::name).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Written as its [`name`](Variant::name) (`"rummikub-xp"`), the spelling of the command
/// line and of match records, and read back as [`FromStr`] reads it.
///
/// ```
/// use rummykit::Variant;
/// assert_eq!(serde_json::to_string(&Variant::RummikubXp)?, r#""rummikub-xp""#);
/// assert_eq!(serde_json::from_str::<Variant>(r#""Scala40""#)?, Variant::Scala40);
/// assert!(serde_json::from_str::<Variant>(r#""poker""#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[cfg(feature = "serde")]
impl serde::Serialize for Variant {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

/// Read from a [`name`](Variant::name), in any case (see the `Serialize` impl).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Variant {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Variant, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for Variant {
    type Err = UnknownVariant;

    /// The variant of this [`name`](Variant::name), in any case, surrounding blanks
    /// ignored.
    ///
    /// # Errors
    ///
    /// [`UnknownVariant`] for any other name.
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        let wanted = s.trim();
        Variant::ALL
            .into_iter()
            .find(|v| v.name().eq_ignore_ascii_case(wanted))
            .ok_or_else(|| UnknownVariant { name: clip(s) })
    }
}
