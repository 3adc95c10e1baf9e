"""The README's "Runs on" table is kept in step with the portable runner."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "portable"))

import portable  # noqa: E402


def test_runs_on_table_has_every_runtime():
    text = open(os.path.join(ROOT, "README.md")).read()
    start = text.index(portable.README_BEGIN)
    end = text.index(portable.README_END)
    rows = re.findall(r"^\| (\S+) \| (\S+) \| (\d+) of (\d+) \|", text[start:end], re.M)
    assert [r[0] for r in rows] == portable.RUNTIMES
    for name, version, passed, run in rows:
        assert passed == run and int(run) > 0, name


# -- the README, true line by line ---------------------------------------------

import doctest  # noqa: E402
import subprocess  # noqa: E402

import test_layout  # noqa: E402

README = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
READING = open(os.path.join(ROOT, "docs", "reading.md"), encoding="utf-8").read()  # Start here, call by call


def _blocks(language):
    """The README's fenced code blocks in ``language``, as text."""
    return re.findall(r"^```%s\n(.*?)^```" % language, README, re.M | re.S)


def test_the_readme_examples_run_as_written():
    """Every >>> example of the README prints exactly what it shows: no option
    that forgives spacing, and enough examples that an emptied README fails."""
    assert "NORMALIZE_WHITESPACE" not in README
    test = doctest.DocTestParser().get_doctest(README, {}, "README.md", "README.md", 0)
    runner = doctest.DocTestRunner(optionflags=0)
    runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and result.attempted >= 8, result


def test_the_readme_python_blocks_are_doctests_or_need_pandas():
    """A ```python block is either doctested (above), the data-frame example,
    which tests/interop runs with pandas and scikit-learn, the board example,
    which tests/test_install.py runs, or a board manifest's include lines,
    each naming a manifest of this folder."""
    board_example = README[README.index("<!-- board-example:begin -->"):
                           README.index("<!-- board-example:end -->")]
    for block in _blocks("python"):
        if block.startswith("include("):
            for line in block.splitlines():
                manifest = re.match(r'include\("path/to/minilogit/([\w.-]+)"\)', line)
                assert manifest and os.path.isfile(os.path.join(ROOT, manifest.group(1))), line
            continue
        assert block.startswith(">>> ") or "import pandas" in block or block in board_example, \
            block


def test_every_command_of_the_readme_runs():
    """Each ``python3 -m minilogit`` line of a ```sh block ends with status 0 and no
    error; each ``make`` line names a target of the Makefile; ``pip install .``
    installs this folder (pyproject.toml)."""
    makefile = open(os.path.join(ROOT, "Makefile")).read()
    ran = 0
    for block in _blocks("sh"):
        for line in block.splitlines():
            command = line.split("#")[0].split()
            if command[:1] == ["make"]:
                assert re.search(r"^%s:" % command[1], makefile, re.M), line
            elif command[:3] == ["python3", "-m", "minilogit"]:
                proc = subprocess.run([sys.executable] + command[1:], cwd=ROOT,
                                      capture_output=True, text=True)
                assert proc.returncode == 0, (line, proc.stderr)
                assert "minilogit: warning" not in proc.stderr, (line, proc.stderr)
                ran += 1
            elif command[:3] == ["mpremote", "mip", "install"]:    # a package.json here
                where = command[3].split("github:OWNER/minilogit", 1)[1].lstrip("/")
                assert os.path.isfile(os.path.join(ROOT, where or "package.json")), line
            else:
                assert command[:3] == ["pip", "install", "."], line
                assert os.path.exists(os.path.join(ROOT, "pyproject.toml"))
    assert ran >= 7, ran


def test_the_readme_counts_the_core_and_its_budgets():
    """The number of the core's files, and the budgets tests/test_layout.py keeps
    (the trace's in docs/reading.md)."""
    words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"]
    files = list(test_layout.python_files(test_layout.CORE))
    assert "`minilogit/core/`: %s files" % words[len(files)] in README
    assert "{:,} lines of code in all".format(test_layout.CORE_BUDGET) in README
    assert "500 lines per file" in README and test_layout.FILE_BUDGET == 500
    assert ("within 4 classes in the MRO besides `object`, 6 files, %d lines executed\n"
            "and Gauss-Jordan 6 calls below `fit`" % test_layout.READING_BUDGET) in READING


# calls a reader does not follow: comprehensions, and the Matrix's small accessors
# (``times`` is ``@``'s body, A v, with an out list)
_PLUMBING = {"<listcomp>", "<genexpr>", "<lambda>", "shape", "T", "rows", "dot", "fill",
             "axpy", "__init__", "__matmul__", "__rmatmul__", "times", "sigmoid"}


def test_the_readme_reading_chain_is_the_path_of_a_newton_fit():
    """The chain of calls docs/reading.md gives for one fit names only functions the
    fit calls, in the order it first calls them, and leaves out none of the
    core's functions it calls (the plumbing above aside)."""
    from minilogit import LogisticRegression
    calls, _, _ = test_layout._trace_fit(LogisticRegression(), *test_layout._data())
    called = []
    for path, name in calls:                         # in the order of the first call
        if path == "minilogit/core/logistic.py" and name == "__init__":
            name = "LogisticLoss"
        if name not in _PLUMBING and name not in called:
            called.append(name)
    start = READING.index("One `fit` reads top to bottom")
    chain = READING[start:READING.index("\n\n", start)]
    named = [n.split(".")[-1] for n in re.findall(r"`([\w.]+)`", chain)]
    named = [n for n in named if n not in ("fit", "adapted", "nll")] + ["fit"]
    assert set(named) == set(called), (sorted(set(named) - set(called)),
                                       sorted(set(called) - set(named)))
    order = [n for n in named if n != "fit"]
    assert order == [n for n in called if n in order and n != "fit"], order
