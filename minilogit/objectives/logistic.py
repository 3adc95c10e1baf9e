"""The losses of binary logistic regression: value, gradient, Hessian.

Notation (the walkthrough's): X is the N x (p+1) design matrix whose rows
are x_i (a leading 1 for the intercept), y_i in {0, 1} the labels,
beta the coefficients, a_i = x_iᵀ beta the linear predictor, p_i =
sigma(a_i) the fitted probability, W = diag(p_i (1 - p_i)).

The loss is the total negative log-likelihood, a sum over examples (not a
mean), as in the lecture. An objective knows nothing about how it is
minimised: the solvers only call ``value``, ``gradient``, ``hessian`` (and
``example_gradient`` for SGD, ``working_response`` for IRLS).

>>> X = Matrix([[1.0, 0.0], [1.0, 1.0]])
>>> loss = LogisticLoss(X, [0, 1])
>>> round(loss.value([0.0, 0.0]), 12) == round(2 * math.log(2), 12)
True
>>> loss.gradient([0.0, 0.0])
[0.0, -0.5]
"""

import math

from .._compat import log1p
from ..errors import DataError
from ..functions import log1pexp, sigmoid
from ..matrix import Matrix, dot, weighted_gram

# A point whose margin s_i x_iᵀbeta exceeds this is fitted with probability
# within e^-30 ~ 1e-13 of its label: "certain" for all practical purposes.
CERTAIN_MARGIN = 30.0

# The most (row, share) visits one SGD epoch may hold: see weighted_examples.
MAX_SGD_VISITS = 10 ** 7


def nll(X, y, beta):
    """Total negative log-likelihood, eq. (10), for labels y_i in {0, 1}.

    Each term is log(1 + e^a_i) - y_i a_i, the stable form of
    -[y_i log p_i + (1 - y_i) log(1 - p_i)].

    >>> nll(Matrix([[1.0], [1.0]]), [0, 1], [0.0]) == 2 * math.log(2)
    True
    """
    return sum(log1pexp(a) - y_i * a for a, y_i in zip(X @ beta, y))


def nll_pm1(X, s, beta):
    """The same loss for labels s_i in {-1, +1}, eq. (11): sum_i log(1 + e^(-s_i a_i)).

    p(s_i | x_i) = sigma(s_i x_iᵀ beta): the probability of the true label.

    >>> X = Matrix([[1.0, 2.0], [1.0, -1.0]])
    >>> abs(nll_pm1(X, [1, -1], [0.1, 0.5]) - nll(X, [1, 0], [0.1, 0.5])) < 1e-15
    True
    """
    return sum(log1pexp(-s_i * a) for a, s_i in zip(X @ beta, s))


def squared_error(X, y, beta):
    """Sum of squared errors of the probabilities, eq. (14): sum_i (y_i - sigma(a_i))^2.

    The lecture's first attempt at a loss: it is not convex in beta.

    >>> squared_error(Matrix([[1.0]]), [1], [0.0])
    0.25
    """
    return sum((y_i - sigmoid(a)) ** 2 for a, y_i in zip(X @ beta, y))


def example_terms(example, beta):
    """One example's (loss, gradient) for streaming SGD: example = (x_i, y_i), y_i 0 or 1.

    The loss is log(1 + e^a_i) - y_i a_i, eq. (10), and the gradient
    x_i (p_i - y_i), eq. (12), with a_i = x_iᵀbeta.

    >>> loss, g = example_terms(([1.0, 2.0], 1), [0.0, 0.0])
    >>> round(loss, 6), g
    (0.693147, [-0.5, -1.0])
    """
    x_i, y_i = example
    a_i = dot(x_i, beta)
    r = sigmoid(a_i) - y_i
    return log1pexp(a_i) - y_i * a_i, [r * x for x in x_i]


def weighted_examples(weights):
    """The examples SGD visits, as (row, share) pairs, for weights w_i >= 0.

    Row i is visited ceil(w_i) times with share w_i / ceil(w_i) each, so the
    shares add up to w_i: an integer weight is exactly that many copies of
    the row (each with share 1), and a weight of 0 drops the row.

    >>> weighted_examples([2, 0, 0.5, 1.5])
    [(0, 1.0), (0, 1.0), (2, 0.5), (3, 0.75), (3, 0.75)]

    An epoch of more than ``MAX_SGD_VISITS`` visits would not fit in memory
    (a weight of 1e12 asks for 1e12 copies): that raises ``DataError``.
    """
    visits = sum(int(math.ceil(w)) for w in weights)
    if visits > MAX_SGD_VISITS:
        raise DataError("sample_weight asks SGD for %d visits per epoch (row i is visited "
                        "ceil(w_i) times), more than %d: rescale the weights (the "
                        "minimiser does not change when they are all divided by the same "
                        "number) or use another solver" % (visits, MAX_SGD_VISITS))
    out = []
    for i in range(len(weights)):
        copies = int(math.ceil(weights[i]))
        if copies > 0:
            out.extend([(i, weights[i] / copies)] * copies)
    return out


class LogisticLoss:
    """The total negative log-likelihood L(beta) of eq. (10) on data (X, y).

    y holds 0/1 labels. ``weights`` (optional, >= 0) count example i w_i
    times, eq. (47), so that integer weights are repeated rows: the loss,
    gradient and Hessian are weighted sums and ``n_examples`` is sum_i w_i.
    ``examples`` lists the (row, share) terms SGD visits.

    The linear predictor and probabilities of the last beta asked about are
    kept, so that value, gradient and Hessian at one point cost one pass for
    a_i = x_iᵀbeta.

    >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0])
    >>> loss.n_examples, loss.n_params
    (3, 2)
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.75, 0.5], [0.5, 1.5]]
    """

    def __init__(self, X, y, weights=None):
        self.X = X
        self.y = [float(v) for v in y]
        self.n_params = X.shape[1]
        self.weights = weights
        if weights is None:
            self.n_examples = X.shape[0]
        else:
            self.n_examples = sum(weights)
        self._examples = None           # built on first use: only SGD visits examples
        self._beta = None

    @property
    def examples(self):
        """The (row, share) pairs SGD visits: (i, 1.0) per row, or ``weighted_examples``."""
        if self._examples is None:
            self._examples = ([(i, 1.0) for i in range(self.X.shape[0])] if self.weights is None
                              else weighted_examples(self.weights))
        return self._examples

    def _weigh(self, v):
        """v_i w_i: each example's term counted w_i times, eq. (47)."""
        return v if self.weights is None else [v_i * w_i for v_i, w_i in zip(v, self.weights)]

    def _fit_at(self, beta):
        """Return (a, p): the linear predictor, eq. (8), and probabilities, eq. (9)."""
        if self._beta != beta:
            a = self.X @ beta                       # eq. (8): a_i = x_i' beta
            # e_i = e^-|a_i| (never overflows) serves both p_i and the loss: it
            # is what sigmoid(a_i) and log1pexp(a_i) compute, done once.
            e = [math.exp(-abs(a_i)) for a_i in a]
            self._p = [1.0 / (1.0 + e_i) if a_i >= 0 else e_i / (1.0 + e_i)
                       for a_i, e_i in zip(a, e)]   # eq. (9): p_i = sigma(a_i)
            self._a, self._e, self._beta = a, e, list(beta)
        return self._a, self._p

    def value(self, beta):
        """L(beta) = sum_i log(1 + e^a_i) - y_i a_i, eq. (10).

        >>> LogisticLoss(Matrix([[1.0]]), [1]).value([1000.0])
        0.0
        """
        a, _ = self._fit_at(beta)
        # log(1 + e^a) = max(a, 0) + log(1 + e^-|a|): log1pexp(a), with e^-|a| reused
        terms = [(a_i + log1p(e_i) if a_i > 0 else log1p(e_i)) - y_i * a_i
                 for a_i, e_i, y_i in zip(a, self._e, self.y)]
        return sum(self._weigh(terms))                                   # eq. (10)

    def gradient(self, beta):
        """g = Xᵀ(p - y), eq. (12).

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [1]).gradient([0.0, 0.0])
        [-0.5, -1.0]
        """
        _, p = self._fit_at(beta)
        r = self._weigh([p_i - y_i for p_i, y_i in zip(p, self.y)])
        return r @ self.X                           # eq. (12): X'(p - y)

    def hessian(self, beta):
        """H = XᵀWX with W = diag(p_i (1 - p_i)), eq. (13); W is never formed.

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [1]).hessian([0.0, 0.0]).rows
        [[0.25, 0.5], [0.5, 1.0]]
        """
        _, p = self._fit_at(beta)
        w = self._weigh([p_i * (1.0 - p_i) for p_i in p])   # eq. (13): W_ii = p_i (1 - p_i)
        return weighted_gram(self.X, w)                      # eq. (13): X'WX

    def example_gradient(self, i, beta):
        """The gradient of example i's loss alone: x_i (p_i - y_i).

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [0]).example_gradient(0, [0.0, 0.0])
        [0.5, 1.0]
        """
        x_i = self.X.rows[i]
        r = sigmoid(dot(x_i, beta)) - self.y[i]
        return [r * x for x in x_i]

    def working_response(self, beta, w_min=1e-10):
        """IRLS's weights w_i = p_i (1 - p_i) and adjusted response, eq. (21).

        z_i = a_i + (y_i - p_i) / w_i. The division is guarded: a weight below
        ``w_min`` is raised to ``w_min``. That only happens when a point is
        fitted with probability within about 1e-10 of 0 or 1, a symptom of
        separation; it keeps z finite so that the separation check, not a
        division by zero, ends the fit.

        >>> w, z = LogisticLoss(Matrix([[1.0]]), [1]).working_response([0.0])
        >>> w, z
        ([0.25], [2.0])
        """
        a, p = self._fit_at(beta)
        w = [max(p_i * (1.0 - p_i), w_min) for p_i in p]
        z = [a_i + (y_i - p_i) / w_i                      # eq. (21)
             for a_i, y_i, p_i, w_i in zip(a, self.y, p, w)]
        return self._weigh(w), z

    def diagnose(self, beta, step):
        """Return a message when beta shows that the MLE does not exist, else None.

        Complete separation: every margin m_i = s_i x_iᵀbeta (s_i = +1 for
        y_i = 1, -1 for y_i = 0) is positive, so beta classifies every point
        correctly and t * beta drives the loss to 0 as t grows, eq. (24).

        Quasi-complete separation: some points are already certain (margin
        above 30) and the last ``step`` d lowered no margin (s_i x_iᵀd >= 0
        up to rounding) while raising some: moving along d never increases
        the loss, so it has no minimum.

        >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1])
        >>> loss.diagnose([0.0, 5.0], [0.0, 1.0]).split(":")[0]
        'complete separation'
        >>> loss.diagnose([0.0, 0.0], [0.0, 0.0]) is None
        True
        """
        a, _ = self._fit_at(beta)
        m = [a_i if y_i == 1.0 else -a_i for a_i, y_i in zip(a, self.y)]
        if self.weights is not None:                # a row of weight 0 is not in the data
            m = [m_i for m_i, w_i in zip(m, self.weights) if w_i > 0]
        if min(m) > 0:
            return ("complete separation: at the current coefficients every one "
                    "of the %d points is classified correctly (smallest margin "
                    "s_i x_i'beta = %.3g), so scaling them up lowers the loss "
                    "towards 0 forever" % (len(m), min(m)))
        certain = sum(1 for m_i in m if m_i > CERTAIN_MARGIN)
        if certain == 0 or step is None:
            return None
        d = self.X @ step
        dm = [d_i if y_i == 1.0 else -d_i for d_i, y_i in zip(d, self.y)]
        if self.weights is not None:
            dm = [v for v, w_i in zip(dm, self.weights) if w_i > 0]
        scale = max(abs(v) for v in dm)
        if scale == 0.0 or min(dm) < -1e-6 * scale:
            return None
        on_boundary = sum(1 for v in dm if abs(v) <= 1e-6 * scale)
        return ("quasi-complete separation: %d points are fitted with "
                "a probability within 1e-13 of their label, and the last step raised "
                "or kept every margin s_i x_i'beta (%d points sit on the "
                "separating boundary), so the loss keeps falling along it"
                % (certain, on_boundary))
