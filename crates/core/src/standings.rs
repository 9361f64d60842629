//! [`Standings`]: the results of a [`tournament`](fn@crate::tournament), hand by hand and
//! summarised per entry, and [`HandResult`], one hand's.

use core::fmt;

use crate::{Estimate, ScoreOrder};

/// One hand of a tournament, by entry (the bots in the order their factory numbers
/// them), whatever seats they had.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
///
/// // 200 hands of the conformance module's toy Nim between two random players.
/// let random =
///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
/// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
/// let first = &standings.results()[0];
/// assert!(first.finished && first.winners.len() == 1); // Nim has one winner
/// assert_eq!(first.points.iter().sum::<i64>(), 0);
/// assert_eq!(first.turns.iter().sum::<usize>(), first.actions);
/// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct HandResult {
    /// Points of the hand, by entry (all 0 for a hand cut off unfinished).
    pub points: Vec<i64>,
    /// The entries that won, ascending: one, several for a shared win (Rummikub,
    /// RULES.md §1.8 (b)), none for a void or unfinished hand.
    pub winners: Vec<usize>,
    /// Actions played in the hand.
    pub actions: usize,
    /// Actions of each entry, by entry.
    pub turns: Vec<usize>,
    /// `false` when the hand was cut off at the action limit (counted as void).
    pub finished: bool,
}

/// The results of a [`tournament`](fn@crate::tournament), by entry (the bots in the order
/// their factory numbers them).
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Bot, RandomBot, Standings, TournamentPlan, tournament};
/// fn report(s: &Standings) -> Vec<String> {
///     let line = |(entry, name)| format!("{name}: {} wins, {:.1} points a hand", s.wins(entry), s.mean_points(entry));
///     s.names().iter().enumerate().map(line).collect()
/// }
/// // 100 hands of the conformance module's toy Nim between two random players.
/// let random =
///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
/// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 100, 1), random, |_| {})?;
/// let lines = report(&standings);
/// assert_eq!(lines.len(), 2);
/// assert!(lines[0].starts_with("random: "));
/// // Every hand of Nim has one winner.
/// assert_eq!(standings.wins(0) + standings.wins(1), standings.results().len());
/// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Standings {
    pub(crate) names: Vec<String>,
    pub(crate) order: ScoreOrder,
    /// Hands played per deal (the entries, in the duplicate format; else 1).
    pub(crate) per_deal: usize,
    pub(crate) hands: Vec<HandResult>,
}

impl Standings {
    /// The entries' names (their bots' [`name`](crate::Bot::name)s).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.names(), ["random", "random"]);
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Every hand's result, in hand order.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.results().len(), 200);
    /// let won_by_0 = standings.results().iter().filter(|h| h.winners == [0]).count();
    /// assert_eq!(won_by_0, standings.wins(0));
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn results(&self) -> &[HandResult] {
        &self.hands
    }

    /// Whether higher points are better, as the game scores.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{ScoreOrder, Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.score_order(), ScoreOrder::HigherIsBetter);
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn score_order(&self) -> ScoreOrder {
        self.order
    }

    /// Hands played.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.hands(), 200);
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn hands(&self) -> usize {
        self.hands.len()
    }

    /// Actions played over all hands.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// // Each Nim hand takes 4 to 7 takes of the 7 counters.
    /// assert!((4 * 200..=7 * 200).contains(&standings.actions()));
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn actions(&self) -> usize {
        self.hands.iter().map(|h| h.actions).sum()
    }

    /// Hands cut off at the action limit (counted as void: no winner, no points).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.unfinished(), 0); // no hand reached the action limit
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn unfinished(&self) -> usize {
        self.hands.iter().filter(|h| !h.finished).count()
    }

    /// Hands with no winner: void hands and unfinished ones.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.void(), 0); // someone takes the last counter
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn void(&self) -> usize {
        self.hands.iter().filter(|h| h.winners.is_empty()).count()
    }

    /// Hands won by entry `bot`, a shared win included (so the entries' wins may add up
    /// to more than the hands).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// assert_eq!(standings.wins(0) + standings.wins(1), 200); // no shared wins in Nim
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn wins(&self, bot: usize) -> usize {
        self.hands.iter().filter(|h| h.winners.contains(&bot)).count()
    }

    /// The share of hands `bot` won, with its Wilson interval.
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// let rate = standings.win_rate(0);
    /// assert_eq!(rate.mean, standings.wins(0) as f64 / 200.0);
    /// assert!(rate.low < 0.5 && rate.high > 0.5); // two random players: no real difference
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn win_rate(&self, bot: usize) -> Estimate {
        Estimate::of_proportion(self.wins(bot), self.hands())
    }

    /// `bot`'s mean points per hand (in the game's own sense, see [`ScoreOrder`]).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// // +1 for a win, -1 for a loss.
    /// let mean = standings.mean_points(1).mean;
    /// assert_eq!(mean, (2.0 * standings.wins(1) as f64 - 200.0) / 200.0);
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn mean_points(&self, bot: usize) -> Estimate {
        Estimate::of_mean(self.hands.iter().filter_map(|h| h.points.get(bot)).map(|&x| x as f64))
    }

    /// The mean per-hand advantage of `a` over `b`, oriented so that positive is better
    /// for `a` whatever the game's [`ScoreOrder`]. The interval treats each deal (the
    /// hands played from it, one per seat rotation in the duplicate format) as one
    /// sample, so the luck of the deal cancels out of it. The differences are taken in
    /// `f64`, so they never overflow: exact while both scores lie within ±2⁵², rounded
    /// past that (no built-in game comes near).
    ///
    /// ```
    /// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
    /// # use nim::Nim;
    /// use rand::SeedableRng;
    /// use rand_chacha::ChaCha8Rng;
    /// use rummykit_core::{Bot, RandomBot, TournamentPlan, tournament};
    ///
    /// // 200 hands of the conformance module's toy Nim between two random players.
    /// let random =
    ///     |_, seed| -> Box<dyn Bot<Nim>> { Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))) };
    /// let standings = tournament::<Nim>(&(), &TournamentPlan::new(2, 200, 1), random, |_| {})?;
    /// // Positive is better for the first entry; the two views are mirror images.
    /// let (ab, ba) = (standings.advantage(0, 1), standings.advantage(1, 0));
    /// assert_eq!(ab.mean, -ba.mean);
    /// assert!(!ab.above(0.0) && !ab.below(0.0)); // random against random
    /// # Ok::<(), rummykit_core::DriverError<nim::Illegal>>(())
    /// ```
    #[must_use]
    pub fn advantage(&self, a: usize, b: usize) -> Estimate {
        let sign = match self.order {
            ScoreOrder::HigherIsBetter => 1.0,
            ScoreOrder::LowerIsBetter => -1.0,
        };
        Estimate::of_mean(self.hands.chunks(self.per_deal.max(1)).map(|deal| {
            // The difference in `f64`: a game's points may be any `i64`, and the
            // difference of two may not fit one.
            let sum: f64 = deal
                .iter()
                .filter_map(|h| Some(sign * (*h.points.get(a)? as f64 - *h.points.get(b)? as f64)))
                .sum();
            sum / deal.len() as f64
        }))
    }
}

impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} hands ({} cut off unfinished)", self.hands(), self.unfinished())?;
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

#[cfg(test)]
mod tests {
    use super::{HandResult, Standings};
    use crate::ScoreOrder;

    fn hand(points: [i64; 2], winners: &[usize], finished: bool) -> HandResult {
        HandResult {
            points: points.to_vec(),
            winners: winners.to_vec(),
            actions: 4,
            turns: vec![2, 2],
            finished,
        }
    }

    /// The standings print one line per entry: name, wins, win rate and mean points
    /// (each estimate with its interval), under a line of how many hands were played.
    #[test]
    fn standings_print_one_line_per_entry() {
        let standings = Standings {
            names: vec!["greedy".to_owned(), "random".to_owned()],
            order: ScoreOrder::HigherIsBetter,
            per_deal: 1,
            hands: vec![
                hand([10, -10], &[0], true),
                hand([10, -10], &[0], true),
                hand([-4, 4], &[1], true),
                hand([0, 0], &[], false),
            ],
        };
        // Wilson intervals for 2 and 1 wins in 4 hands; means 16/4 and -16/4.
        let text = "\
4 hands (1 cut off unfinished)
  greedy           wins      2  win rate 0.500 [0.150, 0.850]  mean points 4.0 [-3.0, 11.0]
  random           wins      1  win rate 0.250 [0.046, 0.699]  mean points -4.0 [-11.0, 3.0]
";
        assert_eq!(standings.to_string(), text);
    }
}
