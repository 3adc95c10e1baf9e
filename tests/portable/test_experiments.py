"""The walkthrough's seeded experiments (minilogit.experiments) on every runtime:
small runs of each, checked for what must hold whatever the draws."""

from helpers import EPS

from minilogit import LogisticRegression
from minilogit.core.rng import Random
from minilogit.experiments import draw, sgd_runs, wald_coverage


def test_wald_coverage_counts_the_draws_without_an_estimate():
    c, se, none = wald_coverage(6, replications=30)
    assert 0.0 <= c <= 1.0 and se >= 0.0 and 0 < none < 30, (c, se, none)
    c, se, none = wald_coverage(40, replications=30, seed=3)
    assert none == 0 and c > 0.7, (c, none)


def test_the_falling_rate_settles_and_a_fixed_one_does_not():
    X, y = draw(60, Random(2))
    optimum = LogisticRegression().fit(X, y).params_
    rows = sgd_runs(X, y, optimum, [1, 32])
    assert [r[0] for r in rows] == [1, 32]
    assert rows[-1][2] < rows[0][2] and rows[-1][3] < rows[0][3], rows
    assert rows[-1][1] > 10 * rows[-1][3] or EPS > 1e-10, rows     # the fixed rate: far
