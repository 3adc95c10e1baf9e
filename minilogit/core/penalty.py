"""An objective made from another: ``Wrapper``, which passes the data's questions
on, and ``L2Penalty``, the ridge term of eq. (41) added to any objective, which
overrides only what the penalty changes. Loaded when a fit has a penalty (or
fixes parameters, ``softmax_regression.FixedAtZero``).

>>> from minilogit.core.logistic import LogisticLoss
>>> loss = L2Penalty(LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1]), 0.5, [1])
>>> loss.gradient([0.0, 2.0])[1] == loss.objective.gradient([0.0, 2.0])[1] + 2.0
True
"""

from .logistic import Objective
from .matrix import Matrix


class Wrapper(Objective):
    """An objective made from another, ``objective``, on the same data: what it
    asks of the data (``examples``, ``working_response``, ``scales``,
    ``ridge``, ``loss``) goes to that objective unchanged. A penalty or a
    fixing subclasses this and writes what it changes: the value, the
    gradient, the Hessian, example i's gradient and the diagnosis.

    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0, 1.0]]), [1])
    >>> inside = Wrapper(loss)
    >>> inside.loss is loss, inside.scales() == loss.scales(), inside.n_params
    (True, True, 2)
    """

    def __init__(self, objective):
        self.objective, self.X, self.weights = objective, objective.X, objective.weights
        self.n_examples, self.n_params = objective.n_examples, objective.n_params

    @property
    def examples(self):
        return self.objective.examples

    @property
    def loss(self):
        return self.objective.loss

    def working_response(self, beta):
        return self.objective.working_response(beta)

    def scales(self):
        return self.objective.scales()

    def ridge(self):
        return self.objective.ridge()


class L2Penalty(Wrapper):
    """The objective plus lam * sum_{j in penalized} beta_j^2, eq. (41) (eq. (29) for softmax).

    The gradient gains 2 lam beta_j and the Hessian 2 lam on the diagonal
    of the penalised parameters. With lam > 0 on every parameter that can
    run off to infinity, the objective has a minimum even on separated data,
    so ``diagnose`` reports nothing.

    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = L2Penalty(LogisticLoss(Matrix([[1.0, 1.0]]), [1]), 1.0, [1])
    >>> loss.value([0.0, 2.0]) == loss.objective.value([0.0, 2.0]) + 4.0
    True
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.25, 0.25], [0.25, 2.25]]
    """

    def __init__(self, objective, lam, penalized):
        Wrapper.__init__(self, objective)
        self.lam, self.penalized = lam, list(penalized)

    def value(self, beta):
        return (self.objective.value(beta)
                + self.lam * sum(beta[j] ** 2 for j in self.penalized))   # eq. (41)

    def gradient(self, beta):
        g = list(self.objective.gradient(beta))
        for j in self.penalized:
            g[j] += 2.0 * self.lam * beta[j]                 # eq. (41): d/dbeta_j of lam beta_j^2
        return g

    def hessian(self, beta):
        return self.objective.hessian(beta) + self.ridge()   # eq. (41): + 2 lam I_penalized

    def ridge(self):
        """The diagonal 2 lam on the penalised parameters: IRLS's eq. (22) becomes
        (XᵀWX + 2 lam I_penalized) beta = XᵀWz."""
        d = [0.0] * self.n_params
        for j in self.penalized:
            d[j] = 2.0 * self.lam
        return Matrix.diag(d)

    def example_gradient(self, i, beta):
        """Example i's gradient plus 1/N of the penalty's (N = n_examples, the
        sum of the shares SGD weighs these by, so an epoch adds the whole penalty)."""
        g = list(self.objective.example_gradient(i, beta))
        share = 2.0 * self.lam / self.n_examples
        for j in self.penalized:
            g[j] += share * beta[j]
        return g

    def diagnose(self, beta, step):
        return None if self.lam > 0 else self.objective.diagnose(beta, step)
