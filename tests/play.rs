//! The `play` tool driven as a shell would: arguments, a scripted stdin, the transcript
//! on stdout, messages on stderr and the exit status. Wrong commands get a clear message
//! and the game goes on to its end; the match record replays to the same final state
//! and scores.

use rummykit::Variant;
use rummykit_terminal::{Input, Options, Style, Summary, cli, run};

/// Runs the `play` tool; (status, stdout, stderr).
fn play_tool(args: &[&str], script: &str) -> (u8, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let args = args.iter().map(Into::into);
    let status = cli::play(args, Input::plain(script.as_bytes()), &mut out, &mut err, Style::PLAIN, 0);
    (status, String::from_utf8(out).expect("UTF-8 stdout"), String::from_utf8(err).expect("UTF-8 stderr"))
}

/// Plays with a person in seat 1 (0-based 0) through the library call; the summary and
/// the transcript.
fn play(game: Variant, players: usize, seed: u64, hands: Option<u32>, script: &str) -> (Summary, String) {
    let mut options = Options::new(game);
    options.players = players;
    options.seed = seed;
    options.human = Some(0);
    options.hands = hands;
    options.echo = true;
    let mut out = Vec::new();
    let summary = run(&options, Input::plain(script.as_bytes()), &mut out).expect("the game is played");
    (summary, String::from_utf8(out).expect("the transcript is UTF-8"))
}

/// Every line of `expected` is in the transcript.
fn assert_says(transcript: &str, expected: &[&str]) {
    for e in expected {
        assert!(transcript.contains(e), "the transcript lacks {e:?}:\n{transcript}");
    }
}

fn assert_finished(summary: &Summary, transcript: &str, players: usize, hands: usize) {
    assert_eq!(summary.totals.len(), players);
    assert_eq!(summary.hands, hands);
    assert!(summary.finished && summary.replayed);
    assert_says(transcript, &["== final scores ==", "replays to the same final state and scores"]);
    // The winners are the seats tied with the first of the standings, and the transcript says so.
    let best = summary.totals[summary.standings[0]];
    let tied: Vec<usize> = (0..players).filter(|&s| summary.totals[s] == best).collect();
    assert_eq!(summary.winners, tied);
    assert_says(transcript, &[if tied.len() == 1 { "won the match" } else { "shared win: " }]);
}

#[test]
fn help_goes_to_stdout_with_status_0() {
    for flag in ["--help", "-h"] {
        let (status, out, err) = play_tool(&[flag], "");
        assert_eq!(status, cli::SUCCESS);
        assert!(out.starts_with("usage: play"), "{out}");
        assert!(out.contains("--human SEAT    you play this seat, counted from 1"), "{out}");
        assert!(err.is_empty(), "{err}");
    }
}

#[test]
fn every_bad_value_is_refused_naming_its_flag_with_status_2_before_anything_is_printed() {
    for (args, message) in [
        (&["--players", "0"][..], "--players: rummikub takes 2 to 4 players, not 0"),
        (&["--players", "1000000"], "--players: rummikub takes 2 to 4 players, not 1000000"),
        // Seats are counted before any bot is built: no huge allocation, no overflow.
        (&["--players", "18446744073709551615"], "not 18446744073709551615"),
        (
            &["--players", "99999999999999999999"],
            "--players: rummikub takes 2 to 4 players, not 99999999999999999999",
        ),
        (&["--players", "-1"], "--players: rummikub takes 2 to 4 players, not -1"),
        (&["--game", "classic", "--players", "-1"], "--players: classic takes 2 to 6 players, not -1"),
        (&["--human", "-1"], "--human: there is no seat -1; the seats are 1 to 4"),
        (
            &["--human", "99999999999999999999"],
            "--human: there is no seat 99999999999999999999; the seats are 1 to 4",
        ),
        (&["--game", "classic", "--players=7"], "--players: classic takes 2 to 6 players, not 7"),
        (&["--hands", "0"], "--hands must be a whole number from 1 to 10000, not 0"),
        (
            &["--bots", "planner"],
            "--bots: rummikub has no `planner` bot; choose from random, greedy, thorough, sampler",
        ),
        (&["--game=rummy40", "--bots", "greedy,thorough"], "--bots: rummy40 has no `thorough` bot"),
        (&["--bots", ","], "--bots: name at least one bot kind"),
        (&["--bots="], "--bots: name at least one bot kind"),
        // An empty kind among others is refused, not skipped: the seats would get other
        // bots than the list seems to name.
        (
            &["--bots", "greedy,,random"],
            "--bots: `greedy,,random` names an empty bot kind; separate the kinds by single commas",
        ),
        (&["--bots", "greedy, "], "--bots: `greedy, ` names an empty bot kind"),
        (&["--bots", ",greedy"], "--bots: `,greedy` names an empty bot kind"),
        (&["--players="], "--players: `` is not a whole number"),
        (&["--hands", "-1"], "--hands must be a whole number from 1 to 10000, not -1"),
        (
            &["--hands", "99999999999999999999"],
            "--hands must be a whole number from 1 to 10000, not 99999999999999999999",
        ),
        (&["--seed", "-1"], "--seed must be a whole number from 0 to 18446744073709551615, not -1"),
        (&["--seed", "18446744073709551616"], "not 18446744073709551616"),
        (&["--human="], "--human: `` is not a whole number"),
        (&["--human", "5"], "--human: there is no seat 5; the seats are 1 to 4"),
        (&["--human", "0"], "--human: there is no seat 0"),
        (&["--game", "chess"], "--game: `chess` is not a game"),
        (&["--seed", "x"], "--seed: `x` is not a whole number"),
        (&["--players"], "--players"),
        (&["--echo=yes"], "--echo"),
        (&["--colour"], "--colour"),
        (&["stray"], "stray"),
    ] {
        let (status, out, err) = play_tool(args, "");
        assert_eq!(status, cli::USAGE, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?}: nothing is printed before the refusal:\n{out}");
        assert!(err.contains(message), "{args:?}: {err:?} lacks {message:?}");
        assert!(err.contains("run `play --help`"), "{err}");
    }
}

#[test]
fn a_long_bad_value_is_not_echoed_whole() {
    let long = "x".repeat(10_000);
    let (status, _, err) = play_tool(&["--game", &long], "");
    assert_eq!(status, cli::USAGE);
    assert!(err.len() < 300, "{} bytes", err.len());
}

#[test]
fn flags_take_their_value_after_a_space_or_an_equals_sign() {
    let (status, out, err) = play_tool(&["--players=2", "--seed", "5", "--hands=1", "--game", "Schmidt"], "");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert_says(&out, &["schmidt with 2 players, seed 5", "== final scores =="]);
}

#[test]
fn rummikub_wrong_commands_are_explained_and_the_game_goes_on() {
    let long = format!("{}\n", "z".repeat(10_000));
    let script = format!(
        "bogus\n{long}new r99\nnew\ncommit\nadd 9 r1\nmove 1 2\ndraw now\nhelp\n\u{fffd}\u{1b}[A\nDRAW\n"
    );
    let (summary, text) = play(Variant::Rummikub, 2, 3, Some(1), &script);
    assert_says(
        &text,
        &[
            "error: unknown command `bogus`; type `help` for the commands",
            "error: `r99`: number out of range",
            "error: name at least one tile",
            // RULES.md §1.3: a commit with nothing changed adds no rack tile.
            "error: play refused: a play must add at least one tile from the rack",
            "error: your rack holds no r1",
            "error: `1` should be MELD:POSITION, e.g. 2:3",
            "error: `draw` takes no arguments",
            "commands (melds are numbered",
            "quit                  leave the match",
            "tiles: a colour letter (r red, b blue, y yellow, k black)",
            // The rules in brief, at the start and in `help` (RULES.md §1.5).
            "opening: your first play is new melds from your own rack worth at least 30 points",
            "(input ended: a greedy bot plays seat 1 from now on)",
        ],
    );
    // A 10 000-character line is answered in a short message.
    let longest = text.lines().map(str::len).max().unwrap_or(0);
    assert!(longest < 1_000, "a line of {longest} bytes");
    // The upper-case DRAW was a command; the person sees the tile they drew.
    let drew = text.lines().find(|l| l.starts_with("seat 1 (you): draw a tile")).expect("the person drew");
    assert!(drew.starts_with("seat 1 (you): draw a tile: "), "the drawn tile is named: {drew}");
    // The count after a draw is the rack's, said so (not "left", which reads as the pool's).
    assert!(drew.ends_with(" tiles on the rack)"), "the rack is counted: {drew}");
    assert_finished(&summary, &text, 2, 1);
}

/// A script that plays whole Rummikub games: the solver's play when there is one, else a
/// draw, else (pool empty) a pass; the lines that do not fit the moment are refused with
/// a message and the next one is tried.
fn rummikub_autoplay() -> String {
    "hint play\ndraw\npass\n".repeat(1_500)
}

#[test]
fn rummikub_is_one_game_per_player_by_default_rules_1_8() {
    let (summary, text) = play(Variant::Rummikub, 3, 11, None, &rummikub_autoplay());
    assert!(!text.contains("input ended"), "the script should last the whole match");
    assert!(text.contains("seat 1 (you): play "), "the person's hinted plays are made");
    assert_says(
        &text,
        &["match: 3 games; the highest total wins (RULES.md §1.8)", "== game 3 ==", "(3 games, "],
    );
    // A deal of Rummikub is a game throughout, never a hand.
    assert!(!text.contains("== hand") && !text.contains("the hand"), "{text}");
    assert_finished(&summary, &text, 3, 3);
    // Rummikub scores are zero-sum per game (RULES.md §1.8), so the totals are too.
    assert_eq!(summary.totals.iter().sum::<i64>(), 0);
}

#[test]
fn schmidt_states_its_rules_and_is_played_rules_4_1() {
    let script = format!("table\nsplit 1 1\ntake 1\n{}", rummikub_autoplay());
    let (summary, text) = play(Variant::Schmidt, 3, 5, Some(1), &script);
    assert_says(
        &text,
        &[
            "Schmidt rules (RULES.md §4.1)",
            "must keep at least 3 of its tiles together",
            "a joker left on a rack costs 25",
            "error: `1` should be MELD:POSITION, e.g. 2:3",
        ],
    );
    assert!(text.contains("error: there is no meld 1") || text.contains("error: meld 1 has"), "{text}");
    assert_finished(&summary, &text, 3, 1);
}

/// A script for the card games: always the first listed action, which is never a dead
/// end (a draw, then melds and lay-offs while there are any, then a discard).
fn first_action_autoplay() -> String {
    "1\n".repeat(20_000)
}

fn card_game_with_mistakes(game: Variant, seed: u64, rules: &str) {
    let script = format!(
        "0\n999\ndiscard\ndiscard 2x\nshuffle\n{}\nHELP\n{}",
        "q".repeat(5_000),
        first_action_autoplay()
    );
    let (summary, text) = play(game, 3, seed, Some(1), &script);
    assert_says(
        &text,
        &[
            "error: 0 is not on the list: pick a number from 1 to",
            "error: 999 is not on the list",
            "error: usage: discard CARD, e.g. discard 7h",
            "error: `2x`",
            "error: `shuffle` is not a command",
            "type the number of an action from the list",
            rules,
            "seat 1 (you): draw from the stock: ",
            "seat 1 (you): discard",
        ],
    );
    assert!(text.lines().all(|l| l.len() < 1_000), "a long bad line is echoed whole");
    assert!(!text.contains('#'), "no piece ids in the transcript");
    assert!(!text.contains("input ended"), "the script should last the whole hand");
    assert_finished(&summary, &text, 3, 1);
}

#[test]
fn rummy40_states_the_40_point_opening_rules_3_5() {
    card_game_with_mistakes(
        Variant::Rummy40,
        7,
        "opening: your first melds must be worth at least 40 points",
    );
}

#[test]
fn scala40_states_its_options_rules_3_9() {
    card_game_with_mistakes(Variant::Scala40, 8, "Scala 40 options (RULES.md §3.9): 4 jokers");
}

#[test]
fn classic_person_picks_numbered_actions_rules_2_3() {
    card_game_with_mistakes(Variant::Classic, 9, "opening: none: meld as soon as you can");
}

#[test]
fn card_game_typed_moves_are_case_insensitive_and_checked_by_the_engine() {
    // A discard before drawing is refused with the engine's reason (RULES.md §3.3: a
    // turn starts with a draw), then the typed upper-case draw is accepted.
    let script = format!("DISCARD *\nTake\nDraw\n{}", first_action_autoplay());
    let (summary, text) = play(Variant::Rummy40, 2, 12, Some(1), &script);
    assert!(text.contains("error: refused:") || text.contains("error: you hold no *"), "{text}");
    assert!(text.contains("seat 1 (you): draw from the stock: "), "{text}");
    assert_finished(&summary, &text, 2, 1);
}

#[test]
fn lay_offs_onto_a_set_are_listed_once_rules_3_6() {
    // Over many hands, every listed lay-off with an end names a run: a set has no ends,
    // so laying off onto it is one move, listed once.
    let (mut run_layoffs, mut set_layoffs) = (0, 0);
    for seed in 0..12 {
        let (_, text) = play(Variant::Rummy40, 2, seed, Some(1), &first_action_autoplay());
        for line in text.lines().filter(|l| l.contains(" off on [")) {
            let Some(meld) = line.split(" off on [").nth(1).and_then(|m| m.split(']').next()) else {
                continue;
            };
            let ranks: Vec<&str> =
                meld.split_whitespace().filter(|c| *c != "*").map(|c| &c[..c.len() - 1]).collect();
            let is_set = ranks.windows(2).all(|w| w[0] == w[1]);
            let has_end = line.contains("(front)") || line.contains("(back)");
            assert!(!(is_set && has_end), "a set listed with an end: {line}");
            run_layoffs += usize::from(has_end);
            set_layoffs += usize::from(is_set);
        }
    }
    assert!(
        run_layoffs > 0 && set_layoffs > 0,
        "lay-offs seen: {run_layoffs} on runs, {set_layoffs} on sets"
    );
}

#[test]
fn quit_leaves_the_match_with_status_0_and_the_scores_so_far() {
    let (status, out, err) =
        play_tool(&["--game", "classic", "--players", "2", "--human", "2", "--seed", "4"], "QUIT\n");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert_says(&out, &["seat 2> QUIT", "you left the match after 0 finished hands", "== scores so far =="]);
    assert!(!out.contains("== final scores =="));
    let mut options = Options::new(Variant::Rummikub);
    options.players = 2;
    options.human = Some(1);
    let summary = run(&options, Input::plain("exit\n".as_bytes()), Vec::new()).expect("quit is no error");
    assert!(!summary.finished && !summary.replayed);
    assert_eq!(summary.totals, [0, 0]);
}

#[test]
fn rummy40_plays_to_elimination_at_101_by_default_rules_3_8() {
    let (status, out, err) = play_tool(&["--game", "rummy40", "--players", "3", "--seed", "2"], "");
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert_says(&out, &["match: a player with 101 penalty points or more is out", "== hand 2 =="]);
    let mut options = Options::new(Variant::Rummy40);
    options.players = 3;
    options.seed = 2;
    let summary = run(&options, Input::plain(&b""[..]), Vec::new()).expect("played");
    assert!(summary.hands >= 2, "{} hands", summary.hands);
    let left = summary.totals.iter().filter(|&&t| t < 101).count();
    assert_eq!(left, 1, "one player is left under 101: {:?}", summary.totals);
    assert!(summary.totals[summary.standings[0]] < 101);
    assert_eq!(summary.winners, vec![summary.standings[0]], "elimination leaves one winner");
}

#[test]
fn classic_plays_to_100_points_by_default_rules_2_7() {
    let mut options = Options::new(Variant::Classic);
    options.players = 3;
    options.seed = 8;
    let mut out = Vec::new();
    let summary = run(&options, Input::plain(&b""[..]), &mut out).expect("played");
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("match: until someone reaches 100 points"), "{text}");
    assert!(summary.totals.iter().any(|&t| t >= 100), "{:?}", summary.totals);
    assert!(summary.hands >= 2);
}

#[test]
fn hands_n_plays_n_hands() {
    let mut options = Options::new(Variant::Classic);
    options.players = 2;
    options.hands = Some(3);
    let summary = run(&options, Input::plain(&b""[..]), Vec::new()).expect("played");
    assert_eq!(summary.hands, 3);
}

#[test]
fn bots_only_games_are_reproducible_by_seed() {
    let mut options = Options::new(Variant::Rummikub);
    options.seed = 42;
    options.hands = Some(1);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let sa = run(&options, Input::plain(&b""[..]), &mut a).unwrap();
    let sb = run(&options, Input::plain(&b""[..]), &mut b).unwrap();
    assert_eq!(sa, sb);
    assert_eq!(a, b);
    assert!(String::from_utf8(a).unwrap().contains("rummikub with 4 players, seed 42"));
}

#[test]
fn every_variant_of_the_library_is_played_by_its_name() {
    // `--game` takes every `Variant` name, listed in the help; each plays a hand to the end
    // with the most seats it takes (five and six for the 160-tile set).
    let (_, help, _) = play_tool(&["--help"], "");
    for variant in Variant::ALL {
        assert!(help.contains(variant.name()), "the help lists {variant}:\n{help}");
        let seats = *variant.seat_range().end();
        for players in [seats - 1, seats] {
            let players = players.to_string();
            let args = ["--game", variant.name(), "--players", &players, "--seed", "3", "--hands", "1"];
            let (status, out, err) = play_tool(&args, "");
            assert_eq!(status, cli::SUCCESS, "{variant} with {players}: {err}");
            assert!(out.starts_with(&format!("{variant} with {players} players")), "{out}");
            assert_says(&out, &["== final scores ==", "replays to the same final state and scores"]);
        }
    }
    let (_, out, _) = play_tool(&["--game", "RUMMIKUB-XP", "--players", "6", "--hands", "1"], "");
    assert_says(&out, &["the 160-tile set (RULES.md §1.1)"]);
    let (_, out, _) = play_tool(&["--game", "classic-last-card", "--players", "2", "--hands", "1"], "");
    assert_says(&out, &["you go out only by discarding your last card"]);
    let (status, _, err) = play_tool(&["--game", "rummikub", "--players", "5"], "");
    assert_eq!(status, cli::USAGE);
    assert!(err.contains("--players: rummikub takes 2 to 4 players, not 5"), "{err}");
}

#[test]
fn every_bot_kind_plays_its_game_to_the_end() {
    for (game, kinds) in [
        (Variant::Rummikub, &["random", "greedy", "thorough", "sampler"][..]),
        (Variant::Rummy40, &["random", "greedy", "planner"][..]),
        (Variant::Classic, &["random", "greedy", "planner"][..]),
    ] {
        let mut options = Options::new(game);
        options.players = kinds.len();
        options.seed = 21;
        options.hands = Some(1);
        options.bots = kinds.iter().map(|k| (*k).to_owned()).collect();
        let summary =
            run(&options, Input::plain(&b""[..]), Vec::new()).expect("the bots play legally to the end");
        assert_eq!(summary.totals.len(), kinds.len(), "{game}");
        assert_eq!(game.bot_names(), kinds, "{game}: the kinds offered");
    }
}

#[test]
fn a_void_hand_says_why_rules_3_7() {
    // Seed 1844, four seats, planner and greedy bots: a hand in which nobody goes out
    // (rare: the first such seed). RULES.md §3.7's endless restock would never end it;
    // the front end bounds the restocks and says so.
    let mut options = Options::new(Variant::Rummy40);
    options.seed = 1844;
    options.hands = Some(1);
    options.bots = vec!["planner".into(), "greedy".into()];
    let mut out = Vec::new();
    let summary = run(&options, Input::plain(&b""[..]), &mut out).expect("the hand ends");
    let transcript = String::from_utf8(out).unwrap();
    assert!(
        transcript.contains("the hand is void: the stock ran out again after 4 restocks (RULES.md §3.7"),
        "{transcript}"
    );
    assert_eq!(summary.totals, vec![0; 4], "a void hand scores nothing");
}

#[test]
fn engine_refusals_name_cards_in_notation_rules_2_3() {
    // Seed 1: the person takes the top discard 3c and tries to throw it back, which
    // RULES.md §2.3 forbids; the engine's message names the card by its face (and its
    // id), as the person reads it, with no rewriting by the front end.
    let (status, out, err) = play_tool(
        &["--game", "classic", "--players", "2", "--human", "1", "--seed", "1", "--hands", "1"],
        "take\ndiscard 3c\nquit\n",
    );
    assert_eq!(status, cli::SUCCESS, "{err}");
    assert_says(
        &out,
        &[
            "seat 1 (you): take the discard 3c",
            "error: refused: card 3c (#2) was taken from the discard pile this turn",
        ],
    );
}

#[test]
fn a_command_longer_than_max_line_is_refused_and_the_game_goes_on() {
    use rummykit_terminal::MAX_LINE;
    // Its bytes are skipped, not kept: the command is refused whole (never read in part
    // as `help` or `quit`), and the next line is read as the next command.
    let long = format!("quit{}\nhelp\nquit\n", " ".repeat(MAX_LINE));
    let (summary, transcript) = play(Variant::Classic, 2, 5, Some(1), &long);
    assert!(!summary.finished, "the person left with the last `quit`");
    assert_says(&transcript, &[&format!("error: a command longer than {MAX_LINE} bytes")]);
    let after = transcript.split("longer than").nth(1).expect("the refusal");
    assert!(after.contains("help"), "the next line was read: {after}");
}

#[test]
fn options_with_a_seat_past_any_table_are_refused_without_overflow() {
    // Through the library, `human` is any `usize`: the last one has no successor in
    // `u64`, and the message still counts it from 1.
    let mut options = Options::new(Variant::Classic);
    options.players = 2;
    options.human = Some(usize::MAX);
    let expected = format!("--human: there is no seat {}; the seats are 1 to 2", usize::MAX as u128 + 1);
    assert_eq!(options.check().map_err(|e| e.to_string()), Err(expected.clone()));
    let refused =
        run(&options, Input::plain("".as_bytes()), Vec::new()).map(|_| ()).map_err(|e| e.to_string());
    assert!(refused.as_ref().is_err_and(|e| e.contains(&expected)), "{refused:?}");
}

#[test]
fn an_illegal_action_error_counts_any_seat_and_game_from_1_without_overflow() {
    let error = rummykit_terminal::PlayError::IllegalAction {
        game: usize::MAX,
        seat: usize::MAX,
        bot: "random".to_owned(),
        error: "refused".into(),
    };
    let past_max = (usize::MAX as u128 + 1).to_string();
    assert_eq!(
        error.to_string(),
        format!("game {past_max}: seat {past_max} (random) chose an illegal action: refused")
    );
}
