"""Every text file of the repository is plain UTF-8 text: no control
characters (a form feed where ``\\f`` of ``\\frac`` was meant, a tab for the
``\\t`` of ``\\text``), no C1 controls, no invisible format characters.

A newline ends a line; a tab is allowed only in the Makefile, whose recipes
need it. The walk skips what is not the repository's own text: hidden
folders but ``.ci`` (``.git``, ``.venv``, caches), ``__pycache__``, build products and
``node_modules``.
"""

import os
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SKIP_DIRS = ("__pycache__", "node_modules", "build", "dist")
TAB_ALLOWED = ("Makefile",)


def text_files():
    for here, dirs, files in os.walk(ROOT):
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and (d == ".ci" or d[0] != ".")
                         and not d.endswith(".egg-info"))
        for name in sorted(files):
            if not name.endswith((".pyc", ".mpy", ".png")):
                yield os.path.join(here, name)


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8")          # a file that is not UTF-8 fails here


def bad_characters(text, allowed="\n"):
    """The (line, column, code point) of each control or format character in
    ``text`` that is not in ``allowed``."""
    found = []
    for number, line in enumerate(text.split("\n"), 1):
        for column, ch in enumerate(line, 1):
            if ch not in allowed and unicodedata.category(ch) in ("Cc", "Cf"):
                found.append((number, column, "U+%04X" % ord(ch)))
    return found


def test_the_walk_sees_the_repository():
    names = [os.path.relpath(p, ROOT).replace(os.sep, "/") for p in text_files()]
    assert len(names) > 100
    assert "walkthrough.md" in names and "minilogit/core/matrix.py" in names
    assert not any(n.startswith(".git/") or "/__pycache__/" in n for n in names)


def test_no_control_characters_in_any_text_file():
    found = dict((os.path.relpath(p, ROOT), bad_characters(
        read(p), "\n\t" if os.path.basename(p) in TAB_ALLOWED else "\n")) for p in text_files())
    assert dict((p, f) for p, f in found.items() if f) == {}


def test_the_check_finds_a_form_feed_and_a_tab():
    corrupted = "$$\\max_j \x0crac{|g_j|}{N} \\le \ttext{tol}$$\n"
    assert bad_characters(corrupted) == [(1, 10, "U+000C"), (1, 29, "U+0009")]
    assert bad_characters("a\tb\n", "\n\t") == []
