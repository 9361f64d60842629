//! Differential test of `check_play`'s joker and Schmidt rules (RULES.md §1.6, §4.1 as
//! clarified) against a deliberately simple reference written here: it enumerates every
//! physical reading of a play — which old copy of each face (jokers included) lies where
//! on the new table, and which new-table tile, if any, was put in each old joker's place
//! — and judges each reading by the rules as written. A play is legal if some reading
//! is; the released jokers are the fewest of a legal reading. Positions are small and
//! crowded (numbers 1–6, both copies and both jokers in play) so that copies and jokers
//! collide often; they are seeded (ChaCha8), so the run is the same every time.

use std::collections::HashSet;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, JokerRole, Meld, MeldKind, Tile};
use rummykit_rummikub::{Config, JokerRelease, JokerReuse, ReplacementSource, TileCounts, check_play};

const TOP: u8 = 6;

// ---------------------------------------------------------------- positions

/// Every meld of the small universe: runs of 3–5 (naturals up to `TOP`, a joker may
/// stand for the number above) and groups of 3–4, with up to two jokers.
fn candidates() -> Vec<Meld<Tile>> {
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut push = |kind: MeldKind, faces: Vec<Tile>| {
        let mut key = faces.clone();
        if kind == MeldKind::Group {
            key.sort();
        }
        if let Ok(m) = Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES)
            && seen.insert((kind, key))
        {
            out.push(m);
        }
    };
    for colour in Colour::ALL {
        for start in 1..=TOP {
            for len in 3..=5u8 {
                let numbers: Vec<u8> = (start..start + len).collect();
                for mask in 0u32..1 << len {
                    if mask.count_ones() > 2 {
                        continue;
                    }
                    let faces: Option<Vec<Tile>> = numbers
                        .iter()
                        .enumerate()
                        .map(|(i, &n)| {
                            if mask & (1 << i) != 0 {
                                Some(Tile::JOKER)
                            } else if n <= TOP {
                                Tile::new(colour, n)
                            } else {
                                None
                            }
                        })
                        .collect();
                    if let Some(faces) = faces {
                        push(MeldKind::Run, faces);
                    }
                }
            }
        }
    }
    for n in 1..=TOP {
        for colours in 1u8..16 {
            let cs: Vec<Colour> =
                Colour::ALL.into_iter().filter(|c| colours & (1 << c.index()) != 0).collect();
            if cs.len() < 3 {
                continue;
            }
            for mask in 0u32..1 << cs.len() {
                if mask.count_ones() > 2 {
                    continue;
                }
                let faces = cs
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| if mask & (1 << i) != 0 { Tile::JOKER } else { Tile::new(c, n).unwrap() })
                    .collect();
                push(MeldKind::Group, faces);
            }
        }
    }
    out
}

fn fits(meld: &Meld<Tile>, counts: &TileCounts) -> bool {
    let need: TileCounts = meld.faces().iter().copied().collect();
    need.is_subset(counts)
}

fn take(meld: &Meld<Tile>, counts: &mut TileCounts) {
    for &t in meld.faces() {
        counts.remove(t);
    }
}

/// A random partition of exactly `tiles` into candidate melds, or `None`.
fn cover<R: Rng>(
    tiles: &TileCounts,
    cands: &[Meld<Tile>],
    rng: &mut R,
    budget: &mut u32,
) -> Option<Vec<Meld<Tile>>> {
    let Some(first) = tiles.iter().find(|t| !t.is_joker()).or_else(|| tiles.iter().next()) else {
        return Some(Vec::new());
    };
    let mut options: Vec<&Meld<Tile>> =
        cands.iter().filter(|m| m.faces().contains(&first) && fits(m, tiles)).collect();
    options.shuffle(rng);
    for m in options {
        if *budget == 0 {
            return None;
        }
        *budget -= 1;
        let mut left = *tiles;
        take(m, &mut left);
        if let Some(mut rest) = cover(&left, cands, rng, budget) {
            rest.push(*m);
            return Some(rest);
        }
    }
    None
}

struct Position {
    before: Vec<Meld<Tile>>,
    rack: TileCounts,
    after: Vec<Meld<Tile>>,
}

fn position<R: Rng>(cands: &[Meld<Tile>], rng: &mut R) -> Option<Position> {
    let mut bag = TileCounts::EMPTY;
    for c in Colour::ALL {
        for n in 1..=TOP {
            let t = Tile::new(c, n).unwrap();
            bag.add(t);
            bag.add(t);
        }
    }
    bag.add(Tile::JOKER);
    bag.add(Tile::JOKER);
    // The old table: 3–5 melds, jokers likely.
    let mut before = Vec::new();
    let want = rng.random_range(3..=5);
    let with_jokers: Vec<&Meld<Tile>> = cands.iter().filter(|m| m.jokers() > 0).collect();
    for i in 0..want * 4 {
        if before.len() == want {
            break;
        }
        let m =
            if i < 2 && rng.random_bool(0.7) { **with_jokers.choose(rng)? } else { *cands.choose(rng)? };
        if fits(&m, &bag) {
            take(&m, &mut bag);
            before.push(m);
        }
    }
    // The rack: 2–6 tiles of the rest.
    let mut rest = bag.to_vec();
    rest.shuffle(rng);
    let rack: TileCounts = rest.iter().take(rng.random_range(2..=6)).copied().collect();
    // The new table: some old melds kept, the rest and some rack tiles laid anew.
    let mut after = Vec::new();
    let mut pool = TileCounts::EMPTY;
    for m in &before {
        if rng.random_bool(0.4) {
            after.push(*m);
        } else {
            pool.extend(m.faces().iter().copied());
        }
    }
    let rack_tiles = rack.to_vec();
    let mut played = 0;
    for &t in &rack_tiles {
        if rng.random_bool(0.6) {
            pool.add(t);
            played += 1;
        }
    }
    if played == 0 {
        pool.add(*rack_tiles.choose(rng)?);
    }
    let mut budget = 400;
    let laid = cover(&pool, cands, rng, &mut budget)?;
    after.extend(laid);
    after.shuffle(rng);
    Some(Position { before, rack, after })
}

// ---------------------------------------------------------------- the reference

/// A tile on a table: meld, position, face.
type At = (usize, usize, Tile);

fn tiles_of(table: &[Meld<Tile>]) -> Vec<At> {
    table
        .iter()
        .enumerate()
        .flat_map(|(m, meld)| meld.faces().iter().enumerate().map(move |(p, &t)| (m, p, t)))
        .collect()
}

/// Every origin vector: for each new tile, the index of the old tile it is, or `None`
/// for a tile played from the rack.
fn origins(old: &[At], new: &[At]) -> Vec<Vec<Option<usize>>> {
    let mut played = [0i32; 53];
    for &(_, _, t) in new {
        played[t.index() as usize] += 1;
    }
    for &(_, _, t) in old {
        played[t.index() as usize] -= 1;
    }
    let mut out = Vec::new();
    let mut current = Vec::new();
    let mut used = vec![false; old.len()];
    fn go(
        i: usize,
        old: &[At],
        new: &[At],
        played: &mut [i32; 53],
        used: &mut Vec<bool>,
        current: &mut Vec<Option<usize>>,
        out: &mut Vec<Vec<Option<usize>>>,
    ) {
        if i == new.len() {
            out.push(current.clone());
            return;
        }
        let face = new[i].2;
        for (k, o) in old.iter().enumerate() {
            if !used[k] && o.2 == face {
                used[k] = true;
                current.push(Some(k));
                go(i + 1, old, new, played, used, current, out);
                current.pop();
                used[k] = false;
            }
        }
        if played[face.index() as usize] > 0 {
            played[face.index() as usize] -= 1;
            current.push(None);
            go(i + 1, old, new, played, used, current, out);
            current.pop();
            played[face.index() as usize] += 1;
        }
    }
    go(0, old, new, &mut played, &mut used, &mut current, &mut out);
    out
}

/// RULES §1.6: a joker still represents the tile it represented (or may, in a group
/// leaving it open); one that was open in a group of three stays put while in a group of
/// that number.
fn same_tile(old: JokerRole<Tile>, new: JokerRole<Tile>, new_kind: MeldKind) -> bool {
    match (old, new) {
        (JokerRole::Exactly(a), JokerRole::Exactly(b)) => a == b,
        (JokerRole::Exactly(a), JokerRole::OneOf { number, suits }) => {
            a.number() == Some(number) && suits & (1 << a.colour().unwrap().index()) != 0
        }
        (JokerRole::OneOf { number, .. }, JokerRole::Exactly(b)) => {
            new_kind == MeldKind::Group && b.number() == Some(number)
        }
        (JokerRole::OneOf { number: a, .. }, JokerRole::OneOf { number: b, .. }) => a == b,
    }
}

fn stands_for(role: JokerRole<Tile>, t: Tile) -> bool {
    match role {
        JokerRole::Exactly(a) => a == t,
        JokerRole::OneOf { number, suits } => {
            t.number() == Some(number) && t.colour().is_some_and(|c| suits & (1 << c.index()) != 0)
        }
    }
}

/// The fewest released jokers over the legal readings (`None` if no reading is legal),
/// and whether the readings disagreed (some legal, some not).
fn reference_counted(config: &Config, before: &[Meld<Tile>], after: &[Meld<Tile>]) -> (Option<u8>, bool) {
    let old = tiles_of(before);
    let new = tiles_of(after);
    let old_jokers: Vec<usize> = (0..old.len()).filter(|&k| old[k].2.is_joker()).collect();
    let mut best: Option<u8> = None;
    let mut some_illegal = false;
    for origin in origins(&old, &new) {
        // where each old tile went
        let mut went = vec![0usize; old.len()];
        for (i, o) in origin.iter().enumerate() {
            if let Some(k) = o {
                went[*k] = i;
            }
        }
        // every choice of exchange tiles: for each old joker, none or a new natural
        let mut choices: Vec<Vec<Option<usize>>> = vec![Vec::new()];
        for &k in &old_jokers {
            let role = before[old[k].0].joker_role(old[k].1).unwrap();
            let mut next = Vec::new();
            for c in &choices {
                next.push([c.clone(), vec![None]].concat());
                for (i, n) in new.iter().enumerate() {
                    if !n.2.is_joker() && stands_for(role, n.2) && !c.contains(&Some(i)) {
                        next.push([c.clone(), vec![Some(i)]].concat());
                    }
                }
            }
            choices = next;
        }
        for exchange in choices {
            match judge(config, before, after, &old, &new, &origin, &went, &old_jokers, &exchange) {
                Some(released) => best = Some(best.map_or(released, |b| b.min(released))),
                None => some_illegal = true,
            }
        }
    }
    (best, some_illegal && best.is_some())
}

#[allow(clippy::too_many_arguments)]
fn judge(
    config: &Config,
    before: &[Meld<Tile>],
    after: &[Meld<Tile>],
    old: &[At],
    new: &[At],
    origin: &[Option<usize>],
    went: &[usize],
    old_jokers: &[usize],
    exchange: &[Option<usize>],
) -> Option<u8> {
    let exchanged = |k: usize| old_jokers.iter().position(|&j| j == k).and_then(|x| exchange[x]);
    // the new meld each member of each old meld is in (an exchanged joker's place is
    // taken by its exchange tile)
    let members = |c: usize| -> Vec<usize> {
        (0..old.len())
            .filter(|&k| old[k].0 == c)
            .map(|k| match exchanged(k) {
                Some(i) => new[i].0,
                None => new[went[k]].0,
            })
            .collect()
    };
    let mut released = 0u8;
    for (x, &k) in old_jokers.iter().enumerate() {
        let (c, p, _) = old[k];
        let (m, q, _) = new[went[k]];
        let old_role = before[c].joker_role(p).unwrap();
        let new_role = after[m].joker_role(q).unwrap();
        let is_released = !same_tile(old_role, new_role, after[m].kind());
        released += u8::from(is_released);
        // §1.6 both colours for the joker of a group of three
        if config.group3_joker_needs_both
            && is_released
            && before[c].kind() == MeldKind::Group
            && before[c].len() == 3
            && before[c].jokers() == 1
        {
            let naturals: Vec<usize> = (0..old.len())
                .filter(|&j| old[j].0 == c && !old[j].2.is_joker())
                .map(|j| new[went[j]].0)
                .collect();
            let target = naturals[0];
            let colours = after[target].faces().iter().filter(|t| !t.is_joker()).count();
            if naturals.iter().any(|&d| d != target) || after[target].kind() != MeldKind::Group || colours < 4
            {
                return None;
            }
        }
        // §4.1 a joker on the table moves only when exchanged
        if config.joker_release == JokerRelease::ExactTile && exchange[x].is_none() {
            let split_off = before[c].kind() == MeldKind::Run
                && after[m].kind() == MeldKind::Run
                && matches!((old_role, new_role), (JokerRole::Exactly(a), JokerRole::Exactly(b)) if a == b);
            let with_its_meld = members(c).iter().filter(|&&d| d == m).count() >= 3;
            if !split_off && !with_its_meld {
                return None;
            }
        }
        // §1.6 RackOnly: the tile came from the rack
        if config.joker_replacement_source == ReplacementSource::RackOnly
            && (is_released || exchange[x].is_some())
            && exchange[x].is_none_or(|i| origin[i].is_some())
        {
            return None;
        }
        // §1.6 reuse
        if is_released {
            let others: Vec<bool> = (0..new.len())
                .filter(|&i| new[i].0 == m && i != went[k])
                .map(|i| origin[i].is_none())
                .collect();
            let ok = match config.joker_reuse {
                JokerReuse::SameTurnAnywhere => true,
                JokerReuse::WithRackTile => others.iter().any(|&r| r),
                JokerReuse::NewMeldWithTwoRackTiles => others.iter().all(|&r| r) && others.len() >= 2,
                _ => unreachable!(),
            };
            if !ok {
                return None;
            }
        }
    }
    for (c, meld) in before.iter().enumerate() {
        let dest = members(c);
        // §1.6 locked joker melds: extended only, jokers kept or exactly replaced
        if config.joker_melds_locked && meld.jokers() > 0 {
            let naturals: Vec<usize> = (0..old.len())
                .filter(|&j| old[j].0 == c && !old[j].2.is_joker())
                .map(|j| new[went[j]].0)
                .collect();
            let m = naturals[0];
            if naturals.iter().any(|&d| d != m)
                || after[m].kind() != meld.kind()
                || after[m].len() < meld.len()
            {
                return None;
            }
            if meld.kind() == MeldKind::Run {
                let start = after[m].value_at(0).unwrap();
                for p in 0..meld.len() {
                    let v = meld.value_at(p).unwrap();
                    let at = v.checked_sub(start).map(usize::from).filter(|&i| i < after[m].len())?;
                    let t = after[m].faces()[at];
                    if meld.faces()[p].is_joker()
                        && !(t.is_joker()
                            || Some(t) == Tile::new(Colour::ALL[meld.run_suit().unwrap() as usize], v))
                    {
                        return None;
                    }
                }
            }
        }
        // §4.1 keep-three
        if config.keep_three {
            let most = dest.iter().map(|&d| dest.iter().filter(|&&e| e == d).count()).max().unwrap_or(0);
            if most > 1 && most < 3.min(dest.len()) {
                return None;
            }
        }
    }
    Some(released)
}

// ---------------------------------------------------------------- the comparison

fn rule_sets() -> Vec<(&'static str, Config)> {
    let mut sets = vec![("standard", Config::STANDARD)];
    let mut r = Config::STANDARD;
    r.group3_joker_needs_both = true;
    sets.push(("group3_joker_needs_both", r));
    let mut r = Config::STANDARD;
    r.joker_replacement_source = ReplacementSource::RackOnly;
    sets.push(("RackOnly", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = JokerReuse::SameTurnAnywhere;
    sets.push(("SameTurnAnywhere", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = JokerReuse::SameTurnAnywhere;
    r.joker_replacement_source = ReplacementSource::RackOnly;
    sets.push(("SameTurnAnywhere RackOnly", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = JokerReuse::SameTurnAnywhere;
    r.group3_joker_needs_both = true;
    sets.push(("SameTurnAnywhere group3_joker_needs_both", r));
    let mut r = Config::STANDARD;
    r.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
    sets.push(("NewMeldWithTwoRackTiles", r));
    let mut r = Config::STANDARD;
    r.joker_melds_locked = true;
    sets.push(("joker_melds_locked", r));
    sets.push(("schmidt", Config::SCHMIDT));
    let mut r = Config::SCHMIDT;
    r.joker_replacement_source = ReplacementSource::RackOnly;
    sets.push(("schmidt RackOnly", r));
    let mut r = Config::SCHMIDT;
    r.joker_reuse = JokerReuse::WithRackTile;
    sets.push(("schmidt WithRackTile", r));
    sets
}

#[test]
fn check_play_agrees_with_the_physical_reference_s1_6_s4_1() {
    let cands = candidates();
    let sets = rule_sets();
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let mut positions = 0;
    let mut tally = vec![(0usize, 0usize, 0usize); sets.len()];
    while positions < 3_000 {
        let Some(pos) = position(&cands, &mut rng) else { continue };
        positions += 1;
        for (s, (name, config)) in sets.iter().enumerate() {
            let got = check_play(config, &pos.before, &pos.rack, true, &pos.after).map(|i| i.released_jokers);
            let (want, decided) = reference_counted(config, &pos.before, &pos.after);
            tally[s].2 += usize::from(decided);
            assert_eq!(
                got.as_ref().ok().copied(),
                want,
                "{name}: table {:?}, rack {}, proposed {:?}: check_play says {got:?}",
                pos.before.iter().map(ToString::to_string).collect::<Vec<_>>(),
                pos.rack,
                pos.after.iter().map(ToString::to_string).collect::<Vec<_>>(),
            );
            if want.is_some() { tally[s].0 += 1 } else { tally[s].1 += 1 }
        }
    }
    for ((name, _), (yes, no, decided)) in sets.iter().zip(&tally) {
        println!("{name}: {yes} accepted ({decided} by the reading chosen), {no} refused");
        if *name == "SameTurnAnywhere" {
            // With no other joker option nothing restricts a conserving play.
            assert_eq!(*no, 0, "{name}");
        } else {
            // Both verdicts well represented, and plays the reading decides, or the
            // comparison says little.
            assert!(
                *yes >= 100 && *no >= 100 && *decided >= 100,
                "{name}: {yes} accepted ({decided}), {no} refused"
            );
        }
    }
}
