//! The `simulate` tool and engine: the same seed gives the same summary whatever the
//! thread count, for every game; wins and means add up; bad options are refused naming
//! the flag, before anything is allocated per seat, game or thread.

use rummykit::Variant;
use rummykit_terminal::{PlayError, SimOptions, UsageError, cli, simulate};

fn options(game: Variant, bots: &[&str], games: usize) -> SimOptions {
    let mut o = SimOptions::new(game, bots.iter().map(|b| (*b).to_owned()).collect(), games);
    o.players = 2;
    o.seed = 99;
    o
}

/// Runs the `simulate` tool; (status, stdout, stderr).
fn simulate_tool(args: &[&str]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = cli::simulate(args.iter().map(Into::into), &mut out, &mut err, false);
    (status, String::from_utf8(out).expect("UTF-8"), String::from_utf8(err).expect("UTF-8"))
}

#[test]
fn same_seed_same_summary_on_any_thread_count() {
    for (game, games) in [
        (Variant::Rummikub, 4),
        (Variant::Schmidt, 4),
        (Variant::Classic, 40),
        (Variant::Rummy40, 20),
        (Variant::Scala40, 20),
    ] {
        let mut o = options(game, &["random", "greedy"], games);
        let mut calls = 0;
        let one = simulate(&o, |_| calls += 1).expect("bots play legally");
        assert!(calls >= 1, "progress is reported");
        o.threads = 3;
        assert_eq!(simulate(&o, |_| {}).unwrap(), one, "{game}");
        assert_eq!(one.games, games);
        let wins: usize = one.bots.iter().map(|b| b.wins).sum();
        if matches!(game, Variant::Rummikub | Variant::Schmidt) {
            // RULES.md §1.8 (b): a tie at an empty pool is a win for every tied seat.
            assert!(wins >= games - one.void_games, "{game}: every game has a winner or is void");
        } else {
            // RULES.md §2.5, §3.7: one player goes out, or the hand is void.
            assert_eq!(wins + one.void_games, games, "{game}: every game has one winner or is void");
        }
        assert!(one.bots.iter().all(|b| b.score.low <= b.score.mean && b.score.mean <= b.score.high));
        assert!(one.table().contains("95% interval"));
        o.seed = 100;
        assert_ne!(simulate(&o, |_| {}).unwrap(), one, "{game}: another seed, other games");
    }
}

#[test]
fn repeated_kinds_are_numbered_and_unknown_bots_refused() {
    let s = simulate(&options(Variant::Classic, &["random"], 4), |_| {}).unwrap();
    let names: Vec<&str> = s.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["random #1", "random #2"]);
    let err = simulate(&options(Variant::Rummy40, &["oracle"], 4), |_| {}).unwrap_err();
    assert!(matches!(err, PlayError::Usage(UsageError::Bot { .. })), "{err}");
    assert!(err.to_string().contains("rummy40 has no `oracle` bot"), "{err}");
    let err = simulate(&options(Variant::Rummikub, &[], 4), |_| {}).unwrap_err();
    assert!(matches!(err, PlayError::Usage(UsageError::NoBots)), "{err}");
    // An empty kind through the library reads as it does on the command line.
    let err = simulate(&options(Variant::Classic, &["random", " "], 4), |_| {}).unwrap_err();
    assert!(matches!(err, PlayError::Usage(UsageError::EmptyBot { .. })), "{err}");
    assert!(err.to_string().contains("--bots: `random, ` names an empty bot kind"), "{err}");
}

#[test]
fn help_goes_to_stdout_with_status_0() {
    let (status, out, err) = simulate_tool(&["--help"]);
    assert_eq!(status, cli::SUCCESS);
    assert!(out.starts_with("usage: simulate"), "{out}");
    assert!(err.is_empty());
}

#[test]
fn every_bad_value_is_refused_naming_its_flag_with_status_2() {
    for (args, message) in [
        (&["--threads", "0"][..], "--threads must be a whole number from 1 to 1024, not 0"),
        (&["--games", "0"], "--games must be a whole number from 1 to 100000000, not 0"),
        (&["--games=1000000000000"], "--games must be a whole number from 1 to 100000000, not 1000000000000"),
        (&["--players", "0"], "--players: rummikub takes 2 to 4 players, not 0"),
        (&["--players", "1000000"], "not 1000000"),
        (&["--players", "18446744073709551615"], "not 18446744073709551615"),
        (&["--game", "classic", "--bots", "random,sampler"], "--bots: classic has no `sampler` bot"),
        (&["--bots", "random,,greedy"], "--bots: `random,,greedy` names an empty bot kind"),
        (&["--bots", "random,"], "--bots: `random,` names an empty bot kind"),
        (&["--bots", ""], "--bots: name at least one bot kind"),
        (&["--games", "-1"], "--games must be a whole number from 1 to 100000000, not -1"),
        (&["--games="], "--games: `` is not a whole number"),
        (&["--threads", "-1"], "--threads must be a whole number from 1 to 1024, not -1"),
        (
            &["--threads", "99999999999999999999"],
            "--threads must be a whole number from 1 to 1024, not 99999999999999999999",
        ),
        (&["--players", "-1"], "--players: rummikub takes 2 to 4 players, not -1"),
        (&["--players="], "--players: `` is not a whole number"),
        (&["--game", "poker"], "--game: `poker` is not a game"),
        (&["--seed", "-1"], "--seed"),
        (&["--json=1"], "--json"),
    ] {
        let (status, out, err) = simulate_tool(args);
        assert_eq!(status, cli::USAGE, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains(message), "{args:?}: {err:?} lacks {message:?}");
    }
}

#[test]
fn the_tool_prints_a_table_or_json_with_right_plurals() {
    let (status, out, err) =
        simulate_tool(&["--game=classic", "--players", "2", "--games", "1", "--threads=1", "--seed", "3"]);
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.starts_with("classic: 1 game of 2 players, seed 3, 1 thread,"), "{out}");
    let (status, out, _) = simulate_tool(&["--game", "rummy40", "--players", "3", "--games", "4", "--json"]);
    assert_eq!(status, cli::SUCCESS);
    let value: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    assert_eq!(value["games"], 4);
    assert_eq!(value["bots"].as_array().map(Vec::len), Some(3));
}
