//! The library's [`Variant`]s as the tools play them: the rules with a restock cap for
//! bots, the game's own match, and the rules in brief.

use rummykit::{AnyConfig, GameKind, Variant};
use rummykit_classic::{AceMode, Config as ClassicConfig, MeldLimit};
use rummykit_core::{MatchEnd, Ranking};
use rummykit_rummikub::{Config as RummikubConfig, TileSet, session_terms};
use rummykit_rummy40::Config as Rummy40Config;

use crate::text::plural;

/// The rules the tools play `variant` by: the library's preset, the card games with a
/// restock cap ([`CLASSIC_RESTOCKS`](crate::CLASSIC_RESTOCKS),
/// [`RUMMY40_RESTOCKS`](crate::RUMMY40_RESTOCKS)).
pub(crate) fn config(variant: Variant) -> AnyConfig {
    let cap = match variant.kind() {
        GameKind::Classic => crate::CLASSIC_RESTOCKS,
        _ => crate::RUMMY40_RESTOCKS,
    };
    variant.config().with_max_restocks(Some(cap))
}

/// What one deal of `variant` is called: a game in Rummikub, whose sessions are counted
/// in games (RULES.md §1.8), a hand in the card games.
pub(crate) fn deal_noun(variant: Variant) -> &'static str {
    match variant.kind() {
        GameKind::Rummikub => "game",
        _ => "hand",
    }
}

/// The match a game plays by its own rules, and how its seats are ranked: Rummikub by
/// the rules' session terms, one game per player (RULES.md §1.8); classic to 100 points
/// (§2.7); Rummy 40 and Scala 40 by elimination at 101 (§3.8). `hands` asks for that
/// many hands instead.
pub(crate) fn match_terms(variant: Variant, players: usize, hands: Option<u32>) -> (MatchEnd, Ranking) {
    let (end, ranking) = match config(variant) {
        AnyConfig::Rummikub(rules) => {
            session_terms(rules.session_ranking, u32::try_from(players).unwrap_or(u32::MAX))
        }
        AnyConfig::Classic(c) => (c.game_end, Ranking::Total),
        AnyConfig::Rummy40(c) => (c.game_end, Ranking::Total),
        _ => (MatchEnd::SingleHand, Ranking::Total),
    };
    (hands.map_or(end, MatchEnd::FixedHands), ranking)
}

/// The goal, the opening rule, the options that set the variant apart and the end of
/// the match, in a few lines: printed at the start of `play` and by `help`.
pub(crate) fn rules_in_brief(variant: Variant, end: MatchEnd) -> String {
    let mut lines = match config(variant) {
        AnyConfig::Rummikub(rules) => rummikub_lines(variant, &rules),
        AnyConfig::Classic(c) => classic_lines(&c),
        AnyConfig::Rummy40(c) => rummy40_lines(variant, &c),
        _ => Vec::new(),
    };
    lines.push(format!("match: {}", match_words(variant, end)));
    lines.join("\n")
}

fn rummikub_lines(variant: Variant, rules: &RummikubConfig) -> Vec<String> {
    let mut lines = vec![
        "goal: be the first to lay every tile of your rack on the table, in groups \
         (one number, different colours) and runs (one colour, consecutive numbers) of 3 \
         or more (RULES.md §1.4)"
            .to_owned(),
        format!(
            "opening: your first play is new melds from your own rack worth at least {} points \
             (the numbers; a joker counts as the tile it stands for); until then you may not \
             touch the table (RULES.md §1.5)",
            rules.initial_meld_threshold
        ),
    ];
    if rules.tile_set == TileSet::Xp160 {
        lines.push(
            "the 160-tile set (RULES.md §1.1): three of each tile and four jokers, for up to six \
             players"
                .to_owned(),
        );
    }
    if variant == Variant::Schmidt {
        lines.push(format!(
            "Schmidt rules (RULES.md §4.1): you may add to table melds only after your \
             opening; a meld you break up must keep at least 3 of its tiles together (or \
             be used up completely); a joker on the table moves only when its own tile \
             replaces it, and is used again in the same turn; laying out a whole rack in \
             one turn needs no opening and doubles the others' minus points; a joker left \
             on a rack costs {}",
            rules.joker_penalty
        ));
    }
    lines.push(format!(
        "each turn: play tiles (commit), or draw one; a game ends when someone goes out, \
         or when the pool is empty and everyone passes; the others lose the value of \
         their racks (a joker {}), the winner gains it (RULES.md §1.7, §1.8)",
        rules.joker_penalty
    ));
    lines
}

fn classic_lines(c: &ClassicConfig) -> Vec<String> {
    let mut lines = vec![
        format!(
            "goal: be the first to get rid of every card by melding sets (3 or 4 of a rank) \
             and runs (3 or more of a suit in sequence{}) and laying cards off on any meld \
             (RULES.md §2.3, §2.4)",
            if c.ace == AceMode::Low { ", ace low" } else { "" }
        ),
        format!(
            "opening: none: meld as soon as you can; each turn: draw from the stock or take \
             the top discard, meld ({}) or lay off if you like, then discard, but not the \
             card you took from the pile this turn (RULES.md §2.3)",
            if c.meld_limit == MeldLimit::Unlimited { "any number a turn" } else { "one a turn" }
        ),
    ];
    // The options in which the preset differs from the standard game (RULES.md §2.7).
    let mut options = Vec::new();
    if c.meld_limit == MeldLimit::Unlimited {
        options.push("any number of melds a turn");
    }
    if c.layoff_requires_own_meld {
        options.push("you lay off only once you have a meld of your own");
    }
    match c.ace {
        AceMode::Low => {}
        AceMode::LowOrHigh => options.push("the ace is high or low in a run (Q K A) and counts 15 in hand"),
        AceMode::RoundTheCorner => {
            options.push("runs may turn the corner (K A 2); the ace counts 15 in hand")
        }
    }
    if c.must_discard_to_go_out {
        options.push("you go out only by discarding your last card");
    }
    if c.shuffle_on_restock {
        options.push("the discard pile is shuffled when it becomes the stock");
    }
    if !options.is_empty() {
        lines.push(format!("options (RULES.md §2.7): {}", options.join("; ")));
    }
    let restocks = c.max_restocks.unwrap_or(crate::CLASSIC_RESTOCKS);
    lines.push(format!(
        "the winner of a hand scores the cards left in the others' hands{} (RULES.md §2.6); a \
         hand is void when the stock runs out more than {} (RULES.md §2.5)",
        if c.going_rummy_double { ", double for going out in one turn" } else { "" },
        plural(restocks as usize, "time")
    ));
    lines
}

fn rummy40_lines(variant: Variant, c: &Rummy40Config) -> Vec<String> {
    let mut lines = vec![
        "goal: be the first to meld every card but one and discard it; the others take \
         penalty points for the cards in their hands, so lower is better (RULES.md §3.7, \
         §3.8)"
            .to_owned(),
        format!(
            "opening: your first melds must be worth at least {} points from your own hand \
             (ace 11, face cards 10); before it you may not lay off or swap jokers, and you \
             take the discard only to open with it (RULES.md §3.5)",
            c.opening_threshold
        ),
    ];
    if variant == Variant::Scala40 {
        lines.push(format!(
            "Scala 40 options (RULES.md §3.9): {} jokers, each {} penalty points in hand; \
             the ace is also low (A 2 3){}{}",
            c.jokers,
            c.joker_hand_penalty,
            if c.taken_discard_must_be_used_after_open {
                "; a discard you take must be used in the same turn"
            } else {
                ""
            },
            if c.forbid_playable_discard {
                "; you may not discard a card that fits a meld on the table"
            } else {
                ""
            }
        ));
    }
    lines.push(format!(
        "a hand is void when the stock runs out more than {} times",
        c.max_restocks.unwrap_or(crate::RUMMY40_RESTOCKS)
    ));
    lines
}

/// The end of a match in words.
fn match_words(variant: Variant, end: MatchEnd) -> String {
    let order = match variant.kind() {
        GameKind::Rummy40 => "the lowest total wins",
        _ => "the highest total wins",
    };
    let noun = deal_noun(variant);
    match end {
        MatchEnd::FixedHands(n) if variant.kind() == GameKind::Rummikub => {
            format!("{}; {order} (RULES.md §1.8)", plural(n as usize, noun))
        }
        MatchEnd::FixedHands(n) => format!("{}; {order}", plural(n as usize, noun)),
        MatchEnd::TargetScore(t) => format!("until someone reaches {t} points; {order}"),
        MatchEnd::Elimination(t) => {
            format!("a player with {t} penalty points or more is out; the last one left wins (RULES.md §3.8)")
        }
        _ => format!("one {noun}"),
    }
}

#[cfg(test)]
mod tests {
    use rummykit::{AnyConfig, Variant};
    use rummykit_core::{MatchEnd, Ranking};

    use super::{config, match_terms, rules_in_brief};

    #[test]
    fn every_variant_has_its_match_and_its_rules_in_brief() {
        assert_eq!(match_terms(Variant::Rummikub, 3, None), (MatchEnd::FixedHands(3), Ranking::Total));
        assert_eq!(match_terms(Variant::RummikubXp, 5, None).0, MatchEnd::FixedHands(5));
        assert_eq!(match_terms(Variant::ClassicLiberal, 3, None).0, MatchEnd::TargetScore(100));
        assert_eq!(match_terms(Variant::Scala40, 3, Some(2)).0, MatchEnd::FixedHands(2));
        assert_eq!(match_terms(Variant::Rummy40, 3, None).0, MatchEnd::Elimination(101));
        for variant in Variant::ALL {
            let (end, _) = match_terms(variant, 2, None);
            let text = rules_in_brief(variant, end);
            assert!(text.starts_with("goal: ") && text.contains("\nmatch: "), "{variant}: {text}");
            // Each preset's own options are stated; the standard games state none.
            let says = |words: &str| text.contains(words);
            assert_eq!(says("160-tile set"), variant == Variant::RummikubXp, "{variant}");
            assert_eq!(says("Schmidt rules"), variant == Variant::Schmidt, "{variant}");
            assert_eq!(says("Scala 40 options"), variant == Variant::Scala40, "{variant}");
            assert_eq!(says("discarding your last card"), variant == Variant::ClassicLastCard, "{variant}");
            assert_eq!(says("any number of melds a turn"), variant == Variant::ClassicLiberal, "{variant}");
        }
        let text = rules_in_brief(Variant::Rummy40, MatchEnd::Elimination(101));
        assert!(text.contains("at least 40 points") && text.contains("101"), "{text}");
        let text = rules_in_brief(Variant::Classic, MatchEnd::TargetScore(100));
        assert!(text.contains("runs out more than 2 times") && text.contains("ace low"), "{text}");
        // §2.3: one meld a turn, and the card taken from the pile is not discarded at once.
        assert!(text.contains("meld (one a turn)") && text.contains("not the card you took"), "{text}");
        // A preset whose ace may be high does not say "ace low".
        let text = rules_in_brief(Variant::ClassicLiberal, MatchEnd::TargetScore(100));
        assert!(!text.contains("ace low") && text.contains("high or low"), "{text}");
    }

    #[test]
    fn the_card_games_are_played_with_a_restock_cap() {
        for variant in Variant::ALL {
            match config(variant) {
                AnyConfig::Classic(c) => assert_eq!(c.max_restocks, Some(2), "{variant}"),
                AnyConfig::Rummy40(c) => {
                    assert_eq!(c.max_restocks, Some(crate::RUMMY40_RESTOCKS), "{variant}")
                }
                AnyConfig::Rummikub(rules) => assert_eq!(AnyConfig::Rummikub(rules), variant.config()),
                _ => unreachable!(),
            }
        }
    }
}
