//! The `simulate` engine: the same seed gives the same summary whatever the
//! thread count, for every game; wins and means add up.

use rummykit::terminal::{GameChoice, PlayError, SimOptions, simulate};

fn options(game: GameChoice, bots: &[&str], games: usize) -> SimOptions {
    let mut o = SimOptions::new(game, bots.iter().map(|b| (*b).to_owned()).collect(), games);
    o.players = 2;
    o.seed = 99;
    o
}

#[test]
fn same_seed_same_summary_on_any_thread_count() {
    for (game, games) in [
        (GameChoice::Rummikub, 4),
        (GameChoice::Schmidt, 4),
        (GameChoice::Classic, 40),
        (GameChoice::Rummy40, 20),
        (GameChoice::Scala40, 20),
    ] {
        let mut o = options(game, &["random", "greedy"], games);
        let mut calls = 0;
        let one = simulate(&o, |_| calls += 1).expect("bots play legally");
        assert!(calls >= 1, "progress is reported");
        o.threads = 3;
        assert_eq!(simulate(&o, |_| {}).unwrap(), one, "{game}");
        assert_eq!(one.games, games);
        let wins: usize = one.bots.iter().map(|b| b.wins).sum();
        assert_eq!(wins + one.void_games, games, "{game}: every game has one winner or is void");
        assert!(one.bots.iter().all(|b| b.score.low <= b.score.mean && b.score.mean <= b.score.high));
        assert!(one.table().contains("95% interval"));
        o.seed = 100;
        assert_ne!(simulate(&o, |_| {}).unwrap(), one, "{game}: another seed, other games");
    }
}

#[test]
fn repeated_kinds_are_numbered_and_unknown_bots_refused() {
    let s = simulate(&options(GameChoice::Classic, &["random"], 4), |_| {}).unwrap();
    let names: Vec<&str> = s.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["random #1", "random #2"]);
    let err = simulate(&options(GameChoice::Rummy40, &["oracle"], 4), |_| {}).unwrap_err();
    assert!(matches!(err, PlayError::Options(ref m) if m.contains("unknown bot `oracle`")), "{err}");
    let err = simulate(&options(GameChoice::Rummikub, &[], 4), |_| {}).unwrap_err();
    assert!(matches!(err, PlayError::Options(_)));
}
