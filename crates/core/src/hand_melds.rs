//! [`hand_melds`]: every meld that can be formed from a hand, exactly and without
//! repeats, as [`HandMeld`]s (positions into the hand). Also the generator behind the
//! least-deadwood analysis ([`least_deadwood`](crate::least_deadwood)).

use thiserror::Error;

use crate::{AcePolicy, Face, JokerLimit, MAX_MELD_LEN, Meld, MeldKind, MeldRules, PieceId};

/// The most pieces a hand given to the analysis may hold (positions are bits of a `u64`).
///
/// ```
/// use rummykit_core::{AnalysisError, MAX_HAND, MeldRules, Tile, hand_melds};
/// let big = vec![Tile::JOKER; MAX_HAND + 1];
/// let refused = hand_melds(&big, &MeldRules::default());
/// assert_eq!(refused, Err(AnalysisError::TooManyPieces { len: MAX_HAND + 1, max: MAX_HAND }));
/// ```
pub const MAX_HAND: usize = 64;

/// Why a hand cannot be analysed.
///
/// ```
/// use rummykit_core::{AnalysisError, Card, MAX_HAND, MeldRules, hand_melds};
/// let too_many = vec![Card::JOKER; MAX_HAND + 1];
/// let refused = hand_melds(&too_many, &MeldRules::default());
/// assert_eq!(refused, Err(AnalysisError::TooManyPieces { len: 65, max: 64 }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum AnalysisError {
    /// More pieces than the analysis takes ([`MAX_HAND`] for [`hand_melds`]; a game's
    /// own analysis may take fewer).
    #[error("hand of {len} pieces is too large to analyse (at most {max})")]
    TooManyPieces {
        /// Pieces given.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// A piece id that is not a card of the game's pack.
    #[error("{0} is not a card of the pack")]
    UnknownPiece(PieceId),
    /// The least-deadwood search of the hand would take more than `budget` steps
    /// ([`SEARCH_BUDGET`](crate::SEARCH_BUDGET)): a hand far larger, with far more
    /// jokers and repeated cards, than any game deals or lets a player hold.
    #[error("hand too hard to analyse: its search passed {budget} steps")]
    SearchTooLarge {
        /// The steps the search may take.
        budget: u64,
    },
}

/// A meld formed from pieces of a hand: its kind and the positions (indices into the
/// slice of faces that was analysed) in meld order, so that each joker's position says
/// what it stands for. Build the table meld with these pieces in this order.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, hand_melds, parse_list};
/// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
/// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
/// // 5h-6h-7h and the sevens: positions in the hand, in meld order.
/// let listed: Vec<(MeldKind, Vec<u8>)> = melds.iter().map(|m| (m.kind(), m.positions().to_vec())).collect();
/// assert!(listed.contains(&(MeldKind::Run, vec![0, 1, 2])));
/// assert!(listed.contains(&(MeldKind::Group, vec![2, 3, 4])));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HandMeld {
    kind: MeldKind,
    len: u8,
    positions: [u8; MAX_MELD_LEN],
    mask: u64,
}

impl HandMeld {
    /// The meld of `kind` at `positions` (in meld order, at most [`MAX_MELD_LEN`]) with
    /// bitmask `mask`.
    pub(crate) fn new(kind: MeldKind, positions: &[u8], mask: u64) -> HandMeld {
        let mut stored = [0u8; MAX_MELD_LEN];
        stored[..positions.len()].copy_from_slice(positions);
        HandMeld { kind, len: positions.len() as u8, positions: stored, mask }
    }

    /// Group or run.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
    /// let runs = melds.iter().filter(|m| m.kind() == MeldKind::Run).count();
    /// assert_eq!(runs, 1); // 5h 6h 7h
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The positions in the hand, in meld order.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
    /// let run = melds.iter().find(|m| m.kind() == MeldKind::Run).unwrap();
    /// assert_eq!(run.positions(), &[0, 1, 2]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn positions(&self) -> &[u8] {
        &self.positions[..self.len as usize]
    }

    /// The positions as a bitmask (bit `i` = position `i`).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
    /// let run = melds.iter().find(|m| m.kind() == MeldKind::Run).unwrap();
    /// assert_eq!(run.mask(), 0b00111);
    /// // Two melds can be laid down together exactly when their masks do not overlap.
    /// assert!(melds.iter().all(|m| m.mask() & run.mask() != 0)); // every meld here uses 7h
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// Number of pieces.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
    /// assert!(melds.iter().all(|m| (3..=4).contains(&m.len())));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// `false`: a meld has pieces.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("5h 6h 7h 7s 7d")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden))?;
    /// assert!(melds.iter().all(|m| !m.is_empty()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The items at this meld's positions, in meld order: with the hand's ids (or faces)
    /// in the order analysed, this gives the meld's pieces (or faces).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldRules, hand_melds, parse_list};
    /// let hand: Vec<Card> = parse_list("9h 7h 8h")?;
    /// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)).unwrap();
    /// let faces: Vec<Card> = melds[0].select(&hand).copied().collect();
    /// assert_eq!(faces, parse_list::<Card>("7h 8h 9h")?);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn select<'a, T>(&'a self, items: &'a [T]) -> impl Iterator<Item = &'a T> + 'a {
        self.positions().iter().filter_map(move |&p| items.get(p as usize))
    }
}

/// Every meld that can be formed from `faces`, in a deterministic order, each exactly
/// once.
///
/// "Exactly once" is up to identical copies: when the hand holds two pieces of one
/// face (two decks, or two jokers), only the lowest-positioned copy is used, since the
/// other gives the same meld. Distinct arrangements are distinct melds: `5h 6h *` (the
/// joker is 7h) and `* 5h 6h` (it is 4h) are both listed. Groups list their naturals
/// in hand order, then the jokers. The order is by the lowest natural position, then
/// groups before runs, then runs reaching less far below that natural first, shorter first.
///
/// The count stays small even with jokers because jokers are placed only by role
/// (which value they stand for), never permuted among themselves.
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] beyond [`MAX_HAND`] pieces.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, hand_melds, parse_list};
/// let hand: Vec<Card> = parse_list("7h 7s 7d 8h 9h Kc")?;
/// let melds = hand_melds(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)).unwrap();
/// // 7h-7s-7d and 7h-8h-9h.
/// assert_eq!(melds.len(), 2);
/// assert_eq!(melds[0].kind(), MeldKind::Group);
/// assert_eq!(melds[1].positions(), &[0, 3, 4]);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn hand_melds<F: Face>(faces: &[F], rules: &MeldRules) -> Result<Vec<HandMeld>, AnalysisError> {
    let generator = Generator::new(faces, rules)?;
    let all = generator.all_mask();
    let mut out = Vec::new();
    for (c, f) in faces.iter().enumerate() {
        let face = f.index() as usize;
        if face >= 52 || generator.by_face[face].trailing_zeros() as usize != c {
            continue; // a joker, or not the first copy of its face
        }
        // Canonical melds whose lowest natural is `c`: first copies above `c`, and jokers.
        let firsts = generator.first_copies & !((1u64 << c) - 1);
        generator.melds_with(c, (firsts | generator.by_face[52]) & all, &mut |m: HandMeld| out.push(m));
    }
    Ok(out)
}

/// The meld generator: melds containing a given natural, from a set of positions.
pub(crate) struct Generator<'a, F> {
    pub(crate) faces: &'a [F],
    rules: &'a MeldRules,
    /// Positions of each face (index 52: jokers).
    pub(crate) by_face: [u64; 53],
    /// Positions of all naturals.
    pub(crate) naturals: u64,
    /// Positions of the first (lowest) copy of each natural face in the hand.
    first_copies: u64,
}

#[derive(Clone, Copy)]
enum Slot {
    /// The natural the meld must contain, at this position.
    Given(u8),
    /// A natural available at this position.
    Natural(u8),
    /// No natural of this value: a joker must stand here.
    Missing,
}

impl<'a, F: Face> Generator<'a, F> {
    pub(crate) fn new(faces: &'a [F], rules: &'a MeldRules) -> Result<Self, AnalysisError> {
        if faces.len() > MAX_HAND {
            return Err(AnalysisError::TooManyPieces { len: faces.len(), max: MAX_HAND });
        }
        let mut by_face = [0u64; 53];
        let mut naturals = 0;
        for (i, f) in faces.iter().enumerate() {
            let idx = (f.index() as usize).min(52);
            by_face[idx] |= 1 << i;
            if idx < 52 {
                naturals |= 1 << i;
            }
        }
        let first_copies =
            by_face[..52].iter().filter(|&&m| m != 0).fold(0, |acc, m| acc | (m & m.wrapping_neg()));
        Ok(Generator { faces, rules, by_face, naturals, first_copies })
    }

    pub(crate) fn all_mask(&self) -> u64 {
        if self.faces.len() == 64 { u64::MAX } else { (1u64 << self.faces.len()) - 1 }
    }

    fn min_len(&self) -> usize {
        usize::from(self.rules.min_len.max(1))
    }

    /// Calls `emit` with every meld that contains natural position `c` and otherwise
    /// uses positions of `remaining` (for each face, its lowest copy in `remaining`).
    pub(crate) fn melds_with<E: FnMut(HandMeld)>(&self, c: usize, remaining: u64, emit: &mut E) {
        let idx = self.faces[c].index();
        if idx >= 52 {
            return;
        }
        let (suit, number) = (idx / 13, idx % 13 + 1);
        let remaining = remaining & !(1u64 << c);
        let jokers =
            if self.rules.jokers == JokerLimit::Forbidden { 0 } else { self.by_face[52] & remaining };
        self.groups_with(c, suit, number, remaining, jokers, emit);
        self.runs_with(c, suit, number, remaining, jokers, emit);
    }

    fn lowest(&self, suit: u8, number: u8, remaining: u64) -> Option<u8> {
        let m = self.by_face[(suit * 13 + number - 1) as usize] & remaining;
        (m != 0).then(|| m.trailing_zeros() as u8)
    }

    fn groups_with<E: FnMut(HandMeld)>(
        &self,
        c: usize,
        suit: u8,
        number: u8,
        remaining: u64,
        jokers: u64,
        emit: &mut E,
    ) {
        let max_len = usize::from(self.rules.max_group_len.min(4));
        let mut others = [0u8; 3];
        let mut n_others = 0;
        for t in 0..4 {
            if t != suit
                && let Some(p) = self.lowest(t, number, remaining)
            {
                others[n_others] = p;
                n_others += 1;
            }
        }
        let n_jokers = jokers.count_ones() as usize;
        for subset in 0u8..(1 << n_others) {
            let mut positions = [0u8; MAX_MELD_LEN];
            let mut len = 0;
            let mut mask = 1u64 << c;
            positions[0] = c as u8;
            len += 1;
            for (k, &p) in others[..n_others].iter().enumerate() {
                if subset & (1 << k) != 0 {
                    positions[len] = p;
                    len += 1;
                    mask |= 1 << p;
                }
            }
            positions[..len].sort_unstable();
            let mut jm = jokers;
            for j in 0..=n_jokers {
                if j > 0 {
                    let p = jm.trailing_zeros() as u8;
                    jm &= jm - 1;
                    positions[len] = p;
                    len += 1;
                    mask |= 1 << p;
                }
                if len > max_len {
                    break;
                }
                if len < self.min_len() {
                    continue;
                }
                let meld = HandMeld { kind: MeldKind::Group, len: len as u8, positions, mask };
                if j == 0 || self.valid(&meld) {
                    emit(meld);
                }
            }
        }
    }

    fn runs_with<E: FnMut(HandMeld)>(
        &self,
        c: usize,
        suit: u8,
        number: u8,
        remaining: u64,
        jokers: u64,
        emit: &mut E,
    ) {
        let n_jokers = jokers.count_ones() as usize;
        // Values a run may use: lo..=hi (14 = an ace above the king), or cyclic.
        let (lo, hi, cyclic) = match self.rules.ace {
            AcePolicy::Low => (1i16, 13i16, false),
            AcePolicy::High => (2, 14, false),
            AcePolicy::LowOrHigh => (1, 14, false),
            AcePolicy::RoundTheCorner => (-12, 26, true),
        };
        let mut values = [0i16; 2];
        let mut n_values = 0;
        let n = i16::from(number);
        if n >= lo && n <= hi {
            values[n_values] = n;
            n_values += 1;
        }
        if number == 1 && hi == 14 && !cyclic {
            values[n_values] = 14;
            n_values += 1;
        }
        let number_of = |v: i16| -> u8 { ((v - 1).rem_euclid(13) + 1) as u8 };
        let slot_of = |v: i16, cv: i16| -> Slot {
            if v == cv {
                Slot::Given(c as u8)
            } else {
                match self.lowest(suit, number_of(v), remaining) {
                    Some(p) => Slot::Natural(p),
                    None => Slot::Missing,
                }
            }
        };
        let max_len = MAX_MELD_LEN as i16;
        for &cv in &values[..n_values] {
            // An ace that is both 1 and 14 is the same run alone at either: listed at 1.
            let shortest = if cv == 14 && n_values == 2 { 2 } else { 1 };
            let mut missing_left = 0;
            let mut off = 0i16;
            while off < max_len && cv - off >= lo {
                if off > 0 && matches!(slot_of(cv - off, cv), Slot::Missing) {
                    missing_left += 1;
                }
                if missing_left > n_jokers {
                    break;
                }
                let start = cv - off;
                let mut missing = missing_left;
                let mut end = cv;
                let mut slots = [Slot::Missing; MAX_MELD_LEN];
                for (k, slot) in slots.iter_mut().enumerate().take((off + 1) as usize) {
                    *slot = slot_of(start + k as i16, cv);
                }
                loop {
                    let len = (end - start + 1) as usize;
                    if len >= self.min_len().max(shortest) {
                        let mut replace = [false; MAX_MELD_LEN];
                        self.choose(&slots[..len], jokers, n_jokers - missing, 0, &mut replace, emit);
                    }
                    end += 1;
                    if end > hi || end - start + 1 > max_len {
                        break;
                    }
                    let s = slot_of(end, cv);
                    if matches!(s, Slot::Missing) {
                        missing += 1;
                        if missing > n_jokers {
                            break;
                        }
                    }
                    slots[(end - start) as usize] = s;
                }
                off += 1;
            }
        }
    }

    /// Emits the run over `slots` with every choice of up to `extra` naturals replaced by
    /// jokers (beyond the jokers that fill the missing slots), replacing only at or after
    /// slot `from`.
    fn choose<E: FnMut(HandMeld)>(
        &self,
        slots: &[Slot],
        jokers: u64,
        extra: usize,
        from: usize,
        replace: &mut [bool; MAX_MELD_LEN],
        emit: &mut E,
    ) {
        self.build_run(slots, jokers, replace, emit);
        if extra == 0 {
            return;
        }
        for k in from..slots.len() {
            if matches!(slots[k], Slot::Natural(_)) {
                replace[k] = true;
                self.choose(slots, jokers, extra - 1, k + 1, replace, emit);
                replace[k] = false;
            }
        }
    }

    fn build_run<E: FnMut(HandMeld)>(
        &self,
        slots: &[Slot],
        jokers: u64,
        replace: &[bool; MAX_MELD_LEN],
        emit: &mut E,
    ) {
        let mut positions = [0u8; MAX_MELD_LEN];
        let mut mask = 0u64;
        let mut jm = jokers;
        let mut used_joker = false;
        for (k, slot) in slots.iter().enumerate() {
            let p = match *slot {
                Slot::Given(p) => p,
                Slot::Natural(p) if !replace[k] => p,
                _ => {
                    if jm == 0 {
                        return;
                    }
                    used_joker = true;
                    let p = jm.trailing_zeros() as u8;
                    jm &= jm - 1;
                    p
                }
            };
            positions[k] = p;
            mask |= 1 << p;
        }
        let meld = HandMeld { kind: MeldKind::Run, len: slots.len() as u8, positions, mask };
        if !used_joker || self.valid(&meld) {
            emit(meld);
        }
    }

    /// Checks joker limits (and everything else) with the one validator. Under
    /// [`JokerLimit::Unlimited`] the construction alone is valid (the brute-force tests
    /// check this), so the validator is skipped.
    fn valid(&self, meld: &HandMeld) -> bool {
        if self.rules.jokers == JokerLimit::Unlimited {
            return true;
        }
        let mut faces = [F::JOKER; MAX_MELD_LEN];
        for (f, &p) in faces.iter_mut().zip(meld.positions()) {
            *f = self.faces[p as usize];
        }
        Meld::new(meld.kind, &faces[..meld.len()], self.rules).is_ok()
    }
}
