//! [`Rank`] and [`Card`]: the face of a playing card.

use core::fmt;
use core::str::FromStr;

use crate::{Face, ParseError, Suit};

/// The rank of a playing card. Its number is 1 (ace) to 13 (king); whether an ace is
/// also high is a meld rule ([`AcePolicy`](crate::AcePolicy)), not part of the card.
///
/// ```
/// use rummykit_core::Rank;
/// assert_eq!(Rank::Ace.number(), 1);
/// assert_eq!(Rank::from_number(12), Some(Rank::Queen));
/// assert_eq!(Rank::Ten.letter(), 'T');
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[allow(missing_docs)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// All thirteen ranks, ace first.
    ///
    /// ```
    /// use rummykit_core::Rank;
    /// assert_eq!((Rank::ALL[0], Rank::ALL[12]), (Rank::Ace, Rank::King));
    /// assert!(Rank::ALL.is_sorted());
    /// ```
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];

    /// The number 1 (ace) to 13 (king).
    ///
    /// ```
    /// use rummykit_core::Rank;
    /// assert_eq!(Rank::Ace.number(), 1);
    /// assert_eq!(Rank::King.number(), 13);
    /// ```
    #[must_use]
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The rank with number 1–13, or `None`.
    ///
    /// ```
    /// use rummykit_core::Rank;
    /// assert_eq!(Rank::from_number(11), Some(Rank::Jack));
    /// assert_eq!(Rank::from_number(14), None); // a high ace is a rule, not a rank
    /// ```
    #[must_use]
    pub const fn from_number(number: u8) -> Option<Rank> {
        if number >= 1 && number <= 13 { Some(Rank::ALL[number as usize - 1]) } else { None }
    }

    /// The notation letter: `A 2 … 9 T J Q K`.
    ///
    /// ```
    /// use rummykit_core::Rank;
    /// let letters: String = Rank::ALL.iter().map(|r| r.letter()).collect();
    /// assert_eq!(letters, "A23456789TJQK");
    /// ```
    #[must_use]
    pub const fn letter(self) -> char {
        b"A23456789TJQK"[self as usize - 1] as char
    }
}

/// The face of a playing card: a rank and a suit, or a joker.
///
/// Notation: rank then suit (`7h`, `Td`, `Qs`, `Ac`; `10d` is read as `Td`), `*` for a
/// joker. Letters are accepted in either case; `Display` writes the canonical form.
///
/// ```
/// use rummykit_core::{Card, Rank, Suit};
/// let c = Card::new(Rank::Ten, Suit::Diamonds);
/// assert_eq!(c.to_string(), "Td");
/// assert_eq!("10d".parse::<Card>(), Ok(c));
/// assert_eq!("*".parse::<Card>(), Ok(Card::JOKER));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// The joker card.
    ///
    /// ```
    /// use rummykit_core::{Card, Face};
    /// assert_eq!("*".parse::<Card>()?, Card::JOKER);
    /// assert_eq!((Card::JOKER.to_string(), Card::JOKER.number()), ("*".to_owned(), None));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub const JOKER: Card = Card(52);

    /// The card of `rank` and `suit`.
    ///
    /// ```
    /// use rummykit_core::{Card, Rank, Suit};
    /// assert_eq!(Card::new(Rank::Queen, Suit::Spades).to_string(), "Qs");
    /// ```
    #[must_use]
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8 - 1)
    }

    /// The rank, or `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Rank};
    /// assert_eq!("Kd".parse::<Card>()?.rank(), Some(Rank::King));
    /// assert_eq!(Card::JOKER.rank(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn rank(self) -> Option<Rank> {
        if self.0 < 52 { Rank::from_number(self.0 % 13 + 1) } else { None }
    }

    /// The suit, or `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Suit};
    /// assert_eq!("7h".parse::<Card>()?.suit(), Some(Suit::Hearts));
    /// assert_eq!(Card::JOKER.suit(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn suit(self) -> Option<Suit> {
        if self.0 < 52 { Suit::from_index(self.0 / 13) } else { None }
    }

    /// `true` for the joker.
    ///
    /// ```
    /// use rummykit_core::Card;
    /// assert!(Card::JOKER.is_joker());
    /// assert!(!"Ac".parse::<Card>()?.is_joker());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The dense index 0–52 (see [`Face`]).
    ///
    /// ```
    /// use rummykit_core::Card;
    /// // Clubs, diamonds, hearts, spades, 13 each, then the joker.
    /// assert_eq!("Ac".parse::<Card>()?.index(), 0);
    /// assert_eq!("2d".parse::<Card>()?.index(), 14);
    /// assert_eq!(Card::JOKER.index(), 52);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// All 53 faces in index order: clubs A–K, diamonds, hearts, spades, then the joker.
    ///
    /// ```
    /// use rummykit_core::Card;
    /// assert_eq!(Card::all().next().unwrap().to_string(), "Ac");
    /// ```
    pub fn all() -> impl DoubleEndedIterator<Item = Card> + Clone {
        (0..53).map(Card)
    }
}

impl Face for Card {
    const JOKER: Self = Card::JOKER;

    fn from_index(index: u8) -> Option<Self> {
        (index <= 52).then_some(Card(index))
    }

    #[inline]
    fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{}{}", r.letter(), s.letter()),
            _ => f.write_str("*"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let token = s.trim();
        if token.is_empty() {
            return Err(ParseError::Empty);
        }
        if token == "*" {
            return Ok(Card::JOKER);
        }
        let mut chars = token.chars();
        let last = chars.next_back().unwrap_or(' ');
        let rank_text = chars.as_str();
        let Some(suit) = Suit::from_letter(last) else {
            return Err(ParseError::UnknownSuit { token: token.into() });
        };
        let rank = match rank_text.to_ascii_uppercase().as_str() {
            "A" => Rank::Ace,
            "T" | "10" => Rank::Ten,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            d if d.len() == 1 && (b'2'..=b'9').contains(&d.as_bytes()[0]) => {
                Rank::ALL[(d.as_bytes()[0] - b'1') as usize]
            }
            _ => return Err(ParseError::UnknownRank { token: token.into() }),
        };
        Ok(Card::new(rank, suit))
    }
}
