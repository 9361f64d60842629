//! What the root's tests share: the repository's files a user reads, and bots playing
//! a match's hand.
#![allow(dead_code)]

use std::fs;
use std::path::PathBuf;

use rummykit::{AnyGame, Bot, Game, Match};

/// Bots by match seat.
pub type Bots = [Box<dyn Bot<AnyGame> + Send>];

/// Plays `hand`, the pending hand of `m`, to its end: each mover acts as the bot of its
/// match seat chooses, and every action must be legal. Returns the actions played.
pub fn play_out(m: &mut Match<AnyGame>, hand: &mut AnyGame, bots: &mut Bots) -> usize {
    play_out_with(m, hand, bots, |_, _, _| {})
}

/// [`play_out`], calling `after(m, hand, actions)` after every action (to save the match
/// and the hand and read them back, say).
pub fn play_out_with(
    m: &mut Match<AnyGame>,
    hand: &mut AnyGame,
    bots: &mut Bots,
    mut after: impl FnMut(&mut Match<AnyGame>, &mut AnyGame, usize),
) -> usize {
    let mut actions = 0;
    while let Some(seat) = hand.to_move() {
        let player = m.match_seat(seat).expect("a seat in play");
        let action = bots[player].act(&hand.view(seat));
        hand.apply(seat, action).expect("bots play legally");
        actions += 1;
        assert!(actions < 100_000, "the hand ends");
        after(m, hand, actions);
    }
    actions
}

/// The repository's root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `README.md`, `CHANGELOG.md`, `Cargo.toml` and every file below `dirs`, sorted;
/// build output, fuzz corpora and hidden folders below them are skipped.
pub fn repo_files(dirs: &[&str]) -> Vec<PathBuf> {
    const SKIP: &[&str] = &["target", "corpus", "artifacts", "coverage"];
    let mut files: Vec<PathBuf> =
        ["README.md", "CHANGELOG.md", "Cargo.toml"].iter().map(|f| root().join(f)).collect();
    let mut todo: Vec<PathBuf> = dirs.iter().map(|d| root().join(d)).collect();
    while let Some(dir) = todo.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("directory entry").path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if !path.is_dir() {
                files.push(path);
            } else if !SKIP.contains(&name) && !name.starts_with('.') {
                todo.push(path);
            }
        }
    }
    files.sort();
    files
}
