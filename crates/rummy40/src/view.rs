//! [`View`]: what one seat may see (docs/DESIGN.md: bots see views only).

use core::ops::{Deref, DerefMut};

use rummykit_core::{Card, Catalog, HandView, PieceId, PieceSet};

use crate::{Config, Rummy40};

/// What one seat may see: its own hand, the table, the discard pile, how many cards
/// the stock and every hand hold, who has opened, and whose turn it is. Other hands
/// and the stock order are not in it (`RULES.md` §3; bots see views only, docs/DESIGN.md).
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(2), &mut rng).unwrap();
/// let view = game.view(1);
/// assert_eq!(view.hand, game.hand(1));
/// assert_eq!(view.hand_sizes, vec![13, 13, 13]);
/// assert_eq!(view.stock_len, 106 - 39 - 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct View {
    /// What every card game shows a seat (hand, hand sizes, known cards, table, discard
    /// pile, stock size, turn, phase, card taken this turn, outcome); the view reads
    /// through to it, so `view.hand` is `view.common.hand`.
    pub common: HandView,
    /// The rules.
    pub config: Config,
    /// The faces of the own hand, in id order.
    pub hand_faces: Vec<Card>,
    /// Who has opened.
    pub opened: Vec<bool>,
    /// Jokers the player to move won by swaps this turn (they came off the table).
    pub won_jokers: PieceSet,
    /// The cards of the hand with their faces, listed by the refresh for the legal
    /// actions.
    pub(crate) hand_cards: HandCards,
}

impl Deref for View {
    type Target = HandView;

    fn deref(&self) -> &HandView {
        &self.common
    }
}

impl DerefMut for View {
    fn deref_mut(&mut self) -> &mut HandView {
        &mut self.common
    }
}

/// The cards of a hand with their faces, in id order, and the hand and pack they were
/// listed from: [`HandCards::of`] gives them only for that hand and pack, so a view whose
/// hand was edited by hand lists its cards anew. Derived from the view's hand: all
/// compare equal.
#[derive(Debug, Clone, Default)]
pub(crate) struct HandCards {
    hand: PieceSet,
    catalog: Option<Catalog<Card>>,
    cards: Vec<(PieceId, Card)>,
}

impl HandCards {
    /// The cards of `hand` with their faces in `catalog`, if these are the ones listed.
    pub(crate) fn of(&self, hand: PieceSet, catalog: Catalog<Card>) -> Option<&[(PieceId, Card)]> {
        (self.hand == hand && self.catalog == Some(catalog)).then_some(&self.cards[..])
    }
}

impl HandCards {
    /// Lists the cards of `hand` with their faces in `catalog`, and the faces alone into
    /// `faces`.
    fn list(&mut self, hand: PieceSet, catalog: Catalog<Card>, faces: &mut Vec<Card>) {
        self.cards.clear();
        faces.clear();
        self.cards.reserve(hand.len());
        faces.reserve(hand.len());
        for p in hand {
            if let Some(face) = catalog.face(p) {
                self.cards.push((p, face));
                faces.push(face);
            }
        }
        self.hand = hand;
        self.catalog = Some(catalog);
    }
}

impl PartialEq for HandCards {
    fn eq(&self, _: &HandCards) -> bool {
        true
    }
}

impl Eq for HandCards {}

impl View {
    /// A view to be filled (see `CardRules::fill_view`).
    pub(crate) fn blank(config: Config) -> View {
        View {
            common: HandView::default(),
            config,
            hand_faces: Vec::new(),
            opened: Vec::new(),
            won_jokers: PieceSet::new(),
            hand_cards: HandCards::default(),
        }
    }

    /// Overwrites this view's own fields with what its seat sees of `game`, reusing its
    /// vectors; the common part is already refreshed (`Game::view_into`: a driver
    /// refreshes one view before every action).
    pub(crate) fn fill(&mut self, game: &Rummy40) {
        // Every field named, so that a new one cannot be forgotten here.
        let View { common, config, hand_faces, opened, won_jokers, hand_cards: listed } = self;
        *config = game.config;
        let hand = common.hand;
        listed.list(hand, game.catalog, hand_faces);
        opened.clone_from(&game.opened);
        *won_jokers = game.won_jokers();
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    use rummykit_core::{Game, Seating};

    use crate::{Config, Rummy40};

    /// A view refreshed in place before every action (as a driver does) lists the same
    /// cards and faces as a view made anew, also after its public faces were edited. On
    /// random play under both presets.
    #[test]
    fn a_view_refreshed_in_place_lists_what_a_new_view_lists() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let mut legal = Vec::new();
        let (mut refreshed, mut edited) = (0, 0);
        for game_no in 0..30 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            let mut view = g.view(0);
            while let Some(seat) = g.to_move() {
                if rng.random_bool(0.05) && !view.hand_faces.is_empty() {
                    view.hand_faces[0] = rummykit_core::Card::JOKER;
                    edited += 1;
                }
                g.view_into(seat, &mut view);
                let fresh = g.view(seat);
                assert_eq!(view, fresh);
                assert_eq!(view.hand_faces, fresh.hand_faces);
                assert_eq!(view.hand_cards.cards, fresh.hand_cards.cards);
                refreshed += 1;
                g.legal_actions(&mut legal);
                let k = rng.random_range(0..legal.len());
                g.apply(seat, legal[k].clone()).unwrap();
            }
        }
        assert!(refreshed > 5_000 && edited > 100, "{refreshed} refreshes, {edited} edited");
    }

    /// The cards a refresh lists serve only the hand they were listed from: a view whose
    /// hand was edited (a card swapped for one of the stock) gives the legal actions of
    /// a full state built from it, as if it had never listed them. On random states of
    /// uniform random play, in both phases.
    #[test]
    fn listed_cards_serve_only_their_hand() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let (mut from_view, mut from_game, mut legal) = (Vec::new(), Vec::new(), Vec::new());
        let mut edited = 0;
        for game_no in 0..40 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let mut view = g.view(seat);
                let catalog = config.catalog().unwrap();
                assert!(view.hand_cards.of(view.hand, catalog).is_some());
                // A card no one saw it take, for one of the stock: the counts still add up.
                let hidden: Vec<_> = (view.hand - view.known[seat]).iter().collect();
                if let (Some(&out), Some(&into)) = (hidden.choose(&mut rng), g.piles().stock().first()) {
                    view.hand.remove(out);
                    view.hand.insert(into);
                    assert!(view.hand_cards.of(view.hand, catalog).is_none());
                    view.legal_actions(&mut from_view);
                    Rummy40::from_view(&view).unwrap().legal_actions(&mut from_game);
                    assert_eq!(from_view, from_game, "game {game_no}, an edited hand");
                    edited += 1;
                }
                g.legal_actions(&mut legal);
                let k = rng.random_range(0..legal.len());
                g.apply(g.to_move().unwrap_or_default(), legal[k].clone()).unwrap();
            }
        }
        assert!(edited > 3_000, "{edited} views edited");
    }
}
