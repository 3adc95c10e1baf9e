#!/usr/bin/env python3
"""The smallest fixed heap that minilogit's board jobs need, measured on MicroPython.

Run it as ``make board`` or ``python3 tools/board.py [--frozen] [--mpy] [--no-f64]
[--step KB] [--nudge N,N,...] [--json FILE] [--write docs/board.md] [-v]``. Standard library only.

Where. The MicroPython unix builds sit beside the clone, in
ROOT/../shared/tools/micropython/: micropython-board-f32 (32-bit objects,
single-precision floats; a stand-in for an ESP32 or a Pico) is the one
measured; micropython-f64 (64-bit objects, double precision) gives a second
column; mpy-cross precompiles for --mpy. Without micropython-board-f32 the
tool says so in one line and exits 0; without the others it drops their
columns, also with one line.

The jobs, each run in a fresh process as ``<exe> -X heapsize=N -c CODE``
from the directory it imports from, with sys.path = ['', '.frozen'] (as on a
board; MICROPYPATH is set so that no ~/.micropython/lib is searched):

    import    ``import minilogit``, from the repository root.
    fit       ``from minilogit import LogisticRegression``; 100 rows x 4
              features made inside the job by a small integer LCG (features
              are multiples of 2^-21 in [-2, 2), exact in single precision;
              labels drawn from a logistic model, so the classes overlap);
              ``LogisticRegression(solver="newton").fit``; the fit must
              have converged.
    fit_gd, fit_sgd, fit_irls
              the same fit with solver "gd", "sgd" and "irls"; each must
              have converged.
    core fit  the Newton fit with the core's class, ``from minilogit.core
              import LogisticRegression`` (the lecture's code alone).
    softmax   150 rows x 4 features of the same generator, three classes
              (rows of class 0 whose second feature is above 0.3 become
              class 2); ``SoftmaxRegression(solver="newton").fit``; the fit
              must have converged.
    stream    ``LogisticRegression(solver="sgd").fit_stream(lambda:
              stream_csv(path, target="y"), [0, 1], epochs=5)`` from
              minilogit.datasets, over a CSV of 1000 rows of the generator
              (columns a, b, c, d, y) that the host writes into a temporary
              folder; the fit must have made 5 epochs to coefficients below
              100 in size.
    predict   the same rows, fitted on the host by this CPython, exported
              with ``to_source()`` into a temporary folder; the job imports
              that module alone (minilogit is not on its path) and calls
              predict_proba on 5 rows, which must agree with the host's to
              1000 machine epsilons of the interpreter running the job.

A job succeeds when it exits 0 with "OK" as the last line of its output; a
MemoryError, a failed check (a "FAIL: why" line), a crash or a timeout is a
failure.

With --frozen (make board) the jobs first run FROZEN, as a board's firmware
holds a library: build-frozen.sh beside the builds makes both with the
repository's manifest.py frozen in, by MicroPython's stock tools, and each
job runs from an empty folder, so that the frozen package is the only
minilogit (the predict job from its model's folder). Before any job, the
install checks (``install_checks``) freeze manifest-core.py too and run the
README's board example on each build: from the files each package.json
lists, copied into an empty folder, and from each frozen build; the frozen
package's load_iris must find iris.csv copied to a lib folder of sys.path,
its load_breast_cancer (not copied) and the lecture alone's minilogit.GLM
must raise the errors that say what to copy or install. Without the script or a
compiler (tools/portable/setup.sh --compiler installs gcc-multilib) the tool
says so and leaves the frozen column and the checks out.

The package is loaded from its .py files in the repository (the tool stops
if any .mpy file lies in minilogit/, so that none can be picked up). With
--mpy the same jobs also run on a temporary copy in which mpy-cross
(-msmall-int-bits=31, which both builds load) has replaced every .py file of
the package, and the exported model, by its .mpy.

How the heap is scanned. Heap sizes are multiples of --step (1 KB; 4 KB
scans a quarter as densely, in about a third of the runs). The GC
never moves objects, so near the limit a size can fail while a smaller one
works. For each job the tool runs the top of the range (--max, doubled up
to --limit while the job runs out of memory there), then the bottom
(--min, halved down to --floor while the job works there), then bisects
between the two to find a rough edge, then runs every
size from the edge minus a margin to the edge plus a margin (the margin is
--margin or a quarter of the edge, whichever is larger), and widens that
dense window until it holds a margin of failures-free sizes above the last
failure (past the top of the range if need be, up to --limit) and a margin
below the first success. It reports

A size works only if the job works there under every nudge (--nudge): the
job runs once as it is and once after ``bytearray(n)`` takes n bytes for each
other n given (16, 48, 112 and 240 by default). Shifting everything the
job allocates by a few blocks moves the holes that fragmentation leaves, so
a size that works only by the luck of one layout does not count.

    stable    the smallest size from which every scanned size worked
    smallest  the smallest size that ever worked

Runs go through a pool of --jobs processes at a time.

The tables. ``--write FILE`` (``make board``: docs/board.md; ``--readme`` is the
same) writes the board tables between FILE's README_BEGIN and README_END markers (board:begin / board:end): one row per
job, one column per build and source, each cell *stable / smallest* in KB,
and a line saying the MicroPython version, step and nudges. FILE is
only written when every job worked at some heap size, and not with --only.

Time. Here (2 CPUs, --jobs 2) ``make board`` (--frozen --mpy: 9 jobs x 6
columns) takes some 6,500 runs: 12 minutes on an idle machine (more while
other work shares the CPUs), after the frozen builds and the install checks
(a minute); ``--only JOB,JOB`` re-measures a few rows (and leaves FILE
as it is). It then runs each job once more, staged, for the table of where
the bytes go (``staged``, ``breakdown``).
"""

import argparse
import concurrent.futures
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(HERE, "portable"))

import install   # noqa: E402  (what a package.json lists; the README's board example)
import portable  # noqa: E402  (where the builds are; the frozen builds)

BOARD = "micropython-board-f32"
F64 = "micropython-f64"
MPY_CROSS = "mpy-cross"
PACKAGE = "minilogit"
MODEL_MODULE = "board_model"

# The rows of the jobs: tests/portable/board_data.py's function, which the
# portable suite's heap test imports.
with open(os.path.join(ROOT, "tests", "portable", "board_data.py")) as _f:
    _text = _f.read()
DATA = _text[_text.index("\ndef data("):]

IMPORT_JOB = """
import minilogit
print("OK")
"""

FIT_JOB = """
from minilogit import LogisticRegression
%s
X, y = data(100, 4)
m = LogisticRegression(solver="newton").fit(X, y)
if not m.converged_:
    print("FAIL: the fit did not converge")
    raise SystemExit(3)
print("OK")
""" % DATA

CORE_FIT_JOB = FIT_JOB.replace("from minilogit import", "from minilogit.core import")

# The 100 x 4 fit with each other solver of LogisticRegression.
SOLVER_JOBS = {"fit_" + solver: FIT_JOB.replace('solver="newton"', 'solver="%s"' % solver)
               for solver in ("gd", "sgd", "irls")}

SOFTMAX_JOB = """
from minilogit import SoftmaxRegression
%s
X, y = data(150, 4)
y = [v if v == 1 else (2 if x[1] > 0.3 else 0) for x, v in zip(X, y)]
m = SoftmaxRegression(solver="newton").fit(X, y)
if not m.converged_:
    print("FAIL: the fit did not converge")
    raise SystemExit(3)
print("OK")
""" % DATA

STREAM_JOB = """
from minilogit import LogisticRegression
from minilogit.datasets import stream_csv
m = LogisticRegression(solver="sgd").fit_stream(lambda: stream_csv(CSV, target="y"), [0, 1],
                                                epochs=5)
if m.n_iter_ != 5 or not all(abs(b) < 100 for b in m.coef_):
    print("FAIL: the stream fit made %d epochs to %r" % (m.n_iter_, m.coef_))
    raise SystemExit(3)
print("OK")
"""
STREAM_ROWS = 1000
STREAM_CSV = "board_stream.csv"

PREDICT_JOB = """
import sys
import board_model as model
P = model.predict_proba(ROWS)
Q = EXPECTED
e = 1.0
while 1.0 + e / 2 != 1.0:
    e /= 2
d = max(abs(p - q) for r, s in zip(P, Q) for p, q in zip(r, s))
if d > 1000 * e:
    print("FAIL: predict_proba is %g away from the host's" % d)
    raise SystemExit(3)
if "minilogit" in sys.modules:
    print("FAIL: minilogit was imported")
    raise SystemExit(3)
print("OK")
"""

JOBS = ["import", "fit", "fit_gd", "fit_sgd", "fit_irls", "core_fit", "softmax", "stream",
        "predict"]
JOB_TITLES = {
    "import": "import minilogit",
    "fit": "Newton fit, 100 x 4",
    "fit_gd": "the same, gd",
    "fit_sgd": "the same, sgd",
    "fit_irls": "the same, irls",
    "core_fit": "Newton, core class",
    "softmax": "softmax Newton, 150 x 4",
    "stream": "fit_stream, 1000-row CSV",
    "predict": "to_source() model: predict_proba",
}
README_TITLES = {
    "import": "`import minilogit`",
    "fit": "`LogisticRegression(solver=\"newton\")` fit, 100 x 4",
    "fit_gd": "the same with `solver=\"gd\"`",
    "fit_sgd": "the same with `solver=\"sgd\"`",
    "fit_irls": "the same with `solver=\"irls\"`",
    "core_fit": "the Newton fit with `minilogit.core`'s class",
    "softmax": "`SoftmaxRegression(solver=\"newton\")` fit, 150 x 4, 3 classes",
    "stream": "`fit_stream` over a 1,000-row CSV, 5 epochs",
    "predict": "`predict_proba` of a `to_source()` model",
}


def kb(n):
    return "%d" % (n // 1024)


class Target:
    """One job on one executable, from .py or .mpy files: its runs and what they say."""

    def __init__(self, job, runtime, exe, sources, cwd, code):
        self.job, self.runtime, self.exe, self.sources = job, runtime, exe, sources
        self.cwd, self.code = cwd, code
        self.results = {}       # heap size -> reason ("" when the run worked)
        self.window = None      # (lo, hi) of the dense scan
        self.bottom = None      # the smallest size of the range
        self.top = None         # the largest size tried

    def ok(self, size):
        return self.results.get(size) == ""

    def summary(self):
        oks = sorted(s for s, why in self.results.items() if not why)
        fails = sorted(s for s, why in self.results.items() if why)
        stable = [s for s in oks if not fails or s > fails[-1]]
        reasons = {}
        for s in fails:
            reasons[self.results[s]] = reasons.get(self.results[s], 0) + 1
        return {
            "job": self.job, "runtime": self.runtime, "sources": self.sources,
            "stable_from": stable[0] if stable else None,
            "smallest_ok": oks[0] if oks else None,
            "range": [self.bottom, self.top],
            "dense_scan": list(self.window) if self.window else None,
            "runs": len(self.results),
            "failures": reasons,
            "why_not": None if oks else self.results.get(self.top),
            "sizes": {str(s): self.results[s] or "ok" for s in sorted(self.results)},
        }


def run_at(target, size, nudges, timeout):
    """Run the job at one heap size once per nudge; return "" if every run
    worked, else why the first that failed did not."""
    for nudge in nudges:
        why = run_once(target, size, nudge, timeout)
        if why:
            return why + (" (nudged by %d bytes)" % nudge if nudge else "")
    return ""


def run_once(target, size, nudge, timeout):
    """Run the job at one heap size, after taking ``nudge`` bytes of the heap
    (0: none); return "" if it worked, else why not."""
    env = dict(os.environ, MICROPYPATH=".frozen")
    code = ("_nudge = bytearray(%d)\n" % nudge if nudge else "") + target.code
    argv = [target.exe, "-X", "heapsize=%d" % size, "-c", code]
    try:
        proc = subprocess.run(argv, cwd=target.cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        return "timed out after %gs" % timeout
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    lines = [l.strip() for l in out.splitlines() if l.strip()]
    if proc.returncode == 0 and lines and lines[-1] == "OK":
        return ""
    if "MemoryError" in err or "MemoryError" in out:
        return "MemoryError"
    for l in lines:
        if l.startswith("FAIL:"):
            return l[len("FAIL:"):].strip()
    if proc.returncode < 0:
        return "killed by signal %d" % -proc.returncode
    last = [l.strip() for l in err.splitlines() if l.strip()]
    return last[-1] if last else "exit status %d without OK" % proc.returncode


def staged(code):
    """The job with the live heap (``gc.mem_alloc()`` after a collection) read
    at the start, after its imports, after it made its data and after its fit;
    it prints them as "STAGES b0 b1 b2 b3" before its "OK"."""
    lines = code.strip("\n").split("\n")
    imports = max(i for i, l in enumerate(lines) if l.startswith(("from minilogit",
                                                                    "import minilogit")))
    data = max([i for i, l in enumerate(lines) if l.startswith(("X, y =", "y = ["))]
               or [imports])
    fit = min(i for i, l in enumerate(lines) if l.startswith("if "))
    mark = "gc.collect(); _live.append(gc.mem_alloc())"
    out = ["import gc", "_live = []", mark]
    for i, line in enumerate(lines):
        if i == fit:
            out.append(mark)
        out.append(line)
        out.extend([mark] * ((i == imports) + (i == data)))     # twice: a job without rows
    out.insert(len(out) - 1, 'print("STAGES %d %d %d %d" % tuple(_live))')
    return "\n".join(out)


def breakdown(target, size, timeout):
    """Run the staged job once at a generous heap: {code, data, kept} in bytes,
    or None when it did not work. code: what the imports left live; data: the
    job's rows; kept: what the fitted model holds afterwards."""
    env = dict(os.environ, MICROPYPATH=".frozen")
    argv = [target.exe, "-X", "heapsize=%d" % size, "-c", staged(target.code)]
    try:
        proc = subprocess.run(argv, cwd=target.cwd, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None
    for line in proc.stdout.decode("utf-8", "replace").splitlines():
        if line.startswith("STAGES "):
            b0, b1, b2, b3 = [int(v) for v in line.split()[1:]]
            return {"code": b1 - b0, "data": b2 - b1, "kept": b3 - b2}
    return None


def measure(target, pool, args):
    """Bisect for the rough edge, then scan densely around it (see the docstring)."""
    def probe(sizes):
        sizes = [s for s in sizes if s not in target.results]
        futures = [(s, pool.submit(run_at, target, s, args.nudge, args.timeout))
                   for s in sizes]
        for s, f in futures:
            target.results[s] = f.result()

    step = args.step
    lo, hi = args.min, args.max
    target.bottom = lo
    probe([hi])
    while not target.ok(hi) and target.results[hi].startswith("MemoryError") and hi * 2 <= args.limit:
        hi *= 2
        probe([hi])
    target.top = hi
    if not target.ok(hi):
        return target
    probe([lo])
    while target.ok(lo) and lo > args.floor:
        lo = max(args.floor, lo // 2 // step * step)
        probe([lo])
    target.bottom = lo
    good, bad = hi, lo
    if target.ok(lo):
        good = lo
    while good - bad > step:
        mid = bad + (good - bad) // 2 // step * step
        probe([mid])
        if target.ok(mid):
            good = mid
        else:
            bad = mid
    margin = max(args.margin, -(-good // 4 // step) * step)
    w_lo, w_hi = max(lo, good - margin), min(args.limit, good + margin)
    probe(range(w_lo, w_hi + 1, step))
    while True:
        fails = [s for s, why in target.results.items() if why]
        first_ok = min(s for s, why in target.results.items() if not why)
        new_hi = min(args.limit, max(w_hi, max(fails) + margin)) if fails else w_hi
        new_lo = max(lo, min(w_lo, first_ok - margin))
        if new_hi == w_hi and new_lo == w_lo:
            break
        probe(list(range(new_lo, w_lo, step)) + list(range(w_hi + step, new_hi + 1, step)))
        w_lo, w_hi = new_lo, new_hi
    target.window = (w_lo, w_hi)
    target.top = max(hi, w_hi)
    return target


def stale_mpy(root):
    """The .mpy files inside the package folder (MicroPython could import them)."""
    found = []
    for folder, dirs, files in os.walk(os.path.join(root, PACKAGE)):
        found += [os.path.relpath(os.path.join(folder, f), root)
                  for f in files if f.endswith(".mpy")]
    return sorted(found)


def mpy_copy(src_root, dest_root, mpy_cross, names):
    """Copy `names` (files or folders) from src_root to dest_root, with every
    .py file replaced by its .mpy from mpy-cross. Raises RuntimeError on a
    compile error."""
    for name in names:
        src = os.path.join(src_root, name)
        walk = os.walk(src) if os.path.isdir(src) else [(src_root, [], [name])]
        for folder, dirs, files in walk:
            dirs[:] = [d for d in dirs if d != "__pycache__"]
            rel_folder = os.path.relpath(folder, src_root)
            os.makedirs(os.path.join(dest_root, rel_folder), exist_ok=True)
            for f in files:
                rel = os.path.normpath(os.path.join(rel_folder, f))
                if f.endswith(".py"):
                    out = os.path.join(dest_root, rel[:-3] + ".mpy")
                    proc = subprocess.run(
                        [mpy_cross, "-msmall-int-bits=31", "-s", rel.replace(os.sep, "/"),
                         "-o", out, rel], cwd=src_root,
                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
                    if proc.returncode:
                        raise RuntimeError("mpy-cross %s: %s" % (
                            rel, proc.stdout.decode("utf-8", "replace").strip()))
                elif not f.endswith((".pyc", ".mpy")):
                    shutil.copyfile(os.path.join(folder, f), os.path.join(dest_root, rel))


def host_data(n, k):
    """DATA's rows, made by this CPython."""
    namespace = {}
    exec(DATA, namespace)
    return namespace["data"](n, k)


def host_model(root, folder):
    """Fit the predict job's model with this CPython; write its to_source() into
    folder; return the rows to predict and the probabilities the host gets."""
    if root not in sys.path:
        sys.path.insert(0, root)
    sys.dont_write_bytecode = True      # no __pycache__ left in the package
    from minilogit import LogisticRegression
    X, y = host_data(100, 4)
    model = LogisticRegression(solver="newton").fit(X, y)
    if not model.converged_:
        raise RuntimeError("the host's fit did not converge")
    with open(os.path.join(folder, MODEL_MODULE + ".py"), "w") as f:
        f.write(model.to_source())
    rows = X[:5]
    return rows, [list(p) for p in model.predict_proba(rows)]


def write_csv(path, n):
    """The stream job's CSV: n rows of DATA's generator, columns a, b, c, d, y."""
    X, y = host_data(n, 4)
    with open(path, "w") as f:
        f.write("a,b,c,d,y\n")
        for row, label in zip(X, y):
            f.write("%s,%d\n" % (",".join(repr(v) for v in row), label))


def version(exe):
    try:
        proc = subprocess.run([exe, "-c", "import sys; v = sys.implementation.version; "
                                          "print('%d.%d.%d' % v[:3])"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=30)
        return proc.stdout.decode().strip() or "?"
    except (OSError, subprocess.SubprocessError):
        return "?"


def cell(s):
    """'stable / smallest' in KB, or why there is no figure."""
    if s["stable_from"] is None:
        return "fails: %s" % (s["why_not"] or "?")
    at_bottom = "<=" if s["smallest_ok"] == s["range"][0] else ""  # no failure seen
    return "%s%s / %s%s" % (at_bottom if s["stable_from"] == s["range"][0] else "",
                            kb(s["stable_from"]), at_bottom, kb(s["smallest_ok"]))


def column_name(runtime, sources):
    return "%s %s%s" % (runtime.replace("micropython-", ""), "" if sources == "frozen" else ".",
                        sources)


def print_table(summaries, columns):
    width = max(len(t) for t in JOB_TITLES.values()) + 2
    cells = {(s["job"], s["runtime"], s["sources"]): cell(s) for s in summaries}
    cw = max([18] + [len(c) + 2 for c in cells.values()])
    print("%-*s" % (width, "heap in KB: stable / smallest")
          + "".join("%-*s" % (cw, column_name(*c)) for c in columns))
    for job in JOBS:
        if any(k[0] == job for k in cells):
            print("%-*s" % (width, JOB_TITLES[job])
                  + "".join("%-*s" % (cw, cells.get((job,) + c, "-")) for c in columns))


README_BEGIN = "<!-- board:begin (written by make board) -->"
README_END = "<!-- board:end -->"


def readme_table(summaries, versions, columns, step, nudges):
    """docs/board.md's board table: one row per job, one column per build and source."""
    cells = {(s["job"], s["runtime"], s["sources"]): cell(s) for s in summaries}
    names = [column_name(r, s) + " KB" for r, s in columns]
    rows = ["| job | %s |" % " | ".join(names), "|---|%s" % ("---|" * len(columns))]
    for job in JOBS:
        rows.append("| %s | %s |" % (README_TITLES[job], " | ".join(
            cells.get((job,) + c, "-") for c in columns)))
    runtimes = sorted(set(r for r, s in columns), key=[BOARD, F64].index)
    rows.append("")
    rows.append("Fixed heap in KB, *stable / smallest*, on MicroPython %s (%s): every heap "
                "from the first size up, in %d KB steps, worked, also with %s bytes taken "
                "first; the second is the smallest that did.%s"
                % (versions.get(BOARD, "?"), ", ".join(runtimes), step // 1024,
                   "/".join(str(n) for n in nudges if n) or "no",
                   " *frozen*: the package frozen into the build by `manifest.py` with "
                   "MicroPython's stock tools, its bytecode in the executable as in a "
                   "board's flash; *.py*, *.mpy*: loaded from files, its bytecode on the heap."
                   if any(s == "frozen" for r, s in columns) else ""))
    return "\n".join(rows + [""] + breakdown_table(summaries))


def breakdown_table(summaries):
    """Where each job's bytes go on the board build: docs/board.md's second table,
    one figure per source (frozen, .py, .mpy) where the figures differ by source."""
    found = {(s["job"], s["sources"]): s for s in summaries if s["runtime"] == BOARD
             and s.get("parts") and s["stable_from"] is not None}
    sources = [src for src in ("frozen", "py", "mpy") if any(k[1] == src for k in found)]
    names = " / ".join(src if src == "frozen" else "." + src for src in sources)
    rows = ["| job, board-f32 | code, %s | data | the fitted model | heap needed, %s "
            "| needed - code - data, %s |" % (names, names, names), "|---|---|---|---|---|---|"]
    for job in JOBS:
        each = [found.get((job, src)) for src in sources]
        if not all(each):
            continue
        parts = each[0]["parts"]
        rows.append("| %s | %s | %s | %s | %s | %s |" % (
            README_TITLES[job], " / ".join(kb(s["parts"]["code"]) for s in each),
            kb(parts["data"]), kb(parts["kept"]),
            " / ".join(kb(s["stable_from"]) for s in each),
            " / ".join(kb(s["stable_from"] - s["parts"]["code"] - s["parts"]["data"])
                       for s in each)))
    rows.append("")
    rows.append("KB live after a garbage collection (`gc.mem_alloc()`), read once at a large "
                "heap: code is what the imports leave (frozen, only the modules' objects: "
                "their bytecode is in the firmware), data the job's rows, the fitted model "
                "what the fit leaves beside them (from the first column's source). The last "
                "column is the rest of the heap a job needs: the fit's working memory at its "
                "peak, and the holes between objects that the collector, which never moves "
                "an object, cannot join into one block.")
    return rows


# What the install checks run besides the README's example, and what each must print.
DATA_CHECK = """
from minilogit.datasets import load_breast_cancer
try:
    load_breast_cancer()
except ValueError as e:
    print("is not installed beside minilogit" in str(e) and "lib/minilogit/datasets" in str(e))
"""
LIB_CHECK = """
from minilogit.datasets import load_iris
print(len(load_iris().data))
"""
PART_CHECK = """
import minilogit
try:
    minilogit.GLM
except ImportError as e:
    print("is not installed here" in str(e) and "package.json" in str(e))
"""


def install_checks(root, tmp, runtimes, executable, frozen):
    """Freeze manifest-core.py (manifest.py's builds are `frozen`), then run the
    README's board example on each build from each package.json's files and from
    each frozen build, and the data and part checks; return the failures."""
    try:
        core = portable.build_frozen(root, "manifest-core.py", which=frozen_which(runtimes),
                                     out=os.path.join(tmp, "frozen-core"))
    except RuntimeError as e:
        return ["manifest-core.py does not freeze: %s" % e]
    code, printed = install.readme_example(os.path.join(root, "README.md"))
    empty = os.path.join(tmp, "empty")
    os.makedirs(empty, exist_ok=True)
    runs = []               # (what, executable, folder, code, what it must print)
    for name in ("package.json", "package-core.json"):
        folder = os.path.join(tmp, "install-" + name)
        install.copy_listed(os.path.join(root, name), folder)
        runs += [("%s's files on %s" % (name, r), executable(r), folder, code, printed)
                 for r in runtimes]
    lib = os.path.join(tmp, "lib")                   # a board's /lib, its CSV copied there
    os.makedirs(os.path.join(lib, PACKAGE, "datasets"))
    shutil.copyfile(os.path.join(root, PACKAGE, "datasets", "iris.csv"),
                    os.path.join(lib, PACKAGE, "datasets", "iris.csv"))
    for r in runtimes:
        runs += [("manifest.py frozen into %s" % r, frozen[r], empty, code, printed),
                 ("load_iris from lib/, manifest.py frozen into %s" % r, frozen[r], empty,
                  LIB_CHECK, "150"),
                 ("manifest-core.py frozen into %s" % r, core[r], empty, code, printed),
                 ("load_breast_cancer, manifest.py frozen into %s" % r, frozen[r], empty,
                  DATA_CHECK, "True"),
                 ("minilogit.GLM, manifest-core.py frozen into %s" % r, core[r], empty,
                  PART_CHECK, "True")]
    failures = []
    for what, exe, folder, text, want in runs:
        proc = subprocess.run([exe, "-X", "heapsize=4m", "-c", text], cwd=folder,
                              env=dict(os.environ, MICROPYPATH=".frozen:" + lib),
                              stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=120)
        got = proc.stdout.decode("utf-8", "replace").strip().splitlines()
        ok = proc.returncode == 0 and got and got[-1].strip() == want
        print("board: %s: %s" % (what, "ok" if ok else "FAIL (%s)" % " / ".join(got[-3:])))
        if not ok:
            failures.append(what)
    return failures


def frozen_which(runtimes):
    """build-frozen.sh's argument for these runtimes."""
    return "both" if F64 in runtimes else "board"


def write_readme(path, table):
    """Put `table` between the board markers of `path` (docs/board.md)."""
    with open(path) as f:
        text = f.read()
    try:
        start = text.index(README_BEGIN) + len(README_BEGIN)
        end = text.index(README_END, start)
    except ValueError:
        raise SystemExit("board: %s has no %r ... %r block to write into"
                         % (path, README_BEGIN, README_END))
    with open(path, "w") as f:
        f.write(text[:start] + "\n" + table + "\n" + text[end:])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root", default=ROOT, help="repo root (default: %(default)s)")
    parser.add_argument("--frozen", action="store_true",
                        help="also measure the package frozen into the builds by the "
                             "repository's manifest.py, and run the install checks")
    parser.add_argument("--mpy", action="store_true",
                        help="also measure the package precompiled by mpy-cross")
    parser.add_argument("--no-f64", action="store_true", help="measure the board build only")
    parser.add_argument("--only", help="comma-separated jobs (%s); the --write FILE is then "
                        "left as it is" % ", ".join(JOBS))
    parser.add_argument("--step", type=int, default=1,
                        help="heap sizes are multiples of this many KB (1; 4 for a coarser scan)")
    parser.add_argument("--min", type=int, default=16, help="smallest heap in KB (16)")
    parser.add_argument("--max", type=int, default=512, help="top of the scan in KB (512)")
    parser.add_argument("--floor", type=int, default=4,
                        help="how far the bottom halves while a job still works there, in KB (4)")
    parser.add_argument("--limit", type=int, default=4096,
                        help="how far the top doubles while a job runs out of memory, in KB (4096)")
    parser.add_argument("--margin", type=int, default=64,
                        help="least width in KB scanned densely each side of the edge (64)")
    parser.add_argument("--nudge", default="0,16,48,112,240",
                        help="comma-separated byte counts: each size is run once per count, "
                             "with a bytearray of that many bytes taken first, and works "
                             "only if every run does (%(default)s)")
    parser.add_argument("--jobs", type=int, default=2, help="processes at once (2)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds per run (60)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument("--write", "--readme", dest="write", metavar="FILE",
                        help="write FILE's board tables (between its board markers; "
                             "make board: docs/board.md)")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every size tried (+ worked, - failed)")
    args = parser.parse_args()
    if args.step <= 0:
        parser.error("--step must be a positive number of KB")
    for name in ("min", "max", "floor", "limit", "margin"):
        kbytes = getattr(args, name)
        if kbytes <= 0 or kbytes % args.step:
            parser.error("--%s must be a positive multiple of --step (%d)" % (name, args.step))
        setattr(args, name, kbytes * 1024)
    args.step *= 1024
    try:
        args.nudge = sorted(set(int(n) for n in args.nudge.split(",") if n.strip()))
    except ValueError:
        args.nudge = None
    if not args.nudge or min(args.nudge) < 0:
        parser.error("--nudge must be byte counts >= 0, separated by commas")
    if not args.floor <= args.min < args.max <= args.limit:
        parser.error("these must hold: --floor <= --min < --max <= --limit")
    jobs = JOBS
    if args.only:
        jobs = [j.strip() for j in args.only.split(",") if j.strip()]
        unknown = [j for j in jobs if j not in JOBS]
        if unknown:
            parser.error("unknown job(s) %s; choose from %s" % (", ".join(unknown), ", ".join(JOBS)))

    root = os.path.abspath(args.root)
    tools = os.path.normpath(os.path.join(root, portable.BOARD_DIR))
    shown = os.path.join(portable.BOARD_DIR, "")  # as a user would type it from the root

    def executable(name):
        path = os.path.join(tools, name)
        return path if os.path.isfile(path) and os.access(path, os.X_OK) else None

    if not executable(BOARD):
        print("board: %s%s is not beside the clone; nothing measured" % (shown, BOARD))
        return 0
    stale = stale_mpy(root)
    if stale:
        print("board: .mpy files in %s/ could be imported instead of the .py sources: %s; "
              "remove them (find %s -name '*.mpy' -delete)"
              % (PACKAGE, ", ".join(stale[:5]) + (" ..." if len(stale) > 5 else ""), PACKAGE))
        return 2
    runtimes = [BOARD]
    if not args.no_f64:
        if executable(F64):
            runtimes.append(F64)
        else:
            print("board: %s%s is not beside the clone; its column is left out" % (shown, F64))
    sources = ["py"]
    if args.mpy:
        if executable(MPY_CROSS):
            sources.append("mpy")
        else:
            print("board: %s%s is not beside the clone; --mpy is left out" % (shown, MPY_CROSS))
    versions = {r: version(executable(r)) for r in runtimes}
    frozen = {}
    if args.frozen:
        try:
            frozen = portable.build_frozen(root, which=frozen_which(runtimes))
            sources.insert(0, "frozen")
        except RuntimeError as e:
            print("board: %s; the frozen column and the install checks are left out" % e)

    started = time.time()
    with tempfile.TemporaryDirectory(prefix="minilogit-board-") as tmp:
        model_py = os.path.join(tmp, "model-py")
        os.mkdir(model_py)
        try:
            rows, expected = host_model(root, model_py)
        except Exception as e:
            print("board: the host could not make the predict job's model: %s: %s"
                  % (type(e).__name__, e))
            return 1
        csv = os.path.join(tmp, STREAM_CSV)
        write_csv(csv, STREAM_ROWS)
        folders = {(j, "py"): root for j in JOBS}
        folders["predict", "py"] = model_py
        if frozen:
            failed = install_checks(root, tmp, runtimes, executable, frozen)
            if failed:
                print("board: FAIL: the install checks: %s" % "; ".join(failed))
                return 1
            folders.update({(j, "frozen"): os.path.join(tmp, "empty") for j in JOBS})
            folders["predict", "frozen"] = model_py
        if "mpy" in sources:
            package_mpy, model_mpy = os.path.join(tmp, "package-mpy"), os.path.join(tmp, "model-mpy")
            try:
                mpy_copy(root, package_mpy, executable(MPY_CROSS), [PACKAGE])
                mpy_copy(model_py, model_mpy, executable(MPY_CROSS), [MODEL_MODULE + ".py"])
            except RuntimeError as e:
                print("board: %s" % e)
                return 1
            folders.update({(j, "mpy"): package_mpy for j in JOBS})
            folders["predict", "mpy"] = model_mpy
        codes = dict(SOLVER_JOBS, **{
            "import": IMPORT_JOB, "fit": FIT_JOB, "core_fit": CORE_FIT_JOB,
            "softmax": SOFTMAX_JOB, "stream": STREAM_JOB.replace("CSV", repr(csv), 1),
            "predict": PREDICT_JOB.replace("ROWS", repr(rows))
                                  .replace("EXPECTED", repr(expected))})
        columns = [(r, s) for s in sources for r in runtimes]
        targets = [Target(j, r, frozen[r] if s == "frozen" else executable(r), s,
                          folders[j, s], codes[j])
                   for (r, s) in columns for j in jobs]
        print("board: MicroPython %s, heaps %d-%d KB in %d KB steps, nudged by %s bytes, "
              "%d jobs x %d columns ..."
              % (versions[BOARD], args.min // 1024, args.max // 1024, args.step // 1024,
                 ",".join(str(n) for n in args.nudge), len(jobs), len(columns)), flush=True)
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool, \
                concurrent.futures.ThreadPoolExecutor(len(targets)) as scans:
            for f in [scans.submit(measure, t, pool, args) for t in targets]:
                f.result()

        for t in targets:       # where the bytes go: one staged run per job on the board build
            if t.runtime == BOARD and t.job not in ("import", "predict"):
                t.parts = breakdown(t, args.limit, args.timeout)

    summaries = [dict(t.summary(), parts=getattr(t, "parts", None)) for t in targets]
    runs = sum(s["runs"] for s in summaries)
    print()
    print_table(summaries, columns)
    print("\nstable: every size scanned from it up worked; smallest: the smallest that "
          "worked (a size works if the job did with each nudge: %s bytes).\n%d runs in %.0fs."
          % (",".join(str(n) for n in args.nudge), runs, time.time() - started))
    for s in summaries:
        other = {why: n for why, n in s["failures"].items() if not why.startswith("MemoryError")}
        if other and s["stable_from"] is not None:
            print("note: %s on %s .%s: failures other than MemoryError: %s" % (
                s["job"], s["runtime"], s["sources"],
                "; ".join("%s (%dx)" % kv for kv in sorted(other.items()))))
        if args.verbose:
            strip = " ".join("%s%s" % (kb(int(size)), "+" if why == "ok" else "-")
                             for size, why in s["sizes"].items())
            print("\n%s on %s .%s (dense scan %s KB): %s" % (
                s["job"], s["runtime"], s["sources"],
                "-".join(kb(x) for x in s["dense_scan"]) if s["dense_scan"] else "none", strip))

    if args.json:
        with open(args.json, "w") as f:
            json.dump({"micropython": versions, "step": args.step, "min": args.min, "max": args.max,
                       "results": summaries}, f, indent=2)
            f.write("\n")
    failed = [s for s in summaries if s["stable_from"] is None]
    if failed:
        print("\nboard: FAIL: %s" % "; ".join(
            "%s on %s .%s never worked up to %s KB (%s)" % (
                s["job"], s["runtime"], s["sources"], kb(s["range"][1]), s["why_not"])
            for s in failed))
        return 1
    if args.write:
        if jobs != JOBS:
            print("board: --only measured part of the jobs; %s is left as it is" % args.write)
        else:
            write_readme(args.write,
                         readme_table(summaries, versions, columns, args.step, args.nudge))
            print("board: wrote the board tables of %s" % args.write)
    return 0


if __name__ == "__main__":
    sys.exit(main())
