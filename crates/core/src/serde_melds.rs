//! Serde for melds (feature `serde`): a meld is written as its kind and its pieces in
//! notation, `{"kind": "run", "faces": "r4 J r6"}`, and read back only through the
//! validator.
//!
//! Whether a list of pieces is a meld depends on the rules, so [`MeldRepr`] is the
//! plain, unvalidated form and [`MeldRepr::validate`] turns it into a [`Meld`] under
//! given [`MeldRules`]. Tiles have one set of meld rules (`RULES.md` §1.4, also for the
//! Schmidt variant), so `Meld<Tile>` deserializes directly, validated under
//! [`MeldRules::default`]; card games differ in their rules, so a card meld is read as
//! a [`MeldRepr<Card>`](MeldRepr) and validated by the game.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Face, Meld, MeldError, MeldKind, MeldRules, ParseError, Tile, format_list, parse_list};

impl Serialize for MeldKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(match self {
            MeldKind::Group => "group",
            MeldKind::Run => "run",
        })
    }
}

impl<'de> Deserialize<'de> for MeldKind {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        match text.as_str() {
            "group" => Ok(MeldKind::Group),
            "run" => Ok(MeldKind::Run),
            other => Err(D::Error::custom(format!("unknown meld kind `{other}` (expected group or run)"))),
        }
    }
}

/// A meld as written down: its declared kind and its pieces in order, not yet validated.
///
/// ```
/// use rummykit_core::{MeldKind, MeldRepr, MeldRules, Tile};
/// let repr: MeldRepr<Tile> = serde_json::from_str(r#"{"kind":"run","faces":"r4 J r6"}"#)?;
/// let meld = repr.validate(&MeldRules::default())?;
/// assert_eq!(meld.kind(), MeldKind::Run);
/// assert_eq!(serde_json::to_string(&meld)?, r#"{"kind":"run","faces":"r4 J r6"}"#);
/// // An invalid meld is an error, not a value:
/// let bad: Result<rummykit_core::Meld<Tile>, _> = serde_json::from_str(r#"{"kind":"run","faces":"r4 J r7"}"#);
/// assert!(bad.unwrap_err().to_string().contains("not consecutive"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MeldRepr<F> {
    /// The declared kind.
    pub kind: MeldKind,
    /// The pieces in order.
    pub faces: Vec<F>,
}

impl<F: Face> MeldRepr<F> {
    /// Validates the meld under `rules`.
    ///
    /// # Errors
    ///
    /// The validator's [`MeldError`].
    ///
    /// ```
    /// use rummykit_core::{JokerLimit, MeldError, MeldKind, MeldRepr, MeldRules, Tile, parse_list};
    /// // A written meld is checked under the rules of the game reading it.
    /// let repr = MeldRepr::<Tile> { kind: MeldKind::Run, faces: parse_list("r4 J J")? };
    /// assert!(repr.validate(&MeldRules::default()).is_ok());
    /// let one_joker = MeldRules::default().with_jokers(JokerLimit::AtMost(1));
    /// assert!(matches!(repr.validate(&one_joker), Err(MeldError::TooManyJokers { .. })));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn validate(&self, rules: &MeldRules) -> Result<Meld<F>, MeldError> {
        Meld::new(self.kind, &self.faces, rules)
    }
}

impl<F: Face> From<&Meld<F>> for MeldRepr<F> {
    fn from(meld: &Meld<F>) -> Self {
        MeldRepr { kind: meld.kind(), faces: meld.faces().to_vec() }
    }
}

#[derive(Serialize, Deserialize)]
struct Written {
    kind: MeldKind,
    faces: String,
}

impl<F: Face> Serialize for MeldRepr<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Written { kind: self.kind, faces: format_list(&self.faces) }.serialize(s)
    }
}

impl<'de, F: Face> Deserialize<'de> for MeldRepr<F> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let w = Written::deserialize(d)?;
        let faces = parse_list(&w.faces).map_err(|e: ParseError| D::Error::custom(e))?;
        Ok(MeldRepr { kind: w.kind, faces })
    }
}

impl<F: Face> Serialize for Meld<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Written { kind: self.kind(), faces: format_list(self.faces()) }.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Meld<Tile> {
    /// Validated under [`MeldRules::default`] (the meld rules of every tile game).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let repr = MeldRepr::<Tile>::deserialize(d)?;
        repr.validate(&MeldRules::default()).map_err(|e| {
            D::Error::custom(format!("invalid {:?} `{}`: {e}", repr.kind, format_list(&repr.faces)))
        })
    }
}

/// One meld of a card game's table as saved: owner, kind and pieces in order (its
/// [`MeldId`](crate::MeldId) is its position, since table melds are never removed).
/// Unvalidated: a game rebuilds its table from these with [`MeldTable::place`], which
/// checks every meld again under the game's rules.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, PieceId, TableMeldRepr};
/// let cat = Catalog::<Card>::DECK;
/// let ids: Vec<PieceId> = ["7h", "8h", "9h"].iter().flat_map(|c| cat.ids_of(c.parse().unwrap())).collect();
/// let mut table = MeldTable::<Card>::new();
/// table.place(0, MeldKind::Run, &ids, &cat, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)).unwrap();
/// let saved: Vec<TableMeldRepr> = table.melds().iter().map(TableMeldRepr::from).collect();
/// assert_eq!(saved[0].cards, ids);
/// ```
///
/// [`MeldTable::place`]: crate::MeldTable::place
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableMeldRepr {
    /// The seat that laid the meld down.
    pub owner: crate::Seat,
    /// Group or run.
    pub kind: MeldKind,
    /// The pieces, in meld order.
    pub cards: Vec<crate::PieceId>,
}

impl<F: Face> From<&crate::TableMeld<F>> for TableMeldRepr {
    fn from(m: &crate::TableMeld<F>) -> Self {
        TableMeldRepr { owner: m.owner(), kind: m.meld().kind(), cards: m.pieces().to_vec() }
    }
}
