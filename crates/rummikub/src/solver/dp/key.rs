//! The packed state key: each colour's open runs, the jokers used, the naturals sent
//! to the number's groups and the value laid down, and their readers.

use crate::solver::groups::MAX_COPIES;

// Key layout.
pub(super) const COLOUR_BITS: u32 = 9;
pub(super) const J_SHIFT: u32 = 36;
pub(super) const GAMMA_SHIFT: u32 = 39;
pub(super) const VALUE_SHIFT: u32 = 48;
/// What a colour sending 0, 1, 2 or 3 naturals to the number's groups adds to a key:
/// one to the count of colours sending that many (none for 0).
pub(super) const GAMMA_ADD: [u64; MAX_COPIES + 1] =
    [0, 1 << GAMMA_SHIFT, 1 << (GAMMA_SHIFT + 3), 1 << (GAMMA_SHIFT + 6)];

/// Largest value tracked (more than the whole 160-tile set is worth).
pub(super) const VALUE_CAP: u32 = 4095;

/// The lowest 3-bit count (runs of length one) of each colour's 9-bit field in a key.
pub(super) const SHORT: u64 = 0o007_007_007_007;
/// Sums four 9-bit fields into the fourth (bits 27..36) when multiplied by.
pub(super) const FIELDS: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27;

#[inline]
pub(super) fn runs_of(key: u64, c: usize) -> (u32, u32, u32) {
    let v = (key >> (c as u32 * COLOUR_BITS)) as u32;
    (v & 7, (v >> 3) & 7, (v >> 6) & 7)
}

#[inline]
pub(super) fn jokers_of(key: u64) -> u32 {
    ((key >> J_SHIFT) & 7) as u32
}

#[inline]
pub(super) fn value_of(key: u64) -> u32 {
    ((key >> VALUE_SHIFT) & 0xfff) as u32
}
