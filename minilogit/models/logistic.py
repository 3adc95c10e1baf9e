"""``minilogit.LogisticRegression``: the core's estimator, with what the layers
above it add by composition.

``fit``, ``predict`` and the rest are the core's (``minilogit.core.estimators``:
read that first). This class adds rows to its table of solvers, "proximal"
and "cd", for the L1 and elastic-net penalties (``minilogit.solvers``);
``Model``'s inference, ``explain()``, export and scikit-learn protocol; and
``fit_stream`` (SGD over rows read afresh each epoch).

>>> X = [[0.5], [1.0], [1.5], [2.0], [2.5], [3.0]]
>>> y = ["no", "no", "yes", "no", "yes", "yes"]
>>> model = LogisticRegression(solver="cd", penalty="l1", lam=0.1).fit(X, y)
>>> model.classes_, model.converged_, [round(c, 4) for c in model.coef_]
(['no', 'yes'], True, [2.1314])
>>> fista = LogisticRegression(solver="proximal", penalty="l1", lam=0.1).fit(X, y)
>>> [round(c, 4) for c in fista.coef_]                  # the same minimum, by FISTA
[2.1314]
"""

import math

from ..core.checks import adapted, check_X
from ..core.functions import sigmoid
from ..core.estimators import LogisticRegression as CoreLogisticRegression, loss_mean
from ..solvers.rows import CD, PROXIMAL
from ._base import Model


class LogisticRegression(Model, CoreLogisticRegression):
    """Binary logistic regression p(y = classes_[1] | x) = sigma(b0 + xᵀcoef):
    ``minilogit.core.LogisticRegression`` (its parameters, its fit), whose
    ``solver`` may also be "proximal" or "cd", for the L1 and elastic-net
    penalties, with ``Model``'s inference: ``bse_``, ``pvalues_``,
    ``conf_int()``, ``odds_ratios_``, ``llf_``, ``aic_``, ``summary()``, ...,
    computed when first asked for; and ``penalty="firth"``, Firth's penalised
    likelihood, finite on separated data (``minilogit.objectives.firth``), with
    ``plr_test()`` and ``profile_conf_int()``.

    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> round(m.intercept_, 6), [round(c, 6) for c in m.coef_]
    (-1.362276, [0.908184])
    >>> LogisticRegression(penalty="l1").check_params()
    Traceback (most recent call last):
    ...
    minilogit.DataError: the l1 penalty is not differentiable at 0: use solver='cd' or solver='proximal', not 'newton'
    """

    solvers = dict(CoreLogisticRegression.solvers, proximal=PROXIMAL, cd=CD)
    _BINARY = True

    def _set_inference(self, inference):
        """The facts of the fit's ``inference``, eqs. (33)-(36), from the fitted
        loss (``Model.inference_``, on first use)."""
        from ..inference import PENALISED, set_inference
        loss, beta = self._loss, self.result_.beta
        llf = -loss.value(beta)
        # The null model is the intercept-only fit (as in statsmodels, and in GLM,
        # also for a model without an intercept): it predicts ybar for every row,
        # so its log-likelihood is n_1 log(ybar) + n_0 log(1 - ybar).
        ybar, nobs = loss_mean(loss), loss.n_examples
        llnull = ybar * nobs * math.log(ybar) + (1.0 - ybar) * nobs * math.log(1.0 - ybar)
        # a binary saturated model has log-likelihood 0, so the deviances are -2 llf
        set_inference(inference, beta, nobs, llf, llnull, -2.0 * llf, -2.0 * llnull, "logit",
                      lambda: loss.hessian(beta),
                      blocked=PENALISED if self._penalised else None)

    @adapted
    def predict_conf_int(self, X, alpha=0.05):
        """Rows [low, high]: an interval for P(classes_[1] | x) of each row, made on
        the log-odds scale, sigma(a -/+ z se(a)) (``minilogit.inference.mean_conf_int``)."""
        from ..inference import mean_conf_int
        self._check_fitted()
        X = check_X(X, n_features=self.n_features_in_)          # read once: X may be an iterator
        return mean_conf_int(self.inference_, X, self.decision_function(X), sigmoid, alpha)

    def _summary_title(self):
        return "Logistic regression (%s vs %s)" % (self.classes_[1], self.classes_[0])

    @adapted
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
