//! Match records: a recorded bot match replays to the identical final states
//! and scores, and a record that was tampered with is caught with the hand and action.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::RandomBot;
use rummykit::rummikub::{Action, Config as RummikubConfig, GreedyBot, Rummikub};
use rummykit::{
    Bot, DriverError, Game, MatchEnd, MatchRecord, MatchTerms, Players, ReplayError, record_match,
};

/// Records a match of `hands` hands between the given bots, and keeps the final state of
/// every hand as it was played.
fn record<G: Game>(
    setup: MatchRecord<G>,
    bots: &mut [&mut dyn Bot<G>],
) -> (MatchRecord<G>, Vec<G>, Vec<i64>) {
    struct Keep<'a, 'b, G: Game> {
        bots: &'a mut [&'b mut dyn Bot<G>],
        finals: Vec<G>,
    }
    impl<G: Game> Players<G> for Keep<'_, '_, G> {
        fn act(&mut self, view: &G::View, seat: usize, hand_seat: usize) -> Option<G::Action> {
            self.bots.act(view, seat, hand_seat)
        }
        fn hand_over(&mut self, game: &G, _: &rummykit::Outcome, _: &rummykit::Match<G>) {
            self.finals.push(game.clone());
        }
    }
    let seed = setup.seed;
    let mut keep = Keep { bots, finals: Vec::new() };
    let (record, played) = record_match(setup, &mut keep, &mut ChaCha8Rng::seed_from_u64(seed), 100_000)
        .expect("bots play legally");
    (record, keep.finals, played.totals().to_vec())
}

fn rummikub_match(
    rules: RummikubConfig,
    name: &str,
    seed: u64,
) -> (MatchRecord<Rummikub>, Vec<Rummikub>, Vec<i64>) {
    let setup = MatchRecord::new(name, rules, MatchTerms::new(3).with_end(MatchEnd::FixedHands(3)), seed);
    let (mut a, mut b, mut c) =
        (GreedyBot::new(), RandomBot::new(ChaCha8Rng::seed_from_u64(seed + 1)), GreedyBot::new());
    record(setup, &mut [&mut a, &mut b, &mut c])
}

#[test]
fn rummikub_match_replays_to_identical_final_states_and_scores() {
    for (rules, name) in [(RummikubConfig::STANDARD, "rummikub"), (RummikubConfig::SCHMIDT, "schmidt")] {
        let (record, finals, totals) = rummikub_match(rules, name, 17);
        assert_eq!(record.game, name);
        assert_eq!(record.hands.len(), 3);
        assert_eq!(record.totals, totals);
        let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect("replays");
        assert_eq!(replayed.finals, finals, "{name}: the same final states");
        assert_eq!(replayed.totals, totals, "{name}: the same scores");
        for (hand, fin) in record.hands.iter().zip(&finals) {
            assert_eq!(hand.replay().expect("the hand replays from its recorded deal"), *fin);
            assert_eq!(fin.outcome().as_ref(), Some(&hand.outcome));
        }
    }
}

#[test]
fn tampered_records_are_caught() {
    let (record, _, _) = rummikub_match(RummikubConfig::STANDARD, "rummikub", 23);
    let rng = || ChaCha8Rng::seed_from_u64(record.seed);

    // Another seed deals other tiles.
    let r = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed + 1));
    assert_eq!(r.unwrap_err(), ReplayError::DealMismatch { hand: 0 });

    // An action the game refuses: a pass while the pool holds tiles (RULES.md §1.3).
    let mut bad = record.clone();
    bad.hands[1].actions[0] = Action::Pass;
    assert!(matches!(bad.replay(&mut rng()), Err(ReplayError::IllegalAction { hand: 1, index: 0, .. })));

    // A hand cut short is not over; a hand with an extra action was over before it.
    let mut short = record.clone();
    short.hands[0].actions.pop();
    let n = short.hands[0].actions.len();
    assert_eq!(short.replay(&mut rng()).unwrap_err(), ReplayError::NotOver { hand: 0, actions: n });
    let mut long = record.clone();
    long.hands[2].actions.push(Action::Draw);
    assert_eq!(
        long.replay(&mut rng()).unwrap_err(),
        ReplayError::NotOver { hand: 2, actions: n_of(&record, 2) }
    );

    // Another recorded outcome, other totals, a missing hand, a match that cannot start.
    let mut outcome = record.clone();
    outcome.hands[0].outcome.points[0] += 1;
    assert_eq!(outcome.replay(&mut rng()).unwrap_err(), ReplayError::OutcomeMismatch { hand: 0 });
    let mut totals = record.clone();
    totals.totals[1] -= 5;
    assert_eq!(totals.replay(&mut rng()).unwrap_err(), ReplayError::TotalsMismatch);
    let mut missing = record.clone();
    missing.hands.pop();
    assert_eq!(missing.replay(&mut rng()).unwrap_err(), ReplayError::MatchNotOver { hands: 2 });
    let mut no_seats = record.clone();
    no_seats.terms.seats = 0;
    assert!(matches!(no_seats.replay(&mut rng()), Err(ReplayError::Match(_))));
}

fn n_of(record: &MatchRecord<Rummikub>, hand: usize) -> usize {
    record.hands[hand].actions.len()
}

#[test]
fn the_driver_reports_illegal_actions_and_stops() {
    /// Always passes: refused while the pool holds tiles.
    struct Passer;
    impl Bot<Rummikub> for Passer {
        fn name(&self) -> &str {
            "passer"
        }
        fn act(&mut self, _: &rummykit::rummikub::View) -> Action {
            Action::Pass
        }
    }
    let setup = MatchRecord::<Rummikub>::new(
        "rummikub",
        RummikubConfig::STANDARD,
        MatchTerms::new(2).with_first_dealer(1),
        1,
    );
    let (mut a, mut b) = (Passer, Passer);
    let mut bots: [&mut dyn Bot<Rummikub>; 2] = [&mut a, &mut b];
    let err = record_match(setup, &mut bots, &mut ChaCha8Rng::seed_from_u64(1), 100).unwrap_err();
    assert!(matches!(err, DriverError::IllegalAction { hand: 0, seat: 0, .. }), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn a_rummikub_record_survives_json() {
    let (record, finals, _) = rummikub_match(RummikubConfig::STANDARD, "rummikub", 31);
    let text = serde_json::to_string(&record).expect("serializes");
    let back: MatchRecord<Rummikub> = serde_json::from_str(&text).expect("deserializes, re-validated");
    assert_eq!(back, record);
    assert_eq!(back.replay(&mut ChaCha8Rng::seed_from_u64(back.seed)).unwrap().finals, finals);
}

#[test]
fn card_game_matches_replay_to_identical_final_states_and_scores() {
    use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
    use rummykit::rummy40::{Config, Rummy40};
    for (config, name) in [(Config::RUMMY40, "rummy40"), (Config::SCALA40, "scala40")] {
        let setup = MatchRecord::<Rummy40>::new(
            name,
            config,
            MatchTerms::new(4).with_first_dealer(0).with_end(MatchEnd::FixedHands(2)),
            5,
        );
        let mut bots: Vec<rummykit::RandomBot<ChaCha8Rng>> =
            (0..4).map(|s| rummykit::RandomBot::new(ChaCha8Rng::seed_from_u64(s))).collect();
        let mut seated: Vec<&mut dyn Bot<Rummy40>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<Rummy40>).collect();
        let (record, finals, totals) = record(setup, &mut seated);
        let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect("replays");
        assert_eq!(replayed.finals, finals, "{name}");
        assert_eq!(replayed.totals, totals, "{name}");
    }
    let config = ClassicConfig::STANDARD;
    let terms = MatchTerms::new(3).with_end(MatchEnd::TargetScore(100)).with_hand_limit(20);
    let setup = MatchRecord::<ClassicRummy>::new("classic", config, terms, 9);
    let mut bots: Vec<rummykit::RandomBot<ChaCha8Rng>> =
        (0..3).map(|s| rummykit::RandomBot::new(ChaCha8Rng::seed_from_u64(s))).collect();
    let mut seated: Vec<&mut dyn Bot<ClassicRummy>> =
        bots.iter_mut().map(|b| b as &mut dyn Bot<ClassicRummy>).collect();
    let (record, finals, totals) = record(setup, &mut seated);
    assert!(!record.hands.is_empty());
    let replayed = record.replay(&mut ChaCha8Rng::seed_from_u64(record.seed)).expect("replays");
    assert_eq!(replayed.finals, finals);
    assert_eq!(replayed.totals, totals);
}

/// Bots wrapped to try a refused action first, to stop, or to play on.
struct Scripted<'a> {
    inner: &'a mut dyn Bot<Rummikub>,
    /// Before each real action, offer this refused one (once per turn) and ask again.
    pass_first: bool,
    /// Stop (return `None`) after this many actions.
    stop_after: Option<usize>,
    acted: usize,
    refusals: usize,
    pending_retry: bool,
}

impl Players<Rummikub> for Scripted<'_> {
    fn act(&mut self, view: &rummykit::rummikub::View, _seat: usize, _hand_seat: usize) -> Option<Action> {
        if self.stop_after.is_some_and(|n| self.acted >= n) {
            return None;
        }
        if self.pass_first && !self.pending_retry && view.pool > 0 {
            self.pending_retry = true;
            return Some(Action::Pass); // refused: the pool is not empty (RULES.md §1.3)
        }
        self.pending_retry = false;
        self.acted += 1;
        Some(self.inner.act(view))
    }
    fn refused(
        &mut self,
        _: &rummykit::rummikub::View,
        _: usize,
        _: &rummykit::rummikub::ActionError,
    ) -> bool {
        self.refusals += 1;
        true
    }
}

fn setup(seed: u64) -> MatchRecord<Rummikub> {
    MatchRecord::new("rummikub", RummikubConfig::STANDARD, MatchTerms::new(2).with_first_dealer(0), seed)
}

#[test]
fn refused_actions_can_be_asked_again_and_are_not_recorded() {
    let mut greedy = GreedyBot::new();
    let mut players = Scripted {
        inner: &mut greedy,
        pass_first: true,
        stop_after: None,
        acted: 0,
        refusals: 0,
        pending_retry: false,
    };
    let (record, _) =
        record_match(setup(3), &mut players, &mut ChaCha8Rng::seed_from_u64(3), 10_000).unwrap();
    assert!(players.refusals > 0);
    assert_eq!(record.hands[0].actions.len(), players.acted, "only accepted actions are recorded");
    record.replay(&mut ChaCha8Rng::seed_from_u64(3)).expect("replays");
}

#[test]
fn the_driver_stops_on_request_on_long_hands_and_on_bad_setups() {
    let mut greedy = GreedyBot::new();
    let mut players = Scripted {
        inner: &mut greedy,
        pass_first: false,
        stop_after: Some(3),
        acted: 0,
        refusals: 0,
        pending_retry: false,
    };
    let err = record_match(setup(4), &mut players, &mut ChaCha8Rng::seed_from_u64(4), 10_000).unwrap_err();
    // Seat 1 starts (dealer 0); after its, seat 0's and its own action, seat 0 stops.
    assert_eq!(err, DriverError::Stopped { seat: 0 }, "{err}");

    let mut greedy = GreedyBot::new();
    let mut players = Scripted {
        inner: &mut greedy,
        pass_first: false,
        stop_after: None,
        acted: 0,
        refusals: 0,
        pending_retry: false,
    };
    let err = record_match(setup(4), &mut players, &mut ChaCha8Rng::seed_from_u64(4), 5).unwrap_err();
    assert_eq!(err, DriverError::TooLong { hand: 0, actions: 5 });

    // Five players do not fit the 106-tile set (RULES.md §1.1): the match refuses them.
    let mut five = setup(4);
    five.terms.seats = 5;
    five.totals = vec![0; 5];
    let err = record_match(five, &mut players, &mut ChaCha8Rng::seed_from_u64(4), 10_000).unwrap_err();
    assert_eq!(err, DriverError::Match(rummykit::MatchError::PlayerCount { seats: 5, min: 2, max: 4 }));
    // No seats at all: the match itself refuses the terms.
    let mut none = setup(4);
    none.terms.seats = 0;
    let err = record_match(none, &mut players, &mut ChaCha8Rng::seed_from_u64(4), 10_000).unwrap_err();
    assert_eq!(err, DriverError::Match(rummykit::MatchError::NoSeats));
}

#[cfg(feature = "serde")]
#[test]
fn card_game_records_survive_json() {
    use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
    use rummykit::rummy40::{Config, Rummy40};
    let setup =
        MatchRecord::<Rummy40>::new("scala40", Config::SCALA40, MatchTerms::new(3).with_first_dealer(0), 8);
    let mut bots: Vec<rummykit::RandomBot<ChaCha8Rng>> =
        (0..3).map(|s| rummykit::RandomBot::new(ChaCha8Rng::seed_from_u64(s))).collect();
    let mut seated: Vec<&mut dyn Bot<Rummy40>> =
        bots.iter_mut().map(|b| b as &mut dyn Bot<Rummy40>).collect();
    let (played, finals, _) = record(setup, &mut seated);
    let back: MatchRecord<Rummy40> = serde_json::from_str(&serde_json::to_string(&played).unwrap()).unwrap();
    assert_eq!(back, played);
    assert_eq!(back.replay(&mut ChaCha8Rng::seed_from_u64(back.seed)).unwrap().finals, finals);

    let config = ClassicConfig::STANDARD
        .with_max_restocks(Some(rummykit::classic::RESTOCK_CAP))
        .with_game_end(MatchEnd::SingleHand);
    let setup =
        MatchRecord::<ClassicRummy>::new("classic", config, MatchTerms::new(2).with_first_dealer(1), 2);
    let mut bots: Vec<rummykit::RandomBot<ChaCha8Rng>> =
        (0..2).map(|s| rummykit::RandomBot::new(ChaCha8Rng::seed_from_u64(s))).collect();
    let mut seated: Vec<&mut dyn Bot<ClassicRummy>> =
        bots.iter_mut().map(|b| b as &mut dyn Bot<ClassicRummy>).collect();
    let (played, finals, _) = record(setup, &mut seated);
    let back: MatchRecord<ClassicRummy> =
        serde_json::from_str(&serde_json::to_string(&played).unwrap()).unwrap();
    assert_eq!(back, played);
    assert_eq!(back.replay(&mut ChaCha8Rng::seed_from_u64(back.seed)).unwrap().finals, finals);
}
