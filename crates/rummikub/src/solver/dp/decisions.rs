//! The memo of colour decisions per step, and the process-wide table of opened-mode
//! decisions and their relaxed views that every solver shares.

use super::options::{Dedup, Opt, derive, gen_options};
use super::*;
use crate::solver::paged::Paged;
use std::sync::OnceLock;

/// What one colour step sees: the number, the fixed and optional naturals of the tile
/// and of the next number, the objective, and whether this is the core relaxation.
#[derive(Debug, Clone, Copy)]
pub(super) struct Step {
    /// The step's index: `(n - 1) * 4 + colour`.
    pub(super) layer: usize,
    /// The position in the sweep, 1..=13.
    pub(super) n: u32,
    /// The number the step's tiles carry: `n`, or `14 - n` in a mirrored run.
    pub(super) value_n: u32,
    pub(super) t: u32,
    pub(super) r: u32,
    pub(super) next: u32,
    pub(super) objective: Objective,
    pub(super) core: bool,
    /// Where the step's decisions are kept across solves ([`Decisions::index`]): its
    /// class, and its shape's first entry on a page (see [`Step::slot`]).
    pub(super) class: u8,
    pub(super) slot: u16,
}

/// Shapes of a colour step that [`Decisions::index`] tells apart: its fixed and optional
/// naturals `t` and `r` (at most three in all: no tile set has more copies of a face,
/// which [`Solver::solve`](crate::Solver::solve) checks first) and the next number's
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
pub(super) const PER_RUN: u8 = 7;

/// Entries of a page of [`Decisions::index`]: one per shape or (class [`PER_RUN`]) per
/// step, and per number of jokers left.
const INDEX_PAGE: usize = LAYERS * JLEFT as usize;
const _: () = assert!(SHAPES * JLEFT as usize <= INDEX_PAGE, "a shape's entries fit on a page");

impl Step {
    /// The step's class in [`Decisions::index`], and the first of its shape's entries
    /// (one per number of jokers left) on a page: what [`gen_options`] reads besides
    /// the runs and jokers left, with opened-mode values.
    pub(super) fn slot(core: bool, n: u32, t: u32, r: u32, next: u32) -> (u8, u16) {
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
pub(super) struct Decisions {
    /// This sweep direction's steps and look-up (the other's is parked, see [`Dp::face`]).
    pub(super) look: Lookup,
    /// Initial melds: this run's decisions.
    opts: Vec<Opt>,
    dedup: Dedup,
    pub(super) track_value: bool,
    /// Initial melds: jokers count the number they represent ([`Params::joker_counts`]).
    pub(super) joker_counts: bool,
    /// Initial melds: per step, the most value the steps after it can still add: their
    /// naturals at their numbers (jokers are added per joker left where it is used).
    pub(super) rest_value: Vec<u32>,
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
    pub(super) kept: Vec<Opt>,
    /// The relaxation's view of opened-mode decisions (see [`Decisions::relaxed`]), kept
    /// across solves like `index` and indexed like it: per class of step, paged by the
    /// runs, per shape and jokers left, the first of [`RELAXED_VARIANTS`] entries of
    /// `views`, one per group cap and charge ([`relaxed_variant`]), each a range of
    /// `bounds` once known ([`UNKNOWN`] before). Dense for the same reason as `index`:
    /// a hash map of every view a solver has seen was a cache line or two per row the
    /// relaxation computes, all over a table of hundreds of kilobytes, where the views
    /// of one position lie on a few small pages.
    views_at: [Paged<u32, INDEX_PAGE>; CLASSES],
    views: Vec<(u32, u32)>,
    /// The views of the group caps and charges [`relaxed_variant`] does not keep (a cap
    /// of three, or charges above two per natural sent; rare): per [`memo_key`] with the
    /// cap and charges.
    bounds_memo: rustc_hash::FxHashMap<u64, (u32, u32)>,
    pub(super) bounds: Vec<Bound>,
    /// Scratch for [`Decisions::relaxed`].
    scratch: Vec<u32>,
}

/// A decision as the relaxation sees it: the colour's new runs, the jokers it is
/// charged (its own and its group naturals' partners) and the rack naturals it places.
#[derive(Debug, Clone, Copy)]
pub(super) struct Bound {
    pub(super) runs: u16,
    pub(super) spent: u8,
    pub(super) placed: u8,
}

/// One sweep direction's steps (their decisions are in [`Decisions::index`]).
#[derive(Debug, Clone, Default)]
pub(super) struct Lookup {
    pub(super) steps: Vec<Step>,
}

/// A next number's tile count that leaves room for any number of long runs: the
/// decisions generated with it serve every real count ([`Decisions::remember`]).
pub(super) const OPEN_NEXT: u32 = 63;

/// An entry of [`Decisions::views`] not known yet.
const UNKNOWN: (u32, u32) = (u32::MAX, 0);

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

impl Decisions {
    /// Starts afresh once [`Decisions::kept`] is full. Only at the start of a search: the
    /// ranges cached during it (in either sweep's look-up) must stay valid, and every
    /// look-up is [`Decisions::reset`] before its first use in a search.
    pub(super) fn trim(&mut self) {
        if self.kept.len() > KEPT_MAX {
            self.kept.clear();
            self.index.iter_mut().for_each(Paged::clear);
            self.bounds.clear();
            self.views_at.iter_mut().for_each(Paged::clear);
            self.views.clear();
            self.bounds_memo.clear();
        }
    }

    /// Forgets the decisions of the previous run and describes the steps of `counts`.
    #[inline]
    pub(super) fn reset(&mut self, counts: &Counts, params: Params) {
        self.index[usize::from(PER_RUN)].clear();
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
    /// jokers left: a range for [`Decisions::kept_opt`] (or [`Decisions::tracked_opt`]).
    #[inline]
    pub(super) fn get(&mut self, step: &Step, runs: u32, jleft: u32) -> (u32, u32) {
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
    /// see [`charge`](super::relax::charge)), reduced to the ones no other
    /// beats (same runs, no more jokers, as many naturals placed), ordered by runs so
    /// that each successor row is read once. A range of `bounds`, kept across solves.
    #[inline]
    pub(super) fn relaxed(
        &mut self,
        layer: usize,
        runs: u32,
        jmax: u32,
        cap: u32,
        charge: u32,
    ) -> (u32, u32) {
        let step = self.look.steps[layer];
        let at = usize::from(step.slot) + jmax as usize;
        // Where the view is kept: its place among the variants, or its key in the map.
        let place = relaxed_variant(cap, charge)
            .ok_or_else(|| memo_key(&step, runs, jmax) | u64::from(cap) << 36 | u64::from(charge) << 40);
        // (The view depends on the step only through its decisions, which `index` and
        // [`SHARED`] key by class and shape.)
        match place {
            Ok(v) => {
                if let Some(&first) = self.views_at[usize::from(step.class) & 7].get(runs as usize, at) {
                    let range = self.views[first as usize + v];
                    if range != UNKNOWN {
                        return range;
                    }
                }
            }
            Err(key) => {
                if let Some(&range) = self.bounds_memo.get(&key) {
                    return range;
                }
            }
        }
        // The process's view, if kept.
        let view = place.ok().and_then(|v| {
            let cell = shared(step.class, runs, at)?;
            cell.relaxed.get_or_init(|| (0..RELAXED_VARIANTS).map(|_| OnceLock::new()).collect()).get(v)
        });
        if let Some(list) = view.and_then(OnceLock::get) {
            let start = self.bounds.len();
            self.bounds.extend_from_slice(list);
            let range = (start as u32, self.bounds.len() as u32);
            self.remember_view(&step, runs, at, place, range);
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
        self.remember_view(&step, runs, at, place, range);
        if let Some(cell) = view {
            // Another thread may have set it meanwhile: to the same list.
            let _ = cell.set(self.bounds[start..].into());
        }
        range
    }

    /// Keeps the view `range` of [`Decisions::relaxed`] at its `place`: a variant in
    /// [`Decisions::views`], or a key in the map.
    fn remember_view(
        &mut self,
        step: &Step,
        runs: u32,
        at: usize,
        place: Result<usize, u64>,
        range: (u32, u32),
    ) {
        let v = match place {
            Ok(v) => v,
            Err(key) => {
                self.bounds_memo.insert(key, range);
                return;
            }
        };
        let cells = &mut self.views_at[usize::from(step.class) & 7];
        let first = match cells.get(runs as usize, at) {
            Some(&first) => first,
            None => {
                let first = self.views.len() as u32;
                self.views.resize(self.views.len() + RELAXED_VARIANTS, UNKNOWN);
                cells.set(runs as usize, at, first);
                first
            }
        };
        self.views[first as usize + v] = range;
    }

    /// Decision `i` of a range from [`Decisions::get`] in initial-meld mode (the value
    /// tracked: the decisions are generated per run). The mode is the pass's, known for
    /// the whole loop over a state's decisions, so neither reader tests it per decision.
    #[inline(always)]
    pub(super) fn tracked_opt(&self, i: u32) -> Opt {
        debug_assert!(self.track_value, "initial-meld decisions read in opened mode");
        self.opts[i as usize]
    }

    /// Decision `i` of a range from [`Decisions::get`] in opened mode (the value not
    /// tracked: the kept decisions).
    #[inline(always)]
    pub(super) fn kept_opt(&self, i: u32) -> Opt {
        debug_assert!(!self.track_value, "opened-mode decisions read in initial-meld mode");
        self.kept[i as usize]
    }
}

/// Pages of runs in [`SHARED`]: one per run state a key can hold (three 3-bit counts).
const SHARED_PAGES: usize = 512;

/// One entry of [`SHARED`]: a step's decisions, and the relaxation's views of them
/// ([`Decisions::relaxed`]) per group cap and charges ([`relaxed_variant`]), each set
/// once.
#[derive(Debug, Default)]
pub(super) struct SharedCell {
    pub(super) list: OnceLock<Box<[Opt]>>,
    relaxed: OnceLock<Box<[RelaxedView]>>,
}

/// A relaxed view in a [`SharedCell`], set once.
type RelaxedView = OnceLock<Box<[Bound]>>;

/// The opened-mode colour decisions of every solver in the process, per class of step
/// (not [`PER_RUN`]) and run state, a page of cells set up on first use: per entry of
/// [`Decisions::index`] (shape and jokers left), the list [`Decisions::remember`] gives
/// and the lists [`Decisions::relaxed`] gives, each set by the first solver that
/// generates it and never changed after. Each list is a pure function of its key, so
/// which solver (or thread) sets it does not matter; a fresh solver copies it into its
/// own memo instead of generating it again (a greedy game makes four fresh solvers,
/// which otherwise spent a tenth of the game generating the same lists). Every run
/// state has its page: the rare ones with three open runs of a length are where a fresh
/// solver spent the most generating (the 160-tile set's positions with jokers). See
/// docs/design/solver.md.
static SHARED: [OnceLock<Box<[SharedCell]>>; PER_RUN as usize * SHARED_PAGES] =
    [const { OnceLock::new() }; PER_RUN as usize * SHARED_PAGES];

/// The cell of [`SHARED`] for entry `at` of page `runs` of `class`, if the table has one
/// (every opened-mode class, not [`PER_RUN`]).
pub(super) fn shared(class: u8, runs: u32, at: usize) -> Option<&'static SharedCell> {
    if class >= PER_RUN {
        return None;
    }
    let page = SHARED[usize::from(class) * SHARED_PAGES + (runs & 0x1ff) as usize]
        .get_or_init(|| (0..SHAPES * JLEFT as usize).map(|_| SharedCell::default()).collect());
    page.get(at)
}

/// The relaxation's views of a step's decisions that [`SHARED`] keeps, per cell.
const RELAXED_VARIANTS: usize = 19;

/// The place among a cell's [`RELAXED_VARIANTS`] of the view for group cap `cap` and
/// charges `charge` (see [`charge`](super::relax::charge); only those of at most `cap`
/// naturals are read), if kept: caps up to two, charged at most twice the naturals sent
/// (the jokers two partners of each can need).
fn relaxed_variant(cap: u32, charge: u32) -> Option<usize> {
    let c = |x: u32| (charge >> (3 * x)) & 7;
    match cap {
        0 => Some(0),
        1 if c(1) <= 2 => Some(1 + c(1) as usize),
        2 if c(1) <= 2 && c(2) <= 4 => Some(4 + 5 * c(1) as usize + c(2) as usize),
        _ => None,
    }
}
