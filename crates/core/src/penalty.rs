//! [`MAX_PENALTY`]: the bound on every game's penalty options.

/// The largest value a game's penalty option may take (Rummikub's joker and
/// never-melded penalties, Rummy 40's joker penalty, rummy bonus and unopened penalty),
/// which each game's `Config::validate` checks with [`DealError::check_max`]: a hundred
/// times the largest the sources name (100), and small enough that every hand's score
/// stays exact in `u32` arithmetic, even with a whole box or pack in one hand, a bonus
/// on top and the hand doubled.
///
/// ```
/// use rummykit_core::{DealError, MAX_PENALTY};
/// assert!(DealError::check_max("joker_penalty", MAX_PENALTY, MAX_PENALTY).is_ok());
/// assert!(DealError::check_max("joker_penalty", MAX_PENALTY + 1, MAX_PENALTY).is_err());
/// // 160 tiles (Rummikub's largest box) each at the bound, plus a bonus, doubled: exact.
/// assert!(MAX_PENALTY.checked_mul(161 * 2).is_some());
/// ```
///
/// [`DealError::check_max`]: crate::DealError::check_max
pub const MAX_PENALTY: u32 = 10_000;
