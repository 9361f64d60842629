//! Serde for [`View`] (feature `serde`): a view is written as its plain fields and read
//! back only through the checks a save is read with (`Rummikub::from_setup`'s pieces
//! check), so a view no game could show is an error, never a view handed to a bot. The
//! format: docs/design/saves.md.

use rummykit_core::{DealError, Meld, Outcome, PositionError, Seat, Tile, check_turn};
use serde::Deserialize;

use crate::game::check_pieces;
use crate::{Config, SeatSummary, TileCounts, View};

/// A [`View`] as written, checked before it is one ([`View`] reads through it).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ViewRepr {
    seat: Seat,
    config: Config,
    rack: TileCounts,
    table: Vec<Meld<Tile>>,
    pool: usize,
    seats: Vec<SeatSummary>,
    to_move: Option<Seat>,
    outcome: Option<Outcome>,
}

/// A view is read only if a game of its rules could show it: its rules are checked for
/// its seats ([`Config::validate`]); the seat it is for, the seat to move and the
/// outcome's winners are seats of the table, the outcome has points for each seat and is
/// shown exactly when nobody is to move (RULES.md §1.7; [`check_turn`], as every game's
/// view reader), and is one a game could score (`check_outcome`); while the game is on
/// every seat holds a tile (an emptied rack ends the game, §1.7); the rack is as large
/// as its seat's summary; and the pieces pass the check a save's pieces pass: the table's melds
/// valid (RULES.md §1.4), no tile of the rack and the table more often than the set holds
/// it (jokers included), and the racks, the table and the pool holding the whole set.
impl TryFrom<ViewRepr> for View {
    type Error = DealError;

    fn try_from(r: ViewRepr) -> Result<View, DealError> {
        let n = r.seats.len();
        r.config.validate(n)?;
        if r.seat >= n {
            return Err(PositionError::NoSuchSeat { field: "seat", seat: r.seat, seats: n }.into());
        }
        check_turn(n, r.to_move, r.outcome.as_ref())?;
        if let Some(outcome) = &r.outcome {
            check_outcome(outcome, &r.seats, r.pool)?;
        } else if r.seats.iter().any(|s| s.tiles == 0) {
            // RULES.md §1.7: emptying a rack goes out and ends the game at once.
            return Err(PositionError::Inconsistent("a seat holds no tile but the game is on").into());
        }
        if r.rack.len() != r.seats[r.seat].tiles {
            return Err(PositionError::Inconsistent("the rack is not as large as its seat's summary").into());
        }
        let mut shown = TileCounts::of_melds(&r.table);
        shown.add_all(&r.rack);
        // Saturating: a count read from elsewhere may be near `usize::MAX`, and is then
        // refused as too many tiles rather than overflowing.
        let found = r
            .seats
            .iter()
            .map(|s| s.tiles)
            .chain([r.table.iter().map(Meld::len).sum(), r.pool])
            .fold(0usize, usize::saturating_add);
        check_pieces(&r.config, &r.table, &shown, found)?;
        Ok(View {
            seat: r.seat,
            config: r.config,
            rack: r.rack,
            table: r.table,
            pool: r.pool,
            seats: r.seats,
            to_move: r.to_move,
            outcome: r.outcome,
        })
    }
}

/// An outcome a Rummikub game could score (RULES.md §1.7, §1.8): at least one winner, the
/// winners ascending and distinct, the points summing to zero (every scoring rule, hand
/// rummy's double and the never-melded penalty included, gives the winners what the
/// losers lose); and with tiles left in the pool the game ended by a seat going out, so
/// that seat, holding no tile, is the only winner.
fn check_outcome(outcome: &Outcome, seats: &[SeatSummary], pool: usize) -> Result<(), PositionError> {
    let winners = &outcome.winners;
    if winners.is_empty() {
        return Err(PositionError::Inconsistent("the outcome names no winner"));
    }
    if winners.windows(2).any(|w| w[0] >= w[1]) {
        return Err(PositionError::Inconsistent("the outcome's winners are not ascending and distinct"));
    }
    // Widened: points read from elsewhere may be near the ends of `i64`.
    if outcome.points.iter().map(|&p| i128::from(p)).sum::<i128>() != 0 {
        return Err(PositionError::Inconsistent("the outcome's points do not sum to zero"));
    }
    if pool > 0 && !matches!(winners[..], [w] if seats[w].tiles == 0) {
        return Err(PositionError::Inconsistent(
            "a game that ended with tiles in the pool was not won by a seat going out",
        ));
    }
    Ok(())
}
