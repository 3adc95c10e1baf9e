"""What the estimators share: parameter checks, the design matrix, running a
solver and saying how it went.

>>> design([[2.0], [3.0]], True).rows
[[1.0, 2.0], [1.0, 3.0]]
"""

import math

from .._compat import warn
from ..errors import (ConvergenceWarning, DataError, DivergenceError, NotFittedError,
                      SeparationWarning, SingularMatrixError)
from ..explain import explain
from ..matrix import Matrix, dot
from ..solvers import SOLVERS

# max_iter when none is given: Newton, IRLS and coordinate descent (outer
# steps) need a handful, gradient descent and proximal gradient thousands,
# SGD counts epochs.
DEFAULT_MAX_ITER = {"newton": 100, "irls": 100, "gd": 10000, "sgd": 200,
                    "proximal": 10000, "cd": 100}
DEFAULT_LEARNING_RATE = {"gd": None, "sgd": 0.5}
# tol when none is given. SGD's average is noisy, so its test is looser;
# see minilogit.solvers.sgd.
DEFAULT_TOL = {"newton": 1e-8, "irls": 1e-8, "gd": 1e-8, "sgd": 1e-3,
               "proximal": 1e-8, "cd": 1e-8}


class Estimator:
    """What every estimator has besides fit and predict: its parameters,
    ``explain()``, ``trace_`` and export (``to_source``, ``to_json``,
    ``from_json``).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.get_params()["solver"], len(m.trace_) == m.n_iter_ + 1
    ('newton', True)
    """

    def get_params(self):
        """The constructor's arguments as a dict."""
        return get_params(self)

    def _forget(self):
        """Drop what a previous fit left (every attribute ending in "_"), so that a
        fit that fails does not leave the old coefficients looking current."""
        for name in [n for n in getattr(self, "__dict__", {}) if n.endswith("_")]:
            delattr(self, name)

    def _check_fitted(self):
        if not hasattr(self, "coef_"):
            raise NotFittedError("this %s is not fitted yet: call fit(X, y) first"
                                 % type(self).__name__)

    def _describe_column(self, j):
        """Name parameter j of beta = [intercept] + coef: the intercept or a column of X."""
        if self.fit_intercept:
            j -= 1
        return "the intercept column" if j < 0 else "column %d of X" % j

    def explain(self):
        """A few sentences saying why the last fit stopped (see minilogit.explain)."""
        return explain(self)

    @property
    def trace_(self):
        """One record per iteration of the last fit: ``beta``, ``loss``,
        ``grad_norm``, ``step`` and the ``equation`` it applied (a dict each;
        see ``minilogit.solvers.result.FitResult.trace``)."""
        if getattr(self, "result_", None) is None:
            raise NotFittedError("this %s has no trace: it is not fitted by an "
                                 "iterative solver yet" % type(self).__name__)
        return self.result_.trace

    def to_source(self):
        """A dependency-free Python module that predicts as this model does (minilogit.export)."""
        from ..export import to_source
        return to_source(self)

    def to_json(self):
        """The parameters and fitted coefficients as JSON text (minilogit.export)."""
        from ..export import to_json
        return to_json(self)

    @classmethod
    def from_json(cls, text):
        """The estimator written by ``to_json``; it must be of this class."""
        from ..export import from_json
        model = from_json(text)
        if not isinstance(model, cls):
            raise DataError("this JSON holds a %s, not a %s"
                            % (type(model).__name__, cls.__name__))
        return model


def get_params(estimator):
    """The constructor's arguments as a dict (what ``clone`` copies).

    >>> from minilogit import LogisticRegression
    >>> get_params(LogisticRegression(solver="gd"))["solver"]
    'gd'
    """
    return dict((name, getattr(estimator, name)) for name in estimator._PARAMS)


def clone(estimator):
    """A new, unfitted estimator with the same parameters.

    >>> from minilogit import LogisticRegression
    >>> clone(LogisticRegression(tol=1e-3)).tol
    0.001
    """
    return type(estimator)(**get_params(estimator))


def check_solver_params(est, solvers):
    """Check ``solver``, ``max_iter``, ``tol``, ``learning_rate`` (and, for SGD,
    ``random_state``); raise DataError.

    >>> from minilogit import LogisticRegression
    >>> check_solver_params(LogisticRegression(max_iter=-1), SOLVERS)
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: max_iter must be a non-negative integer, got -1
    """
    for name in ("max_iter", "tol", "learning_rate"):
        if isinstance(getattr(est, name), bool):
            raise DataError("%s must be a number, got a bool" % name)
    if not isinstance(est.solver, str) or est.solver not in solvers:
        raise DataError("unknown solver %r: choose one of %s"
                        % (est.solver, ", ".join(sorted(solvers))))
    if est.max_iter is not None and (not isinstance(est.max_iter, int) or est.max_iter < 0):
        raise DataError("max_iter must be a non-negative integer, got %r" % (est.max_iter,))
    if est.tol is not None and not (isinstance(est.tol, (int, float)) and est.tol >= 0):
        raise DataError("tol must be a number >= 0, got %r" % (est.tol,))
    if est.learning_rate is not None and not (
            isinstance(est.learning_rate, (int, float)) and 0 < est.learning_rate < math.inf):
        raise DataError("learning_rate must be a positive finite number, got %r"
                        % (est.learning_rate,))
    seed = getattr(est, "random_state", 0)
    if est.solver == "sgd" and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise DataError("random_state must be an integer seed for SGD's shuffling, got %r"
                        % (seed,))


def check_l2(penalty, lam):
    """Check ``penalty`` (None or "l2") and ``lam`` (a number >= 0); raise DataError.

    >>> check_l2("l1", 1.0)
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: unknown penalty 'l1': choose None or 'l2'
    """
    if penalty not in (None, "l2"):
        raise DataError("unknown penalty %r: choose None or 'l2'" % (penalty,))
    if isinstance(lam, bool) or not isinstance(lam, (int, float)) or not 0 <= lam < math.inf:
        raise DataError("lam must be a finite number >= 0, got %r" % (lam,))


def check_threshold(threshold):
    """Raise DataError unless ``threshold`` is a number in [0, 1].

    >>> check_threshold("0.5")
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: threshold must be in [0, 1], got '0.5'
    """
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) \
            or not 0.0 <= threshold <= 1.0:
        raise DataError("threshold must be in [0, 1], got %r" % (threshold,))


def check_scores(scores, bad=lambda a: a != a):
    """Return ``scores`` (one linear predictor per row, or a list per row)
    after checking that none is ``bad`` (default: nan); raise DataError
    naming the first such row.

    Rows that pass check_X can still overflow: x_i'coef with x_i near 1e308
    sums +inf and -inf, which is nan, and sigma(nan) is nan.

    >>> check_scores([0.5, float("inf") - float("inf")])
    Traceback (most recent call last):
    ...
    minilogit.errors.DataError: X row 1: the linear predictor b0 + x'coef is nan: the row's entries are too large for the fitted coefficients (the sum overflows a float); rescale the features as for fitting
    """
    for i in range(len(scores)):
        for v in scores[i] if isinstance(scores[i], list) else [scores[i]]:
            if bad(v):
                raise DataError("X row %d: the linear predictor b0 + x'coef is %r: the row's "
                                "entries are too large for the fitted coefficients (the sum "
                                "overflows a float); rescale the features as for fitting"
                                % (i, v))
    return scores


def design(rows, fit_intercept):
    """The design matrix: a leading 1 on every row when fitting an intercept.

    >>> design([[2.0]], False).rows
    [[2.0]]
    """
    X = Matrix([[1.0] + r for r in rows] if fit_intercept else rows, copy=False)
    # X'WX sums products x_ij x_ik over the rows: a column whose sum of squares
    # overflows a float would make it inf (and the fit nan), so say so here.
    # (The columns X.T are the ones X'WX and X'(p - y) use, so this costs no copy.)
    cols = X.T.rows
    for j in range(len(cols)):
        if not dot(cols[j], cols[j]) < math.inf:
            j_user = j - 1 if fit_intercept else j
            raise DataError("column %d of X has entries as large as %r: the sums of squares "
                            "in X'WX overflow a float; rescale or standardize that column"
                            % (j_user, max(abs(v) for v in cols[j])))
    return X


def run_solver(est, objective, beta0, describe_column, options=None):
    """Minimise ``objective`` from ``beta0`` with the estimator's solver and options.

    A singular Hessian that is not explained by separation means a column is
    a combination of others: raise DataError naming it with
    ``describe_column(index of the parameter)``. ``options``: extra keyword
    arguments for the solver (e.g. the L1 solvers' penalty weights).

    >>> from minilogit import LogisticRegression
    >>> from minilogit.objectives import LogisticLoss
    >>> est = LogisticRegression(solver="irls")
    >>> loss = LogisticLoss(design([[0.0], [1.0], [2.0], [3.0]], True), [0, 1, 0, 1])
    >>> r = run_solver(est, loss, [0.0, 0.0], est._describe_column)
    >>> r.solver, r.converged, r.tol
    ('irls', True, 1e-08)
    """
    max_iter = est.max_iter if est.max_iter is not None else DEFAULT_MAX_ITER[est.solver]
    tol = est.tol if est.tol is not None else DEFAULT_TOL[est.solver]
    options = dict(options or {})
    options["max_iter"], options["tol"] = max_iter, tol
    if est.solver in DEFAULT_LEARNING_RATE:
        lr = est.learning_rate
        options["learning_rate"] = DEFAULT_LEARNING_RATE[est.solver] if lr is None else lr
    if est.solver == "sgd":
        options["random_state"] = est.random_state
    est.failure_ = None
    try:
        result = SOLVERS[est.solver](objective, beta0, **options)
    except SingularMatrixError as e:
        result = e
    except DivergenceError as e:
        est.failure_ = "Failed, step too large: %s." % (e,)
        raise
    if isinstance(result, SingularMatrixError):   # raised here, not chained to e
        message = ("the Hessian is singular: %s is a linear combination of the "
                   "columns before it (a constant or duplicated column?); drop it "
                   "(or, if the columns' scales differ by many orders of magnitude, "
                   "standardize them)" % describe_column(result.column))
        est.failure_ = "Failed, collinearity: %s." % message
        raise DataError(message)
    result.tol, result.n_examples = tol, objective.n_examples
    return result


def report(est, result):
    """Warn SeparationWarning or ConvergenceWarning when the fit did not end well.

    The warning points at the line that called ``fit`` (report's caller's caller).

    >>> import warnings
    >>> from minilogit import LogisticRegression
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     m = LogisticRegression(max_iter=1).fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> caught[0].category.__name__
    'ConvergenceWarning'
    """
    if result.diagnosis is not None:
        warn("the maximum-likelihood estimate does not exist: %s. The fit "
             "stopped after %d iterations; its coefficients are one point "
             "on a path to infinity, not estimates. Use a penalised fit "
             "(ridge/L2) or remove the separating feature(s)."
             % (result.diagnosis, result.n_iter), SeparationWarning, 3)
    elif not result.converged:
        why = ("the largest gradient component of the mean loss is %.3g > tol = %g"
               % (result.grad_norms[-1] / result.n_examples, result.tol))
        warn("%s did not converge in %d iterations: %s; raise max_iter%s"
             % (est.solver, result.n_iter, why, " or standardize the features"
                if est.solver in ("gd", "sgd") else ""), ConvergenceWarning, 3)
