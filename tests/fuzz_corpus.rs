//! Runs every cargo-fuzz target body over its committed corpus (`fuzz/corpus/<target>/`)
//! on the stable toolchain: the corpora, with every crash the fuzzers ever found, are a
//! regression suite that needs no nightly and no libFuzzer. See `docs/design/fuzzing.md`.

#[allow(dead_code, unreachable_pub, clippy::all)]
#[path = "../fuzz/src/lib.rs"]
mod bodies;

use std::path::Path;

/// Calls `body` on every file of `fuzz/corpus/<target>` and returns how many there were.
fn run_corpus(target: &str, body: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz").join("corpus").join(target);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("corpus {} is missing: {e}", dir.display()))
        .map(|entry| entry.expect("readable corpus entry").path())
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    for file in &files {
        let data = std::fs::read(file).expect("readable corpus file");
        let outcome = std::panic::catch_unwind(|| body(&data));
        assert!(outcome.is_ok(), "fuzz target `{target}` fails on {}", file.display());
    }
    assert!(!files.is_empty(), "corpus {} is empty", dir.display());
    files.len()
}

macro_rules! corpus_test {
    ($($(#[$attr:meta])* $name:ident),* $(,)?) => {$(
        $(#[$attr])*
        #[test]
        fn $name() {
            let n = run_corpus(stringify!($name), bodies::$name);
            println!("{}: {n} corpus inputs", stringify!($name));
        }
    )*};
}

corpus_test!(
    notation,
    meld,
    rummikub_play,
    solver,
    state_json,
    rummy40_actions,
    classic_actions,
    save_edits,
    match_record,
    solve_turn,
    deal,
    staging,
    hand_loop,
    rummikub_loop,
    match_save,
    match_history,
);
