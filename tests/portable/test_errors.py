"""Bad input is a DataError at the door (naming the place), never a TypeError
or a nan from inside a solver; predicting before fit is a NotFittedError.
"""

import math

from helpers import X2, Y2, raises

from minilogit import DataError, LogisticRegression, NotFittedError

GOOD_X = [[0.0], [1.0], [2.0], [3.0]]
GOOD_Y = [0, 1, 0, 1]


def _fit_error(X, y, **params):
    e = raises(DataError, LogisticRegression(**params).fit, X, y)
    assert isinstance(e, ValueError)
    return str(e)


def test_exception_hierarchy():
    assert isinstance(DataError("x"), ValueError)
    assert isinstance(NotFittedError("x"), ValueError)
    try:
        LogisticRegression().fit([], [])
    except ValueError as e:                    # callers can catch the builtin
        assert type(e) is DataError
    else:
        raise AssertionError("no error for empty X")


def test_ragged_rows():
    msg = _fit_error([[0.0, 1.0], [1.0], [2.0, 3.0]], [0, 1, 0])
    assert msg == "X row 1 has 1 columns, row 0 has 2", msg


def test_empty_X():
    assert _fit_error([], []) == "X is empty: it has no rows"
    assert _fit_error([[], []], [0, 1]) == "X has rows but no columns"


def test_X_not_rows():
    msg = _fit_error(5, [0, 1])
    assert "X must be a list of rows" in msg, msg
    msg = _fit_error([1.0, 2.0], [0, 1])
    assert "X must be a list of rows" in msg, msg


def test_nan_and_inf_cells():
    msg = _fit_error([[0.0], [math.nan], [2.0], [3.0]], GOOD_Y)
    assert msg == "X[1][0] is nan: every entry must be a finite number, not NaN or infinity", msg
    msg = _fit_error([[0.0, 1.0], [1.0, 1.0], [2.0, math.inf], [3.0, 1.0]], GOOD_Y)
    assert msg == "X[2][1] is inf: every entry must be a finite number, not NaN or infinity", msg
    msg = _fit_error([[-math.inf], [1.0], [2.0], [3.0]], GOOD_Y)
    assert msg.startswith("X[0][0] is -inf"), msg
    msg = _fit_error([[10 ** 400], [1.0], [2.0], [3.0]], GOOD_Y)   # an int too big for a float
    assert msg.startswith("X[0][0] is "), msg


def test_string_bool_and_none_cells():
    msg = _fit_error([[0.0], [1.0], ["2.0"], [3.0]], GOOD_Y)
    assert msg == "X[2][0] is '2.0': every entry must be a finite number", msg
    msg = _fit_error([[0.0], [True], [2.0], [3.0]], GOOD_Y)
    assert msg == "X[1][0] is True: every entry must be a finite number", msg
    msg = _fit_error([[0.0], [1.0], [2.0], [None]], GOOD_Y)
    assert msg == "X[3][0] is None (missing): every entry must be a finite number", msg
    msg = _fit_error([[0.0], [1.0], [2.0], [[3.0]]], GOOD_Y)
    assert msg.startswith("X[3][0] is [3.0]"), msg


def test_integer_cells_are_fine():
    m = LogisticRegression().fit([[0], [1], [2], [3]], GOOD_Y)
    assert m.converged_


def test_mismatched_lengths():
    assert _fit_error(GOOD_X, [0, 1, 0]) == "X has 4 rows but y has 3 labels"
    assert _fit_error(GOOD_X, [0, 1, 0, 1, 1]) == "X has 4 rows but y has 5 labels"
    msg = _fit_error(GOOD_X, 7)
    assert msg == "y must be a sequence of labels, got int", msg


def test_one_class():
    msg = _fit_error(GOOD_X, [1, 1, 1, 1])
    assert msg == "y has only one class (1): a binary model needs two", msg
    msg = _fit_error(GOOD_X, ["a", "a", "a", "a"])
    assert msg == "y has only one class ('a'): a binary model needs two", msg


def test_three_classes():
    msg = _fit_error(GOOD_X, [0, 1, 2, 1])
    assert msg == "y has 3 classes (0, 1, 2): a binary model needs exactly two", msg
    msg = _fit_error([[float(i)] for i in range(7)], [0, 1, 2, 3, 4, 5, 6])
    assert msg == "y has 7 classes (0, 1, 2, 3, 4, ...): a binary model needs exactly two", msg


def test_bad_labels():
    msg = _fit_error(GOOD_X, [0.0, 1.0, math.nan, 1.0])
    assert msg == "y[2] is nan: labels must be finite", msg
    msg = _fit_error(GOOD_X, [0, "1", 0, "1"])
    assert "cannot be hashed and sorted" in msg, msg


def test_predict_with_wrong_column_count():
    m = LogisticRegression().fit(X2, Y2)
    for method in (m.predict, m.predict_proba, m.decision_function):
        e = raises(DataError, method, [[1.0, 2.0, 3.0]])
        assert str(e) == "X has 3 columns, the model was fitted with 2", str(e)
        raises(DataError, method, [[1.0]])
        raises(DataError, method, [])
        raises(DataError, method, [[1.0, math.nan]])


def test_bad_threshold():
    m = LogisticRegression().fit(X2, Y2)
    e = raises(DataError, m.predict, X2, 1.5)
    assert "threshold" in str(e)


def test_not_fitted():
    m = LogisticRegression()
    for method in (m.predict, m.predict_proba, m.decision_function):
        e = raises(NotFittedError, method, GOOD_X)
        assert "not fitted" in str(e), str(e)
        assert isinstance(e, ValueError)


def test_singular_design_names_the_column():
    # the second column duplicates the first: X'WX is singular
    X = [[0.0, 0.0], [1.0, 1.0], [2.0, 2.0], [3.0, 3.0]]
    msg = _fit_error(X, GOOD_Y)
    assert "column 1 of X is a linear combination" in msg, msg
    # a constant column duplicates the intercept (y not balanced: with half the
    # labels 1, beta = 0 is already the optimum and no Hessian is ever solved)
    msg = _fit_error([[1.0], [1.0], [1.0], [1.0]], [0, 1, 1, 1])
    assert "the intercept column" not in msg and "column 0 of X" in msg, msg
    msg = _fit_error([[0.0, 1.0], [1.0, 1.0], [2.0, 1.0], [3.0, 1.0]], GOOD_Y, solver="irls")
    assert "column 1 of X" in msg, msg


def test_bad_parameters():
    cases = [({"solver": "lbfgs"}, "unknown solver 'lbfgs'"),
             ({"max_iter": -1}, "max_iter"),
             ({"max_iter": 2.5}, "max_iter"),
             ({"tol": -1e-3}, "tol"),
             ({"tol": "small"}, "tol"),
             ({"learning_rate": 0}, "learning_rate"),
             ({"learning_rate": -0.1}, "learning_rate"),
             ({"start": "ones"}, "start")]
    for params, words in cases:
        msg = _fit_error(GOOD_X, GOOD_Y, **params)
        assert words in msg, (params, msg)


def test_row_weights_for_k_classes():
    from minilogit.core.checks import row_weights
    # "balanced": class c weighs N / (K n_c), eq. (47); a dict names some classes
    assert row_weights(None, "balanced", ["a", "b", "c"], [0, 0, 1, 2, 2, 2]) == \
        [1.0, 1.0, 2.0, 6.0 / 9.0, 6.0 / 9.0, 6.0 / 9.0]
    assert row_weights([2, 1, 1], {"c": 0.5}, ["a", "b", "c"], [0, 1, 2]) == [2.0, 1.0, 0.5]
    assert row_weights(None, None, ["a", "b"], [0, 1]) is None
    e = raises(DataError, row_weights, [1, 1, 0], None, ["a", "b", "c"], [0, 1, 2], "softmax")
    assert str(e) == "every row of class 'c' has weight 0: softmax needs every class", str(e)
