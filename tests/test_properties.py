"""Property tests (Hypothesis) for the identities the lecture proves.

Equation numbers are those of walkthrough.md. Each test states its invariant
in its docstring and justifies its tolerance in a comment. EPS is the spacing
of floats at 1.0 (2.2e-16), so "k EPS" means "k roundings' worth of error".

Inputs are valid by construction: nonsingular matrices are built as
diagonally dominant or as P L U, singular ones with a dependent column, and
the solver data cannot be separated by any hyperplane (see
``overlapping_data``), so the maximum-likelihood estimate exists.

Run with ``HYPOTHESIS_PROFILE=ci`` for the CI example budget (tests/conftest.py).
"""

import math
import random
import sys
import warnings
from fractions import Fraction

import pytest
from hypothesis import example, find, given, settings
from hypothesis import strategies as st
from hypothesis.errors import NoSuchExample

from minilogit import (ConvergenceWarning, LogisticRegression, Matrix, SingularMatrixError,
                       log1pexp, log_sigmoid, log_softmax, logit, logsumexp, sigmoid, softmax)
from minilogit.core.logistic import LogisticLoss, nll, nll_pm1, squared_error
from minilogit.core.solvers import ROUNDING

EPS = sys.float_info.epsilon
BIG = sys.float_info.max
# An absolute floor for error bounds of the form EPS * (something tiny): below
# the normal range (2.2e-308) floats have a fixed spacing, so relative error
# bounds stop holding there. Any value this small is underflow noise.
UNDERFLOW = 1e-300


# -- helpers ------------------------------------------------------------------

def floats(lo, hi):
    return st.floats(lo, hi, allow_nan=False, allow_infinity=False)


def vectors(elements, n):
    return st.lists(elements, min_size=n, max_size=n)


def dot(u, v):
    return sum(a * b for a, b in zip(u, v))


def max_abs(v):
    return max(abs(x) for x in v)


def norm_inf(M):
    """The largest absolute row sum ||M||_inf."""
    return max(sum(abs(a) for a in row) for row in M.rows)


def unit(n, j, h):
    """h times the j-th unit vector of length n."""
    return [h if k == j else 0.0 for k in range(n)]


def plus(u, v):
    return [a + b for a, b in zip(u, v)]


def minus(u, v):
    return [a - b for a, b in zip(u, v)]


# -- 1. Matrix ------------------------------------------------------------------

@st.composite
def dominant_matrices(draw, min_n=1, max_n=5):
    """A float n x n matrix, strictly row-diagonally dominant with margin 1,
    rows shuffled, all scaled by 2^k.

    Varah's bound ||A^-1||_inf <= 1 / min_i(|a_ii| - sum_{j != i} |a_ij|) = 1
    and ||A||_inf <= 2(n - 1) + 1 give cond_inf(A) <= 2n - 1: well conditioned
    by construction. Shuffling rows (so partial pivoting swaps) and scaling
    by a power of two (so nothing assumes entries near 1) change neither.
    """
    n = draw(st.integers(min_n, max_n))
    rows = [draw(vectors(floats(-1.0, 1.0), n)) for _ in range(n)]
    for i, row in enumerate(rows):
        off_diagonal = sum(abs(a) for j, a in enumerate(row) if j != i)
        row[i] = draw(st.sampled_from([1.0, -1.0])) * (1.0 + off_diagonal)
    order = draw(st.permutations(range(n)))
    scale = 2.0 ** draw(st.integers(-40, 40))
    return Matrix([[scale * a for a in rows[i]] for i in order])


def cond_bound(n):
    """cond_inf of every ``dominant_matrices`` matrix is at most this (see there)."""
    return 2 * n - 1


small_fractions = st.fractions(min_value=-4, max_value=4, max_denominator=6)
nonzero_fractions = st.builds(lambda num, den, sign: sign * Fraction(num, den),
                              st.integers(1, 6), st.integers(1, 6), st.sampled_from([1, -1]))


@st.composite
def fraction_matrices(draw, max_n=4):
    """A nonsingular n x n matrix of Fractions, built as A = P L U.

    L is unit lower triangular, U upper triangular with a nonzero diagonal, P
    a row permutation: det A = +-prod(u_ii) != 0. Every nonsingular matrix
    has this form (LU with partial pivoting), so nothing special is assumed.
    """
    n = draw(st.integers(1, max_n))
    zero, one = Fraction(0), Fraction(1)
    L = [[one if i == j else draw(small_fractions) if i > j else zero for j in range(n)]
         for i in range(n)]
    U = [[draw(nonzero_fractions) if i == j else draw(small_fractions) if i < j else zero
          for j in range(n)] for i in range(n)]
    LU = Matrix(L) @ Matrix(U)
    return Matrix([LU.rows[i] for i in draw(st.permutations(range(n)))])


@given(dominant_matrices())
def test_float_inverse_is_a_right_inverse(A):
    """A A^-1 = I for a well-conditioned float matrix, up to rounding."""
    n = A.shape[0]
    R = A @ A.inverse()
    # Tolerance: the residual of an inverse computed by elimination with
    # partial pivoting is of order n EPS cond(A) (Higham, "Accuracy and
    # Stability of Numerical Algorithms", ch. 14); cond_inf(A) <= 2n - 1 by
    # construction, and the factor 8 covers the constant. At n = 5: 8e-14.
    tol = 8 * n * cond_bound(n) * EPS
    for i in range(n):
        for j in range(n):
            assert abs(R[i][j] - (1.0 if i == j else 0.0)) <= tol, (i, j, R[i][j])


@given(fraction_matrices())
def test_fraction_inverse_is_exact(A):
    """A^-1 A = I exactly, and A^-1 stays in Fractions, when A has Fraction entries."""
    n = A.shape[0]
    Ainv = A.inverse()
    assert all(isinstance(a, Fraction) for row in Ainv.rows for a in row)
    assert (Ainv @ A).rows == Matrix.identity(n).rows    # Fraction(1) == 1.0: exact comparison


@st.composite
def conformable_pairs(draw):
    """(A, B) with A n x k and B k x m, float entries of any sign and size up to 1e6."""
    n, k, m = draw(st.integers(1, 4)), draw(st.integers(1, 4)), draw(st.integers(1, 4))
    entries = floats(-1e6, 1e6)
    A = Matrix([draw(vectors(entries, k)) for _ in range(n)])
    B = Matrix([draw(vectors(entries, m)) for _ in range(k)])
    return A, B


@given(conformable_pairs())
def test_transpose_of_product(pair):
    """(A B)^T = B^T A^T, exactly, even for floats."""
    A, B = pair
    # No tolerance: entry (j, i) of both sides is sum_k A_ik B_kj, the same
    # products (IEEE multiplication commutes) summed in the same order k.
    # Entries <= 1e6 keep every sum finite, so no inf - inf = nan.
    assert (A @ B).T.rows == (B.T @ A.T).rows


@st.composite
def dependent_fraction_matrices(draw):
    """(A, j): column j of A is an integer combination of columns 0..j-1 (the
    zero column when j = 0), and columns 0..j-1 are independent (they come
    from a nonsingular matrix): A is exactly singular, and j is its first
    dependent column."""
    rows = draw(fraction_matrices()).tolist()
    n = len(rows)
    j = draw(st.integers(0, n - 1))
    c = draw(vectors(st.integers(-3, 3), j))
    for row in rows:
        row[j] = sum((c_l * row[l] for l, c_l in enumerate(c)), Fraction(0))
    return Matrix(rows), j


@given(dependent_fraction_matrices())
def test_singular_fraction_matrix_names_dependent_column(case):
    """A matrix whose column j depends on columns 0..j-1 raises SingularMatrixError, .column == j.

    Elimination turns the independent columns 0..j-1 into unit vectors e_l;
    the same row operations turn column j = sum c_l col_l into sum c_l e_l,
    which is exactly zero in rows j..n-1: column j has no pivot.
    """
    A, j = case
    with pytest.raises(SingularMatrixError) as caught:
        A.inverse()
    assert caught.value.column == j


@st.composite
def duplicated_column_matrices(draw):
    """(A, j): a well-conditioned float matrix whose column j copies an earlier column i < j."""
    rows = draw(dominant_matrices(min_n=2)).tolist()
    j = draw(st.integers(1, len(rows) - 1))
    i = draw(st.integers(0, j - 1))
    for row in rows:
        row[j] = row[i]
    return Matrix(rows), j


@given(duplicated_column_matrices())
def test_duplicated_float_column_is_singular(case):
    """A float matrix whose column j copies an earlier one raises SingularMatrixError, .column == j.

    Exact even in floats: every row operation treats the equal columns i and
    j with the same arithmetic, so after step j - 1 column j is bitwise column
    i, i.e. e_i, whose rows j..n-1 are exactly zero.
    """
    A, j = case
    with pytest.raises(SingularMatrixError) as caught:
        A.inverse()
    assert caught.value.column == j


@given(dominant_matrices(), st.data())
def test_float_solve_agrees_with_inverse(A, data):
    """A.solve(b) = A.inverse() @ b for a well-conditioned float matrix, up to rounding."""
    n = A.shape[0]
    b = data.draw(vectors(floats(-1e3, 1e3), n), label="b")
    Ainv = A.inverse()
    x_solve, x_inv = A.solve(b), Ainv @ b
    # Tolerance: each answer is off from A^-1 b by at most about
    # n EPS cond(A) |A^-1|_inf |b|_inf (as in the inverse test above); their
    # difference by twice that, and the factor 8 covers the constant. UNDERFLOW
    # is added for answers so small that they are rounded to subnormals.
    tol = 2 * 8 * n * cond_bound(n) * EPS * norm_inf(Ainv) * max_abs(b) + UNDERFLOW
    assert max_abs(minus(x_solve, x_inv)) <= tol


@given(fraction_matrices(), st.data())
def test_fraction_solve_equals_inverse_times_b(A, data):
    """A.solve(b) == A.inverse() @ b exactly, for Fraction entries."""
    b = data.draw(vectors(small_fractions, A.shape[0]), label="b")
    assert A.solve(b) == A.inverse() @ b


# -- 2. Functions -----------------------------------------------------------------

any_float = st.floats(allow_nan=False, allow_infinity=False)
any_vector = st.lists(any_float, min_size=1, max_size=12)


@given(any_float)
@example(1e308)
@example(-1e308)
def test_sigmoid_symmetry(a):
    """sigma(-a) = 1 - sigma(a), eq. (5) with 1 - sigma(a) = sigma(-a), for every finite a."""
    # Tolerance 4 EPS, absolute: sigma(a) is one exp, one add and one divide,
    # so it is off by at most ~2 EPS (relative, and sigma <= 1); 1 - sigma(a)
    # is exact for sigma >= 1/2 (Sterbenz) and sigma(-a) <= 1/2 adds <= EPS.
    # Relative error cannot be asked for: for a > 37, 1 - sigma(a) is 0.
    assert abs(sigmoid(-a) - (1.0 - sigmoid(a))) <= 4 * EPS


@given(floats(-30.0, 30.0))
def test_sigmoid_derivative_matches_central_difference(a):
    """sigma'(a) = sigma(a)(1 - sigma(a)), eq. (7), against a central difference."""
    h = 1e-5
    lo, hi = a - h, a + h
    central = (sigmoid(hi) - sigmoid(lo)) / (hi - lo)    # hi - lo: the step actually taken
    # Tolerance 1e-10, absolute: truncation h^2/6 max|sigma'''| = 1e-10/6 * 1/8
    # = 2e-12; rounding: each sigma carries <= 2 EPS, so the quotient <= 4 EPS
    # / 2h = 4.4e-11.
    assert abs(central - sigmoid(a) * (1.0 - sigmoid(a))) <= 1e-10


@given(floats(-30.0, 30.0))
@example(30.0)
def test_logit_inverts_sigmoid(a):
    """logit(sigma(a)) = a, eq. (6), for |a| <= 30."""
    # Tolerance 4 EPS (|a| + 1 + e^a): sigma(a) is off by ~2 EPS relative,
    # and logit's derivative 1/(p(1 - p)) turns an error 2 EPS p into
    # 2 EPS / (1 - p) = 2 EPS (1 + e^a); logit itself adds ~EPS |a|. The e^a
    # term is not slack: near a = 30, p = 1 - 9.4e-14 is stored only to
    # +-5.6e-17, so its log-odds are known to 6e-4 at best (this bound: 9.5e-3,
    # 3e-4 relative). For a <= 0 the bound is below 4 EPS (|a| + 2).
    assert abs(logit(sigmoid(a)) - a) <= 4 * EPS * (abs(a) + 1.0 + math.exp(a))


@given(any_vector)
@example([BIG, -BIG])
def test_softmax_sums_to_one(a):
    """sum_k softmax(a)_k = 1 for every finite vector a."""
    # Tolerance 2 (n + 1) EPS: the denominator s >= 1 is a sum of n terms in
    # [0, 1] (relative error <= n EPS/2), each quotient adds EPS/2, and adding
    # the n quotients another n EPS/2.
    assert abs(sum(softmax(a)) - 1.0) <= 2 * (len(a) + 1) * EPS


@given(st.lists(floats(-1e3, 1e3), min_size=1, max_size=12), floats(-1e3, 1e3))
def test_softmax_is_shift_invariant(a, c):
    """softmax(a + c) = softmax(a) for every constant c."""
    shifted, original = softmax([x + c for x in a]), softmax(a)
    # Tolerance 4 EPS (M + n + 1), M = max|a| + |c|: rounding a_k + c moves each
    # logit by <= EPS M / 2, and moving all logits by <= d changes each p_k by
    # <= 2 d p_k <= EPS M; each softmax adds (n + 1) EPS (see above); factor 2.
    tol = 4 * EPS * (max_abs(a) + abs(c) + len(a) + 1)
    assert max_abs(minus(shifted, original)) <= tol


# Vectors whose entries sit within 50 of a common, possibly huge, offset: the
# case where a_k - logsumexp(a) must not lose the gaps against the offset.
clustered_vectors = st.builds(lambda c, gaps: [c + g for g in gaps], floats(-1e300, 1e300),
                              st.lists(floats(-50.0, 50.0), min_size=1, max_size=12))


@given(st.one_of(any_vector, clustered_vectors))
@example([1e20, 1e20])   # failed before df1f6dc: a_k - logsumexp(a) gave [0.0, 0.0]
def test_log_softmax_is_log_of_softmax(a):
    """log_softmax(a)_k = log(softmax(a)_k) wherever softmax(a)_k is a normal float.

    A subnormal softmax_k carries fewer significant bits, so its log may be
    off by O(1); there the identity is not checked.
    """
    m = max(a)
    for x, log_p, p in zip(a, log_softmax(a), softmax(a)):
        if p < sys.float_info.min:
            continue
        # Tolerance 4 EPS (|a_k - m| + n + 3): log(softmax_k) is off by about
        # EPS (|a_k - m| + n + 3) (rounding a_k - m, exp, the sum, the divide,
        # the log), and a stable log_softmax_k = (a_k - m) - log(sum) by
        # EPS (|a_k - m| + log n + 1): both depend on the gaps a_k - m, not on
        # the size of m. Factor 2 for slack.
        assert abs(log_p - math.log(p)) <= 4 * EPS * (abs(x - m) + len(a) + 3), (x, log_p, p)


@given(any_vector)
@example([BIG, BIG])
def test_logsumexp_is_at_least_the_max(a):
    """logsumexp(a) >= max(a) for every finite vector a, exactly.

    No tolerance: the maximum contributes e^0 = 1 to the sum s, the other
    terms are >= 0, so s >= 1 and log s >= 0 in floating point too, and
    m + (something >= 0) rounds to >= m.
    """
    assert logsumexp(a) >= max(a)


@pytest.mark.parametrize("f", [sigmoid, log_sigmoid, log1pexp])
@given(a=any_float)
@example(a=1e308)
@example(a=-1e308)
@example(a=BIG)
@example(a=-BIG)
def test_scalar_functions_never_fail(f, a):
    """sigmoid, log_sigmoid, log1pexp return a non-nan float for every finite a, without raising."""
    assert not math.isnan(f(a))


@pytest.mark.parametrize("f", [softmax, log_softmax])
@given(a=any_vector)
@example(a=[1e308, -1e308])
@example(a=[-BIG, BIG, 0.0])
@example(a=[BIG, BIG])
def test_vector_functions_never_fail(f, a):
    """softmax and log_softmax return n non-nan floats for every finite vector, without raising."""
    out = f(a)
    assert len(out) == len(a) and not any(math.isnan(v) for v in out)


@given(any_vector)
@example([1e308, -1e308])
@example([BIG, BIG])
def test_logsumexp_never_fails(a):
    """logsumexp returns a non-nan float for every finite vector, without raising."""
    assert not math.isnan(logsumexp(a))


# -- 3. The objective ------------------------------------------------------------------

@st.composite
def problems(draw, n_betas=1, max_rows=6, max_features=2, x_range=2.0, beta_range=3.0):
    """(X, y, beta_1, ..., beta_k): a design matrix with a leading column of ones,
    0/1 labels, and k coefficient vectors."""
    p = draw(st.integers(1, max_features))
    n = draw(st.integers(1, max_rows))
    X = Matrix([[1.0] + draw(vectors(floats(-x_range, x_range), p)) for _ in range(n)])
    y = draw(vectors(st.integers(0, 1), n))
    betas = [draw(vectors(floats(-beta_range, beta_range), p + 1)) for _ in range(n_betas)]
    return (X, y) + tuple(betas)


# Finite differences below use the step h = 1e-5. On ``problems()`` (|x| <= 2,
# |beta_j| <= 3, N <= 6, so |a_i| <= 15 and L <= 95) the value and gradient
# are computed to ~1e-13, so dividing by 2h adds <= 1e-8; the truncation
# error h^2/6 sum_i |x_i|^3 max|sigma''| (resp. |x_i|^4 max|sigma'''|) is
# <= 3e-10. The tolerance 1e-6 is 100 times their sum.
FD_STEP, FD_TOL = 1e-5, 1e-6


@given(problems())
def test_gradient_matches_finite_difference(case):
    """g = X^T(p - y), eq. (12), equals a central difference of L, eq. (10)."""
    X, y, beta = case
    loss, h = LogisticLoss(X, y), FD_STEP
    g = loss.gradient(beta)
    for j in range(len(beta)):
        up, down = plus(beta, unit(len(beta), j, h)), minus(beta, unit(len(beta), j, h))
        central = (loss.value(up) - loss.value(down)) / (up[j] - down[j])
        assert abs(g[j] - central) <= FD_TOL, (j, g[j], central)


@given(problems())
def test_hessian_matches_finite_difference_of_gradient(case):
    """H = X^T W X, eq. (13), equals a central difference of the gradient, column by column."""
    X, y, beta = case
    loss, h = LogisticLoss(X, y), FD_STEP
    H = loss.hessian(beta)
    for j in range(len(beta)):
        up, down = plus(beta, unit(len(beta), j, h)), minus(beta, unit(len(beta), j, h))
        g_up, g_down = loss.gradient(up), loss.gradient(down)
        column = [(a - b) / (up[j] - down[j]) for a, b in zip(g_up, g_down)]
        assert max_abs(minus([row[j] for row in H.rows], column)) <= FD_TOL, j


def loss_scale(X, beta):
    """sum_i (1 + sum_j |x_ij beta_j|): bounds the size of every term of L and of its rounding."""
    return sum(1.0 + sum(abs(x * b) for x, b in zip(row, beta)) for row in X.rows)


@given(problems(max_rows=8, x_range=100.0, beta_range=100.0))
def test_pm1_labels_give_the_same_loss(case):
    """sum_i log(1 + e^(-s_i a_i)) with s = 2y - 1, eq. (11), equals the 0/1 form, eq. (10)."""
    X, y, beta = case
    s = [2 * y_i - 1 for y_i in y]
    # Tolerance 2 (N + 2) EPS loss_scale: the terms agree exactly for y = 0,
    # and for y = 1 log1pexp(a) - a loses EPS (|a| + 1) to cancellation;
    # summing N terms of size <= |a_i| + 1 adds N EPS/2 of that.
    tol = 2 * (len(y) + 2) * EPS * loss_scale(X, beta)
    assert abs(nll_pm1(X, s, beta) - nll(X, y, beta)) <= tol


@given(problems(n_betas=2, beta_range=20.0), floats(0.0, 1.0))
def test_nll_is_convex_along_segments(case, t):
    """Jensen: L(t alpha + (1 - t) beta) <= t L(alpha) + (1 - t) L(beta) for the NLL, eq. (10)."""
    X, y, alpha, beta = case
    mid = [t * a + (1 - t) * b for a, b in zip(alpha, beta)]
    chord = t * nll(X, y, alpha) + (1 - t) * nll(X, y, beta)
    # Tolerance 4 (N + p + 1) EPS (scale(alpha) + scale(beta)): each loss is
    # off by about (N + p + 1) EPS times its scale (the dot products and the
    # sum), and rounding the midpoint moves it by <= EPS (|alpha| + |beta|),
    # changing L by <= EPS (scale(alpha) + scale(beta)) since |dL/da_i| <= 1.
    tol = 4 * (len(y) + len(alpha)) * EPS * (loss_scale(X, alpha) + loss_scale(X, beta))
    assert nll(X, y, mid) <= chord + tol


@given(problems(beta_range=20.0), st.data())
def test_hessian_is_positive_semidefinite(case, data):
    """v^T H v >= 0 for every v: H = sum_i w_i x_i x_i^T with w_i = p_i (1 - p_i) >= 0, eq. (13)."""
    X, y, beta = case
    v = data.draw(vectors(floats(-10.0, 10.0), len(beta)), label="v")
    H = LogisticLoss(X, y).hessian(beta)
    # Tolerance 4 (N + p + 1) EPS sum_i w_i (|x_i| . |v|)^2: the exact value is
    # sum_i w_i (x_i . v)^2 >= 0, and forming H and then v^T H v errs by at
    # most (N + p + 1) EPS times the same sum with absolute values.
    w = [sigmoid(a) * sigmoid(-a) for a in X @ beta]
    scale = sum(w_i * dot([abs(x) for x in row], [abs(c) for c in v]) ** 2
                for w_i, row in zip(w, X.rows))
    assert dot(v, H @ v) >= -4 * (len(y) + len(v)) * EPS * scale - UNDERFLOW


# One example (x, y), a segment [alpha, beta] of one coefficient, and t.
one_example_segments = st.tuples(floats(-5.0, 5.0), st.integers(0, 1), floats(-20.0, 20.0),
                                 floats(-20.0, 20.0), floats(0.0, 1.0))
# A violation of Jensen's inequality counts when it exceeds this. Rounding
# can fake at most ~1e-13 here (the losses are <= 1 for squared error and
# <= 101 for the NLL), so a violation above 1e-9 is real.
JENSEN_MARGIN = 1e-9
SEARCH = settings(max_examples=1000, database=None)
# What ``find`` below shrinks to (x = 1, y = 0, the segment [0, 2], its
# midpoint): sigma(1)^2 = 0.5344 > (sigma(0)^2 + sigma(2)^2) / 2 = 0.5129.
SHRUNK_SQUARED_ERROR_VIOLATION = (1.0, 0, 0.0, 2.0, 0.5)


def jensen_violation(loss, case):
    """L(t alpha + (1 - t) beta) - [t L(alpha) + (1 - t) L(beta)] on one example; > 0 violates Jensen."""
    x, y, alpha, beta, t = case
    X = Matrix([[x]])
    mid = loss(X, [y], [t * alpha + (1 - t) * beta])
    return mid - (t * loss(X, [y], [alpha]) + (1 - t) * loss(X, [y], [beta]))


def test_squared_error_is_not_convex():
    """The squared error of sigma, eq. (14), is not convex: there is a
    one-example dataset and a segment on which it lies above its chord.

    Fails if the loss were convex: then ``find`` raises NoSuchExample, and the
    pinned case (what ``find`` shrank to) would not violate Jensen either.
    """
    found = find(one_example_segments,
                 lambda case: jensen_violation(squared_error, case) > JENSEN_MARGIN,
                 settings=SEARCH, random=random.Random(0))
    assert jensen_violation(squared_error, found) > JENSEN_MARGIN
    assert jensen_violation(squared_error, SHRUNK_SQUARED_ERROR_VIOLATION) > JENSEN_MARGIN


def test_the_same_search_finds_nothing_for_the_nll():
    """Control for the test above: the same search on the (convex) NLL, eq. (10), finds nothing."""
    with pytest.raises(NoSuchExample):
        find(one_example_segments,
             lambda case: jensen_violation(nll, case) > JENSEN_MARGIN,
             settings=SEARCH, random=random.Random(0))


# -- 4. Solvers ----------------------------------------------------------------------------

def standardize(rows):
    """Columns shifted to mean 0 and scaled to (population) standard deviation 1."""
    n = len(rows)
    cols = []
    for col in zip(*rows):
        mean = sum(col) / n
        sd = math.sqrt(sum((v - mean) ** 2 for v in col) / n)
        cols.append([(v - mean) / sd for v in col])
    return [list(r) for r in zip(*cols)]


@st.composite
def overlapping_data(draw, max_features=3, max_extra=16):
    """(X, y): standardized features and 0/1 labels for which the MLE exists.

    Construction: p + 1 affinely independent "anchor" points (a corner c and
    c + d_j e_j, d_j != 0), each present twice, once with each label, plus up
    to 16 random points with random labels.

    Why the MLE exists: the design rows [1, anchor] span R^(p+1), so X has
    full column rank, and no beta != 0 separates the classes even
    quasi-completely. That would need s_i x_i^T beta >= 0 for every row; for
    a duplicated anchor both x^T beta >= 0 and -x^T beta >= 0, so x^T beta = 0
    on p + 1 spanning rows, i.e. beta = 0. (One duplicated pair alone would
    rule out complete separation only: a hyperplane through that point can
    still separate the rest quasi-completely.) No separation + full rank:
    the loss is strictly convex and grows in every direction, so it has a
    unique finite minimiser (Albert and Anderson 1984). Standardizing is an
    affine change of the features and keeps all of this.
    """
    p = draw(st.integers(1, max_features))
    corner = draw(vectors(floats(-3.0, 3.0), p))
    steps = [draw(st.sampled_from([1.0, -1.0])) * draw(floats(0.5, 3.0)) for _ in range(p)]
    anchors = [corner] + [plus(corner, unit(p, j, steps[j])) for j in range(p)]
    k = draw(st.integers(0, max_extra))
    extra = [draw(vectors(floats(-3.0, 3.0), p)) for _ in range(k)]
    labels = draw(vectors(st.integers(0, 1), k))
    X = standardize(anchors + anchors + extra)
    y = [0] * (p + 1) + [1] * (p + 1) + labels
    return X, y


def fit(X, y, solver, **options):
    """Fit quietly. A SeparationWarning is an error (the data are built to
    overlap); so is a ConvergenceWarning from Newton or IRLS. For gd and sgd
    it is not: what they reach is what their tests check."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        if solver in ("gd", "sgd"):
            warnings.simplefilter("ignore", ConvergenceWarning)
        return LogisticRegression(solver=solver, **options).fit(X, y)


# gd's iteration budget in these tests: converging runs on ``overlapping_data``
# take a median 17 and at most ~500 iterations (measured over 1500 examples);
# 2000 bounds the cost of a run that stalls (see the pinned case below).
GD_MAX_ITER = 2000


def coefficients(model):
    return [model.intercept_] + list(model.coef_)


def rel_diff(u, v):
    """max_j |u_j - v_j|, relative to max(1, max_j |v_j|)."""
    return max_abs(minus(u, v)) / max(1.0, max_abs(v))


@given(overlapping_data())
def test_irls_reaches_newtons_coefficients(data):
    """IRLS, eqs. (21)-(22), and Newton, eq. (20), reach the same coefficients."""
    X, y = data
    newton, irls = fit(X, y, "newton"), fit(X, y, "irls")
    # Tolerance 1e-9 relative: in exact arithmetic the two iterations are the
    # same; in floats each step solves a system with cond(X'WX) small here
    # (standardized features) and Newton's quadratic convergence does not let
    # rounding pile up. IRLS's weight floor (1e-10) acts only on points fitted
    # within 1e-10 of their label, which overlapping data do not produce.
    # Measured over 1500 examples: <= 7e-15.
    assert rel_diff(coefficients(irls), coefficients(newton)) <= 1e-9


@given(overlapping_data())
def test_newton_and_irls_take_the_same_steps(data):
    """Newton and IRLS produce the same loss after every iteration (history_)."""
    X, y = data
    newton, irls = fit(X, y, "newton"), fit(X, y, "irls")
    assert len(irls.history_) == len(newton.history_)
    # Tolerance 1e-9 relative, as for the coefficients above. Measured: <= 1e-15.
    for L_irls, L_newton in zip(irls.history_, newton.history_):
        assert abs(L_irls - L_newton) <= 1e-9 * L_newton


@given(overlapping_data())
def test_gradient_descent_reaches_newtons_coefficients(data):
    """Gradient descent with line search, eqs. (15)-(16), reaches Newton's coefficients."""
    X, y = data
    gd, newton = fit(X, y, "gd", max_iter=GD_MAX_ITER), fit(X, y, "newton")
    # Tolerance 1e-4 relative: gd stops once the mean gradient is <= 1e-8, so
    # it is about 1e-8 / mu from the optimum, mu the smallest eigenvalue of the
    # mean Hessian. Measured over 1500 examples: <= 2.4e-6 (mu down to ~4e-3);
    # 1e-4 allows mu down to 1e-4, which standardized, overlapping data with
    # <= 3 features do not reach.
    assert rel_diff(coefficients(gd), coefficients(newton)) <= 1e-4


# Standardized data (shrunk by Hypothesis from ``overlapping_data``) on which
# gradient descent gets within 6e-8 of the optimum after ~30 iterations, where
# L - eta/2 ||g||^2 rounds to L: eq. (16) alone would accept steps so small that
# beta does not change at all, and the run would spin until max_iter.
GD_STALLS = (
    [[-0.46286173356494653, -0.9617665058236795], [1.6973100028243555, -0.9617665058236795],
     [-0.46286173356494653, 0.6751006387174966], [-0.46286173356494653, -0.9617665058236795],
     [1.6973100028243555, -0.9617665058236795], [-0.46286173356494653, 0.6751006387174966],
     [-0.46286173356494653, 0.8801035600800348], [-1.0803113378239784, 1.6167611857796884]],
    [0, 0, 0, 1, 1, 1, 0, 1])


@given(overlapping_data())
@example(GD_STALLS)
def test_gradient_descent_lowers_the_loss_at_every_step(data):
    """Every step gradient descent takes lowers the loss, and moves beta.

    Eq. (16) accepts a step only when L(beta - eta g) <= L(beta) - eta/2 ||g||^2,
    and ||g|| > 0 at every step taken (else the fit has converged), so L
    falls strictly; where that fall is below the rounding of L, the step is
    taken on its slope form (g(beta_new)·g >= ||g||^2 / 2), and the computed
    L may then move either way by rounding only (ROUNDING |L|).
    """
    X, y = data
    model = fit(X, y, "gd", max_iter=GD_MAX_ITER)
    history, iterates = model.history_, model.result_.iterates
    flat = [i for i in range(1, len(history)) if not (history[i] < history[i - 1] or (
        abs(history[i] - history[i - 1]) <= ROUNDING * history[i - 1]))]
    assert not flat, ("%d of %d steps did not lower the loss, the first at iteration %d"
                      % (len(flat), len(history) - 1, flat[0]))
    still = [k for k in range(1, len(iterates)) if iterates[k] == iterates[k - 1]]
    assert not still, "a step left beta unchanged at trace index %d" % still[0]


# Standardized data built like ``overlapping_data`` on which SGD stops after 5 epochs,
# converged_ = True, with the loss 0.29% above the optimum and a mean gradient of
# 0.025: over the last epoch the averaged loss happened to change by 6.5e-7
# relative (it rose), which passes the stopping test |L_old - L| <= 1e-6 |L|.
SGD_STOPS_EARLY = (
    [[-0.4124340386279795, -0.8620584872867435], [1.534639114887922, -0.8620584872867435],
     [-0.4124340386279795, 1.552768046632783], [-0.4124340386279795, -0.8620584872867435],
     [1.534639114887922, -0.8620584872867435], [-0.4124340386279795, 1.552768046632783],
     [0.18516146750844725, -0.09931925867081184], [-1.6047035427723733, 0.4420171145522198]],
    [0, 0, 0, 1, 1, 1, 1, 0])
# Standardized data (shrunk by Hypothesis) on which SGD runs its 200 epochs and
# warns that it did not converge: the loss is still 0.24% above the optimum and
# falling by ~1.5e-5 per epoch (0.07% after 500 epochs, 0.02% after 1000). That
# was with the rate eta_0 / sqrt(1 + t / N); with eq. (18)'s 1/t rate and the
# average of the last half of the run, it converges in 165 epochs, 1.8e-5 above.
SGD_NEEDS_MORE_EPOCHS = (
    [[-0.5773502691896258, 0.3464101615137754], [1.7320508075688774, 0.3464101615137754],
     [-0.5773502691896258, 0.808290376865476], [-0.5773502691896258, 0.3464101615137754],
     [1.7320508075688774, 0.3464101615137754], [-0.5773502691896258, 0.808290376865476],
     [-0.5773502691896258, -0.5773502691896257], [-0.5773502691896258, -2.424871130596428]],
    [0, 0, 0, 1, 1, 1, 0, 0])


def sgd_excess(X, y):
    """(SGD's fitted model, its final loss relative to the minimum, minus 1)."""
    sgd, newton = fit(X, y, "sgd"), fit(X, y, "newton")
    return sgd, sgd.history_[-1] / newton.history_[-1] - 1.0


def quadratic_gap(X, y, beta):
    """(1/2) g^T H^-1 g at beta: the second-order estimate of L(beta) - min L."""
    loss = LogisticLoss(Matrix([[1.0] + list(r) for r in X]), y)
    g = loss.gradient(beta)
    return 0.5 * dot(g, loss.hessian(beta).solve(g))


@given(overlapping_data())
@example(SGD_STOPS_EARLY)
@example(SGD_NEEDS_MORE_EPOCHS)
def test_sgd_reaches_the_optimal_loss(data):
    """Averaged SGD, eqs. (17)-(19), given the epochs it needs (2000 here; the
    default 200 can be too few on tiny data, and then SGD says so with a
    ConvergenceWarning), ends close to the minimum: its excess loss is what
    its gradient says, at most twice (1/2) g^T H^-1 g, and within 1e-2 relative."""
    X, y = data
    sgd, newton = fit(X, y, "sgd", max_iter=2000), fit(X, y, "newton")
    gap = sgd.history_[-1] - newton.history_[-1]
    # The factor 2 covers the cubic term of the Taylor expansion (the gradient is
    # small, so beta is close to the optimum); 1e-12 L covers the rounding of L.
    bound = quadratic_gap(X, y, [sgd.intercept_] + sgd.coef_)
    assert gap <= 2 * bound + 1e-12 * newton.history_[-1]
    # 1e-2 relative: the stopping test (mean gradient <= 1e-3) leaves a few 1e-4 on
    # most data; on a handful of points with little curvature it can leave ~2e-3.
    assert gap <= 1e-2 * newton.history_[-1]


@given(overlapping_data())
@example(SGD_STOPS_EARLY)
def test_sgd_claims_convergence_only_near_the_optimum(data):
    """When SGD reports converged_, its excess loss is at most twice (1/2) g^T H^-1 g."""
    sgd, excess = sgd_excess(*data)
    if sgd.converged_:
        X, y = data
        newton_loss = sgd.history_[-1] / (1.0 + excess)
        bound = quadratic_gap(X, y, [sgd.intercept_] + sgd.coef_)
        assert excess * newton_loss <= 2 * bound + 1e-12 * newton_loss


@given(overlapping_data(), st.sampled_from([(1, 0), ("red", "green"), (200, 100)]))
def test_swapping_the_labels_negates_beta(data, names):
    """Swapping which class is positive negates intercept and coef, since L_swapped(beta) = L(-beta).

    Class 0 gets the larger name, so it becomes ``classes_[1]``.
    """
    X, y = data
    swapped = [names[y_i] for y_i in y]      # 0 -> names[0] > names[1] <- 1
    original, flipped = fit(X, y, "newton"), fit(X, swapped, "newton")
    # Tolerance 1e-9 relative: Newton's iterates on the swapped labels are the
    # negated iterates, up to the rounding of sigma(-a) versus 1 - sigma(a).
    # Measured: <= 5e-15.
    assert rel_diff([-b for b in coefficients(flipped)], coefficients(original)) <= 1e-9


@given(overlapping_data(), st.sampled_from([("green", "red"), (100, 200), (-1, 1), ("no", "yes")]))
def test_order_preserving_relabelling_changes_nothing(data, names):
    """Renaming 0/1 to any two labels lo < hi gives identical coefficients.

    ``classes_`` are sorted and hi is the positive class, so the 0/1 coding is unchanged.
    """
    X, y = data
    renamed = fit(X, [names[y_i] for y_i in y], "newton")
    original = fit(X, y, "newton")
    # No tolerance: the 0/1 coding, and so every computation, is identical.
    assert renamed.classes_ == list(names)
    assert coefficients(renamed) == coefficients(original)
