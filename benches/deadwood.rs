//! Least-deadwood hand analysis (`rummykit_core::least_deadwood`): classic Rummy 10-card
//! hands (target ≤ 5 µs) and Rummy 40 14-card hands with jokers (target ≤ 20 µs).
//!
//! Each benchmark analyses a fixed batch of seeded hands; the reported time is per batch,
//! divided by the batch size in the group name.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::{AcePolicy, Card, Catalog, Face, MeldRules, PieceId, least_deadwood};

const BATCH: usize = 100;

fn classic_value(c: Card) -> u32 {
    c.number().map_or(15, |n| u32::from(n.min(10)))
}

fn rummy40_value(c: Card) -> u32 {
    match c.number() {
        None => 15,
        Some(1) => 11,
        Some(n) => u32::from(n.min(10)),
    }
}

/// Random hands of `n` cards; `jokers` of them jokers (when the catalog has them).
fn hands(catalog: &Catalog<Card>, n: usize, jokers: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let naturals: Vec<PieceId> = catalog.ids().filter(|&id| !catalog.face(id).unwrap().is_joker()).collect();
    (0..BATCH)
        .map(|_| {
            let mut ids = naturals.clone();
            ids.shuffle(&mut rng);
            let mut hand: Vec<Card> = ids[..n - jokers].iter().map(|&id| catalog.face(id).unwrap()).collect();
            hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
            hand.sort();
            hand
        })
        .collect()
}

/// Hands drawn from a narrow band of ranks and suits, so that many melds overlap.
fn dense_hands(catalog: &Catalog<Card>, n: usize, jokers: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..BATCH)
        .map(|k| {
            let lo = 1 + (k % 8) as u8;
            let mut ids: Vec<PieceId> = catalog
                .ids()
                .filter(|&id| {
                    let f = catalog.face(id).unwrap();
                    f.number().is_some_and(|x| x >= lo && x < lo + 5) && f.suit_index() < Some(3)
                })
                .collect();
            ids.shuffle(&mut rng);
            let mut hand: Vec<Card> = ids[..n - jokers].iter().map(|&id| catalog.face(id).unwrap()).collect();
            hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
            hand.sort();
            hand
        })
        .collect()
}

fn bench(c: &mut Criterion, name: &str, hands: &[Vec<Card>], rules: MeldRules, value: fn(Card) -> u32) {
    c.bench_function(&format!("{name}/{BATCH}_hands"), |b| {
        b.iter(|| {
            let mut total = 0;
            for hand in hands {
                total += least_deadwood(black_box(hand), &rules, value).map_or(0, |s| s.deadwood());
            }
            total
        })
    });
}

fn deadwood(c: &mut Criterion) {
    let deck = Catalog::<Card>::DECK;
    let r40 = rummykit_rummy40::RUMMY40_PACK;
    bench(c, "classic_10_random", &hands(&deck, 10, 0, 1), rummykit_classic::MELD_RULES, classic_value);
    bench(c, "classic_10_dense", &dense_hands(&deck, 10, 0, 2), rummykit_classic::MELD_RULES, classic_value);
    let wrap = rummykit_classic::MELD_RULES.with_ace(AcePolicy::RoundTheCorner);
    bench(c, "classic_10_dense_round_the_corner", &dense_hands(&deck, 10, 0, 3), wrap, classic_value);
    bench(
        c,
        "rummy40_14_random_2_jokers",
        &hands(&r40, 14, 2, 4),
        rummykit_rummy40::MELD_RULES,
        rummy40_value,
    );
    bench(
        c,
        "rummy40_14_dense_1_joker",
        &dense_hands(&r40, 14, 1, 5),
        rummykit_rummy40::MELD_RULES,
        rummy40_value,
    );
    bench(
        c,
        "rummy40_14_dense_2_jokers",
        &dense_hands(&r40, 14, 2, 6),
        rummykit_rummy40::MELD_RULES,
        rummy40_value,
    );
}

criterion_group!(benches, deadwood);
criterion_main!(benches);
