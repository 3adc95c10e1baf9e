"""The tour of the bundled data, ``python3 -m minilogit demo``.

It follows lecture 001's breast-cancer slides: Newton's method (IRLS) from
beta = 0 on the raw features, the loss falling step by step until the data
turn out to be completely separable, then, on four standardized features
(SUBSET) that do not separate the classes, every solver side by side.
``fit_catching`` (fit, and return the warnings instead of printing them) is
shared with the ``fit`` and ``trace`` commands of ``minilogit.__main__``.
"""

import sys
import time

import minilogit.core.compat as compat
from .core.compat import _warnings, fallback_count, fallback_log
from .models.logistic import LogisticRegression
from .datasets import load_breast_cancer, standardize
from .tables import solver_table

SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]


def fallback_since(mark):
    """The warnings that ``minilogit.core.compat.warn`` logged without the
    ``warnings`` module (MicroPython) since ``fallback_count[0]`` was ``mark``
    (at most the last 20, which is all the log keeps).

    >>> fallback_since(fallback_count[0])
    []
    """
    n = fallback_count[0] - mark
    return fallback_log[max(0, len(fallback_log) - n):] if n > 0 else []


class _Sink:
    """A stand-in stderr that keeps what is written (one write per warning)."""

    def __init__(self):
        self.stderr = self
        self.parts = []

    def write(self, s):
        self.parts.append(s)


def fit_catching(model, X, y):
    """Fit; return the warnings it raised as (category name, message) pairs, unprinted.

    >>> caught = fit_catching(LogisticRegression(max_iter=1), [[0.0], [1.0], [2.0]], [0, 1, 0])
    >>> [(name, text.split(":")[0]) for name, text in caught]
    [('ConvergenceWarning', 'newton did not converge in 1 iteration')]
    """
    if _warnings is not None:
        with _warnings.catch_warnings(record=True) as caught:
            _warnings.simplefilter("always")
            model.fit(X, y)
        return [(w.category.__name__, str(w.message)) for w in caught]
    # MicroPython: compat.warn logs each warning and writes it to compat.sys.stderr
    mark, real_sys = fallback_count[0], compat.sys
    compat.sys = _Sink()
    try:
        model.fit(X, y)
    finally:
        compat.sys = real_sys
    return [(type(w).__name__, str(w)) for w in fallback_since(mark)]



def demo(out=sys.stdout):
    """The tour of the bundled data: lecture 001's breast-cancer IRLS trace, then
    every solver on four standardized features (``python3 -m minilogit demo``).

    >>> import io
    >>> out = io.StringIO()
    >>> demo(out)
    >>> out.getvalue().splitlines()[0][:38]
    'Breast Cancer Wisconsin (Diagnostic): '
    """
    data = load_breast_cancer()
    X, y = data
    w = out.write
    w("Breast Cancer Wisconsin (Diagnostic): %d tumours, %d features, "
      "target 1 = benign (%d), 0 = malignant (%d).\n"
      "Data: W. H. Wolberg, W. N. Street, O. L. Mangasarian (1995), UCI ML Repository.\n\n"
      % (len(X), len(data.feature_names), sum(y), len(y) - sum(y)))

    w("1. Newton's method (IRLS) from beta = 0 on the raw features, as on the\n"
      "   lecture's slides. Total negative log-likelihood after each step:\n\n")
    model = LogisticRegression(solver="newton")
    messages = ["%s: %s" % pair for pair in fit_catching(model, X, y)]
    w("   step   loss L(beta)          scaled gradient\n")
    for k in range(len(model.history_)):
        w("   %4d   %-20.12g  %.3g\n" % (k, model.history_[k], model.result_.criteria[k]))
    w("\n   Step 0 is N ln 2 = %.4f (beta = 0 gives p_i = 1/2). The slides' plain\n"
      "   loop printed inf from step 13 on; the stable loss stays finite, and the\n"
      "   fit stops at step %d because:\n\n" % (model.history_[0], model.n_iter_))
    for m in messages:
        w("   " + m + "\n")

    w("\n2. Four standardized features that do not separate the classes:\n   %s\n\n"
      % ", ".join(SUBSET))
    Xs, _, _ = standardize(data.columns(SUBSET).data)
    fits = []
    for solver in ("newton", "irls", "gd", "sgd"):
        model = LogisticRegression(solver=solver)
        t0 = time.time()
        messages = ["%s: %s" % pair for pair in fit_catching(model, Xs, y)]
        fits.append((solver, model, time.time() - t0, messages))
    table = solver_table([f[1] for f in fits], SUBSET, [f[2] for f in fits])
    w("".join("   " + line + "\n" for line in table.splitlines()))
    w("\n   SGD's iterations are epochs (passes over all %d rows); its answer is\n"
      "   close to, not equal to, the optimum the other three agree on.\n" % len(X))
    for f in fits:
        for m in f[3]:
            w("   %s: %s\n" % (f[0], m))

