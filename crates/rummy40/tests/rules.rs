//! Scripted deals for every rule of `RULES.md` §3 and its worked examples.

#[macro_use]
mod common;

use common::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Card, DealError, Game, MeldError, MeldId, MeldKind, PieceId, PositionError, Redeal, RunEnd, Seating,
    SetupMeld, TableError, TurnError, parse_list,
};
use rummykit_rummy40::{
    Action, ActionError, Config, JokerDiscard, NewMeld, OpeningScope, Phase, Rummy40, RummyBonus,
    RummyLayOff, Set3JokerSwap, Setup,
};

const M0: MeldId = MeldId::new(0);
const M1: MeldId = MeldId::new(1);

fn draw(g: &mut Rummy40) {
    common::apply_ok(g, Action::DrawStock);
}

// ---------------------------------------------------------------- §3.1, §3.2 deal

#[test]
fn rules_3_2_deal_13_each_up_card_and_stock() {
    for seats in 2..=6 {
        let mut rng = ChaCha8Rng::seed_from_u64(seats as u64);
        let g =
            Rummy40::deal(&Config::RUMMY40, Seating::new(seats).with_dealer(seats - 1), &mut rng).unwrap();
        assert!((0..seats).all(|s| g.hand(s).unwrap().len() == 13));
        assert_eq!(g.piles().discard_pile().len(), 1);
        assert_eq!(g.piles().stock_len(), 106 - 13 * seats - 1);
        assert_eq!(g.to_move(), Some(0));
        assert_eq!(g.phase(), Phase::Draw);
        let mut all = g.piles().pieces();
        for s in 0..seats {
            all |= g.hand(s).unwrap();
        }
        assert_eq!(all, rummykit_rummy40::RUMMY40_PACK.all());
    }
}

#[test]
fn rules_3_1_scala40_has_four_jokers_and_108_cards() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let g = Rummy40::deal(&Config::SCALA40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    assert_eq!(g.piles().stock_len(), 108 - 26 - 1);
    assert_eq!(g.catalog().jokers(), 4);
}

#[test]
fn rules_3_1_two_to_six_players() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for seats in [0, 1, 7] {
        assert_eq!(
            Rummy40::deal(&Config::RUMMY40, Seating::new(seats), &mut rng).unwrap_err(),
            DealError::PlayerCount { seats, min: 2, max: 6 }
        );
    }
    assert!(matches!(
        Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(3), &mut rng),
        Err(DealError::NoSuchDealer { .. })
    ));
    let mut bad = Config::RUMMY40;
    bad.jokers = 3;
    assert!(matches!(Rummy40::deal(&bad, Seating::new(3), &mut rng), Err(DealError::InvalidConfig { .. })));
}

#[test]
fn rules_3_2_deal_is_reproducible_and_dealer_cut_when_not_given() {
    let deal = |seed| Rummy40::deal(&Config::RUMMY40, Seating::new(4), &mut ChaCha8Rng::seed_from_u64(seed));
    assert_eq!(deal(5).unwrap(), deal(5).unwrap());
    let dealers: std::collections::BTreeSet<usize> = (0..40).map(|s| deal(s).unwrap().dealer()).collect();
    assert_eq!(dealers.len(), 4);
}

#[test]
fn rules_3_2_dealer_rotates_in_a_match() {
    let config = Config::RUMMY40;
    let mut m = rummykit_core::Match::<Rummy40>::new(
        config,
        rummykit_core::MatchTerms::new(3).with_first_dealer(1).with_end(config.game_end),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let hand = m.next_hand(&mut rng).unwrap();
    assert_eq!((hand.dealer(), hand.to_move()), (1, Some(2)));
    m.record(&rummykit_core::Outcome { points: vec![0, 10, 20], winners: vec![0] }).unwrap();
    let hand = m.next_hand(&mut rng).unwrap();
    assert_eq!((hand.dealer(), hand.to_move()), (2, Some(0)));
}

/// The faces of the pack's cards `range`, by id: ids 0–51 are the first copy of each
/// card, 52–103 the second, 104 and 105 the jokers.
fn faces(range: std::ops::Range<usize>) -> Vec<Card> {
    let cat = rummykit_rummy40::RUMMY40_PACK;
    cat.ids().skip(range.start).take(range.len()).filter_map(|id| cat.face(id)).collect()
}

/// A two-seat position from the pack's cards by id ranges (see [`faces`]): hands 0–12 and
/// 13–25 (the first copies, so the ids are those), the discard pile bottom first, the
/// stock in drawing order; seat 1 deals.
fn scripted(config: Config, discard: std::ops::Range<usize>, stock: std::ops::Range<usize>) -> Setup {
    let mut setup = Setup::new(vec![faces(0..13), faces(13..26)]);
    setup.discard = faces(discard);
    setup.stock = faces(stock);
    setup.dealer = 1;
    let _ = config;
    setup
}

#[test]
fn scripted_deal_is_checked() {
    let c = Config::RUMMY40;
    let deal_err = |e: PositionError| Err(DealError::InvalidDeal(e));
    let base = scripted(c, 0..0, 26..106);
    assert!(Rummy40::from_setup(&c, base.clone()).is_ok());
    // A card missing from the deal.
    let mut s = base.clone();
    s.stock.pop();
    assert_eq!(Rummy40::from_setup(&c, s), deal_err(PositionError::PieceCount { found: 105, expected: 106 }));
    // A third copy of a card.
    let mut s = base.clone();
    s.hands[1][0] = s.hands[0][0];
    s.stock.push(s.hands[0][0]);
    let card = s.hands[0][0];
    assert_eq!(Rummy40::from_setup(&c, s), deal_err(PositionError::TooManyCards { card, max: 2 }));
    // A third joker (RULES.md §3.1: two, or four as an option).
    let mut s = base.clone();
    s.hands[0][0] = Card::JOKER;
    assert_eq!(
        Rummy40::from_setup(&c, s),
        deal_err(PositionError::TooManyCards { card: Card::JOKER, max: 2 })
    );
    // The pack of four jokers misses two.
    let mut four = c;
    four.jokers = 4;
    assert_eq!(
        Rummy40::from_setup(&four, base.clone()),
        deal_err(PositionError::PieceCount { found: 106, expected: 108 })
    );
    // Too many cards in a hand, an empty hand.
    let mut s = base.clone();
    let moved = s.hands[1].pop().unwrap();
    s.hands[0].push(moved);
    assert_eq!(
        Rummy40::from_setup(&c, s),
        deal_err(PositionError::HandSize { seat: 0, len: 14, min: 1, max: 13 })
    );
    let mut s = base.clone();
    let all = std::mem::take(&mut s.hands[0]);
    s.hands[1].extend(all);
    assert_eq!(
        Rummy40::from_setup(&c, s),
        deal_err(PositionError::HandSize { seat: 0, len: 0, min: 1, max: 13 })
    );
    // An empty stock at the start of a turn (RULES.md §3.7: it is restocked at once).
    let s = scripted(c, 26..106, 0..0);
    assert_eq!(
        Rummy40::from_setup(&c, s),
        deal_err(PositionError::Inconsistent("the stock is empty at the start of a turn"))
    );
}

// ---------------------------------------------------------------- §3.3 turn flow

#[test]
fn rules_3_3_draw_first_then_play_then_discard() {
    let mut g = game(Config::RUMMY40, &["2c 5d 9h", "3c 6d Th"], "Kc", "4s 7s");
    let two_c = id(&g, 0, "2c");
    refused!(g, Action::Discard(two_c), ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    draw(&mut g);
    assert_eq!(hand_text(&g, 0), "2c 5d 9h 4s");
    refused!(g, Action::DrawStock, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    refused!(g, Action::TakeDiscard, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Play }));
    let three_c = g.hand(1).unwrap().first().unwrap();
    refused!(g, Action::Discard(three_c), ActionError::Turn(TurnError::NotInHand(named(&g, three_c))));
    ok!(g, Action::Discard(two_c));
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.piles().top_discard(), Some(two_c));
}

#[test]
fn rules_3_3_take_discard_before_opening_only_with_an_opening() {
    let mut g = game(Config::RUMMY40, &["Jh Qh 4c 4d 4s 9s 2d", "3c 6d Th"], "Kh", "4s");
    refused!(g, Action::TakeDiscard, ActionError::TakeOnlyToOpen);
    let kh = g.piles().top_discard().unwrap();
    // RULES.md §3.3/§3.5: Jh-Qh-Kh (30) + 4c 4d 4s (12) = 42, using the taken Kh.
    let mut jqk = run(&g, 0, "Jh Qh");
    jqk.pieces.push(kh);
    ok!(g, Action::TakeDiscardAndOpen { melds: vec![jqk, set(&g, 0, "4c 4d 4s")] });
    assert!(g.has_opened(0).unwrap());
    assert_eq!(g.taken_this_turn(), Some(kh));
    assert_eq!(hand_text(&g, 0), "2d 9s");
}

#[test]
fn rules_3_3_opening_with_the_discard_must_use_it() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh 4c 4d 4s 9s 2d", "3c 6d Th"], "Kh", "4s");
    let kh = g.piles().top_discard().unwrap();
    let melds = vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "4c 4d 4s")];
    refused!(
        g,
        Action::TakeDiscardAndOpen { melds },
        ActionError::TakenCardNotMelded { card: named(&g, kh) }
    );
}

/// The refusals name a card as `Game::describe` does, by its face, with its id (which
/// of the two copies); an id that is no card of the pack by its id alone.
#[test]
fn rules_3_3_refusals_name_cards_by_face_and_id() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh 4c 4d 4s 9s 2d", "3c 6d Th"], "Kh", "4s");
    let says = |g: &Rummy40, action: Action| g.check(0, &action).unwrap_err().to_string();
    let kh = g.piles().top_discard().unwrap();
    let melds = vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "4c 4d 4s")];
    assert_eq!(
        says(&g, Action::TakeDiscardAndOpen { melds }),
        format!("the discard Kh ({kh}) taken before opening must be in the opening melds")
    );
    draw(&mut g);
    let three_c = g.hand(1).unwrap().first().unwrap();
    assert_eq!(
        says(&g, Action::Discard(three_c)),
        format!("card 3c ({three_c}) is not in the hand of the player to move")
    );
    let stranger = PieceId::new(150).unwrap();
    assert_eq!(says(&g, Action::Discard(stranger)), "card #150 is not in the hand of the player to move");
    refused!(g, Action::Discard(stranger), ActionError::Turn(TurnError::NotInHand(named(&g, stranger))));
    let nine = id(&g, 0, "9s");
    let twice =
        Action::Open { melds: vec![run(&g, 0, "Th Jh Qh"), NewMeld::new(MeldKind::Group, vec![nine, nine])] };
    assert_eq!(says(&g, twice), format!("card 9s ({nine}) is named twice"));
}

#[test]
fn rules_3_3_after_opening_the_discard_may_be_taken_freely() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2d 5s", "3c 6d Th 8c"], "", "4s 9d 7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "3c")));
    ok!(g, Action::TakeDiscard);
    assert_eq!(hand_text(&g, 0), "3c 2d 5s");
}

#[test]
fn rules_3_3_never_discard_the_card_just_taken_nor_its_twin() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2d 3c", "3c 6d Th 8c"], "", "4s 9d 7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "3c")));
    ok!(g, Action::TakeDiscard);
    let [first, twin] = ids(&g, 0, "3c 3c")[..] else { panic!() };
    for card in [first, twin] {
        refused!(
            g,
            Action::Discard(card),
            ActionError::Turn(TurnError::DiscardTakenCard { card: named(&g, card) })
        );
    }
    // A stock card may be discarded at once (the 4s above); so may another card here.
    ok!(g, Action::Discard(id(&g, 0, "2d")));
}

#[test]
fn rules_3_3_plays_may_not_leave_the_hand_without_a_discard() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c 6c", "3c 6d Th 8c"], "", "7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    refused!(g, Action::Meld(run(&g, 0, "5c 6c 7c")), ActionError::NoDiscardLeft);
    // The same meld at the opening: it would empty the hand too.
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c 6c", "3c 6d Th 8c"], "", "7c");
    draw(&mut g);
    let melds = vec![run(&g, 0, "Th Jh Qh Kh"), run(&g, 0, "5c 6c 7c")];
    refused!(g, Action::Open { melds }, ActionError::NoDiscardLeft);
}

/// A take that would leave only cards of the taken card's face (none of which may go) is
/// refused, under the options that oblige no play (Rummy 40) as under those that do
/// (Scala 40), and the list of legal actions holds only the draw.
#[test]
fn rules_3_3_a_take_may_not_leave_the_hand_without_a_discard() {
    for config in [Config::RUMMY40, Config::SCALA40] {
        let mut g = game(config, &["Th Jh Qh Kh 3c", "3c 6d Th 8c"], "", "4s 9d 7c");
        draw(&mut g);
        ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
        ok!(g, Action::Discard(id(&g, 0, "4s")));
        draw(&mut g);
        ok!(g, Action::Discard(id(&g, 1, "3c")));
        // Seat 0 holds the other 3c: with the one taken, neither may be discarded.
        refused!(g, Action::TakeDiscard, ActionError::NoDiscardLeft);
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        assert_eq!(legal, [Action::DrawStock], "{config:?}");
    }
}

#[test]
fn rules_3_3_build_and_further_melds_need_an_opening() {
    let mut g = game(Config::RUMMY40, &["5c 6c 7c 9d", "3c 6d Th 8c"], "", "2s");
    draw(&mut g);
    refused!(g, Action::Meld(run(&g, 0, "5c 6c 7c")), ActionError::NotOpened);
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "9d"), onto: M0, end: RunEnd::Back },
        ActionError::NotOpened,
    );
    refused!(g, Action::SwapJoker { piece: id(&g, 0, "9d"), meld: M0 }, ActionError::NotOpened);
    let two = ids(&g, 0, "5c 6c").try_into().unwrap();
    refused!(g, Action::ReleaseJoker { meld: M0, pieces: two }, ActionError::NotOpened);
}

#[test]
fn rules_3_3_build_onto_any_meld_own_or_others() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2d 5s", "9c 9d 9s 9h 4c 4d Ah 7d"], "", "4s 4h 8d");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 1, "9c 9d 9s 9h"), set(&g, 1, "4c 4d 4h")] });
    // Ah onto seat 0's run (Q-K-A is fine, the ace is high), at the back.
    let ah = id(&g, 1, "Ah");
    refused!(
        g,
        Action::LayOff { piece: ah, onto: M0, end: RunEnd::Front },
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, ah),
            error: MeldError::NotConsecutive { index: 1 }
        }),
    );
    ok!(g, Action::LayOff { piece: ah, onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh Ah");
    assert_eq!(g.table().melds()[0].owner(), 0);
    refused!(
        g,
        Action::LayOff { piece: id(&g, 1, "7d"), onto: MeldId::new(9), end: RunEnd::Back },
        ActionError::Table(TableError::NoSuchMeld(MeldId::new(9))),
    );
}

// ---------------------------------------------------------------- §3.4 melds

#[test]
fn rules_3_4_ace_only_high_by_default() {
    let hand = "Th Jh Qh Kh Qs Ks As Ac 2c 3c Kd Ad 2d";
    let mut g = game(Config::RUMMY40, &[hand, "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Meld(run(&g, 0, "Qs Ks As")));
    refused!(
        g,
        Action::Meld(run(&g, 0, "Ac 2c 3c")),
        ActionError::Table(TableError::InvalidMeld {
            kind: MeldKind::Run,
            error: MeldError::AceLowNotAllowed
        }),
    );
    refused!(
        g,
        Action::Meld(run(&g, 0, "Kd Ad 2d")),
        ActionError::Table(TableError::InvalidMeld { kind: MeldKind::Run, error: MeldError::WrapNotAllowed }),
    );
}

#[test]
fn rules_3_4_ace_low_option_counts_one() {
    let mut c = Config::RUMMY40;
    c.ace_low_in_runs = true;
    // A-2-3 (1+2+3 = 6) + Th Jh Qh Kh (40) = 46.
    let mut g = game(c, &["Ac 2c 3c Th Jh Qh Kh 9d", "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Ac 2c 3c"), run(&g, 0, "Th Jh Qh Kh")] });
    // A-2-3 alone is worth 6, not 26.
    let mut g = game(c, &["Ac 2c 3c Th Jh Qh 9d", "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    let melds = vec![run(&g, 0, "Ac 2c 3c"), run(&g, 0, "Th Jh Qh")];
    refused!(g, Action::Open { melds }, ActionError::OpeningBelowThreshold { needed: 40, got: 36 });
}

#[test]
fn rules_3_4_sets_never_repeat_a_suit_and_jokers_fill_gaps() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 7c 7c 7d * 5s 7s", "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    refused!(
        g,
        Action::Meld(set(&g, 0, "7c 7c 7d")),
        ActionError::Table(TableError::InvalidMeld {
            kind: MeldKind::Group,
            error: MeldError::RepeatedSuit { index: 1 },
        }),
    );
    // A joker in a run stands for the gap: 5s * 7s is 5-6-7 of spades.
    ok!(g, Action::Meld(run(&g, 0, "5s * 7s")));
    assert_eq!(meld_text(&g, 1), "5s * 7s");
}

#[test]
fn rules_3_4_joker_limit_option() {
    let mut c = Config::RUMMY40;
    c.joker_limit = rummykit_core::JokerLimit::NotMoreThanNaturals;
    let mut g = game(c, &["Th Jh Qh Kh 9c * * 2d", "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    refused!(
        g,
        Action::Meld(set(&g, 0, "9c * *")),
        ActionError::Table(TableError::InvalidMeld {
            kind: MeldKind::Group,
            error: MeldError::TooManyJokers { jokers: 2, max: 1 },
        }),
    );
}

// ---------------------------------------------------------------- §3.5 opening

#[test]
fn rules_3_5_opening_of_exactly_40_is_accepted() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2c 5d 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    assert!(g.has_opened(0).unwrap());
}

#[test]
fn rules_3_5_opening_of_39_is_rejected() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh 3c 3d 3s 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    let melds = vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "3c 3d 3s")];
    refused!(g, Action::Open { melds }, ActionError::OpeningBelowThreshold { needed: 40, got: 39 });
    refused!(g, Action::Open { melds: vec![] }, ActionError::NoMelds);
}

#[test]
fn rules_3_5_worked_example_42_and_52() {
    // ♥10-J-Q (30) + 4♣ 4♦ 4♠ (12) = 42.
    let mut g = game(Config::RUMMY40, &["Th Jh Qh 4c 4d 4s 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "4c 4d 4s")] });
    // ♠Q-K-A (31) + ♣7 ♦7 joker (21) = 52; the joker counts 7.
    let mut g = game(Config::RUMMY40, &["Qs Ks As 7c 7d * 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Qs Ks As"), set(&g, 0, "7c 7d *")] });
    // Either alone is short.
    let mut g = game(Config::RUMMY40, &["Qs Ks As 7c 7d * 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    refused!(
        g,
        Action::Open { melds: vec![run(&g, 0, "Qs Ks As")] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 31 },
    );
    refused!(
        g,
        Action::Open { melds: vec![set(&g, 0, "7c 7d *")] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 21 },
    );
}

#[test]
fn rules_3_5_builds_in_the_opening_turn_do_not_count() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh 3c 3d 3s 9h 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    // 39 in melds; building 9h first is not allowed (not opened), and after the
    // opening it would not count anyway.
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "9h"), onto: M0, end: RunEnd::Front },
        ActionError::NotOpened,
    );
    let melds = vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "3c 3d 3s")];
    refused!(g, Action::Open { melds }, ActionError::OpeningBelowThreshold { needed: 40, got: 39 });
}

#[test]
fn rules_3_5_open_only_once() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 9c 9d 9s 2d", "3h 6d Th 8c"], "", "5h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    refused!(g, Action::Open { melds: vec![set(&g, 0, "9c 9d 9s")] }, ActionError::AlreadyOpened);
    let discard = id(&g, 0, "2d");
    refused!(
        g,
        Action::GoRummy { melds: vec![set(&g, 0, "9c 9d 9s")], lay_offs: vec![], discard },
        ActionError::AlreadyOpened,
    );
}

#[test]
fn rules_3_5_scope_only_when_taking_discard() {
    let mut c = Config::RUMMY40;
    c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    let mut g = game(c, &["2c 3c 4c 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "2c 3c 4c")] });
    // With the discard, the threshold still applies.
    let mut g = game(c, &["2c 3c 8s 9d", "3h 6d Th 8c"], "4c", "9c");
    let mut m = run(&g, 0, "2c 3c");
    m.pieces.push(g.piles().top_discard().unwrap());
    refused!(
        g,
        Action::TakeDiscardAndOpen { melds: vec![m] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 9 },
    );
}

#[test]
fn pieces_must_be_in_hand_and_named_once() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2c 5d 8s", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    let th = id(&g, 0, "Th");
    let mut twice = run(&g, 0, "Th Jh Qh Kh");
    twice.pieces.push(th);
    refused!(g, Action::Open { melds: vec![twice] }, ActionError::RepeatedPiece(named(&g, th)));
    let other = id(&g, 1, "3h");
    let m = NewMeld::new(MeldKind::Run, vec![th, id(&g, 0, "Jh"), id(&g, 0, "Qh"), other]);
    refused!(g, Action::Open { melds: vec![m] }, ActionError::Turn(TurnError::NotInHand(named(&g, other))));
}

// ---------------------------------------------------------------- §3.6 jokers

#[test]
fn rules_3_6_joker_swap_from_a_run_with_the_exact_card() {
    let mut g = game(Config::RUMMY40, &["Th * Qh Kh Jh Jd 2c", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
    let jd = id(&g, 0, "Jd");
    refused!(
        g,
        Action::SwapJoker { piece: jd, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, jd) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Jh"), meld: M0 });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh");
    assert_eq!(hand_text(&g, 0), "2c 9c Jd *");
}

#[test]
fn rules_3_6_no_swap_from_a_meld_without_joker() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 9h 2c", "3h 6d Th 8c"], "", "9c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    let nine = id(&g, 0, "9h");
    refused!(
        g,
        Action::SwapJoker { piece: nine, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, nine) }
    );
}

#[test]
fn rules_3_6_set_of_three_joker_needs_both_missing_suits() {
    let mut g = game(Config::RUMMY40, &["Th Ts * 5c 6c 7c Td Tc 2d", "3h 6d Th 8c"], "", "9s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th Ts *"), run(&g, 0, "5c 6c 7c")] });
    refused!(
        g,
        Action::SwapJoker { piece: id(&g, 0, "Td"), meld: M0 },
        ActionError::NeedsBothMissingSuits { meld: M0 },
    );
    let bad = [id(&g, 0, "Td"), id(&g, 0, "9s")];
    refused!(g, Action::ReleaseJoker { meld: M0, pieces: bad }, ActionError::NotAReleasableSet { meld: M0 });
    refused!(g, Action::ReleaseJoker { meld: M1, pieces: bad }, ActionError::NotAReleasableSet { meld: M1 });
    let td = id(&g, 0, "Td");
    refused!(
        g,
        Action::ReleaseJoker { meld: M0, pieces: [td, td] },
        ActionError::RepeatedPiece(named(&g, td))
    );
    ok!(g, Action::ReleaseJoker { meld: M0, pieces: [td, id(&g, 0, "Tc")] });
    let mut faces: Vec<Card> = g.table().melds()[0].meld().faces().to_vec();
    faces.sort();
    assert_eq!(rummykit_core::format_list(&faces), "Tc Td Th Ts");
    assert_eq!(hand_text(&g, 0), "2d 9s *");
}

#[test]
fn rules_3_6_either_missing_option_swaps_one_card() {
    let mut c = Config::RUMMY40;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    let mut g = game(c, &["Th Ts * 5c 6c 7c Td Tc 2d", "3h 6d Th 8c"], "", "9s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th Ts *"), run(&g, 0, "5c 6c 7c")] });
    let nine = id(&g, 0, "9s");
    refused!(
        g,
        Action::SwapJoker { piece: nine, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, nine) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Td"), meld: M0 });
    assert_eq!(g.table().melds()[0].meld().jokers(), 0);
    assert_eq!(hand_text(&g, 0), "Tc 2d 9s *");
}

#[test]
fn rules_3_6_closed_set_never_gives_up_its_joker() {
    // Building one missing suit onto ♥10 ♠10 joker makes the closed set 10-10-10-joker.
    let mut g = game(Config::RUMMY40, &["Th Ts * 5c 6c 7c Td Tc 2d", "3h 6d Th 8c"], "", "9s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th Ts *"), run(&g, 0, "5c 6c 7c")] });
    ok!(g, Action::LayOff { piece: id(&g, 0, "Td"), onto: M0, end: RunEnd::Back });
    assert_eq!(g.table().melds()[0].meld().len(), 4);
    let tc = id(&g, 0, "Tc");
    refused!(g, Action::SwapJoker { piece: tc, meld: M0 }, ActionError::ClosedSet { meld: M0 });
    let two = [tc, id(&g, 0, "9s")];
    refused!(g, Action::ReleaseJoker { meld: M0, pieces: two }, ActionError::ClosedSet { meld: M0 });
    // Even under EitherMissing.
    let mut c = Config::RUMMY40;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    let mut g = game(c, &["Th Ts * 5c 6c 7c Td Tc 2d", "3h 6d Th 8c"], "", "9s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th Ts * Td"), run(&g, 0, "5c 6c 7c")] });
    let tc = id(&g, 0, "Tc");
    refused!(g, Action::SwapJoker { piece: tc, meld: M0 }, ActionError::ClosedSet { meld: M0 });
}

#[test]
fn rules_3_6_set_of_one_card_and_two_jokers() {
    // ♥10 J J + ♦10 ♣10 frees one joker and leaves the closed set ♥10 ♦10 ♣10 J.
    let mut g = game(Config::RUMMY40, &["Th * * 5c 6c 7c Td Tc 2d", "3h 6d Th 8c"], "", "Ts");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th * *"), run(&g, 0, "5c 6c 7c")] });
    ok!(g, Action::ReleaseJoker { meld: M0, pieces: [id(&g, 0, "Td"), id(&g, 0, "Tc")] });
    let m = g.table().melds()[0].meld();
    assert_eq!((m.len(), m.jokers()), (4, 1));
    assert_eq!(hand_text(&g, 0), "2d Ts *");
    let ts = id(&g, 0, "Ts");
    refused!(g, Action::SwapJoker { piece: ts, meld: M0 }, ActionError::ClosedSet { meld: M0 });
}

#[test]
fn rules_3_6_swapped_joker_must_be_played_option() {
    let mut c = Config::RUMMY40;
    c.swapped_joker_must_be_played_same_turn = true;
    let mut g = game(c, &["Th * Qh Kh Jh 2c 3c", "3h 6d Th 8c"], "", "4c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Jh"), meld: M0 });
    let joker = g.hand(0).unwrap().iter().find(|&p| is_joker(&g, p)).unwrap();
    refused!(
        g,
        Action::Discard(id(&g, 0, "2c")),
        ActionError::SwappedJokerNotPlayed { joker: named(&g, joker) }
    );
    ok!(g, Action::Meld(NewMeld::new(MeldKind::Run, vec![id(&g, 0, "2c"), id(&g, 0, "3c"), joker])));
    ok!(g, Action::Discard(id(&g, 0, "4c")));
}

#[test]
fn rules_3_6_forbid_playable_discard_option() {
    let mut c = Config::RUMMY40;
    c.forbid_playable_discard = true;
    let mut g = game(c, &["Th Jh Qh Kh 9h 2c", "3h 6d Th 8c"], "", "4c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    let nine = id(&g, 0, "9h");
    refused!(g, Action::Discard(nine), ActionError::PlayableDiscard { card: named(&g, nine), meld: M0 });
    ok!(g, Action::Discard(id(&g, 0, "2c")));
    // When every card fits somewhere, any of them may go.
    let mut g = game(c, &["Th Jh Qh Kh 9h", "3h 6d Th 8c"], "", "Ah");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "9h")));
}

#[test]
fn rules_3_6_joker_discard_only_when_closing_option() {
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    let mut g = game(c, &["Th Jh Qh Kh * 2c", "3h 6d Th 8c"], "", "4c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    let joker = g.hand(0).unwrap().iter().find(|&p| is_joker(&g, p)).unwrap();
    refused!(g, Action::Discard(joker), ActionError::JokerDiscard);
    // The default allows it at once.
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh * 2c", "3h 6d Th 8c"], "", "4c");
    draw(&mut g);
    let joker = g.hand(0).unwrap().iter().find(|&p| is_joker(&g, p)).unwrap();
    ok!(g, Action::Discard(joker));
}

/// Under `OnlyWhenClosing` a joker may be discarded as the last card, going out.
#[test]
fn rules_3_6_joker_discard_only_when_closing_allows_the_last_card() {
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    let mut g = game(c, &["Th Jh Qh Kh * 2c", "3h 6d Th 8c"], "", "9h 5s 8h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "9h Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "2c")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "5s")));
    draw(&mut g);
    let joker = id(&g, 0, "*");
    // With the 8♥ still in hand the joker is not the last card.
    refused!(g, Action::Discard(joker), ActionError::JokerDiscard);
    ok!(g, Action::LayOff { piece: id(&g, 0, "8h"), onto: M0, end: RunEnd::Front });
    ok!(g, Action::Discard(joker));
    assert_eq!(g.to_move(), None, "seat 0 went out");
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
    assert_eq!(g.piles().top_discard(), Some(joker));
}

/// Under `OnlyWhenClosing` a hand of nothing but jokers may give one up: it has no other
/// card to discard.
#[test]
fn rules_3_6_joker_discard_only_when_closing_allows_a_hand_of_jokers() {
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    let mut g = game(c, &["Th Jh Qh Kh * * 2c", "3h 6d Th 8c"], "", "9h 5s 8h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "9h Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "2c")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "5s")));
    draw(&mut g);
    let joker = id(&g, 0, "*");
    refused!(g, Action::Discard(joker), ActionError::JokerDiscard);
    ok!(g, Action::LayOff { piece: id(&g, 0, "8h"), onto: M0, end: RunEnd::Front });
    assert_eq!(hand_text(&g, 0), "* *");
    ok!(g, Action::Discard(joker));
    // Not going out: one joker is left and play passes on.
    assert_eq!(hand_text(&g, 0), "*");
    assert_eq!(g.to_move(), Some(1));
    assert_eq!(g.piles().top_discard(), Some(joker));
}

#[test]
fn rules_3_3_taken_discard_must_be_used_option() {
    let mut c = Config::RUMMY40;
    c.taken_discard_must_be_used_after_open = true;
    let mut g = game(c, &["Th Jh Qh Kh 2d 5s 9d", "3c 6d Th 8c 8h"], "", "4s 9h 7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "3c")));
    // 3c fits nothing: may not be taken.
    let three = g.piles().top_discard().unwrap();
    refused!(g, Action::TakeDiscard, ActionError::TakenCardNotUsed { card: named(&g, three) });
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "8h")));
    // A card that can be built may be taken, and must then be built before the discard.
    let mut g = game(c, &["Th Jh Qh Kh 2d 5s 9d", "3c 6d 9h 8c 8h"], "", "4s 7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "9h")));
    ok!(g, Action::TakeDiscard);
    let nine = g.taken_this_turn().unwrap();
    refused!(g, Action::Discard(id(&g, 0, "2d")), ActionError::TakenCardNotUsed { card: named(&g, nine) });
    ok!(g, Action::LayOff { piece: nine, onto: M0, end: RunEnd::Front });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
}

/// Seat 1's run A♥–K♥ with a joker for the J♥, and seat 0's set 5♣ 5♦ 5♥ 5♠: neither
/// takes a card at an end (a run of thirteen is the longest, a set of four full).
const FULL_TABLE: [(usize, MeldKind, &str); 2] =
    [(1, MeldKind::Run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th * Qh Kh"), (0, MeldKind::Group, "5c 5d 5h 5s")];

/// Seat 0, opened, at its draw under `config`: holding `hand`, `top` up on the pile,
/// `melds` (owner, kind, cards) on the table in this order (ids from `M0`).
fn at_draw(config: Config, hand: &str, top: &str, melds: &[(usize, MeldKind, &str)]) -> Rummy40 {
    let cards = |s: &str| parse_list::<Card>(s).unwrap();
    let mut setup = Setup::new(vec![cards(hand), cards("3c 7d")]);
    setup.discard = cards(top);
    setup.table = melds.iter().map(|&(owner, kind, m)| SetupMeld::new(owner, kind, cards(m))).collect();
    setup.dealer = 1;
    setup.fill_stock_from(&config.catalog().unwrap());
    Rummy40::from_setup(&config, setup).unwrap()
}

/// The check's verdict on taking the top discard, which the legal lists (the game's and
/// the view's) follow: the take is listed exactly when it is accepted.
fn take_verdict(g: &Rummy40) -> Result<(), ActionError> {
    let seat = g.to_move().unwrap();
    let verdict = g.check(seat, &Action::TakeDiscard);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal.contains(&Action::TakeDiscard), verdict.is_ok(), "{legal:?}");
    g.view(seat).legal_actions(&mut legal);
    assert_eq!(legal.contains(&Action::TakeDiscard), verdict.is_ok(), "{legal:?}");
    verdict
}

/// Swapping the taken discard for the joker that stands for it puts the card into a
/// table meld: it uses the card, so the take is allowed when that is its only use.
#[test]
fn rules_3_3_a_taken_discard_used_by_a_joker_swap_may_be_taken() {
    let mut g = at_draw(Config::SCALA40, "2d 6s 9c", "Jh", &FULL_TABLE);
    let jack = g.piles().top_discard().unwrap();
    assert_eq!(take_verdict(&g), Ok(()));
    ok!(g, Action::TakeDiscard);
    refused!(g, Action::Discard(id(&g, 0, "2d")), ActionError::TakenCardNotUsed { card: named(&g, jack) });
    ok!(g, Action::SwapJoker { piece: jack, meld: M0 });
    assert_eq!(meld_text(&g, 0), "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh");
    assert_eq!(hand_text(&g, 0), "9c 2d 6s *");
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(g.to_move(), Some(1));
    // A card no joker stands for still has no use: its take is refused.
    let g = at_draw(Config::SCALA40, "2d 6s 9c", "Jd", &FULL_TABLE);
    let card = g.piles().top_discard().unwrap();
    assert_eq!(take_verdict(&g), Err(ActionError::TakenCardNotUsed { card: named(&g, card) }));
}

/// Under `swapped_joker_must_be_played_same_turn` the joker a swap wins must be played
/// in turn: a take whose only use is that swap needs the joker to have a play.
#[test]
fn rules_3_6_a_take_used_by_a_swap_needs_a_play_for_the_won_joker() {
    let mut c = Config::SCALA40;
    c.swapped_joker_must_be_played_same_turn = true;
    // Nothing takes the joker: no meld has room, no two cards of the hand meld with it.
    let mut g = at_draw(c, "2d 6s 9c", "Jh", &FULL_TABLE);
    let jack = g.piles().top_discard().unwrap();
    assert_eq!(take_verdict(&g), Err(ActionError::TakenCardNotUsed { card: named(&g, jack) }));
    refused!(g, Action::TakeDiscard, ActionError::TakenCardNotUsed { card: named(&g, jack) });
    ok!(g, Action::DrawStock);
    // With 9♣ 9♦ in hand the joker completes a set: the take is allowed, and the joker
    // must then be played before the discard.
    let mut g = at_draw(c, "2d 6s 9c 9d", "Jh", &FULL_TABLE);
    let jack = g.piles().top_discard().unwrap();
    assert_eq!(take_verdict(&g), Ok(()));
    ok!(g, Action::TakeDiscard);
    ok!(g, Action::SwapJoker { piece: jack, meld: M0 });
    let joker = id(&g, 0, "*");
    refused!(
        g,
        Action::Discard(id(&g, 0, "2d")),
        ActionError::SwappedJokerNotPlayed { joker: named(&g, joker) }
    );
    ok!(g, Action::Meld(NewMeld::new(MeldKind::Group, vec![id(&g, 0, "9c"), id(&g, 0, "9d"), joker])));
    ok!(g, Action::Discard(id(&g, 0, "2d")));
}

/// A swap counts as a use only where the swap itself is allowed (`RULES.md` §3.6): a
/// closed set keeps its joker, under either rule for sets of three.
#[test]
fn rules_3_6_a_closed_sets_joker_gives_a_taken_card_no_use() {
    let table = [
        (1, MeldKind::Run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
        (0, MeldKind::Group, "5c 5d 5h 5s"),
        (1, MeldKind::Group, "Th Ts Td *"),
    ];
    let mut either = Config::SCALA40;
    either.set3_joker_swap = Set3JokerSwap::EitherMissing;
    for config in [Config::SCALA40, either] {
        let g = at_draw(config, "2d 6s 9c", "Tc", &table);
        let card = g.piles().top_discard().unwrap();
        assert_eq!(take_verdict(&g), Err(ActionError::TakenCardNotUsed { card: named(&g, card) }));
        // A set of three with the joker has room: the same card may be taken to build.
        let open = [table[0], table[1], (1, MeldKind::Group, "Th Ts *")];
        let g = at_draw(config, "2d 6s 9c", "Tc", &open);
        assert_eq!(take_verdict(&g), Ok(()));
    }
}

/// [`FULL_TABLE`] and seat 1's set of three 10♥ 10♠ joker, which lacks the 10♦ and the 10♣.
const TABLE_WITH_A_SET_OF_THREE: [(usize, MeldKind, &str); 3] =
    [FULL_TABLE[0], FULL_TABLE[1], (1, MeldKind::Group, "Th Ts *")];

/// A release puts the taken discard into a table meld (`RULES.md` §3.6: with the other
/// suit a set of three lacks, freeing its joker), as a swap does: it uses the card, and
/// the discard may then follow. The discard check asks only that the card has left the
/// hand, and the guard counts the release among the card's uses. With the option off a
/// taken card asks for no use.
#[test]
fn rules_3_3_a_release_uses_the_taken_discard() {
    let set = MeldId::new(2);
    let mut g = at_draw(Config::SCALA40, "2d 6s Tc", "Td", &TABLE_WITH_A_SET_OF_THREE);
    let ten = g.piles().top_discard().unwrap();
    assert_eq!(take_verdict(&g), Ok(()));
    ok!(g, Action::TakeDiscard);
    refused!(g, Action::Discard(id(&g, 0, "2d")), ActionError::TakenCardNotUsed { card: named(&g, ten) });
    ok!(g, Action::ReleaseJoker { meld: set, pieces: [ten, id(&g, 0, "Tc")] });
    assert_eq!(meld_text(&g, 2), "Th Ts Td Tc");
    assert_eq!(hand_text(&g, 0), "2d 6s *");
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(g.to_move(), Some(1));
    // Without the option the same take asks for nothing: the discard may follow at once,
    // and a card with no use at all may be taken.
    let mut off = Config::SCALA40;
    off.taken_discard_must_be_used_after_open = false;
    let mut g = at_draw(off, "2d 6s Tc", "Td", &TABLE_WITH_A_SET_OF_THREE);
    assert_eq!(take_verdict(&g), Ok(()));
    ok!(g, Action::TakeDiscard);
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    let g = at_draw(off, "2d 6s Tc", "Jd", &TABLE_WITH_A_SET_OF_THREE);
    assert_eq!(take_verdict(&g), Ok(()));
    // With the option that card is refused, and the release is no use of a card the set
    // does not lack.
    let g = at_draw(Config::SCALA40, "2d 6s Tc", "Jd", &TABLE_WITH_A_SET_OF_THREE);
    let jack = g.piles().top_discard().unwrap();
    let refusal = take_verdict(&g).expect_err("a card with no use");
    assert_eq!(refusal, ActionError::TakenCardNotUsed { card: named(&g, jack) });
    // The message names every use, a joker's place among them.
    assert!(refusal.to_string().contains("melded, built or put in a joker's place"), "{refusal}");
}

/// Under `swapped_joker_must_be_played_same_turn` the joker a release frees is bound as a
/// swapped one (`RULES.md` §3.6): a release that leaves it no play is refused (the taken
/// card's use is then the build onto the set), and once it is freed it must be played
/// before the discard.
#[test]
fn rules_3_6_the_joker_a_release_of_the_taken_card_frees_must_be_played() {
    let set = MeldId::new(2);
    let mut c = Config::SCALA40;
    c.swapped_joker_must_be_played_same_turn = true;
    // Nothing takes the freed joker: no meld has room after the release, no two cards
    // of the hand meld with it.
    let mut g = at_draw(c, "2d 6s Tc", "Td", &TABLE_WITH_A_SET_OF_THREE);
    let ten = g.piles().top_discard().unwrap();
    let joker = g.table().melds()[2].pieces()[2];
    assert!(is_joker(&g, joker));
    assert_eq!(take_verdict(&g), Ok(()));
    ok!(g, Action::TakeDiscard);
    let release = Action::ReleaseJoker { meld: set, pieces: [ten, id(&g, 0, "Tc")] };
    let refusal = g.check(0, &release).expect_err("a freed joker with no play");
    assert!(refusal.to_string().contains("won by a swap or a release"), "{refusal}");
    refused!(g, release, ActionError::SwappedJokerNotPlayed { joker: named(&g, joker) });
    ok!(g, Action::LayOff { piece: ten, onto: set, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 2), "Th Ts * Td");
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    // With 9♣ 9♦ in hand the joker completes a set: the release is allowed, and the joker
    // must then be played before the discard.
    let mut g = at_draw(c, "2d Tc 9c 9d", "Td", &TABLE_WITH_A_SET_OF_THREE);
    let ten = g.piles().top_discard().unwrap();
    ok!(g, Action::TakeDiscard);
    ok!(g, Action::ReleaseJoker { meld: set, pieces: [ten, id(&g, 0, "Tc")] });
    refused!(
        g,
        Action::Discard(id(&g, 0, "2d")),
        ActionError::SwappedJokerNotPlayed { joker: named(&g, joker) }
    );
    ok!(g, Action::Meld(NewMeld::new(MeldKind::Group, vec![id(&g, 0, "9c"), id(&g, 0, "9d"), joker])));
    ok!(g, Action::Discard(id(&g, 0, "2d")));
}

// ---------------------------------------------------------------- §3.7 end of hand, §3.8 scoring

#[test]
fn rules_3_7_going_out_with_a_final_discard() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c 6c 7c 8c 2d", "Ad * 9c"], "", "3s Qc 9h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "3s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "Qc")));
    draw(&mut g);
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c 8c")));
    ok!(g, Action::LayOff { piece: id(&g, 0, "9h"), onto: M0, end: RunEnd::Front });
    assert_eq!(g.to_move(), Some(0));
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    // RULES.md §3.8: A♦ + joker + 9♣ = 11 + 15 + 9 = 35; the winner scores 0.
    assert_eq!(g.to_move(), None);
    assert!(!g.went_rummy());
    assert_eq!(g.outcome().unwrap(), rummykit_core::Outcome { points: vec![0, 35], winners: vec![0] });
    refused!(g, Action::DrawStock, ActionError::Turn(TurnError::HandOver));
}

#[test]
fn rules_3_7_going_rummy_waives_40_and_costs_25() {
    let mut g = game(Config::RUMMY40, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    // 9 + 6 = 15 is no opening ...
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    refused!(
        g,
        Action::Open { melds: melds.clone() },
        ActionError::OpeningBelowThreshold { needed: 40, got: 15 }
    );
    // ... but going rummy needs no minimum. RULES.md §3.8: 35 + 25 = 60.
    ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 60]);
    assert_eq!(g.penalties(), Some(&[0, 60][..]));
}

#[test]
fn rules_3_7_going_rummy_must_lay_down_everything() {
    let mut g = game(Config::RUMMY40, &["2c 3c 4c 2d 2h 2s 9s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    refused!(
        g,
        Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") },
        ActionError::RummyIncomplete { left: 1 }
    );
    let discard = id(&g, 0, "Kd");
    refused!(g, Action::GoRummy { melds: vec![], lay_offs: vec![], discard }, ActionError::NoMelds);
}

#[test]
fn rules_3_7_rummy_with_the_taken_discard() {
    let mut g = game(Config::RUMMY40, &["2c 3c 2d 2h 2s Kd", "Ad * 9c"], "4c", "9d");
    let top = g.piles().top_discard().unwrap();
    let mut m = run(&g, 0, "2c 3c");
    m.pieces.push(top);
    let melds = vec![m, set(&g, 0, "2d 2h 2s")];
    ok!(g, Action::TakeDiscardAndGoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 60]);
}

#[test]
fn rules_3_7_rummy_threshold_option() {
    let mut c = Config::RUMMY40;
    c.rummy_requires_opening_threshold = true;
    let mut g = game(c, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    refused!(
        g,
        Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") },
        ActionError::OpeningBelowThreshold { needed: 40, got: 15 },
    );
}

/// A rummy held to the threshold needs what an opening in its place would: under
/// `OnlyWhenTakingDiscard` nothing after a stock draw (opening with 15 and going out is a
/// rummy all the same), 40 with the taken discard.
#[test]
fn rules_3_7_rummy_threshold_option_follows_the_opening_scope() {
    let mut c = Config::RUMMY40;
    c.rummy_requires_opening_threshold = true;
    c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    let mut g = game(c, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    let mut by_opening = g.clone();
    let rummy = Action::GoRummy { melds: melds.clone(), lay_offs: vec![], discard: id(&g, 0, "Kd") };
    // The legal actions list it too: a player reading the list sees what the engine takes.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&rummy.normalized()), "{legal:?}");
    ok!(g, rummy);
    ok!(by_opening, Action::Open { melds });
    ok!(by_opening, Action::Discard(id(&by_opening, 0, "Kd")));
    for g in [&g, &by_opening] {
        assert!(g.went_rummy());
        assert_eq!(g.outcome().unwrap().points, vec![0, 60]);
    }
    // With the taken discard the 40 applies, to a rummy as to an opening.
    let mut g = game(c, &["2c 3c 2d 2h 2s Kd", "Ad * 9c"], "4c", "9d");
    let mut m = run(&g, 0, "2c 3c");
    m.pieces.push(g.piles().top_discard().unwrap());
    let melds = vec![m, set(&g, 0, "2d 2h 2s")];
    let discard = id(&g, 0, "Kd");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.iter().any(|a| matches!(a, Action::TakeDiscardAndGoRummy { .. })), "{legal:?}");
    refused!(
        g,
        Action::TakeDiscardAndGoRummy { melds: melds.clone(), lay_offs: vec![], discard },
        ActionError::OpeningBelowThreshold { needed: 40, got: 15 },
    );
    refused!(
        g,
        Action::TakeDiscardAndOpen { melds },
        ActionError::OpeningBelowThreshold { needed: 40, got: 15 }
    );
}

/// RULES.md §3.7 (going rummy lays the whole hand down as new melds and builds):
/// seat 0 opens with ♥T-J-Q-K; seat 1, not opened, holds ♣2-3-4 (9 points,
/// no opening) and ♥9 ♥8, draws ♦K and goes rummy by building 9 then 8 onto seat 0's run.
fn rummy_with_builds_position() -> Rummy40 {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5d", "2c 3c 4c 9h 8h", "Ad * 9c"], "", "7s Kd");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "7s")));
    draw(&mut g);
    g
}

#[test]
fn rules_3_7_going_rummy_with_builds_below_40_costs_each_opponent_25() {
    let mut g = rummy_with_builds_position();
    let run234 = run(&g, 1, "2c 3c 4c");
    refused!(
        g,
        Action::Open { melds: vec![run234.clone()] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 9 }
    );
    let (nine, eight, king) = (id(&g, 1, "9h"), id(&g, 1, "8h"), id(&g, 1, "Kd"));
    let rummy = Action::GoRummy {
        melds: vec![run234],
        lay_offs: vec![RummyLayOff::new(nine, M0, RunEnd::Front), RummyLayOff::new(eight, M0, RunEnd::Front)],
        discard: king,
    };
    // legal_actions lists it (in normal form), and the greedy bot takes it.
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(legal.contains(&rummy.normalized()), "{legal:?}");
    let mut bot = rummykit_rummy40::GreedyBot::new();
    let chosen = rummykit_core::Bot::act(&mut bot, &g.view(1));
    assert!(matches!(chosen, Action::GoRummy { .. }), "{chosen:?}");
    ok!(g, rummy);
    assert!(g.went_rummy());
    assert_eq!(meld_text(&g, 0), "8h 9h Th Jh Qh Kh");
    // RULES.md §3.8: seat 0 holds 5♦ (5 + 25), seat 2 A♦ joker 9♣ (35 + 25).
    assert_eq!(g.outcome().unwrap().points, vec![30, 0, 60]);
    assert!(g.hand(1).unwrap().is_empty());
}

#[test]
fn rules_3_7_rummy_builds_are_checked_and_refusals_change_nothing() {
    let mut g = rummy_with_builds_position();
    let (nine, eight, king) = (id(&g, 1, "9h"), id(&g, 1, "8h"), id(&g, 1, "Kd"));
    let front = |p| RummyLayOff::new(p, M0, RunEnd::Front);
    let rummy = |builds: Vec<RummyLayOff>, g: &Rummy40| Action::GoRummy {
        melds: vec![run(g, 1, "2c 3c 4c")],
        lay_offs: builds,
        discard: king,
    };
    // The cards at one end go on in the order given: 8♥ does not fit before T♥.
    refused!(
        g,
        rummy(vec![front(eight), front(nine)], &g),
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, eight),
            error: MeldError::NotConsecutive { index: 1 }
        })
    );
    // The wrong end.
    refused!(
        g,
        rummy(vec![front(nine), RummyLayOff::new(eight, M0, RunEnd::Back)], &g),
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, eight),
            error: MeldError::NotConsecutive { index: 5 }
        })
    );
    // Builds go onto melds already on the table, not onto one laid in the same action.
    refused!(
        g,
        rummy(vec![front(nine), RummyLayOff::new(eight, M1, RunEnd::Back)], &g),
        ActionError::RummyLayOffOnNewMeld { meld: M1 }
    );
    refused!(
        g,
        rummy(vec![front(nine), RummyLayOff::new(eight, MeldId::new(7), RunEnd::Back)], &g),
        ActionError::Table(TableError::NoSuchMeld(MeldId::new(7)))
    );
    // Everything but the discard is laid down.
    refused!(g, rummy(vec![front(nine)], &g), ActionError::RummyIncomplete { left: 1 });
    // Building needs one's own first meld (RULES.md §3.3).
    refused!(
        g,
        Action::GoRummy { melds: vec![], lay_offs: vec![front(nine), front(eight)], discard: king },
        ActionError::NoMelds
    );
    refused!(g, rummy(vec![front(nine), front(nine)], &g), ActionError::RepeatedPiece(named(&g, nine)));
    // Not after opening, and not before drawing.
    let mut opened = rummy_with_builds_position();
    let r = rummy(vec![front(nine), front(eight)], &opened);
    ok!(opened, r.clone());
    refused!(opened, r, ActionError::Turn(TurnError::HandOver));
    let mut g2 = game(Config::RUMMY40, &["Th Jh Qh Kh 5d", "2c 3c 4c 9h 8h", "Ad * 9c"], "", "7s Kd");
    refused!(g2, rummy(vec![], &g2), ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    // Builds never count toward the 40 when a rummy needs it (RULES.md §3.5).
    let mut c = Config::RUMMY40;
    c.rummy_requires_opening_threshold = true;
    let mut g3 = game(c, &["Th Jh Qh Kh 5d", "2c 3c 4c 9h 8h", "Ad * 9c"], "", "7s Kd");
    draw(&mut g3);
    ok!(g3, Action::Open { melds: vec![run(&g3, 0, "Th Jh Qh Kh")] });
    ok!(g3, Action::Discard(id(&g3, 0, "7s")));
    draw(&mut g3);
    refused!(
        g3,
        rummy(vec![front(nine), front(eight)], &g3),
        ActionError::OpeningBelowThreshold { needed: 40, got: 9 }
    );
}

#[test]
fn rules_3_7_rummy_with_builds_and_the_taken_discard() {
    // Seat 0 throws 4♣; seat 1 takes it into a new meld (RULES.md §3.3) and builds the rest.
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 4c", "2c 3c 9h 8h Kd", "Ad * 9c"], "", "7s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4c")));
    let top = g.piles().top_discard().unwrap();
    let (nine, eight, king) = (id(&g, 1, "9h"), id(&g, 1, "8h"), id(&g, 1, "Kd"));
    let builds = vec![RummyLayOff::new(nine, M0, RunEnd::Front), RummyLayOff::new(eight, M0, RunEnd::Front)];
    let mut m = run(&g, 1, "2c 3c");
    m.pieces.push(top);
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    let action = Action::TakeDiscardAndGoRummy { melds: vec![m], lay_offs: builds, discard: king };
    assert!(legal.contains(&action.normalized()));
    ok!(g, action);
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![32, 0, 60]);
}

#[test]
fn rules_3_7_taken_discard_built_instead_of_melded_is_refused() {
    // 9♥ comes from the pile and is only built: the opening does not use it (RULES.md §3.3).
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 9h", "2c 3c 4c 8h Kd", "Ad * 9c"], "", "7s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "9h")));
    let top = g.piles().top_discard().unwrap();
    let builds =
        vec![RummyLayOff::new(top, M0, RunEnd::Front), RummyLayOff::new(id(&g, 1, "8h"), M0, RunEnd::Front)];
    let melds = vec![run(&g, 1, "2c 3c 4c")];
    let discard = id(&g, 1, "Kd");
    refused!(
        g,
        Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard },
        ActionError::TakenCardNotMelded { card: named(&g, top) }
    );
}

#[test]
fn rules_3_7_rummy_builds_normal_form() {
    let g = rummy_with_builds_position();
    let (nine, eight, king) = (id(&g, 1, "9h"), id(&g, 1, "8h"), id(&g, 1, "Kd"));
    let melds = vec![run(&g, 1, "2c 3c 4c")];
    // Sorted by meld, then front before back; the order at one end is kept.
    let b = |p, m: u16, end| RummyLayOff::new(p, MeldId::new(m), end);
    let a = Action::GoRummy {
        melds: melds.clone(),
        lay_offs: vec![b(king, 1, RunEnd::Back), b(nine, 0, RunEnd::Back), b(eight, 0, RunEnd::Front)],
        discard: king,
    };
    let Action::GoRummy { lay_offs: builds, .. } = a.normalized() else { panic!() };
    assert_eq!(builds, vec![b(eight, 0, RunEnd::Front), b(nine, 0, RunEnd::Back), b(king, 1, RunEnd::Back)]);
    let kept = vec![b(nine, 0, RunEnd::Front), b(eight, 0, RunEnd::Front)];
    let Action::GoRummy { lay_offs: builds, .. } =
        (Action::GoRummy { melds, lay_offs: kept.clone(), discard: king }).normalized()
    else {
        panic!()
    };
    assert_eq!(builds, kept);
}

#[test]
fn rules_3_7_opening_and_going_out_in_one_turn_is_rummy() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c 6c 7c", "Ad * 9c"], "", "2d");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh"), run(&g, 0, "5c 6c 7c")] });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 60]);
}

#[test]
fn rules_3_8_rummy_bonus_double_and_unopened_penalty_options() {
    let mut c = Config::RUMMY40;
    c.going_rummy_bonus = RummyBonus::Double;
    let mut g = game(c, &["2c 3c 4c 2d 2h 2s", "Ad * 9c", "5h"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    assert_eq!(g.outcome().unwrap().points, vec![0, 70, 10]);
    let mut c = Config::RUMMY40;
    c.unopened_penalty = Some(100);
    c.going_rummy_bonus = RummyBonus::PerOpponent(0);
    let mut g = game(c, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    assert_eq!(g.outcome().unwrap().points, vec![0, 100]);
}

#[test]
fn rules_3_7_empty_stock_is_replaced_by_the_shuffled_pile() {
    // Stock of one card: seat 0 draws it; its discard stays up, the rest becomes the stock.
    let cat = rummykit_rummy40::RUMMY40_PACK;
    let all: Vec<_> = cat.ids().collect();
    let pile = all[26..105].to_vec();
    let mut setup = scripted(Config::RUMMY40, 26..105, 105..106);
    setup.shuffle_seed = 11;
    let mut g = Rummy40::from_setup(&Config::RUMMY40, setup).unwrap();
    assert_eq!(g.piles().discard_pile(), pile, "the first copies numbered first");
    draw(&mut g);
    assert_eq!(g.piles().stock_len(), 0);
    let d = all[0];
    ok!(g, Action::Discard(d));
    assert_eq!(g.piles().discard_pile(), &[d]);
    assert_eq!(g.piles().stock_len(), pile.len());
    let mut restocked: Vec<_> = g.piles().stock().to_vec();
    assert_ne!(restocked, pile, "shuffled");
    restocked.sort();
    assert_eq!(restocked, pile);
    assert_eq!(g.piles().restocks(), 1);
}

#[test]
fn rules_3_3_taking_from_an_empty_pile_is_refused() {
    // A scripted position may start with an empty pile (a dealt hand never does).
    let mut g = Rummy40::from_setup(&Config::RUMMY40, scripted(Config::RUMMY40, 0..0, 26..106)).unwrap();
    assert!(g.piles().discard_pile().is_empty());
    refused!(g, Action::TakeDiscard, ActionError::TakeOnlyToOpen);
    refused!(g, Action::TakeDiscardAndOpen { melds: vec![] }, ActionError::Turn(TurnError::EmptyDiscardPile));
}

#[test]
fn views_show_only_what_the_seat_may_see() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let g = Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(0), &mut rng).unwrap();
    let v = g.view(2);
    assert_eq!(v.hand, g.hand(2).unwrap());
    assert_eq!(v.hand_sizes, vec![13, 13, 13]);
    assert_eq!(v.discard_pile, g.piles().discard_pile());
    assert_eq!(v.to_move, Some(1));
    // Swapping two hidden cards between other hands and the stock leaves the view alone.
    // (Cards whose faces seat 2 cannot see elsewhere, so that no copy seat 2 sees is
    // numbered differently.)
    let mut s = g.setup();
    let seen: Vec<Card> = s.hands[1].iter().chain(&s.hands[2]).chain(&s.discard).copied().collect();
    let hidden = |c: &Card| !seen.contains(c);
    let ai = s.hands[0].iter().position(hidden).unwrap();
    let bi = s.stock.iter().rposition(|c| hidden(c) && *c != s.hands[0][ai]).unwrap();
    let (a, b) = (s.hands[0][ai], s.stock[bi]);
    s.hands[0][ai] = b;
    s.stock[bi] = a;
    s.stock.swap(0, 1);
    s.shuffle_seed = 3;
    let g2 = Rummy40::from_setup(&Config::RUMMY40, s).unwrap();
    assert_eq!(g2.view(2), v);
    assert_ne!(g2.view(0), g.view(0));
}

// ---------------------------------------------------------------- §3.8 match end

fn record(m: &mut rummykit_core::Match<Rummy40>, rng: &mut ChaCha8Rng, points: Vec<i64>) {
    m.next_hand(rng).unwrap();
    let winners = points.iter().position(|&p| p == 0).into_iter().collect();
    m.record(&rummykit_core::Outcome { points, winners }).unwrap();
}

#[test]
fn rules_3_8_elimination_at_101_exactly() {
    let c = Config::RUMMY40;
    let mut m = rummykit_core::Match::<Rummy40>::new(
        c,
        rummykit_core::MatchTerms::new(3).with_first_dealer(0).with_end(c.game_end),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    record(&mut m, &mut rng, vec![0, 100, 60]);
    assert_eq!(m.in_play(), &[0, 1, 2]); // 100 is not out
    record(&mut m, &mut rng, vec![0, 1, 40]);
    // Seat 1 reaches exactly 101 and is out; seat 2, at 100, stays in.
    assert_eq!(m.totals(), &[0, 101, 100]);
    assert_eq!(m.in_play(), &[0, 2]);
    assert!(!m.is_over());
    // The next hand is dealt to the two seats left.
    let hand = m.next_hand(&mut rng).unwrap();
    assert_eq!(hand.seats(), 2);
    m.record(&rummykit_core::Outcome { points: vec![0, 35], winners: vec![0] }).unwrap();
    assert!(m.is_over());
    assert_eq!(m.winners(), vec![0]);
}

#[test]
fn rules_3_8_other_match_ends() {
    let mut c = Config::RUMMY40;
    c.game_end = rummykit_core::MatchEnd::Elimination(201);
    let mut m = rummykit_core::Match::<Rummy40>::new(
        c,
        rummykit_core::MatchTerms::new(2).with_first_dealer(0).with_end(c.game_end),
    )
    .unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    record(&mut m, &mut rng, vec![0, 150]);
    assert!(!m.is_over());
    record(&mut m, &mut rng, vec![0, 60]);
    assert!(m.is_over());
    c.game_end = rummykit_core::MatchEnd::FixedHands(2);
    let mut m = rummykit_core::Match::<Rummy40>::new(
        c,
        rummykit_core::MatchTerms::new(2).with_first_dealer(0).with_end(c.game_end),
    )
    .unwrap();
    record(&mut m, &mut rng, vec![0, 150]);
    record(&mut m, &mut rng, vec![10, 0]);
    assert!(m.is_over());
    assert_eq!(m.winners(), vec![0]);
    c.game_end = rummykit_core::MatchEnd::SingleHand;
    let mut m = rummykit_core::Match::<Rummy40>::new(
        c,
        rummykit_core::MatchTerms::new(2).with_first_dealer(0).with_end(c.game_end),
    )
    .unwrap();
    record(&mut m, &mut rng, vec![0, 12]);
    assert!(m.is_over());
    let mut bad = Config::RUMMY40;
    bad.game_end = rummykit_core::MatchEnd::Elimination(0);
    assert!(bad.validate(2).is_err());
}

#[test]
fn rules_3_7_max_restocks_option_voids_the_hand() {
    let cat = rummykit_rummy40::RUMMY40_PACK;
    let all: Vec<_> = cat.ids().collect();
    let mut c = Config::RUMMY40;
    c.max_restocks = Some(0);
    let mut setup = scripted(c, 26..105, 105..106);
    setup.shuffle_seed = 11;
    let mut g = Rummy40::from_setup(&c, setup).unwrap();
    draw(&mut g);
    ok!(g, Action::Discard(all[0]));
    assert_eq!(g.to_move(), None);
    assert_eq!(g.outcome().unwrap(), rummykit_core::Outcome { points: vec![0, 0], winners: vec![] });
}

#[test]
fn rules_3_7_no_position_has_a_pile_too_small_to_restock() {
    // A discard leaves at most 6 × 13 of the 106 cards in play, so the stock and the pile
    // hold at least 28 and a restock always has cards to turn. A setup with an empty stock
    // and a one-card pile (every other card in the hands and on the table) is refused:
    // the cards in play fit no deal.
    let cards = |s: &str| parse_list::<Card>(s).unwrap();
    let suit = |x: char| {
        let ranks = "2 3 4 5 6 7 8 9 T J Q K A".split(' ');
        cards(&ranks.map(|r| format!("{r}{x}")).collect::<Vec<_>>().join(" "))
    };
    let mut table: Vec<SetupMeld> =
        ['c', 'd', 'h', 's'].map(|x| SetupMeld::new(0, MeldKind::Run, suit(x))).into();
    table.extend(['h', 's'].map(|x| SetupMeld::new(1, MeldKind::Run, suit(x))));
    let hands = vec![
        cards("Ac 2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc *"),
        cards("Ad 2d 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd"),
    ];
    let setup = Setup { dealer: 1, phase: Phase::Play, table, discard: cards("*"), ..Setup::new(hands) };
    let c = Config::RUMMY40;
    assert_eq!(
        Rummy40::from_setup(&c, setup.clone()),
        Err(DealError::InvalidDeal(PositionError::DealtCount { dealt: 104, seats: 2, max: 13 }))
    );
    assert_eq!(
        Rummy40::from_setup(&c, Setup { dealt: Some(26), ..setup }),
        Err(DealError::InvalidDeal(PositionError::PiecesInPlay { found: 105, dealt: 26 }))
    );
}

#[test]
fn cards_taken_from_the_pile_are_known_to_all() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 2d 5s", "3c 6d Th 8c"], "", "4s 9d 7c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "3c")));
    ok!(g, Action::TakeDiscard);
    let three = id(&g, 0, "3c");
    assert_eq!(g.known_cards(0).unwrap(), [three].into_iter().collect());
    assert_eq!(g.view(1).known[0], g.known_cards(0).unwrap());
    // Shuffling what seat 1 cannot see keeps seat 0's known card in seat 0's hand.
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let other = g.redeal(1, &mut rng);
    assert!(other.hand(0).unwrap().contains(three));
    assert_eq!(other.view(1), g.view(1));
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(g.known_cards(0).unwrap(), [three].into_iter().collect());
}

// ---------------------------------------------------------------- sentence-by-sentence boundaries

/// Seat 0 opens on its first turn and goes out on its second (no rummy); seat 1 is left
/// with `left` after drawing and throwing back `Qc`. Returns the finished game.
fn went_out_against(config: Config, left: &str) -> Rummy40 {
    let mut g = game(config, &["Th Jh Qh Kh 5c 6c 7c 8c 2d", left], "", "3s Qc 9h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "3s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "Qc")));
    draw(&mut g);
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c 8c")));
    ok!(g, Action::LayOff { piece: id(&g, 0, "9h"), onto: M0, end: RunEnd::Front });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert!(!g.went_rummy());
    g
}

#[test]
fn rules_3_1_card_values_in_hand() {
    // K, Q, J 10 each, T 10, 2 face value, A 11, joker 15: 68. Cards that would make a
    // meld count all the same.
    let g = went_out_against(Config::RUMMY40, "Kd Qd Jd Td 2s As *");
    assert_eq!(g.outcome().unwrap(), rummykit_core::Outcome { points: vec![0, 68], winners: vec![0] });
    // Scala 40: the joker costs 25; the ace still 11 in hand (it counts 1 only in a low run).
    let g = went_out_against(Config::SCALA40, "Kd Qd Jd Td 2s As *");
    assert_eq!(g.outcome().unwrap().points, vec![0, 78]);
    let g = went_out_against(Config::RUMMY40, "3c 4c 5c 6d 7d 8d 9s");
    assert_eq!(g.outcome().unwrap().points, vec![0, 3 + 4 + 5 + 6 + 7 + 8 + 9]);
}

#[test]
fn rules_3_9_presets_hold_the_table_values() {
    assert_eq!(Config::default(), Config::RUMMY40);
    let r = Config::RUMMY40;
    assert_eq!((r.jokers, r.joker_hand_penalty, r.ace_low_in_runs, r.opening_threshold), (2, 15, false, 40));
    assert_eq!(r.opening_threshold_scope, OpeningScope::Always);
    assert!(!r.taken_discard_must_be_used_after_open && !r.swapped_joker_must_be_played_same_turn);
    assert_eq!(r.set3_joker_swap, Set3JokerSwap::BothMissing);
    assert_eq!(r.joker_limit, rummykit_core::JokerLimit::Unlimited);
    assert!(!r.forbid_playable_discard && !r.rummy_requires_opening_threshold);
    assert_eq!(r.joker_discard, JokerDiscard::Allowed);
    assert_eq!(r.going_rummy_bonus, RummyBonus::PerOpponent(25));
    assert_eq!(r.game_end, rummykit_core::MatchEnd::Elimination(101));
    assert_eq!((r.unopened_penalty, r.max_restocks), (None, None));
    // Scala 40: four jokers at 25, the ace also low, the taken discard used, no playable
    // discard, a joker only to close, a doubled hand for a rummy; a rummy still needs no 40.
    let s = Config::SCALA40;
    assert_eq!((s.jokers, s.joker_hand_penalty, s.ace_low_in_runs, s.opening_threshold), (4, 25, true, 40));
    assert!(s.taken_discard_must_be_used_after_open && s.forbid_playable_discard);
    assert!(!s.swapped_joker_must_be_played_same_turn && !s.rummy_requires_opening_threshold);
    assert_eq!(s.joker_discard, JokerDiscard::OnlyWhenClosing);
    assert_eq!(s.going_rummy_bonus, RummyBonus::Double);
    assert_eq!(s.set3_joker_swap, Set3JokerSwap::BothMissing);
    assert_eq!(s.game_end, rummykit_core::MatchEnd::Elimination(101));
}

/// A position where seat 0 has opened with ♥10-J-Q-K and holds `rest` (after its draw of
/// `drawn`), in the play phase.
fn opened_holding(config: Config, rest: &str, drawn: &str) -> Rummy40 {
    let mut g = game(config, &[&format!("Th Jh Qh Kh {rest}"), "3h 6d Th 8c"], "", drawn);
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    g
}

fn invalid(kind: MeldKind, error: MeldError) -> ActionError {
    ActionError::Table(TableError::InvalidMeld { kind, error })
}

#[test]
fn rules_3_4_set_sizes_ranks_and_suits() {
    let mut g = opened_holding(Config::RUMMY40, "7c 7d 7h 7s * 7c 8h", "2d");
    use MeldKind::{Group, Run};
    refused!(
        g,
        Action::Meld(set(&g, 0, "7c 7d 7h 7s *")),
        invalid(Group, MeldError::TooLong { len: 5, max: 4 })
    );
    refused!(g, Action::Meld(set(&g, 0, "7c 7d")), invalid(Group, MeldError::TooShort { len: 2, min: 3 }));
    refused!(g, Action::Meld(set(&g, 0, "7c 7d 8h")), invalid(Group, MeldError::MixedNumbers { index: 2 }));
    // No suit twice, also with a joker in the set.
    refused!(g, Action::Meld(set(&g, 0, "7c * 7c")), invalid(Group, MeldError::RepeatedSuit { index: 2 }));
    refused!(g, Action::Meld(run(&g, 0, "7c 8h")), invalid(Run, MeldError::TooShort { len: 2, min: 3 }));
    refused!(g, Action::Meld(run(&g, 0, "7c 8h *")), invalid(Run, MeldError::MixedSuits { index: 1 }));
    // Four suits are a set; so are three suits with a joker.
    ok!(g, Action::Meld(set(&g, 0, "7c 7d 7h 7s")));
    assert_eq!(meld_text(&g, 1), "7c 7d 7h 7s");
    let mut g = opened_holding(Config::RUMMY40, "7c 7d * 8h", "2d");
    ok!(g, Action::Meld(set(&g, 0, "7c 7d *")));
    // A meld of jokers alone has no rank or suit (Scala 40 has four jokers).
    let mut g = opened_holding(Config::SCALA40, "* * * 8h", "2d");
    refused!(g, Action::Meld(run(&g, 0, "* * *")), invalid(Run, MeldError::NoNatural));
    refused!(g, Action::Meld(set(&g, 0, "* * *")), invalid(Group, MeldError::NoNatural));
}

/// The value an opening of `melds` (faces of seat 0's hand, each with its kind) counts,
/// read from the refusal under a threshold no opening reaches.
fn opening_value(config: Config, hand: &str, melds: &[(MeldKind, &str)]) -> Result<u32, ActionError> {
    let mut c = config;
    c.opening_threshold = 500;
    let mut g = game(c, &[hand, "3h 6d Th 8c"], "", "2d");
    draw(&mut g);
    let melds = melds.iter().map(|&(kind, faces)| NewMeld::new(kind, ids(&g, 0, faces))).collect();
    match g.check(0, &Action::Open { melds }) {
        Err(ActionError::OpeningBelowThreshold { needed: 500, got }) => Ok(got),
        Err(e) => Err(e),
        Ok(()) => panic!("no opening reaches 500"),
    }
}

#[test]
fn rules_3_5_a_joker_counts_the_card_it_stands_for_at_either_end() {
    use MeldKind::{Group, Run};
    let c = Config::RUMMY40;
    // The joker at the back of Q-K stands for the ace (11), at the back of J-Q for the
    // king; at the front of Q-K for the jack.
    assert_eq!(opening_value(c, "Qh Kh * 5s", &[(Run, "Qh Kh *")]), Ok(10 + 10 + 11));
    assert_eq!(opening_value(c, "Jh Qh * 5s", &[(Run, "Jh Qh *")]), Ok(10 + 10 + 10));
    assert_eq!(opening_value(c, "Qh Kh * 5s", &[(Run, "* Qh Kh")]), Ok(10 + 10 + 10));
    assert_eq!(opening_value(c, "5h 7h * 5s", &[(Run, "5h * 7h")]), Ok(5 + 6 + 7));
    assert_eq!(opening_value(c, "5h 6h * 5s", &[(Run, "* 5h 6h")]), Ok(4 + 5 + 6));
    assert_eq!(opening_value(c, "5h 6h * 5s", &[(Run, "5h 6h *")]), Ok(5 + 6 + 7));
    // Two jokers: in a run each counts its place; in a set the rank.
    assert_eq!(opening_value(c, "Th * * 5s", &[(Run, "Th * *")]), Ok(10 + 10 + 10));
    assert_eq!(opening_value(c, "9h * * 5s", &[(Run, "* * 9h")]), Ok(7 + 8 + 9));
    assert_eq!(opening_value(c, "9h * * 5s", &[(Group, "9h * *")]), Ok(27));
    // A set of aces counts 11 each, a joker in it too.
    assert_eq!(opening_value(c, "Ac Ad * 5s", &[(Group, "Ac Ad *")]), Ok(33));
    // Exactly 40 with a joker in the middle of a run opens.
    let mut g = game(c, &["Th * Qh Kh 5s", "3h 6d Th 8c"], "", "2d");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
}

/// The worked example of RULES.md §3.5, every number.
#[test]
fn rules_3_5_worked_example_every_number() {
    use MeldKind::{Group, Run};
    let c = Config::RUMMY40;
    let hand = "Th Jh Qh 4c 4d 4s 8s";
    assert_eq!(opening_value(c, hand, &[(Run, "Th Jh Qh")]), Ok(30));
    assert_eq!(opening_value(c, hand, &[(Group, "4c 4d 4s")]), Ok(12));
    assert_eq!(opening_value(c, hand, &[(Run, "Th Jh Qh"), (Group, "4c 4d 4s")]), Ok(42));
    let hand = "Qs Ks As 7c 7d * 8s";
    assert_eq!(opening_value(c, hand, &[(Run, "Qs Ks As")]), Ok(31));
    assert_eq!(opening_value(c, hand, &[(Group, "7c 7d *")]), Ok(21));
    assert_eq!(opening_value(c, hand, &[(Run, "Qs Ks As"), (Group, "7c 7d *")]), Ok(52));
}

#[test]
fn rules_3_4_jokers_at_the_ends_of_a_run_and_the_ace() {
    use MeldKind::Run;
    let c = Config::RUMMY40;
    // Nothing stands above the ace (a joker there would turn the corner to the 2), and
    // below the 2 only a low ace would.
    assert_eq!(
        opening_value(c, "Kh Ah * 5s", &[(Run, "Kh Ah *")]),
        Err(invalid(Run, MeldError::WrapNotAllowed))
    );
    let low = opening_value(c, "2h 3h * 5s", &[(Run, "* 2h 3h")]);
    assert!(matches!(low, Err(ActionError::Table(TableError::InvalidMeld { kind: Run, .. }))), "{low:?}");
    assert_eq!(opening_value(c, "Kh Ah * 5s", &[(Run, "* Kh Ah")]), Ok(10 + 10 + 11));
    // With the ace low the joker below the 2 is an ace worth 1; K-A-2 is never a run,
    // not even with a joker for the ace; Q-K-A still counts the ace 11.
    let mut a = c;
    a.ace_low_in_runs = true;
    assert_eq!(opening_value(a, "2h 3h * 5s", &[(Run, "* 2h 3h")]), Ok(1 + 2 + 3));
    assert_eq!(opening_value(a, "Ah 2h * 5s", &[(Run, "Ah 2h *")]), Ok(1 + 2 + 3));
    assert_eq!(opening_value(a, "Ah * * 5s", &[(Run, "Ah * *")]), Ok(1 + 2 + 3));
    assert_eq!(opening_value(a, "Qh Kh Ah 5s", &[(Run, "Qh Kh Ah")]), Ok(31));
    // Only in a low run: a set of aces still counts 11 each.
    assert_eq!(opening_value(a, "Ac Ad Ah 5s", &[(MeldKind::Group, "Ac Ad Ah")]), Ok(33));
    assert_eq!(
        opening_value(a, "Kh Ah 2h 5s", &[(Run, "Kh Ah 2h")]),
        Err(invalid(Run, MeldError::WrapNotAllowed))
    );
    let wrap = opening_value(a, "Kh 2h * 5s", &[(Run, "Kh * 2h")]);
    assert!(matches!(wrap, Err(ActionError::Table(TableError::InvalidMeld { kind: Run, .. }))), "{wrap:?}");
}

#[test]
fn rules_3_4_jokers_are_laid_off_too() {
    // Onto a run: at the back of ♥10-K the joker is the ace; nothing goes above it.
    let mut g = opened_holding(Config::SCALA40, "* * 9c 9d 9s 2c", "5d");
    let [j1, j2] = ids(&g, 0, "* *")[..] else { panic!() };
    ok!(g, Action::LayOff { piece: j1, onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh *");
    refused!(
        g,
        Action::LayOff { piece: j2, onto: M0, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, j2),
            error: MeldError::OutOfBounds
        }),
    );
    ok!(g, Action::LayOff { piece: j2, onto: M0, end: RunEnd::Front });
    assert_eq!(meld_text(&g, 0), "* Th Jh Qh Kh *");
    // Onto a set of three: the closed set of four.
    let mut g = opened_holding(Config::RUMMY40, "* 9c 9d 9s 9h 2c", "5d");
    ok!(g, Action::Meld(set(&g, 0, "9c 9d 9s")));
    ok!(g, Action::LayOff { piece: id(&g, 0, "*"), onto: M1, end: RunEnd::Back });
    assert_eq!(g.table().melds()[1].meld().len(), 4);
    let nine = id(&g, 0, "9h");
    refused!(g, Action::SwapJoker { piece: nine, meld: M1 }, ActionError::ClosedSet { meld: M1 });
    refused!(
        g,
        Action::LayOff { piece: nine, onto: M1, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M1,
            piece: named(&g, nine),
            error: MeldError::TooLong { len: 5, max: 4 }
        }),
    );
}

#[test]
fn rules_3_4_no_adjacent_jokers_option() {
    use MeldKind::{Group, Run};
    let mut c = Config::SCALA40;
    c.joker_limit = rummykit_core::JokerLimit::NoAdjacent;
    assert_eq!(
        opening_value(c, "5s 8s * * 2c", &[(Run, "5s * * 8s")]),
        Err(invalid(Run, MeldError::AdjacentJokers { index: 2 }))
    );
    assert_eq!(opening_value(c, "5s 7s 9s * * 2c", &[(Run, "5s * 7s * 9s")]), Ok(5 + 6 + 7 + 8 + 9));
    // The limit is about runs: a set of one natural and two jokers stays allowed.
    assert_eq!(opening_value(c, "Ts * * 2c", &[(Group, "Ts * *")]), Ok(30));
    // NotMoreThanNaturals: two jokers need two naturals, in sets and runs alike.
    let mut c = Config::SCALA40;
    c.joker_limit = rummykit_core::JokerLimit::NotMoreThanNaturals;
    assert_eq!(opening_value(c, "5s 8s * * 2c", &[(Run, "5s * * 8s")]), Ok(5 + 6 + 7 + 8));
    assert_eq!(
        opening_value(c, "5s * * 2c", &[(Run, "5s * *")]),
        Err(invalid(Run, MeldError::TooManyJokers { jokers: 2, max: 1 }))
    );
    assert_eq!(
        opening_value(c, "Ts * * 2c", &[(Group, "Ts * *")]),
        Err(invalid(Group, MeldError::TooManyJokers { jokers: 2, max: 1 }))
    );
}

#[test]
fn rules_3_6_swap_from_another_players_runs_at_an_end_and_inside() {
    // Seat 1 opens with ♠Q-K-joker (the joker is the ace) and ♦9-10-joker-Q (the jack);
    // seat 0, opened the turn before, wins both jokers from seat 1's melds.
    let mut g =
        game(Config::RUMMY40, &["Th Jh Qh Kh As Jd 2c 5c", "Qs Ks * 9d Td Qd * 8c 4h"], "", "3c 3d 6h");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "3c")));
    draw(&mut g);
    let [j1, j2] = ids(&g, 1, "* *")[..] else { panic!() };
    let mut qk = run(&g, 1, "Qs Ks");
    qk.pieces.push(j1);
    let mut nine_to_queen = run(&g, 1, "9d Td Qd");
    nine_to_queen.pieces.insert(2, j2);
    ok!(g, Action::Open { melds: vec![qk, nine_to_queen] });
    ok!(g, Action::Discard(id(&g, 1, "3d")));
    draw(&mut g);
    let m2 = MeldId::new(2);
    let five = id(&g, 0, "5c");
    refused!(
        g,
        Action::SwapJoker { piece: five, meld: M1 },
        ActionError::NoJokerFor { meld: M1, piece: named(&g, five) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "As"), meld: M1 });
    assert_eq!(meld_text(&g, 1), "Qs Ks As");
    assert_eq!(g.table().melds()[1].owner(), 1, "the meld stays its owner's");
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Jd"), meld: m2 });
    assert_eq!(meld_text(&g, 2), "9d Td Jd Qd");
    assert_eq!(hand_text(&g, 0), "2c 5c 6h * *");
}

#[test]
fn rules_3_6_swap_in_a_run_with_two_jokers_takes_the_one_named() {
    let mut g = opened_holding(Config::RUMMY40, "5s * * 8s 7s 6d", "2c");
    ok!(g, Action::Meld(run(&g, 0, "5s * * 8s")));
    // 5-6-7-8: the 7♠ frees the joker at the third place, the 6♦ nothing.
    let six = id(&g, 0, "6d");
    refused!(
        g,
        Action::SwapJoker { piece: six, meld: M1 },
        ActionError::NoJokerFor { meld: M1, piece: named(&g, six) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "7s"), meld: M1 });
    assert_eq!(meld_text(&g, 1), "5s * 7s 8s");
    assert_eq!(hand_text(&g, 0), "2c 6d *");
}

/// RULES.md §3.6 and §6 row 6: no joker comes off the table before the player has opened,
/// even with the exact card for it; opening earlier in the same turn is enough.
#[test]
fn rules_3_6_no_joker_swap_or_release_before_opening() {
    let mut g =
        game(Config::RUMMY40, &["Th * Qh Kh 9c 9d * 2s", "Jh 9h 9s Qs Ks As 5c 5d 5h 3d"], "", "4c 6d");
    draw(&mut g);
    let [j1, j2] = ids(&g, 0, "* *")[..] else { panic!() };
    let mut run_of_ten = run(&g, 0, "Th Qh Kh");
    run_of_ten.pieces.insert(1, j1);
    let mut nines = set(&g, 0, "9c 9d");
    nines.pieces.push(j2);
    ok!(g, Action::Open { melds: vec![run_of_ten, nines] });
    ok!(g, Action::Discard(id(&g, 0, "4c")));
    draw(&mut g);
    let jack = id(&g, 1, "Jh");
    let nines = [id(&g, 1, "9h"), id(&g, 1, "9s")];
    refused!(g, Action::SwapJoker { piece: jack, meld: M0 }, ActionError::NotOpened);
    refused!(g, Action::ReleaseJoker { meld: M1, pieces: nines }, ActionError::NotOpened);
    // ♠Q-K-A (31) + 5♣ 5♦ 5♥ (15) = 46 opens; then both jokers come free.
    ok!(g, Action::Open { melds: vec![run(&g, 1, "Qs Ks As"), set(&g, 1, "5c 5d 5h")] });
    ok!(g, Action::SwapJoker { piece: jack, meld: M0 });
    ok!(g, Action::ReleaseJoker { meld: M1, pieces: nines });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh");
    assert_eq!(hand_text(&g, 1), "3d 6d * *");
}

#[test]
fn rules_3_6_set_of_three_with_two_jokers_gives_none_for_one_card() {
    let mut g = game(Config::RUMMY40, &["Th * * 5c 6c 7c Td Tc Tc 2d", "3h 6d 9h 8c"], "", "Th");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th * *"), run(&g, 0, "5c 6c 7c")] });
    refused!(
        g,
        Action::SwapJoker { piece: id(&g, 0, "Td"), meld: M0 },
        ActionError::NeedsBothMissingSuits { meld: M0 },
    );
    // Both copies of one missing suit are not both missing suits.
    let [c1, c2] = ids(&g, 0, "Tc Tc")[..] else { panic!() };
    refused!(
        g,
        Action::ReleaseJoker { meld: M0, pieces: [c1, c2] },
        ActionError::NotAReleasableSet { meld: M0 }
    );
    // A suit already in the set (the other ♥10) is not missing.
    let th = id(&g, 0, "Th");
    refused!(
        g,
        Action::ReleaseJoker { meld: M0, pieces: [th, c1] },
        ActionError::NotAReleasableSet { meld: M0 }
    );
    // Any two of the three missing suits free one joker.
    ok!(g, Action::ReleaseJoker { meld: M0, pieces: [c1, id(&g, 0, "Td")] });
    assert_eq!(hand_text(&g, 0), "Tc 2d Th *");
}

#[test]
fn rules_3_6_forbid_playable_discard_binds_only_the_opened_and_sets_count() {
    let mut c = Config::RUMMY40;
    c.forbid_playable_discard = true;
    let mut g = game(c, &["Th Jh Qh Kh 5c 5d 5s 2d 8c", "5h 4c 6d 2s"], "", "3s 7h 8d");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh"), set(&g, 0, "5c 5d 5s")] });
    ok!(g, Action::Discard(id(&g, 0, "3s")));
    draw(&mut g);
    // Seat 1 has not opened: the 5♥ that fits seat 0's set may go.
    ok!(g, Action::Discard(id(&g, 1, "5h")));
    // Seat 0 takes it (and may not throw it back this turn). A turn later the 5♥, which
    // fits seat 0's set of fives, may not go while the 2♦, which fits nowhere, could.
    ok!(g, Action::TakeDiscard);
    let five = g.taken_this_turn().unwrap();
    refused!(
        g,
        Action::Discard(five),
        ActionError::Turn(TurnError::DiscardTakenCard { card: named(&g, five) })
    );
    ok!(g, Action::Discard(id(&g, 0, "8c")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "7h")));
    draw(&mut g);
    refused!(g, Action::Discard(five), ActionError::PlayableDiscard { card: named(&g, five), meld: M1 });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
}

#[test]
fn rules_3_3_twin_of_the_card_taken_to_open_may_not_be_discarded() {
    let mut g = game(Config::RUMMY40, &["Jh Qh 4c 4d 4s Kh 2d", "3c 6d Th"], "Kh", "4h");
    let kh = g.piles().top_discard().unwrap();
    let mut jqk = run(&g, 0, "Jh Qh");
    jqk.pieces.push(kh);
    ok!(g, Action::TakeDiscardAndOpen { melds: vec![jqk, set(&g, 0, "4c 4d 4s")] });
    let twin = id(&g, 0, "Kh");
    refused!(
        g,
        Action::Discard(twin),
        ActionError::Turn(TurnError::DiscardTakenCard { card: named(&g, twin) })
    );
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(g.to_move(), Some(1));
}

#[test]
fn rules_3_3_a_lay_off_may_not_leave_the_hand_without_a_discard() {
    let mut g = opened_holding(Config::RUMMY40, "9h", "8h");
    ok!(g, Action::LayOff { piece: id(&g, 0, "9h"), onto: M0, end: RunEnd::Front });
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "8h"), onto: M0, end: RunEnd::Front },
        ActionError::NoDiscardLeft
    );
    // The last card is discarded instead: seat 0 goes out.
    ok!(g, Action::Discard(id(&g, 0, "8h")));
    assert_eq!(g.outcome().unwrap().winners, vec![0]);
}

#[test]
fn rules_3_7_taking_the_discard_to_open_and_going_out_at_once_is_rummy() {
    // ♥J-Q + the taken ♥K (30) and 4♣ 4♦ 4♠ (12): 42, then the last card goes.
    let mut g = game(Config::RUMMY40, &["Jh Qh 4c 4d 4s 2d", "Ad * 9c"], "Kh", "5s");
    let kh = g.piles().top_discard().unwrap();
    let mut jqk = run(&g, 0, "Jh Qh");
    jqk.pieces.push(kh);
    ok!(g, Action::TakeDiscardAndOpen { melds: vec![jqk, set(&g, 0, "4c 4d 4s")] });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap(), rummykit_core::Outcome { points: vec![0, 35 + 25], winners: vec![0] });
}

// ---------------------------------------------------------------- §5 cross-game decisions

#[test]
fn rules_5_item_1_the_kind_is_stored_and_decides_what_fits() {
    // 5♣ joker joker as a run is 5-6-7 (the 8♣ goes on at the back); as a set it is three
    // fives (the 5♦ goes on, making the closed set).
    let mut g = opened_holding(Config::RUMMY40, "5c * * 8c 5d 2s", "3d");
    ok!(g, Action::Meld(run(&g, 0, "5c * *")));
    assert_eq!(g.table().melds()[1].meld().kind(), MeldKind::Run);
    let five = id(&g, 0, "5d");
    refused!(
        g,
        Action::LayOff { piece: five, onto: M1, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M1,
            piece: named(&g, five),
            error: MeldError::MixedSuits { index: 3 }
        }),
    );
    ok!(g, Action::LayOff { piece: id(&g, 0, "8c"), onto: M1, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 1), "5c * * 8c");

    let mut g = opened_holding(Config::RUMMY40, "5c * * 8c 5d 2s", "3d");
    ok!(g, Action::Meld(set(&g, 0, "5c * *")));
    assert_eq!(g.table().melds()[1].meld().kind(), MeldKind::Group);
    let eight = id(&g, 0, "8c");
    let refusal = g.check(0, &Action::LayOff { piece: eight, onto: M1, end: RunEnd::Back });
    assert!(matches!(refusal, Err(ActionError::Table(TableError::DoesNotFit { .. }))), "{refusal:?}");
    ok!(g, Action::LayOff { piece: id(&g, 0, "5d"), onto: M1, end: RunEnd::Back });
    assert_eq!(g.table().melds()[1].meld().len(), 4);
}

#[test]
fn rules_5_item_2_a_jokers_value_is_its_place_in_a_run() {
    let mut g = opened_holding(Config::RUMMY40, "5c * 7c 6c 8c 2s", "3d");
    ok!(g, Action::Meld(run(&g, 0, "5c * 7c")));
    let eight = id(&g, 0, "8c");
    refused!(
        g,
        Action::SwapJoker { piece: eight, meld: M1 },
        ActionError::NoJokerFor { meld: M1, piece: named(&g, eight) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "6c"), meld: M1 });
    assert_eq!(meld_text(&g, 1), "5c 6c 7c");
}

/// §5 item 3: a card game checks each action as it is made. The opening and a further
/// meld lie on the table at once, the turn still on; a refused action after them leaves
/// them there, the hand unchanged; the discard ends the turn with both melds down.
#[test]
fn rules_5_item_3_each_action_is_checked_and_applied_as_it_is_made() {
    let mut g = opened_holding(Config::RUMMY40, "5c 6c 7c 9s 2s", "3d");
    assert_eq!((g.to_move(), g.phase(), g.table().len()), (Some(0), Phase::Play, 1));
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c")));
    assert_eq!((g.to_move(), g.phase(), g.table().len()), (Some(0), Phase::Play, 2));
    assert_eq!(hand_text(&g, 0), "3d 2s 9s");
    let before = g.clone();
    let refusal = g.apply(0, Action::Meld(run(&g, 0, "2s 3d 9s")));
    assert!(matches!(refusal, Err(ActionError::Table(TableError::InvalidMeld { .. }))), "{refusal:?}");
    assert_eq!(g, before, "a refusal undoes nothing done before it");
    ok!(g, Action::Discard(id(&g, 0, "9s")));
    assert_eq!((g.to_move(), g.table().len()), (Some(1), 2));
    assert_eq!(meld_text(&g, 1), "5c 6c 7c");
}

#[test]
fn rules_5_item_4_a_run_never_holds_a_value_twice() {
    let mut g = opened_holding(Config::RUMMY40, "5c 6c 6c 7c 2s", "3d");
    let error = g.check(0, &Action::Meld(run(&g, 0, "5c 6c 6c 7c"))).unwrap_err();
    assert_eq!(error, invalid(MeldKind::Run, MeldError::NotConsecutive { index: 2 }));
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c")));
    let six = id(&g, 0, "6c");
    let refusal = g.check(0, &Action::LayOff { piece: six, onto: M1, end: RunEnd::Back });
    assert!(matches!(refusal, Err(ActionError::Table(TableError::DoesNotFit { .. }))), "{refusal:?}");
    // A full run 2-A with the ace also low: the other ace may not go below the 2.
    let mut a = Config::RUMMY40;
    a.ace_low_in_runs = true;
    let clubs = "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac";
    let mut g = game(a, &[clubs, "3h 6d Th 8c"], "", "Ac");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, clubs)] });
    let ace = id(&g, 0, "Ac");
    let refusal = g.check(0, &Action::LayOff { piece: ace, onto: M0, end: RunEnd::Front });
    assert!(matches!(refusal, Err(ActionError::Table(TableError::DoesNotFit { .. }))), "{refusal:?}");
}

#[test]
fn rules_5_item_5_the_same_seed_plays_the_same_hand() {
    let play = |seed: u64| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Rummy40::deal(&Config::RUMMY40, Seating::new(3), &mut rng).unwrap();
        let mut bot = rummykit_rummy40::GreedyBot::new();
        let mut steps = 0;
        while let Some(seat) = g.to_move() {
            if steps == 2_000 {
                break;
            }
            let action = rummykit_core::Bot::act(&mut bot, &g.view(seat));
            g.apply(seat, action).unwrap();
            steps += 1;
        }
        g
    };
    assert_eq!(play(17), play(17));
    assert_ne!(play(17).setup(), play(18).setup());
}

#[test]
fn rules_3_7_going_out_with_the_last_stock_card_needs_no_restock() {
    // The stock holds one card, a joker; seat 0 (all the clubs) draws it and goes out with
    // ♣2-…-K-joker, throwing the A♣: the hand is won, not void, though no restock is allowed.
    let mut c = Config::RUMMY40;
    c.max_restocks = Some(0);
    let mut g = Rummy40::from_setup(&c, scripted(c, 26..105, 105..106)).unwrap();
    draw(&mut g);
    assert_eq!(g.piles().stock_len(), 0);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "2c 3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc *")] });
    ok!(g, Action::Discard(id(&g, 0, "Ac")));
    assert!(g.went_rummy());
    // Seat 1 holds the diamonds: 11 + (2 + … + 10) + 3 × 10 = 95, and 25 for the rummy.
    assert_eq!(g.outcome().unwrap(), rummykit_core::Outcome { points: vec![0, 95 + 25], winners: vec![0] });
    assert_eq!(g.piles().restocks(), 0);
}

/// `unopened_penalty` (RULES.md §3.8) replaces the cards of a player who had not opened,
/// and only theirs: seat 1 opened and pays its 3♥; seat 2 never did and pays the flat
/// penalty instead of A♦ joker 9♣ 4♥ (39). `Some(0)` is not `None`.
#[test]
fn rules_3_8_unopened_penalty_replaces_only_an_unopened_hand() {
    let points = |penalty: Option<u32>| {
        let mut c = Config::RUMMY40;
        c.unopened_penalty = penalty;
        let hands = ["Th Jh Qh Kh 5c 6c 7c 8c 2d", "9s 9d 9c Ts Js Qs Ks 3h", "Ad * 9c 4h"];
        let mut g = game(c, &hands, "", "3s Qc Kc 9h");
        draw(&mut g);
        ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
        ok!(g, Action::Discard(id(&g, 0, "3s")));
        draw(&mut g);
        ok!(g, Action::Open { melds: vec![set(&g, 1, "9s 9d 9c"), run(&g, 1, "Ts Js Qs Ks")] });
        ok!(g, Action::Discard(id(&g, 1, "Qc")));
        draw(&mut g);
        ok!(g, Action::Discard(id(&g, 2, "Kc")));
        draw(&mut g);
        ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c 8c")));
        ok!(g, Action::LayOff { piece: id(&g, 0, "9h"), onto: M0, end: RunEnd::Front });
        ok!(g, Action::Discard(id(&g, 0, "2d")));
        assert!(!g.went_rummy());
        g.outcome().unwrap().points
    };
    assert_eq!(points(None), vec![0, 3, 11 + 15 + 9 + 4]);
    assert_eq!(points(Some(100)), vec![0, 3, 100]);
    assert_eq!(points(Some(0)), vec![0, 3, 0]);
}

// ---------------------------------------------------------------- corners pinned sentence by sentence

/// RULES.md §3.2: thirteen cards each, dealt one at a time clockwise from the dealer's
/// left; the next card turned up starts the pile, the rest is the stock. The pack is
/// shuffled with the caller's rng and dealt from its top (the end of the shuffled list);
/// faces are compared, as the two copies of a card are one face.
#[test]
fn rules_3_2_cards_are_dealt_one_at_a_time_from_the_dealers_left() {
    use rand::seq::SliceRandom;
    for (config, seats, dealer) in
        [(Config::RUMMY40, 2, 0), (Config::RUMMY40, 3, 2), (Config::SCALA40, 4, 1), (Config::RUMMY40, 6, 3)]
    {
        let seed = 70 + seats as u64;
        let seating = Seating::new(seats).with_dealer(dealer);
        let g = Rummy40::deal(&config, seating, &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        let pack = config.catalog().unwrap();
        let mut deck: Vec<Card> = pack.ids().filter_map(|id| pack.face(id)).collect();
        deck.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        let mut hands = vec![Vec::new(); seats];
        for k in 0..seats * 13 {
            hands[(dealer + 1 + k) % seats].push(deck.pop().unwrap());
        }
        for (seat, mut expected) in hands.into_iter().enumerate() {
            let mut held: Vec<Card> = g.hand(seat).unwrap().iter().filter_map(|p| g.face(p)).collect();
            held.sort();
            expected.sort();
            assert_eq!(held, expected, "{seats} seats, seat {seat}");
        }
        let up: Vec<Card> = g.piles().discard_pile().iter().filter_map(|&p| g.face(p)).collect();
        assert_eq!(up, [deck.pop().unwrap()]);
        // The stock in drawing order: the rest of the shuffled pack from its top.
        let stock: Vec<Card> = g.piles().stock().iter().rev().filter_map(|&p| g.face(p)).collect();
        deck.reverse();
        assert_eq!(stock, deck);
        assert_eq!(g.to_move(), Some((dealer + 1) % seats));
    }
}

/// RULES.md §3.6: the joker a swap wins goes to the hand and may be kept; caught in
/// hand at the end it costs the joker's hand penalty (15, or the option's 25). Seat 0
/// wins the joker of its own ♥10-joker-Q-K with the ♥J and keeps it; seat 1 goes out
/// (no rummy) a turn later, leaving seat 0 with 2♣ 3♦ and the joker.
#[test]
fn rules_3_6_a_kept_swapped_joker_costs_its_hand_penalty() {
    for (penalty, expected) in [(15, 2 + 3 + 15), (25, 2 + 3 + 25)] {
        let mut c = Config::RUMMY40;
        c.joker_hand_penalty = penalty;
        let mut g = game(c, &["Th * Qh Kh Jh 2c 3d", "Ts Js Qs Ks 4s"], "", "5d 7c 8d As");
        draw(&mut g);
        ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
        ok!(g, Action::SwapJoker { piece: id(&g, 0, "Jh"), meld: M0 });
        assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh");
        ok!(g, Action::Discard(id(&g, 0, "5d")));
        draw(&mut g);
        ok!(g, Action::Open { melds: vec![run(&g, 1, "Ts Js Qs Ks")] });
        ok!(g, Action::Discard(id(&g, 1, "7c")));
        // The joker stays in hand over the next turn: nothing makes seat 0 play it.
        draw(&mut g);
        ok!(g, Action::Discard(id(&g, 0, "8d")));
        assert_eq!(hand_text(&g, 0), "2c 3d *");
        draw(&mut g);
        ok!(g, Action::LayOff { piece: id(&g, 1, "As"), onto: M1, end: RunEnd::Back });
        ok!(g, Action::Discard(id(&g, 1, "4s")));
        assert!(!g.went_rummy());
        assert_eq!(
            g.outcome().unwrap(),
            rummykit_core::Outcome { points: vec![expected, 0], winners: vec![1] }
        );
    }
}

/// RULES.md §0 `valid_group`: jokers fill missing suits only, so a set takes as many as
/// suits are missing: one natural and three jokers (Scala 40's four-joker pack) is a set
/// of four, worth four of its rank; a fifth card never fits. As a run the same cards are
/// 7-8-9-10.
#[test]
fn rules_0_a_set_takes_a_joker_for_each_missing_suit() {
    use MeldKind::{Group, Run};
    let c = Config::SCALA40;
    assert_eq!(opening_value(c, "7c * * * 5s", &[(Group, "7c * * *")]), Ok(4 * 7));
    assert_eq!(opening_value(c, "7c * * * 5s", &[(Run, "7c * * *")]), Ok(7 + 8 + 9 + 10));
    assert_eq!(opening_value(c, "7c 7d * * 5s", &[(Group, "7c 7d * *")]), Ok(4 * 7));
    assert_eq!(
        opening_value(c, "7c 7d * * * 5s", &[(Group, "7c 7d * * *")]),
        Err(invalid(Group, MeldError::TooLong { len: 5, max: 4 }))
    );
    // The two-joker pack: a natural and both jokers are a set of three with room for one.
    let mut g = opened_holding(Config::RUMMY40, "9c * * 9d 9s 2d", "5c");
    ok!(g, Action::Meld(set(&g, 0, "9c * *")));
    ok!(g, Action::LayOff { piece: id(&g, 0, "9d"), onto: M1, end: RunEnd::Back });
    let nine = id(&g, 0, "9s");
    refused!(
        g,
        Action::LayOff { piece: nine, onto: M1, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M1,
            piece: named(&g, nine),
            error: MeldError::TooLong { len: 5, max: 4 }
        }),
    );
}

/// RULES.md §3.9 `ace_low_in_runs` (Scala 40): the ace goes below the 2 or above the
/// king, but a run holds it at one end only: A–K is thirteen cards and takes no second
/// ace at its back, and 2–A takes none at its front (never more than thirteen cards).
#[test]
fn rules_3_4_a_low_ace_run_holds_the_ace_at_one_end_only() {
    let c = Config::SCALA40.with_opening_threshold(1);
    let hand = "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh";
    // A–K counts the ace 1: 1 + 2 + … + 10 + 3 × 10 = 85.
    assert_eq!(
        opening_value(Config::SCALA40, hand, &[(MeldKind::Run, hand)]),
        Ok((1..=10).sum::<u32>() + 30)
    );
    let mut g = game(c, &[hand, "3c 6d Th 8c"], "", "Ah 5s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, hand)] });
    let ace = id(&g, 0, "Ah");
    for end in [RunEnd::Front, RunEnd::Back] {
        let e = g.check(0, &Action::LayOff { piece: ace, onto: M0, end }).expect_err("no second ace");
        assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })), "{end:?}: {e:?}");
    }
    let mut g = game(c, &[hand, "3c 6d Th 8c"], "", "Ah 5s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh")] });
    let [high, low] = ids(&g, 0, "Ah Ah")[..] else { panic!() };
    ok!(g, Action::LayOff { piece: high, onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), "2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah");
    refused!(
        g,
        Action::LayOff { piece: low, onto: M0, end: RunEnd::Front },
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, low),
            error: MeldError::TooLong { len: 14, max: 13 }
        }),
    );
}

/// RULES.md §3.6 option `set3_joker_swap = EitherMissing`: in a set of three a joker is
/// exchanged for one card of a missing suit, so ♥10 joker joker gives up a joker for the
/// ♦10 (leaving ♥10 ♦10 joker), and that one in turn for the ♣10; a card of a suit the
/// set holds (the other ♥10) frees nothing.
#[test]
fn rules_3_6_either_missing_frees_a_joker_of_two_for_one_card() {
    let mut c = Config::RUMMY40;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    let mut g = game(c, &["Th * * 5c 6c 7c Td Tc Th 2d", "3h 6d 9h 8c"], "", "Ts");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Th * *"), run(&g, 0, "5c 6c 7c")] });
    let twin = id(&g, 0, "Th");
    refused!(
        g,
        Action::SwapJoker { piece: twin, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, twin) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Td"), meld: M0 });
    let m = g.table().melds()[0].meld();
    assert_eq!((m.len(), m.jokers()), (3, 1));
    assert_eq!(hand_text(&g, 0), "Tc 2d Th Ts *");
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Tc"), meld: M0 });
    let m = g.table().melds()[0].meld();
    assert_eq!((m.len(), m.jokers()), (3, 0));
    assert_eq!(hand_text(&g, 0), "2d Th Ts * *");
}

/// RULES.md §3.8: a loser's penalty is the hand's value plus the rummy bonus; under
/// `unopened_penalty` the flat penalty takes the hand's value's place and the bonus is
/// added to it (or doubles it), as for any other hand (docs/DESIGN.md).
#[test]
fn rules_3_8_an_unopened_hand_pays_the_rummy_bonus_on_its_flat_penalty() {
    for (bonus, expected) in [(RummyBonus::PerOpponent(25), 125), (RummyBonus::Double, 200)] {
        let mut c = Config::RUMMY40;
        c.unopened_penalty = Some(100);
        c.going_rummy_bonus = bonus;
        let mut g = game(c, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
        draw(&mut g);
        let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
        ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
        assert!(g.went_rummy());
        assert_eq!(g.outcome().unwrap().points, vec![0, expected]);
    }
}

/// RULES.md §3.7 with the §3.6 discard options: a rummy ends with the compulsory discard
/// of the last card, which under Scala 40 may be a joker (`OnlyWhenClosing`) or a card
/// that fits a table meld (`forbid_playable_discard` binds only while another card could
/// go); never the twin of a card taken this turn.
#[test]
fn rules_3_7_a_rummy_closes_with_any_last_card_but_the_taken_ones_twin() {
    let c = Config::SCALA40;
    for (last, stock) in [("*", "*"), ("Kh", "Kh")] {
        let mut g = game(c, &["Th Jh Qh 5c 5d 5s", "Ad * 9c"], "", stock);
        draw(&mut g);
        let melds = vec![run(&g, 0, "Th Jh Qh"), set(&g, 0, "5c 5d 5s")];
        ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, last) });
        assert!(g.went_rummy(), "{last}");
        assert_eq!(g.outcome().unwrap().winners, vec![0]);
    }
    // Taking the ♥K to go rummy and throwing its twin is refused, changing nothing.
    let mut g = game(Config::RUMMY40, &["Jh Qh 4c 4d 4s Kh", "Ad * 9c"], "Kh", "5s");
    let taken = g.piles().top_discard().unwrap();
    let mut jqk = run(&g, 0, "Jh Qh");
    jqk.pieces.push(taken);
    let twin = id(&g, 0, "Kh");
    let melds = vec![jqk, set(&g, 0, "4c 4d 4s")];
    refused!(
        g,
        Action::TakeDiscardAndGoRummy { melds: melds.clone(), lay_offs: vec![], discard: twin },
        ActionError::Turn(TurnError::DiscardTakenCard { card: named(&g, twin) }),
    );
    // Opening with it instead would leave only the twin: no discard, refused too.
    refused!(g, Action::TakeDiscardAndOpen { melds }, ActionError::NoDiscardLeft);
}

/// RULES.md §3.6: a joker swap or release happens face up, so the joker it wins is
/// known to be in the winner's hand, as a card taken from the pile is: every view shows
/// it, a redeal for another seat keeps it there, and it is no longer known once played.
#[test]
fn rules_3_6_a_joker_won_from_the_table_is_known_to_every_seat() {
    let mut g = game(Config::RUMMY40, &["Th * Qh Kh Jh 2c 3d 9c 9d", "Ts Js Qs Ks 4s"], "", "5d 7c 8d");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
    assert!(g.known_cards(0).unwrap().is_empty());
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Jh"), meld: M0 });
    let joker = id(&g, 0, "*");
    ok!(g, Action::Discard(id(&g, 0, "5d")));
    assert_eq!(g.known_cards(0).unwrap(), [joker].into_iter().collect());
    assert_eq!(g.view(1).known[0], g.known_cards(0).unwrap());
    for seed in 0..8 {
        let other = g.redeal(1, &mut ChaCha8Rng::seed_from_u64(seed));
        assert!(other.hand(0).unwrap().contains(joker), "seed {seed}");
        assert_eq!(other.view(1), g.view(1));
    }
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "7c")));
    draw(&mut g);
    ok!(g, Action::Meld(NewMeld::new(MeldKind::Group, vec![id(&g, 0, "9c"), id(&g, 0, "9d"), joker])));
    assert!(g.known_cards(0).unwrap().is_empty());
    // A release: the freed joker is known too.
    let mut g = at_draw(Config::SCALA40, "2d 6s Tc Td", "Jd", &TABLE_WITH_A_SET_OF_THREE);
    draw(&mut g);
    ok!(g, Action::ReleaseJoker { meld: MeldId::new(2), pieces: [id(&g, 0, "Tc"), id(&g, 0, "Td")] });
    let freed = id(&g, 0, "*");
    assert!(g.known_cards(0).unwrap().contains(freed));
    assert!(g.view(1).known[0].contains(freed));
}

/// RULES.md §3.6 with `ace_low_in_runs`: the joker below the 2 of a run stands for the
/// low ace, so the ace (not the 4) wins it.
#[test]
fn rules_3_6_a_joker_standing_for_a_low_ace_is_swapped_for_the_ace() {
    let mut g = opened_holding(Config::SCALA40, "* 2h 3h 4h Ah 9c", "5s");
    ok!(g, Action::Meld(run(&g, 0, "* 2h 3h")));
    let four = id(&g, 0, "4h");
    refused!(
        g,
        Action::SwapJoker { piece: four, meld: M1 },
        ActionError::NoJokerFor { meld: M1, piece: named(&g, four) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Ah"), meld: M1 });
    assert_eq!(meld_text(&g, 1), "Ah 2h 3h");
    assert_eq!(hand_text(&g, 0), "9c 4h 5s *");
}

/// RULES.md §3.3: a joker on the pile may be taken to open with it (it counts the card
/// it stands for, §3.5), and the other joker, its identical twin, may then not be
/// discarded this turn: that too would leave the pile as it was.
#[test]
fn rules_3_3_a_joker_taken_to_open_counts_its_card_and_binds_its_twin() {
    let mut g = game(Config::RUMMY40, &["Jh Qh 4c 4d 4s 2d *", "3c 6d Th"], "*", "5s");
    let taken = g.piles().top_discard().unwrap();
    let mut jqk = run(&g, 0, "Jh Qh");
    jqk.pieces.push(taken);
    // ♥J-Q-joker(K) 30 + 4♣ 4♦ 4♠ 12 = 42.
    ok!(g, Action::TakeDiscardAndOpen { melds: vec![jqk, set(&g, 0, "4c 4d 4s")] });
    assert_eq!(meld_text(&g, 0), "Jh Qh *");
    let twin = id(&g, 0, "*");
    refused!(
        g,
        Action::Discard(twin),
        ActionError::Turn(TurnError::DiscardTakenCard { card: named(&g, twin) })
    );
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(g.to_move(), Some(1));
}

/// RULES.md §3.8 and §6 row 7: a match on the game's own terms (both presets) ends by
/// elimination at 101: seats 1 and 2 reach 101 in the same hand, 104 and 101, and seat
/// 0, the last left, wins the match with 0 though nobody else is below it.
#[test]
fn rules_3_8_the_default_match_eliminates_at_101_and_the_last_left_wins() {
    for c in [Config::RUMMY40, Config::SCALA40] {
        let terms = Rummy40::default_terms(&c, 3);
        assert_eq!(terms.end, rummykit_core::MatchEnd::Elimination(101));
        let mut m = rummykit_core::Match::<Rummy40>::new(c, terms.with_first_dealer(0)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(12);
        record(&mut m, &mut rng, vec![0, 90, 95]);
        assert!(!m.is_over());
        record(&mut m, &mut rng, vec![0, 14, 6]);
        assert_eq!(m.totals(), &[0, 104, 101]);
        assert_eq!(m.in_play(), &[0]);
        assert!(m.is_over());
        assert_eq!(m.winners(), vec![0]);
        // Both went out after the same hand: the lower total ranks first.
        assert_eq!(m.standings(), vec![0, 2, 1]);
    }
}

/// §3.3, §3.7: an action for a seat not to move is the one refusal `Game::not_your_turn`
/// reads, though Rummy 40 nests it in `ActionError::Turn`; an action of the wrong part
/// of the turn is not, nor is any action once the hand is over (nobody is to move).
#[test]
fn rules_3_3_not_your_turn_is_told_from_other_refusals() {
    use rummykit_core::NotYourTurn;
    let config = Config::STANDARD.with_max_restocks(Some(3));
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut g = Rummy40::deal(&config, Seating::new(3).with_dealer(2), &mut rng).unwrap();
    let wrong = g.check(2, &Action::DrawStock).unwrap_err();
    assert_eq!(wrong, ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 2, to_move: 0 })));
    assert_eq!(Rummy40::not_your_turn(&wrong), Some(NotYourTurn { seat: 2, to_move: 0 }));
    let card = g.hand(0).unwrap().first().unwrap();
    let early = g.check(0, &Action::Discard(card)).unwrap_err();
    assert_eq!(early, ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw }));
    assert_eq!(Rummy40::not_your_turn(&early), None);
    while let Some(seat) = g.to_move() {
        let action = Rummy40::random_action_from(&g.view(seat), &mut rng).unwrap();
        g.apply(seat, action).unwrap();
    }
    for seat in 0..3 {
        let over = g.check(seat, &Action::DrawStock).unwrap_err();
        assert_eq!(over, ActionError::Turn(TurnError::HandOver));
        assert_eq!(Rummy40::not_your_turn(&over), None);
    }
}
