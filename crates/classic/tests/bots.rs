//! Bots play whole matches through core's `Match`, and the greedy bot beats random play.

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config, GreedyBot};
use rummykit_core::RandomBot;
use rummykit_core::{Bot, Game, Match, MatchEnd};

#[test]
fn greedy_beats_random_over_a_match() {
    let config = Config::STANDARD
        .with_max_restocks(Some(rummykit_classic::RESTOCK_CAP))
        .with_game_end(MatchEnd::FixedHands(30));
    let mut m =
        Match::<ClassicRummy>::new(config, ClassicRummy::default_terms(&config, 2).with_first_dealer(0))
            .unwrap();
    let mut greedy = GreedyBot::new();
    let mut random = RandomBot::new(ChaCha8Rng::seed_from_u64(1));
    let mut bots: [&mut dyn Bot<ClassicRummy>; 2] = [&mut greedy, &mut random];
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    m.play(&mut bots, &mut rng, 5000).unwrap();
    assert!(m.is_over());
    assert_eq!(m.hands_played(), 30);
    let totals = m.totals();
    assert!(totals[0] > totals[1], "greedy {} vs random {}", totals[0], totals[1]);
    assert_eq!(m.winners(), vec![0]);
}

#[test]
fn greedy_bots_finish_target_score_matches() {
    for seats in 2..=6 {
        let config = Config::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP));
        let terms = ClassicRummy::default_terms(&config, seats).with_hand_limit(200);
        let mut m = Match::<ClassicRummy>::new(config, terms).unwrap();
        let mut bots: Vec<GreedyBot> = vec![GreedyBot::new(); seats];
        let mut refs: Vec<&mut dyn Bot<ClassicRummy>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<ClassicRummy>).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        m.play(&mut refs, &mut rng, 5000).unwrap();
        assert!(m.is_over());
        assert!(m.totals().iter().any(|&t| t >= 100) || m.hands_played() == 200, "{seats} seats");
    }
}
