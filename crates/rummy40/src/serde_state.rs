//! Serde for [`Config`] and [`Rummy40`] (feature `serde`): both are written as plain
//! representations and read back only through re-validation (DESIGN.md point 8), so a
//! corrupt save is an error, never a state.

use rummykit_core::{
    DealError, JokerLimit, MatchEnd, MeldTable, PieceId, PieceSet, Piles, PositionError, Seat, Seating,
    TableMeldRepr,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::game::{HandEnd, Turn};
use crate::{
    Config, HAND_SIZE, JokerDiscard, MAX_PLAYERS, MIN_PLAYERS, OpeningScope, Phase, Rummy40, RummyBonus,
    Set3JokerSwap,
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

/// The plain, unvalidated form of a [`Rummy40`].
#[derive(Serialize, Deserialize)]
struct Repr {
    config: Config,
    dealer: Seat,
    hands: Vec<PieceSet>,
    stock: Vec<PieceId>,
    discard: Vec<PieceId>,
    restocks: u32,
    shuffle_seed: u64,
    table: Vec<TableMeldRepr>,
    opened: Vec<bool>,
    known: Vec<PieceSet>,
    to_move: Seat,
    phase: Phase,
    opened_before: bool,
    taken: Option<PieceId>,
    won_jokers: PieceSet,
    winner: Option<Seat>,
    rummy: bool,
    penalties: Option<Vec<u32>>,
    /// Cards dealt to the hands. Saves written before it was recorded have none: they
    /// read as a real deal, 13 cards a seat.
    #[serde(default)]
    dealt: Option<usize>,
}

fn bad(what: &'static str) -> DealError {
    DealError::InvalidDeal(PositionError::Inconsistent(what))
}

impl From<&Rummy40> for Repr {
    fn from(g: &Rummy40) -> Repr {
        let (turn, end) = g.turn_and_end();
        Repr {
            config: g.config,
            dealer: g.dealer,
            hands: g.hands.clone(),
            stock: g.piles.stock().to_vec(),
            discard: g.piles.discard_pile().to_vec(),
            restocks: g.piles.restocks(),
            shuffle_seed: g.piles.shuffle_seed(),
            table: g.table.melds().iter().map(TableMeldRepr::from).collect(),
            opened: g.opened.clone(),
            known: g.known.clone(),
            to_move: g.to_move,
            phase: g.phase,
            opened_before: turn.opened_before,
            taken: turn.taken,
            won_jokers: turn.won_jokers,
            winner: end.and_then(|e| e.winner),
            rummy: end.is_some_and(|e| e.rummy),
            penalties: end.map(|e| e.penalties.clone()),
            dealt: Some(g.dealt()),
        }
    }
}

impl TryFrom<Repr> for Rummy40 {
    type Error = DealError;

    /// Rebuilds a state, checking: 2–6 seats, dealer and mover exist; every card of the
    /// pack is in exactly one place; every table meld is valid under the configuration
    /// and owned by a seat that has opened; known cards are in their holder's hand; the
    /// hand sizes fit the deal and the phase (no hand above 13 cards but the mover's
    /// after the draw, none empty while the hand is on, hands and table holding the
    /// cards dealt plus the one drawn); the turn fields fit the phase; a result exactly
    /// when the hand is over, and the penalties the hands left give.
    fn try_from(r: Repr) -> Result<Rummy40, DealError> {
        let config = r.config;
        let catalog = config.catalog()?;
        let rules = config.meld_rules();
        let seats = r.hands.len();
        Seating::new(seats).with_dealer(r.dealer).check(MIN_PLAYERS, MAX_PLAYERS)?;
        if r.to_move >= seats {
            return Err(PositionError::NoSuchSeat { field: "to_move", seat: r.to_move, seats }.into());
        }
        for (field, found) in [("opened", r.opened.len()), ("known", r.known.len())] {
            if found != seats {
                return Err(PositionError::SeatLists { field, found, seats }.into());
            }
        }
        let mut table = MeldTable::new();
        for m in &r.table {
            if m.owner >= seats {
                return Err(PositionError::NoSuchSeat { field: "meld owner", seat: m.owner, seats }.into());
            }
            if !r.opened[m.owner] {
                return Err(bad("a meld's owner has not opened"));
            }
            table.place(m.owner, m.kind, &m.cards, &catalog, &rules).map_err(PositionError::Table)?;
        }
        let mut seen = PieceSet::new();
        let mut count = 0;
        let places = r.hands.iter().copied().chain([
            r.stock.iter().copied().collect::<PieceSet>(),
            r.discard.iter().copied().collect(),
            table.pieces(),
        ]);
        for place in places {
            if let Some(id) = (seen & place).first() {
                return Err(PositionError::RepeatedPiece(id).into());
            }
            seen |= place;
            count += place.len();
        }
        count += r.stock.len() + r.discard.len()
            - r.stock.iter().chain(&r.discard).copied().collect::<PieceSet>().len();
        if seen != catalog.all() || count != catalog.len() {
            return Err(bad("the cards are not exactly the pack, each once"));
        }
        if r.known.iter().zip(&r.hands).any(|(k, h)| !k.is_subset(h)) {
            return Err(bad("a known card is not in its holder's hand"));
        }
        let dealt = check_counts(&r, &table)?;
        if r.config.max_restocks.is_some_and(|cap| r.restocks > cap) {
            return Err(bad("more restocks than the cap"));
        }
        if r.opened_before && !r.opened[r.to_move] {
            return Err(bad("opened before this turn but not opened"));
        }
        let on_table_or_hand = |p: PieceId| r.hands[r.to_move].contains(p) || table.pieces().contains(p);
        match r.phase {
            Phase::Draw if r.taken.is_some() || !r.won_jokers.is_empty() => {
                return Err(bad("a turn that has not drawn yet cannot have taken a card or won a joker"));
            }
            Phase::Draw | Phase::Play if r.penalties.is_some() || r.winner.is_some() || r.rummy => {
                return Err(bad("a result before the hand is over"));
            }
            Phase::Play => {
                if r.taken.is_some_and(|t| !on_table_or_hand(t)) {
                    return Err(bad("the taken card is neither in hand nor on the table"));
                }
                if r.won_jokers
                    .iter()
                    .any(|j| !on_table_or_hand(j) || !catalog.face(j).is_some_and(|f| f.is_joker()))
                {
                    return Err(bad("a won joker is not a joker in hand or on the table"));
                }
                if r.hands[r.to_move].is_empty() {
                    return Err(bad("the player to move has no cards but the hand is on"));
                }
            }
            Phase::Over => {
                let Some(p) = &r.penalties else { return Err(bad("a finished hand without a result")) };
                if p.len() != seats || r.winner.is_some_and(|w| w >= seats || !r.hands[w].is_empty()) {
                    return Err(bad("the result does not fit the hands"));
                }
                if r.rummy && r.winner.is_none() {
                    return Err(bad("a void hand cannot be won by going rummy"));
                }
            }
            _ => {}
        }
        let (winner, rummy) = (r.winner, r.rummy);
        let end = (r.phase == Phase::Over).then(|| HandEnd {
            winner: r.winner,
            rummy: r.rummy,
            penalties: r.penalties.unwrap_or_default(),
        });
        let game = Rummy40::restore(
            config,
            catalog,
            r.hands,
            Piles::new(r.stock, r.discard, r.shuffle_seed).with_restocks(r.restocks),
            table,
            r.opened,
            r.known,
            r.dealer,
            r.to_move,
            r.phase,
            Turn { opened_before: r.opened_before, taken: r.taken, won_jokers: r.won_jokers },
            end,
            dealt,
        );
        if let Some(saved) = game.penalties() {
            let scored = game.hand_penalties(winner, rummy);
            if saved != scored.as_slice() {
                return Err(bad("the saved penalties are not what the hands score"));
            }
        }
        Ok(game)
    }
}

/// The hand sizes against the deal and the phase (see [`Rummy40`]'s `dealt`): a hand
/// only grows by the card drawn in its own turn, and melds, builds and joker swaps move
/// cards between a hand and the table without changing their sum.
fn check_counts(r: &Repr, table: &MeldTable<rummykit_core::Card>) -> Result<usize, DealError> {
    let seats = r.hands.len();
    let dealt = r.dealt.unwrap_or(seats * HAND_SIZE);
    if dealt < seats || dealt > seats * HAND_SIZE {
        return Err(PositionError::DealtCount { dealt, seats, max: HAND_SIZE }.into());
    }
    let on = r.phase != Phase::Over;
    for (seat, hand) in r.hands.iter().enumerate() {
        let drawn = usize::from(seat == r.to_move && r.phase == Phase::Play);
        if hand.len() > HAND_SIZE + drawn || (on && hand.is_empty()) {
            let (min, max) = (usize::from(on), HAND_SIZE + drawn);
            return Err(PositionError::HandSize { seat, len: hand.len(), min, max }.into());
        }
    }
    let in_play = r.hands.iter().map(PieceSet::len).sum::<usize>() + table.pieces().len();
    let fits = matches!(
        (r.phase, in_play.checked_sub(dealt)),
        (Phase::Draw, Some(0)) | (Phase::Play, Some(1)) | (Phase::Over, Some(0 | 1))
    );
    if !fits {
        return Err(PositionError::PiecesInPlay { found: in_play, dealt }.into());
    }
    Ok(dealt)
}

impl Serialize for Rummy40 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Repr::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for Rummy40 {
    /// Reads a saved hand and re-checks every invariant (see `TryFrom<Repr>`).
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Rummy40::try_from(Repr::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}
