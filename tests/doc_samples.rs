//! The sample runs of `README.md` and `docs/EXAMPLES.md` are what the tools print:
//! each `$ … cargo run --release --example TOOL -- ARGS` block is run through the
//! tool's own function with the same arguments (and the same stdin, for a piped
//! `printf` or `echo`), and every line the sample shows must come out, in order. Only
//! timings are left out of the comparison; `…` in a sample stands for lines skipped.
//! A text block that looks like a sample run (a `$` line, a `cargo run`) but is not
//! one of that form fails the test rather than being skipped.

use std::fs;
use std::path::Path;

use rummykit_terminal::{Input, Style, cli};

/// One sample: the tool, its arguments, its stdin and the lines it shows.
#[derive(Debug)]
struct Sample {
    file: &'static str,
    tool: String,
    args: Vec<String>,
    stdin: Option<String>,
    shown: Vec<String>,
}

/// Splits a command line into words as a shell would for these samples: blanks
/// separate words, single or double quotes group them.
fn words(line: &str) -> Vec<String> {
    let (mut words, mut word, mut quote, mut any) = (Vec::new(), String::new(), None, false);
    for c in line.chars() {
        match (quote, c) {
            (None, '\'' | '"') => (quote, any) = (Some(c), true),
            (Some(q), c) if c == q => quote = None,
            (None, c) if c.is_whitespace() => {
                if any {
                    words.push(std::mem::take(&mut word));
                    any = false;
                }
            }
            (_, c) => (word, any) = (word + &c.to_string(), true),
        }
    }
    if any {
        words.push(word);
    }
    words
}

/// The samples of `file`: every text block whose first line runs an example.
fn samples(file: &'static str) -> Vec<Sample> {
    let text = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file))
        .expect("the file is in the repository");
    let found = samples_of(file, &text);
    assert!(!found.is_empty(), "{file}: no sample run found");
    found
}

/// The samples of `text` (the contents of `file`); panics on a text block that looks
/// like a sample run and is not one.
fn samples_of(file: &'static str, text: &str) -> Vec<Sample> {
    let mut found = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() != "```text" {
            continue;
        }
        let block: Vec<&str> = lines.by_ref().take_while(|l| l.trim() != "```").collect();
        let looks = block.iter().any(|l| l.contains("cargo run") || l.trim_start().starts_with('$'));
        let Some(first) = block.first().and_then(|l| l.strip_prefix("$ ")) else {
            assert!(
                !looks,
                "{file}: a text block with a command that is not its first line, after `$ `: {block:?}"
            );
            continue;
        };
        // A command may go on to the next line after a trailing backslash.
        let mut command = first.to_owned();
        let mut rest = &block[1..];
        while command.ends_with('\\') {
            command.pop();
            command.push_str(rest[0]);
            rest = &rest[1..];
        }
        let Some((feed, run)) = command.split_once("cargo run --release --example ") else {
            panic!("{file}: `{command}` does not run `cargo run --release --example TOOL`")
        };
        let run = words(run);
        let tool = run[0].clone();
        let args = run.iter().skip_while(|w| *w != "--").skip(1).cloned().collect();
        // `printf '…' |` or `echo '…' |`: the tool's stdin.
        let stdin = words(feed.trim().trim_end_matches('|')).split_first().map(|(program, words)| {
            match program.as_str() {
                "printf" => words[0].replace("\\n", "\n"),
                "echo" => format!("{}\n", words.join(" ")),
                other => panic!("{file}: a sample fed by `{other}`"),
            }
        });
        found.push(Sample { file, tool, args, stdin, shown: rest.iter().map(|l| (*l).to_owned()).collect() });
    }
    found
}

/// What the tool prints for `sample`: stdout, then stderr.
fn run(sample: &Sample) -> String {
    let args = sample.args.iter().map(Into::into);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let stdin = match &sample.stdin {
        Some(text) => text.clone(),
        // Typed at the terminal: the commands after the prompts.
        None => sample
            .shown
            .iter()
            .filter_map(|l| {
                l.split_once("> ").filter(|(p, _)| p.starts_with("seat ")).map(|(_, c)| format!("{c}\n"))
            })
            .collect(),
    };
    match sample.tool.as_str() {
        "play" => {
            cli::play(args, Input::plain(stdin.as_bytes()), &mut out, &mut err, Style::PLAIN, 0);
        }
        "simulate" => {
            cli::simulate(args, &mut out, &mut err, false);
        }
        "solve" => {
            cli::solve(args, &mut stdin.as_bytes(), &mut out, &mut err);
        }
        other => panic!("{}: no tool `{other}`", sample.file),
    }
    String::from_utf8([out, err].concat()).expect("UTF-8 output")
}

/// `line` without what changes from run to run: times, rates and the thread count
/// (each number with its unit becomes `#`), and `solve --json`'s `micros`.
fn untimed(line: &str) -> String {
    const UNITS: &[&str] = &["s", "ms", "µs", "games/s", "thread", "threads"];
    let mut words: Vec<String> = Vec::new();
    for word in line.split(' ') {
        if let Some(rest) = word.strip_prefix("{\"micros\":") {
            words.push(rest.split_once(',').map_or("", |(_, r)| r).to_owned());
            continue;
        }
        let unit = word.trim_end_matches([',', ')']);
        let number = |w: &str| w.trim_start_matches('(').parse::<f64>().is_ok();
        match words.last_mut() {
            Some(last) if UNITS.contains(&unit) && number(last) => *last = "#".to_owned(),
            _ => words.push(word.to_owned()),
        }
    }
    words.join(" ")
}

#[test]
fn every_sample_run_of_the_docs_is_what_the_tool_prints() {
    let all: Vec<Sample> = samples("README.md").into_iter().chain(samples("docs/EXAMPLES.md")).collect();
    let tools: Vec<&str> = all.iter().map(|s| s.tool.as_str()).collect();
    // The samples this test is meant to hold true, so that a change of format is seen.
    for tool in ["play", "simulate", "solve"] {
        assert!(tools.contains(&tool), "no sample of {tool} found: {tools:?}");
    }
    for sample in &all {
        let printed: Vec<String> = run(sample).lines().map(untimed).collect();
        let mut from = 0;
        for shown in sample.shown.iter().filter(|l| l.trim() != "…") {
            let shown = untimed(shown);
            match printed[from..].iter().position(|p| *p == shown) {
                Some(at) => from += at + 1,
                None => panic!(
                    "{}: `{} {}` does not print {shown:?} (in this order); it printed:\n{}",
                    sample.file,
                    sample.tool,
                    sample.args.join(" "),
                    printed.join("\n")
                ),
            }
        }
    }
}

#[test]
fn timings_are_all_that_is_left_out() {
    assert_eq!(
        untimed("classic: 20 games of 3 players, seed 1, 2 threads, 0.0 s (2736 games/s)"),
        "classic: 20 games of 3 players, seed 1, # # #"
    );
    assert_eq!(untimed(r#"{"micros":64,"placed":["r4","J"]}"#), r#""placed":["r4","J"]}"#);
    assert_eq!(untimed("(most tiles, opened, solved in 86 µs)"), "(most tiles, opened, solved in #");
    // Counts that are not timings stay.
    assert_eq!(untimed("planner #1       20      7  35.0%"), "planner #1       20      7  35.0%");
    assert_eq!(words(r#"--table "r1 r2" --rack 'J'"#), ["--table", "r1 r2", "--rack", "J"]);
}

/// A text block that looks like a sample run but is not one in the form the test reads
/// (the command not first, or not after `$ `, or an example run without `--release`)
/// fails rather than being skipped; one that is read is found.
#[test]
fn a_block_like_a_sample_that_is_not_read_fails() {
    let block = |body: &str| format!("Before.\n\n```text\n{body}\n```\n\nAfter.\n");
    let read = "$ cargo run --release --example simulate -- --games 3";
    let found = samples_of("sample", &block(&format!("{read}\nclassic: 3 games")));
    assert_eq!((found.len(), found[0].tool.as_str()), (1, "simulate"));
    assert_eq!(
        (found[0].args.clone(), found[0].shown.clone()),
        (vec!["--games".to_owned(), "3".to_owned()], vec!["classic: 3 games".to_owned()])
    );
    // Not samples, and not like one: a usage text, an empty block.
    assert!(samples_of("sample", &block("usage: play [--game GAME]")).is_empty());
    assert!(samples_of("sample", &block("")).is_empty());
    for unread in [
        "cargo run --release --example play -- --seed 7",
        "output first\n$ cargo run --release --example play",
        "$ cargo run --example play -- --seed 7",
        "$cargo run --release --example play",
        "$ ./target/release/examples/play --seed 7",
    ] {
        let text = block(unread);
        let outcome = std::panic::catch_unwind(|| samples_of("sample", &text));
        assert!(outcome.is_err(), "{unread:?} skipped");
    }
}
