"""Two seeded experiments the walkthrough runs, small enough for a doctest.

- ``wald_coverage``: lecture 001's claim that beta-hat ~ N(beta, (XᵀWX)⁻¹),
  tested the way a statistician uses it: how often the Wald interval of
  eq. (35) holds the true slope, on data drawn from a known logistic model.
  The claim is asymptotic; at N = 6 many draws have no estimate at all.
- ``sgd_runs``: why a 1/t rate with averaging settles where a fixed rate
  does not: the distance to the optimum of SGD's last iterate, under a fixed
  rate and under eq. (18)'s falling one, and of the falling run's average.

Each draws from ``minilogit.core.rng.Random``, so the numbers are the same
on every runtime with the same floats.
"""

import math

from .core.functions import sigmoid
from .core.matrix import dot
from .core.rng import Random
from .datasets.synthetic import standard_normal

TRUE_BETA = (-0.5, 1.0)     # intercept, slope: p = sigma(-0.5 + x), x ~ N(0, 1)


def draw(n, rng, beta=TRUE_BETA):
    """n rows x ~ N(0, 1) and labels y ~ Bernoulli(sigma(b0 + b1 x)), from ``rng``.

    >>> X, y = draw(4, Random(0))
    >>> len(X), sorted(set(y)) <= [0, 1]
    (4, True)
    """
    X = [[standard_normal(rng)] for _ in range(n)]
    y = [int(rng.random() < sigmoid(beta[0] + beta[1] * x[0])) for x in X]
    return X, y


def wald_coverage(n, replications=200, seed=0, alpha=0.05):
    """(coverage, its Monte-Carlo standard error, draws without an estimate):
    over ``replications`` seeded draws of n rows, the share of the draws that
    have a maximum-likelihood estimate whose Wald interval for the slope,
    eq. (35), holds the true slope 1.0; the standard error
    sqrt(c (1 - c) / fitted) of that share; and how many draws had one class
    only or separated classes (no MLE, so no interval).

    >>> c, se, none = wald_coverage(30, replications=20)
    >>> 0.0 <= c <= 1.0 and se >= 0.0, none < 20
    (True, True)
    """
    from .models.logistic import LogisticRegression
    rng, covered, fitted = Random(seed), 0, 0
    for _ in range(replications):
        X, y = draw(n, rng)
        x0 = [x[0] for x, label in zip(X, y) if label == 0]
        x1 = [x[0] for x, label in zip(X, y) if label == 1]
        # one class, or every x of one class at most every x of the other: separated
        # (with one feature, the exact test of section 11 in a line), so no MLE
        if x0 and x1 and min(x1) < max(x0) and min(x0) < max(x1):
            low, high = LogisticRegression().fit(X, y).conf_int(alpha)[1]    # eq. (35)
            covered += low <= TRUE_BETA[1] <= high
            fitted += 1
    c = covered / float(fitted)
    return c, math.sqrt(c * (1.0 - c) / fitted), replications - fitted


def sgd_paths(X, y, epochs, eta0=0.5, seed=0):
    """Three SGD runs of eq. (17) from beta = 0, the rows visited in a seeded
    shuffle each epoch (the same for all three): the fixed rate eta0; eq. (18)'s
    rate eta0 / (1 + t / N) after t updates; and that run's average of every
    iterate since the start (Polyak and Juditsky's). [fixed, falling, average],
    each the list of its beta at the start and after every epoch.

    >>> fixed, falling, average = sgd_paths([[0.0], [1.0]], [0, 1], 2)
    >>> len(fixed), fixed[0], falling[1] == average[1]     # one update in, the same
    (3, [0.0, 0.0], False)
    """
    rng, n = Random(seed), len(y)
    rows = [[1.0] + list(x) for x in X]
    fixed = falling = average = [0.0] * len(rows[0])
    t, paths = 0, [[fixed], [falling], [average]]

    def step(beta, i, eta):                             # eq. (17)
        r = sigmoid(dot(beta, rows[i])) - y[i]
        return [b - eta * r * x for b, x in zip(beta, rows[i])]
    for _ in range(epochs):
        order = list(range(n))
        rng.shuffle(order)
        for i in order:
            fixed = step(fixed, i, eta0)
            falling = step(falling, i, eta0 / (1.0 + t / float(n)))       # eq. (18)
            t += 1
            average = [a + (b - a) / t for a, b in zip(average, falling)]  # the mean so far
        for path, beta in zip(paths, (fixed, falling, average)):
            path.append(beta)
    return paths


def sgd_runs(X, y, beta_hat, epochs, eta0=0.5, seed=0):
    """For each epoch count in ``epochs``, the distance |beta - beta_hat| from the
    optimum ``beta_hat`` of the three runs of ``sgd_paths``: rows [epochs,
    fixed, falling, average].

    >>> X, y = draw(50, Random(1))
    >>> rows = sgd_runs(X, y, [0.0, 0.0], [1, 2])
    >>> [r[0] for r in rows], all(d > 0 for r in rows for d in r[1:])
    ([1, 2], True)
    """
    paths = sgd_paths(X, y, max(epochs), eta0, seed)
    return [[e] + [math.sqrt(sum((b - h) ** 2 for b, h in zip(path[e], beta_hat)))
                   for path in paths] for e in epochs]
