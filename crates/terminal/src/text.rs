//! Small functions for the words the front end prints: plurals, clipped user text, meld
//! errors with positions from 1, engine messages with pieces in notation.

use rummykit_core::MeldError;

/// `n` and the noun, plural unless `n` is 1: `1 tile`, `2 tiles`.
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

/// The most characters of a person's text an error message repeats.
pub(crate) const CLIP: usize = 40;

/// `text` as an error message repeats it: at most [`CLIP`] characters, then `…`, so a
/// long bad line is not echoed whole.
pub(crate) fn clip(text: &str) -> String {
    clip_to(text, CLIP)
}

/// The most characters of an engine message the tools print: it may repeat a long
/// token the person typed.
pub(crate) const MESSAGE: usize = 200;

/// An engine message, clipped to [`MESSAGE`] characters.
pub(crate) fn clip_message(message: impl std::fmt::Display) -> String {
    clip_to(&message.to_string(), MESSAGE)
}

/// `text` cut to at most `max` characters, with `…` when cut.
pub(crate) fn clip_to(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}

/// A meld error with its position counted from 1, as the person counts, and its
/// counts in the right number (`1 piece`).
pub(crate) fn meld_error(error: &MeldError) -> String {
    let at = |index: &usize| index + 1;
    match error {
        MeldError::TooShort { len, min } => {
            format!("too short: {}, a meld needs at least {min}", plural(*len, "piece"))
        }
        MeldError::TooLong { len, max } => {
            format!("too long: {}, at most {max} allowed", plural(*len, "piece"))
        }
        MeldError::AdjacentJokers { index } => format!("jokers side by side at position {}", at(index)),
        MeldError::MixedNumbers { index } => format!("group mixes numbers: position {} differs", at(index)),
        MeldError::RepeatedSuit { index } => {
            format!("group repeats a colour or suit at position {}", at(index))
        }
        MeldError::MixedSuits { index } => {
            format!("run mixes colours or suits: position {} differs", at(index))
        }
        MeldError::NotConsecutive { index } => format!("run is not consecutive at position {}", at(index)),
        other => other.to_string(),
    }
}

/// An engine message with every table meld id (`m3`) replaced by the meld the person
/// sees, `meld(3)`; ids the callback does not know are kept. Cards need no rewriting:
/// the engines name them by face and id (`card 7h (#9)`).
pub(crate) fn readable(message: &str, meld: impl Fn(u32) -> Option<String>) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(at) = rest.find('m') {
        let (before, from) = rest.split_at(at);
        out.push_str(before);
        let digits = from[1..].bytes().take_while(u8::is_ascii_digit).count();
        // `m` counts only as a word of its own (`meld m3`), not inside `form3`.
        let word_start = before.is_empty() || before.ends_with([' ', '(', '[']);
        let number = from[1..1 + digits].parse::<u32>().ok();
        match number.filter(|_| word_start).and_then(&meld) {
            Some(text) => {
                out.push_str(&text);
                rest = &from[1 + digits..];
            }
            None => {
                out.push('m');
                rest = &from[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plurals() {
        assert_eq!(plural(1, "piece"), "1 piece");
        assert_eq!(plural(0, "meld"), "0 melds");
        assert_eq!(plural(2, "thread"), "2 threads");
    }

    #[test]
    fn long_text_is_clipped() {
        let long = "x".repeat(10_000);
        let shown = clip(&long);
        assert_eq!(shown.chars().count(), CLIP + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(clip("draw"), "draw");
        assert_eq!(clip_to("ééé", 2), "éé…");
    }

    #[test]
    fn meld_positions_count_from_one_and_counts_agree() {
        let e = MeldError::RepeatedSuit { index: 2 };
        assert_eq!(meld_error(&e), "group repeats a colour or suit at position 3");
        let e = MeldError::TooShort { len: 1, min: 3 };
        assert_eq!(meld_error(&e), "too short: 1 piece, a meld needs at least 3");
        let e = MeldError::TooShort { len: 2, min: 3 };
        assert_eq!(meld_error(&e), "too short: 2 pieces, a meld needs at least 3");
    }

    #[test]
    fn meld_ids_become_melds() {
        let meld = |n: u32| (n == 3).then(|| "[5s 6s 7s]".to_owned());
        assert_eq!(
            readable("card 7h (#9) was taken; meld m3 has no joker; #99 and m4 stay; form3", meld),
            "card 7h (#9) was taken; meld [5s 6s 7s] has no joker; #99 and m4 stay; form3"
        );
    }
}
