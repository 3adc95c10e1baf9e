"""walkthrough.md: its examples run, and its equation numbers match the code's."""

import doctest
import glob
import os
import re
import subprocess
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
WALKTHROUGH = os.path.join(ROOT, "walkthrough.md")

# The walkthrough had this many examples when this guard was last raised;
# an emptied or truncated file cannot pass.
MIN_EXAMPLES = 411


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


# "eq. (8)", "eqs. (38) and (22)", "eqs. (1), (3)", "eqs. (25)-(30)"
CITATION = re.compile(r"[Ee]qs?\.\s*(\(\d+\)(?:\s*(?:-|,|and|, and)\s*\(\d+\))*)")


def cited_numbers(citation):
    """The equation numbers one citation names, a range "(a)-(b)" in full."""
    numbers = []
    for sep, n in re.findall(r"(-?)\s*\((\d+)\)", citation):
        numbers += range(numbers[-1] + 1, int(n) + 1) if sep else [int(n)]
    return [str(n) for n in numbers]


def _cited():
    cited = set()
    for path in glob.glob(os.path.join(ROOT, "minilogit", "**", "*.py"), recursive=True):
        for citation in CITATION.findall(open(path, encoding="utf-8").read()):
            cited |= set(cited_numbers(citation))
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


def test_plain_python_m_doctest_passes():
    """The walkthrough needs nothing but the package: ``python -m doctest walkthrough.md``."""
    run = subprocess.run([sys.executable, "-m", "doctest", "walkthrough.md"], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    assert run.returncode == 0, run.stdout.decode()[-2000:]
    assert b"Failed example" not in run.stdout


def test_every_figure_it_shows_exists():
    text = open(WALKTHROUGH).read()
    figures = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", text)
    assert len(figures) >= 6
    for path in figures:
        assert os.path.exists(os.path.join(ROOT, path)), path


# A doctest that prints only True or False proves a claim without showing its
# numbers; the walkthrough keeps such outputs for the few claims whose truth
# value is the point.
MAX_BARE_BOOLEANS = 10


def _bare_booleans(text):
    """The examples whose expected output is nothing but True/False values."""
    bare = []
    for example in doctest.DocTestParser().get_examples(text):
        words = re.sub(r"[\s()\[\],]+", " ", example.want).split()
        if words and set(words) <= {"True", "False"}:
            bare.append(example.source.strip())
    return bare


def test_bare_boolean_outputs_are_counted():
    outputs = ">>> 1 < 2\nTrue\n>>> 1 < 2, 2 < 1\n(True, False)\n>>> [1 < 2]\n[True]\n" \
              ">>> 1, 1 < 2\n(1, True)\n>>> print(1)\n1\n"
    assert len(_bare_booleans(outputs)) == 3


def test_at_most_ten_bare_boolean_outputs():
    bare = _bare_booleans(open(WALKTHROUGH).read())
    assert len(bare) <= MAX_BARE_BOOLEANS, bare


def test_every_display_has_a_number():
    """The introduction says so: every $$ display carries a \\tag."""
    text = open(WALKTHROUGH, encoding="utf-8").read()
    displays = re.findall(r"\$\$(.*?)\$\$", text, re.S)
    assert len(displays) >= 50 and [d[:40] for d in displays if "\\tag{" not in d] == []
