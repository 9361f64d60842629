//! `Config::validate`: what it refuses (one test per refusal), that a deal and a scripted
//! position are refused under such a configuration with nothing built, and that every
//! preset and every other option value is accepted.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, ClassicRummy, Config, MeldLimit, Setup};
use rummykit_core::{DealError, FromSetup, Game, MatchEnd, Seating};

fn refused_everywhere(config: Config, reason_has: &str) {
    let err = config.validate(2).expect_err("refused");
    let DealError::InvalidConfig { option, reason } = err else { panic!("{err:?}") };
    assert_eq!(option, "game_end");
    assert!(reason.contains(reason_has), "{reason}");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(ClassicRummy::deal(&config, Seating::new(2), &mut rng), Err(err.clone()));
    // The same position, fine under the standard rules, is refused under these.
    let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut rng).expect("a deal");
    let setup: Setup = game.setup();
    assert!(ClassicRummy::from_setup(&Config::STANDARD, setup.clone()).is_ok());
    assert_eq!(<ClassicRummy as FromSetup>::from_setup(&config, setup), Err(err));
}

#[test]
fn rules_2_7_elimination_is_refused_as_classic_scores_points_won() {
    for limit in [1, 100, 101, i64::MAX] {
        refused_everywhere(Config::STANDARD.with_game_end(MatchEnd::Elimination(limit)), "penalty");
    }
}

#[test]
fn rules_2_7_zero_fixed_hands_are_refused() {
    refused_everywhere(Config::STANDARD.with_game_end(MatchEnd::FixedHands(0)), "0 fixed hands");
}

#[test]
fn rules_2_7_a_target_of_zero_or_less_is_refused() {
    for target in [0, -1, i64::MIN] {
        refused_everywhere(Config::STANDARD.with_game_end(MatchEnd::TargetScore(target)), "target");
    }
}

#[test]
fn rules_2_7_every_preset_and_playable_option_is_accepted() {
    for preset in [
        Config::STANDARD,
        Config::LAST_CARD,
        Config::LIBERAL,
        Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)),
    ] {
        assert_eq!(preset.validate(2), Ok(()));
    }
    for end in
        [MatchEnd::SingleHand, MatchEnd::FixedHands(1), MatchEnd::TargetScore(1), MatchEnd::TargetScore(500)]
    {
        for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
            for limit in [MeldLimit::One, MeldLimit::Unlimited] {
                for cap in [None, Some(0), Some(u32::MAX)] {
                    let config = Config::STANDARD
                        .with_game_end(end)
                        .with_ace(ace)
                        .with_meld_limit(limit)
                        .with_max_restocks(cap)
                        .with_layoff_requires_own_meld(true)
                        .with_must_discard_to_go_out(true)
                        .with_shuffle_on_restock(true)
                        .with_going_rummy_double(false);
                    assert_eq!(config.validate(2), Ok(()), "{config:?}");
                    let mut rng = ChaCha8Rng::seed_from_u64(2);
                    assert!(ClassicRummy::deal(&config, Seating::new(3), &mut rng).is_ok());
                }
            }
        }
    }
}
