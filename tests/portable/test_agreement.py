"""Cross-runtime agreement on the bundled breast-cancer data.

Four standardized features (SUBSET) that do not separate the classes; every
runtime must reproduce the coefficients recorded below to 1e-12 relative,
and the SGD visit order exactly.

How the constants were recorded: on CPython 3.11.7 (the ``python3`` shim),
from the repository root,

    PYTHONPATH=. python3 tests/portable/test_agreement.py

which prints them with ``repr`` (see ``record`` below).

Why 1e-12 and not bitwise: CPython 3.12+ (and Pyodide, 3.14) compensate
float rounding inside the builtin ``sum`` (Neumaier summation), which the
package uses for dot products, means and losses; 3.8-3.11, PyPy and
MicroPython add naively. The two families differ by about 2e-14 relative
here (e.g. Newton's intercept 0.9741498519810312 vs 0.9741498519810475);
with a naive ``sum`` patched in, 3.12 and 3.13 reproduce 3.11 bit for bit.

In single precision the agreement is the float's: coefficients to
helpers.FIT (Newton's test, the scaled gradient below 16 EPS, passes one
iteration sooner), sums such as means and losses to a few EPS.
"""

from helpers import EPS, FIT, SINGLE, assert_close, breast_cancer, fit

from minilogit import LogisticRegression
from minilogit.datasets import standardize
from minilogit.core.rng import Random

SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]

# [intercept_] + coef_, CPython 3.11.7, default settings.
NEWTON_COEF = [0.9741498519810312, -4.9074740311581815, -1.6495032857341116,
               -1.6403924608155955, -0.7514352443016673]
NEWTON_N_ITER = 9
NEWTON_LOSS = 89.82538945515053
# solver="sgd", random_state=0, default settings (learning_rate 0.5, tol 1e-3).
SGD_COEF = [0.9869257782299311, -4.919278016798604, -1.6356469554367459,
            -1.6338497233654583, -0.7554352748242883]
SGD_N_ITER = 13
SGD_LOSS = 89.83238968813787
# The first 20 rows SGD visits: Random(0).shuffle(list(range(569))).
SGD_ORDER_20 = [296, 166, 65, 217, 466, 104, 276, 489, 342, 18,
                323, 258, 108, 297, 547, 562, 203, 289, 561, 171]
# standardize's column means and population standard deviations.
MEANS = [14.127291739894563, 19.28964850615117, 0.096360281195079, 0.181161862917399]
SCALES = [3.5209507607110626, 4.297254637090421, 0.014051764066591201, 0.02739018086426853]

# The lecture's breast-cancer trace: Newton from beta = 0 on the 30 raw features,
# intercept first, the total negative log-likelihood after 0..6 steps. Float64 figures
# of numpy 2.4.6 on CPython 3.11.7, tests/data/breast_cancer.json's
# true_newton_trajectory.nll[:7] (tests/test_breast_cancer.py checks the copy).
# The matrices solved, X'WX, are badly scaled (at beta = 0 the d_j = sqrt(H_jj) run
# from 0.055 to 1.3e4, the entries from 0.003 to 1.6e8) and nearly singular (at step 6
# the largest entry left in one column during elimination is 0.0016 d_i d_k; the
# pivot test's bound in single precision, (569 + 31) EPS d_i d_k, is 7.2e-5 d_i d_k):
# a single-precision run follows the trace to 1e-3 (3.8e-4 at most on
# micropython-board-f32), a double one to 1e-9.
RAW_TRACE = [394.40074573860886, 134.65976155781962, 77.34464088188471,
             50.21369523225924, 36.03778398460629, 27.919302990993806,
             21.31728848023414]
RAW_REL = 1e-3 if SINGLE else 1e-9

REL = 1e-12
COEF_REL = max(REL, FIT)
SUM_REL = max(REL, 16 * EPS)

_fits = {}


def _data():
    d = breast_cancer()
    Z, means, scales = standardize(d.columns(SUBSET).data)
    return Z, d.target, means, scales


def _fit(solver):
    """Fit once per run (SGD on 569 rows takes about 2 s on MicroPython)."""
    if solver not in _fits:
        Z, y, _, _ = _data()
        _fits[solver] = LogisticRegression(solver=solver).fit(Z, y)
    return _fits[solver]


def test_standardized_data_agree():
    _, y, means, scales = _data()
    assert len(y) == 569 and sum(y) == 357
    assert_close(means, MEANS, rel=SUM_REL, what="means")
    assert_close(scales, SCALES, rel=SUM_REL, what="scales")


def test_newton_coefficients_agree():
    m = _fit("newton")
    assert m.converged_ and m.separation_ is None
    assert m.n_iter_ in ((NEWTON_N_ITER - 1, NEWTON_N_ITER) if SINGLE else (NEWTON_N_ITER,)), \
        m.n_iter_
    assert_close([m.intercept_] + m.coef_, NEWTON_COEF, rel=COEF_REL, what="newton")
    assert_close(m.history_[-1], NEWTON_LOSS, rel=SUM_REL, what="newton loss")


def test_sgd_visit_order_agrees():
    order = list(range(569))
    Random(0).shuffle(order)
    assert order[:20] == SGD_ORDER_20, order[:20]


def test_sgd_coefficients_agree():
    m = _fit("sgd")
    assert m.converged_ and m.separation_ is None
    assert m.n_iter_ == SGD_N_ITER, m.n_iter_
    assert_close([m.intercept_] + m.coef_, SGD_COEF, rel=COEF_REL, what="sgd")
    assert_close(m.history_[-1], SGD_LOSS, rel=SUM_REL, what="sgd loss")


def test_raw_newton_trace_follows_the_lecture():
    """Six Newton steps on the raw features: each solve of X'WX finds every pivot
    (in single precision too) and the loss follows the float64 trace."""
    d = breast_cancer()
    m, caught = fit(LogisticRegression(solver="newton", max_iter=6), d.data, d.target)
    assert [type(w).__name__ for w in caught] == ["ConvergenceWarning"], caught
    assert m.n_iter_ == 6 and not m.converged_
    assert_close(m.history_, RAW_TRACE, rel=RAW_REL, what="raw trace")


def test_sgd_is_near_newton():
    # Not an agreement check: SGD's average is close to the optimum, not on it.
    sgd, newton = _fit("sgd"), _fit("newton")
    b_s, b_n = [sgd.intercept_] + sgd.coef_, [newton.intercept_] + newton.coef_
    assert max(abs(u - v) for u, v in zip(b_s, b_n)) < 0.2
    assert 0.0 < sgd.history_[-1] / newton.history_[-1] - 1 < 1e-3


def record():
    """Print the constants above, computed on the running interpreter."""
    import sys
    Z, y, means, scales = _data()
    print("# " + sys.version.split()[0])
    for solver in ("newton", "sgd"):
        m = LogisticRegression(solver=solver).fit(Z, y)
        name = solver.upper()
        print("%s_COEF = %r" % (name, [m.intercept_] + m.coef_))
        print("%s_N_ITER = %d" % (name, m.n_iter_))
        print("%s_LOSS = %r" % (name, m.history_[-1]))
    order = list(range(569))
    Random(0).shuffle(order)
    print("SGD_ORDER_20 = %r" % (order[:20],))
    print("MEANS = %r" % (means,))
    print("SCALES = %r" % (scales,))


if __name__ == "__main__":
    record()
