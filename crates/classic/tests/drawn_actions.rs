//! The hand loop applies a random draw's action from the view it drew it from without
//! checking it again: only that action, from that view, as the game now is. Core's
//! drawn-action harness, with classic Rummy's presets.

use rummykit_classic::rummykit_core::conformance::drawn;
use rummykit_classic::{Action, ClassicRummy, Config};

/// Every preset, the hand cut short after two restocks.
fn presets() -> [Config; 3] {
    [Config::STANDARD, Config::LIBERAL, Config::LAST_CARD].map(|c| c.with_max_restocks(Some(2)))
}

/// Random hands whose drawn actions go unchecked reach, action by action, the states
/// the full check reaches from the same actions; an action drawn before the view's last
/// refresh, changed after the draw, or drawn from a copy of an older view, is checked in
/// full and refused, the game left as it was. Each misuse, until each was refused many
/// times. The game vouches for every kind of action: each one applied, a draw from the
/// view shown, went without the check, many melds and lay-offs among them.
#[test]
fn a_drawn_action_vouches_only_for_the_view_shown() {
    let tally = drawn::misused::<ClassicRummy>(&presets(), 160, |a| {
        matches!(a, Action::Meld(_) | Action::LayOff { .. })
    });
    assert_eq!(tally.hands, 160);
    assert!(tally.refused.iter().all(|&n| n > 500), "{tally:?}");
    assert!(tally.applied > 20_000 && tally.vouched == tally.applied, "{tally:?}");
    assert!(tally.counted > 500, "{tally:?}");
}

/// A draw from a view of the player's own, the same action applied directly, then
/// answered to the hand loop: the loop's view is another, so it is checked and refused.
#[test]
fn a_draw_from_another_view_vouches_for_nothing() {
    assert_eq!(drawn::from_another_view::<ClassicRummy>(&presets(), 60), 60);
}

/// The engine's fast path for a drawn action is taken only for the seat to move, from
/// its view, and only while the state is the one the draw was made from: a wrapper that
/// forwards the hand loop's key for another seat, after applying the action, or after
/// dealing the hidden cards anew and refreshing the view in place, has the action
/// answered as the full check answers it.
#[test]
fn a_forwarded_key_vouches_only_for_the_mover_and_an_unchanged_game() {
    let refused = drawn::meddled::<ClassicRummy>(&presets(), 120);
    assert_eq!(refused[..2], [30, 30]);
    assert!(refused[2] > 15 && refused[3] > 15, "{refused:?}");
}
