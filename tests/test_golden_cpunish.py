"""Golden test: Cpunish, Poisson, with and without the offset log(exposure).

Reference: R 4.2.2's glm via tools/reference/glm_reference.R (figures and 'iter'
as tests/golden.py says), and statsmodels 0.15.0's iteration count:

  glm(EXECUTIONS ~ INCOME + PERPOVERTY + PERBLACK + log(VC100k96) + SOUTH + DEGREE,
      family = poisson)
  the same + offset(log(t)), t = (0:16 %% 5) + 1, an exposure made up for the test
  statsmodels: sm.GLM(y, X, family=Poisson()[, exposure=t]).fit(): 5 and 6 iterations.

Tolerance: 1e-6 relative (measured: about 4e-9 or better).
"""

import math

import pytest
from golden import ALL, check_glm, cpunish, max_rel

from minilogit import DataError
from minilogit.glm.model import GLM

REL = 1e-6
STATSMODELS_ITER = {"plain": 5, "offset": 6}

CPUNISH_R = {
    'params': [-6.8014798608837639, 0.00026110165198085398, 0.077818015042688843, -0.094931107814031759, 0.29693493348142136, 2.3011833213364725, -18.72206799805803],
    'bse': [4.1468730822069562, 5.1871488375915235e-05, 0.079402604233505716, 0.022919301672570416, 0.43751756905675837, 0.42838379662694587, 4.283979303180292],
    'llf': -31.927328694825142, 'deviance': 18.591641759528962, 'null_deviance': 136.57281747225119,
    'aic': 77.854657389650285, 'df_resid': 10, 'dispersion': 1, 'iter': 5}

CPUNISH_OFFSET_R = {
    'params': [-12.207070940986009, 0.0004153313175495419, 0.11537645038446165, -0.13363890664982969, 0.53300826309135518, 2.6537007565746795, -30.796056911852606],
    'bse': [4.2489933867553553, 4.9037762098188184e-05, 0.095501814151118997, 0.022518754114408908, 0.42847603993751898, 0.43007643903228904, 4.8352595554170366],
    'llf': -34.687029385420566, 'deviance': 24.111043140719811, 'null_deviance': 219.66823281793481,
    'aic': 83.374058770841131, 'df_resid': 10, 'dispersion': 1, 'iter': 5}


def check(m, R, iterations):
    check_glm(m, R, ALL, REL, min(R["iter"], iterations))
    assert m.df_resid_ == R["df_resid"]


def test_cpunish_matches_r():
    """R's figures, in no more iterations; explain() names R's deviance test, which stopped it."""
    X, y, _ = cpunish()
    m = GLM(family="poisson").fit(X, y)
    check(m, CPUNISH_R, STATSMODELS_ITER["plain"])
    assert m.result_.test == "deviance" and "the deviance D changed by" in m.explain()


def test_cpunish_with_exposure_and_with_offset_match_r():
    """exposure=t and offset=log(t) are the same model: R's offset(log(t))."""
    X, y, t = cpunish()
    for kwargs in ({"exposure": t}, {"offset": [math.log(v) for v in t]}):
        m = GLM(family="poisson").fit(X, y, **kwargs)
        check(m, CPUNISH_OFFSET_R, STATSMODELS_ITER["offset"])
        # predict: the expected count over the exposure; without it, per unit of exposure
        mu = m.predict(X[:3], exposure=t[:3])
        per_unit = m.predict(X[:3])
        assert max_rel(mu, [u * v for u, v in zip(per_unit, t[:3])]) < 1e-12


def test_cpunish_score_is_r_s_share_of_deviance_with_the_exposure():
    """score(X, y, exposure=t) = 1 - deviance / null.deviance of R's glm with
    offset(log(t)) (its null model keeps the offset), not the 0.6469 of the
    means at exposure 1 against the plain mean of y; without t it is refused."""
    X, y, t = cpunish()
    m = GLM(family="poisson").fit(X, y, exposure=t)
    want = 1.0 - CPUNISH_OFFSET_R["deviance"] / CPUNISH_OFFSET_R["null_deviance"]  # 0.890239
    assert max_rel([m.score(X, y, exposure=t)], [want]) < REL
    plain = GLM(family="poisson").fit(X, y)
    plain_want = 1.0 - CPUNISH_R["deviance"] / CPUNISH_R["null_deviance"]       # 0.863870
    assert max_rel([plain.score(X, y)], [plain_want]) < REL
    with pytest.raises(DataError, match="fitted with an offset or exposure"):
        m.score(X, y)


def test_cpunish_summary_names_the_offset():
    X, y, t = cpunish()
    text = GLM(family="poisson").fit(X, y, exposure=t).summary()
    assert "with an offset" in text.splitlines()[0]
