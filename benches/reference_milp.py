#!/usr/bin/env python3
"""Side-by-side timing of rummykit's exact solver and the MILP reference.

The reference is the `rummikub-solver` package on PyPI (den Hertog & Hulshof's integer
program over all valid sets, here with the HiGHS backend). Both solve the same fixed,
seeded benchmark positions of `benches/positions.rs`:

    cargo build --release --example solve
    cargo run --release -p rummykit-bench --bin bench_positions > positions.jsonl
    pip install rummikub-solver highspy
    python3 benches/reference_milp.py positions.jsonl target/release/examples/solve

The Rust times are the `micros` the example reports per line (solve only, parsing
excluded, one solve per position, one process); the MILP times are wall-clock around
`RuleSet.solve` (after one warm-up solve per rule set, so model construction is not
counted). Not part of CI.

With `--stress SEED N` the positions are instead the first N stress positions of SEED
(`benches/stress.rs`: tables of 0-100 tiles, racks of 1-30, 0-4 jokers, both sets, both
objectives, opened and initial half each), and the two solvers take turns on each
position in one run (`STRESS_SERVE`): the bench writes a position, solves it when
asked (one solver for the run, timed in the process), then the MILP solves it, so both
see the same load. A fresh seed is the point: take one the bench has never been tuned on.

    cargo bench -p rummykit-bench --bench stress --no-run   # build first
    nice .venv/bin/python benches/reference_milp.py --stress 12345 400
    STRESS_BIN=/tmp/stress-old .venv/bin/python benches/reference_milp.py --stress 12345 400  # a binary built before
    MILP_PIN=1 .venv/bin/python benches/reference_milp.py --stress 12345 400  # each process on its own core

Taking turns, a rummykit solve finds its caches cold (it pays for much of its code and
data again after the reference's 15 ms). With `MILP_PIN=1` (Linux, two cores or more) the
bench runs on the first core and the reference, with every thread it starts, on the
second, as two services on their own cores would; both are still timed in turn, one
waiting while the other solves. On the virtual machine these figures were taken on,
pinning changed neither side's median: the wait itself, not the other process, costs
the caches there.

The report gives median, p90 and max of each solver and their ratios, for the whole set,
per mode and for tables of 65-100 tiles, and compares the answers where the reference is
exact: objective tiles with no joker in play (the reference leaves out jokers in
"redundant" places and lets three jokers form a set); before the initial meld it is
solved without the table (its second stage would add table moves in the same turn,
which RULES.md section 1.5 does not allow by default) and maximises naturals placed,
the most tiles when the rack has no joker; not where its first check gives up (it adds
each number on the rack once, so r10 b10 y10 falls short of 30). There the same number
of tiles must be placed. Its value objective is not exact (it sums the outer product of tiles placed and
tile values, which is tiles placed times a constant), so there ours must be worth at
least as much as its (legal) play.

Note that the reference never puts a joker in a "redundant" position (fourth tile of a
group, end of a run longer than three) and handles the initial meld in two stages, so
its answers can differ; the script counts where they do.
"""

import json
import os
import statistics
import subprocess
import sys
import time

from rummikub_solver import MILPSolver, RuleSet, SolverMode

COLOURS = "rbyk"


def tile_of(rs, name):
    if name == "J":
        return rs.tiles[-1]
    return rs.tiles[COLOURS.index(name[0]) * 13 + int(name[1:]) - 1]


def stats(times):
    times = sorted(times)
    p90 = times[round((len(times) - 1) * 0.9)]
    return statistics.median(times), p90, times[-1]


def ruleset_for(rulesets, p):
    xp = p.get("tile_set", "standard") == "xp160"
    threshold = max(1, min(50, p.get("threshold", 30)))
    key = (xp, threshold)
    if key not in rulesets:
        rs = RuleSet(repeats=3 if xp else 2, jokers=4 if xp else 2,
                     min_initial_value=threshold, solver_backend=MILPSolver.HIGHS)
        warm = rs.new_game()
        warm.add_rack(*[tile_of(rs, t) for t in ["r1", "r2", "r3"]])
        rs.solve(warm, SolverMode.TILE_COUNT)
        rulesets[key] = rs
    return rulesets[key]


def milp_value(sol):
    """The value of the naturals a reference answer places (no jokers where it is exact)."""
    return sum(getattr(t, "value", 0) for t in sol.tiles) if sol else 0


def report(label, rows):
    """rows: (ours_us, milp_us) pairs."""
    if not rows:
        return
    rm, r90, rmax = stats([r for r, _ in rows])
    mm, m90, mmax = stats([m for _, m in rows])
    print(f"{label} ({len(rows)} positions)")
    print(f"  rummykit DP      median {rm:10.1f} µs  p90 {r90:12.1f} µs  max {rmax:12.1f} µs")
    print(f"  rummikub-solver  median {mm:10.1f} µs  p90 {m90:12.1f} µs  max {mmax:12.1f} µs")
    per = sorted(m / max(r, 0.1) for r, m in rows)
    print(f"  ratio (MILP / DP): median {mm / rm:.0f}x  p90 {m90 / r90:.0f}x  max {mmax / rmax:.0f}x;"
          f" per position: least {per[0]:.0f}x, median {statistics.median(per):.0f}x")


def stress(seed, count):
    """Both solvers in turn on each stress position of `seed` (module docs)."""
    env = dict(os.environ, STRESS_SERVE="1", STRESS_SEED=str(seed), STRESS_N=str(count))
    # STRESS_BIN: a stress bench binary built before (to compare two builds in turn).
    command = ([os.environ["STRESS_BIN"], "--bench"] if "STRESS_BIN" in os.environ
               else ["cargo", "bench", "-q", "-p", "rummykit-bench", "--bench", "stress"])
    pin = os.environ.get("MILP_PIN") == "1"
    cores = sorted(os.sched_getaffinity(0)) if pin else []
    if pin and len(cores) < 2:
        sys.exit("MILP_PIN=1 needs two cores")
    bench = subprocess.Popen(command, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             preexec_fn=(lambda: os.sched_setaffinity(0, {cores[0]})) if pin else None)
    if pin:
        # Before the reference's first solve, so the threads HiGHS starts inherit it.
        os.sched_setaffinity(0, {cores[1]})
    rulesets = {}
    rows = []  # (position, ours, ours_us, milp_tiles, milp_value, milp_us)
    for _ in range(count):
        line = bench.stdout.readline()
        if not line:
            break
        p = json.loads(line)
        bench.stdin.write("\n")
        bench.stdin.flush()
        ours = json.loads(bench.stdout.readline())
        rs = ruleset_for(rulesets, p)
        state = rs.new_game()
        opened = p["opened"]
        if opened:
            state.add_table(*[tile_of(rs, t) for t in p["table"]])
        state.add_rack(*[tile_of(rs, t) for t in p["rack"]])
        state.initial = not opened
        if not opened:
            mode = SolverMode.INITIAL
        elif p["objective"] == "value":
            mode = SolverMode.TOTAL_VALUE
        else:
            mode = SolverMode.TILE_COUNT
        start = time.perf_counter()
        sol = rs.solve(state, mode)
        micros = (time.perf_counter() - start) * 1e6
        rows.append((p, ours, ours["micros"], len(sol.tiles) if sol else 0, sol, micros))
    bench.stdin.close()
    bench.wait()

    errors = sum(1 for r in rows if "error" in r[1])
    where = f", pinned: rummykit on core {cores[0]}, the reference on core {cores[1]}" if pin else ""
    print(f"stress seed {seed}: {len(rows)} positions, one solve each, interleaved{where} (rummykit errors: {errors})")
    pairs = lambda keep: [(r[2], r[5]) for r in rows if keep(r[0])]
    big = lambda p: 65 <= len(p["table"]) <= 100
    report("all", pairs(lambda p: True))
    report("opened", pairs(lambda p: p["opened"]))
    report("initial meld", pairs(lambda p: not p["opened"]))
    report("tables of 65-100 tiles", pairs(big))
    report("tables of 65-100 tiles, opened", pairs(lambda p: big(p) and p["opened"]))

    # Answers where the reference is exact: the same number of tiles.
    same = differ = 0
    # Under objective value the reference is not exact (its objective sums the outer
    # product of the tiles placed and the tile values, i.e. tiles placed times a
    # constant: it maximises tiles), but its answer is a legal play: ours is worth as much.
    as_much = more = less = 0
    # Before the initial meld the reference first gives up when the rack's numbers fall
    # short of the threshold, but it sums each number once (a set, not a multiset), so
    # it refuses r10 b10 y10 at 30: those positions are left out.
    early = early_placed = 0
    for p, ours, _, mtiles, sol, _ in rows:
        jokers = "J" in p["rack"] or (p["opened"] and "J" in p["table"])
        if jokers or "error" in ours or (not p["opened"] and p["objective"] != "tiles"):
            continue
        distinct = sum({int(t[1:]) for t in p["rack"]})
        if not p["opened"] and distinct < p["threshold"]:
            early += 1
            early_placed += ours["tiles_placed"] > 0
            continue
        if p["objective"] == "tiles":
            ok = ours["tiles_placed"] == mtiles
            same += ok
            differ += not ok
        else:
            ok = ours["value_placed"] >= milp_value(sol)
            as_much += ours["value_placed"] == milp_value(sol)
            more += ours["value_placed"] > milp_value(sol)
            less += not ok
        if not ok:
            print(f"  differs: {json.dumps(p)} ours {ours} reference {mtiles} tiles, value {milp_value(sol)}")
    print(f"where the reference is exact ({same + differ} positions under objective tiles with no joker in"
          f" play): the same number of tiles in {same}, different in {differ}; left out: {early}"
          f" initial-meld positions whose rack numbers, each once, add up below the threshold"
          f" (the reference's early exit), in {early_placed} of which ours places tiles")
    print(f"objective value, no joker in play ({as_much + more + less} positions): ours worth as much as the"
          f" reference's play in {as_much}, more in {more}, less in {less}")
    big_n = sum(1 for r in rows if big(r[0]))
    print(f"tables of 65-100 tiles: {big_n}")


def main():
    if sys.argv[1] == "--stress":
        stress(int(sys.argv[2]), int(sys.argv[3]))
        return
    positions_path, solve_bin = sys.argv[1], sys.argv[2]
    lines = [l for l in open(positions_path).read().splitlines() if l.strip()]

    # rummykit: one process, one solve per line.
    out = subprocess.run([solve_bin, "--json"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, check=False).stdout.splitlines()
    ours = [json.loads(l) for l in out]

    rulesets = {}
    milp_times, milp_tiles = [], []
    for line in lines:
        p = json.loads(line)
        xp = p.get("tile_set", "standard") == "xp160"
        threshold = max(1, min(50, p.get("threshold", 30)))
        key = (xp, threshold)
        if key not in rulesets:
            rs = RuleSet(repeats=3 if xp else 2, jokers=4 if xp else 2,
                         min_initial_value=threshold, solver_backend=MILPSolver.HIGHS)
            warm = rs.new_game()
            warm.add_rack(*[tile_of(rs, t) for t in ["r1", "r2", "r3"]])
            rs.solve(warm, SolverMode.TILE_COUNT)
            rulesets[key] = rs
        rs = rulesets[key]
        state = rs.new_game()
        state.add_table(*[tile_of(rs, t) for t in p["table"]])
        state.add_rack(*[tile_of(rs, t) for t in p["rack"]])
        opened = p.get("opened", True)
        state.initial = not opened
        if not opened:
            mode = SolverMode.INITIAL
        elif p.get("objective", "tiles") == "value":
            mode = SolverMode.TOTAL_VALUE
        else:
            mode = SolverMode.TILE_COUNT
        start = time.perf_counter()
        sol = rs.solve(state, mode)
        milp_times.append((time.perf_counter() - start) * 1e6)
        milp_tiles.append(len(sol.tiles) if sol else 0)

    rust_times = [o["micros"] for o in ours if "micros" in o]
    errors = sum(1 for o in ours if "error" in o)
    rm, r90, rmax = stats(rust_times)
    mm, m90, mmax = stats(milp_times)
    print(f"positions: {len(lines)} (rummykit errors: {errors})")
    print(f"rummykit DP     median {rm:10.1f} µs  p90 {r90:12.1f} µs  max {rmax:12.1f} µs")
    print(f"rummikub-solver median {mm:10.1f} µs  p90 {m90:12.1f} µs  max {mmax:12.1f} µs")
    print(f"ratio (MILP / DP): median {mm / rm:.1f}x  p90 {m90 / r90:.1f}x  max {mmax / rmax:.2f}x")
    opened = [i for i, l in enumerate(lines) if json.loads(l).get("opened", True)
              and json.loads(l).get("objective", "tiles") == "tiles"]
    more = sum(1 for i in opened if ours[i].get("tiles_placed", 0) > milp_tiles[i])
    fewer = sum(1 for i in opened if ours[i].get("tiles_placed", 0) < milp_tiles[i])
    print(f"most-tiles positions: {len(opened)}; rummykit places more tiles in {more}, fewer in {fewer}")


if __name__ == "__main__":
    main()
