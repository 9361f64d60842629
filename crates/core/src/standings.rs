//! [`Standings`]: the results of a [`tournament`](crate::tournament), hand by hand and
//! summarised per entry, and [`HandResult`], one hand's.

use core::fmt;

use crate::{Estimate, ScoreOrder};

/// One hand of a tournament, by entry (the bots in the order their factory numbers
/// them), whatever seats they had.
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

/// The results of a [`tournament`](crate::tournament), by entry (the bots in the order
/// their factory numbers them).
///
/// ```
/// use rummykit_core::Standings;
/// fn report(s: &Standings) {
///     for (entry, name) in s.names().iter().enumerate() {
///         println!("{name}: {} wins, {:.1} points a hand", s.wins(entry), s.mean_points(entry));
///     }
/// }
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
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Every hand's result, in hand order.
    #[must_use]
    pub fn results(&self) -> &[HandResult] {
        &self.hands
    }

    /// Whether higher points are better, as the game scores.
    #[must_use]
    pub fn score_order(&self) -> ScoreOrder {
        self.order
    }

    /// Hands played.
    #[must_use]
    pub fn hands(&self) -> usize {
        self.hands.len()
    }

    /// Actions played over all hands.
    #[must_use]
    pub fn actions(&self) -> usize {
        self.hands.iter().map(|h| h.actions).sum()
    }

    /// Hands cut off at the action limit (counted as void: no winner, no points).
    #[must_use]
    pub fn unfinished(&self) -> usize {
        self.hands.iter().filter(|h| !h.finished).count()
    }

    /// Hands with no winner: void hands and unfinished ones.
    #[must_use]
    pub fn void(&self) -> usize {
        self.hands.iter().filter(|h| h.winners.is_empty()).count()
    }

    /// Hands won by entry `bot`, a shared win included (so the entries' wins may add up
    /// to more than the hands).
    #[must_use]
    pub fn wins(&self, bot: usize) -> usize {
        self.hands.iter().filter(|h| h.winners.contains(&bot)).count()
    }

    /// The share of hands `bot` won, with its Wilson interval.
    #[must_use]
    pub fn win_rate(&self, bot: usize) -> Estimate {
        Estimate::of_proportion(self.wins(bot), self.hands())
    }

    /// `bot`'s mean points per hand (in the game's own sense, see [`ScoreOrder`]).
    #[must_use]
    pub fn mean_points(&self, bot: usize) -> Estimate {
        Estimate::of_mean(self.hands.iter().filter_map(|h| h.points.get(bot)).map(|&x| x as f64))
    }

    /// The mean per-hand advantage of `a` over `b`, oriented so that positive is better
    /// for `a` whatever the game's [`ScoreOrder`]. The interval treats each deal (the
    /// hands played from it, one per seat rotation in the duplicate format) as one
    /// sample, so the luck of the deal cancels out of it.
    #[must_use]
    pub fn advantage(&self, a: usize, b: usize) -> Estimate {
        let sign = match self.order {
            ScoreOrder::HigherIsBetter => 1.0,
            ScoreOrder::LowerIsBetter => -1.0,
        };
        Estimate::of_mean(self.hands.chunks(self.per_deal.max(1)).map(|deal| {
            let sum: f64 =
                deal.iter().filter_map(|h| Some(sign * (*h.points.get(a)? - *h.points.get(b)?) as f64)).sum();
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
