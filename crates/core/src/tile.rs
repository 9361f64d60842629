//! [`Tile`]: the face of a Rummikub tile.

use core::fmt;
use core::str::FromStr;

use crate::{Colour, Face, ParseError};

/// The face of a Rummikub tile: a colour and a number 1–13, or a joker.
///
/// Notation: colour letter then number (`r7`, `b13`, `y1`, `k10`), `J` for the joker.
/// Two physical tiles with the same face are interchangeable; identity is a
/// [`PieceId`](crate::PieceId) in a [`Catalog`](crate::Catalog).
///
/// ```
/// use rummykit_core::{Colour, Tile};
/// let t = Tile::new(Colour::Blue, 13).unwrap();
/// assert_eq!(t.to_string(), "b13");
/// assert_eq!("b13".parse::<Tile>(), Ok(t));
/// assert_eq!(Tile::JOKER.to_string(), "J");
/// assert_eq!(Tile::new(Colour::Red, 0), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The joker tile.
    ///
    /// ```
    /// use rummykit_core::{Face, Tile};
    /// assert_eq!("J".parse::<Tile>()?, Tile::JOKER);
    /// assert!(Tile::JOKER.is_joker() && Tile::JOKER.suit_index().is_none());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub const JOKER: Tile = Tile(52);

    /// The tile of `colour` and `number`; `None` unless `number` is 1–13.
    ///
    /// ```
    /// use rummykit_core::{Colour, Tile};
    /// assert_eq!(Tile::new(Colour::Black, 10).map(|t| t.to_string()), Some("k10".into()));
    /// assert_eq!(Tile::new(Colour::Blue, 14), None);
    /// ```
    #[must_use]
    pub const fn new(colour: Colour, number: u8) -> Option<Tile> {
        if number >= 1 && number <= 13 { Some(Tile(colour as u8 * 13 + number - 1)) } else { None }
    }

    /// The colour of a natural tile; `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Colour, Tile};
    /// assert_eq!("y4".parse::<Tile>()?.colour(), Some(Colour::Yellow));
    /// assert_eq!(Tile::JOKER.colour(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn colour(self) -> Option<Colour> {
        if self.0 < 52 { Colour::from_index(self.0 / 13) } else { None }
    }

    /// The number 1–13 of a natural tile, or `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// assert_eq!("r13".parse::<Tile>()?.number(), Some(13));
    /// assert_eq!(Tile::JOKER.number(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn number(self) -> Option<u8> {
        if self.0 < 52 { Some(self.0 % 13 + 1) } else { None }
    }

    /// `true` for the joker.
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// assert!("J".parse::<Tile>()?.is_joker());
    /// assert!(!"b1".parse::<Tile>()?.is_joker());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The dense index 0–52 (see [`Face`]).
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// // Red, blue, yellow, black, 13 each, then the joker.
    /// assert_eq!("r1".parse::<Tile>()?.index(), 0);
    /// assert_eq!("k13".parse::<Tile>()?.index(), 51);
    /// assert_eq!(Tile::JOKER.index(), 52);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// All 53 faces in index order: `r1..r13 b1..b13 y1..y13 k1..k13 J`.
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// assert_eq!(Tile::all().count(), 53);
    /// assert_eq!(Tile::all().last(), Some(Tile::JOKER));
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Tile> + Clone {
        (0..53).map(Tile)
    }
}

impl Face for Tile {
    const JOKER: Self = Tile::JOKER;

    fn from_index(index: u8) -> Option<Self> {
        (index <= 52).then_some(Tile(index))
    }

    #[inline]
    fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.colour(), self.number()) {
            (Some(c), Some(n)) => write!(f, "{}{}", c.letter(), n),
            _ => f.write_str("J"),
        }
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Tile {
    type Err = ParseError;

    /// Parses `r7`, `B13` (colour letters in either case) or `J`/`j`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let token = s.trim();
        let mut chars = token.chars();
        let Some(first) = chars.next() else {
            return Err(ParseError::Empty);
        };
        let rest = chars.as_str();
        if rest.is_empty() && (first == 'J' || first == 'j') {
            return Ok(Tile::JOKER);
        }
        let Some(colour) = Colour::from_letter(first) else {
            return Err(ParseError::UnknownColour { token: token.into(), letter: first });
        };
        if rest.is_empty() {
            return Err(ParseError::MissingNumber { token: token.into() });
        }
        if !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseError::NotANumber { token: token.into() });
        }
        // More than two digits is out of range whatever they say (and cannot overflow).
        let number = if rest.len() > 2 { 0 } else { rest.parse::<u8>().unwrap_or(0) };
        Tile::new(colour, number).ok_or_else(|| ParseError::NumberOutOfRange { token: token.into() })
    }
}
