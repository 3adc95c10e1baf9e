"""LogisticRegression, and what every estimator shares.

``fit(X, y)`` reads top to bottom: check the parameters (``_check_params``,
which makes the penalty), build the design matrix [1, x_i] once
(``design``), check the labels, build the loss (``logistic``), pick a
start, and hand them to the solver that ``solver`` names in the model's
table of solvers (``_solve``: plain calls into ``solvers``); keep what it
returns in trailing-underscore attributes, and warn when the fit did not
end well (``_report``).

>>> X = [[0.5], [1.0], [1.5], [2.0], [2.5], [3.0]]
>>> y = ["no", "no", "yes", "no", "yes", "yes"]
>>> model = LogisticRegression().fit(X, y)
>>> model.classes_, model.converged_, model.n_iter_
(['no', 'yes'], True, 6)
>>> model.predict([[0.0], [4.0]])
['no', 'yes']
"""

import math

from .solvers import TOL, WORK, Solver, compared, gradient_descent, irls, newton, sgd
from .logistic import LogisticLoss
from .checks import (adapted, check_binary_labels, check_number, check_scores,
                     check_start, check_threshold, check_X, design, row_weights)
from .compat import INF, warn
from .errors import (ConvergenceWarning, DataError, DivergenceError, NotFittedError,
                     SeparationWarning, SingularMatrixError)
from .functions import logit, sigmoid
from .matrix import dot


# column scales further apart than this factor slow first-order steps (or make them diverge)
SPREAD = 10.0

# A fit that may take more multiply-adds than WORK (core.solvers) says so before it starts;
# RATE: CPython 3.11's a second in a gd fit of 5000 x 10 (1000 iterations, 1.65e8 in 10.5 CPU
# s); Newton and IRLS count NEWTON_STEPS steps, said beyond FEW parameters only.
RATE, NEWTON_STEPS, FEW = 1.5e7, 5, 100

# The rows of the models' tables of solvers (``solvers``), made once. max_iter when none is
# given: Newton and IRLS need a handful, gradient descent tens to hundreds on standardized
# data (14 to 172 measured; test_long_work), thousands on columns of other scales: as many
# as WORK allows, 500 at least (Solver.iterations); SGD counts epochs, noisy: a looser tol.
NEWTON, IRLS = Solver(newton, 100, TOL, hessian=True), Solver(irls, 100, TOL, hessian=True)
GD = Solver(gradient_descent, 10000, TOL, ("learning_rate",), least=500)
SGD = Solver(sgd, 200, 1e-3, ("learning_rate", "random_state"), passes=6, by_terms=True)


class Estimator:
    """What every estimator has besides fit and predict: its parameters, its
    table of solvers, and the checks and messages around a solver run.

    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.get_params()["solver"], len(m.result_.history) == m.n_iter_ + 1
    ('newton', True)
    """

    _PARAMS = ()
    _CALLER = 4         # the stack level of fit's caller (through adapted), where warnings point
    _NEWTON_MAX = 1000       # parameters: a 1000 x 1000 Hessian, 3e8 operations a step
    adapter = None      # reads numpy arrays and data frames: set above the core
    separation_test = None   # the exact test of separation (_follow_up): set above the core
    penalties = {}      # more penalties by name (a function making each): set above the core
    # softmax's and GLM's: the exact test before the fit, the class fixed at 0, the link
    check_separation, _reference, link = False, 0, None
    progress = None     # verbose's report of a long fit (an objective's wrapper): set above
    verbose = 0         # the constructor's argument, where an estimator takes one
    solvers = {}

    def __new__(cls, *args, **params):
        """Refuse a keyword the constructor does not take, naming the ones it does
        (Python's own error names neither), before ``__init__`` runs."""
        for name in params:
            if name not in cls._PARAMS:
                raise TypeError("%s takes no parameter %r%s; its parameters are %s" % (
                    cls.__name__, name, " (scikit-learn's LogisticRegression(C=...) is "
                    "penalty='l2', lam=1/(2C) here, eq. (41))" * (name == "C"),
                    ", ".join(cls._PARAMS)))
        return object.__new__(cls)

    def get_params(self, deep=True):
        """The constructor's arguments as a dict (``deep``: scikit-learn's argument)."""
        return dict((name, getattr(self, name)) for name in self._PARAMS)

    def __repr__(self):
        """The call that makes this estimator, naming the parameters not at their defaults.

        >>> LogisticRegression(penalty="l2", lam=0.5)
        LogisticRegression(penalty='l2', lam=0.5)
        """
        try:
            default = type(self)().get_params()
        except TypeError:               # a parameter without a default: name them all
            default = {}
        return "%s(%s)" % (type(self).__name__, ", ".join(
            "%s=%r" % (name, getattr(self, name)) for name in self._PARAMS
            if name not in default or repr(getattr(self, name)) != repr(default[name])))

    def check_params(self):
        """Check the constructor's parameters, as ``fit`` does first; return self.

        >>> LogisticRegression(solver="lbfgs").check_params()
        Traceback (most recent call last):
        ...
        minilogit.DataError: unknown solver 'lbfgs': choose one of gd, irls, newton, sgd
        """
        self._check_params()
        return self

    def _forget(self):
        """Drop what a previous fit left (every attribute ending in "_"); a fit
        sets them last, after its warnings, so one that raises leaves none."""
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

    def _check_solver_params(self):
        """Check ``solver``, ``max_iter``, ``tol``, ``learning_rate`` (and, for SGD,
        ``random_state``); raise DataError."""
        if not isinstance(self.solver, str) or self.solver not in self.solvers:
            raise DataError("unknown solver %r: choose one of %s"
                            % (self.solver, ", ".join(sorted(self.solvers))))
        if self.max_iter is not None:
            check_number(self.max_iter, "max_iter", "a non-negative integer",
                         lambda v: v >= 0, integer=True)
        if self.tol is not None:
            check_number(self.tol, "tol", "a finite number >= 0", lambda v: 0 <= v < INF)
        if getattr(self, "learning_rate", None) is not None:
            check_number(self.learning_rate, "learning_rate", "a positive finite number",
                         lambda v: 0 < v < INF)
        if "random_state" in self.solvers[self.solver].settings:
            check_number(self.random_state, "random_state",
                         "an integer seed for SGD's shuffling", integer=True)
        check_number(self.verbose, "verbose", "0, 1 or 2", lambda v: v in (0, 1, 2),
                     integer=True)

    LAM = 1.0           # lam when a penalty is named without one

    def _check_penalty(self):
        """The fit's penalty, eq. (41): None, or a ``Penalty`` (``penalty.py``) made
        from ``penalty`` (a name, or a Penalty itself), ``lam`` (default ``LAM``)
        and ``l1_ratio`` (default 0.5). A DataError when lam or l1_ratio is given
        with nothing to weigh, or the solver's row cannot fit the penalty."""
        if self.penalty is self.lam is self.l1_ratio is None:
            return None                 # no penalty, nothing given for one
        name, lam, alpha = self.penalty, self.lam, self.l1_ratio
        named = name in ("l2", "l1", "elasticnet")
        if isinstance(name, str) and name in self.penalties:    # named above the core
            name = self.penalties[name]()
        if isinstance(name, str) and not named:
            raise DataError("unknown penalty %r: choose None, 'l2', 'l1', 'elasticnet' or a "
                            "minilogit.core.penalty.Penalty" % (name,))
        if lam is not None:
            lam = check_number(lam, "lam", "a finite number >= 0", lambda v: 0 <= v < INF)
        if alpha is not None:
            alpha = check_number(alpha, "l1_ratio", "a number in [0, 1]", lambda v: 0 <= v <= 1)
        for what, value, used in (("lam", lam, named), ("l1_ratio", alpha, name == "elasticnet")):
            if value is not None and not used:
                raise DataError("%s=%r is given but penalty=%r has no use for it: leave it out, "
                                "or set penalty=%s" % (what, value, name, "'elasticnet'" if what
                                                       == "l1_ratio" else "'l2', 'l1' or 'elasticnet'"))
        if name is None or lam == 0:
            return None                 # a penalty of weight 0 is none
        from .penalty import ElasticNet, Penalty   # loaded for a penalty only
        if named:                       # eq. (41): alpha 0 for l2, 1 for l1
            alpha = {"l2": 0.0, "l1": 1.0}.get(name, 0.5 if alpha is None else alpha)
            name = ElasticNet(self.LAM if lam is None else lam, alpha, name)
        elif not isinstance(name, Penalty):
            raise DataError("penalty must be None, 'l2', 'l1', 'elasticnet' or a "
                            "minilogit.core.penalty.Penalty, got %r" % (name,))
        if not self.solvers[self.solver].fits(name):
            able = sorted(s for s in self.solvers if self.solvers[s].fits(name))
            raise DataError("the %s penalty is %s: use %s, not %r" % (
                name, "not differentiable at 0" if name.separable else
                "not a sum of one term per coefficient", " or ".join("solver=%r" % s for s in able)
                or "a solver for it (minilogit's proximal or cd)", self.solver))
        return name

    def _check_identified(self, shape, penalised, blocks=1):
        """Raise DataError, before any work, when a Newton or IRLS fit has more
        parameters than rows, unpenalised (X'WX is singular, the MLE not unique),
        or more than _NEWTON_MAX (a d x d Hessian and d^3/3 operations a step)."""
        (n, k), d = shape, shape[1] * blocks
        if not self.solvers[self.solver].hessian:
            return
        if k > n and not penalised:
            raise DataError("X has %d rows for %d parameters: an unpenalised %s fit needs "
                            "at least as many rows, or X'WX is singular; drop columns, add "
                            "rows or use a penalty" % (n, k, self.solver))
        if d > self._NEWTON_MAX:
            raise DataError("%s takes at most %d parameters, not %d (a step solves a %d x %d "
                            "Hessian in ~%.0e operations): use fewer columns%s"
                            % (self.solver, self._NEWTON_MAX, d, d, d, d ** 3 / 3.0,
                               ", or gd or sgd" * ("gd" in self.solvers)))

    def _solve(self, loss, beta0, penalty, penalized, describe=None):
        """Minimise the loss plus the penalty (on the parameters ``penalized``) from
        ``beta0`` with the solver that ``solver`` names; return its FitResult. In order:
        the solver's row; the objective (the penalty's ``penalise``: every solver sees
        the same); max_iter and tol (given, or the row's); advice (``_advise``); the run
        (``_run``); after an unpenalised run, the checks for a path to infinity (``_follow_up``)."""
        entry, objective = self.solvers[self.solver], loss
        if penalty is not None:                # (the penalty module is loaded by now)
            objective = penalty.penalise(loss, penalized)
        n, d = objective.X.shape[0], len(beta0)      # rows (not sum_i w_i): a pass's cost
        max_iter = self.max_iter if self.max_iter is not None else entry.iterations(n, d)
        tol = self.tol if self.tol is not None else entry.tol
        self._advise(entry, objective, n, d, max_iter)
        result = self._run(entry, objective, beta0, max_iter, tol, describe)
        result.tol, result.n_examples = tol, objective.n_examples
        if penalty is None and result.diagnosis is None:
            self._follow_up(entry, objective, beta0, result)
        return result

    def _run(self, entry, objective, beta0, max_iter, tol, describe):
        """The solver's run, watched when ``verbose`` (``progress``). A singular
        Hessian that separation does not explain means a column is a combination
        of others: a DataError naming it (``_singular``)."""
        watch = self.progress(objective, self) if self.verbose and self.progress else None
        # failure_ only when a fit fails (read it with getattr): a 24th attribute grows a fitted
        # model's __dict__ by 232 bytes in one piece (make board, newton 100 x 4: 68 -> 66 KB)
        try:
            return entry.function(watch or objective, beta0, max_iter=max_iter, tol=tol,
                                  **dict((k, getattr(self, k)) for k in entry.settings))
        except SingularMatrixError as e:
            singular = e
        except DivergenceError as e:
            self.failure_ = "Failed, step too large: %s." % (e,)
            raise
        except MemoryError:     # (a board's heap) a DataError, as the adapter's on CPython
            n, d = objective.X.shape[0], len(beta0)
            hessian = " (a %d x %d Hessian a step; gd holds none)" % (d, d) * entry.hessian
            raise DataError("out of memory: %s on %d rows and %d parameters%s needs more than "
                            "is free; use fewer columns or rows" % (self.solver, n, d, hessian))
        finally:
            if watch is not None:
                watch.close()
        raise self._singular(singular.column, describe or self._describe_column)  # not chained

    def _singular(self, column, describe):
        """The DataError of a singular Hessian at parameter ``column`` (named by ``describe``)."""
        name = describe(column)
        if column == 0:                 # nothing before it: X'WX's first column is 0
            message = ("the Hessian is singular: %s is 0 on every row whose weight "
                       "w_i is not 0 (a column of zeros?); drop it" % name)
        else:
            message = ("the Hessian is singular: %s is a linear combination of the "
                       "columns before it (a duplicated column? a constant one? with "
                       "fit_intercept=True the model has an intercept already: pass "
                       "fit_intercept=False to use yours); drop it (or, if the columns' "
                       "scales differ by many orders of magnitude, standardize them)" % name)
        if getattr(self, "start", None) is not None and not isinstance(self.start, str):
            message += ("; or start= is so far out that every weight w_i underflows there: "
                        "start nearer, or from 'zeros'")
        self.failure_ = "Failed, collinearity: %s." % message
        return DataError(message)

    def _follow_up(self, entry, objective, beta0, result):
        """An unpenalised fit can end on a path to infinity without seeing it:

        - first-order runs stop before separation shows, or pass their test (SGD's is
          loose) on the way: a short Newton run from the start tells, of as many steps
          as the fit's own work pays for (an iteration: ``passes`` of ~N d operations; a
          Newton step: ~N d^2 / 2 + d^3 / 3), 25 at most;
        - under quasi-complete separation the gradient falls like e^-margin, so a run can
          pass its test with the separated rows' margins near 20: when the run (the fit, or
          that Newton run) passing tol looks quasi-separated at margin log(1 / sqrt(tol))
          (``diagnose``), the exact test decides (``separation_test``, set above the core)."""
        tested, tol = result, result.tol
        if not entry.hessian:
            n, d = objective.X.shape[0], len(beta0)
            steps = result.newton_check = min(25, int(entry.work(n, d) * result.n_iter /
                                                       NEWTON.work(n, d)))
            try:
                tested, tol = steps and newton(objective, beta0, steps, TOL), TOL
            except (ArithmeticError, DataError) as e:     # a singular Hessian, say
                tested, result.newton_check = None, "failed (%s)" % (e,)
            if tested and tested.diagnosis:
                result.converged = False
                result.diagnosis = ("a Newton run of at most %d steps from the start, "
                                    "after the fit, found %s" % (steps, tested.diagnosis))
        if (tested and tested.converged and len(tested.iterates) > 1 and tol > 0
                and self.separation_test is not None and not self.check_separation
                and objective.diagnose(tested.beta, [b - a for a, b in zip(*tested.iterates[-2:])],
                                       -0.5 * math.log(tol))):     # the last step, at sqrt(tol)
            self.separation_test(objective, self.fit_intercept, self._reference)(result, False)

    def _advise(self, entry, objective, n, d, max_iter):
        """Warn ConvergenceWarning before the run when it may go badly: first-order
        steps on columns whose scales s_j (root mean squares) are more than SPREAD
        apart, or more than WORK multiply-adds (``Solver.work``; Newton and IRLS
        counted at NEWTON_STEPS steps), with the estimate and what to do instead."""
        if "learning_rate" in entry.settings:              # first-order steps
            s = objective.scales()
            if max(s) > SPREAD * min(s):
                warn("%s takes steps on columns whose root mean squares range from %.3g "
                     "to %.3g: on such data first-order steps crawl or diverge; standardize "
                     "the features (minilogit.datasets.standardize) or use solver='newton'"
                     % (self.solver, min(s), max(s)), ConvergenceWarning, self._CALLER + 1)
        each = entry.work(n, d)
        steps = min(max_iter, NEWTON_STEPS) if entry.hessian else max_iter
        if each * steps <= WORK or (entry.hessian and d <= FEW):
            return
        if entry.hessian:
            cost = ("each step forms and solves a %d x %d X'WX, ~%.1e multiply-adds "
                    "(N d^2/2 + d^3/3; %d steps ~%.0f s at ~%.1e a second)"
                    % (d, d, each, steps, each * steps / RATE, RATE))
            instead = "use fewer columns, or a first-order solver (~%.1e a pass)" % (3.0 * n * d)
        else:
            cost = ("up to max_iter = %d iterations of ~%.1e multiply-adds (%d passes over "
                    "%d x %d), ~%.1e in all (~%.0f s at ~%.1e a second), keeping 3 numbers "
                    "an iteration in its history" % (max_iter, each, entry.passes, n, d,
                                                     each * steps, each * steps / RATE, RATE))
            instead = "standardize the features and lower max_iter"
            if d <= FEW and "newton" in self.solvers:
                instead += (", or use solver='newton' (~%.1e a step)"
                            % NEWTON.work(n, d))
        warn("%s may take long: %s; %s" % (self.solver, cost, instead),
             ConvergenceWarning, self._CALLER + 1)

    def _keep(self, result, n_features):
        """Keep what every fit reports: the solver's outcome, and the number of features."""
        self.n_features_in_, self.n_iter_ = n_features, result.n_iter
        self.converged_, self.history_ = result.converged, result.history
        self.result_, self.separation_ = result, result.diagnosis

    def _report(self, result):
        """Warn SeparationWarning or ConvergenceWarning when the fit did not end
        well, pointing at the line that called ``fit`` (the caller's caller)."""
        if result.diagnosis is not None:
            warn("the maximum-likelihood estimate does not exist: %s. The fit "
                 "stopped at iteration %d; its coefficients are one point "
                 "on a path to infinity, not estimates. Use %sa ridge penalty "
                 "(penalty='l2'), or leave out the separating features."
                 % (result.diagnosis, result.n_iter, "Firth's penalised likelihood (penalty="
                    "'firth': finite estimates with standard errors), " * (
                        "firth" in self.penalties and self.link in (None, "logit"))),  # logit's
                 SeparationWarning, self._CALLER)
        elif not result.converged:
            s, advice = result.scales, ""     # standardizing helps if the columns need it
            if not self.solvers[self.solver].hessian and max(s) > SPREAD * min(s):
                advice = (" or standardize the features (their root mean squares range "
                          "from %.3g to %.3g)" % (min(s), max(s)))
            warn("%s did not converge in %d iteration%s: the scaled %s is %s; raise "
                 "max_iter%s" % (self.solver, result.n_iter, "s" * (result.n_iter != 1),
                                 "KKT violation" if self.solvers[self.solver].prox else "gradient",
                                 compared(result.criterion, result.tol), advice),
                 ConvergenceWarning, self._CALLER)


class LogisticRegression(Estimator):
    """Binary logistic regression p(y = classes_[1] | x) = sigma(b0 + xᵀcoef).

    Parameters
    - ``solver``: "newton" (default), "irls", "gd" or "sgd" (the rows of
      ``solvers``; ``minilogit.LogisticRegression`` adds "proximal" and "cd").
    - ``max_iter``: iterations (epochs for SGD); default by solver.
    - ``tol``: converged when the scaled gradient max_j |g_j| / (N s_j),
      the mean loss's gradient per standardized coefficient, is at most ``tol``
      (default 1e-8 in double precision; 1e-3 for SGD).
    - ``learning_rate``: gd: a fixed step, or None (default) for a line
      search; sgd: the initial step eta_0 (default 0.5).
    - ``fit_intercept``: add a column of ones (default True).
    - ``random_state``: seed of SGD's shuffling (default 0).
    - ``verbose``: 0 (default) silent; 1: a fit still running after 2 s
      reports its iteration, loss and scaled gradient on stderr; 2: every
      iteration (``minilogit.progress``; the core's class alone is silent).
    - ``start``: "zeros" (default: beta = 0, lecture 001's trace),
      "log_odds" (intercept log(ybar / (1 - ybar)), eq. (23), the rest 0), or
      a list of coefficients, intercept first (``check_start``).
    - ``penalty``: None (default), "l2", "l1" or "elasticnet", with weight
      ``lam`` (default 1) and mixing ``l1_ratio`` = alpha (default 0.5, for
      "elasticnet" only): lecture 001's
      NLL + lam((1 - alpha) betaᵀbeta + alpha ||beta||_1), eq. (41)
      (``penalty.ElasticNet``), or a ``penalty.Penalty`` of your own; one with
      an L1 part needs a solver that fits it. The intercept is never penalised.
    - ``class_weight``: None, "balanced" (class c weighs N / (K n_c), eq. (47))
      or a dict {label: weight}; it multiplies ``sample_weight``.

    Fitted attributes: ``coef_``, ``intercept_``, ``classes_``, ``n_iter_``,
    ``converged_``, ``history_`` (total loss at the start and after each
    iteration), ``separation_`` (the diagnosis when the MLE does not exist,
    else None), ``result_`` (the solver's ``FitResult``).

    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> round(m.intercept_, 6), [round(c, 6) for c in m.coef_]
    (-1.362276, [0.908184])
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> [round(p, 6) for p in m.predict_proba([[0.0], [1.5]])[0]]
    [0.796129, 0.203871]
    >>> [round(a, 6) for a in m.decision_function([[0.0], [1.5]])]     # eq. (8)
    [-1.362276, 0.0]
    >>> m.predict([[0.0], [3.0]]), m.predict([[3.0]], threshold=0.9)
    ([0, 1], [0])
    >>> LogisticRegression().fit([[0.0], [1.0]], [0, 1, 1])
    Traceback (most recent call last):
    ...
    minilogit.DataError: X has 2 rows but y has 3 labels
    """

    _PARAMS = ("solver", "max_iter", "tol", "learning_rate", "fit_intercept",
               "random_state", "start", "penalty", "lam", "l1_ratio", "class_weight", "verbose")
    solvers = {"newton": NEWTON, "irls": IRLS, "gd": GD, "sgd": SGD}

    def __init__(self, solver="newton", max_iter=None, tol=None, learning_rate=None,
                 fit_intercept=True, random_state=0, start="zeros", penalty=None, lam=None,
                 l1_ratio=None, class_weight=None, verbose=0):
        self.solver, self.max_iter, self.tol, self.start = solver, max_iter, tol, start
        self.learning_rate, self.random_state = learning_rate, random_state
        self.fit_intercept, self.penalty, self.lam = fit_intercept, penalty, lam
        self.l1_ratio, self.class_weight, self.verbose = l1_ratio, class_weight, verbose

    def _check_params(self):
        """Check the parameters; return the penalty, eq. (41)."""
        self._check_solver_params()
        check_start(self.start)
        return self._check_penalty()

    @adapted
    def fit(self, X, y, sample_weight=None):
        """Fit the coefficients to rows X and labels y; return self.

        ``sample_weight`` (optional, >= 0) counts row i w_i times, eq. (47):
        integer weights give the same fit as repeated rows, with every solver.
        Warns ``SeparationWarning`` when the classes are separated (the fit
        stops there) and ``ConvergenceWarning`` when ``max_iter`` runs out.
        """
        self._forget()
        penalty = self._check_params()
        X1 = design(X, self.fit_intercept)
        classes, y01 = check_binary_labels(y, X1.shape[0])
        weights = row_weights(sample_weight, self.class_weight, classes, y01)   # eq. (47)
        self._check_identified(X1.shape, penalty is not None)
        loss = LogisticLoss(X1, y01, weights)                # eq. (10)
        first = 1 if self.fit_intercept else 0
        beta0 = check_start(self.start, X1.shape[1])
        if beta0 is None:
            beta0 = [0.0] * X1.shape[1]
            if self.start == "log_odds" and self.fit_intercept:
                beta0[0] = logit(loss_mean(loss))            # eq. (23): log(ybar / (1 - ybar))
        penalized = list(range(first, X1.shape[1]))          # never the intercept
        result = self._solve(loss, beta0, penalty, penalized)
        self._report(result)

        self.classes_ = classes
        self.intercept_ = result.beta[0] if self.fit_intercept else 0.0
        self.coef_ = result.beta[first:]
        self._keep(result, X1.shape[1] - first)
        self._loss, self._penalised = loss, penalty is not None and not penalty.keeps_inference
        return self

    @adapted
    def decision_function(self, X):
        """Return the linear predictor b0 + x_iᵀcoef for each row (the log-odds), eq. (8)."""
        self._check_fitted()
        p, b0, coef = self.n_features_in_, self.intercept_, self.coef_    # one fit's, at once
        return check_scores([b0 + dot(r, coef) for r in check_X(X, n_features=p)])

    @adapted
    def predict_proba(self, X):
        """Return [P(classes_[0] | x), P(classes_[1] | x)] for each row, eq. (9)."""
        # 1 - p as sigma(-a), computed without cancellation
        return [[sigmoid(-a), sigmoid(a)] for a in self.decision_function(X)]

    @adapted
    def predict(self, X, threshold=0.5):
        """Return ``classes_[1]`` where P(classes_[1] | x) >= threshold, else ``classes_[0]``."""
        check_threshold(threshold)
        return [self.classes_[1] if sigmoid(a) >= threshold else self.classes_[0]
                for a in self.decision_function(X)]


def loss_mean(loss):
    """The (weighted) share of positive labels of a LogisticLoss, ybar.

    >>> from minilogit.core.matrix import Matrix
    >>> loss_mean(LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1], [2, 1, 1]))
    0.5
    """
    if loss.weights is None:
        return sum(loss.y) / len(loss.y)
    return sum(w * v for w, v in zip(loss.weights, loss.y)) / sum(loss.weights)
