//! Every published crate carries what crates.io and docs.rs show and need: a
//! description, the licence and its files, the repository, a README that exists, at most
//! five keywords crates.io accepts, categories crates.io knows, the documentation
//! address and the minimum Rust version. Cargo only warns when one is missing, and
//! crates.io refuses a bad keyword or category at upload: this test says so first.

use std::fs;
use std::path::{Path, PathBuf};

/// The published crates' folders, from the repository's root (`""`: the root package).
/// With [`UNPUBLISHED`], every package of the workspace (checked against its members).
const PUBLISHED: &[&str] = &["", "crates/core", "crates/rummikub", "crates/classic", "crates/rummy40"];

/// The unpublished packages: they must say so, or `cargo publish --workspace` would
/// try them.
const UNPUBLISHED: &[&str] = &["crates/bench", "crates/terminal"];

/// The crates.io category slugs these crates may use (a slug crates.io does not know
/// is refused at upload).
const CATEGORIES: &[&str] =
    &["games", "game-engines", "game-development", "algorithms", "command-line-utilities"];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `key = value` lines of one `[section]` of a manifest; `key.workspace = true`
/// becomes `(key, "workspace")`.
fn section(manifest: &str, name: &str) -> Vec<(String, String)> {
    let header = format!("[{name}]");
    manifest
        .lines()
        .skip_while(|l| l.trim() != header)
        .skip(1)
        .take_while(|l| !l.trim_start().starts_with('['))
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| {
            let key = k.trim();
            match key.strip_suffix(".workspace") {
                Some(key) if v.trim() == "true" => (key.to_owned(), "workspace".to_owned()),
                _ => (key.to_owned(), v.split(" #").next().unwrap_or("").trim().to_owned()),
            }
        })
        .collect()
}

fn field<'a>(fields: &'a [(String, String)], key: &str) -> Option<&'a str> {
    fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

/// The quoted strings of a TOML array value on one line.
fn strings(value: &str) -> Vec<String> {
    value
        .trim_matches(['[', ']'])
        .split(',')
        .map(|s| s.trim().trim_matches('"').to_owned())
        .filter(|s| !s.is_empty())
        .collect()
}

/// A keyword crates.io accepts: at most 20 characters, ASCII letters, digits, `_`, `-`
/// and `+`, starting with a letter.
fn valid_keyword(word: &str) -> bool {
    word.len() <= 20
        && word.starts_with(|c: char| c.is_ascii_alphabetic())
        && word.chars().all(|c| c.is_ascii_alphanumeric() || "_-+".contains(c))
}

#[test]
fn every_published_crate_has_the_metadata_crates_io_shows() {
    let workspace = section(
        &fs::read_to_string(root().join("Cargo.toml")).expect("the root manifest"),
        "workspace.package",
    );
    for key in ["license", "repository", "rust-version", "edition", "version"] {
        assert!(field(&workspace, key).is_some_and(|v| v.len() > 2), "[workspace.package] lacks {key}");
    }
    for dir in PUBLISHED {
        let folder = root().join(dir);
        let manifest = fs::read_to_string(folder.join("Cargo.toml")).expect("a manifest");
        let package = section(&manifest, "package");
        let name = field(&package, "name").expect("a name").trim_matches('"').to_owned();
        assert_eq!(field(&package, "publish"), None, "{name} is published");
        // Inherited from the workspace, or written out.
        for key in ["license", "repository", "rust-version"] {
            let value = field(&package, key);
            assert!(value == Some("workspace") || value.is_some_and(|v| v.len() > 2), "{name} lacks {key}");
        }
        assert!(field(&package, "description").is_some_and(|d| d.len() > 20), "{name}: no description");
        assert_eq!(
            field(&package, "documentation"),
            Some(format!("\"https://docs.rs/{name}\"").as_str()),
            "{name}"
        );
        let readme = field(&package, "readme")
            .unwrap_or_else(|| panic!("{name}: no readme"))
            .trim_matches('"')
            .to_owned();
        assert!(folder.join(&readme).is_file(), "{name}: no {readme}");
        let keywords = strings(field(&package, "keywords").unwrap_or_else(|| panic!("{name}: no keywords")));
        assert!((1..=5).contains(&keywords.len()), "{name}: {} keywords", keywords.len());
        assert!(keywords.iter().all(|k| valid_keyword(k)), "{name}: {keywords:?}");
        let categories =
            strings(field(&package, "categories").unwrap_or_else(|| panic!("{name}: no categories")));
        assert!((1..=5).contains(&categories.len()), "{name}: {categories:?}");
        assert!(categories.iter().all(|c| CATEGORIES.contains(&c.as_str())), "{name}: {categories:?}");
        // The package holds the README and both licence files (`include` names them).
        let include =
            strings(field(&package, "include").unwrap_or_else(|| panic!("{name}: no include list")));
        for file in [readme.as_str(), "LICENSE-MIT", "LICENSE-APACHE"] {
            assert!(include.iter().any(|i| i == file), "{name}: `include` lacks {file}");
            assert!(Path::new(&folder.join(file)).is_file(), "{name}: no {file}");
        }
    }
    for dir in UNPUBLISHED {
        let manifest = fs::read_to_string(root().join(dir).join("Cargo.toml")).expect("a manifest");
        assert_eq!(field(&section(&manifest, "package"), "publish"), Some("false"), "{dir}");
    }
}

/// The `members` of the root manifest's `[workspace]`, their array on one line or
/// several.
fn members(manifest: &str) -> Vec<String> {
    let start = manifest.split_once("[workspace]\n").expect("a [workspace] section").1;
    let start = start.split_once("members").expect("a members list").1;
    let (array, _) = start.split_once(']').expect("the members' array closed");
    let array = array.trim_start().strip_prefix('=').expect("members = [...]").trim();
    strings(&array.replace('\n', " "))
}

/// The lists above name every package of the workspace, no other: a crate added to the
/// members is checked as published or as unpublished.
#[test]
fn every_member_of_the_workspace_is_listed_as_published_or_not() {
    let manifest = fs::read_to_string(root().join("Cargo.toml")).expect("the root manifest");
    let mut members = members(&manifest);
    members.sort();
    let mut listed: Vec<String> =
        PUBLISHED.iter().chain(UNPUBLISHED).filter(|d| !d.is_empty()).map(|d| (*d).to_owned()).collect();
    listed.sort();
    assert_eq!(members, listed, "the workspace's members against the lists");
    // The root, the `""` of the published list, is a package of the workspace itself.
    assert!(PUBLISHED.contains(&""));
    assert!(field(&section(&manifest, "package"), "name").is_some(), "the root is no package");
}

#[test]
fn the_checks_refuse_what_crates_io_refuses() {
    assert!(valid_keyword("card-game") && valid_keyword("scala40"));
    assert!(!valid_keyword("card game") && !valid_keyword("40scala") && !valid_keyword(&"x".repeat(21)));
    let fields =
        section("[package]\nname = \"x\"\nlicense.workspace = true\n[deps]\nname = \"y\"\n", "package");
    assert_eq!(field(&fields, "name"), Some("\"x\""));
    assert_eq!(field(&fields, "license"), Some("workspace"));
    assert_eq!(strings(r#"["games", "game-engines"]"#), ["games", "game-engines"]);
    let one = "[workspace]\nmembers = [\"a\", \"b/c\"]\nexclude = [\"d\"]\n";
    let several = "[package]\n[workspace]\nmembers = [\n    \"a\",\n    \"b/c\",\n]\n";
    assert_eq!(members(one), ["a", "b/c"]);
    assert_eq!(members(several), ["a", "b/c"]);
}
