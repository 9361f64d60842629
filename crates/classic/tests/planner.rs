//! The planner bot acts only legally over many seeded hands with the engine's
//! greedy and random bots, under several configurations; and the strength report
//! (ignored, run by hand in release mode).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot, PlannerBot};
use rummykit_core::RandomBot;
use rummykit_core::{Bot, MatchEnd, TournamentPlan, tournament};

const MAX_ACTIONS: usize = 100_000;

/// A bot of `kind`, seeded (the tournament builds one per seat and hand).
fn bot(kind: &str, seed: u64) -> Box<dyn Bot<ClassicRummy>> {
    match kind {
        "planner" => Box::new(PlannerBot::new()),
        "greedy" => Box::new(GreedyBot::new()),
        _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed))),
    }
}

fn plan(seats: usize, hands: usize, seed: u64) -> TournamentPlan {
    TournamentPlan::new(seats, hands, seed).with_max_actions(MAX_ACTIONS).with_threads(2)
}

fn run(config: Config, kinds: &[&str], hands: usize, seed: u64) {
    let standings =
        tournament::<ClassicRummy>(&config, &plan(kinds.len(), hands, seed), |e, s| bot(kinds[e], s), |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(standings.hands(), hands);
}

#[test]
fn planner_plays_legally_rules_2_3_to_2_6() {
    let config = Config::STANDARD
        .with_max_restocks(Some(rummykit_classic::RESTOCK_CAP))
        .with_game_end(MatchEnd::SingleHand);
    run(config, &["planner", "greedy", "random"], 200, 10);
    run(config, &["planner", "planner"], 200, 11);
}

#[test]
fn planner_plays_legally_under_the_variants_2_7() {
    for (i, config) in [
        Config::LAST_CARD.with_game_end(MatchEnd::SingleHand),
        Config::LIBERAL.with_game_end(MatchEnd::SingleHand),
    ]
    .into_iter()
    .map(|mut c| {
        c.max_restocks = Some(2);
        c
    })
    .enumerate()
    {
        run(config, &["planner", "greedy", "random", "planner"], 100, 20 + i as u64);
    }
}

/// Strength comparisons for the report:
/// `cargo test --release -p rummykit-classic --test planner -- --ignored --nocapture`.
/// `BOTS_GAMES` sets the number of hands (default 1,000), `BOTS_MIX` which pairings.
#[test]
#[ignore = "long: run in release mode for the strength figures"]
fn strength_report() {
    let hands: usize = std::env::var("BOTS_GAMES").ok().and_then(|s| s.parse().ok()).unwrap_or(1_000);
    let which = std::env::var("BOTS_MIX").unwrap_or_else(|_| "gr,pg,pr,rr".into());
    // At most two restocks (RULES.md §2.5's recommendation): two careful players can
    // otherwise cycle the unshuffled stock for ever.
    let config = Config::STANDARD
        .with_max_restocks(Some(rummykit_classic::RESTOCK_CAP))
        .with_game_end(MatchEnd::SingleHand);
    let report = |label: &str, kinds: [&str; 2]| {
        let start = std::time::Instant::now();
        let s = tournament::<ClassicRummy>(&config, &plan(2, hands, 2026), |e, s| bot(kinds[e], s), |_| {})
            .unwrap();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{label}: {s}  advantage of {} over {}: {:.2} points/hand\n  {:.1} hands/s, {:.1} actions/hand",
            s.names()[0],
            s.names()[1],
            s.advantage(0, 1),
            hands as f64 / secs,
            s.actions() as f64 / hands as f64
        );
    };
    for (key, label, kinds) in [
        ("rr", "random vs random", ["random", "random"]),
        ("gr", "greedy vs random", ["greedy", "random"]),
        ("pg", "planner vs greedy", ["planner", "greedy"]),
        ("pr", "planner vs random", ["planner", "random"]),
    ] {
        if which.contains(key) {
            report(label, kinds);
        }
    }
}

/// A view whose hand no game could hold (more than the largest deal and a draw,
/// `RULES.md` §2.2, or an id not of the deck) gets the first legal action at once; a
/// hand of 11 cards of the deck is still planned (not always the first action).
#[test]
fn rules_2_2_a_hand_no_game_could_hold_gets_the_first_legal_action() {
    use rummykit_core::{Game, PieceId, Seating};
    let mut planned_otherwise = 0;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game =
            ClassicRummy::deal(&Config::STANDARD, Seating::new(2).with_dealer(0), &mut rng).unwrap();
        game.apply(1, rummykit_classic::Action::DrawStock).unwrap();
        let mut legal = Vec::new();
        let view = game.view(1);
        assert_eq!(view.hand.len(), 11);
        view.legal_actions(&mut legal);
        planned_otherwise += usize::from(PlannerBot::new().act(&view) != legal[0]);
        for hand in [0..40, 0..52, 40..60, 45..56] {
            let mut edited = game.view(1);
            edited.common.hand = hand.clone().filter_map(PieceId::new).collect();
            edited.legal_actions(&mut legal);
            assert_eq!(PlannerBot::new().act(&edited), legal[0], "hand {hand:?}");
        }
    }
    assert!(planned_otherwise > 0);
}

/// A view built or edited elsewhere may name a seat that is not at the table (RULES.md
/// §2.1: two to six seats); the planner still answers with an action the view lists,
/// where counting the next seat round the table from `usize::MAX` overflowed.
#[test]
fn rules_2_1_a_view_of_a_seat_past_the_table_still_gets_a_listed_action() {
    use rummykit_core::{Game, Seating};
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game =
            ClassicRummy::deal(&Config::STANDARD, Seating::new(3).with_dealer(0), &mut rng).unwrap();
        // The play phase: the planner weighs its discards, and the seat after its own.
        game.apply(1, rummykit_classic::Action::DrawStock).unwrap();
        let mut legal = Vec::new();
        for seat in [3, 7, usize::MAX] {
            // The seat named, and named to move: the view lists the mover's actions.
            let mut edited = game.view(1);
            edited.common.seat = seat;
            edited.common.to_move = Some(seat);
            edited.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "seat {seat}: nothing listed");
            let action = PlannerBot::new().act(&edited);
            assert!(legal.contains(&action), "seat {seat}: {action:?} is not listed");
        }
    }
}
