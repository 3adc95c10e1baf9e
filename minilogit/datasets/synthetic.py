"""Seeded synthetic data sets, the same on every runtime.

Random numbers come from ``minilogit.rng.Random`` (SplitMix64), so a seed
gives the same stream on CPython, PyPy, MicroPython and Pyodide; normal
noise is made from it by the Box-Muller transform.

>>> X, y = make_masking(n_per_class=2, seed=1)
>>> len(X), y
(6, [0, 0, 1, 1, 2, 2])
"""

import math

from ..errors import DataError
from ..rng import Random

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
    Least squares on the indicator matrix (walkthrough eq. (23)) still never
    predicts class 1: with equal group sizes all three fitted lines pass
    through (mean of x, 1/3), the middle class's line is nearly flat, and
    on either side of that point one of the outer lines is above it (at the
    point itself the tie goes to class 0). This is the lecture's masking
    problem. Rows come class by class (0, then 1, then 2); labels are the
    ints 0, 1, 2.

    >>> d = make_masking()
    >>> len(d.data), d.feature_names, d.target_name, sorted(set(d.target))
    (150, ['x'], 'class', [0, 1, 2])
    >>> make_masking(seed=3).data == make_masking(seed=3).data
    True
    """
    from . import Dataset    # here, not at the top: minilogit.datasets imports this module

    if isinstance(n_per_class, bool) or not isinstance(n_per_class, int) or n_per_class < 1:
        raise DataError("n_per_class must be a positive integer, got %r" % (n_per_class,))
    rng = Random(seed)
    X, y = [], []
    for k in range(len(MASKING_CENTRES)):
        for _ in range(n_per_class):
            X.append([MASKING_CENTRES[k] + standard_normal(rng)])
            y.append(k)
    return Dataset(X, y, ["x"], "class")
