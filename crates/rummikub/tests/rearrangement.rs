//! The play check on the readings of RULES.md §4.1 (Schmidt) and §1.6 (the joker
//! options) marked *Clarified*: Schmidt as joker exchanges followed by a rearrangement
//! that keeps three tiles of every old meld together, keep-three and the joker rules
//! over physical copies (a play is legal if some assignment of identical copies makes
//! it legal), `NewMeldWithTwoRackTiles` read literally, Schmidt's freed joker free to go
//! anywhere. Every refused play is also applied to a game, which must stay unchanged.

mod common;

use common::*;
use rummykit_core::{Game, Meld, Tile};
use rummykit_rummikub::{Action, ActionError, Config, JokerReuse, PlayError, ReplacementSource, check_play};

/// `check_play` for an opened player, and the same play applied to a game: accepted by
/// both or refused by both with the same error (the game then unchanged).
fn verdict(
    config: Config,
    table: &[Meld<Tile>],
    rack_tiles: &str,
    new: &[Meld<Tile>],
) -> Result<u8, PlayError> {
    let rack_counts = rack(rack_tiles);
    let result = check_play(&config, table, &rack_counts, true, new).map(|info| info.released_jokers);
    // The game needs a tile left on the rack, or the play would end it: add one no meld uses.
    let mut game =
        scripted(config, &[&format!("{rack_tiles} k13"), "y1"], table.to_vec(), "", &[true, true], 0);
    let before = game.clone();
    match game.apply(game.to_move().unwrap_or_default(), Action::Play { table: new.to_vec() }) {
        Ok(()) => assert!(result.is_ok(), "the game accepted what check_play refused: {result:?}"),
        Err(e) => {
            assert_eq!(Err(e), result.map(|_| ()).map_err(ActionError::Play));
            assert_eq!(game, before, "a refused play changed the game");
        }
    }
    result
}

// ---------------------------------------------------------------- the three reproductions

#[test]
fn rules_4_1_joker_exchanged_then_its_run_split() {
    // RULES §4.1 clarified: the b13 takes the joker's place, then the run is split with
    // three tiles (b8 b9 b10) and (b11 b12 b13) together; the joker goes elsewhere.
    let table = [run("b8 b9 b10 b11 b12 J"), run("k5 k6 k7")];
    let split = [run("b8 b9 b10"), run("b11 b12 b13"), run("k5 k6 k7 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "b13", &split), Ok(1));
    // The same exchange without the split was always accepted.
    let whole = [run("b8 b9 b10 b11 b12 b13"), run("k5 k6 k7 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "b13", &whole), Ok(1));
    // Without the tile it stood for, the joker may not leave (§4.1 joker rule).
    let taken = [run("b8 b9 b10 b11 b12"), run("k4 k5 k6 k7 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "k4", &taken), Err(PlayError::JokerNotReplaced { meld: 0 }));
}

#[test]
fn rules_4_1_joker_that_never_moves_is_not_moved() {
    // RULES §4.1 clarified: the joker stays in its group (now standing for b11 instead of
    // y11): b11 left with three staying, y11 joined.
    let table = [group("r11 b11 k11 J"), run("b8 b9 b10")];
    let new = [group("r11 y11 k11 J"), run("b8 b9 b10 b11")];
    assert!(verdict(Config::SCHMIDT, &table, "y11", &new).is_ok());
    // The joker leaving the group instead, with no y11 in its place, is refused.
    let left = [group("r11 b11 k11"), run("b7 b8 b9 b10 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "b7", &left), Err(PlayError::JokerNotReplaced { meld: 0 }));
}

#[test]
fn rules_4_1_keep_three_counts_physical_copies_not_faces() {
    // RULES §4.1 clarified (b): whichever b10 joined the group, its old run keeps only
    // two tiles together. Face counting accepted this.
    let table = [run("b10 b11 b12"), run("b8 b9 b10")];
    let new = [run("b8 b9 b10 b11 b12"), group("b10 k10 y10")];
    assert_eq!(
        verdict(Config::SCHMIDT, &table, "k10 y10", &new),
        Err(PlayError::KeepThreeViolated { meld: 1, together: 2 })
    );
    // Without keep-three it is a plain rearrangement.
    assert!(verdict(Config::STANDARD, &table, "k10 y10", &new).is_ok());
}

// ---------------------------------------------------------------- §4.1 readings

#[test]
fn rules_4_1_copy_assignment_decides_in_favour_of_the_player() {
    // Two b10s: the one of b7 b8 b9 b10 goes to the group (three stay), the one of
    // b10 b11 b12 stays. Read the other way round, b11 b12 would be left as two: the
    // player's reading counts.
    let table = [run("b10 b11 b12"), run("b7 b8 b9 b10")];
    let new = [run("b7 b8 b9"), run("b10 b11 b12"), group("b10 y10 k10")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "y10 k10", &new), Ok(0));
    // With the short run losing its b10 instead there is no good reading.
    let table = [run("b10 b11 b12"), run("b8 b9 b10")];
    let new = [run("b8 b9 b10"), run("b11 b12 b13"), group("b10 y10 k10")];
    assert_eq!(
        verdict(Config::SCHMIDT, &table, "b13 y10 k10", &new),
        Err(PlayError::KeepThreeViolated { meld: 0, together: 2 })
    );
}

#[test]
fn rules_4_1_tile_replacing_a_joker_counts_as_a_tile_of_its_meld() {
    // RULES §4.1 clarified (a): y5 takes the joker's place in r5 b5 J, so r5 b5 y5 are
    // three tiles of the old group together; the freed joker goes to a new run.
    let table = [group("r5 b5 J")];
    let new = [group("r5 b5 y5"), run("k7 k8 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "y5 k7 k8", &new), Ok(1));
    // The replacing tile may come from the table (RackOrTable): y5 leaves y5 y6 y7 y8,
    // whose three others stay together.
    let table = [group("r5 b5 J"), run("y5 y6 y7 y8")];
    let new = [group("r5 b5 y5"), run("y6 y7 y8"), run("k7 k8 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "k7 k8", &new), Ok(1));
    let mut rack_only = Config::SCHMIDT;
    rack_only.joker_replacement_source = ReplacementSource::RackOnly;
    assert_eq!(
        verdict(rack_only, &table, "k7 k8", &new),
        Err(PlayError::JokerReplacementNotFromRack { meld: 0 })
    );
}

#[test]
fn rules_4_1_freed_joker_goes_anywhere_and_schmidt_is_not_locked() {
    // RULES §4.1 clarified: the freed joker may go into any meld, here an old one with no
    // tile from the rack; and a joker meld may be split after the exchange.
    const { assert!(!Config::SCHMIDT.joker_melds_locked) };
    let table = [run("r2 r3 r4 J"), run("b7 b8 b9")];
    let new = [run("r2 r3 r4 r5"), run("b7 b8 b9 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "r5", &new), Ok(1));
    // Locked joker melds (§1.6) refuse the split of repro 1 that Schmidt accepts.
    let table = [run("b8 b9 b10 b11 b12 J"), run("k5 k6 k7")];
    let split = [run("b8 b9 b10"), run("b11 b12 b13"), run("k5 k6 k7 J")];
    let mut locked = Config::STANDARD;
    locked.joker_melds_locked = true;
    assert_eq!(verdict(locked, &table, "b13", &split), Err(PlayError::JokerMeldLocked { meld: 0 }));
}

#[test]
fn rules_4_1_joker_moved_into_a_group_without_its_tile_is_refused() {
    // The joker stood for r5 and may still stand for r5 in b5 y5 J, so §1.6 does not call
    // it released; but it left its run without the r5 taking its place (§4.1).
    let table = [run("r2 r3 r4 J")];
    let new = [run("r2 r3 r4"), group("b5 y5 J")];
    assert_eq!(verdict(Config::STANDARD, &table, "b5 y5", &new), Ok(0));
    assert_eq!(verdict(Config::SCHMIDT, &table, "b5 y5", &new), Err(PlayError::JokerNotReplaced { meld: 0 }));
}

#[test]
fn rules_4_1_joker_split_off_at_its_own_number_has_not_moved() {
    // Splitting a run never moves its jokers: r1 r2 r3 r4 | J, and r6 r7 laid on.
    let table = [run("r1 r2 r3 r4 J")];
    let new = [run("r1 r2 r3 r4"), run("J r6 r7")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "r6 r7", &new), Ok(0));
    // The Schmidt booklet's split example with a joker: b2 b3 b4 b5 J + own b4.
    let table = [run("b2 b3 b4 b5 J")];
    let new = [run("b2 b3 b4"), run("b4 b5 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "b4", &new), Ok(0));
}

#[test]
fn rules_4_1_exchange_tile_may_move_on_like_any_tile_of_the_meld() {
    // Exchanges, then a rearrangement: after r6 replaced the joker, r3 r4 r5 r6 may give
    // up its r6 like any meld of four (three stay). Read literally, as RULES §4.1 says.
    let table = [run("r3 r4 r5 J")];
    let new = [run("r3 r4 r5"), group("r6 y6 k6"), run("b1 b2 J")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "r6 y6 k6 b1 b2", &new), Ok(1));
    // From a meld of three the exchange tile may not move on: r4 r5 would be left as two
    // (and without the exchange the joker left without its tile).
    let table = [run("r4 r5 J")];
    let new = [run("r3 r4 r5"), group("r6 y6 k6"), run("b1 b2 J")];
    assert_eq!(
        verdict(Config::SCHMIDT, &table, "r3 r6 y6 k6 b1 b2", &new),
        Err(PlayError::JokerNotReplaced { meld: 0 })
    );
    assert_eq!(verdict(Config::STANDARD, &table, "r3 r6 y6 k6 b1 b2", &new), Ok(1));
}

#[test]
fn rules_4_1_exchange_tile_borrowed_from_the_table_may_go_back() {
    // Read literally, with the tile from the table allowed (RackOrTable): k2 leaves
    // r2 b2 k2 for the joker's place in J k3 k4 k5, the joker goes to y7 y8, and the k2
    // goes back to its group — both old melds keep three together, so the play stands.
    let table = [run("J k3 k4 k5"), group("r2 b2 k2")];
    let new = [run("k3 k4 k5"), group("r2 b2 k2"), run("J y7 y8")];
    assert_eq!(verdict(Config::SCHMIDT, &table, "y7 y8", &new), Ok(1));
    let mut rack_only = Config::SCHMIDT;
    rack_only.joker_replacement_source = ReplacementSource::RackOnly;
    assert_eq!(
        verdict(rack_only, &table, "y7 y8", &new),
        Err(PlayError::JokerReplacementNotFromRack { meld: 0 })
    );
}

// ---------------------------------------------------------------- §1.6 readings

#[test]
fn rules_1_6_two_rack_tiles_means_a_meld_of_rack_tiles_only() {
    // RULES §1.6 clarified: the released joker ends in a meld whose other tiles were all
    // played from the rack this turn.
    let mut config = Config::STANDARD;
    config.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
    let table = [run("r3 r4 J"), run("b7 b8 b9 b10")];
    let with_table_tile = [run("r3 r4 r5"), run("b7 b8 b9"), group("b10 y10 k10 J")];
    assert_eq!(
        verdict(config, &table, "r5 y10 k10", &with_table_tile),
        Err(PlayError::JokerNotReused { meld: 2 })
    );
    assert_eq!(verdict(Config::STANDARD, &table, "r5 y10 k10", &with_table_tile), Ok(1));
    let rack_only = [run("r3 r4 r5"), run("b7 b8 b9 b10"), group("y10 k10 J")];
    assert_eq!(verdict(config, &table, "r5 y10 k10", &rack_only), Ok(1));
    // A second copy of a table face counts as the rack's: b10 is on the table and on
    // the rack, and the one beside the joker is the rack's.
    let table = [run("r3 r4 J"), run("b8 b9 b10")];
    let twin = [run("r3 r4 r5"), run("b8 b9 b10"), group("b10 y10 J")];
    assert_eq!(verdict(config, &table, "r5 b10 y10", &twin), Ok(1));
}

#[test]
fn rules_1_6_one_rack_copy_is_not_counted_for_two_jokers() {
    // Two jokers released into two groups whose only candidate rack tile is an r5 each;
    // one r5 came from the rack, the other from r5 r6 r7 r8. One joker meld has no rack
    // tile under every assignment (face counting accepted this).
    let table =
        [run("k1 k2 k3 J"), run("b1 b2 b3 J"), run("r5 r6 r7 r8"), run("y5 y6 y7 y8"), run("b5 b6 b7 b8")];
    let new = [
        run("k1 k2 k3 k4"),
        run("b1 b2 b3 b4"),
        run("r6 r7 r8"),
        run("y6 y7 y8"),
        run("b6 b7 b8"),
        group("r5 b5 J"),
        group("r5 y5 J"),
    ];
    assert!(matches!(
        verdict(Config::STANDARD, &table, "k4 b4 r5", &new),
        Err(PlayError::JokerNotReused { .. })
    ));
    let mut anywhere = Config::STANDARD;
    anywhere.joker_reuse = JokerReuse::SameTurnAnywhere;
    assert_eq!(verdict(anywhere, &table, "k4 b4 r5", &new), Ok(2));
}
