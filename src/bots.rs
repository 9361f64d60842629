//! [`bot`]: the library's bots by name, for any [`Variant`], playing [`AnyGame`].

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::ClassicRummy;
use rummykit_core::{Bot, Game, RandomBot};
use rummykit_rummikub::Rummikub;
use rummykit_rummy40::Rummy40;
use thiserror::Error;

use crate::variant::{clip, names};
use crate::{AnyAction, AnyGame, AnyView, GameKind, Variant};

/// A bot name the game does not offer: the refusal of [`bot`] and of
/// [`NamedBots::named_bot`] alike, naming the name given and the names on offer.
///
/// ```
/// use rummykit::classic::ClassicRummy;
/// use rummykit::{NamedBots, UnknownBot, Variant};
/// let err = rummykit::bot(Variant::Classic, "thorough", 1).err().expect("no thorough bot for cards");
/// assert_eq!(err.name, "thorough");
/// assert_eq!(err.known, ["random", "greedy", "planner"]);
/// assert_eq!(err.to_string(), "no bot is called `thorough`: choose one of random, greedy, planner");
/// // The typed builder refuses the name the same way.
/// assert_eq!(ClassicRummy::named_bot("thorough", 1).err(), Some(err));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("no bot is called `{name}`: choose one of {}", names(known.iter().map(String::as_str)))]
pub struct UnknownBot {
    /// The name given (its first 40 characters when longer).
    pub name: String,
    /// The names on offer, weakest first.
    pub known: Vec<String>,
}

/// The one of `known` that `name` reads as, ASCII case and surrounding space aside.
fn find(known: &'static [&'static str], name: &str) -> Result<&'static str, UnknownBot> {
    let wanted = name.trim();
    known.iter().copied().find(|n| n.eq_ignore_ascii_case(wanted)).ok_or_else(|| unknown(name, known))
}

/// The refusal of `name` among `known`.
fn unknown(name: &str, known: &[&str]) -> UnknownBot {
    UnknownBot { name: clip(name), known: known.iter().map(|&n| n.to_owned()).collect() }
}

/// The bot called `name` (one of [`Variant::bot_names`], in any ASCII case, spaces
/// around it aside, as [`NamedBots::named_bot`] reads it) for `variant`,
/// playing [`AnyGame`]; a bot that draws at random draws from a
/// [`ChaCha8Rng`] seeded with `seed`, so a game between
/// bots replays exactly.
///
/// * `random`: a uniformly random legal action (core's [`RandomBot`]);
/// * `greedy`: plays the most it can each turn;
/// * `thorough` (Rummikub): the solver's best play over the whole table;
/// * `sampler` (Rummikub): the solver, guessing the others' racks by sampling;
/// * `planner` (card games): keeps the hand that needs the fewest cards to go out.
///
/// A bot shown the view of another game than its variant's answers with its own game's
/// draw, which that game refuses with [`AnyError::WrongGame`](crate::AnyError::WrongGame).
///
/// # Errors
///
/// [`UnknownBot`] for a name the variant does not offer, with the names it does.
///
/// ```
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, Game, Seating, Variant, play_hand};
///
/// let variant: Variant = "schmidt".parse()?;
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let mut game = AnyGame::deal(&variant.config(), Seating::new(2), &mut rng)?;
/// let a = rummykit::bot(variant, "greedy", 1)?;
/// let b = rummykit::bot(variant, "Random", 2)?;
/// assert_eq!(b.name(), "random");
/// let (outcome, _) = play_hand(&mut game, &mut [a, b], 10_000)?;
/// assert_eq!(outcome.points.iter().sum::<i64>(), 0); // RULES.md §1.8
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn bot(variant: Variant, name: &str, seed: u64) -> Result<Box<dyn Bot<AnyGame> + Send>, UnknownBot> {
    Ok(Box::new(Seated::named(variant.kind(), name, seed)?))
}

/// The engines whose bots the library builds by name: what [`bot`] builds on, for a
/// program that plays one engine with its own types (a front end showing a Rummikub
/// rack, say) and still chooses its bots from strings.
///
/// ```
/// use rummykit::NamedBots;
/// use rummykit::rummy40::Rummy40;
/// assert_eq!(Rummy40::BOT_NAMES, ["random", "greedy", "planner"]);
/// let bot = Rummy40::named_bot("planner", 7)?;
/// assert_eq!(bot.name(), "planner");
/// let err = Rummy40::named_bot("thorough", 7).err().expect("no thorough bot for cards");
/// assert_eq!(err.name, "thorough");
/// assert_eq!(err.known, Rummy40::BOT_NAMES);
/// # Ok::<(), rummykit::UnknownBot>(())
/// ```
pub trait NamedBots: Game {
    /// The names of the engine's bots, weakest first, lower case.
    ///
    /// ```
    /// use rummykit::NamedBots;
    /// use rummykit::classic::ClassicRummy;
    /// use rummykit::rummikub::Rummikub;
    /// // Every name listed builds a bot of that name.
    /// for &name in Rummikub::BOT_NAMES {
    ///     assert_eq!(Rummikub::named_bot(name, 1).map(|b| b.name().to_owned()).as_deref(), Ok(name));
    /// }
    /// assert_eq!(ClassicRummy::BOT_NAMES, ["random", "greedy", "planner"]);
    /// ```
    const BOT_NAMES: &'static [&'static str];

    /// The bot called `name` (one of [`BOT_NAMES`](NamedBots::BOT_NAMES), in any ASCII
    /// case, spaces around it aside, as [`bot`](crate::bot) reads it), drawing at random,
    /// if it does, from a [`ChaCha8Rng`] seeded with `seed`.
    ///
    /// # Errors
    ///
    /// [`UnknownBot`] for any other name, with the names on offer.
    ///
    /// ```
    /// use rummykit::rand::SeedableRng;
    /// use rummykit::classic::{ClassicRummy, Config};
    /// use rummykit::{Game, NamedBots, Seating};
    /// let mut rng = rummykit::rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let game = ClassicRummy::deal(&Config::STANDARD, Seating::new(2), &mut rng)?;
    /// let seat = game.to_move().expect("a fresh hand");
    /// // Built from the same name and seed, two bots choose alike.
    /// let mut a = ClassicRummy::named_bot("random", 11)?;
    /// let mut b = ClassicRummy::named_bot(" Random", 11)?;
    /// let action = a.act(&game.view(seat));
    /// assert_eq!(action, b.act(&game.view(seat)));
    /// assert!(game.check(seat, &action).is_ok());
    /// assert!(ClassicRummy::named_bot("thorough", 11).is_err()); // a Rummikub bot
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn named_bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Self> + Send>, UnknownBot>;
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

impl NamedBots for Rummikub {
    const BOT_NAMES: &'static [&'static str] = &["random", "greedy", "thorough", "sampler"];

    fn named_bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Rummikub> + Send>, UnknownBot> {
        use rummykit_rummikub::{GreedyBot, SamplerBot, ThoroughBot};
        Ok(match find(Self::BOT_NAMES, name)? {
            "random" => Box::new(RandomBot::new(rng(seed))),
            "greedy" => Box::new(GreedyBot::new()),
            "thorough" => Box::new(ThoroughBot::new()),
            "sampler" => Box::new(SamplerBot::new(rng(seed))),
            other => return Err(unknown(other, Self::BOT_NAMES)),
        })
    }
}

impl NamedBots for ClassicRummy {
    const BOT_NAMES: &'static [&'static str] = &["random", "greedy", "planner"];

    fn named_bot(name: &str, seed: u64) -> Result<Box<dyn Bot<ClassicRummy> + Send>, UnknownBot> {
        use rummykit_classic::{GreedyBot, PlannerBot};
        Ok(match find(Self::BOT_NAMES, name)? {
            "random" => Box::new(RandomBot::new(rng(seed))),
            "greedy" => Box::new(GreedyBot::new()),
            "planner" => Box::new(PlannerBot::new()),
            other => return Err(unknown(other, Self::BOT_NAMES)),
        })
    }
}

impl NamedBots for Rummy40 {
    const BOT_NAMES: &'static [&'static str] = &["random", "greedy", "planner"];

    fn named_bot(name: &str, seed: u64) -> Result<Box<dyn Bot<Rummy40> + Send>, UnknownBot> {
        use rummykit_rummy40::{GreedyBot, PlannerBot};
        Ok(match find(Self::BOT_NAMES, name)? {
            "random" => Box::new(RandomBot::new(rng(seed))),
            "greedy" => Box::new(GreedyBot::new()),
            "planner" => Box::new(PlannerBot::new()),
            other => return Err(unknown(other, Self::BOT_NAMES)),
        })
    }
}

/// One generic program for every game: [`AnyGame`]'s bots are the names every engine
/// offers, and each plays whichever game's views it is shown, through that engine's bot
/// of the same name (built from the same seed when it first sees a game).
///
/// ```
/// use rummykit::rand_chacha::ChaCha8Rng;
/// use rummykit::rand::SeedableRng;
/// use rummykit::{AnyGame, Game, NamedBots, Seating, Variant, play_hand};
///
/// assert_eq!(AnyGame::BOT_NAMES, ["random", "greedy"]);
/// for variant in [Variant::Rummikub, Variant::Classic, Variant::Scala40] {
///     let config = variant.config().with_max_restocks(Some(3));
///     let mut game = AnyGame::deal(&config, Seating::new(2), &mut ChaCha8Rng::seed_from_u64(4))?;
///     let a = AnyGame::named_bot("greedy", 1)?; // every engine has a greedy bot
///     let b = AnyGame::named_bot("random", 2)?; // and a random one
///     let (outcome, _) = play_hand(&mut game, &mut [a, b], 100_000)?;
///     assert_eq!(outcome.points.len(), 2);
/// }
/// // A name only some engines offer is not a bot of every game.
/// assert!(AnyGame::named_bot("planner", 1).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl NamedBots for AnyGame {
    const BOT_NAMES: &'static [&'static str] = &["random", "greedy"];

    fn named_bot(name: &str, seed: u64) -> Result<Box<dyn Bot<AnyGame> + Send>, UnknownBot> {
        let name = find(AnyGame::BOT_NAMES, name)?;
        Ok(Box::new(Shown { name, seed, seated: None }))
    }
}

/// [`AnyGame`]'s bot called `name`: the engine's bot of that name for the game of the
/// views it is shown, taken anew when it is shown another game.
struct Shown {
    name: &'static str,
    seed: u64,
    seated: Option<Seated>,
}

impl Bot<AnyGame> for Shown {
    fn name(&self) -> &str {
        self.name
    }

    fn act(&mut self, view: &<AnyGame as Game>::View) -> AnyAction {
        let kind = view.kind();
        if self.seated.as_ref().is_none_or(|s| s.kind() != kind) {
            self.seated = Seated::named(kind, self.name, self.seed).ok();
        }
        match &mut self.seated {
            Some(seated) => seated.act(view),
            // Every engine offers each of `AnyGame::BOT_NAMES` (a test holds them to
            // it), so a bot is always seated; this is only the no-panic answer.
            None => AnyAction::Rummikub(rummykit_rummikub::Action::Draw),
        }
    }
}

/// A bot of one game seated at an [`AnyGame`]: it plays the views of its game.
enum Seated {
    Rummikub(Box<dyn Bot<Rummikub> + Send>),
    Classic(Box<dyn Bot<ClassicRummy> + Send>),
    Rummy40(Box<dyn Bot<Rummy40> + Send>),
}

impl Seated {
    /// The engine's bot called `name` for a game of `kind`.
    fn named(kind: GameKind, name: &str, seed: u64) -> Result<Seated, UnknownBot> {
        match kind {
            GameKind::Rummikub => Rummikub::named_bot(name, seed).map(Seated::Rummikub),
            GameKind::Classic => ClassicRummy::named_bot(name, seed).map(Seated::Classic),
            GameKind::Rummy40 => Rummy40::named_bot(name, seed).map(Seated::Rummy40),
        }
    }

    /// The game its bot plays.
    fn kind(&self) -> GameKind {
        match self {
            Seated::Rummikub(_) => GameKind::Rummikub,
            Seated::Classic(_) => GameKind::Classic,
            Seated::Rummy40(_) => GameKind::Rummy40,
        }
    }
}

impl Bot<AnyGame> for Seated {
    fn name(&self) -> &str {
        match self {
            Seated::Rummikub(b) => b.name(),
            Seated::Classic(b) => b.name(),
            Seated::Rummy40(b) => b.name(),
        }
    }

    fn act(&mut self, view: &<AnyGame as Game>::View) -> AnyAction {
        match (self, view) {
            (Seated::Rummikub(b), AnyView::Rummikub(v)) => AnyAction::Rummikub(b.act(v)),
            (Seated::Classic(b), AnyView::Classic(v)) => AnyAction::Classic(b.act(v)),
            (Seated::Rummy40(b), AnyView::Rummy40(v)) => AnyAction::Rummy40(b.act(v)),
            // Seated at another game: no panic, an action of its own game, which the
            // game refuses with a typed error.
            (Seated::Rummikub(_), _) => AnyAction::Rummikub(rummykit_rummikub::Action::Draw),
            (Seated::Classic(_), _) => AnyAction::Classic(rummykit_classic::Action::DrawStock),
            (Seated::Rummy40(_), _) => AnyAction::Rummy40(rummykit_rummy40::Action::DrawStock),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rummykit_core::Seating;

    /// `AnyGame`'s names are offered by every engine, and a bot shown one game after
    /// another plays each with that engine's bot of its name.
    #[test]
    fn any_game_bots_play_every_engine_by_the_same_name() {
        for &name in AnyGame::BOT_NAMES {
            for names in [Rummikub::BOT_NAMES, ClassicRummy::BOT_NAMES, Rummy40::BOT_NAMES] {
                assert!(names.contains(&name), "{name} in {names:?}");
            }
        }
        let mut bot = AnyGame::named_bot("greedy", 3).expect("a bot of every game");
        for variant in [Variant::Rummikub, Variant::Rummy40, Variant::Classic, Variant::Schmidt] {
            let config = variant.config();
            let game = AnyGame::deal(&config, Seating::new(2), &mut rng(9)).expect("a deal");
            let seat = game.to_move().expect("a fresh hand");
            let action = bot.act(&game.view(seat));
            assert!(game.check(seat, &action).is_ok(), "{variant}: {action:?}");
            let own_action = match variant.kind() {
                GameKind::Rummikub => {
                    let AnyView::Rummikub(v) = game.view(seat) else { panic!("{variant}") };
                    AnyAction::Rummikub(Rummikub::named_bot("greedy", 3).expect("greedy").act(&v))
                }
                GameKind::Classic => {
                    let AnyView::Classic(v) = game.view(seat) else { panic!("{variant}") };
                    AnyAction::Classic(ClassicRummy::named_bot("greedy", 3).expect("greedy").act(&v))
                }
                GameKind::Rummy40 => {
                    let AnyView::Rummy40(v) = game.view(seat) else { panic!("{variant}") };
                    AnyAction::Rummy40(Rummy40::named_bot("greedy", 3).expect("greedy").act(&v))
                }
            };
            assert_eq!(action, own_action, "{variant}");
        }
    }
}
