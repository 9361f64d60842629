//! The [`Face`] trait: what is printed on a piece, shared by tiles and cards.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::ParseError;

/// Number of distinct natural faces: 4 suits (or colours) × 13 numbers (or ranks).
///
/// ```
/// use rummykit_core::{Card, Face, NATURAL_FACES};
/// let naturals = (0..=u8::MAX).filter_map(Card::from_index).filter(|c| !c.is_joker()).count();
/// assert_eq!(naturals, NATURAL_FACES);
/// ```
pub const NATURAL_FACES: usize = 52;

/// Number of distinct faces including the joker (which is index 52).
///
/// ```
/// use rummykit_core::{FACES, Tile};
/// // Face-count arrays are keyed on the dense index.
/// let mut counts = [0u8; FACES];
/// for t in rummykit_core::parse_list::<Tile>("r1 r1 J k13")? {
///     counts[usize::from(t.index())] += 1;
/// }
/// assert_eq!((counts[0], counts[FACES - 1], counts[51]), (2, 1, 1));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub const FACES: usize = NATURAL_FACES + 1;

/// What is printed on a piece: a natural (a suit or colour and a number 1–13) or a joker.
///
/// [`Tile`](crate::Tile) and [`Card`](crate::Card) implement it, so the meld validator,
/// catalogs and counting code are written once for both. Every face has a dense
/// [`index`](Face::index) in `0..53`: naturals are `suit * 13 + (number - 1)`, the joker is 52.
/// That index is what lookup tables and face-count arrays are keyed on.
///
/// ```
/// use rummykit_core::{Face, Tile, Card};
///
/// let tile: Tile = "b5".parse()?;
/// assert_eq!(tile.number(), Some(5));
/// assert_eq!(tile.suit_index(), Some(1)); // r b y k
/// assert_eq!(Tile::from_index(tile.index()), Some(tile));
///
/// let card: Card = "Qs".parse()?;
/// assert_eq!((card.suit_index(), card.number()), (Some(3), Some(12)));
/// assert!(Card::JOKER.is_joker());
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub trait Face:
    Copy + Eq + Ord + Hash + Debug + Display + FromStr<Err = ParseError> + Send + Sync + 'static
{
    /// The joker face.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// // Generic code fills unused slots with the joker.
    /// fn slots<F: Face>() -> [F; 3] { [F::JOKER; 3] }
    /// assert!(slots::<Tile>().iter().all(|t| t.is_joker()));
    /// assert_eq!(slots::<Card>()[0].to_string(), "*");
    /// ```
    const JOKER: Self;

    /// The face with the given dense index (`0..52` naturals, `52` joker); `None` beyond.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// assert_eq!(Tile::from_index(0), Some("r1".parse()?));
    /// assert_eq!(Card::from_index(52), Some(Card::JOKER));
    /// assert_eq!(Card::from_index(53), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    fn from_index(index: u8) -> Option<Self>;

    /// The dense index of this face: `suit * 13 + number - 1` for naturals, 52 for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// // Generic code keys its tables on the index, whatever the face.
    /// fn index_of<F: Face>(face: F) -> u8 { face.index() }
    /// // Yellow is colour 2: 2 * 13 + (4 - 1).
    /// assert_eq!(index_of("y4".parse::<Tile>()?), 29);
    /// assert_eq!(index_of(Card::JOKER), 52);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    fn index(self) -> u8;

    /// The natural face of suit (or colour) index `suit` (0–3) and number `number` (1–13).
    ///
    /// Returns `None` when either is out of range.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// assert_eq!(Tile::natural(3, 13), Some("k13".parse()?));
    /// assert_eq!(Card::natural(0, 1), Some("Ac".parse()?));
    /// assert_eq!(Tile::natural(4, 1), None);
    /// assert_eq!(Tile::natural(0, 14), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    fn natural(suit: u8, number: u8) -> Option<Self> {
        if suit < 4 && (1..=13).contains(&number) { Self::from_index(suit * 13 + number - 1) } else { None }
    }

    /// `true` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// fn jokers<F: Face>(faces: &[F]) -> usize { faces.iter().filter(|f| f.is_joker()).count() }
    /// assert_eq!(jokers(&rummykit_core::parse_list::<Tile>("r1 J b2 J")?), 2);
    /// assert_eq!(jokers(&rummykit_core::parse_list::<Card>("Ac * 2c")?), 1);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    fn is_joker(self) -> bool {
        self.index() as usize == NATURAL_FACES
    }

    /// The suit (card) or colour (tile) index 0–3 of a natural; `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Face};
    /// // Clubs, diamonds, hearts, spades.
    /// let suits: Vec<_> = ["9c", "9d", "9h", "9s", "*"].iter().map(|c| c.parse::<Card>().map(Face::suit_index)).collect::<Result<_, _>>()?;
    /// assert_eq!(suits, [Some(0), Some(1), Some(2), Some(3), None]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    fn suit_index(self) -> Option<u8> {
        let i = self.index();
        (i < 52).then_some(i / 13)
    }

    /// The number (tile) or rank (card, ace = 1, king = 13) of a natural; `None` for the joker.
    ///
    /// ```
    /// use rummykit_core::{Card, Face, Tile};
    /// assert_eq!("Ac".parse::<Card>()?.number(), Some(1));
    /// assert_eq!("Kc".parse::<Card>()?.number(), Some(13));
    /// assert_eq!("b13".parse::<Tile>()?.number(), Some(13));
    /// assert_eq!(Tile::JOKER.number(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    fn number(self) -> Option<u8> {
        let i = self.index();
        (i < 52).then_some(i % 13 + 1)
    }
}
