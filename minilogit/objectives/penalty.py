"""Two wrappers that change an objective without touching its code.

``L2Penalty`` adds the ridge term lam * sum_j beta_j^2 over the parameters
it is told to penalise (never an intercept), eq. (29). ``FixedAtZero`` pins
some parameters at 0 and lets the solver see only the others: that is how a
reference class is fixed, eq. (30). Both have the interface every solver
uses, so a solver never knows it is minimising a penalised or reduced loss.

>>> from minilogit.matrix import Matrix
>>> from minilogit.objectives import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, 2.0]]), [1])
>>> [round(g, 4) for g in loss.gradient([0.0, 1.0])]                # X'(p - y)
[-0.1192, -0.2384]
>>> [round(g, 4) for g in L2Penalty(loss, 0.5, [1]).gradient([0.0, 1.0])]   # + 2 lam beta_1
[-0.1192, 0.7616]
>>> [round(g, 4) for g in FixedAtZero(loss, [0]).gradient([1.0])]  # intercept pinned at 0
[-0.2384]
"""

from ..matrix import Matrix


class L2Penalty:
    """The objective plus lam * sum_{j in penalized} beta_j^2, eq. (29).

    The gradient gains 2 lam beta_j and the Hessian 2 lam on the diagonal
    of the penalised parameters. With lam > 0 on every parameter that can
    run off to infinity, the objective has a minimum even on separated data,
    so ``diagnose`` reports nothing.

    >>> from minilogit.objectives import LogisticLoss
    >>> loss = L2Penalty(LogisticLoss(Matrix([[1.0, 1.0]]), [1]), 1.0, [1])
    >>> loss.value([0.0, 2.0]) == loss.objective.value([0.0, 2.0]) + 4.0
    True
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.25, 0.25], [0.25, 2.25]]
    """

    def __init__(self, objective, lam, penalized):
        self.objective = objective
        self.lam = lam
        self.penalized = list(penalized)
        self.n_examples = objective.n_examples
        self.n_params = objective.n_params

    @property
    def examples(self):
        return self.objective.examples         # looked up when SGD asks: built lazily

    def value(self, beta):
        return (self.objective.value(beta)
                + self.lam * sum(beta[j] ** 2 for j in self.penalized))   # eq. (29)

    def gradient(self, beta):
        g = list(self.objective.gradient(beta))
        for j in self.penalized:
            g[j] += 2.0 * self.lam * beta[j]                 # eq. (29): d/dbeta_j of lam beta_j^2
        return g

    def hessian(self, beta):
        rows = self.objective.hessian(beta).tolist()
        for j in self.penalized:
            rows[j][j] += 2.0 * self.lam                     # eq. (29): + 2 lam I
        return Matrix(rows)

    # IRLS works on the loss's own data: eq. (22) becomes
    # (X'WX + 2 lam I_penalized) beta = X'Wz, with ``ridge`` the added diagonal.
    @property
    def X(self):
        return self.objective.X

    def working_response(self, beta):
        return self.objective.working_response(beta)

    @property
    def ridge(self):
        """The diagonal 2 lam that the penalty adds to X'WX, as (index, value) pairs."""
        return [(j, 2.0 * self.lam) for j in self.penalized]

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


class FixedAtZero:
    """The objective as a function of the parameters not in ``fixed``; those stay 0.

    Fixing a parameter deletes its row and column from the Hessian and its
    entry from the gradient: the solver sees a smaller problem, eq. (30).

    >>> from minilogit.objectives import LogisticLoss
    >>> loss = FixedAtZero(LogisticLoss(Matrix([[1.0, 2.0]]), [1]), [1])
    >>> loss.n_params, loss.full([0.5])
    (1, [0.5, 0.0])
    >>> loss.hessian([0.0]).rows
    [[0.25]]
    """

    def __init__(self, objective, fixed):
        self.objective = objective
        fixed = set(fixed)
        self.free = [j for j in range(objective.n_params) if j not in fixed]
        self.n_examples = objective.n_examples
        self.n_params = len(self.free)

    @property
    def examples(self):
        return self.objective.examples         # looked up when SGD asks: built lazily

    def full(self, beta):
        """The full parameter vector: beta in the free places, 0 elsewhere."""
        out = [0.0] * self.objective.n_params
        for j, b in zip(self.free, beta):
            out[j] = b
        return out

    def _reduce(self, v):
        return [v[j] for j in self.free]

    def value(self, beta):
        return self.objective.value(self.full(beta))

    def gradient(self, beta):
        return self._reduce(self.objective.gradient(self.full(beta)))

    def hessian(self, beta):
        H = self.objective.hessian(self.full(beta)).rows
        return Matrix([[H[j][k] for k in self.free] for j in self.free])

    def example_gradient(self, i, beta):
        return self._reduce(self.objective.example_gradient(i, self.full(beta)))

    def diagnose(self, beta, step):
        return self.objective.diagnose(self.full(beta),
                                       None if step is None else self.full(step))
