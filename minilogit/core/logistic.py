"""The loss of binary logistic regression: value, gradient, Hessian, eqs. (10)-(13),
and the one protocol between an objective and the solvers (``Objective``).

Notation (the walkthrough's): X is the N x (p+1) design matrix whose rows
are x_i (a leading 1 for the intercept), y_i in {0, 1} the labels, beta the
coefficients, a_i = x_iᵀ beta the linear predictor, p_i = sigma(a_i) the
fitted probability, W = diag(p_i (1 - p_i)).

The loss is the total negative log-likelihood, a sum over examples (not a
mean), as in the lecture. An objective knows nothing about how it is
minimised: the solvers ask it only what ``Objective`` lists. ``Penalised``
(``penalty.py``) adds a penalty to any objective without touching its code.

Reading order: ``Objective`` (the protocol), ``nll`` (the lecture's formula),
``LogisticLoss`` (the same sum with its derivatives), ``diagnose_margins``
(separation, eq. (24)); then ``penalty.py``: ``Penalty`` and ``Penalised``.

>>> X = Matrix([[1.0, 0.0], [1.0, 1.0]])
>>> loss = LogisticLoss(X, [0, 1])
>>> loss.value([0.0, 0.0]) == nll(X, [0, 1], [0.0, 0.0]) == 2 * math.log(2)
True
>>> loss.gradient([0.0, 0.0])
[0.0, -0.5]
"""

import math

from .compat import EPS, INF, LOG_MAX, TINY, log1p, mul, sub
from .errors import DataError, shown
from .functions import log1pexp, sigmoid
from .matrix import Matrix, column_scales, dot, fill, weighted_gram

# A point whose margin s_i x_iᵀbeta exceeds CERTAIN_MARGIN is fitted within e^-CERTAIN_MARGIN
# of its label: "certain" (e^-30 ~ 9e-14 in double precision, e^-14.7 ~ 4e-7 in single).
CERTAIN_MARGIN = min(30.0, LOG_MAX / 6.0)

# A margin's change along a step counts as none within this fraction of the largest change
# (rounding, not a real fall). Near separation the step solves an ill-conditioned system and
# keeps about half the float's digits: 1e-6 in double precision, 4 sqrt(EPS) ~ 1.4e-3 in single.
FLAT = max(1e-6, 4.0 * math.sqrt(EPS))

# IRLS divides by w_i = p_i (1 - p_i): a weight below W_MIN is raised to it. The smallest
# normal float keeps (y_i - p_i) / w_i finite (|y_i - p_i| <= 1 < TINY * the largest float)
# and binds only where Newton's own w_i is subnormal or 0 (a point fitted with certainty:
# under separation, or far out on a column, x = 5000 among 0..4 from step 10), so IRLS
# takes Newton's steps: lecture 001's IRLS trace to 10 significant digits (a floor of
# 1e-10 bound from step 6)
W_MIN = TINY
SGD_VISITS_PER_ROW = 10     # an SGD epoch's visits per row, at most: see weighted_examples


class Objective:
    """What a solver may ask of an objective, and nothing more: the protocol.

    ===========================  ==============================================  ========
    member                       what                                            solvers
    ===========================  ==============================================  ========
    ``n_params``, ``n_examples``  len(beta); N (sum_i w_i with ``weights``)      all
    ``value(beta)``              the loss L(beta)                                all
    ``gradient(beta)``           g = dL/dbeta, a list                            all
    ``hessian(beta)``            H, a Matrix                                     newton
    ``working_response(beta)``   (w, z): IRLS's weights and response, eq. (21)  irls
    ``X``                        the design matrix                               irls
    ``penalty_newton(beta)``     a penalty's (R, R beta - its gradient), eq. (22)  irls
    ``penalty``, ``penalized``   the penalty (None) and its parameters           cd, prox
    ``example_gradient(i, b)``   example i's gradient; ``examples``: the visits  sgd
    ``diagnose(beta, step, m)``  why no minimum exists (separation), or None;    all
                               m: the margin that counts as certain
    ``scales()``                 the s_j of the convergence test                 all
    ``loss``                     the loss under any penalty or fixing            glm irls
    ===========================  ==============================================  ========

    A loss subclasses this and sets ``X``, ``n_params`` and (``set_weights``)
    ``weights`` and ``n_examples``; the defaults below hold for it. On a board
    and PyPy (``fill``) the (w, z) of ``working_response`` are the loss's work
    arrays, which its next ``working_response`` rewrites (``irls`` writes X'Wz
    into z's slots, the last use of z); its other answers are new lists. ``weights``
    (None, or w_i >= 0) are frequency weights, eq. (47): an integer weight is
    that many copies of the row.

    >>> loss = LogisticLoss(Matrix([[1.0], [1.0]]), [0, 1], weights=[2, 0.5])
    >>> loss.n_examples, loss.examples, loss.penalty_newton([1.0])[0].rows, loss.loss is loss
    (2.5, ([0, 0, 1], [1.0, 1.0, 0.5]), [[0.0]], True)
    """

    weights, penalty, penalized, offset = None, None, (), None

    def set_weights(self, weights):
        """Keep the weights (None: all 1) and n_examples = sum_i w_i."""
        self.weights = weights
        self.n_examples = self.X.shape[0] if weights is None else sum(weights)

    def weigh(self, v):
        """v_i w_i, a list: each example's term counted w_i times, eq. (47)."""
        return v if self.weights is None else [v_i * w_i for v_i, w_i in zip(v, self.weights)]

    @property
    def examples(self):
        """What an SGD epoch visits, (rows, shares): visit e is row rows[e] with share
        shares[e]; each row once with share 1 (a range, no list), or ``weighted_examples``."""
        if self.weights is None:
            n = self.X.shape[0]
            return range(n), [1.0] * n
        return weighted_examples(self.weights)

    @property
    def loss(self):
        """The loss itself (a ``Wrapper`` answers with the loss it wraps)."""
        return self

    def scales(self):
        """Each parameter's s_j: its column's root mean square (``column_scales``)."""
        s = column_scales(self.X, self.weights)
        return s * (self.n_params // len(s))          # one block per class, if several

    def penalty_newton(self, beta):
        """What a penalty adds to IRLS's eq. (22), (R, R beta - its gradient) (here: zeros)."""
        return Matrix.diag([0.0] * self.n_params), [0.0] * self.n_params

    def diagnose(self, beta, step, certain=None):
        """A message saying why no minimum exists, or None (here: always None)."""
        return None


def nll(X, y, beta):
    """Total negative log-likelihood, eq. (10), for labels y_i in {0, 1}.

    Each term is log(1 + e^a_i) - y_i a_i, the stable form of
    -[y_i log p_i + (1 - y_i) log(1 - p_i)].

    >>> nll(Matrix([[1.0], [1.0]]), [0, 1], [0.0]) == 2 * math.log(2)
    True
    """
    return sum(log1pexp(a_i) - y_i * a_i for a_i, y_i in zip(X @ beta, y))


def nll_pm1(X, s, beta):
    """The same loss for labels s_i in {-1, +1}, eq. (11): sum_i log(1 + e^(-s_i a_i)).

    p(s_i | x_i) = sigma(s_i x_iᵀ beta): the probability of the true label.

    >>> X = Matrix([[1.0, 2.0], [1.0, -1.0]])
    >>> abs(nll_pm1(X, [1, -1], [0.1, 0.5]) - nll(X, [1, 0], [0.1, 0.5])) < 1e-15
    True
    """
    return sum(log1pexp(-s_i * a) for a, s_i in zip(X @ beta, s))


def squared_error(X, y, beta):
    """Sum of squared errors of the probabilities, eq. (14): sum_i (y_i - sigma(a_i))^2.

    Lecture 000's first attempt at a loss: it is not convex in beta.

    >>> squared_error(Matrix([[1.0]]), [1], [0.0])
    0.25
    """
    return sum((y_i - sigmoid(a)) ** 2 for a, y_i in zip(X @ beta, y))


class LogisticLoss(Objective):
    """The total negative log-likelihood L(beta) of eq. (10) on data (X, y).

    y holds 0/1 labels (a list is read in place: do not change it). ``weights``
    (optional, >= 0) count example i w_i times, eq. (47), so that integer
    weights are repeated rows: the loss, gradient and Hessian are weighted
    sums and ``n_examples`` is sum_i w_i.

    >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 0])
    >>> loss.n_examples, loss.n_params
    (3, 2)
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.75, 0.5], [0.5, 1.5]]
    """

    def __init__(self, X, y, weights=None):
        self.X, self.n_params = X, X.shape[1]
        # y as given when a list (the estimators' 0/1 codes: read, never changed), so that
        # a board holds one N-long list of the labels, not two (estimators.py: its figure)
        self.y = y if type(y) is list else list(y)
        if not set(self.y) <= {0.0, 1.0}:                   # eq. (10)'s labels
            raise DataError("LogisticLoss needs labels y_i in {0, 1}, got %r"
                            % sorted(set(self.y) - {0.0, 1.0})[0])
        self.set_weights(weights)
        self._beta = self._a = self._wz = None
        # p's and a work array's slots, made before short-lived floats break up a board's
        # heap (``fill``); p's serve as a second work array once read (``hessian``)
        self._p, self._work = [0.0] * len(self.y), [0.0] * len(self.y)

    def fitted(self, beta):
        """Return (a, p) at beta: a = X beta, eq. (8), and p = sigma(a), eq. (9);
        and keep the loss L(beta) of eq. (10), which ``value`` returns.

        The last answer is kept, so the loss, the gradient, the Hessian and the
        separation check of one step cost one pass over X between them.
        """
        if self._beta != beta:
            self._beta = None               # a and p are rewritten in place: not kept until done
            # X @ beta in a's own slots: on a board a new list a step needs N free slots in
            # one piece (make board, board-f32 frozen, 100 x 4, with the Hessian's and IRLS's
            # work in p's slots: newton 66 -> 65 KB, gd 75 -> 65, irls 88 -> 65, sgd 89 -> 85)
            if not any(beta) and len(beta) == self.n_params:   # the start, beta = 0: a_i = 0,
                # p_i = sigma(0) = 1/2, and each of eq. (10)'s terms is log 2
                self._a = fill(self._a or [0.0] * len(self.y), (0.0 for _ in self.y))
                self._p = fill(self._p, (0.5 for _ in self.y))
                self._L, self._beta = self.n_examples * math.log(2.0), list(beta)
                return self._a, self._p
            self._a = a = self.X.times(beta, self._a)        # eq. (8): a_i = x_i' beta
            # p_i and L's terms from one e_i = e^-|a_i| a row, as sigmoid and log1pexp take it
            # (functions.py: the same floats, one exp a row where they take two), in the work
            # array's slots
            e = fill(self._work, (math.exp(-abs(a_i)) for a_i in a))
            self._p = fill(self._p, (1.0 / (1.0 + e_i) if a_i >= 0 else e_i / (1.0 + e_i)
                                     for a_i, e_i in zip(a, e)))    # eq. (9): p_i = sigma(a_i)
            terms = (log1p(e_i) + (a_i if a_i > 0 else 0.0) - y_i * a_i  # eq. (10): log(1 +
                     for a_i, e_i, y_i in zip(a, e, self.y))            # e^a_i) - y_i a_i
            self._L = sum(terms if self.weights is None else map(mul, self.weights, terms))
            self._beta = list(beta)
        return self._a, self._p

    def value(self, beta):
        """L(beta) = sum_i log(1 + e^a_i) - y_i a_i, eq. (10), as ``nll`` sums it (the
        same float; at beta = 0, N log 2), from the pass of ``fitted``; with weights,
        sum_i w_i (...), eq. (47).

        >>> LogisticLoss(Matrix([[1.0]]), [1]).value([1000.0])
        0.0
        """
        self.fitted(beta)
        return self._L

    def gradient(self, beta):
        """g = Xᵀ(p - y), eq. (12).

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [1]).gradient([0.0, 0.0])
        [-0.5, -1.0]
        """
        _, p = self.fitted(beta)
        r = self.weigh(fill(self._work, map(sub, p, self.y)))      # r_i = p_i - y_i
        return r @ self.X                                    # eq. (12): X'(p - y)

    def hessian(self, beta):
        """H = XᵀWX with W = diag(p_i (1 - p_i)), eq. (13); W is never formed.

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [1]).hessian([0.0, 0.0]).rows
        [[0.25, 0.5], [0.5, 1.0]]
        """
        _, p = self.fitted(beta)
        w = self.weigh(fill(self._work, (p_i * (1.0 - p_i) for p_i in p)))   # eq. (13): W_ii
        # p, read, lends its slots to the columns W x_j: the next question recomputes it
        # (one N-long list fewer; make board's figure: see fitted)
        self._beta = None
        return weighted_gram(self.X, w, p)                   # eq. (13): X'WX

    def example_gradient(self, i, beta):
        """The gradient of example i's loss alone: x_i (p_i - y_i).

        >>> LogisticLoss(Matrix([[1.0, 2.0]]), [0]).example_gradient(0, [0.0, 0.0])
        [0.5, 1.0]
        """
        # x_i read from the columns: the rows would be a second copy of X on a board's heap
        # (make board, board-f32 frozen, sgd 100 x 4: 5 KB kept)
        x_i = [x_j[i] for x_j in self.X.T.rows]
        r = sigmoid(dot(x_i, beta)) - self.y[i]
        return [r * x for x in x_i]

    def working_response(self, beta):
        """IRLS's weights w_i = p_i (1 - p_i) and adjusted response, eq. (21).

        z_i = a_i + (y_i - p_i) / w_i, with w_i raised to ``W_MIN`` when below it.
        That only happens when a point is fitted with probability within about
        W_MIN of 0 or 1, a symptom of separation; it keeps z finite so that the
        separation check, not a division by zero, ends the fit.

        >>> LogisticLoss(Matrix([[1.0]]), [1]).working_response([0.0])
        ([0.25], [2.0])
        """
        a, p = self.fitted(beta)
        # w and z in two arrays of their own, made at IRLS's first step (``fill``), which the
        # loss's other answers leave (make board, board-f32 frozen, irls 100 x 4, with irls's
        # X'Wz in z's slots: 88 -> 66 KB)
        if self._wz is None:
            self._wz = [0.0] * len(p), [0.0] * len(p)
        w = fill(self._wz[0], (max(p_i * (1.0 - p_i), W_MIN)  # eq. (21): w_i = p_i (1 - p_i)
                               for p_i in p))
        z = fill(self._wz[1], (a_i + (y_i - p_i) / w_i   # eq. (21): z_i = a_i + (y_i - p_i) / w_i
                               for a_i, y_i, p_i, w_i in zip(a, self.y, p, w)))
        return self.weigh(w), z

    def diagnose(self, beta, step, certain=CERTAIN_MARGIN):
        """Return a message when beta shows that the MLE does not exist, else None.

        ``diagnose_margins`` on the margins m_i = s_i x_iᵀbeta, eq. (24), of
        the rows of positive weight, and on s_i x_iᵀd along the last ``step``
        d (computed only if some point is ``certain``, its margin above it).

        >>> loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1])
        >>> loss.diagnose([0.0, 5.0], [0.0, 1.0]).split(":")[0], loss.diagnose([0.0, 0.0], None)
        ('complete separation', None)
        """
        a, p = self.fitted(beta)
        # a point misclassified (|y_i - p_i| > 1/2: p_i = sigma(a_i) is 1/2 or beyond on the
        # side of a_i's sign), none certain (every |a_i| <= certain): what
        # diagnose_margins says, from a search that stops at the first point misclassified
        # and a pass at C speed (make bench: the fair fit 0.9x the time)
        if (self.weights is None and any(abs(p_i - y_i) > 0.5 for p_i, y_i in zip(p, self.y))
                and max(map(abs, a)) <= certain):
            return None
        return diagnose_margins(binary_margins(a, self.y, self.weights),
                                None if step is None else
                                lambda: binary_margins(self.X @ step, self.y, self.weights),
                                margin=certain)


def weighted_examples(weights):
    """The examples SGD visits, (rows, shares), visit e row rows[e] with share
    shares[e], for weights w_i >= 0.

    Row i is visited ceil(w_i) times with share w_i / ceil(w_i) each, so the
    shares add up to w_i: an integer weight is exactly that many copies of
    the row (each with share 1), and a weight of 0 drops the row.

    >>> weighted_examples([2, 0, 0.5, 1.5])
    ([0, 0, 2, 3, 3], [1.0, 1.0, 0.5, 0.75, 0.75])

    Weights of 1e5 on 60 rows would make an epoch 6 million visits: when the
    mean weight exceeds ``SGD_VISITS_PER_ROW``, every weight is first divided
    by the same c (the minimiser stays), so an epoch is at most 11 visits a row.

    >>> rows, shares = weighted_examples([1e4, 1e4])
    >>> len(rows), rows[0], shares[0]
    (20, 0, 1.0)
    """
    c = max(1.0, sum(weights) / (SGD_VISITS_PER_ROW * len(weights)))
    rows, shares = [], []
    for i in range(len(weights)):
        w = weights[i] / c if c > 1.0 else weights[i]
        copies = int(math.ceil(w))
        if copies > 0:
            rows.extend([i] * copies)
            shares.extend([w / copies] * copies)
    return rows, shares


def binary_margins(a, y, weights=None):
    """The margins m_i = s_i a_i of eq. (24), s_i = +1 for y_i = 1 and -1 for
    y_i = 0, one at a time (an iterator); rows of weight 0 are left out.

    >>> a, y = [2.0, 3.0, -1.0], [1, 0, 1]
    >>> list(binary_margins(a, y)), list(binary_margins(a, y, weights=[1, 0, 2]))
    ([2.0, -3.0, -1.0], [2.0, -1.0])
    """
    if weights is None:
        return (a_i if y_i == 1.0 else -a_i for a_i, y_i in zip(a, y))
    return (a_i if y_i == 1.0 else -a_i for a_i, y_i, w_i in zip(a, y, weights) if w_i > 0)


def _bound():
    """e^-CERTAIN_MARGIN, rounded up as printed: 1 - p of a certain point is below it."""
    e = math.exp(-CERTAIN_MARGIN)
    return shown(e, lambda v: v >= e)


def diagnose_margins(m, step_margins=None, y=None, names=None, margin=CERTAIN_MARGIN):
    """Return a message when the margins show that the MLE does not exist, else None.

    m gives each example's margin, read once (a list or an iterator): m_i =
    s_i x_iᵀbeta for 0/1 labels (``binary_margins``), or for K classes the
    smallest of a_{i,y_i} - a_ij over j != y_i. ``step_margins`` (None when
    there is no step) is a function returning how every margin changes
    along the last step d (s_i x_iᵀd, or each x_iᵀ(d_{y_i} - d_j)); it costs
    a pass over X, so it is called only when the answer depends on it. For
    K classes pass ``y`` (each example's class index) and ``names`` (the
    class labels): the message then counts the certain points per class.
    ``margin``: the margin above which a point counts as certain.

    Complete separation: every margin is positive, eq. (24), so beta
    classifies every point correctly and t * beta drives the loss to 0 as t
    grows. Quasi-complete separation: some points are already certain
    (margin above ``CERTAIN_MARGIN``) and the step lowered no margin (up to
    ``FLAT`` of the largest change) while raising some: moving along it never
    increases the loss, so the loss has no minimum.

    >>> diagnose_margins([2.0, 0.5]).split(":")[0]
    'complete separation'
    >>> diagnose_margins([40.0, -1.0], lambda: [1.0, 0.0]).split(":")[0]
    'quasi-complete separation'
    >>> diagnose_margins([40.0, -1.0], lambda: [1.0, -0.5]) is None     # a margin fell
    True
    >>> diagnose_margins([1.0, -1.0], lambda: 1 / 0) is None            # none certain: d unused
    True
    """
    n, smallest, certain = 0, INF, {}               # one pass; certain points per class
    for n, m_i in enumerate(m, 1):
        if m_i < smallest:
            smallest = m_i
        if m_i > margin:                            # counted, not listed: a board's heap
            k = None if y is None else y[n - 1]
            certain[k] = certain.get(k, 0) + 1
    if smallest > 0:                                # eq. (24): m_i > 0 for all i
        if y is None:
            return ("complete separation: at the current coefficients every one "
                    "of the %d points is classified correctly (smallest margin "
                    "s_i x_i'beta = %.3g), so scaling them up lowers the loss "
                    "towards 0 forever" % (n, smallest))
        return ("complete separation: at the current coefficients every one of "
                "the %d points scores its own class highest (smallest margin "
                "%.3g), so scaling them up lowers the loss towards 0 forever"
                % (n, smallest))
    if not certain or step_margins is None:
        return None
    dm = step_margins()                             # only now: a pass over X
    dm = dm if isinstance(dm, list) else list(dm)
    scale = max(abs(v) for v in dm)
    if scale == 0.0 or min(dm) < -FLAT * scale:     # no step, or some margin fell
        return None
    if y is None:
        on_boundary = sum(1 for v in dm if abs(v) <= FLAT * scale)
        return ("quasi-complete separation: %d point%s fitted with "
                "a probability within %s of the label, and the last step raised "
                "or kept every margin s_i x_i'beta (%d on the "
                "separating boundary), so the loss keeps falling along it"
                % (certain[None], " is" if certain[None] == 1 else "s are", _bound(), on_boundary))
    which = ", ".join("%d of class %r" % (certain[k], names[k]) for k in sorted(certain))
    return ("quasi-complete separation: points (%s) are fitted with a "
            "probability within %s of their class, and the last step raised "
            "or kept every margin a_i,y_i - a_ij, so the loss keeps falling "
            "along it (a class that a hyperplane cuts off from the rest)"
            % (which, _bound()))
