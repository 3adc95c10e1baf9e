"""LeastSquaresClassifier and make_masking: lecture 000's naive approach.

Equation numbers are walkthrough.md's: (1) the least-squares coefficients
beta = (XᵀX)⁻¹Xᵀy, (2) the threshold rule, (3) indicator regression
B = (XᵀX)⁻¹XᵀY with the argmax rule. Each property test states its
invariant in its docstring and justifies its tolerance in a comment.

Designs are well conditioned by construction (``designs``): they contain the
rows 0 and s e_1, ..., s e_p, whose design rows [1, x] form a nonsingular
triangular block, so XᵀX is nonsingular whatever the other rows are.
"""

import sys
from fractions import Fraction

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from minilogit.datasets.synthetic import MASKING_CENTRES, make_masking, standard_normal
from minilogit import DataError, NotFittedError
from minilogit.core.matrix import Matrix
from minilogit.models.least_squares import LeastSquaresClassifier, normal_equations
from minilogit.core.rng import Random

EPS = sys.float_info.epsilon


# -- helpers ------------------------------------------------------------------

def floats(lo, hi):
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def design(rows, fit_intercept=True):
    """The rows [1, x_i] (or x_i without an intercept)."""
    return [([1.0] if fit_intercept else []) + list(r) for r in rows]


def coefficients(model):
    """[intercept_] + coef_ of a fitted binary model."""
    return [model.intercept_] + list(model.coef_)


def errors(model, X, y, threshold):
    """The misclassification count sum_i I(prediction_i != y_i) at a threshold."""
    return sum(1 for f, v in zip(model.predict(X, threshold=threshold), y) if f != v)


@st.composite
def designs(draw, entries=floats(-10.0, 10.0), scales=floats(1.0, 4.0), max_p=3,
            min_extra=0, max_extra=12):
    """Rows X (N x p) with XᵀX nonsingular, with or without an intercept.

    The anchor rows 0 and s e_j (j = 1..p, 1 <= s <= 4) give, in [1, x], a
    lower-triangular block with diagonal 1, s, ..., s; in x alone, s I. Any
    further rows only add positive semidefinite terms x_i x_iᵀ to XᵀX. Rows
    are shuffled, so the anchors are not always first.
    """
    p = draw(st.integers(1, max_p))
    s = draw(scales)
    anchors = [[0.0] * p] + [[s if k == j else 0.0 for k in range(p)] for j in range(p)]
    extra = [draw(st.lists(entries, min_size=p, max_size=p))
             for _ in range(draw(st.integers(min_extra, max_extra)))]
    rows = anchors + extra
    order = draw(st.permutations(range(len(rows))))
    return [rows[i] for i in order]


@st.composite
def binary_problems(draw, entries=floats(-10.0, 10.0), scales=floats(1.0, 4.0)):
    """(X, y): a ``designs`` matrix and 0/1 labels with both classes present."""
    X = draw(designs(entries=entries, scales=scales))
    y = draw(st.lists(st.integers(0, 1), min_size=len(X), max_size=len(X)))
    i, j = draw(st.permutations(range(len(X))))[:2]
    y[i], y[j] = 0, 1
    return X, y


@st.composite
def multiclass_problems(draw):
    """(X, y): a ``designs`` matrix and labels 0..K-1, K in 3..5, each class present."""
    K = draw(st.integers(3, 5))
    X = draw(designs(min_extra=K))
    y = draw(st.lists(st.integers(0, K - 1), min_size=len(X), max_size=len(X)))
    order = draw(st.permutations(range(len(X))))
    for k in range(K):
        y[order[k]] = k
    return X, y


# -- the hand-solved case (its fit is checked in tests/portable/test_least_squares.py) --

# x = 0, 1, 2, 3 and y = 0, 0, 1, 1: xbar = 3/2, ybar = 1/2,
# Sxy = sum (x - xbar)(y - ybar) = 2, Sxx = sum (x - xbar)^2 = 5, so
# slope = Sxy / Sxx = 2/5 and intercept = ybar - slope xbar = -1/10.
HAND_X, HAND_Y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]


# -- eq. (1): the normal equations -----------------------------------------------

# Entries 0 or 1e-100 <= |x| <= 10. A subnormal entry (below 2.2e-308) is left
# out because the relative bound below then means nothing: with X = [[0],
# [5e-324], [2]], y = [0, 1, 0] and no intercept, beta = 5e-324 / 4 rounds to
# 0, and Xᵀr = 5e-324 is compared with 1e-9 * 5e-324, which is 0. At 1e-100
# every product and its error stay far above the subnormal range.
not_subnormal = st.one_of(st.just(0.0), floats(1e-100, 10.0), floats(-10.0, -1e-100))


@given(binary_problems(entries=not_subnormal), st.booleans())
@example(([[0.0], [1e-100], [2.0]], [0, 1, 0]), False)
@example(([[0.0], [-1e-100], [2.0]], [0, 1, 0]), True)
@example(([[1e-100, 0.0], [0.0, 0.0], [1.0, 0.0], [0.0, 1.0]], [1, 0, 0, 0]), False)
def test_residuals_are_orthogonal_to_the_columns(case, fit_intercept):
    """Xᵀ(y - X beta) = 0: the normal equations XᵀX beta = Xᵀy, eq. (1)."""
    X, y = case
    m = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(X, y)
    beta = coefficients(m) if fit_intercept else list(m.coef_)
    X1 = design(X, fit_intercept)
    r = [y_i - dot(x, beta) for x, y_i in zip(X1, y)]
    # Tolerance: solving XᵀX beta = Xᵀy by elimination leaves a residual of
    # about n EPS cond(XᵀX) times the size of the terms, here
    # sum_i |x_ij| (|y_i| + |x_i|_1 |beta|_max); |beta|_max, not |beta_k|,
    # because an error in beta is relative to the whole vector (a zero
    # coefficient comes out as 1e-17). The construction keeps cond(XᵀX)
    # below about 5e3 (worst case: anchors with s = 1 and twelve rows of 10s),
    # so 1e-9 of the scale leaves a wide margin.
    beta_max = max(abs(b) for b in beta)
    for j in range(len(beta)):
        col = [x[j] for x in X1]
        scale = sum(abs(c) * (abs(y_i) + sum(abs(a) for a in x) * beta_max)
                    for c, x, y_i in zip(col, X1, y))
        assert abs(dot(col, r)) <= 1e-9 * scale, (j, dot(col, r), scale)


small_fractions = st.fractions(min_value=-4, max_value=4, max_denominator=6)


@given(binary_problems(entries=small_fractions, scales=st.integers(1, 4)))
def test_fit_agrees_with_the_exact_fraction_solution(case):
    """The float fit equals the exact solution of eq. (1) computed in Fractions.

    The exact beta satisfies the normal equations with no rounding at all:
    Xᵀ(y - X beta) == 0 in Fractions.
    """
    X, y = case
    X = [[Fraction(a) for a in row] for row in X]
    X1 = Matrix([[Fraction(1)] + row for row in X])
    exact = normal_equations(X1, [Fraction(v) for v in y])
    assert all(isinstance(b, Fraction) for b in exact)
    r = [Fraction(y_i) - dot(x, exact) for x, y_i in zip(X1.rows, y)]
    assert X1.T @ r == [0] * len(exact)
    m = LeastSquaresClassifier().fit(X, y)              # Fractions in, floats out (check_X)
    # Tolerance: the float answer is off by about n EPS cond(XᵀX) |beta|_max;
    # cond < 5e3 by construction, so 1e-9 |beta|_max + 1e-12 has a wide margin.
    size = max(abs(float(b)) for b in exact)
    for got, want in zip(coefficients(m), exact):
        assert abs(got - float(want)) <= 1e-9 * size + 1e-12, (got, want)


def test_labels_are_coded_by_sort_order():
    """Any two labels give the same fit: the sorted second one is coded 1."""
    X = [[-1.5, 0.3], [-1.0, -0.8], [-0.6, 1.2], [-0.2, -0.4], [0.1, 0.9], [0.4, -1.1]]
    y = [0, 0, 1, 1, 0, 1]
    ref = LeastSquaresClassifier().fit(X, y)
    for low, high in ((-1, 1), (100, 200), ("green", "red"), (False, True), ("a", "b")):
        labels = [high if v else low for v in y]
        m = LeastSquaresClassifier().fit(X, labels)
        assert m.classes_ == [low, high]
        assert coefficients(m) == coefficients(ref)
        assert m.predict(X) == [high if v else low for v in ref.predict(X)]


@given(binary_problems())
def test_swapping_the_labels_reflects_the_fit(case):
    """Coding the other class as 1 regresses 1 - y: beta' = e_0 - beta, fitted' = 1 - fitted."""
    X, y = case
    a = LeastSquaresClassifier().fit(X, y)
    b = LeastSquaresClassifier().fit(X, [1 - v for v in y])
    # Tolerance as in the orthogonality test: both are off by ~cond EPS |beta|.
    size = 1.0 + max(abs(c) for c in coefficients(a))
    assert b.intercept_ == pytest.approx(1 - a.intercept_, abs=1e-9 * size)
    assert b.coef_ == pytest.approx([-c for c in a.coef_], abs=1e-9 * size)


# -- eq. (2): the threshold rule ---------------------------------------------------

@given(binary_problems(entries=st.integers(-3, 3).map(float)), st.data())
@example(([[0.0], [1.0], [2.0], [3.0], [4.0]], [0, 0, 1, 1, 0]), None)
def test_best_threshold_minimises_misclassification(case, data):
    """best_threshold's rate is the least misclassification rate of any threshold.

    Brute force: with the rule f >= t, every threshold gives the same
    predictions as one of the distinct fitted values v (t in (v', v]) or as
    max(f) + 1 (t above them all), so the minimum over those is the minimum
    over the whole real line. Checked on the training data and, when drawn,
    on other rows labelled with the fitted classes. Integer entries make
    many fitted values tie.
    """
    X, y = case
    m = LeastSquaresClassifier().fit(X, y)
    sets = [(X, y)]
    if data is not None:
        n = data.draw(st.integers(1, 10), label="n")
        Xe = [data.draw(st.lists(floats(-5.0, 5.0), min_size=len(X[0]), max_size=len(X[0])))
              for _ in range(n)]
        ye = data.draw(st.lists(st.sampled_from(m.classes_), min_size=n, max_size=n))
        sets.append((Xe, ye))
    for Xs, ys in sets:
        t, rate = m.best_threshold(Xs, ys)
        f = m.fitted_value(Xs)
        brute = min(errors(m, Xs, ys, v) for v in set(f) | {max(f) + 1.0})
        assert rate == brute / len(ys)
        assert errors(m, Xs, ys, t) == brute       # the threshold returned achieves it


def test_best_threshold_ends_and_ties():
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    # every row of the other class: "everything is 0" (the upper end) is best
    t, rate = m.best_threshold(HAND_X[2:], [0, 0])
    assert rate == 0.0 and t > max(m.fitted_value(HAND_X[2:]))
    t, rate = m.best_threshold(HAND_X[:2], [1, 1])
    assert rate == 0.0 and t < min(m.fitted_value(HAND_X[:2]))
    # the training data are separable: the cut is the midpoint 0.5 between 0.3 and 0.7
    t, rate = m.best_threshold(HAND_X, HAND_Y)
    assert rate == 0.0 and t == pytest.approx(0.5, abs=1e-15)


def test_best_threshold_errors():
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    with pytest.raises(DataError, match="y has 3 labels"):
        m.best_threshold(HAND_X, [0, 1, 1])
    with pytest.raises(DataError, match=r"y\[2\] is 7, not one of the fitted classes"):
        m.best_threshold(HAND_X, [0, 1, 7, 1])
    with pytest.raises(DataError, match="X has 2 columns"):
        m.best_threshold([[1.0, 2.0]], [0])
    m3 = LeastSquaresClassifier().fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    with pytest.raises(DataError, match="binary model; this one has 3 classes"):
        m3.best_threshold([[0.0], [1.0], [2.0]], [0, 1, 2])


# -- eq. (3): indicator regression -----------------------------------------------------

@given(multiclass_problems(), st.booleans())
def test_k_classes_are_k_separate_regressions(case, fit_intercept):
    """Row k of B (eq. (3)) is the binary fit (eq. (1)) of the indicator of class k."""
    X, y = case
    m = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(X, y)
    assert m.classes_ == sorted(set(y)) and len(m.coef_) == len(m.classes_)
    for k, c in enumerate(m.classes_):
        b = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(X, [v == c for v in y])
        assert b.classes_ == [False, True]
        # Tolerance: one Gauss-Jordan pass on [XᵀX | XᵀY] does, column by
        # column, the arithmetic of K passes on [XᵀX | Xᵀy_k] (the pivots
        # depend on XᵀX only), so the results agree to the last bit; 4 EPS
        # of the size leaves room for a summation order that changes.
        size = 1.0 + max(abs(v) for v in coefficients(b))
        assert b.intercept_ == pytest.approx(m.intercept_[k], abs=4 * EPS * size)
        assert b.coef_ == pytest.approx(m.coef_[k], abs=4 * EPS * size)


@given(multiclass_problems(), st.data())
def test_indicator_fitted_values_sum_to_one(case, data):
    """With an intercept the K fitted values sum to 1 at every x.

    The rows of Y sum to 1, so Y 1_K = 1_N, the intercept column of X, and
    B 1_K = (XᵀX)⁻¹Xᵀ1_N = e_0: the intercepts sum to 1, the slopes to 0.
    """
    X, y = case
    m = LeastSquaresClassifier().fit(X, y)
    new = data.draw(st.lists(st.lists(floats(-10.0, 10.0), min_size=len(X[0]),
                                      max_size=len(X[0])), min_size=1, max_size=5))
    # Tolerance: as in the orthogonality test, ~cond EPS of the size of B's
    # entries times |x|; 1e-9 (1 + |x|_1) covers it.
    size = 1.0 + max(abs(v) for v in m.intercept_ + [c for row in m.coef_ for c in row])
    for x, f in zip(X + new, m.fitted_value(X + new)):
        assert abs(sum(f) - 1.0) <= 1e-9 * size * (1 + sum(abs(a) for a in x)), (x, f)


def test_multiclass_attributes_and_prediction():
    X = [[0.0], [0.1], [5.0], [5.1], [10.0], [10.1]]
    y = ["low", "low", "mid", "mid", "top", "top"]
    m = LeastSquaresClassifier().fit(X, y)
    assert m.classes_ == ["low", "mid", "top"]
    assert len(m.intercept_) == 3 and all(len(row) == 1 for row in m.coef_)
    f = m.fitted_value([[0.0]])
    assert len(f) == 1 and len(f[0]) == 3
    assert m.predict([[0.0], [10.0]]) == ["low", "top"]


# -- masking ------------------------------------------------------------------------

def test_make_masking_is_seeded():
    d = make_masking()
    assert len(d.data) == 150 and d.target == [0] * 50 + [1] * 50 + [2] * 50
    assert d.feature_names == ["x"] and d.target_name == "class"
    assert make_masking().data == d.data
    assert make_masking(seed=1).data != d.data
    assert make_masking(n_per_class=5, seed=4).data == make_masking(5, 4).data
    for k, c in enumerate(MASKING_CENTRES):
        xs = [row[0] for row, label in zip(d.data, d.target) if label == k]
        # the mean of 50 N(c, 1) draws is within 4 standard errors (4/sqrt(50)) of c
        assert abs(sum(xs) / 50 - c) < 4 / 50 ** 0.5


@pytest.mark.parametrize("bad", [0, -3, 2.5, True, "10"])
def test_make_masking_rejects_bad_sizes(bad):
    with pytest.raises(DataError, match="n_per_class must be a positive integer"):
        make_masking(n_per_class=bad)


def test_standard_normal_moments():
    rng = Random(11)
    z = [standard_normal(rng) for _ in range(20000)]
    mean = sum(z) / len(z)
    var = sum((v - mean) ** 2 for v in z) / len(z)
    # standard errors: 1/sqrt(n) = 0.007 for the mean, sqrt(2/n) = 0.01 for the variance
    assert abs(mean) < 0.03 and abs(var - 1) < 0.05
    assert sum(1 for v in z if abs(v) < 1.959964) / len(z) == pytest.approx(0.95, abs=0.01)


def grid(X, steps=10000):
    """A fine grid over the range of the one feature, one unit beyond each end."""
    lo, hi = min(r[0] for r in X) - 1.0, max(r[0] for r in X) + 1.0
    return [[lo + (hi - lo) * i / steps] for i in range(steps + 1)]


def test_masking_never_predicts_the_middle_class():
    """Indicator regression on make_masking(): class 1 is never predicted,
    not on the training points, not anywhere on a fine grid; accuracy ~2/3."""
    X, y = make_masking()
    m = LeastSquaresClassifier().fit(X, y)
    predicted = m.predict(X)
    assert 1 not in predicted
    assert 1 not in m.predict(grid(X))
    accuracy = sum(1 for p, t in zip(predicted, y) if p == t) / len(y)
    assert abs(accuracy - 2 / 3) <= 0.02, accuracy
    # the middle class's fitted line is almost flat at 1/3: it is masked
    assert abs(m.coef_[1][0]) < 0.02 and abs(m.intercept_[1] - 1 / 3) < 0.02


@given(st.integers(0, 2 ** 32), st.integers(5, 60))
def test_masking_holds_for_every_seed(seed, n_per_class):
    """With equal group sizes each fitted line passes through (xbar, 1/3), so
    f_k(x) = 1/3 + b_k (x - xbar): class 1 would need b_1 above both b_0 < 0
    and b_2 > 0 (x > xbar) or below both (x < xbar), which fails whenever
    b_0 < b_1 < b_2. Never predicted, for any seed."""
    X, y = make_masking(n_per_class=n_per_class, seed=seed)
    m = LeastSquaresClassifier().fit(X, y)
    b = [row[0] for row in m.coef_]
    assert b[0] < b[1] < b[2]
    assert 1 not in m.predict(X)
    assert 1 not in m.predict(grid(X, steps=1000))


def test_two_classes_of_the_same_data_are_fine():
    """Masking is a K > 2 problem: the outer classes alone are separated by eq. (2)."""
    X, y = make_masking()
    outer = [(x, v) for x, v in zip(X, y) if v != 1]
    Xo, yo = [x for x, _ in outer], [v for _, v in outer]
    m = LeastSquaresClassifier().fit(Xo, yo)
    assert m.predict(Xo) == yo


# -- rank deficiency ------------------------------------------------------------------

@given(designs(), st.data())
def test_constant_column_is_named(X, data):
    """A constant column next to the intercept is c times the intercept column:
    XᵀX is singular and the error names that column.

    c is 0 or 1e-100 <= |c| <= 1e100 (below, c^2 underflows: c = 5e-324 gives
    c^2 = 0, and the column is no longer an exact multiple in floats). The
    pivot test measures each entry against its row's and column's lengths
    sqrt(A_ii) sqrt(A_kk), so the size of c does not matter; a test relative
    to the largest entry of each column of XᵀX (which holds c sum x_i) now
    and then missed the column (c = 1.1) or named another one (c = 1e-100),
    each found within 100,000 random examples.
    """
    p = len(X[0])
    j = data.draw(st.integers(0, p), label="j")
    c = data.draw(st.one_of(st.just(0.0), floats(1e-100, 1e100), floats(-1e100, -1e-100)),
                  label="c")
    rows = [r[:j] + [c] + r[j:] for r in X]
    y = [i % 2 for i in range(len(rows))]
    with pytest.raises(DataError, match="column %d of X is a linear combination" % j):
        LeastSquaresClassifier().fit(rows, y)


@given(designs(), st.data(), st.booleans())
def test_duplicated_column_is_named(X, data, fit_intercept):
    """A copy of column i placed at j > i makes column j (of the new X) dependent."""
    p = len(X[0])
    i = data.draw(st.integers(0, p - 1), label="i")
    j = data.draw(st.integers(i + 1, p), label="j")
    rows = [r[:j] + [r[i]] + r[j:] for r in X]
    y = [k % 3 for k in range(len(rows))] if len(rows) >= 3 else [0, 1]
    with pytest.raises(DataError, match="column %d of X is a linear combination" % j):
        LeastSquaresClassifier(fit_intercept=fit_intercept).fit(rows, y)


def test_zero_column_without_intercept_and_too_few_rows():
    with pytest.raises(DataError, match="column 0 of X"):
        LeastSquaresClassifier(fit_intercept=False).fit([[0.0, 1.0], [0.0, 2.0]], [0, 1])
    with pytest.raises(DataError, match="column 1 of X"):      # 2 rows, 3 coefficients
        LeastSquaresClassifier().fit([[0.0, 1.0], [1.0, 5.0]], [0, 1])


def test_singular_error_is_not_chained():
    """The DataError is raised outside the except block (as LogisticRegression's)."""
    with pytest.raises(DataError) as caught:
        LeastSquaresClassifier().fit([[1.0, 5.0], [2.0, 5.0], [3.0, 5.0]], [0, 1, 1])
    assert caught.value.__context__ is None and caught.value.__cause__ is None


# -- estimator conventions and bad input ------------------------------------------------

def test_not_fitted():
    m = LeastSquaresClassifier()
    for method, args in ((m.predict, (HAND_X,)), (m.decision_function, (HAND_X,)),
                         (m.best_threshold, (HAND_X, HAND_Y))):
        with pytest.raises(NotFittedError, match="LeastSquaresClassifier is not fitted"):
            method(*args)


def test_fit_returns_self_and_sets_attributes():
    m = LeastSquaresClassifier()
    assert m.fit(HAND_X, HAND_Y) is m
    assert m.classes_ == [0, 1] and m.n_features_in_ == 1
    assert isinstance(m.intercept_, float) and isinstance(m.coef_, list)
    n = LeastSquaresClassifier(fit_intercept=False).fit(HAND_X, HAND_Y)
    assert n.intercept_ == 0.0
    # through the origin: beta = sum x y / sum x^2 = 5 / 14
    assert n.coef_ == pytest.approx([5 / 14], abs=4 * EPS)


def test_clone_copies_the_parameters():
    from minilogit.models._base import clone
    m = LeastSquaresClassifier(fit_intercept=False, threshold=0.3).fit(HAND_X, HAND_Y)
    c = clone(m)
    assert c.get_params() == {"fit_intercept": False, "threshold": 0.3}
    assert not hasattr(c, "coef_")


@pytest.mark.parametrize("X, y, message", [
    ([], [], "X is empty"),
    ([[1.0], [2.0, 3.0]], [0, 1], "X row 1 has 2 columns"),
    ([[1.0], [float("nan")]], [0, 1], r"X\[1\]\[0\] is nan"),
    ([[1.0], [2.0]], [0, 1, 1], "X has 2 rows but y has 3 labels"),
    ([[1.0], [2.0]], [1, 1], "y has only one class"),
    ([[1.0], [2.0]], [0, float("nan")], r"y\[1\] is nan"),
    ([[1.0], [2.0]], ["a", 1], "cannot be hashed and sorted"),
    ([[1.0], [2.0]], 5, "y must be a sequence"),
])
def test_bad_input(X, y, message):
    with pytest.raises(DataError, match=message):
        LeastSquaresClassifier().fit(X, y)


@pytest.mark.parametrize("threshold", [True, "0.5", float("nan"), float("inf"), None])
def test_bad_threshold(threshold):
    with pytest.raises(DataError, match="threshold must be a finite number"):
        LeastSquaresClassifier(threshold=threshold).fit(HAND_X, HAND_Y)
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    if threshold is not None:                   # None means "the model's threshold"
        with pytest.raises(DataError, match="threshold must be a finite number"):
            m.predict(HAND_X, threshold=threshold)


def test_predict_checks_the_number_of_features():
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    with pytest.raises(DataError, match="X has 2 columns, the model was fitted with 1"):
        m.predict([[1.0, 2.0]])
