"""LeastSquaresClassifier and make_masking: lecture 000's naive approach,
the walkthrough's eqs. (1)-(3).

Plain asserts on fixed data, so that every runtime checks the same numbers
(tests/test_least_squares.py has the property-based versions).
"""

from helpers import (EPS, Fraction, X2, Y2, Skip, assert_close, breast_cancer, coefficients,
                     max_abs_diff, raises)

from minilogit.datasets.synthetic import make_masking
from minilogit import DataError, NotFittedError
from minilogit.core.matrix import Matrix
from minilogit.models.least_squares import LeastSquaresClassifier, normal_equations

# x = 0..3, y = 0, 0, 1, 1: slope Sxy / Sxx = 2 / 5, intercept 1/2 - (2/5)(3/2) = -1/10.
HAND_X, HAND_Y = [[0.0], [1.0], [2.0], [3.0]], [0, 0, 1, 1]

# X2 with three classes.
Y3 = [0, 0, 2, 1, 0, 2, 1, 0, 2, 0, 1, 1]
# statsmodels 0.15.0 (numpy 2.4.6, CPython 3.11), in a scratch venv:
#   import numpy as np, statsmodels.api as sm
#   X = sm.add_constant(np.array(X2))
#   sm.OLS(np.array(Y2, dtype=float), X).fit().params                # binary
#   sm.OLS(np.array([float(v == k) for v in Y3]), X).fit().params    # k = 0, 1, 2
# printed with repr(float(v)): [intercept, x1, x2].
GOLD_BETA2 = [0.5852088671203457, 0.1714986910424805, 0.11484687025905693]
GOLD_B3 = [[0.4147911328796543, -0.17149869104248053, -0.11484687025905704],
           [0.33672483675044107, 0.07608849005697403, 0.0070786471841302115],
           [0.24848403036990463, 0.09541020098550647, 0.10776822307492676]]


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def _errors(model, X, y, threshold):
    return sum(1 for p, v in zip(model.predict(X, threshold=threshold), y) if p != v)


def test_hand_solved_line():
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    assert_close(coefficients(m), [-0.1, 0.4], rel=0.0, abs_tol=4 * EPS, what="beta")
    assert_close(m.fitted_value(HAND_X), [-0.1, 0.3, 0.7, 1.1], rel=0.0,
                 abs_tol=8 * EPS, what="fitted")
    assert m.predict([[1.0], [2.0]]) == [0, 1]
    assert m.classes_ == [0, 1] and m.n_features_in_ == 1


def test_exact_with_fractions():
    if Fraction is None:
        raise Skip("no fractions module on this runtime")
    X = Matrix([[Fraction(1), Fraction(x)] for x in range(4)])
    beta = normal_equations(X, [Fraction(v) for v in HAND_Y])
    assert beta == [Fraction(-1, 10), Fraction(2, 5)]


def test_residuals_are_orthogonal_to_the_columns():
    for fit_intercept in (True, False):
        m = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(X2, Y2)
        beta = coefficients(m) if fit_intercept else list(m.coef_)
        X1 = [([1.0] if fit_intercept else []) + r for r in X2]
        r = [y - _dot(x, beta) for x, y in zip(X1, Y2)]
        for j in range(len(beta)):
            assert abs(_dot([x[j] for x in X1], r)) < max(1e-13, 16 * EPS), (fit_intercept, j)


def test_statsmodels_golden_values():
    # Tolerance 1e-12 (absolute; every coefficient is below 1): cond(X) = 1.57
    # (numpy.linalg.cond), so cond(XᵀX) = 2.5 and both programs are within a
    # few EPS of the exact answer (they agree to 2e-16 on CPython 3.11); the
    # margin covers other summation orders and libms.
    m = LeastSquaresClassifier().fit(X2, Y2)
    assert_close(coefficients(m), GOLD_BETA2, rel=0.0, abs_tol=max(1e-12, 4 * EPS), what="beta")
    m3 = LeastSquaresClassifier().fit(X2, Y3)
    for k in range(3):
        assert_close([m3.intercept_[k]] + m3.coef_[k], GOLD_B3[k], rel=0.0,
                     abs_tol=max(1e-12, 4 * EPS),
                     what="B column %d" % k)


def test_labels_are_coded_by_sort_order():
    ref = LeastSquaresClassifier().fit(X2, Y2)
    for low, high in ((-1, 1), (100, 200), ("green", "red"), ("a", "b")):
        y = [high if v else low for v in Y2]
        m = LeastSquaresClassifier().fit(X2, y)
        assert m.classes_ == [low, high], m.classes_
        assert coefficients(m) == coefficients(ref), (low, high)
        assert m.predict(X2) == [high if v else low for v in ref.predict(X2)]
    swapped = LeastSquaresClassifier().fit(X2, [1 - v for v in Y2])
    assert abs(swapped.intercept_ - (1 - ref.intercept_)) < max(1e-14, 4 * EPS)
    assert max_abs_diff(swapped.coef_, [-c for c in ref.coef_]) < max(1e-14, 4 * EPS)


def test_threshold_rule_includes_the_boundary():
    m = LeastSquaresClassifier().fit(HAND_X, ["no", "no", "yes", "yes"])
    f = m.fitted_value(HAND_X)
    assert m.predict(HAND_X, threshold=f[2]) == ["no", "no", "yes", "yes"]
    assert m.predict(HAND_X, threshold=f[1]) == ["no", "yes", "yes", "yes"]
    m.threshold = f[3]
    assert m.predict(HAND_X) == ["no", "no", "no", "yes"]
    for bad in (True, "0.5", float("nan")):
        raises(DataError, m.predict, HAND_X, threshold=bad)
        raises(DataError, LeastSquaresClassifier(threshold=bad).fit, HAND_X, HAND_Y)


def test_best_threshold_is_the_brute_force_minimum():
    # with the rule f >= t every threshold acts like a fitted value or max + 1
    ties_X = [[float(v)] for v in (0, 0, 1, 1, 1, 2, 2, 3, 3, 3)]
    ties_y = [0, 1, 0, 0, 1, 1, 0, 1, 1, 0]
    cases = [(HAND_X, HAND_Y), (X2, Y2), (ties_X, ties_y),
             ([[float(i)] for i in range(5)], [0, 0, 1, 1, 0])]
    for X, y in cases:
        m = LeastSquaresClassifier().fit(X, y)
        t, rate = m.best_threshold(X, y)
        f = m.fitted_value(X)
        brute = min(_errors(m, X, y, v) for v in f + [max(f) + 1.0])
        assert rate == brute / len(y), (X, rate, brute)
        assert _errors(m, X, y, t) == brute
    m = LeastSquaresClassifier().fit([[float(i)] for i in range(5)], [0, 0, 1, 1, 0])
    t, rate = m.best_threshold([[float(i)] for i in range(5)], [0, 0, 1, 1, 0])
    assert abs(t - 0.35) < max(1e-12, 4 * EPS) and rate == 0.2


def test_best_threshold_edges():
    m = LeastSquaresClassifier()
    m.classes_, m.n_features_in_, m.intercept_, m.coef_ = [0, 1], 1, 0.0, [1.0]
    one_up = 1.0 + EPS
    assert (1.0 + one_up) / 2 == 1.0            # the midpoint rounds onto the lower value,
    t, rate = m.best_threshold([[1.0], [one_up]], [0, 1])
    assert rate == 0.0 and t == one_up          # so the cut is made at the upper one
    t, rate = m.best_threshold([[1.0], [2.0]], [0, 0])
    assert rate == 0.0 and t > 2.0
    t, rate = m.best_threshold([[1.0], [2.0]], [1, 1])
    assert rate == 0.0 and t < 1.0


def test_best_threshold_errors():
    m = LeastSquaresClassifier().fit(HAND_X, HAND_Y)
    assert "y has 3 labels" in str(raises(DataError, m.best_threshold, HAND_X, [0, 1, 1]))
    e = raises(DataError, m.best_threshold, HAND_X, [0, 1, 7, 1])
    assert "y[2] is 7" in str(e), str(e)
    m3 = LeastSquaresClassifier().fit(X2, Y3)
    e = raises(DataError, m3.best_threshold, X2, Y3)
    assert "binary model" in str(e), str(e)


def test_k_classes_are_k_separate_regressions():
    for fit_intercept in (True, False):
        m = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(X2, Y3)
        assert m.classes_ == [0, 1, 2] and len(m.coef_) == 3 and len(m.intercept_) == 3
        for k in range(3):
            b = LeastSquaresClassifier(fit_intercept=fit_intercept).fit(
                X2, ["yes" if v == k else "no" for v in Y3])
            assert abs(b.intercept_ - m.intercept_[k]) <= 4 * EPS, (fit_intercept, k)
            assert max_abs_diff(b.coef_, m.coef_[k]) <= 4 * EPS, (fit_intercept, k)


def test_indicator_fitted_values_sum_to_one():
    m = LeastSquaresClassifier().fit(X2, Y3)
    new = [[5.0, -3.0], [0.0, 0.0], [-10.0, 10.0]]
    for f in m.fitted_value(X2 + new):
        assert abs(sum(f) - 1.0) < max(1e-13, 4 * EPS), f
    assert abs(sum(m.intercept_) - 1.0) < max(1e-15, 4 * EPS)


def test_argmax_ties_go_to_the_first_class():
    m = LeastSquaresClassifier()
    m.classes_, m.n_features_in_ = ["a", "b", "c"], 1
    m.intercept_, m.coef_ = [0.5, 0.5, 0.5], [[0.0], [0.0], [0.0]]
    assert m.predict([[1.0]]) == ["a"]
    m.intercept_ = [0.1, 0.5, 0.5]
    assert m.predict([[1.0]]) == ["b"]


def test_rank_deficient_x_names_the_column():
    X = [[0.0, 2.0], [1.0, -1.0], [2.0, 0.5], [3.0, 1.0], [4.0, 3.0]]
    y = [0, 1, 0, 1, 1]
    for j in range(3):                                   # a constant column at j
        rows = [r[:j] + [2.5] + r[j:] for r in X]
        e = raises(DataError, LeastSquaresClassifier().fit, rows, y)
        assert "column %d of X is a linear combination" % j in str(e), (j, str(e))
    rows = [r + [r[0]] for r in X]                       # a copy of column 0 at 2
    for fit_intercept in (True, False):
        e = raises(DataError, LeastSquaresClassifier(fit_intercept=fit_intercept).fit, rows,
                   [0, 1, 2, 1, 0])
        assert "column 2 of X" in str(e), str(e)
    e = raises(DataError, LeastSquaresClassifier(fit_intercept=False).fit,
               [[0.0, 1.0], [0.0, 2.0]], [0, 1])
    assert "column 0 of X" in str(e), str(e)


def test_a_dependent_column_among_badly_scaled_ones_is_named():
    """Breast cancer's 30 raw features (lengths sqrt(sum x^2) from 0.11 to 2.5e4, some
    nearly collinear) with a constant or copied column added: X'X's pivot test,
    relative to each column's own length, names it in single precision too."""
    d = breast_cancer()
    X, y = d.data, d.target
    for j, c in ((0, 1e-3), (5, 3e3), (30, 0.7)):        # a constant column at j
        e = raises(DataError, LeastSquaresClassifier().fit, [r[:j] + [c] + r[j:] for r in X], y)
        assert "column %d of X is a linear combination" % j in str(e), (j, c, str(e))
    for i, j in ((0, 1), (3, 30), (19, 25)):              # a copy of column i at j
        e = raises(DataError, LeastSquaresClassifier().fit, [r[:j] + [r[i]] + r[j:] for r in X], y)
        assert "column %d of X is a linear combination" % j in str(e), (i, j, str(e))


def test_not_fitted_and_bad_input():
    m = LeastSquaresClassifier()
    raises(NotFittedError, m.predict, HAND_X)
    raises(NotFittedError, m.decision_function, HAND_X)
    raises(NotFittedError, m.best_threshold, HAND_X, HAND_Y)
    assert m.fit(HAND_X, HAND_Y) is m
    assert "fitted with 1" in str(raises(DataError, m.predict, [[1.0, 2.0]]))
    for X, y, words in (([[1.0], [2.0]], [1, 1], "only one class"),
                        ([[1.0], [2.0]], [0, 1, 1], "y has 3 labels"),
                        ([[1.0], [2.0, 3.0]], [0, 1], "row 1 has 2 columns"),
                        ([[1.0], [2.0]], ["a", 1], "cannot be hashed and sorted")):
        e = raises(DataError, LeastSquaresClassifier().fit, X, y)
        assert words in str(e), (words, str(e))


def test_make_masking_is_the_same_everywhere():
    d = make_masking()
    assert len(d.data) == 150 and d.target == [0] * 50 + [1] * 50 + [2] * 50
    assert d.feature_names == ["x"] and d.target_name == "class"
    assert make_masking().data == d.data and make_masking(seed=1).data != d.data
    # recorded on CPython 3.11; SplitMix64 is exact integer arithmetic, and
    # Box-Muller's log, sqrt and cos may differ by an ulp between libms
    want = [(0, -5.883908333352441), (1, -3.772392064536395), (2, -4.221437880597155),
            (50, -1.1373044893578852), (149, 2.4105141180994787)]
    for i, x in want:
        assert_close(d.data[i][0], x, rel=max(1e-13, 8 * EPS), what="x[%d]" % i)
    raises(DataError, make_masking, 0)


def test_masking_hides_the_middle_class():
    X, y = make_masking()
    m = LeastSquaresClassifier().fit(X, y)
    predicted = m.predict(X)
    assert 1 not in predicted
    lo, hi = min(r[0] for r in X) - 1.0, max(r[0] for r in X) + 1.0
    grid = [[lo + (hi - lo) * i / 2000] for i in range(2001)]
    assert 1 not in m.predict(grid)
    accuracy = sum(1 for p, t in zip(predicted, y) if p == t) / len(y)
    assert abs(accuracy - 2 / 3) <= 0.02, accuracy
