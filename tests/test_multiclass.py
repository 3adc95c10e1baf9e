"""Softmax regression, one-vs-rest and multi-label learning: properties (Hypothesis).

Equation numbers are those of walkthrough.md: softmax (24), cross-entropy
(25), its gradient (26) and Hessian (27), the ridge term (28), the
reference class (29), one-vs-rest (30), multi-label loss (31).
"""

import sys
import warnings

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from minilogit import (DataError, LogisticRegression, Matrix, MultiLabelClassifier,
                       OneVsRest, SeparationWarning, SoftmaxRegression)
from minilogit.datasets import make_masking
from minilogit import LeastSquaresClassifier
from minilogit.core.functions import logsumexp, softmax
from minilogit.core.penalty import ElasticNet, Penalised
from minilogit.core.softmax_regression import SoftmaxLoss
from test_properties import (FD_STEP, FD_TOL, floats, max_abs, minus, overlapping_data,
                             plus, unit, vectors)

EPS = sys.float_info.epsilon


@st.composite
def softmax_problems(draw, n_thetas=1, max_rows=6, max_features=2, max_classes=4,
                     x_range=2.0, theta_range=3.0):
    """(X, y, K, theta_1, ...): a design matrix with a leading 1, class indices in
    0..K-1 (not every class need occur), and flat parameter vectors of K blocks."""
    p = draw(st.integers(1, max_features))
    n = draw(st.integers(1, max_rows))
    K = draw(st.integers(2, max_classes))
    X = Matrix([[1.0] + draw(vectors(floats(-x_range, x_range), p)) for _ in range(n)])
    y = draw(vectors(st.integers(0, K - 1), n))
    thetas = [draw(vectors(floats(-theta_range, theta_range), K * (p + 1)))
              for _ in range(n_thetas)]
    return (X, y, K) + tuple(thetas)


# The finite-difference tolerances of test_properties.py hold here too: with
# |x| <= 2, |theta| <= 3 and p <= 2 every score is at most 18 in size and
# each example's loss and its derivatives are as smooth as the binary ones
# (the softmax's derivatives of order 2 and 3 are bounded by 1).

@given(softmax_problems())
def test_softmax_gradient_matches_finite_difference(case):
    """dE/dtheta_k = sum_i (p_ik - [y_i = k]) x_i, eq. (27), equals a central difference of E."""
    X, y, K, theta = case
    loss, h = SoftmaxLoss(X, y, K), FD_STEP
    g = loss.gradient(theta)
    for j in range(len(theta)):
        up, down = plus(theta, unit(len(theta), j, h)), minus(theta, unit(len(theta), j, h))
        central = (loss.value(up) - loss.value(down)) / (up[j] - down[j])
        assert abs(g[j] - central) <= FD_TOL, (j, g[j], central)


@given(softmax_problems())
def test_softmax_hessian_matches_finite_difference_of_gradient(case):
    """The blocks sum_i p_ik([k = l] - p_il) x_i x_i^T, eq. (28), equal central
    differences of the gradient, column by column."""
    X, y, K, theta = case
    loss, h = SoftmaxLoss(X, y, K), FD_STEP
    H = loss.hessian(theta)
    for j in range(len(theta)):
        up, down = plus(theta, unit(len(theta), j, h)), minus(theta, unit(len(theta), j, h))
        column = [(a - b) / (up[j] - down[j]) for a, b in zip(loss.gradient(up), loss.gradient(down))]
        assert max_abs(minus([row[j] for row in H.rows], column)) <= FD_TOL, j


@given(softmax_problems())
def test_example_gradients_sum_to_the_gradient(case):
    """SGD's one-example gradients add up to the full gradient, eq. (27)."""
    X, y, K, theta = case
    loss = SoftmaxLoss(X, y, K)
    total = [0.0] * len(theta)
    for i in range(len(y)):
        total = plus(total, loss.example_gradient(i, theta))
    # each of the N <= 6 summands is at most 2 in size per entry: 8 N EPS covers the roundings
    assert max_abs(minus(total, loss.gradient(theta))) <= 8 * len(y) * EPS * 2 + 1e-300


def scale(X, theta, K):
    """sum_i (1 + sum_k sum_j |x_ij theta_kj|): bounds each term of E and its rounding."""
    d = X.shape[1]
    return sum(1.0 + sum(abs(x * t) for k in range(K)
                         for x, t in zip(row, theta[k * d:(k + 1) * d])) for row in X.rows)


@given(softmax_problems(n_thetas=2, theta_range=20.0), floats(0.0, 1.0))
def test_cross_entropy_is_convex_along_segments(case, t):
    """Jensen: E(t alpha + (1 - t) beta) <= t E(alpha) + (1 - t) E(beta) for eq. (26)."""
    X, y, K, alpha, beta = case
    loss = SoftmaxLoss(X, y, K)
    mid = [t * a + (1 - t) * b for a, b in zip(alpha, beta)]
    chord = t * loss.value(alpha) + (1 - t) * loss.value(beta)
    # As for the binary loss: each E is off by about (N + K(p + 1)) EPS times its
    # scale, and rounding the midpoint moves E by <= EPS (scale(alpha) + scale(beta)).
    tol = 4 * (len(y) + len(alpha)) * EPS * (scale(X, alpha, K) + scale(X, beta, K))
    assert loss.value(mid) <= chord + tol


@given(softmax_problems(), st.data())
def test_softmax_hessian_is_positive_semidefinite(case, data):
    """v^T H v >= 0: each example adds x_i x_i^T kron (diag(p_i) - p_i p_i^T), a PSD matrix."""
    X, y, K, theta = case
    v = data.draw(vectors(floats(-10.0, 10.0), len(theta)), label="v")
    H = SoftmaxLoss(X, y, K).hessian(theta)
    quad = sum(v_j * sum(h * w for h, w in zip(row, v)) for v_j, row in zip(v, H.rows))
    bound = sum(abs(v_j) * sum(abs(h * w) for h, w in zip(row, v)) for v_j, row in zip(v, H.rows))
    assert quad >= -4 * len(theta) ** 2 * EPS * bound - 1e-300


def plain_softmax_formulas(X, y, K, theta):
    """E, eq. (26), its gradient, eq. (27), and Hessian, eq. (28), row by row as written."""
    d = X.shape[1]
    E, g, H = 0.0, [0.0] * (K * d), [[0.0] * (K * d) for _ in range(K * d)]
    for x_i, y_i in zip(X.rows, y):
        a_i = [sum(x * t for x, t in zip(x_i, theta[k * d:(k + 1) * d])) for k in range(K)]
        p_i = softmax(a_i)
        E += logsumexp(a_i) - a_i[y_i]
        for k in range(K):
            for j in range(d):
                g[k * d + j] += (p_i[k] - (k == y_i)) * x_i[j]
                for l in range(K):
                    for m in range(d):
                        H[k * d + j][l * d + m] += p_i[k] * ((k == l) - p_i[l]) * x_i[j] * x_i[m]
    return E, g, H


@given(softmax_problems(n_thetas=2))
def test_tables_rewritten_in_place_give_the_plain_formulas(case):
    """The loss writes its scores and weights into arrays it keeps (a board's heap):
    after another theta's value, gradient and Hessian, and after ``release``, those
    at theta still equal eqs. (26)-(28) computed row by row."""
    X, y, K, theta, other = case
    loss = SoftmaxLoss(X, y, K)
    E, g, H = plain_softmax_formulas(X, y, K, theta)
    n = len(y)
    for _ in range(2):
        loss.value(other), loss.gradient(other), loss.hessian(other)
        # each of E's N terms is off by a few EPS times its scale; each entry of g sums
        # N terms of size <= 2, and of H (a diagonal block from K - 1 others) K N of size <= 4
        assert abs(loss.value(theta) - E) <= 8 * n * EPS * scale(X, theta, K)
        assert max_abs(minus(loss.gradient(theta), g)) <= 8 * n * EPS * 2
        assert max(max_abs(minus(r, s)) for r, s in zip(loss.hessian(theta).rows, H)) \
            <= 8 * K * n * EPS * 4
        loss.release()


def quiet(estimator, X, y):
    """Fit with every warning an error: the data below are built to overlap."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return estimator.fit(X, y)


@given(overlapping_data())
def test_two_class_softmax_with_a_reference_class_is_logistic_regression(data):
    """K = 2 with theta_0 fixed at 0, eq. (30): theta_1 is the binary model's beta."""
    X, y = data
    binary = quiet(LogisticRegression(), X, y)
    soft = quiet(SoftmaxRegression(penalty=None, reference_class=0), X, y)
    assert soft.coef_[0] == [0.0] * len(X[0]) and soft.intercept_[0] == 0.0
    # Both run the same Newton iteration on the same loss; 1e-9 allows for the
    # different order of the floating-point sums.
    for a, b in zip([binary.intercept_] + binary.coef_, [soft.intercept_[1]] + soft.coef_[1]):
        assert abs(a - b) <= 1e-9 * max(1.0, abs(a)), (a, b)


@given(overlapping_data(), st.data())
def test_multilabel_with_missing_entries_is_separate_binary_fits(data, draw):
    """Eq. (32): each label's coefficients are those of a binary fit on the rows
    where that label is known. Label k keeps the anchor rows of the data (which
    make its MLE exist) and hides a random subset of the other rows."""
    X, y = data
    n_anchor_rows = 2 * (len(X[0]) + 1)
    K = draw.draw(st.integers(1, 3), label="K")
    columns = [y]
    for _ in range(K - 1):
        extra = draw.draw(vectors(st.sampled_from([0, 1, None]), len(y) - n_anchor_rows))
        columns.append(y[:n_anchor_rows] + extra)
    Y = [list(row) for row in zip(*columns)]
    multi = quiet(MultiLabelClassifier(tol=1e-10), X, Y)
    for k in range(K):
        rows = [i for i in range(len(y)) if Y[i][k] is not None]
        single = quiet(LogisticRegression(tol=1e-10), [X[i] for i in rows], [Y[i][k] for i in rows])
        got = [multi.intercept_[k]] + multi.coef_[k]
        want = [single.intercept_] + single.coef_
        # Newton on a block-diagonal Hessian takes the K binary steps; the runs
        # may stop one step apart, where the gradient is <= 1e-10 N per row.
        assert max_abs(minus(got, want)) <= 1e-7 * max(1.0, max_abs(want)), (k, got, want)


@given(overlapping_data(max_features=2), st.integers(0, 2))
def test_one_vs_rest_probabilities_sum_to_one(data, shift):
    """Eq. (31): the normalised probabilities of each row sum to 1; predict is their argmax."""
    X, y = data
    labels = [(v + shift * (i % 2)) for i, v in enumerate(y)]     # 2 or 3 classes
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")                           # a class may be separable
        ovr = OneVsRest(LogisticRegression(max_iter=20)).fit(X, labels)
    for p, label in zip(ovr.predict_proba(X), ovr.predict(X)):
        assert abs(sum(p) - 1.0) <= 4 * EPS * len(p)
        assert ovr.classes_[p.index(max(p))] == label


@given(softmax_problems(max_rows=8), floats(0.01, 5.0))
def test_penalised_gradient_vanishes_at_the_newton_fit(case, lam):
    """With lam > 0 the penalised cross-entropy, eq. (29), has a minimum on any data:
    Newton finds a point where its gradient is zero and the intercepts sum to 0."""
    X, y, K, _ = case
    assume(len(set(y)) >= 2)
    rows = [r[1:] for r in X.rows]
    labels = [chr(ord("a") + k) for k in y]
    m = SoftmaxRegression(penalty="l2", lam=lam, tol=1e-10).fit(rows, labels)
    assert m.converged_
    assert abs(sum(m.intercept_)) <= 1e-9 * max(1.0, max_abs(m.intercept_))
    K = len(m.classes_)
    theta = []
    for b, c in zip(m.intercept_, m.coef_):
        theta.extend([b] + c)
    index = [m.classes_.index(v) for v in labels]
    d = X.shape[1]
    loss = Penalised(SoftmaxLoss(X, index, K), ElasticNet(lam, 0.0),
                     [k * d + j for k in range(K) for j in range(1, d)])
    assert max_abs(loss.gradient(theta)) <= 1e-9 * len(y) * 10


def test_unpenalised_newton_without_a_reference_class_says_why_and_what_to_do():
    """K free vectors (penalty='l2' with lam = 0, no reference class): Newton refuses."""
    with pytest.raises(DataError) as e:
        SoftmaxRegression(penalty="l2", lam=0.0).fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    message = str(e.value)
    assert message.startswith("Newton's method cannot fit K free parameter vectors without a "
                              "ridge penalty")
    assert "singular" in message and "reference_class" in message and "penalty='l2'" in message


def test_the_default_is_unpenalised_with_the_first_class_as_reference():
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    y = ["b", "b", "c", "b", "c", "a", "c", "a", "a"]
    m = SoftmaxRegression().fit(X, y)
    ref = SoftmaxRegression(penalty=None, reference_class="a").fit(X, y)
    assert m.penalty is None and m.reference_ == "a" and ref.reference_ == "a"
    assert m.coef_ == ref.coef_ and m.intercept_ == ref.intercept_
    assert m.coef_[0] == [0.0] and m.intercept_[0] == 0.0
    ridge = SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y)
    assert ridge.reference_ is None and abs(sum(ridge.intercept_)) <= 1e-12


def test_gradient_descent_needs_no_reference_class():
    """From 0 every step keeps sum_k theta_k = 0, so unpenalised gd stays identified."""
    X = [[(i - 4.0) / 2.0] for i in range(9)]          # centred and scaled, for gd
    y = [0, 0, 1, 0, 1, 2, 1, 2, 2]
    free = SoftmaxRegression(solver="gd", penalty="l2", lam=0.0).fit(X, y)    # K free vectors
    assert free.reference_ is None
    assert free.converged_
    ref = SoftmaxRegression(penalty=None, reference_class=0).fit(X, y)
    assert abs(sum(c[0] for c in free.coef_)) <= 1e-12
    for p, q in zip(free.predict_proba(X), ref.predict_proba(X)):
        assert max_abs(minus(p, q)) <= 1e-6


def test_any_hashable_labels_and_sorted_classes():
    X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
    y = [(2, "c"), (2, "c"), (1, "b"), (2, "c"), (1, "b"), (0, "a"), (1, "b"), (0, "a"), (0, "a")]
    m = SoftmaxRegression().fit(X, y)
    assert m.classes_ == [(0, "a"), (1, "b"), (2, "c")]
    assert m.predict([[0.0], [4.0], [8.0]]) == [(2, "c"), (1, "b"), (0, "a")]
    for row in m.predict_proba(X):
        assert abs(sum(row) - 1.0) <= 4 * EPS


@pytest.mark.parametrize("kwargs, needle", [
    ({"penalty": "l3"}, "unknown penalty"),
    ({"penalty": "l1"}, "use solver='proximal'"),
    ({"lam": -1.0}, "lam must be"),
    ({"solver": "irls"}, "unknown solver"),
    ({"reference_class": 7}, "reference_class 7"),
])
def test_bad_parameters(kwargs, needle):
    with pytest.raises(DataError) as e:
        SoftmaxRegression(**kwargs).fit([[0.0], [1.0], [2.0]], [0, 1, 2])
    assert needle in str(e.value)


def test_duplicated_column_is_named():
    X = [[float(i), float(i)] for i in range(9)]
    with pytest.raises(DataError) as e:
        SoftmaxRegression(penalty=None, reference_class=0).fit(X, [0, 0, 1, 0, 1, 2, 1, 2, 2])
    assert "column 1 of X" in str(e.value)


@pytest.mark.parametrize("Y, needle", [
    ([[0, 1], [1]], "row 1 has 1 labels"),
    ([[0, 2], [1, 1]], "Y[0][1] is 2"),
    ([[0, None], [1, None]], "label 1 has no value"),
    ([[0, 1], [1, 1]], "label 1 has only the value 1"),
    ([[0, "x"], [1, 0]], "Y[0][1] is 'x'"),
])
def test_bad_label_tables(Y, needle):
    with pytest.raises(DataError) as e:
        MultiLabelClassifier().fit([[0.0], [1.0]], Y)
    assert needle in str(e.value)


def test_multilabel_separated_label_warns():
    X = [[0.0], [1.0], [2.0], [3.0]]
    Y = [[0, 0], [1, 0], [0, 1], [1, 1]]          # label 1 is cut at x = 1.5
    with pytest.warns(SeparationWarning, match="label 1"):
        MultiLabelClassifier().fit(X, Y)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_masking_indicator_regression_never_predicts_the_middle_class_softmax_does(seed):
    """Eq. (3) against eq. (25) on three well-separated groups along one feature."""
    X, y = make_masking(seed=seed)
    grid = [[-8.0 + 16.0 * i / 400] for i in range(401)]
    indicator = LeastSquaresClassifier().fit(X, y)
    assert 1 not in indicator.predict(X) and 1 not in indicator.predict(grid)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        softmax_model = SoftmaxRegression().fit(X, y)
    # seed 0's outer classes are cut off from the rest: separation, said
    assert set(w.category for w in caught) <= {SeparationWarning}, caught
    predicted = softmax_model.predict(X)
    assert predicted.count(1) >= 45                      # the 50 middle points, bar overlap
    assert sum(a == b for a, b in zip(predicted, y)) >= 0.95 * len(y)
