"""LogisticRegression: labels, fitted attributes, defaults, diagnostics, bad input."""

import math
import warnings

import pytest

from minilogit import (ConvergenceWarning, DataError, DivergenceError, LogisticRegression,
                       NotFittedError, SeparationWarning)
from minilogit.datasets import load_breast_cancer, standardize

# Twelve points on one feature; the classes overlap in the middle.
X12 = [[(i - 5.5) / 3.5] for i in range(12)]
Y12 = [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1]
SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]


def fit_quietly(model, X, y):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model.fit(X, y)
    return caught


@pytest.fixture(scope="module")
def bc4():
    """Four standardized breast-cancer features: not separable (Newton converges)."""
    data = load_breast_cancer().columns(SUBSET)
    return standardize(data.data)[0], data.target


def test_fitted_attributes():
    m = LogisticRegression().fit(X12, Y12)
    assert m.classes_ == [0, 1]
    assert isinstance(m.coef_, list) and len(m.coef_) == 1
    assert isinstance(m.intercept_, float)
    assert m.converged_ is True and m.n_iter_ == len(m.history_) - 1
    assert m.history_[0] == pytest.approx(12 * math.log(2), rel=1e-15)
    assert all(a >= b for a, b in zip(m.history_, m.history_[1:]))   # Newton descends here
    P = m.predict_proba(X12)
    assert all(abs(p0 + p1 - 1.0) < 1e-15 for p0, p1 in P)
    a = m.decision_function(X12)
    assert all(abs(p1 - 1 / (1 + math.exp(-ai))) < 1e-15 for (p0, p1), ai in zip(P, a))


@pytest.mark.parametrize("labels", [(0, 1), (-1, 1), ("green", "red"), (100, 200)])
def test_any_two_labels_give_the_same_fit(labels):
    """The labels only name the classes: classes_ is sorted, classes_[1] is positive."""
    ref = LogisticRegression().fit(X12, Y12)
    y = [labels[v] for v in Y12]
    m = LogisticRegression().fit(X12, y)
    assert m.classes_ == list(labels)
    assert m.coef_ == pytest.approx(ref.coef_, rel=1e-12)
    assert m.predict(X12) == [labels[v] for v in ref.predict(X12)]


def test_swapping_labels_negates_beta():
    a = LogisticRegression().fit(X12, Y12)
    b = LogisticRegression().fit(X12, [1 - v for v in Y12])
    assert b.intercept_ == pytest.approx(-a.intercept_, abs=1e-12)
    assert b.coef_[0] == pytest.approx(-a.coef_[0], rel=1e-12)


def test_threshold_moves_the_decision():
    m = LogisticRegression().fit(X12, Y12)
    p = [row[1] for row in m.predict_proba(X12)]
    for t in (0.2, 0.5, 0.8):
        assert m.predict(X12, threshold=t) == [1 if q >= t else 0 for q in p]


def test_no_intercept():
    m = LogisticRegression(fit_intercept=False).fit(X12, Y12)
    assert m.intercept_ == 0.0 and len(m.coef_) == 1


def test_defaults_just_work(bc4):
    """Default gd reaches the optimum's loss within 1e-6 relative, default sgd
    within 1e-3, on standardized features of non-separable data."""
    X, y = bc4
    best = LogisticRegression(solver="newton").fit(X, y).history_[-1]
    for solver, rel in (("gd", 1e-6), ("sgd", 1e-3)):
        caught = fit_quietly(LogisticRegression(solver=solver), X, y)
        assert caught == []
        m = LogisticRegression(solver=solver).fit(X, y)
        assert m.converged_
        assert abs(m.history_[-1] - best) <= rel * best, solver


def test_defaults_just_work_on_a_small_synthetic_set():
    """The same on 60 seeded points with two standardized features."""
    from minilogit.core.rng import Random
    rng = Random(3)
    X, y = [], []
    for _ in range(60):
        x = [4 * rng.random() - 2, 4 * rng.random() - 2]
        X.append(x)
        y.append(1 if rng.random() < 1 / (1 + math.exp(-(0.5 + 1.5 * x[0] - x[1]))) else 0)
    X = standardize(X)[0]
    best = LogisticRegression().fit(X, y).history_[-1]
    assert abs(LogisticRegression(solver="gd").fit(X, y).history_[-1] - best) <= 1e-6 * best
    assert abs(LogisticRegression(solver="sgd").fit(X, y).history_[-1] - best) <= 1e-3 * best


@pytest.mark.filterwarnings("ignore::minilogit.ConvergenceWarning")
def test_sgd_is_reproducible_and_seeded():
    a = LogisticRegression(solver="sgd", random_state=1, max_iter=20).fit(X12, Y12)
    b = LogisticRegression(solver="sgd", random_state=1, max_iter=20).fit(X12, Y12)
    c = LogisticRegression(solver="sgd", random_state=2, max_iter=20).fit(X12, Y12)
    assert a.coef_ == b.coef_ and a.history_ == b.history_
    assert a.coef_ != c.coef_


def test_newton_and_irls_agree_and_log_odds_start():
    n = LogisticRegression(solver="newton").fit(X12, Y12)
    i = LogisticRegression(solver="irls").fit(X12, Y12)
    assert i.history_ == pytest.approx(n.history_, rel=1e-12)
    w = LogisticRegression(start="log_odds").fit(X12, [1] + Y12[1:])
    assert w.converged_


def test_convergence_warning():
    m = LogisticRegression(max_iter=1)
    caught = fit_quietly(m, X12, Y12)
    assert [w.category for w in caught] == [ConvergenceWarning]
    assert m.converged_ is False and m.n_iter_ == 1
    assert "max_iter" in str(caught[0].message)


def test_max_iter_zero_returns_the_start():
    m = LogisticRegression(max_iter=0)
    caught = fit_quietly(m, X12, Y12)
    assert m.coef_ == [0.0] and m.intercept_ == 0.0 and m.n_iter_ == 0
    assert m.history_ == [pytest.approx(12 * math.log(2), rel=1e-15)]
    assert [w.category for w in caught] == [ConvergenceWarning]


@pytest.mark.parametrize("solver", ["newton", "irls", "gd", "sgd"])
def test_complete_separation_stops_every_solver(solver):
    m = LogisticRegression(solver=solver)
    caught = fit_quietly(m, [[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1])
    assert [w.category for w in caught] == [SeparationWarning]
    assert "complete separation" in str(caught[0].message)
    assert m.n_iter_ < 20 and all(math.isfinite(v) for v in m.history_)


@pytest.mark.parametrize("solver", ["newton", "irls"])
def test_quasi_complete_separation(solver):
    """Separated except for two points (one of each class) on the boundary x = 0."""
    m = LogisticRegression(solver=solver)
    caught = fit_quietly(m, [[-2.0], [-1.0], [0.0], [0.0], [1.0], [2.0]], [0, 0, 0, 1, 1, 1])
    assert [w.category for w in caught] == [SeparationWarning]
    text = str(caught[0].message)
    assert "quasi-complete" in text and "(2 on the separating boundary)" in " ".join(text.split())
    assert all(math.isfinite(v) for v in m.history_)


def test_gd_divergence_is_reported_not_nan():
    with pytest.raises(DivergenceError) as info:
        LogisticRegression(solver="gd", learning_rate=50.0).fit(X12, Y12)
    assert "learning_rate" in str(info.value)
    assert info.value.history[-1] > info.value.history[0]


BAD = [
    ("ragged rows", [[1.0, 2.0], [3.0]], [0, 1], "row 1 has 1 columns"),
    ("empty X", [], [], "empty"),
    ("nan", [[1.0], [float("nan")]], [0, 1], "X[1][0] is nan"),
    ("inf", [[1.0], [float("inf")]], [0, 1], "X[1][0] is inf"),
    ("string", [[1.0], ["a"]], [0, 1], "X[1][0] is 'a'"),
    ("bool", [[True], [0.0]], [0, 1], "X[0][0] is True"),
    ("lengths", [[1.0], [2.0]], [0, 1, 1], "2 rows but y has 3"),
    ("one class", [[1.0], [2.0]], [1, 1], "only one class"),
    ("three classes", [[1.0], [2.0], [3.0]], [0, 1, 2], "3 classes"),
    ("nan label", [[1.0], [2.0]], [0.0, float("nan")], "y[1] is nan"),
    ("constant column", [[1.0, 5.0], [2.0, 5.0], [3.0, 5.0], [4.0, 5.0]], [0, 1, 0, 1],
     "column 1 of X is a linear combination"),
    ("not rows", 5, [0, 1], "list of rows"),
]


@pytest.mark.parametrize("what,X,y,message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_gets_a_clear_data_error(what, X, y, message):
    with pytest.raises(DataError) as info:
        LogisticRegression().fit(X, y)
    assert message in str(info.value)


def test_predicting_before_fit_and_with_wrong_width():
    with pytest.raises(NotFittedError):
        LogisticRegression().predict(X12)
    m = LogisticRegression().fit(X12, Y12)
    with pytest.raises(DataError) as info:
        m.predict([[1.0, 2.0]])
    assert "2 columns, the model was fitted with 1" in str(info.value)
    with pytest.raises(DataError):
        m.predict(X12, threshold=1.5)


def test_matrix_input_is_accepted():
    from minilogit import Matrix
    a = LogisticRegression().fit(Matrix(X12), Y12)
    b = LogisticRegression().fit(X12, Y12)
    assert a.coef_ == b.coef_


def test_warnings_point_at_the_callers_line():
    """A ConvergenceWarning is attributed to the line that called fit, not to the library."""
    import warnings
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        LogisticRegression(max_iter=1).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    assert caught[0].filename == __file__
