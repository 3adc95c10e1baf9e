"""Heteroskedasticity- and cluster-robust covariances: the sandwich.

The covariance of eq. (33), (XᵀŴX)⁻¹, holds when the model is right. When
it may not be (the variance of y_i is not the family's, or rows are
correlated within groups), the estimating equations still hold, sum_i g_i = 0
at beta-hat with g_i = d log p(y_i) / d beta, and the covariance of beta-hat is
about

    B M B,    B = (XᵀŴX)⁻¹ (the bread: the inverse information, eq. (33)),
              M = sum_i c_i g_i g_iᵀ (the meat: the scores' spread, as observed).

For a model with one linear predictor per row g_i = u_i x_i, u_i the score of
eq. (38) (y_i - p_i for the logit link), and the four classic choices of c_i
are (White 1980; MacKinnon and White 1985; R's ``sandwich::vcovHC``):

    HC0: c_i = 1          HC2: c_i = 1 / (1 - h_i)
    HC1: c_i = N / (N - k) HC3: c_i = 1 / (1 - h_i)^2

h_i = Ŵ_ii x_iᵀ B x_i the leverage of row i (R's ``hatvalues``). With groups,
M = G / (G - 1) sum_g (sum_(i in g) g_i)(sum_(i in g) g_i)ᵀ, the sums of the
scores of each group's rows (R's ``sandwich::vcovCL`` with its defaults for a
glm). These are not in the lecture; the bread is its eq. (33), the covariance
the fit reports: for a GLM with its default cov_type="expected", R's; with
"observed" (probit, cloglog), the inverse of the observed information, as
statsmodels' Probit has it. statsmodels 0.15's HC1-HC3 for Logit and GLM are
its HC0 (its issue 7798); these are R's.

A frequency weight f_i (``sample_weight``, and ``class_weight``'s) counts row i
f_i times: the meat is that of the data with each row repeated (not R's
sandwich of prior weights, whose meat has w_i^2). A row of binomial (successes,
trials) is one observation, whose score is trials_i u_i x_i, as in R.

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
>>> [round(s, 4) for s in m.bse_], [round(s, 4) for s in m.robust("HC0").bse_]
([2.5457, 0.9126], [1.6834, 0.4734])
"""

from .core.errors import DataError, InferenceError
from .core.matrix import Matrix, dot

ROBUST = ("HC0", "HC1", "HC2", "HC3", "cluster")


def training_rows(model):
    """The fitted objective of ``model``'s last fit, which holds its rows (X with
    the intercept's column, y, weights); InferenceError when it kept none.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> training_rows(m).X.rows[1]
    [1.0, 1.0]
    >>> training_rows(LogisticRegression.from_json(m.to_json()))
    Traceback (most recent call last):
    ...
    minilogit.InferenceError: this LogisticRegression keeps no training data (read from a document or a pickle, or fitted from a stream): what needs its rows again needs the fit
    """
    loss = getattr(model, "_loss", None)
    if loss is None:
        raise InferenceError("this %s keeps no training data (read from a document or a "
                             "pickle, or fitted from a stream): what needs its rows again "
                             "needs the fit" % type(model).__name__)
    return loss


def counts(model, n):
    """f_i, the times row i counts: its frequency weight (1 without ``sample_weight``);
    a GLM's rows of (successes, trials) count once each, whatever their trials.

    >>> from minilogit import GLM, LogisticRegression
    >>> X = [[0.0], [1.0], [2.0], [3.0]]
    >>> counts(LogisticRegression().fit(X, [0, 1, 0, 1], sample_weight=[1, 2, 1, 1]), 4)
    [1.0, 2.0, 1.0, 1.0]
    >>> counts(GLM().fit(X, [(1, 3), (2, 3), (1, 4), (3, 4)]), 4)
    [1.0, 1.0, 1.0, 1.0]
    """
    freq = getattr(model, "_freq", None)            # a GLM's (its loss weighs trials too)
    if freq is None:
        freq = training_rows(model).loss.weights    # the binary model's sample_weight
    return freq or [1.0] * n


def sandwich(inference, cov_type, groups=None):
    """The robust covariance B M B of ``inference``'s fit (rows of lists), for
    ``cov_type`` one of HC0, HC1, HC2, HC3 or "cluster" (with ``groups``, one
    label per training row).

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
    >>> [round(v, 4) for v in sandwich(m.inference_, "HC3")[1]]       # R's vcovHC(m, "HC3")
    [-1.3105, 0.5242]
    >>> [round(v, 4) for v in sandwich(m.inference_, "cluster", [0, 0, 1, 1, 2, 2])[1]]
    [-1.6345, 0.6538]
    """
    model = inference.model
    if cov_type not in ROBUST:
        raise DataError("cov_type must be one of %s, got %r" % (", ".join(ROBUST), cov_type))
    if (groups is None) == (cov_type == "cluster"):
        raise DataError("cov_type='cluster' needs groups=, one label per training row"
                        if groups is None else "groups= is for cov_type='cluster', not %r"
                        % cov_type)
    bread = inference._cov()                    # first: it says why there is none
    if model._firth:
        raise InferenceError("a Firth fit's tests and intervals are its penalised likelihood "
                             "ratio's (plr_test, profile_conf_int), not Wald's")
    objective = training_rows(model)
    data, beta = objective.loss, model.result_.beta
    n, k = len(data.y), len(bread)
    f = counts(model, n)
    labels = None if groups is None else check_groups(groups, n)
    scale = inference.scale_                    # the gaussian's: B = cov / scale
    B = Matrix([[v / scale for v in row] for row in bread])
    w = data.weights
    c = [1.0] * n
    if cov_type in ("HC2", "HC3"):
        c = [1.0 / (1.0 - h_i) ** (1 if cov_type == "HC2" else 2)
             for h_i in leverages(model, B, f)]
    N = inference.nobs_                         # the rows, each counted f_i times
    rows = []                                   # [count, score] of each row (or group)
    by_group = {}
    for i in range(n):
        if not f[i]:
            continue
        one = 1.0 if w is None else w[i] / f[i]     # trials_i (1 for a 0/1 row)
        g = [-one * v for v in objective.example_gradient(i, beta)]     # g_i = u_i x_i
        if labels is None:
            rows.append((f[i] * c[i], g))
        else:
            total = by_group.get(labels[i])
            if total is None:
                total = by_group[labels[i]] = [0.0] * k
            for j in range(k):
                total[j] += f[i] * g[j]                     # sum_(i in g) g_i
    adjust = 1.0 if cov_type != "HC1" else N / (N - k)          # HC1: N / (N - k)
    if labels is not None:
        G = len(by_group)
        if G < 2:
            raise DataError("groups has %d distinct label: cluster-robust covariances need "
                            "2 or more groups" % G)
        adjust = G / (G - 1.0)                                  # vcovCL's G / (G - 1)
        rows = [(1.0, u) for u in by_group.values()]
    M = [[0.0] * k for _ in range(k)]
    for weight, g in rows:                      # M = sum_i c_i g_i g_iᵀ
        for j in range(k):
            wg = adjust * weight * g[j]
            Mj = M[j]
            for l in range(k):
                Mj[l] += wg * g[l]
    return (B @ Matrix(M) @ B).rows                     # B M B


def check_groups(groups, n):
    """``groups`` as a list of n labels (numbers or texts), or DataError saying why not.

    >>> check_groups(("a", "b"), 2), check_groups("ab", 2)
    Traceback (most recent call last):
    ...
    minilogit.DataError: groups must be a list of one label per training row (2), got 'ab'
    """
    try:
        labels = list(groups) if not isinstance(groups, str) else None
    except TypeError:
        labels = None
    if labels is None:
        raise DataError("groups must be a list of one label per training row (%d), got %r"
                        % (n, groups))
    if len(labels) != n:
        raise DataError("groups has %d labels, the fit has %d rows" % (len(labels), n))
    for i, label in enumerate(labels):
        try:
            hash(label)
        except TypeError:
            raise DataError("groups[%d] is %r: a group's label must be a number or a text"
                            % (i, label))
    return labels


def leverages(model, B, f):
    """h_i = Ŵ_ii x_iᵀ B x_i, each row's leverage (the diagonal of the hat matrix
    Ŵ^½ X B Xᵀ Ŵ^½; R's ``hatvalues`` for a glm), with Ŵ_ii the weight of one copy.

    >>> from minilogit import LogisticRegression
    >>> from minilogit.core.matrix import Matrix
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> h = leverages(m, Matrix(m.cov_params_), [1.0] * 4)
    >>> [round(v, 4) for v in h], round(sum(h), 12)       # they sum to k, the parameters
    ([0.633, 0.367, 0.367, 0.633], 2.0)
    """
    if model._LEVERAGE is not True:
        raise InferenceError("HC2 and HC3 divide by 1 - h_i, the leverage of row i; %s: "
                             "use HC0, HC1 or cluster" % model._LEVERAGE)
    if getattr(model, "cov_type", "expected") == "observed" and model.link_ not in (
            "logit", "log", "identity"):
        raise InferenceError("HC2 and HC3 take the leverages of the expected information "
                             "(R's hatvalues); this fit's covariance inverts the observed "
                             "one: fit with cov_type='expected'")
    data = training_rows(model).loss
    w, _ = data.working_response(model.result_.beta)          # Ŵ_ii, eqs. (21) and (38)
    h = []
    for x_i, w_i, f_i in zip(data.X.rows, w, f):
        h.append(w_i / f_i * dot(x_i, B.times(x_i)) if f_i else 0.0)   # h_i = Ŵ_ii x_i'B x_i
    return h
