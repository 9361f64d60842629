//! [`Meld`]: a validated group or run, its [`MeldKind`], [`JokerRole`] and [`MeldError`].

use core::fmt;

use thiserror::Error;

use crate::plural::plural;
use crate::{AcePolicy, Face, JokerLimit, MeldRules, NATURAL_FACES, RunEnd};

/// The most pieces a meld can hold: a run of thirteen.
///
/// ```
/// use rummykit_core::{MAX_MELD_LEN, Meld, MeldKind, MeldRules, Tile, parse_list};
/// let whole: Vec<Tile> = parse_list("r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13")?;
/// assert_eq!(whole.len(), MAX_MELD_LEN);
/// assert!(Meld::new(MeldKind::Run, &whole, &MeldRules::default()).is_ok());
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub const MAX_MELD_LEN: usize = 13;

/// Whether a meld is a group (same number, distinct suits) or a run (same suit,
/// consecutive numbers). It is stored, never re-inferred: `r5 J J` is valid as both,
/// and the kind decides which piece can later free a joker (`RULES.md` §0).
///
/// ```
/// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
/// let tiles: Vec<Tile> = parse_list("r5 J J")?;
/// let run = Meld::new(MeldKind::Run, &tiles, &MeldRules::default()).unwrap();
/// let group = Meld::new(MeldKind::Group, &tiles, &MeldRules::default()).unwrap();
/// assert_eq!(run.numbers().collect::<Vec<_>>(), vec![5, 6, 7]);
/// assert_eq!(group.numbers().collect::<Vec<_>>(), vec![5, 5, 5]);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MeldKind {
    /// Same number or rank, pairwise distinct colours or suits (a "set").
    Group,
    /// One colour or suit, consecutive numbers (a "sequence").
    Run,
}

impl MeldKind {
    /// The kind of meld `faces` form under `rules`, read in the order given as
    /// [`Meld::new`] reads them, or `None` if they form neither: one pass over the list
    /// for both kinds. A list valid as both (one natural and jokers, such as `r5 J J`,
    /// or one natural alone where [`MeldRules::min_len`] is 1) is a run, as
    /// [`Meld::infer`] and [`CardSet::meld_kind`](crate::CardSet::meld_kind) read it.
    ///
    /// The same answer as `Meld::new(MeldKind::Run, …).is_ok()`, then
    /// `Meld::new(MeldKind::Group, …).is_ok()`, under every rule set. A list of 3–5
    /// naturals, the usual meld of a hand, costs five table reads and one mask test,
    /// without a branch on the pieces; with jokers, the same reads and the joker
    /// rules; a list of another length one pass of the validator's that serves both
    /// kinds.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, MeldKind, MeldRules, Tile, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// assert_eq!(MeldKind::of(&parse_list::<Card>("9s 9d 9h")?, &rules), Some(MeldKind::Group));
    /// assert_eq!(MeldKind::of(&parse_list::<Card>("Qh Kh Ah")?, &rules), None); // the ace is low here
    /// let high = rules.with_ace(AcePolicy::LowOrHigh);
    /// assert_eq!(MeldKind::of(&parse_list::<Card>("Qh Kh Ah")?, &high), Some(MeldKind::Run));
    /// assert_eq!(MeldKind::of(&parse_list::<Card>("Kh Qh Ah")?, &high), None); // out of order
    /// // One natural and jokers: valid as both, read as a run.
    /// assert_eq!(MeldKind::of(&parse_list::<Tile>("r5 J J")?, &MeldRules::default()), Some(MeldKind::Run));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn of<F: Face>(faces: &[F], rules: &MeldRules) -> Option<MeldKind> {
        // Every path answers in the plain path's bits, turned into the answer once:
        // where the paths joined on an `Option`, the compiler branched on the plain
        // path's answer to build it. No branch: a batch of lists is about as often a
        // meld as not, and a caller asking `is_some()` keeps only `found != 0`.
        let found = plain_or_any(faces, rules);
        let kind = if found & PLAIN_STARTS != 0 { MeldKind::Run } else { MeldKind::Group };
        (found != 0).then_some(kind)
    }
}

/// Why a list of pieces is not a valid meld of the requested kind.
///
/// Indices are positions in the list that was given.
///
/// ```
/// use rummykit_core::{Meld, MeldError, MeldKind, MeldRules, Tile, parse_list};
/// let tiles: Vec<Tile> = parse_list("r12 r13 r1")?;
/// let err = Meld::new(MeldKind::Run, &tiles, &MeldRules::default()).unwrap_err();
/// assert_eq!(err, MeldError::WrapNotAllowed);
/// assert_eq!(err.to_string(), "a run may not turn the corner from the highest number to 1");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum MeldError {
    /// Fewer pieces than the rules' minimum.
    #[error("too short: {}, a meld needs at least {min}", plural(*len, "piece"))]
    TooShort {
        /// Pieces given.
        len: usize,
        /// Minimum length.
        min: usize,
    },
    /// More pieces than the kind allows (4 in a group, 13 in a run).
    #[error("too long: {len} pieces, at most {max} allowed")]
    TooLong {
        /// Pieces given.
        len: usize,
        /// Maximum length.
        max: usize,
    },
    /// Only jokers: the meld's number and suit would be undefined.
    #[error("a meld needs at least one natural piece")]
    NoNatural,
    /// Jokers are not part of this game.
    #[error("jokers are not allowed")]
    JokersNotAllowed,
    /// More jokers than the rules allow.
    #[error("too many jokers: {jokers}, at most {max} allowed here")]
    TooManyJokers {
        /// Jokers given.
        jokers: usize,
        /// Most allowed in this meld.
        max: usize,
    },
    /// Two jokers side by side in a run, under [`JokerLimit::NoAdjacent`].
    #[error("jokers side by side at position {index}")]
    AdjacentJokers {
        /// Position of the second joker.
        index: usize,
    },
    /// A group piece with a different number from the first natural.
    #[error("group mixes numbers: position {index} differs")]
    MixedNumbers {
        /// Position of the offending piece.
        index: usize,
    },
    /// A group with the same colour or suit twice.
    #[error("group repeats a colour or suit at position {index}")]
    RepeatedSuit {
        /// Position of the repeat.
        index: usize,
    },
    /// A run piece of another colour or suit than the first natural.
    #[error("run mixes colours or suits: position {index} differs")]
    MixedSuits {
        /// Position of the offending piece.
        index: usize,
    },
    /// A run piece that does not follow on (a gap, a repeat or the wrong order).
    #[error("run is not consecutive at position {index}")]
    NotConsecutive {
        /// Position of the first piece that does not follow on.
        index: usize,
    },
    /// The jokers would have to stand below the lowest or above the highest number.
    #[error("run runs off the end: a joker would stand outside the allowed numbers")]
    OutOfBounds,
    /// A 1 (ace) after the 13 (king): `12-13-1`, `Q-K-A` where aces are only low, or
    /// `K-A-2` where runs may not turn the corner.
    #[error("a run may not turn the corner from the highest number to 1")]
    WrapNotAllowed,
    /// An ace below a 2 where aces are only high (`A-2-3` in Rummy 40).
    #[error("an ace may not be low here (only Q-K-A)")]
    AceLowNotAllowed,
}

/// What a joker in a validated meld stands for.
///
/// ```
/// use rummykit_core::{JokerRole, Meld, MeldKind, MeldRules, Tile, parse_list};
/// let rules = MeldRules::default();
/// let run = Meld::new(MeldKind::Run, &parse_list::<Tile>("r4 J r6")?, &rules).unwrap();
/// assert_eq!(run.joker_role(1), Some(JokerRole::Exactly("r5".parse()?)));
/// let group = Meld::new(MeldKind::Group, &parse_list::<Tile>("r5 b5 J")?, &rules).unwrap();
/// // yellow (bit 2) or black (bit 3)
/// assert_eq!(group.joker_role(2), Some(JokerRole::OneOf { number: 5, suits: 0b1100 }));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JokerRole<F> {
    /// Exactly this face: any joker in a run, or the one missing colour of a group.
    Exactly(F),
    /// The `number` in any colour or suit of the `suits` bitmask (bit `i` = suit index `i`):
    /// a group with two or more colours missing.
    OneOf {
        /// The group's number.
        number: u8,
        /// Bitmask of the suits the joker may stand for.
        suits: u8,
    },
}

/// A validated meld: its kind, its pieces in order, and what each joker stands for.
///
/// Construction is the only validation there is; a `Meld` value is always valid under
/// the rules it was built with. It is `Copy`, stores its faces inline (no allocation)
/// and is generic over [`Tile`](crate::Tile) and [`Card`](crate::Card).
///
/// ```
/// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
/// let tiles: Vec<Tile> = parse_list("J b2 b3 J")?;
/// let run = Meld::new(MeldKind::Run, &tiles, &MeldRules::default()).unwrap();
/// assert_eq!(run.numbers().collect::<Vec<_>>(), vec![1, 2, 3, 4]);
/// assert_eq!(run.to_string(), "J b2 b3 J");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Meld<F> {
    kind: MeldKind,
    len: u8,
    /// Run: the suit index. Group: bitmask of the natural suits present.
    suit: u8,
    /// Run: the value at position 0 (1–14; 14 is a high ace). Group: the number.
    first: u8,
    faces: [F; MAX_MELD_LEN],
}

impl<F: Face> Meld<F> {
    /// Validates `faces` as a meld of `kind` under `rules`.
    ///
    /// A run is read in the order given: a joker's position fixes what it stands for
    /// (`J r2 r3` is 1-2-3, `r2 r3 J` is 2-3-4). A group's order does not matter.
    /// A list of 3–5 naturals, the usual meld of a hand, is decided by the table reads
    /// of [`MeldKind::of`]; a caller who only asks `is_ok()` pays for nothing more.
    ///
    /// # Errors
    ///
    /// The first [`MeldError`] found: length, then jokers, then the kind's structure.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldError, MeldKind, MeldRules, Tile, parse_list};
    /// let rules = MeldRules::default();
    /// let ok: Vec<Tile> = parse_list("k13 r13 J")?;
    /// assert!(Meld::new(MeldKind::Group, &ok, &rules).is_ok());
    /// let twice: Vec<Tile> = parse_list("k13 r13 k13")?;
    /// assert_eq!(Meld::new(MeldKind::Group, &twice, &rules),
    ///            Err(MeldError::RepeatedSuit { index: 2 }));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    // Always inlined into the caller: as a call, the returned `Result` (with the meld's
    // faces copied into it) moves through memory, which took 15.5 instead of 9.4 ns per
    // meld in benches/meld.rs, where a second call site made `#[inline]` give up. Inline,
    // a caller that only asks `is_ok()` pays neither for the copy nor for naming the
    // error. Everything rare is in cold functions.
    #[inline(always)]
    pub fn new(kind: MeldKind, faces: &[F], rules: &MeldRules) -> Result<Self, MeldError> {
        if let Some(all) = plain_naturals(faces, rules) {
            // 3-5 naturals, the usual meld of a hand: decided by the word
            // `MeldKind::of` reads, the meld read off it, the error inline.
            let kind_bits = match kind {
                MeldKind::Group => PLAIN_NUMBERS,
                MeldKind::Run => PLAIN_STARTS,
            };
            let found = plain_found(all, faces.len(), rules) & kind_bits;
            return if found != 0 {
                Ok(plain_meld(faces, all, found))
            } else {
                Err(plain_error(kind, faces, all, rules))
            };
        }
        Meld::new_any(kind, faces, rules)
    }

    /// [`Meld::new`] for any list: the validator's single pass, the exact checks where
    /// the jokers fail it.
    #[inline(always)]
    fn new_any(kind: MeldKind, faces: &[F], rules: &MeldRules) -> Result<Self, MeldError> {
        let len = faces.len();
        check_len(kind, len, rules)?;
        // One pass of bit operations decides. If the jokers fail, the exact checks (cold)
        // find the first error in the order documented above; if the naturals alone or
        // the structure fail, inline code names it, which the compiler drops for a
        // caller who only asks `is_ok()`. The meld itself is built in one place.
        let pass = Pass::over(kind, faces, rules.ace);
        if pass.broken(kind, rules.ace) {
            // Most invalid lists: their naturals alone break the structure.
            return Err(broken_error(kind, faces, rules, &pass));
        }
        let (suit, first) = if !pass.jokers_ok(kind, faces, rules) {
            check_exact(kind, faces, rules)?
        } else {
            match pass.accept(kind, len, rules.ace) {
                Some(found) => found,
                None => return Err(structure_error(kind, faces, rules.ace, &pass)),
            }
        };
        Ok(Meld::stored(kind, faces, suit, first))
    }

    /// The meld of already validated `faces` (at most [`MAX_MELD_LEN`]).
    #[inline]
    fn stored(kind: MeldKind, faces: &[F], suit: u8, first: u8) -> Self {
        let mut stored = [F::JOKER; MAX_MELD_LEN];
        stored[..faces.len()].copy_from_slice(faces);
        Meld { kind, len: faces.len() as u8, suit, first, faces: stored }
    }

    /// Validates `faces` as whichever kind fits, for callers (a UI, a player typing)
    /// who do not name the kind. A list valid as both (one natural and jokers, such as
    /// `r5 J J`, or one natural alone where [`MeldRules::min_len`] is 1) becomes a run,
    /// as [`CardSet::meld_kind`](crate::CardSet::meld_kind) reads it; use [`Meld::new`]
    /// to choose. A list of 3–5 naturals costs what [`MeldKind::of`] costs, and a caller
    /// who only asks `is_ok()` pays for the decision alone, never for naming the error.
    ///
    /// # Errors
    ///
    /// When neither kind fits: the group's error if the naturals share a number (and
    /// there are at least two), else the run's error.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// let rules = MeldRules::default();
    /// let g = Meld::infer(&parse_list::<Tile>("r5 b5 k5")?, &rules).unwrap();
    /// assert_eq!(g.kind(), MeldKind::Group);
    /// let r = Meld::infer(&parse_list::<Tile>("r5 J J")?, &rules).unwrap();
    /// assert_eq!(r.kind(), MeldKind::Run);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    // Inline, as `new`: a caller who only asks `is_ok()` of a list of 3-5 naturals pays
    // for the decision alone (five table reads and a mask test); other lists go out of line.
    #[inline(always)]
    pub fn infer(faces: &[F], rules: &MeldRules) -> Result<Self, MeldError> {
        if let Some(all) = plain_naturals(faces, rules) {
            let found = plain_found(all, faces.len(), rules);
            if found != 0 {
                return Ok(plain_meld(faces, all, found));
            }
            // Neither kind: a group's error if every natural has the same number.
            let kind = if !all & PLAIN_NUMBERS != 0 { MeldKind::Group } else { MeldKind::Run };
            return Err(plain_error(kind, faces, all, rules));
        }
        Meld::infer_any(faces, rules)
    }

    /// [`Meld::infer`] for any list: the kind [`MeldKind::of`] finds, else both
    /// validations to name the error.
    #[inline(never)]
    fn infer_any(faces: &[F], rules: &MeldRules) -> Result<Self, MeldError> {
        // `new_any`, not `new`: `infer` comes here only for lists off the plain path,
        // which `new` would test for again.
        if let Some(kind) = MeldKind::of(faces, rules) {
            return Meld::new_any(kind, faces, rules);
        }
        // Neither fits: both validations only to say why, in the kind the list looks like.
        let run = Meld::new_any(MeldKind::Run, faces, rules);
        let group = Meld::new_any(MeldKind::Group, faces, rules);
        let mut naturals = faces.iter().filter_map(|f| f.number());
        let first = naturals.next();
        let mut rest = naturals.peekable();
        if rest.peek().is_some() && rest.all(|n| Some(n) == first) { group } else { run }
    }

    /// The meld with `face` laid off at `end`: before the first piece or after the last
    /// of a run; at the back of a group (which is unordered, so `end` is ignored).
    ///
    /// # Errors
    ///
    /// The validator's [`MeldError`] for the longer meld (e.g. [`MeldError::TooLong`]).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, RunEnd, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("5h 6h 7h")?, &rules).unwrap();
    /// let longer = run.extended("4h".parse()?, RunEnd::Front, &rules).unwrap();
    /// assert_eq!(longer.to_string(), "4h 5h 6h 7h");
    /// assert!(run.extended("4h".parse()?, RunEnd::Back, &rules).is_err());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn extended(&self, face: F, end: RunEnd, rules: &MeldRules) -> Result<Meld<F>, MeldError> {
        let len = self.len();
        if len >= MAX_MELD_LEN {
            return Err(MeldError::TooLong { len: len + 1, max: MAX_MELD_LEN });
        }
        // Copies of the whole array, of a length known at compile time (no call):
        // past the pieces a stored meld holds jokers, and so does the copy.
        let mut faces = self.faces;
        if end == RunEnd::Front && self.kind == MeldKind::Run {
            faces[0] = face;
            faces[1..].copy_from_slice(&self.faces[..MAX_MELD_LEN - 1]);
        } else {
            faces[len] = face;
        }
        // A natural that continues the meld as it is read, or a joker where they are
        // unlimited: its (suit, first) follow from this meld's without reading the
        // other pieces again. Anything else (a card that does not fit, a limited joker,
        // round the corner) goes to the validator.
        if let Some((suit, first)) = self.extended_plainly(face, end, rules) {
            return Ok(Meld { kind: self.kind, len: self.len + 1, suit, first, faces });
        }
        Meld::new(self.kind, &faces[..=len], rules)
    }

    /// Whether `face` may be laid off at `end`: the same answer as
    /// [`Meld::extended`]`(..).is_ok()`, cheaper where only the answer is wanted (the
    /// longer meld is not built, and a natural that plainly does not fit is refused
    /// without the validator).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, RunEnd, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("5h 6h 7h")?, &rules).unwrap();
    /// assert!(run.extends("4h".parse()?, RunEnd::Front, &rules));
    /// assert!(!run.extends("4h".parse()?, RunEnd::Back, &rules));
    /// assert!(!run.extends("8s".parse()?, RunEnd::Back, &rules));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn extends(&self, face: F, end: RunEnd, rules: &MeldRules) -> bool {
        if self.len() >= MAX_MELD_LEN {
            return false;
        }
        match self.extends_plainly(face, end, rules) {
            Some(answer) => answer,
            None => self.extended(face, end, rules).is_ok(),
        }
    }

    /// Whether `face` at `end` plainly fits ([`Meld::extended_plainly`]) or plainly does
    /// not; `None` leaves the answer to the validator. A valid meld holds a natural,
    /// which fixes a group's rank, or a run's suit and its start modulo 13, whatever
    /// rules the meld was made under: a piece past the group's cap, or a natural of
    /// another rank or of a suit the group holds, is refused; so is a natural of another
    /// suit than the run's or out of its count (modulo 13, so an ace high or low and
    /// round the corner alike), or any piece that puts the run's start out of the
    /// bounds (a start counted modulo 13 from the meld's own: two starts 13 apart cannot
    /// both hold once the run has two pieces).
    #[inline]
    fn extends_plainly(&self, face: F, end: RunEnd, rules: &MeldRules) -> Option<bool> {
        if self.extended_plainly(face, end, rules).is_some() {
            return Some(true);
        }
        let idx = face.index();
        let joker = idx == F::JOKER.index();
        if idx >= 52 && !joker {
            return None;
        }
        let (suit, number) = (idx / 13, idx % 13 + 1);
        let len = u32::from(self.len) + 1;
        match self.kind {
            MeldKind::Group => (len > u32::from(rules.max_group_len)
                || !joker && (self.first != number || self.suit & (1 << suit) != 0))
                .then_some(false),
            MeldKind::Run => {
                let first = u32::from(self.first);
                // The longer run's start plus 13 (never below zero), and the value the
                // face stands for.
                let start = first + if end == RunEnd::Back { 13 } else { 12 };
                let at = if end == RunEnd::Back { first + len - 1 } else { start };
                if !joker && (self.suit != suit || at % 13 != u32::from(number) % 13) {
                    return Some(false);
                }
                if rules.ace == AcePolicy::RoundTheCorner || len < 3 {
                    return None;
                }
                let (lo, hi) = run_bounds(rules.ace);
                // The lowest start within the bounds equal to `start` modulo 13.
                let lowest = lo + (start - lo) % 13;
                (lowest + len - 1 > hi).then_some(false)
            }
        }
    }

    /// The (suit, first) of this meld with `face` laid off at `end`, if it plainly fits
    /// under `rules`: a natural that continues it, or a joker where jokers are
    /// unlimited; `None` leaves the answer to [`Meld::new`], which it equals
    /// (`extended_agrees_with_the_validator`). The meld may have been made under other
    /// rules, so the length and the bounds are asked again; a natural added breaks no
    /// joker limit the meld met, asked only where jokers are limited. A valid meld holds
    /// a natural, so a run of two pieces or more has one start within the bounds, and a
    /// start that holds is `first`.
    #[inline(always)]
    fn extended_plainly(&self, face: F, end: RunEnd, rules: &MeldRules) -> Option<(u8, u8)> {
        let idx = face.index();
        let joker = idx == F::JOKER.index();
        if (idx >= 52 && !joker) || usize::from(self.len) + 1 < usize::from(rules.min_len.max(1)) {
            return None;
        }
        if rules.jokers != JokerLimit::Unlimited && (joker || self.faces().iter().any(|f| f.is_joker())) {
            return None;
        }
        let (suit, number) = (idx / 13, idx % 13 + 1);
        let len = u32::from(self.len);
        match self.kind {
            MeldKind::Group => {
                let fits = len < u32::from(rules.max_group_len.min(4))
                    && (joker || (self.first == number && self.suit & (1 << suit) == 0));
                let suits = if joker { self.suit } else { self.suit | 1 << suit };
                fits.then_some((suits, self.first))
            }
            MeldKind::Run => {
                if rules.ace == AcePolicy::RoundTheCorner || (!joker && self.suit != suit) {
                    return None;
                }
                let (lo, hi) = run_bounds(rules.ace);
                let first = u32::from(self.first);
                // The new run's first and last values, within the bounds.
                let (start, last) = match end {
                    RunEnd::Back => (first, first + len),
                    RunEnd::Front => (first.checked_sub(1)?, first + len - 1),
                };
                if start < lo || last > hi {
                    return None;
                }
                // The value the new piece stands for (a joker any); an ace 1 or 14.
                let at = if end == RunEnd::Back { last } else { start };
                let number = u32::from(number);
                (joker || number == at || (number == 1 && at == 14)).then_some((self.suit, start as u8))
            }
        }
    }

    /// The kind, as declared.
    ///
    /// ```
    /// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// let m = Meld::new(MeldKind::Run, &parse_list::<Tile>("J b2 b3")?, &MeldRules::default()).unwrap();
    /// assert_eq!(m.kind(), MeldKind::Run);
    /// assert_eq!((m.len(), m.jokers(), m.is_empty()), (3, 1, false));
    /// assert_eq!(m.faces()[1], "b2".parse()?);
    /// assert_eq!((m.run_suit(), m.group_suits()), (Some(1), None)); // blue
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn kind(&self) -> MeldKind {
        self.kind
    }

    /// The pieces, in order.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("* 4d 5d 6d")?, &rules).expect("valid");
    /// assert_eq!(rummykit_core::format_list(run.faces()), "* 4d 5d 6d"); // as given: the joker is the 3
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn faces(&self) -> &[F] {
        &self.faces[..self.len as usize]
    }

    /// Number of pieces.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("* 4d 5d 6d")?, &rules).expect("valid");
    /// assert_eq!(run.len(), 4);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// `false`: a valid meld has at least one piece.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("* 4d 5d 6d")?, &rules).expect("valid");
    /// assert!(!run.is_empty());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Number of jokers.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("* 4d 5d 6d")?, &rules).expect("valid");
    /// assert_eq!(run.jokers(), 1);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn jokers(&self) -> usize {
        self.faces().iter().filter(|f| f.is_joker()).count()
    }

    /// The suit (colour) index of a run; `None` for a group.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Unlimited);
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("* 4d 5d 6d")?, &rules).expect("valid");
    /// use rummykit_core::Suit;
    /// assert_eq!(run.run_suit(), Some(Suit::Diamonds.index()));
    /// let group = Meld::new(MeldKind::Group, &parse_list::<Card>("9c 9d 9s")?, &rules).expect("valid");
    /// assert_eq!(group.run_suit(), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn run_suit(&self) -> Option<u8> {
        (self.kind == MeldKind::Run).then_some(self.suit)
    }

    /// Bitmask of the suits (colours) present among a group's naturals; `None` for a run.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let m = Meld::new(MeldKind::Group, &parse_list::<Card>("7h 7s *")?, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)).unwrap();
    /// assert_eq!(m.group_suits(), Some(0b1100)); // hearts (2) and spades (3)
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn group_suits(&self) -> Option<u8> {
        (self.kind == MeldKind::Group).then_some(self.suit)
    }

    /// The value at position `index`: a group's number; in a run the number counted from
    /// its start, where 14 is an ace above a king (under [`AcePolicy::RoundTheCorner`] the
    /// count wraps back to 1). `None` past the end.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("Qs * As")?, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited)).unwrap();
    /// assert_eq!(run.value_at(2), Some(14));
    /// assert_eq!(run.value_at(1), Some(13));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn value_at(&self, index: usize) -> Option<u8> {
        value_at(self.kind, self.first, self.len as usize, index)
    }

    /// The number (1–13) each position stands for, jokers included.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, JokerLimit, Meld, MeldKind, MeldRules, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(AcePolicy::RoundTheCorner);
    /// let m = Meld::new(MeldKind::Run, &parse_list::<Card>("Qh Kh Ah 2h")?, &rules).unwrap();
    /// assert_eq!(m.numbers().collect::<Vec<_>>(), vec![12, 13, 1, 2]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn numbers(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.len()).map(|i| {
            let v = self.value_at(i).unwrap_or(0);
            if v > 13 { v - 13 } else { v }
        })
    }

    /// What the joker at `index` stands for; `None` if that piece is not a joker.
    /// A run's joker is exactly the face at its position; a group's joker is the missing
    /// colour when one is missing, else one of the missing colours (`RULES.md` §0).
    ///
    /// ```
    /// use rummykit_core::{JokerRole, Meld, MeldKind, MeldRules, Tile, parse_list};
    /// let rules = MeldRules::default();
    /// let four = Meld::new(MeldKind::Group, &parse_list::<Tile>("r13 b13 J k13")?, &rules).unwrap();
    /// assert_eq!(four.joker_role(2), Some(JokerRole::Exactly("y13".parse()?)));
    /// assert_eq!(four.joker_role(0), None); // a natural
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn joker_role(&self, index: usize) -> Option<JokerRole<F>> {
        if !self.faces().get(index)?.is_joker() {
            return None;
        }
        match self.kind {
            MeldKind::Run => {
                let n = self.numbers().nth(index)?;
                F::natural(self.suit, n).map(JokerRole::Exactly)
            }
            MeldKind::Group => {
                let missing = !self.suit & 0xF;
                if missing.count_ones() == 1 {
                    F::natural(missing.trailing_zeros() as u8, self.first).map(JokerRole::Exactly)
                } else {
                    Some(JokerRole::OneOf { number: self.first, suits: missing })
                }
            }
        }
    }
}

/// The value at `index` of a meld of `kind` and `len` pieces whose first piece has value
/// `first`: one rule for [`Meld`] and [`FaceMeld`](crate::FaceMeld), so the two agree
/// (a run past the king goes on from the ace, round the corner).
#[inline(always)]
pub(crate) fn value_at(kind: MeldKind, first: u8, len: usize, index: usize) -> Option<u8> {
    if index >= len {
        return None;
    }
    Some(match kind {
        MeldKind::Group => first,
        MeldKind::Run => {
            let v = first + index as u8;
            if v > 14 { v - 13 } else { v }
        }
    })
}

/// The first check of every validation: the length against the rules' bounds (a group
/// never holds more than four).
#[inline(always)]
fn check_len(kind: MeldKind, len: usize, rules: &MeldRules) -> Result<(), MeldError> {
    let min = rules.min_len.max(1) as usize;
    if len < min {
        return Err(MeldError::TooShort { len, min });
    }
    let max = match kind {
        MeldKind::Group => rules.max_group_len.min(4) as usize,
        MeldKind::Run => MAX_MELD_LEN,
    };
    if len > max {
        return Err(MeldError::TooLong { len, max });
    }
    Ok(())
}

/// The reference validator: every check in order, so the first error found is the one
/// reported (length, then jokers, then the kind's structure); returns what the meld
/// stores as (suit, first). [`Meld::new`] calls it only when the jokers fail the rules.
#[cold]
#[inline(never)]
fn check_exact<F: Face>(kind: MeldKind, faces: &[F], rules: &MeldRules) -> Result<(u8, u8), MeldError> {
    let len = faces.len();
    check_len(kind, len, rules)?;
    let mut jokers = 0;
    for (i, f) in faces.iter().enumerate() {
        if f.is_joker() {
            if rules.jokers == JokerLimit::NoAdjacent
                && kind == MeldKind::Run
                && i > 0
                && faces[i - 1].is_joker()
            {
                return Err(MeldError::AdjacentJokers { index: i });
            }
            jokers += 1;
        }
    }
    let naturals = len - jokers;
    if naturals == 0 {
        return Err(MeldError::NoNatural);
    }
    match rules.jokers {
        JokerLimit::Forbidden if jokers > 0 => return Err(MeldError::JokersNotAllowed),
        JokerLimit::AtMost(n) if jokers > n as usize => {
            return Err(MeldError::TooManyJokers { jokers, max: n as usize });
        }
        JokerLimit::NotMoreThanNaturals if jokers > naturals => {
            return Err(MeldError::TooManyJokers { jokers, max: naturals });
        }
        _ => {}
    }
    match kind {
        MeldKind::Group => check_group(faces),
        MeldKind::Run => check_run(faces, rules.ace),
    }
}

/// The error [`check_exact`] finds in a list of valid length whose naturals alone break
/// the structure ([`Pass::broken`]): the jokers' first, else the structure's. Inline and
/// without a call, so that a caller who never reads it does not compute it.
#[inline(always)]
fn broken_error<F: Face>(kind: MeldKind, faces: &[F], rules: &MeldRules, pass: &Pass) -> MeldError {
    joker_error(kind, faces, rules).unwrap_or_else(|| structure_error(kind, faces, rules.ace, pass))
}

/// The joker checks of [`check_exact`], in its order, without an early exit from the
/// loop (see [`structure_error`]): `None` if the jokers pass.
#[inline(always)]
fn joker_error<F: Face>(kind: MeldKind, faces: &[F], rules: &MeldRules) -> Option<MeldError> {
    let (mut jokers, mut adjacent, mut previous) = (0, 0u32, false);
    for (i, f) in faces.iter().enumerate() {
        let joker = f.is_joker();
        jokers += usize::from(joker);
        adjacent |= u32::from(joker & previous) << i;
        previous = joker;
    }
    if rules.jokers == JokerLimit::NoAdjacent && kind == MeldKind::Run && adjacent != 0 {
        return Some(MeldError::AdjacentJokers { index: adjacent.trailing_zeros() as usize });
    }
    let naturals = faces.len() - jokers;
    match rules.jokers {
        _ if naturals == 0 => Some(MeldError::NoNatural),
        JokerLimit::Forbidden if jokers > 0 => Some(MeldError::JokersNotAllowed),
        JokerLimit::AtMost(n) if jokers > usize::from(n) => {
            Some(MeldError::TooManyJokers { jokers, max: usize::from(n) })
        }
        JokerLimit::NotMoreThanNaturals if jokers > naturals => {
            Some(MeldError::TooManyJokers { jokers, max: naturals })
        }
        _ => None,
    }
}

/// The error [`check_group`] or [`check_run`] finds in a list whose length and jokers
/// passed and whose structure the pass rejected (the pass accepts every valid list, so
/// there is one). Inline, and with no call, no panic and no early exit from a loop but
/// in rare cases, so that a caller who never reads the error (`is_ok()`) does not
/// compute it: the compiler deletes a loop whose results nobody reads only if it has
/// one way out.
#[inline(always)]
fn structure_error<F: Face>(kind: MeldKind, faces: &[F], ace: AcePolicy, pass: &Pass) -> MeldError {
    match kind {
        MeldKind::Group => group_error(faces),
        MeldKind::Run => run_error(faces, ace, pass),
    }
}

/// The error [`check_group`] finds in a group that the pass rejected: the first
/// position whose number differs from the first natural's, or whose suit came before
/// (the number is checked first at each position).
#[inline(always)]
fn group_error<F: Face>(faces: &[F]) -> MeldError {
    let (mut number, mut seen) = (0u8, 0u32);
    let (mut mixed, mut repeated) = (0u32, 0u32);
    for (i, f) in faces.iter().enumerate() {
        let idx = f.index();
        // No `continue` for a joker: the compiler left such a loop behind, empty.
        let natural = idx < 52;
        let (s, n) = (idx / 13, idx % 13 + 1);
        if natural && number == 0 {
            number = n;
        }
        mixed |= u32::from(natural & (n != number)) << i;
        repeated |= u32::from(natural & (seen >> s & 1 == 1)) << i;
        seen |= u32::from(natural) << s;
    }
    let index = (mixed | repeated).trailing_zeros() as usize;
    if mixed >> index & 1 == 1 {
        MeldError::MixedNumbers { index }
    } else {
        MeldError::RepeatedSuit { index }
    }
}

/// The error [`check_run`] finds in a run that the pass rejected and whose jokers
/// passed the rules, in one loop from the first natural: the first piece of another
/// suit; else the first piece off the line (or the ring) its start gives, where an ace
/// may also stand for 14 on a line and a line whose pieces all fit the ring has turned
/// the corner. A run of one suit whose pieces all fit some start on the line fails only
/// the bounds or the ace rules: rare, and left to [`check_run`] in a cold function.
#[inline(always)]
fn run_error<F: Face>(faces: &[F], ace: AcePolicy, pass: &Pass) -> MeldError {
    let ring = ace == AcePolicy::RoundTheCorner;
    let suits = pass.suits();
    if !ring && suits & suits.wrapping_sub(1) == 0 && pass.starts != 0 {
        return bounds_error(faces, ace);
    }
    run_break(faces, ring)
}

/// [`run_error`] for a run whose naturals fit no start on the line (or are of two
/// suits): the first piece of another suit, else the first off the line or the ring.
#[inline(always)]
fn run_break<F: Face>(faces: &[F], ring: bool) -> MeldError {
    // The first natural's suit and the start it gives; positions of another suit, off
    // the line and off the ring (a value 13 above or below its number is the same there).
    let (mut suit, mut start) = (u8::MAX, 0i32);
    let (mut mixed, mut off_line, mut off_ring) = (0u32, 0u32, 0u32);
    for (i, f) in faces.iter().enumerate() {
        let idx = f.index();
        // No `continue` for a joker: the compiler left such a loop behind, empty.
        let natural = idx < 52;
        let (s, n) = (idx / 13, i32::from(idx % 13 + 1));
        if natural && suit == u8::MAX {
            (suit, start) = (s, n - i as i32);
        }
        let v = start + i as i32;
        let d = v - n;
        mixed |= u32::from(natural & (s != suit)) << i;
        off_line |= u32::from(natural & (d != 0) & !(n == 1 && v == 14)) << i;
        off_ring |= u32::from(natural & (d != 0) & (d != 13) & (d != -13)) << i;
    }
    if mixed != 0 {
        MeldError::MixedSuits { index: mixed.trailing_zeros() as usize }
    } else if ring {
        MeldError::NotConsecutive { index: off_ring.trailing_zeros() as usize }
    } else if off_ring != 0 {
        MeldError::NotConsecutive { index: off_line.trailing_zeros() as usize }
    } else {
        MeldError::WrapNotAllowed
    }
}

/// [`check_run`]'s error for a run on a line that the pass rejected although all its
/// naturals, of one suit, fit some start: a bound or the ace rules.
#[cold]
#[inline(never)]
fn bounds_error<F: Face>(faces: &[F], ace: AcePolicy) -> MeldError {
    match check_run(faces, ace) {
        Err(error) => error,
        // Not reached: the pass accepts every valid run.
        Ok(_) => MeldError::OutOfBounds,
    }
}

// What the validator's single pass knows about a face, packed in a `u64` and looked up by
// the face's dense index (every `u8`, so no bounds check). An index past the joker, which
// a `Face` never returns, looks like a joker to the pass but not to `Face::is_joker`: as
// the exact checks do, the structure checks skip it, and counted as a joker it can only
// make the joker checks stricter, sending the list to the exact checks.
/// Bits 0–31: the run starts (values at position 0) the face allows at position 0; a
/// joker allows all. On a line ([`LINE`]) bit `OFF + s` is start `s` (`1 - 12` to 14);
/// round the corner ([`RING`]) bits `k` and `k + 13` are start `k + 1`. The pass rotates
/// them by the position, so that the starts every piece allows are an AND.
const OFF: u32 = 12;
/// Bits 32–44, ORed: `1 << (number - 1)` for a natural.
const NUMBER_SHIFT: u32 = 32;
/// Bits 48–63, added up: a 4-bit count per suit (a meld has at most 13 pieces), so a
/// natural of suit `s` holds `1 << (4 * s)` there. Jokers count in none. The pass adds
/// whole entries: the bits below sum to less than `2^48` (13 entries of less than
/// `2^32` and `2^44` each), so they never carry into the counts.
const COUNT_SHIFT: u32 = 48;

/// The pass's table; `ring` selects the round-the-corner start bits.
const fn face_bits(ring: bool) -> [u64; 256] {
    let mut table = [u32::MAX as u64; 256];
    let mut i = 0;
    while i < NATURAL_FACES {
        let n = (i % 13 + 1) as u32;
        let starts: u32 = if ring {
            (1 << (n - 1)) | (1 << (n + 12))
        } else {
            (1 << (OFF + n)) | if n == 1 { 1 << (OFF + 14) } else { 0 }
        };
        table[i] = starts as u64 | (1 << (NUMBER_SHIFT + n - 1)) | (1 << (COUNT_SHIFT + 4 * (i / 13) as u32));
        i += 1;
    }
    table
}

/// [`face_bits`] with run starts on a line (every [`AcePolicy`] but round the corner).
const LINE: [u64; 256] = face_bits(false);
/// [`face_bits`] with run starts on a ring ([`AcePolicy::RoundTheCorner`]).
const RING: [u64; 256] = face_bits(true);

// [`MeldKind::of`]'s plain path: what a natural at a position (0-4) tells of both kinds,
// in one word, ORed over the list. Bits 6-9: its suit (`1 << (6 + s)`), placed so that
// the suits present select a row of [`PLAIN_WANTED`] by a mask alone. Bits 10-23: the
// run starts (values at position 0, 1-14) it does *not* allow at its position. Bits
// 24-36: the numbers it does *not* have. The complements make an OR an AND: the starts
// every piece allows, the number every piece has. Bit 63: a piece that is not a
// natural; bit `40 + p` a joker at position `p` (it allows every start and number and
// has no suit), bit 62 an index past the joker, which no `Face` returns (the general
// path takes it).
/// Lists of 3 to this many pieces take the plain path.
const PLAIN_POSITIONS: usize = 5;
/// Bits 6-9 of a [`PLAIN_BITS`] entry: the suit.
const PLAIN_SUITS: u64 = 0xF << 6;
/// Bits 10-23 of a [`PLAIN_BITS`] entry: the run starts 1-14 (bit `9 + s`).
const PLAIN_STARTS: u64 = 0x3FFF << 10;
/// Bits 24-36 of a [`PLAIN_BITS`] entry: the numbers (bit `23 + n`).
const PLAIN_NUMBERS: u64 = 0x1FFF << 24;
/// Bit 63 of a [`PLAIN_BITS`] entry: not a natural.
const PLAIN_JOKER: u64 = 1 << 63;
/// Bit 62 of a [`PLAIN_BITS`] entry: an index past the joker.
const PLAIN_ODD: u64 = 1 << 62;
/// Bits 40-44 of a [`PLAIN_BITS`] entry: a joker, at position `bit - 40`.
const PLAIN_JOKER_AT: u32 = 40;

/// [`PLAIN_BITS`] for a line (`ring` false) or round the corner.
const fn plain_bits(ring: bool) -> [[u64; 256]; PLAIN_POSITIONS] {
    let mut table = [[PLAIN_JOKER | PLAIN_ODD; 256]; PLAIN_POSITIONS];
    let mut position = 0;
    while position < PLAIN_POSITIONS {
        table[position][NATURAL_FACES] = PLAIN_JOKER | 1 << (PLAIN_JOKER_AT + position as u32);
        let mut i = 0;
        while i < NATURAL_FACES {
            let (s, n, p) = ((i / 13) as u32, (i % 13 + 1) as i32, position as i32);
            // The start this number gives at this position (none below 1 on a line).
            let start = if ring { (n - 1 - p).rem_euclid(13) + 1 } else { n - p };
            let mut starts = 0u64;
            if start >= 1 {
                starts |= 1 << (9 + start);
            }
            // On a line an ace also stands for 14, after the king.
            if !ring && n == 1 {
                starts |= 1 << (9 + 14 - p);
            }
            let number = 1u64 << (23 + n);
            table[position][i] = (1 << (6 + s)) | (!starts & PLAIN_STARTS) | (!number & PLAIN_NUMBERS);
            i += 1;
        }
        position += 1;
    }
    table
}

/// [`plain_bits`] on a line (every [`AcePolicy`] but round the corner), then on a ring.
static PLAIN_BITS: [[[u64; 256]; PLAIN_POSITIONS]; 2] = [plain_bits(false), plain_bits(true)];

/// The lowest and highest numbers a run may span under `ace` on a line (14: an ace
/// after the king); round the corner, every start 1-13 is in bounds whatever the length.
/// [`PLAIN_WANTED`] and [`Pass::accept`] both read them, so the two paths cannot drift.
#[inline(always)]
const fn run_bounds(ace: AcePolicy) -> (u32, u32) {
    match ace {
        AcePolicy::Low | AcePolicy::RoundTheCorner => (1, 13),
        AcePolicy::High => (2, 14),
        AcePolicy::LowOrHigh => (1, 14),
    }
}

/// For each ace policy (indexed by `ace as usize`), mask of the suits present and
/// length (3-5 used), the bits of the complemented OR whose one set means a meld: the
/// starts within the policy's [`run_bounds`] if one suit is present (a run), the
/// numbers if as many suits as pieces (a group of distinct suits, so of at most four).
static PLAIN_WANTED: [[[u64; 8]; 16]; 4] = {
    let mut wanted = [[[0; 8]; 16]; 4];
    let policies = [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
    let mut i = 0;
    while i < policies.len() {
        let ace = policies[i];
        let (lo, hi) = run_bounds(ace);
        let (lo, hi) = (lo as usize, hi as usize);
        let ring = matches!(ace, AcePolicy::RoundTheCorner);
        let mut suits = 1;
        while suits < 16 {
            let mut len = 3;
            while len <= PLAIN_POSITIONS {
                // Starts `lo ..= hi + 1 - len`; round the corner, every start 1-13.
                let last = if ring { hi } else { hi + 1 - len };
                let mut bits = 0;
                if suits & (suits - 1) == 0 {
                    let mut start = lo;
                    while start <= last {
                        bits |= 1 << (9 + start);
                        start += 1;
                    }
                }
                if (suits as u32).count_ones() as usize == len {
                    bits |= PLAIN_NUMBERS;
                }
                wanted[ace as usize][suits][len] = bits;
                len += 1;
            }
            suits += 1;
        }
        i += 1;
    }
    wanted
};

/// [`MeldKind::of`] in the plain path's bits: some of [`PLAIN_STARTS`] for a run, else
/// some of [`PLAIN_NUMBERS`] for a group, else none (two or more naturals are never
/// both kinds).
#[inline(always)]
fn plain_or_any<F: Face>(faces: &[F], rules: &MeldRules) -> u64 {
    let len = faces.len();
    if len < usize::from(rules.min_len.max(1)) || len > MAX_MELD_LEN {
        return 0;
    }
    if !(3..=PLAIN_POSITIONS).contains(&len) {
        return of_any(faces, rules);
    }
    let all = plain_all(faces, rules);
    if all & PLAIN_JOKER != 0 {
        return plain_with_jokers(all, faces, rules);
    }
    plain_found(all, len, rules)
}

/// The word of a list of 3 to [`PLAIN_POSITIONS`] pieces (the caller checks the length):
/// every position's entry ORed.
#[inline(always)]
fn plain_all<F: Face>(faces: &[F], rules: &MeldRules) -> u64 {
    let len = faces.len();
    let ring = usize::from(rules.ace == AcePolicy::RoundTheCorner);
    let at = |position: usize| PLAIN_BITS[ring][position][usize::from(faces[position].index())];
    // Positions 0, 1, 2, len - 2, len - 1 are every position, without a branch for the
    // length: a position read twice changes nothing in an OR.
    at(0) | at(1) | at(2) | at(len - 2) | at(len - 1)
}

/// The word of a list of naturals long enough for the rules, if the list takes the plain
/// path: 3 to [`PLAIN_POSITIONS`] naturals. [`Meld::new`] and [`Meld::infer`] answer
/// such a list from the word alone.
#[inline(always)]
fn plain_naturals<F: Face>(faces: &[F], rules: &MeldRules) -> Option<u64> {
    let len = faces.len();
    if !(3..=PLAIN_POSITIONS).contains(&len) || len < usize::from(rules.min_len) {
        return None;
    }
    let all = plain_all(faces, rules);
    (all & PLAIN_JOKER == 0).then_some(all)
}

/// The meld bits of a list of naturals' word (see [`plain_or_any`]).
#[inline(always)]
fn plain_found(all: u64, len: usize, rules: &MeldRules) -> u64 {
    // The suits present select the bits that make a meld of either kind.
    let mut wanted = PLAIN_WANTED[rules.ace as usize][((all & PLAIN_SUITS) >> 6) as usize][len];
    // Groups of fewer than four (a rule no game here has): tested apart, so that the
    // usual rules pay nothing.
    if rules.max_group_len < 4 && len > usize::from(rules.max_group_len) {
        wanted &= !PLAIN_NUMBERS;
    }
    !all & wanted
}

/// The meld a list of naturals forms, from its word and its nonzero meld bits `found`
/// of one kind: what [`Pass::accept`] returns, read off the bits (a run's one start,
/// a group's suits and number).
#[inline(always)]
fn plain_meld<F: Face>(faces: &[F], all: u64, found: u64) -> Meld<F> {
    let suits = ((all & PLAIN_SUITS) >> 6) as u8;
    let lowest = found.trailing_zeros() as u8;
    if found & PLAIN_STARTS != 0 {
        Meld::stored(MeldKind::Run, faces, suits.trailing_zeros() as u8, lowest - 9)
    } else {
        Meld::stored(MeldKind::Group, faces, suits, lowest - 23)
    }
}

/// The error [`Meld::new`] returns for a list of naturals (of the plain path) that is not
/// a meld of `kind`: the group's length, then the structure's. Inline and without a call
/// but in rare cases, as [`structure_error`].
#[inline(always)]
fn plain_error<F: Face>(kind: MeldKind, faces: &[F], all: u64, rules: &MeldRules) -> MeldError {
    match kind {
        MeldKind::Group => {
            let max = usize::from(rules.max_group_len.min(4));
            if faces.len() > max { MeldError::TooLong { len: faces.len(), max } } else { group_error(faces) }
        }
        MeldKind::Run => {
            let suits = ((all & PLAIN_SUITS) >> 6) as u8;
            // The starts every piece allows on the line: the first piece, a natural,
            // allows none below 1, so the word holds them all.
            let starts = !all & PLAIN_STARTS;
            let ring = rules.ace == AcePolicy::RoundTheCorner;
            if !ring && suits & suits.wrapping_sub(1) == 0 && starts != 0 {
                // Naturals of one suit in a row past the policy's bounds: only an ace
                // does that, after the king (ending at 14) or before the 2. Decided here
                // rather than by `bounds_error`, so that no call is left behind for a
                // caller who never reads the error.
                let last = starts.trailing_zeros() as usize - 9 + faces.len() - 1;
                return if last == 14 { MeldError::WrapNotAllowed } else { MeldError::AceLowNotAllowed };
            }
            run_break(faces, ring)
        }
    }
}

/// [`plain_or_any`] for a list of 3-5 pieces with a joker, from the same word: each
/// kind's joker rules, then its structure among the naturals (a group has as many
/// suits as naturals).
#[inline(never)]
fn plain_with_jokers<F: Face>(all: u64, faces: &[F], rules: &MeldRules) -> u64 {
    if all & PLAIN_ODD != 0 {
        return of_any(faces, rules);
    }
    let len = faces.len();
    let at = (all >> PLAIN_JOKER_AT) as u32 & 0x1F;
    let jokers = at.count_ones() as usize;
    let naturals = len - jokers;
    let (run_jokers, group_jokers) = match rules.jokers {
        _ if naturals == 0 => (false, false),
        JokerLimit::Forbidden => (false, false),
        JokerLimit::Unlimited => (true, true),
        JokerLimit::AtMost(n) => (jokers <= usize::from(n), jokers <= usize::from(n)),
        JokerLimit::NotMoreThanNaturals => (jokers <= naturals, jokers <= naturals),
        JokerLimit::NoAdjacent => (at & (at >> 1) == 0, true),
    };
    let suits = ((all & PLAIN_SUITS) >> 6) as usize;
    // One suit's row holds the run's bounds alone (a group needs three suits or more).
    let bounds = PLAIN_WANTED[rules.ace as usize][1][len];
    let run = run_jokers && suits & (suits - 1) == 0 && !all & bounds != 0;
    let group = group_jokers
        && !all & PLAIN_NUMBERS != 0
        && suits.count_ones() as usize == naturals
        && len <= usize::from(rules.max_group_len.min(4));
    if run {
        PLAIN_STARTS
    } else if group {
        PLAIN_NUMBERS
    } else {
        0
    }
}

/// [`plain_or_any`] for any other list (of another length, or with an index past the
/// joker): one pass that serves both kinds,
/// then each kind's length, joker rules and structure as [`Meld::new`] checks them
/// (the exact checks where the jokers fail the pass's quick test).
#[inline(never)]
fn of_any<F: Face>(faces: &[F], rules: &MeldRules) -> u64 {
    let len = faces.len();
    let pass = Pass::either(faces, rules.ace);
    let valid = |kind: MeldKind| {
        check_len(kind, len, rules).is_ok()
            && if pass.jokers_ok(kind, faces, rules) {
                pass.accept(kind, len, rules.ace).is_some()
            } else {
                check_exact(kind, faces, rules).is_ok()
            }
    };
    if valid(MeldKind::Run) {
        PLAIN_STARTS
    } else if valid(MeldKind::Group) {
        PLAIN_NUMBERS
    } else {
        0
    }
}

/// What one pass over a list finds: enough to accept a valid meld of either kind.
struct Pass {
    /// The numbers present: bit `n - 1` for number `n`.
    numbers: u16,
    /// Naturals per suit, 4 bits each (suit 0 lowest).
    counts: u16,
    /// Pieces that are not naturals: the jokers (and any index past the joker).
    jokers: usize,
    /// The run starts every piece allows.
    starts: u32,
}

impl Pass {
    /// Bit `s` set if a natural of suit `s` is present.
    #[inline]
    fn suits(&self) -> u8 {
        let counts = self.counts;
        let present = (counts | counts >> 1 | counts >> 2 | counts >> 3) & 0x1111;
        ((present | present >> 3 | present >> 6 | present >> 9) & 0xF) as u8
    }

    /// The pass for both kinds at once: every piece read, none skipped.
    #[inline]
    fn either<F: Face>(faces: &[F], ace: AcePolicy) -> Pass {
        let table = if ace == AcePolicy::RoundTheCorner { &RING } else { &LINE };
        let (mut all, mut sum, mut starts) = (0u64, 0u64, u32::MAX);
        for (i, f) in faces.iter().enumerate() {
            let bits = table[usize::from(f.index())];
            all |= bits;
            sum = sum.wrapping_add(bits);
            starts &= (bits as u32).rotate_right(i as u32);
        }
        Pass::found(faces.len(), all, sum, starts)
    }

    /// The pass from its pieces' bits: `all` ORed, `sum` added up, `starts` ANDed
    /// (each rotated back by its position).
    #[inline]
    fn found(len: usize, all: u64, sum: u64, starts: u32) -> Pass {
        let counts = (sum >> COUNT_SHIFT) as u16;
        // Four 4-bit counts of at most 13 each: their sum lands in bits 12-15.
        let naturals = usize::from((counts.wrapping_mul(0x1111) >> 12) & 0xF);
        Pass { numbers: (all >> NUMBER_SHIFT) as u16 & 0x1FFF, counts, jokers: len - naturals, starts }
    }

    #[inline]
    fn over<F: Face>(kind: MeldKind, faces: &[F], ace: AcePolicy) -> Pass {
        let table = if ace == AcePolicy::RoundTheCorner { &RING } else { &LINE };
        let (mut all, mut sum, mut starts) = (0u64, 0u64, u32::MAX);
        if let (MeldKind::Group, Some(last @ 0..4)) = (kind, faces.len().checked_sub(1)) {
            // Four reads, without a branch for the length (a group has 3 or 4 pieces, at
            // random): a read past the end reads the last face again, and is taken off
            // the sum. Two numbers among the first two pieces break the group at once.
            let at = |i: usize| table[usize::from(faces[i.min(last)].index())];
            let (b0, b1) = (at(0), at(1));
            let first_two = ((b0 | b1) >> NUMBER_SHIFT) as u16;
            if first_two & first_two.wrapping_sub(1) != 0 {
                return Pass { numbers: first_two, counts: 0, jokers: 0, starts: 0 };
            }
            let (b2, b3) = (at(2), at(3));
            all = b0 | b1 | b2 | b3;
            sum = b0
                .wrapping_add(b1)
                .wrapping_add(b2)
                .wrapping_add(b3.wrapping_mul((last as u64).wrapping_sub(2)));
        } else {
            let mut add = |f: &F, starts: u32| {
                let bits = table[usize::from(f.index())];
                all |= bits;
                sum = sum.wrapping_add(bits);
                // After position i, rotated left i + 1 times in all: undone below.
                (starts & bits as u32).rotate_left(1)
            };
            if let Some((first, rest)) = faces.split_first() {
                // Every piece allows some start: the first cannot leave none.
                starts = add(first, starts);
                for f in rest {
                    starts = add(f, starts);
                    if starts == 0 {
                        // No start left: a broken run (`broken`), whatever comes next.
                        return Pass { numbers: 0, counts: 0, jokers: 0, starts: 0 };
                    }
                }
            }
        }
        Pass::found(faces.len(), all, sum, starts.rotate_right(faces.len() as u32))
    }

    /// `true` if the naturals alone break a meld of `kind`, whatever the jokers and the
    /// bounds: a group with two numbers or a suit twice, a run whose naturals fit no
    /// start (even on an unbounded line). One test, before the jokers' and the bounds'
    /// arithmetic, for most invalid lists.
    #[inline]
    fn broken(&self, kind: MeldKind, ace: AcePolicy) -> bool {
        match kind {
            MeldKind::Group => (self.numbers & self.numbers.wrapping_sub(1)) | (self.counts & 0xEEEE) != 0,
            // Round the corner only bits 0-12 are starts (see `accept`).
            MeldKind::Run if ace == AcePolicy::RoundTheCorner => self.starts & 0x1FFF == 0,
            MeldKind::Run => self.starts == 0,
        }
    }

    /// `true` if the jokers pass the rules (and there is a natural). Pieces past the
    /// joker counted as jokers only make this stricter, never more lenient; `false`
    /// sends the list to the exact checks.
    #[inline]
    fn jokers_ok<F: Face>(&self, kind: MeldKind, faces: &[F], rules: &MeldRules) -> bool {
        let jokers = self.jokers;
        let naturals = faces.len() - jokers;
        naturals > 0
            && match rules.jokers {
                JokerLimit::Forbidden => jokers == 0,
                JokerLimit::Unlimited => true,
                JokerLimit::AtMost(n) => jokers <= usize::from(n),
                JokerLimit::NotMoreThanNaturals => jokers <= naturals,
                JokerLimit::NoAdjacent => {
                    kind == MeldKind::Group || !faces.windows(2).any(|w| w[0].is_joker() && w[1].is_joker())
                }
            }
    }

    /// The meld's (suit, first) as [`check_group`] or [`check_run`] return them, if the
    /// structure is valid; `None` if not. Computed without branches (`&`, not `&&`): a
    /// valid and an invalid list are about equally likely.
    #[inline]
    fn accept(&self, kind: MeldKind, len: usize, ace: AcePolicy) -> Option<(u8, u8)> {
        let (numbers, counts) = (self.numbers, self.counts);
        // Bit 4s set if suit s is present.
        let present = (counts | counts >> 1 | counts >> 2 | counts >> 3) & 0x1111;
        match kind {
            MeldKind::Group => {
                // One number, no suit twice.
                let ok = (numbers & numbers.wrapping_sub(1) == 0) & (counts & 0xEEEE == 0);
                let suits = (present | present >> 3 | present >> 6 | present >> 9) & 0xF;
                ok.then_some((suits as u8, numbers.trailing_zeros() as u8 + 1))
            }
            MeldKind::Run => {
                // One suit, and a start every piece allows that keeps the run in bounds.
                let (starts, start) = match ace {
                    AcePolicy::RoundTheCorner => {
                        let starts = self.starts & 0x1FFF;
                        (starts, starts.trailing_zeros() + 1)
                    }
                    _ => {
                        let (lo, hi) = run_bounds(ace);
                        // Starts lo ..= hi + 1 - len.
                        let last = OFF + hi + 1 - len as u32;
                        let starts = self.starts & ((2 << last) - 1) & !((1 << (OFF + lo)) - 1);
                        (starts, starts.trailing_zeros().wrapping_sub(OFF))
                    }
                };
                let ok = (present != 0) & (present & present.wrapping_sub(1) == 0) & (starts != 0);
                ok.then_some(((present.trailing_zeros() / 4) as u8, start as u8))
            }
        }
    }
}

/// Checks a group; returns (mask of suits present, number).
#[inline]
fn check_group<F: Face>(faces: &[F]) -> Result<(u8, u8), MeldError> {
    let mut number = 0;
    let mut mask = 0u8;
    for (i, f) in faces.iter().enumerate() {
        let idx = f.index();
        if idx >= 52 {
            continue;
        }
        let (s, n) = (idx / 13, idx % 13 + 1);
        if number == 0 {
            number = n;
        } else if n != number {
            return Err(MeldError::MixedNumbers { index: i });
        }
        if mask & (1 << s) != 0 {
            return Err(MeldError::RepeatedSuit { index: i });
        }
        mask |= 1 << s;
    }
    Ok((mask, number))
}

/// Checks a run; returns (suit, value at position 0).
#[inline]
fn check_run<F: Face>(faces: &[F], ace: AcePolicy) -> Result<(u8, u8), MeldError> {
    // The first natural fixes the suit and, up to the ace's two readings, the start.
    let mut first = None;
    for (i, f) in faces.iter().enumerate() {
        let idx = f.index();
        if idx >= 52 {
            continue;
        }
        match first {
            None => first = Some((i, idx / 13, idx % 13 + 1)),
            Some((_, suit, _)) if idx / 13 != suit => return Err(MeldError::MixedSuits { index: i }),
            Some(_) => {}
        }
    }
    let (i0, suit, n0) = first.ok_or(MeldError::NoNatural)?;
    let len = faces.len() as i16;
    let (i0, n0) = (i0 as i16, n0 as i16);
    let (low_ok, high_ok) = match ace {
        AcePolicy::Low => (true, false),
        AcePolicy::High => (false, true),
        AcePolicy::LowOrHigh => (true, true),
        AcePolicy::RoundTheCorner => {
            let start = (n0 - 1 - i0).rem_euclid(13) + 1;
            return match mismatch(faces, start, true, false) {
                None => Ok((suit, start as u8)),
                Some(index) => Err(MeldError::NotConsecutive { index }),
            };
        }
    };
    let (lo, hi) = (if low_ok { 1 } else { 2 }, if high_ok { 14 } else { 13 });
    let mut candidates = [n0 - i0, i16::MIN];
    if n0 == 1 && high_ok {
        candidates = if low_ok { [1 - i0, 14 - i0] } else { [14 - i0, i16::MIN] };
    }
    for start in candidates {
        if start >= lo && start + len - 1 <= hi && mismatch(faces, start, false, high_ok).is_none() {
            return Ok((suit, start as u8));
        }
    }
    Err(classify_run_failure(faces, i0, n0, low_ok))
}

/// First position whose natural does not stand at `start + i` (cyclically if `cyclic`).
#[inline]
fn mismatch<F: Face>(faces: &[F], start: i16, cyclic: bool, high_ace: bool) -> Option<usize> {
    for (i, f) in faces.iter().enumerate() {
        let idx = f.index();
        if idx >= 52 {
            continue;
        }
        let n = (idx % 13 + 1) as i16;
        let v = start + i as i16;
        let ok =
            if cyclic { (v - 1).rem_euclid(13) + 1 == n } else { v == n || (high_ace && n == 1 && v == 14) };
        if !ok {
            return Some(i);
        }
    }
    None
}

/// Explains why a run failed: a real gap, or only the corner, ace or bounds rules.
#[cold]
fn classify_run_failure<F: Face>(faces: &[F], i0: i16, n0: i16, low_ok: bool) -> MeldError {
    // Read the naturals on an unbounded line from the first one (an ace may also be 14).
    let start = n0 - i0;
    let Some(index) = mismatch(faces, start, false, true) else {
        let ace_at = |v: i16| {
            faces
                .iter()
                .enumerate()
                .any(|(i, f)| f.index() < 52 && f.index() % 13 == 0 && start + i as i16 == v)
        };
        return if ace_at(1) && !low_ok {
            MeldError::AceLowNotAllowed
        } else if ace_at(14) {
            MeldError::WrapNotAllowed
        } else {
            MeldError::OutOfBounds
        };
    };
    if mismatch(faces, start, true, false).is_none() {
        MeldError::WrapNotAllowed
    } else {
        MeldError::NotConsecutive { index }
    }
}

impl<F: Face> fmt::Display for Meld<F> {
    /// The pieces, space-separated, in order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(face, f)?;
        }
        Ok(())
    }
}

impl<F: Face> fmt::Debug for Meld<F> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}[{}]", self.kind, self)
    }
}

#[cfg(test)]
mod tests {
    //! The fast path against the exact validator: same verdict, same stored meld.

    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{COUNT_SHIFT, LINE, NUMBER_SHIFT, OFF, Pass, RING, check_exact};
    use crate::{
        AcePolicy, Card, Face, JokerLimit, MAX_MELD_LEN, Meld, MeldError, MeldKind, MeldRules, RunEnd, Tile,
    };

    const POLICIES: [AcePolicy; 4] =
        [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
    const LIMITS: [JokerLimit; 6] = [
        JokerLimit::Forbidden,
        JokerLimit::Unlimited,
        JokerLimit::AtMost(1),
        JokerLimit::AtMost(2),
        JokerLimit::NotMoreThanNaturals,
        JokerLimit::NoAdjacent,
    ];

    fn every_rules() -> impl Iterator<Item = MeldRules> {
        POLICIES.into_iter().flat_map(|ace| {
            LIMITS.into_iter().flat_map(move |jokers| {
                [1, 3].map(|min| MeldRules::default().with_ace(ace).with_jokers(jokers).with_min_len(min))
            })
        })
    }

    /// `Meld::new` returns exactly what `check_exact`, the reference, returns (the same
    /// meld or the same error), and its single pass alone accepts every valid list.
    fn agree<F: Face>(kind: MeldKind, faces: &[F], rules: &MeldRules) -> bool {
        let exact =
            check_exact(kind, faces, rules).map(|(suit, first)| Meld::stored(kind, faces, suit, first));
        assert_eq!(Meld::new(kind, faces, rules), exact, "{kind:?} {faces:?} {rules:?}");
        let Ok(meld) = exact else { return false };
        let pass = Pass::over(kind, faces, rules.ace);
        assert!(pass.jokers_ok(kind, faces, rules), "{kind:?} {faces:?} {rules:?}");
        let (suit, first) = pass.accept(kind, faces.len(), rules.ace).expect("the pass accepts");
        assert_eq!((suit, first), (meld.suit, meld.first), "{kind:?} {faces:?} {rules:?}");
        true
    }

    /// `MeldKind::of` answers as `Meld::new` of a run, then of a group, under `rules`
    /// and under the same rules with groups of at most two (so that the length of a
    /// group decides alone).
    fn either_agrees<F: Face>(faces: &[F], rules: &MeldRules) {
        let mut short_groups = *rules;
        short_groups.max_group_len = 2;
        for rules in [rules, &short_groups] {
            let want =
                [MeldKind::Run, MeldKind::Group].into_iter().find(|&k| Meld::new(k, faces, rules).is_ok());
            assert_eq!(MeldKind::of(faces, rules), want, "{faces:?} {rules:?}");
        }
    }

    #[test]
    fn fast_path_agrees_on_every_list_of_up_to_three_faces() {
        let faces: Vec<Tile> = Tile::all().collect();
        for rules in every_rules() {
            let mut accepted = 0;
            for kind in [MeldKind::Group, MeldKind::Run] {
                for &a in &faces {
                    accepted += usize::from(agree(kind, &[a], &rules));
                    for &b in &faces {
                        accepted += usize::from(agree(kind, &[a, b], &rules));
                        for &c in &faces {
                            accepted += usize::from(agree(kind, &[a, b, c], &rules));
                        }
                    }
                }
            }
            either_agrees::<Tile>(&[], &rules);
            for &a in &faces {
                either_agrees(&[a], &rules);
                for &b in &faces {
                    either_agrees(&[a, b], &rules);
                    for &c in &faces {
                        either_agrees(&[a, b, c], &rules);
                    }
                }
            }
            assert!(accepted > 0, "{rules:?}");
        }
    }

    /// Runs and groups of every length, with jokers and one or two random edits.
    #[test]
    fn fast_path_agrees_on_near_valid_lists() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for rules in every_rules() {
            let mut accepted = 0;
            for _ in 0..4_000 {
                let len = rng.random_range(1..=14usize);
                let suit = rng.random_range(0..4u8);
                let start = rng.random_range(1..=14u8);
                let number = rng.random_range(1..=13u8);
                let run = rng.random_bool(0.5);
                let mut faces: Vec<Card> = (0..len)
                    .map(|i| {
                        if rng.random_range(0..6) == 0 {
                            Card::JOKER
                        } else if run {
                            Card::natural(suit, (start + i as u8 - 1) % 13 + 1).unwrap_or(Card::JOKER)
                        } else {
                            Card::natural(i as u8 % 4, number).unwrap_or(Card::JOKER)
                        }
                    })
                    .collect();
                for _ in 0..rng.random_range(0..=1) {
                    let i = rng.random_range(0..len);
                    faces[i] = Card::from_index(rng.random_range(0..=52)).unwrap_or(Card::JOKER);
                }
                for kind in [MeldKind::Group, MeldKind::Run] {
                    accepted += usize::from(agree(kind, &faces, &rules));
                }
                either_agrees(&faces, &rules);
            }
            assert!(accepted > 100, "{rules:?}: {accepted}");
        }
    }

    /// `Meld::extended` (which lays a natural that plainly fits off without the
    /// validator) returns what the validator returns for the longer list, for every
    /// face at both ends of random valid runs and groups with jokers, made under one
    /// set of rules and extended under each set (so also under rules the meld breaks);
    /// `Meld::extends` answers whether it is `Ok`, its short refusals counted.
    #[test]
    fn extended_agrees_with_the_validator() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let all_rules: Vec<MeldRules> = every_rules()
            .chain(every_rules().map(|r| {
                let mut r = r;
                r.max_group_len = 3;
                r
            }))
            .collect();
        let faces: Vec<Card> = (0..=52).filter_map(Card::from_index).collect();
        let (mut melds, mut fast, mut fast_jokers, mut refused) = (0, 0, 0, 0);
        while melds < 3_000 {
            let made_under = all_rules[rng.random_range(0..all_rules.len())];
            let len = rng.random_range(1..=14usize);
            let (suit, start, number) =
                (rng.random_range(0..4u8), rng.random_range(1..=14u8), rng.random_range(1..=13u8));
            let kind = if rng.random_bool(0.5) { MeldKind::Run } else { MeldKind::Group };
            let list: Vec<Card> = (0..len)
                .map(|i| {
                    if rng.random_range(0..5) == 0 {
                        Card::JOKER
                    } else if kind == MeldKind::Run {
                        Card::natural(suit, (start + i as u8 - 1) % 13 + 1).unwrap_or(Card::JOKER)
                    } else {
                        Card::natural(i as u8 % 4, number).unwrap_or(Card::JOKER)
                    }
                })
                .collect();
            let Ok(meld) = Meld::new(kind, &list, &made_under) else { continue };
            melds += 1;
            for rules in &all_rules {
                for &face in &faces {
                    for end in [RunEnd::Front, RunEnd::Back] {
                        let mut longer = list.clone();
                        if end == RunEnd::Front && kind == MeldKind::Run {
                            longer.insert(0, face);
                        } else {
                            longer.push(face);
                        }
                        let want = if longer.len() > MAX_MELD_LEN {
                            Err(MeldError::TooLong { len: longer.len(), max: MAX_MELD_LEN })
                        } else {
                            Meld::new(kind, &longer, rules)
                        };
                        assert_eq!(
                            meld.extended(face, end, rules),
                            want,
                            "{meld:?} {face:?} {end:?} {rules:?}"
                        );
                        assert_eq!(
                            meld.extends(face, end, rules),
                            want.is_ok(),
                            "{meld:?} {face:?} {end:?} {rules:?}"
                        );
                        refused += usize::from(meld.extends_plainly(face, end, rules) == Some(false));
                        let plain = meld.extended_plainly(face, end, rules).is_some();
                        fast += usize::from(plain);
                        fast_jokers += usize::from(plain && face.is_joker());
                    }
                }
            }
        }
        // The short way answers often (else this test would not test it).
        assert!(fast > 10_000 && fast_jokers > 1_000 && refused > 100_000, "{fast} {fast_jokers} {refused}");
    }

    /// Lists of 3-5 plain cards (no joker), as a hand offers them: runs (round the
    /// corner too), groups, each with one edit or none, and any cards; each list and
    /// its reverse, both kinds, every rule set. Every error the structure can give
    /// without jokers must turn up, so that each path that names one is compared.
    #[test]
    fn fast_path_agrees_on_plain_card_lists() {
        use std::collections::HashSet;
        let mut rng = ChaCha8Rng::seed_from_u64(23);
        let mut seen = HashSet::new();
        for rules in every_rules() {
            let mut accepted = 0;
            for _ in 0..2_500 {
                let len = rng.random_range(3..=5usize);
                let suit = rng.random_range(0..4u8);
                let start = rng.random_range(1..=13u8);
                let mut cards: Vec<Card> = match rng.random_range(0..3) {
                    0 => {
                        (0..len as u8).filter_map(|i| Card::natural(suit, (start + i - 1) % 13 + 1)).collect()
                    }
                    1 => (0..len as u8).filter_map(|i| Card::natural((suit + i) % 4, start)).collect(),
                    _ => (0..len).filter_map(|_| Card::from_index(rng.random_range(0..52))).collect(),
                };
                if rng.random_bool(0.5) {
                    let i = rng.random_range(0..len);
                    match rng.random_range(0..3) {
                        0 => cards.swap(i, rng.random_range(0..len)),
                        1 => cards[i] = Card::natural(rng.random_range(0..4), start).unwrap_or(cards[i]),
                        _ => cards[i] = Card::from_index(rng.random_range(0..52)).unwrap_or(cards[i]),
                    }
                }
                for list in [cards.clone(), cards.iter().rev().copied().collect()] {
                    either_agrees(&list, &rules);
                    for kind in [MeldKind::Group, MeldKind::Run] {
                        accepted += usize::from(agree(kind, &list, &rules));
                        if let Err(error) = Meld::new(kind, &list, &rules) {
                            seen.insert(core::mem::discriminant(&error));
                        }
                    }
                }
            }
            assert!(accepted > 500, "{rules:?}: {accepted}");
        }
        let expected = [
            MeldError::TooLong { len: 5, max: 4 },
            MeldError::MixedNumbers { index: 0 },
            MeldError::RepeatedSuit { index: 0 },
            MeldError::MixedSuits { index: 0 },
            MeldError::NotConsecutive { index: 0 },
            MeldError::WrapNotAllowed,
            MeldError::AceLowNotAllowed,
        ];
        for error in expected {
            assert!(seen.contains(&core::mem::discriminant(&error)), "never seen: {error:?}");
        }
    }

    /// A random list of `len` faces: a run or a group, or any naturals, with jokers
    /// (`joker_odds` in 6) and in about half of the cases one random face put in.
    fn random_list<F: Face>(rng: &mut ChaCha8Rng, len: usize, joker_odds: u32) -> Vec<F> {
        let (suit, start, number) =
            (rng.random_range(0..4u8), rng.random_range(1..=13u8), rng.random_range(1..=13u8));
        let shape = rng.random_range(0..3);
        let mut faces: Vec<F> = (0..len)
            .map(|i| {
                let natural = match shape {
                    0 => F::natural(suit, (start + i as u8 - 1) % 13 + 1),
                    1 => F::natural(i as u8 % 4, number),
                    _ => F::natural(rng.random_range(0..4), rng.random_range(1..=13)),
                };
                if rng.random_range(0..6) < joker_odds { F::JOKER } else { natural.unwrap_or(F::JOKER) }
            })
            .collect();
        if len > 0 && rng.random_bool(0.5) {
            let i = rng.random_range(0..len);
            faces[i] = F::natural(rng.random_range(0..4), rng.random_range(1..=13)).unwrap_or(F::JOKER);
        }
        faces
    }

    /// What `Meld::infer` returns by its definition, from the reference validator: a
    /// run, else a group, else the group's error if two or more naturals share one
    /// number, else the run's.
    fn infer_reference<F: Face>(faces: &[F], rules: &MeldRules) -> Result<Meld<F>, MeldError> {
        let exact = |kind| {
            check_exact(kind, faces, rules).map(|(suit, first)| Meld::stored(kind, faces, suit, first))
        };
        let (run, group) = (exact(MeldKind::Run), exact(MeldKind::Group));
        let numbers: Vec<u8> = faces.iter().filter_map(|f| f.number()).collect();
        let shared = numbers.len() >= 2 && numbers.iter().all(|&n| n == numbers[0]);
        match (run, group) {
            (Ok(meld), _) | (_, Ok(meld)) => Ok(meld),
            (run, group) => {
                if shared {
                    group
                } else {
                    run
                }
            }
        }
    }

    /// `Meld::new` and `Meld::infer`, with their path for lists of 3-5 naturals, return
    /// the same `Result` (the same meld or the same error) as their general paths and
    /// the reference, on random lists of every length, with and without jokers.
    fn plain_path_agrees<F: Face>(seed: u64) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut plain = 0;
        // Every bound of the plain path's guards on either side (a minimum length the
        // path must leave to the general one, a group maximum below, at and above 4),
        // each ace policy, the joker limits in turn: fewer lists per set, as many in all.
        let mut all_rules = Vec::new();
        for ace in POLICIES {
            for min_len in [0, 1, 2, 3, 4, 5, 6] {
                for max_group_len in [0, 1, 2, 3, 4, 5, 255] {
                    let jokers = LIMITS[all_rules.len() % LIMITS.len()];
                    let mut rules =
                        MeldRules::default().with_ace(ace).with_jokers(jokers).with_min_len(min_len);
                    rules.max_group_len = max_group_len;
                    all_rules.push(rules);
                }
            }
        }
        for rules in all_rules {
            for _ in 0..800 {
                // Half the lists of the plain path's lengths, half of any length.
                let len =
                    if rng.random_bool(0.5) { rng.random_range(3..=5) } else { rng.random_range(0..=14) };
                let joker_odds = rng.random_range(0..2);
                let faces: Vec<F> = random_list(&mut rng, len, joker_odds);
                plain += usize::from(super::plain_naturals(&faces, &rules).is_some());
                for kind in [MeldKind::Group, MeldKind::Run] {
                    let new = Meld::new(kind, &faces, &rules);
                    assert_eq!(new, Meld::new_any(kind, &faces, &rules), "{kind:?} {faces:?} {rules:?}");
                    agree(kind, &faces, &rules);
                }
                let infer = Meld::infer(&faces, &rules);
                assert_eq!(infer, Meld::infer_any(&faces, &rules), "{faces:?} {rules:?}");
                assert_eq!(infer, infer_reference(&faces, &rules), "{faces:?} {rules:?}");
            }
        }
        assert!(plain > 10_000, "{plain} lists took the plain path");
    }

    /// A group of five naturals under a maximum above 4: too long at 4 (a group never
    /// repeats a suit), on the plain path as on the general one.
    #[test]
    fn plain_group_of_five_under_a_maximum_of_five_is_too_long_at_four() {
        let rules = MeldRules { max_group_len: 5, ..MeldRules::default() };
        let five: Vec<Card> = crate::parse_list("7h 7s 7d 7c 7h").unwrap();
        let exact = check_exact(MeldKind::Group, &five, &rules).map(|_| ());
        assert_eq!(exact, Err(MeldError::TooLong { len: 5, max: 4 }));
        assert_eq!(Meld::new(MeldKind::Group, &five, &rules), Err(MeldError::TooLong { len: 5, max: 4 }));
        assert_eq!(Meld::new_any(MeldKind::Group, &five, &rules), Err(MeldError::TooLong { len: 5, max: 4 }));
    }

    #[test]
    fn plain_path_agrees_with_the_general_path_on_cards() {
        plain_path_agrees::<Card>(31);
    }

    #[test]
    fn plain_path_agrees_with_the_general_path_on_tiles() {
        plain_path_agrees::<Tile>(37);
    }

    /// Lists that break several rules at once: `Meld::new` names the first in the
    /// documented order (length, then jokers, then the structure, position by
    /// position), as the reference does. A fast path that named the error it finds
    /// first, or that let a broken structure hide a joker error, fails here.
    #[test]
    fn fast_path_names_the_first_error_in_the_documented_order() {
        use MeldError::*;
        use MeldKind::{Group, Run};
        let rules = MeldRules::default();
        let forbidden = rules.with_jokers(JokerLimit::Forbidden);
        let cases: [(MeldKind, &str, MeldRules, MeldError); 12] = [
            // Structure, by position: the number before the suit at one position.
            (Group, "7h 8h 7h", forbidden, MixedNumbers { index: 1 }),
            (Group, "7h 7h 8s", forbidden, RepeatedSuit { index: 1 }),
            (Group, "7h 8h", forbidden.with_min_len(2), MixedNumbers { index: 1 }),
            // A run's suits before its numbers, wherever the gap is.
            (Run, "5h 7h 6s", forbidden, MixedSuits { index: 2 }),
            (Run, "5h 5s 9h", forbidden, MixedSuits { index: 1 }),
            (Run, "Qh Kh Ah", forbidden, WrapNotAllowed),
            // The jokers before the structure, however broken.
            (Run, "* 5h 9s", forbidden, JokersNotAllowed),
            (Run, "* 5h 9s", rules, MixedSuits { index: 2 }),
            (
                Group,
                "5h * * 9s",
                rules.with_jokers(JokerLimit::AtMost(1)),
                TooManyJokers { jokers: 2, max: 1 },
            ),
            (Run, "5h * * 9h", rules.with_jokers(JokerLimit::NoAdjacent), AdjacentJokers { index: 2 }),
            (
                Run,
                "5h * * * 8h",
                rules.with_jokers(JokerLimit::NotMoreThanNaturals),
                TooManyJokers { jokers: 3, max: 2 },
            ),
            // The length before everything.
            (Group, "5h 6h 7s 8d 9c", rules, TooLong { len: 5, max: 4 }),
        ];
        for (kind, text, rules, expected) in cases {
            let cards: Vec<Card> = crate::parse_list(text).expect("cards");
            assert_eq!(check_exact(kind, &cards, &rules), Err(expected), "reference: {kind:?} {text}");
            assert_eq!(Meld::new(kind, &cards, &rules), Err(expected), "{kind:?} {text}");
        }
    }

    /// A face type that breaks the `Face` contract: indices past the joker.
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    struct Odd(u8);

    impl core::fmt::Display for Odd {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            write!(f, "#{}", self.0)
        }
    }

    impl core::str::FromStr for Odd {
        type Err = crate::ParseError;
        fn from_str(_: &str) -> Result<Self, Self::Err> {
            Err(crate::ParseError::Empty)
        }
    }

    impl Face for Odd {
        const JOKER: Self = Odd(52);
        fn from_index(index: u8) -> Option<Self> {
            Some(Odd(index))
        }
        fn index(self) -> u8 {
            self.0
        }
    }

    /// Indices past the joker (which no real `Face` returns) get the same answer too.
    #[test]
    fn fast_path_agrees_on_indices_past_the_joker() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut accepted = 0;
        for rules in every_rules() {
            for _ in 0..2_000 {
                let len = rng.random_range(1..=13usize);
                let start = rng.random_range(1..=13u8);
                let faces: Vec<Odd> = (0..len)
                    .map(|i| match rng.random_range(0..4) {
                        0 => Odd(rng.random_range(53..=255)),
                        1 => Odd(52),
                        _ => Odd((start - 1 + i as u8) % 13),
                    })
                    .collect();
                either_agrees(&faces, &rules);
                for kind in [MeldKind::Group, MeldKind::Run] {
                    let exact = check_exact(kind, &faces, &rules)
                        .map(|(suit, first)| Meld::stored(kind, &faces, suit, first));
                    assert_eq!(Meld::new(kind, &faces, &rules), exact, "{kind:?} {faces:?} {rules:?}");
                    accepted += usize::from(exact.is_ok());
                }
            }
        }
        assert!(accepted > 1_000, "{accepted}");
    }

    #[test]
    fn face_bits_match_the_face_accessors() {
        for table in [&LINE, &RING] {
            for tile in Tile::all() {
                let bits = table[usize::from(tile.index())];
                let count = tile.suit_index().map_or(0, |s| 1 << (4 * s));
                assert_eq!(bits >> COUNT_SHIFT, count);
                assert_eq!((bits >> NUMBER_SHIFT) as u16 & 0x1FFF, tile.number().map_or(0, |n| 1 << (n - 1)));
                assert_eq!(bits as u32 == u32::MAX, tile.is_joker());
            }
            assert!(table[53..].iter().all(|&bits| bits == table[52]));
        }
        // A line allows the start n - i for number n at position i (and 14 - i for an ace).
        assert_eq!(LINE[0] as u32, (1 << (OFF + 1)) | (1 << (OFF + 14)));
        assert_eq!(LINE[12] as u32, 1 << (OFF + 13));
        assert_eq!(RING[12] as u32, (1 << 12) | (1 << 25));
    }
}
