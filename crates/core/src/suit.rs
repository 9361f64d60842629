//! [`Colour`] (tiles) and [`Suit`] (cards): the four "suits" of the rummy family.

use core::fmt;

/// The colour of a Rummikub tile. Editions differ in the actual colours; the library
/// uses these four names and the notation letters `r`, `b`, `y`, `k`.
///
/// ```
/// use rummykit_core::Colour;
/// assert_eq!(Colour::ALL.map(|c| c.letter()), ['r', 'b', 'y', 'k']);
/// assert_eq!(Colour::from_letter('k'), Some(Colour::Black));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// Red (`r`).
    Red = 0,
    /// Blue (`b`).
    Blue = 1,
    /// Yellow, orange in some editions (`y`).
    Yellow = 2,
    /// Black (`k`).
    Black = 3,
}

/// The suit of a playing card, notation letters `c`, `d`, `h`, `s`.
///
/// ```
/// use rummykit_core::Suit;
/// assert_eq!(Suit::ALL.map(|s| s.letter()), ['c', 'd', 'h', 's']);
/// assert_eq!(Suit::from_letter('H'), Some(Suit::Hearts));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Clubs (`c`).
    Clubs = 0,
    /// Diamonds (`d`).
    Diamonds = 1,
    /// Hearts (`h`).
    Hearts = 2,
    /// Spades (`s`).
    Spades = 3,
}

macro_rules! four {
    ($ty:ident, $what:literal, [$($v:ident = $l:literal),*]) => {
        impl $ty {
            /// All four, in index order.
            ///
            #[doc = concat!("```\nuse rummykit_core::", stringify!($ty), ";\nlet all = ", stringify!($ty), "::ALL;")]
            #[doc = concat!("assert_eq!(all, [", $(stringify!($ty), "::", stringify!($v), ", ",)* "]);")]
            #[doc = "assert!(all.is_sorted());\n```"]
            pub const ALL: [$ty; 4] = [$($ty::$v),*];

            /// The index 0–3 (notation order).
            ///
            #[doc = concat!("```\nuse rummykit_core::", stringify!($ty), ";")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::ALL.map(", stringify!($ty), "::index), [0, 1, 2, 3]);\n```")]
            #[must_use]
            pub const fn index(self) -> u8 {
                self as u8
            }

            /// The value with index `index` (0–3), or `None`.
            ///
            #[doc = concat!("```\nuse rummykit_core::", stringify!($ty), ";")]
            #[doc = concat!("for v in ", stringify!($ty), "::ALL {")]
            #[doc = concat!("    assert_eq!(", stringify!($ty), "::from_index(v.index()), Some(v));\n}")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_index(4), None);\n```")]
            #[must_use]
            pub const fn from_index(index: u8) -> Option<Self> {
                if index < 4 { Some(Self::ALL[index as usize]) } else { None }
            }

            #[doc = concat!("The notation letter of this ", $what, ".")]
            ///
            #[doc = concat!("```\nuse rummykit_core::", stringify!($ty), ";")]
            $(#[doc = concat!("assert_eq!(", stringify!($ty), "::", stringify!($v), ".letter(), '", $l, "');")])*
            #[doc = "```"]
            #[must_use]
            pub const fn letter(self) -> char {
                [$($l),*][self as usize]
            }

            #[doc = concat!("The ", $what, " written with `letter` (either case), or `None`.")]
            ///
            #[doc = concat!("```\nuse rummykit_core::", stringify!($ty), ";")]
            #[doc = concat!("for v in ", stringify!($ty), "::ALL {")]
            #[doc = concat!("    assert_eq!(", stringify!($ty), "::from_letter(v.letter()), Some(v));")]
            #[doc = concat!("    assert_eq!(", stringify!($ty), "::from_letter(v.letter().to_ascii_uppercase()), Some(v));\n}")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_letter('x'), None);\n```")]
            #[must_use]
            pub const fn from_letter(letter: char) -> Option<Self> {
                match letter.to_ascii_lowercase() {
                    $($l => Some($ty::$v),)*
                    _ => None,
                }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", self.letter())
            }
        }
    };
}

four!(Colour, "colour", [Red = 'r', Blue = 'b', Yellow = 'y', Black = 'k']);
four!(Suit, "suit", [Clubs = 'c', Diamonds = 'd', Hearts = 'h', Spades = 's']);
