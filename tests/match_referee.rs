//! Matches of every game, played by bots on random terms (seats, first dealer or none,
//! end, ranking), checked hand by hand against a plain referee that keeps the match
//! rules of RULES.md by hand: §1.2 step 5 and §2.2 / §3.2 (the deal, or the start,
//! passes clockwise to the next seat still in, the seat after the dealer starts), §1.8,
//! §2.6 and §3.8 (points add up over the hands, a void hand scores nothing, a seat
//! reaching the elimination limit is out and later hands are dealt to the seats left,
//! the match ends by its terms, the best ranked seats win).

mod common;

use common::play_out;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::{
    AnyGame, Bot, Game, Match, MatchEnd, MatchTerms, Outcome, Ranking, ScoreOrder, Seat, Variant, bot,
};

/// The referee's own record of a match: by match seat.
struct Referee {
    seats: usize,
    terms: MatchTerms,
    order: ScoreOrder,
    dealer: Option<Seat>,
    totals: Vec<i64>,
    won: Vec<u32>,
    out_after: Vec<Option<u32>>,
    hands: u32,
}

impl Referee {
    fn new(terms: MatchTerms, order: ScoreOrder) -> Referee {
        let seats = terms.seats;
        Referee {
            seats,
            terms,
            order,
            dealer: terms.first_dealer,
            totals: vec![0; seats],
            won: vec![0; seats],
            out_after: vec![None; seats],
            hands: 0,
        }
    }

    fn in_play(&self) -> Vec<Seat> {
        (0..self.seats).filter(|&s| self.out_after[s].is_none()).collect()
    }

    fn over(&self) -> bool {
        if self.terms.hand_limit.is_some_and(|n| self.hands >= n) {
            return true;
        }
        match self.terms.end {
            MatchEnd::FixedHands(n) => self.hands >= n,
            MatchEnd::SingleHand => self.hands >= 1,
            MatchEnd::TargetScore(t) => self.hands > 0 && self.totals.iter().any(|&x| x >= t),
            MatchEnd::Elimination(_) => self.in_play().len() <= 1,
            _ => unreachable!("no other end is drawn"),
        }
    }

    /// The hand just dealt: to the seats still in, by the dealer the rotation names (or,
    /// first of all with no dealer named, by the one the game chose), the seat after it
    /// to move.
    fn dealt(&mut self, hand: &AnyGame) {
        let active = self.in_play();
        let n = active.len();
        assert_eq!(hand.seats(), n, "dealt to the seats still in");
        let by = hand.dealt_by().expect("every game names its dealer");
        assert_eq!(hand.to_move(), Some((by + 1) % n), "the seat after the dealer starts");
        match self.dealer {
            Some(d) => assert_eq!(active[by], d, "the deal passes clockwise"),
            None => self.dealer = Some(active[by]),
        }
    }

    fn record(&mut self, outcome: &Outcome) {
        let active = self.in_play();
        self.hands += 1;
        if !outcome.winners.is_empty() {
            for (i, &s) in active.iter().enumerate() {
                self.totals[s] += outcome.points[i];
            }
            for (i, &s) in active.iter().enumerate() {
                if outcome.winners.contains(&i) {
                    self.won[s] += 1;
                }
            }
        }
        if let MatchEnd::Elimination(limit) = self.terms.end {
            for &s in &active {
                if self.totals[s] >= limit {
                    self.out_after[s] = Some(self.hands);
                }
            }
        }
        let dealer = self.dealer.expect("a hand was dealt");
        let left = self.in_play();
        self.dealer = (1..=self.seats).map(|k| (dealer + k) % self.seats).find(|s| left.contains(s));
    }

    /// Lower is better: later out first, then (by `ranking`) more hands won, then the
    /// better total.
    fn key(&self, ranking: Ranking, s: Seat) -> (i64, i64, i64) {
        let survival = -i64::from(self.out_after[s].unwrap_or(u32::MAX));
        let won = if ranking == Ranking::HandsWon { -i64::from(self.won[s]) } else { 0 };
        let total = if self.order == ScoreOrder::HigherIsBetter { -self.totals[s] } else { self.totals[s] };
        (survival, won, total)
    }

    fn winners(&self) -> Vec<Seat> {
        let ranking = self.terms.ranking;
        let best = (0..self.seats).map(|s| self.key(ranking, s)).min().expect("seats");
        (0..self.seats).filter(|&s| self.key(ranking, s) == best).collect()
    }

    /// The standings under `ranking` (the terms' one, or the other to compare).
    fn standings(&self, ranking: Ranking) -> Vec<Seat> {
        let mut seats: Vec<Seat> = (0..self.seats).collect();
        seats.sort_by_key(|&s| (self.key(ranking, s), s));
        seats
    }
}

/// Random terms for `variant`: 2 to 4 seats, a first dealer or none, an end of any kind
/// the game takes (elimination only for penalty-point games), either ranking, and a
/// hand limit to keep the test short. Fixed ends of 2 hands or more and targets up to
/// 300 play several hands, the only matches where the two rankings can differ.
fn terms(variant: Variant, rng: &mut ChaCha8Rng) -> MatchTerms {
    let seats = rng.random_range(2..=4);
    let order = AnyGame::score_order(&variant.config());
    let end = match rng.random_range(0..4) {
        0 => MatchEnd::FixedHands(rng.random_range(2..=6)),
        1 => MatchEnd::SingleHand,
        2 if order == ScoreOrder::LowerIsBetter => MatchEnd::Elimination(rng.random_range(20..=120)),
        // RULES.md has no target score for penalty games (§3.8 eliminates): drawn for
        // them too, the referee reads it as `MatchEnd::TargetScore` is documented (the
        // match ends when a total reaches it, the lowest total still ranks first).
        _ => MatchEnd::TargetScore(rng.random_range(10..=300)),
    };
    let ranking = if rng.random_bool(0.5) { Ranking::HandsWon } else { Ranking::Total };
    let mut terms = MatchTerms::new(seats).with_end(end).with_ranking(ranking).with_hand_limit(6);
    if rng.random_bool(0.5) {
        terms = terms.with_first_dealer(rng.random_range(0..seats));
    }
    terms
}

/// What the matches of a run held, so that a run can show it met what it checks.
#[derive(Default)]
struct Seen {
    hands: u32,
    chosen_dealers: usize,
    eliminated: usize,
    /// Matches ranked by hands won whose standings by total would differ: the
    /// ones that tell the two rankings apart.
    rankings_differ: usize,
}

/// Plays `matches` matches of each variant and checks each against the referee after
/// every hand and at its end.
fn referee_agrees(variants: &[Variant], matches: u64) -> Seen {
    let mut seen = Seen::default();
    for (v, &variant) in variants.iter().enumerate() {
        let config = variant.config().with_max_restocks(Some(3));
        for seed in 0..matches {
            let mut rng = ChaCha8Rng::seed_from_u64(1000 * v as u64 + seed);
            let terms = terms(variant, &mut rng);
            let label = format!("{variant}, seed {seed}, {terms:?}");
            let mut m =
                Match::<AnyGame>::new(config.clone(), terms).unwrap_or_else(|e| panic!("{label}: {e}"));
            let mut referee = Referee::new(terms, AnyGame::score_order(&config));
            // Two greedy seats in three: the wins spread over several seats, so hands won
            // and totals can rank them differently.
            let kind = |s: Seat| if (seed as usize + s).is_multiple_of(3) { "random" } else { "greedy" };
            let mut bots: Vec<Box<dyn Bot<AnyGame> + Send>> = (0..terms.seats)
                .map(|s| bot(variant, kind(s), seed * 8 + s as u64))
                .collect::<Result<_, _>>()
                .expect("bots");
            while !m.is_over() {
                let mut hand = m.next_hand(&mut rng).expect("the match goes on");
                referee.dealt(&hand);
                assert_eq!(m.dealer(), referee.dealer, "{label}");
                play_out(&mut m, &mut hand, &mut bots);
                let outcome = hand.outcome().expect("over");
                m.record(&outcome).expect("recorded");
                referee.record(&outcome);
                assert_eq!(m.totals(), referee.totals, "{label}");
                assert_eq!(m.hands_won(), referee.won, "{label}");
                assert_eq!(m.in_play(), referee.in_play(), "{label}");
                assert_eq!(m.dealer(), referee.dealer, "{label}");
                assert_eq!(m.is_over(), referee.over(), "{label}");
                for s in 0..terms.seats {
                    assert_eq!(m.eliminated_after(s), referee.out_after[s], "{label}");
                }
            }
            assert_eq!(m.hands_played(), referee.hands);
            seen.hands += referee.hands;
            seen.chosen_dealers += usize::from(terms.first_dealer.is_none());
            seen.eliminated += referee.out_after.iter().flatten().count();
            assert_eq!(m.winners(), referee.winners(), "{label}");
            assert_eq!(m.standings(), referee.standings(terms.ranking), "{label}");
            seen.rankings_differ += usize::from(
                terms.ranking == Ranking::HandsWon
                    && referee.standings(Ranking::HandsWon) != referee.standings(Ranking::Total),
            );
        }
    }
    seen
}

/// RULES.md §1.2 step 5 and §1.8: Rummikub and Schmidt sessions.
#[test]
fn rules_1_8_sessions_agree_with_a_plain_referee() {
    let seen = referee_agrees(&[Variant::Rummikub, Variant::Schmidt], 40);
    assert!(seen.hands > 20 && seen.chosen_dealers > 0);
    assert!(seen.rankings_differ > 0, "no match told the rankings apart");
}

/// RULES.md §2.2 and §2.6: classic Rummy matches.
#[test]
fn rules_2_6_matches_agree_with_a_plain_referee() {
    let seen = referee_agrees(&[Variant::Classic, Variant::ClassicLiberal], 200);
    assert!(seen.hands > 30 && seen.chosen_dealers > 0);
    assert!(seen.rankings_differ > 0, "no match told the rankings apart");
}

/// RULES.md §3.2 and §3.8: Rummy 40 and Scala 40 matches, elimination included.
#[test]
fn rules_3_8_matches_agree_with_a_plain_referee() {
    let seen = referee_agrees(&[Variant::Rummy40, Variant::Scala40], 40);
    assert!(seen.hands > 30 && seen.chosen_dealers > 0);
    assert!(seen.eliminated > 2, "seats were eliminated ({})", seen.eliminated);
    assert!(seen.rankings_differ > 0, "no match told the rankings apart");
}
