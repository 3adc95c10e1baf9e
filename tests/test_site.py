"""The site's light mode (tools/site/): its small doctest runner gives the
verdicts ``doctest`` gives, on CPython, for every example of the core, and
the examples it marks as needing what MicroPython lacks stay few.
``make site-test`` runs the same examples in a browser on MicroPython."""

import doctest
import os
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
