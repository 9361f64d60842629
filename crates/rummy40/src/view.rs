//! [`View`]: what one seat may see (bots see views only).

use core::fmt;
use core::ops::{Deref, DerefMut};

use rummykit_core::{Card, HandView, Outcome, PieceSet, Seat, SeatView};

use crate::{Config, Rummy40};

/// What one seat may see: its own hand, the table, the discard pile, how many cards
/// the stock and every hand hold, who has opened, and whose turn it is. Other hands
/// and the stock order are not in it (`RULES.md` §3); bots see views only.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(3).with_dealer(2), &mut rng).unwrap();
/// let view = game.view(1);
/// assert_eq!(game.hand(1), Some(view.hand));
/// assert_eq!(view.hand_sizes, vec![13, 13, 13]);
/// assert_eq!(view.stock_len, 106 - 39 - 1);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(try_from = "crate::serde_state::ViewRepr")
)]
#[non_exhaustive]
pub struct View {
    /// What every card game shows a seat (hand, hand sizes, known cards, table, discard
    /// pile, stock size, turn, phase, card taken this turn, outcome); the view reads
    /// through to it, so `view.hand` is `view.common.hand`.
    pub common: HandView,
    /// The rules.
    pub config: Config,
    /// Who has opened.
    pub opened: Vec<bool>,
    /// Jokers the player to move won by swaps this turn (they came off the table).
    pub won_jokers: PieceSet,
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

/// The view as text for a person: the seat and whose turn it is, the seat's own hand,
/// the table's melds, the discard pile (top last), the stock's size, every other hand's
/// size and the cards it is known to hold (taken face up), the card taken this turn, the
/// result once the hand is over ([`HandView::text`]), then who has opened and the
/// jokers won from the table this turn. Nothing a seat may not see: the view holds no
/// other card.
///
/// ```
/// use rand::SeedableRng;
/// use rummykit_core::{Game, Seating};
/// use rummykit_rummy40::{Config, Rummy40};
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let game = Rummy40::deal(&Config::STANDARD, Seating::new(3).with_dealer(2), &mut rng)?;
/// let text = game.view(1).to_string();
/// assert!(text.starts_with("seat 1 of 3; seat 0 to move\nhand: "));
/// assert!(text.contains("\nseat 0: 13 cards\nseat 2: 13 cards\n"));
/// assert!(text.ends_with("\nopened: nobody"));
/// # Ok::<(), rummykit_core::DealError>(())
/// ```
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // A configuration naming no pack (only a view built elsewhere) is read with the
        // Rummy 40 pack, whose natural cards every pack of the game numbers alike.
        let pack = self.config.catalog().unwrap_or(crate::RUMMY40_PACK);
        write!(f, "{}\nopened:", self.common.text(&pack))?;
        let mut opened = self.opened.iter().enumerate().filter(|&(_, &o)| o).map(|(seat, _)| seat).peekable();
        if opened.peek().is_none() {
            f.write_str(" nobody")?;
        }
        for (i, seat) in opened.enumerate() {
            write!(f, "{}seat {seat}", if i > 0 { ", " } else { " " })?;
        }
        if !self.won_jokers.is_empty() {
            write!(f, "\njokers won from the table this turn: {}", self.won_jokers.len())?;
        }
        Ok(())
    }
}

impl SeatView for View {
    #[inline]
    fn seat(&self) -> Seat {
        self.common.seat
    }

    #[inline]
    fn to_move(&self) -> Option<Seat> {
        self.common.to_move
    }

    #[inline]
    fn outcome(&self) -> Option<&Outcome> {
        self.common.outcome.as_ref()
    }
}

impl View {
    /// A view to be filled (see `CardRules::fill_view`).
    pub(crate) fn blank(config: Config) -> View {
        View { common: HandView::default(), config, opened: Vec::new(), won_jokers: PieceSet::new() }
    }

    /// Whether `seat` has opened (made its first meld, `RULES.md` §3.5), as
    /// [`Rummy40::has_opened`](crate::Rummy40::has_opened) answers (`None` for a seat
    /// not at the table): the same question asked the same way of every game and its
    /// view that has an opening.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng).unwrap();
    /// let view = game.view(0);
    /// assert_eq!(view.has_opened(0), Some(false)); // 40 points first
    /// assert_eq!(view.has_opened(1), game.has_opened(1)); // every seat's is public
    /// assert_eq!(view.has_opened(2), None); // no such seat
    /// ```
    #[must_use]
    pub fn has_opened(&self, seat: Seat) -> Option<bool> {
        self.opened.get(seat).copied()
    }

    /// The faces of the own hand, in id order (none for a configuration that names no
    /// pack). Read from the hand when asked: a view refreshed before every action lists
    /// nothing that its reader may not need.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let game = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng).unwrap();
    /// let view = game.view(0);
    /// let faces: Vec<_> = view.hand_faces().collect();
    /// assert_eq!(faces.len(), 13);
    /// assert_eq!(faces[0], game.face(view.hand.first().unwrap()).unwrap());
    /// ```
    pub fn hand_faces(&self) -> impl Iterator<Item = Card> + '_ {
        let catalog = self.config.catalog().ok();
        self.hand.iter().filter_map(move |p| catalog.and_then(|c| c.face(p)))
    }

    /// The least-deadwood split of this seat's hand ([`analyze`](crate::analyze)): a hint,
    /// the one the referee gives with [`Rummy40::hint`].
    ///
    /// # Errors
    ///
    /// [`AnalysisError`](rummykit_core::AnalysisError) for a hand of more than
    /// [`MAX_ANALYSED_HAND`](crate::MAX_ANALYSED_HAND) cards or with an id not of the pack:
    /// never for a view of a game (its hand holds at most 14 cards of its pack), only for
    /// one built or read from elsewhere.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rummykit_core::{Game, Seating};
    /// use rummykit_rummy40::{Config, Rummy40};
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let game = Rummy40::deal(&Config::SCALA40, Seating::new(3), &mut rng).unwrap();
    /// let hint = game.view(2).hint()?;
    /// assert_eq!(game.hint(2), Some(Ok(hint.clone())));
    /// let unmelded = hint.unmelded.iter().filter_map(|id| game.face(id));
    /// assert_eq!(hint.deadwood, Config::SCALA40.penalty(unmelded, true));
    /// # Ok::<(), rummykit_core::AnalysisError>(())
    /// ```
    pub fn hint(&self) -> Result<crate::HandAnalysis, rummykit_core::AnalysisError> {
        crate::analyze(&self.hand, &self.config)
    }

    /// Overwrites this view's own fields with what its seat sees of `game`, reusing its
    /// vectors; the common part is already refreshed (`Game::view_into`: a driver
    /// refreshes one view before every action).
    #[inline]
    pub(crate) fn fill(&mut self, game: &Rummy40) {
        // Every field named, so that a new one cannot be forgotten here.
        let View { common: _, config, opened, won_jokers } = self;
        *config = game.config;
        rummykit_core::copy_by_seat(opened, &game.opened);
        *won_jokers = game.won_jokers();
    }
}

#[cfg(test)]
mod tests {
    use rand::seq::IndexedRandom;
    use rand::{RngExt, SeedableRng};
    use rummykit_core::{Game, Seating};

    use crate::{Config, Rummy40};

    /// A view not of a game (its hand edited past what an analysis takes) gets an error
    /// for its hint, not a panic; the game's own views get the game's hint.
    #[test]
    fn a_hint_of_a_view_not_of_a_game_is_an_error() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let g = Rummy40::deal(&Config::RUMMY40, Seating::new(2), &mut rng).unwrap();
        assert_eq!(Some(g.view(0).hint()), g.hint(0));
        let mut view = g.view(0);
        view.common.hand = (0..40).filter_map(rummykit_core::PieceId::new).collect();
        assert_eq!(
            view.hint(),
            Err(rummykit_core::AnalysisError::TooManyPieces { len: 40, max: crate::MAX_ANALYSED_HAND })
        );
    }

    /// A view refreshed in place before every action (as a driver does) is the view made
    /// anew, also after its own fields were edited, and shows the faces of its hand. On
    /// random play under both presets.
    #[test]
    fn a_view_refreshed_in_place_is_a_new_view() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(43);
        let mut legal = Vec::new();
        let (mut refreshed, mut edited) = (0, 0);
        for game_no in 0..30 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            let mut view = g.view(0);
            while let Some(seat) = g.to_move() {
                if rng.random_bool(0.05) && !view.opened.is_empty() {
                    view.opened[0] = !view.opened[0];
                    view.won_jokers.insert(rummykit_core::PieceId::new(105).unwrap());
                    edited += 1;
                }
                g.view_into(seat, &mut view);
                let fresh = g.view(seat);
                assert_eq!(view, fresh);
                let faces: Vec<_> = g.hand(seat).unwrap().iter().map(|p| g.face(p).unwrap()).collect();
                assert_eq!(view.hand_faces().collect::<Vec<_>>(), faces);
                refreshed += 1;
                g.legal_actions(&mut legal);
                let k = rng.random_range(0..legal.len());
                g.apply(seat, legal[k].clone()).unwrap();
            }
        }
        assert!(refreshed > 5_000 && edited > 100, "{refreshed} refreshes, {edited} edited");
    }

    /// The hand loop refreshes its one view in place before each action: every view it
    /// shows is the view made anew. A witness at every seat keeps a replica of the game,
    /// compares each view it is shown with the replica's, and plays a random legal action
    /// on both. Both presets, 2–4 seats.
    #[test]
    fn the_hand_loops_views_are_views_made_anew() {
        use std::cell::RefCell;
        use std::rc::Rc;

        use rummykit_core::{Bot, play_hand};

        use crate::{Action, View};

        type Replica = Rc<RefCell<(Rummy40, rand_chacha::ChaCha8Rng, usize)>>;
        struct Witness(Replica);
        impl Bot<Rummy40> for Witness {
            fn name(&self) -> &str {
                "witness"
            }
            fn act(&mut self, view: &View) -> Action {
                let mut replica = self.0.borrow_mut();
                let (game, rng, shown) = &mut *replica;
                assert_eq!(*view, game.view(view.seat), "view {shown}");
                *shown += 1;
                let action = Rummy40::random_action_from(view, rng).expect("a legal action");
                game.apply(view.seat, action.clone()).expect("a listed action is legal");
                action
            }
        }

        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        let mut shown = 0;
        for game_no in 0..60 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let seats = 2 + game_no % 3;
            let mut game = Rummy40::deal(&config, Seating::new(seats), &mut rng).unwrap();
            let replica: Replica = Rc::new(RefCell::new((game.clone(), rng.clone(), 0)));
            let mut witnesses: Vec<Witness> = (0..seats).map(|_| Witness(Rc::clone(&replica))).collect();
            let mut bots: Vec<&mut dyn Bot<Rummy40>> =
                witnesses.iter_mut().map(|w| w as &mut dyn Bot<Rummy40>).collect();
            let (outcome, _) = play_hand(&mut game, &mut bots, 100_000).expect("legal actions to the end");
            let replica = replica.borrow();
            assert_eq!((Some(outcome), &game), (replica.0.outcome(), &replica.0));
            shown += replica.2;
            rng = replica.1.clone();
        }
        assert!(shown > 10_000, "{shown} views shown");
    }

    /// A view whose hand was edited (a card swapped for one of the stock) gives the
    /// legal actions of a full state built from it: nothing a refresh derived from the
    /// old hand is used. On random states of uniform random play, in both phases.
    #[test]
    fn an_edited_hand_gives_the_legal_actions_of_its_full_state() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(41);
        let (mut from_view, mut from_game, mut legal) = (Vec::new(), Vec::new(), Vec::new());
        let mut edited = 0;
        for game_no in 0..40 {
            let config = if game_no % 2 == 0 { Config::RUMMY40 } else { Config::SCALA40 };
            let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
            while let Some(seat) = g.to_move() {
                let mut view = g.view(seat);
                // A card no one saw it take, for one of the stock: the counts still add up.
                let hidden: Vec<_> = (view.hand - view.known[seat]).iter().collect();
                if let (Some(&out), Some(&into)) = (hidden.choose(&mut rng), g.piles().stock().first()) {
                    view.hand.remove(out);
                    view.hand.insert(into);
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
