//! The rack-only play: new melds from the rack alone, then, once opened, lay-offs at
//! the ends of the table's melds. It leaves every old meld whole (only longer), so the
//! house rules of `RULES.md` §1.6 and §4.1 rarely refuse it: the play
//! [`SolveError::Unproven`] falls back on.

use rummykit_core::{Meld, Tile};

use super::{Position, Solution, SolveError, SolveOptions, Solver, finish};
use crate::TileCounts;
use crate::legal::extended;

impl Solver {
    /// The best new melds of rack tiles under `options` (its objective, tile set and
    /// joker values; the initial meld's threshold unless `opened`), the table's melds
    /// kept as they are, then, once `opened`, every rack tile left that fits laid off
    /// at an end of a meld ([`lay_off_all`]). `None` when it places no tile. Not checked
    /// against the house rules: the caller does that.
    ///
    /// # Errors
    ///
    /// As [`Solver::solve`] for the position of `table` and `rack`.
    pub(crate) fn rack_only(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        opened: bool,
    ) -> Result<Option<Solution>, SolveError> {
        let threshold = if opened { 0 } else { options.threshold };
        let position = Position::from_melds(table, rack.iter().copied())?;
        let sol = self.solve(&position, &options.with_opened(false).with_threshold(threshold))?;
        let Solution { table: mut melds, mut placed, .. } = sol;
        if opened {
            let mut left: TileCounts = rack.iter().copied().collect();
            placed.iter().for_each(|&t| {
                left.remove(t);
            });
            let before = left;
            lay_off_all(&mut melds, &mut left);
            placed.extend(
                Tile::all()
                    .flat_map(|t| core::iter::repeat_n(t, usize::from(before.count(t) - left.count(t)))),
            );
        }
        Ok((!placed.is_empty()).then(|| finish(melds, placed, options.joker_value)))
    }
}

/// Lays rack tiles (jokers last) onto the ends of `table`'s melds while any fits.
fn lay_off_all(table: &mut [Meld<Tile>], rack: &mut TileCounts) {
    loop {
        let mut progress = false;
        for tile in Tile::all() {
            while rack.count(tile) > 0 {
                let Some((j, longer)) = table
                    .iter()
                    .enumerate()
                    .find_map(|(j, m)| Some((j, extended(m, tile).into_iter().next()?)))
                else {
                    break;
                };
                table[j] = longer;
                rack.remove(tile);
                progress = true;
            }
        }
        if !progress {
            return;
        }
    }
}
