//! Stress positions for the solver, drawn from a fresh seed on every run (not CI-timed,
//! never a set to tune against): tables of 0–100 tiles made of random valid runs and
//! groups, racks of 1–30 tiles, 0–4 jokers (as many as the set holds), both tile sets,
//! both objectives, opened and before the initial meld. Each position is solved once by
//! one solver kept across the run (as a caller that reuses its solver would), timed
//! alone; the report gives median, p90, p99 and max per mode and the slowest positions.
//!
//! ```text
//! cargo bench -p rummykit-bench --bench stress                         # 10,000 positions, a fresh seed
//! STRESS_SEED=123 STRESS_N=2000 cargo bench -p rummykit-bench --bench stress   # reproduce a run
//! STRESS_ONLY=17,40 STRESS_SEED=123 cargo bench -p rummykit-bench --bench stress  # some positions, described
//! STRESS_SLOWEST=30 cargo bench -p rummykit-bench --bench stress       # list the 30 slowest per mode
//! STRESS_REPEAT=3 cargo bench -p rummykit-bench --bench stress         # best of 3 solves per position
//! STRESS_GAMES=50 cargo bench -p rummykit-bench --bench stress         # positions from greedy-bot games
//! STRESS_LIST=1 cargo bench -p rummykit-bench --bench stress           # one line per position: mode, µs, answer
//! STRESS_JSON=1 STRESS_SEED=7 cargo bench -p rummykit-bench --bench stress  # the positions as `solve --json` lines
//! STRESS_SERVE=1 cargo bench -p rummykit-bench --bench stress          # one position per line of stdin (below)
//! STRESS_GAP=evict STRESS_N=2000 cargo bench -p rummykit-bench --bench stress  # something between solves (below)
//! STRESS_TWIN=1 cargo bench -p rummykit-bench --bench stress           # a first solve against a repeat (below)
//! ```
//!
//! `STRESS_SERVE` is for timing beside another solver in one run (`benches/reference_milp.py
//! --stress`): for each position in turn it writes the position as a `solve --json` line,
//! waits for a line on stdin, solves the position (one solver for the run) and writes
//! `{"tiles_placed", "value_placed", "micros"}`; so the other solver can take its turn on
//! the same position between two of ours, under the same load.
//!
//! `STRESS_LIST` pairs with callgrind: `--toggle-collect` and `--dump-after` on
//! `rummykit_rummikub::solver::Solver::solve` write one instruction count per solve, in
//! position order (with `STRESS_REPEAT=1`), which the load of a shared machine does not move.
//!
//! `STRESS_GAP` says what runs between two solves, to see what a solve that finds its
//! caches cold costs (as beside another solver, `STRESS_SERVE`): `sleep` (the core idles
//! for `STRESS_GAP_MS` ms, default 10), `evict` (a busy loop as long that writes a
//! 32 MB buffer, pushing the solver's tables out of the caches), `both` (the loop, then
//! the sleep) or `none`. The report then also gives the minor page faults per solve
//! (Linux: from `/proc/self/stat`).
//!
//! `STRESS_TWIN` says what a position's first solve costs against solving it again, and
//! why: before the run's solver solves a position, a second solver kept for the run
//! solves it twice, timed apart (`twin`: a first solve; `again`: the same position at
//! once by the same solver). The run's solver then solves it as a third (the usual
//! lines): a first solve for its own tables (its memory of the position is none, and its
//! caches hold the other solver's work in between), after the machine has just run the
//! same solve (branch predictors and code warm). So `twin` against the run's figure is
//! what the machine's state is worth, the run's figure against `again` what the solver's
//! own memory is.
//!
//! With `STRESS_GAMES=n` the positions are instead every turn of `n` games between
//! greedy bots (2–4 seats, both tile sets, the default rules), each solved as the flat
//! puzzle and, separately timed, with [`Solver::solve_turn`] under the game's rules.
//!
//! ```text
//! ```

use std::io::{BufRead, Write};
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use rand::seq::SliceRandom;
use rand::{Rng, RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rummykit::rummikub::solver::{Objective, Position, SolveOptions, Solver};
use rummykit::rummikub::{Action, Config, GreedyBot, Rummikub, TileSet, View};
use rummykit::{Bot, Colour, Game, Meld, MeldKind, Seating, Tile, format_list, play_hand};

struct Case {
    table: Vec<Meld<Tile>>,
    rack: Vec<Tile>,
    options: SolveOptions,
}

fn env(name: &str) -> Option<u64> {
    std::env::var(name).ok()?.parse().ok()
}

/// One position: the tile set, the number of jokers, the table's melds, the rack.
fn case<R: Rng + ?Sized>(rng: &mut R) -> Case {
    let set = if rng.random_bool(0.5) {
        rummykit_rummikub::TileSet::Xp160.catalog()
    } else {
        rummykit_rummikub::TileSet::Standard106.catalog()
    };
    let mut pool = [set.copies(); 53];
    pool[52] = 0;
    let jokers = rng.random_range(0..=set.jokers().min(4));
    let mut free_jokers = jokers;
    let target = rng.random_range(0..=100usize);
    let mut table: Vec<Meld<Tile>> = Vec::new();
    let mut tiles = 0;
    for _ in 0..500 {
        if tiles >= target {
            break;
        }
        let (kind, mut faces): (MeldKind, Vec<Tile>) = if rng.random_bool(0.5) {
            let colour = Colour::ALL[rng.random_range(0..4)];
            let len = rng.random_range(3..=7u8);
            let start = rng.random_range(1..=(14 - len));
            (MeldKind::Run, (start..start + len).filter_map(|n| Tile::new(colour, n)).collect())
        } else {
            let n = rng.random_range(1..=13);
            let mut colours = Colour::ALL;
            colours.shuffle(rng);
            let size = rng.random_range(3..=4);
            (MeldKind::Group, colours[..size].iter().filter_map(|&c| Tile::new(c, n)).collect())
        };
        if free_jokers > 0 && rng.random_bool(0.3) {
            let i = rng.random_range(0..faces.len());
            faces[i] = Tile::JOKER;
        }
        if faces.iter().any(|t| !t.is_joker() && pool[t.index() as usize] == 0) {
            continue;
        }
        let Ok(meld) = Meld::new(kind, &faces, &rummykit::rummikub::MELD_RULES) else { continue };
        for t in &faces {
            if t.is_joker() {
                free_jokers -= 1;
            } else {
                pool[t.index() as usize] -= 1;
            }
        }
        tiles += faces.len();
        table.push(meld);
    }
    let mut rest: Vec<Tile> = Tile::all()
        .filter(|t| !t.is_joker())
        .flat_map(|t| core::iter::repeat_n(t, usize::from(pool[t.index() as usize])))
        .collect();
    rest.shuffle(rng);
    let size = rng.random_range(1..=30usize);
    let mut rack: Vec<Tile> = core::iter::repeat_n(Tile::JOKER, usize::from(free_jokers).min(size)).collect();
    let naturals = size - rack.len();
    rack.extend(rest.into_iter().take(naturals));
    let objective = if rng.random_bool(0.5) { Objective::Tiles } else { Objective::Value };
    let opened = rng.random_bool(0.5);
    let options = SolveOptions::default().with_objective(objective).with_opened(opened).with_tile_set(set);
    Case { table, rack, options }
}

/// A greedy bot that keeps the view of every turn it is asked to play.
struct Recorder {
    bot: GreedyBot,
    views: Vec<View>,
}

impl Bot<Rummikub> for Recorder {
    fn name(&self) -> &str {
        "recorder"
    }

    fn act(&mut self, view: &View) -> Action {
        self.views.push(view.clone());
        self.bot.act(view)
    }
}

/// Every turn's view of `games` greedy-bot games (2–4 seats, both tile sets).
fn game_views(games: u64, rng: &mut ChaCha8Rng) -> Vec<View> {
    let mut views = Vec::new();
    for _ in 0..games {
        let mut rules = Config::STANDARD;
        if rng.random_bool(0.3) {
            rules.tile_set = TileSet::Xp160;
        }
        let seats = rng.random_range(2..=4);
        let Ok(mut game) = Rummikub::deal(&rules, Seating::new(seats), rng) else { continue };
        let mut bots: Vec<Recorder> =
            (0..seats).map(|_| Recorder { bot: GreedyBot::new(), views: Vec::new() }).collect();
        let mut refs: Vec<&mut dyn Bot<Rummikub>> =
            bots.iter_mut().map(|b| b as &mut dyn Bot<Rummikub>).collect();
        let _ = play_hand(&mut game, &mut refs, 20_000);
        drop(refs);
        views.extend(bots.into_iter().flat_map(|b| b.views));
    }
    views
}

/// Times every turn of `games` bot games: the flat puzzle and `solve_turn`.
fn from_games(games: u64, seed: u64, repeat: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let views = game_views(games, &mut rng);
    let mut solver = Solver::new();
    let (mut flat_opened, mut flat_initial, mut turn) = (Vec::new(), Vec::new(), Vec::new());
    let mut unproven = 0;
    for view in &views {
        let rules = view.config;
        let rack = view.rack.to_vec();
        let opened = view.own_opened();
        let options = SolveOptions::default()
            .with_opened(opened)
            .with_tile_set(rules.tile_set.catalog())
            .with_threshold(rules.initial_meld_threshold)
            .with_joker_value(rules.joker_penalty);
        let pos = if opened {
            Position::new(view.table.iter().flat_map(|m| m.faces().iter().copied()), rack.iter().copied())
        } else {
            Position::from_melds(&view.table, rack.iter().copied()).expect("the game's melds are valid")
        };
        let (mut flat, mut judged) = (f64::MAX, f64::MAX);
        for _ in 0..repeat {
            let start = Instant::now();
            let _ = solver.solve(&pos, &options);
            flat = flat.min(start.elapsed().as_secs_f64() * 1e6);
            let start = Instant::now();
            let r = solver.solve_turn(&view.table, &rack, &rules, opened, Objective::Tiles);
            judged = judged.min(start.elapsed().as_secs_f64() * 1e6);
            unproven += usize::from(r.is_err() && repeat == 1);
        }
        if opened {
            flat_opened.push(flat)
        } else {
            flat_initial.push(flat)
        };
        turn.push(judged);
    }
    println!("{} turns of {games} greedy-bot games (default rules), best of {repeat}:", views.len());
    quantiles("opened", &mut flat_opened);
    quantiles("initial", &mut flat_initial);
    quantiles("turn", &mut turn);
    if repeat == 1 {
        println!("solve_turn unproven on {unproven} of {} turns", views.len());
    }
}

fn position(c: &Case) -> Position {
    if c.options.opened {
        Position::new(c.table.iter().flat_map(|m| m.faces().iter().copied()), c.rack.iter().copied())
    } else {
        Position::from_melds(&c.table, c.rack.iter().copied()).expect("valid melds")
    }
}

fn describe(i: usize, c: &Case) -> String {
    let table: Vec<String> = c.table.iter().map(|m| format!("[{}]", format_list(m.faces()))).collect();
    format!(
        "#{i} {} {:?} {} table {} tiles {} rack {} ({}): {}",
        if c.options.opened { "opened" } else { "initial" },
        c.options.objective,
        if c.options.tile_set.len() == 160 { "xp" } else { "standard" },
        c.table.iter().map(Meld::len).sum::<usize>(),
        table.join(" "),
        c.rack.len(),
        format_list(&c.rack),
        c.rack.iter().chain(c.table.iter().flat_map(|m| m.faces().iter())).filter(|t| t.is_joker()).count(),
    )
}

/// The position as a `solve --json` request line (the table flat, as the puzzle reads it).
fn request(c: &Case) -> String {
    let names = |tiles: &mut dyn Iterator<Item = Tile>| tiles.map(|t| t.to_string()).collect::<Vec<_>>();
    let o = &c.options;
    serde_json::json!({
        "table": names(&mut c.table.iter().flat_map(|m| m.faces().iter().copied())),
        "rack": names(&mut c.rack.iter().copied()),
        "objective": if o.objective == Objective::Tiles { "tiles" } else { "value" },
        "opened": o.opened,
        "threshold": o.threshold,
        "joker_value": o.joker_value,
        "tile_set": if o.tile_set.len() == 160 { "xp160" } else { "standard" },
    })
    .to_string()
}

/// `STRESS_SERVE`: each position, then its solve once stdin asks for it (module docs).
fn serve(cases: &[Case]) {
    let mut out = std::io::stdout().lock();
    let mut input = std::io::stdin().lock();
    let mut solver = Solver::new();
    let mut line = String::new();
    for c in cases {
        line.clear();
        if writeln!(out, "{}", request(c)).and_then(|()| out.flush()).is_err() {
            return;
        }
        if !input.read_line(&mut line).is_ok_and(|n| n > 0) {
            return;
        }
        let pos = position(c);
        let start = Instant::now();
        let result = solver.solve(&pos, &c.options);
        let micros = start.elapsed().as_secs_f64() * 1e6;
        let reply = match result {
            Ok(s) => serde_json::json!({
                "tiles_placed": s.tiles_placed, "value_placed": s.value_placed, "micros": micros,
            }),
            Err(e) => serde_json::json!({ "error": e.to_string(), "micros": micros }),
        };
        if writeln!(out, "{reply}").and_then(|()| out.flush()).is_err() {
            return;
        }
    }
}

/// The busy loop of `STRESS_GAP=evict`: writes one byte per cache line of `buffer`, round and
/// round, for `ms` milliseconds.
fn evict(buffer: &mut [u8], ms: u64) {
    let start = Instant::now();
    let mut round = 0u8;
    while start.elapsed().as_millis() < u128::from(ms) {
        round = round.wrapping_add(1);
        for line in buffer.chunks_mut(64) {
            line[0] = line[0].wrapping_add(round);
        }
    }
    std::hint::black_box(&buffer);
}

/// The process's minor page faults so far (Linux; 0 where `/proc` has none).
fn minor_faults() -> u64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Field 10, counted after the command name (which may hold spaces) and its `)`.
    stat.rsplit_once(')').and_then(|(_, rest)| rest.split_whitespace().nth(7)?.parse().ok()).unwrap_or(0)
}

/// The element at fraction `p` of a sorted, non-empty list.
fn quantile<T: Copy>(sorted: &[T], p: f64) -> T {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

fn quantiles(name: &str, times: &mut [f64]) {
    if times.is_empty() {
        return;
    }
    times.sort_by(f64::total_cmp);
    let q = |p: f64| quantile(times, p);
    println!(
        "{name:>8}: {:>6} positions  median {:>8.1} µs  p90 {:>8.1} µs  p99 {:>8.1} µs  max {:>9.1} µs",
        times.len(),
        q(0.5),
        q(0.9),
        q(0.99),
        times[times.len() - 1]
    );
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the command line.
    let seed = env("STRESS_SEED").unwrap_or_else(|| {
        SystemTime::now().duration_since(UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
            ^ u64::from(std::process::id())
    });
    let count = env("STRESS_N").unwrap_or(10_000) as usize;
    // `STRESS_REPEAT=k`: the best of k solves per position (on a loaded machine the
    // single solve's time includes waiting for a core).
    let repeat = env("STRESS_REPEAT").unwrap_or(1).max(1);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if env("STRESS_JSON").is_some() || env("STRESS_SERVE").is_some() {
        // Nothing but the lines on stdout; the seed goes to stderr.
        eprintln!("stress: seed {seed} ({count} positions; STRESS_SEED={seed} reproduces them)");
        let cases: Vec<Case> = (0..count).map(|_| case(&mut rng)).collect();
        if env("STRESS_SERVE").is_some() {
            serve(&cases);
        } else {
            cases.iter().for_each(|c| println!("{}", request(c)));
        }
        return;
    }
    println!(
        "stress: seed {seed} ({count} positions, best of {repeat}; STRESS_SEED={seed} reproduces this run)"
    );
    if let Some(games) = env("STRESS_GAMES") {
        from_games(games, seed, repeat);
        return;
    }
    let cases: Vec<Case> = (0..count).map(|_| case(&mut rng)).collect();
    if let Ok(only) = std::env::var("STRESS_ONLY") {
        // Each listed position with a fresh solver, `STRESS_REPEAT` times (default 3).
        for i in only.split(',').filter_map(|s| s.trim().parse::<usize>().ok()).filter(|&i| i < count) {
            let c = &cases[i];
            println!("{}", describe(i, c));
            let mut solver = Solver::new();
            for _ in 0..env("STRESS_REPEAT").unwrap_or(3).max(1) {
                let start = Instant::now();
                let sol = solver.solve(&position(c), &c.options);
                println!("{:?}: {:?}", start.elapsed(), sol.map(|s| (s.tiles_placed, s.value_placed)));
            }
        }
        return;
    }
    let list = env("STRESS_LIST").is_some();
    // What runs between two solves (module docs): a cache-evicting loop, a sleep, or both.
    let gap = std::env::var("STRESS_GAP").unwrap_or_default();
    let (evicting, sleeping) = match gap.as_str() {
        "" => (false, false),
        "sleep" => (false, true),
        "evict" => (true, false),
        "both" => (true, true),
        other => {
            eprintln!("STRESS_GAP={other}: expected sleep, evict or both");
            std::process::exit(2);
        }
    };
    let gapped = evicting || sleeping;
    let gap_ms = env("STRESS_GAP_MS").unwrap_or(10);
    // Written once before the run, so that its own page faults are not in any solve's.
    let mut buffer = vec![1u8; if evicting { 32 << 20 } else { 0 }];
    let mut faults = Vec::new();
    let mut solver = Solver::new();
    let (mut twin, twinned) = (Solver::new(), env("STRESS_TWIN").is_some());
    // Per position: the twin's first solve and its second, and whether opened.
    let mut twin_times: Vec<(f64, f64, bool)> = Vec::new();
    let (mut opened, mut initial) = (Vec::new(), Vec::new());
    let mut slow: Vec<(f64, usize)> = Vec::new();
    let mut errors = 0;
    for (i, c) in cases.iter().enumerate() {
        let pos = position(c);
        if twinned {
            let mut micros = [0.0; 2];
            for m in &mut micros {
                let start = Instant::now();
                let _ = twin.solve(&pos, &c.options);
                *m = start.elapsed().as_secs_f64() * 1e6;
            }
            twin_times.push((micros[0], micros[1], c.options.opened));
        }
        let mut micros = f64::MAX;
        let mut result = Ok(Default::default());
        for _ in 0..repeat {
            if evicting {
                evict(&mut buffer, gap_ms);
            }
            if sleeping {
                std::thread::sleep(std::time::Duration::from_millis(gap_ms));
            }
            let before = if gapped { minor_faults() } else { 0 };
            let start = Instant::now();
            result = solver.solve(&pos, &c.options);
            micros = micros.min(start.elapsed().as_secs_f64() * 1e6);
            if gapped {
                faults.push(minor_faults() - before);
            }
        }
        errors += usize::from(result.is_err());
        if list {
            // The play's tiles and value too, so that two builds' lists compare answers.
            let placed = result.as_ref().map(|s| (s.tiles_placed, s.value_placed)).ok();
            let mode = if c.options.opened { "opened" } else { "initial" };
            println!("{i} {mode} {micros:.1} {placed:?}");
        }
        if c.options.opened {
            opened.push(micros)
        } else {
            initial.push(micros)
        };
        slow.push((micros, i));
    }
    let mut all: Vec<f64> = opened.iter().chain(&initial).copied().collect();
    quantiles("all", &mut all);
    quantiles("opened", &mut opened);
    quantiles("initial", &mut initial);
    for (name, opened) in [("opened", true), ("initial", false)] {
        let pick = |f: fn(&(f64, f64, bool)) -> f64| -> Vec<f64> {
            twin_times.iter().filter(|t| t.2 == opened).map(f).collect()
        };
        quantiles(&format!("twin {name}"), &mut pick(|t| t.0));
        quantiles(&format!("again {name}"), &mut pick(|t| t.1));
    }
    if gapped {
        faults.sort_unstable();
        let q = |p: f64| quantile(&faults, p);
        println!(
            "between solves: {gap}, {gap_ms} ms; minor page faults per solve: {} in all, median {}, p90 {}, p99 {}, max {}",
            faults.iter().sum::<u64>(),
            q(0.5),
            q(0.9),
            q(0.99),
            q(1.0)
        );
    }
    println!("errors (tables the set cannot lay out are none by construction): {errors}");
    slow.sort_by(|a, b| b.0.total_cmp(&a.0));
    let shown = env("STRESS_SLOWEST").unwrap_or(6) as usize;
    for mode in [true, false] {
        println!("slowest {}:", if mode { "opened" } else { "initial" });
        for &(micros, i) in slow.iter().filter(|&&(_, i)| cases[i].options.opened == mode).take(shown) {
            let c = &cases[i];
            println!(
                "  {micros:>9.1} µs  #{i} {:?} {} table {} rack {} jokers {}",
                c.options.objective,
                if c.options.tile_set.len() == 160 { "xp" } else { "standard" },
                c.table.iter().map(Meld::len).sum::<usize>(),
                c.rack.len(),
                c.rack
                    .iter()
                    .chain(c.table.iter().flat_map(|m| m.faces().iter()))
                    .filter(|t| t.is_joker())
                    .count(),
            );
        }
    }
    if env("STRESS_DESCRIBE").is_some() {
        for &(_, i) in slow.iter().take(3) {
            println!("{}", describe(i, &cases[i]));
        }
    }
}
