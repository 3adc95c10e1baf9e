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
detectseparation) does:

    maximise  sum_{r not yet separated} a_r'd   subject to  A d >= 0, -1 <= d_j <= 1.

The optimum is 0 exactly when no direction separates another row. Each
round adds the rows with a_r'd > 0 to the separated ones (the sum of the
rounds' directions separates them all at once), until an optimum is 0: the
separated rows are then all that any direction can separate. All rows
separated: complete. A parameter that the sum leaves at 0 gets two more
programs, max and min d_j on the same constraints, to see whether any
separating direction moves it. The LP is solved in its dual form (p equations for p
coefficients, so the simplex tableau is p x (rows + 2p)) by the simplex
method with Bland's rule, which cannot cycle. Columns are scaled to
max |x_ij| = 1 first (the cone of directions does not change).

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
>>> check_separation(X, [0, 0, 0, 1, 1, 1])
Separation('complete', infinite=['-intercept', '+x0'])
>>> check_separation(X, [0, 1, 0, 1, 0, 1]).kind
'none'
"""

from .core.checks import check_class_labels, check_X
from .core.compat import EPS
from .core.errors import DataError

# a pivot or an objective below this is 0: relative to entries scaled to at most 1
ZERO = max(1e-9, 1e3 * EPS)


class Separation:
    """The answer of ``check_separation``.

    ``kind``: "complete", "quasi-complete" or "none"; ``infinite``: the
    parameters that some separating direction moves, so that the likelihood
    can rise without bound with them going to infinity, each named with its
    sign in ``direction`` ("+x2", "-intercept", "+x0[class 'b']"); under
    complete separation the directions fill an open cone, and typically
    every parameter is among them. ``direction``: a d along which the
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


def _simplex_dual(A, c):
    """max c'd s.t. A d >= 0, -1 <= d_j <= 1, by the simplex method on its dual

        min sum_j (v_j + w_j)  s.t.  v - w - A'lam = c,  lam, v, w >= 0,

    whose equations are p, one per coefficient. Returns (value, d, Ad):
    d is the dual solution of the tableau, d_j = 1 - (reduced cost of v_j),
    and the reduced cost of lam_r is a_r'd. The entering variable is the one
    of most negative reduced cost (Dantzig), or, after a run of steps that
    did not lower the value (degenerate ones, which could cycle), the first
    such (Bland's rule, which cannot cycle).
    """
    p, m = len(c), len(A)
    n_var = m + 2 * p                           # lam_1..lam_m, v_1..v_p, w_1..w_p
    rows, rhs, basis = [], [], []
    for j in range(p):
        sign = 1.0 if c[j] >= 0 else -1.0      # start with v_j (c_j >= 0) or w_j basic
        row = [-sign * A[r][j] for r in range(m)] + [0.0] * (2 * p)
        row[m + j], row[m + p + j] = sign, -sign
        rows.append(row)
        rhs.append(sign * c[j])
        basis.append(m + j if sign > 0 else m + p + j)
    # the reduced costs r_k = cost_k - c_B' B^-1 a_k (every basic cost is 1 at the start)
    reduced = [0.0] * m + [1.0] * (2 * p)
    for row in rows:
        reduced = [r_k - a_k for r_k, a_k in zip(reduced, row)]
    value, stalled = sum(rhs), 0
    while True:
        if stalled < 50:
            enter = min(range(n_var), key=lambda k: reduced[k])
            enter = enter if reduced[enter] < -ZERO else None
        else:
            enter = next((k for k in range(n_var) if reduced[k] < -ZERO), None)
        if enter is None:
            break
        leave, best = None, None
        for i in range(p):
            a = rows[i][enter]
            if a > ZERO:
                ratio = rhs[i] / a
                if best is None or ratio < best - ZERO or (
                        ratio <= best + ZERO and basis[i] < basis[leave]):
                    leave, best = i, ratio
        if leave is None:                       # cannot happen: the dual's value is >= 0
            raise ArithmeticError("the separation LP is unbounded")
        pivot = rows[leave][enter]
        prow = rows[leave] = [v / pivot for v in rows[leave]]
        rhs[leave] /= pivot
        for i in range(p):
            f = rows[i][enter]
            if i != leave and f != 0.0:
                rows[i] = [v - f * u for v, u in zip(rows[i], prow)]
                rhs[i] -= f * rhs[leave]
        f = reduced[enter]
        reduced = [v - f * u for v, u in zip(reduced, prow)]
        basis[leave] = enter
        new_value = sum(rhs[i] for i in range(p) if basis[i] >= m)
        stalled = stalled + 1 if new_value >= value - ZERO else 0
        value = new_value
    d = [1.0 - reduced[m + j] for j in range(p)]
    return value, d, reduced[:m]


def _separated(A, p):
    """(rows separated, a direction separating them all) by rounds of the LP."""
    separated, direction = set(), [0.0] * p
    while len(separated) < len(A):
        c = [0.0] * p
        for r in range(len(A)):
            if r not in separated:
                c = [c_j + a_j for c_j, a_j in zip(c, A[r])]
        value, d, Ad = _simplex_dual(A, c)
        new = [r for r in range(len(A)) if r not in separated and Ad[r] > ZERO]
        if value <= ZERO or not new:
            break
        separated.update(new)
        direction = [u + v for u, v in zip(direction, d)]
    return sorted(separated), direction


def check_separation(X, y, fit_intercept=True, reference_class=None):
    """Say whether (X, y) is completely, quasi-completely or not separated, and
    which coefficients go to infinity; return a ``Separation``.

    Binary y (two labels) is the logistic (or probit, cloglog) model; more
    labels, or ``reference_class`` given, the multinomial baseline-category
    model with that class's vector fixed at 0 (default: the first class).
    Parameters are named "intercept", "x0", "x1", ... (multinomial: with
    "[class k]").

    >>> check_separation([[0.0], [1.0], [1.0], [2.0]], [0, 0, 1, 1])
    Separation('quasi-complete', infinite=['-intercept', '+x0'])
    >>> r = check_separation([[0.0], [1.0], [2.0], [3.0]], ["a", "b", "b", "c"])
    >>> r.kind, len(r.infinite)
    ('complete', 4)
    """
    rows = check_X(X)
    classes, index = check_class_labels(y, len(rows), model="separation check")
    x, names = _scaled(rows, fit_intercept)
    if len(classes) == 2 and reference_class is None:
        return binary_separation(x, names, [float(k) for k in index])
    if reference_class is not None and reference_class not in classes:
        raise DataError("reference_class %r is not one of the classes %r"
                        % (reference_class, classes))
    ref = classes.index(reference_class) if reference_class is not None else 0
    return multinomial_separation(x, names, index, classes, ref)


def multinomial_separation(x, names, index, classes, ref):
    """``check_separation`` for design rows x (with their intercept column),
    class indices, the classes and the baseline's index ref.

    >>> multinomial_separation([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0]], ["intercept", "x0"],
    ...                        [0, 1, 2], ["a", "b", "c"], 0).kind
    'complete'
    """
    d = len(names)
    free = [k for k in range(len(classes)) if k != ref]
    labels = ["%s[class %r]" % (n, classes[k]) for k in free for n in names]
    A, margins = [], []
    for i, (x_i, yi) in enumerate(zip(x, index)):
        for k in range(len(classes)):
            if k == yi:
                continue
            row = [0.0] * (d * len(free))           # x_i'(d_{y_i} - d_k)
            for cls, sign in ((yi, 1.0), (k, -1.0)):
                if cls != ref:
                    b = free.index(cls) * d
                    for j in range(d):
                        row[b + j] += sign * x_i[j]
            A.append(row)
            margins.append((i, classes[k]))
    return _answer(A, labels, margins)


def _scaled(rows, fit_intercept):
    """The rows [1, x_i / scale] (columns scaled to max |x_ij| = 1) and the parameters' names."""
    scale = [max(abs(r[j]) for r in rows) or 1.0 for j in range(len(rows[0]))]
    x = [([1.0] if fit_intercept else []) + [v / s for v, s in zip(r, scale)] for r in rows]
    return x, (["intercept"] if fit_intercept else []) + ["x%d" % j for j in range(len(scale))]


def binary_separation(x, names, y, weights=None):
    """``check_separation`` for design rows x and y in [0, 1]: a share 0 < y_i < 1
    (binomial successes and failures) gives both rows x_i and -x_i; rows of
    weight 0 none.

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
    return _answer(A, names, margins)


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
    x, names = _scaled([r[1:] for r in rows] if fit_intercept else rows, fit_intercept)
    if not hasattr(loss, "K"):
        return binary_separation(x, names, loss.y, loss.weights)
    return multinomial_separation(x, names, loss.y, loss.names, reference)


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


def _answer(A, labels, margins):
    separated, direction = _separated(A, len(labels))
    if not separated:
        return Separation("none", [], None, [])
    kind = "complete" if len(separated) == len(A) else "quasi-complete"
    for j in range(len(labels)):      # a 0 here may still move along another direction
        for sign in (1.0, -1.0):
            if abs(direction[j]) <= ZERO:
                e = [0.0] * len(labels)
                e[j] = sign
                value, d, _ = _simplex_dual(A, e)              # max (or min) d_j
                if value > ZERO:
                    direction = [u + v for u, v in zip(direction, d)]
    infinite = [("+" if v > 0 else "-") + n for n, v in zip(labels, direction) if abs(v) > ZERO]
    return Separation(kind, infinite, direction, [margins[r] for r in separated])
