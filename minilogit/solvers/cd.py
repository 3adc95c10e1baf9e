"""Coordinate descent on the IRLS quadratic: lecture 001's route to the lasso.

Outer loop: at the current beta, replace L by its second-order Taylor
expansion, which is IRLS's weighted least squares in the weights w_i and the
adjusted response z_i of eq. (21). With the elastic-net penalty of eq. (41)
that gives the weighted elastic-net problem, eq. (44),

    Q(b) = (1/2) sum_i w_i (z_i - x_i'b)^2 + l2 ||b_P||^2 + l1 ||b_P||_1.

The 1/2 belongs there: with d = b - beta, the Taylor expansion of L at
beta is L(beta) + g'd + (1/2) d'X'WXd, and that equals
(1/2) sum_i w_i (z_i - x_i'b)^2 plus a constant. Lecture 001's "Taylor
Approximation" slide writes the sum without the 1/2. The two differ by
rescaling lam by 2: sum_i w_i (z_i - x_i'b)^2 + lam |b| is twice
(1/2) sum_i w_i (z_i - x_i'b)^2 + (lam / 2) |b|, so the slide's form with
lam fits the slide's F with lam / 2 (and needs 2 lam to fit F with lam).

Inner loop: cyclic coordinate descent on Q (Friedman, Hastie and Tibshirani
2010, "Regularization paths for generalized linear models via coordinate
descent", J. Stat. Softw. 33(1), the method behind glmnet). Q as a function
of b_j alone is a parabola plus l1 |b_j|, minimised in closed form by
soft-thresholding, eq. (44). The residuals r_i = z_i - x_i'b are kept up to
date after each coordinate moves (one pass over a column), so a sweep over
all coordinates costs about one gradient; W and X'WX are never formed.

If the new beta raises F (the quadratic model can overshoot far from the
optimum), the step is halved until F falls, as glmnet does; so the outer
loop cannot diverge.

>>> from minilogit import Matrix
>>> from minilogit.core.logistic import LogisticLoss
>>> from minilogit.core.penalty import ElasticNet, Penalised
>>> X = Matrix([[1.0, -1.0, 0.5], [1.0, 0.0, -1.0], [1.0, 1.0, 0.0], [1.0, 2.0, 1.0]])
>>> loss = Penalised(LogisticLoss(X, [0, 1, 0, 1]), ElasticNet(0.5, 1.0), [1, 2])   # l1 = 0.5
>>> r = coordinate_descent(loss, [0.0, 0.0, 0.0])
>>> r.converged, [round(b, 6) for b in r.beta]
(True, [-0.205735, 0.411469, 0.0])
"""

from ..core.checks import check_number
from ..core.compat import mul
from ..core.matrix import dot
from ..core.solvers import TOL
from .elastic_net import check_elastic_net, elastic_net_value, iterate, rose_beyond_rounding

_MAX_HALVINGS = 30             # a step shrunk 2^30-fold that still raises F: rounding has won


def coordinate_descent(objective, beta0, max_iter=100, tol=TOL, max_inner=1000):
    """Minimise F = L + P(beta_P), e.g. L + l2 ||beta_P||^2 + l1 ||beta_P||_1, eq. (41),
    by IRLS + coordinate descent.

    ``objective`` is f = L + S with a design matrix ``X`` and
    ``working_response`` (w_i, z_i of eq. (21)), a ``Penalised`` loss whose
    ``penalty`` is P on the coefficients ``penalized`` (or a loss alone).
    Each outer iteration minimises the weighted elastic-net problem eq. (44)
    (the penalty's smooth part S by its second-order Taylor expansion at
    beta, exact for the ridge) by at most ``max_inner`` sweeps of cyclic
    coordinate descent, then halves the step while F rises.

    Converged when the KKT conditions, eq. (45), hold to ``tol`` per
    example: the scaled KKT test of ``elastic_net.iterate``. ``history`` holds F at the start
    and after each outer iteration, ``grad_norms`` the KKT violation there.
    Without a penalty the objective's ``diagnose`` can stop the run
    (separation). Raises ``DataError`` for bad arguments.

    >>> from minilogit import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.penalty import ElasticNet, Penalised
    >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
    >>> r = coordinate_descent(Penalised(loss, ElasticNet(1.0, 0.5), [1]), [0.0, 0.0])
    >>> r.converged, round(r.beta[1], 6)
    (True, 0.223267)
    >>> coordinate_descent(loss, [0.0, 0.0], max_inner=0)
    Traceback (most recent call last):
    ...
    minilogit.DataError: cd: max_inner must be an integer >= 1, got 0
    """
    penalty, penalized = check_elastic_net("cd", objective, beta0, max_iter, tol)
    check_number(max_inner, "cd: max_inner", "an integer >= 1", lambda v: v >= 1, integer=True)
    n, X, f = objective.n_examples, objective.X, objective      # f: the smooth part of F

    def F_of(beta):
        return elastic_net_value(f.value(beta), beta, penalty, penalized)  # eq. (41)

    def step(beta, F, violation):
        w, z = objective.working_response(beta)              # eq. (21): w_i, z_i at beta
        # Solve the quadratic only as well as the current beta deserves:
        # sweeps stop once no partial derivative moves by more than a tenth
        # of the current KKT violation (an inexact Newton step, forcing
        # term 0.1: Dembo, Eisenstat and Steihaug 1982, "Inexact Newton
        # methods", SIAM J. Numer. Anal. 19(2)), and never need to go below
        # a tenth of the outer tolerance. Away from the optimum the quadratic
        # is only a local model of L: digits of its minimiser beyond that
        # would be spent on sweeps and thrown away by the next outer
        # iteration.
        inner_tol = 0.1 * max(violation, tol * n)
        beta_new = _weighted_elastic_net(X, w, z, beta, penalty, penalized,
                                         inner_tol, max_inner)          # eq. (44)
        F_new = F_of(beta_new)
        halvings = 0
        while rose_beyond_rounding(F_new, F, n + len(beta)):
            if halvings == _MAX_HALVINGS:            # no step lowers F: rounding has won
                return None, None, None, None
            beta_new = [(b1 + b0) / 2.0 for b1, b0 in zip(beta_new, beta)]   # halve the step
            F_new = F_of(beta_new)
            halvings += 1
        detail = {"w_min": min(w), "w_max": max(w), "halvings": halvings}
        return beta_new, F_new, f.gradient(beta_new), detail

    return iterate("cd", f, beta0, penalty, penalized, max_iter, tol, step, "(21), (44)")


def _weighted_elastic_net(X, w, z, beta, penalty, penalized, inner_tol, max_sweeps):
    """Minimise Q(b) of eq. (44) by cyclic coordinate descent from b = beta.

    For coordinate j, with the partial residual r_ij = z_i - sum_{k != j} x_ik b_k,
    and the penalty's smooth part S by its Taylor expansion at beta (h_j its
    second derivative, t_j = h_j beta_j - dS/dbeta_j; for the ridge h_j = 2 l2, t_j = 0),

        b_j = prox(u_j, 1 / a_j), u_j = (sum_i w_i x_ij r_ij + t_j) / a_j,
              a_j = sum_i w_i x_ij^2 + h_j                               (j in P)
        b_j = sum_i w_i x_ij r_ij / sum_i w_i x_ij^2                      (j not in P)

    with the penalty's prox (the lasso's: S(u_j, l1 / a_j), eq. (42)).
    Stops after a sweep in which no (sum_i w_i x_ij^2 + h_j) |change of b_j|
    (the change of the partial derivative it undid) exceeds ``inner_tol``,
    or after ``max_sweeps`` sweeps.

    >>> from minilogit import Matrix
    >>> from minilogit.core.penalty import ElasticNet
    >>> X = Matrix([[1.0, 0.0], [0.0, 1.0]])
    >>> _weighted_elastic_net(X, [1.0, 1.0], [3.0, -0.5], [0.0, 0.0], ElasticNet(1.0, 1.0), [0, 1], 0.0, 10)
    [2.0, 0.0]
    """
    b = list(beta)
    cols = X.T.rows                                          # x_j, column j of X
    r = [z_i - a_i for z_i, a_i in zip(z, X @ b)]            # r_i = z_i - x_i'b
    wx = [list(map(mul, w, x_j)) for x_j in cols]            # W x_j, elementwise: W never formed
    v = [dot(wx_j, x_j) for wx_j, x_j in zip(wx, cols)]      # v_j = sum_i w_i x_ij^2
    h, t = [0.0] * len(b), [0.0] * len(b)                    # S's Taylor terms at beta
    b_P = [beta[j] for j in penalized]
    for j, h_j, g_j, b_j in zip(penalized, penalty.hessian_diag(b_P), penalty.gradient(b_P), b_P):
        h[j], t[j] = h_j, h_j * b_j - g_j
    at = dict((j, k) for k, j in enumerate(penalized))       # j's place k in beta_P
    u = [0.0] * len(penalized)                               # b_P = u_j e_k, for the prox
    for _ in range(max_sweeps):
        largest = 0.0
        for j in range(len(b)):
            denom = v[j] + h[j]                              # h_j = 0 off P
            if denom == 0.0:             # x_j = 0 on every row: only the penalty sees b_j
                b_j = 0.0 if j in at else b[j]
            else:
                rho = dot(wx[j], r) + v[j] * b[j]            # eq. (44): sum_i w_i x_ij r_ij
                if j in at:
                    # eq. (44), from the Taylor quadratic WITH its 1/2; the
                    # slide's form (no 1/2) would threshold at l1 / 2
                    # a separable penalty's prox at b_P = u_j e_k: its k-th entry is b_j's
                    u[at[j]] = (rho + t[j]) / denom
                    b_j = penalty.prox(u, 1.0 / denom)[at[j]]
                    u[at[j]] = 0.0
                else:
                    b_j = rho / denom                        # eq. (44): no S, no l2
            delta = b_j - b[j]
            if delta != 0.0:
                r = [r_i - delta * x_ij for r_i, x_ij in zip(r, cols[j])]   # r_i -= x_ij delta
                b[j] = b_j
                largest = max(largest, denom * abs(delta))
        if largest <= inner_tol:
            break
    return b
