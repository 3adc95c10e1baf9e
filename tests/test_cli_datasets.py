"""The command line on the bundled CSVs and the reference CSVs of tests/data/glm:
what it prints is the library's fit of the same data.

Each case runs ``python3 -m minilogit fit`` in a process of its own and reads
the coefficient column of the printed table; the library's fit of
``load_csv`` on the same file (the same columns, the same model) must give
those numbers as the table prints them (4 decimals, or 4 digits in exponent
notation). The cases span a binary
target, more than two classes (softmax regression), counts (a Poisson GLM),
a measurement (a gaussian GLM, whose standard errors reach 890,420: every
number keeps a space before it), a text column (coded by indicators), and
--standardize with a first-order
solver (the raw-scale table against the library's Newton fit on the raw
columns).
"""

import os
import subprocess
import sys
import warnings

import pytest

from minilogit import GLM, LogisticRegression, SoftmaxRegression
from minilogit.datasets import load_csv, standardize
from minilogit.summary import _num

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUNDLED = "minilogit/datasets/"
GLM_DATA = "tests/data/glm/"

CASES = [
    # (file, target, columns, extra options, the library's model)
    (BUNDLED + "breast_cancer.csv", "target", "mean_radius,mean_texture", [],
     LogisticRegression()),
    (GLM_DATA + "spector.csv", "GRADE", "GPA,TUCE,PSI", [], LogisticRegression()),
    (GLM_DATA + "anes96.csv", "vote", None, [], LogisticRegression()),
    (BUNDLED + "iris.csv", "target", "sepal_length_cm", [], SoftmaxRegression()),
    (GLM_DATA + "anes96.csv", "PID", "TVnews,selfLR,age,educ,income", [], SoftmaxRegression()),
    (GLM_DATA + "fair.csv", "occupation", "age,educ,rate_marriage", [], SoftmaxRegression()),
    (GLM_DATA + "cpunish.csv", "EXECUTIONS", "INCOME,PERPOVERTY,PERBLACK,VC100k96,SOUTH,DEGREE",
     ["--family", "poisson"], GLM(family="poisson")),
    (GLM_DATA + "lbw.csv", "low", "age,lwt,race,smoke,ptl,ht,ui", [], LogisticRegression()),
    (GLM_DATA + "longley.csv", "TOTEMP", "GNPDEFL,GNP,UNEMP,ARMED,POP,YEAR",
     ["--family", "gaussian"], GLM(family="gaussian")),
]


def run(*args):
    return subprocess.run([sys.executable, "-m", "minilogit"] + list(args), cwd=ROOT,
                          capture_output=True, text=True)


def printed_tables(text):
    """The coefficient tables of a printed summary (or two, --standardize): for
    each, [(row name, coef)] from the rows between its '---' rule and the '==='
    rule below them."""
    tables, rows = [], None
    for line in text.splitlines():
        if line.startswith("---"):
            rows = []
        elif line.startswith("===") and rows is not None:
            tables.append(rows)
            rows = None
        elif rows is not None:
            cells = line.split()
            assert len(cells) in (2, 7, 8), line        # every column apart
            rows.append((cells[0], float(cells[1])))
    return tables


def library_fit(model, path, target, columns):
    data = load_csv(os.path.join(ROOT, path), target=target)
    if columns is not None:
        data = data.columns(columns.split(","))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(data.data, data.target)
    return model, data


@pytest.mark.parametrize("path, target, columns, options, model", CASES,
                         ids=["%s-%s" % (os.path.basename(c[0]), c[1]) for c in CASES])
def test_the_command_line_prints_the_library_fit(path, target, columns, options, model):
    args = ["fit", path, "--target", target] + options
    if columns is not None:
        args += ["--columns", columns]
    proc = run(*args)
    assert proc.returncode == 0, proc.stderr
    assert "minilogit: note" not in proc.stderr           # Newton and IRLS need no scaling
    (table,) = printed_tables(proc.stdout)
    fitted, data = library_fit(model, path, target, columns)
    assert [coef for _, coef in table] == [float(_num(b)) for b in fitted.params_]
    if isinstance(fitted, SoftmaxRegression):
        levels = sorted(set(data.target))[1:]
        assert [name for name, _ in table] == [
            "%s[%r]" % (n, k) for k in levels for n in ["intercept"] + data.feature_names]
    else:
        assert [name for name, _ in table] == ["intercept"] + data.feature_names
    assert proc.stdout.count("Text columns are coded") == (1 if data.categories else 0)


def test_a_text_column_is_coded_against_its_first_level():
    """lbw's race (black, other, white): indicators race[other], race[white];
    black, the first level, is the reference, and the summary says so."""
    proc = run("fit", GLM_DATA + "lbw.csv", "--target", "low", "--columns", "age,race")
    names = [n for n, _ in printed_tables(proc.stdout)[0]]
    assert names == ["intercept", "age", "race[other]", "race[white]"]
    assert "race against 'black'" in " ".join(proc.stdout.split())


@pytest.mark.parametrize("solver", ["gd", "sgd"])
def test_standardize_prints_both_scales(solver):
    """--standardize with a first-order solver on Spector's raw columns: the
    first table is the raw columns' (the library's Newton fit on them, to the
    solver's accuracy), the second the standardized columns' (the library's
    fit of the same solver on standardize's columns, exactly)."""
    columns = "GPA,TUCE,PSI"
    proc = run("fit", GLM_DATA + "spector.csv", "--target", "GRADE", "--columns", columns,
               "--solver", solver, "--standardize")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    raw, scaled = printed_tables(proc.stdout)
    newton, data = library_fit(LogisticRegression(), GLM_DATA + "spector.csv", "GRADE", columns)
    tolerance = 1e-4 if solver == "gd" else 0.05            # SGD's tol is 1e-3
    for (_, got), want in zip(raw, newton.params_):
        assert abs(got - want) <= tolerance * max(1.0, abs(want)), (raw, newton.params_)
    Z, _, _ = standardize(data.data)
    same = LogisticRegression(solver=solver).fit(Z, data.target)
    assert [b for _, b in scaled] == [float(_num(b)) for b in same.params_]
    assert [n for n, _ in raw] == [n for n, _ in scaled] == ["intercept", "GPA", "TUCE", "PSI"]


@pytest.mark.parametrize("solver", ["gd", "sgd"])
def test_first_order_solvers_on_raw_breast_cancer_say_first_what_to_do(solver):
    """With --no-standardize, on the raw breast-cancer columns (root mean
    squares from 0.005 to 1,000) gd and sgd say, before they start, why they
    will not get there and what to do; the note is the first line on stderr."""
    proc = run("fit", BUNDLED + "breast_cancer.csv", "--target", "target",
               "--solver", solver, "--max-iter", "3", "--no-standardize")
    first = proc.stderr.splitlines()[0]
    assert first.startswith("minilogit: note: %s takes steps on the raw columns, whose "
                            "root mean squares range from 0.00463 "
                            "(fractal_dimension_error) to 1.05e+03 (worst_area)" % solver)
    assert proc.stderr.count("takes steps on") == 1         # the fit's own warning not again
    assert first.endswith("Leave out --no-standardize (the fit then runs on standardized "
                          "columns and reports the coefficients on both scales), or use "
                          "--solver newton.")


def test_load_csv_codes_a_text_column_by_indicators(tmp_path):
    """Levels sorted, the first the reference (no column of its own), names
    column[level]; columns() takes the text column's name for its indicators."""
    path = tmp_path / "d.csv"
    path.write_text("x,region,y\n1,south,0\n2,north,1\n3,west,0\n4,north,1\n")
    d = load_csv(str(path), target="y")
    assert d.feature_names == ["x", "region[south]", "region[west]"]
    assert d.data == [[1.0, 1.0, 0.0], [2.0, 0.0, 0.0], [3.0, 0.0, 1.0], [4.0, 0.0, 0.0]]
    assert d.categories == {"region": ["north", "south", "west"]}
    assert d.columns(["region"]).feature_names == ["region[south]", "region[west]"]
    assert d.columns(["x"]).categories == {}


@pytest.mark.parametrize("rows, words", [
    ("1,2,0\n3,x,1\n", "line 3, column 'b' is 'x', among numbers: a column is numbers or text, not both. If 'b' is numeric, 'x' is not a number; if it is categorical, with levels like numbers, pass categorical=['b'] to load_csv (on the command line, --categorical b)"),
    ("1,x,0\n3,2,1\n", "line 2, column 'b' is 'x', among numbers: a column is numbers or text, not both. If 'b' is numeric, 'x' is not a number; if it is categorical, with levels like numbers, pass categorical=['b'] to load_csv (on the command line, --categorical b)"),
    ("1,,0\n3,x,1\n", "line 2, column 'b' is '': every entry must be a finite number"),
])
def test_a_number_or_a_gap_among_texts_is_still_an_error(tmp_path, rows, words):
    """A column of numbers with a stray text (or texts with a number) is a typo,
    not a category: the error names the first text cell as before; an empty cell
    is no level."""
    from minilogit import DataError
    path = tmp_path / "d.csv"
    path.write_text("a,b,y\n" + rows)
    with pytest.raises(DataError) as e:
        load_csv(str(path), target="y")
    assert words in str(e.value)


@pytest.mark.parametrize("text, args, message", [
    ("age,dose,dose2,outcome\n1,2,4,0\n2,3,6,1\n3,1,2,0\n4,5,10,1\n5,2,4,1\n6,4,8,0\n",
     ["--target", "outcome"],
     "the Hessian is singular: column 2 of X ('dose2') is a linear combination"),
    ("a,count\n1,2\n2,-1\n3,2\n", ["--target", "count", "--family", "poisson"],
     "column 'count', data row 2, is -1: the poisson family needs counts"),
    ("a,species\n1,x\n2,x\n", ["--target", "species"],
     "column 'species' has only one class ('x')"),
])
def test_errors_name_the_columns_as_the_file_does(tmp_path, text, args, message):
    path = tmp_path / "d.csv"
    path.write_text(text)
    proc = run("fit", str(path), *args)
    assert proc.returncode == 1 and proc.stderr.startswith("minilogit: " + message), \
        proc.stderr
    assert " y " not in proc.stderr and "y[" not in proc.stderr


def test_standardize_gives_the_raw_fit_of_softmax_regression_to_every_digit():
    """Three classes, Newton: the raw-scale table of --standardize (T theta, T C T'
    per class vector) prints what the fit on the raw column prints."""
    args = ["fit", BUNDLED + "iris.csv", "--target", "target", "--columns", "sepal_length_cm",
            "--quiet"]
    both = run(*(args + ["--standardize"])).stdout
    raw = run(*args).stdout
    table = raw[raw.index("coef"):raw.index("=" * 20, raw.index("coef"))]
    assert both.count(table) == 1 and both.index(table) < both.index("--standardize")
