# pytest must not collect this folder: it is the portable suite, run by
# `python3 tests/portable/run.py` (and tools/portable/portable.py on every
# runtime). Its modules import each other by plain name (helpers,
# test_matrix, ...), which would clash with same-named modules in tests/.
collect_ignore_glob = ["*.py"]
