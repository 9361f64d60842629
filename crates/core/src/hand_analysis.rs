//! [`HandAnalysis`]: the least-deadwood split of a card hand, in the ids a view holds
//! and an action names, the one shape of classic Rummy's and Rummy 40's `analyze`.

use crate::{MeldKind, PieceId, PieceSet};

/// A meld of a [`HandAnalysis`]: its kind and its cards' ids in meld order (a run from
/// its low end, so that each joker's place says what it stands for): what a new meld
/// of an action is made of.
///
/// ```
/// use rummykit_core::{MeldKind, PieceId, PieceMeld};
/// let id = |i| PieceId::new(i).unwrap();
/// let run = PieceMeld { kind: MeldKind::Run, pieces: vec![id(3), id(4), id(5)] };
/// assert_eq!(run.pieces.len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceMeld {
    /// Group or run (stored, never inferred: `RULES.md` §0).
    pub kind: MeldKind,
    /// The cards, in meld order.
    pub pieces: Vec<PieceId>,
}

/// The best split of a card hand into melds: what to keep together and what is
/// deadwood, in piece ids. Classic Rummy's and Rummy 40's `analyze` both take the hand
/// as a view holds it (a [`PieceSet`]) and give this.
///
/// ```
/// use rummykit_core::{HandAnalysis, MeldKind, PieceId, PieceMeld, PieceSet};
/// let id = |i| PieceId::new(i).unwrap();
/// let split = HandAnalysis {
///     melds: vec![PieceMeld { kind: MeldKind::Run, pieces: vec![id(3), id(4), id(5)] }],
///     unmelded: PieceSet::from_iter([id(40)]),
///     deadwood: 2,
/// };
/// assert_eq!(split.melded().len(), 3);
/// assert!(split.melded().is_disjoint(&split.unmelded));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct HandAnalysis {
    /// The melds, each in meld order.
    pub melds: Vec<PieceMeld>,
    /// The cards in no meld.
    pub unmelded: PieceSet,
    /// The value of the unmelded cards by the game's card values: what the hand would
    /// cost if another player went out now, were the melds laid down.
    pub deadwood: u32,
}

impl HandAnalysis {
    /// Every card in one of the melds.
    ///
    /// ```
    /// use rummykit_core::{HandAnalysis, MeldKind, PieceId, PieceMeld};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let group = PieceMeld { kind: MeldKind::Group, pieces: vec![id(6), id(19), id(32)] };
    /// let split = HandAnalysis { melds: vec![group], ..HandAnalysis::default() };
    /// assert!(split.melded().contains(id(19)));
    /// ```
    #[must_use]
    pub fn melded(&self) -> PieceSet {
        self.melds.iter().flat_map(|m| m.pieces.iter().copied()).collect()
    }
}
