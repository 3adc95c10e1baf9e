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

from ..errors import DataError, NotFittedError
from ..functions import logit, sigmoid
from ..matrix import dot
from ..objectives import LogisticLoss
from ..solvers import SOLVERS
from ..validation import check_binary_labels, check_X
from ._base import check_solver_params, design, report, run_solver


class LogisticRegression:
    """Binary logistic regression p(y = classes_[1] | x) = sigma(b0 + xᵀcoef).

    Parameters
    - ``solver``: "newton" (default), "irls", "gd" or "sgd".
    - ``max_iter``: iterations (epochs for SGD); default by solver.
    - ``tol``: converged when the mean loss's gradient has no component
      above ``tol`` (default 1e-8; 1e-3 for SGD).
    - ``learning_rate``: gd: a fixed step, or None (default) for a line
      search; sgd: the initial step eta_0 (default 0.5).
    - ``fit_intercept``: add a column of ones (default True).
    - ``random_state``: seed of SGD's shuffling (default 0).
    - ``start``: "zeros" (default: beta = 0, the lecture's trace) or
      "log_odds" (intercept log(ybar / (1 - ybar)), eq. (19), the rest 0).

    Fitted attributes: ``coef_``, ``intercept_``, ``classes_``, ``n_iter_``,
    ``converged_``, ``history_`` (total loss at the start and after each
    iteration), ``separation_`` (the diagnosis when the MLE does not exist,
    else None).

    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> round(m.intercept_, 6), [round(c, 6) for c in m.coef_]
    (-1.362276, [0.908184])
    >>> [round(p, 4) for p in m.predict_proba([[1.5]])[0]]
    [0.5, 0.5]
    """

    _PARAMS = ("solver", "max_iter", "tol", "learning_rate", "fit_intercept",
               "random_state", "start")

    def __init__(self, solver="newton", max_iter=None, tol=None, learning_rate=None,
                 fit_intercept=True, random_state=0, start="zeros"):
        self.solver = solver
        self.max_iter = max_iter
        self.tol = tol
        self.learning_rate = learning_rate
        self.fit_intercept = fit_intercept
        self.random_state = random_state
        self.start = start

    def _check_params(self):
        check_solver_params(self, SOLVERS)
        if self.start not in ("zeros", "log_odds"):
            raise DataError("start must be 'zeros' or 'log_odds', got %r" % (self.start,))

    def fit(self, X, y):
        """Fit the coefficients to rows X and labels y; return self.

        Warns ``SeparationWarning`` when the classes are separated (the fit
        stops there) and ``ConvergenceWarning`` when ``max_iter`` runs out.

        >>> LogisticRegression().fit([[0.0], [1.0]], [0, 1, 1])
        Traceback (most recent call last):
        ...
        minilogit.errors.DataError: X has 2 rows but y has 3 labels
        """
        self._check_params()
        rows = check_X(X)
        classes, y01 = check_binary_labels(y, len(rows))
        X1 = design(rows, self.fit_intercept)
        objective = LogisticLoss(X1, y01)
        beta0 = [0.0] * X1.shape[1]
        if self.start == "log_odds" and self.fit_intercept:
            ybar = sum(y01) / len(y01)
            beta0[0] = logit(ybar)                       # eq. (19): log(ybar / (1 - ybar))
        result = run_solver(self, objective, beta0, self._describe_column)

        self.classes_ = classes
        self.n_features_in_ = len(rows[0])
        beta = result.beta
        self.intercept_ = beta[0] if self.fit_intercept else 0.0
        self.coef_ = beta[1:] if self.fit_intercept else list(beta)
        self.n_iter_ = result.n_iter
        self.converged_ = result.converged
        self.history_ = result.history
        self.result_ = result
        self.separation_ = result.diagnosis
        report(self, result)
        return self

    def _describe_column(self, j):
        """Name parameter j: the intercept or a column of X."""
        if self.fit_intercept:
            j -= 1
        return "the intercept column" if j < 0 else "column %d of X" % j

    def _check_fitted(self):
        if not hasattr(self, "coef_"):
            raise NotFittedError("this LogisticRegression is not fitted yet: call fit(X, y) first")

    def decision_function(self, X):
        """Return the linear predictor b0 + x_iᵀcoef for each row (the log-odds), eq. (4).

        >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
        >>> [round(a, 6) for a in m.decision_function([[0.0], [1.5]])]
        [-1.362276, 0.0]
        """
        self._check_fitted()
        rows = check_X(X, n_features=self.n_features_in_)
        return [self.intercept_ + dot(r, self.coef_) for r in rows]

    def predict_proba(self, X):
        """Return [P(classes_[0] | x), P(classes_[1] | x)] for each row, eq. (5).

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
        if not 0.0 <= threshold <= 1.0:
            raise DataError("threshold must be in [0, 1], got %r" % (threshold,))
        return [self.classes_[1] if sigmoid(a) >= threshold else self.classes_[0]
                for a in self.decision_function(X)]
