//! Positions built with the public `Setup`: the defaults, every check of
//! `Rummy40::from_setup` (the same a save is read with), how copies of a card are
//! numbered, and play from a built mid-hand position (RULES.md §3.3, §3.7, §3.8).

#[macro_use]
mod common;

use common::*;
use rummykit_core::{Card, DealError, Game, MeldKind, PositionError, parse_list};
use rummykit_rummy40::{Action, Config, Phase, Rummy40, Setup, SetupMeld};

fn cards(text: &str) -> Vec<Card> {
    parse_list(text).expect("notation")
}

/// Seat 1 opened with 8h 9h Th; seat 0 (not opened) is to move in the draw phase.
fn mid_hand() -> Setup {
    let mut s = Setup::new(vec![cards("Jh 2c 2d 2s 5s"), cards("3c 4d Kd Kd")]);
    s.table = vec![SetupMeld::new(1, MeldKind::Run, cards("8h 9h Th"))];
    s.dealer = 1;
    s.discard = cards("Qs");
    s.stock = cards("7c");
    s.fill_stock();
    s
}

fn invalid(config: &Config, setup: Setup) -> PositionError {
    match Rummy40::from_setup(config, setup) {
        Err(DealError::InvalidDeal(e)) => e,
        other => panic!("expected an invalid position, got {other:?}"),
    }
}

#[test]
fn defaults_describe_a_hand_starting_here() {
    let g = Rummy40::from_setup(&Config::RUMMY40, mid_hand()).expect("a valid position");
    assert_eq!((g.to_move(), g.phase(), g.dealer()), (Some(0), Phase::Draw, 1));
    assert!(g.has_opened(1).unwrap() && !g.has_opened(0).unwrap(), "the meld owner has opened, nobody else");
    assert_eq!(g.taken_this_turn(), None);
    assert_eq!(g.piles().discard_pile().len(), 1);
    assert_eq!(g.piles().stock_len(), 106 - 13);
    let s = g.setup();
    assert_eq!((s.to_move, s.opened_before, s.dealt, s.won_jokers), (Some(0), Some(false), Some(12), 0));
    assert_eq!(s.opened, vec![false, true]);
    assert_eq!(s.stock[0], "7c".parse().unwrap(), "the listed stock is drawn first");
    // The filled position reads back exactly, and again from its own setup.
    assert_eq!(Rummy40::from_setup(&Config::RUMMY40, s).as_ref(), Ok(&g));
}

/// RULES.md §3.3, §3.5: play on from a built position. Seat 0 draws the listed 7c; a
/// set of 2s is worth 6, below the 40 to open, so it discards and seat 1 is to move.
#[test]
fn rules_3_3_play_goes_on_from_a_built_position() {
    let mut g = Rummy40::from_setup(&Config::RUMMY40, mid_hand()).unwrap();
    ok!(g, Action::DrawStock);
    assert_eq!(hand_text(&g, 0), "2c 7c 2d Jh 2s 5s");
    refused!(
        g,
        Action::Open { melds: vec![set(&g, 0, "2c 2d 2s")] },
        rummykit_rummy40::ActionError::OpeningBelowThreshold { needed: 40, got: 6 }
    );
    ok!(g, Action::Discard(id(&g, 0, "5s")));
    assert_eq!((g.to_move(), g.phase()), (Some(1), Phase::Draw));
    let back = Rummy40::from_setup(&Config::RUMMY40, g.setup()).unwrap();
    assert_eq!(back.setup(), g.setup());
}

/// RULES.md §3.7, §3.8: going out without having opened before this turn is going
/// rummy; `opened_before` set in a built position makes the same play an ordinary win.
#[test]
fn rules_3_7_opened_before_decides_a_rummy() {
    let mut s = Setup::new(vec![cards("Ah Kh Qh Jh 9s"), cards("3c 4d 5d")]);
    s.table = vec![SetupMeld::new(0, MeldKind::Group, cards("2c 2d 2h"))];
    s.dealer = 1;
    s.stock = cards("Th");
    s.fill_stock();
    for (opened_before, rummy, points) in [(true, false, 12), (false, true, 12 + 25)] {
        let mut s = s.clone();
        s.opened_before = Some(opened_before);
        let mut g = Rummy40::from_setup(&Config::RUMMY40, s).unwrap();
        ok!(g, Action::DrawStock);
        ok!(g, Action::Meld(run(&g, 0, "Th Jh Qh Kh Ah")));
        ok!(g, Action::Discard(id(&g, 0, "9s")));
        assert_eq!(g.phase(), Phase::Over);
        assert_eq!(g.went_rummy(), rummy);
        assert_eq!(g.penalties(), Some(&[0, points][..]), "3 + 4 + 5 (+25 for a rummy)");
        let back = Rummy40::from_setup(&Config::RUMMY40, g.setup()).unwrap();
        assert_eq!(back.setup(), g.setup());
    }
}

#[test]
fn copies_are_numbered_in_the_documented_order() {
    let cat = rummykit_rummy40::RUMMY40_PACK;
    let kd: Vec<_> = cat.ids_of("Kd".parse().unwrap()).collect();
    // Seat 1 holds both Kd; seat 0 none: seat 1 gets the first copy, then the second.
    let g = Rummy40::from_setup(&Config::RUMMY40, mid_hand()).unwrap();
    assert!(g.hand(1).unwrap().contains(kd[0]) && g.hand(1).unwrap().contains(kd[1]));
    // One Kd in seat 0's hand, one in the stock: the hand's is the first copy.
    let mut s = mid_hand();
    s.hands[1].retain(|c| c.to_string() != "Kd");
    s.hands[1].push("Ks".parse().unwrap());
    s.hands[0].push("Kd".parse().unwrap());
    let ks = s.stock.iter().position(|c| c.to_string() == "Ks").unwrap();
    s.stock.remove(ks);
    s.stock.push("Kd".parse().unwrap());
    let g = Rummy40::from_setup(&Config::RUMMY40, s).unwrap();
    assert!(g.hand(0).unwrap().contains(kd[0]));
    assert_eq!(g.piles().stock()[0], kd[1], "the stock's last card is its bottom");
}

/// The taken card: the mover's known copy; a won joker: the mover's joker in hand.
#[test]
fn turn_fields_name_copies_in_hand() {
    let mut s = mid_hand();
    s.phase = Phase::Play;
    s.hands[0].push("Qs".parse().unwrap());
    s.discard.clear();
    s.known = vec![cards("Qs"), vec![]];
    s.taken = Some("Qs".parse().unwrap());
    let g = Rummy40::from_setup(&Config::RUMMY40, s.clone()).unwrap();
    let taken = g.taken_this_turn().expect("a taken card");
    assert!(g.known_cards(0).unwrap().contains(taken) && g.hand(0).unwrap().contains(taken));
    assert_eq!(g.setup().taken, s.taken);
    // A won joker in the mover's hand.
    s.hands[0].push(Card::JOKER);
    s.stock.retain(|c| !c.is_joker());
    s.stock.push(Card::JOKER);
    s.won_jokers = 1;
    s.dealt = Some(13);
    let g = Rummy40::from_setup(&Config::RUMMY40, s.clone()).unwrap();
    assert_eq!(g.setup().won_jokers, 1);
    assert_eq!(Rummy40::from_setup(&Config::RUMMY40, g.setup()).as_ref(), Ok(&g));
    s.won_jokers = 2;
    assert_eq!(
        invalid(&Config::RUMMY40, s),
        PositionError::Inconsistent("a won joker is not a joker in hand or on the table")
    );
}

/// Every check of `from_setup`, each with its typed error.
#[test]
fn every_check_of_a_position() {
    let c = Config::RUMMY40;
    let mut bad_config = c;
    bad_config.jokers = 3;
    assert!(matches!(Rummy40::from_setup(&bad_config, mid_hand()), Err(DealError::InvalidConfig { .. })));
    let mut s = mid_hand();
    s.dealer = 2;
    assert!(matches!(Rummy40::from_setup(&c, s), Err(DealError::NoSuchDealer { .. })));
    let mut s = mid_hand();
    let h = s.hands.remove(1);
    s.hands[0].extend(h);
    assert!(matches!(Rummy40::from_setup(&c, s), Err(DealError::PlayerCount { .. })));

    let mut s = mid_hand();
    s.to_move = Some(2);
    assert_eq!(invalid(&c, s), PositionError::NoSuchSeat { field: "to_move", seat: 2, seats: 2 });
    let mut s = mid_hand();
    s.table[0].owner = 3;
    s.opened = vec![true, true];
    assert_eq!(invalid(&c, s), PositionError::NoSuchSeat { field: "meld owner", seat: 3, seats: 2 });
    let mut s = mid_hand();
    s.opened = vec![true];
    assert_eq!(invalid(&c, s), PositionError::SeatLists { field: "opened", found: 1, seats: 2 });
    let mut s = mid_hand();
    s.known = vec![vec![]; 3];
    assert_eq!(invalid(&c, s), PositionError::SeatLists { field: "known", found: 3, seats: 2 });
    let mut s = mid_hand();
    s.opened = vec![true, false];
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("a meld's owner has not opened"));
    let mut s = mid_hand();
    s.table[0].cards = cards("8h 9h Jh");
    s.stock.retain(|c| c.to_string() != "Jh");
    s.stock.push("Th".parse().unwrap());
    assert!(matches!(invalid(&c, s), PositionError::Table(_)));
    let mut s = mid_hand();
    s.known = vec![vec![], cards("Jh")];
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("a known card is not in its holder's hand"));
    let mut capped = c;
    capped.max_restocks = Some(2);
    let mut s = mid_hand();
    s.restocks = 3;
    assert_eq!(invalid(&capped, s), PositionError::OutOfRange { field: "restocks", value: 3, max: 2 });
    let mut s = mid_hand();
    s.opened_before = Some(true);
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("opened before this turn but not opened"));
    // After the draw, the taken card is in the mover's hand or on the table: Qs is on
    // the discard pile.
    let mut s = mid_hand();
    s.phase = Phase::Play;
    s.taken = Some("Qs".parse().unwrap());
    assert_eq!(
        invalid(&c, s),
        PositionError::Inconsistent(
            "the card taken this turn is neither in the mover's hand nor on the table"
        )
    );
    let mut s = mid_hand();
    s.taken = Some("Jh".parse().unwrap());
    assert_eq!(
        invalid(&c, s),
        PositionError::Inconsistent("a turn that has not drawn yet has taken no card")
    );
    let mut s = mid_hand();
    s.winner = Some(0);
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("a result before the hand is over"));
    let mut s = mid_hand();
    s.phase = Phase::Play;
    s.dealt = Some(10);
    assert_eq!(invalid(&c, s), PositionError::PiecesInPlay { found: 12, dealt: 10 });
    let mut s = mid_hand();
    s.dealt = Some(30);
    assert_eq!(invalid(&c, s), PositionError::DealtCount { dealt: 30, seats: 2, max: 13 });
    let mut s = mid_hand();
    s.phase = Phase::Over;
    s.winner = Some(0);
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("the result does not fit the hands"));
    let mut s = mid_hand();
    s.phase = Phase::Over;
    s.rummy = true;
    assert_eq!(invalid(&c, s), PositionError::Inconsistent("a void hand cannot be won by going rummy"));
    let mut s = mid_hand();
    s.phase = Phase::Over;
    s.penalties = Some(vec![0, 1]);
    assert_eq!(
        invalid(&c, s),
        PositionError::Inconsistent("the saved penalties are not what the hands score")
    );
    // A void hand scores nothing, and reads back.
    let mut s = mid_hand();
    s.phase = Phase::Over;
    let g = Rummy40::from_setup(&c, s).unwrap();
    assert_eq!(g.penalties(), Some(&[0, 0][..]));
    assert_eq!(Rummy40::from_setup(&c, g.setup()).as_ref(), Ok(&g));
}
