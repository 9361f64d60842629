//! The pieces every game's save shares (feature `serde`): face lists written as one
//! notation string, and the versioned frame `{"version": 1, "config": …, "setup": …}`.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Face, SaveVersion, format_list, parse_list};

/// `#[serde(with = "rummykit_core::notation_list")]`: a list of faces as one notation
/// string, `"7h 8h 9h"` or `"r5 J"`.
///
/// ```
/// use rummykit_core::Card;
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Hand {
///     #[serde(with = "rummykit_core::notation_list")]
///     cards: Vec<Card>,
/// }
/// let hand: Hand = serde_json::from_str(r#"{"cards": "7h 8h *"}"#)?;
/// assert_eq!(hand.cards.len(), 3);
/// assert_eq!(serde_json::to_string(&hand)?, r#"{"cards":"7h 8h *"}"#);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub mod notation_list {
    use super::*;

    /// Writes the faces as one notation string.
    ///
    /// # Errors
    ///
    /// The serializer's.
    ///
    /// ```
    /// use rummykit_core::{Card, notation_list, parse_list};
    /// let hand: Vec<Card> = parse_list("7h 8h *")?;
    /// let json = notation_list::serialize(&hand, serde_json::value::Serializer)?;
    /// assert_eq!(json, serde_json::json!("7h 8h *"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn serialize<F: Face, S: Serializer>(faces: &[F], s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_list(faces))
    }

    /// Reads one notation string.
    ///
    /// # Errors
    ///
    /// A face that does not parse, or the deserializer's.
    ///
    /// ```
    /// use rummykit_core::{Tile, notation_list};
    /// let rack: Vec<Tile> = notation_list::deserialize(serde_json::json!("r5 J"))?;
    /// assert_eq!(rack.len(), 2);
    /// assert!(notation_list::deserialize::<Tile, _>(serde_json::json!("r14")).is_err()); // no such tile
    /// # Ok::<(), serde_json::Error>(())
    /// ```
    pub fn deserialize<'de, F: Face, D: Deserializer<'de>>(d: D) -> Result<Vec<F>, D::Error> {
        parse_list(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// `#[serde(with = "rummykit_core::notation_lists")]`: per-seat lists of faces, one
/// notation string each (`["7h 8h", "Qs"]`).
///
/// ```
/// use rummykit_core::Tile;
/// #[derive(serde::Serialize, serde::Deserialize)]
/// struct Racks {
///     #[serde(with = "rummykit_core::notation_lists")]
///     racks: Vec<Vec<Tile>>,
/// }
/// let r: Racks = serde_json::from_str(r#"{"racks": ["r1 r2", "J"]}"#)?;
/// assert_eq!(r.racks[1].len(), 1);
/// # Ok::<(), serde_json::Error>(())
/// ```
pub mod notation_lists {
    use super::*;

    /// Writes each list as one notation string.
    ///
    /// # Errors
    ///
    /// The serializer's.
    ///
    /// ```
    /// use rummykit_core::{Tile, notation_lists, parse_list};
    /// let racks: Vec<Vec<Tile>> = vec![parse_list("r1 r2")?, vec![Tile::JOKER]];
    /// let json = notation_lists::serialize(&racks, serde_json::value::Serializer)?;
    /// assert_eq!(json, serde_json::json!(["r1 r2", "J"]));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn serialize<F: Face, S: Serializer>(lists: &[Vec<F>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(lists.iter().map(|faces| format_list(faces)))
    }

    /// Reads one notation string per list.
    ///
    /// # Errors
    ///
    /// A face that does not parse, or the deserializer's.
    ///
    /// ```
    /// use rummykit_core::{Card, notation_lists};
    /// let hands: Vec<Vec<Card>> = notation_lists::deserialize(serde_json::json!(["Ac 2c", "", "Ks"]))?;
    /// assert_eq!(hands.iter().map(Vec::len).collect::<Vec<_>>(), [2, 0, 1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn deserialize<'de, F: Face, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<F>>, D::Error> {
        Vec::<String>::deserialize(d)?.iter().map(|text| parse_list(text).map_err(D::Error::custom)).collect()
    }
}

/// The frame of a game's save: the format version (checked first), the configuration
/// and the position. The games serialize through it and read a state back only through
/// their checked `from_setup`.
///
/// ```
/// use rummykit_core::{Save, SaveVersion};
/// let save = Save { version: SaveVersion, config: 7u8, setup: "position" };
/// assert_eq!(serde_json::to_string(&save)?, r#"{"version":1,"config":7,"setup":"position"}"#);
/// assert!(serde_json::from_str::<Save<u8, String>>(r#"{"version":2,"config":7,"setup":""}"#).is_err());
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Save<C, S> {
    /// The format version.
    pub version: SaveVersion,
    /// The game's configuration.
    pub config: C,
    /// The position.
    pub setup: S,
}
