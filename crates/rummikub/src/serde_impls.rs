//! Serde support (feature `serde`). Melds use core's form (`{"kind": "run", "faces":
//! "r1 r2 J"}`, re-validated when read); a game is saved as its version, rules and
//! [`Setup`], and read back through [`Rummikub::from_setup`], which re-checks every
//! invariant (the box's tiles exactly once, valid melds, seats in range, counters), so a
//! corrupt save is an error, never a state. The format: docs/design/saves.md.
//!
//! The solver's types are written as their fields, with the names the `solve` tool's
//! JSON lines use (`table`, `rack`, `objective`, `opened`, `threshold`, ...). A
//! [`Position`] is read through its constructors ([`PositionRepr`]); a
//! [`SolveOptions`](crate::SolveOptions) box of tiles is its [`TileSet`]'s name when it
//! is one, else its numbers of copies and jokers, read through [`Catalog::new`].

use rummykit_core::{Catalog, Meld, Save, SaveVersion, Tile};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::solver::{Position, SolveError};
use crate::{Config, Rummikub, Setup, TileSet};

impl Serialize for Rummikub {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Save { version: SaveVersion, config: self.config, setup: self.setup() }.serialize(s)
    }
}

/// Read through [`Rummikub::from_setup`]: a save passes exactly the checks of a
/// scripted position.
impl<'de> Deserialize<'de> for Rummikub {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = Save::<Config, Setup>::deserialize(d)?;
        Rummikub::from_setup(&save.config, save.setup).map_err(D::Error::custom)
    }
}

/// A [`Position`] as written: its table tiles, its rack and, for one built from melds,
/// the melds (each validated as it is read, `RULES.md` §1.4).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct PositionRepr {
    table: Vec<Tile>,
    rack: Vec<Tile>,
    #[serde(default)]
    melds: Option<Vec<Meld<Tile>>>,
}

/// Why a written [`Position`] is not one.
#[derive(Debug, thiserror::Error)]
pub(crate) enum PositionReprError {
    /// [`Position::from_melds`] refused the melds.
    #[error(transparent)]
    Melds(#[from] SolveError),
    /// The table tiles are not the tiles of the melds, in their order.
    #[error("the table tiles are not the tiles of the melds")]
    TableNotMelds,
}

/// Through [`Position::new`], or [`Position::from_melds`] when melds are given: they are
/// re-checked there, and the table must then be exactly their tiles.
impl TryFrom<PositionRepr> for Position {
    type Error = PositionReprError;

    fn try_from(r: PositionRepr) -> Result<Position, PositionReprError> {
        let Some(melds) = r.melds else { return Ok(Position::new(r.table, r.rack)) };
        let position = Position::from_melds(&melds, r.rack)?;
        if position.table() != r.table.as_slice() {
            return Err(PositionReprError::TableNotMelds);
        }
        Ok(position)
    }
}

/// A box of tiles: its [`TileSet`]'s name (`"Standard106"`, `"Xp160"`) when it is one,
/// else `{"copies": 3, "jokers": 6}`, read through [`Catalog::new`].
pub(crate) mod tile_set {
    use serde::de::value::{MapAccessDeserializer, StrDeserializer};
    use serde::de::{self, MapAccess, Visitor};

    use super::{Catalog, Deserialize, Deserializer, Serialize, Serializer, Tile, TileSet};

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Numbers {
        copies: u8,
        jokers: u8,
    }

    const PRESETS: [TileSet; 2] = [TileSet::Standard106, TileSet::Xp160];

    pub(crate) fn serialize<S: Serializer>(catalog: &Catalog<Tile>, s: S) -> Result<S::Ok, S::Error> {
        match PRESETS.iter().find(|set| set.catalog() == *catalog) {
            Some(set) => set.serialize(s),
            None => Numbers { copies: catalog.copies(), jokers: catalog.jokers() }.serialize(s),
        }
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Catalog<Tile>, D::Error> {
        d.deserialize_any(CatalogVisitor)
    }

    struct CatalogVisitor;

    impl<'de> Visitor<'de> for CatalogVisitor {
        type Value = Catalog<Tile>;

        fn expecting(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            f.write_str("a tile set (\"Standard106\" or \"Xp160\") or {\"copies\": N, \"jokers\": N}")
        }

        fn visit_str<E: de::Error>(self, name: &str) -> Result<Self::Value, E> {
            TileSet::deserialize(StrDeserializer::<E>::new(name)).map(TileSet::catalog)
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
            let n = Numbers::deserialize(MapAccessDeserializer::new(map))?;
            Catalog::new(n.copies, n.jokers).ok_or_else(|| {
                de::Error::custom(format!(
                    "a box of {} copies and {} jokers: it needs at least one copy and at most 160 tiles",
                    n.copies, n.jokers
                ))
            })
        }
    }
}
