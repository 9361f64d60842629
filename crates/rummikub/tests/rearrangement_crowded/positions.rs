#![allow(dead_code, reason = "each includer uses a part of it")]

//! Crowded seeded positions for the reading search (RULES.md §1.6, §4.1): three quarters
//! of the box on the table as random runs and groups, a rack, and some of the table's
//! melds laid out anew together with rack tiles. Shared by `tests/rearrangement_crowded.rs`
//! and the engine bench.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, Meld, MeldKind, Tile};
use rummykit_rummikub::{Config, TileCounts, TileSet};

/// A crowded position: the table, the rack and a proposed new table.
pub struct Position {
    pub table: Vec<Meld<Tile>>,
    pub rack: TileCounts,
    pub new: Vec<Meld<Tile>>,
}

fn take(avail: &mut TileCounts, wanted: &[Option<Tile>], jokers: usize) -> Option<Vec<Tile>> {
    let mut left = *avail;
    let mut used_jokers = 0;
    let mut faces = Vec::new();
    for &w in wanted {
        match w {
            Some(t) if left.remove(t) => faces.push(t),
            _ if used_jokers < jokers && left.remove(Tile::JOKER) => {
                used_jokers += 1;
                faces.push(Tile::JOKER);
            }
            _ => return None,
        }
    }
    *avail = left;
    Some(faces)
}

/// A random run or group from `avail` (at most one joker), taken out of it.
fn random_meld(rng: &mut ChaCha8Rng, avail: &mut TileCounts) -> Option<Meld<Tile>> {
    let jokers = usize::from(rng.random_bool(0.3));
    let (kind, wanted): (MeldKind, Vec<Option<Tile>>) = if rng.random_bool(0.5) {
        let colour = Colour::ALL[rng.random_range(0..4)];
        let len = rng.random_range(3..=6u8);
        let start = rng.random_range(1..=14 - len);
        (MeldKind::Run, (start..start + len).map(|n| Tile::new(colour, n)).collect())
    } else {
        let number = rng.random_range(1..=13u8);
        let mut colours = Colour::ALL;
        colours.shuffle(rng);
        let len = rng.random_range(3..=4usize);
        (MeldKind::Group, colours[..len].iter().map(|&c| Tile::new(c, number)).collect())
    };
    let mut trial = *avail;
    let faces = take(&mut trial, &wanted, jokers)?;
    let meld = Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok()?;
    *avail = trial;
    Some(meld)
}

/// Some partition of `tiles` into valid melds (random order of tries, bounded work).
fn partition(
    rng: &mut ChaCha8Rng,
    tiles: &mut TileCounts,
    out: &mut Vec<Meld<Tile>>,
    budget: &mut u32,
) -> bool {
    if tiles.is_empty() {
        return true;
    }
    if *budget == 0 {
        return false;
    }
    *budget -= 1;
    let Some(t) = tiles.iter().find(|t| !t.is_joker()) else { return false };
    let (colour, number) = (t.colour().unwrap(), t.number().unwrap());
    let mut options: Vec<(MeldKind, Vec<Option<Tile>>)> = Vec::new();
    for start in number.saturating_sub(5).max(1)..=number {
        for end in number.max(start + 2)..=(start + 5).min(13) {
            options.push((MeldKind::Run, (start..=end).map(|n| Tile::new(colour, n)).collect()));
        }
    }
    for others in 0u8..8 {
        let rest: Vec<Colour> = Colour::ALL.into_iter().filter(|&c| c != colour).collect();
        let chosen: Vec<Colour> = (0..3).filter(|i| others & (1 << i) != 0).map(|i| rest[i]).collect();
        if chosen.len() >= 2 {
            let mut wanted = vec![Some(t)];
            wanted.extend(chosen.iter().map(|&c| Tile::new(c, number)));
            options.push((MeldKind::Group, wanted));
        }
    }
    options.shuffle(rng);
    for (kind, wanted) in options {
        let mut left = *tiles;
        let Some(faces) = take(&mut left, &wanted, 1) else { continue };
        if faces[wanted.iter().position(|&w| w == Some(t)).unwrap()] != t {
            continue;
        }
        let Ok(meld) = Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES) else { continue };
        out.push(meld);
        if partition(rng, &mut left, out, budget) {
            *tiles = left;
            return true;
        }
        out.pop();
    }
    false
}

/// Three quarters of the box laid out as random melds, a rack of 14–20 from the rest,
/// and `relaid` of the table's melds laid out anew together with 1–4 rack tiles.
pub fn crowded(rng: &mut ChaCha8Rng, set: TileSet, relaid: usize) -> Option<Position> {
    let catalog = set.catalog();
    let mut avail = TileCounts::full(&catalog);
    let mut table = Vec::new();
    for _ in 0..4000 {
        if avail.len() * 4 <= catalog.len() {
            break;
        }
        if let Some(m) = random_meld(rng, &mut avail) {
            table.push(m);
        }
    }
    let mut pool = avail.to_vec();
    pool.shuffle(rng);
    let mut rack = TileCounts::EMPTY;
    for &t in &pool[..rng.random_range(14..=20).min(pool.len())] {
        rack.add(t);
    }
    table.shuffle(rng);
    let relaid = relaid.min(table.len());
    let mut tiles = TileCounts::of_melds(&table[..relaid]);
    let mut rack_tiles = rack.to_vec();
    rack_tiles.shuffle(rng);
    for &t in &rack_tiles[..rng.random_range(1..=4)] {
        tiles.add(t);
    }
    let mut new = table[relaid..].to_vec();
    let mut budget = 20_000;
    if !partition(rng, &mut tiles, &mut new, &mut budget) {
        return None;
    }
    new.shuffle(rng);
    Some(Position { table, rack, new })
}

pub fn rules_for(set: TileSet) -> Config {
    let mut config = Config::SCHMIDT;
    config.tile_set = set;
    config
}

/// Position `index` of the seeded sequence the stress walks for `set` and `relaid`.
pub fn position(set: TileSet, relaid: usize, index: usize) -> Position {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut last = None;
    for _ in 0..=index {
        last = crowded(&mut rng, set, relaid);
    }
    last.expect("the seeded sequence has a position there")
}
