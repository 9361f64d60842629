//! The analysis at the largest hands the deck makes (`RULES.md` §2.6): the whole deck,
//! and the deck less any one card, melded whole under every ace mode; ids past the
//! deck refused; a hand built to take its search past the step budget refused, and the
//! most laborious hands a player holds far within it. Seat counts at and one past the
//! game's range (§2.2); whole hands at six seats with no restock at all and with the
//! most of the type (§2.5).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, ClassicRummy, Config, GreedyBot, Phase, PlannerBot, Setup, analyze};
use rummykit_core::{
    AnalysisError, Bot, Card, CardSet, Catalog, DealError, DriverError, Game, Meld, PieceId, PieceSet,
    RandomBot, SEARCH_BUDGET, Seating, least_deadwood, parse_list, play_hand,
};

const MODES: [AceMode; 3] = [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner];

/// The split is one of `hand`: valid melds, disjoint, the rest unmelded and valued.
fn check_split(hand: &PieceSet, config: &Config) -> u32 {
    let deck = Catalog::<Card>::DECK;
    let split = analyze(hand, config).expect("a hand of the deck");
    let mut seen = split.unmelded;
    for m in &split.melds {
        let faces: Vec<Card> = m.pieces.iter().map(|&id| deck.face(id).expect("a card")).collect();
        assert!(Meld::new(m.kind, &faces, &config.meld_rules()).is_ok(), "{faces:?}");
        for &id in &m.pieces {
            assert!(seen.insert(id), "{id} twice");
        }
    }
    assert_eq!(seen, *hand);
    assert_eq!(split.deadwood, config.penalty(split.unmelded.iter().filter_map(|id| deck.face(id))));
    split.deadwood
}

/// §2.6: the whole deck melds whole (four runs ace to king), and so does the deck less
/// any one card (the rest of its suit's run in one or two pieces, an ace or two left
/// alone in a group of the other suits' aces or twos, a king and queen with theirs).
#[test]
fn rules_2_6_the_whole_deck_and_one_card_less_meld_whole() {
    let all = Catalog::<Card>::DECK.all();
    assert_eq!(all.len(), 52);
    for ace in MODES {
        let config = Config::STANDARD.with_ace(ace);
        assert_eq!(check_split(&all, &config), 0, "{ace:?}");
        for id in all.iter() {
            let mut hand = all;
            hand.remove(id);
            assert_eq!(check_split(&hand, &config), 0, "{ace:?} without {id}");
        }
    }
}

/// Ids past the deck's 52 cards, up to the last id there is, are refused by name.
#[test]
fn ids_past_the_deck_are_refused() {
    for index in [52u8, 53, 106, 159] {
        let id = PieceId::new(index).expect("an id");
        let mut hand = PieceSet::new();
        hand.insert(PieceId::new(0).expect("an id"));
        hand.insert(id);
        assert_eq!(analyze(&hand, &Config::STANDARD), Err(AnalysisError::UnknownPiece(id)));
    }
    assert_eq!(check_split(&PieceSet::new(), &Config::STANDARD), 0);
}

/// The pieces of `cards`, in the one-deck catalog.
fn pieces(cards: &str) -> PieceSet {
    let deck = Catalog::<Card>::DECK;
    let cards: Vec<Card> = parse_list(cards).expect("cards");
    cards.iter().map(|&c| deck.ids_of(c).next().expect("a card of the deck")).collect()
}

/// §2.6: a hand no game deals, 45 cards of the deck chosen so that its search branches
/// the most (a third of a second unbounded), is refused by the count of its search's
/// steps under every ace mode, as core's `least_deadwood` of the same cards refuses it;
/// the same hand less its last seven cards is split.
#[test]
fn rules_2_6_a_hand_past_the_search_budget_is_refused() {
    let text = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Qd \
                Ah 2h 3h 4h 5h 6h 7h 8h 9h Jh Qh Kh As 2s 3s 4s 5s 6s 8s 9s Qs";
    let hand = pieces(text);
    assert_eq!(hand.len(), 45);
    let refused = AnalysisError::SearchTooLarge { budget: SEARCH_BUDGET };
    for ace in MODES {
        let config = Config::STANDARD.with_ace(ace);
        assert_eq!(analyze(&hand, &config), Err(refused), "{ace:?}");
        let cards: Vec<Card> = parse_list(text).expect("cards");
        let value = |c: Card| ace.card_value(c);
        assert_eq!(least_deadwood(&cards, &config.meld_rules(), value).map(|s| s.deadwood()), Err(refused));
        let mut fewer = hand;
        for id in hand.iter().skip(38) {
            fewer.remove(id);
        }
        check_split(&fewer, &config);
    }
}

/// §2.6: a position from a setup (or a save) may give a player the hand above; its hint
/// is an error that tells why, from the referee as from the seat's view, never a panic.
#[test]
fn rules_2_6_a_set_up_hand_past_the_search_budget_has_an_error_for_a_hint() {
    let text = "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Qd \
                Ah 2h 3h 4h 5h 6h 7h 8h 9h Jh Qh Kh As 2s 3s 4s 5s 6s 8s 9s Qs";
    let big: Vec<Card> = parse_list(text).expect("cards");
    let mut setup = Setup::new(vec![big, parse_list("Jd").expect("a card")]);
    setup.discard = parse_list("Kd").expect("a card");
    setup.fill_stock();
    let game = ClassicRummy::from_setup(&Config::STANDARD, setup).expect("a position of the deck");
    // The seat is at the table (`Some`), its hand past the budget (`Err`): the referee
    // and the seat's view answer alike.
    let refused = AnalysisError::SearchTooLarge { budget: SEARCH_BUDGET };
    assert_eq!(game.hint(0), Some(Err(refused)));
    assert_eq!(game.view(0).hint(), Err(refused));
    assert_eq!(game.hint(2), None); // no such seat
    // The other seat's hand is split as ever.
    assert_eq!(game.hint(1).map(|h| h.map(|h| h.deadwood)), Some(Ok(10)));
}

/// §2.3, §2.6: a set-up position in which one of two seats holds 45 cards (the hand
/// past the search budget above, or the whole deck less seven cards, which splits) is
/// played to its end or to a cap of actions by every bot: each action the game accepts,
/// every card still in one place, the hint answered or refused in both phases, and the
/// position read back from its setup as itself.
#[test]
fn rules_2_3_a_set_up_hand_of_45_cards_is_played_out_by_every_bot() {
    let hands = [
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Qd \
         Ah 2h 3h 4h 5h 6h 7h 8h 9h Jh Qh Kh As 2s 3s 4s 5s 6s 8s 9s Qs",
        "Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd \
         Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh As 2s 3s 4s 5s 6s 7s",
    ];
    for (text, splits) in hands.into_iter().zip([false, true]) {
        let big: Vec<Card> = parse_list(text).expect("cards");
        assert_eq!(big.len(), 45);
        let rest: Vec<Card> = Card::all().take(52).filter(|c| !big.contains(c)).collect();
        for (phase, kind) in [(Phase::Draw, "greedy"), (Phase::Play, "planner"), (Phase::Draw, "random")] {
            let mut setup = Setup::new(vec![big.clone(), rest[..2].to_vec()]);
            setup.discard = vec![rest[2]];
            (setup.phase, setup.to_move, setup.dealer) = (phase, Some(0), 1);
            setup.fill_stock();
            let mut game =
                ClassicRummy::from_setup(&Config::STANDARD, setup).expect("a position of the deck");
            assert_eq!(ClassicRummy::from_setup(&Config::STANDARD, game.setup()).as_ref(), Ok(&game));
            assert_eq!(game.hint(0).is_some_and(|h| h.is_ok()), splits, "{phase:?}");
            assert_eq!(game.view(0).hint().is_ok(), splits);
            let mut bots: Vec<Box<dyn Bot<ClassicRummy>>> = (0..2)
                .map(|s| -> Box<dyn Bot<ClassicRummy>> {
                    match kind {
                        "greedy" => Box::new(GreedyBot::new()),
                        "planner" => Box::new(PlannerBot::new()),
                        _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(s))),
                    }
                })
                .collect();
            match play_hand(&mut game, &mut bots, 2_000) {
                Ok(_) => assert_eq!(game.to_move(), None),
                Err(DriverError::TooLong { .. }) => assert!(game.to_move().is_some()),
                Err(e) => panic!("{kind} from {phase:?}: {e}"),
            }
            // Every card of the deck once: in a hand, the stock, the pile or a meld.
            let setup = game.setup();
            let mut cards: Vec<Card> = setup.hands.concat();
            cards.extend(setup.stock.iter().chain(&setup.discard));
            setup.table.iter().for_each(|m| cards.extend(&m.cards));
            cards.sort_by_key(|c| c.index());
            assert_eq!(cards, Card::all().take(52).collect::<Vec<_>>(), "{kind} from {phase:?}");
        }
    }
}

/// §2.2, §2.6: a player of a dealt game holds at most 11 cards (ten dealt to each of
/// two, and a draw).
/// The most laborious hands of 11 and of 12 cards found by a search that kept the card
/// changes making the search longest, and every 12 cards of four neighbouring ranks
/// (every start, round the corner) and of three suits' five neighbouring ranks, take
/// under a thousandth of the step budget under every ace mode.
#[test]
fn rules_2_6_the_largest_hands_a_player_holds_stay_far_within_the_search_budget() {
    let within = SEARCH_BUDGET / 1000;
    let split_within = |cards: CardSet, ace: AceMode| {
        let config = Config::STANDARD.with_ace(ace);
        cards.least_deadwood_split_within(&config.meld_rules(), |c| ace.card_value(c), within)
    };
    for text in [
        "Ac 2c 3c 4c 5c 6c Ad 5d Ah As 5s",
        "5c Jc 5d Jd Ah 2h 5h Jh Kh 5s Js",
        "4c 4d 5d 6d 4h 5h 6h 4s 5s 6s 7s",
        "2c 3c 2d 3d 4d 2h 3h 4h 2s 3s 4s 5s",
        "3c 4c 5c 6c 7c 8c 9c Tc Th As 2s Ks",
        "Ac 2c 3c 4c 5c 7c Qc Kc 7d 8d 9d 7s",
    ] {
        let cards = CardSet::from_cards(&parse_list::<Card>(text).expect("cards")).expect("distinct");
        for ace in MODES {
            assert!(split_within(cards, ace).is_ok(), "{ace:?} {text}");
        }
    }
    let card = |suit: u32, rank: u32| 1u64 << (suit * 13 + rank % 13);
    let mut pools = Vec::new();
    for start in 0..13 {
        pools.push((0..16).fold(0, |m, k| m | card(k / 4, start + k % 4)));
        for suits in 0..4 {
            pools.push((0..15).fold(0, |m, k| m | card((suits + k / 5) % 4, start + k % 5)));
        }
    }
    let mut hands = 0;
    for pool in pools {
        // Every 12 of the pool's cards: the pool less each choice of its other cards.
        let ids: Vec<u64> = (0..52).filter(|i| pool >> i & 1 != 0).map(|i| 1 << i).collect();
        let out = ids.len() - 12;
        for leave in 0u32..1 << ids.len() {
            if leave.count_ones() as usize != out {
                continue;
            }
            let hand =
                ids.iter().enumerate().filter(|&(k, _)| leave >> k & 1 == 0).fold(0, |m, (_, b)| m | b);
            let cards = CardSet::from_bits(hand).expect("cards of the deck");
            for ace in MODES {
                assert!(split_within(cards, ace).is_ok(), "{ace:?} {cards:?}");
            }
            hands += 1;
        }
    }
    assert_eq!(hands, 13 * (1820 + 4 * 455));
}

/// §2.2: two to six players are dealt; fewer or more are refused, to the extremes of
/// the type, by `validate` and the deal alike.
#[test]
fn rules_2_2_seat_counts_at_and_past_the_range() {
    for seats in 2..=6 {
        assert_eq!(Config::STANDARD.validate(seats), Ok(()));
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(seats), &mut rng).expect("a deal");
        assert_eq!(game.seats(), seats);
    }
    for seats in [0, 1, 7, 64, 65, usize::MAX] {
        let refused = Err(DealError::PlayerCount { seats, min: 2, max: 6 });
        assert_eq!(Config::STANDARD.validate(seats), refused);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(ClassicRummy::deal(&Config::STANDARD, Seating::new(seats), &mut rng).map(|_| ()), refused);
    }
}

/// Plays one hand of `config` for `seats` with `kind` bots; the hand must end.
fn play_out(config: &Config, seats: usize, kind: &str, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = ClassicRummy::deal(config, Seating::new(seats), &mut rng).expect("a deal at the limit");
    let mut bots: Vec<Box<dyn Bot<ClassicRummy>>> = (0..seats)
        .map(|s| -> Box<dyn Bot<ClassicRummy>> {
            match kind {
                "greedy" => Box::new(GreedyBot::new()),
                "planner" => Box::new(PlannerBot::new()),
                _ => Box::new(RandomBot::new(ChaCha8Rng::seed_from_u64(seed ^ s as u64))),
            }
        })
        .collect();
    let mut seated: Vec<&mut dyn Bot<ClassicRummy>> = bots.iter_mut().map(|b| &mut **b as _).collect();
    let (outcome, _) = play_hand(&mut game, &mut seated, 100_000).unwrap_or_else(|e| panic!("{kind}: {e}"));
    assert_eq!(outcome.points.len(), seats);
    assert!(game.to_move().is_none());
}

/// §2.5: no restock at all (the hand ends void when the stock first runs out), the
/// recommended cap of two with the pile turned over as it lies, and the largest cap of
/// the type, at two and six seats, under every ace mode: every hand ends. Under the
/// largest cap the pile is shuffled when it becomes the stock: turned over as it lies,
/// its order is public and deterministic players can go round the same cycle of
/// restocks for ever (the reason for the cap), as six planners do on these deals.
#[test]
fn rules_2_5_restock_caps_at_their_limits_play_to_the_end() {
    for (i, ace) in MODES.into_iter().enumerate() {
        for (cap, shuffle) in [(Some(0), false), (Some(2), false), (Some(u32::MAX), true)] {
            let config =
                Config::STANDARD.with_ace(ace).with_max_restocks(cap).with_shuffle_on_restock(shuffle);
            for seats in [2, 6] {
                assert_eq!(config.validate(seats), Ok(()));
                for kind in ["random", "greedy", "planner"] {
                    // Random bots rarely go out: with no cap they would restock for long.
                    if kind != "random" || cap != Some(u32::MAX) {
                        play_out(&config, seats, kind, (i * 7 + seats) as u64);
                    }
                }
            }
        }
    }
}
