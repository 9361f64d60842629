//! Whole rounds of play, scripted: the order of turns at every table size (RULES.md
//! §2.2) and the restock cap at the recommended bound (§2.5).

mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{Action, ClassicRummy, Config, Phase, RESTOCK_CAP, Setup};
use rummykit_core::{Game, Outcome, Seating};

/// §2.2: the player left of the dealer starts and play goes clockwise (seat by seat
/// upwards, round to 0), at every table size and with every dealer; each turn draws
/// one card and discards one, so every hand holds the dealt number (10, 7 or 6) at the
/// start of each turn.
#[test]
fn rules_2_2_play_goes_clockwise_from_the_dealers_left_at_every_table_size() {
    for (seats, size) in [(2, 10), (3, 7), (4, 7), (5, 6), (6, 6)] {
        for dealer in 0..seats {
            let seating = Seating::new(seats).with_dealer(dealer);
            let mut rng = ChaCha8Rng::seed_from_u64((seats * 10 + dealer) as u64);
            let mut g = ClassicRummy::deal(&standard(), seating, &mut rng).expect("a deal");
            let mut order = Vec::new();
            // Two full rounds of draw and discard the card drawn: nobody melds.
            for _ in 0..2 * seats {
                let seat = g.to_move().expect("the hand is on");
                order.push(seat);
                assert_eq!(g.phase(), Phase::Draw);
                for s in 0..seats {
                    assert_eq!(g.hand(s).map(|h| h.len()), Some(size), "{seats} seats, seat {s}");
                }
                let before = g.hand(seat).expect("a seat");
                g.apply(seat, Action::DrawStock).expect("a draw");
                let drawn = (g.hand(seat).expect("a seat") - before).first().expect("one card drawn");
                g.apply(seat, Action::Discard(drawn)).expect("a stock card may be discarded at once");
                assert_eq!(g.piles().top_discard(), Some(drawn));
            }
            let expected: Vec<usize> = (0..2 * seats).map(|k| (dealer + 1 + k) % seats).collect();
            assert_eq!(order, expected, "{seats} seats, dealer {dealer}");
            assert_eq!(g.piles().stock_len(), 52 - seats * size - 1 - 2 * seats);
        }
    }
}

/// Two players; every card but `Qc`, the discard pile, is in a hand, the stock is
/// empty and seat 0 is to draw.
fn only_the_queen_moves(config: &Config) -> ClassicRummy {
    let suit = |s: char| -> String {
        "A23456789TJQK".chars().map(|r| format!("{r}{s}")).collect::<Vec<_>>().join(" ")
    };
    let seat0 = format!("{} {}", suit('c'), suit('d')).replace("Qc ", "");
    let seat1 = format!("{} {}", suit('h'), suit('s'));
    let mut setup = Setup::new(vec![cards(&seat0), cards(&seat1)]);
    setup.dealer = 1;
    setup.discard = cards("Qc");
    ClassicRummy::from_setup(config, setup).expect("a valid position")
}

/// §2.5 with the recommended cap (`RESTOCK_CAP`, two): the pile becomes the stock twice,
/// and the draw that needs a third restock ends the hand void, nothing drawn, no winner
/// and no score; without a cap the pile turns over a third time and play goes on.
#[test]
fn rules_2_5_the_recommended_cap_allows_two_restocks_and_voids_the_third() {
    for cap in [Some(RESTOCK_CAP), None] {
        let mut g = only_the_queen_moves(&standard().with_max_restocks(cap));
        // Each player in turn: the one-card pile turns over, its card is drawn and
        // thrown back at once (a stock card).
        for (seat, restocks) in [(0, 1), (1, 2)] {
            assert_eq!(g.to_move(), Some(seat));
            play(&mut g, &[Action::DrawStock]);
            assert_eq!((g.piles().restocks(), g.piles().stock_len()), (restocks, 0));
            assert!(g.hand(seat).unwrap().contains(id("Qc")));
            play(&mut g, &[discard("Qc")]);
        }
        play(&mut g, &[Action::DrawStock]);
        if cap.is_some() {
            assert_eq!(g.outcome(), Some(Outcome { points: vec![0, 0], winners: vec![] }));
            assert_eq!((g.to_move(), g.phase(), g.piles().restocks()), (None, Phase::Over, 2));
            assert_eq!(g.piles().discard_pile(), &ids("Qc")[..], "nothing was drawn");
            assert!(!g.hand(0).unwrap().contains(id("Qc")));
        } else {
            assert_eq!((g.piles().restocks(), g.outcome(), g.to_move()), (3, None, Some(0)));
            assert!(g.hand(0).unwrap().contains(id("Qc")));
        }
        assert!(g.conserves_cards());
    }
}
