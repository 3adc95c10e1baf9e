"""numpy arrays, pandas frames and scikit-learn's estimator protocol, importing none of them.

An estimator reads lists of rows on the core's own path; anything else
comes here first (the estimators' ``adapter``, ``minilogit.models._base``): a numpy array, a pandas
DataFrame or Series, or any object with ``__array__``, is read as rows of
numbers, and a frame's column names are kept as ``feature_names_in_`` (the
names ``summary()`` prints). Given an array or a frame, ``predict``,
``predict_proba`` and ``decision_function`` answer with a numpy array,
made by the numpy the caller has already imported (``sys.modules``).

The rest is what scikit-learn asks of an estimator: ``set_params``,
``score``, a ``repr`` that shows the parameters set, and
``__sklearn_tags__``, whose scikit-learn import runs only when
scikit-learn itself asks for them. A board never loads this module.

>>> from minilogit import LogisticRegression
>>> LogisticRegression(solver="irls", lam=0.5)
LogisticRegression(solver='irls', lam=0.5)
>>> read_X(Table([[1, 2.5], [3, 4]]))
([[1, 2.5], [3, 4]], None, {})
"""

import sys

from .core.checks import as_float, missing
from .core.compat import _UserWarning, warn
from .core.errors import DataError, NotFittedError
from .datasets import has_control, indicators, too_large


class DataConversionWarning(_UserWarning):
    """y came as a column (shape (N, 1)) and was read as a vector, as scikit-learn does;
    or to_json wrote enum labels as their values.

    >>> issubclass(DataConversionWarning, UserWarning)
    True
    """

    __module__ = "minilogit.interop"


try:
    class NotANumberError(DataError, TypeError):
        """An entry of an object array that is not a number: a DataError, and the
        TypeError that numpy raises for it.

        >>> issubclass(NotANumberError, ValueError), issubclass(NotANumberError, TypeError)
        (True, True)
        """

        __module__ = "minilogit.interop"
except TypeError:   # MicroPython: one builtin base a class (and no numpy to raise it for)
    NotANumberError = DataError


class Table:
    """A stand-in for a numpy array, for the doctests: what ``read_X`` asks of one.

    >>> Table([[1.0, 2.0]]).shape
    (1, 2)
    """

    def __init__(self, rows, kind="f"):
        self.rows, self.dtype = rows, Kind(kind)
        self.ndim = 2 if rows and isinstance(rows[0], list) else 1
        self.shape = (len(rows), len(rows[0])) if self.ndim == 2 else (len(rows),)

    def __array__(self):
        return self

    def reshape(self, *shape):
        """The entries in one row (``reshape(-1)``, the only shape read_y asks for)."""
        return Table([v for row in self.rows for v in row])

    def tolist(self):
        return self.rows


class Kind:
    """The ``dtype`` of a ``Table``: its one-letter ``kind`` ("f" float, "c" complex, ...).

    >>> str(Kind("c")), Kind("f").kind
    ('complex128', 'f')
    """

    def __init__(self, kind):
        self.kind = kind

    def __str__(self):
        return {"f": "float64", "c": "complex128"}.get(self.kind, self.kind)


def read_X(X, name="X", known=None):
    """Return (rows, names, categories): X as rows for the core's checks, and
    its column names when it is a data frame whose columns are all named by
    strings (else None). Lists, tuples and Matrix objects pass as they are.
    A frame's column of text (every entry a str) is coded by 0/1 columns
    against its first level, sorted, as ``load_csv`` codes one, named
    ``column[level]``; ``categories`` is {column: levels} (``known``: a
    fit's, for new rows).

    Raises DataError for a sparse matrix, complex numbers, an array that is
    not 2-D, and a frame's non-numeric column (named) that is not text.

    >>> read_X(Table([[1 + 2j]], kind="c"))
    Traceback (most recent call last):
    ...
    minilogit.DataError: Complex data not supported: X has dtype complex128; minilogit fits real numbers only
    """
    if isinstance(X, (list, tuple)):
        return X, None, {}
    if hasattr(X, "toarray") and hasattr(X, "nnz"):         # scipy.sparse
        raise DataError("%s is a sparse matrix (%s): minilogit fits dense rows only; "
                        "pass %s.toarray()" % (name, type(X).__name__, name))
    names, text = None, []
    if hasattr(X, "columns") and hasattr(X, "dtypes"):      # a data frame
        columns = list(X.columns)
        if all(isinstance(c, str) for c in columns):
            names = columns
        for j, dtype in enumerate(X.dtypes):
            if getattr(dtype, "kind", "O") not in "biuf":
                values = X.iloc[:, j].tolist()
                if names is not None and (known is None or columns[j] in known) \
                        and any(isinstance(v, str) for v in values):
                    _check_text(values, columns[j], j, name)
                    text.append(j)                  # a categorical column
                else:
                    _check_column(values, columns[j], j, name)
    if text:
        rows = [[v if j in text else float(v) for j, v in enumerate(row)]
                for row in X.itertuples(index=False)]
        return indicators(rows, names, text, known)
    if hasattr(X, "columns") and hasattr(X, "iloc"):
        rows = _frame_rows(X)
        if rows is not None:
            return rows, names, {}
    if hasattr(X, "__array__"):
        X = _array(X, name, 2)
    return X, names, {}


def _frame_rows(X):
    """A frame's rows of floats, read a column at a time: bools and whole
    numbers become floats (True 1.0), as a numpy array's do. None when a
    column holds objects (text) or missing values, or the frame is empty:
    the whole array's path names those."""
    series = [X.iloc[:, j] for j in range(len(X.columns))]
    columns = [c.to_numpy() for c in series]
    if not columns or not len(X) or any(c.dtype.kind not in "biuf" for c in columns) \
            or any(c.hasnans for c in series):
        return None
    columns = [(c.astype(float) if c.dtype.kind in "biu" else c).tolist() for c in columns]
    return [list(row) for row in zip(*columns)]


def _check_column(values, column, j, name):
    """Raise DataError naming a frame's column that holds something not a number."""
    for i in range(len(values)):
        try:
            as_float(values[i], "")
        except DataError:
            if missing(values[i]):
                raise DataError("%s[%d][%d] is %r (missing), in column %r: every entry must be "
                                "a finite number" % (name, i, j, values[i], column))
            raise DataError("%s column %r (column %d) holds %r in row %d: every column must "
                            "be numeric; encode it as numbers first (pandas.get_dummies, "
                            "say) or drop it" % (name, column, j, values[i], i))


def _check_text(values, column, j, name):
    """Raise DataError naming the first entry of a frame's text column that is
    no level: missing, empty, not a str, or holding a control character.

    >>> _check_text(["a", None], "g", 1, "X")
    Traceback (most recent call last):
    ...
    minilogit.DataError: X[1][1] is None (missing), in column 'g': every entry of a text column must be a level; drop the rows with missing entries or fill them in
    """
    first = min(i for i in range(len(values)) if isinstance(values[i], str))
    for i, v in enumerate(values):      # a missing entry first, whatever else is wrong
        if missing(v) or (isinstance(v, str) and not v.strip()):
            raise DataError("%s[%d][%d] is %r (%s), in column %r: every entry of a text "
                            "column must be a level; drop the rows with missing entries or "
                            "fill them in" % (name, i, j, v, "empty" if isinstance(v, str)
                                              else "missing", column))
    for i, v in enumerate(values):
        if not isinstance(v, str):
            raise DataError("%s column %r (column %d) holds %r in row %d and text (%r) in row %d: "
                            "a column is numbers or text, not both; make every entry a str "
                            "(.astype(str)) if it is categorical" % (name, column, j, v, i,
                                                                     values[first], first))
        if has_control(v):
            raise DataError("%s[%d][%d] is %r, in text column %r: text with a control "
                            "character (a NUL, a line break), which no level holds"
                            % (name, i, j, v, column))


def _check_mask(A, name):
    """Raise DataError naming the first masked entry of a masked array (numpy.ma),
    whose ``__array__`` would give the values under the mask."""
    mask = getattr(A, "mask", None)                     # a frame's .mask is a method
    if hasattr(mask, "nonzero") and mask.any():
        where = "".join("[%d]" % k[0] for k in mask.nonzero())
        raise DataError("%s%s is masked (missing): every entry must be given; drop the rows "
                        "with masked entries or fill them in (.filled())" % (name, where))


def _array(A, name, ndim, numbers=True):
    """An array (anything with ``__array__``) of ``ndim`` dimensions as nested
    lists; with ``numbers``, a 2-D array of objects must hold numbers."""
    _check_mask(A, name)
    A = A.__array__()
    kind = A.dtype.kind
    if kind == "c":
        raise DataError("Complex data not supported: %s has dtype %s; minilogit fits real "
                        "numbers only" % (name, A.dtype))
    if A.ndim != ndim:
        if ndim == 2 and A.ndim < 2:
            raise DataError("Expected 2D array, got %s instead: %s has shape %r. Reshape your "
                            "data with %s.reshape(-1, 1) for one feature, or "
                            "%s.reshape(1, -1) for one row" % ("1D array" if A.ndim else
                                                               "scalar array", name, A.shape,
                                                               name, name))
        raise DataError("%s has shape %r: it must have %d dimension%s"
                        % (name, A.shape, ndim, "s" if ndim > 1 else ""))
    if ndim == 2 and A.shape[0] and not A.shape[1]:
        # the words scikit-learn's check_estimator matches, "0 feature(s) (shape=..."
        raise DataError("%s has %d rows but no columns: 0 feature(s) (shape=%r) while a "
                        "minimum of 1 is required." % (name, A.shape[0], A.shape))
    if kind in "biu" and ndim == 2:
        A = A.astype(float)                             # features True, False: 1.0, 0.0
    rows = A.tolist()
    if kind == "O" and ndim == 2 and numbers:           # objects: each must convert to a float
        for i in range(len(rows)):
            for j in range(len(rows[i])):
                try:
                    float(rows[i][j])
                except TypeError as e:
                    raise NotANumberError("%s[%d][%d] is %r: every entry must be a finite "
                                          "number (%s)" % (name, i, j, rows[i][j], e))
                except ValueError:
                    pass                                # a string: the core's checks say so
    return rows


def read_y(y, model, name="y", level=4):
    """Return y as a list: a numpy or pandas y becomes one; a column (N, 1) is
    raveled with a ``DataConversionWarning``. A classifier refuses a float y
    whose values are not whole numbers, as scikit-learn does (a measurement,
    not a label).

    >>> from minilogit import LogisticRegression
    >>> read_y(Table([0.5, 1.5]), LogisticRegression())
    Traceback (most recent call last):
    ...
    minilogit.DataError: Unknown label type: y[0] is 0.5, and y holds non-integer numbers (continuous values): a classifier needs class labels; bin y into classes, or fit a regression (GLM(family='gaussian'))
    """
    if y is None:
        raise DataError("y must be a sequence of labels, got NoneType: %s requires y to be "
                        "passed, but the target y is None" % type(model).__name__)
    if isinstance(y, (list, tuple)) or not hasattr(y, "__array__"):
        return y
    _check_mask(y, name)
    A = y.__array__()
    if _kind(model) == "multilabel":                    # a table of 0, 1 and None
        return _array(A, name, 2, numbers=False)
    if A.ndim == 2 and A.shape[1] == 1:
        warn("A column-vector y was passed when a 1d array was expected: %s has shape %r "
             "and is read as %s.ravel()" % (name, A.shape, name), also_sklearns(DataConversionWarning),
             level)
        A = A.reshape(-1)
    values = _array(A, name, 1)
    for i in range(len(values) if A.dtype.kind in "fO" else 0):
        if missing(values[i]):                          # NaN would count as a class
            raise DataError("%s[%d] is %r (missing): every row needs its value of %s; drop "
                            "the rows without one" % (name, i, values[i], name))
    if _kind(model) == "classifier" and A.dtype.kind == "f":
        for i in range(len(values)):
            if values[i] % 1.0 > 0.0:                   # not a whole number (nan is not)
                raise DataError("Unknown label type: %s[%d] is %r, and %s holds non-integer "
                                "numbers (continuous values): a classifier needs class "
                                "labels; bin %s into classes, or fit a regression "
                                "(GLM(family='gaussian'))" % (name, i, values[i], name, name))
    if getattr(model, "_BINARY", False) and len(set(values)) > 2:
        raise DataError("Only binary classification is supported. %s has %d classes: %s "
                        "fits two; use SoftmaxRegression or OneVsRest for more"
                        % (name, len(set(values)), type(model).__name__))
    return values


def read_vector(v, name):
    """v (a sample_weight, say) as a list when it is an array; else v as it is.

    >>> read_vector(Table([1.0, 2.0]), "sample_weight"), read_vector(None, "offset")
    ([1.0, 2.0], None)
    """
    return _array(v, name, 1) if hasattr(v, "__array__") else v


def fit_arrays(model, fit, X, y, args, kwargs):
    """Call ``fit`` (the method of a class below) with X, y and the rest read
    as lists; then keep a frame's column names (``feature_names_in_``) and,
    for a numpy y, ``classes_`` as a numpy array; return the model.

    >>> from minilogit import LogisticRegression
    >>> m = fit_arrays(LogisticRegression(), LogisticRegression.fit.__wrapped__,
    ...                Table([[0.0], [1.0], [2.0], [3.0]]), [0, 1, 0, 1], (), {})
    >>> m.n_features_in_, m.classes_
    (1, [0, 1])
    """
    try:
        rows, names, categories = read_X(X)
    except MemoryError:
        raise too_large("X has", *(tuple(getattr(X, "shape", ())) + (0, 0))[:2]) from None
    args = [read_vector(a, "sample_weight") for a in args]
    kwargs = dict((k, read_vector(v, k)) for k, v in kwargs.items())
    model._CALLER = type(model)._CALLER + 2          # warnings point two frames further up
    try:
        fit(model, rows, read_y(y, model, level=5), *args, **kwargs)
    except MemoryError:
        raise too_large("X has", len(rows), len(rows[0]) if rows else 0) from None
    except DataError as e:              # "column 2 of X" is named after a frame's column
        if names is None or "column " not in str(e):
            raise
        if getattr(model, "failure_", None):
            model.failure_ = name_column(model.failure_, names)
        raise DataError(name_column(str(e), names)) from None
    finally:
        del model._CALLER
    numpy = sys.modules.get("numpy")
    if names is not None:
        model.feature_names_in_ = (list(names) if numpy is None else
                                   numpy.asarray(names, dtype=object))
    if categories:
        model.categories_ = categories      # the text columns' levels: summary() names them
    if numpy is not None and hasattr(y, "__array__") and hasattr(model, "classes_"):
        model.classes_ = numpy.asarray(model.classes_)
    return model


def predict_arrays(model, method, X, args, kwargs):
    """Call ``method`` (a prediction method of a class below) with X read as
    rows; answer with a numpy array when X is an array or a frame. A
    NotFittedError is raised as one that is also scikit-learn's, when
    scikit-learn is loaded (what its checks look for).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> labels = predict_arrays(m, LogisticRegression.predict, Table([[0.0], [3.0]]), (), {})
    >>> [int(label) for label in labels]         # a list, or an array where numpy is loaded
    [0, 1]
    """
    rows, numpy = read_new_X(model, X)
    try:
        out = method(model, rows, *args, **kwargs)
    except NotFittedError as e:
        raise also_sklearns(NotFittedError)(*e.args)
    return out if numpy is None else numpy.asarray(out)


def name_column(text, names):
    """``text`` with its "column j of X" followed by the name of column j.

    >>> name_column("column 1 of X is constant", ["age", "dose"])
    "column 1 of X ('dose') is constant"
    """
    start = text.find("column ")
    number = text[start + 7:].split(" ")[0] if start >= 0 else ""
    if not number.isdigit() or int(number) >= len(names):
        return text
    where = "column %s of X" % number
    return text.replace(where, "%s (%r)" % (where, names[int(number)]), 1)


def read_new_X(model, X):
    """Return (rows, numpy): the rows of X for a prediction, and the numpy
    module to give the answer with (None: answer with lists). A frame's
    column names must be those of the fit, in the same order.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> read_new_X(m, Table([[0.0, 1.0]]))
    Traceback (most recent call last):
    ...
    minilogit.DataError: X has 2 features, but LogisticRegression is expecting 1 features as input
    """
    rows, names, _ = read_X(X, known=getattr(model, "categories_", {}))
    p = getattr(model, "n_features_in_", None)
    if p is not None and rows and len(rows[0]) != p:
        raise DataError("X has %d features, but %s is expecting %d features as input"
                        % (len(rows[0]), type(model).__name__, p))
    fitted = getattr(model, "feature_names_in_", None)
    if names is not None and fitted is not None and list(fitted) != names:
        fitted = list(fitted)
        message = "The feature names should match those that were passed during fit.\n"
        unseen = sorted(set(names) - set(fitted))
        missing = sorted(set(fitted) - set(names))
        for title, group in (("unseen at fit time", unseen),
                             ("seen at fit time, yet now missing", missing)):
            if group:
                message += "Feature names %s:\n" % title
                message += "".join("- %s\n" % n for n in group[:5])
                message += "- ...\n" if len(group) > 5 else ""
        if not unseen and not missing:
            message += "Feature names must be in the same order as they were in fit.\n"
        raise DataError(message)
    numpy = sys.modules.get("numpy") if hasattr(X, "__array__") else None
    return rows, numpy


_ALSO_SKLEARNS = {}


def also_sklearns(ours):
    """``ours`` (NotFittedError, DataConversionWarning), or, when scikit-learn
    is loaded, a subclass that is also scikit-learn's class of that name: what
    its tools catch, and its warning filters match.

    >>> also_sklearns(DataConversionWarning) is DataConversionWarning    # no scikit-learn here
    True
    """
    sklearn = sys.modules.get("sklearn.exceptions")
    if sklearn is None:
        return ours
    if ours not in _ALSO_SKLEARNS:
        _ALSO_SKLEARNS[ours] = type(ours.__name__, (ours, getattr(sklearn, ours.__name__)),
                                    {"__module__": ours.__module__})
    return _ALSO_SKLEARNS[ours]


def _kind(model):
    return getattr(model, "_KIND", "classifier")


def set_params(model, params):
    """Set the named parameters (``estimator__lam`` sets ``lam`` of the
    parameter ``estimator``); return the model. An unknown name raises
    DataError listing the valid ones.

    >>> from minilogit import LogisticRegression
    >>> set_params(LogisticRegression(), {"lam": 2.0}).lam
    2.0
    >>> set_params(LogisticRegression(), {"alpha": 2.0})
    Traceback (most recent call last):
    ...
    minilogit.DataError: Invalid parameter 'alpha' for estimator LogisticRegression(). Valid parameters are: ['class_weight', 'fit_intercept', 'l1_ratio', 'lam', 'learning_rate', 'max_iter', 'penalty', 'random_state', 'solver', 'start', 'tol', 'verbose'].
    """
    valid = model.get_params(deep=False)
    nested = {}
    for key in sorted(params):
        name, sub = (key.split("__", 1) + [""])[:2]
        if name not in valid:
            raise DataError("Invalid parameter %r for estimator %r. Valid parameters are: "
                            "%r." % (name, model, sorted(valid)))
        if sub:
            nested.setdefault(name, {})[sub] = params[key]
        else:
            setattr(model, name, params[key])
    for name in nested:
        getattr(model, name).set_params(**nested[name])
    return model


def score(model, X, y, sample_weight=None):
    """A classifier's accuracy on (X, y), weighted by ``sample_weight`` when
    given (a GLM's score, D^2, is its own: ``minilogit.GLM.score``).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> score(m, [[0.0], [3.0], [1.0]], [0, 1, 1])
    0.6666666666666666
    """
    from .core.checks import check_sample_weight
    truth = read_y(y, model)
    predicted = model.predict(X)
    predicted = predicted.tolist() if hasattr(predicted, "tolist") else predicted
    if len(truth) != len(predicted):
        raise DataError("X has %d rows but y has %d values" % (len(predicted), len(truth)))
    w = check_sample_weight(read_vector(sample_weight, "sample_weight"), len(truth))
    w = w or [1.0] * len(truth)
    # a multi-label row is right when every one of its labels is
    return sum(w_i for w_i, t, p in zip(w, truth, predicted) if t == p) / sum(w)


def sklearn_tags(model):
    """scikit-learn's tags for ``model`` (called by scikit-learn, so it is importable):
    a classifier (multi-class unless the model is binary only) or a regressor.

    >>> from minilogit import GLM
    >>> try:
    ...     tags = sklearn_tags(GLM(family="gaussian"))
    ... except ImportError:                  # no scikit-learn here: it is the caller's
    ...     tags = None
    >>> tags is None or tags.estimator_type == "regressor"
    True
    """
    from sklearn.utils import ClassifierTags, RegressorTags, Tags, TargetTags
    classifier = _kind(model) != "regressor"
    multilabel = _kind(model) == "multilabel"
    return Tags(estimator_type="classifier" if classifier else "regressor",
                target_tags=TargetTags(required=True, two_d_labels=multilabel),
                classifier_tags=ClassifierTags(multi_class=not getattr(model, "_BINARY", False),
                                               multi_label=multilabel)
                if classifier else None,
                regressor_tags=None if classifier else RegressorTags())
