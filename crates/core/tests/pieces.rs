//! Faces, notation (every `ParseError` variant), catalogs and piece sets
//! (RULES.md §1.1 components, §2.1, §3.1, §3.9 `jokers`; identity only where it is observable, docs/DESIGN.md).

use std::collections::BTreeSet;

use rummykit_core::{
    Card, Catalog, Colour, DealError, FACES, Face, MeldError, NATURAL_FACES, ParseError, PieceId, PieceSet,
    PositionError, Rank, Seating, Suit, Tile, format_list, parse_list,
};

fn id(i: u8) -> PieceId {
    PieceId::new(i).unwrap()
}

// ---- notation and ParseError -------------------------------------------------------------

#[test]
fn parse_error_every_variant_for_tiles() {
    let err = |s: &str| s.parse::<Tile>().unwrap_err();
    assert_eq!(err(""), ParseError::Empty);
    assert_eq!(err("  \t"), ParseError::Empty);
    assert_eq!(err("x3"), ParseError::UnknownColour { token: "x3".into(), letter: 'x' });
    assert_eq!(err("é3"), ParseError::UnknownColour { token: "é3".into(), letter: 'é' });
    assert_eq!(err("r"), ParseError::MissingNumber { token: "r".into() });
    assert_eq!(err("rx"), ParseError::NotANumber { token: "rx".into() });
    assert_eq!(err("r-1"), ParseError::NotANumber { token: "r-1".into() });
    assert_eq!(err("JJ"), ParseError::UnknownColour { token: "JJ".into(), letter: 'J' });
    for bad in ["r0", "r14", "b99", "k100", "y99999999999999999999"] {
        assert_eq!(err(bad), ParseError::NumberOutOfRange { token: bad.into() }, "{bad}");
    }
}

#[test]
fn parse_error_every_variant_for_cards() {
    let err = |s: &str| s.parse::<Card>().unwrap_err();
    assert_eq!(err(""), ParseError::Empty);
    assert_eq!(err("7x"), ParseError::UnknownSuit { token: "7x".into() });
    assert_eq!(err("J"), ParseError::UnknownSuit { token: "J".into() });
    assert_eq!(err("1h"), ParseError::UnknownRank { token: "1h".into() });
    assert_eq!(err("11h"), ParseError::UnknownRank { token: "11h".into() });
    assert_eq!(err("h"), ParseError::UnknownRank { token: "h".into() });
    assert_eq!(err("**"), ParseError::UnknownSuit { token: "**".into() });
}

#[test]
fn parse_error_messages_name_the_token() {
    let cases = [
        (ParseError::Empty, "empty input: expected a piece"),
        (
            ParseError::UnknownColour { token: "x3".into(), letter: 'x' },
            "`x3`: unknown colour `x` (expected r, b, y or k)",
        ),
        (
            ParseError::UnknownSuit { token: "7x".into() },
            "`7x`: unknown suit (expected c, d, h or s as the last letter)",
        ),
        (
            ParseError::UnknownRank { token: "1h".into() },
            "`1h`: unknown rank (expected A, 2-9, T or 10, J, Q or K)",
        ),
        (ParseError::MissingNumber { token: "r".into() }, "`r`: missing number after the colour"),
        (ParseError::NotANumber { token: "rx".into() }, "`rx`: not a number after the colour"),
        (
            ParseError::NumberOutOfRange { token: "r14".into() },
            "`r14`: number out of range (tiles are numbered 1 to 13)",
        ),
    ];
    for (err, text) in cases {
        assert_eq!(err.to_string(), text);
    }
}

#[test]
fn notation_accepts_either_case_and_ten() {
    assert_eq!("B13".parse::<Tile>(), Ok(Tile::new(Colour::Blue, 13).unwrap()));
    assert_eq!("j".parse::<Tile>(), Ok(Tile::JOKER));
    assert_eq!(" r7 ".parse::<Tile>().unwrap().to_string(), "r7");
    assert_eq!("r07".parse::<Tile>().unwrap().to_string(), "r7");
    assert_eq!("tD".parse::<Card>(), Ok(Card::new(Rank::Ten, Suit::Diamonds)));
    assert_eq!("10d".parse::<Card>(), "Td".parse::<Card>());
    assert_eq!("qS".parse::<Card>().unwrap().to_string(), "Qs");
}

#[test]
fn every_face_round_trips_through_its_notation() {
    for t in Tile::all() {
        assert_eq!(t.to_string().parse::<Tile>(), Ok(t));
        assert_eq!(format!("{t:?}"), t.to_string());
    }
    for c in Card::all() {
        assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        assert_eq!(format!("{c:?}"), c.to_string());
    }
}

#[test]
fn parse_list_and_format_list() {
    let tiles: Vec<Tile> = parse_list("r1  b2\tJ\nk13").unwrap();
    assert_eq!(format_list(&tiles), "r1 b2 J k13");
    assert_eq!(parse_list::<Tile>("").unwrap(), Vec::<Tile>::new());
    assert_eq!(format_list::<Card>(&[]), "");
    // The first bad token is reported.
    assert_eq!(parse_list::<Card>("7h 1h 1x"), Err(ParseError::UnknownRank { token: "1h".into() }));
}

// ---- faces ----------------------------------------------------------------------------------

#[test]
fn face_indices_are_dense() {
    assert_eq!((NATURAL_FACES, FACES), (52, 53));
    for i in 0..53u8 {
        let t = Tile::from_index(i).unwrap();
        let c = Card::from_index(i).unwrap();
        assert_eq!((Face::index(t), Face::index(c)), (i, i));
        assert_eq!(t.index(), c.index());
        assert_eq!(Face::is_joker(t), i == 52);
        if i < 52 {
            assert_eq!(Face::number(t), Some(i % 13 + 1));
            assert_eq!(t.suit_index(), Some(i / 13));
            assert_eq!(Tile::natural(i / 13, i % 13 + 1), Some(t));
            assert_eq!(Card::natural(i / 13, i % 13 + 1), Some(c));
            assert_eq!(t.colour().map(Colour::index), Some(i / 13));
            assert_eq!(c.suit().map(Suit::index), Some(i / 13));
            assert_eq!(c.rank().map(Rank::number), Some(i % 13 + 1));
        } else {
            assert_eq!((t.colour(), Tile::number(t), c.rank(), c.suit()), (None, None, None, None));
            assert_eq!((t.suit_index(), Face::number(c)), (None, None));
        }
    }
    assert_eq!(Tile::from_index(53), None);
    assert_eq!(Card::from_index(255), None);
    assert_eq!(Tile::natural(4, 1), None);
    assert_eq!(Card::natural(0, 0), None);
    assert_eq!(Card::natural(0, 14), None);
    assert_eq!(Tile::new(Colour::Red, 14), None);
}

#[test]
fn colours_suits_and_ranks() {
    for (i, c) in Colour::ALL.into_iter().enumerate() {
        assert_eq!(Colour::from_index(i as u8), Some(c));
        assert_eq!(Colour::from_letter(c.letter().to_ascii_uppercase()), Some(c));
        assert_eq!(c.to_string(), c.letter().to_string());
    }
    for (i, s) in Suit::ALL.into_iter().enumerate() {
        assert_eq!(Suit::from_index(i as u8), Some(s));
        assert_eq!(Suit::from_letter(s.letter()), Some(s));
    }
    assert_eq!((Colour::from_index(4), Suit::from_letter('x')), (None, None));
    assert_eq!(Rank::ALL.map(Rank::letter).iter().collect::<String>(), "A23456789TJQK");
    assert_eq!((Rank::from_number(0), Rank::from_number(14)), (None, None));
}

// ---- catalogs (identity) -------------------------------------------------------------------

#[test]
fn rules_1_1_rummikub_catalogs() {
    // §1.1 106 tiles; §1.10 `tile_set = Xp160` (4 colours × 3 copies + 4 jokers).
    let std = Catalog::<Tile>::new(2, 2).expect("106 tiles");
    assert_eq!((std.len(), std.copies(), std.jokers(), std.is_empty()), (106, 2, 2, false));
    let xp = Catalog::<Tile>::new(3, 4).expect("160 tiles");
    assert_eq!((xp.len(), xp.copies(), xp.jokers()), (160, 3, 4));
    assert_eq!(xp.ids().last().map(PieceId::index), Some(159));
}

#[test]
fn rules_2_1_and_3_1_card_catalogs() {
    // §2.1 one deck, no jokers; §3.1 two decks and two jokers; §3.9 Scala 40 four jokers.
    assert_eq!(Catalog::<Card>::DECK.len(), 52);
    assert_eq!(Catalog::<Card>::new(2, 2).expect("106 cards").len(), 106);
    assert_eq!(Catalog::<Card>::new(2, 4).expect("108 cards").len(), 108);
    assert_eq!(Catalog::<Card>::DECK.ids_of(Card::JOKER).count(), 0);
}

#[test]
fn catalog_new_bounds() {
    let two_decks = Catalog::<Card>::new(2, 4).expect("108 cards fit");
    assert_eq!((two_decks.copies(), two_decks.jokers(), two_decks.len()), (2, 4, 108));
    assert_eq!(Catalog::<Tile>::new(3, 4).map(|c| c.len()), Some(160), "exactly the limit");
    assert_eq!(Catalog::<Tile>::new(0, 2), None, "no naturals");
    assert_eq!(Catalog::<Tile>::new(3, 5), None, "161 pieces");
    assert!(Catalog::<Tile>::new(1, 108).is_some());
    assert_ne!(
        Catalog::<Tile>::new(2, 2).expect("106 tiles"),
        Catalog::<Tile>::new(3, 4).expect("160 tiles")
    );
    assert_eq!(
        format!("{:?}", Catalog::<Tile>::new(2, 2).expect("106 tiles")),
        "Catalog { copies: 2, jokers: 2 }"
    );
}

#[test]
fn catalog_faces_and_ids_agree() {
    for cat in [
        Catalog::<Tile>::new(2, 2).expect("106 tiles"),
        Catalog::<Tile>::new(3, 4).expect("160 tiles"),
        Catalog::<Tile>::new(1, 0).unwrap(),
    ] {
        let mut seen = BTreeSet::new();
        for face in Tile::all() {
            let ids: Vec<PieceId> = cat.ids_of(face).collect();
            assert_eq!(ids.len(), usize::from(cat.count_of(face)));
            for &i in &ids {
                assert_eq!(cat.face(i), Some(face));
                assert!(cat.contains(i));
                assert!(seen.insert(i), "{i} listed twice");
            }
        }
        assert_eq!(seen.len(), cat.len(), "every id belongs to exactly one face");
        assert_eq!(cat.all().len(), cat.len());
        assert!(cat.ids().eq(seen.iter().copied()));
        if let Some(beyond) = PieceId::new(cat.len() as u8) {
            assert_eq!((cat.face(beyond), cat.contains(beyond)), (None, false));
        }
    }
}

#[test]
fn piece_ids() {
    assert_eq!(PieceId::LIMIT, 160);
    assert_eq!(PieceId::new(160), None);
    assert_eq!(PieceId::new(255), None);
    assert_eq!(id(7).index(), 7);
    assert_eq!((id(7).to_string(), format!("{:?}", id(7))), ("#7".to_string(), "#7".to_string()));
    assert!(id(3) < id(4));
}

// ---- piece sets ----------------------------------------------------------------------------

#[test]
fn piece_set_operations() {
    let a: PieceSet = [1, 63, 64, 127, 128, 159].map(id).into_iter().collect();
    let b: PieceSet = [0, 64, 159].map(id).into_iter().collect();
    assert_eq!(a.len(), 6);
    assert_eq!(a.iter().map(PieceId::index).collect::<Vec<_>>(), vec![1, 63, 64, 127, 128, 159]);
    assert_eq!(a.first(), Some(id(1)));
    assert_eq!((a & b).iter().map(PieceId::index).collect::<Vec<_>>(), vec![64, 159]);
    assert_eq!((a | b).len(), 7);
    assert_eq!((a - b).len(), 4);
    assert_eq!((a ^ b).len(), 5);
    assert_eq!(a.union(&b), a | b);
    assert_eq!(a.intersection(&b), a & b);
    assert_eq!(a.difference(&b), a - b);
    assert_eq!(a.symmetric_difference(&b), a ^ b);
    assert!((a & b).is_subset(&a) && !a.is_subset(&b));
    assert!((a - b).is_disjoint(&b) && !a.is_disjoint(&b));
    let mut c = a;
    c |= b;
    c -= a;
    assert_eq!(c.iter().collect::<Vec<_>>(), vec![id(0)]);
    c &= a;
    assert!(c.is_empty());
    assert_eq!(c, PieceSet::EMPTY);
    assert_eq!(PieceSet::new(), PieceSet::default());
    assert_eq!(format!("{:?}", b), "{#0, #64, #159}");
}

#[test]
fn piece_set_insert_remove_and_iter() {
    let mut s = PieceSet::new();
    assert!(s.insert(id(100)));
    assert!(!s.insert(id(100)));
    assert!(s.contains(id(100)));
    assert_eq!(s.iter().len(), 1);
    assert!(s.remove(id(100)));
    assert!(!s.remove(id(100)));
    assert!(s.is_empty());
    assert_eq!(s.first(), None);
    s.extend([id(5), id(150)]);
    let mut it = s.iter();
    assert_eq!(it.size_hint(), (2, Some(2)));
    it.next();
    assert_eq!(it.len(), 1);
    assert_eq!((&s).into_iter().count(), 2);
    assert_eq!(s.into_iter().count(), 2);
}

// ---- seating -------------------------------------------------------------------------------

#[test]
fn seating_and_deal_errors() {
    assert_eq!(Seating::new(4).with_dealer(3).first_to_play(), Some(0));
    assert_eq!(Seating::new(4).first_to_play(), None);
    assert_eq!(Seating::new(0).with_dealer(0).first_to_play(), None);
    // A dealer past the last seat is counted round the table, whatever its size.
    assert_eq!(Seating::new(3).with_dealer(usize::MAX).first_to_play(), Some(1));
    assert_eq!(Seating::new(4).with_dealer(usize::MAX).first_to_play(), Some(0));
    assert_eq!(Seating::new(4).with_dealer(6).first_to_play(), Some(3));
    assert_eq!(
        Seating::new(3).with_dealer(5).check(2, 4),
        Err(DealError::NoSuchDealer { dealer: 5, seats: 3 })
    );
    assert_eq!(
        DealError::PlayerCount { seats: 7, min: 2, max: 6 }.to_string(),
        "7 players cannot play this game: it takes 2 to 6"
    );
    assert_eq!(
        DealError::PlayerCount { seats: 1, min: 2, max: 6 }.to_string(),
        "1 player cannot play this game: it takes 2 to 6"
    );
    assert_eq!(
        DealError::NoSuchDealer { dealer: 5, seats: 3 }.to_string(),
        "dealer seat 5 does not exist at a table of 3"
    );
    assert_eq!(
        DealError::InvalidConfig { option: "rack_size", reason: "must be at least 1" }.to_string(),
        "invalid configuration: rack_size must be at least 1"
    );
    let short = MeldError::TooShort { len: 2, min: 3 };
    let err = DealError::from(PositionError::InvalidMeld { index: 4, error: short });
    assert_eq!(err.to_string(), format!("invalid position: table meld 4 is not valid: {short}"));
    // The chain carries the meld's own reason.
    let inner = std::error::Error::source(&err).and_then(std::error::Error::source).map(ToString::to_string);
    assert_eq!(inner, Some(short.to_string()));
    let cases = [
        (
            PositionError::TooManyCopies { tile: "r5".parse().unwrap(), max: 2 },
            "r5 is there more than the 2 times the set holds it",
        ),
        (PositionError::PieceCount { found: 51, expected: 52 }, "51 pieces placed, the game has 52"),
        (
            PositionError::NoSuchSeat { field: "to_move", seat: 5, seats: 3 },
            "to_move is seat 5, but the table has 3 seats",
        ),
        (
            PositionError::SeatLists { field: "opened", found: 2, seats: 3 },
            "opened lists 2 seats, the table has 3",
        ),
        (
            PositionError::HandSize { seat: 1, len: 14, min: 1, max: 13 },
            "seat 1 holds 14 pieces, not 1 to 13",
        ),
        (
            PositionError::OutOfRange { field: "turn", value: 900, max: 800 },
            "turn is 900, above the most possible, 800",
        ),
        (PositionError::Inconsistent("the stock needs a card"), "the stock needs a card"),
    ];
    for (error, text) in cases {
        assert_eq!(error.to_string(), text);
    }
}

/// `PieceSet::last` is the last id of the ascending walk, on random sets of every size
/// (ids in every word, the empty set included).
#[test]
fn piece_set_last_is_the_walks_last() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
    let mut sizes = BTreeSet::new();
    for _ in 0..2_000 {
        let n = rng.random_range(0..=20);
        let set: PieceSet = (0..n).filter_map(|_| PieceId::new(rng.random_range(0..160u8))).collect();
        assert_eq!(set.last(), set.iter().last(), "{set:?}");
        sizes.insert(set.len());
    }
    assert!(sizes.contains(&0) && sizes.len() > 15);
}

/// `Catalog::len_of` is the set's length when every id is the catalog's, else `None`:
/// random sets (ids in every word, past the catalog or not) against catalogs ending
/// inside a word and on a word's edge (52, 54, 64, 104, 108, 128, 129 and 160 pieces);
/// the empty set; and every id paired with ids spread over the words and their edges.
#[test]
fn catalog_len_of_is_the_length_of_a_set_of_its_pieces() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(23);
    let limit = u8::try_from(PieceId::LIMIT).expect("ids are bytes");
    let (mut counted, mut refused) = (0, 0);
    let spread = [0, 1, 51, 52, 53, 63, 64, 103, 104, 107, 108, 127, 128, 129, 159];
    for (copies, jokers) in [(1, 0), (1, 2), (1, 12), (2, 0), (2, 4), (2, 24), (2, 25), (3, 4)] {
        let cat = Catalog::<Card>::new(copies, jokers).expect("fits");
        assert_eq!(cat.len_of(PieceSet::new()), Some(0));
        for a in (0..limit).filter_map(PieceId::new) {
            for b in spread.into_iter().filter_map(PieceId::new) {
                let pair: PieceSet = [a, b].into_iter().collect();
                let expected = (cat.contains(a) && cat.contains(b)).then_some(if a == b { 1 } else { 2 });
                assert_eq!(cat.len_of(pair), expected, "{a:?} and {b:?} of {} pieces", cat.len());
            }
        }
        for _ in 0..2_000 {
            let size = rng.random_range(0..20);
            // Mostly the catalog's own ids, sometimes any id.
            let top = if rng.random_bool(0.5) { cat.len() as u8 } else { limit };
            let set: PieceSet = (0..size).filter_map(|_| PieceId::new(rng.random_range(0..top))).collect();
            let expected = set.iter().all(|id| cat.contains(id)).then_some(set.len());
            assert_eq!(cat.len_of(set), expected, "{set:?} of {} pieces", cat.len());
            if expected.is_some() { counted += 1 } else { refused += 1 }
        }
        // The catalog's last id and the one past it.
        let last: PieceSet = PieceId::new(cat.len() as u8 - 1).into_iter().collect();
        assert_eq!(cat.len_of(last), Some(1));
        if let Some(beyond) = PieceId::new(cat.len() as u8) {
            assert_eq!(cat.len_of([beyond].into_iter().collect()), None);
        }
        assert_eq!(cat.len_of(cat.all()), Some(cat.len()));
    }
    assert!(counted > 5_000 && refused > 2_000, "{counted} counted, {refused} refused");
}

/// `nth` on a set's iterator is `n` calls of `next` and one more, from any point of the
/// iteration: every `n` (past the end too) on sets of ids spread over every word.
#[test]
fn piece_set_nth_is_next_repeated() {
    use rand::{RngExt, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let limit = u8::try_from(PieceId::LIMIT).expect("ids are bytes");
    for _ in 0..300 {
        let size = rng.random_range(0..40);
        let set: PieceSet = (0..size).filter_map(|_| PieceId::new(rng.random_range(0..limit))).collect();
        for n in 0..=set.len() + 1 {
            // From the start, and after the first id read.
            for skip in 0..2 {
                let (mut fast, mut slow) = (set.iter(), set.iter());
                for _ in 0..skip {
                    assert_eq!(fast.next(), slow.next());
                }
                let expected = (0..n).try_for_each(|_| slow.next().map(drop)).and_then(|()| slow.next());
                assert_eq!(fast.nth(n), expected, "{set:?}, n {n}, skip {skip}");
                // The rest of the iteration goes on alike.
                assert!(fast.eq(slow), "{set:?}, n {n}, skip {skip}");
            }
        }
    }
}
