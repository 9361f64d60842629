//! Serde for [`ClassicRummy`] (feature `serde`): a hand is saved as
//! `{"version": 1, "config": …, "setup": …}`, its [`Setup`] naming every card in
//! notation, and read back only through [`ClassicRummy::from_setup`], which re-checks
//! every invariant (DESIGN.md point 8), so a corrupt save is an error, never a state.
//! The format: docs/design/saves.md. A [`View`] is read through the same kind of check.

use rummykit_core::{CardRules, DealError, HandView, PositionError, Save, SaveVersion};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::turn::DECK;
use crate::{ClassicRummy, Config, Setup, View};

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

/// A [`View`] as written, checked before it is one ([`View`] reads through it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewRepr {
    common: HandView,
    config: Config,
    restocks: u32,
    melds_this_turn: u32,
}

/// A view is read only if a hand of its rules could show it: its rules are checked for
/// its seats ([`Config::validate`]), its cards as [`HandView::check`] checks them (a
/// hand holds at most the cards dealt and one drawn, `RULES.md` §2.2, §2.3), and the
/// discard pile has become the stock no more often than `max_restocks` allows, the melds
/// made this turn as many as a save may count (none before the draw). When its
/// seat is the seat to move, [`View::legal_actions`] lists an action for it (a play phase
/// whose hand holds only the card just taken lists none): a view read is one a bot can
/// act on.
impl TryFrom<ViewRepr> for View {
    type Error = DealError;

    fn try_from(r: ViewRepr) -> Result<View, DealError> {
        r.config.validate(r.common.hand_sizes.len())?;
        let most_in_hand = |seats| Config::hand_size(seats).map_or(0, |dealt| dealt + 1);
        r.common.check(&DECK, &r.config.meld_rules(), <ClassicRummy as CardRules>::SEATS, most_in_hand)?;
        crate::game::check_melds_this_turn(
            &r.config,
            r.common.phase,
            r.melds_this_turn,
            r.common.table.melds().iter().filter(|m| Some(m.owner()) == r.common.to_move).count(),
        )?;
        if let Some(max) = r.config.max_restocks.filter(|&max| r.restocks > max) {
            let (value, max) = (r.restocks.into(), max.into());
            return Err(PositionError::OutOfRange { field: "restocks", value, max }.into());
        }
        let view = View {
            common: r.common,
            config: r.config,
            restocks: r.restocks,
            melds_this_turn: r.melds_this_turn,
        };
        view.common.check_actions(|out| view.legal_actions(out))?;
        Ok(view)
    }
}
