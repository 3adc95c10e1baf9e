"""The bundled breast-cancer data, the CSV reader and standardize."""

import math

from helpers import EPS, SINGLE, assert_close, breast_cancer, raises

from minilogit import DataError
from minilogit.datasets import Dataset, _split_lines, load_csv, standardize
from minilogit import datasets

SUBSET = ["mean_radius", "mean_texture", "mean_smoothness", "mean_symmetry"]


def test_load_breast_cancer():
    d = breast_cancer()
    assert len(d.data) == 569 and len(d.target) == 569
    assert len(d.feature_names) == 30
    assert all(len(r) == 30 for r in d.data)
    assert d.feature_names[:2] == ["mean_radius", "mean_texture"]
    assert d.target_name == "target"
    assert sum(d.target) == 357 and sorted(set(d.target)) == [0, 1]
    assert isinstance(d.target[0], int) and d.target[0] == 0
    assert d.data[0][0] == 17.99 and d.data[0][9] == 0.07871
    assert d.data[568][29] == 0.07039
    X, y = d
    assert X is d.data and y is d.target


def test_columns():
    d = breast_cancer()
    sub = d.columns(SUBSET)
    assert sub.feature_names == SUBSET
    assert sub.data[0] == [17.99, 10.38, 0.1184, 0.2419]
    assert sub.target is d.target
    assert d.columns(["mean_texture", "mean_radius"]).data[1] == [17.77, 20.57]
    e = raises(DataError, d.columns, ["mean_radius", "no_such_feature"])
    assert "no_such_feature" in str(e)


def test_standardize():
    Z, means, scales = standardize(breast_cancer().columns(SUBSET).data)
    n = len(Z)
    assert_close(means[0], 14.127291739894563, rel=max(1e-13, 8 * EPS), what="mean radius")
    # a sum of n roundings: within n EPS of 0 (single precision; 1e-14 in double)
    zero_tol = n * EPS if SINGLE else 1e-14
    for j in range(4):
        col = [r[j] for r in Z]
        m = sum(col) / n
        sd = math.sqrt(sum((v - m) ** 2 for v in col) / n)
        assert abs(m) < zero_tol, (j, m)
        assert_close(sd, 1.0, rel=max(1e-13, 16 * EPS), what="sd of column %d" % j)


def test_standardize_small_and_constant_column():
    Z, means, scales = standardize([[1.0, 5.0], [3.0, 5.0]])
    assert Z == [[-1.0, 0.0], [1.0, 0.0]]
    assert means == [2.0, 5.0] and scales == [1.0, 1.0]      # constant column: scale 1
    raises(DataError, standardize, [])


def test_dataset_unpacks():
    d = Dataset([[1.0]], [0], ["x"], "y")
    X, y = d
    assert (X, y) == ([[1.0]], [0])


def test_csv_splitting():
    rows = _split_lines("a,b\n1,2\n\n3, 4\n")
    assert rows[0] == ["a", "b"] and rows[1] == ["1", "2"] and len(rows) == 3
    assert rows[2][0] == "3" and rows[2][1].strip() == "4"


def test_load_csv_reports_a_missing_target():
    path = datasets._HERE + "/breast_cancer.csv"
    e = raises(DataError, load_csv, path, "no_such_column")
    assert "no column 'no_such_column'" in str(e), str(e)
