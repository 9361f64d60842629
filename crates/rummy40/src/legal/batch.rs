//! Batches of new melds as byte keys that sort as the batches would: their expansion
//! into every assignment of card identities, and their counts for the random draw.

use rummykit_core::{Card, Catalog, MeldKind, PieceId, PieceSet};

use crate::NewMeld;
use crate::action::normalize_pieces;
use crate::turn::Turn;

use super::opening::held_twice;
use super::{Group, Groups, Key, NATURALS, ValuedMeld};

/// Buffers [`expand`] reuses from one batch to the next.
#[derive(Debug, Clone, Default)]
pub(super) struct Scratch {
    slots: Vec<Card>,
    chosen: Vec<PieceId>,
    /// One batch's ids and its melds' places in them ([`write_key`]).
    ids: Vec<PieceId>,
    spans: Vec<Span>,
    /// The melds of the multiset [`combos`](super::combos::combos) is at.
    pub(super) walk: Vec<usize>,
    /// The keys of one group's batches ([`nth_batch`]).
    pub(super) batches: Vec<[u8; KEY_ROOM]>,
}

/// Sorts the keys of `arena` (see [`expand`]) and drops repeats.
pub(super) fn sort_keys(arena: &[u8], keys: &mut Vec<Key>) {
    let bytes = |k: &Key| arena.get(k.clone()).unwrap_or_default();
    keys.sort_unstable_by(|a, b| bytes(a).cmp(bytes(b)));
    keys.dedup_by(|a, b| bytes(a) == bytes(b));
}

/// The melds of a batch's key (see [`expand`]).
pub(super) fn decode_batch(bytes: &[u8]) -> Vec<NewMeld> {
    let mut melds = Vec::new();
    let mut rest = bytes;
    while let [kind, tail @ ..] = rest
        && *kind >= 2
    {
        let len = tail.iter().position(|&b| b < 2).unwrap_or(tail.len());
        let kind = if *kind == 2 { MeldKind::Group } else { MeldKind::Run };
        let pieces = tail[..len].iter().filter_map(|&b| PieceId::new(b - 2)).collect();
        melds.push(NewMeld::new(kind, pieces));
        rest = tail.get(len + 1..).unwrap_or_default();
    }
    melds
}

/// Where [`Turn::openings`] counts its batches instead of listing them: into
/// `groups`, as openings after taking the top discard if `take`, each multiset kept if
/// what it leaves can be discarded from in `after` (the position after the take).
pub(super) struct Counted<'a, 'p> {
    pub(super) groups: &'a mut Groups,
    pub(super) take: bool,
    pub(super) after: &'a Turn<'p>,
}

/// The most melds in one batch: a batch keeps a card back, so 13 cards of a hand of at
/// most 14 (`HAND_SIZE` and the card drawn) make at most four melds of three.
pub(super) const MAX_BATCH: usize = 4;

impl Groups {
    /// A group of `count` batches (none: nothing is added) of the melds at `chosen`.
    pub(super) fn push(&mut self, open: bool, take: bool, chosen: &[usize], count: u32) {
        // A hand holds at most 14 cards (`Rummy40::from_setup` checks it): never more
        // melds than `MAX_BATCH`.
        debug_assert!(chosen.len() <= MAX_BATCH, "{} melds in one batch", chosen.len());
        if count == 0 {
            return;
        }
        let (Ok(start), Ok(len)) = (u32::try_from(self.melds.len()), u8::try_from(chosen.len())) else {
            return;
        };
        // A place past `u16` (never: see `melds`) names no meld, and the draw of its group
        // finds none.
        self.melds.extend(chosen.iter().map(|&i| u16::try_from(i).unwrap_or(u16::MAX)));
        self.groups.push(Group { open, take, start, len, count });
    }
}

/// The naturals of a hand held twice (bits by face index), and whether one is held
/// more often (never from a Rummy 40 pack of two decks; then [`batch_count`] takes the
/// general formula): listed once per enumeration for [`batch_count`].
#[derive(Debug, Clone, Copy)]
pub(super) struct Copies {
    pub(super) twice: u64,
    pub(super) more: bool,
}

impl Copies {
    /// The copies of the naturals among face counts `counts`.
    pub(super) fn of(counts: &[u8; 53]) -> Copies {
        let twice = held_twice(counts);
        Copies { twice: twice.unwrap_or(0), more: twice.is_none() }
    }
}

/// [`batch_count_general`] of a multiset that `counts` supplies, by bit operations: with
/// at most two copies of a natural, the ordered choices for a natural face needed once
/// or twice number 2 if two copies are held and 1 if one is, so the naturals give a
/// power of two, and only the jokers need the general factor.
// Inlined into the walk's visit, where it is asked once per multiset worth opening: as a
// call it cost about 30 instructions more each time.
#[inline(always)]
pub(super) fn batch_count(
    fms: &[ValuedMeld],
    chosen: &[usize],
    counts: &[u8; 53],
    copies: Copies,
    required: Option<u8>,
) -> u32 {
    if copies.more {
        return batch_count_general(fms, chosen, counts, required);
    }
    // The naturals needed (once or more), those needed twice, and the jokers needed.
    let (mut once, mut twice, mut jokers) = (0u64, 0u64, 0u8);
    let mut repeats = 1u64;
    let mut run = 0u64;
    for (j, &i) in chosen.iter().enumerate() {
        let Some(m) = fms.get(i) else { return 0 };
        let naturals = m.mask & NATURALS;
        twice |= once & naturals;
        once |= naturals;
        if m.jokers > 0 {
            jokers += m.jokers;
            repeats *= factorial(m.jokers);
        }
        run = if j > 0 && chosen[j - 1] == i { run + 1 } else { 1 };
        repeats *= run;
    }
    let naturals = 1u64 << (once & copies.twice).count_ones();
    let all = naturals * falling_factorial(counts[52], jokers);
    let without = match required {
        None => 0,
        Some(52) => naturals * falling_factorial(counts[52].saturating_sub(1), jokers),
        Some(f) => {
            let bit = 1u64 << f;
            if once & bit == 0 {
                // No meld needs its face: no batch holds it.
                all
            } else if copies.twice & bit == 0 || twice & bit != 0 {
                // Its one copy, or both, always taken.
                0
            } else {
                // One of its two copies: half the choices leave it out.
                all / 2
            }
        }
    };
    let count = if required.is_some() { all / repeats - without / repeats } else { all / repeats };
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// n!, for the copies of a face or the repeats of a meld in one batch (a few at most;
/// saturating beyond the table, where no hand gets).
fn factorial(n: u8) -> u64 {
    const FACTORIAL: [u64; 8] = [1, 1, 2, 6, 24, 120, 720, 5040];
    FACTORIAL.get(usize::from(n)).copied().unwrap_or(u64::MAX)
}

/// c (c − 1) ⋯ (c − n + 1): the ordered choices of n cards out of c (a table for the
/// counts a hand holds: at most two copies of a natural and a pack's jokers).
fn falling_factorial(c: u8, n: u8) -> u64 {
    const FALLING: [[u64; 8]; 8] = {
        let mut t = [[0u64; 8]; 8];
        let mut c = 0;
        while c < 8 {
            let mut n = 0;
            let mut product = 1;
            while n <= c {
                t[c][n] = product;
                product *= (c - n) as u64;
                n += 1;
            }
            c += 1;
        }
        t
    };
    match FALLING.get(usize::from(c)).and_then(|row| row.get(usize::from(n))) {
        Some(&f) => f,
        None if n > c => 0,
        None => (c - n + 1..=c).map(u64::from).product::<u64>(),
    }
}

/// How many distinct batches (each a sorted list of normalized new melds, as
/// [`expand`] and [`sort_keys`] list them) the melds by faces `fms[chosen]` make from
/// cards of face counts `counts`, each holding one given card of face `required` (if
/// any). `chosen` is a multiset of places, equal places adjacent.
///
/// A batch gives each meld of the multiset, for each face it needs, a set of cards of
/// that face (a meld needs each natural once and may need several jokers, which the
/// normal form orders): the ordered choices for a face needed `n₁, n₂, …` times by the
/// melds, `N` in all, out of `c` cards, number `c! / ((c − N)! · n₁! · n₂! ⋯)`. Melds
/// that are the same by faces swap their cards without changing the batch, and as
/// their cards are disjoint no swap leaves a choice as it was: each batch is counted
/// `m!` times for each meld repeated `m` times. With `required`, the choices without
/// that card (one card fewer of its face) are taken away.
pub(super) fn batch_count_general(
    fms: &[ValuedMeld],
    chosen: &[usize],
    counts: &[u8; 53],
    required: Option<u8>,
) -> u32 {
    let mut demand = [0u8; 53];
    let mut faces = 0u64;
    let mut repeats = 1u64;
    let mut run = 0u64;
    for (j, &i) in chosen.iter().enumerate() {
        let Some(m) = fms.get(i) else { return 0 };
        for (f, n) in m.needs() {
            demand[usize::from(f)] += n;
            repeats *= factorial(n);
            faces |= 1u64 << f;
        }
        run = if j > 0 && chosen[j - 1] == i { run + 1 } else { 1 };
        repeats *= run;
    }
    let (mut all, mut without) = (1u64, 1u64);
    while faces != 0 {
        let f = faces.trailing_zeros() as u8;
        faces &= faces - 1;
        let (c, n) = (counts[usize::from(f)], demand[usize::from(f)]);
        all *= falling_factorial(c, n);
        without *= if Some(f) == required {
            falling_factorial(c.saturating_sub(1), n)
        } else {
            falling_factorial(c, n)
        };
    }
    let count = if required.is_some() { all / repeats - without / repeats } else { all / repeats };
    u32::try_from(count).unwrap_or(u32::MAX)
}

/// Every assignment of card identities (`by_face`, from [`Turn::ids_by_face`])
/// to the faces of `melds` that holds `required` (if any), normalized, as keys onto
/// `keys`, their bytes onto `arena`: unsorted and possibly repeated (two copies of one
/// meld swap their cards), for the caller to sort and deduplicate once
/// ([`sort_keys`]). The keys are [`write_key`]'s: no `NewMeld` is built until an action
/// is asked for ([`decode_batch`]).
pub(super) fn expand(
    melds: &[&ValuedMeld],
    by_face: &[PieceSet; 53],
    required: Option<PieceId>,
    arena: &mut Vec<u8>,
    keys: &mut Vec<Key>,
    scratch: &mut Scratch,
) {
    let Scratch { slots, chosen, ids, spans, .. } = scratch;
    slots.clear();
    slots.extend(melds.iter().flat_map(|m| m.faces().iter().copied()));
    spans.clear();
    spans.resize(melds.len(), (MeldKind::Run, 0, 0));
    chosen.clear();
    let mut used = PieceSet::new();
    assign(slots, by_face, chosen, &mut used, &mut |picked| {
        if required.is_some_and(|r| !picked.contains(&r)) {
            return;
        }
        ids.clear();
        ids.extend_from_slice(picked);
        let start = arena.len();
        write_key(melds, ids, spans, arena);
        keys.push(start..arena.len());
    });
}

/// Every injective assignment of ids (of the right face) to `slots`.
fn assign(
    slots: &[Card],
    by_face: &[PieceSet; 53],
    chosen: &mut Vec<PieceId>,
    used: &mut PieceSet,
    leaf: &mut dyn FnMut(&[PieceId]),
) {
    let Some(&face) = slots.get(chosen.len()) else {
        leaf(chosen);
        return;
    };
    for id in by_face[face.index() as usize] {
        if used.insert(id) {
            chosen.push(id);
            assign(slots, by_face, chosen, used, leaf);
            chosen.pop();
            used.remove(id);
        }
    }
}

/// The room of a batch's key as [`nth_batch`] builds it: at most [`MAX_BATCH`] melds of
/// 13 cards in all (a batch keeps a card back), each meld's kind and end, the final 0.
const KEY_ROOM: usize = 24;
const _: () = assert!(crate::HAND_SIZE + 2 * MAX_BATCH < KEY_ROOM);

/// The `k`-th (from 0) of the batches of `melds` from `cards` holding `required` (if
/// any), in the order of their keys ([`expand`], [`sort_keys`]), as its key's bytes: the
/// batches made from the choices themselves, with no assignment walked, none repeated
/// and no arena. `None` where it does not apply, for the caller to expand: a meld
/// repeated, a pack of more than two decks or eight jokers, or not `count` batches.
///
/// With no meld repeated, a batch is a choice of copies and jokers per meld, each
/// choice a different batch (the melds differ by faces, so a batch tells which cards
/// each holds): a copy of each natural face needed once (two choices for a face held
/// twice, unless `required` is of it), the two copies of a face two melds need shared
/// out (two ways), and for each meld with jokers a set of those left (its normal form
/// orders them).
pub(super) fn nth_batch(
    melds: &[&ValuedMeld],
    catalog: Catalog<Card>,
    cards: PieceSet,
    required: Option<PieceId>,
    (k, count): (usize, u32),
    out: &mut Vec<[u8; KEY_ROOM]>,
) -> Option<[u8; KEY_ROOM]> {
    let cards_in = melds.iter().map(|m| m.faces().len()).sum::<usize>();
    if catalog.copies() > 2 || catalog.jokers() > 8 || melds.len() > MAX_BATCH || cards_in > crate::HAND_SIZE
    {
        return None;
    }
    // The naturals needed once and twice, and per meld those of its naturals needed
    // twice that an earlier meld needs too.
    let (mut once, mut shared, mut later) = (0u64, 0u64, [0u64; MAX_BATCH]);
    for (i, m) in melds.iter().enumerate() {
        let naturals = m.mask & NATURALS;
        if naturals & shared != 0 || melds[..i].iter().any(|b| b.kind() == m.kind() && b.faces() == m.faces())
        {
            return None;
        }
        later[i] = naturals & once;
        shared |= naturals & once;
        once = (once | naturals) & !shared;
    }
    // The natural faces of which both copies are held, and those of which only the
    // second is (the first otherwise): a face needed once and held twice is a choice
    // (less the face of `required`, whose copy is fixed), and so is a shared face.
    let held = |f: u64| PieceId::new(f as u8).is_some_and(|id| cards.contains(id));
    let (mut twice, mut only_second) = (0u64, 0u64);
    let mut bits = once | shared;
    while bits != 0 {
        let f = u64::from(bits.trailing_zeros());
        bits &= bits - 1;
        match (held(f), catalog.copies() == 2 && held(f + 52)) {
            (true, true) => twice |= 1u64 << f,
            (false, true) => only_second |= 1u64 << f,
            (true, false) => {}
            (false, false) => return None,
        }
    }
    if shared & !twice != 0 {
        return None;
    }
    let joker_base = catalog.copies() * 52;
    let mut must = 0u32;
    if let Some(r) = required {
        let f = r.index() % 52;
        if r.index() >= joker_base {
            // A joker: its bit by place among the pack's jokers.
            must = 1 << (r.index() - joker_base);
        } else if once & 1u64 << f != 0 {
            twice &= !(1u64 << f);
            if r.index() >= 52 {
                only_second |= 1u64 << f;
            }
        } else if shared & 1u64 << f == 0 {
            return None;
        }
    }
    let mut held_jokers = 0u32;
    for j in 0..catalog.jokers() {
        if PieceId::new(joker_base + j).is_some_and(|id| cards.contains(id)) {
            held_jokers |= 1 << j;
        }
    }
    let choices = twice.count_ones();
    if choices >= 32 || 1u64 << choices > u64::from(count) {
        return None;
    }
    out.clear();
    // Every batch of one way to give the melds their jokers.
    let mut batches = |share: [u32; MAX_BATCH]| {
        if share.iter().fold(0, |a, s| a | s) & must != must || out.len() > count as usize {
            return;
        }
        for pick in 0u64..1 << choices {
            // The faces of which a meld takes the second copy: the choices' bits spread
            // over `twice` (for a shared face, the first meld's copy).
            let mut chosen = 0u64;
            let (mut t, mut p) = (twice, pick);
            while t != 0 {
                let bit = t & t.wrapping_neg();
                t &= t - 1;
                if p & 1 != 0 {
                    chosen |= bit;
                }
                p >>= 1;
            }
            let seconds = |i: usize| only_second | chosen ^ later[i];
            let Some(key) = batch_key(melds, seconds, joker_base, &share) else { return };
            out.push(key);
        }
    };
    if melds.iter().all(|m| m.jokers == 0) {
        batches([0; MAX_BATCH]);
    } else {
        // Every way to give each meld its jokers from those held (the melds in turn,
        // each a set of those left).
        let wants = melds.iter().map(|m| u32::from(m.jokers));
        share_jokers(wants, held_jokers, [0; MAX_BATCH], 0, &mut batches);
    }
    if out.len() != count as usize || k >= out.len() {
        return None;
    }
    let (_, nth, _) = out.select_nth_unstable(k);
    Some(*nth)
}

/// Calls `f` with every way to give the melds from the `i`-th on the numbers of jokers
/// `wants` (one per meld) from the jokers `left` (bits by place), each meld a set;
/// `share` the sets given so far.
fn share_jokers(
    mut wants: impl Iterator<Item = u32> + Clone,
    left: u32,
    mut share: [u32; MAX_BATCH],
    i: usize,
    f: &mut dyn FnMut([u32; MAX_BATCH]),
) {
    let Some(want) = wants.next() else {
        f(share);
        return;
    };
    if want == 0 {
        share_jokers(wants, left, share, i + 1, f);
        return;
    }
    // Every subset of those left (the empty one last), of `want` jokers.
    let mut s = left;
    loop {
        if s.count_ones() == want
            && let Some(slot) = share.get_mut(i)
        {
            *slot = s;
            share_jokers(wants.clone(), left & !s, share, i + 1, f);
        }
        if s == 0 {
            break;
        }
        s = (s - 1) & left;
    }
}

/// The key of the batch of `melds` with, for the `i`-th meld, the second copy of the
/// natural faces `seconds(i)` (bits by face index) and the first of the others, and
/// the jokers of `share[i]` (bits by place from `joker_base`), written by the one
/// encoder [`expand`]'s keys come from ([`write_key`]), so that the two orders agree.
fn batch_key(
    melds: &[&ValuedMeld],
    seconds: impl Fn(usize) -> u64,
    joker_base: u8,
    share: &[u32; MAX_BATCH],
) -> Option<[u8; KEY_ROOM]> {
    // The melds' cards in turn, as `expand` assigns them (the jokers in any order:
    // `write_key` normalizes).
    let mut ids = [PieceId::new(0)?; crate::HAND_SIZE];
    let mut at = 0;
    for (i, m) in melds.iter().enumerate() {
        let (seconds, mut jokers) = (seconds(i), *share.get(i)?);
        for &face in m.faces() {
            let f = face.index();
            let id = if face.is_joker() {
                let j = jokers.trailing_zeros() as u8;
                jokers &= jokers.wrapping_sub(1);
                joker_base + j
            } else if seconds & 1u64 << f != 0 {
                f + 52
            } else {
                f
            };
            *ids.get_mut(at)? = PieceId::new(id)?;
            at += 1;
        }
    }
    let mut spans = [(MeldKind::Run, 0, 0); MAX_BATCH];
    let mut key = KeyBytes { bytes: [0; KEY_ROOM], len: 0 };
    write_key(melds, &mut ids[..at], spans.get_mut(..melds.len())?, &mut key);
    Some(key.bytes)
}

/// One meld of a batch as its place in the batch's ids: its kind, start and length.
type Span = (MeldKind, usize, usize);

/// Writes onto `out` the key of the batch of `melds` whose cards are `ids` (each meld's
/// in turn, one of each of its faces): the one encoding of a batch, for [`expand`] and
/// [`nth_batch`] alike, so that their keys cannot drift apart. `spans` (one per meld)
/// is room for the melds' places.
///
/// A batch's key orders and compares as its sorted `Vec<NewMeld>` would: each meld
/// normalized ([`normalize_pieces`]) as its kind (2 a set, 3 a run: `MeldKind`'s
/// order), its ids plus 2, then 1 (a shorter meld first, as a shorter list); the melds
/// in their order, then 0.
// Inlined, as the writing was in `expand`'s visit of each assignment before it was
// shared: the instructions per hand stayed as they were.
#[inline(always)]
fn write_key(melds: &[&ValuedMeld], ids: &mut [PieceId], spans: &mut [Span], out: &mut impl Extend<u8>) {
    let mut k = 0;
    for (span, m) in spans.iter_mut().zip(melds) {
        let len = m.faces().len();
        normalize_pieces(m.kind(), &mut ids[k..k + len]);
        *span = (m.kind(), k, len);
        k += len;
    }
    // The melds in order (few: an insertion sort).
    let ids = &*ids;
    let key = |&(kind, at, len): &Span| (kind, &ids[at..at + len]);
    for i in 1..spans.len() {
        let mut j = i;
        while j > 0 && key(&spans[j - 1]) > key(&spans[j]) {
            spans.swap(j - 1, j);
            j -= 1;
        }
    }
    for &(kind, at, len) in spans.iter() {
        out.extend(core::iter::once(if kind == MeldKind::Group { 2 } else { 3 }));
        out.extend(ids[at..at + len].iter().map(|p| p.index() + 2));
        out.extend(core::iter::once(1));
    }
    out.extend(core::iter::once(0));
}

/// A key written into a fixed room ([`nth_batch`]'s keys), the bytes past it 0.
struct KeyBytes {
    bytes: [u8; KEY_ROOM],
    len: usize,
}

impl Extend<u8> for KeyBytes {
    fn extend<I: IntoIterator<Item = u8>>(&mut self, iter: I) {
        // `KEY_ROOM` holds every batch `nth_batch` takes: never cut.
        let room = self.bytes.get_mut(self.len..).unwrap_or_default();
        for (slot, b) in room.iter_mut().zip(iter) {
            *slot = b;
            self.len += 1;
        }
    }
}
