#!/usr/bin/env python3
"""Run the portable test suite (tests/portable/run.py) on every Python runtime.

Prints one line per runtime and exits non-zero if any runtime fails or is
missing. Standard library only. Install the runtimes first with setup.sh.

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
RUNTIMES = ["cpython" + v for v in CPYTHONS] + ["pypy", "micropython", "pyodide"]
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


def command(name):
    """The argv that runs the suite under `name`, or None if it is not installed."""
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


def run(name, root, timeout):
    """Run the suite under one runtime; return a result dict (plus its output)."""
    result = {"runtime": name, "version": "?", "run": 0, "passed": 0, "failed": 0,
              "seconds": 0.0, "ok": False, "note": "", "output": ""}
    argv = command(name)
    if argv is None:
        result.update(version="-", note="not found", missing=True)
        return result
    env = dict(os.environ, PYTHONPATH=root, PYTHONDONTWRITEBYTECODE="1",
               PYTHONIOENCODING="utf-8")
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


def line(r, allow_missing):
    if r.get("missing") and allow_missing:
        verdict = "SKIP (not found)"
    else:
        verdict = "PASS" if r["ok"] else "FAIL (%s)" % r["note"]
    return "%-13s %-24s run=%-5d passed=%-5d %8.2fs  %s" % (
        r["runtime"], r["version"], r["run"], r["passed"], r["seconds"], verdict)


# What each runtime cannot do, for the README's "Runs on" table.
LIMITS = {
    "micropython": "no `fractions` (exact Matrix tests skipped), no `warnings` (warnings "
                   "go to stderr and `minilogit._compat.fallback_log`), no docstrings, "
                   "so no doctests; about 20x slower",
    "pyodide": "nothing; about 3 s to start",
    "pypy": "nothing",
}
README_BEGIN = "<!-- runs-on:begin (written by make portable) -->"
README_END = "<!-- runs-on:end -->"


def readme_table(results):
    """The "Runs on" table, one row per runtime that passed."""
    rows = ["| runtime | version tested | portable tests passed | seconds | what it lacks |",
            "|---|---|---|---|---|"]
    for r in results:
        if r["ok"]:
            rows.append("| %s | %s | %d of %d | %.1f | %s |" % (
                r["runtime"], r["version"], r["passed"], r["run"], r["seconds"],
                LIMITS.get(r["runtime"], "nothing (the reference runtime)")))
    return "\n".join(rows)


def write_readme(path, results):
    """Replace the text between the README's markers with a fresh table."""
    with open(path) as f:
        text = f.read()
    start, end = text.index(README_BEGIN) + len(README_BEGIN), text.index(README_END)
    with open(path, "w") as f:
        f.write(text[:start] + "\n" + readme_table(results) + "\n" + text[end:])


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
    parser.add_argument("--readme", metavar="FILE",
                        help="when every runtime passes, rewrite FILE's \"Runs on\" table")
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

    results = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        futures = [pool.submit(run, n, root, args.timeout) for n in names]
        for future in futures:  # print in a fixed order, each as soon as it is known
            r = future.result()
            results.append(r)
            print(line(r, args.allow_missing), flush=True)

    for r in results:
        if r["output"] and (args.verbose or not r["ok"]):
            print("\n--- %s: %s ---" % (r["runtime"], "output" if args.verbose else "last lines of output"))
            print(r["output"].rstrip() if args.verbose else tail(r["output"]))
    bad = [r["runtime"] for r in results if not r["ok"] and not (r.get("missing") and args.allow_missing)]
    passed = sum(r["ok"] for r in results)
    if bad:
        print("\nportable: FAIL on %s" % ", ".join(bad))
    elif not passed:
        print("\nportable: FAIL: no runtime was found")
    else:
        print("\nportable: all %d runtimes PASS" % passed)

    if args.json:
        keys = ["runtime", "version", "run", "passed", "failed", "seconds", "ok", "note"]
        with open(args.json, "w") as f:
            json.dump([{k: r[k] for k in keys} for r in results], f, indent=2)
            f.write("\n")
    if args.readme and not bad and passed:
        write_readme(args.readme, results)
    return 1 if bad or not passed else 0


if __name__ == "__main__":
    sys.exit(main())
