"""The first-order solvers reach the optimum with their default settings.

On standardized data of the size `make bench` uses (6,366 rows, 8 features,
three of them strongly correlated, as in the "fair" data), gradient descent
with its default line search and tol passes the gradient test, and
converged_ means what it says: its coefficients are Newton's. SGD with its
default rate, epochs and tol passes its looser test, with its loss 2.3e-5
relative above the minimum. The walkthrough (sections 7 and 8) quotes these
figures; the tests check them.
"""

import math
import sys
import warnings

from minilogit import LogisticRegression
from minilogit.core.rng import Random
from minilogit.datasets import standardize
from minilogit.datasets.synthetic import standard_normal

N, P = 6366, 8


def correlated_data(n=N, seed=7):
    """Standardized rows whose first four features share a common factor
    (pairwise correlations up to 0.9), and labels drawn from a logistic model."""
    rng = Random(seed)
    rows = []
    for _ in range(n):
        f1, f2 = standard_normal(rng), standard_normal(rng)
        e = [standard_normal(rng) for _ in range(P)]
        rows.append([-0.14 * f1 + 0.99 * e[0], 0.95 * f1 + 0.31 * e[1],
                     0.94 * f1 + 0.34 * e[2], 0.75 * f1 + 0.66 * e[3],
                     0.15 * f1 + 0.99 * e[4], 0.6 * f2 + 0.8 * e[5],
                     0.6 * f2 + 0.8 * e[6], 0.35 * f2 + 0.94 * e[7]])
    Z = standardize(rows)[0]
    c = [-0.7, -0.4, 0.8, 0.0, -0.37, 0.0, 0.16, 0.0]
    y = [1 if rng.random() < 1.0 / (1.0 + math.exp(0.9 - sum(a * b for a, b in zip(r, c))))
         else 0 for r in Z]
    return Z, y


Z, Y = correlated_data()


def fit(solver):
    with warnings.catch_warnings():
        warnings.simplefilter("error")          # no ConvergenceWarning
        return LogisticRegression(solver=solver).fit(Z, Y)


NEWTON = fit("newton")


def beta(model):
    return [model.intercept_] + list(model.coef_)


def test_gradient_descent_converges_to_newtons_coefficients_with_defaults():
    gd = fit("gd")
    assert gd.converged_, gd.n_iter_
    # walkthrough, section 7: "it takes 160 iterations (162 on CPython 3.12 and
    # later)", whose sum() of floats compensates its rounding
    assert gd.n_iter_ == (162 if sys.version_info >= (3, 12) else 160), gd.n_iter_
    # Tolerance 1e-5: the default tol (a scaled gradient of 1e-8) leaves
    # beta about 1e-8 / mu from the optimum, mu the smallest eigenvalue of the
    # mean Hessian in standardized units (~1e-2 here). Measured: 4.1e-7.
    assert max(abs(a - b) for a, b in zip(beta(gd), beta(NEWTON))) <= 1e-5
    assert abs(gd.history_[-1] / NEWTON.history_[-1] - 1.0) <= 1e-12


def test_sgd_reaches_the_optimal_loss_with_defaults():
    sgd = fit("sgd")
    # walkthrough, section 8: "it stops after 37 epochs with the loss 2.3e-5
    # (relative) above Newton's minimum"; the coefficients are within 0.0085
    assert sgd.converged_ and sgd.n_iter_ == 37, sgd.n_iter_
    assert "%.2g" % (sgd.history_[-1] / NEWTON.history_[-1] - 1.0) == "2.3e-05"
    assert max(abs(a - b) for a, b in zip(beta(sgd), beta(NEWTON))) <= 0.05
