"""model.explain(): one sentence per way a fit can end, with its evidence."""

import os
import warnings

import pytest

from minilogit import (ConvergenceWarning, DataError, DivergenceError, LeastSquaresClassifier,
                       LogisticRegression, OneVsRest, SeparationWarning, SoftmaxRegression)

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]


def quiet(model, *args):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return model.fit(*args)


def test_newton_converged_quadratically():
    text = LogisticRegression().fit(X, Y).explain()
    assert text.startswith("Converged after 6 Newton steps") and "quadratic" in text
    assert "at step 5; the step solved there was then taken" in text


def test_gradient_descent_converged_linearly():
    text = LogisticRegression(solver="gd").fit([[(v - 2.5) / 1.7] for v, in X], Y).explain()
    assert "gradient-descent steps" in text and "linear convergence" in text


def test_separation_names_the_evidence():
    text = quiet(LogisticRegression(), [[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1]).explain()
    assert text.startswith("Stopped after") and "complete separation" in text


def test_max_iter_reached():
    text = quiet(LogisticRegression(max_iter=1), X, Y).explain()
    assert text.startswith("Stopped at max_iter after 1 Newton step without") and "tol = 1e-08" in text


def test_step_too_large_after_a_divergence():
    m = LogisticRegression(solver="gd", learning_rate=100.0)
    with pytest.raises(DivergenceError), pytest.warns(ConvergenceWarning, match="root mean"):
        m.fit([[10.0 * v] for v, in X], Y)
    assert m.explain().startswith("Failed, step too large: gradient descent diverged")


def test_collinearity_names_the_column():
    m = LogisticRegression()
    with pytest.raises(DataError):
        m.fit([[v, 2 * v] for v, in X], Y)
    assert m.explain().startswith("Failed, collinearity") and "column 1 of X" in m.explain()


def test_other_estimators():
    assert "closed form" in LeastSquaresClassifier().fit(X, Y).explain()
    y3 = [0, 0, 1, 2, 1, 2]            # class 0 cut off at x < 1.5: only a ridge converges
    assert SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y3).explain().startswith("Converged")
    with pytest.warns(SeparationWarning):
        unpenalised = SoftmaxRegression().fit(X, y3)
    assert unpenalised.explain().startswith("Stopped after")
    with pytest.warns(SeparationWarning):             # class 0 against the rest
        ovr = OneVsRest(LogisticRegression()).fit(X, [0, 0, 1, 2, 1, 2])
    assert ovr.explain().count("against the rest") == 3
    assert LogisticRegression().explain() == "This model has not been fitted yet."


@pytest.mark.parametrize("solver, equation", [
    ("newton", "(20)"), ("irls", "(21), (22)"), ("gd", "(15), (16)"), ("sgd", "(17)-(19)"),
    ("proximal", "(42), (43)"), ("cd", "(21), (44)")])
def test_trace_has_one_record_per_iteration(solver, equation):
    Z = [[(v - 2.5) / 1.7] for v, in X]
    m = quiet(LogisticRegression(solver=solver, max_iter=99), Z, Y)   # within 2 TRACE_KEEP
    trace = m.trace_
    assert len(trace) == m.n_iter_ + 1
    assert [r["iteration"] for r in trace] == list(range(m.n_iter_ + 1))
    assert [r["loss"] for r in trace] == m.history_
    assert trace[0]["equation"] == "start" and trace[0]["step"] is None
    assert all(r["equation"] == equation for r in trace[1:])
    assert trace[-1]["beta"] == [m.intercept_] + m.coef_
    for before, after in zip(trace, trace[1:]):
        change = max(abs(a - b) for a, b in zip(after["beta"], before["beta"]))
        assert after["step"] == change
    if solver == "irls":
        assert all(0 < r["w_min"] <= r["w_max"] <= 0.25 for r in trace[1:])
    if solver in ("gd", "sgd", "proximal"):
        assert all(r["eta"] > 0 for r in trace[1:])


def test_trace_before_fit():
    from minilogit import NotFittedError
    with pytest.raises(NotFittedError):
        LogisticRegression().trace_


def test_a_failed_refit_forgets_the_old_fit():
    """After a fit that raises, the model is unfitted again: predict does not use
    the old coefficients while explain() describes the failure."""
    from minilogit import NotFittedError
    m = LogisticRegression(solver="gd").fit(X, Y)
    m.learning_rate = 100.0
    with pytest.raises(DivergenceError), pytest.warns(ConvergenceWarning, match="root mean"):
        m.fit([[10.0 * v] for v, in X], Y)
    with pytest.raises(NotFittedError):
        m.predict(X)
    assert m.explain().startswith("Failed, step too large")


def test_no_message_counts_with_a_parenthesised_plural():
    """A count and its noun agree ("1 iteration", "2 iterations"), never "point(s)"."""
    import glob
    import re
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for path in glob.glob(os.path.join(root, "minilogit", "**", "*.py"), recursive=True):
        with open(path, encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if "0 feature(s) (shape=" in line:      # scikit-learn's words, which its
                    continue                            # check_estimator matches
                assert not re.search(r"(point|feature|row|column|iteration|step|epoch|class|"
                                     r"value|label|weight)e?\(s\)", line), \
                    "%s:%d: %s" % (path, number, line)
