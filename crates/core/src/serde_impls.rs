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
