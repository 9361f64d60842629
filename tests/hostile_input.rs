//! Hostile input through the public API, for every save format (the three games' states,
//! which hold their configurations, and a match saved in the middle of a hand) and the
//! match record format (feature `serde`):
//!
//! * every array of a real save or record replaced by one of 10^6 elements;
//! * every field (and the whole document) replaced by 10^5-deep nesting;
//! * every number replaced by maximal and minimal integers (`u64::MAX`, `u32::MAX + 1`,
//!   `i64::MIN`, `-1`) and by `1e300`.
//!
//! Each must be refused with an error, never a panic or an abort; the few numbers that
//! may take any value (a shuffle seed, a restock count with no cap, a deal seed, a hand
//! limit) must then give a state that round-trips, plays on and replays without a panic.
//! Run with `--nocapture` to see the time each family took; `docs/design/robustness.md`
//! states the bounds measured (time and memory linear in the input's length).
#![cfg(feature = "serde")]

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::time::Instant;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config as ClassicConfig};
use rummykit_core::{
    Bot, DriverError, Game, Match, MatchEnd, MatchRecord, MatchSave, MatchTerms, Seating, record_match,
};
use rummykit_rummikub::{Action as RkAction, Config as RkConfig, Rummikub};
use rummykit_rummy40::{Config as R40Config, Rummy40};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// What a hostile input may do: be refused, by the reader or by `check` (a record's
/// replay), or be accepted when the changed number lies in a field that takes any value.
struct Format<'a, T> {
    name: &'a str,
    real: Value,
    /// JSON pointers whose numbers (or strings) may take any value of their type.
    free: &'a [&'a str],
    /// Exercises an accepted value (plays on, replays); `Err` refuses it.
    check: &'a dyn Fn(&T) -> Result<(), String>,
}

/// Every path to a node of `v` that satisfies `keep`, as a JSON pointer.
fn paths(v: &Value, at: String, keep: &dyn Fn(&Value) -> bool, out: &mut Vec<String>) {
    if keep(v) {
        out.push(at.clone());
    }
    match v {
        Value::Array(items) => {
            for (i, x) in items.iter().enumerate() {
                paths(x, format!("{at}/{i}"), keep, out);
            }
        }
        Value::Object(map) => {
            for (k, x) in map {
                paths(x, format!("{at}/{k}"), keep, out);
            }
        }
        _ => {}
    }
}

fn read<T: DeserializeOwned + Serialize>(format: &Format<'_, T>, text: &str, what: &str, may_accept: bool) {
    let outcome = catch_unwind(AssertUnwindSafe(|| {
        let Ok(t) = serde_json::from_str::<T>(text) else { return };
        let again = serde_json::to_string(&t).expect("an accepted value serializes");
        assert!(serde_json::from_str::<T>(&again).is_ok(), "{}: {what}: no round trip", format.name);
        if (format.check)(&t).is_ok() {
            assert!(may_accept, "{}: {what} was accepted", format.name);
        }
    }));
    assert!(outcome.is_ok(), "{}: {what} panicked", format.name);
}

fn hostile<T: DeserializeOwned + Serialize>(format: &Format<'_, T>) {
    let real = &format.real;
    assert!(serde_json::from_value::<T>(real.clone()).is_ok(), "{}: the real value reads", format.name);

    // 10^6-element arrays, one array of each kind of the real value in turn (the text
    // is built by string operations; the time is the reader's).
    let mut arrays = Vec::new();
    paths(real, String::new(), &|v| v.is_array(), &mut arrays);
    let mut strings = Vec::new();
    paths(real, String::new(), &|v| v.is_string(), &mut strings);
    // One array of each kind: `/hands/0/actions/7/melds` stands for every action's melds.
    let kind = |p: &str| {
        p.split('/')
            .map(|seg| if seg.parse::<usize>().is_ok() { "*" } else { seg })
            .collect::<Vec<_>>()
            .join("/")
    };
    let mut kinds = std::collections::HashSet::new();
    arrays.retain(|p| kinds.insert(kind(p)));
    strings.retain(|p| kinds.insert(kind(p)));
    let (mut read_time, mut slowest, mut longest) = (std::time::Duration::ZERO, std::time::Duration::ZERO, 0);
    for path in arrays.iter().chain(&strings) {
        let mut v = real.clone();
        let slot = v.pointer_mut(path).expect("the path exists");
        let big = if let Some(items) = slot.as_array() {
            // The first element repeated, when it is small (a card, an action); a large
            // one (a whole hand record) would make a text of gigabytes: then a number.
            let item = items
                .first()
                .and_then(|x| serde_json::to_string(x).ok())
                .filter(|t| t.len() <= 64)
                .unwrap_or_else(|| "0".to_owned());
            format!("[{}]", vec![item; 1_000_000].join(","))
        } else {
            // A notation string of 10^6 pieces.
            format!("\"{}\"", vec!["r1"; 1_000_000].join(" "))
        };
        *slot = Value::from("\u{1}BIG\u{1}");
        let text = serde_json::to_string(&v).expect("serialize").replace("\"\\u0001BIG\\u0001\"", &big);
        assert!(text.len() > 1_000_000, "{path}");
        let start = Instant::now();
        read(format, &text, &format!("10^6 elements at {path}"), format.free.contains(&path.as_str()));
        read_time += start.elapsed();
        slowest = slowest.max(start.elapsed());
        longest = longest.max(text.len());
    }
    // 10^5-deep nesting in place of each top-level field, and of the whole document.
    let start = Instant::now();
    let deep = format!("{}0{}", "[".repeat(100_000), "]".repeat(100_000));
    read(format, &deep, "a 10^5-deep document", false);
    let fields: Vec<String> = real.as_object().expect("an object").keys().cloned().collect();
    for field in &fields {
        let mut v = real.clone();
        v[field] = Value::from("\u{1}NEST\u{1}");
        let text = serde_json::to_string(&v).expect("serialize").replace("\"\\u0001NEST\\u0001\"", &deep);
        assert!(text.len() > 200_000);
        read(format, &text, &format!("10^5-deep nesting at /{field}"), false);
    }
    let nesting_time = start.elapsed();

    // Extreme numbers in every numeric field.
    let start = Instant::now();
    let mut numbers = Vec::new();
    paths(real, String::new(), &|v| v.is_number(), &mut numbers);
    let extremes = [
        Value::from(u64::MAX),
        Value::from(u64::from(u32::MAX) + 1),
        Value::from(i64::MIN),
        Value::from(-1),
        Value::from(1e300),
    ];
    for path in &numbers {
        let may_accept = format
            .free
            .iter()
            .any(|f| path == f || path.ends_with(&format!("/{}", f.trim_start_matches('/'))));
        for x in &extremes {
            let mut v = real.clone();
            *v.pointer_mut(path).expect("the path exists") = x.clone();
            let text = serde_json::to_string(&v).expect("serialize");
            read(format, &text, &format!("{x} at {path}"), may_accept);
        }
    }
    println!(
        "{}: {} arrays and strings of 10^6 read in {read_time:.2?} (slowest {slowest:.2?}, longest text \
         {longest} bytes), {} fields nested 10^5 deep in {nesting_time:.2?}, {} numbers × {} extremes in {:.2?}",
        format.name,
        arrays.len() + strings.len(),
        fields.len() + 1,
        numbers.len(),
        extremes.len(),
        start.elapsed()
    );
}

/// A hand of a card game played on with random legal actions.
fn play_on<G: Game>(game: &G, legal: impl Fn(&G, &mut Vec<G::Action>)) -> Result<(), String> {
    let mut g = game.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut actions = Vec::new();
    for _ in 0..200 {
        if g.to_move().is_none() {
            break;
        }
        legal(&g, &mut actions);
        let Some(a) = actions.choose(&mut rng) else { break };
        g.apply(g.to_move().unwrap_or_default(), a.clone()).expect("a listed action is legal");
    }
    Ok(())
}

fn classic_game() -> ClassicRummy {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut g = ClassicRummy::deal(
        &ClassicConfig::STANDARD.with_game_end(MatchEnd::SingleHand),
        Seating::new(3),
        &mut rng,
    )
    .expect("a deal");
    let mut legal = Vec::new();
    for _ in 0..9 {
        g.legal_actions(&mut legal);
        let a = *legal.choose(&mut rng).expect("a legal action");
        g.apply(g.to_move().unwrap_or_default(), a).expect("legal");
    }
    g
}

fn rummy40_game() -> Rummy40 {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut g = Rummy40::deal(&R40Config::SCALA40, Seating::new(3), &mut rng).expect("a deal");
    let mut legal = Vec::new();
    for _ in 0..9 {
        g.legal_actions(&mut legal);
        let a = legal.choose(&mut rng).expect("a legal action").clone();
        g.apply(g.to_move().unwrap_or_default(), a).expect("legal");
    }
    g
}

fn rummikub_game() -> Rummikub {
    let mut rules = RkConfig::STANDARD;
    rules.timer = rummykit_rummikub::Timer::Seconds(60);
    let mut g = Rummikub::deal(&rules, Seating::new(3), &mut ChaCha8Rng::seed_from_u64(4)).expect("a deal");
    for _ in 0..5 {
        g.apply(g.to_move().unwrap_or_default(), RkAction::Draw).expect("a draw");
    }
    g
}

fn rummikub_on(g: &Rummikub) -> Result<(), String> {
    let mut g = g.clone();
    for _ in 0..300 {
        if g.to_move().is_none()
            || (g.apply(g.to_move().unwrap_or_default(), RkAction::Draw).is_err()
                && g.apply(g.to_move().unwrap_or_default(), RkAction::Pass).is_err())
        {
            break;
        }
    }
    Ok(())
}

#[test]
fn hostile_classic_saves_are_refused() {
    hostile(&Format::<ClassicRummy> {
        name: "classic save",
        real: serde_json::to_value(classic_game()).expect("serialize"),
        free: &["/setup/shuffle_seed", "/setup/restocks"],
        check: &|g| play_on(g, ClassicRummy::legal_actions),
    });
}

#[test]
fn hostile_rummy40_saves_are_refused() {
    hostile(&Format::<Rummy40> {
        name: "Rummy 40 save",
        real: serde_json::to_value(rummy40_game()).expect("serialize"),
        free: &[
            "/setup/shuffle_seed",
            "/setup/restocks",
            "/config/opening_threshold",
            "/config/game_end/Elimination",
        ],
        check: &|g| play_on(g, Rummy40::legal_actions),
    });
}

#[test]
fn hostile_rummikub_saves_are_refused() {
    hostile(&Format::<Rummikub> {
        name: "Rummikub save",
        real: serde_json::to_value(rummikub_game()).expect("serialize"),
        // The threshold is only compared; the timer is only data.
        free: &["/rules/initial_meld_threshold", "/rules/timer/Seconds"],
        check: &rummikub_on,
    });
}

/// A record of one hand of `G` by `bots`, as JSON.
fn record<G>(config: G::Config, bots: &mut [&mut dyn Bot<G>]) -> Value
where
    G: Game + Serialize,
    G::Action: Serialize,
    G::Config: Serialize,
{
    let setup = MatchRecord::<G>::new("game", config, MatchTerms::new(bots.len()).with_first_dealer(0), 9);
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let (record, _) = record_match(setup, bots, &mut rng, 20_000).expect("a recorded match");
    serde_json::to_value(&record).expect("serialize")
}

fn replays<G: Game + PartialEq>(r: &MatchRecord<G>) -> Result<(), String> {
    r.replay(&mut ChaCha8Rng::seed_from_u64(r.seed)).map(|_| ()).map_err(|e| e.to_string())
}

/// A record is trusted only once it replays: every hostile record must fail to read or
/// fail to replay, with no number free (a changed seed or restock count gives another
/// deal, a changed score another outcome). Only the game's name, a caller's label, may
/// be any string.
#[test]
fn hostile_records_are_refused() {
    let free: &[&str] = &["/game"];
    let (mut a, mut b) = (rummykit_classic::GreedyBot::new(), rummykit_classic::GreedyBot::new());
    let mut bots: [&mut dyn Bot<ClassicRummy>; 2] = [&mut a, &mut b];
    hostile(&Format::<MatchRecord<ClassicRummy>> {
        name: "classic record",
        real: record(ClassicConfig::STANDARD.with_game_end(MatchEnd::SingleHand), &mut bots),
        free,
        check: &replays,
    });
    let (mut a, mut b) = (rummykit_rummy40::GreedyBot::new(), rummykit_rummy40::GreedyBot::new());
    let mut bots: [&mut dyn Bot<Rummy40>; 2] = [&mut a, &mut b];
    hostile(&Format::<MatchRecord<Rummy40>> {
        name: "Rummy 40 record",
        real: record(R40Config::RUMMY40, &mut bots),
        free,
        check: &replays,
    });
    let (mut a, mut b) = (rummykit_rummikub::GreedyBot::new(), rummykit_rummikub::GreedyBot::new());
    let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut a, &mut b];
    hostile(&Format::<MatchRecord<Rummikub>> {
        name: "Rummikub record",
        real: record(RkConfig::STANDARD, &mut bots),
        free,
        check: &replays,
    });
}

/// A classic match to 100 between three greedy bots, saved in its second hand.
fn classic_match_save() -> Value {
    let config = ClassicConfig::STANDARD;
    let mut played =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 3)).expect("terms");
    let mut bots: Vec<rummykit_classic::GreedyBot> =
        (0..3).map(|_| rummykit_classic::GreedyBot::new()).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut hand = played.next_hand(&mut rng).expect("a deal");
    played.finish_hand(&mut hand, &mut bots, 10_000).expect("the first hand played and recorded");
    let mut hand = played.next_hand(&mut rng).expect("a deal");
    for _ in 0..7 {
        let seat = hand.to_move().expect("the hand goes on");
        let action = bots[seat].act(&hand.view(seat));
        hand.apply(seat, action).expect("a bot's action");
    }
    serde_json::to_value(MatchSave::new(played, Some(hand)).expect("a save")).expect("serialize")
}

/// A match save is a game save inside a match: the same families are refused; the hand
/// in it plays on to its end through `Match::finish_hand`, which records its outcome.
#[test]
fn hostile_match_saves_are_refused() {
    hostile(&Format::<MatchSave<ClassicRummy>> {
        name: "classic match save",
        real: classic_match_save(),
        // A target above every total so far is any target the match may be played to.
        free: &["/hand/setup/shuffle_seed", "/hand/setup/restocks", "/terms/end/TargetScore"],
        check: &|save| {
            let (mut played, hand) = save.clone().into_parts();
            let mut hand = hand.ok_or("no hand")?;
            let _ = (played.standings(), played.winners(), played.to_string());
            let mut bots: Vec<_> = (0..played.seats()).map(|_| rummykit_classic::GreedyBot::new()).collect();
            match played.finish_hand(&mut hand, &mut bots, 1_000) {
                Ok(outcome) => {
                    assert_eq!(hand.outcome(), Some(outcome));
                    assert!(!played.hand_in_progress());
                }
                // Unshuffled restocks without a cap (a free option) may go round for ever.
                Err(DriverError::TooLong { .. }) => assert!(played.hand_in_progress()),
                Err(e) => panic!("an accepted save's hand did not play on: {e}"),
            }
            Ok(())
        },
    });
}
