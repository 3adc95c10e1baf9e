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

from ..core.compat import LOCK as _LOCK
from ..core.errors import InferenceError, NotFittedError


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


# what a fit keeps of its training data for inference (the loss holds X and y): kept while
# the model lives, for what reads the rows again (robust covariances, marginal effects,
# profile intervals, tests between fits), and never pickled
TRAINING_DATA = ("_loss", "_freq", "_trials")
# _LOCK: one lock for every model's first inference, made once, given whole, and for
# publishing a fit (minilogit.core.checks.adapted), which then waits for it


def exact_separation(objective, fit_intercept, reference):
    """The exact test of separation (``minilogit.separation``), loaded when first run:
    a function that applies its answer to the fit's result. An estimator's
    ``separation_test``: run before the fit with ``check_separation=True``, and
    after a fit that passes its test with a row near certainty (``_follow_up``).

    >>> from minilogit.core.softmax_regression import SoftmaxLoss
    >>> from minilogit.core.matrix import Matrix
    >>> verdict = exact_separation(SoftmaxLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1], 2), True, 0)
    >>> callable(verdict)
    True
    """
    from ..separation import exact_test
    return exact_test(objective, fit_intercept, reference)


def firth():
    """``penalty="firth"``: Firth's penalised likelihood (``minilogit.objectives.firth``),
    loaded when first asked for.

    >>> firth(), firth().keeps_inference
    (firth, True)
    """
    from ..objectives.firth import Firth
    return Firth()


class Model:
    """What the estimators above the core add to the core's, by composition.

    - ``adapter``: numpy arrays and pandas frames in fit and predict (``read_arrays``);
    - the statistician's view: ``inference_``, the fit's ``minilogit.inference.Inference``,
      made when first asked for (so that fitting holds none of it: on a board,
      its heap), and its attributes as the model's own: ``bse_``, ``pvalues_``,
      ``conf_int()``, ``summary()``, ...;
    - the exact test of separation after a fit that comes near certainty
      (``separation_test``, ``separation_check_``), and Firth's penalty by name
      (``penalties``), with its ``plr_test()`` and ``profile_conf_int()``;
    - ``explain()``, ``trace_`` as a table, ``to_source()``, ``to_json()``,
      ``from_json()``;
    - ``set_params``, ``score`` and ``__sklearn_tags__``, for scikit-learn's tools
      (``minilogit.interop``).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> [round(b, 4) for b in m.bse_], m.df_model_
    ([2.5457, 0.9126], 1)
    >>> LogisticRegression.from_json(m.set_params(solver="irls").to_json()).solver
    'irls'
    """

    adapter = staticmethod(read_arrays)
    progress = staticmethod(watch_progress)
    separation_test = staticmethod(exact_separation)
    penalties = {"firth": firth}
    _KIND = "classifier"            # or "regressor": what score() and scikit-learn's tags say
    _NO_INFERENCE = None            # or why a model has no summary(), bse_, ...
    _LEVERAGE = True                # or why a row has no one leverage h_i (HC2, HC3)

    @property
    def separation_check_(self):
        """The exact separation test's answer (after ``check_separation=True``, or after
        a fit that came near certainty: ``Estimator._follow_up``), else None."""
        return getattr(self.result_, "separation_check", None)

    @property
    def inference_(self):
        """The fit's ``Inference`` (``minilogit.inference``): ``params_``,
        ``cov_params_``, ``llf_``, ..., ``bse_``, ``summary()``; made on first use,
        once, from the training data (``TRAINING_DATA``)."""
        return self._inference("inference_")

    def _inference(self, name):
        """``inference_``, asked for as ``name``: made by ``_set_inference`` under a
        lock and given whole, so that a thread reading it meanwhile waits, then
        finds it final. InferenceError when the fit kept no data to make it from."""
        if self._NO_INFERENCE is not None:
            raise AttributeError("a %s has no %s: %s" % (type(self).__name__, name,
                                                          self._NO_INFERENCE))
        self._check_fitted()
        inference = getattr(self, "_inference_", None)
        if inference is not None:
            return inference
        if _LOCK is not None:
            _LOCK.acquire()
        try:
            inference = getattr(self, "_inference_", None)     # made by another thread?
            if inference is None:
                if getattr(self, "_loss", None) is None:
                    from ..inference import unfinished
                    raise InferenceError(unfinished(self) or "this %s keeps no training "
                                         "data (read from a document without its fit)"
                                         % type(self).__name__)
                from ..inference import Inference
                inference = Inference(self)
                self._set_inference(inference)
                self._inference_ = inference
        finally:
            if _LOCK is not None:
                _LOCK.release()
        return inference

    # The fit's inference_ as the model's own attributes: its facts, eqs. (33)-(36),
    # then its statistics and methods (help(minilogit.inference.Inference)). One line
    # each (make board, board-f32 frozen, from minilogit import LogisticRegression:
    # 11.6 KB of heap, 12.1 with plr_test and the rest; a loop of closures made these
    # 12.5 KB, descriptors 11.8)
    params_ = property(lambda self: self._inference("params_").params_)
    param_names_ = property(lambda self: self._inference("param_names_").param_names_)
    link_ = property(lambda self: self._inference("link_").link_)
    nobs_ = property(lambda self: self._inference("nobs_").nobs_)
    df_model_ = property(lambda self: self._inference("df_model_").df_model_)
    df_resid_ = property(lambda self: self._inference("df_resid_").df_resid_)
    llf_ = property(lambda self: self._inference("llf_").llf_)
    llnull_ = property(lambda self: self._inference("llnull_").llnull_)
    deviance_ = property(lambda self: self._inference("deviance_").deviance_)
    null_deviance_ = property(lambda self: self._inference("null_deviance_").null_deviance_)
    cov_params_ = property(lambda self: self._inference("cov_params_").cov_params_)
    inference_blocked_ = property(
        lambda self: self._inference("inference_blocked_").inference_blocked_)
    scale_ = property(lambda self: self._inference("scale_").scale_)
    pearson_chi2_ = property(lambda self: self._inference("pearson_chi2_").pearson_chi2_)
    bse_ = property(lambda self: self._inference("bse_").bse_)
    zvalues_ = property(lambda self: self._inference("zvalues_").zvalues_)
    pvalues_ = property(lambda self: self._inference("pvalues_").pvalues_)
    odds_ratios_ = property(lambda self: self._inference("odds_ratios_").odds_ratios_)
    aic_ = property(lambda self: self._inference("aic_").aic_)
    bic_ = property(lambda self: self._inference("bic_").bic_)
    prsquared_ = property(lambda self: self._inference("prsquared_").prsquared_)
    llr_ = property(lambda self: self._inference("llr_").llr_)
    llr_pvalue_ = property(lambda self: self._inference("llr_pvalue_").llr_pvalue_)
    conf_int = property(lambda self: self._inference("conf_int").conf_int)
    odds_ratio_conf_int = property(lambda self: self._inference("odds_ratio_conf_int").odds_ratio_conf_int)
    summary = property(lambda self: self._inference("summary").summary)
    robust = property(lambda self: self._inference("robust").robust)
    wald_test = property(lambda self: self._inference("wald_test").wald_test)
    lr_test = property(lambda self: self._inference("lr_test").lr_test)

    def __getstate__(self):
        """What ``pickle`` keeps: the parameters, the fit and its inference, not the
        training rows (inference is computed first, if it was not yet)."""
        if getattr(self, "_loss", None) is not None and hasattr(self, "coef_"):
            self.inference_
        return dict((k, v) for k, v in self.__dict__.items() if k not in TRAINING_DATA)

    @property
    def _firth(self):
        """Whether the fit is Firth's penalised likelihood (``penalty="firth"``)."""
        return str(getattr(self, "penalty", None)) == "firth"

    def plr_test(self, names=None):
        """A Firth fit's penalised likelihood ratio tests: per parameter [chi2, p]
        of beta_j = 0, or [chi2, df, p] of the parameters ``names`` all 0
        (``minilogit.profile.plr_test``)."""
        from ..profile import plr_test
        return plr_test(self, names)

    def marginal_effects(self, at="overall", rows=None, alpha=0.05):
        """Marginal effects dy/dx and their delta-method errors (``minilogit.margins.marginal_effects``)."""
        from ..margins import marginal_effects
        return marginal_effects(self, at, rows, alpha)

    def profile_conf_int(self, alpha=0.05):
        """Profile-likelihood intervals, rows [low, high] (of the penalised
        likelihood for a Firth fit): ``conf_int(alpha, method="profile")``
        (``minilogit.profile.profile_conf_int``)."""
        from ..profile import profile_conf_int
        return profile_conf_int(self, alpha)

    def explain(self):
        """A few sentences saying why the last fit stopped (see minilogit.explain)."""
        from ..explain import explain
        return explain(self)

    @property
    def trace_(self):
        """One record per iteration of the last fit (``tables.trace_records``: ``beta``,
        ``loss``, ``grad_norm``, ``step``, ``equation``) as a ``minilogit.tables.Trace``,
        which prints as the ``trace`` command's table and shows as one in a notebook."""
        if getattr(self, "result_", None) is None:
            raise NotFittedError("this %s has no trace: it is not fitted by an "
                                 "iterative solver yet" % type(self).__name__)
        from ..tables import Trace, trace_records
        return Trace(trace_records(self.result_))

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

    def __sklearn_tags__(self):
        """scikit-learn's tags; only scikit-learn calls this, so it is importable."""
        from ..interop import sklearn_tags
        return sklearn_tags(self)


def clone(estimator):
    """A new, unfitted estimator with the same parameters (a dict, such as
    ``class_weight``, copied: the two do not share it).

    >>> from minilogit import LogisticRegression
    >>> clone(LogisticRegression(tol=1e-3)).tol
    0.001
    """
    return type(estimator)(**dict((k, dict(v) if isinstance(v, dict) else v)
                                  for k, v in estimator.get_params(deep=False).items()))
