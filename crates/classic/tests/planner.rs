//! The planner bot acts only legally over many seeded hands with the engine's
//! greedy and random bots, under several configurations; and the strength report
//! (ignored, run by hand in release mode).

mod common;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot, PlannerBot, RESTOCK_CAP};
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

/// RULES §2.5 (`must_discard_to_go_out`): a hand of three cards that draws a fourth
/// making them all one meld goes out by melding three and discarding the fourth (the
/// whole meld may not be laid down: no discard would be left). Both bots used to
/// discard from it instead (its least deadwood 0 made melding all but one card look
/// worse) and went on drawing; under the default rules they meld all four.
#[test]
fn rules_2_5_both_bots_go_out_by_melding_all_but_the_card_they_discard() {
    use rummykit_core::Game;
    for config in [Config::LAST_CARD, Config::STANDARD] {
        for (hand, drawn) in [("5h 6h 7h", "8h"), ("5h 5s 5d", "5c"), ("9h Th Jh", "Qh"), ("Ac 2c 3c", "4c")]
        {
            for kind in ["planner", "greedy"] {
                let mut game = common::scripted(&config, 1, &[hand, "2s 3d 4h 9s Kd"], drawn, "Kc");
                let mut bot = bot(kind, 0);
                let mut actions = 0;
                while game.to_move() == Some(0) && actions < 10 {
                    let action = bot.act(&game.view(0));
                    game.apply(0, action).unwrap_or_else(|e| panic!("{kind}: {action:?} refused: {e}"));
                    actions += 1;
                }
                assert!(
                    game.outcome().is_some() && game.hand(0).is_some_and(|h| h.is_empty()),
                    "{kind}, {hand} + {drawn}, must discard {}: did not go out",
                    config.must_discard_to_go_out
                );
            }
        }
    }
}

/// RULES §2.5 (`max_restocks`): with a restock cap every hand between the shipped bots
/// ends, for every mix of two to six seats, under the standard rules and with a final
/// discard: a take of the discard never starts a cycle that skips the stock. Measured
/// over 1,000 hands a mix, the longest took 313 actions (a random bot's).
#[test]
fn rules_2_5_bot_hands_end_within_a_bound_with_a_restock_cap() {
    use rummykit_core::{Game, Seating, play_hand};
    let mixes = ["pp", "gg", "pg", "pr", "gr", "pgr", "pppp", "pgrp", "ppppp", "pgpgpg"];
    for config in [Config::STANDARD, Config::LAST_CARD].map(|c| c.with_max_restocks(Some(RESTOCK_CAP))) {
        let config = config.with_game_end(MatchEnd::SingleHand);
        for mix in mixes {
            let kinds: Vec<&str> = mix
                .chars()
                .map(|k| match k {
                    'p' => "planner",
                    'g' => "greedy",
                    _ => "random",
                })
                .collect();
            for seed in 0..40 {
                let mut rng = ChaCha8Rng::seed_from_u64(9_000 + seed);
                let mut game = ClassicRummy::deal(&config, Seating::new(kinds.len()), &mut rng).unwrap();
                let mut bots: Vec<Box<dyn Bot<ClassicRummy>>> =
                    kinds.iter().enumerate().map(|(i, k)| bot(k, seed * 10 + i as u64)).collect();
                let mut refs: Vec<&mut dyn Bot<ClassicRummy>> =
                    bots.iter_mut().map(|b| b.as_mut() as &mut dyn Bot<ClassicRummy>).collect();
                let played = play_hand(&mut game, refs.as_mut_slice(), 400);
                assert!(
                    played.is_ok(),
                    "{mix}, seed {seed}, must discard {}: {played:?}",
                    config.must_discard_to_go_out
                );
            }
        }
    }
}
