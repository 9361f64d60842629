//! The analysis at its documented limit ([`MAX_ANALYSED_HAND`] cards) and on hands no
//! deal gives but the functions take (more copies of a card than the pack holds, more
//! jokers, nothing but jokers), against a deliberately simple brute force (`RULES.md`
//! §3.5) or a value worked out by hand; one card past the limit is refused. Also whole
//! hands at the options' limits: every seat count, the highest opening threshold, no
//! restock at all, every numeric option at the extremes of its type.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    AnalysisError, Bot, Card, DealError, Face, Game, JokerLimit, MAX_PENALTY, Meld, MeldKind, RandomBot,
    Seating, parse_list, play_hand,
};
use rummykit_rummy40::{
    Config, GreedyBot, MAX_ANALYSED_HAND, OPENING_BUDGET, PlannerBot, Rummy40, RummyBonus, best_opening,
    can_open, meld_value, melds_value,
};

/// Every valid meld (by faces) the multiset `hand` can supply: every list of faces of a
/// group (suits and jokers) or a run (each value held or a joker) the validator accepts.
fn all_melds(hand: &[Card], config: &Config) -> Vec<Meld<Card>> {
    let rules = config.meld_rules();
    let count = |f: Card| hand.iter().filter(|&&c| c == f).count();
    let jokers = count(Card::JOKER);
    let mut out: Vec<Meld<Card>> = Vec::new();
    let mut keep = |kind, list: &[Card]| {
        if let Ok(m) = Meld::new(kind, list, &rules)
            && !out.contains(&m)
        {
            out.push(m);
        }
    };
    for rank in 1..=13u8 {
        for mask in 1u8..16 {
            let mut list: Vec<Card> =
                (0..4).filter(|s| mask & (1 << s) != 0).map(|s| Card::natural(s, rank).unwrap()).collect();
            if list.iter().any(|&f| count(f) == 0) {
                continue;
            }
            for _ in 0..=jokers.min(4) {
                keep(MeldKind::Group, &list);
                list.push(Card::JOKER);
            }
        }
    }
    for suit in 0..4u8 {
        for start in 1..=14u8 {
            for end in start + 2..=14u8 {
                // Each value held as a natural or a joker (a value not held: a joker).
                let len = usize::from(end - start + 1);
                let face = |i: usize| {
                    let v = start + i as u8;
                    Card::natural(suit, if v == 14 { 1 } else { v }).unwrap()
                };
                let held = (0..len).filter(|&i| count(face(i)) > 0).fold(0u32, |m, i| m | 1 << i);
                if len - held.count_ones() as usize > jokers {
                    continue;
                }
                let mut choice = held;
                loop {
                    let list: Vec<Card> = (0..len)
                        .map(|i| if choice & (1 << i) != 0 { face(i) } else { Card::JOKER })
                        .collect();
                    if list.iter().all(|&f| list.iter().filter(|&&g| g == f).count() <= count(f)) {
                        keep(MeldKind::Run, &list);
                    }
                    if choice == 0 {
                        break;
                    }
                    choice = (choice - 1) & held;
                }
            }
        }
    }
    out
}

/// The most opening points over disjoint melds of `hand` using at most `max_cards`.
fn brute(hand: &[Card], melds: &[Meld<Card>], max_cards: usize) -> u32 {
    fn go(from: usize, left: &mut Vec<Card>, used: usize, max_cards: usize, melds: &[Meld<Card>]) -> u32 {
        let mut best = 0;
        for (k, m) in melds.iter().enumerate().skip(from) {
            if used + m.len() > max_cards {
                continue;
            }
            let before = left.clone();
            let took = m.faces().iter().all(|f| match left.iter().position(|c| c == f) {
                Some(i) => {
                    left.swap_remove(i);
                    true
                }
                None => false,
            });
            if took {
                best = best.max(meld_value(m) + go(k, left, used + m.len(), max_cards, melds));
            }
            *left = before;
        }
        best
    }
    go(0, &mut hand.to_vec(), 0, max_cards, melds)
}

/// A hand of `n` cards from a narrow window (so that it holds melds), up to four copies
/// of a face (twice what a pack holds), and `jokers` jokers (any number).
fn crowded_hand(rng: &mut ChaCha8Rng, n: usize, jokers: usize) -> Vec<Card> {
    let suit = rng.random_range(0..4u8);
    let lo = rng.random_range(1..=11u8);
    let mut hand: Vec<Card> = Vec::new();
    while hand.len() < n - jokers {
        let s = if rng.random_bool(0.7) { suit } else { rng.random_range(0..4u8) };
        let r = if rng.random_bool(0.2) { 1 } else { rng.random_range(lo..=(lo + 3).min(13)) };
        let c = Card::natural(s, r).unwrap();
        if hand.iter().filter(|&&h| h == c).count() < 4 {
            hand.push(c);
        }
    }
    hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
    hand
}

/// §3.5 on hands with more copies and jokers than a pack holds, all-joker hands and
/// hands of one natural: the brute force's best opening, and `can_open` agreeing.
#[test]
fn rules_3_5_best_opening_of_crowded_hands_is_the_brute_forces() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    // Hands that open, and those of them past what a pack holds.
    let (mut opened, mut crowded) = (0, 0);
    for config in [Config::RUMMY40, Config::SCALA40] {
        for _ in 0..300 {
            let n = rng.random_range(1..=8);
            let jokers = rng.random_range(0..=n);
            let hand = crowded_hand(&mut rng, n, jokers);
            let expected = brute(&hand, &all_melds(&hand, &config), n - 1);
            let best = best_opening(&hand, &config).expect("a small hand");
            assert_eq!(best.value, expected, "{hand:?}");
            assert_eq!(melds_value(&best.melds), best.value);
            assert!(best.melds.iter().map(Meld::len).sum::<usize>() < n);
            assert_eq!(can_open(&hand, expected.max(1), &config), Ok(expected >= 1), "{hand:?}");
            assert_eq!(can_open(&hand, expected + 1, &config), Ok(false), "{hand:?}");
            let most_copies =
                hand.iter().filter(|c| !c.is_joker()).map(|c| hand.iter().filter(|&d| d == c).count()).max();
            opened += usize::from(expected > 0);
            crowded += usize::from(expected > 0 && (jokers > 4 || most_copies > Some(2)));
        }
    }
    assert!(opened > 200 && crowded > 50, "{opened} hands open, {crowded} of them crowded");
}

/// §3.5 at the limit: 24 cards, worked out by hand. One natural and 23 jokers: the one
/// meld is the longest run through the ace, 2 up to the ace high (2 + … + 10 + 30 + 11
/// = 95), or, with the ace low too, no better (A–K is 85). All jokers: no meld.
#[test]
fn rules_3_5_best_opening_at_the_limit() {
    let mut hand: Vec<Card> = parse_list("Ah").unwrap();
    hand.extend(std::iter::repeat_n(Card::JOKER, MAX_ANALYSED_HAND - 1));
    assert_eq!(hand.len(), MAX_ANALYSED_HAND);
    for config in [Config::RUMMY40, Config::SCALA40] {
        let best = best_opening(&hand, &config).expect("at the limit");
        assert_eq!(best.value, 95, "{config:?}");
        assert_eq!(best.melds.len(), 1);
        assert_eq!(can_open(&hand, 95, &config), Ok(true));
        assert_eq!(can_open(&hand, 96, &config), Ok(false));
    }
    let jokers = vec![Card::JOKER; MAX_ANALYSED_HAND];
    assert_eq!(best_opening(&jokers, &Config::RUMMY40).map(|b| b.value), Ok(0));
    assert_eq!(can_open(&jokers, 1, &Config::RUMMY40), Ok(false));
    // Six copies each of 5♥ 6♥ 7♥ 8♥: 24 cards, six runs 5-8 of 26 less one card kept
    // back, the cheapest: five of them and 6-7-8 (21), 151.
    let hearts: Vec<Card> = parse_list("5h 6h 7h 8h").unwrap();
    let six = hearts.repeat(6);
    assert_eq!(six.len(), MAX_ANALYSED_HAND);
    let best = best_opening(&six, &Config::RUMMY40).expect("at the limit");
    assert_eq!(best.value, 5 * 26 + 21);
    assert_eq!(can_open(&six, best.value, &Config::RUMMY40), Ok(true));
    assert_eq!(can_open(&six, best.value + 1, &Config::RUMMY40), Ok(false));
    // One card past the limit is refused, jokers or not.
    let refused = AnalysisError::TooManyPieces { len: MAX_ANALYSED_HAND + 1, max: MAX_ANALYSED_HAND };
    let mut over = jokers.clone();
    over.push(Card::JOKER);
    assert_eq!(best_opening(&over, &Config::RUMMY40).map(|b| b.value), Err(refused));
    assert_eq!(can_open(&over, 1, &Config::RUMMY40), Err(refused));
}

/// §3.5 past the opening search's step budget: a 24-card hand with four jokers, at
/// most one of them a meld, is refused with a typed error by `best_opening`, and by
/// `can_open` for a threshold it does not reach in time; an opening found in time is
/// still an answer. The same cards with any number of jokers a meld are searched to
/// the end, and `can_open` agrees with the best opening there.
#[test]
fn rules_3_5_an_opening_search_past_its_budget_is_refused() {
    let hand: Vec<Card> =
        parse_list("Js * * 2s Th 7d 5d Ac 3c 2d 4d 7c 2h 2c 6c 8c 2c Kd * * 3d 5c 4c 6d").unwrap();
    assert_eq!(hand.len(), MAX_ANALYSED_HAND);
    let mut one_joker = Config::SCALA40;
    one_joker.joker_limit = JokerLimit::AtMost(1);
    let refused = AnalysisError::SearchTooLarge { budget: OPENING_BUDGET };
    assert_eq!(best_opening(&hand, &one_joker).map(|b| b.value), Err(refused));
    assert_eq!(can_open(&hand, 500, &one_joker), Err(refused));
    assert_eq!(can_open(&hand, 40, &one_joker), Ok(true));
    for config in [Config::RUMMY40, Config::SCALA40] {
        let best = best_opening(&hand, &config).expect("within the budget");
        assert!(best.value >= 40 && melds_value(&best.melds) == best.value);
        assert_eq!(can_open(&hand, best.value, &config), Ok(true));
        assert_eq!(can_open(&hand, best.value + 1, &config), Ok(false));
        assert_eq!(can_open(&hand, 500, &config), Ok(false));
    }
}

/// The empty hand and the one-card hand: nothing to open with, nothing to keep.
#[test]
fn rules_3_5_empty_and_single_card_hands() {
    for hand in [vec![], vec![Card::JOKER], parse_list("Ah").unwrap()] {
        assert_eq!(best_opening(&hand, &Config::RUMMY40).map(|b| b.value), Ok(0), "{hand:?}");
        assert_eq!(can_open(&hand, 1, &Config::RUMMY40), Ok(false));
    }
}

/// Plays one hand of `config` for `seats` with `kind` bots; the hand must end.
fn play_out(config: &Config, seats: usize, kind: &str, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Rummy40::deal(config, Seating::new(seats), &mut rng).expect("a deal at the limit");
    let mut bots: Vec<Box<dyn Bot<Rummy40>>> = (0..seats)
        .map(|s| -> Box<dyn Bot<Rummy40>> {
            match kind {
                "greedy" => Box::new(GreedyBot::new()),
                "planner" => Box::new(PlannerBot::new()),
                _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed ^ s as u64))),
            }
        })
        .collect();
    let mut seated: Vec<&mut dyn Bot<Rummy40>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let (outcome, _) = play_hand(&mut game, &mut seated, 100_000).unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert_eq!(outcome.points.len(), seats);
    assert!(game.to_move().is_none());
}

/// §3.2, §3.5, §3.7: the largest tables (six seats), the highest opening threshold (the
/// pack's most points, which no hand reaches: the stock runs out) with no restock at
/// all, and the lowest threshold, play to the end; one point more, or none, is refused.
#[test]
fn rules_3_5_threshold_and_seat_limits_play_to_the_end() {
    for base in [Config::RUMMY40, Config::SCALA40] {
        let most = base.most_points();
        let unreachable = base.with_opening_threshold(most).with_max_restocks(Some(0));
        for seats in [2, 6] {
            assert_eq!(unreachable.validate(seats), Ok(()));
            for (kind, seed) in [("random", 1), ("greedy", 2), ("planner", 3)] {
                play_out(&unreachable, seats, kind, seed);
                play_out(&base.with_opening_threshold(1).with_max_restocks(Some(1)), seats, kind, seed);
            }
        }
        for threshold in [0, most + 1, u32::MAX] {
            let refused = base.with_opening_threshold(threshold).validate(2);
            assert!(
                matches!(
                    refused,
                    Err(DealError::InvalidConfig { option: "opening_threshold", .. }
                        | DealError::OptionTooLarge { option: "opening_threshold", .. })
                ),
                "{threshold}: {refused:?}"
            );
        }
        for seats in [0, 1, 7, usize::MAX] {
            assert_eq!(base.validate(seats), Err(DealError::PlayerCount { seats, min: 2, max: 6 }));
        }
    }
}

/// §3.9: every numeric option at the extremes of its type, mixed: `validate` and the
/// deal agree, refusing with a typed error, and a hand of the rules they accept plays
/// to its end with random bots (a restock cap keeps the hands short).
#[test]
fn rules_3_9_options_at_their_extremes_validate_as_they_deal() {
    let mut rng = ChaCha8Rng::seed_from_u64(39);
    let (mut accepted, mut refused, mut played) = (0, 0, 0);
    for case in 0..600u64 {
        // Each option its usual value, or (one time in four) a value at an extreme.
        let pick = |rng: &mut ChaCha8Rng, usual: u32, extremes: &[u32]| {
            if rng.random_bool(0.75) { usual } else { extremes[rng.random_range(0..extremes.len())] }
        };
        let base = if rng.random_bool(0.5) { Config::RUMMY40 } else { Config::SCALA40 };
        let jokers = pick(&mut rng, u32::from(base.jokers), &[0, 1, 3, 5, 255]) as u8;
        let most = base.with_jokers(jokers).most_points();
        let limit = match pick(&mut rng, 0, &[1, 2, 3, 4]) {
            0 => JokerLimit::Unlimited,
            1 => JokerLimit::AtMost(0),
            2 => JokerLimit::AtMost(1),
            3 => JokerLimit::AtMost(u8::MAX),
            _ => JokerLimit::Forbidden,
        };
        let config = base
            .with_jokers(jokers)
            .with_joker_limit(limit)
            .with_opening_threshold(pick(&mut rng, 40, &[0, 1, most, most + 1, u32::MAX]))
            .with_joker_hand_penalty(pick(&mut rng, 25, &[0, MAX_PENALTY, MAX_PENALTY + 1, u32::MAX]))
            .with_going_rummy_bonus(RummyBonus::PerOpponent(pick(
                &mut rng,
                25,
                &[0, MAX_PENALTY, MAX_PENALTY + 1],
            )))
            .with_unopened_penalty(match pick(&mut rng, 0, &[1, 2, 3]) {
                0 => None,
                1 => Some(0),
                2 => Some(MAX_PENALTY),
                _ => Some(MAX_PENALTY + 1),
            })
            .with_max_restocks(
                Some(pick(&mut rng, 1, &[0, u32::MAX])).filter(|&n| n != u32::MAX || case % 2 == 0),
            );
        let seats = [0, 1, 2, 2, 3, 4, 4, 5, 6, 7][rng.random_range(0..10)];
        let validated = config.validate(seats);
        let dealt = Rummy40::deal(&config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(case));
        assert_eq!(dealt.as_ref().err(), validated.as_ref().err(), "{config:?} {seats} seats");
        if dealt.is_err() {
            refused += 1;
            continue;
        }
        accepted += 1;
        // A cap of u32::MAX restocks, or none, may not end with random bots: dealt only.
        if config.max_restocks.is_some_and(|n| n <= 1) {
            play_out(&config, seats, "random", case);
            played += 1;
        }
    }
    assert!(
        accepted > 100 && refused > 150 && played > 80,
        "{accepted} accepted ({played} played), {refused} refused"
    );
}
