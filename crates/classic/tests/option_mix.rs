//! Random combinations of the options of RULES.md §2.7, each over its whole range
//! (restock caps from none to `u32::MAX`, match ends from refused to huge): a
//! configuration the rules refuse is refused by `Config::validate` and by the deal
//! alike; one they accept plays random legal hands to their end, checked at every step —
//! every card in one place, every listed action accepted, refused actions change
//! nothing, views unchanged when the hidden cards are dealt anew, saves read back equal —
//! and scored by §2.6 written out here; a match's totals are the sums of its hands.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, Action, ClassicRummy, Config, MeldLimit};
use rummykit_core::{
    Card, Catalog, DealError, Game, Match, MatchEnd, PieceId, PieceSet, Rank, Redeal, Seating,
};

const DECK: Catalog<Card> = Catalog::<Card>::DECK;

fn pick<T: Copy, R: Rng + ?Sized>(rng: &mut R, values: &[T]) -> T {
    values[rng.random_range(0..values.len())]
}

fn random_config<R: Rng + ?Sized>(rng: &mut R) -> (Config, usize) {
    // Now and then a match end the rules refuse (no hand, a target already reached,
    // elimination in a game scored upwards).
    let end = if rng.random_bool(0.1) {
        pick(
            rng,
            &[
                MatchEnd::TargetScore(i64::MIN),
                MatchEnd::TargetScore(0),
                MatchEnd::FixedHands(0),
                MatchEnd::Elimination(100),
            ],
        )
    } else {
        pick(
            rng,
            &[
                MatchEnd::TargetScore(1),
                MatchEnd::TargetScore(100),
                MatchEnd::TargetScore(i64::MAX),
                MatchEnd::FixedHands(1),
                MatchEnd::FixedHands(u32::MAX),
                MatchEnd::SingleHand,
            ],
        )
    };
    let config = Config::STANDARD
        .with_ace(pick(rng, &[AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner]))
        .with_meld_limit(pick(rng, &[MeldLimit::One, MeldLimit::Unlimited]))
        .with_layoff_requires_own_meld(rng.random_bool(0.5))
        .with_must_discard_to_go_out(rng.random_bool(0.5))
        .with_shuffle_on_restock(rng.random_bool(0.5))
        .with_max_restocks(pick(rng, &[None, Some(0), Some(1), Some(3), Some(u32::MAX)]))
        .with_going_rummy_double(rng.random_bool(0.5))
        .with_game_end(end);
    let seats = if rng.random_bool(0.05) { pick(rng, &[0, 1, 7]) } else { rng.random_range(2..=6) };
    (config, seats)
}

/// RULES.md §2.6 written out: J/Q/K 10, number cards their face, the ace 1, or 15 under
/// ace high or low and round the corner.
fn card_points(card: Card, ace: AceMode) -> i64 {
    match card.rank().map(Rank::number) {
        Some(1) if ace == AceMode::Low => 1,
        Some(1) => 15,
        Some(n) => i64::from(n.min(10)),
        None => 0,
    }
}

fn hand_points(hand: PieceSet, ace: AceMode) -> i64 {
    hand.iter().map(|id| card_points(DECK.face(id).unwrap(), ace)).sum()
}

fn assert_conserved(g: &ClassicRummy, context: &str) {
    let mut seen = [0u8; 52];
    let mut count = |id: PieceId| seen[usize::from(id.index())] += 1;
    for s in 0..g.seats() {
        g.hand(s).unwrap().iter().for_each(&mut count);
    }
    g.piles().stock().iter().copied().for_each(&mut count);
    g.piles().discard_pile().iter().copied().for_each(&mut count);
    for m in g.table().melds() {
        m.pieces().iter().copied().for_each(&mut count);
    }
    assert!(seen.iter().all(|&n| n == 1), "cards lost or doubled: {seen:?}; {context}");
    assert!(g.conserves_cards(), "{context}");
}

/// Plays one hand of `g` with random legal actions (melds and lay-offs preferred), all
/// checks at every step; returns whether it ended within the cap.
fn play_out(g: &mut ClassicRummy, rng: &mut ChaCha8Rng, context: &str) -> bool {
    let seats = g.seats();
    let mut played = vec![false; seats];
    let mut melded_this_turn = false;
    let mut legal = Vec::new();
    for step in 0..3_000 {
        let context = format!("{context}, step {step}");
        assert_conserved(g, &context);
        let Some(seat) = g.to_move() else {
            // RULES.md §2.6: the winner scores the others' hands, doubled for a rummy.
            let outcome = g.outcome().unwrap();
            if let [winner] = outcome.winners[..] {
                let ace = g.config().ace;
                let mut total: i64 =
                    (0..seats).filter(|&s| s != winner).map(|s| hand_points(g.hand(s).unwrap(), ace)).sum();
                assert!(g.hand(winner).unwrap().is_empty(), "{context}");
                assert_eq!(g.went_rummy(), !played[winner], "rummy flag; {context}");
                if !played[winner] && g.config().going_rummy_double {
                    total *= 2;
                }
                for s in 0..seats {
                    assert_eq!(outcome.points[s], if s == winner { total } else { 0 }, "seat {s}; {context}");
                }
            } else {
                assert!(outcome.winners.is_empty(), "{context}");
                assert!(outcome.points.iter().all(|&p| p == 0), "{context}");
                assert!(g.config().max_restocks.is_some(), "a void hand without a restock cap; {context}");
            }
            return true;
        };
        for s in 0..seats {
            let view = g.view(s);
            assert_eq!(g.redeal(s, rng).view(s), view, "view of seat {s} leaks; {context}");
            for o in 0..seats {
                assert_eq!(view.hand_sizes[o], g.hand(o).unwrap().len(), "{context}");
            }
        }
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&*g).unwrap();
            let back: ClassicRummy = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}; {context}"));
            assert_eq!(&back, &*g, "save does not read back; {context}");
        }
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action; {context}");
        for a in &legal {
            assert!(g.check(seat, a).is_ok(), "listed {a:?} refused; {context}");
        }
        // Actions not listed are refused and change nothing.
        let mut tries = vec![
            Action::DrawStock,
            Action::TakeDiscard,
            Action::Discard(PieceId::new(rng.random_range(0..52u8)).unwrap()),
        ];
        if let Some(id) = g.hand(seat).unwrap().iter().next() {
            tries.push(Action::Meld(PieceSet::from_iter([id])));
        }
        for bad in tries.into_iter().filter(|a| !legal.contains(a)) {
            let before = g.clone();
            assert!(g.apply(seat, bad).is_err(), "unlisted {bad:?} applied; {context}");
            assert_eq!(*g, before, "refused {bad:?} changed the state; {context}");
        }
        let plays: Vec<Action> =
            legal.iter().copied().filter(|a| matches!(a, Action::Meld(_) | Action::LayOff { .. })).collect();
        let action = if !plays.is_empty() && rng.random_bool(0.8) {
            plays[rng.random_range(0..plays.len())]
        } else {
            legal[rng.random_range(0..legal.len())]
        };
        // Only a meld or lay-off of an earlier turn spoils a rummy (§2.6): the turn's
        // own count once the turn passes.
        melded_this_turn |= matches!(action, Action::Meld(_) | Action::LayOff { .. });
        g.apply(seat, action).unwrap_or_else(|e| panic!("{e}; {context}"));
        if g.to_move().is_some_and(|next| next != seat) {
            played[seat] |= melded_this_turn;
            melded_this_turn = false;
        }
    }
    false
}

/// RULES.md §2.7: random option sets, refused alike by `validate` and the deal, played
/// out and scored by §2.5 and §2.6.
#[test]
fn rules_2_7_random_option_mixes_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xc1a5);
    let cases = std::env::var("OPTION_MIX_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(200u64);
    let (mut played, mut ended, mut won) = (0, 0, 0);
    for case in 0..cases {
        let (config, seats) = random_config(&mut rng);
        let dealer = if rng.random_bool(0.05) { seats } else { rng.random_range(0..seats.max(1)) };
        let seating = Seating::new(seats).with_dealer(dealer);
        let context = format!("case {case}, seats {seats}, dealer {dealer}, {config:?}");
        let mut deal_rng = ChaCha8Rng::seed_from_u64(case);
        let dealt = ClassicRummy::deal(&config, seating, &mut deal_rng);
        let valid = config.validate(seats).and_then(|()| seating.check(2, 6));
        let mut g = match (dealt, valid) {
            (Ok(g), Ok(())) => g,
            (Err(a), Err(b)) => {
                // A seat count `validate` accepts with a dealer who is not a seat: the deal
                // names the dealer, `validate` (no dealer) the option.
                if !matches!(a, DealError::NoSuchDealer { .. }) {
                    assert_eq!(a, b, "deal and validate disagree on the error; {context}");
                }
                continue;
            }
            (d, v) => panic!("deal {:?}, validate {v:?}; {context}", d.map(|_| ())),
        };
        played += 1;
        if play_out(&mut g, &mut deal_rng, &context) {
            ended += 1;
            won += u64::from(!g.outcome().unwrap().winners.is_empty());
        } else {
            // A cap of `u32::MAX` restocks is no bound within the step limit.
            assert!(config.max_restocks.is_none_or(|n| n > 3), "a capped hand did not end; {context}");
        }
    }
    assert!(
        played * 2 >= cases && ended * 2 >= played && won * 4 >= played,
        "{played} played, {ended} ended, {won} won"
    );
}

/// RULES.md §2.2 and §2.6: a match under random options; its totals are the sums of its
/// hands' scores, its hands won the count of their winners.
#[test]
fn rules_2_6_match_totals_add_up_under_random_options() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x3a7c);
    let mut matches = 0;
    while matches < 8 {
        let (config, seats) = random_config(&mut rng);
        let config = config.with_max_restocks(Some(1));
        let terms = ClassicRummy::default_terms(&config, seats);
        let Ok(mut m) = Match::<ClassicRummy>::new(config, terms) else { continue };
        matches += 1;
        for hand in 0..4 {
            if m.is_over() {
                break;
            }
            let mut g = m.next_hand(&mut rng).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
            assert!(play_out(&mut g, &mut rng, &format!("hand {hand}, {config:?}")), "{config:?}");
            m.record(&g.outcome().unwrap()).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
        }
        let mut sums = vec![0i64; seats];
        let mut won = vec![0u32; seats];
        for outcome in m.history() {
            for (s, p) in outcome.points.iter().enumerate() {
                sums[s] = sums[s].saturating_add(*p);
            }
            for &w in &outcome.winners {
                won[w] += 1;
            }
        }
        assert_eq!(m.totals(), &sums[..], "{config:?}");
        assert_eq!(m.hands_won(), &won[..], "{config:?}");
    }
}
