//! Hand analysis against a deliberately simple brute-force reference (`RULES.md` §3.5, §3.8).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{AnalysisError, Card, Face, HandAnalysis, Meld, MeldKind, PieceSet, parse_list};
use rummykit_rummy40::{
    Config, MAX_ANALYSED_HAND, SCALA40_PACK, analyze, best_opening, can_open, meld_value, melds_value,
};

fn cards(s: &str) -> Vec<Card> {
    parse_list(s).unwrap()
}

/// The hand as ids of the four-joker pack: each card the first copy of its face not yet
/// given.
fn ids(hand: &[Card]) -> PieceSet {
    let mut set = PieceSet::new();
    for &c in hand {
        let id = SCALA40_PACK.ids_of(c).find(|&id| !set.contains(id)).expect("copies left");
        set.insert(id);
    }
    set
}

/// [`best_opening`] of a small hand.
fn best(hand: &[Card], config: &Config) -> rummykit_rummy40::Opening {
    best_opening(hand, config).expect("a small hand")
}

/// [`analyze`] of the hand's faces.
fn analyze_faces(hand: &[Card], config: &Config) -> HandAnalysis {
    analyze(&ids(hand), config).expect("a small hand")
}

/// The faces of `set`.
fn faces(set: PieceSet) -> Vec<Card> {
    set.iter().filter_map(|id| SCALA40_PACK.face(id)).collect()
}

/// Every valid meld (by faces) that the multiset `hand` can supply.
fn all_melds(hand: &[Card], config: &Config) -> Vec<Meld<Card>> {
    let rules = config.meld_rules();
    let mut counts = [0u8; 53];
    for c in hand {
        counts[c.index() as usize] += 1;
    }
    let jokers = counts[52];
    let mut out: Vec<Meld<Card>> = Vec::new();
    let mut push = |m: Meld<Card>| {
        if !out.contains(&m) {
            out.push(m);
        }
    };
    // Groups: any subset of suits present plus jokers.
    for rank in 1..=13u8 {
        for mask in 1u8..16 {
            let faces: Vec<Card> =
                (0..4).filter(|s| mask & (1 << s) != 0).map(|s| Card::natural(s, rank).unwrap()).collect();
            if faces.iter().any(|f| counts[f.index() as usize] == 0) {
                continue;
            }
            for j in 0..=jokers {
                let mut list = faces.clone();
                list.extend(std::iter::repeat_n(Card::JOKER, j as usize));
                if let Ok(m) = Meld::new(MeldKind::Group, &list, &rules) {
                    push(m);
                }
            }
        }
    }
    // Runs: every window of values, each position natural (if held) or joker.
    for suit in 0..4u8 {
        for start in 1..=14u8 {
            for len in 3..=13u8 {
                if start + len - 1 > 14 {
                    break;
                }
                let mut lists: Vec<Vec<Card>> = vec![Vec::new()];
                for v in start..start + len {
                    let face = Card::natural(suit, if v == 14 { 1 } else { v }).unwrap();
                    let mut next = Vec::new();
                    for l in &lists {
                        let used_n = l.iter().filter(|&&c| c == face).count();
                        if (counts[face.index() as usize] as usize) > used_n {
                            let mut a = l.clone();
                            a.push(face);
                            next.push(a);
                        }
                        if l.iter().filter(|c| c.is_joker()).count() < jokers as usize {
                            let mut b = l.clone();
                            b.push(Card::JOKER);
                            next.push(b);
                        }
                    }
                    lists = next;
                }
                for l in lists {
                    if let Ok(m) = Meld::new(MeldKind::Run, &l, &rules) {
                        push(m);
                    }
                }
            }
        }
    }
    out
}

/// Brute force: the best total of `weight` over disjoint melds using at most `max_cards` cards.
fn brute(hand: &[Card], melds: &[Meld<Card>], max_cards: usize, weight: &dyn Fn(&Meld<Card>) -> u32) -> u32 {
    fn go(
        i: usize,
        counts: &mut [i32; 53],
        used: usize,
        max_cards: usize,
        melds: &[Meld<Card>],
        weight: &dyn Fn(&Meld<Card>) -> u32,
    ) -> u32 {
        let mut best = 0;
        for k in i..melds.len() {
            let m = &melds[k];
            if used + m.len() > max_cards {
                continue;
            }
            for f in m.faces() {
                counts[f.index() as usize] -= 1;
            }
            if counts.iter().all(|&c| c >= 0) {
                let v = weight(m) + go(k, counts, used + m.len(), max_cards, melds, weight);
                best = best.max(v);
            }
            for f in m.faces() {
                counts[f.index() as usize] += 1;
            }
        }
        best
    }
    let mut counts = [0i32; 53];
    for c in hand {
        counts[c.index() as usize] += 1;
    }
    go(0, &mut counts, 0, max_cards, melds, weight)
}

fn random_hand(rng: &mut ChaCha8Rng, n: usize, jokers: usize) -> Vec<Card> {
    // A narrow pool (two suits, a window of ranks plus the ace) so that hands hold melds.
    let lo = rng.random_range(1..=9u8);
    let suits = [rng.random_range(0..4u8), rng.random_range(0..4u8)];
    let mut pool: Vec<Card> = Vec::new();
    for s in [suits[0], suits[1], rng.random_range(0..4u8)] {
        for r in (lo..lo + 5).chain([1]) {
            let c = Card::natural(s, r).unwrap();
            pool.push(c);
            pool.push(c);
        }
    }
    let mut hand = Vec::new();
    while hand.len() < n - jokers.min(n) {
        let i = rng.random_range(0..pool.len());
        let c = pool.swap_remove(i);
        if hand.iter().filter(|&&h| h == c).count() < 2 {
            hand.push(c);
        }
    }
    hand.extend(std::iter::repeat_n(Card::JOKER, jokers.min(n)));
    hand
}

fn check_against_brute(config: &Config, seed: u64, cases: usize, max_jokers: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..cases {
        let n = rng.random_range(3..=9);
        let j = rng.random_range(0..=max_jokers.min(n));
        let hand = random_hand(&mut rng, n, j);
        let melds = all_melds(&hand, config);
        let open_ref = brute(&hand, &melds, n - 1, &|m| meld_value(m));
        let best = best_opening(&hand, config).expect("a small hand");
        assert_eq!(best.value, open_ref, "best opening of {hand:?}");
        assert_eq!(melds_value(&best.melds), best.value);
        assert!(best.melds.iter().map(Meld::len).sum::<usize>() < n);
        assert_eq!(can_open(&hand, open_ref.max(1), config), Ok(open_ref >= 1));
        assert_eq!(can_open(&hand, open_ref + 1, config), Ok(false));
        let pen = |m: &Meld<Card>| m.faces().iter().map(|&c| config.card_penalty(c)).sum::<u32>();
        let cover_ref = brute(&hand, &melds, n, &pen);
        let split = analyze_faces(&hand, config);
        assert_eq!(
            split.deadwood,
            config.penalty(hand.iter().copied(), true) - cover_ref,
            "deadwood of {hand:?}"
        );
        assert_eq!(config.penalty(faces(split.unmelded), true), split.deadwood);
        // A split of the hand's own ids: disjoint valid melds and the rest.
        assert!(split.melded().is_disjoint(&split.unmelded));
        assert_eq!(split.melded() | split.unmelded, ids(&hand));
        assert_eq!(split.unmelded.len() + split.melds.iter().map(|m| m.pieces.len()).sum::<usize>(), n);
        for m in &split.melds {
            let faces: Vec<Card> = m.pieces.iter().filter_map(|&id| SCALA40_PACK.face(id)).collect();
            assert!(Meld::new(m.kind, &faces, &config.meld_rules()).is_ok(), "{faces:?}");
        }
    }
}

#[test]
fn rules_3_5_best_opening_matches_brute_force() {
    check_against_brute(&Config::RUMMY40, 1, 300, 2);
}

#[test]
fn rules_3_4_ace_low_option_matches_brute_force() {
    let mut c = Config::SCALA40;
    c.joker_hand_penalty = 25;
    check_against_brute(&c, 2, 300, 2);
    check_against_brute(&c, 5, 60, 4);
}

#[test]
fn rules_3_4_joker_limits_match_brute_force() {
    for limit in [rummykit_core::JokerLimit::NotMoreThanNaturals, rummykit_core::JokerLimit::NoAdjacent] {
        let mut c = Config::RUMMY40;
        c.joker_limit = limit;
        // Hands of up to three jokers: the four-joker pack holds them.
        c.jokers = 4;
        check_against_brute(&c, 3, 150, 3);
    }
}

#[test]
fn rules_3_5_worked_example() {
    // ♥10-J-Q (30) + 4♣ 4♦ 4♠ (12) = 42 ≥ 40.
    let c = Config::RUMMY40;
    assert_eq!(best(&cards("Th Jh Qh 4c 4d 4s 9c"), &c).value, 42);
    // ♠Q-K-A = 31; ♣7 ♦7 joker = 21; together 52.
    assert_eq!(best(&cards("Qs Ks As 2d"), &c).value, 31);
    assert_eq!(best(&cards("7c 7d * 2d"), &c).value, 21);
    let both = best(&cards("Qs Ks As 7c 7d * 2d"), &c);
    assert_eq!(both.value, 52);
    assert_eq!(both.melds.len(), 2);
}

#[test]
fn rules_3_4_ace_only_high_by_default() {
    let c = Config::RUMMY40;
    assert_eq!(best(&cards("Ah 2h 3h 9c"), &c).value, 0);
    assert_eq!(best(&cards("Kh Ah 2h 9c"), &c).value, 0);
    // Under ace_low_in_runs the ace counts 1 in A-2-3.
    let mut low = Config::RUMMY40;
    low.ace_low_in_runs = true;
    assert_eq!(best(&cards("Ah 2h 3h 9c"), &low).value, 6);
    assert_eq!(best(&cards("Kh Ah 2h 9c"), &low).value, 0);
}

#[test]
fn rules_3_5_opening_keeps_a_card_for_the_discard() {
    // All three cards form a meld, but the opener must keep one to discard.
    assert_eq!(best(&cards("Qs Ks As"), &Config::RUMMY40).value, 0);
    // The least-deadwood split is the hand's shape: everything melds.
    assert_eq!(analyze_faces(&cards("Qs Ks As"), &Config::RUMMY40).deadwood, 0);
}

#[test]
fn rules_3_8_deadwood_counts_joker_penalty() {
    let split = analyze_faces(&cards("Ad * 9c"), &Config::RUMMY40);
    assert_eq!(split.deadwood, 35);
    assert!(split.melds.is_empty());
    assert_eq!(analyze_faces(&cards("Ad * 9c"), &Config::SCALA40).deadwood, 45);
}

#[test]
fn fourteen_card_hands_with_jokers() {
    // Larger hands: the search must agree with itself between can_open and best_opening.
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let hand = random_hand(&mut rng, 14, 2);
        let best = best(&hand, &Config::RUMMY40);
        assert_eq!(can_open(&hand, best.value.max(1), &Config::RUMMY40), Ok(best.value >= 1));
        assert_eq!(can_open(&hand, best.value + 1, &Config::RUMMY40), Ok(false));
        let split = analyze_faces(&hand, &Config::RUMMY40);
        assert_eq!(Config::RUMMY40.penalty(faces(split.unmelded), true), split.deadwood);
    }
}

#[test]
fn hands_past_the_bound_are_refused_not_searched() {
    // Two of every heart and both jokers: 28 cards, past the bound; a search of it would
    // take seconds. Every analysis refuses it at once with the same typed error, and
    // takes the hand cut to the bound.
    let mut hand = cards("Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh").repeat(2);
    hand.extend([Card::JOKER, Card::JOKER]);
    let refused = AnalysisError::TooManyPieces { len: 28, max: MAX_ANALYSED_HAND };
    let c = Config::RUMMY40;
    assert_eq!(best_opening(&hand, &c), Err(refused));
    assert_eq!(can_open(&hand, 40, &c), Err(refused));
    assert_eq!(analyze(&ids(&hand), &c), Err(refused));
    // A 200-card slice is refused too.
    let huge: Vec<Card> = hand.iter().copied().cycle().take(200).collect();
    assert_eq!(
        can_open(&huge, 40, &c),
        Err(AnalysisError::TooManyPieces { len: 200, max: MAX_ANALYSED_HAND })
    );
    hand.truncate(MAX_ANALYSED_HAND);
    let at_bound = best(&hand, &c);
    assert!(at_bound.value >= 40 && can_open(&hand, at_bound.value, &c) == Ok(true));
    assert!(analyze(&ids(&hand), &c).is_ok());
}

#[test]
fn ids_beyond_the_pack_are_refused() {
    // Rummy 40's pack has 106 cards: id 106 is Scala 40's third joker.
    let mut hand = ids(&cards("5h 6h 7h"));
    assert!(analyze(&hand, &Config::SCALA40).is_ok());
    let third_joker = rummykit_core::PieceId::new(106).expect("an id");
    hand.insert(third_joker);
    assert!(analyze(&hand, &Config::SCALA40).is_ok());
    assert_eq!(analyze(&hand, &Config::RUMMY40), Err(AnalysisError::UnknownPiece(third_joker)));
}

/// CPU time per call on the bench's kind of hands (`cargo test --release -- --ignored
/// --nocapture cpu_time`): on a loaded machine criterion's wall-clock medians mostly
/// measure waiting; process CPU time (from /proc, Linux only) does not.
#[test]
#[ignore]
fn cpu_time_per_call() {
    use rand::seq::SliceRandom;

    fn cpu_seconds() -> f64 {
        let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
        let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
        let ticks: f64 = fields.get(11).and_then(|t| t.parse().ok()).unwrap_or(0.0);
        ticks / 100.0
    }
    let cat = rummykit_rummy40::RUMMY40_PACK;
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    for jokers in [1usize, 2] {
        let hands: Vec<Vec<Card>> = (0..64)
            .map(|_| {
                let mut ids: Vec<_> = cat.ids().collect();
                ids.shuffle(&mut rng);
                let mut hand: Vec<Card> = ids
                    .iter()
                    .filter_map(|&id| cat.face(id))
                    .filter(|c| !c.is_joker())
                    .take(14 - jokers)
                    .collect();
                hand.extend(std::iter::repeat_n(Card::JOKER, jokers));
                hand
            })
            .collect();
        let c = Config::RUMMY40;
        let runs = 200;
        let t0 = cpu_seconds();
        let mut sink = 0u32;
        for _ in 0..runs {
            for h in &hands {
                sink = sink.wrapping_add(best(std::hint::black_box(h), &c).value);
            }
        }
        let sets: Vec<PieceSet> = hands.iter().map(|h| ids(h)).collect();
        let t1 = cpu_seconds();
        for _ in 0..runs {
            for h in &sets {
                sink = sink.wrapping_add(analyze(std::hint::black_box(h), &c).map_or(0, |s| s.deadwood));
            }
        }
        let t2 = cpu_seconds();
        let per = |t: f64| t / (runs * hands.len()) as f64 * 1e6;
        println!(
            "{jokers} jokers: best_opening {:.1} µs, analyze {:.1} µs CPU per call ({sink})",
            per(t1 - t0),
            per(t2 - t1)
        );
    }
}
