"""The command line's second half (issue 39): ``fit --save`` then ``predict``,
``--missing drop``, first-order solvers standardized by default, Ctrl-C, and
messages that name the command line's options.

``predict`` must print what the library's ``predict_proba``/``predict`` give
for the same fit (to 1e-12: the CSV holds each float as ``repr`` writes it,
so in fact exactly), for a binary target (spector, fair), more than two
classes (anes96's party identification, softmax) and counts (cpunish, a
Poisson GLM).
"""

import json
import os
import signal
import subprocess
import sys
import time

import pytest

from minilogit import GLM, LogisticRegression, SoftmaxRegression
from minilogit.datasets import load_csv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GLM_DATA = os.path.join(ROOT, "tests", "data", "glm")


def run(*args):
    return subprocess.run([sys.executable, "-m", "minilogit"] + [str(a) for a in args],
                          cwd=ROOT, capture_output=True, text=True)


def read_csv_output(text):
    """(header, rows) of predict's CSV: each cell a float where it is one."""
    lines = text.splitlines()
    rows = []
    for line in lines[1:]:
        cells = line.split(",")
        try:
            rows.append([float(c) for c in cells])
        except ValueError:
            rows.append(cells)
    return lines[0].split(","), rows


@pytest.fixture(scope="module")
def fair_binary(tmp_path_factory):
    """fair.csv with its label made binary, as statsmodels' example does: affairs > 0."""
    path = tmp_path_factory.mktemp("fair") / "fair_binary.csv"
    with open(os.path.join(GLM_DATA, "fair.csv")) as f:
        lines = f.read().splitlines()
    out = [lines[0].replace('"affairs"', '"had_affair"')]
    for line in lines[1:]:
        cells = line.split(",")
        cells[-1] = "1" if float(cells[-1]) > 0 else "0"
        out.append(",".join(cells))
    path.write_text("\n".join(out) + "\n")
    return str(path)


PREDICT_CASES = [
    # (file, target, columns, options, the library's model, what predict prints by default)
    ("spector.csv", "GRADE", "GPA,TUCE,PSI", [], LogisticRegression(), "proba"),
    ("fair", "had_affair", "rate_marriage,age,yrs_married,children,religious,educ", [],
     LogisticRegression(), "proba"),
    ("anes96.csv", "PID", "TVnews,selfLR,age,educ,income", [], SoftmaxRegression(), "proba"),
    ("cpunish.csv", "EXECUTIONS", "INCOME,PERPOVERTY,PERBLACK,VC100k96,SOUTH,DEGREE",
     ["--family", "poisson"], GLM(family="poisson"), "mean"),
]


@pytest.mark.parametrize("name, target, columns, options, model, default", PREDICT_CASES)
def test_fit_save_then_predict_gives_the_library_predictions(
        tmp_path, fair_binary, name, target, columns, options, model, default):
    path = fair_binary if name == "fair" else os.path.join(GLM_DATA, name)
    saved = tmp_path / "model.json"
    proc = run("fit", path, "--target", target, "--columns", columns, "--save", saved, *options)
    assert proc.returncode == 0, proc.stderr
    assert "Wrote %s" % saved in proc.stdout
    data = load_csv(path, target=target, columns=columns.split(","))
    model.fit(data.data, data.target)
    doc = json.loads(saved.read_text())
    assert doc["csv"]["target"] == target and doc["fitted"]["feature_names_in_"] == \
        columns.split(",")
    # the default output: each class's probability (a GLM: its mean), one column each
    proc = run("predict", saved, path)
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    header, rows = read_csv_output(proc.stdout)
    if default == "proba":
        want = model.predict_proba(data.data)
        assert header == ["P(%s=%s)" % (target, c) for c in model.classes_]
    else:
        want = [[m] for m in model.predict(data.data)]
        assert header == ["mean"]
    assert len(rows) == len(want) == len(data.data)
    for got_row, want_row in zip(rows, want):
        assert all(abs(a - b) <= 1e-12 * max(1.0, abs(b)) for a, b in zip(got_row, want_row))
    # labels (a GLM has none: it is a regressor) and the linear predictor
    if default == "proba":
        proc = run("predict", saved, path, "--output", "label")
        header, rows = read_csv_output(proc.stdout)
        assert header == [target]
        assert [r[0] for r in rows] == [float(c) for c in model.predict(data.data)]
    proc = run("predict", saved, path, "--output", "link")
    header, rows = read_csv_output(proc.stdout)
    want = model.linear_predictor(data.data) if default == "mean" else \
        model.decision_function(data.data)
    want = [w if isinstance(w, list) else [w] for w in want]
    assert all(abs(a - b) <= 1e-12 * max(1.0, abs(b))
               for got_row, want_row in zip(rows, want) for a, b in zip(got_row, want_row))


def test_predict_reads_a_file_without_the_label_column(tmp_path):
    """New rows have no label: the fit's columns are enough, in any order."""
    saved = tmp_path / "model.json"
    spector = os.path.join(GLM_DATA, "spector.csv")
    assert run("fit", spector, "--target", "GRADE", "--columns", "GPA,TUCE,PSI",
               "--save", saved).returncode == 0
    new = tmp_path / "new.csv"
    new.write_text("PSI,TUCE,GPA\n1,20,3.5\n0,25,2.1\n")
    proc = run("predict", saved, new, "--output", "label")
    assert proc.returncode == 0, proc.stderr
    model = LogisticRegression().fit(*load_csv(spector, target="GRADE",
                                               columns=["GPA", "TUCE", "PSI"]))
    assert proc.stdout == "GRADE\n%s\n%s\n" % tuple(model.predict([[3.5, 20, 1], [2.1, 25, 0]]))


@pytest.mark.parametrize("text, message", [
    ("GPA,TUC,PSI\n3.5,20,1\n", "{new} does not have the columns of the fit in {saved}: it "
     "lacks 'TUCE' and has 'TUC', which the training file did not have; the model reads GPA, "
     "TUCE, PSI"),
    ("GPA,PSI\n3.5,1\n", "{new} does not have the columns of the fit in {saved}: it lacks "
     "'TUCE'; the model reads GPA, TUCE, PSI"),
    ("GPA,TUCE,PSI,extra\n3.5,20,1,7\n", "{new} does not have the columns of the fit in "
     "{saved}: it has 'extra', which the training file did not have; the model reads GPA, "
     "TUCE, PSI"),
])
def test_predict_refuses_a_changed_column_set_by_name(tmp_path, text, message):
    saved, new = tmp_path / "model.json", tmp_path / "new.csv"
    assert run("fit", os.path.join(GLM_DATA, "spector.csv"), "--target", "GRADE",
               "--columns", "GPA,TUCE,PSI", "--save", saved).returncode == 0
    new.write_text(text)
    proc = run("predict", saved, new)
    assert proc.returncode == 1 and proc.stdout == ""
    assert proc.stderr == "minilogit: " + message.format(new=new, saved=saved) + "\n"


def test_predict_codes_text_columns_with_the_fits_levels(tmp_path):
    """A text column is coded by the levels of the fit, not of the new file
    (which may hold fewer); a level the fit did not see is refused by name."""
    train, saved = tmp_path / "train.csv", tmp_path / "model.json"
    train.write_text("dose,group,y\n1,a,0\n2,b,1\n3,c,0\n4,a,1\n5,b,0\n6,c,1\n2,a,1\n5,c,0\n")
    assert run("fit", train, "--target", "y", "--save", saved).returncode == 0
    new = tmp_path / "new.csv"
    new.write_text("dose,group\n3,c\n")
    data = load_csv(str(train), target="y")
    model = LogisticRegression().fit(data.data, data.target)
    proc = run("predict", saved, new)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == "P(y=0),P(y=1)\n%r,%r\n" % tuple(model.predict_proba([[3.0, 0.0, 1.0]])[0])
    new.write_text("dose,group\n3,d\n")
    proc = run("predict", saved, new)
    assert proc.returncode == 1
    assert proc.stderr == ("minilogit: column 'group' holds 'd', a level the fit did not see "
                           "(it saw 'a', 'b', 'c')\n")


@pytest.mark.parametrize("args, message", [
    (["predict", "{saved}"], "give the files: MODEL.json FILE.csv"),
    (["predict", "{saved}", "{csv}", "{csv}"], "MODEL.json and FILE.csv only, got also '{csv}'"),
    (["predict", "{saved}", "{csv}", "--output", "odds"],
     "--output needs probability or label or link for a LogisticRegression, got 'odds'"),
    (["predict", "{csv}", "{csv}"], "{csv} is not a model that fit --save wrote: predict reads "
     "the JSON of a GLM, LogisticRegression, SoftmaxRegression"),
    (["predict", "{saved}", "{csv}", "--missing", "skip"], "--missing needs drop or error, got 'skip'"),
])
def test_predict_usage_errors_are_one_line(tmp_path, args, message):
    saved, csv = tmp_path / "model.json", os.path.join(GLM_DATA, "spector.csv")
    assert run("fit", csv, "--target", "GRADE", "--columns", "GPA,TUCE,PSI",
               "--save", saved).returncode == 0
    fill = {"saved": saved, "csv": csv}
    proc = run(*[a.format(**fill) for a in args])
    assert proc.stdout == "" and proc.returncode in (1, 2)
    assert proc.stderr == "minilogit: " + message.format(**fill) + "\n"


# -- --missing drop|error ----------------------------------------------------------

GAPS = "a,b,y\n1,2,0\n2,,1\n3,1,0\n,4,1\n5,3,\n6,2,1\n7,5,0\n8,1,1\n2,3,0\n2,3,1\n"


def test_missing_drop_leaves_out_exactly_the_rows_with_an_empty_cell(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text(GAPS)
    proc = run("fit", path, "--target", "y")
    assert proc.returncode == 1
    assert proc.stderr == ("minilogit: %s line 3, column 'b' is '': every entry must be a "
                           "finite number\n" % path)
    proc = run("fit", path, "--target", "y", "--missing", "drop")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ("minilogit: note: --missing drop left out 3 rows of %s with an "
                           "empty cell (lines 3, 5, 6); 7 rows remain\n" % path)
    complete = [[1.0, 2.0], [3.0, 1.0], [6.0, 2.0], [7.0, 5.0], [8.0, 1.0], [2.0, 3.0], [2.0, 3.0]]
    model = LogisticRegression().fit(complete, [0, 0, 1, 0, 1, 0, 1])
    assert proc.stdout.startswith(model.summary(feature_names=["a", "b"]))
    # a column left out by --columns is not read, so its gaps drop nothing
    proc = run("fit", path, "--target", "y", "--columns", "a", "--missing", "drop")
    assert "left out 2 rows" in proc.stderr and "(lines 5, 6)" in proc.stderr


def test_load_csv_drops_rows_and_keeps_their_lines(tmp_path):
    path = tmp_path / "gaps.csv"
    path.write_text(GAPS)
    data = load_csv(str(path), target="y", missing="drop")
    assert data.dropped == [3, 5, 6] and len(data.data) == 7
    assert data.data[2] == [6.0, 2.0] and data.target == [0, 0, 1, 0, 1, 0, 1]
    path.write_text("a,y\n,0\n1,\n")
    with pytest.raises(Exception) as e:
        load_csv(str(path), target="y", missing="drop")
    assert str(e.value) == "%s has no data rows without an empty cell" % path


# -- first-order solvers on raw CSVs -----------------------------------------------

def coefficients(stdout):
    """The coef column of the first (raw-scale) table."""
    lines = stdout.splitlines()
    start = [i for i, line in enumerate(lines) if line.startswith("-----")][0] + 1
    out = []
    for line in lines[start:]:
        if line.startswith("====="):
            return out
        out.append(float(line.split()[-7]))


@pytest.mark.parametrize("solver", ["gd", "proximal"])
@pytest.mark.parametrize("name, target, columns", [
    ("spector.csv", "GRADE", "GPA,TUCE,PSI"),
    ("fair", "had_affair", "rate_marriage,age,yrs_married,children,religious,educ"),
])
def test_first_order_solvers_standardize_by_default_and_reach_newtons_fit(
        fair_binary, solver, name, target, columns):
    """Where gd diverged or crawled on the raw columns, the default now runs on
    standardized ones and reports the raw-scale fit: Newton's to 1e-4."""
    path = fair_binary if name == "fair" else os.path.join(GLM_DATA, name)
    options = ["--penalty", "l1", "--lam", "0"] if solver == "proximal" else []
    proc = run("fit", path, "--target", target, "--columns", columns, "--solver", solver,
               "--quiet", *options)
    assert proc.returncode == 0 and "warning" not in proc.stderr, proc.stderr
    data = load_csv(path, target=target, columns=columns.split(","))
    newton = LogisticRegression().fit(data.data, data.target)
    got = coefficients(proc.stdout)
    want = [newton.intercept_] + list(newton.coef_)
    assert all(abs(a - b) <= 1e-4 for a, b in zip(got, want)), (got, want)
    words = " ".join(proc.stdout.split())
    assert "the default of --solver %s, which --no-standardize turns off" % solver in words
    assert "%s stopped at an approximate optimum, where the scaled gradient is" % solver in words


def test_sgd_standardizes_by_default_and_says_its_inference_is_approximate():
    """Raw spector diverged in epoch 2; standardized, sgd converges (its own test:
    scaled gradient <= 1e-3) and the summary says how far from 0 that is."""
    path = os.path.join(GLM_DATA, "spector.csv")
    proc = run("fit", path, "--target", "GRADE", "--columns", "GPA,TUCE,PSI", "--solver", "sgd")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    words = " ".join(proc.stdout.split())
    assert "Converged: True" in words
    assert "sgd stopped at an approximate optimum, where the scaled gradient is 0.00076 (at " \
           "most the tolerance 0.001), not 0" in words
    raw = run("fit", path, "--target", "GRADE", "--columns", "GPA,TUCE,PSI", "--solver", "sgd",
              "--no-standardize")
    assert raw.returncode == 1 and "use a smaller --learning-rate" in raw.stderr


def test_a_penalised_standardized_fit_says_where_the_penalty_applies():
    proc = run("fit", os.path.join(GLM_DATA, "spector.csv"), "--target", "GRADE", "--columns",
               "GPA,TUCE,PSI", "--solver", "gd", "--penalty", "l2", "--lam", "0.1")
    assert proc.returncode == 0, proc.stderr
    assert "The penalty applies to the coefficients of the standardized columns, as glmnet's " \
           "does" in " ".join(proc.stdout.split())


# -- Ctrl-C ------------------------------------------------------------------------

def test_ctrl_c_says_what_it_interrupted(tmp_path):
    """SIGINT during a long fit: one line naming the stage, status 130."""
    path = tmp_path / "long.csv"
    rows = ["x1,x2,y"] + ["%d,%d,%d" % (i % 97, (i * 7) % 89, (i * 31 % 11) > 5)
                          for i in range(20000)]
    path.write_text("\n".join(rows) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "minilogit", "fit", str(path), "--target",
                             "y", "--solver", "gd", "--no-standardize", "--max-iter", "100000",
                             "--verbose"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    try:
        proc.stderr.readline()                  # the note, or the first progress report
        deadline = time.time() + 60
        while time.time() < deadline:
            line = proc.stderr.readline()
            if line.startswith("minilogit: gd iteration") or "iteration" in line:
                break
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert err.splitlines()[-1] == ("minilogit: interrupted while fitting LogisticRegression "
                                    "(gd) to 20000 rows of %s" % path)
    assert "Traceback" not in err


def test_the_separation_advice_names_options_that_exist(tmp_path):
    """The library says penalty='firth'; the command line says --penalty firth,
    and that option runs Firth's fit."""
    path = tmp_path / "separated.csv"
    path.write_text("x,y\n1,0\n2,0\n3,0\n4,1\n5,1\n6,1\n")
    proc = run("fit", path, "--target", "y")
    assert "(--penalty firth: finite estimates with standard errors)" in proc.stderr
    proc = run("fit", path, "--target", "y", "--penalty", "firth")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    assert "Penalty: Firth (1993)" in " ".join(proc.stdout.split())


def test_a_first_order_fit_on_standardized_correlated_columns_is_told_what_to_do():
    """Standardized, breast cancer's radius, perimeter and area are alike in scale
    but nearly collinear: gd crawls, and the advice is not to standardize again."""
    proc = run("fit", os.path.join(ROOT, "minilogit", "datasets", "breast_cancer.csv"),
               "--target", "target", "--columns",
               "mean_radius,mean_texture,mean_perimeter,mean_area,mean_smoothness",
               "--solver", "gd", "--max-iter", "50", "--quiet")
    assert proc.returncode == 0, proc.stderr
    words = " ".join(proc.stdout.split())
    assert "First-order methods crawl along correlated columns (the scales of these are " \
           "alike, root mean squares 1 to 1): raise --max-iter, or use --solver newton." in words
    assert "standardize them" not in words


def test_the_separation_diagnosis_is_printed_once():
    """The warning says how the classes are separated; the summary and the
    explanation refer to it instead of printing it twice more."""
    proc = run("fit", os.path.join(ROOT, "minilogit", "datasets", "breast_cancer.csv"),
               "--target", "target", "--quiet")
    assert proc.returncode == 0
    both = " ".join((proc.stderr + proc.stdout).split())
    assert both.count("every one of the 569 points is classified correctly") == 1, both
    assert proc.stderr.startswith("minilogit: warning: the maximum-likelihood estimate does "
                                  "not exist: complete separation: at the current")
    words = " ".join(proc.stdout.split())
    assert "does not exist (complete separation) and (X'WX)^-1" in words
    assert "admit no maximum-likelihood estimate (the warning above says how)." in words
