"""docs/lecture.ipynb shows what its code gives today: its code cells, run in order
with plain Python (tools/notebook.py, no Jupyter), produce the outputs the
committed notebook holds. A stale notebook fails: run ``python3 tools/notebook.py``.

Text is compared after rounding every number with more than 6 significant
digits to 6, so that the last digits of a sum (CPython 3.12 sums floats with
compensation) do not count; pictures and tables are compared so too.
"""

import json
import os
import re
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import notebook  # noqa: E402

NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]?\d+)?")


def normalised(outputs):
    """The outputs as JSON text with long numbers rounded to 6 significant digits."""
    text = json.dumps(outputs, sort_keys=True, ensure_ascii=False)
    return NUMBER.sub(lambda m: "%.6g" % float(m.group()), text)


@pytest.fixture(scope="module")
def stored_and_fresh():
    stored = notebook.read(notebook.NOTEBOOK)
    code = [c for c in stored["cells"] if c["cell_type"] == "code"]
    return code, notebook.run(stored)


def test_every_code_cell_shows_what_the_notebook_holds(stored_and_fresh):
    code, fresh = stored_and_fresh
    assert len(fresh) == len(code) >= 10
    for k, (cell, outputs) in enumerate(zip(code, fresh), 1):
        assert cell["execution_count"] == k
        assert normalised(cell["outputs"]) == normalised(outputs), (
            "cell %d is stale (run python3 tools/notebook.py):\n%s" % (k, "".join(cell["source"])))


def test_the_notebook_shows_tables_and_pictures_inline(stored_and_fresh):
    """The display this notebook exists for: HTML tables (summary, trace_, the solver
    table) and SVG pictures, each sized to fit a notebook column."""
    code, _ = stored_and_fresh
    shown = [o for c in code for o in c["outputs"] if "data" in o]
    html = ["".join(o["data"]["text/html"]) for o in shown if "text/html" in o["data"]]
    svg = ["".join(o["data"]["image/svg+xml"]) for o in shown if "image/svg+xml" in o["data"]]
    assert sum("<th>std err</th>" in h for h in html) >= 2          # summary() tables
    assert sum("<th>scaled gradient</th>" in h for h in html) >= 2   # trace_ tables
    assert any("<th>sgd</th>" in h for h in html)                   # the solver comparison
    assert len(svg) >= 4
    for picture in svg:
        width = float(re.match(r'<svg [^>]*width="([\d.]+)"', picture).group(1))
        assert width <= 900, picture[:120]
    pictures = [o for o in shown if "image/svg+xml" in o["data"]]
    assert all("".join(o["data"]["text/plain"]).startswith("<Picture: SVG") for o in pictures)


def test_a_stale_output_is_noticed(stored_and_fresh):
    """The comparison is not vacuous: a changed number in a stored table fails it."""
    code, fresh = stored_and_fresh
    k = next(i for i, c in enumerate(code) if "solver_table(fits" in "".join(c["source"]))
    stale = json.loads(json.dumps(code[k]["outputs"]).replace("-4.907474", "-4.917474"))
    assert stale != code[k]["outputs"]
    assert normalised(stale) != normalised(fresh[k])
