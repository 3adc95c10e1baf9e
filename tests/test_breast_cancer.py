"""Golden tests: the lecture's breast-cancer trace and separation.

Reference figures: ``tests/data/breast_cancer.json``, computed with
numpy 2.4.6 / scipy 1.17.1 / scikit-learn 1.9.1 / statsmodels 0.15.0
(float64). ``lecture_reproduction.lecture_naive_quoted`` is the slides' loop
(Newton from beta = 0 on the raw features, ``np.linalg.inv``), entries 0-6;
``true_newton_trajectory.nll`` is the same loop with a stable loss.
"""

import json
import math
import os
import warnings

import pytest

from minilogit import LogisticRegression, SeparationWarning
from minilogit.datasets import load_breast_cancer

HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "data", "breast_cancer.json")


@pytest.fixture(scope="module")
def reference():
    with open(REFERENCE) as f:
        return json.load(f)


@pytest.fixture(scope="module")
def newton_fit():
    X, y = load_breast_cancer()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver="newton").fit(X, y)
    return model, caught


def test_trace_matches_the_slides(newton_fit, reference):
    """Entries 0-6 of history_ equal the slides' printed trace to 1e-9 relative."""
    model, _ = newton_fit
    quoted = reference["lecture_reproduction"]["lecture_naive_quoted"]
    assert len(quoted) == 7
    for k in range(7):
        assert abs(model.history_[k] - quoted[k]) <= 1e-9 * quoted[k], k


def test_trace_follows_the_stable_trajectory_until_separation(newton_fit, reference):
    """Every entry is finite and follows the reference trajectory (1e-9 to step 12,
    where cond(X'WX) is still moderate; 1e-4 at step 13, as the data README advises)."""
    model, _ = newton_fit
    true = reference["true_newton_trajectory"]["nll"]
    assert all(math.isfinite(L) for L in model.history_)
    assert model.n_iter_ == 13
    for k in range(13):
        assert abs(model.history_[k] - true[k]) <= 1e-9 * true[k], k
    assert abs(model.history_[13] - true[13]) <= 1e-4 * true[13]


def test_separation_is_diagnosed(newton_fit):
    """A SeparationWarning says the MLE does not exist and suggests a penalty."""
    model, caught = newton_fit
    seps = [w for w in caught if issubclass(w.category, SeparationWarning)]
    assert len(seps) == 1
    text = str(seps[0].message)
    assert "does not exist" in text and "complete separation" in text
    assert "penal" in text
    assert model.converged_ is False
    assert model.separation_ is not None
    # the certificate: every training point is on the right side
    X, y = load_breast_cancer()
    assert model.predict(X) == y


def test_irls_from_log_odds_start_also_stops_cleanly():
    """The IRLS slide's start (intercept = log-odds of the base rate) also ends in
    a SeparationWarning with a finite trace, never an overflow."""
    X, y = load_breast_cancer()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver="irls", start="log_odds").fit(X, y)
    assert any(issubclass(w.category, SeparationWarning) for w in caught)
    assert all(math.isfinite(L) for L in model.history_)
    ybar = 357 / 569
    assert abs(model.history_[0] + 569 * (ybar * math.log(ybar) + (1 - ybar) * math.log(1 - ybar))) < 1e-9
