"""The stable scalar functions at extreme inputs: no exception, no nan, exact limits.

On MicroPython math.exp(710) raises ValueError (CPython: OverflowError),
so these also check that every function keeps exp's argument <= 0.
"""

import math

from helpers import EPS, HUGE, SMALL, assert_close, finite, raises

from minilogit import (DataError, log1pexp, log_sigmoid, log_softmax, logit,
                       logsumexp, sigmoid, softmax)
from minilogit.core.compat import log1p, mul

# HUGE and SMALL are 1e308 and 1e-300 in double precision (helpers.py).
EXTREMES = [HUGE, -HUGE, 1000.0, -1000.0, 710.0, -710.0, 709.0, -709.0,
            36.0, -36.0, 1.0, -1.0, SMALL, -SMALL, 0.0, -0.0]

# A relative tolerance of a few roundings: 1e-15 in double precision.
ULPS = max(1e-15, 4 * EPS)


def test_sigmoid_exact_values():
    assert sigmoid(0.0) == 0.5
    assert sigmoid(-0.0) == 0.5
    assert sigmoid(HUGE) == 1.0
    assert sigmoid(-HUGE) == 0.0
    assert sigmoid(1000.0) == 1.0
    assert sigmoid(-1000.0) == 0.0
    assert sigmoid(0) == 0.5                      # an int works too
    assert_close(sigmoid(2.0), 0.8807970779778823, rel=ULPS)


def test_sigmoid_everywhere_in_unit_interval_and_symmetric():
    for a in EXTREMES:
        p = sigmoid(a)
        assert finite(p) and 0.0 <= p <= 1.0, (a, p)
        assert abs(p + sigmoid(-a) - 1.0) <= 4.5e-16, a    # sigma(-a) = 1 - sigma(a)
    prev = 0.0
    for k in range(-40, 41):                                # monotone
        p = sigmoid(k / 2.0)
        assert p >= prev, k
        prev = p


def test_log1pexp_extremes():
    assert log1pexp(1000.0) == 1000.0
    assert log1pexp(-1000.0) == 0.0
    assert log1pexp(HUGE) == HUGE
    assert log1pexp(-HUGE) == 0.0
    assert log1pexp(0.0) == math.log(2.0)
    assert_close(log1pexp(1.0), math.log(1.0 + math.e), rel=ULPS)
    assert_close(log1pexp(-40.0), 4.248354255291589e-18, rel=max(1e-14, 8 * EPS))   # e^-40, no 1 + tiny loss
    for a in EXTREMES:
        v = log1pexp(a)
        assert finite(v) and v >= 0.0 and v >= a, (a, v)


def test_log_sigmoid_extremes():
    assert log_sigmoid(-1000.0) == -1000.0
    assert log_sigmoid(1000.0) == 0.0
    assert log_sigmoid(-HUGE) == -HUGE
    assert log_sigmoid(0.0) == -math.log(2.0)
    for a in EXTREMES:
        v = log_sigmoid(a)
        assert finite(v) and v <= 0.0, (a, v)


def test_logit_inverts_sigmoid():
    assert logit(0.5) == 0.0
    assert logit(0.0) == -math.inf
    assert logit(1.0) == math.inf
    for a in [-30.0, -3.0, -0.5, 0.25, 3.0, 10.0]:   # 1 - p loses e^a * eps
        assert_close(logit(sigmoid(a)), a, rel=1e-9, abs_tol=4 * EPS * math.exp(max(a, 0.0)),
                     what="logit(sigmoid(%r))" % a)
    assert_close(logit(SMALL), math.log(SMALL), rel=ULPS)
    assert_close(logit(0.9), 2.1972245773362196, rel=max(1e-14, 8 * EPS))


def test_logit_rejects_non_probabilities():
    for p in [1.5, -0.1, HUGE, -HUGE, math.inf]:
        e = raises(DataError, logit, p)
        assert "0 <= p <= 1" in str(e), str(e)
    raises(DataError, logit, math.nan)


def test_logsumexp_extremes():
    assert logsumexp([1000.0, 1000.0]) == 1000.0 + math.log(2.0)
    assert logsumexp([-HUGE, HUGE]) == HUGE
    assert logsumexp([HUGE, HUGE]) == HUGE
    assert logsumexp([-HUGE, -HUGE]) == -HUGE
    assert logsumexp([-1000.0]) == -1000.0
    assert logsumexp([0.0, 0.0, 0.0, 0.0]) == math.log(4.0)
    assert_close(logsumexp([1.0, 2.0, 3.0]), 3.40760596444438, rel=max(1e-14, 8 * EPS))
    raises(DataError, logsumexp, [])


def test_softmax_extremes():
    assert softmax([1000.0, 0.0, -1000.0])[0] == 1.0
    assert softmax([1000.0, 0.0, -1000.0]) == [1.0, 0.0, 0.0]
    assert softmax([0.0, 0.0]) == [0.5, 0.5]
    assert softmax([-HUGE, HUGE]) == [0.0, 1.0]
    assert softmax([HUGE, HUGE]) == [0.5, 0.5]
    assert softmax([5.0]) == [1.0]
    base = softmax([1.0, 2.0, 3.0])
    assert_close(sum(base), 1.0, rel=ULPS)
    assert_close(softmax([1001.0, 1002.0, 1003.0]), base, rel=max(1e-14, 8 * EPS), what="shifted")
    for a in EXTREMES:
        for p in softmax([a, 0.0, -a]):
            assert finite(p) and 0.0 <= p <= 1.0, (a, p)
    raises(DataError, softmax, [])


def test_log_softmax_extremes():
    assert log_softmax([1000.0, 0.0]) == [0.0, -1000.0]
    assert log_softmax([0.0, 0.0]) == [-math.log(2.0), -math.log(2.0)]
    v = log_softmax([-HUGE, HUGE])      # -HUGE - HUGE overflows to -inf: no nan
    assert v[1] == 0.0 and not math.isnan(v[0]) and v[0] < -HUGE, v
    for a in EXTREMES:
        v = log_softmax([a, 0.0, -a])
        assert all(not math.isnan(x) and x <= 0.0 for x in v), (a, v)


def test_no_nan_and_no_exception_anywhere():
    for a in EXTREMES:
        for f in (sigmoid, log1pexp, log_sigmoid):
            v = f(a)
            assert not math.isnan(v), (f, a)
        for vec in ([a], [a, -a], [a, 0.0, -a], [a, a]):
            assert not math.isnan(logsumexp(vec)), (a, vec)
            assert all(not math.isnan(x) for x in softmax(vec)), (a, vec)


def test_compat_log1p_and_mul():
    # math.log1p on CPython, the stand-in on MicroPython: same answers.
    assert log1p(1e-20) == 1e-20
    assert log1p(0.0) == 0.0
    assert_close(log1p(1e-10), 9.999999999500001e-11, rel=ULPS)
    assert_close(log1p(-0.5), math.log(0.5), rel=ULPS)
    assert_close(log1p(1.0), math.log(2.0), rel=ULPS)
    assert_close(log1p(HUGE), math.log(HUGE), rel=ULPS)
    assert log1p(math.inf) == math.inf
    assert mul(3.0, 4.0) == 12.0 and mul(2, 5) == 10
