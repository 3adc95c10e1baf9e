"""minilogit.plot and make_bank_balance on every runtime.

MicroPython has no xml module, so the SVG's structure is checked with
string tests here; tests/test_plot.py parses every picture with
xml.etree.ElementTree.
"""

from helpers import EPS, assert_close, raises

from minilogit import plot
from minilogit.core.functions import sigmoid
from minilogit.svg import texts
from minilogit.datasets.synthetic import BANK_BOUNDARY, make_bank_balance, make_masking
from minilogit import DataError, NotFittedError
from minilogit.models.least_squares import LeastSquaresClassifier
from minilogit.models.logistic import LogisticRegression

X2 = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0], [0.5, 0.5],
      [2.0, 1.0], [1.0, 2.0]]
Y2 = [0, 0, 0, 1, 1, 1, 0, 1]


def _text(label):
    """How a label appears in the SVG: as the whole content of a <text> element."""
    return ">" + label + "</text>"


def _attribute_values(svg):
    """The values of every name="value" attribute in svg."""
    parts = svg.split('="')
    return [p.split('"')[0] for p in parts[1:]]


def check_svg(svg, labels):
    """A well-formed 640 x 400 SVG showing every label, with no nan, inf or long numbers."""
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"'), svg[:60]
    assert svg.endswith("</svg>\n")
    assert 'viewBox="0 0 640 400"' in svg and 'width="640"' in svg
    for tag in ("svg", "g", "defs", "clipPath", "text"):
        assert svg.count("<" + tag + " ") + svg.count("<" + tag + ">") == \
            svg.count("</" + tag + ">"), tag
    assert svg.count("<") == svg.count(">")
    low = svg.lower()
    assert "nan" not in low and "inf" not in low
    for value in _attribute_values(svg):
        for number in value.replace(",", " ").split():
            if "." in number and number[0] in "-0123456789":
                assert len(number.split(".")[1]) <= 2, number    # rounded to 2 decimals
    for label in labels:
        assert _text(label) in svg, label


def test_sigmoid_plot():
    check_svg(plot.sigmoid_plot(), ["a", "value", "-6", "6", "0.0", "1.0",
                                    "σ(a) = 1 / (1 + e^−a)", "σ′(a) = σ(a)(1 − σ(a))"])


def test_loss_history_plot():
    svg = plot.loss_history_plot([("newton", [10.0, 2.0, 1.0]), ("gd", [10.0, 6.0, 3.0, 2.0])],
                                 optimum=1.0)
    check_svg(svg, ["iteration", "loss − optimum", "newton", "gd", "1e0"])
    assert svg.index(_text("newton")) < svg.index(_text("gd"))   # the pairs' order


def test_log_axis_spans_1e_minus_12_to_1e3():
    svg = plot.loss_history_plot({"solver": [1e3, 1.0, 1e-6, 1e-12]})
    check_svg(svg, ["loss", "1e-12", "1e0"])
    assert _text("1e4") in svg or _text("1e3") in svg


def test_decision_boundary_plot():
    svg = plot.decision_boundary_plot(LogisticRegression().fit(X2, Y2), X2, Y2)
    check_svg(svg, ["x1", "x2", "0", "1", "boundary: b0 + b·x = 0"])
    named = plot.decision_boundary_plot(LogisticRegression().fit(X2, Y2), X2, Y2,
                                        class_names={0: "no", 1: "yes <"})
    check_svg(named, ["no", "yes &lt;"])
    assert _text("class 0") not in named and _text("0") not in named
    svg = plot.decision_boundary_plot(LeastSquaresClassifier().fit(X2, Y2), X2, Y2,
                                      feature_names=["radius", "texture"])
    check_svg(svg, ["radius", "texture", "boundary: b0 + b·x = 0.5"])


def test_misclassification_plot():
    svg = plot.misclassification_plot([0.1, 0.3, 0.4, 0.6, 0.9], [0, 0, 1, 0, 1])
    check_svg(svg, ["misclassification rate", "minimum 0.200 at boundary 0.35"])


def test_roc_plot():
    svg = plot.roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7])
    check_svg(svg, ["false positive rate", "true positive rate", "chance (AUC = 0.5)",
                    "ROC curve (AUC = 0.750)", "0.0", "1.0"])


def test_masking_plot():
    svg = plot.masking_plot(*make_masking(n_per_class=8))
    check_svg(svg, ["x", "fitted value or probability", "0: least squares",
                    "1: softmax p", "2: data"])
    named = plot.masking_plot(*make_masking(n_per_class=8), class_names={2: "two"})
    check_svg(named, ["0: least squares", "two: softmax p", "two: data"])


def _cubic(x):
    return x ** 3 - 5 * x


def _cubic_slope(x):
    return 3 * x ** 2 - 5


def _pair_gradient(b):
    """The gradient of the loss of the labels 1 and 0 on a column of ones."""
    return 2 * sigmoid(b) - 1


def _pair_hessian(b):
    return 2 * sigmoid(b) * sigmoid(-b)


def _newton_route(svg):
    """The legend's routes of newton_plot, the words after 'Newton from x0 = ...: '."""
    return [t.split(": ", 1)[1] for t in texts(svg) if t.startswith("Newton from")]


def test_newton_plot_draws_the_lectures_oscillation():
    """Lecture 000's third limitation: from x0 = 1, x^3 - 5x goes to -1 and back."""
    svg = plot.newton_plot(_cubic, _cubic_slope, [1.0], -3.0, 3.0, name="x³ − 5x")
    check_svg(svg, ["x", "f(x)", "x³ − 5x", "Newton's method as tangent steps",
                    "x0, x2, x4", "x1, x3"])
    assert _newton_route(svg) == ["1 → -1 → 1 → -1 → 1"]
    assert svg.count('stroke-dasharray="2 3"') == 4        # one drop to the curve a step


def test_newton_plot_reaches_the_root_its_start_picks():
    """x0 = 2 reaches sqrt(5), x0 = -2 reaches -sqrt(5) (the walkthrough's digits)."""
    svg = plot.newton_plot(_cubic, _cubic_slope, [2.0, -2.0], -3.0, 3.0, steps=3)
    assert _newton_route(svg) == ["2 → 2.29 → 2.24 → 2.24", "-2 → -2.29 → -2.24 → -2.24"]


def test_newton_plot_shows_the_overshoot_off_the_plot():
    """From b = 3 the undamped step goes to -7.02, then to 551.19: off the plot,
    where the tangent runs to the frame and is marked with the iterate."""
    svg = plot.newton_plot(_pair_gradient, _pair_hessian, 3.0, -9.0, 5.0, steps=2,
                           xlabel="b", ylabel="L′(b)", title="overshoot")
    check_svg(svg, ["b", "L′(b)", "overshoot", "x2 = 551.19 →", "x0", "x1"])
    assert _newton_route(svg) == ["3 → -7.02 → 551.19 (off the plot)"]
    left = plot.newton_plot(lambda x: -_pair_gradient(x), lambda x: -_pair_hessian(x),
                            -3.0, -5.0, 9.0, steps=2)
    assert _newton_route(left) == ["-3 → 7.02 → -551.19 (off the plot)"]
    assert _text("← x2 = -551.19") in left


def test_newton_plot_stops_where_the_path_leaves_the_range():
    """No step is taken from an iterate off the plot (there f' may be 0: 2 sigma(551) (1 -
    sigma(551)) is 0 in floating point), whatever steps asks for."""
    svg = plot.newton_plot(_pair_gradient, _pair_hessian, [3.0], -9.0, 5.0, steps=10)
    assert _newton_route(svg) == ["3 → -7.02 → 551.19 (off the plot)"]


def test_newton_plot_bad_input():
    raises(DataError, plot.newton_plot, _cubic, _cubic_slope, [1.0], 3.0, -3.0)
    raises(DataError, plot.newton_plot, _cubic, _cubic_slope, [4.0], -3.0, 3.0)
    raises(DataError, plot.newton_plot, _cubic, _cubic_slope, [1.0], -3.0, 3.0, steps=0)
    raises(DataError, plot.newton_plot, _cubic, _cubic_slope, [], -3.0, 3.0)
    raises(DataError, plot.newton_plot, "x^3", _cubic_slope, [1.0], -3.0, 3.0)
    # a flat tangent: f'(0) = 0 for x^2 + 1, the walkthrough's division by zero
    raises(DataError, plot.newton_plot, lambda x: x * x + 1, lambda x: 2 * x, [0.0], -1.0, 1.0)


def test_loss_curves_plot_puts_the_squared_error_above_its_chord():
    """Walkthrough section 6: one example, x = 1 and y = 1. At beta = -5 the squared
    error is above the chord from -10 to 0 (not convex), the log-loss below it."""
    svg = plot.loss_curves_plot([[1.0]], [1])
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="800" '
                          'viewBox="0 0 640 800"'), svg[:100]
    assert svg.count('<svg y="400" ') == 1 and 'id="area1"' in svg
    words = texts(svg)
    assert "at β = -5: curve 0.987 > chord 0.625, not convex" in words
    assert "at β = -5: curve 5.007 < chord 5.347" in words
    assert "Squared error along β: not convex" in words and "Log-loss along β: convex" in words
    # y = 0 mirrors it: the same values at -beta (the legend moves to where the curve is not)
    mirrored = texts(plot.loss_curves_plot([[1.0]], [0], lo=-4.0, hi=10.0, chord=(10.0, 0.0)))
    assert "at β = 5: curve 0.987 > chord 0.625, not convex" in mirrored


def test_loss_curves_plot_says_nothing_it_has_not_seen():
    """A chord where the squared error is convex (beta from 0 to 4, the curve's
    convex side for y = 1) gets no "not convex"."""
    words = texts(plot.loss_curves_plot([[1.0]], [1], chord=(0.0, 4.0)))
    assert "Squared error along β" in words
    assert [w for w in words if "not convex" in w] == []


def test_loss_curves_plot_bad_input():
    raises(DataError, plot.loss_curves_plot, [[1.0, 2.0]], [1])
    raises(DataError, plot.loss_curves_plot, [[1.0]], [2])
    raises(DataError, plot.loss_curves_plot, [[1.0]], [1, 0])
    raises(DataError, plot.loss_curves_plot, [[1.0]], [1], lo=1.0, hi=1.0)
    raises(DataError, plot.loss_curves_plot, [[float("nan")]], [1])


def test_sgd_plot_is_sgd_runs_drawn():
    """The distances in the legend are minilogit.experiments.sgd_runs's, on the
    seeded rows of walkthrough section 8, and the same on every runtime."""
    from minilogit.core.rng import Random
    from minilogit.experiments import draw, sgd_runs
    X, y = draw(60, Random(3))
    optimum = LogisticRegression().fit(X, y).params_
    for epochs in (1, 5):
        [row] = sgd_runs(X, y, optimum, [epochs])
        words = [t for t in texts(plot.sgd_plot(X, y, epochs=epochs)) if "away" in t]
        assert [w.split(": ")[1] for w in words] == \
            ["%.4f away at the end" % d for d in row[1:]], (words, row)
    svg = plot.sgd_plot(X, y, epochs=5)
    check_svg(svg, ["b0 (intercept)", "b1 (slope)", "start", "SGD at the end of each of 5 epochs"])
    assert svg == plot.sgd_plot(X, y, epochs=5, optimum=optimum)      # seeded: the same picture
    assert svg != plot.sgd_plot(X, y, epochs=5, random_state=1)


def test_sgd_plot_bad_input():
    raises(DataError, plot.sgd_plot, X2, Y2)                        # two features
    raises(DataError, plot.sgd_plot, [[0.0], [1.0]], [0, 2])
    raises(DataError, plot.sgd_plot, [[0.0], [1.0]], [0, 1], epochs=0)
    raises(DataError, plot.sgd_plot, [[0.0], [1.0]], [0, 1], learning_rate=0)
    raises(DataError, plot.sgd_plot, [[0.0], [1.0]], [0, 1], optimum=[0.0])


def test_links_plot_shows_the_three_inverse_links():
    """Eq. (39): at eta = 0 logit and probit give 1/2, cloglog 1 - 1/e."""
    svg = plot.links_plot()
    check_svg(svg, ["score η = xᵀβ", "P(y = 1)", "logit: σ(η), logistic noise",
                    "probit: Φ(η), normal noise", "cloglog: 1 − exp(−e^η), Gumbel noise",
                    "at η = 0: 0.5, 0.5 and 0.632"])
    assert _text("at η = 0: 0.5, 0.5 and 0.632") not in plot.links_plot(1.0, 5.0)
    raises(DataError, plot.links_plot, 2.0, -2.0)


def test_one_above_another_stacks_the_pictures():
    a, b = plot.sigmoid_plot(), plot.links_plot()
    both = plot.one_above_another([a, b], width=320)
    assert both.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="400" '
                           'viewBox="0 0 640 800"'), both[:100]
    assert both.count('<svg y="400" xmlns=') == 1 and both.count("<svg ") == 3
    assert 'id="area0"' in both and 'id="area1"' in both and 'id="area"' not in both
    assert plot.one_above_another([a]) == a


def _pictures():
    """A call for each picture function, taking width and height."""
    fit = LogisticRegression().fit(X2, Y2)
    return [plot.sigmoid_plot,
            lambda **size: plot.loss_history_plot({"gd": [2.0, 1.0]}, **size),
            lambda **size: plot.decision_boundary_plot(fit, X2, Y2, **size),
            lambda **size: plot.misclassification_plot([0.1, 0.4, 0.6], [0, 1, 1], **size),
            lambda **size: plot.roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7], **size),
            lambda **size: plot.masking_plot(*make_masking(n_per_class=4), **size),
            lambda **size: plot.sgd_plot([[-1.0], [0.0], [1.0], [2.0]], [0, 1, 0, 1],
                                         epochs=3, **size),
            lambda **size: plot.newton_plot(_cubic, _cubic_slope, [1.0], -3.0, 3.0, **size),
            lambda **size: plot.links_plot(**size)]


def test_every_picture_takes_a_size():
    """width and/or height set the size it is shown at (one alone keeps the aspect
    ratio); the drawing in its viewBox is the same. A notebook shows the text itself."""
    for call in _pictures():
        natural = call()
        check_svg(natural, [])
        half = call(width=320)
        assert half.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200" '
                               'viewBox="0 0 640 400"'), half[:100]
        assert half.replace('width="320" height="200"', 'width="640" height="400"', 1) == natural
        assert 'width="100" height="50" ' in call(width=100, height=50)
        assert 'width="480" height="300" ' in call(height=300)
        if hasattr(natural, "_repr_svg_"):              # (not on MicroPython: a plain str)
            assert natural._repr_svg_() == natural
    raises(DataError, plot.sigmoid_plot, width=0)
    raises(DataError, plot.sigmoid_plot, height="tall")
    raises(DataError, plot.roc_plot, [0, 1], [0.2, 0.9], width=float("nan"))


def test_side_by_side_fits_a_given_width():
    a, b = plot.sigmoid_plot(width=100), plot.roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7])
    both = plot.side_by_side([a, b], width=640)
    assert both.startswith('<svg xmlns="http://www.w3.org/2000/svg" width="640" height="200" '
                           'viewBox="0 0 1280 400" style="max-width: 100%; height: auto">'), \
        both[:120]
    assert both.count('<svg x="640" xmlns="http://www.w3.org/2000/svg" width="640" '
                      'height="400"') == 1                 # each part at its natural size
    assert 'id="area0"' in both and 'id="area1"' in both and 'id="area"' not in both
    assert plot.side_by_side([a]) == plot.sigmoid_plot()


def test_text_is_escaped():
    svg = plot.loss_history_plot({"a<b & c": [2.0, 1.0]})
    check_svg(svg, ["a&lt;b &amp; c"])


def test_bad_input_raises_data_error():
    raises(DataError, plot.loss_history_plot, {})
    raises(DataError, plot.loss_history_plot, {"gd": []})
    raises(DataError, plot.loss_history_plot, {"gd": [1.0, float("nan")]})
    raises(DataError, plot.misclassification_plot, [0.1, 0.2, 0.3], [0, 1])
    raises(DataError, plot.roc_plot, [0, 1, 1], [0.1, 0.2])
    raises(DataError, plot.decision_boundary_plot, LogisticRegression().fit(X2, Y2),
           X2, Y2[:-1])
    raises(DataError, plot.masking_plot, [[0.0], [1.0], [2.0]], [0, 1, 1])
    raises(NotFittedError, plot.decision_boundary_plot, LogisticRegression(), X2, Y2)
    raises(DataError, plot.decision_boundary_plot, LogisticRegression().fit(X2, Y2), X2, Y2,
           class_names=["no", "yes"])


def test_bank_balance_seeded_with_the_requested_share():
    a, b = make_bank_balance(seed=5), make_bank_balance(seed=5)
    assert a.data == b.data and a.target == b.target
    assert len(a.data) == 200 and sum(a.target) == 100
    assert sum(make_bank_balance(n=200, positive_share=0.2).target) == 40
    assert sum(make_bank_balance(n=7, positive_share=0.5).target) == 4    # half rounds up
    raises(DataError, make_bank_balance, positive_share=1.0)
    raises(DataError, make_bank_balance, n=10, positive_share=0.01)


def test_bank_balance_is_the_same_everywhere():
    d = make_bank_balance()
    assert d.target[:10] == [0, 0, 0, 0, 0, 1, 0, 0, 1, 0]
    assert d.feature_names == ["balance"] and d.target_name == "creditworthy"
    # recorded on CPython 3.11; SplitMix64 is exact integer arithmetic, and
    # Box-Muller's log, sqrt and cos may differ by an ulp between libms
    want = [(0, 1013.0395739791551), (1, 2902.5938740800875), (2, 2922.6259440155213),
            (100, 1187.2732308965335), (199, 2951.5657935311256)]
    for i, x in want:
        assert_close(d.data[i][0], x, rel=max(1e-13, 8 * EPS), what="balance[%d]" % i)


def test_bank_balance_threshold_moves_with_the_share():
    def crossing(share):     # the balance where the least-squares line is 0.5
        m = LeastSquaresClassifier().fit(*make_bank_balance(positive_share=share))
        return (0.5 - m.intercept_) / m.coef_[0]

    assert abs(crossing(0.5) - BANK_BOUNDARY) < 150
    assert crossing(0.8) < crossing(0.5) - 300 < crossing(0.2) - 600


def test_the_fit_pictures_loss_panel_is_the_distance_from_the_final_loss():
    """A converged fit's panel is L - L_min on a log scale, where Newton's
    quadratic convergence shows (the raw loss flattens after two steps)."""
    from minilogit import LogisticRegression
    from minilogit.datasets import Dataset
    from minilogit.plot import fit_plot
    from helpers import X2, Y2
    data = Dataset(X2, Y2, ["a", "b"], "y")
    svg = fit_plot(LogisticRegression().fit(data.data, data.target), data)
    assert "loss − optimum" in svg
    from helpers import fit
    short, _ = fit(LogisticRegression(max_iter=1), data.data, data.target)
    assert "loss − optimum" not in fit_plot(short, data)        # no optimum to measure from
