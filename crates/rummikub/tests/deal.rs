//! Dealing (RULES.md §1.2), scripted deals, views, sessions (§1.2 step 5, §1.8), and
//! random playouts checking that a refused action changes nothing and no tile is lost.

mod common;

use common::*;
use rand::seq::IndexedRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Bot, DealError, Game, Match, MatchEnd, Meld, MeldKind, MeldRules, PositionError, Ranking, Seating, Tile,
    play_hand,
};
use rummykit_rummikub::{
    Action, Config, Rummikub, SessionRanking, Setup, TileCounts, TileSet, Timer, View, session_terms,
};

fn deal(config: &Config, seats: usize, seed: u64) -> Rummikub {
    Rummikub::deal(config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(seed)).expect("deal")
}

#[test]
fn rules_1_2_seeded_deal_is_reproducible() {
    let config = Config::STANDARD;
    let a = deal(&config, 4, 42);
    let b = deal(&config, 4, 42);
    assert_eq!(a, b);
    for s in 0..4 {
        assert_eq!(a.rack(s), b.rack(s));
        assert_eq!(a.rack(s).expect("seat").len(), 14);
    }
    assert!(a.pool().eq(b.pool()));
    assert_eq!(a.pool_len(), 50);
    assert_eq!(census(&a), TileCounts::full(&TileSet::Standard106.catalog()));
    let c = deal(&config, 4, 43);
    assert_ne!(a, c);
}

#[test]
fn rules_1_1_xp_set_for_five_and_six_players() {
    assert_eq!(
        Rummikub::deal(&Config::STANDARD, Seating::new(5), &mut ChaCha8Rng::seed_from_u64(1)),
        Err(DealError::PlayerCount { seats: 5, min: 2, max: 4 })
    );
    let game = deal(&Config::XP, 6, 1);
    assert_eq!(game.pool_len(), 160 - 6 * 14);
    assert_eq!(census(&game), TileCounts::full(&TileSet::Xp160.catalog()));
    assert_eq!(
        Rummikub::deal(&Config::XP, Seating::new(7), &mut ChaCha8Rng::seed_from_u64(1)),
        Err(DealError::PlayerCount { seats: 7, min: 2, max: 6 })
    );
    assert!(Rummikub::deal(&Config::STANDARD, Seating::new(1), &mut ChaCha8Rng::seed_from_u64(1)).is_err());
}

#[test]
fn invalid_configs_are_typed_errors_at_deal_time() {
    let bad = |config: Config| {
        matches!(
            Rummikub::deal(&config, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(1)),
            Err(DealError::InvalidConfig { .. })
        )
    };
    let mut r = Config::STANDARD;
    r.rack_size = 0;
    assert!(bad(r));
    let mut r = Config::STANDARD;
    r.rack_size = 30;
    assert!(bad(r));
    let mut r = Config::STANDARD;
    r.timer = Timer::Seconds(0);
    assert!(bad(r));
    let mut r = Config::STANDARD;
    r.timeout_penalty_idle = 0;
    assert!(bad(r));
    let mut r = Config::STANDARD;
    r.timeout_penalty_pending = 0;
    assert!(bad(r));
    let mut r = Config::STANDARD;
    r.session_ranking = SessionRanking::TargetScore(0);
    assert!(bad(r));
    assert_eq!(
        Rummikub::deal(&Config::STANDARD, Seating::new(3).with_dealer(3), &mut ChaCha8Rng::seed_from_u64(1)),
        Err(DealError::NoSuchDealer { dealer: 3, seats: 3 })
    );
}

#[test]
fn rules_1_2_rack_size_option() {
    let mut config = Config::STANDARD;
    config.rack_size = 10;
    let game = deal(&config, 3, 4);
    for seat in 0..3 {
        assert_eq!(game.rack(seat).expect("seat").len(), 10);
    }
    assert_eq!(game.pool_len(), 106 - 30);
    assert_eq!(census(&game), TileCounts::full(&TileSet::Standard106.catalog()));
}

#[test]
fn rules_1_2_fixed_dealer_means_next_seat_starts() {
    let game =
        Rummikub::deal(&Config::STANDARD, Seating::new(4).with_dealer(3), &mut ChaCha8Rng::seed_from_u64(5))
            .expect("deal");
    assert_eq!(game.to_move(), Some(0));
    assert_eq!(game.starter(), 0);
}

#[test]
fn rules_1_2_highest_tile_draw_picks_every_seat_sometimes() {
    let mut seen = [0usize; 4];
    for seed in 0..200 {
        seen[deal(&Config::STANDARD, 4, seed).starter()] += 1;
    }
    assert!(seen.iter().all(|&n| n > 20), "starting seats {seen:?}");
}

/// RULES.md §1.1: a position holds every tile of the set exactly as often as the set
/// does, and a table of valid melds (§1.4).
#[test]
fn from_setup_checks_the_tiles() {
    let config = Config::STANDARD;
    let invalid = |setup: Setup| match Rummikub::from_setup(&config, setup) {
        Err(DealError::InvalidDeal(e)) => Some(e),
        _ => None,
    };
    // Missing tiles (no pool fill).
    assert_eq!(
        invalid(Setup::new(vec![rack("r1"), rack("r2")])),
        Some(PositionError::PieceCount { found: 2, expected: 106 })
    );
    // A tile three times.
    let mut s = Setup::new(vec![rack("r1 r1"), rack("r1")]);
    s.fill_pool(TileSet::Standard106);
    assert_eq!(invalid(s), Some(PositionError::TooManyCopies { tile: "r1".parse().unwrap(), max: 2 }));
    // Seat to move out of range; opened of the wrong length.
    let mut s = Setup::new(vec![rack("r1"), rack("r2")]);
    s.fill_pool(TileSet::Standard106);
    let mut t = s.clone();
    t.to_move = 2;
    assert!(matches!(invalid(t), Some(PositionError::NoSuchSeat { field: "to_move", seat: 2, seats: 2 })));
    let mut t = s.clone();
    t.opened = vec![true];
    assert!(matches!(invalid(t), Some(PositionError::SeatLists { field: "opened", found: 1, seats: 2 })));
    // An invalid table meld (Rummy 40's Q-K-A).
    let mut t = Setup::new(vec![rack("r1"), rack("r2")]);
    t.table = vec![
        Meld::new(
            MeldKind::Run,
            &tiles("b12 b13 b1"),
            &MeldRules::default().with_ace(rummykit_core::AcePolicy::High),
        )
        .expect("r40"),
    ];
    t.fill_pool(TileSet::Standard106);
    assert!(matches!(invalid(t), Some(PositionError::InvalidMeld { index: 0, .. })));
    // Player count.
    let mut t = Setup::new(vec![rack("r1")]);
    t.fill_pool(TileSet::Standard106);
    assert!(matches!(Rummikub::from_setup(&config, t), Err(DealError::PlayerCount { .. })));
    assert!(Rummikub::from_setup(&config, s).is_ok());
}

#[test]
fn view_shows_own_rack_and_public_counts_only() {
    // Two games that differ only in what seat 0 cannot see: seat 1's rack and the pool.
    let a =
        scripted(Config::STANDARD, &["r1 r2", "k1 k2"], vec![run("b1 b2 b3")], "y5 y6", &[true, false], 0);
    let b =
        scripted(Config::STANDARD, &["r1 r2", "y5 y6"], vec![run("b1 b2 b3")], "k2 k1", &[true, false], 0);
    assert_ne!(a, b);
    assert_eq!(a.view(0), b.view(0));
    assert_ne!(a.view(1), b.view(1));
    let v: View = a.view(0);
    assert_eq!(v.rack, rack("r1 r2"));
    assert_eq!(v.table, [run("b1 b2 b3")]);
    assert_eq!(v.pool, a.pool_len());
    assert_eq!(v.seats[1].tiles, 2);
    assert_eq!(v.has_opened(v.seat), Some(true));
    assert!(!v.seats[1].opened);
    assert_eq!(v.to_move, Some(0));
    assert_eq!(v.outcome, None);
    // A seat that does not exist sees no rack.
    assert!(a.view(9).rack.is_empty());
}

#[test]
fn view_unchanged_by_permuting_hidden_tiles_in_random_deals() {
    for seed in 0..20 {
        let game = deal(&Config::STANDARD, 3, seed);
        // Move the pool to seat 2's rack and seat 2's rack to the pool: seat 0's view is
        // the same except for the counts, so compare with counts equalised: swap racks
        // of seats 1 and 2 instead, and reverse the pool.
        let racks: Vec<TileCounts> = (0..3).map(|s| *game.rack(s).expect("seat")).collect();
        let mut setup = Setup::new(vec![racks[0], racks[2], racks[1]]);
        setup.pool = game.pool().collect();
        setup.pool.reverse();
        setup.to_move = game.to_move().expect("to move");
        let other = Rummikub::from_setup(&Config::STANDARD, setup).expect("same tiles");
        let (mut v, w) = (game.view(0), other.view(0));
        v.seats.swap(1, 2);
        assert_eq!(v, w);
    }
}

/// A bot that only draws and passes.
struct Drawer;

impl Bot<Rummikub> for Drawer {
    fn name(&self) -> &str {
        "drawer"
    }
    fn act(&mut self, view: &View) -> Action {
        if view.pool > 0 { Action::Draw } else { Action::Pass }
    }
}

#[test]
fn rules_1_2_session_rotates_the_starting_seat() {
    // Seat 1 starts the first game: the match's "dealer" is the seat before it.
    let config = Config::STANDARD;
    let mut s = Match::<Rummikub>::new(config, Rummikub::default_terms(&config, 3).with_first_dealer(0))
        .expect("session");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut starters = Vec::new();
    let mut sum = vec![0i64; 3];
    while !s.is_over() {
        let mut game = s.next_hand(&mut rng).expect("deal");
        starters.push(game.starter());
        // The session view carries the standings so far, and the seat's own game view.
        let v = s.view(&game, 2).expect("seat 2 plays");
        assert_eq!(v.totals, sum);
        assert_eq!(v.hands_played as usize, starters.len() - 1);
        assert_eq!(v.hand, game.view(2));
        let (mut a, mut b, mut c) = (Drawer, Drawer, Drawer);
        let (outcome, _) = play_hand(&mut game, &mut [&mut a, &mut b, &mut c], 1000).expect("game");
        assert_eq!(outcome.points.iter().sum::<i64>(), 0);
        for (t, p) in sum.iter_mut().zip(&outcome.points) {
            *t += p;
        }
        s.record(&outcome).expect("record");
    }
    assert_eq!(starters, [1, 2, 0]);
    assert_eq!(s.totals(), sum);
    let last = s.next_hand(&mut rng);
    assert!(last.is_err(), "the session is over after 3 games");
    assert_eq!(s.hands_played(), 3);
    assert!(!s.winners().is_empty());
}

#[test]
fn rules_1_8_session_ranking_options() {
    assert_eq!(session_terms(SessionRanking::HighestTotal, 4), (MatchEnd::FixedHands(4), Ranking::Total));
    assert_eq!(session_terms(SessionRanking::MostGamesWon, 4), (MatchEnd::FixedHands(4), Ranking::HandsWon));
    assert_eq!(
        session_terms(SessionRanking::TargetScore(200), 50),
        (MatchEnd::TargetScore(200), Ranking::Total)
    );
    let mut config = Config::STANDARD;
    config.session_ranking = SessionRanking::MostGamesWon;
    let terms = Rummikub::default_terms(&config, 2);
    assert_eq!((terms.end, terms.ranking), (MatchEnd::FixedHands(2), Ranking::HandsWon));
    let s = Match::<Rummikub>::new(config, terms.with_end(MatchEnd::FixedHands(4))).expect("session");
    assert_eq!(s.ranking(), Ranking::HandsWon);
    assert!(Match::<Rummikub>::new(config, terms.with_first_dealer(2)).is_err());
    config.session_ranking = SessionRanking::TargetScore(200);
    let terms = Rummikub::default_terms(&config, 4);
    assert_eq!(
        (terms.end, terms.ranking, terms.hand_limit),
        (MatchEnd::TargetScore(200), Ranking::Total, None)
    );
    // Played out with bots, through core's driver.
    let config = Config::STANDARD;
    let mut s = Match::<Rummikub>::new(config, Rummikub::default_terms(&config, 2)).expect("session");
    let (mut a, mut b) = (Drawer, Drawer);
    s.play(&mut [&mut a, &mut b], &mut ChaCha8Rng::seed_from_u64(3), 1000).expect("match");
    assert_eq!(s.hands_played(), 2);
    assert_eq!(s.totals().iter().sum::<i64>(), 0);
}

/// A random play: the current table with some melds extended or new melds from the
/// rack, or some table meld dropped (which must be refused).
fn random_play(game: &Rummikub, rng: &mut ChaCha8Rng) -> Vec<Meld<Tile>> {
    let seat = game.to_move().expect("to move");
    let rack: Vec<Tile> = game.rack(seat).expect("seat").to_vec();
    let mut table = game.table().to_vec();
    match rng.random_range(0..4) {
        0 if !table.is_empty() => {
            let i = rng.random_range(0..table.len());
            table.remove(i);
        }
        1 if !table.is_empty() && !rack.is_empty() => {
            let i = rng.random_range(0..table.len());
            let t = *rack.choose(rng).expect("tile");
            let mut faces = table[i].faces().to_vec();
            if rng.random_bool(0.5) {
                faces.push(t)
            } else {
                faces.insert(0, t)
            }
            if let Ok(m) = Meld::new(table[i].kind(), &faces, &rummykit_rummikub::MELD_RULES) {
                table[i] = m;
            }
        }
        _ => {
            for _ in 0..200 {
                let len = rng.random_range(3..=5).min(rack.len());
                let mut faces: Vec<Tile> = rack.sample(rng, len).copied().collect();
                faces.sort();
                let kind = if rng.random_bool(0.5) { MeldKind::Run } else { MeldKind::Group };
                if let Ok(m) = Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES) {
                    table.push(m);
                    break;
                }
            }
        }
    }
    table
}

#[test]
fn random_playouts_refused_actions_change_nothing_and_tiles_are_conserved() {
    let mut accepted_plays = 0;
    for seed in 0..24 {
        let mut config = match seed % 3 {
            0 => Config::STANDARD,
            1 => Config::SCHMIDT,
            _ => Config::XP,
        };
        config.timer = Timer::Seconds(60);
        config.initial_meld_threshold = if seed % 2 == 0 { 30 } else { 0 };
        let seats = 2 + seed as usize % 3;
        let mut game = deal(&config, seats, seed);
        let full = TileCounts::full(&config.tile_set.catalog());
        let mut rng = ChaCha8Rng::seed_from_u64(1000 + seed);
        for _ in 0..600 {
            if game.to_move().is_none() {
                break;
            }
            let action = match rng.random_range(0..10) {
                0 => Action::Draw,
                1 => Action::Pass,
                2 => Action::Timeout { pending_changes: rng.random_bool(0.5) },
                3 => Action::Abandon,
                _ => Action::Play { table: random_play(&game, &mut rng) },
            };
            let before = game.clone();
            let is_play = matches!(action, Action::Play { .. });
            match game.apply(game.to_move().unwrap_or_default(), action) {
                Ok(()) => accepted_plays += usize::from(is_play),
                Err(_) => assert_eq!(game, before, "refused action changed the state"),
            }
            assert_eq!(census(&game), full, "tiles lost or duplicated");
        }
        // Finish the game by drawing and passing.
        while game.to_move().is_some() {
            let a = if game.pool_len() > 0 { Action::Draw } else { Action::Pass };
            game.apply(game.to_move().unwrap_or_default(), a).expect("draw or pass");
        }
        let o = game.outcome().expect("over");
        assert_eq!(o.points.iter().sum::<i64>(), 0);
        assert_eq!(o.points.len(), seats);
    }
    assert!(accepted_plays > 50, "only {accepted_plays} plays accepted");
}
