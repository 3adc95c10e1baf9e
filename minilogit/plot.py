"""Pictures of the lecture as SVG text: no plotting library, no dependencies.

Every function returns a ``minilogit.svg.Picture``: the SVG as a str
(``minilogit.svg.save(svg, path)`` writes it), which a notebook shows as the
picture. Each takes ``width`` and ``height`` in pixels (one alone keeps the
natural aspect ratio), e.g. to fit two side by side in a notebook column.
Legends name the classes by their labels, or by ``class_names`` ({label: name}).
The drawing (the 640 x 400 canvas, axes with ticks at "nice" numbers, a
log scale, the legend) is ``minilogit.svg``'s ``Figure``; this module
holds the pictures and what they compute.

=========================  ====================================================
function                   picture
=========================  ====================================================
sigmoid_plot               sigma(a) and sigma(a)(1 - sigma(a)) on [-6, 6]
loss_history_plot          loss (or loss - optimum) per iteration, log scale
decision_boundary_plot     two features, points by class, the line f(x) = t
misclassification_plot     misclassification rate against the boundary t
roc_plot                   the ROC curve, the diagonal, the AUC
masking_plot               indicator regression against softmax, K = 3
loss_curves_plot           squared error above log-loss along beta, with chords
sgd_plot                   SGD per epoch in the (b0, b1) plane: fixed rate,
                           falling rate and average, about the optimum
newton_plot                Newton's root finding as tangent steps on f(x)
links_plot                 the inverse links logit, probit and cloglog
fit_plot                   a fit's loss history and boundary (the CLI's --svg)
side_by_side               several of these pictures in one SVG, in a row
one_above_another          several of these pictures in one SVG, in a column
=========================  ====================================================

Exceptions: bad input (empty, nan, mismatched lengths, the wrong number of
features or classes, labels other than 0 and 1 where a loss needs them, a
range with lo >= hi, a flat tangent in Newton's method, a width or height
that is not a positive number) raises
``minilogit.DataError``; a model given
to ``masking_plot`` that is not fitted, ``NotFittedError``.

>>> svg = roc_plot([0, 0, 1, 1], [0.1, 0.4, 0.35, 0.8])
>>> svg.startswith("<svg"), "AUC = 0.750" in svg
(True, True)
"""

from .core.errors import DataError, NotFittedError
from .glm.families import family_and_link
from .glm.links import get_link
from .core.functions import sigmoid
from .core.logistic import nll, squared_error
from .core.matrix import Matrix
from .experiments import sgd_paths
from .metrics import roc_auc_score, roc_curve, threshold_sweep
from .glm.model import GLM
from .models.least_squares import LeastSquaresClassifier
from .models.logistic import LogisticRegression
from .models.softmax import SoftmaxRegression
from .svg import COLOURS, DASHES, FONT, GREY, Figure, linspace, num, picture, svg_tag
from .svg import H, STYLE, W
from .core.checks import as_float, check_X, show_labels, sorted_labels
from .validation import check_binary_scores, check_numbers


def sigmoid_plot(width=None, height=None):
    """Draw sigma(a) and its derivative sigma(a)(1 - sigma(a)) for a in [-6, 6].

    >>> svg = sigmoid_plot()
    >>> svg.startswith("<svg"), "σ(a) = 1 / (1 + e^−a)" in svg
    (True, True)
    """
    a = linspace(-6.0, 6.0, 121)
    s = [sigmoid(v) for v in a]                  # eq. (5): sigma(a) = 1 / (1 + e^-a)
    ds = [v * (1.0 - v) for v in s]              # eq. (7): sigma'(a) = sigma(a)(1 - sigma(a))
    fig = Figure("The sigmoid and its derivative", "a", "value", a, [0.0, 1.0],
                 legend="upper left")
    fig.line(a, s, COLOURS[0], "σ(a) = 1 / (1 + e^−a)")
    fig.line(a, ds, COLOURS[1], "σ′(a) = σ(a)(1 − σ(a))", dash=DASHES[1])
    return fig.svg(width, height)


def _named_series(histories):
    """[(name, [floats])] from a dict (or list of pairs) of non-empty finite sequences."""
    pairs = list(histories.items()) if hasattr(histories, "items") else list(histories)
    if not pairs:
        raise DataError("histories is empty: give {solver name: [loss per iteration]}")
    out = []
    for name, values in pairs:
        values = list(values)
        if not values:
            raise DataError("histories[%r] is empty" % (name,))
        out.append((name, [as_float(v, "histories[%r][%d]" % (name, i))
                           for i, v in enumerate(values)]))
    return out


def loss_history_plot(histories, optimum=None, width=None, height=None):
    """Draw each solver's loss per iteration on a log scale.

    ``histories`` maps a solver name to its losses (a model's ``history_``;
    a list of (name, losses) pairs keeps the order on every runtime). With
    ``optimum``, the y axis shows loss - optimum, how far each solver still
    is from the minimum; values below 1e-15 max(1, |optimum|), where the
    difference is rounding noise, are drawn at that floor.

    >>> svg = loss_history_plot({"newton": [4.0, 1.5, 1.01, 1.0], "gd": [4.0, 3.0, 2.2, 1.7]},
    ...                         optimum=1.0)
    >>> svg.startswith("<svg"), "newton" in svg, "loss − optimum" in svg
    (True, True, True)
    """
    series = _named_series(histories)
    shift = 0.0 if optimum is None else as_float(optimum, "optimum")
    floor = 1e-15 * max(1.0, abs(shift))
    ys = [[max(v - shift, floor) for v in values] for _, values in series]
    n = max(len(v) for v in ys)
    fig = Figure("Loss per iteration", "iteration",
                 "loss" if optimum is None else "loss − optimum",
                 [0, n - 1], [v for y in ys for v in y], ylog=True, x_min_step=1)
    for k in range(len(series)):
        colour = COLOURS[k % len(COLOURS)]
        xs = list(range(len(ys[k])))
        fig.line(xs, ys[k], colour, series[k][0], dash=DASHES[k % len(DASHES)])
        if len(xs) <= 30:                # few iterations: show each one
            fig.points(xs, ys[k], colour, r=2.5)
    return fig.svg(width, height)


def decision_boundary_plot(model, X, y, threshold=None, feature_names=None, class_names=None,
                           width=None, height=None):
    """Draw two-feature data by class and the line b0 + b1 x1 + b2 x2 = threshold.

    ``model`` is any fitted binary model with ``intercept_`` and two
    ``coef_``. ``threshold`` defaults to ``model.threshold`` when it has
    one (``LeastSquaresClassifier``: xᵀbeta = 0.5), else 0 (a logistic
    model's log-odds 0, i.e. p = 0.5). The legend names each class by its
    label, or by its name in ``class_names`` ({label: name}). The axes are
    named by ``feature_names``, else the model's ``feature_names_in_`` (a data
    frame's columns), else x1 and x2.

    >>> from minilogit import LogisticRegression
    >>> X = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [2.0, 2.0], [0.5, 0.5],
    ...      [2.0, 1.0], [1.0, 2.0]]
    >>> y = [0, 0, 0, 1, 1, 1, 0, 1]
    >>> svg = decision_boundary_plot(LogisticRegression().fit(X, y), X, y,
    ...                              class_names={1: "yes"}, width=320)
    >>> ">yes</text>" in svg, ">0</text>" in svg, 'width="320" height="200"' in svg
    (True, True, True)
    """
    rows = check_X(X)
    if len(rows[0]) != 2:
        raise DataError("decision_boundary_plot needs 2 features, X has %d" % len(rows[0]))
    labels = list(y)
    if len(labels) != len(rows):
        raise DataError("X has %d rows but y has %d labels" % (len(rows), len(labels)))
    if getattr(model, "coef_", None) is None:
        raise NotFittedError("decision_boundary_plot needs a fitted model: call fit(X, y) first")
    coef = list(model.coef_)
    if len(coef) != 2:
        raise DataError("decision_boundary_plot needs a fitted binary model with 2 coef_")
    w1, w2 = as_float(coef[0], "coef_[0]"), as_float(coef[1], "coef_[1]")
    b0 = as_float(getattr(model, "intercept_", 0.0), "intercept_")
    if threshold is None:
        threshold = getattr(model, "threshold", None)
    t = as_float(0.0 if threshold is None else threshold, "threshold")
    if feature_names is None:                # a data frame's column names, else x1, x2
        feature_names = getattr(model, "feature_names_in_", None)
    names = ["x1", "x2"] if feature_names is None else [str(n) for n in feature_names]
    x1s, x2s = [r[0] for r in rows], [r[1] for r in rows]
    fig = Figure("Decision boundary", names[0], names[1], x1s, x2s, legend="right")
    classes = sorted_labels(labels, "y")
    for k in range(len(classes)):
        mine = [r for r, label in zip(rows, labels) if label == classes[k]]
        fig.points([r[0] for r in mine], [r[1] for r in mine], COLOURS[k % len(COLOURS)],
                   _name(classes[k], class_names))
    # The boundary b0 + w1 x1 + w2 x2 = t, solved for the better-conditioned coordinate.
    if abs(w2) >= abs(w1) and w2 != 0:
        xs = list(fig.xlim)
        ys = [(t - b0 - w1 * v) / w2 for v in xs]
    elif w1 != 0:
        ys = list(fig.ylim)
        xs = [(t - b0 - w2 * v) / w1 for v in ys]
    else:
        raise DataError("coef_ is zero: the model puts every point on the same side")
    fig.line(xs, ys, "#000000", "boundary: b0 + b·x = %s" % num(t), dash="6 3")
    return fig.svg(width, height)


def misclassification_plot(scores, y, thresholds=None, width=None, height=None):
    """Draw the misclassification rate of "positive when score >= t" against t.

    Lecture 000's figure for the least-squares classifier, whose minimum
    sits at a boundary of 0.44 there. y holds two classes, the larger
    (sorted) is positive. ``thresholds`` defaults to 201 values from just
    below the lowest score to just above the highest. The minimum is
    marked at the middle of the first run of thresholds that reach it.

    >>> svg = misclassification_plot([0.1, 0.3, 0.4, 0.6, 0.9], [0, 0, 1, 0, 1])
    >>> svg.startswith("<svg"), "minimum 0.200 at boundary 0.35" in svg
    (True, True)
    """
    is_pos, s = check_binary_scores(y, scores, lambda c: c[1], "a misclassification plot")
    if thresholds is None:
        lo, hi = min(s), max(s)
        pad = 0.05 * (hi - lo) or 0.5
        thresholds = linspace(lo - pad, hi + pad, 201)
    ts = sorted(check_numbers(thresholds, "thresholds"))
    # the flags are the labels, True the positive one; errors are FP + FN
    rates = [(row["fp"] + row["fn"]) / len(s)                          # eq. (2)
             for row in threshold_sweep(is_pos, s, ts, pos_label=True)]
    best = min(rates)
    i = rates.index(best)
    j = i
    while j + 1 < len(ts) and rates[j + 1] == best:
        j += 1
    t_best = (ts[i] + ts[j]) / 2
    fig = Figure("Misclassification against the decision boundary",
                 "decision boundary t (positive when score ≥ t)", "misclassification rate",
                 ts, rates + [0.0], legend="upper center")
    fig.line(ts, rates, COLOURS[0], "misclassification rate")
    fig.line([t_best, t_best], [fig.ylim[0], fig.ylim[1]], GREY, None, dash="4 4", width=1)
    fig.points([t_best], [best], COLOURS[1], "minimum %.3f at boundary %s"
               % (best, num(t_best)), r=5)
    return fig.svg(width, height)


def roc_plot(y_true, y_score, width=None, height=None):
    """Draw the ROC curve of the scores (``minilogit.metrics.roc_curve``) and its AUC.

    >>> svg = roc_plot([0, 1, 0, 1], [0.2, 0.9, 0.8, 0.7])
    >>> "AUC = 0.750" in svg, "false positive rate" in svg
    (True, True)
    """
    fpr, tpr, _ = roc_curve(y_true, y_score)
    auc = roc_auc_score(y_true, y_score)
    fig = Figure("ROC curve", "false positive rate", "true positive rate", [0.0, 1.0],
                 [0.0, 1.0], legend="lower right")
    fig.line([0.0, 1.0], [0.0, 1.0], GREY, "chance (AUC = 0.5)", dash="4 4", width=1)
    fig.line(fpr, tpr, COLOURS[0], "ROC curve (AUC = %.3f)" % auc)
    return fig.svg(width, height)


def _fitted_classes(model, name):
    """The classes_ of a fitted model, as a list; NotFittedError if it has none."""
    classes = getattr(model, "classes_", None)
    if classes is None:
        raise NotFittedError("masking_plot: %s is not fitted yet: call fit(X, y) first" % name)
    return list(classes)


def masking_plot(X, y, least_squares=None, softmax=None, class_names=None, width=None,
                 height=None):
    """Draw indicator regression's K fitted lines and softmax's K probabilities against x.

    X has one feature and y three (or more) classes, e.g.
    ``minilogit.datasets.make_masking()``. Each class gets one colour: a
    solid line for its least-squares fit to the indicator column, a dashed
    one for its softmax probability, and its data as points near the bottom.
    A class is masked where its solid line is nowhere on top.

    The legend names each class by its label, or by its name in
    ``class_names`` ({label: name}). ``least_squares`` and ``softmax`` may
    be a fitted ``LeastSquaresClassifier`` and ``SoftmaxRegression`` (one
    feature, the same classes); each one not given is fitted here to (X, y).

    >>> from minilogit.datasets import make_masking
    >>> X, y = make_masking(n_per_class=10)
    >>> svg = masking_plot(X, y)
    >>> svg.startswith("<svg"), "1: softmax p" in svg
    (True, True)
    >>> svg == masking_plot(X, y, LeastSquaresClassifier().fit(X, y),
    ...                     SoftmaxRegression(penalty="l2", lam=0.5).fit(X, y))
    True
    """
    rows = check_X(X)
    if len(rows[0]) != 1:
        raise DataError("masking_plot needs 1 feature, X has %d" % len(rows[0]))
    labels = list(y)
    counted = "least_squares"            # where the classes below come from
    if least_squares is None:
        least_squares, counted = LeastSquaresClassifier().fit(rows, labels), "y"
    classes = _fitted_classes(least_squares, "least_squares")
    if len(classes) < 3:
        raise DataError("masking_plot needs 3 or more classes, %s has %d"
                        % (counted, len(classes)))
    if softmax is None:
        softmax = SoftmaxRegression(penalty="l2", lam=0.5).fit(rows, labels)   # the ridge: finite
    if _fitted_classes(softmax, "softmax") != classes:
        raise DataError("least_squares has the classes %s but softmax has %s: they must be "
                        "fitted to the same classes"
                        % (show_labels(classes), show_labels(list(softmax.classes_))))
    if len(labels) != len(rows):         # (a model fitted here has checked this)
        raise DataError("X has %d rows but y has %d labels" % (len(rows), len(labels)))
    xs = [r[0] for r in rows]
    grid = linspace(min(xs), max(xs))
    fitted = least_squares.fitted_value([[g] for g in grid])   # eq. (3): (1, x) B
    probs = softmax.predict_proba([[g] for g in grid])              # eq. (25): softmax
    fig = Figure("Masking: indicator regression against softmax", "x",
                 "fitted value or probability", grid,
                 [v for f in fitted for v in f] + [-0.1, 1.0], legend="right")
    rug = fig.ylim[0] + 0.02 * (fig.ylim[1] - fig.ylim[0])
    for k, c in enumerate(classes):
        colour = COLOURS[k % len(COLOURS)]
        name = _name(c, class_names)
        fig.line(grid, [f[k] for f in fitted], colour, name + ": least squares")
        fig.line(grid, [p[k] for p in probs], colour, name + ": softmax p", dash="6 4")
        mine = [x for x, label in zip(xs, labels) if label == c]
        fig.points(mine, [rug] * len(mine), colour, name + ": data")
    return fig.svg(width, height)


def _binary_labels(y, n, what):
    """y as a list of n labels 0 and 1 (a loss written for 0/1 labels needs them)."""
    labels = list(y)
    if len(labels) != n:
        raise DataError("X has %d rows but y has %d labels" % (n, len(labels)))
    for i, label in enumerate(labels):
        if label not in (0, 1):
            raise DataError("%s needs labels 0 and 1, y[%d] is %r" % (what, i, label))
    return [int(label) for label in labels]


def _interval(lo, hi, what):
    """(lo, hi) as floats, lo < hi."""
    lo, hi = as_float(lo, "lo"), as_float(hi, "hi")
    if not lo < hi:
        raise DataError("%s needs lo < hi, got lo = %r and hi = %r" % (what, lo, hi))
    return lo, hi


def loss_curves_plot(X, y, lo=-10.0, hi=4.0, chord=(-10.0, 0.0), width=None, height=None):
    """Draw the squared error of the probabilities above the log-loss, along beta,
    for a model with one coefficient (X has one column, no intercept is added),
    each with its chord from beta = chord[0] to beta = chord[1].

    A convex function lies on or below each of its chords. At the chord's
    midpoint the legend gives the curve's value and the chord's, and says
    "not convex" where the curve is above. Walkthrough section 6: one example,
    x = 1 and y = 1 (labels 0 and 1; ``minilogit.core.logistic``'s
    ``squared_error`` and ``nll``):

    >>> from minilogit.svg import texts
    >>> svg = loss_curves_plot([[1.0]], [1])
    >>> [t for t in texts(svg) if t.startswith("at β")]
    ['at β = -5: curve 0.987 > chord 0.625, not convex', 'at β = -5: curve 5.007 < chord 5.347']
    >>> svg.count("<svg"), 'width="640" height="800"' in svg
    (3, True)
    """
    rows = check_X(X)
    if len(rows[0]) != 1:
        raise DataError("loss_curves_plot needs 1 column (one coefficient beta), X has %d"
                        % len(rows[0]))
    labels = _binary_labels(y, len(rows), "loss_curves_plot")
    lo, hi = _interval(lo, hi, "loss_curves_plot")
    a, b = [as_float(v, "chord") for v in chord]
    X1, mid = Matrix(rows), (a + b) / 2
    betas = linspace(lo, hi, 141)
    panels = []
    for k, (title, ylabel, loss) in enumerate((
            ("Squared error along β: not convex", "Σ (y − σ(βx))²", squared_error),
            ("Log-loss along β: convex", "Σ log(1 + e^(βx)) − yβx", nll))):
        # eq. (14) for the squared error, eq. (10) for the log-loss
        values = [loss(X1, labels, [beta]) for beta in betas]
        ends = [loss(X1, labels, [a]), loss(X1, labels, [b])]
        curve, line = loss(X1, labels, [mid]), (ends[0] + ends[1]) / 2   # at the midpoint
        if curve > line:
            verdict = "curve %.3f > chord %.3f, not convex" % (curve, line)
        else:
            verdict = "curve %.3f %s chord %.3f" % (curve, "<" if curve < line else "=", line)
        if loss is nll and curve > line:    # the log-loss is convex: rounding only
            raise DataError("the log-loss lies above its chord: %r > %r" % (curve, line))
        falling = values[-1] < values[0]    # the legend where the curve is not: below it
        fig = Figure(title if loss is nll or curve > line else "Squared error along β",
                     "β", ylabel, betas, values + ends, legend="lower left" if falling
                     else "lower right")
        fig.line(betas, values, COLOURS[k], ylabel)
        fig.line([a, b], ends, "#000000", "chord from β = %s to β = %s" % (num(a), num(b)),
                 dash="6 3", width=1.5)
        fig.points([a, b], ends, "#000000")
        fig.line([mid, mid], [curve, line], GREY, None, dash="2 3", width=1)
        fig.points([mid], [line], "#000000", r=4)
        fig.points([mid], [curve], COLOURS[k], "at β = %s: %s" % (num(mid), verdict), r=5)
        panels.append(fig.svg())
    return one_above_another(panels, width, height)


def sgd_plot(X, y, epochs=64, learning_rate=0.5, random_state=0, optimum=None,
             width=None, height=None):
    """Draw stochastic gradient descent in the (b0, b1) plane, one point per epoch:
    a fixed rate circling the optimum, the falling rate of eq. (18) closing in,
    and that run's average, eq. (19), settling.

    X has one feature: b0 is the intercept, b1 its slope. Both runs start at
    0 and take eq. (17)'s step through the same seeded shuffle of the rows in
    each epoch (``minilogit.core.rng.Random(random_state)``); after t updates
    the falling rate is learning_rate / (1 + t / N), and the average is that
    of every iterate of the falling run so far. This is
    ``minilogit.experiments.sgd_runs``'s experiment, drawn (the fitted
    ``solver="sgd"`` also restarts its average). ``optimum`` defaults to
    the Newton fit's (b0, b1); the legend gives each run's distance from it
    after the last epoch. Walkthrough section 8's data:

    >>> from minilogit.core.rng import Random
    >>> from minilogit.experiments import draw
    >>> from minilogit.svg import texts
    >>> X, y = draw(200, Random(7))
    >>> for t in texts(sgd_plot(X, y, epochs=64)):
    ...     if "away" in t:
    ...         print(t)
    fixed rate 0.5: 0.7542 away at the end
    falling rate 0.5 / (1 + t/N): 0.0023 away at the end
    average of the falling run: 0.0026 away at the end
    """
    rows = check_X(X)
    if len(rows[0]) != 1:
        raise DataError("sgd_plot needs 1 feature (the plane of b0 and b1), X has %d"
                        % len(rows[0]))
    labels = _binary_labels(y, len(rows), "sgd_plot")
    if isinstance(epochs, bool) or not isinstance(epochs, int) or epochs < 1:
        raise DataError("epochs must be a whole number >= 1, got %r" % (epochs,))
    eta0 = as_float(learning_rate, "learning_rate")
    if not eta0 > 0:
        raise DataError("learning_rate must be positive, got %r" % (learning_rate,))
    if optimum is None:
        optimum = LogisticRegression().fit(rows, labels).params_
    optimum = check_numbers(optimum, "optimum")
    if len(optimum) != 2:
        raise DataError("optimum must be (b0, b1), got %d numbers" % len(optimum))
    paths = sgd_paths(rows, labels, epochs, eta0, random_state)     # eqs. (17)-(19)
    names = ["fixed rate %s" % num(eta0), "falling rate %s / (1 + t/N)" % num(eta0),
             "average of the falling run"]
    b0s = [p[0] for path in paths for p in path] + [optimum[0]]
    b1s = [p[1] for path in paths for p in path] + [optimum[1]]
    top = max(b1s) + 0.5 * (max(b1s) - min(b1s))    # room for the legend above the points
    fig = Figure("SGD at the end of each of %d epochs" % epochs, "b0 (intercept)",
                 "b1 (slope)", b0s, b1s + [top], legend="upper left")
    for k, (path, name) in enumerate(zip(paths, names)):
        end = path[-1]
        away = ((end[0] - optimum[0]) ** 2 + (end[1] - optimum[1]) ** 2) ** 0.5
        label = "%s: %.4f away at the end" % (name, away)
        if k == 0:                       # the fixed rate: a cloud about the optimum
            fig.points([p[0] for p in path[1:]], [p[1] for p in path[1:]], COLOURS[0], label)
        else:
            fig.line([p[0] for p in path], [p[1] for p in path], COLOURS[k], label,
                     dash=DASHES[k - 1])
            fig.points([p[0] for p in path[1:]], [p[1] for p in path[1:]], COLOURS[k], r=2)
    fig.points([0.0], [0.0], GREY, r=4)
    fig.text(0.0, 0.0, "start", GREY, "start", dx=7, dy=4)
    fig.points([optimum[0]], [optimum[1]], "#000000", "optimum (%s, %s), Newton's"
               % (num(optimum[0]), num(optimum[1])), r=5)
    return fig.svg(width, height)


def newton_plot(f, df, starts, lo, hi, steps=4, name="f(x)", xlabel="x", ylabel="f(x)",
                title="Newton's method as tangent steps", width=None, height=None):
    """Draw Newton's root finding on f as tangent steps, from each of ``starts``.

    From the point (x_n, f(x_n)) of the curve, the tangent (slope f'(x_n))
    meets 0 at x_{n+1} = x_n - f(x_n) / f'(x_n): eq. (20) in one dimension,
    f being the gradient and f' the Hessian (lecture 000's Newton-Raphson
    step, its equations 25 and 26). Each step is drawn as that tangent, then
    a dotted line from 0 to the curve at x_{n+1}; the iterates are named x0,
    x1, ... on the axis (one name for several that fall together) and listed
    in the legend. A path stops at its first iterate outside [lo, hi]: the
    tangent runs to the frame, marked with that iterate, and the legend says
    "(off the plot)". A start outside [lo, hi], or a flat tangent
    (f'(x_n) = 0: it meets 0 nowhere), raises ``DataError``.

    Lecture 000's third limitation: from x0 = 1, f(x) = x^3 - 5x oscillates;
    the walkthrough's overshoot (section 9): the loss of the labels 1 and 0
    on a column of ones has the gradient 2 sigma(b) - 1 and the Hessian
    2 sigma(b)(1 - sigma(b)), and from b = 3 the undamped step goes to -7.02,
    then to 551:

    >>> from minilogit.svg import texts
    >>> cubic = newton_plot(lambda x: x ** 3 - 5 * x, lambda x: 3 * x ** 2 - 5, [1.0], -3, 3)
    >>> [t for t in texts(cubic) if t.startswith("Newton from")]
    ['Newton from x0 = 1: 1 → -1 → 1 → -1 → 1']
    >>> pair = newton_plot(lambda b: 2 * sigmoid(b) - 1, lambda b: 2 * sigmoid(b) * sigmoid(-b),
    ...                    [3.0], -9, 5, steps=2)
    >>> [t for t in texts(pair) if "→" in t]             # the mark at the frame, the legend
    ['x2 = 551.19 →', 'Newton from x0 = 3: 3 → -7.02 → 551.19 (off the plot)']
    """
    if not (callable(f) and callable(df)):
        raise DataError("newton_plot needs f and its derivative df as functions of x")
    lo, hi = _interval(lo, hi, "newton_plot")
    starts = check_numbers([starts] if isinstance(starts, (int, float)) else starts, "starts")
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
        raise DataError("steps must be a whole number >= 1, got %r" % (steps,))

    def value(fn, x, what):
        return as_float(fn(x), "%s at x = %s" % (what, num(x)))
    paths = []
    for x in starts:
        if not lo <= x <= hi:
            raise DataError("the start %s is outside [lo, hi] = [%s, %s]" % (num(x), num(lo),
                                                                             num(hi)))
        xs = [x]
        while len(xs) <= steps and lo <= xs[-1] <= hi:
            x = xs[-1]
            slope = value(df, x, "df")
            if slope == 0:
                raise DataError("newton_plot: f'(%s) = 0: the tangent is flat and meets 0 "
                                "nowhere, so the step x - f(x) / f'(x) divides by zero" % num(x))
            xs.append(x - value(f, x, "f") / slope)    # eq. (20) in one dimension
        paths.append(xs)
    grid = linspace(lo, hi, 201)
    curve = [value(f, x, "f") for x in grid]
    top = max(curve + [0.0]) + 0.25 * (max(curve + [0.0]) - min(curve + [0.0]))
    fig = Figure(title, xlabel, ylabel, grid, curve + [0.0, top],
                 legend="upper left")     # room for the legend above the curve
    fig.line(list(fig.xlim), [0.0, 0.0], GREY, None, width=1)          # f = 0
    fig.line(grid, curve, COLOURS[0], name)
    for k, xs in enumerate(paths):
        colour = COLOURS[(k + 1) % len(COLOURS)]
        inside = [x for x in xs if lo <= x <= hi]
        route = " → ".join(num(x) for x in xs)
        label = "Newton from x0 = %s: %s" % (num(xs[0]), route)
        if len(inside) < len(xs):
            label += " (off the plot)"
        for n in range(len(xs) - 1):
            x, x_next = xs[n], xs[n + 1]
            fx, slope = value(f, x, "f"), value(df, x, "df")
            end = min(max(x_next, fig.xlim[0]), fig.xlim[1])   # at the frame, if it leaves
            fig.line([x, end], [fx, fx + slope * (end - x)], colour,
                     label if n == 0 else None)                   # the tangent at x_n
            if x_next in inside:
                fig.line([x_next, x_next], [0.0, value(f, x_next, "f")], colour, None,
                         dash="2 3", width=1)
            else:
                right = x_next > hi
                fig.text(end, fx + slope * (end - x),
                         ("x%d = %s →" if right else "← x%d = %s") % (n + 1, num(x_next)),
                         colour, "end" if right else "start", dx=-4 if right else 4, dy=-6)
        fig.points(inside, [value(f, x, "f") for x in inside], colour, r=3.5)
        fig.points(inside, [0.0] * len(inside), colour, r=2.5)
        _name_iterates(fig, f, inside, colour)
    return fig.svg(width, height)


def _name_iterates(fig, f, xs, colour):
    """Write x0, x1, ... on the axis f = 0 at the iterates xs, one label for those
    that fall within 12 pixels of each other, on the side away from the curve."""
    groups = []                          # [[pixel column, [n, ...], x]]
    for n, x in enumerate(xs):
        for g in groups:
            if abs(fig.px(x) - g[0]) < 12:
                g[1].append(n)
                break
        else:
            groups.append([fig.px(x), [n], x])
    for _, ns, x in groups:
        below = f(x) >= 0                # the curve above the axis: the name below it
        fig.text(x, 0.0, ", ".join("x%d" % n for n in ns), colour, dy=15 if below else -7)


def links_plot(lo=-4.0, hi=4.0, width=None, height=None):
    """Draw P(y = 1) against the score eta for the three inverse links of eq. (39):
    logit sigma(eta), probit Phi(eta) and cloglog 1 - exp(-e^eta)
    (``minilogit.glm.links``), each the chance that a noise lifts the score
    above 0. The logistic and normal noises are symmetric, so their curves
    pass through 1/2 at eta = 0; the Gumbel noise is skewed, and there its
    curve is at 1 - 1/e.

    >>> from minilogit.svg import texts
    >>> [t for t in texts(links_plot()) if t.startswith(("logit", "probit", "cloglog", "at"))]
    ['logit: σ(η), logistic noise', 'probit: Φ(η), normal noise', 'cloglog: 1 − exp(−e^η), Gumbel noise', 'at η = 0: 0.5, 0.5 and 0.632']
    """
    lo, hi = _interval(lo, hi, "links_plot")
    eta = linspace(lo, hi, 161)
    fig = Figure("Three inverse links: P(y = 1) from the score", "score η = xᵀβ", "P(y = 1)",
                 eta, [0.0, 1.0], legend="upper left")
    fig.line([lo, hi], [0.5, 0.5], GREY, None, dash="4 4", width=1)
    at_zero = []
    for k, (link, label) in enumerate((("logit", "logit: σ(η), logistic noise"),
                                       ("probit", "probit: Φ(η), normal noise"),
                                       ("cloglog", "cloglog: 1 − exp(−e^η), Gumbel noise"))):
        g = get_link(link)
        fig.line(eta, [g.inverse(e) for e in eta], COLOURS[k], label,
                 dash=DASHES[k])         # eq. (39): P(y = 1) = 1 - F(-eta)
        at_zero.append(g.inverse(0.0))
    if lo <= 0.0 <= hi:
        fig.points([0.0] * 3, at_zero, "#000000", "at η = 0: %s, %s and %s"
                   % tuple("%.3g" % p for p in at_zero), r=3.5)
    return fig.svg(width, height)


def _name(label, class_names):
    """A class in a legend: its name in ``class_names`` ({label: name}), else its label."""
    if class_names is None:
        return str(label)
    if not hasattr(class_names, "items"):
        raise DataError("class_names must be a dict {label: name}, got %r" % (class_names,))
    return str(class_names[label]) if label in class_names else str(label)


def fit_plot(model, data, width=None, height=None):
    """The SVG for --svg: the loss history (of a converged fit: L - L_min, its
    distance from the final loss), beside it the decision boundary if drawable.

    The boundary is drawn for a binary model (logistic regression, or a
    binomial GLM: the line where its mean is 1/2) on exactly two features.
    Two pictures are placed side by side in one SVG of twice the width.

    >>> from minilogit import LogisticRegression
    >>> from minilogit.datasets import Dataset
    >>> data = Dataset([[0.0, 1.0], [1.0, 0.0], [2.0, 2.0], [3.0, 1.0]], [0, 1, 0, 1], ["a", "b"], "y")
    >>> svg = fit_plot(LogisticRegression(penalty="l2").fit(data.data, data.target), data)
    >>> svg.startswith("<svg"), 'width="1280"' in svg, "loss − optimum" in svg
    (True, True, True)
    """
    model._check_fitted()
    if isinstance(model, LeastSquaresClassifier):     # solved in one step: no loss history
        raise DataError("fit_plot draws the loss history of an iterative fit; a "
                        "LeastSquaresClassifier is solved in one step and has none")
    history = model.history_
    optimum = None
    # converged: L - L_min, so that Newton's quadratic convergence shows as a falling
    # curve (the raw loss flattens at once); and when the loss reaches 0 (a gaussian
    # GLM's perfect fit), which a log scale cannot show
    if getattr(model, "converged_", False) or min(history) <= 0:
        optimum = min(history)
    svgs = [loss_history_plot([(model.solver, history)], optimum=optimum)]
    binary = (getattr(model, "family", "binomial") == "binomial"   # K classes: no one line
              and not isinstance(model, SoftmaxRegression))
    if binary and len(data.feature_names) == 2:
        t = 0.0                      # the log-odds at p = 1/2
        if isinstance(model, GLM):
            t = family_and_link(model.family, model.link)[1].link(0.5)
        svgs.append(decision_boundary_plot(model, data.data, data.target, threshold=t,
                                           feature_names=data.feature_names))
    return side_by_side(svgs, width, height)


def side_by_side(svgs, width=None, height=None):
    """One SVG holding the given pictures of this module in a row, each at its natural
    size, the whole drawn at ``width`` x ``height`` (default: the sum of the widths;
    one picture alone is itself).

    Each keeps its own clip path, renamed so that the ids stay unique.

    >>> svg = side_by_side([sigmoid_plot(), sigmoid_plot(width=100)], width=800)
    >>> svg.count("<svg"), 'width="800" height="250"' in svg, 'id="area1"' in svg
    (3, True, True)
    """
    return _arrange(svgs, width, height, True)


def one_above_another(svgs, width=None, height=None):
    """One SVG holding the given pictures of this module in a column, each at its
    natural size, the whole drawn at ``width`` x ``height`` (default: the sum of the
    heights; one picture alone is itself). Their frames line up.

    >>> svg = one_above_another([sigmoid_plot(), sigmoid_plot()], width=320)
    >>> svg.count("<svg"), 'width="320" height="400"' in svg, 'y="400"' in svg
    (3, True, True)
    """
    return _arrange(svgs, width, height, False)


def _arrange(svgs, width, height, across):
    """side_by_side (across) or one_above_another (not across)."""
    if len(svgs) == 1:                   # one picture: itself, at the size asked
        return picture(svg_tag(W, H, width, height, FONT) + svgs[0][svgs[0].index(">") + 1:])
    parts = []
    for k in range(len(svgs)):
        svg = svgs[k].replace('id="area"', 'id="area%d"' % k)
        svg = svg.replace("url(#area)", "url(#area%d)" % k)
        where = 'x="%d" ' % (k * W) if across else 'y="%d" ' % (k * H)
        tag = svg_tag(W, H, more=FONT).replace("<svg ", "<svg " + where)
        tag = tag.replace(STYLE, "")        # a part inside the whole is drawn, not laid out
        parts.append(tag + svg[svg.index(">") + 1:])          # at the natural size
    w, h = (W * len(svgs), H) if across else (W, H * len(svgs))
    return picture(svg_tag(w, h, width, height) + "\n%s</svg>\n" % "".join(parts))
