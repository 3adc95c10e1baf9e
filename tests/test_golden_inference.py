"""Golden tests: robust covariances, Wald and likelihood-ratio tests, and
intervals for predicted means, against R.

Reference: tests/data/inference_r.json, made by tools/reference/inference_reference.R
with R 4.2.2 (Debian's r-base-core), sandwich 3.0.2, MASS 7.3.58.2 and lmtest
0.9.40, every glm refitted with glm.control(epsilon = 1e-14) (its "_provenance"
key and tests/data/README.md say how each figure is defined). The calls:

  sandwich::vcovHC(m, type = "HC0" | "HC1" | "HC2" | "HC3")
  sandwich::vcovCL(m, cluster = groups)                 (defaults: type HC0, G/(G - 1))
  W = t(Rb - q) solve(R V R') (Rb - q), pchisq(W, nrow(R), lower.tail = FALSE),
      V = vcov(m) or vcovHC(m, "HC3")                   (checked there against lmtest::waldtest)
  anova(m_small, m_big, test = "Chisq")
  predict(m, newdata, type = "link", se.fit = TRUE), family(m)$linkinv(fit -/+ z se.fit)

on Spector (GRADE ~ GPA + TUCE + PSI, logit and probit), Cpunish (the Poisson
model of tests/golden.py, no exposure) and the six-point dose example.

Tolerance 1e-8 relative (measured: coefficients 8e-15, covariances, robust or
not, 6e-12 (cpunish; 2e-13 on Spector), Wald statistics and p-values 2e-12,
interval ends 7e-14).
"""

import json
import math
import os

import pytest

from golden import cpunish, max_rel, spector

from minilogit import GLM, DataError, InferenceError, LogisticRegression

REL = 1e-8
R = json.load(open(os.path.join(os.path.dirname(os.path.abspath(__file__)), "data",
                                "inference_r.json")))
DOSE = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]


def _cpunish():
    X, y, _ = cpunish()
    return X, y


FITS = {
    "spector_logit": lambda: LogisticRegression().fit(*spector()),
    "spector_probit": lambda: GLM(link="probit").fit(*spector()),
    "dose": lambda: LogisticRegression().fit(*DOSE),
    "cpunish_poisson": lambda: GLM(family="poisson").fit(*_cpunish()),
}


def max_rel_matrix(got, want):
    """The largest |got - want| over an entry, relative to the largest |want| of
    its row or column (an off-diagonal covariance can be near 0)."""
    scale = [max(abs(v) for v in row) for row in want]
    return max(abs(g - w) / max(scale[i], scale[j])
               for i, (grow, wrow) in enumerate(zip(got, want))
               for j, (g, w) in enumerate(zip(grow, wrow)))


@pytest.mark.parametrize("name", sorted(FITS))
def test_the_coefficients_and_the_covariance_are_rs(name):
    m, ref = FITS[name](), R[name]
    assert max_rel(m.params_, ref["params"]) < REL
    assert max_rel_matrix(m.cov_params_, ref["vcov"]) < REL


@pytest.mark.parametrize("cov_type", ["HC0", "HC1", "HC2", "HC3"])
@pytest.mark.parametrize("name", sorted(FITS))
def test_heteroskedasticity_robust_covariances_are_sandwich_vcovHC(name, cov_type):
    m, ref = FITS[name](), R[name]
    robust = m.robust(cov_type)
    err = max_rel_matrix(robust.cov_params_, ref[cov_type])
    assert err < REL, err
    assert robust.bse_ == [math.sqrt(robust.cov_params_[j][j]) for j in range(len(m.params_))]
    assert robust.bse_ != m.bse_ and robust.params_ == m.params_


@pytest.mark.parametrize("name", sorted(FITS))
def test_cluster_robust_covariances_are_sandwich_vcovCL(name):
    m, ref = FITS[name](), R[name]
    err = max_rel_matrix(m.robust("cluster", groups=ref["groups"]).cov_params_, ref["CL"])
    assert err < REL, err


def test_every_summary_quantity_follows_the_robust_covariance():
    m = FITS["spector_logit"]()
    hc1 = m.robust("HC1")
    se = [math.sqrt(R["spector_logit"]["HC1"][j][j]) for j in range(4)]
    assert max_rel(hc1.bse_, se) < REL
    assert max_rel(hc1.zvalues_, [b / s for b, s in zip(m.params_, se)]) < REL
    assert hc1.conf_int()[1][0] == m.params_[1] - 1.959963984540054 * hc1.bse_[1]
    text = hc1.summary()
    assert "Covariance:" in text and "HC1 (sandwich)" in text and "Information:" not in text
    assert ("%.4f" % hc1.bse_[1]) in text and ("%.4f" % m.bse_[1]) not in text
    assert "Information:" in m.summary()        # the model's own stays as it was
    assert hc1.llf_ == m.llf_ and hc1.aic_ == m.aic_


@pytest.mark.parametrize("key", ["a_GPA_eq_PSI", "b_TUCE_PSI_0", "c_GPA_eq_2"])
@pytest.mark.parametrize("cov", ["vcov", "HC3"])
def test_wald_tests_are_rs(key, cov):
    ref = R["wald"][key]
    m = FITS[ref["model"]]()
    inference = m.inference_ if cov == "vcov" else m.robust("HC3")
    chi2, df, p = inference.wald_test(ref["R"], ref["q"])
    assert df == ref[cov]["df"]
    assert max_rel([chi2, p], [ref[cov]["statistic"], ref[cov]["p"]]) < REL, (chi2, p)


def test_wald_tests_by_name_are_the_same_tests():
    m = FITS["spector_logit"]()              # x0 = GPA, x1 = TUCE, x2 = PSI
    for key, text in [("a_GPA_eq_PSI", "x0 = x2"), ("b_TUCE_PSI_0", "x1 = x2 = 0"),
                      ("c_GPA_eq_2", "x0 = 2"), ("c_GPA_eq_2", "2 = x0"),
                      ("a_GPA_eq_PSI", "x0 - x2 = 0"), ("c_GPA_eq_2", "0.5 * x0 = 1")]:
        test = m.wald_test(text)
        assert max_rel(test.statistic, R["wald"][key]["vcov"]["statistic"]) < REL, text
        assert text in str(test)


def test_a_wald_test_of_the_poisson_fit_is_rs():
    ref = R["wald"]["cpunish_INCOME_PERPOVERTY_0"]
    chi2, df, p = FITS["cpunish_poisson"]().wald_test("x0 = x1 = 0")
    assert df == 2 and max_rel([chi2, p], [ref["vcov"]["statistic"], ref["vcov"]["p"]]) < REL


@pytest.mark.parametrize("key, columns", [("spector_GPA", [0]), ("spector_GPA_PSI", [0, 2]),
                                          ("cpunish_no_INCOME_PERPOVERTY", [2, 3, 4, 5])])
def test_likelihood_ratio_tests_are_rs_anova(key, columns):
    ref = R["lrtest"][key]
    big = FITS["cpunish_poisson" if key.startswith("cpunish") else "spector_logit"]()
    X, y = _cpunish() if key.startswith("cpunish") else spector()
    small = type(big)(**big.get_params()).fit([[r[j] for j in columns] for r in X], y)
    for test in (big.lr_test(small), small.lr_test(big)):       # either way round
        chi2, df, p = test
        assert df == ref["df"]
        assert max_rel([chi2, p], [ref["statistic"], ref["p"]]) < REL, (chi2, p)
    assert max_rel([small.llf_, big.llf_], [ref["loglik_small"], ref["loglik_big"]]) < REL


def test_lr_test_refuses_fits_that_are_not_nested_or_not_of_the_same_rows():
    X, y = spector()
    big = LogisticRegression().fit(X, y)
    other = LogisticRegression().fit([[r[0], r[1] * 2.0] for r in X], y)
    with pytest.raises(DataError, match="column 2 of the smaller fit's design"):
        big.lr_test(other)
    with pytest.raises(DataError, match="same rows"):
        big.lr_test(LogisticRegression().fit([r[:1] for r in X], [1 - v for v in y]))
    with pytest.raises(DataError, match="same rows"):
        big.lr_test(LogisticRegression().fit(X[1:], y[1:]))
    with pytest.raises(DataError, match="same 4 parameters"):
        big.lr_test(LogisticRegression().fit(X, y))
    with pytest.raises(DataError, match="one model"):
        big.lr_test(GLM(link="probit").fit(X, y))
    with pytest.raises(InferenceError, match="penalised"):
        big.lr_test(LogisticRegression(penalty="l2").fit([r[:1] for r in X], y))


def _predict_rows(name):
    ref = R[name]["predict"]
    if name.startswith("cpunish"):      # VC100k96 enters as its log, as in tests/golden.py
        return [r[:3] + [math.log(r[3])] + r[4:] for r in ref["newdata"]]
    return [[float(v) for v in r] for r in ref["newdata"]]


@pytest.mark.parametrize("name", ["spector_logit", "spector_probit", "cpunish_poisson"])
@pytest.mark.parametrize("level", ["0.95", "0.9"])
def test_intervals_for_predicted_means_are_rs_predict_se_fit(name, level):
    m, ref = FITS[name](), R[name]["predict"]
    rows = _predict_rows(name)
    got = m.predict_conf_int(rows, alpha=1.0 - float(level))
    want = ref["ci_" + level]
    assert max_rel([lo for lo, _ in got], want["lower"]) < REL
    assert max_rel([hi for _, hi in got], want["upper"]) < REL
    mean = m.predict(rows) if name.startswith("cpunish") else (
        [p[1] for p in m.predict_proba(rows)] if isinstance(m, LogisticRegression)
        else m.predict(rows))
    assert all(lo < mu < hi for (lo, hi), mu in zip(got, mean))


def test_robust_covariances_refuse_what_they_cannot_answer():
    m = FITS["dose"]()
    with pytest.raises(DataError, match="cov_type must be one of HC0"):
        m.robust("HC4")
    with pytest.raises(DataError, match="needs groups="):
        m.robust("cluster")
    with pytest.raises(DataError, match="groups= is for"):
        m.robust("HC0", groups=[0] * 6)
    with pytest.raises(DataError, match="2 or more groups"):
        m.robust("cluster", groups=[0] * 6)
    with pytest.raises(DataError, match="groups has 5 labels"):
        m.robust("cluster", groups=[0, 1, 0, 1, 0])
    with pytest.raises(InferenceError, match="penalised"):
        LogisticRegression(penalty="l2").fit(*DOSE).robust("HC0")
