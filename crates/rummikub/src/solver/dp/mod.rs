//! The dynamic program: sweep the numbers 1..13, per number colour by colour, with the
//! open runs of every colour (how many of length 1, 2 and ≥ 3), the jokers used so far
//! and, in initial-meld mode, the value laid down so far as the state.
//!
//! Each colour step decides, for the tile `(colour, number)`: how many open runs of
//! length ≥ 3 go on (the others end), how many continuing runs take a joker instead of
//! a natural, how many new runs start here (a new run starts at its first natural,
//! with 0, 1 or more jokers before it), and how many naturals go to this number's
//! groups. The last colour step of a number then checks, from a precomputed table, which
//! joker counts let those naturals form groups. Every meld gets at least one natural by construction:
//! a run starts at a natural, a group layout demands one.

use super::groups::{MAX_COPIES, joker_masks, joker_masks_packed, layout};
use super::paged::Paged;
use super::{MAX_JOKERS, Objective};
use std::sync::OnceLock;

/// Tile counts of one sub-problem: `fixed` tiles must all be used, `optional` ones may be.
#[derive(Debug, Clone, Default)]
pub(super) struct Counts {
    /// `fixed[colour][number - 1]`: tiles that must end up on the table.
    pub fixed: [[u8; 13]; 4],
    /// `optional[colour][number - 1]`: rack tiles that may be placed.
    pub optional: [[u8; 13]; 4],
    /// Jokers that must be used.
    pub fixed_jokers: u8,
    /// Rack jokers that may be placed.
    pub optional_jokers: u8,
}

impl Counts {
    /// The same tiles with every number `n` read as `14 - n`: the sweep then runs from
    /// 13 down to 1 (runs and groups are symmetric under it; see [`Params::mirror`]).
    pub fn mirrored(&self) -> Counts {
        let flip = |g: &[[u8; 13]; 4]| {
            g.map(|mut row| {
                row.reverse();
                row
            })
        };
        Counts { fixed: flip(&self.fixed), optional: flip(&self.optional), ..*self }
    }

    /// The same tiles with colour `order[k]` read as colour `k` (see [`colour_order`]).
    fn recoloured(&self, order: [usize; 4]) -> Counts {
        Counts { fixed: order.map(|c| self.fixed[c]), optional: order.map(|c| self.optional[c]), ..*self }
    }
}

/// The order in which a search decides the colours within a number: fewest tiles (fixed
/// and optional) first, ties in the given order; `order[k]` is the colour decided `k`-th.
///
/// The problem is the same in any colour order, but the search is not: a number's
/// states between its first and its last colour step are stored, and those after the
/// last are not (its groups are formed in that step, see [`Dp::colour_options`]), so
/// the colour with the most decisions is best decided last; before it, the fewer
/// tiles a colour has, the fewer states it branches into. (Measured over whole stress
/// runs in the solver history: the most tiles first costs more than the given order.)
fn colour_order(counts: &Counts) -> [usize; 4] {
    let tiles =
        |c: usize| -> u32 { counts.fixed[c].iter().chain(&counts.optional[c]).map(|&n| u32::from(n)).sum() };
    let mut order = [0, 1, 2, 3];
    order.sort_by_key(|&c| tiles(c));
    order
}

/// The parameters of one DP run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Params {
    pub objective: Objective,
    pub joker_value: u32,
    /// Initial-meld mode: track the represented value and demand at least this much.
    pub threshold: Option<u32>,
    /// Initial-meld mode: what a joker counts toward the threshold, the number it
    /// represents (`true`, RULES.md §1.5 default) or nothing (`false`).
    pub joker_counts: bool,
    /// Solve the *core* relaxation: jokers only where none could be taken away (inside
    /// runs, padding a short run or group to three); every other joker is counted as
    /// placed and must then find room (see `mod.rs`).
    pub core: bool,
    /// The counts are [`Counts::mirrored`]: step `n` holds the tiles numbered `14 - n`,
    /// and scores count them at that number. Opened mode only (the value of a joker
    /// before a run's first natural is read in the forward direction).
    pub mirror: bool,
}

/// States each sweep's exact pass may process in the first round of [`Dp::race`], and
/// the factor by which that limit grows every round.
pub(super) const RACE_LIMIT: usize = 24_576;
const RACE_GROWTH: usize = 3;

/// States the lead sweep's beams may hold (counting the next beam's likely size)
/// before the other sweep starts: most positions end within them, and pay nothing for
/// the second direction. Chosen on the bench positions (callgrind, the 21 hardest):
/// 2048 makes the slowest 35 % slower, 6144 8 %.
const HEAD_START: usize = 4096;

/// From which beam stage (the 128-wide one) a sweep first tries the exact pass that
/// looks for anything better than the best play, whatever its last beam found, and how
/// many times the cheaper sweep's last beam's states that pass may hold at least.
/// (Before, only after a beam that had found a better play: on the slowest positions
/// the later beams then held tens of thousands of states that found nothing, where the
/// pass would have refuted them with a few thousand. Before every 32-wide beam too: 5 %
/// more instructions over a whole stress run, and a higher p99.)
const EXACT_FROM: usize = 3;
const EXACT_TRY: usize = 4;

/// An exact try may also hold this many times the states all beams of both sweeps have
/// held so far: tries given up are held and resumed (see [`Held`]), so beams and the
/// pass share the work as in a race, and whichever strategy suits the position is at
/// most a small factor behind (2 and 3 within 1 % over two stress runs of 10,000
/// positions; without it a resumed try often gave up at once, its pass already larger
/// than a few times the last beam).
const TRY_SHARE: usize = 2;

/// The beam stage (the widest) before which, once the least bound known is one unit
/// above the best play, a sweep first tries the pass that looks for anything better,
/// given up beyond `CLOSE_TRY` times its last beam's states (see [`Dp::search`]).
const CLOSE_FROM: usize = 4;
const CLOSE_TRY: usize = 8;

/// How many times the states of the other sweep's beams a sweep's beams may hold
/// before the other runs, whatever their plays (3: 4 % fewer instructions than 2 on the
/// 21 hardest bench positions).
const FAIR: usize = 3;

/// A run given up because it processed more states than its limit allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Exhausted {
    /// The layers it had completed.
    layers: usize,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    score: u32,
    /// `score` plus the relaxation's bound on what the rest can add (beam ranking).
    est: u32,
    parent: u32,
    choice: u32,
}

/// Where the last colour step of a number stores the jokers given to its groups.
pub(super) const GROUP_JOKER_SHIFT: u32 = 27;

/// Entries a pass has room for from the start (48 KB).
const ENTRIES_START: usize = 2048;

/// Colour steps of a pass: 13 numbers × 4 colours.
const LAYERS: usize = 52;

/// Marks a state that another state of its layer dominates.
const DEAD: u32 = u32::MAX;

// Key layout.
const COLOUR_BITS: u32 = 9;
const J_SHIFT: u32 = 36;
const GAMMA_SHIFT: u32 = 39;
const VALUE_SHIFT: u32 = 48;
/// What a colour sending 0, 1, 2 or 3 naturals to the number's groups adds to a key:
/// one to the count of colours sending that many (none for 0).
const GAMMA_ADD: [u64; MAX_COPIES + 1] =
    [0, 1 << GAMMA_SHIFT, 1 << (GAMMA_SHIFT + 3), 1 << (GAMMA_SHIFT + 6)];

/// Largest value tracked (more than the whole 160-tile set is worth).
const VALUE_CAP: u32 = 4095;

/// The lowest 3-bit count (runs of length one) of each colour's 9-bit field in a key.
const SHORT: u64 = 0o007_007_007_007;
/// Sums four 9-bit fields into the fourth (bits 27..36) when multiplied by.
const FIELDS: u64 = 1 | 1 << 9 | 1 << 18 | 1 << 27;

#[inline]
fn runs_of(key: u64, c: usize) -> (u32, u32, u32) {
    let v = (key >> (c as u32 * COLOUR_BITS)) as u32;
    (v & 7, (v >> 3) & 7, (v >> 6) & 7)
}

#[inline]
fn jokers_of(key: u64) -> u32 {
    ((key >> J_SHIFT) & 7) as u32
}

#[inline]
fn value_of(key: u64) -> u32 {
    ((key >> VALUE_SHIFT) & 0xfff) as u32
}

/// One colour step's decision, packed: continuing long runs, jokers extending runs,
/// plain starts, starts after one joker, starts after ≥ 2 jokers and their jokers,
/// naturals to groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Choice {
    pub k3: u32,
    pub ext_jokers: u32,
    pub s0: u32,
    pub s1: u32,
    pub big: u32,
    pub big_jokers: u32,
    pub gamma: u32,
    /// Core mode: naturals laid as a run of their own with two jokers.
    pub pad1: u32,
    /// Core mode: runs going on to length two here that end, padded with a joker.
    pub pad2: u32,
}

impl Choice {
    fn pack(self) -> u32 {
        self.k3
            | self.ext_jokers << 3
            | self.s0 << 6
            | self.s1 << 9
            | self.big << 12
            | self.big_jokers << 15
            | self.gamma << 18
            | self.pad1 << 21
            | self.pad2 << 24
    }

    fn unpack(v: u32) -> Choice {
        Choice {
            k3: v & 7,
            ext_jokers: (v >> 3) & 7,
            s0: (v >> 6) & 7,
            s1: (v >> 9) & 7,
            big: (v >> 12) & 7,
            big_jokers: (v >> 15) & 7,
            gamma: (v >> 18) & 7,
            pad1: (v >> 21) & 7,
            pad2: (v >> 24) & 7,
        }
    }
}

/// The prefix lengths (each ≥ 2, each ≤ `number - 1`) of `big` runs sharing `jokers`
/// jokers, as even as possible (that maximises the value they represent).
pub(super) fn prefixes(big: u32, jokers: u32) -> impl Iterator<Item = u32> {
    (0..big).map(move |i| jokers / big + u32::from(i < jokers % big))
}

/// The value represented by `len` jokers standing just below `number`.
fn prefix_value(number: u32, len: u32) -> u32 {
    len * number - len * (len + 1) / 2
}

/// The optimum found by [`Dp::run`].
#[derive(Debug, Clone)]
pub(super) struct Optimum {
    /// Per step (13 numbers × (4 colours + groups)) the packed decision.
    pub choices: Vec<u32>,
    /// Jokers used in total (core mode: in the core, padding at the end included).
    pub jokers: u32,
    /// The packed score of the naturals placed.
    pub score: u32,
}

impl Optimum {
    /// Decisions made over counts [`Counts::recoloured`] by `order`, put back in the
    /// colours as given: colour `order[k]`'s decision is the `k`-th of each number, and
    /// the jokers of a number's groups, stored with the last colour decided, go with
    /// the last colour.
    fn recolour(&mut self, order: [usize; 4]) {
        let groups = 7 << GROUP_JOKER_SHIFT;
        for number in self.choices.chunks_exact_mut(4) {
            let inner: [u32; 4] = number.try_into().expect("four colour steps");
            for (k, &c) in order.iter().enumerate() {
                number[c] = inner[k] & !groups;
            }
            number[3] |= inner[3] & groups;
        }
    }
}

/// The reusable DP: layer storage and the hash index.
#[derive(Debug, Default, Clone)]
pub(super) struct Dp {
    entries: Vec<Entry>,
    layer_start: Vec<usize>,
    slots: Vec<u32>,
    /// The hash index in use is `slots[..=mask]`.
    mask: usize,
    /// The number of entries at which the index in use is half full and grows.
    grow_at: usize,
    /// The newest layer's first entry: a slot holding this or less (an entry plus one)
    /// is empty, as the index is not cleared between the layers of a pass.
    base: u32,
    /// How many leading slots may hold a value other than 0.
    dirty: usize,
    /// The largest value a slot may hold: once it is above a new layer's first entry
    /// (a new pass, or another pass's entries swapped in), the index is cleared.
    high: usize,
    /// The colour decisions of every step, generated once per run.
    dec: Decisions,
    /// A beam pass dropped states (so its answer is only a bound).
    truncated: bool,
    /// The highest estimate of a state the pass in progress dropped for it: below its
    /// target, or (a beam) below its width's cut; 0 if none. See [`Dp::refuted`].
    cut: u32,
    /// The per-colour relaxation that bounds every state's completion.
    relax: Relax,
    /// Ranks of the states of a layer (beam mode), and a copy to select the cut in;
    /// buffers kept between layers.
    ranks: Vec<u64>,
    select: Vec<u64>,
    /// The states of a layer not yet looked up for dominance (beam mode), with their
    /// ranks; kept between layers.
    pool: Vec<(u64, u32)>,
    /// Tests: use tiny beams, so that the exact stages after them run.
    pub narrow: bool,
    /// The decisions and relaxation of the sweep direction not in use (a search may
    /// alternate between the two; each keeps its own tables).
    parked: Box<Parked>,
    /// `dec` and `relax` belong to the mirrored direction (see [`Dp::face`]).
    facing_mirror: bool,
    /// The exact pass `entries` hold was given up under this target (see [`Held`]).
    given_up: Option<u32>,
    /// An exact pass given up earlier in this sweep, kept to be resumed.
    held: Held,
}

/// An exact pass of a sweep given up before its end (over its state limit) and set
/// aside when the sweep ran something else: a later pass under the same target or a
/// higher one goes on from it instead of starting afresh ([`Dp::begin_pass`]; each
/// search forgets it, see [`Dp::search`]).
#[derive(Debug, Clone, Default)]
struct Held {
    /// Its target, if any pass is held.
    bound: Option<u32>,
    entries: Vec<Entry>,
    layer_start: Vec<usize>,
    cut: u32,
}

/// The working tables of one sweep direction, parked while the other is in use: its
/// decision look-up, its relaxation, and its pass in progress (so that a race can resume
/// a pass it gave up, see [`Dp::race`]).
#[derive(Debug, Clone, Default)]
struct Parked {
    look: Lookup,
    relax: Relax,
    entries: Vec<Entry>,
    layer_start: Vec<usize>,
    truncated: bool,
    cut: u32,
    given_up: Option<u32>,
    held: Held,
}

/// One sweep direction of a search: the counts as that direction reads them (as given,
/// or [`Counts::mirrored`]) and its parameters.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sweep<'a> {
    pub counts: &'a Counts,
    pub params: Params,
}

/// What one pass of the DP keeps: with `beam`, only that many best states per layer (a
/// heuristic, for a lower bound); only states that can still reach `bound` (a score
/// some play reaches, or a target).
#[derive(Debug, Clone, Copy)]
struct Pass {
    beam: Option<usize>,
    bound: u32,
}

impl Pass {
    /// The plain exact program: every state, no target.
    const EXACT: Pass = Pass { beam: None, bound: 0 };
}

/// What a search knows so far: the best play found (and the sweep that found it), the
/// best score per sweep, and the bounds no play can beat.
#[derive(Debug, Default)]
struct Progress {
    best: Option<(Optimum, usize)>,
    /// The best score found in either sweep, which some play reaches.
    low: u32,
    /// The best score found per sweep (which sweep goes first in a stage).
    own: [u32; 2],
    /// The relaxation's optimum (the smallest over the sweeps that computed it), and
    /// whether each sweep's relaxation is on.
    upper: u32,
    relaxed: [bool; 2],
    /// Every optional tile that fits anywhere placed ([`rest_total`]).
    rest: u32,
    /// States each sweep's passes have held in all (its beams and the exact tries it gave
    /// up), and those of its last beam.
    spent: [usize; 2],
    last: [usize; 2],
    /// States each beam stage of each sweep held (0: not run).
    stages: [[usize; BEAMS.len()]; 2],
    /// The second sweep's tables are set up for this position.
    opened: bool,
    /// The least of the bounds the guided beams' cuts put on every play
    /// ([`Dp::refuted`]; `u32::MAX` before the first).
    cap: u32,
    /// Only plays scoring at least this much are wanted ([`Dp::search`]; 0: any).
    floor: u32,
}

impl Progress {
    fn offer(&mut self, found: Option<Optimum>, sweep: usize) {
        if let Some(o) = found {
            self.own[sweep] = self.own[sweep].max(o.score);
            if self.best.is_none() || o.score > self.low {
                self.low = o.score;
                self.best = Some((o, sweep));
            }
        }
    }

    /// The target of a pass that only keeps states that could still beat the best play
    /// found (ignoring the room tie-break): [`Relax::estimate`] keeps a state if its
    /// estimate plus [`ROOM_MASK`] reaches the target, so the estimate's high part must
    /// exceed the best score's. A pass that never has to drop a state under it finds
    /// either a better play or none, which proves the best one optimal.
    fn beat(&self) -> u32 {
        if self.best.is_some() { (self.low | ROOM_MASK) + ROOM_MASK + 1 } else { 0 }
    }

    /// The sweep whose next beam runs (`next`: each sweep's next beam stage), or `None`
    /// once every sweep has run them all: the lead while its next beam is likely to stay
    /// within [`HEAD_START`] states in all (its last beam's states scaled by the width),
    /// then the sweep with the better play so far (one that has not run first), unless
    /// its beams have held more than [`FAIR`] times the other's states.
    fn pick(&self, next: [usize; 2], sweeps: usize, beams: &[usize]) -> Option<usize> {
        let live = |i: usize| i < sweeps && next[i] < beams.len();
        let ahead =
            if next[0] > 0 && live(0) { self.last[0] * beams[next[0]] / beams[next[0] - 1] } else { 0 };
        if live(0) && (sweeps == 1 || self.spent[0] + ahead <= HEAD_START) {
            return Some(0);
        }
        if live(0) && live(1) {
            let (a, b) = (self.spent[0], self.spent[1]);
            let rank = |i: usize| if self.spent[i] == 0 { u32::MAX } else { self.own[i] & !ROOM_MASK };
            return Some(if a > FAIR * b || (b <= FAIR * a && rank(1) > rank(0)) { 1 } else { 0 });
        }
        (0..sweeps).find(|&i| live(i))
    }

    /// Sweep `i`, or the other one if its relaxation is on and its beams held fewer
    /// states.
    fn cheaper(&self, i: usize) -> usize {
        let o = 1 - i;
        if self.relaxed[o] && self.lighter(o, i) { o } else { i }
    }

    /// Sweep `a`'s beams held fewer states than sweep `b`'s, compared at the widest
    /// beam both have run (beams of one width compare; the passes a sweep gave up do
    /// not, as their limits differ).
    fn lighter(&self, a: usize, b: usize) -> bool {
        let (sa, sb) = (&self.stages[a], &self.stages[b]);
        (0..sa.len()).rev().find(|&k| sa[k] > 0 && sb[k] > 0).is_some_and(|k| sa[k] < sb[k])
    }

    /// The sweeps, the one whose beams held fewer states first ([`Progress::lighter`]):
    /// a sweep's beams hold more states where its passes do too (the relaxation leaves
    /// it more), whichever sweep found the better play.
    fn order(&self, sweeps: usize) -> Vec<usize> {
        let mut order: Vec<usize> = (0..sweeps).collect();
        if sweeps == 2 && self.lighter(1, 0) {
            order.swap(0, 1);
        }
        order
    }

    /// A pass or guided beam that kept no state under `bound` ([`Dp::refuted`]) and
    /// found `found` (or nothing): no play scores more than the larger of the two.
    fn cut(&mut self, bound: u32, found: Option<&Optimum>) {
        self.cap = self.cap.min(bound.max(found.map_or(0, |o| o.score)));
    }

    /// The least bound known is at most one unit (`unit`: a tile or a value point) above
    /// the best play found.
    fn close(&self, unit: u32) -> bool {
        self.best.is_some() && self.upper.min(self.cap) / unit <= self.low / unit + 1
    }

    /// A bound shows that no play reaches the floor. The relaxation's and the rest's
    /// bounds leave out the room bits, which the floor has none of; the cuts' include
    /// them. None of them is below a play that some pass found, so this never holds
    /// while the optimum reaches the floor.
    fn hopeless(&self) -> bool {
        self.upper.min(self.rest).min(self.cap) < self.floor
    }

    /// The best play found reaches a bound: nothing can beat it.
    fn proven(&self) -> bool {
        self.best.is_some() && self.low & !ROOM_MASK >= self.upper.min(self.rest)
    }
}

impl Dp {
    /// Starts a layer whose hash index is sized for about `expected` states, at most
    /// an eighth full: whether a slot is empty decides the branches of every insert
    /// and of the dominance look-ups, which mostly look for states that are not there;
    /// in a sparse index the first slot is almost always empty, which the processor
    /// then predicts. Measured against a quarter and a half (the index growing at half
    /// full in all three): 1,500 stress positions, callgrind's branch simulation,
    /// 9.79 M mispredicted branches at a half, 8.99 M at a quarter, 8.38 M at an
    /// eighth, for +0.5 % and +6 % instructions (the wider clearing); opened-mode
    /// stress median 45–46 µs, 40–43 µs and 38.6–40.5 µs (load 3.4–5).
    ///
    /// The index is not cleared between the layers of a pass: a slot that holds an
    /// entry of an earlier layer counts as empty (`base`), so a pass clears it once,
    /// not at every layer (the clearing was 3 % of a greedy game's instructions and 9 %
    /// of the stress positions').
    fn begin_layer(&mut self, expected: usize) {
        let start = self.entries.len();
        self.layer_start.push(start);
        if self.high > start {
            self.slots[..self.dirty].fill(0);
            (self.high, self.dirty) = (0, 0);
        }
        let want = (expected * 8).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots.resize(want, 0);
        }
        self.mask = want - 1;
        self.dirty = self.dirty.max(want);
        self.base = start as u32;
        self.grow_at = start + want / 2;
    }

    /// Stores a state in the newest layer, or keeps the better of it and the one with
    /// the same key. The index holds entry positions plus one (0, or an entry of an
    /// earlier layer: an empty slot).
    #[inline]
    fn insert(&mut self, key: u64, score: u32, est: u32, parent: u32, choice: u32) {
        // At most half the slots in use (the layer's first entry is at `grow_at` minus
        // half the slots).
        if self.entries.len() >= self.grow_at {
            self.grow();
        }
        let (mask, base) = (self.mask, self.base);
        let slots = &mut self.slots[..=mask];
        let mut h = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
        loop {
            let s = slots[h];
            if s <= base {
                slots[h] = self.entries.len() as u32 + 1;
                self.entries.push(Entry { key, score, est, parent, choice });
                return;
            }
            let e = &mut self.entries[s as usize - 1];
            if e.key == key {
                if score > e.score {
                    *e = Entry { key, score, est, parent, choice };
                }
                return;
            }
            h = (h + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self) {
        let start = *self.layer_start.last().unwrap_or(&0);
        let size = (self.mask + 1) * 2;
        if self.slots.len() < size {
            self.slots.resize(size, 0);
        }
        self.mask = size - 1;
        self.grow_at = start + size / 2;
        self.dirty = self.dirty.max(size);
        let slots = &mut self.slots[..size];
        slots.fill(0);
        let mask = self.mask;
        for (i, e) in self.entries.iter().enumerate().skip(start) {
            let mut h = (e.key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
            while slots[h] != 0 {
                h = (h + 1) & mask;
            }
            slots[h] = i as u32 + 1;
        }
    }

    /// The entry of `key` in the newest layer.
    #[inline]
    fn find(&self, key: u64) -> Option<&Entry> {
        let (mask, base) = (self.mask, self.base);
        let slots = &self.slots[..=mask];
        let mut h = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
        loop {
            let s = slots[h];
            if s <= base {
                return None;
            }
            let e = &self.entries[s as usize - 1];
            if e.key == key {
                return Some(e);
            }
            h = (h + 1) & mask;
        }
    }

    /// Marks the states of the newest layer that another state of it dominates: as good
    /// a score with a run one step longer (a longer run has fewer obligations and the
    /// same options), one more long run open (it may simply end), or, in core mode,
    /// fewer jokers spent (every joker counts as placed there, so a spare one is only
    /// more freedom).
    ///
    /// Only the neighbours in colour `colour`, the one the layer just decided, are
    /// looked up: states that differ in another colour came from parents that the
    /// previous layers already compared, so those look-ups rarely find anything
    /// (the check is an optimisation, not needed for exactness; −10 % instructions over
    /// the bench positions).
    ///
    /// Gives back how many states of the layer are left.
    #[inline(always)]
    fn prune(&mut self, core: bool, colour: usize) -> usize {
        let start = *self.layer_start.last().unwrap_or(&0);
        let mut live = self.entries.len() - start;
        if live < 2 {
            // No other state to be dominated by.
            return live;
        }
        for i in start..self.entries.len() {
            if self.dominated(i, core, colour) {
                self.entries[i].choice = DEAD;
                live -= 1;
            }
        }
        live
    }

    /// Whether another state of the newest layer dominates entry `i` ([`Dp::prune`]),
    /// looked up among its neighbours in colour `colour`. Marks are not read, so the
    /// answer does not depend on which states were looked up before.
    #[inline(always)]
    fn dominated(&self, i: usize, core: bool, colour: usize) -> bool {
        let Entry { key, score, .. } = self.entries[i];
        let dominated = |b: u64| self.find(b).is_some_and(|e| e.score >= score);
        // The neighbours by key arithmetic on the colour's three 3-bit counts.
        let shift = colour as u32 * COLOUR_BITS;
        let (a1, a2, a3) = runs_of(key, colour);
        let (one, two, three) = (1u64 << shift, 1u64 << (shift + 3), 1u64 << (shift + 6));
        // The run of one grown to two first, then (core mode) one joker fewer spent:
        // in this order the chain looks up and mispredicts less (−0.4 % instructions,
        // −1.3 % mispredicted branches over stress solves, −0.2 % and −0.5 % over
        // greedy games).
        (a1 > 0 && a2 < 7 && dominated(key - one + two))
            || (core && jokers_of(key) > 0 && dominated(key - (1 << J_SHIFT)))
            || (a3 < 7 && (dominated(key + three) || (a2 > 0 && dominated(key - two + three))))
    }

    /// Beam mode: marks the dominated states of the newest layer ([`Dp::prune`]) and all
    /// but the `width` best of the others: by their estimate in whole units of the
    /// objective (tiles, or value points), then fewer jokers spent, then fewer short runs
    /// open, then score.
    ///
    /// The estimate's part below a unit (the value of the tiles under objective tiles,
    /// the tie-break bits) says nothing about whether a state can still be completed,
    /// and ranking by it filled the beams with states that promised the most and had
    /// spent their jokers; the slow positions are those where the beams then died out
    /// at the high numbers. Spare jokers keep more completions open, and a short run is
    /// an obligation at the next number. (Instruction counts in the solver history.)
    ///
    /// The same states are kept, in the same order, as by [`Dp::prune`] over the whole
    /// layer followed by the cut, but dominance is looked up only where it decides
    /// something: for the states ranked high enough to be kept, best first, until
    /// `width` are found that are not dominated and one more (without it the beam
    /// would be exact), and for the best estimate the cut drops ([`Dp::refuted`]). The
    /// look-ups are a search of the layer's index each, whose outcome the processor
    /// cannot predict, and the narrow beams of most solves hold several times their
    /// width before the cut. Most layers of the narrow beams hold no more than their
    /// width: then every state is looked up, as without a beam.
    fn keep_best(&mut self, width: usize, core: bool, colour: usize) {
        let start = *self.layer_start.last().unwrap_or(&0);
        if self.entries.len() - start <= width {
            self.prune(core, colour);
            return;
        }
        // Initial melds: among states as good, those nearer the threshold first.
        let track = self.dec.track_value;
        let shift = match self.dec.look.steps.first().map(|s| s.objective) {
            Some(Objective::Value) => 14,
            _ => 17,
        };
        let rank = |e: &Entry| {
            let j = u64::from(7 - jokers_of(e.key));
            if track {
                u64::from(e.est) << 35
                    | u64::from(value_of(e.key)) << 23
                    | j << 20
                    | u64::from(e.score & 0xf_ffff)
            } else {
                // The short runs of the four colours: each colour's two low 3-bit
                // counts added in place, then the four 9-bit fields summed by a multiply.
                let short = ((e.key & SHORT) + (e.key >> 3 & SHORT)).wrapping_mul(FIELDS) >> 27 & 0x1ff;
                u64::from(e.est >> shift) << 40
                    | j << 37
                    | (31 - short.min(31)) << 32
                    | u64::from(e.score >> 3)
            }
        };
        // Every state's rank once, in layer order (every one counts at least 3 jokers
        // left, so 0 is below them all: it marks a dominated state), and the states not
        // looked up yet, `pool[checked..]`, with their ranks.
        let mut ranks = core::mem::take(&mut self.ranks);
        ranks.clear();
        ranks.extend(self.entries[start..].iter().map(rank));
        let mut pool = core::mem::take(&mut self.pool);
        pool.clear();
        pool.extend(ranks.iter().zip(0..).map(|(&r, i)| (r, i)));
        let mut live = core::mem::take(&mut self.select);
        live.clear();
        // Looked up in batches, best first: each the states ranked at least as high as
        // the one that would complete `width + 1` states not dominated, ties included.
        // Every state ranked at or above `lowest` is looked up, no other. A layer of at
        // most twice the width is looked up in one batch, as most of it would be anyway
        // (the order would cost more than the look-ups it saves).
        let (mut checked, mut lowest) = (0, 1);
        while live.len() <= width && checked < pool.len() {
            let need = width + 1 - live.len();
            let rest = &mut pool[checked..];
            let mut batch = rest.len();
            lowest = 1;
            if need < rest.len() && 2 * width < ranks.len() {
                let (_, &mut (t, _), _) = rest.select_nth_unstable_by(need - 1, |a, b| b.0.cmp(&a.0));
                // Ties with the last one selected join the batch.
                batch = need;
                for k in need..rest.len() {
                    if rest[k].0 == t {
                        rest.swap(batch, k);
                        batch += 1;
                    }
                }
                lowest = t;
            }
            for &(r, i) in &pool[checked..checked + batch] {
                if self.dominated(start + i as usize, core, colour) {
                    ranks[i as usize] = 0;
                } else {
                    live.push(r);
                }
            }
            checked += batch;
        }
        if live.len() <= width {
            // Every state looked up, and no more than `width` left: all kept.
            for (e, &r) in self.entries[start..].iter_mut().zip(&ranks) {
                e.choice |= u32::from(r == 0).wrapping_neg();
            }
        } else {
            self.truncated = true;
            // More than `width` states not dominated, so the cut is one of their ranks,
            // and every state ranked at the cut or above has been looked up.
            let cut = if live.len() == width + 1 {
                // Mostly: the batches found one more than the width, and the cut is the
                // second lowest of them, found without a branch.
                let (mut low, mut second) = (u64::MAX, u64::MAX);
                for &r in &live {
                    second = second.min(r.max(low));
                    low = low.min(r);
                }
                second
            } else {
                *live.select_nth_unstable_by(width - 1, |a, b| b.cmp(a)).1
            };
            let mut kept = 0;
            let mut dropped = self.cut;
            // The best estimate among the states not looked up (ranked below `lowest`; a
            // dominated one, ranked 0, is found out by its look-up below), and where it is.
            let (mut unseen, mut at) = (0, 0);
            // Without branches (which states fall on which side of the cut is not
            // predictable): a dominated state has rank 0, below the cut, and is not
            // counted as dropped; nor, yet, is a state not looked up.
            for (k, (e, &r)) in self.entries[start..].iter_mut().zip(&ranks).enumerate() {
                let keep = (r > cut) | ((r == cut) & (kept < width));
                kept += usize::from(keep);
                let drop = u32::from((r >= lowest) & !keep).wrapping_neg();
                e.choice |= u32::from(!keep).wrapping_neg();
                dropped = dropped.max(e.est & drop);
                let other = (r < lowest) & (e.est > unseen);
                unseen = if other { e.est } else { unseen };
                at = if other { k } else { at };
            }
            // The cut drops the states not looked up too, those not dominated: the best
            // of them first, mostly the only one looked up.
            while unseen > dropped {
                if !self.dominated(start + at, core, colour) {
                    dropped = unseen;
                    break;
                }
                ranks[at] = 0;
                (unseen, at) = (0, 0);
                for (k, &r) in ranks.iter().enumerate() {
                    let est = self.entries[start + k].est;
                    if r != 0 && r < lowest && est > unseen {
                        (unseen, at) = (est, k);
                    }
                }
            }
            self.cut = dropped;
        }
        self.select = live;
        self.pool = pool;
        self.ranks = ranks;
    }

    fn layer(&self, i: usize) -> core::ops::Range<usize> {
        self.layer_start[i]..self.layer_start.get(i + 1).copied().unwrap_or(self.entries.len())
    }

    /// One beam pass of `width` states per layer over the forward sweep: a play (or
    /// `None`), not necessarily the optimum.
    pub(super) fn beam(&mut self, counts: &Counts, params: Params, width: usize) -> Option<Optimum> {
        let sweep = Sweep { counts, params };
        self.dec.trim();
        self.open(sweep);
        self.run_with(sweep, Pass { beam: Some(width), bound: 0 }, usize::MAX).ok().flatten()
    }

    /// Runs the DP; `None` if the fixed tiles cannot all be placed.
    pub(super) fn run(&mut self, counts: &Counts, params: Params) -> Option<Optimum> {
        self.search(&[Sweep { counts, params }], usize::MAX, 0).map(|(o, _)| o)
    }

    /// Makes the tables of the given sweep direction the ones in use.
    fn face(&mut self, mirror: bool) {
        if self.facing_mirror != mirror {
            let parked = &mut *self.parked;
            core::mem::swap(&mut self.dec.look, &mut parked.look);
            core::mem::swap(&mut self.relax, &mut parked.relax);
            core::mem::swap(&mut self.entries, &mut parked.entries);
            core::mem::swap(&mut self.layer_start, &mut parked.layer_start);
            core::mem::swap(&mut self.truncated, &mut parked.truncated);
            core::mem::swap(&mut self.cut, &mut parked.cut);
            core::mem::swap(&mut self.given_up, &mut parked.given_up);
            core::mem::swap(&mut self.held, &mut parked.held);
            self.facing_mirror = mirror;
        }
    }

    /// The optimum over one or two sweeps of the same position (forward and mirrored,
    /// which have the same optimum), and the index of the sweep whose decisions it holds;
    /// `None` if the fixed tiles cannot all be placed.
    ///
    /// Core mode runs in stages: beams that look for a good play and end the search as
    /// soon as a bound proves one optimal, then exact passes under a descending target.
    /// How soon a beam finds the optimum and how many states the bound leaves differs a
    /// lot by direction, either way round, so with two sweeps every stage may run in
    /// both, and what one finds serves the other (the best play so far is the bound the
    /// other's beams prune by). The beams of the first sweep run alone while they stay
    /// within [`HEAD_START`] states (most positions end there); then the sweep with the
    /// better play so far runs its next beam, unless its beams have held more than
    /// [`FAIR`] times the other's states. The exact passes race, the sweep whose beams
    /// held fewer states first: each may process `limit` states per pass, and the limit grows
    /// [`RACE_GROWTH`]-fold each round until one finishes.
    ///
    /// With a `floor` (core mode; a packed score without room bits, 0: none) only a play
    /// scoring at least the floor is wanted: the search ends with `None` as soon as a
    /// bound shows that none does ([`Progress::hopeless`]), and may then also answer
    /// with a play below the floor, which the caller drops. While the optimum reaches
    /// the floor no bound is below it, so the search runs as without one.
    ///
    /// The colours are searched in [`colour_order`] (fewest tiles first); the optimum's
    /// decisions are handed back in the colours as given.
    pub(super) fn search(
        &mut self,
        sweeps: &[Sweep<'_>],
        limit: usize,
        floor: u32,
    ) -> Option<(Optimum, usize)> {
        let order = colour_order(sweeps[0].counts);
        if order == [0, 1, 2, 3] {
            return self.search_in_order(sweeps, limit, floor);
        }
        let counts: Vec<Counts> = sweeps.iter().map(|s| s.counts.recoloured(order)).collect();
        let inner: Vec<Sweep<'_>> =
            sweeps.iter().zip(&counts).map(|(s, counts)| Sweep { counts, params: s.params }).collect();
        let (mut opt, i) = self.search_in_order(&inner, limit, floor)?;
        opt.recolour(order);
        Some((opt, i))
    }

    /// [`Dp::search`] in the colour order of `sweeps`.
    fn search_in_order(
        &mut self,
        sweeps: &[Sweep<'_>],
        mut limit: usize,
        floor: u32,
    ) -> Option<(Optimum, usize)> {
        self.dec.trim();
        for held in [&mut self.held.bound, &mut self.parked.held.bound] {
            *held = None;
        }
        (self.given_up, self.parked.given_up) = (None, None);
        let lead = sweeps[0];
        self.open(lead);
        if !lead.params.core {
            // The full program (rare: spare jokers found no room) and initial melds: jokers
            // weigh in the final rank, which the natural score does not bound, so the
            // exact program runs on its own.
            self.face(lead.params.mirror);
            return self.run_with(lead, Pass::EXACT, usize::MAX).ok().flatten().map(|o| (o, 0));
        }
        let beams = if self.narrow { NARROW_BEAMS } else { BEAMS };
        let mut p = Progress {
            upper: u32::MAX,
            rest: rest_total(lead.counts, lead.params),
            cap: u32::MAX,
            floor,
            ..Progress::default()
        };
        if p.hopeless() {
            return None;
        }
        // The beams, in both sweeps ([`Progress::pick`]). The second sweep starts at the
        // first guided beam: the score-ranked one only looks for a first play, which the
        // lead sweep has done.
        let mut next = [0usize, 1];
        let unit = one_unit(lead.params.objective);
        while let Some(i) = p.pick(next, sweeps.len(), &beams) {
            // The pass that looks for anything better than the best play, tried before
            // each wide beam once a play is known: the wide beams of the slowest
            // positions mostly find nothing better (the first guided beams found the
            // optimum), and the pass then refutes them with far fewer states; where the
            // relaxation leaves the pass too many, the beams go on. Before the widest beam
            // when the least bound is one unit above the best play, the pass gets more
            // room (a beam could only find a play of that unit, which the pass finds too
            // or refutes). Either sweep's pass serves: it runs in the one whose beams held
            // fewer states (where the relaxation leaves fewer), given up beyond a few
            // times its last beam's states or twice what all beams have held, and resumed
            // from there by the next try or the last passes.
            let close = next[i] == CLOSE_FROM && p.close(unit);
            if close || next[i] >= EXACT_FROM && p.best.is_some() {
                let t = p.cheaper(i);
                let beams_held: usize = p.stages.iter().flatten().sum();
                let limit =
                    (p.last[t] * if close { CLOSE_TRY } else { EXACT_TRY }).max(beams_held * TRY_SHARE);
                self.face(sweeps[t].params.mirror);
                match self.run_with(sweeps[t], Pass { beam: None, bound: p.beat() }, limit) {
                    Ok(b) => return b.map(|o| (o, t)).or(p.best),
                    Err(_) => p.spent[t] += self.entries.len(),
                }
            }
            if let Some(answer) = self.beam_stage(sweeps[i], i, next[i], beams[next[i]], &mut p) {
                return answer;
            }
            next[i] += 1;
        }
        let mut order = p.order(sweeps.len());
        let mut top = p.upper / unit * unit;
        let mut drop = 0;
        // A focused beam: only states that can still reach `top` (the relaxation's
        // optimum, rounded down to a whole tile or value point), so the beam's width goes
        // to the plays the bound still allows. If it never had to drop a state it was the
        // exact pass with that target. Not when the least bound is one unit above the
        // best play: it could only find a play of that unit, and the last pass, which
        // comes next, finds that too or proves the best play optimal.
        if top > p.low && !p.close(unit) {
            let width = if self.narrow { 6 } else { FOCUS };
            let (b, i) = self.race(sweeps, &mut order, Pass { beam: Some(width), bound: top }, &mut limit);
            let reached = b.as_ref().is_some_and(|o| o.score >= top);
            if !self.truncated {
                if reached {
                    return b.map(|o| (o, i));
                }
                drop = unit;
            }
            p.cut(self.refuted(), b.as_ref());
            p.offer(b, i);
            if p.hopeless() {
                return None;
            }
            if p.proven() {
                return p.best;
            }
        }
        // Exact passes with a descending target: each drops every state that cannot
        // reach the target even by the relaxation's bound, and is final once the
        // target is met. The last pass looks for a play better than the best found: none
        // proves the best optimal. The targets descend from the least bound known, the
        // beams' cuts included.
        let capped = p.cap / unit * unit;
        if capped < top.saturating_sub(drop) {
            (top, drop) = (capped, 0);
        }
        loop {
            if p.hopeless() {
                return None;
            }
            // Nothing a pass dropped could beat the best play: it is optimal.
            if p.best.is_some() && p.cap < p.beat() {
                return p.best;
            }
            let target = top.saturating_sub(drop).min(p.cap / unit * unit).max(p.low);
            // A target one unit above the best play's (or the best play's own): a pass
            // under it would only refute that unit, and the pass that looks for anything
            // better than the best play does the same work and settles the tie-break
            // (value, or tiles under objective value) as well, in one pass instead of two.
            // Without a play the target passes stay: the last pass would have no bound.
            let last = if p.best.is_some() { p.low / unit * unit + unit } else { p.low };
            if target <= last {
                let (b, i) = self.race(sweeps, &mut order, Pass { beam: None, bound: p.beat() }, &mut limit);
                return b.map(|o| (o, i)).or(p.best);
            }
            let (b, i) = self.race(sweeps, &mut order, Pass { beam: None, bound: target }, &mut limit);
            if let Some(o) = b.as_ref()
                && o.score >= target
            {
                return b.map(|o| (o, i));
            }
            p.cut(self.refuted(), b.as_ref());
            p.offer(b, i);
            drop = (drop * 2).max(unit);
        }
    }

    /// After a pass (the one in use, with the relaxation on): the highest score a play
    /// can have that the pass did not find. Every play either is among the completions
    /// of the states the pass kept, of which it found the best, or passes through a state
    /// it dropped for its estimate, below the target or (a beam) below the width's cut (a
    /// dominated state's completions are its dominator's too; a state dropped for having
    /// no completion has none); no completion of a state scores more than its estimate
    /// plus [`ROOM_MASK`]. So the larger of this and the pass's own play bounds every
    /// play ([`Progress::cut`]): a pass under a lower target keeps exactly the same
    /// states unless that target is at most this score (the descending targets of
    /// [`Dp::search`] held the same states pass after pass on the slowest positions),
    /// and a best play this does not beat is optimal. A beam's is below the root's bound
    /// only where its width cut no state early in the sweep (where the estimates are
    /// still the root's).
    fn refuted(&self) -> u32 {
        self.cut + ROOM_MASK
    }

    /// Makes `sweep` the one in use and forgets what its tables held for the previous
    /// position (its relaxation off until its first guided beam).
    fn open(&mut self, sweep: Sweep<'_>) {
        debug_assert!(
            !sweep.params.mirror || sweep.params.threshold.is_none(),
            "mirrored runs are opened mode only"
        );
        self.face(sweep.params.mirror);
        self.dec.reset(sweep.counts, sweep.params);
        self.relax.init(&mut self.dec, sweep.counts, sweep.params, false);
    }

    /// Beam stage `k` (`width` states per layer) in sweep `i`: the first ranked by score
    /// alone, the later ones by the relaxation's bound (switched on here) and dropping
    /// states that cannot reach the best score so far. `Some(answer)` if that ends the
    /// search: the beam never had to drop a state (so it was exact), or a bound proves
    /// the best play optimal.
    fn beam_stage(
        &mut self,
        sweep: Sweep<'_>,
        i: usize,
        k: usize,
        width: usize,
        p: &mut Progress,
    ) -> Option<Option<(Optimum, usize)>> {
        if i > 0 && !p.opened {
            p.opened = true;
            self.open(sweep);
        }
        self.face(sweep.params.mirror);
        if k > 0 && !p.relaxed[i] {
            // The relaxation: its optimum bounds the true one (`None`: not even the
            // relaxation can lay out the fixed tiles).
            p.relaxed[i] = true;
            p.upper = p.upper.min(self.relax.init(&mut self.dec, sweep.counts, sweep.params, true)?);
            if p.hopeless() {
                return Some(None);
            }
            if p.proven() {
                return Some(p.best.take());
            }
        }
        let bound = if k == 0 { 0 } else { p.beat() };
        let b = self.run_with(sweep, Pass { beam: Some(width), bound }, usize::MAX).ok().flatten();
        p.spent[i] += self.entries.len();
        p.last[i] = self.entries.len();
        p.stages[i][k] = self.entries.len();
        if !self.truncated {
            // Exact (under the target `bound`, which some play reaches).
            return Some(b.map(|o| (o, i)).or(p.best.take()));
        }
        // A guided beam bounds every play as an exact pass does ([`Dp::refuted`]): the
        // states it cut for its width were dropped with their estimates too.
        if k > 0 {
            p.cut(self.refuted(), b.as_ref());
        }
        p.offer(b, i);
        if p.hopeless() {
            return Some(None);
        }
        (p.proven() || p.best.is_some() && p.cap < p.beat()).then(|| p.best.take())
    }

    /// One `pass` in every sweep: each in turn of
    /// `order` goes on until it holds `limit` states, the limit growing
    /// [`RACE_GROWTH`]-fold each round, until one finishes; its answer and its sweep. A
    /// pass given up is resumed where it stopped, not restarted. After a round the sweep
    /// that got further goes first (the order is kept for the next race).
    fn race(
        &mut self,
        sweeps: &[Sweep<'_>],
        order: &mut [usize],
        pass: Pass,
        limit: &mut usize,
    ) -> (Option<Optimum>, usize) {
        let mut lower = [false; 2];
        for &i in order.iter() {
            self.face(sweeps[i].params.mirror);
            lower[i] = self.begin_pass(pass);
        }
        let mut reached = [0usize; 2];
        loop {
            for &i in order.iter() {
                let sw = sweeps[i];
                self.face(sw.params.mirror);
                match self.resume(sw, pass, *limit) {
                    Ok(b) => {
                        self.given_up = None;
                        let b = if lower[i] { self.above(b, pass) } else { b };
                        // The sweep that finished goes first in the next race: a sweep
                        // given up there would likely be given up again, every pass.
                        let at = order.iter().position(|&o| o == i).unwrap_or(0);
                        order[..=at].rotate_right(1);
                        return (b, i);
                    }
                    Err(e) => {
                        reached[i] = e.layers;
                        self.given_up = pass.beam.is_none().then_some(pass.bound);
                    }
                }
            }
            // The sweep that got further is likely the cheaper one.
            order.sort_by_key(|&i| core::cmp::Reverse(reached[i]));
            *limit = limit.saturating_mul(RACE_GROWTH);
        }
    }

    /// One pass of the DP over `sweep` (see [`Pass`]). Given up (`Err`) once it holds
    /// more than `limit` states.
    fn run_with(&mut self, sweep: Sweep<'_>, pass: Pass, limit: usize) -> Result<Option<Optimum>, Exhausted> {
        let lower = self.begin_pass(pass);
        let r = self.resume(sweep, pass, limit);
        self.given_up = (r.is_err() && pass.beam.is_none()).then_some(pass.bound);
        if lower { r.map(|found| self.above(found, pass)) } else { r }
    }

    /// Starts `pass`, or goes on with an exact pass given up under the same target or a
    /// lower one ([`Held`]): that pass kept every state this one keeps, and the states
    /// it kept besides are real states too, so it finds every play reaching this target
    /// that this one would; it may also find a play below it, which [`Dp::above`] drops.
    /// `true` if the pass goes on from a lower target.
    fn begin_pass(&mut self, pass: Pass) -> bool {
        let fits = |b: Option<u32>| pass.beam.is_none() && b.is_some_and(|b| b <= pass.bound);
        if fits(self.given_up) {
            // The entries hold it.
            let lower = self.given_up < Some(pass.bound);
            self.given_up = None;
            lower
        } else if fits(self.held.bound) {
            let lower = self.held.bound < Some(pass.bound);
            // What the entries hold now is of no use any more: a pass given up there
            // under the same target would be this one.
            self.given_up = None;
            self.held.bound = None;
            core::mem::swap(&mut self.entries, &mut self.held.entries);
            core::mem::swap(&mut self.layer_start, &mut self.held.layer_start);
            self.truncated = false;
            self.cut = self.held.cut;
            lower
        } else {
            self.start_pass();
            false
        }
    }

    /// The answer of an exact `pass` that went on from a lower target ([`Dp::begin_pass`]):
    /// a play every fresh pass under the target finds, or none. A state's estimate
    /// leaves out the room bits its completion may still add, and a pass keeps it if the
    /// estimate plus [`ROOM_MASK`] reaches the target ([`Relax::estimate`]), so a fresh
    /// pass finds every play whose score without the room bits, plus `ROOM_MASK`,
    /// reaches the target, and only by chance one below that. The target of a pass that
    /// looks for anything better than the best play ([`Progress::beat`]) is up to
    /// `ROOM_MASK` above the plays it must find. (Comparing the whole score with the
    /// target dropped such a play, and the search then answered with a play one value
    /// point worse: the staged-search test found it.)
    ///
    /// A play it drops still bounds what the pass refutes ([`Dp::refuted`]): the states
    /// it kept with estimates between the two targets were not dropped for them, so
    /// their completions are bounded by the play found, not by the cut.
    fn above(&mut self, found: Option<Optimum>, pass: Pass) -> Option<Optimum> {
        match found {
            Some(o) if o.score | ROOM_MASK < pass.bound => {
                self.cut = self.cut.max(o.score);
                None
            }
            found => found,
        }
    }

    /// Starts a pass: the root state alone. An exact pass the entries hold, given up, is
    /// set aside first ([`Held`]).
    fn start_pass(&mut self) {
        if let Some(bound) = self.given_up.take() {
            self.held.bound = Some(bound);
            core::mem::swap(&mut self.entries, &mut self.held.entries);
            core::mem::swap(&mut self.layer_start, &mut self.held.layer_start);
            self.held.cut = self.cut;
        }
        self.entries.clear();
        // What most passes hold, without growing on the way (a fresh solver's first).
        self.entries.reserve(ENTRIES_START);
        self.layer_start.clear();
        self.truncated = false;
        self.cut = 0;
        self.begin_layer(1);
        self.entries.push(Entry { key: 0, score: 0, est: 0, parent: 0, choice: 0 });
    }

    /// Goes on with the pass started by [`Dp::start_pass`] (with the same `sweep`,
    /// `beam` and `bound`) where it stopped: as [`Dp::run_with`].
    fn resume(&mut self, sweep: Sweep<'_>, pass: Pass, limit: usize) -> Result<Option<Optimum>, Exhausted> {
        let (Sweep { counts, params }, Pass { beam, bound }) = (sweep, pass);
        let jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        let cap = params.threshold.map(|t| t.min(VALUE_CAP));
        let masks = joker_masks_packed(params.core);
        // The layers done so far: one per colour step.
        let mut layer = self.layer_start.len() - 1;
        while layer < LAYERS {
            let c = layer % 4;
            let prev = self.layer(layer);
            // States have one or two successors on average: sized for twice the parents,
            // the index rarely grows (0.7 % fewer instructions over the bench positions).
            self.begin_layer(prev.len() * 2);
            let step = self.dec.look.steps[layer];
            for i in prev {
                let Entry { key, score, choice, .. } = self.entries[i];
                if choice == DEAD {
                    continue;
                }
                self.colour_options(key, score, i as u32, c, &step, jmax, cap, masks, bound);
            }
            match beam {
                Some(width) => self.keep_best(width, params.core, c),
                None => {
                    self.prune(params.core, c);
                }
            }
            // The values the index may now hold (see [`Dp::begin_layer`]).
            self.high = self.high.max(self.entries.len());
            layer += 1;
            if self.entries.len() > limit && layer < LAYERS {
                return Err(Exhausted { layers: layer });
            }
        }
        // Final: no short runs left open, every fixed joker used, threshold met.
        let mut best: Option<(usize, (u64, u64, u64))> = None;
        for i in self.layer(layer) {
            let e = self.entries[i];
            if e.choice == DEAD {
                continue;
            }
            if (0..4).any(|c| {
                let (a1, a2, _) = runs_of(e.key, c);
                a1 + a2 > 0
            }) {
                continue;
            }
            // Core mode: every joker counts as placed (the caller checks the room).
            let j = if params.core { jmax } else { jokers_of(e.key) };
            if j < u32::from(counts.fixed_jokers) {
                continue;
            }
            if let (Some(cap), Some(t)) = (cap, params.threshold)
                && (t > VALUE_CAP || value_of(e.key) < cap)
            {
                continue;
            }
            let pj = u64::from(j - u32::from(counts.fixed_jokers));
            let jv = pj * u64::from(params.joker_value);
            let s = u64::from(e.score);
            let rank = match params.objective {
                Objective::Tiles => ((s >> 17) + pj, ((s >> 6) & 0x7ff) + jv, s & u64::from(ROOM_MASK)),
                Objective::Value => ((s >> 14) + jv, ((s >> 6) & 0xff) + pj, s & u64::from(ROOM_MASK)),
            };
            if best.is_none_or(|(_, r)| rank > r) {
                best = Some((i, rank));
            }
        }
        let Some((mut i, _)) = best else {
            return Ok(None);
        };
        let score = self.entries[i].score;
        let jokers = jokers_of(self.entries[i].key);
        // Pushed and turned round rather than zeroed and filled: a zeroed vector comes
        // from the allocator's `calloc`, code no other part of a solve runs.
        let mut choices = Vec::with_capacity(layer);
        for _ in 0..layer {
            choices.push(self.entries[i].choice);
            i = self.entries[i].parent as usize;
        }
        choices.reverse();
        Ok(Some(Optimum { choices, jokers, score }))
    }

    /// Applies every decision of colour `c` at number `n` to one state.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn colour_options(
        &mut self,
        key: u64,
        score: u32,
        parent: u32,
        c: usize,
        step: &Step,
        jmax: u32,
        cap: Option<u32>,
        masks: &[u8; 512],
        bound: u32,
    ) {
        let shift = c as u32 * COLOUR_BITS;
        let jleft = jmax - jokers_of(key);
        let (lo, hi) = self.dec.get(step, (key >> shift) as u32 & 0x1ff, jleft);
        let value0 = value_of(key);
        let base = key & !(0x1ff << shift);
        // The other colours' bound per joker budget: the same for every decision here.
        let Some(others) = self.relax.others(&mut self.dec, key, step.n, c, jleft) else {
            return;
        };
        let unit = one_tile(step.objective, step.value_n);
        // Initial melds: the most value the later steps can add (their naturals, and
        // 13 per joker left if jokers count), so states that cannot reach the
        // threshold any more are never stored.
        let (rest, per_joker) = match cap {
            Some(_) => (self.dec.rest_value[step.layer], if self.dec.joker_counts { 13 } else { 0 }),
            None => (0, 0),
        };
        let hopeless = |v: u32, jokers_used: u32| match cap {
            Some(cap) => v < cap && v + rest + per_joker * (jmax - jokers_used) < cap,
            None => false,
        };
        for o in lo..hi {
            let o = self.dec.opt(o);
            let delta = o.score(unit);
            let mut k = base | u64::from(o.runs) << shift;
            k += u64::from(o.jokers) << J_SHIFT;
            // One more colour sending `gamma` naturals to groups (without a branch: which
            // decisions send some is not predictable).
            k += GAMMA_ADD[usize::from(o.gamma) & 3];
            let mut v = value0 + u32::from(o.value);
            if c < 3 {
                if hopeless(v, jokers_of(k)) {
                    continue;
                }
                if let Some(cap) = cap {
                    k = (k & !(0xfff << VALUE_SHIFT)) | u64::from(v.min(cap)) << VALUE_SHIFT;
                }
                let sc = score + delta;
                if let Some(est) =
                    self.relax.estimate(&mut self.dec, &others, k, sc, step.n, c, jmax, bound, &mut self.cut)
                {
                    self.insert(k, sc, est, parent, o.choice);
                }
                continue;
            }
            // Last colour of the number: form the groups right away, with every joker
            // count the naturals sent to groups allow.
            let mask = u32::from(masks[(k >> GAMMA_SHIFT) as usize & 0x1ff]);
            let j = jokers_of(k);
            let base = k & !(0x1ff << GAMMA_SHIFT);
            // The joker counts the layout allows, up to the jokers left, lowest first.
            let mut adds = mask & ((2 << (jmax - j)) - 1);
            while adds != 0 {
                let add = adds.trailing_zeros();
                adds &= adds - 1;
                let mut kk = base + (u64::from(add) << J_SHIFT);
                if let Some(cap) = cap {
                    v = value0 + u32::from(o.value) + add * step.n * u32::from(self.dec.joker_counts);
                    if hopeless(v, jokers_of(kk)) {
                        continue;
                    }
                    kk = (kk & !(0xfff << VALUE_SHIFT)) | u64::from(v.min(cap)) << VALUE_SHIFT;
                }
                let sc = score + delta;
                if let Some(est) =
                    self.relax.estimate(&mut self.dec, &others, kk, sc, step.n, 3, jmax, bound, &mut self.cut)
                {
                    self.insert(kk, sc, est, parent, o.choice | add << GROUP_JOKER_SHIFT);
                }
            }
        }
    }
}

/// Every distinct decision for a colour with open runs `(a1, a2, a3)` and `jleft`
/// jokers left, keeping the best score for each outcome; appended to `opts`.
#[allow(clippy::too_many_arguments)]
fn gen_options(
    opts: &mut Vec<Opt>,
    dedup: &mut Dedup,
    a1: u32,
    a2: u32,
    a3: u32,
    jleft: u32,
    step: &Step,
    track_value: bool,
    joker_counts: bool,
) -> (u32, u32) {
    let Step { n, t, r, next, core, .. } = *step;
    let lo = opts.len();
    dedup.next();
    let avail = t + r;
    for k3 in 0..=a3 {
        let cont = a1 + a2 + k3;
        for ext in 0..=cont.min(jleft) {
            let nat_cont = cont - ext;
            if nat_cont > avail {
                continue;
            }
            let jl1 = jleft - ext;
            let free0 = avail - nat_cont;
            // Core mode: `pair` runs of length 1 that go on here end at length two,
            // padded with a joker; `single` naturals form a run with two jokers.
            let pair_max = if core { a1.min(jl1) } else { 0 };
            for pair in 0..=pair_max {
                let jl_p = jl1 - pair;
                let single_max = if core { free0.min(jl_p / 2) } else { 0 };
                for single in 0..=single_max {
                    let free_s = free0 - single;
                    let jl_s = jl_p - 2 * single;
                    for s0 in 0..=free_s {
                        let free1 = free_s - s0;
                        let s1_max = if n >= 2 && !core { free1.min(jl_s) } else { 0 };
                        for s1 in 0..=s1_max {
                            let free2 = free1 - s1;
                            let jl2 = jl_s - s1;
                            // Starts after ≥ 2 jokers: `big` of them sharing `bj` jokers.
                            let big_max = if n >= 3 && !core { free2.min(jl2 / 2) } else { 0 };
                            for big in 0..=big_max {
                                let (bj_lo, bj_hi) =
                                    if big == 0 { (0, 0) } else { (2 * big, jl2.min(big * (n - 1))) };
                                for bj in bj_lo..=bj_hi {
                                    let rho = nat_cont + single + s0 + s1 + big;
                                    let na1 = s0;
                                    let na2 = a1 - pair + s1;
                                    let used_j = ext + pair + 2 * single + s1 + bj;
                                    // Short runs must go on at the next number, and no
                                    // more long runs can go on than items there: cap them.
                                    let room = next + (jleft - used_j);
                                    if na1 + na2 > room {
                                        continue;
                                    }
                                    let na3 = (a2 + k3 + big).min(room - na1 - na2);
                                    if na1 > 7 || na2 > 7 || na3 > 7 {
                                        // With less room, fewer long runs might be open.
                                        dedup.overflow |= na3 > 7;
                                        continue;
                                    }
                                    // Core mode, as a tie-break: melds that could take a spare
                                    // joker (runs ended here, padded runs).
                                    let spare_room = if core { (a3 - k3) + pair + single } else { 0 };
                                    let gamma_max = (avail - rho).min(MAX_COPIES as u32);
                                    let gamma_min = t.saturating_sub(rho);
                                    for gamma in gamma_min..=gamma_max {
                                        let u = rho + gamma;
                                        let placed = u - t;
                                        let delta = placed << 8 | spare_room;
                                        let mut value = 0;
                                        if track_value {
                                            value = u * n;
                                        }
                                        if track_value && joker_counts {
                                            value += ext * n + s1 * (n - 1);
                                            if big > 0 {
                                                value += prefixes(big, bj)
                                                    .map(|l| prefix_value(n, l))
                                                    .sum::<u32>();
                                            }
                                        }
                                        let choice = Choice {
                                            k3,
                                            ext_jokers: ext,
                                            s0,
                                            s1,
                                            big,
                                            big_jokers: bj,
                                            gamma,
                                            pad1: single,
                                            pad2: pair,
                                        }
                                        .pack();
                                        let o = Opt {
                                            runs: (na1 | na2 << 3 | na3 << 6) as u16,
                                            jokers: used_j as u8,
                                            gamma: gamma as u8,
                                            value: value as u16,
                                            delta: delta as u16,
                                            choice,
                                        };
                                        if track_value {
                                            match opts[lo..].iter_mut().find(|p| p.same_outcome(&o)) {
                                                Some(p) if p.delta >= o.delta => {}
                                                Some(p) => *p = o,
                                                None => opts.push(o),
                                            }
                                        } else {
                                            match dedup.first(o.outcome(), opts.len()) {
                                                Some(i) if opts[i].delta < o.delta => opts[i] = o,
                                                Some(_) => {}
                                                None => opts.push(o),
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    (lo as u32, opts.len() as u32)
}

/// The decisions for `jleft` jokers left and `next` tiles at the next number, derived
/// from those (`wider`, a range of `opts` from [`gen_options`] with the same runs and
/// tiles) for as many or more jokers and as much or more room at the next number: the
/// same list, in the same order, as [`gen_options`] would generate.
///
/// Why: the loops of [`gen_options`] depend on the jokers left, not on the next number,
/// and a decision possible here is possible there. It is possible here iff it spends
/// at most `jleft` jokers and leaves its short runs room at the next number, which
/// depends only on its outcome there; its outcome here differs only in the long runs
/// kept open, capped lower. So each outcome here merges whole outcomes of the wider
/// list. Generation keeps, per outcome, the first decision (in loop order, [`lex`])
/// with the best delta, in the order in which outcomes first occur; the wider list is
/// in that order too, so merging in its order keeps that order, and the best of the
/// merged representatives (ties to the first in loop order) is the one generation
/// would keep. Not if the wider list dropped a decision for leaving more than 7 long
/// runs open ([`Dedup::overflow`]): with less room that decision may be possible.
fn derive(opts: &mut Vec<Opt>, dedup: &mut Dedup, wider: (u32, u32), jleft: u32, next: u32) -> (u32, u32) {
    let lo = opts.len();
    dedup.next();
    for i in wider.0..wider.1 {
        let o = opts[i as usize];
        let jokers = u32::from(o.jokers);
        if jokers > jleft {
            continue;
        }
        let runs = u32::from(o.runs);
        let (na1, na2, na3) = (runs & 7, (runs >> 3) & 7, (runs >> 6) & 7);
        let room = next + (jleft - jokers);
        if na1 + na2 > room {
            continue;
        }
        let o = Opt { runs: (na1 | na2 << 3 | na3.min(room - na1 - na2) << 6) as u16, ..o };
        match dedup.first(o.outcome(), opts.len()) {
            Some(i) => {
                let p = &mut opts[i];
                if o.delta > p.delta || (o.delta == p.delta && lex(o.choice) < lex(p.choice)) {
                    *p = o;
                }
            }
            None => opts.push(o),
        }
    }
    (lo as u32, opts.len() as u32)
}

/// A packed decision's place in [`gen_options`]' loop order.
fn lex(choice: u32) -> u32 {
    let c = Choice::unpack(choice);
    c.k3 << 24
        | c.ext_jokers << 21
        | c.pad2 << 18
        | c.pad1 << 15
        | c.s0 << 12
        | c.s1 << 9
        | c.big << 6
        | c.big_jokers << 3
        | c.gamma
}

/// What one colour step sees: the number, the fixed and optional naturals of the tile
/// and of the next number, the objective, and whether this is the core relaxation.
#[derive(Debug, Clone, Copy)]
struct Step {
    /// The step's index: `(n - 1) * 4 + colour`.
    layer: usize,
    /// The position in the sweep, 1..=13.
    n: u32,
    /// The number the step's tiles carry: `n`, or `14 - n` in a mirrored run.
    value_n: u32,
    t: u32,
    r: u32,
    next: u32,
    objective: Objective,
    core: bool,
    /// Where the step's decisions are kept across solves ([`Decisions::index`]): its
    /// class, and its shape's first entry on a page (see [`Step::slot`]).
    class: u8,
    slot: u16,
}

/// Shapes of a colour step that [`Decisions::index`] tells apart: its fixed and optional
/// naturals `t` and `r` (at most three in all: no tile set has more copies of a face,
/// which [`Solver::solve`](super::Solver::solve) checks first) and the next number's
/// count (0..=3, or [`OPEN_NEXT`]): 10 × 5.
const SHAPES: usize = 50;

/// Classes of colour steps whose decisions differ besides their shape: the core
/// program, and the full program at numbers 1, 2, 3, 4 and 5 or more (it starts runs
/// after up to `n - 1` jokers, and never has more than [`MAX_JOKERS`]); and
/// [`PER_RUN`]. Eight, so that a class masked by 7 needs no bounds check where every
/// state reads the index.
const CLASSES: usize = 8;

/// The class of the steps of initial melds: their decisions track the value laid down,
/// so they are generated for each run (into `opts`) and indexed by step, not by shape,
/// and forgotten when the next run starts.
const PER_RUN: u8 = 7;

/// Entries of a page of [`Decisions::index`]: one per shape or (class [`PER_RUN`]) per
/// step, and per number of jokers left.
const INDEX_PAGE: usize = LAYERS * JLEFT as usize;
const _: () = assert!(SHAPES * JLEFT as usize <= INDEX_PAGE, "a shape's entries fit on a page");

impl Step {
    /// The step's class in [`Decisions::index`], and the first of its shape's entries
    /// (one per number of jokers left) on a page: what [`gen_options`] reads besides
    /// the runs and jokers left, with opened-mode values.
    fn slot(core: bool, n: u32, t: u32, r: u32, next: u32) -> (u8, u16) {
        debug_assert!(t + r <= 3 && (next <= 3 || next == OPEN_NEXT), "{t} {r} {next}");
        let class = if core { 0 } else { n.min(5) };
        // The pairs `t + r <= 3` in order: 4 with `t = 0`, 3 with `t = 1`, ...
        let pair = [0, 4, 7, 9][t.min(3) as usize] + r;
        let next = if next == OPEN_NEXT { 4 } else { next };
        (class as u8, ((pair * 5 + next) * JLEFT) as u16)
    }

    /// The same step with room for any number of long runs at the next number.
    fn open(&self) -> Step {
        let (_, slot) = Step::slot(self.core, self.n, self.t, self.r, OPEN_NEXT);
        Step { next: OPEN_NEXT, slot, ..*self }
    }
}

/// The colour decisions of every step of one run, generated on first use and shared by
/// all passes and the relaxation: per `(step, runs, jokers left)` a range of `opts`.
#[derive(Debug, Clone, Default)]
struct Decisions {
    /// This sweep direction's steps and look-up (the other's is parked, see [`Dp::face`]).
    look: Lookup,
    /// Initial melds: this run's decisions.
    opts: Vec<Opt>,
    dedup: Dedup,
    track_value: bool,
    /// Initial melds: jokers count the number they represent ([`Params::joker_counts`]).
    joker_counts: bool,
    /// Initial melds: per step, the most value the steps after it can still add: their
    /// naturals at their numbers (jokers are added per joker left where it is used).
    rest_value: Vec<u32>,
    /// The decisions of every step (see [`Decisions::get`]): per class of step, paged
    /// by the runs, per shape and jokers left ([`Step::slot`]), a range of `kept`, its
    /// end marked [`DERIVABLE`] where the decisions can be derived from (see [`derive()`];
    /// only read for the lists generated with room for every long run, [`OPEN_NEXT`]).
    /// Kept across runs and solves, except the class [`PER_RUN`] (initial melds, whose
    /// decisions track the value, which depends on more than the step's shape): per
    /// step, a range of `opts`.
    /// Their scores do not depend on the number (see [`Opt::score`]), so a run uses
    /// them where they are, in either sweep direction. A dense table rather than a hash
    /// map: a solve reads one entry per step shape, runs and jokers left, and the
    /// entries of a position lie on a few pages of a table of tens of kilobytes, where
    /// each probe of a hash map of millions of bytes was a cache line (and often a page)
    /// of its own.
    index: [Paged<(u32, u32), INDEX_PAGE>; CLASSES],
    kept: Vec<Opt>,
    /// The relaxation's view of opened-mode decisions, kept across solves like `index`:
    /// per [`memo_key`] with the group cap and the jokers charged per group natural, a
    /// range of `bounds` (see [`Decisions::relaxed`]).
    bounds_memo: std::collections::HashMap<u64, (u32, u32), core::hash::BuildHasherDefault<KeyHasher>>,
    bounds: Vec<Bound>,
    /// Scratch for [`Decisions::relaxed`].
    scratch: Vec<u32>,
}

/// A decision as the relaxation sees it: the colour's new runs, the jokers it is
/// charged (its own and its group naturals' partners) and the rack naturals it places.
#[derive(Debug, Clone, Copy)]
struct Bound {
    runs: u16,
    spent: u8,
    placed: u8,
}

/// One sweep direction's steps (their decisions are in [`Decisions::index`]).
#[derive(Debug, Clone, Default)]
struct Lookup {
    steps: Vec<Step>,
}

/// A next number's tile count that leaves room for any number of long runs: the
/// decisions generated with it serve every real count ([`Decisions::remember`]).
const OPEN_NEXT: u32 = 63;

/// Entries [`Decisions::bounds_memo`] of a fresh solver has room for.
const MEMO_START: usize = 512;

/// Marks the end of a range in [`Decisions::index`] whose decisions can be derived from.
const DERIVABLE: u32 = 1 << 31;

/// Most decisions [`Decisions::kept`] holds before it starts afresh (3 MB).
const KEPT_MAX: usize = 1 << 18;

/// The key of a colour step's decisions in [`Decisions::bounds_memo`]: everything
/// [`gen_options`] depends on. Not the objective nor the number a tile carries: only
/// scores depend on them, and those are computed where a decision is used
/// ([`Opt::score`]); so positions of either objective and both sweep directions share
/// the decisions. Core mode not even the number (it only matters for jokers before a
/// run's first natural, which the core has none of).
fn memo_key(step: &Step, runs: u32, jleft: u32) -> u64 {
    let n = if step.core { 0 } else { step.n };
    u64::from(runs)
        | u64::from(jleft) << 9
        | u64::from(step.t) << 12
        | u64::from(step.r) << 16
        | u64::from(step.next) << 20
        | u64::from(step.core) << 27
        | u64::from(n) << 28
}

/// A multiplicative hasher for the small integer keys of [`Decisions::bounds_memo`].
#[derive(Debug, Clone, Copy, Default)]
struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(8) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u64(&mut self, v: u64) {
        // Folded multiply: both halves of the product, so the low bits the table indexes
        // by depend on every bit of the key.
        let p = u128::from(self.0 ^ v) * 0x9E37_79B9_7F4A_7C15;
        self.0 = p as u64 ^ (p >> 64) as u64;
    }
}

impl Decisions {
    /// Starts afresh once [`Decisions::kept`] is full. Only at the start of a search: the
    /// ranges cached during it (in either sweep's look-up) must stay valid, and every
    /// look-up is [`Decisions::reset`] before its first use in a search.
    fn trim(&mut self) {
        if self.kept.len() > KEPT_MAX {
            self.kept.clear();
            self.index.iter_mut().for_each(Paged::clear);
            self.bounds.clear();
            self.bounds_memo.clear();
        }
    }

    /// Forgets the decisions of the previous run and describes the steps of `counts`.
    fn reset(&mut self, counts: &Counts, params: Params) {
        self.index[usize::from(PER_RUN)].clear();
        if self.bounds_memo.capacity() == 0 {
            // What a fresh solver's first positions need, without rehashing on the way.
            self.bounds_memo.reserve(MEMO_START);
        }
        self.opts.clear();
        self.track_value = params.threshold.is_some();
        self.joker_counts = params.joker_counts;
        self.look.steps.clear();
        for n in 1..=13u32 {
            for c in 0..4 {
                let i = n as usize - 1;
                let (t, r) = (u32::from(counts.fixed[c][i]), u32::from(counts.optional[c][i]));
                let next =
                    if n < 13 { u32::from(counts.fixed[c][i + 1] + counts.optional[c][i + 1]) } else { 0 };
                let (class, slot) = match params.threshold {
                    Some(_) => (PER_RUN, ((i * 4 + c) * JLEFT as usize) as u16),
                    None => Step::slot(params.core, n, t, r, next),
                };
                self.look.steps.push(Step {
                    layer: i * 4 + c,
                    n,
                    value_n: if params.mirror { 14 - n } else { n },
                    t,
                    r,
                    next,
                    objective: params.objective,
                    core: params.core,
                    class,
                    slot,
                });
            }
        }
        self.rest_value.clear();
        self.rest_value.resize(LAYERS, 0);
        if self.track_value {
            let mut rest = 0;
            for step in self.look.steps.iter().rev() {
                self.rest_value[step.layer] = rest;
                rest += step.value_n * (step.t + step.r);
            }
        }
    }

    /// The decisions at `step` for open runs `runs` (packed as in a key) and `jleft`
    /// jokers left: a range for [`Decisions::opt`].
    #[inline]
    fn get(&mut self, step: &Step, runs: u32, jleft: u32) -> (u32, u32) {
        // (No step of a run has the room of [`OPEN_NEXT`], whose ranges alone are marked
        // [`DERIVABLE`].)
        match self.index[usize::from(step.class) & 7]
            .get(runs as usize, usize::from(step.slot) + jleft as usize)
        {
            Some(&range) => range,
            None => self.first(step, runs, jleft),
        }
    }

    /// [`Decisions::get`] on first use: generates the decisions and indexes them.
    #[inline(never)]
    fn first(&mut self, step: &Step, runs: u32, jleft: u32) -> (u32, u32) {
        if !self.track_value {
            return self.remember(step, runs, jleft);
        }
        let (a1, a2, a3) = (runs & 7, (runs >> 3) & 7, (runs >> 6) & 7);
        let range =
            gen_options(&mut self.opts, &mut self.dedup, a1, a2, a3, jleft, step, true, self.joker_counts);
        self.index[usize::from(PER_RUN)].set(runs as usize, usize::from(step.slot) + jleft as usize, range);
        range
    }

    /// The decisions of `step` in opened mode, copied from the process's [`SHARED`]
    /// table or generated (or derived), and kept in [`Decisions::index`].
    fn remember(&mut self, step: &Step, runs: u32, jleft: u32) -> (u32, u32) {
        let at = usize::from(step.slot) + jleft as usize;
        let shared = shared(step.class, runs, at);
        if let Some(list) = shared.and_then(|cell| cell.list.get()) {
            let lo = self.kept.len();
            self.kept.extend_from_slice(list);
            let range = (lo as u32, self.kept.len() as u32);
            self.index[usize::from(step.class)].set(runs as usize, at, range);
            return range;
        }
        // The decisions with room for any number of long runs (as if the next number
        // held every tile), generated once for every next number (and for fewer jokers
        // left if known for more), and capped here to the room this one leaves and the
        // jokers (see [`derive`]).
        let open = step.open();
        let (a1, a2, a3) = (runs & 7, (runs >> 3) & 7, (runs >> 6) & 7);
        let (page, wide_at) = (runs as usize, usize::from(open.slot));
        let index = &mut self.index[usize::from(step.class)];
        let known = (jleft..JLEFT).find_map(|j| index.get(page, wide_at + j as usize).copied());
        let (lo, hi) = match known {
            Some(wide) => wide,
            None => {
                let (lo, hi) =
                    gen_options(&mut self.kept, &mut self.dedup, a1, a2, a3, jleft, &open, false, false);
                let hi = if self.dedup.overflow { hi } else { hi | DERIVABLE };
                index.set(page, wide_at + jleft as usize, (lo, hi));
                (lo, hi)
            }
        };
        let range = if hi & DERIVABLE != 0 {
            derive(&mut self.kept, &mut self.dedup, (lo, hi & !DERIVABLE), jleft, step.next)
        } else {
            gen_options(&mut self.kept, &mut self.dedup, a1, a2, a3, jleft, step, false, false)
        };
        self.index[usize::from(step.class)].set(page, at, range);
        if let Some(cell) = shared {
            // Another thread may have set it meanwhile: to the same list.
            let _ = cell.list.set(self.kept[range.0 as usize..range.1 as usize].into());
        }
        range
    }

    /// The decisions of step `layer` with open runs `runs` and `jmax` jokers left, as
    /// [`Relax::compute_row`] uses them (opened mode): those sending at most `cap`
    /// naturals to groups, charged `charge` jokers (3 bits per count of naturals sent,
    /// see [`charge`]), reduced to the ones no other
    /// beats (same runs, no more jokers, as many naturals placed), ordered by runs so
    /// that each successor row is read once. A range of `bounds`, kept across solves.
    fn relaxed(&mut self, layer: usize, runs: u32, jmax: u32, cap: u32, charge: u32) -> (u32, u32) {
        let step = self.look.steps[layer];
        let key = memo_key(&step, runs, jmax) | u64::from(cap) << 36 | u64::from(charge) << 40;
        if let Some(&range) = self.bounds_memo.get(&key) {
            return range;
        }
        // The process's view, if kept (the view depends on the step only through its
        // decisions, which [`SHARED`] keys by class and shape).
        let view = relaxed_variant(cap, charge).and_then(|v| {
            let cell = shared(step.class, runs, usize::from(step.slot) + jmax as usize)?;
            cell.relaxed.get_or_init(|| (0..RELAXED_VARIANTS).map(|_| OnceLock::new()).collect()).get(v)
        });
        if let Some(list) = view.and_then(OnceLock::get) {
            let start = self.bounds.len();
            self.bounds.extend_from_slice(list);
            let range = (start as u32, self.bounds.len() as u32);
            self.bounds_memo.insert(key, range);
            return range;
        }
        let (lo, hi) = self.get(&step, runs, jmax);
        // Packed as `runs << 16 | spent << 8 | unplaced`: sorted, each runs' decisions
        // come together, fewest jokers first, and for each the most placed first.
        let mut all = core::mem::take(&mut self.scratch);
        all.clear();
        all.extend(self.kept[lo as usize..hi as usize].iter().filter_map(|o| {
            let (gamma, placed) = (u32::from(o.gamma), u32::from(o.delta >> 8));
            let spent = u32::from(o.jokers) + (charge >> (3 * gamma) & 7);
            (gamma <= cap && spent <= jmax).then_some(u32::from(o.runs) << 16 | spent << 8 | (0xff - placed))
        }));
        all.sort_unstable();
        let start = self.bounds.len();
        // Rows never fall with a larger budget, so a decision that spends more jokers
        // for no more naturals than another with the same runs adds nothing.
        let mut most = (u32::MAX, 0u32);
        for &b in &all {
            let (runs, placed) = (b >> 16, 0xff - (b & 0xff));
            if runs != most.0 || placed > most.1 {
                most = (runs, placed);
                self.bounds.push(Bound { runs: runs as u16, spent: (b >> 8) as u8, placed: placed as u8 });
            }
        }
        self.scratch = all;
        let range = (start as u32, self.bounds.len() as u32);
        self.bounds_memo.insert(key, range);
        if let Some(cell) = view {
            // Another thread may have set it meanwhile: to the same list.
            let _ = cell.set(self.bounds[start..].into());
        }
        range
    }

    /// Decision `i` of a range from [`Decisions::get`].
    #[inline]
    fn opt(&self, i: u32) -> Opt {
        if self.track_value { self.opts[i as usize] } else { self.kept[i as usize] }
    }
}

/// Pages of runs in [`SHARED`]: those with at most two open runs of each length, where
/// most of the decisions positions use lie.
const SHARED_PAGES: usize = 27;

/// One entry of [`SHARED`]: a step's decisions, and the relaxation's views of them
/// ([`Decisions::relaxed`]) per group cap and charges ([`relaxed_variant`]), each set
/// once.
#[derive(Debug, Default)]
struct SharedCell {
    list: OnceLock<Box<[Opt]>>,
    relaxed: OnceLock<Box<[RelaxedView]>>,
}

/// A relaxed view in a [`SharedCell`], set once.
type RelaxedView = OnceLock<Box<[Bound]>>;

/// The opened-mode colour decisions of every solver in the process, per class of step
/// (not [`PER_RUN`]) and page of runs (counts up to two), a page of cells set up on
/// first use: per entry of [`Decisions::index`] (shape and jokers left), the list
/// [`Decisions::remember`] gives and the lists [`Decisions::relaxed`] gives, each set
/// by the first solver that generates it and never changed after. Each list is a pure
/// function of its key, so which solver (or thread) sets it does not matter; a fresh
/// solver copies it into its own memo instead of generating it again (a greedy game
/// makes four fresh solvers, which otherwise spent a tenth of the game generating the
/// same lists). See docs/design/solver.md.
static SHARED: [OnceLock<Box<[SharedCell]>>; PER_RUN as usize * SHARED_PAGES] =
    [const { OnceLock::new() }; PER_RUN as usize * SHARED_PAGES];

/// The cell of [`SHARED`] for entry `at` of page `runs` of `class`, if the table has one.
fn shared(class: u8, runs: u32, at: usize) -> Option<&'static SharedCell> {
    let (a1, a2, a3) = (runs & 7, (runs >> 3) & 7, (runs >> 6) & 7);
    if class >= PER_RUN || a1.max(a2).max(a3) > 2 {
        return None;
    }
    let page = SHARED[usize::from(class) * SHARED_PAGES + (a1 + 3 * a2 + 9 * a3) as usize]
        .get_or_init(|| (0..SHAPES * JLEFT as usize).map(|_| SharedCell::default()).collect());
    page.get(at)
}

/// The relaxation's views of a step's decisions that [`SHARED`] keeps, per cell.
const RELAXED_VARIANTS: usize = 19;

/// The place among a cell's [`RELAXED_VARIANTS`] of the view for group cap `cap` and
/// charges `charge` (see [`charge`]; only those of at most `cap` naturals are read), if
/// kept: caps up to two, charged at most twice the naturals sent (the jokers two
/// partners of each can need).
fn relaxed_variant(cap: u32, charge: u32) -> Option<usize> {
    let c = |x: u32| (charge >> (3 * x)) & 7;
    match cap {
        0 => Some(0),
        1 if c(1) <= 2 => Some(1 + c(1) as usize),
        2 if c(1) <= 2 && c(2) <= 4 => Some(4 + 5 * c(1) as usize + c(2) as usize),
        _ => None,
    }
}

/// An index of the outcomes (runs, jokers, naturals to groups) generated so far by one
/// [`gen_options`] call, so that each outcome keeps only its best decision.
#[derive(Debug, Clone, Default)]
struct Dedup {
    /// Per [`Opt::outcome`], paged by its runs: the index of its decision.
    slots: Paged<u32, 64>,
    /// The call dropped a decision for leaving more than 7 long runs open (which the
    /// same decision with less room may not): its list cannot be derived from.
    overflow: bool,
}

impl Dedup {
    /// Starts a new call: forgets every outcome.
    fn next(&mut self) {
        self.slots.clear();
        self.overflow = false;
    }

    /// The index of the decision kept for `outcome` in this call, or `None` after
    /// recording `index` as it.
    #[inline]
    fn first(&mut self, outcome: usize, index: usize) -> Option<usize> {
        // The runs are the low 9 bits.
        let (page, at) = (outcome & 0x1ff, outcome >> 9);
        let seen = self.slots.get(page, at).copied();
        if seen.is_none() {
            self.slots.set(page, at, index as u32);
        }
        seen.map(|i| i as usize)
    }
}

/// One precomputed colour decision: the colour's new runs, the jokers it spends, the
/// naturals it sends to groups, the value it represents, its score and its packed form.
///
/// Compact (12 bytes): the memo holds up to [`KEPT_MAX`] of them and the hot loop reads
/// one per successor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Opt {
    runs: u16,
    jokers: u8,
    gamma: u8,
    value: u16,
    /// `placed << 8 | room`: rack naturals placed, and (core mode) melds with room for
    /// a spare joker. The same order as [`Opt::score`] at every number.
    delta: u16,
    choice: u32,
}

impl Opt {
    /// The packed score (as in a state) of this decision at a number whose tile is
    /// worth `unit` ([`one_tile`]).
    #[inline]
    fn score(&self, unit: u32) -> u32 {
        u32::from(self.delta >> 8) * unit + u32::from(self.delta & 0xff)
    }

    /// The index of this decision's outcome (new runs, jokers, naturals to groups) in
    /// [`Dedup::slots`].
    fn outcome(&self) -> usize {
        usize::from(self.runs) | usize::from(self.jokers) << 9 | usize::from(self.gamma) << 12
    }

    fn same_outcome(&self, o: &Opt) -> bool {
        (self.runs, self.jokers, self.gamma, self.value) == (o.runs, o.jokers, o.gamma, o.value)
    }
}

/// Low score bits: a count of melds with room for a spare joker (core mode tie-break).
const ROOM_MASK: u32 = 0x3f;

/// Widths of the beams that look for a good play (and end the search when one reaches
/// an upper bound): the first ranked by score, the others by the relaxation's estimate.
/// On about half of the typical positions the score-ranked beam dies out (its greedy
/// states cannot lay out the table); a guided beam as narrow as it then usually reaches
/// the relaxation's optimum, before the wider ones are needed (median −5 %, total −2 %
/// instructions over the bench positions vs 8/32/512; see `docs/PERFORMANCE.md`).
const BEAMS: [usize; 5] = [8, 8, 32, 128, 512];

/// Width of the focused beam (states that can still reach the relaxation's optimum).
/// On the bench's hardest position 4096 and 8192 miss the optimal play, 16384 and 32768
/// find it.
const FOCUS: usize = 16384;

/// Beams for tests: so narrow that every later stage of [`Dp::run`] is exercised.
const NARROW_BEAMS: [usize; 5] = [2, 2, 3, 4, 5];

/// The score of placing every optional natural that fits in some meld at all: in a run
/// (three consecutive numbers of its colour, the gaps filled by jokers) or a group (two
/// other colours at its number, or jokers in their place). Bounds every play's score.
fn rest_total(counts: &Counts, params: Params) -> u32 {
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

/// Where a packed score's major part (the objective's unit: tiles, or value points)
/// starts; its minor part (the other measure, the tie-break) starts at [`MINOR_SHIFT`],
/// above the room bits.
pub(super) const fn major_shift(objective: Objective) -> u32 {
    match objective {
        Objective::Tiles => 17,
        Objective::Value => 14,
    }
}

/// Where a packed score's minor part starts (see [`major_shift`]).
pub(super) const MINOR_SHIFT: u32 = 6;

/// The packed score of one whole unit of the objective: a tile, or a value point.
fn one_unit(objective: Objective) -> u32 {
    1 << major_shift(objective)
}

/// The packed score of one natural of number `n`.
fn one_tile(objective: Objective, n: u32) -> u32 {
    match objective {
        Objective::Tiles => (1 << major_shift(objective)) + (n << MINOR_SHIFT),
        Objective::Value => (n << major_shift(objective)) + (1 << MINOR_SHIFT),
    }
}

/// Joker budgets a colour step distinguishes (0..=MAX_JOKERS).
const JLEFT: u32 = MAX_JOKERS as u32 + 1;

/// Unpacks a colour step's decision.
pub(super) fn choice(v: u32) -> Choice {
    Choice::unpack(v)
}

/// One layout of a number's groups (see [`layout`]).
pub(super) fn group_layout(gamma: [u8; 4], jokers: usize, core: bool) -> Option<Vec<(u8, u8)>> {
    layout(gamma, jokers, core)
}

/// A bound that marks "no completion". Any negative bound means none: sums with it stay
/// negative (every score is below 2^28), so bounds combine without branches.
const NONE: i32 = -(1 << 29);

/// A bound per joker budget `0..=MAX_JOKERS` (budgets above the position's jokers are
/// never read).
type Budgets = [i32; JLEFT as usize];

/// The per-colour relaxation: every colour on its own, with every joker still left at
/// its disposal, and groups relaxed to a cap on how many naturals of a tile any
/// solution can send to groups (each group needs two more tiles of other colours or
/// jokers). Its optimum from a state on (memoised) bounds what the exact program can
/// still add from that state, and `NONE` says no completion exists (a fixed tile no run
/// or group can take), which drops the state at once.
#[derive(Debug, Clone, Default)]
struct Relax {
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
    /// The bound per joker budget per `(packed runs, colour, number)`, paged by the runs.
    /// Kept across positions: a row holds from the stamp in `since` on.
    rows: Paged<Budgets, LAYERS>,
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
    since: [[u32; 13]; 4],
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
    fn init(&mut self, dec: &mut Decisions, counts: &Counts, params: Params, on: bool) -> Option<u32> {
        self.on = on;
        if !on {
            return Some(u32::MAX >> 2);
        }
        self.counts = counts.clone();
        self.objective = params.objective;
        self.core = params.core;
        self.jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        let all = |c: usize, i: usize| u32::from(counts.fixed[c][i] + counts.optional[c][i]);
        for c in 0..4 {
            for i in 0..13 {
                let others: u32 = (0..4).filter(|&o| o != c).map(|o| all(o, i)).sum();
                self.gcap[c][i] = all(c, i).min((others + self.jmax) / 2);
                let have: [u32; 4] = core::array::from_fn(|o| all(o, i));
                self.gjokers[c][i] = (1..=3).map(|x| charge(&have, c, x) << (3 * x)).sum();
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
        let best = (0..=j as usize).map(|b| row[b] + others[j as usize - b]).max()?;
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
    fn pending(&mut self, n: u32, c: usize, g: usize) -> u8 {
        let at = (n as usize - 1) * 4 + c;
        if let Some(&v) = self.pend.get(g, at) {
            return v;
        }
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
        self.pend.set(g, at, fewest);
        fewest
    }

    /// Colour `c`'s bound from number `m` on with open runs `runs` (packed as in the
    /// key), for every joker budget `0..=j`.
    #[inline]
    fn row(&mut self, dec: &mut Decisions, c: usize, m: u32, runs: u32) -> Budgets {
        if m == 14 {
            return [if runs & 0x3f == 0 { 0 } else { NONE }; JLEFT as usize];
        }
        let at = c * 13 + m as usize - 1;
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
    /// `n`), for every joker budget shared among them (the jokers of runs are shared;
    /// those of groups are free in the relaxation). `None` if they have no completion
    /// with `j` jokers.
    #[inline(always)]
    fn others(&mut self, dec: &mut Decisions, key: u64, n: u32, c: usize, j: u32) -> Option<Budgets> {
        if !self.on {
            return Some([0; JLEFT as usize]);
        }
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
        (acc[j as usize] >= 0).then_some(acc)
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
        let mut acc = [0; JLEFT as usize];
        let mut first = true;
        for cc in (0..4).filter(|&cc| cc != c) {
            let m = if cc < c { n + 1 } else { n };
            let row = self.row(dec, cc, m, (key >> (cc as u32 * COLOUR_BITS)) as u32 & 0x1ff);
            // A row never falls with a larger budget, so its convolution with the
            // zero row is the row itself.
            acc = if first { row } else { max_plus(&acc, &row) };
            first = false;
        }
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

    /// `score` plus the bound on what the state `key` (after colour `c` of number `n`)
    /// can still add, given `others` (from [`Relax::others`]); `None` if it has no
    /// completion or cannot reach `target`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn estimate(
        &mut self,
        dec: &mut Decisions,
        others: &Budgets,
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
        let mut best = NONE;
        for (b, &r) in row.iter().enumerate().take(j as usize + 1) {
            best = best.max(r + others[j as usize - b]);
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
fn charge(have: &[u32; 4], c: usize, x: u32) -> u32 {
    let lower: u32 = (0..c).map(|o| have[o].min(x)).sum();
    (x.saturating_sub(lower)..=x)
        .map(|m| (2 * m).saturating_sub((c + 1..4).map(|o| have[o].min(m)).sum()))
        .min()
        .unwrap_or(0)
}

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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The parameters of an opened player's solve (jokers worth 30, every joker counted,
    /// the core layout) for the tests' random positions.
    fn opened(objective: Objective, mirror: bool) -> Params {
        Params { objective, joker_value: 30, threshold: None, joker_counts: true, core: true, mirror }
    }

    /// A random core-mode position: a table of valid melds (runs of 3–5, groups of 3–4,
    /// now and then a joker in one) and a rack drawn from the rest of the set.
    fn random_counts<R: Rng + ?Sized>(
        rng: &mut R,
        copies: u8,
        jokers: u8,
        table: usize,
        rack: usize,
    ) -> Counts {
        let mut left = [[copies; 13]; 4];
        let mut jokers_left = jokers;
        let mut counts = Counts::default();
        for _ in 0..200 {
            let placed: u32 = counts.fixed.iter().flatten().map(|&k| u32::from(k)).sum();
            if placed as usize + usize::from(counts.fixed_jokers) >= table {
                break;
            }
            let mut cells: Vec<(usize, usize)> = if rng.random_range(0..2) == 0 {
                let c = rng.random_range(0..4);
                let len = rng.random_range(3..=5);
                let start = rng.random_range(0..=13 - len);
                (start..start + len).map(|i| (c, i)).collect()
            } else {
                let i = rng.random_range(0..13);
                let size = rng.random_range(3..=4);
                let skip = rng.random_range(0..4);
                (0..4).filter(|&c| size == 4 || c != skip).map(|c| (c, i)).collect()
            };
            if cells.iter().any(|&(c, i)| left[c][i] == 0) {
                continue;
            }
            if jokers_left > 0 && rng.random_range(0..4) == 0 {
                let k = rng.random_range(0..cells.len());
                cells.remove(k);
                jokers_left -= 1;
                counts.fixed_jokers += 1;
            }
            for (c, i) in cells {
                left[c][i] -= 1;
                counts.fixed[c][i] += 1;
            }
        }
        let mut pool: Vec<(usize, usize)> = (0..4).flat_map(|c| (0..13).map(move |i| (c, i))).collect();
        for _ in 0..rack {
            let (c, i) = pool[rng.random_range(0..pool.len())];
            if left[c][i] > 0 {
                left[c][i] -= 1;
                counts.optional[c][i] += 1;
            } else if jokers_left > 0 && rng.random_range(0..8) == 0 {
                jokers_left -= 1;
                counts.optional_jokers += 1;
            }
            pool.retain(|&(c, i)| left[c][i] > 0);
            if pool.is_empty() {
                break;
            }
        }
        counts
    }

    /// Every layout of groups at one number (at most `have` naturals per colour, groups
    /// listed in shape order so that each layout comes once) and, per colour, how many
    /// of its naturals went to groups and the jokers of the groups it is the lowest
    /// colour of.
    fn layouts(
        have: [u32; 4],
        from: usize,
        sent: [u32; 4],
        charged: [u32; 4],
        out: &mut Vec<([u32; 4], [u32; 4])>,
    ) {
        out.push((sent, charged));
        // Group shapes: a colour mask (bit = colour) and its jokers, groups of 3 or 4.
        for shape in from..15 * 2 {
            let (mask, extra) = (shape / 2 + 1, (shape % 2) as u32);
            let k = (mask as u32).count_ones();
            let jokers = (3u32.saturating_sub(k) + extra).min(4 - k.min(4));
            if k + jokers < 3 || k + jokers > 4 || (extra == 1 && jokers == 3u32.saturating_sub(k)) {
                continue;
            }
            if (0..4).any(|c| mask & (1 << c) != 0 && sent[c] == have[c]) {
                continue;
            }
            let (mut s2, mut c2) = (sent, charged);
            for c in (0..4).filter(|&c| mask & (1 << c) != 0) {
                s2[c] += 1;
            }
            c2[mask.trailing_zeros() as usize] += jokers;
            layouts(have, shape, s2, c2, out);
        }
    }

    /// The beams' count of short runs (a multiply over the key) equals the plain sum.
    #[test]
    fn short_runs_are_counted_from_the_key() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5407);
        for _ in 0..10_000 {
            let key: u64 = rng.random::<u64>() & ((1 << 36) - 1) | rng.random::<u64>() << 36;
            let want: u32 = (0..4).map(|c| runs_of(key, c).0 + runs_of(key, c).1).sum();
            let got = ((key & SHORT) + (key >> 3 & SHORT)).wrapping_mul(FIELDS) >> 27 & 0x1ff;
            assert_eq!(got, u64::from(want), "{key:x}");
        }
    }

    /// [`charge`] never exceeds the jokers of the groups whose lowest natural is of that
    /// colour, in any layout of groups at one number, and is reached in many (it fails
    /// if the lower colours' naturals are not counted: tried).
    #[test]
    fn group_joker_charge_is_a_lower_bound() {
        let mut out = Vec::new();
        let mut reached = 0;
        for idx in 0..256u32 {
            let have = [idx & 3, (idx >> 2) & 3, (idx >> 4) & 3, (idx >> 6) & 3];
            out.clear();
            layouts(have, 0, [0; 4], [0; 4], &mut out);
            for &(sent, charged) in &out {
                for c in 0..4 {
                    let least = charge(&have, c, sent[c]);
                    assert!(
                        least <= charged[c],
                        "{have:?} colour {c}: {sent:?} charged {charged:?}, bound {least}"
                    );
                    reached += usize::from(least > 0 && least == charged[c]);
                }
            }
        }
        // A colour alone at its number: three naturals need six jokers in any layout.
        assert_eq!(charge(&[3, 0, 0, 0], 0, 3), 6);
        // Three of the lowest colour, one each of two higher: four jokers (the old
        // per-natural charge was none, as two higher colours are present).
        assert_eq!(charge(&[3, 1, 1, 0], 0, 3), 4);
        // The same for the highest colour: the lower ones may hold the groups' jokers.
        assert_eq!(charge(&[1, 1, 0, 3], 3, 3), 2);
        assert!(reached > 100, "{reached}");
    }

    /// The decisions [`Decisions::index`] gives for a step are the ones generated for
    /// it, whichever steps of its class and shape came first (the full program's steps
    /// at every number from 5 on share a class), on 20,000 random steps of solvable
    /// positions read through one index, in both modes. Fails if the numbers from 4 on
    /// share a class (tried).
    #[test]
    fn indexed_decisions_equal_generated() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x1DE7);
        let mut dec = Decisions::default();
        let mut dedup = Dedup::default();
        let (mut compared, mut reused) = (0, 0);
        for _ in 0..20_000 {
            let (n, core) = (rng.random_range(1..=13), rng.random_range(0..4) == 0);
            let t = rng.random_range(0..=3);
            let r = rng.random_range(0..=3 - t);
            let next = rng.random_range(0..=3);
            let (class, slot) = Step::slot(core, n, t, r, next);
            let objective = if rng.random_range(0..2) == 0 { Objective::Tiles } else { Objective::Value };
            let step = Step { layer: 0, n, value_n: n, t, r, next, objective, core, class, slot };
            let (a1, a2, a3) = (rng.random_range(0..=2), rng.random_range(0..=2), rng.random_range(0..=3));
            let jleft = rng.random_range(0..JLEFT);
            let runs = a1 | a2 << 3 | a3 << 6;
            let before = dec.kept.len();
            let (lo, hi) = dec.get(&step, runs, jleft);
            reused += usize::from(dec.kept.len() == before);
            let mut direct = Vec::new();
            gen_options(&mut direct, &mut dedup, a1, a2, a3, jleft, &step, false, false);
            assert_eq!(
                &dec.kept[lo as usize..hi as usize],
                &direct[..],
                "{step:?} runs {runs:o} jokers {jleft}"
            );
            compared += 1;
        }
        assert!(compared == 20_000 && reused > 5_000, "{reused} of {compared} from the index");
    }

    /// An opened-mode step with random counts, open runs of up to two of each length
    /// (what [`SHARED`] holds) and a random number of jokers left.
    fn random_shared_step(rng: &mut ChaCha8Rng) -> (Step, [u32; 3], u32) {
        let (n, core) = (rng.random_range(1..=13), rng.random_range(0..4) == 0);
        let t = rng.random_range(0..=3);
        let r = rng.random_range(0..=3 - t);
        let next = rng.random_range(0..=3);
        let (class, slot) = Step::slot(core, n, t, r, next);
        let step =
            Step { layer: 0, n, value_n: n, t, r, next, objective: Objective::Tiles, core, class, slot };
        let runs = [rng.random_range(0..=2), rng.random_range(0..=2), rng.random_range(0..=2)];
        (step, runs, rng.random_range(0..JLEFT))
    }

    /// A fresh solver's decisions copied from the process's [`SHARED`] table are the
    /// ones generated for the step: on 5,000 random steps (counts up to two, where the
    /// table has lists), each read by one fresh look-up, which sets the table's list,
    /// and then by another, which copies it.
    #[test]
    fn shared_decisions_equal_generated() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5EA2ED);
        let mut dedup = Dedup::default();
        for _ in 0..5_000 {
            let (step, [a1, a2, a3], jleft) = random_shared_step(&mut rng);
            let (class, slot) = (step.class, step.slot);
            let runs = a1 | a2 << 3 | a3 << 6;
            let mut direct = Vec::new();
            gen_options(&mut direct, &mut dedup, a1, a2, a3, jleft, &step, false, false);
            let cell =
                shared(class, runs, usize::from(slot) + jleft as usize).expect("counts up to two are shared");
            for _ in 0..2 {
                let mut dec = Decisions::default();
                let (lo, hi) = dec.get(&step, runs, jleft);
                assert_eq!(
                    &dec.kept[lo as usize..hi as usize],
                    &direct[..],
                    "{step:?} runs {runs:o} jokers {jleft}"
                );
            }
            assert_eq!(cell.list.get().map(|l| &l[..]), Some(&direct[..]), "the table holds the list");
        }
        assert!(
            shared(0, 0o300, 0).is_none() && shared(PER_RUN, 0, 0).is_none(),
            "nor more, nor initial melds"
        );
    }

    /// The relaxation's views of a step's decisions, computed by a fresh solver or
    /// copied from [`SHARED`] by the next one, give each run state and joker budget the
    /// most naturals any decision places within the cap and the budget (the jokers it
    /// spends plus those charged for its group naturals), against a brute force over the
    /// generated decisions: 3,000 random steps, caps and charges.
    #[test]
    fn shared_relaxed_views_equal_a_brute_force() {
        let mut rng = ChaCha8Rng::seed_from_u64(0xB0_0D5);
        let mut dedup = Dedup::default();
        for _ in 0..3_000 {
            let (step, [a1, a2, a3], jmax) = random_shared_step(&mut rng);
            let runs = a1 | a2 << 3 | a3 << 6;
            let cap = rng.random_range(0..=3);
            let charge: u32 = (1..=3).map(|x| rng.random_range(0..=2 * x) << (3 * x)).sum();
            let mut direct = Vec::new();
            gen_options(&mut direct, &mut dedup, a1, a2, a3, jmax, &step, false, false);
            let best = |list: &mut dyn Iterator<Item = (u32, u32, u32)>| {
                let mut most = std::collections::BTreeMap::new();
                for (runs, spent, placed) in list {
                    for b in spent..=jmax {
                        let m = most.entry((runs, b)).or_insert(placed);
                        *m = (*m).max(placed);
                    }
                }
                most
            };
            let want = best(&mut direct.iter().filter_map(|o| {
                let (gamma, placed) = (u32::from(o.gamma), u32::from(o.delta >> 8));
                let spent = u32::from(o.jokers) + ((charge >> (3 * gamma)) & 7);
                (gamma <= cap && spent <= jmax).then_some((u32::from(o.runs), spent, placed))
            }));
            for _ in 0..2 {
                let mut dec = Decisions::default();
                dec.look.steps.push(step);
                let (lo, hi) = dec.relaxed(0, runs, jmax, cap, charge);
                let got = &dec.bounds[lo as usize..hi as usize];
                assert!(got.windows(2).all(|w| w[0].runs <= w[1].runs), "ordered by runs");
                let got = best(
                    &mut got.iter().map(|b| (u32::from(b.runs), u32::from(b.spent), u32::from(b.placed))),
                );
                assert_eq!(got, want, "{step:?} runs {runs:o} jokers {jmax} cap {cap} charge {charge:o}");
            }
        }
    }

    /// Decisions derived from those for more jokers left and more room at the next
    /// number (or any room, [`OPEN_NEXT`]) are the generated ones, in the same order, in
    /// both modes, for every step shape (see [`derive`]).
    #[test]
    fn derived_decisions_equal_generated() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x00DE_217E);
        let mut dedup = Dedup::default();
        let (mut compared, mut merged) = (0, 0);
        for _ in 0..20_000 {
            let n = rng.random_range(1..=13);
            let step = Step {
                layer: 0,
                n,
                value_n: n,
                t: rng.random_range(0..=3),
                r: rng.random_range(0..=3),
                next: rng.random_range(0..=6),
                objective: if rng.random_range(0..2) == 0 { Objective::Tiles } else { Objective::Value },
                core: rng.random_range(0..2) == 0,
                // Not read by generation.
                class: 0,
                slot: 0,
            };
            let (a1, a2, a3) = (rng.random_range(0..=3), rng.random_range(0..=4), rng.random_range(0..=5));
            let wide_j = rng.random_range(0..JLEFT);
            let j = rng.random_range(0..=wide_j);
            let wide_next =
                if rng.random_range(0..2) == 0 { OPEN_NEXT } else { rng.random_range(step.next..=6) };
            let mut opts = Vec::new();
            let wide = gen_options(
                &mut opts,
                &mut dedup,
                a1,
                a2,
                a3,
                wide_j,
                &Step { next: wide_next, ..step },
                false,
                false,
            );
            if dedup.overflow {
                continue;
            }
            let mut direct = Vec::new();
            gen_options(&mut direct, &mut dedup, a1, a2, a3, j, &step, false, false);
            let (lo, hi) = derive(&mut opts, &mut dedup, wide, j, step.next);
            assert_eq!(
                &opts[lo as usize..hi as usize],
                &direct[..],
                "{step:?} runs {a1} {a2} {a3} {wide_j} {wide_next} -> {j}"
            );
            compared += 1;
            merged += usize::from(direct.len() < (wide.1 - wide.0) as usize);
        }
        assert!(compared > 15_000 && merged > 5_000, "{compared} compared, {merged} merged");
    }

    /// The plain exact program: one pass, no beam, no relaxation.
    fn plain(counts: &Counts, params: Params) -> Option<u32> {
        let mut dp = Dp::default();
        dp.dec.reset(counts, params);
        dp.relax.init(&mut dp.dec, counts, params, false);
        dp.run_with(Sweep { counts, params }, Pass::EXACT, usize::MAX)
            .ok()
            .flatten()
            .map(|o| o.score & !ROOM_MASK)
    }

    /// The relaxation bounds every state: on random positions (up to 4 jokers, both sets,
    /// both objectives, both sweep directions), the exact program with the relaxation on
    /// and no target stores every state with its estimate (score + bound), and no play
    /// that completes a stored state scores more than that estimate (plus the room bits).
    /// Its optimum is the plain program's (exact under the brute force of
    /// `tests/solver_bruteforce.rs`), and the root's bound is at least that optimum.
    #[test]
    fn relaxation_bounds_every_state() {
        let mut rng = ChaCha8Rng::seed_from_u64(0xB0_0D5);
        let (mut states, mut tight) = (0usize, 0usize);
        for case in 0..400 {
            let copies = if case % 2 == 0 { 3 } else { 2 };
            let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
            let table = rng.random_range(0..=36);
            let rack = rng.random_range(1..=12);
            let counts = random_counts(&mut rng, copies, jokers, table, rack);
            for objective in [Objective::Tiles, Objective::Value] {
                for mirror in [false, true] {
                    let params = opened(objective, mirror);
                    let c = if mirror { counts.mirrored() } else { counts.clone() };
                    let want = plain(&c, params);
                    let mut dp = Dp::default();
                    dp.dec.reset(&c, params);
                    let upper = dp.relax.init(&mut dp.dec, &c, params, true);
                    let got = dp
                        .run_with(Sweep { counts: &c, params }, Pass::EXACT, usize::MAX)
                        .ok()
                        .flatten()
                        .map(|o| o.score & !ROOM_MASK);
                    assert_eq!(got, want, "case {case} {objective:?} mirror {mirror}");
                    let Some(best) = want else {
                        continue;
                    };
                    assert!(upper.is_some_and(|u| u >= best), "case {case}: root {upper:?} < {best}");
                    // The best complete play through each state, from the last layer up.
                    let mut through = vec![0u32; dp.entries.len()];
                    let last = dp.layer(LAYERS);
                    for i in last.clone() {
                        let e = dp.entries[i];
                        let open = (0..4).any(|cc| runs_of(e.key, cc).0 + runs_of(e.key, cc).1 > 0);
                        if e.choice != DEAD && !open {
                            through[i] = e.score + 1;
                        }
                    }
                    for i in (1..last.end).rev() {
                        let p = dp.entries[i].parent as usize;
                        through[p] = through[p].max(through[i]);
                    }
                    for (i, e) in dp.entries.iter().enumerate().skip(1) {
                        if e.choice == DEAD || through[i] == 0 {
                            continue;
                        }
                        let reach = through[i] - 1;
                        assert!(
                            e.est + ROOM_MASK >= reach,
                            "case {case} {objective:?} mirror {mirror}: state {:x} bound {} < {reach}",
                            e.key,
                            e.est
                        );
                        states += 1;
                        tight += usize::from(e.est & !ROOM_MASK == reach & !ROOM_MASK);
                    }
                }
            }
        }
        assert!(states > 60_000 && tight > 20_000, "{states} states, {tight} tight");
    }

    /// The relaxation's rows kept across positions ([`Relax::since`]) are the rows of a
    /// fresh relaxation: along random walks of positions (one tile added, taken away or
    /// moved between table and rack at a time, sometimes a joker; both objectives, both
    /// directions, both sets), one relaxation reused and a fresh one give the same root
    /// bound and the same row for every colour, number and run count the root reads,
    /// and the exact passes under the reused one find the same optimum. (It fails when
    /// a colour's rows are kept whatever changed: tried.)
    #[test]
    fn rows_kept_across_positions_equal_fresh_ones() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5A_4ED);
        let (mut kept, mut compared) = (0usize, 0usize);
        for walk in 0..24 {
            let copies = if walk % 2 == 0 { 3 } else { 2 };
            let jokers = rng.random_range(0..=2);
            let table = rng.random_range(6..=30);
            let mut counts = random_counts(&mut rng, copies, jokers, table, 8);
            let objective = if walk % 4 < 2 { Objective::Tiles } else { Objective::Value };
            let mirror = walk % 3 == 0;
            let params = opened(objective, mirror);
            let mut shared = Dp::default();
            for step in 0..30 {
                if step > 0 {
                    let (c, i) = (rng.random_range(0..4), rng.random_range(0..13));
                    let held = counts.fixed[c][i] + counts.optional[c][i];
                    match rng.random_range(0..5) {
                        0 if held < copies => counts.optional[c][i] += 1,
                        1 if counts.optional[c][i] > 0 => counts.optional[c][i] -= 1,
                        2 if counts.optional[c][i] > 0 => {
                            counts.optional[c][i] -= 1;
                            counts.fixed[c][i] += 1;
                        }
                        3 if counts.optional_jokers + counts.fixed_jokers < 2 => counts.optional_jokers += 1,
                        4 if counts.optional_jokers > 0 => counts.optional_jokers -= 1,
                        _ => {}
                    }
                }
                let mut fresh = Dp::default();
                fresh.dec.reset(&counts, params);
                let want = fresh.relax.init(&mut fresh.dec, &counts, params, true);
                shared.dec.reset(&counts, params);
                let got = shared.relax.init(&mut shared.dec, &counts, params, true);
                assert_eq!(got, want, "walk {walk} step {step}: root bound");
                kept += (0..4).filter(|&c| shared.relax.since[c][0] < shared.relax.rows.stamp()).count();
                for c in 0..4 {
                    for m in 1..=13 {
                        for runs in [0, 0o001, 0o010, 0o100, 0o011, 0o002] {
                            let want = fresh.relax.row(&mut fresh.dec, c, m, runs);
                            let got = shared.relax.row(&mut shared.dec, c, m, runs);
                            assert_eq!(
                                got, want,
                                "walk {walk} step {step}: colour {c} number {m} runs {runs:o}"
                            );
                            compared += 1;
                        }
                    }
                }
                let plain_optimum = plain(&counts, params);
                let found = shared
                    .run_with(Sweep { counts: &counts, params }, Pass::EXACT, usize::MAX)
                    .ok()
                    .flatten()
                    .map(|o| o.score & !ROOM_MASK);
                assert_eq!(found, plain_optimum, "walk {walk} step {step}: optimum");
            }
        }
        assert!(kept > 500 && compared > 100_000, "{kept} colours kept, {compared} rows compared");
    }

    /// An exact pass that goes on from one given up under another target (held while a
    /// beam ran in between) answers as a pass started afresh under its own target: from
    /// a lower target it finds the same plays, and one given up under a higher target is
    /// not used (it fails if that one is used, if the plays below the target that the
    /// lower one finds are not dropped, or if a play that every pass under the target
    /// finds, one whose room bits are below it, is dropped: all three tried).
    #[test]
    fn a_pass_goes_on_from_one_given_up_under_a_lower_target() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x4E1D);
        let (mut resumed, mut lower) = (0, 0);
        for case in 0..300 {
            let copies = if case % 2 == 0 { 3 } else { 2 };
            let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
            let (table, rack) = (rng.random_range(0..=40), rng.random_range(1..=12));
            let counts = random_counts(&mut rng, copies, jokers, table, rack);
            let objective = if case % 3 == 0 { Objective::Value } else { Objective::Tiles };
            let params = opened(objective, false);
            let Some(best) = plain(&counts, params) else {
                continue;
            };
            let sweep = Sweep { counts: &counts, params };
            let unit = one_unit(objective);
            // Targets around the optimum: below it (a play reaches them), at its score,
            // that of the pass looking for anything better than a play one tie-break
            // point below it ([`Progress::beat`]: the optimum reaches it only with the
            // room bits aside), and one unit above (none does).
            let targets = [
                best.saturating_sub(2 * unit),
                best.saturating_sub(unit),
                best,
                best + ROOM_MASK,
                best + ROOM_MASK + 1,
                best + unit,
            ];
            let fresh = |target: u32| {
                let mut dp = Dp::default();
                dp.open(sweep);
                dp.relax.init(&mut dp.dec, &counts, params, true);
                dp.run_with(sweep, Pass { beam: None, bound: target }, usize::MAX)
                    .ok()
                    .flatten()
                    .map(|o| o.score)
            };
            for &first in &targets {
                for &second in &targets {
                    let mut dp = Dp::default();
                    dp.open(sweep);
                    dp.relax.init(&mut dp.dec, &counts, params, true);
                    let limit = 1 + rng.random_range(0..40);
                    let given_up = dp.run_with(sweep, Pass { beam: None, bound: first }, limit).is_err();
                    let _ = dp.run_with(sweep, Pass { beam: Some(3), bound: 0 }, usize::MAX);
                    let held = dp.held.bound.is_some();
                    let got = dp.run_with(sweep, Pass { beam: None, bound: second }, usize::MAX);
                    let got = got.ok().flatten().map(|o| o.score);
                    let reach = |s: Option<u32>| s.filter(|&s| s >= second);
                    // The plays every pass under `second` finds (the room bits aside, as in
                    // [`Progress::beat`]).
                    let found = |s: Option<u32>| s.filter(|&s| s | ROOM_MASK >= second);
                    let context = format!("case {case}: given up under {first:x}, then {second:x}");
                    assert_eq!(reach(got), reach(fresh(second)), "{context}");
                    assert_eq!(found(got), found(fresh(second)), "{context}");
                    if given_up && held && first < second {
                        assert_eq!(got, found(got), "{context}");
                    }
                    resumed += usize::from(given_up && held && first <= second);
                    lower += usize::from(given_up && held && first < second);
                }
            }
        }
        assert!(resumed > 1_000 && lower > 500, "{resumed} resumed, {lower} from a lower target");
    }

    /// The search decides the colours in [`colour_order`] whatever their labels: a
    /// position with its colours relabelled has the same optimum, and the same decisions
    /// relabelled (the group jokers with colour 3), where the colours' tile counts differ
    /// (the order is then the same). Fails if the decisions are not put back in the
    /// colours as given, or the group jokers left with the colour decided last.
    #[test]
    fn colour_labels_do_not_change_the_search() {
        let mut rng = ChaCha8Rng::seed_from_u64(0xC010_0125);
        let mut dp = Dp::default();
        let groups = 7 << GROUP_JOKER_SHIFT;
        let mut tried = 0;
        while tried < 150 {
            let copies = if tried % 3 == 0 { 3 } else { 2 };
            let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
            let (table, rack) = (rng.random_range(0..=48), rng.random_range(1..=14));
            let counts = random_counts(&mut rng, copies, jokers, table, rack);
            let tiles = |c: usize| -> u32 {
                counts.fixed[c].iter().chain(&counts.optional[c]).map(|&n| u32::from(n)).sum()
            };
            let mut totals: Vec<u32> = (0..4).map(tiles).collect();
            totals.sort_unstable();
            totals.dedup();
            if totals.len() < 4 {
                continue;
            }
            tried += 1;
            // Colour `k` of the relabelled position is colour `perm[k]` of the original.
            let mut perm = [0, 1, 2, 3];
            for k in (1..4).rev() {
                perm.swap(k, rng.random_range(0..=k));
            }
            let relabelled = counts.recoloured(perm);
            for objective in [Objective::Tiles, Objective::Value] {
                let params = opened(objective, false);
                let a = dp.search(&[Sweep { counts: &counts, params }], usize::MAX, 0).map(|(o, _)| o);
                let b = dp.search(&[Sweep { counts: &relabelled, params }], usize::MAX, 0).map(|(o, _)| o);
                assert_eq!(
                    a.as_ref().map(|o| o.score),
                    b.as_ref().map(|o| o.score),
                    "case {tried} {objective:?}"
                );
                let (Some(a), Some(b)) = (a, b) else { continue };
                for (x, y) in a.choices.chunks_exact(4).zip(b.choices.chunks_exact(4)) {
                    for k in 0..4 {
                        assert_eq!(x[perm[k]] & !groups, y[k] & !groups, "case {tried} {objective:?}");
                    }
                    assert_eq!(x[3] & groups, y[3] & groups, "case {tried} {objective:?}: group jokers");
                    assert!(x[..3].iter().all(|&v| v & groups == 0), "case {tried}: group jokers elsewhere");
                }
            }
        }
    }

    /// The staged search (beams, the relaxation's bound, descending targets) finds the
    /// same core optimum as the plain program on bench-sized positions, with its usual
    /// beams and with beams so narrow that the exact stages after them always run, in
    /// either sweep direction (the mirrored one scoring every tile at its own number)
    /// and in both at once (raced with tiny limits); and its decisions rebuild into
    /// valid melds holding every fixed tile.
    #[test]
    fn staged_search_equals_plain_program() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5EA5_C0DE);
        let mut staged = Dp::default();
        let mut narrow = Dp { narrow: true, ..Dp::default() };
        for case in 0..300 {
            let copies = if case % 3 == 0 { 3 } else { 2 };
            let jokers = rng.random_range(0..=if copies == 3 { 4 } else { 2 });
            let table = rng.random_range(0..=48);
            let rack = rng.random_range(1..=14);
            let counts = random_counts(&mut rng, copies, jokers, table, rack);
            for objective in [Objective::Tiles, Objective::Value] {
                let params = opened(objective, false);
                let want = plain(&counts, params);
                let mirrored = counts.mirrored();
                let both = [
                    Sweep { counts: &counts, params },
                    Sweep { counts: &mirrored, params: Params { mirror: true, ..params } },
                ];
                // Forward, mirrored, and both; the latter with tiny race limits, so that
                // the exact passes are given up and raced round after round.
                for (wide, pick) in
                    [(true, 0..1), (false, 0..1), (true, 1..2), (false, 1..2), (true, 0..2), (false, 0..2)]
                {
                    let dp = if wide { &mut staged } else { &mut narrow };
                    let sweeps = &both[pick];
                    let limit = if sweeps.len() == 2 { 1 + case % 64 } else { usize::MAX };
                    let (got, i) = dp.search(sweeps, limit, 0).map_or((None, 0), |(o, i)| (Some(o), i));
                    let (c, mirror) = (sweeps[i].counts, sweeps[i].params.mirror);
                    assert_eq!(
                        got.as_ref().map(|o| o.score & !ROOM_MASK),
                        want,
                        "case {case} {objective:?} sweeps {}",
                        sweeps.len()
                    );
                    if let Some(opt) = got {
                        let (melds, placed) = super::super::build(c, &opt, true, mirror);
                        let mut on_table = [[0u8; 13]; 4];
                        for m in &melds {
                            for t in m.faces().iter().filter(|t| !t.is_joker()) {
                                let n = t.number().unwrap_or(1) as usize;
                                let c = rummykit_core::Colour::ALL
                                    .iter()
                                    .position(|&c| Some(c) == t.colour())
                                    .unwrap_or(0);
                                on_table[c][n - 1] += 1;
                            }
                        }
                        let mut expect = counts.fixed;
                        for t in placed.iter().filter(|t| !t.is_joker()) {
                            let n = t.number().unwrap_or(1) as usize;
                            let c = rummykit_core::Colour::ALL
                                .iter()
                                .position(|&c| Some(c) == t.colour())
                                .unwrap_or(0);
                            expect[c][n - 1] += 1;
                            assert!(expect[c][n - 1] <= counts.fixed[c][n - 1] + counts.optional[c][n - 1]);
                        }
                        assert_eq!(on_table, expect, "case {case}: tiles not conserved");
                    }
                }
            }
        }
    }
}
