//! The opened player's plays: new melds, builds, joker swaps and releases, and the melds
//! that could hold a card the player must play this turn.

use rummykit_core::{
    Card, Face, FaceMeld, MAX_MELD_LEN, Meld, MeldId, MeldKind, PieceId, PieceSet, RunEnd, TableMeld,
    for_each_face_meld_holding,
};

use crate::game::swap_slot;
use crate::turn::Turn;
use crate::{Action, HAND_SIZE};

use super::batch::{Scratch, batch_count, expand, sort_keys};
use super::faces::{FaceBits, any_meldable, face_counts_of, meldable_at};
use super::opening::open_or_rummy;
use super::table::{LazyReach, MeldFits};
use super::{DISCARD_ROOM, Discarded, Item, LegalActions, Sink, ValuedMeld};

/// The play phase of [`generate`](super::generate): `cards` are the hand's cards with
/// their faces (in id order, at most [`HAND_SIZE`] + 1), `bits` those faces.
pub(super) fn play(pos: &Turn<'_>, cards: &[(PieceId, Card)], bits: FaceBits, sink: &mut Sink<'_>) {
    let hand = pos.hand;
    let reference = sink.reference;
    // The faces of the hand that fit a table meld, once the table's fits are known.
    let mut fitting = None;
    if !pos.opened {
        // (Read from the hand's bits, as the short ways read them: the pass over the cards
        // listed, which carries the copies too, cost more.)
        let counted_faces = pos.face_counts(hand);
        // (Taken out while the sink is lent, put back below.)
        let kept = sink.out.reach.take();
        let reach = LazyReach::kept(pos.table, kept.as_ref());
        let threshold = pos.config.threshold_for(false);
        let handed = if sink.counting() { sink.out.take_handed(pos, None) } else { None };
        let (may_open, may_rummy) = if reference {
            (true, true)
        } else if let Some(prospects) = handed {
            // Asked by the random draw's short way just before.
            prospects
        } else {
            // The faces alone only for the exact search, which a count never asks.
            let mut listed = [Card::JOKER; HAND_SIZE + 1];
            let exact = (!sink.counting()).then(|| {
                for (slot, &(_, face)) in listed.iter_mut().zip(cards) {
                    *slot = face;
                }
                listed.get(..cards.len()).unwrap_or_default()
            });
            pos.prospects_of(exact, &counted_faces, threshold, None, &reach)
        };
        let mut fms = core::mem::take(&mut sink.out.fms);
        fms.clear();
        if may_open || may_rummy {
            pos.face_melds_into(bits, &mut fms);
        }
        open_or_rummy(
            pos,
            pos,
            hand,
            &counted_faces,
            fms,
            (may_open, may_rummy),
            threshold,
            None,
            &reach,
            sink,
        );
        sink.out.reach = reach.into_made().or(kept);
    } else {
        // (Most hands of an opened player hold no meld.)
        if reference || any_meldable(bits.naturals, bits.jokers) {
            single_melds(pos, cards, bits, sink);
        } else {
            sink.out.fms.clear();
        }
        let table = pos.table.melds();
        if reference {
            for piece in hand {
                for m in table {
                    for end in [RunEnd::Front, RunEnd::Back] {
                        sink.push_checked(Action::LayOff { piece, onto: m.id(), end });
                    }
                }
            }
            for &(piece, _) in cards {
                for m in table.iter().filter(|m| m.meld().jokers() > 0) {
                    sink.push_checked(Action::SwapJoker { piece, meld: m.id() });
                }
            }
        } else {
            // One pass over the table decides, per meld, the faces held that may
            // be built at either end and those a joker swap could take.
            let mut fits = core::mem::take(&mut sink.out.fits);
            pos.table_fits(bits.held(), &mut fits, &mut sink.out.table_faces);
            // The faces held that some meld takes at an end, and by a swap: most cards
            // of a hand are neither.
            let (built, swapped) = fitting_faces(&fits);
            if pos.config.forbid_playable_discard {
                fitting = Some(built);
            }
            // (Most hands fit no table meld, and most tables hold no joker to swap.)
            if built | swapped != 0 {
                plays_onto_table(pos, cards, &fits, (built, swapped), sink);
            }
            sink.out.fits = fits;
        }
        // (A table with no set of three holding a joker, most, has none to release.)
        if reference || sink.out.table_faces.joker_sets {
            releases(pos, cards, sink);
        }
    }
    let discards = pos.discards(cards, fitting);
    if reference {
        for &(piece, _) in cards {
            sink.push_checked(Action::Discard(piece));
        }
    } else {
        // The discards in one pass (most of the list).
        let allowed = cards.iter().filter(|&&(_, face)| discards.allows(face));
        // The check of a discard is the per-card rules, decided above, and the cards to
        // be played first, which do not depend on the card.
        if !sink.checked || sink.settled {
            if sink.out.groups.on {
                // The draw's list keeps them as cards.
                push_discards(cards, &discards, bits.held(), &mut sink.out.groups.discards);
            } else {
                sink.out.items.extend(allowed.map(|&(piece, _)| Item::Discard(piece)));
            }
        }
    }
}

/// The builds and joker swaps of an opened player's hand (play phase): `fits` what the
/// table offers it, `built` and `swapped` the faces some meld takes at an end and by a
/// swap (not both none). Out of line: most hands fit no table meld.
#[inline(never)]
fn plays_onto_table(
    pos: &Turn<'_>,
    cards: &[(PieceId, Card)],
    fits: &[MeldFits],
    (built, swapped): (u64, u64),
    sink: &mut Sink<'_>,
) {
    // Where no build or swap needs the check, the cheap conditions alone decide: the
    // random draw's short way lists them the same way, by the same function.
    if !sink.checked || (sink.settled && !sink.swap_obliges) {
        plays_by_rules(pos, cards, fits, (built, swapped), &mut sink.out.items);
        return;
    }
    let hand = pos.hand;
    let table = pos.table.melds();
    let spare = spare_naturals(pos, cards);
    // While the taken card is the one card the player must still play, a play that
    // leaves it a table meld to be built onto, and a card to discard after that,
    // passes the check's guard: the table melds (the first two, by id) it fits.
    let pending =
        pos.taken.filter(|&t| sink.checked && !sink.settled && sink.obliged == PieceSet::from_iter([t]));
    let mut onto = [None; 2];
    if let Some(bit) = pending.and_then(|t| pos.face(t)).map(|f| 1u64 << f.index()) {
        for (slot, f) in onto.iter_mut().zip(fits.iter().filter(|f| (f.front | f.back) & bit != 0)) {
            *slot = Some(f.meld);
        }
    }
    // Or it leaves the cards of a new meld with it, and a card to discard after that
    // meld: the cards of the first meld the check's search would try (found once, when
    // first asked).
    let taken_meld = core::cell::OnceCell::new();
    let meld_of_taken = |t: PieceId| {
        *taken_meld.get_or_init(|| {
            let mut found = None;
            pos.any_meld_with(t, &mut |_, pieces| {
                found = Some(pieces.iter().copied().collect::<PieceSet>());
                true
            });
            found
        })
    };
    // A play that changes meld `changed` and leaves `left` in hand (a joker won
    // aside: it only adds a card that may go).
    let sure = |changed: rummykit_core::MeldId, left: PieceSet| {
        pending.is_some_and(|t| {
            let mut built = left;
            built.remove(t);
            (onto.iter().flatten().any(|&m| m != changed) && pos.can_discard_from(built))
                || meld_of_taken(t).is_some_and(|m| (m - left).is_empty() && pos.can_discard_from(left - m))
        })
    };
    each_build(cards, fits, built, |piece, meld, end| {
        let mut rest = hand;
        rest.remove(piece);
        let ok = || spare || pos.can_discard_from(rest);
        sink.push_sure(Item::Build { piece, meld, end }, ok, || sure(meld, rest));
    });
    // The cards a swap could bring, by meld (runs: what each joker stands for).
    each_swap(cards, fits, swapped, table, |piece, face, meld, m| {
        let mut rest = hand;
        rest.remove(piece);
        // Under the won-joker rule the joker a swap wins must be played too,
        // which `sure` does not ask: the check decides.
        let sure = || !pos.config.swapped_joker_must_be_played_same_turn && sure(meld, rest);
        sink.push_sure(Item::SwapJoker { piece, meld }, || pos.swap_ok(piece, face, m, spare), sure);
    });
}

/// Calls `visit(piece, meld, end)` for each build the faces `built` allow: each card of
/// such a face (hand order) onto each meld end of `fits` that takes it (table order,
/// front before back), the order every listing of builds keeps.
#[inline(always)]
fn each_build(
    cards: &[(PieceId, Card)],
    fits: &[MeldFits],
    built: u64,
    mut visit: impl FnMut(PieceId, MeldId, RunEnd),
) {
    for &(piece, face) in cards.iter().filter(|&&(_, f)| built & 1u64 << f.index() != 0) {
        let bit = 1u64 << face.index();
        for f in fits.iter().filter(|f| (f.front | f.back) & bit != 0) {
            for (mask, end) in [(f.front, RunEnd::Front), (f.back, RunEnd::Back)] {
                if mask & bit != 0 {
                    visit(piece, f.meld, end);
                }
            }
        }
    }
}

/// Calls `visit(piece, face, meld, table meld)` for each joker swap the faces `swapped`
/// allow: each card of such a face (hand order) into each meld of `fits` holding a joker
/// it could stand in for (table order).
#[inline(always)]
fn each_swap<'t>(
    cards: &[(PieceId, Card)],
    fits: &[MeldFits],
    swapped: u64,
    table: &'t [TableMeld<Card>],
    mut visit: impl FnMut(PieceId, Card, MeldId, &'t TableMeld<Card>),
) {
    for &(piece, face) in cards.iter().filter(|&&(_, f)| swapped & 1u64 << f.index() != 0) {
        let bit = 1u64 << face.index();
        for f in fits.iter().filter(|f| f.swap & bit != 0) {
            if let Some(m) = table.get(f.at) {
                visit(piece, face, f.meld, m);
            }
        }
    }
}

/// The faces held that some table meld takes at an end, and those a joker swap could
/// take: the unions over `fits` ([`Turn::table_fits`]).
#[inline(always)]
pub(super) fn fitting_faces(fits: &[MeldFits]) -> (u64, u64) {
    fits.iter().fold((0, 0), |(b, s), f| (b | f.front | f.back, s | f.swap))
}

/// The builds and joker swaps of an opened player's hand (play phase) that `fits`
/// offers (faces `built` at an end, `swapped` by a swap), as [`plays_onto_table`]
/// lists them where no option obliges plays: in the same order, each kept if a card is
/// left to discard (a swap: if the referee would accept it). The random draw's short way
/// ([`LegalActions::short_discards`]).
pub(super) fn plays_by_rules(
    pos: &Turn<'_>,
    cards: &[(PieceId, Card)],
    fits: &[MeldFits],
    (built, swapped): (u64, u64),
    out: &mut Vec<Item>,
) {
    let hand = pos.hand;
    let spare = spare_naturals(pos, cards);
    each_build(cards, fits, built, |piece, meld, end| {
        let mut rest = hand;
        rest.remove(piece);
        if spare || pos.can_discard_from(rest) {
            out.push(Item::Build { piece, meld, end });
        }
    });
    // (Most tables hold no joker a card of the hand could take: no pass over the hand.)
    if swapped == 0 {
        return;
    }
    swaps_by_rules(pos, cards, fits, swapped, spare, out);
}

/// The joker swaps of [`plays_by_rules`], listed after its builds: those of the cards
/// `cards` (in hand order; the hand's, or only those of the faces `swapped`) that
/// `fits` offers, each kept if the referee would accept it (`spare`: two naturals that
/// may go are held, see [`spare_naturals`]).
pub(super) fn swaps_by_rules(
    pos: &Turn<'_>,
    cards: &[(PieceId, Card)],
    fits: &[MeldFits],
    swapped: u64,
    spare: bool,
    out: &mut Vec<Item>,
) {
    each_swap(cards, fits, swapped, pos.table.melds(), |piece, face, meld, m| {
        if pos.swap_ok(piece, face, m, spare) {
            out.push(Item::SwapJoker { piece, meld });
        }
    });
}

/// Two naturals that may go (not of the taken card's face) leave one after any single
/// play: the discard rules then hold without asking them card by card.
fn spare_naturals(pos: &Turn<'_>, cards: &[(PieceId, Card)]) -> bool {
    let taken = pos.taken.and_then(|t| pos.face(t));
    cards.iter().filter(|&&(_, f)| !f.is_joker() && Some(f) != taken).take(2).count() == 2
}

/// A set of three a pair of its rank may release a joker from: one holding a joker
/// (`reference`: any set of three, the check decides).
pub(super) fn releasable(meld: &Meld<Card>, reference: bool) -> bool {
    meld.kind() == MeldKind::Group && meld.len() == 3 && (reference || meld.faces().contains(&Card::JOKER))
}

/// The hand's cards (`cards`) of a set's rank `number`, in hand order.
fn of_rank(cards: &[(PieceId, Card)], number: Option<u8>) -> impl Iterator<Item = PieceId> + Clone + '_ {
    cards.iter().filter(move |&&(_, f)| f.number() == number).map(|&(p, _)| p)
}

/// Does the table hold a set of three with a joker whose rank the hand (`cards`) holds
/// twice? Else [`releases`] lists nothing.
pub(super) fn any_release(pos: &Turn<'_>, cards: &[(PieceId, Card)]) -> bool {
    pos.table
        .melds()
        .iter()
        .any(|m| releasable(m.meld(), false) && of_rank(cards, m.meld().value_at(0)).nth(1).is_some())
}

/// The joker releases of an opened player's hand (play phase): both missing suits of a
/// set of three with a joker, every pair of cards of its rank, through the check. Out of
/// line: most tables hold no such set.
#[inline(never)]
fn releases(pos: &Turn<'_>, cards: &[(PieceId, Card)], sink: &mut Sink<'_>) {
    let reference = sink.reference;
    for m in pos.table.melds().iter().filter(|m| releasable(m.meld(), reference)) {
        // The pairs in hand order, walked in place (no list made: most tables with such
        // a set meet hands with no pair of its rank).
        let fitting = of_rank(cards, m.meld().value_at(0));
        for (i, a) in fitting.clone().enumerate() {
            for b in fitting.clone().skip(i + 1) {
                sink.push_checked(Action::ReleaseJoker { meld: m.id(), pieces: [a, b] });
            }
        }
    }
}

/// The single melds of an opened player's hand (play phase, `cards` its cards with their
/// faces, `bits` the faces as bits): one group each, counted, for the random draw, else
/// listed by key; each kept if a card is left to discard. Out of line: most hands of an opened player hold no
/// meld, and the play phase's common path is lighter without it.
#[inline(never)]
fn single_melds(pos: &Turn<'_>, cards: &[(PieceId, Card)], bits: FaceBits, sink: &mut Sink<'_>) {
    let hand = pos.hand;
    let mut fms = core::mem::take(&mut sink.out.fms);
    fms.clear();
    pos.face_melds_into(bits, &mut fms);
    if sink.counting() && !fms.is_empty() {
        // One group per meld by faces, counted: the melds that leave a card to discard
        // (the faces counted only when there is a meld: most hands hold none).
        let (counts, held, copies) = face_counts_of(cards);
        let first = sink.out.groups.groups.len();
        let groups = &mut sink.out.groups;
        groups.cards = hand;
        groups.required = None;
        for (i, fm) in fms.iter().enumerate() {
            let mut rest = counts;
            for (f, n) in fm.needs() {
                rest[usize::from(f)] -= n;
            }
            if pos.can_discard_counts(&rest, hand.len() - fm.faces().len(), held) {
                groups.push(false, false, &[i], batch_count(&fms, &[i], &counts, copies, None));
            }
        }
        sink.push_groups(first);
    } else if !fms.is_empty() {
        // One meld each, by key: sorted, the order of the melds.
        let by_face = pos.ids_by_face(hand);
        let LegalActions { arena, keys, scratch, .. } = &mut *sink.out;
        for fm in &fms {
            expand(&[fm], &by_face, None, arena, keys, scratch);
        }
        sort_keys(arena, keys);
    }
    sink.out.fms = fms;
    let keys = core::mem::take(&mut sink.out.keys);
    for key in keys.iter().cloned() {
        let item = Item::Meld { start: key.start, end: key.end };
        sink.push_batch(item, hand, |rest| pos.can_discard_from(rest));
    }
    sink.out.restore_keys(keys);
}

/// The cards of `cards` (of the faces `held`) that `rule` lets go, in order, as `out`:
/// when it lets every face held go, the ids copied; otherwise each card written in
/// place and the count moved on for those allowed, with no branch and no bounds check
/// per card (the discards are most of a play phase's list). `cards` fit the room:
/// [`generate`](super::generate) lists nothing for a hand of more than the 13 dealt and
/// the one drawn.
#[inline(never)]
fn push_discards(cards: &[(PieceId, Card)], rule: &crate::turn::Discards, held: u64, out: &mut Discarded) {
    debug_assert!(cards.len() <= DISCARD_ROOM, "a hand of {} cards", cards.len());
    if rule.allows_all(held) {
        // Every card may go (no card taken this turn, no joker kept back): the ids as
        // they are, no face read.
        for (slot, &(piece, _)) in out.ids.iter_mut().zip(cards) {
            *slot = piece.index();
        }
        out.len = cards.len().min(DISCARD_ROOM);
        return;
    }
    let mut n = 0;
    for &(piece, face) in cards {
        // (Masked into the room: never past it, as `n` stays below the hand's size.)
        out.ids[n % DISCARD_ROOM] = piece.index();
        n += usize::from(rule.allows(face));
    }
    out.len = n;
}

impl Turn<'_> {
    /// Would the referee accept the joker swap of `piece` (face `face`, in the hand, the
    /// player opened, in the play phase) on `m`? The rules of `Turn::check` for a
    /// swap, the parts that decide here: the slot by [`swap_slot`], the meld with the card in
    /// place of that joker valid (the table's `replace`: the card, from the hand, is on
    /// no meld), and a card left to discard (`spare`: one is known to be left). Not for
    /// the options that oblige plays (their guard needs the full check).
    fn swap_ok(&self, piece: PieceId, face: Card, m: &rummykit_core::TableMeld<Card>, spare: bool) -> bool {
        let meld = m.meld();
        let Ok(slot) = swap_slot(meld, face, self.config) else { return false };
        let Some(&joker) = m.pieces().get(slot) else { return false };
        let mut faces = [Card::JOKER; MAX_MELD_LEN];
        faces[..meld.len()].copy_from_slice(meld.faces());
        faces[slot] = face;
        if Meld::new(meld.kind(), &faces[..meld.len()], &self.rules).is_err() {
            return false;
        }
        let mut hand = self.hand;
        hand.remove(piece);
        hand.insert(joker);
        spare || self.can_discard_from(hand)
    }

    /// Calls `f(kind, pieces)` for new melds of cards of the hand holding `card` (in the
    /// hand; every meld by faces, every choice of identities, normalized) until it
    /// returns `true`; `true` if it did. The melds of the obligation to play a card this
    /// turn.
    pub(crate) fn any_meld_with(
        &self,
        card: PieceId,
        f: &mut dyn FnMut(MeldKind, &[PieceId]) -> bool,
    ) -> bool {
        let Some(face) = self.face(card) else { return false };
        let hand = self.hand;
        let (naturals, jokers) = self.catalog.face_bits(hand);
        // A card that may be in no meld by the cheap test is in none: nothing to list.
        if !meldable_at(naturals, jokers, face.index()) {
            return false;
        }
        let mut by_face = None;
        let (mut arena, mut keys, mut scratch) = (Vec::new(), Vec::new(), Scratch::default());
        let mut found = false;
        // Only the melds holding the card's face are built (core stops at nothing: the
        // rest is skipped once one is found).
        for_each_face_meld_holding(naturals, jokers, face, &self.rules, |fm: &FaceMeld<Card>| {
            if found {
                return;
            }
            // One choice of copies first (the card at its face, the lowest copies held
            // elsewhere): what `f` asks of a play depends on the faces it leaves but for a
            // few cards (a won joker), so this one mostly decides, and the others are
            // listed only when it does not.
            let mut pieces = [card; MAX_MELD_LEN];
            let (mut used, mut placed, mut held) = (PieceSet::new(), false, true);
            used.insert(card);
            for (slot, &f_slot) in pieces.iter_mut().zip(fm.faces()) {
                if f_slot == face && !placed {
                    placed = true;
                    continue;
                }
                match self.catalog.ids_of(f_slot).find(|&id| hand.contains(id) && !used.contains(id)) {
                    Some(id) => {
                        *slot = id;
                        used.insert(id);
                    }
                    None => held = false,
                }
            }
            if held && placed && f(fm.kind(), &pieces[..fm.len()]) {
                found = true;
                return;
            }
            let by_face = by_face.get_or_insert_with(|| self.ids_by_face(hand));
            arena.clear();
            keys.clear();
            expand(&[&ValuedMeld::of(fm)], by_face, Some(card), &mut arena, &mut keys, &mut scratch);
            for key in &keys {
                // One meld: its kind, its ids plus 2, then 1 (see `Turn::expand`).
                let Some((&kind, ids)) = arena.get(key.clone()).and_then(<[u8]>::split_first) else {
                    continue;
                };
                let kind = if kind == 2 { MeldKind::Group } else { MeldKind::Run };
                let mut pieces = [card; MAX_MELD_LEN];
                let mut len = 0;
                for (slot, p) in pieces.iter_mut().zip(ids.iter().take_while(|&&b| b >= 2)) {
                    *slot = PieceId::new(p - 2).unwrap_or(card);
                    len += 1;
                }
                if f(kind, &pieces[..len]) {
                    found = true;
                    return;
                }
            }
        });
        found
    }
}
