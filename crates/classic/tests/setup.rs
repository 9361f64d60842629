//! The public position builder (`Setup`, `ClassicRummy::from_setup`, `setup()`): mid-hand
//! positions written in a few lines, every check with its typed error, and the round
//! trip `from_setup(config, game.setup()) == game` on every step of seeded hands.

mod common;

use common::*;
use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ClassicRummy, Config, MeldLimit, Phase, Setup, SetupMeld};
use rummykit_core::{Card, DealError, Game, MatchEnd, MeldKind, Outcome, PositionError, Seating};

fn card(s: &str) -> Card {
    s.parse().expect("test notation")
}

/// Seat 1 laid 7h 8h 9h down in an earlier turn; seat 0 has drawn and holds 7c Kd 5h 6h
/// (in deck order, clubs to spades, as `setup()` writes a hand).
fn mid_hand() -> Setup {
    mid_hand_holding("7c Kd 5h 6h")
}

fn mid_hand_holding(hand: &str) -> Setup {
    let mut setup = Setup::new(vec![cards(hand), cards("3c 4d")]);
    setup.table = vec![SetupMeld::new(1, MeldKind::Run, cards("7h 8h 9h"))];
    setup.played_before = vec![false, true];
    setup.dealer = 1;
    setup.phase = Phase::Play;
    setup.discard = cards("Ts");
    setup.fill_stock();
    setup
}

fn refused(config: &Config, edit: impl Fn(&mut Setup)) -> PositionError {
    let mut setup = mid_hand();
    edit(&mut setup);
    match ClassicRummy::from_setup(config, setup) {
        Err(DealError::InvalidDeal(e)) => e,
        other => panic!("expected a position error, got {other:?}"),
    }
}

#[test]
fn a_mid_hand_position_is_a_few_lines_and_gives_its_setup_back() {
    let setup = mid_hand();
    let g = ClassicRummy::from_setup(&standard(), setup.clone()).expect("a valid position");
    assert_eq!((g.to_move(), g.phase(), g.dealer()), (Some(0), Phase::Play, 1));
    assert_eq!(g.table().melds()[0].owner(), 1);
    assert_eq!(
        (g.has_played_before(1), g.has_played_before(0), g.has_played_before(9)),
        (Some(true), Some(false), None)
    );
    assert_eq!(g.piles().stock_len(), 52 - 4 - 2 - 3 - 1);
    assert_eq!(g.piles().top_discard(), Some(id("Ts")));
    let back = g.setup();
    // Defaults filled in, everything else as written.
    assert_eq!(back.to_move, Some(0));
    assert_eq!(back.dealt, Some(4 + 2 + 3 - 1));
    assert_eq!(back.known, vec![Vec::<Card>::new(); 2]);
    assert_eq!(back.stock, setup.stock);
    assert_eq!(Setup { to_move: None, dealt: None, known: Vec::new(), ..back.clone() }, setup);
    assert_eq!(ClassicRummy::from_setup(&standard(), back), Ok(g));
}

/// RULES.md §2.6: going out without having melded or laid off in an earlier turn is a
/// rummy (doubled with `going_rummy_double`); the builder says who has melded before.
#[test]
fn rules_2_6_rummy_depends_on_melding_before_as_the_setup_says() {
    let mut config = standard();
    config.going_rummy_double = true;
    for (before, rummy, points) in [(false, true, 2 * (3 + 4)), (true, false, 3 + 4)] {
        let mut setup = mid_hand_holding("Kd 4h 5h 6h");
        setup.played_before = vec![before, true];
        let mut g = ClassicRummy::from_setup(&config, setup).expect("valid");
        play(&mut g, &[meld("4h 5h 6h"), discard("Kd")]);
        assert_eq!(g.went_rummy(), rummy);
        assert_eq!(g.outcome(), Some(Outcome { points: vec![points, 0], winners: vec![0] }));
    }
}

#[test]
fn the_taken_card_and_known_cards_are_part_of_the_position() {
    let mut setup = mid_hand();
    setup.taken = Some(card("Kd"));
    setup.known = vec![cards("Kd"), vec![]];
    let mut g = ClassicRummy::from_setup(&standard(), setup).expect("valid");
    assert_eq!(g.taken_this_turn(), Some(id("Kd")));
    assert_eq!(g.view(1).known[0], set("Kd"), "everyone saw the take");
    // §2.4: the card taken from the pile cannot be discarded in the same turn.
    assert!(g.check(0, &discard("Kd")).is_err());
    play(&mut g, &[discard("7c")]);
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn each_impossible_position_is_refused_with_its_error() {
    let c = standard();
    assert_eq!(
        refused(&c, |s| s.hands[1].push(card("5h"))),
        PositionError::TooManyCards { card: card("5h"), max: 1 }
    );
    assert_eq!(refused(&c, |s| s.discard.push(Card::JOKER)), PositionError::NotInDeck(Card::JOKER));
    assert_eq!(refused(&c, |s| s.taken = Some(Card::JOKER)), PositionError::NotInDeck(Card::JOKER));
    assert_eq!(
        refused(&c, |s| s.known = vec![vec![Card::JOKER], vec![]]),
        PositionError::NotInDeck(Card::JOKER)
    );
    assert_eq!(
        refused(&c, |s| s.stock.truncate(s.stock.len() - 1)),
        PositionError::PieceCount { found: 51, expected: 52 }
    );
    assert_eq!(
        refused(&c, |s| s.table[0].owner = 2),
        PositionError::NoSuchSeat { field: "meld owner", seat: 2, seats: 2 }
    );
    assert!(matches!(refused(&c, |s| s.table[0].kind = MeldKind::Group), PositionError::Table(_)));
    assert_eq!(
        refused(&c, |s| s.to_move = Some(2)),
        PositionError::NoSuchSeat { field: "to_move", seat: 2, seats: 2 }
    );
    assert_eq!(
        refused(&c, |s| s.played_before = vec![true]),
        PositionError::SeatLists { field: "played_before", found: 1, seats: 2 }
    );
    assert_eq!(
        refused(&c, |s| s.known = vec![vec![]; 3]),
        PositionError::SeatLists { field: "known", found: 3, seats: 2 }
    );
    let inconsistent = |edit: &dyn Fn(&mut Setup), config: &Config, words: &str| match refused(config, edit) {
        PositionError::Inconsistent(m) => assert!(m.contains(words), "{m}"),
        other => panic!("expected an inconsistency naming {words:?}, got {other:?}"),
    };
    inconsistent(&|s| s.known = vec![vec![], cards("5h")], &c, "known card");
    inconsistent(
        &|s| {
            s.phase = Phase::Draw;
            s.played_this_turn = true;
        },
        &c,
        "has not drawn",
    );
    inconsistent(&|s| s.taken = Some(card("2s")), &c, "card taken this turn");
    let mut one = c;
    one.meld_limit = MeldLimit::One;
    inconsistent(&|s| s.melds_this_turn = 2, &one, "limit");
    let mut unlimited = c;
    unlimited.meld_limit = MeldLimit::Unlimited;
    // The melds of this turn are the mover's: seat 0 owns none of the table's one meld.
    assert_eq!(
        refused(&unlimited, |s| s.melds_this_turn = 2),
        PositionError::OutOfRange { field: "melds_this_turn", value: 2, max: 0 }
    );
    inconsistent(
        &|s| {
            let hand = std::mem::take(&mut s.hands[0]);
            s.stock.extend(hand);
        },
        &c,
        "no cards",
    );
    let mut capped = c;
    capped.max_restocks = Some(1);
    assert_eq!(
        refused(&capped, |s| s.restocks = 2),
        PositionError::OutOfRange { field: "restocks", value: 2, max: 1 }
    );
    // Hands and table hold the cards dealt plus the one drawn in the play phase.
    assert_eq!(refused(&c, |s| s.dealt = Some(4)), PositionError::PiecesInPlay { found: 9, dealt: 4 });
    let draw_phase = |s: &mut Setup| {
        s.phase = Phase::Draw;
        s.dealt = Some(8);
    };
    assert_eq!(refused(&c, draw_phase), PositionError::PiecesInPlay { found: 9, dealt: 8 });
    inconsistent(
        &|s| s.outcome = Some(Outcome { points: vec![0, 0], winners: vec![] }),
        &c,
        "exactly when the hand is over",
    );
    let over = |s: &mut Setup| {
        s.phase = Phase::Over;
        s.outcome = Some(Outcome { points: vec![7, 0], winners: vec![0] });
    };
    inconsistent(&over, &c, "result does not fit");
    inconsistent(
        &|s| {
            over(s);
            let hand = std::mem::take(&mut s.hands[0]);
            s.stock.extend(hand);
            s.taken = Some(card("Ts"));
        },
        &c,
        "taken in a hand that is over",
    );
}

#[test]
fn seats_and_dealer_are_checked_first() {
    let mut setup = mid_hand();
    setup.hands.truncate(1);
    assert!(matches!(ClassicRummy::from_setup(&standard(), setup), Err(DealError::PlayerCount { .. })));
    let mut setup = mid_hand();
    setup.dealer = 4;
    assert_eq!(
        ClassicRummy::from_setup(&standard(), setup),
        Err(DealError::NoSuchDealer { dealer: 4, seats: 2 })
    );
}

/// The round trip on every step of seeded hands under each preset: `setup()` loses
/// nothing that `from_setup` needs, and `from_setup` accepts every real position.
#[test]
fn every_reached_position_round_trips_through_its_setup() {
    let configs = [standard(), Config::LAST_CARD.with_game_end(MatchEnd::SingleHand)];
    let mut legal = Vec::new();
    let mut steps = 0;
    for (i, config) in configs.iter().enumerate() {
        for seed in 0..12 {
            let seats = 2 + (seed as usize % 5);
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 10 + i as u64);
            let mut g = ClassicRummy::deal(config, Seating::new(seats), &mut rng).expect("deal");
            loop {
                assert_eq!(ClassicRummy::from_setup(config, g.setup()).as_ref(), Ok(&g));
                steps += 1;
                let Some(seat) = g.to_move() else { break };
                g.legal_actions(&mut legal);
                let action: Action = *legal.choose(&mut rng).expect("a legal action");
                g.apply(seat, action).expect("legal");
                if steps > 20_000 {
                    break;
                }
            }
        }
    }
    assert!(steps > 500, "{steps} positions");
}
