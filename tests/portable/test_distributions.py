"""Normal and chi-squared probabilities: golden values, identities, bad input.

The module computes everything from exp, log, sqrt and lgamma, so the
results should agree across runtimes to a few roundings. Golden values are
40-digit mpmath values rounded to floats (mpmath 1.4.1, mp.dps = 40:
float(mpmath.ncdf(-mpmath.mpf(x))) for 1 - Phi(x), the root of
mpmath.ncdf(t) = p for Phi^-1(p), and float(mpmath.gammainc(df/2, x/2,
mpmath.inf, regularized=True)) for chi2_sf); tests/test_distributions.py
has them next to scipy's. Tolerances are the accuracies the module claims
in double precision; in single precision they scale with EPS, and golden
values below the smallest normal float (TINY) are out of the float's range.
"""

import math

from helpers import EPS, SINGLE, SMALL, assert_close, finite, raises

from minilogit.distributions import chi2_sf, normal_cdf, normal_ppf, normal_sf, two_sided_p
from minilogit import DataError
from minilogit.core.compat import TINY

SF_REL = max(5e-15, 8 * EPS)   # normal_sf / normal_cdf, relative
PPF_REL = max(2e-15, 8 * EPS)  # normal_ppf, relative


def test_normal_sf_golden():
    # (x, 1 - Phi(x)); the tail values are where 1 - Phi would have no digits left
    for x, want in [(0.5, 0.3085375387259869), (1.0, 0.15865525393145705),
                    (3.0, 0.0013498980316300946), (10.0, 7.619853024160525e-24),
                    (20.0, 2.7536241186062337e-89), (37.0, 5.725571222524577e-300),
                    (-3.0, 0.9986501019683699)]:
        if want < TINY:                                  # single precision: underflows
            assert normal_sf(x) < TINY, x
            continue
        assert_close(normal_sf(x), want, rel=SF_REL, what="normal_sf(%r)" % x)
        assert normal_cdf(-x) == normal_sf(x), x        # Phi(-x) = 1 - Phi(x), same code


def test_normal_exact_values():
    assert normal_cdf(0.0) == 0.5 and normal_sf(0.0) == 0.5
    assert normal_cdf(math.inf) == 1.0 and normal_cdf(-math.inf) == 0.0
    assert normal_sf(math.inf) == 0.0 and normal_sf(-math.inf) == 1.0
    assert normal_sf(40.0) == 0.0                        # 3.7e-350 underflows, no error
    assert two_sided_p(0.0) == 1.0 and two_sided_p(-math.inf) == 0.0
    assert normal_cdf(0) == 0.5                          # an int works too


def test_normal_ppf_golden():
    for p, want in [(1e-300, -37.0470962993612), (1e-30, -11.464024688443615),
                    (1e-10, -6.361340902404057),
                    (0.025, -1.9599639845400543), (0.3, -0.5244005127080408),
                    (0.975, 1.9599639845400538), (0.999999, 4.753424308817087)]:
        if p == 0.0:                                     # 1e-300 in single precision
            continue
        tol = PPF_REL * abs(want)
        if SINGLE:      # p itself is rounded, by up to EPS p / 2: x moves by that over phi(x)
            tol += EPS * p / (math.exp(-0.5 * want * want) / math.sqrt(2.0 * math.pi))
        assert_close(normal_ppf(p), want, rel=0.0, abs_tol=tol, what="normal_ppf(%r)" % p)
    assert normal_ppf(0.5) == 0.0
    assert normal_ppf(0.0) == -math.inf and normal_ppf(1.0) == math.inf


def test_normal_ppf_round_trip():
    # Phi^-1(Phi(x)) = x for x <= 0: the quantile moves by at most
    # SF_REL * Mills' ratio (<= 1.26) from Phi's error, plus PPF_REL |x|;
    # down to x = -37, or to where Phi(x) leaves the normal floats (single).
    for k in range(0, 75):
        x = -k / 2.0
        if normal_cdf(x) < TINY:
            break
        back = normal_ppf(normal_cdf(x))
        assert abs(back - x) <= PPF_REL * abs(x) + 1.26 * SF_REL, (x, back)
    for p in (0.6, 0.9, 0.975, 0.999):                   # odd: 1 - p is exact for p >= 1/2
        assert normal_ppf(p) == -normal_ppf(1.0 - p), p


def test_two_sided_p():
    assert_close(two_sided_p(1.959963984540054), 0.05, rel=max(1e-14, 8 * EPS))
    assert two_sided_p(-2.5) == two_sided_p(2.5) == 2.0 * normal_sf(2.5)


def test_chi2_sf_golden():
    # (x, df, Q(df/2, x/2)); tolerance 2e-13 covers the documented bound
    # 1e-14 + 2e-16 (a |log y| + y + |lgamma a|) for all of these (largest:
    # 2.5e-13 at x = 1500, df = 100, not used here: 6e-14 at x = 1000, df = 1).
    # In single precision the bound, EPS (45 + a |log y| + y + |lgamma a|).
    for x, df, want in [(3.841458820694124, 1, 0.05000000000000006),
                        (0.5, 1, 0.4795001221869535), (2.0, 2, 0.36787944117144233),
                        (10.0, 5, 0.07523524614651218), (50.0, 10, 2.6690834249044957e-07),
                        (200.0, 3, 4.2185411071920426e-43),
                        (1000.0, 1, 1.7958327848007262e-219),
                        (100.0, 50, 3.454931382984864e-05), (0.01, 4, 0.9999875415886458),
                        (30.0, 2.5, 6.747491852005869e-07)]:
        if want < TINY:                                  # single precision: subnormal or 0
            continue
        a, y = 0.5 * df, 0.5 * x
        cost = a * abs(math.log(y)) + y + abs(math.lgamma(a))
        assert_close(chi2_sf(x, df), want, rel=max(2e-13, EPS * (45 + cost)),
                     what="chi2_sf(%r, %r)" % (x, df))


def test_chi2_sf_identities():
    for k in range(1, 60):
        x = k * 0.75
        # df = 2: Q(1, x/2) = e^(-x/2); the exponent's rounding, ~x/2 * 2e-16
        # (double precision), or ~x/2 * EPS
        assert_close(chi2_sf(x, 2), math.exp(-0.5 * x),
                     rel=max(1e-14 + 2e-16 * x, EPS * (40 + 0.9 * x)), what="df=2")
        # df = 1: Q(1/2, x/2) = 2 (1 - Phi(sqrt x)); both errors, plus sqrt's rounding
        assert_close(chi2_sf(x, 1), 2.0 * normal_sf(math.sqrt(x)),
                     rel=max(2e-14 + 3e-16 * x, EPS * (90 + 1.35 * x)), what="df=1 at %r" % x)


def test_chi2_sf_limits():
    assert chi2_sf(0.0, 3) == 1.0 and chi2_sf(-1.0, 3) == 1.0
    assert chi2_sf(math.inf, 3) == 0.0
    assert chi2_sf(5000.0, 3) == 0.0                     # e^-2500 underflows, no error
    assert chi2_sf(5e-324, 3) == 1.0                     # x/2 underflows to 0: no log(0)
    assert chi2_sf(5.0, 1e6) == 1.0


def test_monotone():
    prev = 0.0
    for k in range(-80, 81):                             # Phi rises
        p = normal_cdf(k / 2.0)
        assert p >= prev, k
        prev = p
    for df in (1, 2, 3.5, 10, 40):                       # Q falls in x
        prev = 1.0
        for k in range(0, 120):
            q = chi2_sf(k * 2.0, df)
            assert 0.0 <= q <= prev, (df, k)
            prev = q


def test_never_nan():
    extremes = [1e308, -1e308, 1e-300, -1e-300, 0.0, -0.0, 1.5, -1.5, 38.5, -38.5,
                math.inf, -math.inf, 5e-324]
    for x in extremes:
        for v in (normal_cdf(x), normal_sf(x), two_sided_p(x)):
            assert finite(v) and 0.0 <= v <= 1.0, (x, v)
        for df in (1e-20, 0.5, 1, 7, 1e6):
            v = chi2_sf(x, df)
            assert finite(v) and 0.0 <= v <= 1.0, (x, df, v)
    # the smallest positive float (5e-324 in double precision), a subnormal,
    # SMALL, and the largest float below 1 (0.9999999999999999)
    for p in (TINY * EPS, 1e-320, SMALL, 0.5, 1.0 - EPS / 2.0):
        if p > 0.0:                                      # 1e-320 is 0.0 in single precision
            assert finite(normal_ppf(p)), p


def test_bad_input():
    nan = float("nan")
    for f in (normal_cdf, normal_sf, normal_ppf, two_sided_p):
        e = raises(DataError, f, nan)
        assert "is nan" in str(e), str(e)
        raises(DataError, f, "1")
        raises(DataError, f, None)
    for p in (-0.1, 1.5, math.inf, -math.inf):
        e = raises(DataError, normal_ppf, p)
        assert "probability" in str(e), str(e)
    for df in (0, -1.0, math.inf, nan, 2e6, True, "3"):
        e = raises(DataError, chi2_sf, 1.0, df)
        assert "df" in str(e), str(e)
    raises(DataError, chi2_sf, nan, 1)
    assert isinstance(raises(DataError, chi2_sf, 1.0, 0), ValueError)
