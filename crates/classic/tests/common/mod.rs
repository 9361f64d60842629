//! Scripted deals in card notation.
#![allow(dead_code)]

use rummykit_classic::{Action, ActionError, ClassicRummy, Config, Setup};
use rummykit_core::{Card, Catalog, Game, NamedPiece, PieceId, PieceSet, parse_list};

pub const DECK: Catalog<Card> = Catalog::<Card>::DECK;

pub fn id(card: &str) -> PieceId {
    DECK.ids_of(card.parse().unwrap()).next().unwrap()
}

/// Card `id` as a refusal names it: by its face in the deck and its id.
pub fn named(id: PieceId) -> NamedPiece {
    NamedPiece::of(id, &DECK)
}

pub fn ids(cards: &str) -> Vec<PieceId> {
    parse_list::<Card>(cards).unwrap().into_iter().map(|c| DECK.ids_of(c).next().unwrap()).collect()
}

pub fn set(cards: &str) -> PieceSet {
    ids(cards).into_iter().collect()
}

pub fn standard() -> Config {
    Config::STANDARD
}

pub fn cards(s: &str) -> Vec<Card> {
    parse_list(s).expect("test notation")
}

/// A scripted hand through the public builder: `hands` per seat, the stock's top cards
/// (top first), the discard pile (bottom first); every other card goes to the stock
/// after them ([`Setup::fill_stock`]).
pub fn scripted(
    config: &Config,
    dealer: usize,
    hands: &[&str],
    stock_top: &str,
    discard: &str,
) -> ClassicRummy {
    let mut setup = Setup::new(hands.iter().map(|h| cards(h)).collect());
    setup.dealer = dealer;
    setup.stock = cards(stock_top);
    setup.discard = cards(discard);
    setup.shuffle_seed = 7;
    setup.fill_stock();
    ClassicRummy::from_setup(config, setup).expect("a valid scripted hand")
}

/// Plays a sequence of actions, panicking on the first refusal.
pub fn play(g: &mut ClassicRummy, actions: &[Action]) {
    for a in actions {
        let seat = g.to_move().expect("the hand is on");
        if let Err(e) = g.apply(seat, *a) {
            panic!("{a:?} refused: {e}");
        }
    }
}

/// Asserts that `action` is refused with `expected`, that `check` agrees, that it is not
/// among the legal actions, and that the state is unchanged.
pub fn refused(g: &mut ClassicRummy, action: Action, expected: ActionError) {
    let before = g.clone();
    let seat = g.to_move().unwrap_or_default();
    assert_eq!(g.check(seat, &action), Err(expected));
    assert_eq!(g.apply(seat, action), Err(expected));
    assert_eq!(*g, before, "state changed by a refused {action:?}");
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    assert!(!legal.contains(&action));
}

pub fn discard(c: &str) -> Action {
    Action::Discard(id(c))
}

pub fn meld(c: &str) -> Action {
    Action::Meld(set(c))
}

pub fn lay_off(c: &str, onto: u16) -> Action {
    Action::LayOff { piece: id(c), onto: rummykit_core::MeldId::new(onto) }
}
