"""Estimators in scikit-learn's style, gluing data, objective and solver.

``fit(X, y)`` checks the data, builds the design matrix [1, x_i] once,
hands an objective and a starting point to a solver, and keeps what it
returns in trailing-underscore attributes.

>>> X = [[0.5], [1.0], [1.5], [2.0], [2.5], [3.0]]
>>> y = ["no", "no", "yes", "no", "yes", "yes"]
>>> model = LogisticRegression().fit(X, y)
>>> model.classes_, model.converged_, model.n_iter_
(['no', 'yes'], True, 5)
>>> model.predict([[0.0], [4.0]])
['no', 'yes']
"""

import math

from ..errors import DataError, DivergenceError
from ..functions import logit, sigmoid
from ..inference import PENALISED, Inference, set_inference
from ..matrix import dot
from ..objectives import L2Penalty, LogisticLoss, example_terms
from ..solvers import SOLVERS, sgd_stream
from ..validation import check_binary_labels, check_sample_weight, check_X
from ._base import (Estimator, check_scores, check_solver_params, check_threshold,
                    design, report, run_solver)

PENALTIES = (None, "l2", "l1", "elasticnet")
L1_SOLVERS = ("proximal", "cd")


class LogisticRegression(Inference, Estimator):
    """Binary logistic regression p(y = classes_[1] | x) = sigma(b0 + xᵀcoef).

    Parameters
    - ``solver``: "newton" (default), "irls", "gd", "sgd", or for L1 and
      elastic net "proximal" or "cd".
    - ``max_iter``: iterations (epochs for SGD); default by solver.
    - ``tol``: converged when the mean loss's gradient has no component
      above ``tol`` (default 1e-8; 1e-3 for SGD).
    - ``learning_rate``: gd: a fixed step, or None (default) for a line
      search; sgd: the initial step eta_0 (default 0.5).
    - ``fit_intercept``: add a column of ones (default True).
    - ``random_state``: seed of SGD's shuffling (default 0).
    - ``start``: "zeros" (default: beta = 0, the lecture's trace) or
      "log_odds" (intercept log(ybar / (1 - ybar)), eq. (23), the rest 0).
    - ``penalty``: None (default), "l2", "l1" or "elasticnet", with weight
      ``lam`` and mixing ``l1_ratio`` = alpha: the lecture's
      NLL + lam((1 - alpha) betaᵀbeta + alpha ||beta||_1), eq. (41); "l2" is
      alpha = 0 and "l1" alpha = 1. The intercept is never penalised.
    - ``class_weight``: None, "balanced" (class c weighs N / (K n_c)) or a
      dict {label: weight}; it multiplies ``sample_weight``.

    Fitted attributes: ``coef_``, ``intercept_``, ``classes_``, ``n_iter_``,
    ``converged_``, ``history_`` (total loss at the start and after each
    iteration), ``separation_`` (the diagnosis when the MLE does not exist,
    else None), and the inference of ``minilogit.inference``: ``bse_``,
    ``pvalues_``, ``conf_int()``, ``odds_ratios_``, ``llf_``, ``aic_``,
    ``summary()``, ...

    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> round(m.intercept_, 6), [round(c, 6) for c in m.coef_]
    (-1.362276, [0.908184])
    >>> [round(p, 4) for p in m.predict_proba([[1.5]])[0]]
    [0.5, 0.5]
    """

    _PARAMS = ("solver", "max_iter", "tol", "learning_rate", "fit_intercept",
               "random_state", "start", "penalty", "lam", "l1_ratio", "class_weight")

    def __init__(self, solver="newton", max_iter=None, tol=None, learning_rate=None,
                 fit_intercept=True, random_state=0, start="zeros", penalty=None,
                 lam=1.0, l1_ratio=0.5, class_weight=None):
        self.solver = solver
        self.max_iter = max_iter
        self.tol = tol
        self.learning_rate = learning_rate
        self.fit_intercept = fit_intercept
        self.random_state = random_state
        self.start = start
        self.penalty = penalty
        self.lam = lam
        self.l1_ratio = l1_ratio
        self.class_weight = class_weight

    def check_params(self):
        """Check the constructor's parameters, as ``fit`` does first; return self.

        >>> LogisticRegression(penalty="l1").check_params()
        Traceback (most recent call last):
        ...
        minilogit.errors.DataError: the l1 penalty is not differentiable at 0: use solver='proximal' or solver='cd', not 'newton'
        """
        self._penalty_weights()
        return self

    def _penalty_weights(self):
        """Check the penalty parameters; return (l1, l2), the weights of
        ||beta||_1 and betaᵀbeta in eq. (41)."""
        check_solver_params(self, SOLVERS)
        if self.start not in ("zeros", "log_odds"):
            raise DataError("start must be 'zeros' or 'log_odds', got %r" % (self.start,))
        if self.penalty not in PENALTIES:
            raise DataError("unknown penalty %r: choose None, 'l2', 'l1' or 'elasticnet'"
                            % (self.penalty,))
        lam, alpha = self.lam, self.l1_ratio      # checked even when unused: -1 is never a lam
        if isinstance(lam, bool) or not isinstance(lam, (int, float)) or not 0 <= lam < math.inf:
            raise DataError("lam must be a finite number >= 0, got %r" % (lam,))
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)) or not 0 <= alpha <= 1:
            raise DataError("l1_ratio must be a number in [0, 1], got %r" % (alpha,))
        if self.penalty is None:
            return 0.0, 0.0
        alpha = {"l2": 0.0, "l1": 1.0}.get(self.penalty, alpha)
        l1, l2 = lam * alpha, lam * (1.0 - alpha)                         # eq. (41)
        if l1 > 0 and self.solver not in L1_SOLVERS:
            raise DataError("the %s penalty is not differentiable at 0: use "
                            "solver='proximal' or solver='cd', not %r"
                            % (self.penalty, self.solver))
        return float(l1), float(l2)

    def fit(self, X, y, sample_weight=None):
        """Fit the coefficients to rows X and labels y; return self.

        ``sample_weight`` (optional, >= 0) counts row i w_i times, eq. (47):
        integer weights give the same fit as repeated rows, with every solver.
        Warns ``SeparationWarning`` when the classes are separated (the fit
        stops there) and ``ConvergenceWarning`` when ``max_iter`` runs out.

        >>> LogisticRegression().fit([[0.0], [1.0]], [0, 1, 1])
        Traceback (most recent call last):
        ...
        minilogit.errors.DataError: X has 2 rows but y has 3 labels
        """
        self._forget()
        l1, l2 = self._penalty_weights()
        rows = check_X(X)
        classes, y01 = check_binary_labels(y, len(rows))
        weights = self._weights(sample_weight, classes, y01)
        X1 = design(rows, self.fit_intercept)
        loss = LogisticLoss(X1, y01, weights)
        first = 1 if self.fit_intercept else 0
        penalized = list(range(first, X1.shape[1]))          # never the intercept
        objective = loss
        options = {}
        if self.solver in L1_SOLVERS:
            options = {"l1": l1, "l2": l2, "penalized": penalized}
        elif l2 > 0:
            objective = L2Penalty(loss, l2, penalized)       # eq. (41) with alpha = 0
        beta0 = [0.0] * X1.shape[1]
        if self.start == "log_odds" and self.fit_intercept:
            beta0[0] = logit(_mean(y01, weights))            # eq. (23): log(ybar / (1 - ybar))
        result = run_solver(self, objective, beta0, self._describe_column, options)

        self.classes_ = classes
        self.n_features_in_ = len(rows[0])
        beta = result.beta
        self.intercept_ = beta[0] if self.fit_intercept else 0.0
        self.coef_ = beta[first:]
        self.n_iter_ = result.n_iter
        self.converged_ = result.converged
        self.history_ = result.history
        self.result_ = result
        self.separation_ = result.diagnosis
        self._set_inference(loss, beta, y01, weights, l1 > 0 or l2 > 0)
        report(self, result)
        return self

    def fit_stream(self, stream, classes, epochs=5):
        """Fit by averaged SGD over rows read afresh from ``stream()`` each epoch,
        without holding the data: only the coefficients stay in memory.

        ``stream`` is a function returning an iterator of (row, label) pairs,
        e.g. ``lambda: minilogit.datasets.stream_csv(path, target="y")``;
        ``classes`` are the two labels (the larger is the positive class, as
        in ``fit``). Uses ``learning_rate`` (default 0.5) and
        ``fit_intercept``; the rows keep the stream's order, and with no
        convergence test the fit is ``epochs`` passes (see
        ``minilogit.solvers.sgd_stream``). Each row is checked as it comes.

        >>> rows = [([0.0], "no"), ([1.0], "yes"), ([2.0], "no"), ([3.0], "yes")]
        >>> m = LogisticRegression().fit_stream(lambda: iter(rows), ["no", "yes"], epochs=400)
        >>> round(m.coef_[0], 1), m.n_iter_, m.predict([[3.0]])
        (0.9, 400, ['yes'])
        """
        self._forget()
        if self.penalty is not None:
            raise DataError("fit_stream fits the unpenalised loss; use penalty=None")
        if isinstance(epochs, bool) or not isinstance(epochs, int) or epochs < 1:
            raise DataError("epochs must be an integer >= 1, got %r" % (epochs,))
        classes, _ = check_binary_labels(classes, len(list(classes)))
        check_solver_params(self, SOLVERS)
        lead = [1.0] if self.fit_intercept else []
        width = []

        def examples():
            for i, (row, label) in enumerate(stream()):
                x = check_X([row], n_features=width[0] if width else None,
                            name="row %d of the stream" % i)[0]
                if not width:
                    width.append(len(x))
                if label not in classes:
                    raise DataError("row %d of the stream has the label %r, not one of %r"
                                    % (i, label, classes))
                yield lead + x, 1.0 if label == classes[1] else 0.0

        eta = self.learning_rate if self.learning_rate is not None else 0.5
        n_params = None
        for x, _ in examples():                     # the first row gives the width
            n_params = len(x)
            break
        if n_params is None:
            raise DataError("the stream gave no examples")
        try:
            result = sgd_stream(examples, example_terms, [0.0] * n_params, epochs, eta)
        except DivergenceError as e:
            self.failure_ = "Failed, step too large: %s." % (e,)
            raise
        first = 1 if self.fit_intercept else 0
        self.classes_ = classes
        self.n_features_in_ = n_params - first
        self.intercept_ = result.beta[0] if self.fit_intercept else 0.0
        self.coef_ = result.beta[first:]
        self.n_iter_, self.converged_ = result.n_iter, False
        self.history_, self.result_, self.separation_ = result.history, result, None
        return self

    def _weights(self, sample_weight, classes, y01):
        """The weight of each row: sample_weight times the class weight (None if all 1)."""
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
        if w is not None:
            totals = [sum(w_i for w_i, v in zip(w, y01) if v == c) for c in (0, 1)]
            for c in (0, 1):
                if totals[c] == 0:
                    raise DataError("every row of class %r has weight 0: a binary model "
                                    "needs both classes" % (classes[c],))
            ybar = totals[1] / (totals[0] + totals[1])
            if not 0.0 < ybar < 1.0:             # one class's weight is lost in rounding
                c = 0 if ybar == 1.0 else 1
                raise DataError("the rows of class %r weigh %r in all, nothing next to the %r "
                                "of class %r: a binary model needs both classes; rescale "
                                "the weights" % (classes[c], totals[c], totals[1 - c],
                                                 classes[1 - c]))
        return w

    def _set_inference(self, loss, beta, y01, weights, penalized):
        """The attributes minilogit.inference reads, eqs. (33)-(36)."""
        llf = -loss.value(beta)
        # The null model is the intercept-only fit (as in statsmodels, and in GLM,
        # also for a model without an intercept): it predicts ybar for every row,
        # so its log-likelihood is n_1 log(ybar) + n_0 log(1 - ybar).
        ybar, nobs = _mean(y01, weights), loss.n_examples
        llnull = ybar * nobs * math.log(ybar) + (1.0 - ybar) * nobs * math.log(1.0 - ybar)
        # a binary saturated model has log-likelihood 0, so the deviances are -2 llf
        set_inference(self, beta, nobs, llf, llnull, -2.0 * llf, -2.0 * llnull, "logit",
                      lambda: loss.hessian(beta), blocked=PENALISED if penalized else None)

    def _summary_title(self):
        return "Logistic regression (%s vs %s)" % (self.classes_[1], self.classes_[0])

    def decision_function(self, X):
        """Return the linear predictor b0 + x_iᵀcoef for each row (the log-odds), eq. (8).

        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> [round(a, 6) for a in m.decision_function([[0.0], [1.5]])]
        [-1.362276, 0.0]
        """
        self._check_fitted()
        rows = check_X(X, n_features=self.n_features_in_)
        return check_scores([self.intercept_ + dot(r, self.coef_) for r in rows])

    def predict_proba(self, X):
        """Return [P(classes_[0] | x), P(classes_[1] | x)] for each row, eq. (9).

        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> [round(p, 6) for p in m.predict_proba([[0.0]])[0]]
        [0.796129, 0.203871]
        """
        probs = []
        for a in self.decision_function(X):
            p = sigmoid(a)
            probs.append([sigmoid(-a), p])   # 1 - p, computed without cancellation
        return probs

    def predict(self, X, threshold=0.5):
        """Return ``classes_[1]`` where P(classes_[1] | x) >= threshold, else ``classes_[0]``.

        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> m.predict([[0.0], [3.0]]), m.predict([[3.0]], threshold=0.9)
        ([0, 1], [0])
        """
        check_threshold(threshold)
        return [self.classes_[1] if sigmoid(a) >= threshold else self.classes_[0]
                for a in self.decision_function(X)]


def _mean(y01, weights):
    """The (weighted) share of positive labels, ybar."""
    if weights is None:
        return sum(y01) / len(y01)
    return sum(w * v for w, v in zip(weights, y01)) / sum(weights)
