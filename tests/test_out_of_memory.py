"""Data that does not fit: a MemoryError while reading or fitting becomes a
DataError that says how large the data is and points to fit_stream.

Memory itself is measured in ``make bench`` (tools/bench.py, ``data_memory``),
never here; these tests make the allocation fail and read the message.
"""

import io

import pytest

import minilogit
import minilogit.core.estimators as estimators
import minilogit.datasets as datasets
from minilogit import DataError, LogisticRegression
from minilogit.__main__ import main
from minilogit.interop import Table


def no_room(*args, **kwargs):
    raise MemoryError


def test_a_fit_of_an_array_that_runs_out_names_its_size_and_fit_stream(monkeypatch):
    monkeypatch.setattr(estimators, "design", no_room)
    X = Table([[float(i), float(i % 3)] for i in range(6)])
    with pytest.raises(DataError) as e:
        LogisticRegression().fit(X, [0, 1, 0, 1, 1, 0])
    assert "out of memory: X has 6 rows x 2 columns" in str(e.value)
    assert "fit_stream" in str(e.value) and "stream_csv" in str(e.value)


class Huge(Table):
    """An array too large to read: its conversion to lists runs out of memory."""

    def tolist(self):
        raise MemoryError


def test_reading_an_array_that_runs_out_names_its_shape():
    with pytest.raises(DataError) as e:
        LogisticRegression().fit(Huge([[0.0, 1.0], [1.0, 0.0], [2.0, 1.0]]), [0, 1, 0])
    assert "X has 3 rows x 2 columns, about 0.19 KB" in str(e.value)
    assert "fit_stream" in str(e.value)


def write(tmp_path):
    path = tmp_path / "d.csv"
    path.write_text("a,b,y\n" + "".join("%d,%d,%d\n" % (i, i % 3, i % 2) for i in range(8)))
    return str(path)


def test_load_csv_that_runs_out_names_the_file_and_the_rows_read(tmp_path, monkeypatch):
    path = write(tmp_path)
    read = datasets._read_csv

    def runs_out(path, target, *options):
        rows = read(path, target, *options)
        yield next(rows)                    # the header
        for _ in range(5):
            yield next(rows)
        raise MemoryError

    monkeypatch.setattr(datasets, "_read_csv", runs_out)
    with pytest.raises(DataError) as e:
        datasets.load_csv(path)
    assert "out of memory: %s holds more than 5 rows x 2 columns" % path in str(e.value)
    assert "fit_stream" in str(e.value)


def test_the_command_line_that_runs_out_says_so_in_one_line(tmp_path, monkeypatch):
    path = write(tmp_path)
    monkeypatch.setattr(minilogit.__main__, "fit_quietly", no_room)
    out, err = io.StringIO(), io.StringIO()
    assert main(["fit", path, "--target", "y"], out=out, err=err) == 1
    assert err.getvalue().startswith("minilogit: out of memory: %s has 8 rows x 2 columns"
                                     % path)
    assert "fit_stream" in err.getvalue() and "Traceback" not in err.getvalue()
