//! [`Game::legal_actions`]: every legal action, in a deterministic order.
//!
//! Candidates are generated from the mover's [`Turn`] (borrowed from the full state
//! or from a seat's [`View`], nothing rebuilt): melds by faces (core's
//! [`for_each_face_meld`], from the faces present), combined by face
//! counts, then every assignment of card identities. Each candidate is valid by
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
//! melds by faces is one entry weighted by its number of batches ([`batch_count`]), and
//! only the entry drawn is expanded.
//!
//! [`Rummy40::legal_actions_by_check`] is the reference: the same candidates, no bounds,
//! every one through [`Game::check`]. The tests compare the two on random reachable
//! states, and compare both against the check on arbitrary and mutated actions.

use std::cell::Cell;

use rummykit_core::{
    Card, Catalog, Face, Game, MAX_MELD_LEN, Meld, MeldKind, MeldTable, PieceId, PieceSet, RunEnd,
    for_each_face_meld,
};

use crate::action::normalize_pieces;
use crate::game::swap_slot;
use crate::turn::{Turn, may_extend};
use crate::{
    Action, NewMeld, OpeningScope, Phase, Rummy40, RummyLayOff, View, can_open, meld_value, rank_value,
    run_position_value,
};

/// The bits of the 52 natural faces (bit 52, the joker, is not among them).
const NATURALS: u64 = (1u64 << 52) - 1;

/// A way to go rummy: new melds, builds (in normal order), the discard, the melds' value.
type Rummy = (Vec<NewMeld>, Vec<RummyLayOff>, PieceId, u32);

/// A meld by faces, formable from some hand (fixed arrays: no allocation per meld): one
/// of core's [`rummykit_core::FaceMeld`]s with what the generator asks of it, its value
/// toward the opening and the faces it needs.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ValuedMeld {
    kind: MeldKind,
    len: u8,
    faces: [Card; MAX_MELD_LEN],
    value: u32,
    /// The faces it needs, as bits by face index: each natural once (a valid meld never
    /// holds one twice), and the joker's bit 52 if it needs `jokers`.
    mask: u64,
    jokers: u8,
}

impl ValuedMeld {
    /// Its faces, in meld order.
    fn faces(&self) -> &[Card] {
        &self.faces[..usize::from(self.len)]
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

    /// Core's meld `m` (valid), with its value (`RULES.md` §3.5, as [`meld_value`]
    /// counts it) and needs.
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
        ValuedMeld::new(m.kind(), m.faces(), value)
    }

    /// The meld of `kind` with `faces` (valid, in meld order), worth `value`.
    fn new(kind: MeldKind, faces: &[Card], value: u32) -> ValuedMeld {
        let mut fm =
            ValuedMeld { kind, len: 0, faces: [Card::JOKER; MAX_MELD_LEN], value, mask: 0, jokers: 0 };
        for (slot, &f) in fm.faces.iter_mut().zip(faces) {
            *slot = f;
            fm.len += 1;
            fm.mask |= 1u64 << f.index();
            fm.jokers += u8::from(f.is_joker());
        }
        fm
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
    /// seat's turn (empty otherwise): the same list as [`Game::legal_actions`] on the
    /// full state. Legality depends only on the mover's own hand and public information,
    /// so a bot that sees only its view can play legally.
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
    discards: Vec<PieceId>,
    /// The actions the list stands for (the groups' batches, one per other item, the
    /// discards).
    total: usize,
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
    /// How many distinct batches (see [`batch_count`]).
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
                None => self.groups.discards.get(k - self.items.len()).map(|&p| Action::Discard(p)),
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
        self.groups.discards.get(k).map(|&p| Action::Discard(p))
    }

    /// The `k`-th batch of group `g` (its batches sorted), as its action.
    // Out of line: drawn rarely (most draws are a discard or a draw from the stock), and
    // inlined it made every draw save and restore the registers it needs.
    #[inline(never)]
    fn group_batch(&mut self, g: usize, k: usize) -> Option<Action> {
        let LegalActions { fms, arena, scratch, groups, .. } = self;
        let group = *groups.groups.get(g)?;
        let start = group.start as usize;
        let places = groups.melds.get(start..start + usize::from(group.len))?;
        let mut slots: [&ValuedMeld; MAX_BATCH] = [fms.first()?; MAX_BATCH];
        for (slot, &at) in slots.iter_mut().zip(places) {
            *slot = fms.get(usize::from(at))?;
        }
        let melds = slots.get(..places.len())?;
        let by_face = ids_by_face(groups.catalog?, groups.cards);
        let start = arena.len();
        let mut keys = Vec::new();
        expand(melds, &by_face, groups.required, arena, &mut keys, scratch);
        sort_keys(arena, &mut keys);
        debug_assert_eq!(keys.len(), group.count as usize, "the batches of {melds:?}");
        let mut batch = keys.get(k).map(|key| decode_batch(arena.get(key.clone()).unwrap_or_default()));
        arena.truncate(start);
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
    fn push_checked(&mut self, a: Action) {
        if (self.check)(&a) {
            let item = self.out.item(a);
            self.out.items.push(item);
        }
    }

    /// A batch item (an opening or a meld, by key), kept if `ok` of what its melds leave
    /// of `cards` (fast mode) or if the full check accepts its action (reference mode).
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
                // (Under the rule that a taken discard must be played this turn, the
                // card's play is often decided without the check's search for one.)
                let play = match pos.top_discard {
                    Some(top) if !reference && pos.config.taken_discard_must_be_used_after_open => {
                        let LegalActions { fits, table_faces, .. } = &mut *sink.out;
                        pos.play_of_taken(top, fits, table_faces)
                    }
                    _ => None,
                };
                let ok = || {
                    play != Some(false)
                        && pos.top_discard.is_some_and(|top| {
                            let mut with_top = hand;
                            with_top.insert(top);
                            pos.with_taken(top).can_discard_from(with_top)
                        })
                };
                sink.push_sure(Item::TakeDiscard, ok, || play == Some(true));
            } else if let Some(top) = pos.top_discard
                && (reference || pos.may_meld_with(top))
            {
                // (An unopened player takes the top discard only into a new meld: when it
                // can be in none, drawing is all there is.)
                let reach = LazyReach::kept(pos.table, sink.out.reach.as_ref());
                let mut with_top = hand;
                with_top.insert(top);
                let after_take = pos.with_taken(top);
                let threshold = Some(pos.config.opening_threshold);
                // The taken card must go into a new meld: skip at once if it cannot. The
                // faces are listed once for both questions.
                let mut fms = core::mem::take(&mut sink.out.fms);
                let prospects = |faces: Option<&[Card]>, counted_faces: &([u8; 53], u64)| {
                    if reference {
                        (true, true)
                    } else {
                        pos.prospects_of(faces, counted_faces, threshold, Some(top), &reach)
                    }
                };
                let (may_open, may_rummy, counted_faces) = if sink.counting() {
                    // Counted: no exact search reads the faces, only their counts.
                    let counted_faces = pos.face_counts(with_top);
                    let (may_open, may_rummy) = prospects(None, &counted_faces);
                    (may_open, may_rummy, counted_faces)
                } else {
                    pos.with_faces_and(top, |faces| {
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
                reach.keep(&mut sink.out.reach);
            }
        }
        Phase::Play => {
            // The hand's cards with their faces (as the view listed them, if it did),
            // and the faces alone, listed once for everything the play phase asks.
            let Some(zero) = PieceId::new(0) else { return };
            let with_faces = |cards: &[(PieceId, Card)], sink: &mut Sink<'_>| {
                on_stack(Card::JOKER, cards.iter().map(|&(_, f)| f), |faces| {
                    play(pos, cards, faces, FaceBits::of(faces), sink);
                });
            };
            match pos.hand_cards() {
                Some(cards) => with_faces(cards, &mut sink),
                None => {
                    // Both lists in one pass over the hand, on the stack (a hand is small).
                    // (The faces as bits too, for the questions asked of the whole hand.)
                    let (mut cards, mut faces) = ([(zero, Card::JOKER); 32], [Card::JOKER; 32]);
                    let mut bits = FaceBits { naturals: 0, jokers: 0 };
                    // (Past 32 cards, `n` counts on and the lists below are not taken.)
                    let mut n = 0;
                    pos.catalog.faces_of(hand).for_each(|(p, face)| {
                        if let (Some(card), Some(slot)) = (cards.get_mut(n), faces.get_mut(n)) {
                            *card = (p, face);
                            *slot = face;
                        }
                        bits.add(face);
                        n += 1;
                    });
                    match (cards.get(..n), faces.get(..n)) {
                        (Some(cards), Some(faces)) => play(pos, cards, faces, bits, &mut sink),
                        // More than 32 cards (a position built by hand): on the heap.
                        _ => {
                            let cards: Vec<_> = pos.catalog.faces_of(hand).collect();
                            with_faces(&cards, &mut sink);
                        }
                    }
                }
            }
        }
    }
}

/// The openings and rummies of `cards`, listed or counted: the hand in the play phase,
/// or the hand and the discard pile's top card (`required`) taken to open with. `after`
/// is the turn once `cards` are held; `fms` are the melds by faces of `cards` (empty when
/// neither an opening nor a rummy is possible), handed back to the sink's buffer.
#[allow(clippy::too_many_arguments)]
// Inlined into both callers: as a call it cost 0.6 % more per Rummy 40 playout action.
#[inline(always)]
fn open_or_rummy(
    pos: &Turn<'_>,
    after: &Turn<'_>,
    cards: PieceSet,
    counted_faces: &([u8; 53], u64),
    mut fms: Vec<ValuedMeld>,
    (may_open, may_rummy): (bool, bool),
    threshold: Option<u32>,
    required: Option<PieceId>,
    reach: &LazyReach<'_>,
    sink: &mut Sink<'_>,
) {
    let reference = sink.reference;
    let take = required.is_some();
    let counting = sink.counting();
    let LegalActions { arena, keys, scratch, groups, .. } = &mut *sink.out;
    // The rummies are looked for along the openings' walk over the multisets of melds
    // when both are (one walk instead of two), else alone.
    let mut rummy = if may_rummy {
        pos.rummy_search(cards, counted_faces, &fms, required, !reference, reach)
    } else {
        None
    };
    let fms_open = if may_open { &mut fms[..] } else { &mut [] };
    let first = groups.groups.len();
    groups.cards = cards;
    groups.required = required;
    let counted = counting.then_some(Counted { groups, take, after });
    pos.openings(
        cards,
        counted_faces,
        fms_open,
        threshold,
        required,
        !reference,
        arena,
        keys,
        scratch,
        counted,
        rummy.as_mut(),
    );
    sink.push_groups(first);
    let rummies = match rummy {
        Some(mut r) => {
            if !r.done {
                r.run(pos, &fms);
            }
            r.finish()
        }
        None => Vec::new(),
    };
    let keys = core::mem::take(&mut sink.out.keys);
    for key in keys.iter().cloned() {
        let item = Item::Open { take, start: key.start, end: key.end };
        sink.push_batch(item, cards, |rest| after.can_discard_from(rest));
    }
    sink.out.restore_keys(keys);
    for (melds, lay_offs, discard, value) in rummies {
        let a = if take {
            Action::TakeDiscardAndGoRummy { melds, lay_offs, discard }
        } else {
            Action::GoRummy { melds, lay_offs, discard }
        };
        sink.push(a, |_| after.rummy_ok(value, discard));
    }
    sink.out.fms = fms;
}

/// The play phase of [`generate`]: `cards` are the hand's cards with their faces (in id
/// order), `faces` those faces.
fn play(pos: &Turn<'_>, cards: &[(PieceId, Card)], faces: &[Card], bits: FaceBits, sink: &mut Sink<'_>) {
    let hand = pos.hand;
    let reference = sink.reference;
    // The faces of the hand that fit a table meld, once the table's fits are known.
    let mut fitting = None;
    if !pos.opened {
        let counted_faces = face_counts(faces);
        let reach = LazyReach::kept(pos.table, sink.out.reach.as_ref());
        let threshold = match pos.config.opening_threshold_scope {
            OpeningScope::Always => Some(pos.config.opening_threshold),
            OpeningScope::OnlyWhenTakingDiscard => None,
        };
        let (may_open, may_rummy) = if reference {
            (true, true)
        } else {
            let exact = (!sink.counting()).then_some(faces);
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
        reach.keep(&mut sink.out.reach);
    } else {
        // (Most hands of an opened player hold no meld.)
        if reference || meldable_of(bits.naturals, bits.jokers) != 0 {
            single_melds(pos, faces, bits, sink);
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
            let (built, swapped) =
                fits.iter().fold((0u64, 0u64), |(b, s), f| (b | f.front | f.back, s | f.swap));
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
                push_discards(cards, &discards, &mut sink.out.groups.discards);
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
    let hand = pos.hand;
    let table = pos.table.melds();
    // Two naturals that may go (not of the taken card's face) leave one after any
    // single play: the discard rules then hold without asking them card by card.
    let taken = pos.taken.and_then(|t| pos.face(t));
    let spare = cards.iter().filter(|&&(_, f)| !f.is_joker() && Some(f) != taken).take(2).count() == 2;
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
    // A play that changes meld `changed` and leaves `left` in hand (a joker won
    // aside: it only adds a card that may go).
    let sure = |changed: rummykit_core::MeldId, mut left: PieceSet| {
        pending.is_some_and(|t| {
            left.remove(t);
            onto.iter().flatten().any(|&m| m != changed) && pos.can_discard_from(left)
        })
    };
    if built != 0 {
        for &(piece, face) in cards.iter().filter(|&&(_, f)| built & 1u64 << f.index() != 0) {
            let bit = 1u64 << face.index();
            for f in fits.iter().filter(|f| (f.front | f.back) & bit != 0) {
                for (mask, end) in [(f.front, RunEnd::Front), (f.back, RunEnd::Back)] {
                    if mask & bit != 0 {
                        let mut rest = hand;
                        rest.remove(piece);
                        let item = Item::Build { piece, meld: f.meld, end };
                        let ok = || spare || pos.can_discard_from(rest);
                        sink.push_sure(item, ok, || sure(f.meld, rest));
                    }
                }
            }
        }
    }
    // The cards a swap could bring, by meld (runs: what each joker stands for).
    if swapped != 0 {
        for &(piece, face) in cards.iter().filter(|&&(_, f)| swapped & 1u64 << f.index() != 0) {
            let bit = 1u64 << face.index();
            for f in fits.iter().filter(|f| f.swap & bit != 0) {
                let Some(m) = table.get(f.at) else { continue };
                let item = Item::SwapJoker { piece, meld: f.meld };
                let mut rest = hand;
                rest.remove(piece);
                // Under the won-joker rule the joker a swap wins must be played too,
                // which `sure` does not ask: the check decides.
                let sure = || !pos.config.swapped_joker_must_be_played_same_turn && sure(f.meld, rest);
                sink.push_sure(item, || pos.swap_ok(piece, face, m, spare), sure);
            }
        }
    }
}

/// The joker releases of an opened player's hand (play phase): both missing suits of a
/// set of three with a joker, every pair of cards of its rank, through the check. Out of
/// line: most tables hold no such set.
#[inline(never)]
fn releases(pos: &Turn<'_>, cards: &[(PieceId, Card)], sink: &mut Sink<'_>) {
    let reference = sink.reference;
    for m in pos.table.melds().iter().filter(|m| {
        m.meld().kind() == MeldKind::Group
            && m.meld().len() == 3
            && (reference || m.meld().faces().contains(&Card::JOKER))
    }) {
        let number = m.meld().value_at(0);
        let fitting: Vec<PieceId> =
            cards.iter().filter(|&&(_, f)| f.number() == number).map(|&(p, _)| p).collect();
        for (i, &a) in fitting.iter().enumerate() {
            for &b in &fitting[i + 1..] {
                sink.push_checked(Action::ReleaseJoker { meld: m.id(), pieces: [a, b] });
            }
        }
    }
}

/// The single melds of an opened player's hand (play phase, `faces` its faces, `bits`
/// as bits): one group each, counted, for the random draw, else listed by key; each kept
/// if a card is left to discard. Out of line: most hands of an opened player hold no
/// meld, and the play phase's common path is lighter without it.
#[inline(never)]
fn single_melds(pos: &Turn<'_>, faces: &[Card], bits: FaceBits, sink: &mut Sink<'_>) {
    let hand = pos.hand;
    let mut fms = core::mem::take(&mut sink.out.fms);
    fms.clear();
    pos.face_melds_into(bits, &mut fms);
    if sink.counting() && !fms.is_empty() {
        // One group per meld by faces, counted: the melds that leave a card to discard
        // (the faces counted only when there is a meld: most hands hold none).
        let (counts, held) = face_counts(faces);
        let copies = Copies::of(&counts, held);
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

/// The cards of `cards` that `rule` lets go, in order, appended to `out`: each card
/// written to a buffer on the stack and the count moved on for those allowed, with no
/// branch and no check of the vector's room per card (the discards are most of a play
/// phase's list; a hand of more than 16 cards, only in a position built by hand, takes
/// the plain way).
#[inline(never)]
fn push_discards(cards: &[(PieceId, Card)], rule: &crate::turn::Discards, out: &mut Vec<PieceId>) {
    match cards.first() {
        Some(&(fill, _)) if cards.len() <= 16 => {
            let mut buf = [fill; 16];
            let mut n = 0;
            for &(piece, face) in cards {
                if let Some(slot) = buf.get_mut(n) {
                    *slot = piece;
                }
                n += usize::from(rule.allows(face));
            }
            out.extend_from_slice(buf.get(..n).unwrap_or_default());
        }
        _ => out.extend(cards.iter().filter(|&&(_, face)| rule.allows(face)).map(|&(piece, _)| piece)),
    }
}

/// `f` of `items`, from a buffer on the stack (a hand is small; more than 32 items are
/// collected on the heap instead). `fill` only pads the buffer.
#[inline]
fn on_stack<T: Copy, R>(fill: T, items: impl Iterator<Item = T> + Clone, f: impl FnOnce(&[T]) -> R) -> R {
    let mut buf = [fill; 32];
    let mut n = 0;
    for item in items.clone() {
        let Some(slot) = buf.get_mut(n) else { return f(&items.collect::<Vec<T>>()) };
        *slot = item;
        n += 1;
    }
    f(&buf[..n])
}

/// Buffers [`expand`] reuses from one batch to the next.
#[derive(Debug, Clone, Default)]
pub(crate) struct Scratch {
    slots: Vec<Card>,
    chosen: Vec<PieceId>,
    /// One batch's ids, normalized, and its melds (kind, start, length) in them.
    ids: Vec<PieceId>,
    spans: Vec<(MeldKind, usize, usize)>,
    /// The melds of the multiset [`combos`] is at.
    walk: Vec<usize>,
}

/// Sorts the keys of `arena` (see [`expand`]) and drops repeats.
fn sort_keys(arena: &[u8], keys: &mut Vec<Key>) {
    let bytes = |k: &Key| arena.get(k.clone()).unwrap_or_default();
    keys.sort_unstable_by(|a, b| bytes(a).cmp(bytes(b)));
    keys.dedup_by(|a, b| bytes(a) == bytes(b));
}

/// The melds of a batch's key (see [`expand`]).
fn decode_batch(bytes: &[u8]) -> Vec<NewMeld> {
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

/// What the melds of one table could offer any hand ([`Turn::table_fits`]), kept while
/// the table (by its stamp) and the rules it was derived under stay the same; when the
/// table changes under the same rules, the entries of the melds it left as they were
/// are kept (a play changes one meld or adds one).
#[derive(Debug, Clone, Default)]
struct TableFaces {
    /// The table's stamp, the meld rules and the swap option of sets of three.
    key: Option<(u64, rummykit_core::MeldRules, crate::Set3JokerSwap)>,
    /// One per meld with a natural, in the table's order.
    melds: Vec<MeldFaces>,
    /// The entries of the table before (reused room).
    before: Vec<MeldFaces>,
    /// Some set of three holds a joker (a joker may be released).
    joker_sets: bool,
}

/// What one table meld could offer any hand, by face bits, and the verdicts of the
/// builds tried on it so far.
#[derive(Debug, Clone, Copy)]
struct MeldFaces {
    /// The meld's place in the table's list, and its id.
    at: usize,
    meld: rummykit_core::MeldId,
    /// The meld's faces: everything below depends on them and on the rules alone.
    faces: Meld<Card>,
    /// The faces it could take from a hand: those tried at its ends and those a swap
    /// could take (a hand holding none is offered nothing).
    interest: u64,
    /// A swap is looked for when a face of these is held (a run's own span; every face
    /// for a set with a joker in a suit it lacks).
    swap_gate: u64,
    /// The faces a joker swap could take ([`Turn::swappable`]).
    swappable: u64,
    /// The faces to try at the front and at the back (a set: only at the back, which
    /// decides both).
    try_front: u64,
    try_back: u64,
    group: bool,
    /// The faces tried so far at each end, and those that fit.
    tried_front: u64,
    tried_back: u64,
    ok_front: u64,
    ok_back: u64,
}

/// What a table meld offers the hand ([`Turn::table_fits`]): faces by bit index.
#[derive(Debug, Clone)]
struct MeldFits {
    /// The meld's place in the table's list, and its id.
    at: usize,
    meld: rummykit_core::MeldId,
    front: u64,
    back: u64,
    swap: u64,
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

/// An upper bound on the value of an opening of the cards of face counts `counts`
/// (faces held `held`, those that may be in a meld `meldable`; bits by face index): each
/// card at its highest value ([`max_value`]). A card in no meld without jokers can be in
/// an opening only in a meld with a joker, and such a meld is a run of one suit or a set
/// of one rank: with `j` jokers, only the cards of the `j` suits or ranks worth most
/// among those count, and each joker at most a card's highest value.
fn opening_bound(counts: &[u8; 53], held: u64, meldable: u64) -> u32 {
    let worth = |bits: u64| {
        let (mut value, mut bits) = (0, bits);
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            value += u32::from(counts[usize::from(i)]) * max_value(i);
        }
        value
    };
    let jokers = usize::from(counts[52]);
    if jokers == 0 || jokers >= 4 {
        return worth(meldable);
    }
    // The cards in some meld of naturals, and those only a joker can bring into one.
    let natural = meldable_of(held & NATURALS, 0);
    let extra = meldable & NATURALS & !natural;
    // The extra value of each suit (0–3) and rank (4–16); the `jokers` largest.
    let mut groups = [0u32; 17];
    let mut bits = extra;
    while bits != 0 {
        let i = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        let v = u32::from(counts[usize::from(i)]) * max_value(i);
        groups[usize::from(i / 13)] += v;
        groups[4 + usize::from(i % 13)] += v;
    }
    // (With two jokers or more a card may count twice, in its suit and its rank: the
    // bound is looser then, still a bound.)
    worth(natural) + largest(&groups, jokers) + worth(meldable & 1u64 << 52)
}

/// May the cards of face counts `counts` (faces held `held`, those that may be in a meld
/// `meldable`; bits by face index) go rummy, all but one in new melds or built onto the
/// table (`fits`: a face may be built, by index)? A necessary condition: each card in no
/// meld that fits nowhere is left, and at most one may be; and a card in no meld of
/// naturals that fits nowhere can only be in a meld with a joker, a run of one suit or a
/// set of one rank, so all such cards but one are in the `j` suits or ranks (for `j`
/// jokers) holding most of them.
fn may_go_rummy(counts: &[u8; 53], held: u64, meldable: u64, fits: impl Fn(u8) -> bool) -> bool {
    let (mut misfits, mut loose) = (0, held & !meldable);
    while loose != 0 && misfits <= 1 {
        let i = loose.trailing_zeros() as u8;
        loose &= loose - 1;
        if !fits(i) {
            misfits += counts[usize::from(i)];
        }
    }
    let jokers = usize::from(counts[52]);
    if misfits > 1 || !(1..4).contains(&jokers) {
        return misfits <= 1;
    }
    let (mut stray, mut groups) = (0, [0u32; 17]);
    let mut loose = held & NATURALS & !meldable_of(held & NATURALS, 0);
    while loose != 0 {
        let i = loose.trailing_zeros() as u8;
        loose &= loose - 1;
        if !fits(i) {
            let n = u32::from(counts[usize::from(i)]);
            stray += n;
            groups[usize::from(i / 13)] += n;
            groups[4 + usize::from(i % 13)] += n;
        }
    }
    stray <= largest(&groups, jokers) + 1
}

/// The sum of the `n` (at most three) largest of `groups`.
fn largest(groups: &[u32; 17], n: usize) -> u32 {
    let mut best = [0u32; 3];
    for &g in groups {
        // Into the descending top three (most groups are empty: one comparison).
        if g > best[2] {
            best[2] = g;
            if best[2] > best[1] {
                best.swap(1, 2);
                if best[1] > best[0] {
                    best.swap(0, 1);
                }
            }
        }
    }
    best.iter().take(n).sum()
}

/// The most a card of face index `i` can add to an opening: its rank value, a joker
/// (52) the most a card is worth. (Read from a table: it is asked per face held in the
/// bounds of every unopened hand.)
fn max_value(i: u8) -> u32 {
    /// By face index: a natural's index is its suit times 13 plus its number less one.
    const MAX_VALUES: [u32; 53] = {
        let mut t = [11; 53];
        let mut i = 0;
        while i < 52 {
            t[i] = rank_value(i as u8 % 13 + 1);
            i += 1;
        }
        t
    };
    MAX_VALUES.get(usize::from(i)).copied().unwrap_or(0)
}

impl Turn<'_> {
    /// The same position once `top` is taken from the pile.
    pub(crate) fn with_taken(&self, top: PieceId) -> Turn<'_> {
        Turn { taken: Some(top), ..*self }
    }

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

    /// The rummy's threshold (if the option asks for it) and its final discard, the hand
    /// then holding only that card (`RULES.md` §3.7).
    fn rummy_ok(&self, value: u32, discard: PieceId) -> bool {
        let needed = self.config.opening_threshold;
        if self.config.rummy_requires_opening_threshold && value < needed {
            return false;
        }
        let mut last = PieceSet::new();
        last.insert(discard);
        self.discard_allowed(last, discard).is_ok()
    }

    /// Per table meld (in id order, only those with something to offer), the faces
    /// `held` (bits by face index, the joker's 52 included) that the table's lay-off rule
    /// lets be built at its front and at its back,
    /// and those a joker swap could take ([`Turn::swappable`]). Only the faces that
    /// can fit are tried, once per meld and end: at a run's end the next card of its
    /// suit or a joker, on a set a card of its rank or a joker (at either end). What
    /// each meld could offer any hand, and the verdict of every try, are kept in
    /// `cache` while the table (by its stamp) and the rules stay the same.
    fn table_fits(&self, held: u64, fits: &mut Vec<MeldFits>, cache: &mut TableFaces) {
        fits.clear();
        let key = (self.table.stamp(), self.rules, self.config.set3_joker_swap);
        if cache.key != Some(key) {
            // Under the same rules, what a meld offers depends on its faces alone.
            let same_rules = cache.key.is_some_and(|(_, rules, swap)| (rules, swap) == (key.1, key.2));
            self.table_faces(cache, same_rules);
            cache.key = Some(key);
        }
        let melds = self.table.melds();
        for mf in &mut cache.melds {
            // A meld with none of the faces it could take held offers nothing.
            if held & mf.interest == 0 {
                continue;
            }
            let Some(m) = melds.get(mf.at) else { continue };
            let swap = if held & mf.swap_gate != 0 { mf.swappable & held } else { 0 };
            let (mut front, mut back) = (0u64, 0u64);
            // Does face `i` fit at `end`? Each meld, face and end validated once.
            let fits_at = |i: u32, end: RunEnd, tried: &mut u64, ok: &mut u64| {
                let bit = 1u64 << i;
                if *tried & bit == 0 {
                    *tried |= bit;
                    if Card::from_index(i as u8)
                        .is_some_and(|face| m.extended(face, end, &self.rules).is_ok())
                    {
                        *ok |= bit;
                    }
                }
                *ok & bit != 0
            };
            let mut try_bits = held & mf.try_back;
            while try_bits != 0 {
                let i = try_bits.trailing_zeros();
                try_bits &= try_bits - 1;
                if fits_at(i, RunEnd::Back, &mut mf.tried_back, &mut mf.ok_back) {
                    back |= 1u64 << i;
                }
            }
            if mf.group {
                // A set ignores the end: the check at its back decides both.
                front = back;
            } else {
                let mut try_bits = held & mf.try_front;
                while try_bits != 0 {
                    let i = try_bits.trailing_zeros();
                    try_bits &= try_bits - 1;
                    if fits_at(i, RunEnd::Front, &mut mf.tried_front, &mut mf.ok_front) {
                        front |= 1u64 << i;
                    }
                }
            }
            if front | back | swap != 0 {
                fits.push(MeldFits { at: mf.at, meld: mf.meld, front, back, swap });
            }
        }
    }

    /// Has `card` (the top discard, not in the hand; the player has opened, the draw
    /// phase) a play once taken, as the guard of the check of its take under
    /// `taken_discard_must_be_used_after_open` decides? `Some(true)`: it fits a table meld
    /// and a card of the hand may then go (the build leaves the hand as it is now);
    /// `Some(false)`: it fits no table meld and fails the cheap test of a meld with cards
    /// of the hand ([`Turn::may_meld_with`]); `None`: the check's search decides.
    /// `fits` and `cache` are [`Turn::table_fits`]' buffers.
    fn play_of_taken(&self, card: PieceId, fits: &mut Vec<MeldFits>, cache: &mut TableFaces) -> Option<bool> {
        let face = self.face(card)?;
        self.table_fits(1u64 << face.index(), fits, cache);
        let built = fits.iter().any(|f| f.front | f.back != 0);
        fits.clear();
        if built {
            self.with_taken(card).can_discard_from(self.hand).then_some(true)
        } else {
            (!self.may_meld_with(card)).then_some(false)
        }
    }

    /// Fills `cache` with what each meld of the table could offer some hand (see
    /// [`MeldFaces`]): the entry of a meld with the same id and faces as before kept
    /// with its tries if `reuse` (the rules are those it was made under), the others
    /// made anew, no try made yet.
    fn table_faces(&self, cache: &mut TableFaces, reuse: bool) {
        const JOKER: u64 = 1 << 52;
        let TableFaces { melds, before, joker_sets, .. } = cache;
        core::mem::swap(melds, before);
        melds.clear();
        let before: &[MeldFaces] = if reuse { before } else { &[] };
        // Both lists are in id order: the entry of a meld, if any, is met walking on.
        let mut next = 0;
        *joker_sets = self.table.melds().iter().any(|m| {
            m.meld().kind() == MeldKind::Group
                && m.meld().len() == 3
                && m.meld().faces().contains(&Card::JOKER)
        });
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
            // A valid meld holds a natural: its kind, suit and values say what it is
            // without reading its faces.
            let Some(first) = meld.value_at(0) else { continue };
            let Some(last) = meld.value_at(meld.len() - 1) else { continue };
            let (suit, number) = match meld.kind() {
                MeldKind::Run => (meld.run_suit().unwrap_or(0), first),
                MeldKind::Group => (0, first),
            };
            let mut mf = MeldFaces {
                at,
                meld: m.id(),
                faces: *meld,
                interest: 0,
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
                        0x1fffu64 << (suit * 13)
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
            mf.interest = mf.try_front | mf.try_back | mf.swappable;
            melds.push(mf);
        }
    }

    /// May cards of face counts `counts` hold an opening, and a rummy? Cheap necessary
    /// conditions, checked before the enumeration: an opening needs the cards that can be
    /// in a meld (and `required` among them) worth the threshold at their highest, and
    /// then, given the cards' `faces` (`None` when the openings are only counted), the
    /// exact [`can_open`] search (`RULES.md` §3.5); a rummy needs all cards but one in
    /// a meld or buildable onto the table (§3.7).
    fn prospects_of(
        &self,
        faces: Option<&[Card]>,
        (counts, held): &([u8; 53], u64),
        threshold: Option<u32>,
        required: Option<PieceId>,
        reach: &LazyReach<'_>,
    ) -> (bool, bool) {
        let (counts, held) = (counts, *held);
        // Which faces (bits by face index) may be in a meld, decided for all at once.
        let meldable = meldable_of(held & NATURALS, usize::from(counts[52]));
        if let Some(r) = required.and_then(|r| self.face(r))
            && meldable & (1u64 << r.index()) == 0
        {
            return (false, false);
        }
        if meldable == 0 {
            return (false, false);
        }
        let may_open = match threshold {
            None => true,
            // The exact search (§3.5) only where the enumeration could be long: with two
            // jokers a hand has many melds and listing its openings by identity costs
            // more; otherwise, or when they are only counted, the enumeration decides as
            // cheaply.
            Some(t) => {
                opening_bound(counts, held, meldable) >= t
                    && (counts[52] < 2 || faces.is_none_or(|faces| can_open(faces, t, self.config)))
            }
        };
        // (The faces that fit, decided for all at once: most hands ask about several.)
        let fit = reach.get().fitting(counts, held);
        (may_open, may_go_rummy(counts, held, meldable, |i| fit & 1u64 << i != 0))
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

    /// Every meld formable from `cards`, by faces.
    pub(crate) fn face_melds(&self, cards: PieceSet) -> Vec<ValuedMeld> {
        self.with_faces(cards, |faces| self.face_melds_of(faces))
    }

    /// [`Turn::face_melds`] of the faces of the cards: core's [`for_each_face_meld`] of
    /// the faces present (a card's second copy gives no other meld) and the jokers.
    fn face_melds_of(&self, faces: &[Card]) -> Vec<ValuedMeld> {
        let mut out = Vec::new();
        self.face_melds_into(FaceBits::of(faces), &mut out);
        out
    }

    /// [`Turn::face_melds_of`] into `out` (emptied first; a buffer kept from one
    /// enumeration to the next: a hand with a joker has a hundred melds or more).
    fn face_melds_into(&self, FaceBits { naturals, jokers }: FaceBits, out: &mut Vec<ValuedMeld>) {
        out.clear();
        for_each_face_meld(naturals, jokers, &self.rules, |m| {
            let fm = ValuedMeld::of(m);
            debug_assert_eq!(
                Some(fm.value),
                Meld::new(m.kind(), m.faces(), &self.rules).ok().map(|meld| meld_value(&meld)),
                "{:?}",
                m.faces()
            );
            out.push(fm);
        });
    }

    /// The melds of core's [`hand_melds`](rummykit_core::hand_melds) (by positions in
    /// the hand), by faces, each valued by the validator's meld: the reference for
    /// [`Turn::face_melds_of`].
    #[cfg(test)]
    fn face_melds_by_position(&self, faces: &[Card]) -> Vec<ValuedMeld> {
        let Ok(melds) = rummykit_core::hand_melds(faces, &self.rules) else { return Vec::new() };
        let mut out = Vec::with_capacity(melds.len());
        out.extend(melds.iter().filter_map(|hm| {
            let mut buf = [Card::JOKER; MAX_MELD_LEN];
            let mut len = 0;
            for &f in hm.select(faces) {
                *buf.get_mut(len)? = f;
                len += 1;
            }
            let meld = Meld::new(hm.kind(), &buf[..len], &self.rules).ok()?;
            Some(ValuedMeld::new(hm.kind(), &buf[..len], meld_value(&meld)))
        }));
        out
    }

    /// Every batch of disjoint melds from `cards` worth `threshold` (if any) that keeps a
    /// card back and holds `required`, by identity, normalized: its key onto `keys` (its
    /// bytes onto `arena`, see [`expand`]), in order, once. With `bound`, an
    /// upper bound on the value (every card that is in some meld, at its highest value)
    /// skips hands that cannot reach the threshold.
    #[allow(clippy::too_many_arguments)]
    fn openings(
        &self,
        cards: PieceSet,
        (counts, held): &([u8; 53], u64),
        fms: &mut [ValuedMeld],
        threshold: Option<u32>,
        required: Option<PieceId>,
        bound: bool,
        arena: &mut Vec<u8>,
        keys: &mut Vec<Key>,
        scratch: &mut Scratch,
        mut counted: Option<Counted<'_, '_>>,
        mut rummy: Option<&mut RummySearch<'_>>,
    ) {
        if fms.is_empty() {
            return;
        }
        let (counts, held) = (*counts, *held);
        if bound {
            // The faces in some meld, by bit.
            let covered = fms.iter().fold(0u64, |bits, fm| bits | fm.mask);
            if let Some(r) = required.and_then(|r| self.face(r))
                && covered & (1u64 << r.index()) == 0
            {
                return;
            }
            if let Some(t) = threshold {
                let (mut most, mut bits) = (0, covered);
                while bits != 0 {
                    let i = bits.trailing_zeros() as u8;
                    bits &= bits - 1;
                    most += u32::from(counts[usize::from(i)]) * max_value(i);
                }
                if most < t {
                    return;
                }
            }
        }
        let total = cards.len();
        // The ids by face, listed once a batch is found (most hands hold none).
        let mut by_face = None;
        // Collected unsorted, with repeats, then sorted and deduplicated once.
        let mut melds: Vec<&ValuedMeld> = Vec::new();
        // With `required`, only the batches with a meld of its face: those melds moved
        // first (in place), one of them first in every batch (the result is sorted, the
        // order is free).
        let roots = match required.and_then(|r| self.face(r)) {
            Some(face) => {
                let bit = 1u64 << face.index();
                let mut roots = 0;
                for i in 0..fms.len() {
                    if fms[i].mask & bit != 0 {
                        fms.swap(roots, i);
                        roots += 1;
                    }
                }
                roots
            }
            None => fms.len(),
        };
        let fms = &*fms;
        let required_face = required.and_then(|r| self.face(r)).map(|f| f.index());
        let copies = Copies::of(&counts, held);
        // The rummies' search (if any) walks the same multisets: a rummy holds `required`
        // too, so only those with a root meld, and its skipping of stuck cards becomes a
        // flag, as the openings need every multiset.
        let stuck = rummy.as_mut().map(|r| r.stuck_for(fms)).unwrap_or_default();
        let every = true;
        let mut walk = core::mem::take(&mut scratch.walk);
        let supply = (counts, held, copies);
        combos(fms, roots, supply, &stuck, every, &mut walk, &mut |chosen, used, value, rest, alive| {
            if alive && let Some(r) = rummy.as_mut() {
                r.visit(self, fms, chosen, used, value, rest);
            }
            if used < total && threshold.is_none_or(|t| value >= t) {
                if let Some(c) = counted.as_mut() {
                    // Counted, not listed: the rules of what is left depend on faces only.
                    if c.after.can_discard_counts(rest, total - used, held) {
                        let count = batch_count(fms, chosen, &counts, copies, required_face);
                        c.groups.push(true, c.take, chosen, count);
                    }
                    return;
                }
                melds.clear();
                melds.extend(chosen.iter().map(|&i| &fms[i]));
                let by_face = by_face.get_or_insert_with(|| self.ids_by_face(cards));
                expand(&melds, by_face, required, arena, keys, scratch);
            }
        });
        scratch.walk = walk;
        if let Some(r) = rummy {
            r.done = true;
        }
        sort_keys(arena, keys);
    }

    /// The search of every way to go rummy with `cards` (`RULES.md` §3.7): new melds
    /// (holding `required`), builds onto the melds on the table, in their normal order,
    /// and the one card left as the discard; with the melds' value. `None` when there is
    /// none to look for: no meld, or (with `bound`) two cards that are in no meld and fit
    /// no table meld. Run by [`Turn::openings`] along its own walk, or alone
    /// ([`RummySearch::run`]).
    fn rummy_search<'r>(
        &self,
        cards: PieceSet,
        (counts, present): &([u8; 53], u64),
        fms: &[ValuedMeld],
        required: Option<PieceId>,
        bound: bool,
        reach: &'r LazyReach<'_>,
    ) -> Option<RummySearch<'r>> {
        if fms.is_empty() {
            return None;
        }
        let (counts, present) = (*counts, *present);
        let reach = reach.get();
        // `present`: the faces held, by bit, the only counts the search can leave non-zero.
        if bound {
            // The faces held in no meld: every card of them must be built.
            let covered = fms.iter().fold(0u64, |bits, fm| bits | fm.mask);
            let loose = present & !covered;
            let (mut misfits, mut stuck) = (0, loose & !reach.fitting(&counts, loose));
            while stuck != 0 {
                misfits += counts[stuck.trailing_zeros() as usize];
                stuck &= stuck - 1;
            }
            if misfits > 1 {
                return None;
            }
        }
        // A card that fits no table meld with all the cards at hand fits none with fewer.
        let mut misfit = 0u64;
        // The table's melds by faces, copied once for every search of builds below.
        let mut table: Vec<Meld<Card>> = Vec::new();
        if bound {
            misfit = present & !reach.fitting(&counts, present);
            table.extend(self.table.melds().iter().map(|m| *m.meld()));
        }
        Some(RummySearch {
            cards,
            total: cards.len(),
            counts,
            present,
            required,
            bound,
            reach,
            misfit,
            table,
            by_face: None,
            out: Vec::new(),
            melds: Vec::new(),
            arena: Vec::new(),
            keys: Vec::new(),
            scratch: Scratch::default(),
            done: false,
        })
    }

    /// Can `left` cards (face counts `rest`) all but one be built onto `table` (meld faces),
    /// in normal order from meld `at` and `end` on? The face-level version of
    /// [`Turn::build_all_but_one`], trying only the cards that can fit an end.
    fn builds_all_but_one(
        &self,
        table: &mut [Meld<Card>],
        at: usize,
        end: RunEnd,
        rest: &mut [u8; 53],
        left: usize,
    ) -> bool {
        if left <= 1 {
            return true;
        }
        let Some(&meld) = table.get(at) else { return false };
        let mut candidates = [Card::JOKER; 5];
        let mut n = 0;
        if let Some(natural) = meld.faces().iter().copied().find(|f| !f.is_joker())
            && let (Some(suit), Some(number)) = (natural.suit_index(), natural.number())
        {
            match meld.kind() {
                MeldKind::Group => {
                    for s in 0..4u8 {
                        candidates[n] = Card::from_index(s * 13 + number - 1).unwrap_or(Card::JOKER);
                        n += 1;
                    }
                }
                MeldKind::Run => {
                    let rank = |v: u8| (v + 12) % 13 + 1;
                    let r = match end {
                        RunEnd::Front => {
                            meld.value_at(0).map(|v| if rank(v) == 1 { 13 } else { rank(v) - 1 })
                        }
                        RunEnd::Back => {
                            meld.value_at(meld.len() - 1).map(|v| if rank(v) == 13 { 1 } else { rank(v) + 1 })
                        }
                    };
                    if let Some(r) = r {
                        candidates[n] = Card::from_index(suit * 13 + r - 1).unwrap_or(Card::JOKER);
                        n += 1;
                    }
                }
            }
        }
        candidates[n] = Card::JOKER;
        n += 1;
        for &face in &candidates[..n] {
            let i = face.index() as usize;
            if rest[i] == 0 {
                continue;
            }
            let mut faces = [Card::JOKER; rummykit_core::MAX_MELD_LEN];
            let len = meld.len();
            if len >= faces.len() {
                continue;
            }
            if end == RunEnd::Front && meld.kind() == MeldKind::Run {
                faces[0] = face;
                faces[1..=len].copy_from_slice(meld.faces());
            } else {
                faces[..len].copy_from_slice(meld.faces());
                faces[len] = face;
            }
            let Ok(longer) = Meld::new(meld.kind(), &faces[..=len], &self.rules) else { continue };
            table[at] = longer;
            rest[i] -= 1;
            let ok = self.builds_all_but_one(table, at, end, rest, left - 1);
            rest[i] += 1;
            table[at] = meld;
            if ok {
                return true;
            }
        }
        match end {
            RunEnd::Front => self.builds_all_but_one(table, at, RunEnd::Back, rest, left),
            RunEnd::Back => self.builds_all_but_one(table, at + 1, RunEnd::Front, rest, left),
        }
    }

    /// Every sequence of builds, in normal order from meld `at` and `end` on, that lays
    /// all of `left` but one card onto `table`; calls `emit(builds, that card)`. The
    /// builds so far changed only meld `at` (the earlier ones are done with): `current`
    /// is that meld as they left it (`None`: as on the table), so no table is copied.
    #[allow(clippy::too_many_arguments)]
    fn build_all_but_one(
        &self,
        table: &MeldTable<Card>,
        at: usize,
        end: RunEnd,
        current: Option<Meld<Card>>,
        left: PieceSet,
        builds: &mut Vec<RummyLayOff>,
        emit: &mut dyn FnMut(&[RummyLayOff], PieceId),
    ) {
        if left.len() == 1 {
            if let Some(d) = left.first() {
                emit(builds, d);
            }
            return;
        }
        let Some(target) = table.melds().get(at) else { return };
        let id = target.id();
        let meld = current.unwrap_or(*target.meld());
        for p in left {
            // The cards left are in hand, on no meld: whether one fits is the meld's own
            // rule, the one the table's `lay_off` applies, and gives the longer meld.
            let Some(longer) = self
                .face(p)
                .filter(|&face| may_extend(&meld, face))
                .and_then(|face| meld.extended(face, end, &self.rules).ok())
            else {
                continue;
            };
            let mut rest = left;
            rest.remove(p);
            builds.push(RummyLayOff::new(p, id, end));
            self.build_all_but_one(table, at, end, Some(longer), rest, builds, emit);
            builds.pop();
        }
        match end {
            RunEnd::Front => self.build_all_but_one(table, at, RunEnd::Back, Some(meld), left, builds, emit),
            RunEnd::Back => self.build_all_but_one(table, at + 1, RunEnd::Front, None, left, builds, emit),
        }
    }

    /// `f` of the faces of `cards`, in id order (see [`on_stack`]).
    fn with_faces<R>(&self, cards: PieceSet, f: impl FnOnce(&[Card]) -> R) -> R {
        on_stack(Card::JOKER, self.catalog.faces_of(cards).map(|(_, face)| face), f)
    }

    /// `f` of the faces of the hand and `top` (not in it), in id order: from the hand's
    /// listed cards if there are any.
    fn with_faces_and<R>(&self, top: PieceId, f: impl FnOnce(&[Card]) -> R) -> R {
        let mut with_top = self.hand;
        let not_held = with_top.insert(top);
        match (self.hand_cards(), self.face(top)) {
            // A hand of at most 31 cards fits the buffer with the top card (a chain of
            // iterators into `on_stack` cost a third of the draw phase's listing).
            (Some(cards), Some(top_face)) if not_held && cards.len() < 32 => {
                let mut buf = [Card::JOKER; 32];
                let at = cards.partition_point(|&(p, _)| p < top);
                for (slot, &(_, face)) in buf.iter_mut().zip(&cards[..at]) {
                    *slot = face;
                }
                buf[at] = top_face;
                for (slot, &(_, face)) in buf[at + 1..].iter_mut().zip(&cards[at..]) {
                    *slot = face;
                }
                f(&buf[..=cards.len()])
            }
            _ => self.with_faces(with_top, f),
        }
    }

    /// Calls `f(kind, pieces)` for new melds of cards of the hand holding `card` (every
    /// meld by faces, every choice of identities, normalized) until it returns `true`;
    /// `true` if it did. The melds of the obligation to play a card this turn.
    pub(crate) fn any_meld_with(
        &self,
        card: PieceId,
        f: &mut dyn FnMut(MeldKind, &[PieceId]) -> bool,
    ) -> bool {
        let Some(face) = self.face(card) else { return false };
        let hand = self.hand;
        // A card that may be in no meld by the cheap test is in none: nothing to list
        // (the test reads the hand's ids: no face is listed for it).
        if !self.may_meld_with(card) {
            return false;
        }
        let mut by_face = None;
        let (mut arena, mut keys, mut scratch) = (Vec::new(), Vec::new(), Scratch::default());
        for fm in self.face_melds(hand).iter().filter(|fm| fm.faces().contains(&face)) {
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
            if held && placed && f(fm.kind, &pieces[..fm.faces().len()]) {
                return true;
            }
            let by_face = by_face.get_or_insert_with(|| self.ids_by_face(hand));
            arena.clear();
            keys.clear();
            expand(&[fm], by_face, Some(card), &mut arena, &mut keys, &mut scratch);
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
                    return true;
                }
            }
        }
        false
    }

    /// The ids of `cards` by face index.
    pub(crate) fn ids_by_face(&self, cards: PieceSet) -> [PieceSet; 53] {
        ids_by_face(self.catalog, cards)
    }

    /// [`face_counts`] of the faces of `cards`, read from their ids (no list made).
    fn face_counts(&self, cards: PieceSet) -> ([u8; 53], u64) {
        let (mut counts, mut held) = ([0u8; 53], 0u64);
        self.catalog.faces_of(cards).for_each(|(_, face)| {
            counts[face.index() as usize] += 1;
            held |= 1u64 << face.index();
        });
        (counts, held)
    }

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

/// Where [`Turn::openings`] counts its batches instead of listing them: into
/// `groups`, as openings after taking the top discard if `take`, each multiset kept if
/// what it leaves can be discarded from in `after` (the position after the take).
struct Counted<'a, 'p> {
    groups: &'a mut Groups,
    take: bool,
    after: &'a Turn<'p>,
}

/// The most melds in one batch: a batch keeps a card back, so 13 cards of a hand of at
/// most 14 (`HAND_SIZE` and the card drawn) make at most four melds of three.
const MAX_BATCH: usize = 4;

impl Groups {
    /// A group of `count` batches (none: nothing is added) of the melds at `chosen`.
    fn push(&mut self, open: bool, take: bool, chosen: &[usize], count: u32) {
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
struct Copies {
    twice: u64,
    more: bool,
}

impl Copies {
    fn of(counts: &[u8; 53], held: u64) -> Copies {
        let mut copies = Copies { twice: 0, more: false };
        let mut bits = held & NATURALS;
        while bits != 0 {
            let i = bits.trailing_zeros();
            bits &= bits - 1;
            match counts[i as usize] {
                2 => copies.twice |= 1u64 << i,
                c => copies.more |= c > 2,
            }
        }
        copies
    }
}

/// [`batch_count_general`] of a multiset that `counts` supplies, by bit operations: with
/// at most two copies of a natural, the ordered choices for a natural face needed once
/// or twice number 2 if two copies are held and 1 if one is, so the naturals give a
/// power of two, and only the jokers need the general factor.
fn batch_count(
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
fn batch_count_general(fms: &[ValuedMeld], chosen: &[usize], counts: &[u8; 53], required: Option<u8>) -> u32 {
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

/// The faces of a hand as bits: the naturals held (by face index) and the number of
/// jokers, read once per enumeration for everything that asks.
#[derive(Debug, Clone, Copy)]
struct FaceBits {
    naturals: u64,
    jokers: usize,
}

impl FaceBits {
    fn of(faces: &[Card]) -> FaceBits {
        let mut bits = FaceBits { naturals: 0, jokers: 0 };
        for f in faces {
            bits.add(*f);
        }
        bits
    }

    /// From the counts of [`face_counts`].
    fn of_counts((counts, held): &([u8; 53], u64)) -> FaceBits {
        FaceBits { naturals: held & NATURALS, jokers: usize::from(counts[52]) }
    }

    fn add(&mut self, f: Card) {
        if f.is_joker() {
            self.jokers += 1;
        } else {
            self.naturals |= 1u64 << f.index();
        }
    }

    /// The faces held, the joker's bit 52 included.
    fn held(&self) -> u64 {
        self.naturals | if self.jokers > 0 { 1u64 << 52 } else { 0 }
    }
}

/// The count of each face of `faces` (by face index, the joker's 52) and the faces
/// held (bits by face index): listed once per enumeration for everything that asks.
fn face_counts(faces: &[Card]) -> ([u8; 53], u64) {
    let (mut counts, mut held) = ([0u8; 53], 0u64);
    for face in faces {
        counts[face.index() as usize] += 1;
        held |= 1u64 << face.index();
    }
    (counts, held)
}

/// The ids of `cards` by face index.
fn ids_by_face(catalog: Catalog<Card>, cards: PieceSet) -> [PieceSet; 53] {
    let mut by_face = [PieceSet::new(); 53];
    catalog.faces_of(cards).for_each(|(p, f)| {
        by_face[f.index() as usize].insert(p);
    });
    by_face
}

/// Every assignment of card identities (`by_face`, from [`Turn::ids_by_face`])
/// to the faces of `melds` that holds `required` (if any), normalized, as keys onto
/// `keys`, their bytes onto `arena`: unsorted and possibly repeated (two copies of one
/// meld swap their cards), for the caller to sort and deduplicate once
/// ([`sort_keys`]).
///
/// A batch's key orders and compares as its sorted `Vec<NewMeld>` would: each meld
/// as its kind (2 a set, 3 a run: `MeldKind`'s order), its ids plus 2, then 1 (a
/// shorter meld first, as a shorter list); the melds in their order, then 0. No
/// `NewMeld` is built until an action is asked for ([`decode_batch`]).
fn expand(
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
    chosen.clear();
    let mut used = PieceSet::new();
    assign(slots, by_face, chosen, &mut used, &mut |picked| {
        if required.is_some_and(|r| !picked.contains(&r)) {
            return;
        }
        ids.clear();
        ids.extend_from_slice(picked);
        spans.clear();
        let mut k = 0;
        for m in melds {
            let len = m.faces().len();
            normalize_pieces(m.kind, &mut ids[k..k + len]);
            spans.push((m.kind, k, len));
            k += len;
        }
        // The melds in order (few: an insertion sort).
        let ids = &ids[..];
        let key = |&(kind, at, len): &(MeldKind, usize, usize)| (kind, &ids[at..at + len]);
        for i in 1..spans.len() {
            let mut j = i;
            while j > 0 && key(&spans[j - 1]) > key(&spans[j]) {
                spans.swap(j - 1, j);
                j -= 1;
            }
        }
        let start = arena.len();
        for &(kind, at, len) in spans.iter() {
            arena.push(if kind == MeldKind::Group { 2 } else { 3 });
            arena.extend(ids[at..at + len].iter().map(|p| p.index() + 2));
            arena.push(1);
        }
        arena.push(0);
        keys.push(start..arena.len());
    });
}

/// Which cards could ever be built onto the table, given the other cards available:
/// an over-approximation used to skip rummy candidates that leave two cards that fit
/// nowhere. A natural fits a run of its suit if the values between them can be filled
/// by cards of that suit or jokers from the same cards, and a set of its rank with room;
/// a joker fits if any meld has room. (Rummy 40's ace policies never turn the corner,
/// so a run is a plain range of values 1–14.)
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Reach {
    /// Runs on the table: suit, lowest and highest value (the first `run_count`; on the
    /// stack, as a reach is made on many turns).
    runs: [(u8, u8, u8); MAX_RUNS],
    run_count: usize,
    /// More runs than `runs` holds (never with the packs of the rules): every natural
    /// is then taken to fit, which keeps the bound safe.
    crowded: bool,
    /// Ranks (bits 1–13) of the sets with room.
    numbers: u16,
    jokers: bool,
}

/// The most runs a table can hold: the largest pack (108 cards) in runs of three.
const MAX_RUNS: usize = 36;

/// A [`Reach`] of the table, made the first time it is asked for (most enumerations
/// are settled before any card's fit on the table matters).
struct LazyReach<'a> {
    table: &'a MeldTable<Card>,
    reach: core::cell::OnceCell<Reach>,
}

impl<'a> LazyReach<'a> {
    /// The reach of `table`, already made if `kept` was made from it (equal stamps
    /// mean equal tables).
    fn kept(table: &'a MeldTable<Card>, kept: Option<&(u64, Reach)>) -> LazyReach<'a> {
        let reach = core::cell::OnceCell::new();
        if let Some(&(_, made)) = kept.filter(|(stamp, _)| *stamp == table.stamp()) {
            let _ = reach.set(made);
        }
        LazyReach { table, reach }
    }

    /// Keeps the reach, if it was made, for the next [`LazyReach::kept`].
    fn keep(&self, into: &mut Option<(u64, Reach)>) {
        if let Some(&made) = self.reach.get() {
            *into = Some((self.table.stamp(), made));
        }
    }

    fn get(&self) -> &Reach {
        self.reach.get_or_init(|| Reach::of(self.table))
    }
}

impl Reach {
    fn of(table: &MeldTable<Card>) -> Reach {
        let mut reach =
            Reach { runs: [(0, 0, 0); MAX_RUNS], run_count: 0, crowded: false, numbers: 0, jokers: false };
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
        reach
    }

    /// Could `face` be built, with the cards `counts` (by face) to fill the gaps? Face
    /// by face, the plain rule that [`Reach::fitting`] decides for all faces at once (the
    /// tests' reference).
    #[cfg(test)]
    fn fits(&self, face: Card, counts: &[u8; 53]) -> bool {
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
    fn fitting(&self, counts: &[u8; 53], faces: u64) -> u64 {
        let mut out = if self.jokers { 1u64 << 52 } else { 0 };
        if faces & NATURALS == 0 {
            return out & faces;
        }
        if self.crowded {
            return (out | NATURALS) & faces;
        }
        // A set with room takes its rank in every suit (bits 0, 13, 26, 39 for the ace).
        const RANK: u64 = 1 | 1 << 13 | 1 << 26 | 1 << 39;
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
    fn all_but_one(&self, rest: &[u8; 53], faces: u64) -> bool {
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

/// [`meldable_of`] of the hand `faces` (the tests' way to ask it).
#[cfg(test)]
fn meldable_faces(faces: &[Card]) -> u64 {
    let bits = FaceBits::of(faces);
    meldable_of(bits.naturals, bits.jokers)
}

/// Which faces of a hand may be in a meld (bits by face index; bit 52: the jokers), the
/// hand given as the naturals it holds (bits by face index) and its number of jokers: a
/// cheap over-approximation of "in some meld", checked before the exact meld
/// enumeration. A natural may be if two more cards of its rank in other suits, or a
/// window of three values of its suit around it, are held or filled by jokers (joker
/// limits aside); a joker if a natural is held. Bit operations on the faces held, every
/// suit and rank at once: the same as the plain `Held::meldable_faces` of the tests,
/// without building a `Held`, as it is asked on every turn.
fn meldable_of(present: u64, jokers: usize) -> u64 {
    if present == 0 {
        return 0;
    }
    let joker_bit = if jokers > 0 { 1u64 << 52 } else { 0 };
    if jokers >= 2 {
        // Two jokers complete any window of three values around a card.
        return present | joker_bit;
    }
    let one_joker = jokers == 1;
    let suit = |s: u32| (present >> (s * 13)) & 0x1fff;
    let (a, b, c, d) = (suit(0), suit(1), suit(2), suit(3));
    // The ranks (bit number - 1) held in three suits, or in two with a joker.
    let ranks = if one_joker {
        (a & b) | (a & c) | (a & d) | (b & c) | (b & d) | (c & d)
    } else {
        (a & b & c) | (a & b & d) | (a & c & d) | (b & c & d)
    };
    // The four suits side by side in lanes of 16 bits, all decided at once. Values 1–14
    // (the ace as both): the windows w, w + 1, w + 2 (1 ≤ w ≤ 12) held, or all but one
    // with a joker, and the values they cover, back as faces. A shift down by two brings
    // a lane's lowest values into the top of the lane below, which the windows' mask
    // drops.
    const LANES: u64 = 0x0001_0001_0001_0001;
    let lanes = a | b << 16 | c << 32 | d << 48;
    let values = (lanes << 1) | (lanes & LANES) << 14;
    let (x, y, z) = (values, values >> 1, values >> 2);
    let windows = if one_joker { (x & y) | (x & z) | (y & z) } else { x & y & z } & (0x1ffe * LANES);
    let covered = windows | windows << 1 | windows << 2;
    let by_run = ((covered >> 1) | (covered & (LANES << 14)) >> 14) & (0x1fff * LANES);
    let out = lanes & ((ranks * LANES) | by_run);
    joker_bit
        | (out & 0x1fff)
        | ((out >> 16) & 0x1fff) << 13
        | ((out >> 32) & 0x1fff) << 26
        | ((out >> 48) & 0x1fff) << 39
}

/// The cards held, as bitmasks: which suits hold each rank, which values (1–14, the ace
/// as both 1 and 14) each suit holds, and the jokers. [`Held::meldable`] decides one
/// card plainly: the reference the bit operations of [`meldable_faces`] are tested
/// against.
#[cfg(test)]
struct Held {
    suits_of_rank: [u8; 14],
    values_of_suit: [u16; 4],
    jokers: u32,
    naturals: bool,
}

#[cfg(test)]
impl Held {
    /// The cards held among `faces`.
    fn of_faces(faces: impl IntoIterator<Item = Card>) -> Held {
        let mut held = Held { suits_of_rank: [0; 14], values_of_suit: [0; 4], jokers: 0, naturals: false };
        for face in faces {
            let (Some(s), Some(r)) = (face.suit_index(), face.number()) else {
                held.jokers += 1;
                continue;
            };
            held.suits_of_rank[usize::from(r)] |= 1 << s;
            held.values_of_suit[usize::from(s)] |= 1 << r;
            if r == 1 {
                held.values_of_suit[usize::from(s)] |= 1 << 14;
            }
            held.naturals = true;
        }
        held
    }

    /// Could `face` (held) be in a meld with the other cards held: two more cards of its
    /// rank in other suits, or a window of three values of its suit around it filled by
    /// cards or jokers — counting jokers for either (joker limits aside).
    #[inline]
    fn meldable(&self, face: Card) -> bool {
        let (Some(suit), Some(number)) = (face.suit_index(), face.number()) else {
            // A joker needs a natural to stand with.
            return self.naturals;
        };
        if self.jokers >= 2 {
            // Two jokers complete any window of three values around the card.
            return true;
        }
        // At most one joker from here on: "n bits ≤ jokers" without counting bits (no
        // `popcnt` on the baseline x86-64 target).
        let one_joker = self.jokers == 1;
        let others = self.suits_of_rank[usize::from(number)] & !(1 << suit);
        if (one_joker && others != 0) || others & others.wrapping_sub(1) != 0 {
            return true;
        }
        // A window of values w, w + 1, w + 2 (1 ≤ w ≤ 12) holding `v`, with every value
        // held or (one joker) all but one: bit w of `windows`.
        let held = u32::from(self.values_of_suit[usize::from(suit)]);
        let window_with = |v: u8| {
            let (a, b, c) = (held | 1 << v, (held | 1 << v) >> 1, (held | 1 << v) >> 2);
            let windows = if one_joker { (a & b) | (a & c) | (b & c) } else { a & b & c };
            windows & ((0b111u32 << v) >> 2) & 0x1ffe != 0
        };
        window_with(number) || (number == 1 && window_with(14))
    }

    /// [`Held::meldable`] of every face held at once: bit `i` set for a face of index
    /// `i` that is held and meldable (bit 52: the jokers, if held and meldable).
    fn meldable_faces(&self) -> u64 {
        let mut out = 0u64;
        if self.jokers > 0 && self.naturals {
            out |= 1 << 52;
        }
        let one_joker = self.jokers == 1;
        for suit in 0..4u8 {
            let held = u32::from(self.values_of_suit[usize::from(suit)]);
            if held == 0 {
                continue;
            }
            // Windows of three values (starting at 1–12) held, or all but one with a
            // joker; the values they cover (the ace as 1 or 14).
            let (a, b, c) = (held, held >> 1, held >> 2);
            let windows = if one_joker { (a & b) | (a & c) | (b & c) } else { a & b & c } & 0x1ffe;
            let covered = windows | windows << 1 | windows << 2;
            let mut values = held & 0x3ffe; // the naturals held, by number 1–13
            while values != 0 {
                let v = values.trailing_zeros();
                values &= values - 1;
                let number = v as u8;
                let by_run = covered & 1 << v != 0 || (number == 1 && covered & 1 << 14 != 0);
                let others = self.suits_of_rank[usize::from(number)] & !(1 << suit);
                let by_set = (one_joker && others != 0) || others & others.wrapping_sub(1) != 0;
                if self.jokers >= 2 || by_set || by_run {
                    out |= 1u64 << (suit * 13 + number - 1);
                }
            }
        }
        out
    }
}

/// The search of the ways to go rummy ([`Turn::rummy_search`]): what the visit of each
/// multiset of new melds reads, and the rummies found, collected unsorted.
struct RummySearch<'r> {
    cards: PieceSet,
    total: usize,
    counts: [u8; 53],
    present: u64,
    required: Option<PieceId>,
    bound: bool,
    reach: &'r Reach,
    /// With `bound`, the faces held that fit no table meld (bits by face index).
    misfit: u64,
    /// The table's melds by faces (with `bound`: the builds' search by faces).
    table: Vec<Meld<Card>>,
    /// The ids by face, listed once a candidate is found (most hands hold none).
    by_face: Option<[PieceSet; 53]>,
    out: Vec<Rummy>,
    /// Buffers reused from one multiset to the next.
    melds: Vec<ValuedMeld>,
    arena: Vec<u8>,
    keys: Vec<Key>,
    scratch: Scratch,
    /// The multisets were walked (by the openings' search).
    done: bool,
}

impl RummySearch<'_> {
    /// Per place in `fms`, the faces that must be melded or built but are in no meld
    /// from that place on: a multiset whose last meld is there and that leaves two such
    /// cards leads to no rummy (a card of a face in no meld still to be chosen stays in
    /// hand). Nothing without `bound`.
    fn stuck_for(&self, fms: &[ValuedMeld]) -> Vec<u64> {
        let mut stuck = Vec::new();
        if self.bound {
            stuck.resize(fms.len(), 0);
            let mut later = 0u64;
            for (i, fm) in fms.iter().enumerate().rev() {
                later |= fm.mask;
                stuck[i] = self.misfit & !later;
            }
        }
        stuck
    }

    /// The search on its own, over every multiset of `fms`.
    fn run(&mut self, pos: &Turn<'_>, fms: &[ValuedMeld]) {
        let stuck = self.stuck_for(fms);
        let counts = self.counts;
        let mut walk = core::mem::take(&mut self.scratch.walk);
        let supply = (counts, self.present, Copies::of(&counts, self.present));
        combos(fms, fms.len(), supply, &stuck, false, &mut walk, &mut |chosen, used, value, rest, _| {
            self.visit(pos, fms, chosen, used, value, rest);
        });
        self.scratch.walk = walk;
        self.done = true;
    }

    /// The rummies of the multiset `fms[chosen]` (`used` cards, worth `value`, leaving
    /// the face counts `rest`).
    fn visit(
        &mut self,
        pos: &Turn<'_>,
        fms: &[ValuedMeld],
        chosen: &[usize],
        used: usize,
        value: u32,
        rest: &[u8; 53],
    ) {
        let left = self.total - used;
        // Every left card but the discard is built: at most one may fit nowhere.
        if left == 0 || (left > 1 && !self.reach.all_but_one(rest, self.present)) {
            return;
        }
        if self.bound && left > 1 {
            // By faces first: can all but one of the left cards be built at all? (The
            // search leaves `table` as it found it.)
            let mut rest = *rest;
            if !pos.builds_all_but_one(&mut self.table, 0, RunEnd::Front, &mut rest, left) {
                return;
            }
        }
        let RummySearch { cards, required, by_face, out, melds, arena, keys, scratch, .. } = self;
        melds.clear();
        melds.extend(chosen.iter().map(|&i| fms[i]));
        let refs: Vec<&ValuedMeld> = melds.iter().collect();
        arena.clear();
        keys.clear();
        let by_face = by_face.get_or_insert_with(|| pos.ids_by_face(*cards));
        expand(&refs, by_face, *required, arena, keys, scratch);
        sort_keys(arena, keys);
        for key in keys.iter() {
            let ms = decode_batch(&arena[key.clone()]);
            let left = without(*cards, &ms);
            let mut builds = Vec::new();
            pos.build_all_but_one(pos.table, 0, RunEnd::Front, None, left, &mut builds, &mut |b, d| {
                out.push((ms.clone(), b.to_vec(), d, value));
            });
        }
    }

    /// The rummies found, sorted, each once.
    fn finish(mut self) -> Vec<Rummy> {
        self.out.sort_unstable();
        self.out.dedup();
        self.out
    }
}

/// What [`combos`] calls for each multiset of melds: `(chosen, cards used, value, face
/// counts left, no two stuck cards left)`.
type Visit<'a> = dyn FnMut(&[usize], usize, u32, &[u8; 53], bool) + 'a;

/// Calls `visit(chosen, cards used, value, face counts left)` for every non-empty
/// multiset of `melds` that `counts` can supply (the faces it holds `held`, its
/// [`Copies`] `copies`) and that holds one of the first `roots` melds; but skips every
/// multiset (and those it leads to) whose last meld is `melds[i]` and whose counts left
/// hold two cards or more of the faces `stuck[i]` (bits by face index; no skipping past
/// the end of `stuck`). With `every`, nothing is skipped: those multisets are visited
/// with the last argument `false` (as is all that follows them, since no later meld
/// holds such a face). `chosen` is a buffer (emptied first).
fn combos(
    melds: &[ValuedMeld],
    roots: usize,
    (counts, held, copies): ([u8; 53], u64, Copies),
    stuck: &[u64],
    every: bool,
    chosen: &mut Vec<usize>,
    visit: &mut Visit<'_>,
) {
    combos_by(melds, roots, (counts, held, copies), (stuck, every), MELD_BITS_FROM, chosen, visit);
}

/// [`combos`], walking by [`MeldBits`] from `bits_from` melds on.
fn combos_by(
    melds: &[ValuedMeld],
    roots: usize,
    (mut counts, held, copies): ([u8; 53], u64, Copies),
    (stuck, every): (&[u64], bool),
    bits_from: usize,
    chosen: &mut Vec<usize>,
    visit: &mut Visit<'_>,
) {
    /// Takes `m`'s cards from `counts` if they are there, its faces being among those
    /// held (`avail`): it needs each natural once, so only its jokers may be missing.
    fn take(m: &ValuedMeld, counts: &mut [u8; 53]) -> bool {
        if counts[52] < m.jokers {
            return false;
        }
        let mut naturals = m.mask & NATURALS;
        while naturals != 0 {
            counts[naturals.trailing_zeros() as usize] -= 1;
            naturals &= naturals - 1;
        }
        counts[52] -= m.jokers;
        true
    }
    /// The faces held (`avail`) and the naturals held twice or more (`twice`) once `m`
    /// is taken from `counts`: its naturals held once are gone, and with at most two
    /// copies of each (`plain`), those held twice are held once. Else `avail` is read
    /// from the counts.
    fn left(m: &ValuedMeld, counts: &[u8; 53], (avail, twice): (u64, u64), plain: bool) -> (u64, u64) {
        if !plain {
            let avail = m
                .needs()
                .fold(avail, |a, (f, _)| if counts[usize::from(f)] == 0 { a & !(1u64 << f) } else { a });
            return (avail, twice);
        }
        let mut avail = avail & !(m.mask & NATURALS & !twice);
        if counts[52] == 0 {
            avail &= !(1u64 << 52);
        }
        (avail, twice & !m.mask)
    }
    #[allow(clippy::too_many_arguments)]
    fn go(
        melds: &[ValuedMeld],
        start: usize,
        counts: &mut [u8; 53],
        (avail, twice, plain): (u64, u64, bool),
        (stuck, every, alive): (&[u64], bool, bool),
        chosen: &mut Vec<usize>,
        used: usize,
        value: u32,
        visit: &mut Visit<'_>,
    ) {
        let alive = alive && !stuck.get(start).is_some_and(|&mask| two_of(mask, counts));
        if !alive && !every {
            return;
        }
        visit(chosen, used, value, counts, alive);
        for i in start..melds.len() {
            let m = &melds[i];
            // Most melds need a face no longer there: ruled out by bits first.
            if m.mask & !avail == 0 && take(m, counts) {
                chosen.push(i);
                let (avail, twice) = left(m, counts, (avail, twice), plain);
                let (faces, flags) = ((avail, twice, plain), (stuck, every, alive));
                go(melds, i, counts, faces, flags, chosen, used + m.faces().len(), value + m.value, visit);
                chosen.pop();
                put_back(m, counts);
            }
        }
    }
    // The faces held, and the naturals held twice (with at most two copies of each).
    let (avail, twice, plain) = (held, copies.twice, !copies.more);
    chosen.clear();
    if plain && (bits_from..=128).contains(&melds.len()) {
        // A long list (a hand with jokers): each node's children found by bits, not by
        // a scan of every later meld. The same multisets, in the same order.
        let bits = MeldBits::of(melds);
        // Every meld's naturals are held: the candidates are those with jokers enough.
        let below = |n: usize| if n >= 128 { u128::MAX } else { (1u128 << n) - 1 };
        let all = below(melds.len());
        let mut next = all & !bits.jokers_over(counts[52]) & below(roots);
        while next != 0 {
            let i = next.trailing_zeros() as usize;
            next &= next - 1;
            let m = &melds[i];
            take_held(m, &mut counts);
            chosen.push(i);
            let cand = bits.after(m, all, twice);
            let walk = (&bits, twice & !m.mask, stuck, every, true);
            go_bits(melds, walk, i, &mut counts, cand, chosen, m.faces().len(), m.value, visit);
            chosen.pop();
            put_back(m, &mut counts);
        }
        return;
    }
    for (i, m) in melds.iter().enumerate().take(roots) {
        if m.mask & !avail == 0 && take(m, &mut counts) {
            chosen.push(i);
            let (avail, twice) = left(m, &counts, (avail, twice), plain);
            let (faces, flags) = ((avail, twice, plain), (stuck, every, true));
            go(melds, i, &mut counts, faces, flags, chosen, m.faces().len(), m.value, visit);
            chosen.pop();
            put_back(m, &mut counts);
        }
    }
}

/// The length of a list of melds from which [`combos`] walks it by [`MeldBits`]: below
/// it, the bits' set-up costs more than the scans it saves.
const MELD_BITS_FROM: usize = 32;

/// A list of at most 128 melds by faces as bit sets (bit `i`: `melds[i]`), for
/// [`combos`] to find a node's children without a scan: the melds that need each
/// natural face, and those that need more jokers than a count.
struct MeldBits {
    need: [u128; 52],
    /// `over[k]`: the melds needing more than `k` jokers.
    over: [u128; MAX_MELD_LEN],
}

impl MeldBits {
    /// The bits of `melds` (at most 128).
    fn of(melds: &[ValuedMeld]) -> MeldBits {
        let mut bits = MeldBits { need: [0; 52], over: [0; MAX_MELD_LEN] };
        for (i, m) in melds.iter().enumerate() {
            let bit = 1u128 << i;
            let mut naturals = m.mask & NATURALS;
            while naturals != 0 {
                bits.need[naturals.trailing_zeros() as usize] |= bit;
                naturals &= naturals - 1;
            }
            for over in bits.over.iter_mut().take(usize::from(m.jokers)) {
                *over |= bit;
            }
        }
        bits
    }

    /// The melds needing more than `jokers` jokers.
    fn jokers_over(&self, jokers: u8) -> u128 {
        self.over.get(usize::from(jokers)).copied().unwrap_or(0)
    }

    /// The candidates `cand` (melds whose naturals are all held) once `m` is taken, the
    /// naturals held twice before being `twice` (at most two copies of each: the others
    /// are gone).
    fn after(&self, m: &ValuedMeld, cand: u128, twice: u64) -> u128 {
        let mut gone = m.mask & NATURALS & !twice;
        let mut cand = cand;
        while gone != 0 {
            cand &= !self.need[gone.trailing_zeros() as usize];
            gone &= gone - 1;
        }
        cand
    }
}

/// Takes `m`'s cards from `counts`, all there.
fn take_held(m: &ValuedMeld, counts: &mut [u8; 53]) {
    let mut naturals = m.mask & NATURALS;
    while naturals != 0 {
        counts[naturals.trailing_zeros() as usize] -= 1;
        naturals &= naturals - 1;
    }
    counts[52] -= m.jokers;
}

/// Gives `m`'s cards back to `counts`.
fn put_back(m: &ValuedMeld, counts: &mut [u8; 53]) {
    let mut naturals = m.mask & NATURALS;
    while naturals != 0 {
        counts[naturals.trailing_zeros() as usize] += 1;
        naturals &= naturals - 1;
    }
    counts[52] += m.jokers;
}

/// Two cards or more of the faces `mask` in `counts`.
fn two_of(mask: u64, counts: &[u8; 53]) -> bool {
    let mut bits = mask;
    let mut n = 0;
    while bits != 0 {
        n += counts[bits.trailing_zeros() as usize];
        if n >= 2 {
            return true;
        }
        bits &= bits - 1;
    }
    false
}

/// The node of [`combos`]' walk by [`MeldBits`] after `melds[start]` (the last meld of
/// `chosen`): `cand` the melds whose naturals are still held; `walk` the bits, the
/// naturals held twice, and the skipping flags of [`combos`].
#[allow(clippy::too_many_arguments)]
fn go_bits(
    melds: &[ValuedMeld],
    (bits, twice, stuck, every, alive): (&MeldBits, u64, &[u64], bool, bool),
    start: usize,
    counts: &mut [u8; 53],
    cand: u128,
    chosen: &mut Vec<usize>,
    used: usize,
    value: u32,
    visit: &mut Visit<'_>,
) {
    let alive = alive && !stuck.get(start).is_some_and(|&mask| two_of(mask, counts));
    if !alive && !every {
        return;
    }
    visit(chosen, used, value, counts, alive);
    // The melds from `start` on whose naturals are held and jokers enough.
    let mut next = cand & !bits.jokers_over(counts[52]) & (u128::MAX << start);
    while next != 0 {
        let i = next.trailing_zeros() as usize;
        next &= next - 1;
        let m = &melds[i];
        take_held(m, counts);
        chosen.push(i);
        let walk = (bits, twice & !m.mask, stuck, every, alive);
        let child = bits.after(m, cand, twice);
        go_bits(melds, walk, i, counts, child, chosen, used + m.faces().len(), value + m.value, visit);
        chosen.pop();
        put_back(m, counts);
    }
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The batch count by bit operations is the general formula's, for every multiset of
    /// melds of random hands of both packs (fourteen cards with up to four jokers), with
    /// no card required and with each face of the hand required.
    #[test]
    fn batch_counts_by_bits_are_the_general_formulas() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let (mut multisets, mut required) = (0, 0);
        for hand_no in 0..400 {
            let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            let catalog = config.catalog().unwrap();
            let mut pack: Vec<Card> =
                (0..catalog.len()).filter_map(|i| catalog.face(PieceId::new(i as u8)?)).collect();
            pack.shuffle(&mut rng);
            // Hands rich in melds: a few cards drawn from a short stretch of the pack.
            pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
            let start = hand_no % (pack.len() - 14);
            let faces = &pack[start..start + 14];
            let (counts, held) = face_counts(faces);
            let copies = Copies::of(&counts, held);
            let rules = config.meld_rules();
            let mut fms = Vec::new();
            let bits = FaceBits::of(faces);
            for_each_face_meld(bits.naturals, bits.jokers, &rules, |m| fms.push(ValuedMeld::of(m)));
            let supply = (counts, held, copies);
            combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |chosen, _, _, _, _| {
                multisets += 1;
                assert_eq!(
                    batch_count(&fms, chosen, &counts, copies, None),
                    batch_count_general(&fms, chosen, &counts, None),
                    "{faces:?} {chosen:?}"
                );
                let mut present = held;
                while present != 0 {
                    let f = present.trailing_zeros() as u8;
                    present &= present - 1;
                    required += 1;
                    assert_eq!(
                        batch_count(&fms, chosen, &counts, copies, Some(f)),
                        batch_count_general(&fms, chosen, &counts, Some(f)),
                        "{faces:?} {chosen:?} {f}"
                    );
                }
            });
        }
        assert!(multisets > 10_000 && required > 100_000, "{multisets} multisets, {required} with a card");
    }

    /// The walk over multisets by bits ([`MeldBits`]) visits what the scan of every later
    /// meld visits, in the same order, with the same arguments: random hands rich in
    /// melds (up to four jokers), every multiset, or only those from a few root melds,
    /// skipping on stuck faces or not.
    #[test]
    fn the_walk_by_bits_is_the_scans_walk() {
        use rand::seq::SliceRandom;
        use rand::{RngExt, SeedableRng};
        type Visited = Vec<(Vec<usize>, usize, u32, Vec<u8>, bool)>;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let (mut walks, mut by_bits, mut nodes) = (0, 0, 0);
        for hand_no in 0..600 {
            let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            let catalog = config.catalog().unwrap();
            let mut pack: Vec<Card> =
                (0..catalog.len()).filter_map(|i| catalog.face(PieceId::new(i as u8)?)).collect();
            pack.shuffle(&mut rng);
            pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
            let start = rng.random_range(0..pack.len() - 14);
            let faces = &pack[start..start + 14];
            let (counts, held) = face_counts(faces);
            let supply = (counts, held, Copies::of(&counts, held));
            let mut fms = Vec::new();
            let bits = FaceBits::of(faces);
            for_each_face_meld(bits.naturals, bits.jokers, &config.meld_rules(), |m| {
                fms.push(ValuedMeld::of(m))
            });
            if fms.is_empty() {
                continue;
            }
            let roots = if hand_no % 4 == 0 { rng.random_range(1..=fms.len()) } else { fms.len() };
            // Stuck faces: a few random faces of the hand from each place on.
            let stuck: Vec<u64> = if hand_no % 5 < 2 {
                Vec::new()
            } else {
                let loose = faces.iter().fold(0u64, |b, f| b | 1u64 << f.index()) & rng.random::<u64>();
                (0..fms.len()).map(|i| loose >> (i % 7)).collect()
            };
            let every = hand_no % 2 == 1;
            let walk = |bits_from: usize| {
                let mut seen: Visited = Vec::new();
                let mut visit = |chosen: &[usize], used: usize, value: u32, rest: &[u8; 53], alive: bool| {
                    seen.push((chosen.to_vec(), used, value, rest.to_vec(), alive));
                };
                combos_by(&fms, roots, supply, (&stuck, every), bits_from, &mut Vec::new(), &mut visit);
                seen
            };
            let scanned = walk(usize::MAX);
            assert_eq!(walk(0), scanned, "{faces:?}, {roots} roots");
            walks += 1;
            by_bits += usize::from(fms.len() <= 128);
            nodes += scanned.len();
        }
        assert!(
            walks > 500 && by_bits > 400 && nodes > 50_000,
            "{walks} walks, {by_bits} by bits, {nodes} nodes"
        );
    }

    /// The table of a card's most toward an opening is its rank value (the ace 11, the
    /// court cards 10), and a joker's the most of any card.
    #[test]
    fn a_cards_most_is_its_rank_value() {
        for i in 0..53u8 {
            let face = Card::from_index(i).unwrap();
            assert_eq!(max_value(i), face.number().map_or(11, rank_value), "{face:?}");
        }
        assert_eq!(max_value(53), 0);
    }

    /// The faces a table's reach takes, decided per table meld ([`Reach::fitting`]), are
    /// those [`Reach::fits`] takes one by one: the tables of random hands leaning towards
    /// the table (both presets, the ace low or not), each asked with the mover's hand and
    /// with random cards of the pack, zero to four jokers among them.
    #[test]
    fn the_faces_a_reach_takes_at_once_are_those_it_takes_one_by_one() {
        use rand::seq::SliceRandom;
        use rand::{RngExt, SeedableRng};
        use rummykit_core::Seating;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let (mut asked, mut runs, mut fitting) = (0, 0, 0);
        for game_no in 0..40 {
            let mut config = if game_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            config.ace_low_in_runs = game_no % 4 < 2;
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            let pack: Vec<Card> = (0..53u8).filter_map(Card::from_index).flat_map(|f| [f, f]).collect();
            let mut legal = Vec::new();
            while let Some(seat) = g.to_move() {
                let reach = Reach::of(g.table());
                runs += reach.run_count;
                let hand: Vec<Card> = g.hand(seat).iter().filter_map(|p| g.face(p)).collect();
                let mut random = pack.clone();
                random.shuffle(&mut rng);
                random.truncate(rng.random_range(0..16));
                for faces in [hand, random] {
                    let (counts, _) = face_counts(&faces);
                    let took = reach.fitting(&counts, u64::MAX);
                    for i in 0..53u8 {
                        let face = Card::from_index(i).unwrap();
                        assert_eq!(
                            took & 1u64 << i != 0,
                            reach.fits(face, &counts),
                            "{face:?} {faces:?} {reach:?}"
                        );
                        asked += 1;
                        fitting += usize::from(took & 1u64 << i != 0);
                    }
                    assert_eq!(took & !(1u64 << 52 | NATURALS), 0);
                }
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.7);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(runs > 5_000 && fitting > asked / 10, "{asked} asked, {fitting} fit, {runs} runs");
    }

    /// What a list keeps from one table to the next (what each table meld offers, the
    /// table's reach for rummies) is never read for another table: one list filled for
    /// the states of several games in turn, so that every fill finds what the previous
    /// game's table left, lists and draws what a list with nothing kept does.
    #[test]
    fn what_a_list_keeps_serves_only_its_table() {
        use rand::SeedableRng;
        use rummykit_core::Seating;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(31);
        let mut shared = LegalActions::new();
        let (mut states, mut kept) = (0, 0);
        for round in 0..8 {
            let config = if round % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            let mut games: Vec<Rummy40> =
                (0..3).map(|_| Rummy40::deal(&config, Seating::new(3), &mut rng).unwrap()).collect();
            let mut live = games.len();
            while live > 0 {
                live = 0;
                for g in &mut games {
                    let Some(seat) = g.to_move() else { continue };
                    live += 1;
                    let view = g.view(seat);
                    kept += usize::from(shared.reach.is_some() || shared.table_faces.key.is_some());
                    let mut fresh = LegalActions::new();
                    fresh.table_faces = TableFaces::default();
                    fresh.reach = None;
                    shared.fill(&view);
                    fresh.fill(&view);
                    // A reach kept under this table's stamp is this table's.
                    if let Some((stamp, reach)) = shared.reach
                        && stamp == view.table.stamp()
                    {
                        assert_eq!(reach, Reach::of(&view.table), "{g:?}");
                    }
                    assert_eq!(shared.len(), fresh.len(), "{g:?}");
                    for k in 0..fresh.len() {
                        assert_eq!(shared.get(k), fresh.get(k));
                    }
                    shared.fill_for_draw(&view);
                    fresh.table_faces = TableFaces::default();
                    fresh.reach = None;
                    fresh.fill_for_draw(&view);
                    assert_eq!(shared.draw_len(), fresh.draw_len(), "{g:?}");
                    for k in 0..fresh.draw_len() {
                        assert_eq!(shared.draw_nth(k), fresh.draw_nth(k));
                    }
                    states += 1;
                    let mut legal = Vec::new();
                    view.legal_actions(&mut legal);
                    // Towards melds and builds, so that tables grow and differ.
                    let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
                    g.apply(seat, a).unwrap();
                }
            }
        }
        assert!(states > 2_000 && kept > 1_000, "{states} states, {kept} with something kept");
    }

    /// What a table's cache keeps of a meld across table changes is what it would make
    /// anew for the table as it is, and every verdict of a build it keeps is the
    /// validator's: on every state of three random games at a time sharing one cache (one
    /// game played on for a while, then another: the same meld ids on different tables),
    /// under both presets and the ace low.
    #[test]
    fn kept_table_entries_are_the_tables_own() {
        use rand::{RngExt, SeedableRng};
        use rummykit_core::Seating;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let (mut cache, mut fits) = (TableFaces::default(), Vec::new());
        let (mut states, mut kept, mut verdicts) = (0, 0, 0);
        let all_faces = (1u64 << 53) - 1;
        for round in 0..8 {
            let mut config = if round % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            config.ace_low_in_runs = round % 4 < 2;
            let mut games: Vec<Rummy40> =
                (0..3).map(|_| Rummy40::deal(&config, Seating::new(3), &mut rng).unwrap()).collect();
            let mut at = 0;
            while games.iter().any(|g| g.to_move().is_some()) {
                if rng.random_bool(0.1) || games[at].to_move().is_none() {
                    at = rng.random_range(0..games.len());
                }
                let g = &mut games[at];
                let Some(seat) = g.to_move() else { continue };
                let pos = g.turn();
                let before: Vec<_> = cache.melds.iter().map(|m| (m.meld, m.faces)).collect();
                let changed = cache.key.is_some_and(|k| k.0 != g.table().stamp());
                // Every face asked, so that every verdict is made and kept.
                pos.table_fits(all_faces, &mut fits, &mut cache);
                let mut fresh = TableFaces::default();
                pos.table_faces(&mut fresh, false);
                let shape = |m: &MeldFaces| {
                    (
                        m.at,
                        m.meld,
                        m.faces,
                        m.interest,
                        m.swap_gate,
                        m.swappable,
                        m.try_front,
                        m.try_back,
                        m.group,
                    )
                };
                assert_eq!(cache.joker_sets, fresh.joker_sets);
                assert_eq!(cache.melds.len(), fresh.melds.len(), "{g:?}");
                for (mf, new) in cache.melds.iter().zip(&fresh.melds) {
                    assert_eq!(shape(mf), shape(new), "{g:?}");
                    let m = &g.table().melds()[mf.at];
                    for (end, tried, ok) in [
                        (RunEnd::Front, mf.tried_front, mf.ok_front),
                        (RunEnd::Back, mf.tried_back, mf.ok_back),
                    ] {
                        for i in (0..53u8).filter(|&i| tried & 1u64 << i != 0) {
                            let face = Card::from_index(i).unwrap();
                            let fits = m.extended(face, end, &pos.rules).is_ok();
                            assert_eq!(ok & 1u64 << i != 0, fits, "{face:?} at {end:?} of {m:?}");
                            verdicts += 1;
                        }
                    }
                    kept += usize::from(changed && before.contains(&(mf.meld, mf.faces)));
                }
                states += 1;
                let mut legal = Vec::new();
                g.legal_actions(&mut legal);
                // Towards melds and builds, so that tables grow and differ.
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            states > 2_000 && kept > 1_000 && verdicts > 20_000,
            "{states} states, {kept} kept, {verdicts}"
        );
    }

    /// [`Turn::any_meld_with`], which tries one choice of copies per meld by faces before
    /// listing them all, answers as every choice listed at once: for each card of the
    /// mover's hand and the top discard at every state of random hands (jokers, twins),
    /// under predicates that accept every meld, none, only runs, only melds without one
    /// given card, and only melds with a second copy or another joker than the lowest
    /// held (the first choice refused, another found).
    #[test]
    fn a_meld_with_a_card_is_found_as_the_full_listing_finds_it() {
        use rand::SeedableRng;
        use rand::seq::IndexedRandom;
        use rummykit_core::Seating;
        // Every choice of copies of every meld by faces with the card: the simple way.
        let listed = |pos: &Turn<'_>, card: PieceId, f: &mut dyn FnMut(MeldKind, &[PieceId]) -> bool| {
            let face = pos.face(card).unwrap();
            let by_face = pos.ids_by_face(pos.hand);
            let (mut arena, mut keys, mut scratch) = (Vec::new(), Vec::new(), Scratch::default());
            pos.face_melds(pos.hand).iter().filter(|fm| fm.faces().contains(&face)).any(|fm| {
                arena.clear();
                keys.clear();
                expand(&[fm], &by_face, Some(card), &mut arena, &mut keys, &mut scratch);
                keys.iter().any(|key| {
                    let bytes = &arena[key.clone()];
                    let kind = if bytes[0] == 2 { MeldKind::Group } else { MeldKind::Run };
                    let pieces: Vec<PieceId> = bytes[1..]
                        .iter()
                        .take_while(|&&b| b >= 2)
                        .map(|&b| PieceId::new(b - 2).unwrap())
                        .collect();
                    f(kind, &pieces)
                })
            })
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        let mut legal = Vec::new();
        let (mut asked, mut found, mut later) = (0, 0, 0);
        for game_no in 0..40 {
            let config = if game_no % 2 == 0 { crate::Config::SCALA40 } else { crate::Config::RUMMY40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let top = g.piles().top_discard();
                let mut pos = g.turn();
                let cards: Vec<PieceId> = pos.hand.iter().collect();
                for &card in cards.iter().chain(top.iter()) {
                    pos.hand = g.hand(seat);
                    pos.hand.insert(card);
                    let without = *cards.choose(&mut rng).unwrap();
                    let mut first = None;
                    // The lowest copy held of each face.
                    let lowest = |p: PieceId| {
                        pos.catalog.ids_of(pos.face(p).unwrap()).find(|&id| pos.hand.contains(id)) == Some(p)
                    };
                    for rule in 0..5 {
                        let mut f = |kind: MeldKind, pieces: &[PieceId]| match rule {
                            0 => true,
                            1 => false,
                            2 => kind == MeldKind::Run,
                            3 => !pieces.contains(&without),
                            // Only with a second copy or another joker: never the first choice.
                            _ => !pieces.iter().all(|&p| lowest(p)),
                        };
                        let fast = pos.any_meld_with(card, &mut f);
                        assert_eq!(
                            fast,
                            listed(&pos, card, &mut f),
                            "rule {rule}, {card:?} in {:?}",
                            pos.hand
                        );
                        first = first.or(Some(fast));
                        later += usize::from(rule == 4 && fast);
                    }
                    asked += 1;
                    found += usize::from(first == Some(true));
                }
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.5);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            asked > 40_000 && found > 5_000 && later > 1_000,
            "{asked} asked, {found} in a meld, {later} only with other copies"
        );
    }

    /// The play of a taken card as [`Turn::play_of_taken`] decides it is the check's
    /// verdict on the take, under the rule that a taken discard must be played this turn;
    /// both verdicts are reached often (and the check is left the rest). On the draw
    /// decisions of opened players in random Scala 40 hands that favour melds and builds.
    #[test]
    fn a_taken_cards_play_decided_early_is_the_checks_verdict() {
        use rand::SeedableRng;
        use rummykit_core::Seating;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(37);
        let mut decided = [0usize; 3];
        let (mut fits, mut cache) = (Vec::new(), TableFaces::default());
        for hand_no in 0..60 {
            let mut config = crate::Config::SCALA40;
            config.ace_low_in_runs = hand_no % 2 == 0;
            let mut g = Rummy40::deal(&config, Seating::new(2 + hand_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let pos = g.turn();
                if pos.phase == Phase::Draw
                    && pos.opened
                    && let Some(top) = pos.top_discard
                {
                    let accepted = pos.check(&Action::TakeDiscard).is_ok();
                    let play = pos.play_of_taken(top, &mut fits, &mut cache);
                    if let Some(play) = play {
                        assert_eq!(play, accepted, "{g:?}");
                    }
                    decided[play.map_or(2, usize::from)] += 1;
                }
                let mut legal = Vec::new();
                g.legal_actions(&mut legal);
                let a = crate::action::leaning_to_play(&legal, &mut rng, 0.6);
                g.apply(seat, a).unwrap();
            }
        }
        let [no_play, play, undecided] = decided;
        assert!(no_play > 500 && play > 30 && undecided > 30, "{decided:?}");
    }

    /// A list made after another was dropped gets that list's buffers back (the same
    /// capacity) and nothing of its contents: empty, and filled, the same actions as a
    /// list that cannot have come from the spare (made while the first is alive). On the
    /// reachable states of random play under both presets.
    #[test]
    fn a_list_after_a_drop_reuses_its_buffers_and_nothing_else() {
        use rand::{RngExt, SeedableRng};
        use rummykit_core::Seating;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(17);
        let mut states = 0;
        for game_no in 0..12 {
            let config = if game_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let view = g.view(seat);
                let mut full = LegalActions::new();
                full.fill(&view);
                assert!(!full.is_empty());
                let capacity = (full.items.capacity(), full.arena.capacity(), full.keys.capacity());
                drop(full);
                let reused = LegalActions::new();
                assert!(reused.is_empty() && reused.get(0).is_none());
                assert!(reused.arena.is_empty() && reused.keys.is_empty() && reused.others.is_empty());
                assert_eq!(
                    (reused.items.capacity(), reused.arena.capacity(), reused.keys.capacity()),
                    capacity
                );
                let mut fresh = LegalActions::new();
                let mut reused = reused;
                reused.fill(&view);
                fresh.fill(&view);
                assert_eq!(reused.len(), fresh.len());
                for k in 0..reused.len() {
                    assert_eq!(reused.get(k), fresh.get(k), "game {game_no}, action {k}");
                }
                let action = reused.get(rng.random_range(0..reused.len())).unwrap();
                g.apply(seat, action).unwrap();
                states += 1;
            }
        }
        assert!(states > 1_000, "{states} states");
    }

    /// The random draw's list ([`LegalActions::fill_for_draw`]) stands for exactly the
    /// actions of the full list, each once: `draw_nth(k)` for every `k` below
    /// `draw_len()` gives every legal action, none twice, none else; so a uniform `k`
    /// draws uniformly from the legal actions. On the reachable states of play that
    /// favours melding, under every option that changes what is legal (jokers limited,
    /// the ace low, the options that oblige plays, discards restricted).
    #[test]
    fn the_draws_list_stands_for_each_legal_action_once() {
        use std::collections::HashSet;

        use rand::SeedableRng;
        use rummykit_core::{JokerLimit, Seating};

        use crate::{Config, JokerDiscard, Set3JokerSwap};
        let mut configs = vec![Config::RUMMY40, Config::SCALA40];
        let mut c = Config::RUMMY40;
        c.joker_limit = JokerLimit::NotMoreThanNaturals;
        c.forbid_playable_discard = true;
        c.ace_low_in_runs = true;
        configs.push(c);
        let mut c = Config::SCALA40;
        c.joker_limit = JokerLimit::NoAdjacent;
        c.set3_joker_swap = Set3JokerSwap::EitherMissing;
        c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
        configs.push(c);
        let mut c = Config::RUMMY40;
        c.swapped_joker_must_be_played_same_turn = true;
        c.taken_discard_must_be_used_after_open = true;
        c.joker_discard = JokerDiscard::OnlyWhenClosing;
        c.opening_threshold = 25;
        configs.push(c);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
        let mut full = Vec::new();
        let mut draws = LegalActions::new();
        let (mut states, mut batches, mut shared) = (0usize, 0usize, 0usize);
        for game_no in 0..300 {
            let config = configs[game_no % configs.len()];
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            for _ in 0..500 {
                let Some(seat) = g.to_move() else { break };
                let view = g.view(seat);
                view.legal_actions(&mut full);
                draws.fill_for_draw(&view);
                assert_eq!(draws.draw_len(), full.len(), "{config:?}, {g:?}");
                let drawn: Vec<Action> = (0..full.len()).map(|k| draws.draw_nth(k).unwrap()).collect();
                assert_eq!(draws.draw_nth(full.len()), None);
                let listed: HashSet<&Action> = full.iter().collect();
                let each: HashSet<&Action> = drawn.iter().collect();
                assert_eq!(each.len(), drawn.len(), "an action drawn for two k: {config:?}, {g:?}");
                assert_eq!(each, listed, "{config:?}, {g:?}");
                states += 1;
                batches += full
                    .iter()
                    .filter(|a| {
                        matches!(a, Action::Open { .. } | Action::TakeDiscardAndOpen { .. } | Action::Meld(_))
                    })
                    .count();
                shared += draws.groups.groups.iter().filter(|g| g.count > 1).count();
                // Play towards melds: a batch or a build when there is one, mostly.
                let a = crate::action::leaning_to_play(&full, &mut rng, 0.7);
                g.apply(seat, a).unwrap();
            }
        }
        assert!(
            states > 30_000 && batches > 12_000 && shared > 2_000,
            "{states} states, {batches} batches, {shared} groups of several"
        );
    }

    /// The melds built from the faces present ([`Turn::face_melds_of`]) are exactly
    /// those of core's `hand_melds` by position ([`Turn::face_melds_by_position`]),
    /// with the same values and needs, for random hands of the 4-joker pack under every
    /// run rule and joker limit (a set's faces compared as a set: their order differs).
    #[test]
    fn face_melds_from_faces_agree_with_hand_melds() {
        use rand::{RngExt, SeedableRng};
        use rummykit_core::{AcePolicy, JokerLimit};
        let catalog = crate::SCALA40_PACK;
        let config = crate::Config::SCALA40;
        let table = MeldTable::new();
        let key = |fm: &ValuedMeld| {
            let mut faces = fm.faces().to_vec();
            if fm.kind == MeldKind::Group {
                faces.sort();
            }
            let mut needs: Vec<_> = fm.needs().collect();
            needs.sort();
            (fm.kind, faces, fm.value, needs)
        };
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let aces = [AcePolicy::Low, AcePolicy::High, AcePolicy::LowOrHigh, AcePolicy::RoundTheCorner];
        let limits = [
            JokerLimit::Unlimited,
            JokerLimit::Forbidden,
            JokerLimit::AtMost(1),
            JokerLimit::NotMoreThanNaturals,
            JokerLimit::NoAdjacent,
        ];
        let mut melds = 0;
        for ace in aces {
            for jokers in limits {
                let rules = crate::MELD_RULES.with_ace(ace).with_jokers(jokers);
                for _ in 0..300 {
                    // Hands of 1 to 20 cards; jokers and runs of one suit made likely.
                    let n = rng.random_range(1..=20usize);
                    let mut hand = PieceSet::new();
                    while hand.len() < n {
                        let id = if rng.random_range(0..4) == 0 {
                            rng.random_range(104..108u8)
                        } else {
                            let suit = rng.random_range(0..2u8);
                            rng.random_range(0..13u8) + 13 * suit + 52 * rng.random_range(0..2u8)
                        };
                        hand.insert(PieceId::new(id).unwrap());
                    }
                    let pos = Turn {
                        config: &config,
                        catalog,
                        rules,
                        hand,
                        table: &table,
                        top_discard: None,
                        stock_len: 1,
                        opened: false,
                        phase: Phase::Play,
                        taken: None,
                        won_jokers: PieceSet::new(),
                        listed: None,
                    };
                    let faces = pos.with_faces(hand, <[Card]>::to_vec);
                    let mut fast: Vec<_> = pos.face_melds_of(&faces).iter().map(key).collect();
                    let mut slow: Vec<_> = pos.face_melds_by_position(&faces).iter().map(key).collect();
                    fast.sort();
                    slow.sort();
                    assert_eq!(fast, slow, "{ace:?} {jokers:?} {faces:?}");
                    melds += slow.len();
                }
            }
        }
        assert!(melds > 10_000, "the hands hold melds: {melds}");
    }

    /// [`Held::meldable_faces`] marks exactly the faces held that [`Held::meldable`]
    /// accepts, and so does [`meldable_faces`] by bit operations, on random hands with
    /// zero to four jokers.
    #[test]
    fn meldable_faces_agree_with_meldable() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut marked = 0;
        let mut without_jokers = [0; 2];
        for _ in 0..20_000 {
            let n = rng.random_range(1..=16usize);
            let faces: Vec<Card> = (0..n)
                .map(|_| {
                    if rng.random_range(0..8) == 0 {
                        Card::JOKER
                    } else {
                        Card::from_index(rng.random_range(0..52u8)).unwrap()
                    }
                })
                .collect();
            let held = Held::of_faces(faces.iter().copied());
            let bulk = held.meldable_faces();
            for &f in &faces {
                assert_eq!(bulk & 1u64 << f.index() != 0, held.meldable(f), "{f:?} in {faces:?}");
            }
            assert_eq!(meldable_faces(&faces), bulk, "{faces:?}");
            if !faces.contains(&Card::JOKER) {
                without_jokers[usize::from(bulk != 0)] += 1;
            }
            let held_bits = faces.iter().fold(0u64, |b, f| b | 1u64 << f.index());
            assert_eq!(bulk & !held_bits, 0, "only faces held: {faces:?}");
            marked += bulk.count_ones();
        }
        assert!(marked > 10_000, "hands hold meldable cards: {marked}");
        assert!(
            without_jokers.iter().all(|&n| n > 500),
            "hands without jokers, with and without melds: {without_jokers:?}"
        );
    }

    /// The bound on an opening's value is never below the best opening (the exact search
    /// of `best_opening`), and with jokers often below the plain bound (every card that
    /// may be in a meld at its highest): random hands of 13 or 14 cards, up to three
    /// jokers, both ace rules.
    #[test]
    fn the_opening_bound_is_never_below_the_best_opening() {
        use rand::seq::SliceRandom;
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let (mut tighter, mut with_jokers) = (0, 0);
        for hand_no in 0..3_000 {
            let mut config = crate::Config::RUMMY40;
            config.ace_low_in_runs = hand_no % 2 == 0;
            let jokers = hand_no % 4;
            let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
            pack.shuffle(&mut rng);
            let n = rng.random_range(13..=14usize);
            let mut faces: Vec<Card> = pack[..n - jokers].to_vec();
            faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
            let (counts, held) = face_counts(&faces);
            let meldable = meldable_of(held & NATURALS, jokers);
            let bound = opening_bound(&counts, held, meldable);
            let best = crate::best_opening(&faces, &config).value;
            assert!(bound >= best, "{faces:?}: bound {bound} below the best opening {best}");
            let old = (0..53u8)
                .filter(|&i| meldable & 1u64 << i != 0)
                .map(|i| u32::from(counts[usize::from(i)]) * max_value(i))
                .sum::<u32>();
            // One joker counts each card once at most.
            assert!(jokers > 1 || bound <= old, "{faces:?}");
            with_jokers += usize::from(jokers > 0);
            tighter += usize::from(bound < old);
        }
        assert!(tighter > with_jokers / 2, "{tighter} of {with_jokers} hands with jokers bound tighter");
    }

    /// With nothing to build onto, a hand that can lay all its cards but one in melds by
    /// faces (every multiset of its melds walked) passes the rummy test of the bounds;
    /// the test is not vacuous (such hands, and hands it rules out that the plain count
    /// of cards in no meld lets through). Hands of 14 cards rich in melds, up to three
    /// jokers, both packs' rules.
    #[test]
    fn a_hand_that_can_go_rummy_passes_the_rummy_bound() {
        use rand::SeedableRng;
        use rand::seq::SliceRandom;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        let (mut rummies, mut ruled_out) = (0, 0);
        for hand_no in 0..1_500 {
            let config = if hand_no % 2 == 0 { crate::Config::RUMMY40 } else { crate::Config::SCALA40 };
            let jokers = hand_no % 4;
            let mut pack: Vec<Card> = (0..104).filter_map(|i| Card::from_index((i % 52) as u8)).collect();
            pack.shuffle(&mut rng);
            // A short stretch of the pack by suit or by rank: many melds.
            pack.sort_by_key(|f| if hand_no % 3 == 0 { f.index() % 13 } else { f.index() / 13 });
            let start = hand_no % (pack.len() - 14);
            let mut faces = pack[start..start + 14 - jokers].to_vec();
            faces.extend(std::iter::repeat_n(Card::JOKER, jokers));
            let (counts, held) = face_counts(&faces);
            let bits = FaceBits::of(&faces);
            let mut fms = Vec::new();
            for_each_face_meld(bits.naturals, bits.jokers, &config.meld_rules(), |m| {
                fms.push(ValuedMeld::of(m))
            });
            let mut can = false;
            let supply = (counts, held, Copies::of(&counts, held));
            combos(&fms, fms.len(), supply, &[], true, &mut Vec::new(), &mut |_, used, _, _, _| {
                can |= used + 1 >= faces.len()
            });
            let meldable = meldable_of(bits.naturals, bits.jokers);
            let passes = may_go_rummy(&counts, held, meldable, |_| false);
            if can {
                assert!(passes, "{faces:?}");
                rummies += 1;
            }
            // The plain count: cards in no meld at all.
            let plain = (0..53u8)
                .filter(|&i| (held & !meldable) & 1u64 << i != 0)
                .map(|i| counts[usize::from(i)])
                .sum::<u8>()
                <= 1;
            ruled_out += usize::from(plain && !passes);
        }
        assert!(rummies > 500 && ruled_out > 30, "{rummies} hands that can go rummy, {ruled_out} ruled out");
    }

    /// The window test of [`Held::meldable`] by bit operations agrees with the plain
    /// one (every window of three values around the card, counting the missing values)
    /// for every set of values of one suit, every card of it and zero or one joker.
    #[test]
    fn meldable_windows_by_bits_agree_with_counting() {
        for ranks in 0u16..1 << 13 {
            for jokers in 0..2u32 {
                let mut held =
                    Held { suits_of_rank: [0; 14], values_of_suit: [0; 4], jokers, naturals: true };
                for r in 1..=13u8 {
                    if ranks & (1 << (r - 1)) != 0 {
                        // Only hearts: no set can help, the runs decide.
                        held.values_of_suit[0] |= 1 << r;
                        if r == 1 {
                            held.values_of_suit[0] |= 1 << 14;
                        }
                        held.suits_of_rank[usize::from(r)] |= 1;
                    }
                }
                for r in (1..=13u8).filter(|r| ranks & (1 << (r - 1)) != 0) {
                    let face = Card::from_index(r - 1).unwrap();
                    let values: &[u8] = if r == 1 { &[1, 14] } else { core::slice::from_ref(&r) };
                    let counted = values.iter().any(|&v| {
                        (v.saturating_sub(2).max(1)..=v.min(12)).any(|w| {
                            let missing = (0b111u16 << w) & !held.values_of_suit[0] & !(1 << v);
                            missing.count_ones() <= jokers
                        })
                    });
                    assert_eq!(
                        held.meldable(face),
                        counted,
                        "ranks {ranks:013b}, card {r}, {jokers} joker(s)"
                    );
                }
            }
        }
    }
}
