"""What every estimator above the core has besides the core's fit and predict:
``Model``, one class, with the statistician's view (``bse_``, ``summary()``,
...) computed on first use, ``explain()``, export, scikit-learn's protocol
(``set_params``, ``score``, the repr, ``__sklearn_tags__``) and the adapter
that reads numpy arrays and pandas frames. It overrides nothing of the
core's: the core's classes run their own fit, and this one adds to them.
The work of each is in another module, loaded the first time it is needed.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
>>> m.explain().split(" after")[0]
'Converged'
>>> LogisticRegression(lam=2.0)
LogisticRegression(lam=2.0)
"""

from ..core.errors import NotFittedError

try:
    from _thread import allocate_lock
except ImportError:     # a MicroPython build without threads: nothing to guard against
    allocate_lock = None


def read_arrays(model, method, X, args, kwargs):
    """The estimators' ``adapter``: ``method`` called with X, y and the rest read
    as lists by ``minilogit.interop``, which keeps a frame's column names.

    >>> from minilogit import LogisticRegression
    >>> LogisticRegression.adapter is read_arrays
    True
    """
    from ..interop import fit_arrays, predict_arrays
    if method.__name__ == "fit":                # y given by position, or as y=...
        y = args[0] if args else kwargs.pop("y", None)
        return fit_arrays(model, method, X, y, args[1:], kwargs)
    return predict_arrays(model, method, X, args, kwargs)


def watch_progress(objective, model):
    """The estimators' ``progress``: the objective, wrapped to report the
    iterations of a long fit on stderr (``verbose``; minilogit.progress).

    >>> from minilogit import LogisticRegression
    >>> LogisticRegression.progress is watch_progress
    True
    """
    from ..progress import Progress
    return Progress(objective, model.solver, model.verbose)


# what minilogit.inference.set_inference sets: for a model that sets them on
# first use (``_set_inference``), asking for any of them computes them all
SET_BY_INFERENCE = ("params_", "param_names_", "link_", "nobs_", "df_model_", "df_resid_",
                    "llf_", "llnull_", "deviance_", "null_deviance_", "cov_params_",
                    "inference_blocked_", "scale_")
# what a fit keeps of its training data for inference (the loss holds X and y): dropped
# once inference is computed, and never pickled
TRAINING_DATA = ("_loss", "_freq", "_trials")
# one lock for every model's first inference: computed once, given all at once
_LOCK = allocate_lock() if allocate_lock is not None else None
# what minilogit.inference.Inference computes from them
STATISTICS = ("bse_", "zvalues_", "pvalues_", "conf_int", "odds_ratios_",
              "odds_ratio_conf_int", "aic_", "bic_", "prsquared_", "llr_", "llr_pvalue_",
              "summary")


class Model:
    """What the estimators above the core add to the core's, by composition.

    - ``adapter``: numpy arrays and pandas frames in fit and predict (``read_arrays``);
    - the statistician's view (``minilogit.inference``): ``bse_``, ``pvalues_``,
      ``conf_int()``, ``summary()``, ..., an ``Inference`` made when one is
      first asked for, so that fitting holds none of it (on a board, its heap);
    - ``explain()``, ``trace_`` as a table, ``to_source()``, ``to_json()``,
      ``from_json()``;
    - ``set_params``, ``score``, the repr and ``__sklearn_tags__``, for
      scikit-learn's tools (``minilogit.interop``).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> [round(b, 4) for b in m.bse_], m.df_model_
    ([2.5457, 0.9126], 1)
    >>> LogisticRegression.from_json(m.set_params(solver="irls").to_json()).solver
    'irls'
    """

    adapter = staticmethod(read_arrays)
    progress = staticmethod(watch_progress)
    _KIND = "classifier"            # or "regressor": what score() and scikit-learn's tags say
    _NO_INFERENCE = None            # or why a model has no summary(), bse_, ...

    def __getattr__(self, name):
        # called only for a missing attribute
        if self._NO_INFERENCE is not None and (name in SET_BY_INFERENCE or name in STATISTICS):
            raise AttributeError("a %s has no %s: %s" % (type(self).__name__, name,
                                                          self._NO_INFERENCE))
        if name in SET_BY_INFERENCE and hasattr(self, "coef_"):
            self._infer()                   # a fit's inference, computed when first asked
            kept = getattr(self, "__dict__", {})
            if name in kept:                # (by this thread or, meanwhile, another)
                return kept[name]
        if name in STATISTICS:
            from ..inference import Inference
            return getattr(Inference(self), name)
        prop = getattr(type(self), name, None)
        if isinstance(prop, property):      # it raised NotFittedError, an AttributeError:
            return prop.fget(self)          # raise that again, with its message
        raise AttributeError("%r object has no attribute %r" % (type(self).__name__, name))

    def _infer(self):
        """Compute the attributes ``SET_BY_INFERENCE`` (``_set_inference``) once, then
        drop the training data (``TRAINING_DATA``). Under a lock, into a ``Staged``
        copy first: a thread that reads one of them meanwhile finds it missing (and
        waits here) or final, never half-computed."""
        if _LOCK is not None:
            _LOCK.acquire()
        try:
            if getattr(self, "_loss", None) is not None:   # not done by another thread
                staged = Staged(self)
                type(self)._set_inference(staged)
                for name, value in staged.kept().items():
                    setattr(self, name, value)
                for name in TRAINING_DATA:
                    if hasattr(self, name):
                        delattr(self, name)
        finally:
            if _LOCK is not None:
                _LOCK.release()

    def __getstate__(self):
        """What ``pickle`` keeps: the parameters, the fit and its inference, not the
        training rows (inference is computed first, if it was not yet)."""
        if getattr(self, "_loss", None) is not None and hasattr(self, "coef_"):
            self._infer()
        return dict((k, v) for k, v in self.__dict__.items() if k not in TRAINING_DATA)

    def explain(self):
        """A few sentences saying why the last fit stopped (see minilogit.explain)."""
        from ..explain import explain
        return explain(self)

    @property
    def trace_(self):
        """One record per iteration of the last fit (``FitResult.trace``: ``beta``,
        ``loss``, ``grad_norm``, ``step``, ``equation``) as a ``minilogit.tables.Trace``,
        which prints as the ``trace`` command's table and shows as one in a notebook."""
        if getattr(self, "result_", None) is None:
            raise NotFittedError("this %s has no trace: it is not fitted by an "
                                 "iterative solver yet" % type(self).__name__)
        from ..tables import Trace
        return Trace(self.result_.trace)

    def to_source(self):
        """A dependency-free Python module that predicts as this model does (minilogit.export)."""
        from ..export import to_source
        return to_source(self)

    def to_json(self):
        """The parameters and fitted coefficients as JSON text (minilogit.jsonio)."""
        from ..jsonio import to_json
        return to_json(self)

    @classmethod
    def from_json(cls, text):
        """The estimator written by ``to_json``; it must be of this class."""
        from ..jsonio import from_json
        return from_json(text, cls)

    def set_params(self, **params):
        """Set the named parameters (``estimator__lam``: ``lam`` of ``estimator``); return self."""
        from ..interop import set_params
        return set_params(self, params)

    def score(self, X, y, sample_weight=None):
        """Accuracy on (X, y) (a GLM's own ``score`` is D^2, R^2 for the gaussian)."""
        from ..interop import score
        return score(self, X, y, sample_weight)

    def __repr__(self):
        from ..interop import estimator_repr
        return estimator_repr(self)

    def __sklearn_tags__(self):
        """scikit-learn's tags; only scikit-learn calls this, so it is importable."""
        from ..interop import sklearn_tags
        return sklearn_tags(self)


class Staged:
    """A model as ``_set_inference`` sees it: it reads the model's attributes and
    keeps what it sets, which ``kept()`` returns, to be given to the model at once.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> staged = Staged(m)
    >>> staged.llf_ = -2.0
    >>> staged.kept(), staged.coef_ == m.coef_, "llf_" in m.__dict__
    ({'llf_': -2.0}, True, False)
    """

    def __init__(self, model):
        self._model = model

    def __getattr__(self, name):        # only for what is not set here: the model's
        return getattr(self._model, name)

    def kept(self):
        return dict((k, v) for k, v in self.__dict__.items() if k != "_model")


def clone(estimator):
    """A new, unfitted estimator with the same parameters.

    >>> from minilogit import LogisticRegression
    >>> clone(LogisticRegression(tol=1e-3)).tol
    0.001
    """
    return type(estimator)(**estimator.get_params(deep=False))
