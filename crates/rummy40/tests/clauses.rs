//! Clause-by-clause scenarios for RULES.md §3 (and §0 as it applies to two decks with
//! jokers), written as an outside tester reads the rules: scripted positions
//! through the public API, the legal play and the nearest illegal one, each refusal with
//! its error kind and the game left exactly as it was; mistaken input (wrong seat, cards
//! not held or named twice, empty melds, play after the hand's end); and differential
//! scenarios that judge random positions by predicates written from the rule text alone.
//! Clauses other test files already pin appear here only where a scenario adds a case.

#[macro_use]
mod common;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{
    Card, Game, MeldError, MeldId, MeldKind, NotYourTurn, Outcome, PieceId, RunEnd, SetupMeld, TableError,
    TurnError,
};
use rummykit_rummy40::{
    Action, ActionError, Config, JokerDiscard, NewMeld, Phase, Rummy40, RummyBonus, Set3JokerSwap, Setup,
};

const M0: MeldId = MeldId::new(0);
const M1: MeldId = MeldId::new(1);

fn draw(g: &mut Rummy40) {
    common::apply_ok(g, Action::DrawStock);
}

/// `seat` tries `action`: it must be refused with `expected`, by `check` and `apply`
/// alike, leaving the game unchanged.
fn refused_for(g: &mut Rummy40, seat: usize, action: Action, expected: ActionError) {
    let before = g.clone();
    assert_eq!(g.check(seat, &action), Err(expected.clone()), "check {action:?}");
    assert_eq!(g.apply(seat, action.clone()), Err(expected), "apply {action:?}");
    assert_eq!(*g, before, "refused {action:?} changed the game");
}

// ---------------------------------------------------------------- §0 shared model

/// §0: with two decks the same meld may lie on the table twice; each copy is a meld of
/// its own and takes its own lay-offs.
#[test]
fn rules_0_identical_melds_may_lie_side_by_side() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Th Jh Qh Kh Kh 5c", "3h 6d 9s 8c"], "", "2d");
    draw(&mut g);
    let cards = ids(&g, 0, "Th Jh Qh Th Jh Qh");
    let first = NewMeld::new(MeldKind::Run, cards[..3].to_vec());
    let second = NewMeld::new(MeldKind::Run, cards[3..].to_vec());
    ok!(g, Action::Open { melds: vec![first, second] });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh");
    assert_eq!(meld_text(&g, 1), "Th Jh Qh");
    let [k1, k2] = ids(&g, 0, "Kh Kh")[..] else { panic!() };
    ok!(g, Action::LayOff { piece: k1, onto: M1, end: RunEnd::Back });
    assert_eq!((meld_text(&g, 0), meld_text(&g, 1)), ("Th Jh Qh".to_string(), "Th Jh Qh Kh".to_string()));
    // The twin king fits the other copy, but not the extended one twice.
    refused!(
        g,
        Action::LayOff { piece: k2, onto: M1, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M1,
            piece: named(&g, k2),
            error: MeldError::NotConsecutive { index: 4 }
        }),
    );
    ok!(g, Action::LayOff { piece: k2, onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), meld_text(&g, 1));
    ok!(g, Action::Discard(id(&g, 0, "5c")));
    assert_eq!(hand_text(&g, 0), "2d");
}

// ---------------------------------------------------------------- §3.3 turn structure

/// §3.3 "Meld limit per turn: none": after opening, any number of further melds in the
/// same turn.
#[test]
fn rules_3_3_melds_per_turn_are_unlimited() {
    let hand = "Th Jh Qh Kh 2c 3c 4c 5d 6d 7d 9s 9h 8s";
    let mut g = game(Config::RUMMY40, &[hand, "3h 6d 4s 8c"], "", "9c Ks");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Meld(run(&g, 0, "2c 3c 4c")));
    ok!(g, Action::Meld(run(&g, 0, "5d 6d 7d")));
    ok!(g, Action::Meld(set(&g, 0, "9s 9h 9c")));
    assert_eq!(g.table().len(), 4);
    assert!(g.table().melds().iter().all(|m| m.owner() == 0));
    ok!(g, Action::Discard(id(&g, 0, "8s")));
    // Out in the opening turn: a rummy, 3 + 6 + 4 + 8 and 25.
    assert!(g.went_rummy());
    assert_eq!(g.outcome().unwrap(), Outcome { points: vec![0, 21 + 25], winners: vec![0] });
}

/// §3.3: the discard-and-open draws are for a player who has not opened; an opened
/// player takes the discard plainly, and may not open or go rummy a second time.
#[test]
fn rules_3_3_an_opened_player_takes_the_discard_plainly() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c 6c 2d", "3h 6d 9s 8c"], "", "4s Qc");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    ok!(g, Action::Discard(id(&g, 0, "4s")));
    draw(&mut g);
    ok!(g, Action::Discard(id(&g, 1, "Qc")));
    let melds = vec![run(&g, 0, "5c 6c 2d")];
    refused!(g, Action::TakeDiscardAndOpen { melds: melds.clone() }, ActionError::AlreadyOpened);
    let discard = id(&g, 0, "2d");
    refused!(
        g,
        Action::TakeDiscardAndGoRummy { melds, lay_offs: vec![], discard },
        ActionError::AlreadyOpened
    );
    ok!(g, Action::TakeDiscard);
    assert_eq!(hand_text(&g, 0), "5c 6c Qc 2d");
    ok!(g, Action::Discard(discard));
    assert_eq!(hand_text(&g, 0), "5c 6c Qc");
}

/// §3.3: the draw comes first; no play of the play phase is taken before it.
#[test]
fn rules_3_3_nothing_is_played_before_the_draw() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5c", "3h 6d 9s 8c"], "4d", "2d");
    let draw_phase = ActionError::Turn(TurnError::WrongPhase { phase: Phase::Draw });
    refused!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] }, draw_phase.clone());
    refused!(g, Action::Meld(run(&g, 0, "Th Jh Qh")), draw_phase.clone());
    refused!(g, Action::LayOff { piece: id(&g, 0, "5c"), onto: M0, end: RunEnd::Back }, draw_phase.clone());
    refused!(g, Action::SwapJoker { piece: id(&g, 0, "5c"), meld: M0 }, draw_phase.clone());
    let discard = id(&g, 0, "5c");
    refused!(
        g,
        Action::GoRummy { melds: vec![run(&g, 0, "Th Jh Qh Kh")], lay_offs: vec![], discard },
        draw_phase.clone()
    );
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
}

/// Actions from the wrong seat, cards the seat does not hold or names twice, table melds
/// that do not exist, empty melds: each a typed error, and the game unchanged.
#[test]
fn rules_3_3_mistaken_actions_are_typed_errors_that_change_nothing() {
    let mut g = game(Config::RUMMY40, &["Th Jh Qh Kh 5s * 9h 2c", "3h 6d 9s 8c"], "4d", "2d 7c");
    let not_yours = ActionError::Turn(TurnError::NotYourTurn(NotYourTurn { seat: 1, to_move: 0 }));
    let theirs = id(&g, 1, "3h");
    for action in [Action::DrawStock, Action::TakeDiscard, Action::Discard(theirs)] {
        refused_for(&mut g, 1, action, not_yours.clone());
    }
    draw(&mut g);
    refused_for(&mut g, 1, Action::Discard(theirs), not_yours.clone());
    // Cards of another hand, of the pile, of the stock, and no card at all.
    let not_held = |id: PieceId, g: &Rummy40| ActionError::Turn(TurnError::NotInHand(named(g, id)));
    refused!(g, Action::Discard(theirs), not_held(theirs, &g));
    let pile = g.piles().top_discard().unwrap();
    refused!(g, Action::Discard(pile), not_held(pile, &g));
    let stock = g.piles().stock()[g.piles().stock_len() - 1];
    refused!(g, Action::Discard(stock), not_held(stock, &g));
    let stranger = PieceId::new(120).unwrap();
    refused!(g, Action::Discard(stranger), not_held(stranger, &g));
    // An opening with an empty meld, or no meld.
    refused!(
        g,
        Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh"), NewMeld::new(MeldKind::Run, vec![])] },
        ActionError::Table(TableError::InvalidMeld {
            kind: MeldKind::Run,
            error: MeldError::TooShort { len: 0, min: 3 }
        }),
    );
    refused!(g, Action::Open { melds: vec![] }, ActionError::NoMelds);
    // A card in two melds of one opening.
    let th = id(&g, 0, "Th");
    let mut again = run(&g, 0, "5s * 9h");
    again.pieces.push(th);
    refused!(
        g,
        Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh"), again] },
        ActionError::RepeatedPiece(named(&g, th))
    );
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] });
    // Cards now on the table are held no more.
    refused!(g, Action::Discard(th), not_held(th, &g));
    refused!(g, Action::LayOff { piece: th, onto: M0, end: RunEnd::Front }, not_held(th, &g));
    // No such meld; a release naming one card twice; a rummy after opening.
    let nine = id(&g, 0, "9h");
    refused!(
        g,
        Action::SwapJoker { piece: nine, meld: MeldId::new(5) },
        ActionError::Table(TableError::NoSuchMeld(MeldId::new(5)))
    );
    refused!(
        g,
        Action::ReleaseJoker { meld: M0, pieces: [nine, nine] },
        ActionError::RepeatedPiece(named(&g, nine))
    );
    // The joker goes at the front (the nine) of the run; laid at the back it is the ace.
    let joker = id(&g, 0, "*");
    ok!(g, Action::LayOff { piece: joker, onto: M0, end: RunEnd::Back });
    assert_eq!(meld_text(&g, 0), "Th Jh Qh Kh *");
    refused!(
        g,
        Action::LayOff { piece: nine, onto: M0, end: RunEnd::Back },
        ActionError::Table(TableError::DoesNotFit {
            meld: M0,
            piece: named(&g, nine),
            error: MeldError::NotConsecutive { index: 5 }
        }),
    );
    ok!(g, Action::LayOff { piece: nine, onto: M0, end: RunEnd::Front });
    ok!(g, Action::Discard(id(&g, 0, "2d")));
    assert_eq!(hand_text(&g, 0), "2c 5s");
    assert_eq!(g.to_move(), Some(1));
}

// ---------------------------------------------------------------- §3.7 end of hand

/// §3.7 "Play stops immediately": once a player is out no seat may draw, meld, build,
/// swap or discard, and the score stands.
#[test]
fn rules_3_7_after_going_out_nobody_plays_on() {
    let mut g = game(Config::RUMMY40, &["2c 3c 4c 2d 2h 2s", "Ad * 9c 9d 9s"], "", "Kd");
    draw(&mut g);
    let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
    ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
    // 11 + 15 + 9 + 9 + 9 = 53, and 25 for the rummy.
    let score = Outcome { points: vec![0, 53 + 25], winners: vec![0] };
    assert_eq!(g.outcome().unwrap(), score);
    let over = ActionError::Turn(TurnError::HandOver);
    let nines = ids(&g, 1, "9c 9d 9s");
    let joker = id(&g, 1, "*");
    let actions = [
        Action::DrawStock,
        Action::TakeDiscard,
        Action::Open { melds: vec![NewMeld::new(MeldKind::Group, nines.clone())] },
        Action::Meld(NewMeld::new(MeldKind::Group, nines)),
        Action::LayOff { piece: joker, onto: M0, end: RunEnd::Back },
        Action::SwapJoker { piece: joker, meld: M1 },
        Action::Discard(joker),
    ];
    for seat in 0..2 {
        for action in actions.clone() {
            refused_for(&mut g, seat, action, over.clone());
        }
    }
    assert_eq!(g.outcome().unwrap(), score);
    assert_eq!(g.to_move(), None);
}

// ---------------------------------------------------------------- §3.5 opening value

/// A card's value by §3.1 for rank `rank` as it stands in a meld: 2–10 face value, J/Q/K
/// 10, the high ace (14) 11, the low ace (1, only with `ace_low_in_runs`) 1.
fn value(rank: u8) -> u32 {
    match rank {
        1 => 1,
        2..=10 => u32::from(rank),
        11..=13 => 10,
        _ => 11,
    }
}

const RANKS: &[u8; 13] = b"A23456789TJQK";
const SUITS: &[u8; 4] = b"cdhs";

fn face(rank: u8, suit: usize) -> String {
    let rank = if rank == 14 { 1 } else { rank };
    format!("{}{}", RANKS[usize::from(rank - 1)] as char, SUITS[suit] as char)
}

/// A random valid meld under `config` with the worth §3.5 gives it, written from the
/// rule text: a set counts its rank's value once per card (a joker the rank it stands
/// for, an ace 11); a run counts each place's value, a joker the card of its place.
fn random_meld(rng: &mut ChaCha8Rng, config: &Config) -> (MeldKind, Vec<String>, u32) {
    let jokers_at = |rng: &mut ChaCha8Rng, len: usize| -> Vec<bool> {
        let mut at: Vec<bool> = (0..len).map(|_| rng.random_range(0..4) == 0).collect();
        if at.iter().all(|&j| j) {
            at[rng.random_range(0..len)] = false;
        }
        at
    };
    if rng.random_range(0..2) == 0 {
        let rank = rng.random_range(1..=13u8);
        let len = rng.random_range(3..=4);
        let mut suits = [0, 1, 2, 3];
        for i in (1..4).rev() {
            suits.swap(i, rng.random_range(0..=i));
        }
        let at = jokers_at(rng, len);
        let faces = (0..len).map(|i| if at[i] { "*".to_string() } else { face(rank, suits[i]) }).collect();
        let worth = len as u32 * value(if rank == 1 { 14 } else { rank });
        return (MeldKind::Group, faces, worth);
    }
    let len = rng.random_range(3..=7u8);
    let lowest = if config.ace_low_in_runs { 1 } else { 2 };
    let start = rng.random_range(lowest..=15 - len);
    let suit = rng.random_range(0..4);
    let at = jokers_at(rng, usize::from(len));
    let faces =
        (0..len).map(|i| if at[usize::from(i)] { "*".to_string() } else { face(start + i, suit) }).collect();
    let worth = (start..start + len).map(value).sum();
    (MeldKind::Run, faces, worth)
}

/// §3.5 "a joker counts the value of the card it represents; ace 11" and §3.4 (ace high
/// only, or also low as 1 under `ace_low_in_runs`), against the worth written from the
/// rule text: random openings of one to three melds with jokers anywhere report the
/// worth the rules give them, with and without the low ace.
#[test]
fn rules_3_5_random_openings_are_worth_what_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_505);
    let mut four_jokers = Config::RUMMY40;
    four_jokers.jokers = 4;
    four_jokers.opening_threshold = 500;
    let mut low = four_jokers;
    low.ace_low_in_runs = true;
    let mut checked = 0;
    for config in [four_jokers, low] {
        let pack = config.catalog().unwrap();
        for _ in 0..3_000 {
            let count = rng.random_range(1..=3);
            let melds: Vec<_> = (0..count).map(|_| random_meld(&mut rng, &config)).collect();
            let faces: Vec<&str> = melds.iter().flat_map(|(_, f, _)| f.iter().map(String::as_str)).collect();
            if faces.len() > 12 {
                continue;
            }
            let hand: Vec<Card> = faces.iter().map(|f| f.parse().unwrap()).collect();
            // Two copies of each card and `jokers` jokers: skip a draw the pack cannot hold.
            if hand.iter().any(|c| hand.iter().filter(|d| *d == c).count() > pack.ids_of(*c).count()) {
                continue;
            }
            let mut setup = Setup::new(vec![hand, Vec::new()]);
            setup.fill_stock_from(&pack);
            let rest = setup.stock.split_off(setup.stock.len() - 4);
            setup.hands[1] = rest[..3].to_vec();
            setup.discard = vec![rest[3]];
            setup.dealer = 1;
            let mut g = Rummy40::from_setup(&config, setup).unwrap();
            draw(&mut g);
            let all = ids(&g, 0, &faces.join(" "));
            let mut next = all.into_iter();
            let new: Vec<NewMeld> = melds
                .iter()
                .map(|(kind, f, _)| NewMeld::new(*kind, next.by_ref().take(f.len()).collect()))
                .collect();
            let worth: u32 = melds.iter().map(|(_, _, w)| w).sum();
            let verdict = g.check(0, &Action::Open { melds: new });
            assert_eq!(
                verdict,
                Err(ActionError::OpeningBelowThreshold { needed: 500, got: worth }),
                "{melds:?} (ace low {})",
                config.ace_low_in_runs
            );
            checked += 1;
        }
    }
    assert!(checked > 3_000, "{checked}");
}

// ---------------------------------------------------------------- §3.8 scoring

/// §3.8 against the penalty written from the rule text: random losing hands of one to
/// thirteen cards pay A 11, J/Q/K 10, a joker 15 (25 under Scala 40), others their face;
/// 25 more each when the winner went rummy (Rummy 40), or the hand doubled (Scala 40).
#[test]
fn rules_3_8_random_losing_hands_pay_what_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_808);
    // Cards the winner's scripts use stay out of the losing hands.
    let used = "2c 3c 4c 2d 2h 2s Kd Qc Kc Ks";
    let pool: Vec<String> = (1..=13u8)
        .flat_map(|rank| (0..4).map(move |suit| face(rank, suit)))
        .filter(|f| !used.contains(f.as_str()))
        .flat_map(|f| [f.clone(), f])
        .chain(["*".to_string(), "*".to_string()])
        .collect();
    for config in [Config::RUMMY40, Config::SCALA40] {
        for _ in 0..300 {
            let mut cards = pool.clone();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.random_range(0..=i));
            }
            cards.truncate(rng.random_range(1..=13));
            let left = cards.join(" ");
            let worth: u32 = cards
                .iter()
                .map(|f| match f.as_bytes()[0] {
                    b'*' => config.joker_hand_penalty,
                    b'A' => 11,
                    b'T' | b'J' | b'Q' | b'K' => 10,
                    digit => u32::from(digit - b'0'),
                })
                .sum();
            // A flat penalty, where the options set one, replaces an unopened hand's worth.
            let unopened = config.unopened_penalty.unwrap_or(worth);
            let rummy = match config.going_rummy_bonus {
                RummyBonus::PerOpponent(bonus) => unopened + bonus,
                RummyBonus::Double => 2 * unopened,
            };
            // Going rummy at once: 2c-3c-4c and 2d-2h-2s, the drawn Kd discarded.
            let mut g = game(config, &["2c 3c 4c 2d 2h 2s", &left], "", "Kd");
            draw(&mut g);
            let melds = vec![run(&g, 0, "2c 3c 4c"), set(&g, 0, "2d 2h 2s")];
            ok!(g, Action::GoRummy { melds, lay_offs: vec![], discard: id(&g, 0, "Kd") });
            let expected = Outcome { points: vec![0, i64::from(rummy)], winners: vec![0] };
            assert_eq!(g.outcome().unwrap(), expected, "{left}");
            // Opening with 2c-3c-4c (the threshold lowered to 9), then going out a turn
            // later: no bonus. Seat 1 draws and throws back a king, keeping its hand.
            let mut c = config;
            c.opening_threshold = 9;
            let mut g = game(c, &["2c 3c 4c 2d 2h 2s", &left], "", "Qc Kc Ks");
            draw(&mut g);
            ok!(g, Action::Open { melds: vec![run(&g, 0, "2c 3c 4c")] });
            ok!(g, Action::Discard(id(&g, 0, "Qc")));
            draw(&mut g);
            ok!(g, Action::Discard(id(&g, 1, "Kc")));
            draw(&mut g);
            ok!(g, Action::Meld(set(&g, 0, "2d 2h 2s")));
            ok!(g, Action::Discard(id(&g, 0, "Ks")));
            assert!(!g.went_rummy());
            let expected = Outcome { points: vec![0, i64::from(unopened)], winners: vec![0] };
            assert_eq!(g.outcome().unwrap(), expected, "{left}");
        }
    }
}

// ---------------------------------------------------------------- §3.4 builds

/// §0 / §3.4 read as a predicate on a meld's cards in order, written from the rule text:
/// a set is three or four cards of one rank, no suit twice, a joker only for a missing
/// suit; a run is three to thirteen cards of one suit in order, each joker the card of
/// its place, the ace after the king (or before the 2 under `ace_low_in_runs`, at one
/// end only); every meld holds a natural card.
fn valid(kind: MeldKind, cards: &[Card], ace_low: bool) -> bool {
    let naturals: Vec<(u8, _)> = cards.iter().filter_map(|c| Some((c.rank()?.number(), c.suit()?))).collect();
    if cards.len() < 3 || naturals.is_empty() {
        return false;
    }
    if kind == MeldKind::Group {
        let suits: std::collections::BTreeSet<_> = naturals.iter().map(|&(_, s)| s).collect();
        return cards.len() <= 4
            && naturals.iter().all(|&(r, _)| r == naturals[0].0)
            && suits.len() == naturals.len();
    }
    if cards.len() > 13 || naturals.iter().any(|&(_, s)| s != naturals[0].1) {
        return false;
    }
    let lowest = if ace_low { 1 } else { 2 };
    let len = cards.len() as u8;
    (lowest..=15 - len).any(|start| {
        cards.iter().enumerate().all(|(i, c)| {
            let place = start + i as u8;
            match c.rank().map(|r| r.number()) {
                None => true,
                Some(1) => place == 14 || place == 1,
                Some(r) => r == place,
            }
        })
    })
}

/// Table melds by kind and cards, in order.
type Table = Vec<(MeldKind, Vec<Card>)>;

/// A play-phase position on four seats, all opened, seat 0 to play with `hand` random
/// cards (one of them taken from the discard pile this turn if `take`), the table four
/// random melds (with jokers) of seat 1; `None` when the table needs more copies of a
/// card than the pack holds or seat 0 could not end its turn.
fn random_position(
    rng: &mut ChaCha8Rng,
    config: &Config,
    hand: usize,
    take: bool,
) -> Option<(Rummy40, Table)> {
    let pack = config.catalog().unwrap();
    let table: Table = (0..4)
        .map(|_| {
            let (kind, faces, _) = random_meld(rng, config);
            (kind, faces.iter().map(|f| f.parse().unwrap()).collect())
        })
        .collect();
    let on_table: Vec<Card> = table.iter().flat_map(|(_, c)| c.clone()).collect();
    if on_table.iter().any(|c| on_table.iter().filter(|d| *d == c).count() > pack.ids_of(*c).count()) {
        return None;
    }
    // Four seats, so that 52 dealt cards cover the table and the hands.
    let mut setup = Setup::new(vec![Vec::new(); 4]);
    setup.table = table.iter().map(|(kind, cards)| SetupMeld::new(1, *kind, cards.clone())).collect();
    // `fill_stock_from` leaves out the table's cards; the hands come from the rest.
    setup.fill_stock_from(&pack);
    let mut rest = std::mem::take(&mut setup.stock);
    for i in (1..rest.len()).rev() {
        rest.swap(i, rng.random_range(0..=i));
    }
    setup.hands[0] = rest.split_off(rest.len() - hand);
    if take {
        setup.taken = Some(setup.hands[0][rng.random_range(0..hand)]);
    }
    for seat in 1..4 {
        setup.hands[seat] = rest.split_off(rest.len() - 3);
    }
    setup.discard = vec![rest.pop().unwrap()];
    setup.stock = rest;
    (setup.opened, setup.to_move, setup.phase, setup.dealer) = (vec![true; 4], Some(0), Phase::Play, 3);
    // A hand with no way to end the turn is no position (see the last scenario).
    let stuck = rummykit_core::PositionError::Inconsistent("the seat to move has no legal action");
    match Rummy40::from_setup(config, setup) {
        Ok(g) => Some((g, table)),
        Err(rummykit_core::DealError::InvalidDeal(e)) if e == stuck => None,
        Err(e) => panic!("{e}"),
    }
}

/// The place (2 to 14, or 1 for a low ace) of each card of a valid run.
fn places(cards: &[Card], ace_low: bool) -> Vec<u8> {
    let lowest = if ace_low { 1 } else { 2 };
    let len = cards.len() as u8;
    let start = (lowest..=15 - len)
        .find(|&start| {
            cards.iter().enumerate().all(|(i, c)| match c.rank().map(|r| r.number()) {
                None => true,
                Some(1) => start + i as u8 == 14 || start + i as u8 == 1,
                Some(r) => r == start + i as u8,
            })
        })
        .expect("a valid run");
    (start..start + len).collect()
}

/// §3.6 joker swaps against a predicate written from the rule text, on random tables:
/// in a run, the card of the joker's place (its suit, its rank) takes the joker; a set of
/// four with a joker is closed; in a set of three one card takes a joker only under
/// `EitherMissing`, and two cards of two missing suits release one under either rule.
#[test]
fn rules_3_6_joker_swaps_and_releases_exactly_when_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_606);
    let mut four_jokers = Config::RUMMY40;
    four_jokers.jokers = 4;
    let mut either = four_jokers;
    either.ace_low_in_runs = true;
    either.set3_joker_swap = Set3JokerSwap::EitherMissing;
    for config in [four_jokers, either] {
        let mut tried = [[0usize; 2]; 2];
        let mut positions = 0;
        while positions < 300 {
            let Some((g, table)) = random_position(&mut rng, &config, 12, false) else { continue };
            positions += 1;
            let hand: Vec<PieceId> = g.hand(0).unwrap().iter().collect();
            for (index, (kind, cards)) in table.iter().enumerate() {
                let meld = MeldId::new(index as u16);
                let naturals: Vec<(u8, _)> =
                    cards.iter().filter_map(|c| Some((c.rank()?.number(), c.suit()?))).collect();
                let jokers = cards.len() - naturals.len();
                let missing = |c: Card| {
                    c.rank().map(|r| r.number()) == Some(naturals[0].0)
                        && naturals.iter().all(|&(_, s)| Some(s) != c.suit())
                };
                let set_of_three = *kind == MeldKind::Group && cards.len() == 3 && jokers > 0;
                for &piece in &hand {
                    let card = g.face(piece).unwrap();
                    let expected = !card.is_joker()
                        && match kind {
                            MeldKind::Group => {
                                set_of_three
                                    && config.set3_joker_swap == Set3JokerSwap::EitherMissing
                                    && missing(card)
                            }
                            MeldKind::Run => {
                                places(cards, config.ace_low_in_runs).iter().zip(cards).any(|(&place, c)| {
                                    c.is_joker()
                                        && card.suit() == Some(naturals[0].1)
                                        && card
                                            .rank()
                                            .map(|r| r.number())
                                            .is_some_and(|r| r == place || r == 1 && place == 14)
                                })
                            }
                        };
                    let verdict = g.check(0, &Action::SwapJoker { piece, meld });
                    assert_eq!(
                        verdict.is_ok(),
                        expected,
                        "{card} for a joker of {kind:?} {cards:?}: {verdict:?}"
                    );
                    if *kind == MeldKind::Group && cards.len() == 4 && jokers > 0 {
                        assert_eq!(verdict, Err(ActionError::ClosedSet { meld }));
                    }
                    tried[0][usize::from(expected)] += 1;
                }
                for (i, &p) in hand.iter().enumerate() {
                    for &q in &hand[i + 1..] {
                        let (a, b) = (g.face(p).unwrap(), g.face(q).unwrap());
                        let expected = set_of_three
                            && !a.is_joker()
                            && !b.is_joker()
                            && missing(a)
                            && missing(b)
                            && a.suit() != b.suit();
                        let verdict = g.check(0, &Action::ReleaseJoker { meld, pieces: [p, q] });
                        assert_eq!(verdict.is_ok(), expected, "{a} {b} into {kind:?} {cards:?}: {verdict:?}");
                        tried[1][usize::from(expected)] += 1;
                    }
                }
            }
        }
        assert!(tried[0][1] > 50 && tried[1][1] > 5, "{tried:?}");
    }
}

/// The Rummy 40 rules with four jokers, the ace high only and the ace low too: the two
/// configurations the rule-text predicates are checked under.
fn four_jokers_ace_high_and_low() -> [Config; 2] {
    let mut four_jokers = Config::RUMMY40;
    four_jokers.jokers = 4;
    let mut low = four_jokers;
    low.ace_low_in_runs = true;
    [four_jokers, low]
}

/// §3.4 "jokers … also in builds" and §3.6 "no rearranging": on random tables of sets
/// and runs with jokers, every card of a twelve-card hand goes onto every meld, at
/// either end, exactly when the meld with the card there is still a meld of its kind.
#[test]
fn rules_3_4_builds_fit_exactly_when_the_meld_stays_valid() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_404);
    for config in four_jokers_ace_high_and_low() {
        let mut tried = [0usize; 2];
        let mut positions = 0;
        while positions < 150 {
            let Some((g, table)) = random_position(&mut rng, &config, 12, false) else { continue };
            positions += 1;
            for (index, (kind, cards)) in table.iter().enumerate() {
                let onto = MeldId::new(index as u16);
                for piece in g.hand(0).unwrap().iter() {
                    let card = g.face(piece).unwrap();
                    for end in [RunEnd::Front, RunEnd::Back] {
                        let mut with = cards.clone();
                        if end == RunEnd::Front {
                            with.insert(0, card)
                        } else {
                            with.push(card)
                        }
                        let verdict = g.check(0, &Action::LayOff { piece, onto, end });
                        let expected = valid(*kind, &with, config.ace_low_in_runs);
                        assert_eq!(
                            verdict.is_ok(),
                            expected,
                            "{card} at the {end:?} of {kind:?} {cards:?} (ace low {}): {verdict:?}",
                            config.ace_low_in_runs
                        );
                        if let Err(e) = verdict {
                            assert!(matches!(e, ActionError::Table(TableError::DoesNotFit { .. })), "{e:?}");
                        }
                        tried[usize::from(expected)] += 1;
                    }
                }
            }
        }
        assert!(tried[1] > 200, "{tried:?}");
    }
}

/// §3.4 melds against the same predicate: on random opened positions, random sets and
/// runs of three to five hand cards, in rank order or shuffled, are laid exactly when
/// the rules call them melds, and refused as invalid melds otherwise.
#[test]
fn rules_3_4_melds_are_valid_exactly_when_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_414);
    for config in four_jokers_ace_high_and_low() {
        let mut tried = [0usize; 2];
        let mut positions = 0;
        while positions < 150 {
            let Some((g, _)) = random_position(&mut rng, &config, 12, false) else { continue };
            positions += 1;
            let hand: Vec<PieceId> = g.hand(0).unwrap().iter().collect();
            for _ in 0..100 {
                let first = g.face(hand[rng.random_range(0..hand.len())]).unwrap();
                let kind = if rng.random_range(0..2) == 0 { MeldKind::Group } else { MeldKind::Run };
                // Mostly cards of the first card's suit or rank, and the jokers.
                let mut pool: Vec<PieceId> = hand
                    .iter()
                    .copied()
                    .filter(|&p| {
                        let c = g.face(p).unwrap();
                        rng.random_range(0..4) == 0
                            || c.is_joker()
                            || match kind {
                                MeldKind::Group => c.rank() == first.rank(),
                                MeldKind::Run => c.suit() == first.suit(),
                            }
                    })
                    .collect();
                for i in (1..pool.len()).rev() {
                    pool.swap(i, rng.random_range(0..=i));
                }
                pool.truncate(rng.random_range(3..=5));
                if pool.len() < 3 {
                    continue;
                }
                if rng.random_range(0..2) == 0 {
                    pool.sort_by_key(|&p| g.face(p).unwrap().rank().map_or(0, |r| r.number()));
                }
                let cards: Vec<Card> = pool.iter().map(|&p| g.face(p).unwrap()).collect();
                let expected = valid(kind, &cards, config.ace_low_in_runs);
                let verdict = g.check(0, &Action::Meld(NewMeld::new(kind, pool)));
                assert_eq!(
                    verdict.is_ok(),
                    expected,
                    "{kind:?} {cards:?} (ace low {}): {verdict:?}",
                    config.ace_low_in_runs
                );
                if let Err(e) = verdict {
                    assert!(
                        matches!(e, ActionError::Table(TableError::InvalidMeld { .. })),
                        "{cards:?}: {e:?}"
                    );
                }
                tried[usize::from(expected)] += 1;
            }
        }
        assert!(tried[0] > 1_000 && tried[1] > 100, "{tried:?}");
    }
}

// ---------------------------------------------------------------- §3.3 / §3.6 discards

/// The discard rules against a predicate written from the rule text and the options'
/// readings (docs/design/rummy40.md): never the card taken this turn nor its twin; under
/// `OnlyWhenClosing` a joker only as the last card (or from a hand of jokers alone, which
/// has nothing else to give); under `forbid_playable_discard` no card that fits a table
/// meld (at either end) while another allowed card fits nowhere. Random opened positions
/// with one to five cards in hand, with and without a taken card, every option mix.
#[test]
fn rules_3_3_discards_are_allowed_exactly_when_the_rules_say() {
    let mut rng = ChaCha8Rng::seed_from_u64(3_303);
    let mut tried = [0usize; 2];
    let mut positions = 0;
    while positions < 2_000 {
        let mut config = Config::RUMMY40;
        config.jokers = 4;
        config.joker_discard =
            if rng.random_range(0..2) == 0 { JokerDiscard::OnlyWhenClosing } else { JokerDiscard::Allowed };
        config.forbid_playable_discard = rng.random_range(0..2) == 0;
        let len = rng.random_range(1..=5);
        let take = rng.random_range(0..2) == 0;
        let Some((g, table)) = random_position(&mut rng, &config, len, take) else { continue };
        positions += 1;
        let hand: Vec<PieceId> = g.hand(0).unwrap().iter().collect();
        let face = |p: PieceId| g.face(p).unwrap();
        let taken = g.taken_this_turn().map(face);
        let fits = |c: Card| {
            table.iter().any(|(kind, cards)| {
                let mut back = cards.clone();
                back.push(c);
                let mut front = vec![c];
                front.extend(cards);
                valid(*kind, &back, false) || valid(*kind, &front, false)
            })
        };
        let naturals = hand.iter().any(|&p| !face(p).is_joker());
        let basic = |p: PieceId| {
            Some(face(p)) != taken
                && !(face(p).is_joker()
                    && config.joker_discard == JokerDiscard::OnlyWhenClosing
                    && hand.len() > 1
                    && naturals)
        };
        for &p in &hand {
            let alternative = hand.iter().any(|&q| q != p && basic(q) && !fits(face(q)));
            let expected = basic(p)
                && !(config.forbid_playable_discard && hand.len() > 1 && fits(face(p)) && alternative);
            let verdict = g.check(0, &Action::Discard(p));
            assert_eq!(
                verdict.is_ok(),
                expected,
                "discard {} from {:?}, taken {taken:?}, {config:?}, table {table:?}: {verdict:?}",
                face(p),
                hand.iter().map(|&q| face(q)).collect::<Vec<_>>()
            );
            tried[usize::from(expected)] += 1;
        }
    }
    assert!(tried[0] > 300 && tried[1] > 1_000, "{tried:?}");
}

/// §3.3's guard leaves every turn a way to end, so a set-up position must too: a play
/// phase whose only card is the one just taken (never to be discarded this turn) is
/// refused (its view would be refused when read back), unless it wins a joker from the
/// table to discard, and refused again when a won joker must be played this turn.
#[test]
fn rules_3_3_a_position_with_no_way_to_end_the_turn_is_refused() {
    let position = |config: &Config, held: &str, table: &str| {
        let mut setup = Setup::new(vec![rummykit_core::parse_list(held).unwrap(), vec![]]);
        setup.hands[1] = rummykit_core::parse_list("2d 3d 4d").unwrap();
        setup.table = vec![SetupMeld::new(1, MeldKind::Run, rummykit_core::parse_list(table).unwrap())];
        setup.discard = rummykit_core::parse_list("9s").unwrap();
        setup.fill_stock_from(&config.catalog().unwrap());
        (setup.opened, setup.to_move, setup.phase, setup.dealer) = (vec![true; 2], Some(0), Phase::Play, 1);
        setup.taken = Some(held.parse().unwrap());
        Rummy40::from_setup(config, setup)
    };
    let stuck = Err(rummykit_core::DealError::InvalidDeal(rummykit_core::PositionError::Inconsistent(
        "the seat to move has no legal action",
    )));
    assert_eq!(position(&Config::RUMMY40, "5c", "Th Jh Qh"), stuck);
    // Building the 5c would leave nothing to discard.
    assert_eq!(position(&Config::RUMMY40, "5c", "6c 7c 8c"), stuck);
    let g = position(&Config::RUMMY40, "6c", "5c * 7c").expect("the 6c wins the joker");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert_eq!(legal, vec![Action::SwapJoker { piece: id(&g, 0, "6c"), meld: M0 }]);
    let must_play = Config::RUMMY40.with_swapped_joker_must_be_played_same_turn(true);
    assert_eq!(position(&must_play, "6c", "5c * 7c"), stuck);
}
