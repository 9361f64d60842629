"""Column generation on the priced relaxation: master over colour paths, pricing = each
colour's longest path with the master's prices. Counts the pricing rounds until the
Lagrangian bound's floor reaches the optimum (or the LP converges)."""
import json, sys, math
import numpy as np, highspy
from lag import prep

M = 1000.0

def longest(out, c, wg, gam_price, jp):
    # wg unused; gam_price[n-1] per group natural, jp per joker
    memo = {}
    def best(m, r):
        if m == 14: return 0.0, ()
        k = (m, r)
        if k in memo: return memo[k]
        bv, bp = -1e18, None
        for (r2, gam, s, jk) in out.get((c, m, r), []):
            v, p = best(m + 1, r2)
            v += s + gam * gam_price[m - 1] - jk * jp
            if v > bv: bv, bp = v, ((m, gam, s, jk),) + p
        memo[k] = (bv, bp)
        return bv, bp
    return best(1, 0)

def run(d, maxit=200):
    out, jmax = prep(d); opt = d["opt"]
    cols = []  # (colour, score, jokers, g[13])
    mu = [[0.0] * 13 for _ in range(4)]; gamma = 0.0; pi = [0.0] * 4
    bestL = math.inf
    for it in range(maxit):
        # pricing
        new = 0; L = gamma * jmax
        for c in range(4):
            price = [sum(mu[o][i] for o in range(4) if o != c) - 2 * mu[c][i] for i in range(13)]
            v, p = longest(out, c, None, price, gamma)
            if p is None: return None
            L += v
            g = [0] * 13; sc = 0; jk = 0
            for (m, gam, s, j) in p:
                g[m - 1] += gam; sc += s; jk += j
            if v - pi[c] > 1e-7 or it == 0:
                cols.append((c, sc, jk, g)); new += 1
        L += sum(max(0.0, sum(mu[c][i] for c in range(4)) - gamma) for i in range(13)) * jmax  # J terms if infeasible
        bestL = min(bestL, L)
        if math.floor(bestL + 1e-6) <= opt:
            return it + 1, bestL, True
        if new == 0:
            return it + 1, bestL, False
        # master
        h = highspy.Highs(); h.silent(); inf = highspy.kHighsInf
        nc = len(cols); nv = nc + 13 + 52
        h.addVars(nv, np.zeros(nv), np.full(nv, inf))
        cost = [-x[1] for x in cols] + [0.0] * 13 + [M] * 52
        h.changeColsCost(nv, np.arange(nv, dtype=np.int32), np.array(cost, dtype=float))
        def row(lo, hi, idx, val):
            h.addRow(lo, hi, len(idx), np.array(idx, dtype=np.int32), np.array(val, dtype=float))
        for c in range(4):
            idx = [k for k, x in enumerate(cols) if x[0] == c]; row(1, 1, idx, [1] * len(idx))
        idx = [k for k, x in enumerate(cols) if x[2]]
        row(-inf, jmax, idx + [nc + i for i in range(13)], [cols[k][2] for k in idx] + [1] * 13)
        for c in range(4):
            for i in range(13):
                idx, val = [], []
                for k, x in enumerate(cols):
                    if x[3][i]:
                        idx.append(k); val.append(x[3][i] * (2 if x[0] == c else -1))
                idx += [nc + i, nc + 13 + c * 13 + i]; val += [-1, -1]
                row(-inf, 0, idx, val)
        h.run()
        dual = h.getSolution().row_dual
        pi = [-dual[c] for c in range(4)]
        gamma = abs(dual[4])
        mu = [[abs(dual[5 + c * 13 + i]) for i in range(13)] for c in range(4)]
    return maxit, bestL, False

if __name__ == "__main__":
    res = []
    for p in sys.argv[1:]:
        d = json.load(open(p))
        r = run(d)
        print(p, d["objective"], "relax", d["relax"], "opt", d["opt"], "rounds", r[0], f"bound {r[1]:.2f}", "floor=opt" if r[2] else "", flush=True)
