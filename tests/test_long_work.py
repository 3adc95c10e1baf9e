"""Work whose cost is known before a fit starts is bounded or said first.

Each long case of "Long work without a word" either stays under the core's
WORK multiply-adds by its defaults (gd and proximal: as many iterations as
WORK allows, 500 at least; on standardized data they stop after tens to
hundreds) or
warns ConvergenceWarning, with its estimated cost, before the solver's
first evaluation. The tests stop each warned fit at that first evaluation
(an objective wrapper put where ``verbose`` puts its progress report), so
they check the order, not the time.
"""

import warnings

import pytest

from minilogit import ConvergenceWarning, LogisticRegression, SoftmaxRegression
from minilogit.core.estimators import NEWTON_STEPS
from minilogit.core.solvers import WORK
from minilogit.core.rng import Random


class Started(Exception):
    """Raised by the wrapper at the solver's first evaluation."""


class Stop:
    """An objective that raises Started as soon as the solver evaluates it."""

    def __init__(self, objective, model):
        self.objective = objective

    def __getattr__(self, name):
        if name in ("value", "gradient", "hessian", "example_gradient", "working_response"):
            raise Started(name)
        return getattr(self.objective, name)

    def close(self):
        pass


def first_words(model, X, y):
    """The warnings the fit gives before its first evaluation (which stops it)."""
    model.progress, model.verbose = Stop, 1
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(Started):
            model.fit(X, y)
    return [str(w.message) for w in caught if w.category is ConvergenceWarning]


def data(n, p, seed=1):
    rng = Random(seed)
    X = [[rng.random() - 0.5 for _ in range(p)] for _ in range(n)]
    return X, [i % 2 for i in range(n)]


@pytest.mark.parametrize("model", [LogisticRegression, SoftmaxRegression])
def test_gd_defaults_stay_within_the_work_bound_at_5000_x_10(model):
    """gd's default max_iter on 5000 rows and 11 parameters keeps the fit
    within WORK (606 iterations); 10,000 on small data, 500 on large."""
    gd = model.solvers["gd"]
    assert gd.iterations(5000, 11) == 606 and 606 * gd.work(5000, 11) <= WORK
    assert gd.iterations(20, 3) == 10000 and gd.iterations(5000, 33) == 500


def test_proximal_and_sgd_defaults_stay_within_the_work_bound_at_5000_x_10():
    for name in ("proximal", "sgd"):
        entry = LogisticRegression.solvers[name]
        assert entry.iterations(5000, 11) * entry.work(5000, 11) <= WORK, name


def test_cd_on_100_x_10000_warns_before_its_first_iteration():
    X, y = data(100, 10000)
    words = first_words(LogisticRegression(solver="cd", penalty="l1"), X, y)
    assert len(words) == 1 and words[0].startswith("cd may take long: up to max_iter = 100 "
                                                   "iterations of ~3.0e+06 multiply-adds"), words


def test_ridge_newton_on_2000_x_500_warns_before_its_first_step():
    X, y = data(2000, 500)
    words = first_words(LogisticRegression(penalty="l2"), X, y)
    each = 2000 * 501 ** 2 / 2.0 + 501 ** 3 / 3.0
    assert each * NEWTON_STEPS > WORK
    assert len(words) == 1 and words[0].startswith(
        "newton may take long: each step forms and solves a 501 x 501 X'WX, ~%.1e "
        "multiply-adds" % each), words
    assert "first-order solver" in words[0]


def test_a_million_iterations_warn_before_the_first_with_the_history_they_keep():
    X, y = data(20, 2)
    words = first_words(LogisticRegression(solver="gd", tol=0, max_iter=10 ** 6), X, y)
    assert len(words) == 1 and "up to max_iter = 1000000 iterations" in words[0], words
    assert "keeping 3 numbers an iteration in its history" in words[0]
    assert "solver='newton'" in words[0]


def test_gd_and_proximal_with_defaults_on_5000_x_10_give_no_cost_warning():
    X, y = data(5000, 10)
    for solver in ("gd", "proximal"):
        assert first_words(LogisticRegression(solver=solver), X, y) == [], solver


def test_standard_errors_for_300_columns_of_3000_rows_warn_before_the_inverse():
    """summary() on 3000 x 300: set_inference warns before it forms X'WX."""
    from minilogit.inference import Inference, set_inference

    class Fitted:
        separation_, converged_, fit_intercept, n_features_in_ = None, True, True, 300

    def information():
        raise Started("information")

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        with pytest.raises(Started):
            set_inference(Inference(Fitted()), [0.0] * 301, 3000, -1.0, -2.0, 2.0, 4.0, "logit", information)
    words = [str(w.message) for w in caught if w.category is ConvergenceWarning]
    assert len(words) == 1 and words[0].startswith(
        "standard errors for 301 parameters form and invert a 301 x 301 X'WX: ~1.6e+08 "
        "multiply-adds"), words
