//! Serde for [`ActionError`] (feature `serde`): written by derive, externally tagged; read
//! through [`ActionErrorRepr`], the same form with the option name owned, since
//! [`ActionError::OptionOff`] names its option by a `&'static str`: a name read back must
//! be one of the options an action may find off, else it is refused.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

use rummykit_core::NotYourTurn;

use crate::{ActionError, PlayError};

/// The options an [`ActionError::OptionOff`] may name: the [`Config`](crate::Config)
/// fields an action needs on.
const OPTIONS: [&str; 2] = ["timer", "abandon_penalty"];

/// [`ActionError`] as read: the same variants and fields, the option name as a string.
#[derive(Deserialize)]
enum ActionErrorRepr {
    GameOver,
    NotYourTurn(NotYourTurn),
    Play(PlayError),
    PoolEmpty,
    PassWithPoolNonEmpty { pool: usize },
    OptionOff { option: String },
}

impl<'de> Deserialize<'de> for ActionError {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(match ActionErrorRepr::deserialize(d)? {
            ActionErrorRepr::GameOver => ActionError::GameOver,
            ActionErrorRepr::NotYourTurn(e) => ActionError::NotYourTurn(e),
            ActionErrorRepr::Play(e) => ActionError::Play(e),
            ActionErrorRepr::PoolEmpty => ActionError::PoolEmpty,
            ActionErrorRepr::PassWithPoolNonEmpty { pool } => ActionError::PassWithPoolNonEmpty { pool },
            ActionErrorRepr::OptionOff { option } => {
                let Some(&option) = OPTIONS.iter().find(|&&o| o == option) else {
                    return Err(D::Error::custom(format!(
                        "`{option}` is not an option an action needs on (expected timer or abandon_penalty)"
                    )));
                };
                ActionError::OptionOff { option }
            }
        })
    }
}
