//! [`Paged`]: the solver's caches, tables of stamped entries that grow with the
//! positions solved.
//!
//! Every cache of the program is indexed by a packed triple of 3-bit counts (a colour's
//! open runs of length one, two and three or more; a number's colours sending one, two,
//! three naturals to groups) and something small (the step, the jokers left): 512
//! pages of index space. A position uses few of them, mostly with small counts, and
//! the same ones at every step. So a page is stored only once written, in the order
//! pages are first written: a fresh solver zeroes the pages its positions reach (tens
//! of kilobytes) instead of the whole index space (megabytes, which the bots of a game
//! would otherwise zero every game), and a reused one keeps them; a new stamp forgets
//! every entry at once.

/// Where a page never written starts: beyond every table (at most 512 pages), so that
/// reading there is a miss without a test of its own.
const ABSENT: u16 = u16::MAX;

/// A table of `512 × PAGE` entries of `T`, a page per packed count triple, each entry
/// valid only under the stamp it was written with.
///
/// The pages are stored in the order they were first written, only those: reading a
/// page never written is a miss (the bounds check is the test).
#[derive(Debug, Clone)]
pub(super) struct Paged<T, const PAGE: usize> {
    /// `(stamp, value)`, page by page in the order they were first written.
    data: Vec<(u32, T)>,
    /// Per packed count triple, the place of its page in `data` (in pages), or
    /// [`ABSENT`].
    place: [u16; 512],
    /// Entries written under another stamp are forgotten. Never 0, which marks entries
    /// never written.
    stamp: u32,
}

impl<T, const PAGE: usize> Default for Paged<T, PAGE> {
    fn default() -> Self {
        Paged { data: Vec::new(), place: [ABSENT; 512], stamp: 1 }
    }
}

impl<T: Copy + Default, const PAGE: usize> Paged<T, PAGE> {
    /// Forgets every entry.
    pub fn clear(&mut self) {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.data.fill((0, T::default()));
            self.stamp = 1;
        }
    }

    /// The current stamp: entries written from now on carry it, and
    /// [`Paged::get_since`] with it reads only those.
    pub fn stamp(&self) -> u32 {
        self.stamp
    }

    /// Entry `at` of page `page`, if written under stamp `since` or a later one (the
    /// entries of earlier stamps are forgotten for this read only). A caller keeps the
    /// stamps from which its entries still hold; after the stamp wraps round (the
    /// stamp is 1 again), every entry of an earlier stamp is gone.
    #[inline(always)]
    pub fn get_since(&self, page: usize, at: usize, since: u32) -> Option<&T> {
        debug_assert!(page < 512 && at < PAGE);
        match self.data.get(usize::from(self.place[page & 511]) * PAGE + at) {
            Some((stamp, v)) if *stamp >= since => Some(v),
            _ => None,
        }
    }

    /// Entry `at` of page `page`, if written since the last [`Paged::clear`].
    #[inline(always)]
    pub fn get(&self, page: usize, at: usize) -> Option<&T> {
        debug_assert!(page < 512 && at < PAGE);
        match self.data.get(usize::from(self.place[page & 511]) * PAGE + at) {
            Some((stamp, v)) if *stamp == self.stamp => Some(v),
            _ => None,
        }
    }

    /// Writes entry `at` of page `page`.
    #[inline]
    pub fn set(&mut self, page: usize, at: usize, v: T) {
        debug_assert!(page < 512 && at < PAGE);
        let mut place = self.place[page & 511];
        if place == ABSENT {
            place = (self.data.len() / PAGE) as u16;
            self.place[page & 511] = place;
            // Room for every page at once (address space only: the pages are zeroed as
            // they are reached), so growing never copies.
            self.data.reserve_exact(512 * PAGE - self.data.len());
            self.data.resize(self.data.len() + PAGE, (0, T::default()));
        }
        self.data[usize::from(place) * PAGE + at] = (self.stamp, v);
    }

    /// Pages allocated (tests).
    #[cfg(test)]
    pub fn pages(&self) -> usize {
        self.data.len() / PAGE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Reads give back what was written under the current stamp and nothing else: not
    /// what was written before a clear, not an unwritten neighbour on a page in use,
    /// not an entry on a page never written; the table holds only the pages written.
    #[test]
    fn entries_live_until_the_next_clear() {
        let mut t: Paged<u32, 4> = Paged::default();
        t.clear();
        assert_eq!((t.get(0, 0), t.get(0o777, 3)), (None, None));
        t.set(0o011, 1, 7);
        t.set(0o100, 0, 8);
        assert_eq!(t.pages(), 2, "two pages written");
        assert_eq!((t.get(0o011, 1), t.get(0o100, 0)), (Some(&7), Some(&8)));
        assert_eq!(
            (t.get(0o011, 0), t.get(0o011, 2), t.get(0o010, 1), t.get(0o022, 1)),
            (None, None, None, None)
        );
        t.set(0o200, 3, 9);
        let pages = t.pages();
        assert_eq!(pages, 3, "a third page");
        t.clear();
        assert_eq!((t.get(0o011, 1), t.get(0o100, 0), t.get(0o200, 3)), (None, None, None));
        t.set(0o011, 2, 5);
        assert_eq!((t.get(0o011, 2), t.get(0o011, 1)), (Some(&5), None));
        assert_eq!(t.pages(), pages, "pages are kept across clears");
    }

    /// A read since a stamp takes the entries written under it or later, whatever
    /// clears came between, and none written before it.
    #[test]
    fn reads_since_a_stamp_keep_later_entries() {
        let mut t: Paged<u32, 2> = Paged::default();
        t.clear();
        t.set(0o001, 0, 1);
        let first = t.stamp();
        t.clear();
        t.set(0o002, 1, 2);
        let second = t.stamp();
        t.clear();
        assert_eq!((t.get(0o001, 0), t.get(0o002, 1)), (None, None));
        assert_eq!((t.get_since(0o001, 0, first), t.get_since(0o002, 1, first)), (Some(&1), Some(&2)));
        assert_eq!((t.get_since(0o001, 0, second), t.get_since(0o002, 1, second)), (None, Some(&2)));
        assert_eq!(t.get_since(0o001, 1, first), None, "never written");
        assert_eq!(t.get_since(0o002, 1, t.stamp()), None);
    }

    /// When the stamp wraps round, entries of the first stamp are not taken for new ones.
    #[test]
    fn a_wrapped_stamp_forgets_everything() {
        let mut t: Paged<u8, 2> = Paged::default();
        t.clear();
        t.set(1, 1, 4);
        t.stamp = u32::MAX;
        t.set(1, 0, 3);
        t.clear();
        assert_eq!(t.stamp, 1);
        assert_eq!((t.get(1, 0), t.get(1, 1)), (None, None));
    }
}
