"""minilogit: logistic regression in pure Python, to be read next to a lecture.

Every solver line cites the equation of ``walkthrough.md`` it implements.
No dependencies; runs on CPython 3.8+, PyPy, MicroPython and Pyodide.

Start reading at ``minilogit/core/__init__.py``: the lecture's code, closed
under imports. ``import minilogit`` loads only part of that core (its
errors and functions); every other name below loads on first use
(``minilogit.Matrix``, ``minilogit.GLM``, ``minilogit.metrics``, ...).

Contents

==========================  ==================================================
name                        what it is
==========================  ==================================================
LogisticRegression          binary model; solvers newton, irls, gd, sgd
LeastSquaresClassifier      the naive approach: normal equations, threshold
SoftmaxRegression           K classes, one vector per class; newton, gd, sgd
OneVsRest                   K binary models, probabilities normalised
MultiLabelClassifier        K independent sigmoids; None = unknown label
GLM                         binomial (logit, probit, cloglog), poisson, gaussian
lasso_path                  L1 / elastic-net coefficients over a grid of lam
Matrix                      rows of numbers; @, .T, inverse(), solve()
sigmoid, log_sigmoid        sigma(a) = 1 / (1 + e^-a) and its log, stable
log1pexp, logit             log(1 + e^a); log-odds log(p / (1 - p))
softmax, log_softmax        normalised exponentials, stable
logsumexp                   log sum e^(a_k), stable
core                        the lecture: losses, solvers, the two models
glm                         the GLM's links, families, loss, IRLS and model
objectives                  the multi-label loss
solvers                     proximal, coordinate_descent, sgd_stream
metrics                     accuracy, confusion matrix, precision, recall, F1,
                            ROC and AUC, log loss, threshold sweep, R^2
inference                   standard errors, tests, intervals, summary()
sandwich, hypotheses        robust covariances; Wald and likelihood-ratio tests
profile                     profile-likelihood intervals and tests
margins                     marginal effects dy/dx, delta-method errors
experiments                 seeded Wald-coverage and SGD experiments
tables                      summary(), explain(), trace_ as notebook tables
datasets                    load_breast_cancer, load_iris, load_csv,
                            standardize, make_masking, make_bank_balance
export                      to_source, to_json, from_json (also model methods)
plot                        SVG pictures: sigmoid, loss history, boundary, ROC
==========================  ==================================================

Notation: X (N rows x_i, a leading 1 for the intercept), y (labels 0/1),
beta (coefficients), a = X beta (linear predictor), p = sigma(a),
W = diag(p (1 - p)), g (gradient), H (Hessian), z (adjusted response),
eta (learning rate).

Exceptions: ``DataError`` (a ValueError) for unusable input,
``NotFittedError`` (a ValueError and AttributeError), ``SingularMatrixError`` and
``DivergenceError`` (ArithmeticErrors). Warnings: ``ConvergenceWarning``,
``SeparationWarning`` (UserWarnings).

>>> from minilogit import LogisticRegression
>>> model = LogisticRegression().fit([[1.0], [2.0], [3.0], [4.0]], [0, 1, 0, 1])
>>> model.converged_, round(model.coef_[0], 6)
(True, 0.908184)
"""

from .core.errors import (ConvergenceWarning, DataError, DivergenceError, InferenceError,
                          NotFittedError, SeparationWarning, SingularMatrixError)
from .core.functions import log1pexp, log_sigmoid, log_softmax, logit, logsumexp, sigmoid, softmax

__version__ = "0.1.0"

# name -> the module (under minilogit) that defines it, imported on first use
_LAZY = {
    "Matrix": "core.matrix",
    "LogisticRegression": "models.logistic",
    "SoftmaxRegression": "models.softmax",
    "LeastSquaresClassifier": "models.least_squares",
    "OneVsRest": "models.multilabel",
    "MultiLabelClassifier": "models.multilabel",
    "GLM": "glm.model",
    "lasso_path": "models.paths",
}
_MODULES = ("datasets", "demo", "distributions", "experiments", "explain", "export", "glm",
            "hypotheses", "inference", "jsonio", "margins", "metrics", "models", "objectives",
            "plot", "profile", "sandwich", "solvers", "summary", "svg", "tables", "validation")


def __getattr__(name):
    """Import a top-level name or sub-module the first time it is asked for (PEP 562)."""
    if name in _LAZY:
        value = getattr(_load(_LAZY[name], name), name)
    elif name in _MODULES:
        value = _load(name, "__name__")
    else:
        raise AttributeError("module 'minilogit' has no attribute %r" % (name,))
    globals()[name] = value
    return value


def _load(module, name):
    """Import minilogit.<module>; where a part of the package is not installed
    (a board given the lecture alone: this file and core/), say what to install."""
    try:
        return __import__("minilogit." + module, None, None, [name])
    except ImportError as e:
        # "No module named 'minilogit.models'" (MicroPython: "no module ..."): a part missing
        if not str(e).lower().startswith("no module named 'minilogit.") or \
                module.startswith("core."):
            raise
        what = name if name != "__name__" else module
        raise ImportError("minilogit.%s is not installed here (%s): this minilogit holds "
                          "only part of the package, e.g. the lecture alone (__init__.py "
                          "and core/: from minilogit.core import LogisticRegression, "
                          "SoftmaxRegression, Matrix); install all of it (manifest.py "
                          "or package.json)" % (what, e)) from None
