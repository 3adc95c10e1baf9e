"""Seeded synthetic data sets, the same on every runtime.

Random numbers come from ``minilogit.core.rng.Random`` (SplitMix64), so a seed
gives the same stream on CPython, PyPy, MicroPython and Pyodide; normal
noise is made from it by the Box-Muller transform.

>>> X, y = make_masking(n_per_class=2, seed=1)
>>> len(X), y
(6, [0, 0, 1, 1, 2, 2])
"""

import math

from ..core.checks import check_number
from ..core.errors import DataError
from ..core.rng import Random
from ..core.compat import INF
from .dataset import Dataset

# Where the three groups of ``make_masking`` sit on the feature axis.
MASKING_CENTRES = (-4.0, 0.0, 4.0)


def standard_normal(rng):
    """Return one draw from N(0, 1), made from two uniforms of ``rng``.

    Box and Muller (1958), "A note on the generation of random normal
    deviates", Annals of Mathematical Statistics 29(2), 610-611:
    for independent u1, u2 uniform on (0, 1], sqrt(-2 ln u1) cos(2 pi u2)
    is standard normal.

    >>> rng = Random(0)
    >>> z = [standard_normal(rng) for _ in range(2000)]
    >>> abs(sum(z) / len(z)) < 0.1, abs(sum(v * v for v in z) / len(z) - 1) < 0.1
    (True, True)
    """
    u1 = 1.0 - rng.random()                # in (0, 1]: log(u1) is finite
    u2 = rng.random()
    return math.sqrt(-2.0 * math.log(u1)) * math.cos(2.0 * math.pi * u2)


def make_masking(n_per_class=50, seed=0):
    """Return three groups on one feature, where indicator regression masks the middle one.

    Class k has ``n_per_class`` points x = c_k + noise, with centres
    c = (-4, 0, 4) and standard normal noise: the groups barely overlap.
    Least squares on the indicator matrix (walkthrough eq. (3)) still never
    predicts class 1: with equal group sizes all three fitted lines pass
    through (mean of x, 1/3), the middle class's line is nearly flat, and
    on either side of that point one of the outer lines is above it (at the
    point itself the tie goes to class 0). This is lecture 000's masking
    problem. Rows come class by class (0, then 1, then 2); labels are the
    ints 0, 1, 2.

    >>> d = make_masking()
    >>> len(d.data), d.feature_names, d.target_name, sorted(set(d.target))
    (150, ['x'], 'class', [0, 1, 2])
    >>> make_masking(seed=3).data == make_masking(seed=3).data
    True
    """
    check_number(n_per_class, "n_per_class", "a positive integer", lambda v: v >= 1, integer=True)
    rng = Random(seed)
    X, y = [], []
    for k in range(len(MASKING_CENTRES)):
        for _ in range(n_per_class):
            X.append([MASKING_CENTRES[k] + standard_normal(rng)])
            y.append(k)
    return Dataset(X, y, ["x"], "class")


# The bank-balance example of lecture 003's "Why not linear regression?"
# slides: a balance of 4000 or more is creditworthy.
BANK_BOUNDARY = 4000.0
BANK_RANGE = (0.0, 8000.0)     # true balances are uniform on each side of the boundary


def make_bank_balance(n=200, positive_share=0.5, seed=0, noise=250.0):
    """Return lecture 003's bank-balance data: one feature, label 1 = creditworthy.

    Exactly round(n * positive_share) people are creditworthy (label 1):
    their true balance is uniform on [4000, 8000); the others' is uniform
    on [0, 4000). The recorded balance is the true one plus normal noise of
    standard deviation ``noise`` (in the same units), so the two classes
    overlap a little near 4000: a few people with a recorded balance just
    under 4000 are creditworthy and a few just over it are not
    (``noise=0`` gives separable classes). Rows come in a seeded random
    order. ``positive_share`` sets the class balance; lecture 003's point
    is that the least-squares line, and with it the balance where the line
    crosses 0.5, moves when the balance changes (see the doctest).

    Raises ``DataError`` unless both classes get at least one person.

    >>> d = make_bank_balance()
    >>> len(d.data), d.feature_names, d.target_name, sum(d.target)
    (200, ['balance'], 'creditworthy', 100)
    >>> make_bank_balance(seed=3).data == make_bank_balance(seed=3).data
    True
    >>> from minilogit import LeastSquaresClassifier
    >>> def crossing(share):      # the balance where the fitted line is 0.5
    ...     m = LeastSquaresClassifier().fit(*make_bank_balance(positive_share=share))
    ...     return (0.5 - m.intercept_) / m.coef_[0]
    >>> 3900 < crossing(0.5) < 4100, crossing(0.8) < 3600
    (True, True)
    """
    check_number(n, "n", "an integer >= 2", lambda v: v >= 2, integer=True)
    check_number(positive_share, "positive_share", "a number strictly between 0 and 1",
                 lambda v: 0.0 < v < 1.0)
    check_number(noise, "noise", "a finite number >= 0", lambda v: 0.0 <= v < INF)
    n_pos = int(n * positive_share + 0.5)    # round half up, the same on every runtime
    if n_pos < 1 or n_pos > n - 1:
        raise DataError("positive_share=%r of n=%d leaves a class empty (%d creditworthy)"
                        % (positive_share, n, n_pos))
    rng = Random(seed)
    y = [1] * n_pos + [0] * (n - n_pos)
    rng.shuffle(y)
    low, high = BANK_RANGE
    X = []
    for label in y:
        start, end = (BANK_BOUNDARY, high) if label == 1 else (low, BANK_BOUNDARY)
        true_balance = start + (end - start) * rng.random()
        X.append([true_balance + noise * standard_normal(rng)])
    return Dataset(X, y, ["balance"], "creditworthy")
