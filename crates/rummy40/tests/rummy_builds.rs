//! Going rummy with builds (`RULES.md` §3.7): `legal_actions` lists exactly the rummies
//! the check accepts, against a brute force over every way to split a six-card hand into
//! a discard, one new meld (every order, both kinds) and builds (every order, every meld
//! and end, and the id the new meld would get).

#[macro_use]
mod common;

use rummykit_core::Game;
use std::collections::BTreeSet;

use common::*;
use rand::SeedableRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{MeldId, MeldKind, PieceId, RunEnd};
use rummykit_rummy40::{Action, Config, NewMeld, Rummy40, RummyLayOff};

/// Seat 0's opening melds (each batch ≥ 40) and cards that fit them.
const TABLES: [(&[&str], &str); 3] = [
    (&["5s 6s 7s 8s", "Kc Kd Kh"], "3s 4s 9s Ts Ks"),
    (&["9h Th Jh Qh", "2c 2d 2s"], "7h 8h Kh Ah 2h"),
    (&["3d 4d 5d", "Jc Qc Kc"], "2d 6d 7d Tc 9c Ac"),
];

/// Small melds for seat 1 (worth less than 40).
const OWN: [&str; 5] = ["2h 3h 4h", "6c 6d 6h", "7s 7c 7d", "4c 5c 6c", "8d 9d Td"];

const OTHERS: [&str; 8] = ["9c", "Qs", "5h", "3c", "*", "Jd", "4h", "Ad"];

fn all_orders(cards: &[PieceId]) -> Vec<Vec<PieceId>> {
    if cards.is_empty() {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..cards.len() {
        let mut rest = cards.to_vec();
        let first = rest.remove(i);
        for mut tail in all_orders(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// Every rummy the check accepts, in normal form, by brute force.
fn brute_force(g: &Rummy40, seat: usize) -> BTreeSet<String> {
    let hand: Vec<PieceId> = g.hand(seat).unwrap().iter().collect();
    let next = g.table().next_id().index();
    let targets: Vec<(MeldId, RunEnd)> =
        (0..=next).flat_map(|m| [RunEnd::Front, RunEnd::Back].map(|e| (MeldId::new(m), e))).collect();
    let mut accepted = BTreeSet::new();
    for &discard in &hand {
        let rest: Vec<PieceId> = hand.iter().copied().filter(|&p| p != discard).collect();
        for mask in 0u32..(1 << rest.len()) {
            let meld: Vec<PieceId> =
                (0..rest.len()).filter(|i| mask & (1 << i) != 0).map(|i| rest[i]).collect();
            let built: Vec<PieceId> =
                (0..rest.len()).filter(|i| mask & (1 << i) == 0).map(|i| rest[i]).collect();
            if meld.len() < 3 {
                continue;
            }
            for kind in [MeldKind::Run, MeldKind::Group] {
                for order in all_orders(&meld) {
                    for build_order in all_orders(&built) {
                        let mut plans: Vec<Vec<RummyLayOff>> = vec![Vec::new()];
                        for &p in &build_order {
                            plans = plans
                                .into_iter()
                                .flat_map(|plan| {
                                    targets.iter().map(move |&(m, e)| {
                                        let mut plan = plan.clone();
                                        plan.push(RummyLayOff::new(p, m, e));
                                        plan
                                    })
                                })
                                .collect();
                        }
                        for builds in plans {
                            let a = Action::GoRummy {
                                melds: vec![NewMeld::new(kind, order.clone())],
                                lay_offs: builds,
                                discard,
                            };
                            if g.check(g.to_move().unwrap_or_default(), &a).is_ok() {
                                accepted.insert(format!("{:?}", a.normalized()));
                            }
                        }
                    }
                }
            }
        }
    }
    accepted
}

#[test]
fn rules_3_7_rummies_with_builds_agree_with_a_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(37);
    let (mut positions, mut with_builds, mut plain) = (0, 0, 0);
    for round in 0..24 {
        let (melds, fits) = TABLES[round % TABLES.len()];
        let fits: Vec<&str> = fits.split(' ').collect();
        let mut seat1: Vec<String> = vec![OWN.choose(&mut rng).unwrap().to_string()];
        seat1.extend(fits.sample(&mut rng, 2).map(|s| s.to_string()));
        seat1.push(OTHERS.choose(&mut rng).unwrap().to_string());
        seat1.shuffle(&mut rng);
        let seat1 = seat1.join(" ");
        let cards: Vec<&str> = seat1.split(' ').collect();
        let (hand1, drawn) = cards.split_at(cards.len() - 1);
        let hand0 = format!("{} 7c", melds.join(" "));
        let hand1 = hand1.join(" ");
        let stock_top = format!("Qd {}", drawn[0]);
        let mut g = game(Config::RUMMY40, &[&hand0, &hand1, "Ah 5d"], "", &stock_top);
        common::apply_ok(&mut g, Action::DrawStock);
        let opening: Vec<NewMeld> = melds
            .iter()
            .map(|m| {
                let ranks: BTreeSet<char> = m.split(' ').filter_map(|c| c.chars().next()).collect();
                if ranks.len() == 1 { set(&g, 0, m) } else { run(&g, 0, m) }
            })
            .collect();
        ok!(g, Action::Open { melds: opening });
        ok!(g, Action::Discard(id(&g, 0, "Qd")));
        common::apply_ok(&mut g, Action::DrawStock);
        assert_eq!(g.hand(1).unwrap().len(), 6, "{seat1}");
        let mut legal = Vec::new();
        g.legal_actions(&mut legal);
        let listed: BTreeSet<String> =
            legal.iter().filter(|a| matches!(a, Action::GoRummy { .. })).map(|a| format!("{a:?}")).collect();
        let expected = brute_force(&g, 1);
        assert_eq!(listed, expected, "seat 1 holds {}", hand_text(&g, 1));
        positions += 1;
        with_builds += legal
            .iter()
            .filter(|a| matches!(a, Action::GoRummy { lay_offs: builds, .. } if !builds.is_empty()))
            .count();
        plain += legal
            .iter()
            .filter(|a| matches!(a, Action::GoRummy { lay_offs: builds, .. } if builds.is_empty()))
            .count();
    }
    eprintln!("{positions} positions: {with_builds} rummies with builds, {plain} without");
    assert!(with_builds >= 20, "too few rummies with builds ({with_builds}) to test anything");
}
