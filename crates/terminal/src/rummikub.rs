//! Rummikub at the terminal: the person's turn as commands on the engine's
//! [`Staging`], words for every action, the end of a game.

use std::io;

use rummykit_core::{Game, Meld, MeldKind, Seat, Tile, parse_list};
use rummykit_rummikub::solver::{Objective, SolveError, Solver};
use rummykit_rummikub::{Action, ActionError, PlayError, Rummikub, Staging, StagingError, TileCounts};

use crate::input::{Io, Line};
use crate::play::{TerminalGame, Turn};
use crate::style::Style;
use crate::text::{clip, clip_message, meld_error, plural};

/// The help text of the Rummikub commands.
pub(crate) const HELP: &str = "\
commands (melds are numbered as `table` shows them, positions inside a meld from 1):
  rack | table          show your rack / the tentative table (with invalid melds marked)
  new TILE...           lay a new meld from rack tiles, e.g. `new r5 r6 r7` or `new k9 b9 J`
  add M TILE...         add rack tiles to meld M (a run gets them at the end they fit)
  move M:P N[:Q]        move the tile at position P of meld M into meld N (at Q, default the end)
  split M P             split meld M before its position P into two melds
  take M:P              take a tile you placed this turn back to the rack
  hint                  show the solver's best play;  hint play: make it
  reset                 undo every tentative change of this turn
  commit                end the turn with the tentative table (checked by the rules)
  draw | pass           draw a tile (nothing changed) / pass (the pool is empty)
  help                  this text and the rules in brief
  quit                  leave the match
tiles: a colour letter (r red, b blue, y yellow, k black) and a number 1 to 13; J is a joker
commands and tiles may be typed in any case: `NEW R5 R6 R7` is `new r5 r6 r7`";

impl TerminalGame for Rummikub {
    fn human_turn(&self, seat: Seat, io: &mut Io<'_>) -> io::Result<Turn<Action>> {
        let Ok(mut stage) = Staging::new(self) else { return Ok(Turn::Ended) };
        show_position(self, seat, &stage, io)?;
        loop {
            let line = io.command(&format!("seat {}> ", seat + 1))?;
            let Line::Command(line) = line else {
                return Ok(Turn::from_line(&line).unwrap_or(Turn::Ended));
            };
            if let Some(action) = command(self, &mut stage, &line, io)? {
                return Ok(Turn::Act(action));
            }
        }
    }

    fn transcript(
        before: &Rummikub,
        after: &Rummikub,
        seat: Seat,
        action: &Action,
        own: bool,
        style: Style,
    ) -> String {
        let mut text = style.description(&Rummikub::describe(&before.view(seat), action));
        // Only the person sees which tile they drew.
        let drawn = after
            .rack(seat)
            .and_then(|a| before.rack(seat).and_then(|b| a.checked_sub(b)))
            .filter(|d| own && !d.is_empty() && matches!(action, Action::Draw));
        if let Some(d) = drawn {
            text.push_str(&format!(": {}", style.tiles(d.iter())));
        }
        // The rack's size after the action: "left" after a play, but "on the rack" after
        // a draw (or a penalty draw), where "15 tiles left" would read as the pool's count.
        let rack = plural(after.rack(seat).map_or(0, TileCounts::len), "tile");
        match action {
            Action::Pass => {}
            Action::Play { .. } => text.push_str(&format!(" ({rack} left)")),
            _ => text.push_str(&format!(" ({rack} on the rack)")),
        }
        text
    }

    fn void_reason(&self) -> String {
        "no player won".to_owned()
    }

    fn show_end(&self, style: Style) -> String {
        let mut text = String::from("table:\n");
        text.push_str(&table_lines(self.table(), style));
        for seat in 0..self.seats() {
            let rack = self.rack(seat).copied().unwrap_or_default();
            let tiles =
                if rack.is_empty() { "(empty: went out)".to_owned() } else { style.tiles(rack.iter()) };
            text.push_str(&format!("\nrack of seat {}: {tiles}", seat + 1));
        }
        text
    }
}

fn table_lines(table: &[Meld<Tile>], style: Style) -> String {
    if table.is_empty() {
        return "  (empty)".to_owned();
    }
    let lines: Vec<String> = table
        .iter()
        .enumerate()
        .map(|(i, m)| format!("  {:>2}: {}", i + 1, style.tiles(m.faces().iter().copied())))
        .collect();
    lines.join("\n")
}

fn show_position(game: &Rummikub, seat: Seat, stage: &Staging, io: &mut Io<'_>) -> io::Result<()> {
    // Seats are counted from 1 for people.
    let view = game.view(seat);
    let others: Vec<String> = view
        .seats
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != seat)
        .map(|(s, sum)| {
            format!(
                "seat {}: {}{}",
                s + 1,
                plural(sum.tiles, "tile"),
                if sum.opened { "" } else { ", not opened" }
            )
        })
        .collect();
    let style = io.style;
    writeln!(io.out, "{}", style.bold(format!("-- your turn, seat {} --", seat + 1)))?;
    writeln!(io.out, "pool: {}; {}", plural(view.pool, "tile"), others.join("; "))?;
    if !view.own_opened() {
        writeln!(
            io.out,
            "you have not made your initial meld yet: new melds from your rack worth at least {}",
            view.config.initial_meld_threshold
        )?;
    }
    show_stage(stage, io)?;
    writeln!(io.out, "type `help` for the commands and the rules, `quit` to leave")
}

fn show_stage(stage: &Staging, io: &mut Io<'_>) -> io::Result<()> {
    let style = io.style;
    writeln!(io.out, "table:")?;
    let invalid: Vec<(usize, rummykit_core::MeldError)> = stage.invalid_melds().collect();
    let mut any = false;
    for (i, m) in stage.melds().iter().enumerate().filter(|(_, m)| !m.tiles().is_empty()) {
        any = true;
        let mark =
            invalid.iter().find(|(j, _)| *j == i).map(|(_, e)| format!("   <- not valid: {}", meld_error(e)));
        writeln!(
            io.out,
            "  {:>2}: {}{}",
            i + 1,
            style.tiles(m.tiles().iter().copied()),
            mark.unwrap_or_default()
        )?;
    }
    if !any {
        writeln!(io.out, "  (empty)")?;
    }
    writeln!(io.out, "rack: {}", style.tiles(stage.rack().iter()))
}

/// The engine's error in words, with melds and positions numbered as the person sees
/// them (from 1). Old-table indexes are the staged melds' numbers too: the staging
/// keeps the old melds first, in order.
fn explain(error: &StagingError) -> String {
    match error {
        StagingError::NoSuchMeld { meld } => format!("there is no meld {}", meld + 1),
        StagingError::NoSuchPosition { meld, position } => {
            format!("meld {} has no position {}", meld + 1, position + 1)
        }
        StagingError::Action(ActionError::Play(play)) => format!("play refused: {}", play_error(play)),
        StagingError::Action(other) => other.to_string(),
        other => other.to_string(),
    }
}

fn play_error(error: &PlayError) -> String {
    match error {
        PlayError::InvalidMeld { index, error } => {
            format!("meld {} is not a valid group or run: {}", index + 1, meld_error(error))
        }
        PlayError::InitialMeldTouchesTable { meld } => {
            format!("before your initial meld is down you may not touch the table: meld {} changed", meld + 1)
        }
        PlayError::JokerMeldLocked { meld } => {
            format!("meld {} holds a joker and may only be extended at its ends", meld + 1)
        }
        PlayError::JokerNotReplaced { meld } => {
            format!("a joker left meld {} without the tile it stands for taking its place", meld + 1)
        }
        PlayError::JokerReplacementNotFromRack { meld } => {
            format!("the joker of meld {} may only be freed by its tile played from your rack", meld + 1)
        }
        PlayError::JokerNotReused { meld } => {
            format!("the freed joker in meld {} must be reused with tiles from your rack", meld + 1)
        }
        PlayError::KeepThreeViolated { meld, together } => format!(
            "meld {} was partly broken up; only {} of its tiles stay together, 3 must",
            meld + 1,
            together
        ),
        other => other.to_string(),
    }
}

/// Parses `M:P` (1-based) into 0-based indexes.
fn meld_pos(text: &str) -> Result<(usize, usize), String> {
    let (m, p) = text.split_once(':').ok_or_else(|| format!("`{text}` should be MELD:POSITION, e.g. 2:3"))?;
    Ok((one_based(m)?, one_based(p)?))
}

fn one_based(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n) if n >= 1 => Ok(n - 1),
        _ => Err(format!("`{}` is not a number from 1", clip(text))),
    }
}

/// The tiles named by `args`, checked against the rack: a tile named more often than
/// the rack holds it is refused with both counts.
fn tiles(args: &[&str], stage: &Staging) -> Result<Vec<Tile>, String> {
    if args.is_empty() {
        return Err("name at least one tile, e.g. r7 b13 y1 k10 J".to_owned());
    }
    if let Some(long) = args.iter().find(|a| a.chars().count() > crate::text::CLIP) {
        return Err(format!("`{}` is not a tile (tiles are written r7 b13 y1 k10 J)", clip(long)));
    }
    let tiles: Vec<Tile> = parse_list(&args.join(" ")).map_err(|e| e.to_string())?;
    let mut named = TileCounts::new();
    for &t in &tiles {
        named.add(t);
    }
    for t in named.iter() {
        let (want, have) = (usize::from(named.count(t)), usize::from(stage.rack().count(t)));
        if want > have {
            return Err(if have == 0 {
                format!("your rack holds no {t}")
            } else {
                format!("your rack holds {}, the command names {want}", plural(have, &t.to_string()))
            });
        }
    }
    Ok(tiles)
}

/// Where a tile goes when added to a meld: a run takes it at the end where it fits.
fn add_position(stage: &Staging, meld: usize, tile: Tile) -> usize {
    let Some(m) = stage.melds().get(meld) else { return 0 };
    let len = m.tiles().len();
    match (m.to_meld(), tile.number()) {
        (Ok(valid), Some(n)) if valid.kind() == MeldKind::Run => match valid.value_at(0) {
            Some(first) if n < first => 0,
            _ => len,
        },
        _ => len,
    }
}

/// Runs one command. `Some(action)` ends the turn with an action the game accepts.
fn command(game: &Rummikub, stage: &mut Staging, line: &str, io: &mut Io<'_>) -> io::Result<Option<Action>> {
    // Commands in any case (tile notation reads either case too).
    let line = line.to_ascii_lowercase();
    let words: Vec<&str> = line.split_whitespace().collect();
    let (verb, args) = match words.split_first() {
        Some((v, rest)) => (v.to_ascii_lowercase(), rest),
        None => return Ok(None),
    };
    // Every edit is tried on a copy and kept only if it all works.
    let mut edit = |f: &mut dyn FnMut(&mut Staging) -> Result<(), String>| -> io::Result<()> {
        let mut copy = stage.clone();
        match f(&mut copy) {
            Ok(()) => {
                *stage = copy;
                show_stage(stage, io)
            }
            Err(message) => io.error(message),
        }
    };
    match verb.as_str() {
        "help" | "?" | "h" => writeln!(io.out, "{HELP}\n{}", io.rules)?,
        "rack" | "table" | "show" | "t" => show_stage(stage, io)?,
        "new" => edit(&mut |s| {
            let ts = tiles(args, s)?;
            let m = s.new_meld(None);
            for t in ts {
                let at = s.melds()[m].tiles().len();
                s.place(t, m, at).map_err(|e| explain(&e))?;
            }
            Ok(())
        })?,
        "add" => edit(&mut |s| {
            let (m, rest) = args.split_first().ok_or("usage: add M TILE..., e.g. add 2 r4")?;
            let m = one_based(m)?;
            for t in tiles(rest, s)? {
                let at = add_position(s, m, t);
                s.place(t, m, at).map_err(|e| explain(&e))?;
            }
            Ok(())
        })?,
        "move" | "mv" => edit(&mut |s| {
            let [from, to] = args else { return Err("usage: move M:P N[:Q], e.g. move 1:3 2".to_owned()) };
            let from = meld_pos(from)?;
            let to = if to.contains(':') {
                meld_pos(to)?
            } else {
                let n = one_based(to)?;
                let len = s.melds().get(n).map_or(0, |m| m.tiles().len());
                (n, len)
            };
            s.move_tile(from, to).map_err(|e| explain(&e))
        })?,
        "split" => edit(&mut |s| {
            let [m, p] = args else { return Err("usage: split M P, e.g. split 1 4".to_owned()) };
            let (m, p) = (one_based(m)?, one_based(p)?);
            let len = s
                .melds()
                .get(m)
                .map(|x| x.tiles().len())
                .ok_or_else(|| format!("there is no meld {}", m + 1))?;
            if p == 0 || p >= len {
                return Err(format!(
                    "meld {} has {len} tiles: split before a position from 2 to {len}",
                    m + 1
                ));
            }
            let kind = s.melds()[m].kind();
            let new = s.new_meld(kind);
            for _ in p..len {
                let at = s.melds()[new].tiles().len();
                s.move_tile((m, p), (new, at)).map_err(|e| explain(&e))?;
            }
            Ok(())
        })?,
        "take" | "back" => edit(&mut |s| {
            let [at] = args else { return Err("usage: take M:P, e.g. take 3:1".to_owned()) };
            let (m, p) = meld_pos(at)?;
            s.take_back(m, p).map(|_| ()).map_err(|e| explain(&e))
        })?,
        "reset" => {
            stage.reset();
            writeln!(io.out, "reset: the table and your rack are as at the start of the turn")?;
            show_stage(stage, io)?;
        }
        "hint" => return hint(game, stage, args.first() == Some(&"play"), io),
        "commit" | "done" | "play" => {
            let mut copy = game.clone();
            match stage.commit(&mut copy) {
                Ok(()) => return Ok(Some(Action::Play { table: copy.table().to_vec() })),
                Err(e) => io.error(explain(&e))?,
            }
        }
        "draw" | "pass" => {
            if !args.is_empty() {
                io.error(format!("`{verb}` takes no arguments"))?;
                return Ok(None);
            }
            let mut copy = game.clone();
            let (result, action) = if verb == "draw" {
                (stage.draw(&mut copy), Action::Draw)
            } else {
                (stage.pass(&mut copy), Action::Pass)
            };
            match result {
                Ok(()) => return Ok(Some(action)),
                Err(e) => io.error(explain(&e))?,
            }
        }
        other => io.error(format!("unknown command `{}`; type `help` for the commands", clip(other)))?,
    }
    Ok(None)
}

/// The solver's best play for the position at the start of the turn, under the game's
/// rules; one the rules allow but not proven best is shown as such.
fn hint(game: &Rummikub, stage: &mut Staging, play: bool, io: &mut Io<'_>) -> io::Result<Option<Action>> {
    let seat = stage.seat();
    let (solution, unproven) = match game.view(seat).hint(&mut Solver::new(), Objective::Tiles) {
        Ok(s) => (s, false),
        Err(SolveError::Unproven { best: Some(best), .. }) => (*best, true),
        Err(e) => return io.error(format!("no hint: {}", clip_message(&e))).map(|()| None),
    };
    let style = io.style;
    if solution.tiles_placed == 0 {
        writeln!(io.out, "hint: no play is possible; draw (or pass when the pool is empty)")?;
        return Ok(None);
    }
    let action = Action::Play { table: solution.table.clone() };
    let accepted = game.check(seat, &action);
    writeln!(
        io.out,
        "hint: place {} ({} tile{}, worth {}); the table would be:\n{}",
        style.tiles(solution.placed.iter().copied()),
        solution.tiles_placed,
        if solution.tiles_placed == 1 { "" } else { "s" },
        solution.value_placed,
        table_lines(&solution.table, style)
    )?;
    if unproven {
        writeln!(io.out, "(the rules allow this play, but the solver could not prove it the best)")?;
    }
    match accepted {
        Err(e) => {
            io.error(format!("but the game refuses this play: {}", explain(&StagingError::Action(e))))?;
            Ok(None)
        }
        Ok(()) if play => {
            stage.reset();
            Ok(Some(action))
        }
        Ok(()) => {
            writeln!(io.out, "(type `hint play` to make this play)")?;
            Ok(None)
        }
    }
}

#[cfg(test)]
mod tests {
    use rummykit_core::MeldKind;
    use rummykit_rummikub::{Config, Setup, TileSet};

    use super::*;
    use crate::input::Input;

    fn game(racks: [&str; 2], table: &[(MeldKind, &str)], opened: bool) -> Rummikub {
        game_under(&Config::STANDARD, racks, table, opened)
    }

    fn game_under(config: &Config, racks: [&str; 2], table: &[(MeldKind, &str)], opened: bool) -> Rummikub {
        let mut setup = Setup::new(racks.iter().map(|r| r.parse().expect("rack")).collect());
        setup.table = table
            .iter()
            .map(|(k, t)| {
                Meld::new(*k, &parse_list::<Tile>(t).expect("tiles"), &rummykit_rummikub::MELD_RULES)
                    .expect("meld")
            })
            .collect();
        setup.opened = vec![opened, false];
        setup.fill_pool(TileSet::Standard106);
        Rummikub::from_setup(config, setup).expect("a valid position")
    }

    /// Runs the person's turn of seat 0 on `script`; the action and the transcript.
    fn turn(game: &Rummikub, script: &str) -> (Option<Action>, String) {
        let mut out = Vec::new();
        let mut io = Io::new(Input::plain(script.as_bytes()), &mut out, Style::PLAIN, true);
        let action = match game.human_turn(0, &mut io).expect("in-memory io") {
            Turn::Act(a) => Some(a),
            Turn::Ended | Turn::Quit => None,
        };
        drop(io);
        (action, String::from_utf8(out).expect("utf-8"))
    }

    fn accepted(game: &Rummikub, action: Option<Action>) -> Rummikub {
        let mut after = game.clone();
        after
            .apply(after.to_move().unwrap_or_default(), action.expect("the turn ends with an action"))
            .expect("the game accepts it");
        after
    }

    #[test]
    fn initial_meld_from_new_and_add_rules_1_5() {
        let g = game(["r10 r11 r12 r5 y5 k5 b1 b2 b3 J", "k1 k2"], &[], false);
        let (action, text) =
            turn(&g, "new b1 b2 b3\ncommit\nreset\nnew r10 r11 r12\nnew r5 y5\ncommit\nadd 2 k5\ncommit\n");
        assert!(
            text.contains("error: play refused: the initial meld is worth 6 points; it needs at least 30"),
            "{text}"
        );
        assert!(
            text.contains("error: play refused: meld 2 is not a valid group or run: too short"),
            "{text}"
        );
        assert!(text.contains("2: r5 y5   <- not valid: too short"), "{text}");
        let after = accepted(&g, action);
        assert!(after.has_opened(0).unwrap());
        assert_eq!(after.table().len(), 2);
        assert_eq!(after.rack(0).map(TileCounts::len), Some(4));
    }

    #[test]
    fn split_move_take_and_reset_rules_1_3() {
        let g = game(["r4 k9", "k1 k2"], &[(MeldKind::Run, "r1 r2 r3 r4 r5 r6")], true);
        let script = "split 1 4\nadd 1 r7\nadd 1 r4\ntake 1:4\ntake 2:1\nmove 2:1 1\ncommit\nreset\nsplit 1 9\n\
                      split 1 4\nadd 1 r4\ncommit\n";
        let (action, text) = turn(&g, script);
        for expected in [
            "error: your rack holds no r7",
            "error: r4 came from the table and may not go back to the rack",
            "error: play refused: meld 2 is not a valid group or run: too short",
            "reset: the table and your rack are as at the start of the turn",
            "error: meld 1 has 6 tiles: split before a position from 2 to 6",
        ] {
            assert!(text.contains(expected), "lacks {expected:?}:\n{text}");
        }
        let after = accepted(&g, action);
        let melds: Vec<String> = after.table().iter().map(ToString::to_string).collect();
        assert_eq!(melds, ["r1 r2 r3 r4", "r4 r5 r6"]);
    }

    #[test]
    fn hint_shows_and_plays_the_solvers_best_play() {
        let g = game(["r4 k9", "k1 k2"], &[(MeldKind::Run, "r1 r2 r3 r4 r5 r6")], true);
        let (action, text) = turn(&g, "hint\nhint play\n");
        assert!(text.contains("hint: place r4 (1 tile, worth 4)"), "{text}");
        assert!(text.contains("(type `hint play` to make this play)"), "{text}");
        assert_eq!(accepted(&g, action).rack(0).map(TileCounts::len), Some(1));
        // Nothing to play: the hint says to draw.
        let g = game(["k9", "k1 k2"], &[], true);
        let (action, text) = turn(&g, "hint\ndraw\n");
        assert!(text.contains("hint: no play is possible; draw"), "{text}");
        assert_eq!(action, Some(Action::Draw));
    }

    #[test]
    fn hint_follows_the_house_rules() {
        // Locked joker melds: y4 J would only go down beside r4 y4 k4, taking the
        // group's joker out of it, which the rule forbids; no allowed play places a tile.
        let mut locked = Config::STANDARD;
        locked.joker_melds_locked = true;
        let g = game_under(&locked, ["y4 J", "k1 k2"], &[(MeldKind::Group, "r4 J y4 k4")], true);
        let (action, text) = turn(&g, "hint\nhint play\ndraw\n");
        assert!(text.contains("hint: no play is possible; draw"), "{text}");
        assert!(!text.contains("refuse"), "{text}");
        assert_eq!(action, Some(Action::Draw));
        // The same position under the box rules: the group keeps three tiles and its
        // joker goes down with the rack's y4 J.
        let g = game(["y4 J", "k1 k2"], &[(MeldKind::Group, "r4 J y4 k4")], true);
        let (action, text) = turn(&g, "hint play\n");
        assert!(text.contains("hint: place "), "{text}");
        assert!(text.contains("(2 tiles, worth"), "{text}");
        assert_eq!(accepted(&g, action).rack(0).map(TileCounts::len), Some(0));
    }

    #[test]
    fn draw_after_changes_and_end_of_input() {
        let g = game(["r4 k9", "k1 k2"], &[(MeldKind::Run, "r1 r2 r3")], true);
        let (action, text) = turn(&g, "add 1 r4\ndraw\npass\n");
        assert!(text.contains("error: cannot draw after changing the table: reset first"), "{text}");
        assert!(text.contains("error: cannot draw after changing the table"), "{text}");
        assert_eq!(action, None, "the input ended without an action");
    }

    #[test]
    fn a_tile_named_more_often_than_the_rack_holds_it_is_refused_with_both_counts() {
        let g = game(["b1 k1 y1 r5", "k1 k2"], &[], true);
        let (action, text) = turn(&g, "new b1 b1 b1\nNEW B1 K1 Y1\ncommit\n");
        assert!(text.contains("error: your rack holds 1 b1, the command names 3"), "{text}");
        assert_eq!(accepted(&g, action).table().len(), 1, "the upper-case command was understood");
    }

    #[test]
    fn invalid_staged_melds_show_positions_from_one_rules_1_4() {
        // b1 k1 b1: the colour repeats at the third tile, position 3 as the person counts.
        let g = game(["b1 k1 b1 r5", "k1 k2"], &[], true);
        let (_, text) = turn(&g, "new b1 k1 b1\n");
        assert!(
            text.contains("b1 k1 b1   <- not valid: group repeats a colour or suit at position 3"),
            "{text}"
        );
    }

    #[test]
    fn quit_ends_the_turn_without_an_action() {
        let g = game(["b1 k1 y1 r5", "k1 k2"], &[], true);
        let mut out = Vec::new();
        let mut io =
            Io::new(Input::plain("new b1 k1 y1\nQuit\ncommit\n".as_bytes()), &mut out, Style::PLAIN, true);
        assert!(matches!(g.human_turn(0, &mut io), Ok(Turn::Quit)));
    }
}
