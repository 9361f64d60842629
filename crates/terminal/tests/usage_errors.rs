//! Every `UsageError` a caller can reach through `Options::parse`, `Options::check`,
//! `run` and `simulate` comes back as that exact variant, with the flag and the value
//! given (the command-line tools print these; their texts are checked with the tools).
//! `solve`'s refusals (`NothingToSolve`, `Position`, `JsonWithPosition`) are reached only
//! through `cli::solve`, which prints them: their texts are checked with that tool.

use std::ffi::OsString;

use rummykit::Variant;
use rummykit_terminal::{Input, Options, PlayError, SimOptions, UsageError, run, simulate};

fn parse(args: &[&str]) -> Result<Option<Options>, UsageError> {
    Options::parse(args.iter().map(OsString::from), 7)
}

fn refused(args: &[&str]) -> UsageError {
    match parse(args) {
        Ok(o) => panic!("{args:?} accepted: {o:?}"),
        Err(e) => e,
    }
}

#[test]
fn unknown_flags_and_stray_arguments_are_parse_errors() {
    for args in [&["--colour", "red"][..], &["stray"], &["--echo=yes"], &["--game"]] {
        let err = refused(args);
        assert!(matches!(err, UsageError::Parse(_)), "{args:?}: {err:?}");
    }
}

#[test]
fn a_value_of_the_wrong_kind_names_its_flag() {
    let err = refused(&["--seed", "seven"]);
    let UsageError::Value { flag, value, .. } = &err else { panic!("{err:?}") };
    assert_eq!((*flag, value.as_str()), ("--seed", "seven"));
    let err = refused(&["--players", "four"]);
    assert!(matches!(&err, UsageError::Value { flag: "--players", value, .. } if value == "four"), "{err:?}");
}

#[test]
fn a_number_out_of_range_names_the_range() {
    let err = refused(&["--hands", "0"]);
    let UsageError::Range { flag, value, min, max } = &err else { panic!("{err:?}") };
    assert_eq!((*flag, value.as_str(), *min), ("--hands", "0", 1));
    assert_eq!(*max, u64::from(rummykit_terminal::MAX_HANDS));
    // The same bound when the options are built in code rather than parsed.
    let mut options = Options::new(Variant::Classic);
    options.hands = Some(rummykit_terminal::MAX_HANDS + 1);
    assert!(matches!(options.check(), Err(UsageError::Range { flag: "--hands", .. })));
}

#[test]
fn an_unknown_game_is_a_game_error() {
    let err = refused(&["--game", "canasta"]);
    let UsageError::Game(unknown) = &err else { panic!("{err:?}") };
    assert_eq!(unknown.name, "canasta");
}

#[test]
fn a_seat_count_the_game_does_not_take_is_refused_before_anything_is_dealt() {
    let err = refused(&["--game", "classic", "--players", "1"]);
    assert!(
        matches!(&err, UsageError::Players { game: Variant::Classic, players, .. } if players == "1"),
        "{err:?}"
    );
    let mut options = Options::new(Variant::Rummikub);
    options.players = 9;
    let mut transcript = Vec::new();
    let err = run(&options, Input::plain(&b""[..]), &mut transcript).unwrap_err();
    assert!(matches!(err, PlayError::Usage(UsageError::Players { .. })), "{err:?}");
    assert!(transcript.is_empty(), "nothing written before the refusal");
}

#[test]
fn a_seat_the_table_does_not_have_is_a_seat_error() {
    for seat in ["0", "5", "-1"] {
        let err = refused(&["--players", "4", "--human", seat]);
        let UsageError::Seat { seat: given, players } = &err else { panic!("{seat}: {err:?}") };
        assert_eq!((given.as_str(), *players), (seat, 4));
    }
    let mut options = Options::new(Variant::Rummy40);
    options.players = 2;
    options.human = Some(2);
    let err = run(&options, Input::plain(&b""[..]), Vec::new()).unwrap_err();
    assert!(
        matches!(&err, PlayError::Usage(UsageError::Seat { seat, players: 2 }) if seat == "3"),
        "{err:?}"
    );
}

#[test]
fn bot_lists_are_checked_kind_by_kind() {
    let err = refused(&["--game", "rummikub", "--bots", "planner"]);
    assert!(
        matches!(&err, UsageError::Bot { game: Variant::Rummikub, kind } if kind == "planner"),
        "{err:?}"
    );
    let err = refused(&["--bots", "greedy,"]);
    assert!(matches!(&err, UsageError::EmptyBot { list } if list == "greedy,"), "{err:?}");
    let err = refused(&["--bots", ""]);
    assert!(matches!(err, UsageError::NoBots), "{err:?}");
    // A simulation checks its bots the same way before playing a game.
    let err = simulate(&SimOptions::new(Variant::Classic, vec!["solver".into()], 1), |_| {}).unwrap_err();
    assert!(matches!(&err, PlayError::Usage(UsageError::Bot { kind, .. }) if kind == "solver"), "{err:?}");
}

/// A bot kind reads in any ASCII case, spaces around it aside, as the library's
/// `rummykit::bot` and `NamedBots::named_bot` read a bot's name: from options built in
/// code as from the command line, for `play` and `simulate` alike.
#[test]
fn bot_kinds_read_in_any_ascii_case() {
    let mut options = Options::new(Variant::Classic);
    options.players = 2;
    options.hands = Some(1);
    options.bots = vec!["Planner".into(), " GREEDY ".into()];
    options.check().expect("bot kinds in any case");
    let mut out = Vec::new();
    let summary = run(&options, Input::plain(&b""[..]), &mut out).expect("a hand between the two bots");
    assert_eq!(summary.hands, 1);
    let text = String::from_utf8(out).expect("UTF-8");
    assert!(text.contains("planner") && text.contains("greedy"), "{text}");
    assert!(!text.contains("Planner") && !text.contains("GREEDY"), "{text}");
    let parsed = parse(&["--game", "classic", "--bots", "RANDOM,Greedy"]).expect("read").expect("options");
    assert_eq!(parsed.bots, ["random", "greedy"]);
    // A name that is no bot in any case is still refused, with the kind as given.
    options.bots = vec!["Planner".into(), "Thorough".into()];
    let err = options.check().unwrap_err();
    assert!(matches!(&err, UsageError::Bot { kind, .. } if kind == "Thorough"), "{err:?}");
    // A simulation counts one kind in two cases as one kind, named as the bot names itself.
    let bots = vec!["Greedy".into(), "greedy".into(), "RANDOM".into()];
    let mut sim = SimOptions::new(Variant::Rummy40, bots, 3);
    sim.players = 3;
    let summary = simulate(&sim, |_| {}).expect("three hands");
    let names: Vec<&str> = summary.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["greedy #1", "greedy #2", "random"]);
}
