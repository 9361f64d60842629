//! Differential: whole random hands against a plain referee written from RULES.md §2
//! alone (lists and sets, no shared code with the engine). After every action the two
//! agree on every hand, the stock in order, the discard pile in order, the restock count,
//! the table (owner, kind, cards), the seat to move, the phase, the card taken and the
//! outcome; and on every candidate action (each discard, each lay-off onto each meld,
//! random card sets as melds, the draws) they give the same verdict, every one the
//! model allows being listed by the engine.

mod common;

use common::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{AceMode, Action, ClassicRummy, Config, MeldLimit, Phase};
use rummykit_core::{Face, Game, MeldId, MeldKind, Outcome, PieceId, PieceSet, Seating};

/// Rank (1–13, ace 1) and suit of a deck card.
fn face(id: PieceId) -> (u8, u8) {
    let card = DECK.face(id).expect("a card of the deck");
    (card.number().expect("a natural card"), card.suit_index().expect("a suit"))
}

/// §2.6: J/Q/K 10, number cards their face, the ace 1 (15 unless aces are only low).
fn value(id: PieceId, ace: AceMode) -> i64 {
    match face(id).0 {
        1 if ace == AceMode::Low => 1,
        1 => 15,
        n => i64::from(n.min(10)),
    }
}

/// §2.4: a set is 3–4 cards of one rank; a run 3 or more consecutive cards of one suit,
/// ace low; high or low also with the ace after the king; round the corner any stretch
/// of the circle A-2-…-K-A, each card once.
fn valid(kind: MeldKind, cards: &PieceSet, ace: AceMode) -> bool {
    let faces: Vec<(u8, u8)> = cards.iter().map(face).collect();
    let n = faces.len();
    if n < 3 {
        return false;
    }
    match kind {
        MeldKind::Group => n <= 4 && faces.iter().all(|f| f.0 == faces[0].0),
        MeldKind::Run => {
            if faces.iter().any(|f| f.1 != faces[0].1) {
                return false;
            }
            let ranks: Vec<u8> = faces.iter().map(|f| f.0).collect();
            let stretch = |high_ace: bool| {
                let mut r: Vec<u8> = ranks.iter().map(|&x| if high_ace && x == 1 { 14 } else { x }).collect();
                r.sort_unstable();
                r.windows(2).all(|w| w[1] == w[0] + 1)
            };
            match ace {
                AceMode::Low => stretch(false),
                AceMode::LowOrHigh => stretch(false) || stretch(true),
                AceMode::RoundTheCorner => (1..=13u8).any(|start| {
                    let mut circle: Vec<u8> = (0..n as u8).map(|i| (start - 1 + i) % 13 + 1).collect();
                    let mut r = ranks.clone();
                    circle.sort_unstable();
                    r.sort_unstable();
                    n <= 13 && circle == r
                }),
            }
        }
    }
}

/// The referee of RULES.md §2.3–§2.6, by the words.
#[derive(Clone, Debug)]
struct Model {
    config: Config,
    hands: Vec<PieceSet>,
    /// The stock, the next card drawn last.
    stock: Vec<PieceId>,
    /// The discard pile, bottom first.
    pile: Vec<PieceId>,
    table: Vec<(usize, MeldKind, PieceSet)>,
    to_move: usize,
    phase: Phase,
    taken: Option<PieceId>,
    melds_this_turn: u32,
    played_before: Vec<bool>,
    played_this_turn: bool,
    restocks: u32,
    outcome: Option<Outcome>,
    rummy: bool,
}

impl Model {
    fn of(g: &ClassicRummy) -> Model {
        let seats = g.seats();
        Model {
            config: *g.config(),
            hands: (0..seats).map(|s| g.hand(s).unwrap()).collect(),
            stock: g.piles().stock().to_vec(),
            pile: g.piles().discard_pile().to_vec(),
            table: Vec::new(),
            to_move: g.to_move().unwrap(),
            phase: Phase::Draw,
            taken: None,
            melds_this_turn: 0,
            played_before: vec![false; seats],
            played_this_turn: false,
            restocks: 0,
            outcome: None,
            rummy: false,
        }
    }

    fn owns_a_meld(table: &[(usize, MeldKind, PieceSet)], seat: usize) -> bool {
        table.iter().any(|m| m.0 == seat)
    }

    /// §2.3's guard: after a play leaving `rest`, the turn can still end legally.
    fn can_end(&self, rest: &PieceSet, table: &[(usize, MeldKind, PieceSet)]) -> bool {
        let must = self.config.must_discard_to_go_out;
        if rest.is_empty() {
            return !must;
        }
        match self.taken {
            Some(t) if rest.len() == 1 && rest.contains(t) => {
                let may = !self.config.layoff_requires_own_meld || Model::owns_a_meld(table, self.to_move);
                let fits = table.iter().any(|(_, kind, cards)| {
                    let mut with = *cards;
                    with.insert(t);
                    valid(*kind, &with, self.config.ace)
                });
                !must && may && fits
            }
            _ => true,
        }
    }

    fn allows(&self, action: &Action) -> bool {
        let hand = self.hands[self.to_move];
        match (self.phase, *action) {
            (Phase::Over, _) => false,
            (Phase::Draw, Action::DrawStock) => true,
            (Phase::Draw, Action::TakeDiscard) => !self.pile.is_empty(),
            (Phase::Draw, _) | (Phase::Play, Action::DrawStock | Action::TakeDiscard) => false,
            (Phase::Play, Action::Meld(cards)) => {
                let kind = if cards.iter().all(|c| face(c).0 == face(cards.first().unwrap()).0) {
                    MeldKind::Group
                } else {
                    MeldKind::Run
                };
                let mut table = self.table.clone();
                table.push((self.to_move, kind, cards));
                !cards.is_empty()
                    && cards.is_subset(&hand)
                    && (self.config.meld_limit == MeldLimit::Unlimited || self.melds_this_turn == 0)
                    && valid(kind, &cards, self.config.ace)
                    && self.can_end(&(hand - cards), &table)
            }
            (Phase::Play, Action::LayOff { piece, onto }) => {
                let Some(&(owner, kind, cards)) = self.table.get(usize::from(onto.index())) else {
                    return false;
                };
                let mut with = cards;
                with.insert(piece);
                let mut table = self.table.clone();
                table[usize::from(onto.index())] = (owner, kind, with);
                let mut rest = hand;
                rest.remove(piece);
                hand.contains(piece)
                    && (!self.config.layoff_requires_own_meld
                        || Model::owns_a_meld(&self.table, self.to_move))
                    && valid(kind, &with, self.config.ace)
                    && self.can_end(&rest, &table)
            }
            (Phase::Play, Action::Discard(card)) => hand.contains(card) && self.taken != Some(card),
        }
    }

    /// Applies `action`; `shuffled` is the stock a shuffled restock made (the next card
    /// drawn last), which only the engine's seeded shuffle decides.
    fn apply(&mut self, action: &Action, shuffled: Option<Vec<PieceId>>) {
        let seat = self.to_move;
        match *action {
            Action::DrawStock => {
                if self.stock.is_empty() {
                    let capped = self.config.max_restocks.is_some_and(|m| self.restocks >= m);
                    if capped || self.pile.is_empty() {
                        return self.end(None);
                    }
                    // §2.5: the pile turned face down as it lies: its bottom card on top.
                    self.restocks += 1;
                    let turned: Vec<PieceId> = self.pile.drain(..).rev().collect();
                    self.stock = match shuffled {
                        Some(order) if self.config.shuffle_on_restock => {
                            // The same cards, in an order the model cannot know.
                            let (mut a, mut b) = (order.clone(), turned);
                            a.sort_unstable();
                            b.sort_unstable();
                            assert_eq!(a, b, "a shuffled restock is the pile's cards");
                            order
                        }
                        _ => turned,
                    };
                }
                let card = self.stock.pop().unwrap();
                self.hands[seat].insert(card);
                self.phase = Phase::Play;
            }
            Action::TakeDiscard => {
                let card = self.pile.pop().unwrap();
                self.hands[seat].insert(card);
                self.taken = Some(card);
                self.phase = Phase::Play;
            }
            Action::Meld(cards) => {
                let kind = if cards.iter().all(|c| face(c).0 == face(cards.first().unwrap()).0) {
                    MeldKind::Group
                } else {
                    MeldKind::Run
                };
                self.hands[seat] -= cards;
                self.table.push((seat, kind, cards));
                self.melds_this_turn += 1;
                self.played_this_turn = true;
            }
            Action::LayOff { piece, onto } => {
                self.hands[seat].remove(piece);
                self.table[usize::from(onto.index())].2.insert(piece);
                self.played_this_turn = true;
            }
            Action::Discard(card) => {
                self.hands[seat].remove(card);
                self.pile.push(card);
                if !self.hands[seat].is_empty() {
                    self.played_before[seat] |= self.played_this_turn;
                    self.to_move = (seat + 1) % self.hands.len();
                    self.phase = Phase::Draw;
                    self.taken = None;
                    self.melds_this_turn = 0;
                    self.played_this_turn = false;
                }
            }
        }
        if self.hands[seat].is_empty() {
            self.end(Some(seat));
        }
    }

    /// §2.5 / §2.6: the winner scores the others' cards, doubled for a rummy; a void
    /// hand scores nothing.
    fn end(&mut self, winner: Option<usize>) {
        let seats = self.hands.len();
        let mut points = vec![0; seats];
        if let Some(w) = winner {
            let mut total: i64 = (0..seats)
                .filter(|&s| s != w)
                .map(|s| self.hands[s].iter().map(|c| value(c, self.config.ace)).sum::<i64>())
                .sum();
            self.rummy = !self.played_before[w];
            if self.rummy && self.config.going_rummy_double {
                total *= 2;
            }
            points[w] = total;
        }
        self.outcome = Some(Outcome { points, winners: winner.into_iter().collect() });
        self.phase = Phase::Over;
        self.taken = None;
    }

    fn assert_same(&self, g: &ClassicRummy, context: &str) {
        for (s, hand) in self.hands.iter().enumerate() {
            assert_eq!(g.hand(s), Some(*hand), "hand {s}; {context}");
        }
        assert_eq!(g.piles().stock(), &self.stock[..], "stock; {context}");
        assert_eq!(g.piles().discard_pile(), &self.pile[..], "pile; {context}");
        assert_eq!(g.piles().restocks(), self.restocks, "restocks; {context}");
        let table: Vec<(usize, MeldKind, PieceSet)> =
            g.table().melds().iter().map(|m| (m.owner(), m.meld().kind(), m.piece_set())).collect();
        assert_eq!(table, self.table, "table; {context}");
        assert_eq!(g.phase(), self.phase, "phase; {context}");
        let to_move = (self.phase != Phase::Over).then_some(self.to_move);
        assert_eq!(g.to_move(), to_move, "to move; {context}");
        assert_eq!(g.taken_this_turn(), self.taken, "taken; {context}");
        assert_eq!(g.outcome(), self.outcome, "outcome; {context}");
        if self.outcome.as_ref().is_some_and(|o| !o.winners.is_empty()) {
            assert_eq!(g.went_rummy(), self.rummy, "rummy; {context}");
        }
    }
}

/// The actions to judge in a play phase: every draw, every discard (and one of a card
/// not held), every lay-off onto every meld (and onto a meld that is not there), the
/// engine's listed melds and random card sets of the hand, some with a card not held.
fn candidates(g: &ClassicRummy, m: &Model, listed: &[Action], rng: &mut ChaCha8Rng) -> Vec<Action> {
    let hand = m.hands[m.to_move];
    let cards: Vec<PieceId> = hand.iter().collect();
    let mut out = vec![Action::DrawStock, Action::TakeDiscard];
    out.extend(listed.iter().copied());
    let stranger = (0..52u8).filter_map(PieceId::new).find(|&c| !hand.contains(c)).unwrap();
    for &c in cards.iter().chain([&stranger]) {
        out.push(Action::Discard(c));
        for onto in 0..=g.table().melds().len() {
            out.push(Action::LayOff { piece: c, onto: MeldId::new(onto as u16) });
        }
    }
    for _ in 0..24 {
        let mut set = PieceSet::new();
        for _ in 0..rng.random_range(1..=6) {
            set.insert(cards[rng.random_range(0..cards.len())]);
        }
        if rng.random_range(0..8) == 0 {
            set.insert(stranger);
        }
        out.push(Action::Meld(set));
    }
    out
}

/// Random hands under every option of §2.7 (a shuffled restock's order is the engine's
/// seeded draw: the model takes it, checked to be the pile's cards): the engine and the
/// model agree at every step.
#[test]
fn rules_2_whole_hands_agree_with_a_plain_referee_of_the_rules() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x2_2026);
    let (mut steps, mut judged, mut wins, mut voids, mut rummies) = (0usize, 0usize, 0, 0, 0);
    let mut shuffles = 0;
    let mut listed = Vec::new();
    for round in 0..240 {
        let aces = [AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner];
        let limits = [MeldLimit::One, MeldLimit::Unlimited];
        let config = Config::STANDARD
            .with_ace(aces[round % 3])
            .with_meld_limit(limits[round / 3 % 2])
            .with_layoff_requires_own_meld(round / 6 % 2 == 1)
            .with_must_discard_to_go_out(round / 12 % 2 == 1)
            .with_going_rummy_double(round / 24 % 2 == 0)
            .with_max_restocks([Some(0), Some(1), Some(2), Some(3)][round / 48 % 4])
            .with_shuffle_on_restock(round % 7 == 3);
        let seats = 2 + round % 5;
        let seating = Seating::new(seats).with_dealer(round % seats);
        let mut g = ClassicRummy::deal(&config, seating, &mut rng).unwrap();
        let mut m = Model::of(&g);
        for step in 0..4_000 {
            let context = format!("round {round}, step {step}, {seats} seats, {config:?}");
            m.assert_same(&g, &context);
            let Some(seat) = g.to_move() else { break };
            g.legal_actions(&mut listed);
            for a in candidates(&g, &m, &listed, &mut rng) {
                let allowed = m.allows(&a);
                assert_eq!(g.check(seat, &a).is_ok(), allowed, "{a:?}; {context}");
                assert_eq!(listed.contains(&a), allowed, "listed {a:?}; {context}");
                judged += 1;
            }
            // Plays first: a hand of random draws and discards rarely ends.
            let plays: Vec<Action> = listed
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::Meld(_) | Action::LayOff { .. }))
                .collect();
            let action = if !plays.is_empty() && rng.random_range(0..10) < 8 {
                plays[rng.random_range(0..plays.len())]
            } else {
                listed[rng.random_range(0..listed.len())]
            };
            g.apply(seat, action).unwrap_or_else(|e| panic!("{action:?}: {e}; {context}"));
            // A shuffled restock: the engine's new stock, with the card it drew on top.
            let restocked = g.piles().restocks() > m.restocks;
            let shuffled = (restocked && config.shuffle_on_restock).then(|| {
                let drawn = g.hand(seat).unwrap() - m.hands[seat];
                let mut order = g.piles().stock().to_vec();
                order.extend(drawn.iter());
                order
            });
            shuffles += usize::from(shuffled.is_some());
            m.apply(&action, shuffled);
            steps += 1;
        }
        match g.outcome() {
            Some(o) if o.winners.is_empty() => voids += 1,
            Some(_) => {
                wins += 1;
                rummies += usize::from(g.went_rummy());
            }
            None => panic!("round {round}: a capped hand did not end"),
        }
    }
    assert!(wins > 60 && voids > 20 && rummies > 0, "{wins} won, {voids} void, {rummies} rummies");
    assert!(steps > 10_000 && judged > 100_000, "{steps} steps, {judged} verdicts");
    assert!(shuffles > 10, "{shuffles} shuffled restocks");
}

/// §2.2 and §2.6 over whole matches, against the rule text: each hand is dealt by the
/// seat after the last dealer, the seat after it starts, every hand holds the dealt
/// number (10, 7 or 6); the totals are the sums of the hands' points; the match ends
/// after the hand in which a total reaches the target (or after the fixed number of
/// hands, a void hand counted), and the highest total wins.
#[test]
fn rules_2_6_whole_matches_agree_with_the_rule_text() {
    use rummykit_core::{Match, MatchEnd};
    let mut rng = ChaCha8Rng::seed_from_u64(0x2_6026);
    let mut listed = Vec::new();
    let (mut long_target_matches, mut void_hands) = (0, 0);
    for round in 0..30 {
        let seats = 2 + round % 5;
        let end = if round % 3 == 0 { MatchEnd::FixedHands(4) } else { MatchEnd::TargetScore(60) };
        let config = Config::STANDARD
            .with_ace([AceMode::Low, AceMode::LowOrHigh, AceMode::RoundTheCorner][round % 3])
            .with_meld_limit(if round % 2 == 0 { MeldLimit::Unlimited } else { MeldLimit::One })
            .with_max_restocks(Some(1))
            .with_game_end(end);
        let terms = ClassicRummy::default_terms(&config, seats).with_first_dealer(round % seats);
        let mut m = Match::<ClassicRummy>::new(config, terms).unwrap();
        let (mut totals, mut hands, mut dealer) = (vec![0i64; seats], 0u32, round % seats);
        while !m.is_over() {
            let mut g = m.next_hand(&mut rng).unwrap();
            let size = Config::hand_size(seats).unwrap();
            assert_eq!((g.dealer(), g.to_move()), (dealer, Some((dealer + 1) % seats)), "round {round}");
            assert!((0..seats).all(|s| g.hand(s).unwrap().len() == size));
            while let Some(seat) = g.to_move() {
                g.legal_actions(&mut listed);
                let plays: Vec<Action> =
                    listed.iter().copied().filter(|a| !matches!(a, Action::Discard(_))).collect();
                let action = if !plays.is_empty() && rng.random_range(0..10) < 8 {
                    plays[rng.random_range(0..plays.len())]
                } else {
                    listed[rng.random_range(0..listed.len())]
                };
                g.apply(seat, action).unwrap();
            }
            let outcome = g.outcome().unwrap();
            void_hands += usize::from(outcome.winners.is_empty());
            for (t, p) in totals.iter_mut().zip(&outcome.points) {
                *t += p;
            }
            m.record(&outcome).unwrap();
            hands += 1;
            dealer = (dealer + 1) % seats;
            assert_eq!(m.totals(), &totals[..], "round {round}");
            let over = match end {
                MatchEnd::FixedHands(n) => hands >= n,
                MatchEnd::TargetScore(target) => totals.iter().any(|&t| t >= target),
                _ => unreachable!(),
            };
            assert_eq!(m.is_over(), over, "round {round}, after hand {hands}: {totals:?}");
        }
        let best = *totals.iter().max().unwrap();
        let winners: Vec<usize> = (0..seats).filter(|&s| totals[s] == best).collect();
        assert_eq!(m.winners(), winners, "round {round}: {totals:?}");
        // A target match of one hand never checks the totals while the match goes on.
        long_target_matches += usize::from(matches!(end, MatchEnd::TargetScore(_)) && hands > 1);
    }
    assert!(
        long_target_matches > 5 && void_hands > 5,
        "{long_target_matches} target matches of several hands, {void_hands} void hands"
    );
}
