//! [`Style`]: ANSI colours for tiles and cards, or plain text.

use std::fmt::Display;

use rummykit_core::{Card, Colour, Description, Part, Suit, Tile};

/// How pieces are printed: with ANSI colours (a terminal) or as plain notation.
///
/// ```
/// use rummykit_core::Tile;
/// use rummykit_terminal::Style;
/// let t: Tile = "r7".parse().unwrap();
/// assert_eq!(Style::PLAIN.tile(t), "r7");
/// assert_eq!(Style::COLOUR.tile(t), "\u{1b}[31mr7\u{1b}[0m");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Style {
    /// Whether to print ANSI colour codes.
    pub colour: bool,
}

const RESET: &str = "\x1b[0m";

impl Style {
    /// Plain text.
    ///
    /// ```
    /// use rummykit_core::Card;
    /// use rummykit_terminal::Style;
    /// let cards: Vec<Card> = rummykit_core::parse_list("7h Td")?;
    /// assert_eq!(Style::PLAIN.cards(cards), "7h Td");
    /// assert_eq!(Style::PLAIN, Style::default());
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub const PLAIN: Style = Style { colour: false };
    /// ANSI colours.
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// use rummykit_terminal::Style;
    /// let tile: Tile = "k13".parse()?;
    /// let coloured = Style::COLOUR.tile(tile);
    /// assert!(coloured.starts_with('\u{1b}') && coloured.contains("k13") && coloured.ends_with("\u{1b}[0m"));
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    pub const COLOUR: Style = Style { colour: true };

    /// Colour when `is_terminal` and the `NO_COLOR` convention (<https://no-color.org>)
    /// does not ask for plain text.
    ///
    /// ```
    /// use std::io::IsTerminal;
    /// use rummykit_terminal::Style;
    ///
    /// // Output to a pipe or a file is always plain.
    /// assert_eq!(Style::detect(false), Style::PLAIN);
    /// let on_stdout = Style::detect(std::io::stdout().is_terminal());
    /// assert!(on_stdout == Style::PLAIN || std::io::stdout().is_terminal());
    /// ```
    #[must_use]
    pub fn detect(is_terminal: bool) -> Style {
        Style::choose(is_terminal, std::env::var_os("NO_COLOR").as_deref())
    }

    /// Colour when `is_terminal` and `no_color` (the value of `NO_COLOR`) is unset or
    /// empty.
    ///
    /// ```
    /// use std::ffi::OsStr;
    /// use rummykit_terminal::Style;
    /// assert_eq!(Style::choose(true, None), Style::COLOUR);
    /// assert_eq!(Style::choose(true, Some(OsStr::new("1"))), Style::PLAIN);
    /// assert_eq!(Style::choose(true, Some(OsStr::new(""))), Style::COLOUR);
    /// assert_eq!(Style::choose(false, None), Style::PLAIN); // piped: plain text
    /// ```
    #[must_use]
    pub fn choose(is_terminal: bool, no_color: Option<&std::ffi::OsStr>) -> Style {
        Style { colour: is_terminal && no_color.is_none_or(|v| v.is_empty()) }
    }

    fn paint(self, code: &str, text: impl Display) -> String {
        if self.colour { format!("\x1b[{code}m{text}{RESET}") } else { text.to_string() }
    }

    /// A tile in its colour (red, blue, yellow, black as bright black; jokers magenta).
    ///
    /// ```
    /// use rummykit_core::Tile;
    /// use rummykit_terminal::Style;
    ///
    /// assert_eq!(Style::COLOUR.tile(Tile::JOKER), "\u{1b}[1;35mJ\u{1b}[0m");
    /// assert_eq!(Style::PLAIN.tile(Tile::JOKER), "J");
    /// ```
    #[must_use]
    pub fn tile(self, tile: Tile) -> String {
        let code = match tile.colour() {
            Some(Colour::Red) => "31",
            Some(Colour::Blue) => "34",
            Some(Colour::Yellow) => "33",
            Some(Colour::Black) => "90",
            None => "1;35",
        };
        self.paint(code, tile)
    }

    /// A card: hearts and diamonds red, jokers magenta, the rest plain.
    ///
    /// ```
    /// use rummykit_core::Card;
    /// use rummykit_terminal::Style;
    ///
    /// let (queen, ten): (Card, Card) = ("Qh".parse()?, "Ts".parse()?);
    /// assert_eq!(Style::COLOUR.card(queen), "\u{1b}[31mQh\u{1b}[0m");
    /// assert_eq!(Style::COLOUR.card(ten), "Ts"); // black suits stay plain
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn card(self, card: Card) -> String {
        match card.suit() {
            Some(Suit::Hearts | Suit::Diamonds) => self.paint("31", card),
            Some(_) => card.to_string(),
            None => self.paint("1;35", card),
        }
    }

    /// Tiles separated by spaces.
    ///
    /// ```
    /// use rummykit_core::{Tile, parse_list};
    /// use rummykit_terminal::Style;
    ///
    /// let rack: Vec<Tile> = parse_list("r1 b2 J")?;
    /// assert_eq!(Style::PLAIN.tiles(rack), "r1 b2 J");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn tiles(self, tiles: impl IntoIterator<Item = Tile>) -> String {
        tiles.into_iter().map(|t| self.tile(t)).collect::<Vec<_>>().join(" ")
    }

    /// Cards separated by spaces.
    ///
    /// ```
    /// use rummykit_core::{Card, parse_list};
    /// use rummykit_terminal::Style;
    ///
    /// let hand: Vec<Card> = parse_list("Ac 2d *")?;
    /// assert_eq!(Style::PLAIN.cards(hand), "Ac 2d *");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn cards(self, cards: impl IntoIterator<Item = Card>) -> String {
        cards.into_iter().map(|c| self.card(c)).collect::<Vec<_>>().join(" ")
    }

    /// An action's words ([`Game::describe`](rummykit_core::Game::describe)) with each
    /// piece in its colour.
    ///
    /// ```
    /// use rummykit_core::{Card, Description};
    /// use rummykit_terminal::Style;
    ///
    /// let mut words = Description::from_text("discard ");
    /// words.card("Qh".parse::<Card>()?);
    /// assert_eq!(Style::PLAIN.description(&words), "discard Qh");
    /// assert_eq!(Style::COLOUR.description(&words), "discard \u{1b}[31mQh\u{1b}[0m");
    /// # Ok::<(), rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn description(self, words: &Description) -> String {
        words
            .parts()
            .iter()
            .map(|part| match part {
                Part::Card(c) => self.card(*c),
                Part::Tile(t) => self.tile(*t),
                Part::Text(text) => text.clone(),
                // Any other part as the library prints it.
                other => other.to_string(),
            })
            .collect()
    }

    /// Bold text (headings, the scores).
    ///
    /// ```
    /// use rummykit_terminal::Style;
    ///
    /// assert_eq!(Style::COLOUR.bold("== scores =="), "\u{1b}[1m== scores ==\u{1b}[0m");
    /// assert_eq!(Style::PLAIN.bold(42), "42");
    /// ```
    #[must_use]
    pub fn bold(self, text: impl Display) -> String {
        self.paint("1", text)
    }

    /// Text for an error message (red when colour is on).
    ///
    /// ```
    /// use rummykit_terminal::Style;
    ///
    /// assert_eq!(Style::COLOUR.error("error:"), "\u{1b}[1;31merror:\u{1b}[0m");
    /// assert_eq!(Style::PLAIN.error("error:"), "error:");
    /// ```
    #[must_use]
    pub fn error(self, text: impl Display) -> String {
        self.paint("1;31", text)
    }
}
