//! [`Paged`]: the solver's caches, tables of stamped entries that grow with the
//! positions solved.
//!
//! Every cache of the program is indexed by a packed triple of 3-bit counts (a colour's
//! open runs of length one, two and three or more; a number's colours sending one, two,
//! three naturals to groups) and something small (the step, the jokers left): 512
//! pages of index space. A position uses few of them, mostly with small counts, and
//! the same ones at every step. So the pages are stored in the order of their largest
//! count, only as far as the last one written: a fresh solver zeroes the pages its
//! positions reach (tens of kilobytes) instead of the whole index space (megabytes,
//! which the bots of a game would otherwise zero every game), and a reused one keeps
//! them; a new stamp forgets every entry at once.

/// Packed count triples (`a | b << 3 | c << 6`, each count below 8) in the order of
/// their largest count: those with every count at most `m` come first, `(m + 1)^3` of
/// them.
const RANK: [u16; 512] = {
    let mut rank = [0u16; 512];
    // The next rank of each largest count `m`: its triples follow the `m^3` smaller ones.
    let mut next = [0u16; 8];
    let mut m = 0;
    while m < 8 {
        next[m] = (m * m * m) as u16;
        m += 1;
    }
    let mut v = 0;
    while v < 512 {
        let (a, b, c) = (v & 7, (v >> 3) & 7, v >> 6);
        let m = if a > b { a } else { b };
        let m = if m > c { m } else { c };
        rank[v] = next[m];
        next[m] += 1;
        v += 1;
    }
    rank
};

/// The place of page `page` in the order of [`RANK`]: the pages whose counts are all at
/// most `m` come first, `(m + 1)^3` of them.
pub(super) fn rank(page: usize) -> usize {
    usize::from(RANK[page & 511])
}

/// A table of `512 × PAGE` entries of `T`, a page per packed count triple, each entry
/// valid only under the stamp it was written with.
///
/// The pages are stored in the order of [`RANK`], only as far as the last one written:
/// reading beyond is a miss (the bounds check is the test).
#[derive(Debug, Clone)]
pub(super) struct Paged<T, const PAGE: usize> {
    /// `(stamp, value)`, page by page in the order of [`RANK`].
    data: Vec<(u32, T)>,
    /// Entries written under another stamp are forgotten. Never 0, which marks entries
    /// never written.
    stamp: u32,
}

impl<T, const PAGE: usize> Default for Paged<T, PAGE> {
    fn default() -> Self {
        Paged { data: Vec::new(), stamp: 1 }
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
        match self.data.get(usize::from(RANK[page & 511]) * PAGE + at) {
            Some((stamp, v)) if *stamp >= since => Some(v),
            _ => None,
        }
    }

    /// Entry `at` of page `page`, if written since the last [`Paged::clear`].
    #[inline(always)]
    pub fn get(&self, page: usize, at: usize) -> Option<&T> {
        debug_assert!(page < 512 && at < PAGE);
        match self.data.get(usize::from(RANK[page & 511]) * PAGE + at) {
            Some((stamp, v)) if *stamp == self.stamp => Some(v),
            _ => None,
        }
    }

    /// Writes entry `at` of page `page`.
    #[inline]
    pub fn set(&mut self, page: usize, at: usize, v: T) {
        debug_assert!(page < 512 && at < PAGE);
        let i = usize::from(RANK[page & 511]) * PAGE + at;
        if i >= self.data.len() {
            // Room for every page at once (address space only: the pages are zeroed as
            // they are reached), so growing never copies.
            self.data.reserve_exact(512 * PAGE - self.data.len());
            self.data.resize((i / PAGE + 1) * PAGE, (0, T::default()));
        }
        self.data[i] = (self.stamp, v);
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

    /// The order of the pages: every triple has its own rank, and those whose counts are
    /// all at most `m` come first.
    #[test]
    fn ranks_put_small_counts_first() {
        let mut seen = [false; 512];
        for (v, &r) in RANK.iter().enumerate() {
            let r = usize::from(r);
            assert!(!seen[r], "rank {r} twice");
            seen[r] = true;
            let m = (v & 7).max((v >> 3) & 7).max(v >> 6);
            assert!(m * m * m <= r && r < (m + 1) * (m + 1) * (m + 1), "triple {v:o} at rank {r}");
        }
    }

    /// Reads give back what was written under the current stamp and nothing else: not
    /// what was written before a clear, not an unwritten neighbour on a page in use,
    /// not an entry beyond the pages in use; the table reaches only as far as the
    /// largest count written.
    #[test]
    fn entries_live_until_the_next_clear() {
        let mut t: Paged<u32, 4> = Paged::default();
        t.clear();
        assert_eq!((t.get(0, 0), t.get(0o777, 3)), (None, None));
        t.set(0o011, 1, 7);
        t.set(0o100, 0, 8);
        assert!(t.pages() <= 8, "counts up to one: at most eight pages");
        assert_eq!((t.get(0o011, 1), t.get(0o100, 0)), (Some(&7), Some(&8)));
        assert_eq!(
            (t.get(0o011, 0), t.get(0o011, 2), t.get(0o010, 1), t.get(0o022, 1)),
            (None, None, None, None)
        );
        t.set(0o200, 3, 9);
        let pages = t.pages();
        assert!((9..=27).contains(&pages), "counts up to two: at most 27 pages");
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
