"""Softmax (multinomial) regression: one parameter vector per class, eq. (25).

Adding the same vector c to every theta_k changes no probability, so K free
vectors are not identifiable, eq. (30): the cross-entropy is flat along
that direction and its Hessian singular. There are two standard cures, and
the estimator asks for one of them:

- ``penalty="l2", lam=...`` (the default, lam = 0.5, is scikit-learn's
  multinomial model with C = 1): the ridge term picks the one point on the
  flat line with the smallest norm, eq. (29). The unpenalised intercepts
  stay free up to a common shift; one is pinned during the fit and they are
  reported centred (summing to 0), as scikit-learn reports them.
- ``reference_class=label``: that class's vector is fixed at 0 (the
  baseline-category model of statsmodels' MNLogit), and the others measure
  log-odds against it.

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
>>> y = ["a", "a", "b", "a", "b", "c", "b", "c", "c"]
>>> m = SoftmaxRegression().fit(X, y)
>>> m.classes_, m.converged_, m.predict([[0.0], [4.0], [8.0]])
(['a', 'b', 'c'], True, ['a', 'b', 'c'])
>>> [round(p, 4) for p in m.predict_proba([[4.0]])[0]]
[0.2134, 0.5732, 0.2134]
"""

import math

from ..errors import DataError, NotFittedError
from ..functions import softmax
from ..matrix import dot
from ..objectives import FixedAtZero, L2Penalty, SoftmaxLoss
from ..validation import check_class_labels, check_X
from ._base import (Estimator, check_l2, check_scores, check_solver_params, design, report,
                    run_solver)

_SOLVERS = ("gd", "sgd", "newton")


class SoftmaxRegression(Estimator):
    """Multinomial logistic regression p(y = k | x) = softmax(b_k + xᵀcoef_k), eq. (25).

    Parameters
    - ``solver``: "newton" (default), "gd" or "sgd".
    - ``penalty``: "l2" (default) or None; ``lam``: the weight of
      lam * sum_k ||coef_k||^2, eq. (29) (default 0.5; intercepts are not
      penalised).
    - ``reference_class``: a label whose vector is fixed at 0, eq. (30), or None.
    - ``max_iter``, ``tol``, ``learning_rate``, ``fit_intercept``,
      ``random_state``: as for ``LogisticRegression``.

    Newton with no penalty needs ``reference_class``: with K free vectors its
    Hessian is singular. Gradient descent and SGD can do without: from 0,
    every step keeps sum_k theta_k = 0, so they stay on one point of each
    flat line.

    Fitted: ``classes_`` (sorted), ``coef_`` (K rows of p), ``intercept_``
    (K), ``n_iter_``, ``converged_``, ``history_``, ``separation_``,
    ``result_``, ``n_features_in_``.

    >>> m = SoftmaxRegression(penalty=None, reference_class=0).fit(
    ...     [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.coef_[0], round(m.coef_[1][0], 6)            # the binary model's 0.908184
    ([0.0], 0.908184)
    """

    _PARAMS = ("solver", "penalty", "lam", "reference_class", "max_iter", "tol",
               "learning_rate", "fit_intercept", "random_state")

    def __init__(self, solver="newton", penalty="l2", lam=0.5, reference_class=None,
                 max_iter=None, tol=None, learning_rate=None, fit_intercept=True,
                 random_state=0):
        self.solver = solver
        self.penalty = penalty
        self.lam = lam
        self.reference_class = reference_class
        self.max_iter = max_iter
        self.tol = tol
        self.learning_rate = learning_rate
        self.fit_intercept = fit_intercept
        self.random_state = random_state

    def _check_params(self):
        check_solver_params(self, _SOLVERS)
        check_l2(self.penalty, self.lam)
        penalized = self.penalty == "l2" and self.lam > 0
        if self.solver == "newton" and not penalized and self.reference_class is None:
            raise DataError(
                "Newton's method cannot fit K free parameter vectors without a penalty: "
                "adding the same vector to every theta_k changes no probability, so the "
                "cross-entropy is flat in that direction and its Hessian is singular "
                "(eq. (30)). Fix one class's vector at 0 with reference_class=<label> "
                "(the baseline-category model of statsmodels' MNLogit), or add a ridge "
                "penalty with penalty='l2', lam > 0 (scikit-learn's multinomial model)")
        return penalized

    def fit(self, X, y):
        """Fit one parameter vector per class to rows X and labels y; return self.

        Warns ``SeparationWarning`` when a class can be cut off from the rest
        (an unpenalised fit then has no minimum) and ``ConvergenceWarning``
        when ``max_iter`` runs out.

        >>> SoftmaxRegression(reference_class="z").fit([[0.0], [1.0]], ["a", "b"])
        Traceback (most recent call last):
        ...
        minilogit.errors.DataError: reference_class 'z' is not one of the classes ['a', 'b']
        """
        self._forget()
        penalized = self._check_params()
        rows = check_X(X)
        classes, index = check_class_labels(y, len(rows), model="softmax regression")
        if self.reference_class is not None and self.reference_class not in classes:
            raise DataError("reference_class %r is not one of the classes %r"
                            % (self.reference_class, classes))
        X1 = design(rows, self.fit_intercept)
        K, d = len(classes), X1.shape[1]
        first = 1 if self.fit_intercept else 0        # where the coefficients start in a block
        objective = SoftmaxLoss(X1, index, K, names=classes)
        if penalized:
            coefs = [k * d + j for k in range(K) for j in range(first, d)]
            objective = L2Penalty(objective, self.lam, coefs)         # eq. (29)
        fixed = []
        if self.reference_class is not None:                          # eq. (30): theta_r = 0
            r = classes.index(self.reference_class)
            fixed = list(range(r * d, (r + 1) * d))
        elif self.fit_intercept:
            fixed = [(K - 1) * d]       # pin one intercept; they are centred below
        if fixed:
            objective = FixedAtZero(objective, fixed)
        self._free = objective.free if fixed else list(range(K * d))
        self._d, self._classes = d, classes
        result = run_solver(self, objective, [0.0] * objective.n_params,
                            self._describe_column)
        theta = objective.full(result.beta) if fixed else list(result.beta)
        blocks = [theta[k * d:(k + 1) * d] for k in range(K)]
        intercepts = [b[0] for b in blocks] if self.fit_intercept else [0.0] * K
        if self.reference_class is None and self.fit_intercept:
            shift = sum(intercepts) / K
            intercepts = [b - shift for b in intercepts]
        self.classes_ = classes
        self.n_features_in_ = len(rows[0])
        self.coef_ = [b[first:] for b in blocks]
        self.intercept_ = intercepts
        self.n_iter_ = result.n_iter
        self.converged_ = result.converged
        self.history_ = result.history
        self.result_ = result
        self.separation_ = result.diagnosis
        report(self, result)
        return self

    def _describe_column(self, j):
        """Name parameter j of the solver's vector: a column of X for one class."""
        k, col = divmod(self._free[j], self._d)
        if self.fit_intercept:
            col -= 1
        what = "the intercept column" if col < 0 else "column %d of X" % col
        return "%s (in the vector of class %r)" % (what, self._classes[k])

    def decision_function(self, X):
        """Return the K scores b_k + x_iᵀcoef_k of each row, eq. (25)'s exponents.

        >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
        >>> m = SoftmaxRegression().fit(X, [0, 0, 1, 0, 1, 2, 1, 2, 2])
        >>> [round(a, 4) for a in m.decision_function([[4.0]])[0]]
        [-0.3293, 0.6587, -0.3293]
        """
        if not hasattr(self, "coef_"):
            raise NotFittedError("this SoftmaxRegression is not fitted yet: "
                                 "call fit(X, y) first")
        rows = check_X(X, n_features=self.n_features_in_)
        # nan, or +inf (softmax would compute inf - inf), has no probability
        return check_scores([[b + dot(r, c) for b, c in zip(self.intercept_, self.coef_)]
                             for r in rows], bad=lambda a: not a < math.inf)

    def predict_proba(self, X):
        """Return, for each row, the K probabilities in ``classes_`` order, eq. (25).

        >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
        >>> m = SoftmaxRegression().fit(X, [0, 0, 1, 0, 1, 2, 1, 2, 2])
        >>> [round(p, 4) for p in m.predict_proba([[4.0]])[0]]
        [0.2134, 0.5732, 0.2134]
        """
        return [softmax(a) for a in self.decision_function(X)]

    def predict(self, X):
        """Return the most probable class of each row (the first one on a tie).

        >>> m = SoftmaxRegression().fit([[0.0], [1.0], [4.0], [5.0]], ["lo", "lo", "hi", "hi"])
        >>> m.predict([[0.5], [4.5]])
        ['lo', 'hi']
        """
        out = []
        for a in self.decision_function(X):
            best = max(range(len(a)), key=lambda k: (a[k], -k))
            out.append(self.classes_[best])
        return out
