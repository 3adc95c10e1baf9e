"""Golden test: marginal effects and their delta-method standard errors.

Reference: statsmodels 0.15.0 (numpy 2.4.6, pandas 3.1.1, CPython 3.11.7, x86_64
Linux, in a scratch virtual environment), tests/data/margeff_statsmodels.json,
written by tools/reference/margeff_reference.py (its "_provenance" entry gives
the versions and calls). Each case is fitted by statsmodels and then

  res.get_margeff(at="overall"), res.get_margeff(at="mean"),
  res.get_margeff(at="overall", atexog=<3 rows>), (..., atexog=<1 row>),
  res.get_margeff(at="mean", atexog=<3 rows>)      (method "dydx", the default)

with the fits

  spector_logit:   sm.Logit(GRADE, const + GPA, TUCE, PSI).fit(disp=0)
                   against LogisticRegression() and GLM();
  spector_probit:  sm.Probit(...).fit(disp=0) against GLM(link="probit",
                   cov_type="observed"): Probit's covariance is the inverse of
                   the observed information (the Hessian), not GLM's expected one;
  anes96_mnlogit:  sm.MNLogit(PID, const + log(popul + 0.1), selfLR, age, educ,
                   income).fit(method="newton", disp=0) against
                   SoftmaxRegression(reference_class=0);
  cpunish_poisson: sm.Poisson(EXECUTIONS, const + INCOME, PERPOVERTY, PERBLACK,
                   log(VC100k96), SOUTH, DEGREE).fit(disp=0, maxiter=100)
                   against GLM(family="poisson").

statsmodels differentiates the effects by the complex step, exact to rounding
here; minilogit writes the Jacobian out. Tolerance: 1e-8 relative on margeff and
margeff_se (measured, the largest over a case's five calls: spector logit 2.5e-14
(LogisticRegression), 4.7e-15 (GLM); probit 1.1e-14; anes96 9.4e-13 (on an effect of
-2.1e-6 at the mean: a difference of 2e-18); cpunish 7.7e-14; the fits' coefficients
agree to 3e-14).
"""

import json
import os

import pytest

from golden import anes96, cpunish, max_rel, spector

from minilogit import GLM, InferenceError, LogisticRegression, SoftmaxRegression

REL = 1e-8
REFERENCE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                         "margeff_statsmodels.json")


@pytest.fixture(scope="module")
def ref():
    with open(REFERENCE) as f:
        return json.load(f)


def fits():
    """(case, a label, the minilogit model fitted as statsmodels fits it)."""
    X, y = spector()
    Xa, ya = anes96()
    Xc, yc, _ = cpunish()
    return [("spector_logit", "LogisticRegression()", LogisticRegression().fit(X, y)),
            ("spector_logit", "GLM()", GLM().fit(X, y)),
            ("spector_probit", "GLM(link='probit', cov_type='observed')",
             GLM(link="probit", cov_type="observed").fit(X, y)),
            ("anes96_mnlogit", "SoftmaxRegression(reference_class=0)",
             SoftmaxRegression(reference_class=0).fit(Xa, ya)),
            ("cpunish_poisson", "GLM(family='poisson')", GLM(family="poisson").fit(Xc, yc))]


def flat(v):
    return [x for row in v for x in row] if v and isinstance(v[0], list) else list(v)


def agreement(m, case):
    """The largest relative difference of margeff and margeff_se over the case's calls."""
    worst = 0.0
    for e in case["effects"]:
        assert e["method"] == "dydx"
        me = m.marginal_effects(at=e["at"], rows=e["rows"])
        assert me.method_ == "dy/dx" and me.at_ == e["at"]
        for got, want in ((me.margeff_, e["margeff"]), (me.bse_, e["margeff_se"])):
            worst = max(worst, max_rel(flat(got), flat(want)))
    return worst


@pytest.mark.parametrize("name,label,m", fits(), ids=lambda v: v if isinstance(v, str) else "")
def test_marginal_effects_match_statsmodels(ref, name, label, m):
    case = ref[name]
    assert case["converged"] and m.converged_, (name, label)
    assert max_rel(m.params_, flat(case["params"])) < 1e-12, (name, label)   # the same optimum
    worst = agreement(m, case)
    assert worst < REL, (name, label, worst)


def test_the_cases_cover_every_call(ref):
    """Five calls a case: overall, mean, and three with rows given (atexog)."""
    for name in ("spector_logit", "spector_probit", "anes96_mnlogit", "cpunish_poisson"):
        calls = [(e["at"], None if e["rows"] is None else len(e["rows"]))
                 for e in ref[name]["effects"]]
        assert calls == [("overall", None), ("mean", None), ("overall", 3), ("overall", 1),
                         ("mean", 3)], (name, calls)
    assert ref["_provenance"]["versions"]["statsmodels"] == "0.15.0"


def test_multinomial_effects_are_one_list_per_class_and_sum_to_zero(ref):
    """MNLogit's layout: a list per outcome, the baseline first; each feature's
    effects sum to 0 over the classes (the probabilities sum to 1)."""
    Xa, ya = anes96()
    me = SoftmaxRegression(reference_class=0).fit(Xa, ya).marginal_effects()
    assert me.classes_ == [0, 1, 2, 3, 4, 5, 6] and len(me.margeff_) == 7
    assert all(len(e_k) == 5 for e_k in me.margeff_)
    for j in range(5):
        assert abs(sum(e_k[j] for e_k in me.margeff_)) < 1e-15
    text = me.summary()
    assert "class 0" in text and "class 6" in text and text.count("\nx1 ") == 7


def test_probit_needs_the_observed_information_to_match_statsmodels(ref):
    """GLM's default covariance (the expected information) gives other standard
    errors for probit (the effects themselves are the same): statsmodels' Probit
    inverts the Hessian, so the reference is GLM(link="probit", cov_type="observed")."""
    X, y = spector()
    e = ref["spector_probit"]["effects"][0]
    me = GLM(link="probit").fit(X, y).marginal_effects()
    assert max_rel(me.margeff_, e["margeff"]) < REL
    assert max_rel(me.bse_, e["margeff_se"]) > 1e-3


def test_refused_without_the_training_data():
    import pickle
    X, y = spector()
    m = pickle.loads(pickle.dumps(LogisticRegression().fit(X, y)))
    with pytest.raises(InferenceError, match="need the training data"):
        m.marginal_effects()
