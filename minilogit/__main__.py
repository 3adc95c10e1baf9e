"""Command line: ``python3 -m minilogit demo`` tours the bundled data.

The demo follows the lecture's breast-cancer slides: Newton's method (IRLS)
from beta = 0 on the raw features, the loss falling step by step until the
data turn out to be completely separable, then, on four standardized
features that do not separate the classes, every solver side by side.
"""

import sys
import time

from . import LogisticRegression
from ._compat import _warnings, fallback_log
from .datasets import load_breast_cancer, standardize

SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]

USAGE = """usage: python3 -m minilogit demo

commands:
  demo    fit the bundled breast-cancer data and print the loss trace, the
          separation diagnosis and every solver's coefficients
"""


def _fit_catching(model, X, y):
    """Fit, returning the warnings raised as a list of strings."""
    if _warnings is None:   # MicroPython: warn() appends to fallback_log
        start = len(fallback_log)
        model.fit(X, y)
        return ["%s: %s" % (type(w).__name__, w) for w in fallback_log[start:]]
    with _warnings.catch_warnings(record=True) as caught:
        _warnings.simplefilter("always")
        model.fit(X, y)
    return ["%s: %s" % (w.category.__name__, w.message) for w in caught]


def demo(out=sys.stdout):
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
    messages = _fit_catching(model, X, y)
    w("   step   loss L(beta)          max |gradient|\n")
    for k in range(len(model.history_)):
        w("   %4d   %-20.12g  %.3g\n" % (k, model.history_[k], model.result_.grad_norms[k]))
    w("\n   Step 0 is N ln 2 = %.4f (beta = 0 gives p_i = 1/2). The slides' plain\n"
      "   loop printed inf from step 13 on; the stable loss stays finite, and the\n"
      "   fit stops there because:\n\n" % model.history_[0])
    for m in messages:
        w("   " + m + "\n")

    w("\n2. Four standardized features that do not separate the classes:\n   %s\n\n"
      % ", ".join(SUBSET))
    Xs, _, _ = standardize(data.columns(SUBSET).data)
    fits = []
    for solver in ("newton", "irls", "gd", "sgd"):
        model = LogisticRegression(solver=solver)
        t0 = time.time()
        messages = _fit_catching(model, Xs, y)
        fits.append((solver, model, time.time() - t0, messages))
    w("   %-18s" % "coefficient" + "".join("%13s" % f[0] for f in fits) + "\n")
    names = ["intercept"] + SUBSET
    for j in range(len(names)):
        w("   %-18s" % names[j] + "".join(
            "%13.6f" % ([f[1].intercept_] + f[1].coef_)[j] for f in fits) + "\n")
    w("   %-18s" % "final loss" + "".join("%13.6f" % f[1].history_[-1] for f in fits) + "\n")
    w("   %-18s" % "iterations" + "".join("%13d" % f[1].n_iter_ for f in fits) + "\n")
    w("   %-18s" % "converged" + "".join("%13s" % f[1].converged_ for f in fits) + "\n")
    w("   %-18s" % "seconds" + "".join("%13.3f" % f[2] for f in fits) + "\n")
    w("\n   SGD's iterations are epochs (passes over all %d rows); its answer is\n"
      "   close to, not equal to, the optimum the other three agree on.\n" % len(X))
    for f in fits:
        for m in f[3]:
            w("   %s: %s\n" % (f[0], m))


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv == ["demo"]:
        demo()
        return 0
    if argv and argv[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0
    sys.stderr.write("minilogit: unknown command %s\n%s"
                     % (" ".join(argv) or "(none)", USAGE))
    return 2


if __name__ == "__main__":
    sys.exit(main())
