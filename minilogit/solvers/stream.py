"""SGD over a stream: examples read afresh each epoch, never all held at once.

``sgd_stream`` is the averaged SGD of ``minilogit.core.solvers.sgd``,
eqs. (17)-(19), for data too large to hold: it keeps beta and its average
and nothing else. ``example_terms`` is one example's loss and gradient.

>>> data = [([1.0, -1.0], 0), ([1.0, 0.0], 1), ([1.0, 1.0], 0), ([1.0, 2.0], 1)]
>>> r = sgd_stream(lambda: iter(data), example_terms, [0.0, 0.0], epochs=200)
>>> [round(b, 1) for b in r.beta]
[-0.4, 0.9]
"""

import math

from ..core.compat import floats
from ..core.errors import DataError
from ..core.functions import log1pexp, sigmoid
from ..core.matrix import dot
from ..core.solvers import FitResult, check_divergence


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


def sgd_stream(stream, terms, beta0, epochs=5, learning_rate=0.5, loss=None, tick=None):
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
    beta each was visited with. Raises ``DivergenceError`` when that mean
    ends an epoch far above the mean loss at ``beta0`` (``check_divergence``);
    ``loss(example, beta0)``, when given, is an example's loss there, in place
    of ``terms(example, beta0)[0]`` and its gradient, which is not needed.
    ``tick(epoch, describe)``, when given, is called after each epoch (a
    ``minilogit.progress.Ticker``'s, for ``verbose``).

    >>> data = [([1.0, -1.0], 0), ([1.0, 0.0], 1), ([1.0, 1.0], 0), ([1.0, 2.0], 1)]
    >>> r = sgd_stream(lambda: iter(data), example_terms, [0.0, 0.0], epochs=200)
    >>> [round(b, 1) for b in r.beta], len(r.history)     # the optimum: -0.45, 0.91
    ([-0.4, 0.9], 200)
    """
    beta, beta_bar = list(beta0), list(beta0)
    history, t, count, n, start = floats(), 0, 0, None, 0.0
    for epoch in range(epochs):
        total, seen = 0.0, 0
        for example in stream():
            loss_i, g_i = terms(example, beta)
            if epoch == 0:                  # the loss at beta0, for check_divergence
                start += loss(example, beta0) if loss else terms(example, beta0)[0]
            total += loss_i
            seen += 1
            eta_t = learning_rate / math.sqrt(1.0 + t / (n or seen))   # (18), as 1/sqrt t
            beta = [b - eta_t * g_ij for b, g_ij in zip(beta, g_i)]         # eq. (17)
            t += 1
            if epoch >= 1:                                                  # eq. (19)
                count += 1
                beta_bar = [m + (b - m) / count for m, b in zip(beta_bar, beta)]
        if seen == 0:
            raise DataError("the stream gave no examples in epoch %d" % (epoch + 1))
        n = seen
        if epoch == 0:
            beta_bar = beta
        history.append(total / seen)
        check_divergence("stochastic gradient descent", [start / n], history[-1], 1,
                         "in epoch %d" % (epoch + 1))
        if tick is not None:
            tick(epoch + 1, lambda: "progressive loss %.6g over %d rows (no stopping test: "
                                    "%d epochs)" % (history[-1], n, epochs))
    return FitResult("sgd", beta_bar, history, [], epochs, False, None, equation="(17)-(19)")
