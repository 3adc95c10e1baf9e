"""Golden test: a GLM's deviance and Pearson chi^2, and the summary rows that show them.

Reference: statsmodels 0.15.0 (numpy 2, pandas 2), in a scratch environment:

  sm.GLM(y, sm.add_constant(X), family=F).fit(tol=1e-12); r.deviance, r.pearson_chi2
  cpunish: EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + VC100k96 + SOUTH + DEGREE,
      F = Poisson()
  spector: GRADE ~ GPA + TUCE + PSI, F = Binomial(links.Probit())
  longley: TOTEMP ~ GNPDEFL + GNP + UNEMP + ARMED + POP + YEAR, F = Gaussian()
      (fit() with its default tol)

Tolerance: 1e-7 relative. The deviance agrees to 2e-15; Pearson's chi^2, which
is not flat at the optimum as the deviance is, to 2e-14 (Poisson) and 2.3e-9
(probit, whose optimum the two IRLS runs reach to about that).
"""

import os

import pytest

from minilogit import GLM
from minilogit.datasets import load_csv

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "glm")
REL = 1e-7

CASES = [
    ("cpunish.csv", "EXECUTIONS", "INCOME,PERPOVERTY,PERBLACK,VC100k96,SOUTH,DEGREE",
     GLM(family="poisson", tol=1e-12), 18.988181545331035, 25.343733463846362),
    ("spector.csv", "GRADE", "GPA,TUCE,PSI", GLM(link="probit", tol=1e-12),
     25.637608137778884, 26.251605147211357),
    ("longley.csv", "TOTEMP", "GNPDEFL,GNP,UNEMP,ARMED,POP,YEAR", GLM(family="gaussian"),
     836424.0555059826, 836424.0555059826),
]


@pytest.mark.parametrize("name, target, columns, model, deviance, pearson", CASES)
def test_deviance_and_pearson_chi2_match_statsmodels(name, target, columns, model, deviance,
                                                      pearson):
    data = load_csv(os.path.join(DATA, name), target=target, columns=columns.split(","))
    m = model.fit(data.data, data.target)
    assert abs(m.deviance_ - deviance) <= REL * deviance
    assert abs(m.pearson_chi2_ - pearson) <= REL * pearson
    words = " ".join(m.summary().split())
    assert "Deviance: %.4f" % m.deviance_ in words
    assert "Pearson chi2: %.4g" % m.pearson_chi2_ in words
    if model.family == "gaussian":          # the scale is Pearson's chi^2 over df_resid
        assert abs(m.scale_ - m.pearson_chi2_ / m.df_resid_) <= 1e-12 * m.scale_


def test_a_logistic_regression_summary_has_no_pearson_row():
    """statsmodels' Logit prints neither; the binomial GLM does."""
    from minilogit import LogisticRegression
    m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    assert m.pearson_chi2_ is None and "Pearson" not in m.summary()
