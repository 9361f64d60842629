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

Note that the reference never puts a joker in a "redundant" position (fourth tile of a
group, end of a run longer than three) and handles the initial meld in two stages, so
its answers can differ; the script counts where they do.
"""

import json
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


def main():
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
