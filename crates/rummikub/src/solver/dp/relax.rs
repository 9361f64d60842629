//! The per-colour relaxation that bounds what a state can still add.

use super::decisions::Decisions;
use super::key::{COLOUR_BITS, GAMMA_SHIFT, jokers_of};
use super::*;
use crate::solver::groups::{MAX_COPIES, joker_masks};
use crate::solver::paged::Paged;

/// The score of placing every optional natural that fits in some meld at all: in a run
/// (three consecutive numbers of its colour, the gaps filled by jokers) or a group (two
/// other colours at its number, or jokers in their place). Bounds every play's score.
#[inline]
pub(super) fn rest_total(counts: &Counts, params: Params) -> u32 {
    let jokers = u32::from(counts.fixed_jokers + counts.optional_jokers);
    let here = |c: usize, i: usize| counts.fixed[c][i] + counts.optional[c][i] > 0;
    let mut total = 0;
    for (c, row) in counts.optional.iter().enumerate() {
        for (i, &r) in row.iter().enumerate() {
            if r == 0 {
                continue;
            }
            let run = (i.saturating_sub(2)..=i.min(10))
                .any(|s| (s..s + 3).filter(|&k| !here(c, k)).count() as u32 <= jokers);
            let group = (0..4).filter(|&o| o != c && here(o, i)).count() as u32 + jokers >= 2;
            if run || group {
                let n = if params.mirror { 13 - i as u32 } else { i as u32 + 1 };
                total += u32::from(r) * one_tile(params.objective, n);
            }
        }
    }
    total
}

/// A bound that marks "no completion". Any negative bound means none: sums with it stay
/// negative (every score is below 2^28), so bounds combine without branches.
const NONE: i32 = -(1 << 29);

/// A bound per joker budget `0..=MAX_JOKERS` (budgets above the position's jokers are
/// never read).
type Budgets = [i32; JLEFT as usize];

/// The other colours' bound ([`Relax::others`]) behind `JLEFT - 1` impossible budgets
/// ([`NONE`]): the budgets a colour's row leaves to them, `j - b` for every `b` up to
/// all its `JLEFT` budgets, are then a window of it, those of `b > j` impossible, so
/// [`Relax::estimate`] combines the two in a loop of fixed length without a branch.
pub(super) type Others = [i32; 2 * JLEFT as usize - 1];

/// The per-colour relaxation: every colour on its own, with every joker still left at
/// its disposal, and groups relaxed to a cap on how many naturals of a tile any
/// solution can send to groups (each group needs two more tiles of other colours or
/// jokers). Its optimum from a state on (memoised) bounds what the exact program can
/// still add from that state, and `NONE` says no completion exists (a fixed tile no run
/// or group can take), which drops the state at once.
#[derive(Debug, Clone, Default)]
pub(super) struct Relax {
    on: bool,
    counts: Counts,
    objective: Objective,
    core: bool,
    jmax: u32,
    /// `gcap[colour][number - 1]`: most naturals of that tile any solution puts in groups.
    gcap: [[u32; 13]; 4],
    /// `gjokers[colour][number - 1]`: the jokers charged for sending 0..=3 naturals of
    /// that tile to groups, 3 bits each (see [`charge`]).
    gjokers: [[u32; 13]; 4],
    /// Fewest jokers per `(pending group naturals, step)`, paged by the first (see
    /// `pending`).
    pend: Paged<u8, LAYERS>,
    /// The same fewest jokers per shape, as [`Relax::compute_pending`] works them out
    /// ([`pending_shape`]: core mode, the later colours' naturals at the number, the
    /// naturals sent): a function of these alone, so kept across positions. Empty until
    /// first needed, then [`UNSEEN`] where not worked out yet.
    pend_shapes: Vec<u8>,
    /// The bound per joker budget per `(packed runs, colour, number)`, paged by the runs
    /// (see [`ROW_PAGE`]). Kept across positions: a row holds from the stamp in `since`
    /// on.
    pub(super) rows: Paged<Budgets, ROW_PAGE>,
    /// What a colour's rows depend on besides `rows_for`, per colour and number: its
    /// fixed and optional naturals there, the group cap and the group jokers charged
    /// there (see [`Relax::signature`]). A row from number `m` on reads only numbers
    /// `m..=13`.
    sig: [[u32; 13]; 4],
    /// The jokers, objective, core mode and direction the rows were computed under.
    rows_for: Option<(u32, Objective, bool, bool)>,
    /// `since[colour][m - 1]`: the stamp of `rows` from which that colour's rows from
    /// number `m` on still hold (the last position since which nothing they read
    /// changed). A player's next position, or the same rack at a changed table, mostly
    /// differs in a few tiles: the rows of the numbers above the highest change (the
    /// whole colour where none changed) stay, and the root's bound, which reads every
    /// row reachable from the start, is computed again only below it.
    pub(super) since: [[u32; 13]; 4],
    /// `(stamp, tag, bound)`: [`Relax::others`] by the other colours' runs, number and
    /// colour; direct-mapped, of a power of two entries that grows with the positions
    /// solved, up to 2^[`OTHERS_BITS`].
    others: Vec<(u32, u64, Budgets)>,
    /// Entries written in `others` under the current stamp: it doubles when they reach
    /// half its size.
    others_written: usize,
    /// 64 minus the bits of the size of `others`: the shift that makes a hash its slot.
    others_shift: u32,
    /// The stamp of the entries of `others` in use.
    stamp: u32,
}

/// Rows per page of [`Relax::rows`]: per colour, numbers 1..=13 and the end of the
/// sweep ("number 14", where a row only says whether every short run has ended), stored
/// like the others so that a look-up does not first ask whether it is at the end (which
/// of the three other colours' rows [`Relax::others`] reads there depends on the state).
const ROW_PAGE: usize = 4 * 14;

/// Largest size of the [`Relax::others`] cache: 2^12 entries (160 KB per sweep
/// direction). Indexed by a hash, it is touched all over by a solve, so a fresh
/// solver's first solve takes a page fault for each of its pages: at 2^14 entries that
/// was 256 of the bench's first position's ~600 faults (2.1 ms, against 0.26 ms warm);
/// 2^12 costs under 1 % more instructions on the hardest bench positions (2^11 once
/// cost 3 %).
const OTHERS_BITS: u32 = 12;

/// Size of a fresh solver's [`Relax::others`] cache (40 KB). Over games 1–20 of
/// `benches/playout.rs` (bots made per game) 382.9 M instructions, against 386.5 M
/// starting at 2^8 (more misses while it grows) and 387.8 M at 2^12 (a fresh solver
/// zeroes all of it).
const OTHERS_START_BITS: u32 = 10;

impl Relax {
    /// Prepares the relaxation of `counts` (switched off if `!on`) and gives back its
    /// optimum (the natural score, without the tie-break bits) or `None` if the fixed
    /// tiles cannot be laid out even in the relaxation.
    #[inline]
    pub(super) fn init(
        &mut self,
        dec: &mut Decisions,
        counts: &Counts,
        params: Params,
        on: bool,
    ) -> Option<u32> {
        self.on = on;
        if !on {
            return Some(u32::MAX >> 2);
        }
        self.counts = counts.clone();
        self.objective = params.objective;
        self.core = params.core;
        self.jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        for i in 0..13 {
            let have: [u32; 4] =
                core::array::from_fn(|c| u32::from(counts.fixed[c][i] + counts.optional[c][i]));
            debug_assert!(have.iter().all(|&h| h <= 3), "at most three of a face: {have:?}");
            let total: u32 = have.iter().sum();
            let shape = have.iter().rev().fold(0, |s, &h| s << 2 | h.min(3) as usize);
            for c in 0..4 {
                self.gcap[c][i] = have[c].min((total - have[c] + self.jmax) / 2);
                self.gjokers[c][i] = u32::from(CHARGES[shape][c]);
            }
        }
        self.rows.clear();
        self.share_rows(counts, params);
        self.pend.clear();
        if self.others.is_empty() {
            self.others = vec![(0, 0, [0; JLEFT as usize]); 1 << OTHERS_START_BITS];
            self.others_shift = 64 - OTHERS_START_BITS;
        }
        self.others_written = 0;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.others.fill((0, 0, [0; JLEFT as usize]));
            self.stamp = 1;
        }
        let j = self.jmax;
        // Every colour before number 1: colours 0..3 "after number 0", colour 3 at 1.
        let others = self.others(dec, 0, 0, 3, j)?;
        let row = self.row(dec, 3, 1, 0);
        let pad = JLEFT as usize - 1;
        let best = (0..=j as usize).map(|b| row[b] + others[pad + j as usize - b]).max()?;
        u32::try_from(best).ok()
    }

    /// What colour `c`'s rows read at number index `i` (besides `rows_for`): the fixed
    /// and optional naturals (the next number's are the next index's), the group cap
    /// and the group jokers charged, of these only the charges for at most the cap
    /// ([`Decisions::relaxed`] keeps no decision sending more): the charges depend on
    /// the other colours' tiles there, which change far more often than what a colour
    /// with one natural or none of a number can send to its groups.
    fn signature(&self, counts: &Counts, c: usize, i: usize) -> u32 {
        let cap = self.gcap[c][i];
        let charged = self.gjokers[c][i] & ((1 << (3 * (cap + 1))) - 1);
        u32::from(counts.fixed[c][i]) | u32::from(counts.optional[c][i]) << 4 | cap << 8 | charged << 12
    }

    /// After [`Paged::clear`] of `rows`: keeps the rows that read nothing changed since
    /// they were computed ([`Relax::since`]), forgets the others.
    fn share_rows(&mut self, counts: &Counts, params: Params) {
        let stamp = self.rows.stamp();
        let now = (self.jmax, self.objective, self.core, params.mirror);
        // Stamp 1: the stamp wrapped round and every entry is gone (a fresh table has no
        // `rows_for` yet).
        let all = stamp == 1 || self.rows_for != Some(now);
        self.rows_for = Some(now);
        for c in 0..4 {
            let mut top = None;
            for i in 0..13 {
                let sig = self.signature(counts, c, i);
                if sig != self.sig[c][i] {
                    self.sig[c][i] = sig;
                    top = Some(i);
                }
            }
            let top = if all { Some(12) } else { top };
            if let Some(top) = top {
                self.since[c][..=top].fill(stamp);
            }
        }
    }

    /// Fewest jokers with which the naturals sent to groups at number `n` by colours
    /// `0..=c` (`g`: how many colours sent one, two, three) and any naturals of the later
    /// colours there form groups; `u8::MAX` if none.
    #[inline(always)]
    pub(super) fn pending(&mut self, n: u32, c: usize, g: usize) -> u8 {
        let at = (n as usize - 1) * 4 + c;
        if let Some(&v) = self.pend.get(g, at) {
            return v;
        }
        self.compute_pending(n, c, g, at)
    }

    /// [`Relax::pending`] when it is not known yet for this position (kept apart so
    /// that the look-up, which almost every call is, inlines: out of line, its
    /// prologue alone was a quarter of a heavy solve's calls to it).
    #[inline(never)]
    fn compute_pending(&mut self, n: u32, c: usize, g: usize, at: usize) -> u8 {
        let masks = joker_masks(self.core);
        let i = n as usize - 1;
        let have = |cc: usize| {
            if cc > c && cc < 4 {
                u32::from(self.counts.fixed[cc][i] + self.counts.optional[cc][i]).min(MAX_COPIES as u32)
            } else {
                0
            }
        };
        let (h1, h2, h3) = (have(c + 1), have(c + 2), have(c + 3));
        let shape = pending_shape(self.core, [h1, h2, h3], g);
        if self.pend_shapes.is_empty() {
            self.pend_shapes = vec![UNSEEN; PENDING_SHAPES];
        }
        let known = self.pend_shapes[shape];
        if known != UNSEEN {
            self.pend.set(g, at, known);
            return known;
        }
        let mut fewest = u8::MAX;
        for x in 0..=h1 {
            for y in 0..=h2 {
                for z in 0..=h3 {
                    let mut m = [g as u32 & 7, (g as u32 >> 3) & 7, (g as u32 >> 6) & 7];
                    for a in [x, y, z] {
                        if a > 0 {
                            m[a as usize - 1] += 1;
                        }
                    }
                    if m.iter().sum::<u32>() > 4 {
                        continue;
                    }
                    let mask = masks[(m[0] * 25 + m[1] * 5 + m[2]) as usize];
                    if mask != 0 {
                        fewest = fewest.min(mask.trailing_zeros() as u8);
                    }
                }
            }
        }
        self.pend_shapes[shape] = fewest;
        self.pend.set(g, at, fewest);
        fewest
    }

    /// Colour `c`'s bound from number `m` on with open runs `runs` (packed as in the
    /// key), for every joker budget `0..=j`.
    #[inline]
    pub(super) fn row(&mut self, dec: &mut Decisions, c: usize, m: u32, runs: u32) -> Budgets {
        let at = c * 14 + m as usize - 1;
        if let Some(&row) = self.rows.get(runs as usize, at) {
            return row;
        }
        self.compute_row(dec, c, m, runs, at)
    }

    /// [`Relax::row`] when it is not known yet for this position (kept apart so that
    /// the look-up, which almost every call is, inlines): a row of an earlier position
    /// that still holds ([`Relax::since`]) is stamped anew, else it is computed.
    #[inline(never)]
    fn compute_row(&mut self, dec: &mut Decisions, c: usize, m: u32, runs: u32, at: usize) -> Budgets {
        if m == 14 {
            // After the last number: every short run must have ended.
            let row = [if runs & 0x3f == 0 { 0 } else { NONE }; JLEFT as usize];
            self.rows.set(runs as usize, at, row);
            return row;
        }
        if let Some(&row) = self.rows.get_since(runs as usize, at, self.since[c][m as usize - 1]) {
            self.rows.set(runs as usize, at, row);
            return row;
        }
        // The decisions with every joker available: those with fewer jokers left are the
        // same or keep fewer long runs open (which the bound can only lower), so one
        // pass serves every budget.
        let i = m as usize - 1;
        let (lo, hi) = dec.relaxed(i * 4 + c, runs, self.jmax, self.gcap[c][i], self.gjokers[c][i]);
        let unit = one_tile(self.objective, dec.look.steps[i * 4 + c].value_n) as i32;
        let mut row = [NONE; JLEFT as usize];
        // The successor's row behind `JLEFT - 1` impossible budgets: the row shifted by
        // the jokers a decision spends is a window of it, so every decision updates all
        // the budgets at once, without a branch. Budgets above `jmax` get values too
        // (from budgets that do not exist), which nothing reads: every reader stops at
        // the jokers left.
        const PAD: usize = JLEFT as usize - 1;
        let mut sub = (u16::MAX, [NONE; PAD + JLEFT as usize]);
        for k in lo..hi {
            let o = dec.bounds[k as usize];
            if o.runs != sub.0 {
                sub.0 = o.runs;
                sub.1[PAD..].copy_from_slice(&self.row(dec, c, m + 1, u32::from(o.runs)));
            }
            let spent = usize::from(o.spent).min(PAD);
            let shifted: &Budgets =
                sub.1[PAD - spent..][..JLEFT as usize].try_into().expect("a window of JLEFT");
            let d = i32::from(o.placed) * unit;
            for (r, &s) in row.iter_mut().zip(shifted) {
                *r = (*r).max(d + s);
            }
        }
        // A budget is an upper limit: more jokers never lower the bound.
        for b in 1..JLEFT as usize {
            row[b] = row[b].max(row[b - 1]);
        }
        // Keep "none" at the sentinel, so that sums of two stay far from overflow.
        let row = row.map(|v| v.max(NONE));
        self.rows.set(runs as usize, at, row);
        row
    }

    /// The bound of every colour but `c` in the state `key` (before colour `c` of number
    /// `n`), for every joker budget shared among them (the jokers of runs, and the
    /// lower bound on the jokers of groups that [`charge`] puts on each colour). `None`
    /// if they have no completion with `j` jokers.
    #[inline(always)]
    pub(super) fn others(
        &mut self,
        dec: &mut Decisions,
        key: u64,
        n: u32,
        c: usize,
        j: u32,
    ) -> Option<Others> {
        if !self.on {
            return Some([0; 2 * JLEFT as usize - 1]);
        }
        self.others_on(dec, key, n, c, j)
    }

    /// [`Relax::others`] while the relaxation is on (the caller knows it is).
    #[inline(always)]
    pub(super) fn others_on(
        &mut self,
        dec: &mut Decisions,
        key: u64,
        n: u32,
        c: usize,
        j: u32,
    ) -> Option<Others> {
        debug_assert!(self.on, "the other colours' bound read while the relaxation is off");
        // Many states of a layer (and of every pass of a run) share the other colours'
        // runs: their bound is computed once, for every budget up to all the jokers.
        let runs = key & ((1 << (4 * COLOUR_BITS)) - 1) & !(0x1ff << (c as u32 * COLOUR_BITS));
        let tag = runs | u64::from(n) << 40 | (c as u64) << 44;
        let slot = self.others_slot(tag);
        let (stamp, seen, bound) = self.others[slot];
        let acc = if stamp == self.stamp && seen == tag {
            bound
        } else {
            self.compute_others(dec, key, n, c, slot, tag)
        };
        // The bound never falls with a larger budget either: none at `j`, none below.
        let mut padded = [NONE; 2 * JLEFT as usize - 1];
        padded[JLEFT as usize - 1..].copy_from_slice(&acc);
        (acc[j as usize] >= 0).then_some(padded)
    }

    /// [`Relax::others`] when it is not cached (kept apart so that the look-up inlines).
    #[inline(never)]
    fn compute_others(
        &mut self,
        dec: &mut Decisions,
        key: u64,
        n: u32,
        c: usize,
        mut slot: usize,
        tag: u64,
    ) -> Budgets {
        // The `k`-th colour other than `c`, its row from the number it is at (the
        // colours before `c` have decided this number): arithmetic, not a loop that
        // skips `c`, whose branches depend on `c`.
        let mut row = |k: usize| {
            let cc = k + usize::from(k >= c);
            let m = n + u32::from(cc < c);
            self.row(dec, cc, m, (key >> (cc as u32 * COLOUR_BITS)) as u32 & 0x1ff)
        };
        // The first row is not convolved with the zero row: a row never falls with a
        // larger budget, so that convolution is the row itself.
        let (first, second, third) = (row(0), row(1), row(2));
        let acc = max_plus(&max_plus(&first, &second), &third);
        self.others_written += 1;
        if self.others_written * 2 > self.others.len() && self.others_shift > 64 - OTHERS_BITS {
            self.grow_others();
            slot = self.others_slot(tag);
        }
        self.others[slot] = (self.stamp, tag, acc);
        acc
    }

    /// The slot of `tag` in [`Relax::others`].
    #[inline(always)]
    fn others_slot(&self, tag: u64) -> usize {
        // The top bits of the product, as many as the size's.
        (tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.others_shift) as usize
    }

    /// Doubles [`Relax::others`], keeping its entries in use.
    #[cold]
    fn grow_others(&mut self) {
        let size = self.others.len() * 2;
        let old = core::mem::replace(&mut self.others, vec![(0, 0, [0; JLEFT as usize]); size]);
        self.others_shift -= 1;
        self.others_written = 0;
        for e in old.into_iter().filter(|e| e.0 == self.stamp) {
            let slot = self.others_slot(e.1);
            self.others[slot] = e;
            self.others_written += 1;
        }
    }

    /// Whether the relaxation is on (see [`Relax::init`]): off, [`Relax::estimate`] is
    /// the score alone and reads no target.
    pub(super) fn on(&self) -> bool {
        self.on
    }

    /// `score` plus the bound on what the state `key` (after colour `c` of number `n`)
    /// can still add, given `others` (from [`Relax::others`]); `None` if it has no
    /// completion or cannot reach `target`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn estimate(
        &mut self,
        dec: &mut Decisions,
        others: &Others,
        key: u64,
        score: u32,
        n: u32,
        c: usize,
        jmax: u32,
        target: u32,
        cut: &mut u32,
    ) -> Option<u32> {
        if !self.on {
            return Some(score);
        }
        self.estimate_on(dec, others, key, score, n, c, jmax, target, cut)
    }

    /// [`Relax::estimate`] while the relaxation is on (the caller knows it is).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn estimate_on(
        &mut self,
        dec: &mut Decisions,
        others: &Others,
        key: u64,
        score: u32,
        n: u32,
        c: usize,
        jmax: u32,
        target: u32,
        cut: &mut u32,
    ) -> Option<u32> {
        debug_assert!(self.on, "the relaxation's bound read while it is off");
        let mut j = jmax - jokers_of(key);
        if c < 3 {
            // The naturals this number's colours so far sent to groups must still be
            // able to form groups with what the later colours have here and the jokers;
            // the jokers those groups need at least are not left for the rest. (No
            // other bound counts them: the later colours are charged only for groups
            // they are the lowest colour of, which hold none of these naturals.)
            let g = (key >> GAMMA_SHIFT) as usize & 0x1ff;
            if g != 0 {
                let need = u32::from(self.pending(n, c, g));
                if need > j {
                    return None;
                }
                j -= need;
            }
        }
        let runs = (key >> (c as u32 * COLOUR_BITS)) as u32 & 0x1ff;
        let row = self.row(dec, c, n + 1, runs);
        // Budget `b` for this colour leaves `j - b` to the others, at `j + PAD - b` in
        // the padded bound (`PAD` = `JLEFT - 1`); above `j`, an impossible one. Every
        // budget in an unrolled loop: the loop of `j + 1` steps ended at a branch that
        // depends on the state. (A sum with an impossible bound stays negative.)
        let window: &Budgets = others[j as usize..][..JLEFT as usize].try_into().expect("a window of JLEFT");
        let mut best = NONE;
        for (&r, &o) in row.iter().zip(window.iter().rev()) {
            best = best.max(r + o);
        }
        if best < 0 {
            return None;
        }
        let est = score + best as u32;
        if est + ROOM_MASK >= target {
            Some(est)
        } else {
            *cut = (*cut).max(est);
            None
        }
    }
}

/// Shapes of [`Relax::pending`] told apart by [`pending_shape`].
const PENDING_SHAPES: usize = 1 << 13;

/// A shape of [`Relax::pending`] not worked out yet (fewest jokers are at most four, or
/// `u8::MAX`: none).
const UNSEEN: u8 = 0xfe;

/// What [`Relax::compute_pending`] reads, as an index below [`PENDING_SHAPES`]: core
/// mode, the later colours' naturals at the number (at most three each), and `g`, how
/// many of the colours so far sent one, two and three naturals (3 bits each as in a
/// key; at most three in all: pending groups are read before a number's last colour).
fn pending_shape(core: bool, later: [u32; 3], g: usize) -> usize {
    debug_assert!(
        later.iter().all(|&h| h <= 3) && (g & 7) + (g >> 3 & 7) + (g >> 6 & 7) <= 3,
        "{later:?} {g:o}"
    );
    let sent = (g & 3) | (g >> 3 & 3) << 2 | (g >> 6 & 3) << 4;
    let later = (later[0] << 4 | later[1] << 2 | later[2]) as usize;
    usize::from(core) << 12 | later << 6 | sent
}

/// The jokers charged to colour `c` for sending `x` naturals to groups at a number where
/// the colours hold `have` tiles: a lower bound on the jokers of the groups whose lowest
/// natural is of colour `c`. Each group is charged to its lowest colour only, so the
/// charges of all colours never exceed the jokers the groups really hold.
///
/// Each of the `x` groups holds one natural of `c`. At most `Σ min(have, x)` over the
/// lower colours hold a lower natural, so at least `m = x - that` have `c` lowest. A
/// group needs two tiles besides its natural of `c`; the higher colours give at most
/// one each per group and `min(have, m')` each in all, so `m'` such groups hold at
/// least `2m' - Σ min(have, m')` jokers (the partners can always be spread that well,
/// at most two to a group); the charge is the least of that over `m' ≥ m`.
///
/// A `const fn` (loops by hand), so that [`CHARGES`] is built at compile time.
pub(super) const fn charge(have: &[u32; 4], c: usize, x: u32) -> u32 {
    const fn min(a: u32, b: u32) -> u32 {
        if a < b { a } else { b }
    }
    let mut lower = 0;
    let mut o = 0;
    while o < c {
        lower += min(have[o], x);
        o += 1;
    }
    // The range `x - lower ..= x` is never empty.
    let mut least = u32::MAX;
    let mut m = x.saturating_sub(lower);
    while m <= x {
        let mut partners = 0;
        let mut o = c + 1;
        while o < 4 {
            partners += min(have[o], m);
            o += 1;
        }
        least = min(least, (2 * m).saturating_sub(partners));
        m += 1;
    }
    least
}

/// [`charge`] for 1, 2 and 3 naturals sent, three bits each at `3 * x` (as
/// [`Relax::init`] keeps them per colour and number), per colour and per a number's
/// counts of the four colours, two bits each, colour 0 lowest (no tile set has more
/// than three of a face). Built at compile time: computed in [`Relax::init`] for every
/// colour and number of each position, they were about 1 % of a median opened solve's
/// instructions.
pub(super) const CHARGES: [[u16; 4]; 256] = {
    let mut table = [[0u16; 4]; 256];
    let mut shape = 0;
    while shape < 256 {
        let s = shape as u32;
        let have = [s & 3, s >> 2 & 3, s >> 4 & 3, s >> 6 & 3];
        let mut c = 0;
        while c < 4 {
            let mut packed = 0;
            let mut x = 1;
            while x <= 3 {
                packed |= charge(&have, c, x) << (3 * x);
                x += 1;
            }
            table[shape][c] = packed as u16;
            c += 1;
        }
        shape += 1;
    }
    table
};

/// Max-plus convolution of two per-budget bounds (negative: impossible; the result
/// is clamped at [`NONE`]).
fn max_plus(a: &Budgets, b: &Budgets) -> Budgets {
    let mut out = [NONE; JLEFT as usize];
    for total in 0..JLEFT as usize {
        for x in 0..=total {
            out[total] = out[total].max(a[x] + b[total - x]);
        }
    }
    out
}
