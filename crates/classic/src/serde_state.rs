//! Serde for [`ClassicRummy`] (feature `serde`): a hand is saved as
//! `{"version": 1, "config": …, "setup": …}`, its [`Setup`] naming every card in
//! notation, and read back only through [`ClassicRummy::from_setup`], which re-checks
//! every invariant (DESIGN.md point 8), so a corrupt save is an error, never a state.
//! The format: docs/design/saves.md.

use rummykit_core::{Card, SaveVersion, format_list, parse_list};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{ClassicRummy, Config, Setup};

/// `#[serde(with)]` for a list of cards as one notation string, `"7h 8h 9h"`.
pub(crate) mod card_list {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(cards: &[Card], s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_list(cards))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Card>, D::Error> {
        parse_list(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// `#[serde(with)]` for per-seat card lists, one notation string each.
pub(crate) mod card_lists {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(lists: &[Vec<Card>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(lists.iter().map(|cards| format_list(cards)))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<Card>>, D::Error> {
        Vec::<String>::deserialize(d)?.iter().map(|text| parse_list(text).map_err(D::Error::custom)).collect()
    }
}

/// A save: version, configuration, position.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Save {
    version: SaveVersion,
    config: Config,
    setup: Setup,
}

impl Serialize for ClassicRummy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Save { version: SaveVersion, config: *self.config(), setup: self.setup() }.serialize(s)
    }
}

/// Read through [`ClassicRummy::from_setup`]: a save passes exactly the checks of a
/// scripted position.
impl<'de> Deserialize<'de> for ClassicRummy {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = Save::deserialize(d)?;
        ClassicRummy::from_setup(&save.config, save.setup).map_err(D::Error::custom)
    }
}
