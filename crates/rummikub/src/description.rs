//! [`Action::describe`]: a Rummikub action in words and tile notation.

use rummykit_core::Description;

use crate::{Action, TileCounts, View};

impl Action {
    /// What the action does in words and tile notation, relative to `view`, the view of
    /// the seat that plays it: a play names the tiles it takes from the rack and the
    /// melds it makes ("play r5 r6 r7, initial meld; melds made: [r5 r6 r7]"), the other
    /// actions what they do ("draw a tile", "pass"). What
    /// [`Game::describe`](rummykit_core::Game::describe) gives.
    ///
    /// ```
    /// use rummykit_rummikub::rummykit_core::{Game, Meld, MeldKind, parse_list};
    /// use rummykit_rummikub::{Action, Config, MELD_RULES, Rummikub, Setup, TileSet};
    ///
    /// let mut setup = Setup::new(vec!["r10 r11 r12 r13 b1".parse()?, "k1 k2".parse()?]);
    /// setup.fill_pool(TileSet::Standard106);
    /// let game = Rummikub::from_setup(&Config::STANDARD, setup)?;
    /// let view = game.view(0);
    /// let run = Meld::new(MeldKind::Run, &parse_list("r10 r11 r12 r13")?, &MELD_RULES)?;
    /// let play = Action::Play { table: vec![run] };
    /// assert_eq!(
    ///     play.describe(&view).to_string(),
    ///     "play r10 r11 r12 r13, initial meld; melds made: [r10 r11 r12 r13]"
    /// );
    /// assert_eq!(Action::Draw.describe(&view).to_string(), "draw a tile");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn describe(&self, view: &View) -> Description {
        let mut d = Description::new();
        match self {
            Action::Play { table } => {
                let placed = TileCounts::of_melds(table).saturating_sub(&TileCounts::of_melds(&view.table));
                if placed.is_empty() {
                    d.text("rearrange the table");
                } else {
                    d.text("play ").tiles_list(placed.iter());
                }
                let opened = view.seats.get(view.seat).is_none_or(|s| s.opened);
                if !opened && !placed.is_empty() {
                    d.text(", initial meld");
                }
                let mut made = table.iter().filter(|m| !view.table.contains(m)).peekable();
                if made.peek().is_some() {
                    d.text("; melds made:");
                    for m in made {
                        d.text(" ").tiles_in_brackets(m.faces().iter().copied());
                    }
                }
            }
            Action::Draw => {
                d.text("draw a tile");
            }
            Action::Pass => {
                d.text("pass");
            }
            Action::Timeout { .. } => {
                d.text("run out of time and draw");
            }
            Action::Abandon => {
                d.text("abandon the manipulation and draw");
            }
        }
        d
    }
}
