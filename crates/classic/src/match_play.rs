//! The terms of classic Rummy's own match, which [`Game::default_terms`] gives for
//! [`ClassicRummy`](crate::ClassicRummy).

use rummykit_core::{MatchTerms, Ranking};

use crate::Config;
#[cfg(doc)]
use rummykit_core::Game;

/// A match of classic Rummy (`RULES.md` §2.2, §2.6, §2.7): hands are dealt with the
/// dealer passing clockwise, each hand's points are added up, the match ends by
/// `config.game_end` (`TargetScore(100)` or `FixedHands(n)`) and the highest total wins;
/// the first dealer is cut for unless the terms fix one.
pub(crate) fn default_match(config: &Config, seats: usize) -> MatchTerms {
    MatchTerms::new(seats).with_end(config.game_end).with_ranking(Ranking::Total)
}
