//! [`CardSet`]: distinct natural cards of one deck as a 52-bit mask, with the meld
//! check of such a set as a table lookup.

use crate::deadwood::{card_split, split_of_cards};
use crate::{
    AcePolicy, AnalysisError, Card, CardSplit, Face, MAX_MELD_LEN, MeldKind, MeldRules, PieceSet, Split,
};

/// Bits of the 52 natural cards (a set's mask never has others).
const ALL: u64 = (1 << 52) - 1;
/// The 13 ranks of one suit.
const RANKS: u64 = (1 << 13) - 1;

/// A set of distinct natural cards of one deck: bit `i` is the card of
/// [`index`](Card::index) `i` (suit × 13 + rank − 1). No jokers, no second copies.
///
/// It is the fast path for a plain hand of cards: [`CardSet::meld_kind`] checks a meld
/// with a few bit operations and one table lookup, and
/// [`least_deadwood_value`](crate::least_deadwood_value) and
/// [`least_deadwood`](crate::least_deadwood) search such a hand on its mask.
///
/// ```
/// use rummykit_core::{AcePolicy, Card, CardSet, JokerLimit, MeldKind, MeldRules, parse_list};
/// let cards: Vec<Card> = parse_list("5h 6h 7h")?;
/// let set = CardSet::from_cards(&cards).unwrap();
/// assert_eq!(set.len(), 3);
/// assert_eq!(set.meld_kind(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden)), Some(MeldKind::Run));
/// assert_eq!(CardSet::from_cards(&parse_list::<Card>("5h 5h 6h")?), None); // a repeat
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CardSet(u64);

impl CardSet {
    /// The empty set.
    ///
    /// ```
    /// use rummykit_core::CardSet;
    /// assert!(CardSet::EMPTY.is_empty());
    /// assert_eq!(CardSet::EMPTY, CardSet::default());
    /// ```
    pub const EMPTY: CardSet = CardSet(0);

    /// The set of `cards`, or `None` if one is a joker or a card is there twice.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("Qs Ac 7h")?).expect("one deck, no joker");
    /// assert_eq!(hand.len(), 3);
    /// assert_eq!(CardSet::from_cards(&parse_list::<Card>("Ac *")?), None); // a joker
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn from_cards(cards: &[Card]) -> Option<CardSet> {
        let mut set = CardSet::EMPTY;
        for &c in cards {
            if !set.insert(c) {
                return None;
            }
        }
        Some(set)
    }

    /// The set with mask `bits` (bit `i` = the card of index `i`), or `None` if a bit
    /// beyond the 52 natural cards is set.
    ///
    /// ```
    /// use rummykit_core::CardSet;
    /// assert_eq!(CardSet::from_bits(0b111).map(|s| s.len()), Some(3)); // Ac 2c 3c
    /// assert_eq!(CardSet::from_bits(1 << 52), None);
    /// ```
    #[must_use]
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !ALL == 0 { Some(CardSet(bits)) } else { None }
    }

    /// The cards of the pieces of the one-deck catalog
    /// ([`Catalog::DECK`](crate::Catalog::DECK), which numbers its cards by face index)
    /// in `pieces`; pieces beyond that catalog are left out.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, Catalog, PieceSet, parse_list};
    /// let deck = Catalog::<Card>::DECK;
    /// let cards: Vec<Card> = parse_list("Kc 2h")?;
    /// let pieces: PieceSet = cards.iter().map(|&c| deck.ids_of(c).next().unwrap()).collect();
    /// assert_eq!(CardSet::of_deck_pieces(&pieces), CardSet::from_cards(&cards).unwrap());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn of_deck_pieces(pieces: &PieceSet) -> CardSet {
        CardSet(pieces.low_word() & ALL)
    }

    /// The split of these cards into disjoint melds (valid under `rules`) with the least
    /// deadwood: [`least_deadwood`](crate::least_deadwood) of the cards in index order
    /// (positions in the split count the cards in that order), searched on the mask.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("9s 9d 9h 8h 7h Kc 2c")?).unwrap();
    /// let split = hand.least_deadwood(&MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden), |c| c.number().map_or(0, |n| u32::from(n.min(10))));
    /// assert_eq!(split.deadwood(), 27); // 9d 9h 9s melded
    /// let cards: Vec<Card> = hand.iter().collect();
    /// assert_eq!(split.unmelded().map(|i| cards[i].to_string()).collect::<Vec<_>>(), ["2c", "Kc", "7h", "8h"]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn least_deadwood(self, rules: &MeldRules, value: impl Fn(Card) -> u32) -> Split {
        if rules.min_len >= 3 {
            return split_of_cards(self.0, rules, value);
        }
        let mut faces = [Card::JOKER; 52];
        let mut n = 0;
        for c in self.iter() {
            faces[n] = c;
            n += 1;
        }
        // Within the analysis limit (a set holds at most 52 cards), and with no step
        // budget: a set's analyses answer no error, as before the budget for hands.
        crate::deadwood::least_deadwood_within(&faces[..n], rules, value, u64::MAX)
            .unwrap_or_else(|_| unreachable!())
    }

    /// The split of [`CardSet::least_deadwood`] in cards: the same melds in the same
    /// order, each a [`CardMeld`](crate::CardMeld) (its cards, kind and order), and the
    /// unmelded cards as a set. Nothing is allocated and no position is mapped back.
    /// `None` if `rules` allow melds of fewer than three cards (a split may then hold
    /// more melds than a [`CardSplit`] has room for): [`CardSet::least_deadwood`] takes
    /// any rules.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, Face, JokerLimit, MeldRules, parse_list};
    /// let hand = CardSet::from_cards(&parse_list::<Card>("9s 9d 9h 8h 7h Kc 2c")?).unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
    /// let split = hand.least_deadwood_split(&rules, value).expect("melds of three or more");
    /// assert_eq!(split.deadwood(), hand.least_deadwood(&rules, value).deadwood());
    /// assert_eq!(split.unmelded(), CardSet::from_cards(&parse_list::<Card>("2c Kc 7h 8h")?).unwrap());
    /// assert_eq!(hand.least_deadwood_split(&rules.with_min_len(2), value), None);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub fn least_deadwood_split(self, rules: &MeldRules, value: impl Fn(Card) -> u32) -> Option<CardSplit> {
        // No step is past `u64::MAX`: the search answers, however long it takes.
        card_split(self, rules, value, u64::MAX).unwrap_or_else(|_| unreachable!())
    }

    /// [`CardSet::least_deadwood_split`] giving up past `budget` steps, counted as
    /// [`least_deadwood`](crate::least_deadwood) counts them (for these cards in index
    /// order it is the same search): with [`SEARCH_BUDGET`](crate::SEARCH_BUDGET), a
    /// set answers as [`least_deadwood`](crate::least_deadwood) of its cards does. For
    /// an analysis of a caller's hand, whose search could otherwise take seconds.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, AnalysisError, Card, CardSet, Face, JokerLimit, MeldRules, SEARCH_BUDGET, parse_list};
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// let value = |c: Card| c.number().map_or(0, |n| u32::from(n.min(10)));
    /// let hand = CardSet::from_cards(&parse_list::<Card>("9s 9d 9h 8h 7h Kc 2c")?).unwrap();
    /// let split = hand.least_deadwood_split_within(&rules, value, SEARCH_BUDGET)?.expect("melds of three or more");
    /// assert_eq!(Some(split), hand.least_deadwood_split(&rules, value));
    /// // One branch of the search is past a budget of one step.
    /// assert_eq!(hand.least_deadwood_split_within(&rules, value, 1), Err(AnalysisError::SearchTooLarge { budget: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`AnalysisError::SearchTooLarge`] for a set whose search would take more than
    /// `budget` steps. A set no three of whose cards could meld takes none.
    #[inline]
    pub fn least_deadwood_split_within(
        self,
        rules: &MeldRules,
        value: impl Fn(Card) -> u32,
        budget: u64,
    ) -> Result<Option<CardSplit>, AnalysisError> {
        card_split(self, rules, value, budget)
    }

    /// The mask.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, parse_list};
    /// let set = CardSet::from_cards(&parse_list::<Card>("Ac 2c Ad")?).unwrap();
    /// assert_eq!(set.bits(), 0b1 | 0b10 | 1 << 13); // bit i = the card of index i
    /// assert_eq!(CardSet::from_bits(set.bits()), Some(set));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Adds `card`; `false` if it was there already or is a joker (which a `CardSet`
    /// never holds).
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet};
    /// let (ace, king) = ("Ac".parse::<Card>()?, "Ks".parse::<Card>()?);
    /// let mut set = CardSet::EMPTY;
    /// assert!(set.is_empty());
    /// assert!(set.insert(king) && set.insert(ace));
    /// assert!(!set.insert(ace) && !set.insert(Card::JOKER));
    /// assert!(set.contains(ace) && !set.contains(Card::JOKER));
    /// assert_eq!((set.len(), set.iter().collect::<Vec<_>>()), (2, vec![ace, king]));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn insert(&mut self, card: Card) -> bool {
        let i = card.index();
        if i >= 52 || self.0 & (1 << i) != 0 {
            return false;
        }
        self.0 |= 1 << i;
        true
    }

    /// `true` if `card` is in the set.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, parse_list};
    /// let set = CardSet::from_cards(&parse_list::<Card>("Td Jd")?).unwrap();
    /// assert!(set.contains("Jd".parse()?) && !set.contains("Jh".parse()?));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn contains(self, card: Card) -> bool {
        card.index() < 52 && self.0 & (1 << card.index()) != 0
    }

    /// Number of cards.
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, parse_list};
    /// assert_eq!(CardSet::from_cards(&parse_list::<Card>("2c 3c 4c 5c")?).map(|s| s.len()), Some(4));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// `true` if empty.
    ///
    /// ```
    /// use rummykit_core::CardSet;
    /// assert!(CardSet::EMPTY.is_empty());
    /// assert!(!CardSet::from_bits(1).unwrap().is_empty());
    /// ```
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cards in index order (clubs ace to king, diamonds, hearts, spades).
    ///
    /// ```
    /// use rummykit_core::{Card, CardSet, format_list, parse_list};
    /// let set = CardSet::from_cards(&parse_list::<Card>("Ks Ah 2c")?).unwrap();
    /// let cards: Vec<Card> = set.iter().collect();
    /// assert_eq!(format_list(&cards), "2c Ah Ks"); // index order: clubs, diamonds, hearts, spades
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        core::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Card::from_index(i)
        })
    }

    /// The kind of meld these cards form under `rules` (in any order: a run is read
    /// from its low end), or `None` if they form none. The one set that is both, a
    /// single card when [`MeldRules::min_len`] is 1, is a run, as [`Meld::infer`](crate::Meld::infer)
    /// reads any list that is both.
    ///
    /// Costs a few bit operations and one lookup in a table of every pattern of ranks,
    /// the same answer as [`Meld::new`](crate::Meld::new) given the cards in run order.
    ///
    /// ```
    /// use rummykit_core::{AcePolicy, Card, CardSet, JokerLimit, MeldKind, MeldRules, parse_list};
    /// let set = |s: &str| CardSet::from_cards(&parse_list::<Card>(s).unwrap()).unwrap();
    /// let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
    /// assert_eq!(set("9s 9d 9h").meld_kind(&rules), Some(MeldKind::Group));
    /// assert_eq!(set("Kh Ah Qh").meld_kind(&rules), None); // the ace is low here
    /// let high = rules.with_ace(AcePolicy::LowOrHigh);
    /// assert_eq!(set("Kh Ah Qh").meld_kind(&high), Some(MeldKind::Run));
    /// assert_eq!(set("9s 9d").meld_kind(&rules), None); // too short
    /// assert_eq!(set("9s").meld_kind(&rules.with_min_len(1)), Some(MeldKind::Run));
    /// ```
    #[must_use]
    #[inline]
    pub fn meld_kind(self, rules: &MeldRules) -> Option<MeldKind> {
        let bits = self.0;
        // Where the lowest card's suit starts, by table (an empty set reads as index 64,
        // whose lane is empty).
        let low = bits.trailing_zeros() as usize;
        let lane = bits >> LANE_START[low];
        // The set with its 1, 2, 3, 4 lowest cards removed: it has at least k cards if
        // `fewer[k - 1]` is not empty, at most k if `fewer[k]` is.
        let b1 = bits & bits.wrapping_sub(1);
        let b2 = b1 & b1.wrapping_sub(1);
        let b3 = b2 & b2.wrapping_sub(1);
        let fewer = [bits, b1, b2, b3, b3 & b3.wrapping_sub(1)];
        let long_enough = match rules.min_len {
            0..=5 => fewer[usize::from(rules.min_len.max(1)) - 1] != 0,
            // Rare rules: a count (a sequence of instructions on the base x86-64).
            min => bits.count_ones() >= u32::from(min),
        };
        // A run: one suit (nothing above the lowest card's lane) and a pattern of ranks
        // the ace policy allows.
        let run = (lane >> 13 == 0) & (RUN_PATTERNS[(lane & RANKS) as usize] & ace_bit(rules.ace) != 0);
        // A group: every card of the lowest card's rank (so at most four), and not too
        // many for the rules.
        let max_group = usize::from(rules.max_group_len.min(4));
        let group = (bits & OTHER_RANKS[low] == 0) & ((max_group == 4) | (fewer[max_group] == 0));
        // Both hold only for a single card (two cards of one suit differ in rank), which
        // is a run. No branch: a batch of candidates is about as often one as the other
        // (the compiler made `if`s of the conditions branches, mispredicted on fresh
        // sets), and a caller asking `is_some()` keeps only `(run | group) & long_enough`.
        let (run, group) = (long_enough & run, long_enough & group);
        let kind = if run { MeldKind::Run } else { MeldKind::Group };
        (run | group).then_some(kind)
    }
}

/// The cards of `hand` that lie in three of a rank, and those in three consecutive cards
/// of a suit counted round the corner (K-A-2 included): every card of a meld of three or
/// more is in one of them, whatever the ace policy, so the others are in no meld.
#[inline]
fn triples(hand: u64) -> (u64, u64) {
    // The four suits at once, each in its lane of 13 bits: `up(x, k)` rotates every lane
    // up by k ranks (the bits that leave a lane at the top come back at its bottom).
    let up =
        |x: u64, k: u32| ((x << k) & LANES_FROM[k as usize]) | ((x >> (13 - k)) & !LANES_FROM[k as usize]);
    // `t` marks the lowest rank of three consecutive ranks held.
    let t = hand & up(hand, 12) & up(hand, 11);
    let in_run = t | up(t, 1) | up(t, 2);
    (three_of_a_rank(hand) & hand, in_run & hand)
}

/// The cards of `hand` in some three of a rank or in a row ([`triples`]) under `ace`:
/// where an ace is only low, no run turns the corner (Q-K-A and K-A-2 are none), so the lanes are
/// read by plain shifts, without the rotation's masks (about half the instructions, at
/// every node of the card searches). A card it leaves out is in no meld under `ace`.
#[inline]
pub(crate) fn in_some_triple_under(hand: u64, ace: AcePolicy) -> u64 {
    let (of_a_rank, in_a_row) = triples_under(hand, ace);
    of_a_rank | in_a_row
}

/// The cards of [`in_some_triple_under`] apart, as [`triples`] gives them: a card in no
/// three of a rank is in no group of three or more, one in no three in a row in no run.
#[inline]
pub(crate) fn triples_under(hand: u64, ace: AcePolicy) -> (u64, u64) {
    if ace != AcePolicy::Low {
        return triples(hand);
    }
    // `t` marks the lowest rank of three consecutive ranks held, a rank low enough in its
    // lane that the three stay there (so the shifts up carry nothing into the next lane).
    let t = hand & (hand >> 1) & (hand >> 2) & LOW_RUN_STARTS;
    (three_of_a_rank(hand) & hand, t | t << 1 | t << 2)
}

/// The ranks held in three suits or more, in every lane (bits 0–51).
#[inline]
fn three_of_a_rank(hand: u64) -> u64 {
    let suit = |s: u32| (hand >> (13 * s)) & RANKS;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    // No carries in the product: the lanes do not overlap.
    ((a & b & (c | d)) | (c & d & (a | b))) * RANK_COLUMN
}

/// The ranks 1–11 of every suit's lane: where a run of three that does not turn the
/// corner may start.
const LOW_RUN_STARTS: u64 = (RANKS >> 2) * RANK_COLUMN;

/// For `k` in 0..13: the ranks `k` to 13 of every suit's lane (bits 0–51).
static LANES_FROM: [u64; 13] = {
    let mut t = [0; 13];
    let mut k = 0;
    while k < 13 {
        t[k] = (RANKS >> k << k) * RANK_COLUMN;
        k += 1;
    }
    t
};

/// Calls `emit(mask, kind, first)` with every meld of `hand` (which holds `c`) under
/// `rules` that contains card `c`, in the order of `hand_melds`' generator; `first` is a
/// group's number or the value a run starts at (1–14, or 1–13 round the corner).
///
/// Not a listing of a hand's melds (that is [`for_each_face_meld`](crate::for_each_face_meld)):
/// the branching of the least-deadwood search on a card mask, which decides one card of
/// what is left (the one at the lowest position) and must branch as the general search
/// does (`hand_melds`' generator, with the same card and the same pieces left) to find
/// the same split. The order depends on the cards only, not on their positions.
///
/// `groups` and `runs` say whether to look for either kind: a caller that knows `c` in
/// no three of a rank, or in no three in a row ([`triples_under`]), with melds of three or
/// more, skips a search that would find nothing.
#[inline]
pub(crate) fn melds_from(
    c: u32,
    hand: u64,
    rules: &MeldRules,
    (groups, runs): (bool, bool),
    emit: &mut impl FnMut(u64, MeldKind, u8),
) {
    let min_len = usize::from(rules.min_len.max(1));
    let max_group = usize::from(rules.max_group_len.min(4));
    // Cards that may join `c`: the rest of the hand (when `c` is the lowest card, those
    // of higher index).
    let rest = hand & !(1u64 << c);
    if groups {
        groups_from(c, rest, min_len, max_group, emit);
    }
    if runs {
        runs_from(c, rest, rules.ace, min_len, emit);
    }
}

/// The groups of [`melds_from`].
#[inline]
fn groups_from(
    c: u32,
    rest: u64,
    min_len: usize,
    max_group: usize,
    emit: &mut impl FnMut(u64, MeldKind, u8),
) {
    let rank = c % 13;
    // Groups: `c` and a subset of the same rank in the other suits, in suit order.
    let mut others = [0u64; 3];
    let mut n = 0;
    let mut column = rest & (RANK_COLUMN << rank);
    while column != 0 {
        others[n] = column & column.wrapping_neg();
        n += 1;
        column &= column - 1;
    }
    for subset in 0u32..(1 << n) {
        // `c` and the subset's cards: the bits of a number below 8 counted by a packed
        // table of 2-bit counts (a count of bits is no instruction on the base x86-64).
        let len = 1 + (0xE994usize >> (2 * subset) & 3);
        if len < min_len || len > max_group {
            continue;
        }
        let mut meld = 1u64 << c;
        for (k, bit) in others[..n].iter().enumerate() {
            if subset & (1 << k) != 0 {
                meld |= bit;
            }
        }
        emit(meld, MeldKind::Group, rank as u8 + 1);
    }
}

/// The runs of [`melds_from`].
#[inline]
fn runs_from(c: u32, rest: u64, ace: AcePolicy, min_len: usize, emit: &mut impl FnMut(u64, MeldKind, u8)) {
    let (suit, number) = (c / 13, (c % 13 + 1) as i32);
    // Values a run may use: lo..=hi (14 = an ace above the king; cyclic: any).
    let (lo, hi, cyclic) = match ace {
        AcePolicy::Low => (1, 13, false),
        AcePolicy::High => (2, 14, false),
        AcePolicy::LowOrHigh => (1, 14, false),
        AcePolicy::RoundTheCorner => (-12, 26, true),
    };
    let mut values = [0i32; 2];
    let mut n_values = 0;
    if (lo..=hi).contains(&number) {
        values[n_values] = number;
        n_values += 1;
    }
    if number == 1 && hi == 14 && !cyclic {
        values[n_values] = 14;
        n_values += 1;
    }
    // The card of value `v` in `c`'s suit, as a bit (0 when not in `rest`).
    let card = |v: i32| -> u64 {
        let bit = 1u64 << (suit * 13 + (v - 1).rem_euclid(13) as u32);
        rest & bit
    };
    let max_len = MAX_MELD_LEN as i32;
    for &cv in &values[..n_values] {
        let mut below = 1u64 << c;
        let mut off = 0;
        while off < max_len && cv - off >= lo {
            if off > 0 {
                let bit = card(cv - off);
                if bit == 0 {
                    break;
                }
                below |= bit;
            }
            let start = cv - off;
            let first = if cyclic { (start - 1).rem_euclid(13) + 1 } else { start };
            let mut meld = below;
            let mut end = cv;
            loop {
                if (end - start + 1) as usize >= min_len {
                    emit(meld, MeldKind::Run, first as u8);
                }
                end += 1;
                if end > hi || end - start + 1 > max_len {
                    break;
                }
                let bit = card(end);
                if bit == 0 {
                    break;
                }
                meld |= bit;
            }
            off += 1;
        }
    }
}

/// The cards of rank 1 in the four suits (shifted left by `r` for rank `r + 1`).
const RANK_COLUMN: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// For each card index (and 64, an empty set): where its suit's lane starts.
static LANE_START: [u32; 65] = {
    let mut t = [63; 65];
    let mut i = 0;
    while i < 52 {
        t[i] = (i as u32 / 13) * 13;
        i += 1;
    }
    t
};

/// For each card index (and 64, an empty set): every card but the four of its rank.
static OTHER_RANKS: [u64; 65] = {
    let mut t = [u64::MAX; 65];
    let mut i = 0;
    while i < 52 {
        t[i] = !(RANK_COLUMN << (i % 13));
        i += 1;
    }
    t
};

/// The bit of `ace` in [`RUN_PATTERNS`]: its discriminant, which the lookup shifts by.
const fn ace_bit(ace: AcePolicy) -> u8 {
    1 << ace as u8
}

/// For every pattern of the 13 ranks (bit `r` = rank `r + 1`): which ace policies read
/// it as one run (bits of [`ace_bit`]). Built at compile time.
static RUN_PATTERNS: [u8; 1 << 13] = run_patterns();

const fn run_patterns() -> [u8; 1 << 13] {
    let mut table = [0u8; 1 << 13];
    let mut p = 1usize;
    while p < 1 << 13 {
        let x = p as u64;
        // Consecutive from its lowest rank: x is a block of ones.
        let low = x >> x.trailing_zeros();
        let block = low & (low + 1) == 0;
        let ace = x & 1 != 0;
        let king = x & (1 << 12) != 0;
        // With the ace read as 14: ranks 2..=13 and the ace on top.
        let high = (x >> 1) | if ace { 1 << 12 } else { 0 };
        let high_low = high >> high.trailing_zeros();
        let high_block = high_low & (high_low + 1) == 0;
        let mut bits = 0;
        if block {
            bits |=
                ace_bit(AcePolicy::Low) | ace_bit(AcePolicy::LowOrHigh) | ace_bit(AcePolicy::RoundTheCorner);
            if !ace {
                bits |= ace_bit(AcePolicy::High);
            }
        }
        // A lone ace is a run under every policy (high, it is the run 14 alone).
        if (high_block && ace && king) || x == 1 {
            bits |=
                ace_bit(AcePolicy::High) | ace_bit(AcePolicy::LowOrHigh) | ace_bit(AcePolicy::RoundTheCorner);
        }
        // Round the corner: the complement is one block within the ring (or empty).
        let missing = !x & RANKS;
        if missing == 0 {
            bits |= ace_bit(AcePolicy::RoundTheCorner);
        } else {
            let m = missing >> missing.trailing_zeros();
            if m & (m + 1) == 0 || {
                // The missing ranks wrap: the present ones form one block then.
                let low = x >> x.trailing_zeros();
                low & (low + 1) == 0
            } {
                bits |= ace_bit(AcePolicy::RoundTheCorner);
            }
        }
        table[p] = bits;
        p += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{JokerLimit, Meld};

    /// A set's analysis answers whatever the hand: under rules of melds of two, whose
    /// split takes the general search, a hand past the step budget of
    /// [`least_deadwood`](crate::least_deadwood) still gets its split, every card once.
    #[test]
    fn a_sets_least_deadwood_keeps_no_step_budget() {
        let cards: Vec<Card> = crate::parse_list(
            "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 3d 5d 6d 7d 9d Td Jd Kd \
             Ah 2h 3h 5h 6h 8h 9h Th Qh As 2s 4s 5s 6s 7s 8s Ts Js Qs Ks",
        )
        .expect("cards");
        let rules = MeldRules::new(AcePolicy::High, JokerLimit::Forbidden).with_min_len(2);
        let value = |c: Card| c.number().map_or(0, u32::from);
        assert!(matches!(
            crate::least_deadwood(&cards, &rules, value),
            Err(crate::AnalysisError::SearchTooLarge { .. })
        ));
        let split = CardSet::from_cards(&cards).expect("distinct cards").least_deadwood(&rules, value);
        let melded: usize = split.melds().iter().map(|m| m.len()).sum();
        assert_eq!(melded + split.unmelded().count(), cards.len());
        let deadwood: u32 = split.unmelded().map(|i| value(cards[i])).sum();
        assert_eq!(split.deadwood(), deadwood);
    }

    const POLICIES: [AcePolicy; 4] =
        [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];

    /// The validator's kind for the cards of `bits`: a run if some rotation of the
    /// ascending order is one (a run round the corner starts anywhere), else a group if
    /// they are one. A set valid as both is a run, as [`Meld::infer`] reads it.
    fn verdict(bits: u64, rules: &MeldRules) -> Option<MeldKind> {
        let cards: Vec<Card> = CardSet(bits).iter().collect();
        let run = (0..cards.len().max(1)).any(|k| {
            let mut c = cards.clone();
            c.rotate_left(k);
            Meld::new(MeldKind::Run, &c, rules).is_ok()
        });
        if run {
            return Some(MeldKind::Run);
        }
        Meld::new(MeldKind::Group, &cards, rules).is_ok().then_some(MeldKind::Group)
    }

    /// Every pattern of ranks in one suit, and every pattern of one rank, under every
    /// ace policy and minimum length: the lookup gives the validator's answer (RULES §0).
    #[test]
    fn meld_kind_agrees_with_the_validator_on_every_pattern() {
        for ace in POLICIES {
            for (min, max_group) in [(1, 4), (3, 4), (3, 3), (2, 2)] {
                let mut rules =
                    MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden).with_ace(ace).with_min_len(min);
                rules.max_group_len = max_group;
                for suit in [0u32, 3] {
                    for p in 0u64..1 << 13 {
                        let bits = p << (13 * suit);
                        assert_eq!(CardSet(bits).meld_kind(&rules), verdict(bits, &rules), "{ace:?} {p:#b}");
                    }
                }
                for rank in 0..13u32 {
                    for suits in 0u64..16 {
                        let bits =
                            (0..4).filter(|s| suits & (1 << s) != 0).fold(0, |a, s| a | 1 << (s * 13 + rank));
                        assert_eq!(
                            CardSet(bits).meld_kind(&rules),
                            verdict(bits, &rules),
                            "{ace:?} {bits:#x}"
                        );
                    }
                }
            }
        }
    }

    /// Random sets of every size across suits and ranks.
    #[test]
    fn random_sets_agree_with_the_validator() {
        let rules = MeldRules::new(AcePolicy::Low, JokerLimit::Forbidden);
        let mut rng = 0x1234_5678_9abc_def0u64;
        for _ in 0..20_000 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let bits = rng & ALL & (rng >> 7);
            let bits = bits & (bits >> 3) | (1 << (rng % 52));
            assert_eq!(CardSet(bits).meld_kind(&rules), verdict(bits, &rules), "{bits:#x}");
        }
    }

    /// Sets near a meld and anywhere: up to 7 cards of one suit's band of ranks or one
    /// rank's column (runs and groups, broken or not), with up to two other cards.
    fn near_melds() -> impl proptest::strategy::Strategy<Value = u64> {
        use proptest::prelude::*;
        let card = 0u32..52;
        let shaped =
            (0u32..4, 0u32..13, 0u64..1 << 7, any::<bool>()).prop_map(|(suit, rank, pick, column)| {
                (0..7u32).filter(|k| pick >> k & 1 != 0).fold(0u64, |set, k| {
                    let i = if column { (k % 4) * 13 + rank } else { suit * 13 + (rank + k) % 13 };
                    set | 1 << i
                })
            });
        let others = proptest::collection::vec(card, 0..=2);
        (shaped, others, any::<bool>())
            .prop_map(|(set, others, add)| others.iter().filter(|_| add).fold(set, |set, &i| set | 1 << i))
    }

    proptest::proptest! {
        #![proptest_config(proptest::test_runner::Config::with_cases(4096))]
        /// Any set near a meld, under any ace policy, minimum length and largest group:
        /// the lookup gives the validator's answer (RULES §0).
        #[test]
        fn meld_kind_is_the_validators_under_any_rules(
            bits in near_melds(),
            ace in 0usize..4,
            min_len in 1u8..=6,
            max_group in 1u8..=5,
        ) {
            let mut rules = MeldRules::new(POLICIES[ace], JokerLimit::Forbidden).with_min_len(min_len);
            rules.max_group_len = max_group;
            proptest::prop_assert_eq!(CardSet(bits).meld_kind(&rules), verdict(bits, &rules), "{:#x}", bits);
        }
    }

    /// Whether card `i` of `hand` is in three of its rank or three consecutive cards of
    /// its suit (round the corner): the definition, card by card.
    fn in_some_triple_by_card(hand: u64, i: u32) -> bool {
        let has = |s: u32, r: u32| hand >> (s * 13 + r % 13) & 1 != 0;
        let (s, r) = (i / 13, i % 13);
        let of_rank = (0..4).filter(|&t| has(t, r)).count() >= 3;
        let in_row = (0..3).any(|lo| (0..3).all(|k| has(s, r + 13 - lo + k)));
        has(s, r) && (of_rank || in_row)
    }

    /// Every pattern of one suit beside a random rest, and random hands of every
    /// density: the cards `triples` and `in_some_triple_under` keep are the definition's.
    #[test]
    fn in_some_triple_keeps_the_cards_in_three_of_a_rank_or_in_a_row() {
        let mut rng = 0x0ddb_a11c_afe5_eed5u64;
        let mut next = || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut hands: Vec<u64> =
            (0u64..1 << 13).map(|p| p << 26 | (next() & ALL & !(RANKS << 26))).collect();
        hands.extend((0..20_000).map(|k| {
            let r = next() & ALL;
            [r, r & next(), r & next() & next(), r | next()][k % 4] & ALL
        }));
        for hand in hands {
            let expected = (0..52).filter(|&i| in_some_triple_by_card(hand, i)).fold(0, |m, i| m | 1 << i);
            let (of_a_rank, in_a_row) = triples(hand);
            assert_eq!(of_a_rank | in_a_row, expected, "{hand:#x}");
            for ace in POLICIES {
                let low_only =
                    (0..52).filter(|&i| in_some_triple_low_by_card(hand, i)).fold(0, |m, i| m | 1 << i);
                let want = if ace == AcePolicy::Low { low_only } else { expected };
                assert_eq!(in_some_triple_under(hand, ace), want, "{ace:?} {hand:#x}");
            }
        }
    }

    /// [`in_some_triple_by_card`] where no run turns the corner (the ace only low).
    fn in_some_triple_low_by_card(hand: u64, i: u32) -> bool {
        let has = |s: u32, r: i32| (0..13).contains(&r) && hand >> (s as i32 * 13 + r) & 1 != 0;
        let (s, r) = (i / 13, (i % 13) as i32);
        let of_rank = (0..4).filter(|&t| has(t, r)).count() >= 3;
        let in_row = (0..3).any(|lo| (0..3).all(|k| has(s, r - lo + k)));
        has(s, r) && (of_rank || in_row)
    }

    #[test]
    fn from_cards_refuses_jokers_and_repeats() {
        let c = Card::from_index(5).unwrap();
        assert_eq!(CardSet::from_cards(&[c, Card::JOKER]), None);
        assert_eq!(CardSet::from_cards(&[c, c]), None);
        let set = CardSet::from_cards(&[c]).unwrap();
        assert!(set.contains(c) && !set.contains(Card::JOKER) && !set.is_empty());
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![c]);
        assert_eq!(CardSet::from_bits(set.bits()), Some(set));
    }
}
