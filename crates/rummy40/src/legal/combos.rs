//! The multisets of melds by faces that a hand's face counts can hold at once, walked
//! with bit sets of the melds still possible.

use rummykit_core::MAX_MELD_LEN;

use super::batch::Copies;
use super::{NATURALS, ValuedMeld};

/// What [`combos`] calls for each multiset of melds: `(chosen, cards used, value, face
/// counts left, no two stuck cards left)`.
type Visit<'a> = dyn FnMut(&[usize], usize, u32, &[u8; 53], bool) + 'a;

/// Calls `visit(chosen, cards used, value, face counts left)` for every non-empty
/// multiset of `melds` that `counts` can supply (the faces it holds `held`, its
/// [`Copies`] `copies`) and that holds one of the first `roots` melds; but skips every
/// multiset (and those it leads to) whose last meld is `melds[i]` and whose counts left
/// hold two cards or more of the faces `stuck[i]` (bits by face index; no skipping past
/// the end of `stuck`). With `every`, nothing is skipped: those multisets are visited
/// with the last argument `false` (as is all that follows them, since no later meld
/// holds such a face). `chosen` is a buffer (emptied first).
pub(super) fn combos(
    melds: &[ValuedMeld],
    roots: usize,
    (counts, held, copies): ([u8; 53], u64, Copies),
    stuck: &[u64],
    every: bool,
    chosen: &mut Vec<usize>,
    visit: &mut Visit<'_>,
) {
    combos_by(melds, roots, (counts, held, copies), (stuck, every), MELD_BITS_FROM, chosen, visit);
}

/// [`combos`], walking by [`MeldBits`] from `bits_from` melds on.
pub(super) fn combos_by(
    melds: &[ValuedMeld],
    roots: usize,
    (mut counts, held, copies): ([u8; 53], u64, Copies),
    (stuck, every): (&[u64], bool),
    bits_from: usize,
    chosen: &mut Vec<usize>,
    visit: &mut Visit<'_>,
) {
    /// Takes `m`'s cards from `counts` if they are there, its faces being among those
    /// held (`avail`): it needs each natural once, so only its jokers may be missing.
    fn take(m: &ValuedMeld, counts: &mut [u8; 53]) -> bool {
        counts[52] >= m.jokers && {
            take_held(m, counts);
            true
        }
    }
    /// The faces held (`avail`) and the naturals held twice or more (`twice`) once `m`
    /// is taken from `counts`: its naturals held once are gone, and with at most two
    /// copies of each (`plain`), those held twice are held once. Else `avail` is read
    /// from the counts.
    fn left(m: &ValuedMeld, counts: &[u8; 53], (avail, twice): (u64, u64), plain: bool) -> (u64, u64) {
        if !plain {
            let avail = m
                .needs()
                .fold(avail, |a, (f, _)| if counts[usize::from(f)] == 0 { a & !(1u64 << f) } else { a });
            return (avail, twice);
        }
        let mut avail = avail & !(m.mask & NATURALS & !twice);
        if counts[52] == 0 {
            avail &= !(1u64 << 52);
        }
        (avail, twice & !m.mask)
    }
    /// What stays the same down a walk, lent to every node as one reference (passed
    /// one by one, the arguments went through the stack at every node).
    struct Walk<'w, 'v> {
        melds: &'w [ValuedMeld],
        counts: &'w mut [u8; 53],
        plain: bool,
        stuck: &'w [u64],
        every: bool,
        chosen: &'w mut Vec<usize>,
        visit: &'w mut Visit<'v>,
    }
    fn go(
        w: &mut Walk<'_, '_>,
        start: usize,
        (avail, twice): (u64, u64),
        alive: bool,
        (used, value): (usize, u32),
    ) {
        let alive = alive && !w.stuck.get(start).is_some_and(|&mask| two_of(mask, w.counts));
        if !alive && !w.every {
            return;
        }
        (w.visit)(w.chosen, used, value, w.counts, alive);
        let melds = w.melds;
        // By index: the iterator skipped to `start` compiled to more instructions.
        #[allow(clippy::needless_range_loop)]
        for i in start..melds.len() {
            let m = &melds[i];
            // Most melds need a face no longer there: ruled out by bits first.
            if m.mask & !avail == 0 && take(m, w.counts) {
                w.chosen.push(i);
                let faces = left(m, w.counts, (avail, twice), w.plain);
                go(w, i, faces, alive, (used + m.faces().len(), value + m.value));
                w.chosen.pop();
                put_back(m, w.counts);
            }
        }
    }
    // The faces held, and the naturals held twice (with at most two copies of each).
    let (avail, twice, plain) = (held, copies.twice, !copies.more);
    chosen.clear();
    if plain && (bits_from..=128).contains(&melds.len()) {
        // A long list (a hand with jokers): each node's children found by bits, not by
        // a scan of every later meld. The same multisets, in the same order.
        let bits = MeldBits::of(melds);
        // Every meld's naturals are held: the candidates are those with jokers enough.
        let below = |n: usize| if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        let all = below(melds.len());
        let mut next = all & !bits.jokers_over(counts[52]) & below(roots);
        while next != 0 {
            let i = next.trailing_zeros() as usize;
            next &= next - 1;
            let m = &melds[i];
            take_held(m, &mut counts);
            chosen.push(i);
            let cand = bits.after(m, all, twice);
            let walk = (&bits, twice & !m.mask, stuck, every, true);
            go_bits(melds, walk, i, &mut counts, cand, chosen, m.faces().len(), m.value, visit);
            chosen.pop();
            put_back(m, &mut counts);
        }
        return;
    }
    let mut w = Walk { melds, counts: &mut counts, plain, stuck, every, chosen, visit };
    for (i, m) in melds.iter().enumerate().take(roots) {
        if m.mask & !avail == 0 && take(m, w.counts) {
            w.chosen.push(i);
            let faces = left(m, w.counts, (avail, twice), plain);
            go(&mut w, i, faces, true, (m.faces().len(), m.value));
            w.chosen.pop();
            put_back(m, w.counts);
        }
    }
}

/// The length of a list of melds from which [`combos`] walks it by [`MeldBits`]: below
/// it, the bits' set-up costs more than the scans it saves.
const MELD_BITS_FROM: usize = 32;

/// A list of at most 128 melds by faces as bit sets (bit `i`: `melds[i]`), for
/// [`combos`] to find a node's children without a scan: the melds that need each
/// natural face, and those that need more jokers than a count.
struct MeldBits {
    need: [u128; 52],
    /// `over[k]`: the melds needing more than `k` jokers.
    over: [u128; MAX_MELD_LEN],
}

impl MeldBits {
    /// The bits of `melds` (at most 128).
    fn of(melds: &[ValuedMeld]) -> MeldBits {
        let mut bits = MeldBits { need: [0; 52], over: [0; MAX_MELD_LEN] };
        for (i, m) in melds.iter().enumerate() {
            let bit = 1u128 << i;
            let mut naturals = m.mask & NATURALS;
            while naturals != 0 {
                bits.need[naturals.trailing_zeros() as usize] |= bit;
                naturals &= naturals - 1;
            }
            for over in bits.over.iter_mut().take(usize::from(m.jokers)) {
                *over |= bit;
            }
        }
        bits
    }

    /// The melds needing more than `jokers` jokers.
    fn jokers_over(&self, jokers: u8) -> u128 {
        self.over.get(usize::from(jokers)).copied().unwrap_or(0)
    }

    /// The candidates `cand` (melds whose naturals are all held) once `m` is taken, the
    /// naturals held twice before being `twice` (at most two copies of each: the others
    /// are gone).
    fn after(&self, m: &ValuedMeld, cand: u128, twice: u64) -> u128 {
        let mut gone = m.mask & NATURALS & !twice;
        let mut cand = cand;
        while gone != 0 {
            cand &= !self.need[gone.trailing_zeros() as usize];
            gone &= gone - 1;
        }
        cand
    }
}

/// Takes `m`'s cards from `counts`, all there.
fn take_held(m: &ValuedMeld, counts: &mut [u8; 53]) {
    let mut naturals = m.mask & NATURALS;
    while naturals != 0 {
        counts[naturals.trailing_zeros() as usize] -= 1;
        naturals &= naturals - 1;
    }
    counts[52] -= m.jokers;
}

/// Gives `m`'s cards back to `counts`.
fn put_back(m: &ValuedMeld, counts: &mut [u8; 53]) {
    let mut naturals = m.mask & NATURALS;
    while naturals != 0 {
        counts[naturals.trailing_zeros() as usize] += 1;
        naturals &= naturals - 1;
    }
    counts[52] += m.jokers;
}

/// Two cards or more of the faces `mask` in `counts`.
pub(super) fn two_of(mask: u64, counts: &[u8; 53]) -> bool {
    let mut bits = mask;
    let mut n = 0;
    while bits != 0 {
        n += counts[bits.trailing_zeros() as usize];
        if n >= 2 {
            return true;
        }
        bits &= bits - 1;
    }
    false
}

/// The node of [`combos`]' walk by [`MeldBits`] after `melds[start]` (the last meld of
/// `chosen`): `cand` the melds whose naturals are still held; `walk` the bits, the
/// naturals held twice, and the skipping flags of [`combos`].
#[allow(clippy::too_many_arguments)]
fn go_bits(
    melds: &[ValuedMeld],
    (bits, twice, stuck, every, alive): (&MeldBits, u64, &[u64], bool, bool),
    start: usize,
    counts: &mut [u8; 53],
    cand: u128,
    chosen: &mut Vec<usize>,
    used: usize,
    value: u32,
    visit: &mut Visit<'_>,
) {
    let alive = alive && !stuck.get(start).is_some_and(|&mask| two_of(mask, counts));
    if !alive && !every {
        return;
    }
    visit(chosen, used, value, counts, alive);
    // The melds from `start` on whose naturals are held and jokers enough.
    let mut next = cand & !bits.jokers_over(counts[52]) & (u128::MAX << start);
    while next != 0 {
        let i = next.trailing_zeros() as usize;
        next &= next - 1;
        let m = &melds[i];
        take_held(m, counts);
        chosen.push(i);
        let walk = (bits, twice & !m.mask, stuck, every, alive);
        let child = bits.after(m, cand, twice);
        go_bits(melds, walk, i, counts, child, chosen, used + m.faces().len(), value + m.value, visit);
        chosen.pop();
        put_back(m, counts);
    }
}
