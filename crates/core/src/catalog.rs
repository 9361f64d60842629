//! [`PieceId`] and [`Catalog`]: the identity of every physical piece in a game.

use core::fmt;
use core::marker::PhantomData;

use crate::piece_set::{WORDS, bits_from};
use crate::{Card, Face, PieceSet};

/// The identity of one physical piece: an index into a [`Catalog`] (below 160, the
/// largest catalog). Two copies of `r5` have the same face but different ids.
///
/// ```
/// use rummykit_core::PieceId;
/// assert_eq!(PieceId::new(159).map(PieceId::index), Some(159));
/// assert_eq!(PieceId::new(160), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PieceId(u8);

impl PieceId {
    /// One more than the largest id: the size of the largest catalog (the 160-tile set).
    ///
    /// ```
    /// use rummykit_core::{Catalog, PieceId, Tile};
    /// let last = u8::try_from(PieceId::LIMIT - 1).expect("ids are bytes");
    /// assert!(PieceId::new(last).is_some() && PieceId::new(last + 1).is_none());
    /// // Three copies of each tile and four jokers fill it exactly.
    /// assert_eq!(Catalog::<Tile>::new(3, 4).map(|c| c.len()), Some(PieceId::LIMIT));
    /// assert!(Catalog::<Tile>::new(3, 5).is_none());
    /// ```
    pub const LIMIT: usize = 160;

    /// The id with index `index`, or `None` if it is not below [`PieceId::LIMIT`].
    ///
    /// ```
    /// use rummykit_core::PieceId;
    /// assert!(PieceId::new(0).is_some());
    /// assert_eq!(PieceId::new(u8::MAX), None); // beyond every catalog
    /// ```
    #[must_use]
    pub const fn new(index: u8) -> Option<PieceId> {
        if (index as usize) < Self::LIMIT { Some(PieceId(index)) } else { None }
    }

    /// The id of bit `index` of a [`PieceSet`], whose bits are only ever set from ids.
    #[inline]
    pub(crate) const fn from_bit(index: usize) -> PieceId {
        debug_assert!(index < Self::LIMIT);
        PieceId(index as u8)
    }

    /// The index 0–159.
    ///
    /// ```
    /// use rummykit_core::PieceId;
    /// let id = PieceId::new(105).unwrap();
    /// assert_eq!(id.index(), 105);
    /// assert_eq!(id.to_string(), "#105");
    /// ```
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Debug for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A piece as a refusal names it: its id and, when the id is a piece of the game's
/// catalog, its face. Written `Ks (#51)`, so that a message names the card a person
/// sees and the id a program matches; an id that names no piece of the catalog is
/// written as the id alone (`#200`). The errors of the card games and of
/// [`MeldTable`](crate::MeldTable) carry one where they name a piece.
///
/// With the `serde` feature it is written as its id and face, `{"id":51,"face":"Ks"}`
/// (`"face":null` for an id alone); one read back is taken as written, a name in a
/// message, not checked against a catalog.
///
/// ```
/// use rummykit_core::{Card, Catalog, NamedPiece, PieceId};
/// let deck = Catalog::<Card>::DECK;
/// let king = NamedPiece::of(PieceId::new(51).unwrap(), &deck);
/// assert_eq!(king.to_string(), "Ks (#51)");
/// assert_eq!((king.id().index(), king.face()), (51, Some("Ks".parse()?)));
/// // One deck has no piece 52: the id alone.
/// let stranger = NamedPiece::of(PieceId::new(52).unwrap(), &deck);
/// assert_eq!((stranger.to_string(), stranger.face()), ("#52".to_owned(), None));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct NamedPiece<F = Card> {
    id: PieceId,
    face: Option<F>,
}

impl<F: Face> NamedPiece<F> {
    /// Piece `id` with its face in `catalog` (none if the catalog does not hold it).
    ///
    /// ```
    /// use rummykit_core::{Catalog, NamedPiece, PieceId, Tile};
    /// let bag = Catalog::<Tile>::new(2, 2).expect("106 tiles fit");
    /// let id = PieceId::new(105).unwrap();
    /// assert_eq!(NamedPiece::of(id, &bag).face(), Some(Tile::JOKER));
    /// assert_eq!(NamedPiece::of(id, &bag).to_string(), "J (#105)");
    /// ```
    #[must_use]
    #[inline]
    pub fn of(id: PieceId, catalog: &Catalog<F>) -> NamedPiece<F> {
        NamedPiece { id, face: catalog.face(id) }
    }

    /// Piece `id` named by its id alone: an id that is no piece of the game's catalog.
    ///
    /// ```
    /// use rummykit_core::{Card, NamedPiece, PieceId};
    /// let id = PieceId::new(159).unwrap();
    /// assert_eq!(NamedPiece::<Card>::unknown(id).to_string(), "#159");
    /// assert_eq!(NamedPiece::<Card>::unknown(id).face(), None);
    /// ```
    #[must_use]
    pub const fn unknown(id: PieceId) -> NamedPiece<F> {
        NamedPiece { id, face: None }
    }

    /// The piece's id, as actions name it.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, NamedPiece, PieceId};
    /// let id = PieceId::new(7).unwrap();
    /// assert_eq!(NamedPiece::of(id, &Catalog::<Card>::DECK).id(), id);
    /// ```
    #[must_use]
    pub const fn id(self) -> PieceId {
        self.id
    }

    /// The piece's face, or `None` for an id that is no piece of the catalog.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, NamedPiece, PieceId};
    /// let id = PieceId::new(0).unwrap();
    /// assert_eq!(NamedPiece::of(id, &Catalog::<Card>::DECK).face(), Some("Ac".parse()?));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn face(self) -> Option<F> {
        self.face
    }
}

impl<F: Face> fmt::Display for NamedPiece<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.face {
            Some(face) => write!(f, "{face} ({})", self.id),
            None => write!(f, "{}", self.id),
        }
    }
}

impl<F: Face> fmt::Debug for NamedPiece<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// The physical pieces of a game: `copies` of each of the 52 natural faces plus
/// `jokers` jokers. Ids are laid out copy by copy (`copy * 52 + face index`), then the
/// jokers, so the face of an id is a division away and needs no table.
///
/// ```
/// use rummykit_core::{Catalog, PieceId, Tile};
/// let cat = Catalog::<Tile>::new(2, 2).expect("106 tiles fit");
/// assert_eq!(cat.len(), 106);
/// let r5: Tile = "r5".parse()?;
/// let copies: Vec<PieceId> = cat.ids_of(r5).collect();
/// assert_eq!(copies.len(), 2);
/// assert!(copies.iter().all(|&id| cat.face(id) == Some(r5)));
/// assert_eq!(cat.ids_of(Tile::JOKER).count(), 2);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub struct Catalog<F> {
    copies: u8,
    jokers: u8,
    face: PhantomData<fn() -> F>,
}

impl<F> Clone for Catalog<F> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<F> Copy for Catalog<F> {}
impl<F> PartialEq for Catalog<F> {
    fn eq(&self, other: &Self) -> bool {
        (self.copies, self.jokers) == (other.copies, other.jokers)
    }
}
impl<F> Eq for Catalog<F> {}
impl<F> fmt::Debug for Catalog<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog").field("copies", &self.copies).field("jokers", &self.jokers).finish()
    }
}

impl Catalog<Card> {
    /// One 52-card deck, no jokers: the one catalog core names, since a standard deck is
    /// no game's choice. Each game crate builds its own box or pack with
    /// [`Catalog::new`] (Rummikub's `TileSet::catalog`, Rummy 40's packs).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog};
    /// assert_eq!(Catalog::<Card>::DECK, Catalog::new(1, 0).expect("one deck"));
    /// assert_eq!(Catalog::<Card>::DECK.len(), 52);
    /// ```
    pub const DECK: Catalog<Card> = Catalog { copies: 1, jokers: 0, face: PhantomData };
}

impl<F: Face> Catalog<F> {
    /// A catalog of `copies` of every natural face and `jokers` jokers; `None` if it
    /// would not fit below [`PieceId::LIMIT`] or holds no natural.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog};
    /// let two_decks = Catalog::<Card>::new(2, 4).expect("108 cards fit");
    /// assert_eq!((two_decks.copies(), two_decks.jokers(), two_decks.len()), (2, 4, 108));
    /// assert_eq!(Catalog::<Card>::new(3, 5), None);
    /// ```
    #[must_use]
    pub const fn new(copies: u8, jokers: u8) -> Option<Self> {
        if copies >= 1 && copies as usize * 52 + jokers as usize <= PieceId::LIMIT {
            Some(Catalog { copies, jokers, face: PhantomData })
        } else {
            None
        }
    }

    /// Copies of each natural face.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Tile};
    /// assert_eq!(Catalog::<Card>::DECK.copies(), 1);
    /// assert_eq!(Catalog::<Tile>::new(2, 2).unwrap().copies(), 2); // the Rummikub box
    /// ```
    #[must_use]
    pub const fn copies(&self) -> u8 {
        self.copies
    }

    /// Number of jokers.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog};
    /// assert_eq!(Catalog::<Card>::DECK.jokers(), 0);
    /// assert_eq!(Catalog::<Card>::new(2, 4).unwrap().jokers(), 4);
    /// ```
    #[must_use]
    pub const fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Number of pieces.
    ///
    /// ```
    /// use rummykit_core::{Catalog, Tile};
    /// assert_eq!(Catalog::<Tile>::new(2, 2).unwrap().len(), 106);
    /// assert_eq!(Catalog::<Tile>::new(3, 4).unwrap().len(), 160); // the largest
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        self.copies as usize * 52 + self.jokers as usize
    }

    /// `false`: a catalog always holds pieces. (Present for API symmetry with `len`.)
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog};
    /// assert!(!Catalog::<Card>::DECK.is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// How many pieces of `face` the catalog holds.
    ///
    /// ```
    /// use rummykit_core::{Catalog, Tile};
    /// let bag = Catalog::<Tile>::new(2, 2).unwrap();
    /// assert_eq!(bag.count_of("k13".parse()?), 2);
    /// assert_eq!(bag.count_of(Tile::JOKER), 2);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn count_of(&self, face: F) -> u8 {
        if face.is_joker() { self.jokers } else { self.copies }
    }

    /// The face of piece `id`, or `None` if `id` is not in this catalog.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, PieceId};
    /// let deck = Catalog::<Card>::DECK;
    /// let id = |i| PieceId::new(i).unwrap();
    /// assert_eq!(deck.face(id(0)), Some("Ac".parse()?));
    /// assert_eq!(deck.face(id(51)), Some("Ks".parse()?));
    /// assert_eq!(deck.face(id(52)), None); // no jokers in one deck
    /// assert!(deck.contains(id(51)) && !deck.contains(id(52)));
    /// let two_decks = Catalog::<Card>::new(2, 2).expect("106 cards fit");
    /// assert_eq!(two_decks.face(id(105)), Some(Card::JOKER));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn face(&self, id: PieceId) -> Option<F> {
        let i = id.0 as usize;
        if i < self.copies as usize * 52 {
            F::from_index((i % 52) as u8)
        } else if i < self.len() {
            Some(F::JOKER)
        } else {
            None
        }
    }

    /// The pieces of `set` in this catalog with their faces, in id order: `set`'s
    /// pieces filtered through [`Catalog::face`], but read a copy of the 52 faces at a
    /// time, so a piece's face is its bit's place in the copy (no division a piece).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, PieceId, PieceSet};
    /// let pack = Catalog::<Card>::new(2, 2).expect("106 cards fit");
    /// let hand: PieceSet = [3, 55, 104, 150].into_iter().filter_map(PieceId::new).collect();
    /// let listed: Vec<(PieceId, Card)> = pack.faces_of(hand).collect();
    /// // The same as asking each piece's face; 150 is beyond this pack.
    /// let each: Vec<_> = hand.iter().filter_map(|p| pack.face(p).map(|f| (p, f))).collect();
    /// assert_eq!(listed, each);
    /// assert_eq!(listed[1].1, "4c".parse()?); // the second copy's 4 of clubs
    /// assert_eq!(listed[2].1, Card::JOKER);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn faces_of(&self, set: PieceSet) -> impl Iterator<Item = (PieceId, F)> + Clone {
        FacesOf::new(set, self.copies as usize * 52, self.len())
    }

    /// The faces of the pieces of `set` in this catalog, as bits by [`Face::index`]:
    /// `(naturals, jokers)`, the naturals held and the number of jokers (the joker's bit
    /// is never set). Read a copy of the 52
    /// faces at a time, with no list made (what a question about the faces of a hand
    /// needs, in a few operations).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Face, PieceId, PieceSet};
    /// let pack = Catalog::<Card>::new(2, 2).expect("106 cards fit");
    /// // The 4 of clubs twice (ids 3 and 55), the ace of clubs once, a joker; 150 is beyond.
    /// let hand: PieceSet = [0, 3, 55, 104, 150].into_iter().filter_map(PieceId::new).collect();
    /// let bit = |f: &str| 1u64 << f.parse::<Card>().unwrap().index();
    /// assert_eq!(pack.face_bits(hand), (bit("Ac") | bit("4c"), 1));
    /// // The faces read one piece at a time.
    /// let naturals = pack.faces_of(hand).filter(|(_, f)| !f.is_joker()).fold(0, |b, (_, f)| b | 1 << f.index());
    /// assert_eq!(pack.face_bits(hand).0, naturals);
    /// ```
    #[must_use]
    #[inline]
    pub fn face_bits(&self, set: PieceSet) -> (u64, usize) {
        let words = set.words();
        // Each copy's 52 bits read where they lie, and the jokers' ids counted in their
        // own range: no shift of the whole set a copy, no mask of the ids past the end.
        let naturals_end = self.copies as usize * 52;
        let mut naturals = words[0] & COPY;
        let mut start = 52;
        while start < naturals_end {
            naturals |= bits_from(&words, start) & COPY;
            start += 52;
        }
        (naturals, self.jokers_in(&words))
    }

    /// The number of this catalog's jokers among `words` (the ids from the naturals' end
    /// to the catalog's; ids past it are not counted).
    #[inline]
    fn jokers_in(&self, words: &[u64; WORDS]) -> usize {
        let mut jokers = 0;
        let end = self.len();
        let mut start = self.copies as usize * 52;
        while start < end {
            let mut w = bits_from(words, start);
            if end - start < 64 {
                w &= (1u64 << (end - start)) - 1;
            }
            // A few bits, cleared one at a time (cheaper than a popcount where the
            // target has no instruction).
            while w != 0 {
                w &= w - 1;
                jokers += 1;
            }
            start += 64;
        }
        jokers
    }

    /// [`face_bits`](Catalog::face_bits) with the natural faces held more than once:
    /// `(naturals, pairs, jokers)`, `pairs` the faces of which `set` holds two copies or
    /// more (bits by [`Face::index`]). Ids past this catalog are ignored. Enough to count
    /// a two-deck hand by face with no pass over its pieces.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Face, PieceId, PieceSet};
    /// let pack = Catalog::<Card>::new(2, 2).expect("106 cards fit");
    /// // The 4 of clubs twice (ids 3 and 55), the ace of clubs once, a joker; 150 is beyond.
    /// let hand: PieceSet = [0, 3, 55, 104, 150].into_iter().filter_map(PieceId::new).collect();
    /// let bit = |f: &str| 1u64 << f.parse::<Card>().unwrap().index();
    /// assert_eq!(pack.face_bits_and_pairs(hand), (bit("Ac") | bit("4c"), bit("4c"), 1));
    /// ```
    #[must_use]
    #[inline]
    pub fn face_bits_and_pairs(&self, set: PieceSet) -> (u64, u64, usize) {
        let words = set.words();
        let naturals_end = self.copies as usize * 52;
        let (mut naturals, mut pairs) = (words[0] & COPY, 0);
        let mut start = 52;
        while start < naturals_end {
            let copy = bits_from(&words, start) & COPY;
            pairs |= naturals & copy;
            naturals |= copy;
            start += 52;
        }
        (naturals, pairs, self.jokers_in(&words))
    }

    /// `true` if `id` belongs to this catalog.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, PieceId};
    /// let deck = Catalog::<Card>::DECK;
    /// assert!(deck.contains(PieceId::new(51).unwrap()));
    /// assert!(!deck.contains(PieceId::new(52).unwrap())); // an id of a two-deck game
    /// ```
    #[must_use]
    pub fn contains(&self, id: PieceId) -> bool {
        (id.0 as usize) < self.len()
    }

    /// The number of pieces of `set`, or `None` if `set` holds an id not in this catalog:
    /// [`PieceSet::len`] when every id of `set` passes [`contains`](Catalog::contains).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, PieceId, PieceSet};
    /// let pack = Catalog::<Card>::new(2, 4).expect("108 cards fit");
    /// let hand: PieceSet = [0, 3, 55, 107].into_iter().filter_map(PieceId::new).collect();
    /// assert_eq!(pack.len_of(hand), Some(4));
    /// // Id 108 is no card of this pack.
    /// let stray: PieceSet = [0, 108].into_iter().filter_map(PieceId::new).collect();
    /// assert_eq!(pack.len_of(stray), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn len_of(&self, set: PieceSet) -> Option<usize> {
        // Counts only the words the catalog's ids fill (a catalog of up to 128 pieces
        // fills two of a set's three): a count is a dozen operations a word on a target
        // without a `popcnt` instruction.
        let end = self.len();
        // The bits of `word` (ids from `start` on) at or past `end`.
        let past = |word: u64, start: usize| match end.checked_sub(start) {
            Some(n) if n >= 64 => 0,
            Some(n) => word >> n,
            None => word,
        };
        let [first, second, rest @ ..] = set.words();
        // (The two words' counts side by side: the compiler adds them as one vector.)
        let mut count = first.count_ones() + second.count_ones();
        let mut stray = past(first, 0) | past(second, 64);
        let mut start = 128;
        for word in rest {
            stray |= past(word, start);
            if start < end {
                count += word.count_ones();
            }
            start += 64;
        }
        (stray == 0).then_some(count as usize)
    }

    /// Every id, in order.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, PieceId};
    /// let pack = Catalog::<Card>::new(2, 4).unwrap();
    /// let ids: Vec<PieceId> = pack.ids().collect();
    /// assert_eq!(ids.len(), 108);
    /// assert_eq!(pack.ids().next_back().map(PieceId::index), Some(107)); // the last joker
    /// assert_eq!(pack.face(ids[107]), Some(Card::JOKER));
    /// ```
    pub fn ids(&self) -> impl DoubleEndedIterator<Item = PieceId> + Clone {
        (0..self.len() as u8).map(PieceId)
    }

    /// The ids of every copy of `face`, in order.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog};
    /// let pack = Catalog::<Card>::new(2, 4).unwrap();
    /// let seven: Card = "7h".parse()?;
    /// let copies: Vec<u8> = pack.ids_of(seven).map(|id| id.index()).collect();
    /// assert_eq!(copies, [seven.index(), seven.index() + 52]); // one per deck
    /// assert_eq!(pack.ids_of(Card::JOKER).count(), 4);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn ids_of(&self, face: F) -> impl Iterator<Item = PieceId> + Clone {
        let naturals = self.copies * 52;
        let (start, step, count) =
            if face.is_joker() { (naturals, 1, self.jokers) } else { (face.index(), 52, self.copies) };
        (0..count).map(move |k| PieceId(start + k * step))
    }

    /// The set of every piece.
    ///
    /// ```
    /// use rummykit_core::{Catalog, Tile};
    /// let bag = Catalog::<Tile>::new(2, 2).unwrap();
    /// assert_eq!(bag.all().len(), bag.len());
    /// assert!(bag.ids().all(|id| bag.all().contains(id)));
    /// ```
    #[must_use]
    pub fn all(&self) -> PieceSet {
        self.ids().collect()
    }
}

/// The iterator of [`Catalog::faces_of`].
struct FacesOf<F> {
    /// The bits still to come of the copy being read: bit `i` is face index `i`.
    mask: u64,
    /// The id of that copy's face 0.
    base: usize,
    /// The ids after that copy, shifted down so that bit 0 is the next copy's face 0
    /// (a shift by a constant a copy, on words kept in registers).
    rest: [u64; WORDS],
    /// The first joker's id.
    naturals: usize,
    /// The catalog's length: the ids from it on are no pieces of it.
    end: usize,
    face: PhantomData<fn() -> F>,
}

/// A copy's worth of bits: the 52 faces.
const COPY: u64 = (1 << 52) - 1;

/// The next copy's bits of `rest`, shifting them out of it.
#[inline]
fn take_copy(rest: &mut [u64; WORDS]) -> u64 {
    let copy = rest[0] & COPY;
    for i in 0..WORDS - 1 {
        rest[i] = rest[i] >> 52 | rest[i + 1] << 12;
    }
    rest[WORDS - 1] >>= 52;
    copy
}

impl<F> FacesOf<F> {
    fn new(set: PieceSet, naturals: usize, len: usize) -> Self {
        let mut rest = set.words();
        let mask = take_copy(&mut rest);
        let mut faces = FacesOf { mask, base: 0, rest, naturals, end: len, face: PhantomData };
        faces.clip();
        faces
    }

    /// Drops from the copy's bits the ids past the catalog's end. Only a copy of jokers
    /// may reach it (the naturals' copies are whole): the set's other words are left
    /// as they are, a mask of every word a listing cost more than this test a copy.
    #[inline]
    fn clip(&mut self) {
        if self.base >= self.naturals {
            let left = self.end.saturating_sub(self.base);
            if left < 52 {
                self.mask &= (1u64 << left) - 1;
            }
        }
    }

    /// The next copy's bits, shifting them out of `rest`.
    #[inline]
    fn take_copy(&mut self) -> u64 {
        take_copy(&mut self.rest)
    }

    /// Moves to the next copy with a piece; `false` once there is none.
    #[inline]
    fn advance(&mut self) -> bool {
        while self.mask == 0 {
            if self.rest == [0; WORDS] {
                return false;
            }
            self.base += 52;
            self.mask = self.take_copy();
            self.clip();
        }
        true
    }
}

impl<F> Clone for FacesOf<F> {
    fn clone(&self) -> Self {
        FacesOf { face: PhantomData, ..*self }
    }
}

impl<F: Face> Iterator for FacesOf<F> {
    type Item = (PieceId, F);

    #[inline]
    fn next(&mut self) -> Option<(PieceId, F)> {
        loop {
            if !self.advance() {
                return None;
            }
            let bit = self.mask.trailing_zeros();
            self.mask &= self.mask - 1;
            let id = PieceId::from_bit(self.base + bit as usize);
            let face = if self.base < self.naturals { F::from_index(bit as u8) } else { Some(F::JOKER) };
            if let Some(face) = face {
                return Some((id, face));
            }
        }
    }

    // A loop per copy, the copy's kind decided once: what `for_each` runs.
    #[inline]
    fn fold<B, G: FnMut(B, (PieceId, F)) -> B>(mut self, init: B, mut g: G) -> B {
        let mut acc = init;
        while self.advance() {
            let mask = core::mem::take(&mut self.mask);
            let base = self.base;
            if base < self.naturals {
                let mut mask = mask;
                while mask != 0 {
                    let bit = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    if let Some(face) = F::from_index(bit as u8) {
                        acc = g(acc, (PieceId::from_bit(base + bit), face));
                    }
                }
            } else {
                let mut mask = mask;
                while mask != 0 {
                    let bit = mask.trailing_zeros() as usize;
                    mask &= mask - 1;
                    acc = g(acc, (PieceId::from_bit(base + bit), F::JOKER));
                }
            }
        }
        acc
    }
}
