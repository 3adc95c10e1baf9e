"""What the estimators above the core add to ``minilogit.core``'s: ``explain()``
and export (``to_source``, ``to_json``, ``from_json``), the elastic-net
solvers, the statistician's view (``bse_``, ``summary()``, ...), and ``clone``.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
>>> m.explain().split(" after")[0]
'Converged'
"""

from ..core.estimators import Estimator


class Extras:
    """``explain()``, ``trace_``, ``to_source()``, ``to_json()`` and ``from_json()``.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> LogisticRegression.from_json(m.to_json()).solver
    'irls'
    """

    def explain(self):
        """A few sentences saying why the last fit stopped (see minilogit.explain)."""
        from ..explain import explain
        return explain(self)

    @property
    def trace_(self):
        """The core's ``trace_`` (a dict per iteration) as a ``minilogit.tables.Trace``,
        which prints as the ``trace`` command's table and shows as one in a notebook."""
        from ..tables import Trace
        return Trace(self._trace())

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


# what minilogit.inference.set_inference sets: for a model that sets them on
# first use (``_set_inference``), asking for any of them computes them all
SET_BY_INFERENCE = ("params_", "param_names_", "link_", "nobs_", "df_model_", "df_resid_",
                    "llf_", "llnull_", "deviance_", "null_deviance_", "cov_params_",
                    "inference_blocked_", "scale_")
# what minilogit.inference.Inference computes from them
STATISTICS = ("bse_", "zvalues_", "pvalues_", "conf_int", "odds_ratios_",
              "odds_ratio_conf_int", "aic_", "bic_", "prsquared_", "llr_", "llr_pvalue_",
              "summary")


class LazyInference:
    """The statistician's view (``minilogit.inference``) as the estimator's own
    attributes: ``bse_``, ``pvalues_``, ``conf_int()``, ``summary()``, ...
    Its module loads the first time one is asked for, so that fitting holds
    none of it (on a board, the heap it would take).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> [round(b, 4) for b in m.bse_], m.df_model_
    ([2.5457, 0.9126], 1)
    """

    def __getattr__(self, name):
        # called only for a missing attribute
        if name in SET_BY_INFERENCE and getattr(self, "_loss", None) is not None \
                and hasattr(self, "coef_"):
            self._set_inference()           # a fit's inference, computed when first asked
            return getattr(self, name)
        if name in STATISTICS:
            from ..inference import Inference
            return getattr(Inference(self), name)
        prop = getattr(type(self), name, None)
        if isinstance(prop, property):      # it raised NotFittedError, an AttributeError:
            return prop.fget(self)          # raise that again, with its message
        raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))


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
    return type(estimator)(**estimator.get_params(deep=False))
