"""The cross-entropy of softmax (multinomial) regression: value, gradient, Hessian.

Notation: K classes, one parameter vector theta_k per class (intercept
first, like the rows x_i of the design matrix X), laid end to end in one
flat vector theta = [theta_0, theta_1, ..., theta_{K-1}] so that the
solvers can treat it like any other. a_ik = x_iᵀtheta_k is the score of
class k, p_ik = softmax(a_i)_k its probability, eq. (25), and y_i is the
index (0..K-1) of example i's class.

>>> from minilogit.matrix import Matrix
>>> loss = SoftmaxLoss(Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 2], 3)
>>> loss.n_params
6
>>> round(loss.value([0.0] * 6), 12) == round(3 * math.log(3), 12)
True
"""

import math

from ..functions import logsumexp, softmax
from ..matrix import Matrix, dot, weighted_gram
from .logistic import diagnose_margins


class SoftmaxLoss:
    """The total cross-entropy E(theta) = -sum_i log p_{i, y_i}, eq. (26).

    ``names`` (optional) are the class labels used in messages.

    >>> loss = SoftmaxLoss(Matrix([[1.0], [1.0]]), [0, 1], 2)
    >>> loss.gradient([0.0, 0.0])                 # p - y summed: (0.5 - 1) + 0.5 per class
    [0.0, 0.0]
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.5, -0.5], [-0.5, 0.5]]
    """

    def __init__(self, X, y, n_classes, names=None):
        self.X = X
        self.y = list(y)
        self.K = n_classes
        self.names = list(names) if names is not None else list(range(n_classes))
        self.n_examples, self.d = X.shape
        self.n_params = self.K * self.d
        self.examples = [(i, 1.0) for i in range(self.n_examples)]
        self._theta = None

    def blocks(self, theta):
        """Split the flat theta into its K vectors theta_k."""
        d = self.d
        return [theta[k * d:(k + 1) * d] for k in range(self.K)]

    def _fit_at(self, theta):
        """Return (a, p): rows of scores a_ik = x_iᵀtheta_k and probabilities, eq. (25)."""
        if self._theta != theta:
            columns = [self.X @ t for t in self.blocks(theta)]      # a_.k = X theta_k
            a = [list(row) for row in zip(*columns)]
            self._a, self._p = a, [softmax(a_i) for a_i in a]       # eq. (25)
            self._theta = list(theta)
        return self._a, self._p

    def value(self, theta):
        """E = sum_i [log sum_k e^a_ik - a_{i, y_i}], eq. (26), through log-sum-exp.

        >>> SoftmaxLoss(Matrix([[1.0]]), [0], 3).value([1000.0, 0.0, 0.0])
        0.0
        """
        a, _ = self._fit_at(theta)
        return sum(logsumexp(a_i) - a_i[y_i] for a_i, y_i in zip(a, self.y))   # eq. (26)

    def _residuals(self, theta):
        """r_ik = p_ik - [y_i = k]: the derivative of example i's loss by a_ik."""
        _, p = self._fit_at(theta)
        r = [list(p_i) for p_i in p]
        for r_i, y_i in zip(r, self.y):
            r_i[y_i] -= 1.0                     # eq. (27): p_ik - 1 for k = y_i, p_ik otherwise
        return r

    def gradient(self, theta):
        """dE/dtheta_k = sum_i (p_ik - [y_i = k]) x_i for each class k, eq. (27).

        >>> SoftmaxLoss(Matrix([[1.0, 2.0]]), [0], 2).gradient([0.0] * 4)
        [-0.5, -1.0, 0.5, 1.0]
        """
        r = self._residuals(theta)
        g = []
        for k in range(self.K):
            g.extend([r_i[k] for r_i in r] @ self.X)    # eq. (27): X'(p_k - y_k)
        return g

    def hessian(self, theta):
        """Block (k, l) = sum_i p_ik ([k = l] - p_il) x_i x_iᵀ, eq. (28).

        Each block is a weighted Gram matrix XᵀWX with a diagonal W that is
        never formed; block (l, k) is block (k, l) again.

        >>> SoftmaxLoss(Matrix([[1.0]]), [0], 2).hessian([0.0, 0.0]).rows
        [[0.25, -0.25], [-0.25, 0.25]]
        """
        _, p = self._fit_at(theta)
        K, d = self.K, self.d
        H = [[0.0] * (K * d) for _ in range(K * d)]
        for k in range(K):
            for l in range(k, K):
                same = 1.0 if k == l else 0.0
                w = [p_i[k] * (same - p_i[l]) for p_i in p]     # eq. (28)
                block = weighted_gram(self.X, w).rows            # eq. (28): X'WX
                for u in range(d):
                    for v in range(d):
                        H[k * d + u][l * d + v] = block[u][v]
                        H[l * d + v][k * d + u] = block[u][v]
        return Matrix(H)

    def example_gradient(self, i, theta):
        """The gradient of example i's loss alone: (p_ik - [y_i = k]) x_i per class.

        >>> SoftmaxLoss(Matrix([[1.0, 2.0]]), [1], 2).example_gradient(0, [0.0] * 4)
        [0.5, 1.0, -0.5, -1.0]
        """
        x_i = self.X.rows[i]
        p_i = softmax([dot(x_i, t) for t in self.blocks(theta)])          # eq. (25)
        g = []
        for k in range(self.K):
            r = p_i[k] - (1.0 if k == self.y[i] else 0.0)      # eq. (27), one example
            g.extend([r * x for x in x_i])
        return g

    def _margins(self, scores):
        """m_ij = score of i's own class minus score of class j, for j != y_i."""
        return [[a_i[y_i] - a_i[j] for j in range(self.K) if j != y_i]
                for a_i, y_i in zip(scores, self.y)]

    def diagnose(self, theta, step):
        """A message when theta shows that the maximum-likelihood estimate does
        not exist, else None: the multiclass form of eq. (24).

        Complete separation: every example's own class scores above every
        other class (all margins a_{i,y_i} - a_ij > 0), so scaling theta up
        drives E to 0. Quasi-complete: some examples are certain (every
        margin above 30) and the last ``step`` lowered no margin while
        raising some, so E keeps falling along it; this is what happens when
        one class can be cut off from the rest by a hyperplane (iris: setosa).
        The judging is ``diagnose_margins``'s, on each example's smallest
        margin (the change of every margin along the step is computed only
        if some example is certain).

        >>> loss = SoftmaxLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1], 2)
        >>> loss.diagnose([0.0, -5.0, 0.0, 5.0], None).split(":")[0]
        'complete separation'
        """
        a, _ = self._fit_at(theta)
        m = [min(m_i) for m_i in self._margins(a)]     # example i's margin: its smallest

        def step_margins():
            d = [list(row) for row in zip(*[self.X @ s for s in self.blocks(step)])]
            return [v for dm_i in self._margins(d) for v in dm_i]

        return diagnose_margins(m, None if step is None else step_margins, self.y, self.names)
