//! The `play` front end driven by a scripted stdin, for a person's seat in each game:
//! wrong commands get the engine's reason in words and the game goes on to
//! its end, and the match record replays to the same final state and scores.

use rummykit::terminal::{GameChoice, Options, PlayError, Summary, run};

fn play(game: GameChoice, players: usize, seed: u64, script: &str) -> (Summary, String) {
    let mut options = Options::new(game);
    options.players = players;
    options.seed = seed;
    options.human = Some(0);
    options.echo = true;
    let mut out = Vec::new();
    let summary = run(&options, script.as_bytes(), &mut out).expect("the game is played to its end");
    (summary, String::from_utf8(out).expect("the transcript is UTF-8"))
}

/// Every line of `expected` is in the transcript.
fn assert_says(transcript: &str, expected: &[&str]) {
    for e in expected {
        assert!(transcript.contains(e), "the transcript lacks {e:?}:\n{transcript}");
    }
}

fn assert_finished(summary: &Summary, transcript: &str, players: usize) {
    assert_eq!(summary.totals.len(), players);
    assert_eq!(summary.hands, 1);
    assert!(summary.replayed);
    assert_says(
        transcript,
        &["wins the hand", "== final scores ==", "replays to the same final state and scores"],
    );
}

/// A script that plays a whole Rummikub game: the solver's play when there is one, else
/// a draw, else (pool empty) a pass; the lines that do not fit the moment are refused
/// with a message and the next one is tried.
fn rummikub_autoplay() -> String {
    "hint play\ndraw\npass\n".repeat(400)
}

#[test]
fn rummikub_wrong_commands_are_explained_and_the_game_goes_on() {
    let script = "bogus\nnew r99\nnew\ncommit\nadd 9 r1\nmove 1 2\ndraw now\nhelp\ndraw\n";
    let (summary, text) = play(GameChoice::Rummikub, 2, 3, script);
    assert_says(
        &text,
        &[
            "error: unknown command `bogus`; type `help` for the commands",
            "error: `r99`: number out of range",
            "error: name at least one tile",
            // RULES.md §1.3: a commit with nothing changed adds no rack tile.
            "error: play refused: a play must add at least one tile from the rack",
            "error: the rack holds no r1",
            "error: `1` should be MELD:POSITION, e.g. 2:3",
            "error: `draw` takes no arguments",
            "commands (melds are numbered",
            "seat 0 (you): draws",
            "(input ended: a greedy bot plays seat 0 from now on)",
        ],
    );
    assert_finished(&summary, &text, 2);
}

#[test]
fn rummikub_person_plays_a_whole_four_seat_game_from_a_script() {
    let (summary, text) = play(GameChoice::Rummikub, 4, 11, &rummikub_autoplay());
    assert!(!text.contains("input ended"), "the script should last the whole game");
    assert!(text.contains("seat 0 (you): plays"), "the person's hinted plays are made:\n{text}");
    assert!(text.contains("error: passing is only allowed when the pool is empty"));
    assert_finished(&summary, &text, 4);
}

#[test]
fn schmidt_person_plays_with_a_wrong_command() {
    let script = format!("table\nsplit 1 1\ntake 1\n{}", rummikub_autoplay());
    let (summary, text) = play(GameChoice::Schmidt, 3, 5, &script);
    assert_says(&text, &["error: `1` should be MELD:POSITION, e.g. 2:3", "seat 0 (you):"]);
    assert!(text.contains("error: there is no meld 1") || text.contains("error: meld 1 has"), "{text}");
    assert_finished(&summary, &text, 3);
}

#[test]
fn options_the_game_cannot_take_are_refused() {
    let mut options = Options::new(GameChoice::Rummikub);
    options.players = 5; // the 106-tile set takes 2 to 4 (RULES.md §1.1)
    let err = run(&options, &b""[..], Vec::new()).unwrap_err();
    assert!(matches!(err, PlayError::Match(ref m) if m.contains("2 to 4")), "{err}");
    let mut options = Options::new(GameChoice::Rummikub);
    options.human = Some(4);
    assert!(matches!(run(&options, &b""[..], Vec::new()), Err(PlayError::Options(_))));
    options.human = None;
    options.bots = vec!["telepath".into()];
    let err = run(&options, &b""[..], Vec::new()).unwrap_err();
    assert!(err.to_string().contains("unknown bot `telepath`"), "{err}");
}

#[test]
fn bots_only_games_are_reproducible_by_seed() {
    let mut options = Options::new(GameChoice::Rummikub);
    options.seed = 42;
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let sa = run(&options, &b""[..], &mut a).unwrap();
    let sb = run(&options, &b""[..], &mut b).unwrap();
    assert_eq!(sa, sb);
    assert_eq!(a, b);
    assert!(String::from_utf8(a).unwrap().contains("rummikub with 4 players, seed 42"));
}

/// A script for the card games: always the first listed action, which is never a dead
/// end (a draw, then melds and lay-offs while there are any, then a discard).
fn first_action_autoplay() -> String {
    "1\n".repeat(3000)
}

fn card_game_with_mistakes(game: GameChoice, seed: u64) {
    let script = format!("0\n999\ndiscard\ndiscard 2x\nshuffle\nhelp\n{}", first_action_autoplay());
    let (summary, text) = play(game, 3, seed, &script);
    assert_says(
        &text,
        &[
            "error: 0 is not on the list: pick a number from 1 to",
            "error: 999 is not on the list",
            "error: usage: discard CARD, e.g. discard 7h",
            "error: `2x`",
            "error: `shuffle` is not a command",
            "type the number of an action from the list",
            "seat 0 (you): draw from the stock",
            "seat 0 (you): discard",
        ],
    );
    assert!(!text.contains("input ended"), "the script should last the whole hand");
    assert_finished(&summary, &text, 3);
}

#[test]
fn rummy40_person_picks_numbered_actions_rules_3_3() {
    card_game_with_mistakes(GameChoice::Rummy40, 7);
}

#[test]
fn scala40_person_picks_numbered_actions() {
    card_game_with_mistakes(GameChoice::Scala40, 8);
}

#[test]
fn classic_person_picks_numbered_actions_rules_2_3() {
    card_game_with_mistakes(GameChoice::Classic, 9);
}

#[test]
fn card_game_typed_moves_are_checked_by_the_engine() {
    // A discard before drawing is refused with the engine's reason (RULES.md §3.3: a
    // turn starts with a draw), then the typed draw is accepted.
    let script = format!("discard *\ntake\ndraw\n{}", first_action_autoplay());
    let (summary, text) = play(GameChoice::Rummy40, 2, 12, &script);
    assert!(text.contains("error: refused:") || text.contains("error: you hold no *"), "{text}");
    assert!(text.contains("seat 0 (you): draw from the stock"), "{text}");
    assert_finished(&summary, &text, 2);
}

#[test]
fn every_bot_kind_plays_its_game_to_the_end() {
    for (game, kinds) in [
        (GameChoice::Rummikub, &["random", "greedy", "thorough", "sampler"][..]),
        (GameChoice::Rummy40, &["random", "greedy", "planner"][..]),
        (GameChoice::Classic, &["random", "greedy", "planner"][..]),
    ] {
        let mut options = Options::new(game);
        options.players = kinds.len();
        options.seed = 21;
        options.bots = kinds.iter().map(|k| (*k).to_owned()).collect();
        let summary = run(&options, &b""[..], Vec::new()).expect("the bots play legally to the end");
        assert_eq!(summary.totals.len(), kinds.len(), "{game}");
        assert_eq!(game.bot_kinds(), kinds, "{game}: the kinds offered");
    }
}

#[test]
fn a_dead_rummy40_hand_is_void_instead_of_endless() {
    // Seed 99, four seats, planner and greedy bots: the table ends with closed sets only
    // (every suit of every number laid) and the hands hold cards that fit nowhere, such as
    // 2h 2h 2s. RULES.md §3.7's endless restock would never end the hand; the front end
    // bounds the restocks and the hand is void.
    let mut options = Options::new(GameChoice::Rummy40);
    options.seed = 99;
    options.bots = vec!["planner".into(), "greedy".into()];
    let mut out = Vec::new();
    let summary = run(&options, &b""[..], &mut out).expect("the hand ends");
    let transcript = String::from_utf8(out).unwrap();
    assert!(transcript.contains("the hand is void"), "{transcript}");
    assert_eq!(summary.totals, vec![0; 4], "a void hand scores nothing");
    assert!(summary.actions < 2_000, "{} actions", summary.actions);
}
