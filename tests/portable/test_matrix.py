"""Matrix: shape, transpose, products, arithmetic, Gauss-Jordan inverse and solve."""

from helpers import EPS, Fraction, Skip, assert_close, raises

from minilogit import DataError, Matrix, SingularMatrixError
from minilogit.core.checks import float_columns
from minilogit.core.checks import design
from minilogit.core.matrix import dot, weighted_gram


def _near(A, B, tol=1e-12):
    """Two lists of rows agree entry by entry within tol (absolute)."""
    A = A.rows if isinstance(A, Matrix) else A
    B = B.rows if isinstance(B, Matrix) else B
    assert len(A) == len(B), (A, B)
    for r, s in zip(A, B):
        assert len(r) == len(s), (A, B)
        for a, b in zip(r, s):
            assert abs(a - b) <= tol, (A, B)


def test_shape_len_getitem_iter():
    A = Matrix([[1, 2, 3], [4, 5, 6]])
    assert A.shape == (2, 3)
    assert len(A) == 2
    assert A[1] == [4, 5, 6]
    assert [r for r in A] == [[1, 2, 3], [4, 5, 6]]
    assert Matrix([[7.0]]).shape == (1, 1)
    assert Matrix([]).shape == (0, 0)
    assert Matrix(((1, 2), (3, 4))).rows == [[1, 2], [3, 4]]   # any iterable of rows


def test_rows_are_copied():
    rows = [[1.0, 2.0]]
    A = Matrix(rows)
    rows[0][0] = 9.0
    assert A[0][0] == 1.0
    out = A.tolist()
    assert out == [[1.0, 2.0]]
    out[0][0] = 5.0
    assert A[0][0] == 1.0


def test_ragged_rows_raise_data_error():
    e = raises(DataError, Matrix, [[1, 2], [3]])
    assert str(e) == "row 1 has 1 entries, row 0 has 2", str(e)
    assert isinstance(e, ValueError)


def test_transpose():
    A = Matrix([[1, 2, 3], [4, 5, 6]])
    assert A.T.rows == [[1, 4], [2, 5], [3, 6]]
    assert A.T.shape == (3, 2)
    assert A.T is A.T                     # computed once, then kept
    assert A.T.T.rows == A.rows
    assert A.rows == [[1, 2, 3], [4, 5, 6]]


def test_from_columns_is_the_matrix_of_its_rows():
    """A matrix made from columns answers every question as the Matrix of the
    same rows does, whether or not its rows have been asked for yet."""
    rows = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]
    for ask_rows_first in (False, True):
        A, B = Matrix.from_columns([[1.0, 4.0], [2.0, 5.0], [3.0, 6.0]]), Matrix(rows)
        if ask_rows_first:
            assert A.rows == rows
        assert A.shape == B.shape == (2, 3) and len(A) == 2
        assert A.T.rows == B.T.rows
        assert A @ [1.0, -1.0, 0.5] == B @ [1.0, -1.0, 0.5]
        assert [1.0, 2.0] @ A == [1.0, 2.0] @ B
        assert weighted_gram(A, [1.0, 2.0]).rows == weighted_gram(B, [1.0, 2.0]).rows
        assert A[1] == rows[1] and list(A) == rows and A.rows == rows


def test_repr():
    assert repr(Matrix([[1, 2], [3, 4]])) == "Matrix([[1, 2],\n        [3, 4]])"
    assert repr(Matrix([])) == "Matrix([])"


def test_matmul_matrix():
    A = Matrix([[1, 2], [3, 4]])
    assert (A @ Matrix([[1, 0], [1, 1]])).rows == [[3, 2], [7, 4]]
    B = Matrix([[1, 2, 3], [4, 5, 6]])                 # 2x3 @ 3x2
    C = B @ B.T
    assert isinstance(C, Matrix) and C.rows == [[14, 32], [32, 77]]
    assert (B.T @ B).shape == (3, 3)
    assert (A @ Matrix.identity(2)).rows == [[1.0, 2.0], [3.0, 4.0]]
    e = raises(DataError, A.__matmul__, B.T)
    assert str(e) == "cannot multiply a 2x2 by a 3x2 matrix", str(e)


def test_matmul_vector():
    A = Matrix([[1, 2], [3, 4], [5, 6]])
    v = A @ [1, 1]
    assert isinstance(v, list) and v == [3, 7, 11]
    assert A @ (1.0, -1.0) == [-1.0, -1.0, -1.0]
    e = raises(DataError, A.__matmul__, [1, 2, 3])
    assert "vector of length 3" in str(e), str(e)


def test_rmatmul_vector_times_matrix():
    A = Matrix([[1, 2], [3, 4]])
    w = [1, 1] @ A
    assert isinstance(w, list) and w == [4, 6]
    assert [2, -1] @ A == A.T @ [2, -1] == [-1, 0]
    raises(DataError, A.__rmatmul__, [1, 2, 3])


def test_add_and_subtract():
    A = Matrix([[1, 2], [3, 4]])
    B = Matrix([[10, 20], [30, 40]])
    assert (A + B).rows == [[11, 22], [33, 44]]
    assert (B - A).rows == [[9, 18], [27, 36]]
    assert (A - A).rows == [[0, 0], [0, 0]]
    e = raises(DataError, A.__add__, Matrix([[1, 2, 3]]))
    assert str(e) == "sum of a 2x2 and a 1x3 matrix", str(e)
    raises(DataError, A.__sub__, Matrix([[1], [2]]))
    raises(TypeError, A.__add__, 1)
    raises(TypeError, A.__sub__, [[1, 2], [3, 4]])


def test_scalar_multiplication():
    A = Matrix([[1.0, -2.0], [3.0, 4.0]])
    assert (A * 2).rows == [[2.0, -4.0], [6.0, 8.0]]
    assert (2 * A).rows == [[2.0, -4.0], [6.0, 8.0]]
    assert (A * 0.5).rows == [[0.5, -1.0], [1.5, 2.0]]
    assert (-A).rows == [[-1.0, 2.0], [-3.0, -4.0]]
    assert A.rows == [[1.0, -2.0], [3.0, 4.0]]               # unchanged
    raises(TypeError, A.__mul__, A)
    raises(TypeError, A.__mul__, [1.0, 2.0])


def test_identity_and_diag():
    assert Matrix.identity(3).rows == [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]
    assert Matrix.identity(0).shape == (0, 0)
    assert Matrix.diag([2, 3]).rows == [[2, 0], [0, 3]]
    assert Matrix.diag([1.5]).rows == [[1.5]]
    D = Matrix.diag([2.0, 3.0])
    assert D @ [1.0, 1.0] == [2.0, 3.0]


def test_inverse_float():
    A = Matrix([[4.0, 7.0], [2.0, 6.0]])
    _near(A.inverse(), [[0.6, -0.7], [-0.2, 0.4]], max(1e-15, 8 * EPS))
    _near(A @ A.inverse(), Matrix.identity(2), max(1e-15, 8 * EPS))
    # A zero on the diagonal: needs a row swap (partial pivoting).
    B = Matrix([[0.0, 1.0, 2.0], [1.0, 0.0, 3.0], [4.0, -3.0, 8.0]])
    _near(B.inverse(), [[-4.5, 7.0, -1.5], [-2.0, 4.0, -1.0], [1.5, -2.0, 0.5]],
          max(1e-13, 256 * EPS))
    _near(B.inverse() @ B, Matrix.identity(3), max(1e-13, 256 * EPS))
    assert B.rows == [[0.0, 1.0, 2.0], [1.0, 0.0, 3.0], [4.0, -3.0, 8.0]]   # unchanged


def test_inverse_exact_with_fractions():
    if Fraction is None:
        raise Skip("no fractions module on this runtime")
    F = Fraction
    A = Matrix([[F(2), F(1)], [F(1), F(1)]])
    assert A.inverse().rows == [[1, -1], [-1, 2]]
    B = Matrix([[F(1), F(2), F(3)], [F(0), F(1), F(4)], [F(5), F(6), F(0)]])
    inv = B.inverse()
    assert inv.rows == [[-24, 18, 5], [20, -15, -4], [-5, 4, 1]]
    assert all(isinstance(a, Fraction) for r in inv.rows for a in r)
    assert (B @ inv).rows == Matrix.identity(3).rows
    assert Matrix([[F(1), F(1, 3)], [F(0), F(1, 7)]]).solve([F(1), F(1)]) == [F(-4, 3), F(7)]


def test_solve_vector():
    assert Matrix([[4.0, 2.0], [2.0, 2.0]]).solve([2.0, 0.0]) == [1.0, -1.0]
    A = Matrix([[3.0, 2.0, -1.0], [2.0, -2.0, 4.0], [-1.0, 0.5, -1.0]])
    x = A.solve([1.0, -2.0, 0.0])
    assert isinstance(x, list)
    tol = max(1e-14, 32 * EPS)
    assert_close(x, [1.0, -2.0, -2.0], rel=tol, abs_tol=tol, what="x")
    assert_close(A @ x, [1.0, -2.0, 0.0], rel=tol, abs_tol=tol, what="A x")


def test_solve_matrix_right_hand_side():
    A = Matrix([[4.0, 2.0], [2.0, 2.0]])
    B = Matrix([[2.0, 6.0], [0.0, 4.0]])
    X = A.solve(B)
    assert isinstance(X, Matrix)
    _near(X, [[1.0, 1.0], [-1.0, 1.0]], 1e-15)
    _near(A @ X, B, 1e-15)


def test_solve_checks_shapes():
    e = raises(DataError, Matrix([[1.0, 2.0]]).solve, [1.0])
    assert "square" in str(e), str(e)
    raises(DataError, Matrix([[1.0, 0.0], [0.0, 1.0]]).solve, [1.0, 2.0, 3.0])
    raises(DataError, Matrix([[1.0, 0.0], [0.0, 1.0]]).solve, Matrix([[1.0]]))


def test_singular_matrix_error_names_the_column():
    e = raises(SingularMatrixError, Matrix([[1.0, 2.0], [2.0, 4.0]]).solve, [1.0, 1.0])
    assert e.column == 1
    assert "column 1 has no usable pivot" in str(e), str(e)
    assert isinstance(e, ArithmeticError)
    # Third column = first + second.
    A = Matrix([[1.0, 1.0, 2.0], [1.0, 2.0, 3.0], [2.0, 3.0, 5.0]])
    assert raises(SingularMatrixError, A.inverse).column == 2
    assert raises(SingularMatrixError, A.solve, [1.0, 2.0, 3.0]).column == 2
    # A zero first column.
    assert raises(SingularMatrixError, Matrix([[0.0, 1.0], [0.0, 2.0]]).inverse).column == 0
    # Dependent only up to rounding: still singular.
    assert raises(SingularMatrixError, Matrix([[0.1, 0.3], [0.2, 0.6]]).inverse).column == 1


def test_singular_fractions_exact():
    if Fraction is None:
        raise Skip("no fractions module on this runtime")
    F = Fraction
    e = raises(SingularMatrixError, Matrix([[F(1), F(2)], [F(2), F(4)]]).inverse)
    assert e.column == 1


def test_dot_and_weighted_gram():
    assert dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0]) == 32.0
    assert dot([1, 2], [3, 4]) == 11
    assert dot([], []) == 0
    X = Matrix([[1.0, 2.0], [1.0, -1.0], [1.0, 0.5]])
    w = [1.0, 2.0, 4.0]
    G = weighted_gram(X, w)
    assert G.rows == (X.T @ Matrix.diag(w) @ X).rows == [[7.0, 2.0], [2.0, 7.0]]
    assert weighted_gram(Matrix([[1.0, 2.0], [1.0, -1.0]]), [1.0, 2.0]).rows == [[3.0, 0.0], [0.0, 6.0]]


def test_intercept_column_and_design():
    # X beta summed column by column in place equals the row-by-row sums
    rows = [[2.0, -1.0], [0.5, 3.0], [1.0, 1.0]]
    X1 = design(rows, True)
    assert X1.rows == [[1.0, 2.0, -1.0], [1.0, 0.5, 3.0], [1.0, 1.0, 1.0]]
    beta = [0.5, -2.0, 0.25]
    by_rows = [dot(r, beta) for r in X1.rows]
    assert_close(X1 @ beta, by_rows, 1e-6)
    assert X1 @ [0.0, 0.0, 0.0] == [0.0, 0.0, 0.0]
    # floats are checked and transposed in one pass (None on a board, or for other input)
    fast = float_columns(rows)
    assert fast is None or fast == ([[2.0, 0.5, 1.0], [-1.0, 3.0, 1.0]], [5.25, 11.0])
    assert X1.sums_of_squares == [3.0, 5.25, 11.0]
    assert float_columns([[1.0, float("nan")]]) is None
    assert float_columns([[1.0, 2]]) is None and float_columns([[1.0], [2.0, 3.0]]) is None
    e = raises(DataError, lambda: design([[1.0, float("nan")]], True))
    assert "X[0][1]" in str(e)


def test_a_singular_matrix_that_is_not_a_gram_matrix_is_refused():
    # row 2 = 0.3 row 0 + 0.9 row 1 (up to rounding): singular, with a 0 on the
    # diagonal, where XᵀWX's test (whose scales are the diagonal's) would see nothing
    A = Matrix([[1.0, 0.1, 0.7], [0.3, 1.0, -0.7 * 0.3 / 0.9], [0.57, 0.93, 0.0]])
    e = raises(SingularMatrixError, A.inverse)
    assert e.column == 2, e.column


def test_a_matrix_whose_rows_differ_in_scale_is_solved():
    # each row on its own scale: [1e20, 1e20] and [1, 2] are independent
    assert_close(Matrix([[1e20, 1e20], [1.0, 2.0]]).solve([1.0, 1.0]), [-1.0, 1.0],
                 rel=1e-12 if EPS < 1e-10 else 1e-5, what="solve")


def test_times_into_a_list_is_the_product():
    """A.times(v, out), the column form written into out (a board's work array), gives
    A v as the rows' dot products do, whatever out held."""
    rows = [[1.0, -2.0, 0.5], [3.0, 0.25, -1.0], [0.0, 4.0, 2.0], [-1.5, 1.0, 1.0]]
    A = Matrix.from_columns([[r[j] for r in rows] for j in range(3)])
    out = [9.0, -9.0, 9.0, -9.0]
    for v in ([1.0, 1.0, 1.0], [0.5, -2.0, 3.0], [0.0, 0.0, 0.0]):
        plain = [sum(a * b for a, b in zip(r, v)) for r in rows]
        got = A.times(v, out)
        assert got == plain == A @ v == Matrix(rows) @ v, (got, plain)
        out = got


def test_axpy_is_y_plus_a_x_in_either_form():
    # a board's (and PyPy's) form writes into y (SGD's step, eq. (17), in beta's slots);
    # elsewhere a new list: either way the plain formula y_i + a x_i, bit for bit
    from minilogit.core.matrix import axpy
    from minilogit.core.compat import BOARD, PYPY
    x, y = [0.1, -2.5, 3.0], [1.0, 0.3, -0.7]
    want = [y_i + -0.25 * x_i for x_i, y_i in zip(x, y)]
    got = axpy(-0.25, x, y)
    assert got == want and x == [0.1, -2.5, 3.0]
    assert (got is y) == (BOARD or PYPY)


def test_a_product_with_entries_that_are_not_numbers_is_a_data_error():
    for A, v in ((Matrix([["a"]]), [1.0]), (Matrix([[1.0]]), ["x"]), (Matrix([[1.0]]), 5)):
        message = str(raises(DataError, A.__matmul__, v))
        assert "A @ v needs numbers in the matrix and the vector" in message, message
