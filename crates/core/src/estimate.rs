//! [`Estimate`]: a mean or a proportion with its 95% interval, for tournament results.

use core::fmt;

/// A mean with its 95% confidence interval `[low, high]`.
///
/// ```
/// use rummykit_core::Estimate;
///
/// // 540 wins in 1,000 hands: better than a coin at the 5% level, and printed as such.
/// let wins = Estimate::of_proportion(540, 1_000);
/// assert!(wins.above(0.5));
/// assert_eq!(wins.to_string(), "0.540 [0.509, 0.571]");
/// assert_eq!(format!("{wins:.2}"), "0.54 [0.51, 0.57]");
/// ```
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
    #[must_use]
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

    /// The Wilson score interval of a proportion: `successes` out of `trials`. More
    /// successes than trials count as `trials` (every trial a success), so the mean and
    /// the interval always lie in `[0, 1]`; no trial says nothing: mean 0, interval
    /// `[0, 1]`.
    ///
    /// ```
    /// use rummykit_core::Estimate;
    /// let e = Estimate::of_proportion(600, 1000);
    /// assert_eq!(e.mean, 0.6);
    /// assert!(e.low > 0.56 && e.high < 0.64);
    /// assert_eq!(Estimate::of_proportion(5, 2), Estimate::of_proportion(2, 2));
    /// assert_eq!(Estimate::of_proportion(3, 0).to_string(), "0.000 [0.000, 1.000]");
    /// ```
    #[must_use]
    pub fn of_proportion(successes: usize, trials: usize) -> Estimate {
        if trials == 0 {
            return Estimate { mean: 0.0, low: 0.0, high: 1.0 };
        }
        let (k, n, z) = (successes.min(trials) as f64, trials as f64, 1.96f64);
        let p = k / n;
        let denom = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denom;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
        Estimate { mean: p, low: (centre - half).max(0.0), high: (centre + half).min(1.0) }
    }

    /// Whether the whole interval lies above `x` (the difference from `x` is real at
    /// the 5% level).
    ///
    /// ```
    /// use rummykit_core::Estimate;
    ///
    /// // Points per hand of one bot over another: +0.6 on average, but is it real?
    /// let few = Estimate::of_mean([3.0, -2.0, 1.0, 0.0, 1.0]);
    /// let many = Estimate::of_mean([3.0, -2.0, 1.0, 0.0, 1.0].repeat(100));
    /// assert!(!few.above(0.0)); // five hands say nothing
    /// assert!(many.above(0.0)); // five hundred do
    /// ```
    #[must_use]
    pub fn above(&self, x: f64) -> bool {
        self.low > x
    }

    /// Whether the whole interval lies below `x`.
    ///
    /// ```
    /// use rummykit_core::Estimate;
    ///
    /// let wins = Estimate::of_proportion(430, 1_000);
    /// assert!(wins.below(0.5));
    /// assert!(!wins.below(0.45)); // 0.45 lies inside the interval
    /// ```
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

#[cfg(test)]
mod tests {
    use super::Estimate;

    /// Every proportion lies in `[0, 1]` with its interval around it, whatever the counts
    /// (more successes than trials counting as all), and the interval narrows as the
    /// trials grow.
    #[test]
    fn a_proportion_and_its_interval_lie_in_the_unit_range() {
        for trials in [0usize, 1, 2, 3, 10, 1_000, usize::MAX] {
            for successes in [0, 1, 2, 5, 999, 1_000, usize::MAX] {
                let e = Estimate::of_proportion(successes, trials);
                assert!(
                    0.0 <= e.low && e.low <= e.mean && e.mean <= e.high && e.high <= 1.0,
                    "{successes}/{trials}: {e}"
                );
                if successes >= trials {
                    assert_eq!(e, Estimate::of_proportion(trials, trials), "{successes}/{trials}");
                }
            }
        }
        let (few, many) = (Estimate::of_proportion(6, 10), Estimate::of_proportion(600, 1_000));
        assert!(many.high - many.low < few.high - few.low);
        assert_eq!(Estimate::of_proportion(5, 2).mean, 1.0);
    }
}
