"""``minilogit.LogisticRegression``: the core's estimator with everything above it.

On top of ``minilogit.core.LogisticRegression`` (read that first), this
class adds the L1 and elastic-net penalties (solvers "proximal" and "cd"),
``class_weight``, ``fit_stream`` (SGD over rows read afresh each epoch),
the statistician's view (``bse_``, ``summary()``, ...; ``minilogit.inference``),
``explain()`` and export. ``fit`` itself is the core's.

>>> X = [[0.5], [1.0], [1.5], [2.0], [2.5], [3.0]]
>>> y = ["no", "no", "yes", "no", "yes", "yes"]
>>> model = LogisticRegression(solver="cd", penalty="l1", lam=0.1).fit(X, y)
>>> model.classes_, model.converged_, [round(c, 4) for c in model.coef_]
(['no', 'yes'], True, [2.1314])
"""

import math

from ._base import Extras, L1Solvers, LazyInference
from ..core.estimators import LogisticRegression as CoreLogisticRegression, loss_mean
from ..core.checks import check_number, check_sample_weight
from ..core.errors import DataError
from ..core.solvers import TOL
from ._protocol import Protocol, fit_taking_arrays, predict_taking_arrays

L1_SOLVERS = ("proximal", "cd")


class LogisticRegression(Protocol, LazyInference, L1Solvers, Extras, CoreLogisticRegression):
    """Binary logistic regression p(y = classes_[1] | x) = sigma(b0 + xᵀcoef).

    Parameters: those of ``minilogit.core.LogisticRegression`` (``solver``,
    ``max_iter``, ``tol``, ``learning_rate``, ``fit_intercept``,
    ``random_state``, ``start``, ``penalty``, ``lam``), and
    - ``solver`` may also be "proximal" or "cd", for L1 and elastic net;
    - ``penalty``: None (default), "l2", "l1" or "elasticnet", with weight
      ``lam`` and mixing ``l1_ratio`` = alpha: lecture 001's
      NLL + lam((1 - alpha) betaᵀbeta + alpha ||beta||_1), eq. (41); "l2" is
      alpha = 0 and "l1" alpha = 1. The intercept is never penalised.
    - ``class_weight``: None, "balanced" (class c weighs N / (K n_c)) or a
      dict {label: weight}; it multiplies ``sample_weight``.

    Fitted attributes: those of the core's (``coef_``, ``intercept_``,
    ``classes_``, ``n_iter_``, ``converged_``, ``history_``,
    ``separation_``), and the inference of ``minilogit.inference``:
    ``bse_``, ``pvalues_``, ``conf_int()``, ``odds_ratios_``, ``llf_``,
    ``aic_``, ``summary()``, ..., computed when first asked for.

    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> round(m.intercept_, 6), [round(c, 6) for c in m.coef_]
    (-1.362276, [0.908184])
    >>> LogisticRegression(penalty="l1").check_params()
    Traceback (most recent call last):
    ...
    minilogit.DataError: the l1 penalty is not differentiable at 0: use solver='proximal' or solver='cd', not 'newton'
    """

    _PARAMS = CoreLogisticRegression._PARAMS + ("l1_ratio", "class_weight")
    _SOLVERS = CoreLogisticRegression._SOLVERS + L1_SOLVERS
    _PENALTIES = (None, "l2", "l1", "elasticnet")
    _MAX_ITER = dict(CoreLogisticRegression._MAX_ITER)
    _MAX_ITER.update({"proximal": 10000, "cd": 100})
    _TOL = dict(CoreLogisticRegression._TOL)
    _TOL.update({"proximal": TOL, "cd": TOL})
    _BINARY = True
    # the core's methods, taking numpy arrays and pandas frames too (minilogit.interop)
    fit = fit_taking_arrays(CoreLogisticRegression.fit)
    decision_function = predict_taking_arrays(CoreLogisticRegression.decision_function)
    predict_proba = predict_taking_arrays(CoreLogisticRegression.predict_proba)
    predict = predict_taking_arrays(CoreLogisticRegression.predict)

    def __init__(self, solver="newton", max_iter=None, tol=None, learning_rate=None,
                 fit_intercept=True, random_state=0, start="zeros", penalty=None,
                 lam=1.0, l1_ratio=0.5, class_weight=None):
        CoreLogisticRegression.__init__(self, solver, max_iter, tol, learning_rate,
                                         fit_intercept, random_state, start, penalty, lam)
        self.l1_ratio = l1_ratio
        self.class_weight = class_weight

    def _penalty_weights(self):
        """Check the parameters; return (l1, l2), the weights of ||beta||_1 and
        betaᵀbeta in eq. (41)."""
        CoreLogisticRegression._penalty_weights(self)
        alpha = check_number(self.l1_ratio, "l1_ratio", "a number in [0, 1]",
                             lambda v: 0 <= v <= 1)
        if self.penalty is None:
            return 0.0, 0.0
        alpha = {"l2": 0.0, "l1": 1.0}.get(self.penalty, alpha)
        l1, l2 = self.lam * alpha, self.lam * (1.0 - alpha)               # eq. (41)
        if l1 > 0 and self.solver not in L1_SOLVERS:
            raise DataError("the %s penalty is not differentiable at 0: use "
                            "solver='proximal' or solver='cd', not %r"
                            % (self.penalty, self.solver))
        return float(l1), float(l2)

    def _minimise(self, loss, beta0, penalized, l1, l2):
        """The L1 solvers take the penalty weights themselves; the rest as in the core."""
        if self.solver not in L1_SOLVERS:
            return CoreLogisticRegression._minimise(self, loss, beta0, penalized, l1, l2)
        return self._solve(loss, beta0, l1=l1, l2=l2, penalized=penalized)

    def _weights(self, sample_weight, classes, y01):
        """sample_weight times the class weight (None if all 1)."""
        n = len(y01)
        w = check_sample_weight(sample_weight, n)
        cw = self.class_weight
        if cw is not None:
            counts = [n - sum(y01), sum(y01)]
            if cw == "balanced":
                per_class = [n / (2.0 * c) for c in counts]           # N / (K n_c)
            elif isinstance(cw, dict):
                for label in cw:
                    if label not in classes:
                        raise DataError("class_weight has a label %r that is not in y %r"
                                        % (label, classes))
                per_class = [check_sample_weight([cw.get(c, 1.0)], 1, "class_weight")[0]
                             for c in classes]
            else:
                raise DataError("class_weight must be None, 'balanced' or a dict "
                                "{label: weight}, got %r" % (cw,))
            base = w if w is not None else [1.0] * n
            w = [b * per_class[int(v)] for b, v in zip(base, y01)]
        return CoreLogisticRegression._weights(self, w, classes, y01)

    def _set_inference(self):
        """The attributes minilogit.inference reads, eqs. (33)-(36), from the
        fitted loss (called on first use)."""
        from ..inference import PENALISED, set_inference
        loss, beta = self._loss, self.result_.beta
        llf = -loss.value(beta)
        # The null model is the intercept-only fit (as in statsmodels, and in GLM,
        # also for a model without an intercept): it predicts ybar for every row,
        # so its log-likelihood is n_1 log(ybar) + n_0 log(1 - ybar).
        ybar, nobs = loss_mean(loss), loss.n_examples
        llnull = ybar * nobs * math.log(ybar) + (1.0 - ybar) * nobs * math.log(1.0 - ybar)
        # a binary saturated model has log-likelihood 0, so the deviances are -2 llf
        set_inference(self, beta, nobs, llf, llnull, -2.0 * llf, -2.0 * llnull, "logit",
                      lambda: loss.hessian(beta),
                      blocked=PENALISED if self._penalised else None)

    def _summary_title(self):
        return "Logistic regression (%s vs %s)" % (self.classes_[1], self.classes_[0])

    def fit_stream(self, stream, classes, epochs=5):
        """Fit by averaged SGD over rows read afresh from ``stream()`` each epoch,
        without holding the data: only the coefficients stay in memory.

        ``stream`` is a function returning an iterator of (row, label) pairs,
        e.g. ``lambda: minilogit.datasets.stream_csv(path, target="y")``;
        ``classes`` are the two labels (the larger is the positive class, as
        in ``fit``). Uses ``learning_rate`` (default 0.5) and
        ``fit_intercept``; the rows keep the stream's order, and with no
        convergence test the fit is ``epochs`` passes (see
        ``minilogit.solvers.stream.sgd_stream``). Each row is checked as it comes.

        >>> rows = [([0.0], "no"), ([1.0], "yes"), ([2.0], "no"), ([3.0], "yes")]
        >>> m = LogisticRegression().fit_stream(lambda: iter(rows), ["no", "yes"], epochs=400)
        >>> round(m.coef_[0], 1), m.n_iter_, m.predict([[3.0]])
        (0.9, 400, ['yes'])
        """
        from ._stream import fit_stream
        return fit_stream(self, stream, classes, epochs)
