"""Missing values in numpy arrays, masked arrays and pandas objects are named
as missing, with their row (and column), before anything counts them as a class."""

import numpy as np
import pandas as pd
import pytest

from minilogit import GLM, DataError, LogisticRegression, SoftmaxRegression

X = [[0.0], [1.0], [2.0], [3.0]]


@pytest.mark.parametrize("y", [pd.Series([0, 1, None, 1], dtype="Int64"),
                               np.array([0.0, 1.0, np.nan, 1.0]),
                               pd.Series([0, 1, np.nan, 1]),
                               pd.Series(["a", "b", None, "b"])])
@pytest.mark.parametrize("model", [LogisticRegression(), SoftmaxRegression(), GLM()])
def test_a_missing_label_is_named(y, model):
    with pytest.raises(DataError) as e:
        model.fit(X, y)
    assert str(e.value).startswith("y[2] is nan (missing): every row needs its value of y")


def test_masked_entries_are_named():
    Xm = np.ma.masked_array(X, mask=[[0], [0], [1], [0]])
    with pytest.raises(DataError, match=r"^X\[2\]\[0\] is masked \(missing\)"):
        LogisticRegression().fit(Xm, [0, 1, 0, 1])
    with pytest.raises(DataError, match=r"^y\[1\] is masked \(missing\)"):
        LogisticRegression().fit(X, np.ma.masked_array([0, 1, 0, 1], mask=[0, 1, 0, 0]))


def test_missing_cells_of_a_frame_are_named_with_row_and_column():
    frame = pd.DataFrame({"a": [0.0, 1.0, 2.0, 3.0], "b": [0.0, 1.0, None, "x"]})
    with pytest.raises(DataError, match=r"^X\[2\]\[1\] is None \(missing\), in column 'b'"):
        LogisticRegression().fit(frame, [0, 1, 0, 1])
    frame = pd.DataFrame({"a": pd.array([0, 1, None, 3], dtype="Int64")})
    with pytest.raises(DataError, match=r"^X\[2\]\[0\] is nan: "):
        LogisticRegression().fit(frame, [0, 1, 0, 1])
