"""Marginal effects of a fitted model, with delta-method standard errors.

A coefficient beta_j says how the linear predictor moves with feature j; a
marginal effect says how the fitted mean does: d mu / d x_j, the change in
the probability (or the expected count) per unit of x_j, the other features
held. It depends on where it is taken, so it is averaged over the training
rows (``at="overall"``, the average marginal effect), taken at their mean
(``at="mean"``), or over rows of one's own (``rows=``). statsmodels'
``get_margeff`` (method "dydx") computes the same numbers; its tests here are
tests/test_golden_margeff.py.

These are not in the lecture. The effects are the chain rule applied to
eq. (37) and eq. (25); their standard errors come from the delta method: a
smooth function f(beta) of an asymptotically normal estimate, eq. (33), is
asymptotically normal with covariance J V Jᵀ, J = df/dbeta its Jacobian at
the estimate and V the estimate's covariance (Greene, Econometric
Analysis, the chapter on binary choice: marginal effects and their
asymptotic covariance; Cameron and Trivedi, Microeconometrics, 2005, on
the delta method). J is written out below, not found by differences.

Notation: X the rows x_i (a leading 1 for the intercept), beta the
coefficients, eta_i = x_iᵀbeta (+ o_i, a GLM's offset), mu = g⁻¹(eta) the
mean, eq. (37), with slopes g⁻¹'(eta) and g⁻¹''(eta); for K classes theta_k
the vector of class k (the baseline's is 0, eq. (30)), p_k = softmax(a)_k,
eq. (25), a_k = xᵀtheta_k; V = ``model.cov_params_``, eq. (33); w_i the
fit's frequency weights, eq. (47).

======================  ===================================================
name                    what
======================  ===================================================
marginal_effects        the effects of a fitted model and their errors
MarginalEffects         what it returns: margeff_, bse_, ..., summary()
glm_effects             dmu/dx_j = g⁻¹'(eta) beta_j, averaged, and its J
softmax_effects         dp_k/dx_j = p_k (theta_kj - sum_m p_m theta_mj), and J
slopes                  g⁻¹'(eta) and g⁻¹''(eta) of the five inverse links
======================  ===================================================

>>> from minilogit import LogisticRegression
>>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]
>>> me = LogisticRegression().fit(X, y).marginal_effects()
>>> [round(v, 4) for v in me.margeff_], [round(v, 4) for v in me.bse_]
([0.1586], [0.0222])

Exceptions: ``InferenceError`` where the effects' standard errors are not
valid (a fit not at its maximum, a penalised or singular one: the reason
``inference_blocked_`` gives) or the model keeps no training data (read
from JSON or a pickle); ``DataError`` for an ``at`` or ``rows`` it cannot
take.
"""

import math

from .core.checks import check_number, check_X
from .core.compat import INF
from .core.errors import DataError, InferenceError
from .core.functions import sigmoid, softmax
from .core.matrix import Matrix, dot
from .distributions import _normal_pdf, normal_ppf, two_sided_p
from .special import exp_or_inf
from .summary import _left, _num, _right
from .sandwich import counts
from .tables import printable, table, wrap_text

AT = ("overall", "mean")


def slopes(link, eta):
    """(g⁻¹'(eta), g⁻¹''(eta)): the first and second derivatives of the inverse
    link mu = g⁻¹(eta), eq. (37), named by ``link``.

    =========  ====================  ======================  ========================
    link       mu = g⁻¹(eta)         g⁻¹'(eta)               g⁻¹''(eta)
    =========  ====================  ======================  ========================
    logit      sigma(eta)            sigma (1 - sigma)       g⁻¹' (1 - 2 sigma)
    probit     Phi(eta)              phi(eta)                -eta phi(eta)
    cloglog    1 - exp(-e^eta)       e^eta exp(-e^eta)       g⁻¹' (1 - e^eta)
    log        e^eta                 e^eta                   e^eta
    identity   eta                   1                       0
    =========  ====================  ======================  ========================

    >>> slopes("logit", 0.0), slopes("identity", 3.0)
    ((0.25, 0.0), (1.0, 0.0))
    >>> [round(v, 6) for v in slopes("probit", 1.0)]
    [0.241971, -0.241971]
    """
    if link == "logit":
        s, s_minus = sigmoid(eta), sigmoid(-eta)        # sigma(eta), 1 - sigma(eta)
        d = s * s_minus                                 # eq. (7): sigma' = sigma (1 - sigma)
        return d, d * (s_minus - s)                     # sigma'' = sigma' (1 - 2 sigma)
    if link == "probit":
        d = _normal_pdf(eta)                            # Phi' = phi
        return d, -eta * d                              # phi'(eta) = -eta phi(eta)
    if link == "cloglog":
        t = exp_or_inf(eta)                             # t = e^eta
        d = math.exp(eta - t) if t < INF else 0.0   # e^eta exp(-e^eta)
        return d, d * (1.0 - t) if d else 0.0           # d/deta: g⁻¹' (1 - e^eta)
    if link == "log":
        mu = exp_or_inf(eta)
        return mu, mu                                   # (e^eta)' = (e^eta)'' = e^eta
    if link == "identity":
        return 1.0, 0.0
    raise DataError("marginal effects know the links logit, probit, cloglog, log and "
                    "identity, not %r" % (link,))


def glm_effects(link, beta, first, X, offset=None, weights=None):
    """(effects, J): d mu / d x_j = g⁻¹'(eta_i) beta_j averaged over the rows x_i of X
    (weighted by ``weights``), for each feature j (beta's entries from ``first``,
    1 after an intercept), and J, their Jacobian with respect to beta: one row
    per effect, one column per parameter.

    d/dbeta_l [g⁻¹'(eta_i) beta_j] = g⁻¹''(eta_i) x_il beta_j + g⁻¹'(eta_i) [l = j].
    X: rows with the intercept's 1 (an iterable, read once); ``offset``: o_i of
    eta_i = x_iᵀbeta + o_i, or None.

    >>> glm_effects("logit", [0.0, 1.0], 1, [[1.0, 0.0]])        # sigma'(0) = 1/4
    ([0.25], [[0.0, 0.25]])
    >>> effects, J = glm_effects("log", [0.0, 1.0], 1, [[1.0, 0.0], [1.0, 1.0]])
    >>> [round(e, 6) for e in effects], [[round(v, 6) for v in r] for r in J]   # (1 + e) / 2
    ([1.859141], [[1.859141, 3.218282]])
    """
    k = len(beta)
    total, s1, s2 = 0.0, 0.0, [0.0] * k
    for i, x_i in enumerate(X):
        w_i = 1.0 if weights is None else weights[i]
        eta_i = dot(x_i, beta) + (0.0 if offset is None else offset[i])   # eq. (37)
        d1, d2 = slopes(link, eta_i)                    # g⁻¹'(eta_i), g⁻¹''(eta_i)
        total += w_i
        s1 += w_i * d1                                  # sum_i w_i g⁻¹'(eta_i)
        for l in range(k):
            s2[l] += w_i * d2 * x_i[l]                  # sum_i w_i g⁻¹''(eta_i) x_il
    mean1, mean2 = s1 / total, [v / total for v in s2]
    effects = [mean1 * beta[j] for j in range(first, k)]     # mean_i g⁻¹'(eta_i) beta_j
    J = [[mean2[l] * beta[j] + (mean1 if l == j else 0.0)    # mean_i g⁻¹'' x_il beta_j
          for l in range(k)] for j in range(first, k)]       # + mean_i g⁻¹' [l = j]
    return effects, J


def softmax_effects(theta, K, first, X, free=None, weights=None):
    """(effects, J): d p_k / d x_j = p_k (theta_kj - sum_m p_m theta_mj) averaged over
    the rows x_i of X, class by class (K lists, one effect per feature), and J,
    their Jacobian with respect to the parameters ``free`` (indices into theta,
    the K vectors end to end; None: all of them). One row of J per effect,
    class by class.

    With D_kj = theta_kj - sum_m p_m theta_mj and dp_k/da_l = p_k ([k = l] - p_l),
    eq. (28)'s weights: d/dtheta_lc [p_k D_kj] = x_c (p_k ([k = l] - p_l) D_kj -
    p_k p_l D_lj) + [c = j] p_k ([k = l] - p_l).

    >>> effects, J = softmax_effects([0.0, 0.0, 0.0, 1.0], 2, 1, [[1.0, 0.0]], free=[2, 3])
    >>> effects, J                      # the binary model's sigma'(0) = 1/4, and minus it
    ([[-0.25], [0.25]], [[0.0, -0.25], [0.0, 0.25]])
    """
    d = len(theta) // K
    p = d - first
    blocks = [theta[k * d:(k + 1) * d] for k in range(K)]
    total, effects = 0.0, [[0.0] * p for _ in range(K)]
    J = [[0.0] * (K * d) for _ in range(K * p)]
    for i, x_i in enumerate(X):
        w_i = 1.0 if weights is None else weights[i]
        total += w_i
        P = softmax([dot(x_i, t) for t in blocks])            # eq. (25): p_k, a_k = x_i' theta_k
        for j in range(p):
            c_j = first + j                                   # feature j's column of X
            bar = sum(P[m] * blocks[m][c_j] for m in range(K))     # sum_m p_m theta_mj
            D = [blocks[k][c_j] - bar for k in range(K)]      # D_kj = theta_kj - that
            for k in range(K):
                effects[k][j] += w_i * P[k] * D[k]            # dp_k/dx_j = p_k D_kj
                row = J[k * p + j]
                for l in range(K):
                    dp = P[k] * ((1.0 if k == l else 0.0) - P[l])    # dp_k/da_l
                    a = dp * D[k] - P[k] * P[l] * D[l]        # x_c's factor in d/dtheta_lc
                    for c in range(d):
                        row[l * d + c] += w_i * a * x_i[c]
                    row[l * d + c_j] += w_i * dp              # + [c = j] p_k ([k = l] - p_l)
    effects = [[v / total for v in e_k] for e_k in effects]
    J = [[row[f] / total for f in (range(K * d) if free is None else free)] for row in J]
    return effects, J


def _design(model, rows):
    """(columns of the rows x_i with their intercept's 1, offsets or None, weights or
    None, what they are): the training rows (``model._loss``), or ``rows``."""
    data = model._loss.loss                 # the loss beneath a wrapper (softmax's, eq. (30))
    if rows is None:
        n = data.X.shape[0]
        weights = counts(model, n)              # frequency weights: a GLM's rows, not trials
        return (data.X.T.rows, getattr(data, "offset", None), weights,
                "the %d training rows" % n)
    rows = check_X(rows, n_features=model.n_features_in_, name="rows")
    d = data.X.shape[1]
    columns = [[float(r[j]) for r in rows] for j in range(len(rows[0]))]
    if d > len(columns):                    # the intercept's column of 1s
        columns = [[1.0] * len(rows)] + columns
    return columns, None, None, "%d given row%s" % (len(rows), "s" * (len(rows) != 1))


def _refusal(model):
    """The covariance V of the parameters, or InferenceError saying why the marginal
    effects' standard errors are not valid for this model."""
    why = getattr(model, "_NO_INFERENCE", None)
    if why is not None:
        raise InferenceError("a %s has no marginal effects: %s" % (type(model).__name__, why))
    model._check_fitted()
    if getattr(model, "_loss", None) is None:
        raise InferenceError("the marginal effects need the training data, which this %s does "
                             "not keep (read from JSON or a pickle): fit it again"
                             % type(model).__name__)
    from .inference import unfinished
    why = unfinished(model)
    if why is not None:
        raise InferenceError(why)
    if model.cov_params_ is None:
        raise InferenceError(model.inference_blocked_)
    return model.cov_params_


def marginal_effects(model, at="overall", rows=None, alpha=0.05):
    """The marginal effects d mu / d x_j of a fitted ``model`` (a LogisticRegression,
    a GLM of any family and link, or a SoftmaxRegression with a baseline class:
    then d p_k / d x_j for every class k, the baseline included), with their
    delta-method standard errors: a ``MarginalEffects``.

    - ``at="overall"`` (default): the average over the training rows of each row's
      effect (weighted as the fit weighs the rows, eq. (47)), statsmodels'
      ``get_margeff(at="overall")``;
    - ``at="mean"``: the effect at the mean training row (a GLM's offset: its mean),
      ``get_margeff(at="mean")``;
    - ``rows`` (rows of features, as ``predict`` takes them): these rows instead of
      the training rows, as statsmodels' ``atexog`` replaces them: with
      ``at="overall"`` their effects averaged (one row: that row's effects), with
      ``at="mean"`` the effect at their mean; an offset is 0 there, as in
      ``predict``. For each row's own effects and errors, pass one row at a time.

    ``alpha``: the level of ``conf_int()`` and ``summary()``'s intervals. Raises
    InferenceError where the standard errors are not valid (``unfinished``: not
    converged, separated; ``cov_params_`` None: penalised, singular, ...) or the
    model keeps no training data; DataError for another ``at`` or rows of the
    wrong length.

    >>> from minilogit import GLM
    >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]
    >>> m = GLM(link="probit", cov_type="observed").fit(X, y)
    >>> me = marginal_effects(m, at="mean")
    >>> [round(v, 4) for v in me.margeff_], [round(v, 4) for v in me.bse_]
    ([0.3031], [0.2133])
    >>> [round(v, 4) for v in marginal_effects(m, rows=[[2.5]]).margeff_]   # x-bar itself
    [0.3031]
    >>> from minilogit import SoftmaxRegression
    >>> s = SoftmaxRegression(reference_class=0).fit(X + X, y + [0, 1, 2, 1, 2, 2])
    >>> [[round(v, 4) for v in e_k] for e_k in marginal_effects(s).margeff_]  # classes 0, 1, 2
    [[-0.1486], [0.0587], [0.0899]]
    >>> marginal_effects(m, at="median")
    Traceback (most recent call last):
    ...
    minilogit.DataError: at must be 'overall' or 'mean', got 'median'
    """
    if not (isinstance(at, str) and at in AT):
        raise DataError("at must be 'overall' or 'mean', got %r" % (at,))
    check_number(alpha, "alpha", "a number strictly between 0 and 1", lambda a: 0 < a < 1)
    V = _refusal(model)
    columns, offset, weights, where = _design(model, rows)
    if at == "mean":                        # one row: x-bar = sum_i w_i x_i / sum_i w_i
        w = weights or [1.0] * len(columns[0])
        total = sum(w)
        X = [[dot(w, c) / total for c in columns]]
        offset = None if offset is None else [dot(w, offset) / total]
        weights = None
    else:
        X = zip(*columns)                   # row by row, none kept
    beta = model.params_
    classes = None
    if hasattr(model, "reference_"):        # a SoftmaxRegression: its K - 1 free vectors
        loss, classes = model._loss, list(model.classes_)
        K = len(classes)
        first = len(columns) - model.n_features_in_
        effects, J = softmax_effects(loss.full(beta), K, first, X, loss.free, weights)
        names = [n[:n.rindex("[")] for n in model.param_names_[first:len(columns)]]
    else:
        first = len(beta) - model.n_features_in_
        effects, J = glm_effects(model.link_, beta, first, X, offset, weights)
        names = model.param_names_[first:]
    return MarginalEffects(effects, J, V, names, classes, at, where, model, alpha)


class MarginalEffects:
    """The marginal effects of one fit (``marginal_effects``) and their statistics.

    - ``margeff_``: dy/dx per feature (per class: a list of such lists, in
      ``classes_`` order); ``bse_``, ``zvalues_`` (dy/dx / se), ``pvalues_``
      (2 (1 - Phi(|z|)), eq. (34)) shaped the same;
    - ``conf_int(alpha)``: [low, high] = dy/dx -/+ z_(1 - alpha/2) se, eq. (35),
      shaped the same; ``summary()``, a text table (statsmodels'
      ``get_margeff().summary()``);
    - ``jacobian_`` (J: one row per effect, class by class, one column per
      parameter), ``cov_`` (J V Jᵀ), ``at_``, ``rows_`` (what they are averaged
      over), ``method_`` ("dy/dx"), ``feature_names_``, ``classes_`` (None for
      one mean).

    >>> from minilogit import LogisticRegression
    >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]
    >>> me = LogisticRegression().fit(X, y).marginal_effects(at="mean")
    >>> [round(v, 4) for v in me.margeff_], [round(z, 4) for z in me.zvalues_]
    ([0.3035], [1.3303])
    >>> [[round(v, 4) for v in row] for row in me.conf_int()]
    [[-0.1437, 0.7507]]
    """

    method_ = "dy/dx"

    def __init__(self, effects, J, V, names, classes, at, where, model, alpha=0.05):
        self.feature_names_, self.classes_, self.at_, self.rows_ = names, classes, at, where
        self.alpha, self.jacobian_ = alpha, J
        self._title = model._summary_title()
        flat = [v for e_k in effects for v in e_k] if classes else effects
        Jm = Matrix(J, copy=False)
        self.cov_ = (Jm @ Matrix(V, copy=False) @ Jm.T).rows             # J V J^T
        if not all(self.cov_[r][r] > 0 for r in range(len(flat))):
            raise InferenceError("J V J' has a diagonal entry <= 0: some marginal effect "
                                 "does not move with the coefficients, or V is numerically "
                                 "singular, so its standard error is not reliable")
        se = [math.sqrt(self.cov_[r][r]) for r in range(len(flat))]     # the delta method
        z = [m / s for m, s in zip(flat, se)]                           # eq. (34)
        self._flat, self._se = flat, se
        self.margeff_, self.bse_ = self._shaped(flat), self._shaped(se)
        self.zvalues_ = self._shaped(z)
        self.pvalues_ = self._shaped([two_sided_p(v) for v in z])      # eq. (34)

    def _shaped(self, v):
        """A flat list as the effects are: one list per class, or as it is."""
        if not self.classes_:
            return v
        p = len(self.feature_names_)
        return [v[k * p:(k + 1) * p] for k in range(len(self.classes_))]

    def conf_int(self, alpha=None):
        """Rows [low, high] = dy/dx -/+ z_(1 - alpha/2) se, eq. (35) (alpha: the one
        ``marginal_effects`` was given, 0.05 by default); per class for K classes."""
        alpha = self.alpha if alpha is None else alpha
        check_number(alpha, "alpha", "a number strictly between 0 and 1", lambda a: 0 < a < 1)
        q = normal_ppf(1.0 - alpha / 2.0)                               # 1.96 for alpha = 0.05
        return self._shaped([[m - q * s, m + q * s] for m, s in zip(self._flat, self._se)])

    def summary(self, alpha=None):
        """A text table (a ``minilogit.tables.Table``): the method and where the
        effects are taken, then a row per feature (per class) with dy/dx, its
        standard error, z, P>|z| and the interval.

        >>> from minilogit import LogisticRegression
        >>> X, y = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1]
        >>> print(LogisticRegression().fit(X, y).marginal_effects().summary())
                        Marginal effects: Logistic regression (1 vs 0)
        ==============================================================================
        Method:                       dy/dx
        At:                         overall
        Rows:           the 6 training rows
        ==============================================================================
                          dy/dx    std err          z      P>|z|     [0.025     0.975]
        ------------------------------------------------------------------------------
        x0               0.1586     0.0222     7.1421  9.194e-13     0.1151     0.2022
        ==============================================================================
        Standard errors by the delta method: sqrt(diag(J V J')), J the Jacobian of the
        effects with respect to the coefficients, V their covariance.
        """
        alpha = self.alpha if alpha is None else alpha
        ends = self.conf_int(alpha)
        head = ("dy/dx", "std err", "z", "P>|z|", "[%g" % (alpha / 2), "%g]" % (1 - alpha / 2))
        names = [printable(n) for n in self.feature_names_]         # from data: no escapes
        first = max(12, max(len(n) for n in names) + 2)
        W = max(78, first + 11 * len(head))
        title = "Marginal effects: " + printable(self._title)
        facts = [("Method:", self.method_), ("At:", self.at_), ("Rows:", self.rows_)]
        lines = [" " * ((W - len(title)) // 2) + title, "=" * W]
        lines += [a + _right(b, 35 - len(a)) for a, b in facts]
        lines += ["=" * W, " " * first + "".join(_right(h, 11) for h in head), "-" * W]
        groups = ([(None, self.margeff_, self.bse_, self.zvalues_, self.pvalues_, ends)]
                  if not self.classes_ else
                  zip(self.classes_, self.margeff_, self.bse_, self.zvalues_, self.pvalues_,
                      ends))
        cells = []
        for label, m, s, z, p, ci in groups:
            if label is not None:
                lines.append(printable("class %r" % (label,)))
            for n, m_j, s_j, z_j, p_j, (lo, hi) in zip(names, m, s, z, p, ci):
                row = [_num(v) for v in (m_j, s_j, z_j, p_j, lo, hi)]
                lines.append(_left(n, first) + "".join(row))
                cells.append([n if label is None else printable("%s[%r]" % (n, label))]
                             + [c.strip() for c in row])
        lines.append("=" * W)
        note = ("Standard errors by the delta method: sqrt(diag(J V J')), J the Jacobian of "
                "the effects with respect to the coefficients, V their covariance.")
        if self.classes_:
            note = ("Each class's probability moves by its row; over the classes they sum "
                    "to 0. ") + note
        lines.extend(wrap_text(note, W))
        return table("\n".join(lines), [""] + list(head), cells, title,
                     [[a, b] for a, b in facts], note)
