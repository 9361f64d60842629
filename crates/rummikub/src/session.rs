//! Sessions: several games with the starting seat rotating and cumulative scores
//! (RULES.md §1.2 step 5, §1.8 "session winner"), on top of core's [`Match`].

use rummykit_core::{Game, Match, MatchEnd, MatchError, Ranking, Seat};

use crate::{Rules, Rummikub, SessionRanking, View};

/// A Rummikub session: core's [`Match`] driving [`Rummikub`] games.
pub type Session = Match<Rummikub>;

/// The match end and ranking that [`Rules::session_ranking`] stands for, for a session
/// of `games` games.
///
/// * `HighestTotal` → `games` games, highest cumulative total wins.
/// * `MostGamesWon` → `games` games, most games won, ties by total (official rulebook).
/// * `TargetScore(t)` → until a total reaches `t`, highest total wins; `games` is then a
///   safety limit on the number of games (see [`session`]).
///
/// ```
/// use rummykit_core::{MatchEnd, Ranking};
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

/// A session of `seats` players under `rules` ([`Rules::session_ranking`] decides the
/// end and the ranking, see [`session_terms`]). The starting seat rotates clockwise
/// each game (§1.2 step 5): the match's "dealer" is the seat before the starter.
/// `first_starter: None` lets the first game's highest-tile draw choose.
///
/// # Errors
///
/// [`MatchError`] for zero seats, a player count the tile set does not suit
/// ([`MatchError::PlayerCount`]: 2–4 with 106 tiles, 2–6 with 160) or a starter that is
/// not a seat.
///
/// ```
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::Game;
/// use rummykit_rummikub::{Rules, session};
///
/// let mut s = session(Rules::standard(), 3, Some(1), 3).unwrap();
/// let game = s.next_hand(&mut ChaCha8Rng::seed_from_u64(1)).unwrap();
/// assert_eq!(game.to_move(), Some(1));
/// ```
pub fn session(
    rules: Rules,
    seats: usize,
    first_starter: Option<Seat>,
    games: u32,
) -> Result<Session, MatchError> {
    let (end, ranking) = session_terms(rules.session_ranking, games);
    if let Some(start) = first_starter.filter(|&s| s >= seats) {
        return Err(MatchError::NoSuchDealer { dealer: start, seats });
    }
    let dealer = first_starter.map(|s| (s + seats - 1) % seats.max(1));
    let m = Match::new(rules, seats, dealer, end, ranking)?;
    Ok(match rules.session_ranking {
        SessionRanking::TargetScore(_) => m.with_hand_limit(games),
        _ => m,
    })
}

/// What one seat may see during a session: its [`View`] of the current game plus the
/// public session standings (cumulative scores and games won so far).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct SessionView {
    /// The seat's view of the current game.
    pub game: View,
    /// Cumulative scores of the finished games, by seat.
    pub totals: Vec<i64>,
    /// Games won so far, by seat.
    pub games_won: Vec<u32>,
    /// Games finished so far.
    pub games_played: u32,
}

/// `seat`'s view of `game` within `session` (Rummikub sessions eliminate nobody, so
/// game seats and session seats coincide).
///
/// ```
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_rummikub::{Rules, session, session_view};
///
/// let mut s = session(Rules::standard(), 2, Some(0), 2).unwrap();
/// let game = s.next_hand(&mut ChaCha8Rng::seed_from_u64(1)).unwrap();
/// let v = session_view(&s, &game, 1);
/// assert_eq!(v.totals, [0, 0]);
/// assert_eq!(v.game.rack.len(), 14);
/// ```
#[must_use]
pub fn session_view(session: &Session, game: &Rummikub, seat: Seat) -> SessionView {
    SessionView {
        game: game.view(seat),
        totals: session.totals().to_vec(),
        games_won: session.hands_won().to_vec(),
        games_played: session.hands_played(),
    }
}
