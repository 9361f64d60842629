//! The `solve` tool as a shell runs it: help, a position from the command line, usage
//! errors with status 2, and `--json`, which answers every line it is given (blank and
//! non-UTF-8 lines included) and never stops early.

use rummykit_terminal::cli;

/// Runs the `solve` tool on `stdin`; (status, stdout, stderr).
fn solve_tool(args: &[&str], stdin: &[u8]) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = cli::solve(args.iter().map(Into::into), &mut &stdin[..], &mut out, &mut err);
    (status, String::from_utf8(out).expect("UTF-8"), String::from_utf8(err).expect("UTF-8"))
}

#[test]
fn help_documents_every_flag_on_stdout_with_status_0() {
    let (status, out, err) = solve_tool(&["--help"], b"");
    assert_eq!(status, cli::SUCCESS);
    for flag in [
        "--table",
        "--rack",
        "--objective",
        "--initial",
        "--threshold",
        "--initial-joker-value",
        "--joker-value",
        "--xp",
        "--json",
    ] {
        assert!(out.contains(flag), "the help lacks {flag}:\n{out}");
    }
    assert!(err.is_empty());
}

#[test]
fn no_arguments_print_the_usage_with_status_2_instead_of_solving_nothing() {
    let (status, out, err) = solve_tool(&[], b"");
    assert_eq!(status, cli::USAGE);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("nothing to solve"), "{err}");
}

#[test]
fn an_empty_table_or_rack_is_printed_as_empty() {
    let (status, out, err) = solve_tool(&["--rack", "r10 b10 k10 y2", "--initial"], b"");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.starts_with("table: (empty)\nrack:  r10 b10 k10 y2\n"), "{out}");
    let (status, out, err) = solve_tool(&["--table", "r1 r2 r3", "--rack", ""], b"");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.starts_with("table: r1 r2 r3\nrack:  (empty)\n"), "{out}");
}

#[test]
fn bad_values_are_refused_naming_the_flag() {
    for (args, message) in [
        (&["--rack", "r1", "--objective", "nope"][..], "--objective: `nope` is not tiles or value"),
        (
            &["--rack", "r1", "--threshold", "-3"],
            "--threshold must be a whole number from 0 to 4294967295, not -3",
        ),
        (
            &["--rack", "r1", "--joker-value=4294967296"],
            "--joker-value must be a whole number from 0 to 4294967295, not 4294967296",
        ),
        (
            &["--rack", "r1", "--initial-joker-value", "half"],
            "--initial-joker-value: `half` is not represented or zero",
        ),
        (&["--rack"], "--rack"),
        (&["--rack", "r14"], "--rack: `r14` is not a tile"),
        (&["--table=r1 r2 x3", "--rack", "r4"], "--table: `x3` is not a tile"),
        (&["--rack", "r4 J", "--table", "r1 r2 r3 0"], "--table: `0` is not a tile"),
        (&["--json", "--rack", "r1"], "--json reads positions from stdin"),
        (&["--dump"], "--dump"),
    ] {
        let (status, out, err) = solve_tool(args, b"");
        assert_eq!(status, cli::USAGE, "{args:?}: {err}");
        assert!(out.is_empty());
        assert!(err.contains(message), "{args:?}: {err:?} lacks {message:?}");
    }
}

#[test]
fn a_position_from_the_command_line_is_solved_rules_1_6() {
    // r1 r2 r3 on the table, r4 and a joker on the rack: both extend the run.
    let (status, out, err) = solve_tool(&["--table=r1 r2 r3", "--rack", "r4 J"], b"");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.contains("place 2 tiles worth 34: r4 J"), "{out}");
    assert!(out.contains("new table (1 meld):"), "{out}");
    // Nothing fits: one tile on the rack, nothing to place.
    let (status, out, _) = solve_tool(&["--rack", "k9", "--objective", "value"], b"");
    assert_eq!(status, cli::SUCCESS);
    assert!(out.contains("nothing can be placed"), "{out}");
    // A position that cannot exist is a bad value of the flag that gave it: status 2.
    let (status, _, err) = solve_tool(&["--table", "r5 r5 r5"], b"");
    assert_eq!(status, cli::USAGE);
    assert!(err.contains("--table: 3 copies of r5"), "{err}");
}

#[test]
fn a_joker_counts_toward_the_initial_meld_as_the_flags_say_rules_1_5_rules_1_10() {
    // r11 r12 J: 11 + 12 + 13 = 36 with the joker worth the number it stands for, 23
    // when it counts nothing; the threshold is 30 either way.
    let initial = ["--rack", "r11 r12 J", "--initial"];
    let (status, out, err) = solve_tool(&initial, b"");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.contains("place 3 tiles"), "{out}");
    let zero = [&initial[..], &["--initial-joker-value", "zero"]].concat();
    let (status, out, err) = solve_tool(&zero, b"");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert!(out.contains("nothing can be placed"), "{out}");
    // The joker's worth under the value objective does not count toward the threshold:
    // worth 100 there, it still counts nothing when the house rule says so.
    let high = [&zero[..], &["--joker-value", "100"]].concat();
    let (_, out, _) = solve_tool(&high, b"");
    assert!(out.contains("nothing can be placed"), "{out}");
    // The same through --json.
    let lines = b"{\"table\": [], \"rack\": [\"r11\", \"r12\", \"J\"], \"opened\": false}\n\
{\"table\": [], \"rack\": [\"r11\", \"r12\", \"J\"], \"opened\": false, \"initial_joker_value\": \"zero\"}\n\
{\"table\": [], \"rack\": [\"r1\"], \"initial_joker_value\": 0}\n\
{\"table\": [], \"rack\": [\"r1\"], \"initial_joker_value\": \"half\"}\n";
    let (status, out, _) = solve_tool(&["--json"], lines);
    assert_eq!(status, cli::FAILURE, "the last two lines are refused");
    let answers: Vec<serde_json::Value> = out.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(answers[0]["tiles_placed"], 3);
    assert_eq!(answers[1]["tiles_placed"], 0);
    assert!(answers[2]["error"].as_str().unwrap_or_default().contains("initial_joker_value"), "{out}");
    assert!(
        answers[3]["error"].as_str().unwrap_or_default().contains("expected represented or zero"),
        "{out}"
    );
}

#[test]
fn json_answers_every_line_blank_and_non_utf8_included() {
    let mut input = Vec::new();
    input.extend_from_slice(b"{\"table\": [\"r1\", \"r2\", \"r3\"], \"rack\": [\"r4\"]}\n");
    input.extend_from_slice(b"\n");
    input.extend_from_slice(b"   \n");
    input.extend_from_slice(b"\xff\xfe not text\n");
    input.extend_from_slice(b"{\"table\": [], \"rack\": [\"r10\", \"b10\", \"k10\"], \"opened\": false}\n");
    input.extend_from_slice(b"[1, 2]\n");
    input.extend_from_slice(b"{\"table\": [], \"rack\": [\"q1\"]}\n");
    input.extend_from_slice(b"{\"table\": [], \"rack\": [], \"colour\": 1}\n");
    input.extend_from_slice(b"{\"table\": [], \"rack\": [\"r1\"], \"objective\": \"nope\"}\n");
    // The last line has no newline.
    input.extend_from_slice(
        b"{\"table\": [\"k1\", \"k2\", \"k3\"], \"rack\": [\"J\"], \"tile_set\": \"xp160\"}",
    );
    let (status, out, err) = solve_tool(&["--json"], &input);
    assert_eq!(status, cli::FAILURE, "some lines were refused: status 1");
    assert!(err.is_empty(), "{err}");
    let answers: Vec<serde_json::Value> =
        out.lines().map(|l| serde_json::from_str(l).expect("every answer is JSON")).collect();
    assert_eq!(answers.len(), 10, "one answer per line:\n{out}");
    assert_eq!(answers[0]["tiles_placed"], 1);
    for (i, fragment) in [
        (1, "line 2: blank line"),
        (2, "line 3: blank line"),
        (3, "line 4: not UTF-8 text"),
        (5, "line 6: expected a JSON object"),
        (6, "line 7: rack:"),
        (7, "line 8: unknown field `colour`"),
        (8, "line 9: objective `nope`"),
    ] {
        let error = answers[i]["error"].as_str().unwrap_or_default();
        assert!(error.contains(fragment), "answer {i}: {error:?} lacks {fragment:?}");
    }
    // RULES.md §1.5: an initial meld of three tens is worth 30, enough to open.
    assert_eq!(answers[4]["tiles_placed"], 3);
    assert_eq!(answers[9]["tiles_placed"], 1);
}

#[test]
fn json_with_only_good_lines_exits_0() {
    let (status, out, _) = solve_tool(&["--json"], b"{\"table\": [], \"rack\": [\"r1\", \"r2\", \"r3\"]}\n");
    assert_eq!(status, cli::SUCCESS);
    assert_eq!(out.lines().count(), 1);
}

/// A JSON line may name the tile set as the command line does or as the library's own
/// saves do (`Xp160`): a third copy of a tile needs the 160-tile set.
#[test]
fn json_tile_set_in_either_spelling() {
    for name in ["xp160", "XP160", "Xp160"] {
        let line =
            format!("{{\"table\": [], \"rack\": [\"k1\", \"k1\", \"k1\"], \"tile_set\": \"{name}\"}}\n");
        let (status, out, err) = solve_tool(&["--json"], line.as_bytes());
        assert_eq!(status, cli::SUCCESS, "{name}: {out}{err}");
    }
    for name in ["standard", "Standard106"] {
        let line =
            format!("{{\"table\": [], \"rack\": [\"k1\", \"k1\", \"k1\"], \"tile_set\": \"{name}\"}}\n");
        let (status, out, _) = solve_tool(&["--json"], line.as_bytes());
        assert_eq!(status, cli::FAILURE, "{name}: three copies are more than the standard set holds: {out}");
    }
}

#[test]
fn json_lines_longer_than_max_line_are_refused_and_skipped_not_kept() {
    use rummykit_terminal::MAX_LINE;
    let position = r#"{"table": [], "rack": ["k5", "k6", "k7"]}"#;
    // Padded to MAX_LINE bytes with its line break: read; one byte more: refused.
    let fits = format!("{position}{}\n", " ".repeat(MAX_LINE - position.len() - 1));
    assert_eq!(fits.len(), MAX_LINE);
    let over = format!(" {fits}");
    let (status, out, err) = solve_tool(&["--json"], format!("{fits}{over}{position}\n").as_bytes());
    assert_eq!(status, cli::FAILURE, "{err}");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 3, "{out}");
    assert!(answers[0].contains(r#""tiles_placed":3"#), "{}", answers[0]);
    assert_eq!(answers[1], format!(r#"{{"error":"line 2: longer than {MAX_LINE} bytes"}}"#));
    assert!(answers[2].contains(r#""tiles_placed":3"#), "the line after a long one is read: {}", answers[2]);
    // Input with no line break at all: one answer, whatever its length.
    let endless = vec![b'['; 40 * MAX_LINE];
    let (status, out, _) = solve_tool(&["--json"], &endless);
    assert_eq!(status, cli::FAILURE);
    assert_eq!(out, format!("{{\"error\":\"line 1: longer than {MAX_LINE} bytes\"}}\n"));
    let (_, help, _) = solve_tool(&["--help"], b"");
    assert!(help.contains(&format!("longer than {MAX_LINE} bytes")), "{help}");
}
