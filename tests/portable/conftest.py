"""pytest runs the portable suite too (``python3 tests/portable/run.py`` runs
it on every runtime without pytest).

Its modules import ``helpers`` by plain name, as run.py puts this folder on
sys.path; pytest imports them by path (``--import-mode=importlib`` in
pyproject.toml), so same-named modules in tests/ do not clash. A test that
raises ``helpers.Skip`` is reported as skipped, and each test runs in the
repository root, as under run.py (test_cli writes a file there).
"""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
if HERE not in sys.path:
    sys.path.insert(0, HERE)

import helpers  # noqa: E402  (needs HERE on sys.path)


@pytest.fixture(autouse=True)
def _in_the_repository_root(monkeypatch):
    monkeypatch.chdir(ROOT)


@pytest.hookimpl(wrapper=True)
def pytest_pyfunc_call(pyfuncitem):
    try:
        return (yield)
    except helpers.Skip as e:
        pytest.skip(str(e))
