//! The rules' documented limits, at them and one past: the largest racks the box holds
//! (RULES.md §1.2), the highest initial-meld threshold (§1.5), the largest penalties
//! (§1.8), every option at the extremes of its type (§1.10), views past the box (§1.1).
//! At a limit the game deals and plays to its end with every bot; one past it,
//! `validate` and the deal refuse with a typed error and no panic.

mod common;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, DealError, Game, MAX_PENALTY, RandomBot, Seating, Tile, play_hand};
use rummykit_rummikub::{
    Action, Config, GreedyBot, PoolEmptyEnd, Rummikub, SamplerBot, SessionRanking, ThoroughBot, TileCounts,
    TileSet, Timer,
};

const MAX_ACTIONS: usize = 20_000;

/// The largest rack for `seats` in `set`: the racks leave at least one tile in the pool.
fn largest_rack(set: TileSet, seats: usize) -> u8 {
    u8::try_from((set.catalog().len() - 1) / seats).expect("a rack fits a byte")
}

/// Plays one game of `config` for `seats` with `kind` bots to its end; returns the
/// largest rack dealt and the points scored.
fn play_out(config: &Config, seats: usize, kind: &str, seed: u64) -> (usize, Vec<i64>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Rummikub::deal(config, Seating::new(seats), &mut rng).expect("a deal at the limit");
    let largest = (0..seats).map(|s| game.rack(s).expect("a seat").len()).max().unwrap_or(0);
    let mut bots: Vec<Box<dyn Bot<Rummikub>>> = (0..seats)
        .map(|s| -> Box<dyn Bot<Rummikub>> {
            let seed = seed ^ s as u64;
            match kind {
                "greedy" => Box::new(GreedyBot::new()),
                "thorough" => Box::new(ThoroughBot::new()),
                "sampler" => Box::new(SamplerBot::new(ChaCha8Rng::seed_from_u64(seed))),
                _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))),
            }
        })
        .collect();
    let mut seats_bots: Vec<&mut dyn Bot<Rummikub>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let (outcome, _) =
        play_hand(&mut game, &mut seats_bots, MAX_ACTIONS).unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert_eq!(outcome.points.len(), seats);
    assert!(game.outcome().is_some() && game.to_move().is_none());
    (largest, outcome.points)
}

/// §1.2: the largest racks that leave a pool are accepted, dealt and played to the end;
/// one tile more per rack is refused, for every seat count and both sets.
#[test]
fn rules_1_2_largest_racks_are_dealt_and_one_more_is_refused() {
    for set in [TileSet::Standard106, TileSet::Xp160] {
        for seats in 2..=set.max_players() {
            let most = largest_rack(set, seats);
            let config = Config::STANDARD.with_tile_set(set).with_rack_size(most);
            assert_eq!(config.validate(seats), Ok(()), "{set:?} {seats} seats, racks of {most}");
            let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
            let game = Rummikub::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
            assert!((0..seats).all(|s| game.rack(s).map(|r| r.len()) == Some(usize::from(most))));
            assert_eq!(game.pool_len(), set.catalog().len() - seats * usize::from(most));
            assert!(game.pool_len() >= 1);
            assert_eq!(play_out(&config, seats, "greedy", seats as u64).0, usize::from(most));

            let over = config.with_rack_size(most + 1);
            let refused = Err(DealError::InvalidConfig {
                option: "rack_size",
                reason: "is too large for the seats: the racks would take every tile and leave no pool",
            });
            assert_eq!(over.validate(seats), refused);
            let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
            assert_eq!(Rummikub::deal(&over, Seating::new(seats), &mut rng).map(|_| ()), refused);
        }
    }
    // And the largest value of the type.
    let config = Config::STANDARD.with_rack_size(u8::MAX);
    assert!(matches!(config.validate(2), Err(DealError::InvalidConfig { option: "rack_size", .. })));
}

/// §1.2: racks of more than 64 tiles (the largest the box deals, 79 of the 160) play
/// to the end with every bot: no analysis limited to a word of bits is reached.
#[test]
fn rules_1_2_racks_past_64_tiles_play_to_the_end() {
    let most = largest_rack(TileSet::Xp160, 2);
    assert_eq!(most, 79);
    let config = Config::XP.with_rack_size(most);
    for (kind, seed) in [("random", 1), ("greedy", 2), ("sampler", 3), ("thorough", 4)] {
        assert_eq!(play_out(&config, 2, kind, seed).0, 79);
    }
    // A low threshold too, where the bots open at once and play from huge racks.
    let config = config.with_initial_meld_threshold(0);
    for (kind, seed) in [("random", 5), ("greedy", 6), ("thorough", 7)] {
        play_out(&config, 2, kind, seed);
    }
}

/// §1.5: the threshold at the most points the set holds is accepted and plays (nobody
/// can meld it short of the whole set); one point more is refused.
#[test]
fn rules_1_5_highest_initial_meld_threshold() {
    for set in [TileSet::Standard106, TileSet::Xp160] {
        let most = set.most_points();
        let config = Config::STANDARD.with_tile_set(set).with_initial_meld_threshold(most);
        assert_eq!(config.validate(2), Ok(()));
        for (kind, seed) in [("random", 8), ("greedy", 9)] {
            play_out(&config, 2, kind, seed);
        }
        let over = config.with_initial_meld_threshold(most + 1);
        assert_eq!(
            over.validate(2),
            Err(DealError::OptionTooLarge {
                option: "initial_meld_threshold",
                value: u64::from(most + 1),
                max: u64::from(most),
            })
        );
        let refused = over.with_initial_meld_threshold(u32::MAX).validate(2);
        assert!(matches!(refused, Err(DealError::OptionTooLarge { option: "initial_meld_threshold", .. })));
    }
}

/// §1.8: the largest penalties score whole games without overflow, with the largest
/// racks left (a game of the 160 tiles where one seat holds 79 and four jokers may be
/// left); one past the limit is refused.
#[test]
fn rules_1_8_largest_penalties() {
    let config = Config::XP
        .with_rack_size(largest_rack(TileSet::Xp160, 2))
        .with_joker_penalty(MAX_PENALTY)
        .with_never_melded_penalty(MAX_PENALTY);
    assert_eq!(config.validate(2), Ok(()));
    // Every seat's points are bounded by all the set's numbers and penalties.
    let bound = 2 * (i64::from(TileSet::Xp160.most_points()) + 5 * i64::from(MAX_PENALTY));
    for (kind, seed) in [("random", 10), ("greedy", 11)] {
        let points = play_out(&config, 2, kind, seed).1;
        assert!(points.iter().all(|p| p.abs() <= bound), "{points:?}");
        assert_eq!(points.len(), 2);
    }
    for over in
        [config.with_joker_penalty(MAX_PENALTY + 1), config.with_never_melded_penalty(MAX_PENALTY + 1)]
    {
        assert!(matches!(over.validate(2), Err(DealError::OptionTooLarge { .. })));
    }
}

/// §1.8: a session's target score at the extremes of its type: any positive target is
/// a match, zero and below are refused.
#[test]
fn rules_1_8_session_target_score_extremes() {
    for target in [1, i64::MAX] {
        let config = Config::STANDARD.with_session_ranking(SessionRanking::TargetScore(target));
        assert_eq!(config.validate(4), Ok(()), "{target}");
    }
    for target in [0, -1, i64::MIN] {
        let config = Config::STANDARD.with_session_ranking(SessionRanking::TargetScore(target));
        assert!(matches!(
            config.validate(4),
            Err(DealError::InvalidConfig { option: "session_ranking", .. })
        ));
    }
}

/// Seat counts at and one past the sets' ranges, and the extremes of the type.
#[test]
fn rules_1_2_seat_counts_at_and_past_the_range() {
    for set in [TileSet::Standard106, TileSet::Xp160] {
        let config = Config::STANDARD.with_tile_set(set);
        let max = set.max_players();
        for seats in [0, 1, max + 1, usize::MAX] {
            let refused = Err(DealError::PlayerCount { seats, min: 2, max });
            assert_eq!(config.validate(seats), refused);
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            assert_eq!(Rummikub::deal(&config, Seating::new(seats), &mut rng).map(|_| ()), refused);
        }
    }
}

/// A view read from elsewhere with more than the box holds (§1.1: every tile at most
/// twice or three times, two or four jokers): more jokers than the solver takes, a tile
/// many times over, up to the 255 copies a count holds, and the highest threshold of the
/// type. What reads views answers at once and legally: the legal list, the random
/// draw and every bot, without panicking.
#[test]
fn rules_1_1_views_past_the_box_are_answered_legally() {
    let config = Config::STANDARD;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let game = Rummikub::deal(&config, Seating::new(2).with_dealer(0), &mut rng).expect("a deal");
    let seat = game.to_move().expect("a seat to move");
    let racks = [
        "J J J J J",
        "J J J J J J J J J J J J J J r1",
        "r5 r5 r5 r5 r6 r7 b5 k5 y5",
        "J J J r1 r1 r1 r2 r2 r2 r3 r3 r3",
    ];
    let mut many = TileCounts::new();
    for _ in 0..300 {
        many.add("r7".parse().expect("a tile"));
        many.add(Tile::JOKER);
    }
    for rack in racks.iter().map(|r| r.parse::<TileCounts>().expect("a rack")).chain([many]) {
        for (opened, threshold) in [(false, 30), (true, 30), (false, u32::MAX), (false, 0)] {
            let mut view = game.view(seat);
            view.rack = rack;
            view.config.initial_meld_threshold = threshold;
            view.seats.iter_mut().for_each(|s| s.opened = opened);
            common::assert_every_answer_legal(&view, &mut rng, &format!("{rack}"));
        }
    }
}

/// §1.10: every option at the extremes of its type, mixed at random: `validate` and the
/// deal agree, refusing with a typed error, and a game of the rules they accept plays
/// to its end with random actions, timeouts and abandons.
#[test]
fn rules_1_10_options_at_their_extremes_validate_as_they_deal() {
    let mut rng = ChaCha8Rng::seed_from_u64(110);
    let (mut accepted, mut refused) = (0, 0);
    for case in 0..600u64 {
        // Each option its box value, or (one time in four) a value at an extreme.
        let pick = |rng: &mut ChaCha8Rng, usual: u32, extremes: &[u32]| {
            if rng.random_bool(0.75) { usual } else { extremes[rng.random_range(0..extremes.len())] }
        };
        let set = if rng.random_bool(0.5) { TileSet::Standard106 } else { TileSet::Xp160 };
        let most = set.most_points();
        let mut config = Config::STANDARD
            .with_tile_set(set)
            .with_rack_size(pick(&mut rng, 14, &[0, 1, 26, 52, 53, 79, 80, 255]) as u8)
            .with_initial_meld_threshold(pick(&mut rng, 30, &[0, 1, most, most + 1, u32::MAX]))
            .with_joker_penalty(pick(&mut rng, 30, &[0, MAX_PENALTY, MAX_PENALTY + 1, u32::MAX]))
            .with_never_melded_penalty(pick(&mut rng, 0, &[MAX_PENALTY, MAX_PENALTY + 1, u32::MAX]))
            .with_timeout_penalty_pending(pick(&mut rng, 3, &[0, 1, 255]) as u8)
            .with_timeout_penalty_idle(pick(&mut rng, 1, &[0, 255]) as u8)
            .with_abandon_penalty(rng.random_bool(0.5))
            .with_timer(match pick(&mut rng, 0, &[1, 2, 3]) {
                0 => Timer::Off,
                1 => Timer::Seconds(0),
                2 => Timer::Seconds(1),
                _ => Timer::Seconds(u32::MAX),
            });
        if rng.random_bool(0.3) {
            config = config.with_pool_empty_end(PoolEmptyEnd::OneFinalTurnEach);
        }
        let seats = [0, 1, 2, 2, 3, 4, 4, 5, 6, 7][rng.random_range(0..10)];
        let validated = config.validate(seats);
        let dealt = Rummikub::deal(&config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(case));
        assert_eq!(dealt.as_ref().err(), validated.as_ref().err(), "{config:?} {seats} seats");
        let Ok(mut game) = dealt else {
            refused += 1;
            continue;
        };
        accepted += 1;
        // Random legal actions, and one turn in four a timeout or an abandon where the
        // rules have them (each drawing its penalty, up to what the pool holds).
        let mut actions = 0;
        while let Some(seat) = game.to_move() {
            actions += 1;
            assert!(actions <= MAX_ACTIONS, "{config:?}: no end");
            let action = match rng.random_range(0..8) {
                0 if config.timer != Timer::Off => Action::Timeout { pending_changes: rng.random_bool(0.5) },
                1 if config.abandon_penalty => Action::Abandon,
                _ => Rummikub::random_action_from(&game.view(seat), &mut rng).expect("an action"),
            };
            game.apply(seat, action.clone())
                .unwrap_or_else(|e| panic!("{config:?}: {action:?} refused: {e}"));
        }
        assert_eq!(game.outcome().map(|o| o.points.len()), Some(seats));
    }
    assert!(accepted > 100 && refused > 150, "{accepted} accepted, {refused} refused");
}

/// A save at the limits (racks of 79 of the 160 tiles, the highest threshold, the
/// largest penalties) reads back as the game; the same save with an option one past its
/// limit, or at the extreme of its type, is refused with an error, never a state.
#[cfg(feature = "serde")]
#[test]
fn rules_1_2_saves_at_the_limits_read_back_and_one_past_are_refused() {
    use serde_json::Value;
    let config = Config::XP
        .with_rack_size(largest_rack(TileSet::Xp160, 2))
        .with_initial_meld_threshold(TileSet::Xp160.most_points())
        .with_joker_penalty(MAX_PENALTY)
        .with_never_melded_penalty(MAX_PENALTY);
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut game = Rummikub::deal(&config, Seating::new(2), &mut rng).expect("a deal at the limits");
    game.apply(game.to_move().expect("a seat"), Action::Draw).expect("a draw");
    let value = serde_json::to_value(&game).expect("a save");
    let load = |v: &Value| serde_json::from_value::<Rummikub>(v.clone()).map_err(|e| e.to_string());
    assert_eq!(load(&value), Ok(game));
    let tampered: [(&str, Value); 6] = [
        ("rack_size", Value::from(80)),
        ("rack_size", Value::from(255)),
        ("rack_size", Value::from(0)),
        ("initial_meld_threshold", Value::from(TileSet::Xp160.most_points() + 1)),
        ("joker_penalty", Value::from(MAX_PENALTY + 1)),
        ("never_melded_penalty", Value::from(u32::MAX)),
    ];
    for (option, to) in tampered {
        let mut v = value.clone();
        v["config"][option] = to.clone();
        let err = load(&v).expect_err("an option past its limit");
        assert!(err.contains(option), "{option} = {to}: {err}");
    }
    for (field, to) in [
        ("to_move", Value::from(u64::MAX)),
        ("quiet_turns", Value::from(3)),
        ("drawn", Value::from(u32::MAX)),
    ] {
        let mut v = value.clone();
        v["setup"][field] = to.clone();
        assert!(load(&v).is_err(), "{field} = {to}");
    }
}

/// §1.10 keep-three rearranging on a crowded XP table (20 melds, four jokers, a six-tile
/// rack): every bot answers with a play the engine accepts (or draws), in bounded time.
/// The candidates' checks of a turn share one bound of search choices (asserted in the
/// solver's own tests); this is the wall clock that bound comes to: about 1 s for the
/// greedy bot and 4 s for the thorough and sampler bots (two solves and their
/// candidates' checks) in the dev profile, 0.8 s and 2.7 s in release
/// (`cargo test --release -p rummykit-rummikub --all-features --test limits -- keep_three
/// --nocapture` prints them), so the bound here is loose.
#[cfg(feature = "serde")]
#[test]
fn rules_1_10_keep_three_on_a_crowded_xp_table_answers_in_bounded_time() {
    let view: rummykit_rummikub::View =
        serde_json::from_str(CROWDED_XP_KEEP_THREE).expect("a view of a game");
    let bots: [Box<dyn Bot<Rummikub>>; 3] = [
        Box::new(GreedyBot::new()),
        Box::new(ThoroughBot::new()),
        Box::new(SamplerBot::new(ChaCha8Rng::seed_from_u64(3))),
    ];
    for mut bot in bots {
        let start = std::time::Instant::now();
        let action = bot.act(&view);
        let time = start.elapsed();
        println!("{}: {time:?}", bot.name());
        if let Action::Play { table } = &action {
            let held = &view.rack;
            rummykit_rummikub::check_play(&view.config, &view.table, held, view.own_opened(), table)
                .unwrap_or_else(|e| panic!("{}: {e:?} for {table:?}", bot.name()));
        }
        assert!(time.as_secs_f64() < 30.0, "{}: {time:?} for {action:?}", bot.name());
    }
}

/// The view of the finding above, as read from a game edited to keep-three.
#[cfg(feature = "serde")]
const CROWDED_XP_KEEP_THREE: &str = r#"{"config":{"abandon_penalty":false,"group3_joker_needs_both":false,"hand_rummy_double":false,"initial_meld_threshold":30,"joker_melds_locked":false,"joker_penalty":30,"joker_release":"AnyRearrangement","joker_replacement_source":"RackOrTable","joker_reuse":"WithRackTile","joker_value_in_initial_meld":"Represented","keep_three":true,"manipulate_on_initial_meld_turn":false,"never_melded_penalty":0,"pool_empty_end":"AllPassOnce","rack_size":14,"session_ranking":"HighestTotal","tile_set":"Xp160","timeout_penalty_idle":1,"timeout_penalty_pending":3,"timer":"Off"},"outcome":null,"pool":3,"rack":"r12 b5 b11 y1 y12 k4","seat":2,"seats":[{"opened":true,"tiles":13},{"opened":true,"tiles":16},{"opened":true,"tiles":6},{"opened":true,"tiles":12},{"opened":true,"tiles":7}],"table":[{"faces":"r9 y9 k9 J","kind":"group"},{"faces":"r1 r2 r3 r4","kind":"run"},{"faces":"r11 b11 k11 y11","kind":"group"},{"faces":"r2 J r4","kind":"run"},{"faces":"b1 b2 b3 b4 b5 b6 b7 b8 b9 b10 b11 b12 b13","kind":"run"},{"faces":"y9 y10 y11 J y13","kind":"run"},{"faces":"y2 y3 y4 y5 y6 y7 y8 y9 y10 y11 y12","kind":"run"},{"faces":"r8 b8 y8 k8","kind":"group"},{"faces":"k1 k2 k3 k4 k5 k6 k7","kind":"run"},{"faces":"k6 k7 k8 k9 k10 k11 k12 k13","kind":"run"},{"faces":"r13 b13 y13 k13","kind":"group"},{"faces":"r5 r6 r7 r8 r9 r10 r11","kind":"run"},{"faces":"r12 y12 k12 b12","kind":"group"},{"faces":"k4 r4 b4 y4","kind":"group"},{"faces":"r9 r10 r11 r12","kind":"run"},{"faces":"b5 r5 y5 k5","kind":"group"},{"faces":"r10 b10 y10 k10","kind":"group"},{"faces":"J r7 r8","kind":"run"},{"faces":"r2 b2 k2","kind":"group"},{"faces":"r13 y13 k13","kind":"group"}],"to_move":2}"#;
