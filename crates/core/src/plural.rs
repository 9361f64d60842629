//! [`plural`]: a count and its noun, for messages a person reads.

/// `n` and `noun`, with an `s` unless `n` is 1: `1 player`, `3 players`, `0 hands` (the
/// nouns of the messages all take an `s`).
pub(crate) fn plural(n: usize, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
}

#[cfg(test)]
mod tests {
    use super::plural;

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(plural(1, "seat"), "1 seat");
        assert_eq!(plural(0, "hand"), "0 hands");
        assert_eq!(plural(2, "player"), "2 players");
    }
}
