"""A penalty of one's own, added here alone: every solver whose row accepts it
fits it, and every other refuses it by name.

``Cauchy`` is the negative log of a Cauchy(0, s) prior on each slope (Gelman,
Jakulin, Pittau and Su 2008, "A weakly informative default prior
distribution for logistic and other regression models"), smooth and not
quadratic:

    P(b) = sum_j log(1 + (b_j / s)^2),   dP/db_j = 2 b_j / (s^2 + b_j^2),
    d2P/db_j^2 = 2 (s^2 - b_j^2) / (s^2 + b_j^2)^2.

``WeightedLasso`` is sum_j c_j |b_j| (an adaptive lasso's form), which has no
gradient at 0: only a solver with a prox may fit it.

The reference is written here from those formulas, not from minilogit's
loss: F(beta) = sum_i log(1 + e^a_i) - y_i a_i + P(beta_P), a = X beta,
minimised by Newton's method on its own gradient and Hessian to the
float's precision. Tolerances: the fits run with tol = 1e-11 (scaled
gradient per example); F's Hessian at the minimum has eigenvalues >= 0.3
on these 12 rows, so each coefficient lies within ~1e-11 * 12 * 2 / 0.3 ~
1e-9 of the reference: 1e-8 is asserted (in single precision, 1e-3).
"""

import math

from helpers import EPS, X2, Y2, raises

from minilogit import DataError, GLM, LogisticRegression, Matrix
from minilogit.core.penalty import ElasticNet, Penalty

SINGLE = EPS > 1e-10
AGREE = 1e-3 if SINGLE else 1e-8
TIGHT = 1e-4 if SINGLE else 1e-11           # the fits' tol
SAME = 1e-3 if SINGLE else 1e-10            # irls against newton


class Cauchy(Penalty):
    """P(b) = sum_j log(1 + (b_j / s)^2): a Cauchy(0, s) prior on each slope."""

    name, bounded = "cauchy", True

    def __init__(self, s=1.0):
        self.s = s

    def value(self, b):
        return sum(math.log(1.0 + (b_j / self.s) ** 2) for b_j in b)

    def gradient(self, b):
        return [2.0 * b_j / (self.s ** 2 + b_j ** 2) for b_j in b]

    def hessian_diag(self, b):
        return [2.0 * (self.s ** 2 - b_j ** 2) / (self.s ** 2 + b_j ** 2) ** 2 for b_j in b]


class WeightedLasso(Penalty):
    """P(b) = sum_j c_j |b_j|: no smooth part, all of it in ``nonsmooth``."""

    name, smooth, bounded = "weighted lasso", False, True

    def __init__(self, c):
        self.c = c

    def nonsmooth(self, b):
        return sum(c_j * abs(b_j) for c_j, b_j in zip(self.c, b))

    def prox(self, b, step):
        return [math.copysign(max(abs(b_j) - step * c_j, 0.0), b_j)
                for c_j, b_j in zip(self.c, b)]

    def violations(self, g, b):
        return [abs(g_j + math.copysign(c_j, b_j)) if b_j != 0.0 else max(abs(g_j) - c_j, 0.0)
                for c_j, g_j, b_j in zip(self.c, g, b)]


def _sigmoid(a):
    return 1.0 / (1.0 + math.exp(-a)) if a >= 0 else math.exp(a) / (1.0 + math.exp(a))


def _gradient_and_hessian(beta, s):
    """F's gradient and Hessian at beta, from the module docstring's formulas."""
    d = len(beta)
    g, H = [0.0] * d, [[0.0] * d for _ in range(d)]
    for row, y_i in zip(X2, Y2):
        x = [1.0] + list(row)
        p = _sigmoid(sum(x_j * b_j for x_j, b_j in zip(x, beta)))
        for j in range(d):
            g[j] += (p - y_i) * x[j]
            for k in range(d):
                H[j][k] += p * (1.0 - p) * x[j] * x[k]
    for j in range(1, d):                  # the slopes; never the intercept
        b = beta[j]
        g[j] += 2.0 * b / (s * s + b * b)
        H[j][j] += 2.0 * (s * s - b * b) / (s * s + b * b) ** 2
    return g, H


def _reference(s):
    """The minimiser of F, by Newton's method on the formulas above."""
    beta = [0.0, 0.0, 0.0]
    for _ in range(50):
        g, H = _gradient_and_hessian(beta, s)
        step = Matrix(H).solve(g)
        beta = [b - d for b, d in zip(beta, step)]
        if max(abs(d) for d in step) <= 4 * EPS * max(1.0, max(abs(b) for b in beta)):
            break
    return beta


def _fitted(model):
    return [model.intercept_] + list(model.coef_)


def _far(u, v):
    return max(abs(a - b) for a, b in zip(u, v))


def test_the_reference_satisfies_its_own_first_order_conditions():
    beta = _reference(1.0)
    g, _ = _gradient_and_hessian(beta, 1.0)
    assert max(abs(g_j) for g_j in g) <= (1e-4 if SINGLE else 1e-12), g
    assert all(abs(b) > 0.05 for b in beta[1:]), beta     # the prior shrinks, but not to 0


def test_every_solver_that_accepts_cauchy_reaches_the_minimum():
    ref = _reference(1.0)
    accepting = [name for name, row in sorted(LogisticRegression.solvers.items())
                 if row.fits(Cauchy())]
    assert accepting == ["cd", "gd", "irls", "newton", "proximal", "sgd"], accepting
    for name in accepting:
        if name == "sgd":
            continue                       # its average's test is 1e-3: below, on its own
        m = LogisticRegression(solver=name, penalty=Cauchy(1.0), tol=TIGHT,
                               max_iter=100000).fit(X2, Y2)
        assert m.converged_, name
        assert _far(_fitted(m), ref) <= AGREE, (name, _fitted(m), ref)
        g, _ = _gradient_and_hessian(_fitted(m), 1.0)
        assert max(abs(g_j) for g_j in g) <= AGREE, (name, g)        # the KKT residual
    m = LogisticRegression(solver="sgd", penalty=Cauchy(1.0), max_iter=2000).fit(X2, Y2)
    assert _far(_fitted(m), ref) <= 0.05, (_fitted(m), ref)


def test_the_glm_fits_cauchy_with_its_own_irls_and_newton():
    ref = _reference(1.0)
    for name in ("irls", "newton", "cd", "proximal"):
        m = GLM(family="binomial", solver=name, penalty=Cauchy(1.0), tol=TIGHT,
                max_iter=100000).fit(X2, Y2)
        assert m.converged_, name
        assert _far(_fitted(m), ref) <= AGREE, (name, _fitted(m), ref)


def test_irls_takes_newtons_steps_for_a_ridge_and_for_cauchy():
    for penalty in (Cauchy(1.0), Cauchy(0.3)):
        a = LogisticRegression(solver="irls", penalty=penalty).fit(X2, Y2)
        b = LogisticRegression(solver="newton", penalty=penalty).fit(X2, Y2)
        assert _far(_fitted(a), _fitted(b)) <= SAME, (penalty.s, _fitted(a), _fitted(b))
        assert a.n_iter_ == b.n_iter_
    a = LogisticRegression(solver="irls", penalty="l2", lam=2.0).fit(X2, Y2)
    b = LogisticRegression(solver="newton", penalty="l2", lam=2.0).fit(X2, Y2)
    assert _far(_fitted(a), _fitted(b)) <= SAME, (_fitted(a), _fitted(b))


def test_a_penalty_without_a_gradient_is_refused_by_name_by_the_smooth_solvers():
    lasso = WeightedLasso([0.5, 2.0])
    for name in ("newton", "irls", "gd", "sgd"):
        e = raises(DataError, LogisticRegression(solver=name, penalty=lasso).fit, X2, Y2)
        assert "weighted lasso" in str(e) and repr(name) in str(e), str(e)
        assert "solver='cd' or solver='proximal'" in str(e), str(e)
    e = raises(DataError, GLM(solver="irls", penalty=lasso).fit, X2, Y2)
    assert "weighted lasso" in str(e) and "'irls'" in str(e), str(e)


def test_the_prox_solvers_fit_a_penalty_without_a_gradient():
    """Both reach the same point, where the penalty's own KKT conditions hold;
    with equal weights it is the lasso of ``ElasticNet``."""
    lasso = WeightedLasso([0.5, 2.0])
    fits = [LogisticRegression(solver=s, penalty=lasso, tol=TIGHT).fit(X2, Y2)
            for s in ("cd", "proximal")]
    assert all(m.converged_ for m in fits)
    assert _far(_fitted(fits[0]), _fitted(fits[1])) <= AGREE * 100
    same = [LogisticRegression(solver="cd", penalty=p, tol=TIGHT).fit(X2, Y2)
            for p in (WeightedLasso([1.0, 1.0]), "l1")]
    assert _far(_fitted(same[0]), _fitted(same[1])) <= AGREE * 100


def test_lam_and_l1_ratio_without_a_use_are_refused():
    for model in (LogisticRegression(lam=0.5), LogisticRegression(l1_ratio=0.3),
                  LogisticRegression(penalty="l2", l1_ratio=0.3),
                  LogisticRegression(penalty=Cauchy(), lam=2.0)):
        e = raises(DataError, model.fit, X2, Y2)
        assert "is given but penalty=" in str(e), str(e)
    from minilogit import SoftmaxRegression
    e = raises(DataError, SoftmaxRegression(lam=0.5).fit, X2, Y2)
    assert "lam=0.5 is given but penalty=None" in str(e), str(e)
    assert LogisticRegression(penalty="l2").fit(X2, Y2).converged_      # lam's default, 1
    ridge = ElasticNet(1.0, 0.0)
    assert ridge.l2 == 1.0 and ridge.smooth and ridge.bounded
