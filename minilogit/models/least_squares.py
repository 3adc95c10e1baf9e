"""The lecture's naive classifier: least squares on the labels, then a rule.

Code the two classes as 0 and 1, fit a straight line (a plane) to those
numbers by ordinary least squares, and call a point positive when its
fitted value reaches a threshold. With K > 2 classes, regress each column of
the indicator (one-hot) matrix and pick the class with the largest fitted
value. Equation numbers are walkthrough.md's.

Notation: N rows, p features, X the N x (p+1) design matrix [1, x_i], y the
0/1 labels, Y the N x K indicator matrix, beta and B the coefficients.

>>> X = [[0.0], [1.0], [2.0], [3.0]]
>>> model = LeastSquaresClassifier().fit(X, ["no", "no", "yes", "yes"])
>>> round(model.intercept_, 12), round(model.coef_[0], 12)
(-0.1, 0.4)
>>> model.predict([[1.4], [1.5]])
['no', 'yes']

Fitting K > 2 classes this way can mask a class: the middle one of three
groups on a line is never predicted (see ``minilogit.datasets.synthetic``).
"""

import math

from ..core.errors import DataError, NotFittedError, SingularMatrixError
from ..core.matrix import dot, Matrix, weighted_gram
from ..core.checks import adapted, check_class_labels, check_number, check_scores, check_X, design
from ..core.estimators import Estimator
from ._base import Model


def normal_equations(X, Y):
    """Return the least-squares coefficients (XᵀX)⁻¹XᵀY, eqs. (1) and (3).

    X is the design matrix (a Matrix; put the column of ones in it yourself).
    Y is a list y (the answer is the list beta) or a Matrix with one column
    per response (the answer is the Matrix B, one column per response).
    Solved by Gauss-Jordan elimination, so Fraction entries give exact
    answers. Raises ``SingularMatrixError`` naming the first column of X that
    is a linear combination of the columns before it.

    >>> X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    >>> [round(b, 12) for b in normal_equations(X, [0.0, 0.0, 1.0, 1.0])]
    [-0.1, 0.4]
    >>> from fractions import Fraction as F
    >>> Xf = Matrix([[F(1), F(x)] for x in range(4)])
    >>> normal_equations(Xf, [F(0), F(0), F(1), F(1)]) == [F(-1, 10), F(2, 5)]
    True
    """
    # XᵀX = sum_i x_i x_iᵀ, a sum of outer products: (p+1) x (p+1) and
    # symmetric, built from the columns of X; no N x N matrix is ever formed.
    XtX = weighted_gram(X, [1] * len(X))
    XtY = X.T @ Y                                    # Xᵀy (a list) or XᵀY (a Matrix)
    # eq. (1): beta = (XᵀX)⁻¹Xᵀy, or eq. (3): B = (XᵀX)⁻¹XᵀY, one
    # Gauss-Jordan elimination of [XᵀX | XᵀY] for all K columns at once
    return XtX.solve(XtY)


def indicator_matrix(index, K):
    """Return the N x K indicator (one-hot) rows: Y_ik = 1 when y_i is class k, eq. (3).

    ``index`` holds each label's position in the sorted classes (what
    ``minilogit.core.checks.check_class_labels`` returns).

    >>> indicator_matrix([0, 2, 1], 3)
    [[1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, 1.0, 0.0]]
    """
    return [[1.0 if k == index_i else 0.0 for k in range(K)]   # eq. (3): Y_ik
            for index_i in index]


def _check_threshold(threshold):
    check_number(threshold, "threshold", "a finite number", math.isfinite)


class LeastSquaresClassifier(Model, Estimator):
    """Classification by linear regression on the coded labels (the lecture's naive approach).

    Two classes: y is coded 0/1 (``classes_[1]`` is 1), beta is the
    least-squares fit, eq. (1), and a row is ``classes_[1]`` when
    xᵀbeta >= ``threshold``, eq. (2). K > 2 classes: each column of the
    indicator matrix gets its own least-squares fit, eq. (3), and a row
    gets the class with the largest fitted value (a tie goes to the first).
    ``fitted_value(X)`` gives the fitted values; ``decision_function(X)``
    gives xᵀbeta - threshold for two classes, positive for ``classes_[1]``
    (the sign scikit-learn's tools read), and the K fitted values for K > 2.

    Parameters
    - ``fit_intercept``: add a column of ones (default True).
    - ``threshold``: the cut-off of eq. (2) (default 0.5; binary only).

    Fitted attributes: ``classes_`` (sorted), ``n_features_in_``; two
    classes: ``coef_`` (p numbers), ``intercept_`` (a number); K > 2
    classes: ``coef_`` (K rows of p numbers), ``intercept_`` (K numbers).

    >>> m = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
    >>> [round(f, 12) for f in m.fitted_value([[0.0], [1.5], [3.0]])]
    [-0.1, 0.5, 1.1]
    >>> m3 = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0]], ["a", "b", "c"])
    >>> len(m3.coef_), len(m3.intercept_)
    (3, 3)
    """

    closed_form = True      # explain(): no iterations to tell about
    _NO_INFERENCE = ("it is a classifier fitted by least squares on the labels coded as "
                     "numbers, eq. (1), with no likelihood of its own; for two classes, "
                     "GLM(family='gaussian') fits the same line to y coded 0/1, with the "
                     "gaussian model's inference")
    _PARAMS = ("fit_intercept", "threshold")

    def __init__(self, fit_intercept=True, threshold=0.5):
        self.fit_intercept = fit_intercept
        self.threshold = threshold

    def _check_params(self):
        """Check the parameters as ``fit`` does first."""
        _check_threshold(self.threshold)

    @adapted
    def fit(self, X, y):
        """Fit by the normal equations to rows X and labels y; return self.

        Raises ``DataError`` for bad input and when XᵀX is singular (a
        constant column next to the intercept, a duplicated column, fewer
        rows than coefficients), naming the column to drop.

        >>> m = LeastSquaresClassifier().fit([[1.0], [2.0], [3.0]], [0, 1, 1])
        >>> m.classes_, m.n_features_in_
        ([0, 1], 1)
        >>> LeastSquaresClassifier().fit([[1.0, 5.0], [2.0, 5.0], [3.0, 5.0]], [0, 1, 1])
        Traceback (most recent call last):
        ...
        minilogit.DataError: X'X is singular: column 1 of X is a linear combination of the columns before it (a constant or duplicated column?); drop it
        """
        self._forget()
        self._check_params()
        X1 = design(X, self.fit_intercept)
        classes, index = check_class_labels(y, X1.shape[0])
        n_features = X1.shape[1] - (1 if self.fit_intercept else 0)
        d, K = X1.shape[1], len(classes)
        if d > self._NEWTON_MAX:             # a d x d solve too large to start
            raise DataError("X has %d columns: the normal equations take at most %d "
                            "coefficients (a d x d solve, d^3/3 operations); drop columns"
                            % (d - 1 if self.fit_intercept else d, self._NEWTON_MAX))
        try:
            if K == 2:
                y01 = [float(k) for k in index]      # y coded 0/1: classes_[1] is 1
                coefficients = normal_equations(X1, y01)      # eq. (1): beta = (XᵀX)⁻¹Xᵀy
            else:
                Y = Matrix(indicator_matrix(index, K))
                coefficients = normal_equations(X1, Y)        # eq. (3): B = (XᵀX)⁻¹XᵀY
        except SingularMatrixError as e:
            coefficients = e
        if isinstance(coefficients, SingularMatrixError):   # raised here, not chained to e
            j = coefficients.column - 1 if self.fit_intercept else coefficients.column
            what = "the intercept column" if j < 0 else "column %d of X" % j
            raise DataError("X'X is singular: %s is a linear combination of the "
                            "columns before it (a constant or duplicated column?); "
                            "drop it" % what)

        self.classes_ = classes
        self.n_features_in_ = n_features
        if K == 2:
            beta = coefficients
            self.intercept_ = beta[0] if self.fit_intercept else 0.0
            self.coef_ = beta[1:] if self.fit_intercept else list(beta)
        else:
            B = coefficients.T.rows                  # row k: class k's (p+1) coefficients
            self.intercept_ = [b[0] if self.fit_intercept else 0.0 for b in B]
            self.coef_ = [b[1:] if self.fit_intercept else list(b) for b in B]
        return self

    def _check_fitted(self):
        if not hasattr(self, "coef_"):
            raise NotFittedError("this LeastSquaresClassifier is not fitted yet: "
                                 "call fit(X, y) first")

    @adapted
    def fitted_value(self, X):
        """Return the fitted value f(x) = (1, x)ᵀbeta of each row (two classes,
        the number eq. (2) compares with ``threshold``), or the K fitted values
        (1, x)ᵀB of each row (K > 2 classes, eq. (3)).

        >>> m = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
        >>> [[round(f, 4) for f in row] for row in m.fitted_value([[0.0], [1.0]])]
        [[0.8333, 0.3333, -0.1667], [0.3333, 0.3333, 0.3333]]
        """
        self._check_fitted()
        p, b0, coef, K = (self.n_features_in_, self.intercept_, self.coef_,
                          len(self.classes_))                   # one fit's, at once
        rows = check_X(X, n_features=p)
        if K == 2:
            return check_scores([b0 + dot(x, coef) for x in rows])
        return check_scores([[b + dot(x, c) for b, c in zip(b0, coef)] for x in rows])

    @adapted
    def decision_function(self, X):
        """Return the fitted value less the threshold, (1, x)ᵀbeta - threshold, for
        each row (two classes: >= 0 where eq. (2) predicts ``classes_[1]``); K > 2
        classes: the K fitted values of eq. (3), the largest one's class predicted.

        >>> m = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
        >>> [round(f, 12) for f in m.decision_function([[0.0], [1.5], [3.0]])]
        [-0.6, 0.0, 0.6]
        """
        fitted = self.fitted_value(X)
        if len(self.classes_) > 2:
            return fitted
        _check_threshold(self.threshold)
        return [f - self.threshold for f in fitted]

    @adapted
    def predict(self, X, threshold=None):
        """Return the predicted class of each row.

        Two classes: ``classes_[1]`` when xᵀbeta >= threshold, else
        ``classes_[0]``, eq. (2); ``threshold`` defaults to the model's.
        K > 2 classes: the class with the largest fitted value, eq. (3), a
        tie going to the first class.

        >>> m = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1])
        >>> m.predict([[1.0], [2.0]]), m.predict([[2.0]], threshold=0.8)
        ([0, 1], [0])
        """
        fitted = self.fitted_value(X)
        if len(self.classes_) > 2:
            # eq. (3): argmax_k of xᵀB (a tie goes to the first k)
            return [self.classes_[max(range(len(f)), key=lambda k: (f[k], -k))]
                    for f in fitted]
        t = self.threshold if threshold is None else threshold
        _check_threshold(t)
        return [self.classes_[1] if f >= t else self.classes_[0]    # eq. (2)
                for f in fitted]

    def best_threshold(self, X, y):
        """Return (threshold, misclassification rate) of the best cut-off on (X, y).

        The misclassification count sum_i I(prediction_i != y_i) of eq. (2)
        only changes where the threshold passes a fitted value, so it is
        enough to try the midpoints between consecutive distinct fitted
        values and the two ends (1 below the smallest: everything is
        ``classes_[1]``; 1 above the largest: everything is ``classes_[0]``).
        Among equally good cut-offs the smallest is returned. The model is
        not changed: set ``threshold`` or pass it to ``predict``. Binary
        models only.

        >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0]], [0, 0, 1, 1, 0]
        >>> m = LeastSquaresClassifier().fit(X, y)
        >>> [round(f, 12) for f in m.fitted_value(X)]
        [0.2, 0.3, 0.4, 0.5, 0.6]
        >>> t, rate = m.best_threshold(X, y)
        >>> round(t, 12), rate
        (0.35, 0.2)
        >>> m.predict(X), m.predict(X, threshold=t)
        ([0, 0, 0, 1, 1], [0, 0, 1, 1, 1])
        """
        self._check_fitted()
        if len(self.classes_) != 2:
            raise DataError("best_threshold needs a binary model; this one has %d classes "
                            "and predicts the largest fitted value, without a threshold"
                            % len(self.classes_))
        fitted = self.fitted_value(X)
        try:
            y = list(y)
        except TypeError:
            raise DataError("y must be a sequence of labels, got %s" % type(y).__name__)
        if len(y) != len(fitted):
            raise DataError("X has %d rows but y has %d labels" % (len(fitted), len(y)))
        for i in range(len(y)):
            if y[i] != self.classes_[0] and y[i] != self.classes_[1]:
                raise DataError("y[%d] is %r, not one of the fitted classes %r"
                                % (i, y[i], self.classes_))

        values = sorted(set(fitted))
        candidates = [values[0] - 1.0]
        for a, b in zip(values, values[1:]):
            mid = (a + b) / 2
            # a and b one float apart: the midpoint rounds to a, which would
            # put a on b's side; b itself cuts between them (rule: f >= t).
            candidates.append(mid if mid > a else b)
        candidates.append(values[-1] + 1.0)

        # Recount the mistakes at every candidate: N x (N + 1) comparisons,
        # plain to read and quick enough at this library's sizes.
        best_t, best_errors = None, None
        for t in candidates:
            errors = 0
            for f, label in zip(fitted, y):
                predicted = self.classes_[1] if f >= t else self.classes_[0]  # eq. (2)
                if predicted != label:
                    errors += 1                      # sum_i I(prediction_i != y_i)
            if best_errors is None or errors < best_errors:
                best_t, best_errors = t, errors
        return best_t, best_errors / len(y)
