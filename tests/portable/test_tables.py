"""summary(), explain(), trace_ and the solver table (minilogit.tables) on every runtime.

Each prints as the text it always was; where a str subclass is a whole str
(not MicroPython, where they are plain str and there is no notebook), each
also has a ``_repr_html_`` table whose cells are the numbers of the text.
tests/test_tables.py parses the HTML with xml.etree.ElementTree.
"""

import sys

from helpers import X2, Y2, Skip, raises
from minilogit import GLM, InferenceError, LogisticRegression, SoftmaxRegression
from minilogit.models.least_squares import LeastSquaresClassifier
from minilogit.models.multilabel import MultiLabelClassifier, OneVsRest
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
    assert e.startswith("Converged after 6 Newton steps: ") and "quadratic" in e
    if WHOLE:
        html = e._repr_html_()
        assert html.startswith("<p><b>Converged after 6 Newton steps:</b> "), html
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
            "criterion"], "-", "start"]


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


# ---- A summary says no more than the model: a row per parameter, nothing that
# ---- does not hold for the fit, the information its standard errors invert.

NINE_X = [[0.0], [1.0], [2.0], [3.0], [4.0], [5.0], [6.0], [7.0], [8.0]]
NINE_Y = list("aabacbbcc")


def _flat(text):
    """The text with every run of white space one space (the notes wrap)."""
    return " ".join(str(text).split())


def _rows(summary):
    """The coefficient rows of a summary's text, each [name, coef as a float]."""
    lines = str(summary).split("\n")
    start = [i for i, line in enumerate(lines) if line.startswith("---")][0] + 1
    end = [i for i, line in enumerate(lines) if line.startswith("===") and i > start][0]
    return [[line.split()[0], float(line.split()[1])] for line in lines[start:end]]


def _information(summary):
    """The summary's Information row, its words only ("" when there is none)."""
    rows = [_flat(line) for line in str(summary).split("\n") if line.startswith("Information:")]
    assert len(rows) <= 1, summary
    return rows[0][len("Information: "):] if rows else ""


def _matches(rows, names, values):
    """The rows are the names in order, each printed with its value to 4 decimals."""
    assert [r[0] for r in rows] == names, (rows, names)
    for (name, printed), v in zip(rows, values):
        assert abs(printed - v) <= 6e-5 * max(1.0, abs(v)), (name, printed, v)


def test_softmax_summary_has_a_row_per_entry_of_intercept_and_coef():
    """K vectors (a ridge): a row for each of the K intercepts (centred, as
    intercept_) and coefficient vectors; a reference class: rows for the
    others, and a sentence saying the baseline's are fixed at 0."""
    m = SoftmaxRegression(penalty="l2", lam=0.5).fit(NINE_X, NINE_Y)
    names = ["%s[%r]" % (n, c) for c in ("a", "b", "c") for n in ("intercept", "x0")]
    _matches(_rows(m.summary()), names,
             [v for b, c in zip(m.intercept_, m.coef_) for v in [b] + c])
    assert len(m.params_) == len(m.param_names_) == 6 and m.df_model_ == 2
    m = SoftmaxRegression(penalty="l2", lam=0.5, fit_intercept=False).fit(NINE_X, NINE_Y)
    _matches(_rows(m.summary()), ["x0['a']", "x0['b']", "x0['c']"], [c[0] for c in m.coef_])
    m = SoftmaxRegression(reference_class="b").fit(NINE_X, NINE_Y)
    names = ["intercept['a']", "x0['a']", "intercept['c']", "x0['c']"]
    _matches(_rows(m.summary()), names, [m.intercept_[0], m.coef_[0][0],
                                         m.intercept_[2], m.coef_[2][0]])
    assert m.intercept_[1] == 0.0 and m.coef_[1] == [0.0]
    assert "Class 'b' is the baseline: its intercept and coefficients are fixed at 0" \
        in _flat(m.summary())
    assert "baseline" not in LogisticRegression().fit(SMALL_X, SMALL_Y).summary()


def test_a_penalised_fit_prints_no_criterion_that_counts_free_estimates():
    """No standard errors, AIC, BIC or LLR p-value for any penalised model; each
    raises InferenceError saying why; the log-likelihoods and pseudo-R^2 stay."""
    y01 = [0, 0, 1, 0, 1, 1, 0, 1, 1]
    fits = [LogisticRegression(penalty="l2").fit(NINE_X, y01),
            LogisticRegression(solver="cd", penalty="l1", lam=0.1).fit(NINE_X, y01),
            SoftmaxRegression(penalty="l2").fit(NINE_X, NINE_Y),
            SoftmaxRegression(solver="proximal", penalty="l1", lam=0.1).fit(NINE_X, NINE_Y),
            GLM(link="probit", penalty="l2").fit(NINE_X, y01),
            GLM(family="poisson", penalty="l2").fit(NINE_X, [1, 0, 2, 3, 2, 6, 4, 7, 9]),
            GLM(family="gaussian", penalty="l2").fit(NINE_X, [1.0, 0.0, 2.0, 3.0, 2.5, 6.0,
                                                               4.0, 7.0, 9.5])]
    for m in fits:
        text = m.summary()
        head = text.split("---")[0]              # the title, the facts, the column names
        for word in ("AIC:", "BIC:", "LLR p-value:", "std err", "Information:"):
            assert word not in head, (m, word, text)
        assert "No standard errors, p-values, intervals, AIC, BIC or LLR p-value: the fit " \
               "is penalised" in _flat(text), text
        for name in ("aic_", "bic_", "llr_", "llr_pvalue_", "bse_"):
            assert "penalised" in str(raises(InferenceError, getattr, m, name)), (m, name)
        assert "Pseudo R-squ.:" in text and m.prsquared_ == 1.0 - m.llf_ / m.llnull_
        assert len(_rows(text)) == len(m.params_) == len(m.param_names_)


def test_standard_errors_name_their_information():
    """observed = expected for a canonical link; probit and cloglog name cov_type."""
    y01 = [0, 0, 1, 0, 1, 1, 0, 1, 1]
    assert _information(LogisticRegression().fit(NINE_X, y01).summary()) == \
        "observed = expected"
    assert _information(SoftmaxRegression().fit(NINE_X, NINE_Y).summary()) == \
        "observed = expected"
    for family, y in (("binomial", y01), ("poisson", [1, 0, 2, 3, 2, 6, 4, 7, 9]),
                      ("gaussian", [1.0, 0.0, 2.0, 3.0, 2.5, 6.0, 4.0, 7.0, 9.5])):
        m = GLM(family=family, cov_type="observed").fit(NINE_X, y)
        assert _information(m.summary()) == "observed = expected", family
    for link in ("probit", "cloglog"):
        for cov_type in ("expected", "observed"):
            m = GLM(link=link, cov_type=cov_type).fit(NINE_X, y01)
            text = m.summary()
            assert _information(text) == cov_type and "std err" in text, (link, cov_type)
            assert len(_rows(text)) == len(m.bse_) == 2


def test_a_model_without_inference_says_why_it_has_no_summary():
    """Not "not fitted yet": an AttributeError naming why, so hasattr is False."""
    ovr = OneVsRest(LogisticRegression()).fit(NINE_X, NINE_Y)
    lsq = LeastSquaresClassifier().fit(NINE_X, NINE_Y)
    mlc = MultiLabelClassifier().fit(NINE_X[:4], [[0, 1], [1, None], [0, 0], [1, 1]])
    for m, words in ((ovr, "estimators_[k].summary()"), (lsq, "least squares"),
                     (mlc, "where label k is known")):
        for name in ("summary", "bse_", "params_", "aic_"):
            e = raises(AttributeError, getattr, m, name)
            assert name in str(e) and words in str(e) and "not fitted" not in str(e), str(e)
        # MicroPython's hasattr finds a property without calling it: True there
        assert not hasattr(m, "summary") or sys.implementation.name == "micropython"
    assert "Logistic regression" in ovr.estimators_[0].summary()


def test_a_trace_says_how_many_iterations_it_did_not_keep():
    """A long run keeps its first and last records: the gap between is a line of
    its own, with the count, not a silent jump from row 49 to row 9951."""
    from minilogit.tables import trace_table
    records = [{"iteration": k, "loss": 1.0 / (k + 1), "criterion": 0.1, "step": 0.01,
                "equation": "(15)", "eta": 0.5} for k in list(range(50)) + [9951, 9952]]
    lines = str(trace_table(records)).split("\n")
    assert len(lines) == 1 + 52 + 1, len(lines)
    assert lines[50].split()[0] == "49" and lines[52].split()[0] == "9951", lines[50:53]
    assert lines[51].strip() == "... 9,901 iterations not kept ...", lines[51]
    assert "\n".join(lines).count("not kept") == 1


def test_a_summarys_html_starts_with_its_title():
    """In a notebook the title heads the summary, above its statistics, as in the
    text; not between the statistics and the coefficients."""
    if not WHOLE:
        raise Skip("MicroPython: str subclasses are plain str, and there is no notebook")
    html = LogisticRegression().fit(SMALL_X, SMALL_Y).summary()._repr_html_()
    title = html.index("<caption>Logistic regression (1 vs 0)</caption>")
    assert title < html.index("Observations:") < html.index("<thead>"), html
    assert html.count("<caption>") == 1
