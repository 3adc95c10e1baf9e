"""``LogisticRegression.fit_stream``'s work, loaded when it is first called,
so that a fitted ``minilogit.LogisticRegression`` does not hold it."""

from math import isfinite, log

from ..core.checks import check_binary_labels, check_number, check_X
from ..core.errors import DataError, DivergenceError
from ..progress import Ticker
from ..solvers.stream import example_terms, sgd_stream

_FLOAT = set((float,))
_LOG2 = log(2.0)


def _loss_at_zero(example, beta0):
    """An example's loss at beta0 = 0, where a_i = 0: log(1 + e^0) - y_i 0 = log 2."""
    return _LOG2


def fit_stream(model, stream, classes, epochs):
    """Fit ``model`` by averaged SGD over ``stream()``, as ``model.fit_stream``
    says; return it.

    >>> from minilogit import LogisticRegression
    >>> rows = [([0.0], 0), ([1.0], 1), ([2.0], 0), ([3.0], 1)]
    >>> fit_stream(LogisticRegression(), lambda: iter(rows), [0, 1], 400).n_iter_
    400
    """
    model._forget()
    if not callable(stream):
        raise DataError("stream must be a function that returns the rows, as (x, label) "
                        "pairs, afresh for each epoch (e.g. lambda: iter(rows)), not a %s"
                        % type(stream).__name__)
    if model.penalty is not None:
        raise DataError("fit_stream fits the unpenalised loss; use penalty=None")
    check_number(epochs, "epochs", "an integer >= 1", lambda v: v >= 1, integer=True)
    try:
        labels = None if isinstance(classes, (str, bytes)) else list(classes)
    except TypeError:
        labels = None
    if labels is None:
        raise DataError("classes must be the two labels of the stream, e.g. [0, 1], not %r"
                        % (classes,))
    classes, _ = check_binary_labels(labels, len(labels))
    model._check_solver_params()
    lead = [1.0] if model.fit_intercept else []
    width = []

    def examples():
        for i, pair in enumerate(stream()):
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise DataError("row %d of the stream is not an (x, label) pair: it is %s" % (
                    i, "a %s of %d items" % (type(pair).__name__, len(pair))
                    if isinstance(pair, (tuple, list)) else "of type " + type(pair).__name__))
            row, label = pair
            # a list of finite floats of the right width (what stream_csv yields)
            # is taken as it is; anything else check_X converts or explains
            if not (width and type(row) is list and len(row) == width[0]
                    and set(map(type, row)) == _FLOAT and isfinite(sum(row))):
                row = check_X([row], n_features=width[0] if width else None,
                              name="row %d of the stream" % i)[0]
            if not width:
                width.append(len(row))
            if label not in classes:
                raise DataError("row %d of the stream has the label %r, not one of %r"
                                % (i, label, classes))
            yield lead + row, 1.0 if label == classes[1] else 0.0

    eta = model.learning_rate if model.learning_rate is not None else 0.5
    n_params = None
    for x, _ in examples():                     # the first row gives the width
        n_params = len(x)
        break
    if n_params is None:
        raise DataError("the stream gave no examples")
    ticker = Ticker("sgd stream epoch", model.verbose)
    try:
        result = sgd_stream(examples, example_terms, [0.0] * n_params, epochs, eta,
                            loss=_loss_at_zero, tick=ticker.tick)
    except DivergenceError as e:
        model.failure_ = "Failed, step too large: %s." % (e,)
        raise
    finally:
        ticker.close()
    first = 1 if model.fit_intercept else 0
    model.classes_ = classes
    model.intercept_ = result.beta[0] if model.fit_intercept else 0.0
    model.coef_ = result.beta[first:]
    model._keep(result, n_params - first)
    model.converged_ = False
    model._loss = None
    return model
