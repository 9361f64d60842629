//! Odd but legal positions of RULES.md §3, played through the public API as an outside
//! tester would: the ace at the very end of the longest runs, a joker laid off past an
//! ace, a fitting joker under `forbid_playable_discard`, the last card of a hand that
//! fits a meld, and saves made in the middle of a turn that must keep every restriction
//! of that turn.

#[macro_use]
mod common;

use common::*;
use rummykit_core::{
    Card, Game, MeldError, MeldId, MeldKind, Outcome, PieceId, RunEnd, SetupMeld, TableError, parse_list,
};
use rummykit_rummy40::{Action, ActionError, Config, Phase, Rummy40, Setup};

const M0: MeldId = MeldId::new(0);
const M1: MeldId = MeldId::new(1);

/// Seat 0 to play (it has drawn), every seat opened: `hand` for seat 0, `table` melds
/// (owner, kind, cards), `other` for seat 1 and, when the table holds more than two
/// players could have been dealt, `Kc Kd` for seat 2; the pile holds 2d, the rest is the
/// stock.
fn opened(config: Config, hand: &str, table: &[(usize, MeldKind, &str)], other: &str) -> Rummy40 {
    let mut hands = vec![parse_list(hand).unwrap(), parse_list(other).unwrap()];
    if table.iter().map(|m| m.2.split_whitespace().count()).sum::<usize>() > 13 {
        hands.push(parse_list("Kc Kd").unwrap());
    }
    let seats = hands.len();
    let mut setup = Setup::new(hands);
    setup.table = table
        .iter()
        .map(|&(owner, kind, c)| SetupMeld::new(owner, kind, parse_list::<Card>(c).unwrap()))
        .collect();
    setup.opened = vec![true; seats];
    setup.to_move = Some(0);
    setup.phase = Phase::Play;
    setup.discard = parse_list("2d").unwrap();
    setup.fill_stock_from(&config.catalog().unwrap());
    Rummy40::from_setup(&config, setup).unwrap()
}

/// The refusal of laying `piece` (of seat 0's hand) off onto `onto`.
fn does_not_fit(g: &Rummy40, piece: PieceId, onto: MeldId, error: MeldError) -> ActionError {
    ActionError::Table(TableError::DoesNotFit { meld: onto, piece: named(g, piece), error })
}

/// The jokers of seat 0's hand, in id order.
fn hand_jokers(g: &Rummy40) -> Vec<PieceId> {
    g.hand(0).unwrap().iter().filter(|&p| is_joker(g, p)).collect()
}

fn joker_of(g: &Rummy40) -> PieceId {
    g.hand(0).unwrap().iter().find(|&p| is_joker(g, p)).expect("a joker in hand")
}

/// §3.4 with `ace_low_in_runs`: the ace may be at either end of a run, but a run is at
/// most 13 cards and never turns the corner, so the full suit from a low ace takes no
/// high ace (the second deck's copy), and the full suit up to a high ace takes no low
/// one. Without the option the low end of a run stops at the two.
#[test]
fn rules_3_4_the_full_suit_takes_no_second_ace_at_either_end() {
    let mut c = Config::RUMMY40;
    c.ace_low_in_runs = true;
    let table = [
        (1, MeldKind::Run, "Ah 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh"),
        (1, MeldKind::Run, "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As"),
    ];
    let mut g = opened(c, "Ah As 5c", &table, "3d 4d");
    let too_long = MeldError::TooLong { len: 14, max: 13 };
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "Ah"), onto: M0, end: RunEnd::Back },
        does_not_fit(&g, id(&g, 0, "Ah"), M0, too_long),
    );
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "As"), onto: M1, end: RunEnd::Front },
        does_not_fit(&g, id(&g, 0, "As"), M1, too_long),
    );
    // A shorter run takes the ace at the low end under the option, counted as 1 there.
    let mut g = opened(c, "Ah 5c 9d", &[(1, MeldKind::Run, "2h 3h 4h")], "3d 4d");
    ok!(g, Action::LayOff { piece: id(&g, 0, "Ah"), onto: M0, end: RunEnd::Front });
    assert_eq!(meld_text(&g, 0), "Ah 2h 3h 4h");
    // Without it the ace never goes below the two.
    let mut g = opened(Config::RUMMY40, "Ah 5c 9d", &[(1, MeldKind::Run, "2h 3h 4h")], "3d 4d");
    refused!(
        g,
        Action::LayOff { piece: id(&g, 0, "Ah"), onto: M0, end: RunEnd::Front },
        does_not_fit(&g, id(&g, 0, "Ah"), M0, MeldError::AceLowNotAllowed),
    );
}

/// §3.4: a joker laid off onto a run stands for the card at the end it goes to, so it
/// never goes past the ace: not above Q-K-A (no wrap), and not below 2-3-4 unless the
/// ace may be low, where it then stands for the low ace and the run is full at that end.
#[test]
fn rules_3_4_a_joker_laid_off_never_goes_past_the_ace() {
    let table = [(1, MeldKind::Run, "Qh Kh Ah"), (1, MeldKind::Run, "2s 3s 4s")];
    let mut g = opened(Config::RUMMY40, "* 5c 9d", &table, "3d 4d");
    let joker = joker_of(&g);
    refused!(
        g,
        Action::LayOff { piece: joker, onto: M0, end: RunEnd::Back },
        does_not_fit(&g, joker, M0, MeldError::WrapNotAllowed),
    );
    refused!(
        g,
        Action::LayOff { piece: joker, onto: M1, end: RunEnd::Front },
        does_not_fit(&g, joker, M1, MeldError::OutOfBounds),
    );
    ok!(g, Action::LayOff { piece: joker, onto: M0, end: RunEnd::Front });
    assert_eq!(meld_text(&g, 0), "* Qh Kh Ah");

    let mut c = Config::RUMMY40;
    c.ace_low_in_runs = true;
    let mut g = opened(c, "* * As 5c 9d", &table, "3d 4d");
    let jokers = hand_jokers(&g);
    ok!(g, Action::LayOff { piece: jokers[0], onto: M1, end: RunEnd::Front });
    assert_eq!(meld_text(&g, 1), "* 2s 3s 4s");
    // The joker is the low ace now: nothing goes below it, and the ace itself takes its place.
    refused!(
        g,
        Action::LayOff { piece: jokers[1], onto: M1, end: RunEnd::Front },
        does_not_fit(&g, jokers[1], M1, MeldError::OutOfBounds),
    );
    // §3.6: the ace of spades is the exact card that joker stands for, so it frees it.
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "As"), meld: M1 });
    assert_eq!(meld_text(&g, 1), "As 2s 3s 4s");
    assert!(g.hand(0).unwrap().contains(jokers[0]), "the freed joker goes to the hand");
}

/// §3.6 `forbid_playable_discard`: a joker fits any run that can grow, so it counts as a
/// playable card and may not be discarded while the hand holds a card that fits
/// nowhere. The last card of the hand may always go, also when it fits: it is the
/// compulsory discard that ends the hand (§3.7).
#[test]
fn rules_3_6_forbid_playable_discard_holds_back_a_joker_but_never_the_last_card() {
    let mut c = Config::RUMMY40;
    c.forbid_playable_discard = true;
    let mut g = opened(c, "* 2c 9d", &[(1, MeldKind::Run, "Th Jh Qh")], "3s 4s");
    let joker = joker_of(&g);
    refused!(g, Action::Discard(joker), ActionError::PlayableDiscard { card: named(&g, joker), meld: M0 });
    ok!(g, Action::Discard(id(&g, 0, "2c")));

    let mut g = opened(c, "9h 5c 6c 7c", &[(1, MeldKind::Run, "Th Jh Qh")], "3s 4s");
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c")));
    ok!(g, Action::Discard(id(&g, 0, "9h")));
    // Seat 1 pays its 3s and 4s; seat 0 went out.
    assert_eq!(g.outcome(), Some(Outcome { points: vec![0, 7], winners: vec![0] }));
}

/// §3.3: the card taken from the pile and its twin from the other deck are both held
/// back for the turn, whichever copy the hand held before; any other card may go.
#[test]
fn rules_3_3_both_copies_of_the_taken_face_are_held_back() {
    let mut setup = Setup::new(vec![parse_list("9h 2c").unwrap(), parse_list("3s 4s").unwrap()]);
    setup.table = vec![SetupMeld::new(0, MeldKind::Group, parse_list::<Card>("7c 7d 7s").unwrap())];
    setup.opened = vec![true, false];
    setup.discard = parse_list("9h").unwrap();
    setup.dealer = 1;
    setup.fill_stock_from(&Config::RUMMY40.catalog().unwrap());
    let mut g = Rummy40::from_setup(&Config::RUMMY40, setup).unwrap();
    ok!(g, Action::TakeDiscard);
    for nine in ids(&g, 0, "9h 9h") {
        refused!(
            g,
            Action::Discard(nine),
            ActionError::Turn(rummykit_core::TurnError::DiscardTakenCard { card: named(&g, nine) })
        );
    }
    ok!(g, Action::Discard(id(&g, 0, "2c")));
    assert_eq!(hand_text(&g, 0), "9h 9h");
}

/// §3.3 and §3.6 across a save: a game saved after taking the discard to open and
/// winning a joker keeps, once restored, the turn's restrictions: the taken card's twin
/// may not be discarded and the won joker must still be played
/// (`swapped_joker_must_be_played_same_turn`).
#[cfg(feature = "serde")]
#[test]
fn rules_3_3_a_save_in_the_middle_of_a_turn_keeps_the_turns_restrictions() {
    use rummykit_rummy40::NewMeld;
    let mut c = Config::RUMMY40;
    c.swapped_joker_must_be_played_same_turn = true;
    let mut g = game(c, &["Jh Qh Kh 9d 9c 6c * 8c 7c 9s 2c 3c 5d", "3h 6d 8d Td"], "9s", "4c");
    let taken = g.piles().top_discard().unwrap();
    let mut nines = ids(&g, 0, "9d 9c");
    nines.push(taken);
    // Jh-Kh 30, the nines 27, 6c-joker-8c 21: 78.
    ok!(
        g,
        Action::TakeDiscardAndOpen {
            melds: vec![run(&g, 0, "Jh Qh Kh"), NewMeld::new(MeldKind::Group, nines), run(&g, 0, "6c * 8c")],
        }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "7c"), meld: MeldId::new(2) });
    assert_eq!(hand_text(&g, 0), "2c 3c 5d 9s *");
    let json = serde_json::to_string(&g).unwrap();
    let mut back: Rummy40 = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    let twin = id(&back, 0, "9s");
    let joker = joker_of(&back);
    refused!(
        back,
        Action::Discard(twin),
        ActionError::Turn(rummykit_core::TurnError::DiscardTakenCard { card: named(&back, twin) })
    );
    refused!(
        back,
        Action::Discard(id(&back, 0, "5d")),
        ActionError::SwappedJokerNotPlayed { joker: named(&back, joker) }
    );
    ok!(back, Action::Meld(NewMeld::new(MeldKind::Run, vec![id(&back, 0, "2c"), id(&back, 0, "3c"), joker])));
    ok!(back, Action::Discard(id(&back, 0, "5d")));
    assert_eq!((back.to_move(), hand_text(&back, 0)), (Some(1), "9s".to_owned()));
}

/// §3.6: a set of three's joker is released only by the two missing suits as naturals
/// from hand. Two copies of one missing suit (two decks), a suit the set already holds,
/// or a joker as one of the two release nothing, and neither does a single card under
/// `BothMissing`; under `EitherMissing` a single card must be of a missing suit, and a
/// joker never takes a joker's place. Laying a joker onto the set closes it.
#[test]
fn rules_3_6_only_the_two_missing_suits_release_a_sets_joker() {
    let table = [(1, MeldKind::Group, "Th Ts *")];
    let mut g = opened(Config::RUMMY40, "Td Td * Th Tc 5c", &table, "3s 4s");
    let joker = joker_of(&g);
    let [td, td2] = ids(&g, 0, "Td Td")[..] else { unreachable!() };
    let (th, tc) = (id(&g, 0, "Th"), id(&g, 0, "Tc"));
    for pieces in [[td, td2], [td, th], [td, joker], [tc, joker]] {
        refused!(g, Action::ReleaseJoker { meld: M0, pieces }, ActionError::NotAReleasableSet { meld: M0 });
    }
    for piece in [td, th] {
        refused!(g, Action::SwapJoker { piece, meld: M0 }, ActionError::NeedsBothMissingSuits { meld: M0 });
    }
    let mut released = g.clone();
    ok!(released, Action::ReleaseJoker { meld: M0, pieces: [tc, td2] });
    let set = released.table().melds()[0].meld();
    assert_eq!((set.len(), set.jokers()), (4, 0), "the natural set of four");
    assert_eq!(hand_text(&released, 0), "5c Td Th * *");
    // A joker laid off instead makes the closed set Th Ts * *.
    ok!(g, Action::LayOff { piece: joker, onto: M0, end: RunEnd::Back });
    refused!(g, Action::ReleaseJoker { meld: M0, pieces: [td, tc] }, ActionError::ClosedSet { meld: M0 });

    let mut c = Config::RUMMY40;
    c.set3_joker_swap = rummykit_rummy40::Set3JokerSwap::EitherMissing;
    let mut g = opened(c, "Td * Th 5c", &table, "3s 4s");
    let (th, joker) = (id(&g, 0, "Th"), joker_of(&g));
    refused!(
        g,
        Action::SwapJoker { piece: th, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, th) }
    );
    refused!(
        g,
        Action::SwapJoker { piece: joker, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, joker) }
    );
    ok!(g, Action::SwapJoker { piece: id(&g, 0, "Td"), meld: M0 });
    assert_eq!(hand_text(&g, 0), "5c Th * *");
}

/// §3.4 `joker_limit` holds for lay-offs too ("jokers ... also in builds"): under
/// `NoAdjacent` a joker may not be laid next to a joker at a run's end, though the other
/// end is free; under `NotMoreThanNaturals` a meld takes jokers up to its naturals, in
/// runs and sets alike.
#[test]
fn rules_3_4_the_joker_limit_binds_lay_offs() {
    use rummykit_core::JokerLimit;
    let table = [(1, MeldKind::Run, "5s 6s *"), (1, MeldKind::Group, "Ts Th *")];
    let mut c = Config::SCALA40;
    c.joker_limit = JokerLimit::NoAdjacent;
    let mut g = opened(c, "* * 2c", &table, "3d 4d");
    let jokers = hand_jokers(&g);
    refused!(
        g,
        Action::LayOff { piece: jokers[0], onto: M0, end: RunEnd::Back },
        does_not_fit(&g, jokers[0], M0, MeldError::AdjacentJokers { index: 3 }),
    );
    ok!(g, Action::LayOff { piece: jokers[0], onto: M0, end: RunEnd::Front });
    assert_eq!(meld_text(&g, 0), "* 5s 6s *");
    // Sets are not bound by it: the set takes the second joker and closes.
    ok!(g, Action::LayOff { piece: jokers[1], onto: M1, end: RunEnd::Back });
    assert_eq!(g.table().melds()[1].meld().jokers(), 2);

    c.joker_limit = JokerLimit::NotMoreThanNaturals;
    let table = [(1, MeldKind::Run, "5s 6s *"), (1, MeldKind::Group, "Ts Th *")];
    let mut g = opened(c, "* * 2c", &table, "3d 4d");
    let jokers = hand_jokers(&g);
    ok!(g, Action::LayOff { piece: jokers[0], onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), "5s 6s * *");
    refused!(
        g,
        Action::LayOff { piece: jokers[1], onto: M0, end: RunEnd::Front },
        does_not_fit(&g, jokers[1], M0, MeldError::TooManyJokers { jokers: 3, max: 2 }),
    );
    ok!(g, Action::LayOff { piece: jokers[1], onto: M1, end: RunEnd::Back });
    assert_eq!(g.table().melds()[1].meld().jokers(), 2);
}
