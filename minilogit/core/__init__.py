"""The lecture's code, and nothing else: start reading here.

``minilogit.core`` is closed under imports: its modules import only each
other and the standard library, so a copy of this folder works on its own
(``import core``) and a microcontroller can hold it. Everything else in
minilogit (GLMs, inference, elastic net, metrics, plots, export, the
command line) is built on top of it.

Read it in this order, next to ``walkthrough.md``:

=========================  =========================================  ===========
file                       what                                       walkthrough
=========================  =========================================  ===========
``functions.py``           stable sigmoid, logit, log1pexp, softmax   3
``matrix.py``              Matrix, Gauss-Jordan solve, XᵀWX           1, 5
``logistic.py``            Objective (what a solver may ask); the     4-6, 11, 17
                           loss: NLL, gradient, Hessian;
                           separation
``penalty.py``             the penalty as one object, added to any    11, 17
                           objective
``solvers.py``             gradient descent, SGD, Newton, IRLS        7-10
``estimators.py``          LogisticRegression: data, loss, its        4, 10, 18
                           table of solvers; the penalty
``softmax_regression.py``  softmax regression: its loss, its model    12
=========================  =========================================  ===========

The plumbing, for later: ``checks.py`` (bad input gets a clear
``DataError``), ``errors.py``, ``rng.py`` (SGD's seeded shuffling, the same
on every runtime) and ``compat.py`` (the running float's epsilon and
limits, and stand-ins for what MicroPython lacks).

Run one module's doctests with nothing but Python, from the repository:
``python3 -m minilogit doctest core.solvers``.

>>> from minilogit.core import LogisticRegression
>>> model = LogisticRegression().fit([[1.0], [2.0], [3.0], [4.0]], [0, 1, 0, 1])
>>> model.converged_, round(model.coef_[0], 6)
(True, 0.908184)
"""

from .errors import (ConvergenceWarning, DataError, DivergenceError, InferenceError,
                     NotFittedError, SeparationWarning, SingularMatrixError)
from .functions import log1pexp, log_sigmoid, log_softmax, logit, logsumexp, sigmoid, softmax


def __getattr__(name):
    """Import Matrix and the two models on first use, so that a board that
    only needs sigmoid holds neither Gauss-Jordan nor the solvers (PEP 562;
    make board, board-f32: ``import minilogit`` needs 18 KB of heap from .py,
    51 when it compiled matrix.py too)."""
    if name == "Matrix":
        from .matrix import Matrix as value
    elif name == "LogisticRegression":
        from .estimators import LogisticRegression as value
    elif name == "SoftmaxRegression":
        from .softmax_regression import SoftmaxRegression as value
    else:
        raise AttributeError("module 'minilogit.core' has no attribute %r" % (name,))
    globals()[name] = value
    return value
