//! A [`MatchRecord`]'s file format (feature `serde`): a `version`, then the record's
//! fields, the match terms as one field.

use serde::de::Error as _;
use serde::ser::SerializeStruct as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Game, HandRecord, MatchRecord, MatchTerms};

/// The record format version this library writes and reads.
///
/// ```
/// use rummykit_core::{RECORD_VERSION, RecordFormatError};
/// // A record of a later format is refused, naming the version that is read.
/// let later = RecordFormatError::UnknownVersion { found: (RECORD_VERSION + 1).into() };
/// assert!(later.to_string().contains(&format!("it reads version {RECORD_VERSION}")));
/// ```
pub const RECORD_VERSION: u32 = 2;

/// Why a match record's file is not one this library reads (inside the deserializer's
/// error, as its message). A missing or unknown field is serde's own error.
///
/// ```
/// use rummykit_core::RecordFormatError;
/// assert_eq!(
///     RecordFormatError::UnknownVersion { found: 3 }.to_string(),
///     "record format version 3 is not one this library reads (it reads version 2)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error, Serialize, Deserialize)]
#[non_exhaustive]
pub enum RecordFormatError {
    /// The record names a version this library does not read.
    #[error(
        "record format version {found} is not one this library reads (it reads version {RECORD_VERSION})"
    )]
    UnknownVersion {
        /// The version the record names.
        found: u64,
    },
}

impl<G: Game> Serialize for MatchRecord<G>
where
    G: Serialize,
    G::Action: Serialize,
    G::Config: Serialize,
{
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut record = s.serialize_struct("MatchRecord", 7)?;
        record.serialize_field("version", &RECORD_VERSION)?;
        record.serialize_field("game", &self.game)?;
        record.serialize_field("config", &self.config)?;
        record.serialize_field("terms", &self.terms)?;
        record.serialize_field("seed", &self.seed)?;
        record.serialize_field("hands", &self.hands)?;
        record.serialize_field("totals", &self.totals)?;
        record.end()
    }
}

/// The `version` of a record: only [`RECORD_VERSION`] is written; refused early
/// (before the hands are read) when it is another.
struct Version;

impl<'de> Deserialize<'de> for Version {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        match u64::deserialize(d)? {
            found if found == u64::from(RECORD_VERSION) => Ok(Version),
            found => Err(D::Error::custom(RecordFormatError::UnknownVersion { found })),
        }
    }
}

/// A record file as read: every field required, no other field allowed.
#[derive(Deserialize)]
#[serde(
    deny_unknown_fields,
    bound(deserialize = "G: Deserialize<'de>, G::Action: Deserialize<'de>, G::Config: Deserialize<'de>")
)]
struct RecordFile<G: Game> {
    version: Version,
    game: String,
    config: G::Config,
    terms: MatchTerms,
    seed: u64,
    hands: Vec<HandRecord<G>>,
    totals: Vec<i64>,
}

impl<'de, G: Game> Deserialize<'de> for MatchRecord<G>
where
    G: Deserialize<'de>,
    G::Action: Deserialize<'de>,
    G::Config: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // The version was checked as it was read.
        let RecordFile { version: Version, game, config, terms, seed, hands, totals } =
            RecordFile::<G>::deserialize(d)?;
        Ok(MatchRecord { game, config, terms, seed, hands, totals })
    }
}
