//! The actions a Rummikub seat can list from its view: draw or pass, and the plays that
//! add one meld or one tile. The legal tables of a turn are far too many to list (every
//! rearrangement of the table), so the list is a documented part of them; the solver
//! finds the best of all.

use rummykit_core::{MAX_MELD_LEN, Meld, Tile, hand_melds};

use crate::{Action, View, check_play};

impl View {
    /// Overwrites `out` with legal actions of this seat when it is its turn (empty
    /// otherwise), in a deterministic order: [`Action::Draw`] (or [`Action::Pass`] when
    /// the pool is empty), then every play that adds one new meld formed from the rack
    /// alone, then, once the seat has opened, every play that adds one rack tile at an
    /// end of a table meld — each kept only if [`check_play`] accepts it under the rules
    /// in force. Rearrangements of the table, several melds at once, and the referee's
    /// events ([`Action::Timeout`], [`Action::Abandon`]) are not listed; the solver
    /// ([`Solver::solve_turn`](crate::Solver::solve_turn)) finds the best play of all.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    /// let mut rng = rummykit_rummikub::rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let seat = game.to_move().unwrap();
    /// let mut actions = Vec::new();
    /// game.view(seat).legal_actions(&mut actions);
    /// assert_eq!(actions[0], Action::Draw);
    /// for action in &actions {
    ///     assert!(game.check(seat, action).is_ok());
    /// }
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.to_move != Some(self.seat) {
            return;
        }
        out.push(if self.pool > 0 { Action::Draw } else { Action::Pass });
        let rack = self.rack.to_vec();
        let opened = self.own_opened();
        let mut keep = |table: Vec<Meld<Tile>>| {
            if check_play(&self.config, &self.table, &self.rack, opened, &table).is_ok() {
                out.push(Action::Play { table });
            }
        };
        // A rack too large for the enumerator lists no new melds: the list is partial anyway.
        for m in hand_melds(&rack, &crate::MELD_RULES).unwrap_or_default() {
            let faces: Vec<Tile> = m.select(&rack).copied().collect();
            if let Ok(meld) = Meld::new(m.kind(), &faces, &crate::MELD_RULES) {
                let mut table = self.table.clone();
                table.push(meld);
                keep(table);
            }
        }
        if opened {
            let mut faces: Vec<Tile> = rack.clone();
            faces.dedup(); // one lay-off per face: copies give the same table
            for tile in faces {
                for (i, meld) in self.table.iter().enumerate() {
                    for longer in extended(meld, tile) {
                        let mut table = self.table.clone();
                        table[i] = longer;
                        keep(table);
                    }
                }
            }
        }
    }
}

/// `meld` with `tile` added at its back and, for a run, at its front: every meld one
/// tile longer that keeps the rest in order.
pub(crate) fn extended(meld: &Meld<Tile>, tile: Tile) -> Vec<Meld<Tile>> {
    let n = meld.len();
    if n >= MAX_MELD_LEN {
        return Vec::new();
    }
    let mut faces = [Tile::JOKER; MAX_MELD_LEN + 1];
    let mut out = Vec::new();
    faces[..n].copy_from_slice(meld.faces());
    faces[n] = tile;
    if let Ok(m) = Meld::new(meld.kind(), &faces[..=n], &crate::MELD_RULES) {
        out.push(m);
    }
    faces[0] = tile;
    faces[1..=n].copy_from_slice(meld.faces());
    if let Ok(m) = Meld::new(meld.kind(), &faces[..=n], &crate::MELD_RULES)
        && !out.contains(&m)
    {
        out.push(m);
    }
    out
}
