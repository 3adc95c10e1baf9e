"""Every solver reaches the same optimum on small non-separable data.

Reference: Newton's method on X2/Y2 (helpers.py; 12 rows, 2 features),
recorded on CPython 3.11 with ``repr``. Tolerances (absolute, on every
coefficient, intercept included):

  newton vs the recorded values    1e-12 relative
  irls vs newton                   1e-10
  gd, line search (default)        1e-6   (tol 1e-8 on the mean gradient)
  newton from start="log_odds"     1e-6   (a different last iterate)
  gd, fixed learning_rate 0.3      1e-6
  sgd (averaged, default settings) 0.1, and its final loss within 1e-3
                                   relative of Newton's (SGD stops on a
                                   relative change of the loss < 1e-6 per
                                   epoch: near the optimum, not on it)

In single precision the fits stop farther from the optimum: the tolerances
widen to helpers.FIT (newton, irls) and FIT_GD (gd), losses to a few EPS.
"""

import math

from helpers import (EPS, FIT, FIT_GD, SCRATCH_CSV, SINGLE, TOY_X, TOY_Y, X2, Y2, assert_close,
                     coefficients, fit, max_abs_diff, only, run_main)

from minilogit import LogisticRegression, Matrix
from minilogit.core.estimators import LogisticRegression as CoreLogisticRegression
from minilogit.core.logistic import LogisticLoss
from minilogit.core.solvers import TOL, FitResult, gradient_descent, irls, newton, sgd

# The float64 optima of X2, Y2 (with and without an intercept) and of the toy data:
# statsmodels 0.15.0, Logit(y, X).fit(method="newton", tol=1e-15), agrees with each
# to 3e-15 relative; the tests allow 1e-12.
NEWTON_X2 = [0.43063173756711487, 0.8811650652443908, 0.6236445313688778]
NEWTON_X2_LOSS = 6.657023569937172
NEWTON_X2_NO_INTERCEPT = [0.8314435939885801, 0.6533954344981979]
NEWTON_TOY_SLOPE = 2.0739583237420525


def _newton():
    model, ws = fit(LogisticRegression(solver="newton"), X2, Y2)
    assert ws == [] and model.converged_
    return model


def test_solver_names():
    assert sorted(LogisticRegression.solvers) == ["cd", "gd", "irls", "newton", "proximal", "sgd"]
    assert sorted(CoreLogisticRegression.solvers) == ["gd", "irls", "newton", "sgd"]


def test_newton_matches_recorded_optimum():
    m = _newton()
    assert_close(coefficients(m), NEWTON_X2, rel=max(1e-12, FIT), what="newton")
    assert_close(m.history_[-1], NEWTON_X2_LOSS, rel=max(1e-12, 4 * EPS), what="loss")
    # the test passes after 5 steps; the sixth is the step solved there (single
    # precision's tol is met one step sooner)
    assert m.n_iter_ in ((5, 6) if SINGLE else (6,)) and len(m.history_) == m.n_iter_ + 1
    for k in range(1, len(m.history_)):     # the loss only falls (the last step: to rounding)
        assert m.history_[k] <= m.history_[k - 1] * (1.0 + 4.0 * EPS), (k, m.history_)
    assert m.separation_ is None


def test_irls_equals_newton():
    ref = _newton()
    m, ws = fit(LogisticRegression(solver="irls"), X2, Y2)
    assert ws == [] and m.converged_ and m.n_iter_ == ref.n_iter_
    assert max_abs_diff(coefficients(m), coefficients(ref)) <= max(1e-10, FIT)
    assert max_abs_diff(m.history_, ref.history_) <= max(1e-12, 16 * EPS)


def test_gradient_descent_line_search_reaches_optimum():
    ref = _newton()
    m, ws = fit(LogisticRegression(solver="gd"), X2, Y2)
    assert ws == [] and m.converged_
    assert max_abs_diff(coefficients(m), coefficients(ref)) <= max(1e-6, FIT_GD)
    assert_close(m.history_[-1], ref.history_[-1], rel=max(1e-12, 4 * EPS), what="gd loss")


def test_gradient_descent_does_not_stop_short():
    # the line search's test is Newton's, also in single precision
    m, ws = fit(LogisticRegression(solver="gd"), [[1.0], [2.0], [3.0], [4.0]], [0, 1, 0, 1])
    assert ws == [] and m.converged_
    assert_close(m.coef_, [0.908184], rel=max(1e-5, FIT_GD), what="gd slope")   # Newton: 0.908184


def test_gradient_descent_fixed_step_reaches_optimum():
    ref = _newton()
    m, ws = fit(LogisticRegression(solver="gd", learning_rate=0.3), X2, Y2)
    assert ws == [] and m.converged_
    assert max_abs_diff(coefficients(m), coefficients(ref)) <= max(1e-6, FIT_GD)
    for k in range(1, len(m.history_)):
        assert m.history_[k] <= m.history_[k - 1] * (1 + max(1e-12, 4 * EPS))   # to rounding


def test_sgd_reaches_neighbourhood_of_optimum():
    ref = _newton()
    for seed in (0, 5):
        m, ws = fit(LogisticRegression(solver="sgd", random_state=seed), X2, Y2)
        assert ws == [] and m.converged_, (seed, ws)
        assert max_abs_diff(coefficients(m), coefficients(ref)) <= 0.1, coefficients(m)
        assert 0.0 <= m.history_[-1] / ref.history_[-1] - 1 <= 1e-3, m.history_[-1]


def test_sgd_is_deterministic_per_seed():
    a, _ = fit(LogisticRegression(solver="sgd", random_state=7), X2, Y2)
    b, _ = fit(LogisticRegression(solver="sgd", random_state=7), X2, Y2)
    c, _ = fit(LogisticRegression(solver="sgd", random_state=8), X2, Y2)
    assert coefficients(a) == coefficients(b) and a.history_ == b.history_
    assert coefficients(a) != coefficients(c)


def test_all_solvers_on_one_feature():
    # walkthrough.md, sections 5-8: the toy data, slope 2.073958...
    for solver, tol in (("newton", max(1e-12, FIT)), ("irls", max(1e-10, FIT)),
                        ("gd", max(1e-6, FIT_GD)), ("sgd", 0.1)):
        options = {"tol": 3e-3} if solver == "sgd" else {}   # 12 rows: SGD's average stays noisy
        m, ws = fit(LogisticRegression(solver=solver, **options), TOY_X, TOY_Y)
        assert ws == [] and m.converged_, solver
        assert abs(m.coef_[0] - NEWTON_TOY_SLOPE) <= tol * max(1.0, NEWTON_TOY_SLOPE), (solver, m.coef_)
        assert abs(m.intercept_) <= max(tol, 1e-12) * 10, (solver, m.intercept_)


def test_log_odds_start():
    ref = _newton()
    m, ws = fit(LogisticRegression(start="log_odds"), X2, Y2)
    assert ws == [] and m.converged_
    # another start, another last iterate: both pass the gradient test (tol 1e-8)
    assert max_abs_diff(coefficients(m), coefficients(ref)) <= max(1e-6, FIT)
    # eq. (23): with the intercept at log(ybar / (1 - ybar)) the start loss is N * entropy
    ybar = sum(Y2) / len(Y2)
    entropy = -(ybar * math.log(ybar) + (1 - ybar) * math.log(1 - ybar))
    assert_close(m.history_[0], len(Y2) * entropy, rel=max(1e-12, 4 * EPS), what="start loss")


def test_no_intercept():
    m, ws = fit(LogisticRegression(fit_intercept=False), X2, Y2)
    assert ws == [] and m.converged_ and m.intercept_ == 0.0
    assert_close(m.coef_, NEWTON_X2_NO_INTERCEPT, rel=max(1e-12, FIT),
                 what="coef")
    g, _ = fit(LogisticRegression(solver="gd", fit_intercept=False), X2, Y2)
    assert max_abs_diff(g.coef_, m.coef_) <= max(1e-6, FIT_GD)


def test_solver_functions_directly():
    loss = LogisticLoss(Matrix([[1.0] + r for r in X2]), Y2)
    results = [newton(loss, [0.0, 0.0, 0.0]), irls(loss, [0.0, 0.0, 0.0]),
               gradient_descent(loss, [0.0, 0.0, 0.0]),
               sgd(loss, [0.0, 0.0, 0.0], random_state=0)]
    for r in results:
        assert isinstance(r, FitResult)
        assert r.converged and r.diagnosis is None, r
        assert len(r.history) == r.n_iter + 1 == len(r.grad_norms), r
        assert repr(r).startswith("FitResult(solver=%r" % r.solver), repr(r)
    assert [r.solver for r in results] == ["newton", "irls", "gd", "sgd"]
    assert_close(results[0].beta, NEWTON_X2, rel=max(1e-12, FIT), what="newton()")
    assert max(abs(v) for v in loss.gradient(results[0].beta)) <= TOL * 12


def momentum(objective, beta0, max_iter=5000, tol=1e-6, learning_rate=None):
    """Gradient descent with momentum (Polyak's heavy ball), written against the
    objective protocol alone: v = mu v - (eta / N) g, beta = beta + v."""
    from minilogit.core.solvers import Run
    eta = (0.5 if learning_rate is None else learning_rate) / objective.n_examples
    run = Run("momentum", "(15)", objective, beta0, max_iter, tol)
    beta, v = run.beta, [0.0] * len(beta0)
    g = objective.gradient(beta)
    while not run.done(g):
        v = [0.9 * v_j - eta * g_j for v_j, g_j in zip(v, g)]
        beta = [b + v_j for b, v_j in zip(beta, v)]
        run.step(beta, objective.value(beta))
        g = objective.gradient(beta)
    return run.result()


def test_a_solver_added_from_outside_fits_through_the_class_and_the_command_line():
    """A row added to the public class's table of solvers is a solver like the
    others: the estimator runs it (with its learning_rate), and so does
    ``python3 -m minilogit fit --solver momentum --learning-rate``."""
    from minilogit.core.solvers import Solver
    table = LogisticRegression.solvers
    table["momentum"] = Solver(momentum, 5000, TOL, ("learning_rate",))
    try:
        model, ws = fit(LogisticRegression(solver="momentum", learning_rate=0.5), X2, Y2)
        assert ws == [] and model.converged_ and model.result_.solver == "momentum"
        assert_close(coefficients(model), NEWTON_X2, abs_tol=max(1e-5, FIT_GD), what="momentum")
        assert "momentum" not in CoreLogisticRegression.solvers    # the core's table is its own
        rows = ["x1,x2,y"] + ["%r,%r,%d" % (r[0], r[1], t) for r, t in zip(X2, Y2)]
        status, out, err = run_main(["fit", SCRATCH_CSV, "--target", "y", "--solver",
                                     "momentum", "--learning-rate", "0.5"], SCRATCH_CSV,
                                    "\n".join(rows) + "\n")
        assert status == 0, err
        assert "momentum" in out and out.split("Converged:")[1].split()[0] == "True", out
    finally:
        del table["momentum"]
    status, out, err = run_main(["fit", SCRATCH_CSV, "--target", "y", "--solver", "momentum"],
                                SCRATCH_CSV, "x,y\n0,0\n1,1\n2,0\n3,1\n")
    assert status == 2 and "unknown solver 'momentum'" in err, err


def _number_after(text, marker):
    """The number printed right after ``marker`` in ``text``."""
    start = text.index(marker) + len(marker)
    end = start
    while end < len(text) and text[end] in "0123456789.e+-":
        end += 1
    return float(text[start:end].rstrip(".").rstrip("e"))


def test_each_printed_sentence_holds_for_the_numbers_it_prints():
    """Converged, not converged, diverged and separated: each sentence's
    inequality holds for the numbers as printed."""
    from minilogit import ConvergenceWarning, DivergenceError, GLM
    from minilogit.core.logistic import CERTAIN_MARGIN
    for solver in ("newton", "irls", "gd"):                         # converged
        text = fit(LogisticRegression(solver=solver), X2, Y2)[0].explain()
        assert _number_after(text, "fell to ") <= _number_after(text, "<= tol = "), text
    text = GLM(family="poisson").fit([[0.0], [1.0], [2.0], [3.0]], [10, 30, 20, 80]).explain()
    if "changed by " in text:               # R's deviance test passed first (double precision)
        assert _number_after(text, "changed by ") <= _number_after(text, "(|D| + 0.1) = "), text
    else:                                   # the gradient's (single precision)
        assert _number_after(text, "fell to ") <= _number_after(text, "<= tol = "), text
    m, ws = fit(LogisticRegression(solver="gd", max_iter=3), X2, Y2)  # not converged
    for text in (m.explain(), str(only(ws, ConvergenceWarning)[0])):
        assert _number_after(text, " is ") > _number_after(text, "> tol = "), text
    try:                                                            # diverged
        LogisticRegression(solver="gd", learning_rate=5.0).fit(TOY_X, TOY_Y)
        raise AssertionError("no DivergenceError")
    except DivergenceError as e:
        text = str(e)
        assert _number_after(text, " to ") > _number_after(text, "rose from "), text
    m, ws = fit(LogisticRegression(), [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])   # separated
    assert _number_after(m.separation_, "= ") > 0.0, m.separation_
    m, ws = fit(LogisticRegression(), [[0.0], [1.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1, 1])
    bound = _number_after(m.separation_, "within ")
    assert "quasi-complete" in m.separation_ and bound >= math.exp(-CERTAIN_MARGIN), bound



def test_sgd_averages_the_epochs_since_its_last_restart():
    """The average restarts after 1, 2, 4, 8, ... epochs (issue 38): after 8
    epochs it is the mean of the iterates of epochs 5 to 8, the last half;
    after 5 of epoch 5 alone, not of the last half. Checked against the
    iterates of eqs. (17)-(18), made here update by update with the same
    seeded order (the walkthrough's words, not sgd's code)."""
    from minilogit.core.rng import Random
    loss = LogisticLoss(Matrix([[1.0] + list(x) for x in TOY_X]), TOY_Y)
    rows, n = list(range(len(TOY_X))), len(TOY_X)

    def iterates(epochs, eta0=0.5):
        """The iterate after each update, epoch by epoch."""
        rng, order, beta, t, out = Random(0), list(rows), [0.0, 0.0], 0, []
        for _ in range(epochs):
            rng.shuffle(order)
            epoch = []
            for i in order:
                eta = eta0 / (1.0 + t / max(n, 300.0))                  # eq. (18)
                beta = [b - eta * g for b, g in zip(beta, loss.example_gradient(i, beta))]
                t += 1
                epoch.append(beta)                                       # eq. (17)
            out.append(epoch)
        return out

    def mean(epochs):
        points = [b for epoch in epochs for b in epoch]
        return [sum(col) / len(points) for col in zip(*points)]
    tol = 1e-12 if not SINGLE else 64 * EPS
    for epochs, first in ((8, 5), (5, 5), (6, 5), (4, 3), (9, 9)):
        r = sgd(loss, [0.0, 0.0], max_iter=epochs, tol=0.0)
        its = iterates(epochs)
        assert r.n_iter == epochs
        assert_close(r.beta, mean(its[first - 1:]), tol)              # since the restart
    r = sgd(loss, [0.0, 0.0], max_iter=5, tol=0.0)
    assert max(abs(a - b) for a, b in zip(r.beta, mean(iterates(5)[2:]))) > 1e-4   # not 3-5
