//! Serde support (feature `serde`): faces as their notation, ids as numbers, piece sets
//! as sorted id lists. Deserialization re-validates, so bad data is an error, not a value.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Card, PieceId, PieceSet, Tile};

macro_rules! by_notation {
    ($ty:ty) => {
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = String::deserialize(d)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    };
}
by_notation!(Tile);
by_notation!(Card);

impl Serialize for PieceId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(self.index())
    }
}

impl<'de> Deserialize<'de> for PieceId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let index = u8::deserialize(d)?;
        PieceId::new(index)
            .ok_or_else(|| D::Error::custom(format!("piece id {index} is out of range (0-159)")))
    }
}

impl Serialize for PieceSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PieceSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let ids = Vec::<PieceId>::deserialize(d)?;
        let set: PieceSet = ids.iter().copied().collect();
        if set.len() != ids.len() {
            return Err(D::Error::custom("piece set lists a piece twice"));
        }
        Ok(set)
    }
}

/// The save format version this library writes, and the only one it reads.
///
/// ```
/// use rummykit_core::{SAVE_VERSION, SaveVersion};
/// // A save's `version` field is this number.
/// assert_eq!(serde_json::to_string(&SaveVersion)?, SAVE_VERSION.to_string());
/// # Ok::<(), serde_json::Error>(())
/// ```
pub const SAVE_VERSION: u32 = 1;

/// The `version` field of a save ([the save
/// format](https://github.com/rummykit/rummykit/blob/main/docs/design/saves.md)): written
/// as [`SAVE_VERSION`], and read only when it is that number, so that a save of another
/// format is refused with [`UnknownVersion`] before anything else of it is read.
///
/// ```
/// use rummykit_core::SaveVersion;
/// assert_eq!(serde_json::to_string(&SaveVersion)?, "1");
/// assert_eq!(serde_json::from_str::<SaveVersion>("1")?, SaveVersion);
/// let err = serde_json::from_str::<SaveVersion>("2").unwrap_err();
/// assert!(err.to_string().contains("save format version 2 is not one this library reads"));
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SaveVersion;

/// A save written in a format version this library does not read.
///
/// ```
/// use rummykit_core::UnknownVersion;
/// assert_eq!(
///     UnknownVersion { found: 0 }.to_string(),
///     "save format version 0 is not one this library reads (it reads version 1)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[error("save format version {found} is not one this library reads (it reads version {SAVE_VERSION})")]
pub struct UnknownVersion {
    /// The version the save names.
    pub found: u64,
}

impl Serialize for SaveVersion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(SAVE_VERSION)
    }
}

impl<'de> Deserialize<'de> for SaveVersion {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match u64::deserialize(d)? {
            found if found == u64::from(SAVE_VERSION) => Ok(SaveVersion),
            found => Err(D::Error::custom(UnknownVersion { found })),
        }
    }
}
