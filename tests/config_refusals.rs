//! Every refusal of the three games' `Config::validate(seats)` (RULES.md §1.10, §2.7,
//! §3.9), each reached by an option set one step past what plays, and answered the same
//! by the deal: `validate` is the deal's own check, so the two cannot disagree. The
//! numeric options are capped alike: penalties at `MAX_PENALTY`, the opening threshold
//! at the most points the pack's melds could count (above it nobody could ever open).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::Config as ClassicConfig;
use rummykit::rummikub::{Config as RkConfig, SessionRanking, TileSet, Timer};
use rummykit::rummy40::{Config as R40Config, RummyBonus};
use rummykit::{AnyConfig, AnyGame, DealError, Game, JokerLimit, MAX_PENALTY, MatchEnd, Seating};

/// The option a refusal names, or `None` for a seat count.
fn option_of(err: &DealError) -> Option<&'static str> {
    match err {
        DealError::InvalidConfig { option, .. } | DealError::OptionTooLarge { option, .. } => Some(option),
        _ => None,
    }
}

/// `validate` refuses `config` for `seats` naming `option` (an `InvalidConfig` when
/// `max` is `None`, else an `OptionTooLarge` with that maximum), and the deal refuses it
/// with the same error; the same options one step back (`accepted`) play.
fn refused(config: AnyConfig, seats: usize, option: &'static str, max: Option<u64>, accepted: &AnyConfig) {
    let err = config.validate(seats).expect_err(option);
    assert_eq!(option_of(&err), Some(option), "{err}");
    match (max, &err) {
        (None, DealError::InvalidConfig { .. }) => {}
        (Some(m), DealError::OptionTooLarge { max, .. }) => assert_eq!(*max, m, "{err}"),
        _ => panic!("{option}: {err:?}"),
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
    assert_eq!(AnyGame::deal(&config, Seating::new(seats), &mut rng).err(), Some(err), "{option}");
    assert_eq!(accepted.validate(seats), Ok(()), "{option}: {accepted:?}");
    assert!(AnyGame::deal(accepted, Seating::new(seats), &mut rng).is_ok(), "{option}");
}

#[test]
fn rules_1_10_every_rummikub_refusal() {
    let ok = RkConfig::STANDARD;
    let rk = |c: RkConfig| AnyConfig::Rummikub(c);
    let max_penalty = Some(u64::from(MAX_PENALTY));
    let cases: Vec<(RkConfig, RkConfig, &str, Option<u64>)> = vec![
        (
            ok.with_joker_penalty(MAX_PENALTY + 1),
            ok.with_joker_penalty(MAX_PENALTY),
            "joker_penalty",
            max_penalty,
        ),
        (
            ok.with_never_melded_penalty(u32::MAX),
            ok.with_never_melded_penalty(MAX_PENALTY),
            "never_melded_penalty",
            max_penalty,
        ),
        (
            ok.with_initial_meld_threshold(u32::MAX),
            ok.with_initial_meld_threshold(754),
            "initial_meld_threshold",
            Some(754),
        ),
        (
            ok.with_initial_meld_threshold(755),
            ok.with_initial_meld_threshold(754),
            "initial_meld_threshold",
            Some(754),
        ),
        (
            RkConfig::XP.with_initial_meld_threshold(1145),
            RkConfig::XP.with_initial_meld_threshold(1144),
            "initial_meld_threshold",
            Some(1144),
        ),
        (ok.with_rack_size(0), ok.with_rack_size(1), "rack_size", None),
        // Four racks of 27 take 108 of the 106 tiles; of 26, 104 leave a pool of two.
        (ok.with_rack_size(27), ok.with_rack_size(26), "rack_size", None),
        (
            ok.with_timeout_penalty_pending(0),
            ok.with_timeout_penalty_pending(1),
            "timeout_penalty_pending / timeout_penalty_idle",
            None,
        ),
        (
            ok.with_timeout_penalty_idle(0),
            ok.with_timeout_penalty_idle(1),
            "timeout_penalty_pending / timeout_penalty_idle",
            None,
        ),
        (ok.with_timer(Timer::Seconds(0)), ok.with_timer(Timer::Seconds(1)), "timer", None),
        (
            ok.with_session_ranking(SessionRanking::TargetScore(0)),
            ok.with_session_ranking(SessionRanking::TargetScore(1)),
            "session_ranking",
            None,
        ),
    ];
    for (config, accepted, option, max) in cases {
        refused(rk(config), 4, option, max, &rk(accepted));
    }
    // Below 2 seats, and above what the box seats.
    for (set, seats, max) in
        [(TileSet::Standard106, 5, 4), (TileSet::Standard106, 1, 4), (TileSet::Xp160, 7, 6)]
    {
        let config = ok.with_tile_set(set);
        assert_eq!(config.validate(seats), Err(DealError::PlayerCount { seats, min: 2, max }));
    }
}

#[test]
fn rules_3_9_every_rummy40_refusal() {
    let ok = R40Config::RUMMY40;
    let r40 = |c: R40Config| AnyConfig::Rummy40(c);
    let max_penalty = Some(u64::from(MAX_PENALTY));
    let with = |f: &dyn Fn(&mut R40Config)| {
        let mut c = ok;
        f(&mut c);
        c
    };
    let cases: Vec<(R40Config, R40Config, &str, Option<u64>)> = vec![
        (with(&|c| c.jokers = 3), with(&|c| c.jokers = 4), "jokers", None),
        (
            with(&|c| c.joker_limit = JokerLimit::Forbidden),
            with(&|c| c.joker_limit = JokerLimit::AtMost(1)),
            "joker_limit",
            None,
        ),
        (
            with(&|c| c.joker_limit = JokerLimit::AtMost(0)),
            with(&|c| c.joker_limit = JokerLimit::AtMost(1)),
            "joker_limit",
            None,
        ),
        (ok.with_opening_threshold(0), ok.with_opening_threshold(1), "opening_threshold", None),
        (ok.with_opening_threshold(783), ok.with_opening_threshold(782), "opening_threshold", Some(782)),
        (ok.with_opening_threshold(u32::MAX), ok.with_opening_threshold(782), "opening_threshold", Some(782)),
        (
            R40Config::SCALA40.with_opening_threshold(805),
            R40Config::SCALA40.with_opening_threshold(804),
            "opening_threshold",
            Some(804),
        ),
        (
            with(&|c| c.joker_hand_penalty = MAX_PENALTY + 1),
            with(&|c| c.joker_hand_penalty = MAX_PENALTY),
            "joker_hand_penalty",
            max_penalty,
        ),
        (
            with(&|c| c.going_rummy_bonus = RummyBonus::PerOpponent(MAX_PENALTY + 1)),
            with(&|c| c.going_rummy_bonus = RummyBonus::PerOpponent(MAX_PENALTY)),
            "going_rummy_bonus",
            max_penalty,
        ),
        (
            with(&|c| c.unopened_penalty = Some(MAX_PENALTY + 1)),
            with(&|c| c.unopened_penalty = Some(MAX_PENALTY)),
            "unopened_penalty",
            max_penalty,
        ),
        (
            with(&|c| c.game_end = MatchEnd::FixedHands(0)),
            with(&|c| c.game_end = MatchEnd::FixedHands(1)),
            "game_end",
            None,
        ),
    ];
    for (config, accepted, option, max) in cases {
        refused(r40(config), 2, option, max, &r40(accepted));
    }
    for seats in [0, 1, 7] {
        assert_eq!(ok.validate(seats), Err(DealError::PlayerCount { seats, min: 2, max: 6 }));
    }
}

#[test]
fn rules_2_7_every_classic_refusal() {
    let ok = ClassicConfig::STANDARD;
    let classic = |c: ClassicConfig| AnyConfig::Classic(c);
    for end in [MatchEnd::FixedHands(0), MatchEnd::Elimination(100), MatchEnd::TargetScore(0)] {
        refused(
            classic(ok.with_game_end(end)),
            3,
            "game_end",
            None,
            &classic(ok.with_game_end(MatchEnd::FixedHands(1))),
        );
    }
    for seats in [0, 1, 7] {
        assert_eq!(ok.validate(seats), Err(DealError::PlayerCount { seats, min: 2, max: 6 }));
    }
}

/// A dealer seat past the table is the deal's one refusal `validate` cannot see.
#[test]
fn a_dealer_past_the_table_is_refused_by_every_deal() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for config in [
        AnyConfig::Rummikub(RkConfig::STANDARD),
        AnyConfig::Classic(ClassicConfig::STANDARD),
        AnyConfig::Rummy40(R40Config::SCALA40),
    ] {
        assert_eq!(config.validate(3), Ok(()));
        let dealt = AnyGame::deal(&config, Seating::new(3).with_dealer(3), &mut rng).map(|_| ());
        assert_eq!(dealt, Err(DealError::NoSuchDealer { dealer: 3, seats: 3 }), "{config:?}");
    }
}
