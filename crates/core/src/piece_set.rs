//! [`PieceSet`]: a bitset over piece identities.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Sub, SubAssign};

use crate::PieceId;

pub(crate) const WORDS: usize = PieceId::LIMIT.div_ceil(64);

/// A set of pieces, as a bitset over [`PieceId`]s large enough for every catalog.
///
/// Set algebra is a handful of word operations, which is what makes conservation
/// ("every piece is in exactly one place") a cheap partition check. Iteration is in
/// ascending id order.
///
/// ```
/// use rummykit_core::{PieceId, PieceSet};
/// let id = |i| PieceId::new(i).unwrap();
/// let a: PieceSet = [id(1), id(70), id(159)].into_iter().collect();
/// let b: PieceSet = [id(70), id(2)].into_iter().collect();
/// assert_eq!((a | b).len(), 4);
/// assert_eq!((a & b).iter().collect::<Vec<_>>(), vec![id(70)]);
/// assert_eq!((a - b).len(), 2);
/// assert!(!a.is_disjoint(&b));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct PieceSet([u64; WORDS]);

impl PieceSet {
    /// The empty set.
    ///
    /// ```
    /// use rummykit_core::PieceSet;
    /// assert!(PieceSet::EMPTY.is_empty());
    /// assert_eq!(PieceSet::EMPTY, PieceSet::new());
    /// ```
    pub const EMPTY: PieceSet = PieceSet([0; WORDS]);

    /// The empty set.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let mut hand = PieceSet::new();
    /// assert!(hand.is_empty() && hand == PieceSet::EMPTY);
    /// hand.insert(PieceId::new(7).unwrap());
    /// assert_eq!(hand.len(), 1);
    /// ```
    #[must_use]
    pub const fn new() -> PieceSet {
        Self::EMPTY
    }

    /// Adds `id`; returns `true` if it was not already present.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = PieceId::new(42).unwrap();
    /// let mut set = PieceSet::new();
    /// assert!(set.insert(id));
    /// assert!(!set.insert(id)); // already there
    /// assert!(set.contains(id));
    /// assert_eq!((set.len(), set.first()), (1, Some(id)));
    /// assert!(set.remove(id));
    /// assert!(set.is_empty());
    /// ```
    pub fn insert(&mut self, id: PieceId) -> bool {
        let (w, b) = split(id);
        let was = self.0[w] & b != 0;
        self.0[w] |= b;
        !was
    }

    /// Removes `id`; returns `true` if it was present.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut hand: PieceSet = [id(3), id(9)].into_iter().collect();
    /// assert!(hand.remove(id(3))); // discarded
    /// assert!(!hand.remove(id(3))); // not in the hand any more
    /// assert_eq!(hand.iter().collect::<Vec<_>>(), [id(9)]);
    /// ```
    pub fn remove(&mut self, id: PieceId) -> bool {
        let (w, b) = split(id);
        let was = self.0[w] & b != 0;
        self.0[w] &= !b;
        was
    }

    /// `true` if `id` is in the set.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let table: PieceSet = [id(0), id(159)].into_iter().collect();
    /// assert!(table.contains(id(159)) && !table.contains(id(1)));
    /// ```
    #[must_use]
    #[inline]
    pub const fn contains(&self, id: PieceId) -> bool {
        let (w, b) = split(id);
        self.0[w] & b != 0
    }

    /// Number of pieces in the set.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let hand: PieceSet = (0..14).filter_map(PieceId::new).collect();
    /// assert_eq!(hand.len(), 14);
    /// ```
    #[must_use]
    pub const fn len(&self) -> usize {
        let mut n = 0;
        let mut i = 0;
        while i < WORDS {
            n += self.0[i].count_ones() as usize;
            i += 1;
        }
        n
    }

    /// `true` if the set is empty.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = PieceId::new(5).unwrap();
    /// let mut rack: PieceSet = [id].into_iter().collect();
    /// assert!(!rack.is_empty());
    /// rack.remove(id);
    /// assert!(rack.is_empty()); // out: the player has won
    /// ```
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        let mut i = 0;
        while i < WORDS {
            if self.0[i] != 0 {
                return false;
            }
            i += 1;
        }
        true
    }

    /// The ids 0–63 as a mask (bit `i` = id `i`).
    #[inline]
    pub(crate) const fn low_word(&self) -> u64 {
        self.0[0]
    }

    /// The set's words: bit `i % 64` of word `i / 64` is id `i`.
    #[inline]
    pub(crate) const fn words(&self) -> [u64; WORDS] {
        self.0
    }

    /// The set of the given words (see [`words`](PieceSet::words)); the bits past the
    /// last id must be clear.
    #[inline]
    pub(crate) const fn from_words(words: [u64; WORDS]) -> PieceSet {
        PieceSet(words)
    }

    /// The smallest id in the set.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let set: PieceSet = [id(90), id(12), id(40)].into_iter().collect();
    /// assert_eq!(set.first(), Some(id(12)));
    /// assert_eq!(PieceSet::new().first(), None);
    /// let high: PieceSet = [id(159), id(64)].into_iter().collect();
    /// assert_eq!(high.first(), Some(id(64))); // past an empty first word
    /// assert_eq!(high.first(), high.iter().next());
    /// ```
    #[must_use]
    #[inline]
    pub fn first(&self) -> Option<PieceId> {
        // From the bottom word up, inline: a random player's draw asks it of the hand.
        let (bottom, word) = self.0.iter().enumerate().find(|(_, w)| **w != 0)?;
        Some(PieceId::from_bit(bottom * 64 + word.trailing_zeros() as usize))
    }

    /// The largest id in the set, found from the top word down (no walk through the set).
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let set: PieceSet = [id(90), id(12), id(40)].into_iter().collect();
    /// assert_eq!(set.last(), Some(id(90)));
    /// assert_eq!(set.last(), set.iter().last());
    /// assert_eq!(PieceSet::new().last(), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn last(&self) -> Option<PieceId> {
        let (top, word) = self.0.iter().enumerate().rev().find(|(_, w)| **w != 0)?;
        Some(PieceId::from_bit(top * 64 + 63 - word.leading_zeros() as usize))
    }

    /// Every id in ascending order.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let set: PieceSet = [id(130), id(2), id(64)].into_iter().collect();
    /// assert_eq!(set.iter().collect::<Vec<_>>(), [id(2), id(64), id(130)]); // ascending
    /// ```
    #[must_use]
    pub fn iter(&self) -> Iter {
        let [word, rest @ ..] = self.0;
        Iter { word, base: 0, rest }
    }

    /// The pieces in either set.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let a: PieceSet = [id(1), id(2)].into_iter().collect();
    /// let b: PieceSet = [id(2), id(100)].into_iter().collect();
    /// assert_eq!(a.union(&b).len(), 3);
    /// assert_eq!(a.union(&b), a | b);
    /// ```
    #[must_use]
    #[inline]
    pub fn union(&self, other: &PieceSet) -> PieceSet {
        self.zip(other, |a, b| a | b)
    }

    /// The pieces in both sets.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let a: PieceSet = [id(1), id(2)].into_iter().collect();
    /// let b: PieceSet = [id(2), id(100)].into_iter().collect();
    /// assert_eq!(a.intersection(&b).iter().collect::<Vec<_>>(), [id(2)]);
    /// assert_eq!(a.intersection(&b), a & b);
    /// ```
    #[must_use]
    #[inline]
    pub fn intersection(&self, other: &PieceSet) -> PieceSet {
        self.zip(other, |a, b| a & b)
    }

    /// The pieces of `self` not in `other`.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let hand: PieceSet = [id(1), id(2), id(3)].into_iter().collect();
    /// let melded: PieceSet = [id(2), id(3)].into_iter().collect();
    /// assert_eq!(hand.difference(&melded).iter().collect::<Vec<_>>(), [id(1)]);
    /// assert_eq!(hand.difference(&melded), hand - melded);
    /// ```
    #[must_use]
    #[inline]
    pub fn difference(&self, other: &PieceSet) -> PieceSet {
        self.zip(other, |a, b| a & !b)
    }

    /// The pieces in exactly one of the sets.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// // What changed between two tables: the pieces on exactly one of them.
    /// let before: PieceSet = [id(1), id(2), id(3)].into_iter().collect();
    /// let after: PieceSet = [id(2), id(3), id(4)].into_iter().collect();
    /// assert_eq!(before.symmetric_difference(&after).iter().collect::<Vec<_>>(), [id(1), id(4)]);
    /// assert_eq!(before.symmetric_difference(&after), before ^ after);
    /// ```
    #[must_use]
    #[inline]
    pub fn symmetric_difference(&self, other: &PieceSet) -> PieceSet {
        self.zip(other, |a, b| a ^ b)
    }

    /// `true` if every piece of `self` is in `other`.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let hand: PieceSet = [id(1), id(2), id(3)].into_iter().collect();
    /// let meld: PieceSet = [id(1), id(3)].into_iter().collect();
    /// assert!(meld.is_subset(&hand) && !hand.is_subset(&meld));
    /// assert!(PieceSet::new().is_subset(&hand));
    /// ```
    #[must_use]
    pub fn is_subset(&self, other: &PieceSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & !b == 0)
    }

    /// `true` if the sets share no piece.
    ///
    /// ```
    /// use rummykit_core::{PieceId, PieceSet};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let hand: PieceSet = [id(1), id(2)].into_iter().collect();
    /// let table: PieceSet = [id(3)].into_iter().collect();
    /// assert!(hand.is_disjoint(&table)); // every piece in one place
    /// assert!(!hand.is_disjoint(&(table | hand)));
    /// ```
    #[must_use]
    #[inline]
    pub fn is_disjoint(&self, other: &PieceSet) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a & b == 0)
    }

    #[inline]
    fn zip(&self, other: &PieceSet, f: impl Fn(u64, u64) -> u64) -> PieceSet {
        let mut out = [0; WORDS];
        for (o, (a, b)) in out.iter_mut().zip(self.0.iter().zip(other.0.iter())) {
            *o = f(*a, *b);
        }
        PieceSet(out)
    }
}

#[inline]
const fn split(id: PieceId) -> (usize, u64) {
    let i = id.index() as usize;
    (i / 64, 1 << (i % 64))
}

/// Iterator over a [`PieceSet`] in ascending id order.
///
/// ```
/// use rummykit_core::{PieceId, PieceSet, PieceSetIter};
/// let set: PieceSet = (10..13).filter_map(PieceId::new).collect();
/// let iter: PieceSetIter = set.iter();
/// assert_eq!(iter.map(PieceId::index).collect::<Vec<_>>(), [10, 11, 12]);
/// ```
#[derive(Clone, Debug)]
pub struct Iter {
    /// The bits of the word being read that are still to come.
    word: u64,
    /// The id of that word's bit 0.
    base: usize,
    /// The words after it, nearest first: fixed positions, shifted down as each is
    /// reached, so a loop over the set keeps them in registers (no indexed load and no
    /// bounds check a card).
    rest: [u64; WORDS - 1],
}

impl Iter {
    /// Makes `word` the first word with a bit still to come: `false` if none is left.
    #[inline]
    fn refill(&mut self) -> bool {
        while self.word == 0 {
            if self.rest == [0; WORDS - 1] {
                return false;
            }
            self.word = self.rest[0];
            self.rest.copy_within(1.., 0);
            self.rest[WORDS - 2] = 0;
            self.base += 64;
        }
        true
    }
}

impl Iterator for Iter {
    type Item = PieceId;

    #[inline]
    fn next(&mut self) -> Option<PieceId> {
        if !self.refill() {
            return None;
        }
        let index = self.base + self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some(PieceId::from_bit(index))
    }

    /// The id `n` places further on (what `n` calls of `next` and one more return),
    /// without making the ids skipped.
    #[inline]
    fn nth(&mut self, n: usize) -> Option<PieceId> {
        // The skipped bits cleared one at a time, no id made for them: a random draw
        // picks its discard this way, and a count of bits a word cost more (no popcnt).
        // Each word's bits in a loop of their own, on a copy of the word: with the
        // refill in the same loop, the words kept in registers were moved about at
        // every bit (about eleven instructions a bit).
        let mut n = n;
        loop {
            let mut word = self.word;
            while word != 0 {
                if n == 0 {
                    self.word = word & (word - 1);
                    return Some(PieceId::from_bit(self.base + word.trailing_zeros() as usize));
                }
                word &= word - 1;
                n -= 1;
            }
            self.word = 0;
            if !self.refill() {
                return None;
            }
        }
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.word.count_ones() as usize
            + self.rest.iter().map(|w| w.count_ones() as usize).sum::<usize>();
        (n, Some(n))
    }
}

impl ExactSizeIterator for Iter {}

impl IntoIterator for PieceSet {
    type Item = PieceId;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl IntoIterator for &PieceSet {
    type Item = PieceId;
    type IntoIter = Iter;
    fn into_iter(self) -> Iter {
        self.iter()
    }
}

impl FromIterator<PieceId> for PieceSet {
    fn from_iter<I: IntoIterator<Item = PieceId>>(iter: I) -> Self {
        let mut set = PieceSet::new();
        set.extend(iter);
        set
    }
}

impl Extend<PieceId> for PieceSet {
    fn extend<I: IntoIterator<Item = PieceId>>(&mut self, iter: I) {
        for id in iter {
            self.insert(id);
        }
    }
}

impl fmt::Debug for PieceSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

macro_rules! op {
    ($tr:ident, $m:ident, $assign:ident, $am:ident, $f:ident) => {
        impl $tr for PieceSet {
            type Output = PieceSet;
            #[inline]
            fn $m(self, rhs: PieceSet) -> PieceSet {
                self.$f(&rhs)
            }
        }
        impl $assign for PieceSet {
            #[inline]
            fn $am(&mut self, rhs: PieceSet) {
                *self = self.$f(&rhs);
            }
        }
    };
}
op!(BitOr, bitor, BitOrAssign, bitor_assign, union);
op!(BitAnd, bitand, BitAndAssign, bitand_assign, intersection);
op!(Sub, sub, SubAssign, sub_assign, difference);

impl BitXor for PieceSet {
    type Output = PieceSet;
    #[inline]
    fn bitxor(self, rhs: PieceSet) -> PieceSet {
        self.symmetric_difference(&rhs)
    }
}

/// The 64 bits of `words` from bit `start` on (zeros past the last word).
#[inline]
pub(crate) fn bits_from(words: &[u64; WORDS], start: usize) -> u64 {
    let (word, shift) = (start / 64, start % 64);
    let low = words.get(word).map_or(0, |w| w >> shift);
    let high = match words.get(word + 1) {
        Some(w) if shift != 0 => w << (64 - shift),
        _ => 0,
    };
    low | high
}
