//! The `play` front end's I/O errors (bad options are in `play.rs`): a transcript that
//! cannot be written and a person's input that cannot be read are `PlayError::Io`, with the
//! I/O error as the source, for every game; the tool then exits with status 1. And numbers
//! the tools cannot take: the message names the range, not the kind, when the value is digits.
//! And a person typing garbage: every line refused or taken, the match never taken down.

use std::io::{self, BufRead, Read, Write};

use rummykit::Variant;
use rummykit_terminal::{Input, Options, PlayError, Style, cli, run};

/// A terminal that has gone away: every write fails.
struct Gone;

impl Write for Gone {
    fn write(&mut self, _: &[u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::BrokenPipe, "terminal closed"))
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_transcript_that_cannot_be_written_is_an_io_error() {
    for game in [Variant::Rummikub, Variant::Classic, Variant::Rummy40] {
        let err = run(&Options::new(game), Input::plain(&b""[..]), Gone).unwrap_err();
        let PlayError::Io(e) = &err else { panic!("{game:?}: expected an I/O error, got {err}") };
        assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
        assert!(err.to_string().starts_with("terminal input/output failed"), "{err}");
        assert!(std::error::Error::source(&err).is_some(), "the I/O error is the source");
    }
}

/// Input that fails on every read.
struct Unreadable;

impl Read for Unreadable {
    fn read(&mut self, _: &mut [u8]) -> io::Result<usize> {
        Err(io::Error::new(io::ErrorKind::ConnectionReset, "input lost"))
    }
}

impl BufRead for Unreadable {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Err(io::Error::new(io::ErrorKind::ConnectionReset, "input lost"))
    }
    fn consume(&mut self, _: usize) {}
}

#[test]
fn a_persons_input_that_cannot_be_read_is_an_io_error() {
    for game in [Variant::Rummikub, Variant::Classic, Variant::Rummy40] {
        let mut options = Options::new(game);
        options.human = Some(0);
        // Seed 0 deals a Rummy 40 hand that the first bot wins in its first action, before
        // the person is asked anything; seed 1 reaches the person's turn in every game.
        options.seed = 1;
        let err = run(&options, Input::plain(Unreadable), Vec::new()).unwrap_err();
        let PlayError::Io(e) = &err else { panic!("{game:?}: expected an I/O error, got {err}") };
        assert_eq!(e.kind(), io::ErrorKind::ConnectionReset);
    }
}

#[test]
fn the_tool_exits_with_status_1_when_the_terminal_fails() {
    let mut err = Vec::new();
    let args = ["--human", "1", "--seed", "1"].map(Into::into);
    let status = cli::play(args, Input::plain(Unreadable), &mut Vec::new(), &mut err, Style::PLAIN, 0);
    assert_eq!(status, cli::FAILURE);
    let err = String::from_utf8(err).unwrap();
    assert!(err.starts_with("play: terminal input/output failed: input lost"), "{err}");
}

/// Runs `tool` with `args` and no input; (status, stderr).
fn refused(tool: &str, args: &[&str]) -> (u8, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let argv = args.iter().map(Into::into);
    let status = match tool {
        "play" => cli::play(argv, Input::plain(&b""[..]), &mut out, &mut err, Style::PLAIN, 0),
        "solve" => cli::solve(argv, &mut &b""[..], &mut out, &mut err),
        _ => unreachable!("{tool}"),
    };
    assert!(out.is_empty(), "{tool} {args:?}: nothing is printed before the refusal");
    (status, String::from_utf8(err).expect("UTF-8 stderr"))
}

#[test]
fn a_number_too_large_or_negative_is_refused_by_its_range() {
    for (tool, args, message) in [
        (
            "play",
            &["--hands", "99999999999999999999"][..],
            "--hands must be a whole number from 1 to 10000, not 99999999999999999999",
        ),
        ("play", &["--hands", "10001"], "--hands must be a whole number from 1 to 10000, not 10001"),
        ("play", &["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, not -1"),
        (
            "play",
            &["--seed=18446744073709551616"],
            "--seed must be a whole number from 0 to 18446744073709551615, not 18446744073709551616",
        ),
        (
            "solve",
            &["--rack", "r1", "--threshold", "-30"],
            "--threshold must be a whole number from 0 to 4294967295, not -30",
        ),
    ] {
        let (status, err) = refused(tool, args);
        assert_eq!(status, cli::USAGE, "{args:?}: {err}");
        assert!(err.contains(message), "{args:?}: {err:?} lacks {message:?}");
        assert!(!err.contains("is not a whole number"), "{err}");
    }
    // What is not digits is still not a number, whatever its sign.
    for args in
        [&["--seed", "x"][..], &["--seed", "-"], &["--seed", "1.5"], &["--hands", "--3"], &["--hands", "1e3"]]
    {
        let (status, err) = refused("play", args);
        assert_eq!(status, cli::USAGE, "{args:?}: {err}");
        assert!(
            err.contains(&format!("{}: `{}` is not a whole number", args[0], args[1])),
            "{args:?}: {err}"
        );
    }
    // The ordinary forms are still read: a sign, spaces around the digits.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = ["--rack", "r1", "--threshold", " +30 "].map(Into::into);
    assert_eq!(cli::solve(args, &mut &b""[..], &mut out, &mut err), cli::SUCCESS, "{err:?}");
}

/// A person at a seat of every game types random lines: commands of both front ends with
/// arguments out of range (seats, melds and positions 0, `u64::MAX + 1`, `1:0`, tiles and
/// cards of no set), stray characters and long numbers. Each line is refused or taken; the
/// input's end leaves the match, which ends with every seat in the standings.
#[test]
fn garbled_lines_from_a_person_never_take_the_match_down() {
    use rand::{RngExt, SeedableRng};
    const WORDS: &[&str] = &[
        "draw", "take", "discard", "list", "help", "new", "add", "move", "mv", "split", "back", "reset",
        "hint", "play", "commit", "done", "pass", "rack", "table", "t", "?", "show", "hand",
    ];
    const ARGS: &[&str] = &[
        "0",
        "1",
        "2",
        "3",
        "5",
        "99",
        "-1",
        "18446744073709551616",
        "1:1",
        "1:0",
        "0:1",
        "2:3",
        "1:99",
        "99:1",
        "r4",
        "r5",
        "r6",
        "b13",
        "J",
        "*",
        "7h",
        "Td",
        "Qs",
        "Ac",
        "2c",
        ":",
        "1:",
        "r14",
        "x",
        "é",
    ];
    for game in Variant::ALL {
        let mut refusals = 0;
        for seed in 0..8 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut text = String::new();
            for _ in 0..rng.random_range(1..120) {
                match rng.random_range(0..8) {
                    0 => text.push_str(&rng.random::<u64>().to_string()),
                    1 => text.extend(
                        (0..rng.random_range(0..40)).map(|_| char::from(rng.random_range(32..127u8))),
                    ),
                    2 => text.push_str(&"9".repeat(rng.random_range(0..40))),
                    _ => {
                        text.push_str(WORDS[rng.random_range(0..WORDS.len())]);
                        for _ in 0..rng.random_range(0..5) {
                            text.push(' ');
                            text.push_str(ARGS[rng.random_range(0..ARGS.len())]);
                        }
                    }
                }
                text.push('\n');
            }
            let mut options = Options::new(game);
            options.seed = seed;
            options.human = Some(usize::try_from(seed % 2).unwrap());
            options.hands = Some(1);
            let mut transcript = Vec::new();
            let summary = run(&options, Input::plain(text.as_bytes()), &mut transcript)
                .unwrap_or_else(|e| panic!("{game:?}, seed {seed}: {e}"));
            refusals += String::from_utf8_lossy(&transcript).matches("error: ").count();
            let mut seats = summary.standings.clone();
            seats.sort_unstable();
            assert_eq!(seats, (0..options.players).collect::<Vec<_>>(), "{game:?}, seed {seed}");
        }
        // The lines reached the person's prompt: many were refused.
        assert!(refusals >= 8, "{game:?}: {refusals} refusals");
    }
}

/// The tools and the library read a bot's name alike: every variant's every bot name,
/// as given and in other ASCII cases with spaces around it, is taken by `Options::check`
/// exactly when `rummykit::bot` builds it; a name no variant offers is refused by both.
#[test]
fn bot_kinds_are_read_as_the_library_reads_bot_names() {
    for variant in Variant::ALL {
        let mut names: Vec<String> = Vec::new();
        for name in variant.bot_names() {
            names.extend([
                name.to_string(),
                name.to_ascii_uppercase(),
                format!(" {} ", name.to_ascii_uppercase()),
            ]);
            let mut mixed = name.to_string();
            mixed[..1].make_ascii_uppercase();
            names.push(mixed);
        }
        names.extend(["thorough", "Sampler", "planner", "solver", "gr eedy"].map(String::from));
        for name in names {
            let mut options = Options::new(variant);
            options.bots = vec![name.clone()];
            let library = rummykit::bot(variant, &name, 1).is_ok();
            assert_eq!(options.check().is_ok(), library, "{variant}: {name:?}");
        }
    }
}
