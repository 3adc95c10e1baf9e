"""Multi-label learning: K independent sigmoid outputs, missing labels left out.

Each example may carry several labels at once (a photo can show a tiger and
a lion), so label k gets its own binary model p_ik = sigma(x_iᵀtheta_k).
The loss is the sum of the K binary losses, eq. (32), each over only the
rows where label k is known: an entry ``None`` (lecture 002's '?') adds
nothing to the loss, its gradient or its Hessian.

>>> from minilogit import Matrix
>>> X = Matrix([[1.0], [1.0], [1.0]])
>>> loss = MultiLabelLoss(X, [[1, 0], [0, None], [1, 1]])
>>> loss.n_params, [len(part.y) for part in loss.parts]
(2, [3, 2])
"""

from ..core.logistic import LogisticLoss, Objective
from ..core.matrix import Matrix


class MultiLabelLoss(Objective):
    """The sum over labels k of LogisticLoss on the rows where label k is known, eq. (32).

    ``Y`` is an N x K table of 0, 1 or None. The flat parameter vector is
    [theta_0, ..., theta_{K-1}], one block of d = X's columns per label.
    Since no parameter is shared between labels, the Hessian is block
    diagonal and the K problems are independent.

    >>> loss = MultiLabelLoss(Matrix([[1.0], [1.0]]), [[1, None], [0, 1]])
    >>> loss.gradient([0.0, 0.0])                   # label 1 only sees row 1
    [0.0, -0.5]
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.5, 0.0], [0.0, 0.25]]
    """

    def __init__(self, X, Y):
        self.n_examples, self.d = X.shape
        self.K = len(Y[0])
        self.rows_of = []           # rows_of[k]: the rows where label k is known
        self.parts = []
        for k in range(self.K):
            rows = [i for i in range(self.n_examples) if Y[i][k] is not None]
            self.rows_of.append(rows)
            self.parts.append(LogisticLoss(Matrix([X.rows[i] for i in rows]),
                                           [Y[i][k] for i in rows]) if rows else None)
        # position of example i within part k, for SGD's one-example gradient
        self._local = [dict((i, n) for n, i in enumerate(rows)) for rows in self.rows_of]
        self.n_params = self.K * self.d
        self.X = X

    def blocks(self, theta):
        """Split the flat theta into its K vectors theta_k."""
        d = self.d
        return [theta[k * d:(k + 1) * d] for k in range(self.K)]

    def value(self, theta):
        return sum(part.value(t) for part, t in zip(self.parts, self.blocks(theta))
                   if part is not None)                                   # eq. (32)

    def gradient(self, theta):
        g = []
        for part, t in zip(self.parts, self.blocks(theta)):
            g.extend(part.gradient(t) if part else [0.0] * self.d)   # eq. (12) on known rows
        return g

    def hessian(self, theta):
        """Block diagonal: block k is label k's XᵀWX over its known rows, eq. (13)."""
        K, d = self.K, self.d
        H = [[0.0] * (K * d) for _ in range(K * d)]
        for k in range(K):
            if self.parts[k] is None:
                continue
            block = self.parts[k].hessian(self.blocks(theta)[k]).rows
            for u in range(d):
                for v in range(d):
                    H[k * d + u][k * d + v] = block[u][v]
        return Matrix(H, terms=self.n_examples)             # sums over the known rows

    def example_gradient(self, i, theta):
        g = []
        for k, t in enumerate(self.blocks(theta)):
            n = self._local[k].get(i)                   # None: label k unknown for row i
            g.extend([0.0] * self.d if n is None else self.parts[k].example_gradient(n, t))
        return g

    def diagnose(self, theta, step, certain=None):
        """The first label whose binary problem is separated, else None."""
        steps = self.blocks(step) if step is not None else [None] * self.K
        for k, t in enumerate(self.blocks(theta)):
            if self.parts[k] is None:
                continue
            message = self.parts[k].diagnose(t, steps[k])
            if message is not None:
                return "label %d: %s" % (k, message)
        return None
