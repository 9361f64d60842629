//! Serde for [`ClassicRummy`] (feature `serde`): the state is written as a plain
//! representation and read back only through [`TryFrom`], which re-checks every
//! invariant (DESIGN.md point 8), so a corrupt save is an error, never a state.

use rummykit_core::{
    DealError, MeldTable, Outcome, PieceId, PieceSet, Piles, PositionError, Seat, TableMeldRepr,
};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::turn::DECK;
use crate::{ClassicRummy, Config, MeldLimit, Phase};

/// The plain, unvalidated form of a [`ClassicRummy`].
#[derive(Serialize, Deserialize)]
pub(crate) struct Repr {
    config: Config,
    dealer: Seat,
    hands: Vec<PieceSet>,
    stock: Vec<PieceId>,
    discard: Vec<PieceId>,
    restocks: u32,
    shuffle_seed: u64,
    table: Vec<TableMeldRepr>,
    to_move: Seat,
    phase: Phase,
    taken: Option<PieceId>,
    melds_this_turn: u32,
    played_before: Vec<bool>,
    played_this_turn: bool,
    known: Vec<PieceSet>,
    outcome: Option<Outcome>,
    rummy: bool,
    dealt: usize,
}

impl From<&ClassicRummy> for Repr {
    fn from(g: &ClassicRummy) -> Repr {
        let p = g.parts();
        Repr {
            config: *p.config,
            dealer: p.dealer,
            hands: p.hands.to_vec(),
            stock: p.piles.stock().to_vec(),
            discard: p.piles.discard_pile().to_vec(),
            restocks: p.piles.restocks(),
            shuffle_seed: p.piles.shuffle_seed(),
            table: p.table.melds().iter().map(TableMeldRepr::from).collect(),
            to_move: p.to_move,
            phase: p.phase,
            taken: p.taken,
            melds_this_turn: p.melds_this_turn,
            played_before: p.played_before.to_vec(),
            played_this_turn: p.played_this_turn,
            known: p.known.to_vec(),
            outcome: p.outcome.clone(),
            rummy: p.rummy,
            dealt: p.dealt,
        }
    }
}

fn bad(what: &'static str) -> DealError {
    DealError::InvalidDeal(PositionError::Inconsistent(what))
}

impl TryFrom<Repr> for ClassicRummy {
    type Error = DealError;

    /// Rebuilds a state, checking: 2–6 seats and the seats named exist; the cards are
    /// exactly the deck, each in one place; every table meld is valid under the
    /// configuration; known cards are in their holder's hand; the turn fields agree
    /// with the phase; an outcome exactly when the hand is over.
    fn try_from(r: Repr) -> Result<ClassicRummy, DealError> {
        let seats = r.hands.len();
        let rules = r.config.meld_rules();
        let mut table = MeldTable::new();
        for m in &r.table {
            if m.owner >= seats {
                return Err(PositionError::NoSuchSeat { field: "meld owner", seat: m.owner, seats }.into());
            }
            table.place(m.owner, m.kind, &m.cards, &DECK, &rules).map_err(PositionError::Table)?;
        }
        let mut game = ClassicRummy::from_deal(
            &r.config,
            r.dealer,
            r.hands.clone(),
            r.stock
                .iter()
                .chain(r.discard.iter())
                .chain(r.table.iter().flat_map(|m| m.cards.iter()))
                .copied()
                .collect(),
            Vec::new(),
            r.shuffle_seed,
        )?;
        if r.to_move >= seats {
            return Err(PositionError::NoSuchSeat { field: "to_move", seat: r.to_move, seats }.into());
        }
        for (field, found) in [("played_before", r.played_before.len()), ("known", r.known.len())] {
            if found != seats {
                return Err(PositionError::SeatLists { field, found, seats }.into());
            }
        }
        if r.known.iter().zip(&r.hands).any(|(k, h)| !k.is_subset(h)) {
            return Err(bad("a known card is not in its holder's hand"));
        }
        if let Some(cap) = r.config.max_restocks
            && r.restocks > cap
        {
            return Err(PositionError::OutOfRange {
                field: "restocks",
                value: r.restocks.into(),
                max: cap.into(),
            }
            .into());
        }
        match r.phase {
            Phase::Draw if r.taken.is_some() || r.melds_this_turn > 0 || r.played_this_turn => {
                return Err(bad("a turn that has not drawn yet cannot have taken, melded or laid off"));
            }
            Phase::Play => {
                if let Some(t) = r.taken {
                    let in_hand = r.hands[r.to_move].contains(t) && r.known[r.to_move].contains(t);
                    // It may have been melded or laid off since it was taken.
                    if !in_hand && !table.pieces().contains(t) {
                        return Err(bad(
                            "the card taken this turn is neither in the mover's hand nor on the table",
                        ));
                    }
                }
                if r.config.meld_limit == MeldLimit::One && r.melds_this_turn > 1 {
                    return Err(bad("more melds this turn than the limit"));
                }
                // The melds made this turn are on the table.
                if usize::try_from(r.melds_this_turn).map_or(true, |m| m > r.table.len()) {
                    return Err(PositionError::OutOfRange {
                        field: "melds_this_turn",
                        value: r.melds_this_turn.into(),
                        max: r.table.len() as u64,
                    }
                    .into());
                }
                if r.hands[r.to_move].is_empty() {
                    return Err(bad("the player to move has no cards but the hand is not over"));
                }
            }
            _ => {}
        }
        // Every turn draws one card and discards one; melds and lay-offs move cards from
        // hand to table. So hands and table hold the cards dealt at the start of a turn,
        // one more after the draw, and either when the hand is over.
        let in_play = r.hands.iter().map(PieceSet::len).sum::<usize>()
            + r.table.iter().map(|m| m.cards.len()).sum::<usize>();
        // Compared by subtraction: a saved `dealt` may be any number, even usize::MAX.
        let count_ok = matches!(
            (r.phase, in_play.checked_sub(r.dealt)),
            (Phase::Draw, Some(0)) | (Phase::Play, Some(1)) | (Phase::Over, Some(0 | 1))
        );
        if !count_ok {
            return Err(PositionError::PiecesInPlay { found: in_play, dealt: r.dealt }.into());
        }
        match (&r.outcome, r.phase) {
            (None, Phase::Over) | (Some(_), Phase::Draw | Phase::Play) => {
                return Err(bad("an outcome is saved exactly when the hand is over"));
            }
            (Some(o), Phase::Over)
                if o.points.len() != seats
                    || o.winner.is_some_and(|w| w >= seats || !r.hands[w].is_empty()) =>
            {
                return Err(bad("the outcome does not fit the hands"));
            }
            _ => {}
        }
        game.restore(
            table,
            Piles::new(r.stock, r.discard, r.shuffle_seed).with_restocks(r.restocks),
            r.to_move,
            r.phase,
            r.taken,
            r.melds_this_turn,
            r.played_before,
            r.played_this_turn,
            r.known,
            r.outcome,
            r.rummy,
            r.dealt,
        );
        Ok(game)
    }
}

impl Serialize for ClassicRummy {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        Repr::from(self).serialize(s)
    }
}

impl<'de> Deserialize<'de> for ClassicRummy {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let repr = Repr::deserialize(d)?;
        ClassicRummy::try_from(repr).map_err(serde::de::Error::custom)
    }
}
