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

use super::groups::{joker_masks_packed, layout_into};
use super::{MAX_JOKERS, Objective};
use decisions::{Decisions, Lookup, Step};
use key::{
    COLOUR_BITS, FIELDS, GAMMA_ADD, GAMMA_SHIFT, J_SHIFT, SHORT, VALUE_CAP, VALUE_SHIFT, jokers_of, runs_of,
    value_of,
};
use relax::{Others, Relax, rest_total};

mod decisions;
mod frontier;
mod key;
mod options;
mod relax;
mod select;
#[cfg(test)]
mod tests;

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

/// A try (the exact pass before a wide beam) is given up as soon as the states it holds
/// plus those it is likely still to hold ([`Dp::ahead`]) exceed its limit by this
/// factor (`SWELL_NUM / SWELL_DEN`), not only once it holds its limit: a pass whose
/// layers swell in the early or middle numbers would hold its whole limit and then be
/// given up anyway. Its states are kept for a later try ([`Held`]). Over the 50 heaviest
/// opened solves of three tuning seeds, 1.5 took 4–8 % of their instructions away
/// (1.0 and 1.2 less on two seeds, 2.0 54–79 % as much, 3.0 less still); on five fresh
/// seeds the 50 heaviest moved by −2.6 to +2.1 %, the heaviest solve got lighter on four
/// and heavier on one (49.7 → 63.7 M instructions).
const SWELL_NUM: usize = 3;
const SWELL_DEN: usize = 2;

/// A run given up because it processed more states than its limit allowed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Exhausted {
    /// The states it is likely to hold from where it stopped to its end: its newest
    /// layer's states for each number left ([`Dp::ahead`]).
    ahead: usize,
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

/// A state's rank in a beam of opened mode ([`Dp::keep_best`]): its estimate in whole
/// units (`shift`: the objective's major shift), then jokers left, then fewer short runs
/// open, then score.
#[inline(always)]
fn beam_rank(e: &Entry, shift: u32) -> u64 {
    let j = u64::from(7 - jokers_of(e.key));
    // The short runs of the four colours: each colour's two low 3-bit counts added in
    // place, then the four 9-bit fields summed by a multiply.
    let short = ((e.key & SHORT) + (e.key >> 3 & SHORT)).wrapping_mul(FIELDS) >> 27 & 0x1ff;
    u64::from(e.est >> shift) << 40 | j << 37 | (31 - short.min(31)) << 32 | u64::from(e.score >> 3)
}

/// The rank a beam's cut keeps down to ([`Dp::keep_best`], [`Dp::start_from_held`]):
/// the `width`-th highest of `live`, the ranks of the states not dominated, of which
/// there are more than `width`. Which of the states ranked at it are kept is [`keeps`].
fn cut_rank(live: &mut [u64], width: usize) -> u64 {
    if live.len() == width + 1 {
        // Mostly: one more than the width, and the cut is the second lowest, found
        // without a branch.
        let (mut low, mut second) = (u64::MAX, u64::MAX);
        for &r in live.iter() {
            second = second.min(r.max(low));
            low = low.min(r);
        }
        second
    } else {
        *live.select_nth_unstable_by(width - 1, |a, b| b.cmp(a)).1
    }
}

/// Whether a beam's cut at `cut` ([`cut_rank`]) keeps a state ranked `r`, `kept` states
/// before it in layer order being kept: every state ranked above the cut, and one ranked
/// at it while fewer than `width` states before it are kept (so a beam keeps `width`, or
/// more where tied states come before higher ones, and which ones does not hang on the
/// order the selection leaves `live` in; the states it drops still bound the pass).
/// Without a branch: which states fall on which side is not predictable.
#[inline(always)]
fn keeps(r: u64, cut: u64, kept: usize, width: usize) -> bool {
    (r > cut) | ((r == cut) & (kept < width))
}

/// A beam's cut over one layer ([`Dp::keep_best`]): the rank it cuts at ([`cut_rank`]),
/// the width, and the lowest rank looked up for dominance.
struct Cut {
    rank: u64,
    width: usize,
    lowest: u64,
}

impl Cut {
    /// Marks every state of the layer (`entries`, ranked by `ranks`) that the cut drops
    /// (its choice all ones) and answers how many it keeps ([`keeps`]). Without branches:
    /// which states fall on which side of the cut is not predictable, and the modes are
    /// constants, so each pair of them is its own loop with no test per state. A
    /// dominated state has rank 0, below the cut, and is not counted as dropped; nor,
    /// yet, is a state not looked up.
    ///
    /// `READS` (the pass's bound on what it drops is read): the best estimate dropped
    /// among the states looked up (ranked at `lowest` or above) raises `dropped`, and the
    /// best among those not looked up, with its place in the layer, goes to `unseen`.
    /// `LIST` (a layer of at most [`NARROW_LAYER`] states): the positions of the states
    /// kept, in layer order, go to `listed`.
    #[inline(always)]
    fn mark<const READS: bool, const LIST: bool>(
        &self,
        entries: &mut [Entry],
        ranks: &[u64],
        start: usize,
        listed: &mut [u32; NARROW_LAYER],
        dropped: &mut u32,
        unseen: &mut (u32, usize),
    ) -> usize {
        let (mut kept, mut most, (mut best, mut at)) = (0, *dropped, *unseen);
        for (k, (e, &r)) in entries.iter_mut().zip(ranks).enumerate() {
            let keep = keeps(r, self.rank, kept, self.width);
            if LIST {
                // `kept` stays below the layer's length: the mask only spares the bounds
                // check.
                listed[kept & (NARROW_LAYER - 1)] = (start + k) as u32;
            }
            kept += usize::from(keep);
            // `max`, not `|`: an or with 0 or all ones compiled to a branch.
            e.choice = e.choice.max(u32::from(!keep).wrapping_neg());
            if READS {
                let drop = u32::from((r >= self.lowest) & !keep).wrapping_neg();
                most = most.max(e.est & drop);
                let other = (r < self.lowest) & (e.est > best);
                best = if other { e.est } else { best };
                at = if other { k } else { at };
            }
        }
        (*dropped, *unseen) = (most, (best, at));
        kept
    }
}

/// Where the last colour step of a number stores the jokers given to its groups.
pub(super) const GROUP_JOKER_SHIFT: u32 = 27;

/// Entries a pass has room for from the start (48 KB).
const ENTRIES_START: usize = 2048;

/// Colour steps of a pass: 13 numbers × 4 colours.
const LAYERS: usize = 52;

/// Marks a state that another state of its layer dominates.
const DEAD: u32 = u32::MAX;

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
    /// How many leading slots hold only values written since the index was last reset,
    /// all at most `high` (a pass resumed or taken over keeps the values of the passes
    /// before it, which read as empty): the pass's own values are all there, and past it
    /// the slots up to `dirty` may hold older ones, cleared when the index in use first
    /// reaches them.
    clean: usize,
    /// Past it (and past `clean`) every slot is 0.
    dirty: usize,
    /// The largest value a slot may hold: once it is above a new layer's first entry
    /// (a new pass, or another pass's entries swapped in), the index is marked for
    /// clearing, done lazily as the index in use reaches each slot (`clean`, `dirty`).
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
    /// A pass over its limit goes on while the states it is likely still to hold are at
    /// most this many (see [`Dp::near_end`]; 0: it is given up at its limit). Not 0
    /// only during a try, which [`SWELL_NUM`] also gives up early: once the states it
    /// holds and is likely still to hold exceed that factor of its limit, even near its
    /// end, so the allowance past the limit is capped there.
    finish: usize,
    /// The states every pass so far has processed as parents: the work done, which a
    /// caller bounding many solves together reads before and after.
    pub work: u64,
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
    /// The bound on what the pass dropped ([`Dp::refuted`]) is read: `false` for the
    /// beams whose estimates bound nothing (the score-ranked one, the initial melds'),
    /// whose cut then does not look for the best estimate it drops.
    reads_cut: bool,
}

impl Pass {
    /// The plain exact program: every state, no target.
    const EXACT: Pass = Pass::exact(0);

    /// An exact pass under the target `bound`.
    const fn exact(bound: u32) -> Pass {
        Pass { beam: None, bound, reads_cut: true }
    }

    /// A beam of `width` states per layer under the target `bound`.
    const fn beam(width: usize, bound: u32, reads_cut: bool) -> Pass {
        Pass { beam: Some(width), bound, reads_cut }
    }
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
    /// of the stress positions'). A new pass clears only the slots its index uses, as
    /// it first uses them (`clean`): a pass of a few dozen states a layer after one of
    /// thousands (the solve before, or the exact pass before a beam) had cleared the
    /// larger pass's whole index, up to megabytes.
    fn begin_layer(&mut self, expected: usize) {
        let start = self.entries.len();
        self.layer_start.push(start);
        if self.high > start {
            self.dirty = self.dirty.max(self.clean);
            (self.high, self.clean) = (0, 0);
        }
        let want = (expected * 8).next_power_of_two().max(64);
        if self.slots.len() < want {
            self.slots.resize(want, 0);
        }
        if self.clean < want {
            let stale = want.min(self.dirty);
            if self.clean < stale {
                self.slots[self.clean..stale].fill(0);
            }
            self.clean = want;
        }
        self.mask = want - 1;
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
        self.clean = self.clean.max(size);
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
    /// width: then every state is looked up, as without a beam. Without `reads_cut` (the
    /// pass's bound on what it drops is not read), the best estimate dropped is not
    /// looked for.
    ///
    /// `Some(n)`: the positions of the `n` states kept, in layer order, are in `listed`,
    /// as [`live_states`] would list them (a cut of a layer of at most [`NARROW_LAYER`]
    /// states: the walk that marks the layer lists them as it goes, and the next layer
    /// does not walk it again).
    fn keep_best(
        &mut self,
        width: usize,
        reads_cut: bool,
        core: bool,
        colour: usize,
        listed: &mut [u32; NARROW_LAYER],
    ) -> Option<usize> {
        let start = *self.layer_start.last().unwrap_or(&0);
        if self.entries.len() - start <= width {
            self.prune(core, colour);
            return None;
        }
        let mut n_listed = None;
        // Initial melds: among states as good, those nearer the threshold first.
        let track = self.dec.track_value;
        let shift = self.dec.look.steps.first().map_or(17, |s| major_shift(s.objective));
        let track_rank = |e: &Entry| {
            let j = u64::from(7 - jokers_of(e.key));
            u64::from(e.est) << 35
                | u64::from(value_of(e.key)) << 23
                | j << 20
                | u64::from(e.score & 0xf_ffff)
        };
        let rank = |e: &Entry| beam_rank(e, shift);
        // Every state's rank once, in layer order (every one counts at least 3 jokers
        // left, so 0 is below them all: it marks a dominated state), and the states not
        // looked up yet, `pool[checked..]`, with their ranks.
        let mut ranks = core::mem::take(&mut self.ranks);
        ranks.clear();
        // One loop per mode: the test of the mode is not made per state.
        if track {
            ranks.extend(self.entries[start..].iter().map(track_rank));
        } else {
            ranks.extend(self.entries[start..].iter().map(rank));
        }
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
                // Ties with the `need`-th best join the batch.
                (lowest, batch) = select::batch(rest, need - 1);
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
            let cut = cut_rank(&mut live, width);
            let mut dropped = self.cut;
            // The best estimate among the states not looked up (ranked below `lowest`; a
            // dominated one, ranked 0, is found out by its look-up below), and where it is.
            // Neither is tracked when the cut is not read: the look-ups below then find
            // nothing to do.
            let mut unseen = (0, 0);
            // One loop per pair of modes: the score-ranked beam's cut, all of most median
            // opened solves, neither tests `reads_cut` per state nor keeps the bookkeeping
            // (−1.6 % instructions at the opened median), and over a narrow layer the loop
            // lists the states kept for the next layer (−2.2 to −3.2 %).
            let entries = &mut self.entries[start..];
            let bounds = Cut { rank: cut, width, lowest };
            let narrow = ranks.len() <= NARROW_LAYER;
            let kept = match (reads_cut, narrow) {
                (true, true) => {
                    bounds.mark::<true, true>(entries, &ranks, start, listed, &mut dropped, &mut unseen)
                }
                (true, false) => {
                    bounds.mark::<true, false>(entries, &ranks, start, listed, &mut dropped, &mut unseen)
                }
                (false, true) => {
                    bounds.mark::<false, true>(entries, &ranks, start, listed, &mut dropped, &mut unseen)
                }
                (false, false) => {
                    bounds.mark::<false, false>(entries, &ranks, start, listed, &mut dropped, &mut unseen)
                }
            };
            if narrow {
                n_listed = Some(kept);
            }
            let (mut unseen, mut at) = unseen;
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
        n_listed
    }

    pub(super) fn layer(&self, i: usize) -> core::ops::Range<usize> {
        self.layer_start[i]..self.layer_start.get(i + 1).copied().unwrap_or(self.entries.len())
    }

    /// One beam pass of `width` states per layer over the forward sweep: a play (or
    /// `None`), not necessarily the optimum.
    pub(super) fn beam(&mut self, counts: &Counts, params: Params, width: usize) -> Option<Optimum> {
        let sweep = Sweep { counts, params };
        self.dec.trim();
        self.open(sweep);
        self.run_with(sweep, Pass::beam(width, 0, false), usize::MAX).ok().flatten()
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
            // fewer states (where the relaxation leaves fewer), given up beyond a few times
            // its last beam's states or twice what all beams have held unless it is likely
            // to end within the next beam's states ([`Dp::near_end`]), and resumed from
            // there by the next try or the last passes.
            let close = next[i] == CLOSE_FROM && p.close(unit);
            if close || next[i] >= EXACT_FROM && p.best.is_some() {
                let t = p.cheaper(i);
                let beams_held: usize = p.stages.iter().flatten().sum();
                let limit =
                    (p.last[t] * if close { CLOSE_TRY } else { EXACT_TRY }).max(beams_held * TRY_SHARE);
                self.face(sweeps[t].params.mirror);
                self.finish = p.last[i] * beams[next[i]] / beams[next[i] - 1];
                let r = self.run_with(sweeps[t], Pass::exact(p.beat()), limit);
                self.finish = 0;
                match r {
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
            let (b, i) = self.race(sweeps, &mut order, Pass::beam(width, top, true), &mut limit);
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
                let (b, i) = self.race(sweeps, &mut order, Pass::exact(p.beat()), &mut limit);
                return b.map(|o| (o, i)).or(p.best);
            }
            let (b, i) = self.race(sweeps, &mut order, Pass::exact(target), &mut limit);
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
        // The score-ranked beam's cut bounds nothing: its estimates are only scores.
        let pass = Pass::beam(width, bound, k > 0);
        self.begin_pass(pass);
        // A guided beam goes on from an exact pass of its sweep given up under its
        // target ([`Dp::start_from_held`]); the states it holds are its own.
        let taken = if k > 0 { self.start_from_held(width, bound) } else { 0 };
        let b = self.resume(sweep, pass, usize::MAX).ok().flatten();
        let held = self.entries.len() - taken;
        p.spent[i] += held;
        p.last[i] = held;
        p.stages[i][k] = held;
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
    /// likely to end with fewer states ([`Dp::ahead`]) goes first (the order is kept for
    /// the next race).
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
        let mut ahead = [0usize; 2];
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
                        ahead[i] = e.ahead;
                        self.given_up = pass.beam.is_none().then_some(pass.bound);
                    }
                }
            }
            // The sweep likely to end with fewer states goes first.
            order.sort_by_key(|&i| ahead[i]);
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
            if lower {
                self.raise_front(pass.bound);
            }
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
            if lower {
                self.raise_front(pass.bound);
            }
            lower
        } else {
            self.start_pass();
            false
        }
    }

    /// A pass going on from a pass given up under a lower target ([`Dp::begin_pass`]):
    /// the states of its newest layer that cannot reach the new target `bound` are
    /// dropped before they are extended, as the pass's own estimates drop states and as
    /// [`Dp::pass_through`] applies the target again; else each would have its decisions
    /// and their bounds computed for children the target then drops one by one. Their
    /// estimates bound what the pass refutes ([`Dp::refuted`]). Not the root's layer:
    /// the root's estimate is not its bound.
    fn raise_front(&mut self, bound: u32) {
        let layers = self.layer_start.len();
        if layers < 2 {
            return;
        }
        let mut cut = self.cut;
        for e in &mut self.entries[self.layer_start[layers - 1]..] {
            if e.choice != DEAD && e.est + ROOM_MASK < bound {
                cut = cut.max(e.est);
                e.choice = DEAD;
            }
        }
        self.cut = cut;
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
        let (Sweep { counts, params }, Pass { beam, bound, reads_cut }) = (sweep, pass);
        let jmax = u32::from(counts.fixed_jokers + counts.optional_jokers).min(MAX_JOKERS as u32);
        let cap = params.threshold.map(|t| t.min(VALUE_CAP));
        let masks = joker_masks_packed(params.core);
        // The layers done so far: one per colour step.
        let mut layer = self.layer_start.len() - 1;
        let mut live = [0u32; NARROW_LAYER];
        // The states the previous layer's cut kept, if it listed them in `live`.
        let mut listed = None;
        while layer < LAYERS {
            let kept = listed.take();
            let c = layer % 4;
            let prev = self.layer(layer);
            self.work += prev.len() as u64;
            let step = self.dec.look.steps[layer];
            let passed = layer > 0
                && step.t + step.r == 0
                && cap.is_none()
                && self.pass_through(prev.clone(), c, bound);
            if !passed {
                // States have one or two successors on average: sized for twice the
                // parents, the index rarely grows (0.7 % fewer instructions over the bench
                // positions).
                self.begin_layer(prev.len() * 2);
                // A narrow layer's states not marked are listed first, without a branch
                // (which states a beam's cut or dominance marked is not predictable), or
                // taken from the list the cut made ([`Dp::keep_best`]); a wide one's are
                // skipped as they come (listing every layer's cost 3 % more instructions
                // over a stress run).
                let narrow = prev.len() <= NARROW_LAYER;
                let parents = if narrow {
                    0..kept.unwrap_or_else(|| {
                        live_states(&self.entries[prev.clone()], prev.start as u32, &mut live)
                    })
                } else {
                    prev
                };
                // The loop over the states in the form the pass needs ([`Dp::expand`]).
                debug_assert_eq!(cap.is_some(), self.dec.track_value, "the value tracked with a threshold");
                let at = Layer { parents, narrow, live: &live, c, step: &step, jmax, cap, masks, bound };
                match (cap.is_some(), self.relax.on()) {
                    (false, false) => self.expand::<false, false>(at),
                    (false, true) => self.expand::<false, true>(at),
                    (true, _) => self.expand::<true, true>(at),
                }
                match beam {
                    Some(width) => listed = self.keep_best(width, reads_cut, params.core, c, &mut live),
                    None => {
                        self.prune(params.core, c);
                    }
                }
                // The values the index may now hold (see [`Dp::begin_layer`]).
                self.high = self.high.max(self.entries.len());
            }
            layer += 1;
            if self.entries.len() > limit && layer < LAYERS && !self.near_end(layer) {
                return Err(Exhausted { ahead: self.ahead(layer) });
            }
            if layer < LAYERS && self.finish > 0 && self.swells(layer, limit) {
                return Err(Exhausted { ahead: self.ahead(layer) });
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

    /// A colour step with no tile of colour `c` where no live state of the layer `prev`
    /// has a run of that colour open (nor, at a number's last colour, naturals sent to
    /// its groups): every state's one decision is to do nothing, which leaves its key,
    /// score and estimate as they were (the relaxation's row of a colour over a number
    /// without its tiles is the next number's), so the new layer is the live states
    /// copied, without a look-up of decisions, bounds or the index. None of them can
    /// dominate another there: the look-ups in colour `c` find no state with a run of
    /// it open, and one joker fewer spent was looked up in the layer before, among the
    /// same states (a beam's cut marks only states its look-ups reached). Only the
    /// target is applied again: a pass resumed under a higher one ([`Dp::begin_pass`])
    /// drops what falls below it. `false` (nothing done) if some state has a run of `c`
    /// open or naturals sent to groups at a last colour.
    ///
    /// Not at the first step: the root's estimate is not its bound.
    ///
    /// A median opened position has a few such steps of its 52, a rack alone (the
    /// initial meld's search) many; each cost a layer's look-ups for nothing.
    fn pass_through(&mut self, prev: core::ops::Range<usize>, c: usize, bound: u32) -> bool {
        // An estimate reads the target only with the relaxation on: without it, the
        // other steps would keep what the target below drops. (No such pass runs.)
        debug_assert!(bound == 0 || self.relax.on(), "a target of {bound} without the relaxation");
        let shift = c as u32 * COLOUR_BITS;
        let held = if c == 3 { 0x1ff << shift | 0x1ff << GAMMA_SHIFT } else { 0x1ff << shift };
        if self.entries[prev.clone()].iter().any(|e| e.choice != DEAD && e.key & held != 0) {
            return false;
        }
        self.layer_start.push(self.entries.len());
        for i in prev {
            let e = self.entries[i];
            if e.choice == DEAD {
                continue;
            }
            if e.est + ROOM_MASK >= bound {
                self.entries.push(Entry { parent: i as u32, choice: 0, ..e });
            } else {
                self.cut = self.cut.max(e.est);
            }
        }
        true
    }

    /// Whether the pass in progress, `layer` colour steps done, is likely to hold no more
    /// than [`Dp::finish`] states to its end: about its newest layer's states for each
    /// number left (past the middle numbers, where a pass holds most, its layers mostly
    /// shrink).
    fn near_end(&self, layer: usize) -> bool {
        self.ahead(layer) <= self.finish
    }

    /// Whether the pass in progress, `layer` colour steps done, is likely to hold more
    /// than [`SWELL_NUM`] / [`SWELL_DEN`] times `limit` states by its end: the states it
    /// holds and [`Dp::ahead`]. (Saturating: a limit may be `usize::MAX`.)
    fn swells(&self, layer: usize, limit: usize) -> bool {
        (self.entries.len() + self.ahead(layer)).saturating_mul(SWELL_DEN) > limit.saturating_mul(SWELL_NUM)
    }

    /// The states the pass in progress, `layer` colour steps done, is likely to hold to
    /// its end: its newest layer's states for each number left.
    fn ahead(&self, layer: usize) -> usize {
        self.layer(layer).len() * (LAYERS - layer) / 4
    }

    /// Applies every decision of the layer's colour step to each of its parent states
    /// not marked, in the form the pass needs: `TRACK` and `RELAX` as for
    /// [`Dp::colour_options`], chosen once per layer (without the relaxation, the
    /// score-ranked beam where most median opened solves end, no decision asks whether
    /// it is on; in opened mode none asks which list it is in or for the threshold).
    #[inline(always)]
    fn expand<const TRACK: bool, const RELAX: bool>(&mut self, at: Layer<'_>) {
        let Layer { parents, narrow, live, c, step, jmax, cap, masks, bound } = at;
        // The packed score of one natural of the step's number, once per layer.
        let unit = one_tile(step.objective, step.value_n);
        for k in parents {
            let i = if narrow { live[k] as usize } else { k };
            let Entry { key, score, choice, .. } = self.entries[i];
            if !narrow && choice == DEAD {
                continue;
            }
            self.colour_options::<TRACK, RELAX>(key, score, i as u32, c, step, jmax, cap, masks, bound, unit);
        }
    }

    /// A child state's estimate in the form the layer asks for (see
    /// [`Dp::colour_options`]): the relaxation's bound, read without asking whether it is
    /// on where the caller knows it is; the score itself without the relaxation.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn child_estimate<const TRACK: bool, const RELAX: bool>(
        &mut self,
        others: &Others,
        key: u64,
        score: u32,
        n: u32,
        c: usize,
        jmax: u32,
        bound: u32,
    ) -> Option<u32> {
        if RELAX && !TRACK {
            self.relax.estimate_on(&mut self.dec, others, key, score, n, c, jmax, bound, &mut self.cut)
        } else if RELAX {
            self.relax.estimate(&mut self.dec, others, key, score, n, c, jmax, bound, &mut self.cut)
        } else {
            Some(score)
        }
    }

    /// Applies every decision of colour `c` at number `n` to one state.
    ///
    /// `TRACK`: initial-meld mode, the value laid down tracked up to `cap` (`cap` is
    /// read only then). `RELAX`: the relaxation is on, or (with `TRACK`) may be, which
    /// is then read per state; without it (only while it is off) a state's estimate is
    /// its score. `unit`: the packed score of one natural of the step's number
    /// ([`one_tile`]), which the caller reads once per layer.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn colour_options<const TRACK: bool, const RELAX: bool>(
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
        unit: u32,
    ) {
        debug_assert!(RELAX || !self.relax.on(), "the relaxation left out while on");
        let cap = if TRACK { cap } else { None };
        let shift = c as u32 * COLOUR_BITS;
        let jleft = jmax - jokers_of(key);
        let (lo, hi) = self.dec.get(step, (key >> shift) as u32 & 0x1ff, jleft);
        let value0 = value_of(key);
        let base = key & !(0x1ff << shift);
        // The other colours' bound per joker budget: the same for every decision here.
        let others = if RELAX {
            let others = if TRACK {
                self.relax.others(&mut self.dec, key, step.n, c, jleft)
            } else {
                self.relax.others_on(&mut self.dec, key, step.n, c, jleft)
            };
            let Some(others) = others else {
                return;
            };
            others
        } else {
            [0; 2 * JLEFT as usize - 1]
        };
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
            let o = if TRACK { self.dec.tracked_opt(o) } else { self.dec.kept_opt(o) };
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
                let est = self.child_estimate::<TRACK, RELAX>(&others, k, sc, step.n, c, jmax, bound);
                if let Some(est) = est {
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
                let est = self.child_estimate::<TRACK, RELAX>(&others, kk, sc, step.n, 3, jmax, bound);
                if let Some(est) = est {
                    self.insert(kk, sc, est, parent, o.choice | add << GROUP_JOKER_SHIFT);
                }
            }
        }
    }
}

/// One colour step's work for [`Dp::expand`]: its parent states (positions in the
/// entries, or, for a narrow layer, in `live`) and what each state's decisions read.
#[derive(Clone)]
struct Layer<'a> {
    parents: core::ops::Range<usize>,
    narrow: bool,
    live: &'a [u32; NARROW_LAYER],
    c: usize,
    step: &'a Step,
    jmax: u32,
    cap: Option<u32>,
    masks: &'a [u8; 512],
    bound: u32,
}

/// Layers of at most this many states (the narrow beams', before their cut) list their
/// states not marked before extending them ([`live_states`]).
const NARROW_LAYER: usize = 256;

/// The positions of the states of `layer` (whose first entry is at `start`) that are not
/// marked ([`DEAD`]), in layer order, into `live`; how many.
#[inline]
fn live_states(layer: &[Entry], start: u32, live: &mut [u32; NARROW_LAYER]) -> usize {
    let mut n = 0;
    for (e, i) in layer.iter().zip(start..) {
        live[n] = i;
        n += usize::from(e.choice != DEAD);
    }
    n
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

/// Joker budgets a colour step distinguishes (`0..=MAX_JOKERS`).
const JLEFT: u32 = MAX_JOKERS as u32 + 1;

/// Unpacks a colour step's decision.
pub(super) fn choice(v: u32) -> Choice {
    Choice::unpack(v)
}

/// One layout of a number's groups into `out` (see [`layout_into`]); `false` if none.
pub(super) fn group_layout(gamma: [u8; 4], jokers: usize, core: bool, out: &mut Vec<(u8, u8)>) -> bool {
    layout_into(gamma, jokers, core, out)
}
