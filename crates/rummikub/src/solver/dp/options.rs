//! The colour decisions of one step: their generation, derivation from a wider list,
//! and the compact form the memo keeps.

use super::decisions::Step;
use super::*;
use crate::solver::groups::MAX_COPIES;
use crate::solver::paged::Paged;

/// Every distinct decision for a colour with open runs `(a1, a2, a3)` and `jleft`
/// jokers left, keeping the best score for each outcome; appended to `opts`.
#[allow(clippy::too_many_arguments)]
pub(super) fn gen_options(
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
#[inline]
pub(super) fn derive(
    opts: &mut Vec<Opt>,
    dedup: &mut Dedup,
    wider: (u32, u32),
    jleft: u32,
    next: u32,
) -> (u32, u32) {
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

/// An index of the outcomes (runs, jokers, naturals to groups) generated so far by one
/// [`gen_options`] call, so that each outcome keeps only its best decision.
#[derive(Debug, Clone, Default)]
pub(super) struct Dedup {
    /// Per [`Opt::outcome`], paged by its runs: the index of its decision.
    slots: Paged<u32, 64>,
    /// The call dropped a decision for leaving more than 7 long runs open (which the
    /// same decision with less room may not): its list cannot be derived from.
    pub(super) overflow: bool,
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
/// Compact (12 bytes): the memo ([`Decisions`]) holds up to `KEPT_MAX` of them and the
/// hot loop reads one per successor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Opt {
    pub(super) runs: u16,
    pub(super) jokers: u8,
    pub(super) gamma: u8,
    pub(super) value: u16,
    /// `placed << 8 | room`: rack naturals placed, and (core mode) melds with room for
    /// a spare joker. The same order as [`Opt::score`] at every number.
    pub(super) delta: u16,
    pub(super) choice: u32,
}

impl Opt {
    /// The packed score (as in a state) of this decision at a number whose tile is
    /// worth `unit` ([`one_tile`]).
    #[inline]
    pub(super) fn score(&self, unit: u32) -> u32 {
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
