//! Scoring a finished game (RULES.md §1.8), as pure functions.

use rummykit_core::Seat;

use crate::{Config, TileCounts};

/// How a game ended.
///
/// ```
/// use rummykit_rummikub::rummykit_core::Game;
/// use rummykit_rummikub::{Action, Config, GameEnd, Rummikub, Setup, TileSet};
///
/// // Seat 0 holds only r10 r11 r12, 33 points: it opens and goes out at once.
/// let mut setup = Setup::new(vec!["r10 r11 r12".parse()?, "k1 k2".parse()?]);
/// setup.fill_pool(TileSet::Standard106);
/// let mut game = Rummikub::from_setup(&Config::STANDARD, setup)?;
/// let run = rummykit_rummikub::rummykit_core::Meld::new(
///     rummykit_rummikub::rummykit_core::MeldKind::Run,
///     &rummykit_rummikub::rummykit_core::parse_list("r10 r11 r12")?,
///     &rummykit_rummikub::MELD_RULES,
/// )?;
/// game.apply(0, Action::Play { table: vec![run] })?;
/// assert_eq!(game.end(), Some(GameEnd::WentOut { seat: 0, hand_rummy: true }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum GameEnd {
    /// A player emptied their rack (§1.7).
    WentOut {
        /// Who went out.
        seat: Seat,
        /// They went out in the turn of their initial meld (hand rummy, §1.8 (c)).
        hand_rummy: bool,
    },
    /// The pool was empty and play stopped (§1.7, [`Config::pool_empty_end`]).
    PoolEmpty,
}

impl Config {
    /// What `rack` costs its owner under these rules (RULES.md §1.8): tile numbers,
    /// [`Config::joker_penalty`] per joker, plus [`Config::never_melded_penalty`] unless
    /// the owner has `opened` (made the initial meld). Every game's `Config::penalty`
    /// takes the hand first, then what else its rules need.
    ///
    /// Computed in `i64`, so it is exact for any rules, checked or not (a full box with
    /// every option at `u32::MAX` costs under 2^35).
    ///
    /// ```
    /// use rummykit_rummikub::Config;
    /// // RULES.md §1.8 (a): B holds 3, 7, 12, joker → 52.
    /// assert_eq!(Config::STANDARD.penalty(&"r3 b7 y12 J".parse()?, true), 52);
    /// // A player who never opened pays the house's flat extra on top.
    /// let house = Config::STANDARD.with_never_melded_penalty(100);
    /// assert_eq!(house.penalty(&"r3 b7 y12 J".parse()?, false), 152);
    /// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn penalty(&self, rack: &TileCounts, opened: bool) -> i64 {
        let never = if opened { 0 } else { self.never_melded_penalty };
        let numbers = i64::from(rack.value(0));
        numbers + i64::from(rack.jokers()) * i64::from(self.joker_penalty) + i64::from(never)
    }
}

/// Scores of a game that `winner` ended by going out (§1.8 (a)): every other seat loses
/// its [`Config::penalty`], the winner gains the sum; doubled for hand rummy when
/// [`Config::hand_rummy_double`] is on (§1.8 (c), §4.1). Zero-sum.
///
/// `opened[seat]` says whether the seat made its initial meld (for
/// [`Config::never_melded_penalty`]); a missing entry counts as opened. `None` for a
/// `winner` that is not a seat of `racks`, who ended no game.
///
/// ```
/// use rummykit_rummikub::{Config, TileCounts, score_went_out};
/// let racks: Vec<TileCounts> =
///     ["", "r3 b7 y12 J", "r1 b1 k13", "y9"].iter().map(|r| r.parse().unwrap()).collect();
/// assert_eq!(score_went_out(&Config::STANDARD, 0, &racks, &[true; 4], false), Some(vec![76, -52, -15, -9]));
/// assert_eq!(score_went_out(&Config::STANDARD, 4, &racks, &[true; 4], false), None); // no seat 4
/// ```
#[must_use]
pub fn score_went_out(
    config: &Config,
    winner: Seat,
    racks: &[TileCounts],
    opened: &[bool],
    hand_rummy: bool,
) -> Option<Vec<i64>> {
    if winner >= racks.len() {
        return None;
    }
    let factor = if hand_rummy && config.hand_rummy_double { 2 } else { 1 };
    let mut points: Vec<i64> = racks
        .iter()
        .enumerate()
        .map(|(s, rack)| {
            if s == winner {
                0
            } else {
                -factor * config.penalty(rack, opened.get(s).copied().unwrap_or(true))
            }
        })
        .collect();
    points[winner] = -points.iter().sum::<i64>();
    Some(points)
}

/// Scores of a game that ended with the pool empty and nobody out (§1.8 (b)): the
/// lowest [`Config::penalty`] wins; every loser pays the difference to it and the winner
/// gains the sum. Ties for lowest go to fewer tiles; players still tied share the pot
/// equally, the remainder of the integer division going to the first tied seat
/// clockwise from `first` (the seat after the last player who made a play). Zero-sum.
///
/// Returns the points by seat and the winners, ascending: one seat, or every tied seat,
/// which share the win (the first of them clockwise from `first` holds the remainder).
/// `None` for a `first` that is not a seat of `racks`, as [`score_went_out`] answers for
/// a winner who is not at the table.
///
/// ```
/// use rummykit_rummikub::{Config, TileCounts, score_pool_empty};
/// // RULES.md §1.8 (b): A 15, B 8, C 22, D 19 → B +32.
/// let racks: Vec<TileCounts> =
///     ["r7 b8", "y8", "k9 k13", "r6 r13"].iter().map(|r| r.parse().unwrap()).collect();
/// let (points, winners) = score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 0).expect("seat 0 is at the table");
/// assert_eq!(points, [-7, 32, -14, -11]);
/// assert_eq!(winners, [1]);
/// assert_eq!(score_pool_empty(&Config::STANDARD, &racks, &[true; 4], 4), None); // no seat 4
/// ```
#[must_use]
pub fn score_pool_empty(
    config: &Config,
    racks: &[TileCounts],
    opened: &[bool],
    first: Seat,
) -> Option<(Vec<i64>, Vec<Seat>)> {
    let n = racks.len();
    if first >= n {
        return None;
    }
    let key = |s: usize| (config.penalty(&racks[s], opened.get(s).copied().unwrap_or(true)), racks[s].len());
    let best = (0..n).map(key).min()?;
    let low = best.0;
    // The tied seats in clockwise order from `first`.
    let tied: Vec<Seat> = (0..n).map(|k| (first + k) % n).filter(|&s| key(s) == best).collect();
    let mut points = vec![0i64; n];
    let mut pot = 0;
    for (s, p) in points.iter_mut().enumerate() {
        if !tied.contains(&s) {
            let diff = key(s).0 - low;
            *p = -diff;
            pot += diff;
        }
    }
    let k = tied.len() as i64;
    for (i, &s) in tied.iter().enumerate() {
        points[s] = pot / k + if i == 0 { pot % k } else { 0 };
    }
    let mut winners = tied;
    winners.sort_unstable();
    Some((points, winners))
}
