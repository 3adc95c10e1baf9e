"""The live heap minilogit leaves on MicroPython, kept under budgets.

On MicroPython's unix builds only (elsewhere the test is skipped; the
webassembly build read 175 KB live after the import and 7 MB after the
softmax fit, figures that say nothing of a board's): a fresh copy of the
package is imported with the suite's own copy set aside in sys.modules, and
``gc.collect(); gc.mem_alloc()`` is read, against what it read before, after
``import minilogit``, after ``from minilogit import LogisticRegression``,
after a Newton fit of 100 x 4 rows and after a Newton fit of
``SoftmaxRegression`` to 150 x 4 rows in 3 classes (tools/board.py's jobs,
on board_data.py's rows; the rows and the models stay alive). Each figure
must stay under its budget: the figure measured on that build plus a small
margin, for each build and for the board build with the package frozen in
(``make portable``'s micropython-board-f32-frozen). The budgets keep each
figure from creeping back; `make board`
measures the heap each job needs, peaks and fragmentation included.
"""

import sys

from board_data import data
from helpers import Skip, SINGLE

# Bytes after [import minilogit, + LogisticRegression, + the 100 x 4 Newton fit,
# + the 150 x 4 softmax fit], each counted from the heap before the import:
# the figure measured + 2%, rounded up to the KB. Measured, on MicroPython 1.27.0, by
#   ../shared/tools/micropython/micropython-board-f32 -X heapsize=32m \
#       tests/portable/run.py test_heap          (and the same with micropython-f64,
#                                                 and build/frozen/manifest/'s frozen build)
# which prints the figures (the same when the whole suite runs first):
#   board-f32          5648, 51184,  74288, 118144
#   f64                9184, 74272, 120864, 202048
#   board-f32 frozen   2672, 12544,  35648,  69472
# (the fit's inference_ as 25 properties of Model: +0.8 KB frozen from the import on;
# Model's exact test of separation, Firth's penalty by name, plr_test() and
# profile_conf_int(): +0.5 KB frozen, +0.9 KB from .py, from the import on; a fit published
# whole, text levels checked, out of memory said: +0.1 KB frozen, +0.2 to 1 KB from .py;
# issue 35's robust(), wald_test(), lr_test(), predict_conf_int(), start= coefficients,
# softmax's weights: +0.2 to 0.3 KB frozen, +0.8 to 1.8 KB from .py)
BUDGETS = {
    "board-f32": [6 * 1024, 51 * 1024, 74 * 1024, 118 * 1024],
    "f64": [10 * 1024, 74 * 1024, 121 * 1024, 202 * 1024],
    "board-f32 frozen": [3 * 1024, 13 * 1024, 36 * 1024, 69 * 1024],
}
STAGES = ["import minilogit", "from minilogit import LogisticRegression",
          "100 x 4 Newton fit", "150 x 4 softmax fit"]


def _build():
    """The build's name in BUDGETS: a frozen package's __path__ is in '.frozen'."""
    import minilogit
    frozen = str(getattr(minilogit, "__path__", "")).startswith(".frozen")
    return ("board-f32" if SINGLE else "f64") + (" frozen" if frozen else "")


def _live(gc, base):
    gc.collect()
    return gc.mem_alloc() - base


def _set_aside():
    """Take minilogit's modules out of sys.modules; return them."""
    return {name: sys.modules.pop(name) for name in list(sys.modules)
            if name == "minilogit" or name.startswith("minilogit.")}


def _measure():
    import gc
    suites = _set_aside()
    try:
        figures = []
        gc.collect()
        base = gc.mem_alloc()
        __import__("minilogit")
        figures.append(_live(gc, base))
        from minilogit import LogisticRegression
        figures.append(_live(gc, base))
        X, y = data(100, 4)
        model = LogisticRegression(solver="newton").fit(X, y)
        assert model.converged_
        figures.append(_live(gc, base))
        from minilogit import SoftmaxRegression
        X3, y3 = data(150, 4)
        y3 = [v if v == 1 else (2 if x[1] > 0.3 else 0) for x, v in zip(X3, y3)]
        softmax = SoftmaxRegression(solver="newton").fit(X3, y3)
        assert softmax.converged_
        figures.append(_live(gc, base))
        return figures
    finally:
        _set_aside()
        sys.modules.update(suites)


def test_the_live_heap_stays_under_its_budgets():
    if sys.implementation.name != "micropython":
        raise Skip("gc.mem_alloc is MicroPython's")
    if sys.platform == "webassembly":
        raise Skip("the webassembly build's live heap is not a board's")
    figures = _measure()
    budgets = BUDGETS.get(_build())
    if budgets is None:
        raise Skip("no budgets for %s" % _build())
    print("heap on %s: %s" % (_build(), ", ".join(
        "%s %d" % (s, f) for s, f in zip(STAGES, figures))))
    over = ["%s: %d bytes, budget %d" % (s, f, b)
            for s, f, b in zip(STAGES, figures, budgets) if f > b]
    assert not over, "over budget on %s: %s" % (_build(), "; ".join(over))
