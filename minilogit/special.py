"""Special functions that only the layers above the core need (GLM links and
families, odds ratios), with stand-ins where a runtime lacks them: a
MicroPython built without its special functions has no ``math.expm1`` and
no ``math.lgamma`` (``lgamma`` is then None). The core's own stand-ins are
in ``minilogit.core.compat``.
"""

import math

from .core.compat import LOG_MAX


def exp_or_inf(x):
    """Return e^x, or inf where it overflows the float (instead of raising).

    >>> exp_or_inf(0.0), exp_or_inf(1e6)
    (1.0, inf)
    """
    return math.exp(x) if x <= LOG_MAX else float("inf")


try:
    expm1 = math.expm1
except AttributeError:  # a MicroPython built without it
    def expm1(x):
        """Return e^x - 1, accurate for tiny x (stand-in for ``math.expm1``)."""
        if abs(x) < 1e-5:
            return x + 0.5 * x * x + x * x * x / 6.0
        return math.exp(x) - 1.0

try:
    lgamma = math.lgamma
except AttributeError:  # a MicroPython built without the special functions
    lgamma = None
