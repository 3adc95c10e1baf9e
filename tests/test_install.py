"""The package as a board takes it: frozen into firmware by a manifest, or installed by mip.

MicroPython's compiler folds ``math.inf`` and ``math.nan`` (and a literal such as
``1e999``) into a constant; stock mpy-tool.py (v1.27) writes an infinite or nan
constant into the frozen firmware's C as ``inf``/``nan``, and the firmware does not
compile. ``make board`` freezes the package with the stock tools; this test finds
such constants in a second, without them.
"""

import ast
import math
import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = os.path.join(ROOT, "minilogit")


def python_files(folder):
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith(".py"):
                yield os.path.join(here, name)


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
