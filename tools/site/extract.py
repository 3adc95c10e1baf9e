"""What the site needs from the repository's Python, as JSON on stdout.

``python3 tools/site/extract.py`` (run by ``node tools/site/build.mjs``) prints
one object:

- ``core``: the doctest examples of every module of ``minilogit/core/``, in
  the reading order of ``minilogit/core/__init__.py``, grouped by docstring,
  each as its source, expected output and options. The MicroPython light mode
  runs these through ``lightdoctest.py``: that runtime has no ``doctest``
  module and keeps no docstrings, so they are taken out here.
- ``equations``: for each equation number of ``walkthrough.md``, the
  functions whose lines cite it (``# eq. (N)``), each as source with the
  citing lines marked, and the lecture documents the concordance gives for it.
- ``files``: every file of the ``minilogit`` package, for the runtimes' file
  systems (``core_files`` names the ones the light mode needs).
"""

import ast
import doctest
import importlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tests"))

from test_walkthrough import CITATION, cited_numbers  # noqa: E402

# minilogit/core/__init__.py's reading order, then its plumbing
CORE = ["__init__", "functions", "matrix", "logistic", "penalty", "solvers", "estimators",
        "softmax_regression", "checks", "errors", "rng", "compat"]
# Examples the light mode cannot run, and why: (docstring, example numbers
# from 0, or None for all of them, what MicroPython lacks). The page counts
# them as "marked"; make site-test fails when they pass 5% of the examples.
LIGHT_MODE_LACKS = [
    ("core.matrix.Matrix.inverse", [0, 1], "no fractions module"),
    ("core.checks.float_columns", [0], "a board takes the row-by-row path: None"),
    ("core.errors", [1], "no UserWarning"),
    ("core.compat.warn", None, "no warnings module"),
    ("core.checks.blank", [1, 2], "no writable __dict__: a fit runs on the model itself"),
]
FLAGS = {v: k for k, v in doctest.OPTIONFLAGS_BY_NAME.items()}


def core_examples():
    """[{module, tests: [{name, lineno, examples: [...]}]}] for minilogit/core/."""
    out = []
    finder = doctest.DocTestFinder()
    for name in CORE:
        modname = "minilogit.core" + ("" if name == "__init__" else "." + name)
        module = importlib.import_module(modname)
        tests = []
        for test in sorted(finder.find(module), key=lambda t: (t.lineno or 0, t.name)):
            if not test.examples or not test.name.startswith(modname):
                continue
            tests.append({
                "name": test.name[len("minilogit."):],
                "lineno": test.lineno,
                "examples": [{"source": e.source, "want": e.want, "exc_msg": e.exc_msg,
                              "options": sorted(FLAGS[f] + ("+" if on else "-")
                                                for f, on in e.options.items()),
                              "lacks": lacks(test.name[len("minilogit."):], i)}
                             for i, e in enumerate(test.examples)],
            })
        out.append({"module": modname, "file": "minilogit/core/%s.py" % name, "tests": tests})
    return out


def lacks(test, i):
    """Why the light mode cannot run example i of the named docstring, or None."""
    for name, which, why in LIGHT_MODE_LACKS:
        if name == test and (which is None or i in which):
            return "MicroPython: " + why
    return None


def functions(path):
    """[(qualified name, first line, last line)] of the functions and methods in a file."""
    tree = ast.parse(open(path, encoding="utf-8").read())
    found = []

    def walk(node, prefix):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.ClassDef)):
                name = prefix + child.name
                first = min([d.lineno for d in child.decorator_list] + [child.lineno])
                if isinstance(child, ast.FunctionDef):
                    found.append((name, first, child.end_lineno))
                walk(child, name + ".")
    walk(tree, "")
    return found


def concordance_lectures():
    """{equation number: [lecture label]} from docs/concordance.md's tables."""
    out = {}
    document = None
    for line in open(os.path.join(ROOT, "docs", "concordance.md"), encoding="utf-8"):
        heading = re.match(r"## (Lecture \d{3}): (.*)", line)
        if heading:
            document = heading.group(1).lower() + ": " + heading.group(2).strip()
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if document is None or len(cells) < 3 or cells[0].startswith(("---", "lecture")):
            continue
        for n in cited_numbers(" ".join(CITATION.findall(cells[2]))):
            label = document.split(":")[0] + ", " + cells[0]
            out.setdefault(n, [])
            if label not in out[n]:
                out[n].append(label)
    return out


def equations():
    """{N: {code: [{file, function, start, lines, cited}], lectures: [...]}}."""
    code = {}
    for base, dirs, files in sorted(os.walk(os.path.join(ROOT, "minilogit"))):
        dirs.sort()
        for f in sorted(files):
            if not f.endswith(".py"):
                continue
            path = os.path.join(base, f)
            rel = os.path.relpath(path, ROOT).replace(os.sep, "/")
            lines = open(path, encoding="utf-8").read().split("\n")
            spans = functions(path)
            for i, line in enumerate(lines, 1):
                for citation in CITATION.findall(line):
                    inner = [s for s in spans if s[1] <= i <= s[2]]
                    if not inner:
                        continue
                    name, first, last = max(inner, key=lambda s: s[1])
                    for n in cited_numbers(citation):
                        entries = code.setdefault(n, [])
                        hit = [e for e in entries if e["file"] == rel and e["function"] == name]
                        if hit:
                            hit[0]["cited"].append(i - first)
                        else:
                            entries.append({"file": rel, "function": name, "start": first,
                                            "lines": lines[first - 1:last], "cited": [i - first]})
    for entries in code.values():       # opened at a line of code, before a docstring's
        for e in entries:
            e["cited"].sort(key=lambda j: "#" not in e["lines"][j])
    lectures = concordance_lectures()
    numbers = set(code) | set(lectures)
    # the core first: that is the code the lecture is read beside; the pictures
    # (minilogit/plot.py) last: they draw an equation that other code computes
    return {n: {"code": sorted(code.get(n, []), key=lambda e: ("/core/" not in e["file"],
                                                              e["file"] == "minilogit/plot.py")),
                "lectures": lectures.get(n, [])} for n in sorted(numbers, key=int)}


def package_files():
    """{path: text} of the minilogit package (sources and bundled data)."""
    out = {}
    for base, dirs, files in os.walk(os.path.join(ROOT, "minilogit")):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for f in sorted(files):
            if not f.endswith((".pyc", ".mpy")):
                path = os.path.join(base, f)
                out[os.path.relpath(path, ROOT).replace(os.sep, "/")] = open(
                    path, encoding="utf-8").read()
    return out


def main():
    files = package_files()
    json.dump({"core": core_examples(), "equations": equations(), "files": files,
               "core_files": [p for p in files if p.startswith("minilogit/core/")]
               + ["minilogit/__init__.py"]},
              sys.stdout, ensure_ascii=False)


if __name__ == "__main__":
    main()
