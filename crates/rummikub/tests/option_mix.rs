//! Random combinations of the house rules of RULES.md §1.10 (and the Schmidt options of
//! §4.1), each option over its whole range, extremes included: a configuration the
//! rules refuse is refused by `Config::validate` and by the deal alike, with a typed
//! error; one they accept deals and plays to its end with random legal actions and the
//! greedy bot (which calls the solver), checked at every step — no tile lost or
//! duplicated, every play of the bot accepted, a refused action changes nothing, a view
//! does not change when what its seat may not see is dealt anew, a save reads back
//! equal — and scored by the section in force (§1.8 (a), (b), (c)).

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, DealError, Game, Match, Meld, Redeal, Seat, Seating, Tile};
use rummykit_rummikub::{
    Action, Config, GameEnd, GreedyBot, InitialJokerValue, JokerRelease, JokerReuse, MAX_PENALTY,
    PoolEmptyEnd, ReplacementSource, Rummikub, SessionRanking, TileCounts, TileSet, Timer,
};

fn pick<T: Copy, R: Rng + ?Sized>(rng: &mut R, values: &[T]) -> T {
    values[rng.random_range(0..values.len())]
}

/// Now and then: how often a drawn option takes a value the rules refuse.
fn rarely<R: Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_bool(0.03)
}

/// A configuration with every option drawn over its range, extremes included (now and
/// then a value the rules refuse), and a seat count, now and then outside the range.
fn random_config<R: Rng + ?Sized>(rng: &mut R) -> (Config, usize) {
    let mut c = Config::STANDARD;
    c.tile_set = pick(rng, &[TileSet::Standard106, TileSet::Xp160]);
    let most = c.tile_set.most_points();
    c.rack_size = match rng.random_range(0..10) {
        _ if rarely(rng) => pick(rng, &[0, u8::MAX]),
        0 => pick(rng, &[1, 2, 3]),
        1..=3 => rng.random_range(1..=30),
        _ => rng.random_range(10..=20),
    };
    c.initial_meld_threshold = match rng.random_range(0..8) {
        _ if rarely(rng) => pick(rng, &[most + 1, u32::MAX]),
        0 => most,
        1 => 0,
        2 => rng.random_range(0..=most),
        _ => rng.random_range(0..=60),
    };
    c.joker_value_in_initial_meld = pick(rng, &[InitialJokerValue::Represented, InitialJokerValue::Zero]);
    c.manipulate_on_initial_meld_turn = rng.random_bool(0.5);
    c.joker_penalty = if rarely(rng) {
        pick(rng, &[MAX_PENALTY + 1, u32::MAX])
    } else {
        pick(rng, &[0, 25, 30, 50, 100, MAX_PENALTY])
    };
    c.group3_joker_needs_both = rng.random_bool(0.5);
    c.joker_replacement_source = pick(rng, &[ReplacementSource::RackOrTable, ReplacementSource::RackOnly]);
    c.joker_reuse = pick(
        rng,
        &[JokerReuse::WithRackTile, JokerReuse::SameTurnAnywhere, JokerReuse::NewMeldWithTwoRackTiles],
    );
    c.joker_release = pick(rng, &[JokerRelease::AnyRearrangement, JokerRelease::ExactTile]);
    c.joker_melds_locked = rng.random_bool(0.3);
    c.hand_rummy_double = rng.random_bool(0.5);
    c.timer = if rarely(rng) {
        Timer::Seconds(0)
    } else {
        pick(rng, &[Timer::Off, Timer::Off, Timer::Seconds(1), Timer::Seconds(60), Timer::Seconds(u32::MAX)])
    };
    c.timeout_penalty_pending = if rarely(rng) { 0 } else { pick(rng, &[1, 3, 3, u8::MAX]) };
    c.timeout_penalty_idle = if rarely(rng) { 0 } else { pick(rng, &[1, 1, 3, u8::MAX]) };
    c.abandon_penalty = rng.random_bool(0.5);
    c.pool_empty_end = pick(rng, &[PoolEmptyEnd::AllPassOnce, PoolEmptyEnd::OneFinalTurnEach]);
    c.never_melded_penalty =
        if rarely(rng) { MAX_PENALTY + 1 } else { pick(rng, &[0, 0, 100, 200, MAX_PENALTY]) };
    c.keep_three = rng.random_bool(0.3);
    c.session_ranking = match rng.random_range(0..4) {
        _ if rarely(rng) => SessionRanking::TargetScore(pick(rng, &[i64::MIN, -1, 0])),
        0 => SessionRanking::HighestTotal,
        1 => SessionRanking::MostGamesWon,
        _ => SessionRanking::TargetScore(pick(rng, &[1, 50, i64::MAX])),
    };
    let seats = if rarely(rng) {
        pick(rng, &[0, 1, c.tile_set.max_players() + 1])
    } else {
        rng.random_range(2..=c.tile_set.max_players())
    };
    (c, seats)
}

fn racks(game: &Rummikub) -> Vec<TileCounts> {
    (0..game.seats()).map(|s| game.rack(s).copied().unwrap_or_default()).collect()
}

/// Every tile of the set in exactly one place: racks, pool, table.
fn assert_conserved(game: &Rummikub, context: &str) {
    let mut found = [0u32; 64];
    for rack in racks(game) {
        for t in rack.iter() {
            found[usize::from(t.index())] += 1;
        }
    }
    for t in game.pool() {
        found[usize::from(t.index())] += 1;
    }
    for meld in game.table() {
        for t in meld.faces() {
            found[usize::from(t.index())] += 1;
        }
    }
    let full = TileCounts::full(&game.config().tile_set.catalog());
    for t in Tile::all() {
        assert_eq!(found[usize::from(t.index())], u32::from(full.count(t)), "{t} miscounted; {context}");
    }
}

/// What a seat's rack costs it under RULES.md §1.8, written out from the section.
fn cost(config: &Config, rack: &TileCounts, opened: bool) -> i64 {
    let numbers: i64 =
        rack.iter().filter(|t| !t.is_joker()).map(|t| i64::from(t.number().unwrap_or(0))).sum();
    let jokers = i64::try_from(rack.iter().filter(|t| t.is_joker()).count()).unwrap();
    let never = if opened { 0 } else { i64::from(config.never_melded_penalty) };
    numbers + jokers * i64::from(config.joker_penalty) + never
}

/// The end's scores against RULES.md §1.8: (a) every loser pays its rack, the winner
/// gains the sum, both doubled for a hand rummy under the option (c); (b) the lowest
/// rack wins, every loser pays the difference; both zero-sum.
fn assert_scores(game: &Rummikub, went_out_in_first_play: Option<Seat>, context: &str) {
    let outcome = game.outcome().unwrap_or_else(|| panic!("no outcome at the end; {context}"));
    let config = game.config();
    let racks = racks(game);
    let opened: Vec<bool> = (0..game.seats()).map(|s| game.has_opened(s).unwrap()).collect();
    assert_eq!(outcome.points.len(), game.seats(), "{context}");
    assert_eq!(outcome.points.iter().sum::<i64>(), 0, "scores not zero-sum; {context}");
    match game.end() {
        Some(GameEnd::WentOut { seat, hand_rummy }) => {
            assert!(racks[seat].is_empty(), "{context}");
            assert_eq!(hand_rummy, went_out_in_first_play == Some(seat), "hand rummy flag; {context}");
            let factor = if hand_rummy && config.hand_rummy_double { 2 } else { 1 };
            for s in (0..game.seats()).filter(|&s| s != seat) {
                assert_eq!(
                    outcome.points[s],
                    -factor * cost(config, &racks[s], opened[s]),
                    "seat {s}; {context}"
                );
            }
            assert_eq!(outcome.winners, [seat], "{context}");
        }
        Some(GameEnd::PoolEmpty) => {
            assert_eq!(game.pool_len(), 0, "{context}");
            // Lowest cost wins, ties to fewer tiles, still-tied seats share the pot.
            let keys: Vec<(i64, usize)> =
                (0..game.seats()).map(|s| (cost(config, &racks[s], opened[s]), racks[s].len())).collect();
            let best = *keys.iter().min().unwrap();
            let tied: Vec<Seat> = (0..game.seats()).filter(|&s| keys[s] == best).collect();
            assert_eq!(outcome.winners, tied, "{context}");
            let mut pot = 0;
            for (s, &(c, _)) in keys.iter().enumerate() {
                if !tied.contains(&s) {
                    assert_eq!(outcome.points[s], best.0 - c, "seat {s}; {context}");
                    pot += c - best.0;
                }
            }
            let k = i64::try_from(tied.len()).unwrap();
            let shares: Vec<i64> = tied.iter().map(|&s| outcome.points[s]).collect();
            assert!(
                shares.iter().all(|&p| p == pot / k || p == pot / k + pot % k),
                "shares {shares:?}; {context}"
            );
        }
        other => panic!("an outcome with the end {other:?}; {context}"),
    }
}

/// Actions that the state must refuse, with no change: a draw from an empty pool, a pass
/// with tiles in it, a play that lays nothing from the rack, a timeout without the timer,
/// an abandon without its penalty, an action of a seat not to move.
fn refusals(game: &Rummikub) -> Vec<(Seat, Action)> {
    let Some(seat) = game.to_move() else {
        return vec![(0, Action::Draw), (0, Action::Pass)];
    };
    let mut out = vec![(seat, Action::Play { table: game.table().to_vec() })];
    out.push((seat, if game.pool_len() == 0 { Action::Draw } else { Action::Pass }));
    if game.config().timer == Timer::Off {
        out.push((seat, Action::Timeout { pending_changes: true }));
    }
    if !game.config().abandon_penalty {
        out.push((seat, Action::Abandon));
    }
    out.push(((seat + 1) % game.seats(), Action::Draw));
    out
}

/// What a meld counts toward the initial meld (§1.5): its numbers, a joker the number it
/// stands for or nothing, as configured.
fn initial_value(config: &Config, meld: &Meld<Tile>) -> u32 {
    meld.faces()
        .iter()
        .zip(meld.numbers())
        .filter(|(f, _)| {
            config.joker_value_in_initial_meld == InitialJokerValue::Represented || !f.is_joker()
        })
        .map(|(_, n)| u32::from(n))
        .sum()
}

/// One action's effect against the rules, written out from RULES.md: a draw takes one
/// pool tile (§1.3); a timeout or abandon draws its penalty, at most the pool (§1.7, §1.9);
/// a play only moves tiles from the rack to the table (§1.3), and an initial meld without
/// table manipulation (§1.5) leaves the old melds and lays new ones worth the threshold,
/// waived for a hand rummy under the option (§1.8 (c)).
fn assert_effect(before: &Rummikub, after: &Rummikub, seat: Seat, action: &Action, context: &str) {
    let config = before.config();
    let rack0 = before.rack(seat).copied().unwrap_or_default();
    let rack1 = after.rack(seat).copied().unwrap_or_default();
    let pool = before.pool_len();
    let drawn = match action {
        Action::Draw => 1,
        Action::Pass => 0,
        Action::Timeout { pending_changes: true } | Action::Abandon => {
            usize::from(config.timeout_penalty_pending)
        }
        Action::Timeout { pending_changes: false } => usize::from(config.timeout_penalty_idle),
        Action::Play { table } => {
            let old = TileCounts::of_melds(before.table());
            let new = TileCounts::of_melds(table);
            assert!(old.is_subset(&new), "a table tile left the table; {context}");
            let played = new.checked_sub(&old).unwrap();
            assert!(!played.is_empty(), "a play of no rack tile; {context}");
            assert_eq!(rack0.checked_sub(&played), Some(rack1), "rack and table disagree; {context}");
            assert_eq!(after.table(), &table[..], "{context}");
            assert!(after.has_opened(seat).unwrap(), "{context}");
            if !before.has_opened(seat).unwrap() && !config.manipulate_on_initial_meld_turn {
                let mut rest = table.clone();
                for meld in before.table() {
                    let i = rest.iter().position(|m| m == meld);
                    let i = i.unwrap_or_else(|| panic!("{meld:?} changed in an initial meld; {context}"));
                    rest.swap_remove(i);
                }
                let worth: u32 = rest.iter().map(|m| initial_value(config, m)).sum();
                let waived = config.hand_rummy_double && rack1.is_empty();
                assert!(
                    waived || worth >= config.initial_meld_threshold,
                    "initial meld worth {worth} below {}; {context}",
                    config.initial_meld_threshold
                );
            }
            assert_eq!(after.pool_len(), pool, "{context}");
            return;
        }
        other => panic!("an action this test does not know: {other:?}"),
    };
    let drawn = drawn.min(pool);
    assert_eq!(rack1.len(), rack0.len() + drawn, "{action:?} drew wrong; {context}");
    assert!(rack0.is_subset(&rack1), "{context}");
    assert_eq!(after.pool_len(), pool - drawn, "{context}");
    assert_eq!(after.table(), before.table(), "{context}");
}

fn play_one(config: &Config, seats: usize, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let dealer = if rarely(&mut rng) { seats } else { rng.random_range(0..seats.max(1)) };
    let seating = Seating::new(seats).with_dealer(dealer);
    let context = format!("seed {seed}, seats {seats}, dealer {dealer}, {config:?}");
    let dealt = Rummikub::deal(config, seating, &mut rng);
    let valid = config.validate(seats).and_then(|()| seating.check(2, config.tile_set.max_players()));
    let mut game = match (dealt, valid) {
        (Ok(game), Ok(())) => game,
        (Err(a), Err(b)) => {
            // A seat count `validate` accepts with a dealer who is not a seat: the deal
            // names the dealer, `validate` (no dealer) the option.
            if !matches!(a, DealError::NoSuchDealer { .. }) {
                assert_eq!(a, b, "deal and validate disagree on the error; {context}");
            }
            return;
        }
        (dealt, valid) => panic!("deal {:?} but validate {valid:?}; {context}", dealt.map(|_| ())),
    };
    let mut bot = GreedyBot::new();
    let mut opened_before: Vec<bool> = (0..seats).map(|s| game.has_opened(s).unwrap()).collect();
    let mut went_out_in_first_play = None;
    let (mut quiet, mut last_player) = (0, None);
    let cap = 3 * game.config().tile_set.catalog().len() * (seats + 1);
    let mut legal = Vec::new();
    for step in 0..cap {
        let context = format!("{context}, step {step}");
        assert_conserved(&game, &context);
        let Some(seat) = game.to_move() else { break };
        // Views hide the other racks and the pool order; the others' sizes are shown.
        for s in 0..seats {
            let view = game.view(s);
            assert_eq!(game.redeal(s, &mut rng).view(s), view, "view of seat {s} leaks; {context}");
            for (o, summary) in view.seats.iter().enumerate() {
                assert_eq!(summary.tiles, game.rack(o).map_or(0, TileCounts::len), "{context}");
                assert_eq!(summary.opened, game.has_opened(o).unwrap(), "{context}");
            }
        }
        for (s, bad) in refusals(&game) {
            let before = game.clone();
            assert!(game.check(s, &bad).is_err(), "{bad:?} of seat {s} accepted; {context}");
            assert!(game.apply(s, bad.clone()).is_err(), "{bad:?} of seat {s} applied; {context}");
            assert_eq!(game, before, "refused {bad:?} changed the state; {context}");
        }
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&game).unwrap();
            let back: Rummikub = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}; {context}"));
            assert_eq!(back, game, "save does not read back; {context}");
        }
        game.legal_actions(&mut legal);
        for action in &legal {
            assert!(game.check(seat, action).is_ok(), "listed {action:?} refused; {context}");
        }
        let action = match rng.random_range(0..10) {
            0 if game.config().timer != Timer::Off => {
                Action::Timeout { pending_changes: rng.random_bool(0.5) }
            }
            1 if game.config().abandon_penalty => Action::Abandon,
            2 if !legal.is_empty() => legal[rng.random_range(0..legal.len())].clone(),
            _ => bot.act(&game.view(seat)),
        };
        if let Err(e) = game.check(seat, &action) {
            panic!("the greedy bot's {action:?} refused: {e}; {context}");
        }
        let placed = matches!(action, Action::Play { .. });
        let before = game.clone();
        game.apply(seat, action.clone())
            .unwrap_or_else(|e| panic!("checked action refused by apply: {e}; {context}"));
        assert_effect(&before, &game, seat, &action, &context);
        // §1.7: once the pool is empty, the game ends after a round of turns with no
        // play (every player passes once), or after one more turn each.
        if placed {
            last_player = Some(seat);
        }
        if placed && game.config().pool_empty_end == PoolEmptyEnd::AllPassOnce {
            quiet = 0;
        } else if before.pool_len() == 0 {
            quiet += 1;
        }
        let out = game.rack(seat).is_some_and(TileCounts::is_empty);
        let want_end = if out {
            Some(GameEnd::WentOut { seat, hand_rummy: placed && !opened_before[seat] })
        } else if before.pool_len() == 0 && quiet >= seats {
            Some(GameEnd::PoolEmpty)
        } else {
            None
        };
        assert_eq!(game.end(), want_end, "{action:?}; {context}");
        if placed && !opened_before[seat] && game.rack(seat).is_some_and(TileCounts::is_empty) {
            went_out_in_first_play = Some(seat);
        }
        opened_before = (0..seats).map(|s| game.has_opened(s).unwrap()).collect();
    }
    assert_conserved(&game, &context);
    assert!(game.to_move().is_none(), "no end within {cap} steps; {context}");
    assert_scores(&game, went_out_in_first_play, &context);
    if game.end() == Some(GameEnd::PoolEmpty) {
        // §1.8 (b): the remainder of a shared pot goes to the first tied seat clockwise
        // after the last player who made a play (the starter if nobody did).
        let outcome = game.outcome().unwrap();
        let first = last_player.map_or(game.starter(), |s: Seat| (s + 1) % seats);
        let holder = (0..seats).map(|k| (first + k) % seats).find(|s| outcome.winners.contains(s)).unwrap();
        let most = outcome.winners.iter().map(|&s| outcome.points[s]).max().unwrap();
        assert_eq!(outcome.points[holder], most, "remainder holder; {context}");
    }
    for (s, bad) in refusals(&game) {
        let before = game.clone();
        assert!(game.apply(s, bad).is_err(), "{context}");
        assert_eq!(game, before, "{context}");
    }
}

/// RULES.md §1.10 (with §1.5–§1.9 and §4.1): random option sets played out.
#[test]
fn rules_1_10_random_option_mixes_keep_every_invariant() {
    // `OPTION_MIX_SEED` and `OPTION_MIX_CASES` widen the hunt beyond the default draw.
    let env = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<u64>().ok());
    let mut rng = ChaCha8Rng::seed_from_u64(env("OPTION_MIX_SEED").unwrap_or(0x0b7_1d0c));
    let cases = env("OPTION_MIX_CASES").unwrap_or(40);
    let mut played = 0;
    for case in 0..cases {
        let (config, seats) = random_config(&mut rng);
        if config.validate(seats).is_ok() {
            played += 1;
        }
        play_one(&config, seats, 7_000 + case);
    }
    assert!(played * 2 >= cases, "only {played} of {cases} option sets were playable");
}

/// RULES.md §1.8 and §1.10 `session_ranking`: sessions under random option sets, their
/// totals the sums of their games' scores, hands won counted from the winners.
#[test]
fn rules_1_8_session_totals_add_up_under_random_options() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5e55);
    let mut sessions = 0;
    while sessions < 6 {
        let (config, seats) = random_config(&mut rng);
        if config.validate(seats).is_err() || config.rack_size > 20 {
            continue;
        }
        sessions += 1;
        let terms = Rummikub::default_terms(&config, seats);
        let mut session =
            Match::<Rummikub>::new(config, terms).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
        let mut bot = GreedyBot::new();
        // Three games at most: a target score may need many.
        for _ in 0..3 {
            if session.is_over() {
                break;
            }
            let mut game = session.next_hand(&mut rng).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
            let mut steps = 0;
            while let Some(seat) = game.to_move() {
                let action = bot.act(&game.view(seat));
                game.apply(seat, action).unwrap_or_else(|e| panic!("{e}; {config:?}"));
                steps += 1;
                assert!(steps < 5_000, "{config:?}");
            }
            session.record(&game.outcome().unwrap()).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
        }
        let mut sums = vec![0i64; seats];
        let mut won = vec![0u32; seats];
        for outcome in session.history() {
            for (s, p) in outcome.points.iter().enumerate() {
                sums[s] = sums[s].saturating_add(*p);
            }
            for &w in &outcome.winners {
                won[w] += 1;
            }
        }
        assert_eq!(session.totals(), &sums[..], "{config:?}");
        assert_eq!(session.hands_won(), &won[..], "{config:?}");
        assert_eq!(sums.iter().sum::<i64>(), 0, "{config:?}");
    }
}

/// The deal refuses what `validate` refuses, with the same typed error.
#[test]
fn rules_1_10_refused_options_are_refused_alike() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xdea1);
    let mut refused = 0;
    for case in 0..400 {
        let (config, seats) = random_config(&mut rng);
        let dealt = Rummikub::deal(&config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(case));
        match (dealt, config.validate(seats)) {
            (Ok(_), Ok(())) => {}
            (Err(a), Err(b)) => {
                assert_eq!(a, b, "{config:?}");
                assert!(!matches!(a, DealError::InvalidDeal(_)), "{config:?}");
                refused += 1;
            }
            (d, v) => panic!("deal {:?}, validate {v:?}; {config:?}", d.map(|_| ())),
        }
    }
    assert!(refused > 50, "too few refused option sets drawn: {refused}");
}
