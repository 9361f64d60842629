//! Scripted deals in card notation.
#![allow(dead_code)]

use rummykit_classic::{Action, ActionError, ClassicRummy, Config};
use rummykit_core::{Card, Catalog, Game, MatchEnd, PieceId, PieceSet, parse_list};

pub const DECK: Catalog<Card> = Catalog::<Card>::DECK;

pub fn id(card: &str) -> PieceId {
    DECK.ids_of(card.parse().unwrap()).next().unwrap()
}

pub fn ids(cards: &str) -> Vec<PieceId> {
    parse_list::<Card>(cards).unwrap().into_iter().map(|c| DECK.ids_of(c).next().unwrap()).collect()
}

pub fn set(cards: &str) -> PieceSet {
    ids(cards).into_iter().collect()
}

pub fn standard() -> Config {
    Config::standard(MatchEnd::TargetScore(100))
}

/// A scripted hand: `hands` per seat, the stock's top cards (top first), the discard
/// pile (bottom first); every other card goes to the bottom of the stock.
pub fn scripted(
    config: &Config,
    dealer: usize,
    hands: &[&str],
    stock_top: &str,
    discard: &str,
) -> ClassicRummy {
    let hands: Vec<PieceSet> = hands.iter().map(|h| set(h)).collect();
    let top = ids(stock_top);
    let pile = ids(discard);
    let mut used: PieceSet = hands.iter().fold(PieceSet::new(), |a, h| a | *h);
    used.extend(top.iter().copied());
    used.extend(pile.iter().copied());
    let mut stock: Vec<PieceId> = (DECK.all() - used).iter().collect();
    stock.extend(top.iter().rev());
    ClassicRummy::from_deal(config, dealer, hands, stock, pile, 7).unwrap()
}

/// Plays a sequence of actions, panicking on the first refusal.
pub fn play(g: &mut ClassicRummy, actions: &[Action]) {
    for a in actions {
        let seat = g.to_move().expect("the hand is on");
        if let Err(e) = g.apply(seat, *a) {
            panic!("{a} refused: {e}");
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
    assert_eq!(*g, before, "state changed by a refused {action}");
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
    Action::LayOff { card: id(c), onto: rummykit_core::MeldId::new(onto) }
}
