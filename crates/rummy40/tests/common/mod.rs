//! Scripted deals for the Rummy 40 tests.
#![allow(dead_code)]

use rummykit_core::{Card, Game, JokerLimit, MeldKind, NamedPiece, PieceId, PieceSet, parse_list};
use rummykit_rummy40::{
    Action, ActionError, Config, JokerDiscard, NewMeld, OpeningScope, Rummy40, Set3JokerSwap, Setup,
};

/// Option sets that change what is legal, for the tests that compare action lists on
/// random-bot hands: both presets; joker limits with no playable discard; a rummy
/// needing 40; openings free after a stock draw with the either-suit joker swap; both
/// per-card discard rules at once; and the options under which every candidate goes
/// through the full check.
pub fn option_sets() -> Vec<Config> {
    let mut configs = vec![Config::RUMMY40, Config::SCALA40];
    let mut c = Config::RUMMY40;
    c.joker_limit = JokerLimit::NotMoreThanNaturals;
    c.forbid_playable_discard = true;
    configs.push(c);
    let mut c = Config::SCALA40;
    c.joker_limit = JokerLimit::NoAdjacent;
    c.rummy_requires_opening_threshold = true;
    configs.push(c);
    let mut c = Config::RUMMY40;
    c.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    c.set3_joker_swap = Set3JokerSwap::EitherMissing;
    c.opening_threshold = 25;
    configs.push(c);
    let mut c = Config::RUMMY40;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    c.forbid_playable_discard = true;
    configs.push(c);
    let mut c = Config::RUMMY40;
    c.swapped_joker_must_be_played_same_turn = true;
    c.taken_discard_must_be_used_after_open = true;
    c.joker_discard = JokerDiscard::OnlyWhenClosing;
    configs.push(c);
    configs
}

/// A scripted hand: `hands` by seat (faces; a face listed twice takes both copies), the
/// discard pile bottom first, and the cards on top of the stock in drawing order (the
/// rest of the pack after them, in face order). The last seat deals, so seat 0 plays
/// first.
pub fn game(config: Config, hands: &[&str], discard: &str, stock_top: &str) -> Rummy40 {
    game_dealt_by(config, hands.len() - 1, hands, discard, stock_top)
}

/// [`game`] dealt by seat `dealer`: the seat after it plays first.
pub fn game_dealt_by(
    config: Config,
    dealer: usize,
    hands: &[&str],
    discard: &str,
    stock_top: &str,
) -> Rummy40 {
    let mut setup = Setup::new(hands.iter().map(|h| parse_list(h).unwrap()).collect());
    setup.discard = parse_list(discard).unwrap();
    setup.stock = parse_list(stock_top).unwrap();
    setup.fill_stock_from(&config.catalog().unwrap());
    setup.dealer = dealer;
    setup.shuffle_seed = 7;
    Rummy40::from_setup(&config, setup).unwrap()
}

/// The ids of `faces` in `seat`'s hand (distinct copies for a face listed twice).
pub fn ids(g: &Rummy40, seat: usize, faces: &str) -> Vec<PieceId> {
    let mut used = PieceSet::new();
    parse_list::<Card>(faces)
        .unwrap()
        .into_iter()
        .map(|f| {
            let id = g
                .hand(seat)
                .unwrap()
                .iter()
                .find(|&p| g.face(p) == Some(f) && !used.contains(p))
                .unwrap_or_else(|| panic!("{f} not in hand {seat}"));
            used.insert(id);
            id
        })
        .collect()
}

/// Card `id` as `g`'s refusals name it: by its face in the game's pack and its id.
pub fn named(g: &Rummy40, id: PieceId) -> NamedPiece {
    NamedPiece::of(id, g.catalog())
}

/// One card of `seat`'s hand.
pub fn id(g: &Rummy40, seat: usize, face: &str) -> PieceId {
    ids(g, seat, face)[0]
}

/// A run of `faces` from `seat`'s hand, in the order written.
pub fn run(g: &Rummy40, seat: usize, faces: &str) -> NewMeld {
    NewMeld::new(MeldKind::Run, ids(g, seat, faces))
}

/// A set of `faces` from `seat`'s hand.
pub fn set(g: &Rummy40, seat: usize, faces: &str) -> NewMeld {
    NewMeld::new(MeldKind::Group, ids(g, seat, faces))
}

/// Applies `action`, which must be accepted.
pub fn apply_ok(g: &mut Rummy40, action: Action) {
    let seat = g.to_move().expect("the hand is on");
    if let Err(e) = g.apply(seat, action.clone()) {
        panic!("{action:?} refused: {e}");
    }
}

/// Applies `action`, which must be refused with `expected`, leaving the game unchanged.
pub fn apply_refused(g: &mut Rummy40, action: Action, expected: ActionError) {
    let before = g.clone();
    let seat = g.to_move().unwrap_or_default();
    assert_eq!(g.apply(seat, action.clone()), Err(expected.clone()), "{action:?}");
    assert_eq!(*g, before, "refused {action:?} changed the game");
    assert_eq!(g.check(seat, &action), Err(expected));
}

/// The faces of `seat`'s hand, sorted, as text.
pub fn hand_text(g: &Rummy40, seat: usize) -> String {
    let mut faces: Vec<Card> = g.hand(seat).unwrap().iter().filter_map(|p| g.face(p)).collect();
    faces.sort();
    rummykit_core::format_list(&faces)
}

/// The faces of a table meld, as text.
pub fn meld_text(g: &Rummy40, index: usize) -> String {
    g.table().melds()[index].meld().to_string()
}

/// `true` if `id` is a joker.
pub fn is_joker(g: &Rummy40, id: PieceId) -> bool {
    g.face(id).is_some_and(|f| f.is_joker())
}

/// `ok!(g, action)`: the action (built from `g`) must be accepted.
#[macro_export]
macro_rules! ok {
    ($g:ident, $a:expr) => {{
        let a = $a;
        common::apply_ok(&mut $g, a)
    }};
}

/// `refused!(g, action, error)`: the action must be refused with `error`, changing nothing.
#[macro_export]
macro_rules! refused {
    ($g:ident, $a:expr, $e:expr $(,)?) => {{
        let a = $a;
        let e = $e;
        common::apply_refused(&mut $g, a, e)
    }};
}
