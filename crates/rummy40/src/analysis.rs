//! Hand analysis: the best opening a hand holds ([`best_opening`], `RULES.md` §3.5) and
//! its least-deadwood split ([`analyze`], `RULES.md` §3.8), both exact, for hands of up
//! to [`MAX_ANALYSED_HAND`] cards.
//!
//! [`analyze`] is core's [`least_deadwood`](rummykit_core::least_deadwood) under this
//! game's meld rules and hand penalties. [`best_opening`] and [`can_open`] are one
//! branch-and-bound search over face counts. Cards are decided in a fixed order (suit
//! by suit; within a suit 2 … K, then the ace): the first undecided card is either left
//! out (with every other copy of its face) or put into a meld in which it is the first
//! natural in that order. Every set of disjoint melds is reached that way, so the search
//! is exhaustive; a bound (the sum of what the undecided cards could still add) cuts it
//! short.

use rummykit_core::{
    AnalysisError, Card, Face, HandAnalysis, JokerLimit, Meld, MeldKind, PieceId, PieceMeld, PieceSet,
};

use crate::value::{rank_value, run_position_value};
use crate::{Config, NewMeld, meld_value};

/// The most cards [`best_opening`], [`can_open`] and [`analyze`] take: every search is
/// exact, and its time grows exponentially with the hand (microseconds for the 14-card
/// hands of the benches, seconds from 36 cards), so a larger hand is refused with
/// [`AnalysisError::TooManyPieces`] rather than searched for minutes. Within it, a
/// search also stops past a count of steps ([`OPENING_BUDGET`], core's
/// `SEARCH_BUDGET` for [`analyze`]) with [`AnalysisError::SearchTooLarge`]. A hand of
/// the game holds at most 14 cards.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{AnalysisError, Card, parse_list};
/// use rummykit_rummy40::{Config, MAX_ANALYSED_HAND, best_opening, can_open};
/// let one_suit: Vec<Card> = parse_list("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")?;
/// let mut big = one_suit.repeat(2);
/// assert_eq!(big.len(), 26);
/// let refused = Err(AnalysisError::TooManyPieces { len: 26, max: MAX_ANALYSED_HAND });
/// assert_eq!(can_open(&big, 40, &Config::RUMMY40), refused);
/// big.truncate(MAX_ANALYSED_HAND);
/// assert_eq!(can_open(&big, 40, &Config::RUMMY40), Ok(true));
/// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
/// ```
pub const MAX_ANALYSED_HAND: usize = 24;

/// The most steps [`best_opening`] and [`can_open`] take before they answer
/// [`AnalysisError::SearchTooLarge`]: a step is a branch of the search (a face decided,
/// a run grown by a card or a joker). A count, not a time, so the same hand gets the
/// same answer on any machine: about a tenth of a second at most. The worst hand of
/// the game found (14 cards of its pack) takes under a hundredth of it; only hands near
/// [`MAX_ANALYSED_HAND`] cards with four jokers reach it.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{AnalysisError, Card, JokerLimit, parse_list};
/// use rummykit_rummy40::{Config, OPENING_BUDGET, best_opening, can_open};
/// // 24 cards with four jokers, at most one joker a meld: no hand of the game.
/// let hand: Vec<Card> = parse_list("Js * * 2s Th 7d 5d Ac 3c 2d 4d 7c 2h 2c 6c 8c 2c Kd * * 3d 5c 4c 6d")?;
/// let mut config = Config::SCALA40;
/// config.joker_limit = JokerLimit::AtMost(1);
/// let refused = AnalysisError::SearchTooLarge { budget: OPENING_BUDGET };
/// assert_eq!(best_opening(&hand, &config).map(|b| b.value), Err(refused));
/// assert_eq!(can_open(&hand, 500, &config), Err(refused));
/// // An opening found in time is an answer, whatever is left unsearched.
/// assert_eq!(can_open(&hand, 40, &config), Ok(true));
/// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
/// ```
pub const OPENING_BUDGET: u64 = 1 << 21;

/// `Ok` for a hand of at most [`MAX_ANALYSED_HAND`] cards.
fn check_size(len: usize) -> Result<(), AnalysisError> {
    if len > MAX_ANALYSED_HAND {
        return Err(AnalysisError::TooManyPieces { len, max: MAX_ANALYSED_HAND });
    }
    Ok(())
}

/// The best opening a hand holds: the largest opening value (`RULES.md` §3.5: every
/// position at the value of the card it stands for) of disjoint melds from the hand
/// that leave at least one card to discard.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, Meld, MeldKind, parse_list};
/// use rummykit_rummy40::{Config, MELD_RULES, best_opening};
/// // ♠Q-K-A (31) and 7♣ 7♦ with the joker (21); 2♥ stays for the discard.
/// let best = best_opening(&parse_list::<Card>("Qs Ks As 7c 7d * 2h")?, &Config::RUMMY40)?;
/// assert_eq!(best.value, 52);
/// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("Qs Ks As")?, &MELD_RULES)?;
/// assert!(best.melds.contains(&run));
/// assert_eq!(best.melds.iter().map(Meld::len).sum::<usize>(), 6);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The total opening value of `melds` (0 when the hand holds no meld).
    pub value: u32,
    /// The melds, in search order.
    pub melds: Vec<Meld<Card>>,
}

impl Opening {
    /// `true` if the value reaches `threshold`.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Card, parse_list};
    /// use rummykit_rummy40::{Config, best_opening};
    /// // 5♣ 5♦ 5♥ (15) + ♠6-7-8 (21) = 36: short of the 40 of Rummy 40.
    /// let hand: Vec<Card> = parse_list("5c 5d 5h 6s 7s 8s Kd")?;
    /// let best = best_opening(&hand, &Config::RUMMY40)?;
    /// assert_eq!(best.value, 36);
    /// assert!(best.reaches(36) && !best.reaches(40));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn reaches(&self, threshold: u32) -> bool {
        self.value >= threshold
    }
}

/// The best opening in `hand` under `config`: the most opening points in disjoint
/// melds from the hand that keep at least one card back for the discard (`RULES.md`
/// §3.3, §3.5). Jokers count what they stand for; an ace 11 (1 at the bottom of a low
/// run under `ace_low_in_runs`).
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, parse_list};
/// use rummykit_rummy40::{Config, best_opening};
/// // RULES.md §3.5: ♥10-J-Q (30) + 4♣ 4♦ 4♠ (12) = 42.
/// let hand: Vec<Card> = parse_list("Th Jh Qh 4c 4d 4s 8c")?;
/// let best = best_opening(&hand, &Config::RUMMY40)?;
/// assert_eq!(best.value, 42);
/// assert!(best.reaches(40));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] for a hand of more than [`MAX_ANALYSED_HAND`] cards;
/// [`AnalysisError::SearchTooLarge`] for a hand whose search would take more than
/// [`OPENING_BUDGET`] steps (no hand of the game comes near it).
pub fn best_opening(hand: &[Card], config: &Config) -> Result<Opening, AnalysisError> {
    let s = search(hand, config, None, OPENING_BUDGET)?;
    if s.steps > s.budget {
        return Err(AnalysisError::SearchTooLarge { budget: s.budget });
    }
    Ok(Opening { value: s.best, melds: s.best_melds(config) })
}

/// Whether `hand` holds an opening worth at least `threshold` that keeps a card for
/// the discard. Stops at the first one found, so it is faster than [`best_opening`].
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, parse_list};
/// use rummykit_rummy40::{Config, can_open};
/// let hand: Vec<Card> = parse_list("Qs Ks As 7c 7d * 2h")?; // 31 + 21 = 52
/// assert_eq!(can_open(&hand, 52, &Config::RUMMY40), Ok(true));
/// assert_eq!(can_open(&hand, 53, &Config::RUMMY40), Ok(false));
/// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
/// ```
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] for a hand of more than [`MAX_ANALYSED_HAND`] cards;
/// [`AnalysisError::SearchTooLarge`] for a hand whose search passes [`OPENING_BUDGET`]
/// steps before it finds an opening worth `threshold` (no hand of the game comes near
/// it).
pub fn can_open(hand: &[Card], threshold: u32, config: &Config) -> Result<bool, AnalysisError> {
    let s = search(hand, config, Some(threshold), OPENING_BUDGET)?;
    if s.best >= threshold {
        return Ok(true);
    }
    if s.steps > s.budget {
        return Err(AnalysisError::SearchTooLarge { budget: s.budget });
    }
    Ok(false)
}

/// The opening search of `hand` (stopping at `target` if one is given), run until it
/// is done or has taken more than `budget` steps.
fn search(hand: &[Card], config: &Config, target: Option<u32>, budget: u64) -> Result<Search, AnalysisError> {
    check_size(hand.len())?;
    let max_cards = hand.len().saturating_sub(1) as u32;
    let mut s = Search::new(hand, config, max_cards, target, budget);
    s.run();
    Ok(s)
}

/// The steps the opening search of `hand` takes, without a budget (for the tests of
/// [`OPENING_BUDGET`]).
#[cfg(test)]
pub(crate) fn opening_steps(hand: &[Card], config: &Config, target: Option<u32>) -> u64 {
    search(hand, config, target, u64::MAX).map_or(0, |s| s.steps)
}

/// The split of `hand` (card ids of the game's pack, as a view holds them) into melds
/// and unmelded cards with the least penalty in the unmelded (`RULES.md` §3.8 values;
/// an unmelded joker costs `joker_hand_penalty`). Every card may be melded (this is the
/// hand's shape, not a legal play). Built on core's [`rummykit_core::least_deadwood`]
/// with the Rummy 40 meld rules and card values; classic Rummy's `analyze` takes and
/// gives the same shape.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, PieceSet, parse_list};
/// use rummykit_rummy40::{Config, RUMMY40_PACK, analyze};
/// // The first copy of each card, and the first joker.
/// let hand: PieceSet = parse_list::<Card>("5h 6h 7h 9c 9d * Ad Kc")?
///     .into_iter()
///     .filter_map(|c| RUMMY40_PACK.ids_of(c).next())
///     .collect();
/// let split = analyze(&hand, &Config::RUMMY40)?;
/// assert_eq!(split.deadwood, 11 + 10); // Ad and Kc; the joker completes the nines
/// assert_eq!(split.melds.len(), 2);
/// let unmelded: Vec<String> =
///     split.unmelded.iter().filter_map(|id| RUMMY40_PACK.face(id)).map(|c| c.to_string()).collect();
/// assert_eq!(unmelded, ["Kc", "Ad"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] for a hand of more than [`MAX_ANALYSED_HAND`] cards;
/// [`AnalysisError::UnknownPiece`] for an id that is not a card of the pack of
/// `config`'s jokers (of the larger pack for a joker count the game does not have);
/// [`AnalysisError::SearchTooLarge`] past core's search budget. No hand a game deals
/// comes near it (at most 14 cards), but hands near the 24-card bound may reach it:
/// 20 clubs of both decks and four jokers take four fifths of it.
pub fn analyze(hand: &PieceSet, config: &Config) -> Result<HandAnalysis, AnalysisError> {
    check_size(hand.len())?;
    let pack = config.pack();
    let ids: Vec<PieceId> = hand.iter().collect();
    let faces = ids
        .iter()
        .map(|&id| pack.face(id).ok_or(AnalysisError::UnknownPiece(id)))
        .collect::<Result<Vec<Card>, _>>()?;
    let split = rummykit_core::least_deadwood(&faces, &config.meld_rules(), |c| config.card_penalty(c))?;
    let id_at = |p: usize| ids[p];
    Ok(HandAnalysis {
        melds: split
            .melds()
            .iter()
            .map(|m| PieceMeld {
                kind: m.kind(),
                pieces: m.positions().iter().map(|&p| id_at(usize::from(p))).collect(),
            })
            .collect(),
        unmelded: split.unmelded().map(id_at).collect(),
        deadwood: split.deadwood(),
    })
}

/// A meld of an analysis, to be put down: the same kind and cards in the same order.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{MeldKind, PieceId, PieceMeld};
/// use rummykit_rummy40::NewMeld;
/// let id = |i| PieceId::new(i).unwrap();
/// let meld = PieceMeld { kind: MeldKind::Run, pieces: vec![id(4), id(5), id(6)] };
/// assert_eq!(NewMeld::from(meld), NewMeld::new(MeldKind::Run, vec![id(4), id(5), id(6)]));
/// ```
impl From<PieceMeld> for NewMeld {
    fn from(meld: PieceMeld) -> NewMeld {
        NewMeld::new(meld.kind, meld.pieces)
    }
}

/// The most a joker can be worth in an opening (standing for an ace).
const JOKER_MAX: u32 = 11;

/// The order in which faces are decided: per suit 2 … K, then the ace.
const ORDER: [u8; 52] = {
    let mut order = [0u8; 52];
    let mut s = 0;
    while s < 4 {
        let mut k = 0;
        while k < 13 {
            let rank = if k < 12 { k + 2 } else { 1 };
            order[s * 13 + k] = (s * 13) as u8 + rank as u8 - 1;
            k += 1;
        }
        s += 1;
    }
    order
};

/// A meld found by the search, by face.
#[derive(Clone, Copy, Debug)]
struct Cand {
    kind: MeldKind,
    /// Group: mask of natural suits. Run: the suit.
    suit: u8,
    /// Group: the rank. Run: the value at position 0 (1–14).
    first: u8,
    len: u8,
    /// Group: number of jokers. Run: bit i set = position i is a joker.
    jokers: u16,
    /// Naturals in the meld.
    naturals: u8,
    /// Jokers in the meld.
    njokers: u8,
}

/// `c` with `k` more jokers at its ends, `below` of them at the bottom of a run.
fn extend_cand(c: Cand, k: u8, below: u8) -> Cand {
    match c.kind {
        MeldKind::Group => {
            Cand { len: c.len + k, jokers: c.jokers + u16::from(k), njokers: c.njokers + k, ..c }
        }
        MeldKind::Run => {
            let above = k - below;
            let mut mask = (c.jokers << below) | ((1u16 << below) - 1);
            for i in 0..above {
                mask |= 1 << (c.len + below + i);
            }
            Cand { first: c.first - below, len: c.len + k, jokers: mask, njokers: c.njokers + k, ..c }
        }
    }
}

struct Search {
    counts: [u8; 52],
    jokers: u8,
    ace_low: bool,
    limit: JokerLimit,
    max_cards: u32,
    target: Option<u32>,
    used: u32,
    cur: u32,
    bound: u32,
    best: u32,
    /// Set when a target is reached or the budget is spent: the search unwinds.
    done: bool,
    /// Branches taken so far; past `budget` the search stops.
    steps: u64,
    budget: u64,
    stack: Vec<Cand>,
    best_stack: Vec<Cand>,
}

impl Search {
    fn new(hand: &[Card], config: &Config, max_cards: u32, target: Option<u32>, budget: u64) -> Search {
        let mut counts = [0u8; 52];
        let mut jokers = 0u8;
        for c in hand {
            let i = c.index() as usize;
            if i < 52 {
                counts[i] = counts[i].saturating_add(1);
            } else {
                jokers = jokers.saturating_add(1);
            }
        }
        let mut bound = u32::from(jokers) * JOKER_MAX;
        for (i, &n) in counts.iter().enumerate() {
            bound += u32::from(n) * rank_value(i as u8 % 13 + 1);
        }
        Search {
            counts,
            jokers,
            ace_low: config.ace_low_in_runs,
            limit: config.joker_limit,
            max_cards,
            target,
            used: 0,
            cur: 0,
            bound,
            best: 0,
            done: false,
            steps: 0,
            budget,
            stack: Vec::with_capacity(8),
            best_stack: Vec::new(),
        }
    }

    fn run(&mut self) {
        self.dfs(0);
    }

    /// Counts a branch; `true` once the budget is spent (the search then unwinds).
    #[inline]
    fn step(&mut self) -> bool {
        self.steps += 1;
        if self.steps > self.budget {
            self.done = true;
        }
        self.done
    }

    /// May a meld of `naturals` naturals hold `jokers` jokers?
    #[inline]
    fn jokers_ok(&self, naturals: u8, jokers: u8) -> bool {
        match self.limit {
            JokerLimit::Forbidden => jokers == 0,
            JokerLimit::AtMost(n) => jokers <= n,
            JokerLimit::NotMoreThanNaturals => jokers <= naturals,
            _ => true,
        }
    }

    fn leaf(&mut self) {
        if self.used > self.max_cards {
            return;
        }
        let spare = u32::from(self.jokers).min(self.max_cards - self.used);
        if self.cur + spare * JOKER_MAX <= self.best {
            return;
        }
        let (extra, extended) = self.extensions(spare);
        if self.cur + extra > self.best {
            self.best = self.cur + extra;
            self.best_stack = extended;
            if self.target.is_some_and(|t| self.best >= t) {
                self.done = true;
            }
        }
    }

    /// The most value `spare` leftover jokers add at the ends of the melds found (a
    /// joker only ever extends a meld: every meld has a natural), and those melds.
    fn extensions(&self, spare: u32) -> (u32, Vec<Cand>) {
        let spare = spare as usize;
        let n = self.stack.len();
        if spare == 0 || n == 0 {
            return (0, self.stack.clone());
        }
        // gain[i][k] = (value, jokers below) of adding k jokers to meld i.
        let mut gain = vec![vec![None::<(u32, u8)>; spare + 1]; n];
        for (row, c) in gain.iter_mut().zip(&self.stack) {
            for (k, g) in row.iter_mut().enumerate() {
                *g = self.extension(c, k as u8);
            }
        }
        // Knapsack over melds: best[i][j] with j jokers among the first i melds.
        let mut best = vec![vec![None::<u32>; spare + 1]; n + 1];
        best[0][0] = Some(0);
        for i in 0..n {
            for j in 0..=spare {
                let Some(v) = best[i][j] else { continue };
                for k in 0..=(spare - j) {
                    if let Some((g, _)) = gain[i][k] {
                        let slot = &mut best[i + 1][j + k];
                        if slot.is_none_or(|s| s < v + g) {
                            *slot = Some(v + g);
                        }
                    }
                }
            }
        }
        let (mut j, total) = best[n]
            .iter()
            .enumerate()
            .filter_map(|(j, v)| v.map(|v| (j, v)))
            .max_by_key(|&(_, v)| v)
            .unwrap_or((0, 0));
        let mut out = self.stack.clone();
        for i in (0..n).rev() {
            let Some(v) = best[i + 1][j] else { break };
            let k = (0..=j)
                .find(|&k| gain[i][k].is_some_and(|(g, _)| best[i][j - k].is_some_and(|b| b + g == v)))
                .unwrap_or(0);
            if let Some((_, below)) = gain[i][k] {
                out[i] = extend_cand(out[i], k as u8, below);
            }
            j -= k;
        }
        (total, out)
    }

    /// The best (value, jokers below) of adding `k` jokers at the ends of `c`.
    fn extension(&self, c: &Cand, k: u8) -> Option<(u32, u8)> {
        if k == 0 {
            return Some((0, 0));
        }
        if !self.jokers_ok(c.naturals, c.njokers + k) {
            return None;
        }
        match c.kind {
            MeldKind::Group => (c.len + k <= 4).then(|| (u32::from(k) * rank_value(c.first), 0)),
            MeldKind::Run => {
                if c.len + k > 13 {
                    return None;
                }
                let lo = if self.ace_low { 1 } else { 2 };
                let end = c.first + c.len - 1;
                let no_adjacent = self.limit == JokerLimit::NoAdjacent;
                let mut best: Option<(u32, u8)> = None;
                for b in 0..=k {
                    let t = k - b;
                    if c.first < lo + b || end + t > 14 {
                        continue;
                    }
                    if no_adjacent
                        && (b > 1
                            || t > 1
                            || (b == 1 && c.jokers & 1 != 0)
                            || (t == 1 && c.jokers & (1 << (c.len - 1)) != 0))
                    {
                        continue;
                    }
                    let v: u32 =
                        (c.first - b..c.first).chain(end + 1..=end + t).map(run_position_value).sum();
                    if best.is_none_or(|(bv, _)| v > bv) {
                        best = Some((v, b));
                    }
                }
                best
            }
        }
    }

    fn dfs(&mut self, mut pos: usize) {
        if self.step() || self.cur + self.bound <= self.best {
            return;
        }
        while pos < 52 && self.counts[ORDER[pos] as usize] == 0 {
            pos += 1;
        }
        if pos == 52 {
            self.leaf();
            return;
        }
        let f = ORDER[pos] as usize;
        let (suit, rank) = ((f / 13) as u8, (f % 13) as u8 + 1);
        // Melds in which this card is the first natural (extra jokers at the ends are
        // added at the leaf).
        self.groups(pos, f, suit, rank);
        if rank == 1 {
            self.runs(pos, f, suit, 14);
            if self.ace_low {
                self.runs(pos, f, suit, 1);
            }
        } else {
            self.runs(pos, f, suit, rank);
        }
        // Or every remaining copy of it stays in hand.
        let n = self.counts[f];
        let drop = u32::from(n) * rank_value(rank);
        self.counts[f] = 0;
        self.bound -= drop;
        self.dfs(pos + 1);
        self.bound += drop;
        self.counts[f] = n;
    }

    fn groups(&mut self, pos: usize, f: usize, suit: u8, rank: u8) {
        let mut avail = 0u8;
        for s in suit + 1..4 {
            if self.counts[s as usize * 13 + rank as usize - 1] > 0 {
                avail |= 1 << s;
            }
        }
        let value = rank_value(rank);
        // Every subset of the later suits present (submask enumeration, including 0),
        // with the jokers it needs to reach three.
        let mut sub = avail;
        loop {
            let naturals = 1 + sub.count_ones() as u8;
            let j = 3u8.saturating_sub(naturals);
            let len = naturals + j;
            if j <= self.jokers && self.jokers_ok(naturals, j) && self.used + u32::from(len) <= self.max_cards
            {
                self.apply_group(pos, f, sub, rank, naturals, j, value);
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & avail;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_group(&mut self, pos: usize, f: usize, sub: u8, rank: u8, naturals: u8, j: u8, value: u32) {
        let w = u32::from(naturals + j) * value;
        let drop = u32::from(naturals) * value + u32::from(j) * JOKER_MAX;
        self.counts[f] -= 1;
        for s in 0..4 {
            if sub & (1 << s) != 0 {
                self.counts[s * 13 + rank as usize - 1] -= 1;
            }
        }
        self.jokers -= j;
        let len = u32::from(naturals + j);
        self.cur += w;
        self.bound -= drop;
        self.used += len;
        let mask = sub | 1 << (f / 13);
        self.stack.push(Cand {
            kind: MeldKind::Group,
            suit: mask,
            first: rank,
            len: naturals + j,
            jokers: j.into(),
            naturals,
            njokers: j,
        });
        self.dfs(pos);
        self.stack.pop();
        self.used -= len;
        self.bound += drop;
        self.cur -= w;
        self.jokers += j;
        for s in 0..4 {
            if sub & (1 << s) != 0 {
                self.counts[s * 13 + rank as usize - 1] += 1;
            }
        }
        self.counts[f] += 1;
    }

    /// Run cores in `suit` whose first natural in search order is face `f`, standing at
    /// `anchor` (1–14): from a natural to a natural, jokers only in the gaps (and as
    /// padding when the core is shorter than three).
    fn runs(&mut self, pos: usize, f: usize, suit: u8, anchor: u8) {
        let ace = suit as usize * 13;
        // The core starts at the anchor ...
        self.counts[f] -= 1;
        let w = run_position_value(anchor);
        let drop = rank_value(f as u8 % 13 + 1);
        self.cur += w;
        self.bound -= drop;
        self.used += 1;
        let cand =
            Cand { kind: MeldKind::Run, suit, first: anchor, len: 1, jokers: 0, naturals: 1, njokers: 0 };
        self.extend(pos, cand, anchor + 1, true);
        self.used -= 1;
        self.bound += drop;
        self.cur -= w;
        // ... or, with a low ace, at the ace below it, jokers filling the gap.
        let gap = anchor.saturating_sub(2);
        if self.ace_low
            && (2..=13).contains(&anchor)
            && self.counts[ace] > 0
            && gap <= self.jokers
            && !(self.limit == JokerLimit::NoAdjacent && gap >= 2)
            && self.used + u32::from(anchor) <= self.max_cards
        {
            self.counts[ace] -= 1;
            self.jokers -= gap;
            let w = run_position_value(1) + (2..=anchor).map(run_position_value).sum::<u32>();
            let drop = drop + rank_value(1) + u32::from(gap) * JOKER_MAX;
            self.cur += w;
            self.bound -= drop;
            self.used += u32::from(anchor);
            let mask = ((1u16 << gap) - 1) << 1;
            let cand = Cand {
                kind: MeldKind::Run,
                suit,
                first: 1,
                len: anchor,
                jokers: mask,
                naturals: 2,
                njokers: gap,
            };
            self.extend(pos, cand, anchor + 1, true);
            self.used -= u32::from(anchor);
            self.bound += drop;
            self.cur -= w;
            self.jokers += gap;
            self.counts[ace] += 1;
        }
        self.counts[f] += 1;
    }

    /// Emits the core `cand` if it ends with a natural, then grows it by value `next`.
    fn extend(&mut self, pos: usize, cand: Cand, next: u8, ends_natural: bool) {
        if self.step() {
            return;
        }
        if ends_natural {
            self.emit(pos, cand);
        }
        if next > 14 || cand.len >= 13 || self.used >= self.max_cards {
            return;
        }
        let pv = run_position_value(next);
        let natural_at = |s: &Search, v: u8| {
            s.counts[cand.suit as usize * 13 + if v == 14 { 0 } else { v as usize - 1 }] > 0
        };
        let longer = Cand { len: cand.len + 1, ..cand };
        if natural_at(self, next) {
            let rank = if next == 14 { 1 } else { next };
            let face = cand.suit as usize * 13 + rank as usize - 1;
            let drop = rank_value(rank);
            self.counts[face] -= 1;
            self.cur += pv;
            self.bound -= drop;
            self.used += 1;
            self.extend(pos, Cand { naturals: cand.naturals + 1, ..longer }, next + 1, true);
            self.used -= 1;
            self.bound += drop;
            self.cur -= pv;
            self.counts[face] += 1;
        }
        // A joker in a gap: only worth trying if a natural can still close it.
        let reach = (next + self.jokers).min(14);
        let closable = (next + 1..=reach).any(|v| natural_at(self, v));
        if self.jokers > 0 && closable && (ends_natural || self.limit != JokerLimit::NoAdjacent) {
            self.jokers -= 1;
            self.cur += pv;
            self.bound -= JOKER_MAX;
            self.used += 1;
            let with_joker =
                Cand { jokers: cand.jokers | 1 << cand.len, njokers: cand.njokers + 1, ..longer };
            self.extend(pos, with_joker, next + 1, false);
            self.used -= 1;
            self.bound += JOKER_MAX;
            self.cur -= pv;
            self.jokers += 1;
        }
    }

    /// Places the core `cand` (padded with jokers to three if shorter) and searches on.
    fn emit(&mut self, pos: usize, cand: Cand) {
        let pad = 3u8.saturating_sub(cand.len);
        if pad == 0 {
            if self.jokers_ok(cand.naturals, cand.njokers) {
                self.stack.push(cand);
                self.dfs(pos);
                self.stack.pop();
            }
            return;
        }
        if pad > self.jokers || self.used + u32::from(pad) > self.max_cards {
            return;
        }
        for below in 0..=pad {
            let Some((value, b)) = self.extension_split(&cand, pad, below) else { continue };
            let padded = extend_cand(cand, pad, b);
            self.jokers -= pad;
            self.cur += value;
            self.bound -= u32::from(pad) * JOKER_MAX;
            self.used += u32::from(pad);
            self.stack.push(padded);
            self.dfs(pos);
            self.stack.pop();
            self.used -= u32::from(pad);
            self.bound += u32::from(pad) * JOKER_MAX;
            self.cur -= value;
            self.jokers += pad;
        }
    }

    /// The value of adding `k` jokers to run `c`, `below` of them at the bottom, if valid.
    fn extension_split(&self, c: &Cand, k: u8, below: u8) -> Option<(u32, u8)> {
        if !self.jokers_ok(c.naturals, c.njokers + k) || c.len + k > 13 {
            return None;
        }
        let lo = if self.ace_low { 1 } else { 2 };
        let (b, t) = (below, k - below);
        let end = c.first + c.len - 1;
        if c.first < lo + b || end + t > 14 {
            return None;
        }
        if self.limit == JokerLimit::NoAdjacent
            && (b > 1
                || t > 1
                || (b == 1 && c.jokers & 1 != 0)
                || (t == 1 && c.jokers & (1 << (c.len - 1)) != 0))
        {
            return None;
        }
        let v = (c.first - b..c.first).chain(end + 1..=end + t).map(run_position_value).sum();
        Some((v, b))
    }

    fn best_melds(&self, config: &Config) -> Vec<Meld<Card>> {
        let rules = config.meld_rules();
        self.best_stack
            .iter()
            .filter_map(|c| {
                let mut faces = Vec::with_capacity(c.len as usize);
                match c.kind {
                    MeldKind::Group => {
                        for s in 0..4u8 {
                            if c.suit & (1 << s) != 0 {
                                faces.extend(Card::natural(s, c.first));
                            }
                        }
                        faces.extend(core::iter::repeat_n(Card::JOKER, c.jokers as usize));
                    }
                    MeldKind::Run => {
                        for i in 0..c.len {
                            if c.jokers & (1 << i) != 0 {
                                faces.push(Card::JOKER);
                            } else {
                                let v = c.first + i;
                                faces.extend(Card::natural(c.suit, if v == 14 { 1 } else { v }));
                            }
                        }
                    }
                }
                let meld = Meld::new(c.kind, &faces, &rules).ok();
                debug_assert!(meld.is_some(), "search produced an invalid meld {faces:?}");
                meld
            })
            .collect()
    }
}

/// The opening value of `melds` (sum of [`meld_value`]).
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, Meld, MeldKind, parse_list};
/// use rummykit_rummy40::{Config, MELD_RULES, best_opening, melds_value};
/// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("Qs Ks As")?, &MELD_RULES)?;
/// let set = Meld::new(MeldKind::Group, &parse_list::<Card>("7c 7d *")?, &MELD_RULES)?;
/// assert_eq!(melds_value(&[run, set]), 31 + 21); // the joker counts as the third 7
/// assert_eq!(melds_value(&[]), 0);
/// // The value of the best opening is that of its melds.
/// let best = best_opening(&parse_list::<Card>("Th Jh Qh 4c 4d 4s 8c")?, &Config::RUMMY40)?;
/// assert_eq!(melds_value(&best.melds), best.value);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn melds_value(melds: &[Meld<Card>]) -> u32 {
    melds.iter().map(meld_value).sum()
}

#[cfg(test)]
mod tests {
    use super::{MAX_ANALYSED_HAND, OPENING_BUDGET, opening_steps};
    use crate::Config;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use rummykit_core::{Card, Face, JokerLimit};

    /// The configurations whose search differs: both packs, the ace low or not, and
    /// every joker limit.
    fn configs() -> Vec<Config> {
        let mut out = Vec::new();
        for base in [Config::RUMMY40, Config::SCALA40] {
            for ace_low in [false, true] {
                for limit in [
                    JokerLimit::Unlimited,
                    JokerLimit::Forbidden,
                    JokerLimit::AtMost(1),
                    JokerLimit::NotMoreThanNaturals,
                    JokerLimit::NoAdjacent,
                ] {
                    let mut config = base;
                    config.ace_low_in_runs = ace_low;
                    config.joker_limit = limit;
                    out.push(config);
                }
            }
        }
        out
    }

    /// A hand of `len` cards the pack of `config` could give: at most two copies of a
    /// natural, at most the pack's jokers, `jokers` of them if the pack has them.
    fn pack_hand(rng: &mut ChaCha8Rng, config: &Config, len: usize, jokers: usize) -> Vec<Card> {
        let mut hand = vec![Card::JOKER; jokers.min(usize::from(config.jokers)).min(len)];
        while hand.len() < len {
            let c = Card::from_index(rng.random_range(0..52)).expect("a natural");
            if hand.iter().filter(|&&h| h == c).count() < 2 {
                hand.push(c);
            }
        }
        hand
    }

    /// The most steps of `hand` under `config`, best opening or 40 points (`can_open`
    /// stops early, so its steps are at most the best opening's).
    fn steps(hand: &[Card], config: &Config) -> u64 {
        opening_steps(hand, config, None)
    }

    /// Hill climbing from random hands of `len` cards: one card changed at a time, kept
    /// when the search takes at least as many steps. The worst hand found and its steps.
    fn worst(seed: u64, len: usize, rounds: usize, climbs: usize) -> (u64, Vec<Card>, Config) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let configs = configs();
        let mut worst = (0, Vec::new(), Config::RUMMY40);
        for _ in 0..rounds {
            let config = configs[rng.random_range(0..configs.len())];
            let jokers = rng.random_range(0..=usize::from(config.jokers));
            let mut hand = pack_hand(&mut rng, &config, len, jokers);
            let mut best = steps(&hand, &config);
            for _ in 0..climbs {
                let mut next = hand.clone();
                let i = rng.random_range(0..len);
                next[i] = if rng.random_bool(0.1) {
                    Card::JOKER
                } else {
                    Card::from_index(rng.random_range(0..52)).expect("a natural")
                };
                let fits = |c: Card| {
                    let n = next.iter().filter(|&&h| h == c).count();
                    if c.is_joker() { n <= usize::from(config.jokers) } else { n <= 2 }
                };
                if !next.iter().all(|&c| fits(c)) {
                    continue;
                }
                let s = steps(&next, &config);
                if s >= best {
                    (hand, best) = (next, s);
                }
            }
            if best > worst.0 {
                worst = (best, hand, config);
            }
        }
        worst
    }

    /// RULES §3.5: no hand of the game (at most 14 cards of its pack) comes near the
    /// opening search's budget; the worst of a hill climb from fresh random hands.
    #[test]
    fn rules_3_5_hands_of_the_game_stay_far_below_the_opening_budget() {
        let (steps, hand, config) = worst(3_500, 14, 12, 60);
        assert!(steps > 0 && steps * 100 < OPENING_BUDGET, "{steps} steps: {hand:?} under {config:?}");
    }

    /// The worst hands a longer hill climb finds, at 14 cards and at the 24-card bound
    /// (`cargo test --release -p rummykit-rummy40 --lib -- --ignored --nocapture worst`).
    #[test]
    #[ignore]
    fn worst_opening_searches() {
        let seed: u64 = std::env::var("WORST_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
        for (len, rounds, climbs) in [(14, 40, 300), (MAX_ANALYSED_HAND, 12, 150)] {
            let (steps, hand, config) = worst(seed, len, rounds, climbs);
            let start = std::time::Instant::now();
            let again = opening_steps(&hand, &config, None);
            let time = start.elapsed();
            let faces: Vec<String> = hand.iter().map(ToString::to_string).collect();
            println!(
                "{len} cards: {steps} steps ({:.4} of the budget, {time:.2?} for {again}), {} jokers, ace low {}, {:?}: {}",
                steps as f64 / OPENING_BUDGET as f64,
                config.jokers,
                config.ace_low_in_runs,
                config.joker_limit,
                faces.join(" ")
            );
        }
    }
}
