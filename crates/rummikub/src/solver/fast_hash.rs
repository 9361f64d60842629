//! A multiplicative hasher for the solver's own sets and maps of melds and needs: their
//! keys are small and never chosen by an adversary, and the standard hasher's cost (a meld
//! hashes as some twenty small writes) dominated the look-ups of the search's
//! bookkeeping. Only membership is asked of these tables, never their order, so the
//! hasher changes no answer.

use core::hash::{BuildHasherDefault, Hasher};

/// A `HashMap` with [`FastHasher`].
pub(super) type FastMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<FastHasher>>;

/// A `HashSet` with [`FastHasher`].
pub(super) type FastSet<K> = std::collections::HashSet<K, BuildHasherDefault<FastHasher>>;

/// Folds each write into the state with one wide multiply.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FastHasher(u64);

const K: u64 = 0x9E37_79B9_7F4A_7C15;

impl FastHasher {
    fn add(&mut self, v: u64) {
        // Both halves of the product, so the low bits the table indexes by depend on
        // every bit of the key.
        let p = u128::from(self.0.rotate_left(5) ^ v) * u128::from(K);
        self.0 = p as u64 ^ (p >> 64) as u64;
    }
}

impl Hasher for FastHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(c);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word) ^ (rest.len() as u64) << 59);
        }
    }

    fn write_u8(&mut self, v: u8) {
        self.add(u64::from(v));
    }

    fn write_u16(&mut self, v: u16) {
        self.add(u64::from(v));
    }

    fn write_u32(&mut self, v: u32) {
        self.add(u64::from(v));
    }

    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }

    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Equal keys hash equal and the set keeps them apart from their neighbours.
    #[test]
    fn equal_keys_meet_and_distinct_keys_stay_apart() {
        let mut set: FastSet<Vec<u16>> = FastSet::default();
        for a in 0..64u16 {
            for b in 0..64u16 {
                assert!(set.insert(vec![a, b]));
            }
        }
        assert_eq!(set.len(), 64 * 64);
        assert!(set.contains(&vec![3, 5]) && !set.contains(&vec![3, 5, 0]));
        let spread: std::collections::HashSet<u64> = set
            .iter()
            .map(|k| {
                let mut h = FastHasher::default();
                core::hash::Hash::hash(k, &mut h);
                h.finish() & 0xfff
            })
            .collect();
        // 4,096 keys over 4,096 buckets: well spread keys fill most of them.
        assert!(spread.len() > 2_000, "{}", spread.len());
    }
}
