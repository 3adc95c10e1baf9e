"""Ridge (L2) regularisation against an exact optimum, and sample / class weights.

Reference for the ridge fit: tests/data/breast_cancer.json,
``l2_penalized_exact.lam1_sum_nll`` (numpy 2.4.6, scipy 1.17.1: trust-exact
then Newton polish to a gradient of 3e-15): the minimum of
sum_i NLL_i + (1/2)||w||^2 on standardized features, intercept unpenalised,
which is lecture 001's NLL + lam betaᵀbeta, the walkthrough's eq. (41), with lam = 0.5.
"""

import json
import os
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from minilogit import ConvergenceWarning, DataError, LogisticRegression
from minilogit.datasets import load_breast_cancer, standardize
from test_properties import overlapping_data

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "data", "breast_cancer.json")


@pytest.fixture(scope="module")
def exact():
    with open(REFERENCE) as f:
        return json.load(f)["l2_penalized_exact"]["lam1_sum_nll"]


@pytest.fixture(scope="module")
def standardized():
    X, y = load_breast_cancer()
    Z, _, _ = standardize(X)
    return Z, y


def test_newton_ridge_reaches_the_exact_objective(exact, standardized):
    Z, y = standardized
    m = LogisticRegression(solver="newton", penalty="l2", lam=0.5).fit(Z, y)
    assert m.converged_ and m.separation_ is None
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-9 * exact["objective"]
    assert max(abs(a - b) for a, b in zip(m.coef_, exact["coef"])) <= 1e-7
    assert abs(m.intercept_ - exact["intercept"]) <= 1e-7


def test_irls_ridge_equals_newton(exact, standardized):
    Z, y = standardized
    m = LogisticRegression(solver="irls", penalty="l2", lam=0.5).fit(Z, y)
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-9 * exact["objective"]


def test_gradient_descent_ridge_reaches_the_objective(exact, standardized):
    Z, y = standardized
    m = LogisticRegression(solver="gd", penalty="l2", lam=0.5).fit(Z, y)
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-6 * exact["objective"]


def test_sgd_ridge_gets_close(exact, standardized):
    Z, y = standardized
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = LogisticRegression(solver="sgd", penalty="l2", lam=0.5).fit(Z, y)
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-2 * exact["objective"]


def repeat(X, y, w):
    """Row i copied w_i times, in order."""
    return ([row for row, k in zip(X, w) for _ in range(k)],
            [v for v, k in zip(y, w) for _ in range(k)])


SMOOTH_SOLVERS = ["newton", "irls", "gd", "sgd"]
L1_SOLVERS = ["proximal", "cd"]


@pytest.mark.parametrize("solver", SMOOTH_SOLVERS + L1_SOLVERS)
@settings(max_examples=15)
@given(data=overlapping_data(max_features=2, max_extra=8),
       draw=st.data())
def test_integer_weights_equal_repeated_rows(solver, data, draw):
    """Eq. (47): weight k is k copies of the row, for every solver (ridge for a
    solver whose loop needs a minimum in every direction is not required here)."""
    X, y = data
    w = draw.draw(st.lists(st.integers(0, 3), min_size=len(y), max_size=len(y)), label="w")
    # the anchor rows (the first 2 (p + 1)) keep a weight >= 1 so that the MLE exists
    anchors = 2 * (len(X[0]) + 1)
    w = [max(1, k) for k in w[:anchors]] + w[anchors:]
    Xr, yr = repeat(X, y, w)
    options = {"solver": solver}
    if solver in ("proximal", "cd"):
        options.update(penalty="elasticnet", lam=0.3, l1_ratio=0.5)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        a = LogisticRegression(**options).fit(X, y, sample_weight=w)
        b = LogisticRegression(**options).fit(Xr, yr)
    got, want = [a.intercept_] + a.coef_, [b.intercept_] + b.coef_
    if solver == "sgd":
        # SGD visits row i w_i times per epoch, in the order the repeated rows are
        # visited: the same arithmetic, so the same numbers
        assert got == want, (got, want)
    else:
        # the same iteration on sums taken in a different order
        assert max(abs(u - v) for u, v in zip(got, want)) <= 1e-6 * max(1.0, max(map(abs, want)))


def test_fractional_weights_scale_the_loss():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    half = LogisticRegression().fit(X, y, sample_weight=[0.5] * 4)
    full = LogisticRegression().fit(X, y)
    assert abs(half.coef_[0] - full.coef_[0]) <= 1e-9
    assert abs(half.llf_ - full.llf_ / 2) <= 1e-12 and half.nobs_ == 2.0


def test_balanced_class_weight():
    """'balanced' gives class c the weight N / (2 n_c): the two classes then weigh the same."""
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0]]
    y = [0, 0, 0, 0, 0, 1, 0, 1]
    m = LogisticRegression(class_weight="balanced").fit(X, y)
    w = [8 / (2 * 6.0) if v == 0 else 8 / (2 * 2.0) for v in y]       # N = 8, n_0 = 6, n_1 = 2
    same = LogisticRegression().fit(X, y, sample_weight=w)
    assert abs(m.coef_[0] - same.coef_[0]) <= 1e-12
    as_dict = LogisticRegression(class_weight={0: 8 / 12.0, 1: 2.0}).fit(X, y)
    assert abs(as_dict.coef_[0] - m.coef_[0]) <= 1e-12


@pytest.mark.parametrize("kwargs, fit_kwargs, needle", [
    ({}, {"sample_weight": [1, 1, 1]}, "sample_weight has 3 entries but X has 4 rows"),
    ({}, {"sample_weight": [1, -1, 1, 1]}, "sample_weight[1] is -1.0"),
    ({}, {"sample_weight": [1, float("nan"), 1, 1]}, "sample_weight[1] is nan"),
    ({}, {"sample_weight": [0, 0, 0, 0]}, "sums to zero"),
    ({}, {"sample_weight": [1, 0, 1, 0]}, "every row of class 1 has weight 0"),
    ({}, {"sample_weight": [1, True, 1, 1]}, "sample_weight[1] is True"),
    ({"class_weight": "even"}, {}, "class_weight must be"),
    ({"class_weight": {7: 1.0}}, {}, "class_weight has a label 7"),
    ({"penalty": "l3"}, {}, "unknown penalty"),
    ({"penalty": "l2", "lam": -1.0}, {}, "lam must be"),
    ({"penalty": "l2", "lam": float("inf")}, {}, "lam must be"),
    ({"penalty": "elasticnet", "l1_ratio": 1.5, "solver": "cd"}, {}, "l1_ratio must be"),
    ({"penalty": "l1"}, {}, "solver='cd' or solver='proximal'"),
])
def test_bad_weights_and_penalties(kwargs, fit_kwargs, needle):
    with pytest.raises(DataError) as e:
        LogisticRegression(**kwargs).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1], **fit_kwargs)
    assert needle in str(e.value)
