//! [`check_play`]: the commit check of RULES.md §1.3 as a pure function.

use rummykit_core::{FACES, JokerRole, Meld, MeldKind, MeldRules, Tile};

use crate::{InitialJokerValue, JokerReuse, PlayError, ReplacementSource, Rules, TileCounts};

/// What an accepted play did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct PlayInfo {
    /// The tiles that went from the rack to the table.
    pub played: TileCounts,
    /// `Some(value)` when this play is the player's initial meld: the value of the new
    /// melds laid from the rack (jokers as configured).
    pub initial_meld: Option<u32>,
    /// How many jokers that were on the table at turn start were released (§1.6),
    /// under the most favourable reading of the interchangeable jokers.
    pub released_jokers: u8,
    /// The rack is empty after this play (§1.7).
    pub goes_out: bool,
    /// The player goes out in the turn of the initial meld (hand rummy, §1.8 (c)).
    pub hand_rummy: bool,
}

/// Checks a proposed table against the commit conditions of RULES.md §1.3, in the
/// order listed there, and says what the play does.
///
/// * `table_before`, `rack_before`: the table and the player's rack at turn start.
/// * `has_opened`: whether the player made the initial meld in an **earlier** turn.
/// * `new_table`: the whole proposed table.
///
/// The checks: (1) conservation — the new table holds every old table tile and
/// otherwise only rack tiles; (2) at least one rack tile; (3) every meld valid under
/// [`MeldRules::RUMMIKUB`] (whatever rules the caller built it with); (4) for a player
/// who has not opened: the old melds unchanged (unless
/// [`Rules::manipulate_on_initial_meld_turn`]) and the new melds worth at least the
/// threshold (waived for hand rummy when [`Rules::hand_rummy_double`] is on);
/// (5) the joker rules of §1.6; (6) Schmidt's keep-three rule when [`Rules::keep_three`].
///
/// Pure and allocation-free: bots and the solver may call it in loops.
///
/// # Jokers (§1.6)
///
/// Jokers are interchangeable, so which joker went where is not observable. Every table
/// joker has a role: the tile it stands for, or "a `n` of one of these colours" in a
/// group with two or more missing colours. An old joker *keeps* its role in a new joker
/// that stands for the same tile (or may: a group still allowing it), and an old
/// group-joker keeps it in any group of the same number. Every one-to-one assignment of
/// old jokers to new ones is tried; the other pairs are *released* jokers, which must:
/// sit in a meld with a tile played from the rack ([`JokerReuse`]); have been replaced
/// in place by the tile they stood for ([`JokerRelease::ExactTile`](crate::JokerRelease),
/// locked melds); for a group of three, see both missing colours added
/// ([`Rules::group3_joker_needs_both`]); see that tile come from the rack
/// ([`ReplacementSource::RackOnly`]). The play is legal if some assignment satisfies
/// all of these.
///
/// # Keep-three (§4.1)
///
/// An old meld that is neither on the new table unchanged (groups compared as sets) nor
/// extended must have at least three of its tiles in one new meld, or be broken up
/// completely (no two of its tiles still together).
///
/// # Errors
///
/// The first [`PlayError`] found, naming the rule and the meld or tile.
///
/// ```
/// use rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
/// use rummykit_rummikub::{PlayError, Rules, TileCounts, check_play};
///
/// let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &MeldRules::RUMMIKUB).unwrap();
/// let rack: TileCounts = "r9 r10 r11 b1".parse()?;
/// let info = check_play(&Rules::standard(), &[], &rack, false, &[run("r9 r10 r11")]).unwrap();
/// assert_eq!(info.initial_meld, Some(30));
/// assert_eq!(
///     check_play(&Rules::standard(), &[], &rack, false, &[run("r9 r10 J")]),
///     Err(PlayError::NotInRack { tile: Tile::JOKER })
/// );
/// # Ok::<(), rummykit_core::ParseError>(())
/// ```
pub fn check_play(
    rules: &Rules,
    table_before: &[Meld<Tile>],
    rack_before: &TileCounts,
    has_opened: bool,
    new_table: &[Meld<Tile>],
) -> Result<PlayInfo, PlayError> {
    // (1) conservation: one branch-free pass over the 53 faces, then the first
    // failure (in face order) only if there is one.
    let catalog = rules.tile_set.catalog();
    let before = TileCounts::of_melds(table_before);
    let after = TileCounts::of_melds(new_table);
    let (b, a, r) = (before.as_array(), after.as_array(), rack_before.as_array());
    let mut played = TileCounts::EMPTY;
    let mut bad = false;
    for i in 0..FACES {
        let max = if i == FACES - 1 { catalog.jokers() } else { catalog.copies() };
        let p = a[i].wrapping_sub(b[i]);
        bad |= (a[i] < b[i]) | (p > r[i]) | (a[i] > max);
        played.as_mut_array()[i] = p;
    }
    if bad {
        return Err(first_conservation_error(&catalog, &before, &after, rack_before));
    }
    // (2) at least one rack tile
    if played.is_empty() {
        return Err(PlayError::NoRackTile);
    }
    // (3) every meld valid under the Rummikub meld rules
    for (index, meld) in new_table.iter().enumerate() {
        if !fits_rummikub(meld) {
            Meld::new(meld.kind(), meld.faces(), &MeldRules::RUMMIKUB)
                .map_err(|error| PlayError::InvalidMeld { index, error })?;
        }
    }
    // From here the new table has at most 160 / 3 < 64 melds: a u64 marks them.
    let goes_out = played == *rack_before;
    let hand_rummy = !has_opened && goes_out;
    // (4) the initial meld
    let mut initial_meld = None;
    if !has_opened {
        let value = if rules.manipulate_on_initial_meld_turn {
            best_own_value(rules, new_table, &played)
        } else {
            let mut used = 0u64;
            for (i, old) in table_before.iter().enumerate() {
                match (0..new_table.len()).find(|&j| used & (1 << j) == 0 && same_meld(&new_table[j], old)) {
                    Some(j) => used |= 1 << j,
                    None => return Err(PlayError::InitialMeldTouchesTable { meld: i }),
                }
            }
            new_table
                .iter()
                .enumerate()
                .filter(|&(j, _)| used & (1 << j) == 0)
                .map(|(_, m)| meld_value(rules, m))
                .sum()
        };
        let waived = rules.hand_rummy_double && hand_rummy;
        if value < rules.initial_meld_threshold && !waived {
            return Err(PlayError::InitialMeldBelowThreshold {
                needed: rules.initial_meld_threshold,
                got: value,
            });
        }
        initial_meld = Some(value);
    }
    // (5) jokers
    let released_jokers =
        if before.jokers() > 0 { check_jokers(rules, table_before, new_table, &played)? } else { 0 };
    // (6) Schmidt keep-three
    if rules.keep_three {
        check_keep_three(table_before, new_table)?;
    }
    Ok(PlayInfo { played, initial_meld, released_jokers, goes_out, hand_rummy })
}

/// Fast path of step (3): a `Meld<Tile>` (valid under *some* [`MeldRules`]) is valid
/// under [`MeldRules::RUMMIKUB`] iff it has at least 3 tiles and, for a run, its numbers
/// stay within 1..=13 (no high ace, no wrap). Groups are capped at 4 by core, and
/// Rummikub's joker limit is the most permissive. Anything else is re-validated.
#[inline]
fn fits_rummikub(meld: &Meld<Tile>) -> bool {
    meld.len() >= 3
        && match meld.kind() {
            MeldKind::Group => true,
            MeldKind::Run => {
                meld.value_at(0).is_some_and(|first| first >= 1 && first as usize + meld.len() <= 14)
            }
        }
}

#[cold]
fn first_conservation_error(
    catalog: &rummykit_core::Catalog<Tile>,
    before: &TileCounts,
    after: &TileCounts,
    rack: &TileCounts,
) -> PlayError {
    for tile in Tile::all() {
        let (b, a) = (before.count(tile), after.count(tile));
        if a < b {
            return PlayError::TableTileTaken { tile };
        }
        if a - b > rack.count(tile) {
            return PlayError::NotInRack { tile };
        }
        let max = catalog.count_of(tile);
        if a > max {
            return PlayError::TooManyCopies { tile, max };
        }
    }
    PlayError::NoRackTile // unreachable: some face failed above
}

/// The value of a meld toward the initial meld (§1.5).
fn meld_value(rules: &Rules, meld: &Meld<Tile>) -> u32 {
    match rules.joker_value_in_initial_meld {
        InitialJokerValue::Represented => meld.numbers().map(u32::from).sum(),
        InitialJokerValue::Zero => meld.faces().iter().filter_map(|t| t.number()).map(u32::from).sum(),
    }
}

/// With `manipulate_on_initial_meld_turn`: the best value of a set of new-table melds
/// made only of played tiles (each played copy used once).
fn best_own_value(rules: &Rules, table: &[Meld<Tile>], played: &TileCounts) -> u32 {
    let mut candidates = [0u8; 64];
    let mut n = 0;
    for (j, meld) in table.iter().enumerate() {
        if n < candidates.len() && fits(meld, played) {
            candidates[n] = j as u8;
            n += 1;
        }
    }
    let candidates = &candidates[..n];
    if n > 20 {
        // Greedy for pathological tables (more than 20 melds of rack tiles).
        let mut left = *played;
        let mut total = 0;
        for &j in candidates {
            let meld = &table[j as usize];
            if fits(meld, &left) {
                meld.faces().iter().for_each(|&t| {
                    left.remove(t);
                });
                total += meld_value(rules, meld);
            }
        }
        return total;
    }
    fn dfs(rules: &Rules, table: &[Meld<Tile>], cands: &[u8], left: &mut TileCounts) -> u32 {
        let Some((&first, rest)) = cands.split_first() else { return 0 };
        let skip = dfs(rules, table, rest, left);
        let meld = &table[first as usize];
        if !fits(meld, left) {
            return skip;
        }
        meld.faces().iter().for_each(|&t| {
            left.remove(t);
        });
        let take = meld_value(rules, meld) + dfs(rules, table, rest, left);
        meld.faces().iter().for_each(|&t| left.add(t));
        skip.max(take)
    }
    let mut left = *played;
    dfs(rules, table, candidates, &mut left)
}

fn fits(meld: &Meld<Tile>, counts: &TileCounts) -> bool {
    let mut need = TileCounts::EMPTY;
    meld.faces().iter().all(|&t| {
        need.add(t);
        need.count(t) <= counts.count(t)
    })
}

/// A joker on the table: which meld, where, and what it stands for.
#[derive(Clone, Copy)]
struct Slot {
    meld: usize,
    pos: usize,
    kind: MeldKind,
    role: JokerRole<Tile>,
}

const MAX_JOKERS: usize = 8;

fn joker_slots(table: &[Meld<Tile>], out: &mut [Option<Slot>; MAX_JOKERS]) -> usize {
    let mut n = 0;
    for (meld, m) in table.iter().enumerate() {
        if m.jokers() == 0 {
            continue;
        }
        for pos in 0..m.len() {
            if let (Some(role), true) = (m.joker_role(pos), n < MAX_JOKERS) {
                out[n] = Some(Slot { meld, pos, kind: m.kind(), role });
                n += 1;
            }
        }
    }
    n
}

fn colour_bit(tile: Tile) -> u8 {
    tile.colour().map_or(0, |c| 1 << c.index())
}

/// Whether a joker that stood for `old` at turn start still stands for the same tile
/// as `new` (§1.6): the same tile, or — for a joker of an under-determined group — still
/// in a group of that number.
fn keeps_role(old: &Slot, new: &Slot) -> bool {
    match (old.role, new.role) {
        (JokerRole::Exactly(a), JokerRole::Exactly(b)) => a == b,
        (JokerRole::Exactly(a), JokerRole::OneOf { number, suits }) => {
            a.number() == Some(number) && suits & colour_bit(a) != 0
        }
        (JokerRole::OneOf { number, .. }, JokerRole::Exactly(b)) => {
            new.kind == MeldKind::Group && b.number() == Some(number)
        }
        (JokerRole::OneOf { number: a, .. }, JokerRole::OneOf { number: b, .. }) => a == b,
    }
}

/// Whether two melds are the same: runs tile for tile, groups as sets (the order of a
/// group's tiles means nothing).
pub(crate) fn same_meld(a: &Meld<Tile>, b: &Meld<Tile>) -> bool {
    match a.kind() {
        MeldKind::Run => a == b,
        MeldKind::Group => {
            b.kind() == MeldKind::Group
                && a.len() == b.len()
                && a.group_suits() == b.group_suits()
                && a.value_at(0) == b.value_at(0)
        }
    }
}

/// Whether `new` is `old` possibly extended at its ends (runs) or by more colours
/// (groups), every natural of `old` in place and every joker of `old` either still a
/// joker or replaced by the tile it stood for.
pub(crate) fn covers(old: &Meld<Tile>, new: &Meld<Tile>) -> bool {
    if old.kind() != new.kind() {
        return false;
    }
    match old.kind() {
        MeldKind::Run => {
            let (Some(o0), Some(n0)) = (old.value_at(0), new.value_at(0)) else { return false };
            if old.run_suit() != new.run_suit()
                || n0 > o0
                || n0 as usize + new.len() < o0 as usize + old.len()
            {
                return false;
            }
            let shift = (o0 - n0) as usize;
            old.faces().iter().zip(&new.faces()[shift..]).all(|(&f, &g)| f.is_joker() || f == g)
        }
        MeldKind::Group => {
            let (om, nm) = (old.group_suits().unwrap_or(0), new.group_suits().unwrap_or(0));
            old.value_at(0) == new.value_at(0) && om & nm == om && new.len() >= old.len()
        }
    }
}

/// Whether `new` is `old` with the joker at `pos` replaced by (one of) the tile(s) it
/// stood for; `both`: a group-of-three joker needs both missing colours.
fn replaced_in(old: &Meld<Tile>, slot: &Slot, new: &Meld<Tile>, both: bool) -> bool {
    if !covers(old, new) {
        return false;
    }
    match old.kind() {
        MeldKind::Run => {
            let (Some(o0), Some(n0)) = (old.value_at(0), new.value_at(0)) else { return false };
            new.faces().get(slot.pos + (o0 - n0) as usize).is_some_and(|t| !t.is_joker())
        }
        MeldKind::Group => {
            let (om, nm) = (old.group_suits().unwrap_or(0), new.group_suits().unwrap_or(0));
            let role = match slot.role {
                JokerRole::Exactly(t) => colour_bit(t),
                JokerRole::OneOf { suits, .. } => suits,
            };
            if both { role & !nm == 0 } else { nm & !om & role != 0 }
        }
    }
}

/// Tiles of `meld` that may be counted as played from the rack this turn (one joker
/// of the meld is the freed one).
fn rack_tiles_in(meld: &Meld<Tile>, played: &TileCounts) -> usize {
    let naturals = meld.faces().iter().filter(|t| !t.is_joker() && played.count(**t) > 0).count();
    naturals + meld.jokers().saturating_sub(1).min(played.jokers() as usize)
}

struct JokerCtx<'a> {
    rules: &'a Rules,
    before: &'a [Meld<Tile>],
    after: &'a [Meld<Tile>],
    played: &'a TileCounts,
    old: [Option<Slot>; MAX_JOKERS],
    n_old: usize,
    new: [Option<Slot>; MAX_JOKERS],
    n_new: usize,
}

impl JokerCtx<'_> {
    /// The conditions on a joker released from `o` that now sits at `q`.
    fn released_ok(&self, o: &Slot, q: &Slot) -> Result<(), PlayError> {
        let old_meld = &self.before[o.meld];
        let group3 = o.kind == MeldKind::Group
            && old_meld.len() == 3
            && matches!(o.role, JokerRole::OneOf { suits, .. } if suits.count_ones() == 2);
        if self.rules.group3_joker_needs_both
            && group3
            && !self.after.iter().any(|n| replaced_in(old_meld, o, n, true))
        {
            return Err(PlayError::Group3JokerNeedsBoth { meld: o.meld });
        }
        if self.rules.exact_joker_release() && !self.after.iter().any(|n| replaced_in(old_meld, o, n, false))
        {
            return Err(PlayError::JokerNotReplaced { meld: o.meld });
        }
        if self.rules.joker_replacement_source == ReplacementSource::RackOnly {
            let from_rack = match o.role {
                JokerRole::Exactly(t) => self.played.count(t) > 0,
                JokerRole::OneOf { number, suits } => (0..4u8).any(|c| {
                    suits & (1 << c) != 0
                        && Tile::new(rummykit_core::Colour::ALL[c as usize], number)
                            .is_some_and(|t| self.played.count(t) > 0)
                }),
            };
            if !from_rack {
                return Err(PlayError::JokerReplacementNotFromRack { meld: o.meld });
            }
        }
        let needed = match self.rules.joker_reuse {
            JokerReuse::WithRackTile => 1,
            JokerReuse::NewMeldWithTwoRackTiles => 2,
            JokerReuse::SameTurnAnywhere => 0,
        };
        if rack_tiles_in(&self.after[q.meld], self.played) < needed {
            return Err(PlayError::JokerNotReused { meld: q.meld });
        }
        Ok(())
    }

    /// Tries every injective assignment of old jokers to new ones (at most 4! with the
    /// boxes' jokers). Returns the fewest released jokers over the valid assignments.
    fn search(&self, i: usize, used: u16, released: u8, best: &mut Option<u8>, err: &mut Option<PlayError>) {
        if i == self.n_old {
            *best = Some(best.map_or(released, |b| b.min(released)));
            return;
        }
        let Some(o) = self.old[i] else { return };
        for j in 0..self.n_new {
            if used & (1 << j) != 0 {
                continue;
            }
            let Some(q) = self.new[j] else { continue };
            if keeps_role(&o, &q) {
                self.search(i + 1, used | (1 << j), released, best, err);
            } else {
                match self.released_ok(&o, &q) {
                    Ok(()) => self.search(i + 1, used | (1 << j), released + 1, best, err),
                    Err(e) => {
                        err.get_or_insert(e);
                    }
                }
            }
        }
    }
}

fn check_jokers(
    rules: &Rules,
    before: &[Meld<Tile>],
    after: &[Meld<Tile>],
    played: &TileCounts,
) -> Result<u8, PlayError> {
    if rules.joker_melds_locked {
        let mut used = 0u64;
        for (i, old) in before.iter().enumerate() {
            if old.jokers() == 0 {
                continue;
            }
            match (0..after.len()).find(|&j| used & (1 << j) == 0 && covers(old, &after[j])) {
                Some(j) => used |= 1 << j,
                None => return Err(PlayError::JokerMeldLocked { meld: i }),
            }
        }
    }
    let mut ctx = JokerCtx {
        rules,
        before,
        after,
        played,
        old: [None; MAX_JOKERS],
        n_old: 0,
        new: [None; MAX_JOKERS],
        n_new: 0,
    };
    ctx.n_old = joker_slots(before, &mut ctx.old);
    ctx.n_new = joker_slots(after, &mut ctx.new);
    let (mut best, mut err) = (None, None);
    ctx.search(0, 0, 0, &mut best, &mut err);
    match (best, err) {
        (Some(released), _) => Ok(released),
        (None, Some(e)) => Err(e),
        // Unreachable with conservation checked (every old joker is on the new table).
        (None, None) => Err(PlayError::TableTileTaken { tile: Tile::JOKER }),
    }
}

/// The natural faces of a meld as a bitmask (naturals are distinct inside a meld).
fn natural_mask(meld: &Meld<Tile>) -> u64 {
    meld.faces().iter().filter(|t| !t.is_joker()).fold(0, |acc, t| acc | 1 << t.index())
}

/// §4.1: every old meld is unchanged, extended, completely broken up (no two of its
/// tiles share a meld), or keeps at least three of its tiles together.
fn check_keep_three(before: &[Meld<Tile>], after: &[Meld<Tile>]) -> Result<(), PlayError> {
    let mut used = 0u64;
    let mut kept = 0u64;
    for (i, old) in before.iter().enumerate().take(64) {
        if let Some(j) = (0..after.len()).find(|&j| used & (1 << j) == 0 && same_meld(&after[j], old)) {
            used |= 1 << j;
            kept |= 1 << i;
        }
    }
    for (i, old) in before.iter().enumerate() {
        if i < 64 && kept & (1 << i) != 0 {
            continue;
        }
        if let Some(j) = (0..after.len()).find(|&j| used & (1 << j) == 0 && covers(old, &after[j])) {
            used |= 1 << j;
            continue;
        }
        // The most tiles of `old` sharing one new meld (faces; jokers by number).
        let (mask, jokers) = (natural_mask(old), old.jokers());
        let together = after
            .iter()
            .map(|n| (mask & natural_mask(n)).count_ones() as usize + jokers.min(n.jokers()))
            .max()
            .unwrap_or(0);
        if together == 2 {
            return Err(PlayError::KeepThreeViolated { meld: i, together });
        }
    }
    Ok(())
}
