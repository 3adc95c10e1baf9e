"""Golden tests: the lecture's breast-cancer trace and separation.

Reference figures: ``tests/data/breast_cancer.json``, computed with
numpy 2.4.6 / scipy 1.17.1 / scikit-learn 1.9.1 / statsmodels 0.15.0
(float64). ``lecture_reproduction.lecture_naive_quoted`` is the slides' loop
(Newton from beta = 0 on the raw features, ``np.linalg.inv``), entries 0-6;
``true_newton_trajectory.nll`` is the same loop with a stable loss.
``lecture_clipped_quoted_entries_4_to_7`` is the next slide's trace, where
``np.clip`` holds p in [1e-5, 1 - 1e-5] before the gradient and the weights
are formed; ``y1_benign_sklearn`` has the same loop over 30 steps.
"""

import json
import math
import os
import warnings

import pytest

from minilogit import LogisticRegression, Matrix, SeparationWarning, sigmoid
from minilogit.core.logistic import nll
from minilogit.core.matrix import weighted_gram
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


def test_irls_follows_the_same_trace(newton_fit, reference):
    """solver="irls" takes Newton's steps on the slides' data: its weight floor (the
    smallest normal float) binds only where Newton's weight underflowed, so entries
    0-12 follow the reference trajectory to 1e-9 and the quoted entries 0-6 too
    (measured: 1.7e-11 relative to the slide's 13 printed losses, 6.815536 at step 12;
    a floor of 1e-10 bound from step 6 and left 6.816031 there)."""
    X, y = load_breast_cancer()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        irls = LogisticRegression(solver="irls").fit(X, y)
    true = reference["true_newton_trajectory"]["nll"]
    quoted = reference["lecture_reproduction"]["lecture_naive_quoted"]
    assert irls.n_iter_ == 13 and [w.category for w in caught] == [SeparationWarning]
    for k in range(13):
        assert abs(irls.history_[k] - true[k]) <= 1e-9 * true[k], k
        assert abs(irls.history_[k] - newton_fit[0].history_[k]) <= 1e-9 * true[k], k
    for k in range(7):
        assert abs(irls.history_[k] - quoted[k]) <= 1e-9 * quoted[k], k


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


def _clipped_newton(X, y, steps, eps=1e-5):
    """Lecture 001's "IRLS (2)" loop: Newton with p clipped to [eps, 1 - eps]
    in the gradient and the weights; the loss itself is not clipped.
    Returns the loss at the start and after each step, and how many points
    are on the wrong side after each step."""
    beta = [0.0] * X.shape[1]
    losses, wrong = [nll(X, y, beta)], []
    for _ in range(steps):
        p = [min(max(sigmoid(a), eps), 1 - eps) for a in X @ beta]
        g = [p_i - y_i for p_i, y_i in zip(p, y)] @ X
        H = weighted_gram(X, [p_i * (1 - p_i) for p_i in p])
        beta = [b - d for b, d in zip(beta, H.solve(g))]
        losses.append(nll(X, y, beta))
        wrong.append(sum((a > 0) != (y_i == 1) for a, y_i in zip(X @ beta, y)))
    return losses, wrong


def test_clipped_trace_matches_the_slide(reference):
    """The np.clip loop reproduces the slide's entries 4-7 and the reference's
    30 steps (1e-9 relative); its loss falls at every step, yet points stay
    misclassified where plain Newton separated them all at step 13."""
    X, y = load_breast_cancer()
    losses, wrong = _clipped_newton(Matrix([[1.0] + list(row) for row in X]), y, 30)
    quoted = reference["lecture_reproduction"]["lecture_clipped_quoted_entries_4_to_7"]
    for k in range(4):
        assert abs(losses[4 + k] - quoted[k]) <= 1e-9 * quoted[k], k
    run = reference["lecture_reproduction"]["y1_benign_sklearn"]
    trace = run["clip_1e-5_in_gradient_and_weights__loss_unclipped"]
    assert len(losses) == len(trace) == 31
    for k in range(31):
        assert abs(losses[k] - trace[k]) <= 1e-9 * trace[k], k
    assert wrong == run["clipped_run_n_misclassified"][1:]
    assert all(b < a for a, b in zip(losses, losses[1:]))
    assert min(wrong) > 0


def test_the_portable_suite_copies_the_trace(reference):
    """tests/portable/test_agreement.py's RAW_TRACE (a board reads no JSON file from
    here) is the first 7 entries of the stable trajectory, digit for digit."""
    import ast
    path = os.path.join(HERE, "portable", "test_agreement.py")
    tree = ast.parse(open(path).read())
    copied = [ast.literal_eval(node.value) for node in tree.body
              if isinstance(node, ast.Assign) and node.targets[0].id == "RAW_TRACE"]
    assert copied == [reference["true_newton_trajectory"]["nll"][:7]]
