"""Rows of numbers: the ``Matrix`` type and Gauss-Jordan elimination.

A ``Matrix`` is a list of equal-length rows. Vectors are plain lists.
``A @ B`` multiplies matrices, ``A @ v`` gives the list A v and ``v @ A``
gives the list Aᵀ v. ``inverse()`` and ``solve()`` use Gauss-Jordan
elimination with partial pivoting; the entries may be floats or
``fractions.Fraction`` (then the result is exact).

A Matrix is not changed by any of its methods; treat it as a value.

>>> A = Matrix([[2.0, 1.0], [1.0, 3.0]])
>>> A.shape
(2, 2)
>>> A @ [1.0, 1.0]
[3.0, 4.0]
>>> A.solve([3.0, 4.0])
[1.0, 1.0]
"""

import math

from .compat import BOARD, EPS, PYPY, is_fraction, mul, sumprod
from .errors import DataError, SingularMatrixError


_INF = float("inf")


def dot(a, b):
    """Return the inner product sum_i a_i b_i of two equal-length sequences.

    >>> dot([1.0, 2.0, 3.0], [4.0, 5.0, 6.0])
    32.0
    """
    return sum(map(mul, a, b))


# A board's GC never moves an object, and each float is one: a new list per step needs
# a contiguous block that the floats made in between break up. So on a board the hot
# loops write into arrays made once (``fill``, ``axpy``), and on PyPy too, whose
# collector a new list per step keeps busy; on CPython a new list is faster.
# make board (100 x 4 Newton fit, board-f32): 126 KB with new lists, 100 with these and
# the labels', the columns' and the loss's arrays made by fill (103 without those three);
# make bench (6366 x 8 Newton fit, PyPy): 0.65x the time with them.
if BOARD or PYPY:
    def fill(out, values):
        """Write ``values`` into the list ``out`` (as many as it has slots); return it."""
        i = 0
        for v in values:
            out[i] = v
            i += 1
        return out

    def axpy(a, x, y):
        """y + a x for lists x and y, written into y (BLAS's axpy)."""
        for i in range(len(y)):
            y[i] += a * x[i]
        return y
else:
    def fill(out, values):
        """list(values), a new list (``out``, a board's work array, is not needed here).

        >>> fill([0.0, 0.0], map(abs, [-1.0, 2.0]))
        [1.0, 2.0]
        """
        return list(values)

    def axpy(a, x, y):
        """y + a x for lists x and y, a new list (BLAS's axpy).

        >>> axpy(2.0, [1.0, 2.0], [0.5, 0.5])
        [2.5, 4.5]
        """
        return [y_i + a * x_i for x_i, y_i in zip(x, y)]


class Matrix:
    """A matrix stored as a list of rows.

    ``Matrix(rows)`` copies the rows and checks they have equal lengths;
    ``Matrix(rows, copy=False)`` takes a list of equal-length lists as it is;
    ``Matrix.from_columns(columns)`` takes columns instead. ``terms`` says
    how many rounded terms each entry sums (N for XᵀWX of N rows, 1 by
    default); ``solve`` allows for their rounding.

    >>> Matrix([[1, 2], [3, 4]])
    Matrix([[1, 2],
            [3, 4]])
    >>> Matrix([[1, 2], [3]])
    Traceback (most recent call last):
    ...
    minilogit.DataError: row 1 has 1 entries, row 0 has 2
    """

    def __init__(self, rows, copy=True, terms=1):
        self.terms, self._T = terms, None
        if copy:             # else rows already a list of equal-length lists, now owned here
            try:
                rows = [list(r) for r in rows]
            except TypeError:
                raise DataError("a Matrix needs a sequence of rows (each a sequence of "
                                "numbers), got %r" % (rows,))
            for i in range(len(rows)):
                if len(rows[i]) != len(rows[0]):
                    raise DataError("row %d has %d entries, row 0 has %d"
                                    % (i, len(rows[i]), len(rows[0])))
        self._rows = rows

    @classmethod
    def from_columns(cls, columns, sums_of_squares=None):
        """The matrix whose columns are ``columns``, a non-empty list of
        equal-length lists (now owned here, as with copy=False), and their
        ``sums_of_squares`` if known (``column_scales`` reads them).

        It keeps the columns as its transpose and builds its rows only when
        first asked for: a design matrix is read by columns (X beta, Xᵀr,
        XᵀWX), and of the solvers only SGD reads its rows. On a board, the
        rows would be a second copy of the data.

        >>> A = Matrix.from_columns([[1, 2, 3], [4, 5, 6]])
        >>> A.shape, A.T.rows
        ((3, 2), [[1, 2, 3], [4, 5, 6]])
        >>> A.rows
        [[1, 4], [2, 5], [3, 6]]
        """
        A = cls([], copy=False)
        A._rows, A._T = None, cls(columns, copy=False)
        A.sums_of_squares = sums_of_squares
        return A

    # -- shape and access -------------------------------------------------
    @property
    def rows(self):
        """The rows, a list of lists (read them; do not change them)."""
        if self._rows is None:      # made by from_columns: the rows, built on first use
            columns = self._T._rows
            self._rows = [[c[i] for c in columns] for i in range(len(columns[0]))]
        return self._rows

    @property
    def shape(self):
        """(number of rows, number of columns).

        >>> Matrix([[1, 2, 3]]).shape
        (1, 3)
        """
        if self._rows is None:      # made by from_columns: the rows are not built
            return (len(self._T._rows[0]), len(self._T._rows))
        return (len(self._rows), len(self._rows[0]) if self._rows else 0)

    def __len__(self):
        return self.shape[0]

    def __getitem__(self, i):
        return self.rows[i]

    def __iter__(self):
        return iter(self.rows)

    def tolist(self):
        """Return a copy of the rows as a list of lists.

        >>> Matrix([[1, 2]]).tolist()
        [[1, 2]]
        """
        return [list(r) for r in self.rows]

    @property
    def T(self):
        """The transpose (computed once, then kept).

        >>> Matrix([[1, 2, 3], [4, 5, 6]]).T.rows
        [[1, 4], [2, 5], [3, 6]]
        """
        if self._T is None:
            # column j = [r[j] for each row r]; zip(*rows) would also hold an
            # iterator per row and a tuple per column: too much on a board
            columns = [[r[j] for r in self.rows] for j in range(self.shape[1])]
            self._T = Matrix(columns, copy=False)
        return self._T

    def __repr__(self):
        if not self.rows:
            return "Matrix([])"
        return "Matrix([" + (",\n" + " " * 8).join(repr(r) for r in self.rows) + "])"

    # -- constructors -----------------------------------------------------
    @classmethod
    def identity(cls, n):
        """The n x n identity matrix.

        >>> Matrix.identity(2).rows
        [[1.0, 0.0], [0.0, 1.0]]
        """
        return cls([[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)])

    @classmethod
    def diag(cls, v):
        """The square matrix with v on its diagonal and zeros elsewhere.

        >>> Matrix.diag([2, 3]).rows
        [[2, 0], [0, 3]]
        """
        return cls([[v[i] if i == j else 0 * v[i] for j in range(len(v))] for i in range(len(v))])

    # -- arithmetic -------------------------------------------------------
    def _check_same_shape(self, other, op):
        if not isinstance(other, Matrix):
            raise TypeError("%s needs two matrices, got %s" % (op, type(other).__name__))
        if self.shape != other.shape:
            raise DataError("%s of a %dx%d and a %dx%d matrix"
                            % ((op,) + self.shape + other.shape))

    def __add__(self, other):
        self._check_same_shape(other, "sum")
        return Matrix([[a + b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)],
                      terms=self.terms + other.terms)

    def __sub__(self, other):
        self._check_same_shape(other, "difference")
        return Matrix([[a - b for a, b in zip(r, s)] for r, s in zip(self.rows, other.rows)])

    def __mul__(self, c):
        if isinstance(c, (Matrix, list, tuple)):
            raise TypeError("'*' is scalar multiplication; use '@' for matrix products")
        return Matrix([[c * a for a in r] for r in self.rows])

    __rmul__ = __mul__

    def __neg__(self):
        return self * -1

    def __matmul__(self, other):
        """A @ B (a Matrix) or A @ v (a list: returns the list A v).

        >>> Matrix([[1, 2], [3, 4]]) @ Matrix([[1, 0], [1, 1]])
        Matrix([[3, 2],
                [7, 4]])
        >>> A = Matrix([[1.0, 2.0], [3.0, 4.0]])
        >>> by_rows = A @ [0.5, -1.0]
        >>> columns = A.T                  # kept: A @ v now sums column by column
        >>> A @ [0.5, -1.0] == by_rows == [-1.5, -2.5]
        True
        """
        n = self.shape[1]
        if isinstance(other, Matrix):
            if other.shape[0] != n:
                raise DataError("cannot multiply a %dx%d by a %dx%d matrix"
                                % (self.shape + other.shape))
            cols = other.T.rows
            return Matrix([[dot(r, c) for c in cols] for r in self.rows])
        try:
            return self.times(other)
        except TypeError:           # entries that are not numbers: say which side
            raise DataError("cannot multiply: A @ v needs numbers in the matrix and the vector, "
                            "got %r and %r" % (self.rows[0][:3], other[:3]
                                                 if isinstance(other, list) else other))

    def times(self, v, out=None):
        """A v for a list v, as ``A @ v`` gives it; by the columns, into the list ``out``
        when given (a board's work array, ``fill``: len(A) slots, not v itself).

        >>> A = Matrix.from_columns([[1.0, 3.0], [2.0, 4.0]])
        >>> A.times([1.0, 1.0], [0.0, 0.0]) == A @ [1.0, 1.0] == [3.0, 7.0]
        True
        """
        if len(v) != self.shape[1]:
            raise DataError("cannot multiply a %dx%d matrix by a vector of length %d"
                            % (self.shape + (len(v),)))
        if self._T is None:
            return [dot(r, v) for r in self.rows]              # (A v)_i = row_i . v
        # With the columns at hand (a design matrix keeps only its columns), the same sums
        # column by column: A v = v_1 A[:, 1] + ... + v_m A[:, m] (make bench: 1.07-1.21x
        # the speed of row by row on every runtime).
        Av = [0] * self.shape[0] if out is None else out
        for j, (column, v_j) in enumerate(zip(self._T.rows, v)):
            Av = axpy(v_j, column, Av) if j else fill(Av, (v_j * x for x in column))  # +v_j A[:, j]
        return Av

    def __rmatmul__(self, v):
        """v @ A for a list v: the list Aᵀ v (v as a row vector).

        >>> [1, 1] @ Matrix([[1, 2], [3, 4]])
        [4, 6]
        """
        return self.T @ (v if isinstance(v, list) else list(v))

    # -- Gauss-Jordan -----------------------------------------------------
    def solve(self, b):
        """Return x with A x = b, by Gauss-Jordan elimination.

        b is a list (the answer is a list) or a Matrix of right-hand sides
        (the answer is a Matrix). Raises ``SingularMatrixError`` naming the
        first column without a usable pivot.

        >>> Matrix([[4.0, 2.0], [2.0, 2.0]]).solve([2.0, 0.0])
        [1.0, -1.0]
        >>> Matrix([[1.0, 2.0], [2.0, 4.0]]).solve([1.0, 1.0])
        Traceback (most recent call last):
        ...
        minilogit.SingularMatrixError: matrix is singular: column 1 has no usable pivot (it depends on the columns before it)
        """
        n, m = self.shape
        if n != m:
            raise DataError("solve needs a square matrix, got %dx%d" % (n, m))
        _check_entries(self.rows, "the matrix")
        if isinstance(b, Matrix):
            if b.shape[0] != n:
                raise DataError("right-hand side has %d rows, matrix has %d" % (b.shape[0], n))
            _check_entries(b.rows, "the right-hand side")
            return Matrix(_gauss_jordan(self.rows, b.rows, self.terms))
        try:
            B = [[v] for v in b]
        except TypeError:
            raise DataError("the right-hand side must be a list of numbers or a Matrix, got %r"
                            % (b,))
        if len(B) != n:
            raise DataError("right-hand side has length %d, matrix has %d rows" % (len(B), n))
        _check_entries(B, "the right-hand side")
        return [row[0] for row in _gauss_jordan(self.rows, B, self.terms)]

    def inverse(self):
        """Return A⁻¹ (Gauss-Jordan on [A | I]); exact for Fraction entries.

        Solvers call ``solve``; forming the inverse is for teaching and tests.

        >>> from fractions import Fraction as F
        >>> Matrix([[F(2), F(1)], [F(1), F(1)]]).inverse().rows == [[1, -1], [-1, 2]]
        True
        """
        n = self.shape[0]
        one = 1 if any(is_fraction(a) for r in self.rows for a in r) else 1.0
        return self.solve(Matrix.diag([one] * n))


def _gauss_jordan(A, B, terms=1):
    """Solve A X = B in place on copies of the rows; return X's rows.

    Step k: choose the row with the largest |entry| in column k (partial
    pivoting), swap it up, scale it so the pivot is 1, and subtract multiples
    of it from every other row so that column k becomes the k-th unit
    column. When the elimination ends, A has become I and B has become X.
    ``terms``: how many rounded terms each entry of A sums (N for XᵀWX).
    """
    n = len(A)
    M = [list(A[i]) + list(B[i]) for i in range(n)]   # the augmented matrix [A | B]
    exact = all(not isinstance(a, float) for r in A for a in r) and \
        any(is_fraction(a) for r in A for a in r)
    # Column k depends on the columns before it when every entry left in it is no more
    # than rounding: |M_ik| <= tol r_i c_k for every row i left, on these scales.
    if terms > 1:   # A = XᵀWX of N = terms rows: |A_ik| <= d_i d_k, d_i = sqrt(A_ii)
        # (Cauchy-Schwarz); its sums are off by N EPS d_i d_k, the elimination adds
        # n EPS d_i d_k, and rescaling a column of X leaves the test's outcome as it is
        r = [math.sqrt(abs(A[i][i])) for i in range(n)]
        c, tol = list(r), (terms + n) * EPS
    else:           # any matrix: each row on the scale of its largest entry r_i, each
        # column on that of its largest entry once the rows are so divided, c_k; the
        # elimination leaves n EPS r_i c_k
        r = [max(map(abs, row)) for row in A]
        c = [max([abs(A[i][k]) / r[i] for i in range(n) if r[i]] or [0.0]) for k in range(n)]
        tol = n * EPS
    for k in range(n):
        column = [abs(row[k]) for row in M[k:]]
        p = k + column.index(max(column))         # the largest |entry| from row k down
        pivot = M[p][k]
        if pivot == 0 or (not exact and abs(pivot) <= tol * r[p] * c[k]    # (the pivot's
                          and all(m <= tol * r_i * c[k]                    # test first)
                                  for m, r_i in zip(column, r[k:]))):
            raise SingularMatrixError(    # column 0 has none before it: it is all 0
                "matrix is singular: column %d has no usable pivot (%s)" % (k, "it is 0"
                if k == 0 else "it depends on the columns before it"), column=k)
        if not exact and not abs(pivot) < _INF:
            raise DataError("Gauss-Jordan elimination overflowed a float at column %d: the "
                            "matrix's entries are too large (or too different in scale); "
                            "rescale it" % k)
        M[k], M[p] = M[p], M[k]
        r[k], r[p] = r[p], r[k]                   # r_i moves with row i
        # columns 0..k-1 are unit columns by now, 0 in row k: each row changes from k on
        M[k][k:] = tail = [a / pivot for a in M[k][k:]]
        for row in M:
            f = row[k]
            if f and row is not M[k]:
                row[k:] = [a - f * b for a, b in zip(row[k:], tail)]
    X = [r[n:] for r in M]
    for v in [v for r in X for v in r]:
        if isinstance(v, float) and not -_INF < v < _INF:
            raise DataError("the solution of the linear system is %r: it overflows a "
                            "float (the matrix is too close to singular for its scale); "
                            "rescale it" % (v,))
    return X


def _check_entries(rows, what):
    """Raise DataError unless every entry is a number (a float must be finite)."""
    for i, row in enumerate(rows):
        for j, v in enumerate(row):
            if not (-_INF < v < _INF if isinstance(v, float) else
                    isinstance(v, int) or is_fraction(v)):
                raise DataError("entry [%d][%d] of %s is %r: solve needs finite numbers"
                                % (i, j, what, v))


def max_abs(v):
    """The largest |v_j| (the infinity norm).

    >>> max_abs([1.0, -3.0, 2.0])
    3.0
    """
    return max(map(abs, v))


# XᵀWX's dot products: math.sumprod where there is one (Python 3.12 on; make bench, 1.4x
# on 3.13), else dot
XDOT = sumprod or dot


def weighted_gram(X, w, wx=None):
    """Return XᵀWX for W = diag(w), never forming the N x N matrix W.

    XᵀWX = sum_i w_i x_i x_iᵀ is a weighted sum of outer products, so entry
    (j, k) is sum_i w_i X_ij X_ik. The result is symmetric: each pair j <= k
    is computed once, from the columns of X (one multiply-add per row).

    ``wx``, a list as long as w, is a work array for the columns W x_j (see
    ``fill``); without it, one is made.

    >>> weighted_gram(Matrix([[1.0, 2.0], [1.0, -1.0]]), [1.0, 2.0]).rows
    [[3.0, 0.0], [0.0, 6.0]]
    """
    cols = X.T.rows
    p = len(cols)
    H = [[0.0] * p for _ in range(p)]
    work = wx or [0.0] * len(w)                              # a board's work array: fill
    # An intercept's column of 1s needs no products: W 1 = w, and 1ᵀ W x_j is the sum
    # of W x_j (make bench: the fair Newton fit 0.92x the time on CPython 3.11).
    ones = p > 0 and cols[0].count(1.0) == len(cols[0])
    for j in range(p):
        wx_j = w if j == 0 and ones else fill(work, map(mul, w, cols[j]))    # W x_j
        for k in range(j + 1):                               # one of each pair: x_kᵀ W x_j
            H[j][k] = H[k][j] = sum(wx_j) if k == 0 and ones else XDOT(wx_j, cols[k])
    return Matrix(H, copy=False, terms=len(w))            # each entry a sum of N terms


def column_scales(X, weights=None):
    """The root mean square of each column of X, sqrt(sum_i w_i x_ij^2 / sum_i w_i)
    (w_i = 1 without ``weights``); 1 for a column of zeros. Each column is
    divided by its largest |x_ij| first, so that columns of size 1e-200 or
    1e200 neither underflow nor overflow. ``X.sums_of_squares``, if kept, save a pass.

    >>> column_scales(Matrix([[1.0, 3.0, 0.0], [1.0, -4.0, 0.0]]))
    [1.0, 3.5355339059327378, 1.0]
    """
    total = X.shape[0] if weights is None else sum(weights)
    squares = getattr(X, "sums_of_squares", None)
    scales = []
    for j, c in enumerate(X.T.rows):
        ms = (squares[j] if squares else dot(c, c)) / total if weights is None else 0.0
        if EPS * EPS < ms < _INF:        # no x^2 that matters under- or overflows: the
            scales.append(math.sqrt(ms))  # same to rounding, 4.6x faster (6366 x 8)
            continue
        m = max(max(c), -min(c))
        w = weights or [1.0] * len(c)
        ss = sum(w_i * (x / m) ** 2 for w_i, x in zip(w, c)) if m > 0 else 0.0
        scales.append(m * math.sqrt(ss / total) or 1.0)
    return scales
