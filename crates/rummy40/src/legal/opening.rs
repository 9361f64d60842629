//! The unopened player's openings: whether the hand may hold one (cheap bounds), and
//! every batch of melds worth the threshold, listed or counted.

use rummykit_core::{AcePolicy, Card, MeldRules, PieceId, PieceSet};

use crate::turn::Turn;
use crate::{Action, can_open, rank_value};

use super::batch::{Copies, Counted, Scratch, batch_count, expand, sort_keys};
use super::combos::combos;
use super::faces::meldable_of;
use super::rummy::RummySearch;
use super::table::LazyReach;
use super::{Item, Key, LegalActions, NATURALS, RUN_VALUES_BELOW, Sink, ValuedMeld};

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
    counted_faces: &([u8; 53], u64),
    mut fms: Vec<ValuedMeld>,
    (may_open, may_rummy): (bool, bool),
    threshold: Option<u32>,
    required: Option<PieceId>,
    reach: &LazyReach<'_>,
    sink: &mut Sink<'_>,
) {
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

/// An upper bound on the value of any disjoint melds of the cards of face counts `counts`
/// (faces held `held`) holding one joker, each natural at most twice (`None` otherwise,
/// or under rules other than melds of three cards or more and an ace high or low or
/// high). Where [`opening_bound`] counts every card that is in some meld, this one packs:
/// the runs of each suit and the sets of each rank are bounded apart (a card in both
/// counts twice, still a bound), a card at its value, and the joker goes to one of them.
///
/// * Without the joker, a run lies in a stretch of values held, in a row, at least
///   `min_len` long. A value in two runs lies where they overlap, a stretch of `l`
///   values held twice, and the two runs cover at least `2 min_len - l` values of the
///   stretch held once around it: a stretch held twice counts only if it is `min_len`
///   long or its stretch held once is `2 min_len - l` long.
/// * The joker in a run stands for a card of its value: the cards the bound newly counts
///   are in the stretches that cell touches (one, or two with one value missing between
///   them), so it adds at most its value (11) and what those stretches left uncounted.
/// * `g` sets of one rank hold at most `g` copies of a suit each and `min_len` cards each:
///   at most `min(4 g, copies usable + jokers)` cards, when that reaches `g min_len`.
pub(super) fn packing_bound(counts: &[u8; 53], held: u64, rules: &MeldRules) -> Option<u32> {
    // Ranks 1–13 as bits 0–12 of a suit's 13 faces.
    const RANKS: u64 = (1 << 13) - 1;
    let (lo, hi) = match rules.ace {
        AcePolicy::High => (2, 14),
        AcePolicy::LowOrHigh => (1, 14),
        _ => return None,
    };
    let min_len = u32::from(rules.min_len);
    if counts[52] != 1 || min_len < 3 {
        return None;
    }
    let copies = Copies::of(counts, held);
    if copies.more {
        return None;
    }
    // The run positions' values from `from` on, `len` of them.
    let value = |from: u32, len: u32| {
        let (from, to) = (from as usize, (from + len) as usize);
        RUN_VALUES_BELOW.get(to).zip(RUN_VALUES_BELOW.get(from)).map_or(0, |(b, a)| b - a)
    };
    // Run positions 1–14 of a suit's ranks (the ace at 1 and at 14), within the policy.
    let range = ((1u32 << (hi - lo + 1)) - 1) << lo;
    let positions = |ranks: u64| ((ranks as u32) << 1 | (ranks as u32 & 1) << 14) & range;
    // The lowest stretch of `bits` in a row, as (first position, length), taken off.
    let next_stretch = |bits: &mut u32| {
        let from = bits.trailing_zeros();
        let len = (!(*bits >> from)).trailing_zeros();
        *bits &= !(((1u32 << len) - 1) << from);
        (from, len)
    };
    let (mut bound, mut gain) = (0, 0);
    for suit in 0..4 {
        let once = positions(held >> (13 * suit) & RANKS);
        let twice = positions(copies.twice >> (13 * suit) & RANKS);
        // The most a joker in this suit's runs could add beyond its own value, and the
        // stretch before: the position after the one value missing past it (0: none, as
        // positions start at 1), what it left uncounted.
        let (mut rest, mut most, mut joins, mut left_before) = (once, 0, 0, 0);
        while rest != 0 {
            let (from, len) = next_stretch(&mut rest);
            let long = len >= min_len;
            let (mut counted, mut left) = if long { (value(from, len), 0) } else { (0, value(from, len)) };
            let mut second = twice & ((1u32 << len) - 1) << from;
            while second != 0 {
                let (at, l) = next_stretch(&mut second);
                if long && (l >= min_len || len + l >= 2 * min_len) {
                    counted += value(at, l);
                } else {
                    left += value(at, l);
                }
            }
            bound += counted;
            most = most.max(if joins == from { left_before + left } else { left });
            (joins, left_before) = (from + len + 1, left);
        }
        gain = gain.max(max_value(52) + most);
    }
    // The sets: the ranks held in two suits at least (with the joker, a set of three).
    let suit = |s: u32| held >> (13 * s) & RANKS;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    let mut ranks = (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d);
    while ranks != 0 {
        let r = ranks.trailing_zeros();
        ranks &= ranks - 1;
        let (mut suits, mut seconds) = (0, 0);
        for s in 0..4 {
            suits += (held >> (13 * s + r) & 1) as u32;
            seconds += (copies.twice >> (13 * s + r) & 1) as u32;
        }
        // The most cards in sets of this rank with `jokers`: one set takes a copy of each
        // suit, two or three sets every copy (more sets, more cards: the most sets that
        // can be made decide).
        let cards = |jokers: u32| {
            let every = suits + seconds;
            if every >= 3 && every + jokers >= 3 * min_len {
                (every + jokers).min(12)
            } else if every >= 2 && every + jokers >= 2 * min_len {
                (every + jokers).min(8)
            } else if suits + jokers >= min_len {
                (suits + jokers).min(4)
            } else {
                0
            }
        };
        let (without, with) = (cards(0), cards(1));
        let worth = rank_value(r as u8 + 1);
        bound += worth * without;
        gain = gain.max(worth * (with - without));
    }
    Some(bound + gain)
}

/// May the cards of face counts `counts` (faces held `held`, those that may be in a meld
/// `meldable`; bits by face index) go rummy, all but one in new melds or built onto the
/// table (`fits`: a face may be built, by index)? A necessary condition: each card in no
/// meld that fits nowhere is left, and at most one may be; and a card in no meld of
/// naturals that fits nowhere can only be in a meld with a joker, a run of one suit or a
/// set of one rank, so all such cards but one are in the `j` suits or ranks (for `j`
/// jokers) holding most of them.
pub(super) fn may_go_rummy(counts: &[u8; 53], held: u64, meldable: u64, fits: impl Fn(u8) -> bool) -> bool {
    let (mut misfits, mut loose) = (0, held & !meldable);
    while loose != 0 && misfits <= 1 {
        let i = loose.trailing_zeros() as u8;
        loose &= loose - 1;
        if !fits(i) {
            misfits += counts[usize::from(i)];
        }
    }
    let jokers = usize::from(counts[52]);
    if misfits > 1 || !(1..4).contains(&jokers) {
        return misfits <= 1;
    }
    let (mut stray, mut groups) = (0, [0u32; 17]);
    let mut loose = held & NATURALS & !meldable_of(held & NATURALS, 0);
    while loose != 0 {
        let i = loose.trailing_zeros() as u8;
        loose &= loose - 1;
        if !fits(i) {
            let n = u32::from(counts[usize::from(i)]);
            stray += n;
            groups[usize::from(i / 13)] += n;
            groups[4 + usize::from(i % 13)] += n;
        }
    }
    stray <= largest(&groups, jokers) + 1
}

/// The sum of the `n` (at most three) largest of `groups`.
fn largest(groups: &[u32; 17], n: usize) -> u32 {
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
        let needed = self.config.opening_threshold;
        if self.config.rummy_requires_opening_threshold && value < needed {
            return false;
        }
        let mut last = PieceSet::new();
        last.insert(discard);
        self.discard_allowed(last, discard).is_ok()
    }

    /// May cards of face counts `counts` hold an opening, and a rummy? Cheap necessary
    /// conditions, checked before the enumeration: an opening needs the cards that can be
    /// in a meld (and `required` among them) worth the threshold at their highest, and
    /// then, given the cards' `faces` (`None` when the openings are only counted), the
    /// exact [`can_open`] search (`RULES.md` §3.5); a rummy needs all cards but one in
    /// a meld or buildable onto the table (§3.7).
    pub(super) fn prospects_of(
        &self,
        faces: Option<&[Card]>,
        (counts, held): &([u8; 53], u64),
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
                    && packing_bound(counts, held, &self.rules).is_none_or(|bound| bound >= t)
                    && (counts[52] < 2
                        || faces.is_none_or(|faces| can_open(faces, t, self.config) == Ok(true)))
            }
        };
        // (The faces that fit, decided for all at once: most hands ask about several.)
        let fit = reach.get().fitting(counts, held);
        (may_open, may_go_rummy(counts, held, meldable, |i| fit & 1u64 << i != 0))
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
        (counts, held): &([u8; 53], u64),
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
        let (counts, held) = (*counts, *held);
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
        let copies = Copies::of(&counts, held);
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
