"""The walkthrough's two experiments (minilogit.experiments), against a rerun.

Wald coverage (walkthrough section 15, "Does the interval cover?"): minilogit's
400 seeded draws per N against tests/data/coverage_statsmodels.json, made by
tools/reference/coverage_reference.py (numpy 2.4.6's default_rng(2026),
statsmodels 0.15.0's Logit, 4,000 draws per N; see the file's "_provenance").
The two are independent estimates of one coverage, so they must agree within
their Monte-Carlo errors: tolerance 3 sqrt(se^2 + se_ref^2) (measured: within
1.0 of them at every N), and the same for the share of draws without an estimate.
"""

import json
import math
import os

import pytest

from minilogit import LogisticRegression
from minilogit.core.rng import Random
from minilogit.experiments import draw, sgd_runs, wald_coverage

REF = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                  "coverage_statsmodels.json")))


@pytest.mark.parametrize("n", [6, 30, 300])
def test_wald_coverage_agrees_with_a_numpy_and_statsmodels_rerun(n):
    c, se, none = wald_coverage(n, replications=400)
    ref = REF[str(n)]
    assert abs(c - ref["coverage"]) <= 3 * math.sqrt(se ** 2 + ref["mc_se"] ** 2), (c, ref)
    share, ref_share = none / 400.0, ref["no_estimate"] / 4000.0
    se_share = math.sqrt(ref_share * (1 - ref_share) / 400.0 + 1e-12)
    assert abs(share - ref_share) <= 3 * se_share + 1e-12, (share, ref_share)


def test_the_interval_covers_about_95_percent_at_n_300_and_not_at_n_6():
    c300, se300, none300 = wald_coverage(300, replications=400)
    c6, _, none6 = wald_coverage(6, replications=400)
    assert abs(c300 - 0.95) <= 3 * se300 and none300 == 0
    assert none6 > 100 and c6 > 0.98          # many draws without an MLE; the rest wide


def test_a_fixed_rate_keeps_moving_and_the_falling_rate_and_average_settle():
    X, y = draw(200, Random(7))
    optimum = LogisticRegression().fit(X, y).params_
    rows = sgd_runs(X, y, optimum, [1, 4, 16, 64])
    fixed, falling, average = [[r[k] for r in rows] for k in (1, 2, 3)]
    assert min(fixed) > 0.3                   # never near the optimum
    assert falling[-1] < falling[0] / 10 and average[-1] < average[0] / 10
    assert all(a < f for a, f in zip(average[:-1], falling[:-1]))
