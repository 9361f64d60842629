//! Serde for [`Config`] and [`Rummy40`] (feature `serde`). A hand is saved as
//! `{"version": 1, "config": …, "setup": …}`, its [`Setup`] naming every card in
//! notation, and read back only through [`Rummy40::from_setup`], which re-checks every
//! invariant (DESIGN.md point 8), so a corrupt save is an error, never a state. The
//! format: docs/design/saves.md.

use rummykit_core::{DealError, JokerLimit, MatchEnd, Save, SaveVersion};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Config, JokerDiscard, OpeningScope, Rummy40, RummyBonus, Set3JokerSwap, Setup};

/// Core's [`JokerLimit`], as saved.
#[derive(Serialize, Deserialize)]
enum JokerLimitRepr {
    Forbidden,
    Unlimited,
    AtMost(u8),
    NotMoreThanNaturals,
    NoAdjacent,
}

#[derive(Serialize, Deserialize)]
struct ConfigRepr {
    jokers: u8,
    joker_hand_penalty: u32,
    ace_low_in_runs: bool,
    opening_threshold: u32,
    opening_threshold_scope: OpeningScope,
    taken_discard_must_be_used_after_open: bool,
    set3_joker_swap: Set3JokerSwap,
    swapped_joker_must_be_played_same_turn: bool,
    joker_limit: JokerLimitRepr,
    forbid_playable_discard: bool,
    joker_discard: JokerDiscard,
    going_rummy_bonus: RummyBonus,
    rummy_requires_opening_threshold: bool,
    game_end: MatchEnd,
    unopened_penalty: Option<u32>,
    max_restocks: Option<u32>,
}

impl From<&Config> for ConfigRepr {
    fn from(c: &Config) -> ConfigRepr {
        ConfigRepr {
            jokers: c.jokers,
            joker_hand_penalty: c.joker_hand_penalty,
            ace_low_in_runs: c.ace_low_in_runs,
            opening_threshold: c.opening_threshold,
            opening_threshold_scope: c.opening_threshold_scope,
            taken_discard_must_be_used_after_open: c.taken_discard_must_be_used_after_open,
            set3_joker_swap: c.set3_joker_swap,
            swapped_joker_must_be_played_same_turn: c.swapped_joker_must_be_played_same_turn,
            joker_limit: match c.joker_limit {
                JokerLimit::Forbidden => JokerLimitRepr::Forbidden,
                JokerLimit::AtMost(n) => JokerLimitRepr::AtMost(n),
                JokerLimit::NotMoreThanNaturals => JokerLimitRepr::NotMoreThanNaturals,
                JokerLimit::NoAdjacent => JokerLimitRepr::NoAdjacent,
                _ => JokerLimitRepr::Unlimited,
            },
            forbid_playable_discard: c.forbid_playable_discard,
            joker_discard: c.joker_discard,
            going_rummy_bonus: c.going_rummy_bonus,
            rummy_requires_opening_threshold: c.rummy_requires_opening_threshold,
            game_end: c.game_end,
            unopened_penalty: c.unopened_penalty,
            max_restocks: c.max_restocks,
        }
    }
}

impl TryFrom<ConfigRepr> for Config {
    type Error = DealError;

    fn try_from(r: ConfigRepr) -> Result<Config, DealError> {
        let mut c = Config::RUMMY40;
        c.jokers = r.jokers;
        c.joker_hand_penalty = r.joker_hand_penalty;
        c.ace_low_in_runs = r.ace_low_in_runs;
        c.opening_threshold = r.opening_threshold;
        c.opening_threshold_scope = r.opening_threshold_scope;
        c.taken_discard_must_be_used_after_open = r.taken_discard_must_be_used_after_open;
        c.set3_joker_swap = r.set3_joker_swap;
        c.swapped_joker_must_be_played_same_turn = r.swapped_joker_must_be_played_same_turn;
        c.joker_limit = match r.joker_limit {
            JokerLimitRepr::Forbidden => JokerLimit::Forbidden,
            JokerLimitRepr::Unlimited => JokerLimit::Unlimited,
            JokerLimitRepr::AtMost(n) => JokerLimit::AtMost(n),
            JokerLimitRepr::NotMoreThanNaturals => JokerLimit::NotMoreThanNaturals,
            JokerLimitRepr::NoAdjacent => JokerLimit::NoAdjacent,
        };
        c.forbid_playable_discard = r.forbid_playable_discard;
        c.joker_discard = r.joker_discard;
        c.going_rummy_bonus = r.going_rummy_bonus;
        c.rummy_requires_opening_threshold = r.rummy_requires_opening_threshold;
        c.game_end = r.game_end;
        c.unopened_penalty = r.unopened_penalty;
        c.max_restocks = r.max_restocks;
        c.validate()?;
        Ok(c)
    }
}

impl Serialize for Config {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ConfigRepr::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Config {
    /// Reads a configuration and checks it with [`Config::validate`].
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Config::try_from(ConfigRepr::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Rummy40 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Save { version: SaveVersion, config: self.config, setup: self.setup() }.serialize(s)
    }
}

/// Read through [`Rummy40::from_setup`]: a save passes exactly the checks of a
/// scripted position.
impl<'de> Deserialize<'de> for Rummy40 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = Save::<Config, Setup>::deserialize(d)?;
        Rummy40::from_setup(&save.config, save.setup).map_err(D::Error::custom)
    }
}
