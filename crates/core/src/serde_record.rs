//! A [`MatchRecord`]'s file format (feature `serde`): version 2 holds the match terms
//! as one field; a record of the first format (no `version`, the terms' fields flat)
//! is read and converted, so records written before stay readable.

use serde::de::Error as _;
use serde::ser::SerializeStruct as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Game, HandRecord, MatchEnd, MatchRecord, MatchTerms, Ranking, Seat};

/// The record format version this library writes. A record without a `version` is of
/// the first format (the match terms' fields flat beside the configuration) and is
/// read too.
///
/// ```
/// use rummykit_core::{RECORD_VERSION, RecordFormatError};
/// // A record of a later format is refused, naming the version that is read.
/// let later = RecordFormatError::UnknownVersion { found: (RECORD_VERSION + 1).into() };
/// assert!(later.to_string().contains(&format!("it reads version {RECORD_VERSION}")));
/// ```
pub const RECORD_VERSION: u32 = 2;

/// Why a match record's file is not one this library reads (inside the deserializer's
/// error, as its message).
///
/// ```
/// use rummykit_core::RecordFormatError;
/// assert_eq!(
///     RecordFormatError::UnknownVersion { found: 3 }.to_string(),
///     "record format version 3 is not one this library reads (it reads version 2, \
///      and records without a version as the first format)"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum RecordFormatError {
    /// The record names a version this library does not read.
    #[error(
        "record format version {found} is not one this library reads (it reads version \
         {RECORD_VERSION}, and records without a version as the first format)"
    )]
    UnknownVersion {
        /// The version the record names.
        found: u64,
    },
    /// A field the record's format requires is missing.
    #[error("a record of format version {version} lacks the field `{field}`")]
    MissingField {
        /// The record's format version (1 for a record without a version).
        version: u32,
        /// The missing field.
        field: &'static str,
    },
    /// The record has a field of the other format.
    #[error("a record of format version {version} has the field `{field}` of another format")]
    ForeignField {
        /// The record's format version (1 for a record without a version).
        version: u32,
        /// The field that does not belong.
        field: &'static str,
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

/// Every field of either format, as read.
#[derive(Deserialize)]
#[serde(bound(
    deserialize = "G: Deserialize<'de>, G::Action: Deserialize<'de>, G::Config: Deserialize<'de>"
))]
struct RecordFile<G: Game> {
    version: Option<Version>,
    game: String,
    config: G::Config,
    terms: Option<MatchTerms>,
    seats: Option<usize>,
    first_dealer: Option<Seat>,
    end: Option<MatchEnd>,
    ranking: Option<Ranking>,
    hand_limit: Option<u32>,
    seed: u64,
    hands: Vec<HandRecord<G>>,
    totals: Vec<i64>,
}

impl<G: Game> RecordFile<G> {
    /// The terms, from the one field (version 2) or the flat fields (the first format).
    fn terms(&self) -> Result<MatchTerms, RecordFormatError> {
        if self.version.is_some() {
            let flat = [
                ("seats", self.seats.is_some()),
                ("first_dealer", self.first_dealer.is_some()),
                ("end", self.end.is_some()),
                ("ranking", self.ranking.is_some()),
                ("hand_limit", self.hand_limit.is_some()),
            ];
            if let Some(&(field, _)) = flat.iter().find(|(_, present)| *present) {
                return Err(RecordFormatError::ForeignField { version: RECORD_VERSION, field });
            }
            return self
                .terms
                .ok_or(RecordFormatError::MissingField { version: RECORD_VERSION, field: "terms" });
        }
        if self.terms.is_some() {
            return Err(RecordFormatError::ForeignField { version: 1, field: "terms" });
        }
        let missing = |field| RecordFormatError::MissingField { version: 1, field };
        Ok(MatchTerms {
            seats: self.seats.ok_or(missing("seats"))?,
            first_dealer: self.first_dealer,
            end: self.end.ok_or(missing("end"))?,
            ranking: self.ranking.ok_or(missing("ranking"))?,
            hand_limit: self.hand_limit,
        })
    }
}

impl<'de, G: Game> Deserialize<'de> for MatchRecord<G>
where
    G: Deserialize<'de>,
    G::Action: Deserialize<'de>,
    G::Config: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let file = RecordFile::<G>::deserialize(d)?;
        let terms = file.terms().map_err(D::Error::custom)?;
        let RecordFile { game, config, seed, hands, totals, .. } = file;
        Ok(MatchRecord { game, config, terms, seed, hands, totals })
    }
}
