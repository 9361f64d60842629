//! [`analyze`]: the least-deadwood split of a hand, for bots and hints.

use rummykit_core::{Card, PieceId, PieceSet, least_deadwood};

use crate::Config;
use crate::turn::DECK;

/// The best split of a hand into melds: what to keep together and what is deadwood.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HandAnalysis {
    /// The melds, each in meld order (a run from its low end).
    pub melds: Vec<Vec<PieceId>>,
    /// The cards in no meld.
    pub unmelded: PieceSet,
    /// Their value (`RULES.md` §2.6 values): what the hand would cost if another
    /// player went out now, were the melds laid down.
    pub deadwood: u32,
}

/// The split of `hand` into disjoint melds (valid under `config`'s ace mode) with the
/// least deadwood, computed exactly by [`rummykit_core::least_deadwood`].
///
/// ```
/// use rummykit_classic::{Config, analyze};
/// use rummykit_core::{Card, Catalog, MatchEnd, PieceSet, parse_list};
/// let deck = Catalog::<Card>::DECK;
/// let hand: PieceSet = parse_list::<Card>("7h 8h 9h 9s 9d Kc 2c")?.into_iter()
///     .map(|c| deck.ids_of(c).next().unwrap()).collect();
/// let best = analyze(&hand, &Config::standard(MatchEnd::TargetScore(100)));
/// assert_eq!(best.deadwood, 7 + 8 + 10 + 2); // 9h 9s 9d melded
/// assert_eq!(best.melds.len(), 1);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn analyze(hand: &PieceSet, config: &Config) -> HandAnalysis {
    // The one-deck catalog numbers its cards by face index, so the hand in id order is
    // the hand in face order: core's search for plain cards applies. On the stack: a
    // hand of the deck never exceeds its 52 cards.
    let mut ids = [PieceId::new(0).expect("id 0"); 52];
    let mut faces = [Card::JOKER; 52];
    let mut n = 0;
    for id in hand.iter().filter(|&id| DECK.contains(id)) {
        if let Some(face) = DECK.face(id) {
            (ids[n], faces[n]) = (id, face);
            n += 1;
        }
    }
    let (ids, faces) = (&ids[..n], &faces[..n]);
    let ace = config.ace;
    match least_deadwood(faces, &config.meld_rules(), |c| ace.card_value(c)) {
        Ok(split) => HandAnalysis {
            melds: split.melds().iter().map(|m| m.select(ids).copied().collect()).collect(),
            unmelded: split.unmelded().map(|i| ids[i]).collect(),
            deadwood: split.deadwood(),
        },
        // A hand of the 52-card deck never exceeds the analysis limit of 64.
        Err(_) => HandAnalysis {
            melds: Vec::new(),
            unmelded: ids.iter().copied().collect(),
            deadwood: faces.iter().map(|&c| ace.card_value(c)).sum(),
        },
    }
}
