"""Benchmark minilogit: speed, memory and scaling, measured in one run.

Run it as ``make bench`` or ``python3 tools/bench.py [--quick] [--json PATH]
[--runs R] [--profile] [--pythons LIST] [--no-compare]``, or ``--stream-rows N``
alone. Standard library only; numpy, statsmodels and
scikit-learn are timed as comparisons when they happen to be importable
(with their BLAS limited to one thread when threadpoolctl is there, so that
they run on one core like pure Python does).

What it measures, on seeded synthetic data that is not separable (features
standard normal, labels drawn from the logistic model with moderate
coefficients, so that the classes overlap):

- ``cases``: LogisticRegression with Newton, IRLS, gradient descent and SGD
  with their defaults (converged says whether they reached the optimum), and
  one SGD epoch; SoftmaxRegression with Newton (3 classes); a
  Poisson GLM; the Gauss-Jordan inverse at n = 10, 30, 100.
- ``headline``: Newton at N = 6000 rows, p = 8 features, raced in
  interleaved rounds against two pure-Python implementations of the same
  algorithm written below: ``naive_newton`` (row-major triple loops) and
  ``tuned_newton`` (the yardstick: column-major, X'WX once per symmetric
  pair with sum(map(mul, ...))); and against numpy, statsmodels and
  scikit-learn when present. Each ratio is the median of the per-round
  ratios, which holds up when the machine's speed drifts. Also the rate of
  the X'WX kernel: N d(d+1)/2 multiply-adds per Hessian, d = p + 1 columns
  with the intercept.
- ``ratios``: a Newton fit over ``tuned_newton`` at 32 x 3, 6366 x 8 and
  2000 x 50; SoftmaxRegression (lam 0.5) at 944 x 5 with 7 classes over
  scikit-learn's multinomial fit of the same model when it is importable;
  ``load_csv``, and one ``fit_stream`` SGD epoch over the same file, over
  csv.reader plus float() per cell. Each the median of
  per-round ratios, the two contenders interleaved.
- ``processes``: whole processes, each a fresh interpreter (this one's own
  binary, never a pyenv shim) that reads a small CSV (100 rows, 3 features
  and the label), fits and prints: minilogit's LogisticRegression with
  ``print(summary())``; statsmodels' Logit with ``print(summary())`` and
  scikit-learn's unpenalised LogisticRegression with its coefficients
  printed, both reading the file with pandas, each when importable. Timed
  by the child's CPU seconds (user + system, getrusage(RUSAGE_CHILDREN)
  deltas; wall seconds beside them) in interleaved rounds after a warm-up
  run; the children write bytecode (PYTHONDONTWRITEBYTECODE is dropped for
  them), so that minilogit is read from its cache as an installed package
  is; BLAS and OpenMP on one thread. Ratios peer / minilogit, target 30x.
- ``interpreters``: the "fair" Newton fit (6366 x 8) warm in other
  interpreters' processes (``--pythons``; by default pypy3 on the PATH and
  CPython 3.11 and 3.13, pyenv's binaries where there): each child fits it
  after warm-up fits, again with the garbage collector off, and times the
  fit's stages and two float kernels (sum() of a column, sum(map(mul, ...)));
  the speed-up is this interpreter's time over the other's (target: PyPy
  4x), with each interpreter's figures side by side to show where one loses.
- ``--stream-rows N`` (not in the default run: seconds per 1e5 rows) writes
  an N x 8 CSV and times one fit_stream epoch over it against a bare parse
  (csv.reader + float(), every row dropped), interleaved; target 2x.
- ``data_memory`` (also alone: ``--memory-rows N``): each in a fresh process,
  tracemalloc's peak and the peak RSS of a fit on an N x 10 pandas frame
  (max_iter=1), of load_csv and of the command line on an N x 10 CSV, over
  one copy of the data as the solver holds it (32 bytes a float); and what a
  column as array('d') would save and cost (bytes an entry; CPU time of a dot
  product and of a comprehension over it, against a list of floats).
- ``memory``: the peak that a Newton fit allocates (tracemalloc) over the
  size of its input (the row lists of floats plus y, measured with
  tracemalloc while they are built; sys.getsizeof is reported beside it).
- ``scaling``: Newton's time per iteration against N and against p, and the
  least-squares slopes of log(time) on log(N) and log(p).

Times are CPU seconds of this process (``time.process_time``): on a shared
machine they are steadier than wall-clock seconds, which the JSON holds too.
Every figure is the median of several runs; the table says how many.
"""

import argparse
import gc
import json
import math
import os
import platform
import statistics
import sys
import tempfile
import time
import warnings
from operator import mul, sub

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

import minilogit                                            # noqa: E402
from minilogit.core.matrix import Matrix, weighted_gram          # noqa: E402
from minilogit.core.logistic import LogisticLoss               # noqa: E402
from minilogit.core.rng import Random                            # noqa: E402
from minilogit.core.solvers import newton as newton_solver  # noqa: E402

TOL = 1e-8          # minilogit's default: max_j |g_j| <= TOL * N
MAX_ITER = 100
TARGET_RATIO = 1.5  # minilogit's Newton fit within 1.5x of the tuned kernel
TARGET_MEMORY = 3.0  # a Newton fit's peak within 3x the input's size
WARMUP_LIMIT = 0.5   # seconds: a slower first run counts, it is warm already
BATCH_S = 0.02       # seconds: the shortest sample of a ratio race (short fits run in batches)
TARGET_PROCESS = 30.0  # a whole-process small CSV fit at least 30x faster than the peers'
TARGET_PYPY = 4.0      # PyPy at least 4x faster than CPython on the fair Newton fit, warm

DEFAULT_JSON = os.path.join(tempfile.gettempdir(), "minilogit-bench.json")


# -- seeded synthetic data -------------------------------------------------

def normals(rng, n):
    """n standard normal draws, two per pair of uniforms (Box-Muller)."""
    out = []
    while len(out) < n:
        r = math.sqrt(-2.0 * math.log(1.0 - rng.random()))
        t = 2.0 * math.pi * rng.random()
        out.append(r * math.cos(t))
        out.append(r * math.sin(t))
    return out[:n]


def unit_coefficients(p, rng):
    """p moderate coefficients of mixed sign, scaled so that x'c has variance 1."""
    c = [(0.5 + 0.5 * rng.random()) * (1.0 if j % 2 == 0 else -1.0) for j in range(p)]
    s = math.sqrt(sum(v * v for v in c))
    return [v / s for v in c]


def sigmoid(a):
    if a >= 0:
        return 1.0 / (1.0 + math.exp(-a))
    e = math.exp(a)
    return e / (1.0 + e)


_CACHE = {}


def features(N, p, seed):
    key = ("X", N, p, seed)
    if key not in _CACHE:
        rng = Random(seed)
        flat = normals(rng, N * p)
        _CACHE[key] = [flat[i * p:(i + 1) * p] for i in range(N)]
    return _CACHE[key]


def binary_data(N, p, seed=1):
    """Rows x_i ~ N(0, I_p); y_i ~ Bernoulli(sigma(0.3 + x_i'c)) with sd(x'c) = 1:
    a Bayes error near 30%, so the classes overlap and the MLE exists."""
    key = ("binary", N, p, seed)
    if key not in _CACHE:
        X = features(N, p, seed)
        rng = Random(seed + 1000)
        c = unit_coefficients(p, rng)
        y = [1 if rng.random() < sigmoid(0.3 + sum(map(mul, r, c))) else 0 for r in X]
        _CACHE[key] = (X, y)
    return _CACHE[key]


def multiclass_data(N, p, K=3, seed=2):
    """Labels 0..K-1 drawn from a softmax model with moderate coefficients."""
    X = features(N, p, seed)
    rng = Random(seed + 1000)
    C = [[0.0] * p] + [unit_coefficients(p, rng) for _ in range(K - 1)]
    y = []
    for r in X:
        s = [sum(map(mul, r, c)) for c in C]
        m = max(s)
        e = [math.exp(v - m) for v in s]
        u, k, acc = rng.random() * sum(e), 0, e[0]
        while acc < u and k < K - 1:
            k += 1
            acc += e[k]
        y.append(k)
    return X, y


def poisson_data(N, p, seed=3):
    """Counts y_i ~ Poisson(exp(0.5 + 0.5 x_i'c)) (Knuth's product of uniforms)."""
    X = features(N, p, seed)
    rng = Random(seed + 1000)
    c = unit_coefficients(p, rng)
    y = []
    for r in X:
        limit, k, prod = math.exp(-math.exp(0.5 + 0.5 * sum(map(mul, r, c)))), 0, rng.random()
        while prod > limit:
            k += 1
            prod *= rng.random()
        y.append(k)
    return X, y


def square_matrix(n, seed=4):
    flat = normals(Random(seed), n * n)
    return [flat[i * n:(i + 1) * n] for i in range(n)]


# -- the same Newton algorithm, twice more, in plain Python ----------------
#
# Both start at beta = 0, stop when max_j |g_j| <= TOL * N (minilogit's test),
# keep the loss history, and solve H delta = g by the Gauss-Jordan below.

def gauss_jordan_solve(A, b):
    """Solve A x = b by Gauss-Jordan elimination with partial pivoting."""
    n = len(A)
    M = [list(A[i]) + [b[i]] for i in range(n)]
    for k in range(n):
        piv = max(range(k, n), key=lambda i: abs(M[i][k]))
        if M[piv][k] == 0.0:
            raise ArithmeticError("singular system at column %d" % k)
        M[k], M[piv] = M[piv], M[k]
        inv = 1.0 / M[k][k]
        row_k = [v * inv for v in M[k]]
        M[k] = row_k
        for i in range(n):
            f = M[i][k]
            if i != k and f != 0.0:
                M[i] = [u - f * v for u, v in zip(M[i], row_k)]
    return [M[i][n] for i in range(n)]


def naive_newton(rows, y, tol=TOL, max_iter=MAX_ITER):
    """Newton as a first draft would write it: row-major X with the 1s
    column, every product an explicit loop, W X built in full, X'WX by
    (j, k, i) loops over all d^2 entries."""
    X = [[1.0] + list(r) for r in rows]
    N, d = len(X), len(X[0])
    beta = [0.0] * d

    def predictor(beta):
        a = [0.0] * N
        for i in range(N):
            s = 0.0
            for j in range(d):
                s += X[i][j] * beta[j]
            a[i] = s
        return a

    def loss(a):
        total = 0.0
        for i in range(N):
            if a[i] > 0:
                total += a[i] + math.log1p(math.exp(-a[i])) - y[i] * a[i]
            else:
                total += math.log1p(math.exp(a[i])) - y[i] * a[i]
        return total

    a = predictor(beta)
    history, n_iter, passed = [loss(a)], 0, False
    while True:
        p = [sigmoid(a[i]) for i in range(N)]
        g = [0.0] * d
        for j in range(d):
            for i in range(N):
                g[j] += X[i][j] * (p[i] - y[i])
        if passed or n_iter == max_iter:     # one step after the test, as minilogit's
            break
        passed = max(abs(v) for v in g) <= tol * N
        w = [p[i] * (1.0 - p[i]) for i in range(N)]
        WX = [[0.0] * d for _ in range(N)]
        for i in range(N):
            for j in range(d):
                WX[i][j] = w[i] * X[i][j]
        H = [[0.0] * d for _ in range(d)]
        for j in range(d):
            for k in range(d):
                s = 0.0
                for i in range(N):
                    s += X[i][j] * WX[i][k]
                H[j][k] = s
        delta = gauss_jordan_solve(H, g)
        beta = [beta[j] - delta[j] for j in range(d)]
        a = predictor(beta)
        history.append(loss(a))
        n_iter += 1
    return beta, n_iter, history


def tuned_newton(rows, y, tol=TOL, max_iter=MAX_ITER):
    """The yardstick: the same Newton iteration written for CPython's speed.

    X is copied once to column-major lists; the intercept column of 1s is
    never stored (its products are sums). X'WX is filled once per symmetric
    pair with sum(map(mul, ...)) over the columns; the gradient the same
    way. The linear predictor takes one sum(map(mul, ...)) per input row
    (faster than p column passes). One exp(-|a_i|) per point serves both
    p_i and the loss log(1 + e^a_i) - y_i a_i. Gauss-Jordan on the small
    (p+1) x (p+1) system.
    """
    exp, log1p = math.exp, math.log1p
    N = len(rows)
    cols = [list(c) for c in zip(*rows)]          # column-major copy: p lists of N
    yf = [float(v) for v in y]
    p_ = len(cols)
    d = p_ + 1
    y_sum = sum(yf)

    def fit_at(beta):
        b0, bf = beta[0], beta[1:]
        a = [sum(map(mul, r, bf)) + b0 for r in rows]
        e = [exp(-v) if v >= 0.0 else exp(v) for v in a]        # e^-|a|
        prob = [1.0 / (1.0 + ei) if v >= 0.0 else ei / (1.0 + ei) for v, ei in zip(a, e)]
        L = sum(map(log1p, e)) + sum(v for v in a if v > 0.0) - sum(map(mul, yf, a))
        return prob, L

    beta = [0.0] * d
    prob, L = fit_at(beta)
    history, n_iter, passed = [L], 0, False
    while True:
        r = list(map(sub, prob, yf))
        g = [sum(prob) - y_sum] + [sum(map(mul, r, c)) for c in cols]
        if passed or n_iter == max_iter:     # one step after the test, as minilogit's
            break
        passed = max(map(abs, g)) <= tol * N
        w = [q - q * q for q in prob]                   # p_i (1 - p_i)
        H = [[0.0] * d for _ in range(d)]
        H[0][0] = sum(w)
        for j in range(p_):
            wx = list(map(mul, w, cols[j]))
            H[0][j + 1] = H[j + 1][0] = sum(wx)
            Hj = H[j + 1]
            for k in range(j, p_):
                Hj[k + 1] = H[k + 1][j + 1] = sum(map(mul, wx, cols[k]))
        delta = gauss_jordan_solve(H, g)
        beta = [b - dl for b, dl in zip(beta, delta)]
        prob, L = fit_at(beta)
        history.append(L)
        n_iter += 1
    return beta, n_iter, history


def naive_gram(X, w):
    """X'WX the naive way (W X in full, then all d^2 entries by i loops)."""
    N, d = len(X), len(X[0])
    WX = [[0.0] * d for _ in range(N)]
    for i in range(N):
        for j in range(d):
            WX[i][j] = w[i] * X[i][j]
    H = [[0.0] * d for _ in range(d)]
    for j in range(d):
        for k in range(d):
            s = 0.0
            for i in range(N):
                s += X[i][j] * WX[i][k]
            H[j][k] = s
    return H


def tuned_gram(cols, w):
    """X'WX over column-major features with the intercept implicit."""
    p_ = len(cols)
    d = p_ + 1
    H = [[0.0] * d for _ in range(d)]
    H[0][0] = sum(w)
    for j in range(p_):
        wx = list(map(mul, w, cols[j]))
        H[0][j + 1] = H[j + 1][0] = sum(wx)
        for k in range(j, p_):
            H[j + 1][k + 1] = H[k + 1][j + 1] = sum(map(mul, wx, cols[k]))
    return H


# -- timing ------------------------------------------------------------------

def timed(fn, setup=None):
    """Run fn(setup()) once; return (cpu seconds, wall seconds, its result)."""
    arg = setup() if setup is not None else None
    gc.collect()
    c0, w0 = time.process_time(), time.perf_counter()
    out = fn(arg) if setup is not None else fn()
    c1, w1 = time.process_time(), time.perf_counter()
    return c1 - c0, w1 - w0, out


def measure(fn, runs, setup=None):
    """Median (and min, max) CPU and wall seconds of ``runs`` runs.

    A first run is a warm-up, not counted, unless it took longer than
    ``WARMUP_LIMIT`` seconds: then it counts as the first of the runs.
    """
    c, w, out = timed(fn, setup)
    cpu, wall = ([c], [w]) if c > WARMUP_LIMIT else ([], [])
    while len(cpu) < runs:
        c, w, out = timed(fn, setup)
        cpu.append(c)
        wall.append(w)
    return {"runs": runs, "cpu_s": statistics.median(cpu), "wall_s": statistics.median(wall),
            "min_cpu_s": min(cpu), "max_cpu_s": max(cpu)}, out


def race(contestants, rounds):
    """Time each (name, fn) once per round, in turn, for ``rounds`` rounds.

    Returns {name: (cpu times, wall times, results)}, one entry per round.
    One warm-up round first, unless it took longer than WARMUP_LIMIT.
    """
    res = dict((name, ([], [], [])) for name, _ in contestants)
    first = [(name, timed(fn)) for name, fn in contestants]
    if sum(t[0] for _, t in first) > WARMUP_LIMIT:
        for name, (c, w, out) in first:
            res[name][0].append(c)
            res[name][1].append(w)
            res[name][2].append(out)
        rounds -= 1
    for _ in range(rounds):
        for name, fn in contestants:
            c, w, out = timed(fn)
            res[name][0].append(c)
            res[name][1].append(w)
            res[name][2].append(out)
    return res


def median_ratio(a, b):
    """The median over rounds of a[r] / b[r]."""
    return statistics.median([x / y for x, y in zip(a, b)])


def slope(xs, ys):
    """Least-squares slope of log(y) on log(x)."""
    lx = [math.log(v) for v in xs]
    ly = [math.log(v) for v in ys]
    mx, my = sum(lx) / len(lx), sum(ly) / len(ly)
    sxy = sum((u - mx) * (v - my) for u, v in zip(lx, ly))
    sxx = sum((u - mx) ** 2 for u in lx)
    return sxy / sxx


def batch(fn, reps):
    """Run fn() reps times; return the last result (the others are let go)."""
    for _ in range(reps):
        out = fn()
    return out


def quiet(fn):
    """Run fn with minilogit's warnings (e.g. ConvergenceWarning) silenced."""
    def run(*args):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return fn(*args)
    return run


# -- optional comparisons ------------------------------------------------------

def load_comparisons():
    """Import numpy, statsmodels, scikit-learn and threadpoolctl where present."""
    mods = {}
    for name in ("numpy", "statsmodels.api", "sklearn.linear_model", "threadpoolctl"):
        try:
            mods[name] = __import__(name, fromlist=["_"])
        except Exception:        # not installed, or broken: leave it out
            mods[name] = None
    # The peers' modules hold ~130,000 objects that a minilogit process does not have:
    # frozen, the collector does not walk them in every timed run (of either contender)
    gc.collect()
    getattr(gc, "freeze", lambda: None)()
    return mods


def numpy_newton(np, X1, y, tol=TOL, max_iter=MAX_ITER):
    """The same Newton iteration in numpy (X1 has the 1s column)."""
    N, d = X1.shape
    beta = np.zeros(d)
    n_iter, passed = 0, False
    while True:
        a = X1 @ beta
        e = np.exp(-np.abs(a))
        p = np.where(a >= 0, 1.0 / (1.0 + e), e / (1.0 + e))
        g = X1.T @ (p - y)
        if passed or n_iter == max_iter:     # one step after the test, as minilogit's
            break
        passed = np.max(np.abs(g)) <= tol * N
        w = p * (1.0 - p)
        H = X1.T @ (X1 * w[:, None])
        beta = beta - np.linalg.solve(H, g)
        n_iter += 1
    return beta, n_iter


def comparison_fits(mods, rows, y):
    """(name, label, fn) for each library present; fn returns (beta, n_iter)."""
    np = mods["numpy"]
    if np is None:
        return []
    X = np.array(rows, dtype=float)
    X1 = np.hstack([np.ones((X.shape[0], 1)), X])
    ya = np.array(y, dtype=float)
    out = [("numpy", "numpy, same Newton iteration and tol", lambda: numpy_newton(np, X1, ya))]
    sm = mods["statsmodels.api"]
    if sm is not None:
        def fit_sm():
            r = sm.Logit(ya, X1).fit(method="newton", disp=0)
            return list(r.params), int(r.mle_retvals.get("iterations", 0))
        out.append(("statsmodels", "statsmodels Logit, newton, tol 1e-8 (step)", fit_sm))
    sk = mods["sklearn.linear_model"]
    if sk is not None:
        import inspect
        default = inspect.signature(sk.LogisticRegression).parameters["penalty"].default
        # scikit-learn 1.8 deprecated penalty=None in favour of C=inf (the same model)
        kw = {"C": np.inf} if default == "deprecated" else {"penalty": None}

        def fit_sk():
            m = sk.LogisticRegression(max_iter=1000, **kw).fit(X, ya)
            return [float(m.intercept_[0])] + list(m.coef_[0]), int(m.n_iter_[0])
        out.append(("sklearn", "sklearn LogisticRegression, lbfgs, tol 1e-4", fit_sk))
    return out


class BlasOneThread:
    """Limit BLAS/OpenMP to one thread while timing (threadpoolctl), if present."""

    def __init__(self, mods):
        self.tp = mods.get("threadpoolctl")
        self.ctx = None

    def __enter__(self):
        if self.tp is not None:
            self.ctx = self.tp.threadpool_limits(1)
            self.ctx.__enter__()
        return self

    def __exit__(self, *exc):
        if self.ctx is not None:
            self.ctx.__exit__(*exc)


# -- the benchmark ---------------------------------------------------------------

class Config:
    def __init__(self, quick, runs):
        if quick:
            self.runs, self.big_runs, self.rounds = runs or 2, 1, 3
            self.head = (400, 4)
            self.N_grid, self.N_grid_p = [100, 300, 1000], 4
            self.p_grid, self.p_grid_N = [2, 4, 8], 300
            self.cases_sizes = [(300, 4)]
            self.big = (2000, 4)
            self.inverse_n = [10, 30]
            self.memory_sizes = [(400, 4)]
            self.data_memory = (2000, 10, 2000)       # frame rows, p, CSV rows
            self.ratio_sizes = [("tiny", 32, 3), ("fair", 400, 4), ("wide", 200, 12)]
            self.multiclass = (300, 5, 7)
            self.csv_size = (400, 4)
            self.process_rounds = 2
            self.interp_rounds, self.interp_warmup, self.interp_fits = 1, 3, 3
        else:
            self.runs, self.big_runs, self.rounds = runs or 5, 3, 7
            self.head = (6000, 8)
            self.N_grid, self.N_grid_p = [100, 300, 1000, 3000, 6000, 10000, 30000, 100000], 8
            self.p_grid, self.p_grid_N = [2, 4, 8, 16, 32, 50], 6000
            self.cases_sizes = [(1000, 8), (6000, 8)]
            self.big = (100000, 8)
            self.inverse_n = [10, 30, 100]
            self.memory_sizes = [(6000, 8), (30000, 8), (6000, 32)]
            # the full sizes: a 1e6 x 10 frame; a CSV of 1e6 x 10 (190 MB)
            self.data_memory = (1000000, 10, 1000000)
            # the benchmark's sizes: 32 x 3; the "fair" data's 6366 x 8; a wide 2000 x 50
            self.ratio_sizes = [("tiny", 32, 3), ("fair", 6366, 8), ("wide", 2000, 50)]
            self.multiclass = (944, 5, 7)       # the Anes96 data's size: 944 x 5, 7 classes
            self.csv_size = (6366, 8)
            self.process_rounds = 7
            # PyPy's JIT settles after about a dozen fits of the fair data
            self.interp_rounds, self.interp_warmup, self.interp_fits = 3, 12, 7


def fit_lr(rows, y, **kw):
    m = minilogit.LogisticRegression(**kw).fit(rows, y)
    return m


def run_cases(cfg, log):
    cases = []

    def add(name, N, p, runs, make, fn):
        stats, model = measure(quiet(fn), runs, setup=make)
        n_iter = getattr(model, "n_iter_", None)
        entry = {"name": name, "N": N, "p": p}
        entry.update(stats)
        entry["n_iter"] = n_iter
        entry["per_iter_s"] = stats["cpu_s"] / n_iter if n_iter else None
        entry["converged"] = getattr(model, "converged_", None)
        cases.append(entry)
        log("  %-36s N=%-6d p=%-3d %8.4f s" % (name, N, p, stats["cpu_s"]))

    sizes = list(cfg.cases_sizes)
    for N, p in sizes + [cfg.big]:
        runs = cfg.big_runs if (N, p) == cfg.big else cfg.runs
        make = (lambda N=N, p=p: binary_data(N, p))
        add("LogisticRegression newton", N, p, runs, make, lambda d: fit_lr(*d))
        if (N, p) == cfg.big:
            add("LogisticRegression sgd, one epoch", N, p, runs, make,
                lambda d: fit_lr(*d, solver="sgd", max_iter=1))
            continue
        add("LogisticRegression irls", N, p, runs, make, lambda d: fit_lr(*d, solver="irls"))
        add("LogisticRegression gd, defaults", N, p, runs, make,
            lambda d: fit_lr(*d, solver="gd"))
        add("LogisticRegression sgd, defaults", N, p, runs, make,
            lambda d: fit_lr(*d, solver="sgd"))
        add("LogisticRegression sgd, one epoch", N, p, runs, make,
            lambda d: fit_lr(*d, solver="sgd", max_iter=1))
        add("SoftmaxRegression newton, K=3", N, p, runs,
            lambda N=N, p=p: multiclass_data(N, p),
            lambda d: minilogit.SoftmaxRegression().fit(*d))
        add("GLM poisson (irls)", N, p, runs, lambda N=N, p=p: poisson_data(N, p),
            lambda d: minilogit.GLM(family="poisson").fit(*d))
    return cases


def run_inverse(cfg, mods, log):
    out = []
    np = mods["numpy"]
    for n in cfg.inverse_n:
        A = square_matrix(n)
        stats, inv = measure(lambda M: M.inverse(), cfg.runs, setup=lambda A=A: Matrix(A))
        entry = {"n": n}
        entry.update(stats)
        # check: the largest |A A^-1 - I| entry
        AI = Matrix(A) @ inv
        entry["max_residual"] = max(abs(AI.rows[i][j] - (1.0 if i == j else 0.0))
                                    for i in range(n) for j in range(n))
        entry["numpy_cpu_s"] = None
        if np is not None:
            An = np.array(A)
            with BlasOneThread(mods):
                s, _ = measure(lambda: np.linalg.inv(An), cfg.runs)
            entry["numpy_cpu_s"] = s["cpu_s"]
        out.append(entry)
        log("  Matrix.inverse() n=%-4d %10.6f s" % (n, stats["cpu_s"]))
    return out


def minilogit_solver_fn(rows, y):
    """A fresh objective each call (so the cached transpose is rebuilt), then newton()."""
    def run():
        X1 = Matrix([[1.0] + r for r in rows])
        loss = LogisticLoss(X1, [float(v) for v in y])
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        res = newton_solver(loss, [0.0] * X1.shape[1], max_iter=MAX_ITER, tol=TOL)
        return res, time.process_time() - c0, time.perf_counter() - w0
    return run


def run_headline(cfg, mods, log):
    N, p = cfg.head
    rows, y = binary_data(N, p)
    d = p + 1
    contestants = [
        ("minilogit_fit", quiet(lambda: fit_lr(rows, y))),
        ("minilogit_solver", minilogit_solver_fn(rows, y)),
        ("tuned", lambda: tuned_newton(rows, y)),
        ("naive", lambda: naive_newton(rows, y)),
    ]
    res = race(contestants, cfg.rounds)
    fit_cpu = res["minilogit_fit"][0]
    # the solver's own time excludes building its objective: use what run() measured
    solver_outs = res["minilogit_solver"][2]
    solver_cpu = [o[1] for o in solver_outs]
    solver_wall = [o[2] for o in solver_outs]
    model = res["minilogit_fit"][2][-1]
    solver_res = solver_outs[-1][0]
    tuned_beta, tuned_iter, _ = res["tuned"][2][-1]
    naive_beta, naive_iter, _ = res["naive"][2][-1]
    beta = [model.intercept_] + list(model.coef_)

    def summary(cpus, walls, n_iter):
        med = statistics.median(cpus)
        return {"cpu_s": med, "wall_s": statistics.median(walls), "min_cpu_s": min(cpus),
                "max_cpu_s": max(cpus), "n_iter": n_iter, "per_iter_s": med / n_iter}

    head = {"N": N, "p": p, "d": d, "rounds": cfg.rounds,
            "minilogit_fit": summary(fit_cpu, res["minilogit_fit"][1], model.n_iter_),
            "minilogit_solver": summary(solver_cpu, solver_wall, solver_res.n_iter),
            "tuned": summary(res["tuned"][0], res["tuned"][1], tuned_iter),
            "naive": summary(res["naive"][0], res["naive"][1], naive_iter)}
    head["converged"] = bool(model.converged_) and model.separation_ is None
    head["max_abs_beta_diff"] = {
        "tuned": max(abs(u - v) for u, v in zip(beta, tuned_beta)),
        "naive": max(abs(u - v) for u, v in zip(beta, naive_beta))}
    ratios = {
        "fit_vs_solver": median_ratio(fit_cpu, solver_cpu),
        "fit_vs_tuned": median_ratio(fit_cpu, res["tuned"][0]),
        "solver_vs_tuned": median_ratio(solver_cpu, res["tuned"][0]),
        "fit_vs_naive": median_ratio(fit_cpu, res["naive"][0]),
        "solver_vs_naive": median_ratio(solver_cpu, res["naive"][0]),
    }
    # per iteration: divide each time by its own iteration count
    ratios["per_iter_vs_tuned"] = ratios["solver_vs_tuned"] * tuned_iter / solver_res.n_iter
    ratios["per_iter_vs_naive"] = ratios["solver_vs_naive"] * naive_iter / solver_res.n_iter
    head["ratios"] = ratios
    head["target_ratio"] = TARGET_RATIO
    head["target_met"] = ratios["fit_vs_tuned"] <= TARGET_RATIO
    log("  races done: fit/tuned %.2f, fit/naive %.2f" % (ratios["fit_vs_tuned"],
                                                          ratios["fit_vs_naive"]))

    # the X'WX kernel alone, at the weights of the first Newton step (p_i = 1/2)
    w = [0.25] * N
    X1 = Matrix([[1.0] + r for r in rows])
    X1.T
    cols = [list(c) for c in zip(*rows)]
    madds = N * d * (d + 1) // 2
    kern = {"madds_per_hessian": madds, "rounds": cfg.rounds}
    kres = race([("minilogit", lambda: weighted_gram(X1, w)),
                 ("tuned", lambda: tuned_gram(cols, w)),
                 ("naive", lambda: naive_gram(X1.rows, w))], cfg.rounds)
    for name in ("minilogit", "tuned", "naive"):
        med = statistics.median(kres[name][0])
        kern[name] = {"cpu_s": med, "madds_per_s": madds / med,
                      "minilogit_ratio": median_ratio(kres["minilogit"][0], kres[name][0])}
    head["xtwx"] = kern

    comps = {}
    fits = comparison_fits(mods, rows, y)
    if fits:
        with BlasOneThread(mods):
            cres = race([("minilogit_fit", contestants[0][1])]
                        + [(name, fn) for name, _, fn in fits], cfg.rounds)
        for name, label, _ in fits:
            cpus, walls, outs = cres[name]
            b, it = outs[-1]
            comps[name] = {"label": label, "cpu_s": statistics.median(cpus),
                           "wall_s": statistics.median(walls), "n_iter": it,
                           "minilogit_ratio": median_ratio(cres["minilogit_fit"][0], cpus),
                           "max_abs_beta_diff": max(abs(u - float(v)) for u, v in zip(beta, b))}
    for name in ("numpy", "statsmodels", "sklearn"):
        comps.setdefault(name, None)
    head["comparisons"] = comps
    head["blas_threads"] = 1 if (fits and mods.get("threadpoolctl")) else None
    return head


def sklearn_multiclass(mods, rows, y, lam):
    """(label, fn) for scikit-learn's multinomial fit of the same model
    (C = 1 / (2 lam) puts its penalty on minilogit's scale), or None."""
    np, sk = mods["numpy"], mods["sklearn.linear_model"]
    if np is None or sk is None:
        return None
    X, ya = np.array(rows, dtype=float), np.array(y)
    version = tuple(int(v) for v in sys.modules["sklearn"].__version__.split(".")[:2])
    # newton-cholesky fits the multinomial model from 1.6 on (one-vs-rest before)
    for solver in ("newton-cholesky", "lbfgs")[0 if version >= (1, 6) else 1:]:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sk.LogisticRegression(C=1.0 / (2.0 * lam), solver=solver, tol=1e-8,
                                      max_iter=1000).fit(X, ya)
        except Exception:   # this version cannot fit a multinomial model with it
            continue

        def fit(solver=solver):
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                return sk.LogisticRegression(C=1.0 / (2.0 * lam), solver=solver, tol=1e-8,
                                             max_iter=1000).fit(X, ya)
        return "sklearn LogisticRegression, %s, tol 1e-8" % solver, fit
    return None


def write_csv(path, rows, y):
    with open(path, "w") as f:
        f.write(",".join(["x%d" % j for j in range(len(rows[0]))] + ["y"]) + "\n")
        for r, v in zip(rows, y):
            f.write(",".join(repr(x) for x in r) + ",%d\n" % v)


def csv_reader_floats(path):
    """The floor of reading a CSV in pure Python: csv.reader and float() per cell."""
    import csv
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        rows = [[float(v) for v in r] for r in reader]
    return [r[:-1] for r in rows], [r[-1] for r in rows]


def run_ratios(cfg, mods, log):
    """Each ratio the median of per-round ratios, the contenders interleaved."""
    out = {"rounds": cfg.rounds, "newton": []}
    for name, N, p in cfg.ratio_sizes:
        rows, y = binary_data(N, p)
        # a sample of at least BATCH_S: one fit of the tiny data takes ~0.2 ms, too
        # short to time alone (each sample would be a cold start after gc.collect())
        reps = max(1, int(BATCH_S / max(timed(lambda: fit_lr(rows, y))[0], 1e-6)))
        res = race([("fit", quiet(lambda: batch(lambda: fit_lr(rows, y), reps))),
                    ("tuned", quiet(lambda: batch(lambda: tuned_newton(rows, y), reps)))],
                   cfg.rounds)
        model, (tuned_beta, tuned_iter, _) = res["fit"][2][-1], res["tuned"][2][-1]
        beta = [model.intercept_] + list(model.coef_)
        entry = {"size": name, "N": N, "p": p, "n_iter": model.n_iter_,
                 "tuned_n_iter": tuned_iter, "fits_per_sample": reps,
                 "fit_cpu_s": statistics.median(res["fit"][0]) / reps,
                 "tuned_cpu_s": statistics.median(res["tuned"][0]) / reps,
                 "fit_vs_tuned": median_ratio(res["fit"][0], res["tuned"][0]),
                 "max_abs_beta_diff": max(abs(u - v) for u, v in zip(beta, tuned_beta))}
        out["newton"].append(entry)
        log("  %-5s N=%-6d p=%-3d fit/tuned %.2f" % (name, N, p, entry["fit_vs_tuned"]))

    out["exact_test"] = run_exact_test(cfg, log)

    N, p, K = cfg.multiclass
    rows, y = multiclass_data(N, p, K)
    lam = 0.5
    mc = {"N": N, "p": p, "K": K, "lam": lam, "label": None, "fit_vs_sklearn": None}
    peer = sklearn_multiclass(mods, rows, y, lam)
    contestants = [("fit", quiet(lambda: minilogit.SoftmaxRegression(penalty="l2", lam=lam).fit(rows, y)))]
    if peer is not None:
        mc["label"] = peer[0]
        contestants.append(("sklearn", peer[1]))
    with BlasOneThread(mods):
        res = race(contestants, cfg.rounds)
    mc["fit_cpu_s"] = statistics.median(res["fit"][0])
    mc["n_iter"] = res["fit"][2][-1].n_iter_
    # The floor of the Hessians alone: K(K-1)/2 blocks of d(d+1)/2 sums over the rows each,
    # at every iteration after the first (at theta = 0 one block serves all)
    d = p + 1
    sums = K * (K - 1) // 2 * d * (d + 1) // 2 * (mc["n_iter"] - 1)
    u, v = [float(i % 7) for i in range(N)], [float(i % 5) for i in range(N)]
    mc["hessian_sums"] = sums
    mc["hessian_sums_cpu_s"] = sums * statistics.median(
        [timed(lambda: batch(lambda: sum(map(mul, u, v)), 200))[0] / 200 for _ in range(7)])
    if peer is not None:
        mc["sklearn_cpu_s"] = statistics.median(res["sklearn"][0])
        mc["fit_vs_sklearn"] = median_ratio(res["fit"][0], res["sklearn"][0])
    out["multiclass"] = mc
    log("  multiclass N=%d p=%d K=%d fit %s" % (N, p, K, fmt_t(mc["fit_cpu_s"])))

    from minilogit.datasets import load_csv, stream_csv
    N, p = cfg.csv_size
    rows, y = binary_data(N, p)
    fd, path = tempfile.mkstemp(suffix=".csv")
    os.close(fd)

    def epoch():        # one streaming SGD epoch over the file, read a line at a time
        return minilogit.LogisticRegression().fit_stream(
            lambda: stream_csv(path, target="y"), [0, 1], epochs=1)
    try:
        write_csv(path, rows, y)
        res = race([("load_csv", lambda: load_csv(path, target="y")),
                    ("reader", lambda: csv_reader_floats(path)),
                    ("stream_epoch", epoch)], cfg.rounds)
    finally:
        os.remove(path)
    out["csv"] = {"N": N, "p": p, "load_csv_cpu_s": statistics.median(res["load_csv"][0]),
                  "reader_cpu_s": statistics.median(res["reader"][0]),
                  "stream_epoch_cpu_s": statistics.median(res["stream_epoch"][0]),
                  "load_csv_vs_reader": median_ratio(res["load_csv"][0], res["reader"][0]),
                  "stream_epoch_vs_reader": median_ratio(res["stream_epoch"][0],
                                                         res["reader"][0])}
    log("  load_csv / csv.reader + float() %.2f; a streaming epoch / the same %.2f"
        % (out["csv"]["load_csv_vs_reader"], out["csv"]["stream_epoch_vs_reader"]))
    return out


def run_exact_test(cfg, log):
    """The cost of the check for quasi-separation after a fit (``Estimator._follow_up``):
    minilogit.LogisticRegression (which checks) against minilogit.core.LogisticRegression
    (which cannot), both Newton, on the fair-sized data changed two ways:

    - "near certainty": its first row moved far out on the side of its label (a margin
      near 40, not separated): the check is one pass along the last step, no linear
      program;
    - "quasi-separated": a 0/1 column that is 1 on a tenth of the rows of label 1: the
      exact test runs its linear programs (and the core's fit passes as converged)."""
    from minilogit.core import LogisticRegression as CoreLogisticRegression
    name, N, p = cfg.ratio_sizes[1]
    X, y = binary_data(N, p)
    side = 1.0 if y[0] == 1 else -1.0
    cases = {"near certainty": [[side * 40.0] + X[0][1:]] + X[1:],
             "quasi-separated": [r + [float(v == 1 and i % 10 == 0)]
                                 for i, (r, v) in enumerate(zip(X, y))]}
    out = {"N": N, "p": p}
    for label, rows in cases.items():
        res = race([("fit", quiet(lambda: minilogit.LogisticRegression().fit(rows, y))),
                    ("core", quiet(lambda: CoreLogisticRegression().fit(rows, y)))],
                   cfg.rounds)
        check = res["fit"][2][-1].separation_check_
        out[label] = {"kind": None if check is None else check.kind,
                      "fit_cpu_s": statistics.median(res["fit"][0]),
                      "core_cpu_s": statistics.median(res["core"][0]),
                      "fit_vs_core": median_ratio(res["fit"][0], res["core"][0])}
        log("  %s: the fit with the check / without it: %.2f" % (label,
                                                                out[label]["fit_vs_core"]))
    return out


def run_scaling(cfg, log):
    def points(sizes):
        out = []
        for N, p in sizes:
            rows, y = binary_data(N, p)
            runs = cfg.big_runs if N * p >= 200000 else cfg.runs
            rr = race([("minilogit", minilogit_solver_fn(rows, y)),
                       ("tuned", lambda: tuned_newton(rows, y))], runs)
            times = [o[1] for o in rr["minilogit"][2]]     # newton() alone, see run()
            res = rr["minilogit"][2][-1][0]
            tit = rr["tuned"][2][-1][1]
            t_med = statistics.median(times)
            out.append({"N": N, "p": p, "runs": len(times), "n_iter": res.n_iter,
                        "converged": res.converged and res.diagnosis is None,
                        "solver_cpu_s": t_med, "per_iter_s": t_med / res.n_iter,
                        "tuned_per_iter_s": statistics.median(rr["tuned"][0]) / tit,
                        "ratio_to_tuned": median_ratio(times, rr["tuned"][0])
                        * tit / res.n_iter})
            log("  N=%-6d p=%-3d %9.5f s/iter (%d iterations)"
                % (N, p, t_med / res.n_iter, res.n_iter))
        return out

    by_N = points([(N, cfg.N_grid_p) for N in cfg.N_grid])
    by_p = points([(cfg.p_grid_N, p) for p in cfg.p_grid])
    sN = {"p": cfg.N_grid_p, "points": by_N,
          "exponent": slope([e["N"] for e in by_N], [e["per_iter_s"] for e in by_N]),
          "tuned_exponent": slope([e["N"] for e in by_N], [e["tuned_per_iter_s"] for e in by_N])}
    sp = {"N": cfg.p_grid_N, "points": by_p,
          "exponent": slope([e["p"] for e in by_p], [e["per_iter_s"] for e in by_p]),
          "tuned_exponent": slope([e["p"] for e in by_p], [e["tuned_per_iter_s"] for e in by_p])}
    top = by_p[-3:]                    # where X'WX's p^2 term should dominate
    sp["exponent_top3"] = slope([e["p"] for e in top], [e["per_iter_s"] for e in top])
    sp["top3_p"] = [e["p"] for e in top]
    return {"N": sN, "p": sp}


def input_size_getsizeof(rows, y):
    """Bytes of the row lists, their floats, y and its entries (sys.getsizeof)."""
    total = sys.getsizeof(rows) + sys.getsizeof(y)
    for r in rows:
        total += sys.getsizeof(r) + sum(sys.getsizeof(v) for v in r)
    # 0/1 labels are the interpreter's cached small ints: nothing of their own
    return total


def run_memory(cfg, log):
    import tracemalloc            # here: PyPy has none, and runs this file's --newton-child
    out = []
    for N, p in cfg.memory_sizes:
        src, ysrc = binary_data(N, p)
        gc.collect()
        tracemalloc.start()
        base = tracemalloc.get_traced_memory()[0]
        rows = [[v + 0.0 for v in r] for r in src]      # a fresh copy: its own floats
        y = list(ysrc)
        input_bytes = tracemalloc.get_traced_memory()[0] - base
        entry = {"N": N, "p": p, "input_bytes": input_bytes,
                 "input_bytes_getsizeof": input_size_getsizeof(rows, y)}
        for name, fn in (("newton_fit", quiet(lambda: fit_lr(rows, y))),
                         ("tuned", lambda: tuned_newton(rows, y))):
            gc.collect()
            before = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            result = fn()
            peak = tracemalloc.get_traced_memory()[1]
            gc.collect()
            current = tracemalloc.get_traced_memory()[0]
            entry[name + "_peak_bytes"] = peak - before
            entry[name + "_retained_bytes"] = current - before
            entry[name + "_ratio"] = (peak - before) / input_bytes
            del result
        tracemalloc.stop()
        entry["ratio"] = entry["newton_fit_ratio"]
        entry["ratio_getsizeof"] = entry["newton_fit_peak_bytes"] / entry["input_bytes_getsizeof"]
        entry["target"] = TARGET_MEMORY
        entry["target_met"] = entry["ratio"] <= TARGET_MEMORY
        out.append(entry)
        log("  memory N=%-6d p=%-3d peak/input %.2f" % (N, p, entry["ratio"]))
    return out


# -- memory of large input: a frame, load_csv, the command line ------------------

BYTES_PER_FLOAT = 32    # a Python float (24 bytes) and its slot in a list (8)


def data_memory_child(case, N, p, path, traced):
    """``--data-memory-child CASE,N,p,PATH,TRACED``: in a fresh process, build
    the input (a pandas frame of N x p float64 columns, made column by column,
    as a user's frame is; or nothing, for a CSV) and then measure one call:
    ``LogisticRegression(max_iter=1).fit(frame, y)`` ("frame"),
    ``load_csv(PATH)`` ("load_csv") or ``main(["fit", PATH, "--max-iter", "1"])``
    ("cli"). Traced: tracemalloc's peak above what was allocated before the
    call, and what the call's result keeps; else the process's peak RSS
    (ru_maxrss) above its RSS before the call. Prints one JSON line."""
    import resource
    run = None
    if case == "frame":
        import numpy as np
        import pandas as pd
        rng = np.random.default_rng(1)
        X = pd.DataFrame(dict(("x%d" % j, rng.standard_normal(N)) for j in range(p)))
        y = (rng.random(N) < 1.0 / (1.0 + np.exp(-0.3 * X.to_numpy().sum(axis=1)))).astype(int)

        def run():
            return minilogit.LogisticRegression(max_iter=1).fit(X, y)
    elif case in ("load_csv", "load_csv_text"):
        from minilogit.datasets import load_csv

        def run():
            return load_csv(path)
    else:
        from minilogit.__main__ import main

        def run():
            with open(os.devnull, "w") as null:
                return main(["fit", path, "--target", "y", "--max-iter", "1", "--quiet"],
                            out=null, err=null)
    warnings.simplefilter("ignore")
    gc.collect()
    if traced:
        import tracemalloc
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
    else:
        with open("/proc/self/statm") as f:          # resident pages now
            before = int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    cpu = time.process_time()
    result = run()
    cpu = time.process_time() - cpu
    if traced:
        gc.collect()
        kept, peak = tracemalloc.get_traced_memory()
        out = {"peak_bytes": peak - before, "kept_bytes": kept - before}
    else:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024   # KB on Linux
        out = {"peak_bytes": peak - before}
    out["cpu_s"] = cpu
    del result
    print(json.dumps(out))
    return 0


def write_numeric_csv(path, N, p, seed=5, text=False):
    """An N x p CSV of standard normal features (repr, 17 digits) and a 0/1 label y;
    with ``text``, its last feature a colour (4 levels), which load_csv codes."""
    rows, y = binary_data(N, p, seed) if N <= 100000 else (None, None)
    rng = __import__("random").Random(seed)
    with open(path, "w") as f:
        f.write(",".join("x%d" % j for j in range(p)) + ",y\n")
        for i in range(N):
            x = rows[i] if rows else [rng.gauss(0.0, 1.0) for _ in range(p)]
            if text:
                x = x[:-1] + [("red", "green", "blue", "black")[i % 4]]
            f.write(",".join(map(str if text else repr, x)) + ",%d\n" % (y[i] if rows else rng.random() < 0.5))


def array_columns(N, runs=5):
    """A column held as a list of floats or as an array('d'): tracemalloc bytes
    per entry, and CPU seconds of the solvers' two kernels over it, a dot
    product (sum(map(mul, ...)), X'WX and X'r) and a comprehension (X beta's
    updates), the best of ``runs``."""
    import tracemalloc
    from array import array
    rng = __import__("random").Random(6)
    out = {"N": N}
    for name, make in (("list", list), ("array_d", lambda v: array("d", v))):
        values = [rng.gauss(0.0, 1.0) for _ in range(N)]
        gc.collect()
        tracemalloc.start()
        col, other = make([v + 0.0 for v in values]), make([v + 0.0 for v in values])
        size = tracemalloc.get_traced_memory()[0] / 2.0 / N        # each its own floats
        tracemalloc.stop()
        del values
        out[name] = {"bytes_per_entry": size,
                     "dot_s": min(timed(lambda: sum(map(mul, col, other)))[0] for _ in range(runs)),
                     "comprehension_s": min(timed(lambda: [v * 0.5 for v in col])[0]
                                            for _ in range(runs))}
    for key in ("dot_s", "comprehension_s"):
        out[key + "_ratio"] = out["array_d"][key] / out["list"][key]
    return out


def run_data_memory(N, p, csv_N, log):
    """Each case in two fresh children (tracemalloc; peak RSS), against one copy
    of the data as the solver holds it: N p floats in lists, 32 bytes each."""
    import subprocess

    def child(case, n, path, traced):
        spec = "%s,%d,%d,%s,%d" % (case, n, p, path, traced)
        proc = subprocess.run([sys.executable, os.path.abspath(__file__),
                               "--data-memory-child", spec],
                              capture_output=True, text=True, cwd=ROOT)
        if proc.returncode:
            log("  %s: %s" % (case, proc.stderr.strip().splitlines()[-1]))
            return None
        return json.loads(proc.stdout.strip().splitlines()[-1])

    out = {"p": p, "max_iter": 1, "array_columns": array_columns(min(N, 200000))}
    try:
        import numpy, pandas    # noqa: F401  (the frame case needs both)
        cases = [("frame", N)]
    except ImportError:
        cases = []
        log("  memory of a frame: numpy and pandas not importable here, skipped")
    path = os.path.join(tempfile.mkdtemp(prefix="minilogit-bench-"), "data.csv")
    write_numeric_csv(path, csv_N, p)
    text = path[:-4] + "-text.csv"
    write_numeric_csv(text, csv_N, p, text=True)
    out["csv_bytes"] = os.path.getsize(path)
    cases += [("load_csv", csv_N), ("cli", csv_N), ("load_csv_text", csv_N)]
    try:
        for case, n in cases:
            where = text if case == "load_csv_text" else path
            traced, rss = child(case, n, where, 1), child(case, n, where, 0)
            if traced is None or rss is None:
                continue
            copy = BYTES_PER_FLOAT * n * p
            e = {"N": n, "one_copy_bytes": copy, "traced": traced, "rss": rss,
                 "traced_ratio": traced["peak_bytes"] / copy, "rss_ratio": rss["peak_bytes"] / copy}
            out[case] = e
            log("  %-8s %7d x %d: tracemalloc peak %.2fx one copy, RSS %.2fx"
                % (case, n, p, e["traced_ratio"], e["rss_ratio"]))
        dataset = out.get("load_csv", {}).get("traced", {}).get("kept_bytes")
        for case in ("load_csv", "cli"):
            if dataset and case in out:
                out[case]["traced_vs_dataset"] = out[case]["traced"]["peak_bytes"] / dataset
                out[case]["rss_vs_dataset"] = out[case]["rss"]["peak_bytes"] / dataset
        out["dataset_bytes"] = dataset
        e = out.get("load_csv_text")
        if e:
            e["traced_vs_dataset"] = e["traced"]["peak_bytes"] / e["traced"]["kept_bytes"]
            e["rss_vs_dataset"] = e["rss"]["peak_bytes"] / e["traced"]["kept_bytes"]
    finally:
        os.remove(text)
        os.remove(path)
        os.rmdir(os.path.dirname(path))
    return out


def print_data_memory(d, w):
    w("\nMemory of large input: each case in a fresh process, max_iter=1 (the peak up to the "
      "end of the first iteration), against one copy of the data as the solver holds it "
      "(N p floats in lists, %d bytes each); tracemalloc peak / process peak RSS, each above "
      "the process before the call (for the frame: above the frame)\n" % BYTES_PER_FLOAT)
    a = d["array_columns"]
    w("  a column of %d as array('d') / as a list of floats: %.1f / %.1f bytes an entry; "
      "CPU time of a dot product %.2fx, of a comprehension %.2fx\n"
      % (a["N"], a["array_d"]["bytes_per_entry"], a["list"]["bytes_per_entry"],
         a["dot_s_ratio"], a["comprehension_s_ratio"]))
    if d.get("dataset_bytes"):
        w("  the CSV: %.0f MB; the Dataset load_csv returns: %.0f MB (tracemalloc)\n"
          % (d["csv_bytes"] / 1e6, d["dataset_bytes"] / 1e6))
    for case, what in (("frame", "LogisticRegression(max_iter=1).fit(frame, y)"),
                       ("load_csv", "load_csv(path)"),
                       ("load_csv_text", "load_csv(path), its last feature text"),
                       ("cli", "python -m minilogit fit path --max-iter 1")):
        e = d.get(case)
        if e is None:
            w("  %s: not measured\n" % what)
            continue
        w("  %-46s %7d x %d, one copy %5.0f MB: tracemalloc %5.0f MB = %.2fx, RSS %5.0f MB = "
          "%.2fx%s (%.1f CPU s)\n"
          % (what, e["N"], d["p"], e["one_copy_bytes"] / 1e6, e["traced"]["peak_bytes"] / 1e6,
             e["traced_ratio"], e["rss"]["peak_bytes"] / 1e6, e["rss_ratio"],
             "; / the Dataset: %.2fx, %.2fx" % (e["traced_vs_dataset"], e["rss_vs_dataset"])
             if "traced_vs_dataset" in e else "", e["rss"]["cpu_s"]))


def run_profile(cfg):
    import cProfile
    import pstats
    rows, y = binary_data(*cfg.head)
    prof = cProfile.Profile()
    quiet(lambda: prof.runcall(fit_lr, rows, y))()
    st = pstats.Stats(prof)
    total = st.total_tt
    top = sorted(st.stats.items(), key=lambda kv: -kv[1][2])[:15]
    rows_out = [{"function": "%s:%d(%s)" % (os.path.relpath(k[0], ROOT) if k[0].startswith(ROOT)
                                           else k[0], k[1], k[2]),
                 "ncalls": v[1], "tottime_s": v[2], "cumtime_s": v[3]} for k, v in top]
    phases = {}
    for name in ("check_X", "check_binary_labels", "design", "newton", "_set_inference",
                 "value", "gradient", "hessian", "weighted_gram", "_fit_at", "diagnose",
                 "solve", "__matmul__", "__rmatmul__", "__init__"):
        ct = [v[3] for k, v in st.stats.items()
              if k[2] == name and k[0].startswith(os.path.join(ROOT, "minilogit"))]
        if ct:
            phases[name] = sum(ct) if name not in ("__init__",) else max(ct)
    return {"total_s": total, "top_tottime": rows_out, "cumulative_by_function": phases,
            "phases": phase_times(cfg)}


def phase_times(cfg):
    """The stages of LogisticRegression.fit timed one by one, without a profiler
    (``stage_times`` at the headline size)."""
    return stage_times(*binary_data(*cfg.head), runs=cfg.runs)


def stage_times(rows, y, runs, warmup=1):
    """Median CPU seconds of each stage of LogisticRegression.fit on (rows, y),
    timed one by one over ``runs`` rounds after ``warmup`` rounds.

    Uses the package's internal helpers (validation, design, the solver, the
    Hessian inverse of the inference step); returns None if they moved.
    """
    try:
        from minilogit.core.checks import design
        from minilogit.core.checks import check_binary_labels, check_X
    except ImportError:
        return None
    state = {}

    def stage_check():
        state["rows"] = check_X(rows)
        state["y01"] = check_binary_labels(y, len(rows))[1]

    def stage_design():
        state["X1"] = design(state["rows"], True)

    def stage_solve():
        loss = LogisticLoss(state["X1"], state["y01"])
        state["loss"] = loss
        state["res"] = newton_solver(loss, [0.0] * state["X1"].shape[1])

    def stage_inference():
        state["loss"].hessian(state["res"].beta).inverse()

    stages = [("check_X + labels", stage_check), ("design matrix", stage_design),
              ("newton() incl. transpose", stage_solve),
              ("inference: Hessian + inverse", stage_inference)]
    out = dict((name, []) for name, _ in stages)
    for _ in range(runs + warmup):
        for name, fn in stages:
            c, _, _ = timed(fn)
            out[name].append(c)
    return dict((name, statistics.median(v[warmup:])) for name, v in out.items())


def write_large_csv(path, N, p, seed=7, chunk=10000):
    """An N x p CSV of binary_data's model, written a chunk of rows at a time
    (never all held: N may be millions)."""
    rng = Random(seed)
    c = unit_coefficients(p, Random(seed + 1000))
    with open(path, "w") as f:
        f.write(",".join(["x%d" % j for j in range(p)] + ["y"]) + "\n")
        for start in range(0, N, chunk):
            n = min(chunk, N - start)
            flat = normals(rng, n * p)
            lines = []
            for i in range(n):
                r = flat[i * p:(i + 1) * p]
                label = 1 if rng.random() < sigmoid(0.3 + sum(map(mul, r, c))) else 0
                lines.append(",".join(map(repr, r)) + ",%d\n" % label)
            f.write("".join(lines))


def csv_parse_floats(path):
    """A bare parse of a CSV that holds nothing: csv.reader and float() per
    cell, each row dropped once parsed (the floor of a streaming pass)."""
    import csv
    n = 0
    with open(path, newline="") as f:
        reader = csv.reader(f)
        next(reader)
        for r in reader:
            [float(v) for v in r]
            n += 1
    return n


def run_stream_rows(N, rounds, log, p=8):
    """``--stream-rows N``: one fit_stream epoch over an N x p CSV against a
    bare parse of the same file, interleaved; prints the median ratio."""
    from minilogit.datasets import stream_csv
    fd, path = tempfile.mkstemp(suffix=".csv")
    os.close(fd)

    def epoch():
        return minilogit.LogisticRegression().fit_stream(
            lambda: stream_csv(path, target="y"), [0, 1], epochs=1)
    try:
        log("writing %d x %d ..." % (N, p))
        write_large_csv(path, N, p)
        size = os.path.getsize(path)
        log("timing %d interleaved rounds ..." % rounds)
        res = race([("stream_epoch", epoch), ("parse", lambda: csv_parse_floats(path))],
                   rounds)
    finally:
        os.remove(path)
    ep, pa = res["stream_epoch"][0], res["parse"][0]
    R = {"N": N, "p": p, "file_bytes": size, "rounds": len(ep),
         "stream_epoch_cpu_s": statistics.median(ep), "parse_cpu_s": statistics.median(pa),
         "stream_epoch_vs_parse": median_ratio(ep, pa), "target": 2.0}
    sys.stdout.write("a fit_stream SGD epoch over a %d x %d CSV (%.0f MB) / a bare parse "
                     "(csv.reader + float(), rows dropped): %.2f   (%s vs %s; medians of %d "
                     "interleaved rounds, CPU seconds); target <= 2: %s\n"
                     % (N, p + 1, size / 1e6, R["stream_epoch_vs_parse"],
                        fmt_t(R["stream_epoch_cpu_s"]), fmt_t(R["parse_cpu_s"]), R["rounds"],
                        "met" if R["stream_epoch_vs_parse"] <= 2.0 else "NOT met"))
    return 0


# -- whole processes: a small CSV fit; other interpreters ---------------------------

SMALL_CSV = (100, 3)        # rows, features of the whole-process race's CSV (+ the label)

# Each script fits the CSV named by sys.argv[1] and prints what a user reads.
PROCESS_SCRIPTS = {
    "minilogit": (
        "minilogit LogisticRegression().fit(), newton, tol 1e-8 x N (gradient); "
        "load_csv; print(summary())",
        "import sys\n"
        "from minilogit import LogisticRegression\n"
        "from minilogit.datasets import load_csv\n"
        "d = load_csv(sys.argv[1], target='y')\n"
        "m = LogisticRegression().fit(d.data, d.target)\n"
        "print(m.summary(feature_names=d.feature_names))\n"),
    "statsmodels": (
        "statsmodels Logit.fit(), newton, tol 1e-8 (step); pandas.read_csv; "
        "print(summary())",
        "import sys\n"
        "import pandas as pd\n"
        "import statsmodels.api as sm\n"
        "df = pd.read_csv(sys.argv[1])\n"
        "r = sm.Logit(df['y'], sm.add_constant(df.drop(columns='y'))).fit(disp=0)\n"
        "print(r.summary())\n"),
    "sklearn": (
        "sklearn LogisticRegression (no penalty), lbfgs, tol 1e-4; pandas.read_csv; "
        "print(intercept_, coef_)",
        "import sys\n"
        "import inspect\n"
        "import pandas as pd\n"
        "from sklearn.linear_model import LogisticRegression\n"
        "df = pd.read_csv(sys.argv[1])\n"
        "default = inspect.signature(LogisticRegression).parameters['penalty'].default\n"
        "kw = {'C': float('inf')} if default == 'deprecated' else {'penalty': None}\n"
        "m = LogisticRegression(max_iter=1000, **kw).fit(df.drop(columns='y'), df['y'])\n"
        "print(m.intercept_, m.coef_)\n"),
}


def child_env(path_first=None):
    """The environment of a timed child: this one, with bytecode writing on
    (PYTHONDONTWRITEBYTECODE would make every run compile minilogit afresh: the
    warm-up run caches it, as an installed package has it), BLAS and OpenMP on
    one thread, and ``path_first`` ahead on PYTHONPATH."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        env[name] = "1"
    if path_first:
        env["PYTHONPATH"] = os.pathsep.join([path_first] + [v for v in [env.get("PYTHONPATH")]
                                                            if v])
    return env


def run_child(argv, env):
    """Run argv to its end; return (CPU seconds of the child, wall seconds, stdout).

    The CPU seconds, user + system of the child and its threads, come from
    resource.getrusage(RUSAGE_CHILDREN) before and after; where there is no
    resource module (Windows) they are None and only the wall time is kept.
    """
    import subprocess
    try:
        import resource
    except ImportError:
        resource = None

    def children_cpu():
        if resource is None:
            return None
        u = resource.getrusage(resource.RUSAGE_CHILDREN)
        return u.ru_utime + u.ru_stime
    c0, w0 = children_cpu(), time.perf_counter()
    proc = subprocess.run(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)
    w1, c1 = time.perf_counter(), children_cpu()
    if proc.returncode != 0:
        raise RuntimeError("%s failed:\n%s" % (" ".join(argv), proc.stderr[-2000:]))
    return (None if c0 is None else c1 - c0), w1 - w0, proc.stdout


def importable(name):
    """Whether this interpreter can import the module ``name`` (not importing it)."""
    import importlib.util
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def interpreter():
    """This interpreter's own binary, never a shim (pyenv's adds 70-120 ms to
    each start): sys.executable with its links resolved, except in a virtual
    environment, whose link is how the interpreter finds the environment."""
    if getattr(sys, "base_prefix", sys.prefix) != sys.prefix:
        return sys.executable
    return os.path.realpath(sys.executable)


def run_process_race(cfg, mods, log):
    """Whole processes, each a fresh interpreter that fits a small CSV and
    prints the result (PROCESS_SCRIPTS), raced in interleaved rounds after a
    warm-up round; each ratio the median of the per-round ratios peer / minilogit."""
    N, p = SMALL_CSV
    rows, y = binary_data(N, p)
    names = ["minilogit"]
    if mods["statsmodels.api"] is not None:
        names.append("statsmodels")
    if mods["sklearn.linear_model"] is not None and importable("pandas"):
        names.append("sklearn")
    exe = interpreter()
    tmp = tempfile.mkdtemp(prefix="minilogit-bench-")
    path = os.path.join(tmp, "small.csv")
    times = dict((name, ([], [])) for name in names)
    failed = {}
    try:
        write_csv(path, rows, y)
        argvs = {}
        for name in names:
            script = os.path.join(tmp, name + "_fit.py")
            with open(script, "w") as f:
                f.write(PROCESS_SCRIPTS[name][1])
            argvs[name] = [exe, script, path]
        envs = {"minilogit": child_env(ROOT)}
        for name in list(names):
            envs.setdefault(name, child_env())
            try:                                 # warm-up: bytecode written, files cached
                run_child(argvs[name], envs[name])
            except RuntimeError as e:            # a peer that imports but cannot run: left out
                if name == "minilogit":
                    raise
                failed[name] = str(e).splitlines()[-1][:200]
                names.remove(name)
                log("  %s failed, left out: %s" % (name, failed[name]))
        for _ in range(cfg.process_rounds):
            for name in names:
                cpu, wall, out = run_child(argvs[name], envs[name])
                times[name][0].append(cpu)
                times[name][1].append(wall)
    finally:
        for name in os.listdir(tmp):
            os.remove(os.path.join(tmp, name))
        os.rmdir(tmp)
    cpu_ok = times["minilogit"][0][0] is not None
    out = {"N": N, "p": p, "rounds": cfg.process_rounds, "interpreter": exe,
           "timer": "getrusage(RUSAGE_CHILDREN): user + system CPU of the child"
           if cpu_ok else "wall seconds (no resource module)", "target": TARGET_PROCESS,
           "failed": failed}
    for name in ("minilogit", "statsmodels", "sklearn"):
        if name not in names:
            out[name] = None
            continue
        cpus, walls = times[name]
        e = {"label": PROCESS_SCRIPTS[name][0], "wall_s": statistics.median(walls),
             "cpu_s": statistics.median(cpus) if cpu_ok else None}
        if name != "minilogit":
            e["wall_ratio"] = median_ratio(walls, times["minilogit"][1])
            e["cpu_ratio"] = median_ratio(cpus, times["minilogit"][0]) if cpu_ok else None
            e["ratio"] = e["cpu_ratio"] if cpu_ok else e["wall_ratio"]
            e["target_met"] = e["ratio"] >= TARGET_PROCESS
        out[name] = e
        log("  %-11s %s CPU, %s wall%s" % (name, fmt_t(e["cpu_s"]), fmt_t(e["wall_s"]),
                                           ", %.1fx minilogit's" % e["ratio"]
                                           if "ratio" in e else ""))
    return out


def newton_child(spec):
    """``--newton-child N,p,warmup,fits``: in this interpreter, fit the "fair"
    data (binary_data(N, p)) warmup + fits times and time the stages of the fit
    warmup + fits times; print one JSON line: CPU seconds, medians of the timed."""
    N, p, warmup, fits = [int(v) for v in spec.split(",")]
    rows, y = binary_data(N, p)
    fit = quiet(lambda: fit_lr(rows, y))
    times = []
    for i in range(warmup + fits):
        c, _, model = timed(fit)
        times.append(c)
    stages = stage_times(rows, y, runs=fits, warmup=warmup)
    gc.disable()            # the collector's share: the same fits with it off
    try:
        nogc = [timed(fit)[0] for _ in range(fits)]
    finally:
        gc.enable()
    # the two float kernels under X'WX and the gradient, over a column of N
    col, w = [r[0] for r in rows], [0.25] * N
    kernels = {}
    for name, fn in (("sum", lambda: sum(col)), ("dot", lambda: sum(map(mul, w, col)))):
        t = []
        for _ in range(warmup + fits):
            c0 = time.perf_counter()
            for _ in range(20):
                fn()
            t.append((time.perf_counter() - c0) / 20)
        kernels[name] = statistics.median(t[warmup:])
    sys.stdout.write(json.dumps({
        "implementation": platform.python_implementation(),
        "version": platform.python_version(), "fit_cpu_s": statistics.median(times[warmup:]),
        "fit_times": times, "fit_nogc_cpu_s": statistics.median(nogc), "n_iter": model.n_iter_,
        "stages": stages, "kernels": kernels}) + "\n")
    return 0


def find_pythons(spec):
    """The interpreters to race: this one first, then ``spec``'s (comma-separated
    commands or paths), or for "auto" pypy3 on PATH and CPython 3.11 and 3.13; a
    command is pyenv's binary of that name where there is one (not its shim, which
    may refuse a version pyenv has not selected), else the PATH's; each once."""
    import glob
    import shutil
    found = [interpreter()]
    if spec == "auto":
        names = ["pypy3", "python3.11", "python3.13"]
    else:
        names = [v.strip() for v in spec.split(",") if v.strip()]
    for name in names:
        pyenv = [] if os.sep in name else sorted(
            glob.glob(os.path.expanduser("~/.pyenv/versions/*/bin/" + name)))
        exe = pyenv[-1] if pyenv else shutil.which(name)
        if exe and os.path.realpath(exe) not in [os.path.realpath(v) for v in found]:
            found.append(exe)
    return found


def run_interpreters(cfg, pythons, log):
    """The "fair" Newton fit, warm, in each interpreter's own process: rounds of
    one child per interpreter in turn; each child's median, and the median
    over rounds of (this interpreter's time / the other's)."""
    N, p = cfg.ratio_sizes[1][1:]
    spec = "%d,%d,%d,%d" % (N, p, cfg.interp_warmup, cfg.interp_fits)
    env = child_env()
    res = dict((exe, []) for exe in pythons)
    for _ in range(cfg.interp_rounds):
        for exe in pythons:
            try:
                _, _, out = run_child([exe, os.path.abspath(__file__), "--newton-child", spec],
                                      env)
                res[exe].append(json.loads(out.strip().splitlines()[-1]))
            except (OSError, RuntimeError, ValueError) as e:
                log("  %s: no run (%s)" % (exe, (str(e).strip().splitlines() or ["?"])[-1][:160]))
                res[exe].append(None)
    base = res[pythons[0]]
    out = {"N": N, "p": p, "rounds": cfg.interp_rounds, "warmup_fits": cfg.interp_warmup,
           "timed_fits": cfg.interp_fits, "target_pypy": TARGET_PYPY, "interpreters": []}
    for exe in pythons:
        runs = [r for r in res[exe] if r is not None]
        if not runs:
            out["interpreters"].append({"exe": exe, "ok": False})
            continue
        pairs = [(b["fit_cpu_s"], r["fit_cpu_s"]) for b, r in zip(base, res[exe])
                 if b is not None and r is not None]
        stage_names = list(runs[0]["stages"] or {})
        e = {"exe": exe, "ok": True, "implementation": runs[0]["implementation"],
             "version": runs[0]["version"], "n_iter": runs[0]["n_iter"],
             "fit_cpu_s": statistics.median([r["fit_cpu_s"] for r in runs]),
             "fit_nogc_cpu_s": statistics.median([r["fit_nogc_cpu_s"] for r in runs]),
             "speedup": statistics.median([b / r for b, r in pairs]) if pairs else None,
             "stages": dict((k, statistics.median([r["stages"][k] for r in runs]))
                            for k in stage_names),
             "kernels": dict((k, statistics.median([r["kernels"][k] for r in runs]))
                             for k in ("sum", "dot"))}
        out["interpreters"].append(e)
        log("  %-7s %-7s fit %s, this one's time / its %.2f"
            % (e["implementation"], e["version"], fmt_t(e["fit_cpu_s"]), e["speedup"] or 0))
    first = out["interpreters"][0]
    pypy = [e for e in out["interpreters"][1:] if e.get("implementation") == "PyPy"]
    out["pypy_speedup"] = (pypy[0]["speedup"] if pypy and first.get("implementation")
                           == "CPython" else None)
    return out


# -- output ---------------------------------------------------------------------

def fmt_t(s):
    if s is None:
        return "-"
    if s >= 1.0:
        return "%.3f s" % s
    if s >= 1e-3:
        return "%.2f ms" % (s * 1e3)
    return "%.1f us" % (s * 1e6)


def print_processes(P, w):
    """The whole-process race's lines of the report."""
    ml = P["minilogit"]
    w("\nWhole processes: a fresh interpreter reads a %d x %d CSV, fits, prints; %s;\n"
      "  medians of %d interleaved rounds after a warm-up run (bytecode cached), %s\n"
      % (P["N"], P["p"] + 1, P["interpreter"], P["rounds"],
         P["timer"]))
    w("  %-12s %10s %10s %9s %9s  %s\n" % ("", "CPU", "wall", "peer/this", "(wall)",
                                          "what it runs"))
    w("  %-12s %10s %10s %9s %9s  %s\n" % ("minilogit", fmt_t(ml["cpu_s"]), fmt_t(ml["wall_s"]),
                                          "", "", ml["label"]))
    for name in ("statsmodels", "sklearn"):
        e = P[name]
        if e is None:
            w("  %-12s %s\n" % (name, "(failed: %s)" % P["failed"][name] if name in P["failed"]
                                else "(not importable with pandas by this Python: skipped)"))
            continue
        w("  %-12s %10s %10s %9s %9.1f  %s\n"
          % (name, fmt_t(e["cpu_s"]), fmt_t(e["wall_s"]),
             "%.1f" % e["cpu_ratio"] if e["cpu_ratio"] is not None else "-", e["wall_ratio"],
             e["label"]))
    peers = [n for n in ("statsmodels", "sklearn") if P[n] is not None]
    if peers:
        w("  target: minilogit at least %.0fx faster than each: %s\n"
          % (P["target"], ", ".join("%s %s (%.1fx)" % (n, "met" if P[n]["target_met"]
                                                     else "NOT met", P[n]["ratio"])
                                    for n in peers)))


def print_interpreters(I, m, w):
    """The other interpreters' lines of the report."""
    if I is None:
        w("\nOther interpreters: none found or asked for (--pythons), or --no-compare\n")
        return
    w("\nThe fair Newton fit (%d x %d) warm in each interpreter's own process: median "
      "CPU seconds of %d fits after %d warm-up fits;\n  %d round(s), the interpreters in "
      "turn; speed-up = the first one's time / this one's (median over rounds); gc off: the\n"
      "  fit with the garbage collector disabled; then the fit's stages, each timed alone "
      "after a gc.collect()\n  (inference: the Hessian's inverse that summary() computes, "
      "not part of fit());\n  sum(col), dot: sum() of a column of N floats and "
      "sum(map(mul, w, col)), the kernels of X'WX and the gradient (wall seconds)\n"
      % (I["N"], I["p"], I["timed_fits"], I["warmup_fits"], I["rounds"]))
    ok = [e for e in I["interpreters"] if e["ok"]]
    stages = list(ok[0]["stages"]) if ok and ok[0]["stages"] else []
    w("  %-16s %9s %8s %9s" % ("interpreter", "fit", "speed-up", "gc off")
      + "".join(" %10s" % k.split(" ")[0].rstrip(":") for k in stages)
      + " %9s %9s\n" % ("sum(col)", "dot"))
    for e in I["interpreters"]:
        if not e["ok"]:
            w("  %-16s (did not run)\n" % os.path.basename(e["exe"]))
            continue
        w("  %-16s %9s %8s %9s" % ("%s %s" % (e["implementation"], e["version"]),
                                   fmt_t(e["fit_cpu_s"]),
                                   "-" if e["speedup"] is None else "%.2f" % e["speedup"],
                                     fmt_t(e["fit_nogc_cpu_s"]))
          + "".join(" %10s" % fmt_t(e["stages"].get(k)) for k in stages)
          + " %9s %9s\n" % (fmt_t(e["kernels"]["sum"]), fmt_t(e["kernels"]["dot"])))
    if I["pypy_speedup"] is not None:
        w("  target: PyPy at least %.0fx faster than %s %s: %s (%.2fx)\n"
          % (I["target_pypy"], ok[0]["implementation"], ok[0]["version"],
             "met" if I["pypy_speedup"] >= I["target_pypy"] else "NOT met",
             I["pypy_speedup"]))


def print_report(R, out=sys.stdout):
    w = out.write
    m = R["meta"]
    w("\nminilogit benchmark: %s %s on %s, %s CPUs%s\n"
      % (m["python_implementation"], m["python_version"], m["platform"], m["cpus"],
         " (--quick)" if m["quick"] else ""))
    w("Times are CPU seconds of this process (time.process_time), medians of the runs shown;\n"
      "data: seeded synthetic, x ~ N(0, I), y ~ Bernoulli(sigma(0.3 + x'c)), sd(x'c) = 1.\n")
    w("comparisons: %s\n\n" % (", ".join("%s %s" % (k, v) for k, v in m["comparisons"].items()
                                        if v) or "none importable (numpy, statsmodels, "
                                                 "scikit-learn), skipped"))

    w("%-38s %7s %4s %5s %11s %11s %6s %s\n"
      % ("case", "N", "p", "runs", "median", "per iter", "iters", "converged"))
    for c in R["cases"]:
        w("%-38s %7d %4d %5d %11s %11s %6s %s\n"
          % (c["name"], c["N"], c["p"], c["runs"], fmt_t(c["cpu_s"]), fmt_t(c["per_iter_s"]),
             c["n_iter"] if c["n_iter"] is not None else "-", c["converged"]))
    for e in R["inverse"]:
        w("%-38s %7s %4s %5d %11s %11s %6s %s\n"
          % ("Matrix(n x n).inverse(), n=%d" % e["n"], "-", "-", e["runs"], fmt_t(e["cpu_s"]),
             "-", "-", "max|AA^-1 - I| %.1e%s" % (e["max_residual"],
                                                 "; numpy %s" % fmt_t(e["numpy_cpu_s"])
                                                 if e["numpy_cpu_s"] is not None else "")))

    h = R["headline"]
    w("\nNewton at N = %d, p = %d (d = %d columns with the intercept); medians of %d "
      "interleaved rounds\n" % (h["N"], h["p"], h["d"], h["rounds"]))
    w("%-44s %10s %10s %5s %21s %9s\n" % ("", "per fit", "per iter", "iters",
                                             "min - max per fit", "fit/this"))
    rows = [("minilogit LogisticRegression().fit()", h["minilogit_fit"], 1.0),
            ("minilogit newton() on a built objective", h["minilogit_solver"],
             h["ratios"]["fit_vs_solver"]),
            ("tuned pure Python (yardstick)", h["tuned"], h["ratios"]["fit_vs_tuned"]),
            ("naive triple loops", h["naive"], h["ratios"]["fit_vs_naive"])]
    for label, s, r in rows:
        w("%-44s %10s %10s %5d %21s %9.2f\n"
          % (label, fmt_t(s["cpu_s"]), fmt_t(s["per_iter_s"]), s["n_iter"],
             fmt_t(s["min_cpu_s"]) + " - " + fmt_t(s["max_cpu_s"]), r))
    for name in ("numpy", "statsmodels", "sklearn"):
        c = h["comparisons"].get(name)
        if c is None:
            w("%-44s %10s\n" % (name, "(not importable: skipped)"))
        else:
            w("%-44s %10s %10s %5d %21s %9.1f\n" % (c["label"][:44], fmt_t(c["cpu_s"]),
                                                    fmt_t(c["cpu_s"] / c["n_iter"])
                                                    if c["n_iter"] else "-",
                                                    c["n_iter"], "", c["minilogit_ratio"]))
    if any(h["comparisons"].get(n) for n in ("numpy", "statsmodels", "sklearn")):
        w("(libraries timed on arrays already built, BLAS %s; their rows interleaved with "
          "minilogit's fit in rounds of their own)\n"
          % ("limited to 1 thread" if h["blas_threads"] == 1 else "threads as they come"))
    r = h["ratios"]
    w("ratios (median of per-round ratios): fit / tuned %.2f, newton() / tuned %.2f, per "
      "iteration / tuned %.2f;\n  fit / naive %.2f, newton() / naive %.2f, per iteration / "
      "naive %.2f\n" % (r["fit_vs_tuned"], r["solver_vs_tuned"], r["per_iter_vs_tuned"],
                        r["fit_vs_naive"], r["solver_vs_naive"], r["per_iter_vs_naive"]))
    w("target: minilogit's Newton fit within %.1fx of the tuned kernel: %s (%.2fx)\n"
      % (h["target_ratio"], "met" if h["target_met"] else "NOT met", r["fit_vs_tuned"]))
    w("same answer: max |beta - beta_tuned| %.1e, max |beta - beta_naive| %.1e\n"
      % (h["max_abs_beta_diff"]["tuned"], h["max_abs_beta_diff"]["naive"]))
    k = h["xtwx"]
    w("X'WX kernel alone, N d(d+1)/2 = %d multiply-adds per Hessian, medians of %d "
      "interleaved rounds:\n  minilogit weighted_gram %s = %.1f M madd/s; tuned %s = %.1f "
      "M/s (minilogit/tuned %.2f); naive %s = %.1f M/s (minilogit/naive %.2f)\n"
      % (k["madds_per_hessian"], k["rounds"], fmt_t(k["minilogit"]["cpu_s"]),
         k["minilogit"]["madds_per_s"] / 1e6, fmt_t(k["tuned"]["cpu_s"]),
         k["tuned"]["madds_per_s"] / 1e6, k["tuned"]["minilogit_ratio"],
         fmt_t(k["naive"]["cpu_s"]), k["naive"]["madds_per_s"] / 1e6,
         k["naive"]["minilogit_ratio"]))

    w("\nMemory (tracemalloc): peak allocated by the fit / input size (row lists of floats "
      "+ y, traced while built)\n")
    for e in R["memory"]:
        w("  N=%-6d p=%-3d input %8.2f MB (getsizeof %.2f MB); Newton fit peak %7.2f MB = "
          "%.2fx (getsizeof basis %.2fx), kept after fit %.2f MB; tuned kernel %.2fx  %s\n"
          % (e["N"], e["p"], e["input_bytes"] / 1e6, e["input_bytes_getsizeof"] / 1e6,
             e["newton_fit_peak_bytes"] / 1e6, e["ratio"], e["ratio_getsizeof"],
             e["newton_fit_retained_bytes"] / 1e6, e["tuned_ratio"],
             "target <= %.0fx %s" % (e["target"], "met" if e["target_met"] else "NOT met")))
    if R.get("data_memory"):
        print_data_memory(R["data_memory"], w)

    q = R["ratios"]
    w("\nRatios, each the median of %d per-round ratios (contenders interleaved)\n"
      % q["rounds"])
    for e in q["newton"]:
        w("  Newton fit / tuned pure-Python Newton, %-5s %5d x %-3d %6.2f   (%s vs %s; "
          "%d vs %d iterations, max |beta diff| %.1e; %d fit(s) a sample)\n"
          % (e["size"], e["N"], e["p"], e["fit_vs_tuned"], fmt_t(e["fit_cpu_s"]),
             fmt_t(e["tuned_cpu_s"]), e["n_iter"], e["tuned_n_iter"], e["max_abs_beta_diff"],
             e["fits_per_sample"]))
    x = q["exact_test"]
    for label in ("near certainty", "quasi-separated"):
        e = x[label]
        w("  a Newton fit, %d x %d, %s: with the check for quasi-separation / without it "
          "(the core class): %.2f   (%s vs %s; the exact test %s)\n"
          % (x["N"], x["p"] + (label == "quasi-separated"), label, e["fit_vs_core"],
             fmt_t(e["fit_cpu_s"]), fmt_t(e["core_cpu_s"]),
             "not run" if e["kind"] is None else "says %r" % e["kind"]))
    mc = q["multiclass"]
    w("  SoftmaxRegression(penalty='l2', lam=%g) Newton, %d x %d, K = %d: %s, %d iterations; %s\n"
      % (mc["lam"], mc["N"], mc["p"], mc["K"], fmt_t(mc["fit_cpu_s"]), mc["n_iter"],
         "/ %s (%s): %.2f" % (mc["label"], fmt_t(mc["sklearn_cpu_s"]), mc["fit_vs_sklearn"])
         if mc["fit_vs_sklearn"] is not None else "scikit-learn not importable: no ratio"))
    w("    its Hessians' %d sums of %d products alone (sum(map(mul, ...))): %s%s\n"
      % (mc["hessian_sums"], mc["N"], fmt_t(mc["hessian_sums_cpu_s"]),
         " = %.2f scikit-learn fits" % (mc["hessian_sums_cpu_s"] / mc["sklearn_cpu_s"])
         if mc["fit_vs_sklearn"] is not None else ""))
    c = q["csv"]
    w("  load_csv / (csv.reader + float()), %d x %d: %.2f   (%s vs %s)\n"
      % (c["N"], c["p"] + 1, c["load_csv_vs_reader"], fmt_t(c["load_csv_cpu_s"]),
         fmt_t(c["reader_cpu_s"])))
    w("  a fit_stream SGD epoch over the same file / (csv.reader + float()): %.2f   (%s)\n"
      % (c["stream_epoch_vs_reader"], fmt_t(c["stream_epoch_cpu_s"])))
    e = R["memory"][0]
    w("  peak memory of a Newton fit / its input, %d x %d: %.2f (see Memory below)\n"
      % (e["N"], e["p"], e["ratio"]))
    print_processes(R["processes"], w)
    print_interpreters(R.get("interpreters"), m, w)

    s = R["scaling"]
    w("\nScaling of Newton's time per iteration (minilogit newton() on a built objective)\n")
    w("  %7s %4s %5s %6s %11s %11s %8s\n" % ("N", "p", "runs", "iters", "per iter",
                                            "tuned", "ratio"))
    for e in s["N"]["points"] + s["p"]["points"]:
        w("  %7d %4d %5d %6d %11s %11s %8.2f\n" % (e["N"], e["p"], e["runs"], e["n_iter"],
                                                  fmt_t(e["per_iter_s"]),
                                                  fmt_t(e["tuned_per_iter_s"]),
                                                  e["ratio_to_tuned"]))
    w("  exponent in N (p = %d): %.2f (tuned %.2f); expected about 1\n"
      % (s["N"]["p"], s["N"]["exponent"], s["N"]["tuned_exponent"]))
    w("  exponent in p (N = %d): %.2f over p = %s (tuned %.2f)%s; expected about 2 where "
      "X'WX dominates\n" % (s["p"]["N"], s["p"]["exponent"],
                            "..".join(str(v) for v in (s["p"]["points"][0]["p"],
                                                       s["p"]["points"][-1]["p"])),
                            s["p"]["tuned_exponent"],
                            ", %.2f over p = %s" % (s["p"]["exponent_top3"],
                                                   ", ".join(map(str, s["p"]["top3_p"])))))
    if "profile" in R:
        P = R["profile"]
        w("\ncProfile of one LogisticRegression().fit() at the headline size "
          "(total %.3f s with profiling overhead)\n" % P["total_s"])
        w("  cumulative by function: %s\n" % ", ".join(
            "%s %.3f" % kv for kv in sorted(P["cumulative_by_function"].items(),
                                            key=lambda kv: -kv[1])))
        if P.get("phases"):
            w("  stages timed without the profiler (medians of %d): %s\n"
              % (R["meta"]["runs"], "; ".join("%s %s" % (k, fmt_t(v))
                                              for k, v in P["phases"].items())))
        w("  %8s %8s %8s  %s\n" % ("ncalls", "tottime", "cumtime", "function"))
        for t in P["top_tottime"]:
            w("  %8d %8.4f %8.4f  %s\n" % (t["ncalls"], t["tottime_s"], t["cumtime_s"],
                                          t["function"]))


SPEED_BEGIN = '<!-- speed:begin (written by make bench BENCH_ARGS="--write docs/speed.md") -->'
SPEED_END = "<!-- speed:end -->"


def speed_table(R):
    """docs/speed.md's table: the ratios of one run, R (what main writes as JSON)."""
    m, head, rat = R["meta"], R["headline"], R["ratios"]
    versions = ", ".join("%s %s" % (name, m["comparisons"][key]) for name, key in (
        ("numpy", "numpy"), ("statsmodels", "statsmodels"), ("scikit-learn", "sklearn"))
        if m["comparisons"].get(key))
    rows = ["From one run of `make bench` on %s (%s %s, %d shared CPUs%s; %d rounds; %.0f s):"
            % (m["date"][:10], m["python_implementation"], m["python_version"], m["cpus"],
               "; " + versions if versions else "", m["rounds"], m["elapsed_wall_s"]),
            "", "| ratio | size | value |", "|---|---|---|"]
    for i, r in enumerate(rat["newton"]):
        rows.append("| %s | %d × %d | %.2f |" % (
            "Newton `fit` ÷ a tuned pure-Python Newton (same iterates)" if i == 0 else "",
            r["N"], r["p"], r["fit_vs_tuned"]))
    mc = rat.get("multiclass") or {}
    if mc.get("fit_vs_sklearn"):
        rows.append("| `SoftmaxRegression(penalty=\"l2\", lam=0.5)` Newton ÷ scikit-learn's "
                    "multinomial fit of the same model (%s) | %d × %d, %d classes | %.1f |"
                    % (mc["label"].split(", ", 1)[1], mc["N"], mc["p"], mc["K"],
                       mc["fit_vs_sklearn"]))
        rows.append("| its Hessian's %d weighted sums of %d terms alone ÷ that fit | | %.2f |"
                    % (mc["hessian_sums"], mc["N"], mc["hessian_sums_cpu_s"] / mc["fit_cpu_s"]))
    P = R.get("processes") or {}
    peers = [k for k in ("statsmodels", "sklearn") if P.get(k)]
    if peers:
        rows.append("| %s ÷ minilogit, whole processes: a fresh interpreter reads a CSV, fits "
                    "and prints (%s); child CPU, bytecode cached | %d × %d | %s |" % (
                        " / ".join(peers), "; ".join(P[k]["label"] for k in peers),
                        P["N"], P["p"], " / ".join("%.1f" % P[k]["cpu_ratio"] for k in peers)))
    I = R.get("interpreters") or {}
    others = [i for i in I.get("interpreters") or [] if i["speedup"] != 1.0 and i["ok"]]
    if others:
        rows.append("| CPython %s ÷ %s, the Newton fit warm in each one's own process "
                    "| %d × %d | %s |" % (m["python_version"], " / ".join(
                        "%s %s" % (i["implementation"], i["version"]) for i in others),
                        I["N"], I["p"], " / ".join("%.2f" % i["speedup"] for i in others)))
    csv = rat["csv"]
    rows.append("| `load_csv` ÷ `csv.reader` + `float()` | %d × %d | %.2f |"
                % (csv["N"], csv["p"] + 1, csv["load_csv_vs_reader"]))
    rows.append("| one `fit_stream` SGD epoch over that file ÷ the same | %d × %d | %.2f |"
                % (csv["N"], csv["p"] + 1, csv["stream_epoch_vs_reader"]))
    rows.append("| peak memory of a Newton fit ÷ its input | %d × %d | %.2f |"
                % (R["memory"][0]["N"], R["memory"][0]["p"], R["memory_ratio"]))
    C = head.get("comparisons") or {}
    names = [k for k in ("numpy", "statsmodels", "sklearn") if C.get(k)]
    if names:
        rows.append("| Newton `fit` ÷ %s, on arrays already built | %d × %d | %s |" % (
            " / ".join("%s (%s)" % (k, C[k]["label"].split(", ", 1)[1]) for k in names),
            head["N"], head["p"], " / ".join("%.0f" % C[k]["minilogit_ratio"] for k in names)))
    return "\n".join(rows)


def write_between(path, begin, end, text):
    """Put ``text`` between the lines ``begin`` and ``end`` of the file at ``path``."""
    with open(path, encoding="utf-8") as f:
        old = f.read()
    if begin not in old or end not in old:
        raise SystemExit("bench: %s has no %r ... %r block to write into" % (path, begin, end))
    start, stop = old.index(begin) + len(begin), old.index(end)
    with open(path, "w", encoding="utf-8") as f:
        f.write(old[:start] + "\n" + text + "\n" + old[stop:])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true",
                    help="tiny sizes, a few seconds (for the test suite)")
    ap.add_argument("--json", default=DEFAULT_JSON,
                    help="where to write the results (default %(default)s)")
    ap.add_argument("--runs", type=int, default=None,
                    help="runs per figure (default 5; 2 with --quick)")
    ap.add_argument("--profile", action="store_true",
                    help="also cProfile one Newton fit at the headline size")
    ap.add_argument("--no-compare", action="store_true",
                    help="skip numpy, statsmodels and scikit-learn even if importable, "
                         "and the other interpreters")
    ap.add_argument("--pythons", default="auto",
                    help="other interpreters to time the fair Newton fit in, comma-separated "
                         "(default: pypy3 and python3.11, python3.13 where found; "
                         "'none' for none)")
    ap.add_argument("--stream-rows", type=int, default=None, metavar="N",
                    help="only time a streaming epoch over an N-row CSV (e.g. 1000000) "
                         "against csv.reader + float() of the same file, and stop")
    ap.add_argument("--memory-rows", type=int, default=None, metavar="N",
                    help="only measure the memory of large input (a frame, load_csv, the "
                         "command line) at N x 10, and stop")
    ap.add_argument("--write", default=None, metavar="FILE",
                    help="also write the table of ratios into FILE (docs/speed.md), between "
                         "its speed:begin and speed:end lines")
    ap.add_argument("--newton-child", default=None, help=argparse.SUPPRESS)
    ap.add_argument("--data-memory-child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.newton_child:
        return newton_child(args.newton_child)
    if args.data_memory_child:
        case, N, p, path, traced = args.data_memory_child.split(",")
        return data_memory_child(case, int(N), int(p), path, traced == "1")
    cfg = Config(args.quick, args.runs)

    def log(msg):
        sys.stderr.write(msg + "\n")
        sys.stderr.flush()

    if args.stream_rows:
        return run_stream_rows(args.stream_rows, args.runs or 3, log)
    if args.memory_rows:
        print_data_memory(run_data_memory(args.memory_rows, 10, args.memory_rows, log),
                          sys.stdout.write)
        return 0

    mods = ({"numpy": None, "statsmodels.api": None, "sklearn.linear_model": None,
             "threadpoolctl": None} if args.no_compare else load_comparisons())
    versions = {}
    for name, key in (("numpy", "numpy"), ("statsmodels", "statsmodels.api"),
                      ("sklearn", "sklearn.linear_model")):
        mod = mods[key]
        versions[name] = None
        if mod is not None:
            top = sys.modules.get(name)
            versions[name] = getattr(top, "__version__", "?")
    t0 = time.perf_counter()
    R = {"meta": {"python_implementation": platform.python_implementation(),
                  "python_version": platform.python_version(),
                  "platform": "%s %s" % (platform.system(), platform.machine()),
                  "cpus": os.cpu_count(), "quick": args.quick, "runs": cfg.runs,
                  "big_runs": cfg.big_runs, "rounds": cfg.rounds,
                  "timer": "time.process_time (CPU seconds of this process)",
                  "minilogit_version": getattr(minilogit, "__version__", "?"),
                  "comparisons": versions, "tol": TOL,
                  "date": time.strftime("%Y-%m-%d %H:%M:%S")}}
    log("headline race ...")
    R["headline"] = run_headline(cfg, mods, log)
    log("ratios ...")
    R["ratios"] = run_ratios(cfg, mods, log)
    log("cases ...")
    R["cases"] = run_cases(cfg, log)
    R["inverse"] = run_inverse(cfg, mods, log)
    log("scaling ...")
    R["scaling"] = run_scaling(cfg, log)
    log("whole processes: a small CSV fit ...")
    R["processes"] = run_process_race(cfg, mods, log)
    pythons = [] if args.no_compare or args.pythons == "none" else find_pythons(args.pythons)
    if len(pythons) > 1:
        log("interpreters ...")
        R["interpreters"] = run_interpreters(cfg, pythons, log)
    else:
        R["interpreters"] = None
    log("memory ...")
    R["memory"] = run_memory(cfg, log)
    R["memory_ratio"] = R["memory"][0]["ratio"]
    log("memory of large input ...")
    R["data_memory"] = run_data_memory(cfg.data_memory[0], cfg.data_memory[1],
                                       cfg.data_memory[2], log)
    if args.profile:
        R["profile"] = run_profile(cfg)
    R["meta"]["elapsed_wall_s"] = time.perf_counter() - t0
    print_report(R)
    with open(args.json, "w") as f:
        json.dump(R, f, indent=1, sort_keys=True)
    sys.stdout.write("\nwrote %s (%.0f s)\n" % (args.json, R["meta"]["elapsed_wall_s"]))
    if args.write:
        write_between(args.write, SPEED_BEGIN, SPEED_END, speed_table(R))
        sys.stdout.write("wrote the table of ratios into %s\n" % args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
