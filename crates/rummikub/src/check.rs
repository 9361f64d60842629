//! [`check_play`]: the commit check of RULES.md §1.3 as a pure function.

use rummykit_core::{FACES, JokerRole, MAX_MELD_LEN, Meld, MeldKind, Tile};

use crate::{Config, InitialJokerValue, JokerRelease, JokerReuse, PlayError, ReplacementSource, TileCounts};

/// What an accepted play did.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Meld, MeldKind, parse_list};
/// use rummykit_rummikub::{Config, MELD_RULES, TileCounts, check_play};
///
/// // An initial meld of 10 + 11 + 12 from the rack onto an empty table.
/// let rack: TileCounts = "r10 r11 r12 b1".parse()?;
/// let run = Meld::new(MeldKind::Run, &parse_list("r10 r11 r12")?, &MELD_RULES)?;
/// let info = check_play(&Config::STANDARD, &[], &rack, false, &[run])?;
/// assert_eq!(info.initial_meld, Some(33));
/// assert_eq!(info.played.len(), 3);
/// assert!(!info.goes_out && !info.hand_rummy); // b1 stays on the rack
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
/// [`MELD_RULES`](crate::MELD_RULES) (whatever rules the caller built it with); (4) for a player
/// who has not opened: the old melds unchanged (unless
/// [`Config::manipulate_on_initial_meld_turn`]) and the new melds worth at least the
/// threshold (waived for hand rummy when [`Config::hand_rummy_double`] is on);
/// (5) the joker rules of §1.6; (6) Schmidt's keep-three rule when [`Config::keep_three`].
///
/// Pure and allocation-free: bots and the solver may call it in loops.
///
/// # Jokers and copies (§1.6, §4.1)
///
/// Identical tiles are interchangeable, so which copy of a face, which joker, went where
/// is the player's to say: the play is legal if **some** physical reading satisfies every
/// rule. A reading places each old copy of each face (jokers included) on the new table
/// and may name, for an old joker, the new-table natural of a face it stood for that was
/// put in its place (an *exchange*). A joker is *released* (§1.6) when it no longer
/// stands for its tile (a joker of a group of three: when no longer in a group of that
/// number). The rules read:
///
/// * reuse ([`JokerReuse`]): a released joker's meld holds a tile played from the rack
///   (`WithRackTile`), or only such tiles, at least two (`NewMeldWithTwoRackTiles`);
/// * [`Config::group3_joker_needs_both`]: a released joker of a group of three leaves
///   that group's two naturals in one group with both missing colours;
/// * [`ReplacementSource::RackOnly`]: a released (or exchanged) joker was exchanged for
///   a tile played from the rack;
/// * [`Config::joker_melds_locked`]: the naturals of an old meld with jokers lie in one
///   new meld that extends it, its jokers kept or replaced by their exact tiles;
/// * [`JokerRelease::ExactTile`] (Schmidt): a joker that was not exchanged has not moved —
///   it stands for the same tile in a run (a split or an extension), or it lies in a meld
///   with at least two other tiles of its old meld.
///
/// `PlayInfo::released_jokers` is the fewest of a legal reading.
///
/// # Keep-three (§4.1)
///
/// With [`Config::keep_three`], every old meld keeps at least three of its tiles in one
/// new meld, or is broken up completely (no two of them in one meld). The tile exchanged
/// for one of its jokers counts as its tile, the exchanged joker no longer does.
///
/// # Cost
///
/// The readings are searched depth first, meld by meld, each meld checked as soon as a
/// choice touches it, independent groups of melds apart; readings that keep copies in
/// place are tried first, so most plays are settled at once, and a dead end is blamed on
/// the choices that caused it, so the search jumps back past the others. The question is
/// exponential in the worst case, so the search makes at most 2,000,000 choices (plays
/// that use them all cost 3–4.5·10⁹ instructions, 0.3–0.5 s in a release build on a
/// loaded two-core machine). With [`Config::manipulate_on_initial_meld_turn`], the value of
/// the initial meld is that of the best set of new melds made only of played tiles,
/// found exactly by a branch and bound that draws on the same choices. A play not
/// decided within them is reported as
/// [`PlayError::ReadingsUndecided`], neither accepted nor called illegal. In a seeded
/// stress over 1,320 crowded tables this happened once.
///
/// # Errors
///
/// The first [`PlayError`] found, naming the rule and the meld or tile; or
/// [`PlayError::ReadingsUndecided`] when the bounded search could not decide the play.
///
/// ```
/// use rummykit_rummikub::rummykit_core::{Meld, MeldKind, MeldRules, Tile, parse_list};
/// use rummykit_rummikub::{PlayError, Config, TileCounts, check_play};
///
/// let run = |s: &str| Meld::new(MeldKind::Run, &parse_list::<Tile>(s).unwrap(), &rummykit_rummikub::MELD_RULES).unwrap();
/// let rack: TileCounts = "r9 r10 r11 b1".parse()?;
/// let info = check_play(&Config::STANDARD, &[], &rack, false, &[run("r9 r10 r11")]).unwrap();
/// assert_eq!(info.initial_meld, Some(30));
/// assert_eq!(
///     check_play(&Config::STANDARD, &[], &rack, false, &[run("r9 r10 J")]),
///     Err(PlayError::NotInRack { tile: Tile::JOKER })
/// );
/// # Ok::<(), rummykit_rummikub::rummykit_core::ParseError>(())
/// ```
pub fn check_play(
    config: &Config,
    table_before: &[Meld<Tile>],
    rack_before: &TileCounts,
    has_opened: bool,
    new_table: &[Meld<Tile>],
) -> Result<PlayInfo, PlayError> {
    check_play_within(config, table_before, rack_before, has_opened, new_table, &mut { SEARCH_STEPS })
}

/// [`check_play`] with the search's choices drawn from `steps` (what is left goes back
/// there), so that a caller checking many plays bounds them all together.
pub(crate) fn check_play_within(
    config: &Config,
    table_before: &[Meld<Tile>],
    rack_before: &TileCounts,
    has_opened: bool,
    new_table: &[Meld<Tile>],
    steps: &mut u32,
) -> Result<PlayInfo, PlayError> {
    // (1) conservation: one branch-free pass over the 53 faces, then the first
    // failure (in face order) only if there is one.
    let catalog = config.tile_set.catalog();
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
            Meld::new(meld.kind(), meld.faces(), &crate::MELD_RULES)
                .map_err(|error| PlayError::InvalidMeld { index, error })?;
        }
    }
    // From here the new table has at most 160 / 3 < 64 melds: a u64 marks them.
    let goes_out = played == *rack_before;
    let hand_rummy = !has_opened && goes_out;
    // (4) the initial meld
    let mut initial_meld = None;
    if !has_opened {
        let value = if config.manipulate_on_initial_meld_turn {
            best_own_value(config, new_table, &played, steps)?
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
                .map(|(_, m)| meld_value(m, config.joker_value_in_initial_meld))
                .sum()
        };
        let waived = config.hand_rummy_double && hand_rummy;
        if value < config.initial_meld_threshold && !waived {
            return Err(PlayError::InitialMeldBelowThreshold {
                needed: config.initial_meld_threshold,
                got: value,
            });
        }
        initial_meld = Some(value);
    }
    // (5) jokers and (6) Schmidt's rearrangement, over every physical reading; most
    // plays are settled by where the table's jokers went alone.
    let released_jokers = if before.jokers() == 0 && !config.keep_three {
        0
    } else if let Some(released) = settled(config, table_before, &before, new_table) {
        released
    } else {
        check_rearrangement(config, table_before, new_table, steps)?
    };
    Ok(PlayInfo { played, initial_meld, released_jokers, goes_out, hand_rummy })
}

/// Whether [`check_play`] accepts the play, for callers that need no more than that:
/// first the quick refusal of [`reuse_possible`] (most tables a search tries with a
/// joker moved fail there), then the check itself, its search drawing on `steps`.
/// `Some(false)`: refused by a rule; `None`: not decided within `steps` (not accepted,
/// but with more choices it might be).
pub(crate) fn accepts(
    config: &Config,
    table_before: &[Meld<Tile>],
    rack_before: &TileCounts,
    has_opened: bool,
    new_table: &[Meld<Tile>],
    steps: &mut u32,
) -> Option<bool> {
    if !reuse_possible(config, table_before, new_table) {
        return Some(false);
    }
    match check_play_within(config, table_before, rack_before, has_opened, new_table, steps) {
        Ok(_) => Some(true),
        Err(PlayError::ReadingsUndecided { .. }) => None,
        Err(_) => Some(false),
    }
}

/// Fast path of step (3): a `Meld<Tile>` (valid under *some* [`MeldRules`](rummykit_core::MeldRules)) is valid
/// under [`MELD_RULES`](crate::MELD_RULES) iff it has at least 3 tiles and, for a run, its numbers
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

/// What a meld counts toward the initial meld (§1.5): the numbers of its tiles, a
/// joker the number it represents or nothing, as `jokers` says.
pub(crate) fn meld_value(meld: &Meld<Tile>, jokers: InitialJokerValue) -> u32 {
    match jokers {
        InitialJokerValue::Represented => meld.numbers().map(u32::from).sum(),
        InitialJokerValue::Zero => meld.faces().iter().filter_map(|t| t.number()).map(u32::from).sum(),
    }
}

/// New-table melds of the same tiles and value: which of them counts as made of the
/// played copies is the player's to say, so they are chosen by number, not one by one.
#[derive(Clone, Copy)]
struct Twins {
    /// One of them, in the new table.
    meld: usize,
    /// Their tiles, each face once per use.
    need: TileCounts,
    value: u32,
    copies: u32,
}

/// With `manipulate_on_initial_meld_turn`: the best value of a set of new-table melds
/// made only of played tiles (each played copy used once), exactly.
///
/// A branch and bound over the kinds of [`Twins`], the most valuable first, how many of
/// each: a branch ends when what it holds plus the most the remaining kinds could still
/// add (each as many times as still fits) does not beat the best found, and the search
/// ends when the best found reaches that bound at the root. Each node draws one of
/// `steps`; a search that runs out is [`PlayError::ReadingsUndecided`], so a play is
/// never refused for a value that was not proved.
fn best_own_value(
    config: &Config,
    table: &[Meld<Tile>],
    played: &TileCounts,
    steps: &mut u32,
) -> Result<u32, PlayError> {
    let jokers = config.joker_value_in_initial_meld;
    // At most 160 / 3 < 64 melds (see the caller).
    let mut kinds = [Twins { meld: 0, need: TileCounts::EMPTY, value: 0, copies: 0 }; 64];
    let mut n = 0;
    for (j, meld) in table.iter().enumerate() {
        let need = TileCounts::of_melds(core::slice::from_ref(meld));
        if !need.is_subset(played) {
            continue;
        }
        let value = meld_value(meld, jokers);
        match kinds[..n].iter_mut().find(|k| k.need == need && k.value == value) {
            Some(kind) => kind.copies += 1,
            None => {
                kinds[n] = Twins { meld: j, need, value, copies: 1 };
                n += 1;
            }
        }
    }
    let kinds = &mut kinds[..n];
    kinds.sort_unstable_by(|a, b| b.value.cmp(&a.value).then(a.meld.cmp(&b.meld)));
    #[cfg(test)]
    let before = *steps;
    let mut search = OwnSearch { table, kinds, best: 0, ceiling: 0, steps, exhausted: false };
    search.ceiling = search.bound(0, played);
    let mut left = *played;
    search.from(0, &mut left, 0);
    #[cfg(test)]
    SPENT.with(|spent| spent.set(spent.get() + u64::from(before - *search.steps)));
    if search.exhausted {
        return Err(PlayError::ReadingsUndecided { limit: SEARCH_STEPS });
    }
    Ok(search.best)
}

/// The branch and bound of [`best_own_value`].
struct OwnSearch<'a> {
    table: &'a [Meld<Tile>],
    kinds: &'a [Twins],
    best: u32,
    /// The most any set can be worth: the search stops when `best` reaches it.
    ceiling: u32,
    steps: &'a mut u32,
    exhausted: bool,
}

impl OwnSearch<'_> {
    /// How many more of `kind` fit in `left`.
    fn room(&self, kind: &Twins, left: &TileCounts) -> u32 {
        self.table[kind.meld]
            .faces()
            .iter()
            .map(|&t| u32::from(left.count(t) / kind.need.count(t)))
            .fold(kind.copies, u32::min)
    }

    /// The most the kinds from `next` on could add with `left`.
    fn bound(&self, next: usize, left: &TileCounts) -> u32 {
        self.kinds[next..].iter().map(|k| k.value * self.room(k, left)).sum()
    }

    /// Every choice of the kinds from `next` on, with `left` and `worth` so far.
    fn from(&mut self, next: usize, left: &mut TileCounts, worth: u32) {
        if self.exhausted || self.best == self.ceiling {
            return;
        }
        if *self.steps == 0 {
            self.exhausted = true;
            return;
        }
        *self.steps -= 1;
        self.best = self.best.max(worth);
        if next == self.kinds.len() || worth + self.bound(next, left) <= self.best {
            return;
        }
        let kind = self.kinds[next];
        let most = self.room(&kind, left);
        let faces = self.table[kind.meld].faces();
        for _ in 0..most {
            faces.iter().for_each(|&t| {
                left.remove(t);
            });
        }
        for taken in (0..=most).rev() {
            self.from(next + 1, left, worth + taken * kind.value);
            if taken > 0 {
                faces.iter().for_each(|&t| {
                    left.add(t);
                });
            }
        }
    }
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

/// The joker rules of §1.6 settled without the reading search, where a one-to-one map
/// of the old table's jokers onto the new table's decides: under rules whose
/// conditions all concern released jokers, the fewest released of any map, when a map
/// with that few is legal whatever copies went where — none released, or (released
/// jokers reused anywhere, or beside a rack tile without further joker options) each
/// released joker beside a tile that can only have come from the rack (a natural of a
/// face the old table did not hold, a joker no old one maps to). That is the answer of
/// [`check_rearrangement`], which tries the fewest released first. `None`: not settled.
/// `was` holds the tile counts of `before`, which the caller has already made.
fn settled(config: &Config, before: &[Meld<Tile>], was: &TileCounts, after: &[Meld<Tile>]) -> Option<u8> {
    if config.keep_three
        || config.joker_melds_locked
        || config.joker_release != JokerRelease::AnyRearrangement
    {
        return None;
    }
    let (mut old, mut new) = ([None; MAX_JOKERS], [None; MAX_JOKERS]);
    let (n_old, n_new) = (joker_slots(before, &mut old), joker_slots(after, &mut new));
    let (old, new) = (&old[..n_old], &new[..n_new]);
    let reuse_free = config.joker_reuse == JokerReuse::SameTurnAnywhere;
    // With a joker released, no joker option but the reuse rule.
    let only_reuse =
        config.joker_replacement_source == ReplacementSource::RackOrTable && !config.group3_joker_needs_both;
    let mut maps = Maps { old, new, after, was: *was, least: usize::MAX, sure: false };
    maps.visit(0, 0, 0);
    match maps.least {
        0 => Some(0),
        n if n <= n_old
            && only_reuse
            && (reuse_free || config.joker_reuse == JokerReuse::WithRackTile && maps.sure) =>
        {
            Some(n as u8)
        }
        _ => None,
    }
}

/// The one-to-one maps of the old table's jokers onto the new table's, for [`settled`]:
/// the fewest released jokers of a map, and whether a map with that few has each
/// released joker beside a tile that can only have come from the rack.
struct Maps<'a> {
    old: &'a [Option<Slot>],
    new: &'a [Option<Slot>],
    after: &'a [Meld<Tile>],
    was: TileCounts,
    least: usize,
    sure: bool,
}

impl Maps<'_> {
    /// Old joker `k` onward onto the new jokers not in `used`; `released` marks (by new
    /// joker) those of the jokers before `k` that left their role.
    fn visit(&mut self, k: usize, used: u8, released: u8) {
        let Some(&Some(o)) = self.old.get(k) else {
            let n = released.count_ones() as usize;
            let sure =
                (0..self.new.len()).filter(|&j| released & (1 << j) != 0).all(|j| self.beside_rack(j, used));
            if n < self.least {
                (self.least, self.sure) = (n, sure);
            } else if n == self.least {
                self.sure |= sure;
            }
            return;
        };
        for j in 0..self.new.len() {
            if let Some(n) = self.new[j]
                && used & (1 << j) == 0
            {
                self.visit(k + 1, used | 1 << j, released | u8::from(!keeps_role(&o, &n)) << j);
            }
        }
    }

    /// Whether new joker `j` lies beside a natural of a face the old table did not hold
    /// or a joker no old one maps to (`used`: the map's new jokers).
    fn beside_rack(&self, j: usize, used: u8) -> bool {
        let Some(slot) = self.new[j] else { return false };
        let from_rack = |p: usize| {
            self.new
                .iter()
                .enumerate()
                .any(|(i, s)| used & (1 << i) == 0 && s.is_some_and(|s| s.meld == slot.meld && s.pos == p))
        };
        self.after[slot.meld]
            .faces()
            .iter()
            .enumerate()
            .any(|(p, &t)| p != slot.pos && if t.is_joker() { from_rack(p) } else { self.was.count(t) == 0 })
    }
}

/// A quick test that [`check_play`] may accept a play that conserves the tiles: false
/// only when no reading can meet the reuse rule of §1.6 — under every one-to-one map
/// of the old table's jokers onto the new table's, some joker that does not keep its
/// role lies in a meld with no tile that could have come from the rack (no natural of
/// a face the play added a copy of, no other joker). Every other rule only refuses
/// more, so false means refused; true decides nothing.
pub(crate) fn reuse_possible(config: &Config, before: &[Meld<Tile>], after: &[Meld<Tile>]) -> bool {
    if config.joker_reuse == JokerReuse::SameTurnAnywhere {
        return true;
    }
    let (mut old, mut new) = ([None; MAX_JOKERS], [None; MAX_JOKERS]);
    let (n_old, n_new) = (joker_slots(before, &mut old), joker_slots(after, &mut new));
    if n_old == 0 {
        return true;
    }
    let (was, is) = (TileCounts::of_melds(before), TileCounts::of_melds(after));
    // Per new joker: whether its meld could hold a rack tile beside it.
    let mut beside = [false; MAX_JOKERS];
    for (b, slot) in beside.iter_mut().zip(&new[..n_new]) {
        let Some(slot) = slot else { continue };
        let meld = &after[slot.meld];
        *b = meld
            .faces()
            .iter()
            .enumerate()
            .any(|(p, &t)| p != slot.pos && (t.is_joker() || is.count(t) > was.count(t)));
    }
    fn fits(old: &[Option<Slot>], new: &[Option<Slot>], beside: &[bool], k: usize, used: u8) -> bool {
        let Some(Some(o)) = old.get(k) else { return true };
        new.iter().enumerate().any(|(j, n)| {
            used & (1 << j) == 0
                && n.is_some_and(|n| beside[j] || keeps_role(o, &n))
                && fits(old, new, beside, k + 1, used | 1 << j)
        })
    }
    fits(&old[..n_old], &new[..n_new], &beside, 0, 0)
}

/// Whether a joker that is not exchanged stayed where it was in the sense of §4.1 without
/// counting tiles: it stands for the same tile in a run as it did in a run. Splitting and
/// extending a run never moves its jokers.
fn stays_in_run(old: &Slot, new: &Slot) -> bool {
    old.kind == MeldKind::Run
        && new.kind == MeldKind::Run
        && matches!((old.role, new.role), (JokerRole::Exactly(a), JokerRole::Exactly(b)) if a == b)
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

/// How many members of an old meld are (`dest`; `u8::MAX`: not placed) or may be
/// (`open`: a set of new melds) in each new meld (fewer than 64 of them).
fn member_counts(dest: &[u8], open: &[u64]) -> [u8; 64] {
    let mut count = [0u8; 64];
    for (&d, &o) in dest.iter().zip(open) {
        if d != u8::MAX {
            count[usize::from(d.min(63))] += 1;
        }
        let mut o = o;
        while o != 0 {
            count[o.trailing_zeros() as usize] += 1;
            o &= o - 1;
        }
    }
    count
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

/// The natural faces of a meld as a bitmask (naturals are distinct inside a meld).
fn natural_mask(meld: &Meld<Tile>) -> u64 {
    meld.faces().iter().filter(|t| !t.is_joker()).fold(0, |acc, t| acc | 1 << t.index())
}

// ---------------------------------------------------------------- physical copies
//
// Steps (5) and (6) read the play physically (RULES.md §1.6, §4.1 as clarified): which
// copy of a face went where, which joker went where, and which tile (if any) was put in a
// table joker's place, are the player's to say, and the play is legal if some reading
// satisfies every rule. A reading is:
//
// * a *joker configuration*: an injective map of the old jokers onto the new table's
//   jokers (the others came from the rack), and for each old joker optionally an
//   *exchange* — a new-table natural of a face it stood for that took its place;
// * a *copy assignment*: for each natural face, an injective map of its old copies onto
//   its new places (the places left over hold copies played from the rack).
//
// Every rule is a condition on one *node*: an old meld (keep-three, locked melds, a group
// of three's both colours, Schmidt's exact release — they read only where that meld's
// own tiles went) or the rack (reuse of released jokers and `RackOnly` — they read which
// places hold rack tiles). Faces that touch no node with a condition are left as they
// are; the others tie nodes into independent components, each searched depth first with
// a node checked as soon as its last face is placed.
//
// Cost: a face has at most 3 copies, so at most 2 (106 tiles) or 6 (160 tiles) ways to
// place them, and only faces whose copies lie in two places on both tables count. The
// worst case of one component is the product of those, 2^e with e such faces that share
// conditioned melds; the configurations multiply it by at most
// (new jokers × (1 + places of the tile)) per old joker. Assignments are tried most
// table-faithful first (a copy stays in the new meld sharing the most faces with its old
// one), so a legal play is usually accepted on the first leaf; every choice is followed
// by a check of the nodes it touches (for their best completion while open), failed
// states are remembered, a failure is blamed on the faces it depends on and the search
// jumps back past the others (conflict-directed backjumping), and [`SEARCH_STEPS`]
// bounds what is left.

const MAX_COPIES: usize = 3;
/// The most choices (copy assignments and joker configurations) one check makes:
/// 3–4.5·10⁹ instructions, 0.3–0.5 s in release on a loaded two-core machine, when all
/// are used. In a seeded stress over crowded tables every decided play needed at most
/// about a fifth of it, and the one play past it was not decided by 200 times as many;
/// past it the play is undecided, not refused (see docs/design/rummikub.md).
pub(crate) const SEARCH_STEPS: u32 = 2_000_000;
/// Search states known to fail, per component (open addressing, a few probes).
const DEAD_STATES: usize = 64;
const DEAD_PROBES: usize = 8;
const NATURALS: usize = FACES - 1;
/// Old melds (at most 160 one-tile melds from a caller's own `MeldRules`) and the rack.
const MAX_NODES: usize = 161;

/// A tile's place on a table.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
struct Place {
    meld: u8,
    pos: u8,
}

/// Where the copies of one natural face lie before and after the play.
#[derive(Clone, Copy, Default)]
struct Copies {
    old: [Place; MAX_COPIES],
    n_old: u8,
    new: [Place; MAX_COPIES],
    n_new: u8,
    /// The assignment under test: old copy `i` lies at `new[to[i]]`.
    to: [u8; MAX_COPIES],
    /// The injective maps old → new (numbered as in [`decode`]), most faithful first.
    order: [u8; 6],
    n_opts: u8,
}

impl Copies {
    /// Whether the copy at new place `n` came from the rack.
    fn rack_copy_at(&self, n: usize) -> bool {
        !self.to[..self.n_old as usize].iter().any(|&t| t as usize == n)
    }
}

/// The `o`-th injective map of `n_old` items into `n_new` places (mixed radix), for
/// `n_old <= n_new <= MAX_COPIES` and `o` below [`injective_maps`]: read from a table
/// built at compile time (the search decodes maps in its inner loop).
#[inline]
fn decode(n_old: u8, n_new: u8, o: u8) -> [u8; MAX_COPIES] {
    DECODED[n_old as usize][n_new as usize][o as usize]
}

/// Most injective maps of up to [`MAX_COPIES`] items (3! = 6).
const MAX_MAPS: usize = 6;

/// [`decode_map`] for every `n_old <= n_new <= MAX_COPIES` and `o < MAX_MAPS`.
const DECODED: [[[[u8; MAX_COPIES]; MAX_MAPS]; MAX_COPIES + 1]; MAX_COPIES + 1] = {
    let mut t = [[[[0u8; MAX_COPIES]; MAX_MAPS]; MAX_COPIES + 1]; MAX_COPIES + 1];
    let mut n_new = 0;
    while n_new <= MAX_COPIES {
        let mut n_old = 0;
        while n_old <= n_new {
            let mut o = 0;
            while o < MAX_MAPS {
                t[n_old][n_new][o] = decode_map(n_old, n_new, o);
                o += 1;
            }
            n_old += 1;
        }
        n_new += 1;
    }
    t
};

/// The `o`-th injective map of `n_old` items into `n_new` places: each item in turn
/// takes the `o mod left`-th free place, `o` divided by the places that were left.
const fn decode_map(n_old: usize, n_new: usize, mut o: usize) -> [u8; MAX_COPIES] {
    let mut free = [0u8, 1, 2];
    let mut left = n_new;
    let mut out = [0u8; MAX_COPIES];
    let mut i = 0;
    while i < n_old {
        let pick = o % left;
        o /= left;
        out[i] = free[pick];
        // The places after the one taken move down one.
        let mut k = pick;
        while k + 1 < left {
            free[k] = free[k + 1];
            k += 1;
        }
        left -= 1;
        i += 1;
    }
    out
}

fn injective_maps(n_old: u8, n_new: u8) -> u8 {
    (0..n_old).map(|i| n_new - i).product()
}

struct Search<'a> {
    config: &'a Config,
    before: &'a [Meld<Tile>],
    after: &'a [Meld<Tile>],
    copies: [Copies; NATURALS],
    old_j: [Option<Slot>; MAX_JOKERS],
    n_old_j: usize,
    new_j: [Option<Slot>; MAX_JOKERS],
    n_new_j: usize,
    // The joker configuration under test.
    j_to: [u8; MAX_JOKERS],
    swap: [Option<Place>; MAX_JOKERS],
    released: u8,
    // The components of the configuration under test.
    nodes: [[u8; 4]; NATURALS],
    /// The faces searched that touch each node (a bit per face).
    node_faces: [u64; MAX_NODES],
    n_nodes: [u8; NATURALS],
    remaining: [u8; MAX_NODES],
    /// Faces whose copies are not placed yet in the search (bit = face index).
    open: u64,
    /// Old melds found unchanged on the new table (the rack node counts as changed).
    kept: [bool; MAX_NODES],
    /// Faces and old melds settled once for every joker configuration.
    fixed_faces: u64,
    fixed_nodes: [bool; MAX_NODES],
    /// Choices the search may still try (see [`SEARCH_STEPS`]).
    steps: u32,
    /// The search stopped at the bound, so a failure proves nothing.
    exhausted: bool,
    /// The option each face is at in the search, and the states known to fail.
    chosen: [u8; NATURALS],
    dead: [(u16, u8, u128); DEAD_STATES],
    /// The component being searched; older entries of `dead` are stale.
    generation: u16,
    error: Option<PlayError>,
}

impl<'a> Search<'a> {
    fn new(config: &'a Config, before: &'a [Meld<Tile>], after: &'a [Meld<Tile>], steps: u32) -> Self {
        let mut copies = [Copies::default(); NATURALS];
        for (table, new) in [(before, false), (after, true)] {
            for (m, meld) in table.iter().enumerate() {
                for (p, &t) in meld.faces().iter().enumerate() {
                    let Some(c) = copies.get_mut(t.index() as usize) else { continue };
                    let place = Place { meld: m as u8, pos: p as u8 };
                    let (list, n) = if new { (&mut c.new, &mut c.n_new) } else { (&mut c.old, &mut c.n_old) };
                    if (*n as usize) < MAX_COPIES {
                        list[*n as usize] = place;
                        *n += 1;
                    }
                }
            }
        }
        // Most faithful first: the score of a map is how many faces each old copy's meld
        // shares with the new meld it is sent to.
        let mut old_masks = [0u64; MAX_NODES];
        for (m, meld) in old_masks.iter_mut().zip(before) {
            *m = natural_mask(meld);
        }
        let mut new_masks = [0u64; 64];
        for (m, meld) in new_masks.iter_mut().zip(after) {
            *m = natural_mask(meld);
        }
        let shared =
            |o: Place, n: Place| (old_masks[o.meld as usize] & new_masks[n.meld as usize & 63]).count_ones();
        for c in copies.iter_mut() {
            c.n_opts = if c.n_old > c.n_new { 0 } else { injective_maps(c.n_old, c.n_new) };
            if c.n_opts < 2 {
                continue;
            }
            let mut score = [0u32; 6];
            for o in 0..c.n_opts {
                let map = decode(c.n_old, c.n_new, o);
                score[o as usize] =
                    (0..c.n_old as usize).map(|i| shared(c.old[i], c.new[map[i] as usize])).sum();
                c.order[o as usize] = o;
            }
            c.order[..c.n_opts as usize].sort_by_key(|&o| std::cmp::Reverse(score[o as usize]));
        }
        let mut s = Search {
            config,
            before,
            after,
            copies,
            old_j: [None; MAX_JOKERS],
            n_old_j: 0,
            new_j: [None; MAX_JOKERS],
            n_new_j: 0,
            j_to: [0; MAX_JOKERS],
            swap: [None; MAX_JOKERS],
            released: 0,
            nodes: [[0; 4]; NATURALS],
            node_faces: [0; MAX_NODES],
            n_nodes: [0; NATURALS],
            remaining: [0; MAX_NODES],
            open: 0,
            kept: [false; MAX_NODES],
            fixed_faces: 0,
            fixed_nodes: [false; MAX_NODES],
            steps,
            exhausted: false,
            chosen: [0; NATURALS],
            dead: [(0, 0, 0); DEAD_STATES],
            generation: 0,
            error: None,
        };
        let mut used = 0u64;
        for (i, old) in before.iter().enumerate() {
            if let Some(j) = (0..after.len()).find(|&j| used & (1 << j) == 0 && same_meld(&after[j], old)) {
                used |= 1 << j;
                s.kept[i] = true;
            }
        }
        s.n_old_j = joker_slots(before, &mut s.old_j);
        s.n_new_j = joker_slots(after, &mut s.new_j);
        s
    }

    /// Why no legal reading was found: the first rule broken, or the bound met.
    fn failure(&self) -> PlayError {
        if self.exhausted {
            // A caller's check always runs on the whole bound; only the solver's
            // candidate checks share a smaller one, and their refusals stay inside it.
            return PlayError::ReadingsUndecided { limit: SEARCH_STEPS };
        }
        // Unreachable with conservation checked: some configuration always exists.
        self.error.unwrap_or(PlayError::TableTileTaken { tile: Tile::JOKER })
    }

    fn old_joker(&self, k: usize) -> Slot {
        self.old_j[k].unwrap_or_else(|| unreachable!("joker slots are filled up to n_old_j"))
    }

    fn new_joker(&self, j: usize) -> Slot {
        self.new_j[j].unwrap_or_else(|| unreachable!("joker slots are filled up to n_new_j"))
    }

    fn is_released(&self, k: usize) -> bool {
        self.released & (1 << k) != 0
    }

    /// Tries the joker configurations with exactly `left` more released jokers among old
    /// jokers `k..`; true when one of them has a legal copy assignment.
    fn configs(&mut self, k: usize, used_new: u8, left: usize) -> bool {
        if k == self.n_old_j {
            // A configuration costs a choice too: with four jokers there can be millions.
            if self.steps == 0 {
                self.exhausted = true;
                return false;
            }
            self.steps -= 1;
            let open = self.open;
            let ok = left == 0 && self.solve_config();
            if !ok {
                self.open = open;
            }
            return ok;
        }
        if self.n_old_j - k < left {
            return false;
        }
        let old = self.old_joker(k);
        let rack_only = self.config.joker_replacement_source == ReplacementSource::RackOnly;
        let exact = self.config.joker_release == JokerRelease::ExactTile;
        for j in 0..self.n_new_j {
            if used_new & (1 << j) != 0 {
                continue;
            }
            let released = !keeps_role(&old, &self.new_joker(j));
            if released && left == 0 {
                continue;
            }
            self.j_to[k] = j as u8;
            self.released = (self.released & !(1 << k)) | (u8::from(released) << k);
            let left = left - usize::from(released);
            // RackOnly: a released joker's tile must come from the rack, so it has one.
            let must_swap = released && rack_only;
            if !must_swap {
                self.swap[k] = None;
                if self.next(k, used_new | 1 << j, left) {
                    return true;
                }
            }
            if (must_swap || exact || self.config.keep_three)
                && self.swap_options(k, j, used_new, left, &old, must_swap)
            {
                return true;
            }
        }
        false
    }

    /// Goes on to old joker `k + 1`, once the meld of joker `k` is still satisfiable if
    /// that was its last joker (its open faces read at their best).
    fn next(&mut self, k: usize, used_new: u8, left: usize) -> bool {
        let meld = self.old_joker(k).meld;
        let last = k + 1 == self.n_old_j || self.old_joker(k + 1).meld != meld;
        if last && let Err(e) = self.meld_ok(meld) {
            self.error.get_or_insert(e);
            return false;
        }
        self.configs(k + 1, used_new, left)
    }

    /// The configurations where old joker `k` (now at new joker `j`) was exchanged for a
    /// natural of a face it stood for.
    /// `must`: without an exchange the configuration fails (`RackOnly`).
    fn swap_options(
        &mut self,
        k: usize,
        j: usize,
        used_new: u8,
        left: usize,
        old: &Slot,
        must: bool,
    ) -> bool {
        let (number, suits) = match old.role {
            JokerRole::Exactly(t) => (t.number().unwrap_or(0), colour_bit(t)),
            JokerRole::OneOf { number, suits } => (number, suits),
        };
        let mut tried = false;
        // Without RackOnly only the meld an exchange tile lies in matters.
        let mut seen = 0u64;
        let rack_only = self.config.joker_replacement_source == ReplacementSource::RackOnly;
        for c in 0..4u8 {
            if suits & (1 << c) == 0 {
                continue;
            }
            let Some(tile) = Tile::new(rummykit_core::Colour::ALL[c as usize], number) else { continue };
            let copies = self.copies[tile.index() as usize];
            for &place in &copies.new[..copies.n_new as usize] {
                if self.swap[..k].contains(&Some(place)) || (!rack_only && seen & (1 << place.meld) != 0) {
                    continue;
                }
                seen |= 1 << place.meld;
                tried = true;
                self.swap[k] = Some(place);
                if self.next(k, used_new | 1 << j, left) {
                    return true;
                }
            }
        }
        self.swap[k] = None;
        if must && !tried {
            // No tile of the joker's is on the new table at all.
            self.error.get_or_insert(PlayError::JokerReplacementNotFromRack { meld: old.meld });
        }
        false
    }

    /// Whether some copy assignment makes the configuration under test legal.
    fn solve_config(&mut self) -> bool {
        let config = self.config;
        let nb = self.before.len();
        let rack = nb;
        let exact = config.joker_release == JokerRelease::ExactTile;
        let rack_only = config.joker_replacement_source == ReplacementSource::RackOnly;
        // Which nodes carry a condition.
        let mut conditioned = [false; MAX_NODES];
        for (i, meld) in self.before.iter().enumerate() {
            conditioned[i] = config.keep_three || (meld.jokers() > 0 && config.joker_melds_locked);
        }
        let mut rack_melds = 0u64; // new melds whose rack tiles a rule reads
        for k in 0..self.n_old_j {
            let (old, new) = (self.old_joker(k), self.new_joker(self.j_to[k] as usize));
            let released = self.is_released(k);
            if (released && config.group3_joker_needs_both && is_group3(self.before, &old))
                || (exact && self.swap[k].is_none() && !stays_in_run(&old, &new))
            {
                conditioned[old.meld] = true;
            }
            if released && config.joker_reuse != JokerReuse::SameTurnAnywhere {
                rack_melds |= 1 << new.meld;
            }
            if let (true, Some(p)) = (rack_only, self.swap[k]) {
                rack_melds |= 1 << p.meld;
            }
        }
        conditioned[rack] = rack_melds != 0;
        for (c, &fixed) in conditioned.iter_mut().zip(&self.fixed_nodes) {
            *c &= !fixed;
        }
        self.solve_nodes(&conditioned, rack_melds, false)
    }

    /// Under keep-three every old meld carries a condition, most of them whatever the
    /// joker configuration: the components holding no joker meld and no face with a copy
    /// from the rack are searched once, here, and their copies fixed for every
    /// configuration. False if one of them has no legal assignment.
    fn solve_static(&mut self) -> bool {
        if !self.config.keep_three {
            return true;
        }
        let mut conditioned = [false; MAX_NODES];
        conditioned[..self.before.len()].fill(true);
        self.solve_nodes(&conditioned, 0, true)
    }

    /// Searches the copy assignments of the faces that touch the `conditioned` nodes,
    /// component by component. `fixing`: only the components that no joker configuration
    /// can change, which are then fixed.
    fn solve_nodes(&mut self, conditioned: &[bool; MAX_NODES], rack_melds: u64, fixing: bool) -> bool {
        let nb = self.before.len();
        let rack = nb;
        // Faces, their conditioned nodes, and the components they make.
        let mut parent = [0u8; MAX_NODES];
        for (i, p) in parent.iter_mut().enumerate().take(nb + 1) {
            *p = i as u8;
        }
        self.remaining[..=nb].fill(0);
        self.node_faces[..=nb].fill(0);
        let mut relevant = [0u8; NATURALS];
        let mut n_relevant = 0;
        let mut dynamic = [false; MAX_NODES];
        for f in 0..NATURALS {
            let c = &mut self.copies[f];
            if c.n_opts == 0 || self.fixed_faces & (1 << f) != 0 {
                continue;
            }
            c.to = decode(c.n_old, c.n_new, c.order[0]);
            self.n_nodes[f] = 0;
            if c.n_old == 0 || c.n_new < 2 {
                continue;
            }
            let mut nodes = [0u8; 4];
            let mut n = 0;
            for o in &c.old[..c.n_old as usize] {
                if conditioned[o.meld as usize] {
                    nodes[n] = o.meld;
                    n += 1;
                }
            }
            if conditioned[rack]
                && c.n_new > c.n_old
                && c.new[..c.n_new as usize].iter().any(|p| rack_melds & (1 << p.meld) != 0)
            {
                nodes[n] = rack as u8;
                n += 1;
            }
            if n == 0 {
                continue;
            }
            if fixing && c.n_new > c.n_old {
                // A copy from the rack: the reuse rules may read this face.
                dynamic[nodes[0] as usize] = true;
            }
            for &node in &nodes[..n] {
                self.remaining[node as usize] += 1;
                self.node_faces[node as usize] |= 1 << f;
                let (a, b) = (find(&mut parent, nodes[0]), find(&mut parent, node));
                parent[b as usize] = a;
            }
            self.nodes[f] = nodes;
            self.n_nodes[f] = n as u8;
            relevant[n_relevant] = f as u8;
            n_relevant += 1;
        }
        if fixing {
            for (i, meld) in self.before.iter().enumerate() {
                dynamic[i] |= meld.jokers() > 0;
            }
            for i in 0..nb {
                if dynamic[i] {
                    let r = find(&mut parent, i as u8) as usize;
                    dynamic[r] = true;
                }
            }
            for i in 0..nb {
                let r = find(&mut parent, i as u8) as usize;
                dynamic[i] = dynamic[r];
            }
        }
        self.open = relevant[..n_relevant]
            .iter()
            .filter(|&&f| !dynamic[self.nodes[f as usize][0] as usize])
            .fold(0, |m, &f| m | 1 << f);
        // Every node is checked before any choice: complete ones exactly, the others for
        // their best completion.
        for (node, &cond) in conditioned.iter().enumerate().take(nb + 1) {
            if cond
                && !dynamic[node]
                && let Err(e) = self.node_ok(node)
            {
                self.error.get_or_insert(e);
                return false;
            }
        }
        // Each component on its own. Its faces are grouped by node, the melds the play
        // changed first, so that a node's choices are made together and the likely dead
        // ends are met first.
        let mut done = [false; NATURALS];
        for (node, &cond) in conditioned.iter().enumerate().take(nb + 1) {
            if !cond || dynamic[node] || self.remaining[node] == 0 {
                continue;
            }
            let root = find(&mut parent, node as u8);
            let mut list = [0u8; NATURALS];
            let mut n = 0;
            for changed in [true, false] {
                for (member, &cond) in conditioned.iter().enumerate().take(nb + 1) {
                    if !cond || self.kept[member] == changed || find(&mut parent, member as u8) != root {
                        continue;
                    }
                    for &f in &relevant[..n_relevant] {
                        let fu = f as usize;
                        if !done[fu] && self.nodes[fu][..self.n_nodes[fu] as usize].contains(&(member as u8))
                        {
                            done[fu] = true;
                            list[n] = f;
                            n += 1;
                        }
                    }
                }
            }
            self.generation = self.generation.wrapping_add(1);
            if self.generation == 0 {
                self.dead.fill((0, 0, 0));
                self.generation = 1;
            }
            if n > 0 && self.dfs(&list[..n], 0).is_err() {
                return false;
            }
        }
        if fixing {
            for (fixed, &d) in self.fixed_nodes.iter_mut().zip(&dynamic).take(nb) {
                *fixed |= !d;
            }
            for &f in &relevant[..n_relevant] {
                if !dynamic[self.nodes[f as usize][0] as usize] {
                    self.fixed_faces |= 1 << f;
                }
            }
        }
        true
    }

    /// Places the faces `list[at..]`; on failure, the faces placed before `at` whose
    /// choices the failure depends on (a bit per face). A face whose choice is not among
    /// them is not tried again: the search jumps back past it (conflict-directed
    /// backjumping), so a dead end in one meld is not searched anew under every choice of
    /// unrelated faces placed in between.
    fn dfs(&mut self, list: &[u8], at: usize) -> Result<(), u64> {
        let Some(&f) = list.get(at) else { return Ok(()) };
        // What is left to decide depends only on the choices made for faces that still
        // touch an unfinished node: a state known to fail is not searched again (and
        // every face placed so far may be to blame).
        let key = self.frontier_key(list, at);
        if key.is_some_and(|k| self.known_dead(k)) {
            return Err(list[..at].iter().fold(0, |m, &g| m | 1 << g));
        }
        let f = f as usize;
        let (nodes, n) = (self.nodes[f], self.n_nodes[f] as usize);
        self.open &= !(1 << f);
        let mut conflict = 0u64;
        for r in 0..self.copies[f].n_opts as usize {
            if self.steps == 0 {
                self.exhausted = true;
                return Err(0);
            }
            self.steps -= 1;
            let c = &mut self.copies[f];
            c.to = decode(c.n_old, c.n_new, c.order[r]);
            self.chosen[f] = r as u8;
            // Forward check: every node of the face, complete or not, must still be
            // satisfiable, so a dead end is seen at the choice that causes it. A node's
            // verdict depends only on its faces already placed.
            let mut failed = None;
            for &node in &nodes[..n] {
                self.remaining[node as usize] -= 1;
                if failed.is_none()
                    && let Err(e) = self.node_ok(node as usize)
                {
                    self.error.get_or_insert(e);
                    failed = Some(self.node_faces[node as usize] & !self.open);
                }
            }
            let result = match failed {
                Some(c) => Err(c),
                None => self.dfs(list, at + 1),
            };
            if result.is_ok() {
                return Ok(());
            }
            for &node in &nodes[..n] {
                self.remaining[node as usize] += 1;
            }
            let c = result.err().unwrap_or(0);
            if self.exhausted {
                return Err(0);
            }
            if c & (1 << f) == 0 {
                // This face's choice played no part: no other choice of it helps.
                conflict = c;
                break;
            }
            conflict |= c;
        }
        self.open |= 1 << f;
        if let Some(k) = key {
            self.mark_dead(k);
        }
        Err(conflict & !(1 << f))
    }

    /// The state of the search before `list[at]`: `at` and the choices of the faces
    /// placed so far that touch a node not yet complete (3 bits each); `None` when they
    /// do not fit in 128 bits.
    fn frontier_key(&self, list: &[u8], at: usize) -> Option<(u8, u128)> {
        let mut bits = 0u128;
        let mut used = 0;
        for &f in &list[..at] {
            let f = f as usize;
            let nodes = &self.nodes[f][..self.n_nodes[f] as usize];
            if nodes.iter().any(|&node| self.remaining[node as usize] > 0) {
                if used + 3 > 128 {
                    return None;
                }
                bits |= u128::from(self.chosen[f]) << used;
                used += 3;
            }
        }
        Some((at as u8 + 1, bits))
    }

    fn dead_slot(key: (u8, u128)) -> usize {
        let h = (key.1 as u64 ^ (key.1 >> 64) as u64 ^ u64::from(key.0)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> 58) as usize // 6 bits: DEAD_STATES slots
    }

    fn known_dead(&self, key: (u8, u128)) -> bool {
        let (start, g) = (Self::dead_slot(key), self.generation);
        (0..DEAD_PROBES)
            .map(|i| self.dead[(start + i) % DEAD_STATES])
            .take_while(|e| e.0 == g)
            .any(|e| (e.1, e.2) == key)
    }

    fn mark_dead(&mut self, key: (u8, u128)) {
        let start = Self::dead_slot(key);
        // A full neighbourhood just forgets the state: the search stays exact.
        let g = self.generation;
        if let Some(i) = (0..DEAD_PROBES).map(|i| (start + i) % DEAD_STATES).find(|&i| self.dead[i].0 != g) {
            self.dead[i] = (g, key.0, key.1);
        }
    }

    /// The new meld the old tile at `place` went to under the assignment under test.
    fn dest(&self, tile: Tile, place: Place) -> u8 {
        let c = &self.copies[tile.index() as usize];
        let i = c.old[..c.n_old as usize].iter().position(|&o| o == place).unwrap_or(0);
        c.new[c.to[i] as usize].meld
    }

    /// Whether the new-table tile at `place` came from the rack.
    fn played_at(&self, place: Place, used_jokers: u8) -> bool {
        let tile = self.after[place.meld as usize].faces()[place.pos as usize];
        if tile.is_joker() {
            let j = (0..self.n_new_j).find(|&j| {
                self.new_j[j].is_some_and(|s| s.meld == place.meld as usize && s.pos == place.pos as usize)
            });
            return j.is_some_and(|j| used_jokers & (1 << j) == 0);
        }
        let c = &self.copies[tile.index() as usize];
        c.new[..c.n_new as usize].iter().position(|&p| p == place).is_some_and(|n| c.rack_copy_at(n))
    }

    fn node_ok(&self, node: usize) -> Result<(), PlayError> {
        match node == self.before.len() {
            true if self.remaining[node] == 0 => self.rack_ok(),
            true => Ok(()),
            false => self.meld_ok(node),
        }
    }

    /// The conditions on old meld `i` (§1.6 locked melds and both colours, §4.1). While
    /// some of its faces are still open, the counting conditions are checked for the best
    /// completion (an open copy may go to any place of its face) and the others wait.
    fn meld_ok(&self, i: usize) -> Result<(), PlayError> {
        let config = self.config;
        let old = &self.before[i];
        // Where each member of the meld went: naturals by the copy assignment, jokers by
        // the configuration, an exchanged joker's place taken by its exchange tile. An
        // open natural has a set of possible new melds instead.
        let len = old.len().min(MAX_MELD_LEN);
        let mut dest = [u8::MAX; MAX_MELD_LEN];
        let mut open = [0u64; MAX_MELD_LEN];
        let mut first_natural = None;
        let mut naturals_together = true;
        let mut complete = true;
        for (pos, &t) in old.faces().iter().enumerate().take(len) {
            let place = Place { meld: i as u8, pos: pos as u8 };
            if t.is_joker() {
                let k =
                    (0..self.n_old_j).find(|&k| self.old_joker(k).meld == i && self.old_joker(k).pos == pos);
                dest[pos] = match k.map(|k| (self.swap[k], self.j_to[k])) {
                    Some((Some(p), _)) => p.meld,
                    Some((None, j)) => self.new_joker(j as usize).meld as u8,
                    None => u8::MAX,
                };
            } else if self.open & (1 << t.index()) != 0 {
                let c = &self.copies[t.index() as usize];
                open[pos] = c.new[..c.n_new as usize].iter().fold(0, |m, p| m | 1 << p.meld);
                complete = false;
            } else {
                let d = self.dest(t, place);
                naturals_together &= *first_natural.get_or_insert(d) == d;
                dest[pos] = d;
            }
        }
        let (dest, open) = (&dest[..len], &open[..len]);
        // The most members that are or may be in each new meld, counted once: this runs
        // at every choice of the search, and only keep-three and the exact-tile release
        // read the counts.
        let count = (config.keep_three
            || (old.jokers() > 0 && config.joker_release == JokerRelease::ExactTile))
            .then(|| member_counts(dest, open));
        let at_most = |m: u8| count.as_ref().map_or(0, |c| usize::from(c[usize::from(m.min(63))]));
        if complete && config.joker_melds_locked && old.jokers() > 0 {
            let covered =
                first_natural.is_some_and(|m| naturals_together && covers(old, &self.after[m as usize]));
            if !covered {
                return Err(PlayError::JokerMeldLocked { meld: i });
            }
        }
        // Most old melds hold no joker: their jokers' rules are not looked up at all.
        let jokers = if old.jokers() > 0 { self.n_old_j } else { 0 };
        for k in (0..jokers).filter(|&k| self.old_joker(k).meld == i) {
            let slot = self.old_joker(k);
            if complete
                && config.group3_joker_needs_both
                && self.is_released(k)
                && is_group3(self.before, &slot)
            {
                let JokerRole::OneOf { suits, .. } = slot.role else { continue };
                let both = first_natural.is_some_and(|m| {
                    naturals_together && self.after[m as usize].group_suits().unwrap_or(0) & suits == suits
                });
                if !both {
                    return Err(PlayError::Group3JokerNeedsBoth { meld: i });
                }
            }
            if config.joker_release == JokerRelease::ExactTile && self.swap[k].is_none() {
                let new = self.new_joker(self.j_to[k] as usize);
                if !stays_in_run(&slot, &new) && at_most(new.meld as u8) < 3 {
                    return Err(PlayError::JokerNotReplaced { meld: i });
                }
            }
        }
        if config.keep_three {
            let need = 3.min(len);
            // Three together: some meld holds (or may hold) enough members; every meld
            // counted holds or may hold one.
            let best = count.as_ref().and_then(|c| c.iter().copied().max()).map_or(0, usize::from);
            // Broken up completely: no two placed members share a meld (open ones may
            // still be spread out).
            let mut placed = 0u64;
            let apart = dest.iter().filter(|&&d| d != u8::MAX).all(|&d| {
                let bit = 1u64 << d.min(63);
                let first = placed & bit == 0;
                placed |= bit;
                first
            });
            if best < need && !apart {
                return Err(PlayError::KeepThreeViolated { meld: i, together: best });
            }
        }
        Ok(())
    }

    /// The conditions read from the rack's tiles: `RackOnly` exchanges and the reuse of
    /// released jokers (§1.6).
    fn rack_ok(&self) -> Result<(), PlayError> {
        let used: u8 = (0..self.n_old_j).fold(0, |m, k| m | 1 << self.j_to[k]);
        for k in 0..self.n_old_j {
            let old = self.old_joker(k);
            if self.config.joker_replacement_source == ReplacementSource::RackOnly
                && (self.is_released(k) || self.swap[k].is_some())
                && !self.swap[k].is_some_and(|p| self.played_at(p, used))
            {
                return Err(PlayError::JokerReplacementNotFromRack { meld: old.meld });
            }
            if !self.is_released(k) {
                continue;
            }
            let new = self.new_joker(self.j_to[k] as usize);
            let meld = &self.after[new.meld];
            let others = (0..meld.len())
                .filter(|&p| p != new.pos)
                .map(|p| self.played_at(Place { meld: new.meld as u8, pos: p as u8 }, used));
            let ok = match self.config.joker_reuse {
                JokerReuse::SameTurnAnywhere => true,
                JokerReuse::WithRackTile => others.clone().any(|r| r),
                JokerReuse::NewMeldWithTwoRackTiles => others.clone().all(|r| r) && others.count() >= 2,
            };
            if !ok {
                return Err(PlayError::JokerNotReused { meld: new.meld });
            }
        }
        Ok(())
    }
}

/// Whether the joker at `slot` is the one joker of a group of three (§1.6 both colours).
fn is_group3(before: &[Meld<Tile>], slot: &Slot) -> bool {
    slot.kind == MeldKind::Group
        && before[slot.meld].len() == 3
        && matches!(slot.role, JokerRole::OneOf { suits, .. } if suits.count_ones() == 2)
}

fn find(parent: &mut [u8; MAX_NODES], mut x: u8) -> u8 {
    while parent[x as usize] != x {
        parent[x as usize] = parent[parent[x as usize] as usize];
        x = parent[x as usize];
    }
    x
}

/// Steps (5) and (6): the joker rules of §1.6 and Schmidt's rules of §4.1 over every
/// physical reading of the play; returns the fewest released jokers of a legal reading.
fn check_rearrangement(
    config: &Config,
    before: &[Meld<Tile>],
    after: &[Meld<Tile>],
    steps: &mut u32,
) -> Result<u8, PlayError> {
    let mut search = Search::new(config, before, after, *steps);
    let released = (|| {
        if !search.solve_static() {
            return None;
        }
        // While the jokers are configured, every face still to be searched is open.
        search.open = (0..NATURALS).fold(0, |m, f| {
            let c = &search.copies[f];
            let ambiguous = c.n_old > 0 && c.n_new > 1 && search.fixed_faces & (1 << f) == 0;
            m | u64::from(ambiguous) << f
        });
        (0..=search.n_old_j).find(|&released| search.configs(0, 0, released))
    })();
    #[cfg(test)]
    SPENT.with(|spent| spent.set(spent.get() + u64::from(*steps - search.steps)));
    *steps = search.steps;
    released.map(|r| r as u8).ok_or_else(|| search.failure())
}

#[cfg(test)]
thread_local! {
    /// Search choices made on this thread, for tests of the bounds.
    pub(crate) static SPENT: core::cell::Cell<u64> = const { core::cell::Cell::new(0) };
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of maps: for every count of old and new copies, the maps `0..n` are the
    /// `n` distinct injective maps of the old copies into the new places, each the one a
    /// plain mixed-radix decoding gives.
    #[test]
    fn decoded_maps_are_every_injective_map_once() {
        for n_new in 0..=MAX_COPIES as u8 {
            for n_old in 0..=n_new {
                let n = injective_maps(n_old, n_new);
                let mut seen = Vec::new();
                for o in 0..n {
                    let map = decode(n_old, n_new, o);
                    // Decoded step by step at run time, as the table was at compile time.
                    let (mut free, mut left, mut rest) = (vec![0u8, 1, 2], n_new, o);
                    for (i, &to) in map.iter().enumerate().take(n_old as usize) {
                        assert_eq!(
                            to,
                            free.remove((rest % left) as usize),
                            "{n_old} into {n_new}, map {o}, item {i}"
                        );
                        rest /= left;
                        left -= 1;
                    }
                    let used = &map[..n_old as usize];
                    assert!(used.iter().all(|&p| p < n_new), "{used:?} into {n_new}");
                    assert!((1..used.len()).all(|i| !used[..i].contains(&used[i])), "{used:?} not injective");
                    assert!(!seen.contains(&map), "map {o} of {n_old} into {n_new} twice");
                    seen.push(map);
                }
                let all = (0..n_old).map(|i| u32::from(n_new - i)).product::<u32>();
                assert_eq!(seen.len() as u32, all);
            }
        }
    }

    /// RULES.md §1.5 with manipulation in the initial meld's turn: the search for the best
    /// set of own melds draws on the check's choices, and one that runs out leaves the play
    /// undecided, never refused; with the choices it needs, the twin melds count once.
    #[test]
    fn rules_1_5_own_melds_search_out_of_choices_is_undecided() {
        let run = |s: &str| {
            Meld::new(MeldKind::Run, &rummykit_core::parse_list::<Tile>(s).unwrap(), &crate::MELD_RULES)
                .unwrap()
        };
        let config = Config::STANDARD.with_manipulate_on_initial_meld_turn(true);
        let before = [run("r10 r11 r12")];
        let after = [run("r10 r11 r12"), run("r10 r11 r12")];
        let rack: TileCounts = "r10 r11 r12 k1".parse().unwrap();
        for steps in 0..2 {
            assert_eq!(
                check_play_within(&config, &before, &rack, false, &after, &mut { steps }),
                Err(PlayError::ReadingsUndecided { limit: SEARCH_STEPS })
            );
        }
        let mut steps = 10;
        let info = check_play_within(&config, &before, &rack, false, &after, &mut steps).unwrap();
        assert_eq!(info.initial_meld, Some(33));
        assert!(steps < 10);
    }
}
