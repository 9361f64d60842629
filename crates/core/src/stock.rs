//! [`Piles`]: the face-down stock and the face-up discard pile of a card game, with the
//! restock that turns the discard pile into a new stock ([`Restock`]), and
//! [`deal_cards`], the shuffle-and-deal shared by the card games.

use rand::Rng;
use rand::seq::SliceRandom;

use crate::piece_set::{WORDS, bits_from};
use crate::{Catalog, Face, PieceId, PieceSet, Seat};

/// How the discard pile becomes the new stock when the stock runs out.
///
/// ```
/// use rummykit_core::Restock;
/// // Each game's Config says which it plays (its `restock()`): classic Rummy turns the
/// // whole pile over (`RULES.md` §2.5), Rummy 40 shuffles it and keeps the top discard (§3.7).
/// let turn_over = Restock { shuffle: false, keep_top: false };
/// let shuffle_keep_top = Restock { shuffle: true, keep_top: true };
/// assert_ne!(turn_over, shuffle_keep_top);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Restock {
    /// Shuffle the pile (with the generator seeded at the deal) instead of turning it over
    /// as it lies.
    pub shuffle: bool,
    /// Leave the top discard face up as the start of the new discard pile.
    pub keep_top: bool,
}

/// The stock (face down) and the discard pile (face up) of a card game.
///
/// Both are stacks stored bottom first, so the top card is the last element. The stock's
/// order is part of the state: drawing is deterministic. The only randomness after the
/// deal is a shuffled restock, and that uses a generator whose seed was drawn from the
/// deal's rng ([`deal_cards`]) and is kept here, so a game replays exactly from its deal.
/// The seed is hidden information: views must expose only [`Piles::stock_len`] and the
/// discard pile. A stock turned over unshuffled from the face-up pile is public, its
/// order seen by every seat ([`Piles::stock_is_public`]).
///
/// ```
/// use rummykit_core::{PieceId, Piles, Restock};
/// let id = |i| PieceId::new(i).unwrap();
/// // stock: #2 on top of #1; discard pile: #3 under #4.
/// let mut piles = Piles::new(vec![id(1), id(2)], vec![id(3), id(4)], 0);
/// assert_eq!(piles.draw_stock(), Some(id(2)));
/// assert_eq!(piles.take_discard(), Some(id(4)));
/// assert_eq!(piles.draw_stock(), Some(id(1)));
/// piles.discard(id(9));
/// // The stock is empty: turn the pile (#3, #9) over. The first discard is now on top.
/// assert!(piles.restock(Restock { shuffle: false, keep_top: false }));
/// assert_eq!(piles.stock(), &[id(9), id(3)]);
/// assert_eq!(piles.discard_pile(), &[]);
/// assert_eq!(piles.restocks(), 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Piles {
    stock: Vec<PieceId>,
    discard: Vec<PieceId>,
    restocks: u32,
    seed: u64,
    /// The stock is the discard pile turned over unshuffled: every seat saw its order.
    public: bool,
}

impl Piles {
    /// Piles with the given stock and discard pile (each bottom first) and the seed of
    /// the restock shuffle. Used by scripted deals; [`deal_cards`] builds them at random.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// // A scripted position: three cards face down, #7 face up.
    /// let piles = Piles::new(vec![id(1), id(2), id(3)], vec![id(7)], 99);
    /// assert_eq!((piles.stock_len(), piles.top_discard(), piles.restocks()), (3, Some(id(7)), 0));
    /// ```
    #[must_use]
    pub fn new(stock: Vec<PieceId>, discard: Vec<PieceId>, shuffle_seed: u64) -> Piles {
        Piles { stock, discard, restocks: 0, seed: shuffle_seed, public: false }
    }

    /// The stock, bottom first (the last element is drawn next). Hidden information.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![id(1), id(2)], vec![], 0);
    /// assert_eq!(piles.stock(), &[id(1), id(2)]);
    /// let top = piles.stock().last().copied(); // the next card drawn
    /// assert_eq!(piles.draw_stock(), top);
    /// assert_eq!(top, Some(id(2)));
    /// ```
    #[must_use]
    pub fn stock(&self) -> &[PieceId] {
        &self.stock
    }

    /// Cards left in the stock (public).
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![id(1), id(2)], vec![], 0);
    /// piles.draw_stock();
    /// assert_eq!(piles.stock_len(), 1); // what every player may know
    /// ```
    #[must_use]
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// The discard pile, bottom first (the last element is the top card). Public.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![id(3)], 0);
    /// piles.discard(id(8));
    /// assert_eq!(piles.discard_pile(), &[id(3), id(8)]); // #8 on top
    /// ```
    #[must_use]
    pub fn discard_pile(&self) -> &[PieceId] {
        &self.discard
    }

    /// The top card of the discard pile.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![id(3), id(8)], 0);
    /// assert_eq!(piles.top_discard(), Some(id(8)));
    /// piles.take_discard();
    /// piles.take_discard();
    /// assert_eq!(piles.top_discard(), None);
    /// ```
    #[must_use]
    pub fn top_discard(&self) -> Option<PieceId> {
        self.discard.last().copied()
    }

    /// How many times the discard pile has become the stock in this hand. The count
    /// saturates at `u32::MAX` (a restored save may start anywhere).
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles, Restock};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![id(1), id(2)], 0);
    /// assert!(piles.restock(Restock { shuffle: true, keep_top: true }));
    /// assert_eq!(piles.restocks(), 1); // classic Rummy's cap counts these
    /// ```
    #[must_use]
    pub fn restocks(&self) -> u32 {
        self.restocks
    }

    /// Every card in the stock and the discard pile (for conservation checks).
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let piles = Piles::new(vec![id(1), id(2)], vec![id(5)], 0);
    /// assert_eq!(piles.pieces().len(), 3);
    /// assert!(piles.pieces().contains(id(5)));
    /// ```
    #[must_use]
    pub fn pieces(&self) -> PieceSet {
        self.stock.iter().chain(self.discard.iter()).copied().collect()
    }

    /// The seed of the restock shuffle (hidden information, for saving a game).
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// // Saved with the game, so a restored game restocks exactly as the original would.
    /// let piles = Piles::new(vec![id(1)], vec![], 0xC0FFEE);
    /// assert_eq!(piles.shuffle_seed(), 0xC0FFEE);
    /// assert_eq!(Piles::new(piles.stock().to_vec(), vec![], piles.shuffle_seed()), piles);
    /// ```
    #[must_use]
    pub fn shuffle_seed(&self) -> u64 {
        self.seed
    }

    /// `true` if the stock is the discard pile turned over unshuffled (`RULES.md` §2.5):
    /// every seat saw that pile, so the stock's order, and each card drawn from it, is
    /// public. A shuffled restock makes it hidden again; the dealt stock is hidden.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles, Restock};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![id(1), id(2)], 0);
    /// assert!(!piles.stock_is_public()); // as dealt
    /// piles.restock(Restock { shuffle: false, keep_top: false });
    /// assert!(piles.stock_is_public());
    /// piles.draw_stock();
    /// piles.draw_stock();
    /// piles.discard(id(3));
    /// piles.restock(Restock { shuffle: true, keep_top: false });
    /// assert!(!piles.stock_is_public());
    /// ```
    #[inline]
    #[must_use]
    pub fn stock_is_public(&self) -> bool {
        self.public
    }

    /// The same piles with the stock public or not (for restoring a saved game: a game
    /// whose restocks turn the pile over unshuffled has a public stock after the first).
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let piles = Piles::new(vec![id(1)], vec![], 0).with_restocks(1).with_stock_public(true);
    /// assert!(piles.stock_is_public());
    /// ```
    #[must_use]
    pub fn with_stock_public(mut self, public: bool) -> Piles {
        self.public = public;
        self
    }

    /// The same piles with the restock count set (for restoring a saved game).
    ///
    /// ```
    /// use rummykit_core::Piles;
    /// assert_eq!(Piles::new(vec![], vec![], 0).with_restocks(2).restocks(), 2);
    /// ```
    #[must_use]
    pub fn with_restocks(mut self, restocks: u32) -> Piles {
        self.restocks = restocks;
        self
    }

    /// Deals anew what is hidden from `seat`: the stock and the cards of the other
    /// `hands` that are not in their `known` sets (seen by every seat as they came to the
    /// hand) are shuffled together and dealt back, so every hand keeps its known cards and its
    /// size and the stock its length; the restock seed is drawn afresh. The discard pile
    /// and the restock count stay, and so does a public stock ([`Piles::stock_is_public`]),
    /// card for card: then only the hands' hidden cards are shuffled among them. Returns
    /// the new piles; `hands` changes in place. It is how the card games'
    /// [`Redeal`](crate::Redeal) deals anew what a seat cannot see.
    ///
    /// A seat with no entry in `known` knows nothing, and a known card its hand does not
    /// hold is ignored, so no card is lost or made up whatever `known` holds.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{PieceId, PieceSet, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let piles = Piles::new(vec![id(1), id(2)], vec![id(3)], 0);
    /// let mut hands = [PieceSet::from_iter([id(4)]), PieceSet::from_iter([id(5), id(6)])];
    /// let known = [PieceSet::new(), PieceSet::from_iter([id(6)])];
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let other = piles.redeal_hidden(&mut hands, &known, 0, &mut rng);
    /// assert_eq!(other.discard_pile(), piles.discard_pile());
    /// assert_eq!(hands[0], PieceSet::from_iter([id(4)]), "the seat's own hand stays");
    /// assert!(hands[1].contains(id(6)) && hands[1].len() == 2 && other.stock_len() == 2);
    /// ```
    #[must_use]
    pub fn redeal_hidden<R: Rng + ?Sized>(
        &self,
        hands: &mut [PieceSet],
        known: &[PieceSet],
        seat: Seat,
        rng: &mut R,
    ) -> Piles {
        let others: Vec<Seat> = (0..hands.len()).filter(|&s| s != seat).collect();
        // A known card the hand does not hold is no card of the hand's: keeping it would
        // conjure a card, so only what the hand holds stays.
        let kept = |hands: &[PieceSet], s: Seat| known.get(s).map_or(PieceSet::new(), |k| *k & hands[s]);
        // A public stock is no hidden card: it stays as every seat saw it.
        let mut pool: Vec<PieceId> = if self.public { Vec::new() } else { self.stock.clone() };
        for &s in &others {
            pool.extend(hands[s] - kept(hands, s));
        }
        pool.shuffle(rng);
        let mut cards = pool.into_iter();
        for &s in &others {
            let held = kept(hands, s);
            let hidden = (hands[s] - held).len();
            hands[s] = held | cards.by_ref().take(hidden).collect::<PieceSet>();
        }
        Piles {
            stock: if self.public { self.stock.clone() } else { cards.collect() },
            discard: self.discard.clone(),
            restocks: self.restocks,
            seed: rng.next_u64(),
            public: self.public,
        }
    }

    /// Takes the top card of the stock; `None` (and no change) if it is empty.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![id(1)], vec![id(4)], 0);
    /// assert_eq!(piles.draw_stock(), Some(id(1)));
    /// assert_eq!(piles.draw_stock(), None); // empty: time to restock
    /// assert_eq!(piles.discard_pile(), &[id(4)]);
    /// ```
    pub fn draw_stock(&mut self) -> Option<PieceId> {
        self.stock.pop()
    }

    /// Takes the top card of the discard pile; `None` (and no change) if it is empty.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![id(4), id(6)], 0);
    /// assert_eq!(piles.take_discard(), Some(id(6)));
    /// assert_eq!(piles.top_discard(), Some(id(4)));
    /// ```
    pub fn take_discard(&mut self) -> Option<PieceId> {
        self.discard.pop()
    }

    /// Puts `card` face up on the discard pile.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let mut piles = Piles::new(vec![], vec![], 0);
    /// piles.discard(id(12));
    /// assert_eq!(piles.top_discard(), Some(id(12)));
    /// ```
    #[inline]
    pub fn discard(&mut self, card: PieceId) {
        self.discard.push(card);
    }

    /// `true` if [`Piles::restock`] with `policy` would move at least one card: the
    /// stock is empty and the pile holds a card that would not stay behind.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles, Restock};
    /// let id = |i| PieceId::new(i).unwrap();
    /// let keep_top = Restock { shuffle: true, keep_top: true };
    /// // One card on the pile stays there under keep_top: nothing to restock.
    /// let piles = Piles::new(vec![], vec![id(1)], 0);
    /// assert!(!piles.can_restock(keep_top));
    /// assert!(piles.can_restock(Restock { shuffle: false, keep_top: false }));
    /// // A card left in the stock: no restock yet.
    /// assert!(!Piles::new(vec![id(2)], vec![id(1), id(3)], 0).can_restock(keep_top));
    /// ```
    #[must_use]
    pub fn can_restock(&self, policy: Restock) -> bool {
        let keep = usize::from(policy.keep_top);
        self.stock.is_empty() && self.discard.len() > keep
    }

    /// Turns the discard pile into the new stock when the stock is empty.
    ///
    /// Turned over unshuffled, the first card discarded becomes the top of the stock
    /// (the pile is face up, the stock face down), and the stock is public
    /// ([`Piles::stock_is_public`]) until a shuffled restock. With `keep_top`, the top
    /// discard stays as the start of the new pile. Returns `false`, changing nothing, when
    /// [`Piles::can_restock`] is false.
    ///
    /// ```
    /// use rummykit_core::{PieceId, Piles, Restock};
    /// let id = |i| PieceId::new(i).unwrap();
    /// // Rummy 40: shuffle, keep the top discard face up.
    /// let mut piles = Piles::new(vec![], vec![id(1), id(2), id(3), id(4)], 7);
    /// let same = piles.clone();
    /// assert!(piles.restock(Restock { shuffle: true, keep_top: true }));
    /// assert_eq!(piles.discard_pile(), &[id(4)]);
    /// assert_eq!(piles.stock_len(), 3);
    /// // The shuffle comes from the kept seed: the same piles restock the same way.
    /// let mut again = same;
    /// again.restock(Restock { shuffle: true, keep_top: true });
    /// assert_eq!(again, piles);
    /// ```
    pub fn restock(&mut self, policy: Restock) -> bool {
        if !self.can_restock(policy) {
            return false;
        }
        let kept = if policy.keep_top { self.discard.pop() } else { None };
        // The empty stock's vector becomes the pile, its room kept for the discards.
        core::mem::swap(&mut self.stock, &mut self.discard);
        self.stock.reverse();
        if policy.shuffle {
            // Fisher–Yates with a SplitMix64 stream: deterministic from the deal's seed.
            for i in (1..self.stock.len()).rev() {
                let j = (self.next_random() % (i as u64 + 1)) as usize;
                self.stock.swap(i, j);
            }
        }
        self.discard.extend(kept);
        self.public = !policy.shuffle;
        // A restored game may carry any count: saturate rather than wrap or panic.
        self.restocks = self.restocks.saturating_add(1);
        true
    }

    fn next_random(&mut self) -> u64 {
        self.seed = self.seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.seed;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// A shuffled deal: the hands by seat and the piles.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Catalog, Tile, deal_cards};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let dealt = deal_cards(&Catalog::<Tile>::new(2, 2).unwrap(), 3, 0, 14, &mut rng).unwrap();
/// // Every piece is in exactly one place.
/// let mut all = dealt.piles.pieces();
/// for hand in &dealt.hands {
///     assert!(hand.is_disjoint(&all));
///     all = all | *hand;
/// }
/// assert_eq!(all.len(), 106);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dealt {
    /// The hand of each seat.
    pub hands: Vec<PieceSet>,
    /// The stock and the discard pile with its up-card.
    pub piles: Piles,
}

/// Most copies of a natural face a catalog can hold (52 faces a copy, [`PieceId::LIMIT`] ids).
const MAX_COPIES: usize = PieceId::LIMIT / 52;

/// A copy's worth of bits: the 52 faces.
const COPY: u64 = (1 << 52) - 1;

impl Dealt {
    /// The same deal with each piece given the first copy of its face not yet given
    /// (by [`Catalog::ids_of`]), read in the order a game reads a saved deal: the hands
    /// by seat (each in id order), the discard pile from the bottom, the stock from the
    /// next card drawn. Every hand, pile and order keeps its faces; only which copy lies
    /// where changes, so a deal and the deal read back from its save are the same game.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Card, Catalog, PieceId, deal_cards};
    /// let pack = Catalog::<Card>::new(2, 4).expect("108 cards fit");
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let dealt = deal_cards(&pack, 4, 1, 13, &mut rng).expect("a deal");
    /// let numbered = dealt.clone().numbered_as_read(&pack);
    /// // The same faces everywhere (a hand's in another order: by id).
    /// let faces = |ids: &mut dyn Iterator<Item = PieceId>| ids.filter_map(|id| pack.face(id)).collect::<Vec<_>>();
    /// for (a, b) in dealt.hands.iter().zip(&numbered.hands) {
    ///     let (mut a, mut b) = (faces(&mut a.iter()), faces(&mut b.iter()));
    ///     a.sort_by_key(|f| f.index());
    ///     b.sort_by_key(|f| f.index());
    ///     assert_eq!(a, b);
    /// }
    /// assert_eq!(faces(&mut dealt.piles.stock().iter().copied()), faces(&mut numbered.piles.stock().iter().copied()));
    /// // The first hand read holds the first copy of each of its faces.
    /// let first = numbered.hands[0].iter().filter_map(|id| pack.face(id).map(|f| (id, f)));
    /// for (id, face) in first {
    ///     assert!(pack.ids_of(face).take_while(|&c| c != id).all(|c| numbered.hands[0].contains(c)));
    /// }
    /// ```
    #[must_use]
    pub fn numbered_as_read<F: Face>(mut self, catalog: &Catalog<F>) -> Dealt {
        let copies = usize::from(catalog.copies()).min(MAX_COPIES);
        let naturals = copies * 52;
        // `given[k]`: the faces of which `k + 1` copies are given, as bits by face
        // index; a hand is renumbered a copy of the 52 faces at a time, not a card.
        let mut given = [0u64; MAX_COPIES];
        let mut jokers_given = 0;
        for hand in &mut self.hands {
            let words = hand.words();
            // `held[k]`: the faces of which the hand holds at least `k + 1` copies.
            let mut held = [0u64; MAX_COPIES];
            let mut naturals_held = 0;
            for k in 0..copies {
                let mut more = bits_from(&words, 52 * k) & COPY;
                naturals_held += more.count_ones() as usize;
                for layer in held.iter_mut().take(copies) {
                    let carried = *layer & more;
                    *layer |= more;
                    more = carried;
                }
            }
            let mut numbered = [0u64; WORDS];
            for &faces in held.iter().take(copies) {
                // Each face takes its first copy not yet given.
                let mut faces = faces;
                for (k, layer) in given.iter_mut().enumerate().take(copies) {
                    let new = faces & !*layer;
                    *layer |= new;
                    faces &= !new;
                    or_bits_at(&mut numbered, 52 * k, new);
                }
            }
            // The jokers follow one another past the naturals.
            let mut jokers = (hand.len() - naturals_held).min(catalog.len() - naturals - jokers_given);
            while jokers > 0 {
                let next = jokers.min(64);
                or_bits_at(&mut numbered, naturals + jokers_given, u64::MAX >> (64 - next));
                jokers_given += next;
                jokers -= next;
            }
            *hand = PieceSet::from_words(numbered);
        }
        // The piles a card at a time, in order: the copies given so far by face (the
        // joker last).
        let mut counts = [0u8; 53];
        for layer in given.iter().take(copies) {
            let mut faces = *layer;
            while faces != 0 {
                counts[faces.trailing_zeros() as usize] += 1;
                faces &= faces - 1;
            }
        }
        let mut number = |id: &mut PieceId| {
            let i = usize::from(id.index());
            if i < naturals {
                let face = i % 52;
                let k = usize::from(counts[face]);
                if k < copies {
                    counts[face] += 1;
                    *id = PieceId::from_bit(52 * k + face);
                }
            } else if i < catalog.len() && naturals + jokers_given < catalog.len() {
                *id = PieceId::from_bit(naturals + jokers_given);
                jokers_given += 1;
            }
        };
        self.piles.discard.iter_mut().for_each(&mut number);
        self.piles.stock.iter_mut().rev().for_each(&mut number);
        self
    }
}

/// `bits` or-ed into `words` from bit `start` on (the bits past the last word dropped).
#[inline]
fn or_bits_at(words: &mut [u64; WORDS], start: usize, bits: u64) {
    let (word, shift) = (start / 64, start % 64);
    if let Some(w) = words.get_mut(word) {
        *w |= bits << shift;
    }
    if let Some(w) = words.get_mut(word + 1)
        && shift != 0
    {
        *w |= bits >> (64 - shift);
    }
}

/// Shuffles every card of `catalog` with `rng` and deals `hand_size` cards to each of
/// `seats` players, one at a time clockwise starting at `first`; the next card is turned
/// up to start the discard pile and the rest is the stock (`RULES.md` §2.2, §3.2). The
/// restock seed is drawn from `rng` too, so the deal fixes everything that follows.
///
/// Returns `None` if the cards do not suffice (`seats * hand_size + 1` > catalog), if
/// there are more seats than cards (checked before anything is allocated per seat), or
/// if `first` is not a seat.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Card, Catalog, deal_cards};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
/// let dealt = deal_cards(&Catalog::<Card>::DECK, 4, 1, 7, &mut rng).unwrap();
/// assert!(dealt.hands.iter().all(|h| h.len() == 7));
/// assert_eq!(dealt.piles.discard_pile().len(), 1);
/// assert_eq!(dealt.piles.stock_len(), 52 - 28 - 1);
/// ```
pub fn deal_cards<F: Face, R: Rng + ?Sized>(
    catalog: &Catalog<F>,
    seats: usize,
    first: Seat,
    hand_size: usize,
    rng: &mut R,
) -> Option<Dealt> {
    let cards = catalog.len();
    if first >= seats || seats > cards || seats.checked_mul(hand_size)?.checked_add(1)? > cards {
        return None;
    }
    let mut cards: Vec<PieceId> = catalog.ids().collect();
    cards.shuffle(rng);
    let seed = rng.next_u64();
    // The deck is face down: deal from its end (the top).
    let mut hands = vec![PieceSet::new(); seats];
    // Round the table by a stepped seat, not a division a card.
    let mut seat = first;
    for _ in 0..seats * hand_size {
        let card = cards.pop()?;
        hands[seat].insert(card);
        seat += 1;
        if seat == seats {
            seat = 0;
        }
    }
    // Room for the whole pack on the pile: a hand's discards never grow it.
    let mut discard = Vec::with_capacity(catalog.len());
    discard.push(cards.pop()?);
    Some(Dealt { hands, piles: Piles::new(cards, discard, seed) })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Classic Rummy's restock (`RULES.md` §2.5) and Rummy 40's (§3.7).
    const TURN_OVER: Restock = Restock { shuffle: false, keep_top: false };
    const SHUFFLE_KEEP_TOP: Restock = Restock { shuffle: true, keep_top: true };

    fn id(i: u8) -> PieceId {
        PieceId::new(i).unwrap()
    }

    #[test]
    fn restock_unshuffled_reverses_the_pile() {
        let mut p = Piles::new(vec![], vec![id(1), id(2), id(3)], 5);
        assert!(!p.can_restock(Restock { shuffle: false, keep_top: true }) || p.discard.len() > 1);
        assert!(p.restock(TURN_OVER));
        assert_eq!(p.stock(), &[id(3), id(2), id(1)]);
        assert_eq!(p.draw_stock(), Some(id(1)));
    }

    #[test]
    fn restock_keep_top_and_shuffle_is_deterministic() {
        let pile: Vec<PieceId> = (0..20).map(id).collect();
        let mut a = Piles::new(vec![], pile.clone(), 42);
        let mut b = a.clone();
        assert!(a.restock(SHUFFLE_KEEP_TOP));
        assert!(b.restock(SHUFFLE_KEEP_TOP));
        assert_eq!(a, b);
        assert_eq!(a.discard_pile(), &[id(19)]);
        assert_eq!(a.stock_len(), 19);
        let mut sorted = a.stock().to_vec();
        sorted.sort();
        assert_eq!(sorted, pile[..19].to_vec());
        assert_ne!(a.stock(), &pile[..19].iter().rev().copied().collect::<Vec<_>>()[..]);
    }

    /// A save may restore any restock count; the next restock saturates, never wraps.
    #[test]
    fn restock_count_saturates_at_the_maximum() {
        let mut p = Piles::new(vec![], vec![id(1), id(2), id(3)], 5).with_restocks(u32::MAX);
        assert!(p.restock(TURN_OVER));
        assert_eq!(p.restocks(), u32::MAX);
        assert_eq!(p.stock_len(), 3);
    }

    #[test]
    fn deal_refuses_more_seats_than_cards_before_allocating() {
        use crate::{Card, Catalog};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        for seats in [53, 1 << 40, usize::MAX] {
            assert!(deal_cards(&Catalog::<Card>::DECK, seats, 0, 0, &mut rng).is_none(), "{seats} seats");
        }
        assert!(deal_cards(&Catalog::<Card>::DECK, 51, 0, 1, &mut rng).is_some());
    }

    #[test]
    fn restock_refused_when_nothing_to_move() {
        let mut p = Piles::new(vec![id(1)], vec![id(2)], 0);
        let before = p.clone();
        assert!(!p.restock(TURN_OVER));
        assert_eq!(p, before);
        let mut q = Piles::new(vec![], vec![id(2)], 0);
        assert!(!q.restock(SHUFFLE_KEEP_TOP));
        assert!(q.restock(TURN_OVER));
    }

    /// `known` shorter than `hands`, or naming cards a hand does not hold, neither panics
    /// nor loses or makes up a card.
    #[test]
    fn redeal_hidden_reads_known_within_the_hands() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut hands = [PieceSet::new(), PieceSet::new()];
        let piles = Piles::new(vec![], vec![], 0).redeal_hidden(&mut hands, &[], 0, &mut rng);
        assert_eq!((piles.stock_len(), hands), (0, [PieceSet::new(), PieceSet::new()]));

        let piles = Piles::new(vec![id(1), id(2)], vec![id(3)], 0);
        let start =
            [PieceSet::from_iter([id(4)]), PieceSet::from_iter([id(5), id(6)]), PieceSet::from_iter([id(7)])];
        let all = piles.pieces() | start[0] | start[1] | start[2];
        // Seat 1 "knows" id(6), which it holds, and id(1) and id(4), which it does not;
        // seat 2 has no entry.
        let known = [PieceSet::new(), PieceSet::from_iter([id(6), id(1), id(4)])];
        for _ in 0..20 {
            let mut hands = start;
            let other = piles.redeal_hidden(&mut hands, &known, 0, &mut rng);
            assert_eq!(hands[0], start[0], "the seat's own hand stays");
            assert!(hands[1].contains(id(6)), "the known card stays");
            assert_eq!(hands.map(|h| h.len()), [1, 2, 1], "hand sizes stay");
            assert_eq!(other.stock_len(), 2);
            let mut seen = other.pieces();
            for h in hands {
                assert!(seen.is_disjoint(&h), "a card twice: {hands:?} {other:?}");
                seen |= h;
            }
            assert_eq!(seen, all, "every card once");
        }
    }

    /// `RULES.md` §2.5: the pile turned over unshuffled is public until a shuffled
    /// restock; a redeal keeps a public stock card for card and deals only the hands'
    /// hidden cards anew, every card once.
    #[test]
    fn redeal_hidden_keeps_a_public_stock() {
        let mut piles = Piles::new(vec![], (1..=6).map(id).collect(), 3);
        assert!(!piles.stock_is_public());
        assert!(piles.restock(TURN_OVER));
        assert!(piles.stock_is_public());
        let start = [
            PieceSet::from_iter([id(10)]),
            PieceSet::from_iter([id(11), id(12), id(13)]),
            PieceSet::from_iter([id(14), id(15), id(16)]),
        ];
        let all = piles.pieces() | start[0] | start[1] | start[2];
        let known = [PieceSet::new(), PieceSet::from_iter([id(11)]), PieceSet::new()];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
        let mut moved = 0;
        for _ in 0..30 {
            let mut hands = start;
            let other = piles.redeal_hidden(&mut hands, &known, 0, &mut rng);
            assert_eq!(other.stock(), piles.stock());
            assert!(other.stock_is_public());
            assert_eq!(hands[0], start[0]);
            assert!(hands[1].contains(id(11)));
            assert_eq!(hands.map(|h| h.len()), [1, 3, 3]);
            let mut seen = other.pieces();
            for h in hands {
                assert!(seen.is_disjoint(&h));
                seen |= h;
            }
            assert_eq!(seen, all, "every card once");
            moved += usize::from(hands != start);
        }
        assert!(moved > 20, "the hidden cards move: {moved} of 30");
        // A shuffled restock hides the order again, and a redeal deals the stock anew.
        while piles.draw_stock().is_some() {}
        piles.discard(id(20));
        piles.discard(id(21));
        piles.discard(id(22));
        assert!(piles.restock(Restock { shuffle: true, keep_top: false }));
        assert!(!piles.stock_is_public());
        let redealt = (0..10).filter(|_| {
            let mut hands = start;
            piles.redeal_hidden(&mut hands, &known, 0, &mut rng).stock() != piles.stock()
        });
        assert!(redealt.count() > 5);
    }

    #[test]
    fn deal_partitions_the_catalog() {
        let cat = Catalog::<crate::Card>::new(2, 2).expect("106 cards");
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let d = deal_cards(&cat, 6, 2, 13, &mut rng).unwrap();
        let mut all = d.piles.pieces();
        for h in &d.hands {
            assert_eq!(h.len(), 13);
            assert!(all.is_disjoint(h));
            all |= *h;
        }
        assert_eq!(all, cat.all());
        assert!(deal_cards(&Catalog::<crate::Card>::DECK, 6, 0, 9, &mut rng).is_none());
        assert!(deal_cards(&cat, 2, 2, 10, &mut rng).is_none());
    }

    /// The copies numbered a copy of the faces at a time are those a card at a time
    /// gives: each card, read in order, the first copy of its face not yet given.
    #[test]
    fn numbered_as_read_gives_each_card_its_first_copy_not_given() {
        fn one_at_a_time(catalog: &Catalog<crate::Card>, dealt: &Dealt) -> Dealt {
            let mut given = PieceSet::new();
            let mut number = |id: PieceId| {
                let face = catalog.face(id).expect("a card of the pack");
                let copy = catalog.ids_of(face).find(|&c| !given.contains(c)).expect("a copy left");
                given.insert(copy);
                copy
            };
            let hands = dealt.hands.iter().map(|h| h.iter().map(&mut number).collect()).collect();
            let discard = dealt.piles.discard_pile().iter().map(|&id| number(id)).collect();
            let mut stock: Vec<PieceId> = dealt.piles.stock().iter().rev().map(|&id| number(id)).collect();
            stock.reverse();
            Dealt { hands, piles: Piles::new(stock, discard, dealt.piles.shuffle_seed()) }
        }
        let packs = [(1, 0), (1, 4), (2, 2), (2, 4), (3, 4), (1, 100), (2, 56)];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut moved = 0;
        for (copies, jokers) in packs {
            let catalog = Catalog::<crate::Card>::new(copies, jokers).expect("a pack that fits");
            for round in 0..200 {
                let seats = 2 + round % 5;
                let size = (catalog.len() - 1) / seats;
                let size = if round % 2 == 0 { size.min(13) } else { size };
                let dealt = deal_cards(&catalog, seats, round % seats, size, &mut rng).expect("a deal");
                let numbered = dealt.clone().numbered_as_read(&catalog);
                assert_eq!(
                    numbered,
                    one_at_a_time(&catalog, &dealt),
                    "pack {copies}x52+{jokers}, round {round}"
                );
                moved += usize::from(numbered != dealt);
            }
        }
        assert!(moved > 1000, "the deals renumbered: {moved}");
    }
}
