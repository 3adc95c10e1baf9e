"""The four solvers of the lecture, side by side: GD, SGD, Newton and IRLS.

A solver knows nothing about logistic regression: it takes an objective
(``value``, ``gradient``, ``hessian``, ...; see ``minilogit.core.logistic``)
and a starting point, and returns a ``FitResult``. Every solver stops when
the gradient test passes, after ``max_iter`` iterations, or when the
objective's ``diagnose`` says no minimum exists (separation).

The gradient test, the same for every solver, does not depend on the units
of the features: ``scaled_gradient`` <= ``tol``, the gradient of the mean
loss with respect to the standardized coefficients (walkthrough, section 10).

==================  =========================================  ==========
solver              update                                     equations
==================  =========================================  ==========
gradient_descent    beta - eta g (fixed eta or line search)    (15), (16)
sgd                 beta - eta_t x_i (p_i - y_i), one i        (17)-(19)
newton              beta - H⁻¹ g                               (20)
irls                (XᵀWX)⁻¹ XᵀWz                              (21), (22)
==================  =========================================  ==========

>>> from minilogit.core.matrix import Matrix
>>> from minilogit.core.logistic import LogisticLoss
>>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 0.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0, 1])
>>> a, b = newton(loss, [0.0, 0.0]), irls(loss, [0.0, 0.0])
>>> a.converged, a.n_iter, max(abs(u - v) for u, v in zip(a.beta, b.beta)) < 1e-15
(True, 5, True)
>>> [round(v, 6) for v in gradient_descent(loss, [0.0, 0.0]).beta]
[-0.454092, 0.908184]
"""

from .compat import BOARD, EPS, floats, mul
from .errors import DataError, DivergenceError, SingularMatrixError, shown
from .matrix import axpy, fill, max_abs, weighted_gram

# The default tol of newton, irls and gd: 1e-8 in double precision; 16 EPS
# (1.9e-6) in single, where a scaled mean gradient is known to a few EPS only
# (gd's line search still makes progress there by its slope form, _backtrack).
TOL = max(1e-8, 16.0 * EPS)

# A fixed-step loss that rose by less than this fraction is rounding, not divergence.
ROUNDING = max(1e-12, 64.0 * EPS)

# A mean loss that rose by more than GROWTH (1 + |its start|) has diverged.
GROWTH = 10.0

# A FitResult keeps the first and last TRACE_KEEP iterates, not all (tol=0, say): see record
# (minilogit.tables.trace_records numbers them).
# A board keeps 5: an iterate's floats stay where they land among a fit's holes (make board,
# board-f32 frozen, sgd 100 x 4 in 50 epochs, with SGD's rows and shares: 85 -> 81 KB).
TRACE_KEEP = 5 if BOARD else 50

# Multiply-adds: a fit that may take more says so first (Estimator._advise).
WORK = 1e8


class FitResult:
    """The outcome of a solver run.

    ``beta``: the final iterate. ``history``: the loss at the start and after
    each iteration (so ``len(history) == n_iter + 1``). ``grad_norms``: the
    largest |component| of the gradient at the same points (SGD: at the end
    of each epoch). ``criteria``: the stopping rule's quantity at the same
    points (``scaled_gradient``, whose s_j are ``scales``). ``converged``:
    the stopping test passed, at iteration ``tested`` (Newton and IRLS then
    took the step solved there, unless ``max_iter`` came first), and no
    diagnosis followed. ``criterion``: the scaled gradient at ``tested``
    (what the gradient test passed with), or the last one when no test
    passed. ``diagnosis``: why the fit stopped early (e.g. separation), or
    None.

    >>> r = FitResult("newton", [0.0], [1.0], [0.5], 0, False, None)
    >>> r
    FitResult(solver='newton', n_iter=0, converged=False, loss=1.0)
    """

    def __init__(self, solver, beta, history, grad_norms, n_iter, converged, diagnosis,
                 iterates=None, equation="", details=None, scales=None, criteria=None,
                 tested=None):
        self.solver, self.beta, self.n_iter, self.equation = solver, beta, n_iter, equation
        self.history, self.grad_norms = list(history), list(grad_norms)   # (a run's: floats())
        self.criteria = list(criteria or [])
        self.converged, self.diagnosis, self.tested = converged, diagnosis, tested
        self.iterates, self.details, self.scales = iterates or [beta], details or [], scales

    @property
    def criterion(self):
        """The scaled gradient at ``tested``, or the last one (None when none was kept)."""
        if not self.criteria:
            return None
        return self.criteria[self.tested if self.tested is not None else -1]

    def __repr__(self):
        return ("FitResult(solver=%r, n_iter=%d, converged=%r, loss=%r)"
                % (self.solver, self.n_iter, self.converged, self.history[-1]))


def record(iterates, details, beta, detail):
    """Keep an iteration's beta and detail for the trace; beyond 2 TRACE_KEEP,
    drop the oldest of the middle ones (the first TRACE_KEEP stay).

    >>> its, ds, T = [0], [], TRACE_KEEP
    >>> for k in range(1, 3 * T): record(its, ds, k, None)
    >>> its[:T] == list(range(T)), its[T:] == list(range(2 * T, 3 * T))   # first T, last T
    (True, True)
    """
    iterates.append(beta)
    details.append(detail)
    if len(iterates) > 2 * TRACE_KEEP:
        del iterates[TRACE_KEEP]
        del details[TRACE_KEEP - 1]


class Solver:
    """A row of a model's table of solvers (``solvers``): the function, the
    model's parameters it is given (``settings``, e.g. ``learning_rate``),
    its default ``max_iter`` and ``tol``, whether it fits a penalty's
    non-smooth part by its prox (``prox``: the L1 term; ``fits``), whether it
    solves a d x d Hessian a step (``hessian``), else its passes over N x d
    data an iteration (``passes``), and whether it reads the objective by its
    terms (``by_terms``: an example or a coefficient at a time), so that it
    fits only a penalty that is a sum of one term per coefficient.
    With ``least``, the default max_iter is as many as WORK allows, ``least``
    to ``max_iter``. A layer above the core, or a user, adds rows to a table.

    >>> from minilogit.core import LogisticRegression
    >>> LogisticRegression.solvers["gd"].settings
    ('learning_rate',)
    """

    def __init__(self, function, max_iter, tol, settings=(), prox=False, hessian=False,
                 passes=3, least=None, by_terms=False):
        self.function, self.max_iter, self.tol = function, max_iter, tol
        self.settings, self.prox, self.hessian = tuple(settings), prox, hessian
        self.passes, self.least, self.by_terms = passes, least, by_terms

    def fits(self, penalty):
        """Whether it fits ``penalty`` (a ``Penalty`` or None): a smooth one, every
        solver; one with a non-smooth part, a solver with ``prox``; one that is no
        sum of a term per coefficient, a solver that does not read the objective
        by its terms (``by_terms``: per example, per coefficient)."""
        return penalty is None or ((penalty.smooth or self.prox)
                                   and (penalty.separable or not self.by_terms))

    def iterations(self, n, d):
        """The default max_iter on N rows and d parameters (see above).

        >>> gd = Solver(gradient_descent, 10000, TOL, least=500)
        >>> gd.iterations(20, 3), gd.iterations(5000, 11), gd.iterations(10 ** 6, 11)
        (10000, 606, 500)
        """
        if self.least is None:
            return self.max_iter
        return max(self.least, min(self.max_iter, int(WORK / self.work(n, d))))

    def work(self, n, d):
        """Multiply-adds of an iteration, about: a Hessian step forms X'WX
        (N d^2 / 2, symmetric) and solves it (d^3 / 3); others: ``passes`` N d."""
        return n * d * d / 2.0 + d ** 3 / 3.0 if self.hessian else self.passes * n * d


def scaled_gradient(g, scales, n_examples):
    """max_j |g_j| / (N s_j): the largest component of the gradient of the
    mean loss L / N with respect to the standardized coefficients s_j beta_j.

    >>> scaled_gradient([2e-3, -5e-3], [1.0, 1e-3], 10)
    0.5
    """
    return max([abs(g_j) / s_j for g_j, s_j in zip(g, scales)]) / n_examples


def verdict(criterion, tol, diagnosis, n_iter, max_iter):
    """(stop, converged): stop at separation, the gradient test or max_iter.

    >>> verdict(1e-9, 1e-8, None, 3, 100), verdict(1e-9, 1e-8, "separation", 3, 100)
    ((True, True), (True, False))
    """
    if diagnosis is not None:
        return True, False
    if criterion <= tol:                                 # the gradient test
        return True, True
    return n_iter == max_iter, False


def compared(value, tol):
    """"value <= tol = T" or "value > tol = T", with value printed to as few
    digits (three at least) as keep the inequality true of the printed numbers.

    >>> compared(4.8e-10, 1e-8), compared(1.00001e-8, 1e-8)
    ('4.8e-10 <= tol = 1e-08', '1.00001e-08 > tol = 1e-08')
    """
    passed, bound = value <= tol, "%g" % tol
    text = shown(value, lambda v: (v <= float(bound)) == passed, 3)
    return "%s %s tol = %s" % (text, "<=" if passed else ">", bound)


def rose(L0, L):
    """How the loss changed, in words true of the digits shown: "rose from L0
    to L", or "went from L0 to nan" where L is no number (an overflow).

    >>> rose(2.0794, 5.02), rose(164.8, float("nan"))
    ('rose from 2.079 to 5.02', 'went from 164.8 to nan (its terms overflowed a float)')
    """
    start = "%.4g" % L0
    if L != L:
        return "went from %s to nan (its terms overflowed a float)" % start
    return "rose from %s to %s" % (start, shown(L, lambda v: not v <= float(start), 4))


def check_divergence(solver, history, L, n_examples, when, penalty=None):
    """Raise DivergenceError if the mean loss, L after history, rose over GROWTH (1 + |L0|);
    under a ``penalty``, whose share of each step grows with lam, it names lam too.

    >>> check_divergence("sgd", [6.9], 7.0, 10, "in epoch 1")      # no error: no divergence
    """
    L0 = history[0]
    if not (L - L0 <= GROWTH * (n_examples + abs(L0))):      # also catches inf and nan
        raise DivergenceError("%s diverged %s: the loss %s; use a smaller learning_rate%s"
                              % (solver, when, rose(L0, L), "" if penalty is None else
                                 " or a smaller lam (the %s penalty's share of each step "
                                 "grows with lam)" % penalty),
                              history=list(history) + [L])   # a new list only here (a board)


class Run:
    """The bookkeeping of one solver run, kept beside its loop so that the loop
    reads as the lecture's: the loss history, the gradient test, the trace,
    and the separation check after each step.

    ``done(g)`` records the gradient at the current beta and says whether the
    run stops there: the gradient test passed (converged), ``max_iter`` steps
    were taken, or the last step showed that no minimum exists (separation).
    With ``finish`` (Newton, IRLS) a run whose test passes takes one more
    step, the one solved where it passed, and then stops: near the optimum
    a Newton step squares the error (quadratic convergence), so the fit ends
    at the float's optimum, not one step short of it.
    ``step(beta, L)`` records a step to beta, where the loss is L.

    >>> from minilogit.core.matrix import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> run = Run("newton", "(20)", LogisticLoss(Matrix([[1.0], [1.0]]), [0, 1]), [1.0], 10, TOL)
    >>> run.done([0.5]), run.step([0.0], run.objective.value([0.0])), run.done([0.0])
    (False, None, True)
    >>> run.result()
    FitResult(solver='newton', n_iter=1, converged=True, loss=1.3862943611198906)
    """

    def __init__(self, name, equation, objective, beta0, max_iter, tol, finish=False):
        self.name, self.equation, self.objective = name, equation, objective
        self.max_iter, self.tol, self.finish = max_iter, tol, finish
        self.n, self.scales, self.beta = objective.n_examples, objective.scales(), list(beta0)
        self.history, self.grad_norms = floats([objective.value(self.beta)]), floats()
        self.criteria = floats()
        self.iterates, self.details = [self.beta], []
        self.n_iter, self.diagnosis, self.last_step = 0, None, None
        self.converged, self.tested = False, None

    def done(self, g):
        self.grad_norms.append(max_abs(g))
        self.criteria.append(scaled_gradient(g, self.scales, self.n))
        if self.tested is not None:           # the step after the test has been taken
            self.converged = self.diagnosis is None
            return True
        stop, self.converged = verdict(self.criteria[-1], self.tol, self.diagnosis,
                                       self.n_iter, self.max_iter)
        if self.converged:                    # the test passed here: stop, or (finish)
            self.tested = self.n_iter         # first take the step solved here
            return not self.finish or self.n_iter == self.max_iter
        return stop

    def step(self, beta, L, detail=None):
        self.last_step = [b1 - b0 for b1, b0 in zip(beta, self.beta)]
        self.beta = beta
        self.history.append(L)
        record(self.iterates, self.details, beta, detail or {})
        self.n_iter += 1
        self.diagnosis = self.objective.diagnose(beta, self.last_step)

    def separated(self):
        """True when separation explains a singular XᵀWX at the current beta (the
        weights of the separated points underflow): the run then stops there."""
        self.diagnosis = self.objective.diagnose(self.beta, self.last_step)
        self.converged = False
        return self.diagnosis is not None

    def result(self):
        return FitResult(self.name, self.beta, self.history, self.grad_norms, self.n_iter,
                         self.converged, self.diagnosis, self.iterates, self.equation,
                         self.details, self.scales, self.criteria, self.tested)


def gradient_descent(objective, beta0, learning_rate=None, max_iter=10000, tol=TOL):
    """Minimise ``objective`` by batch gradient descent from ``beta0``.

    ``learning_rate``: a fixed eta > 0, or None for a backtracking line
    search. Raises ``DivergenceError`` when a fixed step makes the loss grow
    or overflow.

    >>> from minilogit.core.matrix import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> round(gradient_descent(loss, [0.0], learning_rate=0.5).beta[0], 6)
    0.693147
    >>> gradient_descent(loss, [0.0], learning_rate=10.0)
    Traceback (most recent call last):
    ...
    minilogit.DivergenceError: gradient descent diverged at iteration 1: the loss rose from 2.079 to 5.02 with the fixed learning rate 10; use a smaller learning_rate (any rate below 2/L, L the largest eigenvalue of the Hessian anywhere, lowers the loss at every step) or learning_rate=None for a line search
    """
    run = Run("gd", "(15)" if learning_rate is not None else "(15), (16)",
              objective, beta0, max_iter, tol)
    beta, eta = run.beta, 1.0 if learning_rate is None else learning_rate
    g = objective.gradient(beta)                                     # eq. (12)
    while not run.done(g):
        L = run.history[-1]
        if learning_rate is None:                                    # a line search, eq. (16)
            eta, beta_new, L_new = _backtrack(objective, beta, g, L, 2.0 * eta)
            if beta_new is None:        # no step lowers the loss: rounding has won
                break
        else:
            beta_new = [b - eta * g_j for b, g_j in zip(beta, g)]   # eq. (15)
            L_new = objective.value(beta_new)
            if not (L_new <= L * (1.0 + ROUNDING)):   # also catches inf and nan
                raise DivergenceError(
                    "gradient descent diverged at iteration %d: the loss %s "
                    "with the fixed learning rate %g; use a "
                    "smaller learning_rate (any rate below 2/L, L the largest "
                    "eigenvalue of the Hessian anywhere, lowers the loss at every step) or "
                    "learning_rate=None for a line search"
                    % (run.n_iter + 1, rose(L, L_new), eta), history=list(run.history) + [L_new])
        beta = beta_new
        run.step(beta, L_new, {"eta": eta})
        g = objective.gradient(beta)                                 # eq. (12)
    return run.result()


def _backtrack(objective, beta, g, L, eta):
    """Halve eta until L(beta - eta g) <= L(beta) - eta/2 ||g||^2, eq. (16), or,
    where rounding hides that fall, its slope form g(beta_new)·g >= ||g||^2 / 2
    (L convex: L fell by eta/2 ||g||^2 at least). Returns (eta, beta_new, L_new),
    or (eta, None, None) when no step that moves beta passes (the run stops):
    a floor on eta would assume the loss's units (a ridge of lam = 1e300 takes
    steps near 1e-300). Both sides are multiplied by eta, as the step eta g times
    g: ||g||^2 itself overflows where the weights are near 1e300.
    """
    while True:
        step = [eta * g_j for g_j in g]
        beta_new = [b - s_j for b, s_j in zip(beta, step)]          # eq. (15)
        if beta_new == beta:
            return eta, None, None
        L_new, fall = objective.value(beta_new), 0.5 * sum(map(mul, step, g))   # eta/2 ||g||^2
        if L_new <= L - fall and L_new < L:                         # eq. (16)
            return eta, beta_new, L_new
        if abs(L_new - L) <= ROUNDING * abs(L) and \
                sum(map(mul, objective.gradient(beta_new), step)) >= fall:
            return eta, beta_new, L_new                              # its slope form
        eta *= 0.5


def sgd(objective, beta0, learning_rate=None, max_iter=200, tol=1e-3, random_state=0):
    """Minimise ``objective`` by averaged stochastic gradient descent from ``beta0``.

    ``max_iter`` counts epochs (passes over the data). The rate eta_t, eq. (18),
    falls as 1/t (to half after N updates, 300 at least); the average restarts
    after 1, 2, 4, 8, ... epochs: after E it holds the last half of them when E
    is a power of 2, the last epoch alone when E is one more (5, 9, 17). The run has converged when the full gradient at
    the average passes the shared test; its noise makes a looser ``tol`` the
    default (1e-3). ``history`` holds the loss at the start and after each
    epoch; ``beta`` is the average. A loss far above its start raises
    ``DivergenceError`` (``check_divergence``).

    >>> from minilogit.core.matrix import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> r = sgd(loss, [0.0])
    >>> abs(r.beta[0] - 0.6931472) < 0.05       # near log 2, not on it
    True
    """
    learning_rate = 0.5 if learning_rate is None else learning_rate      # eta_0
    if not learning_rate > 0:
        raise DataError("learning_rate must be positive, got %r" % (learning_rate,))
    run = Run("sgd", "(17)-(19)", objective, beta0, max_iter, tol)
    rows, shares = objective.examples   # visit e: row rows[e], share 1 unless weighted, eq. (47)
    per_epoch = sum(shares)             # n, unless the weights were scaled down
    from .rng import Random            # only SGD shuffles: loaded when it runs
    rng, order = Random(random_state), list(range(len(rows)))
    beta, beta_bar, t = list(beta0), list(beta0), 0
    g = objective.gradient(beta_bar)
    while not run.done(g):             # the gradient test at the average
        rng.shuffle(order)
        if (run.n_iter & (run.n_iter - 1)) == 0:   # after 0, 1, 2, 4, 8... epochs the
            count = 0                  # average restarts (after 8 epochs it holds 5 to 8)
        for e in order:
            i, share = rows[e], shares[e]
            eta_t = learning_rate / (1.0 + t / max(per_epoch, 300.0))  # eq. (18)
            g_i = objective.example_gradient(i, beta)                   # x_i (p_i - y_i)
            step = eta_t * share                                        # share: eq. (47)
            beta = axpy(-step, g_i, beta)    # eq. (17), in beta's slots (board sgd: 82 -> 80 KB)
            t += 1
            count += 1                                                  # eq. (19): running mean
            beta_bar = [m + (b - m) / count for m, b in zip(beta_bar, beta)]
        L = objective.value(beta_bar)
        check_divergence("stochastic gradient descent", run.history, L, run.n,
                         "in epoch %d" % (run.n_iter + 1), objective.penalty)
        run.step(beta_bar, L, {"eta": eta_t})
        g = objective.gradient(beta_bar)
    return run.result()


def newton(objective, beta0, max_iter=100, tol=TOL):
    """Minimise ``objective`` by Newton-Raphson from ``beta0``.

    beta_new = beta - H⁻¹ g, eq. (20), with H⁻¹ g found by solving H delta = g
    (Gauss-Jordan), never by forming H⁻¹. Stops one step after the gradient
    test passes (the step solved where it passed squares the error, so the
    fit ends at the float's optimum; ``Run``), after ``max_iter`` steps, or
    when the objective diagnoses that no minimum exists (separation).

    >>> from minilogit.core.matrix import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> r = newton(LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1]), [0.0])
    >>> ["%.1e" % c for c in r.criteria]             # the scaled gradient, squared each step
    ['1.7e-01', '5.9e-03', '2.5e-05', '4.8e-10', '3.7e-17']
    >>> import math
    >>> r.tested, r.n_iter, abs(r.beta[0] - math.log(2)) < 1e-15   # log(2/1), the log-odds of 2 to 1
    (3, 4, True)
    """
    run = Run("newton", "(20)", objective, beta0, max_iter, tol, finish=True)
    beta = run.beta
    g = objective.gradient(beta)                         # eq. (12): g = X'(p - y)
    while not run.done(g):                               # the test, then one more step (Run)
        H = objective.hessian(beta)                      # eq. (13): H = X'WX
        try:
            delta = H.solve(g)                           # eq. (20): H delta = g
        except SingularMatrixError:
            if run.separated():
                break
            raise
        beta = [b - d for b, d in zip(beta, delta)]      # eq. (20): beta - H^-1 g
        run.step(beta, objective.value(beta))            # eq. (10)
        g = objective.gradient(beta)                     # eq. (12)
    return run.result()


def irls(objective, beta0, max_iter=100, tol=TOL):
    """Minimise ``objective`` by iteratively reweighted least squares.

    Each iteration forms the weights w_i and the adjusted response z, eq. (21),
    and solves (XᵀWX + R) beta = XᵀWz + r, eq. (22) (a penalty's R and r:
    ``penalty_newton``). ``working_response`` guards z where w_i -> 0. Each
    step is Newton's, so the run stops as ``newton``'s does: one after the test.

    >>> from minilogit.core.matrix import Matrix
    >>> from minilogit.core.logistic import LogisticLoss
    >>> round(irls(LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1]), [0.0]).beta[0], 12)
    0.69314718056
    """
    run = Run("irls", "(21), (22)", objective, beta0, max_iter, tol, finish=True)
    X, beta = objective.X, run.beta
    g = objective.gradient(beta)                         # eq. (12)
    while not run.done(g):                               # the test, then one more step (Run)
        w, z = objective.working_response(beta)          # eq. (21): w_i, z = X beta + W^-1 (y - p)
        XtWz = fill(z, map(mul, w, z)) @ X               # eq. (22): X'Wz, (Wz)_i = w_i z_i in z
        R, r = objective.penalty_newton(beta)            # a penalty's Hessian R, R beta - its gradient
        # eq. (22): X'WX + R, W never formed, z's slots its work array: no N-long list a
        XtWX = weighted_gram(X, w, z) + R                # step (make board: irls 88 -> 65 KB)
        try:
            beta = XtWX.solve([u + v for u, v in zip(XtWz, r)])   # eq. (22): (X'WX + R) beta = X'Wz + r
        except SingularMatrixError:
            if run.separated():
                break
            raise
        run.step(beta, objective.value(beta), {"w_min": min(w), "w_max": max(w)})
        g = objective.gradient(beta)                     # eq. (12)
    return run.result()
