"""Golden tests on Fisher's iris data against tests/data/iris.json.

The reference figures were computed with numpy 2.4.6, scipy 1.17.1,
scikit-learn 1.9.1 and statsmodels 0.15.0 on CPython 3.11.7 (the file's
``_versions``); ``sklearn.exact_l2_lam1_raw`` is the exact optimum of
sum_i CE_i + (1/2)||W||_F^2 with unpenalised intercepts (scikit-learn's
multinomial ``LogisticRegression(C=1)``), found by scipy's trust-exact and
polished by Newton to a gradient of 7e-14. In the lecture's form
E + lam sum_k ||coef_k||^2, eq. (29), that is lam = 0.5.
"""

import json
import os
import warnings

import pytest

from minilogit import ConvergenceWarning, SeparationWarning, SoftmaxRegression, softmax
from minilogit.datasets import load_iris, standardize

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "data", "iris.json")


@pytest.fixture(scope="module")
def ref():
    with open(REFERENCE) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def iris():
    return load_iris()


def test_bundled_copy_is_the_reference_data(ref, iris):
    X, y = iris
    assert len(X) == ref["nobs"] and len(X[0]) == ref["n_features"]
    assert [y.count(k) for k in range(3)] == ref["class_counts"]


def test_newton_l2_reaches_the_exact_optimum(ref, iris):
    """Objective to 1e-9 relative and probabilities to 1e-7 (the issue's tolerances)."""
    X, y = iris
    exact = ref["sklearn"]["exact_l2_lam1_raw"]
    m = SoftmaxRegression(solver="newton", penalty="l2", lam=0.5).fit(X, y)
    assert m.converged_
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-9 * exact["objective"]
    want = [softmax([b + sum(c * x for c, x in zip(coef, row))
                     for b, coef in zip(exact["intercept_centered"], exact["coef"])])
            for row in X]
    got = m.predict_proba(X)
    assert max(abs(p - q) for r, s in zip(got, want) for p, q in zip(r, s)) <= 1e-7
    # the intercepts are reported centred, as in the reference
    for a, b in zip(m.intercept_, exact["intercept_centered"]):
        assert abs(a - b) <= 1e-7 * abs(b)


def test_gradient_descent_l2_on_standardized_features(ref, iris):
    """Default gd settings reach the exact optimum's objective to 1e-6 relative."""
    X, y = iris
    exact = ref["sklearn"]["exact_l2_lam1_std"]
    std = ref["sklearn"]["standardization"]
    Z, means, scales = standardize(X)
    for a, b in zip(means + scales, std["mean"] + std["scale"]):
        assert abs(a - b) <= 1e-12 * abs(b)
    m = SoftmaxRegression(solver="gd", penalty="l2", lam=0.5).fit(Z, y)
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-6 * exact["objective"]


def test_sgd_l2_on_standardized_features(ref, iris):
    """SGD's default test (mean gradient <= 1e-3) puts it within 1e-3 relative."""
    X, y = iris
    Z, _, _ = standardize(X)
    exact = ref["sklearn"]["exact_l2_lam1_std"]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        m = SoftmaxRegression(solver="sgd", penalty="l2", lam=0.5).fit(Z, y)
    assert abs(m.history_[-1] - exact["objective"]) <= 1e-3 * exact["objective"]


def test_unpenalised_fit_with_a_reference_class_reports_separation(ref, iris):
    """Setosa can be cut off from the rest (the reference's linear program), so
    the MLE does not exist; statsmodels' MNLogit stops without converging while
    its log-likelihood approaches about -5.9492734 (the reference's note)."""
    X, y = iris
    assert ref["separation_lp"]["class0_vs_rest"]["complete"]
    with pytest.warns(SeparationWarning, match="class 0"):
        m = SoftmaxRegression(penalty=None, reference_class=0).fit(X, y)
    assert not m.converged_ and m.separation_ is not None
    assert 5.9492 < m.history_[-1] < 5.9500
