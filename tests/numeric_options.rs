//! Numbers a caller configures: every score is exact or the number is refused, never
//! wrapped. The penalty options of Rummikub (RULES.md §1.8) and Rummy 40 (§3.8, §3.9)
//! are bounded by core's `MAX_PENALTY` in validation (a typed
//! `DealError::OptionTooLarge`); the pure scoring functions are exact or saturate for
//! any configuration. These run in the test profile, where overflow panics.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::rummikub::{
    self as rk, Config as RummikubConfig, TileCounts, score_pool_empty, score_went_out,
};
use rummykit::rummy40::{self as r40, Config, Rummy40, RummyBonus, rank_value};
use rummykit::{Card, DealError, Face, Game, Seating};

fn too_large(option: &'static str, max: u32) -> DealError {
    DealError::OptionTooLarge { option, value: u32::MAX.into(), max: max.into() }
}

/// RULES.md §1.8 (a): a rack with two jokers at a joker penalty of `u32::MAX` costs
/// 2 × 4 294 967 295 = 8 589 934 590 (a sum in `u32` would panic in debug and give
/// 4 294 967 294 in release), and the winner's sum is exact too.
#[test]
fn rules_1_8_penalty_is_exact_for_any_rules() {
    let mut rules = RummikubConfig::STANDARD;
    rules.joker_penalty = u32::MAX;
    let rack: TileCounts = "J J".parse().expect("two jokers");
    assert_eq!(rules.penalty(&rack, true), 8_589_934_590);
    rules.never_melded_penalty = u32::MAX;
    assert_eq!(rules.penalty(&rack, false), 3 * i64::from(u32::MAX));
    let with_tiles: TileCounts = "r13 b13 J J".parse().expect("a rack");
    assert_eq!(rules.penalty(&with_tiles, true), 26 + 2 * i64::from(u32::MAX));

    rules.hand_rummy_double = true;
    let racks: Vec<TileCounts> =
        ["", "J J", "J J r13 b13"].iter().map(|r| r.parse().expect("rack")).collect();
    let points = score_went_out(&rules, 0, &racks, &[true; 3], true).unwrap();
    let (a, b) = (2 * 2 * i64::from(u32::MAX), 2 * (26 + 2 * i64::from(u32::MAX)));
    assert_eq!(points, [a + b, -a, -b]);
    let (points, winners) = score_pool_empty(&rules, &racks[1..], &[true; 2], 0).expect("seat 0");
    assert_eq!((points, winners), (vec![26, -26], vec![0]));
}

/// RULES.md §1.8: `RummikubConfig::validate` bounds the two penalty options; `MAX_PENALTY` itself is
/// accepted and scores exactly in a dealt game.
#[test]
fn rules_1_8_rummikub_penalty_options_are_bounded() {
    let mut rules = RummikubConfig::STANDARD;
    rules.joker_penalty = u32::MAX;
    assert_eq!(rules.validate(2), Err(too_large("joker_penalty", rk::MAX_PENALTY)));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(rk::Rummikub::deal(&rules, Seating::new(2), &mut rng).is_err());
    let mut rules = RummikubConfig::STANDARD;
    rules.never_melded_penalty = u32::MAX;
    assert_eq!(rules.validate(2), Err(too_large("never_melded_penalty", rk::MAX_PENALTY)));

    let mut rules = RummikubConfig::XP;
    rules.joker_penalty = rk::MAX_PENALTY;
    rules.never_melded_penalty = rk::MAX_PENALTY;
    assert_eq!(rules.validate(6), Ok(()));
    let all = TileCounts::full(&rules.tile_set.catalog());
    // The whole 160-tile box on one rack, never melded: 3 × 4 × 91 + 4 jokers + the flat.
    assert_eq!(rules.penalty(&all, false), 3 * 4 * 91 + 4 * 10_000 + 10_000);
}

/// RULES.md §3.9: `Config::validate` bounds the joker penalty, the per-opponent rummy
/// bonus and the unopened penalty (each unbounded would overflow in the scoring of a
/// hand).
#[test]
fn rules_3_9_rummy40_penalty_options_are_bounded() {
    let max = r40::MAX_PENALTY;
    let mut c = Config::RUMMY40;
    c.joker_hand_penalty = u32::MAX;
    assert_eq!(c.validate(2), Err(too_large("joker_hand_penalty", max)));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        Rummy40::deal(&c, Seating::new(2), &mut rng).err(),
        Some(too_large("joker_hand_penalty", max))
    );
    let mut c = Config::RUMMY40;
    c.going_rummy_bonus = RummyBonus::PerOpponent(u32::MAX);
    assert_eq!(c.validate(2), Err(too_large("going_rummy_bonus", max)));
    let mut c = Config::RUMMY40;
    c.unopened_penalty = Some(u32::MAX);
    assert_eq!(c.validate(2), Err(too_large("unopened_penalty", max)));

    // The pure total saturates for a configuration that was never validated.
    let mut c = Config::SCALA40;
    c.joker_hand_penalty = u32::MAX;
    assert_eq!(c.penalty([Card::JOKER, Card::JOKER, "Ad".parse().expect("a card")], true), u32::MAX);
}

/// RULES.md §3.8 at the bounds: with the joker penalty and the rummy bonus at
/// `MAX_PENALTY`, every penalty of played hands equals the cards left (natural values
/// plus `MAX_PENALTY` per joker) plus the bonus when the winner went rummy.
#[test]
fn rules_3_8_rummy40_scores_at_the_bounds_are_exact() {
    let max = r40::MAX_PENALTY;
    let mut c = Config::SCALA40;
    c.joker_hand_penalty = max;
    c.going_rummy_bonus = RummyBonus::PerOpponent(max);
    assert_eq!(c.validate(2), Ok(()));
    let mut scored = 0;
    let mut legal = Vec::new();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Rummy40::deal(&c, Seating::new(3), &mut rng).expect("a deal");
        for _ in 0..3_000 {
            if g.to_move().is_none() {
                break;
            }
            g.legal_actions(&mut legal);
            // Melding first ends hands sooner, with some jokers still in hand.
            let melds: Vec<&r40::Action> =
                legal.iter().filter(|a| !matches!(a, r40::Action::Discard(_))).collect();
            let a = match melds.choose(&mut rng) {
                Some(&a) => a.clone(),
                None => legal.choose(&mut rng).expect("a legal action").clone(),
            };
            g.apply(g.to_move().unwrap_or_default(), a).expect("legal");
        }
        let (Some(outcome), Some(penalties)) = (g.outcome(), g.penalties()) else { continue };
        let [winner] = outcome.winners[..] else { continue };
        assert_eq!(penalties.len(), 3);
        for (seat, &penalty) in penalties.iter().enumerate() {
            let left: u32 = g
                .hand(seat)
                .unwrap()
                .iter()
                .map(|p| g.face(p).expect("a card of the pack"))
                .map(|card| card.number().map_or(max, rank_value))
                .sum();
            let bonus = if g.went_rummy() && seat != winner { max } else { 0 };
            let expected = if seat == winner { 0 } else { left + bonus };
            assert_eq!(penalty, expected, "seed {seed}, seat {seat}");
            assert_eq!(outcome.points[seat], i64::from(expected));
        }
        scored += 1;
    }
    assert!(scored >= 10, "only {scored} hands were won");
}
