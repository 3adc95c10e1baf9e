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

Standard errors against statsmodels 0.15.0 (numpy 2.4.6, CPython 3.11.7, x86_64
Linux), X = sm.add_constant([GPA, TUCE, PSI]), y = GRADE, figures printed with repr:

  SM_PROBIT: sm.Probit(y, X).fit(disp=0): Newton, 6 iterations; bse from the
    observed information (the Hessian of -log-likelihood).
  SM_CLOGLOG_OBSERVED: sm.GLM(y, X, family=Binomial(CLogLog())).fit(method="newton"):
    bse from the observed information (the score is below 5e-14 there).
  SM_CLOGLOG_EXPECTED: sm.GLM(y, X, family=Binomial(CLogLog())).fit(start_params=
    <SM_CLOGLOG_OBSERVED's params>): one IRLS step, bse from the expected information.

Tolerance 1e-8 relative on the standard errors (measured: 1.1e-14 for probit,
1.2e-9 for cloglog, whose coefficients agree to 1.8e-9).
"""

from golden import ALL, check_glm, max_rel, spector

from minilogit.glm.model import GLM

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

SM_PROBIT = {'params': [-7.452319648220315, 1.6258100394515838, 0.05172894550759983,
                        1.426332342007149],
             'bse': [2.5424723214779226, 0.6938824884414588, 0.08389026142653114,
                     0.5950379023502977]}
SM_CLOGLOG_OBSERVED = {'params': [-10.031418788347743, 2.2935526680524383, 0.04115597245713551,
                                  1.5622758811322945],
                       'bse': [3.479058319572528, 1.0350010929028486, 0.10731359372210328,
                               0.7305064287162232]}
SM_CLOGLOG_EXPECTED = {'params': [-10.031418788347713, 2.293552668052434, 0.04115597245713543,
                                  1.5622758811322934],
                       'bse': [3.436044391314323, 0.917671329988564, 0.09697106511174071,
                               0.7261554710108261]}
SE_REL = 1e-8


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
    assert "Information:" in m.summary() and "observed" in _information_row(m)


def _information_row(m):
    """The summary's "Information:" row, spaces squeezed."""
    rows = [" ".join(r.split()) for r in m.summary().splitlines() if r.startswith("Information:")]
    assert len(rows) == 1, m.summary()
    return rows[0]


def test_standard_errors_match_statsmodels_and_name_their_information():
    """Probit and cloglog: cov_type="observed" gives statsmodels' Probit (and GLM
    Newton) standard errors, the default "expected" its GLM IRLS ones; the
    summary names which; the default differs from Probit's by 3.2%."""
    X, y = spector()
    for link, cov_type, ref in (("probit", "observed", SM_PROBIT),
                                ("cloglog", "observed", SM_CLOGLOG_OBSERVED),
                                ("cloglog", "expected", SM_CLOGLOG_EXPECTED)):
        m = GLM(link=link, cov_type=cov_type).fit(X, y)
        assert max_rel(m.params_, ref["params"]) < SE_REL, (link, m.params_)
        assert max_rel(m.bse_, ref["bse"]) < SE_REL, (link, cov_type, m.bse_)
        assert _information_row(m) == "Information: " + cov_type
    default = GLM(link="probit").fit(X, y)
    assert _information_row(default) == "Information: expected"
    assert 0.031 < max_rel(default.bse_, SM_PROBIT["bse"]) < 0.033
    assert _information_row(GLM().fit(X, y)) == "Information: observed = expected"


def test_expected_and_observed_differ_for_probit_only():
    """The two informations differ for probit (3% here) and are one matrix for logit."""
    X, y = spector()
    e = GLM(link="probit").fit(X, y).bse_
    o = GLM(link="probit", cov_type="observed").fit(X, y).bse_
    assert 0.01 < max_rel(e, o) < 0.1
    e = GLM().fit(X, y).bse_
    o = GLM(cov_type="observed").fit(X, y).bse_
    assert max_rel(o, e) < 1e-12
