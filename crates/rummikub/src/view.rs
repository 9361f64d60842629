//! [`View`]: what one seat may see.

use core::fmt;

use rummykit_core::{Game, Meld, Outcome, Seat, SeatView, Tile};

use crate::solver::{Objective, Solution, SolveError, Solver};
use crate::{Config, Rummikub, TileCounts};

/// What everyone may see about one seat.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Config, Rummikub};
///
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(1))?;
/// // Every seat sees every rack's size and whether it has opened, never its tiles.
/// let view = game.view(0);
/// assert_eq!(view.seats.len(), 3);
/// assert!(view.seats.iter().all(|s| s.tiles == 14 && !s.opened));
/// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
#[non_exhaustive]
pub struct SeatSummary {
    /// Tiles on the seat's rack.
    pub tiles: usize,
    /// Whether the seat has made its initial meld.
    pub opened: bool,
}

/// What one seat may see: its own rack, the table, the pool count, every seat's rack
/// count and whether it has opened, whose turn it is, the outcome once the game is
/// over — and nothing else (no other rack, no pool order). The rules are included
/// because they are public.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Config, Rummikub};
///
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
/// let view = game.view(2);
/// assert_eq!(view.rack, *game.rack(2).unwrap());
/// assert_eq!(view.seats[0].tiles, 14);
/// assert_eq!(view.pool, 106 - 42);
/// ```
///
/// Read through serde (feature `serde`), a view is checked: one no game could show (a
/// seat not at the table, more copies of a tile than the set holds, a table meld that is
/// not one, counts that do not add up to the set...) is refused with the
/// [`DealError`](rummykit_core::DealError) that names it, as a save is.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Config, Rummikub, View};
///
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
/// let text = serde_json::to_string(&game.view(1)).unwrap();
/// assert_eq!(serde_json::from_str::<View>(&text).unwrap(), game.view(1));
/// // Seat 5 is not at a table of three.
/// let refused = serde_json::from_str::<View>(&serde_json::to_string(&game.view(5)).unwrap());
/// assert_eq!(refused.unwrap_err().to_string(), "invalid position: seat is seat 5, but the table has 3 seats");
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_view::ViewRepr")
)]
#[non_exhaustive]
pub struct View {
    /// The seat this view is for.
    pub seat: Seat,
    /// The rules of the game.
    pub config: Config,
    /// The seat's own rack.
    pub rack: TileCounts,
    /// The table.
    pub table: Vec<Meld<Tile>>,
    /// Tiles left in the pool.
    pub pool: usize,
    /// Every seat's public facts, by seat (own seat included).
    pub seats: Vec<SeatSummary>,
    /// Whose turn it is (`None` once the game is over).
    pub to_move: Option<Seat>,
    /// How the game ended (points by seat, winners) once it is over, `None` before.
    pub outcome: Option<Outcome>,
}

/// The view as text for a person: the seat and whose turn it is, the seat's own rack
/// and whether it has opened, the table's melds, the pool's size, every other rack's
/// size and whether it has opened, and the result once the game is over. Nothing a seat
/// may not see: the view holds no other tile.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::{Game, Seating};
/// use rummykit_rummikub::{Config, Rummikub};
///
/// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3).with_dealer(2), &mut ChaCha8Rng::seed_from_u64(1))?;
/// let view = game.view(1);
/// let text = view.to_string();
/// assert!(text.starts_with("seat 1 of 3; seat 0 to move\n"));
/// assert!(text.contains(&format!("\nrack, not opened: {}\n", view.rack)));
/// assert!(text.contains("\ntable: empty\npool: 64 tiles\nseat 0: 14 tiles\nseat 2: 14 tiles"));
/// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
/// ```
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles = |n: usize| if n == 1 { "1 tile".to_owned() } else { format!("{n} tiles") };
        write!(f, "seat {} of {}; ", self.seat, self.seats.len())?;
        match self.to_move {
            Some(seat) if seat == self.seat => f.write_str("this seat to move")?,
            Some(seat) => write!(f, "seat {seat} to move")?,
            None => f.write_str("the game is over")?,
        }
        let opened = if self.own_opened() { "opened" } else { "not opened" };
        write!(f, "\nrack, {opened}: ")?;
        if self.rack.is_empty() {
            f.write_str("empty")?;
        }
        write!(f, "{}\ntable:", self.rack)?;
        if self.table.is_empty() {
            f.write_str(" empty")?;
        }
        for meld in &self.table {
            write!(f, " [{meld}]")?;
        }
        write!(f, "\npool: {}", tiles(self.pool))?;
        for (seat, summary) in self.seats.iter().enumerate().filter(|&(seat, _)| seat != self.seat) {
            write!(f, "\nseat {seat}: {}", tiles(summary.tiles))?;
            if summary.opened {
                f.write_str(", opened")?;
            }
        }
        if let Some(outcome) = &self.outcome {
            write!(f, "\nresult: {outcome}")?;
        }
        Ok(())
    }
}

impl SeatView for View {
    #[inline]
    fn seat(&self) -> Seat {
        self.seat
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }
}

impl View {
    pub(crate) fn of(game: &Rummikub, seat: Seat) -> View {
        View {
            seat,
            config: *game.config(),
            rack: game.rack(seat).copied().unwrap_or_default(),
            table: game.table().to_vec(),
            pool: game.pool_len(),
            seats: (0..game.seats())
                .map(|s| SeatSummary {
                    tiles: game.rack(s).map_or(0, TileCounts::len),
                    opened: game.has_opened(s) == Some(true),
                })
                .collect(),
            to_move: game.to_move(),
            outcome: game.outcome(),
        }
    }

    /// Whether `seat` has made its initial meld, as [`Rummikub::has_opened`] answers
    /// (`None` for a seat not at the table): the same question asked the same way of
    /// every game and its view that has an opening.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(1))?;
    /// let view = game.view(2);
    /// assert_eq!(view.has_opened(2), Some(false)); // 30 points from the rack first
    /// assert_eq!(view.has_opened(0), game.has_opened(0)); // every seat's is public
    /// assert_eq!(view.has_opened(3), None); // no such seat
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn has_opened(&self, seat: Seat) -> Option<bool> {
        self.seats.get(seat).map(|s| s.opened)
    }

    /// Whether this view's own seat has made its initial meld: what the rules of its
    /// play depend on (the `opened` argument of [`check_play`](crate::check_play) and
    /// [`Solver::solve_turn`]). Short for `view.has_opened(view.seat) == Some(true)`.
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::{Config, Rummikub};
    ///
    /// let game = Rummikub::deal(&Config::STANDARD, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(1))?;
    /// let view = game.view(1);
    /// assert!(!view.own_opened()); // 30 points from the rack first
    /// assert_eq!(view.own_opened(), view.has_opened(view.seat) == Some(true));
    /// # Ok::<(), rummykit_rummikub::rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn own_opened(&self) -> bool {
        self.has_opened(self.seat) == Some(true)
    }

    /// The solver's best play for this seat's rack on this table (a hint):
    /// [`Solver::solve_turn`] under the view's rules, whether the seat has opened and
    /// `objective`. The answer's table is one [`check_play`](crate::check_play) accepts;
    /// when nothing can be placed its [`placed`](Solution::placed) is empty (draw, or pass
    /// once the pool is empty). Reuse one `solver` across turns: it keeps its tables.
    ///
    /// # Errors
    ///
    /// The [`SolveError`] of [`Solver::solve_turn`]: [`SolveError::Unproven`] when no
    /// play is proven best under the rules in force (it still carries the best allowed
    /// play found, [`SolveError::best`]); the others only for a view not of a game (a
    /// table meld that is not one, more copies of a tile than the set holds).
    ///
    /// ```
    /// use rummykit_rummikub::rand::SeedableRng;
    /// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
    /// use rummykit_rummikub::rummykit_core::{Game, Seating};
    /// use rummykit_rummikub::solver::{Objective, Solver};
    /// use rummykit_rummikub::{Action, Config, Rummikub};
    ///
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// let mut game = Rummikub::deal(&Config::STANDARD, Seating::new(3), &mut rng)?;
    /// let seat = game.to_move().expect("the game is on");
    /// let mut solver = Solver::new();
    /// let hint = game.view(seat).hint(&mut solver, Objective::Tiles)?;
    /// // The hint is a play the referee accepts, or nothing placed: draw.
    /// let action = if hint.placed.is_empty() { Action::Draw } else { Action::Play { table: hint.table } };
    /// game.apply(seat, action)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hint(&self, solver: &mut Solver, objective: Objective) -> Result<Solution, SolveError> {
        solver.solve_turn(&self.table, &self.rack.to_vec(), &self.config, self.own_opened(), objective)
    }
}
