"""walkthrough.md: its examples run, and its equation numbers match the code's."""

import doctest
import glob
import os
import re

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
WALKTHROUGH = os.path.join(ROOT, "walkthrough.md")

# The walkthrough had this many examples when this guard was last raised;
# an emptied or truncated file cannot pass.
MIN_EXAMPLES = 273


def test_walkthrough_runs_enough_examples():
    result = doctest.testfile(WALKTHROUGH, module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted >= MIN_EXAMPLES, result.attempted


def _tags():
    text = open(WALKTHROUGH).read()
    tags = re.findall(r"\\tag\{(\d+)\}", text)
    derivation_only = set()
    for group in re.findall(r"<!-- derivation-only: ([\d, ]+) -->", text):
        derivation_only |= {n.strip() for n in group.split(",")}
    return tags, derivation_only


def _cited():
    cited = set()
    for path in glob.glob(os.path.join(ROOT, "minilogit", "**", "*.py"), recursive=True):
        src = open(path).read()
        cited |= set(re.findall(r"eq\.\s*\((\d+)\)", src))
        for a, b in re.findall(r"eqs\.\s*\((\d+)\)-\((\d+)\)", src):
            cited |= {str(n) for n in range(int(a), int(b) + 1)}
    return cited


def test_equations_are_numbered_once_and_in_order():
    tags, _ = _tags()
    assert tags == [str(n) for n in range(1, len(tags) + 1)]


def test_every_cited_equation_exists():
    tags, _ = _tags()
    assert _cited() - set(tags) == set()


def test_every_equation_is_cited_or_marked_derivation_only():
    tags, derivation_only = _tags()
    assert set(tags) - _cited() - derivation_only == set()
