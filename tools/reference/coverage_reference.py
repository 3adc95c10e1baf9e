"""The rerun behind tests/test_experiments.py: the Wald-interval coverage of
minilogit.experiments.wald_coverage, drawn again with numpy's generator and
fitted by statsmodels. Run in a scratch environment with numpy and statsmodels,
from the repository root:

    python tools/reference/coverage_reference.py > tests/data/coverage_statsmodels.json

The same model (x ~ N(0, 1), y ~ Bernoulli(sigma(-0.5 + x)), the slope's 95%
Wald interval), other random numbers (numpy's PCG64, seed 2026), 4,000 draws
per N. A draw has no estimate when it has one class or its classes are
separated: with one feature, when every x of one class is at most (or at
least) every x of the other.
"""

import json
import sys

import numpy as np
import statsmodels
import statsmodels.api as sm
from scipy import stats

rng = np.random.default_rng(2026)
out = {"_provenance": "numpy %s, statsmodels %s, Python %s: sm.Logit(y, add_constant(x))"
       ".fit(disp=0, method='newton'): params[1] -/+ norm.ppf(0.975) bse[1] against the slope 1.0; "
       "separated draws (every x of one class <= every x of the other) and one-class draws skipped; numpy default_rng(2026); "
       "4000 draws per N" % (np.__version__, statsmodels.__version__, sys.version.split()[0])}
z = stats.norm.ppf(0.975)
for n in (6, 30, 300):
    covered = fitted = 0
    for _ in range(4000):
        x = rng.standard_normal(n)
        y = (rng.random(n) < 1.0 / (1.0 + np.exp(-(-0.5 + x)))).astype(float)
        if y.min() == y.max():
            continue
        x0, x1 = x[y == 0], x[y == 1]
        if x0.max() <= x1.min() or x1.max() <= x0.min():       # separated: no MLE
            continue
        res = sm.Logit(y, sm.add_constant(x)).fit(disp=0, method="newton", maxiter=100)
        low, high = res.params[1] - z * res.bse[1], res.params[1] + z * res.bse[1]
        covered += low <= 1.0 <= high
        fitted += 1
    c = covered / fitted
    out[str(n)] = {"coverage": c, "mc_se": (c * (1 - c) / fitted) ** 0.5, "fitted": fitted,
                   "no_estimate": 4000 - fitted}
json.dump(out, sys.stdout, indent=1)
