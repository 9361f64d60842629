//! Every published crate carries what crates.io and docs.rs show and need: a
//! description, the licence and its files, the repository, a README that exists, at most
//! five keywords crates.io accepts, categories crates.io knows, the documentation
//! address and the minimum Rust version. Cargo only warns when one is missing, and
//! crates.io refuses a bad keyword or category at upload: this test says so first.
//!
//! The manifests are read as Cargo resolves them (`cargo metadata`: workspace
//! inheritance applied), not parsed here.

use std::fs;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// The published packages; every other package of the workspace must say it is not
/// published, or `cargo publish --workspace` would try it.
const PUBLISHED: &[&str] =
    &["rummykit", "rummykit-core", "rummykit-rummikub", "rummykit-classic", "rummykit-rummy40"];

/// The crates.io category slugs these crates may use (a slug crates.io does not know
/// is refused at upload).
const CATEGORIES: &[&str] =
    &["games", "game-engines", "game-development", "algorithms", "command-line-utilities"];

/// The workspace's packages as Cargo reads them.
fn packages() -> Vec<Value> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let out = Command::new(cargo)
        .args(["metadata", "--no-deps", "--offline", "--format-version", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo metadata runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let metadata: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    metadata["packages"].as_array().expect("a package list").clone()
}

fn text<'a>(package: &'a Value, key: &str) -> Option<&'a str> {
    package[key].as_str()
}

fn strings(package: &Value, key: &str) -> Vec<String> {
    package[key].as_array().into_iter().flatten().filter_map(|v| v.as_str().map(str::to_owned)).collect()
}

/// A keyword crates.io accepts: at most 20 characters, ASCII letters, digits, `_`, `-`
/// and `+`, starting with a letter.
fn valid_keyword(word: &str) -> bool {
    word.len() <= 20
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c))
}

/// The files of a manifest's one-line `include = [...]` list (Cargo's metadata does not
/// report it).
fn include(manifest: &str) -> Vec<String> {
    let line = manifest.lines().find(|l| l.trim_start().starts_with("include")).unwrap_or("");
    let list = line.split_once('=').map_or("", |(_, v)| v).trim().trim_matches(['[', ']']);
    list.split(',').map(|s| s.trim().trim_matches('"').to_owned()).filter(|s| !s.is_empty()).collect()
}

#[test]
fn every_published_crate_has_the_metadata_crates_io_shows() {
    let packages = packages();
    let mut published: Vec<&str> = Vec::new();
    for package in &packages {
        let name = text(package, "name").expect("a name");
        // `publish = false` reads as an empty list of registries; no key as null.
        if package["publish"].is_array() {
            assert_eq!(package["publish"].as_array().map(Vec::len), Some(0), "{name}");
            continue;
        }
        published.push(name);
        for key in ["license", "repository", "rust_version"] {
            assert!(text(package, key).is_some_and(|v| v.len() > 2), "{name} lacks {key}");
        }
        assert!(text(package, "description").is_some_and(|d| d.len() > 20), "{name}: no description");
        assert_eq!(text(package, "documentation"), Some(format!("https://docs.rs/{name}").as_str()));
        let manifest_path = Path::new(text(package, "manifest_path").expect("a manifest path"));
        let folder = manifest_path.parent().expect("the package's folder");
        let readme = text(package, "readme").unwrap_or_else(|| panic!("{name}: no readme"));
        assert!(folder.join(readme).is_file(), "{name}: no {readme}");
        let keywords = strings(package, "keywords");
        assert!((1..=5).contains(&keywords.len()), "{name}: {} keywords", keywords.len());
        assert!(keywords.iter().all(|k| valid_keyword(k)), "{name}: {keywords:?}");
        let categories = strings(package, "categories");
        assert!((1..=5).contains(&categories.len()), "{name}: {categories:?}");
        assert!(categories.iter().all(|c| CATEGORIES.contains(&c.as_str())), "{name}: {categories:?}");
        // The package holds the README and both licence files (`include` names them).
        let include = include(&fs::read_to_string(manifest_path).expect("the manifest"));
        for file in [readme, "LICENSE-MIT", "LICENSE-APACHE"] {
            assert!(include.iter().any(|i| i == file), "{name}: `include` lacks {file}");
            assert!(folder.join(file).is_file(), "{name}: no {file}");
        }
    }
    // A package added to the workspace is published only on purpose.
    published.sort_unstable();
    let mut expected = PUBLISHED.to_vec();
    expected.sort_unstable();
    assert_eq!(published, expected, "the published packages");
}

#[test]
fn the_checks_refuse_what_crates_io_refuses() {
    assert!(valid_keyword("card-game") && valid_keyword("scala40"));
    assert!(!valid_keyword("card game") && !valid_keyword("40scala") && !valid_keyword(&"x".repeat(21)));
    assert_eq!(
        include("name = \"x\"\ninclude = [\"src/**/*.rs\", \"README.md\"]\n"),
        ["src/**/*.rs", "README.md"]
    );
    assert!(include("[package]\nname = \"x\"\n").is_empty());
}
