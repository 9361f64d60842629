//! Serde for [`MeldTable`] (feature `serde`): the melds in order, each as its owner,
//! kind, piece ids and faces, `{"owner": 0, "kind": "run", "cards": [30, 31, 32], "faces":
//! "5h 6h 7h"}`; a meld's id is its position. Read back through the validator.
//!
//! A table read alone has no game: no catalog to name the faces of its ids and no
//! meld rules. So the faces are written next to the ids, and reading checks what holds
//! under every game: the faces parse, one per id; every meld is a meld under the most
//! lenient rules ([`LENIENT`]: an ace anywhere, any number of jokers), which read a meld
//! valid under stricter rules as the same [`Meld`]; no piece lies twice on the table; the
//! ids agree with the faces in some catalog (a natural's id is its face index plus 52 a
//! deck, a joker's comes after every natural's deck); an owner is a seat below
//! [`MAX_SEATS`]. A save is stricter: it rebuilds its table with [`MeldTable::place`]
//! under its game's pack and rules.

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{MeldTable, TableMeld};
use crate::{
    AcePolicy, Face, JokerLimit, MAX_MELD_LEN, MAX_SEATS, Meld, MeldKind, MeldRules, NATURAL_FACES, PieceId,
    PieceSet, Seat, format_list, parse_list,
};

/// The rules a table read alone is checked under: every meld valid under some rules is
/// valid here, and validated to the same [`Meld`] (a run's start is fixed by its
/// naturals' positions, and no game's run starts past the king); melds as short as any
/// rules allow (`MeldRules::with_min_len`).
const LENIENT: MeldRules = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Unlimited).with_min_len(1);

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Written {
    owner: Seat,
    kind: MeldKind,
    cards: Vec<PieceId>,
    faces: String,
}

impl<F: Face> Serialize for MeldTable<F> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.melds.iter().map(|m| Written {
            owner: m.owner,
            kind: m.meld.kind(),
            cards: m.pieces().to_vec(),
            faces: format_list(m.meld.faces()),
        }))
    }
}

impl<'de, F: Face> Deserialize<'de> for MeldTable<F> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let written = Vec::<Written>::deserialize(d)?;
        let mut table = MeldTable::new();
        let mut seen = PieceSet::new();
        // The deck count the natural ids need, and the lowest joker id.
        let (mut decks_needed, mut first_joker) = (0_usize, usize::MAX);
        for (index, w) in written.iter().enumerate() {
            let id =
                u16::try_from(index).map(super::MeldId).map_err(|_| D::Error::custom("too many melds"))?;
            let faces: Vec<F> =
                parse_list(&w.faces).map_err(|e| D::Error::custom(format!("meld {id}: {e}")))?;
            if faces.len() != w.cards.len() {
                return Err(D::Error::custom(format!(
                    "meld {id}: {} cards but {} faces",
                    w.cards.len(),
                    faces.len()
                )));
            }
            let meld = Meld::new(w.kind, &faces, &LENIENT)
                .map_err(|e| D::Error::custom(format!("meld {id}: not a {:?} `{}`: {e}", w.kind, w.faces)))?;
            if w.owner >= MAX_SEATS {
                return Err(D::Error::custom(format!("meld {id}: owner {} is not a seat", w.owner)));
            }
            for (&card, &face) in w.cards.iter().zip(&faces) {
                if !seen.insert(card) {
                    return Err(D::Error::custom(format!("meld {id}: piece {card} is on the table twice")));
                }
                let i = usize::from(card.index());
                if face.is_joker() {
                    first_joker = first_joker.min(i);
                } else if i % NATURAL_FACES == usize::from(face.index()) {
                    decks_needed = decks_needed.max(i / NATURAL_FACES + 1);
                } else {
                    return Err(D::Error::custom(format!("meld {id}: piece {card} cannot be {face}")));
                }
            }
            let mut pieces = [w.cards[0]; MAX_MELD_LEN];
            pieces[..w.cards.len()].copy_from_slice(&w.cards);
            table.melds.push(TableMeld { id, owner: w.owner, pieces, meld });
        }
        if first_joker < decks_needed * NATURAL_FACES {
            return Err(D::Error::custom(format!(
                "piece #{first_joker} cannot be a joker: it is a natural card of deck {}",
                first_joker / NATURAL_FACES + 1
            )));
        }
        table.next_id = u16::try_from(table.melds.len()).map_err(|_| D::Error::custom("too many melds"))?;
        table.on_table = seen;
        if !table.melds.is_empty() {
            table.restamp();
        }
        Ok(table)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Card;

    /// Every run and group valid under some game's rules (every ace policy, every joker
    /// limit) is valid under [`LENIENT`] and validated to the same meld: the claim that
    /// lets a table be read without its rules. Exhaustive over runs of 3 to 6 cards of
    /// one suit, every start, every placement of jokers, and every group shape.
    #[test]
    fn the_lenient_rules_read_every_valid_meld_as_the_same_meld() {
        let aces = [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
        let jokers = [
            JokerLimit::Forbidden,
            JokerLimit::Unlimited,
            JokerLimit::AtMost(1),
            JokerLimit::NotMoreThanNaturals,
            JokerLimit::NoAdjacent,
        ];
        let mut candidates: Vec<(MeldKind, Vec<Card>)> = Vec::new();
        for len in 3..=6_u8 {
            for start in 1..=13_u8 {
                for mask in 0..1_u32 << len {
                    let faces = (0..len)
                        .map(|k| {
                            if mask >> k & 1 == 1 {
                                Card::JOKER
                            } else {
                                Card::natural(2, (start + k - 1) % 13 + 1).expect("a card")
                            }
                        })
                        .collect();
                    candidates.push((MeldKind::Run, faces));
                }
            }
        }
        for number in 1..=13_u8 {
            for suits in 0..16_u8 {
                for extra in 0..=2_u8 {
                    let mut faces: Vec<Card> = (0..4)
                        .filter(|s| suits >> s & 1 == 1)
                        .filter_map(|s| Card::natural(s, number))
                        .collect();
                    faces.extend((0..extra).map(|_| Card::JOKER));
                    candidates.push((MeldKind::Group, faces));
                }
            }
        }
        let mut valid = 0;
        for (kind, faces) in &candidates {
            for ace in aces {
                for limit in jokers {
                    let Ok(meld) = Meld::new(*kind, faces, &MeldRules::new(ace, limit)) else { continue };
                    valid += 1;
                    assert_eq!(
                        Meld::new(*kind, faces, &LENIENT),
                        Ok(meld),
                        "{kind:?} {}",
                        format_list(faces)
                    );
                }
            }
        }
        assert!(valid > 1000, "only {valid} valid melds tried");
        // Rules that take shorter melds place melds that read back too; lenient is no
        // more than that: a run is still in a row, of one suit.
        let two: Vec<Card> = parse_list("5h 6h").expect("cards");
        let short = MeldRules::default().with_min_len(2);
        assert_eq!(Meld::new(MeldKind::Run, &two, &LENIENT), Meld::new(MeldKind::Run, &two, &short));
        assert!(Meld::new(MeldKind::Run, &two, &LENIENT).is_ok());
        let gap: Vec<Card> = parse_list("5h 7h").expect("cards");
        assert!(Meld::new(MeldKind::Run, &gap, &LENIENT).is_err());
        let suits: Vec<Card> = parse_list("5h 6s").expect("cards");
        assert!(Meld::new(MeldKind::Run, &suits, &LENIENT).is_err());
    }
}
