"""IRLS for a generalised linear model, eqs. (38) and (22): R's step-halving and deviance
test, statsmodels' start, and Newton's (observed) weights.

The core's ``irls`` is the lecture's loop: from a beta, solve the weighted
least-squares problem, stop when the gradient is small. Statistical software
adds three safeguards, and ``glm_irls`` has them:

- the start is a mean per row, mu_i^(0) = (y_i + ybar) / 2 ((y_i + 1/2) / 2
  for the binomial), statsmodels' choice: the first weighted least squares
  already sees every row's own y, so no first step from a flat model
  overshoots (as from b0 = g(ybar), coef = 0 on Cpunish). The trace's
  iteration 0 is the beta whose eta is nearest g(mu^(0)) in that first
  weighted least squares;
- step-halving: a step whose objective is not finite (the mean left the
  family's domain: e^eta overflowed) or rose is halved back towards the
  previous beta, as ``glm.fit`` does for the first (Marschner 2011, "glm2:
  fitting generalized linear models with convergence problems", R Journal
  3(2), for the second);
- the test: converged when the deviance D (twice the objective less its
  saturated value) changes by at most ``tol`` (|D| + 0.1), R's criterion
  (``glm.control(epsilon = 1e-8)``), or when the core's scaled-gradient test
  passes; then, as the core's ``newton`` and ``irls`` do, one more step is
  taken, the one solved where the test passed, which lands on the optimum
  (R stops before it). The deviance test is met on badly scaled data (Longley's columns
  span six orders of magnitude), where rounding in X'WX keeps the gradient
  of the computed solution far above any tolerance while the deviance has
  long stopped changing.

>>> from minilogit import Matrix
>>> from minilogit.glm.loss import GLMLoss
>>> X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
>>> r = glm_irls(GLMLoss(X, [1, 0, 3, 4], "poisson"))      # R: the same, in 5 iterations
>>> r.converged, r.n_iter, [round(b, 6) for b in r.beta]
(True, 5, [-0.585359, 0.673996])
"""

from ..core.errors import DivergenceError, SingularMatrixError
from ..core.matrix import max_abs, weighted_gram
from ..core.solvers import ROUNDING, TOL, FitResult, record, scaled_gradient
from ..core.compat import INF, floats

MAX_HALVINGS = 30                # a step shrunk 2^30-fold that still fails: give up


def start_means(objective):
    """mu_i^(0): (y_i + 1/2) / 2 for the binomial, (y_i + ybar) / 2 otherwise.

    >>> from minilogit import Matrix
    >>> from minilogit.glm.loss import GLMLoss
    >>> start_means(GLMLoss(Matrix([[1.0], [1.0]]), [0, 4], "poisson"))
    [1.0, 3.0]
    """
    data = objective.loss      # under a ridge penalty
    y, w = data.y, data.weights or [1.0] * len(data.y)
    ybar = 0.5 if data.family.name == "binomial" else (
        sum(w_i * y_i for w_i, y_i in zip(w, y)) / sum(w))
    return [(y_i + ybar) / 2.0 for y_i in y]


def saturated(objective):
    """The objective of the saturated model (mu_i = y_i): D = 2 (L - this).

    >>> import math
    >>> from minilogit import Matrix
    >>> from minilogit.glm.loss import GLMLoss
    >>> saturated(GLMLoss(Matrix([[1.0]]), [0.5], "binomial", shares=True, weights=[2.0])) == 2 * math.log(2)
    True
    """
    data = objective.loss
    if data.family.name == "gaussian":                    # L = (1/2) sum w (y - mu)^2: 0 at mu = y
        return 0.0
    w = data.weights or [1.0] * len(data.y)
    return -sum(data.family.loglike(y_i, y_i, w_i) for y_i, w_i in zip(data.y, w) if w_i)


def _wls(objective, w, z, beta=None):
    """Solve the weighted least squares (X'WX + R) beta_new = X'Wz + R beta - dP/dbeta,
    eq. (22) with a penalty's Hessian R (``penalty_newton``; 0 without one).

    From a ``beta``, solve the same equation for the change beta_new - beta,
    whose right side X'W(z - X beta) - dP/dbeta comes from the residuals
    of the data: rounding in the solve then shrinks with the change instead
    of staying in beta_new, so the step after the test lands on the optimum
    (Longley: 4.8e-8 from R's QR fit when solved for beta_new, 6e-12 so).
    Without a ``beta`` (the first step, from the start means) the penalty
    enters at beta = 0.
    """
    X = objective.X
    at = [0.0] * X.shape[1] if beta is None else beta
    R, r = objective.penalty_newton(at)                   # r = R beta - dP/dbeta
    XtWX = weighted_gram(X, w) + R                       # eq. (22): X'WX (+ R, eq. (41))
    if beta is None:
        return XtWX.solve([u + v for u, v in zip([w_i * z_i for w_i, z_i in zip(w, z)] @ X, r)])
    resid = [w_i * (z_i - a_i) for w_i, z_i, a_i in zip(w, z, X @ beta)]     # W(z - X beta)
    change = XtWX.solve([u - (R_b - v) for u, R_b, v in zip(resid @ X, R @ beta, r)])
    return [b + d for b, d in zip(beta, change)]


def _finite_value(objective, beta):
    try:
        return objective.value(beta)
    except (DivergenceError, OverflowError):           # e^eta overflowed: outside the domain
        return INF


def glm_irls(objective, max_iter=100, tol=TOL, mu0=None, eta0=None):
    """Minimise a GLM ``objective`` (a ``GLMLoss``, maybe ``Penalised``) by IRLS
    from the start means, with step-halving and R's deviance test; return a ``FitResult``.

    ``mu0``: the start means (R's ``mustart``), by default ``start_means``;
    ``eta0``: the start's linear predictor instead (R's ``start``: X beta0 + o).
    Converged when the deviance changed by at most tol (|D| + 0.1) in a
    step, or the scaled gradient is at most tol; the step after that is the
    last. Raises
    ``DivergenceError`` when no step size gives a finite objective (R: "no
    valid set of coefficients has been found").

    >>> from minilogit import Matrix
    >>> from minilogit.glm.loss import GLMLoss
    >>> X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]])
    >>> r = glm_irls(GLMLoss(X, [0.25, 0.5, 0.8], "binomial", weights=[4, 4, 5], shares=True))
    >>> r.converged, r.test, [round(b, 6) for b in r.beta]       # R: -1.15773, 1.245146
    (True, 'deviance', [-1.15773, 1.245146])
    """
    data = objective.loss     # the GLMLoss under a penalty
    n, scales, L_sat = objective.n_examples, objective.scales(), saturated(objective)
    if eta0 is None:
        eta0 = [data.link.link(m) for m in (mu0 or start_means(objective))]
    w, z = data.working_response(None, eta=eta0, observed=True)   # eq. (38) at mu^(0)
    o = data.offset or [0.0] * len(eta0)
    beta = _wls(objective, w, [e - o_i for e, o_i in zip(eta0, o)])   # eta nearest g(mu^(0))
    beta_new = _wls(objective, w, z)                            # eq. (22): the first step
    L = _finite_value(objective, beta)
    L_mu0 = sum(data.weigh([data.family.loss(y_i, e, data.link) for y_i, e in zip(data.y, eta0)]))
    history, grad_norms, criteria = floats([L]), floats(), floats()    # (compat.floats)
    iterates, details = [beta], []
    n_iter, tested, diagnosis, last_step, by_deviance = 0, None, None, None, False
    while True:
        g = objective.gradient(beta) if L < INF else [INF]
        grad_norms.append(max_abs(g))
        criteria.append(scaled_gradient(g, scales, n))
        if tested is None and criteria[-1] <= tol:               # the core's gradient test
            tested = n_iter
        # stop one step after a test passed: the step solved there squares the error
        if (tested is not None and tested < n_iter) or diagnosis is not None \
                or n_iter == max_iter:
            break
        if n_iter > 0:
            try:
                w, z = data.working_response(beta, observed=True)   # eq. (38)
                beta_new = _wls(objective, w, z, beta)           # eq. (22)
            except SingularMatrixError:          # separation, once the weights underflow
                diagnosis = data.diagnose(beta, last_step)
                if diagnosis is None:
                    raise
                break
        L_new, halvings = _finite_value(objective, beta_new), 0
        # halve a step that leaves the family's domain or raises the objective by more
        # than rounding: ROUNDING |L|, and on the step after the test, which starts at
        # the optimum, the rounding of a sum of n terms, n ROUNDING |L| (Longley's
        # corrected step, 2e-12 from the optimum, read 1.5e-12 higher on CPython 3.12).
        # The first step comes from mu^(0), not from beta: only its domain is checked.
        slack = ROUNDING * abs(L) * (n if tested is not None else 1)
        L_max = L + slack if n_iter > 0 else INF
        while not (L_new <= L_max and L_new < INF) and halvings < MAX_HALVINGS:
            beta_new = [(b + b1) / 2.0 for b, b1 in zip(beta, beta_new)]
            L_new, halvings = _finite_value(objective, beta_new), halvings + 1
        if not L_new < INF:
            raise DivergenceError("IRLS found no coefficients with a finite deviance at any "
                                  "step size: the mean leaves the family's domain; "
                                  "standardize the features or check the offset")
        if not L_new <= L_max:            # no step lowers the objective: rounding has won
            break
        last_step = [b1 - b0 for b1, b0 in zip(beta_new, beta)]
        # the first step's deviance is compared with mu^(0)'s, as R does
        D_old = 2.0 * ((L if n_iter > 0 else L_mu0) - L_sat)
        D_new = 2.0 * (L_new - L_sat)
        beta, L = beta_new, L_new
        history.append(L)
        record(iterates, details, beta, {"w_min": min(w), "w_max": max(w),
                                         "halvings": halvings})
        n_iter += 1
        if tested is None and abs(D_new - D_old) <= tol * (abs(D_new) + 0.1):   # R's test
            tested, by_deviance = n_iter, True
            change, bound = abs(D_new - D_old), tol * (abs(D_new) + 0.1)
        diagnosis = data.diagnose(beta, last_step)
    converged = tested is not None and diagnosis is None
    result = FitResult("irls", beta, history, grad_norms, n_iter, converged, diagnosis,
                       iterates, "(38), (22)", details, scales, criteria, tested)
    result.test = "deviance" if by_deviance else "gradient"      # which test stopped it
    if by_deviance:
        result.deviance_change, result.deviance_bound = change, bound
    return result
