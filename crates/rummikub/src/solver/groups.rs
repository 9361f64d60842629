//! Group formation at one number: which joker counts let a given number of naturals per
//! colour be laid out as groups (3–4 tiles, distinct colours, at least one natural), and
//! one such layout.

/// Most naturals of one face the solver handles (the 160-tile set has three copies).
pub(super) const MAX_COPIES: usize = 3;

/// Most jokers one number's groups can absorb that the solver tracks.
const JOKER_SLOTS: usize = super::MAX_JOKERS + 1;

/// Index of a per-colour count vector (each 0–3) into the feasibility table.
const fn index(gamma: [u8; 4]) -> usize {
    gamma[3] as usize * 64 + gamma[2] as usize * 16 + gamma[1] as usize * 4 + gamma[0] as usize
}

/// `table(core)[index(gamma)]` bit `j`: the naturals `gamma` plus exactly `j` jokers
/// can be partitioned into valid groups. Built at compile time, so that no solve pays
/// for it (it was about half of a fresh process's first solve).
fn table(core: bool) -> &'static [u8; 256] {
    static FULL: [u8; 256] = build_table(false);
    static CORE: [u8; 256] = build_table(true);
    if core { &CORE } else { &FULL }
}

/// The fewest and most jokers a group of the colours in `mask` may hold: up to three
/// tiles with the fewest, up to four with the most (core mode: the fewest only).
const fn group_jokers(mask: u8, core: bool) -> (u8, u8) {
    let k = mask.count_ones() as u8;
    let lo = 3u8.saturating_sub(k);
    (lo, if core { lo } else { 4 - k })
}

/// The colours with a natural in `gamma`, as a bit mask (`const`: a loop).
const fn present_colours(gamma: &[u8; 4]) -> u8 {
    let mut present = 0u8;
    let mut c = 0;
    while c < 4 {
        if gamma[c] > 0 {
            present |= 1 << c;
        }
        c += 1;
    }
    present
}

/// The table of [`table`] (`const`: loops instead of iterators).
const fn build_table(core: bool) -> [u8; 256] {
    let mut t = [0u8; 256];
    t[0] = 1; // nothing and no jokers: no groups
    // Every group lowers each component it touches, so its remainder has a smaller
    // index: ascending order sees every remainder first.
    let mut idx = 1;
    while idx < 256 {
        let gamma = unindex(idx);
        let present = present_colours(&gamma);
        // As in `groups_with_first`: the groups holding the first colour present.
        let first = present & present.wrapping_neg();
        let mut bits = 0u8;
        let mut mask = 1u8;
        while mask < 16 {
            if mask & first != 0 && mask & !present == 0 {
                let (lo, hi) = group_jokers(mask, core);
                let rest = t[index(minus(gamma, mask))];
                let mut jokers = lo;
                while jokers <= hi {
                    let mut j = jokers as usize;
                    while j < JOKER_SLOTS {
                        if rest & (1 << (j - jokers as usize)) != 0 {
                            bits |= 1 << j;
                        }
                        j += 1;
                    }
                    jokers += 1;
                }
            }
            mask += 1;
        }
        t[idx] = bits;
        idx += 1;
    }
    t
}

const fn unindex(idx: usize) -> [u8; 4] {
    [(idx & 3) as u8, ((idx >> 2) & 3) as u8, ((idx >> 4) & 3) as u8, ((idx >> 6) & 3) as u8]
}

const fn minus(mut gamma: [u8; 4], mask: u8) -> [u8; 4] {
    let mut c = 0;
    while c < 4 {
        if mask & (1 << c) != 0 {
            gamma[c] -= 1;
        }
        c += 1;
    }
    gamma
}

/// Every group (colour mask, jokers) that contains the first colour still present in
/// `gamma` and only colours present. Any partition has exactly one group holding a
/// natural of that colour first in line, so trying these is complete.
///
/// `core`: only groups none of whose jokers could be taken away: jokers only to pad a
/// group of one or two naturals to three.
#[cfg(test)]
fn groups_with_first(gamma: [u8; 4], core: bool) -> impl Iterator<Item = (u8, u8)> {
    let present = present_colours(&gamma);
    let first = present & present.wrapping_neg();
    // Larger masks first: fewer jokers needed, so layouts prefer natural groups.
    (1u8..16).rev().filter(move |&m| m & first != 0 && m & !present == 0).flat_map(move |m| {
        let (lo, hi) = group_jokers(m, core);
        (lo..=hi).map(move |j| (m, j))
    })
}

/// Bit `j` set: `n1` colours with one natural, `n2` with two and `n3` with three (all at
/// the same number) plus exactly `j` jokers form valid groups.
#[cfg(test)]
pub(super) fn joker_mask(n1: u8, n2: u8, n3: u8, core: bool) -> u8 {
    table(core)[index(spread(n1, n2, n3))]
}

/// A count vector with `n3` colours holding three, `n2` two and `n1` one (at most four).
const fn spread(n1: u8, n2: u8, n3: u8) -> [u8; 4] {
    let mut gamma = [0u8; 4];
    let mut c = 0;
    let counts = [(n3, 3), (n2, 2), (n1, 1)];
    let mut k = 0;
    while k < 3 {
        let (count, value) = counts[k];
        let mut i = 0;
        while i < count {
            if c < 4 {
                gamma[c] = value;
                c += 1;
            }
            i += 1;
        }
        k += 1;
    }
    gamma
}

/// The masks of `joker_mask` for every `(n1, n2, n3)`, indexed `n1 * 25 + n2 * 5 + n3`.
pub(super) fn joker_masks(core: bool) -> &'static [u8; 125] {
    static FULL: [u8; 125] = build_masks(&build_table(false));
    static CORE: [u8; 125] = build_masks(&build_table(true));
    if core { &CORE } else { &FULL }
}

/// The masks of [`joker_masks`] indexed by the packed counts `n1 | n2 << 3 | n3 << 6`
/// as a state's key holds them (no unpacking in the program's inner loop).
pub(super) fn joker_masks_packed(core: bool) -> &'static [u8; 512] {
    static FULL: [u8; 512] = pack_masks(&build_masks(&build_table(false)));
    static CORE: [u8; 512] = pack_masks(&build_masks(&build_table(true)));
    if core { &CORE } else { &FULL }
}

const fn pack_masks(masks: &[u8; 125]) -> [u8; 512] {
    let mut m = [0u8; 512];
    let mut i = 0;
    while i < 512 {
        let (n1, n2, n3) = (i & 7, (i >> 3) & 7, i >> 6);
        if n1 < 5 && n2 < 5 && n3 < 5 {
            m[i] = masks[n1 * 25 + n2 * 5 + n3];
        }
        i += 1;
    }
    m
}

const fn build_masks(table: &[u8; 256]) -> [u8; 125] {
    let mut m = [0u8; 125];
    let mut i = 0;
    while i < 125 {
        let (n1, n2, n3) = ((i / 25) as u8, (i / 5 % 5) as u8, (i % 5) as u8);
        if n1 + n2 + n3 <= 4 {
            m[i] = table[index(spread(n1, n2, n3))];
        }
        i += 1;
    }
    m
}

/// `first_groups(core)[index(gamma)][jokers]`: the first group (colour mask, jokers), in
/// the order of `groups_with_first`, whose rest can still be laid out with the jokers
/// left, packed `mask | jokers << 4`; 0 if none. Built at compile time: a play's layout
/// reads it once per group instead of walking the candidates.
fn first_groups(core: bool) -> &'static [[u8; JOKER_SLOTS]; 256] {
    static FULL: [[u8; JOKER_SLOTS]; 256] = build_first_groups(&build_table(false), false);
    static CORE: [[u8; JOKER_SLOTS]; 256] = build_first_groups(&build_table(true), true);
    if core { &CORE } else { &FULL }
}

/// The table of [`first_groups`] (`const`: loops instead of iterators, the candidates in
/// the order of `groups_with_first`: larger masks first, then fewer jokers).
const fn build_first_groups(t: &[u8; 256], core: bool) -> [[u8; JOKER_SLOTS]; 256] {
    let mut out = [[0u8; JOKER_SLOTS]; 256];
    let mut idx = 1;
    while idx < 256 {
        let gamma = unindex(idx);
        let present = present_colours(&gamma);
        let first = present & present.wrapping_neg();
        let mut jokers = 0;
        while jokers < JOKER_SLOTS {
            let mut mask = 15u8;
            let mut found = 0u8;
            while mask > 0 && found == 0 {
                if mask & first != 0 && mask & !present == 0 {
                    let (lo, hi) = group_jokers(mask, core);
                    let rest = t[index(minus(gamma, mask))];
                    let mut j = lo;
                    while j <= hi && found == 0 {
                        if j as usize <= jokers && rest & (1 << (jokers - j as usize)) != 0 {
                            found = mask | j << 4;
                        }
                        j += 1;
                    }
                }
                mask -= 1;
            }
            out[idx][jokers] = found;
            jokers += 1;
        }
        idx += 1;
    }
    out
}

/// [`layout_into`] as a list of its own (the tests'); `None` if there is none.
#[cfg(test)]
pub(super) fn layout(gamma: [u8; 4], jokers: usize, core: bool) -> Option<Vec<(u8, u8)>> {
    let mut out = Vec::new();
    layout_into(gamma, jokers, core, &mut out).then_some(out)
}

/// One layout of the naturals `gamma` (per colour) and exactly `jokers` jokers as groups,
/// into `out`: a list of (colour mask, jokers in that group), cleared first (a play's
/// construction reuses one list for all its numbers); `false`, and `out` empty, if there
/// is none.
///
/// The table's verdict is the only way to fail: the first group of every count vector
/// and joker count leaves a rest the table lays out with the jokers left
/// ([`first_groups`]), so once the table says yes every step finds a group (never 0)
/// and the last one spends the last joker. The domain is finite and checked whole
/// (`every_layout_the_table_promises_is_laid_out`), so the loop has no failure branch.
pub(super) fn layout_into(
    mut gamma: [u8; 4],
    mut jokers: usize,
    core: bool,
    out: &mut Vec<(u8, u8)>,
) -> bool {
    out.clear();
    if gamma.iter().any(|&g| g as usize > MAX_COPIES)
        || jokers >= JOKER_SLOTS
        || table(core)[index(gamma)] & (1 << jokers) == 0
    {
        return false;
    }
    let first = first_groups(core);
    while gamma != [0; 4] {
        let g = first[index(gamma)][jokers];
        debug_assert_ne!(g, 0, "the table lays out {gamma:?} with {jokers} jokers");
        let (mask, j) = (g & 15, g >> 4);
        out.push((mask, j));
        gamma = minus(gamma, mask);
        jokers -= j as usize;
    }
    debug_assert_eq!(jokers, 0, "jokers left after the layout");
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The compile-time first groups are those the candidates' walk finds: for every
    /// count vector and joker count, the first group of `groups_with_first` whose rest
    /// the table can lay out, or none.
    #[test]
    fn first_groups_match_the_walk() {
        for core in [false, true] {
            let t = table(core);
            for idx in 1..256 {
                let gamma = unindex(idx);
                for jokers in 0..JOKER_SLOTS {
                    let walked = groups_with_first(gamma, core).find(|&(mask, j)| {
                        j as usize <= jokers
                            && t[index(minus(gamma, mask))] & (1 << (jokers - j as usize)) != 0
                    });
                    let g = first_groups(core)[idx][jokers];
                    let read = (g != 0).then_some((g & 15, g >> 4));
                    assert_eq!(read, walked, "core {core} gamma {gamma:?} jokers {jokers}");
                }
            }
        }
    }

    /// Every count vector and joker count (the whole domain `layout_into` can be asked,
    /// both modes): a layout comes back exactly where the table says one exists, and it
    /// is one: valid groups (3–4 tiles, at least one natural, core jokers only to pad to
    /// three) that hold every natural once and every joker.
    #[test]
    fn every_layout_the_table_promises_is_laid_out() {
        let mut out = Vec::new();
        for core in [false, true] {
            for idx in 0..256 {
                let gamma = unindex(idx);
                for jokers in 0..JOKER_SLOTS {
                    let promised = table(core)[idx] & (1 << jokers) != 0;
                    let laid = layout_into(gamma, jokers, core, &mut out);
                    assert_eq!(laid, promised, "core {core} gamma {gamma:?} jokers {jokers}");
                    if !laid {
                        assert!(out.is_empty());
                        continue;
                    }
                    let mut rest = gamma;
                    let mut spent = 0;
                    for &(mask, j) in &out {
                        let (lo, hi) = group_jokers(mask, core);
                        assert!(mask != 0 && mask < 16 && (lo..=hi).contains(&j), "{out:?}");
                        for (c, r) in rest.iter_mut().enumerate() {
                            if mask & (1 << c) != 0 {
                                *r = r.checked_sub(1).expect("a natural used twice");
                            }
                        }
                        spent += usize::from(j);
                    }
                    assert_eq!((rest, spent), ([0; 4], jokers), "core {core} gamma {gamma:?}: {out:?}");
                }
            }
        }
        // Outside the domain: no layout, no panic.
        assert!(!layout_into([4, 0, 0, 0], 0, false, &mut out));
        assert!(!layout_into([1, 1, 1, 0], JOKER_SLOTS, false, &mut out));
    }

    /// The compile-time table equals one built the plain way, from `groups_with_first`.
    #[test]
    fn table_matches_a_runtime_build() {
        for core in [false, true] {
            let mut t = [0u8; 256];
            t[0] = 1;
            for idx in 1..256 {
                let gamma = unindex(idx);
                for (mask, jokers) in groups_with_first(gamma, core) {
                    let rest = t[index(minus(gamma, mask))];
                    for j in jokers as usize..JOKER_SLOTS {
                        if rest & (1 << (j - jokers as usize)) != 0 {
                            t[idx] |= 1 << j;
                        }
                    }
                }
            }
            assert_eq!(&t, table(core), "core {core}");
            assert_ne!(t[index([1, 1, 1, 0])], 0);
        }
    }

    #[test]
    fn small_cases() {
        // Three colours: a group of three, of four with a joker, or split in two
        // groups padded with three or four jokers.
        assert_eq!(joker_mask(3, 0, 0, false), 0b11011);
        // One colour alone needs two or three jokers.
        assert_eq!(joker_mask(1, 0, 0, false), 0b01100);
        // Two of one colour: two groups, each needing jokers: 4..6 (only 4 tracked).
        assert_eq!(joker_mask(0, 1, 0, false), 0b10000);
        // Nothing: only zero jokers (an all-joker group is invalid, RULES.md §1.4).
        assert_eq!(joker_mask(0, 0, 0, false), 0b00001);
        // Two colours once each: one group with 1 or 2 jokers, or two with 2 each.
        assert_eq!(joker_mask(2, 0, 0, false), 0b10110);
        // Four colours twice each: two groups of four, or 3+3 (+ jokers), ...
        assert_eq!(joker_mask(0, 4, 0, false) & 1, 1);
        let l = layout([2, 1, 1, 0], 2, false).expect("feasible");
        assert_eq!(l.iter().map(|&(_, j)| j as usize).sum::<usize>(), 2);
        assert_eq!(layout([3, 0, 0, 0], 0, false), None);
        assert_eq!(joker_masks(false)[25 * 3], joker_mask(3, 0, 0, false));
        // Core groups: jokers only to pad to three.
        assert_eq!(joker_mask(3, 0, 0, true), 0b01001); // together, or 1 + 2 padded
        assert_eq!(joker_mask(1, 0, 0, true), 0b00100);
        assert_eq!(joker_mask(2, 0, 0, true), 0b10010);
        // One colour each: a group of four, or 2 + 2 or 3 + 1 with two jokers.
        assert_eq!(joker_mask(4, 0, 0, true), 0b00101);
    }

    /// The masks by packed counts are the masks by `(n1, n2, n3)`, for every count a key
    /// can hold (at most four colours), and nothing where a count is impossible.
    #[test]
    fn packed_masks_match_the_unpacked_ones() {
        for core in [false, true] {
            for packed in 0..512usize {
                let (n1, n2, n3) = (packed & 7, (packed >> 3) & 7, packed >> 6);
                let want = if n1 + n2 + n3 <= 4 {
                    let m = joker_mask(n1 as u8, n2 as u8, n3 as u8, core);
                    assert_eq!(joker_masks(core)[n1 * 25 + n2 * 5 + n3], m);
                    m
                } else {
                    0
                };
                assert_eq!(joker_masks_packed(core)[packed], want, "{packed:o} core {core}");
            }
        }
    }
}
