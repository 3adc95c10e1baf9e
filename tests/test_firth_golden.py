"""Firth's penalised likelihood against R's brglm2 (tests/data/firth_brglm2.json,
written by tools/reference/firth_reference.R: R 4.2.2, brglm2 0.9,
glm(method = "brglmFit", type = "AS_mean"), each case's control in its "call").

Coefficients and standard errors to REL = 1e-8 (relative, each entry), by
Newton and by IRLS, for LogisticRegression and for GLM's binomial pairs.
"""

import csv
import json
import os
import warnings

import pytest
from hypothesis import given, settings, strategies as st

from golden import max_rel, spector, star98
from minilogit import GLM, ConvergenceWarning, DivergenceError, LogisticRegression

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
with open(os.path.join(ROOT, "tests", "data", "firth_brglm2.json")) as f:
    R = json.load(f)
REL = 1e-8

DUMMY_X = [-1.2, 0.3, -0.5, 1.1, 0.2, -0.9, 0.7, -0.1, 1.4, -1.5, 0.4, -0.3]
DUMMY_D = [1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0]


def breast_cancer():
    with open(os.path.join(ROOT, "minilogit", "datasets", "breast_cancer.csv")) as f:
        rows = list(csv.reader(f))[1:]
    return [[float(v) for v in r[:-1]] for r in rows], [int(r[-1]) for r in rows]


CASES = {
    "complete": ([[float(x)] for x in range(1, 7)], [0, 0, 0, 1, 1, 1]),
    "quasi": ([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1]),
    "dummy": ([[x, float(d)] for x, d in zip(DUMMY_X, DUMMY_D)],
              [1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 1, 0]),
    "spector": spector(),
}


@pytest.mark.parametrize("solver", ["newton", "irls"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_firth_equals_brglm2(name, solver):
    X, y = CASES[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")               # finite: no separation warning
        m = LogisticRegression(penalty="firth", solver=solver, tol=1e-12).fit(X, y)
    assert m.converged_ and m.separation_ is None
    assert max_rel(m.params_, R[name]["params"]) <= REL, (m.params_, R[name]["params"])
    assert max_rel(m.bse_, R[name]["bse"]) <= REL
    assert "Penalty:" in m.summary() and "Firth (1993)" in m.summary()


def test_firth_on_the_lectures_separated_breast_cancer_fit_equals_brglm2():
    """The raw 30 columns (IRLS: a Newton step's exact Hessian costs 2 N^2 d)."""
    X, y = breast_cancer()
    m = LogisticRegression(penalty="firth", solver="irls", tol=1e-12, max_iter=300).fit(X, y)
    assert m.converged_
    assert max_rel(m.params_, R["breast_cancer"]["params"]) <= REL
    assert max_rel(m.bse_, R["breast_cancer"]["bse"]) <= REL


@pytest.mark.parametrize("solver", ["newton", "irls"])
def test_firth_glm_binomial_pairs_equal_brglm2(solver):
    X, y = star98()
    m = GLM(penalty="firth", solver=solver, tol=1e-12).fit(X, y)
    assert m.converged_
    assert max_rel(m.params_, R["star98"]["params"]) <= REL
    assert max_rel(m.bse_, R["star98"]["bse"]) <= REL


@given(st.lists(st.integers(-5, 5), min_size=3, max_size=9), st.integers(-4, 4), st.booleans())
@settings(max_examples=60, deadline=None)
def test_firth_is_finite_on_every_separated_draw(xs, cut, quasi):
    """y = 1 where x > cut (completely separated), or, with ``quasi``, also on
    alternate rows at x = cut (the rows there disagree: quasi-completely)."""
    ties = [i for i, x in enumerate(xs) if x == cut]
    y = [1 if x > cut or (quasi and i in ties[1::2]) else 0 for i, x in enumerate(xs)]
    if len(set(y)) < 2 or len(set(xs)) < 2:
        return                                    # one class, or x constant: nothing to fit
    X = [[float(x)] for x in xs]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        m = LogisticRegression(penalty="firth").fit(X, y)
        assert m.converged_ and all(abs(b) < 100 for b in m.params_), m.params_
        assert all(s > 0 for s in m.bse_)
    # Fisher scoring (linear, no step control): Newton's answer, a step too far, or a
    # ConvergenceWarning when max_iter runs out
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            irls = LogisticRegression(penalty="firth", solver="irls").fit(X, y)
        if irls.converged_:
            assert all(abs(u - v) <= 1e-5 * max(1.0, abs(v))
                       for u, v in zip(irls.params_, m.params_)), (irls.params_, m.params_)
        else:
            assert [type(w.message) for w in caught] == [ConvergenceWarning], caught
    except DivergenceError as e:
        assert "use solver='newton'" in str(e), e


with open(os.path.join(ROOT, "tests", "data", "firth_profile.json")) as f:
    PROFILE = json.load(f)          # tools/reference/firth_profile.R: R 4.2.2, brglm2 0.9
PROFILE_REL = 1e-5                  # the tolerance; the figures agree to ~1e-13


@pytest.mark.parametrize("name", sorted(CASES))
def test_penalised_lr_tests_and_profile_intervals_equal_r(name):
    """As logistf reports them: per coefficient 2 (l*(beta_hat) - max l* at beta_j = 0)
    and its chi2(1) p, the profile interval, and the model's test of the slopes."""
    X, y = CASES[name]
    m = LogisticRegression(penalty="firth").fit(X, y)
    ref = PROFILE[name]
    tests, ends = m.plr_test(), m.profile_conf_int()
    assert max_rel([t[0] for t in tests], ref["plr_chi2"]) <= PROFILE_REL
    assert max_rel([t[1] for t in tests], ref["plr_p"]) <= PROFILE_REL
    assert max_rel([e[0] for e in ends], ref["profile_lower"]) <= PROFILE_REL
    assert max_rel([e[1] for e in ends], ref["profile_upper"]) <= PROFILE_REL
    chi2, df, p = m.plr_test(m.param_names_[1:])
    assert df == ref["model_df"] and max_rel([chi2, p], [ref["model_chi2"], ref["model_p"]]) \
        <= PROFILE_REL
    text = m.summary()
    assert "P>chi2" in text and "%.4f" % ref["profile_upper"][-1] in text, text
