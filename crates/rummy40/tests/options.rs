//! Options of the RULES.md §3.9 table that no rule test of `rules.rs` sets to a value
//! other than its default.

#[macro_use]
mod common;

use common::*;
use rummykit_rummy40::{Action, ActionError, Config};

fn draw(g: &mut rummykit_rummy40::Rummy40) {
    common::apply_ok(g, Action::DrawStock);
}

#[test]
fn rules_3_9_opening_threshold_takes_any_value() {
    // Below the default: 30 opens with T-J-Q of hearts (10 + 10 + 10, RULES.md §3.5 values).
    let mut low = Config::RUMMY40;
    low.opening_threshold = 30;
    let mut g = game(low, &["Th Jh Qh 4c 9d", "2c 3d 5h 7s 8c"], "", "2s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh")] });

    // Above it: 50 refuses an opening of exactly 40, and says what was needed and got.
    let mut high = Config::RUMMY40;
    high.opening_threshold = 50;
    let mut g = game(high, &["Th Jh Qh Kh 4c 9d", "2c 3d 5h 7s 8c"], "", "2s");
    draw(&mut g);
    refused!(
        g,
        Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh")] },
        ActionError::OpeningBelowThreshold { needed: 50, got: 40 },
    );
    // Adding a set of three nines (27) reaches 67.
    let mut g = game(high, &["Th Jh Qh Kh 9c 9d 9s 4c", "2c 3d 5h 7s 8c"], "", "2s");
    draw(&mut g);
    ok!(g, Action::Open { melds: vec![run(&g, 0, "Th Jh Qh Kh"), set(&g, 0, "9c 9d 9s")] });
}
