"""Bundled data, a small CSV loader (text columns coded by indicators) and
feature standardization.

``breast_cancer.csv``: Breast Cancer Wisconsin (Diagnostic), W. H. Wolberg,
W. N. Street and O. L. Mangasarian (1995), UCI Machine Learning Repository,
as shipped with scikit-learn: 569 rows, 30 features, target 0 = malignant
(212), 1 = benign (357).

``iris.csv``: R. A. Fisher (1936), "The use of multiple measurements in
taxonomic problems", Annals of Eugenics 7(2), 179-188, as shipped with
scikit-learn: 150 rows, 4 features, target 0 = setosa, 1 = versicolor,
2 = virginica (50 each). See README.md in this folder.

>>> data = load_breast_cancer()
>>> len(data.data), len(data.feature_names), sum(data.target)
(569, 30, 357)
>>> X, y = data
"""

import math
import sys

from ..core.errors import DataError
from ..core.checks import as_float, check_X
from ..core.compat import INF
from .dataset import Dataset

try:    # csv's C half: the same reader, Error and field_size_limit, without the
    import _csv     # 5 ms of importing re, enum and functools that csv (its Sniffer) costs
except ImportError:
    try:
        import csv as _csv
    except ImportError:  # MicroPython
        _csv = None

try:
    _HERE = __file__.rsplit("/", 1)[0]
except NameError:  # MicroPython may not set __file__
    _HERE = "minilogit/datasets"


def load_csv(path, target=None, categorical=(), columns=None, missing="error", levels=None):
    """Read a CSV file with a header row; return a Dataset.

    The file is UTF-8 text (a byte-order mark is dropped), its cells split at
    commas, its header a distinct name for every column. ``target`` names
    the label column (default: the last). Labels are kept as numbers when
    they all parse as numbers, else as strings. A feature column holding
    text is categorical: its levels (its distinct cells, sorted) become
    one 0/1 column per level but the first, the reference, named
    ``column[level]``; ``categories`` keeps each such column's levels. A
    column whose levels include numbers ("1", "2b") is named in
    ``categorical``: a column of text and numbers is an error otherwise,
    since a number among text is as likely a level as a typo. ``columns``
    names the feature columns to read, in that order (default: all but the
    target); the others are not read at all. ``missing="drop"`` leaves out
    each data row with an empty cell among those columns or the target, as
    R's ``na.omit`` does, and the Dataset's ``dropped`` lists their line
    numbers; by default (``"error"``) an empty cell is a DataError.
    ``target=False`` reads rows to predict (no label: ``target`` is all None),
    and ``levels``, a fit's ``categories_``, codes each text column with the
    fit's levels, not the file's. The file is read a line at a time. A file
    that breaks these rules is a DataError naming the file and the line.

    >>> d = load_csv(_HERE + "/breast_cancer.csv", target="target")
    >>> d.feature_names[0], d.data[0][0], d.target[0]
    ('mean_radius', 17.99, 0)
    """
    if missing not in ("error", "drop"):
        raise DataError("missing must be 'error' or 'drop', not %r" % (missing,))
    text = {}                       # column -> (where, cell): its first text cell
    dropped = [] if missing == "drop" else None
    rows = _read_csv(path, target, text, categorical, columns, dropped)
    names, target = next(rows, (None, target))
    data, labels = [], []
    try:
        for x, label in rows:
            data.append(x)
            labels.append(label)
    except MemoryError:
        n, p = len(data), len(names)
        del data[:], labels[:]          # room for the message
        raise too_large("%s holds more than" % path, n, p) from None
    if not data:
        raise DataError("%s has no data rows%s" % (
            path, " without an empty cell" if dropped else ""))
    numbers = labels if target is False else [_number(v) for v in labels]
    if not any(isinstance(v, str) for v in numbers):
        labels = numbers
    for j in sorted(text):          # a number among texts: a level, or a cell typed wrong
        if any(not isinstance(row[j], str) for row in data):
            raise DataError("%s, column %r is %r, among numbers: a column is numbers or text, "
                            "not both. If %r is numeric, %r is not a number; if it is "
                            "categorical, with levels like numbers, pass categorical=[%r] to "
                            "load_csv (on the command line, --categorical %s)"
                            % (text[j][0], names[j], text[j][1], names[j], text[j][1],
                               names[j], names[j]))
    for j in sorted(text):
        if levels is not None and names[j] not in levels:
            raise DataError("%s, column %r is %r: the fit read it as numbers"
                            % (text[j][0], names[j], text[j][1]))
    data, names, categories = indicators(data, names, sorted(text), levels)
    found = Dataset(data, labels, names, target or None, categories)
    found.dropped = dropped or []           # the line numbers of the rows left out
    return found


def csv_columns(path):
    """The names of the columns of a CSV file, from its header row.

    >>> csv_columns(_HERE + "/iris.csv")[:2]
    ['sepal_length_cm', 'sepal_width_cm']
    """
    rows = _read_csv(path, False)
    names = next(rows, ([], False))[0]
    rows.close()
    return names


def too_large(what, n, p):
    """The DataError for data of n rows and p columns that ran out of memory:
    how large it is as the solvers hold it (a Python float in a list, about
    32 bytes), and what reads it a row at a time instead. ``what`` says
    whose rows they are ("X has", "data.csv holds more than").

    >>> print(too_large("X has", 1000000, 10))
    out of memory: X has 1000000 rows x 10 columns, about 320 MB as Python floats (32 bytes each), and the fit holds about twice that; fit_stream reads rows a chunk at a time instead, e.g. LogisticRegression().fit_stream(lambda: minilogit.datasets.stream_csv(path, target="y"), classes=[0, 1])
    """
    return DataError("out of memory: %s %d rows x %d columns, about %s as Python "
                     "floats (32 bytes each), and the fit holds about twice that; fit_stream "
                     "reads rows a chunk at a time instead, e.g. LogisticRegression()."
                     "fit_stream(lambda: minilogit.datasets.stream_csv(path, target=\"y\"), "
                     "classes=[0, 1])" % (what, n, p, size(32.0 * n * p)))


def size(n_bytes):
    """A size in bytes as a board or a desktop would say it: KB below 1 MB.

    >>> size(320e6), size(3.2e6), size(25600), size(600)
    ('320 MB', '3.2 MB', '26 KB', '0.6 KB')
    """
    for unit, scale in (("MB", 1e6), ("KB", 1e3)):
        if n_bytes >= scale or unit == "KB":
            value = n_bytes / scale
            return "%.2g %s" % (value, unit) if value < 10 else "%.0f %s" % (value, unit)


def indicators(data, names, text, known=None):
    """Replace each column j in ``text`` (all of its cells str) by 0/1 columns,
    one per level but the first (sorted), the reference; return (data,
    names, categories), categories = {column: its levels}. The rows of
    ``data`` are replaced in place, one at a time, so that the data are
    held once. ``known``: the levels of a fit ({column: levels}), for new
    rows; a level it lacks is a DataError.

    >>> indicators([[1.0, "b"], [2.0, "a"], [3.0, "c"]], ["x", "g"], [1])
    ([[1.0, 1.0, 0.0], [2.0, 0.0, 0.0], [3.0, 0.0, 1.0]], ['x', 'g[b]', 'g[c]'], {'g': ['a', 'b', 'c']})
    >>> indicators([["d"]], ["g"], [0], {"g": ["a", "b"]})
    Traceback (most recent call last):
    ...
    minilogit.DataError: column 'g' holds 'd', a level the fit did not see (it saw 'a', 'b')
    """
    if not text:
        return data, names, {}
    categories, codes, coded = {}, [], []
    for j, name in enumerate(names):
        if j not in text:
            coded.append(name)
            continue
        levels = categories[name] = sorted(set(row[j] for row in data)) if known is None \
            else known[name]
        # each level's 0/1 entries, one per level but the reference
        codes.append((j, dict((cell, [1.0 if cell == level else 0.0 for level in levels[1:]])
                              for cell in levels)))
        coded += ["%s[%s]" % (name, level) for level in levels[1:]]
    if known is None:
        _check_levels(categories, coded)
    for i in range(len(data)):
        row, new, start = data[i], [], 0
        for j, code in codes:
            if row[j] not in code:
                raise DataError("column %r holds %r, a level the fit did not see (it saw %s)"
                                % (names[j], row[j], ", ".join(map(repr, code))))
            new, start = new + row[start:j] + code[row[j]], j + 1
        data[i] = new + row[start:]         # a sum of lists: no room to spare
    return data, coded, categories


def _check_levels(categories, coded):
    """DataError for a text column of one level (it would code to no column: R
    refuses such a factor too), for levels that print alike but differ (NFC
    and NFD forms of one word: checked where the runtime has unicodedata,
    which MicroPython lacks) and for an indicator column named as another
    column is.

    >>> _check_levels({"g": ["a", "b"]}, ["x", "g[b]", "g[b]"])
    Traceback (most recent call last):
    ...
    minilogit.DataError: the indicator column 'g[b]' of the level 'b' of text column 'g' has the name of another column: rename one of them
    """
    try:
        from unicodedata import normalize
    except ImportError:
        normalize = None
    for name in sorted(categories):
        if len(categories[name]) < 2:
            raise DataError("text column %r has one level, %r: it would code to no column "
                            "(a constant, which the intercept is); drop it"
                            % (name, categories[name][0]))
        seen = {}
        for level in categories[name]:
            form = level if normalize is None else normalize("NFC", level)
            if form in seen:
                raise DataError("column %r has two levels that print alike but differ in their "
                                "Unicode form, %s and %s (one composed, one not): make them one "
                                "(unicodedata.normalize('NFC', level))"
                                % (name, ascii(seen[form]), ascii(level)))
            seen[form] = level
        for level in categories[name][1:]:
            column = "%s[%s]" % (name, level)
            if coded.count(column) > 1:
                raise DataError("the indicator column %r of the level %r of text column %r has "
                                "the name of another column: rename one of them"
                                % (column, level, name))


def stream_csv(path, target=None):
    """Yield (features, label) for each data row of a CSV file, one line at a time.

    The file is read as it is iterated, never held: this is what
    ``LogisticRegression.fit_stream`` takes, as ``lambda: stream_csv(path)``.
    ``target`` names the label column (default: the last); a label that
    reads as a number is one. It reads the file as ``load_csv`` does, but a
    cell of text is an error here: a text column's levels are known only
    once the whole file has been read.

    >>> rows = stream_csv(_HERE + "/iris.csv", target="target")
    >>> next(rows)
    ([5.1, 3.5, 1.4, 0.2], 0)
    """
    rows = _read_csv(path, target)
    if next(rows, None) is None:
        raise DataError("%s is empty" % path)
    for x, label in rows:
        yield x, _number(label)


def _read_csv(path, target, text=None, categorical=(), columns=None, dropped=None):
    """The one CSV reader of load_csv and stream_csv, a line at a time.

    Yields (feature names, target name) first, then (features, label text)
    for each data row; yields nothing for an empty file. Errors name the
    file, the line and, for a cell that is not a number, the column. Given
    a dict ``text``, a cell that is text (not empty, not a number) is kept
    as a str, and ``text`` maps its column to the first such cell (where,
    cell); every cell of a column named in ``categorical`` is text.
    ``columns``: the feature columns to read (default: all but the target).
    ``target`` False: the file has no label column (rows to predict); the
    label is then None. Given a list ``dropped``, a row with an empty cell
    among those read is left out and its line number appended.
    """
    with open(path, encoding="utf-8-sig") as f:   # "-sig": drop a UTF-8 byte-order mark
        rows = _split_rows(f, path)
        line, header = next(rows, (0, None))
        if header is None:
            return
        header = _column_names(header, "%s line %d" % (path, line))
        if target is None:
            target = header[-1]
        if target is not False and target not in header:
            raise DataError("%s has no column %r; its columns are: %s%s"
                            % (path, target, ", ".join(header), _separator_hint(header)))
        names = [name for name in header if name != target]
        if columns is not None:
            if len(set(columns)) < len(columns):
                raise DataError("columns names a column twice: %s" % ", ".join(columns))
            for name in columns:
                if name not in names:
                    raise DataError("%s has no feature column %r; its features are: %s"
                                    % (path, name, ", ".join(names)))
            names = list(columns)
        take = [header.index(name) for name in names]
        if target is not False:
            take.append(header.index(target))
        for name in categorical:
            if name not in names:
                raise DataError("categorical names %r, which is not a feature column of %s; "
                                "its features are: %s" % (name, path, ", ".join(names)))
        levels = [j for j, name in enumerate(names) if name in categorical]
        yield names, target
        for line, cells in rows:
            if len(cells) != len(header):
                raise DataError("%s line %d has %d fields, the header has %d"
                                % (path, line, len(cells), len(header)))
            cells = [cells[k] for k in take]
            label = cells.pop().strip() if target is not False else None
            if dropped is not None and (label == "" or not all(c.strip() for c in cells)):
                dropped.append(line)
                continue
            x = None if levels else _finite_floats(cells)
            if x is None:
                x = _raise_bad_cell(cells, names, "%s line %d" % (path, line), text, levels)
            if label is None:
                yield x, None
                continue
            if not label:
                raise DataError("%s line %d: the label (column %r) is empty"
                                % (path, line, target))
            if has_control(label):
                raise DataError("%s line %d: the label (column %r) is %r, text with a control "
                                "character (a NUL, say), which no label holds"
                                % (path, line, target, label))
            yield x, label


def _column_names(header, where):
    """The header's names, stripped; DataError for a name that is empty or repeated."""
    header = [name.strip() for name in header]
    header[0] = header[0].lstrip("\ufeff")        # a byte-order mark MicroPython keeps
    seen = set()
    for j, name in enumerate(header):
        if not name:
            raise DataError("%s: column %d of the header has no name" % (where, j + 1))
        if name in seen:
            raise DataError("%s: two columns of the header are named %r" % (where, name))
        if has_control(name):
            raise DataError("%s: column %d of the header is named %r, text with a control "
                            "character (a NUL, a line break), which no name holds"
                            % (where, j + 1, name))
        seen.add(name)
    return header


def _separator_hint(header):
    """For a header of one column that holds a ';' or a tab: say how the file is split."""
    for sep in ";\t|":
        if len(header) == 1 and sep in header[0]:
            return " (one column: minilogit splits lines at commas, this file at %r?)" % sep
    return ""


def _split_rows(f, path):
    """Yield (line number, cells) for each non-blank line of the open file f,
    numbered from 1 by the line where the row starts (a quoted cell may hold
    line breaks). Bytes that are not UTF-8 and the csv module's errors (a cell
    over its field limit, ...) are DataErrors naming the line."""
    line = 0                            # the lines read so far
    try:
        if _csv is None:
            for line, text in enumerate(_lines(f), 1):
                if '"' in text:
                    raise DataError("quoted CSV fields need the csv module, absent on this runtime")
                if text.strip():
                    yield line, [c.strip() for c in text.split(",")]
            return
        reader = _csv.reader(f)
        for cells in reader:
            if cells and (len(cells) > 1 or cells[0].strip()):     # not a blank line
                yield line + 1, cells
            line = reader.line_num
    except UnicodeError:
        raise _not_utf8(path) from None
    except _CSV_ERROR as e:
        raise DataError("%s line %d: %s" % (path, line + 1, _csv_reason(e))) from None


_CSV_ERROR = () if _csv is None else _csv.Error


def _csv_reason(e):
    """The words of the csv module's error e, with what to do for an oversized cell
    (PyPy's start with the line, which the caller gives).

    >>> _csv_reason(ValueError("line 3: line contains NULL byte"))
    'line contains NULL byte (the csv module)'
    """
    text = str(e)
    if "field limit" in text:
        return ("a cell is longer than the csv module's field limit of %d characters "
                "(a quote that is never closed?)" % _csv.field_size_limit())
    if text.startswith("line ") and ": " in text:
        text = text.split(": ", 1)[1]
    return "%s (the csv module)" % text


def _not_utf8(path):
    """The DataError for a file that is not UTF-8 text, naming the first line
    (and, where the runtime says, the byte) that is not."""
    with open(path, "rb") as f:
        for line, raw in enumerate(f, 1):
            try:
                raw.decode("utf-8")
            except UnicodeError as e:
                start = getattr(e, "start", None)        # MicroPython's error has none
                byte = "" if start is None else " (its byte %d is 0x%02x)" % (start + 1, raw[start])
                return DataError("%s line %d is not UTF-8 text%s: save the file as UTF-8"
                                 % (path, line, byte))
    return DataError("%s is not UTF-8 text: save the file as UTF-8" % path)


def _lines(f, size=1024):
    """Yield the lines of the open file f, read a block at a time: MicroPython
    (no csv module) reads a file's lines a byte at a time, tens of times slower.
    Each block and its lines need contiguous memory, which a board's heap
    lacks: make board (fit_stream over a 1,000-row CSV, board-f32, .py) needs
    about 99 KB with 1024-byte blocks (256 and 512 the same), 213 with 4096."""
    rest = ""
    while True:
        block = f.read(size)
        if not block:
            break
        lines = (rest + block).split("\n")
        rest = lines.pop()          # the start of a line that the next block ends
        for text in lines:
            yield text
    if rest:
        yield rest


def _finite_floats(cells):
    """The cells as floats, each parsed once; None if one is not a finite number."""
    try:
        x = list(map(float, cells))
    except ValueError:
        return None
    # a finite sum says every cell is finite; an inf or nan sum may be an overflow
    return x if math.isfinite(sum(x)) or all(map(math.isfinite, x)) else None


def _raise_bad_cell(cells, names, where, text=None, levels=()):
    """Raise as_float's DataError for the first cell that is not a finite
    number; given a dict ``text`` (see _read_csv), return the row with text
    cells kept as str (every cell of the columns ``levels``), raising only
    for an empty, nan or inf cell, or one holding a control character (a
    line break, a NUL), which is no level."""
    x = []
    for j, (name, cell) in enumerate(zip(names, cells)):
        try:
            if j in levels:
                raise ValueError
            cell = float(cell)          # a nan or inf as_float refuses as a number
        except ValueError:
            if text is not None and cell.strip():
                if has_control(cell):
                    raise DataError("%s, column %r is %r, text with a control character (a NUL, "
                                    "a line break), which no level holds" % (where, name, cell))
                text.setdefault(j, (where, cell))
                x.append(cell.strip())
                continue
            if j in levels:
                raise DataError("%s, column %r is empty: every cell of a categorical column "
                                "needs a level" % (where, name))
        x.append(as_float(cell, "%s, column %r" % (where, name)))
    return x


def has_control(text):
    """Whether text holds a control character but a tab (a NUL, a line break):
    no name, level or label does.

    >>> has_control("a\\tb"), has_control("a\\x00b")
    (False, True)
    """
    # min() first: a row's label is checked on every line, and almost never holds one
    return text > "" and min(text) < " " and any(c < " " and c != "\t" for c in text)


def _number(s):
    """'1' -> 1, '1.5' -> 1.5 (integers stay integers, so labels print nicely);
    anything else is returned as it is."""
    try:
        return int(s)
    except ValueError:
        pass
    try:
        return float(s)
    except ValueError:
        return s


def load_breast_cancer():
    """The breast-cancer data of lecture 001's IRLS slides (see the module docstring).

    >>> load_breast_cancer().feature_names[:2]
    ['mean_radius', 'mean_texture']
    """
    return load_csv(_bundled("breast_cancer.csv"), target="target")


def load_iris():
    """Fisher's iris data (see the module docstring): three classes, setosa separable.

    >>> d = load_iris()
    >>> len(d.data), d.feature_names[2], sorted(set(d.target))
    (150, 'petal_length_cm', [0, 1, 2])
    """
    return load_csv(_bundled("iris.csv"), target="target")


def _bundled(name):
    """The path of a bundled CSV: beside this module, where pip, mip or a copy
    of the folder puts it. Frozen into firmware, the package holds its .py
    modules only; there the file is looked for as minilogit/datasets/<name>
    under each folder of sys.path (a board's /lib), and a DataError says where
    to copy it."""
    tried = [_HERE + "/" + name] + [p + "/minilogit/datasets/" + name
                                    for p in sys.path if p not in ("", ".frozen")]
    for path in tried:
        try:
            open(path).close()
            return path
        except OSError:
            pass
    raise DataError("%s is not installed beside minilogit (looked for %s). A minilogit "
                    "frozen into firmware holds its .py modules only: copy the file from "
                    "minilogit/datasets/ of the repository to lib/minilogit/datasets/%s on "
                    "the board (a minilogit/ folder in the current directory would hide "
                    "the frozen package)" % (name, ", ".join(tried), name))


def standardize(X):
    """Return (Z, means, scales): each column shifted to mean 0 and scaled to
    population standard deviation 1 (ddof = 0, as scikit-learn's StandardScaler).

    A constant column gets scale 1 (it becomes all zeros) instead of a
    division by zero.

    >>> Z, means, scales = standardize([[1.0], [3.0]])
    >>> Z, means, scales
    ([[-1.0], [1.0]], [2.0], [1.0])
    """
    X = check_X(X)
    n = len(X)
    Zt, means, scales = [], [], []
    for c in zip(*X):
        top = max(abs(v) for v in c)
        # divided by the power of 2 nearest above its largest |x_ij| first, which is exact
        # and changes no result, so that no square under- or overflows (a column near
        # 1e300, or of subnormal numbers, is standardized as one near 1 is)
        e = math.frexp(top)[1]
        u = [math.ldexp(v, -e) for v in c]
        m = sum(u) / n
        s = math.sqrt(sum((v - m) ** 2 for v in u) / n)
        Zt.append([(v - m) / (s or 1.0) for v in u])
        means.append(math.ldexp(m, e))
        scales.append(math.ldexp(s, e) if s > 0 else 1.0)      # a constant column: 1
    Z = [list(row) for row in zip(*Zt)]
    return Z, means, scales


def unstandardize(model, means, scales):
    """Return a copy of ``model``, fitted to the columns that ``standardize``
    made, z_j = (x_j - m_j) / s_j, that speaks of the original columns x_j.

    A linear model is the same model on either scale: b_0 + sum_j b_j z_j =
    (b_0 - sum_j b_j m_j / s_j) + sum_j (b_j / s_j) x_j. So each coefficient
    vector [b_0, b_1, ...] becomes T [b_0, b_1, ...], with T the matrix of
    that identity, and the covariance of the estimates T C T' (the delta
    method is exact for a linear map): the copy's ``coef_``,
    ``intercept_``, ``predict`` on raw rows, ``bse_``, ``summary()``, ...
    are those of the same fit on the raw columns. The log-likelihood and
    the slopes' z-values are the same on both scales.

    >>> from minilogit import LogisticRegression
    >>> X = [[0.0], [10.0], [20.0], [30.0], [40.0], [50.0]]
    >>> y = [0, 0, 1, 0, 1, 1]
    >>> Z, means, scales = standardize(X)
    >>> raw = unstandardize(LogisticRegression().fit(Z, y), means, scales)
    >>> round(raw.intercept_, 4), [round(b, 5) for b in raw.coef_]
    (-3.0351, [0.1214])
    >>> [round(s, 5) for s in raw.bse_]
    [2.54571, 0.09126]
    """
    if not model.fit_intercept:
        raise DataError("unstandardize needs a model with an intercept: centring the "
                        "columns moved their means into it")
    d = len(means) + 1                  # one vector: [b_0, b_1, ..., b_p]

    def T(v):                           # each vector of the flat list v, on the raw scale
        out = []
        for k in range(0, len(v), d):
            b = v[k:k + d]
            slopes = [b_j / s_j for b_j, s_j in zip(b[1:], scales)]
            out += [b[0] - sum(map(lambda c, m: c * m, slopes, means))] + slopes
        return out

    from ..inference import Inference
    inference = model.inference_            # params_, cov_params_, ... (made on first use)
    copy = type(model)(**model.get_params())       # a twin (MicroPython has no __new__)
    for name, value in model.__dict__.items():
        setattr(copy, name, value)
    twin = copy._inference_ = Inference(copy)      # the same facts, on the raw scale
    for name in Inference.FACTS:
        setattr(twin, name, getattr(inference, name))
    twin.params_ = T(inference.params_)
    if inference.cov_params_ is not None:
        C = [T(row) for row in inference.cov_params_]               # C T'
        twin.cov_params_ = [T(list(col)) for col in zip(*C)]       # T C T' (symmetric)
        if not all(0 < twin.cov_params_[j][j] < INF for j in range(len(C))):
            twin.cov_params_ = None         # variances near 1e-600 (columns near 1e300)
            twin.inference_blocked_ = (
                "on the raw columns' scale (root mean squares %.3g to %.3g) the variances of "
                "the estimates, their standard errors squared, under- or overflow a float; "
                "the fit on the standardized columns has them" % (min(scales), max(scales)))
    if isinstance(model.intercept_, list):  # K vectors (softmax)
        rows = [T([b] + list(c)) for b, c in zip(model.intercept_, model.coef_)]
        copy.intercept_, copy.coef_ = [r[0] for r in rows], [r[1:] for r in rows]
    else:
        row = T([model.intercept_] + list(model.coef_))
        copy.intercept_, copy.coef_ = row[0], row[1:]
    return copy


def __getattr__(name):
    """make_masking and make_bank_balance, from .synthetic when first asked for
    (PEP 562): a script that only loads a CSV does not import them.

    >>> from minilogit.datasets import make_masking
    >>> make_masking(2).target
    [0, 0, 1, 1, 2, 2]
    """
    if name in ("make_masking", "make_bank_balance"):
        from . import synthetic
        return getattr(synthetic, name)
    raise AttributeError("module 'minilogit.datasets' has no attribute %r" % (name,))
