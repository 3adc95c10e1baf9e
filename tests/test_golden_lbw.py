"""Golden test: Lbw (low birth weight), binomial logit with race dummies.

Reference: R 4.2.2's glm via tools/reference/glm_reference.R (figures and 'iter'
as tests/golden.py says), and statsmodels 0.15.0's iteration count:

  glm(low ~ age + lwt + race_black + race_other + smoke + ptl + ht + ui,
      family = binomial)    # race_black = (race == "black"), race_other = (race == "other")
  statsmodels: sm.GLM(y, X, family=Binomial()).fit(): 5 iterations.

Tolerance: 1e-6 relative (measured: 7e-9 or better).
"""

from golden import ALL, check_glm, lbw

from minilogit.glm.model import GLM

REL = 1e-6
STATSMODELS_ITER = 5

LBW_R = {
    'params': [0.46122388641737688, -0.027100310886233603, -0.015150818440521645, 1.2626472843971883, 0.8620791617982263, 0.92334482228527193, 0.54183656476303965, 1.832517803548589, 0.75851348017118403],
    'bse': [1.2045897480632473, 0.036450426594799343, 0.0069258785840442564, 0.52641014246100348, 0.43915315457664778, 0.40082664217968716, 0.34624899750097743, 0.69162923517807873, 0.45937677054989773],
    'llf': -100.72399556625111, 'deviance': 201.44799113250221, 'null_deviance': 234.67199619321852,
    'aic': 219.44799113250221, 'df_resid': 180, 'dispersion': 1, 'iter': 4}


def test_lbw_matches_r():
    """The race dummies' coefficients and everything else as R's."""
    check_glm(GLM().fit(*lbw()), LBW_R, ALL, REL, min(LBW_R["iter"], STATSMODELS_ITER))
