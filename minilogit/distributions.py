"""The normal and chi-squared probabilities that statistical inference needs.

Wald tests turn z = beta_j / se_j into a p-value with the standard normal
distribution, confidence intervals need its quantile z_(1 - alpha/2), and
likelihood-ratio (deviance) tests need the chi-squared upper tail. All of it
is computed here from the formulas, without ``math.erf`` or ``math.erfc``,
so that the algorithm is on the page and the results agree across runtimes:
``math.exp``, ``log``, ``sqrt`` and ``lgamma`` are the only library
functions used. A runtime whose versions of these differ in their last
bits moves the results by about as much; chi2_sf, whose exponent
a log y - y - lgamma(a) can be large, the most (see its docstring).

===============  ==============================================  ============
function         value                                           rel. error
===============  ==============================================  ============
normal_cdf       Phi(x) = P(Z <= x), Z ~ N(0, 1)                 < 5e-15
normal_sf        1 - Phi(x) = P(Z > x), computed directly        < 5e-15
normal_ppf       the quantile: normal_cdf(normal_ppf(p)) = p     < 2e-15
two_sided_p      P(|Z| >= |z|) = 2 (1 - Phi(|z|))                < 5e-15
chi2_sf          P(X >= x), X chi-squared with df degrees of     ~1e-14 (*)
                 freedom: the upper incomplete gamma Q(df/2, x/2)
===============  ==============================================  ============

The probit link of ``minilogit.glm.links`` also takes two functions from
here: ``log_normal_cdf(x)`` = log Phi(x) and ``normal_hazard(x)`` =
phi(x) / Phi(x), both finite for every finite x (tests/test_glm.py checks
them against scipy's log_ndtr).

Notation: Phi is the standard normal cdf, phi(x) = e^(-x^2/2) / sqrt(2 pi)
its density, R(x) = (1 - Phi(x)) / phi(x) Mills' ratio; P(a, x) and
Q(a, x) = 1 - P(a, x) are the regularised lower and upper incomplete gamma
functions, and a chi-squared variable with df degrees of freedom satisfies
P(X >= x) = Q(df/2, x/2).

The errors are the largest seen against 40-digit mpmath values on dense
grids; tests/test_distributions.py checks them against math.erfc, scipy and
mpmath values. (*) chi2_sf's error grows with x and df, to about 1e-13 at
x = 1000 (see its docstring). Results below 2.2e-308 (subnormal floats)
lose relative accuracy, as they must, and below 5e-324 they are 0.0.

Exceptions: ``DataError`` for nan, for a p outside [0, 1], for a df that is
not a number with 0 < df <= 1e6, and for bools and strings. Infinite x is
fine where the answer is defined (``normal_cdf(inf) = 1.0``,
``chi2_sf(inf, df) = 0.0``). No function here returns nan, except the two
probit helpers: they sit in the fitting loop and take x as given, unchecked.

>>> round(normal_cdf(1.959963984540054), 12)
0.975
>>> "%.12g" % normal_sf(10.0)
'7.61985302416e-24'
>>> round(normal_ppf(0.975), 15)
1.959963984540054
>>> round(chi2_sf(3.841458820694124, 1), 12)
0.05
"""

import math

from .core.compat import EPS, INF, TINY, log1p
from .core.errors import DataError

_SQRT_2PI = 2.5066282746310002          # sqrt(2 pi)

# 1 - Phi(x) is 1/2 minus a series for |x| < _SERIES_MAX, and Mills' ratio
# times phi(x) beyond. The subtraction magnifies the series' rounding error by
# 1/2 / (1 - Phi(x)): 7.5 times at x = 1.5, 22 times at x = 2. The continued
# fraction for Mills' ratio needs more terms the smaller x is: 170 at
# x = 1.5, 360 at x = 1. The cut-off keeps both errors below 5e-15.
_SERIES_MAX = 1.5

# phi(x) underflows to 0.0 (and so does 1 - Phi(x)) for x above about 38.6.
_PHI_ZERO = 40.0


def _number(x, what, allow_inf=True):
    """Return x as a float; raise DataError for nan (and for +-inf unless allowed)."""
    if isinstance(x, bool) or isinstance(x, (str, bytes)):
        raise DataError("%s must be a number, got %r" % (what, x))
    try:
        x = float(x)
    except (TypeError, ValueError, OverflowError):   # OverflowError: float(10**400)
        raise DataError("%s must be a number, got %r" % (what, x))
    if math.isnan(x):
        raise DataError("%s is nan" % what)
    if not allow_inf and math.isinf(x):
        raise DataError("%s is %r: it must be finite" % (what, x))
    return x


# -- the normal distribution ---------------------------------------------------

def _phi(x):
    """Return the normal density phi(x) = e^(-x^2/2) / sqrt(2 pi), accurate in the tail.

    exp magnifies the rounding error of its argument: x^2/2 = 50 at x = 10
    carries an error of about 50 * 1.1e-16, which becomes a relative error
    of 5.5e-15 in e^(-50). So x^2 is split as xs^2 + d, where xs is x
    rounded down to a multiple of 1/16 (xs^2 is then exact) and
    d = (x - xs)(x + xs) is small: e^(-x^2/2) = e^(-xs^2/2) e^(-d/2)
    (the trick of Cody's ANORM, Cody 1993, ACM TOMS 19, 22-32).
    """
    x = abs(x)
    if x >= _PHI_ZERO:
        return 0.0
    xs = float(int(x * 16.0)) / 16.0
    d = (x - xs) * (x + xs)             # x^2 - xs^2 without cancellation
    return math.exp(-0.5 * xs * xs) * math.exp(-0.5 * d) / _SQRT_2PI


def _phi_minus_half(x):
    """Return Phi(x) - 1/2 by the series

        Phi(x) - 1/2 = phi(x) (x + x^3/3 + x^5/(3*5) + x^7/(3*5*7) + ...)

    (Marsaglia 2004, "Evaluating the normal distribution", J. Stat. Softw.
    11(4)). For x > 0 every term is positive, so the sum is accurate to a
    few roundings; term k+1 = term k * x^2/(2k+1) once 2k+1 > x^2.
    """
    x2 = x * x
    term = total = x
    k = 1
    while abs(term) > EPS * abs(total):
        k += 2
        term *= x2 / k                  # x^k / (1*3*5*...*k)
        total += term
    return _phi(x) * total


def _mills_ratio(x):
    """Return Mills' ratio R(x) = (1 - Phi(x)) / phi(x), for x >= 1.5, by Laplace's
    continued fraction

        R(x) = 1/(x + 1/(x + 2/(x + 3/(x + ...))))

    evaluated front to back with the modified Lentz method (Lentz 1976,
    Applied Optics 15, 668; Press et al., Numerical Recipes, 3rd ed., 5.2):
    f_n = f_(n-1) C_n D_n with C_n = b + a_n / C_(n-1), D_n = 1 / (b + a_n D_(n-1)),
    here for 1/R = x + 1/(x + 2/(x + ...)), so b = x and a_n = n. Every
    a_n and b is positive, so no C_n or D_n can vanish. It takes about 170
    terms at x = 1.5, 100 at x = 2, 25 at x = 5, 8 at x = 37.
    """
    f = C = x                           # f_0 = b_0 = x
    D = 0.0
    for n in range(1, 1000):
        D = 1.0 / (x + n * D)
        C = x + n / C
        delta = C * D
        f *= delta
        if abs(delta - 1.0) <= EPS:
            return 1.0 / f
    raise ArithmeticError("Mills' ratio continued fraction did not converge at x = %r" % x)


def normal_sf(x):
    """Return the upper tail 1 - Phi(x) = P(Z > x) of the standard normal, computed directly.

    Subtracting Phi(x) from 1 would lose every digit beyond x = 8.3; instead

    - for |x| < 1.5:  1 - Phi(x) = 1/2 - (Phi(x) - 1/2), by Marsaglia's series;
    - for x >= 1.5:   1 - Phi(x) = phi(x) R(x), Mills' ratio R by Laplace's
      continued fraction (modified Lentz), and phi(x) with x^2 split as in
      Cody's ANORM so that the exponential is accurate;
    - for x <= -1.5:  1 - Phi(x) = 1 - phi(x) R(-x), by symmetry.

    The relative error is below 5e-15 wherever the result is a normal
    float (x < 37.5); beyond x = 38.5 the result underflows to 0.0.
    ``normal_sf(inf) = 0.0``; nan raises ``DataError``.

    >>> normal_sf(0.0)
    0.5
    >>> "%.12g" % normal_sf(10.0)
    '7.61985302416e-24'
    >>> normal_sf(40.0), normal_sf(-float("inf"))
    (0.0, 1.0)
    """
    x = _number(x, "normal_sf: x")
    if x >= _SERIES_MAX:
        if x >= _PHI_ZERO:              # includes +inf
            return 0.0
        return _phi(x) * _mills_ratio(x)
    if x <= -_SERIES_MAX:
        if x <= -_PHI_ZERO:
            return 1.0
        return 1.0 - _phi(x) * _mills_ratio(-x)     # 1 - Phi(x) = 1 - (1 - Phi(-x))
    return 0.5 - _phi_minus_half(x)


def normal_cdf(x):
    """Return Phi(x) = P(Z <= x) for a standard normal Z.

    Phi(x) = 1 - Phi(-x) = normal_sf(-x), so the lower tail is as accurate
    as the upper one: ``normal_cdf(-10)`` is 7.6e-24 to full precision.
    ``normal_cdf(inf) = 1.0``, ``normal_cdf(-inf) = 0.0``; nan raises
    ``DataError``.

    >>> normal_cdf(0.0)
    0.5
    >>> round(normal_cdf(1.0), 12)
    0.841344746069
    >>> "%.12g" % normal_cdf(-10.0)
    '7.61985302416e-24'
    >>> normal_cdf(float("nan"))
    Traceback (most recent call last):
    ...
    minilogit.DataError: normal_cdf: x is nan
    """
    x = _number(x, "normal_cdf: x")
    return normal_sf(-x)


def two_sided_p(z):
    """Return the two-sided p-value P(|Z| >= |z|) = 2 (1 - Phi(|z|)) of a z statistic.

    >>> round(two_sided_p(1.959963984540054), 12)
    0.05
    >>> two_sided_p(0.0), two_sided_p(-float("inf"))
    (1.0, 0.0)
    """
    z = _number(z, "two_sided_p: z")
    return 2.0 * normal_sf(abs(z))


# Acklam's rational approximation to the inverse of Phi (P. J. Acklam, "An
# algorithm for computing the inverse normal cumulative distribution
# function", 2003): relative error below 1.15e-9 before refinement.
_A = (-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
      1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00)
_B = (-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
      6.680131188771972e+01, -1.328068155288572e+01)
_C = (-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
      -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00)
_D = (7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
      3.754408661907416e+00)
_P_LOW = 0.02425


def _horner(coefficients, t):
    """Return c_0 t^(n-1) + c_1 t^(n-2) + ... + c_(n-1), by Horner's rule."""
    value = 0.0
    for c in coefficients:
        value = value * t + c
    return value


def _lower_ppf(p):
    """Return Phi^-1(p) for 0 < p <= 1/2: Acklam's estimate, then one Halley step."""
    if p < _P_LOW:                      # lower tail: a rational function of q = sqrt(-2 log p)
        q = math.sqrt(-2.0 * math.log(p))
        x = _horner(_C, q) / (_horner(_D, q) * q + 1.0)
    else:                               # central region: q times a rational function of q^2
        q = p - 0.5
        r = q * q
        x = q * _horner(_A, r) / (_horner(_B, r) * r + 1.0)
    # The error e = Phi(x) - p, each way computed without cancellation:
    if x <= -_SERIES_MAX:
        e = normal_cdf(x) - p           # Phi(x) = phi(x) R(-x), accurate to ~1e-15 relative
    else:
        e = _phi_minus_half(x) - (p - 0.5)   # (Phi(x) - 1/2) - (p - 1/2): both small near x = 0
    density = _phi(x)
    if density == 0.0:                  # a guard only: phi(x) > 0 for every p >= 5e-324
        return x
    # Halley's step for Phi(x) - p = 0, using Phi' = phi and Phi'' = -x phi:
    # x_new = x - u / (1 + x u / 2) with u = (Phi(x) - p) / phi(x). From
    # Acklam's relative error 1e-9 it reaches full precision in one step.
    u = e / density
    return x - u / (1.0 + 0.5 * x * u)


def normal_ppf(p):
    """Return the quantile x = Phi^-1(p) of the standard normal: normal_cdf(x) = p.

    Acklam's rational approximation (relative error below 1.15e-9), then
    one step of Halley's method on Phi(x) - p = 0 with this module's
    Phi, which brings the relative error below 2e-15. (For a subnormal p,
    below 2.2e-308, Phi(x) - p is lost in the coarse spacing of subnormal
    floats and the result keeps Acklam's 9 digits.) For p > 1/2 it returns
    -normal_ppf(1 - p), where 1 - p is exact, so that upper quantiles are
    as accurate as lower ones.

    ``normal_ppf(0) = -inf`` and ``normal_ppf(1) = inf``; a p outside
    [0, 1] (or nan) is not a probability and raises ``DataError``.

    >>> normal_ppf(0.975)              # scipy 1.17: 1.959963984540054, 1 ulp above
    1.9599639845400538
    >>> normal_ppf(0.5), normal_ppf(0.0), normal_ppf(1.0)
    (0.0, -inf, inf)
    >>> normal_ppf(1.5)
    Traceback (most recent call last):
    ...
    minilogit.DataError: normal_ppf needs a probability 0 <= p <= 1, got 1.5
    """
    p = _number(p, "normal_ppf: p")
    if not 0.0 <= p <= 1.0:
        raise DataError("normal_ppf needs a probability 0 <= p <= 1, got %r" % (p,))
    if p == 0.0 or p == 1.0:
        return (p - 0.5) * INF     # Phi^-1(0) = -inf, Phi^-1(1) = inf
    if p > 0.5:
        return -_lower_ppf(1.0 - p)     # Phi^-1(p) = -Phi^-1(1 - p)
    return _lower_ppf(p)


# -- log Phi and phi / Phi, for the probit link --------------------------------

# Below this x, Phi(x) < e^(-x^2/2) falls within a factor EPS of the smallest
# normal float (Phi(-37) ~ 6e-300 in double precision, Phi(-12) ~ 2e-33 in
# single) and is about to lose digits as a subnormal: from there on log Phi
# and phi / Phi come from the asymptotic series of Mills' ratio. It is the
# first whole x beyond e^(-x^2/2) = TINY / EPS: -37 (double), -12 (single).
_LOG_CDF_TAIL = -float(math.ceil(math.sqrt(-2.0 * math.log(TINY / EPS))))


def _normal_pdf(x):
    """phi(x) = e^(-x^2 / 2) / sqrt(2 pi), the formula as written (0.0 far out).

    Unlike ``_phi`` it does not split x^2, so the rounding of x^2 / 2 gives
    it a relative error of up to about x^2 EPS / 2, some 1e-13 near
    |x| = 37 in double precision. The probit link's slope and
    ``normal_hazard`` use it.
    """
    return math.exp(-0.5 * x * x) / _SQRT_2PI


def _mills_series(x):
    """S(x) = Phi(x) (-x) / phi(x) = -x R(-x) for x <= _LOG_CDF_TAIL, from the
    asymptotic series 1 - 1/x^2 + 3/x^4 - 15/x^6 + ... (Abramowitz and Stegun
    26.2.12).

    The first omitted term, 135135 / x^14, is below 2e-17 at |x| >= 37 and
    below 1e-10 at |x| >= 12, so the truncation is exact to the precision
    of the float (double and single) wherever it is used.
    """
    t = 1.0 / (x * x)
    return 1.0 - t * (1.0 - 3.0 * t * (1.0 - 5.0 * t * (1.0 - 7.0 * t * (
        1.0 - 9.0 * t * (1.0 - 11.0 * t)))))


def log_normal_cdf(x):
    """Return log Phi(x), finite and accurate for every finite x.

    Phi(x) is Q(-x), the upper tail; for x > 0, log Phi(x) = log(1 - Q(x))
    through log1p; below x = -37 (Phi(x) < 1e-299; -12 in single precision),
    the asymptotic series
    log Phi(x) = -x^2/2 - log(-x sqrt(2 pi)) + log S(x).

    >>> round(log_normal_cdf(0.0), 15) == round(-math.log(2.0), 15)
    True
    >>> round(log_normal_cdf(-40.0), 6)                  # Phi(-40) ~ 1e-350 underflows
    -804.608442
    """
    if x > 0.0:
        return log1p(-normal_sf(x))
    if x > _LOG_CDF_TAIL:
        return math.log(normal_sf(-x))
    return -0.5 * x * x - math.log(-x * _SQRT_2PI) + math.log(_mills_series(x))


def normal_hazard(x):
    """Return phi(x) / Phi(x) = d/dx log Phi(x), finite for every finite x.

    It tends to 0 as x grows and to -x as x falls (the inverse Mills ratio).

    >>> round(normal_hazard(0.0), 12) == round(2.0 / math.sqrt(2.0 * math.pi), 12)
    True
    >>> round(normal_hazard(-40.0), 6)
    40.024969
    """
    if x > _LOG_CDF_TAIL:
        return _normal_pdf(x) / normal_sf(-x)
    return -x / _mills_series(x)


# -- the chi-squared distribution ----------------------------------------------

# Above this df the three terms of the exponent a log y - y - lgamma(a),
# each about a log a, leave a relative error of 1e-9 (at df = 1e6) and the
# series needs 8 sqrt(a) terms: chi2_sf refuses larger df.
_DF_MAX = 1e6


def _max_terms(a):
    """A safe bound on the terms either expansion needs, with a wide margin.

    Where the series is used (y < a + 1) its n-th term is at worst about
    e^(-n^2 / (2a)) times the first, which falls below EPS after about
    8.5 sqrt(a) terms; the continued fraction, used for y >= a + 1, needs
    fewer.
    """
    return 1000 + 20 * int(math.sqrt(a))


def _gamma_series(a, y):
    """Return P(a, y) for y < a + 1 by the series (Numerical Recipes' gser)

        P(a, y) = y^a e^-y / Gamma(a + 1) * (1 + y/(a+1) + y^2/((a+1)(a+2)) + ...)

    All terms are positive and shrink by y/(a + n) < 1 from the first on.
    """
    term = total = 1.0
    for n in range(1, _max_terms(a)):
        term *= y / (a + n)
        total += term
        if term <= EPS * total:
            return math.exp(a * math.log(y) - y - math.lgamma(a + 1.0)) * total
    raise ArithmeticError("incomplete gamma series did not converge (a = %r, y = %r)" % (a, y))


def _gamma_continued_fraction(a, y):
    """Return Q(a, y) for y >= a + 1 by the continued fraction (Numerical Recipes' gcf)

        Q(a, y) = y^a e^-y / Gamma(a) * 1/(y+1-a - 1(1-a)/(y+3-a - 2(2-a)/(y+5-a - ...)))

    evaluated front to back by the modified Lentz method, with
    b_n = y + 2n + 1 - a and a_n = -n (n - a). Here the a_n can be
    negative, so a C_n or D_n can come out (near) zero: Lentz's rule
    replaces it by a tiny number, TINY / EPS (Numerical Recipes' FPMIN),
    whose reciprocal is still 1/EPS below the float's limit. For an integer
    a the fraction ends: a_n vanishes at n = a, and delta = 1 exactly.
    """
    tiny = TINY / EPS
    b = y + 1.0 - a
    C = 1.0 / tiny
    D = 1.0 / b
    h = D
    for n in range(1, _max_terms(a)):
        an = -n * (n - a)
        b += 2.0
        D = an * D + b
        if abs(D) < tiny:
            D = tiny
        C = b + an / C
        if abs(C) < tiny:
            C = tiny
        D = 1.0 / D
        delta = C * D
        h *= delta
        if abs(delta - 1.0) <= EPS:
            return math.exp(a * math.log(y) - y - math.lgamma(a)) * h
    raise ArithmeticError("incomplete gamma continued fraction did not converge"
                          " (a = %r, y = %r)" % (a, y))


def chi2_sf(x, df):
    """Return P(X >= x) for X chi-squared with df degrees of freedom: Q(df/2, x/2).

    Q(a, y) is the regularised upper incomplete gamma function, computed by
    Numerical Recipes' scheme (Press et al., 3rd ed., 6.2): for y < a + 1
    the series for P(a, y), which converges fast there, and Q = 1 - P (Q is
    not small there, so nothing cancels); otherwise the continued fraction
    for Q(a, y) itself, which keeps its relative accuracy far into the tail.
    The factor y^a e^-y / Gamma(a) is exp(a log y - y - lgamma(a)).

    Accuracy: with a = df/2 and y = x/2, the relative error stays below
    1e-14 + 2e-16 (a |log y| + y + |lgamma(a)|) for df >= 1: the rounding
    of the exponent's three terms, which exp turns into relative error.
    That is 6e-15 for ``chi2_sf(200, 3)`` and about 1e-13 near x = 1000.
    In the tail the y term dominates, and there rounding x itself to a
    float changes the true value as much. For large df the error grows like
    1e-16 df log df (1e-9 at df = 1e6), so a larger df is refused; for
    df < 1, where Q can be close to 0 in the series region, the absolute
    error is about 1e-15.

    ``chi2_sf(x, df) = 1.0`` for x <= 0 and ``0.0`` for x = inf; df must be
    a number with 0 < df <= 1e6 (it need not be an integer), otherwise
    ``DataError``.

    >>> round(chi2_sf(2.0, 2), 14), round(math.exp(-1.0), 14)   # df = 2: Q = e^(-x/2)
    (0.36787944117144, 0.36787944117144)
    >>> "%.12g" % chi2_sf(200.0, 3)
    '4.21854110719e-43'
    >>> chi2_sf(0.0, 4), chi2_sf(float("inf"), 4)
    (1.0, 0.0)
    >>> chi2_sf(1.0, 0)
    Traceback (most recent call last):
    ...
    minilogit.DataError: chi2_sf needs degrees of freedom 0 < df <= 1e6, got 0.0
    """
    x = _number(x, "chi2_sf: x")
    df = _number(df, "chi2_sf: df", allow_inf=False)
    if not 0.0 < df <= _DF_MAX:
        raise DataError("chi2_sf needs degrees of freedom 0 < df <= 1e6, got %r" % (df,))
    if x <= 0.0:
        return 1.0
    if math.isinf(x):
        return 0.0
    a, y = 0.5 * df, 0.5 * x
    if y == 0.0:                        # x = 5e-324: x/2 underflows, and Q(a, 0) = 1
        return 1.0
    if y < a + 1.0:
        # For df < 1, P can round to just above 1 where Q is below 1e-16.
        return max(0.0, 1.0 - _gamma_series(a, y))
    return _gamma_continued_fraction(a, y)
