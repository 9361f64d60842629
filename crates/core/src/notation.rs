//! Text notation: [`ParseError`] and [`parse_list`].
//!
//! Tiles are written `r7 b13 y1 k10` (colour letter, then number) and `J` for a joker;
//! cards `7h Td Qs Ac` (rank, then suit; `10d` is accepted for `Td`) and `*` for a joker.

use thiserror::Error;

use crate::Face;

/// Why a piece could not be parsed. Every variant names the offending token.
///
/// ```
/// use rummykit_core::{ParseError, Tile};
/// assert_eq!("r14".parse::<Tile>(), Err(ParseError::NumberOutOfRange { token: "r14".into() }));
/// assert_eq!("x3".parse::<Tile>().unwrap_err().to_string(), "`x3`: unknown colour `x` (expected r, b, y or k)");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum ParseError {
    /// The input was empty (or only white space) where a piece was expected.
    #[error("empty input: expected a piece")]
    Empty,
    /// A tile's colour letter is not one of `r b y k`.
    #[error("`{token}`: unknown colour `{letter}` (expected r, b, y or k)")]
    UnknownColour {
        /// The whole token.
        token: String,
        /// The letter that is not a colour.
        letter: char,
    },
    /// A card's suit letter is not one of `c d h s`.
    #[error("`{token}`: unknown suit (expected c, d, h or s as the last letter)")]
    UnknownSuit {
        /// The whole token.
        token: String,
    },
    /// A card's rank is not one of `A 2–9 T 10 J Q K`.
    #[error("`{token}`: unknown rank (expected A, 2-9, T or 10, J, Q or K)")]
    UnknownRank {
        /// The whole token.
        token: String,
    },
    /// A tile has a colour but no number (`r`).
    #[error("`{token}`: missing number after the colour")]
    MissingNumber {
        /// The whole token.
        token: String,
    },
    /// A tile's number is not a decimal number (`rx`).
    #[error("`{token}`: not a number after the colour")]
    NotANumber {
        /// The whole token.
        token: String,
    },
    /// A tile's number is outside 1–13.
    #[error("`{token}`: number out of range (tiles are numbered 1 to 13)")]
    NumberOutOfRange {
        /// The whole token.
        token: String,
    },
    /// A list holds more copies of one piece than a count of it can hold.
    #[error("`{token}`: more than {max} copies")]
    TooManyCopies {
        /// The piece written too often.
        token: String,
        /// The most copies a count holds.
        max: u32,
    },
}

/// Parses a whitespace-separated list of faces, in order. An empty string gives an
/// empty list (an empty rack is a legal thing to write down).
///
/// # Errors
///
/// The [`ParseError`] of the first token that does not parse.
///
/// ```
/// use rummykit_core::{parse_list, Card, Tile};
/// let tiles: Vec<Tile> = parse_list("r1 r2 J")?;
/// assert_eq!(tiles.len(), 3);
/// let cards: Vec<Card> = parse_list("7h Td 10d *")?;
/// assert_eq!(cards[1], cards[2]);
/// assert!(parse_list::<Tile>("r1 q2").is_err());
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn parse_list<F: Face>(text: &str) -> Result<Vec<F>, ParseError> {
    text.split_whitespace().map(str::parse).collect()
}

/// Writes faces space-separated, the inverse of [`parse_list`].
///
/// ```
/// use rummykit_core::{format_list, parse_list, Tile};
/// let tiles: Vec<Tile> = parse_list("r1  b2\tJ")?;
/// assert_eq!(format_list(&tiles), "r1 b2 J");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn format_list<F: Face>(faces: &[F]) -> String {
    let mut out = String::new();
    for (i, face) in faces.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(&face.to_string());
    }
    out
}
