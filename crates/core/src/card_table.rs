//! [`MeldTable`]: the melds laid out on the table of a card game, each with a stable
//! [`MeldId`], an owner, its pieces in order and its validated [`Meld`]; lay-off at
//! either end of a run ([`RunEnd`]) or onto a group; [`TableError`].

use core::fmt;
use core::sync::atomic::{AtomicU64, Ordering};

use thiserror::Error;

use crate::{
    Card, Catalog, Face, MAX_MELD_LEN, Meld, MeldError, MeldKind, MeldRules, NamedPiece, PieceId, PieceSet,
    Seat,
};

#[cfg(feature = "serde")]
mod serde_table;

/// The stable name of a meld on the table: melds are numbered in the order they were
/// laid down, from 0, and keep their id for the rest of the hand (lay-offs do not
/// change it). Written `m0`, `m1`, ….
///
/// ```
/// use rummykit_core::MeldId;
/// assert_eq!(MeldId::new(3).to_string(), "m3");
/// assert_eq!(MeldId::new(3).index(), 3);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MeldId(u16);

impl MeldId {
    /// The id with number `index`.
    ///
    /// ```
    /// use rummykit_core::MeldId;
    /// // Ids order as the melds were laid down.
    /// assert!(MeldId::new(0) < MeldId::new(1));
    /// assert_eq!(MeldId::new(12).to_string(), "m12");
    /// ```
    #[must_use]
    pub const fn new(index: u16) -> MeldId {
        MeldId(index)
    }

    /// The number of the id.
    ///
    /// ```
    /// use rummykit_core::MeldId;
    /// assert_eq!(MeldId::new(5).index(), 5);
    /// ```
    #[must_use]
    pub const fn index(self) -> u16 {
        self.0
    }
}

impl fmt::Display for MeldId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "m{}", self.0)
    }
}

impl fmt::Debug for MeldId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Which end of a run a laid-off piece goes to. Groups are unordered: there a lay-off
/// always goes to the back and the end given is ignored.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
/// let cat = Catalog::<Card>::DECK;
/// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let mut table = MeldTable::<Card>::new();
/// let run = table.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
/// table.lay_off(run, id("4h"), RunEnd::Front, &cat, &rules)?;
/// table.lay_off(run, id("8h"), RunEnd::Back, &cat, &rules)?;
/// let kings = table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
/// // On a group the end is ignored: the king goes to the back.
/// table.lay_off(kings, id("Kh"), RunEnd::Front, &cat, &rules)?;
/// assert_eq!(table.meld(run).map(|m| m.pieces()[0]), Some(id("4h")));
/// assert_eq!(table.meld(kings).map(|m| m.pieces()[3]), Some(id("Kh")));
/// # Ok::<(), rummykit_core::TableError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum RunEnd {
    /// Before the first piece (the low end).
    Front,
    /// After the last piece (the high end).
    Back,
}

/// Why a meld or lay-off was refused by the table. Each variant names the meld or
/// piece concerned; a piece of the game's catalog by its face and id (`Ks (#51)`), an
/// id the catalog does not hold by the id alone. `F` is the table's face type.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldId, MeldKind, MeldRules, MeldTable, NamedPiece, RunEnd, TableError};
///
/// let cat = Catalog::<Card>::DECK;
/// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let mut table = MeldTable::<Card>::new();
/// let run = table.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
///
/// let gap = table.lay_off(run, id("9h"), RunEnd::Back, &cat, &rules);
/// assert!(matches!(gap, Err(TableError::DoesNotFit { .. })));
/// let twice = table.lay_off(run, id("5h"), RunEnd::Front, &cat, &rules);
/// assert_eq!(twice, Err(TableError::AlreadyOnTable(NamedPiece::of(id("5h"), &cat))));
/// assert_eq!(twice.unwrap_err().to_string(), "piece 5h (#30) is already on the table");
/// let nowhere = table.lay_off(MeldId::new(7), id("8h"), RunEnd::Back, &cat, &rules);
/// assert_eq!(nowhere, Err(TableError::NoSuchMeld(MeldId::new(7))));
///
/// table.lay_off(run, id("8h"), RunEnd::Back, &cat, &rules)?;
/// assert_eq!(table.meld(run).unwrap().pieces().len(), 4);
/// # Ok::<(), TableError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TableError<F: Face = Card> {
    /// The pieces do not form a valid meld of the kind asked for.
    #[error("not a valid {}: {error}", match kind { MeldKind::Group => "group", MeldKind::Run => "run" })]
    InvalidMeld {
        /// The kind asked for.
        kind: MeldKind,
        /// The validator's reason.
        #[source]
        error: MeldError,
    },
    /// Adding the piece would make the meld invalid.
    #[error("{piece} does not fit meld {meld}: {error}")]
    DoesNotFit {
        /// The meld laid off onto.
        meld: MeldId,
        /// The piece laid off.
        piece: NamedPiece<F>,
        /// Why the longer meld is invalid.
        #[source]
        error: MeldError,
    },
    /// No meld on the table has this id.
    #[error("no meld {0} on the table")]
    NoSuchMeld(MeldId),
    /// The piece is not part of the game's catalog.
    #[error("piece {0} is not part of this game")]
    UnknownPiece(PieceId),
    /// The same piece was named twice.
    #[error("piece {0} named twice")]
    RepeatedPiece(NamedPiece<F>),
    /// The piece already lies on the table.
    #[error("piece {0} is already on the table")]
    AlreadyOnTable(NamedPiece<F>),
}

/// One meld on the table: its stable id, the seat that laid it down, its pieces in
/// order and the validated [`Meld`] of their faces. `Copy`, no allocation.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
/// let cat = Catalog::<Card>::DECK;
/// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let mut table = MeldTable::<Card>::new();
/// let run = table.place(1, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
/// let meld = *table.meld(run).expect("just placed"); // a copy, independent of the table
/// assert_eq!((meld.id(), meld.owner(), meld.meld().kind()), (run, 1, MeldKind::Run));
/// assert_eq!(meld.pieces(), [id("5h"), id("6h"), id("7h")]);
/// # Ok::<(), rummykit_core::TableError>(())
/// ```
#[derive(Clone, Copy)]
pub struct TableMeld<F> {
    id: MeldId,
    owner: Seat,
    pieces: [PieceId; MAX_MELD_LEN],
    meld: Meld<F>,
}

impl<F: Face> TableMeld<F> {
    /// The meld's stable id.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let sevens = table.place(0, MeldKind::Group, &[id("7c"), id("7d"), id("7h")], &cat, &rules)?;
    /// assert_eq!(table.melds()[0].id(), sevens);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn id(&self) -> MeldId {
        self.id
    }

    /// The seat that laid the meld down (lay-offs by others do not change it).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let sevens = table.place(2, MeldKind::Group, &[id("7c"), id("7d"), id("7h")], &cat, &rules)?;
    /// // Seat 2's meld stays seat 2's after another seat lays off onto it.
    /// table.lay_off(sevens, id("7s"), RunEnd::Back, &cat, &rules)?;
    /// assert_eq!(table.meld(sevens).map(|m| m.owner()), Some(2));
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn owner(&self) -> Seat {
        self.owner
    }

    /// The pieces in order (a run from its low end).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// table.lay_off(run, id("4h"), RunEnd::Front, &cat, &rules)?;
    /// let pieces = table.meld(run).map(|m| m.pieces().to_vec());
    /// assert_eq!(pieces, Some(vec![id("4h"), id("5h"), id("6h"), id("7h")]));
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn pieces(&self) -> &[PieceId] {
        &self.pieces[..self.meld.len()]
    }

    /// The pieces as a set.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// let set = table.meld(run).map(|m| m.piece_set()).unwrap_or_default();
    /// assert!(set.contains(id("6h")) && !set.contains(id("8h")));
    /// assert_eq!(set.len(), 3);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn piece_set(&self) -> PieceSet {
        self.pieces().iter().copied().collect()
    }

    /// The validated meld of the pieces' faces (kind, joker roles, values).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::new(1, 2).expect("a deck with two jokers");
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("5h"), id("*"), id("7h")], &cat, &rules)?;
    /// let meld = table.meld(run).map(|m| *m.meld()).expect("just placed");
    /// // The joker stands for the six.
    /// assert_eq!(meld.kind(), MeldKind::Run);
    /// assert_eq!(meld.numbers().collect::<Vec<_>>(), [5, 6, 7]);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn meld(&self) -> &Meld<F> {
        &self.meld
    }

    /// The meld that laying `face` off at `end` would give, or why it is invalid.
    ///
    /// # Errors
    ///
    /// The validator's [`MeldError`] for the longer meld (e.g. [`MeldError::TooLong`]).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// let meld = table.meld(run).expect("just placed");
    /// let longer = meld.extended("8h".parse()?, RunEnd::Back, &rules)?;
    /// assert_eq!(longer.len(), 4);
    /// // The table itself is unchanged: this only asks.
    /// assert_eq!(meld.meld().len(), 3);
    /// assert!(meld.extended("8h".parse()?, RunEnd::Front, &rules).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn extended(&self, face: F, end: RunEnd, rules: &MeldRules) -> Result<Meld<F>, MeldError> {
        self.meld.extended(face, end, rules)
    }

    /// The ends at which `face` may be laid off, in the order front, back. A group
    /// offers only [`RunEnd::Back`]. Both ends can fit: a joker, or a wrapping run.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd, parse_list};
    /// let cat = Catalog::<Card>::DECK;
    /// let mut table = MeldTable::<Card>::new();
    /// let cards: Vec<Card> = parse_list("5h 6h 7h")?;
    /// let ids: Vec<_> = cards.iter().map(|&c| cat.ids_of(c).next().unwrap()).collect();
    /// let m = table.place(0, MeldKind::Run, &ids, &cat, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)).unwrap();
    /// let ends = |c: &str| table.meld(m).unwrap().lay_off_ends(c.parse().unwrap(), &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden));
    /// assert_eq!(ends("4h"), vec![RunEnd::Front]);
    /// assert_eq!(ends("8h"), vec![RunEnd::Back]);
    /// assert!(ends("9h").is_empty());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn lay_off_ends(&self, face: F, rules: &MeldRules) -> Vec<RunEnd> {
        let ends: &[RunEnd] =
            if self.meld.kind() == MeldKind::Run { &[RunEnd::Front, RunEnd::Back] } else { &[RunEnd::Back] };
        ends.iter().copied().filter(|&e| self.meld.extends(face, e, rules)).collect()
    }
}

// Equality and hashing look only at the pieces in use (not the spare slots).
impl<F: Face> PartialEq for TableMeld<F> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id
            && self.owner == other.owner
            && self.meld == other.meld
            && self.pieces() == other.pieces()
    }
}

impl<F: Face> Eq for TableMeld<F> {}

impl<F: Face> core::hash::Hash for TableMeld<F> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        (self.id, self.owner, self.meld).hash(state);
        self.pieces().hash(state);
    }
}

impl<F: Face> fmt::Debug for TableMeld<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} (seat {}) {:?} {:?}", self.id, self.owner, self.meld, self.pieces())
    }
}

/// The melds on the table, in the order they were laid down.
///
/// The table validates what goes onto it (faces through [`Meld::new`], identities
/// through the catalog) but knows nothing of hands or turns: the game checks that the
/// pieces come from the player's hand and that the move is allowed now. Every method
/// that can fail leaves the table unchanged on `Err`. There is no way to take a piece
/// back off the table except [`MeldTable::replace`] (a game's joker swap).
///
/// With the feature `serde`, a table is written as its melds in order, each with its
/// owner, kind, piece ids and faces, and read back checked as far as a table can be
/// without its game (every meld a meld, no piece twice, ids that agree with the faces);
/// a save rebuilds its table under the game's own pack and rules instead.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd, TableError};
/// let cat = Catalog::<Card>::DECK;
/// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let mut table = MeldTable::<Card>::new();
/// let sevens = table.place(1, MeldKind::Group, &[id("7c"), id("7d"), id("7h")], &cat, &rules).unwrap();
/// table.lay_off(sevens, id("7s"), RunEnd::Back, &cat, &rules).unwrap();
/// assert_eq!(table.meld(sevens).unwrap().meld().len(), 4);
/// assert_eq!(table.meld(sevens).unwrap().owner(), 1);
/// let err = table.lay_off(sevens, id("8s"), RunEnd::Back, &cat, &rules).unwrap_err();
/// assert!(matches!(err, TableError::DoesNotFit { .. }));
/// ```
pub struct MeldTable<F> {
    melds: Vec<TableMeld<F>>,
    next_id: u16,
    /// Every piece of the melds, kept with them: whether a piece is already on the
    /// table is asked of every meld placed and every build, and gathering the pieces
    /// of every meld each time cost more than the rest of the check.
    on_table: PieceSet,
    /// Names these contents: 0 for the empty new table, a number never given before
    /// after every change, copied by a clone. Equal stamps mean equal tables, so a view
    /// refreshed before every action copies the table only when it changed (it rarely
    /// does: most actions draw or discard).
    stamp: u64,
}

/// The next stamp for a changed table, shared by every table of the process so that no
/// two contents share one (2^64 changes are out of reach).
static NEXT_STAMP: AtomicU64 = AtomicU64::new(1);

impl<F: Clone> Clone for MeldTable<F> {
    fn clone(&self) -> Self {
        MeldTable {
            melds: self.melds.clone(),
            next_id: self.next_id,
            on_table: self.on_table,
            stamp: self.stamp,
        }
    }

    /// Reuses the allocation of `self`, and copies nothing if `self` already holds what
    /// `source` holds (views refreshed every action copy the table).
    #[inline]
    fn clone_from(&mut self, source: &Self) {
        if self.stamp != source.stamp {
            self.melds.clone_from(&source.melds);
            self.next_id = source.next_id;
            self.on_table = source.on_table;
            self.stamp = source.stamp;
        }
    }
}

impl<F: Face> MeldTable<F> {
    /// [`Clone::clone_from`] for a view refreshed before every action: the stamps
    /// compared inline, the copy out of line.
    #[inline]
    pub(crate) fn refresh_from(&mut self, source: &Self) {
        if self.stamp != source.stamp {
            self.copy_from(source);
        }
    }

    /// The melds copied as one slice of `Copy` values (the derived `Clone` of a generic
    /// meld copies field by field, about 15 instructions a meld).
    #[inline(never)]
    fn copy_from(&mut self, source: &Self) {
        self.melds.clear();
        self.melds.extend(source.melds.iter().copied());
        self.next_id = source.next_id;
        self.on_table = source.on_table;
        self.stamp = source.stamp;
    }
}

impl<F: Face> PartialEq for MeldTable<F> {
    fn eq(&self, other: &Self) -> bool {
        self.next_id == other.next_id && self.melds == other.melds
    }
}

impl<F: Face> Eq for MeldTable<F> {}

impl<F: Face> core::hash::Hash for MeldTable<F> {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.next_id.hash(state);
        self.melds.hash(state);
    }
}

impl<F: Face> Default for MeldTable<F> {
    fn default() -> Self {
        MeldTable { melds: Vec::new(), next_id: 0, on_table: PieceSet::EMPTY, stamp: 0 }
    }
}

impl<F: Face> fmt::Debug for MeldTable<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.melds.iter()).finish()
    }
}

impl<F: Face> MeldTable<F> {
    /// An empty table.
    ///
    /// ```
    /// use rummykit_core::{Card, MeldTable};
    /// let table = MeldTable::<Card>::new();
    /// assert!(table.is_empty() && table.pieces().is_empty());
    /// assert_eq!(table, MeldTable::default());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self::default()
    }

    /// Makes room for at least `additional` more melds, so that laying them down (or
    /// refreshing a copy of a table that holds them) moves no meld: for a game that
    /// knows how many melds its pack can make. Changes nothing else (not the stamp).
    /// A table never holds more melds than there are piece ids (each meld holds a
    /// piece, each piece once), so room beyond that is not made.
    ///
    /// ```
    /// use rummykit_core::{Card, MeldTable};
    /// let mut table = MeldTable::<Card>::new();
    /// table.reserve(36); // 108 cards make at most 36 melds of three
    /// table.reserve(usize::MAX); // no more room than a table can use
    /// assert_eq!(table, MeldTable::new());
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        self.melds.reserve(additional.min(PieceId::LIMIT.saturating_sub(self.melds.len())));
    }

    /// The melds in the order they were laid down (ascending id).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(1, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// let kings = table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// let ids: Vec<_> = table.melds().iter().map(|m| m.id()).collect();
    /// assert_eq!(ids, [run, kings]);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn melds(&self) -> &[TableMeld<F>] {
        &self.melds
    }

    /// The meld with id `id`.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldId, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let kings = table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// assert_eq!(table.meld(kings).map(|m| m.pieces().len()), Some(3));
    /// assert!(table.meld(MeldId::new(1)).is_none());
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn meld(&self, id: MeldId) -> Option<&TableMeld<F>> {
        // Ids are assigned in increasing order and never removed: binary search.
        self.melds.binary_search_by_key(&id, |m| m.id).ok().map(|i| &self.melds[i])
    }

    /// Number of melds.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let kings = table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// // A lay-off lengthens a meld, not the table.
    /// table.lay_off(kings, id("Kh"), RunEnd::Back, &cat, &rules)?;
    /// assert_eq!(table.len(), 1);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.melds.len()
    }

    /// A number naming these contents: 0 for an empty new table, after every change a
    /// number no table of the process had before, kept by a clone. Equal stamps mean
    /// equal tables, so what is derived from a table may be kept under its stamp.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::new(1, 0).expect("one deck");
    /// let rules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);
    /// let id = |s: &str| cat.ids_of(s.parse().unwrap()).next().unwrap();
    /// let mut table = MeldTable::<Card>::new();
    /// assert_eq!(table.stamp(), 0);
    /// let copy = table.clone();
    /// table.place(0, MeldKind::Group, &[id("7c"), id("7d"), id("7h")], &cat, &rules).unwrap();
    /// assert_ne!(table.stamp(), copy.stamp());
    /// assert_eq!(table.clone().stamp(), table.stamp());
    /// ```
    #[inline]
    #[must_use]
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    /// `true` if no meld has been laid down.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// // A refused meld leaves the table empty.
    /// assert!(table.place(0, MeldKind::Group, &[id("Kc"), id("Qd"), id("Ks")], &cat, &rules).is_err());
    /// assert!(table.is_empty());
    /// table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// assert!(!table.is_empty());
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.melds.is_empty()
    }

    /// `true` if `seat` owns at least one meld.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let kings = table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// // Laying off onto seat 0's meld does not make a meld of one's own.
    /// table.lay_off(kings, id("Kh"), RunEnd::Back, &cat, &rules)?;
    /// assert!(table.has_melded(0) && !table.has_melded(1));
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn has_melded(&self, seat: Seat) -> bool {
        self.melds.iter().any(|m| m.owner == seat)
    }

    /// Every piece on the table.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?;
    /// table.place(1, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// let on_table = table.pieces();
    /// assert_eq!(on_table.len(), 6);
    /// assert!(on_table.contains(id("Kd")) && on_table.contains(id("6h")));
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn pieces(&self) -> PieceSet {
        debug_assert_eq!(
            self.on_table,
            self.melds.iter().flat_map(|m| m.pieces().iter().copied()).collect::<PieceSet>(),
            "the pieces kept are the melds' pieces"
        );
        self.on_table
    }

    /// The id the next placed meld will get.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldId, MeldKind, MeldRules, MeldTable};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// assert_eq!(table.next_id(), MeldId::new(0));
    /// let expected = table.next_id();
    /// assert_eq!(table.place(0, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules)?, expected);
    /// assert_eq!(table.next_id(), MeldId::new(1));
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    #[must_use]
    pub fn next_id(&self) -> MeldId {
        MeldId(self.next_id)
    }

    /// Validates `pieces` (in order) as a new meld of `kind` without placing it.
    ///
    /// # Errors
    ///
    /// [`TableError::UnknownPiece`], [`TableError::RepeatedPiece`],
    /// [`TableError::AlreadyOnTable`] or [`TableError::InvalidMeld`].
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, NamedPiece, TableError};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let table = MeldTable::<Card>::new();
    /// let meld = table.check_new(MeldKind::Run, &[id("Ac"), id("2c"), id("3c")], &cat, &rules)?;
    /// assert_eq!(meld.len(), 3);
    /// assert!(table.is_empty()); // checked, not placed
    /// let twice = table.check_new(MeldKind::Group, &[id("9c"), id("9d"), id("9c")], &cat, &rules);
    /// assert_eq!(twice, Err(TableError::RepeatedPiece(NamedPiece::of(id("9c"), &cat))));
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn check_new(
        &self,
        kind: MeldKind,
        pieces: &[PieceId],
        catalog: &Catalog<F>,
        rules: &MeldRules,
    ) -> Result<Meld<F>, TableError<F>> {
        let faces = self.faces_of_except(kind, pieces, catalog, rules, &PieceSet::EMPTY)?;
        Meld::new(kind, &faces[..pieces.len()], rules)
            .map_err(|error| TableError::InvalidMeld { kind, error })
    }

    /// Lays `pieces` (in order) down as a new meld of `kind` owned by `owner`; returns
    /// its id.
    ///
    /// # Errors
    ///
    /// As [`MeldTable::check_new`]; the table is then unchanged.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, NamedPiece, TableError};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("Ac"), id("2c"), id("3c")], &cat, &rules)?;
    /// assert_eq!(table.meld(run).map(|m| m.owner()), Some(0));
    /// // A piece already on the table cannot go down again; the table is unchanged.
    /// let again = table.place(1, MeldKind::Run, &[id("3c"), id("4c"), id("5c")], &cat, &rules);
    /// assert_eq!(again, Err(TableError::AlreadyOnTable(NamedPiece::of(id("3c"), &cat))));
    /// assert_eq!(table.len(), 1);
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn place(
        &mut self,
        owner: Seat,
        kind: MeldKind,
        pieces: &[PieceId],
        catalog: &Catalog<F>,
        rules: &MeldRules,
    ) -> Result<MeldId, TableError<F>> {
        let meld = self.check_new(kind, pieces, catalog, rules)?;
        let id = MeldId(self.next_id);
        let mut stored = [pieces[0]; MAX_MELD_LEN];
        stored[..pieces.len()].copy_from_slice(pieces);
        self.melds.push(TableMeld { id, owner, pieces: stored, meld });
        self.on_table.extend(pieces.iter().copied());
        self.next_id = self.next_id.wrapping_add(1);
        self.restamp();
        Ok(id)
    }

    /// The meld that laying `piece` off onto meld `id` at `end` would give.
    ///
    /// # Errors
    ///
    /// [`TableError::NoSuchMeld`], [`TableError::UnknownPiece`],
    /// [`TableError::AlreadyOnTable`] or [`TableError::DoesNotFit`].
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd, TableError};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("2c"), id("3c"), id("4c")], &cat, &rules)?;
    /// let longer = table.check_lay_off(run, id("Ac"), RunEnd::Front, &cat, &rules)?;
    /// assert_eq!(longer.len(), 4);
    /// assert_eq!(table.meld(run).map(|m| m.pieces().len()), Some(3)); // checked, not laid off
    /// let gap = table.check_lay_off(run, id("6c"), RunEnd::Back, &cat, &rules);
    /// assert!(matches!(gap, Err(TableError::DoesNotFit { .. })));
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn check_lay_off(
        &self,
        id: MeldId,
        piece: PieceId,
        end: RunEnd,
        catalog: &Catalog<F>,
        rules: &MeldRules,
    ) -> Result<Meld<F>, TableError<F>> {
        let target = self.meld(id).ok_or(TableError::NoSuchMeld(id))?;
        let face = catalog.face(piece).ok_or(TableError::UnknownPiece(piece))?;
        if self.pieces().contains(piece) {
            return Err(TableError::AlreadyOnTable(NamedPiece::of(piece, catalog)));
        }
        target.extended(face, end, rules).map_err(|error| TableError::DoesNotFit {
            meld: id,
            piece: NamedPiece::of(piece, catalog),
            error,
        })
    }

    /// Lays `piece` off onto meld `id` at `end` (ignored for a group).
    ///
    /// # Errors
    ///
    /// As [`MeldTable::check_lay_off`]; the table is then unchanged.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, RunEnd};
    /// let cat = Catalog::<Card>::DECK;
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("2c"), id("3c"), id("4c")], &cat, &rules)?;
    /// table.lay_off(run, id("Ac"), RunEnd::Front, &cat, &rules)?;
    /// table.lay_off(run, id("5c"), RunEnd::Back, &cat, &rules)?;
    /// assert_eq!(table.meld(run).map(|m| m.pieces()[0]), Some(id("Ac")));
    /// assert_eq!(table.pieces().len(), 5);
    /// # Ok::<(), rummykit_core::TableError>(())
    /// ```
    pub fn lay_off(
        &mut self,
        id: MeldId,
        piece: PieceId,
        end: RunEnd,
        catalog: &Catalog<F>,
        rules: &MeldRules,
    ) -> Result<(), TableError<F>> {
        let meld = self.check_lay_off(id, piece, end, catalog, rules)?;
        let Ok(i) = self.melds.binary_search_by_key(&id, |m| m.id) else {
            return Err(TableError::NoSuchMeld(id));
        };
        let target = &mut self.melds[i];
        let len = target.meld.len();
        if end == RunEnd::Front && target.meld.kind() == MeldKind::Run {
            target.pieces.copy_within(0..len, 1);
            target.pieces[0] = piece;
        } else {
            target.pieces[len] = piece;
        }
        target.meld = meld;
        self.on_table.insert(piece);
        self.restamp();
        Ok(())
    }

    /// Replaces the pieces of meld `id` by `pieces` (in order), keeping its id, owner and
    /// kind: the building block of a joker swap (Rummy 40, `RULES.md` §3.6). The game
    /// decides which replacements are allowed and moves the freed pieces; this checks
    /// only that the result is a valid meld of the same kind and that the pieces new to
    /// the meld are not elsewhere on the table.
    ///
    /// # Errors
    ///
    /// [`TableError::NoSuchMeld`], [`TableError::UnknownPiece`],
    /// [`TableError::RepeatedPiece`], [`TableError::AlreadyOnTable`] (a new piece lies in
    /// another meld) or [`TableError::InvalidMeld`]; the table is then unchanged.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Catalog, JokerLimit, MeldKind, MeldRules, MeldTable, TableError};
    /// let cat = Catalog::<Card>::new(1, 2).expect("a deck with two jokers");
    /// let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let mut table = MeldTable::<Card>::new();
    /// let run = table.place(0, MeldKind::Run, &[id("5h"), id("*"), id("7h")], &cat, &rules)?;
    /// // The six takes the joker's place (the game moves the freed joker).
    /// table.replace(run, &[id("5h"), id("6h"), id("7h")], &cat, &rules)?;
    /// assert!(!table.pieces().contains(id("*")));
    /// // A replacement that breaks the meld is refused; the table is unchanged.
    /// let broken = table.replace(run, &[id("5h"), id("8h"), id("7h")], &cat, &rules);
    /// assert!(matches!(broken, Err(TableError::InvalidMeld { .. })));
    /// assert!(table.pieces().contains(id("6h")));
    /// # Ok::<(), TableError>(())
    /// ```
    pub fn replace(
        &mut self,
        id: MeldId,
        pieces: &[PieceId],
        catalog: &Catalog<F>,
        rules: &MeldRules,
    ) -> Result<(), TableError<F>> {
        let i = self.melds.binary_search_by_key(&id, |m| m.id).map_err(|_| TableError::NoSuchMeld(id))?;
        let kind = self.melds[i].meld.kind();
        let own = self.melds[i].piece_set();
        let faces = self.faces_of_except(kind, pieces, catalog, rules, &own)?;
        let meld = Meld::new(kind, &faces[..pieces.len()], rules)
            .map_err(|error| TableError::InvalidMeld { kind, error })?;
        let target = &mut self.melds[i];
        target.pieces[..pieces.len()].copy_from_slice(pieces);
        target.meld = meld;
        self.on_table -= own;
        self.on_table.extend(pieces.iter().copied());
        self.restamp();
        Ok(())
    }

    /// Names the changed contents with a stamp no table had before.
    #[inline]
    fn restamp(&mut self) {
        self.stamp = NEXT_STAMP.fetch_add(1, Ordering::Relaxed);
    }

    /// Faces of `pieces`, checking catalog, repeats, and that none lies on the table
    /// outside `allowed`.
    fn faces_of_except(
        &self,
        kind: MeldKind,
        pieces: &[PieceId],
        catalog: &Catalog<F>,
        rules: &MeldRules,
        allowed: &PieceSet,
    ) -> Result<[F; MAX_MELD_LEN], TableError<F>> {
        let mut faces = [F::JOKER; MAX_MELD_LEN];
        if pieces.is_empty() {
            let error =
                Meld::<F>::new(kind, &[], rules).err().unwrap_or(MeldError::TooShort { len: 0, min: 1 });
            return Err(TableError::InvalidMeld { kind, error });
        }
        if pieces.len() > MAX_MELD_LEN {
            let max =
                if kind == MeldKind::Group { usize::from(rules.max_group_len.min(4)) } else { MAX_MELD_LEN };
            return Err(TableError::InvalidMeld {
                kind,
                error: MeldError::TooLong { len: pieces.len(), max },
            });
        }
        let on_table = self.pieces() - *allowed;
        let mut seen = PieceSet::new();
        for (slot, &p) in faces.iter_mut().zip(pieces) {
            *slot = catalog.face(p).ok_or(TableError::UnknownPiece(p))?;
            if !seen.insert(p) {
                return Err(TableError::RepeatedPiece(NamedPiece::of(p, catalog)));
            }
            if on_table.contains(p) {
                return Err(TableError::AlreadyOnTable(NamedPiece::of(p, catalog)));
            }
        }
        Ok(faces)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AcePolicy, Card, JokerLimit};

    /// A table refreshed with `clone_from`, or with `refresh_from` (as a view is before
    /// every action), equals its source and holds its pieces after every change, also
    /// when the source is another table changed as often (the same number of changes,
    /// other melds), after a refused change, and after the refreshed copy itself was
    /// changed.
    #[test]
    fn clone_from_copies_every_change_of_any_table() {
        let cat = Catalog::<Card>::DECK;
        let id = |c: &str| cat.ids_of(c.parse().unwrap()).next().unwrap();
        let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
        let (mut a, mut b) = (MeldTable::<Card>::new(), MeldTable::<Card>::new());
        let (mut copy, mut refreshed) = (MeldTable::new(), MeldTable::new());
        let mut check = |copy: &mut MeldTable<Card>, a: &MeldTable<Card>, b: &MeldTable<Card>| {
            for source in [a, b, a, a, b, b] {
                copy.clone_from(source);
                assert_eq!(copy, source);
                refreshed.refresh_from(source);
                assert_eq!(&refreshed, source);
                assert_eq!(refreshed.pieces(), source.pieces());
            }
        };
        check(&mut copy, &a, &b);
        let run = a.place(0, MeldKind::Run, &[id("5h"), id("6h"), id("7h")], &cat, &rules).unwrap();
        let sevens = b.place(1, MeldKind::Group, &[id("7c"), id("7d"), id("7s")], &cat, &rules).unwrap();
        check(&mut copy, &a, &b);
        a.lay_off(run, id("8h"), RunEnd::Back, &cat, &rules).unwrap();
        b.lay_off(sevens, id("7h"), RunEnd::Back, &cat, &rules).unwrap();
        check(&mut copy, &a, &b);
        b.lay_off(sevens, id("8s"), RunEnd::Back, &cat, &rules).unwrap_err();
        check(&mut copy, &a, &b);
        a.lay_off(run, id("4h"), RunEnd::Front, &cat, &rules).unwrap();
        b.place(1, MeldKind::Run, &[id("2c"), id("3c"), id("4c")], &cat, &rules).unwrap();
        check(&mut copy, &a, &b);
        // A clone of `a` changed like `a` but with another card: equal change counts.
        let mut c = a.clone();
        a.lay_off(run, id("9h"), RunEnd::Back, &cat, &rules).unwrap();
        c.lay_off(run, id("3h"), RunEnd::Front, &cat, &rules).unwrap();
        assert_ne!(a, c);
        check(&mut copy, &a, &c);
        copy.clone_from(&a);
        copy.place(2, MeldKind::Group, &[id("Kc"), id("Kd"), id("Ks")], &cat, &rules).unwrap();
        assert_ne!(copy, a);
        let mut refreshed = copy.clone();
        copy.clone_from(&a);
        assert_eq!(copy, a);
        refreshed.refresh_from(&a);
        assert_eq!((&refreshed, refreshed.pieces()), (&a, a.pieces()));
    }
}
