"""LP in the form 2 g(c,n) <= sum_{c'!=c} g(c',n) + J_n; its duals as mu in lag.bound."""
import json, sys, math
import numpy as np, highspy
from lag import prep, bound

def lp_mu(d):
    edges = d["edges"]; value = d["objective"] == "Value"
    h = highspy.Highs(); h.silent(); inf = highspy.kHighsInf
    nE = len(edges); nv = nE + 13
    h.addVars(nv, np.zeros(nv), np.full(nv, inf))
    cost = [-(e[5] * (e[1] if value else 1)) for e in edges] + [0.0] * 13
    h.changeColsCost(nv, np.arange(nv, dtype=np.int32), np.array(cost, dtype=float))
    rows = [0]
    def row(lo, hi, idx, val):
        h.addRow(lo, hi, len(idx), np.array(idx, dtype=np.int32), np.array(val, dtype=float)); rows[0] += 1
        return rows[0] - 1
    out_e, in_e = {}, {}
    for k, (c, m, r, r2, gam, placed, jk) in enumerate(edges):
        out_e.setdefault((c, m, r), []).append(k); in_e.setdefault((c, m + 1, r2), []).append(k)
    for c in range(4):
        src = out_e[(c, 1, 0)]; row(1, 1, src, [1] * len(src))
    for node in set(out_e) | set(in_e):
        c, m, r = node
        if m in (1, 14): continue
        o = out_e.get(node, []); i = in_e.get(node, [])
        row(0, 0, o + i, [1] * len(o) + [-1] * len(i))
    at = {}
    for k, e in enumerate(edges):
        if e[4]: at.setdefault((e[0], e[1]), []).append(k)
    grow = {}
    for n in range(1, 14):
        for c in range(4):
            idx, val = [], []
            for cc in range(4):
                for k in at.get((cc, n), []):
                    idx.append(k); val.append(edges[k][4] * (2 if cc == c else -1))
            idx.append(nE + n - 1); val.append(-1)
            grow[(c, n)] = row(-inf, 0, idx, val)
    jk = [k for k in range(nE) if edges[k][6]]
    row(-inf, d["jmax"], jk + [nE + i for i in range(13)], [edges[k][6] for k in jk] + [1] * 13)
    h.run()
    lpv = -h.getInfo().objective_function_value
    dual = h.getSolution().row_dual
    mu = [[abs(dual[grow[(c, n)]]) for n in range(1, 14)] for c in range(4)]
    return lpv, mu

if __name__ == "__main__":
  for p in sys.argv[1:]:
      d = json.load(open(p)); out, jmax = prep(d)
      lpv, mu = lp_mu(d)
      b, *_ = bound(out, jmax, mu)
      print(f"{p} {d['objective']} relax {d['relax']} opt {d['opt']} lp {lpv:.2f} priced-at-lp-duals {b:.2f} floor {math.floor(b+1e-6)}")
