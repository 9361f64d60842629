//! Card values (`RULES.md` §3.1): penalty in hand and value when melded.

use rummykit_core::{Card, Face, Meld, MeldKind};

use crate::Config;

/// The value of a natural card's rank `number` (1 = ace … 13 = king) in hand or in a
/// set: A 11, J/Q/K 10, others face value (`RULES.md` §3.1). A number that is no rank
/// (0, or above 13) is worth 0: no card has it.
///
/// ```
/// use rummykit_rummy40::rank_value;
/// assert_eq!([1, 2, 10, 11, 13].map(rank_value), [11, 2, 10, 10, 10]);
/// assert_eq!([0, 14, 200].map(rank_value), [0, 0, 0]);
/// ```
#[must_use]
pub const fn rank_value(number: u8) -> u32 {
    match number {
        1 => 11,
        2..=10 => number as u32,
        11..=13 => 10,
        _ => 0,
    }
}

/// The value of the run position `value` (as [`Meld::value_at`] counts: 1 is a low ace,
/// 14 a high ace): a low ace counts 1 (`ace_low_in_runs`, `RULES.md` §3.4), a high ace 11.
/// A position no run has (0, or above 14) is worth 0.
///
/// ```
/// use rummykit_rummy40::run_position_value;
/// assert_eq!([1, 5, 12, 14].map(run_position_value), [1, 5, 10, 11]);
/// assert_eq!([0, 15, 200].map(run_position_value), [0, 0, 0]);
/// ```
#[must_use]
pub const fn run_position_value(value: u8) -> u32 {
    match value {
        14 => 11,
        1 => 1,
        v => rank_value(v),
    }
}

impl Config {
    /// The penalty of `card` left in hand at the end of a hand (`RULES.md` §3.8):
    /// A 11, J/Q/K 10, others face value, the joker `joker_hand_penalty` (15; 25 in Scala 40).
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::Card;
    /// use rummykit_rummy40::Config;
    /// let c = Config::RUMMY40;
    /// let (ace, nine) = ("Ad".parse()?, "9c".parse()?);
    /// assert_eq!(c.card_penalty(ace) + c.card_penalty(Card::JOKER) + c.card_penalty(nine), 35);
    /// assert_eq!(Config::SCALA40.card_penalty(Card::JOKER), 25);
    /// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn card_penalty(&self, card: Card) -> u32 {
        match card.number() {
            Some(n) => rank_value(n),
            None => self.joker_hand_penalty,
        }
    }

    /// What `cards` left in hand cost their holder at the end of a hand (`RULES.md`
    /// §3.8): the sum of [`Config::card_penalty`], or the flat
    /// [`unopened_penalty`](Config::unopened_penalty) instead when it is set and the
    /// holder has not `opened`. The going-rummy bonus is not included: it depends on how
    /// the winner went out. Every game's `Config::penalty` takes the hand first, then
    /// what else its rules need.
    ///
    /// Exact for a configuration that passes [`Config::validate`]; beyond that it
    /// saturates rather than wrap.
    ///
    /// ```
    /// use rummykit_rummy40::rummykit_core::{Card, parse_list};
    /// use rummykit_rummy40::Config;
    /// let left: Vec<Card> = parse_list("Ad Kc * 9c")?;
    /// assert_eq!(Config::RUMMY40.penalty(left.iter().copied(), true), 11 + 10 + 15 + 9);
    /// assert_eq!(Config::SCALA40.penalty(left.iter().copied(), true), 11 + 10 + 25 + 9); // a joker costs 25
    /// assert_eq!(Config::RUMMY40.penalty([], true), 0);
    /// // Without the flat penalty, opening changes nothing; with it, it replaces the count.
    /// assert_eq!(Config::RUMMY40.penalty(left.iter().copied(), false), 45);
    /// assert_eq!(Config::RUMMY40.with_unopened_penalty(Some(100)).penalty(left, false), 100);
    /// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
    /// ```
    #[must_use]
    pub fn penalty(&self, cards: impl IntoIterator<Item = Card>, opened: bool) -> u32 {
        match self.unopened_penalty {
            Some(flat) if !opened => flat,
            _ => cards.into_iter().fold(0, |total: u32, c| total.saturating_add(self.card_penalty(c))),
        }
    }
}

/// The value of a meld toward the opening (`RULES.md` §3.5): every position at the
/// value of the card it stands for, jokers included; an ace 11, or 1 at the bottom of
/// a low run.
///
/// ```
/// use rummykit_rummy40::rummykit_core::{Card, Meld, MeldKind, MeldRules, parse_list};
/// use rummykit_rummy40::meld_value;
/// let rules = &rummykit_rummy40::MELD_RULES;
/// let run = Meld::new(MeldKind::Run, &parse_list::<Card>("Qs Ks As")?, rules).unwrap();
/// assert_eq!(meld_value(&run), 31);
/// let set = Meld::new(MeldKind::Group, &parse_list::<Card>("7c 7d *")?, rules).unwrap();
/// assert_eq!(meld_value(&set), 21);
/// # Ok::<(), rummykit_rummy40::rummykit_core::ParseError>(())
/// ```
#[must_use]
pub fn meld_value(meld: &Meld<Card>) -> u32 {
    match meld.kind() {
        MeldKind::Group => meld.value_at(0).map_or(0, |n| rank_value(n) * meld.len() as u32),
        MeldKind::Run => (0..meld.len()).filter_map(|i| meld.value_at(i)).map(run_position_value).sum(),
    }
}

#[cfg(test)]
mod tests {
    use super::{rank_value, run_position_value};

    /// `RULES.md` §3.1: the ranks are worth 2 to 11 (ace 11, face cards 10), the run
    /// positions 1 (a low ace) to 11 (a high ace), the others a rank's value; a number
    /// that is neither is worth nothing.
    #[test]
    fn rules_3_1_only_ranks_and_run_positions_have_values() {
        for n in 0..=u8::MAX {
            let (rank, position) = (rank_value(n), run_position_value(n));
            match n {
                1 => assert_eq!((rank, position), (11, 1)),
                2..=10 => assert_eq!((rank, position), (u32::from(n), u32::from(n))),
                11..=13 => assert_eq!((rank, position), (10, 10)),
                14 => assert_eq!((rank, position), (0, 11)),
                _ => assert_eq!((rank, position), (0, 0), "{n}"),
            }
        }
    }
}
