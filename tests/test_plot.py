"""minilogit.plot (SVG pictures) and make_bank_balance (the lecture's first example).

Every picture must be well-formed XML with an ``svg`` root and a viewBox,
show its axis labels, tick labels and one legend entry per series, and
contain no nan or inf. Bad input raises DataError. The bank-balance data are
seeded, have the requested class share, and reproduce the lecture's point:
the least-squares line (and the balance where it crosses 0.5) moves when
the class balance changes.
"""

import math
import re
import warnings
import xml.etree.ElementTree as ET

import pytest

from minilogit import LeastSquaresClassifier, LogisticRegression
from minilogit import plot
from minilogit.datasets import make_masking
from minilogit.datasets.synthetic import BANK_BOUNDARY, make_bank_balance
from minilogit import DataError
from minilogit.core.functions import sigmoid
from minilogit.core.logistic import nll, squared_error
from minilogit.core.rng import Random
from minilogit.experiments import draw, sgd_runs
from minilogit.glm.links import get_link
from minilogit.svg import Figure, num, save

NS = "{http://www.w3.org/2000/svg}"

X2 = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0], [0.5, 0.5],
      [2.0, 1.0], [1.0, 2.0]]
Y2 = [0, 0, 0, 1, 1, 1, 0, 1]


def parse(svg):
    """The root element; checks the svg root, its size and its viewBox."""
    assert svg.startswith("<svg")
    root = ET.fromstring(svg)
    assert root.tag == NS + "svg"
    assert root.get("viewBox") == "0 0 640 400"
    assert (root.get("width"), root.get("height")) == ("640", "400")
    return root


def texts(root):
    return [el.text for el in root.iter(NS + "text")]


def polylines(root, stroke=None):
    """Each polyline's points as [(x, y)] in pixels."""
    out = []
    for el in root.iter(NS + "polyline"):
        if stroke is None or el.get("stroke") == stroke:
            out.append([tuple(float(v) for v in p.split(",")) for p in el.get("points").split()])
    return out


def pictures():
    """(name, svg, axis labels, some tick labels, legend entries) for every picture."""
    fit = LogisticRegression().fit(X2, Y2)
    bank = make_bank_balance(n=60)
    ls = LeastSquaresClassifier().fit(*bank)
    return [
        ("sigmoid", plot.sigmoid_plot(), ["a", "value"], ["-6", "0", "6", "0.0", "1.0"],
         ["σ(a) = 1 / (1 + e^−a)", "σ′(a) = σ(a)(1 − σ(a))"]),
        ("loss", plot.loss_history_plot([("newton", [10.0, 2.0, 1.0]),
                                         ("gd", [10.0, 6.0, 4.0, 3.0, 2.5])], optimum=1.0),
         ["iteration", "loss − optimum"], ["0", "4", "1e0", "1e2"], ["newton", "gd"]),
        ("boundary", plot.decision_boundary_plot(fit, X2, Y2, feature_names=["u", "v"]),
         ["u", "v"], ["0.0", "1.0", "2.0"], ["0", "1", "boundary: b0 + b·x = 0"]),
        ("misclassification", plot.misclassification_plot(ls.fitted_value(bank.data),
                                                           bank.target),
         ["decision boundary t (positive when score ≥ t)", "misclassification rate"],
         ["0.0", "0.5"], ["misclassification rate"]),
        ("roc", plot.roc_plot([0, 1, 0, 1, 1], [0.2, 0.9, 0.8, 0.7, 0.1]),
         ["false positive rate", "true positive rate"], ["0.0", "0.4", "1.0"],
         ["chance (AUC = 0.5)", "ROC curve (AUC = 0.500)"]),
        ("masking", plot.masking_plot(*make_masking(n_per_class=15)),
         ["x", "fitted value or probability"], ["0", "0.0", "1.0"],
         ["%d: %s" % (k, what) for k in range(3)
          for what in ("least squares", "softmax p", "data")]),
        ("newton", plot.newton_plot(_cubic, _cubic_slope, [1.0, 2.0], -3.0, 3.0,
                                    name="x³ − 5x"),
         ["x", "f(x)"], ["-3", "0", "3", "10", "-10"],
         ["x³ − 5x", "Newton from x0 = 1: 1 → -1 → 1 → -1 → 1",
          "Newton from x0 = 2: 2 → 2.29 → 2.24 → 2.24 → 2.24"]),
        ("sgd", plot.sgd_plot(*draw(80, Random(2)), epochs=8),
         ["b0 (intercept)", "b1 (slope)"], ["0.0"], None),
        ("links", plot.links_plot(), ["score η = xᵀβ", "P(y = 1)"], ["-4", "4", "0.0", "1.0"],
         ["logit: σ(η), logistic noise", "probit: Φ(η), normal noise",
          "cloglog: 1 − exp(−e^η), Gumbel noise", "at η = 0: 0.5, 0.5 and 0.632"]),
    ]


def _cubic(x):
    return x ** 3 - 5 * x


def _cubic_slope(x):
    return 3 * x ** 2 - 5


PICTURES = pictures()


@pytest.mark.parametrize("name, svg, labels, ticks, legend", PICTURES,
                         ids=[p[0] for p in PICTURES])
def test_picture_is_svg_with_labels_ticks_and_legend(name, svg, labels, ticks, legend):
    """Parses as XML; shows its axis labels, tick labels and a legend entry per series."""
    root = parse(svg)
    shown = texts(root)
    if legend is None:                   # the legend's words hold numbers: its entries
        legend = []
        assert len([t for t in shown if "away at the end" in t]) == 3, shown
    for text in labels + ticks + legend:
        assert text in shown, (name, text)
    assert root.find(NS + "defs/" + NS + "clipPath") is not None


@pytest.mark.parametrize("name, svg", [(p[0], p[1]) for p in PICTURES],
                         ids=[p[0] for p in PICTURES])
def test_picture_has_no_nan_inf_or_long_numbers(name, svg):
    """No nan/inf anywhere; coordinates have at most 2 decimals."""
    assert not re.search(r"\b(nan|inf)\b", svg, re.IGNORECASE), name
    attributes = " ".join(re.findall(r'="([^"]*)"', svg))
    assert not re.search(r"\d\.\d{3}", attributes), name


def test_log_axis_spans_1e_minus_12_to_1e3():
    """A history from 1e3 down to 1e-12 gets decade ticks covering both, and stays in the frame."""
    svg = plot.loss_history_plot({"solver": [1e3, 1.0, 1e-6, 1e-12]})
    root = parse(svg)
    exps = [int(t[2:]) for t in texts(root) if re.match(r"^1e-?\d+$", t)]
    assert min(exps) <= -12 and max(exps) >= 3
    assert "1e-12" in texts(root)
    [line] = polylines(root)
    assert all(40 <= y <= 340 for _, y in line)
    ys = [y for _, y in line]
    assert ys == sorted(ys)                      # falling loss: rising pixel rows


def test_loss_reaching_the_optimum_is_clipped_not_infinite():
    """loss - optimum = 0 (or below) is drawn at a small positive floor."""
    svg = plot.loss_history_plot({"newton": [5.0, 2.0, 1.0, 1.0], "odd": [0.5]}, optimum=1.0)
    root = parse(svg)
    assert "loss − optimum" in texts(root)
    assert not re.search(r"\b(nan|inf)\b", svg)


def test_loss_history_keeps_the_order_of_pairs_and_escapes_names():
    svg = plot.loss_history_plot([("b<&>", [2.0, 1.0]), ("a", [3.0, 1.5])])
    shown = texts(parse(svg))
    assert shown.index("b<&>") < shown.index("a")


@pytest.mark.parametrize("call", [
    lambda: plot.loss_history_plot({}),
    lambda: plot.loss_history_plot({"gd": []}),
    lambda: plot.loss_history_plot({"gd": [1.0, float("nan")]}),
    lambda: plot.loss_history_plot({"gd": [1.0, float("inf")]}),
    lambda: plot.loss_history_plot({"gd": [1.0]}, optimum=float("nan")),
    lambda: plot.misclassification_plot([0.1, 0.2, 0.3], [0, 1]),
    lambda: plot.misclassification_plot([0.1, float("nan")], [0, 1]),
    lambda: plot.misclassification_plot([], []),
    lambda: plot.misclassification_plot([0.1, 0.2], [1, 1]),
    lambda: plot.roc_plot([0, 1, 1], [0.1, 0.2]),
    lambda: plot.roc_plot([0, 1], [0.1, float("nan")]),
    lambda: plot.decision_boundary_plot(LogisticRegression().fit(X2, Y2), X2, Y2[:-1]),
    lambda: plot.decision_boundary_plot(LogisticRegression().fit(X2, Y2),
                                        [[1.0, float("nan")]], [0]),
    lambda: plot.decision_boundary_plot(LogisticRegression().fit(X2, Y2),
                                        [r + [0.0] for r in X2], Y2),
    lambda: plot.decision_boundary_plot(LeastSquaresClassifier().fit(
        [[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [0.5, 1.5]], [0, 1, 2, 2]), X2, Y2),
    lambda: plot.masking_plot([[0.0], [1.0], [2.0]], [0, 1]),
    lambda: plot.masking_plot([[0.0, 1.0], [1.0, 2.0], [2.0, 0.0]], [0, 1, 2]),
    lambda: plot.masking_plot([[0.0], [float("inf")], [2.0]], [0, 1, 2]),
])
def test_bad_input_raises_data_error(call):
    with pytest.raises(DataError):
        call()


class _Model:
    """A stand-in fitted model: b0 + coef . x, with an optional threshold."""

    def __init__(self, intercept, coef, threshold=None):
        self.intercept_, self.coef_ = intercept, coef
        if threshold is not None:
            self.threshold = threshold


def _boundary_row(svg):
    """(pixel row of the horizontal boundary, pixel row of the tick labelled 0.5)."""
    root = parse(svg)
    [line] = polylines(root, stroke="#000000")
    assert line[0][1] == line[-1][1]             # horizontal
    [tick] = [el for el in root.iter(NS + "text") if el.text == "0.5"
              and el.get("text-anchor") == "end"]
    return line[0][1], float(tick.get("y"))


def test_boundary_uses_the_model_threshold_or_zero():
    """LeastSquaresClassifier-like models: x'beta = threshold; others: decision function 0."""
    X = [[0.0, 0.0], [1.0, 2.0], [2.0, 1.0], [0.5, 0.2]]
    y = [0, 1, 1, 0]
    row, tick = _boundary_row(plot.decision_boundary_plot(_Model(0.0, [0.0, 1.0], 0.5), X, y))
    assert row == tick                           # x2 = 0.5 where 0 + x2 = 0.5
    row, tick = _boundary_row(plot.decision_boundary_plot(_Model(-0.5, [0.0, 1.0]), X, y))
    assert row == tick                           # x2 = 0.5 where -0.5 + x2 = 0
    row, tick = _boundary_row(plot.decision_boundary_plot(_Model(0.0, [0.0, 1.0], 9.0), X, y,
                                                          threshold=0.5))
    assert row == tick                           # the argument wins over the attribute


def test_decision_boundary_of_least_squares_classifier():
    svg = plot.decision_boundary_plot(LeastSquaresClassifier().fit(X2, Y2), X2, Y2)
    assert "boundary: b0 + b·x = 0.5" in texts(parse(svg))


def test_misclassification_minimum_agrees_with_best_threshold():
    """On the bank-balance data the plotted minimum is LeastSquaresClassifier.best_threshold's."""
    X, y = make_bank_balance()
    model = LeastSquaresClassifier().fit(X, y)
    t, rate = model.best_threshold(X, y)
    s = sorted(set(model.fitted_value(X)))
    mids = [(a + b) / 2 for a, b in zip(s, s[1:])]
    svg = plot.misclassification_plot(model.fitted_value(X), y, thresholds=mids)
    shown = [v for v in texts(parse(svg)) if v.startswith("minimum")]
    assert shown == ["minimum %.3f at boundary %s" % (rate, num(t))]


def test_save_writes_the_svg(tmp_path):
    path = str(tmp_path / "roc.svg")
    svg = plot.roc_plot([0, 1], [0.3, 0.7])
    save(svg, path)
    with open(path, encoding="utf-8") as f:
        assert f.read() == svg
    assert ET.parse(path).getroot().tag == NS + "svg"


# -- make_bank_balance ---------------------------------------------------------

def test_bank_balance_is_seeded():
    a, b = make_bank_balance(seed=7), make_bank_balance(seed=7)
    assert a.data == b.data and a.target == b.target
    assert make_bank_balance(seed=8).data != a.data
    assert a.feature_names == ["balance"] and a.target_name == "creditworthy"


@pytest.mark.parametrize("n, share, n_pos", [(200, 0.5, 100), (200, 0.2, 40), (200, 0.75, 150),
                                             (7, 0.5, 4), (10, 0.05, 1)])
def test_bank_balance_has_the_requested_class_share(n, share, n_pos):
    d = make_bank_balance(n=n, positive_share=share)
    assert len(d.data) == n and sum(d.target) == n_pos
    assert sorted(set(d.target)) == [0, 1]


def test_bank_balance_overlaps_only_near_the_boundary():
    """Noise blurs the rule 'balance >= 4000' a little; noise=0 gives it exactly."""
    X, y = make_bank_balance(n=400)
    wrong = [x[0] for x, label in zip(X, y) if (x[0] >= BANK_BOUNDARY) != (label == 1)]
    assert 0 < len(wrong) < 40
    assert all(abs(v - BANK_BOUNDARY) < 1500 for v in wrong)
    X, y = make_bank_balance(n=400, noise=0)
    assert all((x[0] >= BANK_BOUNDARY) == (label == 1) for x, label in zip(X, y))


def test_least_squares_threshold_moves_with_the_class_share():
    """The lecture's point: with more positives the line is flatter and crosses 0.5 earlier."""
    def line(share):
        m = LeastSquaresClassifier().fit(*make_bank_balance(n=400, positive_share=share))
        return m.coef_[0], (0.5 - m.intercept_) / m.coef_[0]   # slope, balance at 0.5

    slope_half, crossing_half = line(0.5)
    slope_many, crossing_many = line(0.8)
    slope_few, crossing_few = line(0.2)
    assert abs(crossing_half - BANK_BOUNDARY) < 150
    assert crossing_many < crossing_half - 300 and crossing_few > crossing_half + 300
    assert slope_many < slope_half and slope_few < slope_half


@pytest.mark.parametrize("kwargs", [{"n": 1}, {"n": 2.5}, {"n": True}, {"positive_share": 0},
                                    {"positive_share": 1}, {"positive_share": 1.5},
                                    {"positive_share": float("nan")},
                                    {"n": 10, "positive_share": 0.01}, {"noise": -1.0},
                                    {"noise": float("inf")}])
def test_bank_balance_bad_arguments(kwargs):
    with pytest.raises(DataError):
        make_bank_balance(**kwargs)


def test_bank_balance_values_are_finite():
    X, _ = make_bank_balance(n=500, positive_share=0.3, seed=11)
    assert all(math.isfinite(x[0]) for x in X)


def test_make_figures_writes_the_committed_bytes_every_time():
    """tools/figures.py (``make figures``) draws, twice over, exactly the files in
    docs/figures: running it leaves ``git status`` clean."""
    import importlib.util
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location("figures", os.path.join(root, "tools",
                                                                           "figures.py"))
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    first, second = figures.figures(), figures.figures()
    assert first == second
    assert sorted(first) == sorted(os.listdir(os.path.join(root, "docs", "figures")))
    for name, svg in first.items():
        with open(os.path.join(root, "docs", "figures", name), encoding="utf-8") as f:
            assert f.read() == svg, name


def test_a_picture_shrinks_to_its_container_and_no_further_grows():
    """Every picture's <svg> tag has a viewBox and a style that caps its width at
    the container's (100%) with the height following; the parts of side_by_side
    are drawn inside the whole and carry no style of their own."""
    from minilogit.datasets import load_breast_cancer
    from minilogit import LogisticRegression
    style = 'style="max-width: 100%; height: auto"'
    data = load_breast_cancer().columns(["mean_radius", "mean_texture"])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        model = LogisticRegression().fit(data.data, data.target)
    for svg in (plot.sigmoid_plot(), plot.fit_plot(model, data),
                plot.side_by_side([plot.sigmoid_plot(), plot.sigmoid_plot()])):
        tag = svg[:svg.index(">")]
        assert "viewBox=" in tag and style in tag, tag
        assert svg.count(style) == 1


def test_a_log_axis_over_one_decade_has_labels_at_1_2_5():
    """The loss of a short fit falls within a decade or two: its axis reads
    100, 200, 500, 1000, not two powers of ten alone."""
    from minilogit.svg import _log_ticks
    assert _log_ticks(130.0, 394.4)[1] == ["100", "200", "500", "1000"]
    assert _log_ticks(0.05, 3.0)[1] == ["0.01", "0.02", "0.05", "0.1", "0.2", "0.5", "1", "2",
                                         "5", "10"]


# -- the lecture's pictures of issue 38: Newton's tangents, the two losses, SGD, the links

def _newton_root(f, df, x, steps):
    """Walkthrough section 9's root finder: the iterates x - f(x) / f'(x)."""
    out = [x]
    for _ in range(steps):
        x = x - f(x) / df(x)
        out.append(x)
    return out


def test_newton_tangents_meet_the_axis_at_the_next_iterate():
    """Each tangent of newton_plot runs from the curve at x_n to the row f = 0 at
    x_(n+1), the walkthrough's newton_root's iterates."""
    xs = _newton_root(_cubic, _cubic_slope, 2.0, 3)
    svg = plot.newton_plot(_cubic, _cubic_slope, [2.0], -3.0, 3.0, steps=3)
    grid = plot.linspace(-3.0, 3.0, 201)
    curve = [_cubic(x) for x in grid]
    top = max(curve) + 0.25 * (max(curve) - min(curve))
    fig = Figure("t", "x", "y", grid, curve + [0.0, top])      # the axes newton_plot draws
    root = parse(svg)
    tangents = [[tuple(float(v) for v in p.split(",")) for p in el.get("points").split()]
                for el in root.iter(NS + "polyline")
                if el.get("stroke") == "#D55E00" and el.get("stroke-dasharray") is None]
    assert len(tangents) == 3
    for ((a, b), (c, d)), x_n, x_next in zip(tangents, xs, xs[1:]):
        assert abs(a - fig.px(x_n)) <= 0.005 and abs(b - fig.py(_cubic(x_n))) <= 0.005
        assert abs(c - fig.px(x_next)) <= 0.005 and abs(d - fig.py(0.0)) <= 0.006


def test_newton_overshoot_is_the_walkthroughs_and_runs_to_the_frame():
    """Section 9's pair of labels: LogisticLoss's own gradient and Hessian give
    3 -> -7.02 -> 551.19; the second tangent leaves the frame at its right edge."""
    from minilogit import Matrix
    from minilogit.core.logistic import LogisticLoss
    pair = LogisticLoss(Matrix([[1.0], [1.0]]), [1, 0])
    grad = lambda b: pair.gradient([b])[0]                         # noqa: E731
    hess = lambda b: pair.hessian([b]).rows[0][0]                  # noqa: E731
    path = _newton_root(grad, hess, 3.0, 2)
    assert [round(b, 2) for b in path] == [3.0, -7.02, 551.19]
    svg = plot.newton_plot(grad, hess, [3.0], -9.0, 5.0, steps=2)
    shown = texts(parse(svg))
    assert "Newton from x0 = 3: 3 → -7.02 → 551.19 (off the plot)" in shown
    assert "x2 = 551.19 →" in shown
    ends = [line[-1][0] for line in polylines(parse(svg), "#D55E00") if len(line) == 2]
    assert max(ends) == 620.0                    # the frame's right edge (640 - 20)


def test_loss_curves_are_the_cores_losses():
    """The two panels of loss_curves_plot draw squared_error and nll of
    minilogit.core.logistic, and each is a full picture of its own."""
    from minilogit import Matrix
    svg = plot.loss_curves_plot([[1.0]], [1])
    root = ET.fromstring(svg)
    assert root.get("viewBox") == "0 0 640 800"
    parts = root.findall(NS + "svg")
    assert [p.get("y") for p in parts] == ["0", "400"]
    betas = plot.linspace(-10.0, 4.0, 141)
    X1 = Matrix([[1.0]])
    for part, loss in zip(parts, (squared_error, nll)):
        values = [loss(X1, [1], [b]) for b in betas]
        ends = [loss(X1, [1], [-10.0]), loss(X1, [1], [0.0])]
        fig = Figure("t", "x", "y", betas, values + ends)        # the panel's axes
        [curve] = [line for line in polylines(part) if len(line) == 141]
        assert all(abs(py - fig.py(v)) <= 0.005 for (_, py), v in zip(curve, values))
    shown = texts(root)
    assert "at β = -5: curve 0.987 > chord 0.625, not convex" in shown
    assert "at β = -5: curve 5.007 < chord 5.347" in shown


def test_sgd_plot_legend_is_section_8s_table():
    """The distances after 1, 4, 16 and 64 epochs on draw(200, Random(7)) are the
    ones walkthrough section 8 prints from minilogit.experiments.sgd_runs."""
    X, y = draw(200, Random(7))
    optimum = LogisticRegression().fit(X, y).params_
    rows = sgd_runs(X, y, optimum, [1, 4, 16, 64])
    for row in rows:
        shown = [t for t in texts(parse(plot.sgd_plot(X, y, epochs=row[0]))) if "away" in t]
        assert [t.split(": ")[1] for t in shown] == ["%.4f away at the end" % d
                                                     for d in row[1:]]
    assert "%.4f" % rows[-1][1] == "0.7542"      # the fixed rate, still as far as at the start


def test_links_plot_draws_each_inverse_link():
    """Each curve of links_plot is its link's inverse at every grid point."""
    svg = plot.links_plot()
    root = parse(svg)
    eta = plot.linspace(-4.0, 4.0, 161)
    fig = Figure("t", "x", "y", eta, [0.0, 1.0])
    for colour, name in zip(("#0072B2", "#D55E00", "#009E73"), ("logit", "probit", "cloglog")):
        [curve] = polylines(root, colour)
        g = get_link(name)
        assert all(abs(py - fig.py(g.inverse(e))) <= 0.006 for (_, py), e in zip(curve, eta))
    assert abs(get_link("logit").inverse(1.3) - sigmoid(1.3)) < 1e-15
