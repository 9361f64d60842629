//! [`Action`]: what a player does, naming cards by identity (`RULES.md` §3.3).

use rummykit_core::{MeldId, MeldKind, PieceId, RunEnd};

/// A new meld put down from the hand: its kind and its cards in order (a run from its
/// low end, so each joker's position says which card it stands for).
///
/// ```
/// use rummykit_rummy40::rummykit_core::{MeldKind, PieceId};
/// use rummykit_rummy40::NewMeld;
/// let id = |i| PieceId::new(i).unwrap();
/// let m = NewMeld::new(MeldKind::Group, vec![id(9), id(22), id(35)]);
/// assert_eq!(m.pieces.len(), 3);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NewMeld {
    /// Set (group) or run; stored, never inferred (`RULES.md` §0).
    pub kind: MeldKind,
    /// The cards in meld order.
    pub pieces: Vec<PieceId>,
}

impl NewMeld {
    /// A new meld of `kind` from `pieces` (in order).
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Card, Game, MeldKind, PieceId, parse_list};
    /// use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, Setup};
    ///
    /// // Seat 1 holds ♥10-J-Q-K, 40 points: an opening, with 5♠ left to discard.
    /// let mut setup = Setup::new(vec![parse_list("2c 3d")?, parse_list("Th Jh Qh Kh 5s")?]);
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// // The run's cards from its low end, named by their ids in seat 1's hand.
    /// let faces: Vec<Card> = parse_list("Th Jh Qh Kh")?;
    /// let by_face = |f: &Card| game.hand(1).unwrap().iter().find(|&id| game.face(id) == Some(*f));
    /// let pieces: Vec<PieceId> = faces.iter().filter_map(by_face).collect();
    /// game.apply(1, Action::Open { melds: vec![NewMeld::new(MeldKind::Run, pieces)] })?;
    /// assert_eq!(game.has_opened(1), Some(true));
    /// assert_eq!(game.table().melds()[0].pieces().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(kind: MeldKind, pieces: Vec<PieceId>) -> NewMeld {
        NewMeld { kind, pieces }
    }
}

/// A card laid off onto a meld that was already on the table, as part of going rummy
/// ([`Action::GoRummy`], `RULES.md` §3.7): `piece` from the hand onto `onto` at `end` of
/// a run (for a set the end is ignored, both are accepted). The fields are those of
/// [`Action::LayOff`].
///
/// ```
/// use rummykit_rummy40::rummykit_core::{MeldId, PieceId, RunEnd};
/// use rummykit_rummy40::RummyLayOff;
/// let b = RummyLayOff::new(PieceId::new(7).unwrap(), MeldId::new(0), RunEnd::Back);
/// assert_eq!(b.onto, MeldId::new(0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct RummyLayOff {
    /// The card from hand.
    pub piece: PieceId,
    /// The meld it goes onto (one laid before this action).
    pub onto: MeldId,
    /// Which end of a run.
    pub end: RunEnd,
}

impl RummyLayOff {
    /// `piece` laid off onto `onto` at `end`.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Card, Game, MeldKind, PieceId, RunEnd, parse_list};
    /// use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, RummyLayOff, Setup, SetupMeld};
    ///
    /// // Seat 0 opened with ♥8-9-10. Seat 1, not opened, goes rummy: ♣2-3-4 as a new
    /// // meld, ♥J laid off onto seat 0's run, ♦K discarded.
    /// let mut setup = Setup::new(vec![parse_list("5d")?, parse_list("2c 3c 4c Jh")?]);
    /// setup.table = vec![SetupMeld::new(0, MeldKind::Run, parse_list("8h 9h Th")?)];
    /// setup.stock = parse_list("Kd")?;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let faces: Vec<Card> = parse_list("2c 3c 4c Jh Kd")?;
    /// let by_face = |f: &Card| game.hand(1).unwrap().iter().find(|&id| game.face(id) == Some(*f));
    /// let ids: Vec<PieceId> = faces.iter().filter_map(by_face).collect();
    /// let onto = game.table().melds()[0].id();
    /// game.apply(1, Action::GoRummy {
    ///     melds: vec![NewMeld::new(MeldKind::Run, ids[..3].to_vec())],
    ///     lay_offs: vec![RummyLayOff::new(ids[3], onto, RunEnd::Back)],
    ///     discard: ids[4],
    /// })?;
    /// assert!(game.went_rummy());
    /// assert_eq!(game.table().melds()[0].pieces().len(), 4);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn new(piece: PieceId, onto: MeldId, end: RunEnd) -> RummyLayOff {
        RummyLayOff { piece, onto, end }
    }
}

/// One atomic step of a turn (`RULES.md` §3.3). Cards are named by identity
/// ([`PieceId`]), melds on the table by their stable [`MeldId`].
///
/// A turn is: a draw ([`DrawStock`](Action::DrawStock), [`TakeDiscard`](Action::TakeDiscard)
/// once opened, or one of the atomic take-and-open actions), then any number of plays,
/// then [`Discard`](Action::Discard), which is compulsory, also to go out.
///
/// ```
/// use rummykit_rummy40::rand::SeedableRng;
/// use rummykit_rummy40::rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Action, ActionError, Config, Rummy40};
///
/// let mut rng = rummykit_rummy40::rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
/// // Before opening, the top discard is taken only to open with it.
/// assert_eq!(game.apply(1, Action::TakeDiscard), Err(ActionError::TakeOnlyToOpen));
/// game.apply(1, Action::DrawStock)?;
/// // The turn ends with a discard, named by the card's id.
/// let card = game.hand(1).and_then(|h| h.first()).ok_or("an empty hand")?;
/// game.apply(1, Action::Discard(card))?;
/// assert_eq!((game.piles().top_discard(), game.to_move()), (Some(card), Some(0)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Action {
    /// Draw the top card of the stock.
    DrawStock,
    /// Take the top discard (only after opening, `RULES.md` §3.3).
    TakeDiscard,
    /// Before opening: take the top discard and open in one action with melds that use
    /// it, worth at least the opening threshold (`RULES.md` §3.3, §3.5).
    TakeDiscardAndOpen {
        /// The opening melds; one of them holds the taken card.
        melds: Vec<NewMeld>,
    },
    /// After drawing from the stock, before opening: open with melds worth at least the
    /// threshold (`RULES.md` §3.5).
    Open {
        /// The opening melds.
        melds: Vec<NewMeld>,
    },
    /// After opening: put down one more meld, of any value.
    Meld(NewMeld),
    /// After opening: lay a card off onto any meld on the table (`RULES.md` §3.3),
    /// at `end` of a run (ignored for a set).
    LayOff {
        /// The card from hand.
        piece: PieceId,
        /// The meld it goes onto.
        onto: MeldId,
        /// Which end of a run.
        end: RunEnd,
    },
    /// After opening: exchange the exact card a joker stands for in a run for that joker,
    /// which goes to the hand (`RULES.md` §3.6). Under `Set3JokerSwap::EitherMissing`
    /// also one missing-suit card for the joker of a set of three.
    SwapJoker {
        /// The natural card from hand.
        piece: PieceId,
        /// The meld holding the joker.
        meld: MeldId,
    },
    /// After opening: add both missing suits to a set of three holding a joker; one
    /// joker comes free to the hand (`RULES.md` §3.6). With two jokers in the set, the
    /// result is a closed four-card set keeping the other.
    ReleaseJoker {
        /// The set of three.
        meld: MeldId,
        /// The two missing-suit naturals from hand.
        pieces: [PieceId; 2],
    },
    /// Go rummy after a stock draw (`RULES.md` §3.7): with no earlier meld this hand, lay
    /// the whole hand "as melds and builds" in one turn: the new `melds` first, then each
    /// card of `lay_offs` onto a meld that was on the table before this action (other
    /// players' melds: the player has none yet), then `discard`. At least one new meld
    /// is needed (laying off comes after one's first meld); lay-offs never count
    /// toward the 40, which is waived unless `rummy_requires_opening_threshold`.
    ///
    /// Lay-offs are applied in their normal order: sorted by meld, then front before back
    /// (a stable sort, so the order of the cards laid at one end is kept: 8 then 9 at the
    /// back of 5-6-7).
    GoRummy {
        /// The new melds.
        melds: Vec<NewMeld>,
        /// The cards laid off onto melds already on the table (often none; may be
        /// omitted in JSON).
        #[cfg_attr(feature = "serde", serde(default))]
        lay_offs: Vec<RummyLayOff>,
        /// The final discard.
        discard: PieceId,
    },
    /// [`Action::GoRummy`] with the top discard taken first instead of a stock draw; the
    /// taken card must be in one of the new melds (`RULES.md` §3.3).
    TakeDiscardAndGoRummy {
        /// The new melds, one holding the taken card.
        melds: Vec<NewMeld>,
        /// The cards laid off onto melds already on the table (often none).
        #[cfg_attr(feature = "serde", serde(default))]
        lay_offs: Vec<RummyLayOff>,
        /// The final discard.
        discard: PieceId,
    },
    /// Discard a card, ending the turn (or the hand, with the last card).
    Discard(PieceId),
}

impl Action {
    /// The normal form [`Game::legal_actions`](rummykit_core::Game::legal_actions) lists:
    /// melds of a batch sorted, a set's cards in ascending id order, a run's jokers in
    /// ascending id order along the run, a release's two cards ascending, a rummy's lay-offs
    /// stable-sorted by meld and end. Two actions with the same normal form are the same
    /// move and are accepted alike.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{MeldKind, PieceId};
    /// use rummykit_rummy40::{Action, NewMeld};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let a = Action::Meld(NewMeld::new(MeldKind::Group, vec![id(35), id(9), id(22)]));
    /// let b = Action::Meld(NewMeld::new(MeldKind::Group, vec![id(9), id(22), id(35)]));
    /// assert_eq!(a.normalized(), b);
    /// ```
    #[must_use]
    pub fn normalized(&self) -> Action {
        let mut a = self.clone();
        match &mut a {
            Action::TakeDiscardAndOpen { melds } | Action::Open { melds } => {
                melds.iter_mut().for_each(normalize_meld);
                melds.sort();
            }
            Action::GoRummy { melds, lay_offs, .. }
            | Action::TakeDiscardAndGoRummy { melds, lay_offs, .. } => {
                melds.iter_mut().for_each(normalize_meld);
                melds.sort();
                sort_lay_offs(lay_offs);
            }
            Action::Meld(m) => normalize_meld(m),
            Action::ReleaseJoker { pieces, .. } => pieces.sort(),
            _ => {}
        }
        a
    }
}

/// The order in which a rummy's lay-offs are applied: by meld, front before back, the
/// order of the cards at one end kept (a stable sort).
pub(crate) fn sort_lay_offs(lay_offs: &mut [RummyLayOff]) {
    lay_offs.sort_by_key(|b| (b.onto, b.end));
}

/// The normal order of a meld's cards (a set's ids ascending; the jokers of a run in
/// ascending id order along it, the naturals where they stand). Jokers are the catalog's
/// last ids (`Catalog` layout: ids 104 and up in the two-deck pack). The enumeration
/// normalizes ids in place before any `NewMeld` is built.
pub(crate) fn normalize_pieces(kind: MeldKind, pieces: &mut [PieceId]) {
    let is_joker = |p: PieceId| p.index() >= 104;
    match kind {
        MeldKind::Group => pieces.sort_unstable(),
        MeldKind::Run => {
            // The jokers' ids in ascending order along the run (selection sort in place:
            // a run holds few jokers).
            let n = pieces.len();
            for i in 0..n {
                if !is_joker(pieces[i]) {
                    continue;
                }
                for j in i + 1..n {
                    if is_joker(pieces[j]) && pieces[j] < pieces[i] {
                        pieces.swap(i, j);
                    }
                }
            }
        }
    }
}

/// Normalizes with the two-deck layout: ids 104 and up are jokers.
pub(crate) fn normalize_meld(m: &mut NewMeld) {
    normalize_pieces(m.kind, &mut m.pieces);
}

/// Tests' random play that leans towards the table: a random non-discard action with
/// probability `p` when there is one, else any action of `legal` (which is not empty),
/// so that random hands grow and vary their tables.
#[cfg(test)]
pub(crate) fn leaning_to_play(legal: &[Action], rng: &mut impl rand::Rng, p: f64) -> Action {
    use rand::RngExt;
    use rand::seq::IndexedRandom;
    let playing: Vec<&Action> = legal.iter().filter(|a| !matches!(a, Action::Discard(_))).collect();
    match playing.choose(rng) {
        Some(&a) if rng.random_bool(p) => a.clone(),
        _ => legal.choose(rng).expect("a legal action").clone(),
    }
}
