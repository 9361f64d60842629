//! The product speaks of itself only: no source file, doc or message refers to issue
//! numbers, to the rule texts it was written from by their file numbers, or to the
//! names of the work that produced it. Rules are cited by docs/RULES.md section.

use std::fs;
use std::path::{Path, PathBuf};

mod common;
use common::root;

/// Phrases that name the work rather than the product, each kept only as its
/// [`phrase_hash`] so that this file names none of them. To add one, print
/// `phrase_hash("…")` once and paste the number; a phrase has at most [`LONGEST`] words.
const WORKING_NAMES: &[u64] = &[
    0x09e482faba3fd6b7,
    0xd39b91c65886a14b,
    0xdb348fccc1af85e5,
    0xf1a0651c47783d53,
    0xc5169309f10c539e,
    0xd5b495b18c24d6f7,
    0x712f64b764cbf8b0,
    0x958728afd4f21e1f,
    0x6879b87e6e50457f,
    0x3f5c50fb4178473c,
    0x78e9da3e7665b454,
    0x5b98b37707b71828,
    0xa5db88fcc58c50cb,
    0x31e701209191bbc4,
    0x90f4cf7afc99f235,
    0x2538e7151a67c066,
    0x6177b078cf3c7c25,
    0x7e577b6ce13c8a4f,
    0x23d2cf13b6af6388,
    0xf4435520af5b42ee,
    0xf4435820af5b4807,
    0x1bf8f27debd07641,
    0x6b47835e16164be2,
    0x4f85a56e572815a1,
    0xe3d700afd4910fdf,
    0x46643cd953b210f2,
    0x622b346db016ec16,
    0x56a2efe1f8d17685,
    0x011738344018aea6,
    0x7214da6b86af96d3,
    0x80033cf46f250db2,
];

/// The most words in a phrase of [`WORKING_NAMES`].
const LONGEST: usize = 6;

/// Words after which `#7` or `7` is a tracker number.
const TRACKER_WORDS: &[&str] = &["issue", "issues", "ambiguity", "pull request", "pr", "ticket", "bug"];

/// The words of `text`: each run of letters and digits, and each other character that is
/// not white space on its own (`the x's` is `the`, `x`, `'`, `s`). Matching whole words
/// keeps `ab` from being found in `abc`, and spacing does not hide a phrase.
fn words(text: &str) -> Vec<&str> {
    let mut words = Vec::new();
    let mut run = None;
    for (at, c) in text.char_indices() {
        if c.is_alphanumeric() {
            run.get_or_insert(at);
            continue;
        }
        if let Some(start) = run.take() {
            words.push(&text[start..at]);
        }
        if !c.is_whitespace() {
            words.push(&text[at..at + c.len_utf8()]);
        }
    }
    if let Some(start) = run {
        words.push(&text[start..]);
    }
    words
}

/// FNV-1a (64-bit) of `bytes`, continuing from `hash`.
fn fnv1a(mut hash: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        hash = (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;

/// The hash a phrase is listed by: FNV-1a of its lowercase [`words`] joined by single spaces.
fn phrase_hash(phrase: &str) -> u64 {
    fnv1a(FNV_OFFSET, words(&phrase.to_lowercase()).join(" ").as_bytes())
}

/// `text` without the `|` marks that keep this file's own examples from matching.
fn plain(text: &str) -> String {
    text.replace('|', "")
}

/// What is wrong with `line`, if anything, `names` being the hashes of the phrases refused.
fn findings(line: &str, names: &[u64]) -> Vec<String> {
    let line = &line.to_lowercase();
    let mut found = Vec::new();
    let words = words(line);
    // Every window of up to LONGEST words, hashed as it grows by one word.
    for start in 0..words.len() {
        let mut hash = FNV_OFFSET;
        for (end, word) in words.iter().enumerate().skip(start).take(LONGEST) {
            if end > start {
                hash = fnv1a(hash, b" ");
            }
            hash = fnv1a(hash, word.as_bytes());
            if names.contains(&hash) {
                found.push(format!("working name {:?}", words[start..=end].join(" ")));
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
            for finding in findings(line, WORKING_NAMES) {
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
        "from 00|0_0123456789abcdef.txt",
    ];
    for line in bad.map(plain) {
        assert!(!findings(&line, WORKING_NAMES).is_empty(), "not found in {line:?}");
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
        assert!(
            findings(line, WORKING_NAMES).is_empty(),
            "false alarm in {line:?}: {:?}",
            findings(line, WORKING_NAMES)
        );
    }
}

/// Phrases made up here, planted in text built at run time: found as whole words in any
/// case and spacing, whatever punctuation they hold, and nowhere else.
#[test]
fn a_planted_phrase_is_found() {
    let names = ["purple walrus", "walrus's", "../attic", "tea `", "cake'", "x9"].map(phrase_hash);
    let caught = [
        "a purple walrus here",
        "A PURPLE   Walrus",
        "the walrus's tale",
        "see ../attic/box.md",
        "in ../attic",
        "the tea `pot`",
        "the tea`pot`",
        "the cake' of",
        "(x9)",
    ];
    for line in caught {
        assert_eq!(findings(line, &names).len(), 1, "{line:?}: {:?}", findings(line, &names));
    }
    let missed = [
        "purplewalrus",
        "purple walruses",
        "purple, walrus",
        "the walrus",
        "../attics",
        "attic",
        "tea",
        "cakes'",
        "x90 ax9 x9y",
    ];
    for line in missed {
        assert!(findings(line, &names).is_empty(), "false alarm in {line:?}: {:?}", findings(line, &names));
    }
    // One phrase of the real list, put together only here.
    let planted = format!("the {} note", ["work", "ing"].concat());
    assert_eq!(findings(&planted, WORKING_NAMES).len(), 1, "not found in {planted:?}");
    let distinct: std::collections::HashSet<_> = WORKING_NAMES.iter().collect();
    assert_eq!(distinct.len(), WORKING_NAMES.len(), "a phrase is listed twice");
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
