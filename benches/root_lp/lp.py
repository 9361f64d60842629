"""LP (and MILP) over each colour's decision graph with the groups coupled per number.

Flow per colour from (1, runs 0) to number 14; g(c,n) = group naturals; per number n:
g(c,n) <= G_n, sum_c g(c,n) + J_n >= 3 G_n; run jokers + sum J_n <= jmax.
The LP optimum is the best bound any multipliers on these constraints give (Lagrangian
dual of the per-colour relaxation); the MILP should equal the true optimum.
"""
import json, sys
import highspy
import numpy as np
import os
WANT_IP = os.environ.get("IP")

def solve(path, integral):
    d = json.load(open(path))
    edges = d["edges"]
    value = d["objective"] == "Value"
    h = highspy.Highs()
    h.silent()
    inf = highspy.kHighsInf
    nE = len(edges)
    cost = []
    for (c, m, r, r2, gam, placed, jk) in edges:
        cost.append(-(placed * (m if value else 1)))
    # variables: edges, then G_1..13, J_1..13
    nv = nE + 26
    lower = np.zeros(nv); upper = np.full(nv, inf)
    h.addVars(nv, lower, upper)
    h.changeColsCost(nv, np.arange(nv, dtype=np.int32), np.array(cost + [0.0] * 26))
    if integral:
        h.changeColsIntegrality(nv, np.arange(nv, dtype=np.int32),
                                np.array([highspy.HighsVarType.kInteger] * nv))
    def row(lo, hi, idx, val):
        h.addRow(lo, hi, len(idx), np.array(idx, dtype=np.int32), np.array(val, dtype=float))
    # flow conservation per colour node
    out_e, in_e = {}, {}
    for k, (c, m, r, r2, gam, placed, jk) in enumerate(edges):
        out_e.setdefault((c, m, r), []).append(k)
        in_e.setdefault((c, m + 1, r2), []).append(k)
    for c in range(4):
        src = out_e.get((c, 1, 0), [])
        if not src:
            return None
        row(1, 1, src, [1] * len(src))
    nodes = set(out_e) | set(in_e)
    for node in nodes:
        c, m, r = node
        if m == 1 or m == 14:
            continue
        o = out_e.get(node, []); i = in_e.get(node, [])
        row(0, 0, o + i, [1] * len(o) + [-1] * len(i))
    # groups
    for n in range(1, 14):
        G = nE + n - 1; J = nE + 13 + n - 1
        allg, allv = [], []
        for c in range(4):
            ks = [k for k in out_e_at(edges, c, n) if edges[k][4] > 0]
            if ks:
                row(-inf, 0, ks + [G], [edges[k][4] for k in ks] + [-1])
            allg += ks; allv += [edges[k][4] for k in ks]
        row(0, inf, allg + [J, G], allv + [1, -3])
    # jokers
    jk = [k for k in range(nE) if edges[k][6] > 0]
    row(-inf, d["jmax"], jk + [nE + 13 + i for i in range(13)], [edges[k][6] for k in jk] + [1] * 13)
    h.changeObjectiveSense(highspy.ObjSense.kMinimize)
    h.setOptionValue("time_limit", 20.0)
    h.run()
    if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
        return None
    return -h.getInfo().objective_function_value, d

_cache = {}
def out_e_at(edges, c, n):
    key = (id(edges), c, n)
    if key not in _cache:
        _cache.clear() if len(_cache) > 100 else None
        _cache[key] = [k for k, e in enumerate(edges) if e[0] == c and e[1] == n]
    return _cache[key]

if __name__ == "__main__":
    for p in sys.argv[1:]:
        lp = solve(p, False)
        ip = solve(p, True) if WANT_IP else None
        if lp is None:
            print(p, "infeasible"); continue
        d = lp[1]
        print(f"{p} {d['objective']} jmax {d['jmax']} rest {d['rest']} relax {d['relax']} opt {d['opt']} lp {lp[0]:.2f} ip {ip[0] if ip else None}")
