"""Progress of a long fit: ``verbose`` in the estimators (minilogit.progress) and
the command line's default, ``--verbose`` and ``--quiet``.

A fit that runs longer than 2 s reports its iteration, loss and scaled
gradient on stderr: on a terminal one line rewritten in place, elsewhere one
line per report; a quick fit and ``--quiet`` print nothing; the reports
change none of the fit's numbers. No test waits on real time: each drives
the clock a Ticker reads (``minilogit.progress.seconds``, or its ``clock``).
"""

import io
import os
import re
import subprocess
import sys
import warnings

import pytest

from minilogit import GLM, LogisticRegression, SoftmaxRegression
from minilogit.datasets import load_breast_cancer, load_iris
from minilogit.progress import DELAY, EVERY, Progress

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BREAST = "minilogit/datasets/breast_cancer.csv"
LINE = re.compile(r"minilogit: gd iteration (\d+): loss [0-9.e+-]+, scaled gradient "
                  r"[0-9.e+-]+ \(\d+\.\d s\)")
# gradient descent on the raw breast-cancer columns: a long fit, 40 iterations of it
LONG = ["fit", BREAST, "--target", "target", "--solver", "gd", "--max-iter", "40"]


def command(*args):
    return [sys.executable, "-m", "minilogit"] + list(args)


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as a tty's stderr does."""

    def isatty(self):
        return True


def run_with_a_clock(monkeypatch, err):
    """Run the command line's long fit in this process with stderr ``err`` and a
    clock that moves 0.3 s each time it is read (no real time passes); return
    what stderr received."""
    from minilogit import progress
    from minilogit.__main__ import main
    ticks = iter([0.3 * k for k in range(100000)])
    monkeypatch.setattr(progress, "seconds", lambda: next(ticks))
    monkeypatch.setattr(sys, "stderr", err)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert main(LONG, out=io.StringIO(), err=err) == 0
    return err.getvalue()


def test_a_long_fit_rewrites_one_line_on_a_terminal(monkeypatch):
    text = run_with_a_clock(monkeypatch, Terminal())
    reports = re.findall(r"\r(minilogit: gd iteration .*?)\x1b\[K", text)
    assert len(reports) >= 10 and all(LINE.fullmatch(r) for r in reports), text
    steps = [int(LINE.fullmatch(r).group(1)) for r in reports]
    assert steps == sorted(steps) and steps[0] == 7        # 7 x 0.3 s: the first past 2 s
    assert "gd iteration" not in text.replace("\r" + "\x1b[K\r".join(reports), "")
    after = text[text.rindex("\x1b[K") + 3:]
    assert after.startswith("\n")                          # close() ended the line


def test_a_long_fit_writes_a_line_per_report_elsewhere(monkeypatch):
    text = run_with_a_clock(monkeypatch, io.StringIO())
    lines = [l for l in text.splitlines() if "gd iteration" in l]
    assert len(lines) >= 10 and all(LINE.fullmatch(l) for l in lines), lines
    assert "\r" not in text and "\x1b" not in text


def test_verbose_reports_every_iteration_and_quiet_none():
    args = ["fit", BREAST, "--target", "target", "--columns", "mean_radius,mean_texture",
            "--solver", "gd", "--max-iter", "5"]
    verbose = subprocess.run(command(*args + ["--verbose"]), cwd=ROOT, capture_output=True,
                             text=True)
    steps = [int(LINE.fullmatch(l).group(1)) for l in verbose.stderr.splitlines()
             if "gd iteration" in l]
    assert steps == [1, 2, 3, 4, 5]
    quiet = subprocess.run(command(*args + ["--verbose", "--quiet"]), cwd=ROOT,
                           capture_output=True, text=True)
    assert "gd iteration" not in quiet.stderr
    assert quiet.stdout == verbose.stdout


def test_the_first_report_waits_two_seconds_then_one_every_half_second():
    """A clock that moves 0.3 s a step: silent until 2 s, then at most one report
    per 0.5 s; the loss printed is the objective's at that step."""
    data = load_breast_cancer().columns(["mean_radius", "mean_texture"])
    ticks = iter([0.3 * k for k in range(10000)])
    out = io.StringIO()
    model = LogisticRegression(solver="gd", max_iter=20)
    model.progress = lambda objective, m: Progress(objective, m.solver, m.verbose, out,
                                                   clock=lambda: next(ticks))
    model.verbose = 1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model.fit(data.data, data.target)
    lines = out.getvalue().splitlines()
    times = [float(l.split("(")[1].split(" ")[0]) for l in lines]
    assert times[0] >= DELAY and times[0] < DELAY + 0.3
    assert all(b - a >= EVERY for a, b in zip(times, times[1:]))
    k = int(lines[-1].split("iteration ")[1].split(":")[0])
    loss = float(lines[-1].split("loss ")[1].split(",")[0])
    assert abs(loss - model.history_[k]) <= 1e-5 * model.history_[k]


@pytest.mark.parametrize("make", [
    lambda v: LogisticRegression(verbose=v),
    lambda v: LogisticRegression(solver="sgd", verbose=v),
    lambda v: SoftmaxRegression(verbose=v),
    lambda v: GLM(family="poisson", solver="newton", verbose=v)])
def test_reports_change_no_number_of_the_fit(make, capsys):
    X, y = load_iris()
    if isinstance(make(0), LogisticRegression):
        y = [1 if k == 2 else 0 for k in y]
    X = [row[:2] for row in X]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        quiet, loud = make(0).fit(X, y), make(2).fit(X, y)
    assert loud.coef_ == quiet.coef_ and loud.history_ == quiet.history_
    err = capsys.readouterr().err
    assert err.count(" iteration ") == loud.n_iter_          # one report per iteration


def test_verbose_is_checked_as_a_parameter():
    from minilogit import DataError
    with pytest.raises(DataError, match="verbose"):
        LogisticRegression(verbose=-1).check_params()
    assert LogisticRegression(verbose=1).get_params()["verbose"] == 1


def test_a_path_and_a_stream_report_their_points_and_epochs(capsys):
    """lasso_path reports a line per point, fit_stream a line per epoch (verbose=2),
    with the numbers of the result they return."""
    from minilogit.models.paths import lasso_path
    from minilogit.datasets import standardize
    data = load_breast_cancer().columns(["mean_radius", "mean_texture"])
    Z, _, _ = standardize(data.data)
    path = lasso_path(Z, data.target, n_lams=4, verbose=2)
    lines = capsys.readouterr().err.splitlines()
    assert [l.split(":")[1] for l in lines] == [" lasso path point %d" % k for k in (1, 2, 3, 4)]
    assert all("objective %.6g," % p.objective in l for p, l in zip(path, lines)), lines
    rows = list(zip(Z, data.target))
    model = LogisticRegression(verbose=2).fit_stream(lambda: iter(rows), [0, 1], epochs=3)
    lines = capsys.readouterr().err.splitlines()
    assert ["progressive loss %.6g over 569 rows" % v in l
            for v, l in zip(model.history_, lines)] == [True, True, True]
    lasso_path(Z, data.target, n_lams=4)
    LogisticRegression().fit_stream(lambda: iter(rows), [0, 1], epochs=3)
    assert capsys.readouterr().err == ""


def test_check_separation_reports_its_pivots(capsys):
    """verbose=2: a line per simplex pivot, counted over all of its programs; the
    last line of each program shows the optimality test passed (no reduced cost
    below 0, to rounding); verbose=0 (the default) says nothing."""
    from minilogit.separation import ZERO, check_separation
    data = load_breast_cancer().columns(["mean_radius", "mean_texture"])
    loud = check_separation(data.data, data.target, verbose=2)
    lines = capsys.readouterr().err.splitlines()
    assert [int(l.split("pivot ")[1].split(":")[0]) for l in lines] == \
        list(range(1, len(lines) + 1))
    assert float(lines[-1].split("reduced cost ")[1].split(" ")[0]) >= -ZERO
    assert check_separation(data.data, data.target).kind == loud.kind == "none"
    assert capsys.readouterr().err == ""
