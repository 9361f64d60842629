import json, sys
from dualcheck import lp_mu
res = []
for p in sys.argv[1:]:
    d = json.load(open(p)); lpv, mu = lp_mu(d); res.append(mu)
json.dump(res, sys.stdout)
