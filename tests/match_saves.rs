//! Matches in progress saved and resumed (feature `serde`): a match of every game, saved
//! as JSON at every hand boundary and in the middle of every hand and read back each
//! time, plays to the same end as the same match never saved (same seed, same bots);
//! a save edited so that it holds no match a game could have played is refused with the
//! typed error that names what is wrong.
#![cfg(feature = "serde")]

mod common;

use common::{play_out, play_out_with};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::{AnyGame, Bot, Game, Match, MatchError, MatchSave, MatchTerms, Seating, Variant, bot};
use serde_json::{Value, json};

const VARIANTS: [Variant; 5] =
    [Variant::Rummikub, Variant::Schmidt, Variant::Classic, Variant::Rummy40, Variant::Scala40];
const SEATS: usize = 3;

/// The game's own match (a Rummikub session, classic to 100, Rummy 40's elimination at
/// 101), cut short after `hands` hands for the test's time.
fn terms(variant: Variant, hands: u32) -> MatchTerms {
    AnyGame::default_terms(&variant.config().with_max_restocks(Some(3)), SEATS).with_hand_limit(hands)
}

fn bots(variant: Variant, seed: u64) -> Vec<Box<dyn Bot<AnyGame> + Send>> {
    (0..SEATS)
        .map(|s| bot(variant, if s == 1 { "random" } else { "greedy" }, seed + s as u64).expect("a bot"))
        .collect()
}

fn round_trip(save: MatchSave<AnyGame>) -> (Match<AnyGame>, Option<AnyGame>) {
    let text = serde_json::to_string(&save).expect("serialize");
    let read: MatchSave<AnyGame> = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    assert_eq!(read, save, "a save reads back as itself");
    read.into_parts()
}

/// Plays a match of `variant` with seeded bots. With `every` set, the match is saved and
/// read back at every hand boundary and, inside each hand, after its first action and
/// then every `every` actions, the pending hand with it. Returns the match at its end.
fn play(variant: Variant, hands: u32, seed: u64, every: Option<usize>) -> (Match<AnyGame>, usize) {
    let config = variant.config().with_max_restocks(Some(3));
    let mut m = Match::<AnyGame>::new(config, terms(variant, hands)).expect("terms");
    let mut bots = bots(variant, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut saves = 0;
    while !m.is_over() {
        if every.is_some() {
            (m, _) = round_trip(MatchSave::new(m, None).expect("between hands"));
            saves += 1;
        }
        let mut game = m.next_hand(&mut rng).expect("deal");
        play_out_with(&mut m, &mut game, &mut bots, |m, game, actions| {
            if every.is_some_and(|k| actions % k == 1) {
                let (resumed, hand) =
                    round_trip(MatchSave::new(m.clone(), Some(game.clone())).expect("mid-hand"));
                (*m, *game) = (resumed, hand.expect("the hand was saved"));
                assert!(m.hand_in_progress());
                saves += 1;
            }
        });
        m.record(&game.outcome().expect("over")).expect("record");
    }
    (m, saves)
}

#[test]
fn a_match_saved_between_and_inside_every_hand_plays_to_the_same_end() {
    for variant in VARIANTS {
        for seed in [3, 11] {
            let (whole, _) = play(variant, 4, seed, None);
            let (saved, saves) = play(variant, 4, seed, Some(9));
            assert_eq!(saved, whole, "{variant}, seed {seed}");
            assert!(
                saves > 2 * whole.hands_played() as usize,
                "{variant}: saved mid-hand too ({saves} saves)"
            );
            assert_eq!(saved.standings(), whole.standings());
            // The finished match saves and reads back too.
            let (read, hand) = round_trip(MatchSave::new(saved, None).expect("over"));
            assert_eq!((read, hand), (whole, None));
        }
    }
}

#[test]
fn an_elimination_match_resumes_with_its_eliminated_seats_out() {
    // Rummy 40 to 101 (RULES.md §3.8): find a seed where a seat goes out, then save
    // after every hand, so that later hands are dealt to the seats still in.
    let variant = Variant::Rummy40;
    let (whole, seed) = (20..40)
        .map(|seed| (play(variant, 30, seed, None).0, seed))
        .find(|(m, _)| (0..SEATS).any(|s| m.eliminated_after(s).is_some_and(|h| h < m.hands_played())))
        .expect("a seed where a seat goes out before the last hand");
    let (saved, _) = play(variant, 30, seed, Some(25));
    assert_eq!(saved, whole);
}

/// A Rummy 40 match to 101 between bots, played until a seat is out and a hand is in
/// progress after it, and its save as JSON.
fn eliminated_save() -> (Match<AnyGame>, AnyGame, Value) {
    let variant = Variant::Rummy40;
    for seed in 20..60 {
        let config = variant.config().with_max_restocks(Some(3));
        let mut m = Match::<AnyGame>::new(config, terms(variant, 30)).expect("terms");
        let mut bots = bots(variant, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while !m.is_over() {
            let mut game = m.next_hand(&mut rng).expect("deal");
            if m.in_play().len() < SEATS {
                let seat = game.to_move().expect("a fresh hand");
                let action = bots[m.match_seat(seat).expect("in")].act(&game.view(seat));
                game.apply(seat, action).expect("legal");
                let value =
                    serde_json::to_value(MatchSave::new(m.clone(), Some(game.clone())).unwrap()).unwrap();
                return (m, game, value);
            }
            while let Some(seat) = game.to_move() {
                let action = bots[m.match_seat(seat).expect("in")].act(&game.view(seat));
                game.apply(seat, action).expect("legal");
            }
            m.record(&game.outcome().expect("over")).expect("record");
        }
    }
    panic!("no seed put a seat out with a hand to play after it");
}

fn load(value: &Value) -> Result<MatchSave<AnyGame>, String> {
    serde_json::from_value::<MatchSave<AnyGame>>(value.clone()).map_err(|e| e.to_string())
}

/// The save is refused, and the message is the typed error's.
fn refused(value: &Value, error: &MatchError) {
    let err = load(value).expect_err("the edited save must be refused");
    assert!(err.contains(&error.to_string()), "expected {error:?}, got: {err}");
}

#[test]
fn the_untouched_save_loads() {
    let (m, game, value) = eliminated_save();
    assert_eq!(value["version"], json!(1));
    // The pending hand is the game's own save, its version and all.
    assert_eq!(value["hand"]["Rummy40"]["version"], json!(1), "{}", value["hand"]);
    assert!(value["hand"]["Rummy40"]["setup"]["stock"].is_string(), "{}", value["hand"]);
    assert_eq!(value["history"].as_array().map(Vec::len), Some(m.hands_played() as usize));
    let (read, hand) = load(&value).expect("loads").into_parts();
    assert_eq!((read, hand), (m, Some(game)));
}

#[test]
fn tampered_match_saves_are_refused() {
    let (m, _, value) = eliminated_save();
    let out = (0..SEATS).find(|&s| m.eliminated_after(s).is_some()).expect("a seat is out");
    let last = m.hands_played() - 1;
    let hand = last as usize;
    assert_eq!(m.eliminated_after(out), Some(m.hands_played()), "out after the last hand recorded");

    // A total that does not match the history.
    let mut v = value.clone();
    v["totals"][0] = json!(m.totals()[0] + 1);
    refused(&v, &MatchError::TotalsMismatch);

    // An eliminated seat playing on: a win, or points, in the hand after it went out
    // (the history cut there, the totals those of the hands kept).
    let first_out = m.eliminated_after(out).expect("out") as usize;
    let other =
        (0..SEATS).find(|&s| s != out && m.eliminated_after(s).is_none_or(|h| h as usize > first_out));
    let other = other.expect("a seat still in");
    let totals: Vec<i64> = m.history()[..first_out].iter().fold(vec![0; SEATS], |mut t, o| {
        t.iter_mut().zip(&o.points).for_each(|(t, p)| *t += p);
        t
    });
    let mut points = vec![0; SEATS];
    points[out] = 7;
    for entry in
        [json!({"points": [0, 0, 0], "winners": [out]}), json!({"points": points, "winners": [other]})]
    {
        let mut v = value.clone();
        let history = v["history"].as_array_mut().expect("a list");
        history.truncate(first_out);
        history.push(entry);
        v["totals"] = json!(totals);
        refused(&v, &MatchError::NotDealtIn { hand: first_out as u32, seat: out });
    }

    // Wrong seat counts: a hand of the history in hand seats, a hand dealt to every seat.
    let mut v = value.clone();
    v["history"][hand]["points"].as_array_mut().expect("a list").pop();
    refused(&v, &MatchError::HistorySeatCount { hand: last, got: SEATS - 1, expected: SEATS });
    let mut v = value.clone();
    let config = Variant::Rummy40.config();
    let full = AnyGame::deal(&config, Seating::new(SEATS), &mut ChaCha8Rng::seed_from_u64(1)).expect("deal");
    v["hand"] = serde_json::to_value(&full).expect("serialize");
    refused(&v, &MatchError::HandSeats { got: SEATS, expected: m.in_play().len() });
    // A hand of another game dealt to the seats still in: Scala 40 in a Rummy 40 match.
    let mut v = value.clone();
    let other = Variant::Scala40.config();
    let stray = AnyGame::deal(&other, Seating::new(m.in_play().len()), &mut ChaCha8Rng::seed_from_u64(1))
        .expect("deal");
    v["hand"] = serde_json::to_value(&stray).expect("serialize");
    refused(&v, &MatchError::HandConfig);

    // A hand after the end: the match ended a hand earlier, or it is over and a hand is
    // still attached.
    let mut v = value.clone();
    v["terms"]["hand_limit"] = json!(last);
    refused(&v, &MatchError::Over { hands: last });
    let mut v = value.clone();
    v["terms"]["hand_limit"] = json!(m.hands_played());
    refused(&v, &MatchError::Over { hands: m.hands_played() });

    // A dealer the history does not give: an eliminated seat.
    let mut v = value.clone();
    v["dealer"] = json!(out);
    if m.terms().first_dealer.is_none() {
        refused(&v, &MatchError::DealerOut { dealer: out });
    } else {
        refused(&v, &MatchError::DealerMismatch { dealer: Some(out), expected: m.dealer() });
    }

    // The pending hand is the game's own save, checked as every save is.
    let mut v = value.clone();
    assert!(v["hand"]["Rummy40"]["setup"]["stock"].is_string());
    v["hand"]["Rummy40"]["setup"]["stock"] = json!("");
    let err = load(&v).expect_err("a hand with cards missing");
    assert!(!err.contains("unknown field"), "{err}");

    // The frame: every field required (the hand too, even when null), no other field,
    // the save format's version.
    for field in ["hand", "dealer", "totals", "history", "terms", "config", "version"] {
        let mut v = value.clone();
        v.as_object_mut().expect("an object").remove(field);
        let err = load(&v).expect_err("a field left out");
        assert!(err.contains(field), "{field}: {err}");
    }
    let mut v = value.clone();
    v["notes"] = json!("hi");
    assert!(load(&v).expect_err("an unknown field").contains("notes"));
    let mut v = value;
    v["version"] = json!(2);
    assert!(load(&v).expect_err("another version").contains("save format version 2"));
}

#[test]
fn a_pending_hand_dealt_by_another_seat_is_refused() {
    // The hand was dealt by the match's dealer: a hand of another match, or of this one
    // at another hand, is not resumed as this one's, when written as a save or read.
    let (m, game, value) = eliminated_save();
    let dealer = m.dealer().expect("a hand is in progress");
    assert_eq!(game.dealt_by().and_then(|s| m.match_seat(s)), Some(dealer));
    let other_hand_seat = (0..m.in_play().len()).find(|&s| m.match_seat(s) != Some(dealer)).expect("two in");
    let other = m.match_seat(other_hand_seat).expect("in play");
    let config = Variant::Rummy40.config().with_max_restocks(Some(3));
    let seating = Seating::new(m.in_play().len()).with_dealer(other_hand_seat);
    let stray = AnyGame::deal(&config, seating, &mut ChaCha8Rng::seed_from_u64(9)).expect("deal");
    let wanted = MatchError::HandDealer { dealt_by: other, expected: Some(dealer) };
    assert_eq!(MatchSave::new(m.clone(), Some(stray.clone())).unwrap_err(), wanted);
    let mut v = value.clone();
    v["hand"] = serde_json::to_value(&stray).expect("serialize");
    refused(&v, &wanted);
    // The hand's own dealer edited (the game's save reads it, the seat to move saved
    // beside it): the match's check refuses it.
    let mut v = value.clone();
    assert_eq!(v["hand"]["Rummy40"]["setup"]["dealer"], json!(game.dealt_by().expect("a dealer")));
    v["hand"]["Rummy40"]["setup"]["dealer"] = json!(other_hand_seat);
    refused(&v, &MatchError::HandDealer { dealt_by: other, expected: Some(dealer) });
    // The match's dealer edited to the other seat still in.
    let mut v = value;
    v["dealer"] = json!(other);
    if m.terms().first_dealer.is_none() {
        refused(&v, &MatchError::HandDealer { dealt_by: dealer, expected: Some(other) });
    } else {
        refused(&v, &MatchError::DealerMismatch { dealer: Some(other), expected: Some(dealer) });
    }
}

#[test]
fn a_rummikub_hand_is_dealt_by_the_seat_before_its_starter() {
    // Rummikub has no dealer (RULES.md §1.2: the highest tile drawn starts); the match counts
    // the seat before the starter as the dealer, and a hand started by another seat is
    // not this match's pending hand.
    for variant in [Variant::Rummikub, Variant::Schmidt] {
        let config = variant.config();
        let mut m = Match::<AnyGame>::new(config.clone(), terms(variant, 3)).expect("terms");
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let game = m.next_hand(&mut rng).expect("deal");
        let dealer = m.dealer().expect("read off the hand");
        let starter = game.to_move().expect("on");
        assert_eq!(game.dealt_by(), Some((starter + SEATS - 1) % SEATS));
        assert_eq!(m.match_seat(game.dealt_by().expect("counted")), Some(dealer));
        let save = MatchSave::new(m.clone(), Some(game)).expect("its own hand");
        // The dealer read off the hand is saved with it: a save that drops it (the game
        // chooses the first dealer, so `null` is a dealer a match may hold) is refused.
        assert_eq!(m.terms().first_dealer, None, "Rummikub's session lets the game choose");
        let mut v = serde_json::to_value(&save).expect("serialize");
        v["dealer"] = Value::Null;
        refused(&v, &MatchError::HandDealer { dealt_by: dealer, expected: None });
        round_trip(save);
        for other in (0..SEATS).filter(|&s| s != dealer) {
            let stray =
                AnyGame::deal(&config, Seating::new(SEATS).with_dealer(other), &mut rng).expect("deal");
            assert_eq!(
                MatchSave::new(m.clone(), Some(stray)).unwrap_err(),
                MatchError::HandDealer { dealt_by: other, expected: Some(dealer) },
                "{variant}"
            );
        }
    }
}

/// RULES.md §1.2 step 5, §2.2 and §3.2: after a hand the deal (Rummikub: the start)
/// passes on round the table, so a save of a match that has played a hand with seats
/// still in names the next dealer. A save that names none would let the game choose
/// again at the next deal, breaking the rotation: refused in every game, also when the
/// game chose the first dealer itself. Before the first hand none need be named.
#[test]
fn rules_1_2_a_save_after_a_hand_without_its_dealer_is_refused() {
    for variant in VARIANTS {
        let config = variant.config().with_max_restocks(Some(3));
        for first in [None, Some(1)] {
            let mut terms = terms(variant, 5);
            terms.first_dealer = first;
            let fresh = Match::<AnyGame>::new(config.clone(), terms).expect("terms");
            let save =
                serde_json::to_value(MatchSave::new(fresh.clone(), None).expect("save")).expect("json");
            assert_eq!(save["dealer"], json!(first), "{variant}");
            assert_eq!(load(&save).map(|s| s.into_parts().0), Ok(fresh), "{variant}: no hand yet");

            let mut m = Match::<AnyGame>::new(config.clone(), terms).expect("terms");
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let mut bots = bots(variant, 5);
            let mut hand = m.next_hand(&mut rng).expect("deal");
            play_out(&mut m, &mut hand, &mut bots);
            m.record(&hand.outcome().expect("over")).expect("recorded");
            let dealer = m.dealer().expect("the deal passed on");
            let mut v = serde_json::to_value(MatchSave::new(m, None).expect("save")).expect("json");
            assert_eq!(v["dealer"], json!(dealer));
            v["dealer"] = Value::Null;
            let expected = match first {
                None => MatchError::DealerMissing { hands: 1 },
                Some(_) => MatchError::DealerMismatch { dealer: None, expected: Some(dealer) },
            };
            refused(&v, &expected);
        }
    }
}

/// A random small or extreme number, as an edit of a save might write.
fn number(rng: &mut ChaCha8Rng) -> Value {
    use rand::RngExt;
    match rng.random_range(0..6) {
        0 => json!(rng.random_range(-3..4)),
        1 => json!(rng.random_range(0..120)),
        2 => json!(i64::MAX),
        3 => json!(i64::MIN),
        4 => json!(u64::MAX),
        _ => json!(rng.random_range(0..8)),
    }
}

#[test]
fn an_edited_save_is_refused_or_is_a_match_that_saves_back_as_itself() {
    use rand::RngExt;
    // Random edits of the numbers of a real save: none panics, and a save that is read is
    // one a match writes (it saves back as the same JSON), with the totals the history
    // adds up to.
    let (_, _, value) = eliminated_save();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut read, mut refused_count) = (0, 0);
    for _ in 0..1_500 {
        let mut v = value.clone();
        for _ in 0..rng.random_range(1..4) {
            let hands = v["history"].as_array().map_or(0, Vec::len);
            match rng.random_range(0..8) {
                0 if hands > 0 => {
                    let (h, s) = (rng.random_range(0..hands), rng.random_range(0..SEATS));
                    v["history"][h]["points"][s] = number(&mut rng);
                }
                1 if hands > 0 => {
                    let h = rng.random_range(0..hands);
                    let winners: Vec<Value> = (0..rng.random_range(0..3)).map(|_| number(&mut rng)).collect();
                    v["history"][h]["winners"] = json!(winners);
                }
                2 if hands > 0 => {
                    let entry = v["history"][rng.random_range(0..hands)].clone();
                    v["history"].as_array_mut().expect("a list").push(entry);
                }
                3 if hands > 0 => {
                    v["history"].as_array_mut().expect("a list").remove(rng.random_range(0..hands));
                }
                4 => v["totals"][rng.random_range(0..SEATS)] = number(&mut rng),
                5 => v["dealer"] = if rng.random_bool(0.2) { Value::Null } else { number(&mut rng) },
                6 => {
                    v["terms"]["hand_limit"] =
                        if rng.random_bool(0.3) { Value::Null } else { number(&mut rng) }
                }
                _ => v["terms"]["seats"] = number(&mut rng),
            }
        }
        match load(&v) {
            Err(_) => refused_count += 1,
            Ok(save) => {
                read += 1;
                assert_eq!(
                    serde_json::to_value(&save).expect("serialize"),
                    v,
                    "a save read is one a match writes"
                );
                let m = save.played();
                // Totals saturate as they add up, hand by hand.
                let sums: Vec<i64> = (0..m.seats())
                    .map(|s| m.history().iter().fold(0_i64, |t, o| t.saturating_add(o.points[s])))
                    .collect();
                assert_eq!(m.totals(), sums.as_slice());
            }
        }
    }
    // Both sides are reached: some edits keep a consistent match (a dealer still in,
    // a hand limit not yet met), most do not.
    assert!(read > 10 && refused_count > 500, "{read} read, {refused_count} refused");
}
