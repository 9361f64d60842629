//! Hand analysis: the best opening a hand holds ([`best_opening`], `RULES.md` §3.5) and
//! its least-deadwood split ([`least_deadwood`], `RULES.md` §3.8), both exact.
//!
//! Both are one branch-and-bound search over face counts. Cards are decided in a fixed
//! order (suit by suit; within a suit 2 … K, then the ace): the first undecided card is
//! either left out (with every other copy of its face) or put into a meld in which it
//! is the first natural in that order. Every set of disjoint melds is reached that way,
//! so the search is exhaustive; a bound (the sum of what the undecided cards could
//! still add) cuts it short.

use rummykit_core::{Card, Face, JokerLimit, Meld, MeldKind};

use crate::value::{rank_value, run_position_value};
use crate::{Config, meld_value};

/// The best opening a hand holds: the largest opening value (`RULES.md` §3.5: every
/// position at the value of the card it stands for) of disjoint melds from the hand
/// that leave at least one card to discard.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening {
    /// The total opening value of `melds` (0 when the hand holds no meld).
    pub value: u32,
    /// The melds, in search order.
    pub melds: Vec<Meld<Card>>,
}

impl Opening {
    /// `true` if the value reaches `threshold`.
    #[must_use]
    pub fn reaches(&self, threshold: u32) -> bool {
        self.value >= threshold
    }
}

/// The least-deadwood split of a hand: melds, and the rest with its penalty.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Split {
    /// Penalty points of `rest` (`RULES.md` §3.8: A 11, J/Q/K 10, joker per config).
    pub deadwood: u32,
    /// The melds, in search order.
    pub melds: Vec<Meld<Card>>,
    /// The cards in no meld, in card order.
    pub rest: Vec<Card>,
}

/// The best opening in `hand` under `config`: the most opening points in disjoint
/// melds from the hand that keep at least one card back for the discard (`RULES.md`
/// §3.3, §3.5). Jokers count what they stand for; an ace 11 (1 at the bottom of a low
/// run under `ace_low_in_runs`).
///
/// ```
/// use rummykit_core::{Card, parse_list};
/// use rummykit_rummy40::{Config, best_opening};
/// // RULES.md §3.5: ♥10-J-Q (30) + 4♣ 4♦ 4♠ (12) = 42.
/// let hand: Vec<Card> = parse_list("Th Jh Qh 4c 4d 4s 8c")?;
/// let best = best_opening(&hand, &Config::RUMMY40);
/// assert_eq!(best.value, 42);
/// assert!(best.reaches(40));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn best_opening(hand: &[Card], config: &Config) -> Opening {
    let max_cards = hand.len().saturating_sub(1) as u32;
    let mut s = Search::new(hand, config, max_cards, None);
    s.run();
    Opening { value: s.best, melds: s.best_melds(config) }
}

/// `true` if `hand` holds an opening worth at least `threshold` that keeps a card for
/// the discard. Stops at the first one found, so it is faster than [`best_opening`].
///
/// ```
/// use rummykit_core::{Card, parse_list};
/// use rummykit_rummy40::{Config, can_open};
/// let hand: Vec<Card> = parse_list("Qs Ks As 7c 7d * 2h")?; // 31 + 21 = 52
/// assert!(can_open(&hand, 52, &Config::RUMMY40));
/// assert!(!can_open(&hand, 53, &Config::RUMMY40));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn can_open(hand: &[Card], threshold: u32, config: &Config) -> bool {
    let max_cards = hand.len().saturating_sub(1) as u32;
    let mut s = Search::new(hand, config, max_cards, Some(threshold));
    s.run();
    s.best >= threshold
}

/// The split of `hand` into melds and rest with the least penalty in the rest
/// (`RULES.md` §3.8 values; a joker in the rest costs `joker_hand_penalty`). Every card
/// may be melded (this is the hand's shape, not a legal play). Built on core's
/// [`rummykit_core::least_deadwood`] with the Rummy 40 meld rules and card values.
///
/// ```
/// use rummykit_core::{Card, parse_list};
/// use rummykit_rummy40::{Config, least_deadwood};
/// let hand: Vec<Card> = parse_list("5h 6h 7h 9c 9d * Ad Kc")?;
/// let split = least_deadwood(&hand, &Config::RUMMY40);
/// assert_eq!(split.deadwood, 11 + 10); // Ad and Kc; the joker completes the nines
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn least_deadwood(hand: &[Card], config: &Config) -> Split {
    let rules = config.meld_rules();
    let value = |c: Card| config.hand_penalty(c);
    match rummykit_core::least_deadwood(hand, &rules, value) {
        Ok(split) => {
            let melds = split
                .melds()
                .iter()
                .filter_map(|m| {
                    let faces: Vec<Card> = m.select(hand).copied().collect();
                    Meld::new(m.kind(), &faces, &rules).ok()
                })
                .collect();
            let mut rest: Vec<Card> = split.unmelded().filter_map(|i| hand.get(i).copied()).collect();
            rest.sort();
            Split { deadwood: split.deadwood(), melds, rest }
        }
        // More than 64 cards cannot be a hand of this game: nothing is melded.
        Err(_) => {
            let mut rest = hand.to_vec();
            rest.sort();
            Split { deadwood: config.hand_total(hand.iter().copied()), melds: Vec::new(), rest }
        }
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
    done: bool,
    stack: Vec<Cand>,
    best_stack: Vec<Cand>,
}

impl Search {
    fn new(hand: &[Card], config: &Config, max_cards: u32, target: Option<u32>) -> Search {
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
            stack: Vec::with_capacity(8),
            best_stack: Vec::new(),
        }
    }

    fn run(&mut self) {
        self.dfs(0);
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
        if self.cur > self.best && self.used <= self.max_cards {
            self.best = self.cur;
            self.best_stack.clone_from(&self.stack);
            if self.target.is_some_and(|t| self.best >= t) {
                self.done = true;
            }
        }
    }

    fn dfs(&mut self, mut pos: usize) {
        if self.done || self.cur + self.bound <= self.best {
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
        // Melds in which this card is the first natural.
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
        // Every subset of the later suits present (submask enumeration, including 0).
        let mut sub = avail;
        loop {
            let naturals = 1 + sub.count_ones() as u8;
            let max_j = (4 - naturals).min(self.jokers);
            for j in 0..=max_j {
                let len = naturals + j;
                if len >= 3 && self.jokers_ok(naturals, j) && self.used + u32::from(len) <= self.max_cards {
                    self.apply_group(pos, f, sub, rank, naturals, j, value);
                }
            }
            if sub == 0 {
                break;
            }
            sub = (sub - 1) & avail;
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn apply_group(&mut self, pos: usize, f: usize, sub: u8, rank: u8, naturals: u8, j: u8, value: u32) {
        let w = u32::from(naturals) * value + u32::from(j) * value;
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

    /// Runs in `suit` whose first natural (in search order) is face `f`, standing at
    /// value `anchor` (1–14).
    fn runs(&mut self, pos: usize, f: usize, suit: u8, anchor: u8) {
        let lo = if self.ace_low { 1 } else { 2 };
        let ace = suit as usize * 13;
        let no_adjacent = self.limit == JokerLimit::NoAdjacent;
        for start in (lo..=anchor).rev() {
            let below = anchor - start;
            let ace_choices: &[bool] =
                if start == 1 && anchor != 1 && self.counts[ace] > 0 { &[true, false] } else { &[false] };
            for &use_ace in ace_choices {
                let jokers_below = below - u8::from(use_ace);
                if jokers_below > self.jokers || (no_adjacent && jokers_below >= 2) {
                    continue;
                }
                let len = below + 1;
                if self.used + u32::from(len) > self.max_cards || len > 13 {
                    continue;
                }
                // Consume the low part and the anchor.
                let mut w = run_position_value(anchor);
                let mut drop = rank_value(f as u8 % 13 + 1);
                let mut mask = 0u16;
                let mut naturals = 1u8;
                for v in start..anchor {
                    let i = v - start;
                    if use_ace && v == 1 {
                        w += run_position_value(1);
                        drop += rank_value(1);
                        naturals += 1;
                    } else {
                        w += run_position_value(v);
                        drop += JOKER_MAX;
                        mask |= 1 << i;
                    }
                }
                self.counts[f] -= 1;
                if use_ace {
                    self.counts[ace] -= 1;
                }
                self.jokers -= jokers_below;
                self.cur += w;
                self.bound -= drop;
                self.used += u32::from(len);
                let cand = Cand { kind: MeldKind::Run, suit, first: start, len, jokers: mask };
                self.extend(pos, cand, naturals, jokers_below, false, anchor + 1);
                self.used -= u32::from(len);
                self.bound += drop;
                self.cur -= w;
                self.jokers += jokers_below;
                if use_ace {
                    self.counts[ace] += 1;
                }
                self.counts[f] += 1;
            }
        }
    }

    /// Emits the run `cand` if complete, then extends it upward with value `next`.
    fn extend(&mut self, pos: usize, cand: Cand, naturals: u8, jokers: u8, last_joker: bool, next: u8) {
        if self.done {
            return;
        }
        if cand.len >= 3 && self.jokers_ok(naturals, jokers) {
            self.stack.push(cand);
            self.dfs(pos);
            self.stack.pop();
        }
        if next > 14 || cand.len >= 13 || self.used >= self.max_cards {
            return;
        }
        if let JokerLimit::AtMost(n) = self.limit
            && jokers > n
        {
            return;
        }
        let pv = run_position_value(next);
        let rank = if next == 14 { 1 } else { next };
        let face = cand.suit as usize * 13 + rank as usize - 1;
        let longer = Cand { len: cand.len + 1, ..cand };
        if self.counts[face] > 0 {
            let (w, drop) = (pv, rank_value(rank));
            self.counts[face] -= 1;
            self.cur += w;
            self.bound -= drop;
            self.used += 1;
            self.extend(pos, longer, naturals + 1, jokers, false, next + 1);
            self.used -= 1;
            self.bound += drop;
            self.cur -= w;
            self.counts[face] += 1;
        }
        if self.jokers > 0 && !(last_joker && self.limit == JokerLimit::NoAdjacent) {
            let (w, drop) = (pv, JOKER_MAX);
            self.jokers -= 1;
            self.cur += w;
            self.bound -= drop;
            self.used += 1;
            let with_joker = Cand { jokers: cand.jokers | 1 << cand.len, ..longer };
            self.extend(pos, with_joker, naturals, jokers + 1, true, next + 1);
            self.used -= 1;
            self.bound += drop;
            self.cur -= w;
            self.jokers += 1;
        }
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
#[must_use]
pub fn melds_value(melds: &[Meld<Card>]) -> u32 {
    melds.iter().map(meld_value).sum()
}
