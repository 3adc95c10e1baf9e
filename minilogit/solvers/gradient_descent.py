"""Batch gradient descent: beta <- beta - eta g, eq. (15).

With a fixed learning rate eta, a step that makes the loss grow means eta is
too large (for eta < 2/L, L the largest curvature, the loss can only fall),
and the run stops with ``DivergenceError``. With ``learning_rate=None`` the
step is chosen by backtracking: try twice the last accepted step, halve it
until the sufficient-decrease condition eq. (16) holds.

>>> from minilogit.matrix import Matrix
>>> from minilogit.objectives import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
>>> r = gradient_descent(loss, [0.0, 0.0])
>>> r.converged, [round(b, 6) for b in r.beta]
(True, [-0.454092, 0.908184])
"""

from ..errors import DivergenceError
from .result import FitResult, max_abs, small_gradient


def gradient_descent(objective, beta0, learning_rate=None, max_iter=10000, tol=1e-8):
    """Minimise ``objective`` by batch gradient descent from ``beta0``.

    ``learning_rate``: a fixed eta > 0, or None for a backtracking line
    search. Raises ``DivergenceError`` when a fixed step makes the loss grow
    or overflow.

    >>> from minilogit.matrix import Matrix
    >>> from minilogit.objectives import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> round(gradient_descent(loss, [0.0], learning_rate=0.5).beta[0], 6)
    0.693147
    >>> gradient_descent(loss, [0.0], learning_rate=10.0)
    Traceback (most recent call last):
    ...
    minilogit.errors.DivergenceError: gradient descent diverged at iteration 1: the loss rose from 2.079 to 5.02 with the fixed learning rate 10; use a smaller learning_rate (the loss can only fall when it is below 2/L, L the largest eigenvalue of the Hessian) or learning_rate=None for a line search
    """
    n = objective.n_examples
    beta = list(beta0)
    L = objective.value(beta)
    history, grad_norms, iterates, details = [L], [], [beta], []
    eta = 1.0 if learning_rate is None else learning_rate
    n_iter, converged, diagnosis = 0, False, None
    while True:
        g = objective.gradient(beta)                          # eq. (12): g = X'(p - y)
        grad_norms.append(max_abs(g))
        if small_gradient(g, n, tol):
            converged = True
            break
        if n_iter == max_iter or diagnosis is not None:
            break
        if learning_rate is None:
            eta, beta_new, L_new = _backtrack(objective, beta, g, L, 2.0 * eta)
            if beta_new is None:        # no step lowers the loss: rounding has won
                break
        else:
            beta_new = [b - eta * g_j for b, g_j in zip(beta, g)]   # eq. (15)
            L_new = objective.value(beta_new)
            if not (L_new <= L * (1.0 + 1e-12)):   # also catches inf and nan
                history.append(L_new)
                raise DivergenceError(
                    "gradient descent diverged at iteration %d: the loss rose "
                    "from %.4g to %.4g with the fixed learning rate %g; use a "
                    "smaller learning_rate (the loss can only fall when it is "
                    "below 2/L, L the largest eigenvalue of the Hessian) or "
                    "learning_rate=None for a line search"
                    % (n_iter + 1, L, L_new, eta), history=history)
        step = [b1 - b0 for b1, b0 in zip(beta_new, beta)]
        beta, L = beta_new, L_new
        history.append(L)
        iterates.append(beta)
        details.append({"eta": eta})
        n_iter += 1
        diagnosis = objective.diagnose(beta, step)
    return FitResult("gd", beta, history, grad_norms, n_iter, converged, diagnosis, iterates,
                     "(15)" if learning_rate is not None else "(15), (16)", details)


def _backtrack(objective, beta, g, L, eta):
    """Halve eta until L(beta - eta g) <= L(beta) - eta/2 ||g||^2, eq. (16).

    Returns (eta, beta_new, L_new), or (eta, None, None) when even a step
    of 1e-30 does not lower the loss (rounding has won: the run stops).
    """
    gg = sum(g_j * g_j for g_j in g)
    while eta > 1e-30:
        beta_new = [b - eta * g_j for b, g_j in zip(beta, g)]       # eq. (15)
        L_new = objective.value(beta_new)
        # eq. (16); near the optimum L - eta/2 ||g||^2 can round to L, so a
        # step must also lower L strictly, or the loop would stall in place
        if L_new <= L - 0.5 * eta * gg and L_new < L:
            return eta, beta_new, L_new
        eta *= 0.5
    return eta, None, None
