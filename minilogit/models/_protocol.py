"""What lets the estimators above the core take numpy arrays and pandas frames
and sit in scikit-learn's tools: ``Protocol`` (``set_params``, ``score``, the
repr, ``__sklearn_tags__``) and the wrappers of ``fit`` and the prediction
methods. Lists of rows go straight to the core's methods; the rest, and the
work, is ``minilogit.interop``'s, loaded the first time it is needed.

>>> from minilogit import LogisticRegression
>>> LogisticRegression(lam=2.0)
LogisticRegression(lam=2.0)

On MicroPython (no numpy, and a board's small heap) the wrappers are the
methods themselves.
"""


def fit_taking_arrays(fit):
    """``fit`` (a method of a class below) for X and y that may also be numpy
    arrays or pandas frames (``minilogit.interop`` reads them as lists); a
    frame's column names become ``feature_names_in_``.

    >>> from minilogit import LogisticRegression
    >>> LogisticRegression.fit.__name__
    'fit'
    """
    def fit_arrays(self, X, y, *args, **kwargs):
        if plain((X, y) + args + tuple(kwargs.values())):
            return fit(self, X, y, *args, **kwargs)
        from ..interop import fit_arrays
        return fit_arrays(self, fit, X, y, args, kwargs)
    return _like(fit_arrays, fit)


def predict_taking_arrays(method):
    """``method`` (a prediction method of a class below) for X that may also be
    a numpy array or a pandas frame: it then answers with a numpy array.

    >>> from minilogit import LogisticRegression
    >>> LogisticRegression.predict.__name__
    'predict'
    """
    def predict_arrays(self, X, *args, **kwargs):
        if plain((X,)):
            return method(self, X, *args, **kwargs)
        from ..interop import predict_arrays
        return predict_arrays(self, method, X, args, kwargs)
    return _like(predict_arrays, method)


def plain(values):
    """True when none of the values is an array, a data frame or a sparse matrix
    (which minilogit.interop reads); lists, tuples and Matrix objects are plain.

    >>> plain(([[1.0]], [0], None))
    True
    """
    return not any(hasattr(v, "__array__") or hasattr(v, "nnz") for v in values)


def _like(wrapper, method):
    """The wrapper, with the name, documentation and signature of the method it
    wraps; on MicroPython (no numpy, and a board's heap) the method itself."""
    try:
        wrapper.__name__, wrapper.__doc__ = method.__name__, method.__doc__
        wrapper.__wrapped__ = method            # inspect.signature reads the method's
    except AttributeError:                      # MicroPython: functions take no attributes
        return method
    return wrapper


class Protocol:
    """What scikit-learn asks of an estimator beyond ``fit`` and ``predict``:
    ``set_params``, ``score``, a repr showing the parameters set, and
    ``__sklearn_tags__`` (``get_params`` is the core's). The work is in
    ``minilogit.interop``, loaded when first needed.

    >>> from minilogit import LogisticRegression
    >>> LogisticRegression().set_params(solver="irls")
    LogisticRegression(solver='irls')
    """

    _KIND = "classifier"            # or "regressor": what score() and scikit-learn's tags say
    _CALLER = 4                     # fit is wrapped (fit_taking_arrays): one frame more

    def set_params(self, **params):
        """Set the named parameters (``estimator__lam``: ``lam`` of ``estimator``); return self."""
        from ..interop import set_params
        return set_params(self, params)

    def score(self, X, y, sample_weight=None):
        """Accuracy on (X, y) for a classifier; D^2 (R^2 for the gaussian) for a GLM."""
        from ..interop import score
        return score(self, X, y, sample_weight)

    def __repr__(self):
        from ..interop import estimator_repr
        return estimator_repr(self)

    def __sklearn_tags__(self):
        """scikit-learn's tags; only scikit-learn calls this, so it is importable."""
        from ..interop import sklearn_tags
        return sklearn_tags(self)
