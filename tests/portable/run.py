"""The portable test suite's runner: ``python3 tests/portable/run.py [WORD ...]``.

Runs from the repository root on CPython 3.8+, PyPy, MicroPython and Pyodide
(tools/portable/portable.py drives all of them), so it uses no pytest and
nothing MicroPython lacks. It imports each module of MODULES, runs every
function whose name starts with ``test_`` (in name order), prints one line
per test (``ok``, ``FAIL name: error`` or ``skip``) and, as its LAST line,

    PORTABLE-SUMMARY runtime=<name> version=<version> run=<N> passed=<M> failed=<K>

then exits with status 1 if anything failed. Skipped tests (a test raises
``helpers.Skip``, e.g. for a module the runtime does not have) count in
neither run nor passed. Giving WORDs runs only the tests whose
``module.function`` name contains one of them.

A new capability gets a new module: write tests/portable/test_<thing>.py
with plain ``assert`` statements and add its name to MODULES.
"""

import sys
import time

MODULES = [
    "test_matrix",
    "test_functions",
    "test_distributions",
    "test_objectives",
    "test_rng",
    "test_datasets",
    "test_solvers",
    "test_models",
    "test_errors",
    "test_protocol",
    "test_bad_input",
    "test_hostile",
    "test_least_squares",
    "test_multiclass",
    "test_metrics",
    "test_inference",
    "test_glm",
    "test_glm_pairs",
    "test_softmax_inference",
    "test_statistician",
    "test_experiments",
    "test_l1",
    "test_penalty",
    "test_kkt",
    "test_plot",
    "test_tables",
    "test_export",
    "test_stream",
    "test_agreement",
    "test_cli",
    "test_analyst",
    "test_walkthrough_examples",
    "test_firth",
    "test_heap",
    "test_margins",
]


def _paths():
    """Put this folder (the test modules) and the repo root (minilogit) on sys.path."""
    try:
        here = __file__.replace("\\", "/")
    except NameError:
        here = "tests/portable/run.py"
    here = here.rsplit("/", 1)[0] if "/" in here else "."
    if here.endswith("tests/portable"):
        root = here[:-len("tests/portable")].rstrip("/") or "."
    else:                                       # e.g. run as "python run.py" on 3.8
        root = here + "/../.."
    # after MicroPython's '.frozen': a minilogit frozen into the executable (as a
    # board's firmware holds it) is the one tested, not the files beside it
    first = sys.path.index(".frozen") + 1 if ".frozen" in sys.path else 0
    for p in (root, here):
        if p not in sys.path:
            sys.path.insert(first, p)


def runtime():
    """(name, version) for the summary line: no spaces in either."""
    impl = sys.implementation
    if sys.platform == "emscripten" and impl.name == "cpython":
        name, v = "pyodide", sys.version_info   # Pyodide reports itself as cpython
    else:
        name, v = impl.name, impl.version       # MicroPython's sys.version has spaces
    return name, "%d.%d.%d" % (v[0], v[1], v[2])


def _print_traceback(e):
    try:
        import traceback
    except ImportError:                         # MicroPython
        if hasattr(sys, "print_exception"):
            sys.print_exception(e, sys.stdout)
        return
    traceback.print_exc(file=sys.stdout)


def _describe(e):
    msg = str(e)
    return type(e).__name__ + (": " + msg if msg else "")


def main(words):
    _paths()
    import helpers
    passed, failed, skipped = 0, 0, 0
    failures = []
    t_start = time.time()
    for mod_name in MODULES:
        try:
            mod = __import__(mod_name)
        except Exception as e:
            failed += 1
            failures.append(mod_name)
            print("FAIL import %s: %s" % (mod_name, _describe(e)))
            _print_traceback(e)
            continue
        names = sorted(n for n in dir(mod) if n.startswith("test_"))
        for name in names:
            fn = getattr(mod, name)
            full = mod_name + "." + name
            if not callable(fn) or (words and not any(w in full for w in words)):
                continue
            t0 = time.time()
            try:
                fn()
            except helpers.Skip as e:
                skipped += 1
                print("skip %s: %s" % (full, e))
                continue
            except Exception as e:
                failed += 1
                failures.append(full)
                print("FAIL %s: %s" % (full, _describe(e)))
                _print_traceback(e)
                continue
            passed += 1
            print("ok   %s (%.3fs)" % (full, time.time() - t0))
    print("%d passed, %d failed, %d skipped in %.2fs" % (passed, failed, skipped,
                                                         time.time() - t_start))
    if failures:
        print("failed: " + ", ".join(failures))
    name, version = runtime()
    print("PORTABLE-SUMMARY runtime=%s version=%s run=%d passed=%d failed=%d"
          % (name, version, passed + failed, passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    status = main(sys.argv[1:])
    if status:
        raise SystemExit(status)
