//! Clause-by-clause scenarios for RULES.md §2 (and §0 as it applies to one deck without
//! jokers), written as an outside tester reads the rules: scripted positions
//! through the public API, the legal play and the nearest illegal one, each refusal with
//! its error kind and the game left exactly as it was; mistaken input (wrong seat, cards
//! not held or named twice, empty melds, play after the hand's end); and differential
//! scenarios that judge random positions by predicates written from the rule text alone.
//! Clauses other test files already pin appear here only where a scenario adds a case.

mod common;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{
    AceMode, Action, ActionError, ClassicRummy, Config, MeldLimit, Phase, Setup, SetupMeld,
};
use rummykit_core::{
    Card, Game, MeldError, MeldId, MeldKind, NotYourTurn, Outcome, PieceId, PieceSet, TableError, TurnError,
};

/// `seat` tries `action`: it must be refused with `expected`, by `check` and `apply`
/// alike, leaving the game unchanged.
fn refused_for(g: &mut ClassicRummy, seat: usize, action: Action, expected: ActionError) {
    let before = g.clone();
    assert_eq!(g.check(seat, &action), Err(expected), "check {action:?}");
    assert_eq!(g.apply(seat, action), Err(expected), "apply {action:?}");
    assert_eq!(*g, before, "refused {action:?} changed the game");
    assert!(g.conserves_cards());
}

// ---------------------------------------------------------------- §2.4 meld validity

/// §2.4: a set is three or four cards of one rank; three cards of two ranks are no meld.
#[test]
fn rules_2_4_a_set_is_three_or_four_cards_of_one_rank() {
    let mut g = scripted(&standard(), 1, &["9h 9s 9d 9c Ts 2d", "5s 6s 7s"], "Kd", "4c");
    play(&mut g, &[Action::DrawStock]);
    let mixed = g.check(0, &meld("9h 9s Ts")).unwrap_err();
    assert!(matches!(mixed, ActionError::InvalidMeld(_)), "{mixed:?}");
    refused(&mut g, meld("9h 9s Ts"), mixed);
    refused(&mut g, meld("9h 9s"), ActionError::InvalidMeld(MeldError::TooShort { len: 2, min: 3 }));
    // Four of a kind at once is one meld.
    play(&mut g, &[meld("9h 9s 9d 9c")]);
    assert_eq!(set_on_table(&g, 0), set("9h 9s 9d 9c"));
    assert_eq!(g.table().melds()[0].owner(), 0);
}

/// §2.4: a run is three or more cards of one suit in sequence; a gap or a second suit
/// makes it no meld.
#[test]
fn rules_2_4_a_run_is_consecutive_cards_of_one_suit() {
    let mut g = scripted(&standard(), 1, &["2c 3c 5c 4d 6c Kd", "5s 6s 7s"], "Qh", "4h");
    play(&mut g, &[Action::DrawStock]);
    refused(&mut g, meld("2c 3c 5c"), ActionError::InvalidMeld(MeldError::NotConsecutive { index: 2 }));
    let mixed = g.check(0, &meld("2c 3c 4d")).unwrap_err();
    assert!(matches!(mixed, ActionError::InvalidMeld(MeldError::MixedSuits { .. })), "{mixed:?}");
    refused(&mut g, meld("2c 3c 4d"), mixed);
    refused(&mut g, meld("5c 6c"), ActionError::InvalidMeld(MeldError::TooShort { len: 2, min: 3 }));
}

/// §2.4 / §0: with the ace low, A-2-…-K is the longest run (`valid_run(m, 1, 13)`): the
/// whole suit is one meld, and nothing can be laid off onto it at either end.
#[test]
fn rules_2_4_the_whole_suit_is_one_run_with_the_ace_low() {
    let suit = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh";
    let mut g = scripted(&standard(), 1, &[&format!("{suit} 5c"), "2s 3d 4c 9s"], "Jc", "8d");
    play(&mut g, &[Action::DrawStock, meld(suit), discard("Jc")]);
    assert_eq!(g.table().melds()[0].meld().len(), 13);
    assert_eq!(g.table().melds()[0].meld().to_string(), suit);
    assert_eq!(g.hand(0).unwrap(), set("5c"));
}

/// §2.4: ace-high-or-low keeps the ace at one end: Q-K-A and A-2-3 are runs, but a run
/// of both (K-A-2) is not, and no more than 13 cards fit.
#[test]
fn rules_2_4_ace_high_or_low_keeps_the_ace_at_one_end() {
    let config = standard().with_ace(AceMode::LowOrHigh);
    let mut g = scripted(&config, 1, &["Kh Ah 2h 9c", "Qh Jh Th 3s"], "5d 6d", "8c");
    play(&mut g, &[Action::DrawStock]);
    let wrap = g.check(0, &meld("Kh Ah 2h")).unwrap_err();
    assert!(matches!(wrap, ActionError::InvalidMeld(_)), "{wrap:?}");
    refused(&mut g, meld("Kh Ah 2h"), wrap);
    // Seat 1 melds 10-J-Q; seat 0 lays off K and then the ace above it.
    play(&mut g, &[discard("5d"), Action::DrawStock, meld("Th Jh Qh"), discard("6d"), Action::DrawStock]);
    play(&mut g, &[lay_off("Kh", 0), lay_off("Ah", 0)]);
    assert_eq!(g.table().melds()[0].meld().to_string(), "Th Jh Qh Kh Ah");
    // The 2 may not follow the high ace round the corner.
    let e = g.check(0, &lay_off("2h", 0)).unwrap_err();
    assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })), "{e:?}");
    refused(&mut g, lay_off("2h", 0), e);
}

/// §2.4 read as a predicate on a set of cards, written from the rule text alone: three
/// or four cards of one rank, or three or more cards of one suit whose ranks follow on
/// with the ace low (A = 1), or also high (Q-K-A) under ace-high-or-low, or round the
/// corner (K-A-2) under the bridge.
fn meldable(cards: &[Card], ace: AceMode) -> bool {
    let ranks: Vec<u8> = cards.iter().map(|c| c.rank().expect("a natural card").number()).collect();
    if cards.len() < 3 {
        return false;
    }
    if ranks.iter().all(|&r| r == ranks[0]) {
        return cards.len() <= 4;
    }
    if cards.iter().any(|c| c.suit() != cards[0].suit()) {
        return false;
    }
    let follows_on = |numbers: &[u8]| {
        let (lo, hi) = (numbers.iter().min().unwrap(), numbers.iter().max().unwrap());
        usize::from(hi - lo) + 1 == numbers.len()
    };
    let high: Vec<u8> = ranks.iter().map(|&r| if r == 1 { 14 } else { r }).collect();
    match ace {
        AceMode::Low => follows_on(&ranks),
        AceMode::LowOrHigh => follows_on(&ranks) || follows_on(&high),
        // Some card of the run starts it when the 13 ranks are read as a circle.
        AceMode::RoundTheCorner => ranks.iter().any(|&start| {
            let shifted: Vec<u8> = ranks.iter().map(|&r| (r + 13 - start) % 13).collect();
            follows_on(&shifted)
        }),
    }
}

/// A play-phase position where seat 0 holds `hand` (and seat 1 three other cards), so
/// that any meld of cards from `hand` is judged by its validity alone.
fn holding(config: &Config, hand: &[Card]) -> ClassicRummy {
    let rest: Vec<Card> = Card::all().take(52).filter(|c| !hand.contains(c)).collect();
    let mut setup = Setup::new(vec![hand.to_vec(), rest[..3].to_vec()]);
    setup.discard = vec![rest[3]];
    (setup.phase, setup.to_move, setup.dealer) = (Phase::Play, Some(0), 1);
    setup.fill_stock();
    ClassicRummy::from_setup(config, setup).expect("a valid position")
}

fn pieces_of(cards: &[Card]) -> PieceSet {
    cards.iter().map(|&c| DECK.ids_of(c).next().unwrap()).collect()
}

/// §2.4 under every ace mode, against the predicate above: each of the 8 192 sets of
/// hearts is a meld exactly when the rules say so, and a refusal is an invalid meld.
#[test]
fn rules_2_4_every_set_of_one_suit_melds_exactly_when_the_rules_say() {
    let hearts: Vec<Card> = Card::all().take(52).filter(|c| c.to_string().ends_with('h')).collect();
    assert_eq!(hearts.len(), 13);
    let mut extra = hearts.clone();
    extra.push("9s".parse().unwrap());
    for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
        let g = holding(&standard().with_ace(ace), &extra);
        let mut runs = 0;
        for mask in 0u32..1 << 13 {
            let cards: Vec<Card> = (0..13).filter(|i| mask & 1 << i != 0).map(|i| hearts[i]).collect();
            let verdict = g.check(0, &Action::Meld(pieces_of(&cards)));
            assert_eq!(verdict.is_ok(), meldable(&cards, ace), "{ace:?} {cards:?}: {verdict:?}");
            if let Err(e) = verdict {
                assert!(matches!(e, ActionError::InvalidMeld(_)), "{ace:?} {cards:?}: {e:?}");
            }
            runs += usize::from(verdict.is_ok());
        }
        // Counted by hand: ace low 11 + 10 + … + 1 = 66 runs; the high ace adds Q-K-A up
        // to 3-…-A (10 more: 2-…-A is the whole suit again); round the corner, every start
        // of every length 3 to 12 (13 × 10) and the whole suit.
        let expected = match ace {
            AceMode::Low => 66,
            AceMode::LowOrHigh => 76,
            AceMode::RoundTheCorner => 131,
        };
        assert_eq!(runs, expected, "{ace:?}");
    }
}

/// §2.4 on random mixed sets of three to six cards from a 40-card hand, every ace mode:
/// the engine accepts exactly the sets the predicate accepts.
#[test]
fn rules_2_4_random_card_sets_meld_exactly_when_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_407);
    for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
        for round in 0..6 {
            let mut deck: Vec<Card> = Card::all().take(52).collect();
            for i in (1..deck.len()).rev() {
                deck.swap(i, rng.random_range(0..=i));
            }
            let hand = &deck[..40];
            let g = holding(&standard().with_ace(ace), hand);
            let mut accepted = 0;
            for _ in 0..2_000 {
                let len = rng.random_range(3..=6);
                // Biased towards one suit or one rank half the time, so both kinds occur.
                let first = hand[rng.random_range(0..hand.len())];
                let pool: Vec<Card> = match rng.random_range(0..3) {
                    0 => hand.iter().copied().filter(|c| c.suit() == first.suit()).collect(),
                    1 => hand.iter().copied().filter(|c| c.rank() == first.rank()).collect(),
                    _ => hand.to_vec(),
                };
                let mut pick = pool.clone();
                for i in (1..pick.len()).rev() {
                    pick.swap(i, rng.random_range(0..=i));
                }
                pick.truncate(len);
                let verdict = g.check(0, &Action::Meld(pieces_of(&pick)));
                assert_eq!(
                    verdict.is_ok(),
                    meldable(&pick, ace),
                    "{ace:?} round {round}: {pick:?}: {verdict:?}"
                );
                accepted += usize::from(verdict.is_ok());
            }
            assert!(accepted > 0, "{ace:?} round {round}: no meld drawn");
        }
    }
}

/// A random meld for `ace`: three or four cards of a rank, or a run of three to six
/// cards of a suit, its ranks in order (the high ace as 14, round the corner mod 13).
fn random_meld(rng: &mut ChaCha8Rng, ace: AceMode) -> (MeldKind, Vec<Card>) {
    let card = |rank: u8, suit: usize| -> Card {
        let rank = if rank > 13 { rank - 13 } else { rank };
        Card::all().take(52).filter(|c| c.rank().unwrap().number() == rank).nth(suit).unwrap()
    };
    if rng.random_range(0..3) == 0 {
        let rank = rng.random_range(1..=13);
        let mut suits = [0, 1, 2, 3];
        for i in (1..4).rev() {
            suits.swap(i, rng.random_range(0..=i));
        }
        let len = rng.random_range(3..=4);
        return (MeldKind::Group, suits[..len].iter().map(|&s| card(rank, s)).collect());
    }
    let len = rng.random_range(3..=6);
    let last_start = match ace {
        AceMode::Low => 14 - len,
        AceMode::LowOrHigh => 15 - len,
        AceMode::RoundTheCorner => 13,
    };
    let start = rng.random_range(1..=last_start as u8);
    let suit = rng.random_range(0..4);
    (MeldKind::Run, (0..len as u8).map(|i| card(start + i, suit)).collect())
}

/// §2.3 lay-offs against the same predicate, under every ace mode: on random tables of
/// sets and runs, every card of a 30-odd-card hand goes onto every meld exactly when the
/// meld with the card is still a meld of its kind.
#[test]
fn rules_2_3_lay_offs_fit_exactly_when_the_meld_stays_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_408);
    for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
        let mut tried = [0usize; 2];
        for _ in 0..40 {
            let mut table: Vec<(MeldKind, Vec<Card>)> = Vec::new();
            while table.len() < 5 {
                let (kind, cards) = random_meld(&mut rng, ace);
                if table.iter().all(|(_, t)| cards.iter().all(|c| !t.contains(c))) {
                    table.push((kind, cards));
                }
            }
            let on_table: Vec<Card> = table.iter().flat_map(|(_, c)| c.clone()).collect();
            let rest: Vec<Card> = Card::all().take(52).filter(|c| !on_table.contains(c)).collect();
            let (hand, other) = rest.split_at(rest.len() - 6);
            let mut setup = Setup::new(vec![hand.to_vec(), other[..3].to_vec()]);
            setup.table = table.iter().map(|(kind, cards)| SetupMeld::new(1, *kind, cards.clone())).collect();
            setup.discard = vec![other[3]];
            (setup.phase, setup.to_move, setup.dealer) = (Phase::Play, Some(0), 1);
            setup.fill_stock();
            let g = ClassicRummy::from_setup(&standard().with_ace(ace), setup).expect("a valid position");
            for (index, (_, cards)) in table.iter().enumerate() {
                for &card in hand {
                    let onto = MeldId::new(index as u16);
                    let verdict =
                        g.check(0, &Action::LayOff { piece: DECK.ids_of(card).next().unwrap(), onto });
                    let mut with = cards.clone();
                    with.push(card);
                    assert_eq!(
                        verdict.is_ok(),
                        meldable(&with, ace),
                        "{ace:?}: {card} onto {cards:?}: {verdict:?}"
                    );
                    if let Err(e) = verdict {
                        assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })), "{e:?}");
                    }
                    tried[usize::from(verdict.is_ok())] += 1;
                }
            }
        }
        assert!(tried[1] > 100, "{ace:?}: {tried:?}");
    }
}

// ---------------------------------------------------------------- §2.3 turn flow

/// §2.3: under the one-meld limit a second meld waits for the next turn, whatever it is.
#[test]
fn rules_2_3_the_meld_limit_holds_after_a_lay_off_and_resets_next_turn() {
    let hands = ["2c 3c 4c 5c 9h 9s 9d Kd Qs", "7d 8d Td Jd Ks"];
    let mut g = scripted(&standard(), 1, &hands, "Ah 2s 3s", "6s");
    play(&mut g, &[Action::DrawStock, meld("2c 3c 4c"), lay_off("5c", 0)]);
    refused(&mut g, meld("9h 9s 9d"), ActionError::MeldLimitReached);
    play(&mut g, &[discard("Ah"), Action::DrawStock, discard("2s"), Action::DrawStock, meld("9h 9s 9d")]);
    assert_eq!(g.table().len(), 2);
    assert_eq!(MeldLimit::default(), MeldLimit::One);
}

/// §2.3: the card taken from the discard pile may not be discarded this turn, even by a
/// seat holding nothing else it could meld; a stock card may go at once.
#[test]
fn rules_2_3_only_the_taken_discard_is_held_back() {
    let mut g = scripted(&standard(), 1, &["2c 7h", "9s Td Jc"], "Kd", "5s");
    play(&mut g, &[Action::TakeDiscard]);
    refused(&mut g, discard("5s"), ActionError::Turn(TurnError::DiscardTakenCard { card: named(id("5s")) }));
    play(&mut g, &[discard("7h")]);
    assert_eq!(g.piles().top_discard(), Some(id("7h")));
    play(&mut g, &[Action::DrawStock, discard("Kd")]);
    assert_eq!(g.piles().top_discard(), Some(id("Kd")));
}

// ---------------------------------------------------------------- input a tester may get wrong

/// Actions from the wrong seat, on cards the seat does not hold, on cards already on the
/// table or in the pile, the same card twice, empty and malformed melds: each a typed
/// error, and the game unchanged.
#[test]
fn rules_2_3_mistaken_actions_are_typed_errors_that_change_nothing() {
    let hands = ["5h 6h 7h 8h Kd 2c", "9s 9d 9c Jc 3d"];
    let mut g = scripted(&standard(), 1, &hands, "Qc 4s", "Ts");
    let not_yours = ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }));
    refused_for(&mut g, 1, Action::DrawStock, not_yours);
    refused_for(&mut g, 1, Action::TakeDiscard, not_yours);
    refused_for(&mut g, 1, discard("9s"), not_yours);
    refused_for(&mut g, 1, meld("9s 9d 9c"), not_yours);
    play(&mut g, &[Action::DrawStock]);
    refused_for(&mut g, 1, discard("Jc"), not_yours);
    // Cards of another hand, of the discard pile, of the stock.
    refused(&mut g, discard("9s"), ActionError::Turn(TurnError::NotInHand(named(id("9s")))));
    refused(&mut g, meld("9s Kd 2c"), ActionError::Turn(TurnError::NotInHand(named(id("9s")))));
    refused(&mut g, lay_off("Ts", 0), ActionError::Turn(TurnError::NotInHand(named(id("Ts")))));
    refused(&mut g, discard("4s"), ActionError::Turn(TurnError::NotInHand(named(id("4s")))));
    // An id that is no card of the deck.
    let stranger = PieceId::new(100).unwrap();
    let mut with_stranger = set("5h 6h 7h");
    with_stranger.insert(stranger);
    refused(&mut g, Action::Meld(with_stranger), ActionError::Turn(TurnError::NotInHand(named(stranger))));
    // Empty and one-card melds.
    refused(
        &mut g,
        Action::Meld(PieceSet::new()),
        ActionError::InvalidMeld(MeldError::TooShort { len: 0, min: 3 }),
    );
    refused(&mut g, meld("Kd"), ActionError::InvalidMeld(MeldError::TooShort { len: 1, min: 3 }));
    // Laying off onto a table with no melds.
    refused(&mut g, lay_off("8h", 0), ActionError::Table(TableError::NoSuchMeld(MeldId::new(0))));
    // A card laid off once is on the table: naming it again is naming a card not held.
    play(&mut g, &[meld("5h 6h 7h"), lay_off("8h", 0)]);
    refused(&mut g, lay_off("8h", 0), ActionError::Turn(TurnError::NotInHand(named(id("8h")))));
    refused(&mut g, discard("5h"), ActionError::Turn(TurnError::NotInHand(named(id("5h")))));
    play(&mut g, &[discard("Kd")]);
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.hand(0).unwrap(), set("2c Qc"));
}

/// §2.5: once a player is out the hand is over: no seat may draw, meld, lay off or
/// discard, and the score stands.
#[test]
fn rules_2_5_after_going_out_nobody_plays_on() {
    let mut g = scripted(&standard(), 1, &["5h 6h 7h 8h", "9h 9s 9d Ts"], "Kd", "2c");
    play(&mut g, &[Action::DrawStock, meld("5h 6h 7h 8h"), discard("Kd")]);
    let score = Outcome { points: vec![2 * 37, 0], winners: vec![0] };
    assert_eq!(g.outcome().unwrap(), score);
    let over = ActionError::Turn(TurnError::HandOver);
    for seat in 0..2 {
        for action in [
            Action::DrawStock,
            Action::TakeDiscard,
            meld("9h 9s 9d"),
            lay_off("9h", 0),
            lay_off("Ts", 0),
            discard("Ts"),
        ] {
            refused_for(&mut g, seat, action, over);
        }
    }
    assert_eq!(g.outcome().unwrap(), score);
    assert_eq!(g.to_move(), None);
}

// ---------------------------------------------------------------- §2.6 scoring

/// §2.6: the winner scores what the opponents still hold; cards they melded or laid off
/// count nothing, and a rummy is out of reach once the winner laid anything before.
#[test]
fn rules_2_6_melded_cards_of_the_losers_do_not_count() {
    // Seat 0 melds and discards; seat 1 melds kings and lays off; seat 0 goes out.
    let hands = ["2h 3h 4h 9c 5h", "Kc Kd Ks Kh 7d 3s"];
    let mut g = scripted(&standard(), 1, &hands, "Jd 8s 6h", "Ac");
    play(&mut g, &[Action::DrawStock, meld("2h 3h 4h"), discard("Jd")]);
    play(&mut g, &[Action::DrawStock, meld("Kc Kd Ks"), lay_off("Kh", 1), discard("8s")]);
    play(&mut g, &[Action::DrawStock, lay_off("5h", 0), lay_off("6h", 0), discard("9c")]);
    // Seat 1 holds 7d 3s: 10 points; its kings on the table count nothing; no rummy.
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![10, 0], winners: vec![0] });
    assert!(!g.went_rummy());
}

/// §2.7: the options combine: ace high-or-low with unlimited melds lets Q-K-A and A-2-3
/// go down in one turn, and an ace left in hand costs 15.
#[test]
fn rules_2_7_ace_high_or_low_with_unlimited_melds() {
    let config = Config::STANDARD.with_ace(AceMode::LowOrHigh).with_meld_limit(MeldLimit::Unlimited);
    let mut g = scripted(&config, 1, &["Qh Kh Ah As 2s 3s", "Ad 9c"], "Jc", "4d");
    play(&mut g, &[Action::DrawStock, meld("Qh Kh Ah"), meld("As 2s 3s"), discard("Jc")]);
    // Seat 1 holds Ad (15) and 9c; seat 0 went out at once with both melds: a rummy.
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![2 * (15 + 9), 0], winners: vec![0] });
    assert!(g.went_rummy());
}

/// The cards of table meld `index`.
fn set_on_table(g: &ClassicRummy, index: usize) -> PieceSet {
    g.table().melds()[index].piece_set()
}

/// §2.6 against the values written from the rule text: random losing hands pay J/Q/K 10,
/// number cards their number, the ace 1 (15 when it may be high or bridge the corner),
/// doubled when the winner went rummy and the option is on.
#[test]
fn rules_2_6_random_losing_hands_pay_what_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_606);
    let used = pieces_of(&cards("5h 6h 7h 8h 9h Kd Qc 8c 2c"));
    let pool: Vec<Card> =
        Card::all().take(52).filter(|c| !used.contains(pieces_of(&[*c]).first().unwrap())).collect();
    for ace in [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner] {
        for double in [true, false] {
            let config = standard().with_ace(ace).with_going_rummy_double(double);
            for _ in 0..100 {
                let mut left = pool.clone();
                for i in (1..left.len()).rev() {
                    left.swap(i, rng.random_range(0..=i));
                }
                left.truncate(rng.random_range(1..=10));
                let worth: i64 = left
                    .iter()
                    .map(|c| match c.rank().unwrap().number() {
                        1 if ace == AceMode::Low => 1,
                        1 => 15,
                        n @ 2..=10 => i64::from(n),
                        _ => 10,
                    })
                    .sum();
                let text = rummykit_core::format_list(&left);
                // A rummy: 5h-9h at once, no discard.
                let mut g = scripted(&config, 1, &["5h 6h 7h 8h", &text], "9h", "2c");
                play(&mut g, &[Action::DrawStock, meld("5h 6h 7h 8h 9h")]);
                let rummy = if double { 2 * worth } else { worth };
                assert_eq!(
                    g.outcome().unwrap(),
                    Outcome { points: vec![rummy, 0], winners: vec![0] },
                    "{text}"
                );
                // Out by discard two turns after the first meld; seat 1 throws back its draw.
                let mut g = scripted(&config, 1, &["5h 6h 7h Kd", &text], "Qc 8c 8h", "2c");
                play(&mut g, &[Action::DrawStock, meld("5h 6h 7h"), discard("Qc")]);
                play(&mut g, &[Action::DrawStock, discard("8c")]);
                play(&mut g, &[Action::DrawStock, lay_off("8h", 0), discard("Kd")]);
                assert!(!g.went_rummy());
                assert_eq!(
                    g.outcome().unwrap(),
                    Outcome { points: vec![worth, 0], winners: vec![0] },
                    "{text}"
                );
            }
        }
    }
}

/// §2.3 and §2.5 together, against a predicate written from the rule text, on random
/// small positions under random options: every meld of three or more hand cards, every
/// lay-off and every discard is allowed exactly when the cards are the player's, the
/// meld or the meld with the card is valid, a lay-off is not banned before an own meld,
/// the discard is not the card just taken, and afterwards a legal end of the turn
/// remains: another card to discard, or (going out without a discard allowed) nothing,
/// or only the taken card when it can be laid off to go out.
#[test]
fn rules_2_3_plays_are_allowed_exactly_when_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(2_303);
    let mut tried = [0usize; 2];
    for round in 0..600 {
        let ace = [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner][round % 3];
        let config = standard()
            .with_ace(ace)
            .with_must_discard_to_go_out(rng.random_range(0..2) == 0)
            .with_layoff_requires_own_meld(rng.random_range(0..2) == 0);
        let mut table: Vec<(usize, Vec<Card>)> = Vec::new();
        let mut used: Vec<Card> = Vec::new();
        let mut hand: Vec<Card> = Vec::new();
        let melds = rng.random_range(1..=3);
        while table.len() < melds || hand.is_empty() {
            let (_, cards) = random_meld(&mut rng, ace);
            if cards.iter().any(|c| used.contains(c)) {
                continue;
            }
            used.extend(&cards);
            if table.len() < melds {
                table.push((rng.random_range(0..2), cards));
            } else {
                hand = cards;
            }
        }
        // A meld in hand or not, a card or two more, or fewer: one to six cards.
        let mut rest: Vec<Card> = Card::all().take(52).filter(|c| !used.contains(c)).collect();
        for i in (1..rest.len()).rev() {
            rest.swap(i, rng.random_range(0..=i));
        }
        if rng.random_range(0..2) == 0 {
            hand.clear();
        }
        hand.extend(rest.drain(..rng.random_range(0..=3)));
        hand.truncate(rng.random_range(1..=6));
        if hand.is_empty() {
            hand.push(rest.pop().unwrap());
        }
        let taken = (rng.random_range(0..2) == 0).then(|| hand[rng.random_range(0..hand.len())]);
        let owns = |seat| table.iter().any(|&(owner, _)| owner == seat);
        let mut setup = Setup::new(vec![hand.clone(), rest.drain(..3).collect()]);
        setup.table = table
            .iter()
            .map(|(owner, cards)| SetupMeld::new(*owner, kind_of(cards), cards.clone()))
            .collect();
        setup.discard = vec![rest.pop().unwrap()];
        setup.played_before = vec![owns(0), owns(1)];
        (setup.phase, setup.to_move, setup.dealer, setup.taken) = (Phase::Play, Some(0), 1, taken);
        setup.fill_stock();
        let may_lay_off = !config.layoff_requires_own_meld || owns(0);
        let fits = |melds: &[Vec<Card>], card: Card| {
            melds.iter().any(|m| {
                let mut with = m.clone();
                with.push(card);
                meldable(&with, ace)
            })
        };
        // A legal end of the turn after a play leaving `rest` with `melds` on the table.
        let can_end = |rest: &[Card], melds: &[Vec<Card>]| match rest {
            [] => !config.must_discard_to_go_out,
            [only] if Some(*only) == taken => !config.must_discard_to_go_out && fits(melds, *only),
            _ => true,
        };
        let on_table: Vec<Vec<Card>> = table.iter().map(|(_, c)| c.clone()).collect();
        // Only the card just taken, and no going out with it: no position (see below).
        let stuck = hand.len() == 1
            && taken == Some(hand[0])
            && (config.must_discard_to_go_out || !may_lay_off || !fits(&on_table, hand[0]));
        let g = match ClassicRummy::from_setup(&config, setup) {
            Ok(g) if !stuck => g,
            refused => {
                let says = rummykit_core::PositionError::Inconsistent("the seat to move has no legal action");
                assert_eq!(
                    refused,
                    Err(rummykit_core::DealError::InvalidDeal(says)),
                    "{hand:?} {taken:?} {table:?}"
                );
                continue;
            }
        };
        let mut judge = |action: Action, expected: bool, what: &str| {
            let verdict = g.check(0, &action);
            assert_eq!(
                verdict.is_ok(),
                expected,
                "round {round} {config:?}: {what} with {hand:?}, taken {taken:?}, table {table:?}: {verdict:?}"
            );
            tried[usize::from(expected)] += 1;
        };
        for mask in 1u32..1 << hand.len() {
            let chosen: Vec<Card> = (0..hand.len()).filter(|i| mask & 1 << i != 0).map(|i| hand[i]).collect();
            let rest: Vec<Card> = hand.iter().copied().filter(|c| !chosen.contains(c)).collect();
            let mut after = on_table.clone();
            after.push(chosen.clone());
            let expected = meldable(&chosen, ace) && can_end(&rest, &after);
            judge(Action::Meld(pieces_of(&chosen)), expected, &format!("meld {chosen:?}"));
        }
        for &card in &hand {
            let rest: Vec<Card> = hand.iter().copied().filter(|&c| c != card).collect();
            for (index, m) in on_table.iter().enumerate() {
                let mut after = on_table.clone();
                after[index].push(card);
                let expected = may_lay_off && meldable(&after[index], ace) && can_end(&rest, &after);
                let action = Action::LayOff {
                    piece: pieces_of(&[card]).first().unwrap(),
                    onto: MeldId::new(index as u16),
                };
                judge(action, expected, &format!("{card} onto {m:?}"));
            }
            judge(
                Action::Discard(pieces_of(&[card]).first().unwrap()),
                Some(card) != taken,
                &format!("discard {card}"),
            );
        }
    }
    assert!(tried[0] > 1_000 && tried[1] > 1_000, "{tried:?}");
}

/// The kind of a valid meld of one deck: a set when its first two cards share a rank.
fn kind_of(cards: &[Card]) -> MeldKind {
    if cards[0].rank() == cards[1].rank() { MeldKind::Group } else { MeldKind::Run }
}

/// §2.3's guard leaves every turn a way to end, so a set-up position must too: a play
/// phase whose only card is the one just taken, which fits no meld, is refused (its view
/// would be refused when read back); with a meld it goes onto, it is a position, and
/// under "Laatste kaart" it is refused again.
#[test]
fn rules_2_3_a_position_with_no_way_to_end_the_turn_is_refused() {
    let position = |config: &Config, table: &str| {
        let mut setup = Setup::new(vec![cards("5c"), cards("2d 3d 4d")]);
        setup.table = vec![SetupMeld::new(1, MeldKind::Run, cards(table))];
        setup.played_before = vec![false, true];
        setup.discard = cards("9s");
        (setup.to_move, setup.phase, setup.dealer, setup.taken) =
            (Some(0), Phase::Play, 1, Some(cards("5c")[0]));
        setup.fill_stock();
        ClassicRummy::from_setup(config, setup)
    };
    let stuck = Err(rummykit_core::DealError::InvalidDeal(rummykit_core::PositionError::Inconsistent(
        "the seat to move has no legal action",
    )));
    assert_eq!(position(&standard(), "Th Jh Qh"), stuck);
    let g = position(&standard(), "6c 7c 8c").expect("the 5c goes out onto 6c 7c 8c");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![lay_off("5c", 0)]);
    assert_eq!(position(&standard().with_must_discard_to_go_out(true), "6c 7c 8c"), stuck);
}
