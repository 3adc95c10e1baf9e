"""The README, true line by line, and the tables it links to in docs/, each
written there by the command its markers name."""

import os
import re
import shutil
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "portable"))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import portable  # noqa: E402


def _read(*path):
    with open(os.path.join(ROOT, *path), encoding="utf-8") as f:
        return f.read()


RUNTIMES_MD = os.path.join(ROOT, "docs", "runtimes.md")
BOARD_MD = os.path.join(ROOT, "docs", "board.md")


def test_runs_on_table_has_every_runtime():
    text = _read("docs", "runtimes.md")
    start = text.index(portable.README_BEGIN)
    end = text.index(portable.README_END)
    rows = re.findall(r"^\| (\S+) \| (\S+) \| (\d+) of (\d+) \|", text[start:end], re.M)
    assert [r[0] for r in rows] == portable.RUNTIMES
    for name, version, passed, run in rows:
        assert passed == run and int(run) > 0, name


# -- the tables in docs/, and who writes them ------------------------------------

def test_each_table_is_in_docs_between_markers_that_name_its_writer():
    """The README keeps no table a command writes; each docs/ page's markers say
    which command writes them, and the Makefile's target passes that page."""
    readme = _read("README.md")
    assert "begin (written by" not in readme and "readme-tables" not in readme
    makefile = _read("Makefile")
    for page, begin, target, line in [
            ("runtimes.md", "<!-- runs-on:begin (written by make doc-tables) -->", "doc-tables",
             "tools/portable/portable.py --write docs/runtimes.md"),
            ("runtimes.md", "<!-- site:begin (written by make doc-tables) -->", "doc-tables",
             "node tools/site/test.mjs --site build/site --write docs/runtimes.md"),
            ("board.md", "<!-- board:begin (written by make board) -->", "board",
             "tools/board.py --frozen --mpy --write docs/board.md")]:
        assert _read("docs", page).count(begin) == 1, (page, begin)
        recipe = re.search(r"^%s:.*\n((?:\t.*\n)+)" % target, makefile, re.M).group(1)
        assert line in recipe, (target, line)
        assert "[`docs/%s`](docs/%s" % (page, page) in readme, page
    import bench
    assert _read("docs", "speed.md").count(bench.SPEED_BEGIN) == 1
    assert '--write docs/speed.md' in bench.SPEED_BEGIN and "--write" in _read("tools", "bench.py")
    assert "[`docs/speed.md`](docs/speed.md)" in readme
    site_test = _read("tools", "site", "test.mjs")
    assert '"<!-- site:begin (written by make doc-tables) -->"' in site_test


def test_the_runs_on_writer_rewrites_docs_runtimes(tmp_path):
    """portable.py --write keeps a skipped runtime's row: with every runtime
    skipped, it writes docs/runtimes.md back as it is; with one run, that row
    alone is new."""
    page = str(tmp_path / "runtimes.md")
    shutil.copy(RUNTIMES_MD, page)
    skipped = [{"runtime": n, "ok": False} for n in portable.RUNTIMES]
    portable.write_readme(page, skipped, keep_runtimes=portable.RUNTIMES)
    assert open(page, encoding="utf-8").read() == _read("docs", "runtimes.md")
    ran = dict(runtime="pypy", version="9.9.9", run=3, passed=3, failed=0, seconds=1.0,
               ok=True, note="")
    portable.write_readme(page, [ran if r["runtime"] == "pypy" else r for r in skipped],
                          keep_runtimes=[n for n in portable.RUNTIMES if n != "pypy"])
    text = open(page, encoding="utf-8").read()
    assert "| pypy | 9.9.9 | 3 of 3 |" in text and "| pypy | 7.3.11 |" not in text
    assert text.count("| cpython3.8 | 3.8.18 |") == 1


def test_the_board_writer_rewrites_docs_board(tmp_path):
    """board.py --write puts its tables between docs/board.md's markers and
    leaves the page's text around them."""
    import board
    page = str(tmp_path / "board.md")
    shutil.copy(BOARD_MD, page)
    text = _read("docs", "board.md")
    block = text[text.index(board.README_BEGIN) + len(board.README_BEGIN):text.index(board.README_END)]
    board.write_readme(page, block.strip("\n"))
    assert open(page, encoding="utf-8").read() == text
    board.write_readme(page, "| job | KB |")
    assert open(page, encoding="utf-8").read() == (
        text[:text.index(board.README_BEGIN) + len(board.README_BEGIN)] + "\n| job | KB |\n"
        + text[text.index(board.README_END):])


# -- the README, true line by line ---------------------------------------------

import doctest  # noqa: E402
import subprocess  # noqa: E402

import test_layout  # noqa: E402

README = _read("README.md")
READING = _read("docs", "reading.md")     # the README's Start here, call by call


def _blocks(language):
    """The README's fenced code blocks in ``language``, as text."""
    return re.findall(r"^```%s\n(.*?)^```" % language, README, re.M | re.S)


def test_the_first_screen_says_what_to_run():
    """The README's first 40 lines hold make demo, make test and a doctested
    example (run by the test below)."""
    first = "\n".join(README.split("\n")[:40])
    assert re.search(r"^make demo ", first, re.M) and re.search(r"^make test ", first, re.M)
    block = re.search(r"^```python\n(.*?)^```", first, re.M | re.S)
    assert block and block.group(1).startswith(">>> ") and "fit(" in block.group(1)


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


def test_every_command_of_the_readme_runs(tmp_path):
    """Each ``python3 -m minilogit`` line of a ```sh block ends with status 0 and no
    error, in order, in a folder that holds this one's files (links to them), so
    that what a command writes (``--save``) lands there; each ``make`` line names
    a target of the Makefile; ``pip install .`` installs this folder (pyproject.toml)."""
    makefile = open(os.path.join(ROOT, "Makefile")).read()
    for name in os.listdir(ROOT):
        os.symlink(os.path.join(ROOT, name), str(tmp_path / name))
    ran = 0
    for block in _blocks("sh"):
        for line in block.splitlines():
            command = line.split("#")[0].split()
            if command[:1] == ["make"]:
                assert re.search(r"^%s:" % command[1], makefile, re.M), line
            elif command[:3] == ["python3", "-m", "minilogit"]:
                proc = subprocess.run([sys.executable] + command[1:], cwd=str(tmp_path),
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


def test_the_bench_writer_rewrites_docs_speed(tmp_path):
    """bench.py --write puts the table of one run between docs/speed.md's markers,
    every ratio from the run's results and the text around them as it was."""
    import bench
    page = str(tmp_path / "speed.md")
    shutil.copy(os.path.join(ROOT, "docs", "speed.md"), page)
    newton = [dict(N=32, p=3, fit_vs_tuned=1.666), dict(N=6366, p=8, fit_vs_tuned=1.044)]
    R = {"meta": dict(date="2030-01-02 03:04:05", python_implementation="CPython",
                      python_version="3.11.7", cpus=2, rounds=7, elapsed_wall_s=400.0,
                      comparisons={"numpy": None, "statsmodels": None, "sklearn": None}),
         "headline": {"N": 6000, "p": 8}, "processes": None, "interpreters": None,
         "ratios": {"newton": newton, "multiclass": None,
                    "csv": dict(N=6366, p=8, load_csv_vs_reader=1.17, stream_epoch_vs_reader=1.9)},
         "memory": [dict(N=6000, p=8)], "memory_ratio": 0.8}
    bench.write_between(page, bench.SPEED_BEGIN, bench.SPEED_END, bench.speed_table(R))
    text, old = open(page, encoding="utf-8").read(), _read("docs", "speed.md")
    assert "on 2030-01-02 (CPython 3.11.7, 2 shared CPUs; 7 rounds; 400 s)" in text
    assert "| 32 × 3 | 1.67 |" in text and "|  | 6366 × 8 | 1.04 |" in text
    assert "| `load_csv` ÷ `csv.reader` + `float()` | 6366 × 9 | 1.17 |" in text
    assert "SoftmaxRegression" not in text.split(bench.SPEED_END)[0].split(bench.SPEED_BEGIN)[1]
    assert text.split(bench.SPEED_BEGIN)[0] == old.split(bench.SPEED_BEGIN)[0]
    assert text.split(bench.SPEED_END)[1] == old.split(bench.SPEED_END)[1]
