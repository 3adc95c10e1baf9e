"""What the running interpreter's floats can do, and stand-ins for what some
runtimes lack (see PORTABILITY in the README).

Floats differ between runtimes: CPython's are IEEE double precision, a
microcontroller's MicroPython often single precision. Every threshold in
the package that depends on the float (a pivot that counts as zero, the
largest safe argument of ``exp``, a default tolerance) is derived here from
the float actually running, never written as a double-precision literal
such as ``1e-300`` or ``709``:

==============  ========================================  ============  ==========
name            what                                      float64       float32
==============  ========================================  ============  ==========
EPS             spacing of floats near 1 (1 + EPS > 1)    2.2e-16       1.2e-7
MANT_DIG        bits of a float's significand             53            24
TINY            smallest positive normal float            2.2e-308      1.2e-38
LOG_MAX         e^x is finite for every x <= LOG_MAX      709.08        88.03
==============  ========================================  ============  ==========

MicroPython has no ``math.log1p``, no ``operator.mul`` or ``sub``, no ``warnings``
module and no ``UserWarning`` class, and its ``random`` module gives a
different stream from CPython's for the same seed. Everything the package needs
from that list is defined here once, so the rest of the code imports from
this module (or, for special functions the core never calls,
``minilogit.special``) and never asks which runtime it is on.

>>> EPS == 2.0 ** (1 - MANT_DIG)
True
>>> mul(3.0, 4.0)
12.0
"""

import math
import sys


def _float_facts():
    """Return (EPS, MANT_DIG, TINY, LOG_MAX), found by halving and doubling."""
    eps, digits = 1.0, 1
    while 1.0 + eps / 2.0 > 1.0:               # the last eps with 1 + eps > 1
        eps, digits = eps / 2.0, digits + 1
    tiny = 1.0
    while tiny / 2.0 * (1.0 + eps) != tiny / 2.0:   # halving keeps full precision
        tiny /= 2.0
    big = 1.0
    while big * 2.0 != big * 4.0:              # the largest power of two (2x = 4x only at inf)
        big *= 2.0
    return eps, digits, tiny, math.log(big)


EPS, MANT_DIG, TINY, LOG_MAX = _float_facts()

# Infinity, made when the module runs. MicroPython's compiler folds ``math.inf``
# into a constant, which stock mpy-tool.py (v1.27) writes into a frozen firmware's
# C as ``inf``, and the firmware does not compile; the package writes INF instead.
INF = float("inf")


BOARD = sys.implementation.name == "micropython"     # as on a board, with its small heap
PYPY = sys.implementation.name == "pypy"
sumprod = getattr(math, "sumprod", None)               # Python 3.12 on: a dot product in C

try:
    from _thread import allocate_lock
    LOCK = allocate_lock()      # held to publish a fit (checks.adapted) and to make its inference_
except ImportError:  # a MicroPython build without threads: nothing to guard against
    LOCK = None

# floats(values=()): a record of floats that a run appends to (its losses, its gradients).
# On MicroPython an array, whose items are no objects, so that a long run does not leave
# a boxed float every few blocks of the heap, breaking it into runs too short for the
# lists a fit makes (cd of 5 rows to tol = 0, the smallest heap that runs it: board-f32,
# 1000 iterations, 2 MB with lists, 256 KB with arrays; f64, 3000 iterations, 64 MB and
# 2 MB); a list elsewhere.
try:
    from array import array
    floats = (lambda values=(): array("d" if MANT_DIG > 24 else "f", values)) if BOARD else list
except ImportError:  # a MicroPython build without it
    floats = list


try:
    from operator import mul, sub
except ImportError:  # MicroPython: operator has no mul or sub
    mul, sub = (lambda a, b: a * b), (lambda a, b: a - b)

try:
    log1p = math.log1p
except AttributeError:  # MicroPython
    def log1p(x):
        """Return log(1 + x), accurate for tiny x (stand-in for ``math.log1p``).

        Uses the classic trick u = 1 + x; log(u) * x / (u - 1), which corrects
        the rounding committed when forming u (Goldberg 1991, "What every
        computer scientist should know about floating-point arithmetic", Theorem 4).
        """
        u = 1.0 + x
        if u == 1.0:
            return x
        if u - 1.0 == x:        # nothing was rounded (and x * log(u) might overflow)
            return math.log(u)
        return math.log(u) * x / (u - 1.0)

try:
    _UserWarning = UserWarning
    class _NotFitted(ValueError, AttributeError):   # what scikit-learn catches as unfitted
        """The base of ``NotFittedError``: a ValueError and an AttributeError."""
except (NameError, TypeError):  # MicroPython: no warning classes, one builtin base a class
    class _UserWarning(Exception):
        """Stand-in for the builtin ``UserWarning``."""
    _NotFitted = ValueError

try:
    import warnings as _warnings
except ImportError:  # MicroPython
    _warnings = None

# Where warnings go on a runtime without the ``warnings`` module: each one is
# appended here (tests read it; only the last 20 are kept, for small boards)
# and printed to stderr.
fallback_log = []       # the last 20 warnings issued without the warnings module
fallback_count = [0]    # how many were issued in all (a list, so that it can be updated)


def warn(message, category, stacklevel=1):
    """Issue ``category(message)`` through ``warnings`` or, without it, print it.

    ``stacklevel`` counts as in ``warnings.warn``, from the caller of ``warn``:
    1 points at that caller's line, 2 at its caller's, and so on.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     warn("look out", UserWarning)
    >>> str(caught[0].message)
    'look out'
    """
    if _warnings is not None:
        _warnings.warn(message, category, stacklevel=stacklevel + 1)
    else:
        fallback_log.append(category(message))
        del fallback_log[:-20]
        fallback_count[0] += 1
        sys.stderr.write(category.__name__ + ": " + message + "\n")


def is_fraction(x):
    """Return True when x is a ``fractions.Fraction``.

    A Fraction exists only once ``fractions`` is imported (never, where it
    is absent), so this does not import it.

    >>> is_fraction(0.5)
    False
    """
    fractions = sys.modules.get("fractions")
    return fractions is not None and isinstance(x, fractions.Fraction)
