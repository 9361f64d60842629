//! Positions and saves through the facade, with one generic body for every game that has
//! a position builder (feature `serde`): a mid-hand position built with the public
//! `Setup`, saved and loaded, equals itself; the save names pieces in notation, carries
//! its format version, and plays on to the end identically to the original.
#![cfg(feature = "serde")]

use rand::SeedableRng;
use rand::seq::IndexedRandom;
use rand_chacha::ChaCha8Rng;
use rummykit::classic::{ClassicRummy, Config, Phase, Setup as ClassicSetup, SetupMeld};
use rummykit::rummikub::{Action as RkAction, Config as RummikubConfig, Rummikub, Setup as RkSetup, TileSet};
use rummykit_core::{Game, MatchEnd, Meld, MeldKind, parse_list};
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

/// Saves `game`, loads it, checks the save's frame, then plays both copies on with the
/// same seeded choices (from `moves`) and checks they stay equal to the end.
fn save_load_and_play_on<G>(game: G, moves: &dyn Fn(&G, &mut ChaCha8Rng) -> Option<G::Action>)
where
    G: Game + Serialize + DeserializeOwned + PartialEq + Clone + std::fmt::Debug,
    G::Action: Clone,
{
    let value = serde_json::to_value(&game).expect("serialize");
    assert_eq!(value["version"], Value::from(1), "{value}");
    assert!(value["setup"].is_object(), "{value}");
    let text = serde_json::to_string(&game).expect("serialize");
    let mut loaded: G = serde_json::from_str(&text).expect("the save loads");
    assert_eq!(loaded, game);
    let mut original = game;
    let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(1), ChaCha8Rng::seed_from_u64(1));
    for _ in 0..2_000 {
        let (Some(x), Some(y)) = (moves(&original, &mut a), moves(&loaded, &mut b)) else { break };
        let seat = original.to_move().expect("on");
        original.apply(seat, x).expect("legal");
        loaded.apply(seat, y).expect("legal");
        assert_eq!(loaded, original);
    }
    assert!(original.outcome().is_some(), "the hand ends");
}

fn classic_moves(g: &ClassicRummy, rng: &mut ChaCha8Rng) -> Option<rummykit::classic::Action> {
    g.to_move()?;
    let mut legal = Vec::new();
    g.legal_actions(&mut legal);
    legal.choose(rng).copied()
}

fn rummikub_moves(g: &Rummikub, rng: &mut ChaCha8Rng) -> Option<RkAction> {
    g.to_move()?;
    let mut legal = Vec::new();
    Rummikub::legal_actions_from(&g.view(g.to_move()?), &mut legal);
    legal.choose(rng).cloned()
}

#[test]
fn a_classic_mid_hand_position_saves_loads_and_plays_on() {
    let mut setup = ClassicSetup::new(vec![
        parse_list("5h 6h 2c Kd").expect("cards"),
        parse_list("3c 4d 9s").expect("cards"),
        parse_list("Jh Qh").expect("cards"),
    ]);
    setup.table = vec![SetupMeld::new(2, MeldKind::Group, parse_list("8c 8d 8s").expect("cards"))];
    setup.played_before = vec![false, false, true];
    setup.dealer = 2;
    setup.phase = Phase::Play;
    setup.discard = parse_list("Ts 4s").expect("cards");
    setup.fill_stock();
    let mut config = Config::STANDARD.with_game_end(MatchEnd::SingleHand);
    config.max_restocks = Some(1); // so that random play ends within the step bound
    let game = ClassicRummy::from_setup(&config, setup).expect("a valid position");
    let value = serde_json::to_value(&game).expect("serialize");
    assert_eq!(value["setup"]["table"][0]["cards"], "8c 8d 8s");
    assert_eq!(value["setup"]["discard"], "Ts 4s");
    assert!(!value.to_string().contains("\"hands\":[["), "no piece ids: {value}");
    save_load_and_play_on(game, &classic_moves);
}

#[test]
fn a_rummikub_mid_game_position_saves_loads_and_plays_on() {
    let run =
        Meld::new(MeldKind::Run, &parse_list("b7 b8 b9").expect("tiles"), &rummykit_rummikub::MELD_RULES)
            .expect("run");
    let mut setup = RkSetup::new(vec![
        "r10 r11 r12 b1 k4".parse().expect("rack"),
        "y9 k1 k2".parse().expect("rack"),
        "y1 y2".parse().expect("rack"),
    ]);
    setup.table = vec![run];
    setup.opened = vec![true, false, false];
    setup.to_move = 2;
    setup.turn = 8;
    setup.last_player = Some(0);
    setup.drawn = 3;
    setup.fill_pool(TileSet::Standard106);
    let game = Rummikub::from_setup(&RummikubConfig::STANDARD, setup).expect("a valid position");
    assert_eq!(game.starter(), 0, "eight turns from seat 0 reach seat 2");
    let value = serde_json::to_value(&game).expect("serialize");
    assert_eq!(value["setup"]["racks"][1], "y9 k1 k2");
    save_load_and_play_on(game, &rummikub_moves);
}
