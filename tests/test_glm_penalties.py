"""Ridge and lasso for every GLM family, and L1 for SoftmaxRegression, eq. (41).

No reference system here: the tests check the optimality (KKT) conditions of
F = L + l2 ||beta_P||^2 + l1 ||beta_P||_1, which define the minimum whatever
solver found it: at the fit, for a penalised j, g_j + 2 l2 beta_j = -l1 sign(beta_j)
when beta_j != 0 and |g_j| <= l1 when beta_j = 0; for the intercept g_0 = 0.
Tolerance: 1e-5 per example on the gradient (the solvers stop at 1e-8 on the
scaled mean gradient).
"""

import pytest

from minilogit import InferenceError, SoftmaxRegression
from minilogit.datasets import load_iris
from minilogit.models.glm import GLM

X = [[0.2, 1.0], [1.4, -0.3], [-0.7, 0.8], [2.1, 0.1], [-1.3, -1.1], [0.6, 0.4],
     [1.1, -0.9], [-0.2, 1.7], [0.9, 0.5], [-1.6, 0.2], [0.3, -0.6], [1.8, 1.2]]
Y = {"binomial": [1, 1, 0, 1, 0, 1, 1, 0, 1, 0, 0, 1],
     "poisson": [1, 3, 0, 6, 0, 2, 2, 1, 3, 0, 1, 7],
     "gaussian": [0.9, 2.8, -0.3, 4.4, -1.9, 1.6, 1.9, 0.2, 2.2, -2.0, 0.4, 4.1]}


def kkt_violation(g, beta, l1, l2, first):
    worst = abs(g[0]) if first else 0.0
    for j in range(first, len(beta)):
        gj = g[j] + 2.0 * l2 * beta[j]
        if beta[j] != 0.0:
            worst = max(worst, abs(gj + l1 * (1 if beta[j] > 0 else -1)))
        else:
            worst = max(worst, abs(gj) - l1)
    return worst


@pytest.mark.parametrize("family", ["binomial", "poisson", "gaussian"])
@pytest.mark.parametrize("penalty,solver", [("l2", "irls"), ("l2", "newton"), ("l1", "cd"),
                                            ("l1", "proximal"), ("elasticnet", "cd")])
def test_glm_penalised_fits_meet_the_kkt_conditions(family, penalty, solver):
    lam = 1.5
    m = GLM(family=family, penalty=penalty, lam=lam, solver=solver).fit(X, Y[family])
    alpha = {"l2": 0.0, "l1": 1.0, "elasticnet": 0.5}[penalty]
    beta = [m.intercept_] + m.coef_
    g = m._loss.gradient(beta)
    assert m.converged_
    assert kkt_violation(g, beta, lam * alpha, lam * (1 - alpha), 1) < 1e-5 * len(X)
    with pytest.raises(InferenceError, match="penalised"):
        m.bse_


def test_lasso_zeroes_coefficients_and_large_lam_zeroes_all():
    m = GLM(family="poisson", penalty="l1", lam=100.0, solver="cd").fit(X, Y["poisson"])
    assert m.coef_ == [0.0, 0.0]


def test_softmax_l1_meets_the_kkt_conditions_and_needs_proximal():
    d = load_iris()
    for ref in (None, 0):
        m = SoftmaxRegression(solver="proximal", penalty="l1", lam=5.0,
                              reference_class=ref).fit(d.data, d.target)
        loss, beta = m._loss, m.result_.beta
        g = loss.gradient(beta)
        d1 = m._d
        worst = 0.0
        for i, j in enumerate(m._free):
            if j % d1 == 0:
                worst = max(worst, abs(g[i]))               # intercepts: unpenalised
            elif beta[i] != 0.0:
                worst = max(worst, abs(g[i] + 5.0 * (1 if beta[i] > 0 else -1)))
            else:
                worst = max(worst, abs(g[i]) - 5.0)
        assert m.converged_ and worst < 1e-5 * 150
        assert sum(c == 0.0 for row in m.coef_ for c in row) >= 6      # sparse
    with pytest.raises(Exception, match="proximal"):
        SoftmaxRegression(penalty="l1").fit(d.data, d.target)
