//! The one argument parser of `play`, `simulate` and `solve` (on `lexopt`): `--flag
//! value` and `--flag=value`, `--help`, and every bad value refused with a
//! [`UsageError`] naming its flag.

use std::ffi::OsString;
use std::str::FromStr;

use lexopt::{Arg, Parser};

use crate::text::clip;
use rummykit::{UnknownVariant, Variant};

/// A command line the tools refuse: they print it with their usage and exit with
/// status 2.
///
/// ```
/// use rummykit::Variant;
/// use rummykit_terminal::{Options, UsageError};
///
/// let refused = Options::parse(["--game".into(), "rummikub".into(), "--players".into(), "6".into()], 0);
/// let Err(UsageError::Players { game, players, min, max }) = refused else { panic!("{refused:?}") };
/// assert_eq!((game, players.as_str(), min, max), (Variant::Rummikub, "6", 2, 4));
/// let message = |flag: &str, value: &str| Options::parse([flag.into(), value.into()], 0).unwrap_err().to_string();
/// assert_eq!(message("--hands", "0"), "--hands must be a whole number from 1 to 10000, not 0");
/// assert_eq!(message("--hands", "-1"), "--hands must be a whole number from 1 to 10000, not -1");
/// assert_eq!(message("--seed", "x"), "--seed: `x` is not a whole number");
/// assert_eq!(
///     message("--bots", "greedy,,random"),
///     "--bots: `greedy,,random` names an empty bot kind; separate the kinds by single commas"
/// );
/// ```
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum UsageError {
    /// A flag the tool does not know, a missing value, a value given to a switch, a
    /// stray argument (the parser's message names the flag).
    #[error(transparent)]
    Parse(#[from] lexopt::Error),
    /// A value that is not of the flag's kind.
    #[error("{flag}: `{value}` is not {expected}")]
    Value {
        /// The flag.
        flag: &'static str,
        /// The value given (shortened when long).
        value: String,
        /// What the flag takes.
        expected: &'static str,
    },
    /// A number outside the flag's range, negative or too large for any count included.
    #[error("{flag} must be a whole number from {min} to {max}, not {value}")]
    Range {
        /// The flag.
        flag: &'static str,
        /// The value given, as written (shortened when long).
        value: String,
        /// The least value allowed.
        min: u64,
        /// The greatest value allowed.
        max: u64,
    },
    /// `--game` names no game.
    #[error("--game: {0}")]
    Game(#[from] UnknownVariant),
    /// A seat count the game does not take.
    #[error("--players: {game} takes {min} to {max} players, not {players}")]
    Players {
        /// The game.
        game: Variant,
        /// The seat count given, as written (shortened when long): it may be past any
        /// count, or negative.
        players: String,
        /// The fewest seats.
        min: usize,
        /// The most seats.
        max: usize,
    },
    /// `--human` names a seat the table does not have.
    #[error("--human: there is no seat {seat}; the seats are 1 to {players}")]
    Seat {
        /// The seat given (from 1), as written (shortened when long).
        seat: String,
        /// The seat count.
        players: usize,
    },
    /// A bot kind the game does not offer.
    #[error("--bots: {game} has no `{kind}` bot; choose from {}", .game.bot_names().join(", "))]
    Bot {
        /// The game.
        game: Variant,
        /// The kind given (shortened when long).
        kind: String,
    },
    /// `--bots` with no kind in it.
    #[error("--bots: name at least one bot kind")]
    NoBots,
    /// `--bots` with an empty kind among others (`random,,greedy`, a trailing comma):
    /// refused rather than skipped, since the seats would then get other bots than
    /// the list seems to say.
    #[error("--bots: `{list}` names an empty bot kind; separate the kinds by single commas")]
    EmptyBot {
        /// The list given (shortened when long).
        list: String,
    },
    /// `solve` with no position and no `--json`.
    #[error("nothing to solve: give --table and --rack (either may be empty), or --json")]
    NothingToSolve,
    /// `solve`: the position of `--table` and `--rack` is not one a game can hold (more
    /// copies of a tile than the set has, table tiles no melds can hold); `flag` names
    /// the flag or flags whose tiles are at fault.
    #[error("{flag}: {message}")]
    Position {
        /// The flag, or `--table and --rack` when the fault is in both together.
        flag: &'static str,
        /// What is wrong with the position.
        message: String,
    },
    /// `solve --json` with a position on the command line as well.
    #[error("--json reads positions from stdin; it takes no --table, --rack or solving option")]
    JsonWithPosition,
}

/// What a command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Request<T> {
    /// Run with these options.
    Run(T),
    /// Print the help and exit 0.
    Help,
}

/// Reads command-line arguments one at a time.
pub(crate) struct Args {
    parser: Parser,
}

/// One argument: a flag (`--players`), or `Help` for `--help` / `-h`.
pub(crate) enum Flag {
    Long(String),
    Help,
}

impl Args {
    pub(crate) fn new(args: impl IntoIterator<Item = OsString>) -> Args {
        Args { parser: Parser::from_args(args) }
    }

    /// The next flag, `None` at the end. Positional arguments are refused: no tool
    /// takes any.
    pub(crate) fn next(&mut self) -> Result<Option<Flag>, UsageError> {
        match self.parser.next()? {
            None => Ok(None),
            Some(Arg::Long("help") | Arg::Short('h')) => Ok(Some(Flag::Help)),
            Some(Arg::Long(name)) => Ok(Some(Flag::Long(name.to_owned()))),
            Some(other) => Err(other.unexpected().into()),
        }
    }

    /// The value of the flag just read, as text.
    pub(crate) fn text(&mut self, flag: &'static str) -> Result<String, UsageError> {
        let value = self.parser.value()?;
        value.into_string().map_err(|v| UsageError::Value {
            flag,
            value: clip(&v.to_string_lossy()),
            expected: "valid UTF-8 text",
        })
    }

    /// The value of the flag just read, as a whole number in `min..=max`. Digits that
    /// are negative or too large for any count are out of range, not "not a number".
    pub(crate) fn number(&mut self, flag: &'static str, min: u64, max: u64) -> Result<u64, UsageError> {
        let text = self.text(flag)?;
        let number = text.trim();
        let digits = number.strip_prefix(['-', '+']).unwrap_or(number);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(UsageError::Value { flag, value: clip(&text), expected: "a whole number" });
        }
        match number.parse::<u64>() {
            Ok(value) if (min..=max).contains(&value) => Ok(value),
            _ => Err(UsageError::Range { flag, value: clip(number), min, max }),
        }
    }

    /// The value of the flag just read: a whole number, perhaps signed, as written (a
    /// count whose range the tool knows only once every flag is read).
    pub(crate) fn whole(&mut self, flag: &'static str) -> Result<String, UsageError> {
        let text = self.text(flag)?;
        let number = text.trim();
        let digits = number.strip_prefix(['-', '+']).unwrap_or(number);
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(UsageError::Value { flag, value: clip(&text), expected: "a whole number" });
        }
        Ok(number.to_owned())
    }

    /// The value of the flag just read, parsed.
    pub(crate) fn parsed<T: FromStr>(&mut self, flag: &'static str) -> Result<T, UsageError>
    where
        UsageError: From<T::Err>,
    {
        Ok(self.text(flag)?.parse::<T>()?)
    }

    /// An unknown flag, refused.
    pub(crate) fn unknown(flag: &str) -> UsageError {
        UsageError::Parse(lexopt::Error::UnexpectedOption(format!("--{}", clip(flag))))
    }
}

/// Bot kinds from `--bots a,b,c`; each is checked against the game's kinds later.
pub(crate) fn bot_kinds(text: &str) -> Result<Vec<String>, UsageError> {
    let kinds: Vec<String> = text.split(',').map(|s| s.trim().to_ascii_lowercase()).collect();
    refuse_empty(&kinds, text)?;
    Ok(kinds)
}

/// Kinds all empty (`--bots ""`) are no kind; one empty among others is an empty kind
/// in `list`, the list as given.
fn refuse_empty(kinds: &[String], list: &str) -> Result<(), UsageError> {
    if !kinds.is_empty() && kinds.iter().all(|k| k.trim().is_empty()) {
        return Err(UsageError::NoBots);
    }
    if kinds.iter().any(|k| k.trim().is_empty()) {
        return Err(UsageError::EmptyBot { list: clip(list) });
    }
    Ok(())
}

/// Refuses bot kinds `game` does not offer, and empty kinds as the command line does:
/// kinds all empty (`--bots ""`) as no kind, one empty among others as an empty kind.
/// (No kind at all is the caller's to decide: `play` then seats its default bots.)
/// A kind is read as the library reads a bot's name: any ASCII case, spaces around it
/// aside.
pub(crate) fn check_bots(game: Variant, kinds: &[String]) -> Result<(), UsageError> {
    refuse_empty(kinds, &kinds.join(","))?;
    let offered = |k: &str| game.bot_names().iter().any(|name| name.eq_ignore_ascii_case(k.trim()));
    match kinds.iter().find(|k| !offered(k)) {
        Some(kind) => Err(UsageError::Bot { game, kind: clip(kind) }),
        None => Ok(()),
    }
}

/// Refuses a seat count `game` does not take; checked before anything is allocated
/// per seat.
pub(crate) fn check_players(game: Variant, players: &str) -> Result<usize, UsageError> {
    let range = game.seat_range();
    match players.parse::<usize>() {
        Ok(n) if range.contains(&n) => Ok(n),
        // Negative or past any count too: the game's own range is what to say.
        _ => {
            Err(UsageError::Players { game, players: clip(players), min: *range.start(), max: *range.end() })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Options, SimOptions};

    /// Empty bot kinds are refused the same way from a library's options as from the
    /// command line: all empty (`--bots ""`, `--bots " "`) as no kind, one empty among
    /// others as an empty kind, for `play` and `simulate` alike.
    #[test]
    fn empty_bot_kinds_are_refused_as_the_command_line_refuses_them() {
        for game in [Variant::Rummikub, Variant::Rummy40] {
            for text in ["", " ", " , ", "greedy,,random", "random, "] {
                let line = Options::parse(["--bots".into(), text.into()], 0).unwrap_err();
                let kinds: Vec<String> = text.split(',').map(str::to_owned).collect();
                let mut play = Options::new(game);
                play.bots.clone_from(&kinds);
                let simulate = SimOptions::new(game, kinds, 10);
                for library in [play.check(), simulate.check()] {
                    let library = library.unwrap_err();
                    assert_eq!(library.to_string(), line.to_string(), "{game:?} `{text}`");
                    let all_empty = text.split(',').all(|k| k.trim().is_empty());
                    assert_eq!(matches!(library, UsageError::NoBots), all_empty, "{game:?} `{text}`");
                }
            }
        }
        // No kind at all: `play` seats its default bots, `simulate` has none to seat.
        assert!(Options::new(Variant::Classic).check().is_ok());
        assert!(matches!(SimOptions::new(Variant::Classic, Vec::new(), 10).check(), Err(UsageError::NoBots)));
    }
}
