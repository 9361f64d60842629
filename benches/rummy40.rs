//! Rummy 40 hand analysis: best opening and least deadwood on seeded 14-card hands with jokers.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Card, PieceSet};
use rummykit_rummy40::{Config, analyze, best_opening, can_open};

/// Seeded 14-card hands (a dealt hand plus the drawn card) holding at least one joker.
fn hands(count: usize, jokers: usize) -> Vec<Vec<Card>> {
    let cat = rummykit_rummy40::RUMMY40_PACK;
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let mut out = Vec::new();
    while out.len() < count {
        let mut ids: Vec<_> = cat.ids().collect();
        ids.shuffle(&mut rng);
        let mut hand: Vec<Card> = ids
            .iter()
            .filter_map(|&id| cat.face(id))
            .filter(|c| *c != Card::JOKER)
            .take(14 - jokers)
            .collect();
        hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
        out.push(hand);
    }
    out
}

fn bench(c: &mut Criterion) {
    let config = Config::RUMMY40;
    for jokers in [1, 2] {
        let hands = hands(64, jokers);
        c.bench_function(&format!("rummy40/best_opening/14 cards, {jokers} jokers"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % hands.len();
                black_box(best_opening(black_box(&hands[i]), &config))
            })
        });
        c.bench_function(&format!("rummy40/can_open_40/14 cards, {jokers} jokers"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % hands.len();
                black_box(can_open(black_box(&hands[i]), 40, &config))
            })
        });
        // The same hands as ids of the pack, as a view holds them.
        let cat = rummykit_rummy40::RUMMY40_PACK;
        let sets: Vec<PieceSet> = hands
            .iter()
            .map(|hand| {
                let mut set = PieceSet::new();
                for &c in hand {
                    set.extend(cat.ids_of(c).find(|&id| !set.contains(id)));
                }
                set
            })
            .collect();
        c.bench_function(&format!("rummy40/least_deadwood/14 cards, {jokers} jokers"), |b| {
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % sets.len();
                black_box(analyze(black_box(&sets[i]), &config))
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
