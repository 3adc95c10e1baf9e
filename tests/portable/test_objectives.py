"""The logistic loss: value, gradient and Hessian (checked by finite differences)."""

import math

from helpers import EPS, HUGE, SINGLE, X2, Y2, assert_close, finite, raises

from minilogit import DataError, Matrix
from minilogit.core.compat import TINY
from minilogit.core.functions import log1pexp, sigmoid
from minilogit.core.logistic import LogisticLoss, nll, nll_pm1, squared_error

X1 = Matrix([[1.0] + r for r in X2])
BETA = [0.3, -0.7, 1.1]

# Central differences with step h err by about EPS |L| / h (rounding) plus
# h^2 |L'''| (truncation): h = EPS^(1/3) balances them at about
# EPS^(2/3) |L|. Double precision keeps h = 1e-6 and the bound 1e-7.
FD_STEP = 1e-6 if not SINGLE else EPS ** (1.0 / 3.0)
FD_TOL = max(1e-7, 16.0 * EPS ** (2.0 / 3.0))


def test_value_at_zero_is_n_log_2():
    loss = LogisticLoss(X1, Y2)
    assert (loss.n_examples, loss.n_params) == (12, 3)
    assert_close(loss.value([0.0, 0.0, 0.0]), 12 * math.log(2.0), rel=1e-15)
    assert loss.gradient([0.0, 0.0, 0.0]) == [0.5 - y for y in Y2] @ X1


def test_value_forms_agree():
    s = [2 * y - 1 for y in Y2]
    a = nll(X1, Y2, BETA)
    assert_close(nll_pm1(X1, s, BETA), a, rel=1e-14)
    assert_close(LogisticLoss(X1, Y2).value(BETA), a, rel=1e-15)
    # the textbook form, where it does not overflow
    p = [1.0 / (1.0 + math.exp(-v)) for v in X1 @ BETA]
    textbook = -sum(y * math.log(q) + (1 - y) * math.log(1 - q) for y, q in zip(Y2, p))
    assert_close(a, textbook, rel=max(1e-13, 8 * EPS))
    assert squared_error(Matrix([[1.0]]), [1], [0.0]) == 0.25


def test_one_pass_for_p_and_the_loss_gives_sigmoid_and_nll_float_for_float():
    # fitted takes p_i and log(1 + e^a_i) from one e^-|a_i| as sigmoid and log1pexp do:
    # the same floats, at scores of either sign, 0, and far out
    X = Matrix([[1.0, v] for v in (-800.0, -3.5, -1e-9, 0.0, 2.25, 40.0, 750.0)])
    y = [0, 1, 1, 0, 1, 0, 1]
    w = [0.5, 1.0, 2.0, 1.0, 3.0, 0.25, 1.0]
    for beta in ([0.1, 1.0], [-0.3, 0.02], [0.0, -1.0], [0.7, 0.0]):
        loss = LogisticLoss(X, y)
        a, p = loss.fitted(beta)
        assert p == [sigmoid(a_i) for a_i in a], beta
        assert loss.value(beta) == nll(X, y, beta), beta
        weighted = LogisticLoss(X, y, w).value(beta)
        assert weighted == sum(w_i * (log1pexp(a_i) - y_i * a_i)
                               for w_i, a_i, y_i in zip(w, a, y)), beta
    loss = LogisticLoss(X, y, w)            # the start, beta = 0: p_i = 1/2, L = log 2 sum w_i
    assert loss.fitted([0.0, 0.0]) == ([0.0] * 7, [0.5] * 7)
    assert loss.value([0.0, 0.0]) == sum(w) * math.log(2.0)
    assert raises(DataError, loss.value, [0.0, 0.0, 0.0])   # a beta of the wrong length


def test_value_by_margins_with_weights_and_the_separation_check():
    # value sums log(1 + e^-|a_i|) + max(-m_i, 0) over the margins m_i = s_i a_i: eq. (10)
    w = [1.0 + (i % 3) for i in range(len(Y2))]
    terms = [log1pexp(v) - y * v for v, y in zip(X1 @ BETA, Y2)]          # nll's terms
    assert_close(LogisticLoss(X1, Y2, w).value(BETA), sum(t * w_i for t, w_i in zip(terms, w)),
                 rel=max(1e-14, 8 * EPS))
    # the check reads the margins that value kept at beta, or makes them: one verdict
    for beta, verdict in (([0.0, 5.0], "complete"), ([0.0, -5.0], None), ([1.0, 0.5], None)):
        for first_value in (False, True):
            loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0], [1.0, 2.0]]), [0, 1, 1])
            if first_value:
                loss.value(beta)
            d = loss.diagnose(beta, None)
            assert (d.split(" ")[0] if d else None) == verdict, (beta, first_value, d)


def test_labels_other_than_0_and_1_are_refused():
    # eq. (10) and the margins s_i a_i (s_i = 2 y_i - 1) hold for 0/1 labels only
    e = raises(DataError, lambda: LogisticLoss(Matrix([[1.0], [1.0]]), [1, 0.5]))
    assert "{0, 1}" in str(e) and "0.5" in str(e)
    assert LogisticLoss(Matrix([[1.0], [1.0]]), [True, 0]).y == [1.0, 0.0]


def test_value_finite_at_huge_coefficients():
    loss = LogisticLoss(Matrix([[1.0]]), [1])
    assert loss.value([1000.0]) == 0.0
    assert loss.value([-1000.0]) == 1000.0
    b = HUGE * 1e-8                 # 1e300 in double precision: X beta stays finite
    big = LogisticLoss(X1, Y2).value([b, -b, b])
    assert not math.isnan(big)


def test_gradient_matches_finite_differences():
    loss = LogisticLoss(X1, Y2)
    g = loss.gradient(BETA)
    h = FD_STEP
    for j in range(3):
        up = list(BETA)
        dn = list(BETA)
        up[j] += h
        dn[j] -= h
        fd = (loss.value(up) - loss.value(dn)) / (2 * h)
        assert abs(fd - g[j]) <= FD_TOL, (j, fd, g[j])


def test_hessian_matches_finite_differences_and_is_symmetric():
    loss = LogisticLoss(X1, Y2)
    H = loss.hessian(BETA)
    h = FD_STEP
    for j in range(3):
        up = list(BETA)
        dn = list(BETA)
        up[j] += h
        dn[j] -= h
        gu, gd = loss.gradient(up), loss.gradient(dn)
        for k in range(3):
            fd = (gu[k] - gd[k]) / (2 * h)
            assert abs(fd - H.rows[k][j]) <= FD_TOL, (j, k, fd, H.rows[k][j])
            assert H.rows[j][k] == H.rows[k][j]
    assert LogisticLoss(Matrix([[1.0, 2.0]]), [1]).hessian([0.0, 0.0]).rows == [[0.25, 0.5], [0.5, 1.0]]


def test_example_gradients_sum_to_gradient():
    loss = LogisticLoss(X1, Y2)
    total = [0.0, 0.0, 0.0]
    for i in range(12):
        gi = loss.example_gradient(i, BETA)
        total = [t + v for t, v in zip(total, gi)]
    assert_close(total, loss.gradient(BETA), rel=1e-12, abs_tol=1e-14, what="sum of x_i(p_i - y_i)")


def test_working_response():
    w, z = LogisticLoss(Matrix([[1.0]]), [1]).working_response([0.0])
    assert (w, z) == ([0.25], [2.0])
    # a point fitted with certainty: the weight is floored at the smallest normal
    # float, z stays finite, and w z is still y - p (Newton's step, eq. (21))
    w, z = LogisticLoss(Matrix([[1.0]]), [0]).working_response([800.0])
    assert w == [TINY] and finite(z[0]) and abs(w[0] * z[0] + 1.0) <= 4 * EPS
    # a small weight that has not underflowed is left as it is
    p = sigmoid(10.0)
    w, z = LogisticLoss(Matrix([[1.0]]), [0]).working_response([10.0])
    assert w == [p * (1.0 - p)] and abs(w[0] * z[0] - (10.0 * w[0] - p)) <= 4 * EPS


def test_diagnose():
    loss = LogisticLoss(Matrix([[1.0, -1.0], [1.0, 1.0]]), [0, 1])
    assert loss.diagnose([0.0, 5.0], [0.0, 1.0]).startswith("complete separation")
    assert loss.diagnose([0.0, 0.0], [0.0, 0.0]) is None
    assert LogisticLoss(X1, Y2).diagnose(BETA, [0.1, 0.1, 0.1]) is None


def test_the_loss_answers_in_any_order_as_the_plain_formulas():
    """The loss writes a, p, W x_j, w and z into its own slots (a board's heap): asked in
    any order at any beta, it answers as the formulas computed on new lists do."""
    loss = LogisticLoss(X1, Y2)
    cols = X1.T.rows

    def plain(beta):
        a = [sum(x * b for x, b in zip(row, beta)) for row in X1.rows]      # eq. (8)
        p = [sigmoid(v) for v in a]                                         # eq. (9)
        g = [sum((p_i - y_i) * c_i for p_i, y_i, c_i in zip(p, Y2, c)) for c in cols]
        H = [[sum(p_i * (1.0 - p_i) * u * v for p_i, u, v in zip(p, cj, ck)) for ck in cols]
             for cj in cols]                                                # eq. (13)
        w = [max(p_i * (1.0 - p_i), TINY) for p_i in p]                     # eq. (21)
        z = [a_i + (y_i - p_i) / w_i for a_i, y_i, p_i, w_i in zip(a, Y2, p, w)]
        return sum(log1pexp(v) - y * v for v, y in zip(a, Y2)), g, H, w, z

    other = [-0.2, 0.4, 0.1]
    for beta, ask in [(BETA, "vghwvg"), (other, "hgvwhv"), (BETA, "wvhgw"), (other, "ghgv")]:
        L, g, H, w, z = plain(beta)
        for q in ask:
            if q == "v":
                assert_close(loss.value(beta), L, rel=64 * EPS)
            elif q == "g":
                assert_close(loss.gradient(beta), g, rel=64 * EPS, abs_tol=64 * EPS)
            elif q == "h":
                for row, want in zip(loss.hessian(beta).rows, H):
                    assert_close(row, want, rel=64 * EPS, abs_tol=64 * EPS)
            else:
                w2, z2 = loss.working_response(beta)
                assert_close(list(w2), w, rel=64 * EPS)
                assert_close(list(z2), z, rel=64 * EPS, abs_tol=64 * EPS)


def test_the_fast_separation_check_says_what_diagnose_margins_says():
    """diagnose's fast path (|y_i - p_i| > 1/2 somewhere, every |a_i| <= CERTAIN_MARGIN)
    returns None only where diagnose_margins on the margins s_i a_i does."""
    from minilogit.core.logistic import CERTAIN_MARGIN, binary_margins, diagnose_margins
    X = Matrix([[1.0, t] for t in (-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 2.0)])
    for y in ([0, 0, 0, 1, 1, 1, 1], [0, 1, 0, 1, 0, 1, 1], [1, 1, 0, 0, 0, 1, 0]):
        loss = LogisticLoss(X, y)
        for beta in ([0.0, 1.0], [0.0, -1.0], [0.3, 40.0], [-0.1, 2.0 * CERTAIN_MARGIN],
                     [0.0, 1e-9], [0.0, 0.0], [5.0, 0.1]):
            want = diagnose_margins(binary_margins(X @ beta, y), None)
            assert (loss.diagnose(beta, None) is None) == (want is None), (y, beta)


def test_an_answer_cut_short_leaves_no_stale_table():
    # a and p are rewritten in place (a board, PyPy): a beta that fails half way through
    # must not leave the last beta's answer pointing at half-rewritten arrays
    from minilogit.core.checks import design
    loss = LogisticLoss(design(X2, True), Y2)        # by columns, as a fit's: a in place
    L = loss.value(BETA)
    raises(TypeError, loss.value, [0.0, "x", 0.0])
    assert_close(loss.value(BETA), L, rel=4 * EPS)


def test_irls_w_and_z_outlive_the_losss_other_answers():
    # the walkthrough's Taylor check reads w and z after asking L at other betas
    from minilogit.core.checks import design
    loss = LogisticLoss(design(X2, True), Y2)
    w, z = loss.working_response(BETA)
    w0, z0 = list(w), list(z)
    loss.value([0.0, 0.1, 0.2]), loss.gradient([0.3, 0.0, 0.1]), loss.hessian([0.1, 0.1, 0.1])
    assert list(w) == w0 and list(z) == z0
