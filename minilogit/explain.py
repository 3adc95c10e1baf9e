"""Why a fit stopped, in a few sentences: ``model.explain()``.

A fit ends in one of five ways, and each leaves its evidence in the
solver's ``FitResult`` (or, when the fit raised, in what the estimator kept
before raising):

- converged: the gradient test passed; how fast tells the solver apart
  (Newton squares the gradient each step, gradient descent shrinks it by a
  roughly constant factor);
- separation: the maximum-likelihood estimate does not exist;
- max_iter reached before the test passed;
- collinearity: a column is a combination of others (the fit raised);
- step too large: a fixed learning rate made the loss grow (the fit raised).

>>> from minilogit import LogisticRegression
>>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]], [0, 0, 1, 0, 1, 1])
>>> print(explain(m))                                # doctest: +ELLIPSIS
Converged after 6 Newton steps: the scaled gradient ... fell to 1.16e-10 <= tol = 1e-08 at step 5; the step solved there was then taken, after which the scaled gradient is 4.3e-17. ... quadratic convergence ...
"""

import math

from .core.estimators import SPREAD
from .core.solvers import compared
from .tables import Text

NAMES = {"newton": "Newton", "irls": "IRLS", "gd": "gradient-descent", "sgd": "SGD",
         "proximal": "proximal-gradient", "cd": "coordinate-descent"}
UNITS = {"sgd": "epochs", "cd": "outer steps"}


def explain(model):
    """Return a few sentences saying why ``model``'s last fit stopped, as a
    ``minilogit.tables.Text`` (a str that a notebook shows as a paragraph).

    >>> from minilogit import LogisticRegression
    >>> explain(LogisticRegression())
    This model has not been fitted yet.
    """
    return Text(_why(model))


def _why(model):
    failure = getattr(model, "failure_", None)
    if failure is not None:
        return failure
    result = getattr(model, "result_", None)
    if result is None:
        if not hasattr(model, "coef_"):
            return "This model has not been fitted yet."
        if getattr(model, "closed_form", False):
            return ("Fitted in closed form, with no iterations: the normal equations "
                    "were solved once by Gauss-Jordan elimination.")
        return ("This model was read back with from_json: it keeps the coefficients, "
                "not the history of the fit that produced them.")
    solver, n = result.solver, result.n_iter
    unit = UNITS.get(solver, "steps")
    steps = "%d %s %s" % (n, NAMES.get(solver, solver), unit if n != 1 else unit[:-1])
    tol = getattr(result, "tol", None)
    check = getattr(result, "newton_check", None)   # asked after a first-order fit
    if result.diagnosis is not None:
        return ("Stopped after %s, before converging, because the data admit no "
                "maximum-likelihood estimate: %s. Every further step would lower the "
                "loss a little more while the coefficients grow without bound. A "
                "penalty gives a finite answer (Firth's, penalty='firth', for the logit "
                "link, with standard errors; a ridge); so does removing the separating "
                "feature." % (steps, result.diagnosis))
    if not result.grad_norms:
        return ("Ran %s over a stream of rows, as asked: a streamed fit has no "
                "convergence test (it would need another pass over the data). The "
                "progressive loss per epoch went %s." % (steps, " -> ".join(
                    "%.4g" % v for v in result.history[-4:])))
    tested = _tested(result)
    if not result.converged:
        return ("Stopped at max_iter after %s without converging: %s is %s. %s%s"
                % (steps, tested, compared(result.criterion, tol), _advice(result),
                   _checked(check)))
    if getattr(result, "test", None) == "deviance":          # GLM's IRLS: R's test
        return ("Converged after %s: the deviance D changed by %.3g <= tol (|D| + 0.1) = "
                "%.3g in step %d, tol = %g (R's glm test)%s. %s"
                % (steps, result.deviance_change, result.deviance_bound, result.tested,
                   tol, _finished(result), _rate(result)))
    return ("Converged after %s: %s fell to %s%s%s. %s"
            % (steps, tested, compared(result.criterion, tol),
               "" if result.tested == n else " at step %d" % result.tested,
               _finished(result), _rate(result)))


def _checked(steps):
    """How the question "does a minimum exist?" was answered after a first-order fit:
    by a Newton run of ``steps`` steps at most (0: none), or not ("failed (why)")."""
    if steps is None:
        return ""
    if isinstance(steps, str):
        return (" Whether a minimum exists could not be checked: a Newton run from the "
                "start %s." % steps)
    if steps == 0:
        return (" Whether a minimum exists was not checked: a Newton step would cost more "
                "than this whole fit did.")
    return (" A Newton run of at most %d steps from the start, after the fit, found no "
            "sign of separation." % steps)


def _tested(result):
    """The name of the quantity that the stopping rule tested against tol."""
    if result.solver in ("proximal", "cd"):
        return ("the scaled KKT violation (max_j |v_j| / (N s_j), v_j the violation of "
                "eq. (45) per standardized coefficient)")
    return ("the scaled gradient (max_j |g_j| / (N s_j), the mean loss's gradient per "
            "standardized coefficient)")


def _finished(result):
    """Newton and IRLS take the step solved where the test passed (``Run``)."""
    if result.tested is None or result.tested == result.n_iter:
        return ""
    return ("; the step solved there was then taken, after which the scaled gradient "
            "is %.2g" % result.criteria[-1])


def _advice(result):
    """What to do after a fit that stopped at max_iter: first-order steps crawl on
    columns of unlike scales (the fit's root mean squares, ``result.scales``,
    more than SPREAD apart) and, on alike ones, along correlated columns.

    >>> from minilogit.core.solvers import FitResult
    >>> r = FitResult("gd", [0.0, 0.0], [1.0], [0.5], 0, False, None, scales=[1.0, 2.0])
    >>> print(_advice(r))
    First-order methods crawl along correlated columns (the scales of these are alike, root mean squares 1 to 2): raise max_iter, or use solver='newton'.
    """
    if result.solver not in ("gd", "sgd", "proximal"):
        return "Raise max_iter, or look at history_ to see whether the loss still falls."
    lo, hi = min(result.scales or [1.0]), max(result.scales or [1.0])
    if hi > SPREAD * lo:
        return ("First-order methods crawl when the features have very different "
                "scales: standardize them, or raise max_iter.")
    return ("First-order methods crawl along correlated columns (the scales of these are "
            "alike, root mean squares %.3g to %.3g): raise max_iter, or use solver='newton'."
            % (lo, hi))


def _rate(result):
    """A sentence on how fast the tested quantity fell over the last few steps."""
    solver, g = result.solver, result.criteria             # up to the test's point
    if result.tested is not None:
        g = g[:result.tested + 1]
    tail = [v for v in g[-4:] if v > 0]
    shown = " -> ".join("%.1e" % v for v in g[-4:])
    if len(tail) < 3:
        return "It took very few steps (scaled gradients %s)." % shown
    logs = [math.log10(v) for v in tail]
    ratios = [logs[k + 1] / logs[k] for k in range(len(logs) - 1) if logs[k] < -0.5]
    if solver in ("newton", "irls") and ratios and max(ratios) > 1.6:
        return ("The scaled gradients up to the test were %s: each about the square of "
                "the one before (the number of correct digits doubles), the quadratic "
                "convergence of Newton's method near the optimum." % shown)
    factors = [tail[k + 1] / tail[k] for k in range(len(tail) - 1)]
    if solver == "sgd":
        return ("The scaled gradient at the averaged iterate, epoch by epoch, was %s: SGD "
                "closes in slowly (the noise of single examples only averages out like "
                "1/sqrt(t)), which is why its tol is looser." % shown)
    why = ("as expected of a first-order method" if solver not in ("newton", "irls") else
           "not quadratic: the curvature used is not the exact Hessian here (IRLS with a "
           "non-canonical link uses the expected information)")
    return ("The last scaled gradients were %s, shrinking by a factor of about %.2g per "
            "step: linear convergence, %s." % (shown, sum(factors) / len(factors), why))
