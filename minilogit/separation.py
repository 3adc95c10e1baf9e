"""Exact detection of separation by linear programming (Konis 2007).

The maximum-likelihood estimate of a binary or multinomial logistic model
(any link) exists exactly when no direction d of the coefficients raises
some margins and lowers none, eq. (24): with one row a_r per margin,

    binary:       a_i = s_i x_i, s_i = +1 for y_i = 1 and -1 for y_i = 0;
    multinomial:  for each i and each class k != y_i, the row that gives
                  x_i'(d_{y_i} - d_k) (the reference class's d fixed at 0),

the data are separated when some d has A d >= 0 with A d != 0 (Albert and
Anderson 1984). Along such a d the likelihood keeps rising, so the
coefficients with d_j != 0 go to +/- infinity. Completely separated: some d
has every a_r'd > 0; quasi-completely: only some.

The test solves linear programs, as Konis (2007, "Linear programming
algorithms for detecting separated data in binary logistic regression
models", DPhil thesis, Oxford; R's safeBinaryRegression and
detectseparation) does, all of the one form

    maximise  c'd  subject to  A d >= 0,  -1 <= d_j <= 1:

1. c = the sum of the rows a_r: the optimum is 0 exactly when no direction
   separates any row: not separated (one program: the usual answer).
2. Otherwise: maximise t subject to A d >= t (t <= 1, one unknown more).
   t > 0: one d makes every margin positive, complete separation. Then
   d + (a small enough amount in any entry) still does, so every parameter
   moves: the answer's direction is d with its zero entries made positive.
3. Otherwise, quasi-complete: rounds of c = the sum of the rows not yet
   separated, each adding the rows with a_r'd > 0 (the sum of the rounds'
   directions separates them all at once), until no new row is: the
   separated rows are then all that any direction can separate.
4. A parameter that the sum leaves at 0 gets two more programs, max and
   min d_j on the same constraints, to see whether any separating direction
   moves it.

Each program is solved in its dual form, p equations for p coefficients,
by the revised simplex method (``_simplex``): a pivot costs one pass over
the margins A d and p x p operations on the basis inverse, not a tableau
as wide as the rows. Columns are scaled to max |x_ij| = 1 first (the cone
of directions does not change), so a margin or a pivot below ZERO counts
as 0.

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
>>> check_separation(X, [0, 0, 0, 1, 1, 1])
Separation('complete', infinite=['-intercept', '+x0'])
>>> check_separation(X, [0, 1, 0, 1, 0, 1]).kind
'none'
"""

from .core.checks import check_class_labels, check_X
from .core.compat import EPS, _UserWarning, warn
from .core.errors import DataError
from .core.matrix import axpy, dot
from .progress import Ticker

# a pivot, a margin or an objective below this is 0: relative to entries scaled to at most 1
ZERO = max(1e-9, 1e3 * EPS)
MAX_PIVOTS = 50       # per equation of the dual, a bound on each program's pivots (breast
                      # cancer's programs take 5 and 10 per equation)
# m margins in p unknowns with m p^2 above this: warn before the work. Measured with
# tools/bench_separation.py on CPython 3.11: breast cancer, 569 x 31, m p^2 = 5.5e5, 0.25 s;
# 200 rows x 3 features, 30 classes, 5800 x 116, 7.8e7, 1.0 s; 50 classes, 9600 x 192,
# 3.5e8, 3.4 s; MicroPython is 5 to 20 times slower
COSTLY = 1e8


class Separation:
    """The answer of ``check_separation``.

    ``kind``: "complete", "quasi-complete" or "none"; ``infinite``: the
    parameters that some separating direction moves, so that the likelihood
    can rise without bound with them going to infinity, each named with its
    sign in ``direction`` ("+x2", "-intercept", "+x0[class 'b']"); under
    complete separation the directions fill an open cone, and every
    parameter is among them. ``direction``: a d along which the
    log-likelihood rises without bound (None when not separated);
    ``rows``: the indices of the rows (binary) or (row, class) margins
    (multinomial) that d separates.

    >>> r = check_separation([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])
    >>> r.kind, r.rows, r.message().split(":")[0]
    ('quasi-complete', [0, 3], 'quasi-complete separation (exact linear-programming test)')
    """

    def __init__(self, kind, infinite, direction, rows):
        self.kind, self.infinite, self.direction, self.rows = kind, infinite, direction, rows

    def __repr__(self):
        return "Separation(%r, infinite=%r)" % (self.kind, self.infinite)

    def message(self):
        """A sentence for a warning or an error."""
        if self.kind == "none":
            return "the data are not separated: the maximum-likelihood estimate exists"
        return ("%s separation (exact linear-programming test): %d of the margins can be "
                "made arbitrarily large, so the maximum-likelihood estimate does not exist; "
                "these coefficients go to infinity: %s"
                % (self.kind, len(self.rows), ", ".join(self.infinite)))


def _simplex(A, c, t=False, times=None, tick=None):
    """max c'd s.t. A d >= 0, -1 <= d_j <= 1, by the revised simplex method on its dual

        min sum_j (v_j + w_j)  s.t.  v - w - A'lam = c,  lam, v, w >= 0,

    whose equations are p, one per coefficient. With ``t``, d has one more
    entry, t = d[-1], and the constraints are A d[:-1] >= t (then c is e_t).
    ``times(d)``, when given, is A d by a shorter road than the rows.
    ``tick(describe)``, when given, is called after each pricing (progress).
    Returns (c'd, d, the margins A d): d is the simplex multipliers of the
    optimal basis B, d' = c_B' B^-1; the reduced cost of lam_r is a_r'd, of
    v_j 1 - d_j and of w_j 1 + d_j, so the optimum is reached when d is
    feasible. The method keeps B^-1 (p x p) and x_B = B^-1 c, and prices the
    columns with one pass over the margins; the entering variable is the one
    of most negative reduced cost (Dantzig), or, after a run of steps that
    did not lower the value (degenerate ones, which could cycle), the first
    such (Bland's rule, which cannot cycle in exact arithmetic). Raises
    ``ArithmeticError`` after MAX_PIVOTS pivots per equation.
    """
    p, m, c_d = len(c), len(A), c
    # c perturbed (Charnes): degenerate steps become rare, and d is optimal for an objective
    # that differs from c'd by at most ZERO * max|c_j| / 4 on the box
    size = max(map(abs, c)) or 1.0
    c = [c_j + ZERO * size * (1.0 + (j * 0.6180339887) % 1.0) / (8 * p) for j, c_j in enumerate(c)]
    sign = [1.0 if c_j >= 0 else -1.0 for c_j in c]    # start with v_j (c_j >= 0) or w_j basic
    basis = [m + j if s > 0 else m + p + j for j, s in enumerate(sign)]
    B_inv = [[s if i == j else 0.0 for j in range(p)] for i, s in enumerate(sign)]
    value, stalled = None, 0
    for pivots in range(MAX_PIVOTS * p + 1):
        x_B = [dot(row, c) for row in B_inv]                      # x_B = B^-1 c
        d = [0.0] * p
        for k, row in zip(basis, B_inv):                          # d' = c_B' B^-1: the cost
            if k >= m:                                            # of v_j, w_j is 1, lam's 0
                d = axpy(1.0, row, d)
        # the margins A d (with t, a_r'd stops at a_r's end, before t)
        Ad = times(d) if times else [dot(a, d) for a in A]
        if t:
            Ad = [v - d[-1] for v in Ad]
        reduced = Ad + [1.0 - d_j for d_j in d] + [1.0 + d_j for d_j in d]
        new_value = sum(x for k, x in zip(basis, x_B) if k >= m)
        stalled = stalled + 1 if value is not None and new_value >= value - ZERO else 0
        value = new_value
        if tick is not None:        # the stopping test: no reduced cost below -ZERO
            tick(lambda: "dual objective %.6g, most negative reduced cost %.3g"
                 % (new_value, min(reduced)))
        if stalled < 50:
            enter = reduced.index(min(reduced))
            enter = enter if reduced[enter] < -ZERO else None
        else:
            enter = next((k for k in range(m + 2 * p) if reduced[k] < -ZERO), None)
        if enter is None:
            return dot(c_d, d), d, Ad
        if enter < m:                                   # the column of lam_r: -a_r (and 1 for t)
            column = [-v for v in A[enter]] + ([1.0] if t else [])
            alpha = [dot(row, column) for row in B_inv]             # B^-1 column
        else:                                           # of v_j or w_j: +e_j or -e_j
            j, s = (enter - m, 1.0) if enter < m + p else (enter - m - p, -1.0)
            alpha = [s * row[j] for row in B_inv]
        # the ratio test (Harris's two passes): the largest step that keeps x_B >= -ZERO,
        # then, of the rows that limit it to within that, the largest pivot (or, in Bland's
        # mode, the first basic variable) for accuracy
        rows = [i for i in range(p) if alpha[i] > ZERO]
        if not rows:                            # cannot happen: the dual's value is >= 0
            raise ArithmeticError("the separation LP is unbounded")
        step = min((x_B[i] + ZERO) / alpha[i] for i in rows)
        rows = [i for i in rows if x_B[i] / alpha[i] <= step]
        leave = (min(rows, key=lambda i: basis[i]) if stalled >= 50
                 else max(rows, key=lambda i: alpha[i]))
        prow = B_inv[leave] = [v / alpha[leave] for v in B_inv[leave]]
        for i in range(p):
            if i != leave and alpha[i] != 0.0:
                B_inv[i] = axpy(-alpha[i], prow, B_inv[i])
        basis[leave] = enter
    raise ArithmeticError("check_separation: a linear program of %d margins in %d unknowns did "
                          "not finish in %d pivots (MAX_PIVOTS = %d per unknown)"
                          % (m, p, MAX_PIVOTS * p, MAX_PIVOTS))


def check_separation(X, y, fit_intercept=True, reference_class=None, verbose=0):
    """Say whether (X, y) is completely, quasi-completely or not separated, and
    which coefficients go to infinity; return a ``Separation``.

    Binary y (two labels) is the logistic (or probit, cloglog) model; more
    labels, or ``reference_class`` given, the multinomial baseline-category
    model with that class's vector fixed at 0 (default: the first class).
    Parameters are named "intercept", "x0", "x1", ... (multinomial: with
    "[class k]"). ``verbose``: as for ``LogisticRegression``, a report per
    simplex pivot (``minilogit.progress``).

    >>> check_separation([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])
    Separation('quasi-complete', infinite=['-intercept', '+x0'])
    >>> r = check_separation([[0.0], [1.0], [2.0], [3.0]], ["a", "b", "b", "c"])
    >>> r.kind, len(r.infinite)
    ('complete', 4)
    """
    rows = check_X(X)
    classes, index = check_class_labels(y, len(rows), model="separation check")
    x, names = _scaled(rows, fit_intercept)
    ticker = Ticker("separation LP pivot", verbose)
    try:
        if len(classes) == 2 and reference_class is None:
            return binary_separation(x, names, [float(k) for k in index], ticker=ticker)
        if reference_class is not None and reference_class not in classes:
            raise DataError("reference_class %r is not one of the classes %r"
                            % (reference_class, classes))
        ref = classes.index(reference_class) if reference_class is not None else 0
        return multinomial_separation(x, names, index, classes, ref, ticker)
    finally:
        ticker.close()


def multinomial_separation(x, names, index, classes, ref, ticker=None):
    """``check_separation`` for design rows x (with their intercept column),
    class indices, the classes and the baseline's index ref (``ticker``: a
    ``minilogit.progress.Ticker`` for the pivots).

    >>> multinomial_separation([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], ["intercept", "x0"],
    ...                        [0, 1, 2], ["a", "b", "c"], 0).kind
    'complete'
    """
    d = len(names)
    free = [k for k in range(len(classes)) if k != ref]
    labels = ["%s[class %r]" % (n, classes[k]) for k in free for n in names]
    A, margins, pairs = [], [], []
    for i, (x_i, yi) in enumerate(zip(x, index)):
        for k in range(len(classes)):
            if k == yi:
                continue
            pairs.append((i, yi, k))
            row = [0.0] * (d * len(free))           # x_i'(d_{y_i} - d_k)
            for cls, sign in ((yi, 1.0), (k, -1.0)):
                if cls != ref:
                    b = free.index(cls) * d
                    for j in range(d):
                        row[b + j] += sign * x_i[j]
            A.append(row)
            margins.append((i, classes[k]))

    def times(u):               # A u from the classes' scores x_i'u_k (the baseline's are 0)
        blocks = [u[f * d:(f + 1) * d] for f in range(len(free))]
        scores = [[dot(x_i, blocks[free.index(k)]) for x_i in x] if k != ref else
                  [0.0] * len(x) for k in range(len(classes))]
        return [scores[yi][i] - scores[k][i] for i, yi, k in pairs]
    return _answer(A, labels, margins, times, ticker)


def _scaled(rows, fit_intercept):
    """The rows [1, x_i / scale] (columns scaled to max |x_ij| = 1) and the parameters' names."""
    scale = [max(abs(r[j]) for r in rows) or 1.0 for j in range(len(rows[0]))]
    x = [([1.0] if fit_intercept else []) + [v / s for v, s in zip(r, scale)] for r in rows]
    return x, (["intercept"] if fit_intercept else []) + ["x%d" % j for j in range(len(scale))]


def binary_separation(x, names, y, weights=None, ticker=None):
    """``check_separation`` for design rows x and y in [0, 1]: a share 0 < y_i < 1
    (binomial successes and failures) gives both rows x_i and -x_i; rows of
    weight 0 none (``ticker``: a ``minilogit.progress.Ticker`` for the pivots).

    >>> binary_separation([[1.0, 0.0], [1.0, 1.0]], ["intercept", "x0"], [0.5, 1.0]).kind
    'quasi-complete'
    """
    A, margins = [], []
    for i, (x_i, y_i) in enumerate(zip(x, y)):
        if weights is not None and not weights[i] > 0:
            continue
        if y_i > 0:
            A.append(list(x_i))                           # s_i x_i with s_i = +1
            margins.append(i)
        if y_i < 1:
            A.append([-v for v in x_i])                   # s_i = -1
            margins.append(i)
    return _answer(A, names, margins, ticker=ticker)


def check_loss(loss, fit_intercept, reference=0):
    """The exact test on the data of a fit's loss: ``LogisticLoss`` or a binomial
    ``GLMLoss`` (0/1 labels or shares, weights) or ``SoftmaxLoss`` (with the
    class of index ``reference`` as the baseline); a penalty's or a
    ``FixedAtZero``'s wrapped loss is found inside.

    >>> from minilogit.core.logistic import LogisticLoss, Matrix
    >>> check_loss(LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1]), True).kind
    'complete'
    """
    loss = loss.loss                    # the loss under any penalty or fixing
    rows = loss.X.rows
    if not hasattr(loss, "K"):
        x, names = _scaled([r[1:] for r in rows] if fit_intercept else rows, fit_intercept)
        return binary_separation(x, names, loss.y, loss.weights)
    y = loss.y
    if loss.weights is not None:        # a row of weight 0 is not data
        rows = [r for r, w in zip(rows, loss.weights) if w > 0]
        y = [c for c, w in zip(y, loss.weights) if w > 0]
    x, names = _scaled([r[1:] for r in rows] if fit_intercept else rows, fit_intercept)
    return multinomial_separation(x, names, y, loss.names, reference)


def exact_test(loss, fit_intercept, reference=0):
    """``check_loss``'s answer before a fit, as the function that applies it to
    the fit's result after (``exact_diagnosis``): an estimator's ``separation_test``.

    >>> from minilogit.core.logistic import LogisticLoss, Matrix
    >>> from minilogit.core.solvers import FitResult
    >>> verdict = exact_test(LogisticLoss(Matrix([[1.0, 0.0], [1.0, 1.0]]), [0, 1]), True)
    >>> verdict(FitResult("newton", [0.0], [1.0], [0.5], 1, True, None), False).converged
    False
    """
    answer = check_loss(loss, fit_intercept, reference)
    return lambda result, penalised: exact_diagnosis(result, answer, penalised)


def exact_diagnosis(result, answer, penalised):
    """Keep the exact test's answer with the solver's ``result``
    (``result.separation_check``, the estimators' ``separation_check_``) and,
    for an unpenalised fit of separated data, make it the diagnosis: such a
    fit has not converged, and the estimator's warning and ``separation_``
    say why.

    >>> from minilogit.core.solvers import FitResult
    >>> r = FitResult("irls", [0.0], [1.0], [0.5], 1, True, None)
    >>> answer = check_separation([[0.0], [1.0]], [0, 1])
    >>> exact_diagnosis(r, answer, False).converged, r.diagnosis.split(" (")[0]
    (False, 'complete separation')
    """
    result.separation_check = answer
    if answer.kind != "none" and not penalised:
        result.diagnosis = answer.message()
        result.converged = False
    return result


def _answer(A, labels, margins, times=None, ticker=None):
    """The ``Separation`` of the margin rows A, by the programs of the module's docstring."""
    p, m = len(labels), len(A)
    pivots = [0]                                # counted over all the programs

    def tick(describe):
        pivots[0] += 1
        ticker.tick(pivots[0], describe)
    tick = tick if ticker is not None and ticker.verbose else None
    if m * p * p > COSTLY:
        warn("check_separation: the linear programs have %d margins in %d unknowns; each "
             "simplex pivot computes every margin and a program can need several times %d "
             "pivots, so this can take minutes in pure Python" % (m, p, p),
             _UserWarning, stacklevel=4)
    separated, direction = set(), [0.0] * p
    while len(separated) < m:                   # 1, 3: max the sum of the margins left
        left = [A[r] for r in range(m) if r not in separated]
        _, d, Ad = _simplex(A, [sum(column) for column in zip(*left)], times=times, tick=tick)
        new = [r for r in range(m) if Ad[r] > ZERO and r not in separated]
        if not new:
            break
        if not separated:                       # 2: max t subject to A d >= t
            t, d_t, _ = _simplex(A, [0.0] * p + [1.0], True, times, tick)
            if t > ZERO:                        # every margin >= t: complete separation
                separated, d = set(range(m)), [v / t for v in d_t[:p]]
                # every margin of d is >= 1, so d + 1/(2p) in any entries leaves them >= 1/2:
                # the directions fill an open cone, and every parameter moves
                direction = [v if abs(v) > ZERO else 0.5 / p for v in d]
                break
        separated.update(new)
        direction = [u + v for u, v in zip(direction, d)]
    if not separated:
        return Separation("none", [], None, [])
    kind = "complete" if len(separated) == m else "quasi-complete"
    for j in range(p):                # 4: a 0 here may still move along another direction
        for sign in (1.0, -1.0):
            if abs(direction[j]) <= ZERO:
                e = [0.0] * p
                e[j] = sign
                value, d, _ = _simplex(A, e, times=times, tick=tick)     # max (or min) d_j
                if value > ZERO:
                    direction = [u + v for u, v in zip(direction, d)]
    infinite = [("+" if v > 0 else "-") + n for n, v in zip(labels, direction) if abs(v) > ZERO]
    return Separation(kind, infinite, direction, [margins[r] for r in sorted(separated)])
