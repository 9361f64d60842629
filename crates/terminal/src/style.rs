//! [`Style`]: ANSI colours for tiles and cards, or plain text.

use std::fmt::Display;

use rummykit_core::{Card, Colour, Suit, Tile};

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
    pub const PLAIN: Style = Style { colour: false };
    /// ANSI colours.
    pub const COLOUR: Style = Style { colour: true };

    /// Colour when `is_terminal` and the `NO_COLOR` convention (<https://no-color.org>)
    /// does not ask for plain text.
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
    #[must_use]
    pub fn card(self, card: Card) -> String {
        match card.suit() {
            Some(Suit::Hearts | Suit::Diamonds) => self.paint("31", card),
            Some(_) => card.to_string(),
            None => self.paint("1;35", card),
        }
    }

    /// Tiles separated by spaces.
    #[must_use]
    pub fn tiles(self, tiles: impl IntoIterator<Item = Tile>) -> String {
        tiles.into_iter().map(|t| self.tile(t)).collect::<Vec<_>>().join(" ")
    }

    /// Cards separated by spaces.
    #[must_use]
    pub fn cards(self, cards: impl IntoIterator<Item = Card>) -> String {
        cards.into_iter().map(|c| self.card(c)).collect::<Vec<_>>().join(" ")
    }

    /// Bold text (headings, the scores).
    #[must_use]
    pub fn bold(self, text: impl Display) -> String {
        self.paint("1", text)
    }

    /// Text for an error message (red when colour is on).
    #[must_use]
    pub fn error(self, text: impl Display) -> String {
        self.paint("1;31", text)
    }
}
