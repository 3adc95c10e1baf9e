"""The README's "Runs on" table is kept in step with the portable runner."""

import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "portable"))

import portable  # noqa: E402


def test_runs_on_table_has_every_runtime():
    text = open(os.path.join(ROOT, "README.md")).read()
    start = text.index(portable.README_BEGIN)
    end = text.index(portable.README_END)
    rows = re.findall(r"^\| (\S+) \| (\S+) \| (\d+) of (\d+) \|", text[start:end], re.M)
    assert [r[0] for r in rows] == portable.RUNTIMES
    for name, version, passed, run in rows:
        assert passed == run and int(run) > 0, name
