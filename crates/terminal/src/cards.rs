//! The card games at the terminal: the person picks one of the numbered legal actions
//! (or types `draw`, `take`, `discard CARD`, checked by the engine).

use std::collections::BTreeMap;
use std::io;

use rummykit_classic::{Action as ClassicAction, ClassicRummy};
use rummykit_core::{Card, CardRules, Game, PieceId, PieceSet, Piles, Seat};
use rummykit_rummy40::{Action, Phase, Rummy40};

use crate::input::{Io, Line};
use crate::play::{TerminalGame, Turn};
use crate::style::Style;
use crate::text::{clip, plural, readable};

/// What the numbered-action front end needs of a card game beyond the engine's
/// ([`CardRules`]: the pack, the hands, table and piles, the legal actions, each
/// action's words): the status line's "opened", and the typed shortcuts.
pub(crate) trait CardGame: CardRules + Game {
    /// Whether a seat has melded/opened (for the status line).
    fn opened(&self, seat: Seat) -> bool;
    /// The action in words, as the seat to move sees it.
    fn words(&self, action: &Self::Action, style: Style) -> String {
        let seat = self.to_move().unwrap_or_default();
        style.description(&Self::describe(&self.view(seat), action))
    }
    /// The card a plain discard action throws, if it is one.
    fn discarded(&self, action: &Self::Action) -> Option<PieceId>;
    /// The actions behind the typed shortcuts `draw`, `take` and `discard CARD`.
    fn shortcut(word: Shortcut) -> Self::Action;

    /// `draw`, `take`, `discard CARD`: the typed shortcut, if the text is one.
    fn typed(&self, seat: Seat, text: &str) -> Option<Result<Self::Action, String>> {
        // Commands and cards in any case.
        let text = text.to_ascii_lowercase();
        let words: Vec<&str> = text.split_whitespace().collect();
        match words.as_slice() {
            ["draw"] => Some(Ok(Self::shortcut(Shortcut::Draw))),
            ["take"] => Some(Ok(Self::shortcut(Shortcut::Take))),
            ["discard", card] => Some(
                find_card(self, self.state().hand(seat), card).map(|c| Self::shortcut(Shortcut::Discard(c))),
            ),
            ["discard"] => Some(Err("usage: discard CARD, e.g. discard 7h".to_owned())),
            _ => None,
        }
    }
}

/// A typed shortcut of the card games.
#[derive(Debug, Clone, Copy)]
pub(super) enum Shortcut {
    Draw,
    Take,
    Discard(PieceId),
}

/// The face of card `id` in the game's pack.
fn card(game: &impl CardRules, id: PieceId) -> Option<Card> {
    game.catalog().face(id)
}

/// Hand order: by suit, then rank; jokers last.
fn sort_key(c: Card) -> (u8, u8) {
    (c.suit().map_or(4, |s| s as u8), c.rank().map_or(0, |r| r.number()))
}

fn cards_of(game: &impl CardGame, ids: impl IntoIterator<Item = PieceId>, style: Style) -> String {
    let mut faces: Vec<Card> = ids.into_iter().filter_map(|id| card(game, id)).collect();
    faces.sort_by_key(|&c| sort_key(c));
    style.cards(faces)
}

fn meld_words(game: &impl CardGame, pieces: &[PieceId], style: Style) -> String {
    format!("[{}]", style.cards(pieces.iter().filter_map(|&p| card(game, p))))
}

/// An engine message with meld ids in notation (cards are named by face already).
fn readable_message(game: &impl CardGame, message: &str) -> String {
    let meld = |n: u32| {
        let m = game.state().table.melds().iter().find(|m| m.id().to_string() == format!("m{n}"))?;
        Some(meld_words(game, m.pieces(), Style::PLAIN))
    };
    readable(message, meld)
}

fn show<G: CardGame>(game: &G, seat: Seat, style: Style) -> String {
    let mut text = style.bold(format!("-- your turn, seat {} --", seat + 1));
    let others: Vec<String> = (0..game.seats())
        .filter(|&s| s != seat)
        .map(|s| {
            format!(
                "seat {}: {}{}",
                s + 1,
                plural(game.state().hand(s).len(), "card"),
                if game.opened(s) { ", opened" } else { "" }
            )
        })
        .collect();
    text.push_str(&format!(
        "\nstock: {}; {}",
        plural(game.state().piles.stock_len(), "card"),
        others.join("; ")
    ));
    text.push_str(&format!(
        "\ndiscard pile: {}",
        game.state()
            .piles
            .top_discard()
            .and_then(|d| card(game, d))
            .map_or("(empty)".to_owned(), |c| style.card(c))
    ));
    text.push_str("\ntable:");
    if game.state().table.is_empty() {
        text.push_str(" (empty)");
    }
    for m in game.state().table.melds() {
        text.push_str(&format!("\n  {} (seat {})", meld_words(game, m.pieces(), style), m.owner() + 1));
    }
    text.push_str(&format!("\nyour hand: {}", cards_of(game, game.state().hand(seat), style)));
    text
}

/// The person's turn: numbered legal actions (the same words once), typed shortcuts.
pub(crate) fn human_turn<G: CardGame>(game: &G, seat: Seat, io: &mut Io<'_>) -> io::Result<Turn<G::Action>> {
    let style = io.style;
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    // Two copies of a card are different pieces but the same move for a person.
    let mut seen = BTreeMap::new();
    let mut choices: Vec<(String, G::Action)> = Vec::new();
    for a in legal {
        let words = game.words(&a, Style::PLAIN);
        if seen.insert(words, ()).is_none() {
            choices.push((game.words(&a, style), a));
        }
    }
    // Discards (the longest part of the list) in hand order: by suit, then rank.
    let discard_key = |a: &G::Action| game.discarded(a).and_then(|p| card(game, p)).map(sort_key);
    choices.sort_by_key(|(_, a)| discard_key(a));
    let list = |io: &mut Io<'_>| -> io::Result<()> {
        writeln!(io.out, "{}", show(game, seat, style))?;
        for (i, (words, _)) in choices.iter().enumerate() {
            writeln!(io.out, "  {:>3}) {words}", i + 1)?;
        }
        writeln!(io.out, "pick a number (or type `draw`, `take`, `discard CARD`, `list`, `help`, `quit`)")
    };
    list(io)?;
    loop {
        let line = io.command(&format!("seat {}> ", seat + 1))?;
        let Line::Command(line) = line else {
            return Ok(Turn::from_line(&line).unwrap_or(Turn::Ended));
        };
        if let Ok(n) = line.parse::<usize>() {
            match choices.get(n.wrapping_sub(1)) {
                Some((_, action)) => return Ok(Turn::Act(action.clone())),
                None => {
                    io.error(format!("{n} is not on the list: pick a number from 1 to {}", choices.len()))?
                }
            }
            continue;
        }
        match line.to_ascii_lowercase().as_str() {
            "list" | "hand" | "table" => {
                list(io)?;
                continue;
            }
            "help" | "?" => {
                writeln!(
                    io.out,
                    "type the number of an action from the list; or `draw` (from the stock), `take` (the top \
                     discard), `discard CARD` (e.g. `discard 7h`); `list` shows the list again; `quit` leaves \
                     the match. Cards: rank (A, 2 to 9, T or 10, J, Q, K) then suit (c, d, h, s), e.g. `Td` \
                     the ten of diamonds; `*` is a joker (Rummy 40). Commands and cards may be typed in any case.\n{}",
                    io.rules
                )?;
                continue;
            }
            _ => {}
        }
        match game.typed(seat, &line) {
            Some(Ok(action)) => match game.check(seat, &action) {
                Ok(()) => return Ok(Turn::Act(action)),
                Err(e) => io.error(format!("refused: {}", readable_message(game, &e.to_string())))?,
            },
            Some(Err(message)) => io.error(message)?,
            None => io.error(format!(
                "`{}` is not a command: pick a number from 1 to {}, or type `help`",
                clip(&line),
                choices.len()
            ))?,
        }
    }
}

/// Finds a card of face `text` in `hand`.
fn find_card(game: &impl CardGame, hand: PieceSet, text: &str) -> Result<PieceId, String> {
    if text.chars().count() > crate::text::CLIP {
        return Err(format!(
            "`{}` is not a card (cards are written 7h Td Qs Ac, * for a joker in Rummy 40)",
            clip(text)
        ));
    }
    let face: Card = text
        .parse()
        .map_err(|e| format!("{e} (cards are written 7h Td Qs Ac, * for a joker in Rummy 40)"))?;
    hand.iter().find(|&p| card(game, p) == Some(face)).ok_or_else(|| format!("you hold no {face}"))
}

fn end_text<G: CardGame>(game: &G, style: Style) -> String {
    let mut text = String::from("table:");
    for m in game.state().table.melds() {
        text.push_str(&format!("\n  {} (seat {})", meld_words(game, m.pieces(), style), m.owner() + 1));
    }
    for seat in 0..game.seats() {
        let hand = game.state().hand(seat);
        let cards =
            if hand.is_empty() { "(empty: went out)".to_owned() } else { cards_of(game, hand, style) };
        text.push_str(&format!("\nhand of seat {}: {cards}", seat + 1));
    }
    text
}

impl CardGame for Rummy40 {
    fn opened(&self, seat: Seat) -> bool {
        self.has_opened(seat) == Some(true)
    }

    fn discarded(&self, action: &Action) -> Option<PieceId> {
        match action {
            Action::Discard(p) => Some(*p),
            _ => None,
        }
    }

    fn shortcut(word: Shortcut) -> Action {
        match word {
            Shortcut::Draw => Action::DrawStock,
            Shortcut::Take => Action::TakeDiscard,
            Shortcut::Discard(card) => Action::Discard(card),
        }
    }
}

impl TerminalGame for Rummy40 {
    fn human_turn(&self, seat: Seat, io: &mut Io<'_>) -> io::Result<Turn<Action>> {
        human_turn(self, seat, io)
    }

    fn transcript(
        before: &Rummy40,
        after: &Rummy40,
        seat: Seat,
        action: &Action,
        own: bool,
        style: Style,
    ) -> String {
        let mut text = before.words(action, style);
        if own && matches!(action, Action::DrawStock) {
            text.push_str(&drawn(
                after,
                before.hand(seat).unwrap_or_default(),
                after.hand(seat).unwrap_or_default(),
                style,
            ));
        }
        if after.phase() == Phase::Over || matches!(action, Action::Discard(_)) {
            text.push_str(&format!(" ({} left)", plural(after.hand(seat).map_or(0, |h| h.len()), "card")));
        }
        text
    }

    fn readable(&self, message: &str) -> String {
        readable_message(self, message)
    }

    fn show_end(&self, style: Style) -> String {
        end_text(self, style)
    }

    fn void_reason(&self) -> String {
        void_reason(self.piles(), self.config().max_restocks.unwrap_or(u32::MAX), "RULES.md §3.7")
    }
}

impl CardGame for ClassicRummy {
    fn opened(&self, seat: Seat) -> bool {
        self.table().has_melded(seat)
    }

    fn discarded(&self, action: &ClassicAction) -> Option<PieceId> {
        match action {
            ClassicAction::Discard(p) => Some(*p),
            _ => None,
        }
    }

    fn shortcut(word: Shortcut) -> ClassicAction {
        match word {
            Shortcut::Draw => ClassicAction::DrawStock,
            Shortcut::Take => ClassicAction::TakeDiscard,
            Shortcut::Discard(card) => ClassicAction::Discard(card),
        }
    }
}

impl TerminalGame for ClassicRummy {
    fn human_turn(&self, seat: Seat, io: &mut Io<'_>) -> io::Result<Turn<ClassicAction>> {
        human_turn(self, seat, io)
    }

    fn transcript(
        before: &Self,
        after: &Self,
        seat: Seat,
        action: &ClassicAction,
        own: bool,
        style: Style,
    ) -> String {
        let mut text = before.words(action, style);
        if own && matches!(action, ClassicAction::DrawStock) {
            text.push_str(&drawn(
                after,
                before.hand(seat).unwrap_or_default(),
                after.hand(seat).unwrap_or_default(),
                style,
            ));
        }
        if matches!(action, ClassicAction::Discard(_)) || after.to_move().is_none() {
            text.push_str(&format!(" ({} left)", plural(after.hand(seat).map_or(0, |h| h.len()), "card")));
        }
        text
    }

    fn readable(&self, message: &str) -> String {
        readable_message(self, message)
    }

    fn show_end(&self, style: Style) -> String {
        end_text(self, style)
    }

    fn void_reason(&self) -> String {
        void_reason(self.piles(), self.config().max_restocks.unwrap_or(u32::MAX), "RULES.md §2.5")
    }
}

/// ": 7h" — the card a draw brought, for the person who drew it.
fn drawn(game: &impl CardGame, before: PieceSet, after: PieceSet, style: Style) -> String {
    let new = after.difference(&before);
    if new.is_empty() { String::new() } else { format!(": {}", cards_of(game, new, style)) }
}

/// Why a card game's hand ended with no winner: the stock ran out once more than the
/// restocks allowed, or there was nothing left to restock from.
fn void_reason(piles: &Piles, cap: u32, rule: &str) -> String {
    if piles.restocks() >= cap {
        format!(
            "the stock ran out again after {} ({rule}: a hand that needs more is void)",
            plural(cap as usize, "restock")
        )
    } else {
        "the stock ran out and the discard pile could not restock it".to_owned()
    }
}
