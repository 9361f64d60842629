//! Random combinations of the options of RULES.md §3.9, each over its whole range
//! (jokers, penalties and thresholds at and past their limits, every joker rule, every
//! match end): a configuration the rules refuse is refused by `Config::validate` and by
//! the deal alike; one they accept plays random legal hands to their end, checked at
//! every step — every card in one place, every listed action accepted, refused actions
//! change nothing, views unchanged when the hidden cards are dealt anew, saves read back
//! equal — and scored by §3.8 written out here; a match's totals are the sums of its
//! hands.

use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    DealError, Game, JokerLimit, Match, MatchEnd, MeldId, MeldKind, PieceId, Rank, Redeal, Seating,
};
use rummykit_rummy40::{
    Action, Config, JokerDiscard, MAX_PENALTY, OpeningScope, RESTOCK_CAP, Rummy40, RummyBonus, Set3JokerSwap,
};

fn pick<T: Copy, R: Rng + ?Sized>(rng: &mut R, values: &[T]) -> T {
    values[rng.random_range(0..values.len())]
}

/// Now and then: how often a drawn option takes a value the rules refuse.
fn rarely<R: Rng + ?Sized>(rng: &mut R) -> bool {
    rng.random_bool(0.03)
}

/// A configuration with every option drawn over its range, extremes included (now and
/// then a value the rules refuse), and a seat count, now and then outside the range.
fn random_config<R: Rng + ?Sized>(rng: &mut R) -> (Config, usize) {
    let jokers = if rarely(rng) { pick(rng, &[0, 3, u8::MAX]) } else { pick(rng, &[2, 4]) };
    let base = Config::RUMMY40.with_jokers(jokers);
    let most = if matches!(jokers, 2 | 4) { base.most_points() } else { 500 };
    let threshold = match rng.random_range(0..6) {
        _ if rarely(rng) => pick(rng, &[0, most + 1, u32::MAX]),
        0 => pick(rng, &[1, most]),
        1 => rng.random_range(1..=most),
        _ => rng.random_range(1..=60),
    };
    let end = if rarely(rng) {
        pick(
            rng,
            &[
                MatchEnd::Elimination(i64::MIN),
                MatchEnd::Elimination(0),
                MatchEnd::FixedHands(0),
                MatchEnd::TargetScore(101),
            ],
        )
    } else {
        pick(
            rng,
            &[
                MatchEnd::Elimination(1),
                MatchEnd::Elimination(101),
                MatchEnd::Elimination(i64::MAX),
                MatchEnd::FixedHands(1),
                MatchEnd::FixedHands(u32::MAX),
                MatchEnd::SingleHand,
            ],
        )
    };
    let joker_limit = if rarely(rng) {
        pick(rng, &[JokerLimit::AtMost(0), JokerLimit::Forbidden])
    } else {
        pick(
            rng,
            &[
                JokerLimit::Unlimited,
                JokerLimit::NotMoreThanNaturals,
                JokerLimit::NoAdjacent,
                JokerLimit::AtMost(1),
                JokerLimit::AtMost(2),
            ],
        )
    };
    let bonus = if rarely(rng) {
        RummyBonus::PerOpponent(MAX_PENALTY + 1)
    } else {
        pick(
            rng,
            &[
                RummyBonus::PerOpponent(0),
                RummyBonus::PerOpponent(25),
                RummyBonus::PerOpponent(MAX_PENALTY),
                RummyBonus::Double,
            ],
        )
    };
    let unopened = if rarely(rng) {
        Some(MAX_PENALTY + 1)
    } else {
        pick(rng, &[None, None, Some(0), Some(100), Some(MAX_PENALTY)])
    };
    let config = base
        .with_joker_hand_penalty(if rarely(rng) {
            MAX_PENALTY + 1
        } else {
            pick(rng, &[0, 15, 25, MAX_PENALTY])
        })
        .with_ace_low_in_runs(rng.random_bool(0.5))
        .with_opening_threshold(threshold)
        .with_opening_threshold_scope(pick(rng, &[OpeningScope::Always, OpeningScope::OnlyWhenTakingDiscard]))
        .with_taken_discard_must_be_used_after_open(rng.random_bool(0.5))
        .with_set3_joker_swap(pick(rng, &[Set3JokerSwap::BothMissing, Set3JokerSwap::EitherMissing]))
        .with_swapped_joker_must_be_played_same_turn(rng.random_bool(0.5))
        .with_joker_limit(joker_limit)
        .with_forbid_playable_discard(rng.random_bool(0.5))
        .with_joker_discard(pick(rng, &[JokerDiscard::Allowed, JokerDiscard::OnlyWhenClosing]))
        .with_going_rummy_bonus(bonus)
        .with_rummy_requires_opening_threshold(rng.random_bool(0.5))
        .with_game_end(end)
        .with_unopened_penalty(unopened)
        .with_max_restocks(pick(rng, &[Some(0), Some(1), Some(RESTOCK_CAP), Some(u32::MAX)]));
    let seats = if rarely(rng) { pick(rng, &[0, 1, 7]) } else { rng.random_range(2..=6) };
    (config, seats)
}

/// RULES.md §3.8 written out: the ace 11, J/Q/K 10, number cards their face, a joker its
/// configured penalty.
fn card_points(g: &Rummy40, id: PieceId) -> i64 {
    let card = g.face(id).unwrap();
    match card.rank().map(Rank::number) {
        Some(1) => 11,
        Some(n) => i64::from(n.min(10)),
        None => i64::from(g.config().joker_hand_penalty),
    }
}

fn assert_conserved(g: &Rummy40, context: &str) {
    let n = g.catalog().len();
    let mut seen = vec![0u8; n];
    let mut count = |id: PieceId| seen[usize::from(id.index())] += 1;
    for s in 0..g.seats() {
        g.hand(s).unwrap().iter().for_each(&mut count);
    }
    g.piles().stock().iter().copied().for_each(&mut count);
    g.piles().discard_pile().iter().copied().for_each(&mut count);
    for m in g.table().melds() {
        m.pieces().iter().copied().for_each(&mut count);
    }
    assert!(seen.iter().all(|&k| k == 1), "cards lost or doubled: {seen:?}; {context}");
}

/// What the melds laid by `action` count toward the opening (§3.5): a joker the card it
/// stands for, the ace 11, or 1 at the low end of a run.
fn opening_worth(before: &Rummy40, after: &Rummy40) -> u32 {
    let old: Vec<MeldId> = before.table().melds().iter().map(|m| m.id()).collect();
    after
        .table()
        .melds()
        .iter()
        .filter(|m| !old.contains(&m.id()))
        .flat_map(|m| {
            // An ace low in a run (A-2-3) is the one next to a two; Q-K-A's ace is high.
            let low_ace = m.meld().kind() == MeldKind::Run && m.meld().numbers().any(|n| n == 2);
            m.meld().numbers().map(move |n| match n {
                1 if low_ace => 1,
                1 | 14 => 11,
                11..=13 => 10,
                n => u32::from(n),
            })
        })
        .sum()
}

/// One action's effect against the rules written out: a draw adds one card (the top
/// discard when taken, §3.3); a discard moves that card to the top of the pile; an
/// opening lays new melds worth the threshold when its scope says so (§3.5), a taken
/// discard among them; a rummy needs the threshold only under its option (§3.7).
fn assert_effect(before: &Rummy40, after: &Rummy40, seat: usize, action: &Action, context: &str) {
    let config = after.config();
    let (h0, h1) = (before.hand(seat).unwrap(), after.hand(seat).unwrap());
    match action {
        Action::DrawStock => assert_eq!(h1.len(), h0.len() + 1, "{context}"),
        Action::TakeDiscard => {
            let top = before.piles().top_discard().unwrap();
            assert!(h1.contains(top) && h1.len() == h0.len() + 1, "{context}");
        }
        Action::Discard(c) => {
            assert!(h0.contains(*c) && !h1.contains(*c) && h1.len() + 1 == h0.len(), "{context}");
        }
        Action::Open { .. } | Action::TakeDiscardAndOpen { .. } => {
            let taking = matches!(action, Action::TakeDiscardAndOpen { .. });
            if taking {
                let top = before.piles().top_discard().unwrap();
                assert!(after.table().pieces().contains(top), "the taken discard unused; {context}");
            }
            if taking || config.opening_threshold_scope == OpeningScope::Always {
                let worth = opening_worth(before, after);
                assert!(worth >= config.opening_threshold, "opening worth {worth}: {action:?}; {context}");
            }
            assert!(after.has_opened(seat).unwrap(), "{context}");
        }
        Action::GoRummy { .. } | Action::TakeDiscardAndGoRummy { .. }
            if config.rummy_requires_opening_threshold =>
        {
            // The threshold binds a rummy where it binds an opening in its place (§3.5, §3.7).
            let taking =
                matches!(action, Action::TakeDiscardAndGoRummy { .. }) || before.taken_this_turn().is_some();
            if taking || config.opening_threshold_scope == OpeningScope::Always {
                let worth = opening_worth(before, after);
                assert!(worth >= config.opening_threshold, "rummy worth {worth}; {context}");
            }
        }
        _ => {}
    }
}

/// Plays one hand with random legal actions, all checks at every step; whether it
/// ended within the cap.
fn play_out(g: &mut Rummy40, rng: &mut ChaCha8Rng, context: &str) -> bool {
    let seats = g.seats();
    let mut legal = Vec::new();
    let mut opened_at_turn_start = (0..seats).map(|s| g.has_opened(s).unwrap()).collect::<Vec<_>>();
    let mut mover = g.to_move();
    let mut last_was_rummy = false;
    for step in 0..4_000 {
        let context = format!("{context}, step {step}");
        assert_conserved(g, &context);
        let Some(seat) = g.to_move() else {
            let outcome = g.outcome().unwrap();
            let config = *g.config();
            if let [winner] = outcome.winners[..] {
                assert!(g.hand(winner).unwrap().is_empty(), "{context}");
                let rummy = g.went_rummy();
                if last_was_rummy {
                    assert!(rummy, "went out by GoRummy without the flag; {context}");
                }
                // §3.7: rummy exactly when the winner had not opened at the start of the
                // turn it went out in, whichever actions it went out with.
                assert_eq!(rummy, !opened_at_turn_start[winner], "rummy flag; {context}");
                for s in 0..seats {
                    let want = if s == winner {
                        0
                    } else {
                        let base = match config.unopened_penalty {
                            Some(flat) if !g.has_opened(s).unwrap() => i64::from(flat),
                            _ => g.hand(s).unwrap().iter().map(|id| card_points(g, id)).sum(),
                        };
                        match (rummy, config.going_rummy_bonus) {
                            (false, _) => base,
                            (true, RummyBonus::PerOpponent(b)) => base + i64::from(b),
                            (true, RummyBonus::Double) => 2 * base,
                        }
                    };
                    assert_eq!(outcome.points[s], want, "seat {s}; {context}");
                }
            } else {
                assert!(outcome.winners.is_empty() && outcome.points.iter().all(|&p| p == 0), "{context}");
            }
            return true;
        };
        if mover != Some(seat) {
            mover = Some(seat);
            opened_at_turn_start = (0..seats).map(|s| g.has_opened(s).unwrap()).collect();
        }
        if step % 3 == 0 {
            for s in 0..seats {
                let view = g.view(s);
                assert_eq!(g.redeal(s, rng).view(s), view, "view of seat {s} leaks; {context}");
                for o in 0..seats {
                    assert_eq!(view.hand_sizes[o], g.hand(o).unwrap().len(), "{context}");
                }
            }
        }
        #[cfg(feature = "serde")]
        if step % 3 == 0 {
            let json = serde_json::to_string(&*g).unwrap();
            let back: Rummy40 = serde_json::from_str(&json).unwrap_or_else(|e| panic!("{e}; {context}"));
            assert_eq!(&back, &*g, "save does not read back; {context}");
        }
        g.legal_actions(&mut legal);
        assert!(!legal.is_empty(), "no legal action; {context}");
        for a in &legal {
            assert!(g.check(seat, a).is_ok(), "listed {a:?} refused; {context}");
        }
        let mut tries = vec![
            Action::DrawStock,
            Action::TakeDiscard,
            Action::Discard(PieceId::new(rng.random_range(0..g.catalog().len() as u8)).unwrap()),
        ];
        if let Some(id) = g.hand(seat).unwrap().iter().next() {
            tries.push(Action::Discard(id));
        }
        for bad in tries.into_iter().filter(|a| !legal.contains(a)) {
            let before = g.clone();
            assert!(g.apply(seat, bad.clone()).is_err(), "unlisted {bad:?} applied; {context}");
            assert_eq!(*g, before, "refused {bad:?} changed the state; {context}");
        }
        let plays: Vec<&Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::DrawStock | Action::TakeDiscard | Action::Discard(_)))
            .collect();
        let action = if !plays.is_empty() && rng.random_bool(0.8) {
            plays[rng.random_range(0..plays.len())].clone()
        } else {
            legal[rng.random_range(0..legal.len())].clone()
        };
        last_was_rummy = matches!(action, Action::GoRummy { .. });
        let before = g.clone();
        g.apply(seat, action.clone()).unwrap_or_else(|e| panic!("{e}; {context}"));
        assert_effect(&before, g, seat, &action, &context);
    }
    false
}

/// RULES.md §3.9: random option sets, refused alike by `validate` and the deal, played
/// out and scored by §3.7 and §3.8.
#[test]
fn rules_3_9_random_option_mixes_keep_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x40_40);
    let cases = std::env::var("OPTION_MIX_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(60u64);
    let mut played = 0;
    for case in 0..cases {
        let (config, seats) = random_config(&mut rng);
        let dealer = if rarely(&mut rng) { seats } else { rng.random_range(0..seats.max(1)) };
        let seating = Seating::new(seats).with_dealer(dealer);
        let context = format!("case {case}, seats {seats}, dealer {dealer}, {config:?}");
        let mut deal_rng = ChaCha8Rng::seed_from_u64(case);
        let dealt = Rummy40::deal(&config, seating, &mut deal_rng);
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
        // A cap of `u32::MAX` restocks is no bound within the step limit.
        let bounded = config.max_restocks.is_some_and(|n| n <= RESTOCK_CAP);
        let ended = play_out(&mut g, &mut deal_rng, &context);
        assert!(ended || !bounded, "a hand with a restock cap did not end; {context}");
    }
    assert!(played * 2 >= cases, "only {played} playable option sets");
}

/// RULES.md §3.8: a match under random options; after every hand each seat in play
/// gains exactly its hand's penalty.
#[test]
fn rules_3_8_match_totals_add_up_under_random_options() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x3a40);
    let mut matches = 0;
    let mut tries = 0;
    while matches < 6 && tries < 10_000 {
        tries += 1;
        let (config, seats) = random_config(&mut rng);
        let config = config.with_max_restocks(Some(1));
        if config.validate(seats.clamp(2, 6)).is_err() {
            continue;
        }
        let seats = seats.clamp(2, 6);
        let terms = Rummy40::default_terms(&config, seats);
        let Ok(mut m) = Match::<Rummy40>::new(config, terms) else { continue };
        matches += 1;
        for hand in 0..4 {
            if m.is_over() {
                break;
            }
            let mut g = m.next_hand(&mut rng).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
            assert!(play_out(&mut g, &mut rng, &format!("hand {hand}, {config:?}")), "{config:?}");
            let before = m.totals().to_vec();
            let outcome = g.outcome().unwrap();
            // The hand's seats as the match numbers them, before eliminations move them.
            let seat_of: Vec<usize> = (0..g.seats()).map(|hs| m.match_seat(hs).unwrap()).collect();
            m.record(&outcome).unwrap_or_else(|e| panic!("{e:?}; {config:?}"));
            let mut want = before.clone();
            for (hs, p) in outcome.points.iter().enumerate() {
                let s = seat_of[hs];
                want[s] = want[s].saturating_add(*p);
            }
            assert_eq!(m.totals(), &want[..], "hand {hand}; {config:?}");
        }
    }
    assert_eq!(matches, 6);
}
