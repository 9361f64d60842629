//! Property: whatever a UI does with a [`Staging`] (RULES.md §1.3 "Working" state), no
//! tile is lost or duplicated, refused steps change nothing, a commit either applies a
//! legal play or leaves the game unchanged, and the live verdict says what the commit
//! then does (default and Schmidt rules, §4.1).

use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Game, MeldKind, Seating};
use rummykit_rummikub::{Config, Rummikub, Staging, TileCounts};

fn staged_tiles(stage: &Staging) -> TileCounts {
    let mut all = *stage.rack();
    for m in stage.melds() {
        all.extend(m.tiles().iter().copied());
    }
    all
}

/// Places the `skip`-th valid three-tile meld found on the rack as a new meld, if any.
fn place_some_meld(stage: &mut Staging, skip: usize) -> Result<(), rummykit_rummikub::StagingError> {
    let rack = stage.rack().to_vec();
    let mut found = Vec::new();
    for i in 0..rack.len() {
        for j in i + 1..rack.len() {
            for k in j + 1..rack.len() {
                let faces = [rack[i], rack[j], rack[k]];
                if rummykit_core::Meld::infer(&faces, &rummykit_rummikub::MELD_RULES).is_ok() {
                    found.push(faces);
                }
            }
        }
    }
    if let Some(faces) = found.get(skip % found.len().max(1)) {
        let m = stage.new_meld(None);
        for (pos, &t) in faces.iter().enumerate() {
            stage.place(t, m, pos)?;
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn staging_conserves_tiles_and_commits_safely(
        seed in any::<u64>(),
        ops in proptest::collection::vec((0u8..8, any::<u8>(), any::<u8>(), any::<u8>(), any::<u8>()), 0..80),
    ) {
        let mut config = if seed % 2 == 0 { Config::STANDARD } else { Config::SCHMIDT };
        config.initial_meld_threshold = 0; // let plays through often
        let mut game = Rummikub::deal(&config, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(seed)).unwrap();
        // A few turns so the table has melds: each seat stages a random play or draws.
        for (k, chunk) in ops.chunks(20).enumerate() {
            let Some(seat) = game.to_move() else { break };
            let mut stage = Staging::new(&game).unwrap();
            let start = staged_tiles(&stage);
            let mut expected = *game.rack(seat).unwrap();
            expected.add_all(&TileCounts::of_melds(game.table()));
            prop_assert_eq!(start, expected);
            for &(op, a, b, c, d) in chunk {
                let before = stage.clone();
                let melds = stage.melds().len().max(1);
                let result = match op {
                    0 => {
                        let rack = stage.rack().to_vec();
                        if rack.is_empty() { continue }
                        let tile = rack[a as usize % rack.len()];
                        let meld = b as usize % (stage.melds().len() + 1);
                        let meld = if meld == stage.melds().len() {
                            stage.new_meld(if c % 3 == 0 { Some(MeldKind::Group) } else { None })
                        } else { meld };
                        let pos = d as usize % (stage.melds()[meld].tiles().len() + 1);
                        stage.place(tile, meld, pos).map(|_| ())
                    }
                    1 => stage.move_tile((a as usize % melds, b as usize % 14), (c as usize % melds, d as usize % 14)),
                    2 => stage.take_back(a as usize % melds, b as usize % 14).map(|_| ()),
                    3 => { stage.reset(); Ok(()) }
                    4 => stage.set_kind(a as usize % melds, None),
                    5 => stage.place(rummykit_core::Tile::JOKER, 99, 0).map(|_| ()),
                    _ => place_some_meld(&mut stage, a as usize),
                };
                if result.is_err() {
                    prop_assert_eq!(&stage, &before, "a refused step changed the staging");
                }
                prop_assert_eq!(staged_tiles(&stage), start, "tiles lost or duplicated while staging");
            }
            let before = game.clone();
            let verdict = stage.verdict();
            let committed = stage.commit(&mut game);
            prop_assert_eq!(verdict.map(|_| ()), committed, "the live verdict and the commit disagree");
            match committed {
                Ok(()) => {
                    prop_assert!(game.turn() == before.turn() + 1);
                    let mut now = *game.rack(seat).unwrap();
                    now.add_all(&TileCounts::of_melds(game.table()));
                    prop_assert_eq!(now, start);
                }
                Err(_) => {
                    prop_assert_eq!(&game, &before, "a refused commit changed the game");
                    if k % 2 == 0 && !stage.is_changed() {
                        stage.draw(&mut game).unwrap();
                    } else {
                        stage.reset();
                        stage.draw(&mut game).unwrap();
                    }
                }
            }
        }
    }
}
