//! A [`Match`]'s standings as a plain-text table: what a program printing a match's
//! result shows, the same for every game.

use core::fmt;

use crate::plural::plural;
use crate::{Game, Match, MatchEnd, Ranking, ScoreOrder};

/// The standings as a table, best first: each seat's place (seats tied on everything
/// but the seat number share it, as [`Match::winners`] does), its total, the hands it
/// won and, under [`MatchEnd::Elimination`], the hand after which it went out. The
/// first line says how many hands were played and whether the match is over, the
/// second how seats are ranked (the match's [`Ranking`], under elimination survival
/// first, and the game's [`ScoreOrder`]), so a seat placed above a better total is
/// explained on the page.
///
/// ```
/// # mod nim { include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/conformance/doc_nim.rs")); }
/// # use nim::Nim;
/// use rand::SeedableRng;
/// use rand_chacha::ChaCha8Rng;
/// use rummykit_core::{Game, Match, MatchEnd, MatchTerms};
///
/// // Three hands of the conformance module's toy Nim (take 1 or 2 of 7; the last take wins).
/// let mut rng = ChaCha8Rng::seed_from_u64(5);
/// let terms = MatchTerms::new(2).with_end(MatchEnd::FixedHands(3)).with_first_dealer(1);
/// let mut m = Match::<Nim>::new((), terms)?;
/// for _ in 0..3 {
///     let mut game = m.next_hand(&mut rng)?;
///     while let Some(seat) = game.to_move() {
///         game.apply(seat, 1)?; // one at a time: the first to move takes the last
///     }
///     m.record(&game.outcome().expect("over"))?;
/// }
/// let table = "\
/// standings after 3 hands (match over)
/// ranked by highest total
/// place  seat  total  hands won
///     1     0      1          2
///     2     1     -1          1
/// ";
/// assert_eq!(m.to_string(), table);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl<G: Game> fmt::Display for Match<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let over = if self.is_over() { " (match over)" } else { "" };
        writeln!(f, "standings after {}{over}", plural(self.hands_played() as usize, "hand"))?;
        let elimination = matches!(self.end(), MatchEnd::Elimination(_));
        let won = matches!(self.terms().ranking, Ranking::HandsWon);
        let total = match G::score_order(self.config()) {
            ScoreOrder::HigherIsBetter => "highest total",
            ScoreOrder::LowerIsBetter => "lowest total",
        };
        let keys =
            [elimination.then_some("staying in longest"), won.then_some("most hands won"), Some(total)];
        let keys: Vec<&str> = keys.into_iter().flatten().collect();
        writeln!(f, "ranked by {}", keys.join(", then "))?;
        let order = self.standings();
        let rows: Vec<[String; 5]> = order
            .iter()
            .map(|&seat| {
                // A shared place is the place of the first seat tied with this one.
                let first = order.iter().position(|&s| self.rank_key(s) == self.rank_key(seat));
                let out = match self.eliminated_after(seat) {
                    Some(hand) => format!("hand {hand}"),
                    None => "-".to_owned(),
                };
                [
                    (first.unwrap_or(0) + 1).to_string(),
                    seat.to_string(),
                    self.totals()[seat].to_string(),
                    self.hands_won()[seat].to_string(),
                    out,
                ]
            })
            .collect();
        let heads = ["place", "seat", "total", "hands won", "out after"];
        let columns = if elimination { 5 } else { 4 };
        let widths: Vec<usize> = (0..columns)
            .map(|c| rows.iter().map(|r| r[c].chars().count()).chain([heads[c].len()]).max().unwrap_or(0))
            .collect();
        let line = |f: &mut fmt::Formatter<'_>, cells: [&str; 5]| -> fmt::Result {
            for (c, cell) in cells.iter().take(columns).enumerate() {
                if c > 0 {
                    f.write_str("  ")?;
                }
                write!(f, "{cell:>width$}", width = widths[c])?;
            }
            writeln!(f)
        };
        line(f, heads)?;
        for row in &rows {
            line(f, row.each_ref().map(String::as_str))?;
        }
        Ok(())
    }
}
