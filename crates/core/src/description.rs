//! [`Description`]: an action in words and piece notation, as [`Game::describe`] gives it.
//!
//! [`Game::describe`]: crate::Game::describe

use core::fmt;

use crate::{Card, Catalog, MeldId, MeldTable, PieceId, Tile};

/// One part of a [`Description`]: words, or a piece named by its face.
///
/// ```
/// use rummykit_core::{Card, Description, Part};
/// let mut d = Description::new();
/// d.text("discard ").card("7h".parse::<Card>()?);
/// assert_eq!(d.parts(), [Part::Text("discard ".into()), Part::Card("7h".parse()?)]);
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Part {
    /// Words, printed as they are.
    Text(String),
    /// A card, printed in notation (`7h`, `*`).
    Card(Card),
    /// A tile, printed in notation (`r7`, `J`).
    Tile(Tile),
}

/// What an action does, in words and pieces: the [`Display`](fmt::Display) text is the
/// words with each piece in notation ("meld [7h 8h 9h]"), and [`parts`](Description::parts)
/// keeps the pieces apart from the words, so that a front end can show them its own way
/// (a terminal colours them).
///
/// Every game gives one for each of its actions with [`Game::describe`](crate::Game::describe),
/// relative to the view of the seat that plays it: the view holds the faces of the ids an
/// action names and the melds it refers to.
///
/// ```
/// use rummykit_core::{Card, Description, Tile, parse_list};
/// let mut d = Description::new();
/// d.text("meld ").cards_in_brackets(parse_list::<Card>("7h 8h 9h")?);
/// assert_eq!(d.to_string(), "meld [7h 8h 9h]");
/// assert_eq!(d.cards().count(), 3);
/// let play = Description::from_text("draw a tile");
/// assert_eq!((play.to_string(), play.cards().count()), ("draw a tile".to_owned(), 0));
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Description {
    parts: Vec<Part>,
}

impl Description {
    /// An empty description.
    ///
    /// ```
    /// use rummykit_core::Description;
    /// assert!(Description::new().is_empty());
    /// assert_eq!(Description::new().to_string(), "");
    /// ```
    #[must_use]
    pub const fn new() -> Description {
        Description { parts: Vec::new() }
    }

    /// A description of words only.
    ///
    /// ```
    /// use rummykit_core::Description;
    /// assert_eq!(Description::from_text("pass").to_string(), "pass");
    /// ```
    #[must_use]
    pub fn from_text(text: &str) -> Description {
        let mut d = Description::new();
        d.text(text);
        d
    }

    /// Appends words (joined to the words before them, if any).
    ///
    /// ```
    /// use rummykit_core::{Description, Part};
    /// let mut d = Description::new();
    /// d.text("draw ").text("from the stock");
    /// assert_eq!(d.parts(), [Part::Text("draw from the stock".into())]);
    /// ```
    pub fn text(&mut self, text: &str) -> &mut Description {
        match self.parts.last_mut() {
            Some(Part::Text(words)) => words.push_str(text),
            _ if text.is_empty() => {}
            _ => self.parts.push(Part::Text(text.to_owned())),
        }
        self
    }

    /// Appends a card.
    ///
    /// ```
    /// use rummykit_core::{Card, Description};
    /// let mut d = Description::from_text("discard ");
    /// d.card(Card::JOKER);
    /// assert_eq!(d.to_string(), "discard *");
    /// ```
    pub fn card(&mut self, card: Card) -> &mut Description {
        self.parts.push(Part::Card(card));
        self
    }

    /// Appends a tile.
    ///
    /// ```
    /// use rummykit_core::{Description, Tile};
    /// let mut d = Description::from_text("play ");
    /// d.tile("b13".parse::<Tile>()?);
    /// assert_eq!(d.to_string(), "play b13");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn tile(&mut self, tile: Tile) -> &mut Description {
        self.parts.push(Part::Tile(tile));
        self
    }

    /// Appends cards separated by spaces.
    ///
    /// ```
    /// use rummykit_core::{Card, Description, parse_list};
    /// let mut d = Description::new();
    /// d.cards_list(parse_list::<Card>("Ac 2c")?);
    /// assert_eq!(d.to_string(), "Ac 2c");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn cards_list(&mut self, cards: impl IntoIterator<Item = Card>) -> &mut Description {
        for (i, card) in cards.into_iter().enumerate() {
            if i > 0 {
                self.text(" ");
            }
            self.card(card);
        }
        self
    }

    /// Appends cards separated by spaces, in brackets: how a meld is written.
    ///
    /// ```
    /// use rummykit_core::{Card, Description, parse_list};
    /// let mut d = Description::new();
    /// d.cards_in_brackets(parse_list::<Card>("9s 9d *")?);
    /// assert_eq!(d.to_string(), "[9s 9d *]");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn cards_in_brackets(&mut self, cards: impl IntoIterator<Item = Card>) -> &mut Description {
        self.text("[").cards_list(cards).text("]")
    }

    /// Appends tiles separated by spaces.
    ///
    /// ```
    /// use rummykit_core::{Description, Tile, parse_list};
    /// let mut d = Description::new();
    /// d.tiles_list(parse_list::<Tile>("r1 r2 J")?);
    /// assert_eq!(d.to_string(), "r1 r2 J");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn tiles_list(&mut self, tiles: impl IntoIterator<Item = Tile>) -> &mut Description {
        for (i, tile) in tiles.into_iter().enumerate() {
            if i > 0 {
                self.text(" ");
            }
            self.tile(tile);
        }
        self
    }

    /// Appends tiles separated by spaces, in brackets: how a meld is written.
    ///
    /// ```
    /// use rummykit_core::{Description, Tile, parse_list};
    /// let mut d = Description::new();
    /// d.tiles_in_brackets(parse_list::<Tile>("k9 b9 J")?);
    /// assert_eq!(d.to_string(), "[k9 b9 J]");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn tiles_in_brackets(&mut self, tiles: impl IntoIterator<Item = Tile>) -> &mut Description {
        self.text("[").tiles_list(tiles).text("]")
    }

    /// Appends the card `id` of `catalog` by its face, or by its id (`#12`) if the
    /// catalog has no such card.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Description, PieceId};
    /// let deck = Catalog::<Card>::DECK;
    /// let seven = deck.ids_of("7h".parse()?).next().expect("in the deck");
    /// let mut d = Description::new();
    /// d.piece(&deck, seven).text(" ").piece(&deck, PieceId::new(99).expect("an id"));
    /// assert_eq!(d.to_string(), "7h #99");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn piece(&mut self, catalog: &Catalog<Card>, id: PieceId) -> &mut Description {
        match catalog.face(id) {
            Some(card) => self.card(card),
            None => self.text(&id.to_string()),
        }
    }

    /// Appends the cards `ids` of `catalog` in brackets, in the order given (see
    /// [`piece`](Description::piece)).
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Description, PieceId};
    /// let deck = Catalog::<Card>::DECK;
    /// let ids: Vec<PieceId> = ["5c", "6c", "7c"].iter().map(|c| deck.ids_of(c.parse().unwrap()).next().unwrap()).collect();
    /// let mut d = Description::new();
    /// d.pieces_in_brackets(&deck, ids);
    /// assert_eq!(d.to_string(), "[5c 6c 7c]");
    /// ```
    pub fn pieces_in_brackets(
        &mut self,
        catalog: &Catalog<Card>,
        ids: impl IntoIterator<Item = PieceId>,
    ) -> &mut Description {
        self.text("[");
        for (i, id) in ids.into_iter().enumerate() {
            if i > 0 {
                self.text(" ");
            }
            self.piece(catalog, id);
        }
        self.text("]")
    }

    /// Appends the meld `id` of `table` as its cards in meld order, or its id (`m3`) if
    /// the table has no such meld.
    ///
    /// ```
    /// use rummykit_core::{Card, Catalog, Description, MeldId, MeldKind, MeldRules, MeldTable};
    /// let deck = Catalog::<Card>::DECK;
    /// let card = |c: &str| deck.ids_of(c.parse().unwrap()).next().unwrap();
    /// let mut table = MeldTable::<Card>::new();
    /// let id = table.place(0, MeldKind::Run, &[card("Ah"), card("2h"), card("3h")], &deck, &MeldRules::default())?;
    /// let mut d = Description::from_text("lay 4h off on ");
    /// d.table_meld(&table, id).text(" or ").table_meld(&table, MeldId::new(7));
    /// assert_eq!(d.to_string(), "lay 4h off on [Ah 2h 3h] or m7");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn table_meld(&mut self, table: &MeldTable<Card>, id: MeldId) -> &mut Description {
        match table.meld(id) {
            Some(m) => self.cards_in_brackets(m.meld().faces().iter().copied()),
            None => self.text(&id.to_string()),
        }
    }

    /// The parts, in order.
    ///
    /// ```
    /// use rummykit_core::{Description, Part};
    /// assert_eq!(Description::from_text("pass").parts(), [Part::Text("pass".into())]);
    /// ```
    #[must_use]
    pub fn parts(&self) -> &[Part] {
        &self.parts
    }

    /// Whether there is nothing to print: no part (empty text is never stored as one).
    ///
    /// ```
    /// use rummykit_core::Description;
    /// assert!(Description::from_text("").is_empty());
    /// assert!(Description::new().text("").text("").is_empty());
    /// assert!(!Description::from_text("pass").is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The cards named, in order.
    ///
    /// ```
    /// use rummykit_core::{Card, Description};
    /// let mut d = Description::from_text("swap ");
    /// d.card("7h".parse::<Card>()?).text(" for the joker");
    /// assert_eq!(d.cards().collect::<Vec<_>>(), ["7h".parse::<Card>()?]);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.parts.iter().filter_map(|p| match p {
            Part::Card(c) => Some(*c),
            _ => None,
        })
    }

    /// The tiles named, in order.
    ///
    /// ```
    /// use rummykit_core::{Description, Tile, parse_list};
    /// let mut d = Description::from_text("play ");
    /// d.tiles_list(parse_list::<Tile>("r1 r2 r3")?);
    /// assert_eq!(d.tiles().count(), 3);
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.parts.iter().filter_map(|p| match p {
            Part::Tile(t) => Some(*t),
            _ => None,
        })
    }
}

/// Words as they are, a piece in notation.
///
/// ```
/// use rummykit_core::{Part, Tile};
/// assert_eq!(Part::Tile(Tile::JOKER).to_string(), "J");
/// assert_eq!(Part::Text("pass".into()).to_string(), "pass");
/// ```
impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Text(t) => f.write_str(t),
            Part::Card(c) => write!(f, "{c}"),
            Part::Tile(t) => write!(f, "{t}"),
        }
    }
}

impl fmt::Display for Description {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.parts.iter().try_for_each(|part| write!(f, "{part}"))
    }
}
