"""Stochastic gradient descent: one example per update, eq. (13).

Each epoch visits the N examples in an order shuffled by a seeded generator
owned by the fit (``minilogit.rng.Random``, the same stream on every
runtime), and the learning rate decays as eta_t = eta_0 / (1 + t / N),
eq. (14), with t the number of updates so far: constant within reach of
one epoch, shrinking like 1/epoch, which lets the iterates settle.

>>> from minilogit.matrix import Matrix
>>> from minilogit.objectives import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
>>> r = sgd(loss, [0.0, 0.0], random_state=0)
>>> r.beta == sgd(loss, [0.0, 0.0], random_state=0).beta
True
"""

import math

from ..errors import DivergenceError
from ..rng import Random
from .result import FitResult, max_abs, small_gradient


def sgd(objective, beta0, learning_rate=0.5, max_iter=200, tol=1e-6,
        random_state=0):
    """Minimise ``objective`` by stochastic gradient descent from ``beta0``.

    ``max_iter`` counts epochs (passes over the data). The run has converged
    when the full gradient passes the shared test or when an epoch changes
    the loss by less than ``tol`` relative, eq. (14)'s decay having made the
    steps too small to matter. ``history`` holds the loss after each epoch.

    >>> from minilogit.matrix import Matrix
    >>> from minilogit.objectives import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> r = sgd(loss, [0.0], max_iter=50)
    >>> r.n_iter, abs(r.beta[0] - 0.693147) < 0.1      # near log 2, not on it
    (50, True)
    """
    if not learning_rate > 0:
        raise ValueError("learning_rate must be positive, got %r" % (learning_rate,))
    n = objective.n_examples
    rng = Random(random_state)
    order = list(range(n))
    beta = list(beta0)
    L = objective.value(beta)
    history, grad_norms = [L], [max_abs(objective.gradient(beta))]
    t, n_iter, converged, diagnosis = 0, 0, False, None
    while n_iter < max_iter and diagnosis is None:
        start = beta
        rng.shuffle(order)
        for i in order:
            eta_t = learning_rate / (1.0 + t / n)                        # eq. (14)
            g_i = objective.example_gradient(i, beta)                   # x_i (p_i - y_i)
            beta = [b - eta_t * g_ij for b, g_ij in zip(beta, g_i)]     # eq. (13)
            t += 1
        L_old, L = L, objective.value(beta)
        if not math.isfinite(L):
            raise DivergenceError("stochastic gradient descent diverged in epoch "
                                  "%d: the loss is %r; use a smaller learning_rate"
                                  % (n_iter + 1, L), history=history)
        history.append(L)
        n_iter += 1
        g = objective.gradient(beta)
        grad_norms.append(max_abs(g))
        if small_gradient(g, n, tol) or abs(L_old - L) <= tol * abs(L):
            converged = True
            break
        diagnosis = objective.diagnose(beta, [b1 - b0 for b1, b0 in zip(beta, start)])
    return FitResult("sgd", beta, history, grad_norms, n_iter, converged, diagnosis)
