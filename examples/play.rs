//! Placeholder for the main example: validates a few melds and prints what the jokers
//! stand for. (The full terminal game replaces this.)

use rummykit::core::{Meld, MeldKind, MeldRules, Tile, parse_list};

fn main() {
    let rules = MeldRules::RUMMIKUB;
    for (kind, text) in [(MeldKind::Run, "r4 J r6 r7"), (MeldKind::Group, "k13 r13 J"), (MeldKind::Run, "r12 r13 r1")] {
        let tiles: Vec<Tile> = parse_list(text).expect("valid notation");
        match Meld::new(kind, &tiles, &rules) {
            Ok(meld) => println!("{kind:?} {meld}: valid, numbers {:?}", meld.numbers().collect::<Vec<_>>()),
            Err(e) => println!("{kind:?} {text}: invalid: {e}"),
        }
    }
}
