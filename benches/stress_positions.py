#!/usr/bin/env python3
"""Random stress positions for the solver, harder than the bench's (not part of CI).

Tables of up to 90 tiles built from valid runs and groups (a joker now and then), racks
of 1-20 tiles, both tile sets (the 160-tile one with up to four jokers), both
objectives, now and then before the initial meld; one JSON object per line in the
format of `examples/solve.rs --json`. Used to compare two builds of the solver for
equal answers and for their tails:

    python3 benches/stress_positions.py 1 4000 > stress.jsonl
    target/release/examples/solve --json < stress.jsonl > new.jsonl
    old/target/release/examples/solve --json < stress.jsonl > old.jsonl

(then compare `tiles_placed`, `value_placed` and `micros` line by line).
"""

import json
import random
import sys

COLOURS = "rbyk"


def position(rng):
    xp = rng.random() < 0.4
    copies, jokers = (3, 4) if xp else (2, 2)
    left = {(c, n): copies for c in COLOURS for n in range(1, 14)}
    table = []
    target = rng.choice([0, 10, 20, 30, 45, 60, 75, 90])
    for _ in range(400):
        if len(table) >= target:
            break
        if rng.random() < 0.55:
            colour, length = rng.choice(COLOURS), rng.randint(3, 6)
            start = rng.randint(1, 14 - length)
            cells = [(colour, n) for n in range(start, start + length)]
        else:
            number = rng.randint(1, 13)
            cells = [(c, number) for c in rng.sample(COLOURS, rng.choice([3, 4]))]
        if any(left[cell] == 0 for cell in cells):
            continue
        meld = [f"{c}{n}" for c, n in cells]
        if jokers > 0 and rng.random() < 0.25:
            i = rng.randrange(len(cells))
            cells.pop(i)
            meld[i] = "J"
            jokers -= 1
        for cell in cells:
            left[cell] -= 1
        table += meld
    rack = []
    for _ in range(rng.randint(1, 20)):
        if jokers > 0 and rng.random() < 0.06:
            rack.append("J")
            jokers -= 1
            continue
        pool = [cell for cell, k in left.items() if k > 0]
        if not pool:
            break
        c, n = rng.choice(pool)
        left[(c, n)] -= 1
        rack.append(f"{c}{n}")
    line = {
        "table": table,
        "rack": rack,
        "objective": rng.choice(["tiles", "value"]),
        "tile_set": "xp160" if xp else "standard",
    }
    if rng.random() < 0.15:
        line["opened"] = False
    return line


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for _ in range(count):
        print(json.dumps(position(rng)))


if __name__ == "__main__":
    main()
