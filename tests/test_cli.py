"""``python3 -m minilogit fit|trace``, run as a subprocess from the repository root.

What the command line prints must be what the Python API gives for the same
data (the summary table, explain(), trace_); every bad input is one line on
stderr starting "minilogit: " with exit status 1 (data) or 2 (usage), never
a traceback; warnings are one line each; --help names every option; --svg
writes well-formed XML.
"""

import doctest
import io
import os
import subprocess
import sys
import warnings
import xml.etree.ElementTree as ET

import pytest

import minilogit.__main__ as cli
from minilogit import GLM, LogisticRegression
from minilogit.datasets import load_csv

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BREAST = "minilogit/datasets/breast_cancer.csv"
NS = "{http://www.w3.org/2000/svg}"

# Two features, labels "no"/"yes", not separable.
ROWS = [(-1.5, 0.3, "no"), (-1.0, -0.8, "no"), (-0.6, 1.2, "yes"), (-0.2, -0.4, "yes"),
        (0.1, 0.9, "no"), (0.4, -1.1, "yes"), (0.8, 0.2, "yes"), (1.3, -0.5, "no"),
        (1.7, 1.4, "yes"), (-1.8, -1.3, "no"), (0.6, 0.7, "yes"), (-0.4, 0.1, "yes")]
X = [[a, b] for a, b, _ in ROWS]
Y = [c for _, _, c in ROWS]


def run(*args):
    """Run the command line; return the CompletedProcess (text, both streams captured)."""
    return subprocess.run([sys.executable, "-m", "minilogit"] + [str(a) for a in args],
                          cwd=ROOT, capture_output=True, text=True)


def fit_quietly(model, X, y):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return model.fit(X, y)


def same_words(a, b):
    """Equal up to line breaks and spacing (the command line wraps explain())."""
    return a.split() == b.split()


@pytest.fixture
def small_csv(tmp_path):
    path = tmp_path / "small.csv"
    path.write_text("x1,x2,label\n" + "".join("%r,%r,%s\n" % r for r in ROWS))
    return path


def test_doctests_of_the_module():
    """pytest does not collect doctests from a __main__.py: run them here."""
    result = doctest.testmod(cli, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 15, result


# -- help --------------------------------------------------------------------

@pytest.mark.parametrize("flag", ["-h", "--help", "help"])
def test_help_documents_every_command_and_option(flag):
    proc = run(flag)
    assert proc.returncode == 0 and proc.stderr == ""
    for word in list(cli.OPTIONS) + ["fit FILE.csv", "trace FILE.csv", "demo", "help"]:
        assert word in proc.stdout, word
    for choice in ["newton", "irls", "gd", "sgd", "proximal", "cd", "l2", "elasticnet",
                   "binomial", "poisson", "gaussian", "probit", "cloglog"]:
        assert choice in proc.stdout, choice


def test_no_argument_prints_the_usage():
    proc = run()
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == cli.USAGE


# -- fit -----------------------------------------------------------------------

def test_fit_prints_the_summary_and_explanation_of_the_python_api(small_csv):
    proc = run("fit", small_csv, "--target", "label")
    assert proc.returncode == 0 and proc.stderr == ""
    model = LogisticRegression().fit(X, Y)
    summary = model.summary(feature_names=["x1", "x2"])
    assert proc.stdout.startswith(summary + "\n\n"), proc.stdout
    assert same_words(proc.stdout[len(summary):], cli.in_cli_words(model.explain(), None))
    words = " ".join(proc.stdout.split())
    assert "--tol = 1e-08" in words and " tol " not in words     # the option's name
    assert "Logistic regression (yes vs no)" in proc.stdout


def test_fit_with_options_equals_the_python_api(small_csv):
    proc = run("fit", small_csv, "--target", "label", "--solver", "irls", "--tol", "1e-12",
               "--max-iter", "50", "--columns", "x2")
    assert proc.returncode == 0 and proc.stderr == ""
    model = LogisticRegression(solver="irls", tol=1e-12, max_iter=50).fit([[r[1]] for r in X], Y)
    assert "Solver:" in proc.stdout and "irls" in proc.stdout
    assert model.summary(feature_names=["x2"]) in proc.stdout


def test_breast_cancer_summary_explains_the_separation():
    proc = run("fit", BREAST, "--target", "target")
    assert proc.returncode == 0
    words = " ".join(proc.stdout.split())        # the summary wraps its explanation
    assert "No standard errors, p-values, intervals, pseudo R-squ., AIC, BIC or LLR " \
           "p-value: the classes are separated, so the maximum-likelihood estimate does " \
           "not exist (complete separation" in words
    assert "AIC:" not in proc.stdout and "Log-likelihood:" in proc.stdout
    assert "Stopped after 13 Newton steps, before converging" in proc.stdout
    lines = proc.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "minilogit: warning: the maximum-likelihood estimate does not exist: complete "
        "separation"), proc.stderr


def test_breast_cancer_columns_match_the_python_api():
    names = ["mean_radius", "mean_texture", "mean_smoothness"]
    proc = run("fit", BREAST, "--target", "target", "--columns", ",".join(names))
    assert proc.returncode == 0 and proc.stderr == ""
    data = load_csv(os.path.join(ROOT, BREAST), target="target").columns(names)
    model = LogisticRegression().fit(data.data, data.target)
    assert model.summary(feature_names=names) in proc.stdout
    assert "odds ratio" in proc.stdout and "mean_smoothness" in proc.stdout


def test_a_penalised_fit_says_why_there_are_no_standard_errors(small_csv):
    proc = run("fit", small_csv, "--target", "label", "--penalty", "elasticnet", "--lam", "0.5",
               "--l1-ratio", "0.3")
    assert proc.returncode == 0, proc.stderr
    model = LogisticRegression(solver="cd", penalty="elasticnet", lam=0.5, l1_ratio=0.3)
    summary = model.fit(X, Y).summary(feature_names=["x1", "x2"])
    assert cli.in_cli_words(summary, None) in proc.stdout        # its note: the options' names
    words = " ".join(proc.stdout.split())
    assert "the fit is penalised" in words and "refit with --penalty none for inference" in words
    assert "std err" not in proc.stdout


def test_family_and_link_fit_a_glm(tmp_path):
    path = tmp_path / "counts.csv"
    counts = [1, 0, 2, 3, 2, 6, 4, 7]
    path.write_text("dose,count\n" + "".join("%d,%d\n" % (i, c) for i, c in enumerate(counts)))
    proc = run("fit", path, "--target", "count", "--family", "poisson")
    assert proc.returncode == 0, proc.stderr
    model = GLM(family="poisson").fit([[float(i)] for i in range(8)], counts)
    assert model.summary(feature_names=["dose"]) in proc.stdout
    assert "poisson family, log link" in proc.stdout

    proc = run("fit", BREAST, "--target", "target", "--columns", "mean_radius", "--link", "probit")
    assert proc.returncode == 0, proc.stderr
    assert "binomial family, probit link" in proc.stdout


def test_no_convergence_is_one_warning_line(small_csv):
    proc = run("fit", small_csv, "--target", "label", "--max-iter", "1")
    assert proc.returncode == 0
    assert proc.stderr.startswith("minilogit: warning: newton did not converge in 1 iteration")
    assert proc.stderr.count("\n") == 1
    assert "Stopped at --max-iter" in proc.stdout       # the option's name, not max_iter


# -- trace -----------------------------------------------------------------------

def table_rows(stdout):
    """The rows of the trace table: from after the header to the first blank line."""
    lines = stdout.split("\n")
    return lines[0], lines[1:lines.index("")]


def test_trace_irls_has_one_row_per_iteration_with_the_weight_range():
    proc = run("trace", BREAST, "--target", "target", "--solver", "irls")
    assert proc.returncode == 0
    data = load_csv(os.path.join(ROOT, BREAST), target="target")
    model = fit_quietly(LogisticRegression(solver="irls"), data.data, data.target)
    header, rows = table_rows(proc.stdout)
    assert header.split()[:5] == ["iteration", "loss", "L", "scaled", "gradient"]
    assert header.endswith("weights w_min .. w_max")
    assert len(rows) == model.n_iter_ + 1 == 14
    for row, record in zip(rows, model.trace_):
        cells = row.split()
        assert int(cells[0]) == record["iteration"]
        assert float(cells[1]) == pytest.approx(record["loss"], rel=1e-11)
        assert float(cells[2]) == pytest.approx(record["criterion"], rel=1e-5)
        if record["iteration"] == 0:
            assert cells[3:] == ["-", "start"]
        else:
            assert float(cells[3]) == pytest.approx(record["step"], rel=1e-5)
            assert record["equation"] in row
            assert row.endswith("%.4g .. %.4g" % (record["w_min"], record["w_max"]))
    assert "Stopped after 13 IRLS steps" in proc.stdout
    # on a busy machine the fit may pass 2 s and report progress first: not what this reads
    said = [l for l in proc.stderr.splitlines() if l.startswith("minilogit: warning: ")]
    assert said[0].startswith("minilogit: warning: the maximum-likelihood"), proc.stderr


def test_trace_gradient_descent_shows_eta(small_csv):
    proc = run("trace", small_csv, "--target", "label", "--solver", "gd", "--no-standardize")
    assert proc.returncode == 0, proc.stderr
    model = LogisticRegression(solver="gd").fit(X, Y)
    header, rows = table_rows(proc.stdout)
    assert header.endswith("learning rate eta")
    assert len(rows) == model.n_iter_ + 1
    assert rows[-1].endswith("%.4g" % model.trace_[-1]["eta"])


def test_trace_newton_has_no_extra_column(small_csv):
    proc = run("trace", small_csv, "--target", "label")
    header, rows = table_rows(proc.stdout)
    assert header.rstrip().endswith("equations") and len(rows) == 7


# -- svg ---------------------------------------------------------------------------

def test_svg_with_two_features_holds_the_loss_and_the_boundary(small_csv, tmp_path):
    out = tmp_path / "fit.svg"
    proc = run("fit", small_csv, "--target", "label", "--svg", out)
    assert proc.returncode == 0, proc.stderr
    assert "Wrote %s." % out in proc.stdout
    root = ET.parse(str(out)).getroot()
    assert root.tag == NS + "svg" and root.get("viewBox") == "0 0 1280 400"
    inner = root.findall(NS + "svg")
    assert [s.get("x") for s in inner] == ["0", "640"]
    texts = " ".join(t.text or "" for t in root.iter(NS + "text"))
    assert "Loss per iteration" in texts and "Decision boundary" in texts
    assert "x1" in texts and "x2" in texts
    assert "yes" in [t.text for t in root.iter(NS + "text")]        # the legend: the label
    ids = [e.get("id") for e in root.iter() if e.get("id")]
    assert len(ids) == len(set(ids)) == 2


def test_svg_with_other_than_two_features_is_the_loss_history(tmp_path):
    out = tmp_path / "loss.svg"
    proc = run("fit", BREAST, "--target", "target", "--columns", "mean_radius", "--svg", out)
    assert proc.returncode == 0, proc.stderr
    root = ET.parse(str(out)).getroot()
    assert root.get("viewBox") == "0 0 640 400" and not root.findall(NS + "svg")
    assert "Loss per iteration" in " ".join(t.text or "" for t in root.iter(NS + "text"))


# -- errors: one line on stderr, never a traceback ------------------------------------

BAD_CELL = "a,b,y\n1,2,0\n2,x,1\n3,1,0\n"
THREE = "a,y\n1,0\n2,1\n3,2\n"
ONE = "a,y\n1,0\n2,0\n"


@pytest.mark.parametrize("args, text, status, message", [
    (["fit", "{dir}/missing.csv", "--target", "y"], None, 1,
     "cannot read {dir}/missing.csv: No such file or directory"),
    (["fit", "{csv}", "--target", "nope"], BAD_CELL, 1,
     "{csv} has no column 'nope'; its columns are: a, b, y"),
    (["fit", "{csv}", "--target", "y"], BAD_CELL, 1,
     "{csv} line 3, column 'b' is 'x', among numbers: a column is numbers or text, not both. If 'b' is numeric, 'x' is not a number; if it is categorical, with levels like numbers, pass categorical=['b'] to load_csv (on the command line, --categorical b)"),
    (["trace", "{csv}", "--target", "y", "--solver", "irls"], THREE, 2,
     "column 'y' has 3 classes, for softmax regression: --solver irls fits two; "
     "choose one of gd, newton, proximal, sgd"),
    (["fit", "{csv}", "--target", "y"], ONE, 1,
     "column 'y' has only one class (0): a binary model needs two"),
    (["fit", "{csv}", "--target", "y", "--columns", "a,c"], "a,b,y\n1,2,0\n2,3,1\n", 1,
     "{csv} has no feature column 'c'; its features are: a, b"),
    (["fit", "{csv}", "--target", "y", "--frobnicate"], ONE, 2,
     "unknown option --frobnicate (see python3 -m minilogit --help)"),
    (["fit", "{csv}", "--target", "y", "--solver", "magic"], ONE, 2,
     "unknown solver 'magic': choose one of cd, gd, irls, newton, proximal, sgd"),
    (["fit", "{csv}", "--target", "y", "--family", "gamma"], ONE, 2,
     "unknown family 'gamma': choose one of binomial, gaussian, poisson"),
    (["fit", "{csv}", "--target", "y", "--link", "tanh"], ONE, 2,
     "unknown link 'tanh': choose one of cloglog, identity, log, logit, probit"),
    (["fit", "{csv}", "--target", "y", "--family", "poisson", "--link", "probit"], ONE, 2,
     "the poisson family does not take the probit link: choose log"),
    (["fit", "{csv}", "--target", "y", "--penalty", "l3"], ONE, 2,
     "unknown penalty 'l3': choose none, l2, l1, elasticnet or firth"),
    (["fit", "{csv}", "--target", "y", "--penalty", "l2", "--lam", "lots"], ONE, 2,
     "--lam needs a number, got 'lots'"),
    (["fit", "{csv}", "--target", "y", "--penalty", "l2", "--lam", "-1"], ONE, 2,
     "--lam must be a finite number >= 0, got -1.0"),
    (["fit", "{csv}", "--target", "y", "--max-iter", "2.5"], ONE, 2,
     "--max-iter needs a whole number, got '2.5'"),
    (["fit", "{csv}", "--target", "y", "--tol"], ONE, 2, "--tol needs a value"),
    (["fit", "{csv}", "--target", "y", "--penalty", "l1", "--solver", "newton"], ONE, 2,
     "the l1 penalty is not differentiable at 0: use --solver cd or --solver proximal, "
     "not 'newton'"),
    (["fit", "{csv}", "--target", "y", "--lam", "2"], ONE, 2,
     "--lam and --l1-ratio need --penalty l2, l1 or elasticnet"),
    (["fit", "{csv}", "--target", "y", "--family", "poisson", "--penalty", "l2"], ONE, 2,
     "a GLM (--family, --link) takes no --penalty and no --learning-rate: it is fitted by IRLS"),
    (["fit", "{csv}", "--target", "y", "--learning-rate", "0.1"], ONE, 2,
     "--learning-rate needs --solver gd or sgd"),
    (["fit", "{csv}"], ONE, 2, "give the label column: --target COLUMN"),
    (["trace", "--target", "y"], None, 2, "give the CSV file: FILE.csv --target COLUMN"),
    (["fit", "{csv}", "{csv}", "--target", "y"], ONE, 2,
     "one FILE.csv only, got '{csv}' and '{csv}'"),
    (["frobnicate"], None, 2, "unknown command frobnicate: choose fit, predict, trace, demo, doctest or help"),
    (["demo", "--fast"], None, 2, "demo takes no arguments, got --fast"),
])
def test_bad_input_is_one_line_on_stderr(tmp_path, args, text, status, message):
    csv = tmp_path / "data.csv"
    if text is not None:
        csv.write_text(text)
    fill = {"dir": str(tmp_path), "csv": str(csv)}
    proc = run(*[a.format(**fill) for a in args])
    assert proc.returncode == status, proc.stderr
    assert proc.stdout == ""
    assert proc.stderr == "minilogit: " + message.format(**fill) + "\n"


def test_a_diverging_fit_is_one_line_and_status_1():
    proc = run("fit", BREAST, "--target", "target", "--columns", "mean_radius", "--solver", "gd",
               "--learning-rate", "10", "--no-standardize")
    assert proc.returncode == 1 and proc.stdout == ""
    note, error = proc.stderr.splitlines()
    assert note.startswith("minilogit: note: gd takes steps on the raw columns, whose root "
                           "mean squares range from 1 (intercept) to 14.6 (mean_radius): ")
    assert error.startswith("minilogit: gradient descent diverged at iteration 1")


def test_an_unwritable_svg_is_one_line_and_status_1(small_csv, tmp_path):
    out = tmp_path / "no-such-folder" / "fit.svg"
    proc = run("fit", small_csv, "--target", "label", "--svg", out)
    assert proc.returncode == 1
    assert proc.stderr == "minilogit: cannot write %s: No such file or directory\n" % out


# -- files as they come, options as they are typed (issue 12, item 6) -------------

HOSTILE_FILES = [
    (b"", "{csv} has no data rows"),
    (b"a,y\n", "{csv} has no data rows"),
    (b"a,y\n1,0\n\n2,caf\xe9\n", "{csv} line 4 is not UTF-8 text (its byte 6 is 0xe9): save the "
                                 "file as UTF-8"),
    ("a,y\n1,0\n".encode("utf-16"), "{csv} line 1 is not UTF-8 text (its byte 1 is 0xff): save "
                                    "the file as UTF-8"),
    (bytes(range(255, -1, -1)) * 8, "{csv} line 1 is not UTF-8 text (its byte 1 is 0xff): save "
                                    "the file as UTF-8"),
    (b"a,y\n1,0\n2," + b"1" * 200000 + b"\n", "{csv} line 3: a cell is longer than the csv "
     "module's field limit of 131072 characters (a quote that is never closed?)"),
    (b"a,y,\n1,0,\n2,1,\n", "{csv} line 1: column 3 of the header has no name"),
    (b"y,a,y\n1,0,1\n2,1,0\n", "{csv} line 1: two columns of the header are named 'y'"),
    (b"a,y\n1,0\n2,\n", "{csv} line 3: the label (column 'y') is empty"),
    (b"a;y\n1;0\n", "{csv} has no column 'y'; its columns are: a;y (one column: minilogit "
                    "splits lines at commas, this file at ';'?)"),
    (b"a,y\n1,0\n2,1,3\n", "{csv} line 3 has 3 fields, the header has 2"),
    (b"a,y\none,0\n2,1\n", "{csv} line 2, column 'a' is 'one', among numbers: a column is numbers or text, not both. If 'a' is numeric, 'one' is not a number; if it is categorical, with levels like numbers, pass categorical=['a'] to load_csv (on the command line, --categorical a)"),
    (b"a,y\n1e999,0\n2,1\n", "{csv} line 2, column 'a' is inf: every entry must be a finite number, "
     "not NaN or infinity"),
    (b"y\n0\n1\n", "X has rows but no columns"),
    (b"a,y\n1,0\n2,0\n", "column 'y' has only one class (0): a binary model needs two"),
]


@pytest.mark.parametrize("command", ["fit", "trace"])
@pytest.mark.parametrize("data, message", HOSTILE_FILES)
def test_a_hostile_file_is_one_line_and_status_1(tmp_path, command, data, message):
    csv = tmp_path / "data.csv"
    csv.write_bytes(data)
    proc = run(command, csv, "--target", "y")
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == "minilogit: " + message.format(csv=csv) + "\n"


def test_a_byte_order_mark_before_a_quoted_name_is_dropped(tmp_path):
    csv = tmp_path / "data.csv"
    csv.write_bytes(b'\xef\xbb\xbf"x1",x2,label\r\n' +
                    "".join("%r,%r,%s\r\n" % r for r in ROWS).encode())
    proc = run("fit", csv, "--target", "label", "--columns", "x1")
    assert proc.returncode == 0, proc.stderr
    assert "\nx1 " in proc.stdout and '"x1"' not in proc.stdout


@pytest.mark.parametrize("make_path, reason", [
    (lambda tmp: tmp, "Is a directory"),
    (lambda tmp: tmp / "missing" / "data.csv", "No such file or directory"),
])
def test_a_path_that_is_no_file_is_one_line_and_status_1(tmp_path, make_path, reason):
    path = make_path(tmp_path)
    proc = run("trace", path, "--target", "y")
    assert (proc.returncode, proc.stdout) == (1, "")
    assert proc.stderr == "minilogit: cannot read %s: %s\n" % (path, reason)


def test_an_unreadable_file_is_one_line_and_status_1(tmp_path, monkeypatch):
    """A file without read permission (root may read any file: the OSError is made)."""
    def refuse(path, **options):
        raise PermissionError(13, "Permission denied", path)
    monkeypatch.setattr(cli, "load_csv", refuse)
    err = io.StringIO()
    assert cli.main(["fit", "secret.csv", "--target", "y"], err=err) == 1
    assert err.getvalue() == "minilogit: cannot read secret.csv: Permission denied\n"


@pytest.mark.parametrize("option, start", [
    ("--solver=", "unknown solver '': choose one of cd, gd, irls, newton, proximal, sgd"),
    ("--family=", "unknown family '': choose one of binomial, gaussian, poisson"),
    ("--link=", "unknown link '': choose one of cloglog, identity, log, logit, probit"),
    ("--columns=", "--columns needs comma-separated column names, got ''"),
    ("--max-iter=-1", "--max-iter must be"),
    ("--tol=nan", "--tol must be"),
    ("--target=", "{csv} has no column ''; its columns are: x1, x2, label"),
])
def test_an_empty_or_bad_option_value_is_one_line(small_csv, option, start):
    proc = run("fit", small_csv, "--target", "label", option)
    assert proc.returncode == (1 if option == "--target=" else 2) and proc.stdout == ""
    assert proc.stderr.startswith("minilogit: " + start.format(csv=small_csv))
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr


def test_ctrl_c_ends_quietly_with_status_130(monkeypatch, capsys):
    def interrupted():
        raise KeyboardInterrupt
    monkeypatch.setattr(cli, "main", interrupted)
    assert cli._shell() == 130
    assert capsys.readouterr() == ("", "")


def test_running_out_of_memory_is_one_line_and_status_1(monkeypatch):
    def too_big(path, **options):
        raise MemoryError
    monkeypatch.setattr(cli, "load_csv", too_big)
    err = io.StringIO()
    assert cli.main(["fit", "big.csv", "--target", "y"], err=err) == 1
    assert err.getvalue() == "minilogit: out of memory\n"


@pytest.mark.parametrize("closed", [1, 2])
def test_a_closed_standard_stream_is_one_line_and_a_status_not_a_traceback(small_csv, closed):
    """``>&-`` (Python's sys.stdout is None): status 1 and one line on stderr;
    ``2>&-`` (sys.stderr is None): the fit prints as usual, its warnings go nowhere."""
    def child():                          # runs in the child, between fork and exec
        os.close(closed)
    proc = subprocess.run([sys.executable, "-m", "minilogit", "fit", str(small_csv),
                           "--target", "label", "--verbose"], cwd=ROOT,
                          stdout=None if closed == 1 else subprocess.PIPE,
                          stderr=None if closed == 2 else subprocess.PIPE,
                          preexec_fn=child, text=True)
    if closed == 1:
        assert proc.returncode == 1, proc
        assert proc.stderr == "minilogit: standard output is closed: nowhere to write the results\n"
    else:
        assert proc.returncode == 0 and "Logistic regression" in proc.stdout, proc
