"""Separated data: no quasi-complete separation that passes as converged.

Under quasi-complete separation the gradient falls like e^-margin, so a fit
passes its test with the separated rows' margins near 20, long before any
point looks certain (margin 30): such a fit asks the exact test of
separation, and when the data are separated it is not converged, it warns
naming the coefficients that go to infinity, and inference is refused. Data
that are not separated, with a point fitted near certainty, fit as before.
"""

from helpers import SINGLE, Skip, assert_close, fit, only, raises

from minilogit import (GLM, InferenceError, LogisticRegression, SeparationWarning,
                       SoftmaxRegression)
import minilogit.core as core

# y = 1 exactly where x > 1, but the two rows at x = 1 disagree: quasi-complete
QUASI = ([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])
# a 0/1 dummy (the second column) that is 1 only on rows with y = 1
DUMMY = ([[-1.2, 1.0], [0.3, 0.0], [-0.5, 0.0], [1.1, 0.0], [0.2, 1.0], [-0.9, 0.0],
          [0.7, 0.0], [-0.1, 0.0], [1.4, 0.0], [-1.5, 0.0], [0.4, 1.0], [-0.3, 0.0]],
         [1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0])
# not separated (x = 0 is a 1 and x = 1 a 0), and x = 40 is fitted near certainty
NEAR_CERTAIN = ([[-1.0], [0.0], [1.0], [2.0], [3.0], [40.0]], [0, 1, 0, 1, 1, 1])


def _separated(model, data, infinite):
    m, ws = fit(model, *data)
    seps = only(ws, SeparationWarning)
    assert not m.converged_ and len(seps) == 1, (model, m.converged_, ws)
    text = str(seps[0])
    assert "quasi-complete separation" in text, text
    if m.separation_check_ is not None or not SINGLE:   # in single precision the margins
        assert infinite in text, text                   # can pass 14.7, "certain", first
        assert m.separation_check_.kind == "quasi-complete", m.separation_check_
    message = str(raises(InferenceError, getattr, m, "bse_"))
    assert "separated" in message, message


def test_quasi_complete_separation_is_not_a_converged_fit():
    for solver in ("newton", "irls", "gd", "sgd"):    # gd, sgd: then 25 Newton steps
        max_iter = None if solver in ("newton", "irls") else 200
        for data, infinite in ((QUASI, "+x0"), (DUMMY, "coefficients go to infinity: +x1")):
            _separated(LogisticRegression(solver=solver, max_iter=max_iter), data, infinite)
    _separated(GLM(), QUASI, "+x0")
    _separated(GLM(), DUMMY, "+x1")
    _separated(SoftmaxRegression(), QUASI, "+x0[class 1]")


def test_a_point_fitted_near_certainty_without_separation_changes_nothing():
    if SINGLE:
        raise Skip("x = 40's margin in single precision")
    m, ws = fit(LogisticRegression(), *NEAR_CERTAIN)
    assert m.converged_ and ws == [] and m.separation_ is None, ws
    assert m.decision_function([[40.0]])[0] > 20       # within sqrt(tol) of its label, but
    assert m.separation_check_ is None                 # the last step lowered margins: not asked
    plain = core.LogisticRegression().fit(*NEAR_CERTAIN)   # the core alone: no exact test
    assert_close(m.coef_ + [m.intercept_], plain.coef_ + [plain.intercept_], rel=0.0)
    assert m.bse_[1] > 0


def test_the_exact_test_is_asked_only_where_the_fit_looks_quasi_separated():
    m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    assert m.converged_ and m.separation_check_ is None


# ---- Firth's penalised likelihood (minilogit.objectives.firth)

def _firth_objective(X, y, weights=None):
    from minilogit.core.logistic import LogisticLoss
    from minilogit.core.checks import design
    from minilogit.objectives.firth import FirthObjective
    return FirthObjective(LogisticLoss(design(X, True), y, weights))


def test_firth_gradient_and_hessian_are_the_derivatives_of_its_value():
    F = _firth_objective(DUMMY[0], DUMMY[1], [1.0, 2.0, 1.0, 0.5, 1.0, 1.0, 3.0, 1.0, 1.0,
                                             1.0, 1.0, 1.0])
    beta, h = [0.3, -0.7, 1.1], 1e-3 if SINGLE else 1e-5
    g, H = F.gradient(beta), F.exact_hessian(beta).rows
    for j in range(3):
        up, down = list(beta), list(beta)
        up[j] += h
        down[j] -= h
        fd = (F.value(up) - F.value(down)) / (2 * h)           # central differences
        assert_close(g[j], fd, rel=1e-2 if SINGLE else 1e-7, abs_tol=1e-6 if SINGLE else 1e-9)
        row = [(a - b) / (2 * h) for a, b in zip(F.gradient(up), F.gradient(down))]
        assert_close(H[j], row, rel=1e-2 if SINGLE else 1e-6, abs_tol=1e-5 if SINGLE else 1e-8)


def test_firth_is_finite_on_separated_data_and_irls_equals_newton():
    for X, y in (QUASI, DUMMY, ([[float(x)] for x in range(1, 7)], [0, 0, 0, 1, 1, 1])):
        a, ws = fit(LogisticRegression(penalty="firth"), X, y)
        b = LogisticRegression(penalty="firth", solver="irls").fit(X, y)
        c = GLM(penalty="firth").fit(X, y)                    # GLM's irls: the core's, here
        assert a.converged_ and b.converged_ and c.converged_ and ws == [], ws
        for other in (b, c):
            assert_close(a.params_, other.params_, rel=1e-3 if SINGLE else 1e-7, abs_tol=1e-6)
        assert all(abs(v) < 10 for v in a.params_) and a.bse_[0] > 0
    m = LogisticRegression(penalty="firth").fit(*QUASI)       # R brglm2 0.9: +-1.35256415499646
    assert_close([m.intercept_, m.coef_[0]], [-1.35256415499646, 1.35256415499646],
                 rel=1e-5 if SINGLE else 1e-10)
    text = m.summary()
    assert "Firth (1993)" in text and "std err" in text, text


def test_firth_is_refused_where_it_is_not_written():
    from minilogit import DataError
    for model, words in ((LogisticRegression(penalty="firth", solver="sgd"),
                          "not a sum of one term per coefficient: use solver="),
                         (LogisticRegression(penalty="firth", lam=1.0), "has no use for it"),
                         (LogisticRegression(penalty="firth", solver="cd"), "not 'cd'"),
                         (GLM(penalty="firth", link="probit", solver="newton"),
                          "not for the binomial family with the probit link"),
                         (SoftmaxRegression(penalty="firth"), "unknown penalty 'firth'")):
        message = str(raises(DataError, model.fit, *QUASI))
        assert words in message, (model, message)


def test_separation_advice_names_firth_where_it_applies():
    _, ws = fit(LogisticRegression(), *QUASI)
    assert "penalty='firth'" in str(only(ws, SeparationWarning)[0])
    _, ws = fit(core.LogisticRegression(), [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    assert "firth" not in str(only(ws, SeparationWarning)[0])       # the core alone has none


def test_penalised_lr_tests_and_profile_intervals_of_a_separated_fit():
    """x = 1..6 completely separated; tests/data/firth_profile.json (R 4.2.2 and brglm2
    0.9, tools/reference/firth_profile.R): chi2 3.18327211812495 and 3.85703314444116,
    the slope's profile interval [0.00173260399268277, 6.07000816841609]."""
    m = LogisticRegression(penalty="firth").fit([[float(x)] for x in range(1, 7)],
                                                [0, 0, 0, 1, 1, 1])
    rel = 1e-4 if SINGLE else 1e-9
    assert_close([t[0] for t in m.plr_test()], [3.18327211812495, 3.85703314444116], rel=rel)
    low, high = m.profile_conf_int()[1]
    assert_close([low, high], [0.00173260399268277, 6.07000816841609], rel=rel * 10)
    wald = m.conf_int()[1]
    assert wald[0] < 0 < low                       # Wald's crosses 0; the profile's does not
    chi2, df, p = m.plr_test(["x0"])
    assert df == 1 and p < 0.05
    for fit_ in (LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]),):
        message = str(raises(InferenceError, fit_.plr_test))      # the likelihood's: lr_test
        assert "penalty='firth'" in message and "lr_test" in message, message
        assert fit_.profile_conf_int() == fit_.conf_int(method="profile")   # the likelihood's
    read = LogisticRegression.from_json(m.to_json())          # no training data kept
    assert "need the training data" in read.summary() and "P>|z|" in read.summary()
    message = str(raises(InferenceError, read.plr_test))
    assert "keeps no training data" in message, message
