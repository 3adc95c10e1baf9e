"""The package as a board takes it: frozen into firmware by a manifest, or installed by mip.

package.json (all of minilogit) and package-core.json (the lecture alone) list
every file of their part, and so does manifest-core.py; each install tree runs
the README's board example here (tools/board.py runs it on the MicroPython
builds, and freezes both manifests with the stock tools).

MicroPython's compiler folds ``math.inf`` and ``math.nan`` (and a literal such as
``1e999``) into a constant; stock mpy-tool.py (v1.27) writes an infinite or nan
constant into the frozen firmware's C as ``inf``/``nan``, and the firmware does not
compile. ``make board`` freezes the package with the stock tools; this test finds
such constants in a second, without them.
"""

import ast
import math
import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "minilogit")
sys.path.insert(0, os.path.join(ROOT, "tools", "portable"))

import install  # noqa: E402  (tools/portable/install.py)
from test_layout import python_files  # noqa: E402

PARTS = {"package.json": "all", "package-core.json": "core"}


def unfreezable_constants(path):
    """(line, what) of each constant MicroPython would fold to an infinity or a nan."""
    for node in ast.walk(ast.parse(open(path, encoding="utf-8").read())):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id == "math" and node.attr in ("inf", "nan"):
            yield node.lineno, "math." + node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, float) \
                and not math.isfinite(node.value):
            yield node.lineno, repr(node.value)


def test_no_constant_that_stock_tools_cannot_freeze():
    found = ["%s:%d %s (write compat.INF)" % (os.path.relpath(path, ROOT), line, what)
             for path in python_files(PACKAGE) for line, what in unfreezable_constants(path)]
    assert not found, "\n".join(found)


def test_the_check_finds_a_folded_infinity(tmp_path):
    path = tmp_path / "m.py"
    path.write_text("import math\nBIG = 1e999\ndef f(x):\n    return x < math.inf\n")
    assert sorted(what for _, what in unfreezable_constants(str(path))) == ["inf", "math.inf"]


def part_files(part):
    """The files of a part, relative to the root: every .py and .csv file of the
    package, or the lecture alone (minilogit/__init__.py and minilogit/core/)."""
    found = []
    for here, dirs, files in os.walk(PACKAGE):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(here, name), ROOT).replace(os.sep, "/")
            if name.endswith((".py", ".csv")) and (part == "all" or rel == "minilogit/__init__.py"
                                                    or rel.startswith("minilogit/core/")):
                found.append(rel)
    return found


def manifest_calls(path):
    """{function: [(args, kwargs), ...]} of a MicroPython manifest, run with stand-ins."""
    calls = {}
    def record(name):
        return lambda *args, **kwargs: calls.setdefault(name, []).append((args, kwargs))
    exec(open(path).read(), {n: record(n) for n in ("metadata", "package", "module",
                                                      "require", "include", "options")})
    return calls


@pytest.mark.parametrize("name", sorted(PARTS))
def test_each_package_json_lists_exactly_its_part(name):
    targets = [t for t, url in install.listed(os.path.join(ROOT, name))]
    assert all(t == url for t, url in install.listed(os.path.join(ROOT, name)))
    want = part_files(PARTS[name])
    assert sorted(targets) == sorted(want), "add to %s: %s; remove: %s" % (
        name, sorted(set(want) - set(targets)), sorted(set(targets) - set(want)))


def test_the_manifests_freeze_their_parts_at_the_package_version():
    import minilogit
    whole, core = (manifest_calls(os.path.join(ROOT, m)) for m in ("manifest.py",
                                                                   "manifest-core.py"))
    assert whole["package"] == [(("minilogit",), {})]      # every .py file of the package
    (args, kwargs), = core["package"]
    frozen = ["minilogit/" + f for f in kwargs["files"]]
    assert args == ("minilogit",) and sorted(frozen) == sorted(
        f for f in part_files("core") if f.endswith(".py"))
    for calls in (whole, core):
        assert calls["metadata"][0][1]["version"] == minilogit.__version__
    for name in PARTS:
        with open(os.path.join(ROOT, name)) as f:
            assert '"version": "%s"' % minilogit.__version__ in f.read()


def run_python(code, cwd):
    """Run code in cwd with CPython, with no site-packages (no installed minilogit)."""
    return subprocess.run([sys.executable, "-S", "-c", code], cwd=str(cwd), stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=dict(os.environ, PYTHONPATH=""),
                          universal_newlines=True)


@pytest.mark.parametrize("name", sorted(PARTS))
def test_the_readme_board_example_runs_from_each_install(name, tmp_path):
    install.copy_listed(os.path.join(ROOT, name), str(tmp_path))
    code, printed = install.readme_example()
    proc = run_python(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == printed


def test_the_lecture_alone_says_what_to_install(tmp_path):
    install.copy_listed(os.path.join(ROOT, "package-core.json"), str(tmp_path))
    proc = run_python("from minilogit import LogisticRegression", tmp_path)
    assert proc.returncode == 1
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("ImportError: minilogit.LogisticRegression is not installed here "
                           "(No module named 'minilogit.models')"), last
    assert "manifest.py or package.json" in last
    proc = run_python("import minilogit; print(minilogit.sigmoid(0.0))", tmp_path)
    assert proc.stdout.strip() == "0.5", proc.stderr


def test_all_of_it_loads_its_data_from_the_install(tmp_path):
    install.copy_listed(os.path.join(ROOT, "package.json"), str(tmp_path))
    proc = run_python("from minilogit.datasets import load_iris; print(len(load_iris().data))",
                      tmp_path)
    assert proc.stdout.strip() == "150", proc.stderr
