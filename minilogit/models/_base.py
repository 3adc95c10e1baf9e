"""What the estimators above the core add to ``minilogit.core``'s: ``explain()``
and export (``to_source``, ``to_json``, ``from_json``), the elastic-net
solvers, and ``clone``.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
>>> m.explain().split(" after")[0]
'Converged'
"""

from ..core.estimators import Estimator


class Extras:
    """``explain()``, ``to_source()``, ``to_json()`` and ``from_json()``, as methods.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> LogisticRegression.from_json(m.to_json()).solver
    'irls'
    """

    def explain(self):
        """A few sentences saying why the last fit stopped (see minilogit.explain)."""
        from ..explain import explain
        return explain(self)

    def to_source(self):
        """A dependency-free Python module that predicts as this model does (minilogit.export)."""
        from ..export import to_source
        return to_source(self)

    def to_json(self):
        """The parameters and fitted coefficients as JSON text (minilogit.jsonio)."""
        from ..jsonio import to_json
        return to_json(self)

    @classmethod
    def from_json(cls, text):
        """The estimator written by ``to_json``; it must be of this class."""
        from ..jsonio import from_json
        return from_json(text, cls)


class L1Solvers:
    """The elastic-net solvers "proximal" and "cd" (``minilogit.solvers``), for
    an estimator whose ``_solve`` passes them ``l1``, ``l2`` and ``penalized``;
    any other solver is the core's.

    >>> from minilogit import LogisticRegression
    >>> "cd" in LogisticRegression._SOLVERS
    True
    """

    def _run_solver(self, objective, beta0, max_iter, tol, **options):
        if self.solver == "proximal":
            from ..solvers.proximal import proximal
            return proximal(objective, beta0, max_iter=max_iter, tol=tol, **options)
        if self.solver == "cd":
            from ..solvers.cd import coordinate_descent
            return coordinate_descent(objective, beta0, max_iter=max_iter, tol=tol, **options)
        return Estimator._run_solver(self, objective, beta0, max_iter, tol)


def clone(estimator):
    """A new, unfitted estimator with the same parameters.

    >>> from minilogit import LogisticRegression
    >>> clone(LogisticRegression(tol=1e-3)).tol
    0.001
    """
    return type(estimator)(**estimator.get_params())
