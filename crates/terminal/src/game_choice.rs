//! [`GameChoice`]: the games the tools play, their seat counts, bots and rules in brief.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use rummykit_classic::Config as ClassicConfig;
use rummykit_core::{MatchEnd, Ranking};
use rummykit_rummikub::{Config as RummikubConfig, session_terms};
use rummykit_rummy40::Config as Rummy40Config;

use rummykit::{AnyConfig, Variant};

use crate::text::plural;

/// The games the front end plays.
///
/// ```
/// use rummykit_terminal::GameChoice;
///
/// // What `--game` takes: the names, in any case.
/// let names: Vec<&str> = GameChoice::ALL.iter().map(|g| g.name()).collect();
/// assert_eq!(names, ["rummikub", "schmidt", "classic", "rummy40", "scala40"]);
/// assert_eq!("Classic".parse::<GameChoice>(), Ok(GameChoice::Classic));
/// assert_eq!(GameChoice::default(), GameChoice::Rummikub);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum GameChoice {
    /// Rummikub, box rules (RULES.md §1).
    #[default]
    Rummikub,
    /// Rummikub, Schmidt variant (RULES.md §4.1).
    Schmidt,
    /// Classic Rummy (RULES.md §2).
    Classic,
    /// Rummy 40 (RULES.md §3).
    Rummy40,
    /// Scala 40 (the Scala 40 options of RULES.md §3.9).
    Scala40,
}

/// A game name the front end does not know.
///
/// ```
/// use rummykit_terminal::{GameChoice, UnknownGame};
///
/// let refused = "gin".parse::<GameChoice>();
/// assert_eq!(refused, Err(UnknownGame { name: "gin".into() }));
/// assert!(refused.unwrap_err().to_string().starts_with("`gin` is not a game: choose one of rummikub"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{name}` is not a game: choose one of rummikub, schmidt, classic, rummy40, scala40")]
pub struct UnknownGame {
    /// The name given (shortened when long).
    pub name: String,
}

impl GameChoice {
    /// Every game, in the order of the help text.
    ///
    /// ```
    /// use rummykit_terminal::GameChoice;
    /// let names = GameChoice::ALL.map(GameChoice::name);
    /// assert_eq!(names, ["rummikub", "schmidt", "classic", "rummy40", "scala40"]);
    /// // Each name reads back as its game.
    /// for game in GameChoice::ALL {
    ///     assert_eq!(game.name().parse::<GameChoice>(), Ok(game));
    /// }
    /// ```
    pub const ALL: [GameChoice; 5] = [
        GameChoice::Rummikub,
        GameChoice::Schmidt,
        GameChoice::Classic,
        GameChoice::Rummy40,
        GameChoice::Scala40,
    ];

    /// The library's [`Variant`] this game is: its name, rules and bots come from there.
    ///
    /// ```
    /// use rummykit::Variant;
    /// use rummykit_terminal::GameChoice;
    /// assert_eq!(GameChoice::Schmidt.variant(), Variant::Schmidt);
    /// ```
    #[must_use]
    pub const fn variant(self) -> Variant {
        match self {
            GameChoice::Rummikub => Variant::Rummikub,
            GameChoice::Schmidt => Variant::Schmidt,
            GameChoice::Classic => Variant::Classic,
            GameChoice::Rummy40 => Variant::Rummy40,
            GameChoice::Scala40 => Variant::Scala40,
        }
    }

    /// The name used on the command line and in records: the [`Variant`]'s.
    ///
    /// ```
    /// use rummykit_terminal::GameChoice;
    /// assert_eq!(GameChoice::Scala40.name(), "scala40");
    /// assert_eq!("Scala40".parse::<GameChoice>(), Ok(GameChoice::Scala40));
    /// ```
    #[must_use]
    pub const fn name(self) -> &'static str {
        self.variant().name()
    }

    /// The bot kinds this game offers, weakest first: the [`Variant`]'s.
    ///
    /// ```
    /// use rummykit_terminal::GameChoice;
    ///
    /// assert_eq!(GameChoice::Classic.bot_kinds(), ["random", "greedy", "planner"]);
    /// assert!(GameChoice::Schmidt.bot_kinds().contains(&"sampler"));
    /// ```
    #[must_use]
    pub const fn bot_kinds(self) -> &'static [&'static str] {
        self.variant().bot_names()
    }

    /// The seat counts the game takes (RULES.md §1.1, §2.1, §3.1).
    ///
    /// ```
    /// use rummykit_terminal::GameChoice;
    /// assert_eq!(GameChoice::Rummikub.seats(), 2..=4);
    /// assert_eq!(GameChoice::Scala40.seats(), 2..=6);
    /// ```
    #[must_use]
    pub fn seats(self) -> RangeInclusive<usize> {
        self.variant().seat_range()
    }

    /// The Rummikub rules of this choice (`None` for the card games).
    pub(crate) fn rummikub_rules(self) -> Option<RummikubConfig> {
        match self.variant().config() {
            AnyConfig::Rummikub(rules) => Some(rules),
            _ => None,
        }
    }

    /// The Rummy 40 options of this choice, as the front ends play them: the preset
    /// with at most [`RUMMY40_RESTOCKS`](crate::RUMMY40_RESTOCKS) restocks.
    pub(crate) fn rummy40_config(self) -> Option<Rummy40Config> {
        match self.variant().config().with_max_restocks(Some(crate::RUMMY40_RESTOCKS)) {
            AnyConfig::Rummy40(config) => Some(config),
            _ => None,
        }
    }

    /// Classic Rummy as the front ends play it: at most two restocks (RULES.md §2.5's
    /// recommended cap; a hand that needs a third is void). Bots could otherwise pass
    /// cards around for ever.
    pub(crate) fn classic_config(end: MatchEnd) -> ClassicConfig {
        ClassicConfig::SIMULATION.with_game_end(end)
    }

    /// The match a game plays by its own rules, and how its seats are ranked: Rummikub
    /// by the rules' session terms, one game per player (RULES.md §1.8); classic to 100
    /// points (§2.7); Rummy 40 and Scala 40 by elimination at 101 (§3.8). `hands` asks
    /// for that many hands instead.
    ///
    /// ```
    /// use rummykit_core::{MatchEnd, Ranking};
    /// use rummykit_terminal::GameChoice;
    /// assert_eq!(GameChoice::Rummikub.match_terms(3, None), (MatchEnd::FixedHands(3), Ranking::Total));
    /// assert_eq!(GameChoice::Classic.match_terms(3, None).0, MatchEnd::TargetScore(100));
    /// assert_eq!(GameChoice::Scala40.match_terms(3, Some(2)).0, MatchEnd::FixedHands(2));
    /// ```
    #[must_use]
    pub fn match_terms(self, players: usize, hands: Option<u32>) -> (MatchEnd, Ranking) {
        let (end, ranking) = match self {
            GameChoice::Rummikub | GameChoice::Schmidt => {
                let rules = self.rummikub_rules().unwrap_or(RummikubConfig::STANDARD);
                session_terms(rules.session_ranking, u32::try_from(players).unwrap_or(u32::MAX))
            }
            GameChoice::Classic => (ClassicConfig::STANDARD.game_end, Ranking::Total),
            GameChoice::Rummy40 | GameChoice::Scala40 => {
                (self.rummy40_config().map_or(MatchEnd::Elimination(101), |c| c.game_end), Ranking::Total)
            }
        };
        (hands.map_or(end, MatchEnd::FixedHands), ranking)
    }

    /// The goal, the opening rule and the end of the match, in a few lines: printed at
    /// the start of `play` and by `help`.
    ///
    /// ```
    /// use rummykit_core::MatchEnd;
    /// use rummykit_terminal::GameChoice;
    /// let text = GameChoice::Rummy40.rules_in_brief(MatchEnd::Elimination(101));
    /// assert!(text.contains("at least 40 points"));
    /// assert!(text.contains("101"));
    /// ```
    #[must_use]
    pub fn rules_in_brief(self, end: MatchEnd) -> String {
        let mut lines = Vec::new();
        match self {
            GameChoice::Rummikub | GameChoice::Schmidt => {
                let rules = self.rummikub_rules().unwrap_or(RummikubConfig::STANDARD);
                lines.push(
                    "goal: be the first to lay every tile of your rack on the table, in groups \
                     (one number, different colours) and runs (one colour, consecutive numbers) of 3 \
                     or more (RULES.md §1.4)"
                        .to_owned(),
                );
                lines.push(format!(
                    "opening: your first play is new melds from your own rack worth at least {} points \
                     (the numbers; a joker counts as the tile it stands for); until then you may not \
                     touch the table (RULES.md §1.5)",
                    rules.initial_meld_threshold
                ));
                if self == GameChoice::Schmidt {
                    lines.push(format!(
                        "Schmidt rules (RULES.md §4.1): you may add to table melds only after your \
                         opening; a meld you break up must keep at least 3 of its tiles together (or \
                         be used up completely); a joker on the table moves only when its own tile \
                         replaces it, and is used again in the same turn; laying out a whole rack in \
                         one turn needs no opening and doubles the others' minus points; a joker left \
                         on a rack costs {}",
                        rules.joker_penalty
                    ));
                }
                lines.push(format!(
                    "each turn: play tiles (commit), or draw one; a game ends when someone goes out, \
                     or when the pool is empty and everyone passes; the others lose the value of \
                     their racks (a joker {}), the winner gains it (RULES.md §1.7, §1.8)",
                    rules.joker_penalty
                ));
            }
            GameChoice::Classic => {
                lines.push(
                    "goal: be the first to get rid of every card by melding sets (3 or 4 of a rank) \
                     and runs (3 or more of a suit in sequence, ace low) and laying cards off on any \
                     meld (RULES.md §2.3, §2.4)"
                        .to_owned(),
                );
                lines.push(
                    "opening: none: meld as soon as you can; each turn: draw from the stock or take \
                     the top discard, meld or lay off if you like, then discard (RULES.md §2.3)"
                        .to_owned(),
                );
                lines.push(
                    "the winner of a hand scores the cards left in the others' hands, double for \
                     going out in one turn (RULES.md §2.6); a hand is void when the stock runs out \
                     a third time (RULES.md §2.5)"
                        .to_owned(),
                );
            }
            GameChoice::Rummy40 | GameChoice::Scala40 => {
                let c = self.rummy40_config().unwrap_or(Rummy40Config::RUMMY40);
                lines.push(
                    "goal: be the first to meld every card but one and discard it; the others take \
                     penalty points for the cards in their hands, so lower is better (RULES.md §3.7, \
                     §3.8)"
                        .to_owned(),
                );
                lines.push(format!(
                    "opening: your first melds must be worth at least {} points from your own hand \
                     (ace 11, face cards 10); before it you may not lay off or swap jokers, and you \
                     take the discard only to open with it (RULES.md §3.5)",
                    c.opening_threshold
                ));
                if self == GameChoice::Scala40 {
                    lines.push(format!(
                        "Scala 40 options (RULES.md §3.9): {} jokers, each {} penalty points in hand; \
                         the ace is also low (A 2 3){}{}",
                        c.jokers,
                        c.joker_hand_penalty,
                        if c.taken_discard_must_be_used_after_open {
                            "; a discard you take must be used in the same turn"
                        } else {
                            ""
                        },
                        if c.forbid_playable_discard {
                            "; you may not discard a card that fits a meld on the table"
                        } else {
                            ""
                        }
                    ));
                }
                lines.push(format!(
                    "a hand is void when the stock runs out more than {} times",
                    crate::RUMMY40_RESTOCKS
                ));
            }
        }
        lines.push(format!("match: {}", match_words(self, end)));
        lines.join("\n")
    }
}

/// The end of a match in words.
fn match_words(game: GameChoice, end: MatchEnd) -> String {
    let order = match game {
        GameChoice::Rummy40 | GameChoice::Scala40 => "the lowest total wins",
        _ => "the highest total wins",
    };
    match end {
        MatchEnd::FixedHands(n) if matches!(game, GameChoice::Rummikub | GameChoice::Schmidt) => {
            format!("{}; {order} (RULES.md §1.8)", plural(n as usize, "game"))
        }
        MatchEnd::FixedHands(n) => format!("{}; {order}", plural(n as usize, "hand")),
        MatchEnd::TargetScore(t) => format!("until someone reaches {t} points; {order}"),
        MatchEnd::Elimination(t) => {
            format!("a player with {t} penalty points or more is out; the last one left wins (RULES.md §3.8)")
        }
        _ => "one hand".to_owned(),
    }
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameChoice {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameChoice::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownGame { name: crate::text::clip(s) })
    }
}
