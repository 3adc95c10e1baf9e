"""The site's light mode (tools/site/): its small doctest runner gives the
verdicts ``doctest`` gives, on CPython, for every example of the core, and
the examples it marks as needing what MicroPython lacks stay few.
``make site-test`` runs the same examples in a browser on MicroPython.
The page's pictures come with code that draws them, and the code beside an
equation wraps rather than hiding its citations."""

import doctest
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools", "site"))

import extract  # noqa: E402
import lightdoctest  # noqa: E402


def core_tests():
    return [(m["module"], t) for m in extract.core_examples() for t in m["tests"]]


def test_the_light_runner_passes_every_core_example_on_cpython():
    ran = 0
    for module, test in core_tests():
        results = lightdoctest.run_test(test["examples"], lightdoctest.module_globals(module))
        assert [r["ok"] for r in results] == [True] * len(results), (test["name"], results)
        ran += len(results)
    assert ran >= 200, ran


def test_the_light_runner_fails_what_doctest_fails():
    wrong = [{"source": "1 + 1\n", "want": "3\n", "exc_msg": None, "options": []},
             {"source": "1 / 0\n", "want": "Traceback (most recent call last):\n...\n"
              "ValueError: x\n", "exc_msg": "ValueError: x\n", "options": []},
             {"source": "int('a')\n", "want": "Traceback (most recent call last):\n...\n"
              "ValueError: nope\n", "exc_msg": "ValueError: nope\n", "options": []},
             {"source": "print('a  b')\n", "want": "a b\n", "exc_msg": None, "options": []}]
    assert [r["ok"] for r in lightdoctest.run_test(wrong, {})] == [False] * 4
    for ex in wrong:
        example = doctest.Example(ex["source"], ex["want"], ex["exc_msg"])
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        result = runner.run(doctest.DocTest([example], {}, "t", None, 0, None), out=lambda s: None)
        assert result.failed == 1


def test_the_parser_reads_the_blocks_the_builder_writes():
    for module, test in core_tests():
        text = "".join("".join((">>> " if i == 0 else "... ") + line + "\n"
                               for i, line in enumerate(e["source"].rstrip("\n").split("\n")))
                       + e["want"] for e in test["examples"])
        parsed = lightdoctest.parse(text)
        assert [(p["source"], p["want"]) for p in parsed] == \
            [(e["source"], e["want"]) for e in test["examples"]], test["name"]


def test_few_examples_are_marked_for_micropython():
    examples = [e for _, t in core_tests() for e in t["examples"]]
    marked = [e for e in examples if e["lacks"]]
    assert 0 < len(marked) <= 0.05 * len(examples), (len(marked), len(examples))


# -- the page's pictures and the code beside its equations (tools/site/build.mjs, site.css)


SITE = os.path.join(ROOT, "tools", "site")


def redraw_code():
    """{file: code} of build.mjs's FIGURES: the code shown under each picture."""
    text = open(os.path.join(SITE, "build.mjs"), encoding="utf-8").read()
    block = text[text.index("const FIGURES = {"):text.index("\n};", text.index("const FIGURES"))]
    return dict(re.findall(r'"([\w.]+\.svg)": `([^`]*)`', block))


def test_every_picture_of_the_walkthrough_has_code_that_draws_it():
    """The page shows each picture with the code that draws it, to edit and redraw:
    that code exists for every picture the walkthrough shows, and run as it stands
    it draws the committed file byte for byte (as tools/figures.py does)."""
    code = redraw_code()
    walkthrough = open(os.path.join(ROOT, "walkthrough.md"), encoding="utf-8").read()
    shown = re.findall(r"!\[[^\]]*\]\(docs/figures/([\w.]+\.svg)\)", walkthrough)
    assert len(shown) >= 11 and sorted(set(shown)) == sorted(code), (shown, sorted(code))
    for name, text in code.items():
        namespace = {"__name__": "__main__"}
        exec(text, namespace)
        with open(os.path.join(ROOT, "docs", "figures", name), encoding="utf-8") as f:
            assert namespace["svg"] == f.read(), name


def test_the_code_beside_an_equation_wraps_so_that_every_citation_shows():
    """A line longer than the panel beside an equation wraps (its continuation hung
    under its own indent by site.js) instead of running out of sight with its
    "# eq. (N)"; make site-test measures it in Chromium at 1280 and 800 px."""
    css = re.sub(r"/\*.*?\*/", "", open(os.path.join(SITE, "site.css"), encoding="utf-8").read(),
                 flags=re.S)
    rules = dict((sel.strip(), body) for sel, body in re.findall(r"([^{}]+)\{([^}]*)\}", css))
    pre = rules[".beside pre"]
    assert "white-space: pre-wrap" in pre and "overflow-wrap: anywhere" in pre, pre
    assert "text-indent" in rules[".beside pre span"]
    js = open(os.path.join(SITE, "site.js"), encoding="utf-8").read()
    assert '"--indent"' in js


def test_the_pictures_code_comes_after_the_code_an_equation_is_read_beside():
    """extract.py opens each equation's panel at the core, and lists minilogit/plot.py
    (which draws an equation that other code computes) last."""
    eq = extract.equations()
    assert [e["file"] for e in eq["20"]["code"]][:1] == ["minilogit/core/solvers.py"]
    for n, info in eq.items():
        files = [e["file"] for e in info["code"]]
        if "minilogit/plot.py" in files:
            first = files.index("minilogit/plot.py")
            assert set(files[first:]) == {"minilogit/plot.py"}, (n, files)
    assert eq["39"]["code"][0]["file"] == "minilogit/glm/families.py"
