//! [`Action::describe`]: a Rummy 40 action in words and card notation.

use rummykit_core::{Card, Catalog, Description, MeldId, MeldKind, MeldTable, PieceId, RunEnd};

use crate::{Action, NewMeld, RummyLayOff, View};

impl Action {
    /// What the action does in words and card notation, relative to `view`, the view of
    /// the seat that plays it (which holds the faces of the cards and the melds it
    /// names): "open with [Th Jh Qh Kh]", "lay 9h off on [6h 7h 8h] (back)", "swap 7c
    /// for the joker of [5c 6c *]", "discard Kd". What
    /// [`Game::describe`](rummykit_core::Game::describe) gives.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Card, Game, parse_list};
    /// use rummykit_rummy40::{Action, Config, Rummy40, Setup};
    ///
    /// // Seat 1 holds ♥10-J-Q-K, 40 points, and 5♠: it may open once it has drawn.
    /// let mut setup = Setup::new(vec![parse_list("2c 3d")?, parse_list("Th Jh Qh Kh 5s")?]);
    /// setup.stock = parse_list("9c")?;
    /// setup.fill_stock();
    /// let mut game = Rummy40::from_setup(&Config::RUMMY40, setup)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let view = game.view(1);
    /// let mut legal = Vec::new();
    /// game.legal_actions(&mut legal);
    /// let words: Vec<String> = legal.iter().map(|a| a.describe(&view).to_string()).collect();
    /// assert!(words.contains(&"open with [Th Jh Qh Kh]".to_owned()), "{words:?}");
    /// assert!(words.contains(&"discard 9c".to_owned()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn describe(&self, view: &View) -> Description {
        let pack = view.config.pack();
        let words = Words { pack: &pack, table: &view.table };
        let mut d = Description::new();
        let top = view.discard_pile.last().copied();
        match self {
            Action::DrawStock => {
                d.text("draw from the stock");
            }
            Action::TakeDiscard => {
                d.text("take the discard");
                words.top(&mut d, top);
            }
            Action::TakeDiscardAndOpen { melds } => {
                d.text("take");
                words.top(&mut d, top);
                d.text(" and open with ");
                words.batch(&mut d, melds);
            }
            Action::Open { melds } => {
                d.text("open with ");
                words.batch(&mut d, melds);
            }
            Action::Meld(meld) => {
                d.text("meld ").pieces_in_brackets(&pack, meld.pieces.iter().copied());
            }
            Action::LayOff { piece, onto, end } => words.lay_off(&mut d, *piece, *onto, *end),
            Action::SwapJoker { piece, meld } => {
                d.text("swap ")
                    .piece(&pack, *piece)
                    .text(" for the joker of ")
                    .table_meld(&view.table, *meld);
            }
            Action::ReleaseJoker { meld, pieces } => {
                d.text("free the joker of ").table_meld(&view.table, *meld).text(" with ");
                d.piece(&pack, pieces[0]).text(" ").piece(&pack, pieces[1]);
            }
            Action::GoRummy { melds, lay_offs, discard } => {
                d.text("go rummy with ");
                words.rummy(&mut d, melds, lay_offs, *discard);
            }
            Action::TakeDiscardAndGoRummy { melds, lay_offs, discard } => {
                d.text("take");
                words.top(&mut d, top);
                d.text(" and go rummy with ");
                words.rummy(&mut d, melds, lay_offs, *discard);
            }
            Action::Discard(card) => {
                d.text("discard ").piece(&pack, *card);
            }
        }
        d
    }
}

/// What the words are written against: the pack's faces and the table.
struct Words<'a> {
    pack: &'a Catalog<Card>,
    table: &'a MeldTable<Card>,
}

impl Words<'_> {
    /// " 7h": the top discard, when there is one.
    fn top(&self, d: &mut Description, top: Option<PieceId>) {
        if let Some(top) = top {
            d.text(" ").piece(self.pack, top);
        }
    }

    /// "[Th Jh Qh] [4c 4d 4s]": new melds, each in meld order.
    fn batch(&self, d: &mut Description, melds: &[NewMeld]) {
        for (i, m) in melds.iter().enumerate() {
            if i > 0 {
                d.text(" ");
            }
            d.pieces_in_brackets(self.pack, m.pieces.iter().copied());
        }
    }

    /// "lay 9h off on [6h 7h 8h] (back)": the end is named for a run only, where it
    /// makes a difference.
    fn lay_off(&self, d: &mut Description, piece: PieceId, onto: MeldId, end: RunEnd) {
        d.text("lay ").piece(self.pack, piece).text(" off on ").table_meld(self.table, onto);
        if self.table.meld(onto).is_some_and(|m| m.meld().kind() == MeldKind::Run) {
            d.text(if end == RunEnd::Front { " (front)" } else { " (back)" });
        }
    }

    /// "[2c 3c 4c], lay Jh off on [8h 9h Th] (back), discard Kd": a rummy's melds,
    /// lay-offs and discard.
    fn rummy(&self, d: &mut Description, melds: &[NewMeld], lay_offs: &[RummyLayOff], discard: PieceId) {
        self.batch(d, melds);
        for b in lay_offs {
            d.text(", ");
            self.lay_off(d, b.piece, b.onto, b.end);
        }
        d.text(", discard ").piece(self.pack, discard);
    }
}
