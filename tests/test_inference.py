"""Inference for LogisticRegression against statsmodels, and when it is refused.

Reference: statsmodels 0.15.0 (numpy 2.4.6, scipy 1.17.1, CPython 3.11.7),
on three raw features of the bundled breast-cancer data, which overlap (the
MLE exists):

    import csv, numpy as np, statsmodels.api as sm
    rows = list(csv.DictReader(open("minilogit/datasets/breast_cancer.csv")))
    cols = ["mean_radius", "mean_texture", "mean_smoothness"]
    X = np.array([[float(r[c]) for c in cols] for r in rows])
    y = np.array([int(r["target"]) for r in rows])
    r = sm.Logit(y, sm.add_constant(X)).fit(disp=0, method="newton", tol=1e-12, maxiter=100)

Tolerance: 1e-6 relative (the issue's); both fits stop at a gradient below
1e-8 per row, which moves the estimates by far less.
"""

import math
import warnings

import pytest
from hypothesis import given
from hypothesis import strategies as st

from minilogit import InferenceError, LogisticRegression
from minilogit.datasets import load_breast_cancer
from test_properties import overlapping_data

COLUMNS = ["mean_radius", "mean_texture", "mean_smoothness"]
SM = {
    "params": [42.01940764491585, -1.396992408096015, -0.380558926265896, -144.6742271150145],
    "bse": [4.45942686617636, 0.15403240976522756, 0.05711324665350602, 19.046875088981047],
    "tvalues": [9.422602703415224, -9.069470575869564, -6.663233987986473, -7.595693594835989],
    "pvalues": [4.400424897876262e-21, 1.1959669979486408e-19, 2.6786666972897505e-11,
                3.061481559890566e-14],
    "conf_int": [[33.279091595519866, 50.75972369431184],
                 [-1.6988903836877767, -1.0950944325042533],
                 [-0.4924988327469205, -0.26861901978487146],
                 [-182.0054163074505, -107.34303792257852]],
    "llf": -93.64511135892462,
    "llnull": -375.7200027320281,
    "aic": 195.29022271784925,
    "bic": 212.66574445435458,
    "prsquared": 0.7507582490205761,
    "llr": 564.1497827462069,
    "llr_pvalue": 5.954375953143361e-122,
}
REL = 1e-6


def close(a, b, rel=REL):
    return abs(a - b) <= rel * abs(b)


@pytest.fixture(scope="module")
def fitted():
    d = load_breast_cancer().columns(COLUMNS)
    return LogisticRegression().fit(d.data, d.target)


def test_coefficients_and_standard_errors(fitted):
    m = fitted
    for name, got in (("params", m.params_), ("bse", m.bse_), ("tvalues", m.zvalues_),
                      ("pvalues", m.pvalues_)):
        assert all(close(a, b) for a, b in zip(got, SM[name])), (name, got)
    for row, want in zip(m.conf_int(), SM["conf_int"]):
        assert close(row[0], want[0]) and close(row[1], want[1]), (row, want)


def test_likelihoods_and_criteria(fitted):
    m = fitted
    for name in ("llf", "llnull", "aic", "bic", "prsquared", "llr", "llr_pvalue"):
        assert close(getattr(m, name + "_"), SM[name]), name
    assert close(m.deviance_, -2 * SM["llf"]) and close(m.null_deviance_, -2 * SM["llnull"])
    assert m.nobs_ == 569 and m.df_model_ == 3 and m.df_resid_ == 565


def test_odds_ratios_are_exponentiated_coefficients(fitted):
    m = fitted
    assert all(close(o, math.exp(b), 1e-15) for o, b in zip(m.odds_ratios_, m.params_))
    for (lo, hi), (a, b) in zip(m.odds_ratio_conf_int(), m.conf_int()):
        assert close(lo, math.exp(a), 1e-15) and close(hi, math.exp(b), 1e-15)


def test_summary_shows_the_numbers(fitted):
    text = fitted.summary(feature_names=COLUMNS)
    for needle in ("Log-likelihood:", "-93.6451", "LL-null:", "-375.7200", "AIC:", "195.2902",
                   "BIC:", "212.6657", "Pseudo R-squ.:", "0.7508", "mean_radius", "-1.3970",
                   "0.1540", "-9.0695", "1.196e-19", "odds ratio", "Converged:", "newton"):
        assert needle in text, needle


def test_penalised_fit_refuses_standard_errors():
    d = load_breast_cancer().columns(COLUMNS)
    m = LogisticRegression(penalty="l2", lam=1.0).fit(d.data, d.target)
    for name in ("bse_", "zvalues_", "pvalues_", "odds_ratios_"):
        with pytest.raises(InferenceError, match="penalised"):
            getattr(m, name)
    with pytest.raises(InferenceError, match="penalised"):
        m.conf_int()
    text = m.summary()
    assert "No standard errors" in text and "penalised" in text and "std err" not in text


def test_separated_fit_refuses_standard_errors():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        m = LogisticRegression().fit([[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1])
    with pytest.raises(InferenceError, match="does not exist"):
        m.bse_
    assert "does not exist" in " ".join(m.summary().split())
    for name in ("aic_", "bic_", "prsquared_", "llr_", "llr_pvalue_", "zvalues_", "pvalues_"):
        with pytest.raises(InferenceError, match="does not exist"):
            getattr(m, name)


def test_bad_alpha():
    m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    for alpha in (0.0, 1.0, -0.1, "0.05", True):
        with pytest.raises(ValueError, match="alpha"):
            m.conf_int(alpha)


@given(overlapping_data(), st.data())
def test_integer_weights_give_the_inference_of_repeated_rows(data, draw):
    """Frequency weights, eq. (47): w_i copies of row i, for the estimates and the inference."""
    X, y = data
    w = draw.draw(st.lists(st.integers(1, 3), min_size=len(y), max_size=len(y)))
    Xr = [row for row, k in zip(X, w) for _ in range(k)]
    yr = [v for v, k in zip(y, w) for _ in range(k)]
    a = LogisticRegression(tol=1e-10).fit(X, y, sample_weight=w)
    b = LogisticRegression(tol=1e-10).fit(Xr, yr)
    # the two runs differ only in the order of the floating-point sums
    for name in ("params_", "bse_", "pvalues_"):
        for u, v in zip(getattr(a, name), getattr(b, name)):
            assert abs(u - v) <= 1e-7 * max(1.0, abs(v)), (name, u, v)
    for name in ("llf_", "llnull_", "aic_", "bic_", "nobs_", "df_resid_"):
        assert abs(getattr(a, name) - getattr(b, name)) <= 1e-9 * max(1.0, abs(getattr(b, name)))


def test_a_statistic_that_cannot_be_computed_is_an_attribute_error():
    """A half-set Inference (params_ but no covariance) gives AttributeError for
    bse_, not an endless hand-off between the model and its Inference."""
    from minilogit.inference import Inference
    half = Inference(LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]))
    half.params_ = [1.0]
    with pytest.raises(AttributeError):
        half.bse_


def test_softmax_criteria_count_the_free_parameters_of_either_form():
    """K free vectors fitted by gradient descent from 0 (unpenalised: no standard
    errors, the model is not identified) reach the baseline model's likelihood:
    AIC, BIC and the LLR test count its (K - 1) d parameters, not K d."""
    from minilogit import SoftmaxRegression
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    y = list("aabacbbcc")
    ref = SoftmaxRegression().fit(X, y)
    free = SoftmaxRegression(solver="gd", penalty="l2", lam=0.0, max_iter=20000).fit(X, y)
    assert free.converged_ and free.reference_ is None and len(free.params_) == 6
    with pytest.raises(InferenceError, match="not identifiable"):
        free.bse_
    for name in ("df_model_", "df_resid_", "aic_", "bic_", "llr_pvalue_"):
        assert getattr(free, name) == pytest.approx(getattr(ref, name), rel=1e-9), name
    text = free.summary()
    assert "AIC:" in text and "std err" not in text and "Information:" not in text
