"""Every model, penalty and solver minimises the objective its docstring writes.

The objectives, as the docstrings write them (P: the coefficients, never an
intercept; alpha = l1_ratio, 0 for "l2", 1 for "l1", lam = 0 for None):

  LogisticRegression   NLL + lam((1 - alpha) betaᵀbeta + alpha ||beta||_1),
                       lecture 001's eq. (41), NLL = sum_i log(1 + e^a_i) - y_i a_i
  SoftmaxRegression    the same penalty on every class's coefficients, eq. (41),
                       NLL the cross-entropy -sum_i log p_{i, y_i}, eq. (26); with a
                       reference class its vector is 0 and not a parameter
  GLM                  -log-likelihood + the same penalty, eq. (41); for the
                       gaussian family (1/2) RSS + the penalty

beta minimises such an F exactly when, coordinate by coordinate, 0 is in the
subdifferential of F (the KKT conditions, eq. (45)). This module computes
each model's NLL gradient g itself, from its own formula for the row
derivatives d_i = dNLL/da_i (a_i the linear predictor; for the softmax one
per class) and the fitted ``intercept_`` and ``coef_``: nothing of the
model's objective or solver is used. The residual is

    r = max_j dist(0, dF/dbeta_j) / (N s_j),

dist(0, .) the distance from 0 to the subdifferential (|g_j + 2 l2 beta_j +
l1 sign(beta_j)| for a coefficient not 0, max(|g_j| - l1, 0) for one at 0,
|g_j| for an intercept), N the number of rows, and s_j the root mean square
of column j (1 for the intercept), times, for a GLM, the response's root
mean square where it exceeds 1 (the score sums terms (y_i - mu_i) x_ij in
y's units): the gradient of F / N with respect to the standardized
coefficient s_j beta_j, so r does not change with the data's units or its
number of rows. It is the quantity every solver's convergence
test bounds by its ``tol`` (1e-8 by default in double precision).

Asserted for each fit: ``converged_``, and r <= BOUND = 1e-8 in double
precision, on two data sets per model. Exceptions, each with its reason:

- sgd: its default tol is 1e-3 and it is kept. SGD's noise leaves the
  average of its iterates O(1/t) from the optimum after t updates (eq. (18)'s
  rate falls as 1/t), so 1e-8 would take some 1e8 updates; asserted is
  r <= 1e-3, the tol it reports ``converged_`` against. On data set A only,
  with max_iter = 2000 epochs (softmax with l2 takes 1026; the default is
  200). Not on B: its one rate for every coordinate crawls along B's column
  of root mean square 4.9, and it reaches its tol after 1037 epochs
  (logistic; 1028 with l2) and 4099 (softmax, either penalty), 5 s on
  CPython 3.11: what its ConvergenceWarning's "standardize the features"
  is for.
- In single precision (a board's MicroPython) the solvers' default tol is
  16 EPS (gd 0.5 sqrt(EPS), sgd 1e-3) and this module's own sums round at
  some EPS: the bound is the solver's default tol plus 64 EPS there.
"""

import math

from helpers import EPS, SINGLE, X2, Y2

from minilogit import LogisticRegression, SoftmaxRegression
from minilogit.glm.model import GLM

BOUND = 1e-8
LAM = 1.0

# Data set A: twelve rows, two standardized features (helpers.X2).
# Data set B: twenty rows, three features, the second in other units (root mean
# square 4.9, the others about 1): the residual's scales s_j matter there. Drawn
# once (normal x, the second times 5, labels and counts from a logistic, a
# softmax and a Poisson model with moderate coefficients, with
# minilogit.core.rng.Random(23)) and written here.
XB = [[-1.79, 0.8, -1.66], [-0.8, 6.3, -1.66], [0.37, -3.4, -0.27], [0.11, -10.3, 0.02],
      [-0.27, -2.75, 0.77], [0.0, 0.75, 0.46], [-0.75, 0.35, -1.34], [0.13, -5.95, 0.68],
      [-1.29, -0.7, -1.24], [-0.3, -9.8, -0.61], [-1.58, -1.45, 0.66], [0.63, -9.2, 0.24],
      [0.08, -4.75, -0.58], [1.01, 5.45, 0.99], [-1.24, 3.8, -1.13], [0.76, 0.45, 0.92],
      [0.02, -1.9, 1.62], [0.59, -3.45, 3.08], [1.51, 3.6, 0.16], [-0.66, 2.45, -0.55]]
YB = [0, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 0, 1, 1, 1, 1, 0, 0, 1, 0]
CLASSES_A = [0, 0, 2, 1, 0, 1, 2, 0, 2, 0, 1, 2]
CLASSES_B = [0, 1, 2, 1, 1, 0, 1, 0, 1, 1, 2, 1, 0, 1, 0, 0, 0, 2, 1, 1]
COUNTS_A = [0, 1, 3, 1, 2, 2, 4, 1, 6, 0, 3, 1]
COUNTS_B = [1, 1, 0, 0, 2, 1, 1, 0, 0, 0, 1, 1, 3, 3, 1, 3, 0, 1, 6, 2]
EXPOSURE_B = [1.0 + (i % 4) / 2.0 for i in range(20)]
Y_GAUSSIAN_A = [0.9, -0.4, 1.7, 0.6, 0.2, 0.8, 1.9, -0.3, 2.6, -1.2, 1.4, 0.5]

DATA_SETS = {"A": (X2, Y2, CLASSES_A, COUNTS_A, None, Y_GAUSSIAN_A),
             "B": (XB, YB, CLASSES_B, COUNTS_B, EXPOSURE_B, None)}

PENALTIES = (None, "l2", "l1", "elasticnet")
ALPHA = {None: 0.0, "l2": 0.0, "l1": 1.0, "elasticnet": 0.5}


def _penalised(solver):
    """The penalties a solver takes: an L1 part needs proximal or cd."""
    return PENALTIES if solver in ("proximal", "cd") else (None, "l2")


def _settings(solver, name):
    """The settings a solver is given on data set ``name``, or None: not run
    there (sgd: see the module docstring)."""
    if solver != "sgd":
        return {}
    return {"max_iter": 2000} if name == "A" else None


def _bound(model, solver):
    """The residual a converged fit must reach: see the module docstring."""
    tol = model.solvers[solver].tol          # its default tol
    if SINGLE:
        return tol + 64 * EPS
    return tol if solver == "sgd" else BOUND


def _scales(X, y=None):
    """s_j: 1 for the intercept, then each column's root mean square; each times
    the root mean square of a response y where it exceeds 1 (0/1 labels: never)."""
    n = len(X)
    r = 1.0 if y is None else max(1.0, math.sqrt(sum(v * v for v in y) / n))
    return [r] + [r * math.sqrt(sum(row[j] ** 2 for row in X) / n) for j in range(len(X[0]))]


def _rows(X):
    """The design rows [1, x_i]."""
    return [[1.0] + list(r) for r in X]


def _gradient(rows, d):
    """g_j = sum_i d_i x_ij: the NLL's gradient from its row derivatives d_i."""
    return [sum(d_i * r[j] for d_i, r in zip(d, rows)) for j in range(len(rows[0]))]


def _residual(g, beta, l1, l2, scales, n):
    """max_j dist(0, dF/dbeta_j) / (N s_j), beta[0] the intercept (module docstring)."""
    worst = abs(g[0]) / scales[0]
    for j in range(1, len(beta)):
        b, g_j = beta[j], g[j] + 2.0 * l2 * beta[j]              # eq. (41)'s ridge part
        if b != 0.0:
            v = abs(g_j + (l1 if b > 0.0 else -l1))              # eq. (45): g_j + l1 sign = 0
        else:
            v = max(abs(g_j) - l1, 0.0)                          # eq. (45): |g_j| <= l1
        worst = max(worst, v / scales[j])
    return worst / n


def _lam(penalty):
    alpha = ALPHA[penalty]
    lam = 0.0 if penalty is None else LAM
    return lam * alpha, lam * (1.0 - alpha)


def _sigmoid(a):
    return 1.0 / (1.0 + math.exp(-a)) if a >= 0 else math.exp(a) / (1.0 + math.exp(a))


def _eta(rows, beta):
    return [sum(b * x for b, x in zip(beta, r)) for r in rows]


def _binary_d(eta, y, offset):
    return [_sigmoid(a) - y_i for a, y_i in zip(eta, y)]          # d/da of log(1+e^a) - y a


def _probit_d(eta, y, offset):
    out = []
    for a, y_i in zip(eta, y):
        mu = 0.5 * math.erfc(-a / math.sqrt(2.0))                # Phi(a)
        phi = math.exp(-0.5 * a * a) / math.sqrt(2.0 * math.pi)
        out.append(-(y_i - mu) * phi / (mu * (1.0 - mu)))        # d/da of -y log mu - (1-y) log(1-mu)
    return out


def _poisson_d(eta, y, offset):
    return [math.exp(a + o) - y_i for a, o, y_i in zip(eta, offset, y)]   # d/da of mu - y log mu


def _gaussian_d(eta, y, offset):
    return [a - y_i for a, y_i in zip(eta, y)]                   # d/da of (1/2)(y - a)^2


def _outcome(model, solver, r):
    """(r, converged_, the bound r must meet): one fit's outcome."""
    return r, model.converged_, _bound(model, solver)


def _single(model, solver, X, beta, d_of, y, l1, l2, offset=None):
    """The outcome of a fit with one linear predictor: beta = [intercept] + coef."""
    rows = _rows(X)
    g = _gradient(rows, d_of(_eta(rows, beta), y, offset or [0.0] * len(rows)))
    return _outcome(model, solver, _residual(g, beta, l1, l2, _scales(X, y), len(X)))


def _assert_all_met(outcomes):
    """Every fit converged and met its bound; else name every one that did not."""
    bad = ["%r: r = %.3g (bound %.3g), converged_ %s" % (k, r, b, c)
           for k, (r, c, b) in sorted(outcomes.items(), key=repr)
           if not (c and r <= b)]
    assert not bad, "; ".join(bad)


def _fits(model_class, name, X, y):
    """Each fit this module checks of ``model_class`` to X, y (data set ``name``):
    (solver, penalty, l1, l2, fitted model)."""
    for solver in sorted(model_class.solvers):
        settings = _settings(solver, name)
        for penalty in _penalised(solver) if settings is not None else ():
            l1, l2 = _lam(penalty)
            lam = None if penalty is None else LAM         # lam weighs a penalty only
            m = model_class(solver=solver, penalty=penalty, lam=lam, **settings).fit(X, y)
            yield solver, penalty, l1, l2, m


def logistic_residuals(name):
    """{(solver, penalty): (r, converged_, bound)} for LogisticRegression on data set ``name``."""
    X, y = DATA_SETS[name][:2]
    out = {}
    for solver, penalty, l1, l2, m in _fits(LogisticRegression, name, X, y):
        beta = [m.intercept_] + list(m.coef_)
        out[(solver, penalty)] = _single(m, solver, X, beta, _binary_d, y, l1, l2)
    return out


def test_logistic_regression_minimises_its_documented_objective():
    for name in DATA_SETS:
        _assert_all_met(logistic_residuals(name))


def _softmax_residual(m, X, y, l1, l2):
    """r for a softmax fit: each class's block, as the binary case (the
    reference class's vector is no parameter: left out)."""
    rows, scales, K = _rows(X), _scales(X), len(m.classes_)
    betas = [[b] + list(c) for b, c in zip(m.intercept_, m.coef_)]
    eta = [_eta(rows, beta) for beta in betas]
    worst = 0.0
    for k in range(K):
        if m.classes_[k] == m.reference_:
            continue
        d = []
        for i, y_i in enumerate(y):
            top = max(eta[c][i] for c in range(K))
            e = [math.exp(eta[c][i] - top) for c in range(K)]
            d.append(e[k] / sum(e) - (1.0 if y_i == m.classes_[k] else 0.0))   # p_ik - y_ik
        worst = max(worst, _residual(_gradient(rows, d), betas[k], l1, l2, scales, len(X)))
    return worst


def softmax_residuals(name):
    """{(solver, penalty): (r, converged_, bound)} for SoftmaxRegression on data set ``name``."""
    X, y = DATA_SETS[name][0], DATA_SETS[name][2]
    out = {}
    for solver, penalty, l1, l2, m in _fits(SoftmaxRegression, name, X, y):
        out[(solver, penalty)] = _outcome(m, solver, _softmax_residual(m, X, y, l1, l2))
    return out


def test_softmax_regression_minimises_its_documented_objective():
    for name in DATA_SETS:
        _assert_all_met(softmax_residuals(name))


def test_softmax_elastic_net_ridge_weight_is_one_minus_alpha_lam():
    """lam = 4, l1_ratio = 0.5 puts ridge weight 2, not 4, on
    the coefficients (the residual on the documented objective was 4.1/N)."""
    X, y = DATA_SETS["B"][0], DATA_SETS["B"][2]
    m = SoftmaxRegression(penalty="elasticnet", lam=4, l1_ratio=0.5,
                          solver="proximal").fit(X, y)
    assert _softmax_residual(m, X, y, 2.0, 2.0) <= _bound(m, "proximal")
    assert _softmax_residual(m, X, y, 2.0, 4.0) > 1e-3


GLM_CASES = (("binomial", None, _binary_d, 1), ("binomial", "probit", _probit_d, 1),
             ("poisson", None, _poisson_d, 3), ("gaussian", None, _gaussian_d, 5))


def glm_residuals(name):
    """{(family, link, solver, penalty): (r, converged_, bound)} for GLM on data set ``name``."""
    X, yb, _, counts, exposure, yg = DATA_SETS[name]
    out = {}
    for family, link, d_of, column in GLM_CASES:
        y = {1: yb, 3: counts, 5: yg}[column]
        if y is None:
            continue
        offset = [math.log(t) for t in exposure] if exposure and family == "poisson" else None
        for solver in sorted(GLM.solvers):
            for penalty in _penalised(solver):
                l1, l2 = _lam(penalty)
                m = GLM(family=family, link=link, solver=solver, penalty=penalty,
                        lam=None if penalty is None else LAM)
                m.fit(X, y, exposure=exposure if offset else None)
                beta = [m.intercept_] + list(m.coef_)
                out[(family, link, solver, penalty)] = _single(m, solver, X, beta, d_of, y,
                                                               l1, l2, offset)
    return out


def test_glm_minimises_its_documented_objective():
    for name in DATA_SETS:
        _assert_all_met(glm_residuals(name))
