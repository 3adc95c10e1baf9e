"""Run a notebook's code cells with plain Python and write their outputs into it:
``python3 tools/notebook.py [NOTEBOOK.ipynb ...]`` (default: docs/lecture.ipynb).

No Jupyter needed (stdlib and minilogit only). The code cells run in order in
one namespace, as a kernel runs them. What a cell prints becomes a "stream"
output; a warning, a line "Category: message" on stderr; the value of a last
bare expression (not ending in ";"), an "execute_result" with the MIME types
its object offers, as Jupyter asks for them: text/plain (``repr``),
text/html (``_repr_html_``) and image/svg+xml (``_repr_svg_``).
``display(obj, ...)``, which a Jupyter kernel provides, gives "display_data"
outputs the same way. The file is nbformat 4 JSON written as Jupyter writes
it (one-space indents, sorted keys), so rerunning an unchanged notebook
changes nothing. tests/test_notebook.py runs the cells with ``run`` and
compares what they show with what the file holds.
"""

import ast
import io
import json
import os
import sys
import warnings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NOTEBOOK = os.path.join(ROOT, "docs", "lecture.ipynb")
MIME = (("text/html", "_repr_html_"), ("image/svg+xml", "_repr_svg_"))


def read(path):
    """The notebook at path, as the dict of its JSON."""
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def write(notebook, path):
    with open(path, "w", encoding="utf-8") as f:
        f.write(json.dumps(notebook, indent=1, sort_keys=True, ensure_ascii=False) + "\n")


def _lines(text):
    """Text as Jupyter stores it: a list of lines, each but the last ending in a newline."""
    return text.splitlines(True)


def _source(cell):
    source = cell["source"]
    return source if isinstance(source, str) else "".join(source)


def _shown(value, output_type, count=None):
    """The output showing value: its repr and whatever display methods it has."""
    data = {"text/plain": _lines(repr(value))}
    for mime, method in MIME:
        if callable(getattr(value, method, None)):
            data[mime] = _lines(getattr(value, method)())
    out = {"data": data, "metadata": {}, "output_type": output_type}
    if count is not None:
        out["execution_count"] = count
    return out


class _Cell:
    """The outputs of one cell, in order: printed text is flushed before each display."""

    def __init__(self):
        self.outputs, self.stdout = [], io.StringIO()

    def flush(self):
        text = self.stdout.getvalue()
        if text:
            self.outputs.append({"name": "stdout", "output_type": "stream", "text": _lines(text)})
            self.stdout = io.StringIO()

    def display(self, *values):
        self.flush()
        self.outputs.extend(_shown(v, "display_data") for v in values)


def run(notebook):
    """Run the code cells in order in one namespace; return each one's outputs (a list)."""
    sys.path.insert(0, ROOT)
    namespace = {"__name__": "__main__"}
    results = []
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    for count, cell in enumerate(code, 1):
        source = _source(cell)
        tree = ast.parse(source)
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr) and not source.rstrip().endswith(";"):
            last = ast.Expression(tree.body.pop().value)
        out = _Cell()
        namespace["display"] = out.display
        real_stdout = sys.stdout
        sys.stdout = out.stdout
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                exec(compile(tree, "<cell %d>" % count, "exec"), namespace)
                value = None if last is None else eval(
                    compile(last, "<cell %d>" % count, "eval"), namespace)
        finally:
            sys.stdout = real_stdout
        out.flush()
        if caught:
            text = "".join("%s: %s\n" % (w.category.__name__, w.message) for w in caught)
            out.outputs.append({"name": "stderr", "output_type": "stream", "text": _lines(text)})
        if value is not None:
            out.outputs.append(_shown(value, "execute_result", count))
        results.append(out.outputs)
    sys.path.remove(ROOT)
    return results


def fill(notebook):
    """Run the notebook and put the outputs and execution counts into its code cells."""
    code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
    for count, (cell, outputs) in enumerate(zip(code, run(notebook)), 1):
        cell["outputs"], cell["execution_count"] = outputs, count
    return notebook


def main(paths):
    for path in paths or [NOTEBOOK]:
        write(fill(read(path)), path)
        print("ran %s" % os.path.relpath(path))


if __name__ == "__main__":
    main(sys.argv[1:])
