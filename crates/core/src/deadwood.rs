//! [`least_deadwood`]: the best split of a hand into melds, leaving the least value
//! unmelded, as a [`Split`].

use crate::hand_melds::Generator;
use crate::{AnalysisError, Face, HandMeld, MeldRules};

/// The best split of a hand: disjoint melds and the value of what is left over.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Split {
    deadwood: u32,
    melds: Vec<HandMeld>,
    unmelded: u64,
}

impl Split {
    /// Total value of the unmelded pieces.
    #[must_use]
    pub fn deadwood(&self) -> u32 {
        self.deadwood
    }

    /// The melds (disjoint), in the order the search found them.
    #[must_use]
    pub fn melds(&self) -> &[HandMeld] {
        &self.melds
    }

    /// The unmelded positions as a bitmask (bit `i` = position `i`).
    #[must_use]
    pub fn unmelded_mask(&self) -> u64 {
        self.unmelded
    }

    /// The unmelded positions, ascending.
    pub fn unmelded(&self) -> impl Iterator<Item = usize> + '_ {
        (0..64).filter(move |i| self.unmelded & (1 << i) != 0)
    }
}

/// The split of `faces` into disjoint melds (valid under `rules`) whose unmelded pieces
/// have the least total `value`: the deadwood of gin-style play, the penalty a hand
/// would pay, and a hint of what to keep.
///
/// Exact: a depth-first search that decides the lowest remaining natural (unmelded,
/// or in one of the melds that contain it, from [`hand_melds`](crate::hand_melds)'s
/// generator), with branch-and-bound on the value so far. Jokers are placed by the
/// melds; jokers left over count their `value` too (15 in Rummy 40). Ties go to the
/// split found first, which is deterministic. `value` must not depend on anything but
/// the face (e.g. aces 1 or 15 by the game's configuration).
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] beyond [`MAX_HAND`](crate::MAX_HAND) pieces.
///
/// ```
/// use rummykit_core::{Card, Face, MeldRules, least_deadwood, parse_list};
/// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
/// let hand: Vec<Card> = parse_list("7h 8h 9h 9s 9d Kc 2c")?;
/// let split = least_deadwood(&hand, &MeldRules::CLASSIC, value).unwrap();
/// // 7h-8h-9h plus 9s 9d would leave 9+9+10+2; 9h 9s 9d leaves 7+8+10+2 = 27.
/// assert_eq!(split.deadwood(), 27);
/// assert_eq!(split.melds().len(), 1);
/// assert_eq!(split.unmelded().collect::<Vec<_>>(), vec![0, 1, 5, 6]);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn least_deadwood<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
) -> Result<Split, AnalysisError> {
    let generator = Generator::new(faces, rules)?;
    let generator_has_jokers = generator.by_face[52] != 0;
    let mut values = [0u32; 64];
    for (v, &f) in values.iter_mut().zip(faces) {
        *v = value(f);
    }
    let all = generator.all_mask();
    let mut search = Search {
        generator,
        values,
        best: u32::MAX,
        best_melds: Vec::new(),
        best_unmelded: all,
        stack: Vec::new(),
        buffer: Vec::new(),
        seen: if generator_has_jokers { vec![(u64::MAX, 0); SEEN_SLOTS] } else { Vec::new() },
    };
    search.run(all, 0, 0);
    Ok(Split { deadwood: search.best, melds: search.best_melds, unmelded: search.best_unmelded })
}

struct Search<'a, F> {
    generator: Generator<'a, F>,
    values: [u32; 64],
    best: u32,
    best_melds: Vec<HandMeld>,
    best_unmelded: u64,
    stack: Vec<HandMeld>,
    buffer: Vec<HandMeld>,
    /// A lossy cache of (remaining, least deadwood so far) for states already searched:
    /// reaching a state again with no less deadwood cannot do better. Jokers make such
    /// repeats common (the same pieces split between melds in several ways).
    seen: Vec<(u64, u32)>,
}

/// Slots of the repeat cache (a power of two).
const SEEN_SLOTS: usize = 1024;

impl<F: Face> Search<'_, F> {
    /// `remaining`: undecided positions; `dead`: value of those already left unmelded
    /// (`dead_mask`).
    fn run(&mut self, remaining: u64, dead: u32, dead_mask: u64) {
        if dead >= self.best {
            return;
        }
        let naturals = remaining & self.generator.naturals;
        if naturals == 0 {
            // Only jokers are left: they are deadwood.
            let mut total = dead;
            let mut m = remaining;
            while m != 0 {
                total += self.values[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            if total < self.best {
                self.best = total;
                self.best_melds.clone_from(&self.stack);
                self.best_unmelded = dead_mask | remaining;
            }
            return;
        }
        if !self.seen.is_empty() {
            let slot = (remaining.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize % SEEN_SLOTS;
            let (key, best_dead) = self.seen[slot];
            if key == remaining && best_dead <= dead {
                return;
            }
            self.seen[slot] = (remaining, dead);
        }
        let c = naturals.trailing_zeros() as usize;
        let start = self.buffer.len();
        {
            let buffer = &mut self.buffer;
            self.generator.melds_with(c, remaining, &mut |m: HandMeld| {
                if !buffer[start..].iter().any(|b| b.mask() == m.mask()) {
                    buffer.push(m);
                }
            });
        }
        let end = self.buffer.len();
        for i in start..end {
            if self.best == 0 {
                break;
            }
            let meld = self.buffer[i];
            self.stack.push(meld);
            self.run(remaining & !meld.mask(), dead, dead_mask);
            self.stack.pop();
        }
        self.buffer.truncate(start);
        let bit = 1u64 << c;
        self.run(remaining & !bit, dead + self.values[c], dead_mask | bit);
    }
}
