//! One check of a match's end (`MatchEnd::check`), made alike by `Match::new` and by every
//! game's `Config::validate` (and `AnyConfig::validate`): an end that plays no hand, or
//! that the first hand reaches whatever is played, is refused with the same reason
//! everywhere (RULES.md §1.8 for Rummikub's session, §2.7 for classic's `game_end`,
//! §3.8 for Rummy 40's).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
use rummykit::rummikub::{Config as RkConfig, Rummikub, SessionRanking};
use rummykit::rummy40::{Config as R40Config, Rummy40};
use rummykit::{
    AnyConfig, AnyGame, DealError, Game, Match, MatchEnd, MatchEndError, MatchError, MatchTerms, ScoreOrder,
    Seating,
};

/// The ends refused for every game, with their errors.
fn refused_ends() -> Vec<(MatchEnd, MatchEndError)> {
    let mut ends = vec![(MatchEnd::FixedHands(0), MatchEndError::NoHands)];
    for n in [0, -1, i64::MIN] {
        ends.push((MatchEnd::TargetScore(n), MatchEndError::TargetNotPositive { target: n }));
    }
    ends
}

/// `Match::new` refuses `end` for `G` with the error `MatchEnd::check` gives.
fn match_refuses<G: Game>(config: G::Config, end: MatchEnd, error: MatchEndError) {
    let refused = Match::<G>::new(config, MatchTerms::new(2).with_end(end));
    assert_eq!(refused.err(), Some(MatchError::End(error)), "{end:?}");
}

#[test]
fn rules_1_8_rummikub_refuses_a_session_or_match_that_plays_no_game() {
    for (end, error) in refused_ends() {
        match_refuses::<Rummikub>(RkConfig::STANDARD, end, error);
        match_refuses::<AnyGame>(AnyConfig::Rummikub(RkConfig::STANDARD), end, error);
    }
    match_refuses::<Rummikub>(
        RkConfig::STANDARD,
        MatchEnd::Elimination(101),
        MatchEndError::EliminationNeedsPenaltyScores { limit: 101 },
    );
    for target in [0, -1, i64::MIN] {
        let config = RkConfig::STANDARD.with_session_ranking(SessionRanking::TargetScore(target));
        let reason = MatchEndError::TargetNotPositive { target }.reason();
        let refused = DealError::InvalidConfig { option: "session_ranking", reason };
        assert_eq!(config.validate(2), Err(refused.clone()));
        assert_eq!(AnyConfig::Rummikub(config).validate(2), Err(refused));
    }
    let config = RkConfig::STANDARD.with_session_ranking(SessionRanking::TargetScore(1));
    assert_eq!(config.validate(2), Ok(()));
    assert!(
        Match::<Rummikub>::new(RkConfig::STANDARD, MatchTerms::new(2).with_end(MatchEnd::TargetScore(1)))
            .is_ok()
    );
}

#[test]
fn rules_2_7_classic_refuses_a_match_end_that_makes_no_match() {
    let mut ends = refused_ends();
    ends.push((MatchEnd::Elimination(101), MatchEndError::EliminationNeedsPenaltyScores { limit: 101 }));
    for (end, error) in ends {
        let config = ClassicConfig::STANDARD.with_game_end(end);
        let refused = DealError::InvalidConfig { option: "game_end", reason: error.reason() };
        assert_eq!(config.validate(2), Err(refused.clone()), "{end:?}");
        assert_eq!(AnyConfig::Classic(config).validate(2), Err(refused));
        assert_eq!(end.check(ClassicRummy::score_order(&config)), Err(error));
        match_refuses::<ClassicRummy>(ClassicConfig::STANDARD, end, error);
    }
}

#[test]
fn rules_3_8_rummy40_refuses_a_match_end_that_makes_no_match() {
    let mut ends = refused_ends();
    for limit in [0, -1, i64::MIN] {
        ends.push((MatchEnd::Elimination(limit), MatchEndError::LimitNotPositive { limit }));
    }
    for (end, error) in ends {
        let mut config = R40Config::RUMMY40;
        config.game_end = end;
        let refused = DealError::InvalidConfig { option: "game_end", reason: error.reason() };
        assert_eq!(config.validate(2), Err(refused.clone()), "{end:?}");
        assert_eq!(AnyConfig::Rummy40(config).validate(2), Err(refused));
        assert_eq!(end.check(ScoreOrder::LowerIsBetter), Err(error));
        match_refuses::<Rummy40>(R40Config::RUMMY40, end, error);
        match_refuses::<AnyGame>(AnyConfig::Rummy40(R40Config::SCALA40), end, error);
    }
    for end in
        [MatchEnd::Elimination(1), MatchEnd::FixedHands(1), MatchEnd::TargetScore(1), MatchEnd::SingleHand]
    {
        let mut config = R40Config::RUMMY40;
        config.game_end = end;
        assert_eq!(config.validate(2), Ok(()), "{end:?}");
        assert!(Match::<Rummy40>::new(config, MatchTerms::new(2).with_end(end)).is_ok(), "{end:?}");
    }
}

/// `AnyConfig::validate` is the engine's check, and the seat range `deal` checks: for
/// every seat count, `validate` and the deal give the same answer.
#[test]
fn any_config_validate_is_the_engines() {
    use rummykit::Variant;
    for variant in Variant::ALL {
        let config = variant.config();
        let range = AnyGame::seat_range(&config);
        for seats in 0..=8 {
            let expected = if range.contains(&seats) {
                Ok(())
            } else {
                Err(DealError::PlayerCount { seats, min: *range.start(), max: *range.end() })
            };
            assert_eq!(config.validate(seats), expected, "{variant:?} {seats}");
            let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
            let dealt = AnyGame::deal(&config, Seating::new(seats), &mut rng).map(|_| ());
            assert_eq!(dealt, expected, "{variant:?} {seats}");
        }
    }
}
