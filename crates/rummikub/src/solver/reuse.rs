//! A released joker beside rack tiles (`RULES.md` §1.6,
//! [`JokerReuse::WithRackTile`] and the stricter
//! [`JokerReuse::NewMeldWithTwoRackTiles`]):
//! the best plays in which some meld holds a table joker and the rack tiles the rule
//! asks for, for [`Solver::solve_turn`].
//!
//! # Why the best over these melds bounds every play that releases a joker
//!
//! Take a legal play that releases a joker (under the matching of old jokers to new
//! ones and the assignment of identical copies that make it legal). That joker ends in
//! a meld `M`, and:
//!
//! * under `WithRackTile`, `M` holds a tile played from the rack (a natural or a rack
//!   joker). Pick one such rack tile, the *witness*. Every other natural of `M` (a meld
//!   holds each face at most once) and every other joker of `M` that came from the rack
//!   while a table copy of its face lies elsewhere in the play can change places with
//!   that copy: the same tiles lie in the same valid melds, the same rack tiles are
//!   placed. So some play ranking as high has `M` made of one table joker, the witness
//!   from the rack, and the rest taken from the table first;
//! * under `NewMeldWithTwoRackTiles`, every other tile of `M` was played from the rack
//!   (`check.rs` reads a joker no old joker is matched to as a rack tile, so a second
//!   table joker in `M` breaks the rule too), at least two of them: `M` is one table
//!   joker and rack tiles only. No exchange is needed; the copies are the player's to
//!   name, and those are the rack's.
//!
//! Taking `M` out, the rest is a play of the meld puzzle on what is left (every table
//! tile placed), so it ranks no higher than `M`'s rack tiles plus the best of that
//! puzzle. If `M` is a run that reaches three places or more past its *core* (the joker
//! and the witness; under `NewMeldWithTwoRackTiles` the joker alone) on one side, and
//! three places or more with a natural can be cut off that side leaving a run of three
//! or more with a natural, those places are cut off as a run of their own and left to
//! the rest: the rest of `M` still holds the joker and, past the joker, the witness or
//! two rack tiles or more. So only runs that cannot be cut so need be taken out. The
//! best over every such `M` (each meld with a joker the tiles allow, each witness)
//! bounds every legal play that releases a joker; a play that releases none is bounded
//! by the puzzle with every table joker kept in its role ([`Solver::solve_turn`]).
//!
//! Under `NewMeldWithTwoRackTiles` a second table joker in what is left either keeps its
//! role — the rest is then a play of the puzzle with that joker kept, solved as
//! [`Solver::solve_turn`]'s kept-role bound solves it, over the ways any table joker may
//! keep one (which joker `M` took is not known) — or is released too, into a meld of its
//! own with rack tiles, taken out as `M` was; the rest of that is solved freely.
//!
//! Under `WithRackTile` the same holds. The exchanges above keep the play legal: a
//! natural exchanged gives another meld a rack copy, and a table joker that changes
//! places with a rack joker of `M` ends beside the witness, the rack joker where it was
//! (a rack joker is free). So every table joker left to the rest keeps its role or is
//! released into a meld with a rack tile of its own (not the witness, which is in `M`),
//! and the rest is solved as above, the second meld taken out with a witness of its own.
//! A cut could take a released joker away from the witness, so with a table joker left
//! to the rest, a run is cut only where the part cut off holds no joker (more melds are
//! taken out whole). Solving the rest freely first, with the same floor, skips the melds
//! whose rest cannot reach it under any rule.
//!
//! # The jokers the rules hold, in the rest
//!
//! A legal play leaves every table joker the rules hold (one no play may release, or a
//! group of three's under [`Config::group3_joker_needs_both`](crate::Config)) in one of
//! the ways [`Solver::solve_turn`]'s kept-role bound takes for it: kept in its role, or,
//! for a group of three's joker, released with its group's naturals beside both missing
//! colours, the group of four laid apart. The joker of `M` is released, so if the rules
//! hold it, it is a group of three's, in that released way. Where `M` as taken holds
//! no other table joker, the play's `M` holds none either (its other jokers are taken
//! from the table first), so every other held joker lies in the rest. So the rest is
//! also a play of the puzzle on what is left with the held jokers laid out as one
//! combination of their ways (one the jokers left can lay out), and the best over those
//! combinations bounds it too: the rest's bound is the lower of the two. (Where the
//! released joker of `M` needs the group of four and its tiles are not there, no rest is
//! left at all.) Where `M` as taken holds a second table joker, a held joker may lie in
//! `M` instead: kept in its role there, or exchanged above for a rack joker of `M`,
//! which then takes its place in the rest. With no joker on the rack there is no such
//! exchange: the `k` jokers of `M` are table jokers, at most `k - 1` of them held
//! jokers besides the released one, so the rest holds every held joker but at most
//! `k - 1`, and the best over the combinations of the others' ways, each set of `k - 1`
//! left out in turn, bounds it too (leaving out more only loosens it). With a rack
//! joker the rest is then bounded as above only.
//!
//! # A cheaper bound under `RackOnly`
//!
//! Under [`ReplacementSource::RackOnly`](crate::ReplacementSource::RackOnly) a joker is
//! freed only in a turn in which a tile it stands for is played from the rack
//! (`RULES.md` §1.6; `check.rs` asks every released joker of a legal reading for such an
//! exchange). So a legal play that releases a joker places a rack tile `t` of that
//! joker's role, and its table is a play of the meld puzzle with `t` moved from the rack
//! to the table, `t` counted as placed. The same play leaves every table joker the
//! rules hold (one no play may release, or a group of three's under
//! [`Config::group3_joker_needs_both`](crate::Config)) in one of the ways
//! [`Solver::solve_turn`]'s kept-role bound takes for it, so the puzzle is solved with
//! those jokers kept so, once per combination of their ways. Every other joker the play
//! releases is exchanged for a rack tile of its own (one copy per exchange), so a joker
//! that stands for no tile the rack holds besides `t` keeps its role too, and is held
//! with them: per joker `t` may free, the holds differ (`turn.rs`, `rack_releases`).
//! The best over those puzzles, per rack tile some table joker stands for, joker it
//! frees and combination, bounds every play that releases a joker
//! ([`Solver::rack_released`]). It holds beside the bound
//! above (the lower of the two bounds the releases), and when no such puzzle reaches
//! the kept-role bound, the melds beside rack tiles need not be solved for the bound:
//! their plays that rank that high could only be plays releasing no joker, which rank
//! no higher than the kept-role bound (as candidates they are then left out; the
//! kept-role and pinned plays stay).

use rummykit_core::{Colour, MAX_MELD_LEN, Meld, MeldKind, Tile};

use crate::JokerReuse;

use super::locked::{below, keep_best};
use super::turn::{Keep, Pinned, combinations, feasible, jokers_of, laid_out, least_placing, rank, unpin};
use super::{Objective, Position, Solution, SolveOptions, Solver, face_counts, finish};

/// At most this many melds with a witness are solved in one turn; with more, no bound.
pub(super) const MAX_BESIDE: usize = 2048;

/// What [`Solver::beside_rack`] found: the best rank over every meld with a table joker
/// and a witness (`(0, 0)`: none reaches the floor it was given), and the plays that
/// reach it.
pub(super) struct Beside {
    pub bound: (u64, u64),
    pub plays: Vec<Solution>,
}

impl Solver {
    /// The best plays with one meld holding a table joker and the rack tiles `reuse`
    /// asks for that rank at least `from`, and the best rank over every such meld if one
    /// reaches `from` (`(0, 0)` if none does), which bounds every play that releases a
    /// joker under `reuse` (module docs); `None` when that is not proven: more than
    /// [`MAX_BESIDE`] melds, the turn's work spent (`turn.rs`), or a solve that did not
    /// answer. Another table joker left to the rest keeps its role (one of `kept`, the
    /// ways any table joker may keep it) or ends in a meld of its own with rack tiles
    /// ([`Solver::after_release`]); the jokers the rules hold lie in the rest in one
    /// combination of their ways `held` (per such joker, as `solve_turn`'s kept-role
    /// bound takes them): all of them where the meld holds one table joker, all but as
    /// many as its other table jokers where the rack holds no joker (module docs).
    ///
    /// A play ranking at least `ceiling` (a proven bound on every legal play) that
    /// `legal` accepts is the answer: the search ends there, with that play alone. Once
    /// the best rank is past the ceiling it ends too, with no plays (none above a proven
    /// bound is legal) and a bound of no use.
    pub(super) fn beside_rack(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        (reuse, kept, held): (JokerReuse, &[Keep], &[Vec<Keep>]),
        (from, ceiling, objective): ((u64, u64), (u64, u64), Objective),
        legal: &dyn Fn(&Solution) -> bool,
    ) -> Option<Beside> {
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let on_table = face_counts(&faces);
        let on_rack = face_counts(rack);
        if on_table[52] == 0 {
            return Some(Beside { bound: (0, 0), plays: Vec::new() });
        }
        // A table joker left to the rest keeps its role or is released beside rack tiles
        // of its own (module docs): then no cut may take a joker away from the core.
        let refine = on_table[52] > 1;
        let splits = splits(&on_table, &on_rack, reuse, refine && reuse == JokerReuse::WithRackTile);
        if splits.len() > MAX_BESIDE {
            return None;
        }
        // The best so far: at first `from` (at least one tile placed); a meld's rest is
        // solved only as far as it could reach it.
        let mut best = from.max(least_placing(objective));
        let mut plays: Vec<Solution> = Vec::new();
        let kept = refine.then_some((reuse, kept));
        // Per count of table jokers a meld takes, the combinations its rest is held to
        // (module docs): a meld of one table joker leaves every held joker to the rest;
        // one of `k` table jokers, with none on the rack, up to `k - 1` of them, each set
        // of that many left out in turn. None held, or a rack joker beside more table
        // jokers: nothing to solve beyond the rest's own bound.
        let held: Vec<Vec<Vec<Keep>>> =
            (1..=on_table[52]).map(|k| held_apart(held, k, on_rack[52])).collect();
        for split in &splits {
            if let Some(play) =
                self.with_meld_out(split, (&faces, rack), kept, &held, options, (best, objective))?
            {
                // A legal play as high as a bound on every play ends the search: no meld
                // left could give a higher bound, and it is the answer.
                if rank(&play, objective) >= ceiling && legal(&play) {
                    return Some(Beside { bound: rank(&play, objective), plays: vec![play] });
                }
                keep_best(&mut plays, &mut best, play, objective);
                // Past the ceiling no bound from here is of use, and a play ranking above
                // a proven bound is not legal.
                if best > ceiling {
                    return Some(Beside { bound: best, plays: Vec::new() });
                }
            }
        }
        let bound = if plays.is_empty() { (0, 0) } else { best };
        Some(Beside { bound, plays })
    }

    /// Under [`ReplacementSource::RackOnly`](crate::ReplacementSource::RackOnly): the
    /// best plays that place one of the rack tiles of `releases` (each a tile the table's
    /// jokers stand for that is on the rack, with the ways the jokers held beside its
    /// exchange may end the turn: per such joker, as `solve_turn`'s kept-role bound
    /// takes them), leave those jokers in one combination of their ways and rank at
    /// least `from`, and the best rank over them (`(0, 0)`: none reaches `from`), which
    /// bounds every play that releases a joker (module docs); `None` when a solve did not
    /// answer or the turn's work is spent. One solve per entry and combination of ways:
    /// the puzzle with that tile moved to the table, those jokers kept.
    pub(super) fn rack_released(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        releases: &[(Tile, Vec<Vec<Keep>>)],
        options: &SolveOptions,
        from: (u64, u64),
    ) -> Option<Beside> {
        let objective = options.objective;
        let faces: Vec<Tile> = table.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut best = from.max(least_placing(objective));
        // Whether a solve reached `best` (its play may not turn back into jokers).
        let mut reached = false;
        let mut plays: Vec<Solution> = Vec::new();
        let jokers = jokers_of(table, rack);
        for (t, held) in releases {
            let t = *t;
            let combinations: Vec<Vec<Keep>> =
                combinations(held).into_iter().filter(|c| feasible(c, jokers)).collect();
            let mut left_rack = rack.to_vec();
            let Some(i) = left_rack.iter().position(|&u| u == t) else { continue };
            left_rack.swap_remove(i);
            let mut left_table = faces.clone();
            left_table.push(t);
            for combination in &combinations {
                let (tiles, lays) = laid_out(combination);
                if !self.take_puzzle() {
                    return None;
                }
                let floor = below(best, rank(&finish(Vec::new(), vec![t], options.joker_value), objective));
                let sol = match self.pinned_faces(
                    left_table.clone(),
                    &left_rack,
                    (&tiles, &lays),
                    options,
                    Some(floor),
                    true,
                ) {
                    Pinned::Solved(sol) => sol,
                    Pinned::NoPlay => continue,
                    Pinned::Unknown => return None,
                };
                let r = rank(
                    &finish(Vec::new(), [vec![t], sol.placed.clone()].concat(), options.joker_value),
                    objective,
                );
                if r < best {
                    continue;
                }
                if r > best {
                    plays.clear();
                }
                best = r;
                reached = true;
                if let Some(sol) = unpin(sol, &tiles) {
                    plays.push(finish(sol.table, [vec![t], sol.placed].concat(), options.joker_value));
                }
            }
        }
        let bound = if reached { best } else { (0, 0) };
        Some(Beside { bound, plays })
    }

    /// The best rest of a play under `reuse` once a released joker's meld is out, on the
    /// table tiles `faces` (a table joker among them) and `rack`, reaching `floor`
    /// (`Some(None)`: none does; `None`: a solve did not answer). A legal play's next
    /// table joker keeps its role — one of the ways `kept`, solved as
    /// [`Solver::solve_turn`]'s kept-role bound does — or is released too, into a meld
    /// with rack tiles the rule asks for, taken out as the first (further jokers free).
    /// Each puzzle solved draws on the turn's work (`None` once it is spent).
    pub(super) fn after_release(
        &mut self,
        faces: Vec<Tile>,
        rack: &[Tile],
        (reuse, kept): (JokerReuse, &[Keep]),
        options: &SolveOptions,
        floor: (u64, u64),
    ) -> Option<Option<Solution>> {
        let objective = options.objective;
        // The first play found at the best rank.
        let mut best = floor;
        let mut plays: Vec<Solution> = Vec::new();
        for &way in kept {
            let (tile, lay) = match way {
                Keep::As(t) => (vec![t], vec![]),
                Keep::Lay { number, colours, jokers } => (vec![], vec![(number, colours, jokers)]),
                Keep::Shared { .. } => continue,
            };
            if !self.take_puzzle() {
                return None;
            }
            match self.pinned_faces(faces.clone(), rack, (&tile, &lay), options, Some(best), true) {
                Pinned::Solved(sol) => {
                    keep_best(&mut plays, &mut best, unpin(sol.clone(), &tile).unwrap_or(sol), objective);
                }
                Pinned::NoPlay => {}
                Pinned::Unknown => return None,
            }
        }
        let splits = splits(&face_counts(&faces), &face_counts(rack), reuse, false);
        if splits.len() > MAX_BESIDE {
            return None;
        }
        for split in &splits {
            if let Some(play) =
                self.with_meld_out(split, (&faces, rack), None, &[], options, (best, objective))?
            {
                keep_best(&mut plays, &mut best, play, objective);
            }
        }
        Some(plays.into_iter().next())
    }

    /// The best play with `meld` taken out of the table tiles `faces` and `rack` (each
    /// place from the rack or the table as `from_rack` says) and the rest solved, that
    /// could rank at least `best` under `objective` (`Some(None)`: the rest reaches no such rank; `None`:
    /// a tile is not there, or a solve did not answer). With `kept`, a table joker left
    /// to the rest keeps its role or is released too ([`Solver::after_release`]);
    /// without, the rest is solved freely. With combinations of ways in `held` (per
    /// count of table jokers in the meld, from one: [`held_apart`]), the rest is also
    /// held to the best over those of the meld's count ([`Solver::held_rest`]), and the
    /// lower of the two is its bound. Each puzzle solved draws on the turn's work (`None` once it is
    /// spent).
    fn with_meld_out(
        &mut self,
        (meld, from_rack): &(Meld<Tile>, Vec<bool>),
        (faces, rack): (&[Tile], &[Tile]),
        kept: Option<(JokerReuse, &[Keep])>,
        held: &[Vec<Vec<Keep>>],
        options: &SolveOptions,
        (best, objective): ((u64, u64), Objective),
    ) -> Option<Option<Solution>> {
        let (left_table, left_rack, meld_only) = take_out(meld, from_rack, faces, rack, options)?;
        if !self.take_puzzle() {
            return None;
        }
        let floor = below(best, rank(&meld_only, objective));
        // The rest solved freely bounds it under any joker rule: what cannot reach the
        // floor so is not solved again under the rule.
        let free = self
            .solve_from(
                &Position::new(left_table.clone(), left_rack.clone()),
                &options.with_opened(true),
                Some(floor),
            )
            .ok()?;
        // With more table jokers in the meld, held jokers may lie there (kept in their
        // roles, or exchanged for a rack joker of the meld), not in the rest (module docs).
        let table_jokers = meld.faces().iter().zip(from_rack).filter(|(t, r)| t.is_joker() && !**r).count();
        let held = table_jokers.checked_sub(1).and_then(|k| held.get(k)).map_or(&[][..], Vec::as_slice);
        let held_rest = if free.is_none() || held.is_empty() {
            None
        } else {
            Some(self.held_rest(&left_table, &left_rack, held, options, floor)?)
        };
        // No rest holds the held jokers: the split has no play, whatever a release of
        // the kept jokers would give (not solved, so it draws nothing on the turn's work).
        if matches!(held_rest, Some(None)) {
            return Some(None);
        }
        let rest = match kept {
            Some(kept) if free.is_some() && left_table.contains(&Tile::JOKER) => {
                self.after_release(left_table, &left_rack, kept, options, floor)?
            }
            _ => free,
        };
        // Both bound the rest of a legal play: the lower of the two, and at the same rank
        // the held one, whose jokers lie as the rules hold them (the likelier legal).
        let rest = match (rest, held_rest) {
            (Some(r), Some(Some(h))) => Some(if rank(&h, objective) <= rank(&r, objective) { h } else { r }),
            (None, _) | (_, Some(None)) => None,
            (r, None) => r,
        };
        Some(rest.map(|sol| {
            let table = core::iter::once(*meld).chain(sol.table).collect();
            finish(table, [meld_only.placed, sol.placed].concat(), options.joker_value)
        }))
    }
}

impl Solver {
    /// The best rest of a play once a released joker's meld is out, on the table tiles
    /// `faces` and `rack`, that leaves the jokers the rules hold in one of the
    /// combinations of ways `held` (as [`Solver::solve_turn`]'s kept-role bound takes
    /// them; the released joker, if one of them, in its released way), reaching `floor`:
    /// the best over the combinations the jokers left can lay out (`Some(None)`: none
    /// reaches it; `None`: a solve did not answer or the turn's work is spent).
    fn held_rest(
        &mut self,
        faces: &[Tile],
        rack: &[Tile],
        held: &[Vec<Keep>],
        options: &SolveOptions,
        floor: (u64, u64),
    ) -> Option<Option<Solution>> {
        let jokers = |tiles: &[Tile]| tiles.iter().filter(|t| t.is_joker()).count();
        let jokers = (jokers(faces), jokers(rack));
        let mut best = floor;
        let mut plays: Vec<Solution> = Vec::new();
        for combination in held.iter().filter(|c| feasible(c, jokers)) {
            let (tiles, lays) = laid_out(combination);
            if !self.take_puzzle() {
                return None;
            }
            match self.pinned_faces(faces.to_vec(), rack, (&tiles, &lays), options, Some(best), true) {
                Pinned::Solved(sol) => {
                    keep_best(
                        &mut plays,
                        &mut best,
                        unpin(sol.clone(), &tiles).unwrap_or(sol),
                        options.objective,
                    );
                }
                Pinned::NoPlay => {}
                Pinned::Unknown => return None,
            }
        }
        Some(plays.into_iter().next())
    }
}

/// The combinations of the ways `held` (per joker the rules hold) that the rest of a
/// play is held to once a meld of `k` table jokers is taken out, with `rack_jokers`
/// jokers on the rack (module docs): every combination for `k = 1`; for more, with no
/// rack joker, those of every set of jokers left once `k - 1` are left out (each
/// combination once); none (no bound from here) when no joker is held, when all could
/// lie in the meld, or with a rack joker beside a second table joker.
fn held_apart(held: &[Vec<Keep>], k: usize, rack_jokers: usize) -> Vec<Vec<Keep>> {
    if held.is_empty() || (k > 1 && (rack_jokers > 0 || k > held.len())) {
        return Vec::new();
    }
    let mut out: Vec<Vec<Keep>> = Vec::new();
    for apart in 0u32..1 << held.len() {
        if apart.count_ones() as usize != k - 1 {
            continue;
        }
        let left: Vec<Vec<Keep>> =
            held.iter().enumerate().filter(|(i, _)| apart & 1 << i == 0).map(|(_, w)| w.clone()).collect();
        for c in combinations(&left) {
            if !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// What is left of the table tiles `faces` and `rack` once `meld` is taken out, each
/// place from the rack or the table as `from_rack` says, and the meld's rack tiles as a
/// play of their own; `None` if a tile is not there.
fn take_out(
    meld: &Meld<Tile>,
    from_rack: &[bool],
    faces: &[Tile],
    rack: &[Tile],
    options: &SolveOptions,
) -> Option<(Vec<Tile>, Vec<Tile>, Solution)> {
    let mut left_table = faces.to_vec();
    let mut left_rack = rack.to_vec();
    for (&t, &r) in meld.faces().iter().zip(from_rack) {
        let from = if r { &mut left_rack } else { &mut left_table };
        let i = from.iter().position(|&u| u == t)?;
        from.swap_remove(i);
    }
    let placed: Vec<Tile> =
        meld.faces().iter().zip(from_rack).filter(|(_, r)| **r).map(|(t, _)| *t).collect();
    Some((left_table, left_rack, finish(Vec::new(), placed, options.joker_value)))
}

/// Every meld with a joker the tiles allow, with each way to take it (per place: from
/// the rack) that has one table joker and, under `reuse`, one witness from the rack and
/// the rest from the table first, or (`NewMeldWithTwoRackTiles`) the rest from the rack
/// (module docs); the same meld taken the same way only once.
fn splits(
    on_table: &[usize; 53],
    on_rack: &[usize; 53],
    reuse: JokerReuse,
    keep_jokers: bool,
) -> Vec<(Meld<Tile>, Vec<bool>)> {
    let new_meld = reuse == JokerReuse::NewMeldWithTwoRackTiles;
    // The tiles a meld may be made of: under `NewMeldWithTwoRackTiles` the rack's and
    // one table joker.
    let mut supply = *on_rack;
    if new_meld {
        supply[52] += on_table[52].min(1);
    } else {
        supply.iter_mut().zip(on_table).for_each(|(s, t)| *s += t);
    }
    let jokers = supply[52];
    let mut out: Vec<(Meld<Tile>, Vec<bool>)> = Vec::new();
    let mut add = |faces: &[Tile]| {
        let Ok(meld) = Meld::infer(faces, &crate::MELD_RULES) else {
            return;
        };
        let uncut = |a: usize, b: usize| {
            meld.kind() == MeldKind::Group || !cuttable(faces, a.min(b), a.max(b), keep_jokers)
        };
        if new_meld {
            // One table joker whose place leaves the run uncut; every other tile from
            // the rack (the supply holds no more).
            if let Some(a) = (0..faces.len()).find(|&a| faces[a].is_joker() && uncut(a, a)) {
                let mut from_rack = vec![true; faces.len()];
                from_rack[a] = false;
                out.push((meld, from_rack));
            }
            return;
        }
        // Witnesses of one face give the same split: compared within this meld only.
        let first = out.len();
        for witness in 0..faces.len() {
            let w = faces[witness];
            if on_rack[w.index() as usize] == 0 {
                continue;
            }
            // The witness from the rack; the rest from the table while it lasts.
            let mut table_left = *on_table;
            let mut rack_left = *on_rack;
            rack_left[w.index() as usize] -= 1;
            let mut from_rack = vec![false; faces.len()];
            from_rack[witness] = true;
            let mut fits = true;
            for (p, t) in faces.iter().enumerate() {
                if p == witness {
                    continue;
                }
                let i = t.index() as usize;
                if table_left[i] > 0 {
                    table_left[i] -= 1;
                } else if rack_left[i] > 0 {
                    rack_left[i] -= 1;
                    from_rack[p] = true;
                } else {
                    fits = false;
                }
            }
            // One joker of the meld must come from the table, and leave the run uncut
            // beside the witness (module docs).
            let table_joker =
                (0..faces.len()).any(|a| faces[a].is_joker() && !from_rack[a] && uncut(a, witness));
            if fits && table_joker && !out[first..].iter().any(|(_, r)| *r == from_rack) {
                out.push((meld, from_rack));
            }
        }
    };
    each_meld(
        |t| supply[t.index() as usize] > 0,
        jokers,
        |_, faces| {
            if faces.contains(&Tile::JOKER) {
                add(faces);
            }
        },
    );
    out
}

/// Every layout of a run or group the supply allows (`have`: whether a natural is
/// there; up to `jokers` jokers), its kind and faces, validity not yet checked. Runs:
/// each colour, start and length, as [`run_layouts`] lays them. Groups: each number,
/// each set of colours there, as it is or filled to three or four with jokers.
pub(super) fn each_meld(have: impl Fn(Tile) -> bool, jokers: usize, mut each: impl FnMut(MeldKind, &[Tile])) {
    for colour in Colour::ALL {
        for start in 1..=13u8 {
            for len in 3..=MAX_MELD_LEN.min(14 - usize::from(start)) {
                let naturals: Vec<Tile> =
                    (0..len).filter_map(|i| Tile::new(colour, start + i as u8)).collect();
                run_layouts(&naturals, &have, jokers, |_, faces| each(MeldKind::Run, &faces));
            }
        }
    }
    for number in 1..=13u8 {
        let there: Vec<Tile> =
            Colour::ALL.into_iter().filter_map(|c| Tile::new(c, number)).filter(|&t| have(t)).collect();
        for mask in 0u32..1 << there.len() {
            let naturals: Vec<Tile> =
                there.iter().enumerate().filter(|(i, _)| mask & (1 << i) != 0).map(|(_, &t)| t).collect();
            for size in naturals.len().max(3)..=4 {
                if size - naturals.len() > jokers {
                    continue;
                }
                let mut faces = naturals.clone();
                faces.resize(size, Tile::JOKER);
                each(MeldKind::Group, &faces);
            }
        }
    }
}

/// Whether the run `faces` splits into two runs, one of them holding every place from
/// `lo` to `hi` (the core): three places or more with a natural cut off one end, three
/// or more with a natural left (module docs).
fn cuttable(faces: &[Tile], lo: usize, hi: usize, keep_jokers: bool) -> bool {
    let len = faces.len();
    let natural = |part: &[Tile]| part.iter().any(|t| !t.is_joker());
    // With `keep_jokers`, the part cut off holds no joker (module docs).
    let off = |part: &[Tile]| natural(part) && !(keep_jokers && part.contains(&Tile::JOKER));
    // `c` places off the start (up to the core), or off the end.
    (3..=lo.min(len.saturating_sub(3))).any(|c| off(&faces[..c]) && natural(&faces[c..]))
        || (3..=(len - 1 - hi).min(len.saturating_sub(3)))
            .any(|c| off(&faces[len - c..]) && natural(&faces[..len - c]))
}

/// Every way to lay the run of `naturals` from a supply: a place whose natural `have`
/// lacks is a joker, and, up to `jokers` in all, places whose natural is there may be
/// jokers too. `each` gets the joker places as a mask (bit `i` for place `i`) and the
/// faces, in the order of [`masks`]; nothing when the jokers do not reach.
pub(super) fn run_layouts(
    naturals: &[Tile],
    have: impl Fn(Tile) -> bool,
    jokers: usize,
    mut each: impl FnMut(u32, Vec<Tile>),
) {
    let missing = (0..naturals.len()).filter(|&i| !have(naturals[i])).fold(0u32, |m, i| m | 1 << i);
    let Some(spare) = jokers.checked_sub(missing.count_ones() as usize) else { return };
    let there: Vec<usize> = (0..naturals.len()).filter(|&i| missing & (1 << i) == 0).collect();
    for extra in masks(&there, spare) {
        let mask = missing | extra;
        let faces =
            naturals.iter().enumerate().map(|(i, &t)| if mask & (1 << i) != 0 { Tile::JOKER } else { t });
        each(mask, faces.collect());
    }
}

/// Every set of at most `k` of `places`, as bit masks (the empty set first).
pub(super) fn masks(places: &[usize], k: usize) -> Vec<u32> {
    let mut out = vec![0u32];
    for &p in places {
        let with: Vec<u32> =
            out.iter().filter(|m| (m.count_ones() as usize) < k).map(|m| m | 1 << p).collect();
        out.extend(with);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::TileSet;
    use crate::solver::turn::{joker_roles, kept_any};

    fn tiles(s: &str) -> Vec<Tile> {
        rummykit_core::parse_list::<Tile>(s).unwrap()
    }

    /// `RULES.md` §1.6 under `RackOnly` with four jokers: the k8 joker is held (no k8 on
    /// the rack), yet `r5 b5 y5 k5`, `J J J y12`, `r8 b8 y8 J` is legal and places four
    /// tiles. Its released joker's meld, taken with both table jokers (table first),
    /// leaves the rest no table joker to keep as k8; the rest's bound must not then
    /// hold it to the held joker, or the bound falls below the legal play.
    #[test]
    fn held_joker_in_the_released_jokers_meld_keeps_the_bound() {
        let group = |s: &str| Meld::new(MeldKind::Group, &tiles(s), &crate::MELD_RULES).unwrap();
        let table = [group("r8 b8 y8 J"), group("k5 y5 b5 J")];
        let rack = tiles("r5 y12 y1 J J");
        let mut rules = crate::Config::STANDARD.with_tile_set(TileSet::Xp160);
        rules.joker_replacement_source = crate::ReplacementSource::RackOnly;
        let play =
            [group("r5 b5 y5 k5"), Meld::infer(&tiles("J J J y12"), &crate::MELD_RULES).unwrap(), table[0]];
        let held: crate::TileCounts = rack.iter().copied().collect();
        assert!(crate::check_play(&rules, &table, &held, true, &play).is_ok());
        let options =
            SolveOptions::default().with_objective(Objective::Tiles).with_tile_set(TileSet::Xp160.catalog());
        let mut solver = Solver::new();
        solver.work_until = solver.dp.work.saturating_add(solver.turn_work);
        let kept = kept_any(&joker_roles(&table), &table, &rack);
        let k8 = Tile::new(Colour::Black, 8).unwrap();
        let held = [vec![Keep::As(k8)]];
        let beside = solver
            .beside_rack(
                &table,
                &rack,
                &options,
                (JokerReuse::WithRackTile, &kept, &held),
                ((0, 0), (u64::MAX, u64::MAX), Objective::Tiles),
                &|_| false,
            )
            .expect("proven");
        assert!(beside.bound.0 >= 4, "bound {:?} below a legal play of four tiles", beside.bound);
    }
}
