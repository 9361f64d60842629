//! Where a random-bot playout spends its time: the bench's hands (4 seats,
//! `Config::RUMMY40`, random bots seeded as in `benches/playout.rs`), with
//! `View::legal_actions` timed by phase and by whether the mover has opened.
//!
//! `cargo run --release -p rummykit-bench --bin profile_rummy40_playout -- [hands] [digest]`
//!
//! `digest`: also FNV-1a digests of every legal-action list (in order) and of the bench's
//! own playouts (`play_hand` with [`RandomBot`]s, actions and outcome), to check that a
//! change lists exactly the same actions and so plays exactly the same hands.

use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::RandomBot;
use rummykit_core::{Bot, Game, Seating, play_hand};
use rummykit_rummy40::{Config, Phase, Rummy40};

#[path = "common/digest.rs"]
mod digest;
use digest::Digest;

fn main() {
    let hands: u64 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(200);
    let with_digest = std::env::args().nth(2).is_some_and(|a| a == "digest");
    let mut lists = Digest::new();
    let mut time = [Duration::ZERO; 4];
    let mut calls = [0u64; 4];
    let mut listed = [0u64; 4];
    let mut actions = 0u64;
    let mut legal = Vec::new();
    let start = Instant::now();
    for i in 0..hands {
        let mut rng = ChaCha8Rng::seed_from_u64(i);
        let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(4), &mut rng).expect("deal");
        let mut bots: Vec<ChaCha8Rng> = (0..4).map(|s| ChaCha8Rng::seed_from_u64(i * 8 + s)).collect();
        // One view refreshed in place before every action, as core's `play_hand` does.
        let mut view = game.view(0);
        while let Some(seat) = game.to_move() {
            game.view_into(seat, &mut view);
            let k =
                usize::from(view.phase == Phase::Play) * 2 + usize::from(game.has_opened(seat) == Some(true));
            let t = Instant::now();
            view.legal_actions(&mut legal);
            time[k] += t.elapsed();
            calls[k] += 1;
            listed[k] += legal.len() as u64;
            if with_digest {
                lists.feed(&format!("{legal:?}"));
            }
            let j = bots[seat].random_range(0..legal.len());
            game.apply(seat, legal.swap_remove(j)).expect("legal");
            actions += 1;
        }
    }
    let total = start.elapsed();
    println!(
        "{hands} hands in {total:?}: {:.1} µs/hand, {:.1} actions/hand",
        total.as_secs_f64() * 1e6 / hands as f64,
        actions as f64 / hands as f64
    );
    if with_digest {
        let mut played = Digest::new();
        for i in 0..hands {
            let mut rng = ChaCha8Rng::seed_from_u64(i);
            let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(4), &mut rng).expect("deal");
            let mut bots: Vec<RandomBot<ChaCha8Rng>> =
                (0..4).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(i * 8 + s))).collect();
            let mut seated: Vec<&mut dyn Bot<Rummy40>> =
                bots.iter_mut().map(|b| b as &mut dyn Bot<Rummy40>).collect();
            let (outcome, actions) = play_hand(&mut game, &mut seated, 1_000_000).expect("legal play");
            played.feed(&format!("{actions:?}{outcome:?}"));
        }
        println!("digest of the legal lists {:016x}, of the bench's playouts {:016x}", lists.0, played.0);
    }
    for (k, name) in ["draw, unopened", "draw, opened", "play, unopened", "play, opened"].iter().enumerate() {
        println!(
            "{name:>15}: {:>7} calls, {:>6.1} actions listed/call, {:>8.2} µs/call, {:>5.1}% of the time",
            calls[k],
            listed[k] as f64 / calls[k].max(1) as f64,
            time[k].as_secs_f64() * 1e6 / calls[k].max(1) as f64,
            100.0 * time[k].as_secs_f64() / total.as_secs_f64()
        );
    }
}
