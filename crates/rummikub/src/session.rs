//! Sessions: several games with the starting seat rotating and cumulative scores
//! (RULES.md §1.2 step 5, §1.8 "session winner"): core's [`Match`] on the terms of
//! [`Game::default_terms`], which [`session_terms`] spells out.

#[cfg(doc)]
use rummykit_core::Game;
use rummykit_core::{Match, MatchEnd, MatchTerms, MatchView, Ranking};

use crate::{Config, Rummikub, SessionRanking, View};

/// A Rummikub session: core's [`Match`] driving [`Rummikub`] games.
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rummykit_core::{Bot, Game};
/// use rummykit_rummikub::{Config, GreedyBot, Rummikub, Session};
/// let config = Config::STANDARD;
/// let mut session = Session::new(config, Rummikub::default_terms(&config, 2))?;
/// let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
/// let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut a, &mut b];
/// session.play(&mut bots, &mut rummykit_rummikub::rand_chacha::ChaCha8Rng::seed_from_u64(4), 10_000)?;
/// // One game per player, the start rotating (RULES.md §1.8).
/// assert_eq!(session.hands_played(), 2);
/// assert_eq!(session.totals().iter().sum::<i64>(), 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Session = Match<Rummikub>;

/// The match end and ranking that [`Config::session_ranking`] stands for, for a session
/// of `games` games.
///
/// * `HighestTotal` → `games` games, highest cumulative total wins.
/// * `MostGamesWon` → `games` games, most games won, ties by total (official rulebook).
/// * `TargetScore(t)` → until a total reaches `t`, highest total wins (`games` does not
///   count; a simulation adds a hand limit to its [`MatchTerms`]).
///
/// ```
/// use rummykit_rummikub::rummykit_core::{MatchEnd, Ranking};
/// use rummykit_rummikub::{SessionRanking, session_terms};
/// assert_eq!(session_terms(SessionRanking::MostGamesWon, 4), (MatchEnd::FixedHands(4), Ranking::HandsWon));
/// ```
#[must_use]
pub fn session_terms(ranking: SessionRanking, games: u32) -> (MatchEnd, Ranking) {
    match ranking {
        SessionRanking::HighestTotal => (MatchEnd::FixedHands(games), Ranking::Total),
        SessionRanking::MostGamesWon => (MatchEnd::FixedHands(games), Ranking::HandsWon),
        SessionRanking::TargetScore(t) => (MatchEnd::TargetScore(t), Ranking::Total),
    }
}

/// The terms of a Rummikub session of `seats` players under `rules`: what
/// [`Game::default_terms`] gives for [`Rummikub`]. A session is one game per player, so
/// that every seat starts once (RULES.md §1.8 leaves the number of games to the
/// players), ended and ranked by [`Config::session_ranking`] (see [`session_terms`]).
/// The starting seat rotates clockwise each game (§1.2 step 5): the match's "dealer"
/// is the seat before the starter, so `with_first_dealer(s)` makes seat `s + 1` start the
/// first game; by default its highest-tile draw chooses.
pub(crate) fn default_session(config: &Config, seats: usize) -> MatchTerms {
    let games = u32::try_from(seats).unwrap_or(u32::MAX);
    let (end, ranking) = session_terms(config.session_ranking, games);
    MatchTerms::new(seats).with_end(end).with_ranking(ranking)
}

/// What one seat may see during a session: core's [`MatchView`] of a Rummikub game, its
/// [`View`] of the current game plus the public standings (cumulative scores and games
/// won so far), given by [`Match::view`] (Rummikub sessions eliminate nobody, so game
/// seats and session seats coincide).
///
/// ```
/// use rummykit_rummikub::rand::SeedableRng;
/// use rummykit_rummikub::rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::rummykit_core::Game;
/// use rummykit_rummikub::{Config, Rummikub, Session, SessionView};
///
/// let mut session = Session::new(Config::STANDARD, Rummikub::default_terms(&Config::STANDARD, 3))?;
/// let game = session.next_hand(&mut ChaCha8Rng::seed_from_u64(2))?;
/// let view: SessionView = session.view(&game, 1).ok_or("seat 1 plays")?;
/// assert_eq!((view.totals.len(), view.hands_played), (3, 0));
/// assert_eq!(view.hand, game.view(1));
/// assert_eq!(view.hand.rack.len(), 14);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type SessionView = MatchView<View>;
