"""Bad input, exhaustively (issue 7, item 5).

Every bad input gets the documented exception, whose message names the
problem (and, where there is one, the place): ``DataError``,
``NotFittedError`` and ``InferenceError`` are ValueErrors,
``DivergenceError`` and ``SingularMatrixError`` ArithmeticErrors. Never a
raw ZeroDivisionError, OverflowError, IndexError, KeyError, TypeError or
AttributeError from inside the package, never a nan in a result, never a
hang (every iterative fit here has a bounded ``max_iter``).

Three tables:

- ``RAISES``: (id, call, exception, words the message must contain);
- ``WORKS``: inputs that look bad but are fine (conflicting duplicate rows,
  separable data, ``max_iter=0``, constant columns for gradient descent,
  huge weights): (id, call, the warning it must issue or None); the call's
  result must be finite;
- ``WORKS_OR_RAISES``: extreme magnitudes (near 1e308, near 5e-324), where
  a fit may either work (finite output) or raise a clear error with the
  given words.

Then Hypothesis fuzzes random shapes and values through fit, predict_proba,
predict and a few metrics. ``bad_input_table()`` renders the tables as
markdown (``python tests/test_bad_input.py`` prints it).
"""

import math
import sys
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from minilogit import (GLM, ConvergenceWarning, DataError, DivergenceError, InferenceError,
                       LeastSquaresClassifier, LogisticRegression, Matrix,
                       MultiLabelClassifier, NotFittedError, OneVsRest, SeparationWarning,
                       SingularMatrixError, SoftmaxRegression, lasso_path)
from minilogit import metrics
from minilogit.core.logistic import LogisticLoss
from minilogit.core.solvers import newton
from minilogit.models.paths import lam_max

NAN, INF = float("nan"), float("inf")
RAW = (ZeroDivisionError, OverflowError, IndexError, KeyError, TypeError, AttributeError)

X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]       # 6 rows, one feature, not separable
Y = [0, 0, 1, 0, 1, 1]
Y3 = [0, 1, 2, 0, 1, 2]
X2 = [[0.0, 1.0], [1.0, 0.5], [2.0, 2.0], [3.0, 1.0], [4.0, 3.0], [5.0, 1.5]]
SEPARABLE_Y = [0, 0, 0, 1, 1, 1]


# -- the estimators, each with a uniform fit(X, y) -----------------------------

class Labels1:
    """MultiLabelClassifier fitted on one label column: fit(X, y) -> fit(X, [[y_i]])."""

    def __init__(self, **params):
        self.model = MultiLabelClassifier(**params)

    def fit(self, X, y, **kw):
        try:
            Y = [[v] for v in y]
        except TypeError:
            Y = y
        self.model.fit(X, Y, **kw)
        return self

    def __getattr__(self, name):
        return getattr(self.model, name)


def _with(cls, **defaults):
    """A factory: cls(**defaults) with the caller's parameters on top."""
    return lambda **params: cls(**dict(defaults, **params))


def _one_vs_rest(**params):
    return OneVsRest(LogisticRegression(**params))


# name -> (factory(**params), takes sample_weight, is iterative)
ESTIMATORS = {
    "LR-newton": (_with(LogisticRegression), True, True),
    "LR-irls": (_with(LogisticRegression, solver="irls"), True, True),
    "LR-gd": (_with(LogisticRegression, solver="gd", max_iter=500), True, True),
    "LR-sgd": (_with(LogisticRegression, solver="sgd", max_iter=20), True, True),
    "LR-cd-l1": (_with(LogisticRegression, solver="cd", penalty="l1", lam=0.1), True, True),
    "LR-proximal-en": (_with(LogisticRegression, solver="proximal", penalty="elasticnet",
                             lam=0.1), True, True),
    "Softmax": (_with(SoftmaxRegression), False, True),
    "Softmax-gd": (_with(SoftmaxRegression, solver="gd", max_iter=500), False, True),
    "OneVsRest": (_one_vs_rest, False, True),
    "MultiLabel": (_with(Labels1), False, True),
    "GLM-logit": (_with(GLM), True, True),
    "GLM-probit": (_with(GLM, link="probit"), True, True),
    "LeastSquares": (_with(LeastSquaresClassifier), False, False),
}
ITERATIVE = [n for n, (_, _, it) in ESTIMATORS.items() if it]
WEIGHTED = [n for n, (_, w, _) in ESTIMATORS.items() if w]


def make(name, **params):
    return ESTIMATORS[name][0](**params)


def fit(name, X, y, **params):
    return make(name, **params).fit(X, y)


def predictions(model, rows):
    """Everything a fitted model predicts for rows (the probabilities first)."""
    out = []
    for method in ("predict_proba", "predict"):
        if hasattr(model, method):
            out.append(getattr(model, method)(rows))
    return out


def finite(v):
    """True when no float anywhere in v is nan or infinite."""
    if isinstance(v, (list, tuple)):
        return all(finite(u) for u in v)
    if isinstance(v, float):
        return math.isfinite(v)
    return True


def outputs(model):
    """The fitted numbers of a model and its predictions on X: all must be finite."""
    if isinstance(model, list):                      # lasso_path's points
        return [[p.intercept] + p.coef for p in model]
    if isinstance(model, OneVsRest):
        coefs = [[e.intercept_, e.coef_] for e in model.estimators_]
    else:
        coefs = [model.intercept_, model.coef_]
    p = (model.estimators_[0] if isinstance(model, OneVsRest) else model).n_features_in_
    return [coefs] + predictions(model, X if p == 1 else X2)


# -- the table of bad inputs that raise ----------------------------------------

RAISES = []          # (id, input described, call, exception, words in the message)


def case(id, what, call, exc, words):
    RAISES.append((id, what, call, exc, words))


# Bad X: the same check (validation.check_X) at every estimator's door.
for name in ESTIMATORS:
    y = Y3 if name == "Softmax" else Y
    case("ragged-rows/" + name, "X = [[0, 1], [1], [2, 3], ...]",
         lambda n=name, y=y: fit(n, [[0.0, 1.0], [1.0], [2.0, 3.0]] + X2[3:], y),
         DataError, "X row 1 has 1 columns, row 0 has 2")
    case("empty-X/" + name, "X = [], y = []", lambda n=name: fit(n, [], []),
         DataError, "X is empty")
    case("no-columns/" + name, "X = [[], [], ...]", lambda n=name, y=y: fit(n, [[]] * 6, y),
         DataError, "X has rows but no columns")
    case("nan/" + name, "X[2][0] = nan", lambda n=name, y=y: fit(n, X[:2] + [[NAN]] + X[3:], y),
         DataError, "X[2][0] is nan: every entry must be a finite number")
    case("inf/" + name, "X[1][0] = -inf", lambda n=name, y=y: fit(n, X[:1] + [[-INF]] + X[2:], y),
         DataError, "X[1][0] is -inf")
    case("string-cell/" + name, "X[3][0] = '3.0'",
         lambda n=name, y=y: fit(n, X[:3] + [["3.0"]] + X[4:], y),
         DataError, "X[3][0] is '3.0'")
    case("bool-cell/" + name, "X[0][0] = True", lambda n=name, y=y: fit(n, [[True]] + X[1:], y),
         DataError, "X[0][0] is True")
    case("huge-int-cell/" + name, "X[0][0] = 10**400",
         lambda n=name, y=y: fit(n, [[10 ** 400]] + X[1:], y), DataError, "X[0][0] is 1000000000")
    case("X-not-rows/" + name, "X = [0.0, 1.0, ...]",
         lambda n=name, y=y: fit(n, [r[0] for r in X], y), DataError, "X must be a list of rows")
    case("near-1e308/" + name, "X = [[1e308], [-1e308], ...]",
         lambda n=name, y=y: fit(n, [[1e308], [-1e308]] + X[2:], y),
         DataError, "column 0 of X has entries as large as 1e+308")
    case("wrong-columns/" + name, "predict with 2 columns after fitting 1",
         lambda n=name, y=y: predictions(fit(n, X, y), [[1.0, 2.0]]),
         DataError, "X has 2 columns, the model was fitted with 1")
    case("predict-nan/" + name, "predict with [[nan]]",
         lambda n=name, y=y: predictions(fit(n, X, y), [[NAN]]), DataError, "X[0][0] is nan")
    case("not-fitted/" + name, "predict before fit",
         lambda n=name: predictions(make(n), X), NotFittedError, "not fitted yet")

# Bad y.
for name in ESTIMATORS:
    if name.startswith("GLM"):
        case("one-class/" + name, "y = [1, 1, 1, 1, 1, 1]", lambda n=name: fit(n, X, [1] * 6),
             DataError, "y has only one value (1)")
        case("y-nan/" + name, "y[2] = nan", lambda n=name: fit(n, X, [0, 1, NAN, 0, 1, 1]),
             DataError, "y[2] is nan")
        case("y-mismatch/" + name, "6 rows, 5 labels", lambda n=name: fit(n, X, Y[:5]),
             DataError, "X has 6 rows but y has 5 values")
    elif name == "MultiLabel":
        case("one-class/" + name, "Y = [[1]] * 6", lambda n=name: fit(n, X, [1] * 6),
             DataError, "label 0 has only the value 1")
        case("y-nan/" + name, "Y[2][0] = nan", lambda n=name: fit(n, X, [0, 1, NAN, 0, 1, 1]),
             DataError, "Y[2][0] is nan")
        case("y-mismatch/" + name, "6 rows, 5 label rows", lambda n=name: fit(n, X, Y[:5]),
             DataError, "X has 6 rows but Y has 5")
    else:
        case("one-class/" + name, "y = [1, 1, 1, 1, 1, 1]", lambda n=name: fit(n, X, [1] * 6),
             DataError, "y has only one class (1)")
        case("y-nan/" + name, "y[2] = nan", lambda n=name: fit(n, X, [0, 1, NAN, 0, 1, 1]),
             DataError, "y[2] is nan: labels must be finite")
        case("y-mismatch/" + name, "6 rows, 5 labels", lambda n=name: fit(n, X, Y[:5]),
             DataError, "X has 6 rows but y has 5 labels")
        case("y-mixed-types/" + name, "y = [0, 'a', 0, 1, 1, 0]",
             lambda n=name: fit(n, X, [0, "a", 0, 1, 1, 0]),
             DataError, "cannot be hashed and sorted (mixed types?)")
        case("y-None/" + name, "y = None", lambda n=name: fit(n, X, None),
             DataError, "y must be a sequence of labels, got NoneType")

# More labels than the model allows.
for name in ("LR-newton", "LR-gd", "LR-cd-l1"):
    case("three-classes/" + name, "y with classes 0, 1, 2", lambda n=name: fit(n, X, Y3),
         DataError, "y has 3 classes (0, 1, 2): a binary model needs exactly two")
case("three-classes/GLM-logit", "y = [0, 1, 2, ...]", lambda: fit("GLM-logit", X, Y3),
     DataError, "y[2] is 2: the binomial family needs 0/1 labels")
case("three-classes/MultiLabel", "Y = [[0], [1], [2], ...]", lambda: fit("MultiLabel", X, Y3),
     DataError, "Y[2][0] is 2: entries must be 0, 1 or None")
case("three-classes/lasso_path", "y = [0, 1, 2, ...]", lambda: lasso_path(X, Y3),
     DataError, "y has 3 classes")
case("three-classes/roc_auc_score", "y_true = [0, 1, 2]",
     lambda: metrics.roc_auc_score([0, 1, 2], [0.1, 0.2, 0.3]),
     DataError, "y_true has 3 classes (0, 1, 2): the AUC is for two classes")

# Collinear design matrices that a Newton step must solve.
# (Newton takes the step solved where its test passed, so a start that is already
# the optimum, as for Softmax and GLM-newton here, still solves the Hessian once.)
for name, col in (("LR-newton", "column 0 of X"), ("LR-irls", "column 0 of X"),
                  ("MultiLabel", "column 0 of X (for label 0, on the rows where it is known)"),
                  ("LeastSquares", "column 0 of X"),
                  ("Softmax", "column 0 of X (in the vector of class 1)"),
                  ("GLM-logit", "column 0 of X")):
    case("constant-column/" + name, "X = [[1.0]] * 6 (a copy of the intercept)",
         lambda n=name: fit(n, [[1.0]] * 6, [0, 1, 2, 0, 1, 2] if n.startswith("Softmax")
                            else [0, 1, 1, 1, 1, 0]),
         DataError, col + " is a linear combination of the columns before it")
for name, col in (("LR-newton", "column 1 of X"), ("LR-irls", "column 1 of X"),
                  ("GLM-logit", "column 1 of X"), ("GLM-probit", "column 1 of X"),
                  ("MultiLabel", "column 1 of X (for label 0, on the rows where it is known)"),
                  ("LeastSquares", "column 1 of X")):
    case("duplicated-column/" + name, "X = [[x, x] for x in 0..5]",
         lambda n=name: fit(n, [[r[0], r[0]] for r in X], Y),
         DataError, col + " is a linear combination of the columns before it")
case("duplicated-column/Softmax-ref", "X = [[x, x]], penalty=None, reference_class=0",
     lambda: SoftmaxRegression(penalty=None, reference_class=0).fit([[r[0], r[0]] for r in X], Y3),
     DataError, "column 1 of X (in the vector of class 1) is a linear combination")
case("duplicated-column/Softmax", "X = [[x, x]] (the default: unpenalised, first class the "
     "reference)", lambda: SoftmaxRegression().fit([[r[0], r[0]] for r in X], Y3),
     DataError, "column 1 of X (in the vector of class 1) is a linear combination")

# Parameters.
for name in ITERATIVE:
    case("unknown-solver/" + name, "solver='lbfgs'",
         lambda n=name: fit(n, X, Y, solver="lbfgs"),
         DataError, "unknown solver 'lbfgs'")
    case("max_iter-negative/" + name, "max_iter=-1", lambda n=name: fit(n, X, Y, max_iter=-1),
         DataError, "max_iter must be a non-negative integer, got -1")
    case("max_iter-float/" + name, "max_iter=2.5", lambda n=name: fit(n, X, Y, max_iter=2.5),
         DataError, "max_iter must be a non-negative integer, got 2.5")
    case("tol-nan/" + name, "tol=nan", lambda n=name: fit(n, X, Y, tol=NAN),
         DataError, "tol must be a finite number >= 0, got nan")
for name in ("LR-gd", "LR-sgd", "Softmax-gd", "OneVsRest", "MultiLabel"):
    for lr, shown in ((0, "0"), (-0.1, "-0.1"), (NAN, "nan"), (INF, "inf"), ("fast", "'fast'")):
        case("learning_rate=%s/%s" % (shown, name), "learning_rate=%s" % shown,
             lambda n=name, lr=lr: fit(n, X, Y, learning_rate=lr),
             DataError, "learning_rate must be a positive finite number, got " + shown)
for name, kw in (("LR-sgd", {}), ("Softmax", {"solver": "sgd"}), ("MultiLabel", {"solver": "sgd"})):
    case("random_state-str/" + name, "solver='sgd', random_state='seed'",
         lambda n=name, kw=kw: fit(n, X, Y, random_state="seed", **kw),
         DataError, "random_state must be an integer seed for SGD's shuffling, got 'seed'")
for penalty in (None, "l2", "l1", "elasticnet"):
    solver = "cd" if penalty in ("l1", "elasticnet") else "newton"
    case("negative-lam/LR-%s" % penalty, "penalty=%r, lam=-1" % (penalty,),
         lambda p=penalty, s=solver: LogisticRegression(solver=s, penalty=p, lam=-1).fit(X, Y),
         DataError, "lam must be a finite number >= 0, got -1")
case("inf-lam/LR-l2", "penalty='l2', lam=inf",
     lambda: LogisticRegression(penalty="l2", lam=INF).fit(X, Y),
     DataError, "lam must be a finite number >= 0, got inf")
for lam, shown in ((-1, "-1"), (INF, "inf"), (NAN, "nan")):
    case("lam=%s/Softmax" % shown, "SoftmaxRegression(lam=%s)" % shown,
         lambda lam=lam: SoftmaxRegression(lam=lam).fit(X, Y3),
         DataError, "lam must be a finite number >= 0, got " + shown)
for ratio, shown in ((1.5, "1.5"), (-0.1, "-0.1"), (NAN, "nan"), ("half", "'half'")):
    case("l1_ratio=%s/LR" % shown, "penalty='elasticnet', l1_ratio=%s" % shown,
         lambda r=ratio: LogisticRegression(solver="cd", penalty="elasticnet",
                                            l1_ratio=r).fit(X, Y),
         DataError, "l1_ratio must be a number in [0, 1], got " + shown)
case("l1_ratio-unused/LR", "penalty=None, l1_ratio=2",
     lambda: LogisticRegression(l1_ratio=2).fit(X, Y),
     DataError, "l1_ratio must be a number in [0, 1], got 2")
for ratio, shown in ((0.0, "0.0"), (2, "2")):
    case("l1_ratio=%s/lasso_path" % shown, "lasso_path(l1_ratio=%s)" % shown,
         lambda r=ratio: lasso_path(X, Y, l1_ratio=r),
         DataError, "l1_ratio must be a number in (0.0, 1.0], got " + shown)
for name in ("LR-newton", "Softmax", "MultiLabel", "GLM-logit"):
    case("unhashable-solver/" + name, "solver=['newton']",
         lambda n=name: fit(n, X, Y, solver=["newton"]), DataError, "unknown solver ['newton']")
case("negative-lam/lasso_path", "lasso_path(lams=[-1])", lambda: lasso_path(X, Y, lams=[-1]),
     DataError, "every lam must be a number in [0.0, inf), got -1")
case("unknown-solver/lasso_path", "lasso_path(solver='newton')",
     lambda: lasso_path(X, Y, solver="newton"), DataError, "unknown solver 'newton'")
case("unhashable-solver/lasso_path", "lasso_path(solver=['cd'])",
     lambda: lasso_path(X, Y, solver=["cd"]), DataError, "unknown solver ['cd']")
case("l1_ratio=0/lam_max", "lam_max(l1_ratio=0)", lambda: lam_max(X, Y, l1_ratio=0),
     DataError, "l1_ratio must be a number in (0.0, 1.0], got 0")
case("l1-penalty-with-newton/LR", "penalty='l1', solver='newton'",
     lambda: LogisticRegression(penalty="l1").fit(X, Y),
     DataError, "use solver='cd' or solver='proximal', not 'newton'")
case("unknown-penalty/LR", "penalty='l3'", lambda: LogisticRegression(penalty="l3").fit(X, Y),
     DataError, "unknown penalty 'l3'")
case("unknown-penalty/Softmax", "penalty='l3'", lambda: SoftmaxRegression(penalty="l3").fit(X, Y),
     DataError, "unknown penalty 'l3': choose None, 'l2', 'l1', 'elasticnet' or a minilogit.core.penalty.Penalty")
case("l1-with-newton/Softmax", "penalty='l1' (solver newton)",
     lambda: SoftmaxRegression(penalty="l1").fit(X, Y),
     DataError, "the l1 penalty is not differentiable at 0: use solver='proximal'")
case("unknown-start/LR", "start='ones'", lambda: LogisticRegression(start="ones").fit(X, Y),
     DataError, "start must be 'zeros', 'log_odds' or a list of coefficients, got 'ones'")
case("newton-no-penalty/Softmax", "penalty='l2', lam=0 without reference_class (K free vectors)",
     lambda: SoftmaxRegression(penalty="l2", lam=0).fit(X, Y3), DataError,
     "Newton's method cannot fit K free parameter vectors without a ridge penalty")
case("unknown-reference/Softmax", "reference_class='z'",
     lambda: SoftmaxRegression(reference_class="z").fit(X, Y3),
     DataError, "reference_class 'z' is not one of the classes [0, 1, 2]")
case("class_weight-bad/LR", "class_weight='even'",
     lambda: LogisticRegression(class_weight="even").fit(X, Y),
     DataError, "class_weight must be None, 'balanced' or a dict")
case("class_weight-label/LR", "class_weight={7: 2}",
     lambda: LogisticRegression(class_weight={7: 2}).fit(X, Y),
     DataError, "class_weight has a label 7 that is not in y")
case("class_weight-negative/LR", "class_weight={0: -1}",
     lambda: LogisticRegression(class_weight={0: -1}).fit(X, Y),
     DataError, "class_weight[0] must be a finite number >= 0, got -1")
for name in ("LR-newton", "MultiLabel"):
    for t, shown in ((1.5, "1.5"), (NAN, "nan"), ("0.5", "'0.5'")):
        case("threshold=%s/%s" % (shown, name), "predict(X, threshold=%s)" % shown,
             lambda n=name, t=t: fit(n, X, Y).predict(X, threshold=t),
             DataError, "threshold must be in [0, 1], got " + shown)
case("threshold-str/LeastSquares", "LeastSquaresClassifier(threshold='a')",
     lambda: LeastSquaresClassifier(threshold="a").fit(X, Y),
     DataError, "threshold must be a finite number, got 'a'")

# GLM families and links.
case("unknown-family/GLM", "family='gamma'", lambda: GLM(family="gamma").fit(X, Y),
     DataError, "unknown family 'gamma'")
case("unknown-link/GLM", "link='sqrt'", lambda: GLM(link="sqrt").fit(X, Y),
     DataError, "unknown link 'sqrt'")
case("family-None/GLM", "family=None", lambda: GLM(family=None).fit(X, Y),
     DataError, "unknown family None")
case("wrong-link/GLM", "family='poisson', link='logit'",
     lambda: GLM(family="poisson", link="logit").fit(X, Y),
     DataError, "the poisson family does not take the logit link")
case("unknown-solver/GLM", "GLM(solver='gd')", lambda: GLM(solver="gd").fit(X, Y),
     DataError, "unknown solver 'gd': choose one of cd, irls, newton, proximal")
case("poisson-not-counts/GLM", "family='poisson', y[1] = 2.5",
     lambda: GLM(family="poisson").fit(X, [1, 2.5, 0, 1, 2, 3]),
     DataError, "y[1] is 2.5: the poisson family needs counts")
case("poisson-all-zero/GLM", "family='poisson', y = 0 everywhere",
     lambda: GLM(family="poisson").fit(X, [0] * 6), DataError, "y is 0 on every row")
case("poisson-huge-count/GLM", "family='poisson', y[0] = 1e20",
     lambda: GLM(family="poisson").fit(X, [1e20, 0, 1, 2, 3, 4]),
     DataError, "y[0] is 1e+20: a count above 2^53")
case("gaussian-huge-y/GLM", "family='gaussian', y[0] = 1e200",
     lambda: GLM(family="gaussian").fit(X, [1e200, 0, 1, 2, 3, 4]),
     DataError, "y has values as large as 1e+200")
case("gaussian-constant-y/GLM", "family='gaussian', y = 1 everywhere",
     lambda: GLM(family="gaussian").fit(X, [1.0] * 6), DataError, "y is constant (1.0)")
case("y-bool/GLM", "y = [True, False, ...]",
     lambda: GLM().fit(X, [True, False, True, False, True, False]), DataError, "y[0] is True")
case("poisson-predict-overflow/GLM", "predict a Poisson mean e^eta beyond 1e308",
     lambda: GLM(family="poisson").fit(X, [0, 1, 2, 3, 4, 4]).predict([[1e4]]),
     DataError, "X row 0: the predicted mean g^-1(eta) is inf")
case("exact-gaussian-fit/GLM", "gaussian y = x exactly: bse_",
     lambda: GLM(family="gaussian").fit(X, [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]).bse_,
     InferenceError, "the fit is exact (every residual is 0)")

# Sample weights.
for name in WEIGHTED:
    def weighted(n, w):
        return make(n).fit(X, Y, sample_weight=w)
    case("weights-mismatch/" + name, "sample_weight of length 2 for 6 rows",
         lambda n=name: weighted(n, [1.0, 2.0]),
         DataError, "sample_weight has 2 entries but X has 6 rows")
    case("weights-negative/" + name, "sample_weight[2] = -1",
         lambda n=name: weighted(n, [1, 1, -1, 1, 1, 1]),
         DataError, "sample_weight[2] is -1.0: weights must be >= 0")
    case("weights-nan/" + name, "sample_weight[3] = nan",
         lambda n=name: weighted(n, [1, 1, 1, NAN, 1, 1]), DataError, "sample_weight[3] is nan")
    case("weights-zero/" + name, "sample_weight = 0 everywhere",
         lambda n=name: weighted(n, [0] * 6), DataError, "sample_weight sums to zero")
    case("weights-overflow/" + name, "sample_weight = 1e308 everywhere",
         lambda n=name: weighted(n, [1e308] * 6), DataError, "sample_weight sums to inf")
    case("weights-not-a-list/" + name, "sample_weight = 3",
         lambda n=name: weighted(n, 3), DataError, "sample_weight must be a sequence of numbers")
case("weights-one-class-left/LR", "every row of class 1 has weight 0",
     lambda: LogisticRegression().fit(X, Y, sample_weight=[1, 1, 0, 1, 0, 0]),
     DataError, "every row of class 1 has weight 0")
case("weights-class-lost-in-rounding/LR", "class 0 rows weigh 5e-324 each, class 1 rows 1",
     lambda: LogisticRegression().fit(X, Y, sample_weight=[5e-324, 5e-324, 1, 5e-324, 1, 1]),
     DataError, "the rows of class 0 weigh 1.5e-323 in all, nothing next to the 3.0")

# Divergence: a fixed learning rate far too large.
case("learning_rate-too-large/LR-gd", "solver='gd', learning_rate=1e6",
     lambda: LogisticRegression(solver="gd", learning_rate=1e6).fit(X, Y),
     DivergenceError, "gradient descent diverged at iteration 1")
case("learning_rate-too-large/LR-sgd", "solver='sgd', learning_rate=1e300, on x = 1e5",
     lambda: LogisticRegression(solver="sgd", learning_rate=1e300).fit(
         [[1e5 * r[0]] for r in X], Y),
     DivergenceError, "stochastic gradient descent diverged in epoch 1")

# Predicting far out: the linear predictor itself overflows.
case("predict-inf-minus-inf/LR", "predict [[+-1e308, -+1e308]] where x'coef = inf - inf",
     lambda: _overflow(LogisticRegression(), lambda m: m.coef_, "predict_proba"),
     DataError, "X row 0: the linear predictor b0 + x'coef is nan")
case("predict-inf-minus-inf/MultiLabel", "predict [[+-1e308, -+1e308]] where x'coef = inf - inf",
     lambda: _overflow(Labels1(), lambda m: m.coef_[0], "predict_proba"),
     DataError, "X row 0: the linear predictor b0 + x'coef is nan")
case("predict-inf-minus-inf/LeastSquares", "predict [[+-1e308, -+1e308]] (inf - inf)",
     lambda: _overflow(LeastSquaresClassifier(), lambda m: m.coef_, "predict"),
     DataError, "X row 0: the linear predictor b0 + x'coef is nan")
case("predict-inf-minus-inf/GLM", "predict [[+-1e308, -+1e308]] (inf - inf)",
     lambda: _overflow(GLM(), lambda m: m.coef_, "predict"),
     DataError, "X row 0: the linear predictor b0 + x'coef is nan")
case("predict-inf-score/Softmax", "predict a row whose score for one class is +inf",
     lambda: _overflow(SoftmaxRegression(penalty=None, reference_class=0),
                       lambda m: m.coef_[1], "predict_proba", same_sign=True),
     DataError, "X row 0: the linear predictor b0 + x'coef is inf")

# Estimator objects.
case("OneVsRest-None", "OneVsRest(None)", lambda: OneVsRest(None).fit(X, Y3),
     DataError, "OneVsRest needs a binary estimator object")
case("OneVsRest-class", "OneVsRest(LogisticRegression) (the class)",
     lambda: OneVsRest(LogisticRegression).fit(X, Y3),
     DataError, "OneVsRest needs a binary estimator object")
case("OneVsRest-no-proba", "OneVsRest(LeastSquaresClassifier()).predict_proba",
     lambda: OneVsRest(LeastSquaresClassifier()).fit(X, Y3).predict_proba(X),
     DataError, "a LeastSquaresClassifier has none")

# Multi-label tables.
case("label-table-ragged/MultiLabel", "Y = [[0, 1], [1], ...]",
     lambda: MultiLabelClassifier().fit(X, [[0, 1], [1]] + [[0, 1]] * 4),
     DataError, "Y row 1 has 1 labels, row 0 has 2")
case("label-table-question-mark/MultiLabel", "Y[1][0] = '?'",
     lambda: MultiLabelClassifier().fit(X, [[0], ["?"], [0], [1], [0], [1]]),
     DataError, "Y[1][0] is '?'")
case("label-table-all-unknown/MultiLabel", "Y = [[None]] * 6",
     lambda: MultiLabelClassifier().fit(X, [[None]] * 6),
     DataError, "label 0 has no value among its known entries")

# Inference and the summary table.
case("bse-not-fitted/LR", "bse_ before fit", lambda: LogisticRegression().bse_,
     NotFittedError, "not fitted yet")
case("aic-not-fitted/LR", "aic_ before fit", lambda: LogisticRegression().aic_,
     NotFittedError, "not fitted yet")
case("prsquared-not-fitted/GLM", "prsquared_ before fit", lambda: GLM().prsquared_,
     NotFittedError, "not fitted yet")
case("trace-not-fitted/LR", "trace_ before fit", lambda: LogisticRegression().trace_,
     NotFittedError, "it is not fitted by an iterative solver yet")
case("bse-penalised/LR", "bse_ of a ridge fit",
     lambda: LogisticRegression(penalty="l2").fit(X, Y).bse_, InferenceError, "the fit is penalised")
case("bse-separated/LR", "bse_ of a separated fit",
     lambda: _quiet(LogisticRegression().fit, X, SEPARABLE_Y).bse_,
     InferenceError, "the maximum-likelihood estimate does not exist")
case("conf_int-alpha/LR", "conf_int(alpha=2)", lambda: LogisticRegression().fit(X, Y).conf_int(2),
     DataError, "alpha must be a number strictly between 0 and 1, got 2")
case("summary-names-count/LR", "summary(feature_names=['a', 'b']) for 1 feature",
     lambda: LogisticRegression().fit(X, Y).summary(feature_names=["a", "b"]),
     DataError, "feature_names has 2 names, the model has 1 features")
case("summary-names-int/LR", "summary(feature_names=5)",
     lambda: LogisticRegression().fit(X, Y).summary(feature_names=5),
     DataError, "feature_names must be a list of names, got 5")
case("odds-ratio-probit/GLM", "odds_ratios_ of a probit GLM",
     lambda: GLM(link="probit").fit(X, Y).odds_ratios_, InferenceError, "only under the logit link")

# Metrics.
case("metrics-mismatched/accuracy_score", "y_true of 2, y_pred of 1",
     lambda: metrics.accuracy_score([0, 1], [0]),
     DataError, "y_true has 2 entries but y_pred has 1")
case("metrics-empty/accuracy_score", "y_true = y_pred = []",
     lambda: metrics.accuracy_score([], []), DataError, "y_true is empty")
case("metrics-nan-label/confusion_matrix", "y_true[0] = nan",
     lambda: metrics.confusion_matrix([NAN, 1], [0, 1]), DataError, "y_true[0] is nan")
case("metrics-mismatched/roc_auc_score", "y_true of 3, y_score of 2",
     lambda: metrics.roc_auc_score([0, 1, 1], [0.1, 0.2]),
     DataError, "y_true has 3 entries but y_score has 2")
case("metrics-nan-score/roc_auc_score", "y_score[1] = nan",
     lambda: metrics.roc_auc_score([0, 1], [0.2, NAN]), DataError, "y_score[1] is nan")
case("metrics-inf-score/roc_curve", "y_score[0] = inf",
     lambda: metrics.roc_curve([0, 1], [INF, 0.3]), DataError, "y_score[0] is inf")
case("metrics-one-class/roc_auc_score", "y_true = [1, 1]",
     lambda: metrics.roc_auc_score([1, 1], [0.2, 0.3]),
     DataError, "y_true has only one class (1): the AUC needs positive and negative")
case("metrics-one-class/roc_curve", "y_true = [0, 0]",
     lambda: metrics.roc_curve([0, 0], [0.2, 0.3]), DataError, "y_true has only one class (0)")
case("metrics-nan-prob/log_loss", "y_pred[1] = nan",
     lambda: metrics.log_loss([0, 1], [0.2, NAN]), DataError, "y_pred[1] is nan")
case("metrics-prob-above-1/log_loss", "y_pred[1] = 1.3",
     lambda: metrics.log_loss([0, 1], [0.2, 1.3]),
     DataError, "y_pred[1] is 1.3: probabilities must be in [0, 1]")
case("metrics-row-sum/log_loss", "a row summing to 0.9",
     lambda: metrics.log_loss([0, 1], [[0.2, 0.7], [0.3, 0.7]]), DataError, "y_pred[0] sums to")
case("metrics-one-label/log_loss", "y_true = [1, 1], no labels=",
     lambda: metrics.log_loss([1, 1], [0.2, 0.3]), DataError, "y_true has only one label (1)")
case("metrics-bad-average/f1_score", "average='mean'",
     lambda: metrics.f1_score([0, 1], [0, 1], average="mean"), DataError, "average must be one of")
case("metrics-three-labels-binary/precision_score", "3 labels with average='binary'",
     lambda: metrics.precision_score([0, 1, 2], [0, 1, 2]), DataError, "needs at most two")
case("metrics-unhashable/majority_baseline", "y_true = [[1], [2]]",
     lambda: metrics.majority_baseline([[1], [2]]), DataError, "cannot be hashed")
case("metrics-nan-threshold/threshold_sweep", "thresholds = [nan]",
     lambda: metrics.threshold_sweep([0, 1], [0.2, 0.4], thresholds=[NAN]),
     DataError, "thresholds[0] is nan")
case("metrics-overflow/r2_score", "y_true = [1e308, -1e308]",
     lambda: metrics.r2_score([1e308, -1e308], [0.0, 1.0]),
     DataError, "the residual sum of squares overflows a float")
case("metrics-underflow/r2_score", "y_true = [5e-324, 0.0]: TSS underflows to 0",
     lambda: metrics.r2_score([5e-324, 0.0], [0.0, 0.0]),
     DataError, "total sum of squares TSS is 0.0 (its values are too small")
case("metrics-constant/r2_score", "y_true = [2, 2]",
     lambda: metrics.r2_score([2.0, 2.0], [2.0, 2.0]), DataError, "y_true is constant (2.0)")
case("metrics-overflow/residual_standard_error", "y_true = [1e308, -1e308, 3]",
     lambda: metrics.residual_standard_error([1e308, -1e308, 3.0], [0.0, 1.0, 2.0], 1),
     DataError, "overflows a float")
case("metrics-too-few/residual_standard_error", "N = 2, n_params = 2",
     lambda: metrics.residual_standard_error([1.0, 2.0], [1.0, 2.0], n_params=2),
     DataError, "needs more examples (2) than parameters (2)")

# Matrix.
case("matrix-ragged", "Matrix([[1, 2], [3]])", lambda: Matrix([[1, 2], [3]]),
     DataError, "row 1 has 1 entries, row 0 has 2")
case("matrix-not-rows", "Matrix(None)", lambda: Matrix(None),
     DataError, "a Matrix needs a sequence of rows")
case("matrix-scalar-rows", "Matrix([1, 2])", lambda: Matrix([1, 2]),
     DataError, "a Matrix needs a sequence of rows")
case("matrix-singular", "[[1, 2], [2, 4]].inverse()",
     lambda: Matrix([[1.0, 2.0], [2.0, 4.0]]).inverse(),
     SingularMatrixError, "column 1 has no usable pivot")
case("matrix-singular-solve", "[[1, 2], [2, 4]].solve([1, 1])",
     lambda: Matrix([[1.0, 2.0], [2.0, 4.0]]).solve([1.0, 1.0]),
     SingularMatrixError, "matrix is singular: column 1")
case("matrix-singular-first-column", "[[0, 0], [0, 1]].solve([1, 1]): column 0 has none "
     "before it", lambda: Matrix([[0.0, 0.0], [0.0, 1.0]]).solve([1.0, 1.0]),
     SingularMatrixError, "column 0 has no usable pivot (it is 0)")
case("overshoot-first-column", "newton on y = [1, 0], X = [[1], [1]] from beta = 3: "
     "3 -> -7.02 -> 551, where p(1 - p) rounds to 0",
     lambda: newton(LogisticLoss(Matrix([[1.0], [1.0]]), [1, 0]), [3.0]),
     SingularMatrixError, "column 0 has no usable pivot (it is 0)")
for name in ("LR-newton", "LR-irls"):
    case("zero-column/" + name, "X = [[0.0]] * 6, fit_intercept=False: column 0 of "
         "X'WX is 0, with no column before it",
         lambda n=name: fit(n, [[0.0]] * 6, Y, fit_intercept=False),
         DataError, "column 0 of X is 0 on every row whose weight w_i is not 0")
case("matrix-non-square-solve", "a 2x3 matrix .solve([1, 2])",
     lambda: Matrix([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0]]).solve([1.0, 2.0]),
     DataError, "solve needs a square matrix, got 2x3")
case("matrix-non-square-inverse", "a 2x3 matrix .inverse()",
     lambda: Matrix([[1.0, 2.0, 3.0], [2.0, 4.0, 5.0]]).inverse(),
     DataError, "solve needs a square matrix, got 2x3")
case("matrix-rhs-length", "I2.solve([1])", lambda: Matrix.identity(2).solve([1.0]),
     DataError, "right-hand side has length 1, matrix has 2 rows")
case("matrix-rhs-None", "I2.solve(None)", lambda: Matrix.identity(2).solve(None),
     DataError, "the right-hand side must be a list of numbers or a Matrix")
case("matrix-rhs-rows", "I2.solve([[1], [2]])", lambda: Matrix.identity(2).solve([[1.0], [2.0]]),
     DataError, "entry [0][0] of the right-hand side is [1.0]")
case("matrix-nan-entry", "[[nan, 0], [0, 1]].inverse()",
     lambda: Matrix([[NAN, 0.0], [0.0, 1.0]]).inverse(),
     DataError, "entry [0][0] of the matrix is nan: solve needs finite numbers")
case("matrix-string-entry", "[['a', 'b'], ['c', 'd']].inverse()",
     lambda: Matrix([["a", "b"], ["c", "d"]]).inverse(), DataError, "entry [0][0] of the matrix is 'a'")
case("matrix-overflow", "[[1e308, 1e308], [1e308, -1e308]].inverse()",
     lambda: Matrix([[1e308, 1e308], [1e308, -1e308]]).inverse(),
     DataError, "Gauss-Jordan elimination overflowed a float at column 1")
case("matrix-inverse-overflows", "[[1e-320, 0], [0, 1e-320]].inverse()",
     lambda: Matrix([[1e-320, 0.0], [0.0, 1e-320]]).inverse(),
     DataError, "the solution of the linear system is inf")
case("matrix-matmul-shape", "(1x2) @ (1x2)", lambda: Matrix([[1, 2]]) @ Matrix([[1, 2]]),
     DataError, "cannot multiply a 1x2 by a 1x2 matrix")
case("matrix-add-shape", "(1x1) + (1x2)", lambda: Matrix([[1]]) + Matrix([[1, 2]]),
     DataError, "sum of a 1x1 and a 1x2 matrix")


def _quiet(fn, *args, **kwargs):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn(*args, **kwargs)


def _overflow(model, coef, method, same_sign=False):
    """Fit model on data that give coefficients far above 1 in size, then predict
    a row of +-1e308 whose terms x_j coef_j overflow to +inf and -inf (or, with
    same_sign, both to +inf)."""
    rows = [[a / 100.0, b / 100.0] for a, b in X2]
    _quiet(model.fit, rows, [0, 0, 1, 0, 1, 1])
    c = coef(model)
    assert min(abs(v) for v in c) > 2.0, c
    signs = [1.0 if v > 0 else -1.0 for v in c]
    row = [1e308 * signs[0], (1e308 if same_sign else -1e308) * signs[1]]
    return getattr(model, method)([row])


@pytest.mark.parametrize("id,what,call,exc,words", RAISES, ids=[c[0] for c in RAISES])
def test_bad_input_raises_the_documented_error(id, what, call, exc, words):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with pytest.raises(exc) as info:      # anything else (a raw TypeError, say) fails here
            call()
    e = info.value
    assert type(e).__module__ == "minilogit", type(e)
    # NotFittedError is also an AttributeError, as scikit-learn's is (what its tools catch)
    assert not isinstance(e, RAW) or exc is NotFittedError, type(e).__mro__
    if exc in (DataError, NotFittedError, InferenceError):
        assert isinstance(e, ValueError)
    else:
        assert isinstance(e, ArithmeticError)
    assert words in str(e), str(e)


def test_the_table_is_long_enough_and_ids_are_unique():
    ids = [c[0] for c in RAISES] + [c[0] for c in WORKS] + [c[0] for c in WORKS_OR_RAISES]
    assert len(ids) == len(set(ids))
    assert len(RAISES) >= 30


# -- inputs that look bad but must work, finitely ---------------------------------

WORKS = []           # (id, input described, call, warning category or None)


def works(id, what, call, warning=None):
    WORKS.append((id, what, call, warning))


CONFLICT_X = [[1.0], [1.0], [2.0], [2.0], [3.0], [3.0]]
CONFLICT_Y = [0, 1, 0, 1, 1, 0]                      # every x has both labels: p = 1/2
for name in ESTIMATORS:
    y = [0, 1, 2, 0, 1, 2] if name.startswith("Softmax") else CONFLICT_Y
    works("conflicting-rows/" + name, "x = 1, 1, 2, 2, 3, 3 with both labels at each x",
          lambda n=name, y=y: fit(n, CONFLICT_X, y))
for name in ("LR-newton", "LR-irls", "LR-gd", "LR-sgd", "OneVsRest", "MultiLabel",
             "GLM-logit", "GLM-probit"):
    works("separable/" + name, "y = 0 for x < 3, 1 for x >= 3",
          lambda n=name: fit(n, X, SEPARABLE_Y, **({"max_iter": 200} if n == "LR-sgd" else {})),
          SeparationWarning)
works("separable/LR-cd", "penalty=None, solver='cd'",
      lambda: LogisticRegression(solver="cd").fit(X, SEPARABLE_Y), SeparationWarning)
works("separable/Softmax-ref", "penalty=None, reference_class=0",
      lambda: SoftmaxRegression(penalty=None, reference_class=0).fit(X, [0, 0, 1, 1, 2, 2]),
      SeparationWarning)
works("separable/LR-l2", "penalty='l2': the minimum exists",
      lambda: LogisticRegression(penalty="l2").fit(X, SEPARABLE_Y))
works("separable/lasso_path", "lasso_path on separable data", lambda: lasso_path(X, SEPARABLE_Y))
works("one-row-per-class/LR", "two rows, two classes",
      lambda: LogisticRegression().fit([[1.0], [2.0]], [0, 1]), SeparationWarning)
for name in ITERATIVE:
    y = Y3 if name.startswith("Softmax") else Y
    works("max_iter=0/" + name, "max_iter=0", lambda n=name, y=y: fit(n, X, y, max_iter=0),
          ConvergenceWarning)
works("max_iter=0/GLM-poisson", "family='poisson', max_iter=0",
      lambda: GLM(family="poisson", max_iter=0).fit(X, [0, 1, 1, 3, 2, 4]), ConvergenceWarning)
for name in ("LR-gd", "LR-sgd", "Softmax-gd", "LR-cd-l1", "LR-proximal-en"):
    works("constant-column/" + name, "X = [[1.0]] * 6: no Hessian to solve",
          lambda n=name: fit(n, [[1.0]] * 6, [0, 1, 2, 0, 1, 2] if n.startswith("Softmax")
                             else [0, 1, 1, 1, 1, 0]))
for name in ("LR-gd", "LR-cd-l1"):
    works("duplicated-column/" + name, "X = [[x, x]]: a ridge or a gradient step copes",
          lambda n=name: fit(n, [[r[0], r[0]] for r in X], Y))
works("duplicated-column/Softmax-l2", "X = [[x, x]], penalty='l2', lam=0.5: the ridge copes",
      lambda: SoftmaxRegression(penalty="l2", lam=0.5).fit([[r[0], r[0]] for r in X], Y3))
for name in ("LR-newton", "LR-irls", "LR-gd", "LR-cd-l1", "GLM-logit"):
    works("huge-weights/" + name, "sample_weight = 1e12 everywhere (same fit as weight 1)",
          lambda n=name: make(n).fit(X, Y, sample_weight=[1e12] * 6))
works("tiny-weights/LR-newton", "sample_weight = 1e-300 everywhere",
      lambda: LogisticRegression().fit(X, Y, sample_weight=[1e-300] * 6))
works("bool-labels/LR", "y = [True, False, ...] (two classes)",
      lambda: LogisticRegression().fit(X, [False, False, True, False, True, True]))
works("string-labels/Softmax", "y = ['a', 'b', 'c', ...]",
      lambda: SoftmaxRegression().fit(X, ["a", "b", "c", "a", "b", "c"]))
works("no-penalty-no-reference/Softmax", "penalty=None, reference_class=None: the first class",
      lambda: SoftmaxRegression(penalty=None, reference_class=None).fit(X, Y3))
works("integer-cells/LR", "X of ints", lambda: LogisticRegression().fit([[0], [1], [2], [3]],
                                                                      [0, 1, 0, 1]))
works("generator-X/LR", "X and y as generators",
      lambda: LogisticRegression().fit((r for r in X), (v for v in Y)))


@pytest.mark.parametrize("id,what,call,warning", WORKS, ids=[c[0] for c in WORKS])
def test_odd_but_valid_input_works_finitely(id, what, call, warning):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        model = call()
        out = outputs(model)
    assert finite(out), out
    categories = [type(w.message) for w in caught]
    if warning is None:
        assert SeparationWarning not in categories, [str(w.message) for w in caught]
    else:
        assert warning in categories, [str(w.message) for w in caught]


# -- extremes: finite output, or a clear error -----------------------------------

WORKS_OR_RAISES = []   # (id, input described, call, exception, words)


def either(id, what, call, exc, words):
    WORKS_OR_RAISES.append((id, what, call, exc, words))


for name in ESTIMATORS:
    y = Y3 if name == "Softmax" else Y
    # SGD's steps in such units blow the loss up: that is divergence, said so
    either("x-1e153/" + name, "X = [[1e153], [-1e153], [5e152], ...] (sums of squares ~1e306)",
           lambda n=name, y=y: fit(n, [[1e153], [-1e153], [5e152]] + X[3:], y),
           *((DivergenceError, "diverged in epoch 1") if name.endswith("sgd") else
             (DataError, "is a linear combination of the columns before it")))
    either("x-subnormal/" + name, "X = [[5e-324], [0], [1e-320], ...]",
           lambda n=name, y=y: fit(n, [[5e-324], [0.0], [1e-320], [2e-323], [0.0], [5e-324]], y),
           DataError, "is a linear combination of the columns before it")
    either("predict-1e308/" + name, "fit on 0..5, predict [[1e308], [-1e308]]",
           lambda n=name, y=y: predictions(fit(n, X, y), [[1e308], [-1e308]]),
           DataError, "X row")
either("poisson-predict-large/GLM", "family='poisson', predict [[100]]",
       lambda: GLM(family="poisson").fit(X, [0, 1, 2, 3, 4, 4]).predict([[100.0]]),
       DataError, "the predicted mean")
either("x-1e150-one-row/LR-gd", "solver='gd', X = [[1e150], ...]",
       lambda: LogisticRegression(solver="gd", max_iter=50).fit([[1e150]] + X[1:], Y),
       DataError, "overflow")


@pytest.mark.parametrize("id,what,call,exc,words", WORKS_OR_RAISES,
                         ids=[c[0] for c in WORKS_OR_RAISES])
def test_extremes_work_or_raise_clearly(id, what, call, exc, words):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            result = call()
        except exc as e:
            assert words in str(e), str(e)
            return
    out = outputs(result) if not isinstance(result, list) else result
    assert finite(out), out


# -- Hypothesis: random shapes and values through the whole API ---------------------

FUZZ_ESTIMATORS = [
    ("LR-newton", lambda: LogisticRegression(max_iter=20)),
    ("LR-irls", lambda: LogisticRegression(solver="irls", max_iter=20)),
    ("LR-gd", lambda: LogisticRegression(solver="gd", max_iter=30)),
    ("LR-gd-fixed", lambda: LogisticRegression(solver="gd", max_iter=30, learning_rate=0.1)),
    ("LR-sgd", lambda: LogisticRegression(solver="sgd", max_iter=3)),
    ("LR-cd", lambda: LogisticRegression(solver="cd", penalty="l1", lam=0.1, max_iter=10)),
    ("LR-proximal", lambda: LogisticRegression(solver="proximal", penalty="elasticnet",
                                               lam=0.1, max_iter=30)),
    ("LR-l2", lambda: LogisticRegression(penalty="l2", lam=0.5, max_iter=20)),
    ("LR-log-odds", lambda: LogisticRegression(start="log_odds", max_iter=20)),
    ("Softmax", lambda: SoftmaxRegression(max_iter=20)),
    ("Softmax-ref", lambda: SoftmaxRegression(penalty=None, reference_class=0, max_iter=20)),
    ("Softmax-gd", lambda: SoftmaxRegression(solver="gd", penalty=None, max_iter=30)),
    ("Softmax-sgd", lambda: SoftmaxRegression(solver="sgd", max_iter=3)),
    ("OneVsRest", lambda: OneVsRest(LogisticRegression(max_iter=20))),
    ("GLM-logit", lambda: GLM(max_iter=20)),
    ("GLM-probit", lambda: GLM(link="probit", max_iter=20)),
    ("GLM-cloglog", lambda: GLM(link="cloglog", solver="newton", max_iter=20)),
    ("GLM-poisson", lambda: GLM(family="poisson", max_iter=20)),
    ("GLM-gaussian", lambda: GLM(family="gaussian", max_iter=20)),
    ("LeastSquares", lambda: LeastSquaresClassifier()),
    ("MultiLabel", lambda: Labels1(max_iter=20)),
]

small = st.floats(-10, 10, allow_nan=False, allow_infinity=False)
extreme = st.sampled_from([0.0, -0.0, 1e308, -1e308, 1.7976931348623157e308, 1e154, -1e200,
                           1e-320, 5e-324, -5e-324, 1e-300, 709.0, -745.0, 1e15, 2.0 ** 53 + 2])
any_cell = st.one_of(small, small, small, small, extreme, st.floats(), st.integers(-5, 5),
                     st.booleans(), st.none(), st.text(max_size=2), st.just(10 ** 400),
                     st.just([1.0]))
number_cell = st.one_of(small, small, small, extreme, st.integers(-3, 3))
label_pools = st.sampled_from([
    st.integers(0, 1), st.integers(0, 2), st.integers(0, 3), st.sampled_from(["a", "b", "c"]),
    st.booleans(), st.one_of(st.integers(0, 1), st.text(max_size=1)),
    st.one_of(st.integers(0, 1), st.none()), st.one_of(st.integers(0, 2), st.just(NAN)),
    st.floats(0, 5), st.just(1)])


@st.composite
def messy_data(draw):
    """(X, y, queries): 0-7 rows of 0-3 cells of anything (ragged now and then),
    labels from a random pool (mixed types, nan, None, 1 to 4 classes), a y of
    the wrong length now and then, and 0-3 query rows (wrong width now and then)."""
    n, p = draw(st.integers(0, 7)), draw(st.integers(0, 3))
    ragged = draw(st.integers(0, 9)) == 0
    X = []
    for _ in range(n):
        m = draw(st.integers(0, 4)) if ragged else p
        X.append(draw(st.lists(any_cell, min_size=m, max_size=m)))
    pool = draw(label_pools)
    ny = n if draw(st.integers(0, 9)) else draw(st.integers(0, 8))
    y = draw(st.lists(pool, min_size=ny, max_size=ny))
    q = p if draw(st.integers(0, 5)) else draw(st.integers(0, 4))
    queries = draw(st.lists(st.lists(any_cell, min_size=q, max_size=q), max_size=3))
    return X, y, queries


@st.composite
def numeric_data(draw):
    """(X, y, queries): 1-8 rows of 1-3 numbers (small, huge, tiny), 1-3 classes."""
    n, p = draw(st.integers(1, 8)), draw(st.integers(1, 3))
    X = [draw(st.lists(number_cell, min_size=p, max_size=p)) for _ in range(n)]
    K = draw(st.integers(1, 3))
    y = draw(st.lists(st.integers(0, K - 1), min_size=n, max_size=n))
    queries = draw(st.lists(st.lists(number_cell, min_size=p, max_size=p),
                            min_size=1, max_size=3))
    return X, y, queries


def is_minilogit_error(e):
    return (type(e).__module__ == "minilogit"
            and isinstance(e, (ValueError, ArithmeticError)) and not isinstance(e, RAW))


def attempt(fn, *args):
    """(True, result) or (False, None) for a minilogit error; anything else propagates."""
    try:
        return True, fn(*args)
    except Exception as e:
        if not is_minilogit_error(e):
            raise
        return False, None


def check_estimator(name, make_model, X, y, queries):
    model = make_model()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ok, _ = attempt(model.fit, X, y)
        if not ok:
            return
        if name == "OneVsRest":
            fitted = [[e.intercept_, e.coef_] for e in model.estimators_]
        else:
            fitted = [model.intercept_, model.coef_]
        assert finite(fitted), (name, X, y, fitted)
        for method in ("predict_proba", "predict"):
            if not hasattr(model, method):
                continue
            ok, out = attempt(getattr(model, method), queries)
            if not ok:
                continue
            assert len(out) == len(queries), (name, method, out)
            assert finite(out), (name, method, X, y, queries, out)
            if method == "predict_proba" or (method == "predict" and name.startswith("GLM-")
                                             and name not in ("GLM-poisson", "GLM-gaussian")):
                for row in out:
                    for v in (row if isinstance(row, list) else [row]):
                        assert 0.0 <= v <= 1.0, (name, method, row)


FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FUZZ
@given(st.sampled_from(FUZZ_ESTIMATORS), messy_data())
def test_fuzz_messy_input_is_a_minilogit_error_or_finite(estimator, data):
    check_estimator(estimator[0], estimator[1], *data)


@FUZZ
@given(st.sampled_from(FUZZ_ESTIMATORS), numeric_data())
def test_fuzz_extreme_numbers_give_finite_results_or_a_minilogit_error(estimator, data):
    check_estimator(estimator[0], estimator[1], *data)


weight_cell = st.one_of(st.floats(0, 10), st.sampled_from([0.0, 5e-324, 1e-300, 1e300, 1e308,
                                                         1e15, 0.5, 2.0]),
                        st.floats(), st.integers(-1, 3), st.none(), st.booleans())
WEIGHTED_FUZZ = [e for e in FUZZ_ESTIMATORS if e[0].startswith(("LR-", "GLM-"))]


@FUZZ
@given(st.sampled_from(WEIGHTED_FUZZ), numeric_data(), st.data())
def test_fuzz_sample_weights_and_inference(estimator, data, draw):
    """Random weights (0, subnormal, huge, nan, negative, None, bools); after a
    fit, every inference statistic is finite or an InferenceError."""
    name, make_model = estimator
    X, y, queries = data
    weights = draw.draw(st.lists(weight_cell, min_size=len(X), max_size=len(X)))
    model = make_model()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ok, _ = attempt(model.fit, X, y, weights)
        if not ok:
            return
        assert finite([model.intercept_, model.coef_]), (name, X, y, weights)
        for method in ("predict_proba", "predict"):
            if hasattr(model, method):
                ok, out = attempt(getattr(model, method), queries)
                if ok:
                    assert finite(out), (name, method, X, y, weights, queries, out)
        for attr in ("bse_", "zvalues_", "pvalues_", "llr_pvalue_"):
            ok, value = attempt(getattr, model, attr)
            if ok:
                assert finite(value), (name, attr, X, y, weights, value)
        attempt(model.summary)


scores = st.one_of(small, extreme, st.floats(), st.booleans(), st.none(), st.text(max_size=1))


@FUZZ
@given(st.lists(st.one_of(st.integers(0, 2), st.just(NAN), st.none(), st.text(max_size=1),
                          st.lists(st.integers(0, 1), max_size=1)), max_size=6),
       st.lists(scores, max_size=6))
def test_fuzz_metrics(y_true, values):
    calls = [
        (metrics.accuracy_score, (y_true, y_true[::-1])),
        (metrics.confusion_matrix, (y_true, y_true[::-1])),
        (metrics.f1_score, (y_true, y_true[::-1])),
        (metrics.majority_baseline, (y_true,)),
        (metrics.roc_auc_score, (y_true, values)),
        (metrics.roc_curve, (y_true, values)),
        (metrics.log_loss, (y_true, values)),
        (metrics.threshold_sweep, (y_true, values)),
        (metrics.r2_score, (values, values[::-1])),
        (metrics.residual_standard_error, (values, values[::-1], 1)),
    ]
    for fn, args in calls:
        ok, out = attempt(fn, *args)
        if ok and fn is not metrics.roc_curve:    # roc_curve's first threshold is inf
            assert finite(out), (fn.__name__, args, out)


@FUZZ
@given(st.integers(0, 4).flatmap(lambda n: st.tuples(
    st.lists(st.lists(st.one_of(small, extreme, st.floats()), min_size=n, max_size=n),
             min_size=n, max_size=n),
    st.lists(st.one_of(small, extreme), min_size=n, max_size=n))))
def test_fuzz_matrix_solve(system):
    A, b = system
    ok, x = attempt(Matrix(A).solve, b)
    if ok:
        assert finite(x), (A, b, x)


# -- the table as markdown, for the closing note --------------------------------

def bad_input_table():
    """The three tables as one markdown table: id | input | exception | message.

    Rows that differ only in the estimator ("nan/LR-newton", "nan/GLM-logit",
    ...) are merged into one, which lists the estimators.
    """
    rows, order = {}, []

    def add(id, what, exc, words):
        kind, _, target = id.partition("/")
        key = (kind, what, exc, words)
        if key not in rows:
            rows[key] = []
            order.append(key)
        if target:
            rows[key].append(target)

    for id, what, _, exc, words in RAISES:
        add(id, what, exc.__name__, words)
    for id, what, _, warning in WORKS:
        add(id, what, "none: finite fit and predictions" +
            (", " + warning.__name__ if warning else ""), "")
    for id, what, _, exc, words in WORKS_OR_RAISES:
        add(id, what, "none (finite output), or " + exc.__name__, words)

    def cell(text):
        return str(text).replace("|", "\\|")

    lines = ["| id | input | exception | message contains |", "|---|---|---|---|"]
    for key in order:
        kind, what, exc, words = key
        targets = rows[key]
        if len(targets) == len(ESTIMATORS):
            kind += " (all %d estimators)" % len(targets)
        elif targets:
            kind += " (" + ", ".join(targets) + ")"
        lines.append("| %s | %s | %s | %s |" % (cell(kind), cell(what), cell(exc), cell(words)))
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.stdout.write(bad_input_table())


def test_standardize_checks_its_input():
    from minilogit.datasets import standardize
    with pytest.raises(DataError, match="row 1 has 1 columns"):
        standardize([[1.0, 2.0], [3.0]])
    with pytest.raises(DataError, match="is 'a'"):
        standardize([[1.0], ["a"]])


# -- issue 12, items 5 and 7: safe export and import, all-or-nothing fits ------

import enum  # noqa: E402
import json  # noqa: E402

from minilogit.core import LogisticRegression as CoreLogisticRegression  # noqa: E402
from minilogit.export import to_source  # noqa: E402


def _exported(model):
    """The namespace of model.to_source(), executed in a fresh dict."""
    namespace = {}
    exec(to_source(model), namespace)
    return namespace


def _same_predictions(model, namespace, rows):
    assert namespace["predict_proba"](rows) == model.predict_proba(rows)
    assert namespace["predict"](rows) == model.predict(rows)


class Sneaky(str):
    """A str label whose repr is code: it must never reach the exported module."""

    def __repr__(self):
        return "globals().__setitem__('PWNED', True) or 'x'"


class Float64Like(float):
    """A float subclass that writes itself as numpy 2 does: np.float64(0.5)."""

    def __repr__(self):
        return "np.float64(%s)" % float.__repr__(self)


class Int64Like:
    """An integer label that is not an int, with numpy's dtype and item() (np.int64)."""

    dtype = "int64"

    def __init__(self, v):
        self.v = v

    def item(self):
        return self.v

    def __eq__(self, other):
        return self.v == getattr(other, "v", other)

    def __lt__(self, other):
        return self.v < getattr(other, "v", other)

    def __hash__(self):
        return hash(self.v)

    def __repr__(self):
        return "np.int64(%d)" % self.v


class Answer(str, enum.Enum):
    NO = "no"
    YES = "yes"


class Level(enum.IntEnum):
    LOW = 1
    HIGH = 2


@pytest.mark.parametrize("labels, plain", [
    ([Sneaky("no"), Sneaky("yes")], ["no", "yes"]),
    ([Float64Like(0.5), Float64Like(1.5)], [0.5, 1.5]),
    ([Int64Like(3), Int64Like(7)], [3, 7]),
    ([Answer.NO, Answer.YES], ["no", "yes"]),
    ([Level.LOW, Level.HIGH], [1, 2]),
], ids=["str-with-code-repr", "float64-lookalike", "int64-lookalike", "str-enum", "int-enum"])
def test_to_source_writes_hostile_labels_as_plain_literals(labels, plain):
    y = [labels[v] for v in Y]
    for model in (LogisticRegression(), SoftmaxRegression(),
                  OneVsRest(LogisticRegression())):
        model.fit(X, y if not isinstance(model, SoftmaxRegression)
                  else [labels[v % 2] for v in Y3])
        text = to_source(model)
        assert "np." not in text and "Sneaky" not in text and "PWNED" not in text
        namespace = _exported(model)
        assert "PWNED" not in namespace
        assert namespace["CLASSES"] == plain
        assert [type(c) for c in namespace["CLASSES"]] == [type(c) for c in plain]
        assert namespace["predict_proba"](X) == model.predict_proba(X)
        assert namespace["predict"](X) == [plain[labels.index(v)]
                                           for v in model.predict(X)]


def test_to_source_with_numpy_labels():
    np = pytest.importorskip("numpy")
    for labels in ([np.str_("no"), np.str_("yes")], [np.float64(0.5), np.float64(1.5)],
                   [np.int64(3), np.int64(7)], [np.False_, np.True_]):
        model = LogisticRegression().fit(X, [labels[v] for v in Y])
        namespace = _exported(model)
        assert namespace["CLASSES"] == [v.item() for v in labels]
        assert [type(c) for c in namespace["CLASSES"]] == [type(v.item()) for v in labels]
        _same_predictions(model, namespace, X)


def test_to_source_refuses_what_it_cannot_write():
    model = LogisticRegression().fit(X, Y)
    model.classes_ = [0, float("nan")]
    with pytest.raises(DataError, match=r"classes_\[1\] is nan: only a finite number"):
        to_source(model)
    model.classes_ = [0, object()]
    with pytest.raises(DataError, match=r"classes_\[1\] is a object, which cannot be written"):
        to_source(model)

    class BadStr(str):
        def __str__(self):
            return Sneaky("x")             # str() gives a subclass again
    model.classes_ = [BadStr("a"), BadStr("b")]
    with pytest.raises(DataError, match=r"classes_\[0\] is a BadStr"):
        to_source(model)
    model = LogisticRegression().fit(X, Y)
    model.coef_ = [float("inf")]
    with pytest.raises(DataError, match="coef_ must be a finite number"):
        to_source(model)


def _json_models():
    """One fitted model of each class that has to_json (least squares binary and 3-class)."""
    y = [0, 1, 1, 0, 1, 0]                    # not separable on X2
    return [LogisticRegression().fit(X2, y), SoftmaxRegression().fit(X2, Y3),
            GLM(family="poisson").fit(X2, [1, 0, 2, 3, 1, 4]),
            LeastSquaresClassifier().fit(X2, Y), LeastSquaresClassifier().fit(X2, Y3),
            MultiLabelClassifier().fit(X2, [[v, 1 - v] for v in y])]


def _edit(doc, path, value):
    """A copy of the JSON document doc with the value at path (keys) replaced."""
    doc = json.loads(json.dumps(doc))
    target = doc
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return doc


_DELETE = object()


def _hostile_documents(model):
    """(what, document or text, words of the DataError) for one fitted model."""
    doc = json.loads(model.to_json())
    f = doc["fitted"]
    multi = isinstance(f["intercept_"], list)
    coef_row = ["fitted", "coef_", 0] if multi else ["fitted", "coef_"]
    row = f["coef_"][0] if multi else f["coef_"]
    cases = [
        ("coef_ one too long", _edit(doc, coef_row, row + [0.0]), "coef_"),
        ("coef_ one too short", _edit(doc, coef_row, row[:-1]), "as many as n_features_in_"),
        ("coef_ nan", _edit(doc, coef_row + [0], float("nan")), "must be a finite number"),
        ("coef_ inf", _edit(doc, coef_row + [0], float("inf")), "must be a finite number"),
        ("coef_ a string", _edit(doc, coef_row + [0], "1.0"), "must be a finite number"),
        ("coef_ beyond a float", _edit(doc, coef_row + [0], 10 ** 400), "finite number"),
        ("coef_ a bool", _edit(doc, coef_row + [0], True), "finite number"),
        ("intercept_ null", _edit(doc, ["fitted", "intercept_"], None), "intercept_"),
        ("n_features_in_ 0", _edit(doc, ["fitted", "n_features_in_"], 0), "n_features_in_"),
        ("n_features_in_ '2'", _edit(doc, ["fitted", "n_features_in_"], "2"),
         "n_features_in_ must be an integer"),
        ("coef_ missing", _edit(doc, ["fitted", "coef_"], _DELETE), "coef_ of the"),
        ("an unknown fitted attribute", _edit(doc, ["fitted", "_loss"], 1),
         "fitted._loss is not a fitted attribute"),
        ("version 2", _edit(doc, ["version"], 2), "version 2"),
        ("a list as a parameter", _edit(doc, ["params", "fit_intercept"], [True]),
         "params.fit_intercept is a list"),
        ("a deeply nested parameter",
         '{"estimator": "%s", "params": {"tol": %s1%s}}'
         % (type(model).__name__, "[" * 100000, "]" * 100000), "cannot parse it"),
    ]
    cases += [("params.%s %r" % (name, bad), _edit(doc, ["params", name], bad),
               "from_json: params: ")
              for name, bad in [("max_iter", -1), ("max_iter", "ten"), ("tol", -1e-3),
                                ("solver", "lbfgs"), ("threshold", "nan"),
                                ("family", "gamma!"), ("lam", -2.0)]
              if name in doc["params"]]
    if multi:
        cases.append(("a coef_ row missing", _edit(doc, ["fitted", "coef_"], f["coef_"][1:]),
                      "coef_ must be a list of"))
        cases.append(("intercept_ one short", _edit(doc, ["fitted", "intercept_"],
                                                    f["intercept_"][1:]), "intercept_"))
    if "classes_" in f:
        c = f["classes_"]
        cases += [
            ("classes_ flipped", _edit(doc, ["fitted", "classes_"], c[::-1]), "sorted"),
            ("classes_ repeated", _edit(doc, ["fitted", "classes_"], [c[0]] + c[:-1]),
             "sorted and distinct"),
            ("classes_ a list label", _edit(doc, ["fitted", "classes_", 0], [0]),
             "classes_[0] is a list of 1 items"),
            ("classes_ a null label", _edit(doc, ["fitted", "classes_", 0], None),
             "classes_[0] is None"),
            ("classes_ one", _edit(doc, ["fitted", "classes_"], c[:1]), "classes_ must be"),
            ("classes_ mixed", _edit(doc, ["fitted", "classes_", 0], "a"), "cannot be hashed"),
        ]
    if isinstance(model, LogisticRegression):
        cases.append(("3 classes for a binary model",
                      _edit(doc, ["fitted", "classes_"], [0, 1, 2]), "a list of 2 labels"))
    if "n_iter_" in f:
        cases.append(("n_iter_ -1", _edit(doc, ["fitted", "n_iter_"], -1), "n_iter_"))
        cases.append(("converged_ 'yes'", _edit(doc, ["fitted", "converged_"], "yes"),
                      "converged_ must be true or false"))
    if "n_labels_" in f:
        cases.append(("n_labels_ 3 for 2 rows", _edit(doc, ["fitted", "n_labels_"], 3),
                      "intercept_"))
    return [(type(model).__name__ + ": " + what, d if isinstance(d, str) else json.dumps(d),
             words) for what, d, words in cases]


def test_from_json_refuses_every_hostile_document_with_a_data_error():
    count = 0
    for model in _json_models():
        cls = type(model)
        assert cls.from_json(model.to_json()).predict(X2) == model.predict(X2)
        for what, text, words in _hostile_documents(model):
            with pytest.raises(DataError) as e:
                cls.from_json(text)
            assert words in str(e.value), (what, str(e.value))
            count += 1
    assert count > 100


@pytest.mark.parametrize("text", [
    "[" * 100000 + "]" * 100000, '{"a": ' * 50000 + "1" + "}" * 50000, None, b"\xff", "",
    '{"estimator": "LogisticRegression", "params": {"class_weight": {"dict": [[{"dict": []}, 1]]}}}',
])
def test_from_json_turns_unreadable_text_into_a_data_error(text):
    with pytest.raises(DataError, match="from_json"):
        LogisticRegression.from_json(text)


def _unfitted(model):
    """model has no fitted state: predict raises NotFittedError, no attribute ends in _
    (failure_, why the fit failed, aside)."""
    with pytest.raises(NotFittedError):
        model.predict(X)
    left = [n for n in vars(model) if n.endswith("_") and n != "failure_"]
    assert left == [], left


COLLINEAR = [[v, 2.0 * v] for v, in X]       # column 1 = 2 * column 0: singular for Newton


@pytest.mark.parametrize("make_model, X_good, y_good, y_bad", [
    (lambda: LogisticRegression(), X, Y, Y),
    (lambda: CoreLogisticRegression(), X, Y, Y),
    (lambda: LogisticRegression(solver="irls"), X, Y, Y),
    (lambda: SoftmaxRegression(penalty=None, reference_class=0), X, Y3, Y3),
    (lambda: GLM(), X, Y, Y),
    (lambda: LeastSquaresClassifier(), X, Y3, Y3),
    (lambda: MultiLabelClassifier(), X, [[v] for v in Y], [[v] for v in Y]),
    (lambda: OneVsRest(LogisticRegression()), X, Y3, Y3),
], ids=["LR", "core-LR", "LR-irls", "Softmax", "GLM", "LeastSquares", "MultiLabel", "OvR"])
def test_a_refit_that_fails_late_leaves_the_model_unfitted(make_model, X_good, y_good, y_bad):
    model = make_model().fit(X_good, y_good)
    model.predict(X)
    with pytest.raises(DataError, match="column 1 of X"):
        model.fit(COLLINEAR, y_bad)          # fails in the solver, after every input check
    _unfitted(model)


class FailsOnTheLastClass(LogisticRegression):
    """A binary estimator whose fit fails for the class whose rows come last."""

    def fit(self, X, y, sample_weight=None):
        if y[-1] == 1:
            raise DataError("this fit fails")
        return LogisticRegression.fit(self, X, y, sample_weight)


def test_one_vs_rest_whose_third_fit_fails_is_unfitted():
    model = OneVsRest(FailsOnTheLastClass())
    model.estimator = LogisticRegression()
    model.fit(X, Y3)
    model.estimator = FailsOnTheLastClass()
    with pytest.raises(DataError, match="this fit fails"):
        model.fit([[0.0], [1.0], [2.0], [3.0], [10.0], [11.0]], [0, 1, 0, 1, 2, 2])
    _unfitted(model)
    # the same with a real failure: class 2 alone is separated, and separation is an error
    model = OneVsRest(LogisticRegression()).fit(X, Y3)
    with warnings.catch_warnings():
        warnings.simplefilter("error", SeparationWarning)
        with pytest.raises(SeparationWarning):
            model.fit([[0.0], [1.0], [2.0], [3.0], [10.0], [11.0]], [0, 1, 0, 1, 2, 2])
    _unfitted(model)


@pytest.mark.parametrize("make_model, y", [
    (lambda: LogisticRegression(max_iter=1), Y),
    (lambda: CoreLogisticRegression(solver="gd", max_iter=1), Y),
    (lambda: SoftmaxRegression(max_iter=1), Y3),
    (lambda: GLM(max_iter=1), Y),
    (lambda: MultiLabelClassifier(max_iter=1), [[v] for v in Y]),
], ids=["LR", "core-LR-gd", "Softmax", "GLM", "MultiLabel"])
def test_a_warning_turned_into_an_error_leaves_the_model_unfitted(make_model, y):
    model = make_model()
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        with pytest.raises(ConvergenceWarning):
            model.fit(X, y)
    _unfitted(model)


def test_fit_stream_that_fails_mid_stream_leaves_the_model_unfitted():
    model = LogisticRegression().fit(X, Y)
    passes = []

    def stream():
        passes.append(1)
        rows = list(zip(X, Y))
        if len(passes) > 2:                  # the second epoch meets a bad row
            rows[3] = (["x"], 0)
        return iter(rows)

    with pytest.raises(DataError, match="row 3 of the stream"):
        model.fit_stream(stream, [0, 1], epochs=3)
    _unfitted(model)


# -- issue 12, item 6: files as they come ----------------------------------------
#
# load_csv and stream_csv on files as users have them: each file's bytes, and
# either the names and rows read or the DataError's words, which name the file
# and the line. The command line's share is in tests/test_cli.py.

from minilogit.datasets import load_csv, stream_csv   # noqa: E402

GOOD = b"a,b,y\n1,2,0\n3,4,1\n"
FILES_READ = [
    ("bom", b"\xef\xbb\xbf" + GOOD),
    ("bom-quoted-name", b'\xef\xbb\xbf"a","b","y"\n1,2,0\n3,4,1\n'),
    ("crlf", GOOD.replace(b"\n", b"\r\n")),
    ("cr-only", GOOD.replace(b"\n", b"\r")),
    ("blank-and-space-lines", b"\n \na,b,y\n\n1,2,0\n  \n3,4,1\n\n"),
    ("spaces-around-names-and-labels", b" a , b , y \n1, 2, 0\n3 ,4 ,1 \n"),
    ("no-final-newline", GOOD[:-1]),
    ("quoted-numbers", b'a,b,y\n"1","2","0"\n3,4,1\n'),
]
FILES_REFUSED = [
    ("latin-1", b"a,b,y\n1,2,0\n\n3,4,caf\xe9\n", "line 4 is not UTF-8 text (its byte 8 is 0xe9)"),
    ("latin-1-header", b"caf\xe9,b,y\n1,2,0\n", "line 1 is not UTF-8 text (its byte 4 is 0xe9)"),
    ("latin-1-late", GOOD + b"5,6,1\n" * 5000 + b"7,8,\xe9\n", "line 5004 is not UTF-8 text"),
    ("utf-16", "a,b,y\n1,2,0\n".encode("utf-16"), "line 1 is not UTF-8 text"),
    ("binary", bytes(range(256)) * 4, "is not UTF-8 text"),
    ("field-limit", b"a,b,y\n1,2,0\n\n1," + b"9" * 200000 + b",1\n",
     "line 4: a cell is longer than the csv module's field limit of 131072 characters"),
    ("unclosed-quote", b'a,b,y\n1,2,0\n"3,4,1\n' + b"5,6,1\n" * 30000,
     "line 3: a cell is longer than the csv module's field limit"),
    ("quote-across-lines", b'a,b,y\n1,2,0\n3,"4\n5",1\n6,7\n', "line 3, column 'b' is '4\\n5'"),
    ("nul-byte", b"a,b,y\n1,2\x00,0\n", "line 2"),
    ("header-empty-name", b",b,y\n1,2,0\n", "line 1: column 1 of the header has no name"),
    ("header-trailing-comma", b"a,b,y,\n1,2,0,\n", "line 1: column 4 of the header has no name"),
    ("header-repeated-name", b"\na,b,a,y\n1,2,3,0\n", "line 2: two columns of the header are "
                                                      "named 'a'"),
    ("header-repeated-target", b"a,y,y\n1,2,0\n", "two columns of the header are named 'y'"),
    ("empty-label", b"a,b,y\n1,2,0\n3,4,\n", "line 3: the label (column 'y') is empty"),
    ("blank-label", b"a,b,y\n1,2,0\n3,4,  \n", "line 3: the label (column 'y') is empty"),
    ("semicolons", b"a;b;y\n1;2;0\n", "has no column 'y'; its columns are: a;b;y (one column: "
                                      "minilogit splits lines at commas, this file at ';'?)"),
    ("tabs", b"a\tb\ty\n1\t2\t0\n", "this file at '\\t'?"),
    ("too-few-fields", b"a,b,y\n\n1,2,0\n1,2\n", "line 4 has 2 fields, the header has 3"),
]


def _write(tmp_path, data):
    path = tmp_path / "data.csv"
    path.write_bytes(data)
    return str(path)


@pytest.mark.parametrize("name, data", FILES_READ, ids=[c[0] for c in FILES_READ])
def test_files_as_they_come_are_read(tmp_path, name, data):
    path = _write(tmp_path, data)
    d = load_csv(path, target="y")
    assert (d.feature_names, d.target_name) == (["a", "b"], "y")
    assert (d.data, d.target) == ([[1.0, 2.0], [3.0, 4.0]], [0, 1])
    assert list(stream_csv(path, target="y")) == [([1.0, 2.0], 0), ([3.0, 4.0], 1)]


@pytest.mark.parametrize("name, data, words", FILES_REFUSED, ids=[c[0] for c in FILES_REFUSED])
def test_files_that_cannot_be_read_name_the_file_and_line(tmp_path, name, data, words):
    path = _write(tmp_path, data)
    for read in (lambda: load_csv(path, target="y"), lambda: list(stream_csv(path, "y"))):
        with pytest.raises(DataError) as e:
            read()
        assert str(e.value).startswith(path), str(e.value)
        assert words in str(e.value), str(e.value)


def test_paths_that_are_not_files_are_os_errors(tmp_path):
    """The library leaves a path that cannot be opened to the OSError that says so
    (the command line prints it as one line, tests/test_cli.py)."""
    with pytest.raises(FileNotFoundError):
        load_csv(str(tmp_path / "missing.csv"))
    with pytest.raises(IsADirectoryError):
        list(stream_csv(str(tmp_path)))


# -- issue 12, items 1-2: honest convergence and divergence --------------------------
# (input, right outcome): never converged_ = True away from the optimum, whatever
# the units of the features; divergence is a DivergenceError; separation is
# diagnosed by every solver, with no advice that is false of the data.

def _breast_cancer_two(c):
    """Two standardized breast-cancer features (not separable), times c."""
    from minilogit.datasets import load_breast_cancer, standardize
    d = load_breast_cancer()
    Z = standardize([row[:2] for row in d.data])[0]
    return [[v * c for v in row] for row in Z], d.target


def _honest(solver, c, **kw):
    X, y = _breast_cancer_two(c)
    best = LogisticRegression().fit(X, y).history_[-1]       # Newton: the optimum
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m = LogisticRegression(solver=solver, **kw).fit(X, y)
    kinds = [w.category for w in caught]
    if m.converged_:
        assert kinds == [] and m.history_[-1] - best <= 1e-3 * best, (solver, c)
    else:
        assert ConvergenceWarning in kinds, (solver, c, kinds)


HONEST = [
    ("sgd-km", "solver='sgd', two features of size ~1e-3 (km, not m)", "sgd", 1e-3, {}),
    ("gd-1e-9", "solver='gd', features ~1e-9", "gd", 1e-9, {"max_iter": 500}),
    ("proximal-1e-9", "solver='proximal', features ~1e-9", "proximal", 1e-9, {"max_iter": 500}),
    ("cd-1e-9", "solver='cd', features ~1e-9", "cd", 1e-9, {}),
    ("gd-1e6", "solver='gd', features ~1e6", "gd", 1e6, {"max_iter": 500}),
]


@pytest.mark.parametrize("id,what,solver,c,kw", HONEST, ids=[h[0] for h in HONEST])
def test_convergence_is_never_claimed_away_from_the_optimum(id, what, solver, c, kw):
    _honest(solver, c, **kw)


def test_divergence_raises_in_sgd_and_fit_stream():
    from minilogit.datasets import load_breast_cancer
    d = load_breast_cancer()
    with pytest.raises(DivergenceError, match="diverged in epoch 1: the loss rose from 394.4"), \
            pytest.warns(ConvergenceWarning, match="root mean squares range"):   # said first
        LogisticRegression(solver="sgd").fit(d.data, d.target)       # raw data, eta 0.5
    rows = list(zip(*_breast_cancer_two(1.0)))
    with pytest.raises(DivergenceError, match="diverged in epoch 1"):
        LogisticRegression(learning_rate=1e6).fit_stream(lambda: iter(rows), [0, 1], 2)


@pytest.mark.parametrize("solver", ["gd", "sgd", "proximal", "cd"])
def test_first_order_solvers_diagnose_separation(solver):
    X2, y2 = [[-1.5], [-1.0], [-0.5], [0.5], [1.0], [1.5]], [0, 0, 0, 1, 1, 1]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m = LogisticRegression(solver=solver).fit(X2, y2)
    assert [w.category for w in caught] == [SeparationWarning], solver
    assert "standardize" not in str(caught[0].message) and m.separation_


# ---- Issue 12, items 3 and 4: inference only where valid, computed when asked;
# ---- bounded work (p + 1 > N, too many classes, huge SGD weights, long traces).

STATISTICS = ("bse_", "zvalues_", "pvalues_", "odds_ratios_", "aic_", "bic_", "prsquared_",
              "llr_", "llr_pvalue_")


def _silently(fn):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return fn()


def _withheld(m, words):
    """Every statistic raises InferenceError with ``words``; summary() says so instead."""
    for name in STATISTICS:
        if name == "odds_ratios_" and m.link_ != "logit":
            continue
        with pytest.raises(InferenceError, match=words):
            getattr(m, name)
    for method in ("conf_int", "odds_ratio_conf_int")[:1 if m.link_ != "logit" else 2]:
        with pytest.raises(InferenceError, match=words):
            getattr(m, method)()
    text = m.summary()
    flat = " ".join(text.split())
    assert "std err" not in text and "AIC:" not in text and "Converged: False" in flat
    assert "No standard errors, p-values, intervals, pseudo R-squ., AIC, BIC or LLR p-value" \
        in flat and words in flat, text


@pytest.mark.parametrize("solver", ["sgd", "gd", "newton", "irls"])
def test_unconverged_fit_withholds_inference(solver):
    m = _silently(lambda: LogisticRegression(solver=solver, max_iter=1).fit(X, Y))
    assert not m.converged_
    _withheld(m, "the fit did not converge: %s stopped after 1" % solver)


def test_separated_fit_withholds_likelihood_criteria_too():
    m = _silently(lambda: LogisticRegression().fit(X, SEPARABLE_Y))
    _withheld(m, "the classes are separated")
    g = _silently(lambda: GLM().fit(X, SEPARABLE_Y))
    _withheld(g, "the classes are separated")


def test_fit_stream_withholds_inference():
    rows = list(zip(X, Y))
    m = LogisticRegression().fit_stream(lambda: iter(rows), [0, 1], epochs=3)
    for name in STATISTICS + ("summary", "conf_int"):
        with pytest.raises(InferenceError, match="fit_stream ran 3 epochs of SGD with no "
                                                 "convergence test"):
            x = getattr(m, name)
            x() if callable(x) else x


def test_unconverged_glm_withholds_inference():
    m = _silently(lambda: GLM(family="poisson", max_iter=1).fit(X, [1, 0, 2, 3, 2, 6]))
    _withheld(m, "the fit did not converge: irls stopped after 1")


def test_converged_fits_keep_their_inference():
    m = LogisticRegression(solver="irls").fit(X, Y)
    assert m.converged_ and all(math.isfinite(v) for v in m.bse_ + [m.aic_, m.llr_pvalue_])
    assert "std err" in m.summary()


def test_penalised_fit_keeps_its_reason():
    with pytest.warns(ConvergenceWarning):
        m = LogisticRegression(penalty="l2", max_iter=1).fit(X, Y)
    with pytest.raises(InferenceError, match="penalised"):
        m.bse_


def test_inference_is_computed_on_first_use_not_in_fit():
    for m in (LogisticRegression().fit(X, Y), GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6])):
        assert "_inference_" not in m.__dict__ and "_loss" in m.__dict__
        assert m.bse_ and "cov_params_" in m.inference_.__dict__


def test_glm_fit_survives_a_covariance_that_cannot_be_inverted():
    """The fit ends; the singular X'WX at the fit is an InferenceError when asked."""
    m = GLM(family="poisson").fit(X, [1, 0, 2, 3, 2, 6])
    m._loss.hessian = lambda beta: Matrix([[1.0, 1.0], [1.0, 1.0]])   # singular at the fit
    with pytest.raises(InferenceError, match="X'WX is singular"):
        m.bse_
    assert "No standard errors" in m.summary()


def test_command_line_prints_the_reduced_summary(tmp_path):
    from minilogit.__main__ import main
    import io
    path = tmp_path / "d.csv"
    path.write_text("dose,y\n" + "".join("%r,%d\n" % (r[0], c) for r, c in zip(X, Y)))
    out, err = io.StringIO(), io.StringIO()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        code = main(["fit", str(path), "--target", "y", "--solver", "sgd", "--max-iter", "1"],
                    out, err)
    text = " ".join(out.getvalue().split())
    assert code == 0 and "Traceback" not in err.getvalue()
    assert "dose" in text and "the fit did not converge: sgd stopped after 1 epoch with" in text, text


def test_more_parameters_than_rows_is_refused_before_any_work():
    wide = [[float((i * 7 + j * 3) % 11) for j in range(10000)] for i in range(100)]
    labels = [i % 2 for i in range(100)]
    for model in (LogisticRegression(), LogisticRegression(solver="irls"), GLM()):
        with pytest.raises(DataError, match="X has 100 rows for 10001 parameters: an "
                                            "unpenalised (newton|irls) fit"):
            model.fit(wide, labels)
    few = [[1.0, 2.0], [2.0, 0.5]]
    with pytest.raises(DataError, match="X has 2 rows for 3 parameters"):
        LogisticRegression().fit(few, [0, 1])
    # a penalty, or a first-order solver, make the fit well defined
    assert LogisticRegression(penalty="l2").fit(few, [0, 1]).converged_


def test_a_hessian_too_large_to_solve_is_refused_before_any_work():
    """Penalised, 100 rows x 10 000 columns is well defined, but a Newton step
    would build a 10 001 x 10 001 Hessian (30 003 square for 3 classes) and
    solve it in ~3e11 operations: refused at once, naming the first-order
    solvers where the model has them. Without a penalty, X'X is singular."""
    wide = [[float((i * 7 + j * 3) % 11) for j in range(10000)] for i in range(100)]
    labels = [i % 3 for i in range(100)]
    binary = [i % 2 for i in range(100)]
    for model, y, d in [(LogisticRegression(penalty="l2"), binary, 10001),
                        (LogisticRegression(penalty="l2", solver="irls"), binary, 10001),
                        (SoftmaxRegression(penalty="l2"), labels, 30003),
                        (OneVsRest(LogisticRegression(penalty="l2")), labels, 10001)]:
        with pytest.raises(DataError, match="(newton|irls) takes at most 1000 parameters, not "
                                            "%d .*: use fewer columns, or gd or sgd" % d):
            model.fit(wide, y)
    with pytest.raises(DataError, match="X has 100 rows for 10001 parameters"):
        MultiLabelClassifier().fit(wide, [[v, 1 - v] for v in binary])
    with pytest.raises(DataError, match="X has 10000 columns: the normal equations take at "
                                        "most 1000 coefficients"):
        LeastSquaresClassifier().fit(wide, binary)
    tall = [r[:1200] for r in wide] * 13                 # 1300 rows x 1200 columns
    with pytest.raises(DataError, match="irls takes at most 1000 parameters, not 1201 .*"
                                        "operations\\): use fewer columns$"):
        GLM().fit(tall, binary * 13)
    # a first-order solver takes the same problem (two steps here, to keep it short)
    gd = _silently(lambda: LogisticRegression(penalty="l2", solver="gd", max_iter=2)
                   .fit(wide, binary))
    assert len(gd.coef_) == 10000 and gd.history_[-1] < gd.history_[0]


@pytest.mark.parametrize("model", [SoftmaxRegression(), OneVsRest(LogisticRegression()),
                                   LeastSquaresClassifier()])
def test_continuous_y_is_refused_as_too_many_classes(model):
    rows = [[i / 10.0] for i in range(200)]
    y = [0.37 * i + 0.001 * i * i for i in range(200)]
    with pytest.raises(DataError, match="y has 200 classes for 200 rows .* y looks continuous"):
        model.fit(rows, y)


def test_huge_sgd_weights_do_not_inflate_the_epoch():
    """Weights of 1e5 on 60 rows: an epoch stays 10 visits per row (not 6e6): the
    fit is that of weights 10, whose minimiser is the same."""
    from minilogit.core.logistic import weighted_examples
    assert len(weighted_examples([1e5] * 60)[0]) == 600
    assert len(weighted_examples([2.0, 1.0, 1.0])[0]) == 4         # small integer weights: copies
    rows = [[(i % 7) - 3.0, (i % 5) / 2.0] for i in range(60)]
    y = [1 if r[0] + r[1] + ((i * 13) % 7 - 3) / 3.0 > 0 else 0 for i, r in enumerate(rows)]
    m = _silently(lambda: LogisticRegression(solver="sgd").fit(rows, y, sample_weight=[1e5] * 60))
    ref = _silently(lambda: LogisticRegression(solver="sgd").fit(rows, y, sample_weight=[10] * 60))
    assert m.coef_ == ref.coef_ and m.n_iter_ == ref.n_iter_


def test_tol_zero_keeps_a_bounded_trace():
    from minilogit.core.solvers import TRACE_KEEP
    with pytest.warns(ConvergenceWarning):
        m = LogisticRegression(solver="gd", learning_rate=0.01, tol=0, max_iter=1000).fit(X, Y)
    assert m.n_iter_ == 1000 and len(m.history_) == 1001
    assert len(m.result_.iterates) == len(m.trace_) == 2 * TRACE_KEEP
    iterations = [r["iteration"] for r in m.trace_]
    assert iterations[:TRACE_KEEP] == list(range(TRACE_KEEP))
    assert iterations[TRACE_KEEP:] == list(range(1001 - TRACE_KEEP, 1001))
    assert m.trace_[TRACE_KEEP]["step"] is None and m.trace_[-1]["beta"] == m.result_.beta
    assert m.trace_[-1]["loss"] == m.history_[-1]


def test_first_order_separation_check_is_bounded():
    """The short Newton run that diagnoses separation after an unconverged gd
    run costs p^3 a step: with more than 200 parameters it is not made, and
    the run ends with a ConvergenceWarning, not a SeparationWarning."""
    from minilogit.core.rng import Random
    rng = Random(5)
    wide = [[rng.random() - 0.5 for j in range(210)] for i in range(300)]   # separable
    labels = [i % 2 for i in range(300)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        m = LogisticRegression(solver="gd", max_iter=3).fit(wide, labels)
    kinds = [w.category for w in caught]
    assert not m.converged_ and ConvergenceWarning in kinds and SeparationWarning not in kinds
