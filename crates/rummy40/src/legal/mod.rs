//! [`Game::legal_actions`]: every legal action, in a deterministic order.
//!
//! Candidates are generated from the mover's [`Turn`] (borrowed from the full state
//! or from a seat's [`View`], nothing rebuilt): melds by faces (core's
//! [`for_each_face_meld`](rummykit_core::for_each_face_meld), from the faces present),
//! combined by face counts, then every assignment of card identities. Each candidate is valid by
//! construction (melds as core lists them, builds confirmed by the table's
//! own lay-off rule) but for the rules that depend on what is left (the threshold, a
//! card left to discard, the discard rules), which are decided by the same functions
//! the referee's check uses ([`Turn::discard_allowed`] and friends). A joker swap is
//! decided by the referee's slot rule and the meld's validator (`Turn::swap_ok`);
//! releases, rare, go through the check. Under the options that oblige a player to play
//! a card this turn (`taken_discard_must_be_used_after_open`,
//! `swapped_joker_must_be_played_same_turn`) the candidates that pass those functions
//! and could leave such a card in hand also go through the check (`Turn::check`,
//! which reads the position and copies nothing): such options only refuse more, so the
//! cheap conditions stay exact filters and the check decides only what they let through.
//!
//! Batches of new melds (openings, single melds) are enumerated as byte keys that sort
//! as the batches would ([`expand`]): [`LegalActions`] counts the list and
//! builds an action only when asked for it, and the full lists decode every key. The
//! random draw's list ([`LegalActions::fill_for_draw`]) keys no batch: each multiset of
//! melds by faces is one entry weighted by its number of batches
//! ([`batch_count`](batch::batch_count)), and only the batch drawn is made: from the
//! choices of copies and jokers its multiset leaves ([`nth_batch`]), or, for a multiset
//! with a meld repeated, by expanding its entry.
//!
//! [`Rummy40::legal_actions_by_check`] is the reference: the same candidates, no bounds,
//! every one through [`Game::check`]. The tests compare the two on random reachable
//! states, and compare both against the check on arbitrary and mutated actions.

mod batch;
mod combos;
mod faces;
mod opening;
mod play;
mod rummy;
mod table;
#[cfg(test)]
mod tests;

use std::cell::Cell;

use rummykit_core::{Card, Catalog, Face, Game, MeldKind, PieceId, PieceSet, RunEnd};

use crate::turn::{Turn, kept_faces};
use crate::{Action, HAND_SIZE, NewMeld, Phase, Rummy40, RummyLayOff, View, rank_value, run_position_value};

use batch::{MAX_BATCH, Scratch, decode_batch, expand, nth_batch, sort_keys};
pub(crate) use faces::meldable_at;
use faces::{FaceBits, any_meldable, face_counts, ids_by_face};
use opening::open_or_rummy;
use play::play;
use table::{LazyReach, MeldFits, Reach, TableFaces};

/// The bits of the 52 natural faces (bit 52, the joker, is not among them).
const NATURALS: u64 = (1u64 << 52) - 1;
/// The joker's bit among the faces.
const JOKER: u64 = 1 << 52;
/// The bits of the first suit's thirteen faces: a suit's, shifted by 13 per suit.
const SUIT: u64 = (1 << 13) - 1;
/// The bits of the ace in every suit: a number's four faces, shifted by the number
/// less one.
const RANK: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;

/// A way to go rummy: new melds, builds (in normal order), the discard, the melds' value.
type Rummy = (Vec<NewMeld>, Vec<RummyLayOff>, PieceId, u32);

/// A meld by faces, formable from some hand (fixed arrays: no allocation per meld): one
/// of core's [`rummykit_core::FaceMeld`]s with what the generator asks of it, its value
/// toward the opening and the faces it needs.
#[derive(Debug, Clone, Copy)]
struct ValuedMeld {
    /// Core's meld as listed, kept whole: copied as a block, where its faces copied one
    /// by one cost about forty instructions a meld.
    meld: rummykit_core::FaceMeld<Card>,
    value: u32,
    /// The faces it needs, as bits by face index: each natural once (a valid meld never
    /// holds one twice), and the joker's bit 52 if it needs `jokers`.
    mask: u64,
    jokers: u8,
}

impl ValuedMeld {
    /// Its kind.
    fn kind(&self) -> MeldKind {
        self.meld.kind()
    }

    /// Its faces, in meld order.
    fn faces(&self) -> &[Card] {
        self.meld.faces()
    }

    /// The faces it needs, `(face index, copies)`, each face once: its naturals in face
    /// order, then the jokers.
    fn needs(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let mut naturals = self.mask & NATURALS;
        let naturals = core::iter::from_fn(move || {
            let f = naturals.trailing_zeros() as u8;
            naturals &= naturals.wrapping_sub(1);
            (f < 52).then_some((f, 1))
        });
        naturals.chain((self.jokers > 0).then_some((Card::JOKER.index(), self.jokers)))
    }

    /// Core's meld `m` (valid), with its value (`RULES.md` §3.5, as
    /// [`meld_value`](crate::meld_value) counts it) and needs.
    // Inlined into the listing's closure: built in the list's slot, not returned and copied.
    #[inline(always)]
    fn of(m: &rummykit_core::FaceMeld<Card>) -> ValuedMeld {
        let len = m.len();
        let value = match (m.kind(), m.value_at(0)) {
            (MeldKind::Group, Some(number)) => rank_value(number) * len as u32,
            // A run's values are consecutive unless it goes round the corner.
            (MeldKind::Run, Some(a)) if usize::from(a) + len <= 15 => {
                RUN_VALUES_BELOW[usize::from(a) + len] - RUN_VALUES_BELOW[usize::from(a)]
            }
            _ => (0..len).filter_map(|i| m.value_at(i)).map(run_position_value).sum(),
        };
        // The naturals' bits as core gives them; the jokers are the faces left.
        let naturals = m.naturals() & NATURALS;
        let jokers = m.jokers() as u8;
        let joker_bit = if jokers > 0 { JOKER } else { 0 };
        ValuedMeld { meld: *m, value, mask: naturals | joker_bit, jokers }
    }

    /// The meld of `kind` with `faces` (valid, in meld order), worth `value` (the tests'
    /// reference listing builds its melds so): its needs read from `faces`, the meld
    /// kept as core lists it from those faces (a set's faces in core's order), or `None`
    /// if core lists no such meld.
    #[cfg(test)]
    fn new(
        kind: MeldKind,
        faces: &[Card],
        value: u32,
        rules: &rummykit_core::MeldRules,
    ) -> Option<ValuedMeld> {
        let sorted = |f: &[Card]| {
            let mut f = f.to_vec();
            if kind == MeldKind::Group {
                f.sort();
            }
            f
        };
        let meld = rummykit_core::face_melds(faces, rules)
            .into_iter()
            .find(|m| m.kind() == kind && sorted(m.faces()) == sorted(faces))?;
        let (mut mask, mut jokers) = (0u64, 0u8);
        for &f in faces {
            mask |= 1u64 << f.index();
            jokers += u8::from(f.is_joker());
        }
        Some(ValuedMeld { meld, value, mask, jokers })
    }
}

/// The values of run positions below each value: entry `v` is the sum of
/// [`run_position_value`] over `1..v`, so a run over `a..=b` (at most 14) is worth
/// `RUN_VALUES_BELOW[b + 1] - RUN_VALUES_BELOW[a]`.
const RUN_VALUES_BELOW: [u32; 16] = {
    let mut t = [0; 16];
    let mut v = 2;
    while v < 16 {
        t[v] = t[v - 1] + run_position_value(v as u8 - 1);
        v += 1;
    }
    t
};

impl Rummy40 {
    /// The list of [`Game::legal_actions`].
    pub(crate) fn legal_actions_into(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.state.phase == Phase::Over {
            return;
        }
        let mut list = LegalActions::new();
        let pos = self.turn();
        generate(&pos, &mut list, Mode::of(&self.config), &mut |a| pos.check(a).is_ok());
        list.drain_into(out);
    }

    /// The same list as [`Game::legal_actions`], computed the slow way: every
    /// candidate, without the cheap bounds, kept only if [`Game::check`] accepts it.
    /// The reference the fast enumeration is tested against.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng).unwrap();
    /// let (mut fast, mut slow) = (Vec::new(), Vec::new());
    /// game.legal_actions(&mut fast);
    /// game.legal_actions_by_check(&mut slow);
    /// assert_eq!(fast, slow);
    /// ```
    pub fn legal_actions_by_check(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.state.phase == Phase::Over {
            return;
        }
        let mut list = LegalActions::new();
        let seat = self.to_move().unwrap_or_default();
        generate(&self.turn(), &mut list, Mode::Reference, &mut |a| self.check(seat, a).is_ok());
        list.drain_into(out);
    }
}

impl View {
    /// The legal actions of the seat to move, from what this view shows, when it is this
    /// seat's turn (empty otherwise; for a hand no game could hold, empty in the play
    /// phase and only the draws before it: see [`Rummy40`]): the same list as
    /// [`Game::legal_actions`] on the full state. Legality depends only on the mover's
    /// own hand and public information, so a bot that sees only its view can play
    /// legally.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(1), &mut rng).unwrap();
    /// let (mut from_view, mut from_game) = (Vec::new(), Vec::new());
    /// game.view(0).legal_actions(&mut from_view);
    /// game.legal_actions(&mut from_game);
    /// assert_eq!(from_view, from_game);
    /// ```
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let mut list = LegalActions::new();
        list.fill(self);
        list.drain_into(out);
    }
}

/// The legal actions of a seat's [`View`], counted, each built only when asked for:
/// [`LegalActions::len`] is the length of [`View::legal_actions`]' list and
/// [`LegalActions::get`]`(k)` its `k`-th action, without building the others (an
/// opening's melds are kept as a few bytes until asked for). For a bot that picks one
/// action of many, such as [`RandomBot`](rummykit_core::RandomBot). Its buffers are reused from
/// one [`LegalActions::fill`] to the next, and a dropped list leaves them (emptied) to the
/// next list made on the same thread.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, LegalActions, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(8);
/// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(1), &mut rng).unwrap();
/// let view = game.view(0);
/// let mut all = Vec::new();
/// view.legal_actions(&mut all);
/// let mut legal = LegalActions::new();
/// legal.fill(&view);
/// assert_eq!(legal.len(), all.len());
/// assert_eq!(legal.get(1).as_ref(), all.get(1));
/// assert_eq!(legal.get(all.len()), None);
/// // Not seat 1's turn: nothing is legal for it.
/// legal.fill(&game.view(1));
/// assert!(legal.is_empty());
/// ```
#[derive(Debug, Clone)]
pub struct LegalActions {
    /// Plain data (no drop to run when the list is cleared).
    items: Vec<Item>,
    /// The actions of [`Item::Other`] (rummies, rare).
    others: Vec<Action>,
    /// The keys of the melds of the batch items (see [`expand`]).
    arena: Vec<u8>,
    /// Keys of one enumeration, before they are sorted into items.
    keys: Vec<Key>,
    /// What the table offers the hand (reused).
    fits: Vec<MeldFits>,
    /// What the table's melds could offer any hand, kept while the table is the same.
    table_faces: TableFaces,
    /// The table's [`Reach`], under the stamp of the table it was made from.
    reach: Option<(u64, Reach)>,
    /// The melds by faces of the hand (reused).
    fms: Vec<ValuedMeld>,
    /// The buffers of [`expand`] (reused).
    scratch: Scratch,
    /// The batches of new melds counted rather than listed (the random draw's list).
    groups: Groups,
    /// The bounds an unopened mover's short way asked and the list is left to answer
    /// (see [`Handed`]).
    handed: Option<Handed>,
    /// The plays [`LegalActions::short_discards`] counted onto the table, for
    /// [`LegalActions::short_play`].
    pending_plays: Option<Pending>,
}

/// The plays an opened mover's short way counted ([`LegalActions::plays_onto_table`]),
/// under the hand, table and rules they were counted for: read only for the same ones
/// (this list's `fits` and items are theirs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Pending {
    hand: PieceSet,
    /// The table's stamp (equal stamps mean equal tables).
    stamp: u64,
    /// The table's key word of the rules ([`table::rules_word`]).
    rules: u64,
    /// The builds counted from `fits` and not listed yet (the items hold the swaps
    /// alone), or 0 once every play is listed.
    builds: usize,
}

/// The cards `ids` of a hand with their faces, in id order, as the listing's play phase
/// reads them, and their number (more than the array holds when `ids` are more than a
/// hand's cards: the caller's slice of them then fails).
#[inline(always)]
fn cards_of(pos: &Turn<'_>, ids: PieceSet) -> Option<([(PieceId, Card); HAND_SIZE + 1], usize)> {
    let zero = PieceId::new(0)?;
    let mut cards = [(zero, Card::JOKER); HAND_SIZE + 1];
    let mut n = 0;
    pos.catalog.faces_of(ids).for_each(|(p, face)| {
        if let Some(card) = cards.get_mut(n) {
            *card = (p, face);
        }
        n += 1;
    });
    Some((cards, n))
}

/// The bounds of an unopened mover's play phase, or of its take of the top discard
/// (`prospects_of` as a count asks them, may it open, may it go rummy), asked by
/// [`LegalActions::short_discards`] or [`LegalActions::short_draws`] before it left the
/// list to answer: taken once by the list filled next for the random draw, if it is of
/// the same hand, card taken, table and rules, instead of asked again.
#[derive(Debug, Clone, Copy)]
struct Handed {
    hand: PieceSet,
    /// The top discard the bounds were asked to take (a draw phase's), or none (a play
    /// phase's).
    top: Option<PieceId>,
    /// The table's stamp (equal stamps mean equal tables).
    stamp: u64,
    config: crate::Config,
    prospects: (bool, bool),
}

/// The batches of new melds of a list filled for the random draw
/// ([`LegalActions::fill_for_draw`]): counted per multiset of melds by faces, each
/// [`Group`] standing for all the batches of one multiset, built only when drawn.
#[derive(Debug, Clone, Default)]
struct Groups {
    /// Counting instead of listing (only the random draw's list).
    on: bool,
    groups: Vec<Group>,
    /// The melds of each group, as places in the list's `fms` (a hand has far fewer
    /// melds by faces than `u16` counts).
    melds: Vec<u16>,
    /// The cards the batches are made of, and the card each must hold.
    cards: PieceSet,
    required: Option<PieceId>,
    /// The pack, for the faces of `cards`.
    catalog: Option<Catalog<Card>>,
    /// The discards, after every item, in id order (most of a play phase's list: kept
    /// as cards, not items).
    discards: Discarded,
    /// The actions the list stands for (the groups' batches, one per other item, the
    /// discards).
    total: usize,
}

/// The discards of a list filled for the random draw, in id order: the ids of the first
/// `len` of `ids`. Written in place every play phase (a hand of up to the 13 dealt and
/// the one drawn), no room made or checked per card.
#[derive(Debug, Clone, Default)]
struct Discarded {
    ids: [u8; DISCARD_ROOM],
    len: usize,
}

/// The room of [`Discarded`]: a power of two, so that a place masked into it needs no
/// bounds check, and room for any hand a play phase lists.
const DISCARD_ROOM: usize = 16;
const _: () = assert!(HAND_SIZE < DISCARD_ROOM);

impl Discarded {
    /// How many discards.
    fn len(&self) -> usize {
        self.len
    }

    /// The `k`-th discard, from 0.
    fn get(&self, k: usize) -> Option<PieceId> {
        self.ids.get(..self.len)?.get(k).copied().and_then(PieceId::new)
    }

    /// No discard.
    fn clear(&mut self) {
        self.len = 0;
    }
}

/// The batches of one multiset of melds by faces: openings (after taking the top
/// discard if `take`), or single melds (`open` false).
#[derive(Debug, Clone, Copy)]
struct Group {
    open: bool,
    take: bool,
    /// Its melds: `Groups::melds[start..start + len]`.
    start: u32,
    len: u8,
    /// How many distinct batches (see [`batch_count`](batch::batch_count)).
    count: u32,
}

/// A batch of new melds, by its bytes in a [`LegalActions`]' arena.
type Key = core::ops::Range<usize>;

/// One action of a [`LegalActions`] list: those that hold no meld as they are, the
/// batches by key (`start..end` in the arena).
#[derive(Debug, Clone, Copy)]
enum Item {
    DrawStock,
    TakeDiscard,
    Build {
        piece: PieceId,
        meld: rummykit_core::MeldId,
        end: RunEnd,
    },
    SwapJoker {
        piece: PieceId,
        meld: rummykit_core::MeldId,
    },
    ReleaseJoker {
        meld: rummykit_core::MeldId,
        pieces: [PieceId; 2],
    },
    Discard(PieceId),
    /// [`Action::TakeDiscardAndOpen`] if `take`, else [`Action::Open`].
    Open {
        take: bool,
        start: usize,
        end: usize,
    },
    /// [`Action::Meld`] (a batch of one meld).
    Meld {
        start: usize,
        end: usize,
    },
    /// Any other action, by its place in `others`.
    Other(usize),
    /// The batches of a [`Group`] (only in the random draw's list).
    Group(usize),
}

thread_local! {
    /// The emptied buffers of the list last dropped on this thread, for the next
    /// [`LegalActions::new`].
    static SPARE: Cell<Option<LegalActions>> = const { Cell::new(None) };
}

impl Default for LegalActions {
    fn default() -> LegalActions {
        LegalActions::new()
    }
}

impl Drop for LegalActions {
    /// Leaves the emptied buffers to the thread's next list, unless one is kept already
    /// (then they are freed, as they are during the thread's exit).
    fn drop(&mut self) {
        // Far larger than a turn needs (a pathological list): given back at once.
        if self.arena.capacity() > 1 << 16 || self.items.capacity() > 1 << 12 {
            return;
        }
        let _ = SPARE.try_with(|spare| {
            let kept = spare.take();
            if kept.is_some() {
                spare.set(kept);
                return;
            }
            self.clear();
            self.fits.clear();
            self.fms.clear();
            spare.set(Some(LegalActions {
                items: core::mem::take(&mut self.items),
                others: core::mem::take(&mut self.others),
                arena: core::mem::take(&mut self.arena),
                keys: core::mem::take(&mut self.keys),
                fits: core::mem::take(&mut self.fits),
                table_faces: core::mem::take(&mut self.table_faces),
                reach: self.reach.take(),
                fms: core::mem::take(&mut self.fms),
                scratch: core::mem::take(&mut self.scratch),
                groups: core::mem::take(&mut self.groups),
                handed: None,
                pending_plays: None,
            }));
        });
    }
}

impl LegalActions {
    /// An empty list.
    ///
    /// ```
    /// use rummykit_rummy40::LegalActions;
    /// let legal = LegalActions::new();
    /// assert!(legal.is_empty());
    /// assert_eq!(legal.get(0), None);
    /// ```
    #[must_use]
    pub fn new() -> LegalActions {
        // The buffers of the list last dropped on this thread, if any: a bot that makes
        // a list per action (as core's random draw does) would otherwise allocate and
        // free them every action, a quarter of a random playout's instructions.
        if let Some(list) = SPARE.try_with(Cell::take).ok().flatten() {
            return list;
        }
        // Room for a typical turn's lists from the start: growing each buffer step by
        // step costs more than one allocation.
        LegalActions {
            items: Vec::with_capacity(64),
            others: Vec::new(),
            arena: Vec::with_capacity(1024),
            keys: Vec::with_capacity(64),
            fits: Vec::new(),
            table_faces: TableFaces::default(),
            reach: None,
            fms: Vec::with_capacity(32),
            scratch: Scratch::default(),
            groups: Groups::default(),
            handed: None,
            pending_plays: None,
        }
    }

    /// Replaces the list by the legal actions of `view`'s seat: empty unless it is that
    /// seat's turn, otherwise the actions of [`View::legal_actions`], in the same order.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, LegalActions, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut legal = LegalActions::new();
    /// legal.fill(&game.view(1));
    /// let draws = |legal: &LegalActions| {
    ///     (0..legal.len()).filter(|&k| legal.get(k) == Some(Action::DrawStock)).count()
    /// };
    /// assert_eq!(draws(&legal), 1);
    /// // Filled again, the list is replaced: after the draw there is none to draw.
    /// game.apply(1, Action::DrawStock)?;
    /// legal.fill(&game.view(1));
    /// assert_eq!(draws(&legal), 0);
    /// legal.fill(&game.view(0)); // not seat 0's turn
    /// assert!(legal.is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fill(&mut self, view: &View) {
        self.clear();
        let Some(pos) = view.turn() else { return };
        if pos.phase == Phase::Over {
            return;
        }
        // The view holds everything the check reads.
        generate(&pos, self, Mode::of(&view.config), &mut |a| pos.check(a).is_ok());
    }

    /// [`LegalActions::fill`] for drawing one action ([`LegalActions::draw_len`],
    /// [`LegalActions::draw_nth`]): the same actions, but the batches of new melds
    /// (openings, single melds) are counted per multiset of melds by faces instead of
    /// listed, and stand in the list in another order: by multiset, in the order the
    /// enumeration meets them, then sorted within it. `len` and `get` do not apply.
    pub(crate) fn fill_for_draw(&mut self, view: &View) {
        self.clear();
        let Some(pos) = view.turn() else { return };
        if pos.phase == Phase::Over {
            return;
        }
        self.groups.on = true;
        self.groups.catalog = Some(pos.catalog);
        self.groups.cards = PieceSet::new();
        self.groups.required = None;
        generate(&pos, self, Mode::of(&view.config), &mut |a| pos.check(a).is_ok());
        let batches: usize = self.groups.groups.iter().map(|g| g.count as usize).sum();
        self.groups.total =
            self.items.len() - self.groups.groups.len() + batches + self.groups.discards.len();
    }

    /// The draws of a mover's draw phase, `[stock, take]` in the listing's order (what
    /// [`LegalActions::fill_for_draw`] would list), decided without filling the list:
    /// an opened mover's two, or an unopened mover's draw from the stock alone when the
    /// top discard can go into no new meld; `None` for any other view, left to the list.
    // The guard inline, the rest out of line: called out of line for every action, it
    // saved and restored its registers on each (about 17 instructions an action).
    #[inline(always)]
    pub(crate) fn short_draws(&mut self, view: &View) -> Option<[bool; 2]> {
        if view.phase != Phase::Draw {
            return None;
        }
        self.short_draws_of(view)
    }

    /// A play phase decided without filling the list: the cards the mover may discard,
    /// in id order, their number, and the number of plays before them (builds and joker
    /// swaps, read by [`LegalActions::short_play`]: the swaps are listed as this list's
    /// items, the builds listed with them or only counted, listed when one is read): what
    /// [`LegalActions::fill_for_draw`] would list, in that order. An opened mover's: the
    /// hand holds no meld, no option obliges or restricts plays, and the table (its
    /// verdicts kept by this list, or asked as the list asks them) offers it no set of
    /// three with a joker that a pair of the hand might release. An unopened mover's
    /// (no plays): the bounds the listing asks first say the hand can neither open nor
    /// go rummy. `None` for any other view, left to the list; the list is then not a
    /// filled one.
    // The guard inline, the rest out of line (as `short_draws`).
    #[inline(always)]
    pub(crate) fn short_discards(&mut self, view: &View) -> Option<(PieceSet, usize, usize)> {
        if view.phase != Phase::Play {
            return None;
        }
        if !*view.opened.get(view.seat)? {
            return self.unopened_discards(view);
        }
        // (The options that oblige or restrict plays, Scala 40's, never pass.)
        if view.config.obliges_plays() || view.config.forbid_playable_discard {
            return None;
        }
        self.short_discards_of(view)
    }

    /// [`LegalActions::short_discards`] of an unopened mover: the listing's bounds
    /// (`prospects_of`, as a count asks them, the table's reach kept as the list keeps
    /// it), then the discard rules. Out of line, as the opened mover's.
    #[inline(never)]
    fn unopened_discards(&mut self, view: &View) -> Option<(PieceSet, usize, usize)> {
        let pos = view.turn()?;
        // A card taken or a joker won this turn (no unopened mover's play phase holds
        // one: taking opens) is left to the list, with the options it may oblige.
        if pos.taken.is_some() || !pos.won_jokers.is_empty() {
            return None;
        }
        let hand = pos.hand;
        let len = hand_len(hand, pos.catalog)?;
        let counted_faces = pos.face_counts(hand);
        let reach = LazyReach::kept(pos.table, self.reach.as_ref());
        let prospects = pos.prospects_of(None, &counted_faces, pos.config.threshold_for(false), None, &reach);
        if let Some(made) = reach.into_made() {
            self.reach = Some(made);
        }
        if prospects != (false, false) {
            self.handed =
                Some(Handed { hand, top: None, stamp: pos.table.stamp(), config: *pos.config, prospects });
            return None;
        }
        let held = counted_faces.1;
        let (allowed, count) = allowed_discards(
            pos.catalog,
            hand,
            len,
            kept_faces(pos.config, None, len, held & NATURALS != 0) & held,
        );
        Some((allowed, count, 0))
    }

    /// The bounds handed over for `pos`'s play phase (`top` none) or its take of `top`,
    /// if they were asked of the same hand, card, table and rules (taken: asked again by
    /// any later list).
    fn take_handed(&mut self, pos: &Turn<'_>, top: Option<PieceId>) -> Option<(bool, bool)> {
        let h = self.handed.take()?;
        (h.hand == pos.hand && h.top == top && h.stamp == pos.table.stamp() && h.config == *pos.config)
            .then_some(h.prospects)
    }

    /// An unopened mover's draws (draw phase, the mover's own view) when the top
    /// discard can go into no new meld by the cheap test the listing asks
    /// ([`Turn::may_meld_with`], on the view's hand), the hand is past the dealt size,
    /// or the listing's bounds on the take (`prospects_of` with the card, as a count
    /// asks them) say it can neither open nor go rummy with it: the list then holds the
    /// draw from the stock alone. `None` when the take might open or go rummy (the list
    /// decides, with the bounds handed over), for another seat's view, or while a card
    /// taken or a won joker would oblige plays.
    #[inline(never)]
    fn unopened_draws(&mut self, view: &View) -> Option<[bool; 2]> {
        if view.to_move != Some(view.seat) || view.taken_this_turn.is_some() || !view.won_jokers.is_empty() {
            return None;
        }
        let pack = view.config.catalog().ok()?;
        if let Some(&top) = view.discard_pile.last()
            && let Some(face) = pack.face(top)
        {
            let mut with = view.hand;
            with.insert(top);
            let (naturals, jokers) = pack.face_bits(with);
            if meldable_at(naturals, jokers, face.index()) && view.hand.len() <= HAND_SIZE {
                let pos = view.turn()?;
                let reach = LazyReach::kept(pos.table, self.reach.as_ref());
                let threshold = pos.config.threshold_for(true);
                let prospects = pos.prospects_of(None, &pos.face_counts(with), threshold, Some(top), &reach);
                if let Some(made) = reach.into_made() {
                    self.reach = Some(made);
                }
                if prospects != (false, false) {
                    let (hand, stamp, config) = (pos.hand, pos.table.stamp(), *pos.config);
                    self.handed = Some(Handed { hand, top: Some(top), stamp, config, prospects });
                    return None;
                }
            }
        }
        Some([view.stock_len > 0, false])
    }

    /// [`LegalActions::short_discards`] past its guard.
    #[inline(never)]
    fn short_discards_of(&mut self, view: &View) -> Option<(PieceSet, usize, usize)> {
        let config = &view.config;
        self.pending_plays = None;
        if view.to_move != Some(view.seat) {
            return None;
        }
        let pack = config.catalog().ok()?;
        let hand = view.hand;
        // The faces as the listing adds them up, read from the hand's words. (A hand
        // holding a meld is the list's: most hands hold none.)
        let (naturals, jokers) = pack.face_bits(hand);
        let held = naturals | if jokers > 0 { JOKER } else { 0 };
        if any_meldable(naturals, jokers) {
            return None;
        }
        // No hand of a game is the list's to refuse.
        let len = hand_len(hand, pack)?;
        // The table's verdicts kept: most hands hold none of the faces the table may
        // still offer. Else the plays the table offers, listed here.
        let rules = table::rules_word(&config.meld_rules(), config.set3_joker_swap);
        let plays = if self.table_faces.offers_nothing(&view.table, rules, held) {
            0
        } else {
            self.plays_onto_table(view, (rules, held), jokers)?
        };
        // The discard rules as `Turn::discards` decides them (no playable card's rule
        // here).
        let taken = view.taken_this_turn.and_then(|t| pack.face(t));
        let forbidden = kept_faces(config, taken, len, naturals != 0) & held;
        let (allowed, count) = allowed_discards(pack, hand, len, forbidden);
        Some((allowed, count, plays))
    }

    /// The number of builds and joker swaps the table offers an opened mover's hand
    /// that holds no meld (of a game's size, the faces `held`, `jokers` of its cards
    /// jokers; `rules` the table's key word of its rules), as the list's play phase lists
    /// them; listed into this list's items, or, for builds alone where two naturals that
    /// may go are left after any of them, only counted (listed by
    /// [`LegalActions::short_play`] if one is drawn).
    /// `None` (left to the list) when the table holds a set of three with a joker that
    /// a pair of the hand might release (the check decides those).
    #[inline(never)]
    fn plays_onto_table(&mut self, view: &View, (rules, held): (u64, u64), jokers: usize) -> Option<usize> {
        let pos = view.turn()?;
        pos.table_fits_by(rules, held, &mut self.fits, &mut self.table_faces);
        self.items.clear();
        let pending = Pending { hand: pos.hand, stamp: pos.table.stamp(), rules, builds: 0 };
        let (built, swapped) = play::fitting_faces(&self.fits);
        // (A hand the table offers nothing, and no joker to release, is not listed.)
        if built | swapped == 0 && !self.table_faces.joker_sets {
            return Some(0);
        }
        // With two naturals that may go, every build is kept (one is left to discard):
        // their number is what each face fitting an end adds, one per copy held. Most
        // draws then fall on a discard, and the builds are never listed; the swaps, rare,
        // are listed after them from the cards they could take.
        if spare_by_faces(&pos, held) {
            // (A pair of a released set's rank: the check decides, the list answers.)
            if self.table_faces.joker_sets && release_by_faces(&pos, held) {
                return None;
            }
            let copies = |bits: u64| copies_held(&pos, bits, jokers);
            let builds = self.fits.iter().map(|f| copies(f.front) + copies(f.back)).sum();
            if swapped != 0 {
                let mut ids = PieceSet::new();
                let mut faces = swapped & held & NATURALS;
                while faces != 0 {
                    let i = faces.trailing_zeros() as u8;
                    faces &= faces - 1;
                    if let Some(face) = Card::from_index(i) {
                        pos.catalog.ids_of(face).filter(|&id| pos.hand.contains(id)).for_each(|id| {
                            ids.insert(id);
                        });
                    }
                }
                let (cards, n) = cards_of(&pos, ids)?;
                play::swaps_by_rules(&pos, cards.get(..n)?, &self.fits, swapped, true, &mut self.items);
            }
            self.pending_plays = Some(Pending { builds, ..pending });
            return Some(builds + self.items.len());
        }
        // (Set first: `None` from the list leaves no item listed.)
        self.pending_plays = Some(pending);
        self.list_plays(&pos, built, swapped)
    }

    /// The plays [`LegalActions::plays_onto_table`] counts, listed into this list's
    /// items from its fits (`built` and `swapped` their union), and their number.
    fn list_plays(&mut self, pos: &Turn<'_>, built: u64, swapped: u64) -> Option<usize> {
        // The hand's cards with their faces, as the listing's play phase reads them.
        let (cards, n) = cards_of(pos, pos.hand)?;
        let cards = cards.get(..n)?;
        if self.table_faces.joker_sets && play::any_release(pos, cards) {
            return None;
        }
        if built | swapped != 0 {
            play::plays_by_rules(pos, cards, &self.fits, (built, swapped), &mut self.items);
        }
        Some(self.items.len())
    }

    /// The `k`-th play (from 0) that [`LegalActions::short_discards`] counted for `view`
    /// (the view it was asked of), listed now if it was only counted. `None` for a view
    /// of another hand, table or rules than the count's (the plays kept are not its).
    pub(crate) fn short_play(&mut self, view: &View, k: usize) -> Option<Action> {
        let pending = self.pending_plays?;
        // (The view's hand and table are its turn's.) The key holds what the count read
        // of the meld rules; an option that only the swaps read is the same for every view
        // of one game, and this is asked only of the view just counted.
        let rules = table::rules_word(&view.config.meld_rules(), view.config.set3_joker_swap);
        let key = Pending { hand: view.hand, stamp: view.table.stamp(), rules, builds: pending.builds };
        if key != pending {
            return None;
        }
        let builds = pending.builds;
        // The swaps, listed already after the builds counted.
        if k >= builds {
            return self.items.get(k - builds).map(|&item| self.build(item));
        }
        // Every play listed now, the builds first.
        let pos = view.turn()?;
        self.pending_plays = None;
        let swaps = self.items.len();
        let (built, swapped) = play::fitting_faces(&self.fits);
        self.items.clear();
        let listed = self.list_plays(&pos, built, swapped)?;
        debug_assert_eq!(listed, builds + swaps, "the plays counted are those listed");
        self.pending_plays = Some(Pending { builds: 0, ..pending });
        self.items.get(k).map(|&item| self.build(item))
    }

    /// [`LegalActions::short_draws`] past its guard.
    #[inline(never)]
    fn short_draws_of(&mut self, view: &View) -> Option<[bool; 2]> {
        if view.opened.get(view.seat) != Some(&true) {
            return self.unopened_draws(view);
        }
        // Without the options that oblige plays (Rummy 40), the take is legal when the
        // hand keeps a card to discard: its lowest card, if a natural of another face
        // than the top discard's, answers nearly always, before the mover's side is made.
        if !view.config.obliges_plays()
            && view.to_move == Some(view.seat)
            && view.taken_this_turn.is_none()
            && view.won_jokers.is_empty()
            && let Some(&top) = view.discard_pile.last()
        {
            let pack = view.config.catalog().ok()?;
            // A natural of another face: two ids of one face lie a multiple of 52
            // apart, so two of the pack's ids that do not are of two faces (the ids
            // compared, not their faces: two divisions by 52 saved). Ids that do, a
            // joker among them, are left to the next test.
            let (naturals, top) = (usize::from(pack.copies()) * 52, usize::from(top.index()));
            if let Some(first) = view.hand.first().map(|p| usize::from(p.index()))
                && first < naturals
                && top < pack.len()
                && first.abs_diff(top) % 52 != 0
            {
                return Some([view.stock_len > 0, true]);
            }
        }
        self.opened_draws(view)
    }

    /// [`LegalActions::short_draws_of`] for an opened mover past its first test. Out of
    /// line, as [`unopened_draws`]: the registers they need were saved and restored on
    /// every draw, most of which the first test answers (about 18 instructions a draw).
    #[inline(never)]
    fn opened_draws(&mut self, view: &View) -> Option<[bool; 2]> {
        let pos = view.turn()?;
        // A card already taken or a won joker (no game's draw phase holds one) would
        // oblige plays: the list decides those.
        if !pos.opened || pos.taken.is_some() || !pos.won_jokers.is_empty() {
            return None;
        }
        let checked = Mode::of(&view.config) == Mode::Checked;
        let take =
            opened_take(&pos, &mut self.fits, &mut self.table_faces, checked, &mut |a| pos.check(a).is_ok());
        Some([pos.stock_len > 0, take])
    }

    /// How many actions a list filled by [`LegalActions::fill_for_draw`] stands for.
    pub(crate) fn draw_len(&self) -> usize {
        self.groups.total
    }

    /// The `k`-th action (from 0) of a list filled by [`LegalActions::fill_for_draw`],
    /// or `None` past the end: each action of the list for one `k`.
    pub(crate) fn draw_nth(&mut self, mut k: usize) -> Option<Action> {
        if self.groups.groups.is_empty() {
            return match self.items.get(k) {
                Some(&item) => Some(self.build(item)),
                None => self.groups.discards.get(k - self.items.len()).map(Action::Discard),
            };
        }
        for i in 0..self.items.len() {
            let item = self.items[i];
            let weight = match item {
                Item::Group(g) => self.groups.groups.get(g).map_or(0, |g| g.count as usize),
                _ => 1,
            };
            if k < weight {
                return match item {
                    Item::Group(g) => self.group_batch(g, k),
                    item => Some(self.build(item)),
                };
            }
            k -= weight;
        }
        self.groups.discards.get(k).map(Action::Discard)
    }

    /// The `k`-th batch of group `g` (its batches sorted), as its action: made from the
    /// group's choices ([`nth_batch`]), or from every assignment expanded and sorted
    /// where those do not apply (and, in debug builds, to check them).
    // Out of line: drawn rarely (most draws are a discard or a draw from the stock), and
    // inlined it made every draw save and restore the registers it needs.
    #[inline(never)]
    fn group_batch(&mut self, g: usize, k: usize) -> Option<Action> {
        let LegalActions { fms, arena, keys, scratch, groups, .. } = self;
        let group = *groups.groups.get(g)?;
        let start = group.start as usize;
        let places = groups.melds.get(start..start + usize::from(group.len))?;
        let mut slots: [&ValuedMeld; MAX_BATCH] = [fms.first()?; MAX_BATCH];
        for (slot, &at) in slots.iter_mut().zip(places) {
            *slot = fms.get(usize::from(at))?;
        }
        let melds = slots.get(..places.len())?;
        let catalog = groups.catalog?;
        let counted = (k, group.count);
        let direct = nth_batch(melds, catalog, groups.cards, groups.required, counted, &mut scratch.batches);
        // Where the batches are not made from the choices directly, or to check those
        // that are (debug builds): every assignment expanded and the keys sorted.
        let mut batch = None;
        if direct.is_none() || cfg!(debug_assertions) {
            let by_face = ids_by_face(catalog, groups.cards);
            let start = arena.len();
            // (The list's own keys' buffer, empty once the list is filled.)
            keys.clear();
            expand(melds, &by_face, groups.required, arena, keys, scratch);
            sort_keys(arena, keys);
            debug_assert_eq!(keys.len(), group.count as usize, "the batches of {melds:?}");
            batch = keys.get(k).map(|key| decode_batch(arena.get(key.clone()).unwrap_or_default()));
            keys.clear();
            arena.truncate(start);
        }
        if let Some(key) = direct {
            let made = decode_batch(&key);
            debug_assert!(batch.as_ref().is_none_or(|b| *b == made), "batch {k} of {melds:?}");
            batch = Some(made);
        }
        let action = match (group.open, group.take) {
            (true, true) => Action::TakeDiscardAndOpen { melds: batch.take()? },
            (true, false) => Action::Open { melds: batch.take()? },
            (false, _) => Action::Meld(batch.take()?.pop()?),
        };
        Some(action)
    }

    /// How many actions are listed.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, LegalActions, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(12);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let view = game.view(1);
    /// let mut all = Vec::new();
    /// view.legal_actions(&mut all);
    /// let mut legal = LegalActions::new();
    /// legal.fill(&view);
    /// assert_eq!(legal.len(), all.len());
    /// // Among them, a discard of each of the 14 cards in hand.
    /// let discards = (0..legal.len()).filter(|&k| matches!(legal.get(k), Some(Action::Discard(_))));
    /// assert_eq!(discards.count(), 14);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.items.len()
    }

    /// No action is listed.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, LegalActions, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(13);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// let mut legal = LegalActions::new();
    /// legal.fill(&game.view(0));
    /// assert!(legal.is_empty()); // seat 1 plays first
    /// legal.fill(&game.view(1));
    /// assert!(!legal.is_empty()); // it can at least draw
    /// # Ok::<(), rummykit_core::DealError>(())
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// The `k`-th action (from 0), or `None` past the end.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Action, Config, LegalActions, Rummy40};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(14);
    /// let mut game = Rummy40::deal(&Config::RUMMY40, Seating::new(2).with_dealer(0), &mut rng)?;
    /// game.apply(1, Action::DrawStock)?;
    /// let mut all = Vec::new();
    /// game.legal_actions(&mut all);
    /// let mut legal = LegalActions::new();
    /// legal.fill(&game.view(1));
    /// // Each action built on its own, in the order of the full list.
    /// let built: Vec<Action> = (0..legal.len()).filter_map(|k| legal.get(k)).collect();
    /// assert_eq!(built, all);
    /// assert_eq!(legal.get(legal.len()), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn get(&self, k: usize) -> Option<Action> {
        self.items.get(k).map(|&item| self.build(item))
    }

    fn clear(&mut self) {
        self.pending_plays = None;
        self.items.clear();
        self.others.clear();
        self.arena.clear();
        self.keys.clear();
        self.groups.on = false;
        self.groups.groups.clear();
        self.groups.melds.clear();
        self.groups.discards.clear();
        self.groups.total = 0;
    }

    /// Gives back the keys' buffer (emptied) for the next enumeration.
    fn restore_keys(&mut self, mut keys: Vec<Key>) {
        keys.clear();
        self.keys = keys;
    }

    /// The item of `a`.
    fn item(&mut self, a: Action) -> Item {
        match a {
            Action::DrawStock => Item::DrawStock,
            Action::TakeDiscard => Item::TakeDiscard,
            Action::LayOff { piece, onto: meld, end } => Item::Build { piece, meld, end },
            Action::SwapJoker { piece, meld } => Item::SwapJoker { piece, meld },
            Action::ReleaseJoker { meld, pieces } => Item::ReleaseJoker { meld, pieces },
            Action::Discard(p) => Item::Discard(p),
            a => {
                self.others.push(a);
                Item::Other(self.others.len() - 1)
            }
        }
    }

    /// The action of `item`.
    fn build(&self, item: Item) -> Action {
        match item {
            Item::DrawStock => Action::DrawStock,
            Item::TakeDiscard => Action::TakeDiscard,
            Item::Build { piece, meld, end } => Action::LayOff { piece, onto: meld, end },
            Item::SwapJoker { piece, meld } => Action::SwapJoker { piece, meld },
            Item::ReleaseJoker { meld, pieces } => Action::ReleaseJoker { meld, pieces },
            Item::Discard(p) => Action::Discard(p),
            Item::Open { take, start, end } => {
                let melds = decode_batch(self.arena.get(start..end).unwrap_or_default());
                if take { Action::TakeDiscardAndOpen { melds } } else { Action::Open { melds } }
            }
            Item::Meld { start, end } => {
                let mut melds = decode_batch(self.arena.get(start..end).unwrap_or_default());
                Action::Meld(melds.pop().unwrap_or(NewMeld { kind: MeldKind::Run, pieces: Vec::new() }))
            }
            // Not listed without its action: never the fallback.
            Item::Other(i) => self.others.get(i).cloned().unwrap_or(Action::DrawStock),
            // Only in the random draw's list, which builds them itself (`draw_nth`).
            Item::Group(_) => Action::DrawStock,
        }
    }

    /// Every action, in order, onto `out` (emptying this list).
    fn drain_into(&mut self, out: &mut Vec<Action>) {
        out.reserve(self.items.len());
        let mut others = core::mem::take(&mut self.others).into_iter();
        for &item in &self.items {
            out.push(match item {
                Item::Other(_) => others.next().unwrap_or(Action::DrawStock),
                item => self.build(item),
            });
        }
        self.clear();
    }

    /// The cards of the melds of a key.
    fn pieces(&self, start: usize, end: usize) -> PieceSet {
        let mut set = PieceSet::new();
        let mut meld_start = true;
        for &b in self.arena.get(start..end).unwrap_or_default() {
            // A meld's first byte is its kind; its ids follow up to the 1 that ends it.
            if meld_start {
                meld_start = false;
            } else if b < 2 {
                meld_start = true;
            } else if let Some(p) = PieceId::new(b - 2) {
                set.insert(p);
            }
        }
        set
    }
}

/// Where [`generate`] puts the candidates: kept if `ok` (fast mode) or if the full check
/// accepts them (reference mode).
struct Sink<'a> {
    out: &'a mut LegalActions,
    reference: bool,
    /// Fast mode whose survivors also go through `check`: the options that oblige a
    /// player to play a card only refuse more, so the bounds stay exact filters.
    checked: bool,
    /// No card the options oblige the player to play (a taken discard, a won joker) is
    /// in hand. Then only a play that brings a card to the hand (a take, a joker swap)
    /// can make one: any other (a meld, a build, an opening or a rummy, whose taken
    /// card is melded) leaves none, and the check adds nothing to the cheap conditions.
    settled: bool,
    /// The cards in hand the options oblige the player to play (none when `settled`): a
    /// play that plays them all and brings none leaves none, and the check adds nothing
    /// to the cheap conditions either.
    obliged: PieceSet,
    /// A joker won by a swap must be played the same turn: a swap makes a card to play.
    swap_obliges: bool,
    check: &'a mut dyn FnMut(&Action) -> bool,
}

// The pushes marked `#[inline]` are called in the hot loops of the plays' and openings'
// modules, which may compile in other codegen units.
impl Sink<'_> {
    /// Are batches of new melds counted ([`LegalActions::fill_for_draw`])? Only where
    /// the cheap conditions decide them alone (the check would have to see each batch).
    fn counting(&self) -> bool {
        self.out.groups.on && !self.reference && (!self.checked || self.settled)
    }

    /// Lists the groups from `first` on as items.
    fn push_groups(&mut self, first: usize) {
        for g in first..self.out.groups.groups.len() {
            self.out.items.push(Item::Group(g));
        }
    }

    /// Must `item`, which plays the cards `played` from the hand, passing the cheap
    /// conditions, also pass the check? Only a play that brings a card to be played (a
    /// take; a swap, if a won joker must be played) or leaves one in hand. (Releases
    /// always go through it; rummies are [`Item::Other`].)
    fn needs_check(&self, item: &Item, played: PieceSet) -> bool {
        self.checked
            && (matches!(item, Item::TakeDiscard)
                || (self.swap_obliges && matches!(item, Item::SwapJoker { .. }))
                || !(self.obliged - played).is_empty())
    }

    fn push(&mut self, a: Action, ok: impl FnOnce(&Action) -> bool) {
        let keep = if self.reference {
            (self.check)(&a)
        } else {
            ok(&a) && (!self.needs_check(&Item::Other(0), PieceSet::new()) || (self.check)(&a))
        };
        if keep {
            let item = self.out.item(a);
            self.out.items.push(item);
        }
    }

    /// [`Sink::push`] of an action that is an item as it is (draws, builds, swaps,
    /// discards): kept if `ok` (fast mode, no `Action` made) or if the full check accepts
    /// it (reference mode).
    fn push_item(&mut self, item: Item, ok: impl FnOnce() -> bool) {
        self.push_sure(item, ok, || false);
    }

    /// [`Sink::push_item`] of an item that passes the check whenever `ok` and `sure`
    /// hold: `sure` is asked instead of the check.
    #[inline]
    fn push_sure(&mut self, item: Item, ok: impl FnOnce() -> bool, sure: impl FnOnce() -> bool) {
        let keep = if self.reference {
            (self.check)(&self.out.build(item))
        } else {
            let played = match item {
                Item::Build { piece, .. } | Item::SwapJoker { piece, .. } => {
                    core::iter::once(piece).collect()
                }
                _ => PieceSet::new(),
            };
            ok() && (!self.needs_check(&item, played) || sure() || (self.check)(&self.out.build(item)))
        };
        if keep {
            self.out.items.push(item);
        }
    }

    /// Always through the full check.
    #[inline]
    fn push_checked(&mut self, a: Action) {
        if (self.check)(&a) {
            let item = self.out.item(a);
            self.out.items.push(item);
        }
    }

    /// A batch item (an opening or a meld, by key), kept if `ok` of what its melds leave
    /// of `cards` (fast mode) or if the full check accepts its action (reference mode).
    #[inline]
    fn push_batch(&mut self, item: Item, cards: PieceSet, ok: impl FnOnce(PieceSet) -> bool) {
        let keep = if self.reference {
            let a = self.out.build(item);
            (self.check)(&a)
        } else {
            let (Item::Open { start, end, .. } | Item::Meld { start, end }) = item else { return };
            let played = self.out.pieces(start, end);
            ok(cards - played) && (!self.needs_check(&item, played) || (self.check)(&self.out.build(item)))
        };
        if keep {
            self.out.items.push(item);
        }
    }
}

/// How [`generate`] decides.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The bounds and exact cheap conditions alone.
    Fast,
    /// As fast, then every survivor through the check (options that oblige plays).
    Checked,
    /// No bounds, every candidate through the check.
    Reference,
}

impl Mode {
    /// The mode of the fast enumeration under `config`.
    fn of(config: &crate::Config) -> Mode {
        if config.obliges_plays() { Mode::Checked } else { Mode::Fast }
    }
}

/// Whether an opened mover in the draw phase may take the top discard, decided as the
/// fast enumeration decides it (`checked`: through `check` unless the card's play is
/// sure): the one rule of the listing and of the random draw's short way.
#[inline]
fn opened_take(
    pos: &Turn<'_>,
    fits: &mut Vec<MeldFits>,
    table_faces: &mut TableFaces,
    checked: bool,
    check: &mut dyn FnMut(&Action) -> bool,
) -> bool {
    let Some(top) = pos.top_discard else { return false };
    // (Under the rule that a taken discard must be played this turn, the card's play is
    // often decided without the check's search for one.)
    let play = if pos.config.taken_discard_must_be_used_after_open {
        pos.play_of_taken(top, fits, table_faces)
    } else {
        None
    };
    play != Some(false)
        && pos.take_leaves_discard(top, pos.hand)
        && (!checked || play == Some(true) || check(&Action::TakeDiscard))
}

/// How many cards of `pos`'s hand (holding `jokers` jokers) are of the faces `bits`
/// (bits by face index, the joker's 52): each natural face's copies held, and the
/// jokers.
fn copies_held(pos: &Turn<'_>, bits: u64, jokers: usize) -> usize {
    let mut count = if bits & JOKER != 0 { jokers } else { 0 };
    let mut naturals = bits & NATURALS;
    while naturals != 0 {
        let i = naturals.trailing_zeros() as u8;
        naturals &= naturals - 1;
        if let Some(face) = Card::from_index(i) {
            count += pos.catalog.ids_of(face).filter(|&id| pos.hand.contains(id)).count();
        }
    }
    count
}

/// Does the table hold a set of three with a joker whose rank `pos`'s hand (of the
/// faces `held`) holds twice? [`play::any_release`] from the faces held.
fn release_by_faces(pos: &Turn<'_>, held: u64) -> bool {
    pos.table.melds().iter().any(|m| {
        play::releasable(m.meld(), false)
            && match m.meld().value_at(0) {
                Some(n @ 1..=13) => copies_held(pos, RANK << (n - 1) & held & NATURALS, 0) >= 2,
                // (Never a set's rank: the list decides.)
                _ => true,
            }
    })
}

/// Does `pos`'s hand (of the faces `held`) hold two naturals not of the taken card's
/// face, so that one is left to discard after any single play? What
/// `play::plays_by_rules` asks card by card, from the faces held.
fn spare_by_faces(pos: &Turn<'_>, held: u64) -> bool {
    let taken = pos.taken.and_then(|t| pos.face(t)).map_or(0, |f| 1u64 << f.index());
    let free = held & NATURALS & !taken;
    // Two faces, or one face held twice.
    free & free.wrapping_sub(1) != 0 || (free != 0 && copies_held(pos, free, 0) >= 2)
}

/// The cards of `hand` (`len` of them, of the pack `pack`) but every copy of the faces
/// `forbidden` (bits by face index), and their number: the discards a hand allows, by
/// ids.
fn allowed_discards(
    pack: Catalog<Card>,
    hand: PieceSet,
    len: usize,
    mut forbidden: u64,
) -> (PieceSet, usize) {
    let (mut allowed, mut count) = (hand, len);
    while forbidden != 0 {
        let i = forbidden.trailing_zeros() as u8;
        forbidden &= forbidden - 1;
        for id in Card::from_index(i).into_iter().flat_map(|face| pack.ids_of(face)) {
            count -= usize::from(allowed.remove(id));
        }
    }
    (allowed, count)
}

/// Whether `hand` (`len` cards) is no hand of a game but a view built by hand: more
/// than the 13 dealt and the one drawn (`RULES.md` §3.2, §3.3), or an id not of the pack
/// `pack` (a pack's ids run from 0: the largest tells). The list holds no action for it.
/// Must agree with [`hand_len`] being `None` (a test holds them to it).
// Kept beside `hand_len` where the pass over the hand has counted `len` already: the
// set's count again costs more than its last id (+0.14 % instructions a Rummy 40 hand
// of random play, +0.58 % a Scala 40 one, where a target counts bits in software).
#[inline(always)]
fn no_hand_of_a_game(len: usize, hand: PieceSet, pack: Catalog<Card>) -> bool {
    len > HAND_SIZE + 1 || hand.last().is_some_and(|id| usize::from(id.index()) >= pack.len())
}

/// The number of cards of `hand` (of the pack `pack`), `None` if it is
/// [no hand of a game](no_hand_of_a_game): the count and the check over the pack's
/// words only (two of a set's three for Rummy 40's packs), about twenty instructions
/// fewer than the set's whole count and its last id. Must agree with
/// [`no_hand_of_a_game`] (a test holds them to it).
#[inline(always)]
fn hand_len(hand: PieceSet, pack: Catalog<Card>) -> Option<usize> {
    pack.len_of(hand).filter(|&len| len <= HAND_SIZE + 1)
}

/// Every legal action of `pos` into `out` (see the module docs).
fn generate(pos: &Turn<'_>, out: &mut LegalActions, mode: Mode, check: &mut dyn FnMut(&Action) -> bool) {
    let settled = pos.played_first().is_ok();
    let mut obliged = PieceSet::new();
    if pos.config.taken_discard_must_be_used_after_open
        && let Some(taken) = pos.taken.filter(|&t| pos.hand.contains(t))
    {
        obliged.insert(taken);
    }
    if pos.config.swapped_joker_must_be_played_same_turn {
        obliged |= pos.won_jokers & pos.hand;
    }
    debug_assert_eq!(obliged.is_empty(), settled, "the cards to play are those `played_first` names");
    let mut sink = Sink {
        out,
        reference: mode == Mode::Reference,
        checked: mode == Mode::Checked,
        settled,
        obliged,
        swap_obliges: pos.config.swapped_joker_must_be_played_same_turn,
        check,
    };
    let reference = sink.reference;
    let hand = pos.hand;
    match pos.phase {
        Phase::Over => {}
        Phase::Draw => {
            sink.push_item(Item::DrawStock, || pos.stock_len > 0);
            if pos.opened {
                if reference {
                    sink.push_item(Item::TakeDiscard, || true);
                } else {
                    let LegalActions { fits, table_faces, .. } = &mut *sink.out;
                    if opened_take(pos, fits, table_faces, sink.checked, &mut *sink.check) {
                        sink.out.items.push(Item::TakeDiscard);
                    }
                }
            } else if let Some(top) = pos.top_discard
                && (reference || pos.may_meld_with(top))
                && hand.len() <= HAND_SIZE
            {
                // (An unopened player takes the top discard only into a new meld: when it
                // can be in none, drawing is all there is.)
                // (Taken out while the sink is lent, put back below.)
                let kept = sink.out.reach.take();
                let reach = LazyReach::kept(pos.table, kept.as_ref());
                let mut with_top = hand;
                with_top.insert(top);
                let after_take = pos.with_taken(top);
                let threshold = pos.config.threshold_for(true);
                // The taken card must go into a new meld: skip at once if it cannot. The
                // faces are listed once for both questions.
                let mut fms = core::mem::take(&mut sink.out.fms);
                let prospects = |faces: Option<&[Card]>, counted_faces: &faces::FaceCounts| {
                    if reference {
                        (true, true)
                    } else {
                        pos.prospects_of(faces, counted_faces, threshold, Some(top), &reach)
                    }
                };
                let (may_open, may_rummy, counted_faces) = if sink.counting() {
                    // Counted: no exact search reads the faces, only their counts. (The
                    // random draw's short way may have asked the bounds just before.)
                    let counted_faces = pos.face_counts(with_top);
                    let handed = sink.out.take_handed(pos, Some(top));
                    let (may_open, may_rummy) = handed.unwrap_or_else(|| prospects(None, &counted_faces));
                    (may_open, may_rummy, counted_faces)
                } else {
                    pos.with_faces(with_top, |faces| {
                        let counted_faces = face_counts(faces);
                        let (may_open, may_rummy) = prospects(Some(faces), &counted_faces);
                        (may_open, may_rummy, counted_faces)
                    })
                };
                fms.clear();
                if may_open || may_rummy {
                    pos.face_melds_into(FaceBits::of_counts(&counted_faces), &mut fms);
                }
                let may = (may_open, may_rummy);
                open_or_rummy(
                    pos,
                    &after_take,
                    with_top,
                    &counted_faces,
                    fms,
                    may,
                    threshold,
                    Some(top),
                    &reach,
                    &mut sink,
                );
                sink.out.reach = reach.into_made().or(kept);
            }
        }
        Phase::Play => {
            // The hand's cards with their faces, and the faces as bits (for the
            // questions asked of the whole hand): one pass over the hand, on the stack,
            // once for everything the play phase asks. (The faces alone are listed
            // from the cards only where asked: most listings never ask.)
            let Some(zero) = PieceId::new(0) else { return };
            let mut cards = [(zero, Card::JOKER); HAND_SIZE + 1];
            let mut bits = FaceBits { naturals: 0, jokers: 0 };
            // (Past the buffer, `n` counts on and the hand is refused below.)
            let mut n = 0;
            pos.catalog.faces_of(hand).for_each(|(p, face)| {
                if let Some(card) = cards.get_mut(n) {
                    *card = (p, face);
                }
                bits.add(face);
                n += 1;
            });
            // A view no game could give lists nothing: the actions of a larger hand
            // grow exponentially with it (26 cards make 382,311).
            if no_hand_of_a_game(n, hand, pos.catalog) {
                return;
            }
            if let Some(cards) = cards.get(..n) {
                play(pos, cards, bits, &mut sink);
            }
        }
    }
}

/// `cards` without the pieces of `melds`.
fn without(cards: PieceSet, melds: &[NewMeld]) -> PieceSet {
    let mut rest = cards;
    for m in melds {
        for p in &m.pieces {
            rest.remove(*p);
        }
    }
    rest
}

impl Turn<'_> {
    /// [`Turn::can_discard_from`] of a hand given by its face counts `rest` (`len`
    /// cards, of faces among the bits of `held`): the same rules ([`Turn::discard_basic`]),
    /// which depend on the faces only.
    fn can_discard_counts(&self, rest: &[u8; 53], len: usize, held: u64) -> bool {
        let taken = self.taken.and_then(|t| self.face(t)).map(|f| f.index());
        let mut naturals = held & NATURALS;
        let mut any_natural = false;
        while naturals != 0 {
            let i = naturals.trailing_zeros() as u8;
            naturals &= naturals - 1;
            if rest[usize::from(i)] > 0 {
                if taken != Some(i) {
                    return true;
                }
                any_natural = true;
            }
        }
        // A joker, unless it is the taken card's face or `OnlyWhenClosing` keeps it.
        rest[52] > 0
            && taken != Some(52)
            && !(self.config.joker_discard == crate::JokerDiscard::OnlyWhenClosing && len > 1 && any_natural)
    }
}
