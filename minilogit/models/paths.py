"""The regularisation path: lasso / elastic-net fits over a decreasing grid of lam.

For a large enough lam every penalised coefficient is 0. The smallest such
lam, lam_max of eq. (46), comes from the KKT conditions, eq. (45), at the
intercept-only fit: beta = (logit(ybar), 0, ..., 0) is optimal exactly when
every penalised |g_j| <= l1 = lam * l1_ratio. Below lam_max coefficients
enter one by one. ``lasso_path`` fits a geometric grid from lam_max down to
eps * lam_max, each fit starting from the previous one's coefficients (a
warm start: neighbouring solutions are close, so each fit takes few
iterations).

The penalty is lecture 001's, the walkthrough's eq. (41):
lam ((1 - alpha) sum_j beta_j^2 + alpha sum_j |beta_j|), alpha = ``l1_ratio``,
the intercept never penalised, added to the total negative log-likelihood.

>>> X = [[-1.0, 0.3], [-0.5, -0.2], [0.0, 0.4], [0.5, -0.6], [1.0, 0.1], [1.5, 0.0]]
>>> path = lasso_path(X, [0, 0, 1, 0, 1, 1], n_lams=4, eps=0.1)
>>> [point.n_nonzero for point in path]
[0, 1, 2, 2]
>>> round(path[0].lam, 6), path[0].coef
(1.75, [0.0, 0.0])
"""

from ..core.errors import DataError
from ..core.functions import logit
from ..core.checks import check_binary_labels, check_number
from ..core.checks import design
from ..core.logistic import LogisticLoss
from ..core.penalty import ElasticNet, Penalised
from ..core.solvers import TOL
from ..progress import Ticker
from ..solvers.cd import coordinate_descent
from ..solvers.proximal import proximal
from ..core.compat import INF

PATH_SOLVERS = {"cd": coordinate_descent, "proximal": proximal}


class PathPoint:
    """One fit on the path: ``lam``, ``intercept``, ``coef`` (a list, one per
    feature), ``n_iter``, ``converged``, and ``objective`` (F at the fit).

    ``n_nonzero`` counts the coefficients that are not exactly 0.

    >>> PathPoint(0.5, -0.1, [0.0, 1.25], 3, True, 2.5)
    PathPoint(lam=0.5, intercept=-0.1, coef=[0.0, 1.25], n_iter=3, converged=True)
    >>> PathPoint(0.5, -0.1, [0.0, 1.25], 3, True, 2.5).n_nonzero
    1
    """

    def __init__(self, lam, intercept, coef, n_iter, converged, objective):
        self.lam, self.intercept, self.coef = lam, intercept, coef
        self.n_iter, self.converged, self.objective = n_iter, converged, objective

    @property
    def n_nonzero(self):
        return sum(1 for c in self.coef if c != 0.0)

    def __repr__(self):
        return ("PathPoint(lam=%r, intercept=%r, coef=%r, n_iter=%d, converged=%r)"
                % (self.lam, self.intercept, self.coef, self.n_iter, self.converged))


def _problem(X, y, fit_intercept):
    """(loss, penalized, beta0): the objective, the indices P, the intercept-only start."""
    X1 = design(X, fit_intercept)
    _, y01 = check_binary_labels(y, X1.shape[0])
    loss = LogisticLoss(X1, y01)
    n_params = X1.shape[1]
    beta0 = [0.0] * n_params
    if fit_intercept:
        beta0[0] = logit(sum(y01) / len(y01))            # eq. (23): log(ybar / (1 - ybar))
        penalized = list(range(1, n_params))
    else:
        penalized = list(range(n_params))
    return loss, penalized, beta0


def _lam_max(loss, penalized, beta0, l1_ratio):
    g = loss.gradient(beta0)                             # eq. (12) at the intercept-only fit
    top = max(abs(g[j]) for j in penalized)
    if not top / l1_ratio < INF:
        raise DataError("lasso_path: l1_ratio = %r is too small: lam_max = max |g_j| / l1_ratio "
                        "= %.4g / %r, eq. (46), overflows a float; use a larger l1_ratio, or "
                        "give the lams" % (l1_ratio, top, l1_ratio))
    return top / l1_ratio  # eq. (46)


def lam_max(X, y, l1_ratio=1.0, fit_intercept=True):
    """Return the smallest lam at which every penalised coefficient is 0, eq. (46).

    lam_max = max_j |g_j| / l1_ratio, with g the gradient of the total loss
    at the intercept-only fit (intercept logit(ybar), eq. (23); there the
    intercept's own g_0 = sum_i (ybar - y_i) = 0). Raises ``DataError`` for
    bad data or an l1_ratio outside (0, 1].

    >>> lam_max([[-1.0], [0.0], [1.0], [2.0]], [0, 1, 0, 1])
    1.0
    >>> lam_max([[-1.0], [0.0], [1.0], [2.0]], [0, 1, 0, 1], l1_ratio=0.5)
    2.0
    """
    check_number(l1_ratio, "lasso_path: l1_ratio", "a number in (0.0, 1.0]",
                 lambda v: 0 < v <= 1)
    loss, penalized, beta0 = _problem(X, y, fit_intercept)
    return _lam_max(loss, penalized, beta0, l1_ratio)


def lasso_path(X, y, lams=None, n_lams=20, eps=1e-3, l1_ratio=1.0, solver="cd",
               fit_intercept=True, tol=TOL, verbose=0):
    """Fit the lasso (``l1_ratio=1``) or elastic net for each lam; return PathPoints.

    ``lams``: the values of lam to fit (numbers >= 0), or None for
    ``n_lams`` values spaced geometrically from lam_max, eq. (46), down to
    ``eps * lam_max``. The fits run from the largest lam to the smallest,
    each warm-started at the previous solution, and the list comes back in
    that order. Each minimises eq. (41) with l1 = lam * l1_ratio and
    l2 = lam * (1 - l1_ratio) by ``solver`` ("cd" or "proximal") to the
    KKT tolerance ``tol`` per example, eq. (45) (the solvers' default: 1e-8
    in double precision). A point that did not
    converge says so in ``converged`` (no warning is issued). ``verbose``: as
    for ``LogisticRegression``, a report per point (``minilogit.progress``).

    If lam_max is 0 (no feature has a gradient at the intercept-only fit,
    which is then the unpenalised optimum too), the grid is all 0 and every
    point is that fit. Raises ``DataError`` for bad data (as
    ``LogisticRegression.fit``) or bad parameters.

    >>> X = [[-1.0], [0.0], [1.0], [2.0]]
    >>> [(round(pt.lam, 6), round(pt.coef[0], 6)) for pt in lasso_path(X, [0, 1, 0, 1], lams=[0.1, 2.0])]
    [(2.0, 0.0), (0.1, 0.795378)]
    >>> lasso_path(X, [0, 1, 0, 1], l1_ratio=0.0)
    Traceback (most recent call last):
    ...
    minilogit.DataError: lasso_path: l1_ratio must be a number in (0.0, 1.0], got 0.0
    """
    check_number(l1_ratio, "lasso_path: l1_ratio", "a number in (0.0, 1.0]",
                 lambda v: 0 < v <= 1)
    check_number(tol, "lasso_path: tol", "a number in [0.0, inf)", lambda v: 0 <= v < INF)
    if not isinstance(solver, str) or solver not in PATH_SOLVERS:
        raise DataError("lasso_path: unknown solver %r: choose 'cd' or 'proximal'" % (solver,))
    if lams is None:
        check_number(n_lams, "lasso_path: n_lams", "an integer >= 1", lambda v: v >= 1,
                     integer=True)
        check_number(eps, "lasso_path: eps", "a number in (0.0, 1.0]", lambda v: 0 < v <= 1)
    else:
        try:
            lams = list(lams)
        except TypeError:
            raise DataError("lasso_path: lams must be a list of numbers, got %r" % (lams,))
        if not lams:
            raise DataError("lasso_path: lams is empty")
        for lam in lams:
            check_number(lam, "lasso_path: every lam", "a number in [0.0, inf)",
                         lambda v: 0 <= v < INF)
        lams = sorted(lams)
        lams.reverse()                   # largest first, for warm starts

    loss, penalized, beta = _problem(X, y, fit_intercept)
    if lams is None:
        top = _lam_max(loss, penalized, beta, l1_ratio)                   # eq. (46)
        lams = [top * eps ** (k / (n_lams - 1)) if n_lams > 1 else top   # geometric grid
                for k in range(n_lams)]
    fit = PATH_SOLVERS[solver]
    path, ticker = [], Ticker("lasso path point", verbose)
    for lam in lams:
        penalty = ElasticNet(lam, l1_ratio)          # eq. (41): l1 = lam alpha, l2 = lam (1 - alpha)
        r = fit(Penalised(loss, penalty, penalized), beta, tol=tol)
        beta = r.beta                                                    # warm start
        if fit_intercept:
            intercept, coef = beta[0], list(beta[1:])
        else:
            intercept, coef = 0.0, list(beta)
        path.append(PathPoint(lam, intercept, coef, r.n_iter, r.converged, r.history[-1]))
        ticker.tick(len(path), lambda: "lam %.4g (of %d points), objective %.6g, scaled KKT "
                                       "violation %.3g after %d %s steps"
                                       % (lam, len(lams), r.history[-1], r.criterion, r.n_iter,
                                          solver))
    ticker.close()
    return path
