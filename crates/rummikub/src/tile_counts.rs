//! [`TileCounts`]: a multiset of Rummikub tile faces (racks, the table's tiles, what a
//! play moved from the rack).

use core::fmt;

use rummykit_core::{Catalog, FACES, Meld, Tile};

/// How many tiles of each face (indexed by [`Tile::index`], 0..53, 52 = joker).
///
/// Rummikub tiles of the same face are interchangeable, so the engine keeps racks and
/// the tiles of the table as face counts: conservation of a play is a 53-entry
/// comparison and a rack fits in 53 bytes on the stack.
///
/// ```
/// use rummykit_rummikub::TileCounts;
/// use rummykit_rummikub::rummykit_core::Tile;
///
/// let rack: TileCounts = "r5 r5 b7 J".parse()?;
/// assert_eq!(rack.len(), 4);
/// assert_eq!(rack.count("r5".parse()?), 2);
/// assert_eq!(rack.value(30), 5 + 5 + 7 + 30);
/// assert_eq!(rack.to_string(), "r5 r5 b7 J");
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TileCounts([u8; FACES]);

impl TileCounts {
    /// No tiles.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// assert!(TileCounts::EMPTY.is_empty());
    /// assert_eq!(TileCounts::EMPTY, TileCounts::new());
    /// ```
    pub const EMPTY: TileCounts = TileCounts([0; FACES]);

    /// An empty multiset.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack = TileCounts::new();
    /// assert!(rack.is_empty() && rack == TileCounts::EMPTY);
    /// ```
    #[must_use]
    pub const fn new() -> TileCounts {
        TileCounts::EMPTY
    }

    /// Every tile of a catalog (the whole box).
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Catalog, Tile};
    /// use rummykit_rummikub::TileCounts;
    /// assert_eq!(TileCounts::full(&rummykit_rummikub::TileSet::Standard106.catalog()).len(), 106);
    /// assert_eq!(TileCounts::full(&rummykit_rummikub::TileSet::Xp160.catalog()).len(), 160);
    /// ```
    #[must_use]
    pub fn full(catalog: &Catalog<Tile>) -> TileCounts {
        let mut counts = [catalog.copies(); FACES];
        counts[Tile::JOKER.index() as usize] = catalog.jokers();
        TileCounts(counts)
    }

    /// The tiles of some melds.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
    /// use rummykit_rummikub::TileCounts;
    /// let run = Meld::new(MeldKind::Run, &parse_list::<Tile>("r1 r2 J")?, &rummykit_rummikub::MELD_RULES).unwrap();
    /// assert_eq!(TileCounts::of_melds(&[run, run]).len(), 6);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn of_melds(melds: &[Meld<Tile>]) -> TileCounts {
        let mut counts = TileCounts::EMPTY;
        for meld in melds {
            for &tile in meld.faces() {
                counts.add(tile);
            }
        }
        counts
    }

    /// How many copies of `tile`.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// use rummykit_rummikub::rummykit_core::Tile;
    /// let rack: TileCounts = "r5 r5 J".parse()?;
    /// assert_eq!((rack.count("r5".parse()?), rack.count("r6".parse()?)), (2, 0));
    /// assert_eq!(rack.count(Tile::JOKER), 1);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    #[inline]
    pub const fn count(&self, tile: Tile) -> u8 {
        self.0[tile.index() as usize]
    }

    /// The counts as a mutable array (crate-internal: callers keep counts in range).
    #[inline]
    pub(crate) fn as_mut_array(&mut self) -> &mut [u8; FACES] {
        &mut self.0
    }

    /// The counts as an array indexed by face index.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack: TileCounts = "r1 J".parse()?;
    /// let counts = rack.as_array();
    /// assert_eq!((counts[0], counts[52]), (1, 1)); // by face index: r1 first, the joker last
    /// assert_eq!(counts.iter().map(|&n| usize::from(n)).sum::<usize>(), rack.len());
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn as_array(&self) -> &[u8; FACES] {
        &self.0
    }

    /// Adds one `tile`; `false` (and no change) if the counts already hold 255 copies of
    /// it, the most a count holds (far above any catalog; parsing refuses more too).
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let mut rack: TileCounts = "k9".parse()?;
    /// assert!(rack.add("k9".parse()?)); // the second copy
    /// assert_eq!(rack.to_string(), "k9 k9");
    /// let mut full: TileCounts = std::iter::repeat_n("k9".parse()?, 255).collect();
    /// assert!(!full.add("k9".parse()?));
    /// assert_eq!(full.len(), 255);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[inline]
    pub fn add(&mut self, tile: Tile) -> bool {
        let c = &mut self.0[tile.index() as usize];
        match c.checked_add(1) {
            Some(n) => {
                *c = n;
                true
            }
            None => false,
        }
    }

    /// Removes one `tile`; `false` (and no change) if there is none.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let mut rack: TileCounts = "r5".parse()?;
    /// assert!(rack.remove("r5".parse()?));
    /// assert!(!rack.remove("r5".parse()?));
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[inline]
    pub fn remove(&mut self, tile: Tile) -> bool {
        let c = &mut self.0[tile.index() as usize];
        if *c == 0 {
            false
        } else {
            *c -= 1;
            true
        }
    }

    /// Number of tiles.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack: TileCounts = "r5 r5 b7 J".parse()?;
    /// assert_eq!(rack.len(), 4);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.0.iter().map(|&c| c as usize).sum()
    }

    /// Whether there are no tiles.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// assert!(TileCounts::new().is_empty());
    /// assert!(!"y2".parse::<TileCounts>()?.is_empty());
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// Number of jokers.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// assert_eq!("J b3 J".parse::<TileCounts>()?.jokers(), 2);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub const fn jokers(&self) -> u8 {
        self.count(Tile::JOKER)
    }

    /// Whether every tile of `self` is also (as often) in `other`.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack: TileCounts = "r5 r5 b7".parse()?;
    /// assert!("r5 b7".parse::<TileCounts>()?.is_subset(&rack));
    /// assert!(!"r5 r5 r5".parse::<TileCounts>()?.is_subset(&rack)); // one r5 too many
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn is_subset(&self, other: &TileCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a <= b)
    }

    /// `self` minus `other`, or `None` if `other` is not a subset of `self`.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let a: TileCounts = "r1 r1 b2".parse()?;
    /// let b: TileCounts = "r1".parse()?;
    /// assert_eq!(a.checked_sub(&b), Some("r1 b2".parse()?));
    /// assert_eq!(b.checked_sub(&a), None);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn checked_sub(&self, other: &TileCounts) -> Option<TileCounts> {
        let mut out = *self;
        for (o, &b) in out.0.iter_mut().zip(other.0.iter()) {
            *o = o.checked_sub(b)?;
        }
        Some(out)
    }

    /// `self` minus `other`, each count stopping at zero.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack: TileCounts = "r5 r5 b7".parse()?;
    /// let played: TileCounts = "r5 k1".parse()?;
    /// assert_eq!(rack.saturating_sub(&played).to_string(), "r5 b7");
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn saturating_sub(&self, other: &TileCounts) -> TileCounts {
        let mut out = *self;
        for (o, &b) in out.0.iter_mut().zip(other.0.iter()) {
            *o = o.saturating_sub(b);
        }
        out
    }

    /// Adds every tile of `other`.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let mut rack: TileCounts = "r5".parse()?;
    /// rack.add_all(&"r5 J".parse()?);
    /// assert_eq!(rack.to_string(), "r5 r5 J");
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    pub fn add_all(&mut self, other: &TileCounts) {
        for (o, &b) in self.0.iter_mut().zip(other.0.iter()) {
            *o = o.saturating_add(b);
        }
    }

    /// The penalty value of these tiles when left on a rack (RULES.md §1.8): each
    /// natural counts its number, each joker `joker_value`. The sum saturates: a total
    /// past `u32::MAX` (only a huge `joker_value` makes one) reads as `u32::MAX`.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let left: TileCounts = "k13 b2 J".parse()?;
    /// assert_eq!(left.value(30), 13 + 2 + 30); // the box's joker penalty
    /// assert_eq!(left.value(0), 15);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn value(&self, joker_value: u32) -> u32 {
        let mut total = 0;
        for (i, &c) in self.0[..52].iter().enumerate() {
            total += u32::from(c) * (i as u32 % 13 + 1);
        }
        // The naturals cannot overflow (52 faces, 255 copies, 13 at most); the jokers can.
        total.saturating_add(u32::from(self.jokers()).saturating_mul(joker_value))
    }

    /// Every tile, in face order, repeated as often as it is held.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// let rack: TileCounts = "J b1 r2 r2".parse()?;
    /// let tiles: Vec<String> = rack.iter().map(|t| t.to_string()).collect();
    /// assert_eq!(tiles, ["r2", "r2", "b1", "J"]); // face order
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| core::iter::repeat_n(t, self.count(t) as usize))
    }

    /// The tiles as a list in face order.
    ///
    /// ```
    /// use rummykit_rummikub::TileCounts;
    /// use rummykit_rummikub::rummykit_core::{Tile, format_list};
    /// let tiles: Vec<Tile> = "b4 r4".parse::<TileCounts>()?.to_vec();
    /// assert_eq!(format_list(&tiles), "r4 b4");
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn to_vec(&self) -> Vec<Tile> {
        self.iter().collect()
    }
}

impl Default for TileCounts {
    fn default() -> Self {
        TileCounts::EMPTY
    }
}

/// Collects with [`TileCounts::add`]: a copy past 255 of a tile is not counted (parsing
/// refuses it).
impl FromIterator<Tile> for TileCounts {
    fn from_iter<I: IntoIterator<Item = Tile>>(iter: I) -> Self {
        let mut counts = TileCounts::EMPTY;
        counts.extend(iter);
        counts
    }
}

/// Adds with [`TileCounts::add`]: a copy past 255 of a tile is not counted.
impl Extend<Tile> for TileCounts {
    fn extend<I: IntoIterator<Item = Tile>>(&mut self, iter: I) {
        for tile in iter {
            self.add(tile);
        }
    }
}

impl fmt::Display for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, tile) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            fmt::Display::fmt(&tile, f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for TileCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TileCounts[{self}]")
    }
}

impl core::str::FromStr for TileCounts {
    type Err = rummykit_core::ParseError;

    /// Parses tiles in notation, any order (`"r5 J r5"`).
    ///
    /// # Errors
    ///
    /// The [`ParseError`](rummykit_core::ParseError) of the first token that does not
    /// parse, or [`TooManyCopies`](rummykit_core::ParseError::TooManyCopies) for a tile
    /// written more than 255 times: a count is a byte, and a rack silently short of
    /// tiles would be a different rack.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::ParseError;
    /// use rummykit_rummikub::TileCounts;
    /// assert_eq!("J ".repeat(255).parse::<TileCounts>()?.jokers(), 255);
    /// assert_eq!(
    ///     "J ".repeat(256).parse::<TileCounts>(),
    ///     Err(ParseError::TooManyCopies { token: "J".into(), max: 255 })
    /// );
    /// # Ok::<(), ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut counts = TileCounts::EMPTY;
        for tile in rummykit_core::parse_list::<Tile>(s)? {
            let count = &mut counts.0[tile.index() as usize];
            *count = count.checked_add(1).ok_or_else(|| rummykit_core::ParseError::TooManyCopies {
                token: tile.to_string(),
                max: u8::MAX.into(),
            })?;
        }
        Ok(counts)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for TileCounts {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for TileCounts {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error as _;
        let text = String::deserialize(d)?;
        text.parse().map_err(D::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::TileCounts;
    use rummykit_core::ParseError;

    #[test]
    fn parsing_refuses_more_copies_than_a_count_holds() {
        let over = ParseError::TooManyCopies { token: "b13".into(), max: 255 };
        assert_eq!(format!("J {}", "b13 ".repeat(256)).parse::<TileCounts>(), Err(over.clone()));
        assert_eq!(over.to_string(), "`b13`: more than 255 copies");
        let full: TileCounts = format!("{}J", "b13 ".repeat(255)).parse().unwrap();
        assert_eq!((full.len(), full.jokers()), (256, 1));
    }

    /// `add` refuses the copy parsing refuses: the 256th of a tile, leaving the counts
    /// as they were; other tiles still count.
    #[test]
    fn adding_refuses_more_copies_than_a_count_holds() {
        let b13 = "b13".parse().unwrap();
        let mut counts = TileCounts::new();
        for n in 1..=255 {
            assert!(counts.add(b13), "{n}");
        }
        let full = counts;
        assert!(!counts.add(b13));
        assert_eq!(counts, full);
        assert_eq!(counts, "b13 ".repeat(255).parse().unwrap());
        assert!(counts.add(rummykit_core::Tile::JOKER));
        assert_eq!((counts.len(), counts.count(b13)), (256, 255));
    }

    #[test]
    fn a_huge_joker_value_saturates() {
        let two: TileCounts = "J J".parse().unwrap();
        assert_eq!(two.value(u32::MAX), u32::MAX);
        assert_eq!(two.value(u32::MAX / 2), u32::MAX - 1);
        let mixed: TileCounts = "k13 J".parse().unwrap();
        assert_eq!(mixed.value(u32::MAX - 13), u32::MAX);
        assert_eq!(mixed.value(u32::MAX - 12), u32::MAX);
    }
}
