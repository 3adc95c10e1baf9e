"""The progress of a long fit, on stderr: ``verbose=1`` (or 2) in an estimator,
and the command line's default (``--quiet`` turns it off).

``Progress`` wraps the objective a solver minimises and passes every
question on unchanged; each step a solver takes ends in one ``diagnose``
call (the separation check of ``Run.step``), where it counts the iteration.
With ``verbose=1`` it is silent for the first ``DELAY`` seconds, so that a
quick fit prints nothing, and then reports at most every ``EVERY`` seconds;
with ``verbose=2`` it reports every iteration from the start. A report
gives the iteration, the loss and the quantity the stopping rule tests (the
scaled gradient, max_j |g_j| / (N s_j)), computed for the report only: the
fit's iterates are those of a silent fit. On a terminal the report is one
line rewritten in place; elsewhere (a file, a pipe, a notebook's log) one
line per report.
"""

import sys
import time

from .core.penalty import Wrapper
from .core.solvers import scaled_gradient

DELAY = 2.0         # seconds of silence before the first report (verbose=1)
EVERY = 0.5         # seconds between two reports (verbose=1)
seconds = getattr(time, "monotonic", time.time)     # the clock a Ticker reads by default


class Ticker:
    """Report the steps of long work on ``out`` (default sys.stderr), as the
    module docstring says: ``tick(k, describe)`` after step k, where
    ``describe()`` gives the step's numbers as text (called only for a
    report); ``close()`` ends the line a terminal shows. ``what`` names a
    step ("gd iteration"); ``clock`` gives the time in seconds (default ``seconds``).

    >>> import io
    >>> out, times = io.StringIO(), iter([0.0, 1.0, 2.2, 2.4, 2.8])
    >>> ticker = Ticker("pivot", 1, out, clock=lambda: next(times))
    >>> for k in (1, 2, 3, 4):
    ...     ticker.tick(k, lambda: "cost %d" % (10 - k))
    >>> out.getvalue()
    'minilogit: pivot 2: cost 8 (2.2 s)\\nminilogit: pivot 4: cost 6 (2.8 s)\\n'
    """

    def __init__(self, what, verbose=1, out=None, clock=None):
        self.what, self.verbose, self.clock = what, verbose, clock or seconds
        self.out = sys.stderr if out is None else out
        if self.out is None:            # no stderr (pythonw, a service): nowhere to report
            verbose = self.verbose = 0
        isatty = getattr(self.out, "isatty", None)
        self.tty = bool(isatty and isatty())
        self.start = self.last = self.clock() if verbose else 0.0
        self.shown = False

    def _write(self, text):
        """Write ``text`` to ``out``; a stream that fails (a closed pipe, a closed
        file) ends the reports, never the work they report on."""
        try:
            self.out.write(text)
        except (OSError, ValueError, AttributeError):
            self.verbose, self.shown = 0, False

    def tick(self, k, describe):
        if not self.verbose:
            return
        now = self.clock()
        if self.verbose >= 2 or (now - self.start >= DELAY and now - self.last >= EVERY):
            self.last = now
            line = "minilogit: %s %d: %s (%.1f s)" % (self.what, k, describe(),
                                                       now - self.start)
            self.shown = True
            self._write("\r" + line + "\033[K" if self.tty else line + "\n")

    def close(self):
        if self.shown and self.tty:
            self._write("\n")


class Progress(Wrapper):
    """``objective``, reporting the solver's iterations through a ``Ticker``
    (``verbose``, ``out``, ``clock`` are its); ``close()`` closes it. The
    solver's iterates are those it takes on the objective alone.

    >>> import io
    >>> from minilogit.core.logistic import LogisticLoss
    >>> from minilogit.core.matrix import Matrix
    >>> out = io.StringIO()
    >>> X = Matrix([[1.0, 0.0], [1.0, 1.0], [1.0, 2.0], [1.0, 3.0]])
    >>> loss = LogisticLoss(X, [0, 1, 0, 1])
    >>> watch = Progress(loss, "newton", verbose=2, out=out, clock=lambda: 0.0)
    >>> from minilogit.core.solvers import newton
    >>> watched, alone = newton(watch, [0.0, 0.0], 100, 1e-8), newton(loss, [0.0, 0.0], 100, 1e-8)
    >>> watched.beta == alone.beta
    True
    >>> watch.close()
    >>> print(out.getvalue().rstrip())
    minilogit: newton iteration 1: loss 2.3526, scaled gradient 0.0128 (0.0 s)
    minilogit: newton iteration 2: loss 2.34749, scaled gradient 0.000477 (0.0 s)
    minilogit: newton iteration 3: loss 2.34749, scaled gradient 7.76e-07 (0.0 s)
    minilogit: newton iteration 4: loss 2.34749, scaled gradient 2.07e-12 (0.0 s)
    minilogit: newton iteration 5: loss 2.34749, scaled gradient 1.48e-17 (0.0 s)
    """

    def __init__(self, objective, solver, verbose=1, out=None, clock=None):
        Wrapper.__init__(self, objective)
        self.ticker = Ticker("%s iteration" % solver, verbose, out, clock)
        self.k, self._scales = 0, None

    def value(self, beta):
        return self.objective.value(beta)

    def gradient(self, beta):
        return self.objective.gradient(beta)

    def hessian(self, beta):
        return self.objective.hessian(beta)

    def example_gradient(self, i, beta):
        return self.objective.example_gradient(i, beta)

    def diagnose(self, beta, step, certain=None):
        self.k += 1                         # a step was taken: Run.step asks this once
        self.ticker.tick(self.k, lambda: self.describe(beta))
        return self.objective.diagnose(beta, step)

    def describe(self, beta):
        """The loss and the scaled gradient at ``beta``."""
        if self._scales is None:
            self._scales = self.objective.scales()
        criterion = scaled_gradient(self.objective.gradient(beta), self._scales,
                                    self.n_examples)
        return "loss %.6g, scaled gradient %.3g" % (self.objective.value(beta), criterion)

    def close(self):
        self.ticker.close()
