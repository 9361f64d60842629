//! [`tournament`]: many seeded hands between bots with the seats rotated, summarised as
//! [`Standings`] with 95% intervals, to show that one bot is stronger than another.

use core::fmt;

use rand::Rng;
use thiserror::Error;

use crate::{Bot, DealError, DriverError, Game, ScoreOrder, Seating, play_hand};

/// Why a [`tournament`] stopped.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum TournamentError<E: std::error::Error> {
    /// No bots were given.
    #[error("a tournament needs at least one bot")]
    NoBots,
    /// The game refused the deal (player count, configuration).
    #[error("hand {hand}: the deal failed: {error}")]
    Deal {
        /// The hand (0-based) that could not be dealt.
        hand: usize,
        /// The game's reason.
        error: DealError,
    },
    /// A bot chose an illegal action, or the hand ran too long.
    #[error("hand {hand}: {error}")]
    Play {
        /// The hand (0-based) that failed.
        hand: usize,
        /// What went wrong.
        error: DriverError<E>,
    },
}

/// A mean with its 95% confidence interval `[low, high]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Estimate {
    /// The sample mean (or proportion).
    pub mean: f64,
    /// Lower end of the 95% interval.
    pub low: f64,
    /// Upper end of the 95% interval.
    pub high: f64,
}

impl Estimate {
    /// The normal-approximation interval of the mean of `samples` (mean ± 1.96 standard
    /// errors). Empty input gives `0 ± ∞`… represented as `[−∞, ∞]`.
    ///
    /// ```
    /// use rummykit_core::Estimate;
    /// let e = Estimate::of_mean([1.0, 2.0, 3.0, 4.0]);
    /// assert_eq!(e.mean, 2.5);
    /// assert!(e.low < 2.5 && e.high > 2.5);
    /// ```
    pub fn of_mean(samples: impl IntoIterator<Item = f64>) -> Estimate {
        let (mut n, mut sum, mut sum_sq) = (0.0f64, 0.0f64, 0.0f64);
        for x in samples {
            n += 1.0;
            sum += x;
            sum_sq += x * x;
        }
        if n < 2.0 {
            let mean = if n > 0.0 { sum } else { 0.0 };
            return Estimate { mean, low: f64::NEG_INFINITY, high: f64::INFINITY };
        }
        let mean = sum / n;
        let var = ((sum_sq - sum * mean) / (n - 1.0)).max(0.0);
        let half = 1.96 * (var / n).sqrt();
        Estimate { mean, low: mean - half, high: mean + half }
    }

    /// The Wilson score interval of a proportion: `successes` out of `trials`.
    ///
    /// ```
    /// use rummykit_core::Estimate;
    /// let e = Estimate::of_proportion(600, 1000);
    /// assert_eq!(e.mean, 0.6);
    /// assert!(e.low > 0.56 && e.high < 0.64);
    /// ```
    #[must_use]
    pub fn of_proportion(successes: usize, trials: usize) -> Estimate {
        if trials == 0 {
            return Estimate { mean: 0.0, low: 0.0, high: 1.0 };
        }
        let (k, n, z) = (successes as f64, trials as f64, 1.96f64);
        let p = k / n;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        Estimate { mean: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }

    /// Whether the whole interval lies above `x` (the difference from `x` is real at
    /// the 5% level).
    #[must_use]
    pub fn above(&self, x: f64) -> bool {
        self.low > x
    }

    /// Whether the whole interval lies below `x`.
    #[must_use]
    pub fn below(&self, x: f64) -> bool {
        self.high < x
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = f.precision().unwrap_or(3);
        write!(f, "{:.p$} [{:.p$}, {:.p$}]", self.mean, self.low, self.high)
    }
}

/// The results of a [`tournament`], by bot (the order the bots were given in).
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    names: Vec<String>,
    order: ScoreOrder,
    /// `points[hand][bot]`.
    points: Vec<Vec<i64>>,
    /// `winner[hand]`: the winning bot, if any.
    winners: Vec<Option<usize>>,
    actions: usize,
    unfinished: usize,
}

impl Standings {
    /// The bots' names.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Hands played.
    #[must_use]
    pub fn hands(&self) -> usize {
        self.points.len()
    }

    /// Actions played over all hands.
    #[must_use]
    pub fn actions(&self) -> usize {
        self.actions
    }

    /// Hands cut off at `max_actions` (counted as void: no winner, no points).
    #[must_use]
    pub fn unfinished(&self) -> usize {
        self.unfinished
    }

    /// Hands won by `bot`.
    #[must_use]
    pub fn wins(&self, bot: usize) -> usize {
        self.winners.iter().filter(|w| **w == Some(bot)).count()
    }

    /// The share of hands `bot` won, with its Wilson interval.
    #[must_use]
    pub fn win_rate(&self, bot: usize) -> Estimate {
        Estimate::of_proportion(self.wins(bot), self.hands())
    }

    /// `bot`'s mean points per hand (in the game's own sense, see [`ScoreOrder`]).
    #[must_use]
    pub fn mean_points(&self, bot: usize) -> Estimate {
        Estimate::of_mean(self.points.iter().filter_map(|p| p.get(bot)).map(|&x| x as f64))
    }

    /// The mean per-hand advantage of `a` over `b`, oriented so that positive is better
    /// for `a` whatever the game's [`ScoreOrder`]. The interval treats each deal (the
    /// `n` hands played from it, one per seat rotation) as one sample, so the luck of
    /// the deal cancels out of it.
    #[must_use]
    pub fn advantage(&self, a: usize, b: usize) -> Estimate {
        let sign = match self.order {
            ScoreOrder::HigherIsBetter => 1.0,
            ScoreOrder::LowerIsBetter => -1.0,
        };
        let per_deal = self.names.len().max(1);
        Estimate::of_mean(self.points.chunks(per_deal).map(|deal| {
            let sum: f64 = deal.iter().filter_map(|p| Some(sign * (*p.get(a)? - *p.get(b)?) as f64)).sum();
            sum / deal.len() as f64
        }))
    }

    /// Per-hand points, `points()[hand][bot]`.
    #[must_use]
    pub fn points(&self) -> &[Vec<i64>] {
        &self.points
    }
}

impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} hands ({} cut off unfinished)", self.hands(), self.unfinished)?;
        for (b, name) in self.names.iter().enumerate() {
            writeln!(
                f,
                "  {name:<16} wins {:>6}  win rate {:.3}  mean points {:.1}",
                self.wins(b),
                self.win_rate(b),
                self.mean_points(b)
            )?;
        }
        Ok(())
    }
}

/// Plays `hands` hands of `G` between `n` `bots` (one seat each) in the *duplicate*
/// format: each deal is played `n` times, rotating the seats, so every bot plays every
/// deal from every seat and the luck of the deal cancels out of the comparison. In hand
/// `h` seat `s` is played by bot `(s + h) % n`, seat 0 moves first (the dealer is the
/// last seat), and hands `h` with `h % n == 0` start a new deal. Deals draw from `rng`;
/// the bots use their own rngs, so the whole run is reproducible.
///
/// A hand still running after `max_actions` actions is cut off and counted as void (no
/// winner, no points for anyone; see [`Standings::unfinished`]): card games that
/// reshuffle their stock can stall for ever between cautious players.
///
/// # Errors
///
/// [`TournamentError::NoBots`], a refused deal, or the first illegal action, naming
/// the hand.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Bot, tournament};
/// # use rummykit_core::{DealError, Game, Outcome, ScoreOrder, Seat, Seating};
/// # // A race to 10: each turn the seat to move adds 1 or 2 to its counter.
/// # #[derive(Clone, Debug)]
/// # struct Race { counters: Vec<u32>, next: usize }
/// # #[derive(Debug, Clone, PartialEq, thiserror::Error)]
/// # #[error("a step of 1 or 2")]
/// # struct BadStep;
/// # impl From<rummykit_core::NotYourTurn> for BadStep { fn from(_: rummykit_core::NotYourTurn) -> BadStep { BadStep } }
/// # impl Game for Race {
/// #     type Config = ();
/// #     type Action = u32;
/// #     type View = ();
/// #     type Error = BadStep;
/// #     const SCORE_ORDER: ScoreOrder = ScoreOrder::HigherIsBetter;
/// #     fn deal<R: rand::Rng + ?Sized>(_: &(), s: Seating, _: &mut R) -> Result<Self, DealError> {
/// #         s.check(2, 4)?;
/// #         Ok(Race { counters: vec![0; s.seats], next: s.first_to_play().unwrap_or(0) })
/// #     }
/// #     fn seats(&self) -> usize { self.counters.len() }
/// #     fn to_move(&self) -> Option<Seat> {
/// #         self.counters.iter().all(|&c| c < 10).then_some(self.next)
/// #     }
/// #     fn apply(&mut self, seat: Seat, step: u32) -> Result<(), BadStep> {
/// #         rummykit_core::NotYourTurn::check(seat, self.to_move())?;
/// #         if !(1..=2).contains(&step) { return Err(BadStep) }
/// #         self.counters[self.next] += step;
/// #         self.next = (self.next + 1) % self.counters.len();
/// #         Ok(())
/// #     }
/// #     fn view(&self, _: Seat) {}
/// #     fn outcome(&self) -> Option<Outcome> {
/// #         let w = self.counters.iter().position(|&c| c >= 10)?;
/// #         Some(Outcome { points: self.counters.iter().map(|&c| i64::from(c)).collect(), winner: Some(w) })
/// #     }
/// # }
/// struct Steps(u32);
/// impl Bot<Race> for Steps {
///     fn name(&self) -> &str { if self.0 == 2 { "twos" } else { "ones" } }
///     fn act(&mut self, _view: &()) -> u32 { self.0 }
/// }
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let (mut fast, mut slow) = (Steps(2), Steps(1));
/// let standings = tournament::<Race, _>(&(), &mut [&mut fast, &mut slow], 100, 1_000, &mut rng).unwrap();
/// assert_eq!(standings.hands(), 100);
/// assert_eq!(standings.wins(0), 100);
/// assert!(standings.win_rate(0).above(0.5));
/// assert!(standings.advantage(0, 1).above(0.0));
/// ```
pub fn tournament<G: Game, R: Rng + ?Sized>(
    config: &G::Config,
    bots: &mut [&mut dyn Bot<G>],
    hands: usize,
    max_actions: usize,
    rng: &mut R,
) -> Result<Standings, TournamentError<G::Error>> {
    let n = bots.len();
    if n == 0 {
        return Err(TournamentError::NoBots);
    }
    let names = bots.iter().map(|b| b.name().to_owned()).collect();
    let mut standings = Standings {
        names,
        order: G::SCORE_ORDER,
        points: Vec::new(),
        winners: Vec::new(),
        actions: 0,
        unfinished: 0,
    };
    let seating = Seating::new(n).with_dealer(n - 1);
    let mut dealt: Option<G> = None;
    for hand in 0..hands {
        let shift = hand % n;
        if shift == 0 || dealt.is_none() {
            dealt =
                Some(G::deal(config, seating, rng).map_err(|error| TournamentError::Deal { hand, error })?);
        }
        let Some(mut game) = dealt.clone() else { continue };
        let mut seated: Vec<&mut dyn Bot<G>> =
            bots.iter_mut().map(|b| -> &mut dyn Bot<G> { &mut **b }).collect();
        // After rotate_left(shift), seat s holds bot (s + shift) % n.
        seated.rotate_left(shift);
        let (outcome, actions) = match play_hand(&mut game, &mut seated, max_actions) {
            Ok(done) => done,
            Err(DriverError::TooLong(_)) => {
                // Stalemates happen (Rummy 40 reshuffles its stock for ever): a void hand.
                standings.unfinished += 1;
                standings.points.push(vec![0; n]);
                standings.winners.push(None);
                standings.actions += max_actions;
                continue;
            }
            Err(error) => return Err(TournamentError::Play { hand, error }),
        };
        let mut by_bot = vec![0; n];
        for (seat, &p) in outcome.points.iter().enumerate() {
            by_bot[(seat + shift) % n] = p;
        }
        standings.points.push(by_bot);
        standings.winners.push(outcome.winner.map(|s| (s + shift) % n));
        standings.actions += actions.len();
    }
    Ok(standings)
}
