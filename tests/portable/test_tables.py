"""summary(), explain(), trace_ and the solver table (minilogit.tables) on every runtime.

Each prints as the text it always was; where a str subclass is a whole str
(not MicroPython, where they are plain str and there is no notebook), each
also has a ``_repr_html_`` table whose cells are the numbers of the text.
tests/test_tables.py parses the HTML with xml.etree.ElementTree.
"""

from helpers import X2, Y2
from minilogit import GLM, LogisticRegression
from minilogit.tables import WHOLE, solver_table, trace_table

LABELS = {0: "no", 1: "yes"}
SMALL_X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]]
SMALL_Y = [0, 0, 1, 0, 1, 1]


def _cells(html, tag):
    """The texts of every <tag>...</tag> in html, in order."""
    return [part.split("</" + tag + ">")[0] for part in html.split("<" + tag + ">")[1:]]


def test_summary_prints_as_text_and_shows_its_numbers_as_a_table():
    m = LogisticRegression().fit(SMALL_X, SMALL_Y)
    s = m.summary(feature_names=["dose <mg>"])
    lines = str(s).split("\n")
    assert lines[0].strip() == "Logistic regression (1 vs 0)", lines[0]
    assert "Observations:" in s and "dose <mg>" in s and s.startswith(" ")
    if not WHOLE:
        return
    html = s._repr_html_()
    assert _cells(html, "th") == ["", "coef", "std err", "z", "P&gt;|z|", "[0.025", "0.975]",
                                  "odds ratio"], html
    rows = [r for r in lines if r.startswith("intercept") or r.startswith("dose")]
    cells = _cells(html, "td")
    for row in rows:                     # the same numbers, in the same order
        numbers = row.split()[-7:]
        k = cells.index(numbers[0])
        assert cells[k:k + 7] == numbers, (cells, numbers)
    assert "dose &lt;mg&gt;" in cells and "Observations:" in cells
    assert "<caption>Logistic regression (1 vs 0)</caption>" in html
    assert repr(s) == str(s)             # a console shows the table, not a quoted string


def test_a_summary_without_standard_errors_says_why_in_its_html():
    m = LogisticRegression(penalty="l2").fit(SMALL_X, SMALL_Y)
    s = m.summary()
    assert "the fit is penalised" in " ".join(s.split()) and "std err" not in s
    if WHOLE:
        html = s._repr_html_()
        assert _cells(html, "th") == ["", "coef"], html
        assert "<p>No standard errors" in html and "std err" not in html


def test_glm_summary_has_no_odds_ratio_column():
    m = GLM(family="poisson").fit(SMALL_X, [1, 0, 2, 3, 2, 6])
    s = m.summary(feature_names=["dose"])
    assert "poisson family, log link" in s and "odds ratio" not in s
    if WHOLE:
        assert _cells(s._repr_html_(), "th")[-1] == "0.975]"


def test_explain_is_the_text_and_a_paragraph():
    m = LogisticRegression().fit(SMALL_X, SMALL_Y)
    e = m.explain()
    assert e.startswith("Converged after 5 Newton steps: ") and "quadratic" in e
    if WHOLE:
        html = e._repr_html_()
        assert html.startswith("<p><b>Converged after 5 Newton steps:</b> "), html
        assert "&lt;= tol" in html and "<= tol" not in html
    assert LogisticRegression().explain() == "This model has not been fitted yet."


def test_trace_is_the_list_of_records_and_prints_as_the_cli_table():
    m = LogisticRegression(solver="irls").fit(X2, [LABELS[v] for v in Y2])
    trace = m.trace_
    assert len(trace) == m.n_iter_ + 1 and trace[0]["equation"] == "start"
    assert [r["loss"] for r in trace] == m.history_
    text = str(trace)
    assert text == str(trace_table(trace))
    lines = text.split("\n")
    assert len(lines) == len(trace) + 1 and lines[0].endswith("weights w_min .. w_max")
    for line, r in zip(lines[1:], trace):
        assert line.split()[:2] == ["%d" % r["iteration"], "%.12g" % r["loss"]], line
    if WHOLE:
        html = trace._repr_html_()
        assert _cells(html, "th")[:2] == ["iteration", "loss L"]
        assert html.count("<tr>") == len(trace) + 1
        assert _cells(html, "td")[:5] == ["0", "%.12g" % trace[0]["loss"], "%.6g" % trace[0][
            "grad_norm"], "-", "start"]


def test_solver_table_puts_the_fits_side_by_side():
    fits = [LogisticRegression(solver=s).fit(SMALL_X, SMALL_Y) for s in ("newton", "irls")]
    t = solver_table(fits, ["dose"], seconds=[0.5, 1.25])
    lines = t.split("\n")
    assert lines[0].split() == ["coefficient", "newton", "irls"], lines[0]
    assert lines[2].split() == ["dose"] + ["%.6f" % m.coef_[0] for m in fits], lines[2]
    assert lines[-1].split() == ["seconds", "0.500", "1.250"], lines[-1]
    assert lines[-2].split() == ["converged", "True", "True"]
    if WHOLE:
        assert t.rows[1] == lines[2].split() and t.head == ["coefficient", "newton", "irls"]
        assert "<td>final loss</td>" in t._repr_html_()
