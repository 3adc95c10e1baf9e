"""K binary models at once: one-vs-rest for K classes, and multi-label learning.

``OneVsRest`` fits one binary model per class (that class against all the
others) and normalises the K probabilities to sum to 1, eq. (31): a simpler
rival of softmax regression. ``MultiLabelClassifier`` is for examples that
carry several labels at once: K independent sigmoids, trained together on
a 0/1 label table in which ``None`` marks an unknown entry, eq. (32).

>>> from minilogit import LogisticRegression
>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
>>> ovr = OneVsRest(LogisticRegression()).fit(X, ["a", "b", "a", "c", "b", "c"])
>>> ovr.classes_, round(sum(ovr.predict_proba([[2.5]])[0]), 12)
(['a', 'b', 'c'], 1.0)
"""

from ..core.errors import DataError, NotFittedError
from ..core.functions import sigmoid
from ..core.matrix import dot
from ..objectives.multilabel import MultiLabelLoss
from ..core.checks import (adapted, as_float, check_class_labels, check_scores, check_threshold,
                           check_X, design)
from ..core.estimators import GD, NEWTON, SGD, Estimator
from ._base import Model, clone
from ..solvers.rows import PROXIMAL



class OneVsRest(Model, Estimator):
    """One binary ``estimator`` per class k, fitted on "y_i = k" against the rest.

    Any binary estimator with ``fit`` and ``predict_proba`` will do; each
    class gets a fresh copy with the same parameters. A class that a
    hyperplane separates from the rest makes its binary fit warn
    (``SeparationWarning``).

    Fitted: ``classes_`` (sorted), ``estimators_`` (one per class),
    ``n_features_in_``.

    >>> from minilogit import LogisticRegression
    >>> ovr = OneVsRest(LogisticRegression()).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> len(ovr.estimators_), ovr.predict([[0.0]]), ovr.n_features_in_
    (2, [0], 1)
    """

    _PARAMS = ("estimator",)
    _NO_INFERENCE = ("its K binary models are fitted apart and have no joint likelihood; "
                     "each has its own: estimators_[k].summary()")

    def __init__(self, estimator):
        self.estimator = estimator

    @adapted
    def fit(self, X, y):
        """Fit K binary models, model k on the labels [y_i = classes_[k]]; return self."""
        self._forget()
        est = self.estimator
        if isinstance(est, type) or not (hasattr(est, "fit") and hasattr(est, "_PARAMS")):
            raise DataError("OneVsRest needs a binary estimator object with fit and "
                            "predict_proba, such as LogisticRegression(); got %r" % (est,))
        rows = check_X(X)
        classes, index = check_class_labels(y, len(rows), model="one-vs-rest")
        estimators = []                  # kept only once all K fits have worked
        for k in range(len(classes)):
            target = [1 if i == k else 0 for i in index]        # class k against the rest
            estimators.append(clone(self.estimator).fit(rows, target))
        self.estimators_, self.classes_ = estimators, classes
        self.n_features_in_ = len(rows[0])
        return self

    def get_params(self, deep=True):
        """{"estimator": ...}, and with ``deep`` the estimator's own as "estimator__<name>"."""
        params = {"estimator": self.estimator}
        if deep and hasattr(self.estimator, "get_params"):
            for name, value in self.estimator.get_params().items():
                params["estimator__" + name] = value
        return params

    @adapted
    def predict_proba(self, X):
        """P(class k | x) of model k, divided by their sum over k, eq. (31).

        The binary models are fitted apart, so their K probabilities need
        not sum to 1 until they are normalised.

        >>> from minilogit import LogisticRegression
        >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
        >>> ovr = OneVsRest(LogisticRegression()).fit(X, [0, 0, 1, 0, 1, 2, 1, 2, 2])
        >>> [round(p, 4) for p in ovr.predict_proba([[4.0]])[0]]     # softmax: 0.2134, 0.5732
        [0.2171, 0.5659, 0.2171]
        """
        if not hasattr(self, "estimators_"):
            raise NotFittedError("this OneVsRest is not fitted yet: call fit(X, y) first")
        if not hasattr(self.estimators_[0], "predict_proba"):
            raise DataError("OneVsRest needs binary estimators with predict_proba, such as "
                            "LogisticRegression(); a %s has none"
                            % type(self.estimators_[0]).__name__)
        columns = [est.predict_proba(X) for est in self.estimators_]
        out = []
        for i in range(len(columns[0])):
            s = [col[i][1] for col in columns]                  # sigma(a_ik) of model k
            total = sum(s)
            out.append([v / total for v in s] if total > 0 else [1.0 / len(s)] * len(s))  # eq. (31)
        return out

    def explain(self):
        """Why each of the K binary fits stopped, one paragraph per class."""
        if not hasattr(self, "estimators_"):
            return Model.explain(self)                  # not fitted yet
        from ..tables import Text
        return Text("\n".join("Class %r against the rest: %s" % (c, est.explain())
                              for c, est in zip(self.classes_, self.estimators_)))

    @adapted
    def predict(self, X):
        """The class of largest normalised probability (the first one on a tie)."""
        return [self.classes_[max(range(len(p)), key=lambda k: (p[k], -k))]
                for p in self.predict_proba(X)]


class MultiLabelClassifier(Model, Estimator):
    """K independent sigmoid outputs p_ik = sigma(b_k + x_iᵀcoef_k), eq. (32).

    ``fit(X, Y)`` takes an N x K table Y of 0, 1 or None (unknown: left out
    of the loss). Each label needs both a 0 and a 1 among its known entries.
    ``solver`` ("newton", "gd", "sgd" or "proximal"), ``max_iter``, ``tol``,
    ``learning_rate``, ``fit_intercept`` and ``random_state`` are as for
    ``LogisticRegression``; the K problems
    share the solver's iterations but no parameter, so the result equals K
    separate binary fits on the rows where each label is known.

    Fitted: ``coef_`` (K rows of p), ``intercept_`` (K), ``n_labels_``,
    ``n_iter_``, ``converged_``, ``history_``, ``separation_``.

    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> Y = [[0, 1], [1, None], [0, 0], [1, 1]]
    >>> m = MultiLabelClassifier().fit(X, Y)
    >>> m.n_labels_, len(m.predict_proba([[1.5]])[0])
    (2, 2)
    """

    _PARAMS = ("solver", "max_iter", "tol", "learning_rate", "fit_intercept", "random_state")
    _KIND = "multilabel"                # Y is a table: read as rows (minilogit.interop)
    _NO_INFERENCE = ("label k's coefficients are a binary fit on the rows where label k is "
                     "known; LogisticRegression fitted on those rows gives their inference")
    # The solvers that need only value, gradient and Hessian: IRLS and coordinate
    # descent work on one design matrix X, and the K labels each have their own rows.
    solvers = {"gd": GD, "newton": NEWTON, "sgd": SGD, "proximal": PROXIMAL}

    def __init__(self, solver="newton", max_iter=None, tol=None, learning_rate=None,
                 fit_intercept=True, random_state=0):
        self.solver, self.max_iter, self.tol = solver, max_iter, tol
        self.learning_rate, self.random_state = learning_rate, random_state
        self.fit_intercept = fit_intercept

    def _check_params(self):
        """Check the parameters as ``fit`` does first; return the penalty (none)."""
        self._check_solver_params()

    @adapted
    def fit(self, X, Y):
        """Fit the K sigmoid outputs to rows X and the label table Y; return self."""
        self._forget()
        penalty = self._check_params()
        X1 = design(X, self.fit_intercept)
        Y = _check_label_table(Y, X1.shape[0])
        n_features = X1.shape[1] - (1 if self.fit_intercept else 0)
        self._check_identified(X1.shape, False, len(Y[0]))
        objective = MultiLabelLoss(X1, Y)
        self._d = X1.shape[1]
        result = self._solve(objective, [0.0] * objective.n_params, penalty, [],
                             self._describe_label_column)
        self._report(result)             # before keeping: a warning may be an error
        d, first = self._d, 1 if self.fit_intercept else 0
        blocks = [result.beta[k * d:(k + 1) * d] for k in range(objective.K)]
        self.n_labels_ = objective.K
        self.coef_ = [b[first:] for b in blocks]
        self.intercept_ = [b[0] if self.fit_intercept else 0.0 for b in blocks]
        self._keep(result, n_features)
        return self

    def _describe_label_column(self, j):
        k, col = divmod(j, self._d)
        if self.fit_intercept:
            col -= 1
        what = "the intercept column" if col < 0 else "column %d of X" % col
        return "%s (for label %d, on the rows where it is known)" % (what, k)

    @adapted
    def predict_proba(self, X):
        """Return, for each row, the K probabilities sigma(b_k + xᵀcoef_k), eq. (32).

        Each is a probability of its own label: they need not sum to 1.
        """
        if not hasattr(self, "coef_"):
            raise NotFittedError("this MultiLabelClassifier is not fitted yet: "
                                 "call fit(X, Y) first")
        p, b0, coef = self.n_features_in_, self.intercept_, self.coef_    # one fit's, at once
        scores = check_scores([[b + dot(r, c) for b, c in zip(b0, coef)]
                               for r in check_X(X, n_features=p)])
        return [[sigmoid(a) for a in row] for row in scores]

    @adapted
    def predict(self, X, threshold=0.5):
        """Return a row of 0/1 per example: label k is on when p_ik >= threshold."""
        check_threshold(threshold)
        return [[1 if p >= threshold else 0 for p in row] for row in self.predict_proba(X)]



def _check_label_table(Y, n_rows):
    """Return Y as rows of 0.0, 1.0 or None; raise DataError naming a bad entry."""
    try:
        Y = [list(r) for r in Y]
    except TypeError:
        raise DataError("Y must be a table (rows of 0, 1 or None), got %s" % type(Y).__name__)
    if len(Y) != n_rows:
        raise DataError("X has %d rows but Y has %d" % (n_rows, len(Y)))
    K = len(Y[0])
    if K == 0:
        raise DataError("Y has rows but no label columns")
    out = []
    for i in range(n_rows):
        if len(Y[i]) != K:
            raise DataError("Y row %d has %d labels, row 0 has %d" % (i, len(Y[i]), K))
        row = []
        for k in range(K):
            v = Y[i][k]
            if v is None:
                row.append(None)
                continue
            f = as_float(v, "Y[%d][%d]" % (i, k))
            if f not in (0.0, 1.0):
                raise DataError("Y[%d][%d] is %r: entries must be 0, 1 or None" % (i, k, v))
            row.append(f)
        out.append(row)
    for k in range(K):
        known = set(row[k] for row in out if row[k] is not None)
        if known != set((0.0, 1.0)):
            raise DataError("label %d has %s among its known entries: each label needs "
                            "both a 0 and a 1" % (k, "no value" if not known
                                                  else "only the value %d" % known.pop()))
    return out
