"""The exceptions and warnings minilogit raises.

Errors derive from ``ValueError`` or ``ArithmeticError`` so that callers can
catch them with the builtin they already expect; warnings derive from
``UserWarning`` (a stand-in class on MicroPython, which has none).

>>> issubclass(DataError, ValueError), issubclass(SingularMatrixError, ArithmeticError)
(True, True)
>>> issubclass(SeparationWarning, UserWarning)
True

Each class names itself ``minilogit.<Name>``, where users import it from.
"""

from .compat import _NotFitted, _UserWarning


def shown(x, holds, digits=2):
    """x printed to the fewest significant digits (``digits`` at least) of which
    ``holds`` is true: a message's sentence then holds for the number it prints.

    >>> shown(9.36e-14, lambda v: v >= 9.36e-14), shown(2.0791, lambda v: v > 2.079, 4)
    ('9.4e-14', '2.0791')
    """
    for d in range(digits, 18):
        text = ("%." + str(d) + "g") % x
        if holds(float(text)):
            return text
    return repr(x)


class DataError(ValueError):
    """Input that cannot be used: ragged rows, nan, one class only, ...

    >>> raise DataError("X is empty")
    Traceback (most recent call last):
    ...
    minilogit.DataError: X is empty
    """

    __module__ = "minilogit"


class NotFittedError(_NotFitted):
    """An estimator was asked to predict before ``fit`` (a ValueError; on CPython
    also an AttributeError, as scikit-learn's ``NotFittedError`` is).

    >>> raise NotFittedError("call fit(X, y) first")
    Traceback (most recent call last):
    ...
    minilogit.NotFittedError: call fit(X, y) first
    """

    __module__ = "minilogit"


class InferenceError(ValueError):
    """Standard errors, p-values or intervals were asked of a fit where they
    are not valid (a penalised fit, or one whose estimate does not exist).

    >>> raise InferenceError("the fit is penalised")
    Traceback (most recent call last):
    ...
    minilogit.InferenceError: the fit is penalised
    """

    __module__ = "minilogit"


class SingularMatrixError(ArithmeticError):
    """Gauss-Jordan elimination found a column with no usable pivot.

    ``column`` is the index (from 0) of the column that depends on the
    columns before it (column 0, with none before it, is all 0).

    >>> SingularMatrixError("no pivot", column=2).column
    2
    """

    __module__ = "minilogit"

    def __init__(self, message, column=None):
        super().__init__(message)   # MicroPython: ArithmeticError has no __init__ attribute
        self.column = column


class DivergenceError(ArithmeticError):
    """Gradient descent made the loss grow: the learning rate is too large.

    ``history`` holds the loss values up to and including the bad step.

    >>> DivergenceError("loss grew", history=[1.0, 2.0]).history
    [1.0, 2.0]
    """

    __module__ = "minilogit"

    def __init__(self, message, history=None):
        super().__init__(message)   # MicroPython: ArithmeticError has no __init__ attribute
        self.history = history


class ConvergenceWarning(_UserWarning):
    """A solver stopped at ``max_iter`` before its convergence test passed.

    >>> issubclass(ConvergenceWarning, UserWarning)
    True
    """

    __module__ = "minilogit"


class SeparationWarning(_UserWarning):
    """The classes are (quasi-)completely separated: the MLE does not exist.

    >>> issubclass(SeparationWarning, UserWarning)
    True
    """

    __module__ = "minilogit"
