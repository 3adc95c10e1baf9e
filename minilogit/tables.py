"""Text that prints as it always has and shows as an HTML table in a notebook.

``summary()``, ``explain()``, ``trace_`` and the demo's solver comparison
return the objects of this module. Each is still what it was (a ``str``,
or for ``trace_`` a list of dicts), so ``print``, ``in``, ``+`` and
writing to a file work as before; a notebook (Jupyter, Pyodide's) calls
their ``_repr_html_`` and shows a table. No notebook package is imported:
the display methods are plain methods.

=========================  ====================================================
name                       what it is
=========================  ====================================================
Table                      text, with the head and rows of its HTML table
table                      make a Table from its text and its cells
Text                       sentences (``explain()``), shown as a paragraph
Trace                      ``trace_``: a list of dicts that prints as a table
trace_records              a solver's ``FitResult`` as those dicts
trace_table                the iterations as a Table (the CLI's ``trace``)
solver_table               fitted models side by side (the demo's comparison)
escape                     text made safe for HTML and XML
printable                  text with its control characters written out
wrap_text                  text split into lines at spaces
=========================  ====================================================

>>> t = table("a  b\\n1  2", ["a", "b"], [["1", "2"]])
>>> print(t)
a  b
1  2
>>> "1  2" in t, t.rows
(True, [['1', '2']])
>>> print(t._repr_html_())
<table>
<thead><tr><th>a</th><th>b</th></tr></thead>
<tbody>
<tr><td>1</td><td>2</td></tr>
</tbody>
</table>
"""


def printable(text):
    """Text with its control characters (a terminal's escape sequences, NUL, line
    breaks, ...) written as a Python string literal writes them (\\x1b, \\n):
    text from data cannot move a terminal's cursor, split a table's row or make
    XML invalid.

    >>> print(printable("red\\x1b[31m\\nblue"))
    red\\x1b[31m\\nblue

    So are the characters XML 1.0 forbids beyond them: a lone surrogate
    (U+D800 to U+DFFF), U+FFFE and U+FFFF.

    >>> print(printable("a\\ufffeb"))
    a\\ufffeb
    """
    out = []
    for c in str(text):
        o = ord(c)
        if 32 <= o < 127 or (o > 159 and not 0xD800 <= o <= 0xDFFF and o not in (0xFFFE, 0xFFFF)):
            out.append(c)
        elif o > 159:
            out.append("\\u%04x" % o)
        else:
            out.append(repr(c)[1:-1])           # \x1b, \n, \t
    return "".join(out)


def escape(text):
    """Text made safe for HTML and XML: control characters but line breaks written
    out (``printable``), & < > and double quotes escaped.

    >>> escape('P>|z| & "odds"')
    'P&gt;|z| &amp; &quot;odds&quot;'
    >>> print(escape("a\\x00<b"))
    a\\x00&lt;b
    """
    text = "\n".join(printable(line) for line in str(text).split("\n"))
    return (text.replace("&", "&amp;").replace("<", "&lt;")
            .replace(">", "&gt;").replace('"', "&quot;"))


def wrap_text(text, width):
    """Split text into lines of at most ``width`` characters at spaces.

    >>> wrap_text("the fit is penalised, so no standard errors", 20)
    ['the fit is', 'penalised, so no', 'standard errors']
    """
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = word if not line else line + " " + word
    return lines + [line]


def _html_rows(tag, rows):
    return ["<tr>" + "".join("<%s>%s</%s>" % (tag, escape(c), tag) for c in row) + "</tr>"
            for row in rows]


class Table(str):
    """Text that prints as an aligned table and shows as an HTML table in a notebook.

    Made by ``table()``: ``head`` holds the column names, ``rows`` the rows
    of cells (text), ``title`` a caption, ``facts`` rows of cells shown
    above the table (e.g. "Observations:", "6") and ``note`` a paragraph below
    it. ``repr`` is the text too, so that a console shows the table.

    >>> t = table("x = 1", ["x"], [["1"]], title="One")
    >>> t
    x = 1
    >>> "<caption>One</caption>" in t._repr_html_()
    True
    """

    def __repr__(self):
        return str.__str__(self)

    def _repr_html_(self):
        # the title heads the first table: the facts' when there are some, as the text has it
        caption = ["<caption>%s</caption>" % escape(self.title)] if self.title else []
        out = []
        if self.facts:
            out += ["<table>"] + caption + _html_rows("td", self.facts) + ["</table>"]
            caption = []
        out += ["<table>"] + caption
        out.append("<thead>%s</thead>" % _html_rows("th", [self.head])[0])
        out += ["<tbody>"] + _html_rows("td", self.rows) + ["</tbody>", "</table>"]
        if self.note:
            out.append("<p>%s</p>" % escape(self.note))
        if self.facts or self.note:
            out = ["<div>"] + out + ["</div>"]
        return "\n".join(out)


class Text(str):
    """Sentences (``explain()``) that a notebook shows as a paragraph; ``repr`` is the text.

    >>> t = Text("Converged after 5 Newton steps: x < y.")
    >>> t
    Converged after 5 Newton steps: x < y.
    >>> t._repr_html_()
    '<p><b>Converged after 5 Newton steps:</b> x &lt; y.</p>'
    """

    def __repr__(self):
        return str.__str__(self)

    def _repr_html_(self):
        head, colon, rest = str(self).partition(": ")
        if not colon or "\n" in head:
            return "<p>%s</p>" % escape(self).replace("\n", "<br/>\n")
        return "<p><b>%s:</b> %s</p>" % (escape(head), escape(rest).replace("\n", "<br/>\n"))


# MicroPython's str subclasses are not whole strings ("x" + s and s in "xs" raise
# TypeError): there, where no notebook shows them, Table and Text are plain str.
try:
    WHOLE = ("" + Text("s")) in Text("xs")
except TypeError:
    WHOLE = False
if not WHOLE:
    Text = str                                           # noqa: F811


def table(text, head, rows, title=None, facts=(), note=None):
    """Return ``text`` as a Table whose HTML has the column names ``head`` and ``rows``.

    >>> t = table("n  p\\n3  0.5", ["n", "p"], [[3, 0.5]], facts=[["N:", 3]], note="a & b")
    >>> t.splitlines()[1], t.rows
    ('3  0.5', [['3', '0.5']])
    >>> print(t._repr_html_())
    <div>
    <table>
    <tr><td>N:</td><td>3</td></tr>
    </table>
    <table>
    <thead><tr><th>n</th><th>p</th></tr></thead>
    <tbody>
    <tr><td>3</td><td>0.5</td></tr>
    </tbody>
    </table>
    <p>a &amp; b</p>
    </div>
    """
    if not WHOLE:
        return text
    t = Table(text)                       # (MicroPython: a str subclass has no __new__)
    t.head = [str(h) for h in head]
    t.rows = [[str(c) for c in row] for row in rows]
    t.title, t.facts, t.note = title, [[str(c) for c in row] for row in facts], note
    return t


class Trace(list):
    """A fit's ``trace_``: one dict per iteration (``trace_records``), that
    prints as the table of ``python3 -m minilogit trace`` and shows as an HTML
    table in a notebook.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression().fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> m.trace_[1]["equation"], str(m.trace_) == trace_table(m.trace_)
    ('(20)', True)
    """

    def __str__(self):
        return str(trace_table(self))

    __repr__ = __str__

    def _repr_html_(self):
        return trace_table(self)._repr_html_()


def trace_records(result):
    """One record per iterate that the solver's ``FitResult`` kept: the start
    (iteration 0), then after each iteration (the first and last TRACE_KEEP
    only, of a longer run: ``minilogit.core.solvers.record``).

    Each is a dict with ``iteration``, ``beta``, ``loss``, ``grad_norm``
    (the largest gradient component, or KKT violation, at that beta),
    ``criterion`` (the stopping rule's quantity there), ``step`` (the
    largest change of a coefficient in the iteration that led there;
    None at the start), ``equation`` (the walkthrough's
    equations the iteration applied) and what the solver adds: ``eta``
    (gd, sgd, proximal), ``w_min`` and ``w_max`` (the IRLS weights).

    >>> from minilogit.core.solvers import FitResult
    >>> r = FitResult("newton", [1.0], [2.0, 1.5], [0.5, 0.0], 1, True, None,
    ...               iterates=[[0.0], [1.0]], equation="(20)", criteria=[0.25, 0.0])
    >>> trace_records(r)[1]
    {'iteration': 1, 'beta': [1.0], 'loss': 1.5, 'grad_norm': 0.0, 'criterion': 0.0, 'step': 1.0, 'equation': '(20)'}
    """
    from .core.solvers import TRACE_KEEP
    r, records, m = result, [], len(result.iterates)
    for k in range(m):
        beta = r.iterates[k]
        it = k if k < TRACE_KEEP else r.n_iter - (m - 1 - k)      # after a gap: see record
        step = None if k == 0 or (k == TRACE_KEEP and it > k) else max(
            abs(b1 - b0) for b1, b0 in zip(beta, r.iterates[k - 1]))
        record = {"iteration": it, "beta": beta, "loss": r.history[it],
                  "grad_norm": r.grad_norms[it] if it < len(r.grad_norms) else None,
                  "criterion": r.criteria[it] if it < len(r.criteria) else None,
                  "step": step, "equation": "start" if k == 0 else r.equation}
        if 0 < k <= len(r.details):
            record.update(r.details[k - 1])
        records.append(record)
    return records


def trace_table(records):
    """The iterations as aligned text, one row per record of a ``trace_``; where
    the trace kept no records (a long run keeps its first and last ones), a
    line says how many iterations it left out.

    >>> from minilogit import LogisticRegression
    >>> m = LogisticRegression(solver="irls").fit([[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1])
    >>> print(trace_table(m.trace_))        # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    iteration   loss L   scaled gradient   max |step|  equations   weights w_min .. w_max
            0     2.77258872224         0.133631               -  start
            1     2.35259543948        0.0127935             1.2  (...  0.25 .. 0.25
            2     2.34749401608      0.000476833        0.155983  (...  0.1779 .. 0.2403
            3     2.34748653514      7.76201e-07       0.0062827  (...  0.1629 .. 0.2377
            4     2.34748653512      2.07015e-12     1.02606e-05  (...  0.1623 .. 0.2375
            5     2.34748653512      ...     2.73648e-11  (...  0.1623 .. 0.2375
    """
    width = max(9, max(len(r["equation"]) for r in records))
    extra = ""
    if "w_min" in records[-1]:
        extra = "weights w_min .. w_max"
    elif "eta" in records[-1]:
        extra = "learning rate eta"
    equation = "  %-" + str(width) + "s  %s"        # no str.ljust on MicroPython
    fmt = "%9s %17s %16s %15s" + equation
    head = ["iteration", "loss L", "scaled gradient", "max |step|", "equations", extra]
    rows, gaps, last = [], [], None
    for r in records:
        if last is not None and r["iteration"] > last + 1:      # records dropped between
            gaps.append(len(rows))
            left_out = thousands(r["iteration"] - last - 1)
            rows.append(["", "... %s iterations not kept ..." % left_out, "", "", "", ""])
        last = r["iteration"]
        if "w_min" in r:
            more = "%.4g .. %.4g" % (r["w_min"], r["w_max"])
        elif "eta" in r:
            more = "%.4g" % r["eta"]
        else:
            more = ""
        rows.append(["%d" % r["iteration"], "%.12g" % r["loss"], _g(r.get("criterion")),
                     _g(r["step"]), r["equation"], more])
    lines = [(fmt % tuple(row)).rstrip() for row in [head] + rows]
    for k in gaps:                                  # one line across the columns
        lines[k + 1] = " " * 10 + rows[k][1]
    return table("\n".join(lines), head if extra else head[:-1],
                 [r if extra else r[:-1] for r in rows])


def thousands(n):
    """n with a comma between each group of three digits (MicroPython's format has no ",").

    >>> thousands(9901), thousands(12), thousands(1234567)
    ('9,901', '12', '1,234,567')
    """
    text = "%d" % n
    head = len(text) % 3 or 3
    return ",".join([text[:head]] + [text[k:k + 3] for k in range(head, len(text), 3)])


def _g(x):
    """A number in 6 significant digits, or "-" when there is none."""
    return "-" if x is None else "%.6g" % x


def solver_table(models, feature_names, seconds=None):
    """Fitted binary models side by side, a column each headed by its solver: the
    coefficients (the intercept, then one row per name of ``feature_names``), the
    final loss, the iterations, whether it converged and, when given, ``seconds``.

    >>> from minilogit import LogisticRegression
    >>> X, y = [[0.0], [1.0], [2.0], [3.0]], [0, 1, 0, 1]
    >>> t = solver_table([LogisticRegression(solver=s).fit(X, y) for s in ("newton", "irls")],
    ...                  ["dose"])
    >>> print(t)
    coefficient              newton         irls
    intercept             -1.362276    -1.362276
    dose                   0.908184     0.908184
    final loss             2.347487     2.347487
    iterations                    5            5
    converged                  True         True
    >>> t.rows[1]
    ['dose', '0.908184', '0.908184']
    """
    head = ["coefficient"] + [m.solver for m in models]
    names = ["intercept"] + list(feature_names)
    rows = [[names[j]] + ["%.6f" % ([m.intercept_] + list(m.coef_))[j] for m in models]
            for j in range(len(names))]
    rows.append(["final loss"] + ["%.6f" % m.history_[-1] for m in models])
    rows.append(["iterations"] + ["%d" % m.n_iter_ for m in models])
    rows.append(["converged"] + [str(m.converged_) for m in models])
    if seconds is not None:
        rows.append(["seconds"] + ["%.3f" % t for t in seconds])
    text = "\n".join("%-18s" % row[0] + "".join("%13s" % c for c in row[1:])
                     for row in [head] + rows)
    return table(text, head, rows)
