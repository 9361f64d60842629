//! Serde for [`Config`] and [`Rummy40`] (feature `serde`). A hand is saved as
//! `{"version": 1, "config": …, "setup": …}`: its [`Setup`] with every card written with
//! its copy (`Kd` the first deck's, `Kd'` the second's; the jokers `*`, `*'`, `*''`,
//! `*'''`), so that a loaded hand is the saved one card for card, ids included. It is
//! read back through [`Rummy40::from_setup`], which re-checks every invariant by face
//! (DESIGN.md point 8), then the copies are checked and given their places, so a
//! corrupt save is an error, never a state. The format: docs/design/saves.md. A [`View`]
//! is read through the same kind of check.

use core::fmt;

use rummykit_core::{
    Card, CardRules, Catalog, DealError, HandView, JokerLimit, MatchEnd, MeldKind, MeldTable, PieceId,
    PieceSet, Piles, PositionError, Save, SaveVersion, Seat, SetupMeld,
};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Config, HAND_SIZE, JokerDiscard, OpeningScope, Phase, Rummy40, RummyBonus, Set3JokerSwap, Setup, View,
};

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
#[serde(deny_unknown_fields)]
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
        c.check_options()?;
        Ok(c)
    }
}

impl Serialize for Config {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        ConfigRepr::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Config {
    /// Reads a configuration and checks it as [`Config::validate`] does, but for the seat count.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Config::try_from(ConfigRepr::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

impl Serialize for Rummy40 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Save { version: SaveVersion, config: self.config, setup: SavedSetup::of(self) }.serialize(s)
    }
}

/// Read through [`Rummy40::from_setup`], so a save passes exactly the checks of a
/// scripted position, then each card is given the copy the save names (a copy the pack
/// does not hold, or one placed twice, is an error).
impl<'de> Deserialize<'de> for Rummy40 {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let save = Save::<Config, SavedSetup>::deserialize(d)?;
        save.setup.load(&save.config).map_err(D::Error::custom)
    }
}

/// One card of a save: its face and which of its copies (0: the first; a card of the
/// second deck is written `Kd'`, the jokers `*`, `*'`, `*''`, `*'''`). The two copies of a
/// card are alike for every rule, but actions name cards by id, so a save that kept
/// only faces would give a reloaded hand other ids than the ones its players saw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct CardCopy {
    face: Card,
    copy: u8,
}

impl CardCopy {
    fn of(catalog: &Catalog<Card>, id: PieceId) -> CardCopy {
        let face = catalog.face(id).unwrap_or(Card::JOKER);
        let copy = catalog.ids_of(face).position(|c| c == id).unwrap_or(0);
        CardCopy { face, copy: u8::try_from(copy).unwrap_or(u8::MAX) }
    }

    fn id(self, catalog: &Catalog<Card>) -> Result<PieceId, PositionError> {
        catalog.ids_of(self.face).nth(self.copy.into()).ok_or(PositionError::NoSuchCopy {
            card: self.face,
            copy: u32::from(self.copy) + 1,
            copies: catalog.count_of(self.face).into(),
        })
    }

    fn twice(self) -> PositionError {
        PositionError::CopyTwice { card: self.face, copy: u32::from(self.copy) + 1 }
    }
}

impl fmt::Display for CardCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.face)?;
        (0..self.copy).try_for_each(|_| f.write_str("'"))
    }
}

impl core::str::FromStr for CardCopy {
    type Err = String;

    fn from_str(text: &str) -> Result<CardCopy, String> {
        let face = text.trim_end_matches('\'');
        let copy = u8::try_from(text.len() - face.len())
            .map_err(|_| "a card with more copy marks than any pack has copies".to_owned())?;
        Ok(CardCopy { face: face.parse().map_err(|e| format!("{e}"))?, copy })
    }
}

/// `#[serde(with)]` for a list of [`CardCopy`]: one string, space-separated.
mod copy_list {
    use super::{CardCopy, Deserialize, Deserializer, Serializer};
    use serde::de::Error as _;

    pub(super) fn serialize<S: Serializer>(cards: &[CardCopy], s: S) -> Result<S::Ok, S::Error> {
        let text: Vec<String> = cards.iter().map(ToString::to_string).collect();
        s.collect_str(&text.join(" "))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<CardCopy>, D::Error> {
        let text = String::deserialize(d)?;
        text.split_whitespace().map(str::parse).collect::<Result<_, _>>().map_err(D::Error::custom)
    }
}

/// `#[serde(with)]` for per-seat lists of [`CardCopy`], one string each.
mod copy_lists {
    use super::{CardCopy, Deserialize, Deserializer, Serialize, Serializer, copy_list};

    #[derive(Serialize, Deserialize)]
    #[serde(transparent)]
    struct One(#[serde(with = "copy_list")] Vec<CardCopy>);

    pub(super) fn serialize<S: Serializer>(lists: &[Vec<CardCopy>], s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(lists.iter().map(|l| One(l.clone())))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Vec<CardCopy>>, D::Error> {
        Ok(Vec::<One>::deserialize(d)?.into_iter().map(|o| o.0).collect())
    }
}

/// `#[serde(with)]` for an optional [`CardCopy`].
mod copy_option {
    use super::{CardCopy, Deserialize, Deserializer, Serialize, Serializer};
    use serde::de::Error as _;

    pub(super) fn serialize<S: Serializer>(card: &Option<CardCopy>, s: S) -> Result<S::Ok, S::Error> {
        card.map(|c| c.to_string()).serialize(s)
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<CardCopy>, D::Error> {
        Option::<String>::deserialize(d)?.map(|t| t.parse().map_err(D::Error::custom)).transpose()
    }
}

/// A table meld of a save: [`SetupMeld`] with copies.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct SavedMeld {
    owner: Seat,
    kind: MeldKind,
    #[serde(with = "copy_list")]
    cards: Vec<CardCopy>,
}

/// The `setup` of a save: [`Setup`]'s fields with the same names and defaults, every
/// card with its copy, and the jokers won this turn listed rather than counted.
#[derive(Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
struct SavedSetup {
    dealer: Seat,
    #[serde(with = "copy_lists")]
    hands: Vec<Vec<CardCopy>>,
    #[serde(with = "copy_list")]
    stock: Vec<CardCopy>,
    #[serde(with = "copy_list")]
    discard: Vec<CardCopy>,
    restocks: u32,
    shuffle_seed: u64,
    table: Vec<SavedMeld>,
    opened: Vec<bool>,
    to_move: Option<Seat>,
    phase: Phase,
    opened_before: Option<bool>,
    #[serde(with = "copy_option")]
    taken: Option<CardCopy>,
    #[serde(with = "copy_list")]
    won_jokers: Vec<CardCopy>,
    #[serde(with = "copy_lists")]
    known: Vec<Vec<CardCopy>>,
    winner: Option<Seat>,
    rummy: bool,
    penalties: Option<Vec<u32>>,
    dealt: Option<usize>,
}

impl Default for SavedSetup {
    fn default() -> SavedSetup {
        let d = Setup::default();
        SavedSetup {
            dealer: d.dealer,
            hands: Vec::new(),
            stock: Vec::new(),
            discard: Vec::new(),
            restocks: d.restocks,
            shuffle_seed: d.shuffle_seed,
            table: Vec::new(),
            opened: d.opened,
            to_move: d.to_move,
            phase: d.phase,
            opened_before: d.opened_before,
            taken: None,
            won_jokers: Vec::new(),
            known: Vec::new(),
            winner: d.winner,
            rummy: d.rummy,
            penalties: d.penalties,
            dealt: d.dealt,
        }
    }
}

impl SavedSetup {
    /// The position of `game` ([`Rummy40::setup`]) with the copy of every card.
    fn of(game: &Rummy40) -> SavedSetup {
        let catalog = &game.catalog;
        let copy = |id: PieceId| CardCopy::of(catalog, id);
        // Sets in face order, as `setup()` lists them.
        let sorted = |set: PieceSet| {
            let mut cards: Vec<CardCopy> = set.iter().map(copy).collect();
            cards.sort_unstable();
            cards
        };
        let state = &game.state;
        let setup = game.setup();
        let table = state.table.melds().iter().map(|m| SavedMeld {
            owner: m.owner(),
            kind: m.meld().kind(),
            cards: m.pieces().iter().map(|&id| copy(id)).collect(),
        });
        SavedSetup {
            dealer: setup.dealer,
            hands: state.hands.iter().map(|&h| sorted(h)).collect(),
            // `Piles` draws from the end; a save lists the next card drawn first.
            stock: state.piles.stock().iter().rev().map(|&id| copy(id)).collect(),
            discard: state.piles.discard_pile().iter().map(|&id| copy(id)).collect(),
            restocks: setup.restocks,
            shuffle_seed: setup.shuffle_seed,
            table: table.collect(),
            opened: setup.opened,
            to_move: setup.to_move,
            phase: setup.phase,
            opened_before: setup.opened_before,
            taken: state.taken.map(copy),
            won_jokers: sorted(game.turn.won_jokers),
            known: state.known.iter().map(|&k| sorted(k)).collect(),
            winner: setup.winner,
            rummy: setup.rummy,
            penalties: setup.penalties,
            dealt: setup.dealt,
        }
    }

    /// The position by faces: what [`Rummy40::from_setup`] checks.
    fn faces(&self) -> Setup {
        let faces = |cards: &[CardCopy]| cards.iter().map(|c| c.face).collect::<Vec<Card>>();
        Setup {
            dealer: self.dealer,
            hands: self.hands.iter().map(|h| faces(h)).collect(),
            stock: faces(&self.stock),
            discard: faces(&self.discard),
            restocks: self.restocks,
            shuffle_seed: self.shuffle_seed,
            table: self.table.iter().map(|m| SetupMeld::new(m.owner, m.kind, faces(&m.cards))).collect(),
            opened: self.opened.clone(),
            to_move: self.to_move,
            phase: self.phase,
            opened_before: self.opened_before,
            taken: self.taken.map(|c| c.face),
            won_jokers: u8::try_from(self.won_jokers.len()).unwrap_or(u8::MAX),
            known: self.known.iter().map(|k| faces(k)).collect(),
            winner: self.winner,
            rummy: self.rummy,
            penalties: self.penalties.clone(),
            dealt: self.dealt,
        }
    }

    /// The saved hand: the position checked by face ([`Rummy40::from_setup`]), then each
    /// card given the copy the save names. Every copy must be one of the pack and placed
    /// once; a known card must be that copy in its holder's hand, the card taken and the
    /// jokers won that copy in the mover's hand or on the table.
    fn load(&self, config: &Config) -> Result<Rummy40, DealError> {
        // Which copy is which can decide whether the mover may act (a won joker in hand
        // or on the table): asked once the copies are placed.
        let mut game = Rummy40::from_setup_guarded(config, self.faces(), false)?;
        let catalog = game.catalog;
        let mut placed = PieceSet::new();
        let mut place = |card: CardCopy| -> Result<PieceId, PositionError> {
            let id = card.id(&catalog)?;
            if placed.contains(id) {
                return Err(card.twice());
            }
            placed.insert(id);
            Ok(id)
        };
        // The faces fill the pack exactly (checked above), so copies placed once each
        // are the whole pack, each where `from_setup` put a card of its face.
        let mut hands = Vec::with_capacity(self.hands.len());
        for hand in &self.hands {
            hands.push(hand.iter().map(|&c| place(c)).collect::<Result<PieceSet, _>>()?);
        }
        let mut table = MeldTable::new();
        for m in &self.table {
            let pieces = m.cards.iter().map(|&c| place(c)).collect::<Result<Vec<PieceId>, _>>()?;
            table.place(m.owner, m.kind, &pieces, &catalog, &game.rules).map_err(PositionError::Table)?;
        }
        let discard = self.discard.iter().map(|&c| place(c)).collect::<Result<Vec<PieceId>, _>>()?;
        // `Piles` draws from the end.
        let stock = self.stock.iter().rev().map(|&c| place(c)).collect::<Result<Vec<PieceId>, _>>()?;
        let mover = game.state.to_move;
        let mover_or_table = hands.get(mover).copied().unwrap_or_default() | table.pieces();
        let copies_in = |cards: &[CardCopy], within: PieceSet, what: &'static str| {
            let mut set = PieceSet::new();
            for &card in cards {
                let id = card.id(&catalog)?;
                if set.contains(id) {
                    return Err(card.twice());
                }
                if !within.contains(id) {
                    return Err(PositionError::Inconsistent(what));
                }
                set.insert(id);
            }
            Ok(set)
        };
        let mut known = vec![PieceSet::new(); hands.len()];
        for ((k, cards), &hand) in known.iter_mut().zip(&self.known).zip(&hands) {
            *k = copies_in(cards, hand, "a known card is not that copy in its holder's hand")?;
        }
        let taken = match self.taken {
            Some(card) => {
                copies_in(&[card], mover_or_table, "the copy taken is neither the mover's nor on the table")?
                    .first()
            }
            None => None,
        };
        if self.won_jokers.iter().any(|c| c.face != Card::JOKER) {
            return Err(PositionError::Inconsistent("a won joker is not a joker").into());
        }
        let won = "a won joker is not that copy in the mover's hand or on the table";
        game.turn.won_jokers = copies_in(&self.won_jokers, mover_or_table, won)?;
        game.state.hands = hands;
        game.state.table = table;
        game.state.piles = Piles::new(stock, discard, self.shuffle_seed).with_restocks(self.restocks);
        game.state.known = known;
        game.state.taken = taken;
        game.check_can_act()?;
        Ok(game)
    }
}

/// A [`View`] as written, checked before it is one ([`View`] reads through it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewRepr {
    common: HandView,
    config: Config,
    opened: Vec<bool>,
    won_jokers: PieceSet,
}

/// A view is read only if a hand of its rules could show it: its rules are checked for
/// its seats ([`Config::validate`]), its cards as [`HandView::check`] checks them (a
/// hand holds at most the 13 dealt and one drawn, `RULES.md` §3.2, §3.3), one opened
/// flag per seat, set for every seat with a meld on the table (§3.4), and the jokers
/// won this turn jokers of the pack not in the discard pile. When its seat is the seat to
/// move, [`View::legal_actions`] lists an action for it (a draw phase with no stock and
/// no discard pile, or a play phase whose hand holds only cards it cannot discard, lists
/// none): a view read is one a bot can act on.
impl TryFrom<ViewRepr> for View {
    type Error = DealError;

    fn try_from(r: ViewRepr) -> Result<View, DealError> {
        let seats = r.common.hand_sizes.len();
        r.config.validate(seats)?;
        let pack = r.config.catalog()?;
        r.common.check(&pack, &r.config.meld_rules(), <Rummy40 as CardRules>::SEATS, |_| HAND_SIZE + 1)?;
        if r.opened.len() != seats {
            return Err(PositionError::SeatLists { field: "opened", found: r.opened.len(), seats }.into());
        }
        if r.common.table.melds().iter().any(|m| !r.opened[m.owner()]) {
            return Err(PositionError::Inconsistent("a seat with a meld on the table has not opened").into());
        }
        let discarded: PieceSet = r.common.discard_pile.iter().copied().collect();
        let joker_in_play = |id| pack.face(id).is_some_and(Card::is_joker) && !discarded.contains(id);
        if !r.won_jokers.iter().all(joker_in_play) {
            return Err(PositionError::Inconsistent("a card won this turn is not a joker in play").into());
        }
        let mut view = View::blank(r.config);
        (view.common, view.opened, view.won_jokers) = (r.common, r.opened, r.won_jokers);
        view.common.check_actions(|out| view.legal_actions(out))?;
        Ok(view)
    }
}
