//! Prices on the group naturals: a second bound per state for searches that are slow.
//!
//! The per-colour relaxation ([`Relax`](super::relax::Relax)) lets each colour send
//! naturals to groups up to a cap, whatever the other colours do at that number. A group
//! natural of colour `c` at number `i` needs two partners there: naturals of the other
//! colours sent to groups, or jokers, so every play satisfies
//! `2 g(c,i) ≤ Σ_{c'≠c} g(c',i) + J_i`. Priced by `μ(c,i) ≥ 0` (Lagrangian relaxation),
//! the colours are apart again: a group natural of `c` at `i` earns
//! `Σ_{c'≠c} μ(c',i) − 2μ(c,i)`, a joker left to the groups earns at most
//! `max_i Σ_c μ(c,i)`, and the jokers are still shared exactly by the max-plus
//! convolution. For any prices that bounds what a state can still add, so the least of
//! this bound and the per-colour one is a bound too. Good prices come from the linear
//! program over each colour's paths from the root, by column generation ([`prices`]).

use super::decisions::Decisions;
use super::key::COLOUR_BITS;
use super::relax::{Budgets, NONE, Others, max_plus};
use super::*;
use crate::solver::paged::Paged;

/// Rows per page of [`Priced::rows`]: per colour and number 1..=14, priced or free.
const ROW_PAGE: usize = 4 * 14 * 2;

/// The priced bound of one search at fixed prices (see the module docs).
#[derive(Debug, Clone, Default)]
pub(super) struct Priced {
    objective: Objective,
    jmax: u32,
    /// `mu[colour][number index]`, packed score units, never negative.
    mu: [[i32; 13]; 4],
    /// `credit[i]`: what a joker left to the groups of the numbers from index `i` on
    /// earns at most (`credit[13]` = 0).
    credit: [i32; 14],
    /// Per `(runs, colour, number, free)` the priced bound per joker budget.
    rows: Paged<Budgets, ROW_PAGE>,
    /// The other colours' priced bound for the states after colour `c` of number `n`
    /// with the other colours' runs of `tag` (see [`Priced::prepare`]).
    others: Others,
    tag: u64,
    /// `(stamp, tag, bound)`: [`Priced::prepare`]'s bounds by the other colours' runs,
    /// number and colour, direct-mapped ([`CACHE_BITS`]).
    cache: Vec<(u32, u64, Budgets)>,
    stamp: u32,
}

/// Size of [`Priced::cache`]: 2^12 entries.
const CACHE_BITS: u32 = 12;

impl Priced {
    /// Sets the prices `mu` (packed units, clamped at zero) for positions of `objective`
    /// with `jmax` jokers.
    pub(super) fn set(&mut self, mu: [[i32; 13]; 4], objective: Objective, jmax: u32) {
        self.mu = mu.map(|r| r.map(|v| v.max(0)));
        self.objective = objective;
        self.jmax = jmax;
        self.credit[13] = 0;
        for i in (0..13).rev() {
            let sum: i32 = (0..4).map(|c| self.mu[c][i]).sum();
            self.credit[i] = self.credit[i + 1].max(sum);
        }
        self.rows.clear();
        self.tag = 0;
        if self.cache.is_empty() {
            self.cache = vec![(0, 0, [0; JLEFT as usize]); 1 << CACHE_BITS];
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.cache.fill((0, 0, [0; JLEFT as usize]));
            self.stamp = 1;
        }
    }

    /// What one group natural of colour `c` at number index `i` earns.
    fn price(&self, c: usize, i: usize) -> i32 {
        (0..4).filter(|&o| o != c).map(|o| self.mu[o][i]).sum::<i32>() - 2 * self.mu[c][i]
    }

    /// Colour `c`'s priced bound from number `m` on with open runs `runs`, per joker
    /// budget; `free`: number `m` itself unpriced (other colours there not yet decided).
    pub(super) fn row(&mut self, dec: &mut Decisions, c: usize, m: u32, runs: u32, free: bool) -> Budgets {
        let at = (c * 14 + m as usize - 1) * 2 + usize::from(free);
        if let Some(&row) = self.rows.get(runs as usize, at) {
            return row;
        }
        if m == 14 {
            let row = [if runs & 0x3f == 0 { 0 } else { NONE }; JLEFT as usize];
            self.rows.set(runs as usize, at, row);
            return row;
        }
        let i = m as usize - 1;
        let step = dec.look.steps[i * 4 + c];
        let unit = one_tile(self.objective, step.value_n) as i32;
        let price = if free { 0 } else { self.price(c, i) };
        let (lo, hi) = dec.get(&step, runs, self.jmax);
        let mut row = [NONE; JLEFT as usize];
        for k in lo..hi {
            let o = dec.opt(k);
            let sub = self.row(dec, c, m + 1, u32::from(o.runs), false);
            let d = i32::from(o.delta >> 8) * unit + i32::from(o.gamma) * price;
            for b in usize::from(o.jokers)..JLEFT as usize {
                row[b] = row[b].max(d + sub[b - usize::from(o.jokers)]);
            }
        }
        for b in 1..JLEFT as usize {
            row[b] = row[b].max(row[b - 1]);
        }
        let row = row.map(|v| v.max(NONE));
        self.rows.set(runs as usize, at, row);
        row
    }

    /// Prepares [`Priced::bound`] for the states `key` after colour `c` of number `n`:
    /// the other colours' priced rows and the jokers' credit, convolved (the same for
    /// every successor of a state, and for states with the same other colours' runs).
    fn prepare(&mut self, dec: &mut Decisions, key: u64, n: u32, c: usize) {
        let runs = key & ((1 << (4 * COLOUR_BITS)) - 1) & !(0x1ff << (c as u32 * COLOUR_BITS));
        let tag = runs | u64::from(n) << 40 | (c as u64) << 44 | 1 << 47;
        if tag == self.tag {
            return;
        }
        self.tag = tag;
        let slot = (tag.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - CACHE_BITS)) as usize;
        let (stamp, seen, bound) = self.cache[slot];
        let acc = if stamp == self.stamp && seen == tag { bound } else { self.convolve(dec, key, n, c) };
        self.cache[slot] = (self.stamp, tag, acc);
        self.others = [NONE; 2 * JLEFT as usize - 1];
        self.others[JLEFT as usize - 1..].copy_from_slice(&acc);
    }

    /// [`Priced::prepare`]'s bound when it is not cached.
    fn convolve(&mut self, dec: &mut Decisions, key: u64, n: u32, c: usize) -> Budgets {
        let credit = self.credit[n as usize];
        let mut acc: Budgets = core::array::from_fn(|b| b as i32 * credit);
        for cc in (0..4).filter(|&cc| cc != c) {
            let runs = (key >> (cc as u32 * COLOUR_BITS)) as u32 & 0x1ff;
            let row =
                if cc < c { self.row(dec, cc, n + 1, runs, false) } else { self.row(dec, cc, n, runs, true) };
            acc = max_plus(&acc, &row);
        }
        acc
    }

    /// The priced bound of the state `key` after colour `c` of number `n` (its runs of
    /// colour `c` `runs`) with `j` jokers left. Negative: no completion.
    pub(super) fn bound(
        &mut self,
        dec: &mut Decisions,
        key: u64,
        c: usize,
        n: u32,
        runs: u32,
        j: u32,
    ) -> i32 {
        self.prepare(dec, key, n, c);
        let row = self.row(dec, c, n + 1, runs, false);
        let window = &self.others[j as usize..][..JLEFT as usize];
        let mut best = NONE;
        for (&r, &o) in row.iter().zip(window.iter().rev()) {
            best = best.max(r + o);
        }
        best
    }
}

/// Rounds of column generation [`prices`] runs at most.
const ROUNDS: usize = 12;

/// The master program's penalty on a colour with no path of its own yet (score units).
const BIG: f64 = 1e4;

fn rounds() -> usize {
    static R: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *R.get_or_init(|| std::env::var("PRICED_ROUNDS").ok().and_then(|v| v.parse().ok()).unwrap_or(ROUNDS))
}

/// One colour's path from the root: its colour, score (units), jokers in runs and group
/// naturals per number.
struct Path {
    c: usize,
    score: f64,
    jokers: f64,
    g: [f64; 13],
}

/// Prices for the position `dec` describes (opened mode, `jmax` jokers): the duals of
/// the linear program over each colour's paths from the root with the groups coupled
/// per number (see the module docs), by column generation — each round the master
/// program over the paths found so far ([`Simplex`]), then each colour's longest path
/// at its duals — stopped after [`ROUNDS`] rounds. Packed units; any prices give a
/// bound, these a strong one.
pub(super) fn prices(dec: &mut Decisions, objective: Objective, jmax: u32) -> [[i32; 13]; 4] {
    let scale = f64::from(one_unit(objective));
    let mut lp = Simplex::new(jmax as f64);
    let mut mu = [[0.0f64; 13]; 4];
    let (mut gamma, mut pi) = (0.0f64, [0.0f64; 4]);
    let graphs: Vec<Graph> = (0..4).map(|c| Graph::new(dec, objective, jmax, c, scale)).collect();
    let mut value = Vec::new();
    for round in 0..rounds() {
        let mut added = false;
        for c in 0..4 {
            let price: [f64; 13] = core::array::from_fn(|i| {
                (0..4).filter(|&o| o != c).map(|o| mu[o][i]).sum::<f64>() - 2.0 * mu[c][i]
            });
            let Some(path) = graphs[c].longest(&price, gamma, &mut value) else {
                return [[0; 13]; 4];
            };
            let reduced =
                path.score + (0..13).map(|i| path.g[i] * price[i]).sum::<f64>() - gamma * path.jokers;
            if round == 0 || reduced - pi[c] > 1e-7 {
                lp.add(&path);
                added = true;
            }
        }
        if !added || !lp.solve() {
            break;
        }
        let y = lp.duals();
        pi = core::array::from_fn(|c| y[c]);
        gamma = y[4].max(0.0);
        mu = core::array::from_fn(|c| core::array::from_fn(|i| y[5 + c * 13 + i].max(0.0)));
    }
    // Prices above two tiles of 13 per natural bound nothing better and would only
    // bring the packed sums near overflow.
    let cap = 2.0 * f64::from(one_tile(objective, 13));
    mu.map(|r| r.map(|v| (v * scale).min(cap) as i32))
}

/// One colour's decision graph from the root, for [`prices`]: per number its nodes
/// (runs open before it), and the decisions leaving each.
struct Graph {
    c: usize,
    /// Per number 1..=14, the first node's index (`14` entries, then the end).
    first: Vec<usize>,
    /// Per node, its runs and its first edge (the next node's is the end).
    nodes: Vec<(u32, usize)>,
    /// Per edge: the node it leads to, its score (units), group naturals and jokers.
    edges: Vec<(usize, f64, f64, f64)>,
}

impl Graph {
    /// Colour `c`'s graph from the root (no runs open at number 1).
    fn new(dec: &mut Decisions, objective: Objective, jmax: u32, c: usize, scale: f64) -> Graph {
        let mut g = Graph { c, first: vec![0], nodes: vec![(0, 0)], edges: Vec::new() };
        let mut at = [usize::MAX; 512];
        let mut next = Vec::new();
        for m in 1..=13usize {
            let step = dec.look.steps[(m - 1) * 4 + c];
            let unit = f64::from(one_tile(objective, step.value_n)) / scale;
            let (from, to) = (g.first[m - 1], g.nodes.len());
            g.first.push(to);
            next.clear();
            at.fill(usize::MAX);
            // The edges first lead to the next number's nodes by their place in `next`.
            for node in from..to {
                g.nodes[node].1 = g.edges.len();
                let (lo, hi) = dec.get(&step, g.nodes[node].0, jmax);
                for k in lo..hi {
                    let o = dec.opt(k);
                    let r = usize::from(o.runs);
                    if at[r] == usize::MAX {
                        at[r] = to + next.len();
                        next.push((r as u32, 0));
                    }
                    let score = f64::from(o.delta >> 8) * unit;
                    g.edges.push((at[r], score, f64::from(o.gamma), f64::from(o.jokers)));
                }
            }
            g.nodes.extend_from_slice(&next);
        }
        for node in g.first[13]..g.nodes.len() {
            g.nodes[node].1 = g.edges.len();
        }
        g.first.push(g.nodes.len());
        g
    }

    /// The longest path at group-natural prices `price` and joker price `gamma`;
    /// `None` if there is none.
    fn longest(&self, price: &[f64; 13], gamma: f64, value: &mut Vec<(f64, usize)>) -> Option<Path> {
        value.clear();
        value.resize(self.nodes.len(), (f64::NEG_INFINITY, usize::MAX));
        // After number 13 every short run must have ended.
        for (v, node) in value.iter_mut().zip(&self.nodes).skip(self.first[13]) {
            if node.0 & 0x3f == 0 {
                v.0 = 0.0;
            }
        }
        for m in (0..13).rev() {
            for node in self.first[m]..self.first[m + 1] {
                let end = self.nodes.get(node + 1).map_or(self.edges.len(), |n| n.1);
                let mut best = (f64::NEG_INFINITY, usize::MAX);
                for e in self.nodes[node].1..end {
                    let (to, score, gam, jk) = self.edges[e];
                    let v = value[to].0 + score + gam * price[m] - gamma * jk;
                    if v > best.0 {
                        best = (v, e);
                    }
                }
                value[node] = best;
            }
        }
        if value[0].0 == f64::NEG_INFINITY {
            return None;
        }
        let mut path = Path { c: self.c, score: 0.0, jokers: 0.0, g: [0.0; 13] };
        let mut node = 0;
        for g in path.g.iter_mut() {
            let (to, score, gam, jk) = self.edges[value[node].1];
            path.score += score;
            path.jokers += jk;
            *g = gam;
            node = to;
        }
        Some(path)
    }
}

/// Pivots a round of [`prices`] makes at most: the prices of a round stopped there
/// still bound, only less tightly.
const PIVOTS: usize = 120;

/// Rows of the master program: a colour's paths sum to one (4), the jokers (1), a
/// colour's group naturals at a number within their partners (52).
const ROWS: usize = 57;

/// The master program of [`prices`], maximised by a dense primal simplex kept between
/// rounds (the columns found later enter the optimal tableau). Its first [`ROWS`]
/// columns are the starting basis — per colour an artificial path scoring `-BIG`, the
/// jokers' and the group rows' slacks — so their tableau columns are the basis
/// inverse; then the jokers given to the groups of each number; then the paths.
struct Simplex {
    /// Per column: its cost and its tableau column, the reduced cost last.
    cols: Vec<(f64, [f64; ROWS + 1])>,
    /// The basic variable of each row, and the right-hand side.
    basis: [usize; ROWS],
    rhs: [f64; ROWS],
}

impl Simplex {
    fn new(jokers: f64) -> Simplex {
        let mut s = Simplex { cols: Vec::new(), basis: core::array::from_fn(|r| r), rhs: [0.0; ROWS] };
        for r in 0..ROWS {
            let mut col = [0.0; ROWS + 1];
            col[r] = 1.0;
            let cost = if r < 4 { -BIG } else { 0.0 };
            s.cols.push((cost, col));
        }
        s.rhs[..4].fill(1.0);
        s.rhs[4] = jokers;
        // Reduced costs of the starting basis: the artificials' cost enters each column
        // through the convexity rows (none yet but the artificials, whose own is 0).
        for i in 0..13 {
            let mut a = [0.0; ROWS];
            a[4] = 1.0;
            for c in 0..4 {
                a[5 + c * 13 + i] = -1.0;
            }
            s.push(0.0, &a);
        }
        s
    }

    /// Adds a path as a column.
    fn add(&mut self, p: &Path) {
        let mut a = [0.0; ROWS];
        a[p.c] = 1.0;
        a[4] = p.jokers;
        for i in 0..13 {
            for c in 0..4 {
                a[5 + c * 13 + i] = if c == p.c { 2.0 * p.g[i] } else { -p.g[i] };
            }
        }
        self.push(p.score, &a);
    }

    /// Adds a column of cost `cost` and coefficients `a` to the tableau: `B⁻¹a` from the
    /// basis inverse, its reduced cost `cost − y·a`.
    fn push(&mut self, cost: f64, a: &[f64; ROWS]) {
        let y = self.duals();
        let mut col = [0.0; ROWS + 1];
        for (k, &ak) in a.iter().enumerate() {
            if ak != 0.0 {
                let inv = &self.cols[k].1;
                for r in 0..ROWS {
                    col[r] += ak * inv[r];
                }
            }
        }
        col[ROWS] = cost - y.iter().zip(a).map(|(y, a)| y * a).sum::<f64>();
        self.cols.push((cost, col));
    }

    /// The duals `y = c_B B⁻¹`, read off the starting basis' reduced costs.
    fn duals(&self) -> [f64; ROWS] {
        core::array::from_fn(|r| self.cols[r].0 - self.cols[r].1[ROWS])
    }

    /// Pivots to the optimum (Dantzig's rule, Bland's after many steps); `false` if it
    /// gave up (unbounded or too many steps: never seen, the program is bounded).
    fn solve(&mut self) -> bool {
        for step in 0..PIVOTS {
            let bland = step > PIVOTS / 2;
            let mut enter = None;
            let mut most = 1e-9;
            for (j, (_, col)) in self.cols.iter().enumerate() {
                if col[ROWS] > most {
                    enter = Some(j);
                    if bland {
                        break;
                    }
                    most = col[ROWS];
                }
            }
            let Some(e) = enter else {
                return true;
            };
            let col = self.cols[e].1;
            let mut leave = None;
            let mut ratio = f64::INFINITY;
            for (r, &a) in col.iter().enumerate().take(ROWS) {
                if a > 1e-9 {
                    let t = self.rhs[r] / a;
                    if t < ratio - 1e-12
                        || (t <= ratio + 1e-12 && leave.is_some_and(|l: usize| self.basis[r] < self.basis[l]))
                    {
                        ratio = t;
                        leave = Some(r);
                    }
                }
            }
            let Some(l) = leave else {
                return false;
            };
            let piv = col[l];
            self.rhs[l] /= piv;
            let moved = self.rhs[l];
            for (r, (rhs, &a)) in self.rhs.iter_mut().zip(&col).enumerate() {
                if r != l {
                    *rhs -= a * moved;
                }
            }
            for (_, c) in self.cols.iter_mut() {
                let f = c[l] / piv;
                if f == 0.0 {
                    continue;
                }
                for r in 0..=ROWS {
                    c[r] -= f * col[r];
                }
                c[l] = f;
            }
            self.basis[l] = e;
        }
        false
    }
}
