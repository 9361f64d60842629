"""Priced per-colour relaxation (jokers shared exactly, as the solver's convolution does):
each colour's group natural at n scores -2 mu(c,n) + sum_{c' != c} mu(c',n), a joker left
to the groups earns max_n sum_c mu(c,n). Any mu >= 0 bounds the optimum. Subgradient from
mu = 0 (Polyak step towards the optimum), printing after how many steps the floor of the
bound reaches the optimum."""
import json, sys, math

NEG = -1e18

def prep(d):
    edges = d["edges"]; value = d["objective"] == "Value"
    out = {}
    for (c, m, r, r2, gam, placed, jk) in edges:
        out.setdefault((c, m, r), []).append((r2, gam, placed * (m if value else 1), jk))
    return out, d["jmax"]

def bound(out, jmax, mu):
    J = jmax + 1
    rows = {}
    choice = {}
    def row(c, m, r):
        key = (c, m, r)
        if key in rows: return rows[key]
        if m == 14:
            v = [0.0] * J  # edges at 13 already end short runs
            rows[key] = v; return v
        best = [NEG] * J; arg = [None] * J
        for (r2, gam, s, jk) in out.get(key, []):
            price = 0.0
            if gam:
                i = m - 1
                price = gam * (-2 * mu[c][i] + sum(mu[o][i] for o in range(4) if o != c))
            sub = row(c, m + 1, r2)
            for b in range(jk, J):
                v = s + price + sub[b - jk]
                if v > best[b]:
                    best[b] = v; arg[b] = (r2, gam, jk)
        for b in range(1, J):
            if best[b - 1] > best[b]:
                best[b] = best[b - 1]; arg[b] = arg[b - 1] if arg[b-1] is None else ('down', b - 1)
        rows[key] = best; choice[key] = arg
        return best
    cols = [row(c, 1, 0) for c in range(4)]
    gj = max(sum(mu[c][i] for c in range(4)) for i in range(13))
    gidx = max(range(13), key=lambda i: sum(mu[c][i] for c in range(4)))
    # convolution over budgets with split tracking
    best, split = NEG, None
    def rec(c, left, acc, sp):
        nonlocal best, split
        if c == 4:
            v = acc + left * gj
            if v > best: best, split = v, sp
            return
        for b in range(left + 1):
            if cols[c][b] > NEG / 2:
                rec(c + 1, left - b, acc + cols[c][b], sp + [b])
    rec(0, jmax, 0.0, [])
    # subgradient: g(c,n) on each colour's argmax path, J at gidx
    g = [[0] * 13 for _ in range(4)]
    if split is None:
        return best, g, 0, gidx
    for c in range(4):
        m, r, b = 1, 0, split[c]
        while m < 14:
            a = choice[(c, m, r)][b]
            while isinstance(a, tuple) and a[0] == 'down':
                b = a[1]; a = choice[(c, m, r)][b]
            r2, gam, jk = a
            g[c][m - 1] += gam
            r, b, m = r2, b - jk, m + 1
    jl = jmax - sum(split)
    return best, g, jl, gidx

if __name__ == "__main__":
    steps = int(sys.argv[1])
    for p in sys.argv[2:]:
        d = json.load(open(p)); out, jmax = prep(d)
        opt = d["opt"]; relax = d["relax"]
        mu = [[0.0] * 13 for _ in range(4)]
        b0 = None; reached = None; lo = math.inf
        hist = []
        for t in range(steps):
            b, g, jl, gidx = bound(out, jmax, mu)
            if b0 is None: b0 = b
            lo = min(lo, b)
            hist.append(lo)
            if math.floor(lo + 1e-9) <= opt and reached is None:
                reached = t
                break
            # subgradient of the constraint slack: s(c,n) = sum_{c'!=c} g + J_n - 2 g(c,n)
            s = [[sum(g[o][i] for o in range(4) if o != c) + (jl if i == gidx else 0) - 2 * g[c][i]
                  for i in range(13)] for c in range(4)]
            norm = sum(x * x for row in s for x in row)
            if norm == 0: break
            step = 1.0 * (b - opt) / norm
            mu = [[max(0.0, mu[c][i] - step * s[c][i]) for i in range(13)] for c in range(4)]
        print(f"{p} {d['objective']} relax {relax} opt {opt} mu0 {b0:.2f} best {lo:.2f} reached {reached} after {len(hist)} edges {len(d['edges'])}")
