//! Serde support (feature `serde`). Melds use core's form (`{"kind": "run", "faces":
//! "r1 r2 J"}`, re-validated when read); a game is saved as its version, rules and
//! [`Setup`], and read back through [`Rummikub::from_setup`], which re-checks every
//! invariant (the box's tiles exactly once, valid melds, seats in range, counters), so a
//! corrupt save is an error, never a state. The format: docs/design/saves.md.

use rummykit_core::{Save, SaveVersion};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Config, Rummikub, Setup};

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
