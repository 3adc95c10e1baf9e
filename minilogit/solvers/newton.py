"""Newton-Raphson and IRLS: two ways of writing the same iteration.

Newton's step solves H delta = g with the Hessian H = XᵀWX and takes
beta - delta, eq. (20). IRLS rewrites that step as a weighted least-squares
problem with the adjusted response z, eqs. (21)-(22): the same iterates, up
to rounding, read as "refit a weighted linear regression, reweight, repeat".

>>> from minilogit.matrix import Matrix
>>> from minilogit.objectives import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
>>> a, b = newton(loss, [0.0, 0.0]), irls(loss, [0.0, 0.0])
>>> a.converged, a.n_iter, max(abs(u - v) for u, v in zip(a.beta, b.beta)) < 1e-12
(True, 4, True)
"""

from ..errors import SingularMatrixError
from ..matrix import weighted_gram
from .result import FitResult, max_abs, small_gradient


def newton(objective, beta0, max_iter=100, tol=1e-8):
    """Minimise ``objective`` by Newton-Raphson from ``beta0``.

    beta_new = beta - H⁻¹ g, eq. (20), with H⁻¹ g found by solving H delta = g
    (Gauss-Jordan), never by forming H⁻¹. Stops when the gradient test
    passes, after ``max_iter`` steps, or when the objective diagnoses that no
    minimum exists (separation).

    >>> from minilogit.matrix import Matrix
    >>> from minilogit.objectives import LogisticLoss
    >>> r = newton(LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1]), [0.0])
    >>> round(r.beta[0], 9), r.n_iter                # log(2/1), the log-odds of 2 to 1
    (0.693147178, 3)
    """
    return _newton_loop(objective, beta0, max_iter, tol, _newton_step, "newton", "(20)")


def irls(objective, beta0, max_iter=100, tol=1e-8):
    """Minimise ``objective`` by iteratively reweighted least squares.

    Each iteration forms the weights w_i and the adjusted response z, eq. (21),
    and solves the weighted least-squares problem (XᵀWX) beta = XᵀWz, eq. (22).
    The objective's ``working_response`` guards z where w_i -> 0.

    >>> from minilogit.matrix import Matrix
    >>> from minilogit.objectives import LogisticLoss
    >>> round(irls(LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1]), [0.0]).beta[0], 9)
    0.693147178
    """
    return _newton_loop(objective, beta0, max_iter, tol, _irls_step, "irls", "(21), (22)")


def _newton_step(objective, beta, g):
    H = objective.hessian(beta)                          # eq. (13): H = X'WX
    delta = H.solve(g)                                   # eq. (20): H delta = g
    return [b - d for b, d in zip(beta, delta)], {}      # eq. (20): beta - H^-1 g


def _irls_step(objective, beta, g):
    X = objective.X
    w, z = objective.working_response(beta)              # eq. (21): w_i, z = X beta + W^-1 (y - p)
    XtWX = weighted_gram(X, w)                           # eq. (22): X'WX, W never formed
    for j, c in getattr(objective, "ridge", ()):         # a ridge penalty, eq. (41):
        XtWX.rows[j][j] += c                             # (X'WX + 2 lam I) beta = X'Wz
    wz = [w_i * z_i for w_i, z_i in zip(w, z)]           # eq. (22): W z, elementwise
    XtWz = wz @ X                                        # eq. (22): X'Wz
    beta_new = XtWX.solve(XtWz)                          # eq. (22): beta_new = (X'WX)^-1 X'Wz
    return beta_new, {"w_min": min(w), "w_max": max(w)}


def _newton_loop(objective, beta0, max_iter, tol, step, name, equation):
    n = objective.n_examples
    beta = list(beta0)
    history = [objective.value(beta)]
    grad_norms, iterates, details = [], [beta], []
    n_iter, converged, diagnosis, last_step = 0, False, None, None
    while True:
        g = objective.gradient(beta)                     # eq. (12): g = X'(p - y)
        grad_norms.append(max_abs(g))
        if small_gradient(g, n, tol):
            converged = True
            break
        if n_iter == max_iter or diagnosis is not None:
            break
        try:
            beta_new, detail = step(objective, beta, g)
        except SingularMatrixError:
            # A singular X'WX is what separation looks like once the weights
            # of the separated points underflow; say so if that is the cause.
            diagnosis = objective.diagnose(beta, last_step)
            if diagnosis is None:
                raise
            break
        last_step = [b1 - b0 for b1, b0 in zip(beta_new, beta)]
        beta = beta_new
        history.append(objective.value(beta))
        iterates.append(beta)
        details.append(detail)
        n_iter += 1
        diagnosis = objective.diagnose(beta, last_step)
    return FitResult(name, beta, history, grad_norms, n_iter, converged, diagnosis,
                     iterates, equation, details)
