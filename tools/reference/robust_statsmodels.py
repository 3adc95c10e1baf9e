"""The statsmodels figures of tests/test_golden_robust_softmax.py: the multinomial
logit of Anes96 (tests/golden.py's anes96(): PID on const, log(popul + 0.1), selfLR,
age, educ, income) with heteroskedasticity-robust (HC0) and cluster-robust
covariances. Run in a scratch environment with statsmodels, from the repository root:

    python tools/reference/robust_statsmodels.py > tests/data/robust_statsmodels.json

statsmodels' HC0 for a maximum-likelihood model is the sandwich H^-1 (sum_i s_i s_i') H^-1
(its HC1-HC3 there are HC0, statsmodels issue 7798, so only HC0 is taken). Its cluster
covariance multiplies the meat by G / (G - 1) (N - 1) / (N - k) (use_correction=True,
Stata's); minilogit's by G / (G - 1) (R's vcovCL), so the test rescales. Groups: row i
in group i mod 10 (made up for the test).
"""

import csv
import json
import math
import sys

import numpy as np
import statsmodels
import statsmodels.api as sm

rows = list(csv.DictReader(open("tests/data/glm/anes96.csv")))
X = np.array([[math.log(float(r["popul"]) + 0.1), float(r["selfLR"]), float(r["age"]),
               float(r["educ"]), float(r["income"])] for r in rows])
y = np.array([int(float(r["PID"])) for r in rows])
groups = np.arange(len(y)) % 10
model = sm.MNLogit(y, sm.add_constant(X))
fits = {"HC0": model.fit(method="newton", disp=0, cov_type="HC0", maxiter=100),
        "cluster": model.fit(method="newton", disp=0, cov_type="cluster", maxiter=100,
                             cov_kwds={"groups": groups})}
out = {"_provenance": "statsmodels %s, numpy %s, Python %s: sm.MNLogit(PID, add_constant(X))"
       ".fit(method='newton', cov_type=...); params and cov_params() flattened by "
       "equation (class 1..6, each [const, x0..x4]); groups = row index mod 10; "
       "cluster uses use_correction=True: G/(G-1) (N-1)/(N-k)"
       % (statsmodels.__version__, np.__version__, sys.version.split()[0])}
for name, res in fits.items():
    out[name] = {"params": res.params.T.ravel().tolist(),
                 "cov": np.asarray(res.cov_params()).tolist(),
                 "nobs": int(res.nobs), "k": int(res.params.size)}
json.dump(out, sys.stdout, indent=1)
