"""Stochastic gradient descent: one example per update, eq. (17).

Each epoch visits the N examples in an order shuffled by a seeded generator
owned by the fit (``minilogit.rng.Random``, the same stream on every
runtime). The learning rate decays slowly, eta_t = eta_0 / sqrt(1 + t / N),
eq. (18), and the answer is the average of the iterates from the second
epoch on, eq. (19) (Polyak and Juditsky 1992, "Acceleration of stochastic
approximation by averaging", SIAM J. Control Optim. 30(4)): the single
iterates keep jumping around the optimum, their average settles on it.

>>> from minilogit.matrix import Matrix
>>> from minilogit.objectives import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
>>> r = sgd(loss, [0.0, 0.0], random_state=0)
>>> r.beta == sgd(loss, [0.0, 0.0], random_state=0).beta
True
"""

import math

from ..errors import DataError, DivergenceError
from ..rng import Random
from .result import FitResult, max_abs, small_gradient


def sgd(objective, beta0, learning_rate=0.5, max_iter=200, tol=1e-3,
        random_state=0):
    """Minimise ``objective`` by averaged stochastic gradient descent from ``beta0``.

    ``max_iter`` counts epochs (passes over the data). The run has converged
    when the full gradient at the average passes the shared test; its noise
    makes a looser ``tol`` than the other solvers' the default (1e-3, which
    puts the loss within about 1e-3 relative of the minimum on standardized
    features). ``history`` holds the loss at the start and after each epoch;
    ``beta`` is the average.

    >>> from minilogit.matrix import Matrix
    >>> from minilogit.objectives import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> r = sgd(loss, [0.0])
    >>> abs(r.beta[0] - math.log(2)) < 0.05     # near log 2, not on it
    True
    """
    if not learning_rate > 0:
        raise ValueError("learning_rate must be positive, got %r" % (learning_rate,))
    n = objective.n_examples
    examples = objective.examples       # (row, share): share 1 unless weighted, eq. (47)
    rng = Random(random_state)
    order = list(range(len(examples)))
    beta = list(beta0)
    beta_bar, count = list(beta0), 0
    L = objective.value(beta)
    history, grad_norms = [L], [max_abs(objective.gradient(beta))]
    iterates, details = [beta], []
    t, n_iter, converged, diagnosis = 0, 0, False, None
    while n_iter < max_iter and diagnosis is None:
        start = beta_bar
        rng.shuffle(order)
        for e in order:
            i, share = examples[e]
            eta_t = learning_rate / math.sqrt(1.0 + t / n)             # eq. (18)
            g_i = objective.example_gradient(i, beta)                   # x_i (p_i - y_i)
            step = eta_t * share                                        # share: eq. (47)
            beta = [b - step * g_ij for b, g_ij in zip(beta, g_i)]      # eq. (17)
            t += 1
            if n_iter >= 1:                                             # eq. (19): running mean
                count += 1
                beta_bar = [m + (b - m) / count for m, b in zip(beta_bar, beta)]
        if n_iter == 0:
            beta_bar = beta          # the first epoch only moves away from the start
        L = objective.value(beta_bar)
        if not math.isfinite(L):
            raise DivergenceError("stochastic gradient descent diverged in epoch "
                                  "%d: the loss is %r; use a smaller learning_rate"
                                  % (n_iter + 1, L), history=history)
        history.append(L)
        iterates.append(beta_bar)
        details.append({"eta": eta_t})
        n_iter += 1
        g = objective.gradient(beta_bar)
        grad_norms.append(max_abs(g))
        if small_gradient(g, n, tol):
            converged = True
            break
        diagnosis = objective.diagnose(beta_bar, [b1 - b0 for b1, b0 in zip(beta_bar, start)])
    return FitResult("sgd", beta_bar, history, grad_norms, n_iter, converged, diagnosis,
                     iterates, "(17)-(19)", details)


def sgd_stream(stream, terms, beta0, epochs=5, learning_rate=0.5):
    """Averaged SGD, eqs. (17)-(19), over examples read afresh from ``stream()``
    each epoch, holding nothing but beta and its average: memory O(p), not O(N).

    ``stream`` is a function that returns a new iterator of examples (for
    instance one that reads a CSV file line by line); ``terms(example, beta)``
    returns that example's (loss, gradient). The examples come in the
    stream's order (shuffling would need them all at once). N, for eq. (18),
    is not known until the first epoch ends: during it the rate uses the
    count so far. There is no convergence test, which would need another
    pass over the data: the run is ``epochs`` passes, and ``history`` holds
    each epoch's progressive loss, the mean of the examples' losses at the
    beta each was visited with.

    >>> from minilogit.objectives import example_terms
    >>> data = [([1.0, -1.0], 0), ([1.0, 0.0], 1), ([1.0, 1.0], 0), ([1.0, 2.0], 1)]
    >>> r = sgd_stream(lambda: iter(data), example_terms, [0.0, 0.0], epochs=200)
    >>> [round(b, 1) for b in r.beta], len(r.history)     # the optimum: -0.45, 0.91
    ([-0.4, 0.9], 200)
    """
    beta, beta_bar = list(beta0), list(beta0)
    history, t, count, n = [], 0, 0, None
    for epoch in range(epochs):
        total, seen = 0.0, 0
        for example in stream():
            loss_i, g_i = terms(example, beta)
            total += loss_i
            seen += 1
            eta_t = learning_rate / math.sqrt(1.0 + t / (n or seen))       # eq. (18)
            beta = [b - eta_t * g_ij for b, g_ij in zip(beta, g_i)]         # eq. (17)
            t += 1
            if epoch >= 1:                                                  # eq. (19)
                count += 1
                beta_bar = [m + (b - m) / count for m, b in zip(beta_bar, beta)]
        if seen == 0:
            raise DataError("the stream gave no examples in epoch %d" % (epoch + 1))
        if not math.isfinite(total):
            raise DivergenceError("stochastic gradient descent diverged in epoch %d: use a "
                                  "smaller learning_rate" % (epoch + 1), history=history)
        n = seen
        if epoch == 0:
            beta_bar = beta
        history.append(total / seen)
    return FitResult("sgd", beta_bar, history, [], epochs, False, None, equation="(17)-(19)")
