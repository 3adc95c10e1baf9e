"""Golden test: robust covariances of the multinomial logit (SoftmaxRegression with
a baseline class) against statsmodels.

Reference: tests/data/robust_statsmodels.json, made by tools/reference/robust_statsmodels.py
with statsmodels 0.15.0 (numpy 2.4.6, CPython 3.11.7; its "_provenance" key):

  sm.MNLogit(PID, sm.add_constant(X)).fit(method="newton", cov_type="HC0")
  sm.MNLogit(...).fit(method="newton", cov_type="cluster", cov_kwds={"groups": i mod 10})

on Anes96 (tests/golden.py's anes96()). statsmodels' HC0 of a maximum-likelihood
model is the sandwich (its HC1-HC3 are not: its issue 7798); its cluster covariance
carries Stata's (N - 1) / (N - k) besides G / (G - 1), so the test multiplies
minilogit's (R's vcovCL, G / (G - 1) only) by it. R's sandwich has no method for
nnet's multinom.

Tolerance 1e-8 relative to the largest entry of the row or column (measured:
5e-13 for HC0, 1e-12 for cluster).
"""

import json
import os

from golden import anes96, max_rel
from test_golden_inference import max_rel_matrix

from minilogit import SoftmaxRegression

SM = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                 "robust_statsmodels.json")))


def test_softmax_hc0_and_cluster_covariances_are_statsmodels_mnlogits():
    X, y = anes96()
    m = SoftmaxRegression(reference_class=0).fit(X, y)
    assert max_rel(m.params_, SM["HC0"]["params"]) < 1e-8
    assert max_rel_matrix(m.robust("HC0").cov_params_, SM["HC0"]["cov"]) < 1e-8
    n, k = SM["cluster"]["nobs"], SM["cluster"]["k"]
    cluster = m.robust("cluster", groups=[i % 10 for i in range(len(y))]).cov_params_
    stata = [[v * (n - 1.0) / (n - k) for v in row] for row in cluster]
    assert max_rel_matrix(stata, SM["cluster"]["cov"]) < 1e-8
