//! RULES.md §1.5 with manipulation in the turn of the initial meld: the value of a
//! play toward the threshold is that of the best set of new melds made only of the
//! tiles played from the rack. `check_play` must find that best set exactly however many
//! new-table melds could be such melds (twins of old melds, melds sharing tiles), or
//! it refuses legal plays. Checked against a plain exhaustive search over subsets.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Colour, Meld, MeldKind, Tile, parse_list};
use rummykit_rummikub::{Config, InitialJokerValue, PlayError, TileCounts, TileSet, check_play};

fn meld(kind: MeldKind, faces: &str) -> Meld<Tile> {
    Meld::new(kind, &parse_list::<Tile>(faces).unwrap(), &rummykit_rummikub::MELD_RULES).unwrap()
}

/// What a meld counts toward the initial meld, from RULES.md §1.5 directly.
fn worth(meld: &Meld<Tile>, jokers: InitialJokerValue) -> u32 {
    meld.faces()
        .iter()
        .zip(meld.numbers())
        .filter(|(t, _)| jokers == InitialJokerValue::Represented || !t.is_joker())
        .map(|(_, n)| u32::from(n))
        .sum()
}

/// The best value of a subset of `melds` whose tiles, together, the played tiles hold:
/// every subset tried (a meld is skipped or, when its tiles are still there, taken).
fn brute_force(melds: &[Meld<Tile>], left: &mut [u8; 53], jokers: InitialJokerValue) -> u32 {
    let Some((first, rest)) = melds.split_first() else { return 0 };
    let skip = brute_force(rest, left, jokers);
    let mut need = [0u8; 53];
    first.faces().iter().for_each(|t| need[t.index() as usize] += 1);
    if (0..53).any(|i| need[i] > left[i]) {
        return skip;
    }
    (0..53).for_each(|i| left[i] -= need[i]);
    let take = worth(first, jokers) + brute_force(rest, left, jokers);
    (0..53).for_each(|i| left[i] += need[i]);
    skip.max(take)
}

/// A greedy pick (in table order) takes the group of 3s first, which blocks the three
/// runs worth 36 together; 22 melds of played tiles are on the table.
#[test]
fn rules_1_5_own_melds_value_exact_where_greedy_refused_a_legal_play() {
    let run = |s: &str| meld(MeldKind::Run, s);
    let twins = [
        "y1 y2 y3",
        "y4 y5 y6",
        "y7 y8 y9",
        "y10 y11 y12",
        "r7 r8 r9",
        "b7 b8 b9",
        "k7 k8 k9",
        "r10 r11 r12",
        "b10 b11 b12",
    ];
    let mut table_before = vec![meld(MeldKind::Group, "r3 b3 k3")];
    table_before.extend(twins.iter().map(|s| run(s)));
    let mut new_table = table_before.clone();
    new_table.extend([run("r3 r4 r5"), run("b3 b4 b5"), run("k3 k4 k5")]);
    new_table.extend(twins.iter().map(|s| run(s)));
    let mut rack: TileCounts = "r3 r4 r5 b3 b4 b5 k3 k4 k5 r1".parse().unwrap();
    twins.iter().for_each(|s| rack.extend(parse_list::<Tile>(s).unwrap()));
    let twins_worth: u32 = twins.iter().map(|s| worth(&run(s), InitialJokerValue::Represented)).sum();
    let best = 36 + twins_worth;
    let config =
        Config::STANDARD.with_manipulate_on_initial_meld_turn(true).with_initial_meld_threshold(best);
    let info = check_play(&config, &table_before, &rack, false, &new_table).expect("the best set reaches it");
    assert_eq!(info.initial_meld, Some(best));
    let above = config.with_initial_meld_threshold(best + 1);
    assert_eq!(
        check_play(&above, &table_before, &rack, false, &new_table),
        Err(PlayError::InitialMeldBelowThreshold { needed: best + 1, got: best })
    );
}

/// A random run or group, sometimes with a joker.
fn random_meld(rng: &mut ChaCha8Rng) -> Option<Meld<Tile>> {
    let (kind, mut faces): (MeldKind, Vec<Tile>) = if rng.random_bool(0.5) {
        let len = rng.random_range(3..=5u8);
        let start = rng.random_range(1..=14 - len);
        let colour = Colour::ALL[rng.random_range(0..4)];
        (MeldKind::Run, (start..start + len).filter_map(|n| Tile::new(colour, n)).collect())
    } else {
        let number = rng.random_range(1..=13u8);
        let mut colours = Colour::ALL;
        colours.shuffle(rng);
        let size = rng.random_range(3..=4);
        (MeldKind::Group, colours[..size].iter().filter_map(|&c| Tile::new(c, number)).collect())
    };
    if rng.random_bool(0.2) {
        let at = rng.random_range(0..faces.len());
        faces[at] = Tile::JOKER;
    }
    Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok()
}

/// Random positions where many new-table melds (old melds kept, their twins and melds
/// sharing tiles) are made of played tiles: `check_play`'s value equals the brute force,
/// the play passes at that threshold and fails one above it.
#[test]
fn rules_1_5_own_melds_value_equals_exhaustive_subset_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0015);
    let (mut cases, mut past_twenty) = (0, 0);
    for case in 0..120 {
        let tile_set = if case % 2 == 0 { TileSet::Standard106 } else { TileSet::Xp160 };
        let jokers = if case / 2 % 2 == 0 { InitialJokerValue::Represented } else { InitialJokerValue::Zero };
        let catalog = tile_set.catalog();
        let mut there = [0u8; 53];
        let mut played = [0u8; 53];
        let room = |there: &[u8; 53], m: &Meld<Tile>| {
            let mut after = *there;
            m.faces().iter().for_each(|t| after[t.index() as usize] += 1);
            Tile::all().all(|t| after[t.index() as usize] <= catalog.count_of(t))
        };
        let mut new_table = Vec::new();
        let mut table_before = Vec::new();
        for _ in 0..rng.random_range(12..=18) {
            if let Some(m) = random_meld(&mut rng).filter(|m| room(&there, m)) {
                m.faces().iter().for_each(|t| {
                    there[t.index() as usize] += 1;
                    played[t.index() as usize] += 1;
                });
                new_table.push(m);
            }
        }
        let fits = |m: &Meld<Tile>| {
            let mut need = [0u8; 53];
            m.faces().iter().for_each(|t| need[t.index() as usize] += 1);
            (0..53).all(|i| need[i] <= played[i])
        };
        // Old melds of played faces, kept on the table: every natural run of 3 to 5
        // and group of 3 or 4 the played tiles hold, in random order, while there is room.
        let mut of_played: Vec<Meld<Tile>> = Vec::new();
        for colour in Colour::ALL {
            for start in 1..=11u8 {
                for len in 3..=5u8.min(14 - start) {
                    let faces: Vec<Tile> =
                        (start..start + len).filter_map(|n| Tile::new(colour, n)).collect();
                    of_played.push(Meld::new(MeldKind::Run, &faces, &rummykit_rummikub::MELD_RULES).unwrap());
                }
            }
        }
        for number in 1..=13u8 {
            for mask in 0..16u32 {
                let faces: Vec<Tile> = (0..4)
                    .filter(|i| mask & (1 << i) != 0)
                    .filter_map(|i| Tile::new(Colour::ALL[i], number))
                    .collect();
                if let Ok(m) = Meld::new(MeldKind::Group, &faces, &rummykit_rummikub::MELD_RULES) {
                    of_played.push(m);
                }
            }
        }
        of_played.retain(|m| fits(m));
        of_played.shuffle(&mut rng);
        for m in of_played {
            if new_table.iter().filter(|m| fits(m)).count() >= 28 {
                break;
            }
            if room(&there, &m) {
                m.faces().iter().for_each(|t| there[t.index() as usize] += 1);
                table_before.push(m);
                new_table.push(m);
            }
        }
        new_table.shuffle(&mut rng);
        let rack: TileCounts = Tile::all()
            .flat_map(|t| std::iter::repeat_n(t, usize::from(played[t.index() as usize])))
            .chain(std::iter::once(Tile::new(Colour::Red, 13).unwrap()))
            .collect();
        let candidates: Vec<Meld<Tile>> = new_table.iter().copied().filter(|m| fits(m)).collect();
        past_twenty += usize::from(candidates.len() > 20);
        let best = brute_force(&candidates, &mut played.clone(), jokers);
        let config = Config::STANDARD
            .with_tile_set(tile_set)
            .with_joker_value_in_initial_meld(jokers)
            .with_manipulate_on_initial_meld_turn(true)
            .with_initial_meld_threshold(best);
        let info = check_play(&config, &table_before, &rack, false, &new_table)
            .unwrap_or_else(|e| panic!("case {case}: {e:?}"));
        assert_eq!(info.initial_meld, Some(best), "case {case}");
        let above = config.with_initial_meld_threshold(best + 1);
        assert_eq!(
            check_play(&above, &table_before, &rack, false, &new_table),
            Err(PlayError::InitialMeldBelowThreshold { needed: best + 1, got: best }),
            "case {case}"
        );
        cases += 1;
    }
    assert_eq!(cases, 120);
    assert!(past_twenty >= 36, "only {past_twenty} positions with more than 20 melds of played tiles");
}
