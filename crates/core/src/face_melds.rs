//! [`for_each_face_meld`]: every meld a hand can form, by faces, each once: the one
//! enumerator behind the card games' legal actions.
//!
//! A meld by faces says which faces stand where; which physical copy of a face (two
//! decks) or which joker plays it is the caller's choice, so a hand is given as the
//! natural faces it holds (one bit each, however many copies) and its number of jokers.

use crate::card_set::in_some_triple_under;
use crate::{AcePolicy, Face, JokerLimit, MAX_MELD_LEN, Meld, MeldKind, MeldRules};

/// The bits of the 52 natural faces.
const NATURALS: u64 = (1 << 52) - 1;
/// The 13 ranks of one suit.
const RANKS: u64 = (1 << 13) - 1;

/// A meld by faces, as [`for_each_face_meld`] lists it: its kind and its faces in meld
/// order (a group's naturals by suit, then its jokers; a run from its low end, each joker
/// where the value it stands for belongs).
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, face_melds, format_list, parse_list};
/// let hand: Vec<Card> = parse_list("9h 7h *")?;
/// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
/// let run = melds.iter().find(|m| m.kind() == MeldKind::Run).unwrap();
/// assert_eq!(format_list(run.faces()), "7h * 9h");
/// assert_eq!((run.len(), run.jokers(), run.value_at(1)), (3, 1, Some(8)));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FaceMeld<F> {
    kind: MeldKind,
    len: u8,
    /// A group's number; the value a run's first position stands for (1–14, as
    /// [`Meld::value_at`] counts).
    first: u8,
    faces: [F; MAX_MELD_LEN],
    /// The naturals, by bit of face index.
    naturals: u64,
}

impl<F: Face> FaceMeld<F> {
    /// Group or run.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("4d 5d *")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// assert!(melds.iter().all(|m| m.kind() == MeldKind::Run)); // * 4d 5d, 4d 5d *
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The faces, in meld order.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("4d 5d *")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// assert_eq!(melds[0].faces(), parse_list::<Card>("* 4d 5d")?);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn faces(&self) -> &[F] {
        &self.faces[..usize::from(self.len)]
    }

    /// Number of faces.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("4d 5d *")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// assert_eq!(melds.iter().map(|m| m.len()).collect::<Vec<_>>(), [3, 3]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// `false`: a meld has faces.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("4d 5d *")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// assert!(melds.iter().all(|m| !m.is_empty()));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The natural faces, as bits by [`Face::index`] (no face is in a meld twice).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("Ac Ad As")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// let bits = hand.iter().fold(0u64, |b, c| b | 1 << c.index());
    /// assert_eq!(melds.iter().map(|m| m.naturals()).collect::<Vec<_>>(), vec![bits]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn naturals(&self) -> u64 {
        self.naturals
    }

    /// Number of jokers.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("4d 5d *")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited));
    /// assert_eq!(melds[1].jokers(), 1);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn jokers(&self) -> usize {
        self.len() - self.naturals.count_ones() as usize
    }

    /// The value at position `index`, as [`Meld::value_at`] gives it for the same meld:
    /// a group's number; in a run the number counted from its start, 14 an ace above a
    /// king (round the corner the count wraps back to 1). `None` past the end.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, face_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("Qs Ks As")?;
    /// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Forbidden));
    /// assert_eq!((melds[0].value_at(0), melds[0].value_at(2), melds[0].value_at(3)), (Some(12), Some(14), None));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn value_at(&self, index: usize) -> Option<u8> {
        crate::meld::value_at(self.kind, self.first, self.len(), index)
    }
}

/// Every meld of [`for_each_face_meld`] of the faces of `hand` (its naturals, whatever
/// their copies, and its jokers), collected.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, face_melds, format_list, parse_list};
/// // Two decks: the second 7h makes no other meld.
/// let hand: Vec<Card> = parse_list("7h 7s 7d 7h 8h 9h Kc")?;
/// let melds = face_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden));
/// let listed: Vec<String> = melds.iter().map(|m| format_list(m.faces())).collect();
/// assert_eq!(listed, ["7d 7h 7s", "7h 8h 9h"]);
/// assert_eq!(melds[0].kind(), MeldKind::Group);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn face_melds<F: Face>(hand: &[F], rules: &MeldRules) -> Vec<FaceMeld<F>> {
    let (mut naturals, mut jokers) = (0u64, 0usize);
    for f in hand {
        if f.is_joker() {
            jokers += 1;
        } else {
            naturals |= 1 << f.index();
        }
    }
    let mut out = Vec::new();
    for_each_face_meld(naturals, jokers, rules, |m| out.push(*m));
    out
}

/// Calls `emit` with every meld under `rules` that a hand holding the natural faces
/// `naturals` (bit `i` = the face of [`Face::index`] `i`; bits past the 52 naturals are
/// ignored) and `jokers` jokers can form, by faces: each exactly once, in this order:
///
/// 1. groups, by number (ace first); of one number, the subsets of the suits held from
///    the largest bitmask of suits down, each with no joker, then one, two, …;
/// 2. runs, by suit (as [`Face::index`] orders them), by the value they start at
///    (14 an ace above a king), shortest first; of one window of values, the naturals
///    held in it with jokers for the rest first, then every choice of more naturals
///    replaced by jokers that leaves one, walked depth first from the lowest value (for
///    values 5 6 7 and two jokers to spare: 5, then 5 and 6, 5 and 7, then 6, 6 and 7,
///    then 7).
///
/// Every meld listed is valid ([`Meld::new`] accepts its faces in this order): groups of
/// distinct suits and runs of consecutive values within the ace policy are valid by
/// construction; under a joker limit other than [`JokerLimit::Unlimited`] each meld with
/// a joker is also put to the validator. A run round the corner holding a whole suit is
/// listed once per start (they are different melds, one set of cards). A hand's melds
/// by positions ([`hand_melds`](fn@crate::hand_melds)) are the same melds, listed per copy
/// and in another order; the tests compare the two and both against a brute force.
///
/// It allocates nothing: `emit` borrows each meld.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, FaceMeld, JokerLimit, MeldRules, for_each_face_meld, format_list, parse_list};
/// let naturals = parse_list::<Card>("5h 6h 6s 6c")?.iter().fold(0u64, |b, c| b | 1 << c.index());
/// let mut listed = Vec::new();
/// for_each_face_meld(naturals, 1, &MeldRules::new(AcePolicy::High, JokerLimit::AtMost(1)), |m: &FaceMeld<Card>| {
///     listed.push(format_list(m.faces()));
/// });
/// assert_eq!(listed, [
///     "6c 6h 6s", "6c 6h 6s *", "6h 6s *", "6c 6s *", "6c 6h *", // groups of six
///     "* 5h 6h", "5h 6h *", // runs of hearts
/// ]);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn for_each_face_meld<F: Face>(
    naturals: u64,
    jokers: usize,
    rules: &MeldRules,
    emit: impl FnMut(&FaceMeld<F>),
) {
    list::<F, false>(naturals, jokers, rules, Holding { natural: 0, joker: false }, emit);
}

/// Calls `emit` with the melds of [`for_each_face_meld`] that hold `face` (for the
/// joker: that hold a joker), in the same order, without building the others: the melds
/// a player could make to play one given card.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, FaceMeld, JokerLimit, MeldRules, for_each_face_meld_holding, format_list, parse_list};
/// let naturals = parse_list::<Card>("5h 6h 7h 7s 7c")?.iter().fold(0u64, |b, c| b | 1 << c.index());
/// let rules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited);
/// let mut listed = Vec::new();
/// for_each_face_meld_holding(naturals, 1, "7s".parse::<Card>()?, &rules, |m: &FaceMeld<Card>| {
///     listed.push(format_list(m.faces()));
/// });
/// assert_eq!(listed, ["7c 7h 7s", "7c 7h 7s *", "7h 7s *", "7c 7s *"]);
/// let mut with_joker = 0;
/// for_each_face_meld_holding(naturals, 1, Card::JOKER, &rules, |_: &FaceMeld<Card>| with_joker += 1);
/// assert_eq!(with_joker, 11); // 4 groups of sevens, 7 runs of hearts (* 5h 6h, 5h * 7h, …)
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn for_each_face_meld_holding<F: Face>(
    naturals: u64,
    jokers: usize,
    face: F,
    rules: &MeldRules,
    emit: impl FnMut(&FaceMeld<F>),
) {
    let holding = if face.is_joker() {
        Holding { natural: 0, joker: true }
    } else {
        Holding { natural: 1 << face.index(), joker: false }
    };
    list::<F, true>(naturals, jokers, rules, holding, emit);
}

/// What every meld listed must hold (with `HOLD` in [`list`]): the natural of bit
/// `natural` (none if 0), a joker if `joker`.
#[derive(Clone, Copy)]
struct Holding {
    natural: u64,
    joker: bool,
}

/// The enumeration of [`for_each_face_meld`]; with `HOLD`, only the melds holding what
/// `holding` says (the others are skipped where they would be built, so the order is the
/// same). Without it every test of `holding` is compiled out.
#[inline(always)]
fn list<F: Face, const HOLD: bool>(
    naturals: u64,
    jokers: usize,
    rules: &MeldRules,
    holding: Holding,
    mut emit: impl FnMut(&FaceMeld<F>),
) {
    let mut present = naturals & NATURALS;
    // A meld holds a natural: more jokers than its other places never matter.
    let jokers = if rules.jokers == JokerLimit::Forbidden { 0 } else { jokers.min(MAX_MELD_LEN - 1) };
    let min_len = usize::from(rules.min_len.max(1));
    if jokers == 0 && min_len >= 3 {
        // Without jokers only the cards in three of a rank or of a row are in a meld:
        // most hands of a plain deck have none, and are done with a few bit operations.
        present &= in_some_triple_under(present, rules.ace);
        if present == 0 {
            return;
        }
    }
    // The face asked for, which rank and suit (its bit's place), must be held.
    let (held_rank, held_suit) =
        (holding.natural.trailing_zeros() % 13, holding.natural.trailing_zeros() / 13);
    if HOLD && (present & holding.natural != holding.natural || holding.joker && jokers == 0) {
        return;
    }
    let max_group = usize::from(rules.max_group_len.min(4));
    // What is built below is valid by construction but for a joker limit.
    let limited = !matches!(rules.jokers, JokerLimit::Unlimited | JokerLimit::Forbidden);
    let mut emit = |m: &FaceMeld<F>| {
        if !limited
            || m.naturals.count_ones() as usize == m.len()
            || Meld::new(m.kind, m.faces(), rules).is_ok()
        {
            emit(m);
        }
    };
    let mut m =
        FaceMeld { kind: MeldKind::Group, len: 0, first: 0, faces: [F::JOKER; MAX_MELD_LEN], naturals: 0 };
    // Groups: a non-empty subset of the suits held of one number, and 0.. jokers; a
    // group needs `need` suits besides the jokers, and only numbers held in that many
    // suits are looked at (bits by number - 1).
    let need = min_len.saturating_sub(jokers).max(1);
    let suit = |s: u32| present >> (13 * s) & RANKS;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    let numbers = match need {
        1 => a | b | c | d,
        2 => (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d),
        3 => (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d),
        4 => a & b & c & d,
        _ => 0,
    };
    let mut number_bits = numbers;
    if HOLD && holding.natural != 0 {
        number_bits &= 1 << held_rank;
    }
    while number_bits != 0 {
        let rank = number_bits.trailing_zeros() as u8;
        number_bits &= number_bits - 1;
        let mut suits = 0u8;
        for s in 0..4u8 {
            if present & 1u64 << (s * 13 + rank) != 0 {
                suits |= 1 << s;
            }
        }
        m.kind = MeldKind::Group;
        m.first = rank + 1;
        let mut sub = suits;
        while sub != 0 {
            let holds = !HOLD || holding.natural == 0 || sub & 1 << held_suit != 0;
            if holds && (sub.count_ones() as usize) >= need {
                let mut len = 0;
                m.naturals = 0;
                for s in 0..4u8 {
                    if sub & 1 << s != 0 {
                        let index = s * 13 + rank;
                        m.faces[len] = F::from_index(index).unwrap_or(F::JOKER);
                        m.naturals |= 1 << index;
                        len += 1;
                    }
                }
                for j in 0..=jokers {
                    if j > 0 {
                        m.faces[len] = F::JOKER;
                        len += 1;
                    }
                    if len > max_group {
                        break;
                    }
                    if len >= min_len && !(HOLD && holding.joker && j == 0) {
                        m.len = len as u8;
                        emit(&m);
                    }
                }
            }
            sub = (sub - 1) & suits;
        }
    }
    // Runs: a window a..=b of values with at most `jokers` values not held, and some of
    // the naturals held in it (all but at most the jokers to spare). Values are bits
    // 1–14 (the ace as 1 and 14, then the policy's range); round the corner, 1–26 (each
    // number twice), windows starting at 1–13. A window starting at 14 is the ace alone,
    // the one at 1 when the ace may be low.
    let (lo, hi, last_start) = match rules.ace {
        AcePolicy::Low => (1u8, 13u8, 13u8),
        AcePolicy::High => (2, 14, 14),
        AcePolicy::LowOrHigh => (1, 14, 13),
        AcePolicy::RoundTheCorner => (1, 26, 13),
    };
    let range = ((1u32 << (hi - lo + 1)) - 1) << lo;
    m.kind = MeldKind::Run;
    for s in 0..4u8 {
        if HOLD && holding.natural != 0 && u32::from(s) != held_suit {
            continue;
        }
        let of_suit = suit(u32::from(s)) as u32;
        let doubled =
            if rules.ace == AcePolicy::RoundTheCorner { of_suit << 13 } else { (of_suit & 1) << 13 };
        let held = ((of_suit | doubled) << 1) & range;
        if held == 0 {
            continue;
        }
        // A run starts where a value is held among its first `jokers + 1` (from a start
        // with none, the jokers run out before a natural is reached) and at most `jokers`
        // of its first `min_len` values are missing (every run from it holds those):
        // without jokers, where `min_len` values in a row are held.
        let starts = (1..=jokers.min(31)).fold(held, |w, k| w | held >> k)
            & held_at_least(held, min_len.min(15), min_len.saturating_sub(jokers));
        let first_held = held.trailing_zeros() as u8;
        let last_held = 31 - held.leading_zeros() as u8;
        // Values 1–13 and 14–26 are ranks 0–12 (a comparison, not a division).
        let face_of = |v: u8| s * 13 + if v > 13 { v - 14 } else { v - 1 };
        let (from, to) = (first_held.saturating_sub(jokers as u8).max(lo), last_held.min(last_start));
        if from > to {
            continue;
        }
        let mut start_bits = starts & ((2u32 << to) - (1u32 << from));
        // The values where the natural asked for is (an ace, or any rank round the
        // corner, at two: a window of at most 13 values holds one), which a window must
        // reach and must not leave to a joker; all values when no natural is asked.
        let (reach, keep) = if HOLD && holding.natural != 0 {
            let at = ((1u32 << held_rank) | (1u32 << (held_rank + 13))) << 1 & held;
            // (No window starting past it reaches it.)
            start_bits &= (2u32 << (31 - at.leading_zeros().min(31))).wrapping_sub(1);
            (at, at)
        } else {
            (u32::MAX, 0)
        };
        while start_bits != 0 {
            let a = start_bits.trailing_zeros() as u8;
            start_bits &= start_bits - 1;
            m.first = a;
            let mut missing = 0;
            for b in a..=hi {
                let len = usize::from(b - a + 1);
                if len > MAX_MELD_LEN {
                    break;
                }
                // The window's faces kept as it grows: its naturals held, jokers for the
                // values missing.
                m.faces[len - 1] = if held & 1 << b == 0 {
                    missing += 1;
                    if missing > jokers {
                        break;
                    }
                    F::JOKER
                } else {
                    F::from_index(face_of(b)).unwrap_or(F::JOKER)
                };
                let in_window = held & (((1u32 << len) - 1) << a);
                if len < min_len || in_window == 0 || HOLD && in_window & reach == 0 {
                    continue;
                }
                m.len = len as u8;
                // Every set `drop` of naturals left out (jokers in their place), at most
                // the jokers to spare, leaving at least one natural (and the one asked for).
                let jokers_placed = missing;
                let mut leave_out = |drop: u32| {
                    if drop == in_window || HOLD && holding.joker && jokers_placed == 0 && drop == 0 {
                        return;
                    }
                    // A value v is rank (v - 1) % 13 of the suit: 1–13 and 14–26 alike.
                    let kept = in_window & !drop;
                    m.naturals = (u64::from((kept >> 1) | (kept >> 14)) & RANKS) << (13 * s);
                    let mut bits = drop;
                    while bits != 0 {
                        m.faces[usize::from(bits.trailing_zeros() as u8 - a)] = F::JOKER;
                        bits &= bits - 1;
                    }
                    emit(&m);
                    // The naturals left out put back.
                    let mut bits = drop;
                    while bits != 0 {
                        let v = bits.trailing_zeros() as u8;
                        m.faces[usize::from(v - a)] = F::from_index(face_of(v)).unwrap_or(F::JOKER);
                        bits &= bits - 1;
                    }
                };
                // No joker to spare (most windows): the window as it is, without a call.
                if jokers == missing {
                    leave_out(0);
                } else {
                    subsets_up_to(in_window & !keep, jokers - missing, 0, &mut leave_out);
                }
            }
        }
    }
}

/// The bits `a` of `held` where at least `need` of the `width` values a, a + 1, … are
/// held (a count per bit, kept as one mask per count reached: `need` masks updated per
/// value). Inlined for the common cases: no joker to spare, jokers for all, one value
/// needed, two of three.
#[inline(always)]
fn held_at_least(held: u32, width: usize, need: usize) -> u32 {
    match need {
        0 => u32::MAX,
        // All of them: a few ANDs.
        n if n == width => (1..width.min(15)).fold(held, |w, k| w & held >> k),
        n if n > width => 0,
        // Any of them (jokers for all but one): a few ORs.
        1 => (1..width.min(15)).fold(held, |w, k| w | held >> k),
        // Two of three (one joker to spare in a run of three): the majority.
        2 if width == 3 => {
            let (x, y, z) = (held, held >> 1, held >> 2);
            (x & y) | (x & z) | (y & z)
        }
        _ => held_at_least_counted(held, width, need),
    }
}

/// [`held_at_least`] with fewer than `width` values needed (`need` ≥ 1).
fn held_at_least_counted(held: u32, width: usize, need: usize) -> u32 {
    // `reached[c]`: the starts with at least c values held so far (c ≤ need ≤ 15).
    let mut reached = [0u32; 16];
    reached[0] = u32::MAX;
    let need = need.min(15);
    for k in 0..width.min(15) {
        let h = held >> k;
        for c in (1..=need.min(k + 1)).rev() {
            reached[c] |= reached[c - 1] & h;
        }
    }
    reached[need]
}

/// Calls `f(chosen | s)` for every subset `s` of `bits` with at most `k` bits, each once:
/// the empty one first, then by lowest bit, recursively.
fn subsets_up_to(bits: u32, k: usize, chosen: u32, f: &mut impl FnMut(u32)) {
    f(chosen);
    if k == 0 {
        return;
    }
    let mut rest = bits;
    while rest != 0 {
        let bit = rest & rest.wrapping_neg();
        rest &= rest - 1;
        subsets_up_to(rest, k - 1, chosen | bit, f);
    }
}

#[cfg(test)]
mod tests {
    use super::held_at_least;

    /// `held_at_least` against its definition, value by value: every width and count
    /// needed, on patterns of values 0–26 from a fixed generator.
    #[test]
    fn held_at_least_counts_the_values_held_from_each_start() {
        let mut rng = 0x9e37_79b9_7f4a_7c15u64;
        let (mut kept, mut dropped) = (0, 0);
        for _ in 0..2_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let held = (rng as u32 | (rng >> 32) as u32) & ((1 << 27) - 2);
            for width in 1..=14 {
                for need in 0..=width + 1 {
                    let got = held_at_least(held, width, need);
                    for a in 0..27 {
                        let count = (a..a + width).filter(|&v| v < 32 && held >> v & 1 != 0).count();
                        assert_eq!(got >> a & 1 != 0, count >= need, "{held:#x} from {a}, {need} of {width}");
                        kept += usize::from(count >= need);
                        dropped += usize::from(count < need);
                    }
                }
            }
        }
        assert!(kept > 100_000 && dropped > 100_000, "{kept} kept, {dropped} dropped");
    }
}
