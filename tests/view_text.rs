//! A view's text (its `Display`) shows a seat what it may see and nothing else: every
//! piece written is one of the seat's view (its own hand or rack, the table, the
//! discard pile, the cards others are known to hold, the card taken this turn), each as
//! often as the view holds it, so no other seat's hidden piece. Random hands of every
//! variant, every seat's text at every step.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit::rummikub::Rummikub;
use rummykit::{AnyGame, AnyView, Card, Catalog, Game, PieceId, Seating, Tile, Variant};

/// How often each face is written: whitespace-separated words, brackets and commas
/// trimmed, that are a face in its own notation (`7h`, `*`; `r5`, `J`).
fn written<F: core::str::FromStr + ToString + Ord>(text: &str) -> BTreeMap<F, usize> {
    let mut counts = BTreeMap::new();
    for word in text.split_whitespace() {
        let word = word.trim_matches(|c| matches!(c, '[' | ']' | ','));
        if let Ok(face) = word.parse::<F>()
            && face.to_string() == word
        {
            *counts.entry(face).or_insert(0) += 1;
        }
    }
    counts
}

fn count<F: Ord>(counts: &mut BTreeMap<F, usize>, faces: impl IntoIterator<Item = F>) {
    for face in faces {
        *counts.entry(face).or_insert(0) += 1;
    }
}

/// Checks the text of every seat's view of `game`; returns how many pieces hidden from
/// a seat had a face the seat sees nowhere (so that the check has something to catch).
fn check_texts(variant: Variant, game: &AnyGame) -> usize {
    let mut unseen_hidden = 0;
    for seat in 0..game.seats() {
        let view = game.view(seat);
        let text = view.to_string();
        match (game, &view) {
            (AnyGame::Rummikub(g), AnyView::Rummikub(v)) => {
                let mut seen = BTreeMap::new();
                count(&mut seen, v.rack.iter());
                count(&mut seen, v.table.iter().flat_map(|m| m.faces().iter().copied()));
                assert_eq!(written::<Tile>(&text), seen, "{variant}, seat {seat}: {text}");
                unseen_hidden += hidden_unseen(g, seat, &seen);
            }
            (g, AnyView::Classic(v)) => {
                let pack = Catalog::<Card>::DECK;
                unseen_hidden += card_texts(variant, g, &pack, &v.common, &text);
            }
            (g, AnyView::Rummy40(v)) => {
                let pack = v.config.catalog().expect("a game's pack");
                unseen_hidden += card_texts(variant, g, &pack, &v.common, &text);
            }
            _ => unreachable!("a game's view is of its engine"),
        }
    }
    unseen_hidden
}

fn hidden_unseen(g: &Rummikub, seat: usize, seen: &BTreeMap<Tile, usize>) -> usize {
    (0..g.seats())
        .filter(|&other| other != seat)
        .flat_map(|other| g.rack(other).map(|r| r.iter().collect::<Vec<_>>()).unwrap_or_default())
        .filter(|tile| !seen.contains_key(tile))
        .count()
}

fn card_texts(
    variant: Variant,
    game: &AnyGame,
    pack: &Catalog<Card>,
    view: &rummykit::HandView,
    text: &str,
) -> usize {
    let face = |id: PieceId| pack.face(id).expect("a card of the pack");
    let mut seen = BTreeMap::new();
    count(&mut seen, view.hand.iter().map(face));
    count(&mut seen, view.table.melds().iter().flat_map(|m| m.pieces().iter().map(|&p| face(p))));
    count(&mut seen, view.discard_pile.iter().map(|&p| face(p)));
    let others = (0..view.hand_sizes.len()).filter(|&s| s != view.seat);
    count(&mut seen, others.clone().flat_map(|s| view.known[s].iter().map(face)));
    count(&mut seen, view.taken_this_turn.map(face));
    assert_eq!(written::<Card>(text), seen, "{variant}, seat {}: {text}", view.seat);
    let hand = |s| match game {
        AnyGame::Classic(g) => g.hand(s),
        AnyGame::Rummy40(g) => g.hand(s),
        _ => None,
    };
    others
        .flat_map(|s| hand(s).expect("a seat's hand").difference(&view.known[s]).iter().collect::<Vec<_>>())
        .filter(|&p| !seen.contains_key(&face(p)))
        .count()
}

#[test]
fn a_views_text_shows_only_what_its_seat_may_see() {
    let mut pick = ChaCha8Rng::seed_from_u64(11);
    for variant in Variant::ALL {
        let (mut steps, mut unseen_hidden, mut ended) = (0, 0, 0);
        for (hand, seats) in [2, 3, 4, 2].into_iter().enumerate() {
            let config = variant.config().with_max_restocks(Some(2));
            let seating = Seating::new(seats).with_dealer(hand % seats);
            let mut game =
                AnyGame::deal(&config, seating, &mut ChaCha8Rng::seed_from_u64(hand as u64)).expect("a deal");
            while let Some(seat) = game.to_move() {
                if steps % 3 == 0 {
                    unseen_hidden += check_texts(variant, &game);
                }
                let action = AnyGame::random_action_from(&game.view(seat), &mut pick).expect("an action");
                game.apply(seat, action).expect("a listed action");
                steps += 1;
            }
            check_texts(variant, &game);
            ended += 1;
        }
        assert_eq!(ended, 4, "{variant}");
        assert!(
            unseen_hidden > 100 && steps > 40,
            "{variant}: {steps} steps, {unseen_hidden} hidden pieces unseen"
        );
    }
}
