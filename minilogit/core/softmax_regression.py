"""Softmax (multinomial) regression: its cross-entropy and the estimator, eqs. (25)-(30).

Notation: K classes, one parameter vector theta_k per class (intercept
first, like the rows x_i of the design matrix X), laid end to end in one
flat vector theta = [theta_0, theta_1, ..., theta_{K-1}] so that the
solvers can treat it like any other. a_ik = x_iᵀtheta_k is the score of
class k, p_ik = softmax(a_i)_k its probability, eq. (25), and y_i is the
index (0..K-1) of example i's class.

Adding the same vector c to every theta_k changes no probability of eq. (25),
so K free vectors are not identifiable: the cross-entropy, eq. (26), is flat
along that direction and its Hessian, eq. (28), singular. The estimator's
default is the lecture's cure, eq. (30): one class's vector
is fixed at 0 (``reference_class``; by default the first class), the
baseline-category model of statsmodels' MNLogit, and the others measure
log-odds against it; for two classes it is ``LogisticRegression``. The
other cure is asked for by name: ``penalty="l2", lam=...`` (lam = 0.5 is
scikit-learn's multinomial model with C = 1) with no ``reference_class``
keeps K vectors, and the ridge term picks the one point on the flat line
with the smallest norm, eq. (29). Its unpenalised intercepts stay free up
to a common shift: Newton, whose Hessian is singular along it, pins one
during the fit (``FixedAtZero``); the other solvers keep their sum at 0 and
test all K. They are reported centred (summing to 0), as scikit-learn
reports them.

>>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
>>> y = ["a", "a", "b", "a", "b", "c", "b", "c", "c"]
>>> m = SoftmaxRegression().fit(X, y)
>>> m.classes_, m.converged_, m.predict([[0.0], [4.0], [8.0]])
(['a', 'b', 'c'], True, ['a', 'b', 'c'])
>>> m.coef_[0], [round(c[0], 4) for c in m.coef_]           # class 'a' is the reference
([0.0], [0.0, 1.168, 2.3359])
>>> m = SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y)      # K vectors, ridge
>>> [round(p, 4) for p in m.predict_proba([[4.0]])[0]]
[0.2134, 0.5732, 0.2134]
"""

import math

from .checks import adapted, check_class_labels, check_scores, check_X, design, row_weights
from .compat import INF, mul
from .errors import DataError
from .estimators import GD, NEWTON, SGD, Estimator
from .functions import logsumexp, softmax
from .logistic import CERTAIN_MARGIN, Objective, diagnose_margins
from .penalty import Wrapper
from .matrix import Matrix, dot, fill, weighted_gram


class SoftmaxLoss(Objective):
    """The total cross-entropy E(theta) = -sum_i log p_{i, y_i}, eq. (26).

    ``names`` (optional) are the class labels used in messages; ``weights``
    (optional) count row i w_i times in every sum, eq. (47).

    >>> loss = SoftmaxLoss(Matrix([[1.0], [1.0]]), [0, 1], 2)
    >>> loss.gradient([0.0, 0.0])                 # p - y summed: (0.5 - 1) + 0.5 per class
    [0.0, 0.0]
    >>> loss.hessian([0.0, 0.0]).rows
    [[0.5, -0.5], [-0.5, 0.5]]
    """

    def __init__(self, X, y, n_classes, names=None, weights=None):
        self.X = X
        self.y = list(y)
        self.K = n_classes
        self.names = list(names) if names is not None else list(range(n_classes))
        n, self.d = X.shape
        self.set_weights(weights)
        self.n_params = self.K * self.d
        self._theta = None
        # work arrays, made before short-lived floats break up a board's heap (``fill``):
        # the scores a_.k and log-sum-exps of eq. (25), the weights and W x_j of eq. (28);
        # no N-slot list is made after these (make board, board-f32 frozen, softmax
        # 150 x 4 x 3: 172 -> 120 KB stable, a new list per table and per p_.k before)
        self._a = [[0.0] * n for _ in range(self.K)]
        self._lse, self._w, self._wx = [0.0] * n, [0.0] * n, [0.0] * n

    def blocks(self, theta):
        """Split the flat theta into its K vectors theta_k."""
        d = self.d
        return [theta[k * d:(k + 1) * d] for k in range(self.K)]

    def _fit_at(self, theta):
        """Return (a, lse) by columns: the scores a_.k = X theta_k and each row's
        log sum_k e^a_ik (``logsumexp``, which cannot overflow), kept until theta
        changes. The probabilities follow from them, p_ik = e^(a_ik - lse_i),
        eq. (25), and are computed where they are used (``probabilities``), not
        kept: the heap holds one N x K table, rewritten in place for each theta."""
        if self._theta != theta:
            self._theta, a = None, self._a          # rewritten in place: not kept until done
            for k, theta_k in enumerate(self.blocks(theta)):
                a[k] = self.X.times(theta_k, a[k])                     # a_.k = X theta_k
            self._lse = fill(self._lse, map(logsumexp, zip(*a)))      # log sum_k e^a_ik
            self._theta = list(theta)
        return self._a, self._lse

    def release(self):
        """Let go of the last theta's tables (their N (K + 3) floats), keeping the
        arrays for the next theta: a fitted model keeps its loss, not them (make
        board, board-f32 frozen, softmax 150 x 4 x 3: 120 -> 98 KB stable).

        >>> loss = SoftmaxLoss(Matrix([[1.0]]), [0], 2)
        >>> round(loss.value([1.0, 0.0]), 6)
        0.313262
        >>> loss.release()
        >>> round(loss.value([1.0, 0.0]), 6)          # computed again, in the same arrays
        0.313262
        """
        def zero(v):        # 0.0 (one shared float) in v's slots: on a board, no new list
            return fill(v, (0.0 for _ in v))
        self._a = [zero(a_k) for a_k in self._a]
        self._lse, self._w, self._wx = zero(self._lse), zero(self._w), zero(self._wx)
        self._theta = None

    def probabilities(self, theta, k):
        """p_.k, the probability of class k for every example, eq. (25): e^(a_ik - lse_i),
        an iterator (each read once where it is used, not kept).

        >>> [round(p, 4) for p in SoftmaxLoss(Matrix([[1.0]]), [0], 2).probabilities([1.0, 0.0], 0)]
        [0.7311]
        """
        a, lse = self._fit_at(theta)
        return (math.exp(a_ik - lse_i) for a_ik, lse_i in zip(a[k], lse))   # eq. (25)

    def value(self, theta):
        """E = sum_i w_i [log sum_k e^a_ik - a_{i, y_i}], eq. (26), through log-sum-exp.

        >>> SoftmaxLoss(Matrix([[1.0]]), [0], 3).value([1000.0, 0.0, 0.0])
        0.0
        """
        a, lse = self._fit_at(theta)
        terms = (lse[i] - a[y_i][i] for i, y_i in enumerate(self.y))      # eq. (26)
        return sum(terms if self.weights is None else map(mul, terms, self.weights))

    def gradient(self, theta):
        """dE/dtheta_k = Xᵀ(w ∘ (p_.k - y_.k)) for each class k, y_ik = [y_i = k], eq. (27).

        >>> SoftmaxLoss(Matrix([[1.0, 2.0]]), [0], 2).gradient([0.0] * 4)
        [-0.5, -1.0, 0.5, 1.0]
        """
        g = []
        for k in range(self.K):         # eq. (27): r_ik = p_ik - 1 for k = y_i, p_ik otherwise
            p_k = self.probabilities(theta, k)
            r_k = (p_ik - 1.0 if y_i == k else p_ik for p_ik, y_i in zip(p_k, self.y))
            if self.weights is not None:                                # w_i r_ik, eq. (47)
                r_k = map(mul, r_k, self.weights)
            r_k = fill(self._w, r_k)                                    # in N slots (fill)
            g.extend(r_k @ self.X)                                     # Xᵀ r_.k
        return g

    def hessian(self, theta):
        """Block (k, l) = sum_i w_i p_ik ([k = l] - p_il) x_i x_iᵀ, eq. (28).

        Each distinct block is computed once: for k != l, block (k, l) is
        -Xᵀ P_k P_l X (P_k = diag(p_.k), W never formed: weighted_gram), and
        block (l, k) the same; since sum_l p_il = 1, block (k, k) is minus the
        others of its row (make bench: 1.21-1.35x the speed of K more weighted sums).

        >>> SoftmaxLoss(Matrix([[1.0]]), [0], 2).hessian([0.0, 0.0]).rows
        [[0.25, -0.25], [-0.25, 0.25]]
        """
        K, d = self.K, self.d
        # eq. (25)'s p_.k, each once (K N exps, not K (K - 1) N, once per block), in the
        # slots of the scores a_.k, which this theta does not read again (the next question
        # recomputes them: no N x K table more on a board's heap)
        a, _ = self._fit_at(theta)
        P = [fill(a[k], self.probabilities(theta, k)) for k in range(K)]
        self._theta = None
        # where p_.k is the same for every class (theta = 0, the start: every p_ik is 1/K),
        # so is every block (k, l): one weighted_gram for all K (K - 1) / 2
        same, B = all(P_k == P[0] for P_k in P), None
        H = [[0.0] * (K * d) for _ in range(K * d)]
        for k in range(K):
            for l in range(k + 1, K):               # eq. (28): sum_i p_ik p_il x_i x_iᵀ
                if B is None or not same:
                    w = map(mul, P[k], P[l])                              # w_i = p_ik p_il
                    w = fill(self._w, w if self.weights is None else map(mul, w, self.weights))
                    B = weighted_gram(self.X, w, self._wx).rows
                for h_k, h_l, b in zip(H[k * d:], H[l * d:], B):    # rows of blocks (k, l)
                    h_k[l * d:l * d + d] = h_l[k * d:k * d + d] = [-v for v in b]   # and (l, k)
        for r, row in enumerate(H):     # block (k, k): minus the other blocks of its rows
            k = r // d                  # (its own entries, row[k * d + j], still 0 here)
            row[k * d:k * d + d] = [-sum(row[j::d]) for j in range(d)]
        return Matrix(H, copy=False, terms=self.n_examples)     # sums of N terms each

    def example_gradient(self, i, theta):
        """The gradient of example i's loss alone: (p_ik - [y_i = k]) x_i per class.

        >>> SoftmaxLoss(Matrix([[1.0, 2.0]]), [1], 2).example_gradient(0, [0.0] * 4)
        [0.5, 1.0, -0.5, -1.0]
        """
        x_i = self.X.rows[i]
        p_i = softmax([dot(x_i, t) for t in self.blocks(theta)])          # eq. (25)
        g = []
        for k in range(self.K):
            r = p_i[k] - (1.0 if k == self.y[i] else 0.0)      # eq. (27), one example
            g.extend([r * x for x in x_i])
        return g

    def _margins(self, scores):
        """For each example in turn (not a row of weight 0), m_ij = the score of its own
        class minus the score of class j, for j != y_i (``scores`` by columns, a_.k)."""
        w = self.weights
        for i, (a_i, y_i) in enumerate(zip(zip(*scores), self.y)):
            if w is None or w[i] > 0:
                yield [a_i[y_i] - a_i[j] for j in range(self.K) if j != y_i]

    def diagnose(self, theta, step, certain=CERTAIN_MARGIN):
        """A message when theta shows that the maximum-likelihood estimate does
        not exist, else None: the multiclass form of eq. (24).

        Complete separation: every example's own class scores above every
        other class (all margins a_{i,y_i} - a_ij > 0), so scaling theta up
        drives E to 0. Quasi-complete: some examples are certain (every
        margin above 30) and the last ``step`` lowered no margin while
        raising some, so E keeps falling along it; this is what happens when
        one class can be cut off from the rest by a hyperplane (iris: setosa).
        The judging is ``diagnose_margins``'s, on each example's smallest margin.

        >>> loss = SoftmaxLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1], 2)
        >>> loss.diagnose([0.0, -5.0, 0.0, 5.0], None).split(":")[0]
        'complete separation'
        """
        a, _ = self._fit_at(theta)
        m = (min(m_i) for m_i in self._margins(a))     # example i's margin: its smallest

        def step_margins():
            d = [self.X @ s for s in self.blocks(step)]
            return [v for dm_i in self._margins(d) for v in dm_i]

        y = self.y if self.weights is None else [c for c, w in zip(self.y, self.weights) if w > 0]
        return diagnose_margins(m, None if step is None else step_margins, y, self.names,
                                certain)


class FixedAtZero(Wrapper):
    """The objective as a function of the parameters not in ``fixed``; those stay 0.

    Fixing a parameter deletes its row and column from the Hessian and its
    entry from the gradient: the solver sees a smaller problem, eq. (30).

    >>> from .logistic import LogisticLoss
    >>> loss = FixedAtZero(LogisticLoss(Matrix([[1.0, 2.0]]), [1]), [1])
    >>> loss.n_params, loss.full([0.5])
    (1, [0.5, 0.0])
    >>> loss.hessian([0.0]).rows
    [[0.25]]
    """

    def __init__(self, objective, fixed):
        Wrapper.__init__(self, objective)
        fixed = set(fixed)
        self.free = [j for j in range(objective.n_params) if j not in fixed]
        self.n_params = len(self.free)

    def full(self, beta):
        """The full parameter vector: beta in the free places, 0 elsewhere."""
        out = [0.0] * self.objective.n_params
        for j, b in zip(self.free, beta):
            out[j] = b
        return out

    def _reduce(self, v):
        return [v[j] for j in self.free]

    def value(self, beta):
        return self.objective.value(self.full(beta))

    def gradient(self, beta):
        return self._reduce(self.objective.gradient(self.full(beta)))

    def hessian(self, beta):
        H = self.objective.hessian(self.full(beta)).rows
        return Matrix([[H[j][k] for k in self.free] for j in self.free], copy=False)

    def example_gradient(self, i, beta):
        return self._reduce(self.objective.example_gradient(i, self.full(beta)))

    def scales(self):
        return self._reduce(self.objective.scales())

    def diagnose(self, beta, step, certain=CERTAIN_MARGIN):
        return self.objective.diagnose(self.full(beta),
                                       None if step is None else self.full(step), certain)


class SoftmaxRegression(Estimator):
    """Multinomial logistic regression p(y = k | x) = softmax(b_k + xᵀcoef_k), eq. (25).

    Parameters
    - ``solver``: "newton" (default), "gd" or "sgd" (the rows of ``solvers``;
      ``minilogit.SoftmaxRegression`` adds "proximal", for L1).
    - ``penalty``: None (default), "l2", "l1" or "elasticnet", with ``lam``
      (default 0.5) and ``l1_ratio`` as for ``LogisticRegression`` (eq. (41);
      intercepts are not penalised).
    - ``reference_class``: the label whose vector is fixed at 0, eq. (30).
      None (default): the first class when there is no penalty, and no
      reference class (K vectors, the symmetric form) with one.
    - ``max_iter``, ``tol``, ``learning_rate``, ``fit_intercept``,
      ``random_state``, ``class_weight``, ``verbose``: as for ``LogisticRegression``.
    - ``check_separation``: False (default) or True: the exact test of
      ``minilogit.separation`` before the fit (``separation_test``, set
      above the core); when the classes are separated (and the fit
      unpenalised) it is the fit's diagnosis.

    With K free vectors and no penalty, Newton's Hessian is singular, so
    that form is refused for Newton. Gradient descent and SGD can do
    without: from 0, every step keeps sum_k theta_k = 0.

    Fitted: ``classes_`` (sorted), ``coef_`` (K rows of p), ``intercept_``
    (K), ``n_iter_``, ``converged_``, ``history_``, ``separation_``,
    ``result_``, ``n_features_in_``.

    >>> m = SoftmaxRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.coef_[0], round(m.coef_[1][0], 6)            # the binary model's 0.908184
    ([0.0], 0.908184)
    >>> X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    >>> m = SoftmaxRegression(penalty="l2", lam=0.5).fit(X, [0, 0, 1, 0, 1, 2, 1, 2, 2])
    >>> [round(a, 4) for a in m.decision_function([[4.0]])[0]]
    [-0.3293, 0.6587, -0.3293]
    >>> [round(p, 4) for p in m.predict_proba([[4.0]])[0]]
    [0.2134, 0.5732, 0.2134]
    >>> m.predict([[0.5], [4.0]])
    [0, 1]
    >>> SoftmaxRegression(reference_class="z").fit([[0.0], [1.0]], ["a", "b"])
    Traceback (most recent call last):
    ...
    minilogit.DataError: reference_class 'z' is not one of the classes ['a', 'b']
    """

    _PARAMS = ("solver", "penalty", "lam", "reference_class", "max_iter", "tol",
               "learning_rate", "fit_intercept", "random_state", "l1_ratio", "check_separation",
               "class_weight", "verbose")
    solvers = {"newton": NEWTON, "gd": GD, "sgd": SGD}

    LAM = 0.5           # lam when a penalty is named without one (scikit-learn's C = 1)

    def __init__(self, solver="newton", penalty=None, lam=None, reference_class=None,
                 max_iter=None, tol=None, learning_rate=None, fit_intercept=True,
                 random_state=0, l1_ratio=None, check_separation=False, class_weight=None,
                 verbose=0):
        self.penalty, self.lam, self.reference_class = penalty, lam, reference_class
        self.solver, self.max_iter, self.tol = solver, max_iter, tol
        self.learning_rate, self.random_state = learning_rate, random_state
        self.fit_intercept = fit_intercept
        self.l1_ratio, self.check_separation = l1_ratio, check_separation
        self.class_weight, self.verbose = class_weight, verbose

    def _check_params(self):
        """Check the parameters; return the penalty, eq. (41)."""
        self._check_solver_params()
        penalty = self._check_penalty()
        if (self.solver == "newton" and self.penalty is not None and self.reference_class is None
                and (penalty is None or not penalty.bounded)):
            raise DataError(
                "Newton's method cannot fit K free parameter vectors without a ridge "
                "penalty: adding the same vector to every theta_k changes no probability, "
                "so the cross-entropy is flat in that direction and the Hessian, eq. "
                "(28), is singular. Fix one class's vector at 0 (eq. (30)) with "
                "reference_class=<label> (the baseline-category model of statsmodels' "
                "MNLogit; penalty=None does so with the first class), or use "
                "penalty='l2', lam > 0 (scikit-learn's multinomial model)")
        if self.check_separation and self.separation_test is None:
            raise DataError("check_separation needs minilogit.separation: use "
                            "minilogit.SoftmaxRegression")
        return penalty

    @adapted
    def fit(self, X, y, sample_weight=None):
        """Fit one parameter vector per class to rows X and labels y; return self.

        ``sample_weight`` (optional, >= 0) counts row i w_i times, eq. (47), as
        ``LogisticRegression``'s does (times ``class_weight``'s for its class).

        Warns ``SeparationWarning`` when a class can be cut off from the rest
        (an unpenalised fit then has no minimum) and ``ConvergenceWarning``
        when ``max_iter`` runs out.
        """
        self._forget()
        penalty = self._check_params()
        X1 = design(X, self.fit_intercept)
        classes, index = check_class_labels(y, X1.shape[0], model="softmax regression")
        if self.reference_class is not None and self.reference_class not in classes:
            raise DataError("reference_class %r is not one of the classes %r"
                            % (self.reference_class, classes))
        weights = row_weights(sample_weight, self.class_weight, classes, index,
                              "softmax regression")                     # eq. (47)
        K, d = len(classes), X1.shape[1]
        self._check_identified(X1.shape, penalty is not None, K)
        first = 1 if self.fit_intercept else 0        # where the coefficients start in a block
        loss = SoftmaxLoss(X1, index, K, classes, weights)
        ref = self.reference_class
        if ref is None and self.penalty is None:
            ref = classes[0]                           # the lecture's default, eq. (30)
        if ref is not None:                            # eq. (30): theta_r = 0
            r = classes.index(ref)
            fixed = list(range(r * d, (r + 1) * d))
        else:               # Newton's Hessian is singular along a common shift of the
            # intercepts: pin one (centred below); the other solvers keep their sum at 0
            pin = self.fit_intercept and self.solvers[self.solver].hessian
            fixed = [(K - 1) * d] if pin else []
        objective = FixedAtZero(loss, fixed)
        self._free, self._d, self._classes = objective.free, d, classes
        penalized = [i for i, j in enumerate(objective.free) if j % d >= first]
        self._reference = 0 if ref is None else classes.index(ref)
        verdict = (self.separation_test(objective, self.fit_intercept, self._reference)
                   if self.check_separation else None)
        result = self._solve(objective, [0.0] * objective.n_params, penalty, penalized,
                             self._describe_parameter)
        if verdict is not None:
            verdict(result, penalty is not None)
        loss.release()
        self._report(result)             # before keeping: a warning may be an error
        theta = objective.full(result.beta)
        blocks = [theta[k * d:(k + 1) * d] for k in range(K)]
        intercepts = [b[0] for b in blocks] if self.fit_intercept else [0.0] * K
        if ref is None and self.fit_intercept:
            shift = sum(intercepts) / K
            intercepts = [b - shift for b in intercepts]
        self.classes_, self.reference_ = classes, ref
        self.coef_ = [b[first:] for b in blocks]
        self.intercept_ = intercepts
        self._keep(result, d - first)
        self._loss, self._penalised = objective, penalty is not None
        return self

    def _describe_parameter(self, j):
        """Name parameter j of the solver's vector: a column of X for one class."""
        k, col = divmod(self._free[j], self._d)
        if self.fit_intercept:
            col -= 1
        what = "the intercept column" if col < 0 else "column %d of X" % col
        return "%s (in the vector of class %r)" % (what, self._classes[k])

    def _scores(self, X):
        """The K scores a_ik = b_k + x_iᵀcoef_k of each row, eq. (25)'s exponents."""
        self._check_fitted()
        p, b0, coef = self.n_features_in_, self.intercept_, self.coef_    # one fit's, at once
        # nan, or +inf (softmax would compute inf - inf), has no probability
        return check_scores([[b + dot(r, c) for b, c in zip(b0, coef)]
                             for r in check_X(X, n_features=p)], bad=lambda a: not a < INF)

    @adapted
    def decision_function(self, X):
        """Return the K scores a_ik = b_k + x_iᵀcoef_k of each row, eq. (25); for
        two classes one number a_i1 - a_i0, the log-odds of ``classes_[1]``
        (p_i1 = sigma(a_i1 - a_i0)), > 0 where ``classes_[1]`` is predicted.

        >>> m = SoftmaxRegression().fit([[0.0], [1.0], [2.0], [3.0]], ["a", "b", "a", "b"])
        >>> [round(a, 6) for a in m.decision_function([[0.0], [3.0]])]
        [-1.362276, 1.362276]
        """
        scores = self._scores(X)
        return [a[1] - a[0] for a in scores] if len(self.classes_) == 2 else scores

    @adapted
    def predict_proba(self, X):
        """Return, for each row, the K probabilities in ``classes_`` order, eq. (25)."""
        return [softmax(a) for a in self._scores(X)]

    @adapted
    def predict(self, X):
        """Return the most probable class of each row (the first one on a tie)."""
        out = []
        for a in self._scores(X):
            best = max(range(len(a)), key=lambda k: (a[k], -k))
            out.append(self.classes_[best])
        return out
