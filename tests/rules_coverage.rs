//! docs/RULES.md → tests: a checked index of which tests pin down which rule.
//!
//! * Sections are covered by a naming convention: a test named `rules_<n>_<m>_…` tests
//!   §n.m (`rules_0_…` tests §0). Every section needs at least one such test.
//! * The three option tables (§1.10, §2.7, §3.9) and the register of readings (§6) are
//!   listed below, each row with the tests that set the option to a non-default value or
//!   assert the register's reading.
//!
//! The index is checked against the test sources (every named test exists, every
//! `rules_…` name points to a real section) and against docs/RULES.md: every section,
//! option and register row it has is in the index and the index names nothing it does not
//! have. Every `§n.m` reference anywhere in the sources and docs names a section of
//! docs/RULES.md.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::PathBuf;

mod common;
use common::root;

/// Rows of the option tables: (section, option as the first name in its row, tests).
const OPTIONS: &[(&str, &str, &[&str])] = &[
    ("1.10", "tile_set", &["crates/rummikub/tests/deal.rs::rules_1_1_xp_set_for_five_and_six_players"]),
    ("1.10", "rack_size", &["crates/rummikub/tests/deal.rs::rules_1_2_rack_size_option"]),
    ("1.10", "initial_meld_threshold", &["crates/rummikub/tests/turns.rs::rules_1_5_threshold_option"]),
    (
        "1.10",
        "joker_value_in_initial_meld",
        &["crates/rummikub/tests/turns.rs::rules_1_5_joker_value_zero_option"],
    ),
    (
        "1.10",
        "manipulate_on_initial_meld_turn",
        &["crates/rummikub/tests/turns.rs::rules_1_5_manipulate_on_initial_meld_turn_option"],
    ),
    ("1.10", "joker_penalty", &["crates/rummikub/tests/scoring.rs::rules_1_8_joker_penalty_options"]),
    (
        "1.10",
        "group3_joker_needs_both",
        &[
            "crates/rummikub/tests/turns.rs::rules_1_6_joker_retrieved_from_group_of_three_either_colour",
            "crates/rummikub/tests/turns.rs::rules_1_6_group_of_three_needs_both_option",
        ],
    ),
    (
        "1.10",
        "joker_replacement_source",
        &[
            "crates/rummikub/tests/turns.rs::rules_1_6_replacement_from_table_or_rack_only",
            "crates/rummikub/tests/clauses.rs::rules_1_6_run_joker_moved_to_the_other_end_per_option",
        ],
    ),
    (
        "1.10",
        "joker_reuse",
        &[
            "crates/rummikub/tests/turns.rs::rules_1_6_freed_joker_not_reused_rejected",
            "crates/rummikub/tests/turns.rs::rules_1_6_joker_reuse_with_two_rack_tiles_option",
            "crates/rummikub/tests/clauses.rs::rules_1_6_run_joker_moved_to_the_other_end_per_option",
        ],
    ),
    ("1.10", "joker_release", &["crates/rummikub/tests/turns.rs::rules_4_1_joker_only_by_exact_tile"]),
    (
        "1.10",
        "keep_three",
        &[
            "crates/rummikub/tests/turns.rs::rules_4_1_keep_three_violated",
            "crates/rummikub/tests/clauses.rs::rules_1_6_rummikub_has_no_keep_three_schmidt_does",
        ],
    ),
    ("1.10", "joker_melds_locked", &["crates/rummikub/tests/turns.rs::rules_1_6_locked_joker_melds_option"]),
    (
        "1.10",
        "hand_rummy_double",
        &[
            "crates/rummikub/tests/scoring.rs::rules_1_8_c_hand_rummy_double_example",
            "crates/rummikub/tests/scoring.rs::rules_1_8_c_hand_rummy_off_keeps_threshold",
            "crates/rummikub/tests/clauses.rs::rules_4_1_handrummy_lays_everything_out_in_own_melds",
        ],
    ),
    (
        "1.10",
        "timer",
        &[
            "crates/rummikub/tests/flow.rs::rules_1_9_timeout_needs_the_timer",
            "crates/rummikub/tests/flow.rs::rules_1_9_timeout_with_pending_changes_restores_and_draws_three",
        ],
    ),
    (
        "1.10",
        "timeout_penalty_pending",
        &["crates/rummikub/tests/flow.rs::rules_1_9_timeout_without_changes_draws_one"],
    ),
    (
        "1.10",
        "timeout_penalty_idle",
        &["crates/rummikub/tests/flow.rs::rules_1_9_timeout_without_changes_draws_one"],
    ),
    ("1.10", "abandon_penalty", &["crates/rummikub/tests/flow.rs::rules_1_9_abandon_penalty_option"]),
    (
        "1.10",
        "pool_empty_end",
        &[
            "crates/rummikub/tests/flow.rs::rules_1_7_pool_empty_ends_after_everyone_passed_in_turn",
            "crates/rummikub/tests/flow.rs::rules_1_7_one_final_turn_each_option",
        ],
    ),
    ("1.10", "never_melded_penalty", &["crates/rummikub/tests/scoring.rs::rules_1_5_never_melded_penalty"]),
    (
        "1.10",
        "session_ranking",
        &[
            "crates/rummikub/tests/deal.rs::rules_1_8_session_ranking_options",
            "crates/rummikub/tests/sessions.rs::rules_1_8_a_target_reached_by_two_seats_in_one_game",
        ],
    ),
    (
        "2.7",
        "meld_limit",
        &["crates/classic/tests/rules.rs::rules_2_3_meld_limit_one_per_turn_and_unlimited"],
    ),
    (
        "2.7",
        "layoff_requires_own_meld",
        &["crates/classic/tests/rules.rs::rules_2_3_lay_off_ban_until_an_own_meld"],
    ),
    (
        "2.7",
        "ace",
        &[
            "crates/classic/tests/rules.rs::rules_2_4_ace_low_only_by_default",
            "crates/classic/tests/rules.rs::rules_2_4_ace_high_or_low",
            "crates/classic/tests/rules.rs::rules_2_4_ace_round_the_corner",
        ],
    ),
    (
        "2.7",
        "must_discard_to_go_out",
        &[
            "crates/classic/tests/rules.rs::rules_2_5_going_out_without_a_final_discard_and_with_must_discard",
            "crates/classic/tests/rules.rs::rules_2_5_going_out_by_lay_off_and_the_lay_off_variant_of_must_discard",
        ],
    ),
    ("2.7", "shuffle_on_restock", &["crates/classic/tests/rules.rs::rules_2_5_restock_with_shuffle"]),
    ("2.7", "max_restocks", &["crates/classic/tests/rules.rs::rules_2_5_restock_cap_ends_the_hand_void"]),
    ("2.7", "going_rummy_double", &["crates/classic/tests/rules.rs::rules_2_6_worked_example_40_80_54"]),
    (
        "2.7",
        "game_end",
        &[
            "crates/classic/tests/rules.rs::rules_2_6_match_is_cumulative_until_the_target",
            "crates/classic/tests/rules.rs::rules_2_2_dealer_rotates_clockwise_each_hand",
            "tests/match_referee.rs::rules_2_6_matches_agree_with_a_plain_referee",
        ],
    ),
    ("3.9", "jokers", &["crates/rummy40/tests/rules.rs::rules_3_1_scala40_has_four_jokers_and_108_cards"]),
    (
        "3.9",
        "joker_hand_penalty",
        &["crates/rummy40/tests/analysis.rs::rules_3_8_deadwood_counts_joker_penalty"],
    ),
    ("3.9", "ace_low_in_runs", &["crates/rummy40/tests/rules.rs::rules_3_4_ace_low_option_counts_one"]),
    (
        "3.9",
        "opening_threshold",
        &["crates/rummy40/tests/options.rs::rules_3_9_opening_threshold_takes_any_value"],
    ),
    (
        "3.9",
        "opening_threshold_scope",
        &["crates/rummy40/tests/rules.rs::rules_3_5_scope_only_when_taking_discard"],
    ),
    (
        "3.9",
        "taken_discard_must_be_used_after_open",
        &["crates/rummy40/tests/rules.rs::rules_3_3_taken_discard_must_be_used_option"],
    ),
    (
        "3.9",
        "set3_joker_swap",
        &[
            "crates/rummy40/tests/rules.rs::rules_3_6_set_of_three_joker_needs_both_missing_suits",
            "crates/rummy40/tests/rules.rs::rules_3_6_either_missing_option_swaps_one_card",
        ],
    ),
    (
        "3.9",
        "swapped_joker_must_be_played_same_turn",
        &["crates/rummy40/tests/rules.rs::rules_3_6_swapped_joker_must_be_played_option"],
    ),
    ("3.9", "joker_limit", &["crates/rummy40/tests/rules.rs::rules_3_4_joker_limit_option"]),
    (
        "3.9",
        "forbid_playable_discard",
        &["crates/rummy40/tests/rules.rs::rules_3_6_forbid_playable_discard_option"],
    ),
    (
        "3.9",
        "joker_discard",
        &[
            "crates/rummy40/tests/rules.rs::rules_3_6_joker_discard_only_when_closing_option",
            "crates/rummy40/tests/rules.rs::rules_3_6_joker_discard_only_when_closing_allows_the_last_card",
            "crates/rummy40/tests/rules.rs::rules_3_6_joker_discard_only_when_closing_allows_a_hand_of_jokers",
        ],
    ),
    (
        "3.9",
        "going_rummy_bonus",
        &["crates/rummy40/tests/rules.rs::rules_3_8_rummy_bonus_double_and_unopened_penalty_options"],
    ),
    (
        "3.9",
        "rummy_requires_opening_threshold",
        &["crates/rummy40/tests/rules.rs::rules_3_7_rummy_threshold_option"],
    ),
    (
        "3.9",
        "game_end",
        &[
            "crates/rummy40/tests/rules.rs::rules_3_8_elimination_at_101_exactly",
            "crates/rummy40/tests/rules.rs::rules_3_8_other_match_ends",
            "tests/match_referee.rs::rules_3_8_matches_agree_with_a_plain_referee",
        ],
    ),
    (
        "3.9",
        "unopened_penalty",
        &["crates/rummy40/tests/rules.rs::rules_3_8_rummy_bonus_double_and_unopened_penalty_options"],
    ),
    ("3.9", "max_restocks", &["crates/rummy40/tests/rules.rs::rules_3_7_max_restocks_option_voids_the_hand"]),
];

/// Rows of the register of readings (§6): (row number, tests asserting its reading).
const REGISTER: &[(u32, &[&str])] = &[
    (
        1,
        &[
            "crates/rummy40/tests/rules.rs::rules_3_5_opening_of_39_is_rejected",
            "crates/rummy40/tests/rules.rs::rules_3_3_take_discard_before_opening_only_with_an_opening",
        ],
    ),
    (2, &["crates/rummy40/tests/rules.rs::rules_3_4_ace_only_high_by_default"]),
    (3, &["crates/rummy40/tests/rules.rs::rules_3_6_closed_set_never_gives_up_its_joker"]),
    (4, &["crates/rummy40/tests/rules.rs::rules_3_6_set_of_three_joker_needs_both_missing_suits"]),
    (5, &["crates/rummy40/tests/rules.rs::rules_3_7_going_rummy_waives_40_and_costs_25"]),
    (6, &["crates/rummy40/tests/rules.rs::rules_3_3_build_and_further_melds_need_an_opening"]),
    (
        7,
        &[
            "crates/rummy40/tests/rules.rs::rules_3_8_elimination_at_101_exactly",
            "crates/rummy40/tests/matches.rs::rules_3_8_elimination_played_out_with_scripted_hands",
        ],
    ),
    (
        8,
        &["crates/classic/tests/rules.rs::rules_2_5_going_out_without_a_final_discard_and_with_must_discard"],
    ),
    (9, &["crates/classic/tests/rules.rs::rules_2_3_meld_limit_one_per_turn_and_unlimited"]),
    (
        10,
        &[
            "crates/classic/tests/rules.rs::rules_2_5_restock_turns_the_pile_over_unshuffled",
            "crates/classic/tests/rules.rs::rules_2_5_restock_cap_ends_the_hand_void",
        ],
    ),
    (11, &["crates/rummikub/tests/scoring.rs::rules_1_8_b_pool_empty_example"]),
    (12, &["crates/rummikub/tests/turns.rs::rules_1_6_joker_retrieved_from_group_of_three_either_colour"]),
    (13, &["crates/rummikub/tests/turns.rs::rules_1_6_joker_retrieved_from_group_of_four"]),
    (14, &["crates/rummikub/tests/turns.rs::rules_1_6_replacement_from_table_or_rack_only"]),
    (15, &["crates/rummikub/tests/turns.rs::rules_1_6_freed_joker_not_reused_rejected"]),
    (
        16,
        &[
            "crates/core/tests/melds.rs::rules_1_4_several_jokers_allowed",
            "crates/core/tests/melds.rs::rules_1_4_one_natural_two_jokers_valid_as_either_kind",
        ],
    ),
    (17, &["crates/rummikub/tests/turns.rs::rules_1_5_joker_in_initial_meld_counts_represented_value"]),
    (
        18,
        &[
            "crates/core/tests/melds.rs::rules_1_4_one_is_always_low",
            "crates/rummikub/tests/solver_cases.rs::no_wrap_around",
        ],
    ),
    (19, &["crates/rummikub/tests/turns.rs::rules_1_5_manipulate_on_initial_meld_turn_option"]),
    (
        20,
        &[
            "crates/rummikub/tests/flow.rs::rules_1_9_timeout_needs_the_timer",
            "crates/rummikub/tests/flow.rs::rules_1_9_timeout_with_pending_changes_restores_and_draws_three",
        ],
    ),
    (21, &["crates/rummikub/tests/flow.rs::rules_1_3_draw_is_voluntary"]),
    (
        22,
        &[
            "crates/core/tests/pieces.rs::rules_1_1_rummikub_catalogs",
            "crates/rummikub/tests/deal.rs::rules_1_1_xp_set_for_five_and_six_players",
        ],
    ),
    (
        23,
        &[
            "crates/rummikub/tests/deal.rs::rules_1_8_session_ranking_options",
            "crates/rummikub/tests/sessions.rs::rules_1_8_a_session_of_the_worked_examples_adds_up_and_the_start_rotates",
        ],
    ),
    (
        24,
        &[
            "crates/rummikub/tests/scoring.rs::rules_1_8_tie_broken_by_fewer_tiles",
            "crates/rummikub/tests/scoring.rs::rules_1_8_tie_splits_pot_with_remainder_clockwise",
            "crates/rummikub/tests/sessions.rs::rules_1_8_a_target_reached_by_two_seats_in_one_game",
        ],
    ),
    (
        25,
        &[
            "crates/rummikub/tests/scoring.rs::rules_1_8_c_hand_rummy_double_example",
            "crates/rummikub/tests/clauses.rs::rules_4_1_handrummy_lays_everything_out_in_own_melds",
        ],
    ),
];

/// Sections covered by the tables above rather than by `rules_…` names.
const TABLE_SECTIONS: &[&str] = &["1.10", "2.7", "3.9", "6"];

/// Sections with nothing to test, and why.
const UNTESTED: &[(&str, &str)] =
    &[("4.2", "Okey and 101 Okey: not implemented"), ("7", "the list of sources")];

/// The rules reference, which ships with the repository.
fn rules_md() -> String {
    fs::read_to_string(root().join("docs/RULES.md")).expect("docs/RULES.md is in the repository")
}

/// Every test source file: `tests/*.rs` of the workspace root and of every crate.
fn test_files() -> Vec<PathBuf> {
    let mut dirs = vec![root().join("tests")];
    for entry in fs::read_dir(root().join("crates")).expect("crates/") {
        dirs.push(entry.expect("crates/ entry").path().join("tests"));
    }
    let mut files = Vec::new();
    while let Some(dir) = dirs.pop() {
        let Ok(entries) = fs::read_dir(&dir) else { continue };
        for entry in entries {
            let path = entry.expect("directory entry").path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The names of the functions defined in `text`.
fn functions(text: &str) -> BTreeSet<String> {
    text.split("fn ")
        .skip(1)
        .filter_map(|rest| {
            let name: String = rest.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            let next = rest[name.len()..].chars().next();
            (!name.is_empty() && matches!(next, Some('(' | '<'))).then_some(name)
        })
        .collect()
}

/// The section a `rules_…` test name points to: up to two numbers after `rules_`.
fn section_of(test: &str) -> Option<String> {
    let rest = test.strip_prefix("rules_")?;
    let numbers: Vec<&str> =
        rest.split('_').take(2).take_while(|part| part.chars().all(|c| c.is_ascii_digit())).collect();
    (!numbers.is_empty() && !numbers[0].is_empty()).then(|| numbers.join("."))
}

/// Every `rules_…` test, by the section it names: section → `path::name`.
fn rule_tests() -> BTreeMap<String, Vec<String>> {
    let mut by_section: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for file in test_files() {
        let text = fs::read_to_string(&file).expect("readable test file");
        let path = file.strip_prefix(root()).expect("under the root").display().to_string();
        for name in functions(&text) {
            if let Some(section) = section_of(&name) {
                by_section.entry(section).or_default().push(format!("{path}::{name}"));
            }
        }
    }
    by_section
}

fn indexed_tests() -> impl Iterator<Item = &'static str> {
    OPTIONS.iter().flat_map(|(_, _, t)| t.iter()).chain(REGISTER.iter().flat_map(|(_, t)| t.iter())).copied()
}

#[test]
fn every_indexed_test_exists() {
    let mut missing = Vec::new();
    for entry in indexed_tests() {
        let (path, name) = entry.split_once("::").expect("path::name");
        let text = fs::read_to_string(root().join(path)).unwrap_or_default();
        if !functions(&text).contains(name) {
            missing.push(entry);
        }
    }
    assert!(missing.is_empty(), "the index names tests that do not exist: {missing:#?}");
    for (section, option, tests) in OPTIONS {
        assert!(!tests.is_empty(), "§{section} {option} has no test");
    }
    for (row, tests) in REGISTER {
        assert!(!tests.is_empty(), "§6 row {row} has no test");
    }
}

#[test]
fn the_register_and_option_rows_are_listed_once() {
    let rows: Vec<u32> = REGISTER.iter().map(|(row, _)| *row).collect();
    assert_eq!(rows, (1..=rows.len() as u32).collect::<Vec<_>>(), "register rows 1..=n in order");
    let mut options = BTreeSet::new();
    for (section, option, _) in OPTIONS {
        assert!(TABLE_SECTIONS.contains(section), "§{section} has no option table");
        assert!(options.insert((section, option)), "§{section} {option} listed twice");
    }
}

/// The sections, option rows and register rows of the specification.
struct Spec {
    sections: BTreeSet<String>,
    options: BTreeSet<(String, String)>,
    register: BTreeSet<u32>,
}

fn parse_spec(text: &str) -> Spec {
    let mut spec = Spec { sections: BTreeSet::new(), options: BTreeSet::new(), register: BTreeSet::new() };
    let mut current = String::new();
    for line in text.lines() {
        if let Some(heading) = line.strip_prefix("## ").or_else(|| line.strip_prefix("### ")) {
            let number = heading.split_whitespace().next().unwrap_or("").trim_end_matches('.');
            if !number.is_empty() && number.chars().all(|c| c.is_ascii_digit() || c == '.') {
                current = number.to_string();
                spec.sections.insert(current.clone());
            }
            continue;
        }
        let Some(row) = line.strip_prefix('|') else { continue };
        let first = row.split('|').next().unwrap_or("").trim();
        if current == "6" {
            if let Ok(n) = first.parse() {
                spec.register.insert(n);
            }
        } else if TABLE_SECTIONS.contains(&current.as_str())
            && let Some(name) = first.strip_prefix('`').and_then(|r| r.split('`').next())
        {
            spec.options.insert((current.clone(), name.to_string()));
        }
    }
    spec
}

#[test]
fn every_rules_test_names_a_real_section_and_every_section_is_tested() {
    let tests = rule_tests();
    let spec = parse_spec(&rules_md());
    assert!(spec.sections.len() > 30 && spec.register.len() >= 25, "RULES.md parsed: {:?}", spec.sections);

    let named: Vec<&String> = tests.keys().filter(|s| !spec.sections.contains(*s)).collect();
    assert!(named.is_empty(), "tests named for sections RULES.md does not have: {named:?}");

    let untested: Vec<&String> = spec
        .sections
        .iter()
        .filter(|s| {
            let top_level = !s.contains('.');
            let by_name = tests.contains_key(*s)
                || (top_level && tests.keys().any(|t| t.starts_with(&format!("{s}."))));
            !by_name && !TABLE_SECTIONS.contains(&s.as_str()) && !UNTESTED.iter().any(|(u, _)| u == s)
        })
        .collect();
    assert!(untested.is_empty(), "sections of RULES.md without a rules_… test: {untested:?}");

    let indexed: BTreeSet<(String, String)> =
        OPTIONS.iter().map(|(s, o, _)| (s.to_string(), o.to_string())).collect();
    let unindexed: Vec<_> = spec.options.difference(&indexed).collect();
    assert!(unindexed.is_empty(), "options of RULES.md missing from the index: {unindexed:?}");
    let unknown: Vec<_> = indexed.difference(&spec.options).collect();
    assert!(unknown.is_empty(), "indexed options RULES.md does not list: {unknown:?}");

    let rows: BTreeSet<u32> = REGISTER.iter().map(|(r, _)| *r).collect();
    assert_eq!(rows, spec.register, "the register rows of RULES.md §6");
    for (section, _) in UNTESTED {
        assert!(spec.sections.contains(*section), "§{section} is not a section of RULES.md");
    }
}

#[test]
fn section_names_are_read_off_test_names() {
    assert_eq!(section_of("rules_1_10_x").as_deref(), Some("1.10"));
    assert_eq!(section_of("rules_0_too_short").as_deref(), Some("0"));
    assert_eq!(section_of("rules_1_8_a_going_out").as_deref(), Some("1.8"));
    assert_eq!(section_of("rules_2_1_and_3_1_card_catalogs").as_deref(), Some("2.1"));
    assert_eq!(section_of("not_a_rules_test"), None);
    assert_eq!(section_of("rules_x"), None);
    assert!(functions("fn a() {} fn b<T>() {} fn (").contains("b"));
    let spec = parse_spec(
        "## 1. A\n### 1.10 Options\n| Option | Default |\n|---|---|\n| `x` / `_y` | 1 |\n## 6. Register\n| 3 | R40 |\n",
    );
    assert_eq!(spec.sections, ["1", "1.10", "6"].map(String::from).into());
    assert_eq!(spec.options, [("1.10".to_string(), "x".to_string())].into());
    assert_eq!(spec.register, [3].into());
}

/// The files whose `§` references must resolve: sources, tests, benches, examples and docs.
fn referencing_files() -> Vec<PathBuf> {
    let dirs = ["crates", "src", "examples", "tests", "benches", "docs", "fuzz"];
    let mut files = common::repo_files(&dirs);
    files.retain(|path| ["rs", "md", "toml", "py"].iter().any(|e| path.extension().is_some_and(|x| x == *e)));
    files
}

/// The section numbers cited in `text` as `§n` or `§n.m` (a `§` followed by no number is
/// not a reference).
fn section_refs(text: &str) -> Vec<String> {
    text.split('§')
        .skip(1)
        .filter_map(|rest| {
            let number: String =
                rest.trim_start().chars().take_while(|c| c.is_ascii_digit() || *c == '.').collect();
            let number = number.trim_end_matches('.');
            (!number.is_empty()).then(|| number.to_string())
        })
        .collect()
}

#[test]
fn every_section_reference_names_a_section_of_rules_md() {
    let spec = parse_spec(&rules_md());
    let files = referencing_files();
    assert!(files.len() > 50, "the sources were found: {} files", files.len());
    let mut cited = 0;
    let mut dangling = Vec::new();
    for file in files {
        let Ok(text) = fs::read_to_string(&file) else { continue };
        let path = file.strip_prefix(root()).expect("under the root").display().to_string();
        for (n, line) in text.lines().enumerate() {
            for section in section_refs(line) {
                cited += 1;
                if !spec.sections.contains(&section) {
                    dangling.push(format!("{path}:{}: §{section}", n + 1));
                }
            }
        }
    }
    assert!(cited > 200, "only {cited} section references found");
    assert!(dangling.is_empty(), "references to sections docs/RULES.md does not have: {dangling:#?}");
}

#[test]
fn section_references_are_read_off_text() {
    assert_eq!(section_refs("RULES.md §1.8 (c), §3.1–§3.9 and § 2.5."), ["1.8", "3.1", "3.9", "2.5"]);
    assert_eq!(section_refs("§0 and §5 item 4; §n.m is not one"), ["0", "5"]);
    let spec = parse_spec(&rules_md());
    assert!(spec.sections.contains("1.10") && !spec.sections.contains("5.4"));
}
