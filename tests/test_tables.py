"""The notebook display of summary(), explain(), trace_, the solver table and the
pictures: each HTML table parses as XML and holds the numbers the text shows;
each object is still the str (or list) it was."""

import xml.etree.ElementTree as ET

import pytest

from minilogit import GLM, ConvergenceWarning, LogisticRegression, SoftmaxRegression, plot
from minilogit.models.multilabel import OneVsRest
from minilogit.tables import Table, Text, Trace, solver_table

X = [[0.0, 1.0], [1.0, 0.5], [2.0, 2.5], [3.0, 1.0], [4.0, 3.5], [5.0, 2.0], [1.5, 3.0],
     [3.5, 0.0]]
Y = [0, 0, 1, 0, 1, 1, 0, 1]


def parse(html):
    return ET.fromstring(html if html.startswith("<div>") else "<div>" + html + "</div>")


def cells(element, tag):
    return [(c.text or "") for c in element.iter(tag)]


@pytest.mark.parametrize("model", [LogisticRegression(), LogisticRegression(solver="irls"),
                                   LogisticRegression(penalty="l2"), GLM(family="poisson"),
                                   GLM(link="probit")],
                         ids=["newton", "irls", "ridge", "poisson", "probit"])
def test_summary_html_has_the_rows_and_numbers_of_the_text(model):
    y = [1, 0, 2, 3, 2, 6, 1, 4] if model.get_params().get("family") == "poisson" else Y
    s = model.fit(X, y).summary(feature_names=["a&b", "<c>"])
    assert isinstance(s, Table) and isinstance(s, str)
    root = parse(s._repr_html_())
    coefficients = root.findall("table")[-1]
    head = cells(coefficients, "th")
    assert head[0] == "" and head[1] == "coef"
    body = [cells(tr, "td") for tr in coefficients.find("tbody")]
    assert [r[0] for r in body] == ["intercept", "a&b", "<c>"]
    for row in body:                   # the text's row: the name, then the same numbers
        assert " ".join(row[1:]) in " ".join(str(s).split()), row
        assert len(row) == len(head)
    first = root.findall("table")[0]               # the title heads the statistics
    assert first.find("caption").text == str(s).split("\n")[0].strip()
    assert coefficients.find("caption") is None
    facts = cells(first, "td")
    assert facts[:2] == ["Observations:", "8"]
    assert (root.find("p") is not None) == (model.get_params().get("penalty") == "l2")


def test_summary_is_still_a_str():
    s = LogisticRegression().fit(X, Y).summary()
    assert "Log-likelihood:" in s and (s + "!").endswith("!") and ("> " + s).startswith("> ")
    assert s.splitlines() == str(s).splitlines() and s == str(s)
    assert repr(s) == str(s)


def test_explain_html_is_one_escaped_paragraph():
    for model in (LogisticRegression(), OneVsRest(LogisticRegression())):
        e = model.fit(X, [0, 0, 1, 0, 1, 2, 2, 1] if isinstance(model, OneVsRest) else Y).explain()
        assert isinstance(e, Text) and isinstance(e, str)
        p = parse(e._repr_html_()).find("p")
        assert "".join(p.itertext()).replace("\n", "") == str(e).replace("\n", "")


def test_trace_html_is_the_cli_table():
    with pytest.warns(ConvergenceWarning):
        m = SoftmaxRegression(solver="gd", max_iter=30).fit(X, [0, 0, 1, 0, 1, 2, 2, 1])
    trace = m.trace_
    assert isinstance(trace, Trace) and isinstance(trace, list) and len(trace) == m.n_iter_ + 1
    table = parse(trace._repr_html_()).find("table")
    text_rows = [line.split() for line in str(trace).split("\n")[1:]]
    html_rows = [cells(tr, "td") for tr in table.find("tbody")]
    assert len(html_rows) == len(text_rows) == len(trace)
    for t, h in zip(text_rows, html_rows):
        assert " ".join(h).split() == t
    assert cells(table, "th")[-1] == "learning rate eta"


def test_solver_table_html():
    fits = [LogisticRegression(solver=s).fit(X, Y) for s in ("newton", "irls")]
    t = solver_table(fits, ["u", "v"])
    table = parse(t._repr_html_()).find("table")
    assert cells(table, "th") == ["coefficient", "newton", "irls"]
    assert [cells(tr, "td")[0] for tr in table.find("tbody")] == [
        "intercept", "u", "v", "final loss", "iterations", "converged"]


def test_pictures_show_as_svg_in_a_notebook_and_save_as_text(tmp_path):
    from minilogit.svg import Picture, save
    svg = plot.roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7], width=300)
    assert isinstance(svg, Picture) and svg._repr_svg_() == svg
    root = ET.fromstring(svg._repr_svg_())
    assert root.get("width") == "300" and root.get("viewBox") == "0 0 640 400"
    save(svg, str(tmp_path / "roc.svg"))
    assert (tmp_path / "roc.svg").read_text(encoding="utf-8") == svg
