//! Seeded random playouts through core's conformance harness, over random
//! configurations (proptest): `legal_actions` agrees with the check on every reachable
//! state, refused actions change nothing, cards are conserved, views hide what they
//! must, and every hand ends.

use proptest::prelude::*;
use rand::seq::IndexedRandom;
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, Action, ClassicRummy, Config, MeldLimit, Phase};
use rummykit_core::conformance::{self, Candidate, Conformance, Place, Plan};
use rummykit_core::{
    Card, Catalog, Face, Game, MeldId, MeldKind, PieceId, PieceSet, Redeal, Seat, Seating, hand_melds,
};

const DECK: Catalog<Card> = Catalog::<Card>::DECK;

struct Classic;

fn tokens(set: PieceSet) -> Vec<usize> {
    set.iter().map(|id| usize::from(id.index())).collect()
}

impl Conformance for Classic {
    type Game = ClassicRummy;

    fn inventory(&self, _: &ClassicRummy) -> Vec<u32> {
        vec![1; 52]
    }

    fn census(&self, g: &ClassicRummy) -> Vec<Place> {
        let mut places: Vec<Place> =
            (0..g.seats()).map(|s| Place::new(format!("hand {s}"), tokens(g.hand(s).unwrap()))).collect();
        places
            .push(Place::new("stock", g.piles().stock().iter().map(|id| usize::from(id.index())).collect()));
        places.push(Place::new(
            "discard pile",
            g.piles().discard_pile().iter().map(|id| usize::from(id.index())).collect(),
        ));
        for m in g.table().melds() {
            places.push(Place::new(
                format!("meld {}", m.id()),
                m.pieces().iter().map(|id| usize::from(id.index())).collect(),
            ));
        }
        places
    }

    fn token_name(&self, _: &ClassicRummy, token: usize) -> String {
        PieceId::new(token as u8).and_then(|id| DECK.face(id)).map_or(format!("#{token}"), |c| c.to_string())
    }

    fn candidates<R: Rng + ?Sized>(&self, g: &ClassicRummy, rng: &mut R) -> Vec<Candidate<Action>> {
        let mut out = vec![Candidate::unknown(Action::DrawStock), Candidate::unknown(Action::TakeDiscard)];
        let Some(seat) = g.to_move() else { return out };
        let hand = g.hand(seat).unwrap();
        let ids: Vec<PieceId> = hand.iter().collect();
        let any = |rng: &mut R| PieceId::new(rng.random_range(0..52u8)).unwrap();
        for _ in 0..3 {
            out.push(Candidate::unknown(Action::Discard(any(rng))));
        }
        for &c in &ids {
            out.push(Candidate::unknown(Action::Discard(c)));
            for m in g.table().melds() {
                out.push(Candidate::unknown(Action::LayOff { piece: c, onto: m.id() }));
            }
            out.push(Candidate::unknown(Action::LayOff { piece: c, onto: MeldId::new(999) }));
        }
        // Every meld in the hand, whatever the limit and the guard say.
        let faces: Vec<Card> = ids.iter().map(|&id| DECK.face(id).unwrap()).collect();
        let config = g.config();
        for m in hand_melds(&faces, &config.meld_rules()).unwrap() {
            out.push(Candidate::unknown(Action::Meld(m.select(&ids).copied().collect())));
        }
        // Random subsets, some with a card from elsewhere.
        for k in 0..6 {
            let n = rng.random_range(0..=ids.len().min(5));
            let mut set: PieceSet = ids.sample(rng, n).copied().collect();
            if k == 0 {
                set.insert(any(rng));
            }
            out.push(Candidate::unknown(Action::Meld(set)));
        }
        out
    }

    fn playout_action<R: Rng + ?Sized>(&self, g: &ClassicRummy, rng: &mut R) -> Option<Action> {
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let mut sorted = legal.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted.len(), legal.len(), "duplicate legal actions");
        // Prefer melds and lay-offs, so that hands are won as well as voided.
        let plays: Vec<Action> =
            legal.iter().copied().filter(|a| matches!(a, Action::Meld(_) | Action::LayOff { .. })).collect();
        if !plays.is_empty() && rng.random_bool(0.8) {
            return plays.choose(rng).copied();
        }
        legal.choose(rng).copied()
    }

    fn permute_hidden<R: Rng + ?Sized>(
        &self,
        g: &ClassicRummy,
        seat: Seat,
        rng: &mut R,
    ) -> Option<ClassicRummy> {
        Some(g.redeal(seat, rng))
    }

    #[cfg(feature = "serde")]
    fn round_trip(&self, g: &ClassicRummy) -> Option<Result<ClassicRummy, String>> {
        let json = match serde_json::to_string(g) {
            Ok(j) => j,
            Err(e) => return Some(Err(e.to_string())),
        };
        Some(serde_json::from_str(&json).map_err(|e| e.to_string()))
    }

    fn max_steps(&self, g: &ClassicRummy) -> usize {
        // Not a bound of the rules (taking the discard back and forth can go on forever):
        // a generous limit for these random playouts with a restock cap.
        if g.config().max_restocks.is_some() { 4000 } else { 4000 * g.seats() }
    }

    /// RULES.md §2.5: with unlimited restocks (the default) no rule ends a hand in which
    /// nobody goes out, so a playout cut off at `max_steps` is counted as stalled.
    fn unbounded(&self, g: &ClassicRummy) -> bool {
        g.config().max_restocks.is_none()
    }
}

fn config_from(bits: u32) -> Config {
    let ace = [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner][(bits % 3) as usize];
    Config::STANDARD
        .with_ace(ace)
        .with_meld_limit(if bits & 4 != 0 { MeldLimit::Unlimited } else { MeldLimit::One })
        .with_layoff_requires_own_meld(bits & 8 != 0)
        .with_must_discard_to_go_out(bits & 16 != 0)
        .with_shuffle_on_restock(bits & 32 != 0)
        .with_going_rummy_double(bits & 64 == 0)
        .with_max_restocks(Some((bits >> 7) % 3))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn legal_actions_agree_with_the_check(seed in any::<u64>(), bits in any::<u32>(), seats in 2usize..=6) {
        let config = config_from(bits);
        let plan = Plan::new(1, seed).seating(Seating::new(seats)).view_every(7);
        let report = conformance::run::<Classic, ChaCha8Rng>(&Classic, &config, &plan);
        prop_assert!(report.is_ok(), "{}", report.unwrap_err());
    }
}

#[test]
fn seeded_playouts_every_player_count() {
    let games = conformance::games_from_env(6);
    let mut plan = Plan::new(games, 2026).view_every(5);
    for seats in 2..=6 {
        plan = plan.seating(Seating::new(seats));
    }
    let mut won = 0;
    for bits in [0, 4 | 8, 1 | 16 | 32, 2 | 4 | 64 | 128] {
        let report = conformance::run::<Classic, ChaCha8Rng>(&Classic, &config_from(bits), &plan);
        match report {
            Ok(r) => {
                eprintln!("{r}");
                won += r.games;
            }
            Err(v) => panic!("{v}"),
        }
    }
    assert_eq!(won, 4 * 5 * games);
}

#[test]
fn playouts_reach_won_hands_and_rummies() {
    // Random playouts do end in wins (not only void hands), so the scoring path is
    // exercised on reachable states.
    use rand::SeedableRng;
    let mut wins = 0;
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let config = config_from(4 | (2 << 7));
        let mut g = ClassicRummy::deal(&config, Seating::new(2), &mut rng).unwrap();
        let mut steps = 0;
        while g.to_move().is_some() && steps < 4000 {
            let a = Classic.playout_action(&g, &mut rng).unwrap();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
            steps += 1;
        }
        assert!(g.phase() == Phase::Over);
        if !g.outcome().unwrap().winners.is_empty() {
            wins += 1;
        }
    }
    assert!(wins > 10, "{wins} wins");
}

/// Where a meld of `cards` stands in the documented order of the melds: groups by rank,
/// larger sets of suits (as a bitmask) first; then runs by suit, by the lowest value they
/// can start at (an ace above a king is 14), by length.
fn meld_order(cards: &PieceSet, config: &Config) -> (u8, u8, u8, u8) {
    let faces: Vec<Card> = cards.iter().map(|id| DECK.face(id).unwrap()).collect();
    let number = |f: &Card| f.number().unwrap();
    let suits = faces.iter().fold(0u8, |b, f| b | 1 << f.suit_index().unwrap());
    if suits.count_ones() as usize == faces.len() && faces.iter().all(|f| number(f) == number(&faces[0])) {
        return (0, number(&faces[0]), u8::MAX - suits, 0);
    }
    let rules = config.meld_rules();
    let len = faces.len() as u8;
    let start = (1..=14u8)
        .find(|&start| {
            let mut run: Vec<Card> = Vec::new();
            for v in start..start + len {
                let n = (v - 1) % 13 + 1;
                run.extend(faces.iter().copied().find(|f| number(f) == n));
            }
            run.len() == faces.len() && rummykit_core::Meld::new(MeldKind::Run, &run, &rules).is_ok()
        })
        .unwrap();
    (1, faces[0].suit_index().unwrap(), start, len)
}

/// The obvious enumeration, kept as the reference for the fast one: every set that
/// `hand_melds` finds (first occurrence), every card onto every meld, every card as a
/// discard, each kept when the action check accepts it; in the documented order.
fn generate_and_check(g: &ClassicRummy) -> Vec<Action> {
    let Some(seat) = g.to_move() else { return Vec::new() };
    let mut candidates = Vec::new();
    if g.phase() == Phase::Draw {
        candidates.extend([Action::DrawStock, Action::TakeDiscard]);
    } else {
        let hand = g.hand(seat).unwrap();
        let ids: Vec<PieceId> = hand.iter().collect();
        let faces: Vec<Card> = ids.iter().map(|&id| DECK.face(id).unwrap()).collect();
        for m in hand_melds(&faces, &g.config().meld_rules()).unwrap() {
            let meld = Action::Meld(m.select(&ids).copied().collect());
            if !candidates.contains(&meld) {
                candidates.push(meld);
            }
        }
        candidates.sort_by_key(|a| match a {
            Action::Meld(cards) => meld_order(cards, g.config()),
            _ => unreachable!("only melds so far"),
        });
        for &card in &ids {
            candidates.extend(g.table().melds().iter().map(|m| Action::LayOff { piece: card, onto: m.id() }));
        }
        candidates.extend(ids.iter().map(|&c| Action::Discard(c)));
    }
    candidates.retain(|a| g.check(g.to_move().unwrap_or_default(), a).is_ok());
    candidates
}

/// `legal_actions` (which builds nothing on a copy of the table and checks only what
/// the table decides) gives exactly the generate-and-check list, in the same order, on
/// every state of random playouts over every combination of options (the ace modes, meld
/// limit, lay-off ban, discard to go out, restock cap) and every player count. On the
/// same states, a view refreshed in place (`view_into`, reused across seats, states and
/// hands) equals a fresh one.
#[test]
fn legal_actions_equal_generate_and_check_in_order() {
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let (mut states, mut plays) = (0, 0);
    let mut legal = Vec::new();
    let mut reused = ClassicRummy::deal(&config_from(0), Seating::new(6), &mut rng).unwrap().view(3);
    for bits in 0..(3 * 128) {
        let config = config_from(bits);
        let seats = 2 + bits as usize % 5;
        let mut g = ClassicRummy::deal(&config, Seating::new(seats), &mut rng).unwrap();
        let mut steps = 0;
        while g.to_move().is_some() && steps < 600 {
            g.legal_actions(&mut legal);
            assert_eq!(legal, generate_and_check(&g), "options {bits}, step {steps}");
            let seat = steps % seats;
            g.view_into(seat, &mut reused);
            assert_eq!(reused, g.view(seat), "options {bits}, step {steps}");
            states += 1;
            plays += legal.iter().filter(|a| matches!(a, Action::Meld(_) | Action::LayOff { .. })).count();
            let a = Classic.playout_action(&g, &mut rng).unwrap();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
            steps += 1;
        }
        g.view_into(0, &mut reused);
        assert_eq!(reused, g.view(0), "options {bits}, the end");
    }
    assert!(states > 10_000 && plays > 1_000, "{states} states, {plays} melds and lay-offs");
}

/// The big run, every preset at every player count:
/// `RUMMYKIT_CONFORMANCE_GAMES=2000 cargo test --release -p rummykit-classic --all-features
/// --test conformance -- --ignored --nocapture` plays 10,000 hands per preset.
#[test]
#[ignore = "long: thousands of hands per preset"]
fn conformance_big() {
    let games = conformance::games_from_env(200);
    for (name, config) in
        [("standard", Config::STANDARD), ("last card", Config::LAST_CARD), ("liberal", Config::LIBERAL)]
    {
        let mut plan = Plan::new(games, 30_000).view_every(5);
        for seats in 2..=6 {
            plan = plan.seating(Seating::new(seats));
        }
        match conformance::run::<Classic, ChaCha8Rng>(&Classic, &config, &plan) {
            Ok(r) => eprintln!("{name}: {r}"),
            Err(v) => panic!("{name}: {v}"),
        }
    }
}
