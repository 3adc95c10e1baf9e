"""Golden test: Spector, probit, with the expected and the observed information.

Expected information (R's glm, statsmodels' GLM). Reference: R 4.2.2's glm via tools/reference/glm_reference.R (figures and 'iter'
as tests/golden.py says), and statsmodels 0.15.0's iteration count:

  glm(GRADE ~ GPA + TUCE + PSI, family = binomial(link = "probit"))
  statsmodels: sm.GLM(y, X, family=Binomial(link=Probit())).fit(): 6 iterations.

Observed information: Stata's probit, as shipped in statsmodels 0.15.0's test
suite (statsmodels/discrete/tests/results/results_discrete.py, Spector.probit:
"probit grade gpa tuce psi"); statsmodels' own sm.Probit(y, X).fit() takes 6
Newton iterations. Stata's figures are printed with 9 to 12 digits.

Tolerance: 1e-6 relative (measured: 1e-8 against R, 1.3e-7 against Stata).
"""

from golden import ALL, check_glm, max_rel, spector

from minilogit.models.glm import GLM

REL = 1e-6
STATSMODELS_ITER = 6

SPECTOR_PROBIT_R = {
    'params': [-7.4523196459720706, 1.6258100421199968, 0.051728945076662855, 1.4263323415981952],
    'bse': [2.5715582027155626, 0.68973139679316919, 0.081194845371356364, 0.5869588703841927],
    'llf': -12.818804068889442, 'deviance': 25.637608137778884, 'null_deviance': 41.183459393234578,
    'aic': 33.637608137778884, 'df_resid': 28, 'dispersion': 1, 'iter': 6}

STATA_PROBIT = {     # intercept first (Stata prints it last)
    "params": [-7.45232041607, 1.62581025407, .051728948442, 1.42633236818],
    "bse": [2.54247249731, .693882522754, .083890261293, .595037920474],
    "llf": -12.8188033249334, "llnull": -20.5917296966173, "aic": 33.637606649867,
    "bic": 39.500550261066, "prsquared": .377478069409622}


def test_spector_probit_expected_information_matches_r():
    X, y = spector()
    m = GLM(link="probit").fit(X, y)
    R = SPECTOR_PROBIT_R
    check_glm(m, R, ALL, REL, min(R["iter"], STATSMODELS_ITER))


def test_spector_probit_observed_information_matches_stata():
    X, y = spector()
    m = GLM(link="probit", cov_type="observed").fit(X, y)
    S = STATA_PROBIT
    check_glm(m, S, ("params", "bse", "llf", "llnull", "aic", "bic", "prsquared"), REL,
              STATSMODELS_ITER)
    assert "observed information" in m.summary().splitlines()[0]


def test_expected_and_observed_differ_for_probit_only():
    """The two informations differ for probit (3% here) and are one matrix for logit."""
    X, y = spector()
    e = GLM(link="probit").fit(X, y).bse_
    o = GLM(link="probit", cov_type="observed").fit(X, y).bse_
    assert 0.01 < max_rel(e, o) < 0.1
    e = GLM().fit(X, y).bse_
    o = GLM(cov_type="observed").fit(X, y).bse_
    assert max_rel(o, e) < 1e-12
