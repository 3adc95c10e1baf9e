"""The walkthrough's examples, on every runtime that has ``doctest``.

``python3 -m doctest walkthrough.md`` on CPython 3.8-3.13, PyPy and Pyodide
alike (MicroPython has no ``doctest`` and keeps no docstrings: skipped there).
"""

from helpers import Skip


def test_the_walkthrough_examples_pass():
    try:
        import doctest
        import os
    except ImportError:
        raise Skip("no doctest module on this runtime")
    import minilogit
    root = os.path.dirname(os.path.dirname(os.path.abspath(minilogit.__file__)))
    failed, attempted = doctest.testfile(os.path.join(root, "walkthrough.md"),
                                         module_relative=False)
    assert attempted > 400 and failed == 0, (failed, attempted)
