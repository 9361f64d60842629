//! Whole-turn scenarios for the rules of `RULES.md` §3 that combine several clauses:
//! each builds a position, plays it through and asserts the exact result.

#[macro_use]
mod common;

use common::*;
use rummykit_core::{Game, MeldId, RunEnd, TableError};
use rummykit_rummy40::{Action, ActionError, Config, Rummy40, Set3JokerSwap};

const M0: MeldId = MeldId::new(0);
const M1: MeldId = MeldId::new(1);

fn draw(g: &mut Rummy40) {
    common::apply_ok(g, Action::DrawStock);
}

/// §3.8 with the Scala 40 values (§3.1, §3.9): the loser's A♦, joker and 9♣ cost
/// 11 + 25 + 9 = 45 when the winner goes out, and twice that, 90, when the winner
/// closes in one turn (`RummyBonus::Double`).
#[test]
fn rules_3_8_scala40_worked_example_45_and_90() {
    // Going rummy: nothing melded before, everything down at once.
    let mut g = game(Config::SCALA40, &["2c 3c 4c 2d 2h 2s", "Ad * 9c"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 90]);

    // Going out after an earlier opening: the hand alone.
    let mut g = game(Config::SCALA40, &["Th Jh Qh Kh 5c 6c 7c 9s", "Ad * 9c"], "", "3d 4s 8c");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "3d")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "4s")));
    draw(&mut g);
    ok!(g, Action::Meld(run(&g, 0, "5c 6c 7c 8c")));
    ok!(g, Action::Discard(id(&g, 0, "9s")));
    assert!(!g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 45]);
}

/// §3.6: a joker built onto a natural set of three makes a closed set too (four cards
/// with a joker), whose joker the missing suit never wins back, under either
/// `set3_joker_swap`.
#[test]
fn rules_3_6_a_joker_built_onto_a_natural_set_closes_it() {
    for swap in [Set3JokerSwap::BothMissing, Set3JokerSwap::EitherMissing] {
        let mut c = Config::RUMMY40;
        c.set3_joker_swap = swap;
        let mut g = game(c, &["Th Ts Td 5c 6c 7c * Tc 2d", "3h 6d 8c"], "", "9s");
        draw(&mut g);
        // 30 + 18 = 48.
        ok!(g, Action::Open { melds: vec![set(&g, 0, "Th Ts Td"), run(&g, 0, "5c 6c 7c")] });
        ok!(g, Action::LayOff { piece: id(&g, 0, "*"), onto: M0, end: RunEnd::Back });
        let m = g.table().melds()[0].meld();
        assert_eq!((m.len(), m.jokers()), (4, 1));
        let tc = id(&g, 0, "Tc");
        refused!(g, Action::SwapJoker { piece: tc, meld: M0 }, ActionError::ClosedSet { meld: M0 });
        // The ten of clubs fits nowhere else: the set is full.
        let lay = Action::LayOff { piece: tc, onto: M0, end: RunEnd::Back };
        let refusal = g.check(0, &lay);
        assert!(
            matches!(refusal, Err(ActionError::Table(TableError::DoesNotFit { meld: M0, .. }))),
            "{refusal:?}"
        );
        assert_eq!(hand_text(&g, 0), "Tc 2d 9s");
    }
}

/// §3.6: a joker in another player's run goes to whoever holds the exact card it stands
/// for — once opened, in the opening turn too — and to no other card; the run is left
/// all natural and the joker is the swapper's to keep.
#[test]
fn rules_3_6_the_exact_card_wins_a_joker_from_another_players_run() {
    let mut g = game(Config::RUMMY40, &["Th * Qh Kh 2c 3s", "Jh Jd Ks Kd Kc Kh 4h 5s"], "", "9d 8s");
    draw(&mut g);
    // ♥10-joker-Q-K: the joker is the ♥J, worth 10: 40 in all.
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th * Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "9d")));
    draw(&mut g);
    let jh = id(&g, 1, "Jh");
    refused!(g, Action::SwapJoker { piece: jh, meld: M0 }, ActionError::NotOpened);
    ok!(g, Action::Open { melds: vec![set(&g, 1, "Ks Kd Kc Kh")] });
    let jd = id(&g, 1, "Jd");
    refused!(
        g,
        Action::SwapJoker { piece: jd, meld: M0 },
        ActionError::NoJokerFor { meld: M0, piece: named(&g, jd) }
    );
    refused!(
        g,
        Action::SwapJoker { piece: jh, meld: M1 },
        ActionError::NoJokerFor { meld: M1, piece: named(&g, jh) }
    );
    ok!(g, Action::SwapJoker { piece: jh, meld: M0 });
    assert_eq!(g.table().melds()[0].meld().jokers(), 0);
    assert_eq!(g.table().melds()[0].meld().len(), 4);
    ok!(g, Action::Discard(id(&g, 1, "4h")));
    // Kept, the joker costs its 15 should the hand end now (§3.8).
    assert_eq!(hand_text(&g, 1), "Jd 5s 8s *");
    let kept = g.hand(1).unwrap().iter().filter_map(|p| g.face(p));
    assert_eq!(g.config().penalty(kept, true), 10 + 5 + 8 + 15);
}

/// §3.3, §3.5, §3.7: the taken discard counts in the opening that must use it
/// (♠Q-K-A 31 with the ace taken, and 4♣ 4♦ 4♠ 12: 43), and laying everything down
/// with it in the first meld's turn is going rummy: the loser pays 35 + 25 = 60.
#[test]
fn rules_3_5_the_taken_ace_makes_the_opening_and_a_rummy() {
    let mut g = game(Config::RUMMY40, &["Qs Ks 4c 4d 4s 9h", "Ad * 9c"], "As", "2d");
    let top = g.piles().top_discard().unwrap();
    let mut qka = run(&g, 0, "Qs Ks");
    qka.pieces.push(top);
    let fours = set(&g, 0, "4c 4d 4s");
    refused!(
        g,
        Action::TakeDiscardAndOpen { melds: vec![fours.clone()] },
        ActionError::TakenCardNotMelded { card: named(&g, top) }
    );
    // Without the ace's 11 the run would not even be one: the ace counts 11 in it.
    ok!(g, Action::TakeDiscardAndOpen { melds: vec![qka, fours] });
    assert_eq!(hand_text(&g, 0), "9h");
    ok!(g, Action::Discard(id(&g, 0, "9h")));
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap().points, vec![0, 60]);
}

/// §3.5, §3.1: in the opening every joker counts the card it stands for — in a run its
/// place (♥9 joker joker ♥Q: 9 + 10 + 10 + 10 = 39, one short), in a set the rank (♣A
/// joker joker: 33; ♣K ♦K ♥K joker: exactly 40).
#[test]
fn rules_3_5_jokers_count_the_cards_they_stand_for_in_the_opening() {
    let mut g = game(Config::RUMMY40, &["9h * * Qh 2c 3d", "3h 6d 8c"], "", "5s");
    draw(&mut g);
    refused!(
        g,
        Action::Open { melds: vec![run(&g, 0, "9h * * Qh")] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 39 }
    );

    let mut g = game(Config::SCALA40, &["Ac * * 2s 3s 4s 8d", "3h 6d 8c"], "", "5d");
    draw(&mut g);
    refused!(
        g,
        Action::Open { melds: vec![set(&g, 0, "Ac * *")] },
        ActionError::OpeningBelowThreshold { needed: 40, got: 33 }
    );
    // Under Scala 40's low ace the ace of a set still counts 11: 33 + 9 = 42.
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Ac * *"), run(&g, 0, "2s 3s 4s")] });

    let mut g = game(Config::RUMMY40, &["Kc Kd Kh * 2c", "3h 6d 8c"], "", "5s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![set(&g, 0, "Kc Kd Kh *")] });
    assert_eq!(hand_text(&g, 0), "2c 5s");
}

/// §3.6 `forbid_playable_discard`: "playable" means what can be laid off onto a table
/// meld. A card whose only use is to win a joker back (the ♥6 of ♥5 joker ♥7) may be
/// discarded; the ♥K, which lengthens ♥10-J-Q, may not while the 2♣ could go.
#[test]
fn rules_3_6_a_card_that_only_wins_a_joker_is_not_a_playable_discard() {
    let mut c = Config::RUMMY40;
    c.forbid_playable_discard = true;
    let mut g = game(c, &["5h * 7h Th Jh Qh 6h Kh 2c", "3s 6d 8c"], "", "9s");
    draw(&mut g);
    // 5 + 6 + 7 and 10 + 10 + 10: 48.
    ok!(g, Action::Open { melds: vec![run(&g, 0, "5h * 7h"), run(&g, 0, "Th Jh Qh")] });
    let king = id(&g, 0, "Kh");
    refused!(g, Action::Discard(king), ActionError::PlayableDiscard { card: named(&g, king), meld: M1 });
    // The ♥6 could take the joker (the swap is legal), yet it is no lay-off.
    let six = id(&g, 0, "6h");
    assert_eq!(g.check(0, &Action::SwapJoker { piece: six, meld: M0 }).map(|_| ()), Ok(()));
    ok!(g, Action::Discard(six));
    assert_eq!(g.piles().top_discard(), Some(six));
}
