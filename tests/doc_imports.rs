//! The facade's own examples name `rand` and `rand_chacha` through `rummykit`, as the
//! README tells a user to: a program that depends on `rummykit` alone has no other
//! path to them, so an example copied from these docs must compile there.

use std::fs;

mod common;
use common::repo_files;

/// Every line of a doc example (`///` or `//!`, between the fences) in the facade's
/// sources that imports or seeds through `rand::…` or `rand_chacha::…` does so as
/// `rummykit::rand…`.
#[test]
fn facade_examples_reach_rand_through_the_facade() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for path in repo_files(&["src"]) {
        if path.extension().and_then(|e| e.to_str()) != Some("rs") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file");
        // Only the lines of an example (between its fences), not the prose around it.
        let mut in_example = false;
        for (n, line) in text.lines().enumerate() {
            let doc = line.trim_start();
            let Some(code) = doc.strip_prefix("///").or_else(|| doc.strip_prefix("//!")) else { continue };
            let code = code.trim_start();
            if code.starts_with("```") {
                in_example = !in_example;
                continue;
            }
            let code = code.trim_start_matches("# ");
            if !in_example || !(code.starts_with("use ") || code.contains("::seed_from_u64")) {
                continue;
            }
            checked += 1;
            // A path that starts with the crate's name, not with `rummykit::`.
            let direct = code
                .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .any(|path| path.starts_with("rand::") || path.starts_with("rand_chacha::"));
            if direct {
                wrong.push(format!("{}:{}: {}", path.display(), n + 1, code));
            }
        }
    }
    assert!(checked > 0, "no example lines found in the facade's sources");
    assert!(wrong.is_empty(), "examples that import rand directly:\n{}", wrong.join("\n"));
}
