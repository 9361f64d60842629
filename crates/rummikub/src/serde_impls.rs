//! Serde support (feature `serde`). Melds use core's form (`{"kind": "run", "faces":
//! "r1 r2 J"}`, re-validated when read); a game state is read through a plain
//! representation whose conversion re-checks every invariant (the box's tiles exactly
//! once, valid melds, seats in range), so a corrupt save is an error, never a state.

use rummykit_core::{DealError, Meld, PositionError, Seat, Tile, format_list, parse_list};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{GameEnd, Rules, Rummikub, Setup, TileCounts};

/// `#[serde(with)]` for tiles as notation.
pub(crate) mod tile_list {
    use super::*;

    pub(crate) fn serialize<S: Serializer>(tiles: &[Tile], s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(&format_list(tiles))
    }

    pub(crate) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Tile>, D::Error> {
        parse_list(&String::deserialize(d)?).map_err(D::Error::custom)
    }
}

/// The plain form of a [`Rummikub`] state.
#[derive(Serialize, Deserialize)]
pub(crate) struct RummikubRepr {
    rules: Rules,
    racks: Vec<TileCounts>,
    /// The pool in draw order (next tile first).
    #[serde(with = "tile_list")]
    pool: Vec<Tile>,
    table: Vec<Meld<Tile>>,
    opened: Vec<bool>,
    to_move: Seat,
    starter: Seat,
    turn: u32,
    quiet_turns: usize,
    last_player: Option<Seat>,
    end: Option<GameEnd>,
    /// Tiles outside the pool at the deal, and drawn since (see `Rummikub`).
    dealt: u32,
    drawn: u32,
}

impl Serialize for Rummikub {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        RummikubRepr {
            rules: self.rules,
            racks: self.racks.clone(),
            pool: self.pool().collect(),
            table: self.table.clone(),
            opened: self.opened.clone(),
            to_move: self.to_move,
            starter: self.starter,
            turn: self.turn,
            quiet_turns: self.quiet_turns,
            last_player: self.last_player,
            end: self.end,
            dealt: self.dealt,
            drawn: self.drawn,
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Rummikub {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = RummikubRepr::deserialize(d)?;
        Rummikub::try_from(r).map_err(D::Error::custom)
    }
}

impl TryFrom<RummikubRepr> for Rummikub {
    type Error = DealError;

    fn try_from(r: RummikubRepr) -> Result<Self, DealError> {
        let n = r.racks.len();
        let bad = |e: PositionError| Err(DealError::InvalidDeal(e));
        if r.starter >= n {
            return bad(PositionError::NoSuchSeat { field: "starter", seat: r.starter, seats: n });
        }
        if let Some(seat) = r.last_player.filter(|&s| s >= n) {
            return bad(PositionError::NoSuchSeat { field: "last_player", seat, seats: n });
        }
        if r.quiet_turns > n {
            return bad(PositionError::OutOfRange {
                field: "quiet_turns",
                value: r.quiet_turns as u64,
                max: n as u64,
            });
        }
        if !r.pool.is_empty() && r.quiet_turns > 0 {
            return bad(PositionError::Inconsistent("quiet turns are counted with tiles in the pool"));
        }
        // A game ends within `pool + tiles + seats × (tiles + 1)` turns (every draw empties
        // the pool a little, every play puts a rack tile on the table for good, and with
        // an empty pool a round of passes ends it; docs/design/robustness.md), so a larger
        // turn count is no real state, and the count can never overflow once play goes on.
        let tiles = r.rules.tile_set.catalog().len();
        let longest = 2 * tiles + n.min(6) * (tiles + 1);
        if r.turn as usize > longest {
            return bad(PositionError::OutOfRange {
                field: "turn",
                value: r.turn.into(),
                max: longest as u64,
            });
        }
        // Turns go round one seat at a time from the starter (RULES.md §1.3); the turn
        // that ends the game does not pass the move on.
        let passed = match r.end {
            None => r.turn as usize,
            Some(_) if r.turn == 0 => {
                return bad(PositionError::Inconsistent("the game is over before any turn"));
            }
            Some(_) => r.turn as usize - 1,
        };
        if n > 0 && r.to_move != (r.starter + passed % n) % n {
            return bad(PositionError::Inconsistent(
                "the seat to move is not the one the turns counted from the starter reach",
            ));
        }
        match r.end {
            Some(GameEnd::WentOut { seat, .. }) if r.racks.get(seat).is_none_or(|rack| !rack.is_empty()) => {
                return bad(PositionError::Inconsistent("the seat that went out still holds tiles"));
            }
            Some(GameEnd::PoolEmpty) if !r.pool.is_empty() => {
                return bad(PositionError::Inconsistent("the game ended on an empty pool that is not empty"));
            }
            _ => {}
        }
        let setup =
            Setup { racks: r.racks, pool: r.pool, table: r.table, opened: r.opened, to_move: r.to_move };
        let game = Rummikub::from_deal(r.rules, setup)?;
        // Only draws take tiles from the pool, at most this many a turn.
        let per_turn = if r.rules.timer != crate::Timer::Off || r.rules.abandon_penalty {
            u32::from(r.rules.timeout_penalty_pending.max(r.rules.timeout_penalty_idle).max(1))
        } else {
            1
        };
        let out_of_pool = game.dealt;
        if r.dealt.checked_add(r.drawn) != Some(out_of_pool) || r.drawn > r.turn.saturating_mul(per_turn) {
            return bad(PositionError::Inconsistent(
                "the tiles out of the pool are not those dealt and drawn, or more were drawn than the turns allow",
            ));
        }
        Ok(Rummikub {
            dealt: r.dealt,
            drawn: r.drawn,
            starter: r.starter,
            turn: r.turn,
            quiet_turns: r.quiet_turns,
            last_player: r.last_player,
            end: r.end,
            ..game
        })
    }
}
