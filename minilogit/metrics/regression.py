"""Metrics of a regression fit: R^2 and the residual standard error, eq. (4).

Notation as in ``minilogit.metrics``: y (true values), yhat (fitted
values), N (the number of examples), p (the number of features).
"""

import math

from ..core.errors import DataError
from ..core.checks import check_number
from ..validation import check_numbers, check_same_length
from ..core.compat import INF


def _rss(y_true, y_pred):
    """(y, RSS) for two equal-length lists of finite numbers."""
    y, yhat = check_numbers(y_true, "y_true"), check_numbers(y_pred, "y_pred")
    check_same_length(y, yhat, "y_true", "y_pred")
    rss = sum((t - q) * (t - q) for t, q in zip(y, yhat))    # (** 2 raises OverflowError)
    if not rss < INF:
        raise DataError("the residual sum of squares overflows a float: y_true and y_pred "
                        "have values as large as %r; rescale them"
                        % max(abs(v) for v in y + yhat))
    return y, rss


def r2_score(y_true, y_pred):
    """Return R^2 = 1 - RSS / TSS, eq. (4): the share of y's variance the fit explains.

    RSS = sum (y_i - yhat_i)^2 is what the fit leaves; TSS = sum (y_i - ybar)^2
    what was there to explain. R^2 is 1 for a perfect fit, 0 for predicting
    the mean, negative for worse than that.

    A constant y_true has TSS = 0 and R^2 = RSS/0 is undefined: this raises
    ``DataError``. (scikit-learn returns 1.0 for a perfect fit there and 0.0
    otherwise; a number that looks like a measurement but is a convention
    would hide that there was no variance to explain.)

    >>> r2_score([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 2.5, 4.0])   # RSS 0.5, TSS 5
    0.9
    >>> r2_score([2.0, 2.0], [2.0, 2.0])
    Traceback (most recent call last):
    ...
    minilogit.DataError: y_true is constant (2.0): R^2 = 1 - RSS/TSS is undefined (TSS = 0)
    """
    y, rss = _rss(y_true, y_pred)
    if all(t == y[0] for t in y):
        raise DataError("y_true is constant (%r): R^2 = 1 - RSS/TSS is undefined (TSS = 0)"
                        % (y[0],))
    ybar = sum(y) / len(y)
    tss = sum((t - ybar) * (t - ybar) for t in y)
    if not 0.0 < tss < INF:
        raise DataError("y_true's total sum of squares TSS is %r (its values are too %s for a "
                        "float): R^2 = 1 - RSS/TSS is undefined; rescale y"
                        % (tss, "small" if tss == 0.0 else "large"))
    return 1.0 - rss / tss                                # eq. (4): R^2 = 1 - RSS / TSS


def residual_standard_error(y_true, y_pred, n_params):
    """Return RSE = sqrt(RSS / (N - n_params)), eq. (4) with n_params = p + 1.

    n_params counts every fitted parameter, the intercept included (2 for a
    line a + b x, as in lecture 003's RSS / (n - 2)). It estimates the
    standard deviation of the noise; N - n_params must be at least 1.

    >>> residual_standard_error([1.0, 2.0, 3.0, 4.0], [1.5, 2.0, 2.5, 4.0], n_params=2)
    0.5
    >>> residual_standard_error([1.0, 2.0], [1.0, 2.0], n_params=2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: residual_standard_error needs more examples (2) than parameters (2)
    """
    check_number(n_params, "n_params", "a whole number >= 0", lambda v: v >= 0, integer=True)
    y, rss = _rss(y_true, y_pred)
    if len(y) <= n_params:
        raise DataError("residual_standard_error needs more examples (%d) than parameters (%d)"
                        % (len(y), n_params))
    return math.sqrt(rss / (len(y) - n_params))      # eq. (4): RSE = sqrt(RSS / (N - p - 1))
