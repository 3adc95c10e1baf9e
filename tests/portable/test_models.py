"""LogisticRegression: labels, prediction, separation, convergence and divergence.

Warnings are read with helpers.warnings_from: the ``warnings`` module where
there is one, ``minilogit.core.compat.fallback_log`` on MicroPython.
"""

from helpers import (EPS, FIT, X2, Y2, Skip, assert_close, coefficients, fit, last_stderr,
                     max_abs_diff, only, raises)

from minilogit import (ConvergenceWarning, DivergenceError, LogisticRegression,
                       SeparationWarning)
from minilogit.core.checks import check_X
from minilogit.core.checks import design
import minilogit.core.compat as _compat
from minilogit.core.compat import _UserWarning

COMPLETE_X, COMPLETE_Y = [[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1]
QUASI_X, QUASI_Y = [[-2.0], [-1.0], [0.0], [0.0], [1.0], [2.0]], [0, 0, 0, 1, 1, 1]


def _relabel(y, low, high):
    return [high if v == 1 else low for v in y]


# -- labels -----------------------------------------------------------------

def test_label_encodings_give_the_same_fit():
    ref, _ = fit(LogisticRegression(), X2, Y2)
    for low, high in ((0, 1), (-1, 1), (100, 200), ("green", "red"), (0.0, 1.0), ("a", "b")):
        y = _relabel(Y2, low, high)
        m, ws = fit(LogisticRegression(), X2, y)
        assert ws == [], (low, high, ws)
        assert m.classes_ == [low, high], (m.classes_, low, high)
        assert coefficients(m) == coefficients(ref), (low, high)
        pred = m.predict(X2)
        assert pred == _relabel(ref.predict(X2), low, high), (low, high, pred)
        assert all(type(p) is type(high) for p in pred), pred


def test_classes_are_sorted():
    y = ["red" if v else "green" for v in Y2]       # "red" first in y, sorted after
    m, _ = fit(LogisticRegression(), X2, y)
    assert m.classes_ == ["green", "red"]
    m, _ = fit(LogisticRegression(), X2, [200 if v else 100 for v in Y2])
    assert m.classes_ == [100, 200]
    m, _ = fit(LogisticRegression(), X2, [-1 if v else 1 for v in Y2])
    assert m.classes_ == [-1, 1]
    m, _ = fit(LogisticRegression(), X2, tuple(Y2))   # any sequence
    assert m.classes_ == [0, 1]


def test_swapping_labels_negates_coefficients():
    a, _ = fit(LogisticRegression(), X2, Y2)
    b, _ = fit(LogisticRegression(), X2, [1 - v for v in Y2])
    assert max_abs_diff(coefficients(a), [-c for c in coefficients(b)]) <= max(1e-10, FIT)
    assert_close(a.history_[-1], b.history_[-1], rel=max(1e-12, 4 * EPS), what="loss")
    # the same with string labels: "red" positive, then "green" positive
    c, _ = fit(LogisticRegression(), X2, ["red" if v else "green" for v in Y2])
    d, _ = fit(LogisticRegression(), X2, ["green" if v else "red" for v in Y2])
    assert c.classes_ == d.classes_ == ["green", "red"]
    assert max_abs_diff(coefficients(c), [-v for v in coefficients(d)]) <= max(1e-10, FIT)
    assert c.predict(X2) == ["red" if v else "green" for v in a.predict(X2)]
    assert d.predict(X2) == ["green" if v else "red" for v in a.predict(X2)]


# -- prediction ---------------------------------------------------------------

def test_predict_proba_decision_function_and_threshold():
    m, _ = fit(LogisticRegression(), X2, Y2)
    a = m.decision_function(X2)
    probs = m.predict_proba(X2)
    assert len(a) == len(probs) == 12
    for a_i, (p0, p1) in zip(a, probs):
        assert abs(p0 + p1 - 1.0) <= max(4.5e-16, 2 * EPS)
        assert (p1 >= 0.5) == (a_i >= 0.0)
    assert_close(a[0], 0.43063173756711354 + 0.8811650652443864 * -1.5 + 0.6236445313688741 * 0.3,
                 rel=max(1e-12, FIT), what="a_0")
    assert m.predict(X2) == [1 if p1 >= 0.5 else 0 for _, p1 in probs]
    assert m.predict(X2, threshold=0.0) == [1] * 12
    assert m.predict([[100.0, 100.0], [-100.0, -100.0]]) == [1, 0]
    p = m.predict_proba([[1e6, 1e6], [-1e6, -1e6]])         # extreme rows: exact 0/1, no nan
    assert p == [[0.0, 1.0], [1.0, 0.0]], p
    assert m.n_features_in_ == 2


def test_refit_replaces_the_fit():
    m = LogisticRegression()
    m.fit(X2, Y2)
    first = coefficients(m)
    m.fit([[v[0]] for v in X2], Y2)
    assert m.n_features_in_ == 1 and len(m.coef_) == 1
    assert coefficients(m) != first


def test_the_fit_keeps_its_own_copy_of_X():
    """check_X reads rows of floats in place; design copies them, so the
    model's design matrix (and inference computed later from it) does not
    change when the caller's rows do."""
    for fit_intercept in (True, False):
        X = [list(row) for row in X2]
        X1 = design(check_X(X), fit_intercept)
        ref, _ = fit(LogisticRegression(fit_intercept=fit_intercept), X2, Y2)
        m, _ = fit(LogisticRegression(fit_intercept=fit_intercept), X, Y2)
        for row in X:
            row[0] = 1000.0
        assert X1.rows == [([1.0] if fit_intercept else []) + row for row in X2], X1.rows
        assert m.llf_ == ref.llf_ and m.bse_ == ref.bse_, fit_intercept


# -- separation -----------------------------------------------------------------

def test_complete_separation_warns():
    for solver in ("newton", "irls", "gd", "sgd"):
        m, ws = fit(LogisticRegression(solver=solver), COMPLETE_X, COMPLETE_Y)
        sep = only(ws, SeparationWarning)
        assert len(sep) == 1 and len(ws) == 1, (solver, ws)
        assert isinstance(sep[0], _UserWarning)
        assert "complete separation" in str(sep[0]), str(sep[0])
        assert "does not exist" in str(sep[0])
        assert m.separation_.startswith("complete separation"), m.separation_
        assert m.converged_ is False
        assert m.predict(COMPLETE_X) == COMPLETE_Y          # separated: all correct


def test_quasi_complete_separation_warns():
    # Only Newton and IRLS reach the "certain" margins (> 30) that the
    # quasi-complete test needs; gd and sgd run to max_iter instead.
    for solver in ("newton", "irls"):
        m, ws = fit(LogisticRegression(solver=solver), QUASI_X, QUASI_Y)
        sep = only(ws, SeparationWarning)
        assert len(sep) == 1 and len(ws) == 1, (solver, ws)
        assert m.separation_.startswith("quasi-complete separation"), m.separation_
        assert "(2 on the separating boundary)" in m.separation_, m.separation_
        assert "quasi-complete" in str(sep[0])
        assert m.converged_ is False


def test_no_separation_on_overlapping_classes():
    for solver in ("newton", "irls", "gd", "sgd"):
        m, ws = fit(LogisticRegression(solver=solver), X2, Y2)
        assert m.separation_ is None and ws == [], (solver, ws)


# -- convergence and divergence -------------------------------------------------

def test_convergence_warning_with_max_iter_1():
    for solver in ("newton", "irls", "gd", "sgd"):
        m, ws = fit(LogisticRegression(solver=solver, max_iter=1), X2, Y2)
        conv = only(ws, ConvergenceWarning)
        assert len(conv) == 1 and len(ws) == 1, (solver, ws)
        assert isinstance(conv[0], _UserWarning)
        assert m.converged_ is False, solver
        assert m.n_iter_ == 1 and len(m.history_) == 2, (solver, m.n_iter_)
        assert ("%s did not converge in 1 iteration:" % solver) in str(conv[0]), str(conv[0])
        assert m.separation_ is None


def test_max_iter_0_keeps_the_start():
    m, ws = fit(LogisticRegression(max_iter=0), X2, Y2)
    assert coefficients(m) == [0.0, 0.0, 0.0] and m.n_iter_ == 0 and not m.converged_
    assert len(only(ws, ConvergenceWarning)) == 1


def test_fallback_warnings_are_logged_and_printed():
    if _compat._warnings is not None:
        raise Skip("this runtime has the warnings module")
    n = _compat.fallback_count[0]
    m, ws = fit(LogisticRegression(max_iter=1), X2, Y2)
    assert _compat.fallback_count[0] == n + 1 and ws == [_compat.fallback_log[-1]]
    assert len(_compat.fallback_log) <= 20
    assert isinstance(ws[0], ConvergenceWarning)
    assert last_stderr[0] == "ConvergenceWarning: " + str(ws[0]) + "\n", last_stderr[0]


def test_divergence_error_with_large_fixed_step():
    X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    e = raises(DivergenceError, LogisticRegression(solver="gd", learning_rate=50).fit, X, y)
    assert isinstance(e, ArithmeticError)
    assert "gradient descent diverged at iteration 1" in str(e), str(e)
    assert "learning rate 50" in str(e), str(e)
    assert len(e.history) == 2 and e.history[1] > e.history[0], e.history
    e = raises(DivergenceError, LogisticRegression(solver="gd", learning_rate=50).fit, X2, Y2)
    assert e.history[-1] > e.history[-2]
