//! Locked joker melds (`RULES.md` §1.6, [`Config::joker_melds_locked`](crate::Config)):
//! the best plays that keep every meld with a joker whole, for [`Solver::solve_turn`].
//!
//! Under the rule, the naturals of a table meld with a joker stay together in one new
//! meld that *covers* it (as `check.rs` reads it): a run the same colour over the same
//! numbers and more, each old natural at its number, each old joker's place a joker or
//! the tile it stands for; a group of the same number with the old colours and more, no
//! shorter. Such a meld is taken out of the meld puzzle and chosen from a short list of
//! *forms*; the rest of the table, the jokers the forms leave and the rack are solved as
//! the puzzle, once per choice of forms.
//!
//! # Why the best over the choices bounds every legal play
//!
//! Take a legal play, and suppose no two melds with jokers could end in one new meld
//! over common numbers, or in one group ([`joinable`]). Each such meld `M` then lies in
//! a meld `M'` of its own that covers it. A group `M'` is one of `M`'s forms (every
//! covering group is listed). A run `M'`
//! reaches some places below `M` and some above: a side of at most two places, or of
//! jokers only, is one of the forms' extensions; a side of three or more with a natural
//! is cut off as a run of its own (valid: three places or more, a natural among them).
//! The cut play holds the same tiles in valid melds, every `M'` now a form, so it is a
//! play of that choice's puzzle, up to which copy of a face a form took:
//! the forms take table copies first ([`Taken`]), and any play that took a rack copy
//! instead is matched, tile for tile, by one that took the table copy and placed the
//! rack copy where the table copy was. So the play ranks no higher than the best of that
//! choice; the best over all choices ranks at least as high as every legal play.
//!
//! Joins ([`joinable`]) that end two melds in one run over numbers both cover, or in one
//! group, are not modelled (no bound from here then); two runs that join over a gap are:
//! the gap is cut as above (the lower meld's extension, or a run of its own).
//!
//! # The jokers the forms free, under the reuse rule
//!
//! Where a released joker must end beside rack tiles ([`JokerReuse::WithRackTile`],
//! [`JokerReuse::NewMeldWithTwoRackTiles`]), the rest of a choice is held to it too. The
//! rest holds the fewest table jokers a legal play of that choice can leave there (the
//! forms take the freed jokers before the rack's), and any play that leaves more, or
//! the rack's elsewhere, is matched by one that leaves these: the jokers are the same
//! tiles, only which one counts as the rack's changes, and the rack tiles placed stay
//! the same. So where the rest holds a table joker, a legal play's rest holds one that
//! keeps its role (any table joker's: which one the forms freed is not known) or is
//! released into a meld with the rack tiles the rule asks for — which is what bounds
//! the rest of a play after a released joker's meld in `reuse.rs`
//! ([`Solver::after_release`]), the same argument on the rest's tiles. A form's natural
//! taken from the rack where the rest holds its table copy changes places with it as
//! above, which only gives the rest a rack tile more. The forms themselves are not held
//! to the rule (a joker at a form's end may be a released one): a looser bound, still
//! one.
//!
//! Every meld with a joker is a form's, so a joker of the rest is one a form freed; it
//! may still keep its role, as `check.rs` reads a group's joker as keeping it in any
//! group of its number. From r5 b5 J J, the form r5 b5 y5 J (a table y5) frees a joker
//! that keeps its role in y5 k5 J beside the other table y5 and the rack's k5: legal
//! under [`JokerReuse::NewMeldWithTwoRackTiles`], while no play that leaves the rest no
//! joker, or releases one beside two rack tiles, places k5. So the rest keeps the ways
//! any table joker may keep its role, not only the release beside rack tiles.

use rummykit_core::{Colour, Meld, MeldKind, Tile};

use super::turn::{Keep, rank};
use super::{Objective, Position, Solution, SolveOptions, Solver, face_counts, finish};
use crate::JokerReuse;

/// At most this many choices of forms are solved in one turn; with more, no bound.
/// Each is one solve with a floor, most ending at once; in greedy games over a third of
/// the turns the locked melds left unproven at 256 had more, none more than 1,024.
pub(super) const MAX_CHOICES: usize = 1024;

/// One way a meld with a joker can end the turn: the new meld, the tiles it takes from
/// the rest of the table and the rack (jokers included), and how many of its own jokers
/// it leaves to be placed elsewhere.
struct Form {
    meld: Meld<Tile>,
    takes: Vec<Tile>,
    frees: usize,
}

impl Solver {
    /// The best plays with every table meld holding a joker kept whole in one of its
    /// forms, placing at least `one` (the rank of one tile placed). They all rank the
    /// best over every choice of forms, which bounds every play the locked-meld rule
    /// allows (module docs; no play: none places a tile); `None` when that is not
    /// proven: melds that could join, more than [`MAX_CHOICES`] choices, the turn's work
    /// spent (`turn.rs`), or a solve that did not answer. With `reuse` (the rule and the
    /// ways any table joker may keep its role), a joker the forms free keeps its role or
    /// ends beside rack tiles as the rule asks (module docs): a tighter bound, whose
    /// plays the rule is likelier to allow.
    pub(super) fn locked(
        &mut self,
        table: &[Meld<Tile>],
        rack: &[Tile],
        options: &SolveOptions,
        objective: Objective,
        one: (u64, u64),
        reuse: Option<(JokerReuse, &[Keep])>,
    ) -> Option<Vec<Solution>> {
        let (locked, free): (Vec<&Meld<Tile>>, Vec<&Meld<Tile>>) = table.iter().partition(|m| m.jokers() > 0);
        let jokers =
            locked.iter().map(|m| m.jokers()).sum::<usize>() + rack.iter().filter(|t| t.is_joker()).count();
        if locked.is_empty() || joinable(&locked) {
            return None;
        }
        let loose: Vec<Tile> = free.iter().flat_map(|m| m.faces().iter().copied()).collect();
        let mut pool = face_counts(&loose);
        for (p, r) in pool.iter_mut().zip(face_counts(rack)) {
            *p += r;
        }
        // A form that takes a joker needs one to be free: on the rack or left by a form.
        pool[52] = jokers;
        let forms: Vec<Vec<Form>> = locked.iter().map(|m| forms(m, &pool)).collect();
        let choices = choices(&forms, &pool, rack.iter().filter(|t| t.is_joker()).count())?;
        // The best so far (at first: one tile placed); a choice is solved only as far as
        // it could reach it, so the plays kept are those that reach the best at the end.
        let mut best = one;
        let mut plays: Vec<Solution> = Vec::new();
        for choice in choices {
            let chosen: Vec<&Form> = choice.iter().zip(&forms).map(|(&i, f)| &f[i]).collect();
            let taken = Taken::new(&loose, rack, &chosen);
            let forms_only = finish(Vec::new(), taken.placed, options.joker_value);
            let floor = below(best, rank(&forms_only, objective));
            let position = Position::new(taken.table.iter().copied(), taken.rack.iter().copied());
            if !self.take_puzzle() {
                return None;
            }
            let sol = match self.solve_from(&position, &options.with_opened(true), Some(floor)) {
                Ok(Some(sol)) => sol,
                Ok(None) => continue,
                Err(_) => return None,
            };
            // A joker the forms free keeps its role or ends beside rack tiles (module
            // docs): solved so only where the free solve reached the floor. Where that
            // bound is not proven (too many melds beside rack tiles, the turn's work
            // spent, a solve that did not answer), the free solve's, looser, still
            // bounds the choice.
            let sol = match reuse {
                Some(rule) if taken.table.contains(&Tile::JOKER) => {
                    match self.after_release(taken.table, &taken.rack, rule, options, floor) {
                        Some(Some(held)) => held,
                        Some(None) => continue,
                        None => sol,
                    }
                }
                _ => sol,
            };
            let table = chosen.iter().map(|f| f.meld).chain(sol.table).collect();
            let play = finish(table, [forms_only.placed, sol.placed].concat(), options.joker_value);
            keep_best(&mut plays, &mut best, play, objective);
        }
        Some(plays)
    }
}

/// The puzzle of one choice of forms: the loose table tiles and rack the forms leave
/// (each form takes table copies first, then the rack's; jokers the forms free count as
/// table tiles, to be placed), and the rack tiles the forms placed.
struct Taken {
    table: Vec<Tile>,
    rack: Vec<Tile>,
    placed: Vec<Tile>,
}

impl Taken {
    fn new(loose: &[Tile], rack: &[Tile], chosen: &[&Form]) -> Taken {
        let mut table = loose.to_vec();
        table.extend(core::iter::repeat_n(Tile::JOKER, chosen.iter().map(|f| f.frees).sum()));
        let mut rack = rack.to_vec();
        let mut placed = Vec::new();
        for t in chosen.iter().flat_map(|f| &f.takes) {
            if let Some(i) = table.iter().position(|u| u == t) {
                table.swap_remove(i);
            } else if let Some(i) = rack.iter().position(|u| u == t) {
                rack.swap_remove(i);
                placed.push(*t);
            }
        }
        Taken { table, rack, placed }
    }
}

/// The floor of the puzzle for a choice whose forms placed `placed`, so that the two
/// together reach `best` (ranks compare as pairs, most significant first).
/// Keeps `play` among `plays` if it ranks at least `best`, raising `best` to it and
/// dropping the plays that now rank below.
pub(super) fn keep_best(
    plays: &mut Vec<Solution>,
    best: &mut (u64, u64),
    play: Solution,
    objective: Objective,
) {
    let r = rank(&play, objective);
    if r >= *best {
        *best = r;
        plays.retain(|p| rank(p, objective) >= r);
        plays.push(play);
    }
}

pub(super) fn below(best: (u64, u64), placed: (u64, u64)) -> (u64, u64) {
    match best.0.cmp(&placed.0) {
        core::cmp::Ordering::Greater => (best.0 - placed.0, best.1.saturating_sub(placed.1)),
        core::cmp::Ordering::Equal => (0, best.1.saturating_sub(placed.1)),
        core::cmp::Ordering::Less => (0, 0),
    }
}

/// Whether two of `locked` could end in one new meld covering both in a way the forms
/// do not cut apart: two runs of one colour over a common number that not both hold as
/// a natural, or two groups of one number with no colour in common.
fn joinable(locked: &[&Meld<Tile>]) -> bool {
    let naturals = |m: &Meld<Tile>| -> u16 {
        m.faces()
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.is_joker())
            .fold(0, |s, (i, _)| s | 1 << (usize::from(m.value_at(0).unwrap_or(1)) + i))
    };
    let span = |m: &Meld<Tile>| -> u16 {
        let a = usize::from(m.value_at(0).unwrap_or(1));
        ((1u16 << m.len()) - 1) << a
    };
    locked.iter().enumerate().any(|(i, a)| {
        locked[i + 1..].iter().any(|b| match (a.kind(), b.kind()) {
            (MeldKind::Run, MeldKind::Run) => {
                a.run_suit() == b.run_suit() && span(a) & span(b) != 0 && naturals(a) & naturals(b) == 0
            }
            (MeldKind::Group, MeldKind::Group) => {
                a.value_at(0) == b.value_at(0)
                    && a.group_suits().unwrap_or(0) & b.group_suits().unwrap_or(0) == 0
            }
            _ => false,
        })
    })
}

/// Every form of the meld `m` with a joker (module docs) whose tiles `pool` holds, each
/// taken tile counted (`pool[52]`: the jokers that could be free).
fn forms(m: &Meld<Tile>, pool: &[usize; 53]) -> Vec<Form> {
    let mut out = Vec::new();
    let fits = |takes: &[Tile]| {
        let mut need = [0usize; 53];
        takes.iter().all(|t| {
            need[t.index() as usize] += 1;
            need[t.index() as usize] <= pool[t.index() as usize]
        })
    };
    let mut push = |faces: Vec<Tile>, takes: Vec<Tile>, frees: usize| {
        if fits(&takes)
            && let Ok(meld) = Meld::new(m.kind(), &faces, &crate::MELD_RULES)
        {
            out.push(Form { meld, takes, frees });
        }
    };
    let number = m.value_at(0).unwrap_or(1);
    match m.kind() {
        MeldKind::Run => {
            let colour = Colour::ALL[usize::from(m.run_suit().unwrap_or(0))];
            let tile = |n: u8| Tile::new(colour, n).unwrap_or(Tile::JOKER);
            let (a, b) = (number, number + m.len() as u8 - 1);
            let holes: Vec<usize> = (0..m.len()).filter(|&i| m.faces()[i].is_joker()).collect();
            // A side of three places or more only of jokers (a side with a natural is
            // cut off as a run of its own, module docs).
            let side = 2.max(pool[52] as u8);
            for lo in 0..=side.min(a - 1) {
                for hi in 0..=side.min(13 - b) {
                    let ends: Vec<u8> = (a - lo..a).chain(b + 1..=b + hi).collect();
                    // Each end slot a natural or a joker, each old joker kept or replaced
                    // by its tile: one bit each.
                    let slots = ends.len() + holes.len();
                    let (low, high) = ((1u32 << lo) - 1, ((1u32 << hi) - 1) << lo);
                    for bits in 0..1u32 << slots {
                        if (lo > 2 && bits & low != low) || (hi > 2 && bits & high != high) {
                            continue;
                        }
                        let mut faces: Vec<Tile> = (a - lo..=b + hi).map(tile).collect();
                        let mut takes = Vec::new();
                        let mut frees = 0;
                        for (k, &n) in ends.iter().enumerate() {
                            let at = usize::from(n - (a - lo));
                            if bits & 1 << k != 0 {
                                faces[at] = Tile::JOKER;
                            }
                            takes.push(faces[at]);
                        }
                        for (k, &h) in holes.iter().enumerate() {
                            if bits & 1 << (ends.len() + k) != 0 {
                                takes.push(faces[usize::from(lo) + h]);
                                frees += 1;
                            } else {
                                faces[usize::from(lo) + h] = Tile::JOKER;
                            }
                        }
                        push(faces, takes, frees);
                    }
                }
            }
        }
        MeldKind::Group => {
            let suits = m.group_suits().unwrap_or(0);
            let own: Vec<Tile> = m.faces().iter().copied().filter(|t| !t.is_joker()).collect();
            let missing: Vec<Tile> = Colour::ALL
                .iter()
                .filter(|c| suits & 1 << c.index() == 0)
                .filter_map(|&c| Tile::new(c, number))
                .collect();
            for add in 0..1u32 << missing.len() {
                let added: Vec<Tile> =
                    missing.iter().enumerate().filter(|(k, _)| add & 1 << k != 0).map(|(_, &t)| t).collect();
                let naturals = own.len() + added.len();
                for jokers in 0..=4usize.saturating_sub(naturals) {
                    if naturals + jokers < m.len() {
                        continue;
                    }
                    let mut faces = own.clone();
                    faces.extend(&added);
                    faces.extend(core::iter::repeat_n(Tile::JOKER, jokers));
                    let mut takes = added.clone();
                    takes.extend(core::iter::repeat_n(Tile::JOKER, jokers.saturating_sub(m.jokers())));
                    push(faces, takes, m.jokers().saturating_sub(jokers));
                }
            }
        }
    }
    out
}

/// Every choice of one form per meld (indices into `forms`) whose taken tiles the pool
/// holds together, a taken joker coming from the rack's `rack_jokers` or the jokers the
/// choice frees; `None` past [`MAX_CHOICES`].
fn choices(forms: &[Vec<Form>], pool: &[usize; 53], rack_jokers: usize) -> Option<Vec<Vec<usize>>> {
    /// The choices that extend `pick`, with `left` of the pool's naturals untaken and
    /// `jokers` = (taken, on the rack or freed); false once there are too many.
    fn walk(
        forms: &[Vec<Form>],
        most_freed: &[usize],
        left: &[usize; 53],
        jokers: (usize, usize),
        pick: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) -> bool {
        let Some(here) = forms.get(pick.len()) else {
            out.push(pick.clone());
            return out.len() <= MAX_CHOICES;
        };
        for (i, form) in here.iter().enumerate() {
            let mut next = *left;
            let naturals = form.takes.iter().filter(|t| !t.is_joker());
            if !naturals.clone().all(|t| {
                let c = &mut next[t.index() as usize];
                *c > 0 && {
                    *c -= 1;
                    true
                }
            }) {
                continue;
            }
            let jokers = (jokers.0 + form.takes.len() - naturals.count(), jokers.1 + form.frees);
            // The jokers taken come from the rack or are freed, here or by a later form.
            if jokers.0 > jokers.1 + most_freed[pick.len() + 1] {
                continue;
            }
            pick.push(i);
            let more = walk(forms, most_freed, &next, jokers, pick, out);
            pick.pop();
            if !more {
                return false;
            }
        }
        true
    }
    // The most jokers the forms of melds `k..` can free together.
    let mut most_freed = vec![0; forms.len() + 1];
    for k in (0..forms.len()).rev() {
        most_freed[k] = most_freed[k + 1] + forms[k].iter().map(|f| f.frees).max().unwrap_or(0);
    }
    let mut out = Vec::new();
    walk(forms, &most_freed, pool, (0, rack_jokers), &mut Vec::new(), &mut out).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::covers;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every valid meld of `kind` from the definition: runs of each colour over each
    /// span, each place a natural or a joker; groups of each number, colours and jokers.
    fn every_meld(kind: MeldKind, most_jokers: usize) -> Vec<Meld<Tile>> {
        let mut out = Vec::new();
        for colour in Colour::ALL {
            for n in 1..=13u8 {
                match kind {
                    MeldKind::Run => {
                        for len in 3..=(14 - usize::from(n)) {
                            for bits in 0..1u32 << len {
                                if bits.count_ones() as usize > most_jokers {
                                    continue;
                                }
                                let faces: Vec<Tile> = (0..len)
                                    .map(|k| match bits & 1 << k {
                                        0 => Tile::new(colour, n + k as u8).unwrap(),
                                        _ => Tile::JOKER,
                                    })
                                    .collect();
                                out.extend(Meld::new(kind, &faces, &crate::MELD_RULES));
                            }
                        }
                    }
                    MeldKind::Group if colour == Colour::ALL[0] => {
                        for suits in 1..16u8 {
                            for jokers in 0..=most_jokers {
                                let mut faces: Vec<Tile> = Colour::ALL
                                    .iter()
                                    .filter(|c| suits & 1 << c.index() != 0)
                                    .map(|&c| Tile::new(c, n).unwrap())
                                    .collect();
                                faces.extend(core::iter::repeat_n(Tile::JOKER, jokers));
                                if faces.len() <= 4 {
                                    out.extend(Meld::new(kind, &faces, &crate::MELD_RULES));
                                }
                            }
                        }
                    }
                    MeldKind::Group => {}
                }
            }
        }
        out
    }

    /// The forms of a meld with a joker, two of every tile and three jokers at hand, are
    /// exactly the melds that cover it (`check.rs`'s reading of the locked-meld rule)
    /// taking at most three jokers and, for a run, at most two places more at each end
    /// or only jokers there.
    #[test]
    fn rules_1_6_forms_are_every_covering_meld() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0106_f0e5);
        let pool = {
            let mut p = [2usize; 53];
            p[52] = 3;
            p
        };
        let runs = every_meld(MeldKind::Run, 5);
        let groups = every_meld(MeldKind::Group, 5);
        let mut compared = 0;
        for _ in 0..2000 {
            let all = if rng.random_bool(0.5) { &runs } else { &groups };
            let old = all[rng.random_range(0..all.len())];
            if old.jokers() == 0 || old.jokers() > 2 {
                continue;
            }
            let mut got: Vec<Vec<Tile>> =
                forms(&old, &pool).iter().map(|f| f.meld.faces().to_vec()).collect();
            let mut want: Vec<Vec<Tile>> = all
                .iter()
                .filter(|m| covers(&old, m))
                .filter(|m| match old.kind() {
                    MeldKind::Group => m.jokers() <= old.jokers() + 3,
                    MeldKind::Run => {
                        let below = usize::from(old.value_at(0).unwrap() - m.value_at(0).unwrap());
                        let f = m.faces();
                        let (low, high) = (&f[..below], &f[below + old.len()..]);
                        let side = |s: &[Tile]| s.len() <= 2 || s.iter().all(|t| t.is_joker());
                        let taken = low.iter().chain(high).filter(|t| t.is_joker()).count();
                        side(low) && side(high) && taken <= 3
                    }
                })
                .map(|m| m.faces().to_vec())
                .collect();
            // A group's order is its own; compare colours and jokers.
            for list in [&mut got, &mut want] {
                list.iter_mut().for_each(|f| f.sort_by_key(|t| t.index()));
                list.sort_by_key(|f| f.iter().map(|t| t.index()).collect::<Vec<_>>());
            }
            assert_eq!(got, want, "{old:?}");
            compared += 1;
        }
        assert!(compared > 600, "{compared}");
    }

    /// The valid meld of `kind` with these faces.
    fn meld(kind: MeldKind, faces: &str) -> Meld<Tile> {
        Meld::new(kind, &rummykit_core::parse_list::<Tile>(faces).unwrap(), &crate::MELD_RULES).unwrap()
    }

    /// Two runs that could end in one run over common numbers are joinable (no bound);
    /// runs over a gap, and groups sharing a colour, are not (the forms cut them apart).
    #[test]
    fn rules_1_6_joinable_melds_are_those_the_forms_do_not_cut_apart() {
        let run = |faces| meld(MeldKind::Run, faces);
        let group = |faces| meld(MeldKind::Group, faces);
        assert!(joinable(&[&run("r3 r4 J"), &run("J r5 r6")]));
        assert!(!joinable(&[&run("r1 J r3"), &run("r5 J r7")]));
        assert!(!joinable(&[&run("r3 r4 J"), &run("b4 J b6")]));
        assert!(!joinable(&[&group("r5 b5 J"), &group("r5 y5 J")]));
        assert!(joinable(&[&group("r5 b5 J"), &group("y5 k5 J")]));
        assert!(!joinable(&[&group("r5 b5 J"), &group("y6 k6 J")]));
    }

    /// RULES.md §1.6 (`joker_melds_locked`, `NewMeldWithTwoRackTiles`): a table y5
    /// frees a joker of r5 b5 J J, which keeps its role in y5 k5 J beside the rack's k5
    /// and the other table y5 (`check.rs` reads a group joker's role as any group of its
    /// number): a legal play of one tile. Every play that keeps the freed jokers out of
    /// the rest places none, or releases a joker beside one rack tile, so the bound held
    /// to the reuse rule reaches one tile only because the rest may keep a table joker
    /// in its role (module docs).
    #[test]
    fn rules_1_6_freed_group_joker_keeping_its_role_stays_in_the_bound() {
        use super::super::turn::{joker_roles, kept_any, least_placing};
        use crate::{Config, check_play};
        let run = |faces| meld(MeldKind::Run, faces);
        let group = |faces| meld(MeldKind::Group, faces);
        let table = [group("r5 b5 J J"), run("y5 y6 y7 y8"), run("y5 y6 y7 y8")];
        let rack = rummykit_core::parse_list::<Tile>("k5").unwrap();
        let mut rules = Config::STANDARD;
        rules.joker_melds_locked = true;
        rules.joker_reuse = JokerReuse::NewMeldWithTwoRackTiles;
        let legal = [group("r5 b5 y5 J"), group("y5 k5 J"), run("y6 y7 y8"), run("y6 y7 y8")];
        let held = rack.iter().copied().collect();
        assert!(check_play(&rules, &table, &held, true, &legal).is_ok());
        let kept = kept_any(&joker_roles(&table), &table, &rack);
        let options = SolveOptions::default().with_objective(Objective::Tiles);
        let one = least_placing(Objective::Tiles);
        let reuse = Some((rules.joker_reuse, &kept[..]));
        let plays = Solver::new().locked(&table, &rack, &options, Objective::Tiles, one, reuse).unwrap();
        assert_eq!(plays.first().map(|p| p.tiles_placed), Some(1), "{plays:?}");
    }

    /// Past [`MAX_CHOICES`] choices there is no list (and so no bound), not a cut one.
    #[test]
    fn choices_past_the_most_are_none() {
        // Forms that take nothing: every pick is a choice, as many as the product.
        let pool = [0usize; 53];
        let old = meld(MeldKind::Run, "r1 J r3");
        let form = || Form { meld: old, takes: Vec::new(), frees: 0 };
        let melds = |counts: &[usize]| -> Vec<Vec<Form>> {
            counts.iter().map(|&n| (0..n).map(|_| form()).collect()).collect()
        };
        for counts in [&[MAX_CHOICES][..], &[32, 32], &[4, 4, 4, 4, 4], &[2, 16, 32]] {
            assert_eq!(choices(&melds(counts), &pool, 0).map(|c| c.len()), Some(MAX_CHOICES), "{counts:?}");
        }
        for counts in [&[MAX_CHOICES + 1][..], &[32, 33], &[4, 4, 4, 4, 4, 2], &[3, 3, 3, 3, 3, 3, 3]] {
            assert!(choices(&melds(counts), &pool, 0).is_none(), "{counts:?}");
        }
    }

    /// The floor of a choice's puzzle: the forms' rank plus the puzzle's reaches the best
    /// exactly when the puzzle's reaches the floor.
    #[test]
    fn floor_of_a_choice_is_the_best_less_the_forms() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x0106_0f10);
        for _ in 0..10_000 {
            let mut pair = || (rng.random_range(0..6u64), rng.random_range(0..40u64));
            let (best, placed, puzzle) = (pair(), pair(), pair());
            let sum = (placed.0 + puzzle.0, placed.1 + puzzle.1);
            assert_eq!(sum >= best, puzzle >= below(best, placed), "{best:?} {placed:?} {puzzle:?}");
        }
    }
}
