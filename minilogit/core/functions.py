"""Numerically stable sigmoid, softmax and their logarithms.

The textbook forms overflow: 1 / (1 + exp(-a)) evaluates exp(710) for
a = -710, and log(1 + exp(a)) does so for a = 710. Each function here
branches so that ``exp`` only ever sees a number <= 0, and so none of them
raises ``OverflowError`` or returns ``nan`` for any finite float.

=============  =============================================  ==========
function       value                                          equation
=============  =============================================  ==========
sigmoid        sigma(a) = 1 / (1 + e^-a)                      (5)
log_sigmoid    log sigma(a) = -log(1 + e^-a)
log1pexp       log(1 + e^a)
logit          log(p / (1 - p)), the inverse of sigma         (6)
logsumexp      log sum_k e^(a_k)
softmax        e^(a_k) / sum_j e^(a_j)
log_softmax    a_k - logsumexp(a)
=============  =============================================  ==========

>>> sigmoid(0.0)
0.5
>>> log1pexp(1000.0)
1000.0
>>> softmax([1000.0, 0.0, -1000.0])[0]
1.0
"""

import math

from .compat import INF, log1p
from .errors import DataError


def sigmoid(a):
    """Return sigma(a) = 1 / (1 + e^-a), eq. (5), without overflow.

    For a >= 0 use 1 / (1 + e^-a); for a < 0 use the equal form
    e^a / (1 + e^a). Either way exp sees a number <= 0.

    >>> sigmoid(0.0), sigmoid(-1e308), sigmoid(1e308)
    (0.5, 0.0, 1.0)
    >>> round(sigmoid(2.0) + sigmoid(-2.0), 15)   # sigma(-a) = 1 - sigma(a)
    1.0
    """
    if a >= 0:
        return 1.0 / (1.0 + math.exp(-a))
    e = math.exp(a)
    return e / (1.0 + e)


def log1pexp(a):
    """Return log(1 + e^a) (the "softplus"), without overflow.

    For a > 0, log(1 + e^a) = a + log(1 + e^-a), and e^-a < 1.

    >>> log1pexp(0.0) == math.log(2.0)
    True
    >>> log1pexp(1000.0), log1pexp(-1000.0)
    (1000.0, 0.0)
    """
    if a > 0:
        return a + log1p(math.exp(-a))
    return log1p(math.exp(a))


def log_sigmoid(a):
    """Return log sigma(a) = -log(1 + e^-a), finite wherever sigma(a) > 0 exactly.

    >>> log_sigmoid(-1000.0)
    -1000.0
    >>> log_sigmoid(0.0) == -math.log(2.0)
    True
    """
    return -log1pexp(-a)


def logit(p):
    """Return the log-odds log(p / (1 - p)), eq. (6), the inverse of sigmoid.

    ``logit(0) = -inf`` and ``logit(1) = inf``; a p outside [0, 1] is not a
    probability and raises ``DataError``.

    >>> logit(0.5)
    0.0
    >>> round(logit(sigmoid(3.0)), 12)
    3.0
    >>> logit(1.5)
    Traceback (most recent call last):
    ...
    minilogit.DataError: logit needs a probability 0 <= p <= 1, got 1.5
    """
    if not 0.0 <= p <= 1.0:
        raise DataError("logit needs a probability 0 <= p <= 1, got %r" % (p,))
    if p == 0.0:
        return -INF
    if p == 1.0:
        return INF
    return math.log(p) - log1p(-p)   # log1p keeps 1 - p accurate for small p


def logsumexp(a):
    """Return log(sum_k e^(a_k)), shifting by the maximum m so that every
    exponent is <= 0: log sum_k e^(a_k) = m + log sum_k e^(a_k - m).

    >>> logsumexp([1000.0, 1000.0]) == 1000.0 + math.log(2.0)
    True
    >>> logsumexp([-1e308, 1e308])
    1e+308
    """
    if len(a) == 0:
        raise DataError("logsumexp of an empty sequence")
    m = max(a)
    return m + math.log(sum(math.exp(x - m) for x in a))


def softmax(a):
    """Return the list e^(a_k) / sum_j e^(a_j), computed with the maximum subtracted.

    The result sums to 1 and does not change when a constant is added to
    every a_k.

    >>> softmax([0.0, 0.0])
    [0.5, 0.5]
    >>> softmax([1000.0, 0.0, -1000.0])
    [1.0, 0.0, 0.0]
    """
    if len(a) == 0:
        raise DataError("softmax of an empty sequence")
    m = max(a)
    e = [math.exp(x - m) for x in a]
    s = sum(e)
    return [v / s for v in e]


def log_softmax(a):
    """Return the list a_k - logsumexp(a): log-probabilities that never underflow to -inf.

    Computed as (a_k - m) - log sum_j e^(a_j - m), so that the small
    correction is not lost against a large m.

    >>> log_softmax([1000.0, 0.0])
    [0.0, -1000.0]
    >>> [round(v, 6) for v in log_softmax([1e20, 1e20])]
    [-0.693147, -0.693147]
    """
    if len(a) == 0:
        raise DataError("log_softmax of an empty sequence")
    m = max(a)
    log_total = math.log(sum(math.exp(x - m) for x in a))
    return [(x - m) - log_total for x in a]
