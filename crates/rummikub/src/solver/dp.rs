//! The dynamic program: sweep the numbers 1..13, per number colour by colour, with the
//! open runs of every colour (how many of length 1, 2 and ≥ 3), the jokers used so far
//! and, in initial-meld mode, the value laid down so far as the state.
//!
//! Each colour step decides, for the tile `(colour, number)`: how many open runs of
//! length ≥ 3 go on (the others end), how many continuing runs take a joker instead of
//! a natural, how many new runs start here (a new run starts at its first natural,
//! with 0, 1 or more jokers before it), and how many naturals go to this number's
//! groups. The group step then checks, from a precomputed table, which joker counts
//! let those naturals form groups. Every meld gets at least one natural by construction:
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
}

#[derive(Debug, Clone, Copy)]
struct Entry {
    key: u64,
    score: u32,
    parent: u32,
    choice: u32,
}

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
    /// Jokers used in total.
    pub jokers: u32,
}

/// The reusable DP: layer storage and the hash index.
#[derive(Debug, Default, Clone)]
pub(super) struct Dp {
    entries: Vec<Entry>,
    layer_start: Vec<usize>,
    slots: Vec<u32>,
}

impl Dp {
    fn begin_layer(&mut self, expected: usize) {
        self.layer_start.push(self.entries.len());
        let want = (expected * 2).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots = vec![0; want];
        } else {
            self.slots.fill(0);
        }
    }

    #[inline]
    fn insert(&mut self, key: u64, score: u32, parent: u32, choice: u32) {
        let start = *self.layer_start.last().unwrap_or(&0);
        if (self.entries.len() - start + 1) * 2 > self.slots.len() {
            self.grow(start);
        }
        let mask = self.slots.len() - 1;
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
        let size = self.slots.len() * 2;
        self.slots = vec![0; size];
        let mask = size - 1;
        for (i, e) in self.entries[start..].iter().enumerate() {
            let mut h = (e.key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & mask;
            while self.slots[h] != 0 {
                h = (h + 1) & mask;
            }
            self.slots[h] = i as u32 + 1;
        }
    }

    fn layer(&self, i: usize) -> core::ops::Range<usize> {
        self.layer_start[i]..self.layer_start.get(i + 1).copied().unwrap_or(self.entries.len())
    }

    /// Runs the DP; `None` if the fixed tiles cannot all be placed.
    pub(super) fn run(&mut self, counts: &Counts, params: Params) -> Option<Optimum> {
        self.entries.clear();
        self.layer_start.clear();
        let jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        let cap = params.threshold.map(|t| t.min(VALUE_CAP));
        let masks = joker_masks();
        self.begin_layer(1);
        self.entries.push(Entry { key: 0, score: 0, parent: 0, choice: 0 });
        let mut layer = 0;
        for n in 1..=13u32 {
            for c in 0..4 {
                let t = u32::from(counts.fixed[c][n as usize - 1]);
                let r = u32::from(counts.optional[c][n as usize - 1]);
                let prev = self.layer(layer);
                self.begin_layer(prev.len());
                for i in prev {
                    let Entry { key, score, .. } = self.entries[i];
                    self.colour_options(key, score, i as u32, c, n, t, r, jmax, cap, params.objective);
                }
                layer += 1;
            }
            // Group step.
            let prev = self.layer(layer);
            self.begin_layer(prev.len());
            for i in prev {
                let Entry { key, score, .. } = self.entries[i];
                let g = (key >> GAMMA_SHIFT) as u32;
                let (n1, n2, n3) = (g & 7, (g >> 3) & 7, (g >> 6) & 7);
                let mask = u32::from(masks[(n1 * 25 + n2 * 5 + n3) as usize]);
                let j = jokers_of(key);
                let base = key & !(0x1ff << GAMMA_SHIFT);
                for add in 0..=(jmax - j) {
                    if mask & (1 << add) == 0 {
                        continue;
                    }
                    let mut k = (base & !(7 << J_SHIFT)) | u64::from(j + add) << J_SHIFT;
                    if let Some(cap) = cap {
                        let v = (value_of(k) + add * n).min(cap);
                        k = (k & !(0xfff << VALUE_SHIFT)) | u64::from(v) << VALUE_SHIFT;
                    }
                    self.insert(k, score, i as u32, add);
                }
            }
            layer += 1;
        }
        // Final: no short runs left open, every fixed joker used, threshold met.
        let mut best: Option<(usize, (u64, u64))> = None;
        for i in self.layer(layer) {
            let e = self.entries[i];
            if (0..4).any(|c| {
                let (a1, a2, _) = runs_of(e.key, c);
                a1 + a2 > 0
            }) {
                continue;
            }
            let j = jokers_of(e.key);
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
                Objective::Tiles => ((s >> 16) + pj, (s & 0xffff) + jv),
                Objective::Value => ((s >> 8) + jv, (s & 0xff) + pj),
            };
            if best.is_none_or(|(_, r)| rank > r) {
                best = Some((i, rank));
            }
        }
        let (mut i, _) = best?;
        let jokers = jokers_of(self.entries[i].key);
        let mut choices = vec![0u32; layer];
        for step in (0..layer).rev() {
            choices[step] = self.entries[i].choice;
            i = self.entries[i].parent as usize;
        }
        Some(Optimum { choices, jokers })
    }

    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn colour_options(
        &mut self,
        key: u64,
        score: u32,
        parent: u32,
        c: usize,
        n: u32,
        t: u32,
        r: u32,
        jmax: u32,
        cap: Option<u32>,
        objective: Objective,
    ) {
        let (a1, a2, a3) = runs_of(key, c);
        let j0 = jokers_of(key);
        let avail = t + r;
        let jleft = jmax - j0;
        let value0 = value_of(key);
        for k3 in 0..=a3 {
            let cont = a1 + a2 + k3;
            for ext in 0..=cont.min(jleft) {
                let nat_cont = cont - ext;
                if nat_cont > avail {
                    continue;
                }
                let jl1 = jleft - ext;
                let free0 = avail - nat_cont;
                for s0 in 0..=free0 {
                    let free1 = free0 - s0;
                    let s1_max = if n >= 2 { free1.min(jl1) } else { 0 };
                    for s1 in 0..=s1_max {
                        let free2 = free1 - s1;
                        let jl2 = jl1 - s1;
                        // Starts after ≥ 2 jokers: `big` of them sharing `bj` jokers.
                        let big_max = if n >= 3 { free2.min(jl2 / 2) } else { 0 };
                        for big in 0..=big_max {
                            let (bj_lo, bj_hi) =
                                if big == 0 { (0, 0) } else { (2 * big, jl2.min(big * (n - 1))) };
                            for bj in bj_lo..=bj_hi {
                                let rho = nat_cont + s0 + s1 + big;
                                let na1 = s0;
                                let na2 = a1 + s1;
                                let na3 = a2 + k3 + big;
                                if na1 > 7 || na2 > 7 || na3 > 7 {
                                    continue;
                                }
                                let used_j = ext + s1 + bj;
                                let mut k = with_runs(key, c, na1, na2, na3);
                                k = (k & !(7 << J_SHIFT)) | u64::from(j0 + used_j) << J_SHIFT;
                                let gamma_max = (avail - rho).min(MAX_COPIES as u32);
                                let gamma_min = t.saturating_sub(rho);
                                for gamma in gamma_min..=gamma_max {
                                    let u = rho + gamma;
                                    let placed = u - t;
                                    let delta = match objective {
                                        Objective::Tiles => (placed << 16) + placed * n,
                                        Objective::Value => ((placed * n) << 8) + placed,
                                    };
                                    let mut kk = k;
                                    if gamma > 0 {
                                        let shift = GAMMA_SHIFT + 3 * (gamma - 1);
                                        kk += 1 << shift;
                                    }
                                    if let Some(cap) = cap {
                                        let mut v = value0 + u * n + ext * n + s1 * (n - 1);
                                        if big > 0 {
                                            v += prefixes(big, bj).map(|l| prefix_value(n, l)).sum::<u32>();
                                        }
                                        let v = v.min(cap);
                                        kk = (kk & !(0xfff << VALUE_SHIFT)) | u64::from(v) << VALUE_SHIFT;
                                    }
                                    let choice =
                                        Choice { k3, ext_jokers: ext, s0, s1, big, big_jokers: bj, gamma };
                                    self.insert(kk, score + delta, parent, choice.pack());
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Unpacks a colour step's decision.
pub(super) fn choice(v: u32) -> Choice {
    Choice::unpack(v)
}

/// One layout of a number's groups (see [`layout`]).
pub(super) fn group_layout(gamma: [u8; 4], jokers: usize) -> Option<Vec<(u8, u8)>> {
    layout(gamma, jokers)
}
