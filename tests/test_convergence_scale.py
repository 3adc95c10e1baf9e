"""Convergence that means convergence, in any units of the features (issue 12).

Every solver stops on the same test: the gradient of the mean loss with
respect to the standardized coefficients (g_j over N times the root mean
square of column j) has no component above tol. Multiplying the features by
1e-3, 1e-9 or 1e6 must not change what a fit reports: Newton and IRLS find
the same probabilities; the first-order solvers either find them too or say
that they did not converge -- never converged_ = True away from the optimum.
"""

import math
import warnings

import pytest

from minilogit import (ConvergenceWarning, DivergenceError, LogisticRegression,
                       SeparationWarning)
from minilogit.core.matrix import Matrix, column_scales
from minilogit.core.logistic import LogisticLoss
from minilogit.core.solvers import scaled_gradient
from minilogit.datasets import load_breast_cancer, standardize

DATA = load_breast_cancer()
# two raw columns (mean radius, mean texture) of the first 150 rows: not separable
X = [row[:2] for row in DATA.data[:150]]
Y = DATA.target[:150]
SCALES = (1e-3, 1e-9, 1e6)


def scaled(c):
    return [[v * c for v in row] for row in X]


def fit(solver, Xs, **kw):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver=solver, **kw).fit(Xs, Y)
    return model, [w.category for w in caught]


def probabilities(model, Xs):
    return [p[1] for p in model.predict_proba(Xs)]


REFERENCE, _ = fit("newton", X)
P_REF = probabilities(REFERENCE, X)


def test_the_reference_fit_is_an_interior_optimum():
    assert REFERENCE.converged_ and REFERENCE.separation_ is None
    assert REFERENCE.history_[-1] < REFERENCE.history_[0] - 10.0


@pytest.mark.parametrize("c", SCALES)
@pytest.mark.parametrize("solver", ["newton", "irls"])
def test_second_order_solvers_converge_in_any_units(solver, c):
    model, caught = fit(solver, scaled(c))
    assert model.converged_, (solver, c, model.n_iter_)
    assert caught == []
    diff = max(abs(a - b) for a, b in zip(probabilities(model, scaled(c)), P_REF))
    assert diff <= 1e-6, (solver, c, diff)


@pytest.mark.parametrize("c", (1.0,) + SCALES)
@pytest.mark.parametrize("solver", ["gd", "sgd", "proximal", "cd"])
def test_first_order_solvers_never_claim_convergence_away_from_the_optimum(solver, c):
    try:
        model, caught = fit(solver, scaled(c), max_iter=3000 if solver in ("gd", "proximal")
                            else None)
    except DivergenceError as e:           # an honest answer too: SGD's steps blew up
        assert solver == "sgd" and "diverged" in str(e)
        return
    if model.converged_:
        assert caught == [], (solver, c, caught)
        diff = max(abs(a - b) for a, b in zip(probabilities(model, scaled(c)), P_REF))
        # sgd's default tol is 1e-3 (its average is noisy), the others' 1e-8
        assert diff <= (2e-2 if solver == "sgd" else 1e-5), (solver, c, diff)
    else:
        assert ConvergenceWarning in caught, (solver, c, caught)


def test_the_issue_example_sgd_on_features_in_km():
    # two features of size ~1e-3: sgd used to report converged_ = True after a few
    # epochs near the null model, whose loss is far above the optimum's
    n1 = sum(Y)
    n0 = len(Y) - n1
    null = -(n1 * math.log(n1 / len(Y)) + n0 * math.log(n0 / len(Y)))
    assert null > REFERENCE.history_[-1] + 10.0
    model, caught = fit("sgd", scaled(1e-3))
    if model.converged_:
        assert model.history_[-1] < REFERENCE.history_[-1] + 1e-3 * null
    else:
        assert ConvergenceWarning in caught


def test_scaled_gradient_is_invariant_to_the_units_of_a_column():
    for c in (1.0,) + SCALES:
        loss = LogisticLoss(Matrix([[1.0] + r for r in scaled(c)]), Y)
        beta = [0.1, 0.2 / c, -0.3 / c]          # the same model in the new units
        value = scaled_gradient(loss.gradient(beta), loss.scales(), loss.n_examples)
        ref = LogisticLoss(Matrix([[1.0] + r for r in X]), Y)
        expected = scaled_gradient(ref.gradient([0.1, 0.2, -0.3]), ref.scales(), ref.n_examples)
        assert math.isclose(value, expected, rel_tol=1e-9), (c, value, expected)


def test_column_scales_neither_underflow_nor_overflow():
    s = column_scales(Matrix([[1e-200, 1e200, 0.0], [-1e-200, 1e200, 0.0]]))
    assert math.isclose(s[0], 1e-200, rel_tol=1e-12) and math.isclose(s[1], 1e200, rel_tol=1e-12)
    assert s[2] == 1.0
    # weights count rows: weight 2 is the row twice
    a = column_scales(Matrix([[1.0, 2.0], [1.0, 5.0]]), [2, 1])
    b = column_scales(Matrix([[1.0, 2.0], [1.0, 2.0], [1.0, 5.0]]))
    assert all(math.isclose(u, v, rel_tol=1e-12) for u, v in zip(a, b))


# -- divergence is called divergence ------------------------------------------------

def test_sgd_on_the_raw_breast_cancer_data_raises_divergence_error():
    with pytest.raises(DivergenceError) as e, \
            pytest.warns(ConvergenceWarning, match="root mean squares range"):   # said first
        LogisticRegression(solver="sgd").fit(DATA.data, DATA.target)
    assert "diverged" in str(e.value) and "learning_rate" in str(e.value)
    history = e.value.history
    assert history[-1] > 10.0 * history[0]        # the loss ended far above its start


def test_fit_stream_with_a_huge_learning_rate_raises_divergence_error():
    Z = standardize([row[:3] for row in DATA.data])[0]
    rows = list(zip(Z, DATA.target))
    model = LogisticRegression(learning_rate=1e6)
    with pytest.raises(DivergenceError) as e:
        model.fit_stream(lambda: iter(rows), [0, 1], 5)
    assert "diverged in epoch 1" in str(e.value), str(e.value)
    assert not hasattr(model, "coef_")
    ok = LogisticRegression().fit_stream(lambda: iter(rows), [0, 1], 5)   # a sane rate fits
    assert ok.history_[-1] < math.log(2)


def test_gd_with_a_fixed_step_too_large_raises_divergence_error():
    with pytest.raises(DivergenceError), \
            pytest.warns(ConvergenceWarning, match="root mean squares range"):   # said first
        LogisticRegression(solver="gd", learning_rate=10.0).fit(DATA.data[:100], Y[:100])


# -- separation is diagnosed by every solver, and advice is true of the data --------

SEPARABLE_X = standardize([[-2.0, 0.3], [-1.0, -0.5], [-0.5, 1.0], [0.5, -1.0],
                           [1.0, 0.2], [2.0, 0.9]])[0]
SEPARABLE_Y = [0, 0, 0, 1, 1, 1]


@pytest.mark.parametrize("solver", ["newton", "irls", "gd", "sgd", "proximal", "cd"])
def test_every_solver_diagnoses_separation(solver):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver=solver).fit(SEPARABLE_X, SEPARABLE_Y)
    kinds = [w.category for w in caught]
    assert kinds == [SeparationWarning], (solver, [str(w.message) for w in caught])
    assert "separation" in model.separation_ and not model.converged_
    assert "standardize" not in str(caught[0].message)


def test_convergence_advice_is_true_of_the_data():
    Z = standardize(X)[0]
    for data, says_standardize in ((Z, False), (scaled(1e3), True)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            LogisticRegression(solver="gd", max_iter=3).fit(data, Y)
        message = " ".join(str(w.message) for w in caught)
        assert "did not converge in 3 iterations" in message, message
        assert ("standardize" in message) == says_standardize, message


@pytest.mark.parametrize("solver,options",
                         [("gd", {"max_iter": 200}), ("proximal", {"max_iter": 200}),
                          ("sgd", {"max_iter": 100, "tol": 1e-9}), ("sgd", {})])
def test_first_order_runs_that_stop_short_still_diagnose_separation(solver, options):
    # the 30 standardized breast-cancer features separate the classes; the
    # first-order solvers stop long before their coefficients show it, or (SGD's
    # loose default tol) pass their test on the way, and a Newton run after the
    # fit, of no more work than the fit did, says so: not converged
    Z = standardize(DATA.data)[0]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = LogisticRegression(solver=solver, **options).fit(Z, DATA.target)
    assert [w.category for w in caught] == [SeparationWarning], solver
    assert "complete separation" in model.separation_ and not model.converged_
    assert "standardize" not in str(caught[0].message)
    steps = model.result_.newton_check
    assert 0 < steps <= 25 and "a Newton run of at most %d steps" % steps in model.explain()


def test_the_newton_check_after_a_first_order_fit_costs_no_more_than_the_fit():
    """A Newton step on N x d costs about N d^2 / 2 + d^3 / 3 operations, a pass of
    an SGD epoch 6 N d (``Solver.work``): one epoch on the 569 x 31 data buys no step."""
    Z = standardize(DATA.data)[0]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = LogisticRegression(solver="sgd", max_iter=1).fit(Z, DATA.target)
    assert model.result_.newton_check == 0 and model.separation_ is None
    assert "Whether a minimum exists was not checked" in model.explain()
