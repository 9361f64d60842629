//! The core conformance harness (`rummykit_core::conformance`) on seeded random Rummikub
//! games, for every preset and player count: conservation of the 106 (160) tiles, random
//! valid plays accepted and corruptions of them refused, refused actions leave the state
//! unchanged, views unchanged when other racks and the pool are shuffled, serde round
//! trips (feature `serde`), the documented length bound, zero-sum scores (RULES.md §1.8).
//!
//! `RUMMYKIT_CONFORMANCE_GAMES=<n>` plays `n` games per seating instead of the default
//! (see `docs/design/robustness.md` for the figures of a big run).

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use rummykit_core::conformance::{self, Candidate, Conformance, Place, Plan};
use rummykit_core::{Face, Game, MAX_HAND, Meld, Redeal, Seat, Seating, Tile, hand_melds};
use rummykit_rummikub::{Action, Config, PoolEmptyEnd, Rummikub, TileCounts, Timer};

struct Harness;

fn rack_of(game: &Rummikub, seat: Seat) -> TileCounts {
    game.rack(seat).copied().unwrap_or_default()
}

fn value(meld: &Meld<Tile>) -> u32 {
    meld.numbers().map(u32::from).sum()
}

/// Every meld that can be formed from `rack` (faces in rack order), natural-only if asked.
fn rack_melds(rack: &TileCounts, naturals_only: bool) -> Vec<Meld<Tile>> {
    let tiles: Vec<Tile> = rack.iter().filter(|t| !(naturals_only && t.is_joker())).collect();
    if tiles.len() > MAX_HAND {
        return Vec::new();
    }
    let Ok(found) = hand_melds(&tiles, &rummykit_rummikub::MELD_RULES) else { return Vec::new() };
    found
        .iter()
        .filter_map(|hm| {
            let faces: Vec<Tile> = hm.select(&tiles).copied().collect();
            Meld::new(hm.kind(), &faces, &rummykit_rummikub::MELD_RULES).ok()
        })
        .collect()
}

/// Removes the tiles of `meld` from `rack`; `false` (rack unchanged) if it lacks one.
fn take(rack: &mut TileCounts, meld: &Meld<Tile>) -> bool {
    let mut left = *rack;
    for &t in meld.faces() {
        if !left.remove(t) {
            return false;
        }
    }
    *rack = left;
    true
}

/// A random play that every preset must accept, or `None`:
/// * not opened: disjoint natural-only rack melds worth at least the threshold, added to
///   the table (old melds untouched, no jokers, so no joker rule applies);
/// * opened: one rack meld added, or one natural laid off at the end of a joker-free run
///   or onto a joker-free group of three.
fn valid_play<R: Rng + ?Sized>(game: &Rummikub, rng: &mut R) -> Option<Vec<Meld<Tile>>> {
    let seat = game.to_move()?;
    let mut rack = rack_of(game, seat);
    let mut table = game.table().to_vec();
    if !game.has_opened(seat).unwrap() {
        let mut melds = rack_melds(&rack, true);
        melds.shuffle(rng);
        let mut worth = 0;
        for meld in melds {
            if worth < game.config().initial_meld_threshold && take(&mut rack, &meld) {
                worth += value(&meld);
                table.push(meld);
            }
        }
        return (worth >= game.config().initial_meld_threshold && worth > 0).then_some(table);
    }
    if rng.random_bool(0.5) {
        let melds = rack_melds(&rack, false);
        if let Some(meld) = melds.choose(rng) {
            table.push(*meld);
            return Some(table);
        }
    }
    // Lay-offs onto joker-free melds.
    let mut options = Vec::new();
    for (i, meld) in table.iter().enumerate() {
        if meld.jokers() > 0 {
            continue;
        }
        for tile in rack.iter().filter(|t| !t.is_joker()) {
            let faces = meld.faces();
            let mut front = vec![tile];
            front.extend_from_slice(faces);
            let mut back = faces.to_vec();
            back.push(tile);
            for longer in [front, back] {
                if let Ok(m) = Meld::new(meld.kind(), &longer, &rummykit_rummikub::MELD_RULES) {
                    options.push((i, m));
                }
            }
        }
    }
    let &(i, m) = options.choose(rng)?;
    table[i] = m;
    Some(table)
}

/// Corruptions of a valid play that every preset must refuse.
fn corruptions(game: &Rummikub, play: &[Meld<Tile>]) -> Vec<Vec<Meld<Tile>>> {
    let Some(seat) = game.to_move() else { return Vec::new() };
    let rack = rack_of(game, seat);
    let before = game.table();
    let mut out = Vec::new();
    // (1) an old meld disappears: table tiles lost. (Only if tiles are really lost: with
    // three copies of a tile, a new meld can be the twin of an old one.)
    let old_tiles = TileCounts::of_melds(before);
    if let Some(i) = play.iter().position(|m| before.contains(m)) {
        let mut t = play.to_vec();
        t.remove(i);
        if !old_tiles.is_subset(&TileCounts::of_melds(&t)) {
            out.push(t);
        }
    }
    // (2) a placed meld twice, when the rack cannot pay for the second copy.
    if let Some(new) = play.iter().rev().find(|m| !before.contains(m)) {
        let mut need = TileCounts::of_melds(play);
        need.add_all(&TileCounts::of_melds(&[*new]));
        let mut have = TileCounts::of_melds(before);
        have.add_all(&rack);
        if !need.is_subset(&have) {
            let mut t = play.to_vec();
            t.push(*new);
            out.push(t);
        }
    }
    // (3) nothing from the rack.
    out.push(before.to_vec());
    // (4) before opening: one natural meld below the threshold (and not the whole rack).
    if !game.has_opened(seat).unwrap() {
        let threshold = game.config().initial_meld_threshold;
        let melds = rack_melds(&rack, true);
        if let Some(small) = melds.into_iter().find(|m| value(m) < threshold && m.len() < rack.len()) {
            let mut t = before.to_vec();
            t.push(small);
            out.push(t);
        }
    }
    out
}

impl Conformance for Harness {
    type Game = Rummikub;

    fn inventory(&self, game: &Rummikub) -> Vec<u32> {
        let full = TileCounts::full(&game.config().tile_set.catalog());
        Tile::all().map(|t| u32::from(full.count(t))).collect()
    }

    fn census(&self, game: &Rummikub) -> Vec<Place> {
        let idx = |t: Tile| usize::from(t.index());
        let mut places: Vec<Place> = (0..game.seats())
            .map(|s| Place::new(format!("rack {s}"), rack_of(game, s).iter().map(idx).collect()))
            .collect();
        places.push(Place::new("pool", game.pool().map(idx).collect()));
        places.push(Place::new(
            "table",
            game.table().iter().flat_map(|m| m.faces().iter().copied().map(idx)).collect(),
        ));
        places
    }

    fn token_name(&self, _: &Rummikub, token: usize) -> String {
        Tile::from_index(token as u8).map_or_else(|| format!("#{token}"), |t| t.to_string())
    }

    fn candidates<R: Rng + ?Sized>(&self, game: &Rummikub, rng: &mut R) -> Vec<Candidate<Action>> {
        let mut out = Vec::new();
        if game.to_move().is_none() {
            // Everything is refused after the end.
            out.push(Candidate::reject(Action::Draw));
            out.push(Candidate::reject(Action::Pass));
            out.push(Candidate::reject(Action::Play { table: game.table().to_vec() }));
            return out;
        }
        if let Some(play) = valid_play(game, rng) {
            for bad in corruptions(game, &play) {
                out.push(Candidate::reject(Action::Play { table: bad }));
            }
            out.push(Candidate::accept(Action::Play { table: play }));
        }
        let pool_empty = game.pool_len() == 0;
        out.push(if pool_empty { Candidate::reject(Action::Draw) } else { Candidate::accept(Action::Draw) });
        out.push(if pool_empty { Candidate::accept(Action::Pass) } else { Candidate::reject(Action::Pass) });
        // RULES.md §1.9: a timeout needs the timer, an abandon the abandon penalty.
        let timeout = Action::Timeout { pending_changes: rng.random_bool(0.5) };
        let timer_on = game.config().timer != Timer::Off;
        out.push(if timer_on { Candidate::accept(timeout) } else { Candidate::reject(timeout) });
        let abandon_on = game.config().abandon_penalty;
        out.push(if abandon_on {
            Candidate::accept(Action::Abandon)
        } else {
            Candidate::reject(Action::Abandon)
        });
        out
    }

    fn playout_action<R: Rng + ?Sized>(&self, game: &Rummikub, rng: &mut R) -> Option<Action> {
        game.to_move()?;
        if game.config().timer != Timer::Off && rng.random_bool(0.05) {
            return Some(Action::Timeout { pending_changes: rng.random_bool(0.5) });
        }
        if game.config().abandon_penalty && rng.random_bool(0.03) {
            return Some(Action::Abandon);
        }
        if rng.random_bool(0.8)
            && let Some(table) = valid_play(game, rng)
        {
            return Some(Action::Play { table });
        }
        Some(if game.pool_len() > 0 { Action::Draw } else { Action::Pass })
    }

    /// Through `Redeal::redeal`: the other racks and the pool dealt anew.
    fn permute_hidden<R: Rng + ?Sized>(&self, game: &Rummikub, seat: Seat, rng: &mut R) -> Option<Rummikub> {
        Some(game.redeal(seat, rng))
    }

    #[cfg(feature = "serde")]
    fn round_trip(&self, game: &Rummikub) -> Option<Result<Rummikub, String>> {
        let json = match serde_json::to_string(game) {
            Ok(j) => j,
            Err(e) => return Some(Err(e.to_string())),
        };
        Some(serde_json::from_str(&json).map_err(|e| e.to_string()))
    }

    /// The bound of `docs/design/robustness.md`: every draw empties one pool tile, every
    /// play moves at least one rack tile to the table for good, and with an empty pool
    /// at most one round of passes (`seats` turns) separates two plays or ends the game
    /// (timeouts and abandons draw from the pool too, or count as passes once it is empty).
    fn max_steps(&self, game: &Rummikub) -> usize {
        let tiles = game.config().tile_set.catalog().len();
        game.pool_len() + tiles + game.seats() * (tiles + 1)
    }

    fn zero_sum(&self, _: &Rummikub) -> bool {
        true // RULES.md §1.8: the winner scores what the others lose (also at an empty pool).
    }
}

fn check(config: Config, name: &str, seats: &[usize], default_games: usize, seed: u64) {
    let games = conformance::games_from_env(default_games);
    let mut plan = Plan::new(games, seed);
    for &n in seats {
        plan = plan.seating(Seating::new(n));
    }
    match conformance::run::<_, ChaCha8Rng>(&Harness, &config, &plan) {
        Ok(report) => println!("rummikub {name}, seats {seats:?}: {report}"),
        Err(v) => panic!("rummikub {name}: {v}"),
    }
}

#[test]
fn conformance_standard() {
    check(Config::STANDARD, "standard", &[2, 3, 4], 40, 1_000);
}

#[test]
fn conformance_xp() {
    check(Config::XP, "xp", &[5, 6], 20, 2_000);
}

#[test]
fn conformance_schmidt() {
    check(Config::SCHMIDT, "schmidt", &[2, 4], 30, 3_000);
}

/// House rules together (RULES.md §1.5, §1.6, §1.7, §1.9, §1.10): a 60 s timer with
/// timeouts and abandons in the playouts, a 50-point initial meld that may rearrange the
/// table, locked joker melds, one final turn each once the pool is empty.
fn house_rules() -> Config {
    let mut config = Config::STANDARD;
    config.timer = Timer::Seconds(60);
    config.abandon_penalty = true;
    config.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
    config.initial_meld_threshold = 50;
    config.manipulate_on_initial_meld_turn = true;
    config.joker_melds_locked = true;
    config.hand_rummy_double = true;
    config
}

#[test]
fn conformance_house_rules() {
    check(house_rules(), "house rules", &[2, 4], 25, 4_000);
}

/// Each joker option of RULES.md §1.10 on its own (§1.6 as clarified): every play the
/// harness finds legal is accepted, its corruptions refused.
#[test]
fn conformance_joker_options() {
    let mut options = Vec::new();
    let mut r = Config::STANDARD;
    r.group3_joker_needs_both = true;
    options.push(("group3_joker_needs_both", r));
    let mut r = Config::STANDARD;
    r.joker_replacement_source = rummykit_rummikub::ReplacementSource::RackOnly;
    options.push(("RackOnly", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = rummykit_rummikub::JokerReuse::SameTurnAnywhere;
    options.push(("SameTurnAnywhere", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = rummykit_rummikub::JokerReuse::NewMeldWithTwoRackTiles;
    options.push(("NewMeldWithTwoRackTiles", r));
    let mut r = Config::STANDARD;
    r.joker_melds_locked = true;
    options.push(("joker_melds_locked", r));
    for (i, (name, config)) in options.into_iter().enumerate() {
        check(config, name, &[2, 4], 8, 5_000 + i as u64);
    }
}

/// The big run: `RUMMYKIT_CONFORMANCE_GAMES=2000 cargo test --release -p rummykit-rummikub
/// --all-features --test conformance -- --ignored`.
#[test]
#[ignore = "long: thousands of games per preset"]
fn conformance_big() {
    let games = conformance::games_from_env(1_000);
    for (config, name, seats) in [
        (Config::STANDARD, "standard", &[2, 3, 4][..]),
        (Config::XP, "xp", &[5, 6]),
        (Config::SCHMIDT, "schmidt", &[2, 4]),
    ] {
        check(config, name, seats, games, 10_000);
    }
}
