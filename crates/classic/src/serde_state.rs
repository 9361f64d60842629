//! Serde for [`ClassicRummy`] (feature `serde`): a hand is saved as
//! `{"version": 1, "config": …, "setup": …}`, its [`Setup`] naming every card in
//! notation, and read back only through [`ClassicRummy::from_setup`], which re-checks
//! every invariant (DESIGN.md point 8), so a corrupt save is an error, never a state.
//! The format: docs/design/saves.md.

use rummykit_core::{Save, SaveVersion};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{ClassicRummy, Config, Setup};

impl Serialize for ClassicRummy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Save { version: SaveVersion, config: *self.config(), setup: self.setup() }.serialize(s)
    }
}

/// Read through [`ClassicRummy::from_setup`]: a save passes exactly the checks of a
/// scripted position.
impl<'de> Deserialize<'de> for ClassicRummy {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = Save::<Config, Setup>::deserialize(d)?;
        ClassicRummy::from_setup(&save.config, save.setup).map_err(D::Error::custom)
    }
}
