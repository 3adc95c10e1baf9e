"""Checks that turn user input into clean rows of floats, or say what is wrong.

Every message names the argument and the place (row, column) of the
problem, so that bad data gets a ``DataError`` at the door, never a
``TypeError`` or a ``nan`` from deep inside a solver. ``check_number`` is
the one check of a single numeric parameter (``max_iter``, ``lam``, ...).

>>> check_X([[1, 2.5], [3, 4]])
[[1.0, 2.5], [3.0, 4.0]]
>>> check_X([[1, float("nan")]])
Traceback (most recent call last):
...
minilogit.DataError: X[0][1] is nan: every entry must be a finite number, not NaN or infinity
"""

import math

from .compat import BOARD, INF, LOCK, TINY
from .errors import DataError
from .matrix import Matrix, dot, fill


_FLOAT, _LIST = set((float,)), set((list,))


def as_float(v, where):
    """Return float(v) for a finite real number v; raise DataError otherwise.

    ``where`` names the entry in the message (e.g. "X[2][0]"). Bools and
    strings are not numbers here, though float() would take them.

    >>> as_float(3, "x")
    3.0
    >>> as_float(True, "y[0]")
    Traceback (most recent call last):
    ...
    minilogit.DataError: y[0] is True: every entry must be a finite number
    """
    try:
        f = float(None if isinstance(v, (bool, str, bytes)) else v)
    except (TypeError, ValueError, OverflowError):
        raise DataError("%s is %r%s: every entry must be a finite number"
                        % (where, v, " (missing)" * missing(v)))
    if not math.isfinite(f):
        raise DataError("%s is %r: every entry must be a finite number, not NaN or infinity"
                        % (where, f))
    return f


def missing(v):
    """Whether v marks a missing value: None, NaN (numpy's too) or pandas' NA.

    >>> missing(None), missing(float("nan")), missing(0.0), missing("")
    (True, True, False, False)
    """
    return v is None or type(v).__name__ == "NAType" or (isinstance(v, float) and v != v)


def check_X(X, n_features=None, name="X"):
    """Return X (a Matrix or a sequence of rows) as a list of rows of floats.

    A row that is a list of floats already is returned as it is, not
    copied, and so is a list of such rows: read them, do not change them
    (on a board, a copy of the list is N slots of heap in one piece). Raises ``DataError`` for
    empty data, ragged rows, entries that are not finite numbers (bools and
    strings included), and, when ``n_features`` is given, a different
    number of columns.

    >>> check_X([[1.0], [2.0, 3.0]])
    Traceback (most recent call last):
    ...
    minilogit.DataError: X row 1 has 2 columns, row 0 has 1
    >>> check_X([[1.0, 2.0]], n_features=3)
    Traceback (most recent call last):
    ...
    minilogit.DataError: X has 2 columns, the model was fitted with 3
    """
    if isinstance(X, Matrix):
        X = X.rows
    try:        # a list of rows that are lists or tuples is read in place, not copied
        rows = X if type(X) is list and all(isinstance(r, (list, tuple)) for r in X) else [
            r if isinstance(r, (list, tuple)) else list(r) for r in X]
    except TypeError:
        raise DataError("%s must be a list of rows (lists of numbers), got %s"
                        % (name, type(X).__name__))
    if not rows:
        raise DataError("%s is empty: it has no rows" % name)
    p = len(rows[0])
    if p == 0:
        raise DataError("%s has rows but no columns" % name)
    for i in range(len(rows)):          # row i replaced if need be, in a list of our own
        row = rows[i]
        if len(row) != p:
            raise DataError("%s row %d has %d columns, row 0 has %d" % (name, i, len(row), p))
        # A list of floats whose sum is finite (an inf or nan would make it inf or nan)
        # is kept, not copied; anything else goes entry by entry, to say which is wrong.
        if not (type(row) is list and set(map(type, row)) == _FLOAT
                and math.isfinite(sum(row))):
            rows = list(rows) if rows is X else rows          # X itself is never changed
            rows[i] = [as_float(row[j], "%s[%d][%d]" % (name, i, j)) for j in range(p)]
    if n_features is not None and p != n_features:
        raise DataError("%s has %d columns, the model was fitted with %d" % (name, p, n_features))
    return rows


def float_columns(rows):
    """(the columns of ``rows``, their sums of squares) when ``rows`` (a list)
    are equal-length lists of floats whose squares sum to a finite total, else
    None: the common case, checked a column at a time (1.6x faster than row by
    row). A board gets None; ``check_X`` checks row by row (N p fewer slots).

    >>> float_columns([[1.0, 2.0], [3.0, 4.0]]), float_columns([[1.0, 2]])
    (([[1.0, 3.0], [2.0, 4.0]], [10.0, 20.0]), None)
    """
    if BOARD or type(rows) is not list or set(map(type, rows)) != _LIST or \
            len(set(map(len, rows))) != 1:
        return None
    cols = [[r[j] for r in rows] for j in range(len(rows[0]))]     # the transpose
    squares = [dot(c, c) for c in cols if set(map(type, c)) == _FLOAT]
    if cols and len(squares) == len(cols) and math.isfinite(sum(squares)):
        return cols, squares


# At most max(MAX_CLASSES, N / 2) classes in y: see check_class_labels.
MAX_CLASSES = 10


def check_class_labels(y, n_rows, max_classes=None, model="a classifier"):
    """Return (classes, index): the labels sorted, and each y_i's position in them.

    At least two classes; at most ``max_classes`` when given, and at most
    ``max(MAX_CLASSES, N / 2)``: more classes than that leave each fewer than
    two rows, which is a numeric y (a measurement, not a label), and a fit
    whose cost grows with the square of the number of classes.

    >>> check_class_labels(["b", "a", "c", "a"], 4)
    (['a', 'b', 'c'], [1, 0, 2, 0])
    >>> check_class_labels([1, 1], 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: y has only one class (1): a classifier needs at least two
    """
    try:
        y = y if type(y) is list else list(y)       # a list is read in place
    except TypeError:
        raise DataError("y must be a sequence of labels, got %s" % type(y).__name__)
    if len(y) != n_rows:
        raise DataError("X has %d rows but y has %d labels" % (n_rows, len(y)))
    classes = sorted_labels(y, "y")
    for i in range(len(y) if any(isinstance(c, float) for c in classes) else 0):
        if isinstance(y[i], float) and not math.isfinite(y[i]):
            raise DataError("y[%d] is %r: labels must be finite" % (i, y[i]))
    if len(classes) == 1:
        raise DataError("y has only one class (%r): %s needs %s" % (
            classes[0], model, "two" if max_classes == 2 else "at least two"))
    if max_classes is not None and len(classes) > max_classes:
        raise DataError("y has %d classes (%s): %s needs exactly %s" % (
            len(classes), show_labels(classes), model, "two" if max_classes == 2 else max_classes))
    if len(classes) > max(MAX_CLASSES, len(y) / 2):
        raise DataError("y has %d classes for %d rows (%s): %s needs a few rows per class; "
                        "y looks continuous (a measurement, not a label): bin it into a "
                        "few classes, or fit a regression" % (len(classes), len(y),
                                                                 show_labels(classes), model))
    position = dict((c, k) for k, c in enumerate(classes))
    return classes, fill([0] * len(y), map(position.__getitem__, y))


def check_binary_labels(y, n_rows):
    """Return (classes, y01): the two labels sorted, and y coded 0/1 (ints: each
    y_i's position in classes, ``check_class_labels``'s list, no second one).

    ``classes[1]`` is the positive class (coded 1). Labels may be any
    hashable, orderable values: 0/1, -1/+1, "red"/"green", 100/200.

    >>> check_binary_labels(["red", "green", "red"], 3)
    (['green', 'red'], [1, 0, 1])
    >>> check_binary_labels([1, 1], 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: y has only one class (1): a binary model needs two
    """
    return check_class_labels(y, n_rows, max_classes=2, model="a binary model")


def check_sample_weight(sample_weight, n_rows, name="sample_weight"):
    """Return the weights as floats (None stays None); raise DataError when
    they are not n_rows finite numbers >= 0 with a positive sum.

    >>> check_sample_weight([1, 2, 0], 3)
    [1.0, 2.0, 0.0]
    >>> check_sample_weight([1, -2], 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: sample_weight[1] is -2.0: weights must be >= 0
    """
    if sample_weight is None:
        return None
    try:
        w = list(sample_weight)
    except TypeError:
        raise DataError("%s must be a sequence of numbers, got %s"
                        % (name, type(sample_weight).__name__))
    if len(w) != n_rows:
        raise DataError("%s has %d entries but X has %d rows" % (name, len(w), n_rows))
    out = [as_float(w[i], "%s[%d]" % (name, i)) for i in range(len(w))]
    for i in range(len(out)):
        if out[i] < 0:
            raise DataError("%s[%d] is %r: weights must be >= 0" % (name, i, out[i]))
    total = sum(out)
    if n_rows and total <= 0:
        raise DataError("%s sums to zero: at least one row needs a positive weight" % name)
    if not math.isfinite(total):
        raise DataError("%s sums to %r: the weights are too large for a float (the largest "
                        "is %r); rescale them" % (name, total, max(out)))
    if n_rows and max(out) < TINY:      # every product with a weight underflows: no loss left
        raise DataError("%s: the largest weight is %r, below the smallest normal float %r: "
                        "the loss and its gradient underflow, and the convergence test would pass "
                        "at any beta; rescale the weights" % (name, max(out), TINY))
    return out


def row_weights(sample_weight, class_weight, classes, index, model="a binary model"):
    """The weight of each row, eq. (47): ``sample_weight`` times its class's
    ``class_weight`` (None when every row weighs 1). ``index`` holds each row's
    class, 0 to K - 1; "balanced" weighs class c N / (K n_c), a dict
    {label: weight} names some classes (the rest weigh 1). Every class must
    keep some weight, or ``model`` cannot be fitted.

    >>> row_weights(None, "balanced", ["a", "b"], [0, 0, 0, 1])
    [0.6666666666666666, 0.6666666666666666, 0.6666666666666666, 2.0]
    >>> row_weights([1, 2, 1], {"b": 3}, ["a", "b"], [0, 1, 1])
    [1.0, 6.0, 3.0]
    """
    if sample_weight is None and class_weight is None:
        return None                                           # every row weighs 1
    n, K = len(index), len(classes)
    w = check_sample_weight(sample_weight, n)
    if class_weight is not None:
        if class_weight == "balanced":
            counts = [index.count(c) for c in range(K)]
            per_class = [n / (K * n_c) for n_c in counts]                     # N / (K n_c)
        elif isinstance(class_weight, dict):
            for label in class_weight:
                if label not in classes:
                    raise DataError("class_weight has a label %r that is not in y %r"
                                    % (label, classes))
            per_class = [float(check_number(class_weight.get(c, 1.0), "class_weight[%r]" % (c,),
                                            "a finite number >= 0", lambda v: 0 <= v < INF))
                         for c in classes]
        else:
            raise DataError("class_weight must be None, 'balanced' or a dict "
                            "{label: weight}, got %r" % (class_weight,))
        w = [b * per_class[c] for b, c in zip(w or [1.0] * n, index)]
    totals = [0.0] * K
    for w_i, c in zip(w, index):
        totals[c] += w_i
    needs = "%s needs %s" % (model, "both classes" if K == 2 else "every class")
    for c in range(K):
        rest = sum(totals) - totals[c]
        if totals[c] == 0:
            raise DataError("every row of class %r has weight 0: %s" % (classes[c], needs))
        if rest / (totals[c] + rest) == 1.0:             # class c's weight lost in rounding
            raise DataError("the rows of class %r weigh %r in all, nothing next to the %r of "
                            "%s: %s; rescale the weights" % (
                                classes[c], totals[c], rest, "class %r" % (classes[1 - c],)
                                if K == 2 else "the other classes", needs))
    return w


def check_number(value, name, what, ok=None, integer=False):
    """Return ``value`` if it is a number (an int when ``integer``; never a
    bool) for which ``ok(value)`` holds; else raise DataError saying that
    ``name`` must be ``what``.

    >>> check_number(3, "max_iter", "a non-negative integer", lambda v: v >= 0, integer=True)
    3
    >>> check_number(True, "lam", "a finite number >= 0")
    Traceback (most recent call last):
    ...
    minilogit.DataError: lam must be a finite number >= 0, got True
    """
    kinds = int if integer else (int, float)
    v = value.item() if getattr(value, "ndim", None) == 0 else value   # a numpy scalar
    if isinstance(v, bool) or not isinstance(v, kinds) or (ok is not None and not ok(v)):
        raise DataError("%s must be %s, got %r" % (name, what, value))
    return v


def check_start(start, n_params=None, names=("zeros", "log_odds")):
    """The coefficients a fit starts from, when ``start`` gives them: a list of
    n_params numbers (any number, for n_params None), intercept first (as
    ``params_``: a refit from the last fit is ``set_params(start=model.params_)``);
    None for a start by name.

    >>> check_start([0.5, -1], 2), check_start("zeros", 2)
    ([0.5, -1.0], None)
    >>> check_start([0.5], 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: start has 1 coefficient, the model has 2 (the intercept first, as params_)
    """
    if isinstance(start, str) or start is None:
        if start not in names:
            raise DataError("start must be %s or a list of coefficients, got %r"
                            % (", ".join(repr(n) for n in names), start))
        return None
    try:
        beta0 = [as_float(b, "start[%d]" % j) for j, b in enumerate(start)]
    except TypeError:
        raise DataError("start must be %s or a list of coefficients, got %r"
                        % (", ".join(repr(n) for n in names), start))
    if n_params is not None and len(beta0) != n_params:
        raise DataError("start has %d coefficient%s, the model has %d (the intercept first, "
                        "as params_)" % (len(beta0), "s" * (len(beta0) != 1), n_params))
    return beta0


def check_threshold(threshold):
    """Raise DataError unless ``threshold`` is a number in [0, 1].

    >>> check_threshold("0.5")
    Traceback (most recent call last):
    ...
    minilogit.DataError: threshold must be in [0, 1], got '0.5'
    """
    check_number(threshold, "threshold", "in [0, 1]", lambda t: 0.0 <= t <= 1.0)


def sorted_labels(values, name):
    """Return the distinct values, sorted; a DataError if they cannot be hashed and compared.

    >>> sorted_labels(["b", "a", "b"], "y")
    ['a', 'b']
    >>> sorted_labels([1, "a"], "y")
    Traceback (most recent call last):
    ...
    minilogit.DataError: the labels in y cannot be hashed and sorted (mixed types?)
    """
    try:
        return sorted(set(values))
    except TypeError:
        for i, v in enumerate(values):        # None or pandas' NA among the labels, say
            if missing(v):
                raise DataError("%s[%d] is %r (missing): every row needs a label; drop the "
                                "rows without one" % (name, i, v))
        raise DataError("the labels in %s cannot be hashed and sorted (mixed types?)" % name)


def show_labels(labels):
    """Return at most five labels as text, for a message.

    >>> show_labels([0, 1, 2, 3, 4, 5])
    '0, 1, 2, 3, 4, ...'
    """
    return ", ".join(repr(v) for v in labels[:5]) + (", ..." if len(labels) > 5 else "")


def design(X, fit_intercept):
    """The design matrix of data X: a leading 1 on every row when fitting an intercept.

    X is checked as ``check_X`` does and copied into columns, which the solvers
    read (X beta, Xᵀ(p - y), XᵀWX; rows are built on demand). A column whose
    sum of squares overflows a float (XᵀWX inf, the fit nan) is a DataError;
    the sums are kept (``sums_of_squares``) for the solvers' column scales.

    >>> X1 = design([[2.0], [3.0]], True)
    >>> X1.rows, X1.sums_of_squares
    ([[1.0, 2.0], [1.0, 3.0]], [2.0, 13.0])
    """
    cols, squares = float_columns(X) or (None, None)      # checked and transposed in one pass
    if cols is None:
        rows = check_X(X)
        n = len(rows)                 # column j = [r[j] for r in rows], in n slots (fill)
        cols = [fill([0.0] * n, (r[j] for r in rows)) for j in range(len(rows[0]))]
        squares = [dot(c, c) for c in cols]
        for j, ss in enumerate(squares):
            if not ss < INF:
                raise DataError("column %d of X has entries as large as %r: the sums of "
                                "squares in X'WX overflow a float; rescale or standardize "
                                "that column" % (j, max(abs(v) for v in cols[j])))
    if fit_intercept:                                       # x_i = [1, x_i1, ..., x_ip]
        cols, squares = [[1.0] * len(cols[0])] + cols, [float(len(cols[0]))] + squares
    return Matrix.from_columns(cols, squares)


def check_scores(scores, bad=lambda a: a != a):
    """Return ``scores`` (one linear predictor per row, or a list per row),
    or raise DataError naming the first that is ``bad`` (default: nan): rows
    near the float's largest value can sum +inf and -inf in x_i'coef.

    >>> check_scores([0.5, float("inf") - float("inf")])
    Traceback (most recent call last):
    ...
    minilogit.DataError: X row 1: the linear predictor b0 + x'coef is nan: the row's entries are too large for the fitted coefficients (the sum overflows a float); rescale the features as for fitting
    """
    for i in range(len(scores)):
        for v in scores[i] if isinstance(scores[i], list) else [scores[i]]:
            if bad(v):
                raise DataError("X row %d: the linear predictor b0 + x'coef is %r: the row's "
                                "entries are too large for the fitted coefficients (the sum "
                                "overflows a float); rescale the features as for fitting"
                                % (i, v))
    return scores


def blank(model):
    """A model of ``model``'s class with its parameters, fitted to nothing:
    every attribute but those ending in "_", which a fit sets (what a tool put
    on the estimator, scikit-learn's callbacks say, stays).

    >>> from minilogit.core import LogisticRegression
    >>> b = blank(LogisticRegression(penalty="l2", lam=2.0).fit([[0.0], [1.0]], [0, 1]))
    >>> b.lam, hasattr(b, "coef_")
    (2.0, False)
    """
    new = object.__new__(type(model))
    new.__dict__.update((k, v) for k, v in dict(model.__dict__).items() if k[-1] != "_")
    return new


def plain(values):
    """True when none of the values is an array, a data frame or a sparse matrix
    (the ``adapter`` reads those); lists, tuples and Matrix objects are plain.

    >>> plain(([[1.0]], [0], None))
    True
    """
    return not any(hasattr(v, "__array__") or hasattr(v, "nnz") for v in values)


def adapted(method):
    """``method`` (fit, or a prediction) for X and the rest that may also be
    numpy arrays or pandas frames: those go to the estimator's ``adapter``
    (above the core, ``minilogit.interop``), which reads them as lists and
    calls ``method``. Lists go straight in. A fit (``fit``, ``fit_stream``)
    runs on a ``blank`` model, whose attributes then replace the estimator's
    at once: a thread that predicts meanwhile sees the last fit whole, never
    half of this one. On MicroPython (no numpy; a board's heap) the method
    itself.

    >>> from minilogit.core import LogisticRegression
    >>> LogisticRegression.fit.__name__
    'fit'
    """
    def call(self, X, *args, **kwargs):
        model = blank(self) if method.__name__ in ("fit", "fit_stream") else self
        try:
            if self.adapter is None or plain((X,) + args + tuple(kwargs.values())):
                out = method(model, X, *args, **kwargs)
            else:
                out = self.adapter(model, method, X, args, kwargs)
        finally:
            if model is not self:       # the fit's attributes, or a failed one's failure_
                with LOCK:              # (not while a thread makes this model's inference_)
                    self.__dict__ = model.__dict__
        return self if model is not self else out
    try:
        call.__name__, call.__doc__ = method.__name__, method.__doc__
        call.__module__ = method.__module__     # so that doctest runs the method's examples
        call.__wrapped__ = method               # inspect.signature reads the method's
    except AttributeError:                      # MicroPython: functions take no attributes
        return method
    return call
