"""``minilogit.SoftmaxRegression``: the core's softmax regression, with the
baseline-category model's inference, the L1 penalty, the exact separation
test, ``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.
"""

import math

from ..core.checks import check_number
from ..core.errors import DataError
from ..core.estimators import Estimator
from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Extras, L1Solvers, LazyInference
from ._protocol import Protocol, fit_taking_arrays, predict_taking_arrays

FREE_VECTORS = ("the K class vectors are free (no reference_class), so the model is not "
                "identifiable: adding one vector to every class changes no probability and "
                "the information matrix is singular; refit with reference_class=<label> "
                "(the baseline-category model)")


class SoftmaxRegression(Protocol, LazyInference, L1Solvers, Extras, CoreSoftmaxRegression):
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
    - ``check_separation=True``: the exact test of ``minilogit.separation``
      before the fit (``separation_check_``); when the classes are
      separated (and the fit unpenalised) it is the fit's diagnosis, with
      its ``SeparationWarning`` and ``separation_``.

    >>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
    >>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
    (['lo', 'hi'], 'Converged after 5 Newton steps')
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    >>> m = SoftmaxRegression(reference_class="a").fit(X, list("aabacbbcc"))
    >>> m.penalty, [round(b, 4) for b in m.params_], [round(s, 4) for s in m.bse_]
    ('auto', [-3.0366, 1.1493, -6.5698, 1.804], [2.4958, 0.8868, 4.0504, 1.0673])
    """

    _PARAMS = CoreSoftmaxRegression._PARAMS + ("l1_ratio", "check_separation")
    # exp(coef) against the baseline class: a relative-risk ratio (Stata's mlogit, rrr)
    _RATIO = "RRR"
    _SOLVERS = CoreSoftmaxRegression._SOLVERS + ("proximal",)
    _MAX_ITER = dict(CoreSoftmaxRegression._MAX_ITER, proximal=10000)
    _TOL = dict(CoreSoftmaxRegression._TOL, proximal=CoreSoftmaxRegression._TOL["newton"])

    def check_params(self):
        """Check the constructor's parameters, as ``fit`` does first; return self."""
        self._check_params()
        return self

    def __init__(self, solver="newton", penalty="auto", lam=0.5, reference_class=None,
                 max_iter=None, tol=None, learning_rate=None, fit_intercept=True,
                 random_state=0, l1_ratio=0.5, check_separation=False):
        CoreSoftmaxRegression.__init__(self, solver, penalty, lam, reference_class, max_iter,
                                       tol, learning_rate, fit_intercept, random_state)
        self.l1_ratio = l1_ratio
        self.check_separation = check_separation

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
        check_number(self.lam, "lam", "a finite number >= 0", lambda v: 0 <= v < math.inf)
        check_number(self.l1_ratio, "l1_ratio", "a number in [0, 1]", lambda v: 0 <= v <= 1)
        alpha = {None: 0.0, "l2": 0.0, "l1": 1.0}.get(name, self.l1_ratio)    # eq. (41)
        self._l1 = 0.0 if name is None else self.lam * alpha
        l2 = 0.0 if name is None else self.lam * (1.0 - alpha)
        try:
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

    def _solve(self, objective, beta0, **options):
        """The core's solver call, after the exact test if asked, with the L1 options.

        >>> import warnings
        >>> with warnings.catch_warnings():
        ...     warnings.simplefilter("ignore")
        ...     m = SoftmaxRegression(reference_class=0, check_separation=True).fit(
        ...         [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 2])
        >>> m.separation_check_.kind, m.separation_.split(" (")[0]
        ('complete', 'complete separation')
        """
        self._loss = objective                      # the objective inference reads
        answer = None
        if self.check_separation:
            from ..separation import check_loss, exact_diagnosis
            ref = self.reference_class
            answer = check_loss(objective, self.fit_intercept,
                                0 if ref is None else self._classes.index(ref))
        if self._l1 > 0:
            d, first = self._d, 1 if self.fit_intercept else 0
            penalized = [i for i, j in enumerate(self._free) if j % d >= first]
            options = dict(l1=self._l1, l2=0.0, penalized=penalized)
        result = Estimator._solve(self, objective, beta0, **options)
        if answer is not None:
            exact_diagnosis(result, answer, self._penalised)
        return result

    @property
    def separation_check_(self):
        """The exact separation test's answer (``check_separation=True``), else None."""
        return getattr(self.result_, "separation_check", None)

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
        columns = getattr(self, "feature_names_in_", None)       # a data frame's, else x0, ...
        columns = (["x%d" % j for j in range(d - first)] if columns is None
                   else [str(c) for c in columns])
        names = (["intercept"] if first else []) + columns
        self.param_names_ = ["%s[%r]" % (names[j % d], self._classes[j // d])
                             for j in self._free]
        self.df_model_ = len(beta) - (len(self._free) // d if first else 0)

    def _summary_title(self):
        if self.reference_class is None:
            return "Softmax regression (%d classes)" % len(self.classes_)
        return "Multinomial logistic regression (baseline class %r)" % (self.reference_class,)

    # the core's methods, taking numpy arrays and pandas frames too (minilogit.interop)
    fit = fit_taking_arrays(CoreSoftmaxRegression.fit)
    decision_function = predict_taking_arrays(CoreSoftmaxRegression.decision_function)
    predict_proba = predict_taking_arrays(CoreSoftmaxRegression.predict_proba)
    predict = predict_taking_arrays(CoreSoftmaxRegression.predict)
