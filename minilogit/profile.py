"""Likelihood-ratio tests and profile-likelihood intervals, of the likelihood
of a maximum-likelihood fit or of Firth's penalised one (``penalty="firth"``).

For a set S of coefficients, the likelihood ratio 2 (l(beta-hat) - max over
beta_S = 0 of l) is about chi^2 with |S| degrees of freedom (eq. (36)'s LLR
test is S = every coefficient but the intercept); the profile interval of
beta_j holds the values v with 2 (l(beta-hat) - max over beta_j = v of l) <= the
chi^2(1) quantile z^2. Where l is far from quadratic in beta_j (few rows, a
probability near 0 or 1) it is not symmetric about beta_j, and better than
Wald's beta_j -/+ z se_j of eq. (35); where l is quadratic the two are one.
The same with Firth's l* (Heinze and Schemper 2002) are logistf's defaults.

R 4.2's ``confint(glm)`` (MASS's profile) gives the same intervals but for its
interpolation: it fits a spline through a grid of profile points and reads
the ends off it, 1e-4 to 5e-4 of a standard error from the roots that this
module solves for (``tests/test_golden_profile.py`` measures both).

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
>>> [[round(v, 4) for v in row] for row in m.conf_int(method="profile")]
[[-11.1418, 0.6371], [-0.0658, 4.1592]]
"""

import math

from .core.checks import check_number
from .core.compat import INF, warn
from .core.errors import ConvergenceWarning, DataError, InferenceError, SingularMatrixError
from .core.estimators import RATE
from .core.matrix import dot
from .core.penalty import Wrapper
from .core.softmax_regression import FixedAtZero
from .core.solvers import TOL, WORK, scaled_gradient
from .distributions import chi2_sf, normal_ppf
from .sandwich import training_rows


class FixedAt(FixedAtZero):
    """F as a function of the parameters not in ``fixed``, those held at ``values``.

    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.matrix import Matrix
    >>> FixedAt(LogisticLoss(Matrix([[1.0, 2.0]]), [1]), [1], [0.5]).full([3.0])
    [3.0, 0.5]
    """

    def __init__(self, objective, fixed, values):
        FixedAtZero.__init__(self, objective, fixed)
        self.values = list(zip(fixed, values))

    def full(self, beta):
        out = FixedAtZero.full(self, beta)
        for j, v in self.values:
            out[j] = v
        return out


def minimise(F, beta, information, max_iter=100):
    """(min F, its beta) by Newton's method from beta, each step halved until F
    falls, except near the minimum (scaled gradient below sqrt(TOL)), where F
    moves by rounding alone; where Newton's step does not descend (F is not
    convex far from its minimum), the step of ``information``'s Hessian, I(beta)
    (Fisher scoring). It stops one step after the scaled gradient passes TOL.

    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.matrix import Matrix
    >>> loss = LogisticLoss(Matrix([[1.0], [1.0], [1.0]]), [0, 1, 1])
    >>> value, beta = minimise(loss, [0.0], loss)
    >>> round(beta[0], 12) == round(math.log(2), 12)               # the log-odds of 2 to 1
    True
    """
    scales, n, value, done = F.scales(), F.n_examples, F.value(beta), False
    for _ in range(max_iter):
        g = F.gradient(beta)
        criterion = scaled_gradient(g, scales, n)
        delta, t = F.hessian(beta).solve(g), 1.0
        if dot(g, delta) <= 0:
            delta = information.hessian(beta).solve(g)
        while True:
            new = [b - t * d for b, d in zip(beta, delta)]
            try:
                v = F.value(new)
            except ArithmeticError:      # so far that some w_i underflow: too far
                v = INF
            if v <= value or (criterion <= math.sqrt(TOL) and v < INF) or t < 1e-10:
                break
            t /= 2.0
        beta, value = new, v
        if done:
            return value, beta
        done = criterion <= TOL
    raise InferenceError("the likelihood's maximum with coefficients fixed was "
                           "not found in %d Newton steps" % max_iter)


def _fitted(model):
    """(F, I, beta): the objective whose minimum ``model``'s fit is (the negative
    log-likelihood, or Firth's F), the information for its steps where Newton's
    do not descend, and the estimate; InferenceError where there is none."""
    model.inference_._criteria()            # at the optimum, not penalised (Firth's is not)
    if model.scale_ != 1.0:
        raise InferenceError("a gaussian fit's scale is estimated, so a difference of its "
                             "likelihoods is not chi^2; its intervals are Wald's (conf_int())")
    loss = training_rows(model)
    if model._firth:
        from .objectives.firth import FirthObjective
        F = FirthObjective(loss, safeguard=False)
        return F, F.objective, list(model.params_)
    if model.link_ not in ("logit", "log", "identity"):     # probit, cloglog: a GLM's
        return Observed(loss), loss, list(model.params_)     # Newton's, not Fisher's, steps
    return loss, loss, list(model.params_)


class Observed(Wrapper):
    """A GLM's loss whose ``hessian`` is its observed information (the Hessian of
    L), not the expected one: Newton's steps, which near the optimum of a
    profile converge quadratically where Fisher scoring's converge linearly.

    >>> from minilogit.glm.loss import GLMLoss
    >>> from minilogit.core.matrix import Matrix
    >>> loss = GLMLoss(Matrix([[1.0], [1.0]]), [0, 1], "binomial", "probit")
    >>> Observed(loss).hessian([0.3]).rows == loss.observed_information([0.3]).rows
    True
    """

    def value(self, beta):
        return self.objective.value(beta)

    def gradient(self, beta):
        return self.objective.gradient(beta)

    def hessian(self, beta):
        return self.objective.observed_information(beta)


def plr_test(model, names=None):
    """The penalised likelihood ratio test of ``model`` (a Firth fit): for each
    parameter, [chi2, p] of beta_j = 0 (``names`` None); or, for the parameters
    ``names`` (a list of ``param_names_``) together, [chi2, df, p] of all = 0.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(penalty="firth").fit([[1.0], [2.0], [3.0], [4.0], [5.0],
    ...                                               [6.0]], [0, 0, 0, 1, 1, 1])
    >>> [[round(v, 6) for v in row] for row in plr_test(m)]   # tests/data/firth_profile.json
    [[3.183272, 0.074396], [3.857033, 0.049538]]
    """
    F, information, beta = _fitted(model)
    if not model._firth:
        raise InferenceError("plr_test is the penalised likelihood ratio test of a fit "
                             "with penalty='firth'; for a maximum-likelihood fit, lr_test")
    top = F.value(beta)

    def ratio(fixed):                    # 2 (l*(beta_hat) - max l* with beta_fixed = 0)
        start = [b for j, b in enumerate(beta) if j not in fixed]
        zeros = [0.0] * len(fixed)
        return max(0.0, 2.0 * (minimise(FixedAt(F, fixed, zeros), start,
                                        FixedAt(information, fixed, zeros))[0] - top))
    if names is None:
        return [[c, chi2_sf(c, 1)] for c in (ratio([j]) for j in range(len(beta)))]
    fixed = [_index(model, name) for name in names]
    c = ratio(fixed)
    return [c, len(fixed), chi2_sf(c, len(fixed))]


def profile_work(model):
    """About the multiply-adds of ``plr_test`` and ``profile_conf_int`` together: k
    tests and 2 k ends of ~6 profile points, each ~6 Newton steps of 2 N^2 d + N d^2
    (Firth's) or N k^2 / 2 + k^3 (the likelihood's), for k parameters.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(penalty="firth").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> profile_work(m)          # N = 4, d = 2: 2 * 13 * 6 * (2 * 16 * 2 + 4 * 4)
    12480.0
    """
    n, d = training_rows(model).loss.X.shape
    k = len(model.params_)
    step = 2.0 * n * n * d + n * d * d if model._firth else n * k * k / 2.0 + k ** 3
    return k * 13 * 6 * step


def _index(model, name):
    if name not in model.param_names_:
        raise DataError("no parameter %r: the model has %s" % (name, model.param_names_))
    return model.param_names_.index(name)


def profile_conf_int(model, alpha=0.05):
    """Rows [low, high]: the profile-likelihood interval of each parameter of
    ``model`` (of the penalised likelihood l* for a Firth fit), the values v with
    2 (l(beta_hat) - max over beta_j = v of l) <= z^2, z = z_(1 - alpha/2).

    Each end is where the signed root s(v) = +-sqrt of that ratio, nearly linear
    in v, is +-z: the secant method on s from the Wald interval's end, each
    profile point a Newton run from the last. Up to ~16 d such runs in all.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(penalty="firth").fit([[1.0], [2.0], [3.0], [4.0], [5.0],
    ...                                               [6.0]], [0, 0, 0, 1, 1, 1])
    >>> [[round(v, 5) for v in row] for row in profile_conf_int(m)]
    [[-21.58796, 0.30191], [0.00173, 6.07001]]
    """
    check_number(alpha, "alpha", "a number strictly between 0 and 1", lambda a: 0 < a < 1)
    F, information, beta = _fitted(model)
    work = profile_work(model)
    if work > WORK:
        warn("profile intervals refit the model with one coefficient fixed ~%d times: "
             "~%.1e multiply-adds, ~%.0f s at ~%.1e a second; conf_int() gives Wald's at "
             "once" % (12 * len(beta), work, work / RATE, RATE), ConvergenceWarning, 3)
    top, z, se = F.value(beta), normal_ppf(1.0 - alpha / 2.0), model.bse_
    rows = []
    for j in range(len(beta)):
        row = []
        for side in (-1.0, 1.0):
            start = [b for k, b in enumerate(beta) if k != j]

            def s(v):                    # the signed root of the ratio at beta_j = v
                try:
                    value, start[:] = minimise(FixedAt(F, [j], [v]), start,
                                               FixedAt(information, [j], [v]))
                except SingularMatrixError:  # so far out that every point is certain
                    return None
                return side * math.sqrt(max(0.0, 2.0 * (value - top)))
            v0, s0, v1 = beta[j], 0.0, beta[j] + side * z * se[j]
            s1 = s(v1)
            for _ in range(60):          # the secant method on s(v) = side z
                if s1 is None:           # past where the fit exists: back halfway
                    v1 = (v0 + v1) / 2.0
                    s1 = s(v1)
                    continue
                if s1 == s0:
                    break
                v0, s0, v1 = v1, s1, v1 + (side * z - s1) * (v1 - v0) / (s1 - s0)
                s1 = s(v1)
                if s1 is not None and abs(v1 - v0) <= 1e-10 * max(1.0, abs(v1)):
                    break
            if s1 is None or not abs(s1 - side * z) <= 1e-3 * z:    # the root, or no end
                raise InferenceError("the profile of %s: no end of its interval was found: "
                                     "out at %.6g the signed root is %s, not %.6g, as where "
                                     "the likelihood levels off (near separation) and the "
                                     "interval has no end on that side; conf_int() gives "
                                     "Wald's" % (model.param_names_[j], v1, "undefined" if s1
                                                 is None else "%.6g" % s1, side * z))
            row.append(v1)
        rows.append(row)
    return rows
