//! Random reachable states: `legal_actions` agrees with the action check, refused actions
//! change nothing, no card is lost or duplicated, views hide what they must; and a whole
//! match to elimination at 101 (`RULES.md` §3.8).

mod common;

use rand::seq::{IndexedRandom, SliceRandom};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit_core::{Bot, Redeal};
use rummykit_core::{
    Game, Match, MatchEnd, MatchTerms, MeldId, MeldKind, Outcome, PieceId, PieceSet, RunEnd, Seating,
};
use rummykit_rummy40::{
    Action, Config, JokerDiscard, NewMeld, OpeningScope, Phase, Rummy40, RummyLayOff, Set3JokerSwap, View,
};

/// A bot that sees only its view and plays the progress-preferring policy.
struct Greedy {
    rng: ChaCha8Rng,
    legal: Vec<Action>,
}

impl Bot<Rummy40> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn act(&mut self, view: &View) -> Action {
        view.legal_actions(&mut self.legal);
        choose(&self.legal, &mut self.rng)
    }
}

/// A policy that prefers progress (openings, melds, builds) so hands end.
fn choose(legal: &[Action], rng: &mut ChaCha8Rng) -> Action {
    let pick = |f: &dyn Fn(&Action) -> bool, rng: &mut ChaCha8Rng| {
        let v: Vec<&Action> = legal.iter().filter(|a| f(a)).collect();
        v.choose(rng).map(|a| (*a).clone())
    };
    let opening = |a: &Action| {
        matches!(a, Action::Open { .. } | Action::TakeDiscardAndOpen { .. } | Action::GoRummy { .. })
            || matches!(a, Action::TakeDiscardAndGoRummy { .. })
    };
    let play = |a: &Action| {
        matches!(
            a,
            Action::Meld(_) | Action::LayOff { .. } | Action::SwapJoker { .. } | Action::ReleaseJoker { .. }
        )
    };
    if let Some(a) = pick(&opening, rng) {
        return a;
    }
    if rng.random_bool(0.85)
        && let Some(a) = pick(&play, rng)
    {
        return a;
    }
    legal
        .iter()
        .filter(|a| !play(a))
        .collect::<Vec<_>>()
        .choose(rng)
        .map(|a| (*a).clone())
        .unwrap_or_else(|| legal[0].clone())
}

fn conservation(g: &Rummy40) {
    let mut seen = g.piles().pieces();
    let mut count = seen.len() + g.table().pieces().len();
    assert!(seen.is_disjoint(&g.table().pieces()));
    seen |= g.table().pieces();
    for s in 0..g.seats() {
        assert!(seen.is_disjoint(&g.hand(s).unwrap()), "a card in two places");
        seen |= g.hand(s).unwrap();
        count += g.hand(s).unwrap().len();
    }
    assert_eq!(count, g.catalog().len());
    assert_eq!(seen, g.catalog().all());
}

/// Variations of legal actions (reordered pieces, twins swapped in, melds dropped) and
/// random junk: every one must be accepted exactly when its normal form is listed.
fn candidates(g: &Rummy40, legal: &[Action], rng: &mut ChaCha8Rng) -> Vec<Action> {
    let seat = g.to_move().unwrap_or(0);
    let hand: Vec<PieceId> = g.hand(seat).unwrap().iter().collect();
    let all: Vec<PieceId> = g.catalog().ids().collect();
    let any_card = |rng: &mut ChaCha8Rng| {
        if !hand.is_empty() && rng.random_bool(0.8) {
            *hand.choose(rng).unwrap()
        } else {
            *all.choose(rng).unwrap()
        }
    };
    let twin = |p: PieceId| {
        let f = g.face(p);
        g.hand(seat).unwrap().iter().find(|&q| q != p && g.face(q) == f)
    };
    let meld_id = |rng: &mut ChaCha8Rng| MeldId::new(rng.random_range(0..g.table().len() as u16 + 2));
    let mut out = vec![Action::DrawStock, Action::TakeDiscard];
    let mutate = |m: &NewMeld, rng: &mut ChaCha8Rng| {
        let mut m = m.clone();
        match rng.random_range(0..5) {
            0 => m.pieces.shuffle(rng),
            1 => {
                let i = rng.random_range(0..m.pieces.len());
                if let Some(t) = twin(m.pieces[i]) {
                    m.pieces[i] = t;
                }
            }
            2 => {
                m.pieces.pop();
            }
            3 => m.pieces.push(any_card(rng)),
            _ => m.kind = if m.kind == MeldKind::Run { MeldKind::Group } else { MeldKind::Run },
        }
        m
    };
    for a in legal.sample(rng, 12) {
        let b = match a.clone() {
            Action::Open { mut melds } => {
                if melds.len() > 1 && rng.random_bool(0.3) {
                    melds.remove(0);
                } else {
                    let i = rng.random_range(0..melds.len());
                    melds[i] = mutate(&melds[i], rng);
                    melds.reverse();
                }
                Action::Open { melds }
            }
            Action::TakeDiscardAndOpen { mut melds } => {
                let i = rng.random_range(0..melds.len());
                melds[i] = mutate(&melds[i], rng);
                Action::TakeDiscardAndOpen { melds }
            }
            Action::GoRummy { mut melds, lay_offs: builds, discard } if builds.is_empty() => {
                let i = rng.random_range(0..melds.len());
                melds[i] = mutate(&melds[i], rng);
                let discard = if rng.random_bool(0.3) { any_card(rng) } else { discard };
                Action::GoRummy { melds, lay_offs: builds, discard }
            }
            Action::TakeDiscardAndGoRummy { mut melds, lay_offs: builds, discard } if builds.is_empty() => {
                let i = rng.random_range(0..melds.len());
                melds[i] = mutate(&melds[i], rng);
                Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard }
            }
            Action::GoRummy { melds, lay_offs: mut builds, discard } => {
                // Reordered builds (the same move when they go to different melds or
                // ends), a twin, the other end, or a build dropped.
                match rng.random_range(0..4) {
                    0 => builds.reverse(),
                    1 => {
                        let i = rng.random_range(0..builds.len());
                        builds[i].piece = twin(builds[i].piece).unwrap_or(builds[i].piece);
                    }
                    2 => {
                        let i = rng.random_range(0..builds.len());
                        builds[i].end =
                            if builds[i].end == RunEnd::Front { RunEnd::Back } else { RunEnd::Front };
                    }
                    _ => {
                        builds.pop();
                    }
                }
                Action::GoRummy { melds, lay_offs: builds, discard }
            }
            Action::TakeDiscardAndGoRummy { melds, lay_offs: mut builds, discard } => {
                builds.reverse();
                Action::TakeDiscardAndGoRummy { melds, lay_offs: builds, discard }
            }
            Action::Meld(m) => Action::Meld(mutate(&m, rng)),
            Action::LayOff { piece, onto: meld, end } => Action::LayOff {
                piece: twin(piece).unwrap_or(piece),
                onto: meld,
                end: if end == RunEnd::Front { RunEnd::Back } else { RunEnd::Front },
            },
            Action::SwapJoker { piece, meld } => {
                Action::SwapJoker { piece: twin(piece).unwrap_or(piece), meld }
            }
            Action::ReleaseJoker { meld, pieces: [a, b] } => {
                Action::ReleaseJoker { meld, pieces: [twin(b).unwrap_or(b), a] }
            }
            Action::Discard(p) => Action::Discard(twin(p).unwrap_or(p)),
            other => other,
        };
        out.push(b);
    }
    for _ in 0..10 {
        let len = rng.random_range(1..6).min(hand.len().max(1));
        let mut pieces: Vec<PieceId> = hand.sample(rng, len).copied().collect();
        pieces.sort_by_key(|&p| g.face(p));
        let kind = if rng.random_bool(0.5) { MeldKind::Run } else { MeldKind::Group };
        let m = NewMeld::new(kind, pieces);
        out.push(match rng.random_range(0..8) {
            0 => Action::Meld(m),
            1 => Action::Open { melds: vec![m] },
            2 => Action::TakeDiscardAndOpen { melds: vec![m] },
            3 if rng.random_bool(0.5) => {
                Action::GoRummy { melds: vec![m], lay_offs: vec![], discard: any_card(rng) }
            }
            3 => Action::GoRummy {
                melds: vec![m],
                lay_offs: vec![RummyLayOff::new(any_card(rng), meld_id(rng), RunEnd::Back)],
                discard: any_card(rng),
            },
            4 => Action::LayOff {
                piece: any_card(rng),
                onto: meld_id(rng),
                end: if rng.random_bool(0.5) { RunEnd::Front } else { RunEnd::Back },
            },
            5 => Action::SwapJoker { piece: any_card(rng), meld: meld_id(rng) },
            6 => Action::ReleaseJoker { meld: meld_id(rng), pieces: [any_card(rng), any_card(rng)] },
            _ => Action::Discard(any_card(rng)),
        });
    }
    out
}

fn configs() -> Vec<Config> {
    let mut either = Config::RUMMY40;
    either.set3_joker_swap = Set3JokerSwap::EitherMissing;
    either.opening_threshold_scope = OpeningScope::OnlyWhenTakingDiscard;
    let mut strict = Config::RUMMY40;
    strict.swapped_joker_must_be_played_same_turn = true;
    strict.joker_discard = JokerDiscard::OnlyWhenClosing;
    strict.opening_threshold = 30;
    vec![Config::RUMMY40, Config::SCALA40, either, strict]
}

#[test]
fn legal_actions_agree_with_the_check_on_random_reachable_states() {
    let mut rng = ChaCha8Rng::seed_from_u64(40);
    let mut legal = Vec::new();
    let mut ended = 0;
    let mut checked = 0;
    let mut kinds: std::collections::BTreeMap<&str, usize> = Default::default();
    let games = 24;
    for game_no in 0..games {
        let config = configs()[game_no % 4];
        let seats = 2 + game_no % 3;
        let mut g = Rummy40::deal(&config, Seating::new(seats), &mut rng).unwrap();
        for _step in 0..500 {
            conservation(&g);
            g.legal_actions(&mut legal);
            if g.to_move().is_none() {
                assert!(legal.is_empty());
                ended += 1;
                break;
            }
            assert!(!legal.is_empty(), "no legal action in {g:?}");
            let mut reference = Vec::new();
            g.legal_actions_by_check(&mut reference);
            assert_eq!(legal, reference, "the fast enumeration differs from the reference");
            let mut from_view = Vec::new();
            g.view(g.to_move().unwrap()).legal_actions(&mut from_view);
            assert_eq!(from_view, legal, "the view's legal actions differ");
            let set: std::collections::HashSet<Action> = legal.iter().cloned().collect();
            assert_eq!(set.len(), legal.len(), "duplicates");
            for a in &legal {
                assert_eq!(*a, a.normalized());
            }
            for c in candidates(&g, &legal, &mut rng) {
                let before = g.clone();
                let accepted = g.check(g.to_move().unwrap_or_default(), &c).is_ok();
                assert_eq!(accepted, set.contains(&c.normalized()), "{c:?} in phase {:?}", g.phase());
                if !accepted {
                    assert!(g.clone().apply(g.clone().to_move().unwrap_or_default(), c.clone()).is_err());
                }
                assert_eq!(g, before);
                checked += 1;
            }
            for a in &legal {
                let kind = match a {
                    Action::Open { .. } | Action::TakeDiscardAndOpen { .. } => "open",
                    Action::GoRummy { lay_offs: builds, .. }
                    | Action::TakeDiscardAndGoRummy { lay_offs: builds, .. }
                        if builds.is_empty() =>
                    {
                        "rummy"
                    }
                    Action::GoRummy { .. } | Action::TakeDiscardAndGoRummy { .. } => "rummy with builds",
                    Action::Meld(_) => "meld",
                    Action::LayOff { .. } => "build",
                    Action::SwapJoker { .. } => "swap",
                    Action::ReleaseJoker { .. } => "release",
                    _ => "other",
                };
                *kinds.entry(kind).or_default() += 1;
            }
            let a = choose(&legal, &mut rng);
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
        }
    }
    eprintln!("legal actions seen by kind: {kinds:?}; hands ended: {ended}; candidates checked: {checked}");
    for kind in ["open", "meld", "build", "swap"] {
        assert!(kinds.get(kind).copied().unwrap_or(0) > 0, "no {kind} action was ever legal");
    }
    assert!(ended >= games / 2, "only {ended} of {games} hands ended");
    assert!(checked > 5_000);
}

#[test]
fn views_do_not_change_when_hidden_cards_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut legal = Vec::new();
    let mut g = Rummy40::deal(&Config::RUMMY40, Seating::new(3), &mut rng).unwrap();
    for _ in 0..60 {
        g.legal_actions(&mut legal);
        if legal.is_empty() {
            break;
        }
        let a = choose(&legal, &mut rng);
        g.apply(g.to_move().unwrap_or_default(), a).unwrap();
    }
    let _ = Phase::Draw;
    // Reshuffling what a seat cannot see leaves its view alone (and its legal actions).
    for s in 0..3 {
        for _ in 0..5 {
            let other = g.redeal(s, &mut rng);
            assert_eq!(other.view(s), g.view(s));
        }
    }
    // Each seat's view shows its own hand and only sizes of the others.
    for s in 0..3 {
        let v = g.view(s);
        assert_eq!(v.hand, g.hand(s).unwrap());
        assert_eq!(v.hand_sizes, (0..3).map(|t| g.hand(t).unwrap().len()).collect::<Vec<_>>());
        assert_eq!(v.stock_len, g.piles().stock_len());
        assert!((0..3).filter(|&t| t != s).all(|t| (v.hand & g.hand(t).unwrap()).is_empty()));
    }
    let _ = PieceSet::new();
}

#[test]
fn rules_3_8_match_to_elimination_at_101() {
    let config = Config::RUMMY40;
    assert_eq!(config.game_end, MatchEnd::Elimination(101));
    let terms = MatchTerms::new(3).with_first_dealer(0).with_end(config.game_end).with_hand_limit(60);
    let mut m = Match::<Rummy40>::new(config, terms).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(101);
    let mut legal = Vec::new();
    while !m.is_over() {
        let mut g = m.next_hand(&mut rng).unwrap();
        for _ in 0..600 {
            g.legal_actions(&mut legal);
            if legal.is_empty() {
                break;
            }
            let a = choose(&legal, &mut rng);
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
        }
        let outcome = g.outcome().unwrap_or(Outcome { points: vec![0; g.seats()], winners: vec![] });
        m.record(&outcome).unwrap();
    }
    let [winner] = m.winners()[..] else { panic!("one winner: {:?}", m.winners()) };
    assert!(m.eliminated_after(winner).is_none());
    for s in 0..3 {
        if s != winner {
            assert!(m.totals()[s] >= 101, "seat {s} out with {}", m.totals()[s]);
            assert!(m.eliminated_after(s).is_some());
        }
    }
    assert!(m.totals()[winner] < 101);
}

/// Under the Scala 40 obligations (the taken discard must be used, a won joker played, no
/// playable or joker discard) every reachable state still has a legal action: the
/// guard after each play keeps the turn finishable (`RULES.md` §3.3, §3.6).
#[test]
fn no_player_is_ever_stuck_under_scala40_options() {
    let mut strict = Config::SCALA40;
    strict.swapped_joker_must_be_played_same_turn = true;
    strict.set3_joker_swap = Set3JokerSwap::EitherMissing;
    let mut legal = Vec::new();
    for seed in 0..160u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let config = if seed % 2 == 0 { Config::SCALA40 } else { strict };
        let mut g = Rummy40::deal(&config, Seating::new(2 + seed as usize % 5), &mut rng).unwrap();
        for _ in 0..3000 {
            if g.to_move().is_none() {
                break;
            }
            g.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "stuck (seed {seed}): {g:?}");
            let a = legal.choose(&mut rng).unwrap().clone();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
        }
    }
}

#[test]
fn rules_3_8_match_played_by_bots_through_their_views() {
    let mut config = Config::RUMMY40;
    config.game_end = MatchEnd::Elimination(201);
    let mut m = Match::<Rummy40>::new(config, MatchTerms::new(4).with_end(config.game_end)).unwrap();
    let mut bots: Vec<Greedy> =
        (0..4).map(|i| Greedy { rng: ChaCha8Rng::seed_from_u64(i), legal: Vec::new() }).collect();
    let mut seats: Vec<&mut dyn Bot<Rummy40>> = bots.iter_mut().map(|b| b as &mut dyn Bot<Rummy40>).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(201);
    m.play(&mut seats, &mut rng, 4_000).unwrap();
    let [winner] = m.winners()[..] else { panic!("one winner: {:?}", m.winners()) };
    assert!(m.totals()[winner] < 201);
    assert_eq!((0..4).filter(|&s| m.totals()[s] >= 201).count(), 3);
}

/// The fast enumeration (bounds, no full check per candidate) lists exactly what the
/// reference (every candidate through the check) lists, in the same order, on hands
/// played by uniform random bots (the playout bench's players) under the option sets of
/// `common::option_sets` (the ace low with Scala 40, joker limits, no playable discard, a
/// rummy needing 40, openings free after a stock draw, the either-suit joker swap, jokers
/// discarded only when closing).
#[test]
fn fast_enumeration_matches_the_reference_on_random_bot_hands() {
    let configs = common::option_sets();
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let (mut fast, mut reference, mut from_view) = (Vec::new(), Vec::new(), Vec::new());
    let (mut steps, mut listed) = (0usize, 0usize);
    // Reused across seats and hands, starting from a six-seat Scala 40 view: stale
    // vectors of another shape must not leak into a refreshed view.
    let mut reused = Rummy40::deal(&Config::SCALA40, Seating::new(6), &mut rng).unwrap().view(3);
    for game_no in 0..96 {
        let config = configs[game_no % configs.len()];
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        for _ in 0..600 {
            let Some(seat) = g.to_move() else { break };
            g.legal_actions(&mut fast);
            g.legal_actions_by_check(&mut reference);
            assert_eq!(fast, reference, "config {config:?}, state {g:?}");
            // A view refreshed in place (core's `Game::view_into`, as `play_hand` does)
            // equals a fresh one.
            g.view_into(seat, &mut reused);
            assert_eq!(reused, g.view(seat), "a refreshed view differs from a fresh one");
            reused.legal_actions(&mut from_view);
            assert_eq!(from_view, fast, "the view's list differs");
            steps += 1;
            listed += fast.len();
            let a = fast.choose(&mut rng).unwrap().clone();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
        }
    }
    eprintln!("{steps} states, {listed} actions listed");
    assert!(steps > 15_000);
}

/// One view refreshed in place before every action (as `play_hand` does) equals a freshly
/// built one, also when it is refreshed alternately from a game and from a clone that
/// went its own way (the refresh copies the table only when it may have changed), and
/// after refused actions. Progress-preferring play, so that the table changes often.
#[test]
fn a_view_refreshed_in_place_equals_a_fresh_one_after_every_action() {
    let mut rng = ChaCha8Rng::seed_from_u64(404);
    let configs = [Config::RUMMY40, Config::SCALA40];
    let mut legal = Vec::new();
    let mut reused: Option<View> = None;
    let (mut checked, mut table_changes) = (0usize, 0usize);
    for game_no in 0..100 {
        let config = configs[game_no % 2];
        let mut g = Rummy40::deal(&config, Seating::new(2 + game_no % 3), &mut rng).unwrap();
        let mut fork: Option<Rummy40> = None;
        for _ in 0..1_000 {
            let Some(seat) = g.to_move() else { break };
            let view = reused.get_or_insert_with(|| g.view(seat));
            g.view_into(seat, view);
            assert_eq!(*view, g.view(seat), "game {game_no}: a refreshed view differs from a fresh one");
            // The counts the game keeps agree with the hands.
            let sizes: Vec<usize> = (0..g.seats()).map(|s| g.hand(s).unwrap().len()).collect();
            assert_eq!(view.hand_sizes, sizes, "game {game_no}: hand sizes");
            assert_eq!(view.table, *g.table(), "game {game_no}: the table");
            checked += 1;
            // Now and then the view is refreshed from a fork that played on, then back.
            if let Some(f) = fork.as_mut()
                && let Some(s) = f.to_move()
            {
                f.legal_actions(&mut legal);
                let a = choose(&legal, &mut rng);
                f.apply(f.to_move().unwrap_or_default(), a).unwrap();
                if let Some(s2) = f.to_move() {
                    f.view_into(s2, view);
                    assert_eq!(*view, f.view(s2), "game {game_no}: the fork's refreshed view differs");
                    let sizes: Vec<usize> = (0..f.seats()).map(|s| f.hand(s).unwrap().len()).collect();
                    assert_eq!(view.hand_sizes, sizes, "game {game_no}: the fork's hand sizes");
                } else {
                    f.view_into(s, view);
                    assert_eq!(*view, f.view(s), "game {game_no}: the fork's final view differs");
                }
                g.view_into(seat, view);
                assert_eq!(*view, g.view(seat), "game {game_no}: refreshed back from the game");
            }
            if rng.random_bool(0.05) {
                // Sometimes with the hidden cards dealt anew (other hands change).
                fork = Some(if rng.random_bool(0.5) { g.clone() } else { g.redeal(seat, &mut rng) });
            }
            g.legal_actions(&mut legal);
            let a = choose(&legal, &mut rng);
            // A refused action (the same meld twice where there is one) changes nothing.
            if let Action::Meld(m) = &a {
                let mut twice = m.clone();
                twice.pieces.extend(m.pieces.iter().copied());
                assert!(g.apply(g.to_move().unwrap_or_default(), Action::Meld(twice)).is_err());
                g.view_into(seat, reused.as_mut().unwrap());
                assert_eq!(reused.as_ref(), Some(&g.view(seat)), "after a refused action");
            }
            let before = g.table().clone();
            g.apply(g.to_move().unwrap_or_default(), a).unwrap();
            table_changes += usize::from(*g.table() != before);
        }
    }
    assert!(checked > 10_000, "{checked} views checked");
    assert!(table_changes > 1_000, "{table_changes} table changes");
}
