"""What the two solvers of a non-smooth penalty share: their arguments, F, and when to stop.

``proximal`` (FISTA) and ``coordinate_descent`` (IRLS + coordinate
descent) minimise the same objective, eq. (41) for the elastic net,

    F(beta) = f(beta) + N(beta_P),   f = L + S(beta_P),

with P the penalised coefficients, S the penalty's smooth part (the ridge
term l2 sum_{j in P} beta_j^2) and N its non-smooth part (the lasso term
l1 sum_{j in P} |beta_j|): the objective they are given is f, a
``Penalised`` loss that knows its ``penalty`` (``minilogit.core.penalty``),
and they differ only in how they step. The rest is here, once: checking
their arguments, F from f, telling a real rise of F from rounding, and the
loop around their steps, which stops at the KKT conditions or when the
objective says that no minimum exists.

>>> from minilogit.core.penalty import ElasticNet
>>> elastic_net_value(1.5, [4.0, -1.0, 0.5], ElasticNet(2.0, 1.0), [1, 2])   # 1.5 + 2 (|-1| + |0.5|)
4.5
"""

from ..core.checks import check_number
from ..core.errors import DataError
from ..core.compat import EPS, floats
from ..core.penalty import Penalty
from ..core.solvers import FitResult, record, scaled_gradient, verdict

NO_PENALTY = Penalty()          # the zero penalty, for an objective with none


def check_elastic_net(solver, objective, beta0, max_iter, tol):
    """Check a solver's arguments; return the objective's (penalty, penalized):
    the zero ``Penalty`` and no index when it has none.

    Raises ``DataError`` naming the argument: ``penalized`` distinct indices
    of beta, ``beta0`` as long as the objective has parameters, ``max_iter``
    an integer >= 0, ``tol`` >= 0.

    >>> from minilogit import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.penalty import ElasticNet, Penalised
    >>> loss = LogisticLoss(Matrix([[1.0, 2.0]]), [1])
    >>> check_elastic_net("cd", Penalised(loss, ElasticNet(0.1, 1.0), (1,)), [0.0, 0.0], 10, 1e-8)
    (elasticnet, [1])
    >>> check_elastic_net("cd", loss, [0.0, 0.0], 10, -1.0)
    Traceback (most recent call last):
    ...
    minilogit.DataError: cd: tol must be a finite number >= 0, got -1.0
    """
    check_number(tol, solver + ": tol", "a finite number >= 0", lambda v: 0 <= v < float("inf"))
    check_number(max_iter, solver + ": max_iter", "an integer >= 0", lambda v: v >= 0,
                 integer=True)
    n_params = objective.n_params
    if len(beta0) != n_params:
        raise DataError("%s: beta0 has %d entries, the objective has %d parameters"
                        % (solver, len(beta0), n_params))
    if objective.penalty is None:
        return NO_PENALTY, []
    seen = [False] * n_params
    for j in objective.penalized:
        check_number(j, solver + ": penalized", "a list of indices of beta (0 to %d)"
                     % (n_params - 1), lambda j: 0 <= j < n_params, integer=True)
        if seen[j]:
            raise DataError("%s: penalized lists index %d twice" % (solver, j))
        seen[j] = True
    return objective.penalty, list(objective.penalized)


def elastic_net_value(f_beta, beta, penalty, penalized):
    """Return F(beta) = f(beta) + N(beta_P), eq. (41), from f(beta).

    >>> from minilogit.core.penalty import ElasticNet
    >>> elastic_net_value(2.0, [-3.0, 1.0], ElasticNet(0.5, 1.0), [0])
    3.5
    """
    return f_beta + penalty.nonsmooth([beta[j] for j in penalized])     # eq. (41)


def rose_beyond_rounding(F_new, F, n_terms):
    """Return True when F_new exceeds F by more than rounding can explain.

    F is a sum of ``n_terms`` nonnegative terms (N losses and p penalty
    terms): two evaluations of it can differ by about n_terms EPS |F| from
    rounding alone, so only a rise beyond that counts.

    >>> rose_beyond_rounding(1.0 + 1e-15, 1.0, 100), rose_beyond_rounding(1.001, 1.0, 100)
    (False, True)
    """
    return F_new > F + n_terms * EPS * abs(F)


def kkt_violation(g, beta, penalty, penalized):
    """Return how far beta is from minimising F = f + N(beta_P), eq. (45): the
    largest of ``kkt_violations``. Without a non-smooth part it is max_j |g_j|.

    >>> from minilogit.core.penalty import ElasticNet
    >>> kkt_violation([0.0, -0.5, 0.3], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2])
    0.0
    >>> round(kkt_violation([0.1, -0.5, 0.8], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2]), 12)
    0.3
    """
    return max(kkt_violations(g, beta, penalty, penalized))


def kkt_violations(g, beta, penalty, penalized):
    """Return, for each coordinate j, how far beta is from minimising F along it, eq. (45).

    ``g`` is the gradient of the smooth part f at ``beta`` (for the elastic
    net f = L + l2 ||beta_P||^2, its gradient includes 2 l2 beta_j). beta
    minimises F exactly when 0 is in the subdifferential of F, coordinate by
    coordinate: g_j = 0 for j not penalised, and the penalty's own
    conditions for j in P (``Penalty.violations``; the lasso's: g_j + l1
    sign(beta_j) = 0 where beta_j != 0, |g_j| <= l1 where beta_j = 0).

    Coordinate j's violation is the distance from 0 to its subdifferential
    (the smallest |g_j + l1 s| over the allowed s), in the gradient's own
    units: the convergence test treats them as ``scaled_gradient`` treats g.

    >>> from minilogit.core.penalty import ElasticNet
    >>> kkt_violations([0.1, -0.5, 0.8], [1.0, 2.0, 0.0], ElasticNet(0.5, 1.0), [1, 2])
    [0.1, 0.0, 0.30000000000000004]
    """
    out = [abs(g_j) for g_j in g]                    # eq. (45): g_j = 0
    for j, v in zip(penalized, penalty.violations([g[j] for j in penalized],
                                                  [beta[j] for j in penalized])):
        out[j] = v
    return out


def iterate(solver, f, beta0, penalty, penalized, max_iter, tol, step, equation):
    """The loop both solvers share, as ``minilogit.core.solvers`` has one for GD and Newton.

    ``f`` is the smooth part of F (L plus the penalty's smooth part), and
    N(beta_P) of ``penalty`` the rest. From beta0, ``step(beta, F,
    violation)`` gives the next beta, F there, the gradient of f there and
    what to record of the step; a beta of None means no step lowers F
    (rounding has won). The run has converged when the KKT conditions,
    eq. (45), hold to ``tol`` per example and in the units of the
    standardized coefficients, the test every solver uses:
    ``scaled_gradient(kkt_violations, scales, N)`` <= tol. Without a
    penalty F is L alone, whose minimum may not exist: f's ``diagnose`` can
    then stop the run (separation), as in the other solvers. ``history``
    holds F at the start and after each step, ``grad_norms`` the KKT
    violation there.

    >>> from minilogit import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> def step(beta, F, violation):          # a gradient step of 0.5, no penalty
    ...     beta_new = [b - 0.5 * g for b, g in zip(beta, loss.gradient(beta))]
    ...     return beta_new, loss.value(beta_new), loss.gradient(beta_new), {}
    >>> r = iterate("gd", loss, [0.0], NO_PENALTY, [], 100, 1e-8, step, "(15)")
    >>> r.converged, round(r.beta[0], 6)         # log 2, the log-odds of 2 to 1
    (True, 0.693147)
    """
    n, scales = f.n_examples, f.scales()
    beta = [float(b) for b in beta0]
    F = elastic_net_value(f.value(beta), beta, penalty, penalized)        # eq. (41)
    history = floats([F])          # (on MicroPython an array: no float objects on the heap)
    v = kkt_violations(f.gradient(beta), beta, penalty, penalized)        # eq. (45)
    grad_norms = floats([max(v)])
    iterates, details, criteria = [beta], [], floats()
    n_iter, diagnosis = 0, None
    while True:
        criterion = scaled_gradient(v, scales, n)
        criteria.append(criterion)
        stop, converged = verdict(criterion, tol, diagnosis, n_iter, max_iter)
        if stop:
            break
        beta_new, F_new, g_new, detail = step(beta, F, grad_norms[-1])
        if beta_new is None:             # no step lowers F: rounding has won
            break
        last_step = [b1 - b0 for b1, b0 in zip(beta_new, beta)]
        beta, F = beta_new, F_new
        history.append(F)
        v = kkt_violations(g_new, beta, penalty, penalized)               # eq. (45)
        grad_norms.append(max(v))
        record(iterates, details, beta, detail)
        n_iter += 1
        diagnosis = f.diagnose(beta, last_step)     # None under a bounded penalty
    return FitResult(solver, beta, history, grad_norms, n_iter, converged, diagnosis,
                     iterates, equation, details, scales, criteria,
                     n_iter if converged else None)
