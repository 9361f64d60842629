//! The batch of a beam's cut: the states ranked at least as high as the `k`-th best,
//! ties included, moved to the front ([`Dp::keep_best`](super::Dp)).
//!
//! Which states land in the batch is a set (every rank at or above the threshold), so
//! any selection gives the same batch; the standard library's selection sorts the last
//! few states by insertion, whose branches the processor cannot predict (a sixth of a
//! median opened solve's mispredicted branches), and is a large piece of code for a
//! solve that finds its caches cold. This one partitions without a branch per state.

/// Moves the states of `v` ranked at least as high as the `k`-th highest rank (0: the
/// highest) to its front; gives back that rank and how many states it moved.
///
/// A quickselect over three-way partitions: each round splits the range into the
/// states ranked above a pivot, equal to it and below it, by passes that swap every
/// state and advance the front by the comparison (no branch per state). Everything
/// left of the range is ranked above everything in it, everything right of it below,
/// so the states at or above the answer are the prefix up to its equal part. The
/// pivot is the median of three ranks; the highest and the lowest rank of a range are
/// one pass each.
///
/// `k` must be below `v.len()`.
pub(super) fn batch(v: &mut [(u64, u32)], mut k: usize) -> (u64, usize) {
    debug_assert!(k < v.len());
    let (mut lo, mut hi) = (0, v.len());
    loop {
        let s = &mut v[lo..hi];
        let n = s.len();
        if k == 0 {
            let top = s.iter().fold(0, |m, e| m.max(e.0));
            return (top, lo + split(s, |r| r >= top));
        }
        if k == n - 1 {
            return (s.iter().fold(u64::MAX, |m, e| m.min(e.0)), hi);
        }
        let (a, b, c) = (s[0].0, s[n / 2].0, s[n - 1].0);
        let p = a.min(b).max(a.max(b).min(c));
        let above = split(s, |r| r > p);
        if k < above {
            hi = lo + above;
            continue;
        }
        let equal = split(&mut s[above..], |r| r == p);
        if k < above + equal {
            return (p, lo + above + equal);
        }
        k -= above + equal;
        lo += above + equal;
    }
}

/// Moves the states whose rank passes `front` to the front of `s` (in no particular
/// order), without a branch per state; how many.
#[inline(always)]
fn split(s: &mut [(u64, u32)], front: impl Fn(u64) -> bool) -> usize {
    let mut b = 0;
    for i in 0..s.len() {
        let r = s[i].0;
        s.swap(i, b);
        b += usize::from(front(r));
    }
    b
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Against a sort: the threshold is the `k`-th highest rank, the prefix holds
    /// exactly the states ranked at or above it (each once), the rest those below.
    #[test]
    fn the_batch_is_every_state_at_or_above_the_kth_rank() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for round in 0..3000 {
            let n = rng.random_range(1..=80usize);
            // Few distinct ranks in some rounds, so that ties are common.
            let spread = if round % 3 == 0 { 4 } else { 1 << 40 };
            let v: Vec<(u64, u32)> = (0..n).map(|i| (rng.random_range(1..=spread), i as u32)).collect();
            let k = rng.random_range(0..n);
            let mut sorted: Vec<u64> = v.iter().map(|e| e.0).collect();
            sorted.sort_unstable_by(|a, b| b.cmp(a));
            let mut w = v.clone();
            let (t, m) = batch(&mut w, k);
            assert_eq!(t, sorted[k], "round {round}");
            assert_eq!(m, sorted.iter().filter(|&&r| r >= t).count(), "round {round}");
            assert!(w[..m].iter().all(|e| e.0 >= t) && w[m..].iter().all(|e| e.0 < t), "round {round}");
            let mut ids: Vec<u32> = w.iter().map(|e| e.1).collect();
            ids.sort_unstable();
            assert!(ids.iter().copied().eq(0..n as u32), "round {round}: a state lost or doubled");
        }
    }
}
