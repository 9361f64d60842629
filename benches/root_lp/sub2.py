import json, sys, math
from lag import prep, bound
steps = int(sys.argv[1])
tot = 0; ok = 0
for p in sys.argv[2:]:
    d = json.load(open(p)); out, jmax = prep(d); opt = d["opt"]
    mu = [[0.0] * 13 for _ in range(4)]
    lam, lo, stall, reached = 2.0, math.inf, 0, None
    prev_dir = None
    for t in range(steps):
        b, g, jl, gidx = bound(out, jmax, mu)
        if b < lo - 1e-9: lo, stall = b, 0
        else:
            stall += 1
            if stall >= 3: lam, stall = lam / 2, 0
        if math.floor(lo + 1e-9) <= opt: reached = t; break
        s = [[sum(g[o][i] for o in range(4) if o != c) + (jl if i == gidx else 0) - 2 * g[c][i] for i in range(13)] for c in range(4)]
        # deflection: mix with the previous direction
        if prev_dir is not None:
            s = [[0.7 * s[c][i] + 0.3 * prev_dir[c][i] for i in range(13)] for c in range(4)]
        prev_dir = s
        norm = sum(x * x for row in s for x in row)
        if norm == 0: break
        step = lam * (b - (opt + 0.5)) / norm
        mu = [[max(0.0, mu[c][i] - step * s[c][i]) for i in range(13)] for c in range(4)]
    tot += 1; ok += reached is not None
    print(f"{p} {d['objective']} relax {d['relax']} opt {opt} best {lo:.2f} reached {reached}")
print(ok, "of", tot)
