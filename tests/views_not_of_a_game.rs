//! Views read through serde are checked as states are (feature `serde`): a view of a game
//! reads back as itself, and a view no game could show (RULES.md §2.2, §3.2: a hand
//! over the cards dealt and one drawn, a card not of the pack or in two places; §1.1: a
//! tile more often than the set holds it, counts that do not add up to the set; in every
//! game a seat that is not at the table...) is refused with the typed error that names
//! it, never handed to a bot that would find no action to play.
#![cfg(feature = "serde")]

use rand::RngExt as _;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rummykit_classic::{ClassicRummy, Config as ClassicConfig, MeldLimit, View as ClassicView};
use rummykit_core::{
    Bot, Card, Catalog, DealError, Game, MatchEnd, Meld, MeldKind, MeldRules, PieceId, PositionError,
    RandomBot, ScoreOrder, Seating, Tile, parse_list,
};
use rummykit_rummikub::{
    Action as RkAction, Config as RkConfig, GameEnd, GreedyBot, MELD_RULES, Rummikub, SamplerBot, Setup,
    ThoroughBot, TileCounts, TileSet, View as RkView, check_play,
};
use rummykit_rummy40::{Config as R40Config, HAND_SIZE, Rummy40, View as R40View};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

/// Every view of every seat along a random game of `config` for `seats`, and the game's
/// views once over.
fn views_of<G: Game>(config: &G::Config, seats: usize, seed: u64) -> Vec<G::View> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = G::deal(config, Seating::new(seats), &mut rng).expect("a deal");
    let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(seed + 1));
    let mut views = Vec::new();
    for _ in 0..400 {
        views.extend((0..seats).map(|s| game.view(s)));
        let Some(seat) = game.to_move() else { break };
        let action = Bot::<G>::act(&mut bot, &game.view(seat));
        game.apply(seat, action).expect("a legal action");
    }
    views.extend((0..seats).map(|s| game.view(s)));
    views
}

#[test]
fn rules_2_2_and_3_2_every_view_of_a_game_reads_back_as_itself() {
    let mut read = 0;
    for seed in 0..6 {
        let seats = 2 + seed as usize % 5;
        for config in [ClassicConfig::STANDARD, ClassicConfig::LIBERAL, ClassicConfig::LAST_CARD] {
            for view in views_of::<ClassicRummy>(&config, seats, seed) {
                let text = serde_json::to_string(&view).expect("written");
                let back: ClassicView = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(back, view);
                read += 1;
            }
        }
        for config in [R40Config::RUMMY40, R40Config::SCALA40] {
            for view in views_of::<Rummy40>(&config, seats, seed) {
                let text = serde_json::to_string(&view).expect("written");
                let back: R40View = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(back, view);
                read += 1;
            }
        }
    }
    assert!(read > 5_000, "{read} views");
}

/// A view of `config` for two seats whose seat 1 is to move in its play phase with
/// `hand_len` cards, the table holding melds of seat 0 only: the first such position of
/// a random game.
fn position<G: Game>(config: &G::Config, hand_len: usize) -> G::View
where
    G::View: Serialize,
{
    for seed in 0..500 {
        for view in views_of::<G>(config, 2, seed) {
            let v = serde_json::to_value(&view).expect("written");
            let c = &v["common"];
            let melds = c["table"].as_array().expect("a table");
            if c["to_move"] == 1
                && c["seat"] == 1
                && c["phase"] == json!("Play")
                && c["hand"].as_array().expect("a hand").len() == hand_len
                && !melds.is_empty()
                && melds.iter().all(|m| m["owner"] == 0)
            {
                return view;
            }
        }
    }
    panic!("no such position");
}

/// `view` written, changed by `change`, is refused with `expected` (a serde error whose
/// text is the typed error's).
fn refused<V: Serialize + DeserializeOwned>(view: &V, expected: &DealError, change: impl FnOnce(&mut Value)) {
    let mut value = serde_json::to_value(view).expect("written");
    change(&mut value);
    let err = serde_json::from_value::<V>(value).err().unwrap_or_else(|| panic!("accepted: {expected}"));
    assert_eq!(err.to_string(), expected.to_string());
}

fn ids(v: &Value) -> Vec<u64> {
    v.as_array().expect("a list").iter().map(|i| i.as_u64().expect("an id")).collect()
}

fn position_error(e: PositionError) -> DealError {
    DealError::InvalidDeal(e)
}

/// The refusal of a card of `pack` placed twice.
fn twice(pack: &Catalog<Card>, id: u64) -> DealError {
    let id = PieceId::new(id as u8).expect("an id");
    let card = pack.face(id).expect("of the pack");
    let copy = pack.ids_of(card).position(|i| i == id).expect("a copy") as u32 + 1;
    position_error(PositionError::CopyTwice { card, copy })
}

fn count(v: &Value) -> u64 {
    v.as_u64().expect("a count")
}

/// The refusals every card game's view shares (`HandView::check`), on `view`: seat 1
/// to move in its play phase with `most` cards in hand, seat 0 with a meld on the table.
fn refusals_of_any_card_game<V: Serialize + DeserializeOwned>(
    view: &V,
    pack: &Catalog<Card>,
    rules: &MeldRules,
    most: usize,
) {
    let v = serde_json::to_value(view).expect("written");
    let c = &v["common"];
    let hand = ids(&c["hand"]);
    assert_eq!(hand.len(), most, "a drawn hand");
    let discard = ids(&c["discard_pile"]);
    let table: Vec<u64> =
        c["table"].as_array().expect("a table").iter().flat_map(|m| ids(&m["cards"])).collect();
    // A card the view does not show (in another hand or the stock).
    let unseen = (0..pack.len() as u64)
        .find(|id| !hand.contains(id) && !discard.contains(id) && !table.contains(id))
        .expect("an unseen card");
    let last = pack.len() as u64 - 1;
    // One card more in the hand, from the stock.
    let add = |v: &mut Value, id: u64| {
        v["common"]["hand"].as_array_mut().expect("a hand").push(id.into());
        v["common"]["hand_sizes"][1] = (most as u64 + 1).into();
        v["common"]["stock_len"] = (count(&v["common"]["stock_len"]) - 1).into();
    };

    // What made a bot panic: a hand larger than a dealt hand and a draw.
    let too_many = position_error(PositionError::HandSize { seat: 1, len: most + 1, min: 0, max: most });
    refused(view, &too_many, |v| add(v, unseen));
    let past = position_error(PositionError::OutOfRange { field: "hand", value: last + 2, max: last });
    refused(view, &past, |v| add(v, last + 2));
    let top = *discard.last().expect("a discard pile");
    refused(view, &twice(pack, top), |v| add(v, top));
    refused(view, &DealError::PlayerCount { seats: 7, min: 2, max: 6 }, |v| {
        v["common"]["hand_sizes"] = json!([1, 1, 1, 1, 1, 1, 1]);
    });
    for field in ["seat", "dealer", "to_move"] {
        refused(view, &position_error(PositionError::NoSuchSeat { field, seat: 2, seats: 2 }), |v| {
            v["common"][field] = 2.into();
        });
    }
    let owner = position_error(PositionError::NoSuchSeat { field: "table meld owner", seat: 3, seats: 2 });
    refused(view, &owner, |v| v["common"]["table"][0]["owner"] = 3.into());
    refused(view, &position_error(PositionError::SeatLists { field: "known", found: 3, seats: 2 }), |v| {
        v["common"]["known"] = json!([[], [], []]);
    });
    // An outcome names seats of the table, one points entry each, once nobody is to move.
    let winner = position_error(PositionError::NoSuchSeat { field: "outcome winner", seat: 2, seats: 2 });
    refused(view, &winner, |v| v["common"]["outcome"] = json!({"points": [0, 0], "winners": [2]}));
    let points = position_error(PositionError::SeatLists { field: "outcome points", found: 3, seats: 2 });
    refused(view, &points, |v| v["common"]["outcome"] = json!({"points": [0, 0, 0], "winners": [0]}));
    let early = position_error(PositionError::Inconsistent("a game with an outcome has a seat to move"));
    refused(view, &early, |v| v["common"]["outcome"] = json!({"points": [-10, 10], "winners": [1]}));
    // Nobody to move: the hand is over, and its outcome is shown (RULES.md §2.5, §3.7).
    let silent = position_error(PositionError::Inconsistent("a game with nobody to move has no outcome"));
    refused(view, &silent, |v| v["common"]["to_move"] = Value::Null);
    let size =
        position_error(PositionError::Inconsistent("the hand is not as large as its seat's hand size"));
    refused(view, &size, |v| v["common"]["hand_sizes"][1] = 3.into());
    let known = position_error(PositionError::Inconsistent("a card known to be in the hand is not in it"));
    refused(view, &known, |v| v["common"]["known"][1] = json!([unseen]));
    let found = pack.len() + 1;
    let count_error = position_error(PositionError::PieceCount { found, expected: pack.len() });
    refused(view, &count_error, |v| v["common"]["stock_len"] = (count(&v["common"]["stock_len"]) + 1).into());
    // Counts near the largest a count can be are too many cards, not an overflow.
    let huge = position_error(PositionError::PieceCount { found: usize::MAX, expected: pack.len() });
    refused(view, &huge, |v| v["common"]["stock_len"] = u64::MAX.into());
    let huge_hand = position_error(PositionError::HandSize { seat: 0, len: usize::MAX, min: 0, max: most });
    refused(view, &huge_hand, |v| v["common"]["hand_sizes"][0] = u64::MAX.into());
    let taken =
        position_error(PositionError::OutOfRange { field: "taken_this_turn", value: last + 3, max: last });
    refused(view, &taken, |v| v["common"]["taken_this_turn"] = (last + 3).into());
    // Seat 0's hand emptied into the stock: nothing known in it, then something.
    let seat0 = count(&c["hand_sizes"][0]);
    let emptied = |v: &mut Value| {
        v["common"]["known"][0] = json!([]);
        v["common"]["hand_sizes"][0] = 0.into();
        v["common"]["stock_len"] = (count(&v["common"]["stock_len"]) + seat0).into();
    };
    let held =
        position_error(PositionError::Inconsistent("a seat is known to hold more cards than it holds"));
    refused(view, &held, |v| {
        emptied(v);
        v["common"]["known"][0] = json!([unseen]);
    });
    let empty = position_error(PositionError::Inconsistent("the seat to move holds no card"));
    refused(view, &empty, |v| {
        emptied(v);
        v["common"]["to_move"] = 0.into();
        v["common"]["taken_this_turn"] = Value::Null;
    });
    // One natural card of the hand as a meld of its own: readable (a table read alone
    // takes melds of any length), not a meld of the game.
    let single = hand
        .iter()
        .copied()
        .find(|&id| pack.face(PieceId::new(id as u8).expect("an id")).is_some_and(|c| !c.is_joker()));
    let single = single.expect("a natural card");
    let card = pack.face(PieceId::new(single as u8).expect("an id")).expect("of the pack");
    let error = Meld::new(MeldKind::Group, &[card], rules).expect_err("too short");
    let index = c["table"].as_array().expect("a table").len();
    refused(view, &position_error(PositionError::InvalidMeld { index, error }), |v| {
        v["common"]["hand"] = json!(hand.iter().filter(|&&id| id != single).collect::<Vec<_>>());
        v["common"]["hand_sizes"][1] = (most as u64 - 1).into();
        v["common"]["known"][1] = json!([]);
        v["common"]["taken_this_turn"] = Value::Null;
        let meld = json!({"owner": 0, "kind": "group", "cards": [single], "faces": card.to_string()});
        v["common"]["table"].as_array_mut().expect("a table").push(meld);
    });
}

#[test]
fn rules_3_2_views_no_rummy40_game_could_show_are_refused() {
    for config in [R40Config::RUMMY40, R40Config::SCALA40] {
        let view = position::<Rummy40>(&config, HAND_SIZE + 1);
        let pack = config.catalog().expect("a pack");
        refusals_of_any_card_game(&view, &pack, &config.meld_rules(), HAND_SIZE + 1);
        let v = serde_json::to_value(&view).expect("written");
        let hand = ids(&v["common"]["hand"]);
        refused(
            &view,
            &position_error(PositionError::SeatLists { field: "opened", found: 1, seats: 2 }),
            |v| {
                v["opened"] = json!([true]);
            },
        );
        let closed =
            position_error(PositionError::Inconsistent("a seat with a meld on the table has not opened"));
        refused(&view, &closed, |v| v["opened"][0] = false.into());
        let natural = hand
            .iter()
            .copied()
            .find(|&id| pack.face(PieceId::new(id as u8).unwrap()).is_some_and(|c| !c.is_joker()));
        let won = position_error(PositionError::Inconsistent("a card won this turn is not a joker in play"));
        refused(&view, &won, |v| v["won_jokers"] = json!([natural.expect("a natural card")]));
        let zero = DealError::InvalidConfig { option: "opening_threshold", reason: "must be at least 1" };
        refused(&view, &zero, |v| v["config"]["opening_threshold"] = 0.into());
    }
}

#[test]
fn rules_2_2_views_no_classic_game_could_show_are_refused() {
    let pack = Catalog::<Card>::DECK;
    for config in [ClassicConfig::STANDARD, ClassicConfig::LIBERAL] {
        let view = position::<ClassicRummy>(&config, 11);
        // Two players are dealt 10 cards each (RULES.md §2.2).
        refusals_of_any_card_game(&view, &pack, &config.meld_rules(), 11);
        let end = DealError::InvalidConfig {
            option: "game_end",
            reason: MatchEnd::FixedHands(0).check(ScoreOrder::HigherIsBetter).expect_err("no hands").reason(),
        };
        refused(&view, &end, |v| {
            v["config"]["game_end"] = serde_json::to_value(MatchEnd::FixedHands(0)).expect("written")
        });
        // The melds made this turn: none before the draw, within the limit, on the table.
        let undrawn = position_error(PositionError::Inconsistent(
            "a turn that has not drawn yet cannot have melded or laid off",
        ));
        refused(&view, &undrawn, |v| {
            v["common"]["phase"] = json!("Draw");
            v["common"]["taken_this_turn"] = Value::Null;
            v["melds_this_turn"] = 1.into();
        });
        // The melds of this turn are the mover's.
        let on_table = view.table.melds().iter().filter(|m| Some(m.owner()) == view.to_move).count() as u64;
        let (melds, error) = if config.meld_limit == MeldLimit::One {
            (2, position_error(PositionError::Inconsistent("more melds this turn than the limit")))
        } else {
            let max = on_table;
            (
                on_table + 1,
                position_error(PositionError::OutOfRange {
                    field: "melds_this_turn",
                    value: on_table + 1,
                    max,
                }),
            )
        };
        refused(&view, &error, |v| v["melds_this_turn"] = melds.into());
        let capped = config.with_max_restocks(Some(0));
        let restocks = position_error(PositionError::OutOfRange { field: "restocks", value: 1, max: 0 });
        refused(&view, &restocks, |v| {
            v["config"] = serde_json::to_value(capped).expect("written");
            v["restocks"] = 1.into();
        });
    }
}

/// `view` edited so that seat 1's hand holds only the top of the discard pile, taken
/// this turn, and seat 0's known cards are forgotten: the rest of the hand goes to the
/// stock.
fn only_the_card_taken(v: &mut Value) {
    let c = &mut v["common"];
    let top = c["discard_pile"].as_array_mut().expect("a discard pile").pop().expect("a top card");
    let held = count(&c["hand_sizes"][1]);
    c["hand"] = json!([top]);
    c["hand_sizes"][1] = 1.into();
    c["known"] = json!([[], [top]]);
    c["taken_this_turn"] = top;
    c["stock_len"] = (count(&c["stock_len"]) + held).into();
}

/// A view that passes every check of its cards can still list no action for the seat to
/// move: it is refused too, with the error that says so.
#[test]
fn rules_2_3_and_3_3_a_view_that_lists_no_action_is_refused() {
    let none = position_error(PositionError::Inconsistent("the seat to move has no legal action"));
    // Classic: a hand of only the card just taken, which may not be discarded again.
    for config in [ClassicConfig::STANDARD, ClassicConfig::LIBERAL] {
        refused(&position::<ClassicRummy>(&config, 11), &none, only_the_card_taken);
    }
    for config in [R40Config::RUMMY40, R40Config::SCALA40] {
        // Rummy 40, not opened: a hand of only the card taken, which must be melded.
        let view = position::<Rummy40>(&config, HAND_SIZE + 1);
        refused(&view, &none, only_the_card_taken);
        // A draw phase with no stock and no discard pile: their cards in other hands.
        let draw = draw_with_room::<Rummy40>(&config).expect("a draw phase with room in the other hands");
        refused(&draw, &none, |v| {
            let c = &mut v["common"];
            let mut left =
                count(&c["stock_len"]) + c["discard_pile"].as_array().expect("a pile").len() as u64;
            let seat = count(&c["seat"]) as usize;
            for (s, size) in c["hand_sizes"].as_array_mut().expect("sizes").iter_mut().enumerate() {
                let room = (HAND_SIZE as u64 + 1 - count(size)).min(left);
                if s != seat {
                    *size = (count(size) + room).into();
                    left -= room;
                }
            }
            assert_eq!(left, 0);
            c["stock_len"] = 0.into();
            c["discard_pile"] = json!([]);
        });
    }
}

/// A view of a random game of `config` whose seat is to draw, the stock and discard pile
/// together no larger than the room the other hands have up to the most a hand holds.
fn draw_with_room<G: Game>(config: &G::Config) -> Option<G::View>
where
    G::View: Serialize,
{
    for seed in 0..200 {
        for view in views_of::<G>(config, 2 + seed as usize % 5, seed) {
            let v = serde_json::to_value(&view).expect("written");
            let c = &v["common"];
            let seat = count(&c["seat"]);
            if c["to_move"] != seat || c["phase"] != json!("Draw") {
                continue;
            }
            let sizes = c["hand_sizes"].as_array().expect("sizes");
            let room: u64 = sizes
                .iter()
                .enumerate()
                .filter(|&(s, _)| s as u64 != seat)
                .map(|(_, size)| HAND_SIZE as u64 + 1 - count(size))
                .sum();
            if count(&c["stock_len"]) + c["discard_pile"].as_array().expect("a pile").len() as u64 <= room {
                return Some(view);
            }
        }
    }
    None
}

/// `view` read back, and read after each of a few edits; every one read whose seat is
/// to move gets an action from a random bot that its game lists.
fn bot_acts_on_what_is_read<G: Game>(view: &G::View, bot: &mut RandomBot<ChaCha8Rng>, seed: u64) -> usize
where
    G::View: Serialize + DeserializeOwned,
    G::Action: PartialEq,
    RandomBot<ChaCha8Rng>: Bot<G>,
{
    let v = serde_json::to_value(view).expect("written");
    let mut edits = vec![v.clone()];
    if v["common"]["to_move"] == 1 && v["common"]["seat"] == 1 && v["common"]["discard_pile"][0].is_u64() {
        let mut e = v.clone();
        only_the_card_taken(&mut e);
        edits.push(e);
    }
    // The hand's cards swapped for cards the view does not show, or dropped to the stock.
    let hand = ids(&v["common"]["hand"]);
    if let Some(&first) = hand.first() {
        let mut e = v.clone();
        let seat = count(&e["common"]["seat"]) as usize;
        e["common"]["hand"] = json!(&hand[1..]);
        e["common"]["hand_sizes"][seat] = (hand.len() as u64 - 1).into();
        e["common"]["known"][seat] = json!([]);
        e["common"]["stock_len"] = (count(&e["common"]["stock_len"]) + 1).into();
        if e["common"]["taken_this_turn"] == first {
            e["common"]["taken_this_turn"] = Value::Null;
        }
        edits.push(e);
        let mut e = v.clone();
        let shift = seed % 40 + 1;
        e["common"]["hand"] = json!(hand.iter().map(|id| (id + shift) % 104).collect::<Vec<_>>());
        edits.push(e);
    }
    let mut acted = 0;
    for e in edits {
        let Ok(back) = serde_json::from_value::<G::View>(e) else { continue };
        let back_v = serde_json::to_value(&back).expect("written");
        if back_v["common"]["to_move"] == back_v["common"]["seat"] {
            let action = Bot::<G>::act(bot, &back);
            let mut listed = Vec::new();
            G::legal_actions_from(&back, &mut listed);
            assert!(listed.contains(&action));
            acted += 1;
        }
    }
    acted
}

/// A bot is never handed a view it finds no action for: the view that made the random
/// bot panic (a hand of 15 Rummy 40 cards) is refused when read, and every view read,
/// as a game showed it or edited, plays.
#[test]
fn rules_3_2_a_view_read_even_edited_is_one_a_bot_can_act_on() {
    let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(9));
    let mut acted = 0;
    for (seed, config) in [R40Config::RUMMY40, R40Config::SCALA40].into_iter().enumerate() {
        for view in views_of::<Rummy40>(&config, 3, 4 + seed as u64) {
            acted += bot_acts_on_what_is_read::<Rummy40>(&view, &mut bot, seed as u64);
        }
    }
    for (seed, config) in [ClassicConfig::STANDARD, ClassicConfig::LIBERAL].into_iter().enumerate() {
        for view in views_of::<ClassicRummy>(&config, 2, 4 + seed as u64) {
            acted += bot_acts_on_what_is_read::<ClassicRummy>(&view, &mut bot, seed as u64);
        }
    }
    assert!(acted > 200, "{acted} views acted on");
}

// ---------------------------------------------------------------------------------------
// Rummikub: a view shows the viewer's rack, the table, the pool's size and each seat's
// rack size; read back, it is checked as a save's pieces are.

const RUMMIKUB: [RkConfig; 3] = [RkConfig::STANDARD, RkConfig::XP, RkConfig::SCHMIDT];

/// A seat count `config` plays with, picked by `seed`.
fn rummikub_seats(config: &RkConfig, seed: u64) -> usize {
    let range = Rummikub::seat_range(config);
    range.start() + seed as usize % (range.end() - range.start() + 1)
}

#[test]
fn rules_1_2_and_1_7_every_view_of_a_rummikub_game_reads_back_as_itself() {
    let (mut read, mut over) = (0, 0);
    for seed in 0..4 {
        for config in RUMMIKUB {
            for view in views_of::<Rummikub>(&config, rummikub_seats(&config, seed), seed) {
                let text = serde_json::to_string(&view).expect("written");
                let back: RkView = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
                assert_eq!(back, view);
                read += 1;
                over += usize::from(view.outcome.is_some());
            }
        }
    }
    assert!(read > 3_000 && over > 10, "{read} views, {over} of games over");
}

/// The view of a seat that is not at the table (what every seat sees, no rack) is one
/// no seat acts on, and reading it back refuses it, in every game.
#[test]
fn rules_0_a_view_of_a_seat_not_at_the_table_is_refused_when_read() {
    fn outside<G: Game>(config: &G::Config, seats: usize)
    where
        G::View: Serialize + DeserializeOwned,
    {
        let game = G::deal(config, Seating::new(seats), &mut ChaCha8Rng::seed_from_u64(3)).expect("a deal");
        let seat = seats + 3;
        let expected = position_error(PositionError::NoSuchSeat { field: "seat", seat, seats });
        let mut listed = Vec::new();
        G::legal_actions_from(&game.view(seat), &mut listed);
        assert!(listed.is_empty());
        refused(&game.view(seat), &expected, |_| {});
    }
    for config in RUMMIKUB {
        outside::<Rummikub>(&config, 2);
    }
    outside::<Rummikub>(&RkConfig::XP, 6);
    outside::<ClassicRummy>(&ClassicConfig::STANDARD, 3);
    outside::<Rummy40>(&R40Config::RUMMY40, 2);
}

/// `view` with a field `extra` added to the object at `pointer` is refused by serde,
/// naming the field.
fn unknown_field_refused<V: Serialize + DeserializeOwned>(view: &V, pointer: &str) {
    let mut v = serde_json::to_value(view).expect("written");
    let object = v.pointer_mut(pointer).and_then(Value::as_object_mut).expect("an object there");
    object.insert("extra".into(), 1.into());
    let err = serde_json::from_value::<V>(v).err().unwrap_or_else(|| panic!("accepted at {pointer:?}"));
    assert!(err.to_string().contains("unknown field `extra`"), "{err}");
}

/// A view, as a save, has exactly its fields: one it does not have is refused, at the
/// top and in the parts only a view holds, rather than dropped unread.
#[test]
fn rules_0_a_view_with_a_field_no_view_has_is_refused() {
    // The last view of the first random hand that ends.
    fn over<G: Game>(config: &G::Config, seats: usize, ended: impl Fn(&G::View) -> bool) -> G::View {
        let last = (0..50).map(|seed| views_of::<G>(config, seats, seed).pop().expect("views"));
        last.into_iter().find(ended).expect("a hand that ends")
    }
    let classic = over::<ClassicRummy>(&ClassicConfig::STANDARD, 3, |v| v.common.outcome.is_some());
    let rummy40 = over::<Rummy40>(&R40Config::RUMMY40, 2, |v| v.common.outcome.is_some());
    for pointer in ["", "/common", "/common/outcome"] {
        unknown_field_refused(&classic, pointer);
        unknown_field_refused(&rummy40, pointer);
    }
    // Seat 1 went out.
    let mut setup = Setup::new(vec!["r1 r2 r3".parse().expect("tiles"), TileCounts::new()]);
    setup.fill_pool(TileSet::Standard106);
    (setup.end, setup.turn, setup.to_move) = (Some(GameEnd::WentOut { seat: 1, hand_rummy: false }), 1, 1);
    let rummikub = Rummikub::from_setup(&RkConfig::STANDARD, setup).expect("a position").view(0);
    assert!(rummikub.outcome.is_some(), "a game over");
    for pointer in ["", "/seats/0", "/outcome"] {
        unknown_field_refused(&rummikub, pointer);
    }
}

/// A view of two seats of `config` whose seat is to move, a meld on the table: the first
/// such view of a random game.
fn rummikub_position(config: &RkConfig) -> RkView {
    for seed in 0..200 {
        for view in views_of::<Rummikub>(config, 2, seed) {
            if view.to_move == Some(view.seat) && !view.table.is_empty() && view.rack.len() > 1 {
                return view;
            }
        }
    }
    panic!("no such position");
}

fn tiles(v: &Value) -> TileCounts {
    v.as_str().expect("tiles").parse().expect("tile notation")
}

#[test]
fn rules_1_1_and_1_4_views_no_rummikub_game_could_show_are_refused() {
    for config in RUMMIKUB {
        let view = rummikub_position(&config);
        let seat = view.seat;
        let n = view.seats.len();
        let set = TileCounts::full(&config.tile_set.catalog());
        let range = Rummikub::seat_range(&config);

        // The rules, for the seats the view lists.
        let many = range.end() + 1;
        let count = DealError::PlayerCount { seats: many, min: *range.start(), max: *range.end() };
        refused(&view, &count, |v| v["seats"] = json!(vec![json!({"tiles": 1, "opened": false}); many]));
        let rack = DealError::InvalidConfig { option: "rack_size", reason: "must be at least 1" };
        refused(&view, &rack, |v| v["config"]["rack_size"] = 0.into());

        // Every seat named is at the table.
        for field in ["seat", "to_move"] {
            let error = position_error(PositionError::NoSuchSeat { field, seat: n, seats: n });
            refused(&view, &error, |v| v[field] = n.into());
        }
        let error = position_error(PositionError::NoSuchSeat { field: "seat", seat: 99, seats: n });
        refused(&view, &error, |v| v["seat"] = 99.into());

        // An outcome names seats of the table, one points entry each, exactly once nobody
        // is to move (RULES.md §1.7).
        let over = |v: &mut Value, outcome: Value| {
            v["to_move"] = Value::Null;
            v["outcome"] = outcome;
        };
        let winner = position_error(PositionError::NoSuchSeat { field: "outcome winner", seat: n, seats: n });
        refused(&view, &winner, |v| over(v, json!({"points": vec![0; n], "winners": [n]})));
        let points =
            position_error(PositionError::SeatLists { field: "outcome points", found: n + 1, seats: n });
        refused(&view, &points, |v| over(v, json!({"points": vec![0; n + 1], "winners": [0]})));
        let early = position_error(PositionError::Inconsistent("a game with an outcome has a seat to move"));
        refused(&view, &early, |v| v["outcome"] = json!({"points": vec![0; n], "winners": [0]}));
        let silent = position_error(PositionError::Inconsistent("a game with nobody to move has no outcome"));
        refused(&view, &silent, |v| v["to_move"] = Value::Null);

        // The viewer's rack is as large as its summary says.
        let size =
            position_error(PositionError::Inconsistent("the rack is not as large as its seat's summary"));
        refused(&view, &size, |v| v["seats"][seat]["tiles"] = (view.rack.len() + 1).into());

        // No tile more often than the set holds it, on the rack and the table together:
        // a copy more of a tile of the table (the pool gives it up) and jokers.
        let on_table = view.table[0].faces()[0];
        let extra = |v: &mut Value, tile: Tile, copies: usize| {
            let mut rack = tiles(&v["rack"]);
            for _ in 0..copies {
                rack.add(tile);
            }
            v["rack"] = rack.to_string().into();
            let s = &mut v["seats"][seat]["tiles"];
            *s = (s.as_u64().expect("a count") + copies as u64).into();
            v["pool"] = (v["pool"].as_u64().expect("a count") - copies as u64).into();
        };
        let shown = |tile: Tile| TileCounts::of_melds(&view.table).count(tile) + view.rack.count(tile);
        let up_to = |tile: Tile| usize::from(set.count(tile) - shown(tile)) + 1;
        for tile in [on_table, Tile::JOKER] {
            let error = position_error(PositionError::TooManyCopies { tile, max: set.count(tile).into() });
            refused(&view, &error, |v| extra(v, tile, up_to(tile)));
        }

        // A table meld that is not one: refused by the meld's own reader, naming why.
        let mut v = serde_json::to_value(&view).expect("written");
        v["table"].as_array_mut().expect("a table").push(json!({"kind": "run", "faces": "r4 J r7"}));
        let err = serde_json::from_value::<RkView>(v).expect_err("not a run").to_string();
        assert!(err.contains("r4 J r7"), "{err}");

        // The racks, the table and the pool hold the whole set, no more and no fewer;
        // counts near the largest a count can be are too many tiles, not an overflow.
        let found = |delta: i64| {
            position_error(PositionError::PieceCount {
                found: (set.len() as i64 + delta) as usize,
                expected: set.len(),
            })
        };
        refused(&view, &found(1), |v| v["pool"] = (view.pool + 1).into());
        refused(&view, &found(-1), |v| {
            v["seats"][1 - seat]["tiles"] = (view.seats[1 - seat].tiles - 1).into()
        });
        let huge = position_error(PositionError::PieceCount { found: usize::MAX, expected: set.len() });
        refused(&view, &huge, |v| v["pool"] = u64::MAX.into());
        refused(&view, &huge, |v| v["seats"][1 - seat]["tiles"] = u64::MAX.into());
    }
}

#[test]
fn rules_1_8_outcomes_no_rummikub_game_could_score_are_refused() {
    for config in RUMMIKUB {
        let view = rummikub_position(&config);
        let n = view.seats.len();
        assert!(view.pool > 0 && view.seats.iter().all(|s| s.tiles > 0), "a game under way");
        let over = |outcome: Value| {
            move |v: &mut Value| {
                v["to_move"] = Value::Null;
                v["outcome"] = outcome;
            }
        };
        let inconsistent = |why| position_error(PositionError::Inconsistent(why));

        // Someone wins, each winner once, named in ascending order.
        let none = inconsistent("the outcome names no winner");
        refused(&view, &none, over(json!({"points": vec![0; n], "winners": []})));
        let order = inconsistent("the outcome's winners are not ascending and distinct");
        refused(&view, &order, over(json!({"points": vec![0; n], "winners": [1, 0, 1]})));
        refused(&view, &order, over(json!({"points": vec![0; n], "winners": [1, 0]})));
        refused(&view, &order, over(json!({"points": vec![0; n], "winners": [0, 0]})));

        // The winners gain what the losers lose (RULES.md §1.8), also at the ends of the
        // numbers a point can be.
        let sum = inconsistent("the outcome's points do not sum to zero");
        refused(&view, &sum, over(json!({"points": [i64::MAX, i64::MIN], "winners": [0]})));
        refused(&view, &sum, over(json!({"points": [i64::MAX, i64::MAX], "winners": [0]})));
        refused(&view, &sum, over(json!({"points": [5, -4], "winners": [0]})));

        // Tiles left in the pool: the game ended by a seat going out (RULES.md §1.7), the
        // one winner, holding no tile.
        let out = inconsistent("a game that ended with tiles in the pool was not won by a seat going out");
        refused(&view, &out, over(json!({"points": [3, -3], "winners": [0]})));
        refused(&view, &out, over(json!({"points": [3, -3], "winners": [0, 1]})));

        // The same outcome reads when its winner went out: its tiles back in the pool.
        let other = 1 - view.seat;
        let mut v = serde_json::to_value(&view).expect("written");
        let mut points = vec![-3; n];
        points[other] = 3;
        over(json!({"points": points, "winners": [other]}))(&mut v);
        v["pool"] = (view.pool + view.seats[other].tiles).into();
        v["seats"][other]["tiles"] = 0.into();
        let read: RkView = serde_json::from_value(v).expect("a game a seat went out of");
        assert_eq!(read.outcome.expect("an outcome").winners, [other]);
    }
}

/// One random edit of a Rummikub view written as JSON: a field set to a number from a
/// small set of edge values, a tile swapped or moved between the rack and the pool, a
/// meld added or taken away, a summary or the outcome changed, a rule changed.
fn edit_rummikub(v: &mut Value, rng: &mut ChaCha8Rng) {
    let n = v["seats"].as_array().expect("seats").len() as u64;
    let numbers = [0, 1, 2, n.saturating_sub(1), n, n + 1, 14, 106, 160, 255, u64::from(u32::MAX), u64::MAX];
    let number = |rng: &mut ChaCha8Rng| json!(numbers[rng.random_range(0..numbers.len())]);
    let tile = |rng: &mut ChaCha8Rng| -> Tile { Tile::all().nth(rng.random_range(0..53)).expect("a face") };
    let seat = v["seat"].as_u64().unwrap_or(0) as usize;
    match rng.random_range(0..12) {
        0 => v["seat"] = number(rng),
        1 => v["to_move"] = if rng.random_bool(0.3) { Value::Null } else { number(rng) },
        2 => v["pool"] = number(rng),
        3 => {
            // One rack tile becomes another face.
            let mut rack = tiles(&v["rack"]);
            let old = rack.iter().nth(rng.random_range(0..rack.len().max(1)));
            if let Some(old) = old {
                rack.remove(old);
                rack.add(tile(rng));
            }
            v["rack"] = rack.to_string().into();
        }
        4 | 5 => {
            // A tile from the pool to the rack, or back.
            let mut rack = tiles(&v["rack"]);
            let pool = v["pool"].as_u64().unwrap_or(0);
            let Some(held) = v["seats"].get(seat).and_then(|s| s["tiles"].as_u64()) else { return };
            if rng.random_bool(0.5) && pool > 0 {
                rack.add(tile(rng));
                v["pool"] = (pool - 1).into();
                v["seats"][seat]["tiles"] = held.saturating_add(1).into();
            } else if let Some(old) = rack.to_vec().first().copied() {
                rack.remove(old);
                v["pool"] = pool.saturating_add(1).into();
                v["seats"][seat]["tiles"] = held.saturating_sub(1).into();
            }
            v["rack"] = rack.to_string().into();
        }
        6 => {
            let table = v["table"].as_array_mut().expect("a table");
            if rng.random_bool(0.5) {
                table.pop();
            } else {
                let first = tile(rng);
                let faces = (0..rng.random_range(2..5))
                    .fold(first.to_string(), |s, _| s + " " + &tile(rng).to_string());
                let kind = if rng.random_bool(0.5) { "run" } else { "group" };
                table.push(json!({"kind": kind, "faces": faces}));
            }
        }
        7 if n > 0 => {
            let s = rng.random_range(0..n as usize);
            v["seats"][s]["tiles"] = number(rng);
        }
        8 if n > 0 => {
            let s = rng.random_range(0..n as usize);
            v["seats"][s]["opened"] = rng.random_bool(0.5).into();
        }
        7 | 8 => {}
        9 => {
            let seats = v["seats"].as_array_mut().expect("seats");
            if rng.random_bool(0.5) {
                seats.pop();
            } else {
                seats.push(json!({"tiles": 0, "opened": false}));
            }
        }
        10 => {
            let points: Vec<i64> =
                (0..rng.random_range(0..n + 2)).map(|_| rng.random_range(-50..50)).collect();
            v["outcome"] = json!({"points": points, "winners": [rng.random_range(0..n + 1)]});
            if rng.random_bool(0.7) {
                v["to_move"] = Value::Null;
            }
        }
        _ => {
            let fields = ["rack_size", "initial_meld_threshold", "joker_penalty", "timeout_penalty_idle"];
            v["config"][fields[rng.random_range(0..fields.len())]] = number(rng);
        }
    }
}

/// Views of real games edited at random are refused or read, never a panic; a view read
/// writes back as itself, lists its seat's actions, and the seat to move gets from each
/// bot (greedy, thorough, sampler) an action its rules allow.
#[test]
fn rules_1_3_an_edited_rummikub_view_is_refused_or_one_a_bot_can_act_on() {
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let (mut greedy, mut thorough) = (GreedyBot::new(), ThoroughBot::new());
    let mut sampler = SamplerBot::new(ChaCha8Rng::seed_from_u64(18));
    let (mut read, mut acted, mut refused) = (0, 0, 0);
    for (seed, config) in RUMMIKUB.into_iter().enumerate() {
        let views = views_of::<Rummikub>(&config, rummikub_seats(&config, seed as u64), 20 + seed as u64);
        for view in views.iter().flat_map(|view| [view, view]) {
            let mut v = serde_json::to_value(view).expect("written");
            for _ in 0..rng.random_range(1..4) {
                edit_rummikub(&mut v, &mut rng);
            }
            let Ok(back) = serde_json::from_value::<RkView>(v) else {
                refused += 1;
                continue;
            };
            read += 1;
            let text = serde_json::to_string(&back).expect("written");
            assert_eq!(serde_json::from_str::<RkView>(&text).expect("read again"), back);
            let mut listed = Vec::new();
            back.legal_actions(&mut listed);
            if back.to_move != Some(back.seat) {
                assert!(listed.is_empty());
                continue;
            }
            assert!(!listed.is_empty(), "{text}");
            let bots: [&mut dyn Bot<Rummikub>; 3] = [&mut greedy, &mut thorough, &mut sampler];
            for bot in bots {
                let name = bot.name().to_owned();
                match bot.act(&back) {
                    RkAction::Play { table } => {
                        let played = check_play(
                            &back.config,
                            &back.table,
                            &back.rack,
                            back.has_opened(back.seat) == Some(true),
                            &table,
                        );
                        assert!(played.is_ok(), "{name}: {played:?}: {text}");
                    }
                    RkAction::Draw => assert!(back.pool > 0, "{name}: {text}"),
                    RkAction::Pass => assert_eq!(back.pool, 0, "{name}: {text}"),
                    other => panic!("{name}: {other:?}: {text}"),
                }
            }
            acted += 1;
        }
    }
    assert!(read > 300 && acted > 100 && refused > 1_000, "{read} read, {acted} acted on, {refused} refused");
}

/// Positions a game may be scripted in though no deal leads there this way (melds on the
/// table and nobody opened, a game over by going out or on an empty pool): every seat's
/// view reads back as itself, so the reader asks no more of a view than
/// `Rummikub::from_setup` asks of a game.
#[test]
fn rules_1_7_views_of_scripted_positions_read_back_as_themselves() {
    let run = Meld::new(MeldKind::Run, &parse_list("b4 b5 b6").expect("tiles"), &MELD_RULES).expect("a run");
    // Seat 1 holds y7 while the game is on (an empty rack would have gone out, §1.7).
    let position = |middle: TileCounts| {
        let mut setup =
            Setup::new(vec!["r1 r2 r3".parse().expect("tiles"), middle, "k13 J".parse().expect("tiles")]);
        setup.table = vec![run];
        setup.fill_pool(TileSet::Standard106);
        setup
    };
    let on = position("y7".parse().expect("tiles"));
    let mut went_out = position(TileCounts::new());
    (went_out.end, went_out.turn, went_out.to_move) =
        (Some(GameEnd::WentOut { seat: 1, hand_rummy: false }), 1, 1);
    let mut pool_empty = on.clone();
    pool_empty.racks[2].extend(pool_empty.pool.drain(..));
    // The game ends on an empty pool at the turn that completes a round of quiet turns.
    (pool_empty.end, pool_empty.turn, pool_empty.quiet_turns) = (Some(GameEnd::PoolEmpty), 3, 3);
    for setup in [on, went_out, pool_empty] {
        let game = Rummikub::from_setup(&RkConfig::STANDARD, setup).expect("a position");
        for seat in 0..3 {
            let view = game.view(seat);
            let text = serde_json::to_string(&view).expect("written");
            let back: RkView = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
            assert_eq!(back, view);
        }
    }
}

/// RULES.md §0 (one seat moves at a time): a bot asked about a view its seat cannot play
/// (another seat is to move, or the hand is over) answers the game's fallback action
/// (the draw) instead of panicking, and the referee refuses that action for the seat,
/// the state unchanged. Every bot of every variant, along a random hand and at its end.
#[test]
fn rules_0_a_bot_asked_for_a_seat_not_to_move_answers_and_is_refused() {
    use rummykit::{AnyGame, Variant, bot};
    let mut asked = 0;
    for variant in Variant::ALL {
        let config = variant.config().with_max_restocks(Some(2));
        let seats = *AnyGame::seat_range(&config).start() + 1;
        let mut rng = ChaCha8Rng::seed_from_u64(31);
        let mut game = AnyGame::deal(&config, Seating::new(seats), &mut rng).expect("a deal");
        let mut player = RandomBot::new(ChaCha8Rng::seed_from_u64(32));
        let mut steps = 0;
        loop {
            let mover = game.to_move();
            if steps % 40 == 0 || mover.is_none() {
                for seat in (0..seats).filter(|&s| Some(s) != mover) {
                    let view = game.view(seat);
                    for kind in variant.bot_names() {
                        let action = bot(variant, kind, 5).expect("a bot").act(&view);
                        if *kind == "random" {
                            // The view lists nothing: the random bot answers the fallback.
                            assert_eq!(Some(&action), AnyGame::fallback_action(&view).as_ref(), "{variant}");
                        }
                        let before = game.clone();
                        assert!(game.apply(seat, action.clone()).is_err(), "{variant} {kind}: {action:?}");
                        assert_eq!(game, before, "{variant}: a refused action changes nothing");
                        asked += 1;
                    }
                }
            }
            let Some(seat) = mover else { break };
            let action = Bot::<AnyGame>::act(&mut player, &game.view(seat));
            game.apply(seat, action).expect("a listed action");
            steps += 1;
            assert!(steps < 20_000, "{variant}: the hand ends");
        }
    }
    assert!(asked > 100, "{asked} views asked about");
}
