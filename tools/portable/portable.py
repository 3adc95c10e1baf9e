#!/usr/bin/env python3
"""Run the portable test suite (tests/portable/run.py) on every Python runtime.

Prints one line per runtime and exits non-zero if any runtime fails or is
missing (the MicroPython unix builds below may be missing). Standard library only. Install the runtimes first with setup.sh.

Three runtimes are not installed by setup.sh: the MicroPython unix builds
micropython-board-f32 (32-bit objects, single-precision floats, like an
ESP32 or a Pico) and micropython-f64 are looked for beside the clone, in
ROOT/../shared/tools/micropython/, and micropython-board-f32-frozen is the
first of them built with the repository's manifest.py frozen in, as a board's
firmware holds the package, by build-frozen.sh beside them (into
ROOT/build/frozen/; about 30 s of CPU; setup.sh installs the compiler it
needs). They run the suite on a fixed heap of BOARD_HEAP. When they are not
there, or the frozen build cannot be made, they are skipped, with one line
saying so, and that is not a failure; when they are there, they must pass
like the others.

The "Runs on" table of docs/runtimes.md (--write FILE; make doc-tables) lies
between README_BEGIN and README_END. This tool writes one row per runtime (the
heap each board job needs is tools/board.py's own table, in docs/board.md). The row of a
runtime skipped because its executable is not beside the clone is also kept
from the table being replaced, so that a clone without them does not drop their rows.

    python3 tools/portable/portable.py [--only NAME[,NAME]] [--root PATH]
                                       [--allow-missing] [--json FILE]
"""
import argparse
import concurrent.futures
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ENTRY = os.path.join("tests", "portable", "run.py")
CPYTHONS = ["3.8", "3.9", "3.10", "3.11", "3.12", "3.13"]
# MicroPython unix builds with a fixed heap, found beside the clone (see BOARD_DIR).
BOARD_RUNTIMES = ["micropython-board-f32", "micropython-f64"]
FROZEN_RUNTIMES = ["micropython-board-f32-frozen"]      # built here, by build_frozen
RUNTIMES = (["cpython" + v for v in CPYTHONS] + ["pypy", "micropython", "pyodide"]
            + BOARD_RUNTIMES + FROZEN_RUNTIMES)
# Where the MicroPython unix builds sit, relative to the repository root.
BOARD_DIR = os.path.join("..", "shared", "tools", "micropython")
# The heap the suite gets on them: generous, since the suite checks results, not
# memory (tools/board.py measures that). micropython-f64 needs about 12 MB.
BOARD_HEAP = "32m"
NODE_PACKAGES = {
    "micropython": "@micropython/micropython-webassembly-pyscript",
    "pyodide": "pyodide",
}
SUMMARY = re.compile(r"^PORTABLE-SUMMARY runtime=(\S+) version=(\S+) "
                     r"run=(\d+) passed=(\d+) failed=(\d+)\s*$")


def find_cpython(minor):
    """Newest pyenv interpreter ~/.pyenv/versions/<minor>.<patch>/bin/python."""
    pyenv = os.environ.get("PYENV_ROOT") or os.path.expanduser("~/.pyenv")
    found = []
    for exe in glob.glob(os.path.join(pyenv, "versions", minor + ".*", "bin", "python")):
        patch = os.path.basename(os.path.dirname(os.path.dirname(exe)))[len(minor) + 1:]
        if patch.isdigit():  # skip 3.13.0t, 3.12-dev and the like
            found.append((int(patch), exe))
    return max(found)[1] if found else None


def board_executable(root, name):
    """The path of a MicroPython unix build beside the clone (it may not exist)."""
    return os.path.normpath(os.path.join(root, BOARD_DIR, name))


BUILD_FROZEN = "build-frozen.sh"        # beside the builds, in BOARD_DIR
FROZEN_DIR = os.path.join("build", "frozen")     # under the root (build/ is not committed)


def build_frozen(root, manifest="manifest.py", which="both", out=None):
    """Build the MicroPython unix builds with ROOT/manifest frozen in, by the
    stock build-frozen.sh beside them; return {build name: executable}, or
    raise RuntimeError saying why not (no script, no compiler, a build error)."""
    script = board_executable(root, BUILD_FROZEN)
    if not os.path.isfile(script):
        raise RuntimeError("%s is not beside the clone" % os.path.join(BOARD_DIR, BUILD_FROZEN))
    out = out or os.path.join(root, FROZEN_DIR, os.path.splitext(manifest)[0])
    proc = subprocess.run(["sh", script, os.path.join(root, manifest), out, which],
                          stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    text = proc.stdout.decode("utf-8", "replace").strip()
    if proc.returncode:
        raise RuntimeError("build-frozen.sh %s failed: %s" % (manifest, text))
    names = {"board": ["micropython-board-f32"], "f64": ["micropython-f64"]}.get(
        which, ["micropython-board-f32", "micropython-f64"])
    return {n: os.path.join(out, n + "-frozen") for n in names}


def command(name, root, frozen=None):
    """The argv that runs the suite under `name`, or None if it is not installed
    (`frozen`: {build name: executable} of the frozen builds made)."""
    if name in FROZEN_RUNTIMES:
        exe = (frozen or {}).get(name[:-len("-frozen")])
        return [exe, "-X", "heapsize=" + BOARD_HEAP, ENTRY] if exe else None
    if name in BOARD_RUNTIMES:
        exe = board_executable(root, name)
        if os.path.isfile(exe) and os.access(exe, os.X_OK):
            return [exe, "-X", "heapsize=" + BOARD_HEAP, ENTRY]
        return None
    if name.startswith("cpython"):
        exe = find_cpython(name[len("cpython"):])
        return [exe, ENTRY] if exe else None
    if name == "pypy":
        exe = shutil.which("pypy3")
        return [exe, ENTRY] if exe else None
    node = shutil.which("node")
    package = os.path.join(HERE, "node_modules", NODE_PACKAGES[name])
    if node and os.path.isdir(package):
        return [node, os.path.join(HERE, "run_%s.mjs" % name), "."]
    return None


def run(name, root, timeout, frozen=None, frozen_why=""):
    """Run the suite under one runtime; return a result dict (plus its output)."""
    result = {"runtime": name, "version": "?", "run": 0, "passed": 0, "failed": 0,
              "seconds": 0.0, "ok": False, "note": "", "output": ""}
    argv = command(name, root, frozen)
    if argv is None and name in FROZEN_RUNTIMES:
        result.update(version="-", note=frozen_why or "not built", missing=True, optional=True)
        return result
    if argv is None and name in BOARD_RUNTIMES:
        result.update(version="-", note="%s is not beside the clone"
                      % os.path.join(BOARD_DIR, name), missing=True, optional=True)
        return result
    if argv is None:
        result.update(version="-", note="not found", missing=True)
        return result
    env = dict(os.environ, PYTHONPATH=root, PYTHONDONTWRITEBYTECODE="1",
               PYTHONIOENCODING="utf-8", PORTABLE_RUNTIME=name)    # its scratch files' tag
    start = time.time()
    try:
        proc = subprocess.run(argv, cwd=root, env=env, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              timeout=timeout)
        status, out, err = proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as exc:
        status, out, err = None, exc.stdout or b"", exc.stderr or b""
    result["seconds"] = round(time.time() - start, 2)
    out = out.decode("utf-8", "replace")
    err = err.decode("utf-8", "replace")
    result["output"] = out if not err else out.rstrip("\n") + "\n" + err

    lines = [line for line in out.splitlines() if line.strip()]
    match = SUMMARY.match(lines[-1]) if lines else None
    if match:
        result["version"] = match.group(2)
        result["run"], result["passed"], result["failed"] = map(int, match.group(3, 4, 5))
    if status is None:
        result["note"] = "timed out after %gs" % timeout
    elif not match:
        result["note"] = "no summary line (exit status %s)" % status
    elif result["failed"] or not result["run"]:
        result["note"] = "failed=%d" % result["failed"]
    elif status != 0:
        result["note"] = "exit status %s" % status
    else:
        result["ok"] = True
    return result


def skipped(r, allow_missing):
    """True if a missing runtime is skipped rather than failed."""
    return r.get("missing") and (allow_missing or r.get("optional"))


def line(r, allow_missing):
    if skipped(r, allow_missing):
        verdict = "SKIP (%s)" % r["note"]
    else:
        verdict = "PASS" if r["ok"] else "FAIL (%s)" % r["note"]
    return "%-28s %-10s run=%-5d passed=%-5d %8.2fs  %s" % (
        r["runtime"], r["version"], r["run"], r["passed"], r["seconds"], verdict)


# What each runtime cannot do, for the README's "Runs on" table.
LIMITS = {
    "micropython": "no `fractions` (exact Matrix tests skipped), no `warnings` (warnings "
                   "go to stderr and `minilogit.core.compat.fallback_log`), no docstrings, "
                   "so no doctests; about 20x slower",
    "pyodide": "nothing; about 3 s to start",
    "pypy": "nothing",
    "micropython-board-f32": "as micropython, and floats are single precision (epsilon "
                             "2^-23, largest 3.4e38, `1e-300` reads as 0.0), objects are "
                             "32-bit, the heap is fixed (%s here; `make board` measures "
                             "what each job needs)" % BOARD_HEAP,
    "micropython-f64": "as micropython, on a fixed heap (%s here)" % BOARD_HEAP,
    "micropython-board-f32-frozen": "as micropython-board-f32, with minilogit frozen into "
                                    "the executable by the repository's manifest.py, as a "
                                    "board's firmware holds it",
}
README_BEGIN = "<!-- runs-on:begin (written by make doc-tables) -->"
README_END = "<!-- runs-on:end -->"
TABLE_HEAD = ["| runtime | version tested | portable tests passed | seconds | what it lacks |",
              "|---|---|---|---|---|"]


def readme_block(text):
    """(start, end) of the text between the README's markers; ValueError if absent."""
    start = text.index(README_BEGIN) + len(README_BEGIN)
    return start, text.index(README_END, start)


def table_row(r):
    """The "Runs on" row of a runtime that passed."""
    return "| %s | %s | %d of %d | %.1f | %s |" % (
        r["runtime"], r["version"], r["passed"], r["run"], r["seconds"],
        LIMITS.get(r["runtime"], "nothing (the reference runtime)"))


def row_runtime(row):
    """The first cell of a table row, stripped ("" if the line is not a row)."""
    cells = row.strip().split("|")
    return cells[1].strip() if len(cells) > 2 and not cells[0].strip() else ""


def readme_table(results, old_block="", keep_runtimes=()):
    """The "Runs on" table: one row per runtime that passed, in RUNTIMES order.

    From `old_block` (the table being replaced) it keeps the rows of the
    runtimes in `keep_runtimes` (skipped, so not run).
    """
    old = [l.strip() for l in old_block.splitlines()]
    old_rows = {row_runtime(l): l for l in old}
    rows = list(TABLE_HEAD)
    for r in results:
        if r["ok"]:
            rows.append(table_row(r))
        elif r["runtime"] in keep_runtimes and old_rows.get(r["runtime"]):
            rows.append(old_rows[r["runtime"]])
    return "\n".join(rows)


def write_readme(path, results, keep_runtimes=()):
    """Replace the text between the README's markers with a fresh table."""
    with open(path) as f:
        text = f.read()
    start, end = readme_block(text)
    table = readme_table(results, text[start:end], keep_runtimes)
    with open(path, "w") as f:
        f.write(text[:start] + "\n" + table + "\n" + text[end:])


def tail(text, n=25):
    return "\n".join("    " + l for l in text.rstrip().splitlines()[-n:])


def main():
    default_root = os.path.dirname(os.path.dirname(HERE))
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="comma-separated runtimes (%s; 'cpython' = all CPythons)"
                        % ", ".join(RUNTIMES))
    parser.add_argument("--root", default=default_root, help="repo root (default: %(default)s)")
    parser.add_argument("--allow-missing", action="store_true",
                        help="skip runtimes that are not installed instead of failing")
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON")
    parser.add_argument("--write", "--readme", dest="write", metavar="FILE",
                        help="when every runtime passes, rewrite FILE's \"Runs on\" table "
                        "(make doc-tables: docs/runtimes.md)")
    parser.add_argument("--jobs", type=int, default=2, help="runtimes run at once (default 2)")
    parser.add_argument("--timeout", type=float, default=1800, help="seconds per runtime")
    parser.add_argument("-v", "--verbose", action="store_true",
                        help="print every runtime's full output, not only failing ones' tails")
    args = parser.parse_args()

    names = RUNTIMES
    if args.only:
        wanted = [w.strip() for w in args.only.split(",") if w.strip()]
        unknown = [w for w in wanted if w not in RUNTIMES and w != "cpython"]
        if unknown:
            parser.error("unknown runtime(s) %s; choose from %s" % (", ".join(unknown), ", ".join(RUNTIMES)))
        names = [n for n in RUNTIMES if n in wanted or ("cpython" in wanted and n.startswith("cpython"))]
    root = os.path.abspath(args.root)
    if not os.path.isfile(os.path.join(root, ENTRY)):
        parser.error("%s not found under %s" % (ENTRY, root))

    frozen, frozen_why = {}, ""
    if any(n in FROZEN_RUNTIMES for n in names):
        try:
            frozen = build_frozen(root, which="board")
        except RuntimeError as e:
            frozen_why = str(e)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = [pool.submit(run, n, root, args.timeout, frozen, frozen_why) for n in names]
        for future in futures:  # print in a fixed order, each as soon as it is known
            r = future.result()
            results.append(r)
            print(line(r, args.allow_missing), flush=True)

    for r in results:
        if r["output"] and (args.verbose or not r["ok"]):
            print("\n--- %s: %s ---" % (r["runtime"], "output" if args.verbose else "last lines of output"))
            print(r["output"].rstrip() if args.verbose else tail(r["output"]))
    bad = [r["runtime"] for r in results if not r["ok"] and not skipped(r, args.allow_missing)]
    skips = [r["runtime"] for r in results if not r["ok"] and skipped(r, args.allow_missing)]
    absent = [r["runtime"] for r in results if r.get("optional")]
    passed = sum(r["ok"] for r in results)
    if bad:
        print("\nportable: FAIL on %s" % ", ".join(bad))
    elif not passed:
        print("\nportable: FAIL: no runtime was found")
    else:
        print("\nportable: all %d runtimes PASS%s" % (
            passed, " (skipped: %s)" % ", ".join(skips) if skips else ""))

    if args.json:
        keys = ["runtime", "version", "run", "passed", "failed", "seconds", "ok", "note"]
        with open(args.json, "w") as f:
            json.dump([{k: r[k] for k in keys} for r in results], f, indent=2)
            f.write("\n")
    if args.write and not bad and passed:
        write_readme(args.write, results, keep_runtimes=absent)
    return 1 if bad or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
