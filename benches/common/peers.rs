//! Inputs and drivers shared by the peer benchmark (`benches/peers.rs`) and its
//! cross-check test (`crates/bench/tests/peers.rs`): the same seeded meld candidates, hands and
//! whole hands of play for rummykit and for the peer crates `gin-rummy` and `rummy`.
//!
//! Rules of the comparison: gin rules for melds and deadwood (one deck, ace low, no
//! jokers; ace 1, court cards 10), classic Rummy for whole hands (4 seats, 7 cards
//! each, random legal moves, at most two restocks).

#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::{Card, Catalog, Face, MeldRules, PieceSet};

/// The ace-low, jokerless meld rules both libraries check.
pub const RULES: MeldRules = rummykit_classic::MELD_RULES;

/// Seeds of the inputs (the benchmark and the test use the same).
pub const MELD_SEED: u64 = 1;
pub const HAND10_SEED: u64 = 10;
pub const HAND11_SEED: u64 = 11;

/// Deadwood value under gin rules: ace 1, 2–10 their number, court cards 10.
pub fn value(card: Card) -> u32 {
    card.number().map_or(0, |n| u32::from(n.min(10)))
}

/// A set of 3–5 distinct cards, ascending by rank then suit (a run reads in order).
#[derive(Clone, Copy, Debug)]
pub struct Candidate {
    pub len: usize,
    pub cards: [Card; 5],
}

impl Candidate {
    pub fn cards(&self) -> &[Card] {
        &self.cards[..self.len]
    }
}

fn card(suit: u8, number: u8) -> Card {
    Card::natural(suit, number).expect("a natural card")
}

/// `n` meld candidates: about a third runs, a third groups, each broken by one edit
/// half of the time, and a third any distinct cards (mostly not melds).
pub fn candidates(n: usize, seed: u64) -> Vec<Candidate> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(n);
    while out.len() < n {
        let len = rng.random_range(3..=5usize);
        let suit = rng.random_range(0..4u8);
        let mut cards: Vec<Card> = match rng.random_range(0..3) {
            0 => {
                let start = rng.random_range(1..=14 - len as u8);
                (0..len as u8).map(|i| card(suit, start + i)).collect()
            }
            1 => {
                let number = rng.random_range(1..=13u8);
                let mut suits = [0u8, 1, 2, 3];
                suits.shuffle(&mut rng);
                (0..len.min(4)).map(|i| card(suits[i], number)).collect()
            }
            _ => (0..len).map(|_| Card::from_index(rng.random_range(0..52)).expect("a card")).collect(),
        };
        if rng.random_bool(0.5) {
            let i = rng.random_range(0..cards.len());
            cards[i] = Card::from_index(rng.random_range(0..52)).expect("a card");
        }
        cards.sort_by_key(|c| (c.number(), c.suit_index()));
        cards.dedup();
        if cards.len() < 3 {
            continue;
        }
        let mut fixed = [Card::JOKER; 5];
        fixed[..cards.len()].copy_from_slice(&cards);
        out.push(Candidate { len: cards.len(), cards: fixed });
    }
    out
}

/// `n` hands of `len` distinct cards of one deck, ascending.
pub fn hands(n: usize, len: usize, seed: u64) -> Vec<Vec<Card>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut deck: Vec<Card> = Card::all().take(52).collect();
    (0..n)
        .map(|_| {
            deck.shuffle(&mut rng);
            let mut hand = deck[..len].to_vec();
            hand.sort();
            hand
        })
        .collect()
}

/// The hand as a set of pieces of the one-deck catalog.
pub fn piece_set(hand: &[Card]) -> PieceSet {
    let deck = Catalog::<Card>::DECK;
    hand.iter().filter_map(|&c| deck.ids_of(c).next()).collect()
}

/// The card as gin-rummy's bit (16 bits per suit, rank 1–13 at bit `rank`).
pub fn gin_bit(card: Card) -> u64 {
    let (s, n) = (card.suit_index().unwrap_or(0), card.number().unwrap_or(0));
    1u64 << (16 * u32::from(s) + u32::from(n))
}

/// The cards as a gin-rummy hand.
pub fn gin_hand(cards: &[Card]) -> gin_rummy::Hand {
    gin_rummy::Hand::from_bits_retain(cards.iter().map(|&c| gin_bit(c)).fold(0, |a, b| a | b))
}

/// The least deadwood by brute force: every disjoint set of melds of the hand, where
/// the melds are every subset of 3 or more cards the plain definition accepts.
pub fn brute_force_deadwood(hand: &[Card]) -> u32 {
    let n = hand.len();
    let mut melds = Vec::new();
    for mask in 1u32..(1 << n) {
        if mask.count_ones() < 3 {
            continue;
        }
        let cards: Vec<Card> = (0..n).filter(|&i| mask & (1 << i) != 0).map(|i| hand[i]).collect();
        let numbers: Vec<u8> = cards.iter().map(|c| c.number().expect("natural")).collect();
        let suits: Vec<u8> = cards.iter().map(|c| c.suit_index().expect("natural")).collect();
        let group = numbers.iter().all(|&x| x == numbers[0]) && cards.len() <= 4;
        let mut sorted = numbers.clone();
        sorted.sort_unstable();
        let run = suits.iter().all(|&s| s == suits[0]) && sorted.windows(2).all(|w| w[1] == w[0] + 1);
        if group || run {
            melds.push(mask);
        }
    }
    let values: Vec<u32> = hand.iter().map(|&c| value(c)).collect();
    fn best(free: u32, melds: &[u32], values: &[u32]) -> u32 {
        let dead: u32 = (0..values.len()).filter(|&i| free & (1 << i) != 0).map(|i| values[i]).sum();
        let lowest = free.trailing_zeros();
        if free == 0 {
            return 0;
        }
        // The lowest free card: unmelded, or in one of its melds.
        let bit = 1 << lowest;
        let mut b = values[lowest as usize] + best(free & !bit, melds, values);
        for &m in melds {
            if m & bit != 0 && m & free == m {
                b = b.min(best(free & !m, melds, values));
            }
        }
        b.min(dead)
    }
    best((1 << n) - 1, &melds, &values)
}

pub mod play {
    //! Whole hands of basic rummy between random players, for both libraries.

    use rand::SeedableRng;
    use rand::seq::IndexedRandom;
    use rand_chacha::ChaCha8Rng;
    use rummy::cards::card::CardData;
    use rummy::cards::deck::DeckConfig;
    use rummy::cards::meld::{Meld, Meldable};
    use rummy::cards::suit_rank::{Rank, Suit};
    use rummy::game::action::{
        DiscardAction, DrawDeckAction, DrawDiscardPileAction, FormMeldAction, GameAction, LayOffAction,
    };
    use rummy::game::state::GamePhase;
    use rummy::game::r#trait::Game as _;
    use rummy::game::variants::basic::config::BasicConfig;
    use rummy::game::variants::basic::game::BasicRummyGame;
    use rummykit::RandomBot;
    use rummykit::classic::{ClassicRummy, Config};
    use rummykit::{Bot, Game, MatchEnd, Seating, play_hand};

    /// Restocks before a hand ends void, as classic's `RESTOCK_CAP` sets.
    const MAX_RESTOCKS: usize = 2;

    /// One hand of rummykit's classic Rummy, 4 random players; returns the actions taken.
    pub fn rummykit_hand(config: &Config, seed: u64) -> usize {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = ClassicRummy::deal(config, Seating::new(4), &mut rng).expect("a valid deal");
        let mut bots: Vec<RandomBot<ChaCha8Rng>> =
            (0..4).map(|s| RandomBot::new(ChaCha8Rng::seed_from_u64(seed * 8 + s))).collect();
        let mut seated: Vec<&mut dyn Bot<ClassicRummy>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<ClassicRummy>).collect();
        let (_, actions) = play_hand(&mut game, &mut seated, 1_000_000).expect("legal play");
        actions.len()
    }

    /// The configuration of rummykit's hands.
    pub fn rummykit_config() -> Config {
        Config::STANDARD
            .with_max_restocks(Some(rummykit::classic::RESTOCK_CAP))
            .with_game_end(MatchEnd::FixedHands(1))
    }

    fn number(rank: Rank) -> u8 {
        rank as u8 // Joker = 0, Ace = 1, …, King = 13
    }

    fn suit(s: Suit) -> u8 {
        s as u8 // Joker = 0, Clubs = 1, …
    }

    /// A random legal action of the player to move in `rummy`'s basic game, chosen as
    /// rummykit's random player chooses: uniformly among every legal action (drawing
    /// from the stock or the discard pile; laying down any meld of the hand; laying
    /// off any card that fits any meld; discarding any card but the one just taken).
    fn random_action(
        game: &BasicRummyGame,
        taken: Option<CardData>,
        rng: &mut ChaCha8Rng,
        legal: &mut Vec<GameAction>,
    ) -> GameAction {
        let state = game.get_state();
        legal.clear();
        if state.phase() == GamePhase::Draw {
            legal.push(GameAction::DrawDeck(DrawDeckAction {}));
            if !state.deck().discard_pile().is_empty() {
                legal.push(GameAction::DrawDiscardPile(DrawDiscardPileAction { count: None }));
            }
            return legal.choose(rng).cloned().expect("a draw");
        }
        let me = state.current_player_index();
        let hand = state.players()[me].cards();
        let data: Vec<CardData> = hand.iter().map(|c| c.data()).collect();
        // Melds of the hand: runs as consecutive ranks of one suit, sets as 3–4 of a rank.
        let mut by = [[usize::MAX; 14]; 5];
        for (i, d) in data.iter().enumerate() {
            by[usize::from(suit(d.suit))][usize::from(number(d.rank))] = i;
        }
        for ranks in &by[1..] {
            for lo in 1..=11 {
                let mut hi = lo;
                while hi <= 13 && ranks[hi] != usize::MAX {
                    if hi >= lo + 2 {
                        let card_indices: Vec<usize> = ranks[lo..=hi].to_vec();
                        legal.push(GameAction::FormMeld(FormMeldAction { card_indices }));
                    }
                    hi += 1;
                }
            }
        }
        for r in 1..=13 {
            let present: Vec<usize> =
                by[1..].iter().map(|ranks| ranks[r]).filter(|&i| i != usize::MAX).collect();
            for subset in 0u32..(1 << present.len()) {
                if subset.count_ones() >= 3 {
                    let card_indices =
                        (0..present.len()).filter(|k| subset & (1 << k) != 0).map(|k| present[k]).collect();
                    legal.push(GameAction::FormMeld(FormMeldAction { card_indices }));
                }
            }
        }
        for (p, player) in state.players().iter().enumerate() {
            for (m, meld) in player.melds().iter().enumerate() {
                let cards = meld.cards();
                let (first, last) = (cards[0].data(), cards[cards.len() - 1].data());
                for (i, d) in data.iter().enumerate() {
                    let fits = match meld {
                        Meld::Set(set) => d.rank == set.rank(),
                        Meld::Run(run) => {
                            d.suit == run.suit()
                                && (number(d.rank) + 1 == number(first.rank)
                                    || number(d.rank) == number(last.rank) + 1)
                        }
                    };
                    if fits {
                        legal.push(GameAction::LayOff(LayOffAction {
                            card_index: i,
                            target_player_index: p,
                            target_meld_index: m,
                        }));
                    }
                }
            }
        }
        for (i, d) in data.iter().enumerate() {
            if Some(*d) != taken {
                legal.push(GameAction::Discard(DiscardAction { card_index: i, declare_going_out: None }));
            }
        }
        legal.choose(rng).cloned().expect("a discard")
    }

    /// One hand of `rummy`'s basic game, 4 random players (its deck shuffled with its own
    /// generator from `seed`); returns the actions taken.
    pub fn rummy_hand(seed: u64) -> usize {
        let deck =
            DeckConfig { shuffle_seed: Some(seed + 1), pack_count: 1, high_rank: None, wildcard_rank: None };
        let config =
            BasicConfig { deal_amount: None, draw_deck_amount: None, draw_discard_pile_amount: None };
        let mut game = BasicRummyGame::new(vec![0, 1, 2, 3], config, deck).expect("a valid game");
        game.next_round().expect("a deal");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut legal = Vec::new();
        let (mut actions, mut restocks, mut taken) = (0, 0, None);
        while game.get_state().phase() != GamePhase::RoundEnd {
            let action = random_action(&game, taken, &mut rng, &mut legal);
            taken = None;
            match &action {
                GameAction::DrawDeck(_) if game.get_state().deck().stock().is_empty() => {
                    if restocks == MAX_RESTOCKS {
                        break; // the hand ends void
                    }
                    restocks += 1;
                }
                GameAction::DrawDiscardPile(_) => taken = game.get_state().deck().peek_discard_pile(),
                _ => {}
            }
            game.execute_action(action).expect("a legal action");
            actions += 1;
        }
        actions
    }
}
