//! What the table offers a hand: per meld, the faces it could take by a build or a
//! joker swap ([`MeldFaces`], kept from one list to the next), and which cards could
//! ever be built onto it ([`Reach`], the rummy search's bound).

use rummykit_core::{
    AcePolicy, Card, Face, JokerLimit, Meld, MeldKind, MeldRules, MeldTable, PieceId, PieceSet, RunEnd,
};

use crate::Set3JokerSwap;
use crate::turn::Turn;

use super::{JOKER, NATURALS, RANK, SUIT};

/// The meld rules and the swap option of sets of three as one word, equal for equal
/// rules: compared on every call of [`Turn::table_fits`], where the derived comparison of
/// the rules took about 27 instructions.
pub(super) fn rules_word(rules: &MeldRules, swap: Set3JokerSwap) -> u64 {
    let ace = match rules.ace {
        AcePolicy::Low => 0,
        AcePolicy::High => 1,
        AcePolicy::LowOrHigh => 2,
        AcePolicy::RoundTheCorner => 3,
    };
    let jokers = match rules.jokers {
        JokerLimit::Forbidden => 0,
        JokerLimit::Unlimited => 1,
        JokerLimit::NotMoreThanNaturals => 2,
        JokerLimit::NoAdjacent => 3,
        JokerLimit::AtMost(n) => 4 | u64::from(n) << 8,
    };
    let swap = match swap {
        Set3JokerSwap::BothMissing => 0,
        Set3JokerSwap::EitherMissing => 1,
    };
    u64::from(rules.min_len) | u64::from(rules.max_group_len) << 8 | ace << 16 | swap << 20 | jokers << 24
}

/// What the melds of one table could offer any hand ([`Turn::table_fits`]), kept while
/// the table (by its stamp) and the rules it was derived under stay the same; when the
/// table changes under the same rules, the entries of the melds it left as they were
/// are kept (a play changes one meld or adds one).
#[derive(Debug, Clone, Default)]
pub(super) struct TableFaces {
    /// The table's stamp, and the meld rules with the swap option of sets of three (see
    /// [`rules_word`]).
    pub(super) key: Option<(u64, u64)>,
    /// One per meld with a natural, in the table's order.
    pub(super) melds: Vec<MeldFaces>,
    /// The entries of the table before (reused room).
    before: Vec<MeldFaces>,
    /// Some set of three holds a joker (a joker may be released).
    pub(super) joker_sets: bool,
    /// Since the entries were last made: the faces some meld may still offer (the
    /// union of their `offers` as [`Turn::table_fits`] last read them): a hand holding
    /// none is offered nothing.
    offered: Option<u64>,
}

impl TableFaces {
    /// Do the verdicts kept say, with no meld read, that the table `table` under
    /// `rules` and `swap` offers a hand holding the faces `held` (bits by face index,
    /// the joker's 52) no build and no joker swap ([`Turn::table_fits`] would list no
    /// meld), and that it holds no set of three with a joker to release? `false` when
    /// they do not know (another table or rules, or no pass over this table yet).
    /// `rules`: [`rules_word`] of the meld rules and the swap option.
    #[inline]
    pub(super) fn offers_nothing(&self, table: &MeldTable<Card>, rules: u64, held: u64) -> bool {
        // `table_fits`' own first answer, on the same key.
        self.key == Some((table.stamp(), rules))
            && !self.joker_sets
            && self.offered.is_some_and(|offered| held & offered == 0)
    }
}

/// What one table meld could offer any hand, by face bits, and the verdicts of the
/// builds tried on it so far.
#[derive(Debug, Clone, Copy)]
pub(super) struct MeldFaces {
    /// The meld's place in the table's list, and its id.
    pub(super) at: usize,
    pub(super) meld: rummykit_core::MeldId,
    /// The meld's faces: everything below depends on them and on the rules alone.
    pub(super) faces: Meld<Card>,
    /// The faces it may still offer a hand (a hand holding none is offered nothing):
    /// those to try at its ends not yet tried or found to fit there, and those a swap
    /// could take.
    pub(super) offers: u64,
    /// A swap is looked for when a face of these is held (a run's own span; every face
    /// for a set with a joker in a suit it lacks).
    pub(super) swap_gate: u64,
    /// The faces a joker swap could take ([`Turn::swappable`]).
    pub(super) swappable: u64,
    /// The faces to try at the front and at the back (a set: only at the back, which
    /// decides both).
    pub(super) try_front: u64,
    pub(super) try_back: u64,
    pub(super) group: bool,
    /// The faces tried so far at each end, and those that fit.
    pub(super) tried_front: u64,
    pub(super) tried_back: u64,
    pub(super) ok_front: u64,
    pub(super) ok_back: u64,
}

/// What a table meld offers the hand ([`Turn::table_fits`]): faces by bit index.
#[derive(Debug, Clone)]
pub(super) struct MeldFits {
    /// The meld's place in the table's list, and its id.
    pub(super) at: usize,
    pub(super) meld: rummykit_core::MeldId,
    pub(super) front: u64,
    pub(super) back: u64,
    pub(super) swap: u64,
}

impl Turn<'_> {
    /// Per table meld (in id order, only those with something to offer), the faces
    /// `held` (bits by face index, the joker's 52 included) that the table's lay-off rule
    /// lets be built at its front and at its back,
    /// and those a joker swap could take ([`Turn::swappable`]). Only the faces that
    /// can fit are tried, once per meld and end: at a run's end the next card of its
    /// suit or a joker, on a set a card of its rank or a joker (at either end). What
    /// each meld could offer any hand, and the verdict of every try, are kept in
    /// `cache` while the table (by its stamp) and the rules stay the same.
    pub(super) fn table_fits(&self, held: u64, fits: &mut Vec<MeldFits>, cache: &mut TableFaces) {
        self.table_fits_by(rules_word(&self.rules, self.config.set3_joker_swap), held, fits, cache);
    }

    /// [`Turn::table_fits`] with the [`rules_word`] of this position's rules, `rules`,
    /// made already.
    pub(super) fn table_fits_by(
        &self,
        rules: u64,
        held: u64,
        fits: &mut Vec<MeldFits>,
        cache: &mut TableFaces,
    ) {
        fits.clear();
        let key = (self.table.stamp(), rules);
        if cache.key != Some(key) {
            // Under the same rules, what a meld offers depends on its faces alone.
            let same_rules = cache.key.is_some_and(|(_, rules)| rules == key.1);
            self.table_faces(cache, same_rules);
            cache.key = Some(key);
            cache.offered = None;
        }
        // (Most hands hold none of the faces the table may still offer, once the faces
        // held have been tried.)
        if cache.offered.is_some_and(|offered| held & offered == 0) {
            return;
        }
        let melds = self.table.melds();
        let mut offered = 0;
        for mf in &mut cache.melds {
            offered |= mf.offers;
            // A meld with none of the faces it may still offer held offers nothing.
            if held & mf.offers == 0 {
                continue;
            }
            let Some(m) = melds.get(mf.at) else { continue };
            let swap = if held & mf.swap_gate != 0 { mf.swappable & held } else { 0 };
            // Each meld, face and end validated once: most decisions hold none not
            // tried yet, and read the verdicts kept.
            if held & (mf.try_back & !mf.tried_back | mf.try_front & !mf.tried_front) != 0 {
                self.try_ends(held, m, mf);
            }
            let back = held & mf.ok_back;
            // A set ignores the end: the check at its back decides both.
            let front = if mf.group { back } else { held & mf.ok_front };
            if front | back | swap != 0 {
                fits.push(MeldFits { at: mf.at, meld: mf.meld, front, back, swap });
            }
        }
        cache.offered = Some(offered);
    }

    /// Validates at each end of `m` the faces of `held` that `mf` has to try there and
    /// has not tried yet, keeping the verdicts in `mf`. Out of line: a table's melds
    /// are each tried with a few faces only, once.
    #[inline(never)]
    fn try_ends(&self, held: u64, m: &rummykit_core::TableMeld<Card>, mf: &mut MeldFaces) {
        let try_end = |try_bits: u64, end: RunEnd, tried: &mut u64, ok: &mut u64| {
            let mut bits = held & try_bits & !*tried;
            *tried |= bits;
            while bits != 0 {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                if Card::from_index(i).is_some_and(|face| m.meld().extends(face, end, &self.rules)) {
                    *ok |= 1u64 << i;
                }
            }
        };
        try_end(mf.try_back, RunEnd::Back, &mut mf.tried_back, &mut mf.ok_back);
        // (A set tries nothing at its front: the check at its back decides both.)
        try_end(mf.try_front, RunEnd::Front, &mut mf.tried_front, &mut mf.ok_front);
        let untried = mf.try_front & !mf.tried_front | mf.try_back & !mf.tried_back;
        mf.offers = mf.ok_front | mf.ok_back | mf.swappable | untried;
    }

    /// Has `card` (the top discard, not in the hand; the player has opened, the draw
    /// phase) a play once taken, as the guard of the check of its take under
    /// `taken_discard_must_be_used_after_open` decides? `Some(true)`: it fits a table meld
    /// and a card of the hand may then go (the build leaves the hand as it is now), or
    /// it makes a new meld with cards of the hand (the first ones the check's search
    /// tries that leave a card to discard); `Some(false)`: it fits no table meld, could
    /// take no joker's place in one, and fails the cheap test of a meld with cards of the
    /// hand ([`Turn::may_meld_with`]); `None`: the check's search decides. (The guard's
    /// first rule, a card to discard once the card is taken, is asked apart:
    /// [`Turn::take_leaves_discard`].)
    /// `fits` and `cache` are [`Turn::table_fits`]' buffers.
    pub(super) fn play_of_taken(
        &self,
        card: PieceId,
        fits: &mut Vec<MeldFits>,
        cache: &mut TableFaces,
    ) -> Option<bool> {
        let face = self.face(card)?;
        self.table_fits(1u64 << face.index(), fits, cache);
        let built = fits.iter().any(|f| f.front | f.back != 0);
        // A swap uses the card too, but what it leaves (a won joker in hand) is the
        // check's to judge. So does a release, but only into a set of three with a joker
        // that lacks the card: the set takes it by a build as well, counted in `built`
        // (and that build leaves in hand the other card the release would need).
        let swap = fits.iter().any(|f| f.swap != 0);
        fits.clear();
        if built {
            self.with_taken(card).can_discard_from(self.hand).then_some(true)
        } else if !self.may_meld_with(card) {
            (!swap).then_some(false)
        } else {
            // A new meld of the card with cards of the hand that leaves a card to discard
            // is a play the check's search accepts; with none found, the search decides.
            let mut with_top = self.hand;
            with_top.insert(card);
            let taken = Turn { hand: with_top, ..self.with_taken(card) };
            let mut found = false;
            taken.any_meld_with(card, &mut |_, pieces| {
                found = taken.can_discard_from(with_top - pieces.iter().copied().collect::<PieceSet>());
                found
            });
            found.then_some(true)
        }
    }

    /// Fills `cache` with what each meld of the table could offer some hand (see
    /// [`MeldFaces`]): the entry of a meld with the same id and faces as before kept
    /// with its tries if `reuse` (the rules are those it was made under), the others
    /// made anew, no try made yet.
    pub(super) fn table_faces(&self, cache: &mut TableFaces, reuse: bool) {
        let TableFaces { melds, before, joker_sets, .. } = cache;
        *joker_sets = self.table.melds().iter().any(|m| {
            m.meld().kind() == MeldKind::Group
                && m.meld().len() == 3
                && m.meld().faces().contains(&Card::JOKER)
        });
        // The common change, in place: the melds kept in their places (a play changes one
        // of them) and new ones after them.
        if reuse && self.table_faces_in_place(melds) {
            return;
        }
        core::mem::swap(melds, before);
        melds.clear();
        let before: &[MeldFaces] = if reuse { before } else { &[] };
        // Both lists are in id order: the entry of a meld, if any, is met walking on.
        let mut next = 0;
        for (at, m) in self.table.melds().iter().enumerate() {
            let meld = m.meld();
            while before.get(next).is_some_and(|b| b.meld < m.id()) {
                next += 1;
            }
            if let Some(b) = before.get(next).filter(|b| b.meld == m.id() && b.faces == *meld) {
                melds.push(MeldFaces { at, ..*b });
                next += 1;
                continue;
            }
            melds.extend(self.meld_faces(at, m));
        }
    }

    /// [`Turn::table_faces`] in place, when the entries `melds` are those of the table's
    /// first melds, each in its place: the entries of the melds that changed made anew,
    /// those of the new melds added. `false` otherwise (then every entry of `melds` is
    /// still right for its meld's id and faces, in id order, for the rebuild to keep).
    fn table_faces_in_place(&self, melds: &mut Vec<MeldFaces>) -> bool {
        let table = self.table.melds();
        if melds.len() > table.len()
            || !melds.iter().zip(table).enumerate().all(|(at, (mf, m))| mf.at == at && mf.meld == m.id())
        {
            return false;
        }
        for (mf, m) in melds.iter_mut().zip(table) {
            if mf.faces != *m.meld() {
                // (A valid meld always has an entry: one without leaves the places behind.)
                let Some(made) = self.meld_faces(mf.at, m) else { return false };
                *mf = made;
            }
        }
        for (at, m) in table.iter().enumerate().skip(melds.len()) {
            let Some(made) = self.meld_faces(at, m) else { return false };
            melds.push(made);
        }
        true
    }

    /// What table meld `m`, at place `at`, could offer any hand, no try made yet (`None`
    /// for a meld without a natural: never valid).
    fn meld_faces(&self, at: usize, m: &rummykit_core::TableMeld<Card>) -> Option<MeldFaces> {
        let meld = m.meld();
        // A valid meld holds a natural: its kind, suit and values say what it is
        // without reading its faces.
        let first = meld.value_at(0)?;
        let last = meld.value_at(meld.len() - 1)?;
        let (suit, number) = match meld.kind() {
            MeldKind::Run => (meld.run_suit().unwrap_or(0), first),
            MeldKind::Group => (0, first),
        };
        let mut mf = MeldFaces {
            at,
            meld: m.id(),
            faces: *meld,
            offers: 0,
            swap_gate: 0,
            swappable: self.swappable(m),
            try_front: 0,
            try_back: 0,
            group: meld.kind() == MeldKind::Group,
            tried_front: 0,
            tried_back: 0,
            ok_front: 0,
            ok_back: 0,
        };
        match meld.kind() {
            MeldKind::Run => {
                // A swap is looked for only when a face of the run's span is held.
                mf.swap_gate = if first <= last {
                    let (lo, hi) = (first.max(2), last.min(13));
                    let mut span =
                        if lo <= hi { ((1u64 << (hi - lo + 1)) - 1) << (suit * 13 + lo - 1) } else { 0 };
                    if first == 1 || last == 14 {
                        span |= 1u64 << (suit * 13);
                    }
                    span
                } else {
                    SUIT << (suit * 13)
                };
                // Ranks as 1–13: the card below the first and above the last (with wrap).
                let rank = |v: u8| (v + 12) % 13 + 1;
                let (lo, hi) = (rank(first), rank(last));
                let below = u32::from(suit * 13 + if lo == 1 { 13 } else { lo - 1 } - 1);
                let above = u32::from(suit * 13 + if hi == 13 { 1 } else { hi + 1 } - 1);
                mf.try_front = 1u64 << below | JOKER;
                mf.try_back = 1u64 << above | JOKER;
            }
            MeldKind::Group => {
                let suits = meld.group_suits().unwrap_or(0xf);
                if meld.len() > (suits & 0xf).count_ones() as usize {
                    mf.swap_gate = !0;
                }
                // The rank in every suit the set lacks (it never holds two naturals of
                // one suit), and the joker.
                let present = meld.group_suits().unwrap_or(0);
                let lacking = (0..4u8)
                    .filter(|s| present & 1 << s == 0)
                    .fold(0u64, |bits, s| bits | 1u64 << (s * 13 + number - 1));
                mf.try_back = lacking | JOKER;
            }
        }
        mf.offers = mf.try_front | mf.try_back | mf.swappable;
        Some(mf)
    }

    /// The faces (bits by face index) that a joker swap on `m` could take (a cheap filter
    /// before the check): none without a joker; for a run, the cards its jokers stand for
    /// exactly; for a set of three under `EitherMissing`, the cards of its rank.
    fn swappable(&self, m: &rummykit_core::TableMeld<Card>) -> u64 {
        let meld = m.meld();
        // (Most melds hold no joker: nothing to swap, no role to ask position by position.)
        if !meld.faces().contains(&Card::JOKER) {
            return 0;
        }
        match meld.kind() {
            MeldKind::Run => (0..meld.len())
                .filter_map(|i| match meld.joker_role(i) {
                    Some(rummykit_core::JokerRole::Exactly(f)) => Some(1u64 << f.index()),
                    _ => None,
                })
                .fold(0, |a, b| a | b),
            MeldKind::Group => {
                let number = meld.value_at(0).map(|v| (v + 12) % 13 + 1);
                if self.config.set3_joker_swap != crate::Set3JokerSwap::EitherMissing || meld.len() != 3 {
                    return 0;
                }
                (0..4u8).filter_map(|s| number.map(|n| 1u64 << (s * 13 + n - 1))).fold(0, |a, b| a | b)
            }
        }
    }
}

/// Which cards could ever be built onto the table, given the other cards available:
/// an over-approximation used to skip rummy candidates that leave two cards that fit
/// nowhere. A natural fits a run of its suit if the values between them can be filled
/// by cards of that suit or jokers from the same cards, and a set of its rank with room;
/// a joker fits if any meld has room. (Rummy 40's ace policies never turn the corner,
/// so a run is a plain range of values 1–14.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reach {
    /// Runs on the table: suit, lowest and highest value (the first `run_count`; on the
    /// stack, as a reach is made on many turns).
    runs: [(u8, u8, u8); MAX_RUNS],
    pub(super) run_count: usize,
    /// More runs than `runs` holds (no table of 200 random playouts of either preset
    /// had so many): every natural is then taken to fit, which keeps the bound safe.
    crowded: bool,
    /// Ranks (bits 1–13) of the sets with room.
    numbers: u16,
    jokers: bool,
    /// The faces any hand might build (bits by face index): every face of a suit with a
    /// run, the rank of a set with room in every suit, the joker if a meld has room.
    /// What [`Reach::fitting`] takes is among them, whatever the hand.
    pub(super) ever: u64,
}

/// The most runs a [`Reach`] keeps (48 cards in runs of three or more; the largest pack
/// could make 36): a reach is copied in and out of the list on every unopened
/// player's decision, so it is kept small, and a table with more only loosens the bound.
const MAX_RUNS: usize = 16;

/// A [`Reach`] of the table, made the first time it is asked for (most enumerations
/// are settled before any card's fit on the table matters), or the one kept for it,
/// borrowed (a reach is some seventy bytes, asked for on every unopened decision).
pub(super) struct LazyReach<'a> {
    table: &'a MeldTable<Card>,
    kept: Option<&'a Reach>,
    made: core::cell::OnceCell<Reach>,
}

impl<'a> LazyReach<'a> {
    /// The reach of `table`, already made if `kept` was made from it (equal stamps
    /// mean equal tables).
    pub(super) fn kept(table: &'a MeldTable<Card>, kept: Option<&'a (u64, Reach)>) -> LazyReach<'a> {
        let kept = kept.filter(|(stamp, _)| *stamp == table.stamp()).map(|(_, made)| made);
        LazyReach { table, kept, made: core::cell::OnceCell::new() }
    }

    /// The reach made here, if any, to keep for the next [`LazyReach::kept`] (none when
    /// the one kept answered).
    pub(super) fn into_made(self) -> Option<(u64, Reach)> {
        let stamp = self.table.stamp();
        self.made.into_inner().map(|made| (stamp, made))
    }

    pub(super) fn get(&self) -> &Reach {
        match self.kept {
            Some(kept) => kept,
            None => self.made.get_or_init(|| Reach::of(self.table)),
        }
    }
}

impl Reach {
    pub(super) fn of(table: &MeldTable<Card>) -> Reach {
        let mut reach = Reach {
            runs: [(0, 0, 0); MAX_RUNS],
            run_count: 0,
            crowded: false,
            numbers: 0,
            jokers: false,
            ever: 0,
        };
        for m in table.melds() {
            let meld = m.meld();
            match meld.kind() {
                MeldKind::Run => {
                    if let Some(s) = meld.faces().iter().find_map(|f| f.suit_index())
                        && let (Some(lo), Some(hi)) = (meld.value_at(0), meld.value_at(meld.len() - 1))
                    {
                        match reach.runs.get_mut(reach.run_count) {
                            Some(slot) => {
                                *slot = (s, lo, hi);
                                reach.run_count += 1;
                            }
                            None => reach.crowded = true,
                        }
                    }
                    reach.jokers |= meld.len() < 13;
                }
                MeldKind::Group => {
                    if meld.len() < 4
                        && let Some(n) = meld.faces().iter().find_map(|f| f.number())
                    {
                        reach.numbers |= 1 << n;
                        reach.jokers = true;
                    }
                }
            }
        }
        let mut ever = if reach.jokers { JOKER } else { 0 };
        for &(suit, _, _) in &reach.runs[..reach.run_count] {
            ever |= SUIT << (13 * u32::from(suit));
        }
        let mut numbers = reach.numbers;
        while numbers != 0 {
            ever |= RANK << (numbers.trailing_zeros() - 1);
            numbers &= numbers - 1;
        }
        reach.ever = if reach.crowded { ever | NATURALS } else { ever };
        reach
    }

    /// Could `face` be built, with the cards `counts` (by face) to fill the gaps? Face
    /// by face, the plain rule that [`Reach::fitting`] decides for all faces at once (the
    /// tests' reference).
    #[cfg(test)]
    pub(super) fn fits(&self, face: Card, counts: &[u8; 53]) -> bool {
        if face.is_joker() {
            return self.jokers;
        }
        let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else { return false };
        if self.crowded || self.numbers & (1 << number) != 0 {
            return true;
        }
        let jokers = u32::from(counts[52]);
        let held = |v: u8| counts[usize::from(suit * 13 + if v == 14 { 0 } else { v - 1 })] > 0;
        let missing = |from: u8, to: u8| (from..to).filter(|&v| !held(v)).count() as u32;
        let values: &[u8] = if number == 1 { &[1, 14] } else { core::slice::from_ref(&number) };
        self.runs[..self.run_count].iter().filter(|r| r.0 == suit).any(|&(_, lo, hi)| {
            values.iter().any(|&v| {
                (v < lo && missing(v + 1, lo) <= jokers) || (v > hi && missing(hi + 1, v) <= jokers)
            })
        })
    }

    /// The faces among `faces` (bits by face index) that could be built, with the cards
    /// `counts` (by face) to fill the gaps: a joker if a meld has room, a natural of the
    /// rank of a set with room, or of a run's suit below its low end or above its high
    /// end with the values between either held or few enough for the jokers. Decided per
    /// table meld, for all faces at once: a run is followed down from its low end and up
    /// from its high end while the values skipped that `counts` lacks are few enough.
    pub(super) fn fitting(&self, counts: &[u8; 53], faces: u64) -> u64 {
        let mut out = if self.jokers { 1u64 << 52 } else { 0 };
        if faces & NATURALS == 0 {
            return out & faces;
        }
        if self.crowded {
            return (out | NATURALS) & faces;
        }
        // A set with room takes its rank in every suit.
        let mut numbers = self.numbers;
        while numbers != 0 {
            let n = numbers.trailing_zeros();
            numbers &= numbers - 1;
            out |= RANK << (n - 1);
        }
        let jokers = u32::from(counts[52]);
        for &(suit, lo, hi) in &self.runs[..self.run_count] {
            // The face index of value `v` (1–14, the ace both) of the run's suit.
            let at = |v: u8| usize::from(suit * 13 + if v == 14 { 0 } else { v - 1 });
            let (mut v, mut gaps) = (lo, 0);
            while v > 1 && gaps <= jokers {
                v -= 1;
                out |= 1u64 << at(v);
                gaps += u32::from(counts[at(v)] == 0);
            }
            let (mut v, mut gaps) = (hi, 0);
            while v < 14 && gaps <= jokers {
                v += 1;
                out |= 1u64 << at(v);
                gaps += u32::from(counts[at(v)] == 0);
            }
        }
        out & faces
    }

    /// At most one card of the face counts `rest` fits nowhere. `faces`: bits of the
    /// faces `rest` may count (the others are zero), to look at those only.
    pub(super) fn all_but_one(&self, rest: &[u8; 53], faces: u64) -> bool {
        let mut misfits = 0;
        let mut bits = faces & !self.fitting(rest, faces);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            misfits += rest[i];
            if misfits > 1 {
                return false;
            }
        }
        true
    }
}
