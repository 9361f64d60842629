//! Helpers shared by the engine's integration tests: notation shortcuts and scripted
//! deals that put every remaining tile of the box in the pool or on the table.
#![allow(dead_code)]

use rummykit_core::{Colour, Game, Meld, MeldKind, Tile, parse_list};
use rummykit_rummikub::{Action, ActionError, Config, PlayError, Rummikub, Setup, TileCounts};

pub fn tiles(s: &str) -> Vec<Tile> {
    parse_list(s).expect("test notation")
}

pub fn tile(s: &str) -> Tile {
    s.parse().expect("test notation")
}

pub fn rack(s: &str) -> TileCounts {
    s.parse().expect("test notation")
}

pub fn run(s: &str) -> Meld<Tile> {
    Meld::new(MeldKind::Run, &tiles(s), &rummykit_rummikub::MELD_RULES).expect("test run")
}

pub fn group(s: &str) -> Meld<Tile> {
    Meld::new(MeldKind::Group, &tiles(s), &rummykit_rummikub::MELD_RULES).expect("test group")
}

/// Runs made of `left` (layer by layer per colour), jokers added where a run has room.
/// Panics if the leftover cannot be laid out (then the test picked awkward tiles).
pub fn leftover_table(left: &TileCounts) -> Vec<Meld<Tile>> {
    let mut segments: Vec<Vec<Tile>> = Vec::new();
    let mut jokers = left.jokers() as usize;
    for colour in Colour::ALL {
        let mut counts: Vec<u8> = (1..=13).map(|n| left.count(Tile::new(colour, n).expect("tile"))).collect();
        while counts.iter().any(|&c| c > 0) {
            let mut n = 0;
            while n < 13 {
                if counts[n] == 0 {
                    n += 1;
                    continue;
                }
                let start = n;
                while n < 13 && counts[n] > 0 {
                    counts[n] -= 1;
                    n += 1;
                }
                segments.push((start..n).map(|i| Tile::new(colour, i as u8 + 1).expect("tile")).collect());
            }
        }
    }
    for seg in &mut segments {
        while seg.len() < 3 {
            assert!(jokers > 0, "leftover segment {seg:?} too short for a run");
            jokers -= 1;
            if seg[seg.len() - 1].number() == Some(13) {
                seg.insert(0, Tile::JOKER)
            } else {
                seg.push(Tile::JOKER)
            }
        }
    }
    while jokers > 0 {
        let value_of = |seg: &Vec<Tile>| {
            let i = seg.iter().position(|t| !t.is_joker()).expect("natural");
            seg[i].number().expect("natural") as usize - i
        };
        if let Some(seg) = segments.iter_mut().find(|s| s.len() < 13) {
            if value_of(seg) + seg.len() <= 13 {
                seg.push(Tile::JOKER)
            } else {
                seg.insert(0, Tile::JOKER)
            }
            jokers -= 1;
        } else {
            let seg = segments.pop().expect("a run");
            let (a, b) = seg.split_at(6);
            segments.push(a.to_vec());
            segments.push(b.to_vec());
        }
    }
    segments
        .iter()
        .map(|s| Meld::new(MeldKind::Run, s, &rummykit_rummikub::MELD_RULES).expect("leftover run"))
        .collect()
}

/// A scripted game: `racks`, `table`, the pool starting with `pool` (draw order) and
/// then every other tile of the box; `opened` per seat; seat `to_move` first.
pub fn scripted(
    config: Config,
    racks: &[&str],
    table: Vec<Meld<Tile>>,
    pool: &str,
    opened: &[bool],
    to_move: usize,
) -> Rummikub {
    let mut setup = Setup::new(racks.iter().map(|r| rack(r)).collect());
    setup.table = table;
    setup.pool = tiles(pool);
    setup.opened = opened.to_vec();
    setup.to_move = to_move;
    setup.fill_pool(config.tile_set);
    Rummikub::from_setup(&config, setup).expect("valid scripted deal")
}

/// A scripted game with an empty pool: every tile not on a rack or in `table` is laid
/// out on the table as runs.
pub fn scripted_empty_pool(
    config: Config,
    racks: &[&str],
    mut table: Vec<Meld<Tile>>,
    opened: &[bool],
    to_move: usize,
) -> Rummikub {
    let mut placed = TileCounts::of_melds(&table);
    for r in racks {
        placed.add_all(&rack(r));
    }
    let left = TileCounts::full(&config.tile_set.catalog()).checked_sub(&placed).expect("tiles available");
    table.extend(leftover_table(&left));
    let mut setup = Setup::new(racks.iter().map(|r| rack(r)).collect());
    setup.table = table;
    setup.opened = opened.to_vec();
    setup.to_move = to_move;
    Rummikub::from_setup(&config, setup).expect("valid scripted deal")
}

/// The table after the turn: `keep` (old melds) plus `new`.
pub fn with(old: &[Meld<Tile>], new: &[Meld<Tile>]) -> Vec<Meld<Tile>> {
    old.iter().chain(new).copied().collect()
}

/// The error of a play refused by the turn's rules.
pub fn refused(e: PlayError) -> ActionError {
    ActionError::Play(e)
}

/// Every tile of the game: table, racks and pool.
pub fn census(game: &Rummikub) -> TileCounts {
    let mut all = TileCounts::of_melds(game.table());
    for s in 0..game.seats() {
        all.add_all(game.rack(s).expect("seat"));
    }
    all.extend(game.pool());
    all
}

/// Applies `action` for the seat to move, expects `expected`, and checks the game is
/// unchanged.
pub fn assert_rejected(game: &mut Rummikub, action: Action, expected: ActionError) {
    assert_rejected_for(game, game.to_move().unwrap_or_default(), action, expected);
}

/// Applies `action` for `seat`, expects `expected`, and checks the game is unchanged
/// with every tile still in it.
pub fn assert_rejected_for(game: &mut Rummikub, seat: usize, action: Action, expected: ActionError) {
    let before = game.clone();
    let tiles = census(game);
    assert_eq!(game.apply(seat, action), Err(expected));
    assert_eq!(*game, before, "a refused action changed the state");
    assert_eq!(census(game), tiles, "a refused action lost or duplicated a tile");
}

/// Applies a play and expects it to be accepted.
pub fn play(game: &mut Rummikub, table: Vec<Meld<Tile>>) {
    game.apply(game.to_move().unwrap_or_default(), Action::Play { table }).expect("play accepted");
}

/// Every answer for `view` is legal for it: its listing starts with the draw and holds
/// only plays `check_play` accepts, the random draw is one of them, and each bot (random,
/// greedy, thorough, sampler) answers with a legal action. `label` names the case.
pub fn assert_every_answer_legal(
    view: &rummykit_rummikub::View,
    rng: &mut rand_chacha::ChaCha8Rng,
    label: &str,
) {
    use rand::SeedableRng;
    use rummykit_core::{Bot, RandomBot};
    use rummykit_rummikub::{GreedyBot, SamplerBot, ThoroughBot, check_play};
    let legal = |action: &Action| match action {
        Action::Draw => true,
        Action::Play { table } => {
            check_play(&view.config, &view.table, &view.rack, view.own_opened(), table).is_ok()
        }
        _ => false,
    };
    let mut listed = Vec::new();
    Rummikub::legal_actions_from(view, &mut listed);
    assert_eq!(listed.first(), Some(&Action::Draw), "{label}");
    assert!(listed.iter().all(legal), "{label}");
    let drawn = Rummikub::random_action_from(view, rng).expect("an action");
    assert!(listed.contains(&drawn), "{label}");
    let mut bots: [Box<dyn Bot<Rummikub>>; 4] = [
        Box::new(RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(1))),
        Box::new(GreedyBot::new()),
        Box::new(ThoroughBot::new()),
        Box::new(SamplerBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(2))),
    ];
    for bot in &mut bots {
        let action = bot.act(view);
        assert!(legal(&action), "{} with {label}: {action:?}", bot.name());
    }
}
