//! [`least_deadwood`]: the best split of a hand into melds, leaving the least value
//! unmelded, as a [`Split`].

use crate::card_set::{in_some_triple_under, melds_from, triples_under};
use crate::hand_melds::Generator;
use crate::{AnalysisError, Card, CardSet, Face, HandMeld, MAX_HAND, MAX_MELD_LEN, MeldKind, MeldRules};

/// The best split of a hand: disjoint melds and the value of what is left over.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
/// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
/// let hand: Vec<Card> = parse_list("3c 4c 5c Qd Qh 2s")?;
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let split = least_deadwood(&hand, &rules, value)?;
/// // 3c-4c-5c melds; two queens and a 2 are left: 10 + 10 + 2.
/// assert_eq!((split.melds().len(), split.deadwood()), (1, 22));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Split {
    deadwood: u32,
    melds: Melds,
    unmelded: u64,
}

/// The melds of a [`Split`]: up to [`INLINE_MELDS`] in place, more on the heap. A hand
/// of gin or classic rummy has at most four melds, and the split of a plain hand is
/// often the whole of an analysis: an allocation would cost as much as the search.
#[derive(Clone)]
enum Melds {
    Inline { len: u8, melds: [HandMeld; INLINE_MELDS] },
    Heap(Vec<HandMeld>),
}

/// Melds a [`Split`] holds without allocating: a 13-card hand's most.
const INLINE_MELDS: usize = 4;

impl Melds {
    fn from_iter(mut melds: impl ExactSizeIterator<Item = HandMeld>) -> Melds {
        let len = melds.len();
        if len > INLINE_MELDS {
            return Melds::Heap(melds.collect());
        }
        // No melds: an empty vector, which allocates nothing either.
        let Some(first) = melds.next() else { return Melds::Heap(Vec::new()) };
        let mut inline = [first; INLINE_MELDS];
        for (slot, meld) in inline[1..].iter_mut().zip(melds) {
            *slot = meld;
        }
        Melds::Inline { len: len as u8, melds: inline }
    }

    fn as_slice(&self) -> &[HandMeld] {
        match self {
            Melds::Inline { len, melds } => &melds[..usize::from(*len)],
            Melds::Heap(melds) => melds,
        }
    }
}

// Compared, hashed and shown as the slice they hold, however stored.
impl PartialEq for Melds {
    fn eq(&self, other: &Melds) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Melds {}

impl core::hash::Hash for Melds {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for Melds {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.as_slice().fmt(f)
    }
}

impl Split {
    /// Total value of the unmelded pieces; `u32::MAX` if it is more (see
    /// [`least_deadwood`]).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
    /// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
    /// let hand: Vec<Card> = parse_list("3c 4c 5c Qd Qh 2s")?;
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let split = least_deadwood(&hand, &rules, value)?;
    /// assert_eq!(split.deadwood(), 22);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn deadwood(&self) -> u32 {
        self.deadwood
    }

    /// The melds (disjoint), in the order the search found them.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
    /// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
    /// let hand: Vec<Card> = parse_list("3c 4c 5c Qd Qh 2s")?;
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let split = least_deadwood(&hand, &rules, value)?;
    /// assert_eq!(split.melds()[0].positions(), &[0, 1, 2]); // 3c 4c 5c
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn melds(&self) -> &[HandMeld] {
        self.melds.as_slice()
    }

    /// The unmelded positions as a bitmask (bit `i` = position `i`).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
    /// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
    /// let hand: Vec<Card> = parse_list("3c 4c 5c Qd Qh 2s")?;
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let split = least_deadwood(&hand, &rules, value)?;
    /// assert_eq!(split.unmelded_mask(), 0b111000); // Qd Qh 2s
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn unmelded_mask(&self) -> u64 {
        self.unmelded
    }

    /// The unmelded positions, ascending.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
    /// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
    /// let hand: Vec<Card> = parse_list("3c 4c 5c Qd Qh 2s")?;
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let split = least_deadwood(&hand, &rules, value)?;
    /// let left: Vec<Card> = split.unmelded().map(|i| hand[i]).collect();
    /// assert_eq!(rummykit_core::format_list(&left), "Qd Qh 2s");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn unmelded(&self) -> impl Iterator<Item = usize> + '_ {
        let mut bits = self.unmelded;
        core::iter::from_fn(move || {
            let i = bits.trailing_zeros() as usize;
            bits &= bits.wrapping_sub(1);
            (i < 64).then_some(i)
        })
    }
}

/// The least-deadwood split of a [`CardSet`], in cards rather than positions: the split
/// [`CardSet::least_deadwood`] finds, as a plain value (nothing allocated, nothing to map
/// back to the hand), from [`CardSet::least_deadwood_split`].
///
/// ```
/// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, format_list, parse_list};
/// let hand = CardSet::from_cards(&parse_list::<Card>("9s 9d 9h 8h 7h Kc 2c")?).unwrap();
/// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
/// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), value).unwrap();
/// assert_eq!(split.deadwood(), 2 + 10 + 7 + 8);
/// let melded: Vec<Card> = split.melds()[0].in_order().collect();
/// assert_eq!(format_list(&melded), "9d 9h 9s");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardSplit {
    deadwood: u32,
    unmelded: CardSet,
    len: u8,
    /// Room for the most melds of three cards or more in a deck.
    melds: [CardMeld; MAX_MELDS],
}

impl CardSplit {
    /// Total value of the unmelded cards; `u32::MAX` if it is more (see
    /// [`least_deadwood`]).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("3c 4c 5c Qd Qh 2s")?).unwrap();
    /// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
    /// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), value).unwrap();
    /// assert_eq!(split.deadwood(), 10 + 10 + 2);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn deadwood(&self) -> u32 {
        self.deadwood
    }

    /// The cards in no meld.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("3c 4c 5c Qd Qh 2s")?).unwrap();
    /// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
    /// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), value).unwrap();
    /// assert_eq!(split.unmelded(), CardSet::from_cards(&parse_list::<Card>("Qd Qh 2s")?).unwrap());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn unmelded(&self) -> CardSet {
        self.unmelded
    }

    /// The melds (disjoint), in the order the search found them: the order of
    /// [`CardSet::least_deadwood`]'s melds.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldKind, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("3c 4c 5c Qd Qh Qs")?).unwrap();
    /// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
    /// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), value).unwrap();
    /// let kinds: Vec<MeldKind> = split.melds().iter().map(|m| m.kind()).collect();
    /// assert_eq!(kinds, [MeldKind::Run, MeldKind::Group]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn melds(&self) -> &[CardMeld] {
        &self.melds[..usize::from(self.len)]
    }
}

/// A meld of a [`CardSplit`]: its cards, its kind, and where a run starts.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldKind, MeldRules, format_list, parse_list};
/// let hand = CardSet::from_cards(&parse_list::<Card>("Ah Kh Qh")?).unwrap();
/// let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Forbidden);
/// let split = hand.least_deadwood_split(&rules, |c| c.number().map_or(0, u32::from)).unwrap();
/// let run = split.melds()[0];
/// assert_eq!((run.kind(), run.cards()), (MeldKind::Run, hand));
/// assert_eq!(format_list(&run.in_order().collect::<Vec<_>>()), "Qh Kh Ah");
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct CardMeld(u64);

impl CardMeld {
    /// Its cards.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("7c 7d 7s 2h")?).unwrap();
    /// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), |_| 1).unwrap();
    /// assert_eq!(split.melds()[0].cards().len(), 3);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn cards(self) -> CardSet {
        CardSet::from_bits(unpack(self.0).0).unwrap_or_default()
    }

    /// Group or run.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldKind, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("7c 7d 7s 2h")?).unwrap();
    /// let split = hand.least_deadwood_split(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), |_| 1).unwrap();
    /// assert_eq!(split.melds()[0].kind(), MeldKind::Group);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn kind(self) -> MeldKind {
        unpack(self.0).1
    }

    /// The cards in meld order: a group by index (suit order), a run from its low end
    /// (`Q-K-A` with the ace high, `K-A-2` round the corner).
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, format_list, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("2s As Ks")?).unwrap();
    /// let rules = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Forbidden);
    /// let split = hand.least_deadwood_split(&rules, |_| 1).unwrap();
    /// assert_eq!(format_list(&split.melds()[0].in_order().collect::<Vec<_>>()), "Ks As 2s");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn in_order(self) -> impl ExactSizeIterator<Item = Card> {
        let (mut cards, kind, first) = unpack(self.0);
        let suit_start = cards.trailing_zeros() / 13 * 13;
        (0..cards.count_ones()).map(move |k| {
            let index = match kind {
                MeldKind::Group => {
                    let i = cards.trailing_zeros();
                    cards &= cards.wrapping_sub(1);
                    i
                }
                // `first` counts 1–14: the k-th card after it, round the corner.
                MeldKind::Run => suit_start + (u32::from(first) - 1 + k) % 13,
            };
            Card::from_index(index as u8).unwrap_or(Card::JOKER)
        })
    }
}

/// The split of `faces` into disjoint melds (valid under `rules`) whose unmelded pieces
/// have the least total `value`: the deadwood of gin-style play, the penalty a hand
/// would pay, and a hint of what to keep.
///
/// Exact: a depth-first search that decides the undecided natural at the lowest
/// position (in one of the melds that contain it, from
/// [`hand_melds`](fn@crate::hand_melds)'s generator, else unmelded), with
/// branch-and-bound on the value so far. Jokers are placed by the melds; jokers left
/// over count their `value` too (15 in Rummy 40). Ties go to the split found first,
/// which is deterministic for a given order of the hand. Distinct plain cards (no
/// jokers, no face twice, melds of three or more), in any order, take the same search
/// on a card mask, several times faster, with the same answer. `value` must not depend
/// on anything but the face (e.g. aces 1 or 15 by the game's configuration). Any
/// values will do: they are summed without overflow, so the split is the least even
/// when a total passes `u32::MAX`, and such a total reads as `u32::MAX`.
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] beyond [`MAX_HAND`] pieces;
/// [`AnalysisError::SearchTooLarge`] for a hand whose search would take more than
/// [`SEARCH_BUDGET`] (2²⁵) steps, a count, not a time (hands that use it all cost up to
/// about 10¹⁰ instructions: 0.6–1.3 s in a release build on a loaded two-core machine,
/// random hands of 50–61 pieces of two decks with jokers). No hand a game of this
/// workspace lets a player hold comes near it (the most laborious 14 cards of two decks
/// with four jokers take under a hundredth of it); a hand of 64 pieces of two copies of
/// 28 cards and eight jokers, every run round the corner, reaches it, and so do some
/// hands of 48 distinct cards.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood, parse_list};
/// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
/// let hand: Vec<Card> = parse_list("7h 8h 9h 9s 9d Kc 2c")?;
/// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
/// let split = least_deadwood(&hand, &rules, value)?;
/// // 7h-8h-9h plus 9s 9d would leave 9+9+10+2; 9h 9s 9d leaves 7+8+10+2 = 27.
/// assert_eq!(split.deadwood(), 27);
/// assert_eq!(split.melds().len(), 1);
/// assert_eq!(split.unmelded().collect::<Vec<_>>(), vec![0, 1, 5, 6]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn least_deadwood<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
) -> Result<Split, AnalysisError> {
    least_deadwood_within(faces, rules, value, SEARCH_BUDGET)
}

/// [`least_deadwood`] giving up past `budget` steps: [`SEARCH_BUDGET`] for a caller's
/// hand, no limit for a [`CardSet`](crate::CardSet)'s, whose analyses answer no error.
pub(crate) fn least_deadwood_within<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
    budget: u64,
) -> Result<Split, AnalysisError> {
    // The search of plain cards by position: the order of the cards and the position of
    // each card filled in as the hand is checked (a hand that is not plain, or needs no
    // search, leaves them unread). Built after the check instead, it needs a second pass
    // over the hand, which costs more than building it for nothing.
    let mut order = [0u8; 52];
    let mut positions_of = [0u8; 64];
    let plain = card_mask_with(faces, rules, |p, i| {
        order[p] = i;
        positions_of[usize::from(i)] = p as u8;
    });
    let Some(hand) = plain else {
        return general_split(faces, rules, value, budget);
    };
    if let Some(split) = all_deadwood(hand, faces.len(), rules, &value) {
        return Ok(split);
    }
    // The search (its arrays cleared, a few hundred bytes) only for a hand that needs one.
    let mut search = CardSearch::new(rules, true);
    search.order = order;
    // The values apart, once the hand is known plain: in the loop above, the compiler
    // made a caller's `min` a branch, mispredicted on random hands.
    search.fill_values(hand, |i| F::from_index(i).map_or(0, &value));
    search.best_unmelded = hand;
    search.budget = budget;
    search.run::<true>(hand, 0, 0, 0);
    if search.steps > budget {
        return Err(AnalysisError::SearchTooLarge { budget });
    }
    Ok(search.split(&positions_of, (1 << faces.len()) - 1))
}

/// [`least_deadwood`] by the general search: jokers, repeated faces, any order.
fn general_split<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
    budget: u64,
) -> Result<Split, AnalysisError> {
    let search = general_search(faces, rules, value, budget)?;
    let melds = Melds::from_iter(search.best_melds.into_iter());
    Ok(Split { deadwood: saturated(search.best), melds, unmelded: search.best_unmelded })
}

/// The general search of `faces`, run: its best split and the steps it took.
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] beyond [`MAX_HAND`] pieces,
/// [`AnalysisError::SearchTooLarge`] past `budget` steps.
fn general_search<'a, F: Face>(
    faces: &'a [F],
    rules: &'a MeldRules,
    value: impl Fn(F) -> u32,
    budget: u64,
) -> Result<Search<'a, F>, AnalysisError> {
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
        best: u64::MAX,
        best_melds: Vec::new(),
        best_unmelded: all,
        stack: Vec::new(),
        buffer: Vec::new(),
        seen: if generator_has_jokers { vec![EMPTY_SLOT; SEEN_SLOTS] } else { Vec::new() },
        steps: 0,
        budget,
    };
    search.run(all, 0, 0);
    if search.steps > budget {
        return Err(AnalysisError::SearchTooLarge { budget });
    }
    Ok(search)
}

/// The steps of the general search of `faces` (for the tests of its budget).
#[cfg(test)]
pub(crate) fn general_search_steps<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
) -> Result<u64, AnalysisError> {
    general_search(faces, rules, value, SEARCH_BUDGET).map(|s| s.steps)
}

/// The least deadwood of `faces` under `rules`: the value of
/// [`least_deadwood`]'s split, without building the split (`u32::MAX` if it is more).
///
/// # Errors
///
/// [`AnalysisError::TooManyPieces`] beyond [`MAX_HAND`] pieces;
/// [`AnalysisError::SearchTooLarge`] past [`SEARCH_BUDGET`] steps, as
/// [`least_deadwood`].
///
/// ```
/// use rummykit_core::{AcePolicy, Card, Face, JokerLimit, MeldRules, least_deadwood_value, parse_list};
/// let value = |c: Card| c.number().map_or(15, |n| u32::from(n.min(10)));
/// let hand: Vec<Card> = parse_list("7h 8h 9h 9s 9d Kc 2c")?;
/// assert_eq!(least_deadwood_value(&hand, &MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), value), Ok(27));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn least_deadwood_value<F: Face>(
    faces: &[F],
    rules: &MeldRules,
    value: impl Fn(F) -> u32,
) -> Result<u32, AnalysisError> {
    if faces.len() > MAX_HAND {
        return Err(AnalysisError::TooManyPieces { len: faces.len(), max: MAX_HAND });
    }
    match card_mask(faces, rules) {
        Some(hand) => match all_deadwood(hand, faces.len(), rules, &value) {
            Some(split) => Ok(split.deadwood),
            None => {
                let mut search = CardSearch::new(rules, false);
                search.fill_values(hand, |i| F::from_index(i).map_or(0, &value));
                search.budget = SEARCH_BUDGET;
                search.run::<false>(hand, 0, 0, 0);
                if search.steps > SEARCH_BUDGET {
                    return Err(AnalysisError::SearchTooLarge { budget: SEARCH_BUDGET });
                }
                Ok(saturated(search.best))
            }
        },
        None => least_deadwood(faces, rules, value).map(|s| s.deadwood()),
    }
}

struct Search<'a, F> {
    generator: Generator<'a, F>,
    values: [u32; 64],
    /// The least deadwood found, summed wide: no sum of 64 `u32` values overflows it.
    best: u64,
    best_melds: Vec<HandMeld>,
    best_unmelded: u64,
    stack: Vec<HandMeld>,
    buffer: Vec<HandMeld>,
    /// A lossy cache of (remaining, least deadwood so far) for states already searched:
    /// reaching a state again with no less deadwood cannot do better. Jokers make such
    /// repeats common (the same pieces split between melds in several ways).
    seen: Vec<(u64, u64)>,
    /// The steps taken so far (calls of [`run`](Search::run), melds generated and
    /// compared): past `budget` the search gives up.
    steps: u64,
    budget: u64,
}

/// The most steps the search of [`least_deadwood`] takes before it answers
/// [`AnalysisError::SearchTooLarge`]: a step is a branch of the general search (jokers,
/// repeated faces), or a meld generated for one and compared with the others; a branch
/// of the search of distinct plain cards, which generates its melds as it goes, counts
/// 128. A count, not a time, so the same hand gets the same answer on any machine; the
/// hands found to use it all cost up to about 10¹⁰ instructions (0.6–1.3 s in a release
/// build on a loaded two-core machine, hands of 50–61 pieces). The largest hands the
/// games let a player hold take under a hundredth of it.
///
/// ```
/// use rummykit_core::{AcePolicy, AnalysisError, Card, JokerLimit, MeldRules, SEARCH_BUDGET, least_deadwood_value};
/// let rules = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Unlimited);
/// // Two copies of 28 cards and eight jokers: 64 pieces, no game's hand.
/// let mut hand: Vec<Card> = Card::all().take(28).chain(Card::all().take(28)).collect();
/// hand.extend([Card::JOKER; 8]);
/// let refused = least_deadwood_value(&hand, &rules, |_| 1);
/// assert_eq!(refused, Err(AnalysisError::SearchTooLarge { budget: SEARCH_BUDGET }));
/// ```
pub const SEARCH_BUDGET: u64 = 1 << 25;

/// Slots of the repeat cache (a power of two).
const SEEN_SLOTS: usize = 1024;

/// A repeat cache slot not filled yet, which no lookup matches on either count: its key
/// is no state's (the cache is read only while a natural remains, so `remaining` is never
/// empty; all ones, by contrast, is a whole hand of [`MAX_HAND`] pieces), and no deadwood
/// reaches its `u64::MAX` (a sum of 64 `u32` values stays below it). Not all zeros: a
/// zeroed allocation costs a `memset` per search, more than filling the slots in place.
const EMPTY_SLOT: (u64, u64) = (0, u64::MAX);

impl<F: Face> Search<'_, F> {
    /// `remaining`: undecided positions; `dead`: value of those already left unmelded
    /// (`dead_mask`).
    fn run(&mut self, remaining: u64, dead: u64, dead_mask: u64) {
        self.steps += 1;
        if self.steps > self.budget {
            // Out of budget: a best of zero ends every branch at once (the caller
            // reports the error, not this split).
            self.best = 0;
        }
        if dead >= self.best {
            return;
        }
        let naturals = remaining & self.generator.naturals;
        if naturals == 0 {
            // Only jokers are left: they are deadwood.
            let mut total = dead;
            let mut m = remaining;
            while m != 0 {
                total += u64::from(self.values[m.trailing_zeros() as usize]);
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
            let (buffer, steps, budget) = (&mut self.buffer, &mut self.steps, self.budget);
            self.generator.melds_with(c, remaining, &mut |m: HandMeld| {
                // A meld generated and compared with those kept: the work, counted.
                *steps += 1 + (buffer.len() - start) as u64;
                if *steps <= budget && !buffer[start..].iter().any(|b| b.mask() == m.mask()) {
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
        self.run(remaining & !bit, dead + u64::from(self.values[c]), dead_mask | bit);
    }
}

/// The fast path of both analyses for a hand of distinct naturals (no jokers): the same
/// search as [`Search`] on the hand's card mask, with the melds of the decided card
/// generated by bit operations ([`melds_from`]), and every card that is in no meld of
/// what remains counted as deadwood at once. Deciding the cards in their positions'
/// order (`run::<true>`), it visits the same branches in the same order as [`Search`]
/// (the card at the lowest position left first; its melds in the generator's order,
/// then leaving it unmelded) and only prunes branches that cannot do strictly better,
/// so it finds the same split. For the value alone any order will do, and for cards
/// listed in index order (a [`CardSet`](crate::CardSet)'s) both orders are one:
/// `run::<false>` decides the lowest card, found in one instruction.
struct CardSearch {
    rules: MeldRules,
    /// Value of each card index.
    values: [u32; 52],
    /// The cards by position, when decided in that order.
    order: [u8; 52],
    /// The least deadwood found, summed wide: no sum of 52 `u32` values overflows it.
    best: u64,
    /// Whether to keep the melds of the best split (not needed for the value alone).
    record: bool,
    /// The melds chosen on the way down, [`packed`](pack); at most 52 / 3 of them
    /// (the fast path requires melds of three or more).
    stack: [u64; MAX_MELDS],
    depth: usize,
    best_melds: [u64; MAX_MELDS],
    best_depth: usize,
    best_unmelded: u64,
    /// Steps so far, [`CARD_STEP`] a branch: past `budget` the search gives up (a best
    /// of zero ends every branch), and its caller reports it.
    steps: u64,
    budget: u64,
}

/// The steps of [`SEARCH_BUDGET`] one branch of the search of plain cards counts: what
/// it costs (its melds generated as it goes) against a step of the general search.
const CARD_STEP: u64 = 128;

/// Most melds in a split of a deck into melds of three or more.
const MAX_MELDS: usize = 52 / 3;

/// A meld of the card search in one word: its cards (bits 0–51), its first value
/// (bits 52–55) and whether it is a run (bit 56).
fn pack(cards: u64, kind: MeldKind, first: u8) -> u64 {
    cards | u64::from(first) << 52 | u64::from(kind == MeldKind::Run) << 56
}

fn unpack(meld: u64) -> (u64, MeldKind, u8) {
    let kind = if meld >> 56 & 1 != 0 { MeldKind::Run } else { MeldKind::Group };
    (meld & ((1 << 52) - 1), kind, (meld >> 52 & 0xF) as u8)
}

impl CardSearch {
    #[inline]
    /// An empty search: [`fill_values`](Self::fill_values) gives it its hand.
    fn new(rules: &MeldRules, record: bool) -> Self {
        CardSearch {
            rules: *rules,
            values: [0; 52],
            order: [0; 52],
            best: u64::MAX,
            record,
            stack: [0; MAX_MELDS],
            depth: 0,
            best_melds: [0; MAX_MELDS],
            best_depth: 0,
            best_unmelded: 0,
            steps: 0,
            // No bound unless the caller sets one: a `CardSet`'s analyses answer no
            // error.
            budget: u64::MAX,
        }
    }

    /// The value of each card of `hand`. Filled in place, after [`new`](Self::new)
    /// (filled there, the search, a few hundred bytes, was copied out of it).
    #[inline]
    fn fill_values(&mut self, hand: u64, value: impl Fn(u8) -> u32) {
        let mut m = hand;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            self.values[i] = value(i as u8);
            m &= m - 1;
        }
    }

    fn value_of(&self, mut cards: u64) -> u64 {
        let mut total = 0;
        while cards != 0 {
            total += u64::from(self.values[cards.trailing_zeros() as usize]);
            cards &= cards - 1;
        }
        total
    }

    /// `remaining`: undecided cards; `dead`: value of those already left unmelded
    /// (`dead_mask`). By position, `order[..cursor]` is decided already.
    fn run<const BY_POSITION: bool>(&mut self, remaining: u64, dead: u64, dead_mask: u64, cursor: usize) {
        if dead >= self.best {
            return;
        }
        // Cards in no meld of what remains are deadwood in every split below.
        let (of_a_rank, in_a_row) = triples_under(remaining, self.rules.ace);
        let hopeless = remaining & !(of_a_rank | in_a_row);
        let (remaining, dead, dead_mask) = if hopeless == 0 {
            (remaining, dead, dead_mask)
        } else {
            let dead = dead + self.value_of(hopeless);
            if dead >= self.best {
                return;
            }
            (remaining & !hopeless, dead, dead_mask | hopeless)
        };
        if remaining == 0 {
            self.best = dead;
            if self.record {
                // A fixed length for the usual few melds: a copy of a variable length
                // is a call to `memcpy`.
                if self.depth <= 4 {
                    self.best_melds[..4].copy_from_slice(&self.stack[..4]);
                } else {
                    self.best_melds[..self.depth].copy_from_slice(&self.stack[..self.depth]);
                }
                self.best_depth = self.depth;
                self.best_unmelded = dead_mask;
            }
            return;
        }
        // Counted where the search branches (a call that returns at once costs little,
        // and there are at most a few dozen of them a branch): the cheaper count.
        self.steps += CARD_STEP;
        if self.steps > self.budget {
            self.best = 0;
            return;
        }
        let (c, cursor) = if BY_POSITION {
            // The first card of `order` still undecided (one is: `remaining` is not empty).
            let mut p = cursor;
            while remaining >> self.order[p] & 1 == 0 {
                p += 1;
            }
            (u32::from(self.order[p]), p + 1)
        } else {
            (remaining.trailing_zeros(), 0)
        };
        let rules = self.rules;
        // Each meld is searched as it is generated. The whole suit round the corner
        // comes once per start: only the first is searched.
        let mut whole_suit = false;
        // The hopeless cards left out do not change which cards are in some triple: the
        // cards of a triple are in it.
        let kinds = (of_a_rank >> c & 1 != 0, in_a_row >> c & 1 != 0);
        melds_from(c, remaining, &rules, kinds, &mut |m, kind, first| {
            // A whole suit, the one meld of 13 cards, is its lane: 13 bits in a row.
            let whole = m >> m.trailing_zeros() == (1 << 13) - 1;
            if self.best == 0 || (whole && core::mem::replace(&mut whole_suit, true)) {
                return;
            }
            if self.record {
                self.stack[self.depth] = pack(m, kind, first);
            }
            self.depth += 1;
            self.run::<BY_POSITION>(remaining & !m, dead, dead_mask, cursor);
            self.depth -= 1;
        });
        let bit = 1u64 << c;
        self.run::<BY_POSITION>(
            remaining & !bit,
            dead + u64::from(self.values[c as usize]),
            dead_mask | bit,
            cursor,
        );
    }
}

impl CardSearch {
    /// The best split found, by position: `positions_of[i]` is the position of card `i`,
    /// `all` the mask of every position. A run lists its positions in run order, a group
    /// by position (as the general search lists them).
    fn split(&self, positions_of: &[u8; 64], all: u64) -> Split {
        // Masked to six bits: no bounds check.
        let mask_of = |mut cards: u64| {
            let mut m = 0u64;
            while cards != 0 {
                m |= 1 << positions_of[cards.trailing_zeros() as usize & 63];
                cards &= cards - 1;
            }
            m
        };
        // The unmelded positions are the others: no need to map the unmelded cards.
        let mut melded = 0;
        let melds = Melds::from_iter(self.best_melds[..self.best_depth].iter().map(|&meld| {
            let (cards, kind, _) = unpack(meld);
            let mask = mask_of(cards);
            melded |= mask;
            let mut positions = [0u8; MAX_MELD_LEN];
            let len = match kind {
                // By position: the bits of its positions' mask, lowest first.
                MeldKind::Group => {
                    let mut rest = mask;
                    let mut len = 0;
                    while rest != 0 {
                        positions[len] = rest.trailing_zeros() as u8;
                        len += 1;
                        rest &= rest - 1;
                    }
                    len
                }
                MeldKind::Run => {
                    let in_order = CardMeld(meld).in_order();
                    let len = in_order.len();
                    for (p, card) in positions.iter_mut().zip(in_order) {
                        *p = positions_of[usize::from(card.index()) & 63];
                    }
                    len
                }
            };
            HandMeld::new(kind, &positions[..len], mask)
        }));
        Split { deadwood: saturated(self.best), melds, unmelded: all & !melded }
    }
}

/// The split of the `len` cards of `hand` (positions in index order) when no three of
/// them could meld (three of a rank, three in a row of a suit): every card deadwood,
/// known without running a search. Every search on a card mask starts here: nearly half
/// of random 11-card hands end here, and the search's set-up was most of their time.
#[inline(always)]
fn all_deadwood<F: Face>(
    hand: u64,
    len: usize,
    rules: &MeldRules,
    value: &impl Fn(F) -> u32,
) -> Option<Split> {
    (in_some_triple_under(hand, rules.ace) == 0).then(|| Split {
        deadwood: saturated(value_of_cards(hand, |i| F::from_index(i).map_or(0, value))),
        melds: Melds::Heap(Vec::new()),
        unmelded: (1 << len) - 1,
    })
}

/// [`all_deadwood`] as a [`CardSplit`].
#[inline]
fn all_deadwood_cards(hand: CardSet, rules: &MeldRules, value: &impl Fn(Card) -> u32) -> Option<CardSplit> {
    (in_some_triple_under(hand.bits(), rules.ace) == 0).then(|| CardSplit {
        deadwood: saturated(value_of_cards(hand.bits(), |i| Card::from_index(i).map_or(0, value))),
        unmelded: hand,
        len: 0,
        melds: [CardMeld(0); MAX_MELDS],
    })
}

/// The total `value` (by card index) of the cards of `hand`, summed wide.
fn value_of_cards(hand: u64, value: impl Fn(u8) -> u32) -> u64 {
    let (mut total, mut rest) = (0u64, hand);
    while rest != 0 {
        total += u64::from(value(rest.trailing_zeros() as u8));
        rest &= rest - 1;
    }
    total
}

/// A deadwood summed wide, as the `u32` the splits report: `u32::MAX` when it is more.
fn saturated(deadwood: u64) -> u32 {
    u32::try_from(deadwood).unwrap_or(u32::MAX)
}

/// The hand as a card mask, if the fast path applies: melds of three or more (at most
/// 17 in a split), every piece a natural, no face twice (in any order).
fn card_mask<F: Face>(faces: &[F], rules: &MeldRules) -> Option<u64> {
    card_mask_with(faces, rules, |_, _| {})
}

/// [`card_mask`], calling `each(position, index)` for the cards (`index` < 52) as it
/// checks them.
#[inline]
fn card_mask_with<F: Face>(faces: &[F], rules: &MeldRules, mut each: impl FnMut(usize, u8)) -> Option<u64> {
    if rules.min_len < 3 || faces.len() > 52 {
        return None;
    }
    let mut mask = 0u64;
    for (p, f) in faces.iter().enumerate() {
        let i = f.index();
        if i >= 52 || mask & (1 << i) != 0 {
            return None;
        }
        mask |= 1 << i;
        each(p, i);
    }
    Some(mask)
}

/// [`least_deadwood`] on a hand of distinct naturals in index order (a
/// [`CardSet`](crate::CardSet)'s), where deciding the lowest card is deciding the lowest
/// position.
pub(crate) fn split_of_cards<F: Face>(hand: u64, rules: &MeldRules, value: impl Fn(F) -> u32) -> Split {
    if let Some(split) = all_deadwood(hand, hand.count_ones() as usize, rules, &value) {
        return split;
    }
    let mut search = CardSearch::new(rules, true);
    search.fill_values(hand, |i| F::from_index(i).map_or(0, &value));
    search.run::<false>(hand, 0, 0, 0);
    // Listed once, rather than counted per card: a count of bits is no instruction on
    // every target.
    let mut positions_of = [0u8; 64];
    let mut rest = hand;
    let mut k = 0;
    while rest != 0 {
        positions_of[rest.trailing_zeros() as usize] = k;
        k += 1;
        rest &= rest - 1;
    }
    search.split(&positions_of, (1 << k) - 1)
}

/// [`CardSet::least_deadwood_split`] of the cards of `hand`: the search of
/// [`CardSet::least_deadwood`], its melds kept as they are found; `Ok(None)` with melds
/// shorter than three (more melds than a [`CardSplit`] has room for).
///
/// # Errors
///
/// [`AnalysisError::SearchTooLarge`] past `budget` steps, counted as the search of
/// [`least_deadwood`] counts them (the same search for cards in index order).
#[inline]
pub(crate) fn card_split(
    hand: CardSet,
    rules: &MeldRules,
    value: impl Fn(Card) -> u32,
    budget: u64,
) -> Result<Option<CardSplit>, AnalysisError> {
    if rules.min_len < 3 {
        return Ok(None);
    }
    if let Some(split) = all_deadwood_cards(hand, rules, &value) {
        return Ok(Some(split));
    }
    let mut search = CardSearch::new(rules, true);
    search.fill_values(hand.bits(), |i| Card::from_index(i).map_or(0, &value));
    search.budget = budget;
    search.run::<false>(hand.bits(), 0, 0, 0);
    if search.steps > budget {
        return Err(AnalysisError::SearchTooLarge { budget });
    }
    let mut melds = [CardMeld(0); MAX_MELDS];
    for (slot, &meld) in melds.iter_mut().zip(&search.best_melds[..search.best_depth]) {
        *slot = CardMeld(meld);
    }
    Ok(Some(CardSplit {
        deadwood: saturated(search.best),
        unmelded: CardSet::from_bits(search.best_unmelded).unwrap_or_default(),
        len: search.best_depth as u8,
        melds,
    }))
}

#[cfg(test)]
mod tests {
    //! The fast path for plain cards against the general search: the same split (same
    //! melds in the same order, same unmelded cards) and the same value.

    use rand::seq::{IndexedRandom, SliceRandom};
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    use super::{card_mask, general_split, least_deadwood, least_deadwood_value};
    use crate::{AcePolicy, Card, Face, JokerLimit, MeldRules};

    const POLICIES: [AcePolicy; 4] =
        [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];

    /// The cards of two neighbouring suits within `width` ranks of a random start
    /// (counted round the corner): hands drawn from them hold many overlapping melds.
    fn band(deck: &[Card], rng: &mut ChaCha8Rng, width: u8) -> Vec<Card> {
        let (s, lo) = (rng.random_range(0..4u8), rng.random_range(1..=13u8));
        deck.iter()
            .copied()
            .filter(|c| {
                let (cs, n) = (c.suit_index().unwrap(), c.number().unwrap());
                (cs == s || cs == (s + 1) % 4) && (n + 13 - lo) % 13 < width
            })
            .collect()
    }

    fn value(c: Card) -> u32 {
        c.number().map_or(25, |n| u32::from(n.min(10)) + u32::from(c.suit_index().unwrap_or(0)))
    }

    #[test]
    fn fast_path_finds_the_general_split() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let deck: Vec<Card> = Card::all().take(52).collect();
        let mut compared = 0;
        for ace in POLICIES {
            for (min, max_group) in [(3, 4), (3, 3), (1, 4), (2, 4)] {
                let mut rules =
                    MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(ace).with_min_len(min);
                rules.max_group_len = max_group;
                for round in 0..400 {
                    // Half the hands from two suits and a band of ranks: many overlapping melds.
                    let pool: Vec<Card> =
                        if round % 2 == 0 { band(&deck, &mut rng, 7) } else { deck.clone() };
                    let len = rng.random_range(0..=pool.len().min(14));
                    let mut hand: Vec<Card> = pool.sample(&mut rng, len).copied().collect();
                    hand.sort();
                    assert_eq!(card_mask(&hand, &rules).is_some(), min >= 3);
                    let general = general_split(&hand, &rules, value, crate::SEARCH_BUDGET).unwrap();
                    assert_eq!(least_deadwood(&hand, &rules, value).unwrap(), general, "{rules:?} {hand:?}");
                    // The set's searches, on the same cards in index order.
                    let set = crate::CardSet::from_cards(&hand).unwrap();
                    assert_eq!(set.least_deadwood(&rules, value), general, "{rules:?} {hand:?}");
                    if let Some(split) = set.least_deadwood_split(&rules, value) {
                        let unmelded = general.unmelded().fold(0, |m, p| m | 1 << hand[p].index());
                        assert_eq!(
                            (split.deadwood(), split.unmelded().bits()),
                            (general.deadwood(), unmelded)
                        );
                        assert_eq!(split.melds().len(), general.melds().len(), "{rules:?} {hand:?}");
                    }
                    hand.shuffle(&mut rng);
                    assert_eq!(least_deadwood_value(&hand, &rules, value), Ok(general.deadwood()));
                    compared += general.melds().len();
                }
            }
        }
        assert!(compared > 3_000, "{compared}");
    }

    /// A whole suit, where round the corner every start gives the same 13 cards (the
    /// general search keeps the first), with cards of other suits around it, in index
    /// order and shuffled.
    #[test]
    fn fast_path_finds_the_general_split_with_a_whole_suit() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let deck: Vec<Card> = Card::all().take(52).collect();
        for ace in POLICIES {
            let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(ace);
            for suit in 0..4u8 {
                for extra in 0..12 {
                    let mut hand: Vec<Card> =
                        deck.iter().copied().filter(|c| c.suit_index() == Some(suit)).collect();
                    let others: Vec<Card> =
                        deck.iter().copied().filter(|c| c.suit_index() != Some(suit)).collect();
                    hand.extend(others.sample(&mut rng, extra).copied());
                    hand.sort();
                    let general = general_split(&hand, &rules, value, crate::SEARCH_BUDGET).unwrap();
                    assert_eq!(least_deadwood(&hand, &rules, value).unwrap(), general, "{rules:?} {hand:?}");
                    assert_eq!(least_deadwood_value(&hand, &rules, value), Ok(general.deadwood()));
                    // And in any order, the whole suit's cards apart.
                    hand.shuffle(&mut rng);
                    let general = general_split(&hand, &rules, value, crate::SEARCH_BUDGET).unwrap();
                    assert_eq!(least_deadwood(&hand, &rules, value).unwrap(), general, "{rules:?} {hand:?}");
                }
            }
        }
    }

    /// Any order of plain cards, every ace policy, several values and largest group
    /// sizes: the fast path by position gives the general search's split (the same
    /// melds in the same order, positions in the input and their order within each
    /// meld, the same unmelded positions), ties broken alike.
    #[test]
    fn fast_path_in_any_order_finds_the_general_split() {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        let deck: Vec<Card> = Card::all().take(52).collect();
        // Gin values, a value per suit (fewer ties), and all alike (many ties).
        let values: [fn(Card) -> u32; 3] = [|c| c.number().map_or(0, |n| u32::from(n.min(10))), value, |_| 1];
        let (mut hands, mut melds) = (0, 0);
        for ace in POLICIES {
            for max_group in [4, 3] {
                let mut rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(ace);
                rules.max_group_len = max_group;
                for &value in &values {
                    for round in 0..900 {
                        // Two of three hands from two suits and a band of ranks: many
                        // overlapping melds, and ties between them.
                        let pool: Vec<Card> =
                            if round % 3 != 0 { band(&deck, &mut rng, 8) } else { deck.clone() };
                        let len = rng.random_range(1..=pool.len().min(15));
                        let mut hand: Vec<Card> = pool.sample(&mut rng, len).copied().collect();
                        // Random order, and now and then descending.
                        hand.shuffle(&mut rng);
                        if round % 7 == 0 {
                            hand.sort_by(|a, b| b.cmp(a));
                        }
                        assert!(card_mask(&hand, &rules).is_some());
                        let general = general_split(&hand, &rules, value, crate::SEARCH_BUDGET).unwrap();
                        assert_eq!(
                            least_deadwood(&hand, &rules, value).unwrap(),
                            general,
                            "{rules:?} {hand:?}"
                        );
                        hands += 1;
                        melds += general.melds().len();
                    }
                }
            }
        }
        assert!(hands >= 20_000 && melds > 20_000, "{hands} {melds}");
    }

    /// Jokers, repeats and short melds take the general search; plain cards in any
    /// order the fast path.
    #[test]
    fn other_hands_take_the_general_search() {
        let c = |s: &str| s.parse::<Card>().unwrap();
        let classic = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
        assert_eq!(card_mask(&[c("2h"), c("*")], &classic), None);
        assert_eq!(card_mask(&[c("2h"), c("2h")], &classic), None);
        assert_eq!(card_mask(&[c("3h"), c("2h")], &classic.with_min_len(2)), None);
        assert!(card_mask(&[c("3h"), c("2h")], &classic).is_some());
        let hand = [c("2h"), c("3h"), c("*"), c("9s")];
        let rules = MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_ace(AcePolicy::LowOrHigh);
        let split = least_deadwood(&hand, &rules, value).unwrap();
        assert_eq!(split.deadwood(), value(c("9s")));
        assert_eq!(least_deadwood_value(&hand, &rules, value), Ok(split.deadwood()));
    }

    /// Values scaled by 2^30 overflow a `u32` sum from four points of deadwood on: every
    /// search still finds the split it finds on the small values (scaling keeps the
    /// order of every total), and reads a total past `u32::MAX` as `u32::MAX`.
    #[test]
    fn huge_values_give_the_split_of_the_small_ones() {
        const SCALE: u32 = 1 << 30;
        let mut rng = ChaCha8Rng::seed_from_u64(33);
        let mut pool: Vec<Card> = Card::all().take(52).collect();
        pool.extend([Card::JOKER, Card::JOKER]);
        let small = |c: Card| c.number().map_or(3, |n| u32::from(n % 4));
        let big = |c: Card| small(c) * SCALE;
        let wide = |deadwood: u32| u32::try_from(u64::from(deadwood) * u64::from(SCALE)).unwrap_or(u32::MAX);
        let mut saturated = 0;
        for rules in [
            MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden),
            MeldRules::new(AcePolicy::High, JokerLimit::Unlimited).with_ace(AcePolicy::RoundTheCorner),
        ] {
            for _ in 0..300 {
                let len = rng.random_range(1..=12);
                let hand: Vec<Card> = pool.sample(&mut rng, len).copied().collect();
                let expected = least_deadwood(&hand, &rules, small).unwrap();
                let split = least_deadwood(&hand, &rules, big).unwrap();
                assert_eq!(split.melds(), expected.melds(), "{hand:?}");
                assert_eq!(split.unmelded_mask(), expected.unmelded_mask(), "{hand:?}");
                assert_eq!(split.deadwood(), wide(expected.deadwood()), "{hand:?}");
                assert_eq!(least_deadwood_value(&hand, &rules, big), Ok(split.deadwood()), "{hand:?}");
                if let Some(set) = crate::CardSet::from_cards(&hand) {
                    let expected = set.least_deadwood(&rules, small);
                    let split = set.least_deadwood(&rules, big);
                    assert_eq!(
                        (split.melds(), split.unmelded_mask()),
                        (expected.melds(), expected.unmelded_mask())
                    );
                    assert_eq!(split.deadwood(), wide(expected.deadwood()));
                    let cards = set.least_deadwood_split(&rules, big).unwrap();
                    assert_eq!(cards.deadwood(), split.deadwood());
                    assert_eq!(cards.unmelded(), set.least_deadwood_split(&rules, small).unwrap().unmelded());
                }
                saturated += usize::from(split.deadwood() == u32::MAX);
            }
        }
        assert!(saturated > 100, "{saturated}");
    }

    /// The least deadwood is found when every other split's total passes `u32::MAX`.
    #[test]
    fn huge_values_elsewhere_leave_the_least_deadwood_exact() {
        let hand: Vec<Card> = crate::parse_list("9d 7h 8h 9h 9s").unwrap();
        let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
        // 7h 8h 9h melded leaves 9d 9s (1 + 1); the group of nines leaves u32::MAX twice.
        let value = |c: Card| if c.number() == Some(9) { 1 } else { u32::MAX };
        let split = least_deadwood(&hand, &rules, value).unwrap();
        assert_eq!((split.deadwood(), split.unmelded_mask()), (2, 0b10001));
        assert_eq!(least_deadwood_value(&hand, &rules, value), Ok(2));
        let set = crate::CardSet::from_cards(&hand).unwrap();
        assert_eq!(set.least_deadwood(&rules, value).deadwood(), 2);
        assert_eq!(set.least_deadwood_split(&rules, value).map(|s| s.deadwood()), Some(2));
        // Every split worth more than u32::MAX: the one with the meld is still the least.
        let split = least_deadwood(&hand, &rules, |_| u32::MAX).unwrap();
        assert_eq!((split.deadwood(), split.melds().len()), (u32::MAX, 1));
    }

    /// Melds held in place or on the heap read, compare, hash and print alike; a split
    /// with more melds than are held in place keeps them all.
    #[test]
    fn melds_in_place_or_on_the_heap_are_one_value() {
        use super::{Melds, Split};
        use core::hash::BuildHasher;
        let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
        let four: Vec<Card> = crate::parse_list("2c 2d 2h 5s 6s 7s 9h 9d 9c Jc Qc Kc 8d").unwrap();
        let split = least_deadwood(&four, &rules, value).unwrap();
        assert!(matches!(split.melds, Melds::Inline { len: 4, .. }));
        let heap = Split { melds: Melds::Heap(split.melds().to_vec()), ..split.clone() };
        assert_eq!(heap, split);
        let state = std::hash::RandomState::new();
        assert_eq!(state.hash_one(&heap), state.hash_one(&split));
        assert_eq!(format!("{heap:?}"), format!("{split:?}"));
        // Five melds: more than are held in place, the same split by either search.
        let mut five = four.clone();
        five.extend(crate::parse_list::<Card>("Ts Js Qs").unwrap());
        five.reverse();
        let split = least_deadwood(&five, &rules, value).unwrap();
        assert_eq!((split.melds().len(), split.unmelded_mask()), (5, 1 << 3));
        assert!(matches!(split.melds, Melds::Heap(_)));
        assert_eq!(split, general_split(&five, &rules, value, crate::SEARCH_BUDGET).unwrap());
    }

    /// A least deadwood split of `hand` by both searches, checked: its melds valid under
    /// `rules` and disjoint, its deadwood the value of the rest.
    fn checked_split(hand: &[Card], rules: &MeldRules, value: impl Fn(Card) -> u32 + Copy) -> super::Split {
        let split = least_deadwood(hand, rules, value).unwrap();
        let mut melded = 0u64;
        for meld in split.melds() {
            assert_eq!(melded & meld.mask(), 0, "{meld:?}");
            melded |= meld.mask();
            let faces: Vec<Card> = meld.select(hand).copied().collect();
            assert!(crate::Meld::new(meld.kind(), &faces, rules).is_ok(), "{faces:?}");
        }
        let all = if hand.len() == 64 { u64::MAX } else { (1 << hand.len()) - 1 };
        assert_eq!(split.unmelded_mask(), all & !melded);
        assert_eq!(
            u64::from(split.deadwood()),
            split.unmelded().map(|p| u64::from(value(hand[p]))).sum::<u64>()
        );
        assert_eq!(least_deadwood_value(hand, rules, value), Ok(split.deadwood()));
        split
    }

    /// A full hand of 64 pieces with a joker is searched like any other (its pieces
    /// left, all of them, once looked like a free slot of the repeat cache): a deck with
    /// a run of eight and four jokers melds whole, as its first 63 pieces do.
    #[test]
    fn a_full_hand_with_jokers_is_searched() {
        let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Unlimited);
        let mut hand: Vec<Card> = Card::all().take(52).collect();
        hand.extend(crate::parse_list::<Card>("Ac 2c 3c 4c 5c 6c 7c 8c * * * *").unwrap());
        assert_eq!(hand.len(), crate::MAX_HAND);
        for value in [(|_| 1) as fn(Card) -> u32, value] {
            let split = checked_split(&hand, &rules, value);
            assert_eq!(split.deadwood(), 0);
            assert_eq!(checked_split(&hand[..63], &rules, value).deadwood(), 0);
        }
    }

    /// A full hand of 64 pieces whose jokers cannot meld (rules without jokers, the
    /// jokers worth nothing): the jokers are its unmelded pieces, and leaving out any of
    /// them leaves the least deadwood of the other 63.
    #[test]
    fn a_full_hand_with_unmelded_jokers_agrees_with_its_63_pieces() {
        let rules = MeldRules::new(AcePolicy::LowOrHigh, JokerLimit::Forbidden);
        let value = |c: Card| if c.is_joker() { 0 } else { value(c) };
        let mut hand: Vec<Card> = Card::all().take(52).collect();
        hand.extend(crate::parse_list::<Card>("* Ac 2c 3c * 4c 5c 6c 7c 8c * *").unwrap());
        assert_eq!(hand.len(), crate::MAX_HAND);
        let full = checked_split(&hand, &rules, value);
        let jokers: Vec<usize> = (0..hand.len()).filter(|&p| hand[p].is_joker()).collect();
        assert_eq!(full.unmelded().collect::<Vec<_>>(), jokers);
        for p in jokers {
            let mut rest = hand.clone();
            rest.remove(p);
            let without = checked_split(&rest, &rules, value);
            assert_eq!((without.deadwood(), without.melds().len()), (full.deadwood(), full.melds().len()));
        }
    }

    /// The largest hands a game lets a player hold stay far within the search's
    /// budget: Rummy 40 and Scala 40 hold at most 14 cards (13 dealt, one drawn) of two
    /// decks with up to four jokers, under any of their ace rules; classic Rummy's 11
    /// cards of one deck, no jokers, take the search of plain cards. The hands are the
    /// most laborious found among several hundred thousand narrow and random ones, with
    /// one card more for margin, and every deal of a narrow band of a suit.
    #[test]
    fn the_largest_hands_of_the_games_stay_far_within_the_search_budget() {
        use super::{SEARCH_BUDGET, general_search_steps};
        let unlimited = |ace| MeldRules::new(ace, JokerLimit::Unlimited);
        let margin = SEARCH_BUDGET / 100;
        for (ace, hand) in [
            (AcePolicy::High, "9d 6d Td 7d Qd * 9d 9c 6c 8d * * * 5d"),
            (AcePolicy::High, "* Qd * * Td Kd 7d 7c 6d 9c * 8d 9d Jd 8c"),
            (AcePolicy::LowOrHigh, "4c * * 7c 3c 5c 6c * 9d 8d 8c 7c 9c *"),
            (AcePolicy::LowOrHigh, "6d 8d Jd Kd * * 7d * 9d 7c Kc Qd 9d * Td"),
            (AcePolicy::RoundTheCorner, "8c * 4d * * 9c * 6c 5c 4c 2c 6c 7c 3c"),
            (AcePolicy::RoundTheCorner, "Tc Qc Ac * Ad Kc Tc 2c * * 8c 9d 2c Jc 9c"),
        ] {
            let hand: Vec<Card> = crate::parse_list(hand).unwrap();
            for value in [value as fn(Card) -> u32, |_| 1] {
                let steps = general_search_steps(&hand, &unlimited(ace), value).unwrap();
                assert!(steps < margin, "{hand:?}: {steps}");
            }
        }
        // 14 cards of the same few values of one suit, two copies, and four jokers.
        let mut rng = ChaCha8Rng::seed_from_u64(14);
        let suit: Vec<Card> = Card::all().take(13).collect();
        for start in 0..13 {
            let mut band: Vec<Card> = (0..7).map(|k| suit[(start + k) % 13]).collect();
            band.extend(band.clone());
            for _ in 0..20 {
                band.shuffle(&mut rng);
                let mut hand = band[..10].to_vec();
                hand.extend([Card::JOKER; 4]);
                for ace in POLICIES {
                    let steps = general_search_steps(&hand, &unlimited(ace), value).unwrap();
                    assert!(steps < margin, "{hand:?}: {steps}");
                }
            }
        }
    }

    /// A hand no game deals, of two copies of 28 cards and eight jokers with every run
    /// round the corner, is refused by the count of its search's steps, whichever way
    /// it is asked; a hand of the same shape within the budget is answered, its steps
    /// counted alike.
    #[test]
    fn a_hand_past_the_search_budget_is_refused() {
        use super::{SEARCH_BUDGET, general_search_steps};
        let rules = MeldRules::new(AcePolicy::RoundTheCorner, JokerLimit::Unlimited);
        let shaped = |faces: usize, jokers: usize| {
            let mut hand: Vec<Card> = Card::all().take(faces).collect();
            hand.extend(Card::all().take(faces));
            hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
            hand
        };
        let huge = shaped(28, 8);
        assert_eq!(huge.len(), crate::MAX_HAND);
        let refused = crate::AnalysisError::SearchTooLarge { budget: SEARCH_BUDGET };
        assert_eq!(least_deadwood(&huge, &rules, value).map(|s| s.deadwood()), Err(refused));
        assert_eq!(least_deadwood_value(&huge, &rules, value), Err(refused));
        assert_eq!(general_search_steps(&huge, &rules, value), Err(refused));
        let within = shaped(8, 4);
        let steps = general_search_steps(&within, &rules, value).unwrap();
        assert!(steps > 1000 && steps < SEARCH_BUDGET, "{steps}");
        assert_eq!(checked_split(&within, &rules, value).deadwood(), 0);
    }

    /// The search of distinct plain cards keeps to the budget too: a hand of 48 of the
    /// 52 cards, valued by rank up to 10, that takes it past is refused by both analyses,
    /// while a [`CardSet`](crate::CardSet), whose analysis answers no error, gets its
    /// split. Hands of 14 distinct cards take a few dozen branches.
    #[test]
    fn plain_cards_past_the_search_budget_are_refused() {
        let rules = MeldRules::new(AcePolicy::High, JokerLimit::Forbidden);
        let by_rank = |c: Card| u32::from(c.number().unwrap_or(0).min(10));
        let mut hand: Vec<Card> = crate::parse_list(
            "Ac 2c 3c 4c 5c 7c 8c 9c Tc Jc Qc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd \
             Ah 2h 3h 4h 5h 6h 7h 8h 9h Jh Qh As 2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks",
        )
        .unwrap();
        assert_eq!(card_mask(&hand, &rules).map(u64::count_ones), Some(48));
        let refused = crate::AnalysisError::SearchTooLarge { budget: super::SEARCH_BUDGET };
        // In index order the value's search and the split's are one search.
        assert_eq!(least_deadwood_value(&hand, &rules, by_rank), Err(refused));
        assert_eq!(least_deadwood(&hand, &rules, by_rank).map(|s| s.deadwood()), Err(refused));
        // The value's search takes the cards in index order, whatever the order given.
        hand.reverse();
        assert_eq!(least_deadwood_value(&hand, &rules, by_rank), Err(refused));
        let set = crate::CardSet::from_cards(&hand).unwrap();
        assert!(set.least_deadwood(&rules, by_rank).deadwood() < 48 * 10);
        let mut rng = ChaCha8Rng::seed_from_u64(45);
        let mut deck: Vec<Card> = Card::all().take(52).collect();
        for _ in 0..2000 {
            deck.shuffle(&mut rng);
            for ace in POLICIES {
                let rules = MeldRules::new(ace, JokerLimit::Forbidden);
                assert!(least_deadwood(&deck[..14], &rules, value).is_ok());
            }
        }
    }

    #[test]
    fn too_many_pieces_is_an_error() {
        let hand = vec![Card::JOKER; 65];
        let err = crate::AnalysisError::TooManyPieces { len: 65, max: 64 };
        assert_eq!(
            least_deadwood_value(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited), value),
            Err(err)
        );
        assert_eq!(
            least_deadwood(&hand, &MeldRules::new(AcePolicy::High, JokerLimit::Unlimited), value)
                .map(|s| s.deadwood()),
            Err(err)
        );
    }
}
