//! The product speaks of itself only: no source file, doc or message refers to issue
//! numbers, to the rule texts it was written from by their file numbers, or to the
//! names of the work that produced it. Config are cited by docs/RULES.md section.

use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::root;

/// Phrases that name the work rather than the product (lowercase), each with the
/// continuations that are ordinary words. Each is written with a `|` after its first
/// letter (removed by [`plain`]) so that this file does not itself speak of the work. ("The lead" alone is the solver's leading
/// sweep, so only the phrases that name a person are listed.)
const WORKING_NAMES: &[(&str, &[&str])] = &[
    ("b|y the lead", &[]),
    ("t|he lead to", &[]),
    ("t|he lead moved", &[]),
    ("f|or the lead", &[]),
    ("t|he lead's", &[]),
    ("d|esign card", &[]),
    ("t|he solver work", &[]),
    ("t|he bots work", &[]),
    ("t|he engine work", &[]),
    ("t|he examples work", &[]),
    ("w|orking note", &[]),
    ("o|ther helpers", &[]),
    ("h|elpers'", &[]),
    ("t|wo helpers", &[]),
    ("h|elper `", &[]),
    ("s|olver helper", &[]),
    ("m|eld helper", &[]),
    ("r|ummy40 helper", &[]),
    ("r|kplayout", &[]),
    ("r|40c", &[]),
    ("r|40d", &[]),
    ("r|ummy40b", &[]),
    ("d|esign idea", &[]),
    ("d|esign.md idea", &[]),
    (".|./shared", &[]),
    ("s|hared/rules", &[]),
    ("t|he seeds", &[]),
    ("t|he seed's", &[]),
    ("i|n the seed", &[]),
    ("s|eed text", &[]),
    ("s|eed file", &[]),
];

/// Words after which `#7` or `7` is a tracker number.
const TRACKER_WORDS: &[&str] = &["issue", "issues", "ambiguity", "pull request", "pr", "ticket", "bug"];

/// `text` without the `|` marks that keep this file's own examples from matching.
fn plain(text: &str) -> String {
    text.replace('|', "")
}

/// What is wrong with `line` (lowercase), if anything.
fn findings(line: &str) -> Vec<String> {
    let mut found = Vec::new();
    for (phrase, allowed) in WORKING_NAMES {
        let phrase = &plain(phrase);
        for (at, _) in line.match_indices(phrase.as_str()) {
            // Whole words only: `r40c` is not in `R40Config`.
            let alnum = |c: Option<char>| c.is_some_and(char::is_alphanumeric);
            let joined_before = alnum(phrase.chars().next()) && alnum(line[..at].chars().next_back());
            let joined_after =
                alnum(phrase.chars().next_back()) && alnum(line[at + phrase.len()..].chars().next());
            let whole = !joined_before && !joined_after;
            if whole && !allowed.iter().any(|a| line[at..].starts_with(a)) {
                found.push(format!("working name {phrase:?}"));
            }
        }
    }
    for word in TRACKER_WORDS {
        for (at, _) in line.match_indices(word) {
            let before_ok = line[..at].chars().next_back().is_none_or(|c| !c.is_alphanumeric());
            let rest = line[at + word.len()..].trim_start_matches([' ', '#']);
            let hashed = line[at + word.len()..].trim_start().starts_with('#');
            let number = rest.starts_with(|c: char| c.is_ascii_digit());
            // A word and a number, with or without `#`; for the short words only the `#` form.
            if before_ok && number && (hashed || word.len() > 3) {
                found.push(format!("tracker number after {word:?}"));
            }
        }
    }
    let bytes = line.as_bytes();
    for (at, _) in line.match_indices("seed") {
        let rest = line[at + 4..].trim_start_matches(['s', ' ']);
        if rest.len() >= 3 && rest.as_bytes()[..2] == *b"00" && rest.as_bytes()[2].is_ascii_digit() {
            found.push("a rule text by its file number (seed 00n)".into());
        }
    }
    // `000_0123456789abcdef.txt`-style file names.
    for i in 0..bytes.len().saturating_sub(20) {
        let digits = bytes[i..i + 3].iter().all(u8::is_ascii_digit);
        let hex = bytes[i + 4..i + 20].iter().all(|b| b.is_ascii_hexdigit());
        let starts = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
        if starts && digits && bytes[i + 3] == b'_' && hex {
            found.push("a rule text by its file name".into());
        }
    }
    found
}

/// Sources, tests, benches, examples, docs and the files at the root a user reads.
fn product_files() -> Vec<PathBuf> {
    let dirs = ["crates", "src", "examples", "tests", "benches", "docs", "fuzz", ".ci"];
    let mut files = common::repo_files(&dirs);
    files.retain(|path| path != Path::new(file!()) && !path.ends_with("tests/product_words.rs"));
    files
}

#[test]
fn the_product_speaks_of_itself_only() {
    let files = product_files();
    assert!(files.len() > 100, "the sources were found: {} files", files.len());
    let mut hits = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else { continue };
        let path = file.strip_prefix(root()).expect("under the root").display().to_string();
        for (n, line) in text.lines().enumerate() {
            for finding in findings(&line.to_lowercase()) {
                hits.push(format!("{path}:{}: {finding}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(hits.is_empty(), "{} lines speak of the work, not the product:\n{}", hits.len(), hits.join("\n"));
}

#[test]
fn the_patterns_find_what_they_should_and_only_that() {
    let bad = [
        "bots (is|sue #7)",
        "see is|sue 12",
        "ambi|guity #16",
        "the house rule of se|ed 002",
        "se|eds 001 and 003",
        "from 00|0_f11009df2b8c5827.txt",
        "fixed by the le|ad",
        "for the author or the le|ad to fix",
        "the design| card's list",
        "owned by the solver wo|rk",
        "with other help|ers' builds running",
        "silent in the se|ed",
    ];
    for line in bad.map(plain) {
        assert!(!findings(&line).is_empty(), "not found in {line:?}");
    }
    let good = [
        "deal seed 10099, 2 seats",
        "the same seed gives the same summary",
        "seed 2026",
        "discard #32",
        "random #1",
        "the lead sweep's beams",
        "as the lead has already found a first play",
        "a helper that also checks",
        "tissue 7",
        "a session of several games",
        "use rummykit_rummy40::config as r40config;",
        "the solver works on the standard meld rules",
        "#[error(\"x\")]",
    ];
    for line in good {
        assert!(findings(line).is_empty(), "false alarm in {line:?}: {:?}", findings(line));
    }
}

/// Error messages are read by players and callers who have no rules reference at hand:
/// they say what is wrong in words. Section references belong in the variant's rustdoc.
#[test]
fn error_messages_cite_no_sections() {
    let mut hits = Vec::new();
    let mut messages = 0;
    for file in product_files() {
        if file.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let Ok(text) = fs::read_to_string(&file) else { continue };
        let path = file.strip_prefix(root()).expect("under the root").display().to_string();
        let lines: Vec<&str> = text.lines().collect();
        for (n, line) in lines.iter().enumerate() {
            if !line.trim_start().starts_with("#[error(") {
                continue;
            }
            messages += 1;
            // A long message is wrapped onto the following lines up to `)]`.
            let end = (n..lines.len()).find(|&k| lines[k].trim_end().ends_with(")]")).unwrap_or(n);
            let message = lines[n..=end].join(" ");
            if message.contains('§') || message.contains("RULES.md") {
                hits.push(format!("{path}:{}: {}", n + 1, message.trim()));
            }
        }
    }
    assert!(messages > 100, "only {messages} error messages found");
    assert!(hits.is_empty(), "messages citing sections:\n{}", hits.join("\n"));
}
