"""``minilogit.SoftmaxRegression``: the core's softmax regression, with the
baseline-category model's inference, the L1 penalty, the exact separation
test, ``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.
"""

import math

from ..core.errors import DataError
from ..core.estimators import Estimator
from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Extras, L1Solvers, LazyInference
from .logistic import elastic_net_weights

FREE_VECTORS = ("the K class vectors are free (no reference_class), so the model is not "
                "identifiable: adding one vector to every class changes no probability and "
                "the information matrix is singular; refit with reference_class=<label> "
                "(the baseline-category model)")


class SoftmaxRegression(LazyInference, L1Solvers, Extras, CoreSoftmaxRegression):
    """Softmax regression as in ``minilogit.core.SoftmaxRegression`` (whose
    docstring gives the model, its parameters and its fit), and:

    - ``penalty="auto"`` (the default): the ridge ("l2", scikit-learn's model)
      without a ``reference_class``, no penalty with one: the unpenalised
      baseline-category model of statsmodels' MNLogit and Stata's mlogit.
      A penalty can still be asked for explicitly; "l1" and "elasticnet"
      (with ``l1_ratio``) need ``solver="proximal"``.
    - inference for the baseline-category model (``reference_class`` and no
      penalty): ``params_`` (the K - 1 free vectors, intercept first in each),
      ``param_names_``, ``bse_``, ``zvalues_``, ``pvalues_``, ``conf_int()``,
      ``llf_``, ``llnull_`` (the intercept-only model: the class shares),
      ``prsquared_``, ``aic_``, ``bic_``, ``llr_pvalue_`` and ``summary()``;
      refused with ``InferenceError`` saying why for a penalised fit, free
      K vectors, or separated classes;
    - ``fit(X, y, check_separation=True)``: the exact test of
      ``minilogit.separation`` first (``separation_check_``), with a
      ``SeparationWarning`` when the classes are separated.

    >>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
    >>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
    (['lo', 'hi'], 'Converged after 5 Newton steps')
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    >>> m = SoftmaxRegression(reference_class="a").fit(X, list("aabacbbcc"))
    >>> m.penalty, [round(b, 4) for b in m.params_], [round(s, 4) for s in m.bse_]
    ('auto', [-3.0366, 1.1493, -6.5698, 1.804], [2.4958, 0.8868, 4.0504, 1.0673])
    """

    _PARAMS = CoreSoftmaxRegression._PARAMS + ("l1_ratio",)
    _SOLVERS = CoreSoftmaxRegression._SOLVERS + ("proximal",)
    _MAX_ITER = dict(CoreSoftmaxRegression._MAX_ITER, proximal=10000)
    _TOL = dict(CoreSoftmaxRegression._TOL, proximal=CoreSoftmaxRegression._TOL["newton"])

    def __init__(self, solver="newton", penalty="auto", lam=0.5, reference_class=None,
                 max_iter=None, tol=None, learning_rate=None, fit_intercept=True,
                 random_state=0, l1_ratio=0.5):
        CoreSoftmaxRegression.__init__(self, solver, penalty, lam, reference_class, max_iter,
                                       tol, learning_rate, fit_intercept, random_state)
        self.l1_ratio = l1_ratio

    def _penalty_name(self):
        """The penalty "auto" stands for: "l2" without a reference class, else None."""
        if self.penalty == "auto":
            return "l2" if self.reference_class is None else None
        return self.penalty

    def _check_params(self):
        """The core's checks on the penalty "auto" resolves to; L1 parts go to
        the proximal solver, the ridge part to the core's penalty."""
        asked = self.penalty
        name = self._penalty_name()
        if name not in (None, "l2", "l1", "elasticnet"):
            raise DataError("unknown penalty %r: choose 'auto', None, 'l2', 'l1' or "
                            "'elasticnet'" % (asked,))
        if name in ("l1", "elasticnet") and self.solver != "proximal":
            raise DataError("the %s penalty is not differentiable at 0: use "
                            "solver='proximal', not %r" % (name, self.solver))
        self.penalty = name
        try:
            self._l1, l2 = elastic_net_weights(self)
            self.penalty = "l2" if l2 > 0 else None       # what the core fits
            lam = self.lam
            self.lam = l2
            try:
                penalized = CoreSoftmaxRegression._check_params(self)
            finally:
                self.lam = lam
        finally:
            self.penalty = asked
        self._penalised = penalized or self._l1 > 0
        return penalized

    def fit(self, X, y, check_separation=False):
        """Fit as the core's ``fit``; with ``check_separation=True`` run the exact
        LP test of ``minilogit.separation`` first (see the class docstring).

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     m = SoftmaxRegression(reference_class=0).fit(
        ...         [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 2], check_separation=True)
        >>> m.separation_check_.kind
        'complete'
        """
        answer = None
        if check_separation:
            from ..separation import check_separation as exact_test
            from ..core.compat import warn
            from ..core.errors import SeparationWarning
            answer = exact_test(X, y, self.fit_intercept,
                                self.reference_class if self.reference_class is not None
                                else _first(y))
            if answer.kind != "none":
                warn(answer.message(), SeparationWarning, 2)
        CoreSoftmaxRegression.fit(self, X, y)
        self.separation_check_ = answer
        if answer is not None and answer.kind != "none":
            self.separation_ = answer.message()          # no inference: no MLE
        return self

    def _solve(self, objective, beta0, **options):
        self._loss = objective                      # the objective inference reads
        if self._l1 > 0:
            d, first = self._d, 1 if self.fit_intercept else 0
            penalized = [i for i, j in enumerate(self._free) if j % d >= first]
            options = dict(l1=self._l1, l2=0.0, penalized=penalized)
        return Estimator._solve(self, objective, beta0, **options)

    def _set_inference(self):
        """The inference contract's attributes for the baseline-category model (on first use)."""
        from ..inference import PENALISED, set_inference
        loss, beta = self._loss, self.result_.beta
        blocked = PENALISED if self._penalised else (
            FREE_VECTORS if self.reference_class is None else None)
        data = loss.objective if hasattr(loss, "objective") else loss   # FixedAtZero's
        while hasattr(data, "objective"):
            data = data.objective
        n, K = data.n_examples, data.K
        counts = [data.y.count(k) for k in range(K)]
        llf = -data.value(loss.full(beta) if hasattr(loss, "full") else beta)
        llnull = sum(c * math.log(c / n) for c in counts if c)       # the class shares
        set_inference(self, beta, float(n), llf, llnull, -2.0 * llf, -2.0 * llnull, "logit",
                      lambda: loss.hessian(beta), 1.0, blocked)        # eq. (33)
        d, first = self._d, 1 if self.fit_intercept else 0
        names = (["intercept"] if first else []) + ["x%d" % j for j in range(d - first)]
        self.param_names_ = ["%s[%r]" % (names[j % d], self._classes[j // d])
                             for j in self._free]
        self.df_model_ = len(beta) - (len(self._free) // d if first else 0)

    def _summary_title(self):
        if self.reference_class is None:
            return "Softmax regression (%d classes)" % len(self.classes_)
        return "Multinomial logistic regression (baseline class %r)" % (self.reference_class,)


def _first(y):
    """The smallest label of y (the classes are sorted): the default baseline."""
    return sorted(set(y))[0]
