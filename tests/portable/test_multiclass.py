"""Softmax regression, one-vs-rest and multi-label learning on every runtime.

The iris figures are those of tests/data/iris.json (scikit-learn 1.9.1,
scipy 1.17.1): the exact optimum of sum CE + (1/2)||W||^2, i.e. lam = 0.5.
"""

from helpers import (EPS, FIT, FIT_GD, TOY_X, TOY_Y, X2, Y2, assert_close, coefficients,
                     fit, max_abs_diff, only, raises, warnings_from)

from minilogit import (DataError, LogisticRegression, MultiLabelClassifier, OneVsRest,
                       SeparationWarning, SoftmaxRegression)
from minilogit.datasets import load_iris, make_masking
from minilogit import LeastSquaresClassifier
from minilogit.core.matrix import Matrix
from minilogit.core.softmax_regression import SoftmaxLoss

IRIS_L2_OBJECTIVE = 28.8863166040925           # iris.json: sklearn.exact_l2_lam1_raw
IRIS_L2_INTERCEPT = [9.849568050482151, 2.2372056322032075, -12.086773682685358]
THREE_X = [[(i - 4.0) / 2.0] for i in range(9)]
THREE_Y = ["a", "a", "b", "a", "b", "c", "b", "c", "c"]


def test_cross_entropy_examples_of_the_lecture():
    import math
    tiger = SoftmaxLoss(Matrix([[1.0]]), [0], 3)
    assert_close(tiger.value([math.log(0.7), math.log(0.2), math.log(0.1)]), -math.log(0.7))
    assert tiger.value([1000.0, 0.0, 0.0]) == 0.0


def test_two_classes_with_a_reference_class_is_logistic_regression():
    binary, _ = fit(LogisticRegression(), X2, Y2)
    soft, ws = fit(SoftmaxRegression(penalty=None, reference_class=0), X2, Y2)
    assert ws == [], ws
    assert soft.coef_[0] == [0.0, 0.0] and soft.intercept_[0] == 0.0
    got = [soft.intercept_[1]] + soft.coef_[1]
    # the same optimum, to rounding: 1e-9, or a few hundred EPS in single precision
    want = coefficients(binary)
    assert max_abs_diff(got, want) <= max(1e-9, 256 * EPS), (got, want)
    default, ws = fit(SoftmaxRegression(), X2, Y2)      # the default: the same model
    assert ws == [] and default.reference_ == 0, (ws, default.reference_)
    assert default.coef_ == soft.coef_ and default.intercept_ == soft.intercept_


def test_iris_ridge_newton_reaches_the_exact_optimum():
    X, y = load_iris()
    m, ws = fit(SoftmaxRegression(solver="newton", penalty="l2", lam=0.5), X, y)
    assert ws == [] and m.converged_, ws
    assert_close(m.history_[-1], IRIS_L2_OBJECTIVE, rel=max(1e-9, 16 * EPS), what="objective")
    assert_close(m.intercept_, IRIS_L2_INTERCEPT, rel=max(1e-7, FIT), what="intercept_")
    for row in m.predict_proba(X[:10]):
        assert_close(sum(row), 1.0, rel=max(1e-15, 4 * EPS))


def test_iris_without_penalty_reports_setosa_separated():
    X, y = load_iris()
    m, ws = fit(SoftmaxRegression(penalty=None, reference_class=0), X, y)
    sep = only(ws, SeparationWarning)
    assert len(sep) == 1 and "class 0" in str(sep[0]), ws
    assert not m.converged_


def test_unpenalised_newton_needs_a_reference_class():
    # K free vectors (a penalty named, but lam = 0) and no reference class: refused
    e = raises(DataError, SoftmaxRegression(penalty="l2", lam=0.0).fit, THREE_X, THREE_Y)
    assert "reference_class" in str(e) and "penalty='l2'" in str(e), str(e)
    # penalty=None (the default) takes the first class as the reference
    m, ws = fit(SoftmaxRegression(penalty=None), THREE_X, THREE_Y)
    assert ws == [] and m.converged_ and m.reference_ == "a" and m.coef_[0] == [0.0], ws


def test_solvers_agree_on_the_ridge_optimum():
    ridge = {"penalty": "l2", "lam": 0.5}
    newton, _ = fit(SoftmaxRegression(**ridge), THREE_X, THREE_Y)
    gd, _ = fit(SoftmaxRegression(solver="gd", **ridge), THREE_X, THREE_Y)
    sgd, _ = fit(SoftmaxRegression(solver="sgd", max_iter=400, **ridge), THREE_X, THREE_Y)
    assert newton.reference_ is None and gd.reference_ is None
    # the objective's excess is quadratic in the distance from the optimum
    assert_close(gd.history_[-1], newton.history_[-1], rel=max(1e-9, FIT_GD ** 2, 4 * EPS),
                 what="gd objective")
    assert_close(sgd.history_[-1], newton.history_[-1], rel=1e-3, what="sgd objective")
    assert newton.predict([[-2.0], [0.0], [2.0]]) == ["a", "b", "c"]


def test_one_vs_rest_normalises():
    ovr, _ = fit(OneVsRest(LogisticRegression()), THREE_X, THREE_Y)
    assert ovr.classes_ == ["a", "b", "c"] and len(ovr.estimators_) == 3
    for row in ovr.predict_proba(THREE_X):
        assert_close(sum(row), 1.0, rel=max(1e-15, 4 * EPS))
    assert ovr.predict([[-2.0], [0.0], [2.0]]) == ["a", "b", "c"]


def test_multilabel_missing_entries_are_left_out():
    Y = [[y_i, None if i % 3 == 0 else TOY_Y[(i + 4) % 12]] for i, y_i in enumerate(TOY_Y)]
    tol = max(1e-10, 64 * EPS)      # single precision: the float's own limit, solvers.TOL
    ml, ws = fit(MultiLabelClassifier(tol=tol), TOY_X, Y)
    assert ws == [], ws
    for k in range(2):
        rows = [i for i in range(12) if Y[i][k] is not None]
        alone, _ = fit(LogisticRegression(tol=tol), [TOY_X[i] for i in rows],
                       [Y[i][k] for i in rows])
        got = [ml.intercept_[k]] + ml.coef_[k]
        assert max_abs_diff(got, coefficients(alone)) <= max(1e-8, FIT), (k, got)
    p = ml.predict_proba([[-2.0], [2.0]])
    assert p[0][0] < 0.5 < p[1][0], p                  # label 0 is the toy labels: rising in x
    assert ml.predict([[-2.0], [2.0]]) == [[1 if v >= 0.5 else 0 for v in row] for row in p]


def test_multilabel_bad_table():
    e = raises(DataError, MultiLabelClassifier().fit, [[0.0], [1.0]], [[0, 1], [1, 1]])
    assert "label 1 has only the value 1" in str(e), str(e)


def test_masking():
    X, y = make_masking()
    assert 1 not in LeastSquaresClassifier().fit(X, y).predict(X)
    softmax, ws = warnings_from(SoftmaxRegression().fit, X, y)
    assert softmax.predict(X).count(1) >= 45
    # the outer classes are cut off from the rest: separation, said (on every runtime
    # that finds it; a float32 fit may stop before any point is certain)
    assert [type(w).__name__ for w in ws] in ([], ["SeparationWarning"]), ws


def _plain_softmax(X, y, K, theta):
    """E, g and H of eqs. (26)-(28), row by row on new lists."""
    import math
    d = len(X[0])
    blocks = [theta[k * d:(k + 1) * d] for k in range(K)]
    E, g = 0.0, [0.0] * (K * d)
    H = [[0.0] * (K * d) for _ in range(K * d)]
    for x_i, y_i in zip(X, y):
        a = [sum(u * t for u, t in zip(x_i, b)) for b in blocks]
        m = max(a)
        lse = m + math.log(sum(math.exp(v - m) for v in a))
        p = [math.exp(v - lse) for v in a]
        E += lse - a[y_i]
        for k in range(K):
            for j in range(d):
                g[k * d + j] += (p[k] - (1.0 if k == y_i else 0.0)) * x_i[j]
                for l in range(K):
                    for h in range(d):
                        w = p[k] * ((1.0 if k == l else 0.0) - p[l])
                        H[k * d + j][l * d + h] += w * x_i[j] * x_i[h]
    return E, g, H


def test_the_softmax_tables_rewritten_in_place_give_the_plain_formulas():
    # the loss keeps its scores and weights in arrays rewritten for each theta (a board,
    # PyPy): asked at theta after another theta, after release() and after an answer cut
    # short, it answers as eqs. (26)-(28) do on new lists
    X = [[1.0, x[0], x[1]] for x in X2]
    y = [(0, 1, 2)[i % 3] if v else 0 for i, v in enumerate(Y2)]
    from minilogit.core.checks import design
    loss = SoftmaxLoss(design(X2, True), y, 3)       # by columns, as a fit's: a in place
    theta = [0.1, -0.3, 0.2, -0.1, 0.4, 0.0, 0.3, 0.1, -0.2]
    other = [0.5, 0.2, -0.4, 0.0, -0.3, 0.6, 0.2, 0.0, 0.1]
    E, g, H = _plain_softmax(X, y, 3, theta)
    for _ in range(2):
        loss.value(other), loss.gradient(other), loss.hessian(other)
        assert_close(loss.value(theta), E, rel=64 * EPS)
        assert_close(loss.gradient(theta), g, rel=64 * EPS, abs_tol=64 * EPS)
        for row, want in zip(loss.hessian(theta).rows, H):
            assert_close(row, want, rel=64 * EPS, abs_tol=64 * EPS)
        loss.release()
    loss.value(theta)
    raises(TypeError, loss.value, other[:4] + ["x"] + other[5:])
    assert_close(loss.value(theta), E, rel=64 * EPS)


def test_the_softmax_hessian_is_eq_28_at_the_start_and_away_from_it():
    # block (k, l) = sum_i p_ik ([k = l] - p_il) x_i x_i', eq. (28), written out plainly:
    # at theta = 0 (every p_ik = 1/K, one block computed for all) and at a theta away from it
    X = Matrix([[1.0, x] for x in (-1.0, 0.5, 2.0, 3.5, -2.5)])
    y, K, d = [0, 1, 2, 1, 0], 3, 2
    for theta in ([0.0] * (K * d), [0.3, -0.2, -0.1, 0.4, 0.5, -0.6]):
        loss = SoftmaxLoss(X, y, K)
        P = [list(loss.probabilities(theta, k)) for k in range(K)]
        H = loss.hessian(theta).rows
        for k in range(K):
            for l in range(K):
                for j in range(d):
                    for m in range(d):
                        want = sum(P[k][i] * ((k == l) - P[l][i]) * X.rows[i][j] * X.rows[i][m]
                                   for i in range(len(y)))
                        assert abs(H[k * d + j][l * d + m] - want) <= 64 * EPS, (theta, k, l, j, m)
        assert loss.value(theta) == SoftmaxLoss(X, y, K).value(theta)   # tables recomputed
