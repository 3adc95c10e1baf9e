"""Take a fitted model elsewhere: as a small Python module, or as JSON.

==========  ==========================================================
function    what it returns
==========  ==========================================================
to_source   the text of a dependency-free module whose
            ``predict_proba(rows)`` returns the model's floats, bit for bit
to_json     a JSON document: class name, parameters, fitted attributes
from_json   the estimator read back from ``to_json``'s text
==========  ==========================================================

Why the module is exact: it repeats the model's arithmetic operation by
operation, in the same order (``b0 + sum(map(mul, x, coef))``, then the
same branch of the stable sigmoid or softmax of ``minilogit.core.functions``),
and its coefficients are written with ``repr``, which reads back as the
same double. "The same floats" holds on the same Python: CPython adds
floats with compensation in ``sum()`` from 3.12 on, and ``exp`` comes from
the platform's C library.

>>> from minilogit import LogisticRegression
>>> X, y = [[0.0], [1.0], [2.0], [3.0]], ["no", "yes", "no", "yes"]
>>> model = LogisticRegression().fit(X, y)
>>> module = {}
>>> exec(to_source(model), module)
>>> module["predict_proba"](X) == model.predict_proba(X), module["CLASSES"]
(True, ['no', 'yes'])
>>> copy = LogisticRegression.from_json(model.to_json())
>>> copy.predict_proba(X) == model.predict_proba(X), copy.solver
(True, 'newton')

Exceptions: ``NotFittedError`` for a model that is not fitted; ``DataError``
for a model that cannot be exported this way, and a label, parameter or
coefficient that cannot be written exactly.
"""

import math

from .core.checks import check_number
from .core.errors import DataError
from .jsonio import check_fitted, from_json, to_json   # to_json, from_json: documented here

# ---------------------------------------------------------------- to_source

_HEADER = '''\
"""Predict with a %(what)s exported from minilogit.

Written by minilogit.export.to_source. It needs nothing but Python (CPython,
PyPy, MicroPython or Pyodide) and returns, bit for bit, the floats that the
model's own predict_proba returns on the same Python: it repeats the model's
arithmetic in the same order, with the coefficients written exactly.

Save it as, say, model.py, then:

    import model
    model.predict_proba(rows)   # rows: sequences of N_FEATURES numbers
    model.predict(rows)         # %(predict)s
"""

import math

try:
    from operator import mul
except ImportError:  # MicroPython's operator has no mul
    def mul(a, b):
        return a * b

'''

_SIGMOID = '''

def sigmoid(a):
    """1 / (1 + e^-a), computed so that exp never sees a positive number."""
    if a >= 0:
        return 1.0 / (1.0 + math.exp(-a))
    e = math.exp(a)
    return e / (1.0 + e)
'''

_SOFTMAX = '''

def softmax(a):
    """e^a_k / sum_j e^a_j, with the largest a_k subtracted first."""
    m = max(a)
    e = [math.exp(x - m) for x in a]
    s = sum(e)
    return [v / s for v in e]
'''

_ROWS = '''

def _rows(rows):
    """Each row as a list of floats."""
    out = []
    for row in rows:
        x = [float(v) for v in row]
        if len(x) != N_FEATURES:
            raise ValueError("a row has %d values, the model takes %d"
                             % (len(x), N_FEATURES))
        out.append(x)
    return out
'''

# A fit on a frame with text columns: _rows codes a row that holds text first.
_CODED = '''

def _coded(row):
    """A row of N_FEATURES numbers, as given; or a row that holds text, a row of
    COLUMNS as the data frame held them, with each text column's cell replaced
    by one 0/1 entry per level of CATEGORIES but the first, the reference."""
    row = list(row)
    if not any(isinstance(v, str) for v in row):
        return row
    if len(row) != len(COLUMNS):
        raise ValueError("a row holding text has %d values, COLUMNS has %d"
                         % (len(row), len(COLUMNS)))
    out = []
    for name, v in zip(COLUMNS, row):
        levels = CATEGORIES.get(name)
        if levels is None:
            out.append(v)
        elif v not in levels:
            raise ValueError("column %r holds %r, a level the model did not see"
                             % (name, v))
        else:
            out += [1.0 if v == level else 0.0 for level in levels[1:]]
    return out
'''
_TEXT_ROWS = _ROWS.replace("x = [float(v) for v in row]",
                           "x = [float(v) for v in _coded(row)]") + _CODED

_SCORES = '''

def _scores(x):
    """The linear scores b_k + x . w_k of one row x, one per output k."""
    return [b + sum(map(mul, x, w)) for b, w in zip(INTERCEPTS, COEFS)]


def _argmax(values):
    """The index of the largest value (the first one on a tie)."""
    return max(range(len(values)), key=lambda k: (values[k], -k))
'''

_BINARY = '''

def predict_proba(rows):
    """[P(CLASSES[0] | x), P(CLASSES[1] | x)] for each row x."""
    out = []
    for x in _rows(rows):
        a = INTERCEPT + sum(map(mul, x, COEF))    # the log-odds
        out.append([sigmoid(-a), sigmoid(a)])   # sigmoid(-a) = 1 - sigmoid(a)
    return out


def predict(rows):
    """CLASSES[1] where P(CLASSES[1] | x) >= 0.5, else CLASSES[0]."""
    return [CLASSES[1] if p >= 0.5 else CLASSES[0]
            for _, p in predict_proba(rows)]
'''

_SOFTMAX_MODEL = '''

def predict_proba(rows):
    """The probabilities softmax(_scores(x)) of CLASSES, for each row x."""
    return [softmax(_scores(x)) for x in _rows(rows)]


def predict(rows):
    """The class of largest score, for each row (the first one on a tie)."""
    return [CLASSES[_argmax(_scores(x))] for x in _rows(rows)]
'''

_MULTILABEL = '''

def predict_proba(rows):
    """P(label k is on | x) = sigmoid(_scores(x)[k]), for each row x."""
    return [[sigmoid(a) for a in _scores(x)] for x in _rows(rows)]


def predict(rows):
    """A row of 0/1 per example: label k is on where its probability >= 0.5."""
    return [[1 if p >= 0.5 else 0 for p in ps] for ps in predict_proba(rows)]
'''

_ONE_VS_REST = '''

def predict_proba(rows):
    """P(class k | x) of binary model k, divided by their sum over k."""
    out = []
    for x in _rows(rows):
        s = [sigmoid(a) for a in _scores(x)]
        total = sum(s)
        if total > 0:
            out.append([v / total for v in s])
        else:
            out.append([1.0 / len(s)] * len(s))
    return out


def predict(rows):
    """The most probable class of each row (the first one on a tie)."""
    return [CLASSES[_argmax(p)] for p in predict_proba(rows)]
'''


def to_source(model):
    """Return the text of a Python module that predicts exactly like ``model``.

    ``model``: a fitted ``LogisticRegression``, ``SoftmaxRegression`` or
    ``MultiLabelClassifier``, or a ``OneVsRest`` of LogisticRegressions. The
    module imports only ``math`` (and
    ``operator.mul`` where it exists) and defines ``CLASSES``,
    ``N_FEATURES`` (and ``FEATURE_NAMES``, a data frame's column names in
    the order a row gives them, for a model fitted on one), the coefficients, ``predict_proba(rows)``, equal float
    for float to ``model.predict_proba(rows)``, and ``predict(rows)``. Rows
    are converted with ``float()``. A model fitted on a frame with text
    columns also gets ``COLUMNS`` and ``CATEGORIES``: a row that holds text
    is a row of COLUMNS, its text coded as the fit coded it. For a ``MultiLabelClassifier``,
    ``CLASSES`` is [0, 1, ..., K - 1], the label columns.

    Labels are written as plain str, int, float or bool literals (or tuples
    of them), converted by value from subclasses, numpy scalars and enum
    members (see ``_plain_label``), so that importing the module runs
    nothing but its own definitions.

    Raises ``DataError`` for any other model, an unfitted one, a label that
    is none of these (or nan or inf), and a coefficient that is nan or inf.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> text = to_source(m)
    >>> [line for line in text.splitlines() if line.startswith(("CLASSES", "N_F"))]
    ['CLASSES = [0, 1]', 'N_FEATURES = 1']
    >>> "INTERCEPT = %r" % m.intercept_ in text, "COEF = [%r]" % m.coef_[0] in text
    (True, True)
    >>> to_source(LogisticRegression())
    Traceback (most recent call last):
    ...
    minilogit.NotFittedError: this LogisticRegression is not fitted yet: call fit first, then export it
    """
    # the model's kind by its class's name: this module does not import the models
    name = type(model).__name__
    if name == "OneVsRest":
        check_fitted(model, "estimators_")
        for est in model.estimators_:
            if type(est).__name__ != "LogisticRegression":
                raise DataError("to_source exports a OneVsRest of LogisticRegressions, "
                                "not of %s" % type(est).__name__)
        intercepts = [est.intercept_ for est in model.estimators_]
        coefs = [est.coef_ for est in model.estimators_]
        n_features, classes = model.estimators_[0].n_features_in_, model.classes_
        what = "OneVsRest of %d LogisticRegressions" % len(classes)
        parts = [_SIGMOID, _ROWS, _SCORES, _ONE_VS_REST]
    elif name in ("LogisticRegression", "SoftmaxRegression", "MultiLabelClassifier"):
        check_fitted(model, "coef_")
        n_features = model.n_features_in_
        if name == "MultiLabelClassifier":
            classes = list(range(model.n_labels_))
            what = "MultiLabelClassifier (%d labels)" % model.n_labels_
            parts = [_SIGMOID, _ROWS, _SCORES, _MULTILABEL]
        else:
            classes = model.classes_
            what = "%s (%d classes)" % (name, len(classes))
            parts = ([_SIGMOID, _ROWS, _BINARY] if name == "LogisticRegression"
                     else [_SOFTMAX, _ROWS, _SCORES, _SOFTMAX_MODEL])
        intercepts, coefs = model.intercept_, model.coef_
    else:
        raise DataError("to_source exports a LogisticRegression, SoftmaxRegression, "
                        "MultiLabelClassifier or OneVsRest of LogisticRegressions, "
                        "not a %s" % name)
    classes = [_plain_label(classes[k], "classes_[%d]" % k) for k in range(len(classes))]

    predict = ("labels from CLASSES" if name != "MultiLabelClassifier"
               else "rows of 0/1, one per label")
    lines = [_HEADER % {"what": what, "predict": predict},
             _wrap([repr(c) for c in classes], "CLASSES = "),
             "N_FEATURES = %d" % n_features]
    names = getattr(model, "feature_names_in_", None)     # from a fit on a data frame
    if names is not None:
        lines.append(_wrap([repr(str(n)) for n in names], "FEATURE_NAMES = "))
    categories = getattr(model, "categories_", None)      # the frame's text columns
    if names is not None and categories:
        lines += _text_columns([str(n) for n in names], categories)
        parts[1] = _TEXT_ROWS
    if name == "LogisticRegression":
        lines.append("INTERCEPT = " + _number(intercepts, "intercept_"))
        lines.append(_wrap([_number(c, "coef_") for c in coefs], "COEF = "))
    else:
        lines.append(_wrap([_number(b, "intercept_") for b in intercepts], "INTERCEPTS = "))
        owner = "label k" if name == "MultiLabelClassifier" else "class CLASSES[k]"
        lines.append("COEFS = [    # COEFS[k]: the weights of " + owner)
        for w in coefs:
            lines.append(_wrap([_number(c, "coef_") for c in w], "    ", 78) + ",")
        lines.append("]")
    return "\n".join(lines) + "\n" + "".join(parts)


def _text_columns(names, categories):
    """The lines of COLUMNS (a raw row's columns, from the coded names of a
    fit on a frame: each run of ``g[level]`` stands for the text column g)
    and CATEGORIES (each text column has 2 levels at least: the fit's check).

    >>> _text_columns(["x", "g[b]", "z"], {"g": ["a", "b"]})
    ["COLUMNS = ['x', 'g', 'z']", "CATEGORIES = {'g': ['a', 'b']}"]
    """
    columns, owner = [], {}
    for column in categories:
        for level in categories[column][1:]:
            owner["%s[%s]" % (column, level)] = column
    for name in names:
        column = owner.get(name, name)
        if column not in columns:
            columns.append(column)
    levels = ["%r: [%s]" % (_plain_label(c, "categories_"), ", ".join(
        repr(_plain_label(v, "categories_[%r]" % c)) for v in categories[c]))
        for c in sorted(categories)]
    return [_wrap([repr(c) for c in columns], "COLUMNS = "),
            _wrap(levels, "CATEGORIES = ", brackets="{}")]


def _number(x, what):
    """repr of a finite float, which reads back as the same float."""
    check_number(x, what, "a finite number: only finite numbers can be exported",
                 math.isfinite)
    return repr(float(x))


def _plain_label(label, where):
    """``label`` as a plain str, int, float or bool, or a tuple of them, whose
    ``repr`` is a Python literal that this module has built; DataError if there is none.

    What the exported module holds is never the label object itself, whose
    ``repr`` could be anything: a subclass of str, int or float (numpy's
    np.str_ and np.float64 are ones) is converted by value with str(), int()
    or float(); a numpy scalar (np.int64, np.bool_) by its ``item()``, and
    an enum member by its ``value``, so the module's CLASSES and predict()
    hold that value. Detected by what they have, so that this module needs
    neither numpy nor enum.

    >>> class Sneaky(str):
    ...     def __repr__(self):
    ...         return "__import__('os').getcwd()"
    >>> repr(_plain_label(Sneaky("yes"), "classes_[1]"))
    "'yes'"
    >>> _plain_label(float("nan"), "classes_[0]")
    Traceback (most recent call last):
    ...
    minilogit.DataError: classes_[0] is nan: only a finite number can be written into Python source
    """
    if hasattr(label, "dtype") and hasattr(label, "item"):     # a numpy scalar
        label = label.item()
    elif hasattr(label, "_value_") and hasattr(label, "name"):  # an enum member
        label = label._value_
    if isinstance(label, tuple):
        return tuple(_plain_label(label[k], "%s[%d]" % (where, k)) for k in range(len(label)))
    for kind in (bool, int, float, str):            # bool first: a bool is an int
        if isinstance(label, kind):
            try:
                value = kind(label)
            except (TypeError, ValueError):         # a subclass's own __str__, __int__, ...
                break
            if type(value) is not kind:             # ... that gave a subclass
                break
            if kind is float and not math.isfinite(value):
                raise DataError("%s is %r: only a finite number can be written into "
                                "Python source" % (where, value))
            return value
    raise DataError("%s is a %s, which cannot be written into Python source: use str, "
                    "int, float, bool or tuple labels" % (where, type(label).__name__))


def _wrap(items, first, width=79, brackets="[]"):
    """``first`` + "[item, item, ...]", broken into lines of at most ``width``
    characters, continuation lines lined up after the bracket."""
    out, line = [], first + brackets[0]
    for k in range(len(items)):
        piece = items[k] + (brackets[1] if k == len(items) - 1 else ",")
        if line.endswith(brackets[0]):
            line += piece
        elif len(line) + 1 + len(piece) > width:
            out.append(line)
            line = " " * (len(first) + 1) + piece
        else:
            line += " " + piece
    if not items:
        line += brackets[1]
    out.append(line)
    return "\n".join(out)
