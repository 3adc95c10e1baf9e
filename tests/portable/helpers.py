"""Helpers for the portable suite: plain functions that work on every runtime.

No pytest, no ``warnings`` on MicroPython: ``raises`` stands in for
``pytest.raises`` and ``warnings_from`` records warnings through the
``warnings`` module where it exists and through ``minilogit.core.compat``'s
``fallback_log`` where it does not.
"""

import math
import sys

import minilogit.core.compat as _compat
from minilogit.demo import fallback_since

try:
    from fractions import Fraction
except ImportError:  # MicroPython
    Fraction = None


# The running float. CPython's is IEEE double precision; a board's MicroPython
# often single precision, where the recorded double-precision figures can only
# be met to about EPS. A tolerance that depends on the precision is written
# max(double_tol, k * EPS): the first term in double precision (so nothing is
# loosened there), the second in single precision.
def _epsilon():
    eps = 1.0
    while 1.0 + eps / 2.0 > 1.0:
        eps /= 2.0
    return eps


EPS = _epsilon()                  # 2.2e-16 in double precision, 1.2e-7 in single
SINGLE = EPS > 1e-10              # a single-precision float
# Magnitudes near the ends of the float's range. In single precision the
# literals 1e308 and 1e-300 are inf and 0.0, so the tests use these instead.
# Like 1e308 in double precision, 2e38 is finite and its double is not.
HUGE = 2e38 if SINGLE else 1e308
SMALL = 1e-30 if SINGLE else 1e-300
# How close a converged fit comes to the optimum. Every solver stops once the
# scaled gradient is below its tol, 16 EPS in single precision
# (minilogit.core.solvers), and newton and irls take one more step; gd's
# coefficients are then some 1e-5 from the optimum (single precision's
# bound, 1024 EPS, allows 1.2e-4). In double precision both are below the
# tests' own tolerances, which stay as they were.
FIT = 4096 * EPS                  # 9e-13 in double precision, 4.9e-4 in single
FIT_GD = 1024 * EPS if EPS > 1e-10 else 32 * math.sqrt(EPS)   # 1.2e-4 single, 4.8e-7 double


class Skip(Exception):
    """Raise it from a test to skip the test (the runner counts it apart)."""


def raises(exc_type, fn, *args, **kwargs):
    """Call fn(*args, **kwargs), which must raise exc_type; return the exception.

    Any other exception propagates (and fails the test).
    """
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("%s was not raised by %s"
                         % (exc_type.__name__, getattr(fn, "__name__", repr(fn))))


class _Sink:
    def __init__(self):
        self.parts = []

    def write(self, s):
        self.parts.append(s)
        return len(s)


class _SysWithStderr:
    """The sys module with stderr replaced (the package may also read sys.modules)."""

    def __init__(self, stderr, real_sys):
        self.stderr = stderr
        self.modules = real_sys.modules


# What the fallback ``warn`` wrote to stderr during the last warnings_from
# call (MicroPython only; "" elsewhere).
last_stderr = [""]


def warnings_from(fn, *args, **kwargs):
    """Call fn(*args, **kwargs); return (its result, the warnings it issued).

    The warnings are the warning instances themselves (``w.message`` of
    ``warnings.catch_warnings(record=True)`` on CPython, PyPy and Pyodide;
    the entries appended to ``minilogit.core.compat.fallback_log`` where the
    ``warnings`` module is absent, i.e. MicroPython). There the fallback
    also writes each warning to stderr: that text is captured (so that it
    does not bury the runner's output) and kept in ``last_stderr[0]``.
    """
    w = _compat._warnings
    if w is None:
        mark = _compat.fallback_count[0]
        sink, real_sys = _Sink(), _compat.sys
        _compat.sys = _SysWithStderr(sink, real_sys)
        try:
            result = fn(*args, **kwargs)
        finally:
            _compat.sys = real_sys
            last_stderr[0] = "".join(sink.parts)
        return result, fallback_since(mark)
    last_stderr[0] = ""
    with w.catch_warnings(record=True) as caught:
        w.simplefilter("always")
        result = fn(*args, **kwargs)
    return result, [c.message for c in caught]


def fit(model, X, y):
    """Fit model to (X, y); return (model, the warnings issued by fit)."""
    return warnings_from(model.fit, X, y)


def only(ws, category):
    """The warnings in ws that are instances of category."""
    return [w for w in ws if isinstance(w, category)]


def close(a, b, rel=1e-12, abs_tol=0.0):
    """|a - b| <= max(rel * max(|a|, |b|), abs_tol) (math.isclose's rule)."""
    return abs(a - b) <= max(rel * max(abs(a), abs(b)), abs_tol)


def assert_close(got, want, rel=1e-12, abs_tol=0.0, what="value"):
    """Assert that the number or sequence got matches want within the tolerances."""
    if isinstance(want, (list, tuple)):
        assert len(got) == len(want), "%s: length %d, expected %d" % (what, len(got), len(want))
        for i in range(len(want)):
            assert close(got[i], want[i], rel, abs_tol), (
                "%s[%d] = %r, expected %r (rel %g, abs %g)"
                % (what, i, got[i], want[i], rel, abs_tol))
    else:
        assert close(got, want, rel, abs_tol), (
            "%s = %r, expected %r (rel %g, abs %g)" % (what, got, want, rel, abs_tol))


def max_abs_diff(u, v):
    return max(abs(a - b) for a, b in zip(u, v))


def finite(x):
    """True for a float that is neither nan nor infinite."""
    return not (math.isnan(x) or math.isinf(x))


def coefficients(model):
    """[intercept_] + coef_ of a fitted model."""
    return [model.intercept_] + list(model.coef_)


# Small non-separable data sets shared by the solver and model tests.

# Twelve points on one standardized feature, classes overlapping in the
# middle (walkthrough.md, section 5).
TOY_X = [[(i - 5.5) / 3.5] for i in range(12)]
TOY_Y = [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 1, 1]

# Twelve points, two features, a non-zero intercept; not separable.
X2 = [[-1.5, 0.3], [-1.0, -0.8], [-0.6, 1.2], [-0.2, -0.4], [0.1, 0.9], [0.4, -1.1],
      [0.8, 0.2], [1.3, -0.5], [1.7, 1.4], [-1.8, -1.3], [0.6, 0.7], [-0.4, 0.1]]
Y2 = [0, 0, 1, 1, 0, 1, 1, 0, 1, 0, 1, 1]

def _scratch_tag():
    try:                # tools/portable/portable.py names each runtime it runs at once
        import os
        tag = os.getenv("PORTABLE_RUNTIME")
        if tag:
            return tag.replace("-", "_")
    except (ImportError, AttributeError):
        pass
    impl = sys.implementation
    # the float's digits too: two builds of one MicroPython (f32, f64) run at once
    return "%s%d%d_%s_f%d" % (impl.name, impl.version[0], impl.version[1], sys.platform,
                              32 if 1.0 + 2.0 ** -30 == 1.0 else 64)


# A file of this runtime's own: portable.py runs several runtimes at once in
# the same folder (MicroPython and Pyodide under node copy it first).
SCRATCH_CSV = "tests/portable/_scratch_%s.csv" % _scratch_tag()


def write_file(path, text):
    """Write text to path (the runners copy this folder to a writable place)."""
    f = open(path, "w")
    f.write(text)
    f.close()


def run_main(argv, path, data=None):
    """minilogit's command line, main(argv), with the file at path holding
    data (text or bytes; None: as it is), removed after; (status, out, err)."""
    import io
    from minilogit.__main__ import main
    if data is not None:
        f = open(path, "wb" if isinstance(data, bytes) else "w")
        f.write(data)
        f.close()
    out, err = io.StringIO(), io.StringIO()
    try:
        status = main(argv, out, err)
    finally:
        remove_file(path)
    return status, out.getvalue(), err.getvalue()


def remove_file(path):
    """Remove path; quietly nothing where there is no os module or no file."""
    try:
        import os
        os.remove(path)
    except (ImportError, OSError):
        pass


_cache = {}


def breast_cancer():
    """The bundled data set, loaded once per run (0.3 s on MicroPython)."""
    if "bc" not in _cache:
        from minilogit.datasets import load_breast_cancer
        _cache["bc"] = load_breast_cancer()
    return _cache["bc"]
