//! What a generic program needs to print any game's actions: [`Game::describe`] gives
//! every action a text, relative to the mover's view, that names the pieces it moves.
//! One generic check over every game, and over [`AnyGame`] for every [`Variant`]: at
//! every step of seeded games, every listed action and the one a bot chooses describe to
//! a text that is not empty, that names (in notation) every piece the action takes out
//! of the mover's hand, and the top discard when the action takes it into the hand.

use std::collections::BTreeMap;

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config as ClassicConfig};
use rummykit::rummikub::{Config as RummikubConfig, GreedyBot, Rummikub};
use rummykit::rummy40::{Config as Rummy40Config, Rummy40};
use rummykit::{AnyGame, Bot, Game, Seat, Seating, Variant, bot};

/// Faces as notation, counted.
type Faces = BTreeMap<String, usize>;

fn counted(faces: impl IntoIterator<Item = String>) -> Faces {
    let mut out = Faces::new();
    for f in faces {
        *out.entry(f).or_default() += 1;
    }
    out
}

/// What a game shows the test: the faces of a seat's hand, and the face of the top
/// discard (none in Rummikub).
trait Pieces: Game {
    fn hand_faces(&self, seat: Seat) -> Faces;
    fn top_discard(&self) -> Option<String>;
}

impl Pieces for ClassicRummy {
    fn hand_faces(&self, seat: Seat) -> Faces {
        counted(self.hand(seat).unwrap().iter().filter_map(|id| self.face(id)).map(|c| c.to_string()))
    }
    fn top_discard(&self) -> Option<String> {
        self.piles().top_discard().and_then(|id| self.face(id)).map(|c| c.to_string())
    }
}

impl Pieces for Rummy40 {
    fn hand_faces(&self, seat: Seat) -> Faces {
        counted(self.hand(seat).unwrap().iter().filter_map(|id| self.face(id)).map(|c| c.to_string()))
    }
    fn top_discard(&self) -> Option<String> {
        self.piles().top_discard().and_then(|id| self.face(id)).map(|c| c.to_string())
    }
}

impl Pieces for Rummikub {
    fn hand_faces(&self, seat: Seat) -> Faces {
        counted(self.rack(seat).into_iter().flat_map(|r| r.iter()).map(|t| t.to_string()))
    }
    fn top_discard(&self) -> Option<String> {
        None
    }
}

impl Pieces for AnyGame {
    fn hand_faces(&self, seat: Seat) -> Faces {
        match self {
            AnyGame::Rummikub(g) => g.hand_faces(seat),
            AnyGame::Classic(g) => g.hand_faces(seat),
            AnyGame::Rummy40(g) => g.hand_faces(seat),
            _ => unreachable!("a game of this version"),
        }
    }
    fn top_discard(&self) -> Option<String> {
        match self {
            AnyGame::Rummikub(g) => g.top_discard(),
            AnyGame::Classic(g) => g.top_discard(),
            AnyGame::Rummy40(g) => g.top_discard(),
            _ => unreachable!("a game of this version"),
        }
    }
}

/// The faces in `a` beyond those in `b`.
fn minus(a: &Faces, b: &Faces) -> Faces {
    a.iter()
        .filter_map(|(f, &n)| {
            let left = n.saturating_sub(b.get(f).copied().unwrap_or(0));
            (left > 0).then(|| (f.clone(), left))
        })
        .collect()
}

/// Checks the description of `action` for the seat to move of `game`; returns the
/// number of pieces it had to name.
fn check_one<G: Pieces>(game: &G, action: &G::Action, name: &str) -> usize {
    let seat = game.to_move().expect("the hand is on");
    let words = G::describe(&game.view(seat), action);
    let text = words.to_string();
    assert!(!words.is_empty() && !text.trim().is_empty(), "{name}: {action:?} describes to nothing");
    let named = counted(words.cards().map(|c| c.to_string()).chain(words.tiles().map(|t| t.to_string())));
    let mut after = game.clone();
    after.apply(seat, action.clone()).expect("a legal action");
    let (before, now) = (game.hand_faces(seat), after.hand_faces(seat));
    let mut owed = minus(&before, &now);
    // The top discard, taken into the hand, was seen by everyone: it is named too.
    let count = |faces: &Faces, face: &str| faces.get(face).copied().unwrap_or(0);
    if let Some(top) = game.top_discard().filter(|_| after.top_discard() != game.top_discard())
        && count(&now, &top) > count(&before, &top)
    {
        *owed.entry(top).or_default() += 1;
    }
    let missing = minus(&owed, &named);
    assert!(missing.is_empty(), "{name}: `{text}` ({action:?}) does not name {missing:?}");
    owed.values().sum()
}

/// Plays `games` to their ends with `bot`, checking every listed action and the bot's
/// choice at every step. Returns (descriptions checked, pieces they had to name).
fn check_games<G: Pieces>(
    name: &str,
    games: Vec<G>,
    bot: &mut dyn Bot<G>,
    rng: &mut ChaCha8Rng,
) -> (usize, usize) {
    let (mut checked, mut named) = (0, 0);
    let mut legal = Vec::new();
    for mut game in games {
        let mut steps = 0;
        while let Some(seat) = game.to_move() {
            game.legal_actions(&mut legal);
            for action in &legal {
                named += check_one(&game, action, name);
                checked += 1;
            }
            let chosen = bot.act(&game.view(seat));
            named += check_one(&game, &chosen, name);
            checked += 1;
            // Half the time a listed action at random, so the hands vary.
            let action = match legal.choose(rng) {
                Some(a) if steps % 2 == 1 => a.clone(),
                _ => chosen,
            };
            game.apply(seat, action).expect("a legal action");
            steps += 1;
            assert!(steps < 5_000, "{name}: the hand does not end");
        }
    }
    (checked, named)
}

fn deal<G: Game>(config: &G::Config, count: usize, rng: &mut ChaCha8Rng) -> Vec<G> {
    (0..count).map(|i| G::deal(config, Seating::new(2 + i % 3), rng).expect("a deal")).collect()
}

#[test]
fn every_action_of_every_game_names_the_pieces_it_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let classic = ClassicConfig::STANDARD.with_max_restocks(Some(1));
    let games = deal::<ClassicRummy>(&classic, 12, &mut rng);
    let (n, named) = check_games("classic", games, &mut rummykit::classic::GreedyBot::new(), &mut rng);
    assert!(n > 2_000 && named > 1_000, "classic: {n} descriptions, {named} pieces");

    for config in [Rummy40Config::RUMMY40, Rummy40Config::SCALA40] {
        let config = config.with_max_restocks(Some(1));
        let games = deal::<Rummy40>(&config, 8, &mut rng);
        let (n, named) = check_games("rummy40", games, &mut rummykit::rummy40::GreedyBot::new(), &mut rng);
        assert!(n > 2_000 && named > 1_000, "rummy40: {n} descriptions, {named} pieces");
    }

    let games = deal::<Rummikub>(&RummikubConfig::STANDARD, 4, &mut rng);
    let (n, named) = check_games("rummikub", games, &mut GreedyBot::new(), &mut rng);
    assert!(n > 100 && named > 50, "rummikub: {n} descriptions, {named} pieces");
}

#[test]
fn any_game_describes_every_variants_actions() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for variant in Variant::ALL {
        let config = variant.config().with_max_restocks(Some(1));
        let games = deal::<AnyGame>(&config, 2, &mut rng);
        let mut greedy = bot(variant, "greedy", 1).expect("every variant has a greedy bot");
        let (n, named) = check_games(variant.name(), games, greedy.as_mut(), &mut rng);
        assert!(n > 20 && named > 10, "{variant:?}: {n} descriptions, {named} pieces");
    }
}
