//! [`LegalActions`] (counted, each action built on demand) lists exactly what
//! `View::legal_actions` lists, in the same order, on hands played by random bots under
//! options that change what is legal.

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, Seating};
mod common;

use rummykit_rummy40::{Action, LegalActions, Rummy40};

#[test]
fn counted_list_agrees_with_the_full_list_on_random_bot_hands() {
    let configs = common::option_sets();
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let mut full = Vec::new();
    // Reused throughout: stale entries must not leak from one state into the next.
    let mut counted = LegalActions::new();
    let (mut states, mut listed, mut openings, mut melds, mut ended) =
        (0usize, 0usize, 0usize, 0usize, 0usize);
    for game_no in 0..72 {
        let config = configs[game_no % configs.len()];
        let seats = 2 + game_no % 3;
        let mut g = Rummy40::deal(&config, Seating::new(seats), &mut rng).unwrap();
        // At most 400 actions a hand: random play may restock for long.
        for _ in 0..400 {
            let Some(seat) = g.to_move() else { break };
            let view = g.view(seat);
            view.legal_actions(&mut full);
            counted.fill(&view);
            assert_eq!(counted.len(), full.len(), "config {config:?}, state {g:?}");
            assert_eq!(counted.is_empty(), full.is_empty());
            for (k, a) in full.iter().enumerate() {
                assert_eq!(counted.get(k).as_ref(), Some(a), "action {k}, config {config:?}, state {g:?}");
            }
            assert_eq!(counted.get(full.len()), None);
            assert_eq!(counted.get(usize::MAX), None);
            // Another seat's view lists nothing.
            counted.fill(&g.view((seat + 1) % seats));
            assert!(counted.is_empty());
            assert_eq!(counted.get(0), None);
            states += 1;
            listed += full.len();
            openings += full
                .iter()
                .filter(|a| matches!(a, Action::Open { .. } | Action::TakeDiscardAndOpen { .. }))
                .count();
            melds += full.iter().filter(|a| matches!(a, Action::Meld(_))).count();
            let a = full.choose(&mut rng).unwrap().clone();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
        }
        if g.to_move().is_none() {
            // Once the hand is over, nothing is legal.
            counted.fill(&g.view(0));
            assert!(counted.is_empty());
            ended += 1;
        }
    }
    eprintln!("{states} states, {listed} actions, {openings} openings, {melds} melds, {ended} hands ended");
    assert!(ended > 10, "{ended} hands ended");
    assert!(states > 10_000, "{states} states");
    assert!(openings > 1_000 && melds > 100, "{openings} openings, {melds} melds");
}
