//! `check_play` against a deliberately simple reference (sorted tile lists, linear
//! searches) on random tables without table jokers: conservation (§1.3 (1)), at least
//! one rack tile (§1.3 (2)), and the initial meld (§1.5).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, Meld, MeldKind, Tile};
use rummykit_rummikub::{Config, PlayError, TileCounts, check_play};

#[derive(Debug, PartialEq, Eq, Clone, Copy)]
enum Class {
    Ok,
    Conservation,
    NoRackTile,
    TouchesTable,
    BelowThreshold,
}

fn classify(r: Result<rummykit_rummikub::PlayInfo, PlayError>) -> Class {
    match r {
        Ok(_) => Class::Ok,
        Err(
            PlayError::TableTileTaken { .. } | PlayError::NotInRack { .. } | PlayError::TooManyCopies { .. },
        ) => Class::Conservation,
        Err(PlayError::NoRackTile) => Class::NoRackTile,
        Err(PlayError::InitialMeldTouchesTable { .. }) => Class::TouchesTable,
        Err(PlayError::InitialMeldBelowThreshold { .. }) => Class::BelowThreshold,
        Err(e) => panic!("unexpected error {e}"),
    }
}

/// Removes one `t` from `v`, or says it was not there.
fn take(v: &mut Vec<Tile>, t: Tile) -> bool {
    match v.iter().position(|&x| x == t) {
        Some(i) => {
            v.remove(i);
            true
        }
        None => false,
    }
}

fn same(a: &Meld<Tile>, b: &Meld<Tile>) -> bool {
    let (mut x, mut y) = (a.faces().to_vec(), b.faces().to_vec());
    if a.kind() == MeldKind::Group {
        x.sort();
        y.sort();
    }
    a.kind() == b.kind() && x == y
}

fn reference(old: &[Meld<Tile>], rack: &[Tile], opened: bool, new: &[Meld<Tile>]) -> Class {
    let mut new_tiles: Vec<Tile> = new.iter().flat_map(|m| m.faces().iter().copied()).collect();
    for m in old {
        for &t in m.faces() {
            if !take(&mut new_tiles, t) {
                return Class::Conservation;
            }
        }
    }
    let played = new_tiles; // what is left came from the rack
    let mut rack = rack.to_vec();
    for &t in &played {
        if !take(&mut rack, t) {
            return Class::Conservation;
        }
    }
    if played.is_empty() {
        return Class::NoRackTile;
    }
    if !opened {
        let mut rest: Vec<Meld<Tile>> = new.to_vec();
        for m in old {
            match rest.iter().position(|n| same(n, m)) {
                Some(i) => {
                    rest.remove(i);
                }
                None => return Class::TouchesTable,
            }
        }
        let value: u32 = rest.iter().flat_map(|m| m.numbers()).map(u32::from).sum();
        if value < 30 {
            return Class::BelowThreshold;
        }
    }
    Class::Ok
}

fn random_meld(rng: &mut ChaCha8Rng, from: &[Tile]) -> Option<Meld<Tile>> {
    for _ in 0..100 {
        let colour = *Colour::ALL.choose(rng)?;
        let (kind, faces): (MeldKind, Vec<Tile>) = if rng.random_bool(0.5) {
            let len = rng.random_range(3..=5u8);
            let start = rng.random_range(1..=14 - len);
            (MeldKind::Run, (start..start + len).filter_map(|n| Tile::new(colour, n)).collect())
        } else {
            let n = rng.random_range(1..=13);
            let mut colours = Colour::ALL.to_vec();
            colours.shuffle(rng);
            let k = rng.random_range(3..=4);
            (MeldKind::Group, colours[..k].iter().filter_map(|&c| Tile::new(c, n)).collect())
        };
        let mut faces = faces;
        if rng.random_bool(0.1) {
            let i = rng.random_range(0..faces.len());
            faces[i] = Tile::JOKER;
        }
        let mut pool = from.to_vec();
        if faces.iter().all(|&t| take(&mut pool, t)) {
            return Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok();
        }
    }
    None
}

#[test]
fn check_play_agrees_with_a_brute_force_reference() {
    let config = Config::STANDARD;
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..4000 {
        let mut boxed: Vec<Tile> = TileCounts::full(&config.tile_set.catalog()).to_vec();
        boxed.retain(|t| !t.is_joker()); // no jokers on the old table
        let mut old = Vec::new();
        for _ in 0..rng.random_range(0..5) {
            if let Some(m) = random_meld(&mut rng, &boxed) {
                m.faces().iter().for_each(|&t| {
                    take(&mut boxed, t);
                });
                old.push(m);
            }
        }
        boxed.extend([Tile::JOKER, Tile::JOKER]);
        boxed.shuffle(&mut rng);
        let mut rack: Vec<Tile> = boxed.drain(..rng.random_range(3..=12)).collect();
        // Plant melds in the rack so that plays from it are common.
        for _ in 0..rng.random_range(0..3) {
            if let Some(m) = random_meld(&mut rng, &boxed) {
                m.faces().iter().for_each(|&t| {
                    take(&mut boxed, t);
                });
                rack.extend_from_slice(m.faces());
            }
        }
        let mut new = old.clone();
        if !new.is_empty() && rng.random_bool(0.1) {
            let i = rng.random_range(0..new.len());
            new.remove(i);
        }
        if !new.is_empty() && rng.random_bool(0.4) {
            let i = rng.random_range(0..new.len());
            let mut faces = new[i].faces().to_vec();
            faces.push(*rack.choose(&mut rng).expect("rack"));
            if let Ok(m) = Meld::new(new[i].kind(), &faces, &rummykit_rummikub::MELD_RULES) {
                new[i] = m;
            }
        }
        // Lay off onto an old run with a tile planted in the rack.
        if rng.random_bool(0.3)
            && let Some(i) = (0..new.len()).find(|&i| new[i].kind() == MeldKind::Run)
        {
            let m = new[i];
            let last = m.numbers().last().expect("non-empty");
            let colour = m.faces().iter().find_map(|t| t.colour()).expect("natural");
            if let Some(next) = Tile::new(colour, last + 1).filter(|&t| take(&mut boxed, t)) {
                rack.push(next);
                let mut faces = m.faces().to_vec();
                faces.push(next);
                new[i] =
                    Meld::new(MeldKind::Run, &faces, &rummykit_rummikub::MELD_RULES).expect("extended run");
            }
        }
        if new.len() > 1 && rng.random_bool(0.2) {
            new.swap(0, 1);
        }
        for _ in 0..rng.random_range(0..4) {
            // Mostly from the rack, sometimes from anywhere in the box.
            let source: Vec<Tile> = if rng.random_bool(0.9) { rack.clone() } else { boxed.clone() };
            if let Some(m) = random_meld(&mut rng, &source) {
                new.push(m);
            }
        }
        let opened = rng.random_bool(0.5);
        let counts: TileCounts = rack.iter().copied().collect();
        let got = classify(check_play(&config, &old, &counts, opened, &new));
        let want = reference(&old, &rack, opened, &new);
        assert_eq!(got, want, "old {old:?} rack {rack:?} opened {opened} new {new:?}");
        *seen.entry(format!("{want:?}")).or_insert(0) += 1;
    }
    // The generator reaches every class.
    assert_eq!(seen.len(), 5, "{seen:?}");
    assert!(seen.values().all(|&n| n >= 50), "{seen:?}");
}

/// Step (3) of `check_play` (every meld valid under Rummikub's rules, §1.4) against
/// `Meld::new(.., RUMMIKUB)` for melds built under every other rule set: Rummy 40's
/// high ace, round-the-corner runs, short minimum lengths, joker limits.
#[test]
fn meld_revalidation_agrees_with_the_rummikub_validator() {
    use rummykit_core::{AcePolicy, JokerLimit};
    let mut presets = Vec::new();
    for ace in [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner] {
        for min_len in [1, 2, 3] {
            for jokers in [JokerLimit::Unlimited, JokerLimit::NoAdjacent, JokerLimit::AtMost(1)] {
                presets.push(
                    rummykit_rummikub::MELD_RULES.with_ace(ace).with_min_len(min_len).with_jokers(jokers),
                );
            }
        }
    }
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut refused, mut accepted) = (0, 0);
    for _ in 0..20_000 {
        let config = presets.choose(&mut rng).expect("preset");
        let len = rng.random_range(1..=13);
        let colour = *Colour::ALL.choose(&mut rng).expect("colour");
        let kind = if rng.random_bool(0.5) { MeldKind::Run } else { MeldKind::Group };
        let start = rng.random_range(1..=13u8);
        let mut faces: Vec<Tile> = (0..len as u8)
            .map(|i| match kind {
                MeldKind::Run => Tile::new(colour, (start - 1 + i) % 13 + 1).expect("tile"),
                MeldKind::Group => Tile::new(Colour::ALL[i as usize % 4], start).expect("tile"),
            })
            .collect();
        let mut jokers = 0;
        for f in faces.iter_mut() {
            if jokers < 4 && rng.random_bool(0.15) {
                *f = Tile::JOKER;
                jokers += 1;
            }
        }
        let Ok(meld) = Meld::new(kind, &faces, config) else { continue };
        let rack: TileCounts = faces.iter().copied().collect();
        let got = check_play(&Config::XP, &[], &rack, true, &[meld]);
        match Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES) {
            Ok(_) => {
                assert!(got.is_ok(), "{meld:?}: {got:?}");
                accepted += 1;
            }
            Err(error) => {
                assert_eq!(got, Err(PlayError::InvalidMeld { index: 0, error }), "{meld:?}");
                refused += 1;
            }
        }
    }
    assert!(refused > 500 && accepted > 500, "refused {refused}, accepted {accepted}");
}
