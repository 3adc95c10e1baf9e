"""Accelerated proximal gradient (FISTA) for the lasso and the elastic net.

The elastic-net objective, eq. (41),

    F(beta) = L(beta) + l2 sum_{j in P} beta_j^2 + l1 sum_{j in P} |beta_j|

(P the penalised coefficients, never the intercept; lecture 001's
lam((1 - alpha) beta'beta + alpha |beta|) with l2 = lam (1 - alpha) and
l1 = lam alpha) is a smooth part f = L + l2 ||beta_P||^2 plus an L1 term
that has no gradient where a beta_j is 0. A proximal gradient step takes a
gradient step on f alone and then solves the L1 term exactly, which is
soft-thresholding, eq. (42): coefficients within eta l1 of 0 land on 0.
Any penalty does the same with its own smooth part and prox
(``minilogit.core.penalty.Penalty``).

FISTA (Beck and Teboulle 2009, "A fast iterative shrinkage-thresholding
algorithm for linear inverse problems", SIAM J. Imaging Sci. 2(1), 183-202)
takes that step from a look-ahead point v that carries momentum, eq. (43).
Two additions:

- backtracking, as in Beck and Teboulle's "FISTA with backtracking": the
  step eta is halved until f lies under its quadratic model at the new
  point. Unlike theirs, each iteration first tries 1.25 times the last
  accepted step: the curvature of L, sum_i p_i (1 - p_i) x_i x_i', is
  largest near beta = 0 and falls as the fit sharpens, so a step that may
  only shrink stays fitted to the start, shorter than the flatter region
  near the optimum allows, and every later iteration moves less than it
  could. (Their O(1/k^2) bound assumes the step never grows; Scheinberg,
  Goldfarb and Bai 2014, "Fast first-order methods for composite convex
  optimization with backtracking", Found. Comput. Math. 14(3), 389-417,
  keep it for a growing step by adjusting t. Here the restart below guards
  F instead.)
- function-value restart (O'Donoghue and Candes 2015, "Adaptive restart for
  accelerated gradient schemes", Found. Comput. Math. 15(3), 715-732): when
  a step makes F rise, it is thrown away, the momentum is reset (t = 1,
  v = beta) and a plain proximal step is taken from beta instead, which
  cannot raise F. So F never rises (beyond rounding) along ``history``.
"""

import math

from ..core.compat import INF
from ..core.matrix import dot

from ..core.solvers import TOL
from .elastic_net import check_elastic_net, elastic_net_value, iterate, rose_beyond_rounding

# Each iteration's backtracking starts from the last accepted step times this.
_GROW = 1.25


def proximal(objective, beta0, max_iter=10000, tol=TOL):
    """Minimise F = L + P(beta_P), e.g. L + l2 ||beta_P||^2 + l1 ||beta_P||_1, eq. (41), by FISTA.

    ``objective`` is f = L + S (value, gradient, diagnose), a ``Penalised``
    loss whose ``penalty`` gives N and its prox on the coefficients
    ``penalized``, P (or a loss alone: no penalty). Each iteration is a proximal
    gradient step with backtracking, eq. (42), from the look-ahead point of
    eq. (43), restarted when F rises (see the module docstring).

    The run has converged when the KKT conditions, eq. (45), hold to
    ``tol`` per example: the scaled KKT test of ``elastic_net.iterate``. ``history`` holds F at
    the start and after each iteration, ``grad_norms`` the KKT violation
    there. Without a penalty the objective's ``diagnose`` can stop the run
    (separation), as in the other solvers. Raises ``DataError`` for bad
    arguments (see ``check_elastic_net``).

    >>> from minilogit import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.penalty import ElasticNet, Penalised
    >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
    >>> r = proximal(Penalised(loss, ElasticNet(5.0, 1.0), [1]), [0.0, 0.0])   # l1 above lam_max
    >>> r.beta, r.n_iter                                                       # slope 0
    ([0.0, 0.0], 0)
    >>> round(proximal(Penalised(loss, ElasticNet(1.0, 0.5), [1]), [0.0, 0.0]).beta[1], 6)
    0.223267
    """
    penalty, penalized = check_elastic_net("proximal", objective, beta0, max_iter, tol)
    n, f = objective.n_examples, objective          # f: the smooth part of F
    beta = [float(b) for b in beta0]
    f_beta, g = f.value(beta), f.gradient(beta)   # f and its gradient at beta, kept for restarts
    v, f_v, g_v = beta, f_beta, g        # the look-ahead point, f and its gradient there
    t, eta = 1.0, 1.0

    def step(beta, F, violation):
        nonlocal f_beta, g, v, f_v, g_v, t, eta
        while True:
            eta, beta_new, f_new, g_new = _prox_step(f, v, f_v, g_v, _GROW * eta, penalty,
                                                     penalized)
            if beta_new is None:         # no step size satisfies the test: rounding has won
                return None, None, None, None
            F_new = elastic_net_value(f_new, beta_new, penalty, penalized)  # eq. (41)
            if not rose_beyond_rounding(F_new, F, n + len(beta)):
                break
            if t == 1.0:                 # v is beta: even a plain step rose, by rounding
                return None, None, None, None
            t, v, f_v, g_v = 1.0, beta, f_beta, g   # restart: drop the momentum, retry from beta
        t_new = (1.0 + math.sqrt(1.0 + 4.0 * t * t)) / 2.0                   # eq. (43)
        v = [b1 + (t - 1.0) / t_new * (b1 - b0)                              # eq. (43)
             for b1, b0 in zip(beta_new, beta)]
        f_beta, g, t = f_new, g_new, t_new
        f_v = f.value(v)
        if f_v < INF:
            g_v = f.gradient(v)
        else:                            # the momentum overshot into overflow: drop it
            t, v, f_v, g_v = 1.0, beta_new, f_beta, g
        return beta_new, F_new, g_new, {"eta": eta}

    return iterate("proximal", f, beta0, penalty, penalized, max_iter, tol, step, "(42), (43)")


def _prox_step(f, v, f_v, g_v, eta, penalty, penalized):
    """One proximal gradient step from v, eq. (42), with backtracking on eta:
    beta = prox of eta N at v - eta g on the penalised coefficients, v - eta g elsewhere.

    Accept eta once f(beta) <= f(v) + g'd + ||d||^2 / (2 eta), d = beta - v
    (Beck and Teboulle's test: f lies under the quadratic that the step
    minimises). Near the optimum f(beta) - f(v) is a difference of two
    nearly equal large numbers and the test can fail by rounding alone, so
    the step is also accepted when (g(beta) - g(v))'d <= ||d||^2 / (2 eta),
    which implies it (f is convex: f(beta) - f(v) <= g(beta)'d) and has no
    such cancellation. Returns (eta, beta, f(beta), g(beta)), or
    (eta, None, None, None) when eta falls below 1e-30.
    """
    while eta > 1e-30:
        beta = [v_j - eta * g_j for v_j, g_j in zip(v, g_v)]       # a gradient step on f
        for j, b_j in zip(penalized, penalty.prox([beta[j] for j in penalized], eta)):
            beta[j] = b_j                                          # eq. (42): S(v - eta g, eta l1)
        d = [b - v_j for b, v_j in zip(beta, v)]
        f_beta = f.value(beta)
        if f_beta < INF:                 # an infinite loss (overflow) means: too far
            g_beta = f.gradient(beta)
            bound = dot(d, d) / (2.0 * eta)
            if (f_beta - f_v - dot(g_v, d) <= bound
                    or dot([a - b for a, b in zip(g_beta, g_v)], d) <= bound):
                return eta, beta, f_beta, g_beta
        eta *= 0.5
    return eta, None, None, None
