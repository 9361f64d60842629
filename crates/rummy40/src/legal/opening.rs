//! The unopened player's openings: whether the hand may hold one (cheap bounds), and
//! every batch of melds worth the threshold, listed or counted.

use rummykit_core::{AcePolicy, Card, MeldRules, PieceId, PieceSet};

use crate::turn::Turn;
use crate::{Action, can_open, rank_value, run_position_value};

use super::batch::{Copies, Counted, Scratch, batch_count, expand, sort_keys};
use super::combos::combos;
use super::faces::{FaceCounts, meldable_of};
use super::rummy::RummySearch;
use super::table::LazyReach;
use super::{Item, Key, LegalActions, NATURALS, Sink, ValuedMeld};

/// The openings and rummies of `cards`, listed or counted: the hand in the play phase,
/// or the hand and the discard pile's top card (`required`) taken to open with. `after`
/// is the turn once `cards` are held; `fms` are the melds by faces of `cards` (empty when
/// neither an opening nor a rummy is possible), handed back to the sink's buffer.
#[allow(clippy::too_many_arguments)]
// Inlined into both callers: as a call it cost 0.6 % more per Rummy 40 playout action.
#[inline(always)]
pub(super) fn open_or_rummy(
    pos: &Turn<'_>,
    after: &Turn<'_>,
    cards: PieceSet,
    counted_faces: &FaceCounts,
    mut fms: Vec<ValuedMeld>,
    (may_open, may_rummy): (bool, bool),
    threshold: Option<u32>,
    required: Option<PieceId>,
    reach: &LazyReach<'_>,
    sink: &mut Sink<'_>,
) {
    // Most hands of an unopened player may do neither: nothing to walk, list or count.
    if !may_open && !may_rummy {
        sink.out.fms = fms;
        return;
    }
    let reference = sink.reference;
    let take = required.is_some();
    let counting = sink.counting();
    let LegalActions { arena, keys, scratch, groups, .. } = &mut *sink.out;
    // The rummies are looked for along the openings' walk over the multisets of melds
    // when both are (one walk instead of two), else alone.
    let mut rummy = if may_rummy {
        pos.rummy_search(cards, counted_faces, &fms, required, !reference, reach)
    } else {
        None
    };
    let fms_open = if may_open { &mut fms[..] } else { &mut [] };
    let first = groups.groups.len();
    groups.cards = cards;
    groups.required = required;
    let counted = counting.then_some(Counted { groups, take, after });
    pos.openings(
        cards,
        counted_faces,
        fms_open,
        threshold,
        required,
        !reference,
        arena,
        keys,
        scratch,
        counted,
        rummy.as_mut(),
    );
    sink.push_groups(first);
    let rummies = match rummy {
        Some(mut r) => {
            if !r.done {
                r.run(pos, &fms);
            }
            r.finish()
        }
        None => Vec::new(),
    };
    let keys = core::mem::take(&mut sink.out.keys);
    for key in keys.iter().cloned() {
        let item = Item::Open { take, start: key.start, end: key.end };
        sink.push_batch(item, cards, |rest| after.can_discard_from(rest));
    }
    sink.out.restore_keys(keys);
    for (melds, lay_offs, discard, value) in rummies {
        let a = if take {
            Action::TakeDiscardAndGoRummy { melds, lay_offs, discard }
        } else {
            Action::GoRummy { melds, lay_offs, discard }
        };
        sink.push(a, |_| after.rummy_ok(value, discard));
    }
    sink.out.fms = fms;
}

/// An upper bound on the value of an opening of the cards of face counts `counts`
/// (faces held `held`, those that may be in a meld `meldable`; bits by face index): each
/// card at its highest value ([`max_value`]). A card in no meld without jokers can be in
/// an opening only in a meld with a joker, and such a meld is a run of one suit or a set
/// of one rank: with `j` jokers, only the cards of the `j` suits or ranks worth most
/// among those count, and each joker at most a card's highest value.
pub(super) fn opening_bound(counts: &[u8; 53], held: u64, meldable: u64) -> u32 {
    let worth = |bits: u64| {
        let (mut value, mut bits) = (0, bits);
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            value += u32::from(counts[usize::from(i)]) * max_value(i);
        }
        value
    };
    let jokers = usize::from(counts[52]);
    if jokers == 0 || jokers >= 4 {
        return worth(meldable);
    }
    // The cards in some meld of naturals, and those only a joker can bring into one.
    let natural = meldable_of(held & NATURALS, 0);
    let extra = meldable & NATURALS & !natural;
    // The extra value of each suit (0–3) and rank (4–16); the `jokers` largest.
    let mut groups = [0u32; 17];
    let mut bits = extra;
    while bits != 0 {
        let i = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let v = u32::from(counts[usize::from(i)]) * max_value(i);
        groups[usize::from(i / 13)] += v;
        groups[4 + usize::from(i % 13)] += v;
    }
    // (With two jokers or more a card may count twice, in its suit and its rank: the
    // bound is looser then, still a bound.)
    worth(natural) + largest(&groups, jokers) + worth(meldable & 1u64 << 52)
}

/// Might disjoint melds of the cards of face counts `counts` (faces held `held`) be worth
/// `value`? `false` only when an upper bound on their value is below it; `true` also
/// under rules it does not bound (melds of other than three cards or more, sets of more
/// than four, an ace other than high or low or high, a natural held thrice, more than
/// [`MAX_SHARED`] jokers).
///
/// The bound packs the runs of each suit and the sets of each rank apart (a card in both
/// counts twice, still a bound), each card at its value, and shares the jokers out
/// among them where they add the most (every way of sharing them, as a knapsack):
///
/// * Without jokers, a suit's runs are packed exactly (but that an ace may count both
///   low and high): the values held form stretches in a row, and a stretch at least
///   three long is one run; a value held twice lies in two runs, and a stretch `[x, y]`
///   of values held twice inside a stretch `[a, b]` held can be covered twice exactly
///   when the runs `[a, y]` and `[x, b]` are both three long (the runs' starts and ends
///   paired in order is the best pairing).
/// * A joker in a suit stands for a value: where none is held it joins or extends the
///   stretches around it (adding its value and those of the stretches too short to count
///   before); where one is held once it makes a second copy (adding its value if that
///   copy lies in two runs as above). Where a stretch held twice does not count, the
///   suit is packed again with the joker at each such place: one joker's most is exact.
/// * `k` jokers in one suit add at most `11 k` and every card the suit left uncounted.
/// * `g` sets of one rank hold at most `g` copies of a suit each and four cards each: at
///   most `min(4 g, copies usable + jokers)` cards, when that reaches three a set.
/// * Without jokers, a card every copy of which the runs count is counted once: the
///   ranks of sets holding one are tried with each set they may hold and with none,
///   the runs packed again without the set's cards ([`sets_apart_reach`]).
pub(super) fn packing_reaches(
    counts: &[u8; 53],
    held: u64,
    copies: Copies,
    rules: &MeldRules,
    value: u32,
) -> bool {
    const RANKS: u64 = (1 << 13) - 1;
    const LANES: u64 = 0x0001_0001_0001_0001;
    // Window starts 1–12 (a window of three from 12 ends at the high ace, 14).
    const STARTS: u64 = 0x1ffe * LANES;
    let lo = match rules.ace {
        AcePolicy::High => 2,
        AcePolicy::LowOrHigh => 1,
        _ => return true,
    };
    let jokers = usize::from(counts[52]);
    if rules.min_len != 3 || rules.max_group_len != 4 || jokers > MAX_SHARED {
        return true;
    }
    if copies.more {
        return true;
    }
    let twice = copies.twice;
    // The four suits in lanes of 16 bits, by run position (1–14, the ace at both ends),
    // within the policy's range: the values held (`a`) and held twice (`t`).
    let range = (((1u64 << (15 - lo)) - 1) << lo) * LANES;
    let lanes = |bits: u64| {
        let l = (bits & RANKS)
            | (bits >> 13 & RANKS) << 16
            | (bits >> 26 & RANKS) << 32
            | (bits >> 39 & RANKS) << 48;
        (l << 1 | (l & LANES) << 14) & range
    };
    let (a, t) = (lanes(held), lanes(twice));
    let (in_runs, twice_in_runs) = runs_counted(a, t);
    let mut bound = positions_value(in_runs) + positions_value(twice_in_runs);
    // The sets: per rank, the suits held and held twice.
    let suit = |bits: u64, s: u32| bits >> (13 * s) & RANKS;
    let (s0, s1, s2, s3) = (suit(held, 0), suit(held, 1), suit(held, 2), suit(held, 3));
    let in_three = (s0 & s1 & (s2 | s3)) | (s2 & s3 & (s0 | s1));
    // The ranks a set may hold with the jokers: in three suits, two, or any held.
    let mut ranks = match jokers {
        0 => in_three,
        1 => (s0 | s1) & (s2 | s3) | (s0 & s1) | (s2 & s3),
        _ => s0 | s1 | s2 | s3,
    };
    // The most the jokers add, shared out among the suits and ranks seen so far.
    let mut shared = Shared::new(jokers);
    // Each rank's sets, by rank.
    let mut set_values = [0u32; 13];
    while ranks != 0 {
        let r = ranks.trailing_zeros();
        ranks &= ranks - 1;
        let copies = [0, 13, 26, 39].map(|s| u32::from(counts[s + r as usize]));
        let suits = copies.iter().map(|&c| u32::from(c > 0)).sum();
        let every = copies.iter().sum();
        let worth = rank_value(r as u8 + 1);
        let without = set_cards(suits, every, 0);
        bound += worth * without;
        set_values[r as usize] = worth * without;
        let mut gains = [0; MAX_SHARED];
        for (k, gain) in gains.iter_mut().enumerate().take(jokers) {
            *gain = worth * (set_cards(suits, every, k as u32 + 1) - without);
        }
        shared.add(&gains);
    }
    if jokers == 0 {
        // A set that must take a card every copy of which a run counts is told apart
        // (most hands hold none): the faces so counted (an ace by either end), back
        // from the lanes, and the ranks of a set holding one.
        let faces = |x: u64| {
            let y = (x >> 1 | (x >> 14) & LANES) & (RANKS * LANES);
            (y & RANKS) | (y >> 16 & RANKS) << 13 | (y >> 32 & RANKS) << 26 | (y >> 48 & RANKS) << 39
        };
        if bound < value {
            return false;
        }
        let full = faces(in_runs) & !twice | faces(twice_in_runs);
        let contested = (full | full >> 13 | full >> 26 | full >> 39) & RANKS & in_three;
        // Those ranks without their sets may already reach it (most hands that do).
        let (mut without, mut bits) = (0, contested);
        while bits != 0 {
            without += set_values[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        if bound - without >= value {
            return true;
        }
        let runs = positions_value(in_runs) + positions_value(twice_in_runs);
        return sets_apart_reach(counts, (a, t), contested, &lanes, bound - runs, value);
    }
    if bound + shared.most() >= value {
        return true;
    }
    // The runs with jokers, suit by suit: what each leaves uncounted, and one joker's
    // most (a joker's value never decreases with its position).
    let (x, y, z) = (a, a >> 1, a >> 2);
    let two_of_three = ((x & y) | (x & z) | (y & z)) & STARTS;
    let gaps = (two_of_three | two_of_three << 1 | two_of_three << 2) & !a & range;
    let interior = a << 1 & a << 2 & a >> 1 & a >> 2;
    let seconds = a & !t & in_runs & (interior | t << 1 | t >> 1);
    let short = a & !in_runs;
    for s in 0..4 {
        let lane = 0xffffu64 << (16 * s);
        if a & lane == 0 {
            // (A run holds a natural.)
            continue;
        }
        let mut most = 0;
        if t & !twice_in_runs & lane != 0 {
            // Some values held twice do not count: each cell's gain told by packing the
            // suit again with the joker there.
            let (a, t) = (a & lane, t & lane);
            let before = positions_value(in_runs & lane) + positions_value(twice_in_runs & lane);
            let mut cells = (gaps | seconds) & lane;
            while cells != 0 {
                let p = 1u64 << cells.trailing_zeros();
                cells &= cells - 1;
                let (once, twice) = if a & p == 0 { runs_counted(a | p, t) } else { runs_counted(a, t | p) };
                most = most.max(positions_value(once) + positions_value(twice) - before);
            }
        } else {
            // A second copy lies in two runs (it is inside a stretch of five, or beside
            // values held twice that count): its value.
            if let bits @ 1.. = seconds & lane {
                most = POSITION_VALUES[((63 - bits.leading_zeros()) & 15) as usize];
            }
            let mut cells = gaps & lane;
            while cells != 0 {
                let p = cells.trailing_zeros();
                cells &= cells - 1;
                // The cell's value and the short stretches it joins (one or two values
                // each side).
                let at = |q: u32| if short >> q & 1 != 0 { POSITION_VALUES[(q & 15) as usize] } else { 0 };
                let (below, above) = (at(p - 1), at(p + 1));
                let far_below = if below > 0 { at(p - 2) } else { 0 };
                let far_above = if above > 0 { at(p + 2) } else { 0 };
                most = most.max(POSITION_VALUES[(p & 15) as usize] + below + far_below + above + far_above);
            }
        }
        let mut gains = [most; MAX_SHARED];
        if jokers > 1 {
            // Each copy the suit left uncounted (a value held twice may hold two).
            let left = positions_value(a & !in_runs & lane) + positions_value(t & !twice_in_runs & lane);
            for (k, g) in gains.iter_mut().enumerate().skip(1).take(jokers - 1) {
                *g = 11 * (k as u32 + 1) + left;
            }
        }
        shared.add(&gains);
        if bound + shared.most() >= value {
            return true;
        }
    }
    false
}

/// Without jokers, may runs and sets worth `value` be made, each card in one meld? The
/// runs are packed from the values held `a` and held twice `t` (the lanes of
/// [`packing_reaches`], `lanes` mapping face bits to them), the sets of three suits or
/// more are worth `sets` in all. Each rank of `apart` (at most three, each with fewer
/// than six cards: one set) is tried without a set and with a set of each three or four
/// of its suits, the runs packed again without the set's cards: a card counted in both a
/// run and a set is counted once. `true` also when more ranks are apart.
fn sets_apart_reach(
    counts: &[u8; 53],
    (a, t): (u64, u64),
    mut apart: u64,
    lanes: &impl Fn(u64) -> u64,
    sets: u32,
    value: u32,
) -> bool {
    /// Per rank apart: its options (the set's value, the runs' cards held once and
    /// twice it takes), the first being no set.
    type Options = ([(u32, u64, u64); 6], usize);
    let mut ranks: [Options; 3] = [([(0, 0, 0); 6], 1); 3];
    let (mut n, mut fixed) = (0, sets);
    while apart != 0 {
        let r = apart.trailing_zeros() as usize;
        apart &= apart - 1;
        if n == ranks.len() {
            return true;
        }
        let (mut suits, mut held, mut every) = (0u32, 0, 0u8);
        let mut at = [(0u64, 0u8); 4];
        for (s, cell) in at.iter_mut().enumerate() {
            let face = 13 * s + r;
            let c = counts[face];
            if c != 0 {
                *cell = (lanes(1u64 << face), c);
                suits |= 1 << s;
                held += 1;
                every += c;
            }
        }
        if every >= 6 {
            return true;
        }
        let worth = rank_value(r as u8 + 1);
        fixed -= worth * held;
        let (options, len) = &mut ranks[n];
        for (pick, size) in [(0b0111u32, 3), (0b1011, 3), (0b1101, 3), (0b1110, 3), (0b1111, 4)] {
            if pick & suits != pick {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for (s, &(p, c)) in at.iter().enumerate() {
                if pick >> s & 1 != 0 {
                    if c >= 2 { twice |= p } else { once |= p }
                }
            }
            options[*len] = (worth * size, once, twice);
            *len += 1;
        }
        n += 1;
    }
    // Every choice of an option per rank (at most 6^3).
    let mut pick = [0usize; 3];
    loop {
        let (mut v, mut gone_once, mut gone_twice) = (fixed, 0, 0);
        for ((options, _), &i) in ranks.iter().zip(&pick).take(n) {
            let (worth, o, w) = options[i];
            v += worth;
            gone_once |= o;
            gone_twice |= w;
        }
        let (o, w) = runs_counted(a & !gone_once, t & !gone_twice);
        if v + positions_value(o) + positions_value(w) >= value {
            return true;
        }
        let mut k = 0;
        loop {
            if k == n {
                return false;
            }
            pick[k] += 1;
            if pick[k] < ranks[k].1 {
                break;
            }
            pick[k] = 0;
            k += 1;
        }
    }
}

/// The naturals held twice among face counts `counts` (bits by face index), or `None`
/// if one is held more often: read eight counts at a time (it is asked of every hand
/// [`packing_reaches`] bounds, and of the hands whose melds are counted: inlined, as a
/// call cost more instructions than the reading).
#[inline(always)]
pub(super) fn held_twice(counts: &[u8; 53]) -> Option<u64> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let (mut twice, mut more) = (0u64, 0u64);
    for i in 0..7 {
        let x = match counts[8 * i..].first_chunk::<8>() {
            Some(&bytes) => u64::from_le_bytes(bytes),
            // The last four naturals (the joker's count, after them, left out).
            None => u64::from(u32::from_le_bytes([counts[48], counts[49], counts[50], counts[51]])),
        };
        // A count of 2 as bit 0 of its byte (bit 1 alone: a count of 3 shows too, but
        // then the answer is `None`), the bytes' bits 0 gathered into the top byte by one
        // multiplication.
        let two = x >> 1 & LOW;
        twice |= (two.wrapping_mul(0x0102_0408_1020_4080) >> 56) << (8 * i);
        // A count of 3 or more sets its byte's top bit in `x + 0x7d` (or in `x`, from
        // 128): a carry out of a byte comes only from one so flagged.
        more |= x | x.wrapping_add(0x7d * LOW);
    }
    (more & LOW << 7 == 0).then_some(twice)
}

/// The most jokers [`packing_reaches`] shares out (a hand of either preset holds at most
/// four).
const MAX_SHARED: usize = 4;

/// The most that jokers add, shared out among groups (suits and ranks) as a knapsack:
/// each group takes any number of them, or none.
struct Shared {
    jokers: usize,
    /// `best[k]`: the most with `k` jokers among the groups added so far.
    best: [u32; MAX_SHARED + 1],
}

impl Shared {
    fn new(jokers: usize) -> Shared {
        // (`packing_reaches` bounds nothing with more.)
        debug_assert!(jokers <= MAX_SHARED, "{jokers} jokers shared");
        Shared { jokers, best: [0; MAX_SHARED + 1] }
    }

    /// A group that adds `gains[k - 1]` with `k` jokers (growing with `k`).
    fn add(&mut self, gains: &[u32; MAX_SHARED]) {
        for k in (1..=self.jokers).rev() {
            for i in 1..=k {
                self.best[k] = self.best[k].max(self.best[k - i] + gains[i - 1]);
            }
        }
    }

    /// The most all the jokers add.
    fn most(&self) -> u32 {
        self.best[self.jokers]
    }
}

/// The run positions (lanes of 16 bits, positions 1–14) that a suit's runs cover once
/// (`a`: held) and twice (`t`: held twice), packed as well as they can be (see
/// [`packing_reaches`]).
fn runs_counted(a: u64, t: u64) -> (u64, u64) {
    // Starts of three values in a row held, and the stretches they cover.
    let w = a & a >> 1 & a >> 2;
    let once = w | w << 1 | w << 2;
    // A stretch held twice `[x, y]` counts when `x + 2 <= b` (two more held above its
    // start) and `y >= a + 2`: told at its start, two held below it, or one and a
    // second value held twice, or three held twice from it.
    let starts = t & !(t << 1);
    let ok = starts & a >> 1 & a >> 2 & (a << 1 & (a << 2 | t >> 1) | t >> 1 & t >> 2);
    // The stretches from those starts (the carry runs through each and stops above it).
    (once, t & !(t + ok))
}

/// The run positions' values (the ace low 1, high 11), by position in a lane of 16 bits.
const POSITION_VALUES: [u32; 16] = {
    let mut t = [0; 16];
    let mut i = 0;
    while i < 16 {
        t[i] = run_position_value(i as u8);
        i += 1;
    }
    t
};

/// The sum of [`POSITION_VALUES`] of the positions `bits` (lanes of 16 bits).
fn positions_value(mut bits: u64) -> u32 {
    let mut v = 0;
    while bits != 0 {
        v += POSITION_VALUES[(bits.trailing_zeros() & 15) as usize];
        bits &= bits - 1;
    }
    v
}

/// The most cards in sets of three or four of one rank held in `suits` suits (`every`
/// copy, at most two of a suit) with `jokers`: one set takes a copy of each suit, two
/// or three sets every copy (more sets, more cards: the most sets that can be made
/// decide).
fn set_cards(suits: u32, every: u32, jokers: u32) -> u32 {
    if every >= 3 && every + jokers >= 9 {
        (every + jokers).min(12)
    } else if every >= 2 && every + jokers >= 6 {
        (every + jokers).min(8)
    } else if suits + jokers >= 3 {
        (suits + jokers).min(4)
    } else {
        0
    }
}

/// May the cards of face counts `counts` (faces held `held`, those that may be in a meld
/// `meldable`; bits by face index) go rummy, all but one in new melds or built onto the
/// table (`fits`: the faces that may be built, bits by face index)? A necessary
/// condition: each card in no meld that fits nowhere is left, and at most one may be;
/// and a card in no meld of naturals that fits nowhere can only be in a meld with a
/// joker, a run of one suit or a set of one rank, so all such cards but one are in the
/// `j` suits or ranks (for `j` jokers) holding most of them.
pub(super) fn may_go_rummy(counts: &[u8; 53], held: u64, meldable: u64, fits: u64) -> bool {
    // At most one card left: no two faces, nor two copies of one (a face held is counted
    // at least once). Read from the bits at once, where a loop over the faces in no
    // meld branched on each (about one branch in four mispredicted).
    let misfits = held & !meldable & !fits;
    if misfits & misfits.wrapping_sub(1) != 0 || misfits != 0 && counts[misfits.trailing_zeros() as usize] > 1
    {
        return false;
    }
    let jokers = usize::from(counts[52]);
    if !(1..4).contains(&jokers) {
        return true;
    }
    let (mut stray, mut groups) = (0, [0u32; 17]);
    let mut loose = held & NATURALS & !meldable_of(held & NATURALS, 0) & !fits;
    while loose != 0 {
        let i = loose.trailing_zeros() as u8;
        loose &= loose - 1;
        let n = u32::from(counts[usize::from(i)]);
        stray += n;
        groups[usize::from(i / 13)] += n;
        groups[4 + usize::from(i % 13)] += n;
    }
    stray <= largest(&groups, jokers) + 1
}

/// The sum of the `n` (at most three) largest of `groups`.
fn largest(groups: &[u32; 17], n: usize) -> u32 {
    if n == 1 {
        // (One joker, most hands that hold any: the largest by a running maximum, where
        // the top three's insertions branched on the values.)
        return groups.iter().fold(0, |most, &g| most.max(g));
    }
    let mut best = [0u32; 3];
    for &g in groups {
        // Into the descending top three (most groups are empty: one comparison).
        if g > best[2] {
            best[2] = g;
            if best[2] > best[1] {
                best.swap(1, 2);
                if best[1] > best[0] {
                    best.swap(0, 1);
                }
            }
        }
    }
    best.iter().take(n).sum()
}

/// The most a card of face index `i` can add to an opening: its rank value, a joker
/// (52) the most a card is worth. (Read from a table: it is asked per face held in the
/// bounds of every unopened hand.)
pub(super) fn max_value(i: u8) -> u32 {
    /// By face index: a natural's index is its suit times 13 plus its number less one.
    const MAX_VALUES: [u32; 53] = {
        let mut t = [11; 53];
        let mut i = 0;
        while i < 52 {
            t[i] = rank_value(i as u8 % 13 + 1);
            i += 1;
        }
        t
    };
    MAX_VALUES.get(usize::from(i)).copied().unwrap_or(0)
}

impl Turn<'_> {
    /// The rummy's threshold (if the option asks for it) and its final discard, the hand
    /// then holding only that card (`RULES.md` §3.7).
    fn rummy_ok(&self, value: u32, discard: PieceId) -> bool {
        // RULES.md §3.5, §3.7: the threshold binds a rummy where it binds an opening.
        if self.config.rummy_requires_opening_threshold
            && self.config.threshold_for(self.taken.is_some()).is_some_and(|needed| value < needed)
        {
            return false;
        }
        let mut last = PieceSet::new();
        last.insert(discard);
        self.discard_allowed(last, discard).is_ok()
    }

    /// May cards of face counts `counts` hold an opening, and a rummy? Cheap necessary
    /// conditions, checked before the enumeration: an opening needs the cards that can be
    /// in a meld (and `required` among them) worth the threshold at their highest, then
    /// runs and sets packed apart worth it ([`packing_reaches`]), and then, given the
    /// cards' `faces` (`None` when the openings are only counted), the exact
    /// [`can_open`] search (`RULES.md` §3.5; a search past its budget rules nothing
    /// out, the enumeration decides); a rummy needs all cards but one in
    /// a meld or buildable onto the table (§3.7).
    pub(super) fn prospects_of(
        &self,
        faces: Option<&[Card]>,
        (counts, held, copies): &FaceCounts,
        threshold: Option<u32>,
        required: Option<PieceId>,
        reach: &LazyReach<'_>,
    ) -> (bool, bool) {
        let (counts, held) = (counts, *held);
        // Which faces (bits by face index) may be in a meld, decided for all at once.
        let meldable = meldable_of(held & NATURALS, usize::from(counts[52]));
        if let Some(r) = required.and_then(|r| self.face(r))
            && meldable & (1u64 << r.index()) == 0
        {
            return (false, false);
        }
        if meldable == 0 {
            return (false, false);
        }
        let may_open = match threshold {
            None => true,
            // The exact search (§3.5) only where the enumeration could be long: with two
            // jokers a hand has many melds and listing its openings by identity costs
            // more; otherwise, or when they are only counted, the enumeration decides as
            // cheaply.
            Some(t) => {
                opening_bound(counts, held, meldable) >= t
                    && packing_reaches(counts, held, *copies, &self.rules, t)
                    && (counts[52] < 2
                        || faces.is_none_or(|faces| can_open(faces, t, self.config) != Ok(false)))
            }
        };
        // The faces that might ever fit first (most hands are ruled out by them), then
        // those that fit with these cards (decided for all at once: most hands that ask
        // ask about several). Both are sound, whatever `may_go_rummy` does with more or
        // fewer faces: its condition is necessary for any `fits` that covers the faces
        // that truly fit, and `ever` covers `fitting`, which covers them.
        let reach = reach.get();
        let may_rummy = may_go_rummy(counts, held, meldable, reach.ever)
            && may_go_rummy(counts, held, meldable, reach.fitting(counts, held));
        (may_open, may_rummy)
    }

    /// Every batch of disjoint melds from `cards` worth `threshold` (if any) that keeps a
    /// card back and holds `required`, by identity, normalized: its key onto `keys` (its
    /// bytes onto `arena`, see [`expand`]), in order, once. With `bound`, an
    /// upper bound on the value (every card that is in some meld, at its highest value)
    /// skips hands that cannot reach the threshold.
    #[allow(clippy::too_many_arguments)]
    fn openings(
        &self,
        cards: PieceSet,
        (counts, held, copies): &FaceCounts,
        fms: &mut [ValuedMeld],
        threshold: Option<u32>,
        required: Option<PieceId>,
        bound: bool,
        arena: &mut Vec<u8>,
        keys: &mut Vec<Key>,
        scratch: &mut Scratch,
        mut counted: Option<Counted<'_, '_>>,
        mut rummy: Option<&mut RummySearch<'_>>,
    ) {
        if fms.is_empty() {
            return;
        }
        let (counts, held, copies) = (*counts, *held, *copies);
        if bound {
            // The faces in some meld, by bit.
            let covered = fms.iter().fold(0u64, |bits, fm| bits | fm.mask);
            if let Some(r) = required.and_then(|r| self.face(r))
                && covered & (1u64 << r.index()) == 0
            {
                return;
            }
            if let Some(t) = threshold {
                let (mut most, mut bits) = (0, covered);
                while bits != 0 {
                    let i = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    most += u32::from(counts[usize::from(i)]) * max_value(i);
                }
                if most < t {
                    return;
                }
            }
        }
        let total = cards.len();
        // The ids by face, listed once a batch is found (most hands hold none).
        let mut by_face = None;
        // Collected unsorted, with repeats, then sorted and deduplicated once.
        let mut melds: Vec<&ValuedMeld> = Vec::new();
        // With `required`, only the batches with a meld of its face: those melds moved
        // first (in place), one of them first in every batch (the result is sorted, the
        // order is free).
        let roots = match required.and_then(|r| self.face(r)) {
            Some(face) => {
                let bit = 1u64 << face.index();
                let mut roots = 0;
                for i in 0..fms.len() {
                    if fms[i].mask & bit != 0 {
                        fms.swap(roots, i);
                        roots += 1;
                    }
                }
                roots
            }
            None => fms.len(),
        };
        let fms = &*fms;
        let required_face = required.and_then(|r| self.face(r)).map(|f| f.index());
        // The rummies' search (if any) walks the same multisets: a rummy holds `required`
        // too, so only those with a root meld, and its skipping of stuck cards becomes a
        // flag, as the openings need every multiset.
        let stuck = rummy.as_mut().map(|r| r.stuck_for(fms)).unwrap_or_default();
        let every = true;
        let mut walk = core::mem::take(&mut scratch.walk);
        let supply = (counts, held, copies);
        combos(fms, roots, supply, &stuck, every, &mut walk, &mut |chosen, used, value, rest, alive| {
            if alive && let Some(r) = rummy.as_mut() {
                r.visit(self, fms, chosen, used, value, rest);
            }
            if used < total && threshold.is_none_or(|t| value >= t) {
                if let Some(c) = counted.as_mut() {
                    // Counted, not listed: the rules of what is left depend on faces only.
                    if c.after.can_discard_counts(rest, total - used, held) {
                        let count = batch_count(fms, chosen, &counts, copies, required_face);
                        c.groups.push(true, c.take, chosen, count);
                    }
                    return;
                }
                melds.clear();
                melds.extend(chosen.iter().map(|&i| &fms[i]));
                let by_face = by_face.get_or_insert_with(|| self.ids_by_face(cards));
                expand(&melds, by_face, required, arena, keys, scratch);
            }
        });
        scratch.walk = walk;
        if let Some(r) = rummy {
            r.done = true;
        }
        sort_keys(arena, keys);
    }
}
