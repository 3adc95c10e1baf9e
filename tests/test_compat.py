"""The stand-ins for what MicroPython lacks, exercised on CPython too."""

import math
import subprocess
import sys
import os

import pytest

import minilogit.core.compat as _compat
from minilogit.core.rng import Random

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


def _fallback(name, code):
    """Compile the stand-in branch of _compat on its own (the except-branch body)."""
    namespace = {"math": math}
    exec(code, namespace)
    return namespace[name]


def test_log1p_fallback_is_accurate():
    src = open(os.path.join(ROOT, "minilogit", "core", "compat.py")).read()
    start = src.index("    def log1p(x):")
    end = src.index("\ntry:", start)
    body = "\n".join(line[4:] for line in src[start:end].splitlines())
    log1p = _fallback("log1p", body)
    for x in (0.0, 1e-300, 1e-20, 1e-10, 1e-5, 0.5, 1.0, 1e5, -0.5, -1e-12):
        assert log1p(x) == pytest.approx(math.log1p(x), rel=4e-16, abs=0), x


def test_warn_without_the_warnings_module(monkeypatch, capsys):
    monkeypatch.setattr(_compat, "_warnings", None)
    del _compat.fallback_log[:]
    _compat.warn("the data are separated", UserWarning)
    assert [str(w) for w in _compat.fallback_log] == ["the data are separated"]
    assert "UserWarning: the data are separated" in capsys.readouterr().err
    del _compat.fallback_log[:]


def test_randbelow_is_uniform_enough():
    rng = Random(7)
    counts = [0] * 5
    for _ in range(5000):
        counts[rng.randbelow(5)] += 1
    assert all(900 < c < 1100 for c in counts)   # 1000 each; 6 sigma ~ 170


def test_imports_without_site_packages():
    """`python3 -S -c "import minilogit"` from the checkout root."""
    out = subprocess.run([sys.executable, "-S", "-c", "import minilogit; print(minilogit.__version__)"],
                         cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == __import__("minilogit").__version__


def test_demo_runs_from_the_command_line():
    out = subprocess.run([sys.executable, "-m", "minilogit", "demo"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "394.400745739" in out.stdout
    assert "SeparationWarning" in out.stdout and "complete separation" in out.stdout
    assert "newton" in out.stdout and "sgd" in out.stdout


def test_unknown_command_is_one_line_and_exit_2():
    out = subprocess.run([sys.executable, "-m", "minilogit", "frobnicate"], cwd=ROOT,
                         capture_output=True, text=True)
    assert out.returncode == 2
    assert out.stderr.startswith("minilogit: unknown command frobnicate")
    assert "Traceback" not in out.stderr
