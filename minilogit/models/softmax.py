"""``minilogit.SoftmaxRegression``: the core's softmax regression, with what the
layers above it add by composition: the L1 penalty (the solver "proximal"),
the exact separation test (``check_separation``), the baseline-category
model's inference, ``explain()`` and export.

The model, its loss and its fit are in ``minilogit.core.softmax_regression``.
"""

import math

from ..core.softmax_regression import SoftmaxRegression as CoreSoftmaxRegression
from ._base import Model
from ..solvers.rows import PROXIMAL

FREE_VECTORS = ("the K class vectors are free (no reference_class), so the model is not "
                "identifiable: adding one vector to every class changes no probability and "
                "the information matrix is singular; refit with reference_class=<label> "
                "(the baseline-category model)")


class SoftmaxRegression(Model, CoreSoftmaxRegression):
    """Softmax regression as in ``minilogit.core.SoftmaxRegression`` (whose
    docstring gives the model, its parameters and its fit), and:

    - ``solver="proximal"``, for the "l1" and "elasticnet" penalties;
    - ``check_separation=True``: the exact test of ``minilogit.separation``
      before the fit (``separation_check_``); when the classes are
      separated (and the fit unpenalised) it is the fit's diagnosis, with
      its ``SeparationWarning`` and ``separation_``;
    - inference for the baseline-category model (a reference class, the
      default, and no penalty): ``params_`` (the K - 1 free vectors,
      intercept first in each; with no reference class, all K vectors as
      ``intercept_`` and ``coef_`` hold them), ``param_names_``, ``bse_``, ``zvalues_``,
      ``pvalues_``, ``conf_int()``, ``llf_``, ``llnull_`` (the intercept-only
      model: the class shares), ``prsquared_``, ``aic_``, ``bic_``,
      ``llr_pvalue_`` and ``summary()``; refused with ``InferenceError``
      saying why for a penalised fit, free K vectors, or separated classes.

    >>> m = SoftmaxRegression(penalty="l2").fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
    >>> m.predict([[0.5], [4.5]]), m.explain().split(":")[0]
    (['lo', 'hi'], 'Converged after 6 Newton steps')
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    >>> m = SoftmaxRegression(reference_class="a").fit(X, list("aabacbbcc"))
    >>> [round(b, 4) for b in m.params_], [round(s, 4) for s in m.bse_]
    ([-3.0366, 1.1493, -6.5698, 1.804], [2.4958, 0.8868, 4.0504, 1.0673])
    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore")
    ...     m = SoftmaxRegression(check_separation=True).fit(
    ...         [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 2])
    >>> m.separation_check_.kind, m.separation_.split(" (")[0]
    ('complete', 'complete separation')
    """

    # exp(coef) against the baseline class: a relative-risk ratio (Stata's mlogit, rrr)
    _RATIO = "RRR"
    solvers = dict(CoreSoftmaxRegression.solvers, proximal=PROXIMAL)
    penalties = {}      # Firth's is written for a binary model
    _LEVERAGE = "a row of a softmax fit has a (K - 1) x (K - 1) block of leverages"

    def _set_inference(self, inference):
        """The facts of the fit's ``inference`` for the baseline-category model (on first use)."""
        from ..inference import PENALISED, set_inference
        objective, beta = self._loss, self.result_.beta
        blocked = PENALISED if self._penalised else (
            FREE_VECTORS if self.reference_ is None else None)
        data = objective.loss
        n, K = data.n_examples, data.K          # n: the sum of the weights
        counts = [0.0] * K                      # each class's (weighted) count
        for i, k in enumerate(data.y):
            counts[k] += 1.0 if data.weights is None else data.weights[i]
        llf = -data.value(objective.full(beta))
        llnull = sum(c * math.log(c / n) for c in counts if c)       # the class shares
        set_inference(inference, beta, float(n), llf, llnull, -2.0 * llf, -2.0 * llnull, "logit",
                      lambda: objective.hessian(beta), 1.0, blocked)        # eq. (33)
        d = self._d
        first = d - self.n_features_in_         # the fit's intercept, whatever set_params says
        columns = getattr(self, "feature_names_in_", None)       # a data frame's, else x0, ...
        columns = (["x%d" % j for j in range(d - first)] if columns is None
                   else [str(c) for c in columns])
        names = (["intercept"] if first else []) + columns
        rows = ["%s[%r]" % (names[j % d], self._classes[j // d]) for j in range(K * d)]
        if self.reference_ is None:     # K vectors: all of them, as intercept_ and coef_ hold them
            inference.params_ = [v for b, c in zip(self.intercept_, self.coef_)
                                 for v in [b][:first] + list(c)]
            inference.param_names_ = rows
        else:                           # the reference's vector is 0, not a parameter
            inference.param_names_ = [rows[j] for j in self._free]
        # (K - 1) d free parameters: the baseline form's; K vectors that sum to 0 (a
        # ridge's, or gradient descent's from 0, the intercepts centred) span as many
        inference.df_model_ = (K - 1) * (d - first)
        inference.df_resid_ = float(n) - (K - 1) * d

    def _summary_title(self):
        if self.reference_ is None:
            return "Softmax regression (%d classes)" % len(self.classes_)
        return "Multinomial logistic regression (baseline class %r)" % (self.reference_,)
