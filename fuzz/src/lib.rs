//! The bodies of the rummykit fuzz targets, as plain functions.
//!
//! Each `fuzz_targets/<name>.rs` is a one-line `fuzz_target!` calling the function of the
//! same name here. The root package's `tests/fuzz_corpus.rs` includes this file and runs
//! every function over every file of `fuzz/corpus/<name>/` on the stable toolchain, so
//! the committed corpora (with every crash ever found) are a regression suite.
//!
//! A body panics only when it finds a bug: a library panic, or a property that must hold
//! for any input (a round trip, a re-validated answer, conservation) failing.
#![forbid(unsafe_code)]
#![allow(missing_docs)]

use rummykit_core::{
    AcePolicy, Card, Face, JokerLimit, JokerRole, Meld, MeldKind, MeldRules, Tile, format_list, parse_list,
};

/// Reads fuzz input as a stream of small numbers.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    pub fn new(data: &'a [u8]) -> Self {
        Bytes { data }
    }
    /// The next byte, 0 once the input is exhausted.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&b, rest)) => {
                self.data = rest;
                b
            }
            None => 0,
        }
    }
    /// The next byte modulo `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n.max(1)
    }
    pub fn u64(&mut self) -> u64 {
        (0..8).fold(0, |acc, _| acc << 8 | u64::from(self.byte()))
    }
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
    pub fn rest(&self) -> &'a [u8] {
        self.data
    }
}

// ---------------------------------------------------------------------------------------
// Target `notation`: parsing pieces and lists never panics, and what parses round-trips.

pub fn notation(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    notation_of::<Tile>(&text);
    notation_of::<Card>(&text);
}

fn notation_of<F: Face>(text: &str) {
    if let Ok(face) = text.parse::<F>() {
        let written = face.to_string();
        assert_eq!(written.parse::<F>(), Ok(face), "{text:?} -> {written:?} does not read back");
        assert_eq!(F::from_index(face.index()), Some(face));
    }
    match parse_list::<F>(text) {
        Ok(faces) => {
            let written = format_list(&faces);
            assert_eq!(parse_list::<F>(&written).as_ref(), Ok(&faces), "{text:?} -> {written:?}");
            assert_eq!(faces.len(), text.split_whitespace().count());
        }
        Err(e) => {
            // Every error names a token of the input (or says the input was empty).
            let _ = e.to_string();
        }
    }
}

// ---------------------------------------------------------------------------------------
// Target `meld`: the validator never panics, and a meld it accepts is one by the
// definition of RULES.md §0 (checked here independently of the validator).

/// Meld rules from two bytes: every ace policy, joker limit and minimum length.
pub fn rules_from(bytes: &mut Bytes<'_>) -> MeldRules {
    let base = [rummykit_rummikub::MELD_RULES, rummykit_classic::MELD_RULES, rummykit_rummy40::MELD_RULES]
        [bytes.below(3)];
    let ace =
        [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner][bytes.below(4)];
    let b = bytes.byte();
    let jokers = match b % 6 {
        0 => base.jokers,
        1 => JokerLimit::Forbidden,
        2 => JokerLimit::Unlimited,
        3 => JokerLimit::AtMost(b / 6 % 4),
        4 => JokerLimit::NotMoreThanNaturals,
        _ => JokerLimit::NoAdjacent,
    };
    let min = bytes.byte();
    let base = base.with_ace(ace).with_jokers(jokers);
    if min < 200 { base } else { base.with_min_len(min % 6) }
}

pub fn meld(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = rules_from(&mut bytes);
    let kind = if bytes.byte() & 1 == 0 { MeldKind::Group } else { MeldKind::Run };
    let len = bytes.below(16);
    let indices: Vec<u8> = (0..len).map(|_| bytes.below(53) as u8).collect();
    meld_of::<Tile>(kind, &indices, &rules);
    meld_of::<Card>(kind, &indices, &rules);
}

fn meld_of<F: Face>(kind: MeldKind, indices: &[u8], rules: &MeldRules) {
    let faces: Vec<F> = indices.iter().filter_map(|&i| F::from_index(i)).collect();
    let result = Meld::new(kind, &faces, rules);
    let _ = Meld::infer(&faces, rules);
    let Ok(meld) = result else { return };
    assert_eq!(meld.kind(), kind);
    assert_eq!(meld.faces(), &faces[..]);
    assert!(faces.len() >= usize::from(rules.min_len.max(1)) && faces.len() <= 13);
    let naturals: Vec<(usize, F)> =
        faces.iter().copied().enumerate().filter(|(_, f)| !f.is_joker()).collect();
    assert!(!naturals.is_empty(), "{meld:?} has no natural");
    let jokers = faces.len() - naturals.len();
    match rules.jokers {
        JokerLimit::Forbidden => assert_eq!(jokers, 0),
        JokerLimit::AtMost(n) => assert!(jokers <= usize::from(n)),
        JokerLimit::NotMoreThanNaturals => assert!(jokers <= naturals.len()),
        JokerLimit::NoAdjacent if kind == MeldKind::Run => {
            assert!(faces.windows(2).all(|w| !(w[0].is_joker() && w[1].is_joker())), "{meld:?}");
        }
        _ => {}
    }
    let numbers: Vec<u8> = meld.numbers().collect();
    assert_eq!(numbers.len(), faces.len());
    for &(i, f) in &naturals {
        assert_eq!(f.number(), Some(numbers[i]), "{meld:?}: position {i} reads {}", numbers[i]);
    }
    match kind {
        MeldKind::Group => {
            assert!(faces.len() <= 4);
            let n = naturals[0].1.number();
            assert!(naturals.iter().all(|(_, f)| f.number() == n), "{meld:?} mixes numbers");
            let mut suits = 0u8;
            for (_, f) in &naturals {
                let bit = 1 << f.suit_index().unwrap_or(0);
                assert_eq!(suits & bit, 0, "{meld:?} repeats a suit");
                suits |= bit;
            }
        }
        MeldKind::Run => {
            let s = naturals[0].1.suit_index();
            assert!(naturals.iter().all(|(_, f)| f.suit_index() == s), "{meld:?} mixes suits");
            // Consecutive values; where the ace may stand depends on the policy.
            let values: Vec<u8> = (0..faces.len()).map(|i| meld.value_at(i).unwrap_or(0)).collect();
            if rules.ace == AcePolicy::RoundTheCorner {
                for w in numbers.windows(2) {
                    assert_eq!(w[1], w[0] % 13 + 1, "{meld:?}: numbers {numbers:?}");
                }
            } else {
                for w in values.windows(2) {
                    assert_eq!(w[1], w[0] + 1, "{meld:?}: values {values:?}");
                }
            }
            let has_low_ace = values.contains(&1);
            let has_high_ace = values.contains(&14);
            match rules.ace {
                AcePolicy::Low => assert!(!has_high_ace && values.iter().all(|&v| (1..=13).contains(&v))),
                AcePolicy::High => assert!(!has_low_ace, "{meld:?}: {values:?}"),
                AcePolicy::LowOrHigh => assert!(!(has_low_ace && has_high_ace)),
                AcePolicy::RoundTheCorner => {
                    let mut seen = [false; 14];
                    for &n in &numbers {
                        assert!(!seen[usize::from(n)], "{meld:?} repeats {n}");
                        seen[usize::from(n)] = true;
                    }
                }
            }
        }
    }
    for (i, f) in faces.iter().enumerate() {
        let role = meld.joker_role(i);
        assert_eq!(role.is_some(), f.is_joker(), "{meld:?} position {i}");
        if let Some(JokerRole::Exactly(g)) = role {
            assert_eq!(g.number(), Some(numbers[i]));
        }
    }
    // Validating the same pieces again gives the same meld.
    assert_eq!(Meld::new(kind, meld.faces(), rules), Ok(meld));
}

// ---------------------------------------------------------------------------------------
// Rummikub helpers: tiles, melds and rules from bytes.

use rummykit_rummikub::solver::{Objective, Position, SolveError, SolveOptions, Solver};
use rummykit_rummikub::{Config as RummikubConfig, TileCounts, check_play};

/// A tile from a byte (every face, the joker included).
pub fn tile_from(bytes: &mut Bytes<'_>) -> Tile {
    Tile::from_index(bytes.below(53) as u8).unwrap_or(Tile::JOKER)
}

/// A Rummikub meld from bytes, or `None` when the bytes do not spell a valid one.
pub fn tile_meld_from(bytes: &mut Bytes<'_>) -> Option<Meld<Tile>> {
    let b = bytes.byte();
    let kind = if b & 1 == 0 { MeldKind::Group } else { MeldKind::Run };
    let len = 3 + usize::from(b >> 1) % 11;
    if kind == MeldKind::Run && b & 0x80 != 0 {
        // A run spelled by its colour and start (so valid runs are common), jokers sprinkled.
        let colour = bytes.below(4) as u8;
        let start = 1 + bytes.below(13) as u8;
        let jokers = bytes.byte();
        let faces: Vec<Tile> = (0..len as u8)
            .map(|i| {
                if jokers & (1 << (i % 8)) != 0 && i % 3 == 1 {
                    Tile::JOKER
                } else {
                    Tile::from_index(colour * 13 + (start + i).min(13) - 1).unwrap_or(Tile::JOKER)
                }
            })
            .collect();
        return Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok();
    }
    if kind == MeldKind::Group {
        let number = bytes.below(13) as u8;
        let mask = bytes.byte();
        let faces: Vec<Tile> = (0..4u8)
            .filter(|c| mask & (1 << c) != 0)
            .map(|c| Tile::from_index(c * 13 + number).unwrap_or(Tile::JOKER))
            .chain((0..(mask >> 4) % 3).map(|_| Tile::JOKER))
            .collect();
        return Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok();
    }
    let faces: Vec<Tile> = (0..len).map(|_| tile_from(bytes)).collect();
    Meld::new(kind, &faces, &rummykit_rummikub::MELD_RULES).ok()
}

/// One of the presets, with some options flipped by the byte.
pub fn rummikub_rules_from(bytes: &mut Bytes<'_>) -> RummikubConfig {
    let b = bytes.byte();
    let mut rules =
        [RummikubConfig::STANDARD, RummikubConfig::XP, RummikubConfig::SCHMIDT][usize::from(b % 3)];
    rules.manipulate_on_initial_meld_turn ^= b & 0x04 != 0;
    rules.group3_joker_needs_both ^= b & 0x08 != 0;
    rules.joker_melds_locked ^= b & 0x10 != 0;
    rules.hand_rummy_double ^= b & 0x20 != 0;
    rules.keep_three ^= b & 0x40 != 0;
    if b & 0x80 != 0 {
        rules.initial_meld_threshold = u32::from(bytes.byte());
    }
    rules
}

/// A proposed table: `before` edited by up to five operations (a meld removed, added or
/// replaced, a rack tile laid off at either end of a meld).
fn proposal_from(before: &[Meld<Tile>], rack: &TileCounts, bytes: &mut Bytes<'_>) -> Vec<Meld<Tile>> {
    let mut after = before.to_vec();
    for _ in 0..bytes.below(6) {
        match bytes.below(4) {
            0 if !after.is_empty() => {
                let i = bytes.below(after.len());
                after.remove(i);
            }
            1 => after.extend(tile_meld_from(bytes)),
            2 if !after.is_empty() => {
                let i = bytes.below(after.len());
                if let Some(m) = tile_meld_from(bytes) {
                    after[i] = m;
                }
            }
            _ if !after.is_empty() => {
                // Lay a rack tile off at either end of a meld.
                let i = bytes.below(after.len());
                let tiles: Vec<Tile> = rack.iter().collect();
                if let Some(&t) = tiles.get(bytes.below(tiles.len().max(1))) {
                    let mut faces = after[i].faces().to_vec();
                    if bytes.byte() & 1 == 0 {
                        faces.insert(0, t)
                    } else {
                        faces.push(t)
                    }
                    if let Ok(m) = Meld::new(after[i].kind(), &faces, &rummykit_rummikub::MELD_RULES) {
                        after[i] = m;
                    }
                }
            }
            _ => {}
        }
    }
    after
}

// ---------------------------------------------------------------------------------------
// Target `rummikub_play`: the commit check on arbitrary tables, racks and proposals never
// panics, and what it accepts conserves tiles exactly (RULES.md §1.3).

pub fn rummikub_play(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let rules = rummikub_rules_from(&mut bytes);
    let has_opened = bytes.byte() & 1 == 1;
    let before: Vec<Meld<Tile>> = (0..bytes.below(6)).filter_map(|_| tile_meld_from(&mut bytes)).collect();
    let rack: TileCounts = (0..bytes.below(20)).map(|_| tile_from(&mut bytes)).collect();
    // The proposal: the old table edited by a few operations.
    let after = proposal_from(&before, &rack, &mut bytes);
    let result = check_play(&rules, &before, &rack, has_opened, &after);
    assert_eq!(result, check_play(&rules, &before, &rack, has_opened, &after), "not deterministic");
    let Ok(info) = result else { return };
    let mut expected = TileCounts::of_melds(&before);
    expected.add_all(&info.played);
    assert_eq!(TileCounts::of_melds(&after), expected, "accepted play does not conserve tiles");
    assert!(info.played.is_subset(&rack), "played tiles not from the rack");
    assert!(!info.played.is_empty(), "accepted a play without a rack tile");
    assert_eq!(info.goes_out, rack.len() == info.played.len());
    assert_eq!(info.initial_meld.is_some(), !has_opened);
}

// ---------------------------------------------------------------------------------------
// Target `solver`: arbitrary positions get an answer or a typed error, never a panic; the
// answer is re-validated (valid melds, exact conservation) and never worse than a play
// that is obviously available.

pub fn solver(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let flags = bytes.byte();
    let xp = flags & 1 != 0;
    let catalog = if xp {
        rummykit_rummikub::TileSet::Xp160.catalog()
    } else {
        rummykit_rummikub::TileSet::Standard106.catalog()
    };
    let clamp = flags & 2 == 0;
    let mut options = SolveOptions::default()
        .with_tile_set(catalog)
        .with_opened(flags & 4 == 0)
        .with_objective(if flags & 8 == 0 { Objective::Tiles } else { Objective::Value });
    if flags & 16 != 0 {
        options =
            options.with_threshold(u32::from(bytes.byte())).with_joker_value(u32::from(bytes.byte() % 31));
    }
    let mut used = [0u8; 53];
    let pick = |bytes: &mut Bytes<'_>, used: &mut [u8; 53]| {
        let t = tile_from(bytes);
        let i = usize::from(t.index());
        if clamp && used[i] >= catalog.count_of(t) {
            return None;
        }
        used[i] += 1;
        Some(t)
    };
    let as_melds = flags & 32 != 0;
    let mut melds = Vec::new();
    let mut table = Vec::new();
    if as_melds {
        for _ in 0..bytes.below(8) {
            if let Some(m) = tile_meld_from(&mut bytes) {
                let mut need = [0u8; 53];
                m.faces().iter().for_each(|t| need[usize::from(t.index())] += 1);
                let fits = !clamp
                    || (0..53u8).filter_map(Tile::from_index).all(|t| {
                        let i = usize::from(t.index());
                        used[i] + need[i] <= catalog.count_of(t)
                    });
                if fits {
                    m.faces().iter().for_each(|t| used[usize::from(t.index())] += 1);
                    melds.push(m);
                }
            }
        }
    } else {
        table = (0..bytes.below(40)).filter_map(|_| pick(&mut bytes, &mut used)).collect();
    }
    let rack: Vec<Tile> = (0..bytes.below(30)).filter_map(|_| pick(&mut bytes, &mut used)).collect();
    let position = if as_melds {
        match Position::from_melds(&melds, rack.iter().copied()) {
            Ok(p) => p,
            Err(e) => panic!("valid melds refused: {e}"),
        }
    } else {
        Position::new(table.iter().copied(), rack.iter().copied())
    };
    // What is left after the rack chooses options the caller may set to anything: a
    // custom tile set (`Catalog::new`, any copies and jokers), jokers worth nothing
    // toward the threshold, extreme threshold and joker value. An exhausted input reads
    // zeros and keeps the options above.
    let tail = bytes.byte();
    if tail & 1 != 0 {
        let (copies, jokers) = (bytes.byte() % 5, bytes.byte());
        if let Some(custom) = rummykit_core::Catalog::new(copies, jokers) {
            options = options.with_tile_set(custom);
        }
    }
    if tail & 2 != 0 {
        options = options.with_initial_joker_value(rummykit_rummikub::InitialJokerValue::Zero);
    }
    if tail & 4 != 0 {
        let extreme = |b: u8| [0, 1, 29, 30, 31, 100, u32::MAX - 1, u32::MAX][usize::from(b % 8)];
        options = options.with_threshold(extreme(bytes.byte())).with_joker_value(extreme(bytes.byte()));
    }
    // The solver's serde (feature `serde`): the position and options read back as
    // themselves; and the rest of the input read as a written `[position, options]`
    // pair, solved as the `solve` tool would.
    #[cfg(feature = "serde")]
    if tail & 8 != 0 {
        serde_round_trip(&position);
        serde_round_trip(&options);
    }
    #[cfg(feature = "serde")]
    if tail & 16 != 0 {
        solver_json(bytes.rest());
    }
    // The copies the position holds, against the tile set solved with.
    let mut held = [0usize; 53];
    position.table().iter().chain(position.rack()).for_each(|t| held[usize::from(t.index())] += 1);
    let beyond = (0..53u8)
        .filter_map(Tile::from_index)
        .find(|&t| held[usize::from(t.index())] > usize::from(options.tile_set.count_of(t)));
    let jokers = held[usize::from(Tile::JOKER.index())];
    let solution = match Solver::new().solve(&position, &options) {
        Ok(s) => s,
        Err(SolveError::TooManyCopies { tile, count, max }) => {
            assert_eq!((count, max), (held[usize::from(tile.index())], options.tile_set.count_of(tile)));
            assert!(count > usize::from(max), "copies within the set refused");
            return;
        }
        Err(SolveError::TableNotMeldable) => {
            assert!(!as_melds, "a table of valid melds is meldable");
            return;
        }
        Err(SolveError::UnsupportedJokers { count, max }) => {
            assert_eq!(count, jokers);
            assert!(count > max, "{count} jokers refused, {max} supported");
            return;
        }
        Err(e) => panic!("unexpected solver error: {e}"),
    };
    assert_eq!(beyond, None, "a position beyond the tile set solved");
    #[cfg(feature = "serde")]
    if tail & 8 != 0 {
        serde_round_trip(&solution);
    }
    // Re-validate the answer.
    for m in &solution.table {
        assert_eq!(
            Meld::new(m.kind(), m.faces(), &rummykit_rummikub::MELD_RULES).as_ref(),
            Ok(m),
            "invalid meld"
        );
    }
    let table_counts: TileCounts = position.table().iter().copied().collect();
    let rack_counts: TileCounts = rack.iter().copied().collect();
    let placed: TileCounts = solution.placed.iter().copied().collect();
    let mut expected = table_counts;
    expected.add_all(&placed);
    assert_eq!(TileCounts::of_melds(&solution.table), expected, "answer does not conserve tiles");
    assert!(placed.is_subset(&rack_counts), "placed tiles not on the rack");
    assert_eq!(solution.tiles_placed, solution.placed.len());
    let value: u64 =
        solution.placed.iter().map(|t| t.number().map_or(u64::from(options.joker_value), u64::from)).sum();
    assert_eq!(solution.value_placed, value);
    if !options.opened && solution.tiles_placed > 0 {
        // Initial meld (RULES.md §1.5): the table is untouched and the new melds are worth
        // the threshold, jokers counting the number they represent. Checked where the
        // old melds are known: given as melds (kept as the first melds) or no table.
        let old: &[Meld<Tile>] = if as_melds { &melds } else { &[] };
        if as_melds || position.table().is_empty() {
            assert_eq!(&solution.table[..old.len()], old, "the table was touched before opening");
            let zero = options.initial_joker_value == rummykit_rummikub::InitialJokerValue::Zero;
            let worth: u32 = solution.table[old.len()..]
                .iter()
                .flat_map(|m| m.faces().iter().zip(m.numbers()))
                .map(|(f, n)| if zero && f.is_joker() { 0 } else { u32::from(n) })
                .sum();
            assert!(worth >= options.threshold, "initial meld worth {worth} < {}", options.threshold);
        }
    }
    // Lower bound: any meld of natural rack tiles could be added to the table as it is,
    // when the table stands as it is (given as valid melds, or empty). A table of loose
    // tiles may need rack tiles to be meldable at all, so no bound holds there.
    let naturals: Vec<Tile> = rack.iter().copied().filter(|t| !t.is_joker()).collect();
    let table_stands = as_melds || position.table().is_empty();
    let found = if table_stands && naturals.len() <= rummykit_core::MAX_HAND {
        rummykit_core::hand_melds(&naturals, &rummykit_rummikub::MELD_RULES).unwrap_or_default()
    } else {
        Vec::new()
    };
    for hm in found {
        let faces: Vec<Tile> = hm.select(&naturals).copied().collect();
        let v: u64 = faces.iter().filter_map(|t| t.number()).map(u64::from).sum();
        if !options.opened && v < u64::from(options.threshold) {
            continue;
        }
        match options.objective {
            Objective::Tiles => assert!(solution.tiles_placed >= faces.len(), "missed {faces:?}"),
            _ => assert!(solution.value_placed >= v, "missed {faces:?}"),
        }
    }
}

/// What is written reads back as itself.
#[cfg(feature = "serde")]
fn serde_round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let text = serde_json::to_string(value).expect("serializes");
    match serde_json::from_str::<T>(&text) {
        Ok(back) => assert_eq!(&back, value, "round trip of {text}"),
        Err(e) => panic!("{text} does not read back: {e}"),
    }
}

/// A written position and options, read through their constructors, get an answer or a
/// typed error; an answer is valid melds holding the table and the tiles placed, which
/// are rack tiles.
#[cfg(feature = "serde")]
fn solver_json(json: &[u8]) {
    let Ok((position, options)) = serde_json::from_slice::<(Position, SolveOptions)>(json) else { return };
    serde_round_trip(&position);
    serde_round_trip(&options);
    if let Some(melds) = position.melds() {
        assert_eq!(
            position.table(),
            melds.iter().flat_map(|m| m.faces().iter().copied()).collect::<Vec<_>>()
        );
    }
    let Ok(solution) = Solver::new().solve(&position, &options) else { return };
    serde_round_trip(&solution);
    for m in &solution.table {
        assert_eq!(
            Meld::new(m.kind(), m.faces(), &rummykit_rummikub::MELD_RULES).as_ref(),
            Ok(m),
            "invalid meld"
        );
    }
    let placed: TileCounts = solution.placed.iter().copied().collect();
    let mut expected: TileCounts = position.table().iter().copied().collect();
    expected.add_all(&placed);
    assert_eq!(TileCounts::of_melds(&solution.table), expected, "answer does not conserve tiles");
    assert!(placed.is_subset(&position.rack().iter().copied().collect()), "placed tiles not on the rack");
    assert_eq!(solution.tiles_placed, solution.placed.len());
}

// ---------------------------------------------------------------------------------------
// Target `solve_turn`: the best play under the rules in force, for a table of valid melds
// and a rack under any preset with every joker option and number varied, is a typed
// error or a play `check_play` accepts that no play of the meld puzzle outranks.

pub fn solve_turn(data: &[u8]) {
    use rummykit_rummikub::{InitialJokerValue, JokerRelease, JokerReuse, ReplacementSource};
    let mut bytes = Bytes::new(data);
    let mut rules = rummikub_rules_from(&mut bytes);
    let b = bytes.byte();
    let opened = b & 1 != 0;
    let objective = if b & 2 == 0 { Objective::Tiles } else { Objective::Value };
    if b & 4 != 0 {
        rules.joker_value_in_initial_meld = InitialJokerValue::Zero;
    }
    if b & 8 != 0 {
        rules.joker_replacement_source = ReplacementSource::RackOnly;
    }
    rules.joker_reuse =
        [JokerReuse::WithRackTile, JokerReuse::SameTurnAnywhere, JokerReuse::NewMeldWithTwoRackTiles]
            [usize::from(b >> 4) % 3];
    if b & 0x40 != 0 {
        rules.joker_release = JokerRelease::ExactTile;
    }
    if b & 0x80 != 0 {
        // Numbers a caller may set outside what `Config::validate` allows for a deal.
        let extreme = |b: u8| [0, 1, 30, 100, 10_000, u32::MAX][usize::from(b % 6)];
        rules.initial_meld_threshold = extreme(bytes.byte());
        rules.joker_penalty = extreme(bytes.byte());
    }
    let catalog = rules.tile_set.catalog();
    let clamp = bytes.byte() & 1 == 0;
    let mut used = [0u8; 53];
    let mut fits = |faces: &[Tile]| {
        let mut need = used;
        faces.iter().for_each(|t| need[usize::from(t.index())] += 1);
        let ok = !clamp || faces.iter().all(|&t| need[usize::from(t.index())] <= catalog.count_of(t));
        if ok {
            used = need;
        }
        ok
    };
    let table: Vec<Meld<Tile>> =
        (0..bytes.below(7)).filter_map(|_| tile_meld_from(&mut bytes)).filter(|m| fits(m.faces())).collect();
    let rack: Vec<Tile> =
        (0..bytes.below(16)).map(|_| tile_from(&mut bytes)).filter(|&t| fits(&[t])).collect();
    let mut held = [0usize; 53];
    table.iter().flat_map(|m| m.faces()).chain(&rack).for_each(|t| held[usize::from(t.index())] += 1);
    let result = Solver::new().solve_turn(&table, &rack, &rules, opened, objective);
    let solution = match result {
        Ok(s) => s,
        Err(SolveError::TooManyCopies { tile, count, max }) => {
            assert_eq!((count, max), (held[usize::from(tile.index())], catalog.count_of(tile)));
            assert!(!clamp && count > usize::from(max), "copies within the set refused");
            return;
        }
        Err(SolveError::UnsupportedJokers { count, max }) => {
            assert!(!clamp && count > max, "{count} jokers refused, {max} supported");
            return;
        }
        // Not proven best, but allowed and placing a tile: the same checks hold.
        Err(SolveError::Unproven { best: Some(s), .. }) => {
            assert!(s.tiles_placed > 0, "an unproven play places no tile");
            *s
        }
        Err(SolveError::Unproven { best: None, .. }) => return,
        Err(e) => panic!("unexpected error for a table of valid melds: {e}"),
    };
    let rack_counts: TileCounts = rack.iter().copied().collect();
    let placed: TileCounts = solution.placed.iter().copied().collect();
    assert_eq!(solution.tiles_placed, solution.placed.len());
    assert!(placed.is_subset(&rack_counts), "placed tiles not on the rack");
    let value: u64 =
        solution.placed.iter().map(|t| t.number().map_or(u64::from(rules.joker_penalty), u64::from)).sum();
    assert_eq!(solution.value_placed, value);
    if solution.tiles_placed == 0 {
        assert_eq!(solution.table, table, "no tile placed, but the table changed");
    } else {
        match check_play(&rules, &table, &rack_counts, opened, &solution.table) {
            Ok(info) => assert_eq!(info.played, placed, "the play moves other tiles than it says"),
            Err(e) => panic!("the answer is refused: {e}"),
        }
    }
    // Every legal play is a play of the meld puzzle (opened, no threshold), so none
    // outranks the puzzle's optimum.
    let position = Position::from_melds(&table, rack.iter().copied()).expect("valid melds");
    let options = SolveOptions::default()
        .with_tile_set(catalog)
        .with_objective(objective)
        .with_joker_value(rules.joker_penalty);
    let best = Solver::new().solve(&position, &options).expect("the same position solves");
    let rank = |s: &rummykit_rummikub::solver::Solution| match objective {
        Objective::Tiles => (s.tiles_placed as u64, s.value_placed),
        Objective::Value => (s.value_placed, s.tiles_placed as u64),
    };
    assert!(rank(&solution) <= rank(&best), "the answer outranks the puzzle's optimum");
}

// ---------------------------------------------------------------------------------------
// Target `staging`: a Rummikub turn edited step by step the way a UI does (melds and
// positions by index, any tile, commit, draw, pass, timeout, abandon, stale stagings):
// a refused step changes nothing, every step keeps the turn's tiles, and the verdict
// agrees with the commit.

pub fn staging(data: &[u8]) {
    use rand::SeedableRng;
    use rummykit_rummikub::{Rummikub, Staging, StagingError, Timer};
    let mut bytes = Bytes::new(data);
    let mut rules = rummikub_rules_from(&mut bytes);
    let b = bytes.byte();
    if b & 1 != 0 {
        rules.timer = Timer::Seconds(60);
    }
    rules.abandon_penalty ^= b & 2 != 0;
    let seats = 2 + usize::from(b >> 2) % 3;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(bytes.byte()));
    let Ok(mut game) = Rummikub::deal(&rules, rummykit_core::Seating::new(seats), &mut rng) else { return };
    let Ok(mut stage) = Staging::new(&game) else { return };
    // Tiles of the turn: the rack and the table when the staging was opened.
    let turn_tiles = |game: &Rummikub, stage: &Staging| {
        let mut all = TileCounts::of_melds(game.table());
        all.add_all(game.rack(stage.seat()).expect("seat in range"));
        all
    };
    let mut tiles = turn_tiles(&game, &stage);
    let mut legal = Vec::new();
    for _ in 0..300 {
        if bytes.is_empty() {
            break;
        }
        let kind = [None, Some(MeldKind::Group), Some(MeldKind::Run)][bytes.below(3)];
        let index = |bytes: &mut Bytes<'_>, len: usize| bytes.below(len + 2);
        let (before, game_before) = (stage.clone(), game.clone());
        let melds = stage.melds().len();
        let result = match bytes.below(13) {
            0 => {
                let _ = stage.new_meld(kind);
                Ok(())
            }
            1 => stage.set_kind(index(&mut bytes, melds), kind),
            2..=4 => {
                // Mostly a rack tile, sometimes any tile.
                let rack: Vec<Tile> = stage.rack().iter().collect();
                let tile = match rack.get(bytes.below(rack.len() + 1)) {
                    Some(&t) => t,
                    None => tile_from(&mut bytes),
                };
                let meld = index(&mut bytes, melds);
                let len = stage.melds().get(meld).map_or(0, |m| m.tiles().len());
                stage.place(tile, meld, index(&mut bytes, len))
            }
            5 => {
                let from = index(&mut bytes, melds);
                let from_len = stage.melds().get(from).map_or(0, |m| m.tiles().len());
                let from = (from, index(&mut bytes, from_len));
                let to = index(&mut bytes, melds);
                let to_len = stage.melds().get(to).map_or(0, |m| m.tiles().len());
                stage.move_tile(from, (to, index(&mut bytes, to_len)))
            }
            6 => {
                let meld = index(&mut bytes, melds);
                let len = stage.melds().get(meld).map_or(0, |m| m.tiles().len());
                stage.take_back(meld, index(&mut bytes, len)).map(|_| ())
            }
            7 => {
                stage.reset();
                assert!(!stage.is_changed(), "changed after a reset");
                Ok(())
            }
            8 => {
                // The verdict judges the play, not whether the staging's turn is still on.
                let verdict = stage.verdict();
                let committed = stage.commit(&mut game);
                match &committed {
                    Ok(()) => assert!(verdict.is_ok(), "committed a play the verdict refuses: {verdict:?}"),
                    Err(StagingError::Stale | StagingError::NotYourTurn { .. }) => {}
                    Err(e) => assert!(verdict.is_err(), "the verdict accepts what the commit refuses: {e}"),
                }
                committed
            }
            9 => stage.draw(&mut game),
            10 => stage.pass(&mut game),
            11 => stage.timeout(&mut game),
            _ => {
                // A listed action played on the game itself: the staging goes stale.
                match game.to_move() {
                    Some(seat) => {
                        game.view(seat).legal_actions(&mut legal);
                        match legal.get(bytes.below(legal.len())) {
                            Some(a) => game.apply(seat, a.clone()).map_err(Into::into),
                            None => panic!("no legal action while the game is on"),
                        }
                    }
                    None => Ok(()),
                }
            }
        };
        match result {
            Err(_) => {
                assert_eq!(stage, before, "a refused step changed the staging");
                assert_eq!(game, game_before, "a refused step changed the game");
            }
            Ok(()) if game != game_before => {
                // The turn is over: a new staging for the next seat, if the game is on.
                let mut all = TileCounts::new();
                for s in 0..game.seats() {
                    all.add_all(game.rack(s).expect("seat in range"));
                }
                all.extend(game.pool());
                all.add_all(&TileCounts::of_melds(game.table()));
                assert_eq!(all, TileCounts::full(&game.config().tile_set.catalog()), "tiles lost");
                if bytes.byte() & 3 != 0 {
                    let Ok(next) = Staging::new(&game) else { return };
                    stage = next;
                    tiles = turn_tiles(&game, &stage);
                }
                continue;
            }
            Ok(()) => {}
        }
        if stage == before || game != game_before {
            continue;
        }
        let mut now = stage.rack().to_owned();
        stage.melds().iter().for_each(|m| now.extend(m.tiles().iter().copied()));
        assert_eq!(now, tiles, "a step lost or made tiles");
    }
}

// ---------------------------------------------------------------------------------------
// Target `state_json`: deserializing a saved game never panics; what is accepted is a
// consistent state (conservation) that serializes back to itself and can be played on.
// Rummikub's bytes are read as a view too: one accepted writes back as itself and lists
// an action exactly for the seat to move.

pub fn state_json(data: &[u8]) {
    let (game, json) = data.split_first().map_or((0, &[][..]), |(g, rest)| (*g, rest));
    match game % 3 {
        0 => rummikub_json(json),
        1 => rummy40_json(json),
        _ => classic_json(json),
    }
}

fn rummikub_json(json: &[u8]) {
    #[cfg(feature = "serde")]
    {
        if let Ok(game) = serde_json::from_slice::<rummykit_rummikub::Rummikub>(json) {
            rummikub_loaded(&game);
        }
        if let Ok(view) = serde_json::from_slice::<rummykit_rummikub::View>(json) {
            rummikub_view_loaded(&view);
        }
    }
    #[cfg(not(feature = "serde"))]
    let _ = json;
}

/// What must hold of any Rummikub state a save gave.
#[cfg(feature = "serde")]
fn rummikub_loaded(game: &rummykit_rummikub::Rummikub) {
    use rummykit_core::Game;
    use rummykit_rummikub::Rummikub;
    let game = game.clone();
    {
        let mut all = TileCounts::new();
        for s in 0..game.seats() {
            all.add_all(game.rack(s).expect("seat in range"));
        }
        all.extend(game.pool());
        all.add_all(&TileCounts::of_melds(game.table()));
        assert_eq!(all, TileCounts::full(&game.config().tile_set.catalog()), "accepted save loses tiles");
        let again = serde_json::to_string(&game).expect("serializes");
        assert_eq!(serde_json::from_str::<Rummikub>(&again).ok().as_ref(), Some(&game), "round trip");
        // Every view of a seat at the table reads back as itself; the view of a seat that
        // is not at the table is refused.
        for s in 0..=game.seats() {
            let view = game.view(s);
            let text = serde_json::to_string(&view).expect("serializes");
            let back = serde_json::from_str::<rummykit_rummikub::View>(&text).ok();
            assert_eq!(back.is_some(), s < game.seats(), "view of seat {s} read back: {text}");
            assert!(back.is_none_or(|back| back == view), "view round trip");
        }
        let _ = game.outcome();
        // The referee's hint: none for a seat not at the table; for the seat to move,
        // the hint of its view, a play the referee accepts or nothing placed, and no
        // error but an unproven best (the answer's own checks: `solve_turn`).
        {
            use rummykit_rummikub::solver::{Objective, SolveError, Solver};
            let mut solver = Solver::new();
            assert!(game.hint(game.seats(), &mut solver, Objective::Tiles).is_none(), "a hint for no seat");
            if let Some(seat) = game.to_move() {
                let hint =
                    game.hint(seat, &mut solver, Objective::Tiles).expect("the seat to move is at the table");
                assert_eq!(
                    hint,
                    game.view(seat).hint(&mut solver, Objective::Tiles),
                    "the view's hint differs"
                );
                match hint {
                    Ok(s) if !s.placed.is_empty() => {
                        let mut probe = game.clone();
                        if let Err(e) = probe.apply(seat, rummykit_rummikub::Action::Play { table: s.table })
                        {
                            panic!("the hint's play is refused: {e}");
                        }
                    }
                    Ok(_) | Err(SolveError::Unproven { .. }) => {}
                    Err(e) => panic!("a hint on a game's position fails: {e}"),
                }
            }
        }
        for action in [rummykit_rummikub::Action::Draw, rummykit_rummikub::Action::Pass] {
            let mut probe = game.clone();
            if probe.apply(probe.to_move().unwrap_or_default(), action).is_err() {
                assert_eq!(probe, game, "refused action changed the state");
            }
        }
    }
}

/// What must hold of any Rummikub view the reader accepted.
#[cfg(feature = "serde")]
fn rummikub_view_loaded(view: &rummykit_rummikub::View) {
    use rummykit_rummikub::View;
    let again = serde_json::to_string(view).expect("serializes");
    assert_eq!(serde_json::from_str::<View>(&again).ok().as_ref(), Some(view), "view round trip");
    let mut listed = Vec::new();
    view.legal_actions(&mut listed);
    assert_eq!(listed.is_empty(), view.to_move != Some(view.seat), "an action exactly for the seat to move");
    // The seat to move gets from the greedy bot an action its rules allow.
    if view.to_move == Some(view.seat) {
        use rummykit_rummikub::{Action, GreedyBot, Rummikub, check_play};
        match rummykit_core::Bot::<Rummikub>::act(&mut GreedyBot::new(), view) {
            Action::Play { table } => {
                let played = check_play(&view.config, &view.table, &view.rack, view.own_opened(), &table);
                assert!(played.is_ok(), "greedy play refused: {played:?}");
            }
            Action::Draw => assert!(view.pool > 0, "greedy draws from an empty pool"),
            Action::Pass => assert_eq!(view.pool, 0, "greedy passes with tiles in the pool"),
            other => panic!("greedy acts with {other:?}"),
        }
        // A view read through the checks is one a game shows: its hint is a play its
        // rules allow, or nothing placed, or an unproven best; no other error.
        use rummykit_rummikub::solver::{Objective, SolveError, Solver};
        match view.hint(&mut Solver::new(), Objective::Value) {
            Ok(s) if !s.placed.is_empty() => {
                let played = check_play(&view.config, &view.table, &view.rack, view.own_opened(), &s.table);
                assert!(played.is_ok(), "the hint's play is refused: {played:?}");
            }
            Ok(_) | Err(SolveError::Unproven { .. }) => {}
            Err(e) => panic!("a hint on a view read back fails: {e}"),
        }
    }
}

// ---------------------------------------------------------------------------------------
// Target `rummy40_actions`: an arbitrary sequence of actions (legal ones picked by index,
// or arbitrary ones built from bytes) never panics; a refused action changes nothing; every
// card stays in exactly one place.

use rummykit_core::{Game, MeldId, PieceId, PieceSet, RunEnd};
use rummykit_rummy40::{Action as R40Action, Config as R40Config, NewMeld, Rummy40, RummyLayOff};

fn piece_from(bytes: &mut Bytes<'_>) -> PieceId {
    PieceId::new(bytes.byte() % 160).unwrap_or(PieceId::new(0).expect("0 is an id"))
}

fn new_meld_from(bytes: &mut Bytes<'_>) -> NewMeld {
    let b = bytes.byte();
    let kind = if b & 1 == 0 { MeldKind::Group } else { MeldKind::Run };
    NewMeld::new(kind, (0..(b >> 1) % 6).map(|_| piece_from(bytes)).collect())
}

fn end_from(bytes: &mut Bytes<'_>) -> RunEnd {
    if bytes.byte() & 1 == 0 { RunEnd::Front } else { RunEnd::Back }
}

fn r40_action_from(bytes: &mut Bytes<'_>) -> R40Action {
    let meld = |bytes: &mut Bytes<'_>| MeldId::new(u16::from(bytes.byte() % 16));
    match bytes.below(10) {
        0 => R40Action::DrawStock,
        1 => R40Action::TakeDiscard,
        2 => R40Action::Discard(piece_from(bytes)),
        3 => R40Action::LayOff { piece: piece_from(bytes), onto: meld(bytes), end: end_from(bytes) },
        4 => R40Action::SwapJoker { piece: piece_from(bytes), meld: meld(bytes) },
        5 => R40Action::ReleaseJoker { meld: meld(bytes), pieces: [piece_from(bytes), piece_from(bytes)] },
        6 => R40Action::Meld(new_meld_from(bytes)),
        7 => R40Action::Open { melds: (0..bytes.below(4)).map(|_| new_meld_from(bytes)).collect() },
        8 => R40Action::TakeDiscardAndOpen {
            melds: (0..bytes.below(4)).map(|_| new_meld_from(bytes)).collect(),
        },
        _ => R40Action::GoRummy {
            melds: (0..bytes.below(4)).map(|_| new_meld_from(bytes)).collect(),
            discard: piece_from(bytes),
            lay_offs: (0..bytes.below(3))
                .map(|_| RummyLayOff::new(piece_from(bytes), meld(bytes), end_from(bytes)))
                .collect(),
        },
    }
}

fn r40_conserves(game: &Rummy40) {
    let hands: Vec<PieceSet> = (0..game.seats()).map(|s| game.hand(s).unwrap()).collect();
    cards_conserve(&hands, game.piles(), game.table(), game.catalog().all());
}

/// Hands, stock, discard pile and table hold every card of the pack exactly once.
fn cards_conserve(
    hands: &[PieceSet],
    piles: &rummykit_core::Piles,
    table: &rummykit_core::MeldTable<Card>,
    pack: PieceSet,
) {
    let mut seen = PieceSet::new();
    let mut count = 0;
    let mut add = |set: PieceSet, n: usize| {
        assert!(seen.is_disjoint(&set), "a card is in two places: {:?}", seen & set);
        seen |= set;
        count += n;
    };
    for hand in hands {
        add(*hand, hand.len());
    }
    let stock: PieceSet = piles.stock().iter().copied().collect();
    add(stock, piles.stock().len());
    let pile: PieceSet = piles.discard_pile().iter().copied().collect();
    add(pile, piles.discard_pile().len());
    add(table.pieces(), table.melds().iter().map(|m| m.pieces().len()).sum());
    assert_eq!(count, seen.len(), "a card is listed twice");
    assert_eq!(seen, pack, "cards lost or unknown cards present");
}

pub fn rummy40_actions(data: &[u8]) {
    use rand::SeedableRng;
    let mut bytes = Bytes::new(data);
    let seed = bytes.u64();
    let b = bytes.byte();
    let mut config = if b & 1 == 0 { R40Config::RUMMY40 } else { R40Config::SCALA40 };
    config.forbid_playable_discard ^= b & 2 != 0;
    config.swapped_joker_must_be_played_same_turn ^= b & 4 != 0;
    config.taken_discard_must_be_used_after_open ^= b & 8 != 0;
    config.ace_low_in_runs ^= b & 16 != 0;
    config.rummy_requires_opening_threshold ^= b & 32 != 0;
    let seats = 2 + bytes.below(5);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let Ok(mut game) = Rummy40::deal(&config, rummykit_core::Seating::new(seats), &mut rng) else { return };
    // The listed actions of the current state, enumerated at most once per state: the
    // enumeration is most of the cost of a step (every opening combination; under the
    // options that oblige a play, every candidate applied to a clone), and a refused
    // action leaves the state, so its list, as it was.
    let mut legal = Vec::new();
    let mut listed = false;
    for step in 0..500 {
        if bytes.is_empty() || game.to_move().is_none() {
            break;
        }
        let b = bytes.byte();
        let action = if b < 192 {
            if !listed {
                game.legal_actions(&mut legal);
                listed = true;
            }
            match legal.get(usize::from(b) % legal.len().max(1)) {
                Some(a) => a.clone(),
                None => panic!("no legal action while the hand is on"),
            }
        } else {
            r40_action_from(&mut bytes)
        };
        let before = game.clone();
        match game.apply(game.to_move().unwrap_or_default(), action.clone()) {
            Ok(()) => {
                if b >= 192 {
                    if !listed {
                        before.legal_actions(&mut legal);
                    }
                    assert!(legal.contains(&action.normalized()), "{action:?} accepted but not listed");
                }
                listed = false;
            }
            Err(e) => {
                assert_eq!(game, before, "{action:?} refused ({e}) but changed the state");
                assert!(b >= 192, "listed {action:?} refused: {e}");
            }
        }
        r40_conserves(&game);
        // Every seat's view once per round, one seat a step.
        let _ = game.view(step % seats);
    }
}

// ---------------------------------------------------------------------------------------
// Target `classic_actions`: the same for classic Rummy.

use rummykit_classic::{Action as ClassicAction, ClassicRummy, Config as ClassicConfig};

fn classic_action_from(bytes: &mut Bytes<'_>) -> ClassicAction {
    match bytes.below(5) {
        0 => ClassicAction::DrawStock,
        1 => ClassicAction::TakeDiscard,
        2 => ClassicAction::Meld((0..bytes.below(6)).map(|_| piece_from(bytes)).collect()),
        3 => ClassicAction::LayOff {
            piece: piece_from(bytes),
            onto: MeldId::new(u16::from(bytes.byte() % 16)),
        },
        _ => ClassicAction::Discard(piece_from(bytes)),
    }
}

fn classic_conserves(game: &ClassicRummy) {
    let hands: Vec<PieceSet> = (0..game.seats()).map(|s| game.hand(s).unwrap()).collect();
    cards_conserve(&hands, game.piles(), game.table(), rummykit_core::Catalog::<Card>::DECK.all());
}

pub fn classic_actions(data: &[u8]) {
    use rand::SeedableRng;
    let mut bytes = Bytes::new(data);
    let seed = bytes.u64();
    let b = bytes.byte();
    let end = rummykit_core::MatchEnd::SingleHand;
    let config = [
        ClassicConfig::STANDARD.with_game_end(end),
        ClassicConfig::LAST_CARD.with_game_end(end),
        ClassicConfig::LIBERAL.with_game_end(end),
        ClassicConfig::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)).with_game_end(end),
    ][usize::from(b % 4)];
    let seats = 2 + bytes.below(5);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let Ok(mut game) = ClassicRummy::deal(&config, rummykit_core::Seating::new(seats), &mut rng) else {
        return;
    };
    let mut legal = Vec::new();
    for _ in 0..500 {
        if bytes.is_empty() || game.to_move().is_none() {
            break;
        }
        let b = bytes.byte();
        let action = if b < 192 {
            game.legal_actions(&mut legal);
            match legal.get(usize::from(b) % legal.len().max(1)) {
                Some(a) => *a,
                None => panic!("no legal action while the hand is on"),
            }
        } else {
            classic_action_from(&mut bytes)
        };
        let before = game.clone();
        match game.apply(game.to_move().unwrap_or_default(), action) {
            Ok(()) => {
                if b >= 192 {
                    before.legal_actions(&mut legal);
                    assert!(legal.contains(&action), "{action:?} accepted but not listed");
                }
            }
            Err(e) => {
                assert_eq!(game, before, "{action:?} refused ({e}) but changed the state");
                assert!(b >= 192, "listed {action:?} refused: {e}");
            }
        }
        classic_conserves(&game);
        for s in 0..seats {
            let _ = game.view(s);
        }
    }
}

fn rummy40_json(json: &[u8]) {
    #[cfg(feature = "serde")]
    {
        let Ok(game) = serde_json::from_slice::<Rummy40>(json) else { return };
        rummy40_loaded(&game);
    }
    #[cfg(not(feature = "serde"))]
    let _ = json;
}

/// What must hold of any Rummy 40 state a save gave: every card once, hand sizes within
/// the deal, a round trip to itself, views for every seat (and one past), and every
/// listed action accepted.
#[cfg(feature = "serde")]
fn rummy40_loaded(game: &Rummy40) {
    r40_conserves(game);
    for s in 0..game.seats() {
        let drawn = usize::from(game.to_move() == Some(s) && game.phase() == rummykit_rummy40::Phase::Play);
        assert!(
            game.hand(s).is_some_and(|h| h.len() <= rummykit_rummy40::HAND_SIZE + drawn),
            "seat {s} holds too many cards"
        );
    }
    let again = serde_json::to_string(game).expect("serializes");
    assert_eq!(serde_json::from_str::<Rummy40>(&again).ok().as_ref(), Some(game), "round trip");
    // Every seat's hint is its view's; a seat not at the table has none.
    for s in 0..=game.seats() {
        let view = game.view(s);
        let hint = game.hint(s);
        assert_eq!(hint.is_some(), s < game.seats(), "hint of seat {s}");
        if hint.is_some() {
            assert_eq!(Some(view.hint()), hint, "the view's hint differs");
        }
    }
    let _ = game.outcome();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    for action in legal.into_iter().take(8) {
        let mut probe = game.clone();
        if let Err(e) = probe.apply(probe.to_move().unwrap_or_default(), action.clone()) {
            panic!("listed {action:?} refused on a loaded save: {e}");
        }
        r40_conserves(&probe);
    }
}

fn classic_json(json: &[u8]) {
    #[cfg(feature = "serde")]
    {
        let Ok(game) = serde_json::from_slice::<ClassicRummy>(json) else { return };
        classic_loaded(&game);
    }
    #[cfg(not(feature = "serde"))]
    let _ = json;
}

/// What must hold of any classic state a save gave.
#[cfg(feature = "serde")]
fn classic_loaded(game: &ClassicRummy) {
    classic_conserves(game);
    let again = serde_json::to_string(game).expect("serializes");
    assert_eq!(serde_json::from_str::<ClassicRummy>(&again).ok().as_ref(), Some(game), "round trip");
    // Every seat's hint is its view's; a seat not at the table has none.
    for s in 0..=game.seats() {
        let view = game.view(s);
        let hint = game.hint(s);
        assert_eq!(hint.is_some(), s < game.seats(), "hint of seat {s}");
        if hint.is_some() {
            assert_eq!(Some(view.hint()), hint, "the view's hint differs");
        }
    }
    let _ = game.outcome();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    for action in legal.into_iter().take(8) {
        let mut probe = game.clone();
        if let Err(e) = probe.apply(probe.to_move().unwrap_or_default(), action) {
            panic!("listed {action:?} refused on a loaded save: {e}");
        }
        classic_conserves(&probe);
    }
}

// ---------------------------------------------------------------------------------------
// Target `deal`: dealing any game under a config whose numbers the caller chose (absurd
// ones included), for any seat count and dealer, is a typed error or a sound state on
// which every listed action is accepted; `Game::seat_range` agrees with `deal`.

/// `current`, or a number from bytes: small, at a bound (`MAX_PENALTY` and one past), or
/// extreme.
fn vary(bytes: &mut Bytes<'_>, current: u32) -> u32 {
    match bytes.below(4) {
        0 => current,
        1 => u32::from(bytes.byte()),
        2 => [0, 1, 10_000, 10_001, i32::MAX as u32, u32::MAX][bytes.below(6)],
        _ => bytes.u64() as u32,
    }
}

fn vary_u8(bytes: &mut Bytes<'_>, current: u8) -> u8 {
    if bytes.byte() & 1 == 0 { current } else { bytes.byte() }
}

fn vary_i64(bytes: &mut Bytes<'_>, current: i64) -> i64 {
    match bytes.below(4) {
        0 => current,
        1 => i64::from(bytes.byte() as i8),
        2 => [0, -1, i64::MIN, i64::MAX][bytes.below(4)],
        _ => bytes.u64() as i64,
    }
}

fn match_end_from(bytes: &mut Bytes<'_>, current: rummykit_core::MatchEnd) -> rummykit_core::MatchEnd {
    use rummykit_core::MatchEnd;
    match bytes.below(5) {
        0 => current,
        1 => MatchEnd::FixedHands(vary(bytes, 2)),
        2 => MatchEnd::TargetScore(vary_i64(bytes, 100)),
        3 => MatchEnd::Elimination(vary_i64(bytes, 101)),
        _ => MatchEnd::SingleHand,
    }
}

pub fn deal(data: &[u8]) {
    use rummykit_core::Seating;
    let mut bytes = Bytes::new(data);
    let game = bytes.below(3);
    let seed = u64::from(bytes.byte());
    let seats = match bytes.below(4) {
        0 => usize::from(bytes.byte()),
        1 => usize::MAX - usize::from(bytes.byte()),
        _ => bytes.below(9),
    };
    let mut seating = Seating::new(seats);
    seating.dealer = match bytes.below(4) {
        0 => Some(usize::from(bytes.byte())),
        1 => Some(usize::MAX),
        _ => None,
    };
    match game {
        0 => {
            use rummykit_rummikub::{SessionRanking, Timer};
            let mut config = rummikub_rules_from(&mut bytes);
            config.rack_size = vary_u8(&mut bytes, config.rack_size);
            config.initial_meld_threshold = vary(&mut bytes, config.initial_meld_threshold);
            config.joker_penalty = vary(&mut bytes, config.joker_penalty);
            config.never_melded_penalty = vary(&mut bytes, config.never_melded_penalty);
            config.timeout_penalty_pending = vary_u8(&mut bytes, config.timeout_penalty_pending);
            config.timeout_penalty_idle = vary_u8(&mut bytes, config.timeout_penalty_idle);
            if bytes.byte() & 1 != 0 {
                config.timer = Timer::Seconds(vary(&mut bytes, 60));
            }
            if bytes.byte() & 1 != 0 {
                config.session_ranking = SessionRanking::TargetScore(vary_i64(&mut bytes, 100));
            }
            deal_and_play::<rummykit_rummikub::Rummikub>(&config, seating, seed, &mut bytes, |g| {
                let mut all = TileCounts::new();
                for s in 0..g.seats() {
                    all.add_all(g.rack(s).expect("seat in range"));
                }
                all.extend(g.pool());
                all.add_all(&TileCounts::of_melds(g.table()));
                assert_eq!(all, TileCounts::full(&g.config().tile_set.catalog()), "tiles lost");
            });
        }
        1 => {
            use rummykit_rummy40::RummyBonus;
            let b = bytes.byte();
            let mut config = if b & 1 == 0 { R40Config::RUMMY40 } else { R40Config::SCALA40 };
            config.ace_low_in_runs ^= b & 2 != 0;
            config.jokers = vary_u8(&mut bytes, config.jokers);
            config.joker_hand_penalty = vary(&mut bytes, config.joker_hand_penalty);
            config.opening_threshold = vary(&mut bytes, config.opening_threshold);
            config.unopened_penalty = (b & 4 != 0).then(|| vary(&mut bytes, 100));
            config.max_restocks = (b & 8 != 0).then(|| vary(&mut bytes, 1));
            if b & 16 != 0 {
                config.going_rummy_bonus = RummyBonus::PerOpponent(vary(&mut bytes, 10));
            }
            config.game_end = match_end_from(&mut bytes, config.game_end);
            deal_and_play::<Rummy40>(&config, seating, seed, &mut bytes, r40_conserves);
        }
        _ => {
            let b = bytes.byte();
            let mut config = [
                ClassicConfig::STANDARD,
                ClassicConfig::LAST_CARD,
                ClassicConfig::LIBERAL,
                ClassicConfig::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)),
            ][usize::from(b % 4)];
            config.max_restocks = (b & 4 != 0).then(|| vary(&mut bytes, 1));
            config.game_end = match_end_from(&mut bytes, config.game_end);
            deal_and_play::<ClassicRummy>(&config, seating, seed, &mut bytes, classic_conserves);
        }
    }
}

/// Deals `G`; a deal that succeeds is for a seat count `seat_range` allows, is sound, and
/// plays on: listed actions chosen by the bytes are accepted and keep it sound.
fn deal_and_play<G: Game>(
    config: &G::Config,
    seating: rummykit_core::Seating,
    seed: u64,
    bytes: &mut Bytes<'_>,
    sound: fn(&G),
) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let Ok(mut game) = G::deal(config, seating, &mut rng) else { return };
    assert!(
        G::seat_range(config).contains(&seating.seats),
        "dealt {} seats outside the range",
        seating.seats
    );
    assert_eq!(game.seats(), seating.seats);
    sound(&game);
    let mut legal = Vec::new();
    for _ in 0..60 {
        let Some(seat) = game.to_move() else { break };
        assert!(seat < game.seats(), "seat {seat} to move of {}", game.seats());
        game.legal_actions(&mut legal);
        let Some(action) = legal.get(bytes.below(legal.len())).cloned() else {
            panic!("no legal action while the game is on");
        };
        if let Err(e) = game.apply(seat, action) {
            panic!("a listed action is refused: {e}");
        }
        sound(&game);
        let _ = game.view(seat);
    }
    let _ = game.outcome();
}

// ---------------------------------------------------------------------------------------
// Targets `save_edits` and `match_record`: real saves and records of every game, edited
// by the input the way a hand-edited or corrupted file would be (a number changed, a
// piece moved from one list to another, dropped or duplicated, a flag flipped, a tile
// token moved between notation strings), then read back. A save the reader accepts must
// be a sound state (every piece once, hand sizes within the deal, a round trip to itself,
// every listed action accepted); a record the reader accepts is replayed, and one that
// replays must reproduce its totals with sound final states. Structured edits reach the
// checks behind the parser far more often than raw bytes (`state_json`) do.

#[cfg(feature = "serde")]
mod edits {
    use super::Bytes;
    use serde_json::Value;

    /// How many nodes of `v` satisfy `keep`.
    fn count(v: &Value, keep: fn(&Value) -> bool) -> usize {
        usize::from(keep(v))
            + match v {
                Value::Array(items) => items.iter().map(|x| count(x, keep)).sum(),
                Value::Object(map) => map.values().map(|x| count(x, keep)).sum(),
                _ => 0,
            }
    }

    /// The `n`th node of `v` (in document order) that satisfies `keep`; no allocation, so
    /// an edit costs a walk of the document, not a list of its paths.
    fn nth<'v>(v: &'v mut Value, keep: fn(&Value) -> bool, n: &mut usize) -> Option<&'v mut Value> {
        if keep(v) {
            if *n == 0 {
                return Some(v);
            }
            *n -= 1;
        }
        match v {
            Value::Array(items) => items.iter_mut().find_map(|x| nth(x, keep, n)),
            Value::Object(map) => map.values_mut().find_map(|x| nth(x, keep, n)),
            _ => None,
        }
    }

    /// A node satisfying `keep`, chosen by two bytes (a record has thousands of numbers).
    fn pick<'v>(v: &'v mut Value, keep: fn(&Value) -> bool, bytes: &mut Bytes<'_>) -> Option<&'v mut Value> {
        let total = count(v, keep);
        if total == 0 {
            return None;
        }
        let mut n = (usize::from(bytes.byte()) << 8 | usize::from(bytes.byte())) % total;
        nth(v, keep, &mut n)
    }

    /// A number an edit writes: mostly small (a card id, a seat, a count), sometimes
    /// extreme.
    fn number(bytes: &mut Bytes<'_>) -> Value {
        match bytes.below(8) {
            0 => Value::from(bytes.u64()),
            1 => Value::from(-(i64::from(bytes.byte()))),
            2 => Value::from(u64::from(u32::MAX) + u64::from(bytes.byte())),
            _ => Value::from(bytes.byte()),
        }
    }

    fn tiles(x: &Value) -> bool {
        x.as_str().is_some_and(|s| s.contains(' '))
    }

    /// Applies one to four edits chosen by `bytes` to `v`.
    pub fn edit(v: &mut Value, bytes: &mut Bytes<'_>) {
        for _ in 0..=bytes.below(4) {
            match bytes.below(8) {
                0 | 1 => {
                    let n = number(bytes);
                    if let Some(slot) = pick(v, Value::is_number, bytes) {
                        *slot = n;
                    }
                }
                2 | 3 => {
                    // Move an element from one array to another, or copy it.
                    let (i, copy) = (bytes.byte(), bytes.below(2) == 1);
                    let item = match pick(v, Value::is_array, bytes) {
                        Some(Value::Array(items)) if !items.is_empty() => {
                            let i = usize::from(i) % items.len();
                            if copy { items[i].clone() } else { items.remove(i) }
                        }
                        _ => continue,
                    };
                    if let Some(Value::Array(target)) = pick(v, Value::is_array, bytes) {
                        target.push(item);
                    }
                }
                4 => {
                    let i = bytes.byte();
                    match pick(v, Value::is_array, bytes) {
                        Some(Value::Array(items)) if !items.is_empty() => {
                            let i = usize::from(i) % items.len();
                            items.remove(i);
                        }
                        _ => {}
                    }
                }
                5 => {
                    if let Some(Value::Bool(b)) = pick(v, Value::is_boolean, bytes) {
                        *b = !*b;
                    }
                }
                6 => {
                    // A token of one notation string (a tile) moved or copied to another.
                    let (i, copy) = (bytes.byte(), bytes.below(2) == 1);
                    let token = match pick(v, tiles, bytes) {
                        Some(Value::String(text)) => {
                            let mut tokens: Vec<&str> = text.split_whitespace().collect();
                            if tokens.is_empty() {
                                continue;
                            }
                            let i = usize::from(i) % tokens.len();
                            let token = tokens[i].to_owned();
                            if !copy {
                                tokens.remove(i);
                                *text = tokens.join(" ");
                            }
                            token
                        }
                        _ => continue,
                    };
                    if let Some(Value::String(target)) = pick(v, tiles, bytes) {
                        target.push(' ');
                        target.push_str(&token);
                    }
                }
                _ => {
                    if let Some(slot) = pick(v, Value::is_number, bytes) {
                        *slot = Value::Null;
                    }
                }
            }
        }
    }
}

/// Real saves of each game (Rummikub, Rummy 40, classic), at the deal, during the hand
/// and at its end, made once per process.
#[cfg(feature = "serde")]
fn real_saves() -> &'static [Vec<serde_json::Value>; 3] {
    use rand::SeedableRng;
    use rummykit_core::{Bot, Seating};
    static SAVES: std::sync::OnceLock<[Vec<serde_json::Value>; 3]> = std::sync::OnceLock::new();
    fn snapshots<G: Game + serde::Serialize>(
        mut game: G,
        bots: &mut [&mut dyn Bot<G>],
    ) -> Vec<serde_json::Value> {
        let mut out = Vec::new();
        for step in 0..2_000 {
            if matches!(step, 0 | 1 | 2 | 7 | 20 | 45) {
                out.push(serde_json::to_value(&game).expect("serializes"));
            }
            let Some(seat) = game.to_move() else { break };
            let action = bots[seat].act(&game.view(seat));
            if game.apply(game.to_move().unwrap_or_default(), action).is_err() {
                break;
            }
        }
        out.push(serde_json::to_value(&game).expect("serializes"));
        out
    }
    SAVES.get_or_init(|| {
        let mut all: [Vec<serde_json::Value>; 3] = Default::default();
        for seed in 0..2_u64 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let seats = 2 + seed as usize;
            let rules = if seed == 0 { RummikubConfig::STANDARD } else { RummikubConfig::SCHMIDT };
            let game =
                rummykit_rummikub::Rummikub::deal(&rules, Seating::new(seats), &mut rng).expect("a deal");
            let mut bots: Vec<rummykit_rummikub::GreedyBot> =
                (0..seats).map(|_| Default::default()).collect();
            let mut refs: Vec<&mut dyn Bot<_>> = bots.iter_mut().map(|b| b as &mut dyn Bot<_>).collect();
            all[0].extend(snapshots(game, &mut refs));

            let config = if seed == 0 { R40Config::RUMMY40 } else { R40Config::SCALA40 };
            let game = Rummy40::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
            let mut bots: Vec<rummykit_rummy40::GreedyBot> = (0..seats).map(|_| Default::default()).collect();
            let mut refs: Vec<&mut dyn Bot<_>> = bots.iter_mut().map(|b| b as &mut dyn Bot<_>).collect();
            all[1].extend(snapshots(game, &mut refs));

            let config = ClassicConfig::STANDARD.with_game_end(rummykit_core::MatchEnd::SingleHand);
            let game = ClassicRummy::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
            let mut bots: Vec<rummykit_classic::GreedyBot> = (0..seats).map(|_| Default::default()).collect();
            let mut refs: Vec<&mut dyn Bot<_>> = bots.iter_mut().map(|b| b as &mut dyn Bot<_>).collect();
            all[2].extend(snapshots(game, &mut refs));
        }
        all
    })
}

pub fn save_edits(data: &[u8]) {
    #[cfg(feature = "serde")]
    {
        let mut bytes = Bytes::new(data);
        let game = bytes.below(3);
        let saves = &real_saves()[game];
        let mut v = saves[bytes.below(saves.len())].clone();
        edits::edit(&mut v, &mut bytes);
        match game {
            0 => {
                if let Ok(g) = serde_json::from_value(v) {
                    rummikub_loaded(&g);
                }
            }
            1 => {
                if let Ok(g) = serde_json::from_value(v) {
                    rummy40_loaded(&g);
                }
            }
            _ => {
                if let Ok(g) = serde_json::from_value(v) {
                    classic_loaded(&g);
                }
            }
        }
    }
    #[cfg(not(feature = "serde"))]
    let _ = data;
}

/// A recorded match of each game (one hand, bots), made once per process.
#[cfg(feature = "serde")]
fn real_records() -> &'static [serde_json::Value; 3] {
    use rand::SeedableRng;
    use rummykit_core::{Bot, MatchEnd, MatchRecord, MatchTerms, record_match};
    static RECORDS: std::sync::OnceLock<[serde_json::Value; 3]> = std::sync::OnceLock::new();
    fn record<G>(config: G::Config, bots: &mut [&mut dyn Bot<G>]) -> serde_json::Value
    where
        G: Game + serde::Serialize,
        G::Action: serde::Serialize,
        G::Config: serde::Serialize,
    {
        let setup = MatchRecord::<G>::new(
            "fuzz",
            config,
            MatchTerms::new(bots.len()).with_end(MatchEnd::FixedHands(2)),
            3,
        );
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(setup.seed);
        let (record, _) = record_match(setup, bots, &mut rng, 5_000).expect("a recorded match");
        serde_json::to_value(&record).expect("serializes")
    }
    RECORDS.get_or_init(|| {
        let (mut a, mut b) = (rummykit_rummikub::GreedyBot::new(), rummykit_rummikub::GreedyBot::new());
        let rk = record::<rummykit_rummikub::Rummikub>(RummikubConfig::STANDARD, &mut [&mut a, &mut b]);
        let (mut a, mut b) = (rummykit_rummy40::GreedyBot::new(), rummykit_rummy40::GreedyBot::new());
        let r40 = record::<Rummy40>(R40Config::RUMMY40, &mut [&mut a, &mut b]);
        let (mut a, mut b, mut c) = (
            rummykit_classic::GreedyBot::new(),
            rummykit_classic::GreedyBot::new(),
            rummykit_classic::GreedyBot::new(),
        );
        let classic = record::<ClassicRummy>(
            ClassicConfig::STANDARD.with_game_end(rummykit_core::MatchEnd::SingleHand),
            &mut [&mut a, &mut b, &mut c],
        );
        [rk, r40, classic]
    })
}

/// Reads `value` as a record of `G` and replays it; one that replays reproduces its
/// totals, and `sound` holds of every final state.
#[cfg(feature = "serde")]
fn replay_record<G>(value: serde_json::Value, sound: fn(&G))
where
    G: Game + PartialEq + serde::de::DeserializeOwned,
    G::Action: serde::de::DeserializeOwned,
    G::Config: serde::de::DeserializeOwned,
{
    use rand::SeedableRng;
    let Ok(record) = serde_json::from_value::<rummykit_core::MatchRecord<G>>(value) else { return };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(record.seed);
    if let Ok(replayed) = record.replay(&mut rng) {
        assert_eq!(replayed.totals, record.totals, "a replayed record gives other totals");
        assert_eq!(replayed.finals.len(), record.hands.len());
        for game in &replayed.finals {
            assert!(game.to_move().is_none(), "a replayed hand is not over");
            sound(game);
        }
    }
}

pub fn match_record(data: &[u8]) {
    #[cfg(feature = "serde")]
    {
        let mut bytes = Bytes::new(data);
        let first = bytes.byte();
        let game = usize::from(first) % 3;
        // Half the inputs are raw JSON for the mutator to grow; the rest edit a real record.
        let value = if first & 0x80 != 0 {
            match serde_json::from_slice(bytes.rest()) {
                Ok(v) => v,
                Err(_) => return,
            }
        } else {
            let mut v = real_records()[game].clone();
            edits::edit(&mut v, &mut bytes);
            v
        };
        match game {
            0 => replay_record::<rummykit_rummikub::Rummikub>(value, |g| {
                let mut all = TileCounts::new();
                for s in 0..g.seats() {
                    all.add_all(g.rack(s).expect("seat in range"));
                }
                all.extend(g.pool());
                all.add_all(&TileCounts::of_melds(g.table()));
                assert_eq!(all, TileCounts::full(&g.config().tile_set.catalog()), "a replay loses tiles");
            }),
            1 => replay_record::<Rummy40>(value, r40_conserves),
            _ => replay_record::<ClassicRummy>(value, classic_conserves),
        }
    }
    #[cfg(not(feature = "serde"))]
    let _ = data;
}

// ---------------------------------------------------------------------------------------
// Targets `hand_loop` (Rummy 40 / Scala 40 and classic) and `rummikub_loop`: a hand played
// through the hand loop (`play_hand`), whose `apply_shown` may commit a random player's
// drawn action without checking it again. The players are the input's: each turn they
// draw an action from the view shown (the fast path), or draw one and give another
// (listed or arbitrary), or draw from a copy of the view, or give an arbitrary action, or
// edit a copy of the view into one no game shows and ask it what a bot would, and ask
// again after a refusal. A shadow game that replays every accepted action with `apply`
// must accept it and end in the same state; a refused action is refused by `apply` too.

use rummykit_core::Bot;

/// One game's part of the edited views: the same steps for every game (edit, hint, the
/// bots, the listing and its descriptions, a random draw), over each game's types.
struct ViewEdits<G: Game> {
    /// Edits a copy of a view into one no game shows (pieces beyond the set, lists too
    /// short, seats and counts out of range).
    edit: fn(&mut G::View, &mut Bytes<'_>),
    /// Asks the edited view for its hint, checking what the game promises of it.
    hint: fn(&G::View, &mut Bytes<'_>),
    /// The bots asked: the greedy one, and others as the bytes choose.
    bots: fn(&mut Bytes<'_>) -> Vec<Box<dyn Bot<G>>>,
    /// Checks a bot's answer to the edited view (Rummikub's bots check their plays
    /// against the view; the card games promise only an answer).
    answer: fn(&G::View, &G::Action, &str),
}

/// Edits a copy of `view` and asks it what a bot or a program would: no panic, whatever
/// it asks; the action drawn from it is the game's to judge (it was not drawn from the
/// view shown, so nothing vouches for it).
fn edited_view<G: Game>(
    view: &G::View,
    edits: &ViewEdits<G>,
    bytes: &mut Bytes<'_>,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> Option<G::Action> {
    let mut copy = view.clone();
    (edits.edit)(&mut copy, bytes);
    let view = &copy;
    (edits.hint)(view, bytes);
    let mut legal = Vec::new();
    G::legal_actions_from(view, &mut legal);
    for action in legal.iter().take(4) {
        let _ = G::describe(view, action);
    }
    for mut bot in (edits.bots)(bytes) {
        let action = bot.act(view);
        (edits.answer)(view, &action, bot.name());
        let _ = G::describe(view, &action);
    }
    G::random_action_from(view, rng)
}

/// No check of a bot's answer: for the games that promise only one.
fn any_answer<G: Game>(_: &G::View, _: &G::Action, _: &str) {}

struct LoopPlayers<'a, G: Game> {
    bytes: Bytes<'a>,
    rng: rand_chacha::ChaCha8Rng,
    shadow: G,
    /// An action built from bytes, given the view shown (to edit its table).
    arbitrary: fn(&G::View, &mut Bytes<'_>) -> G::Action,
    edits: ViewEdits<G>,
    legal: Vec<G::Action>,
    last: Option<G::Action>,
    refusals: usize,
}

impl<G: Game + PartialEq> rummykit_core::Players<G> for LoopPlayers<'_, G> {
    fn act(
        &mut self,
        view: &G::View,
        _seat: rummykit_core::Seat,
        _hand_seat: rummykit_core::Seat,
    ) -> Option<G::Action> {
        // An exhausted input draws: the hand then plays on to its end.
        let op = if self.bytes.is_empty() { 0 } else { self.bytes.byte() % 10 };
        let action = match op {
            0..=3 => G::random_action_from(view, &mut self.rng),
            4 => {
                let _ = G::random_action_from(view, &mut self.rng);
                G::legal_actions_from(view, &mut self.legal);
                let i = self.bytes.below(self.legal.len());
                self.legal.get(i).cloned()
            }
            5 => {
                let copy = view.clone();
                G::random_action_from(&copy, &mut self.rng)
            }
            6 => {
                let _ = G::random_action_from(view, &mut self.rng);
                Some((self.arbitrary)(view, &mut self.bytes))
            }
            7 => Some((self.arbitrary)(view, &mut self.bytes)),
            _ => edited_view(view, &self.edits, &mut self.bytes, &mut self.rng),
        };
        self.last.clone_from(&action);
        action
    }

    fn applied(&mut self, game: &G, _seat: rummykit_core::Seat, action: &G::Action) {
        let seat = self.shadow.to_move().expect("an action was accepted, so the hand was on");
        if let Err(e) = self.shadow.apply(seat, action.clone()) {
            panic!("the hand loop accepted {action:?}, apply refuses it: {e}");
        }
        assert!(self.shadow == *game, "the hand loop's state differs from apply's after {action:?}");
    }

    fn refused(&mut self, _view: &G::View, _seat: rummykit_core::Seat, error: &G::Error) -> bool {
        let action = self.last.clone().expect("a refused action was given");
        let mut probe = self.shadow.clone();
        let seat = probe.to_move().expect("the hand is on");
        assert!(
            probe.apply(seat, action.clone()).is_err(),
            "the hand loop refused {action:?} ({error}), apply accepts it"
        );
        self.refusals += 1;
        // Ask again: the drawn actions that follow end the hand.
        true
    }
}

fn loop_hand<G: Game + Clone + PartialEq>(
    game: G,
    bytes: Bytes<'_>,
    arbitrary: fn(&G::View, &mut Bytes<'_>) -> G::Action,
    edits: ViewEdits<G>,
    sound: fn(&G),
) {
    use rand::SeedableRng;
    let mut game = game;
    let mut players = LoopPlayers {
        bytes,
        rng: rand_chacha::ChaCha8Rng::seed_from_u64(7),
        shadow: game.clone(),
        arbitrary,
        edits,
        legal: Vec::new(),
        last: None,
        refusals: 0,
    };
    let played = rummykit_core::play_hand(&mut game, &mut players, 2_000);
    assert!(players.shadow == game, "a refused action changed the state");
    sound(&game);
    if let Ok((outcome, actions)) = played {
        assert_eq!(Some(outcome), game.outcome());
        assert!(actions.len() <= 2_000);
    }
}

pub fn hand_loop(data: &[u8]) {
    use rand::SeedableRng;
    let mut bytes = Bytes::new(data);
    let b = bytes.byte();
    let seed = u64::from(bytes.byte());
    let seats = 2 + bytes.below(5);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    if b & 1 == 0 {
        let mut config = if b & 2 == 0 { R40Config::RUMMY40 } else { R40Config::SCALA40 };
        config.forbid_playable_discard ^= b & 4 != 0;
        config.swapped_joker_must_be_played_same_turn ^= b & 8 != 0;
        config.taken_discard_must_be_used_after_open ^= b & 16 != 0;
        config.ace_low_in_runs ^= b & 32 != 0;
        config.rummy_requires_opening_threshold ^= b & 64 != 0;
        let Ok(game) = Rummy40::deal(&config, rummykit_core::Seating::new(seats), &mut rng) else { return };
        let edits =
            ViewEdits { edit: r40_edit_view, hint: r40_hint, bots: r40_bots, answer: any_answer::<Rummy40> };
        loop_hand(game, bytes, |_, bytes| r40_action_from(bytes), edits, r40_conserves);
    } else {
        let end = rummykit_core::MatchEnd::SingleHand;
        let config = [
            ClassicConfig::STANDARD.with_game_end(end),
            ClassicConfig::LAST_CARD.with_game_end(end),
            ClassicConfig::LIBERAL.with_game_end(end),
            ClassicConfig::STANDARD.with_max_restocks(Some(rummykit_classic::RESTOCK_CAP)).with_game_end(end),
        ][usize::from(b >> 1) % 4];
        let Ok(game) = ClassicRummy::deal(&config, rummykit_core::Seating::new(seats), &mut rng) else {
            return;
        };
        let edits = ViewEdits {
            edit: classic_edit_view,
            hint: classic_hint,
            bots: classic_bots,
            answer: any_answer::<ClassicRummy>,
        };
        loop_hand(game, bytes, |_, bytes| classic_action_from(bytes), edits, classic_conserves);
    }
}

/// Edits the common part of a card game's view: one to four edits chosen by the bytes.
fn edit_hand_view(view: &mut rummykit_core::HandView, bytes: &mut Bytes<'_>) {
    use rummykit_core::Phase;
    for _ in 0..=bytes.below(4) {
        match bytes.below(12) {
            0 => {
                view.hand.insert(piece_from(bytes));
            }
            1 => {
                view.hand.remove(piece_from(bytes));
            }
            2 => view.hand_sizes.truncate(bytes.below(4)),
            3 => {
                let i = bytes.below(view.hand_sizes.len());
                if let Some(n) = view.hand_sizes.get_mut(i) {
                    *n = [0, 1, 200, usize::MAX][bytes.below(4)];
                }
            }
            4 => view.known.truncate(bytes.below(4)),
            5 => {
                let i = bytes.below(view.known.len());
                let piece = piece_from(bytes);
                if let Some(k) = view.known.get_mut(i) {
                    k.insert(piece);
                }
            }
            6 => view.seat = [0, 1, 7, usize::MAX][bytes.below(4)],
            7 => view.to_move = [None, Some(0), Some(7), Some(usize::MAX)][bytes.below(4)],
            8 => view.phase = [Phase::Draw, Phase::Play, Phase::Over][bytes.below(3)],
            9 => view.stock_len = [0, 1, usize::MAX][bytes.below(3)],
            10 => {
                if bytes.byte() & 1 == 0 {
                    view.discard_pile.push(piece_from(bytes));
                } else {
                    view.discard_pile.clear();
                }
            }
            _ => view.taken_this_turn = Some(piece_from(bytes)),
        }
    }
}

fn r40_edit_view(view: &mut rummykit_rummy40::View, bytes: &mut Bytes<'_>) {
    edit_hand_view(&mut view.common, bytes);
    match bytes.below(4) {
        0 => view.opened.truncate(bytes.below(3)),
        1 => view.opened.iter_mut().for_each(|o| *o = !*o),
        2 => {
            view.won_jokers.insert(piece_from(bytes));
        }
        _ => {}
    }
}

fn r40_hint(view: &rummykit_rummy40::View, _: &mut Bytes<'_>) {
    use rummykit_core::AnalysisError;
    use rummykit_rummy40::{best_opening, can_open, melds_value};
    let _ = view.hint();
    // The hand's best opening (RULES.md §3.5) and `can_open` agree, or the hand is
    // refused with a typed error: past the size bound or the step budget.
    let pack = view.config.catalog().unwrap_or(rummykit_rummy40::SCALA40_PACK);
    let faces: Vec<Card> = view.common.hand.iter().filter_map(|p| pack.face(p)).collect();
    match best_opening(&faces, &view.config) {
        Ok(best) => {
            assert_eq!(melds_value(&best.melds), best.value);
            assert!(best.melds.iter().map(Meld::len).sum::<usize>() < faces.len().max(1));
            // `can_open` searches as `best_opening` does and stops sooner: within budget.
            assert_eq!(can_open(&faces, best.value.saturating_add(1), &view.config), Ok(false));
            if best.value > 0 {
                assert_eq!(can_open(&faces, best.value, &view.config), Ok(true));
            }
        }
        Err(AnalysisError::TooManyPieces { .. } | AnalysisError::SearchTooLarge { .. }) => {}
        Err(e) => panic!("best opening refused with {e}"),
    }
}

fn r40_bots(bytes: &mut Bytes<'_>) -> Vec<Box<dyn Bot<Rummy40>>> {
    let mut bots: Vec<Box<dyn Bot<Rummy40>>> = vec![Box::new(rummykit_rummy40::GreedyBot::new())];
    if bytes.byte() & 1 == 0 {
        bots.push(Box::new(rummykit_rummy40::PlannerBot::new()));
    }
    bots
}

fn classic_edit_view(view: &mut rummykit_classic::View, bytes: &mut Bytes<'_>) {
    edit_hand_view(&mut view.common, bytes);
    match bytes.below(3) {
        0 => view.restocks = u32::MAX,
        1 => view.melds_this_turn = u32::MAX,
        _ => {}
    }
}

fn classic_hint(view: &rummykit_classic::View, _: &mut Bytes<'_>) {
    let _ = view.hint();
}

fn classic_bots(bytes: &mut Bytes<'_>) -> Vec<Box<dyn Bot<ClassicRummy>>> {
    let mut bots: Vec<Box<dyn Bot<ClassicRummy>>> = vec![Box::new(rummykit_classic::GreedyBot::new())];
    if bytes.byte() & 1 == 0 {
        bots.push(Box::new(rummykit_classic::PlannerBot::new()));
    }
    bots
}

// Target `rummikub_loop`: the same for a Rummikub game (any preset, joker options, timer
// and abandon penalty), whose arbitrary plays edit the table shown, and whose views are
// edited in their racks, table, pool, seats and rules.

use rummykit_rummikub::{Action as RummikubAction, Rummikub};

pub fn rummikub_loop(data: &[u8]) {
    use rand::SeedableRng;
    use rummykit_rummikub::{
        InitialJokerValue, JokerRelease, JokerReuse, PoolEmptyEnd, ReplacementSource, Timer,
    };
    let mut bytes = Bytes::new(data);
    let mut config = rummikub_rules_from(&mut bytes);
    let b = bytes.byte();
    if b & 1 != 0 {
        config.timer = Timer::Seconds(60);
    }
    config.abandon_penalty ^= b & 2 != 0;
    if b & 4 != 0 {
        config.pool_empty_end = PoolEmptyEnd::OneFinalTurnEach;
    }
    if b & 8 != 0 {
        config.joker_value_in_initial_meld = InitialJokerValue::Zero;
    }
    if b & 16 != 0 {
        config.joker_replacement_source = ReplacementSource::RackOnly;
    }
    if b & 32 != 0 {
        config.joker_release = JokerRelease::ExactTile;
    }
    config.joker_reuse =
        [JokerReuse::WithRackTile, JokerReuse::SameTurnAnywhere, JokerReuse::NewMeldWithTwoRackTiles]
            [usize::from(b >> 6) % 3];
    let seed = u64::from(bytes.byte());
    let seats = 2 + bytes.below(config.tile_set.max_players() - 1);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let Ok(game) = Rummikub::deal(&config, rummykit_core::Seating::new(seats), &mut rng) else { return };
    let edits = ViewEdits {
        edit: rummikub_edit_view,
        hint: rummikub_hint,
        bots: rummikub_bots,
        answer: rummikub_bot_answer,
    };
    loop_hand(game, bytes, rummikub_action_from, edits, rummikub_conserves);
}

/// Any action; a play is the table shown edited as `rummikub_play`'s proposals are.
fn rummikub_action_from(view: &rummykit_rummikub::View, bytes: &mut Bytes<'_>) -> RummikubAction {
    match bytes.below(8) {
        0 => RummikubAction::Draw,
        1 => RummikubAction::Pass,
        2 => RummikubAction::Timeout { pending_changes: bytes.byte() & 1 == 0 },
        3 => RummikubAction::Abandon,
        _ => RummikubAction::Play { table: proposal_from(&view.table, &view.rack, bytes) },
    }
}

/// Racks, pool and table hold every tile of the set exactly once.
fn rummikub_conserves(game: &Rummikub) {
    let mut all = TileCounts::of_melds(game.table());
    for s in 0..game.seats() {
        all.add_all(game.rack(s).expect("seat in range"));
    }
    all.extend(game.pool());
    assert_eq!(all, TileCounts::full(&game.config().tile_set.catalog()), "tiles lost or duplicated");
}

/// One to four edits of a Rummikub view: tiles added to or taken from the rack (copies
/// beyond the set, up to a count's limit), melds added, dropped or copied on the table,
/// the pool, the seats' counts and flags, the seat, the seat to move, the rules' numbers
/// and options, the outcome.
fn rummikub_edit_view(view: &mut rummykit_rummikub::View, bytes: &mut Bytes<'_>) {
    use rummykit_rummikub::{JokerRelease, TileSet};
    let extreme = |b: usize| [0, 1, 30, 10_000, u32::MAX][b % 5];
    for _ in 0..=bytes.below(4) {
        match bytes.below(14) {
            0 => {
                view.rack.add(tile_from(bytes));
            }
            1 => {
                view.rack.remove(tile_from(bytes));
            }
            2 => {
                let tile = tile_from(bytes);
                for _ in 0..[3, 5, 255][bytes.below(3)] {
                    view.rack.add(tile);
                }
            }
            3 => view.table.extend(tile_meld_from(bytes)),
            4 => {
                let i = bytes.below(view.table.len());
                if i < view.table.len() {
                    view.table.remove(i);
                }
            }
            5 => {
                let i = bytes.below(view.table.len());
                if let Some(m) = view.table.get(i).cloned() {
                    view.table.extend(std::iter::repeat_n(m, 1 + bytes.below(3)));
                }
            }
            6 => view.pool = [0, 1, usize::MAX][bytes.below(3)],
            7 => view.seats.truncate(bytes.below(4)),
            8 => {
                let i = bytes.below(view.seats.len());
                if let Some(s) = view.seats.get_mut(i) {
                    s.tiles = [0, 1, 200, usize::MAX][bytes.below(4)];
                }
            }
            9 => {
                let i = bytes.below(view.seats.len());
                if let Some(s) = view.seats.get_mut(i) {
                    s.opened = !s.opened;
                }
            }
            10 => view.seat = [0, 1, 7, usize::MAX][bytes.below(4)],
            11 => view.to_move = [None, Some(view.seat), Some(7), Some(usize::MAX)][bytes.below(4)],
            12 => match bytes.below(6) {
                0 => {
                    view.config.tile_set = match view.config.tile_set {
                        TileSet::Standard106 => TileSet::Xp160,
                        _ => TileSet::Standard106,
                    }
                }
                1 => view.config.initial_meld_threshold = extreme(bytes.below(5)),
                2 => view.config.joker_penalty = extreme(bytes.below(5)),
                3 => view.config.keep_three ^= true,
                4 => view.config.joker_melds_locked ^= true,
                _ => {
                    view.config.joker_release = match view.config.joker_release {
                        JokerRelease::AnyRearrangement => JokerRelease::ExactTile,
                        _ => JokerRelease::AnyRearrangement,
                    }
                }
            },
            _ => {
                view.outcome = (bytes.byte() & 1 == 0).then(|| rummykit_core::Outcome {
                    points: vec![i64::MIN; bytes.below(3)],
                    winners: vec![usize::MAX],
                })
            }
        }
    }
}

/// Whether `action` is one the view's rules allow its seat: a play the commit check
/// accepts, a draw from a pool that has tiles, a pass at an empty one.
fn rummikub_allowed(view: &rummykit_rummikub::View, action: &RummikubAction) -> Result<(), String> {
    match action {
        RummikubAction::Play { table } => {
            check_play(&view.config, &view.table, &view.rack, view.own_opened(), table)
                .map(|_| ())
                .map_err(|e| e.to_string())
        }
        RummikubAction::Draw if view.pool > 0 => Ok(()),
        RummikubAction::Pass if view.pool == 0 => Ok(()),
        other => Err(format!("{other:?} with a pool of {}", view.pool)),
    }
}

/// The hint of an edited view: a typed error, or a play the view's rules allow (also the
/// best found where none is proven), or nothing placed and the table as it was.
fn rummikub_hint(view: &rummykit_rummikub::View, bytes: &mut Bytes<'_>) {
    let objective = if bytes.byte() & 1 == 0 { Objective::Tiles } else { Objective::Value };
    let play = match view.hint(&mut Solver::new(), objective) {
        Ok(s) if s.placed.is_empty() => {
            assert_eq!(s.table, view.table, "no tile placed, but the hint changes the table");
            return;
        }
        Ok(s) => s,
        Err(SolveError::Unproven { best: Some(s), .. }) => *s,
        Err(_) => return,
    };
    let action = RummikubAction::Play { table: play.table };
    if let Err(e) = rummikub_allowed(view, &action) {
        panic!("the hint of an edited view is refused by its rules: {e}");
    }
}

fn rummikub_bots(bytes: &mut Bytes<'_>) -> Vec<Box<dyn Bot<Rummikub>>> {
    use rand::SeedableRng;
    let b = bytes.byte();
    let mut bots: Vec<Box<dyn Bot<Rummikub>>> = vec![Box::new(rummykit_rummikub::GreedyBot::new())];
    if b & 1 != 0 {
        bots.push(Box::new(rummykit_rummikub::ThoroughBot::new()));
    }
    if b & 2 != 0 {
        let rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(b));
        bots.push(Box::new(rummykit_rummikub::SamplerBot::new(rng)));
    }
    bots
}

/// Rummikub's bots check every play against the view (`check_play`) and else draw, or
/// pass at an empty pool: so for any view, also one no game shows.
fn rummikub_bot_answer(view: &rummykit_rummikub::View, action: &RummikubAction, bot: &str) {
    if let Err(e) = rummikub_allowed(view, action) {
        panic!("the {bot} bot answers an edited view with what its rules refuse: {e}");
    }
}

// ---------------------------------------------------------------------------------------
// Target `match_save`: a saved match (between hands and in the middle of one) of each game,
// edited as `save_edits` edits a game; one the reader accepts reads back as itself, its
// hand conserves every piece and seats the match's players, and the match plays on.

/// Saves of a three-hand match of each game with three seats: before every hand and a
/// few times inside it (built once per process by greedy bots).
#[cfg(feature = "serde")]
fn real_match_saves() -> &'static [Vec<serde_json::Value>; 3] {
    use rand::SeedableRng;
    use rummykit_core::{Match, MatchSave};
    static SAVES: std::sync::OnceLock<[Vec<serde_json::Value>; 3]> = std::sync::OnceLock::new();
    fn saves<G>(config: G::Config, bot: fn() -> Box<dyn Bot<G>>) -> Vec<serde_json::Value>
    where
        G: Game + serde::Serialize,
        G::Config: serde::Serialize,
    {
        let terms = G::default_terms(&config, 3).with_hand_limit(3);
        let mut played = Match::<G>::new(config, terms).expect("the game's own terms");
        let mut bots: Vec<_> = (0..3).map(|_| bot()).collect();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let mut out = Vec::new();
        let save = |m: &Match<G>, hand: Option<&G>| {
            let save = MatchSave::new(m.clone(), hand.cloned()).expect("a save of a match played");
            serde_json::to_value(save).expect("serializes")
        };
        while !played.is_over() {
            out.push(save(&played, None));
            let mut game = played.next_hand(&mut rng).expect("a deal");
            for step in 1..3_000 {
                let Some(seat) = game.to_move() else { break };
                let player = played.match_seat(seat).expect("the seat to move plays");
                let action = bots[player].act(&game.view(seat));
                game.apply(seat, action).expect("a bot's action");
                if matches!(step, 1 | 2 | 9 | 30) {
                    out.push(save(&played, Some(&game)));
                }
            }
            let Some(outcome) = game.outcome() else { break };
            played.record(&outcome).expect("the hand's outcome");
        }
        out
    }
    SAVES.get_or_init(|| {
        [
            saves::<rummykit_rummikub::Rummikub>(RummikubConfig::STANDARD, || {
                Box::new(rummykit_rummikub::GreedyBot::new())
            }),
            saves::<Rummy40>(R40Config::RUMMY40.with_max_restocks(Some(3)), || {
                Box::new(rummykit_rummy40::GreedyBot::new())
            }),
            saves::<ClassicRummy>(ClassicConfig::STANDARD, || Box::new(rummykit_classic::GreedyBot::new())),
        ]
    })
}

/// The bots of a resumed match, seen by the match driver: each keeps the hand as the
/// last accepted action left it, so a refusal can be held to changing nothing.
#[cfg(feature = "serde")]
struct Watched<G: Game> {
    bots: Vec<Box<dyn Bot<G>>>,
    last: Option<G>,
}

#[cfg(feature = "serde")]
impl<G: Game> rummykit_core::Players<G> for Watched<G> {
    fn act(
        &mut self,
        view: &G::View,
        seat: rummykit_core::Seat,
        _: rummykit_core::Seat,
    ) -> Option<G::Action> {
        Some(self.bots.get_mut(seat)?.act(view))
    }
    fn seats(&self) -> Option<usize> {
        Some(self.bots.len())
    }
    fn hand_started(&mut self, game: &G, _: &[rummykit_core::Seat]) {
        self.last = Some(game.clone());
    }
    fn applied(&mut self, after: &G, _: rummykit_core::Seat, _: &G::Action) {
        self.last = Some(after.clone());
    }
}

/// Plays `game`, the match's hand in progress, to its end through `Match::finish_hand`;
/// `false` when the driver stops (a refused action, which must change neither the hand
/// nor the match, or a hand too long).
#[cfg(feature = "serde")]
fn finished<G>(
    played: &mut rummykit_core::Match<G>,
    game: &mut G,
    bots: &mut Watched<G>,
    sound: fn(&G),
) -> bool
where
    G: Game + PartialEq,
{
    use rummykit_core::DriverError;
    assert_eq!(game.seats(), played.in_play().len(), "a hand seats other players than the match");
    sound(game);
    let before = played.clone();
    match played.finish_hand(game, bots, 3_000) {
        Ok(outcome) => {
            sound(game);
            assert_eq!(game.outcome(), Some(outcome), "the outcome recorded is not the hand's");
            true
        }
        Err(error) => {
            assert!(*played == before, "a hand the driver stopped changed the match");
            if let DriverError::IllegalAction { .. } = error {
                assert!(bots.last.as_ref() == Some(game), "a refused action changed the hand");
            }
            false
        }
    }
}

/// Reads `value` as a match save of `G`; one that reads is played on for a few hands,
/// the saved hand first, each through `Match::finish_hand`.
#[cfg(feature = "serde")]
fn resume_match<G>(value: serde_json::Value, bot: fn() -> Box<dyn Bot<G>>, sound: fn(&G))
where
    G: Game + PartialEq + serde::Serialize + serde::de::DeserializeOwned,
    G::Config: serde::Serialize + serde::de::DeserializeOwned,
{
    use rand::SeedableRng;
    use rummykit_core::MatchSave;
    let Ok(save) = serde_json::from_value::<MatchSave<G>>(value) else { return };
    let text = serde_json::to_string(&save).expect("serializes");
    let back: MatchSave<G> = serde_json::from_str(&text).expect("an accepted save reads back");
    assert!(back == save, "an accepted match save reads back as another");
    let (mut played, mut hand) = save.into_parts();
    assert_dealer_known(&played);
    let _ = (played.standings(), played.winners(), played.to_string());
    let mut bots = Watched { bots: (0..played.seats()).map(|_| bot()).collect(), last: None };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
    for _ in 0..3 {
        if played.is_over() {
            break;
        }
        let mut game = match hand.take() {
            Some(game) => game,
            None => match played.next_hand(&mut rng) {
                Ok(game) => game,
                Err(_) => return,
            },
        };
        if !finished(&mut played, &mut game, &mut bots, sound) {
            return;
        }
    }
}

pub fn match_save(data: &[u8]) {
    #[cfg(feature = "serde")]
    {
        let mut bytes = Bytes::new(data);
        let game = bytes.below(3);
        let saves = &real_match_saves()[game];
        let mut v = saves[bytes.below(saves.len())].clone();
        edits::edit(&mut v, &mut bytes);
        match game {
            0 => resume_match::<rummykit_rummikub::Rummikub>(
                v,
                || Box::new(rummykit_rummikub::GreedyBot::new()),
                rummikub_loaded,
            ),
            1 => resume_match::<Rummy40>(v, || Box::new(rummykit_rummy40::GreedyBot::new()), r40_conserves),
            _ => resume_match::<ClassicRummy>(
                v,
                || Box::new(rummykit_classic::GreedyBot::new()),
                classic_conserves,
            ),
        }
    }
    #[cfg(not(feature = "serde"))]
    let _ = data;
}

// ---------------------------------------------------------------------------------------
// Target `match_history`: a match rebuilt from any terms and any history of outcomes
// (`Match::from_history`), then outcomes recorded into it; an accepted history is the
// match's, its totals the history's sums, and a refused outcome changes nothing.

/// A score: small, negative or at either end of `i64`.
fn points_from(bytes: &mut Bytes<'_>) -> i64 {
    match bytes.below(6) {
        0 => i64::MAX - i64::from(bytes.byte()),
        1 => i64::MIN + i64::from(bytes.byte()),
        2 => -i64::from(bytes.byte()),
        _ => i64::from(bytes.byte()),
    }
}

fn outcome_from(bytes: &mut Bytes<'_>, seats: usize) -> rummykit_core::Outcome {
    let seats = if bytes.below(8) == 0 { bytes.below(7) } else { seats };
    rummykit_core::Outcome {
        points: (0..seats).map(|_| points_from(bytes)).collect(),
        winners: (0..bytes.below(3)).map(|_| bytes.below(8)).collect(),
    }
}

/// An accepted or loaded match names its next dealer once a hand is played while seats
/// are in: `from_history` refuses one without (`DealerMissing`), and so does
/// `MatchSave::new`, so that every save written reads back. (A game that chooses its
/// dealer and reports neither it nor a first mover can leave a match without one after
/// `record`; the shipped games all report theirs.)
fn assert_dealer_known<G: Game>(played: &rummykit_core::Match<G>) {
    assert!(
        played.dealer().is_some() || played.hands_played() == 0 || played.in_play().is_empty(),
        "a match with a hand played and seats in has no dealer"
    );
}

fn match_history_of<G: Game + PartialEq>(config: G::Config, bytes: &mut Bytes<'_>) {
    use rand::SeedableRng;
    use rummykit_core::{Match, MatchEnd, MatchTerms, Ranking};
    let seats = bytes.below(7);
    let end = match bytes.below(5) {
        0 => MatchEnd::FixedHands(u32::from(bytes.byte())),
        1 => MatchEnd::TargetScore(points_from(bytes)),
        2 => MatchEnd::Elimination(points_from(bytes)),
        3 => MatchEnd::SingleHand,
        _ => MatchEnd::FixedHands(u32::MAX),
    };
    let mut terms = MatchTerms::new(seats).with_end(end);
    if bytes.below(2) == 0 {
        terms = terms.with_first_dealer(bytes.below(8));
    }
    if bytes.below(2) == 0 {
        terms = terms.with_hand_limit(u32::from(bytes.byte()));
    }
    if bytes.below(2) == 0 {
        terms = terms.with_ranking(Ranking::default());
    }
    let history: Vec<_> = (0..bytes.below(12)).map(|_| outcome_from(bytes, seats)).collect();
    let dealer = if bytes.below(2) == 0 { None } else { Some(bytes.below(8)) };
    let Ok(mut played) = Match::<G>::from_history(config, terms, dealer, &history) else { return };
    assert_dealer_known(&played);
    assert_eq!(played.history(), &history[..], "an accepted history is not the match's");
    assert_eq!(played.hands_played() as usize, history.len());
    for seat in 0..seats {
        let sum = history.iter().fold(0i64, |total, hand| total.saturating_add(hand.points[seat]));
        assert_eq!(played.totals()[seat], sum, "a total is not the history's sum");
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    for _ in 0..3 {
        let _ = (played.standings(), played.winners(), played.is_over());
        if played.next_hand(&mut rng).is_err() {
            break;
        }
        let outcome = outcome_from(bytes, played.in_play().len());
        let before = played.clone();
        if played.record(&outcome).is_err() {
            assert!(played == before, "a refused outcome changed the match");
        }
        assert_dealer_known(&played);
    }
}

pub fn match_history(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    match bytes.below(3) {
        0 => match_history_of::<rummykit_rummikub::Rummikub>(RummikubConfig::STANDARD, &mut bytes),
        1 => match_history_of::<Rummy40>(R40Config::RUMMY40, &mut bytes),
        _ => match_history_of::<ClassicRummy>(ClassicConfig::STANDARD, &mut bytes),
    }
}
