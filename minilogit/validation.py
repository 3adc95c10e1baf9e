"""Checks of label and score sequences for the metrics and the pictures.

The checks of a model's data (rows, labels, weights, parameters) are the
core's, in ``minilogit.core.checks``; these build on them.

>>> check_numbers([1, 0.5], "y_score")
[1.0, 0.5]
"""

import math

from .core.checks import as_float, show_labels, sorted_labels
from .core.errors import DataError


def check_labels(y, name):
    """Return y as a non-empty list of labels; nan and inf are not labels.

    >>> check_labels(("a", "b"), "y_true")
    ['a', 'b']
    >>> check_labels([1, float("nan")], "y_pred")
    Traceback (most recent call last):
    ...
    minilogit.DataError: y_pred[1] is nan: labels must be finite
    """
    y = _sequence(y, name, "labels")
    for i in range(len(y)):
        if isinstance(y[i], float) and not math.isfinite(y[i]):
            raise DataError("%s[%d] is %r: labels must be finite" % (name, i, y[i]))
    return y


def check_numbers(v, name):
    """Return v as a non-empty list of finite floats.

    >>> check_numbers([1, 0.5], "y_score")
    [1.0, 0.5]
    >>> check_numbers([], "y_score")
    Traceback (most recent call last):
    ...
    minilogit.DataError: y_score is empty
    """
    v = _sequence(v, name, "numbers")
    return [as_float(v[i], "%s[%d]" % (name, i)) for i in range(len(v))]


def check_same_length(a, b, name_a, name_b):
    """Raise DataError unless the sequences a and b have the same length.

    >>> check_same_length([0, 1], [0.5], "a", "b")
    Traceback (most recent call last):
    ...
    minilogit.DataError: a has 2 entries but b has 1: they must pair up one to one
    """
    if len(a) != len(b):
        raise DataError("%s has %d entries but %s has %d: they must pair up one to one"
                        % (name_a, len(a), name_b, len(b)))


def check_binary_scores(y_true, y_score, positive, what):
    """Return (is_positive, scores): flags for a two-class y_true, and y_score as floats.

    ``positive`` is a function of the two sorted classes returning the
    positive one (or raising); ``what`` names the caller's result in the
    messages ("the AUC needs positive and negative examples"). y_true with
    one class or more than two raises DataError.

    >>> check_binary_scores(["no", "yes", "no"], [0.2, 0.9, 1], lambda c: c[1], "the AUC")
    ([False, True, False], [0.2, 0.9, 1.0])
    """
    y = check_labels(y_true, "y_true")
    s = check_numbers(y_score, "y_score")
    check_same_length(y, s, "y_true", "y_score")
    classes = sorted_labels(y, "y_true")
    if len(classes) == 1:
        raise DataError("y_true has only one class (%r): %s needs positive and negative "
                        "examples" % (classes[0], what))
    if len(classes) > 2:
        raise DataError("y_true has %d classes (%s): %s is for two classes"
                        % (len(classes), show_labels(classes), what))
    pos = positive(classes)
    return [t == pos for t in y], s


def _sequence(v, name, of):
    """Return v as a non-empty list; ``of`` says what it holds, for the message."""
    try:
        v = list(v)
    except TypeError:
        raise DataError("%s must be a sequence of %s, got %s" % (name, of, type(v).__name__))
    if not v:
        raise DataError("%s is empty" % name)
    return v
