"""GLM: binomial (logit, probit, cloglog), Poisson and gaussian fits by IRLS.

Golden numbers: statsmodels 0.15.0 (numpy 2.4.6), a subset of those in
tests/test_glm.py, where the data's origin and the exact calls are written
out (here X1 = sm.add_constant(np.array(X)), F = sm.families):

  PROBIT   sm.GLM(YB, X1, family=F.Binomial(link=F.links.Probit())).fit(tol=1e-14)
  CLOGLOG  sm.GLM(YB, X1, family=F.Binomial(link=F.links.CLogLog())).fit(tol=1e-14)
  POISSON  sm.GLM(YC, X1, family=F.Poisson()).fit(tol=1e-14)
  GAUSSIAN sm.GLM(YR, X1, family=F.Gaussian()).fit(tol=1e-14)
  POISSON_W  the same as POISSON with freq_weights=np.array(W)

Tolerance 1e-6 relative (the fits stop on the gradient test, tol 1e-8); in
single precision helpers.FIT (how close a fit comes to the optimum there).
"""

from helpers import EPS, FIT, HUGE, assert_close, fit, only, raises, warnings_from

from minilogit import DataError, LogisticRegression, SeparationWarning
from minilogit.glm.links import get_link
from minilogit.glm.model import GLM

REL = max(1e-6, FIT)

X = [[2.87, 1.2], [-0.49, -0.01], [2.32, -0.81], [0.95, -1.03], [0.54, 0.62], [-0.21, -0.73],
     [-0.27, 0.4], [-1.61, -0.37], [0.05, 1.15], [1.09, 1.28], [0.66, 0.96], [-0.53, 0.14],
     [-0.2, 0.57], [-0.24, -1.34], [-0.76, -0.93], [-0.62, 0.28], [-1.15, 0.92], [-0.69, -0.98],
     [0.91, -0.88], [-1.56, 1.07], [-0.79, 0.7], [0.2, 0.15], [0.43, 1.43], [-1.74, -0.47],
     [-0.29, 0.16], [-0.6, 0.5], [-0.59, -0.93], [0.68, -1.27], [0.82, -0.44], [-0.64, 0.92],
     [0.34, 0.69], [-1.74, 0.69], [-0.18, 0.63], [1.79, -0.98], [-0.07, 1.32], [-2.48, -1.22],
     [0.1, 1.22], [1.19, -1.13], [0.44, -0.71], [0.35, 1.2]]
YB = [1, 1, 1, 1, 0, 1, 0, 0, 0, 1, 1, 1, 0, 1, 1, 0, 1, 1, 1, 0, 1, 0, 0, 1, 1, 0, 0, 1, 1, 1,
      1, 0, 0, 1, 0, 0, 1, 1, 1, 0]
YC = [3, 1, 3, 1, 2, 1, 0, 0, 1, 1, 0, 4, 2, 1, 3, 1, 0, 0, 4, 0, 1, 2, 1, 0, 2, 2, 1, 4, 0, 1,
      0, 0, 1, 4, 0, 0, 1, 3, 4, 1]
YR = [5.47, 1.88, 7.23, 5.2, 2.2, 2.57, 1.35, 0.11, 0.53, 2.72, 3.66, -0.24, 0.52, 3.28, 0.52,
      0.39, -0.88, 1.42, 4.67, -3.27, -1.5, 1.26, 1.24, -0.16, 1.34, 1.1, 0.73, 4.17, 2.6, 0.36,
      0.77, -2.46, 1.56, 6.18, 1.14, -3.35, -0.47, 4.12, 2.77, 1.76]
W = [2, 1, 3, 1, 2, 2, 1, 3, 1, 2, 2, 2, 1, 1, 1, 3, 1, 1, 2, 3, 2, 1, 3, 1, 1, 1, 2, 1, 1, 1,
     3, 2, 2, 1, 1, 1, 1, 3, 3, 2]


# params, bse, and (where given) llf, deviance, scale
PROBIT = ([0.510695964347488, 0.6391548762525278, -0.6807844865401605],
          [0.2576169311938212, 0.264502130599484, 0.29168749091234986], -20.80343285355217)
CLOGLOG = ([0.12707358915779998, 0.7236200133774484, -0.7521402420408825],
           [0.25831568489649215, 0.30187464803568936, 0.3129144188678872], -20.381366469447038)
POISSON = ([0.22597983827924553, 0.42476753809925005, -0.3350590195557631],
           [0.14814649836353558, 0.11623257942203459, 0.1480759322662625],
           -54.050502549946714, 38.73633222101924)
POISSON_W = ([0.22805430447451938, 0.40893970596845797, -0.3822371283417749],
             [0.1154615300846599, 0.08522969527494084, 0.11349842283355376],
             -91.30459358628616, 62.608571535633686)
GAUSSIAN = ([1.7333901720665135, 1.9121566975224549, -0.8958935422977159],
            [0.12495748301511657, 0.11545281290704544, 0.1398501354433005],
            -45.50470246804195, 22.788078151318835, 0.6158940040896983)


def _fit(model, y, sample_weight=None):
    m, ws = warnings_from(model.fit, X, y, sample_weight)
    assert ws == [], ws
    assert m.converged_ and m.separation_ is None and m.inference_blocked_ is None
    return m


def _bse(m):
    return [m.cov_params_[j][j] ** 0.5 for j in range(len(m.params_))]


def test_probit_and_cloglog_match_statsmodels():
    for link, want in (("probit", PROBIT), ("cloglog", CLOGLOG)):
        m = _fit(GLM(link=link), YB)
        assert_close(m.params_, want[0], rel=REL, what=link + " params")
        assert_close(_bse(m), want[1], rel=REL, what=link + " bse")
        assert_close(m.llf_, want[2], rel=REL, what=link + " llf")
        assert m.scale_ == 1.0 and m.df_resid_ == 37 and m.df_model_ == 2


def test_poisson_matches_statsmodels():
    for w, want in ((None, POISSON), (W, POISSON_W)):
        m = _fit(GLM(family="poisson"), YC, w)
        assert_close(m.params_, want[0], rel=REL, what="poisson params")
        assert_close(_bse(m), want[1], rel=REL, what="poisson bse")
        assert_close(m.llf_, want[2], rel=REL, what="poisson llf")
        assert_close(m.deviance_, want[3], rel=REL, what="poisson deviance")
        assert m.nobs_ == (sum(w) if w else 40)


def test_gaussian_matches_statsmodels():
    m = _fit(GLM(family="gaussian"), YR)
    # least squares: one IRLS step, then the step after the test, which changes
    # nothing (R's glm also reports 2 iterations)
    assert m.n_iter_ == 2
    assert_close(m.params_, GAUSSIAN[0], rel=REL, what="gaussian params")
    assert_close(_bse(m), GAUSSIAN[1], rel=REL, what="gaussian bse")
    assert_close(m.llf_, GAUSSIAN[2], rel=REL, what="gaussian llf")
    assert_close(m.deviance_, GAUSSIAN[3], rel=REL, what="gaussian deviance")
    assert_close(m.scale_, GAUSSIAN[4], rel=REL, what="gaussian scale")


def test_logit_glm_is_logistic_regression():
    tol = max(1e-12, 64 * EPS)      # single precision: the float's own limit, solvers.TOL
    g = _fit(GLM(tol=tol), YB)
    lr = LogisticRegression(tol=tol).fit(X, YB)
    assert_close(g.params_, [lr.intercept_] + list(lr.coef_), rel=max(1e-10, FIT), what="logit")


def test_integer_weights_are_repeated_rows():
    w = [1 + (i % 3) for i in range(40)]
    rows, ys = [], []
    for r, v, k in zip(X, YB, w):
        rows.extend([r] * k)
        ys.extend([v] * k)
    a = GLM(link="cloglog").fit(X, YB, sample_weight=w)
    b = GLM(link="cloglog").fit(rows, ys)
    assert_close(a.params_, b.params_, rel=max(1e-8, FIT), what="params")
    assert_close(a.llf_, b.llf_, rel=max(1e-10, 16 * EPS), what="llf")
    assert a.nobs_ == b.nobs_ == sum(w)


def test_links_are_finite_far_out():
    for name in ("logit", "probit", "cloglog"):
        g = get_link(name)
        for eta in (-800.0, -40.0, 0.0, 40.0, 800.0):
            mu = g.inverse(eta)
            assert 0.0 <= mu <= 1.0, (name, eta, mu)
            lp1, lp0 = g.log_probs(eta)
            assert lp1 <= 0.0 and lp0 <= 0.0 and lp1 > -HUGE, (name, eta)
    assert_close(get_link("probit").log_probs(-40.0)[0], -804.6084420137539,
                 rel=max(1e-13, 8 * EPS), what="log Phi(-40)")
    assert get_link("log").inverse(1000.0) == float("inf")


def test_separation_blocks_inference():
    m, ws = fit(GLM(link="probit"), [[-2.0], [-1.0], [1.0], [2.0]], [0, 0, 1, 1])
    assert len(only(ws, SeparationWarning)) == 1
    assert m.cov_params_ is None and m.separation_ is not None
    assert "separated" in m.inference_blocked_ and "does not exist" in m.inference_blocked_


def test_bad_input():
    e = raises(DataError, GLM(family="gamma").fit, X, YB)
    assert "choose one of binomial, gaussian, poisson" in str(e)
    e = raises(DataError, GLM(family="poisson", link="logit").fit, X, YC)
    assert "does not take the logit link" in str(e)
    e = raises(DataError, GLM().fit, X, YB[:39] + [2])
    assert str(e).startswith("y[39] is 2"), str(e)
    e = raises(DataError, GLM(family="poisson").fit, X, YC[:39] + [-3])
    assert str(e).startswith("y[39] is -3"), str(e)
    e = raises(DataError, GLM().fit, X, YB, [1] * 39 + [-1])
    assert "sample_weight[39]" in str(e)
    raises(DataError, GLM(solver="sgd").fit, X, YB)
