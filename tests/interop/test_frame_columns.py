"""A data frame is read a column at a time into rows of floats: the same fit
as its numpy array, with whole numbers and bools read as floats (True 1.0),
as a numpy array's are. How much memory that takes is measured in ``make
bench`` (``data_memory``), not here."""

import numpy as np
import pandas as pd

from minilogit import LogisticRegression
from minilogit.interop import read_X

rng = np.random.default_rng(3)
A = np.column_stack([rng.standard_normal(40), rng.integers(0, 5, 40), rng.random(40) < 0.5])
y = (rng.random(40) < 0.5).astype(int)


def fitted(X):
    m = LogisticRegression().fit(X, y)
    return [m.intercept_] + list(m.coef_)


def test_a_frame_of_floats_ints_and_bools_fits_as_its_array():
    frame = pd.DataFrame({"x": A[:, 0], "k": A[:, 1].astype(np.int64), "b": A[:, 2] > 0})
    rows, names, _ = read_X(frame)
    assert rows == A.tolist() and names == ["x", "k", "b"]
    assert set(type(v) for row in rows for v in row) == {float}
    assert fitted(frame) == fitted(A) == fitted(A.tolist())


def test_an_int_array_is_read_as_floats():
    rows, _, _ = read_X(A[:, 1:2].astype(np.int64))
    assert rows == A[:, 1:2].tolist() and set(type(row[0]) for row in rows) == {float}
