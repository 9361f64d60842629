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
