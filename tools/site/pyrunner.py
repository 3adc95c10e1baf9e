"""The site's runner on Pyodide: doctest itself, one example at a time.

``run_block(key, text)`` runs the examples of ``text`` (a walkthrough block,
as written, or as the reader edited it) in the namespace ``key`` (the whole
walkthrough shares one, as ``python -m doctest walkthrough.md`` does);
``run_core(module, examples)`` runs a docstring's examples, taken out at build
time, in a copy of its module's globals. Each returns JSON: per example, what
it printed and whether that is what the text expects.
"""

import doctest
import json
import sys

FLAGS = doctest.ELLIPSIS
NAMESPACES = {}


class _Runner(doctest.DocTestRunner):
    def __init__(self):
        super().__init__(optionflags=FLAGS, verbose=False)
        self.record = None

    def report_start(self, out, test, example):
        pass

    def report_success(self, out, test, example, got):
        self.record = {"got": got, "ok": True}

    def report_failure(self, out, test, example, got):
        self.record = {"got": got, "ok": False}

    def report_unexpected_exception(self, out, test, example, exc_info):
        got = "".join(doctest.traceback.format_exception_only(*exc_info[:2]))
        self.record = {"got": "Traceback (most recent call last):\n...\n" + got, "ok": False}


def _run(examples, test):
    """Run examples one at a time in test's namespace (DocTest copies the one it is given)."""
    results = []
    for ex in examples:
        runner = _Runner()
        test.examples = [ex]
        runner.run(test, clear_globs=False, out=lambda s: None)
        record = runner.record
        if record is not None and "Traceback (most recent call last)" in record["got"]:
            # what was printed, then the exception's last line, as the text writes it
            head = record["got"].split("Traceback (most recent call last)")[0]
            last = [line for line in record["got"].split("\n") if line.strip()][-1]
            record["got"] = head + "Traceback (most recent call last):\n...\n" + last + "\n"
        elif record is not None and ex.exc_msg is not None and record["ok"]:
            record["got"] += ex.want
        results.append(runner.record or {"got": "", "ok": None})
    return results


def run_block(key, text):
    if key not in NAMESPACES:
        NAMESPACES[key] = doctest.DocTest([], {"__name__": "__main__"}, key, key, 0, None)
    examples = doctest.DocTestParser().get_examples(text, key)
    return json.dumps(_run(examples, NAMESPACES[key]))


def run_core(module, examples=None, text=None):
    """A docstring's examples (JSON, as taken out at build time), or the
    reader's edit of them (text), in a copy of the module's globals."""
    __import__(module)
    globs = dict(sys.modules[module].__dict__)
    if text is not None:
        exs = doctest.DocTestParser().get_examples(text, module)
    else:
        exs = [doctest.Example(e["source"], e["want"], e["exc_msg"],
                               options={doctest.OPTIONFLAGS_BY_NAME[o[:-1]]: o[-1] == "+"
                                        for o in e["options"]})
               for e in json.loads(examples)]
    return json.dumps(_run(exs, doctest.DocTest([], globs, module, module, 0, None)))


def draw(code):
    globs = {"__name__": "__main__"}
    exec(code, globs)
    return globs["svg"]
