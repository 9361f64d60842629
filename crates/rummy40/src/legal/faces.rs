//! Faces of a hand: their bits and counts, the ids by face, the melds by faces they
//! form, and which faces could be in a meld at all.

use rummykit_core::{Card, Catalog, Meld, PieceId, PieceSet, for_each_face_meld};
#[cfg(test)]
use rummykit_core::{Face, MAX_MELD_LEN};

use crate::meld_value;
use crate::turn::Turn;

use super::batch::Copies;
use super::{NATURALS, ValuedMeld};

/// `f` of `items`, from a buffer on the stack (a hand is small; more than 32 items are
/// collected on the heap instead). `fill` only pads the buffer.
#[inline]
pub(super) fn on_stack<T: Copy, R>(
    fill: T,
    items: impl Iterator<Item = T> + Clone,
    f: impl FnOnce(&[T]) -> R,
) -> R {
    let mut buf = [fill; 32];
    let mut n = 0;
    for item in items.clone() {
        let Some(slot) = buf.get_mut(n) else { return f(&items.collect::<Vec<T>>()) };
        *slot = item;
        n += 1;
    }
    f(&buf[..n])
}

impl Turn<'_> {
    /// Every meld formable from `cards`, by faces (the tests' full listing).
    #[cfg(test)]
    pub(super) fn face_melds(&self, cards: PieceSet) -> Vec<ValuedMeld> {
        self.with_faces(cards, |faces| self.face_melds_of(faces))
    }

    /// [`Turn::face_melds`] of the faces of the cards: core's [`for_each_face_meld`] of
    /// the faces present (a card's second copy gives no other meld) and the jokers.
    #[cfg(test)]
    pub(super) fn face_melds_of(&self, faces: &[Card]) -> Vec<ValuedMeld> {
        let mut out = Vec::new();
        self.face_melds_into(FaceBits::of(faces), &mut out);
        out
    }

    /// Every meld formable from the faces `naturals` and `jokers`, by faces, into `out`
    /// (emptied first; a buffer kept from one enumeration to the next: a hand with a
    /// joker has a hundred melds or more).
    pub(super) fn face_melds_into(&self, FaceBits { naturals, jokers }: FaceBits, out: &mut Vec<ValuedMeld>) {
        out.clear();
        for_each_face_meld(naturals, jokers, &self.rules, |m| {
            let fm = ValuedMeld::of(m);
            debug_assert_eq!(
                Some(fm.value),
                Meld::new(m.kind(), m.faces(), &self.rules).ok().map(|meld| meld_value(&meld)),
                "{:?}",
                m.faces()
            );
            out.push(fm);
        });
    }

    /// The melds of core's [`hand_melds`](rummykit_core::hand_melds) (by positions in
    /// the hand), by faces, each valued by the validator's meld: the reference for
    /// [`Turn::face_melds_of`].
    #[cfg(test)]
    pub(super) fn face_melds_by_position(&self, faces: &[Card]) -> Vec<ValuedMeld> {
        let Ok(melds) = rummykit_core::hand_melds(faces, &self.rules) else { return Vec::new() };
        let mut out = Vec::with_capacity(melds.len());
        out.extend(melds.iter().filter_map(|hm| {
            let mut buf = [Card::JOKER; MAX_MELD_LEN];
            let mut len = 0;
            for &f in hm.select(faces) {
                *buf.get_mut(len)? = f;
                len += 1;
            }
            let meld = Meld::new(hm.kind(), &buf[..len], &self.rules).ok()?;
            ValuedMeld::new(hm.kind(), &buf[..len], meld_value(&meld), &self.rules)
        }));
        out
    }

    /// `f` of the faces of `cards`, in id order (see [`on_stack`]).
    pub(super) fn with_faces<R>(&self, cards: PieceSet, f: impl FnOnce(&[Card]) -> R) -> R {
        on_stack(Card::JOKER, self.catalog.faces_of(cards).map(|(_, face)| face), f)
    }

    /// The ids of `cards` by face index.
    pub(super) fn ids_by_face(&self, cards: PieceSet) -> [PieceSet; 53] {
        ids_by_face(self.catalog, cards)
    }

    /// [`face_counts`] of the faces of `cards`, read from their ids (no list made).
    // Inlined: an unopened mover's every decision asks it, and the call saved and
    // restored six registers and copied the counts out.
    #[inline]
    pub(super) fn face_counts(&self, cards: PieceSet) -> FaceCounts {
        face_counts_in(self.catalog, cards)
    }
}

/// A hand's face counts (by face index, the joker's 52), the faces held (bits by face
/// index) and the naturals' [`Copies`]: listed once per enumeration for everything that
/// asks. (The copies are carried: the bounds and the walk asked them of every hand they
/// read, and read them back from the counts a byte at a time.)
pub(super) type FaceCounts = ([u8; 53], u64, Copies);

/// [`face_counts`] of the faces of `cards` in `catalog`. A pack of two copies, the
/// game's, is counted from its bits (the faces held, those held twice, the jokers), a
/// byte of faces at a time: a pass over the pieces cost twice as much.
#[inline]
pub(super) fn face_counts_in(catalog: Catalog<Card>, cards: PieceSet) -> FaceCounts {
    if catalog.copies() != 2 {
        return counts_of_faces(catalog.faces_of(cards).map(|(_, face)| face));
    }
    let (naturals, twice, jokers) = catalog.face_bits_and_pairs(cards);
    let mut counts = [0u8; 53];
    // Faces 0–47 eight at a time, then 48–51.
    for (k, chunk) in counts.chunks_exact_mut(8).take(6).enumerate() {
        let shift = 8 * k;
        let bytes =
            SPREAD[usize::from((naturals >> shift) as u8)] + SPREAD[usize::from((twice >> shift) as u8)];
        chunk.copy_from_slice(&bytes.to_le_bytes());
    }
    let bytes =
        SPREAD[usize::from((naturals >> 48) as u8 & 0xF)] + SPREAD[usize::from((twice >> 48) as u8 & 0xF)];
    let [a, b, c, d, ..] = bytes.to_le_bytes();
    counts[48..52].copy_from_slice(&[a, b, c, d]);
    counts[52] = u8::try_from(jokers).unwrap_or(u8::MAX);
    let held = naturals | if jokers > 0 { 1u64 << 52 } else { 0 };
    (counts, held, Copies { twice, more: false })
}

/// Each byte's eight bits spread out, one a byte: bit `i` of the index to byte `i`.
static SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// The faces of a hand as bits: the naturals held (by face index) and the number of
/// jokers, read once per enumeration for everything that asks.
#[derive(Debug, Clone, Copy)]
pub(super) struct FaceBits {
    pub(super) naturals: u64,
    pub(super) jokers: usize,
}

impl FaceBits {
    /// Of a list of faces (the tests' way; the play phase adds them as it lists the hand).
    #[cfg(test)]
    pub(super) fn of(faces: &[Card]) -> FaceBits {
        let mut bits = FaceBits { naturals: 0, jokers: 0 };
        for f in faces {
            bits.add(*f);
        }
        bits
    }

    /// From the counts of [`face_counts`].
    pub(super) fn of_counts((counts, held, _): &FaceCounts) -> FaceBits {
        FaceBits { naturals: held & NATURALS, jokers: usize::from(counts[52]) }
    }

    pub(super) fn add(&mut self, f: Card) {
        if f.is_joker() {
            self.jokers += 1;
        } else {
            self.naturals |= 1u64 << f.index();
        }
    }

    /// The faces held, the joker's bit 52 included.
    pub(super) fn held(&self) -> u64 {
        self.naturals | if self.jokers > 0 { 1u64 << 52 } else { 0 }
    }
}

/// The [`FaceCounts`] of `faces`.
pub(super) fn face_counts(faces: &[Card]) -> FaceCounts {
    counts_of_faces(faces.iter().copied())
}

/// [`face_counts`] of cards listed with their faces.
pub(super) fn face_counts_of(cards: &[(PieceId, Card)]) -> FaceCounts {
    counts_of_faces(cards.iter().map(|&(_, face)| face))
}

/// The one count behind [`face_counts`], [`face_counts_of`] and the lister's own.
#[inline]
fn counts_of_faces(faces: impl Iterator<Item = Card>) -> FaceCounts {
    // The naturals met before (`held`), twice before (`twice`): a natural met again is
    // held twice, or more.
    let (mut counts, mut held, mut twice, mut more) = ([0u8; 53], 0u64, 0u64, 0u64);
    faces.for_each(|face| {
        counts[face.index() as usize] += 1;
        let bit = 1u64 << face.index();
        let natural = bit & NATURALS;
        more |= twice & natural;
        twice |= held & natural;
        held |= bit;
    });
    // (As `Copies::of` the counts: none held twice when one is held more often.)
    let copies = if more == 0 { Copies { twice, more: false } } else { Copies { twice: 0, more: true } };
    (counts, held, copies)
}

/// The ids of `cards` by face index.
// Inlined: out of line, the 53 sets were built in its frame and copied out (a `memcpy`
// of 1,272 bytes a call).
#[inline]
pub(super) fn ids_by_face(catalog: Catalog<Card>, cards: PieceSet) -> [PieceSet; 53] {
    let mut by_face = [PieceSet::new(); 53];
    catalog.faces_of(cards).for_each(|(p, f)| {
        by_face[f.index() as usize].insert(p);
    });
    by_face
}

/// [`meldable_of`] of the hand `faces` (the tests' way to ask it).
#[cfg(test)]
pub(super) fn meldable_faces(faces: &[Card]) -> u64 {
    let bits = FaceBits::of(faces);
    meldable_of(bits.naturals, bits.jokers)
}

/// Which faces of a hand may be in a meld (bits by face index; bit 52: the jokers), the
/// hand given as the naturals it holds (bits by face index) and its number of jokers: a
/// cheap over-approximation of "in some meld", checked before the exact meld
/// enumeration. A natural may be if two more cards of its rank in other suits, or a
/// window of three values of its suit around it, are held or filled by jokers (joker
/// limits aside); a joker if a natural is held. Bit operations on the faces held, every
/// suit and rank at once: the same as the plain `Held::meldable_faces` of the tests,
/// without building a `Held`, as it is asked on every turn.
pub(crate) fn meldable_of(present: u64, jokers: usize) -> u64 {
    if present == 0 {
        return 0;
    }
    let joker_bit = if jokers > 0 { 1u64 << 52 } else { 0 };
    if jokers >= 2 {
        // Two jokers complete any window of three values around a card.
        return present | joker_bit;
    }
    let Reached { ranks, low, high } = reached(present, jokers == 1);
    // Each window's three faces, and every suit's face of the ranks a set may hold.
    let runs = low | low << 1 | low << 2 | high | high << 11 | high << 12;
    joker_bit | (present & ((ranks * ACES) | runs))
}

/// Does [`meldable_of`]`(present, jokers)` mark face index `face`? The same bit, from the
/// face's rank across the suits and its own suit's windows only (the cheap meld test of
/// one card, asked at every draw phase of an unopened player, reads no other suit).
pub(crate) fn meldable_at(present: u64, jokers: usize, face: u8) -> bool {
    if present == 0 {
        return false;
    }
    if face >= 52 {
        return jokers > 0;
    }
    if present >> face & 1 == 0 {
        return false;
    }
    if jokers >= 2 {
        return true;
    }
    let (suit, rank) = (u32::from(face / 13), u32::from(face % 13));
    // A set: the rank in three suits, or in two and a joker. (The rank's four bits, moved
    // onto the aces' places, summed into bits 39–41 by one multiplication: no carry
    // reaches them from the lower sums, each at most three.)
    let suits = ((present >> rank & ACES).wrapping_mul(ACES) >> 39 & 7) as usize;
    if suits + jokers >= 3 {
        return true;
    }
    // A run: a window of three values of the suit around the card (values 1–14, the ace
    // both), held or with one joker, as `reached` decides it for every suit.
    let lane = present >> (13 * suit) & 0x1fff;
    let values = lane << 1 | (lane & 1) << 14;
    let (x, y, z) = (values, values >> 1, values >> 2);
    let windows = if jokers == 1 { (x & y) | (x & z) | (y & z) } else { x & y & z } & 0x1ffe;
    let covered = windows | windows << 1 | windows << 2;
    ((covered >> 1) | (covered >> 14 & 1)) >> rank & 1 != 0
}

/// May some natural be in a meld (`meldable_of(present, jokers)` marks a natural)? A
/// meld holds a natural, so a hand with none holds no meld: the question of an opened
/// player's every play phase (most hands hold none). Without mapping the faces back:
/// some rank held in enough suits, or some window of three values held, decides (each
/// holds a card held).
#[inline]
pub(super) fn any_meldable(present: u64, jokers: usize) -> bool {
    if present == 0 || jokers >= 2 {
        return present != 0;
    }
    let Reached { ranks, low, high } = reached(present, jokers == 1);
    ranks | low | high != 0
}

/// The aces' bits, one a suit (face index: suit times 13 plus number less one).
const ACES: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// What [`meldable_of`] reads of the naturals held, with at most one joker, in the
/// faces' own bits (no lanes to spread them into and gather them back from): the ranks
/// (bit number - 1) held in three suits (or two with the joker), and the windows of
/// three values of a suit held (or all but one with the joker): A-2-3 to J-Q-K by the
/// bit of their lowest face (`low`), Q-K-A by the ace's (`high`).
struct Reached {
    ranks: u64,
    low: u64,
    high: u64,
}

#[inline(always)]
fn reached(present: u64, one_joker: bool) -> Reached {
    const RANKS: u64 = 0x1fff;
    let suit = |s: u32| (present >> (s * 13)) & RANKS;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    let ranks = if one_joker {
        (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    } else {
        (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    };
    let held = |x: u64, y: u64, z: u64| if one_joker { (x & y) | (x & z) | (y & z) } else { x & y & z };
    // A window from the ace to the jack (rank 0–10) reads the two faces above it, in
    // its own suit; the queen and king of Q-K-A are read down onto the ace's bit.
    let low = held(present, present >> 1, present >> 2) & (0x7ff * ACES);
    let high = held(present >> 11, present >> 12, present) & ACES;
    Reached { ranks, low, high }
}

/// The cards held, as bitmasks: which suits hold each rank, which values (1–14, the ace
/// as both 1 and 14) each suit holds, and the jokers. [`Held::meldable`] decides one
/// card plainly: the reference the bit operations of [`meldable_faces`] are tested
/// against.
#[cfg(test)]
pub(super) struct Held {
    pub(super) suits_of_rank: [u8; 14],
    pub(super) values_of_suit: [u16; 4],
    pub(super) jokers: u32,
    pub(super) naturals: bool,
}

#[cfg(test)]
impl Held {
    /// The cards held among `faces`.
    pub(super) fn of_faces(faces: impl IntoIterator<Item = Card>) -> Held {
        let mut held = Held { suits_of_rank: [0; 14], values_of_suit: [0; 4], jokers: 0, naturals: false };
        for face in faces {
            let (Some(s), Some(r)) = (face.suit_index(), face.number()) else {
                held.jokers += 1;
                continue;
            };
            held.suits_of_rank[usize::from(r)] |= 1 << s;
            held.values_of_suit[usize::from(s)] |= 1 << r;
            if r == 1 {
                held.values_of_suit[usize::from(s)] |= 1 << 14;
            }
            held.naturals = true;
        }
        held
    }

    /// Could `face` (held) be in a meld with the other cards held: two more cards of its
    /// rank in other suits, or a window of three values of its suit around it filled by
    /// cards or jokers — counting jokers for either (joker limits aside).
    #[inline]
    pub(super) fn meldable(&self, face: Card) -> bool {
        let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else {
            // A joker needs a natural to stand with.
            return self.naturals;
        };
        if self.jokers >= 2 {
            // Two jokers complete any window of three values around the card.
            return true;
        }
        // At most one joker from here on: "n bits ≤ jokers" without counting bits (no
        // `popcnt` on the baseline x86-64 target).
        let one_joker = self.jokers == 1;
        let others = self.suits_of_rank[usize::from(number)] & !(1 << suit);
        if (one_joker && others != 0) || others & others.wrapping_sub(1) != 0 {
            return true;
        }
        // A window of values w, w + 1, w + 2 (1 ≤ w ≤ 12) holding `v`, with every value
        // held or (one joker) all but one: bit w of `windows`.
        let held = u32::from(self.values_of_suit[usize::from(suit)]);
        let window_with = |v: u8| {
            let (a, b, c) = (held | 1 << v, (held | 1 << v) >> 1, (held | 1 << v) >> 2);
            let windows = if one_joker { (a & b) | (a & c) | (b & c) } else { a & b & c };
            windows & ((0b111u32 << v) >> 2) & 0x1ffe != 0
        };
        window_with(number) || (number == 1 && window_with(14))
    }

    /// [`Held::meldable`] of every face held at once: bit `i` set for a face of index
    /// `i` that is held and meldable (bit 52: the jokers, if held and meldable).
    pub(super) fn meldable_faces(&self) -> u64 {
        let mut out = 0u64;
        if self.jokers > 0 && self.naturals {
            out |= 1 << 52;
        }
        let one_joker = self.jokers == 1;
        for suit in 0..4u8 {
            let held = u32::from(self.values_of_suit[usize::from(suit)]);
            if held == 0 {
                continue;
            }
            // Windows of three values (starting at 1–12) held, or all but one with a
            // joker; the values they cover (the ace as 1 or 14).
            let (a, b, c) = (held, held >> 1, held >> 2);
            let windows = if one_joker { (a & b) | (a & c) | (b & c) } else { a & b & c } & 0x1ffe;
            let covered = windows | windows << 1 | windows << 2;
            let mut values = held & 0x3ffe; // the naturals held, by number 1–13
            while values != 0 {
                let v = values.trailing_zeros();
                values &= values - 1;
                let number = v as u8;
                let by_run = covered & 1 << v != 0 || (number == 1 && covered & 1 << 14 != 0);
                let others = self.suits_of_rank[usize::from(number)] & !(1 << suit);
                let by_set = (one_joker && others != 0) || others & others.wrapping_sub(1) != 0;
                if self.jokers >= 2 || by_set || by_run {
                    out |= 1u64 << (suit * 13 + number - 1);
                }
            }
        }
        out
    }
}
