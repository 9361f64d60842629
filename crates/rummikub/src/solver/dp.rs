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

use super::groups::{MAX_COPIES, joker_masks, layout};
use super::{MAX_JOKERS, Objective};

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

/// The parameters of one DP run.
#[derive(Debug, Clone, Copy)]
pub(super) struct Params {
    pub objective: Objective,
    pub joker_value: u32,
    /// Initial-meld mode: track the represented value and demand at least this much.
    pub threshold: Option<u32>,
    /// Solve the *core* relaxation: jokers only where none could be taken away (inside
    /// runs, padding a short run or group to three); every other joker is counted as
    /// placed and must then find room (see `mod.rs`).
    pub core: bool,
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    score: u32,
    parent: u32,
    choice: u32,
}

/// Where the last colour step of a number stores the jokers given to its groups.
pub(super) const GROUP_JOKER_SHIFT: u32 = 27;

/// Marks a state that another state of its layer dominates.
const DEAD: u32 = u32::MAX;

// Key layout.
const COLOUR_BITS: u32 = 9;
const J_SHIFT: u32 = 36;
const GAMMA_SHIFT: u32 = 39;
const VALUE_SHIFT: u32 = 48;
/// Largest value tracked (more than the whole 160-tile set is worth).
const VALUE_CAP: u32 = 4095;

#[inline]
fn runs_of(key: u64, c: usize) -> (u32, u32, u32) {
    let v = (key >> (c as u32 * COLOUR_BITS)) as u32;
    (v & 7, (v >> 3) & 7, (v >> 6) & 7)
}

#[inline]
fn with_runs(key: u64, c: usize, a1: u32, a2: u32, a3: u32) -> u64 {
    let shift = c as u32 * COLOUR_BITS;
    (key & !(0x1ff << shift)) | (u64::from(a1 | a2 << 3 | a3 << 6) << shift)
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

/// The reusable DP: layer storage and the hash index.
#[derive(Debug, Default, Clone)]
pub(super) struct Dp {
    entries: Vec<Entry>,
    layer_start: Vec<usize>,
    slots: Vec<u32>,
    /// The hash index in use is `slots[..=mask]`.
    mask: usize,
    /// Precomputed colour decisions of the current step, and per incoming
    /// `(a1, a2, a3, jokers left)` their range in `opts`, valid when its stamp is current.
    opts: Vec<Opt>,
    stamp: Vec<u32>,
    range: Vec<(u32, u32)>,
    stamp_now: u32,
    /// A beam pass dropped states (so its answer is only a bound).
    truncated: bool,
}

impl Dp {
    fn begin_layer(&mut self, expected: usize) {
        self.layer_start.push(self.entries.len());
        let want = (expected * 2).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots.resize(want, 0);
        }
        self.mask = want - 1;
        self.slots[..want].fill(0);
    }

    #[inline]
    fn insert(&mut self, key: u64, score: u32, parent: u32, choice: u32) {
        let start = *self.layer_start.last().unwrap_or(&0);
        if (self.entries.len() - start + 1) * 2 > self.mask + 1 {
            self.grow(start);
        }
        let mask = self.mask;
        let mut h = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
        loop {
            let s = self.slots[h];
            if s == 0 {
                self.slots[h] = (self.entries.len() - start + 1) as u32;
                self.entries.push(Entry { key, score, parent, choice });
                return;
            }
            let e = &mut self.entries[start + s as usize - 1];
            if e.key == key {
                if score > e.score {
                    *e = Entry { key, score, parent, choice };
                }
                return;
            }
            h = (h + 1) & mask;
        }
    }

    #[cold]
    fn grow(&mut self, start: usize) {
        let size = (self.mask + 1) * 2;
        if self.slots.len() < size {
            self.slots.resize(size, 0);
        }
        self.mask = size - 1;
        self.slots[..size].fill(0);
        let mask = self.mask;
        for (i, e) in self.entries[start..].iter().enumerate() {
            let mut h = (e.key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
            while self.slots[h] != 0 {
                h = (h + 1) & mask;
            }
            self.slots[h] = i as u32 + 1;
        }
    }

    fn find(&self, key: u64) -> Option<&Entry> {
        let start = *self.layer_start.last()?;
        let mut h = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask;
        loop {
            let s = self.slots[h];
            if s == 0 {
                return None;
            }
            let e = &self.entries[start + s as usize - 1];
            if e.key == key {
                return Some(e);
            }
            h = (h + 1) & self.mask;
        }
    }

    /// Marks the states of the newest layer that another state of it dominates: as good
    /// a score with a run one step longer (a longer run has fewer obligations and the
    /// same options), one more long run open (it may simply end), or, in core mode,
    /// fewer jokers spent (every joker counts as placed there, so a spare one is only
    /// more freedom).
    fn prune(&mut self, core: bool) {
        let start = *self.layer_start.last().unwrap_or(&0);
        for i in start..self.entries.len() {
            let Entry { key, score, .. } = self.entries[i];
            let mut better = [0u64; 14];
            let mut k = 0;
            for c in 0..4 {
                let (a1, a2, a3) = runs_of(key, c);
                if a3 < 7 {
                    better[k] = with_runs(key, c, a1, a2, a3 + 1);
                    k += 1;
                }
                if a2 > 0 && a3 < 7 {
                    better[k] = with_runs(key, c, a1, a2 - 1, a3 + 1);
                    k += 1;
                }
                if a1 > 0 && a2 < 7 {
                    better[k] = with_runs(key, c, a1 - 1, a2 + 1, a3);
                    k += 1;
                }
            }
            let j = jokers_of(key);
            if core && j > 0 {
                better[k] = key - (1 << J_SHIFT);
                k += 1;
            }
            if better[..k].iter().any(|&b| self.find(b).is_some_and(|e| e.score >= score)) {
                self.entries[i].choice = DEAD;
            }
        }
    }

    /// Beam mode: marks all but the `width` best live states of the newest layer (by
    /// score, then fewer jokers spent: spare jokers keep more completions open).
    fn keep_best(&mut self, width: usize) {
        let start = *self.layer_start.last().unwrap_or(&0);
        let rank = |e: &Entry| u64::from(e.score) << 3 | u64::from(7 - jokers_of(e.key));
        let mut live: Vec<u64> =
            self.entries[start..].iter().filter(|e| e.choice != DEAD).map(rank).collect();
        if live.len() <= width {
            return;
        }
        self.truncated = true;
        let (_, &mut cut, _) = live.select_nth_unstable_by(width - 1, |a, b| b.cmp(a));
        let mut kept = 0;
        for e in &mut self.entries[start..] {
            if e.choice != DEAD {
                let r = rank(e);
                if r > cut || (r == cut && kept < width) {
                    kept += 1;
                } else {
                    e.choice = DEAD;
                }
            }
        }
    }

    fn layer(&self, i: usize) -> core::ops::Range<usize> {
        self.layer_start[i]..self.layer_start.get(i + 1).copied().unwrap_or(self.entries.len())
    }

    /// Runs the DP; `None` if the fixed tiles cannot all be placed.
    pub(super) fn run(&mut self, counts: &Counts, params: Params) -> Option<Optimum> {
        if !params.core {
            return self.run_with(counts, params, None, 0);
        }
        // Branch and bound: a narrow beam finds a good core solution cheaply; the exact
        // pass then drops every state that cannot beat it even if it placed every
        // optional tile still to come.
        let total = rest_total(counts, params.objective);
        let mut bound = 0;
        for width in BEAMS {
            self.truncated = false;
            let beam = self.run_with(counts, params, Some(width), 0);
            if !self.truncated {
                // The beam never had to drop a state: it was the exact program.
                return beam;
            }
            bound = bound.max(beam.as_ref().map_or(0, |o| o.score));
            // Every optional tile placed: nothing can beat it.
            if beam.is_some() && bound >> 6 == total >> 6 {
                return beam;
            }
        }
        self.run_with(counts, params, None, bound)
    }

    /// One pass of the DP. `beam`: keep only that many best states per layer (a
    /// heuristic, for a lower bound). `bound`: a score some solution reaches; states
    /// that cannot reach it are dropped.
    fn run_with(
        &mut self,
        counts: &Counts,
        params: Params,
        beam: Option<usize>,
        bound: u32,
    ) -> Option<Optimum> {
        // What the optional tiles from each step on can add at most.
        let mut rest = [0u32; 53];
        for n in (1..=13u32).rev() {
            for c in (0..4).rev() {
                let step = (n as usize - 1) * 4 + c;
                let r = u32::from(counts.optional[c][n as usize - 1]);
                rest[step] = rest[step + 1] + r * one_tile(params.objective, n);
            }
        }
        self.entries.clear();
        self.layer_start.clear();
        if self.stamp.is_empty() {
            self.stamp = vec![0; (8 * 8 * 8 * JLEFT) as usize];
            self.range = vec![(0, 0); (8 * 8 * 8 * JLEFT) as usize];
        }
        let jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        let cap = params.threshold.map(|t| t.min(VALUE_CAP));
        let masks = joker_masks(params.core);
        self.begin_layer(1);
        self.entries.push(Entry { key: 0, score: 0, parent: 0, choice: 0 });
        let mut layer = 0;
        for n in 1..=13u32 {
            for c in 0..4 {
                let t = u32::from(counts.fixed[c][n as usize - 1]);
                let r = u32::from(counts.optional[c][n as usize - 1]);
                // Naturals of this colour at the next number (none after 13).
                let next = if n < 13 {
                    u32::from(counts.fixed[c][n as usize] + counts.optional[c][n as usize])
                } else {
                    0
                };
                let prev = self.layer(layer);
                self.begin_layer(prev.len());
                self.stamp_now = self.stamp_now.wrapping_add(1);
                self.opts.clear();
                let step = Step { n, t, r, next, objective: params.objective, core: params.core };
                for i in prev {
                    let Entry { key, score, choice, .. } = self.entries[i];
                    if choice == DEAD || (bound > 0 && score + rest[layer] + ROOM_MASK < bound) {
                        continue;
                    }
                    self.colour_options(key, score, i as u32, c, &step, jmax, cap, masks);
                }
                self.prune(params.core);
                if let Some(width) = beam {
                    self.keep_best(width);
                }
                layer += 1;
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
            if let (Some(cap), Some(t)) = (cap, params.threshold) {
                if t > VALUE_CAP || value_of(e.key) < cap {
                    continue;
                }
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
        let (mut i, _) = best?;
        let score = self.entries[i].score;
        let jokers = jokers_of(self.entries[i].key);
        let mut choices = vec![0u32; layer];
        for step in (0..layer).rev() {
            choices[step] = self.entries[i].choice;
            i = self.entries[i].parent as usize;
        }
        Some(Optimum { choices, jokers, score })
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
        masks: &[u8; 125],
    ) {
        let (a1, a2, a3) = runs_of(key, c);
        let jleft = jmax - jokers_of(key);
        let idx = (((a1 * 8 + a2) * 8 + a3) * JLEFT + jleft) as usize;
        let (lo, hi) = if self.stamp[idx] == self.stamp_now {
            self.range[idx]
        } else {
            let r = self.gen_options(a1, a2, a3, jleft, step, cap.is_some());
            self.stamp[idx] = self.stamp_now;
            self.range[idx] = r;
            r
        };
        let value0 = value_of(key);
        let shift = c as u32 * COLOUR_BITS;
        let base = key & !(0x1ff << shift);
        for o in lo..hi {
            let o = self.opts[o as usize];
            let mut k = base | u64::from(o.runs) << shift;
            k += u64::from(o.jokers) << J_SHIFT;
            if o.gamma > 0 {
                k += 1 << (GAMMA_SHIFT + 3 * (o.gamma - 1));
            }
            let mut v = value0 + o.value;
            if c < 3 {
                if let Some(cap) = cap {
                    k = (k & !(0xfff << VALUE_SHIFT)) | u64::from(v.min(cap)) << VALUE_SHIFT;
                }
                self.insert(k, score + o.delta, parent, o.choice);
                continue;
            }
            // Last colour of the number: form the groups right away, with every joker
            // count the naturals sent to groups allow.
            let g = (k >> GAMMA_SHIFT) as u32;
            let (n1, n2, n3) = (g & 7, (g >> 3) & 7, (g >> 6) & 7);
            let mask = u32::from(masks[(n1 * 25 + n2 * 5 + n3) as usize]);
            let j = jokers_of(k);
            let base = k & !(0x1ff << GAMMA_SHIFT);
            for add in 0..=(jmax - j) {
                if mask & (1 << add) == 0 {
                    continue;
                }
                let mut kk = base + (u64::from(add) << J_SHIFT);
                if let Some(cap) = cap {
                    v = value0 + o.value + add * step.n;
                    kk = (kk & !(0xfff << VALUE_SHIFT)) | u64::from(v.min(cap)) << VALUE_SHIFT;
                }
                self.insert(kk, score + o.delta, parent, o.choice | add << GROUP_JOKER_SHIFT);
            }
        }
    }

    /// Every distinct decision for a colour with open runs `(a1, a2, a3)` and `jleft`
    /// jokers left, keeping the best score for each outcome; appended to `opts`.
    fn gen_options(
        &mut self,
        a1: u32,
        a2: u32,
        a3: u32,
        jleft: u32,
        step: &Step,
        track_value: bool,
    ) -> (u32, u32) {
        let Step { n, t, r, next, objective, core } = *step;
        let lo = self.opts.len();
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
                                            let delta = match objective {
                                                Objective::Tiles => (placed << 17) + ((placed * n) << 6),
                                                Objective::Value => ((placed * n) << 14) + (placed << 6),
                                            } + spare_room;
                                            let mut value = 0;
                                            if track_value {
                                                value = u * n + ext * n + s1 * (n - 1);
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
                                                runs: na1 | na2 << 3 | na3 << 6,
                                                jokers: used_j,
                                                gamma,
                                                value,
                                                delta,
                                                choice,
                                            };
                                            match self.opts[lo..].iter_mut().find(|p| p.same_outcome(&o)) {
                                                Some(p) if p.delta >= o.delta => {}
                                                Some(p) => *p = o,
                                                None => self.opts.push(o),
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
        (lo as u32, self.opts.len() as u32)
    }
}

/// What one colour step sees: the number, the fixed and optional naturals of the tile
/// and of the next number, the objective, and whether this is the core relaxation.
#[derive(Debug, Clone, Copy)]
struct Step {
    n: u32,
    t: u32,
    r: u32,
    next: u32,
    objective: Objective,
    core: bool,
}

/// One precomputed colour decision: the colour's new runs, the jokers it spends, the
/// naturals it sends to groups, the value it represents, its score and its packed form.
#[derive(Debug, Clone, Copy)]
struct Opt {
    runs: u32,
    jokers: u32,
    gamma: u32,
    value: u32,
    delta: u32,
    choice: u32,
}

impl Opt {
    fn same_outcome(&self, o: &Opt) -> bool {
        (self.runs, self.jokers, self.gamma, self.value) == (o.runs, o.jokers, o.gamma, o.value)
    }
}

/// Low score bits: a count of melds with room for a spare joker (core mode tie-break).
const ROOM_MASK: u32 = 0x3f;

/// The score of placing every optional natural.
fn rest_total(counts: &Counts, objective: Objective) -> u32 {
    let mut total = 0;
    for row in &counts.optional {
        for (i, &r) in row.iter().enumerate() {
            let n = i as u32 + 1;
            total += u32::from(r) * one_tile(objective, n);
        }
    }
    total
}

/// The packed score of one natural of number `n`.
fn one_tile(objective: Objective, n: u32) -> u32 {
    match objective {
        Objective::Tiles => (1 << 17) + (n << 6),
        Objective::Value => (n << 14) + (1 << 6),
    }
}

/// Widths of the beams that look for a lower bound (and stop early when one places
/// every optional tile).
const BEAMS: [usize; 3] = [64, 1024, 16384];

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
