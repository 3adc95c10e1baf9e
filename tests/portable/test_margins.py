"""Marginal effects (minilogit.margins) on every runtime: the effects against a
central difference of the fitted means, the Jacobian of the delta method against
a central difference of the effects, the effect at the mean by hand, and the
refusals. (statsmodels' figures: tests/test_golden_margeff.py.)

In single precision a central difference with step h = EPS^(1/3) is good to
about EPS^(2/3) ~ 2.4e-5 relative, so the tolerances below are scaled by EPS.
"""

import math

from helpers import EPS, X2, Y2, assert_close, fit, raises

from minilogit import (DataError, GLM, InferenceError, LogisticRegression, OneVsRest,
                       SoftmaxRegression)
from minilogit.margins import glm_effects, slopes, softmax_effects

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
Y = [0, 0, 1, 0, 1, 1]
H = max(1e-5, EPS ** (1.0 / 3.0))            # the central difference's step
DIFF = max(1e-7, 1e4 * EPS)                  # its accuracy, relative
ABS = max(1e-9, 1e3 * EPS)                   # ... near 0
X3 = [[-1.5, 0.3], [-1.0, -0.8], [-0.6, 1.2], [-0.2, -0.4], [0.1, 0.9], [0.4, -1.1],
      [0.7, 0.5], [1.0, -0.2], [1.3, 1.0], [1.6, -0.6], [0.0, 0.0], [-0.4, 0.6]]
Y3 = ["a", "b", "a", "c", "b", "c", "a", "b", "c", "a", "c", "b"]      # not separated


def moved(row, j, h):
    return [v + (h if i == j else 0.0) for i, v in enumerate(row)]


def test_effects_are_the_slope_of_the_fitted_mean_at_a_point():
    """At one given row, dy/dx_j is (mu(x + h e_j) - mu(x - h e_j)) / 2h: the
    probability of a LogisticRegression, the mean of GLMs of each link, and
    every class's probability of a SoftmaxRegression."""
    x = [0.3, -0.2]
    models = [(LogisticRegression().fit(X2, Y2), lambda m, r: m.predict_proba(r)[0][1])]
    for family, link, y in (("binomial", "probit", Y2), ("binomial", "cloglog", Y2),
                            ("poisson", None, [1, 0, 2, 3, 2, 6, 1, 4, 0, 2, 3, 5]),
                            ("gaussian", None, [0.5, -1.0, 2.0, 0.1, 1.5, -0.3, 0.8, 1.1,
                                                2.2, -0.7, 0.4, 1.9])):
        models.append((GLM(family=family, link=link).fit(X2, y),
                       lambda m, r: m.predict(r)[0]))
    for m, mean in models:
        me = m.marginal_effects(rows=[x])
        for j in range(2):
            slope = (mean(m, [moved(x, j, H)]) - mean(m, [moved(x, j, -H)])) / (2 * H)
            assert_close(me.margeff_[j], slope, rel=DIFF, abs_tol=ABS,
                         what="%s %s" % (type(m).__name__, m.link_))
    s = SoftmaxRegression(reference_class="b").fit(X3, Y3)
    me = s.marginal_effects(rows=[x])
    assert me.classes_ == ["a", "b", "c"] and len(me.margeff_) == 3
    for j in range(2):
        up, down = s.predict_proba([moved(x, j, H)])[0], s.predict_proba([moved(x, j, -H)])[0]
        for k in range(3):
            assert_close(me.margeff_[k][j], (up[k] - down[k]) / (2 * H), rel=DIFF,
                         abs_tol=ABS, what="class %d feature %d" % (k, j))


def test_the_jacobian_is_the_central_difference_of_the_effects():
    """J[r][l] = (effect_r(beta + h e_l) - effect_r(beta - h e_l)) / 2h, for every
    link (with a row's offset) and for softmax's free parameters."""
    rows = [[1.0, 0.5, -1.0], [1.0, -0.3, 0.8], [1.0, 1.2, 0.1]]
    beta, w = [0.2, -0.7, 0.4], [1.0, 2.0, 0.5]
    for link in ("logit", "probit", "cloglog", "log", "identity"):
        effects, J = glm_effects(link, beta, 1, rows, [0.1, 0.0, -0.2], w)
        for l in range(3):
            up, _ = glm_effects(link, moved(beta, l, H), 1, rows, [0.1, 0.0, -0.2], w)
            down, _ = glm_effects(link, moved(beta, l, -H), 1, rows, [0.1, 0.0, -0.2], w)
            for r in range(2):
                assert_close(J[r][l], (up[r] - down[r]) / (2 * H), rel=DIFF, abs_tol=ABS,
                             what="%s J[%d][%d]" % (link, r, l))
    theta = [0.0, 0.0, 0.0, 0.3, -0.5, 0.9, -0.2, 0.6, -0.4]       # class 0 the baseline
    free = [3, 4, 5, 6, 7, 8]
    _, J = softmax_effects(theta, 3, 1, rows, free, w)
    for col, f in enumerate(free):
        up, _ = softmax_effects(moved(theta, f, H), 3, 1, rows, free, w)
        down, _ = softmax_effects(moved(theta, f, -H), 3, 1, rows, free, w)
        for k in range(3):
            for j in range(2):
                assert_close(J[k * 2 + j][col], (up[k][j] - down[k][j]) / (2 * H), rel=DIFF,
                             abs_tol=ABS, what="softmax J[%d][%d]" % (k * 2 + j, col))


def test_slopes_are_the_derivatives_of_the_inverse_links():
    """slopes(link, eta)[1] is the central difference of slopes(link, eta)[0]."""
    for link in ("logit", "probit", "cloglog", "log", "identity"):
        for eta in (-2.0, -0.3, 0.0, 0.8, 1.7):
            d1, d2 = slopes(link, eta)
            slope = (slopes(link, eta + H)[0] - slopes(link, eta - H)[0]) / (2 * H)
            assert_close(d2, slope, rel=DIFF, abs_tol=ABS, what="%s at %g" % (link, eta))
    assert slopes("cloglog", 800.0) == (0.0, 0.0)            # far out: no inf * 0


def test_at_mean_is_the_formula_by_hand():
    """at="mean": dp/dx = sigma'(eta-bar) beta_1 at eta-bar = b0 + x-bar b1, with
    se^2 = J V J', J = [sigma'' beta_1, sigma'' x-bar beta_1 + sigma'] (sigma'' =
    sigma' (1 - 2 sigma)); at="overall": the average of sigma'(eta_i) beta_1."""
    m = LogisticRegression().fit(X, Y)
    b0, b1 = m.params_
    xbar = sum(r[0] for r in X) / len(X)
    s = 1.0 / (1.0 + math.exp(-(b0 + b1 * xbar)))
    d1, d2 = s * (1.0 - s), s * (1.0 - s) * (1.0 - 2.0 * s)
    J = [d2 * b1, d2 * xbar * b1 + d1]
    V = m.cov_params_
    var = sum(J[a] * V[a][b] * J[b] for a in range(2) for b in range(2))
    me = m.marginal_effects(at="mean")
    assert_close(me.margeff_, [d1 * b1], rel=max(1e-12, 64 * EPS), what="at mean")
    assert_close(me.bse_, [math.sqrt(var)], rel=max(1e-12, 64 * EPS), what="se at mean")
    z = me.margeff_[0] / me.bse_[0]
    assert_close(me.zvalues_, [z], rel=max(1e-12, 8 * EPS), what="z")
    low, high = me.conf_int(0.1)[0]
    assert_close([low, high], [me.margeff_[0] - 1.6448536269514722 * me.bse_[0],
                               me.margeff_[0] + 1.6448536269514722 * me.bse_[0]],
                 rel=max(1e-12, 64 * EPS), what="interval")
    overall = sum(math.exp(-(b0 + b1 * r[0])) / (1.0 + math.exp(-(b0 + b1 * r[0]))) ** 2
                  for r in X) / len(X) * b1
    assert_close(m.marginal_effects().margeff_, [overall], rel=max(1e-12, 64 * EPS),
                 what="overall")
    text = me.summary()
    assert "dy/dx" in text and "mean" in text and "delta method" in text


def test_rows_replace_the_training_rows():
    """rows= with at="overall": their effects averaged (the training rows given
    back are the overall effects); at="mean": the effect at their mean."""
    m = LogisticRegression().fit(X2, Y2)
    a, b = m.marginal_effects(), m.marginal_effects(rows=X2)
    assert_close(b.margeff_, a.margeff_, rel=max(1e-12, 64 * EPS), what="the training rows")
    assert_close(b.bse_, a.bse_, rel=max(1e-12, 64 * EPS), what="their errors")
    two = [[0.1, 0.2], [0.5, -0.4]]
    mid = [[0.3, -0.1]]
    assert_close(m.marginal_effects("mean", two).margeff_, m.marginal_effects(rows=mid).margeff_,
                 rel=max(1e-12, 64 * EPS), what="the mean of two rows")
    assert "2 given rows" in m.marginal_effects(rows=two).summary()


def test_weights_are_repeated_rows_and_gaussian_effects_are_the_coefficients():
    w = [1, 2, 1, 3, 0, 2]
    Xr = [r for r, k in zip(X, w) for _ in range(k)]
    yr = [v for v, k in zip(Y, w) for _ in range(k)]
    me_w = LogisticRegression().fit(X, Y, sample_weight=w).marginal_effects()
    me_r = LogisticRegression().fit(Xr, yr).marginal_effects()
    assert_close(me_w.margeff_, me_r.margeff_, rel=max(1e-9, 64 * EPS), what="weights")
    assert_close(me_w.bse_, me_r.bse_, rel=max(1e-9, 64 * EPS), what="their errors")
    g = GLM(family="gaussian").fit(X2, [0.5, -1.0, 2.0, 0.1, 1.5, -0.3, 0.8, 1.1, 2.2,
                                        -0.7, 0.4, 1.9])
    me = g.marginal_effects()
    assert_close(me.margeff_, g.params_[1:], rel=max(1e-12, 8 * EPS), what="gaussian")
    assert_close(me.bse_, g.bse_[1:], rel=max(1e-12, 8 * EPS), what="gaussian se")


def test_refusals_name_their_reason():
    m = LogisticRegression().fit(X, Y)
    e = raises(DataError, m.marginal_effects, "median")
    assert "at must be 'overall' or 'mean'" in str(e), str(e)
    e = raises(DataError, m.marginal_effects, "overall", [[1.0, 2.0]])
    assert "rows has 2 columns, the model was fitted with 1" in str(e), str(e)
    e = raises(DataError, m.marginal_effects, "overall", None, 1.5)
    assert "alpha" in str(e), str(e)
    e = raises(InferenceError, LogisticRegression.from_json(m.to_json()).marginal_effects)
    assert "need the training data" in str(e), str(e)
    short, _ = fit(LogisticRegression(max_iter=1), X, Y)
    e = raises(InferenceError, short.marginal_effects)
    assert "did not converge" in str(e), str(e)
    ridge, _ = fit(LogisticRegression(penalty="l2"), X, Y)
    e = raises(InferenceError, ridge.marginal_effects)
    assert "penalised" in str(e), str(e)
    separated, _ = fit(LogisticRegression(), [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    e = raises(InferenceError, separated.marginal_effects)
    assert "separated" in str(e), str(e)
    free, _ = fit(SoftmaxRegression(penalty="l2"), X3, Y3)
    e = raises(InferenceError, free.marginal_effects)
    assert "penalised" in str(e), str(e)
    ovr, _ = fit(OneVsRest(LogisticRegression()), X3, Y3)
    e = raises(InferenceError, ovr.marginal_effects)
    assert "has no marginal effects" in str(e), str(e)
