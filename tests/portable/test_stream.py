"""Streaming SGD and the line-by-line CSV reader, on every runtime."""

from helpers import TOY_X, TOY_Y, raises

from minilogit import DataError, LogisticRegression
from minilogit.datasets import load_iris, stream_csv


def test_stream_csv_reads_the_file_row_by_row():
    rows = list(stream_csv("minilogit/datasets/iris.csv", target="target"))
    d = load_iris()
    assert len(rows) == 150 and rows[0] == ([5.1, 3.5, 1.4, 0.2], 0)
    assert [x for x, _ in rows] == d.data and [y for _, y in rows] == d.target


def test_fit_stream_agrees_with_the_optimum():
    rows = list(zip(TOY_X, TOY_Y))
    m = LogisticRegression().fit_stream(lambda: iter(rows), [0, 1], epochs=300)
    best = LogisticRegression().fit(TOY_X, TOY_Y)
    assert abs(m.coef_[0] - best.coef_[0]) < 0.1 * abs(best.coef_[0]), (m.coef_, best.coef_)
    assert len(m.history_) == 300 and not m.converged_


def test_fit_stream_bad_rows():
    e = raises(DataError, LogisticRegression().fit_stream, lambda: iter([([1.0], 0), ([2.0], 5)]),
               [0, 1])
    assert "has the label 5" in str(e), str(e)
    e = raises(DataError, LogisticRegression().fit_stream, lambda: iter([]), [0, 1])
    assert "no examples" in str(e), str(e)
    e = raises(DataError, LogisticRegression().fit_stream, [([1.0], 0), ([2.0], 1)], [0, 1])
    assert "stream must be a function" in str(e) and "not a list" in str(e), str(e)
