"""The rows the layers above the core add to a model's table of solvers
(``minilogit.core.solvers.Solver``): "proximal" (FISTA) and "cd" (coordinate
descent on the IRLS quadratic), which fit a penalty's non-smooth part, the
L1 term, by its prox. Each loads its module the first time it runs.

>>> PROXIMAL.prox, CD.fits(None)
(True, True)
"""

from ..core.solvers import TOL, Solver


def _proximal(objective, beta0, max_iter, tol):
    """FISTA (``minilogit.solvers.proximal``), loaded when first run."""
    from .proximal import proximal
    return proximal(objective, beta0, max_iter, tol)


def _coordinate_descent(objective, beta0, max_iter, tol):
    """Coordinate descent on the IRLS quadratic (``minilogit.solvers.cd``), loaded when first run."""
    from .cd import coordinate_descent
    return coordinate_descent(objective, beta0, max_iter, tol)


PROXIMAL = Solver(_proximal, 10000, TOL, prox=True, least=500)
CD = Solver(_coordinate_descent, 100, TOL, prox=True, by_terms=True)
