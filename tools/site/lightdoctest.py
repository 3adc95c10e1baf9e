"""A doctest runner small enough for MicroPython: the site's light mode.

MicroPython has no ``doctest`` module and keeps no docstrings, so the site's
builder takes the examples out of the core's docstrings with CPython's
``doctest`` (``extract.py``) and this module runs them: each example's
source, evaluated as an expression when it is one (its ``repr`` is the
output) and executed otherwise, with ``print`` captured; an exception is
compared by its class name and message, as ``doctest`` compares it. The
option flags it knows are ELLIPSIS (always on, as under pytest),
NORMALIZE_WHITESPACE, IGNORE_EXCEPTION_DETAIL and SKIP; it also runs on
CPython, where ``tests/test_site.py`` checks it against ``doctest``.

>>> run_test([{"source": "1 + 1\\n", "want": "2\\n", "exc_msg": None, "options": []}], {})
[{'got': '2\\n', 'ok': True}]
"""

import sys

BLANKLINE = "<BLANKLINE>"


def ellipsis_match(want, got):
    """True if got matches want, where '...' in want matches any text.

    >>> ellipsis_match("a...c", "abbbc"), ellipsis_match("a...c", "abd")
    (True, False)
    """
    pieces = want.split("...")
    if len(pieces) == 1:
        return want == got
    if not (got.startswith(pieces[0]) and got.endswith(pieces[-1])):
        return False
    at, end = len(pieces[0]), len(got) - len(pieces[-1])
    if at > end:
        return False
    for piece in pieces[1:-1]:
        found = got.find(piece, at, end)
        if found < 0:
            return False
        at = found + len(piece)
    return True


def output_matches(want, got, options):
    """doctest's OutputChecker.check_output, for the flags this runner knows."""
    want = "\n".join("" if line.strip() == BLANKLINE else line for line in want.split("\n"))
    if want == got:
        return True
    if "NORMALIZE_WHITESPACE+" in options:
        want, got = " ".join(want.split()), " ".join(got.split())
        if want == got:
            return True
    return "ELLIPSIS-" not in options and ellipsis_match(want, got)


def _capture(out):
    def print_(*args, **kwargs):
        stream = kwargs.get("file")
        text = kwargs.get("sep", " ").join([str(a) for a in args]) + kwargs.get("end", "\n")
        if stream is None or stream is sys.stdout:
            out.append(text)
        else:
            stream.write(text)
    return print_


def run_example(source, globs):
    """(what the example printed, "Name: message" of its exception or None)."""
    out = []
    globs["print"] = _capture(out)
    try:
        # "x = f(); x" on one line shows x, as at a prompt
        head, _, last = source.rstrip("\n").rpartition("; ") if "\n" not in source.rstrip("\n") \
            else ("", "", source)
        try:
            code = compile(last, "<example>", "eval")
        except SyntaxError:
            head, code = "", None
        if head:
            exec(head, globs)
        if code is None:
            exec(source, globs)
        else:
            value = eval(code, globs)
            if value is not None:
                out.append(repr(value) + "\n")
    except Exception as e:  # the example's own exception is its output
        return "".join(out), (type(e).__name__, str(e))
    finally:
        del globs["print"]
    return "".join(out), None


def run_test(examples, globs):
    """Run one docstring's examples in order in globs; a dict per example."""
    results = []
    for ex in examples:
        options = ex["options"]
        if "SKIP+" in options:
            results.append({"got": "", "ok": None})
            continue
        got, error = run_example(ex["source"], globs)
        if ex["exc_msg"] is None:
            ok = error is None and output_matches(ex["want"], got, options)
            if error is not None:
                got += "Traceback (most recent call last):\n...\n%s: %s\n" % error
        else:
            # "minilogit.DataError: msg" (CPython names the module) against
            # "DataError: msg" (MicroPython does not)
            head, _, rest = ex["exc_msg"].partition(":")
            want_name = head.split(".")[-1]
            ok = error is not None and error[0] == want_name and (
                "IGNORE_EXCEPTION_DETAIL+" in options
                or output_matches(want_name + ":" + rest, "%s: %s\n" % error, options))
            got += ("%s: %s\n" % error) if error else ""
        results.append({"got": got, "ok": ok})
    return results


def module_globals(name):
    """A copy of the globals of the module named name, imported first."""
    __import__(name)
    return dict(sys.modules[name].__dict__)


def parse(text):
    """The examples of a block of text, as the builder takes them out.

    >>> [(e["source"], e["want"]) for e in parse(">>> 1 + 1\\n2\\n>>> for i in (1, 2):\\n...     i\\n")]
    [('1 + 1\\n', '2\\n'), ('for i in (1, 2):\\n    i\\n', '')]
    """
    examples, ex = [], None
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith(">>>"):
            ex = {"source": stripped[4:] + "\n", "want": "", "exc_msg": None, "options": [],
                  "indent": len(line) - len(line.lstrip())}
            examples.append(ex)
        elif ex is not None and stripped.startswith("...") and not ex["want"]:
            ex["source"] += stripped[4:] + "\n"
        elif ex is not None and stripped:
            ex["want"] += line[ex["indent"]:] + "\n"
        else:
            ex = None
    for ex in examples:
        if ex["want"].startswith("Traceback (most recent call last)"):
            ex["exc_msg"] = [x for x in ex["want"].split("\n") if x.strip()][-1] + "\n"
        if "doctest: +IGNORE_EXCEPTION_DETAIL" in ex["source"]:
            ex["options"] = ["IGNORE_EXCEPTION_DETAIL+"]
        del ex["indent"]
    return examples
