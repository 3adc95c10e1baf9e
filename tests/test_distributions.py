"""Tests of minilogit.distributions: the normal cdf, sf and quantile, and chi-squared sf.

Three kinds of check, each test stating its invariant in its docstring and
justifying its tolerance in a comment:

1. golden values, computed once with scipy (the reference implementation
   users compare against) and with mpmath at 40 digits (the truth, rounded
   to the nearest float), with the exact calls next to them;
2. identities, with Hypothesis: Phi(x) = erfc(-x / sqrt 2) / 2 against
   CPython's math.erfc, normal_ppf inverts normal_cdf, chi2_sf(x, 2) =
   e^(-x/2), chi2_sf(x, 1) = 2 (1 - Phi(sqrt x)), symmetry, monotonicity;
3. bad input: nan, p outside [0, 1], df <= 0: a DataError, never a nan.

EPS is the spacing of floats at 1.0 (2.2e-16). The accuracy the module
claims (its docstring table) is: normal_sf and normal_cdf 5e-15 relative,
normal_ppf 2e-15 relative, chi2_sf the bound ``chi2_bound`` below.
"""

import math
import sys

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from minilogit.distributions import chi2_sf, normal_cdf, normal_ppf, normal_sf, two_sided_p
from minilogit import DataError

EPS = sys.float_info.epsilon

# The claimed relative accuracies (module docstring).
SF_REL = 5e-15
PPF_REL = 2e-15

# Beyond |x| = 37.5 the normal tail is below 2.2e-308, a subnormal float with
# fewer significant bits: relative error bounds stop holding there.
NORMAL_RANGE = 37.5


def floats(lo, hi):
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def rel_err(got, want):
    return abs(got - want) / abs(want)


def chi2_bound(x, df):
    """The relative error chi2_sf claims for df >= 1 (its docstring): the
    rounding of the exponent a log y - y - lgamma(a), each term of size up to
    |term|, is magnified into relative error by exp."""
    a, y = 0.5 * df, 0.5 * x
    return 1e-14 + 2e-16 * (a * abs(math.log(y)) + y + abs(math.lgamma(a)))


# -- 1. golden values ------------------------------------------------------------
#
# scipy 1.17.1 (numpy 2.4.6), CPython 3.11, computed with
#     from scipy.stats import norm, chi2
#     float(norm.sf(x)); float(norm.ppf(p)); float(chi2.sf(x, df))
# mpmath 1.4.1 with mpmath.mp.dps = 40, rounded to the nearest float:
#     norm:  float(mpmath.ncdf(-mpmath.mpf(x)))
#     ppf:   float(mpmath.findroot(lambda t: mpmath.ncdf(t) - mpmath.mpf(p), x0)),
#            for p > 1/2 as minus the root for 1 - p (exact in floats)
#     chi2:  float(mpmath.gammainc(mpmath.mpf(df) / 2, mpmath.mpf(x) / 2,
#                                  mpmath.inf, regularized=True))

# (x, scipy norm.sf(x), mpmath 1 - Phi(x))
NORMAL_SF_GOLDEN = [
    (0.5, 0.3085375387259869, 0.3085375387259869),
    (1.0, 0.15865525393145707, 0.15865525393145705),
    (3.0, 0.0013498980316300933, 0.0013498980316300946),
    (10.0, 7.61985302416047e-24, 7.619853024160525e-24),
    (20.0, 2.7536241186061556e-89, 2.7536241186062337e-89),
    (37.0, 5.7255712225239266e-300, 5.725571222524577e-300),
    (-3.0, 0.9986501019683699, 0.9986501019683699),
]

# (p, scipy norm.ppf(p), mpmath Phi^-1(p))
NORMAL_PPF_GOLDEN = [
    (1e-300, -37.0470962993612, -37.0470962993612),
    (1e-10, -6.361340902404056, -6.361340902404057),
    (0.025, -1.9599639845400545, -1.9599639845400543),
    (0.3, -0.5244005127080409, -0.5244005127080408),
    (0.5, 0.0, 0.0),
    (0.975, 1.959963984540054, 1.9599639845400538),
    (0.999999, 4.753424308817087, 4.753424308817087),
]

# (x, df, scipy chi2.sf(x, df), mpmath Q(df/2, x/2))
CHI2_SF_GOLDEN = [
    (3.841458820694124, 1, 0.04999999999999989, 0.05000000000000006),
    (0.5, 1, 0.47950012218695337, 0.4795001221869535),
    (2.0, 2, 0.36787944117144245, 0.36787944117144233),
    (10.0, 5, 0.07523524614651217, 0.07523524614651218),
    (50.0, 10, 2.669083424904495e-07, 2.6690834249044957e-07),
    (200.0, 3, 4.218541107192018e-43, 4.2185411071920426e-43),
    (1000.0, 1, 1.7958327848007363e-219, 1.7958327848007262e-219),
    (100.0, 50, 3.454931382984871e-05, 3.454931382984864e-05),
    (0.01, 4, 0.9999875415886458, 0.9999875415886458),
    (30.0, 2.5, 6.747491852005865e-07, 6.747491852005869e-07),
    (1500.0, 100, 2.5254320288864825e-248, 2.52543202888637e-248),
    (5.0, 100, 1.0, 1.0),
]


@pytest.mark.parametrize("x, scipy_value, true_value", NORMAL_SF_GOLDEN)
def test_normal_sf_golden(x, scipy_value, true_value):
    """normal_sf and normal_cdf(-x) match mpmath to the claimed 5e-15, and scipy."""
    assert rel_err(normal_sf(x), true_value) <= SF_REL
    assert normal_cdf(-x) == normal_sf(x)          # the same computation
    # scipy's norm.sf (cephes ndtr/erfc) forms exp(-x^2/2) from a rounded x^2,
    # so its own relative error grows like EPS x^2/2: 7e-15 at x = 10, 1.1e-13
    # at x = 37 (see the mpmath column). 1e-16 x^2 + 1e-14 covers it and ours.
    assert rel_err(normal_sf(x), scipy_value) <= 1e-14 + 1e-16 * x * x


def test_normal_sf_10_to_full_precision():
    """The brief's check: 1 - Phi(10) = 7.6198530241605260660e-24 (mpmath) to 1e-14."""
    # 7.619853024160527e-24 is the value asked for; the float nearest to the
    # true value is 7.619853024160525e-24. Ours is within 3 ulps (4e-16) of it.
    assert rel_err(normal_sf(10.0), 7.619853024160527e-24) <= 1e-14
    assert rel_err(normal_sf(10.0), 7.6198530241605260660e-24) <= 1e-15


@pytest.mark.parametrize("p, scipy_value, true_value", NORMAL_PPF_GOLDEN)
def test_normal_ppf_golden(p, scipy_value, true_value):
    """normal_ppf matches mpmath to the claimed 2e-15 relative, and scipy to 4e-15."""
    x = normal_ppf(p)
    if true_value == 0.0:
        assert x == 0.0
        return
    assert rel_err(x, true_value) <= PPF_REL
    # scipy's ndtri is itself off by an ulp or two (1.959963984540054 for
    # 0.975 is one ulp above the nearest float): twice our bound covers both.
    assert rel_err(x, scipy_value) <= 2 * PPF_REL


@pytest.mark.parametrize("x, df, scipy_value, true_value", CHI2_SF_GOLDEN)
def test_chi2_sf_golden(x, df, scipy_value, true_value):
    """chi2_sf matches mpmath within its documented bound, and scipy within twice it."""
    assert rel_err(chi2_sf(x, df), true_value) <= chi2_bound(x, df)
    # scipy's chi2.sf (cephes igamc) rounds the same exponent a log y - y -
    # lgamma(a), so its error has the same bound (4.5e-14 of 2.5e-13 at
    # x = 1500, df = 100): the two can differ by twice the bound.
    assert rel_err(chi2_sf(x, df), scipy_value) <= 2 * chi2_bound(x, df)


def test_exact_values():
    """The values fixed by symmetry or by the limits are exact."""
    assert normal_cdf(0.0) == normal_sf(0.0) == 0.5
    assert normal_ppf(0.5) == 0.0
    assert normal_cdf(math.inf) == 1.0 and normal_cdf(-math.inf) == 0.0
    assert normal_sf(math.inf) == 0.0 and normal_sf(-math.inf) == 1.0
    assert normal_ppf(0.0) == -math.inf and normal_ppf(1.0) == math.inf
    assert normal_sf(40.0) == 0.0                  # 3.7e-350 underflows
    assert two_sided_p(0.0) == 1.0 and two_sided_p(math.inf) == 0.0
    assert chi2_sf(0.0, 3) == 1.0 and chi2_sf(-5.0, 3) == 1.0
    assert chi2_sf(math.inf, 3) == 0.0
    assert chi2_sf(5e-324, 3) == 1.0               # x/2 underflows to 0: no log(0)
    assert chi2_sf(5000.0, 3) == 0.0               # e^-2500 underflows
    assert chi2_sf(1e308, 3) == 0.0


def test_critical_values():
    """The familiar 5% critical values come back as 5%."""
    assert abs(two_sided_p(1.959963984540054) - 0.05) <= 1e-15
    assert abs(chi2_sf(3.841458820694124, 1) - 0.05) <= 1e-15
    assert abs(chi2_sf(5.991464547107979, 2) - 0.05) <= 1e-15
    # mpmath (as above): Phi^-1(0.95) = 1.6448536269514722 for the float 0.95
    assert rel_err(normal_ppf(0.95), 1.6448536269514722) <= PPF_REL


# -- 2. identities (Hypothesis) --------------------------------------------------

@given(floats(-NORMAL_RANGE, NORMAL_RANGE))
@example(0.0)
@example(1.5)                      # the switch from the series to the continued fraction
@example(1.4999999999999998)
@example(-1.5)
@example(8.3)                      # where 1 - Phi(x) would have no digit left
@example(NORMAL_RANGE)
@example(-NORMAL_RANGE)
def test_normal_agrees_with_math_erfc(x):
    """Phi(x) = erfc(-x / sqrt 2) / 2 and 1 - Phi(x) = erfc(x / sqrt 2) / 2 (CPython's libm)."""
    u = x / math.sqrt(2.0)
    # Tolerance: ours is within SF_REL; libm's erfc within a few EPS. But u is
    # rounded twice (sqrt 2 and the division): a relative error of 2 EPS in
    # u changes erfc(u) by a relative 2 u^2 * 2 EPS ~ 2 EPS x^2 in the tail
    # (d log erfc(u) / d log u ~ -2 u^2). Hence 1e-14 + 5e-16 x^2.
    tol = 1e-14 + 5e-16 * x * x
    assert rel_err(normal_cdf(x), 0.5 * math.erfc(-u)) <= tol
    assert rel_err(normal_sf(x), 0.5 * math.erfc(u)) <= tol


def test_normal_agrees_with_math_erfc_on_a_grid():
    """The same identity on x = k/16, |x| <= 37.5, which crosses every branch
    (and hits 1.5 and 40 exactly), with the argument of erfc exact-ish."""
    for k in range(-600, 601):
        x = k / 16.0
        u = x / math.sqrt(2.0)
        tol = 1e-14 + 5e-16 * x * x        # as in the Hypothesis test above
        assert rel_err(normal_sf(x), 0.5 * math.erfc(u)) <= tol, x


@given(floats(-NORMAL_RANGE, NORMAL_RANGE))
@example(1.5)
@example(-1.5)
def test_sf_and_cdf_are_complementary(x):
    """Phi(x) + (1 - Phi(x)) = 1, and Phi(-x) = 1 - Phi(x) exactly (by construction)."""
    assert normal_cdf(-x) == normal_sf(x)
    # One of the two is computed as 1/2 - s or 1 - t and the other as
    # 1/2 + s or t, so the sum is 1 up to two roundings near 1: 2 EPS.
    assert abs(normal_cdf(x) + normal_sf(x) - 1.0) <= 2 * EPS


@given(floats(1e-300, 0.5))
@example(1e-300)
@example(0.02425)                  # the edge of Acklam's central region
@example(0.024249999999999997)
@example(0.5)
@example(0.49999999999999994)
def test_normal_cdf_inverts_normal_ppf(p):
    """Phi(Phi^-1(p)) = p in the lower half, p >= 1e-300."""
    x = normal_ppf(p)
    # x is within PPF_REL |x|; Phi moves by a relative (phi(x)/Phi(x)) dx,
    # and phi/Phi <= |x| + 1 for x <= 0 (Mills' ratio R(t) >= 1/(t + 1)).
    # Add Phi's own SF_REL.
    tol = SF_REL + PPF_REL * abs(x) * (abs(x) + 1.0)
    assert rel_err(normal_cdf(x), p) <= tol


@given(floats(-NORMAL_RANGE, 0.0))
@example(0.0)
@example(-1.5)
@example(-1e-300)
def test_normal_ppf_inverts_normal_cdf(x):
    """Phi^-1(Phi(x)) = x for x <= 0 (the upper half is its mirror, next test)."""
    # Phi(x) is off by SF_REL Phi(x), which moves the quantile by
    # SF_REL Phi(x) / phi(x) = SF_REL R(-x) <= SF_REL * 1.26 (R(0) = 1.2533),
    # and normal_ppf adds its own PPF_REL |x|.
    assert abs(normal_ppf(normal_cdf(x)) - x) <= PPF_REL * abs(x) + 1.26 * SF_REL


@given(st.floats(0.5, 1.0, exclude_max=True))
@example(0.975)
@example(0.5000000000000001)
def test_normal_ppf_is_odd(p):
    """Phi^-1(p) = -Phi^-1(1 - p) exactly for p >= 1/2: 1 - p is exact there."""
    assert normal_ppf(p) == -normal_ppf(1.0 - p)


@given(floats(1e-300, 1400.0))
@example(2.0)                      # y = 1 < a + 1: the series branch
@example(4.0)                      # y = a + 1: the continued fraction
@example(1e-300)
@example(1400.0)
def test_chi2_sf_with_2_df_is_an_exponential(x):
    """chi2_sf(x, 2) = Q(1, x/2) = e^(-x/2)."""
    # math.exp(-x/2) is within an ulp (x/2 is exact); chi2_sf within its bound.
    assert rel_err(chi2_sf(x, 2), math.exp(-0.5 * x)) <= chi2_bound(x, 2) + EPS


@given(floats(1e-300, 1300.0))
@example(2.25)                     # sqrt(x) = 1.5: the normal's switch
@example(3.0)                      # y = a + 1 = 1.5: chi2's switch
@example(1e-300)
@example(1300.0)
def test_chi2_sf_with_1_df_is_a_two_sided_normal_tail(x):
    """chi2_sf(x, 1) = Q(1/2, x/2) = 2 (1 - Phi(sqrt x)) = two_sided_p(sqrt x)."""
    # Two independent computations: chi2_sf within chi2_bound, normal_sf
    # within SF_REL, plus the rounding of sqrt(x) (EPS/2 relative in t), which
    # moves 1 - Phi(t) by a relative t phi(t)/(1 - Phi(t)) * EPS/2 <= (t^2 + 1) EPS/2.
    tol = chi2_bound(x, 1) + SF_REL + (x + 1.0) * EPS / 2
    t = math.sqrt(x)
    assert rel_err(chi2_sf(x, 1), 2.0 * normal_sf(t)) <= tol
    assert two_sided_p(t) == two_sided_p(-t) == 2.0 * normal_sf(t)


@given(floats(-NORMAL_RANGE, NORMAL_RANGE), floats(1e-12, 10.0))
@example(1.5 - 1e-12, 1e-12)       # across the switch
@example(-1.5 - 1e-12, 1e-12)
def test_normal_cdf_is_monotone(x, h):
    """Phi(x) <= Phi(x + h) and 1 - Phi(x) >= 1 - Phi(x + h) for a step h >= 1e-12."""
    # Why 1e-12 suffices: a tail value phi(t) R(t) (t >= 1.5) has relative
    # error <= 5e-15 and falls by a relative >= t h >= 1.5e-12 over the step;
    # a central value 1/2 - s has absolute error ~1e-16 and moves by
    # >= phi(1.5) h = 1.3e-13; and 1 - tail is monotone because rounding is.
    # Where both sides round to the same float (0.0, 1.0), equality holds.
    assert normal_cdf(x) <= normal_cdf(x + h)
    assert normal_sf(x) >= normal_sf(x + h)


@given(floats(0.5, 100.0), floats(0.0, 1400.0), floats(1e-9, 1.0))
@example(2.0, 3.999999, 1e-6)      # across the switch at y = a + 1
@example(3.0, 4.999999, 1e-6)
def test_chi2_sf_decreases_in_x(df, x, g):
    """Q(df/2, x/2) >= Q(df/2, x (1 + g)/2) for a relative step g >= 1e-9."""
    # In the continued-fraction region (y >= a + 1) a relative step g moves Q
    # by a relative (x f(x) / Q) g >= ~g, far above chi2_bound (< 3e-13 here).
    # In the series region Q = 1 - P, and P grows by a relative ~a g >= 2.5e-10,
    # far above its own error (~1e-15); 1 - P is then monotone because
    # rounding is (equal when both round to 1.0).
    assert chi2_sf(x, df) >= chi2_sf(x * (1.0 + g), df)


@given(floats(0.5, 100.0), floats(0.01, 1000.0), floats(0.01, 10.0))
def test_chi2_sf_increases_in_df(df, x, d):
    """More degrees of freedom move mass to the right: Q(df/2, x/2) <= Q((df+d)/2, x/2)."""
    # d >= 0.01 changes Q by far more than the 3e-13 relative error, except
    # where Q rounds to 1.0 on both sides (equality is allowed).
    assert chi2_sf(x, df) <= chi2_sf(x, df + d)


@given(st.floats(allow_nan=False), st.floats(1e-300, 1e6))
@example(1e308, 1e6)
@example(-1e308, 1e-300)
@example(math.inf, 1.0)
@example(1.99, 1e-20)              # df < 1: P rounds to just above 1
def test_never_nan_and_always_a_probability(x, df):
    """Every function returns a number in [0, 1] (a finite quantile) for any non-nan input."""
    for value in (normal_cdf(x), normal_sf(x), two_sided_p(x), chi2_sf(x, df)):
        assert 0.0 <= value <= 1.0, (x, df, value)
    p = normal_cdf(x)
    if 0.0 < p < 1.0:
        assert math.isfinite(normal_ppf(p))


# -- 3. bad input ----------------------------------------------------------------

@pytest.mark.parametrize("f", [normal_cdf, normal_sf, normal_ppf, two_sided_p])
def test_nan_raises(f):
    """nan is not an argument: DataError naming the function."""
    with pytest.raises(DataError, match="is nan"):
        f(math.nan)


@pytest.mark.parametrize("p", [-0.1, 1.0000000000000002, 2.0, math.inf, -math.inf, -1e-300])
def test_normal_ppf_rejects_non_probabilities(p):
    """p outside [0, 1] raises DataError."""
    with pytest.raises(DataError, match="probability"):
        normal_ppf(p)


@pytest.mark.parametrize("df", [0, -1.0, 0.0, math.inf, math.nan, 2e6, True, "3", None])
def test_chi2_sf_rejects_bad_df(df):
    """df must be a number with 0 < df <= 1e6."""
    with pytest.raises(DataError, match="df"):
        chi2_sf(1.0, df)


@pytest.mark.parametrize("x", [math.nan, "1", None, True, 10 ** 400])
def test_chi2_sf_rejects_bad_x(x):
    """x must be a number (inf is fine, nan is not)."""
    with pytest.raises(DataError, match="x"):
        chi2_sf(x, 1)


def test_integers_and_fractions_are_accepted():
    """Any real number works as x, p or df, not just floats."""
    from fractions import Fraction
    assert normal_cdf(0) == 0.5
    assert normal_ppf(Fraction(1, 2)) == 0.0
    assert chi2_sf(2, 2) == chi2_sf(2.0, 2.0)
