"""The bundled breast-cancer data, the CSV reader and standardize.

The CSV tests write their file next to this module and remove it afterwards
(the runners copy tests/portable/ into a writable file system)."""

import math

from helpers import (EPS, SCRATCH_CSV, SINGLE, Skip, assert_close, breast_cancer, raises,
                     remove_file, write_file)

from minilogit import DataError
from minilogit.datasets import Dataset, load_csv, standardize, stream_csv
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


CSV = SCRATCH_CSV


def _stream(path, target=None):
    return list(stream_csv(path, target))


def _lines(path, size):
    with open(path) as f:
        return list(datasets._lines(f, size))


def _read(text, fn, *args):
    """fn(CSV, *args) with CSV holding text."""
    write_file(CSV, text)
    try:
        return fn(CSV, *args)
    finally:
        remove_file(CSV)


def test_csv_with_a_byte_order_mark_blank_lines_and_spaces():
    text = "\ufeffa,b,y\n1,2,0\n\n3, 4,1\n   \n"
    d = _read(text, load_csv)
    assert d.feature_names == ["a", "b"] and d.target_name == "y", d.feature_names
    assert d.data == [[1.0, 2.0], [3.0, 4.0]] and d.target == [0, 1], (d.data, d.target)
    assert _read(text, _stream) == [([1.0, 2.0], 0), ([3.0, 4.0], 1)]
    d = _read(text, load_csv, "a")                  # the first column, its mark dropped
    assert d.feature_names == ["b", "y"] and d.target == [1, 3], (d.feature_names, d.target)


def test_the_plain_reader_reads_as_the_csv_module_does():
    """Without the csv module (MicroPython) the lines, read a block at a time,
    are split at commas: the same rows come out, at any block size."""
    text = "\ufeffa,b,y\r\n1,2,0\n\n3, 4,1\n   \n5,6,1"
    want = [([1.0, 2.0], 0), ([3.0, 4.0], 1), ([5.0, 6.0], 1)]
    kept = datasets._csv
    try:
        for module in (kept, None):
            datasets._csv = module
            assert _read(text, _stream) == want, module
    finally:
        datasets._csv = kept
    for size in (1, 3, 1024):
        lines = _read(text, _lines, size)
        assert [ln.strip() for ln in lines] == ["\ufeffa,b,y", "1,2,0", "", "3, 4,1", "", "5,6,1"], lines


def test_a_bad_cell_names_the_file_line_and_column():
    for text, where, what in [
            ("a,b,y\n1,2,0\n\n2,x,1\n", "line 4, column 'b'", "'x'"),   # lines as in the file
            ("a,b,y\n1,nan,0\n", "line 2, column 'b'", "nan"),
            ("a,y,b\n1,0,1e999\n", "line 2, column 'b'", "inf"),
            ("a,b,y\n1,,0\n", "line 2, column 'b'", "''")]:
        want = "%s %s is %s: every entry must be a finite number" % (CSV, where, what)
        want += ", not NaN or infinity" if what in ("nan", "inf") else ""
        mixed = ("%s %s is 'x', among numbers: a column is numbers or text, not both. If "
                 "'b' is numeric, 'x' is not a number; if it is categorical, with levels like "
                 "numbers, pass categorical=['b'] to load_csv (on the command line, "
                 "--categorical b)" % (CSV, where))
        for fn in (load_csv, _stream):      # load_csv: text among numbers, a typo or a level
            expected = mixed if what == "'x'" and fn is load_csv else want
            e = raises(DataError, _read, text, fn, "y")
            assert str(e) == expected, (str(e), expected)
    for fn in (load_csv, _stream):
        e = raises(DataError, _read, "a,b,y\n1,2,0\n1,2\n", fn)
        assert str(e) == CSV + " line 3 has 2 fields, the header has 3", str(e)


def test_csv_empty_or_header_only_and_text_labels():
    for text in ("", "a,y\n"):
        e = raises(DataError, _read, text, load_csv)
        assert str(e) == CSV + " has no data rows", str(e)
    e = raises(DataError, _read, "", _stream)
    assert str(e) == CSV + " is empty", str(e)
    assert _read("a,y\n", _stream) == []
    text = "x,y\n1,red\n2,1.5\n"
    assert _read(text, load_csv).target == ["red", "1.5"]         # not all numbers: all text
    assert _read(text, _stream) == [([1.0], "red"), ([2.0], 1.5)]


def test_load_csv_reports_a_missing_target():
    path = datasets._HERE + "/breast_cancer.csv"
    e = raises(DataError, load_csv, path, "no_such_column")
    assert "no column 'no_such_column'" in str(e), str(e)


def _without_the_folder(fn):
    """fn() with the package's own data folder unreadable, as in a frozen
    firmware (which holds the .py modules only); the folder is put back."""
    here = datasets._HERE
    datasets._HERE = "tests/portable/_no_such_folder"
    try:
        return fn()
    finally:
        datasets._HERE = here


def test_a_frozen_package_finds_its_data_under_sys_path():
    # the suite's root is on sys.path, with minilogit/datasets/iris.csv in it
    d = _without_the_folder(datasets.load_iris)
    assert len(d.data) == 150 and d.data[0] == datasets.load_iris().data[0]


def test_a_frozen_package_without_its_data_says_where_to_copy_it():
    import sys
    path = sys.path[:]
    sys.path[:] = [".frozen"]
    try:
        e = _without_the_folder(lambda: raises(DataError, datasets.load_breast_cancer))
    finally:
        sys.path[:] = path
    assert "breast_cancer.csv is not installed" in str(e)
    assert "tests/portable/_no_such_folder/breast_cancer.csv" in str(e)
    assert "lib/minilogit/datasets/breast_cancer.csv on the board" in str(e)


def test_text_columns_say_which_cell_is_no_level():
    """A level like a number, a control character, a NUL in a label, an indicator
    named as another column: each a DataError naming it (issue 41)."""
    rows = "".join("%d,%s,%d\n" % (i, "abc"[i % 3], i % 2) for i in range(6))
    mixed = "x,g,y\n" + rows.replace(",b,", ",1,")
    msg = str(raises(DataError, _read, mixed, load_csv, "y"))
    assert "column 'g' is 'a', among numbers" in msg and "categorical=['g']" in msg, msg
    d = _read(mixed, load_csv, "y", ["g"])              # named: every cell a level
    assert d.categories == {"g": ["1", "a", "c"]} and d.feature_names == ["x", "g[a]", "g[c]"]
    msg = str(raises(DataError, _read, mixed, load_csv, "y", ["h"]))
    assert "categorical names 'h', which is not a feature column" in msg, msg
    msg = str(raises(DataError, _read, "x,g,y\n" + rows.replace(",b,", ",b\x01,"), load_csv, "y"))
    assert "line 3, column 'g' is 'b\\x01', text with a control character" in msg, msg
    msg = str(raises(DataError, _read, "x,g,y\n" + rows.replace(",1\n", ",1\x00\n", 1),
                     load_csv, "y"))
    assert ("line 3: the label (column 'y') is '1\\x00', text with a control" in msg
            or "line 3: line contains NUL" in msg), msg    # the csv module of Python < 3.11, PyPy
    clash = "x,g,g[b],y\n" + "".join("%d,%s,%d,%d\n" % (i, "abc"[i % 3], i % 4 // 2, i % 2)
                                     for i in range(6))
    msg = str(raises(DataError, _read, "x,g,y\n" + rows.replace(",b,", ",a,").replace(",c,", ",a,"),
                     load_csv, "y"))
    assert "text column 'g' has one level, 'a': it would code to no column" in msg, msg
    msg = str(raises(DataError, _read, clash, load_csv, "y"))
    assert "the indicator column 'g[b]' of the level 'b' of text column 'g' has the name" in msg


def test_levels_that_differ_only_in_their_unicode_form_are_refused():
    try:
        import unicodedata          # noqa: F401 - MicroPython has none: no check there
    except ImportError:
        raise Skip("no unicodedata on this runtime")
    text = "x,g,y\n" + "".join("%d,%s,%d\n" % (i, ("caf\u00e9", "cafe\u0301")[i % 2], i % 2 ^ i // 3)
                               for i in range(6))
    msg = str(raises(DataError, _read, text, load_csv, "y"))
    assert "two levels that print alike but differ in their Unicode form" in msg, msg


def test_standardize_subnormal_and_huge_columns():
    tiny = 2.0 ** (-148 if SINGLE else -1073)               # subnormal: its square is 0
    big = 2.0 ** (126 if SINGLE else 1022)
    for column in ([0.0, tiny, 2 * tiny, 3 * tiny], [-big, big, big, -big]):
        Z, means, scales = standardize([[v] for v in column])
        z = [row[0] for row in Z]
        assert abs(sum(z)) < 1e-6 and abs(sum(v * v for v in z) / 4 - 1.0) < 1e-6, (z, scales)
        assert abs(means[0] + scales[0] * z[0] - column[0]) <= abs(column[0]) * 1e-6, means


def test_load_csv_reads_only_the_columns_asked_for_and_drops_incomplete_rows():
    text = "a,b,c,y\n1,x,2,0\n2,,3,1\n3,y,,0\n4,x,5,1\n"
    d = _read(text, lambda path: load_csv(path, target="y", columns=["c", "a"],
                                          missing="drop"))
    assert d.feature_names == ["c", "a"], d.feature_names
    assert d.data == [[2.0, 1.0], [3.0, 2.0], [5.0, 4.0]], d.data
    assert d.dropped == [4] and d.target == [0, 1, 1]   # b, not read, has a gap on line 3
    e = raises(DataError, _read, text, lambda path: load_csv(path, target="y",
                                                             columns=["a", "d"]))
    assert str(e) == "%s has no feature column 'd'; its features are: a, b, c" % CSV, str(e)


def test_the_size_of_data_that_ran_out_is_said_in_a_boards_units():
    """A board runs out at a few KB: "about 0 MB" said nothing."""
    assert str(datasets.too_large("X has", 100, 4)).startswith(
        "out of memory: X has 100 rows x 4 columns, about 13 KB as Python floats")
    assert datasets.size(320e6) == "320 MB" and datasets.size(600) == "0.6 KB"
