"""The penalty of a fit as one object (``Penalty``; the lecture's elastic net,
``ElasticNet``, whose smooth part is the ridge term of eq. (41)), and the
objective it makes of a loss: ``Penalised``, a ``Wrapper``, which passes the
data's questions on and overrides only what the penalty changes. Loaded when a fit has a penalty (or fixes parameters,
``softmax_regression.FixedAtZero``).

>>> from minilogit.core.logistic import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1])
>>> f = Penalised(loss, ElasticNet(0.5, 0.0), [1])            # + 0.5 beta_1^2, eq. (41)
>>> f.gradient([0.0, 2.0])[1] == loss.gradient([0.0, 2.0])[1] + 2.0
True
"""

from .checks import check_number
from .compat import INF
from .logistic import CERTAIN_MARGIN, Objective
from .matrix import Matrix


class Penalty:
    """A penalty P(b) on the penalised coefficients b = beta_P (never the
    intercept: ``Penalised`` picks them out of beta), added to the loss:
    F = L + P, eq. (41). It is separable, a sum of one term per coefficient,
    in two parts, P(b) = S(b) + N(b):

    ====================  ================================================  ================
    member                what                                              read by
    ====================  ================================================  ================
    ``value(b)``          S(b), the smooth part (all of a smooth P)         every solver
    ``gradient(b)``       dS/db, a list                                     every solver
    ``hessian_diag(b)``   d2S/db_j^2, a list (S's Hessian is diagonal)      newton, irls, cd
    ``smooth``            True when N = 0                                   the solver rows
    ``nonsmooth(b)``      N(b), the part with no gradient (L1's |b_j|)      cd, proximal
    ``prox(b, step)``     argmin_u N(u) + ||u - b||^2 / (2 step), eq. (42)  cd, proximal
    ``violations(g, b)``  distance from 0 to F's subdifferential, per       cd, proximal
                          coefficient (g = dL/db + dS/db), eq. (45)
    ``bounded``           True when L + P has a minimum on separated data   every solver
    ``penalise(L, P)``    the objective L + P on the parameters P            every solver
                          (``Penalised``, which reads the members above)
    ``separable``         False for a P that is not a sum of one term per   the solver rows
                          coefficient: it writes ``penalise`` itself, and
                          SGD and cd, which read P by its terms, refuse it
    ``keeps_inference``   True when the likelihood's standard errors hold   the models
                          at the minimum (Firth's); else none are given
    ====================  ================================================  ================

    This class is the zero penalty: a new one subclasses it and writes its
    value, gradient and Hessian diagonal (here, S = N = 0); one with a
    non-smooth part writes ``nonsmooth``, ``prox`` and ``violations`` too and
    sets ``smooth = False``, and then only a solver whose row has ``prox``
    fits it (``Solver.fits``). ``name`` is how messages call it.

    >>> P = Penalty()
    >>> P.nonsmooth([1.0, -2.0]), P.prox([1.0, -2.0], 0.5), P.violations([0.5], [1.0])
    (0.0, [1.0, -2.0], [0.5])
    """

    name = "penalty"
    smooth, bounded, separable, keeps_inference = True, False, True, False

    def penalise(self, loss, penalized):
        return Penalised(loss, self, penalized)

    def value(self, b):
        return 0.0

    def gradient(self, b):
        return [0.0] * len(b)

    def hessian_diag(self, b):
        return [0.0] * len(b)

    def nonsmooth(self, b):
        return 0.0

    def prox(self, b, step):
        return list(b)

    def violations(self, g, b):
        return [abs(g_j) for g_j in g]               # eq. (45) without N: g_j = 0

    def __repr__(self):
        return self.name


def soft_threshold(u, t):
    """Return S(u, t) = sign(u) max(|u| - t, 0), eq. (42), for t >= 0.

    The point nearest u among those that minimise (1/2)(b - u)^2 + t |b|:
    u moved t towards 0, and 0 when |u| <= t.

    >>> soft_threshold(3.0, 1.0), soft_threshold(-3.0, 1.0), soft_threshold(0.5, 1.0)
    (2.0, -2.0, 0.0)
    """
    if u > t:
        return u - t
    if u < -t:
        return u + t
    return 0.0


class ElasticNet(Penalty):
    """The lecture's penalty, eq. (41): lam((1 - alpha) bᵀb + alpha ||b||_1),
    l2 = lam (1 - alpha) on the squares (the smooth part: ridge, alpha = 0)
    and l1 = lam alpha on the absolute values (the lasso, alpha = 1).

    >>> P = ElasticNet(2.0, 0.25)
    >>> P.l1, P.l2, P.value([1.0, -2.0]), P.nonsmooth([1.0, -2.0])
    (0.5, 1.5, 7.5, 1.5)
    >>> P.gradient([1.0, -2.0]), P.prox([1.0, -2.0], 1.0), P.smooth
    ([3.0, -6.0], [0.5, -1.5], False)
    """

    def __init__(self, lam, alpha, name=None):
        lam = check_number(lam, "ElasticNet: lam", "a finite number >= 0", lambda v: 0 <= v < INF)
        alpha = check_number(alpha, "ElasticNet: alpha", "a number in [0, 1]",
                             lambda v: 0 <= v <= 1)
        self.l1, self.l2 = lam * alpha, lam * (1.0 - alpha)          # eq. (41)
        self.smooth, self.bounded = self.l1 == 0.0, lam > 0.0
        self.name = name or "elasticnet"

    def value(self, b):
        return self.l2 * sum(b_j * b_j for b_j in b)                # eq. (41): l2 sum b_j^2

    def gradient(self, b):
        return [2.0 * self.l2 * b_j for b_j in b]                   # d/db_j of l2 b_j^2

    def hessian_diag(self, b):
        return [2.0 * self.l2] * len(b)

    def nonsmooth(self, b):
        return self.l1 * sum(abs(b_j) for b_j in b)                 # eq. (41): l1 sum |b_j|

    def prox(self, b, step):
        return [soft_threshold(b_j, step * self.l1) for b_j in b]   # eq. (42)

    def violations(self, g, b):
        """The distance from 0 to coefficient j's subdifferential of F, eq. (45):

        - b_j != 0:  g_j + l1 sign(b_j) = 0
        - b_j == 0:  |g_j| <= l1

        >>> ElasticNet(0.5, 1.0).violations([-0.5, 0.8, 0.2], [2.0, 0.0, 0.0])
        [0.0, 0.30000000000000004, 0.0]
        """
        return [abs(g_j + self.l1) if b_j > 0.0 else abs(g_j - self.l1) if b_j < 0.0
                else max(abs(g_j) - self.l1, 0.0) for g_j, b_j in zip(g, b)]


class Wrapper(Objective):
    """An objective made from another, ``objective``, on the same data: what it
    asks of the data (``examples``, ``working_response``, ``scales``, ``loss``,
    the penalty) goes to that objective unchanged. A penalty or a
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
        self.penalty, self.penalized = objective.penalty, objective.penalized

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

    def penalty_newton(self, beta):
        return self.objective.penalty_newton(beta)


class Penalised(Wrapper):
    """The objective plus the smooth part S of ``penalty`` on the parameters
    ``penalized``: f = L + S(beta_P), eq. (41) (eq. (29) for softmax). A
    solver with a prox adds the non-smooth part N itself, from ``penalty``.

    The gradient gains dS/dbeta_j and the Hessian S's diagonal on the
    penalised parameters. When the penalty is ``bounded`` (lam > 0 on every
    parameter that can run off to infinity) the objective has a minimum even
    on separated data, so ``diagnose`` reports nothing.

    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = Penalised(LogisticLoss(Matrix([[1.0, 1.0]]), [1]), ElasticNet(1.0, 0.0), [1])
    >>> loss.value([0.0, 2.0]) == loss.objective.value([0.0, 2.0]) + 4.0
    True
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.25, 0.25], [0.25, 2.25]]
    """

    def __init__(self, objective, penalty, penalized):
        Wrapper.__init__(self, objective)
        self.penalty, self.penalized = penalty, list(penalized)

    def coefficients(self, beta):
        """b = beta_P, the penalised coefficients."""
        return [beta[j] for j in self.penalized]

    def _add(self, v, extra):
        """v with ``extra`` (one entry per penalised parameter) added where they are."""
        v = list(v)
        for j, e in zip(self.penalized, extra):
            v[j] += e
        return v

    def value(self, beta):
        return self.objective.value(beta) + self.penalty.value(self.coefficients(beta))

    def gradient(self, beta):
        return self._add(self.objective.gradient(beta),
                         self.penalty.gradient(self.coefficients(beta)))

    def hessian(self, beta):
        return self.objective.hessian(beta) + self._diagonal(
            self.penalty.hessian_diag(self.coefficients(beta)))

    def _diagonal(self, h):
        """R: the diagonal Matrix with ``h`` in the penalised places, 0 elsewhere."""
        return Matrix.diag(self._add([0.0] * self.n_params, h))

    def penalty_newton(self, beta):
        """(R, R beta - dS/dbeta): S's Hessian, a diagonal Matrix, and the right
        side IRLS adds to XᵀWz, eq. (22) penalised: (XᵀWX + R) beta_new =
        XᵀWz + R beta - dS/dbeta, Newton's step (for a ridge, R beta = dS/dbeta)."""
        b = self.coefficients(beta)
        h, g = self.penalty.hessian_diag(b), self.penalty.gradient(b)
        return self._diagonal(h), self._add([0.0] * self.n_params,
                                            [h_j * b_j - g_j for h_j, b_j, g_j in zip(h, b, g)])

    def example_gradient(self, i, beta):
        """Example i's gradient plus 1/N of the penalty's (N = n_examples, the
        sum of the shares SGD weighs these by, so an epoch adds the whole penalty)."""
        share = 1.0 / self.n_examples
        return self._add(self.objective.example_gradient(i, beta),
                         [share * g_j for g_j in self.penalty.gradient(self.coefficients(beta))])

    def diagnose(self, beta, step, certain=CERTAIN_MARGIN):
        return None if self.penalty.bounded else self.objective.diagnose(beta, step, certain)
