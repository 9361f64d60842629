//! Tampered match records (feature `serde`): a record is a deal plus actions, so it is
//! checked twice: the deal is read through the game's re-validating representation, and
//! `MatchRecord::replay` re-applies every action. Each tampering below is an error.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot};
use rummykit_core::{
    Bot, MatchEnd, MatchError, MatchRecord, MatchTerms, RECORD_VERSION, RecordFormatError, ReplayError,
    record_match,
};
use serde_json::Value;

fn recorded() -> Value {
    let setup = MatchRecord::<ClassicRummy>::new(
        "classic",
        Config::STANDARD.with_game_end(MatchEnd::SingleHand),
        MatchTerms::new(2).with_first_dealer(0),
        11,
    );
    let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
    let mut bots: [&mut dyn Bot<ClassicRummy>; 2] = [&mut a, &mut b];
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let (record, _) = record_match(setup, &mut bots, &mut rng, 5_000).expect("a recorded match");
    serde_json::to_value(&record).expect("serialize")
}

fn replay(value: &Value) -> Result<(), String> {
    let record: MatchRecord<ClassicRummy> =
        serde_json::from_value(value.clone()).map_err(|e| e.to_string())?;
    let mut rng = ChaCha8Rng::seed_from_u64(record.seed);
    record.replay(&mut rng).map(|_| ()).map_err(|e| e.to_string())
}

fn actions(value: &mut Value) -> &mut Vec<Value> {
    value["hands"][0]["actions"].as_array_mut().expect("a list of actions")
}

#[test]
fn the_untouched_record_replays() {
    assert_eq!(replay(&recorded()), Ok(()));
}

#[test]
fn a_changed_action_is_refused_on_replay() {
    let mut value = recorded();
    // The first discard now names a card of the other seat's hand (or none it holds).
    let list = actions(&mut value);
    let i = list.iter().position(|a| a.get("Discard").is_some()).expect("a discard");
    let card = list[i]["Discard"].as_u64().expect("a card id");
    list[i]["Discard"] = Value::from((card + 1) % 52);
    let err = replay(&value).expect_err("a discard of another card must not replay");
    assert!(err.contains("action"), "{err}");
}

#[test]
fn a_dropped_action_is_refused_on_replay() {
    let mut value = recorded();
    actions(&mut value).remove(0);
    assert!(replay(&value).is_err());
}

#[test]
fn a_changed_outcome_is_refused_on_replay() {
    let mut value = recorded();
    let points = value["hands"][0]["outcome"]["points"].as_array_mut().expect("points");
    points[0] = Value::from(points[0].as_i64().expect("a score") + 1);
    let record: MatchRecord<ClassicRummy> = serde_json::from_value(value).expect("the record itself reads");
    let mut rng = ChaCha8Rng::seed_from_u64(record.seed);
    assert!(matches!(record.replay(&mut rng), Err(ReplayError::OutcomeMismatch { hand: 0 })));
}

#[test]
fn a_corrupt_deal_is_refused_on_reading() {
    let mut value = recorded();
    // The deal's stock gains a copy of a card already in seat 0's hand.
    let deal = &mut value["hands"][0]["deal"]["setup"];
    let hand = deal["hands"][0].as_str().expect("cards in notation");
    let card = hand.split(' ').next().expect("a card").to_string();
    let stock = deal["stock"].as_str().expect("cards in notation");
    deal["stock"] = Value::from(format!("{stock} {card}"));
    let err = replay(&value).expect_err("a deal with a card twice must not read");
    assert!(err.contains(&format!("{card} is there more than the 1 times")), "{err}");
}

/// A record of one hand of `G`, played by `bots` from seed 5, as JSON.
fn recorded_match<G>(game: &str, config: G::Config, bots: &mut [&mut dyn Bot<G>], end: MatchEnd) -> Value
where
    G: rummykit_core::Game + serde::Serialize,
    G::Action: serde::Serialize,
    G::Config: serde::Serialize,
{
    let setup = MatchRecord::<G>::new(
        game,
        config,
        MatchTerms::new(bots.len()).with_first_dealer(0).with_end(end),
        5,
    );
    let mut rng = ChaCha8Rng::seed_from_u64(setup.seed);
    let (record, _) = record_match(setup, bots, &mut rng, 20_000).expect("a recorded match");
    serde_json::to_value(&record).expect("serialize")
}

/// Reads `value` with its seat count replaced by each hostile count and replays it:
/// every one reads (a seat count is only a number) and is refused by the replay with
/// a typed error before anything is allocated per seat (it used to abort the process
/// with a failed allocation of 8 GB, or panic with "capacity overflow").
fn huge_seats_are_refused<G>(mut value: Value, max: usize)
where
    G: rummykit_core::Game + PartialEq + for<'de> serde::Deserialize<'de>,
    G::Action: for<'de> serde::Deserialize<'de>,
    G::Config: for<'de> serde::Deserialize<'de>,
{
    let original: MatchRecord<G> = serde_json::from_value(value.clone()).expect("the record reads");
    assert!(original.replay(&mut ChaCha8Rng::seed_from_u64(original.seed)).is_ok());
    for seats in [1_000_000_000_u64, 1 << 40, u64::MAX] {
        value["terms"]["seats"] = Value::from(seats);
        let record: MatchRecord<G> = serde_json::from_value(value.clone()).expect("a seat count reads");
        let seats = usize::try_from(seats).expect("a 64-bit target");
        let err = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect_err("huge seats replay");
        assert_eq!(err, ReplayError::Match(MatchError::PlayerCount { seats, min: 2, max }), "{seats} seats");
        assert_eq!(record.start().map(|_| ()), Err(MatchError::PlayerCount { seats, min: 2, max }));
    }
}

#[test]
fn classic_record_with_huge_seat_count_is_refused() {
    huge_seats_are_refused::<ClassicRummy>(recorded(), 6);
}

#[test]
fn rummikub_record_with_huge_seat_count_is_refused() {
    use rummykit_rummikub::{Config as RummikubConfig, GreedyBot, Rummikub};
    let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
    let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut a, &mut b];
    let value = recorded_match("rummikub", RummikubConfig::STANDARD, &mut bots, MatchEnd::SingleHand);
    huge_seats_are_refused::<Rummikub>(value, 4);
}

#[test]
fn rummy40_record_with_huge_seat_count_is_refused() {
    use rummykit_rummy40::{Config, GreedyBot, Rummy40};
    let (mut a, mut b) = (GreedyBot::new(), GreedyBot::new());
    let mut bots: [&mut dyn Bot<Rummy40>; 2] = [&mut a, &mut b];
    let value = recorded_match("rummy40", Config::RUMMY40, &mut bots, MatchEnd::SingleHand);
    huge_seats_are_refused::<Rummy40>(value, 6);
}

/// `Match::new` itself, for every game: the game's own limits first, then the cap.
#[test]
fn match_new_checks_each_games_seat_limits() {
    use rummykit_core::{Game, MAX_SEATS, Match};
    use rummykit_rummikub::{Config as RummikubConfig, Rummikub};
    use rummykit_rummy40::Rummy40;
    fn check<G: Game>(config: G::Config, min: usize, max: usize) {
        assert_eq!(G::seat_range(&config), min..=max);
        assert!(max <= MAX_SEATS);
        for seats in [1, max + 1, 1 << 40, usize::MAX] {
            let got = Match::<G>::new(config.clone(), MatchTerms::new(seats));
            assert_eq!(got.map(|_| ()), Err(MatchError::PlayerCount { seats, min, max }), "{seats} seats");
        }
        for seats in min..=max {
            let got = Match::<G>::new(config.clone(), MatchTerms::new(seats));
            assert!(got.is_ok(), "{seats} seats");
        }
        // The range is the one the deal enforces.
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for seats in 0..=max + 2 {
            let dealt = G::deal(&config, rummykit_core::Seating::new(seats), &mut rng);
            assert_eq!(dealt.is_ok(), (min..=max).contains(&seats), "{seats} seats");
        }
    }
    check::<ClassicRummy>(Config::STANDARD.with_game_end(MatchEnd::SingleHand), 2, 6);
    check::<Rummikub>(RummikubConfig::STANDARD, 2, 4);
    check::<Rummikub>(RummikubConfig::XP, 2, 6);
    check::<Rummy40>(rummykit_rummy40::Config::RUMMY40, 2, 6);
}

fn read_error(value: Value) -> String {
    serde_json::from_value::<MatchRecord<ClassicRummy>>(value).expect_err("refused").to_string()
}

#[test]
fn a_record_names_its_format_version_and_holds_the_terms_as_one_field() {
    let value = recorded();
    assert_eq!(value["version"], Value::from(RECORD_VERSION));
    assert_eq!(value["terms"]["seats"], Value::from(2));
    assert_eq!(value["terms"]["first_dealer"], Value::from(0));
    assert!(value.get("seats").is_none());
}

#[test]
fn a_record_of_another_format_is_refused_with_the_reason() {
    let value = recorded();
    let mut unknown = value.clone();
    unknown["version"] = Value::from(3);
    assert!(read_error(unknown).contains(&RecordFormatError::UnknownVersion { found: 3 }.to_string()));

    for field in ["version", "terms"] {
        let mut missing = value.clone();
        missing.as_object_mut().expect("object").remove(field);
        let err = read_error(missing);
        assert!(err.contains(&format!("missing field `{field}`")), "{err}");
    }

    // The terms' fields beside the terms, as no version of the format writes them.
    let mut flat = value.clone();
    flat["seats"] = Value::from(2);
    let err = read_error(flat);
    assert!(err.contains("unknown field `seats`"), "{err}");
}
